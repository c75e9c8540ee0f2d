"""404.3: the owner arranges the cards put into their graveyard at the same time.

404.3 (2016): "If an effect or rule puts two or more cards into the same graveyard at the
same time, the owner of those cards may arrange them in any order." A graveyard's order is
public and matters only to what reads it (404.2: "the top card of your graveyard"; Volrath's
Shapeshifter, Necratog, Barrow Ghoul, Zombie Scavengers read the card nearest the top). So,
to keep games and bots fast, the owner is asked only when some object of the game reads a
graveyard's order; otherwise the cards keep the order they were moved in (any order is then
the same game).

Each card put into a graveyard is noted with the event batch it belongs to (one effect of a
resolution, or one rule's batch outside a resolution: engine/triggers.batch_key) and its
owner (``Game.gy_batch``). When the batch is over (after each effect of a resolution,
engine/effects.resume; outside a resolution before anything else happens, Game._advance:
before state-based actions are checked again and before triggered abilities go on the stack),
each owner who got two or more cards of one batch that are still there is asked to order them:
a choice of cards (``choose_cards``, ``answer_to: "graveyard_order"``, ``ordered``: the order of
the answer is what is chosen, top first), never forced, every card once.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards.abilities import CardDef
from engine.errors import IllegalAction
from engine.memo import per_object
from engine.seats import apnap

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Decision

#: the answer route of the decision (engine/game.py ANSWER_HANDLERS)
ROUTE = "graveyard_order"
PROMPT = "order the cards put into your graveyard at the same time (404.3; first = top)"

def _walk(x: Any, depth: int = 0) -> bool:
    """What a compiled card says when it reads a graveyard's order: a filter of "the top creature card of your
    graveyard" (engine/filters.py ``topmost``), "with three or more creature cards above it" (a condition's
    ``above_self``, engine/values.py) or "the top card of your graveyard" of a full-text static
    (engine/layers.py ``full_text``: ``top_graveyard_creature``)."""
    if depth > 12:
        return False
    if isinstance(x, dict):
        return any(k in ("topmost", "above_self") and v or _walk(v, depth + 1) for k, v in x.items())
    if isinstance(x, (list, tuple)):
        return any(_walk(v, depth + 1) for v in x)
    if isinstance(x, str):
        return x.startswith("top_graveyard")
    fields = getattr(x, "__dataclass_fields__", None)
    if fields:
        return any(_walk(getattr(x, f), depth + 1) for f in fields if f not in ("text", "card"))
    return False


@per_object
def reads_order(card: CardDef) -> bool:
    """Whether a card's abilities read the order of a graveyard (404.2)."""
    text = " ".join(ab.text for ab in card.abilities).lower()
    if "graveyard" not in text or "top" not in text:  # a cheap filter before the walk
        return False
    return any(_walk(ab) for ab in card.abilities)


def matters(g: "Game") -> bool:
    """Whether the order of a graveyard can matter to this game: an object of the game reads it."""
    return any(reads_order(o.card) for o in g.objects.values())


def note(g: "Game", key: Any, owner: str, oid: int) -> None:
    """A card was put into ``owner``'s graveyard in the event batch ``key`` (Game.move)."""
    g.gy_batch.append([str(key), owner, oid])


def settle(g: "Game") -> bool:
    """The batches noted so far are over: ask the owner of two or more cards of one batch to order them (404.3),
    one owner at a time; True when a decision now waits. The noted cards are forgotten once no decision is due."""
    batch = g.gy_batch
    groups: dict[tuple[Any, str], list[int]] = {}
    for key, owner, oid in batch:
        o = g.objects.get(oid)
        # cards only (a token in a graveyard ceases to exist at the next check, 704.5d), still there, of an owner who
        # is still in the game (800.4a)
        if o is not None and o.zone == "graveyard" and not o.token and o.owner == owner and owner in g.players \
                and not g.players[owner].lost:
            groups.setdefault((key, owner), []).append(oid)
    g.gy_batch = []
    asks = [(owner, ids) for (_, owner), ids in groups.items() if len(ids) > 1]
    if not asks or not matters(g):
        return False
    turn = apnap(g)  # 101.4: the owners in APNAP order, the active player first
    asks.sort(key=lambda a: turn.index(a[0]) if a[0] in turn else len(turn))
    owner, ids = asks[0]
    top_first = list(reversed(ids))  # as they lie now: the last one put there is on top (404.2)
    g.gy_batch = [[f"later {k}", o, x] for k, (o, xs) in enumerate(asks[1:]) for x in xs]
    g.wait = {"kind": "choose_cards", "player": owner, "options": top_first, "min": len(ids), "max": len(ids),
              "answer_to": ROUTE, "ordered": True, "prompt": PROMPT}
    return True


def answer(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """404.3: the owner's order, top first: every card of the decision once."""
    got = list(a.get("cards") or [])
    opts = list(d.options)
    if sorted(map(repr, got)) != sorted(map(repr, opts)) or len(set(map(repr, got))) != len(got):
        raise IllegalAction("order every one of these cards once (first = top of your graveyard)")
    got = [int(x) for x in got]
    pile = g.players[d.player].graveyard
    spots = sorted(pile.index(x) for x in got if x in pile)
    for spot, x in zip(spots, reversed([x for x in got if x in pile])):  # bottom-most spot gets the last named
        pile[spot] = x
    g.log("graveyard_order", player=d.player, cards=[g.objects[x].card.name for x in got if x in g.objects])
    g.changed()  # a card reading the top of a graveyard sees the new order (Volrath's Shapeshifter, 613.1c)
