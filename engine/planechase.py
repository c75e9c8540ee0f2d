"""The Planechase casual variant (CR 901 of April 8, 2016): planes (309), phenomena (310), planeswalking (701.21).

A Planechase game knows each player's planar deck (``Game.casual["planar"]``: player -> card names). Its cards
stay in the command zone the whole game (901.4): the face-down planar deck is ``Player.planar`` (top first, an
order no player knows: 901.4, kept out of every view), the face-up plane or phenomenon is in its owner's
``Player.command``. A card turned face up or down becomes a new object (309.6, 310.6, 901.7a).

The rules here:
- 901.3: a planar deck has at least ten cards, no more than two phenomena, each of a different name (``check``);
- 901.4: each planar deck is shuffled at the start (``start``);
- 901.5, 103.6: once the opening hands are kept, the starting player turns the top card of their planar deck
  face up, a phenomenon going to the bottom until a plane turns up; no ability triggers then (``first_plane``);
- 901.6, 309.5, 310.4: the planar controller controls the face-up plane or phenomenon: the active player, or the
  next player in turn order still in the game (``planar_controller``, ``sync``);
- 901.7, 309.4: its abilities work from the command zone (engine/state.py works_from_command);
- 901.8, 901.9: the active player may roll the planar die as a special action in a main phase of their turn with
  the stack empty, for {N}, N the times they already did this turn (``roll``): {PW} triggers the planeswalking
  ability (no source, controlled by the roller), {CHAOS} the planes' "whenever you roll {CHAOS}" abilities (309.7;
  "whenever chaos ensues" in today's wording), a blank face nothing; the roller keeps priority;
- 701.21b, 901.11: to planeswalk, the planar controller puts each face-up plane and phenomenon on the bottom of its
  owner's planar deck face down, then turns the top card of their own planar deck face up; "when you planeswalk to
  SELF" (a plane) and "when you encounter SELF" (310.5, a phenomenon) trigger (``planeswalk``);
- 704.5x, 310.7: a face-up phenomenon that is the source of no pending trigger makes the planar controller
  planeswalk, a state-based action (``check_phenomena``);
- 901.10: when a player leaves the game, a face-up plane or phenomenon they own leaves with them and the planar
  controller turns the top card of their planar deck face up (``player_left``).

901.15 (one shared planar deck) is not offered: each player brings their own deck.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import seats, triggers
from engine.cards.abilities import Ability, CardDef, Effect
from engine.errors import IllegalAction
from engine.payment import pay_mana
from engine.state import Obj

if TYPE_CHECKING:
    from engine.game import Game

MIN_DECK = 10       # 901.3
MAX_PHENOMENA = 2   # 901.3
#: 901.3a: the six faces of the planar die: one {PW}, one {CHAOS}, four blank
FACES = ("planeswalker", "chaos", "blank", "blank", "blank", "blank")
#: 901.8: the planeswalking ability, "Whenever you roll {PW}, planeswalk." (no source: 112.8's exception)
PLANESWALKING = Ability("triggered", "Whenever you roll {PW}, planeswalk.",
                        effects=(Effect("action", {"name": "planeswalk"}),),
                        trigger={"event": "planar_die", "who": "you"})
DIE = CardDef(name="Planar die", mana_cost=(), types=(), abilities=(PLANESWALKING,))
PLANAR = frozenset({"Plane", "Phenomenon"})


class DeckError(ValueError):
    """A planar deck that cannot be played (901.3), each problem named."""


def is_planar(card: Any) -> bool:
    """A plane (309) or phenomenon (310) card."""
    return bool(PLANAR & set(card.types))


def deck_problems(cards: Any, deck: list[str]) -> list[str]:
    """901.3: why ``deck`` is not a planar deck ([] when it is)."""
    out: list[str] = []
    if len(deck) < MIN_DECK:
        out.append(f"it has {len(deck)} cards, fewer than {MIN_DECK} (901.3)")
    phen = 0
    for name in sorted(set(deck)):
        try:
            d = cards.definition(name)
        except KeyError:
            out.append(f"{name} is not a known card")
            continue
        if not is_planar(d):
            out.append(f"{name} is not a plane or phenomenon card (901.3)")
        phen += "Phenomenon" in d.types and deck.count(name) or 0
    if phen > MAX_PHENOMENA:
        out.append(f"it has {phen} phenomenon cards, more than {MAX_PHENOMENA} (901.3)")
    twice = sorted({n for n in deck if deck.count(n) > 1})
    if twice:
        out.append(f"each card must have a different name (901.3): {', '.join(twice)}")
    return out


def check(cards: Any, decks: dict[str, list[str]]) -> None:
    """901.3: refuse the game (DeckError) unless every planar deck is one."""
    bad = [f"{p}'s planar deck: " + "; ".join(probs) for p, d in decks.items() if (probs := deck_problems(cards, d))]
    if bad:
        raise DeckError("not a Planechase game: " + " | ".join(bad))


# ------------------------------------------------------------------ the start (901.4, 901.5)
def start(g: "Game", decks: dict[str, list[str]]) -> None:
    """901.4: each player's planar deck, shuffled, face down in the command zone."""
    for name, deck in decks.items():
        p = g.players[name]
        for card in deck:
            o = g._make(card, name, "planar")
            p.planar.append(o.id)
        g.rng.shuffle(p.planar)


def active(g: "Game") -> bool:
    """A Planechase game."""
    return bool(g.casual.get("planar"))


def planar_controller(g: "Game") -> str | None:
    """901.6: the active player, or while they are out of the game the next player in turn order still in it."""
    if not active(g):
        return None
    a = g.active
    return a if a in g.players and not g.players[a].lost else seats.next_player(g, a)


def face_up(g: "Game") -> list[int]:
    """The face-up planes and phenomena, in turn order of their owners."""
    return [i for n in g.order for i in g.players[n].command if is_planar(g.objects[i].card)]


def sync(g: "Game") -> None:
    """901.6: the planar controller controls each face-up plane and phenomenon (109.4b)."""
    ctl = planar_controller(g)
    if ctl is None:
        return
    for i in face_up(g):
        if g.objects[i].controller != ctl:  # objects off the battlefield are shared by a game's copies: replaced
            o = g.objects[i] = g.objects[i].copy()
            o.controller = ctl
            g.changed()


def _turn_up(g: "Game", player: str) -> int | None:
    """Move the top card of ``player``'s planar deck off it and turn it face up (a new object, 901.7a), controlled
    by the planar controller; its id, None when the deck is empty."""
    p = g.players[player]
    if not p.planar:
        return None
    o = g.objects.pop(p.planar.pop(0))
    n = renew(g, o, "command")
    g.players[o.owner].command.append(n.id)
    n.controller = planar_controller(g) or player
    g.ts += 1
    n.timestamp = g.ts
    g.changed()
    return n.id


def renew(g: "Game", o: Obj, zone: str) -> Obj:
    """The same card as a new object in ``zone`` (309.6, 310.6, 312.6: a nontraditional card turned face up or
    down); the Archenemy's scheme deck uses it too."""
    n = Obj(g.next_id, o.uid, o.card, o.owner, zone)
    g.next_id += 1
    g.objects[n.id] = n
    return n


def to_deck_bottom(g: "Game", oid: int, deck: str = "planar") -> None:
    """701.21b: a face-up plane or phenomenon goes to the bottom of its owner's planar deck face down; 701.23b,
    904.10: a scheme to the bottom of its owner's scheme deck (``deck`` "schemes")."""
    o = g.objects.pop(oid)
    g.players[o.owner].command.remove(oid)
    n = renew(g, o, deck)
    getattr(g.players[o.owner], deck).append(n.id)
    g.changed()


def first_plane(g: "Game") -> None:
    """901.5, 103.6: the starting player turns their top planar card face up; a phenomenon goes to the bottom
    and the next is turned up, until a plane is the starting plane. No ability triggers (901.5)."""
    if not active(g) or face_up(g):
        return
    who = planar_controller(g) or g.active
    for _ in range(len(g.players[who].planar)):
        got = _turn_up(g, who)
        if got is None:
            return
        if "Plane" in g.objects[got].card.types:
            g.log("plane", player=who, card=g.objects[got].card.name, obj=got)
            return
        to_deck_bottom(g, got)


def planeswalk(g: "Game", player: str | None = None) -> None:
    """701.21b: the planar controller (701.21a: only they may) puts each face-up plane and phenomenon on the bottom
    of its owner's planar deck face down, then turns the top card of their own planar deck face up; 901.11: effects
    that last until a player planeswalks end, and "when you planeswalk to SELF" (a plane) or "when you encounter
    SELF" (a phenomenon, 310.5) triggers."""
    ctl = planar_controller(g)
    if ctl is None or player is not None and player != ctl:
        return
    away = face_up(g)
    names = [g.objects[i].card.name for i in away]
    for i in away:  # 701.21d: "when you planeswalk away from SELF" triggers as it leaves (its source as it was)
        triggers.event(g, {"event": "planeswalk_away", "obj": i, "player": ctl})
    for i in away:
        to_deck_bottom(g, i)
    got = _turn_up(g, ctl)
    g.effects = [e for e in g.effects if e.get("until") != "planeswalk"]
    g.changed()
    if got is None:
        g.log("planeswalk", player=ctl, away=names)
        return
    o = g.objects[got]
    g.log("planeswalk", player=ctl, away=names, card=o.card.name, obj=got)
    kind = "encounter" if "Phenomenon" in o.card.types else "planeswalk_to"
    triggers.event(g, {"event": kind, "obj": got, "player": ctl})


# ------------------------------------------------------------------ the planar die (901.8, 901.9)
def roll_cost(g: "Game", player: str) -> tuple[str, ...]:
    """901.9: {N}, N the times ``player`` took this action this turn."""
    n = g.players[player].die_rolls
    return (str(n),) if n else ()


def can_roll(g: "Game", player: str) -> bool:
    """901.9: the active player, holding priority with the stack empty in a main phase of their turn."""
    return active(g) and g.priority == player and seats.is_active(g, player) and not g.stack \
        and g.step in ("main1", "main2") and g.resolving is None


def roll(g: "Game", player: str, pay: Any = None) -> str:
    """901.9: the special action (115.2f): pay {N}, roll the planar die; {CHAOS} triggers the chaos abilities
    (901.9b), {PW} the planeswalking ability (901.9c, 901.8), a blank face nothing (901.9a). The roller keeps
    priority. Returns the face rolled."""
    if not can_roll(g, player):
        raise IllegalAction("the planar die is rolled by the active player in a main phase of their turn, "
                            "holding priority with the stack empty (901.9)")
    cost = roll_cost(g, player)
    if cost:
        pay_mana(g, player, cost, set(), pay)
    g.players[player].die_rolls += 1
    face = FACES[g.rng.randrange(len(FACES))]
    g.log("planar_die", player=player, face=face, paid=len(cost) and int(cost[0]))
    triggers.event(g, {"event": "planar_roll", "player": player})  # "whenever you roll the planar die"
    if face == "chaos":
        triggers.event(g, {"event": "chaos", "player": player})
    elif face == "planeswalker":
        g.triggered.append({"controller": player, "ability": PLANESWALKING, "source": None, "card": DIE,
                            "info": {"event": "planar_die", "player": player}})
    g.changed()
    g.passes = 0
    g.priority = player
    return face


# ------------------------------------------------------------------ state-based action (704.5x)
def pending_source(g: "Game", oid: int) -> bool:
    """The object is the source of a triggered ability that has triggered but not yet left the stack."""
    if any(t.get("source") == oid for t in g.triggered):
        return True
    return any(g.objects[s].ability is not None and g.objects[s].source == oid for s in g.stack)


def check_phenomena(g: "Game") -> bool:
    """704.5x, 310.7: a face-up phenomenon that is the source of no triggered ability waiting or on the stack: the
    planar controller planeswalks. True when it happened."""
    if not active(g):
        return False
    for i in face_up(g):
        if "Phenomenon" in g.objects[i].card.types and not pending_source(g, i):
            planeswalk(g)
            return True
    return False


def player_left(g: "Game", player: str) -> None:
    """901.10: a face-up plane or phenomenon the leaving player owned leaves the game with them; the planar
    controller turns the top card of their planar deck face up (not a state-based action)."""
    if not active(g):
        return
    mine = [i for i in g.players[player].command if is_planar(g.objects[i].card)]
    sync(g)
    if not mine:
        return
    for i in mine:
        g.players[player].command.remove(i)
        del g.objects[i]
    sync(g)
    ctl = planar_controller(g)
    if ctl is not None and ctl != player and not face_up(g):
        got = _turn_up(g, ctl)
        if got is not None:
            o = g.objects[got]
            g.log("planeswalk", player=ctl, away=[], card=o.card.name, obj=got)
            triggers.event(g, {"event": "encounter" if "Phenomenon" in o.card.types else "planeswalk_to",
                               "obj": got, "player": ctl})
    g.changed()


def counts(g: "Game", player: str) -> dict[str, Any]:
    """What every player may know of ``player``'s planar deck: its size (its order is hidden, 901.4)."""
    return {"planar_deck": len(g.players[player].planar)} if active(g) else {}
