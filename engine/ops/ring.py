"""The Ring tempts you (a later keyword action: The Lord of the Rings: Tales of Middle-earth, 2023).

As the Ring tempts a player, they choose a creature they control, if they control any (they must): it
becomes their Ring-bearer until another creature becomes their Ring-bearer. Then their Ring gains its next
ability, of four; the Ring tempts a player even if they control no creature. Their Ring-bearer has the
abilities their Ring has:
  1. "Your Ring-bearer is legendary and can't be blocked by creatures with greater power."
  2. "Whenever your Ring-bearer attacks, draw a card, then discard a card."
  3. "Whenever your Ring-bearer becomes blocked by a creature, that creature's controller sacrifices it at end
     of combat."
  4. "Whenever your Ring-bearer deals combat damage to a player, each opponent loses 3 life."

Each player's Ring is an object in their command zone (as the monarch is: engine/ops/actions.py) that
remembers how many times the Ring tempted them (``chosen["level"]``) and their Ring-bearer
(``chosen["bearer"]``). The Ring-bearer's abilities are continuous effects on that object (layers 4 and 6,
613.1d, 613.1f) that end when another creature becomes the Ring-bearer; a Ring-bearer that leaves the
battlefield is a new object (400.7) and no longer has them.
Not carried out: the end of the designation when another player gains control of the Ring-bearer.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine import seats, triggers
from engine.cards.abilities import Ability, CardDef, Effect
from engine.cards.compiler import compile_abilities_text
from engine.ops import nested
from engine.ops.actions import action
from engine.ops.base import table
from engine.state import create_object
from engine.values import controller

if TYPE_CHECKING:
    from engine.game import Game

OPS, op = table()
RING = "The Ring"
#: the Ring's abilities gained one at a time
LEVELS = 4


@lru_cache(maxsize=1)
def ring_card() -> CardDef:
    """The Ring, in its player's command zone: it has no abilities of its own (its player's Ring-bearer has them)."""
    return CardDef(name=RING, mana_cost=(), types=("Designation",))


@lru_cache(maxsize=1)
def bearer_abilities() -> tuple[Ability, ...]:
    """The triggered abilities of levels 2 to 4, as the Ring-bearer has them (SELF: the Ring-bearer)."""
    loot = compile_abilities_text("Whenever SELF attacks, draw a card, then discard a card.") or []
    drain = compile_abilities_text("Whenever SELF deals combat damage to a player, each opponent loses 3 life.") or []
    # "that creature's controller sacrifices it at end of combat": the blocking creature, remembered by the
    # delayed trigger (603.7c)
    block = Ability("triggered", "Whenever your Ring-bearer becomes blocked by a creature, that creature's "
                    "controller sacrifices it at end of combat.",
                    effects=(Effect("delayed", {"step": "end_of_combat", "keep_it": True,
                                                "effects": [Effect("sacrifice", {"what": "it"})]}),),
                    trigger={"event": "becomes_blocked_by", "self": True})
    if len(loot) != 1 or len(drain) != 1:
        raise ValueError("the Ring's abilities do not compile")
    return (loot[0], block, drain[0])


def ring_of(g: "Game", player: str) -> int | None:
    """The id of ``player``'s Ring in their command zone, if the Ring has tempted them."""
    for i in g.players[player].command:
        o = g.objects[i]
        if o.card.name == RING and "Designation" in o.card.types:
            return i
    return None


def bearer(g: "Game", player: str) -> int | None:
    """``player``'s Ring-bearer, while it is on the battlefield (the same object)."""
    rid = ring_of(g, player)
    b = g.objects[rid].chosen.get("bearer") if rid is not None else None
    return b if isinstance(b, int) and b in g.objects and g.objects[b].zone == "battlefield" else None


@action("the_ring_tempts_you")
def _the_ring_tempts_you(g: "Game", r: dict, e: Effect) -> dict | None:
    p = controller(g, r)
    if not seats.can_control(g, p):
        return None
    mine = [i for i in g.battlefield if g.chars(i).controller == p and "Creature" in g.chars(i).types]
    pick: int | None = None
    if mine:
        got = nested.choose_one(r, "ring", p, mine, "the Ring tempts you: choose your Ring-bearer")
        if isinstance(got, dict):
            return got
        pick = got[0]
    rid = ring_of(g, p)
    if rid is None:
        o = create_object(g, ring_card(), p, "command", token=True)
        g.players[p].command.append(o.id)
        rid = o.id
    ring = g.objects[rid] = g.objects[rid].copy()  # off the battlefield an object is replaced, never changed
    level = min(LEVELS, int(ring.chosen.get("level", 0)) + 1)
    ring.chosen["level"] = level
    g.effects[:] = [x for x in g.effects if x.get("ring") != p]  # the last Ring-bearer's abilities end
    if pick is not None:
        ring.chosen["bearer"] = pick
        _give(g, p, pick, level)
    else:
        ring.chosen.pop("bearer", None)
    g.changed()
    g.log("ring_tempts", player=p, level=level, bearer=pick)
    # "Whenever the Ring tempts you" (603.2): the player, and the Ring-bearer chosen ("if you chose a creature other
    # than SELF as your Ring-bearer")
    triggers.event(g, {"event": "ring_tempts", "player": p, "bearer": pick})
    return None


def _give(g: "Game", player: str, oid: int, level: int) -> None:
    """The Ring-bearer's abilities for the Ring's ``level`` (613.1d: legendary, a supertype, in layer 4; the
    rest in layer 6), for as long as it is this player's Ring-bearer."""
    g.ts += 1
    base: dict[str, Any] = {"ts": g.ts, "objects": [oid], "until": "never", "controller": player, "ring": player}
    g.effects.append({**base, "layer": "4", "kind": "add_types", "supertypes": ["Legendary"]})
    g.effects.append({**base, "layer": "6", "kind": "restriction", "rule": "cant_be_blocked",
                      "by": {"power_gt_self": "power"}})
    if level > 1:
        g.effects.append({**base, "layer": "6", "abilities": list(bearer_abilities()[:level - 1])})
