"""Static abilities that speak about players and the rules of the game rather than about
the characteristics of objects: "You have no maximum hand size" (402.2), "You have
hexproof" (702.11c), "You may cast spells as though they had flash" (702.8), "Each
player can't cast more than one spell each turn", "You may cast spells from your hand
without paying their mana costs" (117.9), "If a card would be put into an opponent's
graveyard from anywhere, exile it instead" (614.1a), and the triggered mana ability
"Whenever you tap a creature for mana, add an additional {G}" (605.1b).

The statics of the permanents on the battlefield (and of emblems in the command zone)
are collected once per game version, and only from cards that have such a static at all.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, cast

from engine import seats
from engine.choices import has_name
from engine.filters import chosen_player, matches, unknown_keys
from engine.mana import mana_value
from engine.memo import per_object
from engine.values import CAST_KIND_KEYS, cast_kind_matches, condition

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj

#: Static kinds read by the rules of the game here (and by engine.zones_cast).
KINDS = frozenset({"no_max_hand_size", "hand_size", "untap_limit", "player_keywords", "flash_spells", "free_spells",
                   "draw_in_opponents_draw_step",  # Teferi, Who Slows the Sunset's emblem (504.1: engine/game.py)
                   "alt_cost_spells",   # "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells ..."
                   "spell_limit",
                   "play_from", "graveyard_replacement",
                   "enter_exile",       # "if a creature would enter and it wasn't cast, exile it instead": Game.move
                   # and engine/actions.py create_tokens (614.1a; enters_exiled)
                   "prevent_damage",    # read by engine.replacement.static_shields (615.9)
                   "damage_mod",        # "deals double that damage instead": engine.replacement.damage_mods (614.1a)
                   "damage_counters",   # "put that many -1/-1 counters on it instead": engine.actions (614.1a)
                   "look_face_down",    # "you may look at face-down creatures you don't control": engine/facedown.py
                   "draw_times",        # "if you would draw a card, draw two cards instead": Game.draw (614.1a)
                   "cant_gain_life", "cant_lose_life", "skip_step",
                   "extra_land",        # read by land_plays (305.2a)
                   "attack_tax",        # read by engine.combat.attack_cost (508.1g)
                   "block_tax",         # read by engine.combat.block_cost (509.1f)
                   "attack_forbid",     # "creatures can't attack you": engine.combat.may_attack (508.1c)
                   # "No more than two creatures can attack [you] / block each combat": engine.combat.combat_limits
                   "combat_limit",
                   "extra_vote",        # "while voting, you get an additional vote": engine/ops/misc.py (701.29d)
                   "goaded",            # "enchanted creature is goaded": engine.combat.goaders (goad, a later rule)
                   "cant_get_counters",  # "You can't get poison counters": can_get_counters (121.1)
                   "name_lock",         # "spells with the chosen name can't be cast" (201.3)
                   "cast_forbid",       # "Your opponents can't cast spells during your turn" (101.2)
                   "land_forbid",       # "Players can't play lands" (101.2, 305.1): engine/casting.py can_play_land
                   # "Players can't ... activate abilities of cards in graveyards" (602.5): activation_forbidden
                   "activate_forbid",
                   # "Each opponent must attack you ... with at least one creature each combat if able" (508.1d):
                   # engine/combat.py _one_attacker_requirements
                   "attack_one_requirement",
                   "uncounterable_spells",  # "... spells you control can't be countered" (101.1)
                   "damage_unpreventable",  # "Damage can't be prevented" (615.11), read by engine.actions
                   "tokens_to_you",  # "each token that would be created under an opponent's control ... is created
                   # under your control instead" (614.1a): token_controller, read by engine.actions.create_tokens
                   "draw_limit",  # "Each opponent can't draw more than one card each turn", read by Game.draw
                   "sorcery_only",  # "Each opponent can cast spells only any time they could cast a sorcery"
                   "untargetable_zone",  # "Cards in graveyards can't be the targets of ...", engine.targets
                   "trigger_cause",  # "Creatures entering don't cause abilities to trigger": engine/triggers.py
                   "empty_draw_wins",  # "If you would draw ... while your library has no cards in it, you win"
                   "ignore_hexproof",  # "... can be the targets ... as though they didn't have hexproof"
                   "life_floor",  # "Damage that would reduce your life total to less than 1 reduces it to 1"
                   "cant_cause",  # "Spells and abilities your opponents control can't cause you to sacrifice ..."
                   "search_forbid",  # "Players can't search libraries" (101.2): cant_cause
                   "skip_extra_turn",  # "If an opponent would begin an extra turn, that player skips that turn
                   # instead" (614.10): extra_turn_skipped, read by Game._take_next_turn
                   "spell_keywords",  # "Artifact spells you cast have convoke": a spell's keywords (112.1)
                   "damage_as_infect",  # "all damage is dealt to you as though its source had infect" (702.89b)
                   "cant_lose_game",  # "You can't lose the game" (104.3, 704.5a-c): can_lose
                   "cant_win_game",  # "Your opponents can't win the game" (104.2): can_win
                   "loyalty_instant",  # "... activate loyalty abilities ... any time you could cast an instant"
                   "loyalty_times",  # "... activate the loyalty abilities of planeswalkers you control twice each turn"
                   "surveil_extra",  # "You may look at an additional two cards each time you surveil"
                   "extra_die",  # "... instead roll that many dice plus one and ignore the lowest roll": extra_dice
                   "graveyard_keywords",  # "... cards in your graveyard have retrace" (cast_options, 702.80a)
                   "ability_cost",  # "Equip abilities you activate cost {1} less to activate" (costs.ability_mana)
                   "haste_activation",  # "... activate abilities of creatures you control as though ... haste"
                   "redirect_damage",  # "All damage that would be dealt to you is dealt to SELF instead" (614.9)
                   "keep_mana", "lost_mana_becomes",  # mana kept as steps and phases end: kept_mana (500.4)
                   "damage_stays",  # "Damage isn't removed from SELF during cleanup steps": damage_kept (514.2)
                   "walk_ignored",  # "Creatures with islandwalk can be blocked as though they didn't have islandwalk"
                   "must_attack"})  # "During target opponent's next turn, creatures that player controls attack
# SELF if able" (Gideon Jura; 508.1d): read by engine/combat.py must_attack_target

#: the kinds that change when a player may cast a spell (casting.can_cast_timing, with the name locks of
#: "cast"): while none works, the priority options read a card's timing from flash and the moment alone
TIMING_KINDS = ("flash_spells", "spell_limit", "cast_forbid")


@per_object
def _card_statics(card: Any) -> tuple[Any, ...]:
    """The statics of KINDS of a card, and its "whenever you tap ... for mana" triggers (as
    {"kind": "tapped_for_mana", "ability": ...})."""
    sts = tuple(ab.static for ab in card.abilities
                if ab.kind == "static" and ab.static and ab.static.get("kind") in KINDS
                and ab.zone == "battlefield")
    return sts + tuple({"kind": "tapped_for_mana", "ability": ab} for ab in card.abilities
                       if ab.kind == "triggered" and ab.trigger and ab.trigger.get("event") == "tapped_for_mana")


def active(g: "Game") -> bool:
    """Does the game hold any card with such a static (or mana trigger) at all, on either face of a
    double-faced card (it may transform, or be cast transformed, without becoming a new card)? Most
    games don't; known once per set of physical objects (next_uid grows with every new card, token
    or emblem; abilities on the stack don't count)."""
    some = g._pstatics_any  # (None on the class until first known: a plain attribute read, asked very often)
    if some is None or some[0] != g.next_uid:
        some = g._pstatics_any = (g.next_uid, any(_card_statics(o.card) or any(_card_statics(f) for f in o.card.faces)
                                                  for o in g.objects.values()))
    if some[1] or not g.effects:
        return some[1]
    effects = g.effects  # a resolved effect that works as a player static: looked for once per state of the game
    got = g.__dict__.get("_pstatics_fx")
    if got is None or got[0] != g._version or got[1] is not effects or got[2] != len(effects):
        got = g._pstatics_fx = (g._version, effects, len(effects), any(e["layer"] == "player" for e in effects))
    return bool(got[3])


def snow_source(g: "Game", src: int | None) -> bool:
    """Is ``src`` a snow permanent (205.4f)? The mana it produces can pay {S} (107.4h; engine/mana.py snow_key)."""
    return src is not None and src in g.objects and g.objects[src].zone == "battlefield" \
        and "Snow" in g.chars(src).supertypes


def damage_counters(g: "Game", src: int, tgt: int, combat: bool) -> str | None:
    """614.1a: the kind of counter damage from ``src`` to permanent ``tgt`` becomes instead ("put that many -1/-1
    counters on that creature instead": Soul-Scar Mage, Phytohydra), None when no such replacement applies."""
    for sid, ctl, st in statics(g, "damage_counters"):
        if st.get("combat") and not combat or st.get("noncombat") and combat:
            continue
        fr, aff = st.get("from"), st.get("affects")
        if fr is not None and not (src in g.objects and matches(g, src, fr, sid, ctl)):
            continue
        if not (aff == "self" and tgt == sid or isinstance(aff, dict) and matches(g, tgt, aff, sid, ctl)):
            continue
        return str(st["counter"])
    return None


def statics(g: "Game", kind: str) -> list[tuple[int, str, dict[str, Any]]]:
    """(source id, its controller, static) of every such static working now (611.3a). They
    depend on the permanents, their controllers and the resolved effects, so they are kept with
    the characteristics (613, through changes of turn state); emblems come and go with a change
    of zone, effects with a change (Game.changed)."""
    cache = g.__dict__.get("_pstatics")
    cs = g._chars
    if cache is not None and cache[0] is cs and cs is not None:  # known for these characteristics
        return cache[1].get(kind, _NONE)
    if not active(g):
        return _NONE
    cs = g.all_chars()
    if cache is None or cache[0] is not cs:
        by: dict[str, list[tuple[int, str, dict[str, Any]]]] = {}
        for oid in g.battlefield:
            c = cs[oid]
            sts = _card_statics(c.card)  # its text as a text-changing effect left it (612)
            if sts:
                ctl = cast(str, g.controller_of(oid))  # a permanent has a controller
                have = c.abilities
                for st in sts:  # 613.1f: only those it still has ("loses all abilities": Nullhide Ferox)
                    ab = st.get("ability") if st["kind"] == "tapped_for_mana" else None
                    if any(a is ab for a in have) if ab is not None else any(a.static is st for a in have):
                        by.setdefault(st["kind"], []).append((oid, ctl, st))
        for p in g.order:  # emblems (113.4: their abilities work from the command zone), a face-up plane, scheme,
            for oid in g.players[p].command:  # vanguard (901.7, 904.8, 902.7): read of its controller (109.4b-e)
                for st in _card_statics(g.objects[oid].card):
                    by.setdefault(st["kind"], []).append((oid, g.objects[oid].controller, st))
        for e in g.effects:  # "Players can't gain life this turn": a resolved spell's effect (611.2)
            if e["layer"] == "player":
                by.setdefault(e["static"]["kind"], []).append((e.get("source") or -1, e["controller"], e["static"]))
        cache = g._pstatics = (cs, by)
    return cache[1].get(kind, _NONE)


#: no statics of a kind (shared: callers only read it)
_NONE: list[tuple[int, str, dict[str, Any]]] = []


def applies_to(g: "Game", who: Any, controller: str, player: str, src: int | None = None) -> bool:
    """Does a static of ``controller`` whose "who" is ``who`` speak about ``player``? Never about a
    player outside the controller's limited range of influence (801.10). "chosen_player": the player its source
    ``src`` chose as it entered ("The chosen player's maximum hand size is four", 614.12)."""
    if g.influence is not None and player != controller and not seats.in_range(g, controller, player):
        return False
    if who in (None, "you"):
        return player == controller
    if who in ("each_player", "any", "each"):
        return True
    if who in ("opponent", "each_opponent"):
        return player != controller
    if isinstance(who, list):  # the players a resolved effect named ("target player can't ...", "that
        # creature's owner can't cast spells with the same name")
        return player in who
    if who == "chosen_player":
        return src is not None and chosen_player(g, src) == player
    return False


def _mine(g: "Game", kind: str, player: str) -> list[tuple[int, str, dict[str, Any]]]:
    sts = statics(g, kind)
    return [t for t in sts if applies_to(g, t[2].get("who"), t[1], player, t[0])] if sts else _NONE


# ------------------------------------------------------------------ the players
def no_max_hand_size(g: "Game", player: str) -> bool:
    """402.2: "You have no maximum hand size" (no discard in the cleanup step, 514.1)."""
    return max_hand_size(g, player) is None


def untap_limits(g: "Game", player: str) -> list[tuple[int, dict[str, Any]]]:
    """502.2: the "can't untap more than N ... during their untap steps" statics that apply to ``player`` now
    (Smoke, Winter Orb), as (source, static); a condition ("as long as SELF is untapped") read of its source."""
    return [(sid, st) for sid, _ctl, st in _mine(g, "untap_limit", player)
            if not st.get("condition") or g.condition(st["condition"], sid)]


#: 402.2: a player's maximum hand size when nothing changes it
HAND_SIZE = 7


def _timestamp(g: "Game", sid: int, st: dict[str, Any]) -> int:
    """The timestamp of a rule-changing static (613.10, 613.6): a resolved effect's own, else its source's."""
    for e in g.effects:
        if e.get("static") is st:
            return int(e["ts"])
    o = g.objects.get(sid)
    return o.timestamp if o is not None else 0


def max_hand_size(g: "Game", player: str) -> int | None:
    """402.2: ``player``'s maximum hand size, None for none. 613.10: the effects that change it ("Your maximum
    hand size is increased by one", "Each opponent's maximum hand size is reduced by two", "Your maximum hand
    size is two", "Players have no maximum hand size") are applied in timestamp order, after the others."""
    got = _mine(g, "no_max_hand_size", player) + _mine(g, "hand_size", player)
    base = max(0, HAND_SIZE + g.players[player].hand_modifier)  # 902.5b: a vanguard's hand modifier
    if not got:
        return base
    size: int | None = base
    for sid, _ctl, st in sorted(got, key=lambda t: _timestamp(g, t[0], t[2])):
        if st["kind"] == "no_max_hand_size":
            size = None
        elif "set" in st:
            size = max(0, g.amount(st["set"], sid if sid in g.objects else None))
        elif size is not None:
            size = max(0, size + int(st["change"]))
    return size


def cant_gain_life(g: "Game", player: str) -> bool:
    """118.7: an effect says this player can't gain life ("Players can't gain life"); in
    Two-Headed Giant, or says it of a teammate (810.9g: no player on that team can)."""
    return any(_mine(g, "cant_gain_life", p) for p in _team(g, player))


def token_controller(g: "Game", player: str) -> str:
    """614.1a: the player a token that would be created under ``player``'s control is created under: the
    controller of an effect "each token that would be created under an opponent's control this turn is created
    under your control instead" (Crafty Cutpurse) that speaks of ``player``, the most recent one (613.6-like; a
    token it gives to its controller is not created under an opponent of that player's), else ``player``."""
    got = _mine(g, "tokens_to_you", player) if active(g) else _NONE
    if not got:
        return player
    return max(got, key=lambda t: _timestamp(g, t[0], t[2]))[1]


def can_get_counters(g: "Game", player: str, kind: str) -> bool:
    """121.1: may this player get counters of this kind now ("You can't get poison counters", Melira; "Players
    can't get counters", Solemnity)?"""
    return not active(g) or not any(st.get("counter") in (None, kind) for _, _, st in _mine(g, "cant_get_counters",
                                                                                          player))


def cant_lose_life(g: "Game", player: str) -> bool:
    """118.8: an effect says this player can't lose life ("Your life total can't change"); in
    Two-Headed Giant, or says it of a teammate (810.9h: no player on that team can lose life
    or pay life other than 0)."""
    return any(_mine(g, "cant_lose_life", p) for p in _team(g, player))


def can_lose(g: "Game", player: str, why: str = "") -> bool:
    """104.3: may this player lose the game now? Not while "You can't lose the game" applies to them (Platinum
    Angel; "this turn": Angel's Grace), nor, for having 0 or less life (704.5a: ``why`` "life"), while "You don't
    lose the game for having 0 or less life" does (Phyrexian Unlife). Conceding is always allowed (104.3a)."""
    if not active(g):
        return True
    return not any((not st.get("life_only") or why == "life") and _holds(g, sid, st)
                   for sid, _, st in _mine(g, "cant_lose_game", player))


def damage_as_infect(g: "Game", player: str) -> bool:
    """702.89b: is damage dealt to this player now as though its source had infect (Phyrexian Unlife while its
    controller has 0 or less life; the condition read of its source, 611.3b)?"""
    return active(g) and any(not st.get("condition") or g.condition(st["condition"], sid)
                             for sid, _, st in _mine(g, "damage_as_infect", player))


def can_win(g: "Game", player: str) -> bool:
    """104.2: may this player win the game now? Not while "your opponents can't win the game" applies to them
    (Platinum Angel's controller's opponents; "as long as you control a Gideon planeswalker": Gideon of the Trials'
    emblem, its condition read of the emblem's controller)."""
    return not active(g) or not any(_holds(g, sid, st) for sid, _, st in _mine(g, "cant_win_game", player))


def _holds(g: "Game", sid: int, st: dict[str, Any]) -> bool:
    """A static's "as long as" condition (611.3a), read of its source now; none: it holds."""
    return not st.get("condition") or g.condition(st["condition"], sid)


#: the kinds whose readers here check a static's condition (an emblem may have it: engine/ops/misc.py)
CONDITIONED = frozenset({"cant_lose_game", "cant_win_game", "loyalty_instant", "graveyard_keywords",
                         "life_floor"})  # damage_life_loss reads it (Serra the Benevolent's emblem)


def damage_unpreventable(g: "Game", src: int | None = None, combat: bool = False) -> bool:
    """615.11: "Damage can't be prevented" (Leyline of Punishment; Skullcrack's "this turn"); "Combat damage
    can't be prevented" (Frenzied Baloth: ``combat``); "Combat damage that would be dealt by creatures you control
    can't be prevented" (Questing Beast: the source ``src`` matches its "sources", read for its controller)."""
    for oid, ctl, st in statics(g, "damage_unpreventable"):
        if st.get("combat") and not combat:
            continue
        f = st.get("sources")
        if f is not None and (src is None or src not in g.objects or not matches(g, src, f, oid, ctl)):
            continue
        return True
    return False


def _team(g: "Game", player: str) -> tuple[str, ...]:
    """``player`` and, in Two-Headed Giant (810.9g-h), the teammates whose life total is one."""
    return g.team_of[player] if g.variant == "two_headed_giant" else (player,)


def opponent_step_draws(g: "Game", player: str) -> int:
    """504.1: the cards ``player`` draws in this draw step by "You draw a card during each opponent's draw step"
    (Teferi, Who Slows the Sunset's emblem): one for each such static, in an opponent's turn only (102.2-102.3)."""
    if g.step != "draw" or g.active not in seats.opponents(g, player):
        return 0
    return len(_mine(g, "draw_in_opponents_draw_step", player))


def skips(g: "Game", player: str, step: str) -> bool:
    """614.10: does an effect make this player skip this step?"""
    return any(t[2].get("step") == step for t in _mine(g, "skip_step", player))


def can_pay_life(g: "Game", player: str, n: int) -> bool:
    """119.4, 118.8: a player may pay N life only with at least N life, and not at all (but 0)
    while they can't lose life."""
    return n <= 0 or g.players[player].life >= n and not cant_lose_life(g, player)


def has_keyword(g: "Game", player: str, keyword: str) -> bool:
    """702.11c / 702.18: a player with hexproof (shroud) can't be the target of spells or
    abilities their opponents (anyone) control."""
    return any(keyword in t[2].get("keywords", ()) for t in _mine(g, "player_keywords", player))


def walk_ignored(g: "Game", quality: str) -> bool:
    """702.14c, 509.1b: "Creatures with islandwalk can be blocked as though they didn't have islandwalk" (Undertow),
    "Creatures with landwalk abilities can be blocked as though they didn't have those abilities" (Staff of the
    Ages): is the landwalk of that quality ("Island", "snow Swamp", "nonbasic") ignored for blocking now?"""
    for _, _, st in statics(g, "walk_ignored"):
        walks = st.get("walks")
        if walks is None or quality in walks:
            return True
    return False


def zone_untargetable(g: "Game", oid: int, controller: str) -> bool:
    """115.1: "Cards in graveyards can't be the targets of spells or abilities" (Ground Seal), "Lands on the
    battlefield and land cards in graveyards can't be the targets of spells or abilities your opponents control"
    (Tomik, Distinguished Advokist): does a static make this object, in the zone it is in, an illegal target of a
    spell or ability ``controller`` controls now?"""
    o = g.objects[oid]
    for _, ctl, st in statics(g, "untargetable_zone"):
        if st.get("zone") != o.zone:
            continue
        if st.get("by") == "opponent" and controller not in seats.opponents(g, ctl):
            continue
        types = st.get("types")
        if types and not set(types) & set(g.chars(oid).types if o.zone == "battlefield" else o.card.types):
            continue
        return True
    return False


def player_targetable(g: "Game", player: str, controller: str) -> bool:
    if has_keyword(g, player, "Shroud"):
        return False
    return not (player != controller and has_keyword(g, player, "Hexproof") and not hexproof_ignored(g, controller,
                                                                                                      player))


def hexproof_ignored(g: "Game", controller: str, x: Any) -> bool:
    """702.11b-c: "Your opponents and permanents your opponents control with hexproof can be the targets of spells
    and abilities you control as though they didn't have hexproof" (Kaya, Bane of the Dead): may a spell or ability
    ``controller`` controls target the player or permanent ``x`` despite its hexproof?"""
    for sid, ctl, st in _mine(g, "ignore_hexproof", controller):
        if isinstance(x, str):
            if st.get("players") and x != ctl:
                return True  # "your opponents"
        elif matches(g, x, st.get("affects") or {}, sid if sid in g.objects else None, ctl):
            return True
    return False


# ------------------------------------------------------------------ casting
def _spell_matches(g: "Game", o: "Obj", f: dict[str, Any] | None, player: str) -> bool:
    if not f:
        return True
    return matches(g, o.id, strip_zone(f), None, player)


@per_object
def strip_zone(f: dict[str, Any]) -> dict[str, Any]:
    """A spell filter ("artifact spells") checked against the card before it is cast: any zone (made once per
    filter: callers only read it)."""
    out = {k: v for k, v in f.items() if k != "zone"}
    if "or" in out:
        out["or"] = [strip_zone(x) for x in out["or"]]
    out["zone"] = "any_card"
    return out


def loyalty_instant(g: "Game", player: str, oid: int) -> bool:
    """606.3 changed (101.1): may ``player`` activate the loyalty abilities of ``oid`` any time they could cast an
    instant ("... of planeswalkers you control on any player's turn": Teferi, Temporal Archmage's emblem; "... of
    SELF": Teferi, Master of Time; "as long as SELF entered this turn": The Wandering Emperor)?"""
    for sid, _ctl, st in _mine(g, "loyalty_instant", player):
        if st.get("condition") and not g.condition(st["condition"], sid):
            continue
        w = st.get("walkers")
        if w == "self" and oid == sid or isinstance(w, dict) and matches(g, oid, w, sid, player):
            return True
    return False


def surveil_extra(g: "Game", player: str) -> int:
    """Surveil (a later keyword action, Guilds of Ravnica) changed: "You may look at an additional two cards each
    time you surveil" (Enhanced Surveillance): how many more cards ``player`` looks at (the extra ones may stay on
    top, so looking at them is never worse than not)."""
    if not active(g):
        return 0
    return sum(int(st.get("amount", 0)) for _sid, _ctl, st in _mine(g, "surveil_extra", player))


def extra_dice(g: "Game", player: str) -> int:
    """Rolling dice (a later rule, Adventures in the Forgotten Realms): "If you would roll one or more dice, instead
    roll that many dice plus one and ignore the lowest roll" (Pixie Guide): how many more dice ``player`` rolls, the
    lowest that many ignored. Each such replacement applies once to the roll (616.1: the second, applied to the roll
    of one more die, adds one more again)."""
    if not active(g):
        return 0
    return len(_mine(g, "extra_die", player))


def loyalty_times(g: "Game", player: str, oid: int) -> int:
    """606.3 changed (101.1): how many loyalty abilities of ``oid`` ``player`` may activate each turn: one, or two
    with "You may activate the loyalty abilities of planeswalkers you control twice each turn rather than only
    once" (Oath of Teferi; "... of SELF": Urza, Planeswalker)."""
    n = 1
    if not active(g):
        return n
    for sid, _ctl, st in _mine(g, "loyalty_times", player):
        w = st.get("walkers")
        if w == "self" and oid == sid or isinstance(w, dict) and matches(g, oid, w, sid, player):
            n = max(n, int(st.get("times", 1)))
    return n


def graveyard_keywords(g: "Game", o: "Obj") -> list[str]:
    """The keywords rules give the card ``o`` in its owner's graveyard (101.1: "Instant and sorcery cards in your
    graveyard have retrace", Wrenn and Six's emblem; "During your turn, ...", Six)."""
    if o.zone != "graveyard" or not active(g):
        return []
    out: list[str] = []
    for sid, _ctl, st in _mine(g, "graveyard_keywords", o.owner):
        if st.get("condition") and not g.condition(st["condition"], sid):
            continue
        if matches(g, o.id, {**st.get("cards", {}), "zone": "graveyard"}, sid, o.owner):
            out += [k for k in st.get("keywords", ()) if k not in out]
    return out


def granted_escape(g: "Game", o: "Obj") -> int | None:
    """Escape a rule gives the card ``o`` in its owner's graveyard ("Each nonland card in your graveyard has escape.
    The escape cost is equal to the card's mana cost plus exile three other cards from your graveyard": Underworld
    Breach; escape is a later keyword): the number of other cards its escape cost exiles, None without it."""
    if o.zone != "graveyard" or not active(g):
        return None
    for sid, _ctl, st in _mine(g, "graveyard_keywords", o.owner):
        if "escape_exile" in st and (not st.get("condition") or g.condition(st["condition"], sid)) \
                and matches(g, o.id, {**st.get("cards", {}), "zone": "graveyard"}, sid, o.owner):
            return int(st["escape_exile"])
    return None


def haste_activation(g: "Game", player: str, oid: int) -> bool:
    """302.6 changed (101.1): "You may activate abilities of [other] creatures you control as though those creatures
    had haste" (Tyvar, Jubilant Brawler; Thousand-Year Elixir): ``player`` may activate the {T} and {Q} abilities of
    the creature ``oid`` though it came under their control this turn."""
    if not active(g):
        return False
    for sid, _ctl, st in _mine(g, "haste_activation", player):
        if matches(g, oid, st.get("creatures") or {}, sid, player):
            return True
    return False


def has_flash(g: "Game", player: str, o: "Obj") -> bool:
    """702.8a: "You may cast spells as though they had flash" (Leyline of Anticipation)."""
    return any(_spell_matches(g, o, t[2].get("spells"), player) for t in _mine(g, "flash_spells", player))


def spell_uncounterable(g: "Game", o: "Obj") -> bool:
    """101.1: "Instant and sorcery spells you control can't be countered" (Sphinx of the Final Word),
    "Creature spells can't be countered": a static of a permanent over the spells it names."""
    ctl = o.controller
    if o.chosen and o.chosen.get("uncounterable"):  # "The next creature spell you cast this turn can't be countered"
        return True  # (Insist: the spell that used that effect up, engine/costs.py use_next_spell_flags)
    return ctl is not None and any(matches(g, o.id, t[2].get("spells") or {}, None, ctl)
                                   for t in _mine(g, "uncounterable_spells", ctl))


def _locked_names(g: "Game", player: str, lock: str) -> list[tuple[str, dict[str, Any]]]:
    """(chosen name, static) of each name lock of kind ``lock`` on ``player`` now: a name chosen
    as its source entered (201.3, 614.12); a source with no name chosen locks nothing."""
    out = []
    for oid, _ctl, st in _mine(g, "name_lock", player):
        if st.get("lock") == lock and st.get("names"):  # names bound by a resolved effect (Reflector Mage)
            out += [(n, st) for n in st["names"]]
        elif st.get("lock") == lock and st.get("names_of") == "exiled":  # "the same name as the exiled card"
            # (Ixalan's Binding): the cards its linked ability exiled, still in exile (607.2a)
            out += [(g.objects[x].card.name, st) for x in g.objects[oid].chosen.get("exiled", ())
                    if x in g.objects and g.objects[x].zone == "exile"]
        elif st.get("lock") == lock:
            name = g.objects[oid].chosen.get("card_name")
            if name is not None:
                out.append((name, st))
    return out


def cast_locked(g: "Game", player: str, o: "Obj") -> bool:
    """201.3, 708.7: "Spells with the chosen name can't be cast" (Meddling Mage) and "Your
    opponents can't cast spells with the chosen name": a card with one of its names named."""
    return any(has_name(o.card.name, name) for name, _st in _locked_names(g, player, "cast"))


#: the steps of the combat phase (506.1), for "during combat"
_COMBAT = frozenset({"beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage",
                     "combat_damage", "end_of_combat"})


def cast_forbidden(g: "Game", player: str, o: "Obj", x: int | None = None) -> bool:
    """101.2: a "can't" of casting beats any permission: "Your opponents can't cast spells during your turn"
    (Teferi, Time Raveler), "You can't cast noncreature spells" (Nikya), "Players can't cast spells during
    combat" (Basandra), "Target player can't cast creature spells this turn" (Cease-Fire), "Your opponents
    can't cast spells with even mana values" (Void Winnower: with the X announced, 202.3c; ``x`` None: not
    announced yet, and a spell with {X} may still be cast with another X)."""
    for _src, ctl, st in _mine(g, "cast_forbid", player):
        when = st.get("when")
        if when == "your_turn" and g.active != ctl or when == "combat" and g.step not in _COMBAT:
            continue
        if when == "their_next_turn" and (g.active != player or g.turn <= st.get("after", g.turn)):
            continue  # "during that player's next turn": a turn of theirs after the one it began in (500.1)
        if st.get("zone") and o.zone != st["zone"]:
            continue  # "You can't ... cast spells from your hand" (Experimental Frenzy): other zones still may
        f = st.get("spells") or {}
        types = set(o.card.types)
        if f.get("types") and not types & set(f["types"]) or f.get("not_types") and types & set(f["not_types"]):
            continue
        chosen = g.objects[_src].chosen if _src in g.objects else {}
        if f.get("chosen_color") and chosen.get("color") not in o.card.colors:
            continue  # "spells of the chosen color" (Iona, Shield of Emeria; chosen as it entered, 614.12)
        if f.get("chosen_card_type") and chosen.get("card_type") not in o.card.types:
            continue  # "spells of the chosen type" (a card type, 205.2a)
        if "mv_parity" in f:
            if x is None and "X" in o.card.mana_cost:
                continue
            if mana_value(o.card.mana_cost, x or 0) % 2 != (f["mv_parity"] == "odd"):
                continue
        if f.get("mv_gt_lands"):  # "... with mana value greater than the number of lands that player controls"
            if x is None and "X" in o.card.mana_cost:
                continue
            lands = sum(1 for i in g.battlefield if g.controller_of(i) == player and "Land" in g.chars(i).types)
            if mana_value(o.card.mana_cost, x or 0) <= lands:
                continue
        return True
    return False


def extra_turn_skipped(g: "Game", player: str) -> bool:
    """614.10: "If an opponent would begin an extra turn, that player skips that turn instead" (Stranglehold)."""
    return active(g) and bool(_mine(g, "skip_extra_turn", player))


def land_forbidden(g: "Game", player: str, o: "Obj") -> bool:
    """101.2, 305.1: "Players can't play lands" (Territorial Dispute), "Target player can't play lands this turn"
    (Solfatara): a "can't" beats every land play; "You can't play lands ... from your hand" (Experimental Frenzy)
    those of the hand only."""
    return any(not t[2].get("zone") or t[2]["zone"] == o.zone for t in _mine(g, "land_forbid", player))


def activation_forbidden(g: "Game", player: str, zone: str) -> bool:
    """101.2, 602.5: "Players can't cast spells from graveyards or activate abilities of cards in graveyards" (Ashes of
    the Abhorrent): ``player`` may activate no ability of a card in that zone."""
    return active(g) and any(st.get("zone") == zone for _, _, st in _mine(g, "activate_forbid", player))


def activate_locked(g: "Game", player: str, oid: int, mana: bool) -> bool:
    """201.3: "Activated abilities of sources with the chosen name can't be activated [unless
    they're mana abilities]" (Pithing Needle, Phyrexian Revoker): in every zone (602.5)."""
    locks = _locked_names(g, player, "activate")
    if not locks:
        return False
    o = g.objects[oid]
    if "face_down" in o.chosen:  # 707.2: a face-down permanent has no name
        return False
    return any(has_name(o.card.name, n) and not (mana and st.get("unless_mana")) for n, st in locks)


def spell_limited(g: "Game", player: str, o: "Obj | None" = None) -> bool:
    """"Each player can't cast more than N spells each turn" (Rule of Law): N already cast. "... more than one
    noncreature spell each turn" (Deafening Silence): the spell ``o`` is of that kind and N of that kind were
    cast this turn (as they became cast, 601.2i: ``Player.cast_kinds_turn``); a spell of another kind may be."""
    lims = [t for t in statics(g, "spell_limit") if applies_to(g, t[2].get("who"), t[1], player)]
    if not lims:
        return False
    for _src, _ctl, st in lims:
        f = st.get("spells")
        if not f:
            if spells_cast_this_turn(g, player) >= int(st.get("amount", 1)):
                return True
            continue
        if o is None:
            continue  # which spell is not known: only a spell of that kind is limited
        c = g.chars(o.id)
        if not cast_kind_matches((frozenset(c.types), frozenset(c.supertypes), frozenset(c.subtypes),
                                  frozenset(c.colors)), f):
            continue
        if sum(cast_kind_matches(k, f) for k in g.players[player].cast_kinds_turn) >= int(st.get("amount", 1)):
            return True
    return False


def damage_life_loss(g: "Game", player: str, n: int) -> int:
    """614.1a, 119.3a: the life ``player`` loses from ``n`` damage: "Damage that would reduce your life total to less
    than 1 reduces it to 1 instead" (Worship: while its condition holds) stops the loss at the highest such total
    (the damage is still dealt: lifelink and "dealt damage" see all of it)."""
    life = g.players[player].life
    for sid, _ctl, st in _mine(g, "life_floor", player):
        if st.get("condition") and not condition(g, st["condition"], sid if sid in g.objects else None, None):
            continue
        floor = int(st.get("floor", 1))
        if life - n < floor:
            n = max(0, min(n, life - floor))
    return n


def cant_cause(g: "Game", player: str, act: str, cause: str | None) -> bool:
    """101.2: "Spells and abilities your opponents control can't cause you to discard cards or sacrifice
    permanents" (Tamiyo, Collector of Tales), "... can't cause their controller to search their library" (Ashiok,
    Dream Render): may the spell or ability controlled by ``cause`` not make ``player`` do ``act`` (discard,
    sacrifice, search)?"""
    if cause is None or not active(g):
        return False
    if act == "search" and _mine(g, "search_forbid", player):
        return True  # "Players can't search libraries" (Mindlock Orb): whatever causes the search
    for _sid, ctl, st in statics(g, "cant_cause"):
        if act not in st["acts"] or not applies_to(g, st.get("who"), ctl, player):
            continue
        if cause not in g.opponents(ctl):
            continue  # "spells and abilities your opponents control"
        if st.get("own") and cause != player:
            continue  # "their controller": the player whose spell or ability it is
        return True
    return False


def spell_keywords(g: "Game", o: "Obj", player: str) -> frozenset[str]:
    """702.50a, 702.2b: the keywords statics give the spell ``o`` that ``player`` casts or controls ("Artifact
    spells you cast have convoke", "Instant and sorcery spells you control have deathtouch"), on the stack or
    as it is cast (a card in the hand is matched as the spell it would be)."""
    if not active(g) or o.id not in g.objects:
        return frozenset()
    out: set[str] = set()
    for _sid, _ctl, st in _mine(g, "spell_keywords", player):
        if _spell_matches(g, o, st.get("spells"), player):
            out.update(st.get("keywords", ()))
    return frozenset(out)


def ability_cost_changes(g: "Game", player: str, src: int, ab: Any,
                         targets: Any = None) -> list[tuple[int, int]]:
    """602.2b, 601.2f: (amount, floor) of each static that changes the cost of the ability ``ab`` of ``src``
    that ``player`` activates: "Equip abilities you activate cost {1} less to activate", "Activated abilities of
    creatures you control cost {2} less ... can't reduce the mana in that cost to less than one mana", "Loyalty
    abilities of planeswalkers your opponents control cost {1} more", "abilities your opponents activate cost
    {1} more to activate unless they're mana abilities"; "Equip abilities you activate that target SELF cost {3}
    less" only with SELF among ``targets`` (the targets chosen, 601.2c; None while only asking whether the ability
    could be activated: then it may be chosen)."""
    if not active(g) or ab is None:
        return []
    out = []
    for sid, ctl, st in statics(g, "ability_cost"):
        if not applies_to(g, st.get("who"), ctl, player):
            continue
        want = st.get("abilities") or {}
        if "keyword" in want and ab.keyword != want["keyword"]:
            continue
        if want.get("targets") == "self" and targets is not None \
                and sid not in [t for slot in targets for t in (slot if isinstance(slot, list) else [slot])]:
            continue
        if want.get("nonmana") and ab.kind == "mana":
            continue
        if want.get("loyalty") and (ab.cost is None or ab.cost.loyalty is None):
            continue
        if "sources" in want and not (src in g.objects and g.objects[src].zone == "battlefield"
                                      and matches(g, src, want["sources"], sid if sid in g.objects else None, ctl)):
            continue
        if st.get("condition") and not condition(g, st["condition"], sid if sid in g.objects else None, None):
            continue
        if isinstance(want.get("targets"), dict) and not any(
                isinstance(t, int) and t in g.objects and matches(g, t, want["targets"], sid if sid in g.objects
                                                                  else None, ctl) for t in _flat(targets)):
            continue  # "abilities your opponents activate that target a Merfolk you control" (Kopala): its targets
        out.append((int(st.get("amount", 0)), int(st.get("floor", 0))))
    return out


def _flat(xs: Any) -> list[Any]:
    """The objects and players a list of target slots (each a list) names, in order."""
    if isinstance(xs, (list, tuple)):
        return [y for x in xs for y in _flat(x)]
    return [] if xs is None else [xs]


def empty_draw_wins(g: "Game", player: str) -> bool:
    """614.1a: "If you would draw a card while your library has no cards in it, you win the game instead"
    (Laboratory Maniac): a static of ``player``'s own."""
    return bool(_mine(g, "empty_draw_wins", player))


def sorcery_only(g: "Game", player: str) -> bool:
    """"Each opponent can cast spells only any time they could cast a sorcery": 307.1's timing for every
    spell ``player`` casts, flash or not (engine/casting.py can_cast_timing)."""
    return bool(_mine(g, "sorcery_only", player))


def draw_capped(g: "Game", player: str) -> bool:
    """"Each opponent can't draw more than one card each turn": ``player`` has drawn that many this turn,
    so a further draw can't happen (121.2)."""
    lims = [t for t in statics(g, "draw_limit") if applies_to(g, t[2].get("who"), t[1], player)]
    return bool(lims) and g.players[player].drawn_turn >= min(int(t[2].get("amount", 1)) for t in lims)


def draw_times(g: "Game", player: str, in_draw_step: int | None) -> int:
    """614.1a, 614.5: "If you would draw a card, draw two cards instead" (Thought Reflection): how many draws one draw
    of ``player`` becomes, each such effect applying once (two of them: four). ``in_draw_step``: how many cards the
    player drew earlier in their own draw step (None outside it): "except the first one you draw in each of your
    draw steps" (Alhammarret's Archive) leaves those draws alone."""
    n = 1
    for sid, ctl, st in statics(g, "draw_times"):
        if ctl != player or not _holds(g, sid, st):  # "Max speed — If you would draw a card, draw two ..." (611.3b)
            continue
        if in_draw_step is not None and in_draw_step < int(st.get("except_draw_step", 0)):
            continue
        n *= int(st.get("amount", 2))
    return n


def spells_cast_this_turn(g: "Game", player: str) -> int:
    """Spells ``player`` cast this turn, counted from the event log back to the turn's start."""
    n = 0
    for e in reversed(g.events):
        t = e.get("type")
        if t == "turn":
            break
        if t == "cast" and e.get("player") == player:
            n += 1
    return n


def free_from_hand(g: "Game", player: str, o: "Obj") -> bool:
    """117.9: "You may cast spells from your hand without paying their mana costs" (Omniscience)."""
    return o.zone == "hand" and any(
        t[2].get("zone", "hand") == "hand" and _spell_matches(g, o, t[2].get("spells"), player)
        for t in _mine(g, "free_spells", player))


def spell_alternative_cost(g: "Game", player: str, o: "Obj") -> Any:
    """118.9: the alternative cost a static offers for ``player``'s spell ``o`` ("You may pay {W}{U}{B}{R}{G}
    rather than pay the mana cost for spells you cast": Jodah, Archmage Eternal), the first that applies (the
    statics offer the same kind of choice; a card's own alternative cost comes first), or None."""
    return next((t[2]["cost"] for t in _mine(g, "alt_cost_spells", player)
                 if _spell_matches(g, o, t[2].get("spells"), player)), None)


# ------------------------------------------------------------------ replacement (614)
def graveyard_replacements(g: "Game", o: "Obj", frm: str) -> list[tuple[int, str, str, bool, Any]]:
    """614.1a: the statics that would put a card somewhere else than a graveyard ("exile",
    "library_shuffle"), as (source id, source name, where): a card's own ("If SELF would be put
    into a graveyard from anywhere", Nexus of Fate, Legacy Weapon) from every zone, others
    (Leyline of the Void) from the battlefield. Tokens are not cards. engine/replacement.py
    lets the owner choose the order when several apply (616.1e). The fourth item says whether the
    source links the cards it exiles to its "exiled with" abilities (614.14); the last, (controller, token
    effect args) of a replacement that also creates a token ("instead exile that card and create ...").
    "from": only a card leaving that zone ("If another creature would die": the battlefield). With limited range of
    influence another's static reaches only objects within its controller's range (801.10,
    801.13a)."""
    if o.ability is not None:
        return []
    selfs = list(_card_statics(o.card))
    gained = [a.static for a in g.chars(o.id).abilities if a.kind == "static" and a.static
              and a.static.get("kind") == "graveyard_replacement" and not any(a.static is x for x in selfs)] \
        if frm == "battlefield" and g.effects and o.id in g.objects and o.zone == "battlefield" else []
    # (gained: one an effect gave it, 613.1f: It gains "If this creature would die, exile it instead." (Can't Stay
    # Away), as the permanent is now)
    if not gained and not active(g):
        return []
    selfs += gained
    out: list[tuple[int, str, str, bool, Any]] = [
        (o.id, o.card.name, st.get("to", "exile"), False, None) for st in selfs
        if st["kind"] == "graveyard_replacement" and st.get("affects") == "self"
        and st.get("from", frm) == frm and (not o.token or st.get("from") == "battlefield")]
    for src, ctl, st in statics(g, "graveyard_replacement"):
        if not seats.object_in_range(g, ctl, o.id):  # 801.13a: that portion of the event does nothing
            continue
        a = st.get("affects")
        if st.get("from") and st["from"] != frm:
            continue
        if o.token and "from" not in st and not st.get("tokens"):
            continue  # tokens are not cards ("a card would be put into a graveyard"; "a card or token": Rest in Peace)
        if isinstance(a, dict):
            f = dict(a)
            f["zone"] = "any_card"
            own = f.get("owner")
            if own == "opponent" and o.owner == ctl or own == "you" and o.owner != ctl:
                continue
            f.pop("owner", None)
            if matches(g, o.id, f, src, ctl):
                # "instead exile that card and create a 2/2 black Zombie creature token" (Kalitas): the token its
                # controller creates as part of the replacement (614.1a)
                out.append((src, g.objects[src].card.name, st.get("to", "exile"), bool(st.get("link")),
                            (ctl, st["token"]) if st.get("token") else None))
    return out


# ------------------------------------------------------------------ mana (605.1b)
def land_plays(g: "Game", player: str) -> int:
    """305.2, 305.2a: the lands a player may play in a turn: one, and one more for each "you may
    play an additional land on each of your turns" they control (only in their own turn: the
    land play is a special action of the active player's main phase anyway)."""
    extra = g.players[player].extra_lands_turn  # "you may play an additional land this turn" (one turn only)
    return 1 + extra + sum(int(st.get("amount", 1)) for _, ctl, st in statics(g, "extra_land")
                           if applies_to(g, st.get("who"), ctl, player))  # "each player may play ..." (who each)


def tapped_for_mana(g: "Game", player: str, oid: int, produced: list[str] | tuple[str, ...] = (),
                    pick: Callable[[int], list[str]] | None = None,
                    asked: list[tuple[int, int]] | None = None) -> list[tuple[int, str, Any]]:
    """605.1b / 605.4a: triggered mana abilities ("Whenever you tap a creature for mana, add an
    additional {G}", "Whenever a player taps a land for mana, that player adds one mana of any type
    that land produced", "Whenever enchanted land is tapped for mana, its controller adds an additional
    {G}") resolve at once, right after the mana ability that triggered them; the mana goes to the player
    who tapped the permanent. ``produced``: the pool keys of the mana that ability added (106.4). Of
    several types, the mana added is of the first one it made (the kind a payment by hand named, or the
    one the automatic payment chose).

    Returns the triggers of that event that are not mana abilities (605.1b: they add no mana, or they
    target: "Whenever a player taps a land for mana, SELF deals 1 damage to that player"), as (source,
    controller, ability): they go on the stack as other triggered abilities do (engine/triggers.py).

    "Adds an additional one mana of any color" (Fertile Ground), "... two mana in any combination of colors": the
    colors are its controller's choice as it resolves (106.1a): ``pick(n)`` gives them (the automatic payment's
    choice, engine/payment.py); without it each such (source, amount) is appended to ``asked`` for the player to
    choose (engine/casting.py finish_mana)."""
    hits = []
    stacked: list[tuple[int, str, Any]] = []
    for src, ctl, st in statics(g, "tapped_for_mana"):
        ab = st["ability"]
        trig = ab.trigger
        if (ctl == player or trig.get("who") == "any") and matches(g, oid, trig.get("filter") or {}, src, ctl) \
                and (not trig.get("attached") or g.objects[src].attached_to == oid) \
                and (not trig.get("self") or src == oid) \
                and ("while" not in trig or condition(g, trig["while"], src, {"controller": ctl})):
            # "Whenever you tap a land for mana while you're the monarch" (Regal Behemoth): as the event happens
            if is_mana_trigger(ab):
                hits.append((src, ab))
            else:
                stacked.append((src, ctl, ab))
    pool = g.players[player].pool
    for src, ab in hits:
        for e in ab.effects:
            syms = list(e.args.get("mana") or ())
            if e.op == "add_mana" and e.args.get("produced") and produced:
                syms = [produced[0][0]] * int(e.args["produced"])  # a restricted key's kind is its first letter
            elif e.op == "add_mana" and e.args.get("chosen_color"):  # "of the chosen color" (Utopia Sprawl)
                color = g.objects[src].chosen.get("color")
                syms = [color] * int(e.args.get("any", 1)) if color else []
            elif e.op == "add_mana" and "any" in e.args:  # "one mana of any color": chosen as it resolves (106.1a)
                n = int(e.args["any"])
                if pick is None:
                    if asked is not None:
                        asked.append((src, n))
                    continue
                syms = [c for c in pick(n) if c in "WUBRG"][:n]
            if e.op == "add_mana" and syms:
                snow = snow_source(g, src)  # 107.4h: the mana a snow permanent's ability produced
                for s in syms:
                    k = "C" if s.isdigit() else s
                    k = k + "*" if snow else k
                    pool[k] = pool.get(k, 0) + (int(s) if s.isdigit() else 1)
                g.log("mana", player=player, mana="".join(syms), source=g.objects[oid].card.name)
    return stacked


def is_mana_trigger(ab: Any) -> bool:
    """605.1b: a triggered ability that triggers on a mana ability is a mana ability itself only when it could
    add mana and does not target; any other ("SELF deals 1 damage to that player") uses the stack."""
    return not ab.targets and any(e.op == "add_mana" for e in ab.effects)


def mana_trigger_supported(ab: Any) -> bool:
    """A tapped_for_mana trigger this engine resolves as a mana ability (fixed mana, or mana of a type the
    tapped permanent produced)."""
    return all(e.op == "add_mana" and ("mana" in e.args or set(e.args) in ({"produced"}, {"any", "chosen_color"},
                                                                            {"any"}))
               and not e.args.get("only_for")
               for e in ab.effects) \
        and not ab.targets and ab.condition is None and not ab.optional  # 106.6: unrestricted mana only


_WHO = (None, "you", "each_player", "any", "each", "opponent", "each_opponent")
#: the kinds read through ``_mine``, which knows each static's source: they may speak of "the chosen player"
_BY_SOURCE = frozenset({"no_max_hand_size", "hand_size"})


def kept_mana(g: "Game", player: str, pool: dict[str, int]) -> dict[str, int]:
    """106.4, 500.4: of the mana that would empty from ``player``'s pool as a step or phase ends, what stays: that of
    a kind a "You don't lose unspent red mana as steps and phases end" of theirs names (any kind: "Players don't
    lose unspent mana"), and, with "If you would lose unspent mana, that mana becomes colorless instead" (a
    replacement, 614.1a), the rest as mana of that kind (a restriction or a snow source kept: only its kind changes;
    of two such statics, the first). A pool key's kind is its first letter (engine/mana.py)."""
    if not pool:
        return {}
    keep = [st.get("color") for _, _, st in _mine(g, "keep_mana", player)]
    becomes = [st["color"] for _, _, st in _mine(g, "lost_mana_becomes", player)]
    if not keep and not becomes:
        return {}  # no such static of theirs: all of it empties
    out: dict[str, int] = {}
    for k, v in pool.items():
        if any(c is None or k[0] == c for c in keep):
            out[k] = out.get(k, 0) + v
        elif becomes:
            nk = becomes[0] + k[1:]
            out[nk] = out.get(nk, 0) + v
    return out


def damage_kept(g: "Game") -> set[int]:
    """514.2: the permanents whose marked damage the cleanup step does not remove ("Damage isn't removed from SELF
    during cleanup steps", Ancient Adamantoise; "... from creatures your opponents control ...", Patient Zero)."""
    out: set[int] = set()
    for src, ctl, st in statics(g, "damage_stays"):
        aff = st["affects"]
        if aff == "self":
            out.add(src)
        else:
            out.update(oid for oid in g.battlefield if matches(g, oid, aff, src, ctl))
    return out


def enters_exiled(g: "Game", oid: int, frm: str) -> bool:
    """614.1a: "If a nontoken creature would enter and it wasn't cast, exile it instead" (Containment Priest),
    "Until end of turn, if a creature would enter and it wasn't cast, exile it instead" (Hallowed Moonlight): the
    object about to enter the battlefield from ``frm`` (a spell resolving comes from the stack: cast), as it is."""
    if frm == "stack" or not active(g):
        return False
    return any(matches(g, oid, st.get("filter") or {}, src, ctl) for src, ctl, st in statics(g, "enter_exile"))


def static_problems(st: dict[str, Any]) -> list[str]:
    """What of a static of these kinds this engine does not carry out ([] when all of it)."""
    kind = st.get("kind")
    if kind in ("no_max_hand_size", "hand_size", "untap_limit", "spell_limit", "flash_spells", "player_keywords",
                "keep_mana",
                "cant_gain_life",
                "uncounterable_spells",
                "cant_lose_life", "skip_step", "cant_lose_game", "cant_win_game", "life_floor", "damage_as_infect") \
            and st.get("who") not in _WHO and not (kind in _BY_SOURCE and st.get("who") == "chosen_player"):
        return [f"{kind} for {st.get('who')}"]
    if kind == "spell_limit" and set(st.get("spells") or {}) - CAST_KIND_KEYS:
        return [f"spell_limit spells keys {sorted(set(st['spells']) - CAST_KIND_KEYS)}"]
    if kind == "hand_size" and ("set" in st) == ("change" in st):
        return ["a maximum hand size neither set nor changed"]
    if kind == "damage_unpreventable" and isinstance(st.get("sources"), dict) and unknown_keys(st["sources"]):
        return [f"damage_unpreventable sources keys {sorted(unknown_keys(st['sources']))}"]
    if kind == "player_keywords" and set(st.get("keywords", ())) - {"Hexproof", "Shroud"}:
        return ["player keywords other than hexproof and shroud"]
    if kind == "free_spells" and st.get("zone", "hand") != "hand":
        return ["free spells from another zone"]
    if kind == "play_from" and st.get("zone") not in ("graveyard", "library_top", "exiled_with_self"):
        return [f"play from {st.get('zone')}"]
    affects = st.get("affects")
    if kind == "graveyard_replacement" and (st.get("to") not in ("exile", "library_shuffle", "library_top")
                                            or not (affects == "self" or isinstance(affects, dict))):
        return ["graveyard replacement"]
    if kind == "opening_hand_battlefield":
        return []
    fr = st.get("from")
    if kind == "prevent_damage" and (st.get("then_remove_counter") and st.get("affects") != "self"
                                     or st.get("players") not in (None, "you", "each")
                                     or st.get("by") not in (None, "opponent")
                                     or not (affects in (None, "self", "attached") or isinstance(affects, dict))
                                     or not (fr in (None, "self", "attached") or isinstance(fr, dict))
                                     or affects is None and st.get("players") is None and fr is None):
        return ["prevent damage"]
    if kind == "redirect_damage" and (st.get("into") not in ("self", "attached", "you", "controller_of_attached")
                                      or st.get("players") not in (None, "you")
                                      or not (affects in (None, "self", "attached") or isinstance(affects, dict)
                                              and not unknown_keys(affects))
                                      or not (fr is None or isinstance(fr, dict) and not unknown_keys(fr))):
        return ["damage redirection"]
    if kind == "damage_counters" and (not isinstance(st.get("counter"), str)
                                      or not (affects == "self" or isinstance(affects, dict)
                                              and not unknown_keys(affects))
                                      or not (fr is None or isinstance(fr, dict) and not unknown_keys(fr))):
        return ["damage to counters"]
    if kind == "damage_mod" and (st.get("mod") not in ("times", "plus") or not isinstance(st.get("amount"), int)
                                 or st.get("players") not in (None, "each", "you", "opponent", "attached")
                                 or not (affects in (None, "self", "attached") or isinstance(affects, dict))
                                 or not (fr in (None, "self", "attached") or isinstance(fr, dict))
                                 or isinstance(fr, dict) and unknown_keys(fr)
                                 or isinstance(affects, dict) and unknown_keys(affects)):
        return ["damage modification"]
    return []


def attack_requirements(g: "Game", player: str) -> list[Any]:
    """508.1d: the requirements "creatures that player controls attack SELF / you if able" (Gideon Jura, Taunt) and
    "each creature that player controls attacks if able" (Rowan Kenrith) on ``player``'s creatures now: the player
    or planeswalker each names (None: any), in force during that player's next turn only (500.1)."""
    out: list[Any] = []
    for _src, _ctl, st in _mine(g, "must_attack", player):
        if g.active != player or g.turn <= st.get("after", g.turn):
            continue
        out.append(st.get("attack"))
    return out
