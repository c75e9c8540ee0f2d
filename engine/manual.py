"""Manual mode for cards the engine cannot play as written (issue 4, DESIGN: Cards).

A card whose text did not compile (or uses something the engine does not execute) can
still be played: it is cast and resolves like any card of its type, and then its
controller carries out its text by hand, as at a kitchen table. The engine offers
manual actions (move a card between zones, tap or untap, add or remove counters, change
life, create a token copy of a card, attach) until the player says they are done, and
logs each one so the opponent sees it. Everything else stays enforced.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from engine.actions import create_token
from engine.errors import IllegalAction
from engine.memo import per_object
from engine.support import unsupported_reasons

if TYPE_CHECKING:
    from engine.cards.abilities import CardDef
    from engine.game import Game
    from engine.state import Decision

ZONES = ("battlefield", "hand", "graveyard", "exile", "library_top", "library_bottom")


@per_object
def is_manual(card: "CardDef") -> bool:
    """True when the engine cannot play this card exactly as written."""
    return bool(unsupported_reasons(card))


def offered(g: "Game", player: str) -> bool:
    """Manual actions are offered at priority to a player who controls a manual permanent."""
    known = g.__dict__.get("_manual_any")
    if known is None or known[0] != g.next_uid:  # new cards or tokens since the last look
        known = (g.next_uid, any(is_manual(o.card) for o in g.objects.values() if o.ability is None))
        g.__dict__["_manual_any"] = known
    if not known[1]:
        return False
    # the controllers of the manual permanents depend only on the characteristics (613): kept with them
    cs = g.all_chars()
    held = g.__dict__.get("_manual_held")
    if held is None or held[0] is not cs:
        held = (cs, {cs[i].controller for i in g.battlefield if is_manual(g.objects[i].card)})
        g.__dict__["_manual_held"] = held
    return player in held[1]


def start(g: "Game", player: str, card: str) -> None:
    """Queue a manual-mode decision for ``player`` (after a manual card resolves, or on request)."""
    g.queue.append({"kind": "manual", "player": player, "card": card})


def options(g: "Game", player: str) -> dict[str, Any]:
    """What may be done by hand: the objects in public zones and the player's hand, and players."""
    objs = list(g.battlefield) + [i for p in g.order for z in ("graveyard", "exile") for i in g.players[p].zone(z)]
    objs += list(g.players[player].hand)
    return {"actions": ["move", "tap", "untap", "counters", "life", "token_copy", "attach", "draw", "done"],
            "objects": objs, "players": list(g.order), "zones": list(ZONES)}


def answer(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """Apply one manual action; every action but "done" keeps manual mode open."""
    act = a.get("action")
    p = d.player
    legal = options(g, p)
    if act == "done":
        g.log("manual_done", player=p, card=d.data.get("card"))
        return
    if act not in legal["actions"]:
        raise IllegalAction(f"unknown manual action {act!r}; one of {legal['actions']}")

    def obj(key: str = "card") -> int:
        x = a.get(key)
        if isinstance(x, str) and x.isdigit():
            x = int(x)
        if x not in legal["objects"]:
            raise IllegalAction(f"{key}: {x!r} is not a card you can handle "
                                "(battlefield, graveyards, exile, your hand)")
        return cast(int, x)  # one of the legal objects

    if act == "move":
        x = obj()
        to = a.get("to")
        if to not in ZONES:
            raise IllegalAction(f"move to one of {ZONES}, not {to!r}")
        name = g.objects[x].card.name
        if to.startswith("library"):
            g.move(x, "library", top=to == "library_top")
        else:
            g.move(x, to, controller=p if to == "battlefield" else None)
        g.log("manual", player=p, what=f"moves {name} to {to}")
    elif act in ("tap", "untap"):
        x = obj()
        if g.objects[x].zone != "battlefield":
            raise IllegalAction("only permanents can be tapped or untapped")
        g.objects[x].tapped = act == "tap"
        g.log("manual", player=p, what=f"{act}s {g.objects[x].card.name}")
    elif act == "counters":
        x = obj()
        kind = str(a.get("kind", "+1/+1"))
        n = int(a.get("delta", 1))
        cs = g.objects[x].counters
        cs[kind] = max(0, cs.get(kind, 0) + n)
        g.log("manual", player=p, what=f"{'adds' if n >= 0 else 'removes'} {abs(n)} {kind} counter(s) on "
                                       f"{g.objects[x].card.name}")
    elif act == "life":
        who = a.get("player")
        if who not in g.order:
            raise IllegalAction(f"no player {who!r}")
        n = int(a.get("delta", 0))
        g.players[who].life += n
        g.log("manual", player=p, what=f"changes {who}'s life by {n:+d}")
    elif act == "token_copy":
        x = obj()
        create_token(g, g.objects[x].card, p)
        g.log("manual", player=p, what=f"creates a token copy of {g.objects[x].card.name}")
    elif act == "attach":
        x = obj()
        t = obj("to")
        if g.objects[x].zone != "battlefield" or g.objects[t].zone != "battlefield":
            raise IllegalAction("attach a permanent to a permanent")
        g.objects[x].attached_to = t
        g.log("manual", player=p, what=f"attaches {g.objects[x].card.name} to {g.objects[t].card.name}")
    elif act == "draw":
        g.draw(p, int(a.get("amount", 1)))
        g.log("manual", player=p, what="draws")
    g.changed()
    g.queue.insert(0, {"kind": "manual", "player": p, "card": d.data.get("card")})
