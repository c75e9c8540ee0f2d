"""Entering as a copy (CR 706.5): "You may have SELF enter as a copy of a creature you
control" (Mirror Image).

The choice is made as the permanent enters (614.1c, 614.12): a choose_cards decision of
none or one of the matching creatures. The permanent then has the copiable values of the
chosen one (706.2: its card as printed, or as already copied by a copy effect; not its
counters, status or other effects) and enters with the copy's "enters" replacements and
triggers; its own card comes back whenever it leaves the battlefield (400.7).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import triggers
from engine.cards.abilities import copy_except
from engine.decision_kinds import answer_cards
from engine.errors import IllegalAction
from engine.filters import matches
from engine.layers import counters_allowed
from engine.replacement import counter_count
from engine.values import amount

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Decision, Obj


def clone_static(o: "Obj") -> dict[str, Any] | None:
    for ab in o.card.abilities:
        st = ab.static
        if ab.kind == "static" and st and st.get("kind") == "clone":
            return st
    return None


def entering(g: "Game", o: "Obj") -> bool:
    """Called as ``o`` enters the battlefield; True when it waits for the copy choice (its
    "enters" replacements and triggers then wait too)."""
    st = clone_static(o)
    if st is None or o.is_copy:
        return False
    if st.get("condition") and not g.condition(st["condition"], o.id):  # "If you attacked this turn, you may
        return False  # have SELF enter as a copy ..." (Protean Raider): checked as it enters (614.12)
    f = dict(st.get("filter") or {"types": ["Creature"]})
    cands = [i for i in g.battlefield if i != o.id and matches(g, i, f, o.id, o.controller)]
    if not cands:
        return False
    g.queue.insert(0, {"kind": "choose_cards", "player": o.controller, "options": cands, "min": 0, "max": 1,
                       "clone": o.id, "answer_to": "clone",
                       "prompt": f"{o.card.name}: enter as a copy of one of them? (706.5)"})
    return True


def answer(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """706.5: the permanent enters as a copy of the chosen one (or as itself with none)."""
    cards = answer_cards(a)
    if len(cards) > 1 or any(c not in d.options for c in cards):
        raise IllegalAction("choose at most one of the offered creatures")
    o = g.objects.get(d.data["clone"])
    if o is None or o.zone != "battlefield":
        return
    if cards and cards[0] in g.objects:
        src = g.objects[cards[0]]
        o.chosen["printed"] = o.card
        st = clone_static(o) or {}
        # 706.2: the copiable values (a copy of a copy copies what that one copied), with the exceptions
        # the ability names (706.9a, 706.9c: they become copiable values of the copy)
        o.card = copy_except(src.card, st["copy_except"]) if st.get("copy_except") else src.card
        o.is_copy = True
        more = st.get("extra_counters")
        for one in more if isinstance(more, list) else [more] if more else []:
            # "except it enters with X additional +1/+1 counters on it" (Altered Ego; 614.1c: X is the X it was cast
            # with); "... an additional loyalty counter on it if it's a planeswalker" (Spark Double: the copy's type)
            if one.get("if_type") and one["if_type"] not in o.card.types or not counters_allowed(g, o.id,
                                                                                                 one["counter"]):
                continue
            n = amount(g, one["amount"], o.id, {"obj": o.id})
            k = one["counter"]
            if k == "loyalty" and "loyalty" not in o.counters and str(o.card.loyalty or "").isdigit():
                n += int(str(o.card.loyalty))  # 306.5b: with its printed loyalty too (engine/replacement.py then
                # sees loyalty counters on it and puts no more)
            o.counters[k] = o.counters.get(k, 0) + counter_count(g, o.id, k, n, ask=False)  # 121.6
        g.changed()
        g.log("copy", card=o.chosen["printed"].name, obj=o.id, of=src.card.name)
    triggers.enters(g, o)


def clone_problems(st: dict[str, Any]) -> list[str]:
    """Copies of objects on the battlefield only (not "a creature card in a graveyard")."""
    f = st.get("filter") or {}
    return [] if f.get("zone", "battlefield") == "battlefield" else [f"clone from {f.get('zone')}"]
