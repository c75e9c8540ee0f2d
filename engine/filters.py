"""Object filters of compiled cards (engine/cards/abilities.py) checked against a game.

A filter is a dict whose keys must all hold (CR 109.2, 115 for what a target may be).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.choices import has_name
from engine.mana import mana_value
from engine.memo import per_object

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
    "x_in_cost",  # "a spell with {X} in its mana cost": an X among its mana cost's symbols (107.3, 202.1)
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
    if x.__class__ is int:  # an object, looked at through the filter's plan (``_plan``)
        plan = _PLANS.get(id(f))
        if plan is None or plan[0] is not f:
            plan = _plan(f)
        if plan[3]:  # (the common case: an object filter looking in one zone, or in any)
            o = game.objects.get(x)
            if o is None:
                return False
            zone = plan[1]
            if zone != "any_card" and o.zone != zone:
                return False
            c = game.chars(x)
            for test in plan[2]:
                if not test(game, x, o, c, f, src, controller):
                    return False
            return True
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
    plan = _PLANS.get(id(f))
    if plan is None or plan[0] is not f:
        plan = _plan(f)
    zone = plan[1]
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
    for test in plan[2]:  # each key's test, in order (the common filters have one or two)
        if not test(game, x, o, c, f, src, controller):
            return False
    return True


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


def _you(game: "Game", src: int | None, controller: str | None) -> str | None:
    """Who "you" is for a filter: the player it is read for, else the controller of its source (109.5)."""
    return controller or (game.controller_of(src) if src is not None else None)


#: a key's test: does object ``x`` (``o``, of characteristics ``c``) hold what filter ``f`` says of it, read for
#: ``controller`` ("you"; else the controller of ``src``)?
_Test = Callable[["Game", int, Any, Any, dict[str, Any], "int | None", "str | None"], bool]


def _k_or_types(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                controller: str | None) -> bool:
    # "an artifact or another creature": of one of the alternatives' types at least (each checks its own after)
    ors = f["or"]
    return not (ors and all(isinstance(s, dict) and s.get("types") for s in ors)
                and not any(_of_types(c.types, s["types"], o.zone) for s in ors))


def _k_any(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None, controller: str | None) -> bool:
    # "any target": a creature or planeswalker on the battlefield (a player is matched above)
    return not f["any"] or bool(c.types & {"Creature", "Planeswalker"}) and o.zone == "battlefield"


def _k_permanent(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    # 110.4a: "permanent card": an artifact, creature, enchantment, land or planeswalker card (Wrenn and Seven's -8)
    return not f["permanent"] or bool(c.types & _PERMANENT_TYPES)


def _k_types(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None, controller: str | None) -> bool:
    t = f["types"]
    return not t or _of_types(c.types, t, o.zone)


def _k_and_types(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    return all(tt in c.types for tt in f["and_types"])


def _k_subtypes(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                controller: str | None) -> bool:
    return any(s in c.subtypes for s in f["subtypes"])


def _k_not_types(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    return not any(tt in c.types for tt in f["not_types"])


def _k_and_subtypes(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                    controller: str | None) -> bool:
    return all(s in c.subtypes for s in f["and_subtypes"])


def _k_not_subtypes(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                    controller: str | None) -> bool:
    return not any(s in c.subtypes for s in f["not_subtypes"])


def _k_supertypes(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                  controller: str | None) -> bool:
    return any(s in c.supertypes for s in f["supertypes"])


def _k_not_supertypes(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                      controller: str | None) -> bool:
    return not any(s in c.supertypes for s in f["not_supertypes"])


def _k_not_ids(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
               controller: str | None) -> bool:
    return x not in f["not_ids"]


def _k_among_ids(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    return x in f["among_ids"]


def _k_attached_ids(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                    controller: str | None) -> bool:
    return o.attached_to in f["attached_ids"]


def _k_attached_to(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                   controller: str | None) -> bool:
    # "Curses attached to you", "permanents attached to creatures" (301.5, 303.4)
    at = o.attached_to
    return not (at is None or not (isinstance(at, str) and at in game.players or at in game.objects)
                or not matches(game, at, f["attached_to"], src, controller))


def _k_blocking_ids(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                    controller: str | None) -> bool:
    return bool(set(o.blocking) & set(f["blocking_ids"]))


def _k_name_in_graveyard(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                         controller: str | None) -> bool:
    # "with the same name as a card in their graveyard" (201.2)
    who = _you(game, src, controller) if f["name_in_graveyard"] == "you" else game.controller_of(x)
    return not (who not in game.players or not any(game.objects[c].card.name == o.card.name
                                                   for c in game.players[who].graveyard if c != x))


def _from_your(zone: str, key: str) -> _Test:
    def test(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
             controller: str | None) -> bool:
        # "if it entered from your library or was cast from your library" (Fblthp), "... from your graveyard"
        # (Prized Amalgam)
        return (o.owner == _you(game, src, controller)
                and zone in (o.chosen.get("entered_from"), o.chosen.get("cast_zone"))) == bool(f[key])
    return test


def _k_damaged_you_this_turn(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                             controller: str | None) -> bool:
    # 120.1: it dealt damage to you this turn (as this object)
    if not f["damaged_you_this_turn"]:
        return True
    you = _you(game, src, controller)
    pl = game.players.get(you) if you is not None else None
    return not (pl is None or pl.damaged_turn != game.turn or x not in pl.damaged_by_turn)


def _k_colors(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
              controller: str | None) -> bool:
    return any(col in c.colors for col in f["colors"])


def _k_colors_all(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                  controller: str | None) -> bool:
    return all(col in c.colors for col in f["colors_all"])


def _k_colors_exact(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                    controller: str | None) -> bool:
    return set(c.colors) == set(f["colors_exact"])  # "a card that's exactly those colors" (105.2)


def _k_not_colors(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                  controller: str | None) -> bool:
    return not any(col in c.colors for col in f["not_colors"])


def _k_colorless(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    return (not c.colors) == f["colorless"]


def _k_multicolored(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                    controller: str | None) -> bool:
    return (len(c.colors) > 1) == f["multicolored"]


def _k_monocolored(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                   controller: str | None) -> bool:
    return (len(c.colors) == 1) == f["monocolored"]


def _k_controller(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                  controller: str | None) -> bool:
    ctl = f["controller"]
    return ctl is None or _controlled(game, c, ctl, _you(game, src, controller), src)


def _k_attacking_alone(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                       controller: str | None) -> bool:
    # "attacking alone" (506.5): it is attacking, and no other creature is
    return not (f["attacking_alone"] and (o.attacking is None or any(
        i != x and game.objects[i].attacking is not None for i in game.battlefield)))


def _k_controller_poison_ge(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                            controller: str | None) -> bool:
    # "if its controller has three or more poison counters" (121.1c): a spell's or a permanent's
    return not (c.controller not in game.players or game.players[c.controller].poison < f["controller_poison_ge"])


def _k_owner(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
             controller: str | None) -> bool:
    own = f["owner"]
    if own == "chosen_player" and o.owner != chosen_player(game, src):  # "the chosen player's graveyard"
        return False
    if own in ("you", "opponent", "not_you"):
        you = _you(game, src, controller)
        if own == "you" and o.owner != you or own == "opponent" and not _opponent(game, o.owner, you) \
                or own == "not_you" and o.owner == you:  # "owned by another player" (a teammate too, 810.2)
            return False
    return not (own.__class__ is list and o.owner not in own)  # the players a reference meant (bind_players)


def _k_attached_to_self(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                        controller: str | None) -> bool:
    return not (f["attached_to_self"] and (src is None or o.attached_to != src))


def _k_attached_to_host(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                        controller: str | None) -> bool:
    # attached to the permanent the source (an Aura, an Equipment) is attached to
    if not f["attached_to_host"]:
        return True
    host = game.objects[src].attached_to if src is not None and src in game.objects else None
    return not (host is None or o.attached_to != host)


def _k_not_attached_of_self(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                            controller: str | None) -> bool:
    if f["not_attached_of_self"] and src is not None and src in game.objects:
        me = game.objects[src]
        if me.ability is not None and me.source is not None:  # an ability's SELF is its source (112.7)
            me = game.objects.get(me.source) or me
        if me.attached_to == x:
            return False  # "other than enchanted creature" (303.4)
    return True


def _k_exiled_with_self(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                        controller: str | None) -> bool:
    # 607.2a: "cards exiled with SELF" (ops/zones.py link_exiled remembers them)
    return not (f["exiled_with_self"] and (src is None or src not in game.objects
                                           or x not in game.objects[src].chosen.get("exiled", ())))


def _k_is_source(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    # the source itself, or the permanent whose ability is being activated (602.2b)
    if f["is_source"]:
        so = game.objects.get(src) if src is not None else None
        if x != src and not (so is not None and so.ability is not None and so.source == x):
            return False
    return True


def _k_other(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
             controller: str | None) -> bool:
    if f["other"]:
        if x == src:
            return False
        so = game.objects.get(src) if src is not None else None
        if so is not None and so.ability is not None and so.source == x:
            return False  # "another target creature" of an ability: other than its source (112.7)
    return True


def _k_tapped(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
              controller: str | None) -> bool:
    return o.tapped == f["tapped"]


def _k_attacking(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    if (o.attacking is not None) != f["attacking"]:
        return False
    # "creature attacking you" (506.3: the player)
    return not (f.get("attacking_you") and o.attacking != _you(game, src, controller))


def _k_unblocked(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    # 509.1h: unblocked once blockers are declared
    return (o.attacking is not None and not o.blocked and game.step in _AFTER_BLOCKS) == f["unblocked"]


def _k_blocked(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
               controller: str | None) -> bool:
    # "target blocked creature" (509.1h: it stays blocked though its blockers leave)
    return (o.attacking is not None and bool(o.blocked)) == f["blocked"]


def _k_blocking(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                controller: str | None) -> bool:
    return o.is_blocking == f["blocking"]


def _k_in_combat_with_self(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                           controller: str | None) -> bool:
    return _in_combat_with_source(game, o.id, src, f)


def _k_in_combat(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    return o.in_combat == f["in_combat"]


def _k_token(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
             controller: str | None) -> bool:
    return o.token == f["token"]


def _k_kicked(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
              controller: str | None) -> bool:
    return o.kicked == f["kicked"]


def _k_x_in_cost(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    return ("X" in c.card.mana_cost) == f["x_in_cost"]  # 107.3: the mana cost it has now (its copiable values, 706.2)


def _k_keyword(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
               controller: str | None) -> bool:
    return f["keyword"] in c.keywords


def _k_not_keyword(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                   controller: str | None) -> bool:
    return f["not_keyword"] not in c.keywords


def _k_counter(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
               controller: str | None) -> bool:
    # "with a counter on it" of that kind ("any": of any kind, 121.1)
    return bool(any(v > 0 for v in o.counters.values()) if f["counter"] == "any" else o.counters.get(f["counter"]))


def _k_commander(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    # 903.3: being a commander belongs to the card (its uid), not to a copy of it
    return (o.uid in game.commanders and not o.token and o.ability is None) == f["commander"]


def _k_counters_ge(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                   controller: str | None) -> bool:
    return not any(counters_of(o.counters, k) < n for k, n in f["counters_ge"].items())


def _k_pt_total(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                controller: str | None) -> bool:
    # "with total power and toughness 5 or less" (208.1): a noncreature object has neither (208.3), so none to add up
    if c.power is None or c.toughness is None:
        return False
    total = (c.power or 0) + (c.toughness or 0)
    return not (total > f.get("pt_total_le", total) or total < f.get("pt_total_ge", total))


def _k_pt_equal(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                controller: str | None) -> bool:
    return (c.power == c.toughness) == f["pt_equal"]  # "whose power and toughness aren't equal" (208.1)


def _k_pt(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
          controller: str | None) -> bool:
    # "with power 2 or less", "toughness 4 or greater" (208.1; an amount of the game, 107.3)
    pg = f.get("power_ge")
    who = game.controller_of(x) if isinstance(pg, dict) and pg.get("per_controller") else _you(game, src, controller)
    return _cmp(game, c.power, f, "power", src, who) and _cmp(game, c.toughness, f, "toughness", src, who)


def _k_mv(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
          controller: str | None) -> bool:
    # "with mana value 3 or less" (202.3; a spell's X counts on the stack, 202.3c)
    mv_who = game.controller_of(x) if any(isinstance(f.get(k), dict) and f[k].get("per_controller")
                                          for k in ("mv_le", "mv_ge", "mv_eq")) else _you(game, src, controller)
    return _cmp(game, _mv(o), f, "mv", src, mv_who)


def _k_name(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
            controller: str | None) -> bool:
    name = f["name"]
    if name == "SELF":
        return not (src is not None and o.card.name != game.objects[src].card.name)
    return name is None or _named(o.card.name, name)  # "a card named Nissa's Chosen"


def _k_cast_from(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    # a spell: the zone it was cast from; a card that may be cast: where it is now (601.2a)
    return (o.chosen.get("cast_from") if o.zone == "stack" else o.zone) in f["cast_from"]


def _k_dealt_damage_this_turn(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                              controller: str | None) -> bool:
    # "that dealt damage this turn" (Avenging Arrow): it dealt some damage this turn (119.1)
    return not (f["dealt_damage_this_turn"] and (o.chosen.get("damage_turn") or (None, 0))[0] != game.turn)


def _k_suspected(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    # suspected (a later keyword action's designation): engine/ops/continuous.py suspect
    return bool(o.chosen.get("suspected")) == bool(f["suspected"])


def _k_face_down(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    # 707.2: face down (a spell cast face down, 707.4, or a permanent turned face down)
    return ("face_down" in o.chosen) == bool(f["face_down"])


def _k_adventurer(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                  controller: str | None) -> bool:
    # "that has an Adventure" (Throne of Eldraine, a later layout; a face-down card has none, 707.2; an Omen, Tarkir:
    # Dragonstorm's, is no Adventure)
    return not (f["adventurer"] and (o.card.layout != "adventure" or not o.card.faces or "face_down" in o.chosen
                                     or "Adventure" not in o.card.faces[0].subtypes))


def _k_name_in(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
               controller: str | None) -> bool:
    # "with the same name as that permanent" (201.2; a face-down one has none, 707.2)
    return not ("face_down" in o.chosen or not any(has_name(o.card.name, n) for n in f["name_in"]))


def _k_same_name_as(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                    controller: str | None) -> bool:
    # 201.2: shares its name with another such object (a face-down one has none, 707.2)
    you = _you(game, src, controller)
    return (not any(_same_name(game, x, o.card.name, sub, src, you) for sub in f["same_name_as"])
            or "face_down" in o.chosen) != bool(f["same_name_as"])


def _k_entered_this_turn(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                         controller: str | None) -> bool:
    # "target creature that entered this turn" (a permanent since the entry of this turn, 110.1)
    return (o.zone == "battlefield" and o.entered_turn == game.turn) == f["entered_this_turn"]


def _k_mv_parity(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    # "with an even mana value" (202.3; a spell's X counts on the stack, 202.3c)
    return _mv(o) % 2 == (f["mv_parity"] == "odd")


def _k_toughness_gt_power(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                          controller: str | None) -> bool:
    # "each creature with toughness greater than its power" (208.1, its characteristics now)
    return (c.toughness > c.power) == f["toughness_gt_power"]


def _k_damaged_this_turn(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                         controller: str | None) -> bool:
    # dealt damage this turn: the sources are remembered until cleanup (514.2)
    return not (f["damaged_this_turn"] and not (o.damage or o.damage_sources))


def _k_convoked_self(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                     controller: str | None) -> bool:
    # "each creature that convoked it": tapped for its convoke as it was cast (702.50a)
    if f["convoked_self"]:
        s = game.objects.get(src) if src is not None else None
        if s is not None and s.ability is not None:  # an ability's SELF is its source (112.7)
            s = game.objects.get(s.source) if s.source is not None else None
        if s is None or x not in s.chosen.get("convoked", ()):
            return False
    return True


def _k_saddled_self(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                    controller: str | None) -> bool:
    # "creature that saddled it this turn": tapped for the source's saddle this turn
    if f["saddled_self"]:
        s = game.objects.get(src) if src is not None else None
        if s is not None and s.ability is not None:  # an ability's SELF is its source (112.7)
            s = game.objects.get(s.source) if s.source is not None else None
        if s is None or s.chosen.get("saddled") != game.turn or x not in s.chosen.get("saddled_by", ()):
            return False
    return True


def _k_damaged_by(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                  controller: str | None) -> bool:
    # "dealt damage by SELF / by enchanted creature this turn"
    s = game.objects.get(src) if src is not None else None
    by = None if s is None else s.id if f["damaged_by"] == "self" else s.attached_to
    return not (by is None or by not in o.damage_sources)


def _k_pt_lt(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
             controller: str | None) -> bool:
    return not ("power_lt" in f and not c.power < f["power_lt"]
                or "toughness_lt" in f and not c.toughness < f["toughness_lt"])


def _than_self(key: str) -> _Test:
    def test(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
             controller: str | None) -> bool:
        # "with power less (greater) than SELF's power" (the source on the battlefield)
        so = game.objects.get(src) if src is not None else None
        if so is not None and so.ability is not None:  # an ability's SELF is its source (112.7)
            so = game.objects.get(so.source) if so.source is not None else None
        if so is None or so.zone != "battlefield":
            return False
        mine, its = getattr(c, key[:-8]), getattr(game.chars(so.id), f[key])
        return mine > its if key.endswith("_gt_self") else mine < its
    return test


def _k_source_host(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                   controller: str | None) -> bool:
    # "tap enchanted creature": the one the source enchants now (303.4)
    return not (f["source_host"] and (src is None or src not in game.objects or game.objects[src].attached_to != x))


def _k_enchanted_by_other(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                          controller: str | None) -> bool:
    # "with another Aura attached to it" (303.4): an Aura other than the one looking
    return not (f["enchanted_by_other"] and not any(game.objects[i].attached_to == x and i != src
                                                    and "Aura" in game.objects[i].card.subtypes
                                                    for i in game.battlefield))


def _k_enchanted(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    # "enchanted creature" / "creatures that aren't enchanted" (Winds of Rath; 303.4)
    return _has_attached(game, x, "Aura") == bool(f["enchanted"])


def _k_shares_most_common_color(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                                controller: str | None) -> bool:
    return not (f["shares_most_common_color"] and not set(c.colors) & most_common_colors(game))


def _k_banded_with_source(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                          controller: str | None) -> bool:
    # 702.21e-f: in the same attacking band as the source (both still attacking)
    if f["banded_with_source"]:
        so = game.objects.get(src) if src is not None else None
        if so is not None and so.ability is not None:  # an ability's SELF is its source (112.7)
            so = game.objects.get(so.source) if so.source is not None else None
        if so is None or x == so.id or x not in (so.chosen.get("band") or ()) or so.attacking is None \
                or o.attacking is None:
            return False
    return True


def _k_topmost(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
               controller: str | None) -> bool:
    # the card nearest the top of its owner's graveyard of those the rest of the filter matches
    if f["topmost"]:
        rest = {k: v for k, v in f.items() if k != "topmost"}
        pile = game.players[o.owner].graveyard if o.zone == "graveyard" else ()
        you = _you(game, src, controller)
        if next((i for i in reversed(pile) if matches(game, i, rest, src, you)), None) != x:
            return False
    return True


def _k_equipped(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                controller: str | None) -> bool:
    return not (f["equipped"] and not _has_attached(game, x, "Equipment"))


def _k_modified(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                controller: str | None) -> bool:
    return _modified(game, x) == bool(f["modified"])


def _k_enchant(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
               controller: str | None) -> bool:
    # 702.5a: "Aura card with enchant creature"
    return (o.card.keyword_args.get("Enchant") if "Enchant" in o.card.keywords else None) == f["enchant"]


def _k_suspended(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                 controller: str | None) -> bool:
    # 702.61b
    return (o.zone == "exile" and "Suspend" in o.card.keywords and o.counters.get("time", 0) > 0) \
        == bool(f["suspended"])


def _k_single_target(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                     controller: str | None) -> bool:
    # "a spell with a single target" (114.6a)
    return not (f["single_target"] and sum(len(slot) for slot in o.targets) != 1)


def _k_targets(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
               controller: str | None) -> bool:
    # a spell that targets SELF / an object / you (115.1)
    if "targets" in f or f.get("targets_you"):
        chosen = [t for slot in o.targets for t in slot]
        want = f.get("targets")
        if want == "self":  # SELF: the permanent, also when an ability of it on the stack reads the filter (112.7)
            so = game.objects.get(src) if src is not None else None
            if src not in chosen and (so is None or so.ability is None or so.source not in chosen):
                return False
        if isinstance(want, dict) and not any(isinstance(t, int) and t in game.objects
                                              and matches(game, t, want, src, controller) for t in chosen):
            return False
        if f.get("targets_you") and _you(game, src, controller) not in chosen:
            return False
    return True


def _k_targets_you_or(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                      controller: str | None) -> bool:
    # "that targets you or a creature you control": you, or an object that matches
    chosen = [t for slot in o.targets for t in slot]
    return not (_you(game, src, controller) not in chosen
                and not any(isinstance(t, int) and t in game.objects
                            and matches(game, t, f["targets_you_or"], src, controller) for t in chosen))


def _k_chosen(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
              controller: str | None) -> bool:
    # "of the chosen color / type / name" (614.12, 608.2d)
    so = game.objects.get(src) if src is not None else None
    if so is not None and so.ability is not None and not {"card_name", "creature_type", "color",
                                                          "card_type"} & set(so.chosen):
        so = game.objects.get(so.source) if so.source is not None else None  # its SELF is its source (112.7)
    ch = so.chosen if so is not None else {}
    res = game.resolving
    ro = game.objects.get(res["obj"]) if res else None
    if ro is not None and ro.ability is not None and so is not None and ro.source == so.id \
            and {"card_name", "creature_type", "color", "card_type"} & set(ro.chosen):
        # "If you do, choose a color, then that player ... discards all cards of that color" (Crosis, the Purger):
        # the choice the resolving ability made (608.2d), read with its source as the filter's SELF
        ch = {**ch, **ro.chosen}
    if "chosen_name" in f and ("face_down" in o.chosen or not has_name(o.card.name, ch.get("card_name"))):
        return False  # 201.3, 708.7: "with the chosen name" (a face-down object has no name, 707.2)
    if "chosen_color" in f and ch.get("color") not in c.colors:
        return False
    if "chosen_type" in f and ch.get("creature_type") not in c.subtypes:
        return False
    return not ("chosen_card_type" in f and ch.get("card_type") not in c.types)  # "of the chosen type" (205.2a)


def _k_shares_color_with_source(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                                controller: str | None) -> bool:
    # "that share a color with it" (conspire, 702.77a; 105.4)
    so = game.objects.get(src) if src is not None else None
    return not (so is None or not set(game.chars(so.id).colors if so.zone == "battlefield" else so.card.colors)
                & set(c.colors))


def _k_nonmana_activated(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                         controller: str | None) -> bool:
    # 605.1a: mana abilities are of their own kind ("mana"); loyalty abilities are activated
    return any(a.kind == "activated" for a in c.abilities) == f["nonmana_activated"]


def _k_combat_this_turn(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                        controller: str | None) -> bool:
    # declared as an attacker or a blocker this turn (engine/triggers.py marks it)
    return (o.chosen.get("combat_turn") == game.turn) == f["combat_this_turn"]


def _k_block_this_turn(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                       controller: str | None) -> bool:
    # 509.1a, 509.1h: it blocked, or became blocked, during this turn
    how = f["block_this_turn"]
    did = (how != "was_blocked" and o.chosen.get("blocked_turn") == game.turn) \
        or (how != "blocked" and o.chosen.get("was_blocked_turn") == game.turn)
    if not did:
        return False
    if "block_partner" in f:  # the kinds of the creatures it blocked or that blocked it (engine/triggers.py)
        turn, kinds = o.chosen.get("block_partners") or (0, ())
        if turn != game.turn or not any(_kind_matches(k, f["block_partner"]) for k in kinds):
            return False
    return True


def _k_attacked_last_turn(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                          controller: str | None) -> bool:
    # "that attacked during their controller's last turn": the last turn of its controller that has ended (508.1)
    ctl = game.players.get(o.controller) if o.controller else None
    did = ctl is not None and ctl.last_turn > 0 and o.chosen.get("attacked_turn") == ctl.last_turn
    return did == f["attacked_last_turn"]


def _k_attacked_this_turn(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                          controller: str | None) -> bool:
    # "untap all creatures that attacked this turn" (Relentless Assault)
    return (o.chosen.get("attacked_turn") == game.turn) == f["attacked_this_turn"]


def _k_put_there_this_turn(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                           controller: str | None) -> bool:
    # "that were put there from anywhere this turn" (Garna, the Bloodflame)
    return not (f["put_there_this_turn"] and o.chosen.get("graveyard_turn") != game.turn)


def _k_put_there_this_combat(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                             controller: str | None) -> bool:
    # "that wasn't put there this combat" (Storrev): during the combat phase it is in now (506.1)
    return (game.step in _COMBAT and o.chosen.get("graveyard_combat") == game.combat_no
            and o.chosen.get("graveyard_turn") == game.turn) == f["put_there_this_combat"]


def _k_from_battlefield_this_turn(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                                  controller: str | None) -> bool:
    # "that was put there from the battlefield this turn"
    return not (f["from_battlefield_this_turn"] and o.chosen.get("from_battlefield_turn") != game.turn)


def _k_drawn_this_turn(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
                       controller: str | None) -> bool:
    # "cards in your hand drawn this turn" (121.1: drawn, not put into the hand otherwise)
    return not (f["drawn_this_turn"] and (o.zone != "hand" or o.chosen.get("drawn_turn") != game.turn))


def _k_or(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None, controller: str | None) -> bool:
    return any(matches(game, x, sub, src, controller) for sub in _alternatives(f))


@per_object
def _alternatives(f: dict[str, Any]) -> tuple[dict[str, Any], ...]:
    """The alternatives of an "or" filter, each in its zone (``_in_zone_of``): made once per filter, so that each
    keeps its tests (``_plan``)."""
    return tuple(_in_zone_of(sub, f) for sub in f["or"])


def _k_not(game: "Game", x: int, o: Any, c: Any, f: dict[str, Any], src: int | None,
           controller: str | None) -> bool:
    return not matches(game, x, f["not"], src, controller)


#: the keys ``matches`` reads of an object, each with its test (keys read together share one), in the order they are
#: asked: a filter is the conjunction of its keys' tests (109.2), each asked only of the filters that have its key
#: ("or": its alternatives' types are asked first, ``_k_or_types``, their whole tests last). A key added to KNOWN
#: needs a test here (tests/test_feature_skips.py checks that every key is read)
_KEY_TESTS: tuple[tuple[tuple[str, ...], _Test], ...] = (
    (("any",), _k_any), (("permanent",), _k_permanent), (("types",), _k_types),
    (("and_types",), _k_and_types), (("subtypes",), _k_subtypes), (("not_types",), _k_not_types),
    (("and_subtypes",), _k_and_subtypes), (("not_subtypes",), _k_not_subtypes), (("supertypes",), _k_supertypes),
    (("not_supertypes",), _k_not_supertypes), (("not_ids",), _k_not_ids), (("among_ids",), _k_among_ids),
    (("attached_ids",), _k_attached_ids), (("attached_to",), _k_attached_to), (("blocking_ids",), _k_blocking_ids),
    (("name_in_graveyard",), _k_name_in_graveyard),
    (("from_your_graveyard",), _from_your("graveyard", "from_your_graveyard")),
    (("from_your_library",), _from_your("library", "from_your_library")),
    (("damaged_you_this_turn",), _k_damaged_you_this_turn), (("colors",), _k_colors), (("colors_all",), _k_colors_all),
    (("colors_exact",), _k_colors_exact), (("not_colors",), _k_not_colors), (("colorless",), _k_colorless),
    (("multicolored",), _k_multicolored), (("monocolored",), _k_monocolored), (("controller",), _k_controller),
    (("attacking_alone",), _k_attacking_alone), (("controller_poison_ge",), _k_controller_poison_ge),
    (("owner",), _k_owner), (("attached_to_self",), _k_attached_to_self),
    (("attached_to_host",), _k_attached_to_host), (("not_attached_of_self",), _k_not_attached_of_self),
    (("exiled_with_self",), _k_exiled_with_self), (("is_source",), _k_is_source), (("other",), _k_other),
    (("tapped",), _k_tapped), (("attacking",), _k_attacking), (("unblocked",), _k_unblocked),
    (("blocked",), _k_blocked), (("blocking",), _k_blocking),
    (("blocking_self", "blocked_by_self", "in_combat_with_self"), _k_in_combat_with_self),
    (("in_combat",), _k_in_combat), (("token",), _k_token), (("kicked",), _k_kicked), (("x_in_cost",), _k_x_in_cost),
    (("keyword",), _k_keyword),
    (("not_keyword",), _k_not_keyword), (("counter",), _k_counter), (("commander",), _k_commander),
    (("counters_ge",), _k_counters_ge), (("pt_total_le", "pt_total_ge"), _k_pt_total), (("pt_equal",), _k_pt_equal),
    (tuple(name for k in ("power", "toughness") for name, _ in _CMP_KEYS[k]), _k_pt),
    (tuple(name for name, _ in _CMP_KEYS["mv"]), _k_mv), (("name",), _k_name), (("cast_from",), _k_cast_from),
    (("dealt_damage_this_turn",), _k_dealt_damage_this_turn), (("suspected",), _k_suspected),
    (("face_down",), _k_face_down), (("adventurer",), _k_adventurer), (("name_in",), _k_name_in),
    (("same_name_as",), _k_same_name_as), (("entered_this_turn",), _k_entered_this_turn),
    (("mv_parity",), _k_mv_parity), (("toughness_gt_power",), _k_toughness_gt_power),
    (("damaged_this_turn",), _k_damaged_this_turn), (("convoked_self",), _k_convoked_self),
    (("saddled_self",), _k_saddled_self), (("damaged_by",), _k_damaged_by),
    (("power_lt", "toughness_lt"), _k_pt_lt),
    *(((key,), _than_self(key)) for key in ("power_lt_self", "toughness_lt_self", "power_gt_self",
                                            "toughness_gt_self")),
    (("source_host",), _k_source_host), (("enchanted_by_other",), _k_enchanted_by_other),
    (("enchanted",), _k_enchanted), (("shares_most_common_color",), _k_shares_most_common_color),
    (("banded_with_source",), _k_banded_with_source), (("topmost",), _k_topmost), (("equipped",), _k_equipped),
    (("modified",), _k_modified), (("enchant",), _k_enchant), (("suspended",), _k_suspended),
    (("single_target",), _k_single_target), (("targets", "targets_you"), _k_targets),
    (("targets_you_or",), _k_targets_you_or),
    (("chosen_color", "chosen_type", "chosen_name", "chosen_card_type"), _k_chosen),
    (("shares_color_with_source",), _k_shares_color_with_source), (("nonmana_activated",), _k_nonmana_activated),
    (("combat_this_turn",), _k_combat_this_turn), (("block_this_turn",), _k_block_this_turn),
    (("attacked_last_turn",), _k_attacked_last_turn), (("attacked_this_turn",), _k_attacked_this_turn),
    (("put_there_this_turn",), _k_put_there_this_turn), (("put_there_this_combat",), _k_put_there_this_combat),
    (("from_battlefield_this_turn",), _k_from_battlefield_this_turn), (("drawn_this_turn",), _k_drawn_this_turn),
    (("or",), _k_or), (("not",), _k_not),
)
#: the keys of an object filter ``matches`` reads before its keys' tests (the zone it looks in, 400.1) or within
#: another key's test ("attacking_you" with "attacking", "block_partner" with "block_this_turn")
_READ_BEFORE = frozenset({"zone", "ability", "source", "source_types", "paired_group", "player", "attacking_you",
                          "block_partner"})
#: each key's place in ``_KEY_TESTS`` and its test
_TEST_OF: dict[str, tuple[int, _Test]] = {k: (n, test) for n, (keys, test) in enumerate(_KEY_TESTS) for k in keys}
#: the keys of a filter (as it lists them) -> the tests of those keys, in order
_TESTS_OF_KEYS: dict[tuple[str, ...], tuple[_Test, ...]] = {}
#: id(filter) -> (filter, the zone it looks in, the tests of its keys in order): worked out once per filter (by its
#: identity: filters are never changed once made)
_PLANS: dict[int, tuple[dict[str, Any], str, tuple[_Test, ...], bool]] = {}


def _plan(f: dict[str, Any]) -> tuple[dict[str, Any], str, tuple[_Test, ...], bool]:
    """The zone a filter looks in, the tests of its keys, in the order ``_KEY_TESTS`` gives them, and whether an
    object is read by these alone after its zone (``matches``)."""
    if len(_PLANS) > 8192:
        _PLANS.clear()
    zone = f.get("zone", "stack" if "ability" in f else "any_card" if f.get("source") else "battlefield")
    if "or" in f and "zone" not in f and any(isinstance(a, dict) and "zone" in a for a in f["or"]):
        zone = "any_card"  # "target spell or permanent": each alternative names its own zone
    keys = tuple(f)
    tests = _TESTS_OF_KEYS.get(keys)
    if tests is None:
        if len(_TESTS_OF_KEYS) > 8192:
            _TESTS_OF_KEYS.clear()
        found = sorted({_TEST_OF[k] for k in keys if k in _TEST_OF}, key=lambda t: t[0])
        if "or" in f:  # the alternatives' types first, their whole test last
            found = [(-1, _k_or_types), *found]
        tests = _TESTS_OF_KEYS[keys] = tuple(test for _, test in found)
    # plain: what ``matches`` reads of an object before the tests is its zone alone (not a spell or ability on the
    # stack, no "paired_group", not a filter of players only)
    plain = zone != "stack" and "paired_group" not in f and not (f.get("player") and not f.get("types")
                                                                 and not f.get("any"))
    plan = _PLANS[id(f)] = (f, zone, tests, plain)
    return plan


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
