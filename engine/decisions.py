"""Decisions as the players see them: the kind, a prompt, and the legal answers.

``build(game, wait)`` turns the plain wait record of the game into a Decision whose
``options`` a UI can highlight and a bot can enumerate, and whose ``forced`` is the only
legal answer when there is exactly one.
"""
from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Iterator, NamedTuple, cast

from engine import (
    ability_index,
    awaken,
    bestow,
    cast_options,
    casting,
    combat,
    commander,
    costs,
    facedown,
    layers,
    licid,
    loops,
    manual,
    mutate,
    object_statics,
    overload,
    payment,
    planechase,
    player_statics,
    prepare,
    prototype,
    rooms,
    seats,
    targets,
    triggers,
    zones_cast,
)
from engine.cards.abilities import Cost, TargetSpec
from engine.filters import prior_target
from engine.mana import mana_value, substitute_x
from engine.memo import LIMIT, in_game, per_object
from engine.state import Decision, works_from_command
from engine.transform import (
    ADVENTURE,
    BACK,
    MODAL,
    SPLIT_LAYOUTS,
    adventure_half,
    aftermath_half,
    cast_adventure,
    cast_fused,
    cast_transformed,
    fused,
    modal_back,
    split_halves,
)

#: the form of a fuse card cast with both halves (its answer says ``alt: fuse``, 702.101a)
FUSED = -1

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj


#: the layouts of cards cast in more than one form from the hand: split cards' halves (708.3), adventurers
_FORMED = SPLIT_LAYOUTS | {"adventure", MODAL}


def _forms(g: "Game", hand: list[int]) -> Iterator[tuple["Obj", int | None]]:
    """The cards in a hand as they may be cast: each itself, or each half of a split card (708.3)
    as a stand-in object with only that half's characteristics, with the half's index; an adventurer card
    itself and as its Adventure (a later rule: a stand-in with the Adventure's characteristics, face 1)."""
    objs = g.objects
    for oid in hand:
        o = objs[oid]
        if o.card.layout == "adventure":  # its creature, or its Adventure (a later rule), as a stand-in
            yield o, None
            if adventure_half(o.card) is not None:
                yield cast_adventure(o), ADVENTURE
            continue
        back = modal_back(o.card)
        if back is not None:  # a modal double-faced card (a later layout): either face, cast or played as a land
            yield o, None
            f = o.copy()
            f.card = back
            yield f, BACK
            continue
        if o.card.layout not in SPLIT_LAYOUTS or not split_halves(o.card):
            yield o, None
            continue
        for i, half in enumerate(split_halves(o.card)):
            f = o.copy()
            f.card = half
            yield f, i
        if o.card.keywords and "Fuse" in o.card.keywords and fused(o.card) is not None:
            yield cast_fused(o), FUSED  # 702.101a: both halves from the hand


def priority_options(g: "Game", player: str) -> list[dict[str, Any]]:
    """Every legal priority action (116.2), with the legal targets of each slot."""
    out: list[dict[str, Any]] = [{"action": "pass"}]
    p = g.players[player]
    afford: dict[tuple[str, ...], bool] = {}
    objs = g.objects
    memo = _FACTS
    # what each card in the hand and the graveyard may do, fixed for its card (``_Facts``), and their union
    hand: list[tuple[int, Any, _Facts]] = []
    flags = 0
    for oid in p.hand:
        o = objs[oid]
        card = o.card
        hit = memo.get(id(card))
        f = hit[1] if hit is not None and hit[0] is card else _facts(card)
        hand.append((oid, o, f))
        flags |= f.flags
    gyf: list[tuple[int, _Facts]] = []
    gy_flags = 0
    granted = cast_options.granted_flashback(g)  # "gains flashback until end of turn" (Snapcaster Mage)
    # "instant and sorcery cards in your graveyard have retrace" (Wrenn and Six's emblem: 702.80a)
    ruled = bool(p.graveyard) and player_statics.active(g) and bool(player_statics.statics(g, "graveyard_keywords"))
    for oid in p.graveyard if ruled or granted or in_game(g, _from_graveyard) else ():  # (most games: no card
        card = objs[oid].card  # that is cast or activated from a graveyard)
        hit = memo.get(id(card))
        f = hit[1] if hit is not None and hit[0] is card else _facts(card)
        gyf.append((oid, f))
        gy_flags |= f.flags
    for oid, f in gyf if ruled or granted or gy_flags & _GY_ALTS else ():  # keyword casts from the graveyard:
        # flashback (702.33a; engine/cast_options.py)
        if not ruled and oid not in granted and not f.flags & _GY_ALTS:
            continue  # its alternative costs are then its card's only (object_alternatives): none here
        o = objs[oid]
        for name, row, c in cast_options.object_alternatives(g, o, granted):
            o = cast_transformed(g.objects[oid]) if name == "disturb" else aftermath_half(g.objects[oid]) \
                if name == "aftermath" else g.objects[oid]  # its back face, its aftermath half (later keywords)
            if row.zone != "graveyard" or not casting.can_cast_timing(g, player, o):
                continue
            if row.extra is not None and not costs.choices_payable(g, player, row.extra, o.id):
                continue  # retrace: a land card to discard (702.80a)
            if not _parts_payable(g, player, c, o.id):
                continue  # Flashback—Sacrifice three creatures: too few (117.3)
            base = tuple(m for m in c.mana if m != "X")
            helped = _helped(g, player, o, base, afford)
            tuned = None
            if helped is None and name == "harmonize":  # the creature of the greatest power tapped to pay less
                tuned = max(cast_options.harmonize_creatures(g, player), key=lambda i: (g.chars(i).power, -i),
                            default=None)
                if tuned is not None:
                    base = cast_options.reduce_generic(base, max(0, g.chars(tuned).power))
                    helped = _helped(g, player, o, base, afford)
            if helped is None:
                continue
            opt = cast_option(g, player, o, targets.spell_ability(o.card), base, afford, tuple(c.mana))
            if opt is not None:
                opt["alt"] = name
                if tuned is not None:
                    opt["harmonize"] = tuned
                opt.update(helped)
                out.append(opt)
    if g.priority == player:
        if flags & _FORETELL or p.exile:  # (a card with foretell in the hand, a foretold card in exile)
            out += _foretell_options(g, player, afford, hand if flags & _FORETELL else ())
        if g.casual and planechase.can_roll(g, player):  # 901.9: roll the planar die, a special action, for {N}
            cost = planechase.roll_cost(g, player)
            if not cost or _affordable_plain(g, player, cost, afford):
                out.append({"action": "roll_planar_die", "cost": len(cost) and int(cost[0])})
        if g.step == "declare_blockers":
            out += _sneak_options(g, player, afford)
    # 116.1a, 307.1: the timing of most cards depends only on flash and the moment, unless a static
    # working now changes it (flash for spells, a limit of spells, a name that can't be cast) or
    # epic forbids every spell (702.49a)
    plain = not p.epic and not _timing_statics(g)
    sorcery = casting.sorcery_timing(g, player)
    holding = g.priority == player
    # only a hand with a split card needs its halves (as stand-ins, with their own facts)
    forms: Any = hand if not flags & _FORMS else [(o.id, o, _facts(o.card), face) for o, face in _forms(g, p.hand)]
    # the cards that may be played or cast now as far as their kind goes (all at sorcery timing; else no land,
    # 305.2, and with plain timing an instant or a card with flash only while holding priority, 307.1, 702.8a)
    want = _TIMED if sorcery else (_QUICK if holding else 0) | _ODD if plain else _QUICK | _SLOW | _ODD
    lands: bool | None = None  # 305.2: at sorcery timing while a land play is left (as casting.can_play_land)
    most: int | None = None  # the most mana the player has for a spell's cost (``_most_mana``)
    for x in forms if flags & want or forms is not hand else ():
        if not x[2].flags & want:
            continue
        face: int | None = None
        if len(x) == 3:
            oid, o, f = x
        else:
            oid, o, f, face = x
        t = f.timing
        if t.land:
            if lands is None:
                lands = sorcery and p.lands_played < player_statics.land_plays(g, player)
            if lands and casting.can_play_land(g, player, oid, face):
                out.append({"action": "play", "card": oid, "name": o.card.name} | ({"face": face} if face else {}))
            continue
        if plain and f.plain:
            if not (holding if t.flash else sorcery):
                continue
        elif not casting.can_cast_timing(g, player, o):
            continue
        if f.least >= 0 and face is None:  # cast for its mana cost alone: not with more mana than there is (601.2f-h)
            if most is None:
                most = _most_mana(g, player, afford)
            if f.least > most >= 0:
                continue
        keyworded = bool(o.card.keywords)
        sus = cast_options.suspend_of(o.card) if keyworded else None
        if sus is not None and sus[0] == "X":  # "Suspend X—{X}{3}{U}. X can't be 0.": the Xs that can be paid
            sus_xs = list(itertools.takewhile(lambda x: _affordable_plain(g, player, substitute_x(
                tuple(sus[1].mana), x), afford), range(1, X_OPTIONS + 1)))  # (a larger X costs more)
            if sus_xs:
                out.append({"action": "suspend", "card": oid, "name": o.card.name, "x": True, "x_values": sus_xs})
        elif sus is not None and _affordable_plain(g, player, tuple(sus[1].mana), afford):
            out.append({"action": "suspend", "card": oid, "name": o.card.name})  # 115.2e, 702.61a
        pc = cast_options.plot_cost(o.card) if keyworded and sorcery else None
        if pc is not None and _affordable_plain(g, player, pc, afford):
            out.append({"action": "plot", "card": oid, "name": o.card.name})  # plot: a special action
        ab = targets.spell_ability(o.card)
        # 117.6: no mana symbols at all is an unpayable cost (Ancestral Vision)
        variants: list[tuple[str | None, tuple[str, ...], Any]] = [(None, o.card.mana_cost, None)] \
            if o.card.mana_cost else []
        alt_cost = costs.usable_alternative_cost(g, player, o.card, o)
        if alt_cost is not None:  # 118.9: "you may pay ... rather than pay its mana cost"
            variants.append(("alternative", alt_cost.mana, alt_cost))
        emerge: int | None = None
        for name, row, c in cast_options.alternatives(o.card) if keyworded else ():  # evoke, dash, surge
            if row.zone == "hand" and not row.offer_only and (row.when is None or row.when(g, player, o)) \
                    and row.timing is None:  # (sneak's own timing: _sneak_options)
                mana = c.mana
                if name == "emerge":  # the creature of the greatest mana value: the cheapest cast (any may be named)
                    emerge, mana = _emerge_pick(g, player, c.mana)
                    if emerge is None:
                        continue
                variants.append((name, mana, c if cast_options.other_parts(c) else None))
        sur = casting.flash_surcharge(g, player, o) if t.flash_if and not sorcery else ()
        # 601.2b: each alternative of an additional cost "A or B" is a way to cast it
        choices = range(len(costs.additional_choices(o.card)) or 1)
        for (alt, mana, other), choice in ((v, c) for v in variants for c in choices):
            if sur:  # "as though it had flash if you pay {2} more": part of the total cost now (601.2f)
                mana = tuple(mana) + sur
            base = mana if type(mana) is tuple and "X" not in mana else tuple(s for s in mana if s != "X")
            helped = _helped(g, player, o, base, afford, choice)
            if helped is None:
                continue
            if other is not None and not costs.choices_payable(g, player, other, o.id, exclude=o.id):
                continue
            opt = cast_option(g, player, o, ab, base, afford, mana, choice)
            if opt is None:
                continue
            if alt is not None:
                opt["alt"] = alt
            if alt == "emerge":
                opt["emerge"] = emerge
            opt.update(helped)
            if face == FUSED:
                opt["alt"] = "fuse"
            elif face is not None:
                opt["face"] = face
            out.append(opt)
    out += zone_options(g, player, afford)  # other zones (601.2a), without paying (117.9)
    for i in g.battlefield if prepare.in_game(g) else ():  # a loop, not any(): read for every priority decision
        if objs[i].chosen.get("prepared"):
            out += _prepared_options(g, player, afford)
            break
    special = [i for i, _, f in hand if f.flags & _SPECIAL] if flags & _SPECIAL else []
    if special or g.__dict__.get("_face_down"):  # 702.36c face down, 702.36e / 701.31b face up
        out += [o for o in facedown.options(g, player, sorcery, special) if _face_up_payable(g, player, o)]
    if g.effects and any("licid" in e for e in g.effects):  # 115.2c: "You may pay {B} to end this effect"
        out += licid.options(g, player)
    if g.priority == player and sorcery:  # unlock a Room's door (a later layout: a special action, engine/rooms.py)
        out += rooms.options(g, player, sorcery)
    if special:
        out += _bestow_options(g, player, special, afford)
        out += _prototype_options(g, player, special, afford)
        out += _changed_spell_options(g, player, special, afford)
    if manual.offered(g, player):
        out.append({"action": "manual"})
    srcs = list(_activated_sources(g, player))
    shape = _activation_shape
    if gy_flags & _GY_ACTS and not player_statics.activation_forbidden(g, player, "graveyard"):  # 602.5: Ashes of
        for oid, f in gyf:  # the Abhorrent; 112.6: some abilities work from the graveyard
            if f.from_graveyard:
                srcs.append((oid, f.from_graveyard, False))
    # 113.2: an emblem's activated abilities ("{1}{B}, Sacrifice a creature: ..."), its owner's; 901.7, 902.7, 904.8:
    # a face-up plane's (in its owner's command zone, controlled by the planar controller), a vanguard's, a scheme's
    for oid in [i for q in g.order for i in g.players[q].command] if g.casual else p.command:
        if works_from_command(objs[oid].card) and objs[oid].controller == player:
            em = ability_index.index(objs[oid].card.abilities).activated
            if em:
                srcs.append((oid, [(i, ab, *shape(ab)) for i, ab in em], False))
    for oid, _, f in hand if flags & _HAND_ACTS else ():  # 702.28a: cycling and typecycling work from the hand
        if f.from_hand:
            srcs.append((oid, f.from_hand, False))
    for oid, abilities, tap_only in srcs:
        o = objs[oid]
        if tap_only and o.tapped and o.zone == "battlefield":
            continue  # every cost is {T} alone (602.2b: a tapped permanent can't pay it)
        for i, ab, plain, simple in abilities:
            if plain and o.zone == "battlefield":
                # {T} alone (most mana abilities): untapped is enough unless it may be summoning sick
                if o.tapped or o.sick and not casting.cost_payable(g, player, o, ab):
                    continue
            elif not casting.cost_payable(g, player, o, ab):
                continue
            opt = {"action": "activate", "card": oid, "ability": i, "name": o.card.name, "text": ab.text,
                   "mana": ab.kind == "mana"}
            if ab.cost is not None and ab.cost.waterbend:  # the artifacts and creatures a bot taps to help pay
                need = costs.ability_mana(g, player, oid, ab.cost, ab)  # (waterbend, a later keyword action)
                bent = casting.waterbend_suggest(g, player, oid, ab.cost, need) if "X" not in need else None
                if bent:
                    opt["waterbend"] = bent
            if simple:  # no X, no variable cost, no modes, no targets: the option is complete
                out.append(opt)
                continue
            if ab.cost is not None and ab.cost.loyalty == "-X":  # 606: X up to its loyalty
                opt["x"] = True
                opt["x_max"] = o.counters.get("loyalty", 0)
            elif ab.cost is not None and "X" in ab.cost.mana:
                opt["x"] = True
            xs = None
            if ab.cost is not None and costs.variable(ab.cost):
                if costs.names_x(ab.cost):  # "Discard a card with mana value X": the values the cards allow
                    xs = costs.x_values(g, player, ab.cost, oid)
                else:  # 602.2b: "Remove X counters", "Pay X life", "Tap X untapped Knights": up to what there is
                    most = costs.x_max(g, player, ab.cost, oid)
                    opt["x"] = True
                    if ab.cost.life < 0:
                        opt["x_life"] = True  # X is paid in life too (a bot should not pay all of it)
                    if most is not None:
                        opt["x_max"] = min(most, opt.get("x_max", most))
                        if targets.names_x(ab.targets):  # "with power X or less": the targets X allows
                            xs = list(range(min(opt["x_max"], X_OPTIONS) + 1))
            if xs is not None:  # 602.2b: X named only by a cost's filter: an option for each X it could be
                out += _x_options(g, player, o, ab, opt, xs)
                continue
            if ab.choose:  # a modal ability: modes first, then the targets they ask for (601.2b-c, 602.2b)
                if not _with_modes(g, player, o, ab, opt):
                    continue
            elif ab.targets and not _with_targets(g, player, o, ab.targets, opt, ab):
                continue
            out.append(opt)
    if player_statics.active(g) and player_statics.statics(g, "name_lock"):  # 602.5: "with the chosen name"
        out = [o for o in out if o["action"] != "activate"
               or not player_statics.activate_locked(g, player, o["card"], o["mana"])]
    if g.stack and casting.split_second(g):  # 702.60a-b: special actions and mana abilities only
        out = [o for o in out if o["action"] not in ("cast", "activate") or o["action"] == "activate" and o["mana"]]
    return out


@per_object
def _activation_shape(ab: Any) -> tuple[bool, bool]:
    """(plain, simple) for an activated ability (602.1): plain, its whole cost is {T}
    (``casting.plain_tap``); simple, its priority option is complete as it is: no X to announce
    (a loyalty cost of -X, 606.4; {X} in its cost, 107.3; a variable cost, 602.2b), no modes
    (700.2) and no targets (602.2b). Fixed for the ability, so found once."""
    c = ab.cost
    simple = not ab.choose and not ab.targets and \
        (c is None or c.loyalty != "-X" and "X" not in c.mana and not costs.variable(c))
    return casting.plain_tap(ab), simple


def _timing_statics(g: "Game") -> bool:
    """Does a static working now change when spells may be cast (``casting.can_cast_timing``:
    player_statics.TIMING_KINDS, and 201.3 a name that can't be cast; flash for cards elsewhere, 611.3a)?"""
    ew = layers.elsewhere(g)
    if ew and any("Flash" in e[2].get("keywords", ()) for e in ew):
        return True
    if not player_statics.active(g):
        return False
    return any(player_statics.statics(g, k) for k in player_statics.TIMING_KINDS) or any(
        st.get("lock") == "cast" for _, _, st in player_statics.statics(g, "name_lock"))


#: the keywords that cast a card in another form (face down, as an Aura, overloaded)
_SPECIAL_CASTS = frozenset({"Morph", "Megamorph", "Disguise", "Bestow", "Overload", "Awaken", "Prototype", "Cleave",
                            "Mutate"})

#: ``_Facts.flags``: cast in more than one form from the hand (``_FORMED``), foretell (``cast_options.can_foretell``),
#: a keyword of ``_SPECIAL_CASTS``, activated abilities that work from the hand, keyword alternative costs
#: (``cast_options.alternatives``: flashback from the graveyard), activated abilities that work from the graveyard
_FORMS, _FORETELL, _SPECIAL, _HAND_ACTS, _GY_ALTS, _GY_ACTS = 1, 2, 4, 8, 16, 32
#: ``_Facts.flags`` of its timing: a land; a card cast while its caster holds priority (an instant, flash: 307.1,
#: 702.8a) or at sorcery timing only, with plain timing (``_Facts.plain``); a spell of other timing
_LAND, _QUICK, _SLOW, _ODD = 64, 128, 256, 512
_TIMED = _LAND | _QUICK | _SLOW | _ODD


class _Facts(NamedTuple):
    """What the priority options ask of a card in a hand or a graveyard, fixed for its card definition (as
    ``casting.spell_timing``), so found once for it: its timing (116.1a, 307.1); ``plain``, whether that depends
    only on flash and the moment (no legendary sorcery, no "cast this spell only ..." (604.6), no "as though it
    had flash" permission: ``casting.can_cast_timing`` then says what flash and sorcery timing say); ``flags``
    (the ``_FORMS`` ... ``_GY_ACTS`` bits); its activated abilities that work from the hand (702.28a) and
    from the graveyard (112.6), each with its shape (``Activation``); and ``least``, for a card cast from the hand
    only for its mana cost (no suspend or plot, no alternative cost (118.9), no additional cost, no change of its own
    cost (601.2f), no convoke, delve or improvise, no flash for more mana), the least mana that pays that cost
    (107.4, ``payment.least_total``), else -1."""
    timing: casting.SpellTiming
    plain: bool
    flags: int
    from_hand: list["Activation"]
    from_graveyard: list["Activation"]
    least: int


@per_object
def _from_graveyard(card: Any) -> bool:
    """Is the card cast from a graveyard by a keyword alternative cost (flashback, 702.33a) or has it activated
    abilities that work from a graveyard (112.6)? (``_Facts.flags``: ``_GY_ALTS``, ``_GY_ACTS``)"""
    return bool(_facts(card).flags & (_GY_ALTS | _GY_ACTS))


#: id(card) -> (the card, its facts): the card is kept so its id cannot be reused meanwhile (engine/memo.py)
_FACTS: dict[int, tuple[Any, _Facts]] = {}


def _facts(card: Any) -> _Facts:
    """The ``_Facts`` of a card definition, found once (the hot loops read ``_FACTS`` without a call)."""
    hit = _FACTS.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    t = casting.spell_timing(card)
    ix = ability_index.index(card.abilities)
    kw = card.keywords
    flags = (_FORMS if card.layout in _FORMED else 0) \
        | (_FORETELL if kw and "Foretell" in kw and cast_options.can_foretell(card) else 0) \
        | (_SPECIAL if kw and _SPECIAL_CASTS.intersection(kw) else 0) \
        | (_HAND_ACTS if ix.from_hand else 0) \
        | (_GY_ALTS if kw and cast_options.alternatives(card) else 0) \
        | (_GY_ACTS if ix.from_graveyard else 0)
    plain = not t.legendary_spell and not t.only and not t.flash_if
    flags |= _LAND if t.land else _ODD if not plain else _QUICK if t.flash else _SLOW
    only_mana = bool(card.mana_cost) and not t.flash_if and not (kw and (
        cast_options.suspend_of(card) or cast_options.plot_cost(card) or cast_options.alternatives(card)
        or cast_options.pay_with(card))) and costs.alternative_cost(card) is None \
        and not costs.additional_choices(card) and costs.additional_cost(card) is None \
        and not costs.changes_own_cost(card) and cast_options.waterbend_cap(card) is None
    f = _Facts(t, plain, flags,
               [(i, ab, *_activation_shape(ab)) for i, ab in ix.from_hand],
               [(i, ab, *_activation_shape(ab)) for i, ab in ix.from_graveyard],
               payment.least_total(tuple(s for s in card.mana_cost if s != "X")) if only_mana else -1)
    if len(_FACTS) > LIMIT:
        _FACTS.clear()
    _FACTS[id(card)] = (card, f)
    return f


def _prototype_options(g: "Game", player: str, hand: list[int],
                       afford: dict[tuple[str, ...], bool]) -> list[dict[str, Any]]:
    """Prototype (a later keyword): each card with a prototype in the hand cast prototyped, with its
    prototype characteristics (engine/prototype.py)."""
    out: list[dict[str, Any]] = []
    objs = g.objects
    for oid in hand:
        card = objs[oid].card
        if "Prototype" not in card.keywords or prototype.prototype_of(card) is None:
            continue
        f = prototype.stand_in(objs[oid])
        base = tuple(s for s in f.card.mana_cost if s != "X")
        if not casting.can_cast_timing(g, player, f) or not _affordable(g, player, f, base, afford):
            continue
        opt = cast_option(g, player, f, targets.spell_ability(f.card), base, afford, tuple(f.card.mana_cost))
        if opt is not None:
            opt["alt"] = "prototype"
            out.append(opt)
    return out


def _bestow_options(g: "Game", player: str, hand: list[int],
                    afford: dict[tuple[str, ...], bool]) -> list[dict[str, Any]]:
    """702.102a-c: each card with bestow in the hand cast for its bestow cost, as the Aura spell it
    then is (its timing and its target, enchant creature, checked with those characteristics)."""
    out: list[dict[str, Any]] = []
    objs = g.objects
    for oid in hand:
        card = objs[oid].card
        if not card.keywords or "Bestow" not in card.keywords:
            continue
        c = bestow.bestow_cost(card)
        if c is None:
            continue
        f = bestow.stand_in(objs[oid])
        base = tuple(s for s in c.mana if s != "X")
        if not casting.can_cast_timing(g, player, f) or not _affordable(g, player, f, base, afford):
            continue
        opt = cast_option(g, player, f, None, base, afford, tuple(c.mana))
        if opt is not None:
            opt["alt"] = "bestow"
            out.append(opt)
    return out


#: the alternative costs that cast a card from the hand as a changed spell: overload's text (702.95a-c,
#: no targets) and awaken's added spell ability with its land target after the spell's own (702.112a-b)
_CHANGED_SPELLS = (("Overload", "overload", overload.overload_of), ("Awaken", "awaken", awaken.awaken_of),
                   ("Cleave", "cleave", overload.cleave_of),  # cleave: its text without the bracketed words
                   ("Mutate", "mutate", mutate.mutate_of))  # mutate (a later keyword): with its target creature


def _changed_spell_options(g: "Game", player: str, hand: list[int],
                           afford: dict[tuple[str, ...], bool]) -> list[dict[str, Any]]:
    """Each card in the hand cast for one of the costs of ``_CHANGED_SPELLS``, as that spell."""
    out: list[dict[str, Any]] = []
    objs = g.objects
    for keyword, alt, spell_of in _CHANGED_SPELLS:
        for oid in hand:
            o = objs[oid]
            if not o.card.keywords or keyword not in o.card.keywords:
                continue
            got = spell_of(o.card)
            if got is None:
                continue
            c, f = overload.stand_in(o, got, alt)
            base = tuple(s for s in c.mana if s != "X")
            if not casting.can_cast_timing(g, player, o) or not _affordable(g, player, f, base, afford):
                continue
            opt = cast_option(g, player, f, targets.spell_ability(f.card), base, afford, tuple(c.mana))
            if opt is not None:
                opt["alt"] = alt
                out.append(opt)
    return out


#: an activated ability as the priority options read it: (its index, the ability, plain, simple: ``_activation_shape``)
Activation = tuple[int, Any, bool, bool]


def _activated_sources(g: "Game", player: str) -> list[tuple[int, list[Activation], bool]]:
    """(permanent, its activated abilities, whether each of their costs is {T} alone) of each permanent
    ``player`` controls that has any (602.1), and of each other permanent with abilities any player may
    activate (602.2), each ability with its shape (``_activation_shape``). They depend only on the
    characteristics, so they are kept with them."""
    cs = g.all_chars()
    kept = g.__dict__.get("_activated")
    if kept is None or kept[0] is not cs:
        kept = g._activated = (cs, {})  # player -> (permanent, its activated abilities)
    srcs: list[tuple[int, list[Activation], bool]] | None = kept[1].get(player)
    if srcs is None:
        cache = ability_index.CACHE
        srcs = []
        kept[1][player] = srcs
        for oid in g.battlefield:
            c = cs[oid]
            abl = c.abilities
            hit = cache.get(id(abl))
            ix = hit[1] if hit is not None and hit[0] is abl else ability_index.index(abl)
            acts = ix.activated if c.controller == player else ix.any_player
            if acts and c.controller != player and not seats.in_range(g, player, c.controller):
                continue  # 801.6: an object outside the player's range of influence
            if not acts:
                continue
            if c.rules or g.effects:  # 602.5: Arrest, detain (701.26a), Cursed Totem
                left = [(i, ab) for i, ab in acts if not object_statics.activation_barred(
                    g, oid, ab.kind == "mana", bool(ab.cost and ab.cost.tap))]
                if left:
                    srcs.append((oid, *_shaped(left)))
            else:
                srcs.append((oid, *_shape_all(acts)))
    return srcs


def _shaped(acts: list[tuple[int, Any]]) -> tuple[list[Activation], bool]:
    """Activated abilities (602.1), each with its shape (``_activation_shape``), and whether each of their costs is
    {T} alone."""
    shaped = [(i, ab, *_activation_shape(ab)) for i, ab in acts]
    return shaped, all(plain for _, _, plain, _ in shaped)


#: ``_shaped`` of the activated abilities of an ability index (``ability_index``: a permanent's, 613): fixed for the
#: list, so found once
_shape_all = per_object(_shaped)


#: the most options of one ability, one for each X, whose targets depend on X (602.2b)
X_OPTIONS = 12


def _with_targets(g: "Game", player: str, o: Any, specs: tuple[TargetSpec, ...], opt: dict[str, Any],
                  ab: Any = None) -> bool:
    """Add an activation's legal targets to its option; False when a slot has too few (601.2c)."""
    cands = [targets.target_candidates(g, s, o, player) for s in specs]
    if any(len(c) < s.min for c, s in zip(cands, specs)):
        return False
    # 602.3: the slots an opponent chooses are asked of that opponent later, not in this answer
    own = [k for k, s in enumerate(specs) if s.chooser is None]
    opt["targets"] = [cands[k] for k in own]
    caps = targets.division_caps(g, None, ab) if ab is not None else {}
    counts = targets.capped_counts(specs, caps)
    opt["target_counts"] = [counts[k] for k in own]
    _note_another(opt, [specs[k] for k in own])
    if len(own) == len(specs):  # (the slots' numbers are the answer's)
        _note_tied(g, opt, specs, cands)
    return True


def _face_up_payable(g: "Game", player: str, opt: dict[str, Any]) -> bool:
    """118.3, 702.36e: turning a permanent face up is offered only when the objects its cost names can be chosen too
    ("Morph—Discard a card", "Morph—Return a creature you control to its owner's hand"), as casting.py checks."""
    if opt.get("action") != "turn_face_up":
        return True
    cost = facedown.up_cost(g, player, opt)[1]
    return cost is None or not payment.has_choices(cost) or costs.choices_payable(g, player, cost, opt["card"])


def _note_tied(g: "Game", slots: dict[str, Any], specs: Any, cands: list[list[Any]]) -> None:
    """Name in ``tied`` the target slots whose targets an earlier target's player must control or own ("target
    player skips their next untap step. Tap up to five target permanents that player controls", Yosei; 601.2c): for
    such a slot k, {"slot": j, "players": the player of each candidate of k, "by": the player each candidate of slot j
    stands for (a player, or a planeswalker's controller)}, so a client picks slot j first and slot k among those."""
    tied: list[dict[str, Any] | None] = []
    for k, s in enumerate(specs):
        t = None
        for key in ("controller", "owner"):
            j = prior_target(s.filter.get(key))
            if j is not None and j < len(cands) and k < len(cands):
                def player(x: Any, own: bool) -> Any:
                    if isinstance(x, str) or x not in g.objects:
                        return x if isinstance(x, str) else None
                    return g.objects[x].owner if own else g.controller_of(x)
                t = {"slot": j, "players": [player(x, key == "owner") for x in cands[k]],
                     "by": [player(x, False) for x in cands[j]]}
        tied.append(t)
    if any(t is not None for t in tied):
        slots["tied"] = tied


def _note_another(slots: dict[str, Any], specs: Any) -> None:
    """Name in ``another`` the target slots of "another target" (114.3, 601.2c: its target is none of the
    spell's or ability's other targets, ``targets.check_targets``), so a client leaves those out there."""
    another = [k for k, s in enumerate(specs) if s.filter.get("other_target")]
    if another:
        slots["another"] = another


def _x_options(g: "Game", player: str, o: Any, ab: Any, opt: dict[str, Any], xs: list[int]) -> list[dict[str, Any]]:
    """602.2b, 601.2b: an ability whose X only a cost's filter and its targets name ("Discard a card with
    mana value X: Counter target spell with mana value X", Kozilek, the Great Distortion): one option for
    each X a cost could be paid with and whose targets exist, ``x_values`` naming it (the answer's X)."""
    out = []
    for x in xs:
        one = {**opt, "x": True, "x_values": [x]}
        if ab.choose:
            if not _with_modes(g, player, o, ab, one, x=x):
                continue
        elif ab.targets and not _with_targets(g, player, o, targets.counted(g, targets.with_x(
                tuple(targets.x_fixed(s, x) for s in ab.targets), x), o.id), one, ab):
            continue
        out.append(one)
    return out


def cast_option(g: "Game", player: str, o: Any, ab: Any, base: tuple[str, ...],
                 afford: dict[tuple[str, ...], bool], mana: tuple[str, ...], choice: int = 0) -> dict[str, Any] | None:
    """The cast option of a card in hand with its legal targets, or None without enough of them (``choice``:
    the alternative of an additional cost "A or B" paid, 601.2b)."""
    specs = ab.targets if ab is not None and not ab.choose else ()
    if "Aura" in o.card.subtypes:
        en = o.card.keyword_args.get("Enchant")
        specs = (TargetSpec(en if isinstance(en, dict) else {"types": ["Creature"]}, "enchant"),)
    cands = [targets.target_candidates(g, s, o, player) for s in specs]
    if specs and o.zone != "stack":  # "can't be the target of red spells" (601.2c): the card as the spell it becomes
        cands = [[c for c in slot if not targets.barred_for_spell(g, c, o, player)] for slot in cands]
    if specs and _target_taxes(g, player, o.card):  # 601.2f: a target that makes it cost more (or less)
        cands = [[c for c in slot if _affordable(g, player, o, base, afford, [[c]], choice)] for slot in cands]
    if any(len(c) < s.min for c, s in zip(cands, specs) if s.only_if is None):  # (601.2c: a slot only kicked or
        return None  # only with the gift promised: the spell may be cast without it)
    opt: dict[str, Any] = {"action": "cast", "card": o.id, "name": o.card.name}
    kick = o.card.keyword_args.get("Kicker") if "Kicker" in o.card.keywords else None
    if isinstance(kick, Cost) and not kick.is_free and _parts_payable(g, player, kick, o.id):
        opt["kicker"] = cost_words(kick)
    more = cast_options.additional(o.card)
    # 601.2f: each offered with the spell's own cost paid too (its mana: entwine's, buyback's)
    more = tuple(m for m in more if _parts_payable(g, player, m[2], o.id) and (
        not m[2].mana or _affordable(g, player, o, base + tuple(x for x in m[2].mana if x != "X"), afford,
                                     choice=choice)))
    if more:  # optional additional costs the answer may name in "extras" (buyback, entwine)
        opt["extra_costs"] = {name: cost_words(c) for name, _, c in more}
    if specs:
        opt["targets"] = cands
        opt["target_counts"] = targets.capped_counts(specs, targets.division_caps(g, None, ab))
        _note_another(opt, specs)
        _note_tied(g, opt, specs, cands)
        if any(s.only_if for s in specs):  # 601.2c: each slot's condition, as its spec says it (engine/targets.py
            opt["target_only_if"] = [s.only_if for s in specs]  # slot_applies); None for a slot it always has
    if "X" in mana:
        opt["x"] = True
    extra = costs.additional_cost(o.card, choice)
    if costs.additional_choices(o.card):
        opt["cost_choice"] = choice
        opt["cost_words"] = cost_words(extra) if extra is not None else ""
    if extra is not None and costs.variable(extra) and costs.names_x(extra):
        # 601.2b: "sacrifice an artifact or creature with mana value X": the values the objects allow
        xs = costs.x_values(g, player, extra, o.id)
        if not xs:
            return None
        opt["x"] = True
        opt["x_values"] = xs
    elif extra is not None and costs.variable(extra):  # 601.2b: "pay X life", "exile X cards" as it is cast
        most = costs.x_max(g, player, extra, o.id)
        if most is not None:
            opt["x"] = True
            opt["x_max"] = most
            if extra.life < 0:
                opt["x_life"] = True  # X is paid in life too (a bot should not pay all of it)
    if ab is not None and ab.choose and (ab.condition or {}).get("mode_chooser") != "opponent":
        # (601.3: an opponent's choice is asked of them)
        def fits(c: Any) -> bool:  # the same checks as a plain spell's targets, above (601.2c, 601.2f)
            return not (o.zone != "stack" and targets.barred_for_spell(g, c, o, player)) and (
                not taxed or _affordable(g, player, o, base, afford, [[c]], choice))
        taxed = _target_taxes(g, player, o.card)
        if not _with_modes(g, player, o, ab, opt, fits=fits):
            return None
        esc = cast_options.escalate_cost(o.card) if o.card.keywords else None
        if esc is not None:  # escalate (a later keyword): its cost for each mode beyond the first (601.2f)
            opt["escalate"] = cost_words(esc)
            opt["modes_affordable"] = _escalated(g, player, o, base, afford, choice, esc, min(ab.choose, len(ab.modes)))
    return opt


def _escalated(g: "Game", player: str, o: Any, base: tuple[str, ...], afford: dict[tuple[str, ...], bool],
               choice: int, esc: Cost, most: int) -> int:
    """Escalate (a later keyword): the most modes whose total cost (601.2f: the escalate cost once for each mode
    beyond the first) can be paid now, from 1 (the cast option itself is affordable) to ``most``."""
    n = 1
    while n < most:
        more = cast_options.times(esc, n)
        if not _affordable(g, player, o, base + tuple(m for m in more.mana if m != "X"), afford, choice=choice) \
                or not _parts_payable(g, player, more, o.id):
            break
        n += 1
    return n


def _with_modes(g: "Game", player: str, o: Any, ab: Any, opt: dict[str, Any], x: int | None = None,
                fits: Any = None) -> bool:
    """Add a modal spell's or ability's modes to its option (601.2b-c, 602.2b, 700.2): ``modes`` (their
    words), ``choose`` (the most), ``choose_min`` (the least, when it differs: "choose one or both"), and
    ``repeat_modes`` (true when the same mode may be chosen more than once: the Confluences, 700.2d) and
    ``mode_targets``, one entry per mode: the legal targets of its target slots and their counts (the shape
    of a plain option's ``targets`` / ``target_counts`` / ``another``; empty lists for a mode that targets
    nothing), or
    None for a mode that can't be chosen because a slot has too few legal targets (700.2a). The answer
    names the chosen modes in ``modes`` and, in ``targets``, the slots of those modes in the order of
    ``modes``. False when too few modes can be chosen to cast or activate it (700.2a, 601.2c). ``x``: the
    X an option is for (602.2b); ``fits``: a further test of each candidate (a spell's, ``cast_option``)."""
    lo, hi = casting.mode_range(ab, g, player, o.id)  # "if you control a commander, choose both instead"
    per: list[dict[str, Any] | None] = []
    for m in ab.modes:
        specs = m.targets
        if x is not None and specs:
            specs = targets.with_x(tuple(targets.x_fixed(s, x) for s in specs), x)
        specs = targets.counted(g, specs, o.id)  # "up to X target ..., where X is Q" (601.2c)
        cands = [targets.target_candidates(g, s, o, player) for s in specs]
        if fits is not None:
            cands = [[c for c in slot if fits(c)] for slot in cands]
        if any(len(c) < s.min for c, s in zip(cands, specs)):
            per.append(None)  # 700.2a: a mode with too few legal targets can't be chosen
            continue
        slots: dict[str, Any] = {"targets": cands, "target_counts": [[s.min, s.count] for s in specs]}
        _note_another(slots, specs)
        per.append(slots)
    legal = sum(1 for p in per if p is not None)
    again = bool((ab.condition or {}).get("repeat_modes"))  # the same mode more than once (the Confluences)
    if legal < (min(lo, 1) if again else lo):
        return False
    opt["modes"] = [m.text for m in ab.modes]
    opt["choose"] = hi
    if lo != hi:  # "choose one or both" (700.2): from lo to hi modes
        opt["choose_min"] = lo
    if (ab.condition or {}).get("more_modes_if") == {"kicked": True}:  # "If SELF was kicked, choose any number
        opt["choose_kicked"] = casting.mode_range(ab, g, player, o.id, ["Kicker"])[1]  # instead" (601.2b, 702.32b)
    if again:  # 700.2d: a mode may be chosen more than once (``modes`` names it as often)
        opt["repeat_modes"] = True
    weights, budget = casting.pawprints(ab)
    if budget is not None:  # pawprint modes (a later rule, Bloomburrow): each mode's weight, the most they may total
        opt["mode_weights"] = weights
        opt["weight_budget"] = budget
    opt["mode_targets"] = per
    return True


def _sneak_options(g: "Game", player: str, afford: dict[tuple[str, ...], bool]) -> list[dict[str, Any]]:
    """Sneak (a later keyword): during the declare blockers step, each card with sneak in the hand cast for
    its sneak cost, returning an unblocked attacking creature (chosen as the cost is paid, 601.2h)."""
    out: list[dict[str, Any]] = []
    objs = g.objects
    for oid in g.players[player].hand:
        o = objs[oid]
        if not o.card.keywords or "Sneak" not in o.card.keywords:
            continue
        c = next((c for name, _, c in cast_options.alternatives(o.card) if name == "sneak"), None)
        if c is None or not cast_options.sneak_time(g, player, o) \
                or not costs.choices_payable(g, player, cast_options.SNEAK_RETURN, oid, exclude=oid):
            continue
        opt = _cast_for(g, player, o, o.card, tuple(c.mana), "sneak", afford)
        if opt is not None:
            out.append(opt)
    return out


def _cast_for(g: "Game", player: str, o: Any, card: Any, mana: tuple[str, ...], alt: str,
              afford: dict[tuple[str, ...], bool]) -> dict[str, Any] | None:
    """The option of casting ``o`` for the keyword cost ``mana`` named ``alt`` (601.2b, 601.2f), with
    the help its caster may have paying it (convoke, delve, improvise), or None when it can't be paid."""
    base = tuple(m for m in mana if m != "X")
    helped = _helped(g, player, o, base, afford)
    if helped is None:
        return None
    opt = cast_option(g, player, o, targets.spell_ability(card), base, afford, mana)
    if opt is not None:
        opt["alt"] = alt
        opt.update(helped)
    return opt


def _foretell_options(g: "Game", player: str, afford: dict[tuple[str, ...], bool],
                      hand: Any = ()) -> list[dict[str, Any]]:
    """Foretell (a later keyword: Kaldheim, 2021), for the player holding priority: during their own turn,
    the special action for each card with foretell in the hand ({2}: engine/casting.py foretell); and, when
    its timing allows, the cast for its foretell cost of each card they foretold on an earlier turn (face
    down in exile, 406.3: its stand-in with the card's characteristics names it, in this seat's options only).
    ``hand``: (card, object, ``_Facts``) of the cards in the hand, when one of them has foretell."""
    out: list[dict[str, Any]] = []
    p = g.players[player]
    objs = g.objects
    for oid, o, f in hand if seats.is_active(g, player) else ():
        if f.flags & _FORETELL and _affordable_plain(g, player, cast_options.FORETELL_ACTION_COST, afford):
            out.append({"action": "foretell", "card": oid, "name": o.card.name})
    for oid in p.exile:
        o = objs[oid]
        card = o.chosen.get("face_down") if o.chosen.get("foretold") is not None else None
        if card is None or not cast_options.can_foretell(card):
            continue
        f = o.copy()
        f.card = card
        c = cast_options.cost_of(card, "Foretell")
        if c is None or not cast_options.foretold(g, player, f) or not casting.can_cast_timing(g, player, f):
            continue
        opt = _cast_for(g, player, f, card, tuple(c.mana), "foretell", afford)
        if opt is not None:
            out.append(opt)
    return out


def _emerge_pick(g: "Game", player: str, mana: tuple[str, ...]) -> tuple[int | None, tuple[str, ...]]:
    """Emerge (a later keyword: Eldritch Moon): the creature of the greatest mana value ``player`` may
    sacrifice, and the emerge cost reduced by it in generic mana; (None, mana) when they control none."""
    best = max(cast_options.emerge_creatures(g, player),
               key=lambda i: (mana_value(g.chars(i).card.mana_cost), -i), default=None)
    if best is None:
        return None, mana
    return best, cast_options.reduce_generic(mana, mana_value(g.chars(best).card.mana_cost))


def _parts_payable(g: "Game", player: str, c: Cost, oid: int) -> bool:
    """117.3: can the life and the objects of a keyword cost be paid now (the card itself aside)?"""
    if not cast_options.other_parts(c):
        return True
    if c.life and not player_statics.can_pay_life(g, player, c.life):
        return False
    return costs.choices_payable(g, player, c, oid, exclude=oid)


def cost_words(c: Cost) -> str:
    """A keyword cost as a player reads it: its mana symbols, then its other parts (a prompt's words)."""
    out = ["".join("{" + m + "}" for m in c.mana)] if c.mana else []
    if c.life:
        out.append(f"pay {c.life} life")
    if c.energy:
        out.append("pay " + "{E}" * c.energy)
    if c.mill:
        out.append(f"mill {c.mill}")
    if c.exile_top:
        out.append(f"exile the top {c.exile_top} of your library")
    for part, _, n in payment.chosen_parts(c):
        out.append(f"{part.replace('_', ' ')} {n}")
    return ", ".join(out)


def _prepared_options(g: "Game", player: str, afford: dict[tuple[str, ...], bool]) -> list[dict[str, Any]]:
    """The copies of prepared permanents' spells the player may cast now (a later mechanic: engine/prepare.py),
    each with its legal targets: an option names the permanent, with ``"prepared": true``."""
    out: list[dict[str, Any]] = []
    for pid in prepare.prepared(g, player):
        s = prepare.stand_in(g, pid)
        if not s.card.mana_cost or not casting.can_cast_timing(g, player, s):
            continue  # 117.6: no mana cost, no payment; 307.1 / 116.1a: its own timing
        base = tuple(m for m in s.card.mana_cost if m != "X")
        helped = _helped(g, player, s, base, afford)
        if helped is None:
            continue
        opt = cast_option(g, player, s, targets.spell_ability(s.card), base, afford, tuple(s.card.mana_cost))
        if opt is not None:
            opt.update(helped, prepared=True)  # the answer names the permanent
            out.append(opt)
    return out


def _helped(g: "Game", player: str, o: Any, base: tuple[str, ...],
            afford: dict[tuple[str, ...], bool], choice: int = 0) -> dict[str, list[int]] | None:
    """None when the total cost of casting ``o`` cannot be paid; {} when mana pays it; else the
    fewest creatures, artifacts or graveyard cards that pay the rest (convoke, improvise,
    delve: engine/cast_options.py), which the option carries for the bots to answer with."""
    if _affordable(g, player, o, base, afford, choice=choice):
        return {}
    if not cast_options.pay_with_spell(g, player, o):
        return None
    extra = costs.additional_cost(o.card, choice)
    if extra is not None:
        if not costs.choices_payable(g, player, extra, o.id, exclude=o.id):
            return None
        base = base + tuple(m for m in extra.mana if m != "X")
    total = costs.total_cost(g, player, o.id, base, None)
    return cast_options.suggest(g, player, o, total,
                                lambda rest, ex: payment.can_afford(g, player, rest, frozenset(ex), ("spell", o.id)))


def _most_mana(g: "Game", player: str, afford: dict[tuple[str, ...], bool]) -> int:
    """The most mana ``player`` could pay a spell's total cost with now (the pool and the untapped sources, 106.4:
    ``payment.most_mana``) while nothing but the spell's own text changes or pays that cost (no cost change (601.2f),
    no static offering an alternative cost (118.9) or a keyword such as convoke (702.50a) to spells, no restricted
    mana (106.6)), so a spell that costs more can't be cast for that cost (``_affordable`` would say no, and no
    creature or graveyard card helps pay it); -1 when that is not known so."""
    if player_statics.active(g) and (player_statics.statics(g, "alt_cost_spells")
                                     or player_statics.statics(g, "spell_keywords")):
        return -1
    unchanged = afford.get(_UNCHANGED)
    if unchanged is None:
        unchanged = afford[_UNCHANGED] = costs.unchanged_costs(g, player)
    restricted = afford.get(_RESTRICTED)
    if restricted is None:
        restricted = afford[_RESTRICTED] = payment.has_restricted(g, player)
    most = payment.most_mana(g, player) if unchanged and not restricted else None
    return -1 if most is None else most


def _affordable_plain(g: "Game", player: str, cost: tuple[str, ...], afford: dict[tuple[str, ...], bool]) -> bool:
    """Can this mana be paid now (a special action's cost: no increase or reduction applies)?"""
    ok = afford.get(cost)
    if ok is None:
        ok = afford[cost] = payment.can_afford(g, player, cost)
    return ok


def _target_taxes(g: "Game", player: str, card: Any = None) -> bool:
    """Is there a cost increase for spells that target something ("Spells your opponents
    cast that target this creature cost {2} more"), or a reduction of the card's own ("costs {3}
    less to cast if it targets a tapped creature")?"""
    return costs.has_target_changes(g, card)


def _affordable(g: "Game", player: str, o: Any, base: tuple[str, ...],
                afford: dict[tuple[str, ...], bool] | None = None,
                targets: list[list[Any]] | None = None, choice: int = 0) -> bool:
    """Can the total cost (601.2f) of casting card ``o`` be paid (with these targets, or
    before targets are chosen)? ``afford`` remembers the answer per total cost (copies of a
    card cost the same)."""
    extra = costs.additional_cost(o.card, choice)
    if extra is not None:
        base = base + tuple(m for m in extra.mana if m != "X")
        if not costs.choices_payable(g, player, extra, o.id, exclude=o.id):
            return False
    if afford is None:
        return payment.can_afford(g, player, costs.total_cost(g, player, o.id, base, targets), purpose=("spell", o.id))
    unchanged = afford.get(_UNCHANGED)
    if unchanged is None:
        unchanged = afford[_UNCHANGED] = costs.unchanged_costs(g, player)
    return _spell_afford(g, player, o, costs.total_cost(g, player, o.id, base, targets, unchanged), afford)


#: the key of ``afford`` that remembers whether nothing but the cards' own texts changes the player's spells' costs
#: (``costs.unchanged_costs``; no total cost is this)
_UNCHANGED = ("#unchanged",)


#: the key of ``afford`` that remembers whether the player has restricted mana (no total cost is this)
_RESTRICTED = ("#restricted",)


def _spell_afford(g: "Game", player: str, o: Any, total: tuple[str, ...],
                  afford: dict[tuple[str, ...], bool]) -> bool:
    """Can the total cost of casting ``o`` be paid? Remembered per total cost, unless the
    player has restricted mana (106.6), which may pay for some spells and not others (whether
    they have is remembered too: ``afford`` lives for one look at the same state)."""
    restricted = afford.get(_RESTRICTED)
    if restricted is None:
        restricted = afford[_RESTRICTED] = payment.has_restricted(g, player)
    if restricted:
        return payment.can_afford(g, player, total, purpose=("spell", o.id))
    ok = afford.get(total)
    if ok is None:
        ok = afford[total] = payment.can_afford(g, player, total)
    return ok


def build(g: "Game", w: dict[str, Any]) -> Decision:
    kind = w["kind"]
    player = w["player"]
    opts: Any  # the options of this kind (engine/decision_kinds.OPTIONS)
    forced: Any
    if kind == "priority":
        opts = priority_options(g, player)
        if g.frag:  # 716.3: not a fragmented loop's choice (an empty record forbids none)
            opts = loops.offered(g, player, opts)
        # the turn and step (public, 102.1, 500.1) tell a client when a new step begins (the random bot)
        step = g.step
        data = {"turn": g.turn, "step": step} if len(w) == 2 else \
            {**{k: v for k, v in w.items() if k not in ("kind", "player")}, "turn": g.turn, "step": step}
        return Decision(player, kind, f"{player}: {step}, you have priority", opts, data)
    data = {k: v for k, v in w.items() if k not in ("kind", "player")}
    if kind == "play_first":
        # 103.2, 800.4a: only a player still in the game can take the first turn
        return Decision(player, kind, "choose who plays first (103.2)",
                        [{"player": n} for n in seats.live(g)], data)
    if kind == "mulligan":
        n = len(g.players[player].hand)
        return Decision(player, kind, f"keep these {n} cards or mulligan?",
                        [{"option": "keep"}, {"option": "mulligan"}], data)
    if kind == "mulligan_bottom":
        # 103.4: the player looks at the top card; the decision (sent to that seat alone)
        # carries it, the views of the others do not
        top = w.get("card")
        name = g.objects[top].card.name if top in g.objects else None
        if name is not None:
            data = {**data, "top": {"name": name}}
        return Decision(player, kind, f"look at the top card of your library ({name or 'none'}): leave it on top "
                        "or put it on the bottom? (103.4)", [{"option": "top"}, {"option": "bottom"}], data)
    if kind == "attackers":
        atk = combat.possible_attackers(g)
        opts = {"attackers": atk, "targets": combat.attack_targets(g), **combat.attack_hints(g, atk)}
        must = [a for a in atk if combat.has_rule(g, a, "must_attack")]  # 508.1d: attack if able
        if must:
            opts["must"] = must
        opts.update(combat.attack_costs(g, player, atk))  # 508.1g: the attacks that cost mana or life
        one = combat.one_attacker_needs(g, player)  # 508.1d: "... with at least one creature" (Trove of Temptation)
        if one:
            opts["attack_one"] = one
        return Decision(player, kind, "declare attackers", opts, data, None if atk else {"attackers": {}})
    if kind == "blockers":
        atk = combat.attackers_of(g, player)  # 802.4a: those attacking this defending player
        opts = {b: [a for a in atk if combat.can_block(g, b, a)] for b in combat.possible_blockers(g, player)}
        return Decision(player, kind, "declare blockers", {"blockers": opts, **combat.block_hints(g, opts)}, data,
                        None if opts else {"blockers": {}})
    if kind == "order_blockers":
        ids = list(g.objects[w["attacker"]].blockers)
        forced = {"order": ids} if len(ids) == 1 else None
        return Decision(player, kind, "order the blockers (509.2)", ids, data, forced)
    if kind == "order_attackers":
        ids = list(g.objects[w["blocker"]].blocking)
        return Decision(player, kind, "order the attackers (509.3)", ids, data, None)
    if kind == "assign_damage":
        f = combat.forced_assignment(g, data)
        key = cast(int, data.get("attacker", data.get("blocker")))
        o = g.objects[key]
        recips = list(o.blockers) + ([o.attacking] if "Trample" in g.chars(key).keywords
                                     or combat.as_unblocked(g, key) else []) \
            if "attacker" in data else list(o.order)
        dmg: dict[str, Any] = {"recipients": recips, "power": combat.combat_power(g, key),
                               "lethal": {x: combat.lethal(g, x, key) for x in recips if isinstance(x, int)}}
        if "attacker" in data and "Trample" not in g.chars(key).keywords and combat.as_unblocked(g, key):
            # 510.1c: all of it to what it attacks, or divided among the blockers only (no trample)
            dmg["as_unblocked"] = o.attacking
        return Decision(player, kind, f"assign {combat.combat_power(g, key)} combat damage (510.1c)", dmg, data,
                        {"assign": f} if f is not None else None)
    if kind == "trigger_targets":
        t = g.triggered[w["trigger"]]
        cands = triggers.candidates(g, t)
        specs = triggers.specs_of(t)
        forced = None
        if all(len(c) == 1 and s.min == s.count == 1 for c, s in zip(cands, specs)):
            forced = {"targets": [[c[0]] for c in cands]}
        caps = triggers.with_stand_in(g, t, [], lambda probe: targets.division_caps(g, probe, t["ability"])) \
            if targets.divided_damage(t["ability"].effects) else {}
        opts = {"targets": cands, "target_counts": targets.capped_counts(specs, caps)}
        _note_another(opts, specs)  # "another target" (114.3): a client leaves the other slots' targets out
        _note_tied(g, opts, specs, cands)  # "... target permanents that player controls" (601.2c)
        shared = {k: targets.share_groups(g, c, s.filter["share_type"], s.min)
                  for k, (c, s) in enumerate(zip(cands, specs)) if s.filter.get("share_type")}
        if shared:  # "two target permanents that share a card type": the groups the targets are chosen from
            opts["share_groups"] = [shared.get(k) for k in range(len(specs))]
            forced = None
        if "another" in opts:
            forced = None
        return Decision(player, kind, f"choose targets for {t['card'].name}: {t['ability'].text}", opts, data, forced)
    if kind == "order_triggers":
        team = seats.side(g, player)  # 805.7: a Two-Headed Giant team orders all its triggers
        mine = [t for t in g.triggered if t["controller"] in team]
        # the same ability of the same source triggering several times: any order is the same
        same = len({(t["source"], id(t["ability"])) for t in mine}) == 1
        return Decision(player, kind, "order your triggered abilities (first goes on the stack first)",
                        [{"index": i, "source": t["source"], "name": t["card"].name, "text": t["ability"].text}
                         for i, t in enumerate(mine)], data,
                        {"order": list(range(len(mine)))} if same else None)
    if kind == "discard_to_hand_size":
        return Decision(player, kind, f"discard {w['n']} card(s) (514.1)", list(g.players[player].hand), data)
    if kind == "manual":
        return Decision(player, kind, f"carry out {w.get('card')} by hand, then say done",
                        manual.options(g, player), data)
    if kind == "legend_rule":
        return Decision(player, kind, "choose the one that stays (704.5j-k)", list(w["options"]), data)
    if kind in ("choose_cards", "choose_option", "choose_number"):
        opts = list(w.get("options", []))
        forced = None
        if kind == "choose_cards" and w.get("min", 0) == w.get("max", 0) == len(opts) and not w.get("ordered"):
            forced = {"cards": opts}
        elif kind == "choose_option" and len(opts) == 1:
            forced = {"option": opts[0]}
        elif kind == "choose_number" and w.get("min", 0) == w.get("max"):
            forced = {"number": w["max"]}
        return Decision(player, kind, w.get("prompt", kind), opts, data, forced)
    if kind == "name_card":  # 201.3: the options only suggest; any real card name is an answer
        return Decision(player, kind, w.get("prompt", "name a card"), list(w.get("options", [])), data)
    if kind == "cast_offer":
        return Decision(player, kind, w.get("prompt", "cast it?"), offer_options(g, player, w), data)
    if kind == "_deal_combat_damage":
        raise RuntimeError("internal step leaked")
    raise RuntimeError(f"unknown wait {kind}")


def offer_options(g: "Game", player: str, w: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of a cast_offer (engine/ops/cast.py): casting the offered card as the
    resolving ability says (its alternative cost, or free), with its legal targets; and pass,
    unless it must be cast and can be (702.61a)."""
    o = g.objects.get(w["card"])
    out: list[dict[str, Any]] = []
    land = o is not None and "Land" in casting.offered_card(o).types  # a land is played, never cast (305.1)
    if o is not None and not land and player_statics.active(g) and (player_statics.cast_locked(g, player, o)
                                                                    or player_statics.cast_forbidden(g, player, o)):
        o = None  # 201.3: "spells with the chosen name can't be cast", 101.2: as an ability offers it too
    if o is not None and not land:
        afford: dict[tuple[str, ...], bool] = {}
        mana: tuple[str, ...] = o.card.mana_cost
        if w.get("free"):
            mana = ()
        elif w.get("alt") in cast_options.ALTS:
            c = cast_options.cost_of(o.card, cast_options.ALTS[w["alt"]].keyword)
            mana = c.mana if c is not None else ()
        base = tuple(m for m in mana if m != "X")
        helped = _helped(g, player, o, base, afford)
        if helped is not None:
            opt = cast_option(g, player, o, targets.spell_ability(o.card), base, afford, mana)
            if opt is not None:
                opt.update(helped)
                out.append(opt)
    if o is not None and land and w.get("play") and casting.can_play_offered_land(g, player, o.id,
                                                                                  w.get("from_zone", "hand")):
        out.append({"action": "play", "card": o.id, "name": o.card.name})  # Word of Command: "plays that card"
    if not out or not w.get("must"):
        out.append({"action": "pass"})
    return out


def _on_adventure(g: "Game", player: str) -> bool:
    """Is a card ``player`` cast as an Adventure in exile (a later rule of Adventures: its caster may cast it from
    there)? (A loop over the exile zones, most often empty, read for every priority decision.)"""
    objs = g.objects
    for q in g.order:
        for i in g.players[q].exile:
            if objs[i].chosen.get("adventure") == player:
                return True
    return False


def zone_options(g: "Game", player: str, afford: dict[tuple[str, ...], bool]) -> list[dict[str, Any]]:
    """The extra priority actions (116.2a-b): casts and land plays from other zones, and
    casts from the hand without paying the mana cost."""
    out: list[dict[str, Any]] = []
    if not g.effects and not player_statics.active(g) and not g.players[player].command \
            and not _on_adventure(g, player):
        return out  # (a card on an adventure: its caster may cast it from exile, the later rule of Adventures)
    for oid in zones_cast.candidates(g, player):
        o = g.objects[oid]
        if "Land" in o.card.types:
            if casting.can_play_land(g, player, oid):
                out.append({"action": "play", "card": oid, "name": o.card.name})
            continue
        perm = zones_cast.may_cast(g, player, o)
        if perm is None:
            continue
        opt = spell_option(g, player, o, free=perm["free"], afford=afford, cost=perm.get("cost"))
        if opt is not None:
            out.append(opt)
    if player_statics.statics(g, "free_spells"):
        for oid in g.players[player].hand:
            o = g.objects[oid]
            if "Land" not in o.card.types and player_statics.free_from_hand(g, player, o):
                opt = spell_option(g, player, o, free=True, afford=afford)
                if opt is not None:
                    opt["alt"] = "free"
                    out.append(opt)
    return out



def spell_option(g: "Game", player: str, o: "Obj", free: bool,
                 afford: dict[tuple[str, ...], bool], cost: tuple[str, ...] | None = None) -> dict[str, Any] | None:
    """A cast option for ``o`` (targets, X, kicker, modes), or None when it can't be cast now (``cost``: a
    permission's alternative cost, "for {2} rather than its mana cost", 118.9)."""
    if not casting.can_cast_timing(g, player, o):
        return None
    tax = commander.tax(g, player, o) if g.commanders else ()  # 903.8
    mana = o.card.mana_cost if cost is None else cost
    if not free:
        if not _spell_afford(g, player, o, tuple(s for s in mana if s != "X") + tax, afford):
            return None
    # 107.3b: cast without paying its mana cost, X is 0 (no X to choose)
    base = (() if free else tuple(s for s in mana if s != "X")) + tax
    opt = cast_option(g, player, o, targets.spell_ability(o.card), base, afford, () if free else mana)
    if opt is not None and free:
        opt["free"] = True
    return opt
