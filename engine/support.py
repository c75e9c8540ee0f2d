"""Whether the engine can play a compiled card exactly as written.

A card is supported when the compiler read every sentence (CardDef.unsupported is
empty) and every op, reference filter, trigger event, static kind and keyword it uses
is one this engine executes. Anything else makes it a manual card (issue 4).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine import (
    awaken,
    bestow,
    cast_options,
    contract,
    costs,
    dungeon,
    facedown,
    layers,
    mutate,
    overload,
    player_statics,
    prototype,
    splice,
    transform,
)
from engine.cards.abilities import Ability, CardDef, Cost, Effect, TargetSpec
from engine.cards.compiler.keywords import KEYWORD_TEXT
from engine.cards.vanguard import modifiers as vanguard_modifiers
from engine.choices import (
    ENTER_CHOICES,
    NAME_CHOICES,
    OBJECT_CHOICE,
    OPPONENT_CHOICE,
    PLAYER_CHOICE,
    WORD_CHOICE,
    choose_problems,
)
from engine.clone import clone_problems
from engine.filters import unknown_keys
from engine.mana import RESTRICTION_RIDERS, unpayable
from engine.memo import per_object
from engine.ops import OPS
from engine.ops.actions import ACTIONS
from engine.ops.misc import emblem_playable
from engine.ops.objects import TOKEN_KINDS
from engine.ops.playable import supported as playable_supported
from engine.player_statics import is_mana_trigger, mana_trigger_supported, static_problems
from engine.protection import supported as protection_supported
from engine.state import COMMAND_CARDS
from engine.triggers import ALIASES, EXILE_EVENTS, GRAVEYARD_EVENTS, KEYS, KEYS_OF_EVENT, SUSPENDED_EVENTS
from engine.triggers import SUPPORTED as TRIGGER_EVENTS
from engine.values import REF_WORDS, condition_problems, names_that_player

#: Keywords whose rules this engine implements (CR 702).
KEYWORDS = frozenset({
    "Flying", "Reach", "Haste", "Vigilance", "Defender", "First strike", "Double strike", "Trample",
    "Deathtouch", "Lifelink", "Menace", "Hexproof", "Shroud", "Indestructible", "Flash", "Intimidate",
    "Fear", "Protection", "Hexproof from", "Enchant", "Equip", "Infect", "Wither", "Shadow",
    "Plainswalk", "Islandwalk", "Swampwalk", "Mountainwalk", "Forestwalk", "Landwalk",
    "Kicker", "Flashback",   # with costs of mana, life and chosen objects (checked below)
    "Backup",                # its triggered ability, granting what follows it (a later keyword; keywords.backup)
    "Partner with",          # its enters trigger (a later keyword; keywords.partner_with)
    # two commanders in a Commander game (later rules; engine/commander.py pair_problems); outside Commander
    # they do nothing
    "Partner", "Choose a Background", "Doctor's companion",
    "Daybound", "Nightbound",  # day and night (a later rule, Innistrad: Midnight Hunt; engine/transform.py)
    "Encore",                # an activated ability from the graveyard (a later keyword; engine/ops/objects.py)
    "Firebending",           # with a number: its triggered ability (a later keyword; keywords.firebending)
    "Prowess", "Exalted",    # compiled into their triggered abilities (702.107, 702.82)
    "Ascend",                # a later keyword: engine/sba.py (permanents), a spell's first instruction (compiler)
    "Start your engines!",   # a later keyword: engine/sba.py gives speed, engine/ops/actions.py (speed_card)
    "Evolve",                # likewise (702.99; its comparison: engine/values.py)
    "Myriad", "Dethrone",    # likewise (702.115, 702.104; keywords.KEYWORD_ABILITIES)
    "Cascade", "Storm",      # likewise (702.84, 702.39; their ops: engine/ops/cast.py)
    "Gravestorm", "Conspire",  # likewise (702.68: Game.graveyard_turn; 702.77: its cost in cast_options.py)
    "Horsemanship", "Skulk",  # engine/combat.py (702.30, 702.117)
    "Changeling",            # engine/layers.py (702.72)
    "Cycling", "Typecycling",  # activated abilities from the hand (702.28; engine/casting.py)
    "Scavenge",              # an activated ability from the graveyard (702.96)
    "Unearth",               # likewise (702.83; its return: engine/ops/zones.py)
    "Craft",                 # an activated ability (a later keyword; keywords.craft_ability, engine/costs.py craft)
    "Ninjutsu",              # an activated ability from the hand (702.48)
    "Toxic",                 # with a number: poison with combat damage (a later keyword; engine/actions.py)
    "Cumulative upkeep",     # with a mana cost: its triggered ability (702.23; keywords._costed_ability)
    "Fortify",               # its activated ability (702.66a; keywords._costed_ability), like equip
    "Totem armor", "Umbra armor",  # engine/replacement.py zone_change (702.88a)
    "Reinforce",             # an activated ability from the hand (702.76a; compiler/keywords.py)
    "Split second",          # engine/casting.py split_second (702.60)
    "Level up",              # its activated ability (702.86a; keywords._costed_ability); levels: compiler/leveler.py
    "Unleash",               # its two statics (702.97a; keywords.KEYWORD_STATICS)
    "Riot",                  # its enters choice (a later keyword; keywords.KEYWORD_STATICS, engine/entering.py)
    "Ravenous",              # its static and its enters trigger (a later keyword; keywords.KEYWORD_STATICS)
    "Melee", "Training",     # their attack triggers (later keywords; keywords.KEYWORD_ABILITIES)
    "Reconfigure",           # its two activated abilities and its static (a later keyword; keywords.reconfigure_rest)
    "Read ahead",            # a Saga's chosen first chapter as it enters (a later keyword; engine/saga.py)
    "Enlist",                # chosen with the attackers, its reflexive trigger (a later keyword; engine/combat.py)
    "Assist",                # another player pays some generic mana as it is cast (a later keyword; engine/casting.py)
    "Hideaway",              # with a number: its enters trigger (702.74a; engine/ops/library.py)
    "Aura swap",             # its activated ability (702.64a; engine/ops/zones.py aura_swap)
    "Offering",              # engine/casting.py, cast_options.offering_reduce (702.47a-c)
    "Soulbond",              # its two triggered abilities (702.94a; the pair: engine/ops/objects.py, engine/sba.py)
    "Haunt",                 # its triggered ability (702.54a; the haunted creature's death: engine/triggers.py)
    "Epic",                  # its two spell abilities (702.49a; engine/ops/cast.py)
    "Cipher",                # the last instruction of its spell ability (702.98a; engine/ops/cast.py)
    "Ripple",                # with a number: its cast trigger (702.59a; engine/ops/cast.py)
    "Amplify",               # with a number: its static (702.37a; engine/replacement.py, engine/entering.py)
    "Recover",               # with a mana cost: its graveyard trigger (702.58a; keywords._costed_ability)
    "Banding",               # engine/combat.py (702.21c-k: bands; who assigns combat damage)
    "Phasing",               # engine/phasing.py (702.25a)
    "Compleated",            # engine/replacement.py enter_replacements: fewer loyalty counters (a later keyword)
    "Champion",              # its two linked triggered abilities (702.71a; keywords.champion)
    "Provoke",               # its triggered ability (702.38a; keywords.KEYWORD_ABILITIES, combat.provoked)
    "Dredge",                # with a number: engine/dredge.py (702.51a)
    "Tribute",               # with a number: its static (702.103a; engine/replacement.py enter_replacements)
    "Sunburst",              # likewise (702.43a; the colors spent: engine/casting.py)
    "Vanishing",             # with a number: its three abilities (702.62a; keywords.vanishing)
    "Graft",                 # with a number: its two abilities (702.57a; keywords.graft)
    "Transmute",             # an activated ability from the hand (702.52a; engine/cards/compiler)
    "Transfigure",           # its activated ability (702.70a; engine/cards/compiler)
    "Devour",                # with a number: its static ability (702.81a)
    "Embalm", "Eternalize",  # activated abilities from the graveyard (later keywords; keywords._costed_ability)
})
STATICS = frozenset({"abilities_of", "anthem", "keywords", "restriction", "enters_tapped", "enters_with_counters",
                     "set_pt",
                     "enters_prepared",  # engine/replacement.py enter_effects, engine/prepare.py (a later mechanic)
                     "exert_on_attack",  # engine/combat.py: chosen as it attacks (a later keyword action)
                     "day_as_enters",  # engine/transform.py day_night_enters (day and night, a later rule)
                     "lose_types",  # engine/layers.py, layer 4 (reconfigure: "isn't a creature")
                     "grant_ability", "add_types", "become", "life_gain_plus", "life_gain_double",
                     "life_gain_to_loss", "choose_on_enter",
                     "exile_on_enter",  # engine/replacement.py enter_replacements, engine/entering.py (614.12)
                     "enters_under_opponent",  # engine/game.py move, engine/entering.py under_opponent (614.1d)
                     "enter_exile",  # engine/player_statics.py enters_exiled (614.1a)
                     "enter_discard",  # engine/game.py move, engine/entering.py answer_enter_discard (614.1a)
                     "x_color",  # engine/casting.py: "Spend only black mana on X" (107.3)
                     "crew_power",  # engine/costs.py crew_power: "SELF saddles Mounts and crews Vehicles as though ..."
                     "token_multiply", "counter_change", "player_counter_change",  # engine/replacement.py (614.1a)
                     "token_become",  # engine/replacement.py token_replaced (614.1a)
                     # engine/player_statics.py, engine/zones_cast.py, engine/opening.py, engine/clone.py
                     "no_max_hand_size", "hand_size", "untap_limit", "player_keywords", "flash_spells", "free_spells",
                     "alt_cost_spells",  # engine/costs.py usable_alternative_cost (118.9)
                     "spell_limit",
                     "play_from", "graveyard_replacement", "opening_hand_battlefield", "clone", "prevent_damage",
                     "opening_hand_reveal",  # engine/opening.py (103.5b: a delayed trigger for the first upkeep)
                     "discard_to_battlefield",  # engine/actions.py discard (614.1a: the card's own replacement)
                     "untargetable_zone",  # engine/targets.py targetable (115.1: cards in graveyards)
                     "damage_mod",  # engine/replacement.py damage_mods (614.1a)
                     "redirect_damage",  # engine/redirect.py redirect_hits (614.9)
                     "keep_mana", "lost_mana_becomes",  # engine/player_statics.py kept_mana (500.4)
                     "damage_stays",  # engine/player_statics.py damage_kept, read by engine/game.py (514.2)
                     "walk_ignored",  # engine/combat.py can_block (702.14c)
                     "enter_sacrifice",  # engine/entering.py sacrifice_or_graveyard (614.1a)
                     "damage_counters",  # engine/actions.py deal_damage_batch (614.1a)
                     "attach_only",  # engine/object_statics.py attach_allowed (701.3a, 704.5p)
                     "look_face_down",  # engine/facedown.py known_to, engine/view.py (707.5)
                     "draw_times",  # engine/game.py draw, engine/player_statics.py draw_times (614.1a)
                     "cant_gain_life", "cant_lose_life",  # engine/player_statics.py (118.7, 118.8)
                     "cant_lose_game", "cant_win_game",  # engine/player_statics.py (104.2, 104.3)
                     "damage_as_infect",  # engine/player_statics.py (702.89b)
                     "cant_get_counters",  # engine/player_statics.can_get_counters (121.1)
                     "cast_forbid",  # engine/player_statics.py cast_forbidden (101.2)
                     "land_forbid",  # engine/casting.py can_play_land (101.2, 305.1)
                     "search_forbid",  # engine/player_statics.py cant_cause (101.2, 701.15)
                     "skip_extra_turn",  # engine/game.py _take_next_turn (614.10)
                     "activate_forbid",  # engine/player_statics.py activation_forbidden (602.5)
                     "attack_one_requirement",  # engine/combat.py _one_attacker_requirements (508.1d)
                     "damage_unpreventable",  # engine/player_statics.py, read by engine.actions (615.11)
                     "tokens_to_you",  # engine/player_statics.py token_controller, read by engine.actions (614.1a)
                     "attack_tax",  # engine/combat.py attack_cost (508.1g-i, 802.3a)
                     "block_tax",  # engine/combat.py block_cost (509.1d-f)
                     "attack_forbid",  # engine/combat.py may_attack (508.1c)
                     "combat_limit",  # engine/combat.py combat_limits (508.1c, 509.1b)
                     "extra_vote",  # engine/ops/misc.py vote (701.29d)
                     "goaded",  # engine/combat.py goaders (goad, a later keyword action; 508.1d)
                     "turned_up_counters",  # engine/facedown.py turn_face_up (707.11)
                     "name_lock",  # engine/player_statics.py: "with the chosen name" (201.3)
                     "uncounterable_spells",  # engine/player_statics.py, read by engine.object_statics (101.1)
                     "flash_self",  # engine/casting.py can_cast_timing (702.8a)
                     "cast_self_from",  # engine/zones_cast.py permission: the card's own, from its zone (112.6)
                     "skip_step",  # engine/game.py _not_skipped (614.10)
                     "draw_in_opponents_draw_step",  # engine/player_statics.py opponent_step_draws (504.1)
                     "draw_limit",  # engine/player_statics.py draw_capped, read by Game.draw (121.2)
                     "sorcery_only",  # engine/player_statics.py, read by engine/casting.py can_cast_timing (307.1)
                     "trigger_cause",  # engine/player_statics.py, read by engine/triggers.py _cause_count (603.2)
                     "empty_draw_wins",  # engine/player_statics.py, read by Game.draw (614.1a, 104.2a)
                     "ignore_hexproof",  # engine/player_statics.py, read by engine/targets.py (702.11b-c)
                     "life_floor",  # engine/player_statics.py, read by engine/actions.py deal_damage_batch (614.1a)
                     "cant_cause",  # engine/player_statics.py, read by the discard, sacrifice, search ops (101.2)
                     "spell_keywords",  # engine/player_statics.py, read by engine/cast_options.py, engine/actions.py
                     "loyalty_instant",  # engine/player_statics.py, read by engine/casting.py (606.3)
                     "loyalty_times",  # engine/player_statics.py, read by engine/casting.py (606.3)
                     "surveil_extra",  # engine/player_statics.py, read by engine/ops/zones.py (surveil)
                     "extra_die",  # engine/player_statics.py, read by engine/ops/control.py (roll)
                     "graveyard_keywords",  # engine/player_statics.py, read by engine/cast_options.py (702.80a)
                     "ability_cost",  # engine/player_statics.py, read by engine/costs.py ability_mana (602.2b)
                     "haste_activation",  # engine/player_statics.py, read by engine/casting.py, payment.py (302.6)
                     "cast_only",  # engine/casting.py can_cast_timing (604.6, 506.6)
                     "full_text",  # engine/layers.py, layer 3 (612.5)
                     "extra_land",  # engine/player_statics.py land_plays (305.2a)
                     "look_top_card",  # engine/knowledge.py top_known: views show it to its controller
                     "top_card_revealed",  # likewise, to every player
                     "hand_revealed",  # engine/knowledge.py sees_hand: "play with their hands revealed" (701.13a)
                     "control",  # engine/layers.py, layer 2 (613.2)
                     "devour",   # engine/replacement.py, engine/entering.py (702.81a)
                     "amplify",  # likewise (702.37a)
                     "may_not_untap",  # engine/game.py untap step: its controller may leave it tapped (502.2)
                     # engine/costs.py
                     "additional_cost", "cost_change", "cant_be_countered", "unpreventable", "alternative_cost",
                     "optional_cost",
                     # engine/decks/validate.py: deck construction, before the game (112.6m); nothing in it
                     "deck_rule"})
RULES = frozenset({"no_activated_abilities", "no_activated_abilities_unless_mana",  # engine/casting.py activatable
                   "no_tap_abilities",  # engine/object_statics.py activation_barred: "... with {T} in their costs"
                   "needs_company",  # engine/combat.py _without_company (508.1c, 509.1b)
                   "cant_crew",  # "can't attack, block, or crew Vehicles": not tapped to pay crew (engine/costs.py)
                   "must_attack_or_block",  # engine/combat.py has_rule: both requirements (508.1d, 509.1c)
                   "no_loyalty_abilities",  # engine/casting.py cost_payable (object_statics.loyalty_barred, 606.3)
                   "cant_have",  # engine/layers.py: "can't have or gain flying", after layer 6 (112.11)
                   "cant_block", "cant_attack", "cant_attack_or_block", "cant_be_blocked", "must_attack",
                   "must_block", "doesnt_untap", "block_only_flying", "extra_block", "attack_despite_defender",
                   "max_one_blocker", "must_be_blocked_by_all", "cant_attack_or_block_alone", "cant_attack_alone",
                   "cant_block_alone", "no_counters", "damage_by_toughness", "untap_other_turns",
                   "untap_opponent_turns",  # engine/game.py _untap_all (502.2: an opponent's untap step)
                   "max_counters",  # engine/sba.py: 704.5s (121.4)
                   "cant_attack_unless_defender_controls",  # engine/combat.py may_attack (508.1c)
                   "min_blockers",  # engine/combat.py _block_restrictions (509.1b)
                   "may_assign_as_unblocked",  # engine/combat.py as_unblocked (510.1c)
                   "must_be_blocked",  # engine/combat.py _block_requirements (509.1c)
                   "block_any_number",  # engine/combat.py _extra_blocks (509.1a)
                   "untargetable", "untargetable_by_opponents",  # engine/targets.py targetable (702.18a, 702.11b)
                   "cant_be_regenerated",  # engine/replacement.py cant_be_regenerated (701.12b)
                   "flashback_mana_cost",  # engine/cast_options.py object_alternatives (702.33a)
                   "reach_against",  # engine/combat.py can_block: "can block Dragons as though it had reach"
                   "block_as_shadow",  # engine/combat.py can_block: "... as though it had shadow" (702.27b)
                   "attack_as_haste",  # engine/combat.py can_attack: "can attack as though it had haste" (302.6)
                   "untargetable_from",  # engine/targets.py: "can't be the target of nongreen spells or abilities ..."
                   "combat_cost",  # engine/combat.py attack_cost, block_cost (508.1d, 509.1d)
                   "no_combat_damage",  # engine/combat.py combat_power (510.1a)
                   "cant_transform"})  # engine/transform.py transform (701.25a, 101.2)


#: the conditions of a spell's own cost change read for the player casting it alone (engine/costs.py
#: _self_condition: no object is there to read; 601.2f)
_CASTER_CONDITIONS = frozenset({"control", "min", "max", "history", "opponent_poison_ge", "graveyard_types_ge",
                                "opponent_graveyard_ge", "gained_life_this_turn", "graveyard_ge", "filter",
                                "opponent_life_le", "life_le", "life_ge", "your_turn", "opponent_lost_life_this_turn",
                                "life_le_half_start", "spells_cast_ge", "hand_more_than_opponents",
                                "no_spell_cast_this_game", "hand_none",
                                "drawn_ge",  # "as long as you've drawn two or more cards this turn" (Gwaihir)
                                # "if an opponent controls a green permanent" (Oakhame Adversary), "if there are ten
                                # or more nonland permanents on the battlefield" (Hour of Revelation), "if you've cast
                                # another instant or sorcery spell this turn" (Mage Duel: the spell being cast is not
                                # yet counted, 601.2f before 601.2i)
                                "opponents_control", "amount_ge", "cast_kind_this_turn",
                                "opponent_cast_kind_this_turn", "cast_kind_other",
                                # the caster's speed, descents, and the turn's void (later terms: DFT, LCI, EOE)
                                "max_speed", "descended", "void", "graveyard_mvs_ge",
                                "day_night",  # the game's day or night (a later rule, Innistrad: Midnight Hunt)
                                # "if an opponent controls at least four more creatures than you / seven or more
                                # lands", "if an opponent has no cards in hand" (the Avatars of Prophecy)
                                "opponent_more", "more_by", "at_least", "opponent_hand_le",
                                # the Traps of Zendikar: "If an opponent gained life this turn" (a fact of each
                                # opponent), "If exactly one creature is attacking" (attacking creatures counted now)
                                "opponent_did", "amount_lt", "to_graveyard_ge",
                                # "if you've sacrificed an artifact this turn" (Suspicious Detonation): the caster's
                                "sacrificed_kind_this_turn", "sacrificed_kind_ge",
                                # "during your end step" (a step of the caster's turn), "as long as you've drawn two or
                                # more cards this turn" (the caster's draws)
                                "step", "drawn_ge"})


_EXILE_SELF = Cost(exile_self=True)

#: the landwalk qualities engine.combat knows (702.14a)
LANDWALK_QUALITIES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "nonbasic",
                                "legendary", "snow Swamp", "snow Forest", "snow Island", "snow Plains",
                                "snow Mountain"})


#: set while a static ability's data is walked: its amounts are read without a resolution (611.3a)
_STATIC_WALK = [False]
#: set while the amount of an op that counts it for each player it affects is walked ("they")
_THAT_PLAYER = [False]
#: the ops that read such an amount once for each player (engine/ops/damage.py, engine/ops/objects.py)
_PER_PLAYER_OPS = frozenset({"damage", "lose_life", "token", "set_life", "mill", "discard", "sacrifice",
                             "pay_life", "gain_life", "draw"})  # (engine/ops/misc.py: each payer's own amount)


#: the references to a player's whole zone that the exile and move ops read (engine/values.refs)
_WHOLE_ZONE = frozenset({"graveyard_of", "library_of", "hand_cards_of"})


#: references to cards in zones where nothing is dealt damage (120.1: only creatures, planeswalkers and players)
_CARD_REFS = frozenset({"exiled", "linked_exiled", "milled", "drawn_cards", "discarded", "taken"})


def _walk(x: Any, out: list[str]) -> None:
    """Collect problems in nested args (filters, nested effects, abilities)."""
    if isinstance(x, Effect):
        if x.op == "damage" and isinstance(x.args.get("to"), str) and x.args["to"] in _CARD_REFS:
            out.append(f"damage to {x.args['to']} cards")  # "that creature" read as the card named last
        if x.op not in OPS:
            out.append(f"op {x.op}")
        elif x.op == "emblem":
            if not all(emblem_playable(a) for a in x.args.get("abilities", ())):
                out.append("emblem with a static or non-step ability")
            for a in x.args.get("abilities", ()):
                if a.kind == "static":
                    out.extend(ability_reasons(a))
            return
        elif x.op == "exile" and x.args.get("until") not in (None, "self_leaves", "leaves", "opponent_monarch"):
            out.append("exile until it leaves (610.3)")  # not carried out by the exile op
        elif x.op == "playable":
            if not playable_supported(x):
                out.append("playable for other durations")
        elif x.op in ("exile", "move") and isinstance(x.args.get("what"), dict) and \
                (_WHOLE_ZONE & set(x.args["what"])):
            # "exile target player's graveyard", "shuffle your graveyard into your library", "exile all cards
            # from target player's library", "shuffles their hand into their library" (engine/values.refs)
            _walk(next(x.args["what"][k] for k in _WHOLE_ZONE if k in x.args["what"]), out)
            _walk({k: v for k, v in x.args.items() if k != "what"}, out)
            return
        elif x.op == "add_mana" and x.args.get("only_for"):  # 106.6: engine/payment.py usable
            rule = x.args["only_for"]
            bad = unknown_keys({k: v for k, v in rule.items() if k not in RESTRICTION_RIDERS})
            bad |= unknown_keys(rule.get("or_abilities_of") or {})
            if bad:
                out.append(f"mana restriction keys {sorted(bad)}")
        elif x.op == "token" and x.args.get("kind") and x.args["kind"] not in TOKEN_KINDS:
            out.append(f"token kind {x.args['kind']}")
        elif x.op == "grant" and x.args.get("choose", 1) != 1:
            out.append("grant a choice of several keywords")
        elif x.op == "grant" and any(a.static and a.static.get("kind") == "cast_self_from"
                                     for a in x.args.get("abilities", ())):
            # engine/zones_cast.py reads the card's printed statics: one granted to a card is not seen
            out.append("grant cast_self_from")
        elif x.op == "grant" and any(a.static and a.static.get("kind") in player_statics.KINDS
                                     and not (a.static.get("kind") == "graveyard_replacement"
                                              and a.static.get("affects") == "self"
                                              and a.static.get("from") == "battlefield")
                                     for a in x.args.get("abilities", ())):
            # engine/player_statics.py reads a permanent's printed statics only (but its own "If this creature would
            # die, exile it instead", graveyard_replacements): 'SELF gains "Damage isn't removed from creatures during
            # cleanup steps."' (Victory of the Pyrohammer) would do nothing
            out.append("grant a static that engine/player_statics.py reads")
        elif x.op == "action":
            if x.args.get("name") not in ACTIONS:
                out.append(f"action {x.args.get('name')}")
            elif x.args.get("name") == "venture_into_the_dungeon":
                out.extend(f"dungeon room {room}" for room in
                           dungeon_rooms_unsupported(tuple(x.args.get("dungeons") or dungeon.VENTURE)))
            elif x.args.get("name") == "take_the_initiative":  # it ventures into Undercity (a later rule)
                out.extend(f"dungeon room {room}" for room in dungeon_rooms_unsupported(("Undercity",)))
        if x.op == "if":
            out.extend(condition_problems(x.args.get("cond")))  # 608.2c: the conditions it checks
        if x.op in ("search", "dig") and isinstance(x.args.get("filter"), dict):
            # the chosen cards' group constraints are checked only where a search or dig chooses
            bad = unknown_keys(x.args["filter"], group_ok=True)
            if x.op == "search":  # "a card with the same name as ...": bound as it resolves (engine/ops/zones.py)
                bad.discard("same_name_as")
            if bad:
                out.append(f"filter keys {sorted(bad)}")
            _walk({k: v for k, v in x.args.items() if k != "filter"}, out)
            return
        if x.op in _PER_PLAYER_OPS and names_that_player(x.args.get("amount")) \
                and not (x.op == "gain_life" and x.args.get("who", "you") == "you"):  # (engine/ops/damage.py)
            _THAT_PLAYER[0] = True  # counted for each player the op affects (engine/values.py amount_for)
            try:
                _walk(x.args, out)
            finally:
                _THAT_PLAYER[0] = False
            return
        _walk(x.args, out)
    elif isinstance(x, Ability):
        # a granted triggered or activated ability (613.1f) resolves as its own object (608.2), where its "each
        # creature defending player controls" binds its players as any ability's does: not a static's reading
        was, _STATIC_WALK[0] = _STATIC_WALK[0], x.kind == "static"
        try:
            out.extend(ability_reasons(x))
        finally:
            _STATIC_WALK[0] = was
    elif isinstance(x, dict):
        if any(x.get(k) == "sacrificed" for k in ("power_of", "toughness_of", "mv_of")):
            return  # the sacrificed object's power as it last existed (engine/costs.py)
        if x.get("life_of") == "that_player" and not _THAT_PLAYER[0]:
            out.append("amount life_of that_player outside a per-player instruction")  # engine/values.py amount_for
        for k in ("hand_of", "library_size", "life_lost_turn_of"):
            if x.get(k) == "that_player" and not _THAT_PLAYER[0]:
                out.append(f"amount {k} that_player outside a per-player instruction")
        mv = x.get("mv_of")
        if mv is not None and mv not in ("it", "taken", "self", "attached", "discarded", "revealed", "sacrificed",
                                         "milled", "revealed_top", "crafted_with") \
                and not (isinstance(mv, dict) and set(mv) == {"target"}):
            # engine.values.amount reads these as the objects are now or as the resolution's
            # targets last existed (608.2h); a card exiled to pay a cost is not kept for it
            out.append(f"amount mv_of {mv!r}")
        for k in _WHOLE_ZONE & set(x):
            out.append(f"reference {k}")  # no other op of this engine reads it yet
        for k in ("mana", "unless_pays"):  # paid ("pay", "unless", ward, counter unless) or added
            if isinstance(x.get(k), (list, tuple)) and unpayable(x[k]):
                out.append(f"mana symbols {unpayable(x[k])}")
        for k, v in x.items():
            if k == "action" and "count_this_way" in x:
                continue  # the word naming what was done ("discarded"), not a reference (engine/contract.py)
            if k == "by" and isinstance(v, dict) and set(v) == {"target"}:
                continue  # a reference to a target (the prevent op's source: engine/ops/damage.py), not a filter
            if k in ("each", "count", "filter", "affects", "by", "except", "choose", "colors_among") \
                    and isinstance(v, dict):
                # a controller reference is bound as an "each" or a count is read in a resolution
                refs_ok: bool | str = k in ("each", "count") and not _STATIC_WALK[0]
                if k == "choose" and v.get("controller") == "chooser":  # the choosing player's own (values.chosen_refs)
                    v = {**v, "controller": "you"}
                if k == "choose" and isinstance(v.get("or"), list):  # each alternative the chooser's own
                    v = {**v, "or": [{**a, "controller": "you"} if isinstance(a, dict) and a.get("controller")
                                     == "chooser" else a for a in v["or"]]}
                if refs_ok and k == "count" and _THAT_PLAYER[0]:
                    refs_ok = "that_player"
                bad = unknown_keys(v, player_refs=refs_ok)
                if bad:
                    out.append(f"filter keys {sorted(bad)}")
                ctl = v.get("controller")
                if refs_ok and isinstance(ctl, str) \
                        and ctl not in ("you", "not_you", "opponent", "that_player", "team") \
                        and ctl not in REF_WORDS:  # values.bind_players reads it with refs: it must resolve
                    out.append(f"reference {ctl!r} as a controller")
            _walk(v, out)
    elif isinstance(x, (list, tuple)):
        for v in x:
            _walk(v, out)
    elif isinstance(x, str) and x in ("an_opponent", "trigger_player_hand", "sacrificed"):
        out.append(f"reference {x}")


#: ops whose objects may be chosen as a delayed trigger resolves (603.7a, 608.2c), each proven by a
#: scenario (tests/scenarios/planeswalkers/teferi_hero_untap_two_lands.yaml)
DELAYED_CHOOSE_OPS = frozenset({"untap"})


def _choose_reasons(e: Effect, out: list[str], delayed: bool = False, bound: list[Any] | None = None) -> None:
    """Objects chosen on resolution (engine/choices.py): only where the engine carries them out. In a delayed
    trigger, a choice an earlier instruction of the same resolution made (``bound``) is fixed as the delayed
    ability is created (engine/ops/control.py _bind_chosen, 603.7c)."""
    for k, v in e.args.items():
        if isinstance(v, dict) and isinstance(v.get("choose"), dict):
            if delayed and e.op not in DELAYED_CHOOSE_OPS and v not in (bound or ()):
                out.append("reference choose in a delayed trigger")
            out.extend(choose_problems(e.op, k, v))
    for v in e.args.values():
        for sub in (v if isinstance(v, (list, tuple)) else ()):
            if isinstance(sub, Effect):
                _choose_reasons(sub, out, delayed or e.op == "delayed", bound)


def _chooses(e: Effect) -> list[Any]:
    """The "choose" references an instruction (and the instructions inside it) makes."""
    out: list[Any] = []
    for v in e.args.values():
        if isinstance(v, dict) and isinstance(v.get("choose"), dict):
            out.append(v)
        for sub in (v if isinstance(v, (list, tuple)) else ()):
            if isinstance(sub, Effect):
                out += _chooses(sub)
    return out


#: filter keys that relate an object to the source's blocks (engine/filters.py)
_COMBAT_WITH_SELF = frozenset({"blocking_self", "blocked_by_self", "in_combat_with_self"})


def _has_key(x: Any, keys: frozenset[str]) -> bool:
    """Does a compiled value (effects, targets, filters) hold any of these dict keys?"""
    if isinstance(x, Effect):
        return _has_key(x.args, keys)
    if isinstance(x, TargetSpec):
        return _has_key(x.filter, keys)
    if isinstance(x, dict):
        return bool(keys & set(x)) or any(_has_key(v, keys) for v in x.values())
    if isinstance(x, (list, tuple)):
        return any(_has_key(v, keys) for v in x)
    return False


@lru_cache(maxsize=None)
def dungeon_rooms_unsupported(names: tuple[str, ...] = dungeon.VENTURE) -> tuple[str, ...]:
    """The rooms of these dungeons this engine cannot carry out (a later rule: engine/dungeon.py); none: venturing
    into them plays as written."""
    out = []
    for name in names:
        for i, (room, _, _) in enumerate(dungeon.DUNGEONS[name]):
            ab = dungeon.room_ability(name, i)
            if ab is None or ability_reasons(ab):
                out.append(f"{name}: {room}")
    return tuple(out)


def _exiles_first(effects: tuple[Effect, ...]) -> bool:
    """Does an instruction exile cards (exile_top) before the first that reads "the exiled card's mana value"?"""
    for e in effects:
        if "'mv_of': 'exiled'" in repr(e.args):
            return False
        if e.op == "exile_top":
            return True
    return False


def _vote_reasons(ab: Ability) -> list[str]:
    """701.29: "for each death vote", "if grace gets more votes" read the tally of a vote made before them in the
    same ability: each word they name must be one of its choices (else the words were read as votes of nothing)."""
    if "'votes" not in repr([e.args for e in ab.effects]):
        return []
    choices: set[str] = set()
    for e in ab.effects:
        if e.op == "vote":
            choices.update(e.args["choices"])
    named: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, Effect):
            walk(x.args)
        elif isinstance(x, dict):
            for k, v in x.items():
                if k in ("votes", "votes_most") and isinstance(v, str):
                    named.add(v)
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)
    walk(list(ab.effects))
    return [f"votes for {w!r}, no choice of a vote before it (701.29)" for w in sorted(named - choices)]


def ability_reasons(ab: Ability) -> list[str]:
    out: list[str] = []
    bound: list[Any] = []  # the choices the instructions so far made (a delayed trigger after them refers to them)
    for e in ab.effects:
        _walk(e, out)
        _choose_reasons(e, out, bound=bound)
        if e.op != "delayed":
            bound += _chooses(e)
    if "amount mv_of 'exiled'" in out and (_exiles_first(ab.effects) or ab.cost is not None and (
            ab.cost.exile_from_graveyard or ab.cost.exile_from_hand or ab.cost.exile_permanent)):
        # "Exile the top card of your library. Target opponent loses life equal to its mana value" (Hidetsugu and
        # Kairi), "Exile a creature card from your graveyard: ... the exiled card's mana value": the cards this
        # resolution or this cost exiled (engine/values.py refs "exiled")
        out = [x for x in out if x != "amount mv_of 'exiled'"]
    if "'activated_ge'" in repr([e.args for e in ab.effects]) and (ab.kind == "mana" or any(
            e.op == "add_mana" for e in ab.effects)):  # "{1}: Add {W}. If this ability has been activated four or more
        # times this turn, ..." (Farrelite Priest): a mana ability (605.1a) is counted as no ability object (602.2b)
        out.append("a mana ability counting its activations")
    out.extend(_vote_reasons(ab))
    if "the exiled card" in (ab.text or "").lower() and any(e.args.get("what") == "self" for e in ab.effects):
        out.append("linked ability: the exiled card (607.2a)")  # the compiler read "the exiled card" as SELF
    for t in ab.targets:
        if t.chooser == "trigger_player" and ab.kind == "triggered" and (ab.trigger or {}).get("event") == "step" \
                and (ab.trigger or {}).get("whose") == "each" and all(s.chooser == t.chooser for s in ab.targets):
            pass  # "each player's upkeep, ... of their choice": that player chooses (engine/triggers.py put_on_stack)
        elif t.chooser == "it_controller" and ab.kind == "triggered" and (ab.trigger or {}).get("event") == "etb" \
                and all(s.chooser == t.chooser for s in ab.targets):
            pass  # "whenever a creature enters, that creature's controller ... of their choice" (engine/triggers.py)
        elif t.chooser is not None and ab.kind != "activated":
            out.append(f"target chosen by an opponent outside an activated ability: {t.text}")  # 602.3 only
        bad = unknown_keys(t.filter, target=True)
        if t.filter.get("controller") == "trigger_player" and ab.kind != "triggered":
            bad.add("controller")  # "that player" names a trigger event's player (engine/targets.py)
        if bad:
            out.append(f"target filter keys {sorted(bad)}")
    for m in ab.modes:
        out.extend(ability_reasons(m))
    if ab.kind == "triggered":
        trig = ab.trigger or {}
        ev = trig.get("event")
        evs = ev if isinstance(ev, list) else [ev]
        if ab.condition and "treasure_spent_ge" in repr(ab.condition) and not trig.get("self") \
                and ({"cast", "activate"} & set(map(str, evs))):  # "whenever you cast a spell, if mana from a
            out.append("mana from a Treasure spent on the spell that triggered it")  # Treasure was spent to cast it"
        if ab.zone == "graveyard" and (not {x for e in evs for x in ALIASES.get(str(e), (str(e),))} <= GRAVEYARD_EVENTS
                                       or "dies" in evs and (trig.get("self") or trig.get("attached"))) \
                or ab.zone == "exile" and not (set(evs) <= EXILE_EVENTS and trig.get("self")
                                               or set(evs) <= SUSPENDED_EVENTS
                                               and (ab.condition or {}).get("self_suspended")) \
                or ab.zone not in ("battlefield", "graveyard", "command", "exile"):  # (a card that dies is not yet
            # in the graveyard as its "dies" abilities trigger: engine/triggers.py leaves; "command": eminence's)
            out.append(f"triggered ability from {ab.zone}")  # only these events are checked there
        for name in evs:
            if name == "tapped_for_mana" and len(evs) == 1:  # engine/player_statics.py, engine/triggers.py
                if is_mana_trigger(ab) and not mana_trigger_supported(ab):  # 605.1b: others use the stack
                    out.append("mana trigger other than adding fixed mana")
                continue
            if name not in TRIGGER_EVENTS and name not in ALIASES:
                out.append(f"trigger {name}")
        if trig.get("filter"):
            bad = unknown_keys(trig["filter"])
            if bad:
                out.append(f"trigger filter {sorted(bad)}")
        if set(evs) & {"dies", "ltb"} and _has_key((ab.effects, ab.targets), _COMBAT_WITH_SELF):
            # "when SELF dies, destroy all creatures blocking or blocked by it": the source has left the
            # battlefield, and engine/filters.py reads those blocks only of a source still there
            out.append("blocks of a source that left the battlefield")
        if "cast" in evs and "Creature" in ((trig.get("filter") or {}).get("not_types") or ()) and any(
                e.op in ("restrict", "pump", "grant", "counters") and e.args.get("what") == "it" for e in ab.effects):
            # "Whenever you cast a noncreature spell, ... put a +1/+1 counter on SELF and it can't be blocked this
            # turn" (Sahagin): "it" is SELF there, but a cast trigger's "it" names the spell (603.2)
            out.append("a cast trigger's 'it' read as the spell where it names a permanent")
        if set(evs) & {"dies", "ltb"} and not trig.get("self") and any(
                isinstance(v, dict) and v.get("power_of") == "self" or isinstance(v, dict)
                and v.get("toughness_of") == "self" for t in ab.targets for v in t.filter.values()):
            # "Whenever another creature dies, ... SELF's power": engine/targets.py reads SELF's power as it last
            # existed (608.2h) from the event only when SELF is the event's object ("When SELF dies, ...")
            out.append("a target filter reads SELF's power after SELF left the battlefield")
        if any(k in trig and not set(evs) <= e for k, e in KEYS_OF_EVENT.items()):
            out.append("trigger options")
        if isinstance(trig.get("while"), dict):
            out.extend(f"trigger while: {p}" for p in condition_problems(trig["while"]))
        if set(trig) - KEYS or trig.get("first") and not set(evs) <= {"lose_life", "gain_life", "cast", "surveil",
                                                                      "investigate", "card_to_graveyard"} \
                and not (evs in (["becomes_target"], ["becomes_target_you"]) and trig.get("self")) \
                and not (evs == ["attacks"] and trig.get("self")) \
                or trig.get("first") and evs == ["card_to_graveyard"] and set(trig.get("filter") or {}) - {"types"} \
                or trig.get("nth") and evs not in (["cast"], ["draw"]):
            out.append("trigger options")
        if "activate" in evs and not (trig.get("loyalty") or trig.get("nonmana") or trig.get("keyword")
                                      or (trig.get("filter") or {}).get("types") == ["Planeswalker"]):
            out.append("trigger activate")  # mana abilities fire no activate event (their hot path)
    if ab.condition:
        out.extend(condition_problems(ab.condition))
    if ab.kind != "triggered" and "trigger_player_did" in repr((ab.condition, ab.effects, ab.static)):
        out.append("a fact of the trigger's player outside a triggered ability")  # "if that player ..." (603.4)
    if ab.kind == "static":
        st = ab.static or {}
        if st.get("kind") not in STATICS:
            out.append(f"static {st.get('kind')}")
        out.extend(static_problems(st))
        if st.get("kind") == "clone":
            out.extend(clone_problems(st))
        if st.get("kind") == "choose_on_enter":
            if st.get("choice") not in ENTER_CHOICES and st.get("choice") not in NAME_CHOICES \
                    and st.get("choice") not in (PLAYER_CHOICE, OPPONENT_CHOICE, OBJECT_CHOICE) \
                    and not (st.get("choice") == WORD_CHOICE and st.get("words")):
                out.append(f"choose_on_enter {st.get('choice')}")
        if st.get("kind") == "restriction" and st.get("rule") not in RULES:
            out.append(f"rule {st.get('rule')}")
        got = st.get("ability") if st.get("kind") == "grant_ability" else None
        gst = got.static if isinstance(got, Ability) and got.kind == "static" else None
        if gst and gst.get("affects", "self") != "self" and gst.get("kind") in _LAYERED \
                and gst.get("kind") not in layers.GAINED_KINDS:  # 613.1f: engine/layers.py _gained_statics
            out.append(f"a granted static of kind {gst.get('kind')} that affects other objects")
        if gst and gst.get("kind") in player_statics.KINDS:  # engine/player_statics.py reads a permanent's printed
            out.append(f"a granted static of kind {gst.get('kind')}")  # statics only ("You can't lose the game")
        if st.get("condition") and condition_problems(st["condition"]):
            out.append("static condition")
        if st.get("kind") == "enters_tapped":  # 614.1c-d, 614.12 (engine/replacement.enters_tapped)
            out.extend(f"enters tapped unless: {p}" for p in condition_problems(st.get("unless")))
            if st.get("unless_pay") and set(st["unless_pay"]) != {"life"}:
                out.append("enters tapped unless a payment other than life")
        out.extend(_cost_static_reasons(st))
        _STATIC_WALK[0] = True
        try:
            _walk({k: v for k, v in st.items() if k != "kind"}, out)
        finally:
            _STATIC_WALK[0] = False
    # a mana ability whose only cost exiles the card from its owner's hand (the spirit guides, 605.1a, 112.6i)
    from_hand_mana = ab.kind == "mana" and ab.zone == "hand" and ab.cost == _EXILE_SELF
    if ab.kind in ("activated", "mana") and ab.zone not in ("battlefield", "graveyard") and not from_hand_mana \
            and not (ab.zone == "hand" and ab.keyword in ("Cycling", "Typecycling", "Ninjutsu", "Reinforce",
                                                          "Transmute", "Forecast")) \
            and not (ab.zone == "hand" and ab.kind == "activated" and ab.cost is not None and ab.cost.reveal_self):
        # ("{B}, Reveal SELF from your hand: ...": revealed as it is activated, engine/casting.py)
        # from the hand: 702.28 cycling, 702.48 ninjutsu, 702.76 reinforce, 702.52 transmute, 702.56 forecast
        out.append(f"ability from {ab.zone}")
    if ab.kind == "mana" and ab.zone != "battlefield" and not from_hand_mana:
        out.append(f"mana ability from {ab.zone}")
    if ab.cost is not None:
        out.extend(costs.cost_problems(ab.cost, announced=ab.kind in ("activated", "mana")))
        ch = ab.cost.change or {}
        if "per" in ch:
            out.extend(f"cost change: {p}" for p in contract.amount_problems(ch["per"]))
        if "condition" in ch:
            out.extend(condition_problems(ch["condition"]))
        if ab.zone == "graveyard" and (ab.cost.tap or ab.cost.untap or ab.cost.sacrifice_self
                                       or ab.cost.return_self or ab.cost.loyalty is not None or ab.cost.remove_counters
                                       or ab.cost.put_counters):
            out.append("cost of a graveyard ability")
    return out


def _cond_keys(cond: dict[str, Any]) -> set[str]:
    """The keys of a condition, those of each part of an "all" included ("if you control a Human
    creature and a non-Human creature": both parts are about the caster)."""
    out = set(cond) - {"all"}
    for part in cond.get("all", ()):
        out |= _cond_keys(part)
    return out


def _cost_static_reasons(st: dict[str, Any]) -> list[str]:
    """The statics about casting (engine/costs.py): what of them this engine applies."""
    kind = st.get("kind")
    if kind == "optional_cost":  # paid, or not, as an optional additional cost is (engine/cast_options.py)
        c = st.get("cost")
        if not isinstance(c, Cost) or not cast_options.optional_cost_ok(c):
            return ["optional additional cost other than mana, life and objects chosen"]
        return costs.additional_problems(c)
    if kind in ("additional_cost", "alternative_cost"):
        c = st.get("cost")
        out = costs.additional_problems(c, announced=kind == "additional_cost" or costs.x_filtered(c)) \
            if isinstance(c, Cost) else ["additional cost"]
        for alt in st.get("choices", ())[1:]:  # "A or B" (601.2b): each alternative is paid as announced
            out += costs.additional_problems(alt) if isinstance(alt, Cost) else ["additional cost"]
            if costs.variable(alt) or costs.variable(c):
                out.append("additional cost alternatives with X")
        if st.get("condition") and _cond_keys(st["condition"]) - _CASTER_CONDITIONS:
            out.append(f"{kind} condition {sorted(_cond_keys(st['condition']) - _CASTER_CONDITIONS)}")
        return out
    if kind == "cost_change":
        out = costs.change_problems(st)
        # "SELF costs {2} less to cast if it's bargained": the spell's own cost paid (engine/costs.py _self_condition)
        own = {"cast_with"} if "cast_with" in (st.get("condition") or {}) else set()
        if st.get("spells") == "self" and st.get("condition") \
                and _cond_keys(st["condition"]) - _CASTER_CONDITIONS - own \
                or st.get("condition", {}).get("history") == "self_was_cast":
            out.append("cost_change condition")
        return out
    if kind in ("cant_be_countered", "unpreventable") and st.get("affects", "self") != "self":
        return [f"{kind} of other objects"]
    return []


def _spell_x(card: CardDef) -> bool:
    """Does the card's spell have an X its caster announces (601.2b: "deals X damage divided ...")?"""
    return any(ab.kind == "spell" and "'x': True" in repr([e.args for e in ab.effects]) for ab in card.abilities)


#: the statics a face-up nontraditional card's abilities have that the engine reads from the command zone: the
#: layers (613: engine/layers.py reads every static of the command zone), the players' statics
#: (engine/player_statics.py) and cost changes (engine/costs.py)
#: the statics the layers apply to permanents (613.1b-f)
_LAYERED = frozenset({"anthem", "keywords", "grant_ability", "restriction", "add_types", "lose_types", "become",
                      "set_pt", "control", "abilities_of"})
COMMAND_LAYER_STATICS = frozenset({"anthem", "keywords", "grant_ability", "restriction", "add_types", "lose_types",
                                   "become", "set_pt"})
#: the events of the casual variants' own triggers, and who may meet them
_SELF_EVENTS = {"encounter": "Phenomenon", "planeswalk_to": "Plane", "planeswalk_away": "Plane",
                "set_in_motion": "Scheme"}


def command_card_problems(card: CardDef) -> list[str]:
    """Why a plane, phenomenon, scheme, vanguard or conspiracy card does not play as written from the command zone
    (309.4, 310.5, 311.4, 312.4, 313.5; [] when it does): every ability must be one the engine runs there (statics
    the layers, the players' statics or the cost changes read; triggered abilities, whose events are checked for
    the objects of the command zone; activated abilities whose costs don't move or tap the card), its own
    triggers ("when you encounter SELF", "when you set SELF in motion") on a card of that type, and a vanguard's
    modifiers known (210, 211)."""
    out: list[str] = []
    if "Vanguard" in card.types and vanguard_modifiers(card.name, card.text) is None:
        out.append("vanguard: its hand and life modifiers are not known (210.1, 211.1)")
    if "Conspiracy" in card.types and "Double agenda" in card.keywords:
        out.append("double agenda: a conspiracy put into the command zone face down with two names is not carried out")
    for k in card.keywords:  # a keyword of its own (ascend): read of permanents and spells, not of the command zone
        if k == "Hidden agenda" and "Conspiracy" in card.types:
            continue  # 702.105: face down with a secretly named card until turned up (engine/conspiracy.py)
        out.append(f"command zone: keyword {k} of its own")
    for ab in card.abilities:
        if ab.kind == "static":
            st = ab.static or {}
            kind = st.get("kind")
            ok = kind in player_statics.KINDS and (not st.get("condition") or kind in player_statics.CONDITIONED) \
                or kind == "cost_change" and st.get("spells") != "self" \
                or kind in COMMAND_LAYER_STATICS and isinstance(st.get("affects"), dict)
            if not ok:
                out.append(f"command zone: static {kind} not read from the command zone")
        elif ab.kind == "triggered":
            t = ab.trigger or {}
            ev_of = t.get("event")
            events: list[Any] = list(ev_of) if isinstance(ev_of, list) else [ev_of]
            for ev in events:
                if ev in _SELF_EVENTS and _SELF_EVENTS[ev] not in card.types:
                    out.append(f"command zone: trigger {ev} on a card that is no {_SELF_EVENTS[ev]}")
                elif t.get("self") and ev not in _SELF_EVENTS:
                    out.append(f"command zone: trigger on its own {ev}: it never leaves the command zone")
        elif ab.kind in ("activated", "mana"):
            c = ab.cost
            if c is None or c.tap or c.untap or c.sacrifice_self or c.exile_self or c.bottom_self or c.return_self \
                    or c.loyalty is not None:
                out.append("command zone: an activated ability whose cost moves, taps or untaps the card")
        elif ab.kind == "spell":
            out.append("command zone: a spell ability on a card that is never cast")
    return out
def _waterbend_elsewhere(card: CardDef) -> bool:
    """Does a cost with waterbend (a later keyword action) appear anywhere but as an activated ability's cost (an
    additional or alternative cost of a spell, a keyword's cost, a cost an instruction asks for)?"""
    def walk(x: Any, top: bool) -> bool:
        if isinstance(x, Cost):
            return x.waterbend and not top
        if isinstance(x, Ability) and x.kind == "static" and x.static and x.static.get("kind") == "additional_cost" \
                and not x.static.get("choices"):  # a spell's printed additional cost: paid with the help of tapped
            return False  # artifacts and creatures (engine/cast_options.py waterbend_cap, the "waterbend" row)
        if isinstance(x, Ability):
            return (x.cost is not None and walk(x.cost, x.kind == "activated")) or walk(x.static, False) \
                or any(walk(e.args, False) for e in x.effects) or any(walk(m, False) for m in x.modes)
        if isinstance(x, dict):
            return any(walk(v, False) for v in x.values())
        if isinstance(x, (list, tuple)):
            return any(walk(v, False) for v in x)
        return False
    return any(walk(a, False) for a in card.abilities) or walk(card.keyword_args, False)


def unsupported_reasons(card: CardDef) -> list[str]:
    """Why the engine cannot play this card as written ([] when it can). Fixed for the card (a compiled card never
    changes), so worked out once per card: a deck's cards are asked when it is dealt and again as the game starts
    (engine/manual.py is_manual, for each new card in the game)."""
    return list(_reasons(card))


@per_object
def _reasons(card: CardDef) -> tuple[str, ...]:
    """``unsupported_reasons`` worked out."""
    return tuple(_unsupported_reasons(card))


def _unsupported_reasons(card: CardDef) -> list[str]:
    """``unsupported_reasons`` worked out, as a list."""
    out = [f"text: {s}" for s in card.unsupported]
    out += [f"runs: {p}" for p in contract.problems(card)]  # what the runtime cannot evaluate (engine/contract.py)
    if unpayable(card.mana_cost):  # cast from the pool (117.7); {S} is not tracked
        out.append(f"mana cost symbols {unpayable(card.mana_cost)}")
    for k in card.keywords:
        if k in facedown.MORPHS and facedown.morph_cost(card) is not None:
            continue  # 702.36: cast face down, turned face up for a mana cost (engine/facedown.py)
        if k == "Hidden agenda" and "Conspiracy" in card.types:
            continue  # 702.105: put into the command zone face down with a named card (engine/conspiracy.py)
        if k == "Aftermath" and card.layout == "aftermath":
            continue  # the keyword of an aftermath card's half: cast by the whole card's (engine/cast_options.py)
        if k == "Cleave" and overload.cleave_of(card) is not None:
            continue  # cast for its cleave cost without the bracketed words (a later keyword; engine/overload.py)
        if k == "Overload" and overload.overload_of(card) is not None:
            continue  # 702.95: cast with "target" changed to "each" for a mana cost (engine/overload.py)
        if k == "Fuse" and card.layout in transform.SPLIT_LAYOUTS:
            if card.faces and transform.fused(card) is None:
                out.append("fuse: a half it cannot cast fused")  # 702.101 (engine/transform.py fused)
            continue  # 702.101a: each half alone, or both from the hand (the face repeats the keyword)
        if k == "Splice" and splice.splice_of(card) is not None:
            continue  # 702.46: its text copied onto a spell being cast (engine/splice.py)
        if k == "Mutate" and mutate.mutate_of(card) is not None:
            continue  # mutate (a later keyword): cast for a mana cost, merged with its target (engine/mutate.py)
        if k == "Awaken" and awaken.awaken_of(card) is not None:
            continue  # 702.112: cast for a mana cost with one more spell ability (engine/awaken.py)
        if k == "Bestow" and bestow.bestow_cost(card) is not None:
            continue  # 702.102: cast as an Aura for a mana cost (engine/bestow.py)
        if k == "Escalate" and cast_options.escalate_cost(card) is not None:
            continue  # added to the total cost for each mode beyond the first (engine/casting.py)
        if k == "Prototype" and prototype.prototype_of(card) is not None:
            continue  # cast with its prototype characteristics (engine/prototype.py)
        if k == "Plot" and cast_options.plot_cost(card) is not None:
            continue  # the plot special action and its cast permission (engine/casting.py, engine/zones_cast.py)
        if k not in KEYWORDS and k not in KEYWORD_TEXT and not cast_options.implemented(k, card):
            # KEYWORD_TEXT: its abilities are checked below; cast_options: the ways of casting
            out.append(f"keyword {k}")
    if any(a.kind == "static" and a.static and a.static.get("x_reduce") for a in card.abilities) and (
            "X" in card.mana_cost or any("'x': True" in repr(a) for a in card.abilities
                                         if not (a.static and a.static.get("x_reduce")))):
        # "you may exile any number of white cards from your hand" is announced as X (601.2b): a card with an X of its
        # own (the Marches: "{X}{W}") would read the two as one number
        out.append("an additional cost of any number of objects on a card with an X of its own")
    paid_exile = any(a.kind == "static" and a.static and a.static.get("kind") == "additional_cost"
                     and isinstance(a.static.get("cost"), Cost) and (a.static["cost"].exile_from_graveyard
                                                                     or a.static["cost"].exile_from_hand)
                     for a in card.abilities)
    linked_exile = any(a.kind == "static" and a.static and a.static.get("kind") == "exile_on_enter"
                       for a in card.abilities)
    for ab in card.abilities:
        if ab.keyword in ("Equip",):
            pass
        reasons = ability_reasons(ab)
        if linked_exile:  # "As SELF enters, exile an instant or sorcery card from your graveyard. SELF's power and
            reasons = [x for x in reasons if x != "amount mv_of 'exiled'"]  # toughness are each equal to the exiled
            # card's mana value" (Living Lore): the card exiled with it (607.2a, engine/values.py static_refs)
        if paid_exile and ab.kind == "spell":  # "As an additional cost to cast SELF, exile an instant or sorcery card
            reasons = [x for x in reasons if x != "amount mv_of 'exiled'"]  # from your graveyard" (601.2h; Draconic
        out.extend(reasons)  # Intervention): the card its cost exiled
    got = awaken.awaken_of(card) if "Awaken" in card.keywords else None
    if got is not None:  # the spell ability awaken adds (702.112a) plays too
        out.extend(ability_reasons(next(a for a in got[1].abilities if a.kind == "spell")))
    got = mutate.mutate_of(card) if "Mutate" in card.keywords else None
    if got is not None:  # the mutating spell's ability (mutate, a later keyword) plays too
        out.extend(ability_reasons(next(a for a in got[1].abilities if a.kind == "spell")))
    if any(not isinstance(q, str) or q not in LANDWALK_QUALITIES for q in card.keyword_args.get("Landwalk") or []):
        out.append("landwalk quality")
    for k in ("Kicker", "Flashback", "Buyback"):
        c = card.keyword_args.get(k)
        if k not in card.keywords:
            continue
        if not isinstance(c, Cost) or not cast_options.keyword_cost_ok(c):
            out.append(f"{k} cost other than mana")  # only mana, life and chosen objects are paid (601.2f-h)
        elif unpayable(c.mana):
            out.append(f"{k} cost symbols {unpayable(c.mana)}")
        else:
            # its filters, read as an additional cost's; "Discard X cards" announced with the spell's X (601.2b)
            out += [f"{k} {p}" for p in costs.additional_problems(c, announced=_spell_x(card))]
    out.extend(cast_options.storm_problems(card))
    if _waterbend_elsewhere(card):  # paid with the help of tapped artifacts and creatures only as an activated
        out.append("waterbend other than an activated ability's cost")  # ability's cost (engine/casting.py)
    if "Toxic" in card.keywords and not isinstance(card.keyword_args.get("Toxic"), int):
        out.append("toxic with no number")
    if card.keyword_args.get("Protection") and not all(protection_supported(q)
                                                      for q in card.keyword_args["Protection"]):
        out.append("protection quality")
    if card.keyword_args.get("Hexproof from") and not all(protection_supported(q)
                                                          for q in card.keyword_args["Hexproof from"]):
        out.append("hexproof from quality")  # read as protection's qualities are (engine/targets.py)
    if COMMAND_CARDS & set(card.types):
        out += command_card_problems(card)
    for face in card.faces:  # the other faces play too (708, 709, 711); their text is in card.unsupported
        out += [f"({face.name}) {r}" for r in unsupported_reasons(face) if not r.startswith("text: ")]
    return out
