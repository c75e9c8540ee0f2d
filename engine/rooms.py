"""Rooms (a later card layout, Duskmourn: House of Horror, 2024; as the rules that added it define them): split
enchantment cards whose halves are doors.

- A Room card is a split card (708): a player casts either half, as any split card's half is cast (708.3). As the
  Room enters the battlefield from the stack, the door that was cast becomes unlocked; a Room put onto the
  battlefield any other way enters with both doors locked.
- A Room permanent has the characteristics of its unlocked doors only: their abilities (a locked door's abilities
  don't work), names and mana costs (its mana value is their total). With no door unlocked it has no abilities and no
  mana cost; this engine still calls it by the whole card's name, which only names it in the log and on the table.
- Unlocking a locked door is a special action (115.2 as it later reads): its controller may take it any time they
  could cast a sorcery (307.1), paying that door's mana cost; it doesn't use the stack, and they keep priority.
- "When you unlock this door" triggers when that door becomes unlocked, by the special action or as the Room
  enters; "whenever you fully unlock a Room" when a Room's second door becomes unlocked.

The permanent keeps the indices of its unlocked doors (0: the first half, 1: the second) in ``chosen["unlocked"]``
and the whole card in ``chosen["front"]``, which makes it the whole card again as it leaves the battlefield, as a
transformed permanent is (Game.move; 711.4a's pattern); its ``card`` is the view of its unlocked doors (``view``).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine import triggers
from engine.cards.abilities import CardDef
from engine.errors import IllegalAction
from engine.payment import can_afford, pay_mana
from engine.transform import SPLIT_LAYOUTS, split_halves

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj

__all__ = ["UNLOCKED", "is_room", "view", "entering", "entered", "options", "unlock", "locked_doors", "unlock_door",
           "set_doors", "doors", "lock_door"]

#: the permanent's record of its unlocked doors (indices of split_halves)
UNLOCKED = "unlocked"

_VIEWS: dict[tuple[int, tuple[int, ...]], tuple[CardDef, CardDef]] = {}


def is_room(card: CardDef) -> bool:
    """Is this the whole card of a Room (a split card of two doors, subtype Room)?"""
    return card.layout in SPLIT_LAYOUTS and len(card.faces) == 1 and "Room" in card.subtypes \
        and "Room" in card.faces[0].subtypes


def view(whole: CardDef, unlocked: tuple[int, ...]) -> CardDef:
    """The characteristics of a Room permanent whose doors ``unlocked`` are unlocked: their abilities (each "when you
    unlock this door" bound to its own door), names joined as a split card's are, mana costs together, colors and
    keywords of those doors."""
    key = (id(whole), tuple(sorted(unlocked)))
    got = _VIEWS.get(key)
    if got is not None and got[0] is whole:
        return got[1]
    halves = split_halves(whole)
    doors = [(i, halves[i]) for i in key[1] if 0 <= i < len(halves)]
    abilities = tuple(replace(a, trigger={**a.trigger, "door": i})
                      if a.kind == "triggered" and a.trigger and a.trigger.get("event") == "unlock_door" else a
                      for i, h in doors for a in h.abilities)
    keywords = tuple(dict.fromkeys(k for _, h in doors for k in h.keywords))
    kwargs: dict[str, Any] = {}
    for _, h in doors:
        kwargs.update(h.keyword_args)
    colors = tuple(c for c in "WUBRG" if any(c in h.colors for _, h in doors))
    out = replace(whole, name=" // ".join(h.name for _, h in doors) if doors else whole.name,
                  mana_cost=tuple(s for _, h in doors for s in h.mana_cost), colors=colors, abilities=abilities,
                  keywords=keywords, keyword_args=kwargs, faces=(), unsupported=())
    _VIEWS[key] = (whole, out)
    return out


def entering(n: "Obj", spell: "Obj | None") -> None:
    """As a Room enters the battlefield (called by Game.move with its whole card): the door cast (``spell``: the
    spell it was, whose card is that half) is unlocked, or none; the permanent takes the view of its doors."""
    whole = n.card
    unlocked: tuple[int, ...] = ()
    if spell is not None:
        names = [h.name for h in split_halves(whole)]
        if spell.card.name in names:
            unlocked = (names.index(spell.card.name),)
    n.chosen["front"] = whole
    n.chosen[UNLOCKED] = list(unlocked)
    n.card = view(whole, unlocked)


def set_doors(o: "Obj", unlocked: tuple[int, ...]) -> None:
    """A Room permanent (its ``card`` the whole card) with these doors unlocked (a scenario's setup)."""
    whole = o.chosen.get("front", o.card)
    o.chosen["front"] = whole
    o.chosen[UNLOCKED] = sorted(set(unlocked))
    o.card = view(whole, tuple(o.chosen[UNLOCKED]))


def entered(g: "Game", n: "Obj") -> None:
    """After the Room entered with a door unlocked: "When you unlock this door" of that door triggers."""
    doors = list(n.chosen.get(UNLOCKED, ()))
    if doors:
        _unlocked(g, n.id, n.controller, doors, len(doors) == 2)


def _unlocked(g: "Game", oid: int, player: str, doors: list[int], full: bool) -> None:
    triggers.event(g, {"event": "unlock_door", "obj": oid, "player": player, "doors": doors})
    if full:
        triggers.event(g, {"event": "fully_unlock", "obj": oid, "player": player})


def _locked_doors(g: "Game", o: "Obj") -> list[tuple[int, CardDef]]:
    whole = o.chosen.get("front")
    if not isinstance(whole, CardDef) or not is_room(whole) or UNLOCKED not in o.chosen:
        return []
    return [(i, h) for i, h in enumerate(split_halves(whole)) if i not in o.chosen[UNLOCKED] and h.mana_cost]


def locked_doors(g: "Game", oid: int) -> list[tuple[int, str]]:
    """The locked doors of the Room permanent ``oid`` (index and name); [] for any other permanent."""
    o = g.objects.get(oid)
    whole = o.chosen.get("front") if o is not None else None
    if o is None or not isinstance(whole, CardDef) or not is_room(whole) or UNLOCKED not in o.chosen:
        return []
    return [(i, h.name) for i, h in enumerate(split_halves(whole)) if i not in o.chosen[UNLOCKED]]


def unlock_door(g: "Game", oid: int, door: int, player: str) -> None:
    """An effect unlocks a locked door of a Room ("unlock a locked door of up to one target Room you control"): no
    cost is paid; "when you unlock this door" triggers, "whenever you fully unlock a Room" when it was the last one
    (``player``: who unlocks it, the effect's controller)."""
    o = g.objects[oid]
    name = dict(locked_doors(g, oid)).get(door)
    if name is None:
        return
    o.chosen[UNLOCKED] = sorted([*o.chosen[UNLOCKED], door])
    o.card = view(o.chosen["front"], tuple(o.chosen[UNLOCKED]))
    g.changed()
    g.log("unlock", player=player, card=name, obj=oid)
    _unlocked(g, oid, player, [door], len(o.chosen[UNLOCKED]) == 2)


def doors(g: "Game", oid: int) -> list[tuple[int, str, bool]]:
    """Each door of the Room permanent ``oid``: its index, its name and whether it is unlocked; [] for any other."""
    o = g.objects.get(oid)
    whole = o.chosen.get("front") if o is not None else None
    if o is None or not isinstance(whole, CardDef) or not is_room(whole) or UNLOCKED not in o.chosen:
        return []
    return [(i, h.name, i in o.chosen[UNLOCKED]) for i, h in enumerate(split_halves(whole))]


def lock_door(g: "Game", oid: int, door: int, player: str) -> None:
    """An effect locks an unlocked door of a Room ("Lock or unlock a door of target Room you control"): its
    abilities stop working; nothing triggers."""
    o = g.objects[oid]
    if door not in o.chosen.get(UNLOCKED, ()):
        return
    name = next(n for i, n, _ in doors(g, oid) if i == door)
    o.chosen[UNLOCKED] = [d for d in o.chosen[UNLOCKED] if d != door]
    o.card = view(o.chosen["front"], tuple(o.chosen[UNLOCKED]))
    g.changed()
    g.log("lock", player=player, card=name, obj=oid)


def options(g: "Game", player: str, sorcery: bool) -> list[dict[str, Any]]:
    """The unlock special actions ``player`` may take now (``sorcery``: they could cast a sorcery now, 307.1)."""
    if not sorcery:
        return []
    out = []
    for oid in g.battlefield:
        o = g.objects[oid]
        if UNLOCKED not in o.chosen or g.chars(oid).controller != player:
            continue
        for i, h in _locked_doors(g, o):
            if can_afford(g, player, tuple(h.mana_cost)):
                cost = "".join("{" + s + "}" for s in h.mana_cost)
                out.append({"action": "unlock", "card": oid, "door": i, "name": o.card.name,
                            "text": f"unlock {h.name} ({cost})"})
    return out


def unlock(g: "Game", player: str, a: dict[str, Any], sorcery: bool) -> None:
    """The special action: pay the mana cost of a locked door of a Room ``player`` controls, as a sorcery; the door
    becomes unlocked (its abilities work from now on) and its "when you unlock this door" triggers. The player keeps
    priority."""
    oid, door = a.get("card"), a.get("door")
    o = g.objects.get(oid) if isinstance(oid, int) and not isinstance(oid, bool) else None
    if o is None or o.zone != "battlefield" or g.chars(o.id).controller != player:
        raise IllegalAction("unlock: name a Room you control")
    locked = dict(_locked_doors(g, o))
    if isinstance(door, bool) or not isinstance(door, int) or door not in locked:
        raise IllegalAction(f"unlock: {o.card.name} has no locked door {door!r} to unlock")
    if not sorcery:
        raise IllegalAction("a door is unlocked only when you could cast a sorcery (307.1)")
    pay_mana(g, player, tuple(locked[door].mana_cost), set(), a.get("pay"))
    o.chosen[UNLOCKED] = sorted([*o.chosen[UNLOCKED], door])
    o.card = view(o.chosen["front"], tuple(o.chosen[UNLOCKED]))
    g.changed()
    g.log("unlock", player=player, card=locked[door].name, obj=o.id)
    _unlocked(g, o.id, player, [door], len(o.chosen[UNLOCKED]) == 2)
    g.passes = 0
    g.priority = player
