"""Face-down spells and permanents (CR 707): morph and megamorph (702.36), manifest (701.31);
disguise and cloak, later than the 2016 rules (Murders at Karlov Manor: the same, as a 2/2 with
ward {2}).

A face-down object shows the characteristics the rules give it (707.2, 702.36a, 701.31a): a
2/2 creature with no text, no name, no subtypes and no mana cost (``FACE_DOWN``). As with a
transformed permanent (engine/transform.py), ``Obj.card`` is what it shows, so layers,
combat, targets and triggers see only the face-down values; the card itself is kept in
``Obj.chosen["face_down"]`` with how it was turned face down (``chosen["down_by"]``: "morph"
or "manifest"). Turning it face up (707.8) puts the card back without making a new object, so
effects, counters and damage stay, and its enters abilities do not apply (702.36e).

Secrecy (707.5, 707.9): the card is known to its controller only. ``Obj.card`` hides it from
views and from every event the game logs; engine/view.py adds it to its controller's view
alone; it is revealed to all when it leaves the battlefield or the stack other than to the
battlefield (Game.move logs the card then), when it is turned face up, and at the end of
the game (``reveal_all``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import conspiracy, player_statics, triggers
from engine.actions import lose_life
from engine.cards.abilities import CardDef, Cost
from engine.cards.compiler.keywords import keyword_abilities
from engine.cast_options import keyword_cost_ok
from engine.errors import IllegalAction
from engine.layers import counters_allowed
from engine.payment import can_afford, has_choices, pay_mana
from engine.transform import back_face

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj

__all__ = ["FACE_DOWN", "FACE_DOWN_EXILED", "exile_face_down", "turn_up_exiled", "CAST_COST", "is_face_down",
           "hidden_card", "morph_cost", "can_cast_face_down", "turn_down_for_cast", "put_down", "card_after_move",
           "up_ways", "turn_face_up", "reveal_all", "options", "known_to", "manifest", "turn_down"]

#: 707.2, 702.36a, 701.31a: the characteristics of a face-down spell or permanent
FACE_DOWN = CardDef(name="", mana_cost=(), types=("Creature",), power="2", toughness="2")
#: disguise and cloak (Murders at Karlov Manor, later than the 2016 rules): "a 2/2 creature with ward {2}"
FACE_DOWN_WARD = CardDef(name="", mana_cost=(), types=("Creature",), power="2", toughness="2", keywords=("Ward",),
                         keyword_args={"Ward": Cost(mana=("2",))},
                         abilities=keyword_abilities("Ward", cost="{2}") or ())
#: 702.36a: a card with morph is cast face down for {3} rather than its mana cost (and with disguise)
CAST_COST: tuple[str, ...] = ("3",)
#: the keywords that let a card be cast face down and turned up for their cost (702.36a-b; disguise)
MORPHS = ("Morph", "Megamorph", "Disguise")
#: how a card was turned face down -> what it is face down
_LOOKS = {"morph": FACE_DOWN, "manifest": FACE_DOWN, "disguise": FACE_DOWN_WARD, "cloak": FACE_DOWN_WARD}


def is_face_down(o: "Obj | None") -> bool:
    """Is this spell or permanent face down (707.1)?"""
    return o is not None and "face_down" in o.chosen


def hidden_card(o: "Obj") -> CardDef:
    """The card a face-down object is (707.5: known to its controller only); ``o.card`` otherwise."""
    return o.chosen.get("face_down", o.card)


def morph_cost(card: CardDef) -> tuple[str, Cost] | None:
    """(keyword, cost) of the card's morph or megamorph ability (702.36a-b) when this engine pays its
    cost: mana, life, and objects chosen while paying ("Morph—Discard a card", "Morph—Pay 5 life",
    "Morph—Sacrifice another creature"); None otherwise."""
    for k in MORPHS:
        c = card.keyword_args.get(k) if k in card.keywords else None
        if isinstance(c, Cost) and not c.is_free and keyword_cost_ok(c) and c.discard >= 0:
            return k, c
    return None


def can_cast_face_down(card: CardDef) -> bool:
    """702.36d: only a card with a morph ability can be cast face down."""
    return morph_cost(card) is not None


def _down(o: "Obj", by: str, look: dict[str, Any] | None = None) -> "Obj":
    """A copy of ``o`` turned face down (the object in a zone is replaced, never changed in place:
    the game's snapshots share the objects of hidden zones); ``look``: the characteristics the effect
    gives it instead of a 2/2's (707.2)."""
    n = o.copy()
    n.chosen = dict(n.chosen, face_down=o.card, down_by=by)
    n.card = _looks(look) if look else _LOOKS.get(by, FACE_DOWN)
    return n


def _mark(g: "Game") -> None:
    """Remember that this game has had a face-down object (the priority options look for face-down
    permanents only then: engine/decisions.py)."""
    g._face_down = True


def turn_down_for_cast(g: "Game", player: str, oid: int) -> "Obj":
    """702.36c, 707.4: to cast a card using its morph ability, turn it face down before it is put
    onto the stack; effects and prohibitions see only the face-down characteristics. Returns
    the card in hand, now face down (IllegalAction for a card without morph, 702.36d)."""
    o = g.objects.get(oid)
    if o is None or o.zone != "hand" or o.owner != player:
        raise IllegalAction("only a card in your hand is cast face down")
    if not can_cast_face_down(o.card):
        raise IllegalAction(f"{o.card.name} has no morph ability: it cannot be cast face down (702.36d)")
    mc = morph_cost(o.card)
    n = _down(o, "disguise" if mc is not None and mc[0] == "Disguise" else "morph")
    g.objects[oid] = n
    _mark(g)
    return n


def put_down(g: "Game", oid: int, by: str = "manifest", look: dict[str, Any] | None = None) -> None:
    """701.31a, 707.3: turn a card face down before it is put onto the battlefield (the caller
    moves it there): it enters as a 2/2 with no abilities, so no enters ability applies; ``by``:
    "manifest", "cloak" (with ward {2}), "morph" / "disguise" (a scenario's setup), or "put" (an effect
    that puts cards onto the battlefield face down: "They're 5/5 artifact creatures", ``look``, 707.2)."""
    g.objects[oid] = _down(g.objects[oid], by, look)
    _mark(g)


def manifest(g: "Game", player: str, n: int = 1, by: str = "manifest") -> list[int]:
    """701.31a, 701.31d: ``player`` manifests (or cloaks, ``by``) the top ``n`` cards of their
    library, one at a time: each is turned face down and put onto the battlefield under their
    control. Returns the new permanents (fewer when the library runs out)."""
    out = []
    for _ in range(n):
        lib = g.players[player].library
        if not lib:
            break
        put_down(g, lib[0], by)
        out.append(g.move(lib[0], "battlefield", controller=player))
    return out


def turn_down(g: "Game", oid: int, look: dict[str, Any] | None = None) -> bool:
    """"Turn target creature face down" (Cyber Conversion, Backslide): the permanent stays the same
    object (its counters, damage and the effects on it stay, as when it is turned face up, 707.8) with
    the face-down characteristics (707.2), or those the effect gives it ("It's a 2/2 Cyberman artifact
    creature", ``look``). It can be turned face up only by a morph cost it has (702.36e). Nothing
    happens to a double-faced permanent (711.10) or to one already face down. True when it turned."""
    o = g.objects.get(oid)
    if o is None or o.zone != "battlefield" or is_face_down(o):
        return False
    if back_face(o.card) is not None or "front" in o.chosen:
        return False  # 711.10: a double-faced permanent can't be turned face down
    o.chosen["face_down"] = o.card
    o.chosen["down_by"] = "turned"
    o.card = _looks(look) if look else FACE_DOWN
    _mark(g)
    g.changed()
    g.log("turn_face_down", obj=oid, player=g.chars(oid).controller)
    return True


def _looks(look: dict[str, Any]) -> CardDef:
    """The face-down characteristics an effect gives (707.2: "It's a 2/2 Cyberman artifact creature")."""
    return CardDef(name="", mana_cost=(), types=tuple(look.get("types", ("Creature",))),
                   subtypes=tuple(look.get("subtypes", ())), power=str(look.get("power", 2)),
                   toughness=str(look.get("toughness", 2)))


#: 406.3: a face-down card in exile has no characteristics (hideaway, 702.74a)
FACE_DOWN_EXILED = CardDef(name="", mana_cost=(), types=())


def exile_face_down(g: "Game", oid: int, seen: bool = True) -> int:
    """Exile a card face down (406.3, hideaway 702.74a): its name is in no view and no event; the
    player who exiled it knows it (engine/view.py, as a face-down permanent's controller does), unless
    ``seen`` is False ("exile all cards from your library face down": no player may look at them, 406.3)."""
    o = g.objects[oid].copy()  # a card off the battlefield is replaced, never changed in place
    g.objects[oid] = o
    o.chosen["face_down"] = o.card
    o.chosen["down_by"] = "exile" if seen else "exile_unseen"
    o.card = FACE_DOWN_EXILED
    return g.move(oid, "exile")


def turn_up_exiled(g: "Game", oid: int) -> "Obj":
    """A card exiled face down (406.3) that its owner casts from exile is the card again (a cast that
    turns out illegal is undone with the rest of the game state)."""
    o = g.objects[oid].copy()  # a card off the battlefield is replaced, never changed in place
    g.objects[oid] = o
    o.card = o.chosen.pop("face_down")
    o.chosen.pop("down_by", None)
    g.changed()
    return o


def card_after_move(o: "Obj", n: "Obj", frm: str, to: str) -> None:
    """A face-down object that moves (400.7): a face-down spell that resolves enters the
    battlefield face down (702.36c), a card turned face down to be put onto the battlefield
    stays so (701.31a), a card exiled face down stays so in exile (406.3); anywhere else it is
    the card again, revealed by the move (707.9)."""
    if to == "exile" and o.chosen.get("down_by") in ("exile", "exile_unseen"):
        n.chosen["face_down"] = o.chosen["face_down"]
        n.chosen["down_by"] = o.chosen["down_by"]
        n.card = o.card
        return
    if frm == "exile" and o.chosen.get("down_by") in ("exile", "exile_unseen"):
        # played or put elsewhere: the card again
        n.card = o.chosen["face_down"]
        n.chosen.pop("face_down", None)
        n.chosen.pop("down_by", None)
        return
    if to == "battlefield" and frm in ("stack", "library", "hand", "exile", "graveyard"):
        n.chosen["face_down"] = o.chosen["face_down"]
        n.chosen["down_by"] = o.chosen.get("down_by", "morph")
        n.card = o.card  # the face-down characteristics it had there (707.2)
        return
    if to == "stack":  # cast face down from the hand: stays face down on the stack (707.4)
        return
    n.card = o.chosen["face_down"]
    n.chosen.pop("face_down", None)
    n.chosen.pop("down_by", None)


def up_ways(o: "Obj") -> dict[str, tuple[str, ...]]:
    """The ways its controller may turn a face-down permanent face up, with the mana each costs:
    its morph or megamorph cost (702.36e), or its mana cost if it is a manifested creature card
    (701.31b; 701.31c: a manifested card with morph either way). {} when none."""
    return {way: tuple(c.mana) for way, c in up_costs(o).items()}


def up_costs(o: "Obj") -> dict[str, Cost]:
    """``up_ways`` with each whole cost: a morph cost may be more than mana (life, objects to choose:
    engine/casting.py pays those, 601.2h as 702.36e asks)."""
    if not is_face_down(o):
        return {}
    if conspiracy.is_agenda(o):  # 702.105c: a face-down conspiracy is turned face up for no cost
        return {conspiracy.DOWN_BY: Cost()}
    card = hidden_card(o)
    out: dict[str, Cost] = {}
    mc = morph_cost(card)
    if mc is not None:
        out[mc[0].lower()] = mc[1]
    if o.chosen.get("down_by") in ("manifest", "cloak") and "Creature" in card.types and card.mana_cost:
        out["manifest"] = Cost(mana=tuple(card.mana_cost))  # cloak: the same (Murders at Karlov Manor)
    return out


def turn_face_up(g: "Game", player: str, a: dict[str, Any]) -> None:
    """702.36e, 701.31b: the special action (115.2b) of turning a face-down permanent you control
    face up: show the cost, pay it, turn it up. It does not use the stack; the player keeps
    priority. 707.8: the same object with its own characteristics, every effect on it still
    applies, its enters abilities do not; megamorph puts a +1/+1 counter on it (702.36b);
    "when SELF is turned face up" triggers."""
    oid = a.get("card")
    o = g.objects.get(oid) if isinstance(oid, int) and not isinstance(oid, bool) else None
    if o is None or o.zone != "battlefield" or not is_face_down(o) or g.chars(o.id).controller != player:
        raise IllegalAction("only a face-down permanent you control can be turned face up (702.36e)")
    if g.priority != player:
        raise IllegalAction("a face-down permanent is turned face up while you have priority (702.36e)")
    way, cost = up_cost(g, player, a)
    pay_mana(g, player, tuple(cost.mana), set(), a.get("pay"))
    if cost.life:
        if not player_statics.can_pay_life(g, player, cost.life):
            raise IllegalAction(f"cannot pay {cost.life} life (119.4)")
        lose_life(g, player, cost.life, paid=True)  # 119.4
    if has_choices(cost):
        return  # the objects it names are chosen and paid next (engine/casting.py, 601.2h), then turn_up
    turn_up(g, player, o.id, way)


def up_cost(g: "Game", player: str, a: dict[str, Any]) -> tuple[str, Cost]:
    """The way an answer turns a face-down permanent face up and its whole cost (702.36e, 701.31b), or
    IllegalAction when it cannot be turned up that way."""
    o = g.objects[a["card"]]
    ways = up_costs(o)
    way = a.get("alt") or next(iter(ways), None)
    if way not in ways:
        raise IllegalAction(f"it cannot be turned face up that way ({', '.join(ways) or 'no way'}: 702.36e, 701.31b)")
    return way, ways[way]


def turn_up(g: "Game", player: str, oid: int, way: str) -> None:
    """The permanent is turned face up once its cost is paid (702.36e)."""
    o = g.objects[oid]
    card = hidden_card(o)
    o.card = card
    del o.chosen["face_down"]
    o.chosen.pop("down_by", None)
    if "copy_up" in o.chosen:  # 707.10: turned face up, its copiable values are the ones it copied
        o.chosen["printed"] = o.chosen["copy_base"] = card
        o.card, o.is_copy = o.chosen.pop("copy_up"), True
    if way == "megamorph":  # 702.36b
        o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + 1
    g.changed()
    for ab in o.card.abilities:  # 707.11: "As SELF is turned face up, put ... counters on it", applied as it turns
        st = ab.static
        if ab.kind == "static" and st and st.get("kind") == "turned_up_counters" \
                and counters_allowed(g, o.id, st["counter"]):
            o.counters[st["counter"]] = o.counters.get(st["counter"], 0) + st["amount"]
    g.changed()
    g.log("turn_face_up", player=player, card=card.name, obj=o.id, cost=way)
    g.passes = 0
    g.priority = player
    triggers.event(g, {"event": "turned_face_up", "obj": o.id, "player": player})


def options(g: "Game", player: str, sorcery: bool, hand: list[int]) -> list[dict[str, Any]]:
    """The priority options of face-down play (116.2): cast each card with morph in ``hand`` face
    down for {3} at sorcery timing (a face-down spell is a creature spell without flash, 707.4),
    and turn each face-down permanent ``player`` controls face up, one option per way."""
    out: list[dict[str, Any]] = []
    objs = g.objects
    if sorcery:
        morphs = [oid for oid in hand if objs[oid].card.keywords and can_cast_face_down(objs[oid].card)]
        if morphs and can_afford(g, player, CAST_COST):
            out += [{"action": "cast", "card": oid, "name": objs[oid].card.name, "alt": "morph"} for oid in morphs]
    if g.priority == player:
        for oid in g.battlefield:
            o = objs[oid]
            if "face_down" not in o.chosen or g.chars(oid).controller != player:
                continue
            for way, whole in up_costs(o).items():
                if can_afford(g, player, tuple(whole.mana)) and player_statics.can_pay_life(g, player, whole.life):
                    out.append({"action": "turn_face_up", "card": oid, "name": hidden_card(o).name, "alt": way})
        if g.players[player].command:
            out += conspiracy.options(g, player)  # 702.105c: a face-down conspiracy (hidden agenda)
    return out


def known_to(g: "Game", oid: int, player: str) -> bool:
    """707.5: may ``player`` look at this face-down spell or permanent (its controller may)?"""
    o = g.objects.get(oid)
    if o is None or not is_face_down(o):
        return True
    if (g.chars(oid).controller if o.zone == "battlefield" else o.controller) == player \
            or player in o.chosen.get("looked_by", ()):  # an effect let that player look at it (Revealing Wind)
        return True
    # "You may look at face-down creatures you don't control any time" (Keeper of the Lens)
    return o.zone == "battlefield" and "Creature" in g.chars(oid).types and player_statics.active(g) and any(
        ctl == player for _, ctl, _ in player_statics.statics(g, "look_face_down"))


def reveal_all(g: "Game", owner: str | None = None) -> None:
    """707.9: at the end of the game (or when ``owner`` leaves it), every face-down permanent and
    spell (of that owner) is revealed to all players."""
    cards = [(oid, g.objects[oid]) for oid in list(g.battlefield) + list(g.stack)]
    shown = [(oid, o) for oid, o in cards if is_face_down(o) and (owner is None or o.owner == owner)]
    if shown:
        g.log("reveal", player=owner, cards=[hidden_card(o).name for _, o in shown], objs=[i for i, _ in shown])
    conspiracy.reveal(g, owner)  # 702.105e: face-down conspiracies too, with their chosen names
