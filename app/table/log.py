"""Game events in plain words for the log panel."""
from __future__ import annotations

from typing import Any

from engine.seats import winners


def _name(x: Any, names: dict[int, str]) -> str:
    if isinstance(x, int):
        return names.get(x, f"#{x}")
    return str(x)


def _targets(ts: Any, names: dict[int, str]) -> str:
    flat: list[Any] = []
    for t in ts or []:
        flat += t if isinstance(t, list) else [t]
    return ", ".join(_name(t, names) for t in flat)


def is_you(who: Any, you: str | None) -> bool:
    """Whether a player is the one the log is written for (or is called "you")."""
    return isinstance(who, str) and (who == you or who.lower() == "you")


def subject(who: Any, verb: str, you: str | None) -> str:
    """'alice draws' or 'you draw': the verb agrees with its subject."""
    if is_you(who, you):
        base = verb[:-2] if verb.endswith(("ches", "shes", "sses")) else verb[:-1] if verb.endswith("s") else verb
        return f"you {base}"
    return f"{who} {verb}"


def owner(who: Any, you: str | None) -> str:
    return "your" if is_you(who, you) else f"{who}'s"


def describe_all(events: list[dict[str, Any]], names: dict[int, str], you: str | None = None) -> list[str]:
    """The log's lines for events in order: a player's draws in a row make one line
    ("bob draws 7 cards" for an opening hand, not seven lines)."""
    lines: list[str] = []
    run: tuple[Any, list[Any]] | None = None   # (player, cards drawn: names or None)

    def flush() -> None:
        if run is not None:
            who, cards = run
            named = [c for c in cards if c]
            if len(cards) == 1:
                lines.append(subject(who, "draws", you) + f" {named[0] if named else 'a card'}")
            elif len(named) == len(cards):
                lines.append(subject(who, "draws", you) + f" {len(cards)} cards: " + ", ".join(named))
            else:
                lines.append(subject(who, "draws", you) + f" {len(cards)} cards")
    for e in events:
        if e.get("type") == "move" and e.get("frm") == "library" and e.get("to") == "hand":
            if "obj" in e and "card" in e:
                names[e["obj"]] = e["card"]
            who = e.get("owner")
            if run is not None and run[0] == who:
                run[1].append(e.get("card"))
            else:
                flush()
                run = (who, [e.get("card")])
            continue
        line = describe(e, names, you)
        if line:
            flush()
            run = None
            lines.append(line)
    flush()
    return lines


def describe(e: dict[str, Any], names: dict[int, str], you: str | None = None) -> str | None:
    """One line for an event, or None for events not worth a line (steps, mana). ``you``:
    the player the log is written for, called "you" (a player named "you" is too)."""
    k = e.get("type")
    if "obj" in e and "card" in e:
        names[e["obj"]] = e["card"]
    card = e.get("card")

    def s(who: Any, verb: str) -> str:
        return subject(who, verb, you)
    if k == "move":
        frm, to, who = e.get("frm"), e.get("to"), e.get("owner")
        if frm == "library" and to == "hand":
            return s(who, "draws") + (f" {card}" if card else " a card")
        if frm == "hand" and to == "battlefield":
            return s(who, "plays") + f" {card}"
        if to == "stack" or frm == "stack":
            return None  # cast / resolve say it
        if frm == "battlefield" and to == "graveyard":
            return f"{card} is put into {owner(who, you)} graveyard"
        if frm == "hand" and to == "graveyard":
            return s(who, "discards") + (f" {card}" if card else " a card")
        if to == "exile":
            return f"{card or 'a card'} is exiled"
        if to == "library":
            return f"{card or 'a card'} goes to {owner(who, you)} library" if frm != "hand" else None
        if to == "battlefield":
            return f"{card} enters the battlefield"
        if frm == "battlefield" and to == "hand":
            return f"{card} returns to {owner(who, you)} hand"
        return None
    if k == "cast":
        t = _targets(e.get("targets"), names)
        return s(e["player"], "casts") + f" {card}" + (f" targeting {t}" if t else "")
    if k == "activate":
        t = _targets(e.get("targets"), names)
        return s(e["player"], "activates") + f" {card}" + (f" targeting {t}" if t else "")
    if k == "resolve":
        return f"{card} resolves"
    if k == "seating":  # 806.3: the players of a Free-for-All game are seated at random
        return "Seats drawn at random (806.3), in turn order around the table: " + \
            ", ".join("you" if is_you(p, you) else _name(p, names) for p in e.get("order", []))
    if k == "graveyard_order":  # 404.3: the owner arranged the cards put into their graveyard at once
        whose = "your" if is_you(e["player"], you) else "their"
        return s(e["player"], "orders") + f" the cards put into {whose} graveyard at once, top first: " + \
            ", ".join(str(c) for c in e.get("cards", []))
    if k == "coin_flip":
        return s(e["player"], "wins") + " the coin flip and " + ("choose" if is_you(e["player"], you) else "chooses") \
            + " who plays first"
    if k == "die_roll":  # rolling a die (a later rule: engine/ops/control.py roll)
        extra = f" ({e['natural']} rolled)" if e.get("natural") != e.get("result") else ""
        return s(e["player"], "rolls") + f" a d{e.get('sides', 20)} for {card}: {e.get('result')}{extra}"
    if k == "play_first":
        first = e.get("first")
        who = "you play" if is_you(first, you) else "they play" if first == e["player"] else f"{first} plays"
        return s(e["player"], "chooses") + f": {who} first"
    if k == "damage":
        tgt = e["target"]
        return f"{e['source']} deals {e['amount']} damage to " + ("you" if is_you(tgt, you) else _name(tgt, names))
    if k == "life":
        n = e["amount"]
        return s(e["player"], "gains" if n >= 0 else "loses") + f" {abs(n)} life"
    if k == "attack":
        a = e.get("attackers") or {}
        if not a:
            return None
        pairs = a.items() if isinstance(a, dict) else a
        return "attack: " + ", ".join(f"{x} → {t}" for x, t in pairs)
    if k == "attack_cost":   # 508.1g: Propaganda and the like
        return s(e["player"], "pays") + f" {e['mana']} to attack"
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
        return s(e.get("controller"), "creates") + f" a {card} token"
    if k == "trigger":
        return f"{card}'s ability triggers"
    if k == "lose":
        return s(e["player"], "loses") + f" the game ({e.get('why')})"
    if k == "game_over":
        won = winners(e.get("winner"))   # 810.8a: a team wins as one ("alice+bob")
        if len(won) > 1:
            return "game over: " + " and ".join("you" if is_you(n, you) else n for n in won) + " win"
        return "game over: " + (s(won[0], "wins") if won else "a draw")
    if k in ("reveal", "look"):
        who, cards = e.get("player"), e.get("cards")
        verb = s(who, "reveals") if k == "reveal" else s(who, "looks") + " at"
        if cards:  # this seat is in the event's audience (engine/knowledge.py)
            to = e.get("to")
            return f"{verb} {', '.join(cards)}" + (f" to {to}" if k == "reveal" and to not in (None, "all") else "")
        n = e.get("count", 0)
        return f"{verb} {n} card{'s' if n != 1 else ''}"
    if k == "fragmented_loop":  # 716.3: the game state came back; this player must break the loop
        who = "you" if is_you(e["player"], you) else e["player"]
        return f"{who} must make a different choice: the same game state came back (716.3)"
    if k == "unsupported_effect":
        return f"{card}: an effect the engine does not support ({e.get('op')})"
    return None
