"""Costs beyond mana (CR 117, 118), additional costs of spells (601.2b, 601.2f) and the
total cost of a spell with its increases and reductions (601.2f).

A cost part that names objects ("Sacrifice a creature", "Discard a card", "Exile a
creature card from your graveyard", "Tap an untapped creature you control", "Return a
land you control to its owner's hand") is chosen while the cost is paid (601.2h,
602.2b). The cast or activate answer may carry the choice under the part's name
(``"sacrifice": [id, ...]``); otherwise the game asks with a ``choose_cards`` decision
whose options are the legal choices. The continuation lives in that decision's data,
so a game stays plain data while it waits. A cost part that cannot be paid keeps the
spell or ability from being cast or activated at all (118.3, 601.2h).
"""
from __future__ import annotations

from collections.abc import Iterator
from itertools import chain, islice
from typing import TYPE_CHECKING, Any

from engine import knowledge, player_statics, replacement, triggers, zones_cast
from engine.actions import discard, gain_life, lose_life, sacrifice
from engine.cards.abilities import Ability, CardDef, Cost
from engine.decision_kinds import answer_cards
from engine.errors import IllegalAction
from engine.filters import eq_value, matches, unknown_keys
from engine.layers import counters_allowed
from engine.mana import mana_value, unpayable
from engine.memo import per_object
from engine.payment import chosen_parts
from engine.state import works_from_command
from engine.tapping import tap
from engine.values import condition

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj

_VERB = {"sacrifice": "sacrifice", "discard": "discard", "exile_from_graveyard": "exile from your graveyard",
         "exile_from_hand": "exile from your hand",
         "tap_others": "tap", "return_to_hand": "return to its owner's hand", "exile_permanent": "exile",
         "linked_to_graveyard": "put into its owner's graveyard",
         "process": "put from exile into its owner's graveyard", "reveal": "reveal (or none)",
         "remove_counter_from": "remove a counter from", "reveal_hand": "reveal from your hand",
         "behold": "behold (a permanent you control or a card in your hand)",
         "blight": "put -1/-1 counters on (blight)", "hand_to_library": "put on top of your library",
         "craft": "exile (craft: permanents you control and/or cards in your graveyard)"}


# ------------------------------------------------------------------ the parts of a cost
def _how_many(f: dict[str, Any], n: int) -> str:
    if f.get("or_more"):
        return f"choose {n} or more"
    if "total_mv" in f:
        return f"choose any number with total mana value {f['total_mv']} or more"
    return f"choose any number with total power {f['total_power']} or more" if "total_power" in f else f"choose {n}"


#: the parts chosen by a total rather than a number: crew and saddle's "total power N or more" (later keywords),
#: collect evidence's "cards from your graveyard with total mana value N or greater" (a later keyword action,
#: Murders at Karlov Manor; its N counted with 202.3's mana value)
TOTALS = ("total_power", "total_mv")


def cost_problems(cost: Cost, announced: bool = False) -> list[str]:
    """Why this engine cannot pay a cost as written ([] when it can). ``announced``: the cost is
    an activated ability's, whose activator announces X (602.2b, 601.2b): a part may take its number
    from X ("Remove X +1/+1 counters", "Pay X life", "Tap X untapped creatures", "Exile X cards from
    your graveyard"), and a filter may compare with X by "_eq" ("Discard a card with mana value X")."""
    out = []
    if cost.life < 0 and not announced:
        out.append("cost: pay X life")
    if cost.remove_counters and cost.remove_counters[1] < 1 and not announced:  # "Remove X counters"
        out.append("cost: remove a variable number of counters")
    if unpayable(cost.mana):
        out.append(f"cost: mana symbols {list(cost.mana)}")
    if cost.change and (not announced or "X" in cost.mana):
        out.append("cost: a change of a cost other than an activated ability's")  # (mana abilities: 605.3a)
    for part, f, n in chosen_parts(cost):
        if n < 1 and not (part == "tap_others" and "total_power" in f) \
                and not (part == "exile_from_graveyard" and "total_mv" in f) and not announced:
            out.append(f"cost: {part} a variable number")
        f = {k: v for k, v in f.items() if k not in TOTALS and k not in ("optional", "blight", "or_more")
             and not (part == "discard" and k == "random") and not (part == "behold" and k == "exile")
             and not (part == "sacrifice" and k == "one_of_each")}  # "a Swamp and a Forest": one of each (_one_each)
        bad = unknown_keys(f)
        if bad:
            out.append(f"cost filter keys {sorted(bad)}")
        if _has_x(f) and not (announced and _x_keys(f) and not _has_x({k: v for k, v in f.items()
                                                                         if k not in _x_keys(f)})):
            out.append(f"cost: {part} with X in its filter")
    return out


#: The characteristics a cost filter may compare with an announced X ("with mana value X").
_X_EQ = ("mv_eq", "power_eq", "toughness_eq")


def _x_keys(f: dict[str, Any]) -> list[str]:
    """The "_eq" keys of a filter that compare with X ({"x": true})."""
    return [k for k in _X_EQ if isinstance(f.get(k), dict) and f[k].get("x")]


def fix_x(f: dict[str, Any], x: int) -> dict[str, Any]:
    """A cost filter with the announced X in place of {"x": true} (107.3a, 602.2b)."""
    keys = _x_keys(f)
    return {**f, **{k: x for k in keys}} if keys else f


def _x_count(f: dict[str, Any], n: int) -> bool:
    """Is a chosen part's number X ("Tap X untapped creatures": -1; crew's "any number" is not)?"""
    return n < 0 and not any(k in f for k in TOTALS)


@per_object
def variable(cost: Cost) -> bool:
    """Does a part of this cost other than its mana take X (107.3: "Remove X +1/+1 counters from SELF",
    "Pay X life", "Tap X untapped creatures you control", "Exile X cards from your graveyard", "a card
    with mana value X")? Its activator announces X (602.2b, 601.2b)."""
    return cost.life < 0 or bool(cost.remove_counters and cost.remove_counters[1] < 0) \
        or any(_x_count(f, n) or _x_keys(f) for _, f, n in chosen_parts(cost))


def x_filtered(cost: Cost) -> bool:
    """Does X enter this cost only through a filter's characteristic ("a red card with mana value X", 107.3a), never
    as a number of objects, life or counters? Such an alternative cost is paid with the X announced for the spell
    (601.2b: Blazing Shoal's X is the exiled card's mana value)."""
    parts = chosen_parts(cost)
    return cost.life >= 0 and not (cost.remove_counters and cost.remove_counters[1] < 0) \
        and any(_x_keys(f) for _, f, _ in parts) and not any(_x_count(f, n) for _, f, n in parts)


def x_max(g: "Game", player: str, cost: Cost, src: int | None) -> int | None:
    """The largest X the parts of a cost that count X could be paid with now (118.3: the life the player
    has, 119.4; the counters on the source; the objects there are to choose); None when no part counts X."""
    out: list[int] = []
    if cost.life < 0:
        out.append(max(0, g.players[player].life) if player_statics.can_pay_life(g, player, 1) else 0)
    if cost.remove_counters and cost.remove_counters[1] < 0:
        o = g.objects.get(src) if src is not None else None
        out.append(o.counters.get(cost.remove_counters[0], 0) if o is not None else 0)
    for part, f, n in chosen_parts(cost):
        if _x_count(f, n):  # a source tapped by {T} is no longer an untapped creature to tap (paid first)
            gone = src if part == "tap_others" and cost.tap else None
            out.append(sum(1 for c in _candidates(g, player, part, f, src) if c != gone))
    return min(out) if out else None


def x_count(n: int, f: dict[str, Any], x: int) -> int:
    """A chosen part's number with the announced X in place (107.3a)."""
    return x if _x_count(f, n) else n


@per_object
def names_x(cost: Cost) -> bool:
    """Does a chosen part of this cost compare with X ("Discard a card with mana value X")?"""
    return any(_x_keys(f) for _, f, _ in chosen_parts(cost))


def x_values(g: "Game", player: str, cost: Cost, src: int | None) -> list[int] | None:
    """The values of X for which every cost part whose filter names X could be paid now (118.3),
    from the cards or objects it could choose ("Discard a card with mana value X": the mana values
    of the cards in the hand); None when no filter of the cost names X."""
    out: set[int] | None = None
    for part, f, n in chosen_parts(cost):
        keys = _x_keys(f)
        if not keys:
            continue
        free = {k: v for k, v in f.items() if k not in keys}
        count: dict[int, int] = {}
        for c in _candidates(g, player, part, free, src):
            vals = {eq_value(g, c, k) for k in keys}
            if len(vals) == 1:  # every X key of the filter agrees on this object
                v = vals.pop()
                count[v] = count.get(v, 0) + 1
        vs = {v for v, k in count.items() if k >= n and v >= 0}
        out = vs if out is None else out & vs
    return None if out is None else sorted(out)


def _has_x(x: Any) -> bool:
    """Does a filter use the value of X ("with mana value X")? It is not known while paying."""
    if isinstance(x, dict):
        return "x" in x or any(_has_x(v) for v in x.values())
    if isinstance(x, (list, tuple)):
        return any(_has_x(v) for v in x)
    return False


def candidates(g: "Game", player: str, part: str, f: dict[str, Any], src: int | None) -> list[int]:
    """The objects or cards ``player`` may choose for one cost part now."""
    return list(_candidates(g, player, part, f, src))


def _candidates(g: "Game", player: str, part: str, f: dict[str, Any], src: int | None) -> Iterator[int]:
    """``candidates`` one by one (whether there are enough is known from the first few)."""
    if part in ("sacrifice", "return_to_hand", "tap_others", "remove_counter_from", "exile_permanent", "blight"):
        # 701.17a: a player sacrifices only permanents they control
        # crew (Kaladesh, later than the 2016 rules; today's crew rule says "any number of other untapped
        # creatures"): sick ones too
        crew = "total_power" in f
        f = {**{k: v for k, v in f.items() if k not in ("total_power", "blight", "one_of_each")}, "controller": "you",
             "zone": "battlefield"}
        # another player's permanent fails the filter's "you control" at once: not asked
        crewing = crew and src is not None and src in g.objects and "Vehicle" in g.chars(src).subtypes
        tapping = part == "tap_others"  # (the cheap tests first: a tapped one, the source, is never matched)
        return (i for i in g.battlefield if not (tapping and g.objects[i].tapped) and not (crew and i == src)
                and g.chars(i).controller == player and matches(g, i, f, src, player)
                # "Enchanted creature can't attack, block, or crew Vehicles" (Revoke Privileges): not tapped to crew
                and not (crewing and any(r.get("rule") == "cant_crew" for r in g.chars(i).rules)))
    if part == "discard":
        f = {k: v for k, v in f.items() if k != "random"}  # "discard a card at random": any card, chosen at random
        return (i for i in g.players[player].hand if not f or matches(g, i, {**f, "zone": "hand"}, src, player))
    if part == "exile_from_graveyard":
        f = {k: v for k, v in f.items() if k not in ("total_mv", "optional")}
        return (i for i in g.players[player].graveyard if matches(g, i, {**f, "zone": "graveyard"}, src, player))
    if part == "hand_to_library":  # "Put a card from your hand on top of your library"
        return iter(list(g.players[player].hand))
    if part == "exile_from_hand":  # "exile a blue card from your hand" (the spell paid for is on the stack)
        return (i for i in g.players[player].hand if matches(g, i, {**f, "zone": "hand"}, src, player))
    if part == "linked_to_graveyard":  # 607.2a, 614.14: the cards exiled with the source, still in exile
        o = g.objects.get(src) if src is not None else None
        return (i for i in (o.chosen.get("exiled", ()) if o is not None else ())
                if i in g.objects and g.objects[i].zone == "exile")
    if part == "behold":  # behold (a later keyword action): a permanent you control or a card in your hand with the
        # quality (the spell cast is on the stack already, 601.2a)
        f = {k: v for k, v in f.items() if k not in ("optional", "exile")}
        return chain((i for i in g.battlefield if matches(g, i, {**f, "controller": "you", "zone": "battlefield"},
                                                          src, player)),
                     (i for i in g.players[player].hand if matches(g, i, {**f, "zone": "hand"}, src, player)))
    if part in ("reveal", "reveal_hand"):  # "(you may) reveal a Dragon card from your hand" (not the spell cast,
        # already on the stack: 601.2a)
        return (i for i in g.players[player].hand if matches(g, i, {**f, "zone": "hand"}, src, player))
    if part == "craft":  # craft (a later keyword, The Lost Caverns of Ixalan, as the rule that added it reads): other
        # permanents you control and cards in your graveyard with the materials' quality (not the source: the same
        # cost exiles it)
        f = {k: v for k, v in f.items() if k != "or_more"}
        return chain((i for i in g.battlefield if i != src and g.chars(i).controller == player
                      and matches(g, i, {**f, "controller": "you", "zone": "battlefield"}, src, player)),
                     (i for i in g.players[player].graveyard if i != src
                      and matches(g, i, {**f, "zone": "graveyard"}, src, player)))
    if part == "process":  # cards in exile that an opponent owns (406.3: exile is public)
        return (i for p in g.opponents(player) for i in g.players[p].exile)
    raise IllegalAction(f"unknown cost part {part}")


def choices_payable(g: "Game", player: str, cost: Cost, src: int | None, exclude: int | None = None) -> bool:
    """118.3: enough objects exist for every chosen part (``exclude``: a card that will not
    be there any more when the cost is paid, such as the spell being cast from the hand)."""
    for part, f, n in chosen_parts(cost):
        if part == "reveal" or f.get("optional"):  # optional: nothing to reveal pays it too (and "you may collect
            continue  # evidence N": collecting none)
        if _x_keys(f):  # X is not announced yet: some X may match (x_values says which)
            f = {k: v for k, v in f.items() if k not in _x_keys(f)}
        # a source tapped by {T} is no longer an untapped creature to tap (paid first)
        gone = src if part == "tap_others" and cost.tap else exclude
        cands = (c for c in _candidates(g, player, part, f, src) if c != gone)
        if "total_power" in f:
            if not _power_reaches(g, cands, f["total_power"]):
                return False
        elif "total_mv" in f:  # collect evidence: the whole graveyard reaches N or it cannot be paid
            if sum(_card_mv(g, c) for c in cands) < f["total_mv"]:
                return False
        elif f.get("one_of_each"):
            if not _one_each(g, f, list(cands), n):
                return False
        elif n > 0 and sum(1 for _ in islice(cands, n)) < n:  # the first n are enough
            return False
    return True


def _power_reaches(g: "Game", cands: Iterator[int], need: int) -> bool:
    """Crew and saddle (later keywords): do these untapped creatures' powers add up to ``need``? The
    first ones that reach it are enough (a negative power adds nothing)."""
    total = 0
    for c in cands:
        if total >= need:
            return True
        total += max(0, crew_power(g, c))
    return total >= need


def _picks_ok(g: "Game", f: dict[str, Any], n: int, cands: list[Any], picks: list[Any], part: str = "") -> bool:
    """The chosen objects pay the part: n distinct candidates, or (crew) distinct candidates whose
    total power is the number asked or more; a reveal, up to n."""
    if len(set(picks)) != len(picks) or any(p not in cands for p in picks):
        return False
    if part == "reveal" or part == "behold" and f.get("optional"):
        return len(picks) <= n
    if "total_power" in f:
        return sum(crew_power(g, p) for p in picks) >= f["total_power"]
    if "total_mv" in f:  # "you may collect evidence N": none, or enough
        return sum(_card_mv(g, p) for p in picks) >= f["total_mv"] or bool(f.get("optional")) and not picks
    if f.get("one_of_each"):
        return len(picks) == n and _one_each(g, f, picks, n)
    if f.get("or_more"):  # "craft with one or more creatures": any number, at least n
        return len(picks) >= n
    return len(picks) == n


def _card_mv(g: "Game", oid: int) -> int:
    """A card's mana value (202.3) where it is (a graveyard's card: its printed cost)."""
    return int(mana_value(g.objects[oid].card.mana_cost))


def _one_each(g: "Game", f: dict[str, Any], objs: list[Any], n: int) -> bool:
    """"Sacrifice a green creature, a white creature, and a blue creature": can ``n`` of ``objs`` be chosen, a
    different one for each kind of the filter's "or" (one creature that is green and white pays for one kind only)?"""
    kinds = [[o for o in objs if matches(g, o, {**sub, "zone": "battlefield"})] for sub in f.get("or", ())]

    def fill(i: int, used: frozenset[Any]) -> bool:
        if i == len(kinds):
            return True
        return any(fill(i + 1, used | {o}) for o in kinds[i] if o not in used)
    return len(kinds) == n and fill(0, frozenset())


def crew_power(g: "Game", oid: int) -> int:
    """The power a creature taps for with crew or saddle (later keywords: "total power N or more"): its power, plus
    N for "SELF saddles Mounts and crews Vehicles as though its power were N greater" (Cloudspire Captain)."""
    c = g.chars(oid)
    return c.power + sum(int(ab.static.get("amount", 0)) for ab in c.abilities
                         if ab.kind == "static" and ab.static and ab.static.get("kind") == "crew_power")


# ------------------------------------------------------------------ paying, maybe after a decision
def start(g: "Game", player: str, cost: Cost | list[Cost], src: int | None, obj: int | None, finish: str,
          a: dict[str, Any], extra: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """Pay the chosen parts of ``cost`` for the spell or ability ``obj`` from source ``src``;
    returns the paid record when every part is paid, for the caller to finish the cast or
    activation (engine/casting.py, by ``finish``: "cast", "activate" or "mana").

    Parts whose choice the answer carries are paid at once; the first other part makes the
    game wait for a choose_cards decision. A part that cannot be paid raises IllegalAction
    (the whole answer is then undone by the caller's snapshot).
    """
    x = int(a.get("x", 0) or 0)  # 107.3a: the announced X, in a filter that names it too
    parts = [[p, fix_x(f, x), x_count(n, f, x)] for c in (cost if isinstance(cost, list) else [cost])
             for p, f, n in chosen_parts(c)]
    parts = [p for p in parts if p[2] != 0]  # "Tap X untapped creatures" with X announced as 0: nothing to choose
    pend: dict[str, Any] = {"player": player, "src": src, "obj": obj, "finish": finish, "parts": parts,
                            "extra": dict(extra or {})}
    for c in (cost if isinstance(cost, list) else [cost]):
        if c.reveal and obj is not None and obj in g.objects:  # "or controlled a Dragon as you cast SELF" (601.2f-h)
            f_ctl = {**c.reveal, "zone": "battlefield", "controller": "you"}
            if any(matches(g, i, f_ctl, src, player) for i in g.battlefield):
                g.objects[obj].chosen["controlled_as_cast"] = True
    for part, f, n in list(pend["parts"]):
        if part not in a:
            break
        picks = [int(x) for x in a[part]]
        _check(g, player, part, f, n, src, picks)
        pend["parts"].pop(0)
        kinds = _counter_kinds(g, part, f, picks)
        if kinds:  # "remove a counter from ...": which kind, asked next (601.2h)
            pend["parts"].insert(0, ["counter_kind", {"obj": picks[0], "kinds": kinds}, 1])
            break
        _pay(g, player, part, picks, obj, f, pend["extra"])
    return _go_on(g, pend)


def _counter_kinds(g: "Game", part: str, f: dict[str, Any], picks: list[int]) -> list[str]:
    """"Remove a counter from an artifact, creature, land, or planeswalker you control" (Soul Diviner, 121.1:
    any kind of counter): the kinds on the chosen permanent its controller chooses among, when there are two or
    more; [] when the kind is known (the one the cost names, or the only one there)."""
    if part != "remove_counter_from" or f.get("counter") != "any" or not picks or picks[0] not in g.objects:
        return []
    kinds = sorted(k for k, v in g.objects[picks[0]].counters.items() if v > 0)
    return kinds if len(kinds) > 1 else []


def _check(g: "Game", player: str, part: str, f: dict[str, Any], n: int, src: int | None,
           picks: list[int]) -> None:
    cands = candidates(g, player, part, f, src)
    if not _picks_ok(g, f, n, cands, picks, part):
        raise IllegalAction(f"{_VERB[part]}: {_how_many(f, n)} of the offered objects")


def _go_on(g: "Game", pend: dict[str, Any]) -> dict[str, Any] | None:
    """Wait for the choice of the next part, or return ``pend`` once every part is paid."""
    player, src = pend["player"], pend["src"]
    while pend["parts"]:
        part, f, n = pend["parts"][0]
        if part == "counter_kind":  # the kind of counter to remove from the permanent chosen (601.2h)
            name = g.objects[src].card.name if src in g.objects else "it"
            g.wait = {"kind": "choose_option", "player": player, "options": list(f["kinds"]),
                      "prompt": f"{name}: the kind of counter to remove (cost)", "cost": pend, "answer_to": "cost"}
            return None
        cands = candidates(g, player, part, f, src)
        if part in ("reveal", "behold") and not cands or f.get("optional") and "total_mv" in f \
                and sum(_card_mv(g, c) for c in cands) < f["total_mv"]:
            # nothing to reveal, or too little evidence to collect ("you may collect evidence N"): nothing is asked
            pend = {**pend, "parts": [list(p) for p in pend["parts"][1:]]}
            continue
        need = f.get("total_power", f.get("total_mv"))
        values = [_card_mv(g, c) for c in cands] if "total_mv" in f else [max(0, g.chars(c).power) for c in cands]
        if need is not None and sum(values) < need or need is None and len(cands) < n:
            raise IllegalAction(f"cannot pay the cost: too few to {_VERB[part]}")
        if f.get("one_of_each") and not _one_each(g, f, cands, n):  # 118.3: not one of each kind to choose
            raise IllegalAction(f"cannot pay the cost: not one of each kind to {_VERB[part]}")
        if part == "discard" and f.get("random"):  # 701.8a: "discard a card at random": no player chooses
            pend = {**pend, "parts": [list(p) for p in pend["parts"][1:]], "extra": _own_extra(pend["extra"])}
            _pay(g, player, part, g.rng.sample(cands, n), pend["obj"], f, pend["extra"])
            continue
        name = g.objects[src].card.name if src in g.objects else "it"
        lo, hi = (0 if f.get("optional") else min(1, need), len(cands)) if need is not None \
            else (0, 1) if part == "reveal" or part == "behold" and f.get("optional") \
            else (n, len(cands)) if f.get("or_more") else (n, n)
        g.wait = {"kind": "choose_cards", "player": player, "options": cands, "min": lo, "max": hi,
                  "prompt": f"{name}: {_how_many(f, n)} to {_VERB[part]} (cost)", "cost": pend, "answer_to": "cost"}
        if need is not None and "total_mv" in f:  # collect evidence: cards whose mana values add up to N
            g.wait["total_least"] = need
            g.wait["values"] = values
        elif need is not None:
            g.wait["total_power"] = need
            g.wait["powers"] = [g.chars(c).power for c in cands]
        if f.get("one_of_each"):  # one of each kind (_one_each): the candidates of each, for a player to see
            g.wait["one_of_each"] = [[c for c in cands if matches(g, c, {**sub, "zone": "battlefield"})]
                                     for sub in f.get("or", ())]
        return None
    return pend


def answer(g: "Game", d: Any, a: dict[str, Any]) -> dict[str, Any] | None:
    """The answer to a cost choice (601.2h): checked, paid, then the rest of the cost (the
    paid record is returned once every part is paid, as by start)."""
    pend = d.data["cost"]
    player = pend["player"]
    part, f, n = pend["parts"][0]
    if part == "counter_kind":
        kind = a.get("option")
        if kind not in f["kinds"]:
            raise IllegalAction("remove a counter: name one of the kinds on that permanent")
        pend = {**pend, "parts": [list(p) for p in pend["parts"][1:]], "extra": _own_extra(pend["extra"])}
        _pay(g, player, "remove_counter_from", [f["obj"]], pend["obj"], {"counter": kind}, pend["extra"])
        return _go_on(g, pend)
    picks = answer_cards(a)
    if not _picks_ok(g, f, n, list(d.options), picks, part):
        raise IllegalAction(f"{_VERB[part]}: {_how_many(f, n)} of the offered objects")
    pend = {**pend, "parts": [list(p) for p in pend["parts"][1:]], "extra": _own_extra(pend["extra"])}
    kinds = _counter_kinds(g, part, f, picks)
    if kinds:  # the kind of counter, asked next (601.2h)
        pend["parts"].insert(0, ["counter_kind", {"obj": picks[0], "kinds": kinds}, 1])
        return _go_on(g, pend)
    _pay(g, player, part, picks, pend["obj"], f, pend["extra"])
    return _go_on(g, pend)


def _own_extra(extra: dict[str, Any]) -> dict[str, Any]:
    """A copy of a pending payment's ``extra`` that this answer may add to (the decision waiting, in the game and in
    every copy of it, keeps its own: Game.copy shares decisions)."""
    out = dict(extra)
    if "chosen" in out:
        out["chosen"] = {k: list(v) if isinstance(v, list) else v for k, v in out["chosen"].items()}
    return out


def sacrificed_record(g: "Game", i: int) -> dict[str, Any]:
    """What "the sacrificed creature" of a cost remembers of the permanent ``i`` as it last existed (608.2h)."""
    c = g.chars(i)
    return {"power": c.power, "toughness": c.toughness, "name": g.objects[i].card.name, "types": sorted(c.types),
            "subtypes": sorted(c.subtypes), "mv": mana_value(g.objects[i].card.mana_cost),
            "supertypes": sorted(c.supertypes), "colors": sorted(c.colors), "token": g.objects[i].token}


def _pay(g: "Game", player: str, part: str, picks: list[int], obj: int | None, f: dict[str, Any] | None = None,
         extra: dict[str, Any] | None = None) -> None:
    s = g.objects.get(obj) if obj is not None else None
    # a mana ability (605.3a: no object on the stack): what its cost sacrificed or exiled is kept for its instructions
    # ("X is 1 plus the exiled creature's mana value", 608.2h) in ``extra``, as a spell's is on the spell
    chosen = s.chosen if s is not None else extra.setdefault("chosen", {}) if extra is not None else None
    for i in picks:
        name = g.objects[i].card.name
        if part == "sacrifice":
            if chosen is not None:  # 608.2h: "the sacrificed creature" is known as it last existed
                chosen.setdefault("sacrificed", []).append(sacrificed_record(g, i))
            sacrifice(g, i)  # 701.14a, with its event (603.2)
        elif part == "discard":
            new = discard(g, i)  # 701.7, with its event
            if s is not None:  # "the discarded card's mana value" of the ability or spell it paid for (601.2h)
                s.chosen.setdefault("discarded", []).append(new)
        elif part in ("exile_from_graveyard", "exile_from_hand", "exile_permanent"):
            new = g.move(i, "exile")
            if part == "exile_from_graveyard" and "total_mv" in (f or {}) and s is not None:
                s.chosen["evidence_collected"] = True  # "if evidence was collected" (collect evidence, a later
                # keyword action): the spell or ability it paid for remembers it (601.2h)
            if chosen is not None:  # "the exiled card's mana value" of what it paid for (601.2h, 608.2h)
                chosen.setdefault("cost_exiled", []).append(new)
        elif part == "craft":  # the materials exiled (a later keyword): "the exiled cards used to craft it"
            new = g.move(i, "exile")
            if chosen is not None:
                chosen.setdefault("craft_exiled", []).append(new)
        elif part in ("linked_to_graveyard", "process"):
            g.move(i, "graveyard")
        elif part == "hand_to_library":  # on top, one at a time (401.1); the card is hidden from the others (401.2)
            g.move(i, "library", top=True)
            g.log("cost", player=player, part=part, card=name, audience=[player])
            continue
        elif part == "reveal":  # 701.15: shown to every player; the spell remembers it
            knowledge.show(g, [i])
            if s is not None:
                s.chosen["revealed_as_cast"] = True
        elif part == "reveal_hand":  # 701.15a: shown to every player; it stays in the hand
            knowledge.show(g, [i])
            if s is not None:  # "the revealed card's power" (Titan's Presence): the spell remembers it (601.2h)
                s.chosen.setdefault("revealed", []).append(i)
        elif part == "behold":  # a card in the hand is revealed (701.15a); a permanent is only chosen
            if g.objects[i].zone == "hand":
                knowledge.show(g, [i])
            if s is not None:  # "if a Dragon was beheld" (601.2h: the spell remembers it)
                s.chosen["beheld"] = True
            if (f or {}).get("exile"):  # "behold an Elf and exile it": "the exiled card" of its linked ability
                new = g.move(i, "exile")
                if s is not None:
                    s.chosen.setdefault("beheld_exiled", []).append(new)
        elif part == "tap_others":
            tap(g, i)  # 701.17a, with its event (603.2d)
            kw = s.ability.keyword if s is not None and s.ability is not None else None
            if kw in ("Crew", "Saddle") and s is not None and s.source in g.objects:
                # crew and saddle (later keywords): the creature tapped to pay the cost crews the Vehicle, saddles
                # the Mount (a triggered ability of "whenever SELF crews a Vehicle" sees it; "crewed": that Vehicle)
                triggers.event(g, {"event": "crews" if kw == "Crew" else "saddles", "obj": i, "crewed": s.source,
                                   "player": g.controller_of(i)})
            if s is not None:  # "the creatures that saddled it this turn" (saddle, a later keyword): the tapped ones,
                s.chosen.setdefault("tapped_for_cost", []).append(i)  # and their power and toughness as they were
                c = g.chars(i)  # tapped ("the tapped creature's power" once it left the battlefield, 608.2h)
                s.chosen.setdefault("tapped_pt", {})[i] = [c.power or 0, c.toughness or 0]
        elif part == "remove_counter_from":  # one counter of the kind the filter names (its "counter")
            k = str((f or {}).get("counter", "+1/+1"))
            if k == "any":  # of any kind: the only kind there (two or more were asked: counter_kind)
                k = next((c for c, v in sorted(g.objects[i].counters.items()) if v > 0), k)
            had = g.objects[i].counters.get(k, 0)
            g.objects[i].counters[k] = max(0, had - 1)
            triggers.counters_removed(g, i, k, min(1, had))
        elif part == "blight":  # "Blight N" (a later keyword action): N -1/-1 counters on the creature chosen (121.1;
            # replacement effects that change how many apply, 614.1)
            if not counters_allowed(g, i, "-1/-1"):
                raise IllegalAction(f"blight: -1/-1 counters can't be put on {name}")
            n = replacement.counter_count(g, i, "-1/-1", int((f or {}).get("blight", 1)), ask=False)
            g.objects[i].counters["-1/-1"] = g.objects[i].counters.get("-1/-1", 0) + n
            if s is not None:  # "the blighted creature" (608.2h)
                s.chosen.setdefault("blighted", []).append(i)
        elif part == "return_to_hand":
            if s is not None and g.objects[i].attacking is not None:  # 702.48c: what the returned creature attacked
                s.chosen["returned_attacking"] = g.objects[i].attacking
            g.move(i, "hand")
        g.log("cost", player=player, part=part, card=name)
    if part == "exile_from_graveyard" and "total_mv" in (f or {}) and picks:
        triggers.event(g, {"event": "collect_evidence", "player": player})  # "whenever you collect evidence"
    g.changed()


# ------------------------------------------------------------------ additional costs of spells (601.2f)
@per_object
def _printed_additional(card: CardDef) -> Cost | None:
    for ab in card.abilities:
        if ab.kind == "static" and ab.static and ab.static.get("kind") == "additional_cost":
            c = ab.static.get("cost")
            return c if isinstance(c, Cost) else Cost(**c) if isinstance(c, dict) else None
    return None


@per_object
def additional_choices(card: CardDef) -> tuple[Cost, ...]:
    """The alternatives of an additional cost "A or B" ("As an additional cost to cast this spell, reveal a
    Merfolk card from your hand or pay {3}"): the caster announces which one they pay (601.2b); () for none."""
    for ab in card.abilities:
        if ab.kind == "static" and ab.static and ab.static.get("kind") == "additional_cost":
            return tuple(c for c in ab.static.get("choices", ()) if isinstance(c, Cost))
    return ()


def additional_cost(card: CardDef, choice: int | None = None) -> Cost | None:
    """The additional cost printed on a spell ("As an additional cost to cast this spell, ..."); of one with
    alternatives, the one announced (``choice``, the first by default: 601.2b), None for a choice it lacks."""
    alts = additional_choices(card)
    if alts:
        i = choice or 0
        return alts[i] if 0 <= i < len(alts) else None
    return _printed_additional(card)


@per_object
def additional_x_reduction(card: CardDef) -> int:
    """"SELF costs {2} less to cast for each creature sacrificed this way" of an additional cost of X objects
    ("you may sacrifice any number of creatures", the number announced as X, 601.2b): the generic mana each one takes
    off the total cost (601.2f); 0 for none."""
    for ab in card.abilities:
        if ab.kind == "static" and ab.static and ab.static.get("kind") == "additional_cost":
            return int(ab.static.get("x_reduce", 0))
    return 0


def alternative_cost(card: CardDef) -> Cost | None:
    """An alternative cost printed on a card ("You may pay ... rather than pay its mana cost", 118.9)."""
    ab = _alternative_ability(card)
    c = ab.static.get("cost") if ab is not None and ab.static else None
    return c if isinstance(c, Cost) else None


def usable_alternative_cost(g: "Game", player: str, card: CardDef, o: "Obj | None" = None) -> Cost | None:
    """The card's alternative cost (118.9) if ``player`` may pay it now: its condition ("If you control a
    Swamp", "If it's not your turn") holds for the caster as the spell is cast (601.2b, 601.2f); else, for the
    object ``o`` being cast, one a static of a permanent offers for that player's spells."""
    ab = _alternative_ability(card)
    st = ab.static if ab is not None and ab.static else {}
    c, cond = st.get("cost"), st.get("condition")
    if isinstance(c, Cost) and (not cond or _self_condition(g, cond, player)):
        return c
    if o is not None and player_statics.active(g):  # "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost
        # for spells you cast" (Jodah, Archmage Eternal): another permanent's offer for this spell (118.9)
        got = player_statics.spell_alternative_cost(g, player, o)
        return got if isinstance(got, Cost) else None
    return None


def additional_problems(cost: Cost, announced: bool = False) -> list[str]:
    """Why an additional cost cannot be paid by this engine ([] when it can). ``announced``: a spell's
    own additional cost, whose X its caster announces (601.2b: "pay X life", "exile X cards")."""
    out = cost_problems(cost, announced)
    if cost.tap or cost.untap or cost.loyalty is not None or cost.remove_counters or cost.exile_self or cost.energy \
            or cost.bottom_self or cost.return_self or cost.reveal_self \
            or cost.mill or cost.exile_top or cost.put_counters or cost.exert_self or cost.unattach_self \
            or cost.sacrifice_self or cost.discard_self or cost.discard < 0:
        out.append("additional cost of an unsupported kind")
    return out


def reveal_hand(g: "Game", player: str) -> None:
    """701.15a: "reveal your hand" as a cost: every card of it is shown to every player (an empty hand reveals
    nothing and pays it too)."""
    hand = list(g.players[player].hand)
    if hand:
        knowledge.show(g, hand)
        g.log("reveal", player=player, to="all", cards=[g.objects[c].card.name for c in hand], objs=hand)


def pay_simple_additional(g: "Game", player: str, cost: Cost, x: int = 0) -> None:
    """The parts of an additional cost that need no choice: mana is added to the total cost
    by the caller; life is paid here (119.4: only with at least that much life; "pay X life":
    the X announced, 601.2b)."""
    if cost.reveal_own_hand:
        reveal_hand(g, player)
    if cost.others_gain_life:  # "have each other player gain 5 life" (118.9): each other player still in the game
        for p in g.order:
            if p != player and p not in g.gone and not g.players[p].lost:
                gain_life(g, p, cost.others_gain_life)
    life = x if cost.life < 0 else cost.life
    if life:
        if not player_statics.can_pay_life(g, player, life):
            raise IllegalAction(f"cannot pay {life} life (119.4, 118.8)")
        lose_life(g, player, life, paid=True)  # 119.4: paying life is losing it ("whenever you pay life")


# ------------------------------------------------------------------ cost increases and reductions (601.2f)
def _statics(g: "Game") -> list[tuple[int, dict[str, Any]]]:
    """(source, static) of every cost_change static of a permanent; they depend only on the
    characteristics (613), so they are kept with them (through changes of turn state). And those of a
    spell that work while it is on the stack ("As long as SELF is on the stack, spells that target it cost {2}
    more to cast", Kaervek's Torch), read each time (the stack is short)."""
    out = _permanent_statics(g)
    on_stack = [(sid, ab.static) for sid in g.stack if g.objects[sid].ability is None
                for ab in g.objects[sid].card.abilities
                if ab.kind == "static" and ab.static and ab.static.get("kind") == "cost_change"
                and ab.static.get("on_stack")] if g.stack else []
    return out + on_stack if on_stack else out


@per_object
def _cost_changes(abilities: Any) -> tuple[dict[str, Any], ...]:
    """The cost_change statics of a list of abilities (a permanent's, 613) that change other spells' costs (not the
    card's own, ``_self_changes``), in their order. Fixed for the list, so found once."""
    return tuple(ab.static for ab in abilities if ab.kind == "static" and ab.static
                 and ab.static.get("kind") == "cost_change" and ab.static.get("spells") != "self")


def _permanent_statics(g: "Game") -> list[tuple[int, dict[str, Any]]]:
    """_statics of the permanents and emblems, kept with the characteristics."""
    cs = g.all_chars()
    hit = g.__dict__.get("_cost_statics")
    if hit is not None and hit[0] is cs:
        return hit[1]
    out: list[tuple[int, dict[str, Any]]] = []
    g._cost_statics = (cs, out)
    for oid in g.battlefield:
        for st in _cost_changes(cs[oid].abilities):
            out.append((oid, st))
    for p in g.order:  # 113.4: an emblem's "Artifact spells you cast cost {1} less" works from the command zone
        for oid in g.players[p].command:
            for ab in g.objects[oid].card.abilities:
                if works_from_command(g.objects[oid].card) and ab.kind == "static" and ab.static \
                        and ab.static.get("kind") == "cost_change" and ab.static.get("spells") != "self":
                    out.append((oid, ab.static))
    return out


def next_spell_reductions(g: "Game", player: str) -> list[dict[str, Any]]:
    """The unused "the next spell you cast this turn costs {N} less" effects of ``player`` (601.2f)."""
    if not g.effects:
        return []
    return [e for e in g.effects if e["layer"] == "next_spell_cost" and e.get("player") == player
            and not e.get("used")]


def use_next_spell_flags(g: "Game", player: str, spell: int) -> None:
    """601.2i, 101.1: "The next creature spell you cast this turn can't be countered" (Insist): the first such unused
    effect of ``player`` that the spell just cast matches is used up by it, and the spell has its flag (``chosen``:
    "uncounterable", read by engine/player_statics.spell_uncounterable)."""
    for k, e in enumerate(g.effects):
        if e["layer"] == "next_spell_flag" and e.get("player") == player and not e.get("used") \
                and _spell_matches(g, spell, e.get("spells") or {}, spell, None):
            g.effects[k] = {**e, "used": True}  # (a new record: effects may be shared by game copies)
            g.objects[spell].chosen[e["flag"]] = True
            return


def spells_cost_effects(g: "Game", player: str) -> list[dict[str, Any]]:
    """The "until your next turn, instant and sorcery spells that player casts cost {2} less to cast" effects
    applying to ``player``'s spells now (601.2f, 611.2a: a resolved ability's effect for its duration)."""
    if not g.effects:
        return []
    return [e for e in g.effects if e["layer"] == "spells_cost" and e.get("player") == player]


def use_next_spell_reduction(g: "Game", player: str, spell: int) -> None:
    """601.2i: the spell ``player`` just cast uses up the first such reduction that applies to it."""
    for e in next_spell_reductions(g, player):
        if _spell_matches(g, spell, e.get("spells") or {}, spell, None):
            e["used"] = True
            return


def has_target_changes(g: "Game", card: CardDef | None = None) -> bool:
    """Does a cost change on the battlefield (or the card's own: "costs {3} less to cast if it targets a
    tapped creature") depend on what a spell targets?"""
    if card is not None and _self_changes(card) and any(
            ab.kind == "static" and ab.static and ab.static.get("targets") for ab in card.abilities):
        return True
    return any(isinstance(st.get("spells"), dict) and "targets" in st["spells"] for _, st in _statics(g))


def _spell_matches(g: "Game", spell: int, f: dict[str, Any], src: int, targets: list[list[Any]] | None) -> bool:
    """Is ``spell`` one of the spells a cost change speaks of (601.2f), its targets included?"""
    f = dict(f)
    tg = f.pop("targets", None)
    if tg is not None:
        if targets is None:
            return False  # not known yet (before targets are chosen): no increase assumed
        flat = [x for slot in targets for x in slot]
        if tg == "self":
            if src not in flat:
                return False
        elif "you_or" in tg:  # "Spells your opponents cast that target you or a permanent you control" (115.1,
            # 601.2f): the static's controller, or an object of the filter
            if g.controller_of(src) not in flat and not any(
                    isinstance(x, int) and x in g.objects and matches(g, x, tg["you_or"], src) for x in flat):
                return False
        elif not any(matches(g, x, tg, src) for x in flat):
            return False
    if "or" in f:  # "Kithkin spells and Soldier spells": the spell may be in a hand yet
        f["or"] = [{**sub, "zone": "any_card"} for sub in f["or"]]
    return not f or matches(g, spell, {**f, "zone": "any_card"}, src)


def unchanged_costs(g: "Game", player: str) -> bool:
    """Does nothing outside the spells themselves change the cost of ``player``'s spells now: no cost_change static
    (``_statics``), no "the next spell you cast costs less" and no "spells that player casts cost less" effect
    (601.2f)? (What a card's own text changes, ``total_cost`` reads card by card.)"""
    return not _statics(g) and not next_spell_reductions(g, player) and not spells_cost_effects(g, player)


def total_cost(g: "Game", player: str, spell: int, symbols: tuple[str, ...],
               targets: list[list[Any]] | None = None, unchanged: bool | None = None) -> tuple[str, ...]:
    """601.2f: the total cost of casting ``spell``: ``symbols`` (its mana or alternative cost
    plus additional costs) with the increases added and then the reductions taken off. ``unchanged``:
    ``unchanged_costs(g, player)`` when the caller knows it (the same for every card it weighs in one state)."""
    if unchanged is None:
        unchanged = unchanged_costs(g, player)
    if unchanged and not _self_changes(g.objects[spell].card):
        # nothing changes the cost (the common case, known without a scan) but how a permission lets it be paid
        return as_any_color(symbols) if _any_color_permission(g, player, spell) else symbols
    extra: list[str] = []
    change = cost_change(g, player, spell, targets, extra)
    out = apply_change(symbols + tuple(extra), change)
    out = _floor(g, out)
    return as_any_color(out) if any_color(g, player, spell, targets) else out


def _floor(g: "Game", symbols: tuple[str, ...]) -> tuple[str, ...]:
    """"Each spell that would cost less than three mana to cast costs three mana to cast" (Trinisphere): after the
    increases and reductions (601.2f), generic mana is added up to that much mana in all (an X counts as chosen)."""
    least = 0
    for src, st in _statics(g):
        if st.get("floor") and (not st.get("condition") or g.condition(st["condition"], src)):
            least = max(least, int(st["floor"]))
    if not least:
        return symbols
    have = sum(int(s) if s.isdigit() else 0 if s == "X" else 1 for s in symbols)
    return symbols + (str(least - have),) if have < least else symbols


def any_color(g: "Game", player: str, spell: int, targets: list[list[Any]] | None = None) -> bool:
    """"You may spend mana as though it were mana of any color to cast planeswalker spells" (Oath of
    Nissa): may ``player`` pay the colored part of ``spell``'s total cost with mana of any type?"""
    if _any_color_permission(g, player, spell):
        return True
    for src, st in _statics(g):
        if st.get("any_color") and st.get("spells") is not None and _any_color_for(g, st, src, player) \
                and _spell_matches(g, spell, st["spells"], src, targets):
            return True
    return False


def _any_color_for(g: "Game", st: dict[str, Any], src: int, player: str) -> bool:
    """Does a "spend mana as though it were mana of any color" static of ``src`` speak to ``player``: its
    controller's ("you may"), or each player's ("Players may", Mycosynth Lattice)?"""
    return st.get("who") == "any" or g.controller_of(src) == player


def ability_any_color(g: "Game", player: str, src: int) -> bool:
    """609.4: may ``player`` pay the colored part of the cost of an activated ability of ``src`` with mana of any
    type ("Players may spend mana as though it were mana of any color", Mycosynth Lattice; "... to activate
    abilities of creatures you control", Agatha's Soul Cauldron; "... of SELF's abilities", Manascape Refractor)?"""
    for s, st in _statics(g):
        kind = st.get("abilities") if st.get("any_color") else None
        if kind is None or not _any_color_for(g, st, s, player):
            continue
        if kind == "self" and s == src or isinstance(kind, dict) and (not kind or matches(g, src, kind, s, player)):
            return True
    return False


def _any_color_permission(g: "Game", player: str, spell: int) -> bool:
    """609.4: a card cast from another zone by a permission that says "and you may spend mana as though it were
    mana of any color to cast that spell" (Covetous Urge; engine/zones_cast.py). The spell on the stack is a new
    object (400.7): engine/casting.py applies the permission it found before moving the card."""
    o = g.objects.get(spell)
    if o is None or o.zone not in ("exile", "graveyard", "library"):
        return False
    p = zones_cast.permission(g, player, o)
    return bool(p and p.get("any_color"))


def as_any_color(symbols: tuple[str, ...]) -> tuple[str, ...]:
    """The total cost paid "as though it were mana of any color" (609.4: for that payment, each mana is
    treated as of any color): each colored or hybrid symbol is paid by one mana of any type, a
    generic {1}; {C} still needs colorless mana, and a Phyrexian symbol stays as it is (2 life or
    that color)."""
    return tuple("1" if s in ("W", "U", "B", "R", "G") or "/" in s and not s.endswith("/P") else s
                 for s in symbols)


def cost_change(g: "Game", player: str, spell: int, targets: list[list[Any]] | None = None,
                colored: list[str] | None = None) -> int:
    """The sum of the increases (+) and reductions (-) of generic mana that apply to casting
    ``spell`` (a card in hand or a spell on the stack) by ``player`` (601.2f); increases of
    colored mana ("cost {B} more") are appended to ``colored``."""
    total = 0
    for src, st in _statics(g):
        if st.get("any_color") or st.get("floor"):
            continue  # not a change of the cost: how it may be paid (as_any_color), or its least total (_floor)
        who = st.get("who", "you")
        ctl = g.controller_of(src)
        if who == "you" and ctl != player or who == "opponent" and ctl == player:
            continue
        if st.get("condition") and not g.condition(st["condition"], src):
            continue
        if not _spell_matches(g, spell, st.get("spells") or {}, src, targets):
            continue
        if st.get("mana"):
            if colored is not None:
                colored.extend([st["mana"]] * _amount(g, st, src))
            continue
        total += _amount(g, st, src)
    for e in spells_cost_effects(g, player):  # "until your next turn, ... spells that player casts cost {2} less"
        if _spell_matches(g, spell, e.get("spells") or {}, spell, None):
            total += int(e.get("amount", 0))
    for e in next_spell_reductions(g, player):  # "the next spell you cast this turn costs {1} less"
        if _spell_matches(g, spell, e.get("spells") or {}, spell, None):
            total -= _amount(g, e, spell)  # "... has affinity for artifacts": {1} less for each (702.40a)
            break  # 601.2f: only the first one waiting applies to this spell (each is used by one spell)
    card = g.objects[spell].card
    for ab in card.abilities:
        own = ab.static
        if ab.kind == "static" and own and own.get("kind") == "cost_change" and own.get("spells") == "self":
            if own.get("condition") and not _self_condition(g, own["condition"], player, spell):
                continue
            o = g.objects[spell]
            frm = o.chosen.get("cast_from") if o.zone == "stack" else o.zone
            if own.get("cast_from") and frm != own["cast_from"]:
                continue  # "if you pay {1} more to cast it" of a permission to cast it from a graveyard (601.2f)
            tg = own.get("targets")
            if tg and targets is not None and not any(
                    isinstance(x, int) and matches(g, x, tg, spell, player) for slot in targets for x in slot):
                continue  # "if it targets a tapped creature" (601.2f: the targets are chosen before the total cost;
                # before they are, the reduction is assumed, as a target could give it)
            if own.get("per_extra_target"):  # strive: "for each target beyond the first" (known once chosen)
                extra = max(0, sum(len(slot) for slot in targets) - 1) if targets is not None else 0
                total += int(own.get("amount", 0)) * extra
                if colored is not None:
                    colored.extend(list(own.get("colored", ())) * extra)
                continue
            total += _amount(g, own, spell)
    return total


@per_object
@per_object
def _self_changes(card: CardDef) -> bool:
    """Does the card change its own cost ("This spell costs {1} less to cast if ...")? Fixed for the card, so found
    once."""
    return any(ab.kind == "static" and ab.static and ab.static.get("kind") == "cost_change"
               and ab.static.get("spells") == "self" for ab in card.abilities)


def changes_own_cost(card: CardDef) -> bool:
    """Does the card change its own cost ("This spell costs {1} less to cast if ...", 601.2f)?"""
    return _self_changes(card)


def _amount(g: "Game", st: dict[str, Any], src: int) -> int:
    n = int(st.get("amount", 0))
    if st.get("per"):
        n *= g.amount(st["per"], src)
    return n


def _self_condition(g: "Game", cond: dict[str, Any], player: str, spell: int | None = None) -> bool:
    """A condition of a spell's own cost change, read for its caster ("if you control ..."); "if it's bargained"
    reads the spell (its optional additional cost chosen, 601.2b, before the total cost, 601.2f)."""
    if "cast_with" in cond:
        o = g.objects.get(spell) if spell is not None else None
        if o is None or cond["cast_with"] not in o.chosen.get("cast_with", ()):
            return False
        cond = {k: v for k, v in cond.items() if k != "cast_with"}
        if not cond:
            return True
    if "control" in cond:
        n = sum(1 for i in g.battlefield if matches(g, i, cond["control"], None, player))
        return cond.get("min", 1) <= n <= cond.get("max", 10 ** 6)
    return condition(g, cond, None, {"controller": player})  # a condition of the player casting it


def ability_mana(g: "Game", player: str, src: int, cost: Cost, ab: Any = None,
                 targets: Any = None) -> tuple[str, ...]:
    """The mana an activated ability's cost asks now: "This ability costs {1} less to activate for each
    instant and sorcery card in your graveyard" / "if you control a legendary creature" changes its generic
    mana as it is activated (602.2b: as 601.2f for a spell; a reduction takes away generic mana only); then
    the statics about abilities (``ab``: "Equip abilities you activate cost {1} less to activate"), increases
    before reductions (601.2f), a reduction that "can't reduce the mana in that cost to less than one mana"
    stopping there. ``targets``: the targets chosen for it (602.2b: before its cost is determined), when known."""
    mana = _own_change(g, player, src, cost)
    changes = player_statics.ability_cost_changes(g, player, src, ab, targets) if ab is not None else []
    for n, floor in sorted(changes, key=lambda c: -c[0]):
        before = _mana_count(mana)
        mana = apply_change(mana, n)
        left = _mana_count(mana)
        if floor and left < min(floor, before):  # "can't reduce the mana in that cost to less than one mana"
            mana = mana + (str(min(floor, before) - left),)
    return as_any_color(mana) if ability_any_color(g, player, src) else mana


def _mana_count(symbols: tuple[str, ...]) -> int:
    """The amount of mana symbols ask (generic by number, each other symbol one)."""
    return sum(int(s) if s.isdigit() else 0 if s == "X" else 1 for s in symbols)


def _own_change(g: "Game", player: str, src: int, cost: Cost) -> tuple[str, ...]:
    ch = cost.change
    if not ch:
        return cost.mana
    if "condition" in ch and not condition(g, ch["condition"], src, {"controller": player}):
        return cost.mana
    n = int(ch.get("amount", 0)) * (max(0, g.amount(ch["per"], src)) if "per" in ch else 1)
    return apply_change(cost.mana, n)


def apply_change(symbols: tuple[str, ...], change: int) -> tuple[str, ...]:
    """601.2f: an increase adds generic mana; a reduction takes away generic mana only."""
    if change > 0:
        return symbols + (str(change),)
    if change == 0:
        return symbols
    cut = -change
    out: list[str] = []
    for s in symbols:
        if s.isdigit() and cut:
            left = max(0, int(s) - cut)
            cut -= int(s) - left
            if left:
                out.append(str(left))
        else:
            out.append(s)
    return tuple(out)


def change_problems(st: dict[str, Any]) -> list[str]:
    """Why a cost_change static cannot be applied by this engine ([] when it can)."""
    out = []
    spells = st.get("spells")
    abilities = st.get("abilities")
    if abilities is not None and (not st.get("any_color") or abilities != "self" and (
            not isinstance(abilities, dict) or unknown_keys(abilities))):
        out.append("cost_change abilities")  # 609.4: only "spend mana as though it were mana of any color" reads them
    if spells is None and abilities is not None:
        pass  # the abilities' costs only (ability_any_color)
    elif spells != "self":
        if not isinstance(spells, dict):
            out.append("cost_change spells")
        else:
            f = {k: v for k, v in spells.items() if k != "targets"}
            bad = unknown_keys(f)
            if bad:
                out.append(f"cost_change filter keys {sorted(bad)}")
            tg = spells.get("targets")
            if isinstance(tg, dict) and set(tg) == {"you_or"}:
                tg = tg["you_or"]  # "that target you or a permanent you control" (_spell_matches)
            if tg is not None and tg != "self" and (not isinstance(tg, dict) or unknown_keys(tg)):
                out.append("cost_change targets")
        if st.get("who", "you") not in ("you", "opponent", "any"):
            out.append(f"cost_change who {st.get('who')}")
    if st.get("targets") is not None and (spells != "self" or not isinstance(st["targets"], dict)
                                          or unknown_keys(st["targets"])):
        out.append("cost_change targets")
    if not isinstance(st.get("amount"), int) and not st.get("any_color") and not st.get("floor"):
        out.append("cost_change amount")
    if st.get("colored") and (not st.get("per_extra_target") or any(x not in "WUBRG" for x in st["colored"])):
        out.append("cost_change colored increase")
    if st.get("per_extra_target") and (spells != "self" or st.get("amount", 0) < 0):
        out.append("cost_change for each target")
    if st.get("mana") and (st.get("amount", 0) < 0 or st["mana"] not in "WUBRG"):
        out.append("cost_change colored reduction")  # 601.2f: reduces only that color: not done
    return out


@per_object
def _alternative_ability(card: CardDef) -> Ability | None:
    """The card's own "You may pay ... rather than pay this spell's mana cost" static (118.9), if any (the first,
    as ``ability_of`` finds it). Fixed for the card, so found once."""
    return ability_of(card, "alternative_cost")


def ability_of(card: CardDef, kind: str) -> Ability | None:
    for ab in card.abilities:
        if ab.kind == "static" and ab.static and ab.static.get("kind") == kind:
            return ab
    return None


# ------------------------------------------------------------------ "can't be countered", "can't be prevented"

