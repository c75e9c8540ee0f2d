"""Combat and untap restrictions with a duration (CR 508.1c, 509.1b-c, 502.2), and rules for the
players for a while ("Players can't gain life this turn", 118.7; "Damage can't be prevented this
turn", 615.11).
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.abilities import Effect
from engine.cards.compiler.effects.context import DURATIONS, STATIC_READERS, TAPPED_DURATIONS, Ctx, Reader, reader
from engine.cards.compiler.targets import number, parse_noun

_RULES = {"can't block": "cant_block", "can't attack": "cant_attack", "can't attack or block": "cant_attack_or_block",
          "can't be blocked": "cant_be_blocked", "attacks this turn if able": "must_attack",
          "can't be regenerated": "cant_be_regenerated", "must be blocked this turn if able": "must_be_blocked",
          "blocks this turn if able": "must_block", "can't attack or block this turn": "cant_attack_or_block",
          "can't be countered": "cant_be_countered",
          # 702.11b, 702.18a: what hexproof and shroud mean, written out (no keyword is granted)
          "can't be the target of spells or abilities your opponents control": "untargetable_by_opponents",
          "can't be the target of spells or abilities": "untargetable",
          "assigns no combat damage": "no_combat_damage",  # 510.1a: it assigns none this turn
          "can block an additional creature": "extra_block",  # 509.1a: one more attacker this turn (Coastline Chimera)
          "can block any number of creatures": "block_any_number"}  # 509.1a: "... this turn" (Valor Made Real)


@reader(
    r"^(.+?) (can't block|can't attack or block|can't attack|can't be blocked|can't be regenerated|"
    r"can't be the target of spells or abilities(?: your opponents control)?|assigns no combat damage|"
    r"can block an additional creature|can block any number of creatures)"
    r"(?: this turn| until your next turn| this combat)?$"
)
def _restrict(m: re.Match, c: Ctx) -> list[Effect] | None:
    """A restriction for a duration: "this turn", "until your next turn", "this combat" (Ma Chao: "Whenever SELF
    attacks alone, it can't be blocked this combat": until the combat phase ends, 506.1, 611.2a)."""
    what = c.ref(m.group(1))
    if what is None or m.group(2) in ("assigns no combat damage", "can block an additional creature",
                                      "can block any number of creatures") \
            and not m.group(0).endswith(" this turn"):
        return None
    text = m.group(0)
    dur = (
        "your_next_turn"
        if text.endswith("until your next turn")
        else "eot"
        if text.endswith("this turn")
        else "this_combat"
        if text.endswith("this combat")
        else "permanent"
    )
    return [Effect("restrict", {"what": what, "rule": _RULES[m.group(2)], "duration": dur})]


@reader(r"^(.+?) attacks? (you|that player) (this turn|this combat) if able$")
def _must_attack_you(m: re.Match, c: Ctx) -> list[Effect] | None:
    """508.1d: "Target creature an opponent controls attacks you this turn if able" (Alluring Siren): a
    requirement to attack, and to attack the ability's controller rather than another player; "Choose an opponent
    at random. SELF attacks that player this combat if able" (Raving Dead): that player, this combat only."""
    what = c.ref(m.group(1))
    who = "you" if m.group(2) == "you" else c.player("that player")
    if what is None or who is None or who == "you" and m.group(2) != "you":
        return None
    return [Effect("restrict", {"what": what, "rule": "must_attack",
                                "duration": "eot" if m.group(3) == "this turn" else "this_combat",
                                "attack_player": who})]
@reader(r"^during (target opponent's|target player's) next turn, (?:creatures that player controls attack (self|you) "
        r"if able|each creature that player controls attacks if able)$")
def _must_attack_next_turn(m: re.Match, c: Ctx) -> list[Effect] | None:
    """508.1d, 500.1: "During target opponent's next turn, creatures that player controls attack SELF if able" (Gideon
    Jura), "... attack you if able" (Taunt), "During target player's next turn, each creature that player controls
    attacks if able" (Rowan Kenrith): a requirement on every creature that player controls during that turn (those
    that come later too: it changes no characteristic, 611.2c), to attack that one while it can be attacked."""
    who = c.player(m.group(1)[:-2])
    if who is None:
        return None
    st: dict[str, Any] = {"kind": "must_attack", "who": who}
    if m.group(2):
        st["attack"] = m.group(2)
    return [Effect("player_effect", {"static": st, "duration": "their_next_turn"})]


@reader(r"^(?:its|(.+?)'s?) activated abilities can't be activated( unless they're mana abilities)?"
        r" (this turn|until your next turn)$")
def _no_activations_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """602.5, 611.2a: "Its activated abilities can't be activated this turn" (Deadlock Trap, after "tap target
    creature"), "That permanent's activated abilities can't be activated this turn" (Interdict), "until your next
    turn, up to one target creature gets -3/-0 and its activated abilities can't be activated" (Dovin Baan: the
    leading duration is this clause's too): a rule of that object for that long, mana abilities too unless the
    sentence excepts them (605.1a)."""
    what = c.ref(m.group(1) or "it")
    if what is None:
        return None
    rule = "no_activated_abilities_unless_mana" if m.group(2) else "no_activated_abilities"
    return [Effect("restrict", {"what": what, "rule": rule, "duration": DURATIONS[m.group(3)]})]


@reader(r"^(.+?) gains? flashback for its mana cost until end of turn$")
def _gains_flashback(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Snapcaster Mage: "target instant or sorcery card in your graveyard gains flashback until end of turn.
    The flashback cost is equal to its mana cost" (one instruction: engine/cards/compiler/effects/sequence.py
    parse_effects reads the two sentences together); Past in Flames: "Each instant and sorcery card in your
    graveyard gains flashback ...": the cards named as the effect begins (611.2c) may be cast from the
    graveyard for their mana cost this turn and are exiled as they leave the stack (702.33a; the granted rule
    engine/cast_options.py object_alternatives reads)."""
    what = c.ref(m.group(1))
    if what is None:
        return None
    return [Effect("restrict", {"what": what, "rule": "flashback_mana_cost", "duration": "eot"})]


#: "can't cast noncreature spells": the spells a "can't cast" names, by card type (a filter of engine.player_statics)
SPELL_KINDS: dict[str, dict[str, list[str]]] = {
    "": {}, "creature ": {"types": ["Creature"]}, "noncreature ": {"not_types": ["Creature"]},
    "instant ": {"types": ["Instant"]}, "sorcery ": {"types": ["Sorcery"]},
    "instant or sorcery ": {"types": ["Instant", "Sorcery"]}, "artifact ": {"types": ["Artifact"]},
    "enchantment ": {"types": ["Enchantment"]},
    "creature or planeswalker ": {"types": ["Creature", "Planeswalker"]}}  # Single Combat
SPELL_KIND_WORDS = "|".join(re.escape(k) for k in sorted(SPELL_KINDS, key=len, reverse=True) if k)


_LIFE_WHO = {"players": "each", "each player": "each", "your opponents": "opponent", "each opponent": "opponent",
             "you": "you"}


@reader(r"^until end of turn, if an? (nontoken )?creature would enter and it wasn't cast, exile it instead$")
def _enter_exile_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """614.1a, 611.2a: "Until end of turn, if a creature would enter and it wasn't cast, exile it instead" (Hallowed
    Moonlight): a creature entering other than as a resolving spell (a token too) goes to exile, this turn
    (engine/player_statics.py enters_exiled)."""
    f: dict[str, Any] = {"types": ["Creature"], "zone": "any_card"}
    if m.group(1):
        f["token"] = False
    return [Effect("player_effect", {"static": {"kind": "enter_exile", "filter": f}, "duration": "eot"})]


@reader(r"^you can't lose the game (this turn|until your next turn) and your opponents can't win the game "
        r"(this turn|until your next turn)$")
def _cant_lose_game_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """104.2, 104.3, 611.2: "You can't lose the game this turn and your opponents can't win the game this turn"
    (Angel's Grace): two rules for the players for that long."""
    if m.group(1) != m.group(2):
        return None
    dur = DURATIONS[m.group(1)]
    return [Effect("player_effect", {"static": {"kind": "cant_lose_game", "who": "you"}, "duration": dur}),
            Effect("player_effect", {"static": {"kind": "cant_win_game", "who": "opponent"}, "duration": dur})]


@reader(r"^(players|each player|your opponents|each opponent|you|that player|its controller|defending player) "
        r"can't (gain|lose) life (this turn|until your next turn|for the rest of the game)$")
def _cant_change_life_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """118.7, 118.8, 611.2: "Players can't gain life this turn" (Skullcrack), "Your opponents can't
    gain life this turn" (Atarka's Command): a rule for the players for that long; "Whenever SELF deals damage to a
    player, that player can't gain life for the rest of the game" (Stigma Lasher): the player named before (608.2c),
    bound as the effect begins (611.2a), for good."""
    st = {"kind": f"cant_{m.group(2)}_life"}
    if m.group(1) in _LIFE_WHO:
        return [Effect("player_effect", {"static": {**st, "who": _LIFE_WHO[m.group(1)]},
                                         "duration": DURATIONS[m.group(3)]})]
    named = c.player(m.group(1))
    if named is None:
        return None
    return [Effect("player_effect", {"static": st, "player": named, "duration": DURATIONS[m.group(3)]})]


@reader(r"^(players|each player|your opponents|each opponent|you|target player|target opponent) can't play lands "
        r"(this turn|until your next turn)$")
def _cant_play_lands_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """101.2, 305.1, 611.2: "Target player can't play lands this turn" (Solfatara, Turf Wound): a rule for those
    players for that long (engine/player_statics.py land_forbidden)."""
    who: Any = _LIFE_WHO.get(m.group(1))
    if who is None:
        who = c.ref(m.group(1))
        if who is None:
            return None
    return [Effect("player_effect", {"static": {"kind": "land_forbid", "who": who},
                                     "duration": DURATIONS[m.group(2)]})]


@reader(r"^(players|your opponents|each opponent) can't search libraries (this turn|until your next turn)$")
def _cant_search_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """101.2, 701.15, 611.2: "Players can't search libraries this turn" (Shadow of Doubt): a rule for those players
    for that long (engine/player_statics.py cant_cause)."""
    who = _LIFE_WHO.get(m.group(1))
    if who is None:
        return None
    return [Effect("player_effect", {"static": {"kind": "search_forbid", "who": who},
                                     "duration": DURATIONS[m.group(2)]})]


@reader(r"^(.+?) can't cast spells with the same name as (.+?) (this turn|until your next turn)$")
def _name_lock_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """201.3, 611.2: "That creature's owner can't cast spells with the same name as that creature
    until your next turn" (Reflector Mage): the player and the name are those of the objects named,
    bound as the effect begins (608.2h: an object that left, as it last existed)."""
    who = m.group(1).strip().lower()
    players = {"players": "each", "each player": "each", "your opponents": "opponent", "each opponent": "opponent",
               "you": "you"}
    ref = players.get(who) or c.ref(who)
    what = c.ref(m.group(2)) if ref is not None else None
    if ref is None or what is None or what == "self":
        return None
    player: dict[str, Any] = {"who": ref} if isinstance(ref, str) and ref in players.values() else {"player": ref}
    return [Effect("player_effect", {"static": {"kind": "name_lock", "lock": "cast"}, **player,
                                     "name_of": what, "duration": DURATIONS[m.group(3)]})]


@reader(r"^(players|each player|your opponents|each opponent|you|target player|target opponent|its controller|"
        r"that spell's controller|that player|defending player) can't cast ("
        + SPELL_KIND_WORDS + r"|)spells (this turn|until your next turn|until the end of your next turn)$")
def _cant_cast_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """101.2, 611.2: "Your opponents can't cast spells this turn" (Mandate of Peace), "Target player can't
    cast creature spells this turn" (Cease-Fire): a rule for those players for that long. A player named before
    (608.2c): "Counter target spell. Its controller can't cast spells this turn" (Render Silent), "Whenever SELF
    attacks, defending player can't cast spells this turn" (Xantid Swarm, 506.2): that player, bound as the effect
    begins (611.2a)."""
    who: Any = _LIFE_WHO.get(m.group(1))
    if who is None and not m.group(1).startswith("target "):
        named = c.player(m.group(1))
        if named is None or m.group(3) == "until the end of your next turn":
            return None
        return [Effect("player_effect", {"static": {"kind": "cast_forbid", "spells": SPELL_KINDS[m.group(2)]},
                                         "player": named, "duration": DURATIONS[m.group(3)]})]
    if who is None:
        who = c.ref(m.group(1))
        if who is None:
            return None
    if m.group(3) == "until the end of your next turn":  # (Single Combat) through its controller's next turn's
        st = {"kind": "cast_forbid", "who": who, "spells": SPELL_KINDS[m.group(2)]}  # cleanup step (514.2)
        return [Effect("player_effect", {"static": st, "duration": "your_next_turn_end"})]
    return [Effect("player_effect", {"static": {"kind": "cast_forbid", "who": who, "spells": SPELL_KINDS[m.group(2)]},
                                     "duration": DURATIONS[m.group(3)]})]


@reader(r"^(each opponent|each player|target player|target opponent) can't cast (" + SPELL_KIND_WORDS
        + r"|)spells during (?:that player's|their|his or her) next turn$")
def _cant_cast_next_turn(m: re.Match, c: Ctx) -> list[Effect] | None:
    """101.2, 611.2: "Each opponent can't cast instant or sorcery spells during that player's next turn"
    (Sphinx's Decree, Azor, the Lawbringer): for each player named, a rule that applies during that player's
    next turn only (500.1: not the turn it resolves in) and ends as that turn ends (514.2)."""
    who: Any = _LIFE_WHO.get(m.group(1))
    if who is None:
        who = c.ref(m.group(1))
        if who is None:
            return None
    return [Effect("player_effect", {"static": {"kind": "cast_forbid", "who": who, "spells": SPELL_KINDS[m.group(2)],
                                                "when": "their_next_turn"},
                                     "duration": "their_next_turn"})]


#: the player statics a resolved effect may grant for a while (engine/player_statics.py reads "player" effects)
_FOR_NOW = frozenset({"free_spells", "flash_spells", "player_keywords", "no_max_hand_size", "hand_size",
                      "life_floor"})  # "until end of turn, damage that would reduce your life total ..."


@reader(r"^(until end of turn|until your next turn), (you .+|damage that would reduce your life total .+)$|"
        r"^((?:you|your) .+?) (this turn|until your next turn|"
        r"for the rest of the game|for as long as you control self)$")
def _player_static_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """611.2a: "Until end of turn, you may cast spells from your hand without paying their mana costs" (Jaya
    Ballard's -8 style), "you have hexproof until your next turn", "you have no maximum hand size for the rest
    of the game" (Praetor's Counsel), "your maximum hand size is reduced by one for the rest of the game": a rule
    for the player for that long (611.2b: "for as long as you control SELF")."""
    sts = STATIC_READERS[0](m.group(2) or m.group(3)) if STATIC_READERS else None
    if not sts or any(st.get("kind") not in _FOR_NOW or st.get("condition") for st in sts):
        return None
    dur = DURATIONS[m.group(1) or m.group(4)]
    return [Effect("player_effect", {"static": st, "duration": dur}) for st in sts]


@reader(r"^((?:(?:[a-z]+ )*?|other )spells) you (?:cast this turn|control) can't be countered(?: this turn)?$")
def _uncounterable_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """101.1, 611.2a: "Creature spells you cast this turn can't be countered" (Domri, Anarch of Bolas), "Spells you
    control can't be countered this turn" (Veil of Summer): "SPELLS you control can't be countered" for the player
    until the turn ends."""
    if "cast this turn" not in m.group(0) and not m.group(0).endswith(" this turn"):
        return None  # for good: a static, not this effect
    sts = STATIC_READERS[0](f"{m.group(1)} you control can't be countered") if STATIC_READERS else None
    if not sts or any(st.get("kind") != "uncounterable_spells" or st.get("condition") for st in sts):
        return None
    return [Effect("player_effect", {"static": st, "duration": "eot"}) for st in sts]


@reader(r"^until end of turn, (your opponents and .+? with hexproof can be the targets of .+)$")
def _ignore_hexproof_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """702.11b-c, 611.2a: "Until end of turn, your opponents and creatures your opponents control with hexproof can
    be the targets of spells and abilities you control as though they didn't have hexproof" (Detection Tower)."""
    sts = STATIC_READERS[0](m.group(1)) if STATIC_READERS else None
    if not sts or any(st.get("kind") != "ignore_hexproof" for st in sts):
        return None
    return [Effect("player_effect", {"static": st, "duration": "eot"}) for st in sts]


@reader(r"^(.+?) can't have counters put on (?:it|them) (?:this turn|until end of turn)$")
def _no_counters_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """121.6, 611.2a: "It can't have counters put on it for as long as SELF remains on the battlefield" (Suncleanser;
    the duration given by sequence._while_source): no counter is put on that permanent for that long."""
    what = c.ref(m.group(1))
    return None if what is None else [Effect("restrict", {"what": what, "rule": "no_counters", "duration": "eot"})]


@reader(r"^(that player|target player|target opponent|you) can't get counters for as long as self remains on the "
        r"battlefield$")
def _cant_get_counters_while(m: re.Match, c: Ctx) -> list[Effect] | None:
    """121.1, 611.2b: "That player can't get counters for as long as SELF remains on the battlefield" (Suncleanser):
    the rule of "Players can't get counters" for that player, while the source stays."""
    who = c.player(m.group(1))
    if who is None:
        return None
    return [Effect("player_effect", {"static": {"kind": "cant_get_counters", "who": who},
                                     "duration": "while_source_on_battlefield"})]


@reader(r"^if (.+?) would deal (.+?) this turn, ((?:it|that source) deals .+ instead)$")
def _damage_mod_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """614.1a, 611.2a: "If a red source you control would deal damage to a permanent or player this turn, it deals
    that much damage plus 2 to that permanent or player instead" (The Flame of Keld, chapter III): the replacement
    of "if ... would deal damage ..., it deals ... instead" for the rest of the turn (engine/replacement.py
    damage_mods reads it as a resolved effect's)."""
    sts = STATIC_READERS[0](f"if {m.group(1)} would deal {m.group(2)}, {m.group(3)}") if STATIC_READERS else None
    if not sts or any(st.get("kind") != "damage_mod" or st.get("condition") for st in sts):
        return None
    return [Effect("player_effect", {"static": st, "duration": "eot"}) for st in sts]


@reader(r"^until end of turn, (damage that would reduce your life total to less than \w+ reduces it to \w+ instead)$")
def _life_floor_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """614.1a, 611.2a: "Until end of turn, damage that would reduce your life total to less than 1 reduces it to 1
    instead" (Angel of Grace)."""
    sts = STATIC_READERS[0](m.group(1)) if STATIC_READERS else None
    if not sts or any(st.get("kind") != "life_floor" or st.get("condition") for st in sts):
        return None
    return [Effect("player_effect", {"static": st, "duration": "eot"}) for st in sts]


@reader(r"^(until end of turn|until your next turn), ((?:[a-z]+ )*?creatures(?: [a-z ]+)? can't attack you\b.*)$")
def _attack_rule_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """508.1c, 508.1g, 611.2a: "Until your next turn, creatures can't attack you or planeswalkers you control unless
    their controller pays {2} for each of those creatures" (Forbidding Spirit): the rule of attacking that the
    static of the same words makes (Ghostly Prison, engine/combat.py), for that long."""
    sts = STATIC_READERS[0](m.group(2)) if STATIC_READERS else None
    if not sts or any(st.get("kind") not in ("attack_tax", "attack_forbid") or st.get("condition") for st in sts):
        return None
    return [Effect("player_effect", {"static": st, "duration": DURATIONS[m.group(1)]}) for st in sts]


@reader(r"^(this turn|until your next turn), (each .+? enters? with an additional .+)$")
def _enters_with_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """614.1c, 611.2a: "This turn, each creature you control enters with an additional +1/+1 counter on it" (Combine
    Guildmage), "Until your next turn, ..." (Arlinn, the Pack's Hope): the replacement of the static of the same
    words (engine/replacement.py), for that long."""
    sts = STATIC_READERS[0](m.group(2)) if STATIC_READERS else None
    if not sts or any(st.get("kind") != "enters_with_counters" or not isinstance(st.get("affects"), dict)
                      or st.get("condition") for st in sts):
        return None
    return [Effect("player_effect", {"static": st, "duration": DURATIONS[m.group(1)]}) for st in sts]


@reader(r"^until end of turn, (if one or more tokens would be created under your control, .+ instead)$")
def _token_multiply_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """614.1a, 611.2a: "Until end of turn, if one or more tokens would be created under your control, twice that many
    of those tokens are created instead" (Kaya, Geist Hunter): the replacement of the static of the same words
    (Doubling Season; engine/replacement.py token_count) for the rest of the turn."""
    sts = STATIC_READERS[0](m.group(1)) if STATIC_READERS else None
    if not sts or any(st.get("kind") != "token_multiply" or st.get("whose") != "you" or st.get("condition")
                      for st in sts):
        return None
    return [Effect("player_effect", {"static": st, "duration": "eot"}) for st in sts]


@reader(r"^you can cast only (one|two|three) more spells? this turn$")
def _spells_left_this_turn(m: re.Match, c: Ctx) -> list[Effect] | None:
    """101.2, 611.2a: "You can cast only one more spell this turn" (Irencrag Feat): a limit on the spells the player
    casts this turn, counted from those cast as it resolves (engine/ops/continuous.py player_effect)."""
    return [Effect("player_effect", {"static": {"kind": "spell_limit", "who": "you", "more": number(m.group(1))},
                                     "duration": "eot"})]


@reader(r"^cast ((?:[a-z]+ )*?spells) this turn as though they had flash$")
def _flash_this_turn(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"You may cast spells this turn as though they had flash" (Emergence Zone, Alchemist's Refuge; 702.8a,
    611.2a): the rule "you may cast SPELLS as though they had flash" for the player until the turn ends (read
    after "you may ", a permission: engine/cards/compiler/effects/sequence.py parse_sentence)."""
    sts = STATIC_READERS[0](f"you may cast {m.group(1)} as though they had flash") if STATIC_READERS else None
    if not sts or any(st.get("kind") != "flash_spells" or st.get("condition") for st in sts):
        return None
    return [Effect("player_effect", {"static": st, "duration": "eot"}) for st in sts]


@reader(r"^damage can't be prevented (this turn|until your next turn)$")
def _unpreventable_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """615.11, 611.2: "Damage can't be prevented this turn" (Skullcrack): no damage, from any source."""
    return [Effect("player_effect", {"static": {"kind": "damage_unpreventable", "who": "each"},
                                     "duration": DURATIONS[m.group(1)]})]


@reader(r"^each token that would be created under an opponent's control (this turn|until your next turn) is created "
        r"under your control instead$")
def _tokens_to_you_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """614.1a, 611.2: "When SELF enters, each token that would be created under an opponent's control this turn is
    created under your control instead" (Crafty Cutpurse): a replacement of how those tokens are created
    (engine/player_statics.py token_controller)."""
    return [Effect("player_effect", {"static": {"kind": "tokens_to_you", "who": "opponent"},
                                     "duration": DURATIONS[m.group(1)]})]


@reader(r"^(.+?) can't be blocked by (.+?) this turn$")
def _restrict_by(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    f = parse_noun(m.group(2))
    if what is None or f is None:
        return None
    return [Effect("restrict", {"what": what, "rule": "cant_be_blocked", "by": f, "duration": "eot"})]


@reader(r"^(.+?) can't block (self|target .+?) this turn$")
def _cant_block_this(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target creature can't block SELF this turn": a restriction against that attacker only (509.1b)."""
    what = c.ref(m.group(1))
    attacker = c.ref(m.group(2)) if what is not None else None
    if what is None or attacker is None or attacker == what:
        return None
    return [Effect("restrict", {"what": what, "rule": "cant_block", "attacker": attacker, "duration": "eot"})]


@reader(r"^(.+?) blocks (self|it|target .+?) this (?:turn|combat) if able$")
def _must_block_self(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target creature blocks SELF this turn if able", "Another target creature blocks it this turn if
    able", "Target creature blocks target creature this turn if able" (509.1c: a requirement that names
    the attacker, as provoke's, 702.38a; engine/combat.py). "It" is what the sentence before named, or
    SELF in its own ability."""
    before = c.last
    what = c.ref(m.group(1))
    if what is None:
        return None
    if m.group(2) == "it":
        attacker: Any = "self" if before in (None, "self") else before
    else:
        attacker = c.ref(m.group(2))
    if attacker is None or attacker == what:
        return None
    return [Effect("restrict", {"what": what, "rule": "must_block", "attacker": attacker, "duration": "eot"})]


@reader(r"^(target unblocked attacking creature|target attacking creature) becomes blocked$")
def _becomes_blocked(m: re.Match, c: Ctx) -> list[Effect] | None:
    """509.1h: "Target unblocked attacking creature becomes blocked" (Curtain of Light, Dazzling Beauty)."""
    what = c.ref(m.group(1))
    return None if what is None else [Effect("action", {"name": "become_blocked", "what": what})]


@reader(r"^(.+?) (attacks|attack|blocks|block) this (turn|combat) if able$")
def _must(m: re.Match, c: Ctx) -> list[Effect] | None:
    """508.1d, 509.1c: "Target creature attacks this turn if able", "Creatures target player controls attack this
    turn if able" (Instigator), "That token ... attacks this combat if able" (Legion Warboss: a requirement that
    ends with this combat phase, 506.1)."""
    what = c.ref(m.group(1))
    verb = m.group(2).rstrip("s")
    return (
        None
        if what is None
        else [Effect("restrict", {"what": what, "rule": "must_" + verb,
                                  "duration": "this_combat" if m.group(3) == "combat" else "eot"})]
    )


@reader(
    r"^(.+?) (?:doesn't|don't) untap during (?:its controller's|their controller's|that player's|its controllers'|"
    r"their controllers'|their|your) next untap steps?$"
)
def _frozen(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return (
        None if what is None else [Effect("restrict", {"what": what, "rule": "doesnt_untap", "duration": "next_untap"})]
    )


@reader(
    r"^(.+?) (?:doesn't|don't) untap during (?:its|their) controllers?'s? untap steps? "
    r"(for as long as you control self|" + TAPPED_DURATIONS + ")$"
)
def _frozen_long(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"... doesn't untap during its controller's untap step for as long as you control SELF (SELF remains
    tapped)": a rule with that duration (502.2, 611.2b)."""
    what = c.ref(m.group(1))
    return (
        None
        if what is None
        else [Effect("restrict", {"what": what, "rule": "doesnt_untap", "duration": DURATIONS[m.group(2)]})]
    )


@reader(r"^all creatures able to block (.+?) (?:this turn )?do so$")
def _lure(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return (
        None
        if what is None
        else [Effect("restrict", {"what": what, "rule": "must_be_blocked_by_all", "duration": "eot"})]
    )


@reader(r"^(.+?) must be blocked this turn if able$")
def _must_be_blocked(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("restrict", {"what": what, "rule": "must_be_blocked", "duration": "eot"})]


@reader(r"^(.+?) can't be blocked this turn except by (.+)$")
def _restrict_except(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    f = parse_noun(m.group(2))
    if what is None or f is None:
        return None
    return [Effect("restrict", {"what": what, "rule": "cant_be_blocked", "except": f, "duration": "eot"})]


@reader(r"^(.+?) can attack this turn as though (?:it|they) didn't have defender$")
def _attack_defender_eot(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return (
        None
        if what is None
        else [Effect("restrict", {"what": what, "rule": "attack_despite_defender", "duration": "eot"})]
    )


#: this family's readers, in the order they are tried
READERS: tuple[Reader, ...] = (
    _tokens_to_you_for_now,
    _enter_exile_for_now,
    _no_activations_for_now,
    _must_attack_next_turn,
    _token_multiply_for_now,
    _gains_flashback,
    _must_attack_you,
    _cant_lose_game_for_now,
    _name_lock_for_now,
    _cant_change_life_for_now,
    _cant_cast_for_now, _cant_play_lands_for_now, _cant_search_for_now, _cant_cast_next_turn, _becomes_blocked,
    _unpreventable_for_now,
    _player_static_for_now,
    _flash_this_turn,
    _uncounterable_for_now,
    _ignore_hexproof_for_now,
    _life_floor_for_now, _damage_mod_for_now, _no_counters_for_now, _cant_get_counters_while,
    _attack_rule_for_now,
    _spells_left_this_turn,
    _enters_with_for_now,
    _restrict,
    _restrict_by,
    _cant_block_this,
    _must_block_self,
    _must,
    _frozen,
    _frozen_long,
    _lure,
    _must_be_blocked,
    _restrict_except,
    _attack_defender_eot,
)
