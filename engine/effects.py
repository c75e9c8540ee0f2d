"""Resolving spells and abilities (CR 608): the resolver.

Each op of the contract in engine/cards/abilities.py is a function of engine/ops (the
table OPS, built in engine/ops/__init__.py). A resolution is plain data (``game.resolving``):
the object, the flattened list of effects, the index of the next one, and the answers given so far. An op that needs a
player's choice returns the decision to wait for; when the answer comes the same op runs
again and finds it, so a game can be copied or replayed in the middle of a resolution.
A spell that leaves the stack by its own instruction resolves fully (608.2j): the record
then keeps it as it last existed (``lki_self``, a copy never changed again), and every
reader of the resolving object goes through ``engine.values.this`` (608.2g).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import (
    bestow,
    cast_options,
    entering,
    graveyard_order,
    mutate,
    player_control,
    replacement,
    transform,
    triggers,
)
from engine.actions import add_mana, put_attacking
from engine.cards.abilities import Ability, Effect
from engine.choices import NeedChoice
from engine.decision_kinds import answer_cards, named_option
from engine.errors import IllegalAction
from engine.ops import OPS
from engine.state import Obj
from engine.targets import legal_now, spell_ability
from engine.values import Ctx, condition, this

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Decision



# ------------------------------------------------------------------ resolution (608)
def _flat(ab: Ability, modes: list[int]) -> list[tuple[Effect, int, int]]:
    """The effects of the chosen modes in order (700.2), each with the offset of its mode's target slots and the
    number of times its mode was chosen before (a mode chosen again, 700.2d: its choices are its own)."""
    if ab.choose and ab.modes:
        out: list[tuple[Effect, int, int]] = []
        off = 0
        for k, m in enumerate(modes):
            mode = ab.modes[m]
            again = modes[:k].count(m)
            out += [(e, off, again) for e in mode.effects]
            off += len(mode.targets)
        return out
    return [(e, 0, 0) for e in ab.effects]



#: Conditions about the source object itself: not rechecked once it is gone (its last known
#: information stands, 608.2h).
_OBJECT_CONDITIONS = {"kicked", "cast_with", "mana_spent_ge", "self", "self_attacked_or_blocked_this_turn",
                      "self_dealt_damage", "self_damage_turn_ge", "new_since_upkeep", "renowned"}


_COUNTS: dict[int, tuple[Any, bool]] = {}


def _counts_resolutions(ab: Any) -> bool:
    """Does the ability read how many times it resolved this turn ("resolved_nth")? (kept for each ability)"""
    got = _COUNTS.get(id(ab))
    if got is None or got[0] is not ab:
        got = _COUNTS[id(ab)] = (ab, "resolved_nth" in repr(ab.effects) or "resolved_nth" in repr(ab.modes))
    return got[1]


def resolve_top(g: "Game") -> None:
    """608.1-608.3: resolve the top object of the stack."""
    sid = g.stack[-1]
    s = g.objects[sid]
    legal = legal_now(g, s)
    if s.ability is not None and "delayed_legal" in s.trigger_info:
        legal = [[x for x in slot if isinstance(x, str) or x in g.objects] for slot in s.trigger_info["delayed_legal"]]
    if s.targets and any(s.targets) and not any(legal) and mutate.is_mutating(s):
        mutate.end_mutating(g, s)  # mutate (a later keyword): it resolves as a creature spell (as 702.102d's)
        s.targets, legal = [], []
    if s.targets and any(s.targets) and not any(legal) and bestow.is_bestowed(s):
        bestow.end(g, s)  # 702.102d: it resolves as a creature spell, an exception to 608.3a
        s.targets, legal = [], []
    if s.targets and any(s.targets) and not any(legal):
        # 608.2b: all its targets are illegal: it doesn't resolve ("countered on resolution")
        g.log("fizzle", card=s.card.name)
        _finish(g, sid, countered=True)
        return
    ab = s.ability
    # "if SELF is in your graveyard": a source that has left that zone is a new object (400.7), no longer there
    left_zone = ab is not None and ab.condition is not None and s.source not in g.objects \
        and isinstance(ab.condition.get("self"), dict) \
        and ab.condition["self"].get("zone", "battlefield") != "battlefield"
    if ab is not None and ab.kind == "triggered" and ab.condition is not None and (left_zone or (
            (s.source in g.objects or not _OBJECT_CONDITIONS & set(ab.condition)) and
            not condition(g, ab.condition, s.source, {"controller": s.controller, "trigger": s.trigger_info}))):
        # 603.4: an intervening "if" clause is checked again on resolution; false: it does nothing
        g.log("condition_false", card=s.name)
        _finish(g, sid)
        return
    if ab is None:
        ab = spell_ability(s.card)
    effs = _flat(ab, s.modes) if ab is not None else []
    made = list(s.trigger_info.get("delayed_created", ())) if s.ability is not None else []  # 603.7c
    gone = list(s.trigger_info.get("delayed_exiled", ())) if s.ability is not None else []  # 603.7c
    g.resolving = {"obj": sid, "i": 0, "n": len(effs), "answers": {}, "created": made, "legal": legal,
                   "optional_asked": False, **({"exiled": gone} if gone else {}),
                   "lki_ctl": {x: g.controller_of(x) for slot in legal for x in slot
                               if isinstance(x, int) and x in g.objects},
                   "lki_owner": {x: g.objects[x].owner for slot in legal for x in slot
                                 if isinstance(x, int) and x in g.objects},
                   "lki_card": {x: g.objects[x].card for slot in legal for x in slot  # "its mana value"
                                if isinstance(x, int) and x in g.objects},
                   # 202.3c, 608.2h: the X of a target spell that left the stack during the resolution
                   "lki_x": {x: g.objects[x].x for slot in legal for x in slot if isinstance(x, int)
                             and x in g.objects and g.objects[x].zone == "stack" and g.objects[x].ability is None},
                   # 601.2h, 608.2h: the mana spent to cast a target spell that left the stack (Mana Sculpt)
                   "lki_spent": {x: sum((g.objects[x].chosen.get("mana_spent") or {}).values()) for slot in legal
                                 for x in slot if isinstance(x, int) and x in g.objects
                                 and g.objects[x].zone == "stack" and g.objects[x].chosen.get("mana_spent")},
                   # 608.2h: "its power" of a target that left during the resolution
                   "lki_pt": {x: (g.chars(x).power, g.chars(x).toughness) for slot in legal for x in slot
                              if isinstance(x, int) and x in g.objects and g.objects[x].zone == "battlefield"},
                   # 608.2h: "if that creature had a +1/+1 counter on it" of a target that left during the resolution
                   "lki_counters": {x: dict(g.objects[x].counters) for slot in legal for x in slot
                                    if isinstance(x, int) and x in g.objects and g.objects[x].counters}}
    it = s.trigger_info.get("obj") if s.ability is not None else None
    if isinstance(it, int) and it in g.objects:  # 608.2h: "counter that spell. That player creates X tokens, where X
        # is the spell's mana value" (Dovescape): the triggering object as it last existed, once an instruction moved it
        g.resolving["lki_card"].setdefault(it, g.objects[it].card)
        if g.objects[it].zone == "stack" and g.objects[it].ability is None:
            g.resolving["lki_x"].setdefault(it, g.objects[it].x)
    g.log("resolve", card=s.name, obj=sid)
    if s.ability is not None and s.source in g.objects and _counts_resolutions(s.ability):
        # "if this is the second time this ability has resolved this turn": its source keeps the count of this turn
        o = g.objects[s.source]
        turn, n = o.chosen.get("resolved:" + s.ability.text, (None, 0))
        o.chosen["resolved:" + s.ability.text] = [g.turn, (n if turn == g.turn else 0) + 1]
    if s.chosen.get("controlled_by") in g.players:  # 712.2: "you control the player while that spell is resolving"
        player_control.during(g, s.controller, s.chosen["controlled_by"], sid)
    resume(g)


def _record(g: "Game") -> Ctx:
    """The resolution under way (608.2)."""
    r = g.resolving
    if r is None:
        raise IllegalAction("nothing is resolving")
    return r


def resume(g: "Game") -> None:
    r = _record(g)
    if "finish" in r:  # the spell is done; only its move to the graveyard was waiting (616.1)
        _finish(g, r["obj"], r["finish"])
        return
    s = this(g, r)
    ab = s.ability
    if ab is None:
        ab = spell_ability(s.card)
    if ab is not None and ab.optional and not r["optional_asked"]:
        if "optional" not in r["answers"]:
            g.wait = {"kind": "choose_option", "player": s.controller, "options": ["yes", "no"],
                      "slot": "optional", "prompt": f"{s.card.name}: {ab.text}"}
            return
        r["optional_asked"] = True
        if r["answers"]["optional"] != "yes":
            _finish(g, r["obj"])
            return
    effs = _flat(ab, s.modes) if ab is not None else []
    while r["i"] < len(effs):
        if g.gy_batch and graveyard_order.settle(g):
            return  # 404.3: the cards the last effect put into a graveyard are ordered before the next effect
        eff, off, again = effs[r["i"]]
        r["off"] = off
        if again or "again" in r:  # a mode chosen again: its "choose" answers are its own (700.2d; values._slot)
            r["again"] = again
        fn = OPS.get(eff.op)
        if not r.get("lki_kept"):
            g.lki = []  # each effect is one event batch for leaves-the-battlefield look-back (603.10)
        if fn is None:
            g.log("unsupported_effect", op=eff.op, card=s.card.name)
            r["i"] += 1
            continue
        try:
            w = fn(g, r, eff)
        except NeedChoice as need:  # a reference to objects still to be chosen (engine.choices)
            w = need.wait
        if w is not None:
            g.wait = w
            return
        if g.resolving is not r:
            return  # the effect ended the resolution: "end the turn" exiled the spell (713.1b)
        r["i"] += 1
        g.changed()
    if g.gy_batch and graveyard_order.settle(g):
        return  # 404.3: ordered before the spell itself leaves the stack (608.2k)
    if r.get("replacing_draw"):  # a draw's replacement done (replace_draw_now): the resolution it interrupted goes on
        g.resolving = r["outer"]
        g.changed()
        return
    _finish(g, r["obj"])


_PERMANENT_TYPES = ("Creature", "Artifact", "Enchantment", "Planeswalker", "Land")  # 110.4


def _finish(g: "Game", sid: int, countered: bool = False) -> None:
    """608.2k / 608.3: the spell goes to the graveyard or the battlefield; an ability leaves.

    A spell whose move to the graveyard has replacement effects to order (616.1: Nexus of
    Fate's own against Leyline of the Void) waits for its owner's choice here: the resolution
    record then holds only ``finish``, and resume() finishes it after the answer."""
    s = g.objects.get(sid)
    # an Adventure spell that resolves is exiled instead of put into its owner's graveyard (the later rule of
    # Adventures); countered, or with no legal target left (608.2b), it goes to the graveyard as any spell
    adventure = s is not None and not countered and s.chosen.get("adventure") is True
    # an Omen spell (a later layout) that resolves is shuffled into its owner's library instead
    omen = s is not None and not countered and s.chosen.get("omen") is True
    if s is not None and s.zone == "stack" and s.ability is None and not cast_options.is_spell_copy(s) and \
            not adventure and not omen and \
            cast_options.leaves_stack_to(s, "graveyard", not countered) == "graveyard" and \
            (countered or not any(t in s.card.types for t in _PERMANENT_TYPES)):
        try:
            replacement.zone_change(g, s, "stack", "graveyard")
        except NeedChoice as need:
            g.resolving = {"obj": sid, "finish": countered, "i": 0}
            g.wait = need.wait
            return
    if s is not None and s.zone == "stack" and s.ability is None and not countered \
            and any(t in s.card.types for t in _PERMANENT_TYPES):
        wait = entering.discard_wait(g, s, s.controller)  # 614.1a: "If SELF would enter, you may discard ..."
        if wait is not None:
            g.resolving = {"obj": sid, "finish": countered, "i": 0}
            g.wait = wait
            return
    g.resolving = None
    if g.player_control.get("during"):
        player_control.resolved(g, sid)  # 712.2: control until it finishes resolving ends
    if s is not None and s.zone == "stack":
        if s.ability is not None:
            g.stack.remove(sid)
            del g.objects[sid]
            g.changed()
            if not countered and s.ability.keyword == "Crew" and s.source in g.objects:
                # crew (a later keyword, Kaladesh): a Vehicle "becomes crewed" as its crew ability resolves
                triggers.event(g, {"event": "becomes_crewed", "obj": s.source, "player": s.controller})
        elif not countered and any(t in s.card.types for t in _PERMANENT_TYPES):
            target = s.targets[0][0] if s.targets and s.targets[0] else None
            aura = "Aura" in s.card.subtypes and target is not None
            new = g.move(sid, "battlefield", controller=s.controller, attached_to=target if aura else None)  # 303.4f
            if aura:
                g.changed()
                if new in g.objects and g.objects[new].attached_to is not None:
                    triggers.attached(g, new, g.objects[new].attached_to)  # 701.3a: it became attached
            cast_options.after_resolve(g, s, new)  # dash's return (702.108a)
            if cast_options.cast_with(s, "Sneak") and new in g.objects:  # sneak: "enters tapped and attacking"
                g.objects[new].tapped = True  # as it enters: no "becomes tapped" event
                put_attacking(g, new, s.chosen.get("returned_attacking"))  # what the returned creature attacked
        else:  # buyback, rebound, flashback: somewhere else instead (engine/cast_options.py)
            new = g.move(sid, "exile" if adventure else "library_shuffle" if omen
                         else cast_options.leaves_stack_to(s, "graveyard", not countered))
            if adventure:
                transform.on_adventure(g, s, new)  # its controller may cast it from exile, as its creature
            if not countered:
                cast_options.after_resolve(g, s, new)  # rebound's cast at the next upkeep (702.87a)
            if not countered and new in g.objects and g.objects[new].zone == "graveyard" \
                    and "Haunt" in s.card.keywords:  # 702.54a: put into a graveyard during its resolution
                haunt = next(a for a in s.card.abilities if a.keyword == "Haunt")
                g.triggered.append({"controller": s.controller, "ability": haunt, "source": new,
                                    "card": g.objects[new].card, "info": {}})
        if not countered:
            g.spell_resolved(s.card, s.controller)  # a card carried out by hand (engine/manual.py)
    if g.winner is None:
        g.after_resolution()


def answer(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """Record an answer to a choice made during resolution, then resolution goes on."""
    r = _record(g)
    slot = d.data.get("slot", r["i"])
    if d.kind == "choose_option":
        opt = a.get("option")
        opts = d.options
        if isinstance(opt, bool):
            opt = "yes" if opt else "no"
        opt = named_option(list(opts), opt)
        r["answers"][slot] = opt
    elif d.kind == "choose_cards":
        cards = answer_cards(a)
        lo, hi = d.data.get("min", 0), d.data.get("max", 0)
        if not lo <= len(cards) <= hi or len(set(cards)) != len(cards) or any(c not in d.options for c in cards):
            raise IllegalAction(f"choose {lo}..{hi} of the offered cards")
        if d.data.get("different_names"):  # the names (or mana values) the question gave, else the names
            key = dict(zip(d.options, d.data.get("names") or [g.objects[c].card.name for c in d.options]))
            if len({key[c] for c in cards}) != len(cards):
                raise IllegalAction("the chosen cards must be different (names or mana values)")
        if d.data.get("power_limit") is not None:  # "with total power 4 or less" (their power as asked, 208.1)
            power = dict(zip(d.options, d.data.get("powers") or ()))
            if sum(int(power.get(c, 0)) for c in cards) > int(d.data["power_limit"]):
                raise IllegalAction(f"the chosen creatures' total power is more than {d.data['power_limit']}")
        if d.data.get("power_min") is not None:  # "with total power 12 or greater" (Phyrexian Dreadnought, 208.1)
            power = dict(zip(d.options, d.data.get("powers") or ()))
            if sum(int(power.get(c, 0)) for c in cards) < int(d.data["power_min"]):
                raise IllegalAction(f"the chosen creatures' total power is less than {d.data['power_min']}")
        if d.data.get("total_least") is not None:  # collect evidence N: "total mana value N or greater" (202.3)
            value = dict(zip(d.options, d.data.get("values") or ()))
            if sum(int(value.get(c, 0)) for c in cards) < int(d.data["total_least"]):
                raise IllegalAction(f"the chosen cards' total is less than {d.data['total_least']}")
        groups = d.data.get("one_of_each")
        if groups is not None and not one_of_each(cards, groups):
            raise IllegalAction("choose at most one card of each kind the effect names")
        r["answers"][slot] = cards
    elif d.kind == "choose_number":
        n = int(a["number"])
        if not d.data.get("min", 0) <= n <= d.data.get("max", 10 ** 6):
            raise IllegalAction("number out of range")
        r["answers"][slot] = n


def one_of_each(cards: list[Any], groups: list[list[Any]]) -> bool:
    """"an Angel card, a Demon card, and/or a Dragon card": each chosen card stands for a
    different alternative (a matching of cards to the groups that hold them)."""
    def fit(i: int, used: frozenset[int]) -> bool:
        if i == len(cards):
            return True
        return any(k not in used and cards[i] in grp and fit(i + 1, used | {k}) for k, grp in enumerate(groups))
    return fit(0, frozenset())


def run_now(g: "Game", ab: Ability, src: int, controller: str, a: dict[str, Any], card: Any = None) -> None:
    """A mana ability resolves at once without the stack (605.3), its other instructions too
    (605.1a: "Add {R} or {G}. SELF deals 1 damage to you."; "Add {C}. If you control ..., add {C}{C}
    instead."). Those run through their ops in a resolution record of their own, for an object that
    is never put on the stack; the resolution under way (a mana ability activated while paying during
    one) is kept aside and put back."""
    if all(e.op == "add_mana" for e in ab.effects) and not a.get("chosen"):
        for e in ab.effects:
            add_mana(g, controller, e, src, a.get("mana"))
        return
    # ``card``: the source's card as it last existed, when a cost removed it (Banana's "Sacrifice this
    # artifact: Add {R} or {G}. You gain 2 life."; 112.7a: the ability exists independently of its source)
    if src not in g.objects and card is None:  # its cost removed it while asking a choice: as it last existed
        card = next((o.card for o, _ in reversed(g.lki) if o.id == src), None)  # (112.7a, 603.10)
    if src not in g.objects and card is None:
        raise RuntimeError(f"the source {src} of a mana ability is gone and its last known card is not kept")
    s = Obj(g.next_id, 0, card if src not in g.objects else g.objects[src].card, controller, "stack")
    g.next_id += 1
    s.ability, s.source, s.controller = ab, src, controller
    s.chosen = dict(a.get("chosen") or {})  # what its cost sacrificed or exiled (engine/costs.py; 608.2h)
    g.objects[s.id] = s
    saved = g.resolving
    r: Ctx = {"obj": s.id, "i": 0, "n": len(ab.effects), "answers": {}, "created": [], "legal": [],
              "optional_asked": True, "lki_ctl": {}, "lki_owner": {}, "lki_card": {}, "lki_pt": {}}
    g.resolving = r
    try:
        for i, e in enumerate(ab.effects):
            r["i"], r["off"] = i, 0
            if e.op == "add_mana":
                add_mana(g, controller, e, src, a.get("mana"), r if s.chosen else None)
            elif OPS[e.op](g, r, e) is not None:  # the compiler makes mana abilities only of ops that ask nothing
                raise IllegalAction(f"{s.card.name}: a mana ability cannot ask a question ({e.op})")
    finally:
        g.resolving = saved
        del g.objects[s.id]
    g.changed()


# ------------------------------------------------------------------ damage (120)

# ------------------------------------------------------------------ the ops



