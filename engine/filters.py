"""Object filters of compiled cards (engine/cards/abilities.py) checked against a game.

A filter is a dict whose keys must all hold (CR 109.2, 115 for what a target may be).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.choices import has_name
from engine.mana import mana_value

#: the steps of a combat phase (506.1): "this combat" is the one the game is in
_COMBAT = frozenset({"beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage",
                     "combat_damage", "end_of_combat"})

if TYPE_CHECKING:
    from engine.game import Game

#: Filter keys this engine understands; a card using any other key is unsupported.
KNOWN = frozenset({
    "types", "and_types", "subtypes", "not_types", "not_subtypes", "not_colors", "supertypes",
    "not_supertypes", "colors", "colorless", "multicolored", "monocolored", "controller", "owner",
    "colors_all",  # "a spell that's both red and white" (the Mimics): every one of those colors (105.2)
    "source",  # "a source an opponent controls": any object that deals damage, a spell or a permanent (120.3, 609.7)
    "source_types",  # "target activated ability from an artifact source" (Rust): the ability's source is one (112.7)
    "other", "tapped", "attacking", "blocking", "in_combat", "token", "keyword", "not_keyword",
    "counter", "power_le", "power_ge", "power_eq", "toughness_le", "toughness_ge", "toughness_eq",
    "mv_le", "mv_ge", "mv_eq", "and_subtypes", "zone", "player", "opponent", "any", "or", "permanent", "name",
    "damaged_this_turn", "targets_you", "targets", "power_lt_self", "toughness_lt_self", "power_lt",
    "toughness_lt", "not", "ability", "one_of_each", "different_names", "enchanted", "equipped",
    "modified",  # a later term (Kamigawa: Neon Dynasty): counters, equipped, or enchanted by its controller's Aura
    "chosen_color", "chosen_type", "chosen_card_type", "from_battlefield_this_turn", "unblocked", "attacking_you",
    "chosen_name",
    "drawn_this_turn",  # "cards in your hand drawn this turn" (Sylvan Library; Game.draw marks them, 121.1)
    "shares_color_with_source", "paired_group", "name_in", "power_gt_self", "toughness_gt_self",
    "attached_to_self",  # "for each Aura attached to SELF" (303.4, 301.5)
    "attached_to_host",  # "Equipped creature gets +1/+0 for each Equipment attached to it": to what SELF is attached to
    "not_attached_of_self",  # "target creature other than enchanted creature": not the one SELF is attached to
    # [FILTER, ...]: "has the same name as another creature you control or a creature card in your graveyard" (201.2):
    # some other object matching one of them (in its "zone", default the battlefield) has its name
    "same_name_as",
    "exiled_with_self",  # "a creature card exiled with SELF": its linked ability's exiled cards (607.2a)
    "single_target",  # "target spell with a single target": one target chosen in all (114.6a)
    "face_down",  # "face-down creatures you control" (707.2): a face-down spell or permanent
    "suspected",  # "suspected creatures" (suspect, a later keyword action: engine/ops/continuous.py suspect)
    "suspended",  # "target permanent or suspended card" (702.61b: in exile, with suspend and a time counter)
    "enchant",  # "an Aura card with enchant creature" (702.5a): the quality its enchant keyword names, exactly
    "dealt_damage_this_turn",  # "creature that dealt damage this turn" (its damage this turn: engine/actions.py)
    "counters_ge",  # {"+1/+1": 3}: "if that creature has three or more +1/+1 counters on it" (121.1)
    "attacked_this_turn",  # "creatures that attacked this turn" (508.1: declared as attackers; triggers.py marks)
    "combat_this_turn",  # "creature that attacked or blocked this turn" (508.1, 509.1)
    # "blocked" | "was_blocked" | "either": "creature that blocked / was blocked / blocked or was blocked this turn"
    # (509.1a: declared as a blocker; 509.1h: an attacker that became blocked; engine/triggers.py marks them)
    "block_this_turn",
    # a filter of card types, supertypes, subtypes and colors: with block_this_turn, "that blocked or was blocked by a
    # Zombie this turn": one creature of that kind it blocked, or that blocked it, this turn, as the block was declared
    "block_partner",
    "nonmana_activated",  # "with an activated ability that isn't a mana ability" (602.1, 605.1a: as it is now)
    "put_there_this_turn",  # "card in your graveyard that was put there from anywhere this turn" (Game.move)
    "blocked",  # bool: "target blocked creature": an attacking creature that became blocked (509.1h)
    "attacked_last_turn",  # "that attacked during their controller's last turn" (508.1; Player.last_turn)
    "colors_exact",  # [C, ...]: exactly these colors ("a card that's exactly those colors", 105.1, 105.2)
    "put_there_this_combat",  # bool: "card ... that was / wasn't put there this combat" (Game.move, 506.1)
    "targets_you_or",  # a filter: "a spell that targets you or a creature you control" (either one, 115.1)
    "other_target",  # a target slot's: not an object chosen for another target (115.3; engine/targets.check_targets)
    # a target slot's: "two target creatures controlled by different players", no two with one controller (115.1;
    # engine/targets.check_targets)
    "different_controllers",
    # a target slot's: "target player who controls more creatures than they do and is their opponent" (the Oaths):
    # an opponent of the trigger's player with more of {"count": FILTER}, "life" or "hand" (engine/targets.py)
    "opponent_with_more",
    # a target slot's: "up to two target cards from a single graveyard": all of them from one graveyard, one owner's
    # (404.1; engine/targets.check_targets)
    "single_graveyard",
    # a target slot's: "two target permanents that share a permanent type" ("permanent", "card", "creature": card
    # types, permanent types among them, or creature types in common; engine/targets.check_targets)
    "share_type",
    "damaged_by",  # "self" / "attached": "a creature dealt damage by SELF this turn" (its damage sources, 514.2)
    "is_source",  # "Remove a counter from SELF" as a cost (121.1): the source itself, a counter of any kind on it
    "saddled_self",  # "target creature that saddled it this turn" (saddle, a later keyword: engine/ops/actions.py)
    "convoked_self",  # "each creature that convoked it" (702.50a: the creatures tapped to pay for the spell)
    "cast_from",  # zones: "spells you cast from your graveyard" (a spell's zone it was cast from, 601.2a)
    # "creature blocking SELF", "creature blocked by SELF", "creature blocking or blocked by SELF" (509.1g, 509.1h)
    "blocking_self", "blocked_by_self", "in_combat_with_self",
    "not_ids",  # "each other creature that shares a color with it": not the objects named (engine/values.py)
    "other_than",  # a reference: "it gets +1/+1 for each other creature": not those objects (values.bind_refs)
    # a reference: "for each other creature that shares a creature type with it" (205.3m): bound to "subtypes" by
    # values.bind_refs and values.static_bind, as other_than is
    "shares_type_with",
    "life_eq", "life_le", "life_ge",  # a player's life total: "each player with exactly 13 life" (119.1)
    "controls",  # a player: "each player who controls a creature with power 4 or greater" (a filter of permanents)
    "lost_life_this_turn",  # a player: "target player who lost life this turn" (119.3, Player.life_lost_turn)
    "enchanted_by_other",  # "creature with another Aura attached to it" (Daybreak Coronet): an Aura but the source
    "source_host",  # the object the source is attached to: "Tap enchanted creature: ..." (a cost, Earthlore; 303.4)
    "banded_with_source",  # "creatures banded with SELF" (702.21e-f): another attacking creature in the source's band
    "topmost",  # "the top creature card of your graveyard": of its owner's graveyard's cards that match the rest of the
    # filter, the one nearest the top (404.2: a graveyard's order; the last card put there is on top)
    "shares_most_common_color",  # "if it shares a color with the most common color among all permanents or a color
    # tied for most common" (Tsabo's Assassin): one of ``most_common_colors``
    "enchanted_by_source",  # a player: the one the source (a Curse) enchants, "enchanted player" (303.4)
    # "with the same name as a card in their (your) graveyard": "controller" (of the object) or "you" (201.2)
    "name_in_graveyard",
    "pt_equal",  # bool: "whose power and toughness are (aren't) equal" (208.1)
    "pt_total_le", "pt_total_ge",  # n: "with total power and toughness 5 or less / or greater" (208.1)
    "blocking_ids",  # "each creature blocking it": blocking one of these attackers (509.1g; bound from blocking_ref)
    "attached_ids",  # "all Equipment attached to that creature": attached to one of these (301.5; from attached_ref)
    "among_ids",  # "any of them that are Walls": one of these objects (608.2c; from among_ref)
    # a filter of the object or player it is attached to: "permanents attached to creatures", "Curses attached to you"
    # (301.5, 303.4, 701.3)
    "attached_to",
    "damaged_you_this_turn",  # "creature that dealt damage to you this turn" (engine/triggers.py damaged_by_turn)
    "entered_this_turn",  # "creature that entered this turn": on the battlefield since this turn (Obj.entered_turn)
    "toughness_gt_power",  # "creature with toughness greater than its power" (208.1, 613: as it is now)
    "mv_parity",  # "even" / "odd": "spells with even mana values" (202.3; 0 is even)
    "kicked",  # "a kicked spell": a spell whose kicker cost was paid, a permanent that entered so (702.32b)
    "adventurer",  # "a creature spell that has an Adventure": a card of the adventure layout (a later card layout)
    # "if it entered from your graveyard or you cast it from your graveyard": a permanent that came from its owner's
    # graveyard, or whose spell was cast from there (400.7, 601.2a; Game.move marks where it entered from)
    "from_your_graveyard",
    "from_your_library",  # it entered from its owner's library or was cast from there (Fblthp, the Lost)
    # a target's: "target card with the same name as that spell" (Harness the Storm), bound to ``name_in`` by
    # engine/targets.py targetable from the trigger event
    "same_name_as_trigger",
    "commander",  # bool: "commander creatures you control", "noncommander creature": a player's commander (903.3)
    "poison_ge",  # a player: "each opponent who has three or more poison counters" (121.1c; corrupted, a later word)
    # an object: "if its controller has three or more poison counters" (Anoint with Affliction): its controller's
    # poison counters now (121.1c; corrupted, an ability word of Phyrexia: All Will Be One, a later set)
    "controller_poison_ge",
    "attacking_alone",  # "enchanted creature is attacking alone": the only attacking creature (506.5)
})
#: 110.4 (2016): the permanent card types, and Battle (a later card type, March of the Machine); Tribal is
#: not one by itself (a tribal instant is an instant)
_PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})
#: Keys that name another object of the resolution ("with the same name as that permanent"):
#: engine.values binds them to plain keys (``name_in``) before ``matches`` reads the filter.
BOUND_KEYS = frozenset({"same_name_as", "shares_color_with", "blocking_ref",
                        "attached_ref",  # "all Equipment attached to that creature": bound to attached_ids (608.2c)
                        "among_ref",  # "destroy any of them that are Walls": the objects it names, bound to among_ids
                        "type_choice",  # "of the creature type of your choice": chosen as it resolves (608.2d)
                        # "of the permanent type of your choice" / "card type": chosen as it resolves (608.2d)
                        "card_type_choice",
                        "color_choice"})  # "of the color of your choice": chosen as it resolves (608.2d)
#: The steps after blockers are declared (509.1h): an attacker with no blocker is unblocked then.
_AFTER_BLOCKS = frozenset({"declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat"})
#: Keys that constrain a group of chosen cards, not one object (checked where they are chosen).
GROUP_KEYS = frozenset({"one_of_each", "different_names"})
#: Keys of a target slot's group ("two target creatures controlled by different players", "that share a creature
#: type"): checked only as targets are chosen (engine/targets.check_targets), so read nowhere else
TARGET_GROUP_KEYS = frozenset({"different_controllers", "share_type", "single_graveyard", "opponent_with_more"})


#: the comparison keys of each compared value ("power_le": at most), with their test
_CMP_KEYS = {key: tuple((key + suf, op) for suf, op in (("_le", int.__le__), ("_ge", int.__ge__), ("_eq", int.__eq__)))
             for key in ("power", "toughness", "mv")}


#: every comparison key of a filter ("mv_le", "power_ge", ...)
CMP_NAMES = frozenset(name for names in _CMP_KEYS.values() for name, _ in names)


def counters_of(counters: dict[str, int], kind: str) -> int:
    """How many counters of ``kind`` an object has (121.1); kind "any": of every kind together ("as long as SELF has
    a counter on it", "has three or more counters on it")."""
    return sum(counters.values()) if kind == "any" else counters.get(kind, 0)


def _cmp(game: "Game", v: int, f: dict[str, Any], key: str, src: int | None, you: str | None = None) -> bool:
    for name, op in _CMP_KEYS[key]:
        if name in f:
            want = f[name]
            if isinstance(want, dict) and want.get("x") and src in game.objects:
                n = game.objects[src].x  # the X of the spell or ability choosing (107.3a)
            elif isinstance(want, dict) and want.get("per_controller") and "count" in want:
                # "with mana value less than or equal to the number of cards in its controller's graveyard" (Drown in
                # the Loch): "you" of the count is the controller of the object checked (``you`` here, 404.2)
                n = game.amount({"count": {**want["count"], "owner": [you]}}, src) if you is not None else 0
            elif isinstance(want, dict) and "least" in want:  # "the creature with the least power" (Drop of
                # Honey): the least among every such permanent on the battlefield now
                n = min(((getattr(game.chars(i), want["least"]) or 0) for i in game.battlefield
                         if matches(game, i, want.get("among") or {}, src, you)), default=0)
            elif isinstance(want, dict) and "greatest" in want and you is not None:
                # "a creature with the greatest power among creatures they control" (Consume), "a nonland permanent
                # they control with the highest mana value among permanents they control" (Dispersal): among those
                # of the player the filter is read for (the one who sacrifices or chooses), not the source's controller
                n = max(((_mv(game.objects[i]) if want["greatest"] == "mv" else getattr(game.chars(i), want["greatest"])
                          or 0) for i in game.battlefield
                         if matches(game, i, want.get("among") or {}, src, you)), default=0)
            else:
                n = game.amount(want, src)
            if not op(v, n):
                return False
    return True


def _kind_matches(kind: tuple[frozenset[str], ...], f: dict[str, Any]) -> bool:
    """Do kept characteristics (card types, supertypes, subtypes, colors) match a filter of those keys?"""
    types, supers, subs, colors = kind
    return not ("types" in f and not types & set(f["types"]) or "supertypes" in f and not supers & set(f["supertypes"])
                or "subtypes" in f and not subs & set(f["subtypes"]) or "colors" in f and not colors & set(f["colors"]))


def eq_value(game: "Game", oid: int, key: str) -> int:
    """The characteristic a "_eq" key compares ("mv_eq": the mana value, 202.3; "power_eq", "toughness_eq")."""
    if key == "mv_eq":
        return _mv(game.objects[oid])
    c = game.chars(oid)
    return c.power if key == "power_eq" else c.toughness


def _mv(o: Any) -> int:
    """The mana value of an object (202.3); 202.3c: X counts only for a spell on the stack."""
    return int(mana_value(o.card.mana_cost, o.x if o.zone == "stack" and o.ability is None else 0))


def _same_name(game: "Game", x: int, name: str, sub: dict[str, Any], src: int | None, you: str | None) -> bool:
    """Is there an object other than ``x`` matching ``sub`` (in its zone) with that name (201.2)?"""
    zone = sub.get("zone", "battlefield")
    pool = game.battlefield if zone == "battlefield" else [i for p in game.order for i in game.players[p].zone(zone)]
    return any(i != x and "face_down" not in game.objects[i].chosen and game.objects[i].card.name == name
               and matches(game, i, sub, src, you) for i in pool)


def _opponent(game: "Game", p: str | None, you: str | None) -> bool:
    """102.3: an opponent is a player not on your team (in a game without teams, any other player)."""
    if p == you or p is None or you is None:
        return p != you
    team_of = game.team_of
    return not team_of or team_of.get(p) != team_of.get(you)


def paired_with(game: "Game", oid: int) -> int | None:
    """702.94b: the creature ``oid`` is paired with by soulbond, or None (the pair is kept on both
    objects, ``chosen["paired"]``, and ends as 702.94e says: engine/sba.py unpair)."""
    o = game.objects.get(oid)
    other = o.chosen.get("paired") if o is not None and o.zone == "battlefield" else None
    p = game.objects.get(other) if other is not None else None
    return other if p is not None and p.zone == "battlefield" and p.chosen.get("paired") == oid else None


def _in_combat_with_source(game: "Game", x: int, src: int | None, f: dict[str, Any]) -> bool:
    """509.1g-509.1h: object ``x`` blocks the source ("blocking SELF"), is an attacker the source
    blocks ("blocked by SELF"), or either ("blocking or blocked by SELF")."""
    s = game.objects.get(src) if src is not None else None
    if s is not None and s.ability is not None:  # an ability's SELF is its source (112.7)
        s = game.objects.get(s.source) if s.source is not None else None
    if s is None or s.zone != "battlefield":
        return False
    src = s.id
    o = game.objects[x]
    blocks_it = src in o.blocking
    blocked_by_it = x in s.blocking
    if f.get("in_combat_with_self"):
        return blocks_it or blocked_by_it
    return (not f.get("blocking_self") or blocks_it) and (not f.get("blocked_by_self") or blocked_by_it)


def _in_zone_of(sub: dict[str, Any], f: dict[str, Any]) -> dict[str, Any]:
    """An alternative of an "or" filter looks in the zone of the whole filter unless it names its own
    ("a card named A or B" searched in a library)."""
    return sub if "zone" in sub or "zone" not in f else {**sub, "zone": f["zone"]}


def _named(name: str, wanted: str) -> bool:
    """201.2, 708.7: the object has that English name, or one of a split card's names is it (the
    compiler recapitalises names it reads from lower-cased text: compared without case)."""
    w = wanted.casefold()
    return name.casefold() == w or " // " in name and any(n.casefold() == w for n in name.split(" // "))


def matches(game: "Game", x: Any, f: dict[str, Any], src: int | None = None,
            controller: str | None = None) -> bool:
    """Does object id or player name ``x`` match filter ``f`` relative to source ``src``?"""
    if isinstance(x, str):  # a player
        you = controller or (game.controller_of(src) if src is not None else None)
        if not (f.get("player") or f.get("any")):
            # "target permanent or player" (Maulfist Revolutionary): a player matches the alternative naming players
            return "or" in f and any(isinstance(sub, dict) and sub.get("player") and matches(game, x, sub, src,
                                                                                              controller)
                                     for sub in f["or"])
        if f.get("enchanted_by_source") and not (src is not None and src in game.objects
                                                 and game.objects[src].attached_to == x):
            return False  # "enchanted player": the player the source (a Curse) is attached to (303.4)
        if f.get("lost_life_this_turn") and game.players[x].life_lost_turn <= 0:
            return False  # "target player / each opponent who lost life this turn" (119.3)
        if f.get("damaged_this_turn") and game.players[x].damaged_turn != game.turn:
            return False  # "for each opponent who was dealt damage this turn" (119.2)
        if "controls" in f and not any(game.controller_of(i) == x and matches(game, i, f["controls"], src, controller)
                                       for i in game.battlefield):
            return False  # "each player who controls a creature with power 4 or greater" (a permanent of theirs)
        if "poison_ge" in f and game.players[x].poison < f["poison_ge"]:
            return False  # "each opponent who has three or more poison counters" (121.1c)
        if "life_eq" in f or "life_le" in f or "life_ge" in f:  # "each player with exactly 13 life" (119.1)
            life = game.players[x].life
            if life != f.get("life_eq", life) or life > f.get("life_le", life) or life < f.get("life_ge", life):
                return False
        if f.get("opponent") or f.get("controller") == "opponent":
            return _opponent(game, x, you)
        if f.get("controller") == "you":
            return x == you
        if f.get("controller") == "team":  # "each player on your team" (102.3)
            return x == you or x in game.team_of.get(you or "", ())
        if isinstance(f.get("controller"), list):
            return x in f["controller"]
        return True
    if f.get("player") and not f.get("types") and not f.get("any"):
        return False
    o = game.objects.get(x)
    if o is None:
        return False
    zone = f.get("zone", "stack" if "ability" in f else "any_card" if f.get("source") else "battlefield")
    if "or" in f and "zone" not in f and any(isinstance(a, dict) and "zone" in a for a in f["or"]):
        zone = "any_card"  # "target spell or permanent": each alternative names its own zone
    if zone == "stack":
        # a spell, or (only where the filter says "ability") an ability on the stack (112.7a)
        if o.zone != "stack" or o.ability is not None and not ("ability" in f or _any_ability(f)):
            return False
        if "ability" in f and (o.ability is None or o.ability.kind != f["ability"]):
            return False
        if "source_types" in f:  # "from an artifact source" (Rust): its source, or as it last existed (112.7, 112.7a)
            origin = game.objects.get(o.source) if o.ability is not None and o.source is not None else None
            kinds = game.chars(origin.id).types if origin is not None else o.card.types if o.ability is not None else ()
            if not any(k in kinds for k in f["source_types"]):
                return False
    elif zone != "any_card" and o.zone != zone:
        return False
    if "paired_group" in f and not (x == src or src is not None and paired_with(game, src) == x):
        return False  # "each of those creatures": SELF and the creature paired with it (702.94b)
    c = game.chars(x)
    shape = _SHAPES.get(id(f))
    if shape is None or shape[0] is not f:
        shape = _shape(f)
    if shape[3]:  # the common filters ("creature you control", "attacking creature without flying"): their keys only
        t = f.get("types")
        if t and not _of_types(c.types, t, o.zone):
            return False
        if "subtypes" in f and not any(s in c.subtypes for s in f["subtypes"]):
            return False
        if "colors" in f and not any(col in c.colors for col in f["colors"]):
            return False
        if "not_colors" in f and any(col in c.colors for col in f["not_colors"]):
            return False
        ctl = f.get("controller")
        if ctl is not None and not _controlled(game, c, ctl, controller or (
                game.controller_of(src) if src is not None else None), src):
            return False
        return ("tapped" not in f or o.tapped == f["tapped"]) \
            and ("attacking" not in f or (o.attacking is not None) == f["attacking"]) \
            and ("token" not in f or o.token == f["token"]) \
            and ("keyword" not in f or f["keyword"] in c.keywords) \
            and ("not_keyword" not in f or f["not_keyword"] not in c.keywords)
    ors = f.get("or")
    if ors and all(isinstance(s, dict) and s.get("types") for s in ors) \
            and not any(_of_types(c.types, s["types"], o.zone) for s in ors):
        return False  # "an artifact or another creature": of none of the alternatives' types (each checks its own)
    if f.get("any"):
        if not (c.types & {"Creature", "Planeswalker"}) or o.zone != "battlefield":
            return False
    if f.get("permanent") and o.zone != "battlefield" and not c.types & _PERMANENT_TYPES:
        return False  # 110.4a: "permanent card": an artifact, creature, enchantment, land or planeswalker card
    t = f.get("types")
    if t and not _of_types(c.types, t, o.zone):
        return False
    if f.get("permanent") and not c.types & _PERMANENT_TYPES:
        return False  # "permanent card" (110.4a: a card with a permanent type; Wrenn and Seven's -8)
    if "and_types" in f and not all(tt in c.types for tt in f["and_types"]):
        return False
    if "subtypes" in f and not any(s in c.subtypes for s in f["subtypes"]):
        return False
    if "not_types" in f and any(tt in c.types for tt in f["not_types"]):
        return False
    if "and_subtypes" in f and not all(s in c.subtypes for s in f["and_subtypes"]):
        return False
    if "not_subtypes" in f and any(s in c.subtypes for s in f["not_subtypes"]):
        return False
    if "supertypes" in f and not any(s in c.supertypes for s in f["supertypes"]):
        return False
    if "not_supertypes" in f and any(s in c.supertypes for s in f["not_supertypes"]):
        return False
    if "not_ids" in f and x in f["not_ids"]:
        return False
    if "among_ids" in f and x not in f["among_ids"]:
        return False
    if "attached_ids" in f and o.attached_to not in f["attached_ids"]:
        return False
    if "attached_to" in f:  # "Curses attached to you", "permanents attached to creatures" (301.5, 303.4)
        at = o.attached_to
        if at is None or not (isinstance(at, str) and at in game.players or at in game.objects) \
                or not matches(game, at, f["attached_to"], src, controller):
            return False
    if "blocking_ids" in f and not set(o.blocking) & set(f["blocking_ids"]):
        return False
    # the controller of the source ("you"), found only for a filter with a key that may read it
    you = controller or (game.controller_of(src) if src is not None and shape[2] else None)
    if "name_in_graveyard" in f:  # "with the same name as a card in their graveyard" (201.2)
        who = you if f["name_in_graveyard"] == "you" else game.controller_of(x)
        if who not in game.players or not any(game.objects[c].card.name == o.card.name
                                               for c in game.players[who].graveyard if c != x):
            return False
    for zone, key in _FROM_YOUR:  # "if it entered from your library or was cast from your library"
        # (Fblthp), "... from your graveyard" (Prized Amalgam)
        if key in f and (o.owner == you and zone in (o.chosen.get("entered_from"), o.chosen.get("cast_zone"))) \
                != bool(f[key]):
            return False
    if f.get("damaged_you_this_turn"):  # 120.1: it dealt damage to you this turn (as this object)
        pl = game.players.get(you) if you is not None else None
        if pl is None or pl.damaged_turn != game.turn or x not in pl.damaged_by_turn:
            return False
    if "colors" in f and not any(col in c.colors for col in f["colors"]):
        return False
    if "colors_all" in f and not all(col in c.colors for col in f["colors_all"]):
        return False
    if "colors_exact" in f and set(c.colors) != set(f["colors_exact"]):
        return False  # "a card that's exactly those colors" (105.2)
    if "not_colors" in f and any(col in c.colors for col in f["not_colors"]):
        return False
    if "colorless" in f and (not c.colors) != f["colorless"]:
        return False
    if "multicolored" in f and (len(c.colors) > 1) != f["multicolored"]:
        return False
    if "monocolored" in f and (len(c.colors) == 1) != f["monocolored"]:
        return False
    ctl = f.get("controller")
    if ctl is not None and not _controlled(game, c, ctl, you, src):
        return False
    if f.get("attacking_alone") and (o.attacking is None or any(
            i != x and game.objects[i].attacking is not None for i in game.battlefield)):
        return False  # "attacking alone" (506.5): it is attacking, and no other creature is
    if "controller_poison_ge" in f and (c.controller not in game.players
                                        or game.players[c.controller].poison < f["controller_poison_ge"]):
        return False  # "if its controller has three or more poison counters" (121.1c): a spell's or a permanent's
    own = f.get("owner")
    if own == "chosen_player" and o.owner != chosen_player(game, src):  # "the chosen player's graveyard"
        return False
    if own == "you" and o.owner != you or own == "opponent" and not _opponent(game, o.owner, you) \
            or own == "not_you" and o.owner == you:  # "owned by another player" (a teammate too, 810.2)
        return False
    if f.get("attached_to_self") and (src is None or o.attached_to != src):
        return False
    if f.get("attached_to_host"):  # attached to the permanent the source (an Aura, an Equipment) is attached to
        host = game.objects[src].attached_to if src is not None and src in game.objects else None
        if host is None or o.attached_to != host:
            return False
    if f.get("not_attached_of_self") and src is not None and src in game.objects:
        me = game.objects[src]
        if me.ability is not None and me.source is not None:  # an ability's SELF is its source (112.7)
            me = game.objects.get(me.source) or me
        if me.attached_to == x:
            return False  # "other than enchanted creature" (303.4)
    if f.get("exiled_with_self") and (src is None or src not in game.objects
                                      or x not in game.objects[src].chosen.get("exiled", ())):
        return False  # 607.2a: "cards exiled with SELF" (ops/zones.py link_exiled remembers them)
    if own.__class__ is list and o.owner not in own:  # the players a reference meant (bind_players)
        return False
    if f.get("is_source"):  # the source itself, or the permanent whose ability is being activated (602.2b)
        so = game.objects.get(src) if src is not None else None
        if x != src and not (so is not None and so.ability is not None and so.source == x):
            return False
    if f.get("other"):
        if x == src:
            return False
        so = game.objects.get(src) if src is not None else None
        if so is not None and so.ability is not None and so.source == x:
            return False  # "another target creature" of an ability: other than its source (112.7)
    if "tapped" in f and o.tapped != f["tapped"]:
        return False
    if "attacking" in f:
        if (o.attacking is not None) != f["attacking"]:
            return False
        if f.get("attacking_you") and o.attacking != you:  # "creature attacking you" (506.3: the player)
            return False
    if "unblocked" in f and (o.attacking is not None and not o.blocked and game.step in _AFTER_BLOCKS) \
            != f["unblocked"]:
        return False  # 509.1h: unblocked once blockers are declared
    if "blocked" in f and (o.attacking is not None and bool(o.blocked)) != f["blocked"]:
        return False  # "target blocked creature" (509.1h: it stays blocked though its blockers leave)
    if "blocking" in f and o.is_blocking != f["blocking"]:
        return False
    if "blocking_self" in f or "blocked_by_self" in f or "in_combat_with_self" in f:
        if not _in_combat_with_source(game, o.id, src, f):
            return False
    if "in_combat" in f and o.in_combat != f["in_combat"]:
        return False
    if "token" in f and o.token != f["token"]:
        return False
    if "kicked" in f and o.kicked != f["kicked"]:
        return False
    if "keyword" in f and f["keyword"] not in c.keywords:
        return False
    if "not_keyword" in f and f["not_keyword"] in c.keywords:
        return False
    if shape[1]:
        return True  # every key was tested above (the common filters: types, colors, controller, ...)
    if "counter" in f and not (any(v > 0 for v in o.counters.values()) if f["counter"] == "any"
                               else o.counters.get(f["counter"])):
        return False  # "with a counter on it" of that kind ("any": of any kind, 121.1)
    if "commander" in f and (o.uid in game.commanders and not o.token and o.ability is None) != f["commander"]:
        return False  # 903.3: being a commander belongs to the card (its uid), not to a copy of it
    if "counters_ge" in f and any(counters_of(o.counters, k) < n for k, n in f["counters_ge"].items()):
        return False
    if "pt_total_le" in f or "pt_total_ge" in f:  # "with total power and toughness 5 or less" (208.1): a
        # noncreature object has neither (208.3), so none to add up
        if c.power is None or c.toughness is None:
            return False
        total = (c.power or 0) + (c.toughness or 0)
        if total > f.get("pt_total_le", total) or total < f.get("pt_total_ge", total):
            return False
    if "pt_equal" in f and (c.power == c.toughness) != f["pt_equal"]:
        return False  # "whose power and toughness aren't equal" (208.1)
    pg = f.get("power_ge")
    who = game.controller_of(x) if isinstance(pg, dict) and pg.get("per_controller") else you
    if not _cmp(game, c.power, f, "power", src, who) or not _cmp(game, c.toughness, f, "toughness", src, who):
        return False
    if "mv_le" in f or "mv_ge" in f or "mv_eq" in f:
        mv_who = game.controller_of(x) if any(isinstance(f.get(k), dict) and f[k].get("per_controller")
                                              for k in ("mv_le", "mv_ge", "mv_eq")) else you
        if not _cmp(game, _mv(o), f, "mv", src, mv_who):
            return False
    name = f.get("name")
    if name == "SELF":
        if src is not None and o.card.name != game.objects[src].card.name:
            return False
    elif name is not None and not _named(o.card.name, name):  # "a card named Nissa's Chosen"
        return False
    if "cast_from" in f:  # a spell: the zone it was cast from; a card that may be cast: where it is now (601.2a)
        if (o.chosen.get("cast_from") if o.zone == "stack" else o.zone) not in f["cast_from"]:
            return False
    if f.get("dealt_damage_this_turn") and (o.chosen.get("damage_turn") or (None, 0))[0] != game.turn:
        return False  # "that dealt damage this turn" (Avenging Arrow): it dealt some damage this turn (119.1)
    if "suspected" in f and bool(o.chosen.get("suspected")) != bool(f["suspected"]):
        return False  # suspected (a later keyword action's designation): engine/ops/continuous.py suspect
    if "face_down" in f and ("face_down" in o.chosen) != bool(f["face_down"]):
        return False  # 707.2: face down (a spell cast face down, 707.4, or a permanent turned face down)
    if f.get("adventurer") and (o.card.layout != "adventure" or not o.card.faces or "face_down" in o.chosen
                                or "Adventure" not in o.card.faces[0].subtypes):
        return False  # "that has an Adventure" (Throne of Eldraine, a later layout; a face-down card has none, 707.2;
        # an Omen, Tarkir: Dragonstorm's, is no Adventure)
    if "name_in" in f and ("face_down" in o.chosen or not any(has_name(o.card.name, n) for n in f["name_in"])):
        return False  # "with the same name as that permanent" (201.2; a face-down one has none, 707.2)
    if "same_name_as" in f and (not any(_same_name(game, x, o.card.name, sub, src, you) for sub in f["same_name_as"])
                                or "face_down" in o.chosen) == bool(f["same_name_as"]):
        return False  # 201.2: shares its name with another such object (a face-down one has none, 707.2)
    if "entered_this_turn" in f and (o.zone == "battlefield" and o.entered_turn == game.turn) != f["entered_this_turn"]:
        return False  # "target creature that entered this turn" (a permanent since the entry of this turn, 110.1)
    if "mv_parity" in f and _mv(o) % 2 != (f["mv_parity"] == "odd"):
        return False  # "with an even mana value" (202.3; a spell's X counts on the stack, 202.3c)
    if "toughness_gt_power" in f and (c.toughness > c.power) != f["toughness_gt_power"]:
        return False  # "each creature with toughness greater than its power" (208.1, its characteristics now)
    if f.get("damaged_this_turn") and not (o.damage or o.damage_sources):
        return False  # dealt damage this turn: the sources are remembered until cleanup (514.2)
    if f.get("convoked_self"):  # "each creature that convoked it": tapped for its convoke as it was cast (702.50a)
        s = game.objects.get(src) if src is not None else None
        if s is not None and s.ability is not None:  # an ability's SELF is its source (112.7)
            s = game.objects.get(s.source) if s.source is not None else None
        if s is None or x not in s.chosen.get("convoked", ()):
            return False
    if f.get("saddled_self"):  # "creature that saddled it this turn": tapped for the source's saddle this turn
        s = game.objects.get(src) if src is not None else None
        if s is not None and s.ability is not None:  # an ability's SELF is its source (112.7)
            s = game.objects.get(s.source) if s.source is not None else None
        if s is None or s.chosen.get("saddled") != game.turn or x not in s.chosen.get("saddled_by", ()):
            return False
    if "damaged_by" in f:  # "dealt damage by SELF / by enchanted creature this turn"
        s = game.objects.get(src) if src is not None else None
        by = None if s is None else s.id if f["damaged_by"] == "self" else s.attached_to
        if by is None or by not in o.damage_sources:
            return False
    if "power_lt" in f and not c.power < f["power_lt"] or "toughness_lt" in f and not c.toughness < f["toughness_lt"]:
        return False
    for key in ("power_lt_self", "toughness_lt_self", "power_gt_self", "toughness_gt_self"):
        if key in f:  # "with power less (greater) than SELF's power" (the source on the battlefield)
            so = game.objects.get(src) if src is not None else None
            if so is not None and so.ability is not None:  # an ability's SELF is its source (112.7)
                so = game.objects.get(so.source) if so.source is not None else None
            if so is None or so.zone != "battlefield":
                return False
            mine, its = getattr(c, key[:-8]), getattr(game.chars(so.id), f[key])
            if not (mine > its if key.endswith("_gt_self") else mine < its):
                return False
    if f.get("source_host") and (src is None or src not in game.objects or game.objects[src].attached_to != x):
        return False  # "tap enchanted creature": the one the source enchants now (303.4)
    if f.get("enchanted_by_other") and not any(game.objects[i].attached_to == x and i != src
                                               and "Aura" in game.objects[i].card.subtypes for i in game.battlefield):
        return False  # "with another Aura attached to it" (303.4): an Aura other than the one looking
    if "enchanted" in f and _has_attached(game, x, "Aura") != bool(f["enchanted"]):
        return False  # "enchanted creature" / "creatures that aren't enchanted" (Winds of Rath; 303.4)
    if f.get("shares_most_common_color") and not set(c.colors) & most_common_colors(game):
        return False
    if f.get("banded_with_source"):  # 702.21e-f: in the same attacking band as the source (both still attacking)
        so = game.objects.get(src) if src is not None else None
        if so is not None and so.ability is not None:  # an ability's SELF is its source (112.7)
            so = game.objects.get(so.source) if so.source is not None else None
        if so is None or x == so.id or x not in (so.chosen.get("band") or ()) or so.attacking is None \
                or o.attacking is None:
            return False
    if f.get("topmost"):  # the card nearest the top of its owner's graveyard of those the rest of the filter matches
        rest = {k: v for k, v in f.items() if k != "topmost"}
        pile = game.players[o.owner].graveyard if o.zone == "graveyard" else ()
        if next((i for i in reversed(pile) if matches(game, i, rest, src, you)), None) != x:
            return False
    if f.get("equipped") and not _has_attached(game, x, "Equipment"):
        return False
    if "modified" in f and _modified(game, x) != bool(f["modified"]):
        return False
    if "enchant" in f and (o.card.keyword_args.get("Enchant") if "Enchant" in o.card.keywords else None) \
            != f["enchant"]:
        return False  # 702.5a: "Aura card with enchant creature"
    if "suspended" in f and (o.zone == "exile" and "Suspend" in o.card.keywords
                             and o.counters.get("time", 0) > 0) != bool(f["suspended"]):
        return False  # 702.61b
    if f.get("single_target") and sum(len(slot) for slot in o.targets) != 1:
        return False  # "a spell with a single target" (114.6a)
    if "targets" in f or f.get("targets_you"):  # a spell that targets SELF / an object / you (115.1)
        chosen = [t for slot in o.targets for t in slot]
        want = f.get("targets")
        if want == "self" and src not in chosen:
            return False
        if isinstance(want, dict) and not any(isinstance(t, int) and t in game.objects
                                              and matches(game, t, want, src, controller) for t in chosen):
            return False
        if f.get("targets_you") and you not in chosen:
            return False
    if "targets_you_or" in f:  # "that targets you or a creature you control": you, or an object that matches
        chosen = [t for slot in o.targets for t in slot]
        if you not in chosen and not any(isinstance(t, int) and t in game.objects
                                         and matches(game, t, f["targets_you_or"], src, controller) for t in chosen):
            return False
    if "chosen_color" in f or "chosen_type" in f or "chosen_name" in f or "chosen_card_type" in f:  # (614.12, 608.2d)
        so = game.objects.get(src) if src is not None else None
        if so is not None and so.ability is not None and not {"card_name", "creature_type", "color",
                                                              "card_type"} & set(so.chosen):
            so = game.objects.get(so.source) if so.source is not None else None  # its SELF is its source (112.7)
        ch = so.chosen if so is not None else {}
        if "chosen_name" in f and ("face_down" in o.chosen or not has_name(o.card.name, ch.get("card_name"))):
            return False  # 201.3, 708.7: "with the chosen name" (a face-down object has no name, 707.2)
        if "chosen_color" in f and ch.get("color") not in c.colors:
            return False
        if "chosen_type" in f and ch.get("creature_type") not in c.subtypes:
            return False
        if "chosen_card_type" in f and ch.get("card_type") not in c.types:  # "of the chosen type" (205.2a)
            return False
    if "shares_color_with_source" in f:  # "that share a color with it" (conspire, 702.77a; 105.4)
        so = game.objects.get(src) if src is not None else None
        if so is None or not set(game.chars(so.id).colors if so.zone == "battlefield" else so.card.colors) \
                & set(c.colors):
            return False
    if "nonmana_activated" in f and any(a.kind == "activated" for a in c.abilities) != f["nonmana_activated"]:
        return False  # 605.1a: mana abilities are of their own kind ("mana"); loyalty abilities are activated
    if "combat_this_turn" in f and (o.chosen.get("combat_turn") == game.turn) != f["combat_this_turn"]:
        return False  # declared as an attacker or a blocker this turn (engine/triggers.py marks it)
    if "block_this_turn" in f:  # 509.1a, 509.1h: it blocked, or became blocked, during this turn
        how = f["block_this_turn"]
        did = (how != "was_blocked" and o.chosen.get("blocked_turn") == game.turn) \
            or (how != "blocked" and o.chosen.get("was_blocked_turn") == game.turn)
        if not did:
            return False
        if "block_partner" in f:  # the kinds of the creatures it blocked or that blocked it (engine/triggers.py)
            turn, kinds = o.chosen.get("block_partners") or (0, ())
            if turn != game.turn or not any(_kind_matches(k, f["block_partner"]) for k in kinds):
                return False
    if "attacked_last_turn" in f:  # "that attacked during their controller's last turn": the last turn of its
        ctl = game.players.get(o.controller) if o.controller else None  # controller that has ended (508.1)
        did = ctl is not None and ctl.last_turn > 0 and o.chosen.get("attacked_turn") == ctl.last_turn
        if did != f["attacked_last_turn"]:
            return False
    if "attacked_this_turn" in f and (o.chosen.get("attacked_turn") == game.turn) != f["attacked_this_turn"]:
        return False  # "untap all creatures that attacked this turn" (Relentless Assault)
    if f.get("put_there_this_turn") and o.chosen.get("graveyard_turn") != game.turn:
        return False  # "that were put there from anywhere this turn" (Garna, the Bloodflame)
    if "put_there_this_combat" in f and (game.step in _COMBAT and o.chosen.get("graveyard_combat") == game.combat_no
                                         and o.chosen.get("graveyard_turn") == game.turn) != f["put_there_this_combat"]:
        return False  # "that wasn't put there this combat" (Storrev): during the combat phase it is in now (506.1)
    if f.get("from_battlefield_this_turn") and o.chosen.get("from_battlefield_turn") != game.turn:
        return False  # "that was put there from the battlefield this turn"
    if f.get("drawn_this_turn") and (o.zone != "hand" or o.chosen.get("drawn_turn") != game.turn):
        return False  # "cards in your hand drawn this turn" (121.1: drawn, not put into the hand otherwise)
    if "or" in f and not any(matches(game, x, _in_zone_of(sub, f), src, controller) for sub in f["or"]):
        return False
    if "not" in f and matches(game, x, f["not"], src, controller):
        return False
    return True


#: the keys of an object filter that ``matches`` has tested once it has tested "not_keyword": a
#: filter of these keys only matches there (the keys tested after it are looked for only in others)
_HEAD_KEYS = frozenset({
    "player", "any", "zone", "ability", "paired_group", "permanent", "types", "and_types", "subtypes",
    "not_types", "and_subtypes", "not_subtypes", "supertypes", "not_supertypes", "not_ids", "blocking_ids",
    "damaged_you_this_turn", "colors", "not_colors", "colorless", "multicolored", "monocolored", "controller",
    "colors_all", "attached_to_host",
    "owner", "attached_to_self", "exiled_with_self", "other", "tapped", "attacking", "attacking_you", "unblocked",
    "blocking",
    "blocking_self", "blocked_by_self", "in_combat_with_self", "in_combat", "token", "kicked", "keyword",
    "not_keyword"})
#: the keys of ``_HEAD_KEYS`` whose test does not read who "you" are (the controller of the source):
#: any other key (one added later too) may, so "you" is found for a filter that has one
_YOU_FREE = _HEAD_KEYS - {"damaged_you_this_turn", "controller", "owner", "attacking_you"}
#: the zones of "entered from your ...", "cast from your ..." and their keys
_FROM_YOUR = (("graveyard", "from_your_graveyard"), ("library", "from_your_library"))
#: the keys of the most common filters, which ``matches`` tests at once after the zone (the others: in full)
_PLAIN_KEYS = frozenset({"zone", "types", "subtypes", "colors", "not_colors", "controller", "tapped", "attacking",
                         "token", "keyword", "not_keyword"})
#: id(filter) -> (filter, of _HEAD_KEYS only?, may it read "you"?, of _PLAIN_KEYS only?)
_SHAPES: dict[int, tuple[dict[str, Any], bool, bool, bool]] = {}


def _controlled(game: "Game", c: Any, ctl: Any, you: str | None, src: int | None) -> bool:
    """Is an object of characteristics ``c`` controlled as a filter's "controller" says (108.4, 110.2)?"""
    if ctl == "you":
        return c.controller == you
    if ctl == "not_you":
        return c.controller != you
    if ctl == "opponent":
        return _opponent(game, c.controller, you)
    if ctl == "team":  # "Warriors your team controls": you or a teammate (102.3; 810.2: Two-Headed Giant)
        return c.controller == you or c.controller in game.team_of.get(you or "", ())
    if ctl == "attached_player":  # "creatures enchanted player controls" (a Curse): the player it enchants
        so = game.objects.get(src) if src is not None else None
        return so is not None and so.attached_to == c.controller
    if ctl == "chosen_player":  # "creatures the chosen player controls": chosen as the source entered (614.12)
        return c.controller == chosen_player(game, src)
    return not (ctl.__class__ is list and c.controller not in ctl)  # the players a reference meant (bind_players)


def _shape(f: dict[str, Any]) -> tuple[dict[str, Any], bool, bool, bool]:
    """What ``matches`` keeps of a filter's keys (by its identity: filters are never changed once made)."""
    if len(_SHAPES) > 8192:
        _SHAPES.clear()
    shape = _SHAPES[id(f)] = (f, _HEAD_KEYS.issuperset(f), not _YOU_FREE.issuperset(f), _PLAIN_KEYS.issuperset(f))
    return shape


def _of_types(types: frozenset[str], wanted: list[str], zone: str) -> bool:
    """Has the object one of these card types ("Permanent": on the battlefield, "Spell": on the
    stack, "Card": any)?"""
    for tt in wanted:
        if tt in types or tt == "Permanent" and zone == "battlefield" or tt == "Spell" and zone == "stack" \
                or tt == "Card":
            return True
    return False


def _any_ability(f: dict[str, Any]) -> bool:
    return any(isinstance(sub, dict) and "ability" in sub for sub in f.get("or", ()))


def _has_attached(game: "Game", x: int, subtype: str) -> bool:
    """Enchanted / equipped (303.4, 301.5): an Aura / Equipment is attached to it."""
    for i in game.battlefield:
        a = game.objects[i]
        if a.attached_to == x and subtype in a.card.subtypes:
            return True
    return False


def _modified(game: "Game", x: int) -> bool:
    """Modified (a later term: Kamigawa: Neon Dynasty, 2022): a permanent with one or more counters on it (121.1),
    that's equipped (301.5), or that's enchanted by an Aura its controller controls (303.4)."""
    o = game.objects[x]
    if any(n > 0 for n in o.counters.values()):
        return True
    ctl = game.controller_of(x)
    for i in game.battlefield:
        a = game.objects[i]
        if a.attached_to == x and ("Equipment" in a.card.subtypes
                                   or "Aura" in a.card.subtypes and game.controller_of(i) == ctl):
            return True
    return False


#: the controller values ``matches`` reads itself (a list is the players a reference meant, bound
#: during a resolution by engine/values.bind_players)
PLAYER_WORDS = (None, "you", "not_you", "opponent", "attached_player", "chosen_player", "team")


def prior_target(ctl: Any) -> int | None:
    """The slot of the earlier target a target filter's controller names (601.2c: "target player ...
    target creature that player controls", {"target": n}; "target player or planeswalker ... target
    creature that player or that planeswalker's controller controls", {"controller_of": {"target": n}}),
    or None."""
    if isinstance(ctl, dict) and "controller_of" in ctl:
        ctl = ctl["controller_of"]
    if isinstance(ctl, dict) and set(ctl) == {"target"} and isinstance(ctl["target"], int):
        return ctl["target"]
    return None


def most_common_colors(game: "Game") -> set[str]:
    """105.1, 105.2: the colors among all permanents that the most of them have (each permanent counted for each of
    its colors), ties included ("the most common color among all permanents or a color tied for most common");
    none when no permanent has a color."""
    count: dict[str, int] = {}
    for i in game.battlefield:
        for col in game.chars(i).colors:
            count[col] = count.get(col, 0) + 1
    top = max(count.values(), default=0)
    return {col for col, n in count.items() if n == top and top > 0}


def chosen_player(game: "Game", src: int | None) -> str | None:
    """614.12: the player the source (an ability's: the object it came from, 112.7a) chose as it entered ("As SELF
    enters, choose an opponent"), while that player is in the game (800.4a); None when it chose none."""
    so = game.objects.get(src) if src is not None else None
    if so is not None and so.ability is not None and so.source is not None:
        so = game.objects.get(so.source) or so
    p = so.chosen.get("player") if so is not None else None
    return p if isinstance(p, str) and p in game.players and not game.players[p].lost else None


def unknown_keys(f: Any, group_ok: bool = False, player_refs: bool | str = False, target: bool = False) -> set[str]:
    """Filter keys (recursively) this engine does not understand (group keys only where a
    search or dig chooses the cards: ``group_ok``; a controller given as a reference, "creatures
    target player controls", only where a resolution binds it: ``player_refs``; "that_player" too
    where the op counts the amount for each player it affects: ``player_refs="that_player"``)."""
    if not isinstance(f, dict):
        return set()
    out = {k for k in f if k not in KNOWN and not (player_refs and k in BOUND_KEYS) or k in GROUP_KEYS and not group_ok
           or k in TARGET_GROUP_KEYS and not target}
    # ``matches`` reads these player words only; another value (a reference to "that player",
    # a target) would be ignored and match every controller (an owner reference is read where
    # objects are chosen, engine/values.chosen_refs; "that_player" nowhere)
    ctl = f.get("controller")
    if ctl not in PLAYER_WORDS and not (player_refs and (ctl != "that_player" or player_refs == "that_player")
                                        and isinstance(ctl, (str, dict))) \
            and not (target and (ctl in ("defending_player", "trigger_player") or prior_target(ctl) is not None)):
        # bound as targets are chosen (engine/targets.py; "trigger_player" only in a triggered ability:
        # engine/support.py; another target's player, "target creature that player controls": with the targets)
        out.add("controller")
    if f.get("owner") == "that_player" and player_refs != "that_player":  # read for each player (amount_for)
        out.add("owner")
    if "same_name_as" in f and not isinstance(f["same_name_as"], list) and not player_refs:  # a reference ("that
        out.add("same_name_as")  # permanent"): bound by a resolution only (values.bind_refs); a list: ``matches``
    for sub in f.get("or", ()):  # "all nonland permanents you control and all nonland permanents that player
        out |= unknown_keys(sub, player_refs=player_refs)  # controls": each alternative's player bound alike
    for k in ("not", "targets", "targets_you_or", "attached_to"):
        if isinstance(f.get(k), dict):
            out |= unknown_keys(f[k])
    return out


def check(spec: Any, group_ok: bool = False) -> None:
    """For the compiler: raise ValueError naming every key of filter ``spec`` (and of the
    filters nested in it) that ``matches`` does not read, so that a mistyped key fails when
    the card is compiled instead of silently matching nothing. ``group_ok``: the group keys
    of a search or dig (one_of_each, different_names) are allowed."""
    if not isinstance(spec, dict):
        raise ValueError(f"a filter is a mapping, not {spec!r}")
    bad = unknown_keys(spec, group_ok)
    if bad:
        raise ValueError(f"unknown filter key{'s' if len(bad) > 1 else ''} {', '.join(sorted(bad))} in {spec!r}")
