"""Conspiracies in a game (CR 905.4-905.6, 313 of April 8, 2016).

``Game.casual["conspiracies"]`` (player -> card names) are the conspiracy cards each player puts from their
sideboard into the command zone before the decks are shuffled (905.4, 313.2, 103.1c). They stay there (313.3),
controlled by their owner (905.5, 313.6); their static and triggered abilities work while they are face up
(313.5: engine/state.py works_from_command).

Hidden agenda (702.105, 905.4a): such a conspiracy is put into the command zone face down (313.2), with no
characteristics there (313.5b: ``Obj.card`` is a blank, the card kept in ``Obj.chosen["face_down"]`` as for the
other face-down objects of engine/facedown.py, ``down_by`` "hidden_agenda"), and its owner secretly names a card
(702.105a-b: a ``name_card`` decision with ``agenda``, asked before the starting player is chosen and the hands
are drawn, 103.1c, answered by engine/choices.py answer_name). The name is kept in ``Obj.chosen["card_name"]``,
which "the chosen name" of its other abilities reads (702.105d), and is logged to its owner alone. Any time its
controller has priority, turning it face up is a special action (702.105c, 115.2g: the priority option
``turn_face_up`` with ``alt`` "hidden_agenda"), which reveals the name; from then on its abilities work (313.5).
A player who leaves the game, and every player at its end, reveals them (702.105e: engine/facedown.py
reveal_all). Double agenda (a later keyword, Conspiracy: Take the Crown: two names) is refused, and such cards
are unsupported (engine/support.py). Abilities that work during the draft (905.2) are not read.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards.abilities import CardDef
from engine.errors import IllegalAction

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj

#: the agendas this engine does not carry out (a conspiracy with one is refused)
AGENDAS = ("Double agenda",)
#: 702.105a: the keyword that puts a conspiracy into the command zone face down with a secretly named card
HIDDEN_AGENDA = "Hidden agenda"
#: 313.5b: a face-down conspiracy card has no characteristics
FACE_DOWN_CONSPIRACY = CardDef(name="", mana_cost=(), types=())
#: how a face-down conspiracy was turned face down (``Obj.chosen["down_by"]``)
DOWN_BY = "hidden_agenda"


class DeckError(ValueError):
    """A conspiracy that cannot be put into the command zone, named."""


def problems(cards: Any, names: list[str]) -> list[str]:
    out: list[str] = []
    for name in names:
        try:
            d = cards.definition(name)
        except KeyError:
            out.append(f"{name} is not a known card")
            continue
        if "Conspiracy" not in d.types:
            out.append(f"{name} is not a conspiracy card (905.4)")
        elif any(k in d.keywords or (d.text or "").startswith(k) or f"\n{k}" in (d.text or "") for k in AGENDAS):
            out.append(f"{name} has double agenda, which this engine does not carry out")
    return out


def check(cards: Any, conspiracies: dict[str, list[str]]) -> None:
    bad = [f"{p}'s conspiracies: " + "; ".join(probs) for p, c in conspiracies.items()
           if (probs := problems(cards, list(c)))]
    if bad:
        raise DeckError("not a Conspiracy game: " + " | ".join(bad))


def start(g: "Game", conspiracies: dict[str, list[str]]) -> list[dict[str, Any]]:
    """905.4: each conspiracy into its owner's command zone before the decks are shuffled, face up, or face down
    with hidden agenda (905.4a, 313.2). Returns the decisions of naming a card that hidden agenda asks (702.105a),
    in turn order, for Game.new to put before the choice of the starting player."""
    names: list[dict[str, Any]] = []
    for name, cards in conspiracies.items():
        for card in cards:
            o = g._make(card, name, "command")
            g.ts += 1
            o.timestamp = g.ts
            g.players[name].command.append(o.id)
            if HIDDEN_AGENDA in o.card.keywords:
                turn_down(g, o)
                names.append(naming(g, o))
    return sorted(names, key=lambda w: g.order.index(w["player"]))


def turn_down(g: "Game", o: "Obj") -> None:
    """313.2, 313.5b: a conspiracy with hidden agenda is put into the command zone face down, without
    characteristics; its card is known to its owner alone (engine/view.py, as a face-down permanent's)."""
    o.chosen["face_down"] = o.card
    o.chosen["down_by"] = DOWN_BY
    o.card = FACE_DOWN_CONSPIRACY
    g._face_down = True  # the priority options look for face-down objects from now on (engine/facedown.py)
    g.changed()


def naming(g: "Game", o: "Obj") -> dict[str, Any]:
    """702.105a: the decision of secretly naming a card for a face-down conspiracy; the names offered are those of
    its owner's own deck (any real card name may be named, 201.3)."""
    p = g.players[o.owner]
    offered = sorted({g.objects[i].card.name for i in p.library + p.hand})
    return {"kind": "name_card", "player": o.owner, "options": offered, "agenda": o.id,
            "prompt": f"{o.chosen['face_down'].name}: hidden agenda: secretly choose a card name (702.105a)"}


def is_agenda(o: "Obj | None") -> bool:
    """Is this a face-down conspiracy (hidden agenda, 702.105) in the command zone?"""
    return o is not None and o.zone == "command" and o.chosen.get("down_by") == DOWN_BY


def options(g: "Game", player: str) -> list[dict[str, Any]]:
    """702.105c: the special action of turning each face-down conspiracy ``player`` controls face up, offered
    whenever that player has priority."""
    return [{"action": "turn_face_up", "card": oid, "name": g.objects[oid].chosen["face_down"].name,
             "alt": DOWN_BY} for oid in g.players[player].command
            if is_agenda(g.objects[oid]) and g.objects[oid].controller == player]


def turn_up(g: "Game", player: str, a: dict[str, Any]) -> None:
    """702.105c, 115.2g: turn a face-down conspiracy you control face up (a special action: no stack, the player
    keeps priority), revealing the chosen name; its abilities work from now on (313.5)."""
    oid = a.get("card")
    o = g.objects.get(oid) if isinstance(oid, int) and not isinstance(oid, bool) else None
    if o is None or not is_agenda(o) or o.controller != player:
        raise IllegalAction("only a face-down conspiracy you control can be turned face up this way (702.105c)")
    if g.priority != player:
        raise IllegalAction("a face-down conspiracy is turned face up while you have priority (702.105c)")
    if a.get("alt") not in (None, DOWN_BY):
        raise IllegalAction("a face-down conspiracy is turned face up by its hidden agenda (702.105c)")
    o.card = o.chosen.pop("face_down")
    del o.chosen["down_by"]
    g.changed()
    g.log("turn_face_up", player=player, card=o.card.name, obj=o.id, cost=DOWN_BY,
          chosen_name=o.chosen.get("card_name"))
    g.passes = 0
    g.priority = player


def reveal(g: "Game", owner: str | None = None) -> None:
    """702.105e: a player who leaves the game reveals their face-down conspiracies (with their chosen names), and
    so does every player at the end of the game."""
    for p in g.order:
        if owner is not None and p != owner:
            continue
        down = [g.objects[i] for i in g.players[p].command if is_agenda(g.objects[i])]
        if down:
            g.log("reveal", player=p, cards=[o.chosen["face_down"].name for o in down], objs=[o.id for o in down],
                  chosen_names=[o.chosen.get("card_name") for o in down])
