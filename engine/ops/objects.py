"""Effect primitives that act on objects: destroy (701.6), regenerate (701.12), tap and untap
(701.17), counters (121), attach (701.3), sacrifice (701.14), fight (701.10), tokens (111),
countering a spell (701.5)."""
from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any, Callable

from engine import player_statics, replacement, seats, triggers
from engine.actions import (
    add_effect,
    attack_choice,
    create_token,
    create_tokens,
    destroy,
    discard,
    plan_destroy,
    plan_to_graveyard,
    put_attacking,
    put_blocking,
    sacrifice,
)
from engine.cards.abilities import CardDef, Effect, copy_except
from engine.cards.compiler import compile_card
from engine.cast_options import storm_record
from engine.errors import IllegalAction
from engine.filters import matches
from engine.layers import counters_allowed
from engine.mana import mana_value, substitute_x
from engine.object_statics import attach_allowed, cant_be_countered
from engine.ops import nested
from engine.ops.base import ask_cards, table
from engine.ops.zones import followed
from engine.payment import can_afford, pay_mana
from engine.protection import protected
from engine.tapping import tap, untap
from engine.values import (
    Ctx,
    amount,
    amount_for,
    controller,
    gone_matches,
    gone_record,
    names_that_player,
    refs,
    source_id,
    this,
    unpaired_creature,
)

if TYPE_CHECKING:
    from engine.game import Game

OPS, op = table()


@op("destroy")
def _destroy(g: "Game", r: Ctx, e: Effect) -> None:
    xs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    for x in xs:  # 616.1: every choice before the first one is destroyed (they are destroyed at once)
        plan_destroy(g, x, not e.get("no_regen"), by_effect=True)
    for x in xs:
        last = gone_record(g, x, "destroyed") if x in g.objects and g.objects[x].zone == "battlefield" else None
        mark = len(g.events)
        if destroy(g, x, not e.get("no_regen"), by_effect=True) and last is not None:
            r.setdefault("gone_this_way", []).append(last)  # "for each creature destroyed this way" (608.2c)
            # 400.7: "return each card put into a graveyard this way": the new object, where it went (the move
            # destroy logged first; engine/ops/zones.py followed)
            moved = next((ev for ev in g.events[mark:] if ev.get("type") == "move" and ev.get("frm") == "battlefield"),
                         None)
            new = moved.get("obj") if moved is not None else None
            if isinstance(new, int):
                r.setdefault("followed", {})[x] = new
            last["to"] = moved.get("to") if moved is not None else None  # "put into a graveyard this way" (Terastodon)



#: the five basic land types (205.3i), in the order a choice "of each basic land type" is asked
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


@op("choose_basic_lands")
def _choose_basic_lands(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """"Choose a land of each basic land type, then destroy those lands" (Sundering Titan), "Each player chooses a land
    they control of each basic land type" (Planar Overlay), "... from the lands they control ..., then sacrifices the
    rest" (Global Ruin): for each basic land type (205.3i) one land with that subtype, chosen as the effect resolves
    (608.2d; each player in turn, APNAP, 101.4); a type no land has is not chosen, a lone land of a type is the one,
    and a land with several basic land types may be chosen for each of them (the cards' rulings). The lands chosen are
    ``basic_picked`` for the instruction after ("those lands"); with ``rest`` "sacrifice", each player then
    sacrifices the other lands they control, all at once (701.14a)."""
    own = bool(e.get("own"))
    players = [p for p in refs(g, r, e.get("who", "you")) if isinstance(p, str)]
    name = this(g, r).card.name
    picks: dict[str, list[int]] = {}
    for p in players:
        mine: list[int] = []
        for t in BASIC_LAND_TYPES:
            cands = [i for i in g.battlefield if "Land" in g.chars(i).types and t in g.chars(i).subtypes
                     and (not own or g.chars(i).controller == p)]
            if len(cands) > 1:
                slot = f"{r['i']}.basic.{p}.{t}"
                got = r["answers"].get(slot)
                if got is None:
                    return {"kind": "choose_cards", "player": p, "options": cands, "min": 1, "max": 1, "slot": slot,
                            "prompt": f"{name}: choose a land{' you control' if own else ''} that is a {t}"}
                cands = [x for x in got if x in cands][:1] or cands[:1]
            mine += [x for x in cands if x not in mine]
        picks[p] = mine
    chosen = list(dict.fromkeys(x for p in players for x in picks[p]))
    r["basic_picked"] = chosen
    if e.get("rest") == "sacrifice":
        rest = [i for i in g.battlefield if "Land" in g.chars(i).types and g.chars(i).controller in players
                and i not in chosen]
        return OPS["sacrifice"](g, r, Effect("sacrifice", {"what": {"ids": rest}}))
    return None


@op("link_player")
def _link_player(g: "Game", r: Ctx, e: Effect) -> None:
    """"When SELF enters, target player loses 6 life. When SELF leaves the battlefield, that player gains 6 life."
    (Laquatus's Champion): the enters trigger's target player kept on the permanent, while it is on the battlefield,
    for its leaves trigger's "that player" (607.2a-like; engine/triggers.py leaves, values "linked_player")."""
    sid = source_id(g, r)
    players = [p for p in refs(g, r, e.args["who"]) if isinstance(p, str)]
    if sid is not None and sid in g.objects and g.objects[sid].zone == "battlefield" and players:
        g.objects[sid].chosen["linked_player"] = players[0]


@op("regenerate")
def _regenerate(g: "Game", r: Ctx, e: Effect) -> None:
    for x in refs(g, r, e.args["what"]):
        if isinstance(x, int) and x in g.objects:
            g.objects[x].regen += 1



@op("tap")
def _tap(g: "Game", r: Ctx, e: Effect) -> dict | None:
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects]
    act: Callable[..., bool] = tap
    if e.get("or_untap") and objs:  # "tap or untap target creature": chosen as it resolves (608.2d)
        key = f"{r['i']}.tap_or_untap"
        got = r["answers"].get(key)
        if got is None:
            return {"kind": "choose_option", "player": controller(g, r), "options": ["tap", "untap"], "slot": key,
                    "prompt": f"{this(g, r).card.name}: tap or untap "
                              f"{g.objects[objs[0]].card.name if len(objs) == 1 else f'{len(objs)} permanents'}?"}
        act = tap if got == "tap" else untap
    # 701.17a (603.2d: "becomes tapped", by this ability's controller), 701.17b
    done = [x for x in objs if (tap(g, x, by=controller(g, r)) if act is tap else act(g, x))]
    if act is tap:  # "for each creature tapped this way": what this resolution's tap instructions tapped
        r["tapped_this_way"] = list(r.get("tapped_this_way", ())) + done
    return None



@op("untap")
def _untap(g: "Game", r: Ctx, e: Effect) -> None:
    for x in refs(g, r, e.args["what"]):
        if isinstance(x, int) and x in g.objects:
            untap(g, x)  # 701.17b



@op("counter")
def _counter(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """701.5: counter a spell (it goes to its owner's graveyard, or where ``instead_to`` says: "exile it instead
    of putting it into its owner's graveyard", 614.1a)."""
    for x in refs(g, r, e.args["what"]):
        if not isinstance(x, int) or x not in g.objects or g.objects[x].zone != "stack":
            continue
        t = g.objects[x]
        if cant_be_countered(g, x):  # 101.1: the counter effect does nothing to it
            g.log("not_countered", card=t.card.name)
            continue
        if e.get("unless_pays"):
            payer = t.controller
            syms = tuple(e.args["unless_pays"]) if not isinstance(e.args["unless_pays"], dict) else ()
            syms = substitute_x(syms, this(g, r).x)  # "unless its controller pays {X}" (107.3)
            if e.get("unless_times") is not None:  # "pays {1} for each card in your graveyard": that many times
                syms = syms * max(0, amount(g, e.args["unless_times"], source_id(g, r), r))
            if can_afford(g, payer, syms):
                got = nested.answer(r, "unless")  # an "[A] unless [B]" answer (716.6: engine/loops.py)
                if got is None:
                    return nested.ask_yes_no(r, "unless", payer,
                                             f"pay {''.join('{'+s+'}' for s in syms)} or {t.card.name} is countered?")
                if got == "yes":
                    pay_mana(g, payer, syms, set())
                    r["unless_paid"] = True  # "If they do, surveil 2." (Don't Make a Sound, 608.2c)
                    continue
        if t.ability is not None:
            g.stack.remove(x)
            del g.objects[x]
            g.changed()
        else:
            rec = storm_record(g, t)  # "copy the spell countered this way": the spell as it last existed (608.2h)
            if e.get("instead_to") in ("exile", "hand", "library_bottom", "library_top"):
                # "If that spell is countered this way, exile it instead of putting it into its owner's graveyard"
                to = e.args["instead_to"]
                new = g.move(x, "library" if to.startswith("library") else to, top=to == "library_top")
            else:
                plan_to_graveyard(g, [x])  # 616.1: Nexus of Fate countered under Leyline of the Void
                new = g.move(x, "graveyard")
            r["countered"] = [*r.get("countered", ()), [new, rec]]
        g.log("countered", card=t.card.name)
        if t.ability is None:  # "Whenever a spell or ability you control counters a spell" (701.5a): its controller
            triggers.event(g, {"event": "counters_spell", "player": this(g, r).controller})
    return None



@op("pair")
def _pair(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """702.94a, 702.94c-d: pair the source with another unpaired creature you control (``with``: "it",
    the creature that entered, or "choose": one the controller chooses, or none), if both are still
    unpaired creatures on the battlefield under the ability's controller's control."""
    src = source_id(g, r)
    you = this(g, r).controller
    if src is None or not unpaired_creature(g, src, you):
        return None
    if e.get("with") == "it":
        other = (this(g, r).trigger_info or {}).get("obj")
    else:
        cands = [i for i in g.battlefield if i != src and unpaired_creature(g, i, you)]
        got = r["answers"].get(r["i"])
        if got is None:
            if not cands:
                return None
            return ask_cards(r, you, cands, 0, 1, f"{g.objects[src].card.name}: pair it with a creature (soulbond, "
                                                  f"702.94a), or choose none")
        other = got[0] if got else None
    if other is None or other == src or not unpaired_creature(g, other, you):
        return None
    g.__dict__["_paired"] = True  # engine/sba.py checks the pairs from now on (702.94e)
    g.objects[src].chosen.update(paired=other, paired_under=you)
    g.objects[other].chosen.update(paired=src, paired_under=you)
    g.log("pair", player=you, cards=[g.objects[src].card.name, g.objects[other].card.name])
    g.changed()
    return None


def _player_counters(g: "Game", player: str, kind: str, n: int) -> None:
    """121.1: a player gets (or loses) ``n`` counters of a kind: poison counters (121.1c, kept in
    Player.poison: 704.5c reads them) or any other kind (energy, experience: Player.counters)."""
    p = g.players[player]
    if n > 0 and not player_statics.can_get_counters(g, player, kind):
        return  # 121.1: "You can't get poison counters"
    if n > 0:  # "If you would get one or more counters, you get that many plus one ..." (614.1a)
        n = replacement.player_counter_count(g, player, kind, n)
    if kind == "poison":
        p.poison = max(0, p.poison + n)
    else:
        left = max(0, p.counters.get(kind, 0) + n)
        if left:
            p.counters[kind] = left
        else:
            p.counters.pop(kind, None)
    g.log("player_counters", player=player, counter=kind, amount=n)
    if n > 0:  # "whenever you get one or more {E}" (121.1)
        triggers.event(g, {"event": "player_counters", "player": player, "kind": kind, "amount": n})


@op("counter_each_kind")
def _counter_each_kind(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """"For each kind of counter on target permanent or player, give that permanent or player another counter of
    that kind" (Maulfist Revolutionary), "..., put another counter of that kind on it or remove one from it"
    (Quarry Hauler; ``or_remove``): one counter of each kind it has now, each put (or, with the choice, removed)
    as the effect's controller chooses, every choice made before any counter moves (121.1, 121.6, 616.1); ``one_kind``:
    only one kind of those, chosen by its controller (Animation Module); ``double``:
    "double the number of each kind of counter on target permanent" (Gilder Bairn), as many more of each kind as it
    has now."""
    you = controller(g, r)
    plan: list[tuple[Any, str, int]] = []
    many: dict[tuple[Any, str], int] = {}
    for x in refs(g, r, e.args["what"]):
        if isinstance(x, int) and x in g.objects and g.objects[x].zone == "battlefield":
            kinds = sorted(k for k, v in g.objects[x].counters.items() if v > 0)
            name = g.objects[x].card.name
        elif isinstance(x, str) and x in g.players and not g.players[x].lost:
            pl = g.players[x]
            kinds = (["poison"] if pl.poison > 0 else []) + sorted(k for k, v in pl.counters.items() if v > 0)
            name = x
        else:
            continue
        if e.get("one_kind") and len(kinds) > 1:  # "Choose a counter on target permanent or player. Give that
            # permanent or player another counter of that kind." (Animation Module): the kind its controller chooses
            got = nested.answer(r, f"one_kind.{x}")
            if got is None:
                return {"kind": "choose_option", "player": you, "options": kinds,
                        "slot": nested.slot(r, f"one_kind.{x}"), "prompt": f"{name}: another counter of which kind?"}
            if got not in kinds:
                raise IllegalAction(f"{got!r}: not a kind of counter on {name}")
            kinds = [got]
        for k in kinds:
            sign = 1
            if e.get("double"):
                many[(x, k)] = g.objects[x].counters[k] if isinstance(x, int) else \
                    g.players[x].poison if k == "poison" else g.players[x].counters[k]
            if e.get("or_remove"):
                got = nested.answer(r, f"each_kind.{x}.{k}")
                if got is None:
                    return {"kind": "choose_option", "player": you, "options": ["put", "remove"],
                            "slot": nested.slot(r, f"each_kind.{x}.{k}"),
                            "prompt": f"{name}: put another {k} counter on it, or remove one?"}
                if got not in ("put", "remove"):
                    raise IllegalAction(f"{got!r}: put or remove")
                sign = -1 if got == "remove" else 1
            plan.append((x, k, sign))
    # 614.1a: how many each put becomes ("twice that many"), every replacement's order asked before any is put
    put = {(x, k): replacement.counter_count(g, x, k, many.get((x, k), 1)) for x, k, sign in plan
           if isinstance(x, int) and sign > 0}
    for x, k, sign in plan:
        if isinstance(x, str):
            for _ in range(many.get((x, k), 1)):
                _player_counters(g, x, k, sign)
            continue
        if g.objects[x].zone != "battlefield":
            continue
        cs = g.objects[x].counters
        if sign < 0:
            had = cs.get(k, 0)
            cs[k] = max(0, had - 1)
            triggers.counters_removed(g, x, k, had - cs[k])
            if had > 0 and cs[k] == 0:  # "when the last time counter is removed" (702.62a), "... the last ..."
                if k == "time":
                    triggers.last_time_counter_removed(g, x)
                triggers.event(g, {"event": "last_counter_removed", "obj": x, "kind": k,
                                   "player": g.controller_of(x)})
        elif counters_allowed(g, x, k):
            cs[k] = cs.get(k, 0) + put[(x, k)]
            replacement.done(g, f"counters:{x}:{k}")
            triggers.counters_put(g, x, k, put[(x, k)], controller(g, r))
    g.changed()
    return None


@op("remove_among")
def _remove_among(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """"You may remove any number of +1/+1 counters from among creatures you control" (Galloping Lizrog): for each
    such permanent with counters of that kind, in turn, the controller chooses how many to remove (none included),
    then they are removed at once (121.1); the total is "that many" (``removed_this_way``)."""
    kind = e.get("kind", "+1/+1")
    you = controller(g, r)
    f = dict(e.get("filter") or {})
    sid = source_id(g, r)
    cands = [i for i in g.battlefield if g.objects[i].counters.get(kind, 0) > 0 and matches(g, i, f, sid, you)]
    plan: dict[int, int] = {}
    for x in cands:
        got = nested.answer(r, f"remove_among.{x}")
        if got is None:
            return {"kind": "choose_number", "player": you, "min": 0, "max": g.objects[x].counters[kind],
                    "slot": nested.slot(r, f"remove_among.{x}"),
                    "prompt": f"remove how many {kind} counters from {g.objects[x].card.name}?"}
        plan[x] = int(got)
    total = 0
    for x, n in plan.items():
        cs = g.objects[x].counters
        had = cs.get(kind, 0)
        cs[kind] = max(0, had - n)
        if had - cs[kind]:
            total += had - cs[kind]
            triggers.counters_removed(g, x, kind, had - cs[kind])
    r["removed_this_way"] = r.get("removed_this_way", 0) + total
    g.changed()
    return None


@op("counters")
def _counters(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """122: put or remove counters. Removing, the amount "all" removes every counter of the kind; the kind
    "any" removes counters whatever their kind: all of them ("Remove all counters from target creature"), or
    that many of one kind, chosen by the effect's controller where the object has several ("remove a counter
    from target permanent"; asked for each object before any counter is removed)."""
    if e.get("kind") == "its":  # "put its counters on target creature you control"
        _its_counters(g, r, e)
        return None
    every = e.get("amount") == "all"
    n = 0 if every else amount(g, e.get("amount", 1), source_id(g, r), r)
    kind = e.get("kind", "+1/+1")
    if e.get("choice"):  # "your choice of a vigilance counter, a reach counter, or a trample counter" (121.1)
        got = nested.answer(r, "counter_choice")
        if got is None and not [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects]:
            return None  # no object to put it on ("up to one target creature", none chosen): nothing is asked
        if got is None:
            return {"kind": "choose_option", "player": controller(g, r), "options": list(e.args["choice"]),
                    "slot": nested.slot(r, "counter_choice"), "prompt": f"{this(g, r).card.name}: which counter?"}
        if got not in e.args["choice"]:
            raise IllegalAction(f"{got!r}: not one of {', '.join(e.args['choice'])}")
        kind = str(got)
    remove = bool(e.get("remove"))
    xs = [x for x in refs(g, r, e.args["what"])]
    if not remove:  # "exile target creature ... and put a hit counter on that card" (Etrata): the card in exile (400.7)
        xs = followed(g, r, xs)
    if remove and kind == "any" and e.get("up_to"):
        return _remove_up_to(g, r, xs, n)
    if not remove and e.get("up_to") and kind != "any":
        # "Put up to X +1/+0 counters on SELF. This ability can't cause the total number of +1/+0 counters on SELF to
        # be greater than four" (Clockwork Beast): a number from 0 to X, and to what the cap leaves (608.2d, 121.1)
        most = n
        if e.get("cap") is not None:
            have = max((g.objects[x].counters.get(kind, 0) for x in xs if isinstance(x, int) and x in g.objects),
                       default=0)
            most = min(most, int(e.args["cap"]) - have)
        most = max(0, most)
        got = nested.answer(r, "up_to")
        if got is None and most:
            return {"kind": "choose_number", "player": controller(g, r), "options": list(range(most + 1)), "min": 0,
                    "max": most, "slot": nested.slot(r, "up_to"),
                    "prompt": f"{this(g, r).card.name}: put how many {kind} counters? (0 to {most})"}
        n = max(0, min(int(got or 0), most))
    picks: dict[int, list[str]] = {}
    own: dict[Any, int] = {}
    if e.get("double") and not remove:  # "double the number of +1/+1 counters on each of them": each its own (121.1)
        own = {x: _had(g, x, kind) for x in xs}
    # 614.1a, 616.1: how many each permanent gets ("twice that many"), each order asked before any is put
    put = {x: replacement.counter_count(g, x, kind, own.get(x, n)) for x in xs if not remove and isinstance(x, int)
           and x in g.objects and g.objects[x].zone == "battlefield" and kind != "any"}
    for x in xs:
        if isinstance(x, int) and x in g.objects and remove and kind == "any":
            kinds = sorted(k for k, v in g.objects[x].counters.items() if v > 0)
            if not every and len(kinds) > 1:
                got = nested.answer(r, f"counter_kind.{x}")
                if got is None:
                    return {"kind": "choose_option", "player": controller(g, r), "options": kinds,
                            "slot": nested.slot(r, f"counter_kind.{x}"),
                            "prompt": f"remove a counter of which kind from {g.objects[x].card.name}?"}
                kinds = [str(got)]
            picks[x] = kinds if every else kinds[:1]
    for x in xs:
        if isinstance(x, str) and x in g.players and not g.players[x].lost and kind == "any" and remove and every:
            # "Target opponent loses all counters" (Suncleanser): every kind the player has (121.1, 121.1c)
            pl = g.players[x]
            for k, had in [("poison", pl.poison), *sorted(pl.counters.items())]:
                if had > 0:
                    _player_counters(g, x, k, -had)
        if isinstance(x, str) and x in g.players and not g.players[x].lost and kind != "any":  # 121.1: a player's
            had = g.players[x].poison if kind == "poison" else g.players[x].counters.get(kind, 0)
            _player_counters(g, x, kind, -(had if every else n) if remove else own.get(x, n))
        if isinstance(x, int) and x in g.objects:
            if not remove and g.objects[x].zone in ("graveyard", "hand", "library"):
                continue  # 400.7: the permanent it meant has left the battlefield; that card is a new object
            if g.objects[x].zone != "battlefield":  # Game.copy shares objects off the battlefield: a copy is
                g.objects[x] = g.objects[x].copy()  # changed, not the shared one
            cs = g.objects[x].counters
            if remove:
                for k in picks.get(x, ()) if kind == "any" else (kind,):
                    had = cs.get(k, 0)
                    cs[k] = 0 if every else max(0, had - n)
                    triggers.counters_removed(g, x, k, had - cs[k])
                    if k == "time" and had > 0 and cs[k] == 0:
                        # 702.62a: "when the last time counter is removed from this permanent" (vanishing); a
                        # suspended card's cast (702.61a) and "... from SELF while it's exiled"
                        triggers.last_time_counter_removed(g, x)
                    if had > 0 and cs[k] == 0 and g.objects[x].zone == "battlefield":
                        # "when you remove the last intervention counter from SELF" (Divine Intervention)
                        triggers.event(g, {"event": "last_counter_removed", "obj": x, "kind": k,
                                           "player": g.controller_of(x)})
            elif counters_allowed(g, x, kind):
                cs[kind] = cs.get(kind, 0) + put.get(x, n)
                replacement.done(g, f"counters:{x}:{kind}")
                triggers.counters_put(g, x, kind, put.get(x, n), controller(g, r))
    g.changed()
    return None



def _had(g: "Game", x: Any, kind: str) -> int:
    """The counters of ``kind`` an object or a player has now (121.1; poison counters are a player's own field)."""
    if isinstance(x, int) and x in g.objects:
        return g.objects[x].counters.get(kind, 0)
    if isinstance(x, str) and x in g.players:
        return g.players[x].poison if kind == "poison" else g.players[x].counters.get(kind, 0)
    return 0


def _remove_up_to(g: "Game", r: Ctx, xs: list[Any], n: int) -> dict | None:
    """"Remove up to five counters from target artifact, creature, planeswalker, or opponent" (Price of Betrayal):
    the effect's controller picks them one at a time, of any kinds the object or player has (121.1, 122), or stops;
    every pick is asked before any counter is removed, then each kind's counters go at once (one event a kind)."""
    taken: dict[Any, dict[str, int]] = {}
    for x in xs:
        if isinstance(x, int) and x in g.objects:
            have = dict(g.objects[x].counters)
            name = g.objects[x].card.name
        elif isinstance(x, str) and x in g.players and not g.players[x].lost:
            have = {**g.players[x].counters, "poison": g.players[x].poison}
            name = x
        else:
            continue
        took = taken.setdefault(x, {})
        for i in range(max(0, n)):
            kinds = sorted(k for k, v in have.items() if v - took.get(k, 0) > 0)
            if not kinds:
                break
            got = nested.answer(r, f"counter_up_to.{x}.{i}")
            if got is None:
                return {"kind": "choose_option", "player": controller(g, r), "options": kinds + ["done"],
                        "slot": nested.slot(r, f"counter_up_to.{x}.{i}"),
                        "prompt": f"remove a counter from {name} ({i} of up to {n} removed)? \"done\" to stop"}
            if got not in kinds:
                break
            took[str(got)] = took.get(str(got), 0) + 1
    for x, took in taken.items():
        for k, t in sorted(took.items()):
            if isinstance(x, str):
                _player_counters(g, x, k, -t)
                continue
            if g.objects[x].zone != "battlefield":
                g.objects[x] = g.objects[x].copy()  # (Game.copy shares objects off the battlefield)
            cs = g.objects[x].counters
            had = cs.get(k, 0)
            cs[k] = max(0, had - t)
            triggers.counters_removed(g, x, k, had - cs[k])
            if had > 0 and cs[k] == 0 and g.objects[x].zone == "battlefield":
                triggers.event(g, {"event": "last_counter_removed", "obj": x, "kind": k,
                                   "player": g.controller_of(x)})
                if k == "time":  # 702.62a: vanishing
                    triggers.event(g, {"event": "last_time_counter_removed", "obj": x,
                                       "player": g.controller_of(x)})
    g.changed()
    return None


def _its_counters(g: "Game", r: Ctx, e: Effect) -> None:
    """"When SELF dies, put its counters on target creature you control": as many counters of each
    kind as it had as it last existed (603.10, 608.2h: the leave event keeps them), put on each object
    named (121.6; each kind's replacements, 614.1a)."""
    info = this(g, r).trigger_info
    if "counters" in info:
        had = dict(info["counters"])
    elif e.get("of") == "it":  # the event's object, still where it is (no leave event kept its counters)
        objs = [x for x in refs(g, r, "it") if isinstance(x, int) and x in g.objects]
        had = dict(g.objects[objs[0]].counters) if objs else {}
    else:
        sid = source_id(g, r)
        had = dict(g.objects[sid].counters) if sid is not None and sid in g.objects else {}
    if e.get("only"):  # "put its +1/+1 counters on target creature you control": that kind only
        had = {k: v for k, v in had.items() if k == e.args["only"]}
    for x in refs(g, r, e.args["what"]):
        if not (isinstance(x, int) and x in g.objects and g.objects[x].zone == "battlefield"):
            continue
        for kind, k in sorted(had.items()):
            if k > 0 and counters_allowed(g, x, kind):
                cs = g.objects[x].counters
                got = replacement.counter_count(g, x, kind, k)
                cs[kind] = cs.get(kind, 0) + got
                replacement.done(g, f"counters:{x}:{kind}")
                triggers.counters_put(g, x, kind, got, controller(g, r))
    g.changed()


@op("move_counters")
def _move_counters(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """121.5: take counters from one object and put them onto a second: nothing happens when
    they are the same object, when the first has none of them, or when the second is no
    longer on the battlefield (no counter is removed then). ``kind`` "any": "Move a counter from target creature onto
    a second target creature" (Leech Bonder), of the kind the effect's controller chooses among those the first has;
    with ``amount`` "all", "Move all counters from target creature onto another target creature" (Fate Transfer),
    every counter of every kind. ``amount`` "all" of one kind moves every such counter, from each object ``what``
    names (Spike Cannibal: "move all +1/+1 counters from all creatures onto it"); "any_number" is chosen by the
    effect's controller, from none to all of them (608.2d)."""
    sid = source_id(g, r)
    frm = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects]
    to = [x for x in refs(g, r, e.args["to"]) if isinstance(x, int) and x in g.objects]
    kind = e.get("kind", "+1/+1")
    many = e.get("amount", 1)
    if len(to) != 1 or not frm or len(frm) > 1 and many != "all":
        return None
    b = g.objects[to[0]]
    if b.zone != "battlefield":
        return None
    for x in frm:
        a = g.objects[x]
        if x == b.id or a.zone != "battlefield":
            continue
        kinds = sorted(k for k, v in a.counters.items() if v > 0) if kind == "any" else [kind]
        if kind == "any" and many != "all" and len(kinds) > 1:  # "a counter": of the kind its controller chooses
            got = nested.answer(r, f"move_kind.{x}")
            if got is None:
                return {"kind": "choose_option", "player": controller(g, r), "options": kinds,
                        "slot": nested.slot(r, f"move_kind.{x}"), "prompt": f"{a.card.name}: move which counter?"}
            if got not in kinds:
                raise IllegalAction(f"{got!r}: not a kind of counter on {a.card.name}")
            kinds = [got]
        for k in kinds:
            have = a.counters.get(k, 0)
            if have <= 0 or not counters_allowed(g, b.id, k):
                continue
            if many == "all":
                n = have
            elif many == "any_number":
                got = nested.answer(r, f"move_number.{x}.{k}")
                if got is None:
                    return {"kind": "choose_number", "player": controller(g, r), "options": list(range(have + 1)),
                            "min": 0, "max": have, "slot": nested.slot(r, f"move_number.{x}.{k}"),
                            "prompt": f"{a.card.name}: move how many {k} counters onto {b.card.name}? (0 to {have})"}
                n = min(max(int(got), 0), have)
            else:
                n = min(amount(g, many, sid, r), have)
            if n <= 0:
                continue
            a.counters[k] -= n
            triggers.counters_removed(g, a.id, k, n)  # 121.5: moved counters are removed from the first object
            b.counters[k] = b.counters.get(k, 0) + n
            triggers.counters_put(g, b.id, k, n, controller(g, r))  # 121.5: and put onto the second object
            g.log("move_counters", counter=k, amount=n, source=a.card.name, to=b.card.name)
    g.changed()
    return None


TOKEN_KINDS: dict[str, tuple[str, str | tuple[str, ...], str]] = {
    "Treasure": ("Artifact", "Treasure", "{T}, Sacrifice this artifact: Add one mana of any color."),
    "Food": ("Artifact", "Food", "{2}, {T}, Sacrifice this artifact: You gain 3 life."),
    "Clue": ("Artifact", "Clue", "{2}, Sacrifice this artifact: Draw a card."),
    # later predefined tokens, each with the ability its reminder text gives:
    # Powerstone (The Brothers' War, 2022; restricted mana, 106.6), Blood (Innistrad: Crimson Vow, 2021),
    # Map (The Lost Caverns of Ixalan, 2023), Gold (Theros Beyond Death, 2020), Shard (Kamigawa:
    # Neon Dynasty, 2022, an enchantment), Lander (Edge of Eternities, 2025), Junk (Fallout, 2024)
    "Powerstone": ("Artifact", "Powerstone", "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."),
    "Blood": ("Artifact", "Blood", "{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card."),
    "Map": ("Artifact", "Map",
            "{1}, {T}, Sacrifice this artifact: Target creature you control explores. Activate only as a sorcery."),
    "Gold": ("Artifact", "Gold", "Sacrifice this artifact: Add one mana of any color."),
    "Shard": ("Enchantment", "Shard", "{2}, Sacrifice this enchantment: Scry 1, then draw a card."),
    "Junk": ("Artifact", "Junk", "{T}, Sacrifice this artifact: Exile the top card of your library. You may play that "
                                 "card this turn. Activate only as a sorcery."),
    "Lander": ("Artifact", "Lander", "{2}, {T}, Sacrifice this artifact: Search your library for a basic land card, "
                                     "put it onto the battlefield tapped, then shuffle."),
    # Mutagen (Teenage Mutant Ninja Turtles, 2026) and Vibranium (Marvel, 2026), as their reminder text gives them
    "Mutagen": ("Artifact", "Mutagen", "{1}, {T}, Sacrifice this artifact: Put a +1/+1 counter on target creature. "
                                       "Activate only as a sorcery."),
    "Vibranium": ("Artifact", "Vibranium", "Indestructible\n{T}: Add {C}. This mana can't be spent to cast a "
                                           "nonartifact spell."),
    # Role tokens (Wilds of Eldraine, 2023): colorless Aura Role enchantment tokens, named for their kind, each
    # with "Enchant creature" and the ability its reminder text gives; made attached to a creature (``attach_to``)
    "Cursed Role": ("Enchantment", ("Aura", "Role"), "Enchant creature\nEnchanted creature has base power and "
                                                    "toughness 1/1."),
    "Monster Role": ("Enchantment", ("Aura", "Role"), "Enchant creature\nEnchanted creature gets +1/+1 and has "
                                                     "trample."),
    "Royal Role": ("Enchantment", ("Aura", "Role"), "Enchant creature\nEnchanted creature gets +1/+1 and has "
                                                   "ward {1}."),
    "Sorcerer Role": ("Enchantment", ("Aura", "Role"), "Enchant creature\nEnchanted creature gets +1/+1 and has "
                                                      "\"Whenever this creature attacks, scry 1.\""),
    "Wicked Role": ("Enchantment", ("Aura", "Role"), "Enchant creature\nEnchanted creature gets +1/+1.\nWhen this "
                                                    "Aura is put into a graveyard from the battlefield, each opponent "
                                                    "loses 1 life."),
    "Young Hero Role": ("Enchantment", ("Aura", "Role"), "Enchant creature\nEnchanted creature has \"Whenever this "
                                                        "creature attacks, if its toughness is 3 or less, put a +1/+1 "
                                                        "counter on it.\""),
    "Virtuous Role": ("Enchantment", ("Aura", "Role"), "Enchant creature\nEnchanted creature gets +1/+1 for each "
                                                      "enchantment you control."),
}



def token_def(e: Effect) -> CardDef:
    """A token's characteristics as its effect defines them (111.4, 2016 rule 110.5c names)."""
    kind = e.get("kind")
    if kind in TOKEN_KINDS:
        t, sub, text = TOKEN_KINDS[kind]
        subs = list(sub) if isinstance(sub, tuple) else [sub]
        return compile_card({"name": kind, "types": [t], "subtypes": subs, "text": text, "manaCost": ""})
    subtypes = tuple(e.get("subtypes", ()))
    name = e.get("name") or " ".join(subtypes) or "Token"
    return CardDef(name=name, mana_cost=(), types=tuple(e.get("types", ("Creature",))),
                   supertypes=tuple(e.get("supertypes", ())), subtypes=subtypes,
                   colors=tuple(e.get("colors", ())), power=_s(e.get("power")), toughness=_s(e.get("toughness")),
                   keywords=tuple(e.get("keywords", ())), abilities=tuple(e.get("abilities", ())))



def _s(v: Any) -> str | None:
    return None if v is None else str(v)



def _name_self(x: Any, name: str) -> Any:
    """A token's abilities as the card creating it wrote them: 'create a token with "... return target card named
    Rekindling Phoenix ..."' is a name (201.2), the creating card's, which the compiler wrote SELF as everywhere in
    its text; in the token's abilities SELF as a name filter is that card's name, not the token's ("this creature"
    stays the token). The same objects back when nothing names it."""
    if isinstance(x, dict):
        got = {k: name if k == "name" and v == "SELF" else _name_self(v, name) for k, v in x.items()}
        return x if all(got[k] is x[k] for k in x) else got
    if isinstance(x, (list, tuple)):
        items = [_name_self(v, name) for v in x]
        return x if all(a is b for a, b in zip(items, x)) else type(x)(items)
    if is_dataclass(x) and not isinstance(x, type):
        changed = {f.name: _name_self(getattr(x, f.name), name) for f in fields(x)}
        return x if all(changed[k] is getattr(x, k) for k in changed) else replace(x, **changed)
    return x


@op("token")
def _token(g: "Game", r: Ctx, e: Effect) -> dict | None:
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    who = [p for p in refs(g, r, e.get("who", "you")) if isinstance(p, str)]
    r["created"] = []
    if e.get("copy_of") is not None:  # 706.2: a token copy has the original's copiable values
        # 400.7: a card this effect already moved ("exile target card ... create a token that's a copy of
        # that card") is found where it went
        cards = [g.objects[x].card for x in followed(g, r, refs(g, r, e.args["copy_of"]))
                 if isinstance(x, int) and x in g.objects]
        if not cards and e.args["copy_of"] == "self" and this(g, r).ability is not None:
            cards = [this(g, r).card]  # its source was exiled to pay (embalm): as it last existed, 608.2h
        if e.get("copy_except"):  # 706.9a-c: "except it's a white Zombie ... with no mana cost"
            cards = [copy_except(c, e.args["copy_except"]) for c in cards]
    else:  # "an X/X token where X is ...": the numbers as the effect resolves (608.2h)
        pt = {k: amount(g, e.args[k], source_id(g, r), r) for k in ("power", "toughness")
              if isinstance(e.args.get(k), dict)}
        cards = [token_def(Effect(e.op, {**e.args, **pt}) if pt else e)]
        if e.get("abilities") and "'name': 'SELF'" in repr(e.args["abilities"]):  # named after the creating card
            cards = [replace(c, abilities=_name_self(c.abilities, this(g, r).card.name)) for c in cards]
    # 800.4b, 800.4d: no token is created under the control of a player who has left the game
    each = names_that_player(e.get("amount", 1))  # "each player creates a token for each Forest they control"
    if e.get("per_gone") is not None:  # "for each creature destroyed this way, its controller creates ..."
        pg = e.args["per_gone"]
        made = [(rec["controller"], card) for rec in r.get("gone_this_way", ())
                if gone_matches(rec, pg["action"], pg["filter"]) and seats.can_control(g, rec["controller"])
                and (not pg.get("graveyard") or rec.get("to") == "graveyard")  # "put into a graveyard this way"
                for card in _tokens(g, rec["controller"], cards, n)]
    else:
        made = [(p, card) for p in who if seats.can_control(g, p)
                for card in _tokens(g, p, cards, amount_for(g, e.args["amount"], source_id(g, r), r, p) if each else n)]
    defenders: list[str | None] = [None] * len(made)
    if e.get("per_opponent"):  # "for each opponent, create a token that's tapped and attacking that player": the
        # tokens once for each opponent still in the game (102.2), each attacking that one (508.4)
        foes = [q for p in who[:1] for q in seats.opponents(g, p)]
        made, defenders = [pc for _ in foes for pc in made], [q for q in foes for _ in made]
    hosts: list[int] | None = None
    if e.get("attach_to") is not None:  # "create a Wicked Role token attached to up to one target creature" (Role
        # tokens, a later rule: Wilds of Eldraine, 2023): the tokens for each object named, each entering attached
        hosts = [x for x in refs(g, r, e.args["attach_to"]) if isinstance(x, int) and x in g.objects
                 and g.objects[x].zone == "battlefield"]
        made, hosts = [pc for _ in hosts for pc in made], [h for h in hosts for _ in made]
    attacks: list[Any] = [None] * len(made)
    if e.get("attacking"):  # 508.4: what each attacks is chosen as it enters, asked before any is made
        for k, (p, _) in enumerate(made):
            attacks[k], ask = attack_choice(g, r, p, k, defenders[k], e.get("per_opponent") == "or_walker")
            if ask is not None:
                return ask
    blocked = [x for x in refs(g, r, e.args["blocking"]) if isinstance(x, int) and x in g.objects
               and g.objects[x].attacking is not None] if e.get("blocking") is not None else []
    place = 0
    if blocked and g.objects[blocked[0]].blockers:
        # 509.7: the active player announces the new blocker's place in the attacker's order
        got = r["answers"].get(f"{r['i']}.place")
        if got is None:
            n = len(g.objects[blocked[0]].blockers)
            return {"kind": "choose_option", "player": g.active, "options": [str(k) for k in range(1, n + 2)],
                    "slot": f"{r['i']}.place",
                    "prompt": f"the new blocker's place in {g.objects[blocked[0]].card.name}'s damage assignment order"}
        place = int(got) - 1
    # 603.6a: the tokens of one effect enter at once (``create_tokens``), then each is put attacking or blocking
    ids = create_tokens(g, [(card, p) for p, card in made], bool(e.get("tapped")), hosts=hosts)
    for tgt, t in zip(attacks, ids):
        r["created"].append(t)
        if e.get("attacking"):
            put_attacking(g, t, tgt)
        if blocked:
            put_blocking(g, t, blocked[0], place)
    if e.get("investigate"):  # 701.33a: each time a player investigates ("whenever you investigate", 603.2)
        for p in who:
            for _ in range(n if seats.can_control(g, p) else 0):
                pl = g.players[p]
                first = pl.investigated_turn != g.turn
                pl.investigated_turn = g.turn
                triggers.event(g, {"event": "investigate", "player": p, "first": first})
    return None



def replacement_tokens(g: "Game", made: Any) -> None:
    """The tokens a replacement effect creates as it replaces a move (614.1a: "If a nontoken creature an opponent
    controls would die, instead exile that card and create a 2/2 black Zombie creature token", Kalitas): (controller,
    token effect args) pairs, each made under that player's control (614.1a "twice that many" applies too)."""
    for ctl, args in made or ():
        if ctl in g.players and seats.can_control(g, ctl):
            create_tokens(g, [(card, ctl) for card in _tokens(g, ctl, [token_def(Effect("token", args))],
                                                               int(args.get("amount", 1)))], bool(args.get("tapped")))


def _tokens(g: "Game", player: str, cards: list[CardDef], n: int) -> list[CardDef]:
    """``n`` tokens of each of ``cards`` (in turn: one of each, then again), each kind as many as its
    replacement effects make it (614.1a: "twice that many of those tokens", engine/replacement.py)."""
    counts = [replacement.token_count(g, player, c, n) for c in cards]
    return [c for k in range(max(counts, default=0)) for c, m in zip(cards, counts) if k < m]


@op("encore")
def _encore(g: "Game", r: Ctx, e: Effect) -> None:
    """Encore (a later keyword: Commander Legends, 2020): for each opponent, a token copy of the card
    (exiled to pay the cost: as it last existed, 608.2h) that attacks that opponent this turn if
    able (508.1d; engine/combat.py required_targets) and has haste; "those tokens" for what follows."""
    p = controller(g, r)
    card = this(g, r).card
    r["created"] = []
    for opp in seats.opponents(g, p):
        if not seats.can_control(g, p):
            break
        for _ in range(replacement.token_count(g, p, card, 1)):  # 614.1a: "twice that many of those tokens"
            t = create_token(g, card, p)
            add_effect(g, "6", [t], r, "never", keywords=["Haste"])
            add_effect(g, "rule", [t], r, "eot", rule="must_attack", attack_player=opp)
            r["created"].append(t)


@op("attach")
def _attach(g: "Game", r: Ctx, e: Effect) -> None:
    """701.3: attach an Aura or Equipment."""
    what = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    to = [x for x in refs(g, r, e.args["to"]) if isinstance(x, int)]
    if e.get("fit") and to:  # "attach all / any number of Auras and Equipment ... to it": each one as its kind may be
        # (301.5c: an Equipment to a creature; 303.4a: an Aura to what it could enchant), the others stay (701.3b)
        for w in what:
            if w in g.objects and g.objects[w].zone == "battlefield":
                kinds = g.chars(w).subtypes
                if "Equipment" in kinds:
                    _attach_one(g, w, to[0], creature_only=True)
                elif "Aura" in kinds:
                    _attach_one(g, w, to[0], aura=True)
        return
    if what and to:
        _attach_one(g, what[0], to[0], bool(e.get("creature_only")), bool(e.get("aura")))


def _attach_one(g: "Game", w: int, t: int, creature_only: bool = False, aura: bool = False) -> None:
    """701.3a-b: attach ``w`` to ``t`` (on the battlefield), or nothing happens when it can't be."""
    if t not in g.objects or g.objects[t].zone != "battlefield":
        return
    if creature_only and ("Creature" not in g.chars(t).types or w == t or g.objects[w].zone != "battlefield"):
        return  # 301.5c: an Equipment attaches only to a creature; 701.3b: otherwise nothing happens
    if not attach_allowed(g, w, t):
        return  # "SELF can be attached only to a creature with toughness 4 or greater": nothing happens (701.3b)
    if aura and not _could_enchant(g, w, t):
        return  # "attach target Aura you control to target creature" (Aura Finesse): an Aura that couldn't
        # legally enchant it (its enchant ability, protection: 303.4, 702.16c) stays where it is (701.3b)
    was = g.objects[w].attached_to
    g.objects[w].attached_to = t
    g.ts += 1
    g.objects[w].timestamp = g.ts
    g.changed()
    if was is not None and was != t and g.objects[w].zone == "battlefield":
        triggers.unattached(g, w, was)  # moved to another object: no longer attached to the first (701.3c)
    if was != t:
        triggers.attached(g, w, t)  # 701.3a ("attaching it to the object it's already attached to" does nothing,
        # 701.3b)



def _could_enchant(g: "Game", aura: int, host: int) -> bool:
    """303.4a, 702.16c: may the Aura ``aura`` become attached to the permanent ``host`` (its enchant ability's
    filter; the host has no protection from it)?"""
    o = g.objects.get(aura)
    if o is None or o.zone != "battlefield" or "Aura" not in g.chars(aura).subtypes or aura == host:
        return False
    f = o.card.keyword_args.get("Enchant")
    return isinstance(f, dict) and matches(g, host, f, aura, g.controller_of(aura)) \
        and not protected(g, g.chars(host), aura)


@op("unattach")
def _unattach(g: "Game", r: Ctx, e: Effect) -> None:
    """701.3d: unattach an Equipment (reconfigure): it stays on the battlefield, attached to nothing."""
    for x in refs(g, r, e.args["what"]):
        was = g.objects[x].attached_to if isinstance(x, int) and x in g.objects else None
        if isinstance(x, int) and was is not None:
            g.objects[x].attached_to = None
            g.changed()
            triggers.unattached(g, x, was)


@op("keep_rest")
def _keep_rest(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """"For each player, you choose from among the permanents that player controls an artifact, a creature,
    an enchantment, and a planeswalker. Then each player sacrifices all other nonland permanents they
    control" (Tragic Arrogance), "Each player chooses from among the permanents they control an artifact,
    a creature, an enchantment, and a land, then sacrifices the rest" (Cataclysm): for each player in turn
    order (101.4), one permanent of each kind named, if any, each permanent for one kind only (608.2c);
    then every other permanent of the group is sacrificed at once (701.14a)."""
    sid = source_id(g, r)
    you = controller(g, r)
    kinds: list[dict[str, Any]] = list(e.args["keep"])
    among = dict(e.get("among") or {})
    kept: list[int] = []
    named = {p for p in refs(g, r, e.get("players", "each_player")) if isinstance(p, str)}
    players = [p for p in seats.apnap(g) if p in named]  # 101.4: in APNAP order
    if e.get("fewest"):
        return _keep_fewest(g, r, e, players, {**among, **kinds[0]})
    if e.get("whole"):  # "Choose up to one creature. Destroy the rest." (Duneblast): one choice among them all
        slot = f"{r['i']}.keep.all"
        got = r["answers"].get(slot)
        if got is None:
            opts = [i for i in g.battlefield if g.controller_of(i) in players and matches(g, i, {**among, **kinds[0]},
                                                                                         sid, you)]
            if opts:
                return dict(ask_cards(r, you, opts, 0 if e.get("up_to") else 1, 1,
                                      f"{this(g, r).card.name}: the one to keep"), slot=slot)
            r["answers"][slot] = got = []
        kept = [x for x in got if x in g.objects]
        players_choosing: list[str] = []
    else:
        players_choosing = players
    for p in players_choosing:
        chosen: list[int] = []
        for k, f in enumerate(kinds):
            slot = f"{r['i']}.keep.{p}.{k}"
            got = r["answers"].get(slot)
            if got is None:
                opts = [i for i in g.battlefield if i not in chosen and g.controller_of(i) == p
                        and matches(g, i, {**among, **f}, sid, p)]
                if not opts:
                    r["answers"][slot] = got = []
                elif e.get("total_power_le") is not None:  # "any number of creatures they control with total
                    # power 4 or less" (Slaughter the Strong): checked as the answer is given (engine/effects.py)
                    who = p if e.get("chooser") == "each" else you
                    lim = int(e.args["total_power_le"])
                    return dict(ask_cards(r, who, opts, 0, len(opts), f"{this(g, r).card.name}: the creatures {p} "
                                                                        f"keeps, total power {lim} or less"),
                                slot=slot, power_limit=lim, powers=[g.chars(i).power or 0 for i in opts])
                else:
                    who = p if e.get("chooser") == "each" else you
                    return dict(ask_cards(r, who, opts, 0 if e.get("up_to") else 1, 1,  # "up to two creatures"
                                          f"{this(g, r).card.name}: the permanent of this kind "
                                          f"{p} keeps ({k + 1} of {len(kinds)})"), slot=slot)
            chosen += [x for x in got if x in g.objects]
        kept += chosen
    rest = dict(e.get("rest") or {"permanent": True})
    if e.get("rule"):  # "Target opponent chooses a creature they control. Other creatures they control can't block
        # this turn" (Goblin War Cry): the rest get that rule until the turn ends (fixed as it resolves, as the op
        # "restrict" fixes "Creatures without flying can't block this turn": a creature arriving later is not covered)
        others = [i for i in g.battlefield if i not in kept and g.controller_of(i) in players
                  and matches(g, i, rest, sid, g.controller_of(i))]
        add_effect(g, "rule", others, r, "eot", rule=e.args["rule"])
        return None
    if e.get("destroy"):  # "Each player chooses a creature they control. Destroy the rest." (Divine Reckoning):
        # the others are destroyed at once (701.7a: regeneration and indestructible as for any destruction)
        doomed = [i for i in g.battlefield if i not in kept and g.controller_of(i) in players
                  and matches(g, i, rest, sid, g.controller_of(i))]
        for x in doomed:
            plan_destroy(g, x, True, by_effect=True)
        for x in doomed:
            if x in g.objects and g.objects[x].zone == "battlefield":
                destroy(g, x, True, by_effect=True)
        return None
    victims = [i for i in g.battlefield if i not in kept and g.controller_of(i) in players
               and matches(g, i, rest, sid, g.controller_of(i))
               and not player_statics.cant_cause(g, g.controller_of(i) or "", "sacrifice", you)]  # 101.2
    plan_to_graveyard(g, victims)
    for x in victims:
        if x in g.objects and g.objects[x].zone == "battlefield":
            sacrifice(g, x)
    return None


def _keep_fewest(g: "Game", r: Ctx, e: Effect, players: list[str], f: dict[str, Any]) -> dict | None:
    """"Each player chooses a number of lands they control equal to the number of lands controlled by the player
    who controls the fewest, then sacrifices the rest" and "Players discard cards ... the same way" (Balance): the
    number is counted once, before anyone chooses (608.2c); each player in APNAP order chooses that many of their
    own (101.4; a player with no more than that many keeps them all), then every other one is sacrificed at once
    (701.14a), or, of the cards in hand (``zone`` "hand"), discarded at once (701.8a)."""
    sid = source_id(g, r)
    hand = e.get("zone") == "hand"

    def pool(p: str) -> list[int]:
        if hand:
            return list(g.players[p].hand)
        return [i for i in g.battlefield if g.controller_of(i) == p and matches(g, i, f, sid, p)]
    slot_n = f"{r['i']}.keep.fewest"
    if slot_n not in r["answers"]:
        r["answers"][slot_n] = min((len(pool(p)) for p in players), default=0)
    n = int(r["answers"][slot_n])
    kept: list[int] = []
    for p in players:
        slot = f"{r['i']}.keep.{p}.fewest"
        got = r["answers"].get(slot)
        if got is None:
            opts = pool(p)
            if len(opts) <= n or n == 0:  # nothing to choose: all of them kept, or none
                r["answers"][slot] = got = list(opts) if len(opts) <= n else []
            else:
                what = "cards in their hand" if hand else "permanents"
                return dict(ask_cards(r, p, opts, n, n, f"{this(g, r).card.name}: the {n} {what} {p} keeps"),
                            slot=slot)
        kept += [x for x in got if x in g.objects]
    rest = [i for p in players for i in pool(p) if i not in kept]
    if hand:
        plan_to_graveyard(g, rest)
        for x in rest:
            if x in g.objects and g.objects[x].zone == "hand":
                discard(g, x)
        return None
    you = controller(g, r)
    victims = [i for i in rest if not player_statics.cant_cause(g, g.controller_of(i) or "", "sacrifice", you)]
    plan_to_graveyard(g, victims)
    for x in victims:
        if x in g.objects and g.objects[x].zone == "battlefield":
            sacrifice(g, x)
    return None


@op("sacrifice")
def _sacrifice(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """701.14: sacrifice (the player chooses among their permanents)."""
    if "what" in e.args:
        xs = [x for x in refs(g, r, e.args["what"])
              if isinstance(x, int) and x in g.objects and g.objects[x].zone == "battlefield"
              and not player_statics.cant_cause(g, g.controller_of(x) or "", "sacrifice", controller(g, r))]
        plan_to_graveyard(g, xs)
        for x in xs:
            if x in g.objects and g.objects[x].zone == "battlefield":
                sacrifice(g, x)
        return None
    who = [p for p in refs(g, r, e.get("who", "you")) if isinstance(p, str)
           and (e.get("exile") or e.get("bounce")
                or not player_statics.cant_cause(g, p, "sacrifice", controller(g, r)))]  # 101.2
    f = dict(e.get("filter") or {"permanent": True})
    f["controller"] = "you"
    every = e.get("amount") == "any"  # "sacrifice any number of lands": how many is the player's choice
    whole = e.get("amount") == "all"  # "sacrifice all creatures you control": each one, no choice (701.14a)
    # "each opponent sacrifices half the creatures they control": counted for each player who sacrifices (608.2c)
    each = not every and not whole and names_that_player(e.get("amount", 1))
    n = 0 if every or each or whole else amount(g, e.get("amount", 1), source_id(g, r), r)
    picks: list[int] = []
    short: list[str] = []  # "each player who can't discards a card": those with fewer than it asks (608.2c)
    for p in who:  # "each player sacrifices": each chooses in APNAP order (101.4), then all at once
        if each:
            n = amount_for(g, e.args["amount"], source_id(g, r), r, p)
        mine = [i for i in g.battlefield if matches(g, i, f, source_id(g, r), p)]  # "another": not the source
        if len(mine) < n:
            short.append(p)
        if not mine:
            continue
        if whole:
            picks += mine
            continue
        slot = r["i"] if len(who) == 1 else f"{r['i']}.sacrifice.{p}"  # by name: a player may leave (800.4a)
        got = r["answers"].get(slot)
        if got is None:
            k = min(n, len(mine))
            least = e.get("total_power_ge")
            if every and least is not None:  # "any number of creatures with total power 12 or greater" (208.1)
                return dict(ask_cards(r, p, mine, 1, len(mine), f"sacrifice creatures with total power {least} or "
                                                                 "greater"),
                            slot=slot, power_min=int(least), powers=[g.chars(i).power or 0 for i in mine])
            if every:
                return dict(ask_cards(r, p, mine, 0, len(mine), "sacrifice any number"), slot=slot)
            verb = "exile" if e.get("exile") else "return to hand" if e.get("bounce") else "sacrifice"
            return dict(ask_cards(r, p, mine, k, k, f"{verb} {n}"), slot=slot)
        picks += [x for x in got if x in mine]
    r["couldnt"] = short
    if e.get("exile") or e.get("bounce"):  # "defending player exiles two permanents they control": chosen, then
        # exiled (406.3); "each player returns a creature they control to its owner's hand": to those hands together
        for x in picks:
            if x in g.objects and g.objects[x].zone == "battlefield":
                g.move(x, "exile" if e.get("exile") else "hand")
        return None
    r["sacrificed_this_way"] = r.get("sacrificed_this_way", 0) + len(picks)  # "... that many" (608.2c)
    plan_to_graveyard(g, picks)
    sid = source_id(g, r)
    # "then draw that many cards", "lands sacrificed this way": each as it last existed (608.2h)
    r.setdefault("gone_this_way", []).extend(gone_record(g, x, "sacrificed") for x in picks)
    pts = [(g.chars(x).power, g.chars(x).toughness) for x in picks]  # as they last existed (608.2h)
    r["sacrificed_pts"] = [*r.get("sacrificed_pts", ()), *pts]  # "its power" (engine/values.py power_of sacrificed)
    # "1 plus the sacrificed enchantment's mana value" (Enigmatic Incarnation): as they last existed (202.3, 608.2h)
    r["sacrificed_mvs"] = [*r.get("sacrificed_mvs", ()), *(int(mana_value(g.chars(x).card.mana_cost)) for x in picks)]
    now = {x: sacrifice(g, x) for x in picks}
    s = this(g, r)
    if picks and s.ability is not None and s.ability.keyword == "Exploit":
        # 702.109a: "when SELF exploits a creature": it sacrificed one with its exploit ability
        # (itself included: then its ability triggers from where it went); "the exploited creature's toughness"
        triggers.event(g, {"event": "exploits", "obj": now.get(sid, sid) if sid is not None else sid,
                           "player": who[0], "exploited_pt": pts[0]})
    return None
