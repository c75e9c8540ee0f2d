"""Applying the replacement and prevention effects of one event in the chosen order (CR 616).

When an event is about to happen, the effects that would modify it are collected as plain
candidates and applied one at a time (616.1): the affected player, or the controller of the
affected object (its owner when it has none), chooses which one applies next, then the effects
that apply to the modified event are checked again (616.1e, 616.2), each applying at most once
to the event (614.5). A self-replacement effect goes before the others (616.1a, 614.15), then
one changing who controls an entering object (616.1b), then a copy effect (616.1c).

The choice is asked only when it matters: when the applicable effects can be applied in
orders that end in different results (two identical "prevent the next 2 damage" shields, or
regeneration against "exile it instead if it would die", give one result whatever the order).

Planning is pure. ``run`` returns the modified event and the effects applied in order, or
raises NeedChoice with a ``choose_option`` decision whose data carries ``replace`` (the
event's key) and ``ids`` (the candidates offered, parallel to the options). Its answer is
kept in ``Game.replacing[key]`` and the caller plans the event again, from the start, before
anything changed (a resolving effect runs again, a state-based check is made again, combat
damage is dealt again); the answers are dropped once the event has happened. A caller that
cannot stop (``ask=False``) gets the first candidate in the order they were collected.

Events planned here:
- damage to one player or object (615: the prevention shields of the ``prevent`` op; 614.1a: the
  effects that make it deal more, "double that damage", "that much damage plus 1");
- a permanent being destroyed (701.6, regeneration 701.12) and any object being put into a
  graveyard (614.1a: "exile it instead", "shuffle it into its owner's library instead");
- a player gaining life (614.1a: "that much life plus N instead", "twice that much instead");
- tokens being created and counters being put on a permanent (614.1a: "twice that many of those
  tokens", "that many plus one +1/+1 counters").
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine import commander, player_statics, prepare, seats
from engine.cards.abilities import Ability, CardDef
from engine.choices import OBJECT_CHOICE, NeedChoice, on_enter
from engine.decision_kinds import named_option
from engine.errors import IllegalAction
from engine.filters import matches
from engine.layers import counters_allowed
from engine.memo import per_object
from engine.state import Obj
from engine.values import amount, condition

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Decision

Event = dict  # the event as it would happen now; "out" is its result, comparable with ==
Cand = dict   # {"id": str, "text": str, "tier": int, ...}: one applicable effect

#: 616.1a-d: effects of a lower tier are chosen before any of a higher one.
SELF_REPLACEMENT, CONTROL_ON_ENTER, COPY_ON_ENTER, OTHER = 0, 1, 2, 3

_MAX_CHECKED = 6  # more candidates than this: the order is asked without comparing the orders


def run(g: "Game", key: str, player: str, event: Event, applicable: Callable[[Event], list[Cand]],
        apply: Callable[[Event, Cand], Event], ask: bool = True) -> tuple[Event, list[Cand]]:
    """616.1: apply every effect that applies, once each (614.5), ``player`` choosing the order
    where it matters. Returns the final event and the candidates applied, in order."""
    got = g.replacing.get(key, ())
    step = 0
    used: frozenset[str] = frozenset()
    applied: list[Cand] = []
    while True:
        cands = _next(applicable(event), used)
        if not cands:
            return event, applied
        pick = cands[0]
        if len(cands) > 1 and _matters(event, used, applicable, apply):
            if step < len(got):
                found = next((c for c in cands if c["id"] == got[step]), None)
                if found is None:
                    raise IllegalAction("that effect does not apply to this event")
                pick = found
            elif ask:
                raise NeedChoice(_wait(g, key, player, cands, step))
            step += 1
        used |= {pick["id"]}
        applied.append(pick)
        event = apply(event, pick)


def _next(cands: list[Cand], used: frozenset[str]) -> list[Cand]:
    """The candidates not yet applied, of the lowest tier present (616.1a-d)."""
    left = [c for c in cands if c["id"] not in used]
    if len(left) > 1:
        tier = min(c["tier"] for c in left)
        left = [c for c in left if c["tier"] == tier]
    return left


def _outcomes(event: Event, used: frozenset[str], applicable: Callable[[Event], list[Cand]],
              apply: Callable[[Event, Cand], Event], seen: set[Any]) -> None:
    cands = _next(applicable(event), used)
    if not cands:
        seen.add(event["out"])
        return
    for c in cands:
        _outcomes(apply(event, c), used | {c["id"]}, applicable, apply, seen)


def _matters(event: Event, used: frozenset[str], applicable: Callable[[Event], list[Cand]],
             apply: Callable[[Event, Cand], Event]) -> bool:
    """Do the orders still open end in more than one result? (Not asked when they don't.)"""
    if len(applicable(event)) > _MAX_CHECKED:
        return True
    seen: set[Any] = set()
    _outcomes(event, used, applicable, apply, seen)
    return len(seen) > 1


def _wait(g: "Game", key: str, player: str, cands: list[Cand], step: int) -> dict[str, Any]:
    plain = [c["text"] for c in cands]
    texts = [f"{t} (#{plain[:i + 1].count(t)})" if plain.count(t) > 1 else t  # options are told apart by text
             for i, t in enumerate(plain)]
    return {"kind": "choose_option", "player": player, "options": texts, "replace": key, "answer_to": "replace",
            "ids": [c["id"] for c in cands], "step": step,
            "prompt": "several effects would modify this event: choose the one to apply first (616.1)"}


def answer(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """Record which effect applies next; the event is then planned again (616.1)."""
    opts = list(d.options)
    opt = named_option(opts, a.get("option"))
    key = d.data["replace"]
    got = g.replacing.setdefault(key, [])
    del got[d.data.get("step", 0):]
    got.append(d.data["ids"][opts.index(opt)])
    g.changed()
    g.log("replacement_chosen", player=d.player, choice=opt)


def done(g: "Game", key: str) -> None:
    """The event happened: its answers are no longer needed."""
    if g.replacing:
        g.replacing.pop(key, None)


# ------------------------------------------------------------------ damage (615)
#: 702.88a: "If enchanted permanent would be destroyed, instead remove all damage marked on it
#: and destroy this Aura" (renamed umbra armor in 2023, same rule)
_TOTEM = frozenset({"Totem armor", "Umbra armor"})


def shields(g: "Game") -> list[dict[str, Any]]:
    """The prevention effects in force (615.1), in the order they were created."""
    return [e for e in g.effects if e["layer"] == "prevent"] if g.effects else []


def static_shields(g: "Game", src: int, tgt: Any, combat: bool) -> list[dict[str, Any]]:
    """The prevention effects of static abilities that apply to one damage event, as shields of
    that event alone: "If a source would deal damage to you, prevent 1 of that damage" prevents
    that much of each such event (615.9; absorb, 702.63a); "Prevent all damage that would be dealt
    to SELF" all of it. The player or controller dealt the damage orders them with the others (616.1)."""
    out: list[dict[str, Any]] = []
    for k, (sid, ctl, st) in enumerate(player_statics.statics(g, "prevent_damage")):
        if st.get("combat") and not combat or st.get("noncombat") and combat:
            continue
        if st.get("by") == "opponent" and g.controller_of(src) == ctl:
            continue
        fr = st.get("from")  # "dealt by enchanted creature", "by creatures" (the source, 609.7)
        if fr is not None and not (fr == "self" and src == sid or fr == "attached" and g.objects[sid].attached_to == src
                                   or isinstance(fr, dict) and src in g.objects and matches(g, src, fr, sid, ctl)):
            continue
        whom = st.get("players")
        aff = st.get("affects")
        if isinstance(tgt, str):
            if not (whom == "you" and tgt == ctl or whom == "each" or whom is None and aff is None):
                continue
        elif aff is None:
            if whom is not None:
                continue  # "dealt to you": no permanent
        elif not (aff == "self" and tgt == sid or aff == "attached" and g.objects[sid].attached_to == tgt
                  or isinstance(aff, dict) and matches(g, tgt, aff, sid, ctl)):
            continue
        if st.get("condition") and not condition(g, st["condition"], sid, None):
            continue
        n = st.get("amount")  # "prevent X of that damage, where X is ...": counted now (611.3a)
        if isinstance(n, dict):
            n = max(0, g.amount(n, sid))
        shield = {"layer": "prevent", "ts": f"s{sid}.{k}:{src}>{tgt}", "amount": n,
                  "to": [tgt], "name": g.objects[sid].card.name, "controller": ctl}
        if st.get("all_but") is not None:  # "prevent all but 1 of that damage": of the event as it is then
            shield["all_but"] = int(st["all_but"])
        if st.get("then_counters"):  # "Put a +1/+1 counter on that creature for each 1 damage prevented this way"
            shield["rider"] = {"counters": st["then_counters"]}  # (Vigor, 615.5: engine/actions.py)
        elif st.get("then_gain_life"):  # "You gain life equal to the damage prevented this way" (Purity, 615.5)
            shield["rider"] = {"gain_life": True}
        if st.get("then_remove_counter"):  # "prevent that damage and remove a +1/+1 counter from it" (615.5)
            shield["rider"] = {"remove_counter": st["then_remove_counter"], "from": sid,
                               "that_many": bool(st.get("remove_that_many"))}
        out.append(shield)
    if not isinstance(tgt, str) and tgt in g.objects and g.objects[tgt].zone == "battlefield":
        # a prevention static granted to the creature dealt damage (613.1f, layer 6): "All Slivers have
        # absorb 1" gives each Sliver "If a source would deal damage to SELF, prevent 1 of that damage"
        # (702.63a), one shield per instance granted (702.63c); printed ones are collected above
        have = g.chars(tgt).abilities
        printed = list(g.objects[tgt].card.abilities)
        if len(have) == len(printed) and all(a is b for a, b in zip(have, printed)):
            have = []  # no ability granted (the common case): the printed statics were collected above
        for k, ab in enumerate(have):
            st = ab.static
            if ab.kind != "static" or not st or st.get("kind") != "prevent_damage" or st.get("affects") != "self":
                continue
            if ab in printed:  # the printed instance itself (an equal granted one is another instance)
                printed.remove(ab)
                continue
            if st.get("combat") and not combat:
                continue
            n = st.get("amount")
            if isinstance(n, dict):  # "prevent X of that damage, where X is ...": counted now (611.3a)
                n = max(0, g.amount(n, tgt))
            out.append({"layer": "prevent", "ts": f"g{tgt}.{k}:{src}>{tgt}", "amount": n,
                        "to": [tgt], "name": ab.text, "controller": g.controller_of(tgt),
                        **({"all_but": int(st["all_but"])} if st.get("all_but") is not None else {})})
    return out


def _shield_applies(g: "Game", e: dict[str, Any], src: int, tgt: Any, combat: bool) -> bool:
    if e.get("used") or e.get("combat") and not combat:
        return False
    if e.get("to") is not None and tgt not in e["to"]:
        return False
    if e.get("by") is not None and src not in e["by"]:
        return False
    if e.get("by_filter") is not None and not (src in g.objects and matches(g, src, e["by_filter"], None,
                                                                            e.get("controller"))):
        return False  # a group of sources, as the damage would be dealt (Fog of War)
    tp, tf = e.get("to_players"), e.get("to_filter")
    if tp is not None or tf is not None:  # a group of recipients, as the damage would be dealt (Divine Light)
        if isinstance(tgt, str):
            if not (tp == "each" or tp == "you" and tgt == e.get("controller")):
                return False
        elif tf is None or not (tgt in g.objects and matches(g, tgt, tf, None, e.get("controller"))):
            return False
    if g.influence is not None and e.get("to") is None and e.get("by") is None and e.get("controller"):
        # 801.13b: neither source nor recipient named (their references were kept to the range,
        # 801.10): it prevents only damage whose source and recipient are both within range
        you = e["controller"]
        who = [_seat_of(g, src), tgt if isinstance(tgt, str) else _seat_of(g, tgt)]
        return all(w is None or seats.in_range(g, you, w) for w in who)
    return True


def _seat_of(g: "Game", oid: Any) -> str | None:
    """801.2d: the player whose seat places an object: its controller (its owner off the battlefield)."""
    return seats.object_seat(g, oid)


def _shield_text(e: dict[str, Any], left: int | None) -> str:
    what = "the next damage from that source" if e.get("once") else \
        f"all but {e['all_but']} of that damage" if "all_but" in e else \
        "all damage" if left is None else f"the next {left} damage"
    rider = e.get("rider") or {}
    extra = " (a +1/+1 counter for each 1 damage prevented)" if rider.get("counters") else \
        " (you gain life equal to the damage prevented)" if rider.get("gain_life") else ""
    return f"{e.get('name', 'a prevention effect')}: prevent {what}{extra}"


def damage_mods(g: "Game", src: int, tgt: Any, combat: bool) -> list[Cand]:
    """The replacement effects that change how much damage one event deals (614.1a: "it deals double that
    damage ... instead", "that much damage plus 1 instead"), as candidates of ``prevent``: statics of the
    permanents in play and resolved effects of that kind (engine/player_statics.py)."""
    out: list[Cand] = []
    for k, (sid, ctl, st) in enumerate(player_statics.statics(g, "damage_mod")):
        if st.get("combat") and not combat or st.get("noncombat") and combat:
            continue
        fr = st.get("from")
        so = g.objects.get(sid)
        if fr is not None and not (fr == "self" and src == sid
                                   or fr == "attached" and so is not None and so.attached_to == src
                                   or isinstance(fr, dict) and src in g.objects and matches(g, src, fr, sid, ctl)):
            continue
        whom, aff = st.get("players"), st.get("affects")
        if isinstance(tgt, str):
            if not (whom == "each" or whom == "you" and tgt == ctl
                    or whom == "opponent" and tgt in seats.opponents(g, ctl)
                    or whom == "attached" and so is not None and so.attached_to == tgt):
                continue
        elif not (aff == "self" and tgt == sid or aff == "attached" and so is not None and so.attached_to == tgt
                  or isinstance(aff, dict) and matches(g, tgt, aff, sid, ctl)):
            continue
        if st.get("condition") and not condition(g, st["condition"], sid, None):
            continue
        n = int(st["amount"])
        how = f"that much damage plus {n}" if st["mod"] == "plus" else "double that damage" if n == 2 else \
            "triple that damage" if n == 3 else f"{n} times that damage"
        name = so.card.name if so is not None else "an effect"
        out.append({"id": f"d{sid}.{k}", "text": f"{name}: it deals {how} instead", "tier": OTHER,
                    "mod": st["mod"], "amount": n})
    return out


def prevent(g: "Game", src: int, tgt: Any, n: int, combat: bool, spent: dict[int, int], pool: list[dict[str, Any]],
            ask: bool = True, mods: list[Cand] | None = None) -> tuple[int, list[tuple[dict[str, Any], int]]]:
    """615.7: the damage left after the prevention shields that apply, the player or the
    controller of the creature choosing the order (616.1); ``spent`` holds what earlier damage
    of the same batch already took from each shield (by its ts). ``mods`` (damage_mods) change the
    amount of the damage (614.1a), in the order the same player chooses among them and the shields
    (616.1: "double that damage" then "prevent 3" is not "prevent 3" then double). Returns the damage
    left and the shields used with the amount each prevented."""
    left: dict[str, int | None] = {}
    by_id: dict[str, dict[str, Any]] = {}
    for e in pool:
        if _shield_applies(g, e, src, tgt, combat):
            k = None if e.get("amount") is None else e["amount"] - spent.get(e["ts"], 0)
            if k is None or k > 0:
                left[f"p{e['ts']}"] = k
                by_id[f"p{e['ts']}"] = e
    if not by_id and not mods:
        return n, []
    # what tells two shields apart in a result: identical shields give identical results
    sig = {i: (_shield_text(e, left[i]), e.get("controller")) for i, e in by_id.items()}
    cands = [{"id": i, "text": sig[i][0], "tier": OTHER} for i in by_id] + list(mods or ())

    def applicable(ev: Event) -> list[Cand]:
        return cands if ev["n"] > 0 else []

    def apply(ev: Event, c: Cand) -> Event:
        if "mod" in c:  # 614.1a: the event deals more damage; the shields already used keep what they took
            m = ev["n"] + c["amount"] if c["mod"] == "plus" else ev["n"] * c["amount"]
            return {"n": m, "took": ev["took"], "out": (m, ev["out"][1])}
        k = left[c["id"]]
        stop = ev["n"] if k is None else min(ev["n"], k)
        if "all_but" in by_id[c["id"]]:  # "prevent all but 1 of that damage" (615.9): of the damage as it is now
            stop = max(0, ev["n"] - by_id[c["id"]]["all_but"])
        took = ev["took"] + ((c["id"], stop),)
        m = ev["n"] - stop
        return {"n": m, "took": took, "out": (m, tuple(sorted((sig[i], s) for i, s in took)))}

    who = tgt if isinstance(tgt, str) else g.controller_of(tgt) or g.objects[tgt].owner
    final, _ = run(g, f"damage:{src}:{tgt}", who, {"n": n, "took": (), "out": (n, ())}, applicable, apply, ask)
    return final["n"], [(by_id[i], k) for i, k in final["took"]]


# ------------------------------------------------------------------ destroy and die (614.1a, 701.7, 701.14)
def _gy_text(name: str, to: str) -> str:
    return f"{name}: " + ("exile it instead" if to == "exile" else "put it on top of its owner's library instead"
                          if to == "library_top" else "shuffle it into its owner's library instead")


def cant_be_regenerated(g: "Game", oid: int) -> bool:
    """701.12b: a resolved effect ("it can't be regenerated this turn") or a static says this
    permanent can't be regenerated."""
    return any(e["layer"] == "rule" and e.get("rule") == "cant_be_regenerated" and oid in e["objects"]
               for e in g.effects) or any(x.get("rule") == "cant_be_regenerated" for x in g.chars(oid).rules)


def zone_change(g: "Game", o: "Obj", frm: str, to: str, destroy: bool = False, regen_ok: bool = True,
                ask: bool = True, by_effect: bool = False) -> Event:
    """Where ``o`` goes when it would be destroyed (``destroy``) or put into ``to`` from
    ``frm``: the event after its replacements, {"to": zone or "library_shuffle" or None,
    "regen": True when it regenerated instead}. The fast path (nothing applies) is cheap.

    903.9 (a commander's owner may put it into the command zone instead) is asked last, of
    the event as the other effects left it: it may apply again to an event another effect
    modified (an exception to 614.5), so its owner's choice is between the command zone and
    that result."""
    dies = frm == "battlefield" and to == "graveyard"
    cands: list[Cand] = []
    if destroy and regen_ok and o.regen > 0 and not cant_be_regenerated(g, o.id):  # 701.12a: the next
        # time it would be destroyed, unless it can't be regenerated (701.12b)
        cands.append({"id": "regen", "text": f"{o.card.name}: regenerate", "tier": OTHER, "regen": True})
    if destroy and by_effect and frm == "battlefield" and o.counters.get("shield", 0) > 0:
        # a shield counter (a later rule, Streets of New Capenna): "If this permanent would be destroyed as the
        # result of an effect, instead remove a shield counter from it" (not by a state-based action)
        cands.append({"id": "shield", "text": f"{o.card.name}: remove a shield counter", "tier": OTHER,
                      "shield": True})
    if destroy and frm == "battlefield":
        for aura in totem_armor(g, o.id):  # 702.88a: the Aura is destroyed instead
            cands.append({"id": f"t{aura}", "text": f"{g.objects[aura].card.name}: totem armor", "tier": OTHER,
                          "totem": aura})
    if dies and o.counters.get("finality", 0) > 0:  # a finality counter (a later rule, March of the Machine): "If a
        # permanent with a finality counter on it would die, exile it instead" (a replacement as 614.1a's)
        cands.append({"id": "finality", "text": _gy_text(f"{o.card.name}'s finality counter", "exile"),
                      "tier": OTHER, "to": "exile"})
    if dies and g.effects:
        for e in g.effects:  # "if it would die this turn, exile it instead"; "if a creature [an opponent
            # controls] would die this turn, ...": any creature of that kind as it would die (614.1a; not a
            # characteristic-changing effect, so not only the creatures there as it began, 611.2c)
            if e["layer"] == "exile_if_dies" and (o.id in e["objects"] or "filter" in e and matches(
                    g, o.id, e["filter"], controller=e.get("controller"))):
                cands.append({"id": f"x{e['ts']}", "text": _gy_text(e.get("name", "an effect"), "exile"),
                              "tier": OTHER, "to": "exile"})
    if to == "graveyard":
        for i, (sid, name, dest, link, token) in enumerate(player_statics.graveyard_replacements(g, o, frm)):
            cands.append({"id": f"g{sid}.{i}", "text": _gy_text(name, dest), "tier": OTHER, "to": dest,
                          **({"link": sid} if link else {}), **({"token": token} if token else {})})
    ev: Event = {"to": to, "regen": False, "destroy": destroy, "out": (to, False)}
    if not cands:
        if g.commanders:
            ev["to"] = commander.replace(g, o, frm, to, ask)
        return ev

    def applicable(ev: Event) -> list[Cand]:
        return [c for c in cands if ((c.get("regen") or c.get("totem") or c.get("shield")) and ev["destroy"])
                or c.get("to") and ev["to"] == "graveyard"]

    def apply(ev: Event, c: Cand) -> Event:
        if c.get("regen"):  # the destruction is replaced: it stays (the rest no longer applies)
            return {"to": None, "regen": True, "destroy": False, "out": (None, True)}
        if c.get("shield"):  # the destruction is replaced: a shield counter is removed instead
            return {"to": None, "regen": False, "shield": True, "destroy": False, "out": (None, "shield")}
        if c.get("totem"):  # 702.88a: it stays, its damage is removed, the Aura is destroyed instead
            return {"to": None, "regen": False, "totem": c["totem"], "destroy": False, "out": (None, c["totem"])}
        # still a destruction when it was one (a regeneration shield still applies to it); a source
        # whose exiled cards are linked to another of its abilities remembers them (614.14)
        # (where it is linked makes a different result: the choice of 616.1 matters then)
        return {"to": c["to"], "regen": False, "destroy": ev["destroy"], "out": (c["to"], False, c.get("link")),
                **({"link": c["link"]} if "link" in c else {}),
                # "... and create a 2/2 black Zombie creature token": made as the card moves (614.1a)
                **({"tokens": [*ev.get("tokens", ()), c["token"]]} if "token" in c else {})}

    owner = g.controller_of(o.id) if o.zone == "battlefield" else o.owner
    final, _ = run(g, f"zone:{o.id}", owner or o.owner, ev, applicable, apply, ask)
    if g.commanders and final["to"] is not None:
        final = dict(final, to=commander.replace(g, o, frm, final["to"], ask))
    return final


def totem_armor(g: "Game", oid: int) -> list[int]:
    """702.88a: the Auras with totem armor (umbra armor, its later name) attached to ``oid``."""
    return [a for a in g.battlefield if g.objects[a].attached_to == oid
            and _TOTEM & g.chars(a).keywords]


# ------------------------------------------------------------------ life gain (614.1a)
@per_object
def _gain_statics(card: Any) -> tuple[tuple[str, int], ...]:
    """A card's life gain replacements: ("plus", N) or ("double", 2)."""
    return tuple(("plus", int(ab.static.get("amount", 1))) if ab.static["kind"] == "life_gain_plus" else ("double", 2)
                 for ab in card.abilities if ab.kind == "static" and ab.static
                 and ab.static.get("kind") in ("life_gain_plus", "life_gain_double"))


def life_gain(g: "Game", player: str, n: int, ask: bool = True) -> int:
    """614.1a: how much life ``player`` gains instead of ``n`` ("you gain that much life plus N
    instead", Angel of Vitality; "twice that much life instead", Rhox Faithmender), in the
    order the player chooses (616.1): (3 + 1) x 2 = 8, or 3 x 2 + 1 = 7. A negative amount: that much life is
    lost instead ("If an opponent would gain life, that player loses that much life instead", Tainted Remedy)."""
    if n <= 0:
        return 0  # no life to gain: nothing to replace (a negative result means a loss instead)
    cands: list[Cand] = []
    for oid in g.battlefield:
        sts = _gain_statics(g.objects[oid].card)
        if sts and g.controller_of(oid) == player:
            name = g.objects[oid].card.name
            for i, (kind, k) in enumerate(sts):
                text = f"{name}: gain that much life plus {k} instead" if kind == "plus" else \
                    f"{name}: gain twice that much life instead"
                cands.append({"id": f"{oid}.{i}", "text": text, "tier": OTHER, "kind": kind, "k": k})
    for oid, st in _statics_of(g, "life_gain_to_loss"):  # "If an opponent would gain life, that player loses that much
        if st.get("who") == "opponent" and player in seats.opponents(g, g.controller_of(oid) or ""):  # life instead"
            cands.append({"id": f"{oid}.loss", "text": f"{g.objects[oid].card.name}: lose that much life instead",
                          "tier": OTHER, "kind": "loss", "k": 0})
    if not cands:
        return n

    def applicable(ev: Event) -> list[Cand]:
        return cands if ev["out"] > 0 else []

    def apply(ev: Event, c: Cand) -> Event:
        if c["kind"] == "loss":  # a negative amount: that much life is lost instead (gain_life)
            return {"out": -ev["out"]}
        m = ev["out"] + c["k"] if c["kind"] == "plus" else ev["out"] * c["k"]
        return {"out": m}

    final, _ = run(g, f"gain:{player}", player, {"out": n}, applicable, apply, ask)
    return final["out"]


# ------------------------------------------------------------------ tokens and counters (614.1a)
def _statics_of(g: "Game", kind: str) -> list[tuple[int, dict[str, Any]]]:
    """The permanents' statics of ``kind`` (their abilities as the layers leave them, 613)."""
    return [(oid, ab.static) for oid in g.battlefield for ab in g.chars(oid).abilities
            if ab.kind == "static" and ab.static and ab.static.get("kind") == kind]


def token_count(g: "Game", player: str, card: CardDef, n: int) -> int:
    """614.1a: how many tokens of ``card`` an effect creates under ``player``'s control instead of ``n``:
    "twice (three times) that many of those tokens" (Doubling Season, Parallel Lives, Primal Vigor, Ojer
    Taq), each effect once (614.5). Multiplications commute, so no order is asked (616.1)."""
    if n <= 0:
        return n
    sts = [(g.controller_of(oid), st) for oid, st in _statics_of(g, "token_multiply")]
    # "Until end of turn, if one or more tokens would be created under your control, twice that many ..." (Kaya,
    # Geist Hunter): a resolved effect's, of its controller (611.2a; engine/player_statics.py gathers them)
    sts += [(ctl, st) for _sid, ctl, st in (player_statics.statics(g, "token_multiply") if g.effects else ())]
    for ctl, st in sts:
        if st.get("whose") == "you" and ctl != player:
            continue
        if st.get("token_type") and st["token_type"] not in card.types:
            continue
        n *= int(st.get("times", 2))
    return n


def token_replaced(g: "Game", player: str, card: CardDef) -> CardDef:
    """614.1a: the token created under ``player``'s control instead of ``card``: "If one or more creature tokens
    would be created under your control, that many 4/4 white Angel creature tokens with flying and vigilance are
    created instead" (Divine Visitation; the latest such effect, each once, 614.5)."""
    if not g.battlefield:
        return card
    sts = [st for oid, st in _statics_of(g, "token_become") if g.controller_of(oid) == player
           and (not st.get("token_type") or st["token_type"] in card.types)]
    if not sts:
        return card
    return g.token_card(sts[-1]["token"])


def counter_count(g: "Game", oid: int, kind: str, n: int, ask: bool = True) -> int:
    """614.1a, 121.6: how many ``kind`` counters are put on permanent ``oid`` instead of ``n``: "twice that
    many" (Doubling Season, Corpsejack Menace), "that many plus one" (Hardened Scales, Winding Constrictor),
    "that many minus one" (Vizier of Remedies), in the order its controller chooses (616.1: with 2 counters,
    (2 + 1) x 2 = 6 or 2 x 2 + 1 = 5). A caller that can stop plans this before anything changes; the
    counters put are then ``replaced`` (engine.actions)."""
    if n <= 0:
        return n
    you = g.controller_of(oid)
    cands: list[Cand] = []
    for src, st in _statics_of(g, "counter_change"):
        if st.get("counter") not in (None, kind):
            continue
        f = st.get("affects")
        if not (oid == src if f == "self" else isinstance(f, dict) and matches(g, oid, f, src)):
            continue
        how = str(st.get("how"))
        name = g.objects[src].card.name
        text = {"twice": "twice that many", "plus": "that many plus one"}.get(how, "that many minus one")
        cands.append({"id": f"{src}.{len(cands)}", "text": f"{name}: {text} {kind} counters instead",
                      "tier": OTHER, "how": how})
    if not cands:
        return n

    def applicable(ev: Event) -> list[Cand]:
        return cands if ev["out"] > 0 else []

    def apply(ev: Event, c: Cand) -> Event:
        m = ev["out"]
        return {"out": m * 2 if c["how"] == "twice" else m + 1 if c["how"] == "plus" else m - 1}

    final, _ = run(g, f"counters:{oid}:{kind}", you or "", {"out": n}, applicable, apply, ask)
    return final["out"]


def player_counter_count(g: "Game", player: str, kind: str, n: int) -> int:
    """614.1a, 121.1: how many ``kind`` counters ``player`` gets instead of ``n``: "If you would get one or more
    counters, you get that many plus one of each of those kinds of counters instead" (Winding Constrictor), "If you
    would get one or more {E}, you get twice that many {E} instead" (Aether Refinery: energy counters, a later symbol),
    each effect once (614.5), the statics of permanents that player controls. Several of them apply in the order of
    their timestamps (the player's choice of 616.1 is not asked)."""
    if n <= 0 or not g.battlefield:
        return n
    for oid, st in sorted(_statics_of(g, "player_counter_change"), key=lambda e: g.objects[e[0]].timestamp):
        if g.controller_of(oid) == player and st.get("counter") in (None, kind):
            n = n * 2 if st.get("how") == "twice" else n + 1
    return n


def draw_replaced(g: "Game", player: str) -> bool:
    """614.11: a draw of ``player`` about to happen is replaced by the first unused "the next time
    you would draw a card this turn, ... instead" of theirs (Words of Worship), whether or not
    their library has a card (614.11); it applies once (614.5). Its actions happen at once, in the
    middle of a sequence of draws if need be (614.11a); they may be modified by other replacement
    effects in turn (616.2: the life gained instead of a draw can be gained "plus 1"). True when
    the draw was replaced. What it does asks no player anything (the compiler allows only such
    actions), so a draw never waits for a decision here."""
    rec = next((e for e in g.effects if e["layer"] == "draw_replace" and e["player"] == player
                and not e.get("used")), None)
    if rec is None or rec.get("asks"):
        # one whose actions ask a player something is applied by the draws that can wait for an answer (the draw
        # instruction, the draw step: ``asking_draw``); a draw made elsewhere is not replaced by it
        return False
    rec["used"] = True
    g.log("replace_draw", player=player, card=rec["name"])
    tmp = Obj(g.next_id, 0, CardDef(rec["name"], (), ()), player, "effect")  # the effect's own source record
    tmp.ability = Ability("triggered", rec["name"])
    g.next_id += 1
    g.objects[tmp.id] = tmp
    try:
        r = {"obj": tmp.id, "controller": player, "i": f"draw.{rec['ts']}", "answers": {}, "created": []}
        for eff in rec["effects"]:
            if g.OPS[eff.op](g, r, eff) is not None:
                raise RuntimeError(f"a draw replacement asked for a decision: {eff.op}")  # a bug: see DRAW_INSTEAD_OPS
    finally:
        del g.objects[tmp.id]
    g.changed()
    return True


def asking_draw(g: "Game", player: str) -> dict[str, Any] | None:
    """614.11: the "the next time you would draw a card this turn, ... instead" of ``player`` that applies to their
    next draw when its actions ask a player something ("each player returns a permanent they control to its owner's
    hand", Words of Wind): the first unused one, if it is such; None otherwise (``draw_replaced`` applies the
    others). The caller applies it (``replace_draw_now``)."""
    rec = next((e for e in g.effects if e["layer"] == "draw_replace" and e["player"] == player
                and not e.get("used")), None)
    return rec if rec is not None and rec.get("asks") else None


def replace_draw_now(g: "Game", rec: dict[str, Any]) -> None:
    """614.11, 614.1a: a draw replaced by "the next time you would draw a card this turn, each player returns a
    permanent they control to its owner's hand instead" (Words of Wind): the replacement's actions happen now, in
    place of the draw (they use no stack), through their ops in a resolution record of their own that may wait for
    the players' choices; the resolution under way (the draw instruction of a spell or ability) is kept in it as
    ``outer`` and goes on once they are done (``resume``). Its "you" is the replacement's controller (109.5), its
    source the permanent whose ability made it (the record's ``origin``), as it last existed if it is gone."""
    rec["used"] = True  # 614.5: once
    player = rec["player"]
    g.log("replace_draw", player=player, card=rec["name"])
    tmp = Obj(g.next_id, 0, CardDef(rec["name"], (), ()), player, "effect")  # never put into a zone
    g.next_id += 1
    tmp.ability = Ability("triggered", rec["name"], effects=tuple(rec["effects"]))
    tmp.source = rec["origin"] if rec.get("origin") is not None else tmp.id
    g.resolving = {"obj": tmp.id, "lki_self": tmp, "i": 0, "n": len(rec["effects"]), "answers": {}, "created": [],
                   "legal": [], "optional_asked": True, "replacing_draw": True, "outer": g.resolving,
                   "lki_ctl": {}, "lki_owner": {}, "lki_card": {}, "lki_pt": {}}
    g.changed()


def enter_replacements(g: "Game", o: "Obj") -> None:
    """'Enters tapped', 'enters with counters', planeswalker loyalty (306.5b).

    616.1c: a copy effect ("enter as a copy", engine/clone.py) is applied first, and these
    are read from the card it became (616.1e); they commute with one another (any order
    gives the same permanent), so no order is asked (engine/replacement.py)."""
    c = o.card
    if "Planeswalker" in c.types and c.loyalty and "loyalty" not in o.counters:
        try:  # 121.6: the counters it enters with are put on it (614.1a: "twice that many", Doubling Season)
            n = int(c.loyalty)
            if c.keywords and "Compleated" in c.keywords:  # compleated (a later keyword): two fewer for each
                n = max(0, n - 2 * int(o.chosen.get("phyrexian_life", 0)))  # Phyrexian symbol paid with life
            o.counters["loyalty"] = counter_count(g, o.id, "loyalty", n, ask=False)
        except ValueError:
            pass
    last = max((ab.trigger.get("chapter", 0) for ab in c.abilities if ab.kind == "triggered" and ab.trigger
                and ab.trigger.get("event") == "chapter"), default=0) if "Read ahead" in c.keywords else 0
    if "Saga" in c.subtypes and last > 1 and counters_allowed(g, o.id, "lore"):
        # read ahead (a later keyword): the chapter its controller chooses as it enters (614.12; engine/saga.py
        # answer_read_ahead puts that many lore counters on it); until then it has none
        g.queue.append({"kind": "choose_option", "player": o.controller,
                        "options": [str(n) for n in range(1, last + 1)], "enter": o.id, "answer_to": "read_ahead",
                        "prompt": f"{c.name}: read ahead: choose the chapter it starts at (1 to {last})"})
    elif "Saga" in c.subtypes and counters_allowed(g, o.id, "lore"):
        # a Saga enters with a lore counter (a later rule, Dominaria 2018: engine/saga.py; 121.6, 614.1c)
        o.counters["lore"] = o.counters.get("lore", 0) + counter_count(g, o.id, "lore", 1, ask=False)
    if enters_tapped(g, o):
        o.tapped = True
    if c.layout == "prepare" and prepare.enters_prepared(c):  # "SELF enters prepared" (a later mechanic)
        o.chosen["prepared"] = True
    _additional_counters(g, o)
    for ab in c.abilities:
        st = ab.static
        if ab.kind != "static" or not st:
            continue
        if st.get("kind") == "enters_with_counters" and st.get("affects", "self") == "self" and st.get("choice"):
            # 614.12: "your choice of a flying counter or a first strike counter": its controller chooses the kind
            # (engine/entering.py answer_optional_counters)
            g.queue.append({"kind": "choose_option", "player": o.controller,
                            "options": [f"a {k} counter" for k in st["choice"]], "kinds": list(st["choice"]),
                            "enter": o.id, "amount": int(st.get("amount", 1)), "answer_to": "enter_counters",
                            "prompt": f"{o.card.name}: the counter it enters with (614.12)"})
            continue
        if st.get("kind") == "enters_with_counters" and st.get("affects", "self") == "self":
            k = st.get("counter", "+1/+1")
            if st.get("condition") and not condition(g, st["condition"], o.id, {"controller": o.controller}):
                continue  # "if it was kicked", "if an opponent was dealt damage this turn" (614.1c)
            if st.get("tribute"):  # 702.103a: an opponent of its controller's choice decides
                opps = g.opponents(o.controller)
                ask = {"kind": "choose_option", "options": ["yes", "no"], "enter": o.id, "counter": k,
                       "amount": int(st.get("amount", 1)), "answer_to": "enter_counters", "mark": "tribute_paid",
                       "prompt": f"{o.card.name}: tribute {st.get('amount', 1)}: have it enter with "
                                 f"{st.get('amount', 1)} {k} counter(s)? (702.103a)"}
                if len(opps) == 1:
                    g.queue.append(dict(ask, player=opps[0]))
                elif opps:
                    g.queue.append({"kind": "choose_option", "player": o.controller, "options": opps,
                                    "answer_to": "tribute_opponent", "ask": ask,
                                    "prompt": f"{o.card.name}: choose an opponent for its tribute (702.103a)"})
                continue
            if st.get("optional"):  # 614.12: "you may have it enter with ...": its controller chooses
                _ask_counters(g, o, k, int(st.get("amount", 1)), bool(st.get("else_haste")))
                continue
            if counters_allowed(g, o.id, k):
                # 614.1c: X in "enters with X counters" is the X it was cast with
                n = amount(g, st.get("amount", 1), o.id, {"obj": o.id})
                o.counters[k] = o.counters.get(k, 0) + counter_count(g, o.id, k, n, ask=False)  # 121.6
                g.changed()
        elif st.get("kind") == "choose_on_enter" and st.get("choice") == OBJECT_CHOICE:
            ask_object(g, o, st)  # "As SELF enters, choose another creature you control" (614.12)
        elif st.get("kind") == "choose_on_enter":
            on_enter(g, o)
        elif st.get("kind") == "amplify":  # 702.37a: cards in the hand that share a creature type with it
            types = set(g.chars(o.id).subtypes)
            hand = [i for i in g.players[o.controller].hand
                    if types & set(g.objects[i].card.subtypes) and _creature_typed(g.objects[i].card)]
            if hand and types:
                g.queue.append({"kind": "choose_cards", "player": o.controller, "options": hand, "min": 0,
                                "max": len(hand), "enter": o.id, "amount": int(st.get("amount", 1)),
                                "answer_to": "amplify",
                                "prompt": f"{o.card.name}: reveal any number of cards that share a creature type "
                                          f"with it (amplify, 702.37a)"})
        elif st.get("kind") == "exile_on_enter":  # 614.12: "as SELF enters, exile a ... card from your graveyard"
            f = {**st["filter"], "zone": "graveyard", "owner": "you"}
            mine = [i for i in g.players[o.controller].graveyard if matches(g, i, f, o.id, o.controller)]
            if mine:
                g.queue.append({"kind": "choose_cards", "player": o.controller, "options": mine,
                                "min": min(int(st.get("min", 0)), len(mine)), "max": min(int(st["max"]), len(mine)),
                                "enter": o.id, "answer_to": "enter_exile",
                                "prompt": f"{o.card.name}: exile cards from your graveyard as it enters (614.12)"})
        elif st.get("kind") == "devour":  # 702.81a: its controller chooses the creatures to sacrifice
            # (or the permanents its "filter" names: "creatures and/or planeswalkers", Devouring Hellion, 614.12)
            kind = st.get("filter")
            mine = [i for i in g.battlefield if i != o.id and g.controller_of(i) == o.controller
                    and ("Creature" in g.chars(i).types if kind is None
                         else matches(g, i, {**kind, "zone": "battlefield"}, o.id, o.controller))]
            back = st.get("action") == "return"  # "you may return a nonland permanent you control to its owner's
            # hand. If you do, SELF enters with a +1/+1 counter on it" (Rescuer Sphinx): at most "max" of them
            if mine:
                g.queue.append({"kind": "choose_cards", "player": o.controller, "options": mine, "min": 0,
                                "max": min(len(mine), int(st.get("max", len(mine)))), "enter": o.id,
                                "amount": "devoured" if st.get("amount") == "devoured" else int(st.get("amount", 1)),
                                "answer_to": "devour",
                                **({"action": "return"} if back else {}),
                                "prompt": f"{o.card.name}: {'return' if back else 'sacrifice'} "
                                          f"{'up to one' if back else 'any number of'} "
                                          f"{'creatures' if kind is None else 'permanents'} (702.81a, 614.12)"})
    for _ in range(_granted_riot(g, o)):  # riot another permanent's static gives it (614.12)
        _ask_counters(g, o, "+1/+1", 1, True)


def _ask_counters(g: "Game", o: "Obj", k: str, n: int, else_haste: bool) -> None:
    """614.12: "you may have it enter with N counters" (unleash; riot: "if you don't, it gains haste"): its
    controller chooses as it enters (engine/entering.py answer_optional_counters)."""
    g.queue.append({"kind": "choose_option", "player": o.controller, "options": ["yes", "no"],
                    "enter": o.id, "counter": k, "amount": n, "answer_to": "enter_counters", "else_haste": else_haste,
                    "prompt": f"{o.card.name}: enter with {n} {k} counter(s)? (614.12)"})


def _granted_riot(g: "Game", o: "Obj") -> int:
    """614.12: riot (a later keyword, Ravnica Allegiance) that the statics of other permanents give a permanent
    ("Nontoken creatures you control have riot", Rhythm of the Wild) applies as it enters, as the permanent
    would exist on the battlefield: one choice for each such static (each instance of riot works separately)."""
    if "Riot" not in g.chars(o.id).keywords:
        return 0
    n = 0
    for oid in g.battlefield:
        if oid == o.id:
            continue
        ctl = g.controller_of(oid)
        for ab in _riot_statics(g.objects[oid].card):
            st = ab.static
            if ctl is not None and matches(g, o.id, st["affects"], oid, ctl) and not (
                    st.get("condition") and not condition(g, st["condition"], oid, None)):
                n += 1
    return n


@per_object
def _riot_statics(card: Any) -> tuple[Any, ...]:
    """A card's statics that give other permanents riot."""
    return tuple(ab for ab in card.abilities if ab.kind == "static" and ab.static
                 and ab.static.get("kind") == "keywords" and "Riot" in ab.static.get("keywords", ())
                 and isinstance(ab.static.get("affects"), dict))


def _additional_counters(g: "Game", o: "Obj") -> None:
    """614.1c-d, 614.12: "Each planeswalker you control enters with an additional loyalty counter on
    it" (Oath of Gideon), "Each other non-Human creature you control enters with an additional +1/+1
    counter on it": statics of the permanents on the battlefield (its own included), checked against
    the permanent as it enters, within their controller's range of influence (801.13a)."""
    for oid, ab in _entering_statics(g)[1]:
        st = ab.static
        if st.get("condition") and not condition(g, st["condition"], oid, None):
            continue
        ctl = g.controller_of(oid)
        if ctl is None or not matches(g, o.id, st["affects"], oid, ctl) \
                or not seats.object_in_range(g, ctl, o.id):
            continue
        k = st.get("counter", "+1/+1")
        if counters_allowed(g, o.id, k):  # 121.6: counters it enters with are put on it (Hardened Scales)
            n = amount(g, st.get("amount", 1), oid, {"obj": oid})
            o.counters[k] = o.counters.get(k, 0) + counter_count(g, o.id, k, n, ask=False)
            g.changed()
    # "This turn, each creature you control enters with an additional +1/+1 counter on it" (Combine Guildmage): a
    # resolved effect's (611.2a), of its controller (engine/player_statics.py gathers the "player" effects)
    for sid, ctl, st in player_statics.statics(g, "enters_with_counters") if g.effects else ():
        if not matches(g, o.id, st["affects"], sid if sid in g.objects else None, ctl) \
                or not seats.object_in_range(g, ctl, o.id):
            continue
        k = st.get("counter", "+1/+1")
        if counters_allowed(g, o.id, k):
            n = amount(g, st.get("amount", 1), sid if sid in g.objects else None, {"controller": ctl})
            o.counters[k] = o.counters.get(k, 0) + counter_count(g, o.id, k, n, ask=False)
            g.changed()


@per_object
def _counter_statics(card: Any) -> tuple[Any, ...]:
    """A card's statics that give other entering permanents counters (614.1d)."""
    return tuple(ab for ab in card.abilities if ab.kind == "static" and ab.static
                 and ab.static.get("kind") == "enters_with_counters" and isinstance(ab.static.get("affects"), dict))


def _creature_typed(card: Any) -> bool:
    """A card whose subtypes are creature types: a creature or a tribal (kindred) card (205.3d)."""
    return "Creature" in card.types or "Kindred" in card.types


def enters_tapped(g: "Game", o: "Obj") -> bool:
    """614.1c, 614.1d, 614.12: does the permanent ``o`` enter tapped? Its own "SELF enters tapped"
    (unless a condition holds as it enters: "unless you control a Forest or a Plains"), or a
    static ability of another permanent ("creatures your opponents control enter tapped"),
    checked against the permanent as it enters (614.12), within that permanent's controller's
    range of influence (801.13a). "As SELF enters, you may pay 2 life.
    If you don't, it enters tapped" asks its controller (ask_pay_or_tapped);
    the permanent enters tapped unless that player pays; "you may reveal a Forest or Plains
    card from your hand" likewise asks which card, if any (engine/entering.answer_reveal_or_tapped)."""
    tapped = False
    for ab in o.card.abilities:
        st = ab.static
        if ab.kind != "static" or not st or st.get("kind") != "enters_tapped" \
                or st.get("affects", "self") != "self":
            continue
        if st.get("unless_pay"):
            ask_pay_or_tapped(g, o, st["unless_pay"])
        elif st.get("unless_reveal"):  # "you may reveal a Forest or Plains card from your hand. If you don't"
            hand = [i for i in g.players[o.controller].hand
                    if matches(g, i, {**st["unless_reveal"], "zone": "hand"}, o.id, o.controller)]
            if not hand:
                tapped = True  # nothing to reveal: it can't be done (614.12)
            else:
                g.queue.append({"kind": "choose_cards", "player": o.controller, "options": hand, "min": 0, "max": 1,
                                "enter": o.id, "answer_to": "enter_reveal",
                                "prompt": f"{o.card.name}: reveal a card from your hand, or it enters tapped"})
        elif not st.get("unless") or not condition(g, st["unless"], o.id, {"controller": o.controller}):
            tapped = True
    for oid, ab in _entering_statics(g)[0]:  # 614.1d: other permanents' statics that make objects enter tapped
        if oid == o.id:
            continue
        st = ab.static
        if st.get("condition") and not condition(g, st["condition"], oid, None):
            continue
        ctl = g.controller_of(oid)
        if matches(g, o.id, st["affects"], oid, ctl) and (ctl is None or seats.object_in_range(g, ctl, o.id)):
            tapped = True  # 801.13a: not an object outside the static's controller's range
    return tapped


def _entering_statics(g: "Game") -> tuple[list[tuple[int, Any]], list[tuple[int, Any]]]:
    """The statics of the permanents on the battlefield that reach other entering permanents (614.1d): those
    that make them enter tapped and those that give them counters, each (permanent, ability) in the order of the
    battlefield. Found once per computation of the characteristics (the battlefield and its cards change only
    with them, Game.changed), not once for each permanent entering: a burst of tokens (603.6a) asks for each."""
    cs = g.all_chars()
    got = g.__dict__.get("_entering_statics")
    if got is None or got[0] is not cs:
        tap = [(oid, ab) for oid in g.battlefield for ab in _tapping_statics(g.objects[oid].card)]
        more = [(oid, ab) for oid in g.battlefield for ab in _counter_statics(g.objects[oid].card)]
        got = g._entering_statics = (cs, tap, more)
    return got[1], got[2]


@per_object
def _tapping_statics(card: Any) -> tuple[Any, ...]:
    """A card's static abilities that make other objects enter tapped ("Creatures your opponents
    control enter tapped", Blind Obedience, Thalia, Heretic Cathar: 614.1d)."""
    return tuple(ab for ab in card.abilities if ab.kind == "static" and ab.static
                 and ab.static.get("kind") == "enters_tapped" and isinstance(ab.static.get("affects"), dict))


def ask_pay_or_tapped(g: "Game", o: "Obj", pay: dict[str, Any]) -> None:
    """614.12: "As SELF enters, you may pay N life. If you don't, it enters tapped": its controller
    chooses before any player receives priority (the choice waits in the queue, as the other
    entering choices do: engine/choices.py; its answer: engine/entering.py); until then the
    permanent is not yet tapped. A player with less life than that is offered only "tapped" (119.4)."""
    life = int(pay.get("life", 0))
    can_pay = g.players[o.controller].life >= life  # 119.4: only with at least that much life (118.4)
    g.queue.append({"kind": "choose_option", "player": o.controller, "options": ["pay", "tapped"] if can_pay
                    else ["tapped"],
                    "enter": o.id, "life": life, "answer_to": "enter_pay",
                    "prompt": f"{o.card.name}: pay {life} life, or it enters tapped (614.12)"})


def ask_object(g: "Game", o: "Obj", st: dict[str, Any]) -> None:
    """614.12: "As SELF enters, choose another creature you control" (Dauntless Bodyguard), "As SELF enters, put a
    phylactery counter on an artifact you control" (Phylactery Lich): its controller chooses one such permanent
    before play goes on (none there: nothing is chosen, no counter put); answered by engine/entering.py
    answer_object."""
    if OBJECT_CHOICE in o.chosen:
        return
    f = {**(st.get("filter") or {}), "controller": "you"}
    cands = [i for i in g.battlefield if i != o.id and matches(g, i, f, o.id, o.controller)]
    if cands:
        g.queue.append({"kind": "choose_cards", "player": o.controller, "options": cands, "min": 1, "max": 1,
                        "enter": o.id, "counter": st.get("counter"), "answer_to": "enter_object",
                        "prompt": f"{o.card.name}: choose one (614.12)"})
