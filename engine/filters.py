"""Object filters of compiled cards (engine/cards/abilities.py) checked against a game.

A filter is a dict whose keys must all hold (CR 109.2, 115 for what a target may be).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game

#: Filter keys this engine understands; a card using any other key is unsupported.
KNOWN = frozenset({
    "types", "and_types", "subtypes", "not_types", "not_subtypes", "not_colors", "supertypes",
    "not_supertypes", "colors", "colorless", "multicolored", "monocolored", "controller", "owner",
    "other", "tapped", "attacking", "blocking", "in_combat", "token", "keyword", "not_keyword",
    "counter", "power_le", "power_ge", "power_eq", "toughness_le", "toughness_ge", "toughness_eq",
    "mv_le", "mv_ge", "mv_eq", "zone", "player", "opponent", "any", "or", "permanent", "name",
    "chosen_color", "chosen_type",
})


def _cmp(game: "Game", v: int, f: dict[str, Any], key: str, src: int | None) -> bool:
    for suf, op in (("_le", int.__le__), ("_ge", int.__ge__), ("_eq", int.__eq__)):
        if key + suf in f and not op(v, game.amount(f[key + suf], src)):
            return False
    return True


def matches(game: "Game", x: Any, f: dict[str, Any], src: int | None = None,
            controller: str | None = None) -> bool:
    """Does object id or player name ``x`` match filter ``f`` relative to source ``src``?"""
    you = controller or (game.controller_of(src) if src is not None else None)
    if isinstance(x, str):  # a player
        if not (f.get("player") or f.get("any")):
            return False
        if f.get("opponent") or f.get("controller") == "opponent":
            return x != you
        if f.get("controller") == "you":
            return x == you
        return True
    if f.get("player") and not f.get("types") and not f.get("any"):
        return False
    o = game.objects.get(x)
    if o is None:
        return False
    zone = f.get("zone", "battlefield")
    if zone == "stack":
        if o.zone != "stack" or o.ability is not None:
            return False
    elif zone != "any_card" and o.zone != zone:
        return False
    c = game.chars(x)
    if f.get("any"):
        if not (c.types & {"Creature", "Planeswalker"}) or o.zone != "battlefield":
            return False
    t = f.get("types")
    if t and not any(tt in c.types or (tt == "Permanent" and o.zone == "battlefield")
                     or (tt == "Spell" and o.zone == "stack") or tt == "Card" for tt in t):
        return False
    if "and_types" in f and not all(tt in c.types for tt in f["and_types"]):
        return False
    if "subtypes" in f and not any(s in c.subtypes for s in f["subtypes"]):
        return False
    if "not_types" in f and any(tt in c.types for tt in f["not_types"]):
        return False
    if "not_subtypes" in f and any(s in c.subtypes for s in f["not_subtypes"]):
        return False
    if "supertypes" in f and not any(s in c.supertypes for s in f["supertypes"]):
        return False
    if "not_supertypes" in f and any(s in c.supertypes for s in f["not_supertypes"]):
        return False
    if "colors" in f and not any(col in c.colors for col in f["colors"]):
        return False
    if "not_colors" in f and any(col in c.colors for col in f["not_colors"]):
        return False
    if "colorless" in f and (not c.colors) != f["colorless"]:
        return False
    if "multicolored" in f and (len(c.colors) > 1) != f["multicolored"]:
        return False
    if "monocolored" in f and (len(c.colors) == 1) != f["monocolored"]:
        return False
    ctl = f.get("controller")
    if ctl in ("you",) and c.controller != you:
        return False
    if ctl in ("opponent", "not_you") and c.controller == you:
        return False
    own = f.get("owner")
    if own == "you" and o.owner != you or own == "opponent" and o.owner == you:
        return False
    if f.get("other") and x == src:
        return False
    if "tapped" in f and o.tapped != f["tapped"]:
        return False
    if "attacking" in f and (o.attacking is not None) != f["attacking"]:
        return False
    if "blocking" in f and bool(o.blocking) != f["blocking"]:
        return False
    if "in_combat" in f and (o.attacking is not None or bool(o.blocking)) != f["in_combat"]:
        return False
    if "token" in f and o.token != f["token"]:
        return False
    if "keyword" in f and f["keyword"] not in c.keywords:
        return False
    if "not_keyword" in f and f["not_keyword"] in c.keywords:
        return False
    if "counter" in f and not o.counters.get(f["counter"]):
        return False
    if not _cmp(game, c.power, f, "power", src) or not _cmp(game, c.toughness, f, "toughness", src):
        return False
    if any(k in f for k in ("mv_le", "mv_ge", "mv_eq")):
        from engine.mana import mana_value
        if not _cmp(game, int(mana_value(o.card.mana_cost)), f, "mv", src):
            return False
    if f.get("name") == "SELF" and src is not None and o.card.name != game.objects[src].card.name:
        return False
    if "chosen_color" in f or "chosen_type" in f:  # chosen as the source entered (614.12, engine.choices)
        so = game.objects.get(src) if src is not None else None
        ch = so.chosen if so is not None else {}
        if "chosen_color" in f and ch.get("color") not in c.colors:
            return False
        if "chosen_type" in f and ch.get("creature_type") not in c.subtypes:
            return False
    if "or" in f and not any(matches(game, x, sub, src, controller) for sub in f["or"]):
        return False
    return True


def unknown_keys(f: Any) -> set[str]:
    """Filter keys (recursively) this engine does not understand."""
    if not isinstance(f, dict):
        return set()
    out = {k for k in f if k not in KNOWN}
    for sub in f.get("or", ()):
        out |= unknown_keys(sub)
    return out
