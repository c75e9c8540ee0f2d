"""Effects a player may end by paying (CR 115.2c): "You may pay {B} to end this effect" (the Licids).

A Licid's ability ("{B}, {T}: SELF loses this ability and becomes an Aura enchantment with enchant creature.
Attach it to target creature. You may pay {B} to end this effect.") makes an effect with no duration (611.2): the
permanent is an Aura enchantment and no longer a creature (613.1d, layer 4) and lacks that ability (613.1f, layer
6), attached to the creature (701.3). Its controller may end that effect by paying the cost: a special action,
taken any time they have priority, which does not use the stack (115.2c). The permanent is then a creature again
with its abilities, and as a creature attached to an object it becomes unattached (704.5q).

The effect records carry ``licid``: the permanent's id; the permanent keeps the cost in ``chosen["end_cost"]``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.errors import IllegalAction
from engine.payment import can_afford, pay_mana

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["END_COST", "begin", "options", "end_effect"]

#: the permanent's record of the cost that ends its effect (mana symbols)
END_COST = "end_cost"


def begin(g: "Game", oid: int, mana: list[str], text: str, add: Any, r: Any) -> None:
    """The effect of the ability (of text ``text``) as it resolves: ``add`` is engine/actions.add_effect, ``r``
    the resolution."""
    o = g.objects.get(oid)
    if o is None or o.zone != "battlefield":
        return  # 611.2c, 400.7: it left the battlefield: the effect applies to nothing
    add(g, "4", [oid], r, "never", types=["Enchantment"], subtypes=["Aura"], licid=oid)
    add(g, "6", [oid], r, "never", lose_texts=[text], licid=oid)
    o.chosen[END_COST] = list(mana)
    g.changed()


def options(g: "Game", player: str) -> list[dict[str, Any]]:
    """115.2c: the effects ``player`` may end now (they hold priority), each whose cost they can pay."""
    if g.priority != player:
        return []
    out = []
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.chosen and END_COST in o.chosen and g.chars(oid).controller == player \
                and can_afford(g, player, tuple(o.chosen[END_COST])):
            cost = "".join("{" + s + "}" for s in o.chosen[END_COST])
            out.append({"action": "end_effect", "card": oid, "name": o.card.name,
                        "text": f"pay {cost} to end this effect (115.2c)"})
    return out


def end_effect(g: "Game", player: str, a: dict[str, Any]) -> None:
    """115.2c: pay the cost and end the effect; the player keeps priority."""
    oid = a.get("card")
    o = g.objects.get(oid) if isinstance(oid, int) and not isinstance(oid, bool) else None
    if o is None or o.zone != "battlefield" or not o.chosen or END_COST not in o.chosen \
            or g.chars(o.id).controller != player:
        raise IllegalAction("no effect of a permanent you control can be ended this way (115.2c)")
    if g.priority != player:
        raise IllegalAction("an effect is ended this way while you have priority (115.2c)")
    pay_mana(g, player, tuple(o.chosen[END_COST]), set(), a.get("pay"))
    del o.chosen[END_COST]
    g.effects = [e for e in g.effects if e.get("licid") != o.id]
    g.changed()
    g.log("end_effect", player=player, card=o.card.name, obj=o.id)
    g.passes = 0
    g.priority = player
