"""Triggered abilities (CR 603): trigger events, look-back, APNAP order, targets.

An event is a plain dict {"event": name, ...}. Every permanent's triggered abilities
(and, for leaves-the-battlefield events, those of the object as it last existed on the
battlefield: 603.10) are checked against it; the ones that trigger wait in
``game.triggered`` until a player would receive priority, then go on the stack in APNAP
order (603.3b), each player ordering their own, with targets chosen then (603.3d).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine import cast_options, extra_phases, player_statics, seats
from engine.ability_index import index
from engine.cards.compiler.keywords import KEYWORD_ABILITIES
from engine.decision_kinds import named_option
from engine.errors import IllegalAction
from engine.filters import chosen_player, matches
from engine.memo import in_game, per_object
from engine.replacement import enter_replacements
from engine.state import Obj, works_from_command
from engine.targets import (
    check_targets,
    counts_of,
    divided_damage,
    division,
    normalize_targets,
    share_groups,
    target_candidates,
    with_counts,
    with_x,
)
from engine.values import cast_kind_matches, condition, first_combat_over

if TYPE_CHECKING:
    from engine.cards.abilities import TargetSpec
    from engine.game import Game
    from engine.layers import Chars
    from engine.state import Decision, Obj

OBJECT_EVENTS = {"etb", "dies", "ltb", "attacks", "blocks", "becomes_blocked", "unblocked", "cast", "tapped",
                 "becomes_blocked_by",  # once for each creature blocking it (509.1h); "it": that blocker
                 "blocks_creature",  # once for each creature it blocks (509.4); "it": that attacker
                 "exploits",
                 "phases_in", "phases_out",  # 702.25: it phased in / out (engine/phasing.py)
                 "exerted",  # a permanent was exerted (a later keyword action: engine/actions.py exert)
                 # crew and saddle (later keywords, Kaladesh and Outlaws of Thunder Junction): a creature tapped to pay
                 # a Vehicle's crew cost "crews" it, one tapped to pay a Mount's saddle cost "saddles" it ("crewed": the
                 # Vehicle or Mount; engine/costs.py _pay); a Vehicle "becomes crewed" as its crew ability resolves
                 "crews", "saddles", "becomes_crewed",
                 "fights",  # 701.10: each creature that fought (engine/ops/damage.py)
                 "untapped", "deals_damage", "dealt_damage", "combat_damage_player",
                 "combat_damage_creature", "combat_damage", "damage_player", "damage_opponent",
                 "combat_damage_walker",  # combat damage to a planeswalker (engine/actions.py; 510.2)
                 # a creature's combat damage of one step, to whatever it was dealt: once per source, "that much" its
                 # total (510.2: combat damage is dealt at once; engine/actions.py)
                 "deals_combat_damage",
                 "attacks_or_blocks", "etb_or_dies", "etb_or_attacks", "cycle",
                 "becomes_target", "becomes_target_spell", "becomes_target_opponent",
                 "becomes_target_you",  # "... of a spell or ability you control" (the targeting one's controller)
                 "becomes_target_spell_opponent", "blocks_flying",
                 "becomes_target_spell_you",  # "... of a spell you control"
                 "becomes_target_player",  # "whenever you become the target of a spell or ability ..." (115.1)
                 "activate", "leaves_graveyard", "attacks_alone", "monstrous", "renowned", "transforms",
                 "attacks_saddled",  # saddle (a later keyword, Outlaws of Thunder Junction): engine/combat.py
                 "turned_face_up",  # 702.36e, 701.31b: engine/facedown.py
                 "last_time_counter_removed",  # 702.62a (vanishing): engine/ops/objects.py
                 "last_counter_removed",  # the last counter of a kind removed (``counter``): engine/ops/objects.py
                 "counters_put",  # one or more counters of a kind (``counter``) put on a permanent (121.6)
                 "counters_removed",  # one or more counters of a kind removed from a permanent (counters_removed)
                 "plotted",  # a card became plotted (plot, a later keyword: engine/casting.py plot)
                 "haunted_dies",  # 702.54c: the creature a card in exile haunts died (leaves, below)
                 "mutates",  # a mutating spell merged with it (mutate, a later keyword: engine/mutate.py)
                 "explores",  # explore (a later keyword action, Ixalan): engine/ops/actions.py
                 "unattached",  # an Aura or Equipment stopped being attached to a permanent (701.3; unattached below)
                 "attached",  # an Aura, Equipment or Fortification became attached to something (701.3a; attached)
                 "class_level",  # a Class became a level (``level``; a later rule: engine/ops/actions.py)
                 "unlock_door",  # a Room's doors (``doors``) became unlocked (a later layout: engine/rooms.py)
                 "chapter"}  # a Saga's lore counters rose past a chapter number (a later rule: engine/saga.py)
PLAYER_EVENTS = {"draw", "gain_life", "lose_life", "discard", "scry", "you_attack", "sacrifice",
                 "chaos", "planar_die", "planar_roll",  # 901.9: the roller of the planar die (engine/planechase.py)
                 "pay_life",  # 119.4: a player paid life (engine/actions.py lose_life, paid)
                 "surveil",  # a later keyword action (Guilds of Ravnica): engine/ops/zones.py
                 "collect_evidence",  # a later keyword action (MKM): engine/ops/actions.py, engine/costs.py
                 "solve",  # a player's Case became solved (a later rule, MKM: engine/ops/actions.py)
                 "investigate",  # 701.33a: engine/ops/objects.py (the token op of "investigate")
                 "player_counters",  # a player gets counters of a kind (121.1; ``counter``): engine/ops/objects.py
                 "loses_game",  # 603.9: a player loses or leaves the game (engine/leave.py)
                 "creature_to_graveyard",  # a creature put into that player's graveyard from the battlefield
                 "card_to_graveyard",  # a card (not a token) put into its owner's graveyard from anywhere (404.2)
                 "searched",  # a player searched their own library (701.15a): engine/ops/zones.py
                 "clash",  # 701.20b: a player clashed ("won": whether that player won the clash): engine/ops/control.py
                 "coin_flip",  # 705.1: a player flipped a coin they called ("won": whether they won the flip): flip
                 "roll_dice",  # a player rolled one or more dice (a later rule, AFR): engine/ops/control.py roll
                 "dungeon_completed",  # a player completed a dungeon (a later rule: engine/dungeon.py)
                 "crime",  # a player committed a crime (a later rule, Outlaws of Thunder Junction): became_targets
                 "expend",  # a player expended N (a later keyword action, Bloomburrow): expend below
                 "ring_tempts",  # the Ring tempted a player (a later keyword action: engine/ops/ring.py)
                 "targets_chosen",  # a spell or ability's targets were chosen (became_targets): one event for all
                 # a player attacked a player with one or more creatures (508.1b): engine/combat.py; "player" is the
                 # attacking player, "defender" the one attacked
                 "player_attacked",
                 "becomes_monarch",  # a player became the monarch (a later designation: engine/ops/actions.py)
                 "proliferate",  # a player proliferated (701.24; engine/ops/actions.py)
                 "day_night",  # day became night or night became day (a later rule: engine/transform.py; no player)
                 "plays_land",  # a player played a land (305.1: a special action; engine/casting.py play_land)
                 "fully_unlock",  # a player fully unlocked a Room (a later layout: engine/rooms.py)
                 "counters_spell"}  # a spell or ability a player controls countered a spell (701.5a; ops/objects.py)
#: Events this engine fires (a card triggering on anything else is unsupported).
SUPPORTED = OBJECT_EVENTS | PLAYER_EVENTS | {"step", "state", "to_graveyard",
                                             "room",  # a dungeon's room ability: put by engine/dungeon.py
                                             # a phenomenon encountered, a plane planeswalked to (310.5, 701.21d:
                                             # engine/planechase.py), a scheme set in motion (904.9: archenemy.py)
                                             "encounter", "planeswalk_to", "planeswalk_away", "set_in_motion",
                                             "reflexive"}  # "when you do, ...": put by the reflexive op
# to_graveyard: "when SELF is put into your graveyard from your library / from anywhere" (to_graveyard below:
# only the card's own ability, from the graveyard it went to)
#: Trigger keys _match understands (a trigger with any other key is unsupported).
KEYS = frozenset({"event", "self", "attached", "filter", "or_self", "batch", "who", "first", "nth", "step",
                  "whose", "loyalty", "noncombat", "your_turn", "nonmana", "limit_per_turn", "min_attackers",
                  "blocking_self", "most_life", "or_copy", "defending", "other", "dealt_by", "condition",
                  "greater_power_attacker", "counter", "sacrificed", "untapped", "cast_from", "to", "damaged",
                  "from", "chapter", "main_phase", "by_filter", "other_filter",
                  "combat", "or_attached", "to_self", "source_filter",
                  "walker_attacked",  # "an opponent attacks a planeswalker you control with one or more creatures"
                  "by_opponent",  # "when a spell or ability an opponent controls causes you to discard SELF"
                  "spell",  # becomes_target_player: the targeting object is a spell, not an ability
                  "keyword",  # activate: the activated ability is that keyword's ("SELF's outlast ability")
                  "objs",  # a delayed trigger's own objects: "when that creature dies this turn" (603.7c)
                  "each_counter",  # "whenever a +1/+1 counter is put on ...": once for each counter (603.2c)
                  "reaches",  # "when the twelfth hour counter is put on SELF": its count of them reached that number
                  "first_combat",  # "at the end of the first combat phase on your turn" (506.6d)
                  "first_step",  # "at the beginning of ... first upkeep each turn": not an additional one (500.9)
                  "level",  # "when this Class becomes level 2": the level it became
                  "amount",  # "whenever you expend 4": the total that player's mana spent this turn reached
                  "while",  # "whenever SELF attacks while you control a Dinosaur": a condition as the event happens
                  "won",  # clash: "whenever you clash and win" (701.20c); coin_flip: "whenever you win a coin flip"
                  # "whenever you put one or more +1/+1 counters on a creature" (121.6), "whenever you tap an untapped
                  # creature an opponent controls" (701.17a): the player who put them, who tapped it
                  "done_by",
                  "entered_from",  # "when SELF enters from a graveyard": the zone it came from (400.7)
                  "door"})  # "when you unlock this door": the door of the Room whose ability it is (engine/rooms.py)
# or_copy: "whenever you cast or copy ...": casting fires it, and so does a copy of a spell put onto the
# stack (engine/ops/cast.py copy_spell fires a "cast" event marked "copy", which only or_copy triggers see).
#: keys that only some events understand (engine/support.py rejects them elsewhere)
KEYS_OF_EVENT: dict[str, frozenset[str]] = {
    "other": frozenset({"cycle"}), "dealt_by": frozenset({"dies"}), "condition": frozenset({"state"}),
    # "whenever a creature attacks you", "whenever a creature deals combat damage to you" (the monarch)
    "defending": frozenset({"attacks", "combat_damage_player", "player_attacked",  # (and "opponent": the player
                            # attacked or dealt the damage is an opponent of the trigger's controller)
                            "damage_player"}),  # "whenever a source deals damage to you" (you_only, 120.3)
    "walker_attacked": frozenset({"you_attack"}), "by_opponent": frozenset({"discard"}),
    # training (a later keyword): "this creature and at least one other creature with greater power attack"
    "greater_power_attacker": frozenset({"attacks"}),
    "first_combat": frozenset({"step"}), "first_step": frozenset({"step"}),
    # "when you sacrifice SELF" (its leaving, 603.6c); "when SELF enters untapped" (603.6a)
    "sacrificed": frozenset({"ltb"}), "untapped": frozenset({"etb"}),
    # "whenever you cast a spell from anywhere other than your hand" / "from your graveyard" (601.2a)
    "cast_from": frozenset({"cast"}),
    # "when SELF is put into your graveyard from your library": the zone it came from (400.7)
    "from": frozenset({"to_graveyard", "card_to_graveyard"}),
    # "when SELF dies or is put into exile from the battlefield": where it went (603.6c)
    "to": frozenset({"ltb",
                     "leaves_graveyard"}),  # "one or more cards are put into exile from your graveyard" (its zone)
    # "whenever SELF deals damage to a creature": what was dealt the damage (120.3)
    "damaged": frozenset({"deals_damage"}),
    # a Saga's chapter number: its lore counters went from fewer to at least that many (engine/saga.py)
    "chapter": frozenset({"chapter"}),
    "level": frozenset({"class_level"}),  # a Class's level (a later rule, Adventures in the Forgotten Realms)
    "door": frozenset({"unlock_door"}),  # a Room's door (a later layout, Duskmourn)
    # "whenever you cast an instant spell during your main phase" (505.1)
    "main_phase": frozenset({"cast", "crews", "saddles"}),
    # "becomes the target of an instant or sorcery spell": the spell that targets it (601.2c)
    "by_filter": frozenset({"becomes_target_spell", "becomes_target_spell_opponent", "becomes_target_spell_you"}),
    # "blocks or becomes blocked by a non-Wall creature": the creature it blocks or that blocks it (509.1h)
    "other_filter": frozenset({"blocks_creature", "becomes_blocked_by"}),
    # "whenever SELF is dealt combat damage" (510.2), "whenever a creature deals combat damage to SELF": combat only
    "combat": frozenset({"dealt_damage", "deals_damage"}),
    # "whenever a source deals damage to SELF" (120.3): the object dealt the damage is this one
    "to_self": frozenset({"deals_damage",
                          "attached"}),  # "whenever an Aura becomes attached to SELF" (701.3a)
    # "whenever an opponent is dealt damage by a red instant or sorcery spell you control" (120.3): the source
    "source_filter": frozenset({"dealt_damage"}),
    # "whenever you become the target of a spell" (Dormant Gomazoa): not of an ability
    "spell": frozenset({"becomes_target_player"}),
    "keyword": frozenset({"activate"}),
    "each_counter": frozenset({"counters_put", "counters_removed"}), "reaches": frozenset({"counters_put"}),
    "done_by": frozenset({"counters_put", "tapped"}), "entered_from": frozenset({"etb"}),
    "amount": frozenset({"expend"})}
#: Events a triggered ability of a card in a graveyard is checked against (Spit Flame, Squee, Goblin
#: Nabob, Aurora Eidolon, Phoenix Chick; 112.6b)
GRAVEYARD_EVENTS = frozenset({"etb", "step", "cast", "draw", "gain_life", "sacrifice", "you_attack",
                              "combat_damage_player", "creature_to_graveyard", "to_graveyard",
                              "dies",  # "whenever a creature is put into your graveyard ..., if SELF is in your
                              # graveyard" (Bridge from Below): leaves checks the graveyards for dies
                              "leaves_graveyard",  # "a creature card leaves an opponent's graveyard"
                              # "whenever you surveil, if SELF is in your graveyard" (Blood Operative), "whenever one
                              # or more +1/+1 counters are put on a creature you control" (Moss-Pit Skeleton), "whenever
                              # a land card is put into a graveyard from anywhere" (Centaur Vinecrasher), "whenever you
                              # attack with one or more Rats" (Persistent Marshstalker)
                              "surveil", "counters_put", "card_to_graveyard", "attacks",
                              "discard",  # "when you discard SELF": the card, now in the graveyard (701.8)
                              "dealt_damage",  # "whenever an opponent is dealt damage by ..., return SELF from
                              # your graveyard" (Chandra's Phoenix)
                              "turned_face_up",  # "whenever a permanent you control is turned face up, you may
                              # return SELF from your graveyard" (Deathmist Raptor)
                              "crime",  # "whenever you commit a crime, you may pay {B}. If you do, return SELF from
                              # your graveyard to the battlefield" (Forsaken Miner; committing a crime, a later rule:
                              # became_targets)
                              # "whenever you scry, ... you may exile this card from your graveyard" (Council's
                              # Deliberation), "when you proliferate, return this card from your graveyard"
                              # (Voidwing Hybrid), "whenever day becomes night or night becomes day, ... return this
                              # card" (Sunstreak Phoenix), "whenever you activate an exhaust ability, return this
                              # card" (Afterburner Expert)
                              "scry", "proliferate", "day_night", "activate",
                              # "whenever you complete a dungeon, you may return this card from your graveyard"
                              # (Dungeon Crawler), "whenever you fully unlock a Room" (Fear of Infinity), "when the
                              # Ring tempts you, return this card from your graveyard" (Ringwraiths): later rules'
                              "dungeon_completed", "fully_unlock", "ring_tempts"})

ALIASES = {"attacks_or_blocks": ("attacks", "blocks"), "etb_or_dies": ("etb", "dies"),
           "blocks_or_blocked": ("blocks", "becomes_blocked"),  # "whenever enchanted creature blocks or becomes
           # blocked" (Gift of the Woods): either event (509.1a, 509.1h)
           "etb_or_attacks": ("etb", "attacks"),
           "combat_damage": ("combat_damage_player", "combat_damage_creature", "combat_damage_walker"),
           # "deals combat damage to a player or planeswalker" (510.2)
           "combat_damage_player_or_walker": ("combat_damage_player", "combat_damage_walker")}


def _events_of(trig: dict[str, Any]) -> set[str]:
    e = trig.get("event")
    names: set[Any] = set(e) if isinstance(e, list) else {e}
    out: set[str] = set()
    for n in names:
        out |= set(ALIASES.get(n, (n,)))
    return out


def triggered_of(abilities: list[Any]) -> tuple[Any, ...]:
    """The triggered abilities in a list of abilities (603.1)."""
    return index(abilities).triggered


def _triggers(g: "Game", oid: int, chars: "Chars | None" = None):
    c = chars or g.chars(oid)
    ctl = c.controller
    return [(ab, ctl) for ab in triggered_of(c.abilities)]


def _match(g: "Game", src: int, controller: str, trig: dict[str, Any], ev: dict[str, Any]) -> bool:
    name = ev["event"]
    if "your_turn" in trig and seats.is_active(g, controller) != trig["your_turn"]:
        return False  # "... during your turn" / "during an opponent's turn": the ability's controller's turn or not
    names = _events_of(trig)
    if name == "becomes_target":
        if not ("becomes_target" in names or "becomes_target_spell" in names and ev["spell"]
                or "becomes_target_opponent" in names and ev["player"] != controller
                or "becomes_target_you" in names and ev["player"] == controller
                or "becomes_target_spell_opponent" in names and ev["spell"] and ev["player"] != controller
                or "becomes_target_spell_you" in names and ev["spell"] and ev["player"] == controller):
            return False
        if "by_filter" in trig and not matches(g, ev["by"], trig["by_filter"], src, controller):
            return False  # "becomes the target of an instant or sorcery spell": the spell, as it is cast (601.2c)
        if trig.get("first") and not ev.get("first_by_player" if "becomes_target_you" in names else "first"):
            return False  # "... [you control] for the first time each turn" (became_targets)
    elif name == "blocks" and "blocks_flying" in names and "blocks" not in names:
        # "whenever SELF blocks a creature with flying"
        if not any(a in g.objects and "Flying" in g.chars(a).keywords for a in ev.get("attackers", ())):
            return False
    elif name not in names:
        return False
    if name == "becomes_target_player":  # "whenever you become the target of a spell [or ability] [an opponent
        # controls]": you are one of its targets (115.1); the spell or ability is "that spell" (603.2)
        return ev.get("target_player") == controller and (not trig.get("spell") or bool(ev.get("spell"))) \
            and (trig.get("who") != "opponent" or ev.get("player") != controller)
    if "counter" in trig and ev.get("kind") != trig["counter"]:
        return False  # "the last intervention counter"
    if "entered_from" in trig:  # "whenever SELF or another creature enters from your graveyard" (400.7: Game.move
        o = g.objects.get(ev["obj"]) if isinstance(ev.get("obj"), int) else None  # marks where it entered from)
        if o is None or o.chosen.get("entered_from") != "graveyard" \
                or trig["entered_from"] == "your_graveyard" and o.owner != controller:
            return False  # (a card is only ever in its owner's graveyard, 404.1)
    if trig.get("done_by") == "you" and ev.get("by") != controller:
        return False  # "whenever you put one or more -1/-1 counters on a creature" (121.6), "whenever you tap ..."
    if "while" in trig and not condition(g, trig["while"], src, {"controller": controller}):
        return False  # "whenever SELF attacks while you control a Dinosaur": true as the event happens (603.2)
    if "other_filter" in trig:  # "blocks or becomes blocked by a non-Wall creature": the other creature (509.1h)
        other = ev.get("blocker", ev.get("blocked"))
        if not isinstance(other, int) or other not in g.objects or not matches(g, other, trig["other_filter"], src,
                                                                                controller):
            return False
    if "level" in trig and ev.get("level") != trig["level"]:
        return False  # "when this Class becomes level 2"
    if "door" in trig and trig["door"] not in ev.get("doors", ()):
        return False  # "when you unlock this door": that door of the Room, not the other
    if name == "chapter" and not ev["from"] < trig.get("chapter", 0) <= ev["to"]:
        return False  # a chapter ability: lore counters became at least its number from fewer (engine/saga.py)
    if "cast_from" in trig:  # the zone the spell was cast from (601.2a)
        s = g.objects.get(ev["obj"]) if isinstance(ev.get("obj"), int) else None
        zone = s.chosen.get("cast_from") if s is not None else None
        want = trig["cast_from"]
        if zone is None or ("not" in want and zone == want["not"]) or ("in" in want and zone not in want["in"]):
            return False
    if "to" in trig and ev.get("to") not in trig["to"]:
        return False  # "... or is put into exile from the battlefield": the zone it went to (603.6c)
    if "reaches" in trig:  # "when the twelfth hour counter is put on SELF": from fewer than N to N or more (121.6)
        oid = ev.get("obj")
        o = g.objects.get(oid) if isinstance(oid, int) else None
        now = o.counters.get(str(ev.get("kind")), 0) if o is not None else 0
        if not now - int(ev.get("amount", 0)) < int(trig["reaches"]) <= now:
            return False
    if "damaged" in trig:  # "whenever SELF deals damage to a creature": the object dealt damage, as it is now
        t = ev.get("target")  # ("... to a player or planeswalker": a player too, when the filter names players)
        if not (isinstance(t, int) and t in g.objects or isinstance(t, str) and t in g.players) \
                or not matches(g, t, trig["damaged"], src, controller):
            return False
    if trig.get("sacrificed") and not ev.get("sacrificed"):
        return False  # "when you sacrifice SELF": it left the battlefield by being sacrificed (701.14a)
    if trig.get("untapped") and (ev.get("obj") not in g.objects or g.objects[ev["obj"]].tapped):
        return False  # "when SELF enters untapped": as it entered (603.6a)
    if trig.get("first") and name == "card_to_graveyard" and not _first_to_graveyard(g, ev, trig.get("filter") or {}):
        return False  # "for the first time each turn"
    if trig.get("first") and name in ("lose_life", "gain_life", "surveil", "investigate", "attacks") \
            and not ev.get("first"):
        return False  # "for the first time each turn"
    if name == "cast" and ev.get("copy") and not trig.get("or_copy"):
        return False  # 706.10a: a copy is not cast; only "whenever you cast or copy ..." sees it
    if name == "cast" and (trig.get("first") or trig.get("nth")):
        spell_kind = {k: v for k, v in (trig.get("filter") or {}).items() if k != "zone"}
        if trig.get("first") and spell_kind:  # "their first noncreature spell each turn": the first of that kind
            # (601.2i: as each became cast)
            if sum(1 for k in g.players[ev["player"]].cast_kinds_turn if cast_kind_matches(k, spell_kind)) != 1:
                return False
        elif g.players[ev["player"]].spells_cast_turn != trig.get("nth", 1):
            return False  # "your first / second spell each turn"
    if name == "draw" and trig.get("nth") and ev.get("nth") != trig["nth"]:
        return False  # "whenever you draw your second card each turn"
    if name == "you_attack" and trig.get("walker_attacked") and not any(
            isinstance(g.objects[i].attacking, int) and g.objects[i].attacking in g.objects
            and g.controller_of(g.objects[i].attacking) == controller for i in g.battlefield):
        return False  # 508.1b: one of the attackers attacks a planeswalker the trigger's controller controls
    if name == "player_attacked" and trig.get("min_attackers"):  # "whenever two or more creatures you control attack
        # a player": that many of the creatures attacking that player (508.1b), of that kind
        kind = trig.get("filter")
        if sum(1 for i in ev.get("attackers", ()) if i in g.objects
               and (kind is None or matches(g, i, kind, src, controller))) < trig["min_attackers"]:
            return False
    if name in ("attacks", "you_attack") and trig.get("min_attackers"):  # "... and at least two other creatures attack"
        kind = trig.get("filter") if name == "you_attack" else None  # "you attack with five or more Soldiers"
        if sum(1 for i in g.battlefield if g.objects[i].attacking is not None
               and (kind is None or matches(g, i, kind, src, controller))) < trig["min_attackers"]:
            return False
    if name == "attacks" and trig.get("greater_power_attacker"):  # training: another attacker with greater power
        power = g.chars(src).power
        if not any(i != src and g.objects[i].attacking is not None and g.chars(i).controller == controller
                   and g.chars(i).power > power for i in g.battlefield):
            return False
    if name == "activate":  # only abilities that are not mana abilities fire it (605)
        who = trig.get("who", "you")
        if who == "you" and ev["player"] != controller or who == "opponent" and ev["player"] == controller:
            return False
        if trig.get("loyalty") and not ev.get("loyalty"):
            return False
        if trig.get("keyword"):  # "whenever you activate SELF's outlast ability": the ability of that keyword
            s = g.objects.get(ev.get("ability", -1))
            want = trig["keyword"]  # one keyword, or any of a list ("an eternalize or embalm ability")
            if s is None or s.ability is None or s.ability.keyword not in (want if isinstance(want, list) else [want]):
                return False
    if name == "step":
        want = trig.get("step")  # a list: "at the beginning of each of your main phases" (505.1: both of them)
        if (ev["step"] not in want) if isinstance(want, list) else want != ev["step"]:
            return False
        if trig.get("first_combat") and first_combat_over(g):  # 506.6d: a combat phase of this turn ended before
            return False
        if trig.get("first_step") and extra_phases.steps_begun(g, ev["step"]) > 1:  # 500.9: an additional one
            return False
        whose = trig.get("whose", "you")
        if whose in ("you", "you_next") and not seats.is_active(g, controller):
            return False
        if whose in ("opponent", "other") and seats.is_active(g, controller):
            return False  # ("each other player's": any player's turn but the controller's)
        if whose in ("attached_player", "attached_controller"):  # "at the beginning of enchanted player's upkeep"
            # (a Curse), "... of enchanted creature's controller's upkeep": that player's own step (303.4)
            o = g.objects.get(src)
            t = o.attached_to if o is not None else None
            who = t if whose == "attached_player" else g.controller_of(t) if isinstance(t, int) else None
            return isinstance(who, str) and who == g.active
        if whose == "chosen_player":  # "at the beginning of the chosen player's upkeep": chosen as it entered (614.12)
            return chosen_player(g, src) == g.active
        return True
    if name == "cast":
        who = trig.get("who", "you")
        if who == "you" and ev["player"] != controller or who == "opponent" and ev["player"] == controller \
                or who == "attached_player" and ev["player"] != _enchanted_player(g, src):
            return False  # "whenever you cast" / "whenever an opponent casts" / "whenever enchanted player casts"
        if "your_turn" in trig and seats.is_active(g, controller) != trig["your_turn"]:
            return False  # "during an opponent's turn" / "during your turn"
        if trig.get("main_phase") and not (seats.is_active(g, controller) and g.step in ("main1", "main2")):
            return False  # "during your main phase" (505.1)
    if trig.get("main_phase") and name in ("crews", "saddles") \
            and not (seats.is_active(g, controller) and g.step in ("main1", "main2")):
        return False  # "whenever SELF saddles a Mount or crews a Vehicle during your main phase" (505.1)
    if trig.get("noncombat") and ev.get("combat") or trig.get("combat") and not ev.get("combat"):
        return False
    if "won" in trig and bool(ev.get("won")) != bool(trig["won"]):
        return False  # "whenever you clash and win" (701.20c), "whenever you win / lose a coin flip" (705.1)
    if name == "discard" and trig.get("self"):  # "when you discard SELF" (701.8): the card itself, in the graveyard
        if ev["obj"] != src:
            return False
        if trig.get("by_opponent") and not (ev.get("cause") is not None and ev["cause"] != controller):
            return False  # "when a spell or ability an opponent controls causes you to discard SELF"
        return True
    if name == "cycle":  # 702.28c, 702.28e: "when you cycle SELF", "whenever a player cycles a card"
        if trig.get("self"):
            return ev["obj"] == src
        if trig.get("other") and ev["obj"] == src:
            return False  # "whenever you cycle another card"
        return trig.get("who", "you") == "any" or ev["player"] == controller
    if name == "targets_chosen" and not (controller in ev.get("players", ())
                                         or controller in ev.get("objs_controllers", ())):
        return False  # "you and/or at least one permanent you control" (their controllers as targets were chosen)
    if name == "expend" and ev.get("amount") != trig.get("amount"):
        return False  # "whenever you expend 4": as the fourth mana is spent, not another (expend below)
    if name == "player_attacked" and trig.get("defending") == "attached_player" \
            and ev.get("defender") != _enchanted_player(g, src):
        return False  # "whenever a player attacks enchanted player with one or more creatures" (a Curse, 303.4)
    if name in PLAYER_EVENTS or name == "dealt_damage" and "who" in trig:
        who = trig.get("who", "you")
        p = ev.get("player")
        if "your_turn" in trig and seats.is_active(g, controller) != trig["your_turn"]:
            return False  # "whenever you commit a crime during your turn" (the trigger's controller's turn, 500)
        if who == "you" and p != controller or who in ("opponent", "other") and p in (controller, None) \
                or who == "attached_player" and p != _enchanted_player(g, src):
            return False
        want = trig.get("from")  # "... from anywhere other than the battlefield": {"not": zone}
        if want is not None and (ev.get("from") == want["not"] if isinstance(want, dict) else ev.get("from") != want):
            return False  # "... put into your graveyard from your library" (the zone it left, 603.6c)
        if "source_filter" in trig:  # "is dealt damage by a red instant or sorcery spell you control" (120.3)
            s_ = ev.get("source")
            if not isinstance(s_, int) or s_ not in g.objects or not matches(g, s_, trig["source_filter"], src,
                                                                                controller):
                return False
        f = trig.get("filter")
        if f and "obj" in ev:
            if name in ("discard", "sacrifice", "card_to_graveyard"):
                f = dict(f)
                f.setdefault("zone", "graveyard")  # the discarded card / sacrificed permanent, now there
            if not matches(g, ev["obj"], f, src, controller):
                return False
        return True
    obj = ev.get("obj")
    if trig.get("defending") == "you":  # "whenever a creature attacks you or a planeswalker you control"
        t = ev.get("target")
        if t != controller and not (isinstance(t, int) and t in g.objects and g.controller_of(t) == controller):
            return False
    if trig.get("defending") in ("opponent", "opponent_or_walker"):  # "attacks one of your opponents [or a
        # planeswalker an opponent controls]" (508.1b); "deals combat damage to one of your opponents" (510.2)
        t = ev.get("target") if name == "attacks" else ev.get("player", ev.get("target"))
        whose = t if isinstance(t, str) else g.controller_of(t) if trig["defending"] == "opponent_or_walker" \
            and isinstance(t, int) and t in g.objects else None
        if whose is None or whose not in seats.opponents(g, controller):
            return False
    if trig.get("defending") == "you_only" and ev.get("target") != controller:
        return False  # "whenever a creature attacks you": you, not a planeswalker you control (508.1b)
    if trig.get("defending") == "attached_player" and ev.get("target") != _enchanted_player(g, src):
        return False  # "whenever a creature attacks enchanted player" (a Curse, 303.4)
    if name == "damage_player" or name == "combat_damage_player" or name == "combat_damage_walker":
        # the player dealt damage, or the damaged planeswalker's controller (510.2)
        if trig.get("who") == "opponent" and ev.get("player", ev.get("target")) == controller:
            return False
    if trig.get("most_life"):  # dethrone (702.104a): it attacks the player with the most life or tied
        t = ev.get("target")
        if t not in g.players or g.players[t].life < max(g.players[p].life for p in g.order):
            return False
    if trig.get("blocking_self") and src not in ev.get("attackers", ()):
        return False  # "whenever a creature ... blocks SELF" (flanking, 702.24a)
    if name == "dies" and trig.get("dealt_by"):  # "a creature dealt damage by SELF (equipped creature) this turn dies"
        if isinstance(trig["dealt_by"], list):  # "... by that creature": the objects a delayed trigger watches (603.7c)
            if not any(x in ev.get("damaged_by", ()) for x in trig["dealt_by"]):
                return False
        else:
            by = src if trig["dealt_by"] == "self" else g.objects[src].attached_to if src in g.objects else None
            if by is None or by not in ev.get("damaged_by", ()):
                return False
    if "objs" in trig:  # "When that creature dies this turn, ...": the objects the delayed trigger was made for,
        return obj in trig["objs"]  # whatever they are now (603.7c)
    if trig.get("to_self"):  # "whenever a source deals damage to SELF": that source, of the filter if any (120.3)
        if ev.get("target") != src:
            return False
        return "filter" not in trig or obj is not None and obj in g.objects and matches(g, obj, trig["filter"], src,
                                                                                          controller)
    if trig.get("or_attached") and obj is not None and src in g.objects and g.objects[src].attached_to == obj:
        return True  # "whenever SELF or enchanted creature attacks" (bestow, 702.102): the creature it enchants
    if trig.get("self"):
        return obj == src
    if trig.get("attached"):
        return obj is not None and src in g.objects and g.objects[src].attached_to == obj
    f = trig.get("filter")
    if trig.get("or_self") and obj == src:
        return True
    if f is not None:
        if name == "cast":
            f = dict(f)
            f.setdefault("zone", "stack")
        return obj is not None and obj in g.objects and matches(g, obj, f, src, controller)
    # "whenever you cast a spell", "whenever you activate an ability" (of any source: 602.1, the activate event's)
    return name in ("cast", "activate") and trig.get("who", "you") in ("you", "any") and \
        (trig.get("who", "you") == "any" or ev.get("player") == controller)


def batch_key(g: "Game") -> Any:
    """The batch the event happening now belongs to (_batch_key)."""
    return _batch_key(g)


def _first_to_graveyard(g: "Game", ev: dict[str, Any], f: dict[str, Any]) -> bool:
    """"... are put into your graveyard from anywhere for the first time each turn": no card of the filter's types
    went to that player's graveyard earlier this turn, in another event (Player.to_graveyard_turn)."""
    p = g.players.get(str(ev.get("player")))
    if p is None:
        return False
    turn, seen = p.to_graveyard_turn
    now = _batch_key(g)
    types = set(f.get("types", ()))
    return turn != g.turn or not any(b != now and (not types or types & kinds) for b, kinds in seen)


def _enchanted_player(g: "Game", src: int) -> str | None:
    """The player an Aura with "enchant player" is attached to (303.4), None when it enchants no player."""
    o = g.objects.get(src)
    t = o.attached_to if o is not None else None
    return t if isinstance(t, str) else None


def _batch_key(g: "Game") -> Any:
    """Events of one batch happen at once: one effect of a resolution, or one turn-based action
    or state-based check (outside a resolution: the step; triggers go on the stack between
    batches, so a pending one of the same step belongs to this batch)."""
    r = g.resolving
    return (r["obj"], r["i"]) if r is not None else (g.turn, g.step)


def _in_range(g: "Game", controller: str, ev: dict[str, Any]) -> bool:
    """801.7: with limited range of influence, an ability triggers only on an event entirely
    within its controller's range: the players it names and the objects it moves or names
    (an object by its controller, or its owner once it has left, 801.7a)."""
    for k in ("player", "target", "obj", "attackers"):
        xs = ev.get(k)
        for x in xs if isinstance(xs, list) else (xs,):
            if isinstance(x, str) and x in g.players:
                who = x
            elif isinstance(x, int) and x in g.objects:
                o = g.objects[x]
                who = g.controller_of(x) or o.owner if o.zone in ("battlefield", "stack") else o.owner
            else:
                continue
            if not seats.in_range(g, controller, who):
                return False
    return True


#: the events of a creature being declared as an attacker (508.1, 508.2a): what "a creature attacking" causes
_ATTACK_EVENTS = frozenset({"attacks", "attacks_saddled", "attacks_alone", "you_attack"})


def _cause_count(g: "Game", src: "Obj", controller: str, ev: dict[str, Any], permanent: bool) -> int:
    """603.2 with the statics about what an event causes: how many times an ability that an object entering or
    dying triggers triggers. 0 while "FILTER entering (or dying) don't cause abilities [of permanents your
    opponents control] to trigger" speaks of it (Torpor Orb, Hushbringer); once more for each "If a FILTER
    entering/dying causes a triggered ability of a permanent you control to trigger, that ability triggers an
    additional time" of the ability's controller (Panharmonicon, Teysa Karlov: a permanent's ability, the dying
    creature's own "when SELF dies" included, 603.10), for each "If a creature (you control) attacking causes ..."
    (Isshin: an ability triggered by a creature being declared as an attacker, 508.2a), and for each "If a
    triggered ability of a FILTER you control triggers, that ability triggers an additional time" whose FILTER its
    source matches (Annie Joins Up: any event; the source as it last existed when it left, 603.10). 1 else."""
    name = ev["event"]
    if name == "etb":
        cause: str | None = "etb"
    elif name in ("dies", "ltb") and ev.get("to") == "graveyard" and "Creature" in ev.get("types", ()):
        cause = "dies"  # 700.4: a creature put into a graveyard from the battlefield
    elif name in _ATTACK_EVENTS:
        cause = "attacks"
    else:
        cause = None
    sts = player_statics.statics(g, "trigger_cause")
    if not sts:
        return 1
    n = 1
    for sid, ctl, st in sts:
        if cause not in st["causes"] and "any" not in st["causes"]:
            continue
        whose = st.get("whose")
        if whose == "you" and (not permanent or controller != ctl):
            continue  # "a triggered ability of a permanent you control"
        if whose == "opponent" and (not permanent or controller == ctl):
            continue  # "abilities of permanents your opponents control"
        if "source" in st:  # "a triggered ability of a legendary creature you control": its source (603.2)
            if not matches(g, src.id, st["source"], sid, ctl):
                continue
        elif cause == "etb":
            if not matches(g, ev["obj"], st["affects"], sid, ctl):
                continue
        elif cause == "attacks":  # the attacking creature; "whenever you attack": any of the player's attackers
            objs = [ev["obj"]] if ev.get("obj") is not None else [
                i for i in g.battlefield
                if g.objects[i].attacking is not None and g.controller_of(i) == ev.get("player")]
            if not any(matches(g, i, st["affects"], sid, ctl) for i in objs):
                continue
        elif st["affects"].get("types") and not set(st["affects"]["types"]) & set(ev.get("types", ())):
            continue  # the dying object's types as it last existed (603.10)
        if not st.get("times"):
            return 0
        n += 1
    return n


def _add(g: "Game", src: "Obj", ab: Any, controller: str, ev: dict[str, Any],
         permanent: bool = True) -> dict[str, Any] | None:
    """Ability ``ab`` of ``src`` (controlled by ``controller``; ``permanent``: a permanent's, or the leaving one's as
    it last existed, not an emblem's or a card's in a graveyard) triggers on ``ev`` (603.2): the pending trigger,
    or None when it does not (or joins a batch already pending)."""
    if g.influence is not None and not _in_range(g, controller, ev):
        return None
    times = _cause_count(g, src, controller, ev, permanent)
    if times == 0:
        return None
    occurrences = max(1, int(ev.get("amount", 1))) if ab.trigger.get("each_counter") else 1  # "whenever a +1/+1
    # counter is put on SELF": once for each counter (603.2c)
    if ab.condition is not None:
        if not condition(g, ab.condition, src.id, {"trigger": ev, "controller": controller}):
            return None  # 603.4: an intervening "if" clause
    batch = _batch_key(g) if ab.trigger.get("batch") else None
    if batch is not None:
        # "whenever one or more ...": one trigger for all the objects of one event batch (603.2c);
        # "it"/"they" are all of them and "that many" is their number
        joined = False
        for t in g.triggered:  # each of its triggerings, when it triggered more than once (603.2)
            if t["source"] == src.id and t["ability"] is ab and t.get("batch") == batch:
                joined = True
                if ev.get("obj") not in t["info"]["objs"]:
                    t["info"]["objs"].append(ev.get("obj"))
                    t["info"]["amount"] = len(t["info"]["objs"])
        if joined:
            return None
    limit = ab.trigger.get("limit_per_turn")
    if limit:  # "This ability triggers only once each turn." (a batch's later objects join the one trigger above)
        key = "fired:" + ab.text
        turn, n = src.chosen.get(key, (None, 0))
        n = n if turn == g.turn else 0
        if n >= limit:
            return None
        occurrences = min(occurrences, limit - n)  # an event of several occurrences (603.2c) triggers it that often
        if src.zone not in ("battlefield", "stack"):  # an emblem, a designation (speed), a card: objects off the
            src = g.objects[src.id] = src.copy()  # battlefield are shared by a game's copies, replaced, never changed
        src.chosen[key] = (g.turn, n + occurrences)
    times *= occurrences
    if batch is not None:
        for _ in range(times):
            info = dict(ev, objs=[ev.get("obj")], amount=1)
            t = {"controller": controller, "ability": ab, "source": src.id, "card": src.card, "info": info,
                 "batch": batch}
            g.triggered.append(t)
        return t
    info = dict(ev)
    if ev["event"] == "you_attack":  # "whenever you attack with two or more non-Gideon creatures, put a +1/+1 counter
        # on each of those creatures": the attacking creatures (of that kind) as the attackers are declared (508.1)
        kind = ab.trigger.get("filter")
        info["objs"] = [i for i in g.battlefield if g.objects[i].attacking is not None
                        and g.controller_of(i) == ev.get("player")
                        and (kind is None or matches(g, i, kind, src.id, controller))]
    for _ in range(times):  # "that ability triggers an additional time": separate triggers (603.2)
        t = {"controller": controller, "ability": ab, "source": src.id, "card": src.card, "info": dict(info)}
        g.triggered.append(t)
    return t


def to_graveyard(g: "Game", n: "Obj", frm: str) -> None:
    """The card ``n`` was just put into its owner's graveyard from the zone ``frm``: its own abilities that
    trigger on that ("When SELF is put into your graveyard from your library, you may put it onto the
    battlefield", Narcomoeba; "... from anywhere", Emrakul) trigger from the graveyard, where the card now is
    (603.2, 603.6a-like: the new object's abilities, 400.7; controlled by its owner, 112.6b)."""
    for ab in _graveyard_triggers(n.card):
        t = ab.trigger
        if t.get("event") == "to_graveyard" and t.get("self") and t.get("from", frm) == frm:
            _add(g, n, ab, n.owner, {"event": "to_graveyard", "obj": n.id, "player": n.owner, "from": frm},
                 permanent=False)


#: Events a triggered ability of a card in exile is checked against, its own only: "Whenever a time counter is
#: removed from SELF while it's exiled" (Aeon Chronicler), "When the last time counter is removed from SELF while
#: it's exiled" (Riftmarked Knight): 112.6, as suspend's own abilities work there (702.61a)
EXILE_EVENTS = frozenset({"counters_removed", "last_time_counter_removed", "plotted"})
#: Events a suspended card's "if SELF is suspended" triggered abilities are checked against in exile (112.6,
#: 603.4): "Whenever an opponent casts a spell" (Deep-Sea Kraken), "Whenever a card is put into an opponent's
#: graveyard from anywhere" (Nihilith), "At the beginning of each player's upkeep" (Curse of the Cabal)
SUSPENDED_EVENTS = frozenset({"cast", "card_to_graveyard", "step"})


@per_object
def _exile_triggers(card: Any) -> tuple:
    """A card's triggered abilities that work in exile while it is suspended (112.6, 702.61b)."""
    return tuple(ab for ab in card.abilities if ab.kind == "triggered" and ab.zone == "exile"
                 and ab.trigger is not None and (ab.condition or {}).get("self_suspended"))


@per_object
def _graveyard_triggers(card: Any) -> tuple:
    """A card's triggered abilities that work in a graveyard (112.6b)."""
    return tuple(ab for ab in card.abilities if ab.kind == "triggered" and ab.zone == "graveyard"
                 and ab.trigger is not None)


#: event names that also reach triggers listening under another name (_match)
_ALSO = {"becomes_target_spell": "becomes_target", "becomes_target_opponent": "becomes_target",
         "becomes_target_you": "becomes_target",
         "becomes_target_spell_opponent": "becomes_target", "becomes_target_spell_you": "becomes_target",
         "blocks_flying": "blocks"}


def _listened(g: "Game", cs: dict[int, Any]) -> dict[str, list[int]]:
    """For each event some triggered ability on the battlefield waits for, the permanents whose
    abilities wait for it, in the order of the battlefield; kept with the characteristics they come
    from (an event is matched only against the abilities that may trigger on it, 603.2)."""
    kept = g.__dict__.get("_listened")
    if kept is not None and kept[0] is cs:
        return kept[1]
    out: dict[str, list[int]] = {}
    for oid in g.battlefield:
        for ab in triggered_of(cs[oid].abilities):
            for n in _events_of(ab.trigger):
                for name in (n, _ALSO[n]) if n in _ALSO else (n,):
                    at = out.setdefault(name, [])
                    if not at or at[-1] != oid:
                        at.append(oid)
    g._listened = (cs, out)
    return out


def _block_partner(g: "Game", oid: int, other: int) -> None:
    """Keep, on ``oid``, the characteristics of ``other``, a creature it blocked or that blocked it this turn (the
    list replaced, never changed in place: copies of the game share the object's ``chosen`` values)."""
    o, x = g.objects.get(oid), g.objects.get(other)
    if o is None or x is None:
        return
    c = g.chars(other)
    kind = (frozenset(c.types), frozenset(c.supertypes), frozenset(c.subtypes), frozenset(c.colors))
    turn, kinds = o.chosen.get("block_partners") or (0, ())
    o.chosen["block_partners"] = (g.turn, (*(kinds if turn == g.turn else ()), kind))


def event(g: "Game", ev: dict[str, Any]) -> None:
    """Check every permanent's triggered abilities against one event (603.2)."""
    name = ev["event"]
    if name == "dealt_damage" and ev.get("player") and ev.get("amount", 0) > 0:
        pl = g.players[ev["player"]]
        # "creature that dealt damage to you this turn": the sources of this turn (a new list each turn)
        pl.damaged_by_turn = [*(pl.damaged_by_turn if pl.damaged_turn == g.turn else ()), int(ev.get("source", -1))]
        pl.damaged_turn = g.turn  # "if an opponent was dealt damage this turn"
        g.turn_state_changed()  # a static may read it ("can't attack unless an opponent has been dealt damage")
    if name == "attacks" or name == "blocks":  # per-turn fact: it attacked or blocked this turn
        o = g.objects.get(ev["obj"])
        if o is not None:
            o.chosen["combat_turn"] = g.turn
            o.chosen["combat_no"] = g.combat_no  # "if SELF attacked or blocked this combat" (506.1: this combat phase)
            if name == "attacks":
                # "whenever SELF attacks for the first time each turn": it had not attacked this turn (400.7)
                ev["first"] = o.chosen.get("attacked_turn") != g.turn
                o.chosen["attacked_turn"] = g.turn  # boast: "if this creature attacked this turn"
            if name == "blocks":  # "creature that blocked this turn" (509.1a)
                o.chosen["blocked_turn"] = g.turn
                for a in ev.get("attackers", ()):  # "... that blocked or was blocked by a Zombie this turn": the kinds
                    _block_partner(g, o.id, a)     # of each creature of the block, as it was declared (509.1a, 509.1h)
                    _block_partner(g, a, o.id)
            if name == "attacks" and o.controller in g.players:  # "if you attacked this turn" (508.1j)
                g.players[o.controller].attacked_turn = g.turn
    if name == "becomes_blocked" and ev["obj"] in g.objects:  # "creature that was blocked this turn" (509.1h)
        g.objects[ev["obj"]].chosen["was_blocked_turn"] = g.turn
    cs = g.all_chars()
    for oid in _listened(g, cs).get(name, ()):
        c = cs[oid]
        for ab in triggered_of(c.abilities):
            if _match(g, oid, c.controller, ab.trigger, ev):
                _add(g, g.objects[oid], ab, c.controller, ev)
    for p in g.order:  # 113.4: an emblem's triggered abilities work from the command zone
        for cid in g.players[p].command:
            em = g.objects[cid]
            if works_from_command(em.card):  # the monarch too; a face-up plane, scheme, vanguard (901.7, 904.8,
                # 902.7): controlled by its controller (109.4a-e: the planar controller's for a plane)
                for ab in [a for a in em.card.abilities if a.kind == "triggered" and a.trigger]:
                    if ab.trigger is not None and _match(g, cid, em.controller, ab.trigger, ev):
                        _add(g, em, ab, em.controller, ev, permanent=False)
            else:  # a card's ability that works in the command zone ("if SELF is in the command zone", eminence)
                for ab in em.card.abilities:
                    if ab.kind == "triggered" and ab.zone == "command" and ab.trigger is not None \
                            and _match(g, cid, em.owner, ab.trigger, ev):
                        _add(g, em, ab, em.owner, ev, permanent=False)
    used = [e for e in g.effects if e["layer"] == "trigger" and _delayed_event(g, e, ev) and e.get("once")] \
        if g.effects else None
    if used:  # 603.7c: "when you next ...": a delayed trigger that triggers once
        g.effects = [e for e in g.effects if not any(e is u for u in used)]
    if name in GRAVEYARD_EVENTS and in_game(g, _graveyard_triggers):  # 112.6b: an ability that says it works
        # from a graveyard does there (no card in the game has one: no graveyard to look through)
        for p in g.order:
            for cid in g.players[p].graveyard:
                card_obj = g.objects[cid]
                for ab in _graveyard_triggers(card_obj.card):
                    if _match(g, cid, p, ab.trigger, ev):
                        _add(g, card_obj, ab, p, ev, permanent=False)
    if name in SUSPENDED_EVENTS:  # 112.6: "if SELF is suspended": a suspended card's abilities in exile (702.61b)
        for p in g.order:
            for cid in g.players[p].exile:
                ex = g.objects[cid]
                if "Suspend" in ex.card.keywords:
                    for ab in _exile_triggers(ex.card):
                        if _match(g, cid, p, ab.trigger, ev):
                            _add(g, ex, ab, p, ev, permanent=False)
    if name in EXILE_EVENTS and isinstance(ev.get("obj"), int):  # 112.6: a card's own ability that works in exile
        exiled = g.objects.get(ev["obj"])
        if exiled is not None and exiled.zone == "exile":
            for ab in exiled.card.abilities:
                if ab.kind == "triggered" and ab.zone == "exile" and ab.trigger is not None \
                        and _match(g, exiled.id, exiled.owner, ab.trigger, ev):
                    _add(g, exiled, ab, exiled.owner, ev, permanent=False)
    # a spell's own "when you cast" trigger (603.2, zone stack)
    if ev["event"] in ("cast", "cycle", "exploits") and not ev.get("copy"):  # and a cycled card's (702.28c),
        # and that of a creature that exploited itself (702.109a)
        o = g.objects.get(ev["obj"])
        if o is not None and o.zone != "battlefield":
            granted = [KEYWORD_ABILITIES[k] for k in ev.get("granted", ())]  # "spells you cast have storm" (702.39a)
            for ab in [*o.card.abilities, *granted]:
                if ab.kind == "triggered" and ab.trigger and ab.trigger.get("self") and \
                        ev["event"] in _events_of(ab.trigger):
                    _add(g, o, ab, o.controller, ev, permanent=False)


def tapped_for_mana(g: "Game", player: str, oid: int, produced: list[str] | tuple[str, ...] = (),
                    pick: Callable[[int], list[str]] | None = None) -> list[tuple[int, int]]:
    """``player`` tapped the permanent ``oid`` for mana (its mana ability made ``produced``): the triggered
    mana abilities of that event resolve at once (605.1b, 605.4a: engine/player_statics.py); the other
    triggers of it ("Whenever a player taps a land for mana, SELF deals 1 damage to that player") wait to
    go on the stack as any triggered ability does (603.3), "that player" the one who tapped it. Returns the
    (source, amount) of the mana of any color still to be chosen when no ``pick`` chooses it (106.1a)."""
    asked: list[tuple[int, int]] = []
    for src, ctl, ab in player_statics.tapped_for_mana(g, player, oid, produced, pick, asked):
        _add(g, g.objects[src], ab, ctl, {"event": "tapped_for_mana", "obj": oid, "player": player})
    return asked


def became_targets(g: "Game", s: "Obj") -> None:
    """The objects a spell or ability targets become its targets when they are chosen (601.2c,
    602.2b, 603.3d); "becomes the target" abilities trigger then and wait until it is on the
    stack. One event per object, however many of its target slots name it (603.2c)."""
    seen: list[int] = []
    for slot in s.targets:
        for x in slot:
            if isinstance(x, int) and x not in seen and x in g.objects:
                seen.append(x)
    for x in seen:
        # "for the first time each turn": the first time this turn it became a target of any spell or ability, and of
        # one that player controls (valiant, an ability word of Bloomburrow); a new object starts afresh (400.7)
        turn, by = g.objects[x].chosen.get("targeted_turn", (0, []))
        by = list(by) if turn == g.turn else []
        if g.objects[x].zone not in ("battlefield", "stack"):  # a card in a graveyard, in exile: objects off the
            g.objects[x] = g.objects[x].copy()  # battlefield are shared by a game's copies, replaced, never changed
        g.objects[x].chosen["targeted_turn"] = (g.turn, [*by, s.controller])
        event(g, {"event": "becomes_target", "obj": x, "by": s.id, "spell": s.ability is None,
                  "player": s.controller, "first": not by, "first_by_player": s.controller not in by})
    players = [x for slot in s.targets for x in slot if isinstance(x, str) and x in g.players]
    for p in dict.fromkeys(players):  # "whenever you become the target of a spell or ability" (a player, 115.1)
        event(g, {"event": "becomes_target_player", "target_player": p, "by": s.id, "spell": s.ability is None,
                  "player": s.controller})
    if seen or players:  # "whenever you and/or at least one permanent you control becomes the target of a spell or
        # ability an opponent controls": once for the spell or ability, whatever it targets (603.2c)
        event(g, {"event": "targets_chosen", "by": s.id, "spell": s.ability is None, "player": s.controller,
                  "objs": list(seen), "players": list(dict.fromkeys(players)),
                  "objs_controllers": [g.controller_of(x) for x in seen]})
    if _is_crime(g, s, seen, players):
        g.players[s.controller].crime_turn = g.turn
        g.turn_state_changed()  # a static may read it ("as long as you've committed a crime this turn")
        event(g, {"event": "crime", "by": s.id, "player": s.controller})


def _is_crime(g: "Game", s: "Obj", objs: list[int], players: list[str]) -> bool:
    """Committing a crime (a later rule, Outlaws of Thunder Junction; not in the 2016 rules): a player commits a
    crime as they cast a spell, activate an ability, or put a triggered ability onto the stack that targets an
    opponent, a permanent, spell or ability an opponent controls, or a card in an opponent's graveyard; once for
    that spell or ability, however many such targets it has (as 603.2c counts one event once)."""
    if s.controller not in g.players:
        return False
    foes = set(g.opponents(s.controller))
    if foes & set(players):
        return True
    for x in objs:
        o = g.objects[x]
        if o.zone in ("battlefield", "stack") and g.controller_of(x) in foes \
                or o.zone == "graveyard" and o.owner in foes:
            return True
    return False


def expend(g: "Game", player: str, n: int) -> None:
    """Expend (a later keyword action, Bloomburrow; not in the 2016 rules): a player expends N as they spend their
    Nth total mana to cast spells during a turn. ``n`` more mana was just spent so (601.2h: engine/payment.py
    pay_mana); one event for each total it reached, so "whenever you expend 4" triggers once a turn at most."""
    if n <= 0 or player not in g.players:
        return
    pl = g.players[player]
    turn, before = pl.mana_spent_turn
    before = before if turn == g.turn else 0
    pl.mana_spent_turn = (g.turn, before + n)
    for total in range(before + 1, before + n + 1):
        event(g, {"event": "expend", "player": player, "amount": total})


def counters_put(g: "Game", oid: int, kind: str, n: int, by: str | None = None) -> None:
    """One or more counters of ``kind`` were put on the permanent ``oid`` by one event ("whenever one or more
    +1/+1 counters are put on a creature you control"); 121.6: given as it enters too (``enters``). ``by``: the
    player who put them ("whenever you put one or more -1/-1 counters on a creature"): the controller of the spell
    or ability whose effect or cost put them (609.2, 602.1a), of the source whose damage became them (702.79a,
    702.89c); by default the permanent's controller, who puts the counters it enters with (121.6, 614.1c)."""
    o = g.objects.get(oid)
    if n > 0 and o is not None and o.zone == "battlefield":
        ctl = g.controller_of(oid)
        who = by if by is not None else ctl
        if kind == "+1/+1" and who in g.players and "Creature" in g.chars(oid).types:
            _plus_counters_put(g, o, who, n, who == ctl)
        event(g, {"event": "counters_put", "obj": oid, "kind": kind, "amount": n, "player": ctl, "by": who})


def _plus_counters_put(g: "Game", o: "Obj", who: str, n: int, own: bool) -> None:
    """Keep what "you've put +1/+1 counters on ... this turn" reads (121.6, a later wording): the player's count of
    the turn, all of them and those on creatures they control, and on the creature the players who put some on it
    (the tuples replaced, never changed in place: copies of the game share them)."""
    p = g.players[who]
    turn, every, mine = p.plus_counters_turn
    if turn != g.turn:
        every = mine = 0
    p.plus_counters_turn = (g.turn, every + n, mine + (n if own else 0))
    turn, by = o.chosen.get("plus_put_turn") or (0, ())
    by = by if turn == g.turn else ()
    if who not in by:
        o.chosen["plus_put_turn"] = (g.turn, (*by, who))
    g.turn_state_changed()  # a static may read it ("as long as you've put one or more +1/+1 counters ...")


def counters_removed(g: "Game", oid: int, kind: str, n: int) -> None:
    """One or more counters of ``kind`` were removed from the permanent ``oid`` by one event: a cost (606.4, 118.3),
    damage to a planeswalker (119.3c), an effect or a state-based action (704.5r); ``n`` the number actually
    removed ("whenever one or more loyalty counters are removed from SELF, she deals that much damage", Chandra,
    Fire Artisan: 5 damage to her with 3 loyalty counters removes 3)."""
    o = g.objects.get(oid)
    if n > 0 and o is not None and o.zone in ("battlefield", "exile"):  # (a card in exile: its own abilities, 112.6)
        event(g, {"event": "counters_removed", "obj": oid, "kind": kind, "amount": n,
                  "player": g.controller_of(oid) if o.zone == "battlefield" else o.owner})


def last_time_counter_removed(g: "Game", oid: int) -> None:
    """The last time counter was removed from ``oid``: from a permanent (vanishing, 702.62a), or from a card in exile
    ("When the last time counter is removed from SELF while it's exiled"; and suspend's own cast, 702.61a)."""
    o = g.objects.get(oid)
    if o is None or o.zone not in ("battlefield", "exile"):
        return
    if o.zone == "exile" and "Suspend" in o.card.keywords:
        cast_options.last_counter_removed(g, oid)  # 702.61a: "if it's exiled, play it without paying its mana cost"
    event(g, {"event": "last_time_counter_removed", "obj": oid,
              "player": g.controller_of(oid) if o.zone == "battlefield" else o.owner})


def enters(g: "Game", o: "Obj") -> None:
    """An object entered the battlefield: 'enters' replacements (614.1c) then ETB triggers; the counters it
    entered with were put on it (121.6)."""
    enter_replacements(g, o)
    for k, n in list(o.counters.items()):
        counters_put(g, o.id, k, n)
    c = g.all_chars().get(o.id)  # "that creature's power" as it entered, should it leave (608.2h; evolve)
    if c is not None and "Land" in c.types and c.controller in g.players:
        # a per-turn fact: "if you had a land enter the battlefield under your control this turn" (landfall, 207.2c)
        g.players[c.controller].land_entered_turn = g.turn
    if c is not None and c.controller in g.players:  # "if an artifact entered the battlefield under your control
        # this turn": what entered, as it entered (a per-turn fact, cleared as the next turn begins, 500.1)
        g.players[c.controller].entered_kinds_turn.append((frozenset(c.types), frozenset(c.supertypes),
                                                           frozenset(c.subtypes), frozenset(c.colors)))
        g.turn_state_changed()  # a static may read it ("as long as two or more nonland permanents entered ...")
    event(g, {"event": "etb", "obj": o.id, "player": o.controller,
              "pt": (c.power, c.toughness, c.is_creature()) if c is not None else None,
              **({"x": o.x} if o.x else {})})  # the X of the spell it was (game.move), for its own ETB triggers


def attached(g: "Game", oid: int, to: Any) -> None:
    """``oid`` (an Aura, Equipment or Fortification on the battlefield) became attached to ``to`` (701.3a, 303.4f):
    "Whenever an Aura becomes attached to SELF" (Brood Keeper), "Whenever SELF becomes attached to a creature"."""
    if oid in g.objects and g.objects[oid].zone == "battlefield" and to is not None:
        event(g, {"event": "attached", "obj": oid, "target": to, "player": g.controller_of(oid)})


def unattached(g: "Game", oid: int, frm: int) -> None:
    """``oid`` (an Aura or Equipment on the battlefield) stopped being attached to ``frm``: "Whenever SELF becomes
    unattached from a permanent, sacrifice that permanent" (Grafted Wargear; "that permanent" is ``frm``). Its own
    leaving the battlefield, and the permanent's, are seen by ``leaves`` (603.10)."""
    event(g, {"event": "unattached", "obj": oid, "unattached_from": frm, "player": g.controller_of(oid)})


def _dealt_this_turn(g: "Game", o: "Obj") -> int:
    """The damage dealt to permanent ``o`` this turn (119.3), removed or not since (regeneration, 701.12a)."""
    turn, n = o.chosen.get("dealt_turn") or (None, 0)
    return int(n) if turn == g.turn else 0


def leaves(g: "Game", o: "Obj", before: "Chars", to: str) -> list[dict[str, Any]]:
    """Leaves-the-battlefield triggers look back in time (603.10). An Aura or Equipment attached to ``o``, or that
    ``o`` was, becomes unattached as it leaves: "whenever SELF becomes unattached from a permanent" (603.10). A
    permanent put into the graveyard instead of entering (614.1a, engine/entering.py) never left it."""
    if o.chosen.get("entry_replaced"):
        return []
    # "dies" / "is put into a graveyard from the battlefield" (700.4); filters check the types
    ev = {"event": "dies" if to == "graveyard" else "ltb", "obj": o.id,
          "player": before.controller, "to": to, "counters": dict(o.counters),
          "pt": (before.power, before.toughness),  # 603.10: "its power" as it last existed
          "types": sorted(before.types),  # and its card types ("a creature dying", 700.4)
          "linked": list(o.chosen.get("exiled", ())),  # 607.2a: what it exiled, for "return the exiled card"
          "put_with": o.chosen.get("put_with"),  # 607.2a: the creature it put onto the battlefield (Animate Dead)
          # the player its enters trigger targeted (Laquatus's Champion)
          "linked_player": o.chosen.get("linked_player"),
          "damaged_by": list(o.damage_sources),  # the sources that dealt it damage this turn
          "dealt": _dealt_this_turn(g, o),  # the damage dealt to it this turn (119.3)
          "sacrificed": g.__dict__.get("_sacrificing") == o.id,  # 701.14a: left by being sacrificed
          "attached_to": o.attached_to}  # 603.10, 608.2h: what it was attached to ("enchanted permanent" as it left)
    evs = [ev] if ev["event"] == "ltb" else [ev, dict(ev, event="ltb")]
    if o.attached_to is not None:  # it was attached to a permanent (a leaving Grafted Wargear)
        evs.append({"event": "unattached", "obj": o.id, "unattached_from": o.attached_to,
                    "player": before.controller})
    if g.objects and any(g.objects[x].attached_to == o.id for x in g.battlefield):
        evs += [{"event": "unattached", "obj": x, "unattached_from": o.id, "player": g.controller_of(x)}
                for x in g.battlefield if g.objects[x].attached_to == o.id]  # what was attached to it
    if before.controller in g.players:  # per-turn facts: "if a creature died this turn" (700.4), "if a
        gone = g.players[before.controller]  # permanent left the battlefield under your control this turn"
        gone.left_turn = g.turn
        if "Land" not in before.types:  # "if a nonland permanent left the battlefield this turn" (void, EOE)
            gone.nonland_left_turn = g.turn
        if ev["event"] == "dies" and "Creature" in before.types:
            gone.died_turn = g.turn
    out = []
    for e in evs:
        for oid in g.battlefield:
            chars = before if oid == o.id else None
            for ab, ctl in _triggers(g, oid, chars):
                if _match(g, oid, ctl, ab.trigger, e):
                    t = _add(g, g.objects[oid], ab, ctl, e)
                    if t:
                        out.append(t)
        for p in g.order:  # 113.4, 901.7, 902.7, 904.8: an emblem's, a face-up plane's, vanguard's or scheme's
            for cid in g.players[p].command:  # "whenever a creature you control dies", from the command zone
                em = g.objects[cid]
                if not works_from_command(em.card):
                    continue
                for ab in em.card.abilities:
                    if ab.kind == "triggered" and ab.trigger is not None and _match(g, cid, em.controller,
                                                                                    ab.trigger, e):
                        t = _add(g, em, ab, em.controller, e, permanent=False)
                        if t:
                            out.append(t)
        # 603.6d: objects that left at the same time (earlier in this batch) look back too
        for ghost, gchars in getattr(g, "lki", []):
            for ab, ctl in _triggers(g, ghost.id, gchars):
                if _match(g, ghost.id, ctl, ab.trigger, e):
                    t = _add(g, ghost, ab, ctl, e)
                    if t:
                        out.append(t)
    delayed = [d for d in g.effects if d["layer"] == "trigger"] if g.effects else []
    if delayed:  # 603.7: "until end of turn, whenever a creature you control dies", "when that creature dies this
        used = []  # turn": delayed triggers look back in time too (603.10)
        for e in evs:
            for d in delayed:
                n0 = len(g.triggered)
                if _delayed_event(g, d, e):
                    out += g.triggered[n0:]
                    if d.get("once"):
                        used.append(d)
        if used:
            g.effects = [d for d in g.effects if not any(d is u for u in used)]
    if ev["event"] == "dies":
        out += _haunted_dies(g, o.id)
        # 112.6b: a card's ability that works from its owner's graveyard (Bridge from Below)
        for p in g.order if in_game(g, _graveyard_triggers) else ():
            for cid in g.players[p].graveyard:
                for ab in _graveyard_triggers(g.objects[cid].card):
                    if _match(g, cid, p, ab.trigger, ev):
                        t = _add(g, g.objects[cid], ab, p, ev, permanent=False)
                        if t:
                            out.append(t)
    if hasattr(g, "lki"):
        g.lki.append((o.copy(), before))
    return out


def creature_to_graveyard(g: "Game", owner: str, oid: int) -> None:
    """A creature was put into ``owner``'s graveyard from the battlefield: the triggered abilities of the
    other cards in that graveyard that wait for it (recover, 702.58a), which work only there (112.6b)."""
    ev = {"event": "creature_to_graveyard", "obj": oid, "player": owner}
    for cid in g.players[owner].graveyard if in_game(g, _graveyard_triggers) else ():
        if cid == oid:
            continue  # the creature itself was not in the graveyard as it was put there
        card_obj = g.objects[cid]
        for ab in _graveyard_triggers(card_obj.card):
            if "creature_to_graveyard" in _events_of(ab.trigger) and _match(g, cid, owner, ab.trigger, ev):
                _add(g, card_obj, ab, owner, ev, permanent=False)


def _haunted_dies(g: "Game", oid: int) -> list[dict[str, Any]]:
    """702.54b-c: "When the creature it haunts dies": the triggered abilities of the cards in exile
    haunting the creature that died, which trigger in the exile zone (their controller: the owner)."""
    out = []
    for p in g.order:
        for cid in g.players[p].exile:
            card_obj = g.objects[cid]
            if card_obj.chosen.get("haunting") != oid:
                continue
            ev = {"event": "haunted_dies", "obj": cid, "player": p, "haunted": oid}
            for ab in card_obj.card.abilities:
                if ab.kind == "triggered" and ab.trigger and "haunted_dies" in _events_of(ab.trigger):
                    t = _add(g, card_obj, ab, p, ev)
                    if t:
                        out.append(t)
    return out


def _delayed_event(g: "Game", e: dict[str, Any], ev: dict[str, Any]) -> bool:
    """A delayed trigger of ``e`` (engine/ops/control.py) against one event: as its source's ability when
    that object is still there, else on its own (603.7: it triggers even if its source has left)."""
    ab, ctl, src = e["ability"], e["controller"], e.get("source")
    sid: int = src if isinstance(src, int) and src in g.objects else -1
    here = sid != -1
    if ab.trigger is None or not here and ab.trigger.get("self"):
        return False
    if not _match(g, sid, ctl, ab.trigger, ev):
        return False
    if here:
        return _add(g, g.objects[sid], ab, ctl, ev, permanent=False) is not None
    if not ab.trigger.get("batch") and (g.influence is None or _in_range(g, ctl, ev)):
        g.triggered.append({"controller": ctl, "ability": ab, "source": e.get("source"), "card": e["card"],
                            "info": dict(ev)})
        return True
    return False


def step(g: "Game", name: str) -> None:
    """"At the beginning of ..." triggers (503.1, 513.1) and delayed triggers (603.7)."""
    extra_phases.step_begun(g, name)  # 500.9: how many steps of that name this turn has begun
    if name == "upkeep":
        _mark_upkeep(g)
        cast_options.suspend_upkeep(g)  # 702.61a: suspended cards lose a time counter
    event(g, {"event": "step", "step": name, "player": g.active})  # "that player": whose step it is
    keep = []
    for d in g.delayed:
        whose = d.get("whose")
        at = d["step"] == name or d["step"] == "main" and name in ("main1", "main2")  # "your next main phase"
        if d.get("turn") is not None and d["turn"] != g.turn:  # "that turn's end step": of that turn only
            if d["turn"] > g.turn:
                keep.append(d)
            continue
        if at and (d["ability"].trigger or {}).get("first_combat") and first_combat_over(g):
            at = False  # "at the end of the first combat phase" (an emblem's, 506.6d): not of a later one
        if at and (whose not in ("you", "opponent", "player")
                   or whose == "you" and seats.is_active(g, d["controller"])
                   or whose == "player" and g.active == d.get("player")  # a named player's step ("their next upkeep")
                   or whose == "opponent" and g.active in seats.opponents(g, d["controller"])):
            info = d.get("info", {})
            if whose == "opponent":  # "at the beginning of each opponent's upkeep, that player ...": whose step it is
                info = {**info, "player": g.active}
            g.triggered.append({"controller": d["controller"], "ability": d["ability"], "source": d["source"],
                                "card": d["card"], "info": info})
            if d.get("recurring"):  # "at the beginning of each of your upkeeps for the rest of the game" (702.49a)
                keep.append(d)
        else:
            keep.append(d)
    g.delayed = keep


def _mark_upkeep(g: "Game") -> None:
    """Which permanents came under the active player's control since the beginning of their
    last upkeep (echo, 702.29a): those not yet seen by one of their upkeeps under them."""
    for oid in g.battlefield:
        o = g.objects[oid]
        ctl = g.chars(oid).controller
        if not seats.is_active(g, ctl):
            continue
        if o.chosen.get("upkeep_seen") != ctl:
            o.chosen["new_since_upkeep"] = g.turn
            o.chosen["upkeep_seen"] = ctl


def trigger_x(t: dict[str, Any]) -> int:
    """The X of a triggered ability: the X paid in the event that triggered it ("when you cycle
    SELF, destroy up to X target artifacts": the cycling cost's X, 107.3a; "when you cast SELF, you gain half X
    life": the X of that spell, its own X, 107.3h), else 0. Another object's cast trigger knows no X of it, but for
    "Whenever you cast a spell with {X} in its mana cost, ... put X +1/+1 counters on it" (Zaxara, the Exemplary):
    the X named is that spell's X (107.3)."""
    ab = t["ability"]
    trig = ab.trigger or {}
    if t["info"].get("event") in ("cast", "etb") and not trig.get("self") \
            and not (t["info"].get("event") == "cast" and (trig.get("filter") or {}).get("x_in_cost")):
        return 0
    # "When SELF enters, tap enchanted creature and put X sleep counters on it" (Venarian Gold): the X chosen for
    # the spell that became it (a later rule of the comprehensive rules, after 2016, on an entering object's X;
    # 107.3f leaves the card's own X 0 elsewhere)
    x = t["info"].get("x", 0)
    return x if isinstance(x, int) and x > 0 else 0


def specs_of(t: dict[str, Any]) -> tuple[TargetSpec, ...]:
    """The target slots of a waiting triggered ability, "X targets" counted with its X (601.2c); of a
    modal one, the targets of the modes chosen (603.3c, 700.2)."""
    ab = t["ability"]
    if ab.choose and ab.modes:
        specs = with_x(tuple(s for m in t.get("modes", ()) for s in ab.modes[m].targets), trigger_x(t))
    else:
        specs = with_x(ab.targets, trigger_x(t))
    return with_counts(specs, t.get("target_counts"))  # "up to X target ..., where X is Q": counted as put (603.3d)


def _mode_range(ab: Any) -> tuple[int, int]:
    """700.2: "choose one" (1, 1), "choose two" (2, 2), "choose one or more" (1, all), "one or both"."""
    return int((ab.condition or {}).get("min_modes", ab.choose)), int(ab.choose)


def _mode_ok(g: "Game", t: dict[str, Any], m: int) -> bool:
    """A mode may be chosen only if each of its targets can be chosen (603.3c, 700.2)."""
    src = g.objects.get(t["source"]) or Obj(-1, 0, t["card"], t["controller"], "graveyard")
    return all(len(target_candidates(g, spec, src, t["controller"], t["info"])) >= spec.min
               for spec in t["ability"].modes[m].targets)


def _mode_wait(g: "Game", t: dict[str, Any]) -> dict[str, Any] | None:
    """603.3c: the controller of a modal triggered ability chooses its mode(s) as it is put on the
    stack, one question per mode ("done" once enough are chosen); None when the choice is complete
    (``t["modes"]`` set) or impossible (no mode left that can be chosen)."""
    ab = t["ability"]
    lo, hi = _mode_range(ab)
    picked: list[int] = t.setdefault("picking", [])
    left = [m for m in range(len(ab.modes)) if m not in picked and _mode_ok(g, t, m)]
    if (ab.condition or {}).get("mode_chooser") == "random" and not picked:  # "choose one at random" (Outlaws'
        t.pop("picking", None)  # Merriment): no player chooses; one of the modes that can be chosen (700.2)
        if left:
            t["modes"] = [left[g.rng.randrange(len(left))]]
        return None
    if len(picked) >= hi or not left:
        if len(picked) >= min(lo, len(picked) + len(left)) and picked:
            t["modes"] = sorted(t.pop("picking"))  # 700.2: the modes are carried out in printed order
        return None
    opts = [ab.modes[m].text for m in left] + (["done"] if len(picked) >= lo else [])
    return {"kind": "choose_option", "player": t["controller"], "options": opts, "answer_to": "trigger_mode",
            "trigger": g.triggered.index(t), "modes": left,
            "prompt": f"{t['card'].name}: choose a mode ({ab.text.splitlines()[0]})"}


def answer_mode(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """The answer to a modal triggered ability's question (603.3c): a mode, or "done"."""
    t = g.triggered[d.data["trigger"]]
    opts = list(d.options)
    opt = named_option(opts, a.get("option"))
    if opt == "done":
        t["modes"] = sorted(t.pop("picking", []))
        return
    t.setdefault("picking", []).append(d.data["modes"][opts.index(opt)])


def candidates(g: "Game", t: dict[str, Any]) -> list[list[Any]]:
    src = g.objects.get(t["source"])
    if src is None:  # look-back: a stand-in with the card's characteristics
        src = Obj(-1, 0, t["card"], t["controller"], "graveyard")
    return [target_candidates(g, spec, src, t["controller"], t["info"]) for spec in specs_of(t)]


@per_object
def _state_abilities(card: Any) -> tuple[Any, ...]:
    return tuple(ab for ab in triggered_of(list(card.abilities)) if (ab.trigger or {}).get("event") == "state")


def state_triggers(g: "Game") -> bool:
    """603.8: a state trigger triggers as soon as the game state matches its condition ("When
    you control no Islands, sacrifice SELF"), and not again while it is waiting or on the
    stack. Checked whenever a player would receive priority; True when one triggered."""
    some = g.__dict__.get("_state_any")
    if some is None or some[0] != g.next_uid:  # known once per set of physical objects
        some = g._state_any = (g.next_uid, any(_state_abilities(o.card) for o in g.objects.values()))
    if not some[1]:
        return False
    fired = False
    for oid in list(g.battlefield):
        for ab, ctl in _triggers(g, oid):
            trig = ab.trigger or {}
            if trig.get("event") != "state" or not condition(g, trig["condition"], oid, {"controller": ctl}):
                continue
            if any(t["source"] == oid and t["ability"] is ab for t in g.triggered) or any(
                    g.objects[s].source == oid and g.objects[s].ability is ab for s in g.stack):
                continue
            if _add(g, g.objects[oid], ab, ctl, {"event": "state"}) is not None:
                fired = True
    return fired


def put_on_stack(g: "Game") -> None:
    """603.3b: APNAP; each player orders their own triggers; targets as each goes on the stack.
    805.7: with shared team turns the active team puts all its players' triggers on the stack
    in the order it chooses (asked of its primary player, 805.2), then each other team."""
    done: set[str] = set()
    for player in seats.apnap(g):  # 101.4, 603.3b
        if player in done:
            continue
        team = seats.side(g, player)
        done.update(team)
        mine = [t for t in g.triggered if t["controller"] in team]
        if not mine:
            continue
        if len(mine) > 1 and not all(t.get("ordered") for t in mine):
            g.wait = {"kind": "order_triggers", "player": seats.primary(g, player)}
            return
        t = mine[0]
        ab = t["ability"]
        if ab.choose and ab.modes and "modes" not in t:
            w = _mode_wait(g, t)
            if w is not None:
                g.wait = w
                return
            if "modes" not in t:  # 603.3c: no mode can be chosen (none has legal targets): removed
                g.triggered.remove(t)
                g.log("trigger_removed", card=t["card"].name)
                return
        if specs_of(t) and "targets" not in t:
            if "target_counts" not in t:  # "up to X target ..., where X is Q": Q counted as it is put (603.3d)
                n = counts_of(g, specs_of(t), t["source"], t["info"])
                if n is not None:
                    t["target_counts"] = n
            cands = candidates(g, t)
            if any(len(c) < spec.min for c, spec in zip(cands, specs_of(t))) \
                    or not _distinct_possible(cands, specs_of(t)) \
                    or any(s.filter.get("share_type") and s.min > 1  # "two target permanents that share a type"
                           and not share_groups(g, c, s.filter["share_type"], s.min)
                           for c, s in zip(cands, specs_of(t))):
                g.triggered.remove(t)  # 603.3d: no legal targets, removed from the stack
                g.log("trigger_removed", card=t["card"].name)
                return
            # "that player chooses target ...", "... of their choice" (The Abyss, Oath of Druids): the player of
            # the event, an upkeep's player, chooses the targets (603.3d) for the controller's ability
            chooser = t["info"].get("player") if all(s.chooser == "trigger_player" for s in specs_of(t)) \
                and isinstance(t["info"].get("player"), str) else t["controller"]
            if all(s.chooser == "it_controller" for s in specs_of(t)):  # "... any target of their choice" of the
                # controller of the event's object (Pandemonium: the creature that entered, 603.3d)
                chooser = g.controller_of(t["info"].get("obj")) or chooser
            g.wait = {"kind": "trigger_targets", "player": chooser, "trigger": g.triggered.index(t)}
            return
        g.triggered.remove(t)
        _push(g, t)
        return


def _distinct_possible(cands: list[list[Any]], specs: tuple[TargetSpec, ...]) -> bool:
    """115.3, 603.3d: "target creature ..., another target creature ..., a third target creature": when a slot's
    targets must differ from the others', whether enough different candidates exist for every slot's minimum (a
    matching of the required targets to distinct candidates)."""
    if not any(s.filter.get("other_target") for s in specs):
        return True
    slots = [[str(x) for x in c] for c, s in zip(cands, specs) for _ in range(s.min)]
    owner: dict[str, int] = {}

    def place(i: int, seen: set[str]) -> bool:
        for x in slots[i]:
            if x in seen:
                continue
            seen.add(x)
            if x not in owner or place(owner[x], seen):
                owner[x] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(slots)))


def _push(g: "Game", t: dict[str, Any]) -> None:
    ab = t["ability"]
    own = g.objects.get(ab.granter) if ab.granter is not None else None  # 201.4a: SELF names the granter
    s = Obj(g.next_id, 0, own.card if own is not None else t["card"], t["controller"], "stack")
    g.next_id += 1
    s.ability = ab
    s.source = own.id if own is not None else t["source"]
    s.controller = t["controller"]
    s.targets = [list(x) for x in t.get("targets", [])]
    s.modes = list(t.get("modes", ()))
    s.x = trigger_x(t)
    s.trigger_info = t["info"]
    if s.targets and not ab.choose:  # 603.3d, 601.2d: damage "divided as you choose" is divided as it is put there
        s.divide = division(g, s, ab, t.get("divide"))
    src = g.objects.get(s.source)
    if src is not None and src.chosen.get("exiled"):  # 607.2a: "the exiled card" after SELF is sacrificed as it
        s.chosen["source_exiled"] = list(src.chosen["exiled"])  # resolves (Living Lore): the cards exiled with it
    g.objects[s.id] = s
    g.stack.append(s.id)
    g.hidden_move()  # an object on the stack, no permanent changed: as for a spell cast (Game.move)
    g.log("trigger", card=t["card"].name, obj=s.id, controller=t["controller"], targets=s.targets)
    if s.targets:
        became_targets(g, s)


def choose_targets(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    t = g.triggered[d.data["trigger"]]
    specs = specs_of(t)
    chosen = normalize_targets(a.get("targets"), specs)
    src = g.objects.get(t["source"]) or Obj(-1, 0, t["card"], t["controller"], "graveyard")
    check_targets(g, specs, chosen, src, t["controller"], t["info"])
    t["targets"] = chosen
    ab = t["ability"]
    if not ab.choose and divided_damage(ab.effects):  # 601.2d, 603.3d: the damage "divided as you choose" is divided
        # as the targets are chosen (the answer's division, checked now on a stand-in for the ability)
        t["divide"] = with_stand_in(g, t, chosen, lambda probe: division(g, probe, ab, a.get("divide")))


def with_stand_in(g: "Game", t: dict[str, Any], chosen: list[list[Any]], f: Any) -> Any:
    """f(a stand-in on the stack for the waiting triggered ability ``t`` with targets ``chosen``): what the ability
    would count as it is put on the stack (603.3d: its amounts, the division of its damage, 601.2d)."""
    probe = Obj(g.next_id, 0, t["card"], t["controller"], "stack")
    probe.ability, probe.source, probe.targets = t["ability"], t["source"], [list(x) for x in chosen]
    probe.x, probe.trigger_info = trigger_x(t), t["info"]
    g.objects[probe.id] = probe
    try:
        return f(probe)
    finally:
        del g.objects[probe.id]


def order(g: "Game", d: "Decision", order: list[int]) -> None:
    """603.3b: the order the player's (805.7: the team's) triggered abilities go on the stack."""
    team = seats.side(g, d.player)
    mine = [t for t in g.triggered if t["controller"] in team]
    if sorted(order) != list(range(len(mine))):
        raise IllegalAction(f"order all {len(mine)} triggered abilities, each once (by index)")
    others = [t for t in g.triggered if t["controller"] not in team]
    ordered = [mine[i] for i in order]
    for t in ordered:
        t["ordered"] = True
    g.triggered = ordered + others
