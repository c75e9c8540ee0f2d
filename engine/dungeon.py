"""Dungeons and venturing into the dungeon (a later rule and keyword action: Adventures in the Forgotten Realms,
2021; not in the 2016 rules).

A dungeon is a card from outside the game (like a sideboard card, 400.10) that a player puts into the command
zone (408.1) as they first venture into the dungeon; their venture marker stands on one of its rooms. To venture
into the dungeon a player does the first of these that applies:

  1. With no dungeon in the command zone: they choose a dungeon and put it there, the marker on its topmost room.
  2. With their marker on the bottommost room: they complete that dungeon (it is removed from the game), then
     choose a dungeon as in 1.
  3. Otherwise they move the marker to the next room, choosing where a room leads to two.

Each room has a room ability, a triggered ability ("When you move your venture marker into this room, X"): it
triggers as the marker enters the room and goes on the stack as other triggered abilities do (603.2, 603.3);
its source is the dungeon. A player whose marker is on the bottommost room of a dungeon completes it (the
dungeon is removed from the game) as a state-based action once that room's ability has left the stack (the
completion check of engine/sba.py; 704.3). "Whenever you complete a dungeon" triggers then, and "if you've
completed a dungeon" holds for the rest of the game.

Undercity (Commander Legends: Battle for Baldur's Gate) is entered only by taking the initiative: ``venture`` is
given the dungeons its caller may choose from.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine import triggers
from engine.cards.abilities import Ability, CardDef
from engine.cards.compiler import compile_card
from engine.state import create_object

if TYPE_CHECKING:
    from engine.game import Game

#: each dungeon's rooms, topmost first: (name, room ability's effect, the rooms it leads to by index)
DUNGEONS: dict[str, tuple[tuple[str, str, tuple[int, ...]], ...]] = {
    "Lost Mine of Phandelver": (
        ("Cave Entrance", "Scry 1.", (1, 2)),
        ("Goblin Lair", "Create a 1/1 red Goblin creature token.", (3, 4)),
        ("Mine Tunnels", "Create a Treasure token.", (4, 5)),
        ("Storeroom", "Put a +1/+1 counter on target creature.", (6,)),
        ("Dark Pool", "Each opponent loses 1 life and you gain 1 life.", (6,)),
        ("Fungi Cavern", "Target creature gets -4/-0 until your next turn.", (6,)),
        ("Temple of Dumathoin", "Draw a card.", ()),
    ),
    "Tomb of Annihilation": (
        ("Trapped Entry", "Each player loses 1 life.", (1, 2)),
        ("Veils of Fear", "Each player loses 2 life unless they discard a card.", (3,)),
        ("Oubliette", "Discard a card and sacrifice an artifact, a creature, and a land.", (4,)),
        ("Sandfall Cell", "Each player loses 2 life unless they sacrifice an artifact, a creature, or a land.", (4,)),
        ("Cradle of the Death God", "Create a 4/4 black God Horror creature token with deathtouch.", ()),
    ),
    "Dungeon of the Mad Mage": (
        ("Yawning Portal", "You gain 1 life.", (1,)),
        ("Dungeon Level", "Scry 1.", (2, 3)),
        ("Goblin Bazaar", "Create a Treasure token.", (4,)),
        ("Twisted Caverns", "Target creature can't attack until your next turn.", (4,)),
        ("Lost Level", "Scry 2.", (5, 6)),
        ("Runestone Caverns", "Exile the top two cards of your library. You may play them.", (7,)),
        ("Muiral's Graveyard", "Create two 1/1 black Skeleton creature tokens.", (7,)),
        ("Deep Mines", "Scry 3.", (8,)),
        ("Mad Wizard's Lair", "Draw three cards and reveal them. You may cast one of them without paying its mana "
                              "cost.", ()),
    ),
    "Undercity": (
        ("Secret Entrance", "Search your library for a basic land card, reveal it, put it into your hand, then "
                            "shuffle.", (1, 2)),
        ("Forge", "Put two +1/+1 counters on target creature.", (3, 4)),
        ("Lost Well", "Scry 2.", (4, 5)),
        ("Trap!", "Target player loses 5 life.", (6,)),
        ("Arena", "Goad target creature.", (6,)),
        ("Stash", "Create a Treasure token.", (6,)),
        ("Archives", "Draw a card.", (7,)),
        ("Throne of the Dead Three", "Reveal the top ten cards of your library. Put a creature card from among them "
                                     "onto the battlefield with three +1/+1 counters on it. It gains hexproof until "
                                     "your next turn. Then shuffle.", ()),
    ),
}
#: the dungeons "venture into the dungeon" chooses among (Undercity only by taking the initiative)
VENTURE = ("Lost Mine of Phandelver", "Tomb of Annihilation", "Dungeon of the Mad Mage")


@lru_cache(maxsize=None)
def dungeon_card(name: str) -> CardDef:
    """The dungeon card (no mana cost, no abilities of its own: its rooms' abilities trigger as the marker moves)."""
    return CardDef(name=name, mana_cost=(), types=("Dungeon",))


@lru_cache(maxsize=None)
def room_ability(name: str, i: int) -> Ability | None:
    """Room ``i`` of dungeon ``name`` as a triggered ability (its effect compiled as the text of a spell ability);
    None when the compiler cannot read it."""
    room, text, _ = DUNGEONS[name][i]
    card = compile_card({"name": room, "types": ["Sorcery"], "manaCost": "", "text": text})
    spells = [a for a in card.abilities if a.kind == "spell"]
    if card.unsupported or len(spells) != 1:
        return None
    return Ability("triggered", f"{room} — {text}", effects=spells[0].effects, targets=spells[0].targets,
                   trigger={"event": "room"})


def dungeon_of(g: "Game", player: str) -> int | None:
    """The id of ``player``'s dungeon in the command zone, if they have one."""
    for i in g.players[player].command:
        if "Dungeon" in g.objects[i].card.types:
            return i
    return None


def venture(g: "Game", r: dict[str, Any], player: str, slot: str, names: tuple[str, ...] = VENTURE) -> dict | None:
    """``player`` ventures into the dungeon once (the three steps above); ``slot``: the answer slot of its choice
    (a dungeon, or a room where the marker may go to two). Returns the question while it is unanswered."""
    did = r.setdefault("ventured", [])
    if slot in did:
        return None  # done before a later question of the same resolution
    did_id = dungeon_of(g, player)
    if did_id is not None and not DUNGEONS[g.objects[did_id].card.name][int(g.objects[did_id].chosen["room"])][2]:
        complete(g, player, did_id)  # on the bottommost room: that dungeon is completed first
        did_id = None
    got = r["answers"].get(slot)
    if did_id is None:
        options = list(names)
        if len(options) > 1 and got not in options:
            return {"kind": "choose_option", "player": player, "options": options, "slot": slot,
                    "prompt": "venture into the dungeon: choose a dungeon"}
        name = str(got) if got in options else options[0]
        o = create_object(g, dungeon_card(name), player, "command", token=True)
        g.players[player].command.append(o.id)
        _enter(g, player, o.id, 0)
    else:
        d = g.objects[did_id]
        rooms = DUNGEONS[d.card.name]
        nxt = rooms[int(d.chosen["room"])][2]
        options = [rooms[k][0] for k in nxt]
        if len(options) > 1 and got not in options:
            return {"kind": "choose_option", "player": player, "options": options, "slot": slot,
                    "prompt": f"venture into {d.card.name}: choose the next room"}
        pick = options.index(got) if got in options else 0
        g.objects[did_id] = g.objects[did_id].copy()  # off the battlefield an object is replaced, never changed
        _enter(g, player, did_id, nxt[pick])
    did.append(slot)
    return None


def _enter(g: "Game", player: str, did: int, i: int) -> None:
    """The marker moves into room ``i``: its room ability triggers (603.2), controlled by the dungeon's owner."""
    d = g.objects[did]
    d.chosen["room"] = i
    room = DUNGEONS[d.card.name][i][0]
    g.changed()
    g.log("venture", player=player, dungeon=d.card.name, room=room)
    ab = room_ability(d.card.name, i)
    if ab is not None:
        g.triggered.append({"controller": player, "ability": ab, "source": did, "card": d.card,
                            "info": {"event": "room", "player": player}})


def complete(g: "Game", player: str, did: int) -> None:
    """``player`` completes the dungeon ``did``: it is removed from the game; "whenever you complete a dungeon"
    triggers (603.2) and "if you've completed a dungeon" holds for the rest of the game."""
    name = g.objects[did].card.name
    g.players[player].command.remove(did)
    del g.objects[did]
    g.players[player].dungeons_completed.append(name)
    g.changed()
    g.log("dungeon_completed", player=player, dungeon=name)
    triggers.event(g, {"event": "dungeon_completed", "player": player})


def check(g: "Game") -> bool:
    """The state-based completion: each player whose marker is on the bottommost room of their dungeon, that room's
    ability no longer waiting to be put on the stack nor on it, completes that dungeon. True if one did."""
    did = False
    for p in g.order:
        i = dungeon_of(g, p)
        if i is None:
            continue
        d = g.objects[i]
        if DUNGEONS[d.card.name][int(d.chosen["room"])][2]:
            continue
        if any(t["source"] == i for t in g.triggered) or any(g.objects[s].source == i for s in g.stack):
            continue  # the bottommost room's ability has not left the stack yet
        complete(g, p, i)
        did = True
    return did
