"""Game events in plain words for the log panel."""
from __future__ import annotations

from typing import Any


def _name(x: Any, names: dict[int, str]) -> str:
    if isinstance(x, int):
        return names.get(x, f"#{x}")
    return str(x)


def _targets(ts: Any, names: dict[int, str]) -> str:
    flat: list[Any] = []
    for t in ts or []:
        flat += t if isinstance(t, list) else [t]
    return ", ".join(_name(t, names) for t in flat)


def describe(e: dict[str, Any], names: dict[int, str]) -> str | None:
    """One line for an event, or None for events not worth a line (steps, mana)."""
    k = e.get("type")
    if "obj" in e and "card" in e:
        names[e["obj"]] = e["card"]
    card = e.get("card")
    if k == "move":
        frm, to, who = e.get("frm"), e.get("to"), e.get("owner")
        if frm == "library" and to == "hand":
            return f"{who} draws {card}" if card else f"{who} draws a card"
        if frm == "hand" and to == "battlefield":
            return f"{who} plays {card}"
        if to == "stack" or frm == "stack":
            return None  # cast / resolve say it
        if frm == "battlefield" and to == "graveyard":
            return f"{card} is put into {who}'s graveyard"
        if frm == "hand" and to == "graveyard":
            return f"{who} discards {card}" if card else f"{who} discards a card"
        if to == "exile":
            return f"{card or 'a card'} is exiled"
        if to == "library":
            return f"{card or 'a card'} goes to {who}'s library" if frm != "hand" else None
        if to == "battlefield":
            return f"{card} enters the battlefield"
        if frm == "battlefield" and to == "hand":
            return f"{card} returns to {who}'s hand"
        return None
    if k == "cast":
        t = _targets(e.get("targets"), names)
        return f"{e['player']} casts {card}" + (f" targeting {t}" if t else "")
    if k == "activate":
        t = _targets(e.get("targets"), names)
        return f"{e['player']} activates {card}" + (f" targeting {t}" if t else "")
    if k == "resolve":
        return f"{card} resolves"
    if k == "coin_flip":
        return f"{e['player']} wins the coin flip and chooses who plays first"
    if k == "play_first":
        first = e.get("first")
        return f"{e['player']} chooses: {'they play' if first == e['player'] else first + ' plays'} first"
    if k == "damage":
        return f"{e['source']} deals {e['amount']} damage to {_name(e['target'], names)}"
    if k == "life":
        n = e["amount"]
        return f"{e['player']} {'gains' if n >= 0 else 'loses'} {abs(n)} life"
    if k == "attack":
        a = e.get("attackers") or {}
        if not a:
            return None
        pairs = a.items() if isinstance(a, dict) else a
        return "attack: " + ", ".join(f"{x} → {t}" for x, t in pairs)
    if k == "block":
        b = e.get("blocks") or {}
        if not b:
            return "no blocks"
        pairs = b.items() if isinstance(b, dict) else b
        return "blocks: " + ", ".join(f"{x} blocks {', '.join(map(str, ys))}" for x, ys in pairs)
    if k == "turn":
        return f"— turn {e['turn']}: {e['active']} —"
    if k == "fizzle":
        return f"{card} has no legal target and does nothing"
    if k == "countered":
        return f"{card} is countered"
    if k == "token":
        return f"{e.get('controller')} creates a {card} token"
    if k == "trigger":
        return f"{card}'s ability triggers"
    if k == "lose":
        return f"{e['player']} loses the game ({e.get('why')})"
    if k == "game_over":
        w = e.get("winner")
        return f"game over: {w} wins" if w else "game over: a draw"
    if k in ("reveal", "look"):
        who, cards = e.get("player"), e.get("cards")
        verb = "reveals" if k == "reveal" else "looks at"
        if cards:  # this seat is in the event's audience (engine/knowledge.py)
            to = e.get("to")
            return f"{who} {verb} {', '.join(cards)}" + (f" to {to}" if k == "reveal" and to not in (None, "all") else "")
        n = e.get("count", 0)
        return f"{who} {verb} {n} card{'s' if n != 1 else ''}"
    if k == "unsupported_effect":
        return f"{card}: an effect the engine does not support ({e.get('op')})"
    return None
