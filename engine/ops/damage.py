"""Effect primitives of damage and life (CR 120, 119) and prevention shields (615)."""
from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Any

from engine import player_statics, replacement, triggers
from engine.actions import add_effect, deal_damage_batch, gain_life, lose_life, until_of
from engine.cards.abilities import Effect
from engine.filters import matches
from engine.ops.base import ask_cards, table
from engine.values import Ctx, amount, amount_for, bind_refs, controller, names_that_player, refs, source_id, this

if TYPE_CHECKING:
    from engine.game import Game

OPS, op = table()


def _src(g: "Game", r: Ctx) -> int:
    sid = source_id(g, r)
    if sid is None:
        # look-back (608.2h): the last known object stays usable as a damage source
        s = this(g, r)
        return s.id
    return sid



@op("damage")
def _damage(g: "Game", r: Ctx, e: Effect) -> dict | None:
    src = _src(g, r)
    srcs: list[int] = []
    if e.get("source") not in (None, "self"):
        srcs = [x for x in refs(g, r, e.args["source"]) if isinstance(x, int)]
        if not srcs:
            return None
        src = srcs[0]
    s = this(g, r)
    # several sources of one target slot ("up to two target creatures you control each deal damage equal to their
    # power", Band Together) are each a source of their own, as "each Dragon you control" is
    each = isinstance(e.get("source"), dict) and ("each" in e.args["source"] or len(srcs) > 1)
    itself = each and e.args["to"] == e.args["source"]
    targets = [] if itself else refs(g, r, e.args["to"])
    if each:
        # "Each Dragon you control deals damage equal to its power to target player" (Sarkhan the Mad), "each Dragon
        # you control deals 1 damage to that creature": each is a source of its own (119.1), its power its own; all
        # the damage dealt at once (one batch, 608.2c); "deals damage to itself" each to itself
        per = e.args["amount"]
        own = isinstance(per, dict) and len(per) == 1 and next(iter(per)) in ("power_of", "toughness_of") \
            and per[next(iter(per))] == e.args["source"]
        n = 0 if own else amount(g, per, source_id(g, r), r)
        hits = [(x, t, max(0, (g.chars(x).power if "power_of" in per else g.chars(x).toughness) or 0) if own else n)
                for x in srcs if x in g.objects for t in ([x] if itself else targets)]
    elif e.get("divided") and s.divide:
        hits = [(src, t, s.divide.get(t, 0)) for t in targets]
    elif names_that_player(e.args["amount"]):  # "... to each player equal to the number of lands they control"
        hits = [(src, t, amount_for(g, e.args["amount"], source_id(g, r), r, t)) for t in targets if isinstance(t, str)]
    else:
        n = amount(g, e.args["amount"], source_id(g, r), r)
        hits = [(src, t, n) for t in targets]
        if e.get("also"):  # "SELF deals 2 damage to each attacking creature and 1 damage to you and each creature you
            # control" (Hail Storm), "... and an additional 1 damage to each green creature" (Kaervek's Hex): every
            # part dealt at once (120.2, 608.2c), an object or player named by two parts dealt their sum
            total: dict[Any, int] = {t: n for t in targets}
            for part in e.args["also"]:
                k = amount(g, part["amount"], source_id(g, r), r)
                for t in refs(g, r, part["to"]):
                    total[t] = total.get(t, 0) + k
            hits = [(src, t, k) for t, k in total.items()]
    hits, wait = _redirect_to_planeswalker(g, r, hits)
    if wait is not None:
        return wait
    if e.get("excess_instead_to") == "controller":  # "excess damage is dealt to that creature's controller
        hits = _excess_to_controller(g, hits)        # instead" (a later rule, 2020: damage beyond lethal)
    targets = [t for _, t, _ in hits]
    marks = {t: (g.objects[t].damage, dict(g.objects[t].counters)) for t in targets if isinstance(t, int)
             and t in g.objects}
    lives = {t: (g.players[t].life, g.players[t].poison) for t in targets if isinstance(t, str) and t in g.players}
    done = deal_damage_batch(g, hits, unpreventable=bool(e.get("unpreventable")))  # 615.11
    # "you gain life equal to the damage dealt this way", "the excess damage dealt this way": the totals
    r["dealt_total"] = r.get("dealt_total", 0) + sum(n for n, _ in done)
    r["excess_total"] = r.get("excess_total", 0) + sum(x for _, x in done)
    # which objects were dealt damage "this way" (for a following "if ... is dealt damage this way")
    r.setdefault("dealt", [])
    # and which players ("each player dealt damage this way gets an emblem ...": 120.3a, life lost or poison)
    r["dealt_players"] = list(r.get("dealt_players", ())) + [
        t for t, m in lives.items() if (g.players[t].life, g.players[t].poison) != m]
    hit = [t for t, m in marks.items() if t in g.objects and (g.objects[t].damage, g.objects[t].counters) != m]
    r["dealt"] += hit
    if e.get("exile_if_dies") and hit:  # 614.1a: "if it would die this turn, exile it instead"
        add_effect(g, "exile_if_dies", hit, r, "eot", name=s.card.name)
    if e.get("no_regen"):  # 701.12b: "a creature dealt damage this way can't be regenerated this turn" (the
        # creatures dealt damage), "if it's a creature, it can't be regenerated this turn" (each one it names)
        objs = [t for t in (hit if e.get("no_regen") == "dealt" else targets) if isinstance(t, int) and t in g.objects
                and g.objects[t].zone == "battlefield" and "Creature" in g.chars(t).types]
        if objs:
            add_effect(g, "rule", objs, r, "eot", rule="cant_be_regenerated")
    return None



def _excess_to_controller(g: "Game", hits: list[tuple[Any, Any, int]]) -> list[tuple[Any, Any, int]]:
    """The damage to a creature beyond lethal damage (702.2c: 1 from a source with deathtouch) is
    dealt to its controller instead, at the same time (a later rule, 2020: excess damage)."""
    out: list[tuple[Any, Any, int]] = []
    for src, t, n in hits:
        if isinstance(t, int) and t in g.objects and "Creature" in g.chars(t).types:
            tc = g.chars(t)
            need = max(0, tc.toughness - g.objects[t].damage)
            if src in g.objects and "Deathtouch" in g.chars(src).keywords:
                need = min(need, 1)
            if n > need and tc.controller in g.players:
                out += [(src, t, need), (src, tc.controller, n - need)]
                continue
        out.append((src, t, n))
    return out


def _redirect_to_planeswalker(g: "Game", r: Ctx, hits: list[tuple[Any, Any, int]]) -> tuple[list, dict | None]:
    """306.7 (2016): noncombat damage that a source would deal to a player who controls a
    planeswalker may be dealt to one of that player's planeswalkers instead, as the source's
    controller (an opponent of that player) chooses when the damage would be dealt."""
    out = []
    for k, (src, t, n) in enumerate(hits):
        ctl = g.controller_of(src) if src in g.objects else this(g, r).controller
        walkers = [i for i in g.battlefield if isinstance(t, str) and n > 0 and ctl is not None and ctl != t
                   and g.chars(i).controller == t and "Planeswalker" in g.chars(i).types]
        if walkers:
            key = f"{r['i']}.redirect.{k}"
            got = r["answers"].get(key)
            names = {g.objects[i].card.name: i for i in walkers}
            if got is None:
                return hits, {"kind": "choose_option", "player": ctl, "options": [t, *names], "slot": key,
                              "prompt": f"deal {n} damage to {t} or redirect it to a planeswalker {t} controls (306.7)"}
            t = names.get(got, t)
        out.append((src, t, n))
    return out, None


@op("gain_life")
def _gain(g: "Game", r: Ctx, e: Effect) -> None:
    ps = [p for p in refs(g, r, e.get("who", "you")) if isinstance(p, str)]
    if e.get("who", "you") != "you" and names_that_player(e.get("amount", 1)):  # "that player gains 2 life for
        # each creature they control": each gainer's own count ("you gain life equal to that player's ...": that
        # player is another, the trigger's)
        got = {p: replacement.life_gain(g, p, amount_for(g, e.args["amount"], source_id(g, r), r, p))
               for p in ps}  # (608.2c)
    else:
        n = amount(g, e.get("amount", 1), source_id(g, r), r)
        got = {p: replacement.life_gain(g, p, n) for p in ps}  # 616.1: each player's order, asked first
    for p in ps:
        gain_life(g, p, got[p], replaced=True)



@op("lose_life")
def _lose(g: "Game", r: Ctx, e: Effect) -> None:
    each = names_that_player(e.get("amount", 1))  # "each opponent loses 1 life for each creature they control"
    n = 0 if each else amount(g, e.get("amount", 1), source_id(g, r), r)
    none_of = e.get("unless_controls")  # "each opponent who doesn't control an Elf" (608.2c: as it resolves)
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str):
            if none_of is not None and any(g.controller_of(i) == p and matches(g, i, none_of, source_id(g, r), p)
                                           for i in g.battlefield):
                continue
            if each:
                n = amount_for(g, e.args["amount"], source_id(g, r), r, p)
            lose_life(g, p, n)
            r["lost"] = r.get("lost", 0) + max(n, 0)  # "that much life": the total lost this way (extort, 702.100a)



@op("fight")
def _fight(g: "Game", r: Ctx, e: Effect) -> None:
    """701.10a: each deals damage equal to its power to the other; "whenever a creature you control fights" triggers
    for each one that fought (both on the battlefield, 701.10b)."""
    a = [x for x in refs(g, r, e.args["a"]) if isinstance(x, int)]
    b = [x for x in refs(g, r, e.args["b"]) if isinstance(x, int)]
    if a and b:
        if all(x in g.objects and g.objects[x].zone == "battlefield" for x in (a[0], b[0])):
            for x in dict.fromkeys((a[0], b[0])):
                triggers.event(g, {"event": "fights", "obj": x, "player": g.controller_of(x)})
        deal_damage_batch(g, [(a[0], b[0], g.chars(a[0]).power), (b[0], a[0], g.chars(b[0]).power)])



@op("set_life")
def _set_life(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """118.5: a player's life total becomes N: they gain or lose the difference; N may be counted for each
    player ("the number of creatures they control", amount_for). 810.9d: in Two-Headed Giant, when it would
    set the life total of each player of a team, the team chooses one of them and only that player is
    affected (asked of the team's first player in turn order)."""
    who = [p for p in refs(g, r, e.args.get("who", "you")) if isinstance(p, str)]
    if g.variant == "two_headed_giant":
        for team in g.teams:
            mine = [p for p in who if p in team]
            if len(mine) < 2:
                continue
            slot = f"{r['i']}.team.{team[0]}"
            got = r["answers"].get(slot)
            if got is None:
                return {"kind": "choose_option", "player": mine[0], "options": mine, "slot": slot,
                        "prompt": "810.9d: the team member whose life total is set"}
            who = [p for p in who if p not in mine or p == got]
    per = names_that_player(e.args["amount"])
    n = 0 if per else amount(g, e.args["amount"], source_id(g, r), r)
    for p in who:
        if per:
            n = amount_for(g, e.args["amount"], source_id(g, r), r, p)
        _life_becomes(g, p, n)
    return None


def _life_becomes(g: "Game", player: str, n: int) -> None:
    """118.5: a player whose life total becomes N gains or loses the life needed to get there."""
    d = n - g.players[player].life
    if d > 0:
        gain_life(g, player, d)
    elif d < 0:
        lose_life(g, player, -d)



@op("prevent")
def _prevent_op(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """615: a prevention shield. "The next time a source of your choice would deal damage to
    ... this turn, prevent that damage" (615.8): the controller chooses the source as it
    resolves (609.7a: a permanent or a spell), and the shield prevents that one instance."""
    to = [x for x in refs(g, r, e.args["to"])] if e.get("to") else None
    by = [x for x in refs(g, r, e.args["by"])] if e.get("by") else None
    if e.get("from_chosen_source"):
        got = r["answers"].get(r["i"])
        if got is None:
            srcs = list(g.battlefield) + [i for i in g.stack if g.objects[i].ability is None]
            if e.get("source_filter") is not None:  # "a red source of your choice" (Circle of Protection: Red)
                f = {**e.args["source_filter"], "zone": "any_card"}
                srcs = [i for i in srcs if matches(g, i, f, source_id(g, r), controller(g, r))]
            if not srcs:
                return None
            return ask_cards(r, controller(g, r), srcs, 1, 1, f"{this(g, r).card.name}: choose a source")
        by = list(got)
    n = amount(g, e.args["amount"], source_id(g, r), r) if e.get("amount") is not None else None
    if e.get("divided") and this(g, r).divide and to is not None:  # "... to any number of targets, divided as you
        # choose" (Remedy): a shield of its own part for each target (601.2d, 615.7)
        for t in to:
            part = this(g, r).divide.get(t, 0)
            if part > 0:
                add_effect(g, "prevent", [], r, until_of(e), to=[t], by=None, amount=part, combat=False,
                           name=this(g, r).card.name, rider=None, once=False)
        return None
    extra = {}
    if e.get("by_each") is not None:  # "... dealt this turn by creatures target opponent controls": the
        # group's references read now (608.2c), its members as the damage would be dealt (615.1a)
        extra["by_filter"] = bind_refs(g, r, e.args["by_each"])
    if e.get("to_filter") is not None:  # "... dealt this turn to creatures you control": matched as dealt (615.1a)
        extra["to_filter"] = bind_refs(g, r, e.args["to_filter"])
    if e.get("to_players") is not None:  # "... dealt to players this turn" / "to you ... by attacking creatures"
        extra["to_players"] = e.args["to_players"]
    rider = e.get("rider")
    if rider and "damage_to" in rider:  # "If damage is prevented this way, SELF deals that much damage to any target":
        # the recipient read now (608.2b: a target), the source the card itself, wherever it is then (615.5)
        whom = rider["damage_to"]
        rider = {**rider, "damage_to": whom if whom == "source_controller" else refs(g, r, whom), "uid": this(g, r).uid,
                 "from": source_id(g, r) if this(g, r).ability is not None else None}
    add_effect(g, "prevent", [], r, until_of(e), to=to, by=by, amount=n, combat=bool(e.get("combat")),
            name=this(g, r).card.name, rider=rider, once=bool(e.get("next")), **extra)
    return None


@op("redirect")
def _redirect_op(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """614.9: a redirection effect until the duration ends: damage that would be dealt to what ``to`` /
    ``to_players`` / ``to_filter`` name (by what ``by`` names, or a source chosen as it resolves, 609.7a) is
    dealt to ``into`` instead; "the next N damage" (``amount``) only so much (engine/redirect.py). The new
    recipient ("a creature or planeswalker you control of your choice") is chosen as it resolves (608.2d)."""
    # "that damage is dealt to that source's controller instead": whoever controls the source as it is dealt
    into = ["source_controller"] if e.args["into"] == "source_controller" else [x for x in refs(g, r, e.args["into"])]
    if not into:
        return None  # nothing to redirect to (608.2b): the effect does nothing
    by = [x for x in refs(g, r, e.args["by"])] if e.get("by") else None
    if e.get("from_chosen_source"):
        got = r["answers"].get(r["i"])
        if got is None:
            srcs = list(g.battlefield) + [i for i in g.stack if g.objects[i].ability is None]
            if not srcs:
                return None
            return ask_cards(r, controller(g, r), srcs, 1, 1, f"{this(g, r).card.name}: choose a source")
        by = list(got)
    extra: dict[str, Any] = {}
    if e.get("to"):
        extra["to"] = [x for x in refs(g, r, e.args["to"])]
        if not extra["to"]:
            return None
    if e.get("to_filter") is not None:  # "to you and permanents you control": matched as the damage is dealt
        extra["to_filter"] = bind_refs(g, r, e.args["to_filter"])
    if e.get("to_players") is not None:
        extra["to_players"] = e.args["to_players"]
    if e.get("by_filter") is not None:  # "by unblocked creatures": matched as the damage would be dealt
        extra["by_filter"] = bind_refs(g, r, e.args["by_filter"])
    if e.get("amount") is not None:  # "the next X damage": X as it resolves (107.3a)
        extra["amount"] = max(0, amount(g, e.args["amount"], source_id(g, r), r))
    if e.get("next"):  # "the next time ... would deal damage": one damage event, then used up (615.8-like)
        extra["next"] = True
    if e.get("to_any"):  # "the next time a source of your choice would deal damage this turn": to anything
        extra["to_any"] = True
    add_effect(g, "redirect", [], r, until_of(e), into=into[0], by=by, combat=bool(e.get("combat")),
               name=this(g, r).card.name, **extra)
    return None


def redistributions(g: "Game") -> list[dict[str, int]]:
    """The ways "Redistribute any number of players' life totals" (Reverse the Sands) may end: each
    player still in the game either keeps their life total or gets one of the others' back, each
    total going to one player. Only the players whose life total changes are named; the first way
    changes nothing. 810.9f: in Two-Headed Giant no more than one member of each team may be
    affected. 118.7-118.8: a player who can't gain (lose) life can't get a higher (lower) one."""
    ps = [p for p in g.order if p not in g.gone and not g.players[p].lost]
    life = [g.players[p].life for p in ps]
    out: list[dict[str, int]] = [{}]
    seen: set[tuple[tuple[str, int], ...]] = {()}
    for perm in permutations(range(len(ps))):
        new = {ps[i]: life[j] for i, j in enumerate(perm) if life[j] != life[i]}
        key = tuple(sorted(new.items()))
        if key in seen:
            continue
        seen.add(key)
        if g.variant == "two_headed_giant" and any(len([p for p in new if p in t]) > 1 for t in g.teams):
            continue  # 810.9f
        if any(v > g.players[p].life and player_statics.cant_gain_life(g, p)
               or v < g.players[p].life and player_statics.cant_lose_life(g, p) for p, v in new.items()):
            continue  # 118.7, 118.8
        out.append(new)
    return out


def _ways(new: dict[str, int]) -> str:
    return ", ".join(f"{p} {v}" for p, v in sorted(new.items())) or "no change"


@op("redistribute_life")
def _redistribute_life(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """"Redistribute any number of players' life totals" (Reverse the Sands): the controller chooses
    which players get which of those life totals back (one each, 608.2d); each gains or loses the
    difference (118.5)."""
    got = r["answers"].get(r["i"])
    ways = redistributions(g)
    if got is None:
        if len(ways) == 1:
            return None
        return {"kind": "choose_option", "player": controller(g, r), "options": [_ways(w) for w in ways],
                "slot": r["i"], "prompt": f"{this(g, r).card.name}: who gets which life total"}
    new = next((w for w in ways if _ways(w) == got), {})
    for p, v in new.items():
        _life_becomes(g, p, v)
    return None
