"""The kinds of decision a game waits for, and the shape of each kind's options and answer.

``DecisionKind`` is a ``StrEnum``: a kind is equal to its plain string ("priority" ==
DecisionKind.PRIORITY), so code and saved games that compare or store strings keep
working. For each kind, ``ANSWERS`` names the TypedDict of its answer (what a UI, a bot
or a network client submits) and ``OPTIONS`` the type of the ``options`` a Decision of
that kind lists (engine/decisions.py builds them).

``validate(kind, answer)`` is the one entry point that checks an answer's shape before
the game reads it: a mapping whose keys have the JSON types its kind declares. Whether
the answer is legal (a target that can be chosen, a cost that can be paid) is decided by
the rules module that carries it out; an illegal answer changes nothing (DESIGN.md).
"""
from __future__ import annotations

import json
from collections.abc import Collection
from enum import StrEnum
from typing import Any, TypedDict, Union, get_args, get_origin, get_type_hints

from engine.errors import IllegalAction


class DecisionKind(StrEnum):
    """Every decision the engine asks (the ``kind`` of a Decision and of a wait record)."""

    PRIORITY = "priority"                            # 116.3: play, cast, activate or pass
    PLAY_FIRST = "play_first"                        # 103.2
    MULLIGAN = "mulligan"                            # 103.4
    MULLIGAN_BOTTOM = "mulligan_bottom"              # 103.4: scry 1 after a mulligan
    ATTACKERS = "attackers"                          # 508.1
    BLOCKERS = "blockers"                            # 509.1
    ORDER_BLOCKERS = "order_blockers"                # 509.2
    ORDER_ATTACKERS = "order_attackers"              # 509.3
    ASSIGN_DAMAGE = "assign_damage"                  # 510.1c-d
    TRIGGER_TARGETS = "trigger_targets"              # 603.3d
    ORDER_TRIGGERS = "order_triggers"                # 603.3b
    DISCARD_TO_HAND_SIZE = "discard_to_hand_size"    # 514.1
    LEGEND_RULE = "legend_rule"                      # 704.5j
    CHOOSE_CARDS = "choose_cards"                    # objects chosen while resolving or paying
    CHOOSE_OPTION = "choose_option"                  # one of a list of words
    CHOOSE_NUMBER = "choose_number"                  # a number in a range
    MANUAL = "manual"                                # a card carried out by hand (engine/manual.py)
    CAST_OFFER = "cast_offer"                        # cast a card while an ability resolves (madness,
                                                     # cascade, rebound, suspend: engine/ops/cast.py)
    NAME_CARD = "name_card"                          # 201.3: name a card (any real card name)


#: The generic choices: a rules module asks them and names itself in the wait record's
#: ``answer_to`` (engine/game.py routes the answer there; none means the resolver, 608.2).
CHOICE_KINDS = frozenset({DecisionKind.CHOOSE_CARDS, DecisionKind.CHOOSE_OPTION, DecisionKind.CHOOSE_NUMBER})

Target = Union[int, str]  # an object id or a player name


# ------------------------------------------------------------------ answers
class PriorityAnswer(TypedDict, total=False):
    """116.2: pass, play a land, cast a spell (601.2 in one answer), activate (602.2), play by
    hand, or concede. The cost parts that name objects (601.2h) may come in the answer too.
    The engine is lenient where JSON and Python callers differ (a list or a tuple, a number
    or its digits)."""
    action: str
    card: Union[int, str]
    ability: Any
    targets: Union[list, tuple, None]
    x: Union[int, str, None]
    mode: Any
    modes: Union[list, tuple, None]
    kicked: Any
    alt: Union[str, None]
    face: Union[int, None]   # the half of a split card cast (708.3): 0 the first, 1 the second
    door: Union[int, None]   # the door of a Room unlocked (a later layout, engine/rooms.py): 0 the first, 1 the second
    prepared: Any            # cast a copy of the spell of the prepared permanent "card" names (engine/prepare.py)
    divide: Union[dict, None]
    pay: Union[list, tuple, None]
    mana: Any
    sacrifice: Union[list, tuple]
    discard: Union[list, tuple]
    exile_from_graveyard: Union[list, tuple]
    exile_from_hand: Union[list, tuple]
    tap_others: Union[list, tuple]
    return_to_hand: Union[list, tuple]
    remove_counter_from: Union[list, tuple]
    extras: Union[list, tuple]       # optional additional costs paid: buyback, entwine (engine/cast_options.py)
    replicate: Union[int, None]      # how many times the replicate cost is paid (702.55a)
    squad: Union[int, None]          # how many times the squad cost is paid (a later keyword)
    multikicker: Union[int, None]    # how many times the multikicker cost is paid (702.32c)
    convoke: Union[list, tuple]      # creatures tapped to pay for mana (702.50a)
    improvise: Union[list, tuple]    # artifacts tapped to pay for generic mana (Aether Revolt)
    delve: Union[list, tuple]        # cards exiled from the graveyard to pay for generic mana (702.65a)
    waterbend: Union[list, tuple]    # artifacts and creatures tapped to pay for a waterbend cost's generic mana
    splice: Union[list, tuple]       # cards in the hand spliced onto the spell, in order (702.46a-b)
    offering: Union[int, None]       # the permanent sacrificed for the card's offering (702.47a)
    emerge: Union[int, None]         # the creature sacrificed for the card's emerge cost (a later keyword)
    harmonize: Union[int, None]      # the creature tapped to reduce a harmonize cost (a later keyword)
    assist: Union[str, None]         # the player asked to pay some of its generic mana (assist, a later keyword)
    cost_choice: Union[int, None]    # the alternative of an additional cost "A or B" paid, from 0 (601.2b)
    reveal_hand: Union[list, tuple]  # the card revealed from the hand to pay a cost (701.15a)
    behold: Union[list, tuple]       # the permanent chosen or card revealed to behold (a later keyword action)
    repeat: Union[int, None]         # 716.2a: a shortcut, this cast or activation N times (engine/shortcuts.py)


class OptionAnswer(TypedDict, total=False):
    option: Any  # a listed option, its 1-based number, or yes/no as a bool


class PlayFirstAnswer(TypedDict):
    player: str


class AttackersAnswer(TypedDict, total=False):
    attackers: Union[dict, list, tuple]  # attacker id -> what it attacks, or ids attacking the opponent
    bands: Union[list, tuple]            # attacking bands: lists of attacker ids (702.21c)
    enlist: Union[dict, None]            # attacker with enlist -> the creature it taps (a later keyword)


class BlockersAnswer(TypedDict, total=False):
    blockers: Union[dict, list, tuple]  # blocker id -> the attacker (or attackers) it blocks


class OrderAnswer(TypedDict, total=False):
    order: Union[list, tuple]


class AssignAnswer(TypedDict, total=False):
    assign: dict  # recipient -> damage


class TargetsAnswer(TypedDict, total=False):
    targets: Union[list, tuple, None]


class CardsAnswer(TypedDict, total=False):
    cards: Union[list, tuple]


class NumberAnswer(TypedDict, total=False):
    number: Union[int, str]


class NameAnswer(TypedDict, total=False):
    name: str  # 201.3: a card name of the card database (one half of a split card, 708.7)


class ManualAnswer(TypedDict, total=False):
    action: str
    card: Any
    to: Any
    player: Any
    delta: Any
    kind: Any
    amount: Any


ANSWERS: dict[DecisionKind, type] = {
    DecisionKind.PRIORITY: PriorityAnswer,
    DecisionKind.PLAY_FIRST: PlayFirstAnswer,
    DecisionKind.MULLIGAN: OptionAnswer,
    DecisionKind.MULLIGAN_BOTTOM: OptionAnswer,
    DecisionKind.ATTACKERS: AttackersAnswer,
    DecisionKind.BLOCKERS: BlockersAnswer,
    DecisionKind.ORDER_BLOCKERS: OrderAnswer,
    DecisionKind.ORDER_ATTACKERS: OrderAnswer,
    DecisionKind.ASSIGN_DAMAGE: AssignAnswer,
    DecisionKind.TRIGGER_TARGETS: TargetsAnswer,
    DecisionKind.ORDER_TRIGGERS: OrderAnswer,
    DecisionKind.DISCARD_TO_HAND_SIZE: CardsAnswer,
    DecisionKind.LEGEND_RULE: CardsAnswer,
    DecisionKind.CHOOSE_CARDS: CardsAnswer,
    DecisionKind.CHOOSE_OPTION: OptionAnswer,
    DecisionKind.CHOOSE_NUMBER: NumberAnswer,
    DecisionKind.MANUAL: ManualAnswer,
    DecisionKind.CAST_OFFER: PriorityAnswer,  # a cast answer for the offered card, or pass to decline
    DecisionKind.NAME_CARD: NameAnswer,
}


# ------------------------------------------------------------------ options
class PriorityOption(TypedDict, total=False):
    """One legal priority action: its ``action`` and what it needs (targets of each slot,
    modes, X, kicker, alternative cost, mana abilities to pay with)."""
    action: str
    card: int
    name: str
    ability: int


class AttackOptions(TypedDict, total=False):
    attackers: list[int]
    targets: list[Target]
    must: list[int]


class _DamageOptions(TypedDict):
    recipients: list[Target]
    power: int
    lethal: dict[int, int]


class DamageOptions(_DamageOptions, total=False):
    as_unblocked: Target  # 510.1c: all of it to what it attacks, or among the blockers only


class TriggerTargetOptions(TypedDict):
    targets: list[list[Target]]
    target_counts: list[list[int]]


OPTIONS: dict[DecisionKind, Any] = {
    DecisionKind.PRIORITY: list[PriorityOption],
    DecisionKind.PLAY_FIRST: list[PlayFirstAnswer],
    DecisionKind.MULLIGAN: list[OptionAnswer],
    DecisionKind.MULLIGAN_BOTTOM: list[OptionAnswer],
    DecisionKind.ATTACKERS: AttackOptions,
    DecisionKind.BLOCKERS: dict[str, Any],
    DecisionKind.ORDER_BLOCKERS: list[int],
    DecisionKind.ORDER_ATTACKERS: list[int],
    DecisionKind.ASSIGN_DAMAGE: DamageOptions,
    DecisionKind.TRIGGER_TARGETS: TriggerTargetOptions,
    DecisionKind.ORDER_TRIGGERS: list[dict[str, Any]],
    DecisionKind.DISCARD_TO_HAND_SIZE: list[int],
    DecisionKind.LEGEND_RULE: list[int],
    DecisionKind.CHOOSE_CARDS: list[int],
    DecisionKind.CHOOSE_OPTION: list[Any],
    DecisionKind.CHOOSE_NUMBER: list[int],
    DecisionKind.MANUAL: dict[str, Any],
    DecisionKind.CAST_OFFER: list[PriorityOption],
    DecisionKind.NAME_CARD: list[str],  # suggested names (cards the chooser can see); any real name is legal
}


# ------------------------------------------------------------------ validation
def named_option(options: list[Any], opt: Any) -> Any:
    """The option a ``choose_option`` answer names: by itself, or by its number counted from 1 (the
    scenario format and the network protocol allow both). IllegalAction when it names none."""
    if isinstance(opt, int) and not isinstance(opt, bool) and 1 <= opt <= len(options):
        opt = options[opt - 1]
    if opt not in options:
        raise IllegalAction(f"choose one of {options}")
    return opt


def answer_cards(a: dict[str, Any]) -> list[Any]:
    """The object ids a ``choose_cards`` answer names, each an int or its decimal string (a JSON
    object key or a typed number both reach here as text)."""
    return [int(c) if isinstance(c, str) and c.isdigit() else c for c in a.get("cards", [])]


def _runtime(t: Any) -> tuple[type, ...] | None:
    """The Python types a JSON value of annotation ``t`` may have (None: anything)."""
    if t is Any:
        return None
    if t is None or t is type(None):
        return (type(None),)
    origin = get_origin(t)
    if origin is Union:
        parts = [_runtime(a) for a in get_args(t)]
        return None if any(p is None for p in parts) else tuple(x for p in parts for x in p or ())
    return ((origin or t),)


_SHAPES: dict[str, dict[str, tuple[type, ...] | None]] = {
    k.value: {key: _runtime(t) for key, t in get_type_hints(td).items()} for k, td in ANSWERS.items()}


#: The largest number an answer may hold (an object id, X, a count, damage): far above any
#: real game, low enough that no arithmetic on it overflows or runs away.
MAX_NUMBER = 10**6

#: Keys whose lists name objects each at most once (no duplicates).
# ("modes" is not: "you may choose the same mode more than once", engine/casting.check_modes, 700.2)
_UNIQUE = frozenset({"sacrifice", "discard", "exile_from_graveyard", "exile_from_hand", "tap_others",
                     "return_to_hand", "remove_counter_from",
                     "cards", "order", "pay", "extras", "convoke", "improvise", "delve", "splice", "waterbend"})

#: Keys whose numbers may be negative (a manual counter or life change).
_SIGNED = frozenset({"delta", "amount", "number"})


class _NotPlain(Exception):
    """The fast copy met something only the JSON round trip decides (a subclass, a float key ...)."""


_DEPTH = 32  # answers nest a few levels; deeper data (or a cycle) takes the JSON round trip
_BIG = 10**18  # larger numbers take the round trip too (it refuses numbers too long to write)


def _copy(v: Any, depth: int) -> Any:
    """What ``json.loads(json.dumps(v))`` gives, for the exact plain types, in one pass
    without writing text; _NotPlain for anything else (the caller then does the round trip)."""
    t = type(v)
    if t is str or t is bool or v is None:
        return v
    if t is int:
        if -_BIG < v < _BIG:
            return v
        raise _NotPlain
    if depth > _DEPTH:
        raise _NotPlain
    if t is list or t is tuple:
        return [_copy(x, depth + 1) for x in v]
    if t is dict:
        out = {}
        for k, x in v.items():
            tk = type(k)
            if tk is int and -_BIG < k < _BIG:
                k = str(k)  # as JSON writes an integer key
            elif tk is not str:
                raise _NotPlain
            out[k] = _copy(x, depth + 1)
        return out
    raise _NotPlain  # floats (finite or not), sets, subclasses, other objects


def _plain(answer: Any) -> Any:
    """A plain-JSON copy of ``answer`` (what a saved game replays), or IllegalAction: sets,
    infinities, NaN, non-text keys and cycles are refused. Answers of plain lists, mappings,
    text and whole numbers (every answer a bot, the table or the LAN sends) are copied in
    one pass; anything else goes through ``json.dumps``/``json.loads``, which decides."""
    try:
        return _copy(answer, 0)
    except _NotPlain:
        pass
    try:
        return json.loads(json.dumps(answer, allow_nan=False))
    except (TypeError, ValueError, RecursionError) as e:
        raise IllegalAction(f"an answer is plain JSON data (lists, mappings, text, whole numbers): {e}") from None


def _check_values(kind: str, key: str, value: Any, players: Collection[str]) -> None:
    """Every number in ``value`` a whole number in range (no bool where a number is meant,
    no float), no negative index, and every text in a target list a player of the game."""
    stack: list[Any] = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
            if key in ("assign", "divide", "attackers", "blockers"):
                stack.extend(_key_number(kind, key, k) for k in v)
        elif isinstance(v, float):
            raise IllegalAction(f"{kind}: {key!r} holds {v!r}, not a whole number")
        elif isinstance(v, int) and not isinstance(v, bool):
            if abs(v) > MAX_NUMBER:
                raise IllegalAction(f"{kind}: {key!r} holds {v}, out of range")
            if v < 0 and key not in _SIGNED:
                raise IllegalAction(f"{kind}: {key!r} holds {v}, a negative number")
        elif isinstance(v, str) and key == "targets" and v not in players and not v.isdigit():
            raise IllegalAction(f"{kind}: target {v!r} is not a player or an object of this game")
    if key in _UNIQUE and isinstance(value, list):
        items = [(type(x), x) if type(x) in (int, str) else json.dumps(x, sort_keys=True) for x in value]
        if len(set(items)) != len(items):
            raise IllegalAction(f"{kind}: {key!r} names something twice: {value!r}")
    if key == "targets" and isinstance(value, list):
        for slot in value:
            if isinstance(slot, list):
                items = [(type(x), x) if type(x) in (int, str) else json.dumps(x) for x in slot]
                if len(set(items)) != len(items):
                    raise IllegalAction(f"{kind}: a target is chosen twice in one slot: {slot!r}")


#: Keys whose lists (and mappings' values) hold object ids or player names, with how deep a
#: list may nest: a target slot is a list of targets, a blocker may block several attackers.
_FLAT = {"attackers": 0, "blockers": 1, "order": 0, "cards": 0, "sacrifice": 0, "discard": 0,
         "exile_from_graveyard": 0, "exile_from_hand": 0, "tap_others": 0, "return_to_hand": 0, "modes": 0,
         "remove_counter_from": 0,
         "targets": 1, "convoke": 0, "improvise": 0, "delve": 0, "splice": 0, "waterbend": 0}


def _check_elements(kind: str, key: str, value: Any, players: Collection[str]) -> None:
    """The elements of an id list are ids or names (or, where ``_FLAT`` allows, lists of them)."""
    if key in ("assign", "divide") and isinstance(value, dict):  # recipient -> an amount of damage
        for k, v in value.items():
            if not isinstance(v, int) or isinstance(v, bool) or not (k.isdigit() or k in players):
                raise IllegalAction(f"{kind}: {key!r} maps a recipient to an amount, not {k!r} to {v!r}")
    if key == "blockers" and isinstance(value, list):  # the list form: [blocker, attacker(s)] pairs
        for pair in value:
            if not isinstance(pair, list) or len(pair) != 2:
                raise IllegalAction(f"{kind}: 'blockers' as a list holds [blocker, attacker] pairs, not {pair!r}")
    depth = _FLAT.get(key)
    if depth is None or not isinstance(value, (list, dict)):
        return
    items = list(value.values()) if isinstance(value, dict) else list(value)
    for item in items:
        inner = item if isinstance(item, list) and depth else [item]
        for x in inner:
            if not isinstance(x, (int, str)) or isinstance(x, bool) or key == "modes" and not isinstance(x, int):
                raise IllegalAction(f"{kind}: {key!r} holds {x!r}, not an object id or a player")


def _key_number(kind: str, key: str, k: str) -> Any:
    """A mapping key as the number it spells, for the range check (text keys name players)."""
    if k.lstrip("-").isdigit():
        return int(k) if len(k) < 12 else MAX_NUMBER + 1
    return k


def _flat_copy(answer: dict[Any, Any], shape: dict[str, tuple[type, ...] | None]) -> dict[str, Any] | None:
    """``validate``'s one pass for the commonest answers (a pass, an activation, a land played, an option):
    a mapping whose keys are all declared by its kind and whose values are text, None or whole numbers from 0 to
    MAX_NUMBER, each of the type its key declares. Such an answer passes every check of ``validate`` unchanged
    (no list to look into, no number out of range, no text where a number or a target list is meant), so its
    copy is the answer. None for anything else: ``validate`` then checks it in full (and names what is wrong)."""
    out: dict[str, Any] = {}
    for key, value in answer.items():
        t = type(value)
        if t is int:
            if not 0 <= value <= MAX_NUMBER:
                return None
        elif t is str:
            if key in ("x", "number", "targets"):  # digits taken for a number; text is no target list
                return None
        elif value is not None:
            return None
        if type(key) is not str or key not in shape:
            return None
        want = shape[key]
        if want is not None and not isinstance(value, want):
            return None
        out[key] = value
    return out


def validate(kind: str, answer: Any, players: Collection[str] = ()) -> dict[str, Any]:
    """Check the shape of an answer to a decision of ``kind`` (the one entry point for
    answer checks) and return it as a plain-JSON copy (the caller's object is never kept):
    a mapping with only the keys its kind declares, each of the JSON type declared (a bool
    or a float is not taken for a whole number), numbers in range and not negative, target
    texts that are players of the game (``players``), no duplicates where each thing is
    named once. Raises IllegalAction naming the first wrong key; nothing has changed."""
    shape = _SHAPES.get(kind)
    if type(answer) is dict and shape is not None:
        flat = _flat_copy(answer, shape)
        if flat is not None:
            return flat
    if not isinstance(answer, dict):
        raise IllegalAction(f"an answer is a mapping, not {answer!r}")
    answer = _plain(answer)
    if answer == {"action": "pass"} and shape is not None and "action" not in shape:
        answer = {}  # the generic fallback of bots and tools: the kind's empty answer (no attackers, ...)
    if shape is None:
        return answer
    for key, value in answer.items():
        if key not in shape:
            raise IllegalAction(f"{kind}: unknown key {key!r} (known: {', '.join(sorted(shape))})")
        want = shape[key]
        if want is not None and (not isinstance(value, want)
                                 or isinstance(value, bool) and bool not in want and int in want):
            names = " or ".join(t.__name__ for t in want)
            raise IllegalAction(f"{kind}: {key!r} must be a {names}, not {value!r}")
        if key in ("x", "number") and isinstance(value, str):  # a number or its digits: kept as the number
            if not value.strip().lstrip("-").isdigit() or len(value) > 12:
                raise IllegalAction(f"{kind}: {key!r} must be a whole number, not {value!r}")
            answer[key] = value = int(value)
        _check_elements(kind, key, value, players)
        _check_values(kind, key, value, players)
    return answer
