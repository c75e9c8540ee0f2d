"""Playing lands (305, 115.2), casting spells (601), activating abilities (602, 605, 606)
and paying costs (117, 106).

A cast or activate answer carries every choice of 601.2 at once: modes and X (601.2b),
targets (601.2c), the division (601.2d) and, optionally, the permanents whose mana
abilities pay (601.2g-h; without it the cost is paid automatically). The answer is
checked as a whole; an illegal one changes nothing. Cost parts that name objects
(sacrifice, discard, exile from a graveyard, tap or return permanents) are chosen after
the mana is paid, in the answer or with a choose_cards decision (engine/costs.py); the
spell or ability is cast or activated once they are paid (601.2i, 602.2b).
"""
from __future__ import annotations

import dataclasses
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any, NamedTuple

from engine import (
    awaken,
    bestow,
    cast_options,
    commander,
    conspiracy,
    costs,
    effects,
    facedown,
    knowledge,
    layers,
    licid,
    manual,
    mutate,
    object_statics,
    overload,
    planechase,
    player_statics,
    prepare,
    prototype,
    replacement,
    rooms,
    seats,
    splice,
    triggers,
    zones_cast,
)
from engine.ability_index import index
from engine.actions import discard, energy, exert, lose_life, pay_energy, sacrifice
from engine.cards.abilities import ALL_COUNTERS, SECOND_KICKER, Ability, Cost, Effect, TargetSpec
from engine.decision_kinds import named_option
from engine.errors import IllegalAction
from engine.layers import counters_allowed
from engine.mana import choice_options, mana_value, restriction_of, snow_key, substitute_x
from engine.memo import per_object
from engine.payment import can_afford, has_choices, keep_treasure_mana, pay_mana
from engine.state import Obj, works_from_command
from engine.tapping import tap, untap
from engine.targets import (
    cast_slots,
    check_targets,
    counted,
    division,
    normalize_targets,
    spell_ability,
    target_candidates,
    with_x,
)
from engine.targets import name_of as _name
from engine.transform import (
    ADVENTURE,
    BACK,
    OMEN,
    aftermath_half,
    cast_adventure,
    cast_back,
    cast_fused,
    cast_half,
    cast_transformed,
    modal_back,
    modal_face,
    put_half,
    split_halves,
)
from engine.values import condition

if TYPE_CHECKING:
    from engine.game import Game

MAIN = ("main1", "main2")


# ------------------------------------------------------------------ timing
def sorcery_timing(g: "Game", player: str) -> bool:
    """307.1 / 116.1a: own main phase, empty stack, holding priority."""
    return (g.active == player or seats.is_active(g, player)) and g.step in MAIN and not g.stack \
        and g.priority == player


def can_play_land(g: "Game", player: str, oid: int, face: int | None = None) -> bool:
    """305.2, 505.5b: one land per turn (305.2a: more with "play an additional land"), at sorcery timing.
    ``face``: 1 plays a modal double-faced card's back face (a later layout), which must be the land."""
    o = g.objects.get(oid)
    if o is not None and face not in (None, 0) and (face != BACK or modal_back(o.card) is None):
        return False
    return (o is not None and "Land" in (modal_back(o.card) if face == BACK else o.card).types  # type: ignore
            and (o.zone == "hand" and o.owner == player or zones_cast.may_play_land(g, player, o))
            and g.players[player].lands_played < player_statics.land_plays(g, player) and sorcery_timing(g, player)
            and not (player_statics.active(g) and player_statics.land_forbidden(g, player, o)))  # 101.2



class SpellTiming(NamedTuple):
    """What the timing of casting a card depends on, known once per card definition."""
    land: bool
    flash: bool             # an instant or a card with flash (116.1a, 702.8)
    legendary_spell: bool   # a legendary instant or sorcery (a later rule, printed on such cards)
    only: tuple[dict[str, Any], ...] = ()  # 604.6: "Cast this spell only ...": the conditions it names
    flash_if: tuple[dict[str, Any], ...] = ()  # "[If COND,] you may cast SELF as though it had flash" (702.8a)
    flash_pay: tuple[tuple[str, ...], ...] = ()  # for each of flash_if: "... if you pay {2} more to cast it" (601.2f)


@per_object
def flash_statics(card: Any) -> tuple[dict[str, Any], ...]:
    """The card's "you may cast SELF as though it had flash" statics (702.8a)."""
    return tuple(a.static for a in card.abilities if a.kind == "static" and a.static
                 and a.static.get("kind") == "flash_self")


def _gives_itself_flash(st: dict[str, Any]) -> bool:
    """"SELF has flash as long as ..." (Graveyard Shift): a static that gives the card flash while its condition
    holds works in every zone the card could be cast from (702.8a, 604.1), as "you may cast SELF as though it
    had flash" does."""
    return st.get("kind") == "keywords" and st.get("affects", "self") == "self" and "Flash" in st.get("keywords", ())


@per_object
def spell_timing(card: Any) -> SpellTiming:
    types = card.types
    flashes = [a.static for a in card.abilities if a.kind == "static" and a.static
               and (a.static.get("kind") == "flash_self" or _gives_itself_flash(a.static))]
    return SpellTiming("Land" in types, "Instant" in types or "Flash" in card.keywords,
                       "Legendary" in card.supertypes and ("Sorcery" in types or "Instant" in types),
                       cast_only(card), tuple(st.get("condition") or {} for st in flashes),
                       tuple(tuple(st.get("pay") or ()) for st in flashes))


def flash_surcharge(g: "Game", player: str, o: "Obj") -> tuple[str, ...]:
    """"You may cast SELF as though it had flash if you pay {2} more to cast it" (Harbinger of the Tides):
    the mana that permission adds to the total cost (601.2f) when only it lets ``player`` cast ``o`` now
    (702.8a): nothing while a sorcery could be cast, nor when the card has flash otherwise."""
    t = spell_timing(o.card)
    if not any(t.flash_pay) or t.flash or sorcery_timing(g, player):
        return ()
    ctx = {"controller": player}
    usable = [pay for c, pay in zip(t.flash_if, t.flash_pay) if not c or condition(g, c, o.id, ctx)]
    if not usable or () in usable or player_statics.active(g) and player_statics.has_flash(g, player, o):
        return ()
    return min(usable, key=lambda pay: int(mana_value(pay)))


def cast_only(card: Any) -> tuple[dict[str, Any], ...]:
    """604.6: the conditions of the card's own "Cast this spell only ..." statics (506.6: a time of
    the combat phase). They work wherever the card could be cast from, the hand included."""
    return tuple(a.static["condition"] for a in card.abilities
                 if a.kind == "static" and a.static and a.static.get("kind") == "cast_only")


def split_second(g: "Game") -> bool:
    """702.60a: a spell with split second is on the stack, so no player can cast spells or
    activate abilities that aren't mana abilities (702.60b: mana abilities, special actions and
    triggered abilities go on)."""
    return any(g.objects[i].ability is None and "Split second" in g.objects[i].card.keywords for i in g.stack)


def can_cast_timing(g: "Game", player: str, o: "Obj") -> bool:
    """116.1a, 307.1: may ``player`` cast ``o`` now, as far as timing goes? (Of the player statics
    it reads player_statics.TIMING_KINDS and the name locks of casting: the priority options skip
    this check while none of them works, decisions._timing_statics.)"""
    types = o.card.types
    if "Land" in types or split_second(g):
        return False
    if "Legendary" in o.card.supertypes and ("Sorcery" in types or "Instant" in types) and not any(
            "Legendary" in c.supertypes and c.controller == player and c.types & {"Creature", "Planeswalker"}
            for c in g.all_chars().values()):
        return False  # a legendary sorcery: only while you control a legendary creature or planeswalker
    only = spell_timing(o.card).only
    if only and not all(condition(g, c, o.id, {"controller": player}) for c in only):
        return False  # 604.6, 506.6: "Cast this spell only during combat ..." and it is not that time
    flash = "Instant" in types or "Flash" in o.card.keywords
    if not flash and layers.elsewhere(g) and "Flash" in g.chars(o.id).keywords:
        flash = True  # 702.8a: "Creature cards you own that aren't on the battlefield have flash" (611.3a)
    if not flash and spell_timing(o.card).flash_if:  # "[If COND,] you may cast SELF as though it had flash"
        flash = any(not c or condition(g, c, o.id, {"controller": player}) for c in spell_timing(o.card).flash_if)
    if g.players[player].epic:  # 702.49a-b: a spell with epic this player controlled resolved
        return False
    if player_statics.active(g):
        if player_statics.spell_limited(g, player, o):  # "can't cast more than one (noncreature) spell each turn"
            return False
        if player_statics.cast_locked(g, player, o):  # 201.3: "spells with the chosen name can't be cast"
            return False
        if player_statics.cast_forbidden(g, player, o):  # 101.2: "your opponents can't cast spells during ..."
            return False
        flash = flash or player_statics.has_flash(g, player, o)
        if flash and player_statics.sorcery_only(g, player):
            flash = False  # "can cast spells only any time they could cast a sorcery" (Teferi, Time Raveler)
    if flash:
        return g.priority == player
    return sorcery_timing(g, player)


# ------------------------------------------------------------------ targets (114, 115)

# ------------------------------------------------------------------ mana

# ------------------------------------------------------------------ priority actions
def priority_action(g: "Game", player: str, a: dict[str, Any]) -> None:
    act = a.get("action")
    if act == "pass":
        g.pass_priority(player)
    elif act == "play":
        play_land(g, player, a["card"], a.get("face"))
    elif act == "cast":
        cast(g, player, a)
    elif act == "activate":
        activate(g, player, a)
    elif act == "suspend":
        suspend(g, player, a)
    elif act == "plot":
        plot(g, player, a)
    elif act == "foretell":
        foretell(g, player, a)
    elif act == "roll_planar_die":  # 901.9: a special action (115.2f)
        planechase.roll(g, player, a.get("pay"))
    elif act == "turn_face_up":  # 702.36e, 701.31b: a special action (115.2b)
        _turn_face_up(g, player, a)
    elif act == "end_effect":  # "You may pay {B} to end this effect": a special action (115.2c)
        licid.end_effect(g, player, a)
    elif act == "unlock":  # unlock a Room's door: a special action (a later layout, engine/rooms.py)
        rooms.unlock(g, player, a, sorcery_timing(g, player))
    elif act == "manual":
        if not manual.offered(g, player):
            raise IllegalAction("you control no card that needs manual play")
        manual.start(g, player, "")
        g.wait = None
    elif act == "concede":
        g.players[player].lost = True
        g.players[player].conceded = True
        g._check_end()
    else:
        raise IllegalAction(f"unknown action {act!r}: pass, play, cast, activate, suspend, plot, foretell, "
                            f"roll_planar_die, turn_face_up, end_effect, unlock or concede")


def plot(g: "Game", player: str, a: dict[str, Any]) -> None:
    """Plot (a later keyword: Outlaws of Thunder Junction, 2024): a special
    action (115.2 as it later reads) any time its owner has priority in their main phase with an
    empty stack: pay the plot cost and exile the card from the hand. It may be cast as a sorcery on a
    later turn without paying its mana cost (a permission: engine/zones_cast.py). The player keeps priority."""
    oid = a.get("card")
    o = g.objects.get(oid) if isinstance(oid, int) else None
    cost = cast_options.plot_cost(o.card) if o is not None else None
    if o is None or o.zone != "hand" or o.owner != player or cost is None:
        raise IllegalAction(f"{_name(g, oid)} is not a card with plot in your hand")
    if not sorcery_timing(g, player):
        raise IllegalAction(f"{o.card.name} can be plotted only as a sorcery")
    pay_mana(g, player, cost, set(), a.get("pay"))
    new = g.move(o.id, "exile")
    g.ts += 1
    g.effects.append({"layer": "play", "controller": player, "play": "cast", "free": True, "until": "never",
                      "objects": [new], "sorcery": True, "from_turn": g.turn + 1, "ts": g.ts, "source": None})
    g.objects[new].chosen["plotted"] = g.turn
    g.changed()
    g.log("plot", player=player, card=o.card.name)
    triggers.event(g, {"event": "plotted", "obj": new, "player": player})  # "When SELF becomes plotted" (603.2)


def foretell(g: "Game", player: str, a: dict[str, Any]) -> None:
    """Foretell (a later keyword: Kaldheim, 2021): a special action (115.2 as it later reads) any time its
    owner has priority during their own turn: pay {2} and exile the card from the hand face down (406.3: no
    other player learns which card it is; its owner may look at it). From a later turn on it may be cast
    from exile for its foretell cost (engine/cast_options.py, the "Foretell" row). The player keeps priority."""
    oid = a.get("card")
    o = g.objects.get(oid) if isinstance(oid, int) else None
    if o is None or o.zone != "hand" or o.owner != player or not cast_options.can_foretell(o.card):
        raise IllegalAction(f"{_name(g, oid)} is not a card with foretell in your hand")
    if g.priority != player or not seats.is_active(g, player):
        raise IllegalAction(f"{o.card.name} can be foretold only while you have priority during your turn")
    pay_mana(g, player, cast_options.FORETELL_ACTION_COST, set(), a.get("pay"))
    new = facedown.exile_face_down(g, o.id)
    g.objects[new].chosen["foretold"] = g.turn
    g.changed()
    g.log("foretell", player=player)  # the card stays hidden (406.3)


def suspend(g: "Game", player: str, a: dict[str, Any]) -> None:
    """702.61a: the special action of suspend (115.2e): when its owner could begin to cast the
    card from their hand, they pay its suspend cost and exile it with N time counters on it.
    It does not use the stack; the player keeps priority."""
    oid = a.get("card")
    o = g.objects.get(oid) if isinstance(oid, int) else None
    sus = cast_options.suspend_of(o.card) if o is not None else None
    if o is None or o.zone != "hand" or o.owner != player or sus is None:
        raise IllegalAction(f"{_name(g, oid)} is not a card with suspend in your hand")
    oid = o.id
    if not can_cast_timing(g, player, o):
        raise IllegalAction(f"{o.card.name} can be suspended only when you could cast it (702.61a)")
    amount, cost = sus
    mana = tuple(cost.mana)
    n = int(amount) if amount != "X" else int(a.get("x", 0) or 0)
    if amount == "X":  # "Suspend X—{X}{3}{U}. X can't be 0.": X chosen as the cost is paid (107.3), X time counters
        if n < 1:
            raise IllegalAction(f"{o.card.name}: X can't be 0")
        mana = substitute_x(mana, n)
    pay_mana(g, player, mana, set(), a.get("pay"))
    new = g.move(oid, "exile")
    g.objects[new].counters["time"] = n
    g.log("suspend", player=player, card=o.card.name, counters=n)
    g.changed()
    g.passes = 0
    g.priority = player


def offered_card(o: "Obj") -> Any:
    """The card an offer lets its player play: a card exiled face down (406.3; hideaway, 702.74a) is that card to
    the player who may play it; it is turned face up as it leaves exile (engine/facedown.py card_after_move)."""
    if o.zone == "exile" and o.chosen.get("down_by") in ("exile", "exile_unseen") and o.chosen.get("face_down"):
        return o.chosen["face_down"]
    return o.card


def can_play_offered_land(g: "Game", player: str, oid: int, zone: str = "hand") -> bool:
    """"The player plays that card if able" (Word of Command) of a land: during that player's own turn,
    within their land plays (305.2), whatever else is on the stack: the resolving spell says when. ``zone``: where
    the offered card is ("Reveal the top card of your library. You may play that card": Djinn of Wishes)."""
    o = g.objects.get(oid)
    return (o is not None and "Land" in offered_card(o).types and o.zone == zone and o.owner == player
            and g.active == player and g.players[player].lands_played < player_statics.land_plays(g, player))


def play_land(g: "Game", player: str, oid: int, face: int | None = None) -> None:
    """305.1: playing a land is a special action; it does not use the stack (115.2a). ``face``: 1 plays a modal
    double-faced card's back face (a later layout): the permanent enters with that face up."""
    if not can_play_land(g, player, oid, face):
        o = g.objects.get(oid)
        card = None if o is None else modal_back(o.card) if face == BACK else o.card
        why = "not a land in your hand" if o is None or card is None or o.zone != "hand" or "Land" not in card.types \
            else "you have already played your lands this turn" if g.players[player].lands_played \
            else "lands are played in your main phase with an empty stack"
        raise IllegalAction(f"cannot play {_name(g, oid)}: {why}")
    g.players[player].lands_played += 1
    new = g.move(oid, "battlefield", controller=player, back_up=face == BACK)
    triggers.event(g, {"event": "plays_land", "player": player, "obj": new})  # "whenever a player plays a land"
    g.passes = 0
    g.priority = player  # SBAs and triggers are checked before the player gets priority (117.5)


def cast(g: "Game", player: str, a: dict[str, Any], offered: dict[str, Any] | None = None,
         assisted: int | None = None) -> None:
    """601.2: announce, choose modes/X/targets/division, pay, then the spell is cast.

    ``offered``: the card is cast as a resolving ability instructs (the cast_offer decision:
    madness, cascade, rebound, suspend): from where it is, whatever the timing, for the
    offer's alternative cost or without paying its mana cost. ``assisted``: how much of the generic mana the
    player the answer's "assist" names chose to pay (answer_assist; never an answer's own key)."""
    oid = a["card"]
    prepared_cast = bool(a.get("prepared")) and offered is None
    if prepared_cast:  # a copy of a prepared permanent's spell (a later mechanic: engine/prepare.py)
        if a.get("alt") is not None or a.get("face") is not None:
            raise IllegalAction("a copy of a prepared permanent's spell is cast for its mana cost, as it is")
        oid = prepare.copy_for_cast(g, player, oid)
    o = g.objects.get(oid)
    chosen_modes = a.get("modes") or []
    if len(set(map(str, chosen_modes))) != len(chosen_modes) and not _repeats_modes(o):
        raise IllegalAction("modes: a mode is chosen only once (700.2d)")
    if a.get("assist") is not None and assisted is None and offered is None:
        _ask_assist(g, player, o, a)  # assist: the other player says how much generic mana they pay first
        return
    if o is not None and o.zone == "exile" and (o.owner == player and o.chosen.get("down_by") == "exile"
                                                or player in o.chosen.get("looked_by", ())
                                                and o.chosen.get("down_by") == "exile_unseen"):
        # (Thief of Sanity: the player who exiled it face down, and may cast it, casts it as the card it is)
        o = facedown.turn_up_exiled(g, oid)  # a card exiled face down is cast as the card it is (hideaway)
    alt = offered.get("alt") if offered is not None else a.get("alt")
    if alt not in (None, "free", "alternative", "morph", "bestow", "overload", "awaken", "cleave", "fuse",
                   "prototype", "mutate") \
            and alt not in cast_options.ALTS:
        raise IllegalAction(f"unknown alternative cost {alt!r}")
    face_down = alt == "morph" and offered is None
    if face_down:  # 702.36c, 707.4: turned face down before it is put onto the stack, cast for {3}
        o = facedown.turn_down_for_cast(g, player, oid)
    bestowed = bestow.bestow_cost(o.card) if alt == "bestow" and offered is None and o is not None else None
    if alt == "bestow":  # 702.102a-c: an Aura with enchant creature from now on, for its bestow cost
        o = bestow.turn_for_cast(g, player, oid)
    if alt == "prototype":  # prototype: its prototype mana cost, colors, power and toughness from now on
        if offered is not None:
            raise IllegalAction(f"{_name(g, oid)} is cast prototyped only from your hand")
        o = prototype.turn_for_cast(g, player, oid)
    perm = None
    whole = None
    if alt == "fuse" and offered is None:  # 702.101a: both halves, from the hand, as one fused split spell
        if o is None or o.owner != player or o.zone != "hand" or a.get("face") is not None:
            raise IllegalAction(f"{_name(g, oid)} is not a split card with fuse in your hand (702.101a)")
        whole = o.card
        o = cast_fused(o)
    face = a.get("face", 0 if o is not None and split_halves(o.card) and alt not in ("fuse", "aftermath") else None)
    adventure = False
    if o is not None and o.card.layout == "adventure" and face is not None:
        # an adventurer card: face 0 (or none) is the card itself, its creature; face 1 its Adventure, a spell
        # with only the Adventure's characteristics (a later rule; the game restores the card if this is illegal)
        if face not in (0, ADVENTURE) or isinstance(face, bool):
            raise IllegalAction(f"face {face!r}: {o.card.name} is cast as its creature (0) or its Adventure (1)")
        if face == ADVENTURE:
            if alt in ("fuse", "morph", "bestow", "overload", "awaken", "cleave", "prototype", "mutate"):
                raise IllegalAction(f"{o.card.name}: its Adventure is not cast that way")
            whole, o, adventure = o.card, cast_adventure(o), True
        face = None
    if o is not None and modal_back(o.card) is not None and face is not None:
        # a modal double-faced card (a later layout): face 0 (or none) its front, face 1 its back face, a spell with
        # only that face's characteristics; the game restores the card if this is illegal
        modal_face(o.card, face)
        if face == BACK:
            if alt in ("fuse", "morph", "bestow", "overload", "awaken", "cleave", "prototype", "mutate"):
                raise IllegalAction(f"{o.card.name}: its back face is not cast that way")
            if o.zone not in ("hand", "graveyard", "exile", "library", "command"):
                raise IllegalAction(f"{_name(g, oid)} is not a card you may cast")
            whole, o = o.card, cast_back(o)
        face = None
    if face is not None:  # 708.3: one half of a split card (the game restores it if this is illegal)
        if o is None or o.owner != player or o.zone not in ("hand", "graveyard", "exile"):
            raise IllegalAction(f"{_name(g, oid)} is not a card you may cast")
        whole = o.card
        o = cast_half(o, face)
    over_cost = None
    if alt == "overload" and offered is None:  # 702.95a-b: the spell with its changed text (engine/overload.py)
        if o is None or o.owner != player or o.zone != "hand" or whole is not None:
            raise IllegalAction(f"{_name(g, oid)} is not a card in your hand to cast for its overload cost")
        whole = o.card
        over_cost, o = overload.cast_overloaded(o)
    if alt == "awaken" and offered is None:  # 702.112a-b: with awaken's spell ability and its target
        if o is None or o.owner != player or o.zone != "hand" or whole is not None:
            raise IllegalAction(f"{_name(g, oid)} is not a card in your hand to cast for its awaken cost")
        whole = o.card
        over_cost, o = awaken.cast_awakened(o)
    if alt == "mutate" and offered is None:  # mutate (a later keyword): a mutating creature spell with its target
        if o is None or o.owner != player or o.zone != "hand" or whole is not None:
            raise IllegalAction(f"{_name(g, oid)} is not a card in your hand to cast for its mutate cost")
        whole = o.card
        over_cost, o = mutate.cast_mutating(o)
    if alt == "cleave" and offered is None:  # cleave (a later keyword): the spell without the bracketed words
        if o is None or o.owner != player or o.zone != "hand" or whole is not None:
            raise IllegalAction(f"{_name(g, oid)} is not a card in your hand to cast for its cleave cost")
        whole = o.card
        over_cost, o = overload.cast_cleaved(o)
    alt_cost = costs.usable_alternative_cost(g, player, o.card, o) if alt == "alternative" and o is not None else None
    if alt == "alternative" and alt_cost is None:  # 118.9: "you may pay ... rather than pay its mana cost"
        raise IllegalAction(f"{_name(g, oid)} has no alternative cost you may pay now")
    keyword_alt = None
    if offered is not None:  # 608.2c: the resolving ability says where from and how it is paid
        if o is None or oid != offered["card"]:
            raise IllegalAction(f"{_name(g, oid)} is not the card offered")
        perm = {"free": bool(offered.get("free")), "exile_instead": bool(offered.get("exile_instead"))}
        if alt in cast_options.ALTS:
            keyword_alt = cast_options.usable(g, player, o, alt, offered=True)
    elif alt in cast_options.ALTS:  # a keyword's alternative cost (flashback, evoke, dash: engine/cast_options.py)
        if o is None:
            raise IllegalAction(f"{_name(g, oid)} is not a card you may cast")
        keyword_alt = cast_options.usable(g, player, o, alt)
    elif prepared_cast and o is not None:  # the copy, created in exile, is cast at once (engine/prepare.py)
        perm = {"free": False, "exile_instead": False}
    elif o is not None and o.zone != "hand":  # 601.2a: from another zone only when an effect allows it
        perm = zones_cast.may_cast(g, player, o)
        if perm is None:
            raise IllegalAction(f"{_name(g, oid)} is not a card you may cast from the {o.zone}")
    elif o is None or o.owner != player:
        raise IllegalAction(f"{_name(g, oid)} is not a card in your hand")
    if keyword_alt is not None and keyword_alt[0].keyword == "Disturb" and whole is None:
        whole, o = o.card, cast_transformed(o)  # cast transformed: its back face's characteristics (a later rule)
    if keyword_alt is not None and keyword_alt[0].keyword == "Aftermath" and whole is None:
        whole, o = o.card, aftermath_half(o)  # aftermath (a later keyword): its second half, from the graveyard
    if perm and perm.get("life_mv"):  # "pay life equal to its mana value rather than pay its mana cost" (Bolas's
        # Citadel): the alternative cost of a spell cast with that permission (117.9; 117.9a: no other one with it)
        if alt is not None or keyword_alt is not None:
            raise IllegalAction(f"{o.card.name}: cast this way, it is paid for with life (117.9a)")
        alt_cost = Cost(life=int(mana_value(o.card.mana_cost)))
    if alt == "free" and not player_statics.free_from_hand(g, player, o):
        raise IllegalAction(f"nothing lets you cast {o.card.name} without paying its mana cost")
    free = alt == "free" or bool(perm and perm["free"])  # 117.9
    kicked = bool(a.get("kicked"))
    if kicked and "Kicker" not in o.card.keywords:
        raise IllegalAction(f"{o.card.name} has no kicker")
    extras = cast_options.extras_of(o, a.get("extras"))  # buyback, entwine (601.2b)
    choice = a.get("cost_choice")  # 601.2b: which alternative of an additional cost "A or B" is paid
    if choice is not None and (not isinstance(choice, int) or isinstance(choice, bool)
                               or not 0 <= choice < len(costs.additional_choices(o.card))):
        raise IllegalAction(f"cost_choice: {o.card.name} has no such alternative of its additional cost")
    extras += cast_options.replicate_extras(o, a.get("replicate"))  # 702.55a: any number of times
    extras += cast_options.replicate_extras(o, a.get("squad"), "squad")  # squad: likewise
    extras += cast_options.replicate_extras(o, a.get("multikicker"), "multikicker")  # 702.32c: likewise
    for k in cast_options.PAY_KEYS:
        if a.get(k) and all(r.key != k for r in cast_options.pay_with_spell(g, player, o)):
            raise IllegalAction(f"{o.card.name} has no {k}")
    emerged = None
    if keyword_alt is not None and keyword_alt[0].keyword == "Emerge":  # the creature to sacrifice, chosen now
        emerged = a.get("emerge")
        if not isinstance(emerged, int) or isinstance(emerged, bool) \
                or emerged not in cast_options.emerge_creatures(g, player):
            raise IllegalAction(f"emerge: name a creature you control to sacrifice for {o.card.name}")
    tuned = None
    if a.get("harmonize") is not None:  # harmonize: the creature tapped to reduce the cost, chosen now
        tuned = a["harmonize"]
        if keyword_alt is None or keyword_alt[0].keyword != "Harmonize" or not isinstance(tuned, int) \
                or isinstance(tuned, bool) or tuned not in cast_options.harmonize_creatures(g, player):
            raise IllegalAction(f"harmonize: name an untapped creature you control, casting {_name(g, oid)} "
                                "for its harmonize cost")
    sorcery_time = sorcery_timing(g, player)  # as it is announced, before it is on the stack (601.2a)
    sac_mana: tuple[str, ...] | None = None
    if a.get("offering") is not None and offered is None:  # 702.47a-b: a permanent sacrificed as it is announced
        sac_mana = _offering_sacrifice(g, player, o, a["offering"])
    if sac_mana is not None:  # 702.47a: any time you could cast an instant
        if g.priority != player or split_second(g):
            raise IllegalAction(f"cannot cast {o.card.name} now (702.47a: when you could cast an instant)")
    elif offered is None and not (keyword_alt[0].timing(g, player, o) if keyword_alt is not None
                                  and keyword_alt[0].timing is not None else can_cast_timing(g, player, o)):
        raise IllegalAction(f"cannot cast {o.card.name} now (timing: 307.1, 116.1a)")
    if offered is not None and player_statics.active(g) and player_statics.cast_locked(g, player, o):
        raise IllegalAction(f"{o.card.name} has the chosen name and can't be cast (201.3)")  # cascade included
    if player_statics.active(g) and player_statics.cast_forbidden(g, player, o, int(a.get("x", 0) or 0)):
        raise IllegalAction(f"{o.card.name} can't be cast now: an effect forbids it (101.2)")
    splice_mana: tuple[str, ...] = ()
    splice_others: list[Cost] = []
    if a.get("splice"):  # 702.46a: the cards spliced onto it, their text copied onto the spell (engine/splice.py)
        if whole is None:
            whole = o.card
        o, splice_mana, splice_others = splice.apply(g, player, o, a["splice"])
    ab = spell_ability(o.card)
    specs: tuple[TargetSpec, ...] = ()
    aura = "Aura" in o.card.subtypes
    if aura:
        enchant = o.card.keyword_args.get("Enchant")
        specs = (TargetSpec(enchant if isinstance(enchant, dict) else {"types": ["Creature"]}, "enchant"),)
    elif ab is not None:
        specs = ab.targets
    modes = a.get("modes") or ([a["mode"]] if "mode" in a else [])
    if ab is not None and (ab.condition or {}).get("mode_chooser") == "opponent" and not a.get("opponent_mode"):
        _ask_opponent_mode(g, player, o, ab, a, modes)
        return
    if ab is not None and ab.choose and any(r.keyword == "Entwine" for r, _ in extras):
        if modes and sorted(modes) != list(range(len(ab.modes))):  # 702.41a: all modes
            raise IllegalAction("an entwined spell has all its modes (702.41a)")
        modes = list(range(len(ab.modes)))
        specs = tuple(t for m in modes for t in ab.modes[m].targets)
    elif ab is not None and ab.choose:
        check_modes(ab, modes, g, player, o.id, ([keyword_alt[0].keyword] if keyword_alt else [])
                    + [r.keyword for r, _ in extras] + (["Kicker"] if kicked else []))
        specs = tuple(t for m in modes for t in ab.modes[m].targets)
    x = int(a.get("x", 0) or 0)
    if x < 0:
        raise IllegalAction("X cannot be negative")
    if free and x:
        raise IllegalAction("X is 0 for a spell cast without paying its mana cost (107.3b)")
    specs = counted(g, with_x(specs, x), o.id)  # "up to X target ..., where X is Q": Q counted now (601.2c)
    raw_targets = a.get("targets")
    if any(t.only_if for t in specs):  # 601.2c: targets the spell has only when kicked, only as the gift is promised
        how = ([keyword_alt[0].keyword] if keyword_alt else []) + (["Kicker"] if kicked else []) \
            + [r.keyword for r, _ in extras] + ([offered["keyword"]] if offered is not None and offered.get("keyword")
                                                else [])
        full = cast_slots(specs, kicked or any(r.keyword in ("Multikicker", SECOND_KICKER) for r, _ in extras), how)
        if isinstance(raw_targets, list) and len(raw_targets) == len(specs) \
                and all(isinstance(r, list) for r in raw_targets):  # one list per slot: a slot it doesn't have
            raw_targets = [r if f.count else [] for r, f in zip(raw_targets, full)]  # takes none
        specs = full
    chosen = _named_targets(ab if ab is not None and ab.choose else None, modes, raw_targets, specs)
    cast_from = o.zone
    surcharge = flash_surcharge(g, player, o) if offered is None and (
        keyword_alt is None or keyword_alt[0].timing is None) else ()  # as the timing was checked (307.1)
    new = g.move(oid, "stack", controller=player)
    s = g.objects[new]
    if whole is not None:
        put_half(s, whole, o.card)
    if adventure:  # as it resolves it is exiled instead, an Omen shuffled into its owner's library (effects.py _finish)
        s.chosen["omen" if OMEN in s.card.subtypes else "adventure"] = True
    s.x = x
    s.modes = list(modes)
    s.controller = player
    _check_chosen(g, ab if ab is not None and ab.choose else None, modes, specs, chosen, s, player)
    s.targets = chosen
    s.divide = division(g, s, spell_ability(o.card), a.get("divide"))
    # 702.32d: kicked if a kicker cost was paid once or more (multikicker, or the second of two kicker costs)
    s.kicked = kicked or any(r.keyword in ("Multikicker", SECOND_KICKER) for r, _ in extras)
    s.chosen["cast_from"] = cast_from  # "if this spell was cast from your hand"
    if not sorcery_time and any(st.get("cleanup_sacrifice") for st in flash_statics(o.card)):
        # "If you cast it any time a sorcery couldn't have been cast, the controller of the permanent it becomes
        # sacrifices it at the beginning of the next cleanup step" (the permanent remembers it: cast_options.carried)
        s.chosen["cleanup_sacrifice"] = True
    if perm and perm.get("one"):  # "you may cast an instant or sorcery spell from among those exiled cards": one
        g.effects = [x for x in g.effects if not (x.get("layer") == "play" and x.get("ts") == perm["one"])]
        g.changed()
    if perm and perm.get("via") in g.objects:  # "You can't cast more than one spell this way each turn" (Hedonist's
        g.objects[perm["via"]].chosen["cast_exiled_turn"] = g.turn  # Trove): the permission's permanent remembers
    if perm and perm.get("exile_instead"):  # 614.1a: "if that spell would be put into your graveyard, exile it
        s.chosen["exile_instead"] = True   # instead" (engine/game.py move)
    if g.step in ("main1", "main2") and g.active == player:
        s.chosen["cast_in_main"] = True  # "if you cast SELF during your main phase" (505.1)
    gift_to = seats.opponents(g, player)[:1] if any(r.keyword == "Gift" for r, _ in extras) else []
    if gift_to:  # gift (a later keyword, Bloomburrow): the opponent chosen as its cost is paid (601.2b), the first
        s.chosen["gift_to"] = gift_to[0]  # in APNAP order
    cast_options.mark(g, s, ([keyword_alt[0].keyword] if keyword_alt else []) + (["Kicker"] if kicked else [])
                      + [r.keyword for r, _ in extras]
                      + ([offered["keyword"]] if offered is not None and offered.get("keyword") else []))
    if keyword_alt is not None:
        raw: tuple[str, ...] = tuple(keyword_alt[1].mana)
    elif alt_cost is not None:
        raw = tuple(alt_cost.mana)
    elif free:
        raw = ()
    elif perm and isinstance(alt_mana := perm.get("cost"), tuple):  # "may cast it for {2} rather than its mana
        raw = tuple(str(sym) for sym in alt_mana)  # cost" (118.9)
    elif face_down:
        raw = facedown.CAST_COST
    elif bestowed is not None:
        raw = tuple(bestowed.mana)
    elif over_cost is not None:
        raw = tuple(over_cost.mana)
    else:
        raw = tuple(o.card.mana_cost)
    esc = cast_options.escalate_cost(o.card) if len(modes) > 1 else None
    if esc is not None:  # escalate (a later keyword): its cost for each mode beyond the first (601.2f)
        esc = cast_options.times(esc, len(modes) - 1)
        raw = raw + tuple(esc.mana)
    spree_modes = ab.modes if ab is not None and ab.choose else ()
    for m in modes:  # spree (a later keyword, Outlaws of Thunder Junction), tiered (Final Fantasy): each chosen mode's
        spree = spree_modes[m].cost if 0 <= m < len(spree_modes) else None  # additional cost (601.2f)
        if spree is not None:
            raw = raw + tuple(spree.mana)
    if kicked:  # 702.32a: an additional cost (601.2f: added to the total cost)
        raw = raw + tuple(o.card.keyword_args["Kicker"].mana)
    for _, c in extras:  # 601.2f: optional additional costs paid
        raw = raw + tuple(c.mana)
    raw = raw + splice_mana  # 702.46a: splice costs are additional costs
    raw = raw + surcharge  # cast as though it had flash for {N} more (601.2f)
    extra = costs.additional_cost(o.card, choice)
    if extra is not None:  # 601.2f: additional costs are part of the total cost
        raw = raw + tuple(extra.mana)
    if not raw and not o.card.mana_cost and keyword_alt is None and alt_cost is None and not free and not face_down \
            and bestowed is None:
        raise IllegalAction(f"{o.card.name} has no mana cost: it cannot be paid (117.6)")
    if cast_from == "command":
        raw = raw + commander.tax(g, player, s)  # 903.8, an additional cost (601.2f)
    # 601.2b: "As an additional cost, pay X life", "Flashback—{R}{R}, Discard X cards": X announced for that part
    x_part = next((c for c in (extra, keyword_alt[1] if keyword_alt else None,
                               # "You may exile a red card with mana value X from your hand rather than pay this
                               # spell's mana cost" (Blazing Shoal): X announced for the alternative cost (601.2b)
                               alt_cost if alt_cost is not None and costs.x_filtered(alt_cost) else None)
                   if isinstance(c, Cost) and costs.variable(c)), None)
    varies = x_part is not None
    if x and "X" not in raw and not varies:  # 107.3: X is chosen only for a cost that has X (107.3b: free means 0)
        raise IllegalAction(f"x: {o.card.name} has no X in the cost being paid")
    most = costs.x_max(g, player, x_part, new) if x_part is not None else None
    if most is not None and x > most:  # 118.3
        raise IllegalAction(f"X={x}: the additional cost of {o.card.name} cannot be paid with it (118.3)")
    cost = substitute_x(raw, x, x_color(o.card))
    others = [c for c in (alt_cost, extra, keyword_alt[0].extra if keyword_alt else None) if c is not None]
    # a keyword cost of life or objects (Flashback—Sacrifice three creatures, Kicker—Pay 3 life, buyback's
    # discards, conspire's creatures to tap: 702.77a): paid with the rest of the total cost (601.2g-h)
    kick_cost = o.card.keyword_args["Kicker"] if kicked else None
    others += [c for c in (keyword_alt[1] if keyword_alt else None, kick_cost)
               if c is not None and cast_options.other_parts(c)]
    others += [c for _, c in extras if cast_options.other_parts(c)]
    if esc is not None and cast_options.other_parts(esc):  # "Escalate—Discard a card": discarded as it is paid
        others.append(esc)
    others += splice_others  # 702.46a: "Splice onto Arcane—Sacrifice two Mountains": additional costs (601.2f-h)
    for c in others:
        if not costs.choices_payable(g, player, c, new):
            raise IllegalAction(f"cannot pay the cost of {o.card.name} (601.2h)")
    cost = costs.total_cost(g, player, new, cost, chosen)  # 601.2f
    if x and extra is not None and costs.additional_x_reduction(o.card):  # "costs {2} less to cast for each creature
        # sacrificed this way": the number announced with the additional cost (601.2b), off the generic mana (601.2f)
        cost = cast_options.reduce_generic(cost, x * costs.additional_x_reduction(o.card))
    if perm and perm.get("any_color"):  # 609.4: "you may spend mana as though it were mana of any color"
        cost = costs.as_any_color(cost)
    if sac_mana is not None:  # 702.47c: reduced by the sacrificed permanent's mana cost
        cost = cast_options.offering_reduce(cost, sac_mana)
    if emerged is not None:  # emerge: reduced by the sacrificed creature's mana value, in generic mana
        cost = cast_options.reduce_generic(cost, mana_value(g.chars(emerged).card.mana_cost))
    if tuned is not None:  # harmonize: reduced by the tapped creature's power, in generic mana
        cost = cast_options.reduce_generic(cost, max(0, g.chars(tuned).power))
    for row in cast_options.pay_with_spell(g, player, g.objects[new]):  # 702.50a, 702.65a: after the total cost
        if a.get(row.key):
            picks = cast_options.check_picks(g, player, row, a[row.key], new)
            cost = cast_options.reduce(g, row, picks, cost,
                                       cast_options.waterbend_cap(o.card, x) if row.key == "waterbend" else None)
            gone = cast_options.pay_helpers(g, player, row, picks)
            if row.key == "delve":  # the cards exiled with it (702.65a), kept by the permanent it becomes
                g.objects[new].chosen["delved"] = list(gone)
            if row.key == "convoke":  # "each creature that convoked it" (702.50a): the spell, then its permanent
                g.objects[new].chosen["convoked"] = list(picks)
    if assisted:  # assist: the chosen player pays that much of the generic mana, before its caster
        helped_by, n = str(a["assist"]), assisted
        if n > sum(int(s) for s in cost if s.isdigit()):
            raise IllegalAction(f"assist: {helped_by} pays at most the generic mana of {o.card.name}'s total cost")
        if n:
            pay_mana(g, helped_by, (str(n),), set(), None, ("spell", new))
            g.log("assist", player=helped_by, card=o.card.name, mana=n)
        cost = cast_options.reduce_generic(cost, n)
    elif a.get("assist") is not None and offered is not None:
        raise IllegalAction("assist: not for a card cast while an ability resolves")
    # 106.6: restricted mana for this spell; the creature tapped for harmonize pays no mana
    barred = {tuned} if tuned is not None else set()
    if offered is not None and offered.get("lands_only"):  # 712.7: mana abilities of lands that player controls only
        barred |= {i for i in g.battlefield if "Land" not in g.chars(i).types}
    life_before = g.players[player].life
    spent = pay_mana(g, player, cost, barred, a.get("pay"), ("spell", new))
    if o.card.keywords and "Compleated" in o.card.keywords and g.players[player].life < life_before:
        # compleated (a later keyword, Neon Dynasty): the Phyrexian symbols paid with life (2 each, 107.4f),
        # read as the permanent enters (engine/replacement.py enter_replacements)
        g.objects[new].chosen["phyrexian_life"] = (life_before - g.players[player].life) // 2
    if tuned is not None:
        tap(g, tuned)  # 601.2h: paid with the rest of the cost
    if emerged is not None:  # sacrificed as the total cost is paid (601.2h)
        if g.objects[emerged].zone != "battlefield":
            raise IllegalAction(f"emerge: the creature to sacrifice for {o.card.name} is gone")
        s.chosen.setdefault("sacrificed", []).append(costs.sacrificed_record(g, emerged))  # 608.2h
        sacrifice(g, emerged)  # 701.14a, with its event
    by_kind: dict[str, int] = {}
    for k, n in spent.items():  # restricted mana (106.6) counts as its kind: the pool key's first letter
        if n:
            by_kind[k[0]] = by_kind.get(k[0], 0) + n
    colors = [c for c in "WUBRG" if by_kind.get(c)]
    if colors:  # 702.43a-b (sunburst): the colors of mana spent on its costs, alternative and additional included
        s.chosen["colors_spent"] = colors
    if by_kind:  # 601.2h: how much mana of each kind paid its total cost ("if at least three red mana was spent")
        s.chosen["mana_spent"] = by_kind
    if any(n and (restriction_of(k) or {}).get("uncounterable") for k, n in spent.items()):  # 101.1
        s.chosen["uncounterable"] = True  # "Spend this mana only to cast ..., and that spell can't be countered"
    for c in others:
        costs.pay_simple_additional(g, player, c, x)
    if any(has_choices(c) for c in others):
        _after_costs(g, costs.start(g, player, others, new, new, "cast", a))  # 601.2h: chosen while paying
        return
    finish_cast(g, player, new)


def _offering_sacrifice(g: "Game", player: str, o: "Obj", pick: Any) -> tuple[str, ...]:
    """702.47a-b: sacrifice the permanent an answer names for the card's offering (a permanent of that
    subtype you control), as the spell is announced; returns its mana cost, by which the total cost
    is reduced (702.47c). IllegalAction when the card has no offering or the permanent does not fit."""
    f = o.card.keyword_args.get("Offering") if o.card.keywords and "Offering" in o.card.keywords else None
    if not isinstance(f, dict):
        raise IllegalAction(f"{o.card.name} has no offering")
    if not isinstance(pick, int) or isinstance(pick, bool) or pick not in g.objects \
            or g.objects[pick].zone != "battlefield" or g.controller_of(pick) != player \
            or not set(f.get("subtypes", ())) <= g.chars(pick).subtypes \
            or not set(f.get("types", ())) <= g.chars(pick).types:
        raise IllegalAction(f"offering: sacrifice a permanent you control that fits {o.card.name}'s offering (702.47a)")
    mana = tuple(g.objects[pick].card.mana_cost)
    sacrifice(g, pick)  # 701.14a, with its event
    return mana


def _ask_assist(g: "Game", player: str, o: "Obj | None", a: dict[str, Any]) -> None:
    """Assist (a later keyword: Battlebond, 2018): "If the total cost to cast a spell with assist includes a
    generic mana component, before you activate mana abilities while casting it, you may choose another player.
    ... the player you chose may pay for any amount of the generic mana in the spell's total cost." The chosen
    player answers how much (a choose_number up to the generic mana of its mana cost and what they can pay);
    then the cast goes on (answer_assist)."""
    helper = a.get("assist")
    if o is None or o.owner != player or o.zone != "hand" or "Assist" not in o.card.keywords:
        raise IllegalAction(f"{_name(g, a.get('card'))} is not a card with assist in your hand")
    if helper == player or helper not in g.players or not seats.can_control(g, helper):
        raise IllegalAction("assist: choose another player in the game")
    generic = sum(int(s) for s in o.card.mana_cost if s.isdigit())
    most = next((n for n in range(generic, 0, -1) if can_afford(g, helper, (str(n),))), 0)
    g.wait = {"kind": "choose_number", "player": helper, "options": list(range(most + 1)), "min": 0, "max": most,
              "cast": dict(a), "caster": player, "answer_to": "assist",
              "prompt": f"{player} casts {o.card.name} with assist: how much of its generic mana do you pay?"}


def answer_assist(g: "Game", d: Any, a: dict[str, Any]) -> None:
    """Assist: the chosen player's amount. The cast is tried on a copy of the game first: when it cannot be
    made with that much help, nothing is paid, the spell is not cast, and its caster has priority again."""
    n = a.get("number")
    if isinstance(n, str) and n.isdigit():
        n = int(n)
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= d.data["max"]:
        raise IllegalAction(f"choose a number from 0 to {d.data['max']}")
    caster, proposed = d.data["caster"], d.data["cast"]
    trial = g.copy()
    try:
        cast(trial, caster, proposed, assisted=n)
    except IllegalAction as e:
        g.log("assist_failed", player=caster, why=str(e))
        g.priority = caster
        return
    cast(g, caster, proposed, assisted=n)


def _ask_opponent_mode(g: "Game", player: str, o: "Obj", ab: Ability, a: dict[str, Any], modes: list[Any]) -> None:
    """601.3: "An opponent chooses one —": an opponent chooses the mode when the caster would
    (601.2b); with several opponents the caster first says which one (601.3a). The cast is
    proposed again with that mode once it is chosen; it must be legal with any mode, so it is
    tried first on a copy of the game (nothing here has changed the game)."""
    if modes:
        raise IllegalAction(f"an opponent chooses the mode of {o.card.name} (601.3)")
    opps = seats.opponents(g, player)
    if not opps:
        raise IllegalAction(f"no opponent to choose the mode of {o.card.name}")
    trial = g.copy()
    cast(trial, player, {**a, "modes": [0], "opponent_mode": True})
    knowledge.show(g, [o.id])  # 601.2a: the card is on the stack while its mode is chosen: every player knows it
    data = {"cast": dict(a), "caster": player, "answer_to": "opponent_mode"}
    if len(opps) > 1:
        g.wait = {"kind": "choose_option", "player": player, "options": list(opps), **data, "stage": "who",
                  "prompt": f"{o.card.name}: which opponent chooses its mode (601.3a)?"}
    else:
        g.wait = {"kind": "choose_option", "player": opps[0], "options": [m.text for m in ab.modes], **data,
                  "stage": "mode", "prompt": f"{o.card.name}: choose its mode for {player} (601.3)"}


def answer_opponent_mode(g: "Game", d: Any, a: dict[str, Any]) -> None:
    """601.3, 601.3a: the opponent chosen (by the caster) chooses the mode; then the spell is cast."""
    opt = a.get("option")
    opt = named_option(list(d.options), opt)
    caster, proposed = d.data["caster"], d.data["cast"]
    if d.data.get("stage") == "who":
        o = g.objects[proposed["card"]]
        ab = spell_ability(o.card)
        g.wait = {"kind": "choose_option", "player": opt, "options": [m.text for m in ab.modes] if ab else [],
                  "cast": proposed, "caster": caster, "answer_to": "opponent_mode", "stage": "mode",
                  "prompt": f"{o.card.name}: choose its mode for {caster} (601.3)"}
        return
    cast(g, caster, {**proposed, "modes": [list(d.options).index(opt)], "opponent_mode": True})


def cast_offered(g: "Game", d: Any, a: dict[str, Any]) -> None:
    """The answer to a cast_offer decision (engine/ops/cast.py): cast the offered card now, as
    the resolving ability instructs (608.2c), or decline (pass) where the ability says "may".
    The answer is kept in the resolution's record; the op reads it when resolution goes on."""
    r = g.resolving
    if r is None:
        raise IllegalAction("nothing is resolving")
    act = a.get("action", "pass")
    if act == "play" and d.data.get("play") and a.get("card") == d.data["card"] \
            and can_play_offered_land(g, d.player, d.data["card"], d.data.get("from_zone", "hand")):
        r["answers"][d.data["slot"]] = "cast"  # 305.1: the land is played (Word of Command: "plays that card")
        g.players[d.player].lands_played += 1
        g.move(d.data["card"], "battlefield", controller=d.player)
        return
    if act == "pass":
        if d.data.get("must") and any(o.get("action") == "cast" for o in d.options):
            raise IllegalAction(f"{_name(g, d.data['card'])} must be cast if able (702.61a)")
        r["answers"][d.data["slot"]] = "declined"
        return
    if act != "cast":
        raise IllegalAction("cast the offered card, or pass")
    r["answers"][d.data["slot"]] = "cast"
    card = g.objects[d.data["card"]].uid if d.data["card"] in g.objects else None
    cast(g, d.player, a, offered=d.data)
    if d.data.get("control_spell"):  # 712.2: its caster is controlled again while the spell resolves
        for sid in g.stack:
            if g.objects[sid].uid == card and g.objects[sid].ability is None:
                g.objects[sid].chosen["controlled_by"] = d.data["control_spell"]


def _turn_face_up(g: "Game", player: str, a: dict[str, Any]) -> None:
    """702.36e: turn a face-down permanent face up, paying its morph cost: its mana and life
    (engine/facedown.py), then the objects it names, chosen as they are paid ("Morph—Discard a
    card", "Morph—Sacrifice another creature": 601.2h), before it is turned up."""
    oid = a.get("card")
    o = g.objects.get(oid) if isinstance(oid, int) and not isinstance(oid, bool) else None
    if conspiracy.is_agenda(o):  # 702.105c: a face-down conspiracy (hidden agenda), turned up for no cost
        conspiracy.turn_up(g, player, a)
        return
    cost = facedown.up_cost(g, player, a)[1] if o is not None and facedown.is_face_down(o) else None
    if cost is not None and has_choices(cost) and not costs.choices_payable(g, player, cost, o.id if o else None):
        raise IllegalAction("the morph cost cannot be paid (118.3)")
    facedown.turn_face_up(g, player, a)
    if cost is not None and has_choices(cost):
        way = facedown.up_cost(g, player, a)[0]
        _after_costs(g, costs.start(g, player, cost, oid, None, "turn_face_up", a, {"way": way}))


def _after_costs(g: "Game", pend: dict[str, Any] | None) -> None:
    """601.2i / 602.2b / 605.3a: once the chosen parts of a cost are paid (engine/costs.py),
    the spell is cast, or the ability activated (a mana ability resolves), or the face-down
    permanent turned face up (702.36e)."""
    if pend is None:
        return  # waiting for the choice of a part
    if pend["finish"] == "turn_face_up":
        facedown.turn_up(g, pend["player"], pend["src"], pend["extra"]["way"])
    elif pend["finish"] == "cast":
        finish_cast(g, pend["player"], pend["obj"])
    elif pend["finish"] == "activate":
        finish_activate(g, pend["player"], pend["obj"])
    else:
        finish_mana(g, pend["player"], pend["src"], pend["extra"])


def cost_answer(g: "Game", d: Any, a: dict[str, Any]) -> None:
    """The answer to a choice made while paying a cost (601.2h)."""
    _after_costs(g, costs.answer(g, d, a))


def finish_cast(g: "Game", player: str, sid: int) -> None:
    """601.2i: the spell becomes cast once its costs are paid."""
    s = g.objects[sid]
    g.spells_cast_turn += 1
    g.players[player].spells_cast_turn += 1
    if s.chosen.get("cast_from") == "hand":  # "if you haven't cast a spell from your hand this turn" (601.2a: the
        g.players[player].hand_cast_turn = g.turn  # zone it was cast from)
    if g.effects:
        costs.use_next_spell_reduction(g, player, sid)  # "the next spell you cast this turn costs {1} less"
        costs.use_next_spell_flags(g, player, sid)  # "the next creature spell you cast this turn can't be countered"
    # 601.2i: what was cast, as it is on the stack ("a noncreature spell"; a static of a permanent may change it,
    # 611.3a: layers.elsewhere)
    sc = g.chars(sid) if layers.elsewhere(g) else layers.off_battlefield(g, s)
    g.players[player].cast_kinds_turn.append((frozenset(sc.types), frozenset(sc.supertypes),
                                              frozenset(sc.subtypes), frozenset(sc.colors)))
    if g.__dict__.get("_chars_plain") is not g._chars or g._chars is None:
        g.changed()  # per-turn facts a static may read ("as long as you've cast a noncreature spell this turn"); while
        # no static reads turn state (layers._turn_free) the characteristics and the mana sources stay as they are
    g.log("cast", player=player, card=s.card.name, obj=sid, targets=s.targets)
    if g.commanders:
        commander.count_cast(g, player, sid)  # 903.8
    # "name": the spell's name as cast, for "the same name as that spell" once it has left the stack (608.2h: its
    # last known information; a face-down spell has none, 707.2)
    ev: dict[str, Any] = {"event": "cast", "player": player, "obj": sid, "name": s.card.name,
                          "targets": [t for slot in s.targets for t in slot if isinstance(t, int)]}
    if s.x:
        ev["x"] = s.x  # 107.3h: the spell's own cast trigger ("when you cast SELF, ... half X") reads its X
    # "copy it for each other instant and sorcery spell you've cast before it this turn": the spells cast before it
    ev["cast_index"] = len(g.players[player].cast_kinds_turn) - 1
    # "if you've cast another blue spell this turn" read by this spell or the permanent it becomes: its own record
    s.chosen["cast_record"] = [g.turn, player, ev["cast_index"]]
    granted = player_statics.spell_keywords(g, s, player) & {"Storm"}  # "spells you cast have storm" (702.39a)
    if granted:
        ev["granted"] = sorted(granted)  # each granted instance triggers too (702.39b; engine/triggers.py)
    if "Storm" in s.card.keywords or granted:  # 702.39a: the copies are of the spell as cast, whatever becomes of it
        ev["storm"] = cast_options.storm_record(g, s)
    if "Replicate" in s.card.keywords:  # 702.55a: likewise, one copy per replicate payment
        ev["replicate"] = cast_options.replicate_record(g, s)
    if "Conspire" in s.card.keywords:  # 702.77a: likewise, one copy if its conspire cost was paid
        ev["conspire"] = cast_options.conspire_record(g, s)
    if "Casualty" in s.card.keywords:  # casualty (a later keyword): likewise, one copy if its cost was paid
        ev["casualty"] = cast_options.casualty_record(g, s)
    if any(e.op == "storm" and e.get("record") == "copies" for a in s.card.abilities for e in a.effects):
        ev["copies"] = cast_options.storm_record(g, s)  # "when you cast SELF, copy it for each ...": as storm's
    if "Gravestorm" in s.card.keywords:  # 702.68a: one copy per permanent put into a graveyard this turn
        ev["gravestorm"] = dict(cast_options.storm_record(g, s), count=g.graveyard_turn)
    triggers.event(g, ev)
    triggers.became_targets(g, s)
    g.passes = 0
    g.priority = player  # SBAs and triggers are checked before the player gets priority (117.5)


def _key(k: Any) -> Any:
    try:
        return int(k)
    except (TypeError, ValueError):
        return k


def activatable(g: "Game", player: str, oid: int) -> list[tuple[int, Ability]]:
    """(index, ability) of the activated and mana abilities of an object this player may
    activate where it is: a permanent they control (602.2), or one another player controls whose
    ability says "Any player may activate this ability" (602.2), or a card in their graveyard
    for the abilities that work from there (112.6, 602.2), or a card in their hand (cycling,
    702.28a). Indexes count every activated and mana ability in printed order."""
    o = g.objects[oid]
    others = False
    if o.zone == "battlefield":
        c = g.chars(oid)
        others = c.controller != player
        if others and not seats.in_range(g, player, c.controller):
            return []  # 801.6: an object outside the player's range of influence
        abilities = c.abilities
    elif o.zone in ("graveyard", "hand"):
        if o.owner != player or player_statics.activation_forbidden(g, player, o.zone):  # 602.5 (Ashes of the
            return []  # Abhorrent: "... or activate abilities of cards in graveyards")
        abilities = o.card.abilities
    elif o.zone == "command" and works_from_command(o.card) and o.controller == player:
        abilities = o.card.abilities  # 113.2: an emblem's activated abilities work from the command zone; 901.7,
        # 902.7, 904.8: a face-up plane's, vanguard's or scheme's, activated by its controller (109.4b-d)
    else:
        return []
    ix = index(abilities)
    got = ix.any_player if others else ix.activated if o.zone in ("battlefield", "command") \
        else ix.from_graveyard if o.zone == "graveyard" else ix.from_hand
    if not got:
        return got
    if o.zone == "battlefield" and (c.rules or g.effects):  # 602.5: Arrest, detain (701.26a), Cursed Totem
        got = [(i, ab) for i, ab in got if not object_statics.activation_barred(g, oid, ab.kind == "mana",
                                                                              bool(ab.cost and ab.cost.tap))]
    if player_statics.active(g) and player_statics.statics(g, "name_lock"):  # 602.5: Pithing Needle
        got = [(i, ab) for i, ab in got if not player_statics.activate_locked(g, player, oid, ab.kind == "mana")]
    if g.stack and split_second(g):
        return [(i, ab) for i, ab in got if ab.kind == "mana"]  # 702.60b
    return got


def activated_of(abilities: Any) -> list[tuple[int, Ability]]:
    """(index, ability) of the activated and mana abilities in a permanent's list of abilities
    (602, 605) that work on the battlefield."""
    return index(abilities).activated


def _ability_at(g: "Game", player: str, oid: int, idx: Any) -> Ability | None:
    for i, ab in activatable(g, player, oid):
        if i == idx:
            return ab
    return None


_TAP_ONLY = Cost(tap=True)


@per_object
def turn_state_cost(cost: Cost) -> bool:
    """Do the parts of this cost that ``_pay_other_costs`` pays change only the turn state: {T} and {Q}
    (110.5, 701.17; the mana is paid by ``pay_mana`` beside it, 106.4)? Then paying them keeps the
    characteristics as any tap does (``Game.turn_state_changed``)."""
    return dataclasses.replace(cost, mana=(), tap=False, untap=False) == _FREE_COST


_FREE_COST = Cost()


@per_object
def plain_tap(ab: Ability) -> bool:
    """Is the whole cost of this ability {T}, with no restriction on activating it (most mana
    abilities of lands and creatures)?"""
    return ab.cost == _TAP_ONLY and not ab.sorcery_speed and ab.condition is None


def cost_payable(g: "Game", player: str, o: "Obj", ab: Ability) -> bool:
    """602.2b, 118.3: every part of the cost can be paid now (and the restrictions hold)."""
    if plain_tap(ab):  # {T} alone: an untapped permanent, not a summoning-sick creature (302.6)
        if o.zone != "battlefield" or o.tapped:
            return False
        if o.sick:
            c = g.chars(o.id)
            return "Creature" not in c.types or "Haste" in c.keywords \
                or player_statics.haste_activation(g, player, o.id)
        return True
    cost = ab.cost or Cost()
    if o.zone == "battlefield":
        c = g.chars(o.id)
        if cost.tap or cost.untap:
            if cost.tap and o.tapped or cost.untap and not o.tapped:
                return False
            if "Creature" in c.types and o.sick and "Haste" not in c.keywords \
                    and not player_statics.haste_activation(g, player, o.id):
                return False  # 302.6; haste, 702.10c
    elif cost.tap or cost.untap:
        return False
    sorcery = sorcery_timing(g, player)
    if cost.loyalty is not None:
        if o.zone == "battlefield" and object_statics.loyalty_barred(g, o.id):
            return False  # 602.5: "Players can't activate planeswalkers' loyalty abilities" (The Immortal Sun)
        if o.chosen.get("loyalty_turn") == g.turn \
                and o.chosen.get("loyalty_n", 1) >= player_statics.loyalty_times(g, player, o.id):
            return False  # 606.3: one loyalty ability of a permanent each turn (or two, a rule says: Oath of Teferi)
        if not sorcery and g.priority == player and o.zone == "battlefield" \
                and player_statics.loyalty_instant(g, player, o.id):
            sorcery = True  # 606.3 changed: any time they could cast an instant (116.1a)
        if not sorcery:
            return False  # 606.3
        if isinstance(cost.loyalty, int) and cost.loyalty < 0 and o.counters.get("loyalty", 0) < -cost.loyalty:
            return False
    if ab.sorcery_speed and not sorcery:
        return False
    if ab.condition is not None:  # 602.5b: "Activate only if / only once each turn / only during ..."
        if not condition(g, ab.condition, o.id, {"controller": player, "ability": ab}):
            return False
    if cost.life and not player_statics.can_pay_life(g, player, cost.life):
        return False
    if cost.energy and energy(g, player) < cost.energy:  # 118.3
        return False
    if cost.mill and len(g.players[player].library) < cost.mill:  # 118.3: "Mill a card" with a card to mill
        return False
    if cost.exile_top and len(g.players[player].library) < cost.exile_top:  # 118.3: "Exile the top two cards of
        return False  # your library" only with two cards there
    if cost.remove_counters and cost.remove_counters[1] < ALL_COUNTERS \
            and o.counters.get(cost.remove_counters[0], 0) < cost.remove_counters[1]:
        return False  # ("Remove all K counters": none too)
    if cost.put_counters and (o.zone != "battlefield" or not counters_allowed(g, o.id, cost.put_counters[0])):
        return False  # 118.3: counters that can't be put on it (a rule forbids them) can't pay the cost
    if cost.unattach_self and granter_of(g, o, ab).attached_to is None:
        return False  # 118.3, 701.3d: "Unattach SELF" only of an Equipment or Aura attached to something
    mana = costs.ability_mana(g, player, o.id, cost, ab)
    short = bool(mana) and "X" not in mana and not can_afford(g, player, mana, {o.id} if cost.tap else set(),
                                                              ("ability", o.id))
    if short and not cost.waterbend:  # (the mana first: counting the objects a part names costs more)
        return False
    if has_choices(cost) and not costs.choices_payable(g, player, cost, o.id):
        return False
    # waterbend: artifacts and creatures tapped may pay its generic mana
    return not short or waterbend_suggest(g, player, o.id, cost, mana) is not None


def is_plain_mana_activation(g: "Game", player: str, a: dict[str, Any]) -> bool:
    """A mana ability without targets: its costs are checked before anything changes, so
    activating it needs no snapshot (the hot path of every payment by hand)."""
    if a.get("action") != "activate":
        return False
    o = g.objects.get(a.get("card", -1))
    if o is None or o.zone != "battlefield":
        return False
    idx = a.get("ability", 0)
    if not isinstance(idx, int):
        return False
    ab = _ability_at(g, player, o.id, idx)
    if ab is None:
        return False
    if a.get("mana") is not None and any("could_produce" in e.args for e in ab.effects):
        return False  # the kind asked for is checked as the mana is added, after the costs (106.7)
    return _plain_mana_ability(ab)


@per_object
def _plain_mana_ability(ab: Ability) -> bool:
    """A mana ability (605.1a) without targets whose costs need no choice and change nothing a snapshot would be
    needed to put back ({T}, an untap, life, counters: no mana, no card discarded, sacrificed, milled or exiled),
    with no condition, that only adds mana (``is_plain_mana_activation``). Fixed for the ability, so found once."""
    cost = ab.cost or Cost()
    return ab.kind == "mana" and not ab.targets and not cost.mana and not cost.discard and not cost.sacrifice_self \
        and not cost.mill and not cost.exile_top and not has_choices(cost) and not cost.exile_self \
        and not cost.bottom_self \
        and not cost.return_self \
        and ab.condition is None \
        and all(e.op == "add_mana" for e in ab.effects)  # (its marks: activate; other instructions: run_now)


def mode_range(ab: Ability, g: "Game | None" = None, player: str | None = None,
               src: int | None = None, paying: list[str] | None = None) -> tuple[int, int]:
    """The least and the most modes a modal spell or ability lets its controller choose (700.2:
    "choose one", "choose two", "choose one or both", "choose one or more"). "Choose one. If you control a
    commander as you cast SELF, you may choose both instead": two at most (without "you may", exactly two) when
    the condition holds for ``player`` as the modes are chosen (601.2b), else one. "If this spell's additional cost
    was paid, choose both instead": the costs the caster announces (``paying``: the keyword ways and optional
    additional costs, 601.2b) decide it, the spell not being cast yet."""
    cond = ab.condition or {}
    if "more_modes_if" in cond:
        if paying is not None and set(cond["more_modes_if"]) == {"cast_with"}:
            holds = cond["more_modes_if"]["cast_with"] in paying
        elif paying is not None and cond["more_modes_if"] == {"kicked": True}:  # "If SELF was kicked, choose any
            # number instead": kicked as announced with the modes (601.2b, 702.32a-b)
            holds = "Kicker" in paying
        else:
            holds = g is not None and player is not None and condition(g, cond["more_modes_if"], src,
                                                                       {"controller": player})
        if not holds:
            return 1, 1
        return (1 if cond.get("more_modes_may") else ab.choose), ab.choose
    return cond.get("min_modes", ab.choose), ab.choose


def _repeats_modes(o: "Obj | None") -> bool:
    """May the same mode of this card's modal spell ability be chosen more than once (the Confluences)?"""
    return o is not None and any(ab.kind == "spell" and ab.choose and (ab.condition or {}).get("repeat_modes")
                                 for ab in o.card.abilities)


def check_modes(ab: Ability, modes: list[Any], g: "Game | None" = None, player: str | None = None,
                src: int | None = None, paying: list[str] | None = None) -> None:
    """601.2b, 700.2: the chosen modes are between the least and the most the text allows, each
    a mode of the ability, and no mode is chosen twice (700.2d) unless the text says "you may choose
    the same mode more than once" (the Confluences, as later printed)."""
    lo, hi = mode_range(ab, g, player, src, paying)
    again = bool((ab.condition or {}).get("repeat_modes"))
    if not lo <= len(modes) <= hi or not again and len(set(modes)) != len(modes) or any(
            not isinstance(m, int) or not 0 <= m < len(ab.modes) for m in modes):
        n = str(hi) if lo == hi else f"{lo} to {hi}"
        raise IllegalAction(f"modes: choose {n}{'' if again else ' different'} mode(s) of {len(ab.modes)}")
    weights, budget = pawprints(ab)
    if budget is not None and sum(weights[m] for m in modes) > budget:
        raise IllegalAction(f"modes: their pawprints total {sum(weights[m] for m in modes)}, at most {budget} "
                            "(a later rule, Bloomburrow)")


def pawprints(ab: Ability) -> tuple[list[int], int | None]:
    """Pawprint modes (a later rule, Bloomburrow; 700.2 as it is): "Choose up to five {P} worth of modes": each mode's
    pawprints and the most the chosen modes (the same mode as often as chosen) may total; ([], None) for other
    modal abilities."""
    cond = ab.condition or {}
    if "pawprint_budget" not in cond:
        return [], None
    return [int(w) for w in cond.get("pawprints", ())], int(cond["pawprint_budget"])


def _mode_slots(ab: Ability, modes: list[Any]) -> str:
    """The chosen modes and how many target slots each has, as a refusal says them."""
    return ", ".join(f'mode {m + 1} "{ab.modes[m].text}": {len(ab.modes[m].targets)} target slot(s)' for m in modes)


def _named_targets(ab: Ability | None, modes: list[Any], raw: Any, specs: tuple[TargetSpec, ...]) -> list[list[Any]]:
    """The targets an answer names, one list per slot (``targets.normalize_targets``). For a modal spell or
    ability (``ab``) the slots are those of the chosen modes, in the order of ``modes`` (601.2b-c: the targets
    of the chosen modes are chosen with them, 700.2c); a refusal names the modes and their slots."""
    if ab is None:
        return normalize_targets(raw, specs)
    n = len(raw) if isinstance(raw, list) and all(isinstance(r, list) for r in raw) and raw else None
    if n is not None and n != len(specs):
        raise IllegalAction(f"targets: {n} slot(s) named, the chosen modes have {len(specs)} "
                            f"({_mode_slots(ab, modes)}); the targets of the chosen modes are chosen with them "
                            "(601.2c, 700.2c)")
    try:
        return normalize_targets(raw, specs)
    except IllegalAction:
        got = f"{raw!r} do" if raw else "none named does"
        raise IllegalAction(f"targets: {got} not fit the chosen modes' slots ({_mode_slots(ab, modes)});"
                            " the targets of the chosen modes are chosen with them (601.2c, 700.2c)") from None


def _check_chosen(g: "Game", ab: Ability | None, modes: list[Any], specs: tuple[TargetSpec, ...],
                  chosen: list[list[Any]], s: Obj, player: str) -> None:
    """601.2c: the targets are legal (``targets.check_targets``); for a modal spell or ability a refusal
    names the chosen mode whose target is wrong (700.2a: a mode without legal targets can't be chosen)."""
    try:
        check_targets(g, specs, chosen, s, player)
    except IllegalAction as e:
        if ab is None:
            raise
        k = 0
        for m in modes:
            n = len(ab.modes[m].targets)
            if n:
                try:
                    check_targets(g, specs[k:k + n], chosen[k:k + n], s, player)
                except IllegalAction as one:
                    raise IllegalAction(f'mode {m + 1} "{ab.modes[m].text}": {one}') from None
            k += n
        raise e


def activate(g: "Game", player: str, a: dict[str, Any], opponent_chose: bool = False) -> None:
    """602.2: activate an ability; mana abilities resolve at once (605.3). ``opponent_chose``: the
    targets an opponent chooses (602.3) are in ``a`` already (never from a player's own answer)."""
    oid = a["card"]
    o = g.objects.get(oid)
    if o is None or o.zone not in ("battlefield", "graveyard", "hand", "command"):
        raise IllegalAction(f"{_name(g, oid)} is not a permanent on the battlefield")
    idx = a.get("ability", 0)
    ab = _ability_at(g, player, oid, idx) if isinstance(idx, int) else None
    if ab is None:
        raise IllegalAction(f"{o.card.name} has no activated ability {idx + 1 if isinstance(idx, int) else idx}"
                            f" you can activate")
    if g.priority != player:
        raise IllegalAction("you do not hold priority")
    if not cost_payable(g, player, o, ab):
        raise IllegalAction(f"cannot pay the cost of {o.card.name}'s ability now")
    cost = ab.cost or Cost()
    x = int(a.get("x", 0) or 0)
    if x < 0:
        raise IllegalAction("X cannot be negative")
    if x and not _mentions_x([getattr(cost, f.name) for f in dataclasses.fields(cost)]) and not costs.variable(cost):
        raise IllegalAction(f"x: this ability of {o.card.name} has no X in its cost (107.3)")
    most = costs.x_max(g, player, cost, o.id) if costs.variable(cost) else None
    if most is not None and x > most:  # 118.3: "Pay X life", "Remove X counters" with fewer than X
        raise IllegalAction(f"X={x}: the cost of {o.card.name}'s ability cannot be paid with it (118.3)")
    if cost.loyalty == "-X" and o.counters.get("loyalty", 0) < x:
        raise IllegalAction(f"{o.card.name} has fewer than {x} loyalty counters")
    if ab.targets and not ab.choose and any(t.chooser == "opponent" for t in ab.targets) and not opponent_chose:
        _ask_opponent_targets(g, player, o, ab, a)  # 602.3: an opponent chooses some of its targets
        return
    if ab.condition is not None:  # marked as it is activated (an illegal activation undoes it)
        once = ab.condition.get("once_each_turn") or ab.condition.get("once_ever") \
            or ab.condition.get("times_each_turn")
        if once and o.zone not in ("battlefield", "stack"):  # shared there by copies (Game.copy): replaced
            o = g.objects[o.id] = o.copy()
        if ab.condition.get("once_each_turn"):
            o.chosen["activated:" + ab.text] = g.turn  # 602.5b
        if ab.condition.get("times_each_turn"):  # 602.5b: "no more than twice each turn": this turn's count
            turn, n = o.chosen.get("activations:" + ab.text, (None, 0))
            o.chosen["activations:" + ab.text] = (g.turn, (n if turn == g.turn else 0) + 1)
        if ab.condition.get("once_ever"):
            o.chosen["activated_ever:" + ab.text] = True  # exhaust: once for this object (400.7: a new one may again)
    if ab.kind == "mana" and isinstance(a.get("mana"), str):  # "Add {G} or {W}": a kind it adds (106.4)
        for e in ab.effects:
            if e.op == "add_mana" and "choice" in e.args and a["mana"] not in (
                    "".join(k) for k in choice_options(e.args["choice"], o.chosen)):
                raise IllegalAction(f"{a['mana']!r}: not a kind of mana {o.card.name}'s ability adds")
            if e.op == "add_mana" and e.get("colors") and not set(a["mana"]) <= set(e.args["colors"]):
                raise IllegalAction(f"{a['mana']!r}: {o.card.name} adds only {'/'.join(e.args['colors'])} (106.1a)")
    if ab.kind == "mana" and not ab.targets:
        card = o.card  # as the source last existed, if a cost sacrifices or exiles it (112.7a)
        mana = costs.ability_mana(g, player, o.id, cost, ab)  # 605.3a, 602.2b: "{2}, {T}: Add ..." (Cabal Coffers)
        if mana:  # its mana is paid first, from the pool and other mana abilities (601.2g-h)
            pay_mana(g, player, substitute_x(mana, x), {o.id} if cost.tap else set(), a.get("pay"), ("ability", o.id))
        _pay_other_costs(g, player, o, cost, x, granter_of(g, o, ab))
        # 107.3a, 602.2b: the number announced for its cost ("Remove any number of storage counters") is
        # fixed in its effects, as a mana ability has no object on the stack to keep it (605.3a)
        fixed = [Effect(e.op, _with_x(e.args, x)) for e in ab.effects] if costs.variable(cost) else None
        choices = has_choices(cost)
        # its effects as plain data: kept for a cost that asks choices first (costs.start's record), rebuilt from
        # there for an X fixed in them (finish_mana); else its own mana part resolves as it is
        extra = {"effects": [{"op": e.op, "args": dict(e.args)} for e in fixed or ab.effects]
                 if choices or fixed is not None else [], "mana": a.get("mana"), "tapped": bool(cost.tap)}
        if choices:
            _after_costs(g, costs.start(g, player, cost, oid, None, "mana", a, extra))
            return
        finish_mana(g, player, oid, extra, None if fixed else _mana_part(ab), card)
        return
    specs = ab.targets
    modes = a.get("modes") or ([a["mode"]] if "mode" in a else [])
    if ab.choose:  # 602.2b, 601.2b: a modal ability's modes are chosen as it is activated
        check_modes(ab, modes, g, player, o.id)
        specs = tuple(t for m in modes for t in ab.modes[m].targets)
    specs = counted(g, with_x(specs, x), o.id)  # "up to X target ..., where X is Q": Q counted now (601.2c)
    chosen = _named_targets(ab if ab.choose else None, modes, a.get("targets"), specs)
    s = _ability_object(g, o, ab, player)
    s.modes = list(modes) if ab.choose else []
    s.x = x  # 601.2b before 601.2c: X is known when targets are chosen
    _check_chosen(g, ab if ab.choose else None, modes, specs, chosen, s, player)
    s.targets = chosen
    s.divide = division(g, s, ab, a.get("divide"))
    own = granter_of(g, o, ab)
    if cost.sacrifice_self or cost.exile_self or cost.bottom_self or cost.return_self:  # 608.2h: the source as it
        # last existed
        sc = g.chars(own.id)  # (scavenge, 702.96a: "the power of the card you exiled")
        s.chosen["source_lki"] = (sc.power, sc.toughness)
        if own.counters:  # "gain life equal to the number of charge counters on SELF" after sacrificing it
            s.chosen["source_counters"] = dict(own.counters)
        if own.chosen.get("exiled"):  # 607.2a: "return all cards exiled with SELF" after sacrificing it
            s.chosen["source_exiled"] = list(own.chosen["exiled"])
        if own.chosen.get("object") is not None:  # "Sacrifice SELF: The chosen creature gains indestructible"
            s.chosen["source_object"] = own.chosen["object"]  # (Dauntless Bodyguard; 614.12, 608.2h)
        if own.attached_to is not None:  # "Sacrifice SELF: Enchanted creature ... gain flying" (Crown of Ascension):
            s.chosen["source_attached"] = own.attached_to  # what it was attached to as it last existed (608.2h)
    if (ab.keyword == "Forecast" or cost.reveal_self) and o.zone == "hand":  # 702.56b, 602.2b: revealed as the
        # ability is activated ("{B}, Reveal SELF from your hand: ...")
        knowledge.show(g, [o.id])
        g.log("reveal", player=player, cards=[o.card.name], objs=[o.id])
    # 602.2b, 601.2i: abilities that trigger on activating it; matched against the source as it is
    # before the costs are paid (a source sacrificed to pay is seen as it last existed); they
    # wait in game.triggered, and an illegal activation restores the state before it
    triggers.event(g, {"event": "activate", "player": player, "obj": o.id, "ability": s.id,
                       "loyalty": cost.loyalty is not None})
    discarded = _pay_other_costs(g, player, o, cost, x, own, s.chosen)
    if "removed_all" in s.chosen:  # "Remove all K counters from SELF: ... for each K counter removed this way"
        s.x = s.chosen.pop("removed_all")  # (107.3a: the number the cost removed)
    if discarded is not None and ab.keyword in ("Cycling", "Typecycling"):  # 702.28c, 702.28e: it was cycled
        triggers.event(g, {"event": "cycle", "obj": discarded, "player": player, "x": x})  # 107.3a: X paid
    # 602.2b: as it is activated (before other costs are paid), its targets chosen (Kopala, Warden of Waves)
    mana = costs.ability_mana(g, player, o.id, cost, ab, s.targets)
    if a.get("waterbend") and not cost.waterbend:
        raise IllegalAction(f"waterbend: {o.card.name}'s ability has no waterbend cost")
    if mana:
        due = substitute_x(mana, s.x, x_color(o.card))
        if a.get("waterbend"):
            due = _waterbend(g, player, o.id, cost, due, a["waterbend"])
        pay_mana(g, player, due, {o.id} if cost.tap else set(), a.get("pay"),
                 ("ability", o.id), s.id)  # 106.6: restricted mana that may pay for this source's abilities
    if has_choices(cost):
        _after_costs(g, costs.start(g, player, cost, oid, s.id, "activate", a))  # 601.2h / 602.2b: chosen while paying
        return
    finish_activate(g, player, s.id)


def waterbend_candidates(g: "Game", player: str, src: int, cost: Cost) -> list[int]:
    """Waterbend (a later keyword action, Avatar: The Last Airbender, 2025): "While paying a waterbend cost, you can
    tap your artifacts and creatures to help. Each one pays for {1}": the untapped artifacts and creatures ``player``
    controls (a creature that came under their control this turn too, as for convoke, 702.50a), not the source
    when the same cost taps it ({T}, 602.2b)."""
    return [i for i in g.battlefield if g.objects[i].controller == player and not g.objects[i].tapped
            and not (cost.tap and i == src) and {"Artifact", "Creature"} & set(g.chars(i).types)]


def waterbend_suggest(g: "Game", player: str, src: int, cost: Cost, mana: tuple[str, ...]) -> list[int] | None:
    """The fewest artifacts and creatures that pay the generic part of a waterbend cost ``mana`` with the rest of
    ``player``'s mana ([] when mana alone pays it, None when nothing does): what a bot answers with. Those that
    make no mana first (a mana creature stays free to tap for mana)."""
    ex = {src} if cost.tap else set()
    purpose = ("ability", src)
    if can_afford(g, player, mana, ex, purpose):
        return []
    generic = sum(int(s) for s in mana if s.isdigit())
    cands = sorted(waterbend_candidates(g, player, src, cost),
                   key=lambda i: (any(ab.kind == "mana" for ab in g.chars(i).abilities), i))
    for n in range(1, min(generic, len(cands)) + 1):
        picks = cands[:n]
        if can_afford(g, player, cast_options.reduce_generic(mana, n), ex | set(picks), purpose):
            return picks
    return None


def _waterbend(g: "Game", player: str, src: int, cost: Cost, due: tuple[str, ...], picks: Any) -> tuple[str, ...]:
    """Waterbend: the artifacts and creatures ``picks`` are tapped as the cost is paid (601.2h), each paying {1} of
    its generic mana; the mana left to pay (IllegalAction for a pick that can't help, or more than the generic)."""
    if not isinstance(picks, list) or len(set(map(str, picks))) != len(picks):
        raise IllegalAction("waterbend: a list of artifacts and creatures, each once")
    cands = set(waterbend_candidates(g, player, src, cost))
    bad = [p for p in picks if p not in cands]
    if bad:
        raise IllegalAction(f"waterbend: {_name(g, bad[0])} is not an untapped artifact or creature you control")
    if len(picks) > sum(int(s) for s in due if s.isdigit()):
        raise IllegalAction("waterbend: each one tapped pays for {1} of the generic mana, no more")
    for i in picks:
        tap(g, i)  # 701.17a, with its event (603.2d)
    return cast_options.reduce_generic(due, len(picks))


def _ask_opponent_targets(g: "Game", player: str, o: "Obj", ab: Ability, a: dict[str, Any]) -> None:
    """602.3: "any target of an opponent's choice" (Cuombajj Witches): an opponent chooses that
    target when the ability's controller would (601.2c), after the controller's own targets
    (602.3b); with several opponents the controller first says which one (602.3a). The answer's
    ``targets`` hold the controller's slots only. The activation must be legal whatever the
    opponent chooses among the legal choices, so it is tried first on a copy of the game with
    the first legal choices (nothing here has changed the game)."""
    opps = seats.opponents(g, player)
    if not opps:
        raise IllegalAction(f"no opponent to choose a target of {o.card.name}'s ability (602.3)")
    own_specs = tuple(t for t in ab.targets if t.chooser is None)
    own = normalize_targets(a.get("targets"), own_specs)
    slots = [k for k, t in enumerate(ab.targets) if t.chooser == "opponent"]
    cands = {k: target_candidates(g, ab.targets[k], o, player) for k in slots}
    for k in slots:
        if len(cands[k]) < ab.targets[k].min:
            raise IllegalAction(f"no legal choice for {ab.targets[k].text} (602.3, 601.2c)")
    trial = g.copy()
    activate(trial, player, {**a, "targets": merge_targets(ab, own, {k: cands[k][:ab.targets[k].min] for k in slots})},
             opponent_chose=True)
    data = {"activate": {**a, "targets": own}, "activator": player, "slots": slots, "picks": {},
            "answer_to": "opponent_targets"}
    if len(opps) > 1:
        g.wait = {"kind": "choose_option", "player": player, "options": list(opps), **data, "stage": "who",
                  "prompt": f"{o.card.name}: which opponent chooses its target (602.3a)?"}
        return
    g.wait = _opponent_target_wait(g, opps[0], ab, data)


def merge_targets(ab: Ability, own: list[list[Any]], picks: dict[int, list[Any]]) -> list[list[Any]]:
    """Every target slot of ``ab`` in order: the controller's own choices, and the opponent's at its slots."""
    it = iter(own)
    return [list(picks.get(k, [])) if t.chooser == "opponent" else next(it) for k, t in enumerate(ab.targets)]


def _opponent_target_wait(g: "Game", chooser: str, ab: Ability, data: dict[str, Any]) -> dict[str, Any]:
    k = next(k for k in data["slots"] if str(k) not in data["picks"])
    src = g.objects[data["activate"]["card"]]
    spec = ab.targets[k]
    return {"kind": "choose_cards", "player": chooser, "options": target_candidates(g, spec, src, data["activator"]),
            "min": spec.min, "max": spec.count, **data, "stage": "target", "slot": k,
            "prompt": f"{src.card.name}: choose {spec.text} for {data['activator']} (602.3)"}


def answer_opponent_targets(g: "Game", d: Any, a: dict[str, Any]) -> None:
    """602.3, 602.3a: the opponent (named by the ability's controller when there are several)
    chooses each of the targets it is to choose; then the ability is activated with all of them."""
    data = {k: d.data[k] for k in ("activate", "activator", "slots", "picks", "answer_to")}
    proposed = data["activate"]
    o = g.objects.get(proposed["card"])
    ab = _ability_at(g, data["activator"], proposed["card"], proposed.get("ability", 0)) if o is not None else None
    if ab is None:
        raise IllegalAction("the ability is gone")
    if d.data.get("stage") == "who":
        opt = named_option(list(d.options), a.get("option"))
        g.wait = _opponent_target_wait(g, opt, ab, data)
        return
    picks = list(a.get("cards", []))
    if not d.data["min"] <= len(picks) <= d.data["max"] or len(set(map(str, picks))) != len(picks) \
            or any(x not in d.options for x in picks):
        raise IllegalAction(f"choose {d.data['min']}..{d.data['max']} of the legal targets")
    data["picks"] = {**data["picks"], str(d.data["slot"]): picks}
    if any(str(k) not in data["picks"] for k in data["slots"]):
        g.wait = _opponent_target_wait(g, d.player, ab, data)
        return
    full = merge_targets(ab, proposed["targets"], {int(k): v for k, v in data["picks"].items()})
    activate(g, data["activator"], {**proposed, "targets": full}, opponent_chose=True)


def finish_activate(g: "Game", player: str, sid: int) -> None:
    """602.2b, 601.2i: the ability becomes activated once its costs are paid. Its source counts the activations of
    that ability this turn ("if this ability has been activated four or more times this turn": Dragon Whelp)."""
    s = g.objects[sid]
    src = g.objects.get(s.source) if s.source is not None else None
    if src is not None and src.zone == "battlefield" and s.ability is not None:
        key = "activated_count:" + s.ability.text
        turn, n = src.chosen.get(key, (g.turn, 0))
        src.chosen[key] = (g.turn, (n if turn == g.turn else 0) + 1)
    g.log("activate", player=player, card=s.card.name, obj=sid, targets=s.targets)
    triggers.became_targets(g, s)  # 603.2: becoming the target of it
    g.passes = 0
    g.priority = player  # SBAs and triggers are checked before the player gets priority (117.5)


@per_object
def _mana_part(ab: Ability) -> Ability:
    """The effects of a mana ability as an ability of their own (its "add mana" ones, and the other
    instructions a mana ability may have, 605.1a)."""
    return Ability("mana", "", effects=tuple(Effect(e.op, dict(e.args)) for e in ab.effects))


def x_color(card: Any) -> str | None:
    """107.3: "Spend only black mana on X" (Consume Spirit, Crypt Rats): the color the X of the card's costs is paid
    in (a static of the card, engine/cards/compiler), None for any mana."""
    for ab in card.abilities:
        if ab.kind == "static" and ab.static and ab.static.get("kind") == "x_color":
            return str(ab.static["color"])
    return None


def finish_mana(g: "Game", player: str, src: int, extra: dict[str, Any], ab: Ability | None = None,
                card: Any = None) -> None:
    """605.3a: a mana ability resolves at once, after its costs are paid (its "add mana"
    effects are ``ab``, or rebuilt from ``extra`` after a cost that needed choices)."""
    if ab is None:
        ab = Ability("mana", "", effects=tuple(Effect(x["op"], x["args"]) for x in extra.get("effects", ())))
    was = card if card is not None else g.objects[src].card if src in g.objects else None
    treasure = was is not None and "Treasure" in was.subtypes  # as the source last existed (112.7a, a sacrificed one)
    before_all = dict(g.players[player].pool) if treasure else {}
    before = dict(g.players[player].pool) if extra.get("tapped") else {}
    effects.run_now(g, ab, src, player, {"mana": extra.get("mana"), "chosen": extra.get("chosen")}, card)
    if treasure:  # "mana from a Treasure": the mana its ability added (Player.treasure_mana)
        now = g.players[player].pool
        keep_treasure_mana(g, player, {k: v - before_all.get(k, 0) for k, v in now.items() if v > before_all.get(k, 0)})
    if extra.get("tapped"):  # 605.1b: triggered mana abilities, told the mana it made (106.4)
        pool = g.players[player].pool
        made = [k for k in sorted(pool, key=lambda k: k != extra.get("mana")) if pool[k] > before.get(k, 0)]
        asked = triggers.tapped_for_mana(g, player, src, made)
        if asked:  # "an additional one mana of any color": its color chosen as it resolves (106.1a)
            _ask_mana_colors(g, player, asked)
    g.priority = player  # SBAs and triggers are checked before the player gets priority (117.5)


def _ask_mana_colors(g: "Game", player: str, asked: list[tuple[int, int]]) -> None:
    """605.1b, 106.1a: a triggered mana ability resolving as a permanent was tapped for mana by hand adds mana of any
    color ("its controller adds an additional one mana of any color": Fertile Ground; "two mana in any combination
    of colors": Market Festival): the player who tapped it chooses the colors (one option per combination), the
    first of ``asked`` (source, amount) now, the rest after it."""
    src, n = asked[0]
    name = g.objects[src].card.name if src in g.objects else "a triggered mana ability"
    g.wait = {"kind": "choose_option", "player": player,
              "options": ["".join(c) for c in combinations_with_replacement("WUBRG", n)],
              "prompt": f"{name}: the color{'s' if n > 1 else ''} of the mana it adds", "answer_to": "mana_colors",
              "src": src, "rest": [list(x) for x in asked[1:]]}


def answer_mana_colors(g: "Game", d: Any, a: dict[str, Any]) -> None:
    """The colors chosen for the mana a triggered mana ability adds (``_ask_mana_colors``): added to the pool of the
    player who tapped the permanent (605.1b; snow mana when its source is snow, 107.4h)."""
    opt = a.get("option")
    if isinstance(opt, int) and not isinstance(opt, bool) and 1 <= opt <= len(d.options):
        opt = d.options[opt - 1]
    if opt not in d.options:
        raise IllegalAction("choose one of the offered colors of mana")
    src = d.data["src"]
    snow = player_statics.snow_source(g, src)
    pool = g.players[d.player].pool
    for c in str(opt):
        k = snow_key(c) if snow else c
        pool[k] = pool.get(k, 0) + 1
    g.log("mana", player=d.player, mana=str(opt), source=g.objects[src].card.name if src in g.objects else "")
    g.turn_state_changed()
    rest = [(int(s), int(n)) for s, n in d.data.get("rest", ())]
    if rest:
        _ask_mana_colors(g, d.player, rest)


def granter_of(g: "Game", o: "Obj", ab: Ability) -> "Obj":
    """The object an ability's SELF names: the one that has it, or, for an ability a static grants naming the
    granting card (201.4a: "Equipped creature has '{T}, Sacrifice Blazing Torch: Blazing Torch deals 2 damage
    to any target'"), the granting object: it is sacrificed for the cost and is the source of the effects."""
    return g.objects.get(ab.granter, o) if ab.granter is not None else o


def _ability_object(g: "Game", src: "Obj", ab: Ability, controller: str) -> "Obj":
    src = granter_of(g, src, ab)
    s = Obj(g.next_id, 0, src.card, controller, "stack")
    g.next_id += 1
    s.ability = ab
    s.source = src.id
    s.controller = controller
    g.objects[s.id] = s
    g.stack.append(s.id)
    g.hidden_move()  # an object on the stack, no permanent changed: as for a spell cast (Game.move)
    return s


def _pay_other_costs(g: "Game", player: str, o: "Obj", cost: Cost, x: int = 0, own: "Obj | None" = None,
                     chosen: dict[str, Any] | None = None) -> int | None:
    """The parts of a cost that need no choice (118, 602.2b); chosen parts: engine/costs.py. ``own``: the object
    "sacrifice SELF" names when it is not ``o`` (granter_of). Returns the new id of the card when the cost
    discarded it (cycling, 702.28a), else None. ``chosen``: the ability's record, which keeps the card a cost
    "Exile SELF" put into exile ("exiled_self": craft's "Return this card to the battlefield transformed")."""
    discarded = None
    if cost.tap:
        tap(g, o.id)  # 701.17a, with its event (603.2d)
    if cost.untap:
        untap(g, o.id)
    if cost.exert_self and o.zone == "battlefield":  # exert (a later keyword action, engine/actions.py)
        exert(g, o.id)
    if cost.loyalty is not None:  # 606.4: loyalty counters put on or removed
        n = cost.loyalty if isinstance(cost.loyalty, int) else (-x if cost.loyalty == "-X" else x)
        o.counters["loyalty"] = o.counters.get("loyalty", 0) + n
        o.chosen["loyalty_n"] = o.chosen.get("loyalty_n", 0) + 1 if o.chosen.get("loyalty_turn") == g.turn else 1
        o.chosen["loyalty_turn"] = g.turn
        triggers.counters_put(g, o.id, "loyalty", n)  # 121.6 (a +N cost puts them; n <= 0 fires nothing)
        triggers.counters_removed(g, o.id, "loyalty", -n)  # a -N cost removes them (606.4)
    if cost.life:
        lose_life(g, player, x if cost.life < 0 else cost.life, paid=True)  # 119.4 ("Pay X life": the X announced)
    if cost.reveal_own_hand:  # "Reveal your hand" (701.15a)
        costs.reveal_hand(g, player)
    if cost.energy:
        pay_energy(g, player, cost.energy)
    if cost.mill:  # "Mill a card": the top cards of the library into the graveyard, in order (a later keyword
        # action, 2020; 118.3 checked it could be paid in full); each move meets its replacements (614.1a)
        for c in list(g.players[player].library[:cost.mill]):
            g.move(c, "graveyard")
    if cost.exile_top:  # "Exile the top N cards of your library": face up (406.3), one by one from the top; each
        # move meets its replacements (614.1a); 118.3 checked there are that many
        for c in list(g.players[player].library[:cost.exile_top]):
            g.move(c, "exile")
    if cost.remove_counters:
        k, n = cost.remove_counters
        n = x if n < 0 else n  # "Remove X +1/+1 counters": the X announced (107.3a)
        if n == ALL_COUNTERS:  # "Remove all K counters from SELF": as many as it has (none too); "for each K counter
            n = o.counters.get(k, 0)  # removed this way" is that number, kept as the ability's X (107.3a)
            if chosen is not None:
                chosen["removed_all"] = n
        if n and not 0 < n <= o.counters.get(k, 0):  # checked by cost_payable: a card the checker lets through
            raise IllegalAction(f"cannot remove {n} {k} counters from {o.card.name}")
        if n:  # 107.3a: X may be 0, paid by removing none (with no counter of that kind too)
            o.counters[k] -= n
            triggers.counters_removed(g, o.id, k, n)
    if cost.put_counters and o.zone == "battlefield":  # 121.1: put on the source as the cost is paid (602.2b)
        k, n = cost.put_counters
        if not counters_allowed(g, o.id, k):
            raise IllegalAction(f"{k} counters can't be put on {o.card.name}")
        o.counters[k] = o.counters.get(k, 0) + replacement.counter_count(g, o.id, k, n, ask=False)
    if cost.discard < 0:  # "Discard your hand" (an empty hand pays it too)
        for c in list(g.players[player].hand):
            discard(g, c)
    if cost.unattach_self:  # 701.3d: it stays on the battlefield, attached to nothing ("Unattach SELF")
        own_o = own or o
        was = own_o.attached_to
        if was is None:
            raise IllegalAction(f"{own_o.card.name} is not attached to anything")
        own_o.attached_to = None
        triggers.unattached(g, own_o.id, was)
    if cost.sacrifice_self:
        sacrifice(g, (own or o).id)
    elif cost.exile_self:
        new = g.move((own or o).id, "exile")
        if chosen is not None:
            chosen["exiled_self"] = new
    elif cost.bottom_self:  # "Put SELF on the bottom of its owner's library" (602.2b, 401.1)
        g.move((own or o).id, "library", top=False)
    elif cost.return_self:  # "Return SELF to its owner's hand" (602.2b; 400.3: its owner's)
        g.move((own or o).id, "hand")
    elif cost.discard_self and o.zone == "hand":  # "Discard this card" (cycling, 702.28a)
        discarded = discard(g, o.id)
    if turn_state_cost(cost):  # {T}, {Q} (and mana, paid apart): a tapped or untapped source, the turn state alone
        g.turn_state_changed()
    else:
        g.changed()
    return discarded


def _with_x(v: Any, x: int) -> Any:
    """``v`` with each amount that is the announced X ({"x": True}) made that number (107.3a)."""
    if isinstance(v, dict):
        if v.get("x") is True:
            return -x if v.get("negate") else x
        return {k: _with_x(w, x) for k, w in v.items()}
    if isinstance(v, list):
        return [_with_x(w, x) for w in v]
    return v


def _mentions_x(v: Any) -> bool:
    """Does a cost part hold an X (107.3: the value of X is chosen only then)?"""
    if isinstance(v, str):
        return v in ("X", "-X", "+X")
    if isinstance(v, (list, tuple)):
        return any(_mentions_x(p) for p in v)
    if isinstance(v, dict):  # {"x": true}: a filter comparing with X ("a card with mana value X")
        return v.get("x") is True or any(_mentions_x(p) for p in v.values())
    return False
