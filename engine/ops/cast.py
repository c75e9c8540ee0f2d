"""Ops that let a player cast a card while an ability resolves (608.2c: the instruction is
carried out then, whatever the timing rules say): cast_offer, cascade.

cast_offer: what (a reference: the card), [alt] (an alternative cost of engine/cast_options.py:
"madness"), [free] (without paying its mana cost, 117.9), [must] ("if able", suspend 702.61a), [else]
(where the card goes when it is not cast: the graveyard for madness). The owner gets a
cast_offer decision (a cast answer for that card, or pass); engine/casting.cast_offered
carries out the answer and keeps it in this effect's slot, and the op reads it back when
resolution goes on.

suspend_tick (702.61a): remove a time counter from the suspended card (the source); the last one
removed triggers its cast (a must cast_offer, without paying its mana cost).

storm (702.39a): copies of the spell for each spell cast before it this turn (706.10), each
with a new target if its controller wants one (706.10c).

cascade (702.84a): exile cards from the top of the controller's library until a nonland card
with a lesser converted mana cost than the spell's is exiled; offer to cast it without paying;
then put the other exiled cards (and that one, if not cast) on the bottom in a random order.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine import cast_options, knowledge, mutate, triggers
from engine.actions import add_effect, discard, sacrifice
from engine.cards.abilities import Ability, Effect, TargetSpec, copy_except
from engine.filters import matches
from engine.mana import mana_value
from engine.ops import nested
from engine.ops.base import table
from engine.payment import can_afford, pay_mana
from engine.state import Obj, create_object
from engine.targets import target_candidates
from engine.values import Ctx, amount, controller, refs, source_id, this

if TYPE_CHECKING:
    from engine.game import Game

OPS, op = table()


def offer(g: "Game", r: Ctx, card: int, key: str, e: Effect) -> dict[str, Any] | str | None:
    """The cast_offer wait (madness 702.34a, cascade 702.84a) for ``card`` in slot ``key``, or
    the answer already given there."""
    got = r["answers"].get(key)
    if got is not None:
        return str(got)
    o = g.objects[card]
    how = f"for its {e.get('alt')} cost" if e.get("alt") else "without paying its mana cost" if e.get("free") else ""
    # "you may cast an instant or sorcery spell from among them" of an opponent's milled cards (Jace's Mindseeker):
    # the resolving ability's controller casts it (``by_you``); otherwise the card's owner (madness, cascade)
    return {"kind": "cast_offer", "player": controller(g, r) if e.get("by_you") else o.owner, "card": card,
            "alt": e.get("alt"), "free": bool(e.get("free")),
            "must": bool(e.get("must")), "keyword": e.get("keyword"), "slot": key,
            **({"exile_instead": True} if e.get("exile_instead") else {}),  # 614.1a (engine/casting.py)
            "lands_only": bool(e.get("lands_only")), "play": bool(e.get("play")),
            **({"from_zone": e.args["zone"]} if e.get("zone") in ("library", "exile") else {}),  # played from there
            "control_spell": this(g, r).controller if e.get("control_spell") else None,
            "prompt": f"cast {o.card.name} {how}?".replace("  ", " ")}


@op("cast_offer")
def _cast_offer(g: "Game", r: Ctx, e: Effect) -> dict | None:
    key = f"{r['i']}.cast"
    zone = e.get("zone", "exile")
    if key not in r["answers"]:
        xs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects]
        if not xs or g.objects[xs[0]].zone != zone:
            return None  # the card left that zone: it can't be found to be cast (400.7)
        r.setdefault("offered", {})[key] = xs[0]
    got = offer(g, r, r["offered"][key], key, e)
    if isinstance(got, dict):
        return got
    card = r["offered"][key]
    if got == "declined" and e.get("else") and card in g.objects and g.objects[card].zone == zone:
        g.move(card, e.get("else"))  # "If that player doesn't, he or she puts this card into ..." (702.34a)
    return None


@op("cast_offers")
def _cast_offers(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """"Cast any number of red instant and/or sorcery cards from your graveyard without paying their mana costs"
    (Chandra Ablaze), "you may cast up to three spells from among face-up cards your opponents own from exile ..."
    (Ashiok, Nightmare Muse): while the ability resolves (608.2g), its controller picks one such card at a time, in
    the order they choose, and may cast it (each an offer of its own), up to ``max`` of them or until they pick
    none; a card cast is on the stack, no longer a choice (400.7). Face-down cards in exile are not picked."""
    p = controller(g, r)
    zone = e.get("zone", "graveyard")
    f = dict(e.args["filter"], zone=zone)
    src = source_id(g, r)
    for k in range(int(e.get("max", 99))):
        pick_key = f"{r['i']}.pick.{k}"
        got = r["answers"].get(pick_key)
        if got is None:
            cands = [x for q in g.order for x in getattr(g.players[q], zone) if x in g.objects
                     and "face_down" not in g.objects[x].chosen and matches(g, x, f, src, p)]
            if e.get("among") is not None:  # "you may cast those cards" (Jace, Architect of Thought): only the
                among = set(refs(g, r, e.args["among"]))  # cards the instruction before exiled (608.2c)
                cands = [x for x in cands if x in among]
            if not cands:
                return None
            return {"kind": "choose_cards", "player": p, "options": cands, "min": 0, "max": 1, "slot": pick_key,
                    "prompt": f"{this(g, r).card.name}: choose the next card to cast (none: stop)"}
        if not got:
            return None
        key = f"{r['i']}.cast.{k}"
        if key not in r["answers"] and (got[0] not in g.objects or g.objects[got[0]].zone != zone):
            continue  # it left that zone meanwhile (400.7): not cast
        ans = offer(g, r, got[0], key, Effect("cast_offer", {**e.args, "by_you": True}))
        if isinstance(ans, dict):
            return ans
    return None


@op("warp_exile")
def _warp_exile(g: "Game", r: Ctx, e: Effect) -> None:
    """Warp's delayed trigger (a later keyword): the permanent is exiled, and its owner may cast the
    card from exile after the current turn has ended, for as long as it remains exiled (a permission,
    engine/zones_cast.py; its timing and costs as usual). Gone from the battlefield: nothing happens."""
    sid = source_id(g, r)
    if sid is None or sid not in g.objects or g.objects[sid].zone != "battlefield":
        return
    owner = g.objects[sid].owner
    new = g.move(sid, "exile")
    if new not in g.objects or g.objects[new].zone != "exile":
        return  # a token ceases to exist (110.5f)
    g.ts += 1
    g.effects.append({"layer": "play", "controller": owner, "play": "cast", "free": False, "until": "never",
                      "objects": [new], "from_turn": g.turn + 1, "ts": g.ts, "source": None})
    g.changed()


#: 702.49a: "At the beginning of each of your upkeeps for the rest of the game, copy this spell except for
#: its epic ability. If the spell has any targets, you may choose new targets for the copy." (the copy:
#: the storm op, with the record the epic spell left in its delayed trigger)
EPIC_COPY = Ability("triggered", "Epic", effects=(Effect("storm", {"record": "epic"}),), keyword="Epic")


@op("epic")
def _epic(g: "Game", r: Ctx, e: Effect) -> None:
    """702.49a: "For the rest of the game, you can't cast spells" (Player.epic), and the delayed triggered
    ability that copies this spell, except for its epic ability, at the beginning of each of your upkeeps."""
    s = g.objects.get(r["obj"])
    if s is None or s.zone != "stack" or s.ability is not None:
        return
    p = s.controller
    g.players[p].epic = True
    card = replace(s.card, abilities=tuple(
        replace(a, effects=tuple(x for x in a.effects if x.op != "epic")) if a.kind == "spell" else a
        for a in s.card.abilities))
    rec = dict(cast_options.storm_record(g, s), count=1)
    g.delayed.append({"step": "upkeep", "whose": "you", "controller": p, "ability": EPIC_COPY, "source": s.id,
                      "card": card, "info": {"epic": rec}, "recurring": True})
    g.changed()


@op("mutate")
def _mutate(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """Mutate (a later keyword, Ikoria): the resolving mutating creature spell's controller puts it on top of or
    under its target, and they merge (engine/mutate.py); a target gone since (608.2b) leaves it a creature spell."""
    s = g.objects.get(r["obj"])
    if s is None or s.zone != "stack" or s.ability is not None:
        return None
    slot = (r.get("legal") or [[]])[0]
    tid = next((x for x in slot if isinstance(x, int) and x in g.objects and g.objects[x].zone == "battlefield"),
               None)
    if tid is None:
        if mutate.is_mutating(s):
            mutate.end_mutating(g, s)
        return None
    got = nested.answer(r, "mutate")
    if got is None:
        return {"kind": "choose_option", "player": s.controller, "slot": nested.slot(r, "mutate"),
                "options": [mutate.OVER, mutate.UNDER],
                "prompt": f"{s.card.name}: put it on top of or under {g.objects[tid].card.name}"}
    mutate.merge(g, s.id, tid, got == mutate.OVER)
    return None


@op("cipher")
def _cipher(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """702.98a: "If this spell is represented by a card, you may exile this card encoded on a creature you
    control": the last instruction of the spell. The creature then has "Whenever this creature deals
    combat damage to a player, you may copy the encoded card and you may cast the copy without paying
    its mana cost" for as long as the card is encoded on it (702.98b-c: a layer 6 effect on that
    creature, ending when it leaves the battlefield; the card must still be in exile, cipher_cast)."""
    s = g.objects.get(r["obj"])
    if s is None or s.zone != "stack" or s.ability is not None or cast_options.is_spell_copy(s):
        return None  # a copy of the spell is no card to exile
    p = controller(g, r)
    mine = [i for i in g.battlefield if g.controller_of(i) == p and g.chars(i).is_creature()]
    key = f"{r['i']}.cipher"
    got = r["answers"].get(key)
    if got is None:
        if not mine:
            return None
        return {"kind": "choose_cards", "player": p, "options": mine, "min": 0, "max": 1, "slot": key,
                "prompt": f"{s.card.name}: exile it encoded on a creature you control (cipher, 702.98a)? "
                          f"Choose none to decline"}
    creature = got[0] if got else None
    if creature is None or creature not in g.objects or g.objects[creature].zone != "battlefield":
        return None
    card = s.card
    new = g.move(s.id, "exile")
    ab = Ability("triggered", f"Cipher: {card.name}", effects=(Effect("cipher_cast", {"card": new}),),
                 trigger={"event": "combat_damage_player", "self": True}, keyword="Cipher")
    # (added with no resolution record: the spell, now in exile, is no longer its source; its controller is p)
    add_effect(g, "6", [creature], None, "never", kind="grant_ability", ability=ab, encoded=new, controller=p)
    g.log("encode", player=p, card=card.name, on=g.objects[creature].card.name)
    return None


@op("cipher_cast")
def _cipher_cast(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """702.98a: "you may copy the encoded card and you may cast the copy without paying its mana cost"
    (706.12: the copy is created in exile, where the card is, and cast as this ability resolves; a copy
    of a card outside the stack ceases to exist, 706.10a)."""
    st = r.setdefault("cipher", {})
    key = f"{r['i']}.cipher_cast"
    if key not in st:
        card = e.args.get("card")
        o = g.objects.get(card) if isinstance(card, int) else None
        if o is None or o.zone != "exile":
            return None  # no longer encoded (702.98c)
        p = controller(g, r)
        c = create_object(g, o.card, p, "exile")
        c.chosen["spell_copy"] = True
        g.players[p].exile.append(c.id)
        g.changed()
        st[key] = c.id
    cid = st[key]
    if cid not in g.objects or g.objects[cid].zone != "exile":
        return None  # cast: it is on the stack
    got = offer(g, r, cid, key, Effect("cast_offer", {"what": cid, "free": True}))
    if isinstance(got, dict):
        return got
    if cid in g.objects and g.objects[cid].zone == "exile":  # not cast: the copy ceases to exist (706.10a)
        g.players[g.objects[cid].owner].exile.remove(cid)
        del g.objects[cid]
        g.changed()
    return None


@op("copy_cast")
def _copy_cast(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """706.12: "copy it [three times]. You may cast the copies without paying their mana costs" (Chandra,
    Pyromaster; Mizzix's Mastery): a copy of each card named is created in the zone that card is in, owned by the
    resolving ability's controller, who may cast each copy, one offer at a time, as the ability resolves (608.2g); a
    copy not cast ceases to exist (706.10a); a copy of a permanent card that resolves becomes a token (engine/game.py
    move)."""
    st = r.setdefault("copy_cast", {})
    key = f"{r['i']}.copy_cast"
    p = controller(g, r)
    if key not in st:
        made: list[int] = []
        for x in refs(g, r, e.args["what"]):
            o = g.objects.get(x) if isinstance(x, int) else None
            if o is None or o.zone not in ("exile", "graveyard"):
                continue  # no longer where it was found (400.7)
            for _ in range(int(e.args.get("times", 1))):
                c = create_object(g, o.card, p, o.zone)
                c.chosen["spell_copy"] = True
                getattr(g.players[p], o.zone).append(c.id)
                made.append(c.id)
        if made:
            g.changed()
        st[key] = made
    for n, cid in enumerate(st[key]):
        if cid not in g.objects or g.objects[cid].zone not in ("exile", "graveyard"):
            continue  # cast: on the stack
        got = offer(g, r, cid, f"{key}.{n}", Effect("cast_offer", {"what": cid, "free": bool(e.args.get("free"))}))
        if isinstance(got, dict):
            return got
    for cid in st[key]:  # 706.10a: the copies not cast cease to exist
        o = g.objects.get(cid)
        if o is not None and o.zone in ("exile", "graveyard"):
            getattr(g.players[o.owner], o.zone).remove(cid)
            del g.objects[cid]
            g.changed()
    return None


@op("ripple")
def _ripple(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """702.59a: "you may reveal the top N cards of your library, or, if there are fewer than N cards in
    your library, you may reveal all the cards in your library. If you reveal cards from your library
    this way, you may cast any of those cards with the same name as this spell without paying their
    mana costs, then put all revealed cards not cast this way on the bottom of your library in any
    order" (kept in the order they were revealed)."""
    p = controller(g, r)
    st = r.setdefault("ripple", {})
    key = f"{r['i']}.ripple"
    if key not in st:
        got = r["answers"].get(f"{key}.reveal")
        if got is None:
            if not g.players[p].library:
                return None
            return {"kind": "choose_option", "player": p, "options": ["yes", "no"], "slot": f"{key}.reveal",
                    "prompt": f"{this(g, r).card.name}: reveal the top {e.args['amount']} cards "
                              f"(ripple, 702.59a)?"}
        if got != "yes":
            return None
        top = list(g.players[p].library[:int(e.args["amount"])])
        knowledge.show(g, top)  # revealed to every player (701.15)
        g.log("reveal", player=p, cards=[g.objects[x].card.name for x in top], objs=top)
        name = this(g, r).card.name  # "the same name as this spell"
        st[key] = {"revealed": top, "hits": [x for x in top if g.objects[x].card.name == name]}
    rec = st[key]
    for i, hit in enumerate(rec["hits"]):
        if hit in g.objects and g.objects[hit].zone == "library":
            got = offer(g, r, hit, f"{key}.{i}", Effect("cast_offer", {"what": hit, "free": True}))
            if isinstance(got, dict):
                return got
    for x in rec["revealed"]:
        if x in g.objects and g.objects[x].zone == "library":
            g.move(x, "library", top=False)
    return None


def exile_until_nonland(g: "Game", p: str, most: int) -> tuple[list[int], int | None]:
    """Exile cards from the top of ``p``'s library until a nonland card with mana value ``most``
    or less is exiled (cascade, 702.84a: less than the spell's; discover N: N or less): the cards
    exiled, in order, and that card (None when the library ran out)."""
    exiled: list[int] = []
    while g.players[p].library:
        new = g.move(g.players[p].library[0], "exile")
        exiled.append(new)
        c = g.objects[new].card
        if "Land" not in c.types and mana_value(c.mana_cost) <= most:
            return exiled, new
    return exiled, None


def exile_and_offer(g: "Game", r: Ctx, how: str, most: int, not_cast: str) -> dict | None:
    """Exile cards from the top of the controller's library until a nonland card with mana value
    ``most`` or less (once: the answer comes back to the same op), offer to cast it without paying
    its mana cost, and put the rest on the bottom of the library in a random order (702.84a
    cascade; discover, a later keyword action, does the same). The card not cast goes to
    ``not_cast``: "library" with the rest (cascade), or "hand" (discover). ``how`` names the
    action in the log and its answer slot."""
    p = controller(g, r)
    st = r.setdefault("cascade", {})
    key = f"{r['i']}.{how}"
    if key not in st:
        exiled, hit = exile_until_nonland(g, p, most)
        st[key] = {"exiled": exiled, "hit": hit}
        g.log(how, player=p, cards=[g.objects[x].card.name for x in exiled])
    rec = st[key]
    hit = rec["hit"]
    if hit is not None and hit in g.objects and g.objects[hit].zone == "exile":
        got = offer(g, r, hit, key, Effect("cast_offer", {"what": hit, "free": True}))
        if isinstance(got, dict):
            return got
        if not_cast == "hand" and hit in g.objects and g.objects[hit].zone == "exile":
            g.move(hit, "hand")
    rest = [x for x in rec["exiled"] if (x != hit or not_cast == "library")
            and x in g.objects and g.objects[x].zone == "exile"]
    g.rng.shuffle(rest)
    for x in rest:  # 702.84a: on the bottom in a random order
        g.move(x, "library", top=False)
    return None


@op("cascade")
def _cascade(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """702.84a: exile until a nonland card with converted mana cost less than the spell's (202.3:
    the trigger carries the card it came from, with its X on the stack)."""
    src = g.objects.get(this(g, r).source or -1)
    x = src.x if src is not None and src.zone == "stack" else 0
    return exile_and_offer(g, r, "cascade", mana_value(this(g, r).card.mana_cost, x) - 1, "library")


@op("suspend_tick")
def _suspend_tick(g: "Game", r: Ctx, e: Effect) -> None:
    """702.61a: remove a time counter from the suspended card; the last one removed triggers its cast."""
    card = source_id(g, r)
    if card is None or not cast_options.suspended(g, card):
        return  # 603.4: "if this card is suspended"
    o = g.objects[card].copy()  # a card off the battlefield is replaced, never changed in place (Game.copy)
    g.objects[card] = o
    o.counters["time"] -= 1
    g.log("counters", card=o.card.name, counter="time", amount=-1)
    triggers.counters_removed(g, card, "time", 1)  # "whenever a time counter is removed from SELF while it's exiled"
    if o.counters["time"] == 0:
        del o.counters["time"]
        triggers.last_time_counter_removed(g, card)  # its cast (702.61a), and "when the last ... while it's exiled"
    g.changed()


def _copy_slot(card: Any) -> TargetSpec | None:
    """The one target slot a copy of the spell may change (706.10c): an Aura spell's is the object it will enchant
    (303.4a, its enchant keyword; a copy of a permanent spell becomes a token, a later rule: engine/game.py), any
    other spell's the first of its spell ability's."""
    if "Aura" in card.subtypes:
        enchant = card.keyword_args.get("Enchant")
        return TargetSpec(enchant if isinstance(enchant, dict) else {"types": ["Creature"]}, "enchant")
    spec = next((a for a in card.abilities if a.kind == "spell"), None)
    return spec.targets[0] if spec is not None and spec.targets else None


@op("storm")
def _storm(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """702.39a: a copy of the spell for each other spell cast before it this turn (706.10: with
    the choices made for it); for each copy of a spell with a target, its controller may choose
    a new target (706.10c): the current one is among the options, so keeping it is a choice."""
    s = this(g, r)
    rec = s.trigger_info.get(e.get("record", "storm")) or {}  # replicate's record (702.55a) or storm's
    st = r.setdefault("storm", {"made": []})
    if "times" in e.args and "count" not in st:  # "copy it for each time you've cast your commander ...": counted
        st["count"] = max(0, amount(g, e.args["times"], source_id(g, r), r))  # as the ability resolves (608.2h)
    while len(st["made"]) < int(st.get("count", rec.get("count", 0))):
        k = len(st["made"])
        key = f"{r['i']}.storm.{k}"
        targets = [list(t) for t in rec.get("targets", [])]
        slot = _copy_slot(s.card)
        if targets and slot is not None and not e.get("keep_targets"):
            got = r["answers"].get(key)
            if got is None:
                src = g.objects.get(s.source or -1) or s
                opts = list(dict.fromkeys(targets[0] + target_candidates(g, slot, src, rec["controller"])))
                return {"kind": "choose_cards", "player": rec["controller"], "options": opts, "min": 1, "max": 1,
                        "slot": key, "prompt": f"{s.card.name}: the target of copy {k + 1} (or keep it)"}
            targets = [list(got)]
        st["made"].append(copy_spell(g, s.card, rec, targets))
    if st["made"]:  # "You may choose new targets for the copies" after it (706.10c: copy_retarget)
        r["copied"], r["copies"] = st["made"][-1], list(st["made"])
    return None


@op("copy_ability")
def _copy_ability(g: "Game", r: Ctx, e: Effect) -> None:
    """706.10: put a copy of an activated or triggered ability onto the stack (Strionic Resonator):
    the choices made for the original (targets, modes, X, what triggered it) are copied, the one who
    copies it controls it, and it has the same source (706.10b), so what the source's linked
    abilities remember includes what the copy does (607.3)."""
    for x in refs(g, r, e.args["what"]):
        o = g.objects.get(x) if isinstance(x, int) else None
        if o is None or o.zone != "stack" or o.ability is None:
            continue
        n = o.copy()
        n.id = g.next_id
        g.next_id += 1
        n.controller = controller(g, r)
        n.trigger_info = dict(o.trigger_info)
        n.chosen = {**o.chosen, "ability_copy": True}
        g.objects[n.id] = n
        g.stack.append(n.id)
        r["copied"] = n.id
        g.log("copy", card=n.name, obj=n.id, targets=n.targets)
        g.changed()


@op("copy_spell")
def _copy_spell(g: "Game", r: Ctx, e: Effect) -> None:
    """706.10: put a copy of an instant or sorcery spell onto the stack (Twincast): it copies the
    spell's text and the choices made for it (targets, modes, X, whether it was kicked), the one who
    copies it controls it (706.10), and it was not cast (706.10a: no cast triggers, no mana spent on it).
    ``countered``: "copy the spell countered this way" (Psychic Rebuttal), as it last existed (608.2h)."""
    if e.get("countered"):
        for new, rec in r.get("countered", ()):
            o = g.objects.get(new)
            if o is not None and {"Instant", "Sorcery"} & set(o.card.types):
                r["copied"] = copy_spell(g, o.card, dict(rec, controller=controller(g, r)),
                                         [list(t) for t in rec["targets"]])
        return
    if e.get("per_target") is not None:
        _copy_per_target(g, r, e)
        return
    made: list[int] = []
    for x in refs(g, r, e.args["what"]):
        o = g.objects.get(x) if isinstance(x, int) else None
        if o is None or o.zone != "stack" or o.ability is not None:
            continue
        # "the controller of target instant or sorcery spell copies it" (Meletis Charlatan): that player (706.10)
        rec = dict(cast_options.storm_record(g, o), controller=o.controller if e.get("by_its_controller")
                   else controller(g, r))
        # "copy it twice", "copy it for each other instant and sorcery spell you've cast before it this turn": one
        # copy after another (706.10), the number counted as the ability resolves (608.2h)
        # ", except that the copy is red" (Fork): the copy's color is part of its copiable values (706.9a)
        card = o.card if e.get("colors") is None else replace(o.card, colors=tuple(e.args["colors"]))
        if e.get("copy_except"):  # ", except the copy isn't legendary" (706.9a-c): the copy's copiable values
            card = copy_except(card, e.args["copy_except"])
        for _ in range(max(0, amount(g, e.get("times", 1), source_id(g, r), r))):
            made.append(copy_spell(g, card, rec, [list(t) for t in o.targets]))
    if made:
        r["copied"], r["copies"] = made[-1], made


def _copy_per_target(g: "Game", r: Ctx, e: Effect) -> None:
    """706.10, 114.1: "copy that spell for each other creature you control that the spell could target. Each copy
    targets a different one of those creatures." (Zada, Hedron Grinder; Precursor Golem): for a spell with one target
    (its one target slot, 114.6a), one copy for each other object of that kind that is a legal target for the spell,
    each copy targeting that object. The copies are controlled by who copies it (the spell's controller with
    ``by_its_controller``), put onto the stack in the order of the objects (706.10)."""
    kind = dict(e.args["per_target"])
    you = controller(g, r)
    if kind.get("controller") == "trigger_player":  # "each other creature they control" (Mirrorwing Dragon)
        who = refs(g, r, "trigger_player")
        kind["controller"] = who[0] if who else you
    made: list[int] = []
    for x in refs(g, r, e.args["what"]):
        o = g.objects.get(x) if isinstance(x, int) else None
        if o is None or o.zone != "stack" or o.ability is not None or len(o.targets) != 1 or len(o.targets[0]) != 1:
            continue
        ab = next((a for a in o.card.abilities if a.kind == "spell"), None)
        if ab is None or len(ab.targets) != 1 or o.modes:
            continue
        rec = dict(cast_options.storm_record(g, o), controller=o.controller if e.get("by_its_controller") else you)
        now = o.targets[0][0]
        for t in target_candidates(g, ab.targets[0], o, rec["controller"]):
            if t == now or not (kind.get("any") or isinstance(t, int) and matches(g, t, kind, source_id(g, r), you)):
                continue
            made.append(copy_spell(g, o.card, rec, [[t]]))
    if made:
        r["copied"], r["copies"] = made[-1], made


@op("copy_retarget")
def _copy_retarget(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """706.10c: "You may choose new targets for the copy": for a copy with one target, its controller
    chooses it again among the legal ones, the current one included (keeping it is a choice). A
    copy with several targets keeps them all."""
    made = list(r.get("copies", ())) if e.get("all") else [r.get("copied", -1)]
    for k, oid in enumerate(made):  # "for the copies": each copy in turn (706.10c), its own choice
        n = g.objects.get(oid)
        # a copied ability, or the spell ability of a copied instant or sorcery (its modes' targets stay)
        ab = None if n is None else n.ability or next((a for a in n.card.abilities if a.kind == "spell"), None)
        if n is None or ab is None or len(n.targets) != 1 or len(ab.targets) != 1 or ab.targets[0].count != 1:
            continue
        slot = f"{r['i']}.retarget" + (f".{k}" if k else "")
        got = r["answers"].get(slot)
        if got is None:
            src = g.objects.get(n.source or -1) or n
            # a copied triggered ability keeps its trigger event (706.10): "defending player", "that player" are
            # the event's (802.2a: the player the creature whose attack triggered it attacks), not its source's
            opts = list(dict.fromkeys(n.targets[0] + target_candidates(g, ab.targets[0], src, n.controller,
                                                                       n.trigger_info or None)))
            which = f"copy {k + 1}" if len(made) > 1 else "the copy"
            return {"kind": "choose_cards", "player": n.controller, "options": opts, "min": 1, "max": 1,
                    "slot": slot, "prompt": f"{n.name}: the target of {which} (or keep it)"}
        if n.targets != [list(got)]:
            n.targets = [list(got)]
            g.changed()
    return None


@op("retarget")
def _retarget(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """114.6: "Change the target of target spell with a single target" (114.6a: only to another legal target;
    with none, it stays) and "You may choose new targets for target spell" (114.6d: the controller of this
    effect may keep it). This engine changes a spell or ability with one target slot of one target; a
    modal one, or one with several targets, keeps its targets. The new target becomes its target (603.2d:
    "becomes the target" abilities trigger)."""
    if e.get("to") == "self":
        return _retarget_to_self(g, r, e)
    for i, x in enumerate(refs(g, r, e.args["what"])):
        n = g.objects.get(x) if isinstance(x, int) else None
        ab = None if n is None else n.ability or next((a for a in n.card.abilities if a.kind == "spell"), None)
        if n is None or n.zone != "stack" or ab is None or ab.modes or len(ab.targets) != 1 \
                or ab.targets[0].count != 1 or len(n.targets) != 1 or len(n.targets[0]) != 1:
            continue
        old = n.targets[0][0]
        slot = f"{r['i']}.retarget.{i}"
        got = r["answers"].get(slot)
        if got is None:
            src = g.objects.get(n.source or -1) if n.ability is not None else n
            others = [t for t in target_candidates(g, ab.targets[0], src or n, n.controller, n.trigger_info or None)
                      if t != old and t != n.id]  # 114.4: never itself
            if not others:
                continue  # 114.6a: no other legal target: unchanged
            opts = others if e.get("change") else [old, *others]
            return {"kind": "choose_cards", "player": controller(g, r), "options": opts, "min": 1, "max": 1,
                    "slot": slot, "prompt": f"{n.name}: its new target" + ("" if e.get("change") else " (or keep it)")}
        new = got[0] if got else old
        if new == old:
            continue
        n.targets = [[new]]
        g.log("retarget", card=n.name, obj=n.id, target=new)
        g.changed()
        if isinstance(new, int):
            triggers.event(g, {"event": "becomes_target", "obj": new, "by": n.id, "spell": n.ability is None,
                               "player": n.controller})
    return None


def _retarget_to_self(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """114.6b: "Change a target of target spell or ability to SELF" (Spellskite, Mizzium Meddler): one of its
    targets, chosen by this effect's controller, becomes SELF where SELF is a legal target for that target (114.6a;
    an object chosen once for that word "target" is not chosen again, 114.3); with none such, nothing changes."""
    me = source_id(g, r)
    if me is None or me not in g.objects or g.objects[me].zone != "battlefield":
        return None
    for i, x in enumerate(refs(g, r, e.args["what"])):
        n = g.objects.get(x) if isinstance(x, int) else None
        ab = None if n is None else n.ability or next((a for a in n.card.abilities if a.kind == "spell"), None)
        if n is None or n.zone != "stack" or ab is None or ab.modes or len(ab.targets) != len(n.targets):
            continue
        src = g.objects.get(n.source or -1) if n.ability is not None else n
        spots = [(k, j) for k, slot in enumerate(n.targets) if me not in slot
                 and me in target_candidates(g, ab.targets[k], src or n, n.controller, n.trigger_info or None)
                 for j in range(len(slot)) if slot[j] != me]
        if not spots:
            continue  # 114.6a: SELF is no legal target for any of them: unchanged
        k, j = spots[0]
        if len(spots) > 1:
            slot = f"{r['i']}.retarget_self.{i}"
            got = r["answers"].get(slot)
            names = [f"{q + 1}. {ab.targets[a].text}: {_named(g, n.targets[a][b])}" for q, (a, b) in enumerate(spots)]
            if got is None:
                return {"kind": "choose_option", "player": controller(g, r), "options": names, "slot": slot,
                        "prompt": f"{n.name}: which target becomes {g.objects[me].name}?"}
            k, j = spots[names.index(got) if isinstance(got, str) else int(got)]
        n.targets = [list(t) for t in n.targets]
        old, n.targets[k][j] = n.targets[k][j], me
        if old in n.divide:  # the damage divided to that target is the new one's (601.2d: one share per target)
            n.divide = {me if t == old else t: v for t, v in n.divide.items()}
        g.log("retarget", card=n.name, obj=n.id, target=me)
        g.changed()
        triggers.event(g, {"event": "becomes_target", "obj": me, "by": n.id, "spell": n.ability is None,
                           "player": n.controller})
    return None


@op("spell_gains")
def _spell_gains(g: "Game", r: Ctx, e: Effect) -> None:
    """"When you next cast an instant or sorcery spell from your hand this turn, it gains rebound" (Narset
    Transcendent): the spell on the stack has that keyword from now on; rebound works for a spell cast from its
    owner's hand (702.87a: exiled as it resolves, cast again at its owner's next upkeep; engine/cast_options.py)."""
    if e.get("resolves_exiled"):  # "exile that card instead of putting it into your graveyard as it resolves. If
        # you do, return it to your hand at the beginning of the next end step" (Feather, the Redeemed: 614.1a, 603.7)
        for x in refs(g, r, e.args["what"]):
            o = g.objects.get(x) if isinstance(x, int) else None
            if o is not None and o.zone == "stack" and o.ability is None and not cast_options.is_spell_copy(o):
                o.chosen["resolves_exiled"] = e.args["resolves_exiled"]
                g.changed()
        return
    k = e.args["keyword"]
    row = cast_options.ROWS.get(k)
    for x in refs(g, r, e.args["what"]):
        o = g.objects.get(x) if isinstance(x, int) else None
        if o is None or o.zone != "stack" or o.ability is not None or row is None:
            continue
        if o.chosen.get("cast_from") in row.cast_from and k not in o.chosen.get("cast_with", ()):
            o.chosen["cast_with"] = [*o.chosen.get("cast_with", ()), k]
            g.changed()


def _named(g: "Game", t: Any) -> str:
    return g.objects[t].name if isinstance(t, int) and t in g.objects else str(t)


def copy_spell(g: "Game", card: Any, rec: dict[str, Any], targets: list[list[Any]]) -> int:
    """706.10: put a copy of a spell onto the stack; it is not cast, and it ceases to exist when
    it leaves the stack (706.10a: engine/game.py)."""
    o = Obj(g.next_id, 0, card, rec["controller"], "stack")
    g.next_id += 1
    o.controller = rec["controller"]
    o.targets, o.x, o.modes = targets, int(rec.get("x", 0)), list(rec.get("modes", []))
    o.kicked = bool(rec.get("kicked"))
    o.divide = dict(rec.get("divide", {}))
    o.chosen = {"spell_copy": True, "cast_with": list(rec.get("cast_with", []))}
    g.objects[o.id] = o
    g.stack.append(o.id)
    g.log("copy", card=card.name, obj=o.id, targets=targets)
    g.changed()
    # "whenever you cast or copy an instant or sorcery spell" (706.10a: the copy was not cast)
    # "name": as the cast event's (608.2h: a copy ceases to exist once it leaves the stack, 706.10a)
    triggers.event(g, {"event": "cast", "player": o.controller, "obj": o.id, "copy": True, "name": card.name})
    return o.id


@op("copy_offer")
def _copy_offer(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """The chain offer ("Then that player or that permanent's controller may pay {R}{R}. If the player does,
    they may copy SELF and may choose a new target for that copy", Chain Lightning; "... may discard a card",
    "... may sacrifice a land of their choice", or nothing to pay: Chain of Acid). The player named chooses
    (608.2d) whether to pay, pays, then chooses whether to copy the resolving spell: the copy is theirs
    (706.10), keeps the spell's choices, and they may choose a new target for it (706.10c)."""
    s = this(g, r)
    who = [p for p in refs(g, r, e.args["who"]) if isinstance(p, str) and p in g.players]
    if not who or s.zone != "stack" or s.ability is not None:
        return None
    p = who[0]
    cost = e.args.get("cost") or {}
    name = s.card.name
    if cost:
        got = nested.answer(r, "offer")
        if got is None:
            if not _can_offer(g, p, cost):
                return None  # 117.3: a cost that cannot be paid is not offered
            return nested.ask_yes_no(r, "offer", p, f"{name}: {_offer_words(cost)} to copy it?")
        if got != "yes":
            return None
        if nested.answer(r, "paid") is None:
            pool = _offer_pool(g, p, cost)
            if pool is not None:  # a card to discard, a land to sacrifice: chosen as it is paid (601.2h)
                pick = nested.answer(r, "pick")
                if pick is None:
                    if not pool:
                        return None
                    return nested.ask_cards(r, "pick", p, pool, 1, 1, f"{name}: choose what to pay with")
                x = int(list(pick)[0])
                if x not in pool:
                    return None
                if cost.get("discard"):
                    discard(g, x)  # 701.7a
                else:
                    sacrifice(g, x)  # 701.14a
            else:
                pay_mana(g, p, tuple(cost["mana"]), set())
            r["answers"][nested.slot(r, "paid")] = True
    made = nested.answer(r, "copied")
    if made is None:
        got = nested.answer(r, "copy")
        if got is None:
            return nested.ask_yes_no(r, "copy", p, f"{name}: copy it?")
        if got != "yes":
            return None
        rec = dict(cast_options.storm_record(g, s), controller=p)
        made = copy_spell(g, s.card, rec, [list(t) for t in s.targets])
        r["answers"][nested.slot(r, "copied")] = made
    r["copied"] = made
    return _copy_retarget(g, r, e)


def _can_offer(g: "Game", p: str, cost: dict[str, Any]) -> bool:
    pool = _offer_pool(g, p, cost)
    return bool(pool) if pool is not None else can_afford(g, p, tuple(cost.get("mana", ())))


def _offer_pool(g: "Game", p: str, cost: dict[str, Any]) -> list[int] | None:
    """The cards or permanents the cost is paid with (a card in hand, a land they control); None for mana."""
    if cost.get("discard"):
        return list(g.players[p].hand)
    if cost.get("sacrifice"):
        return [i for i in g.battlefield if g.controller_of(i) == p and matches(g, i, cost["sacrifice"], None, p)]
    return None


def _offer_words(cost: dict[str, Any]) -> str:
    if cost.get("discard"):
        return "discard a card"
    if cost.get("sacrifice"):
        return "sacrifice a land"
    return "pay " + "".join("{" + s + "}" for s in cost.get("mana", ()))
