"""Supported means it runs (issue 21, item 3): a walk of a compiled card's data against
what the runtime evaluates.

Every effect is checked op by op: the op is in the ops table (engine/ops), each argument
is one the op reads, and an argument that holds an amount, a reference or a counter kind
holds one that engine/values.py and the op carry out (608.2c-h: how an effect's numbers
and objects are determined). Static abilities' amounts are read without a resolution
(611.3a), so only the references of ``values.STATIC_REFS`` work there. Conditions and
trigger events are checked by the runtime's own lists (``values.CONDITION_KEYS``,
``triggers.SUPPORTED``). ``problems(card)`` names each field it cannot run: the card,
the ability, the op and the argument, so a report says exactly what to teach the engine.
"""
from __future__ import annotations

from typing import Any

from engine.cards.abilities import Ability, CardDef, Effect
from engine.ops import OPS
from engine.triggers import ALIASES
from engine.triggers import SUPPORTED as TRIGGER_EVENTS
from engine.values import (
    AMOUNT_KINDS,
    DIED_KEYS,
    REF_KEYS,
    REF_WORDS,
    STATIC_AMOUNT_KINDS,
    STATIC_REFS,
    condition_problems,
)

#: Per op, the arguments that hold an amount or a reference (the other arguments are
#: flags, zones, filters, lists and nested effects, which engine/support.py checks).
AMOUNT_ARGS = frozenset({"amount", "power", "toughness", "per", "times", "top",  # top: the piles op
                         "reveal_first"})  # discard: "reveals three cards from their hand and you choose one"
REF_ARGS = {op: frozenset({"what", "who", "source", "a", "b", "payer", "copy_of", "of"}) for op in OPS}
for _op in ("damage", "prevent", "attach", "move_counters"):  # "to" is a reference for these (a zone for move)
    REF_ARGS[_op] = REF_ARGS[_op] | {"to"}
REF_ARGS["piles"] = REF_ARGS["piles"] | {"separator", "chooser"}  # the players who separate and choose
#: Arguments an op reads as a plain number, not through engine.values.amount: "add N mana
#: of any one color", ward's life payment
INT_ARGS = {"add_mana": frozenset({"any"}), "ward": frozenset({"life"})}
#: Ops whose "amount" is a word the op reads itself ("all": discard the whole hand)
AMOUNT_WORDS = {"discard": frozenset({"all", "any"}), "counters": frozenset({"all"}),
                # "sacrifice any number of lands", "sacrifice all creatures you control" (engine/ops/objects.py)
                "sacrifice": frozenset({"any", "all"}),
                # "move all counters", "move any number of +1/+1 counters" (engine/ops/objects.py move_counters)
                "move_counters": frozenset({"all", "any_number"})}
#: The player references (121.1: a counter may be put on a player too)
#: The zones a count is made in (400.1): the battlefield, or that zone of each player
#: (engine.values.amount); not "any_card" (a card wherever a sentence says) or the stack
COUNT_ZONES = frozenset({"battlefield", "library", "hand", "graveyard", "exile", "command"})
PLAYER_REFS = frozenset({"you", "opponent", "an_opponent", "each_opponent", "each_other_player", "defending_player",
                         "each_player", "trigger_player", "attacked", "chosen_player", "gift_player",
                         "friends", "foes"})


def amount_problems(a: Any, static: bool = False) -> list[str]:
    """What of an amount engine.values.amount cannot compute ([] when it can)."""
    if a is None or isinstance(a, (bool, int)):
        return []
    if isinstance(a, str):
        return [] if a.lstrip("-").isdigit() else [f"amount {a!r}"]
    if not isinstance(a, dict):
        return [f"amount {a!r}"]
    kinds = [k for k in a if k in AMOUNT_KINDS]
    if not kinds:
        return [f"amount {sorted(a)}"]
    head = kinds[0]
    if static and head not in STATIC_AMOUNT_KINDS:
        return [f"amount {head} outside a resolution"]
    out: list[str] = []
    extra = set(a) - AMOUNT_KINDS[head]
    if extra:
        out.append(f"amount {head} with {sorted(extra)}")
    if head == "count_this_way" and a.get("action") not in ("milled", "put", "exiled", "destroyed", "discarded",
                                                            "tapped", "shuffled", "sacrificed", "couldnt",
                                                            "flips_won", "returned", "put_hand", "rolled", "revealed",
                                                            "countered", "bottomed"):
        out.append(f"amount count_this_way {a.get('action')}")
    if head == "count_this_way" and a.get("action") == "couldnt" and set(a["count_this_way"]) - {"opponent"}:
        out.append("amount count_this_way couldnt by a filter")  # players, not cards: only "opponent" is read
    if head == "count_this_way" and a.get("action") == "returned" \
            and set(a["count_this_way"]) - {"types", "owner", "token", "subtypes"}:
        out.append("amount count_this_way returned by a filter")  # engine/values.py gone_matches reads these
    if head == "count_this_way" and a.get("action") == "put_hand" and a["count_this_way"]:
        out.append("amount count_this_way put_hand by a filter")  # engine/values.py counts them all
    if head == "count_this_way" and a.get("action") == "bottomed" and a["count_this_way"]:
        out.append("amount count_this_way bottomed by a filter")  # engine/values.py counts them all
    if head == "count_this_way" and a.get("action") == "shuffled" and a["count_this_way"] not in ({}, {
            "owner": "that_player"}):  # the cards are hidden in a library (401.2): only their owners are counted
        out.append("amount count_this_way shuffled by a filter")
    exiled_cards = a.get("action") == "exiled" and a["count_this_way"].get("zone") == "any_card"  # from any zone
    if head == "count_this_way" and a.get("action") in ("exiled", "destroyed", "sacrificed") \
            and (set(a["count_this_way"]) - {"types", "token", "controller", "subtypes", "permanent"}
                 - ({"zone"} if exiled_cards else set())
                 or a["count_this_way"].get("controller", "you") != "you"):  # what engine.values.gone_matches reads
        out.append(f"amount count_this_way {a.get('action')} by {sorted(a['count_this_way'])}")
    if head == "count" and isinstance(a["count"], dict) and a["count"].get("zone", "battlefield") not in COUNT_ZONES:
        out.append(f"amount count in zone {a['count']['zone']!r}")
    if head == "times":
        out += amount_problems(a.get("of"), static)
    if head in ("half", "third"):
        out += amount_problems(a.get(head), static)
    if head == "died_this_turn" and (not isinstance(a["died_this_turn"], dict) or set(a["died_this_turn"]) - DIED_KEYS
                                     or a["died_this_turn"].get("controller") not in (None, "you", "opponent")):
        out.append(f"amount died_this_turn by {a['died_this_turn']!r}")
    if head == "minus":
        for x in a["minus"]:
            out += amount_problems(x, static)
    if head == "life_of" and a["life_of"] != "you":
        if static:
            out.append(f"amount life_of {a['life_of']!r} outside a resolution")
        elif a["life_of"] != "that_player":  # "that_player": counted for each player (values.amount_for)
            out += [f"{p} in amount life_of" for p in ref_problems(a["life_of"], static)]
    if head == "plus":
        for x in a["plus"]:
            out += amount_problems(x, static)
    if head == "colors_of":
        out += [f"{p} in amount colors_of" for p in ref_problems(a["colors_of"], static)]
    if head == "mv_of" and static:
        out += [f"{p} in amount mv_of" for p in ref_problems(a["mv_of"], static)]
    for key in ("power_of", "toughness_of", "counters_on", "hand_of", "mana_spent_on", "library_size", "poison_of"):
        if head == key and a[key] != "sacrificed" and not (key in ("hand_of", "library_size")
                                                           and (a[key] in ("each_player", "that_player")
                                                                or key == "hand_of" and a[key] == "opponents")):
            # (hand_of "each_player": every player's hand, "opponents": every opponent's, counted with no reference:
            # engine.values.amount;
            # "that_player": "the number of cards in their hand", counted for each player, values.amount_for)
            out += [f"{p} in amount {key}" for p in ref_problems(a[key], static)]
    return out


def ref_problems(ref: Any, static: bool = False) -> list[str]:
    """What of a reference engine.values.refs (or static_refs) cannot resolve."""
    if static:
        if isinstance(ref, dict) and set(ref) == {"controller_of"}:  # values.static_refs: its controller
            return ref_problems(ref["controller_of"], static)
        return [] if isinstance(ref, str) and ref in STATIC_REFS else [f"reference {ref!r} outside a resolution"]
    if isinstance(ref, str):
        return [] if ref in REF_WORDS else [f"reference {ref!r}"]
    if isinstance(ref, dict):
        keys = [k for k in ref if k in REF_KEYS]
        if not keys:
            return [f"reference {sorted(ref)}"]
        out: list[str] = []
        for k in ("graveyard_of", "library_of", "hand_cards_of", "controller_of", "owner_of", "opponents_of", "chooser",
                  "among", "couldnt"):
            if k in ref:
                out += ref_problems(ref[k])
        if "amount" in ref:
            out += amount_problems(ref["amount"])
        return out
    if isinstance(ref, list):  # exchange_control: two references
        return [p for x in ref for p in ref_problems(x)]
    return [f"reference {ref!r}"]


def effect_problems(e: Effect) -> list[str]:
    """What of one effect (and the effects nested in it) the runtime cannot carry out."""
    if e.op not in OPS:
        return [f"op {e.op}"]
    out: list[str] = []
    for k, v in e.args.items():
        where = f"{e.op}.{k}"
        if e.op == "add_mana" and k == "any" and isinstance(v, dict) and not v.get("x"):  # "X mana of any one
            # color, where X is Q": counted as it resolves (engine/ops/control.py); not an X paid with a mana ability
            out += [f"{where}: {p}" for p in amount_problems(v)]
        elif e.op == "ward" and k == "life" and isinstance(v, dict):  # "Ward—Pay life equal to SELF's power":
            out += [f"{where}: {p}" for p in amount_problems(v)]  # counted as it resolves (engine/ops/ward.py)
        elif k in INT_ARGS.get(e.op, ()):
            if not isinstance(v, int) or isinstance(v, bool):
                out.append(f"{where}: {v!r} where the op reads a number as written")
        elif k in AMOUNT_ARGS and not (isinstance(v, str) and v in AMOUNT_WORDS.get(e.op, ())):
            out += [f"{where}: {p}" for p in amount_problems(v)]
        elif k in REF_ARGS[e.op] and not (e.op == "playable" and isinstance(v, dict) and REF_KEYS.isdisjoint(v)):
            # (playable: a dict without a reference key is a card filter, engine/ops/playable.py)
            out += [f"{where}: {p}" for p in ref_problems(v)]
        elif k == "cond":
            out += [f"{where}: {p}" for p in condition_problems(v)]
        if isinstance(v, (list, tuple)):
            for sub in v:
                if isinstance(sub, Effect):
                    out += effect_problems(sub)
                elif isinstance(sub, Ability):
                    out += ability_problems(sub)
                elif isinstance(sub, (list, tuple)):  # unless.alternatives: lists of effects, one chosen
                    out += [p for x in sub if isinstance(x, Effect) for p in effect_problems(x)]
    if e.op == "counters":
        kind = e.args.get("kind", "+1/+1")
        if not isinstance(kind, str) or kind == "any" and not e.args.get("remove"):
            out.append(f"counters.kind: counter kind {kind!r}")  # "a counter of any kind" is removed, never put
        # counters on a player (121.1) are the op's too (engine/ops/objects.py)
    return out


#: the filter keys compared with a number or an amount (engine/filters.py ``_cmp``)
CMP_KEYS = tuple(k + s for k in ("power", "toughness", "mv") for s in ("_le", "_ge", "_eq"))


def filter_problems(f: Any) -> list[str]:
    """What of the amounts an object filter compares with (``CMP_KEYS``) cannot be computed
    where the filter is read without a resolution (611.3a, 603.2: a static ability's affected
    objects, a trigger's event): only the amounts of ``values.STATIC_AMOUNT_KINDS``; the X of
    the spell or ability choosing is read where it is chosen."""
    if not isinstance(f, dict):
        return []
    out: list[str] = []
    for k in CMP_KEYS:
        v = f.get(k)
        if isinstance(v, dict) and not v.get("x"):
            out += [f"filter {k}: {p}" for p in amount_problems(v, static=True)]
    for sub in f.get("or", ()) if isinstance(f.get("or"), list) else ():
        out += filter_problems(sub)
    return out + filter_problems(f.get("not"))


def ability_problems(ab: Ability) -> list[str]:
    """What of one ability the runtime cannot carry out."""
    out: list[str] = []
    cost = ab.cost
    fixed_x = ab.kind == "mana" and cost is not None and (cost.life < 0 or bool(
        cost.remove_counters and cost.remove_counters[1] < 0))
    for e in ab.effects:
        if fixed_x and e.op == "add_mana" and e.args.get("any") == {"x": True}:  # "Remove X storage counters from
            # SELF: Add X mana in any combination of {W} and/or {U}": X announced with the cost and fixed in the
            # effects before they run (107.3a, 605.3a: engine/casting.py activate)
            e = Effect(e.op, {**e.args, "any": 0})
        out += effect_problems(e)
    for m in ab.modes:
        out += ability_problems(m)
    for t in ab.targets:  # "up to X target ..., where X is Q": Q counted as the targets are chosen (601.2c)
        if t.count_of is not None:
            out += [f"target count: {p}" for p in amount_problems(t.count_of)]
    if ab.kind == "triggered":
        ev = (ab.trigger or {}).get("event")
        for name in ev if isinstance(ev, list) else [ev]:
            if name not in TRIGGER_EVENTS and name not in ALIASES and name != "tapped_for_mana":
                out.append(f"trigger event {name}")
        out += [f"trigger {p}" for p in filter_problems((ab.trigger or {}).get("filter"))]
    if ab.condition:
        out += condition_problems(ab.condition)
    if ab.kind == "static":
        st = ab.static or {}
        out += [f"static {p}" for p in filter_problems(st.get("affects"))]
        for k in ("power", "toughness", "per"):
            if k in st and st.get("kind") in ("anthem", "set_pt"):
                out += [f"static {st['kind']}.{k}: {p}" for p in amount_problems(st[k], static=True)]
    return out


def problems(card: CardDef) -> list[str]:
    """Every field of the card's compiled data the runtime cannot run, each named with its ability."""
    out: list[str] = []
    for i, ab in enumerate(card.abilities):
        out += [f"ability {i + 1} ({ab.kind}): {p}" for p in ability_problems(ab)]
    return out
