"""What each player may know of the cards in hidden zones (400.2), and who sees an event.

Libraries and hands are hidden zones: a player sees their own hand (and in Two-Headed Giant
their teammate's, 810.5), and no library. An
effect can show a hidden card to some players: a search looks at the whole library
(701.15a), scry and fateseal look at the top cards (701.18, 701.19), "look at" shows a card
to one player, and a reveal shows it to all (701.13a). That knowledge lasts while the card
stays where it is: a card that changes zones is a new object (400.7), and a shuffle leaves
no player knowing the order (701.16a).

``Game.shown`` maps an object id in a hidden zone to the players who know it. Views show
those cards to those players; the secrecy checks (engine/fuzz.py) allow exactly them.

Events carry their audience the same way: an event with ``audience`` (a list of players)
names its cards only to them, and everyone else gets its public form (``redact``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from engine import player_control

if TYPE_CHECKING:
    from engine.game import Game

# the fields of an event that name or identify cards
CARD_FIELDS = ("card", "cards", "obj", "objs")


def show(g: "Game", oids: Iterable[int], players: Iterable[str] | None = None) -> None:
    """``players`` (everyone when None: a reveal, 701.13a) now know these cards; so does the player
    controlling one of them (712.4: it sees what the controlled player sees)."""
    who = tuple(g.order) if players is None else tuple(players)
    if g.player_control["now"] and players is not None:
        who += tuple(player_control.decider(g, p) for p in who)
    for oid in oids:
        o = g.objects.get(oid)
        if o is None or o.zone not in ("library", "hand"):
            continue
        had = g.shown.get(oid, ())
        g.shown[oid] = tuple(sorted(set(had) | set(who)))


def forget(g: "Game", oid: int) -> None:
    """400.7: the object left its zone; what was known of it is not known of the new one."""
    if g.shown:
        g.shown.pop(oid, None)


def shuffle(g: "Game", player: str, keep: Iterable[int] = ()) -> None:
    """701.16a: randomize a library so that no player knows its order. The cards of ``keep``
    are left out of the shuffle where they are (701.16b)."""
    lib = g.players[player].library
    kept = set(keep)
    if kept:
        rest = [c for c in lib if c not in kept]
        g.rng.shuffle(rest)
        it = iter(rest)
        lib[:] = [c if c in kept else next(it) for c in lib]
    else:
        g.rng.shuffle(lib)
    if g.shown:
        for c in lib:
            if c not in kept:
                g.shown.pop(c, None)
    g.hidden_move()  # a static may read the top card ("as long as the top card of your library is black")


def _told(g: "Game", seen: tuple[str, ...], player: str) -> bool:
    """Whether ``player`` is among ``seen``; what every player was shown was shown to the
    table, so a spectator (in no audience) knows it too."""
    return player in seen or len(seen) >= len(g.order) and set(g.order) <= set(seen)


def sees_hand(g: "Game", player: str, owner: str) -> bool:
    """Whether ``player`` sees ``owner``'s hand: their own (400.2), and in Two-Headed Giant a
    teammate's, for teammates may review each other's hands at any time (810.5), and the hand of
    a player they control (712.4)."""
    return player == owner or (g.variant == "two_headed_giant" and player in g.team_of.get(owner, ())) \
        or player_control.controls(g, player, owner) or owner in _revealed_hands(g)


def _revealed_hands(g: "Game") -> frozenset[str]:
    """The players who play with their hands revealed, by a static ability ("Your opponents play with their hands
    revealed", Telepathy; "Players play with their hands revealed", Revelation; "Play with your hand revealed"):
    their hands stay hidden zones whose cards every player sees (400.2, 701.13a)."""
    kept = g.__dict__.get("_hands_shown")
    if kept is None or kept[0] != g._version:  # once per state of the game (views ask for every seat)
        shown: set[str] = set()
        if g.battlefield:
            cs = g.all_chars()
            for oid in g.battlefield:
                c = cs[oid]
                for ab in c.abilities:
                    who = ab.static.get("who") if ab.kind == "static" and ab.static and ab.static.get(
                        "kind") == "hand_revealed" else None
                    if who == "each":
                        shown.update(g.order)
                    elif who == "you" and c.controller:
                        shown.add(c.controller)
                    elif who == "opponent" and c.controller:
                        shown.update(p for p in g.order if p != c.controller)
        kept = g.__dict__["_hands_shown"] = (g._version, frozenset(shown))
    return kept[1]


def _top_statics(g: "Game") -> tuple[frozenset[str], frozenset[str]]:
    """The players who control a permanent with "You may look at the top card of your library any
    time", and those with "Play with the top card of your library revealed" (static abilities: the
    card stays in its hidden zone, 400.2; known to its owner, or to every player)."""
    kept = g.__dict__.get("_look_top")
    if kept is None or kept[0] != g._version:  # once per state of the game (views ask for every seat)
        cs = g.all_chars()
        look: set[str] = set()
        shown: set[str] = set()
        for oid in g.battlefield:
            c = cs[oid]
            for ab in c.abilities:
                kind = (ab.static or {}).get("kind") if ab.kind == "static" else None
                if kind == "look_top_card" and c.controller:
                    look.add(c.controller)
                elif kind == "top_card_revealed" and ab.static.get("who") == "each":
                    shown.update(g.order)  # "Players play with the top card of their libraries revealed"
                elif kind == "top_card_revealed" and c.controller:
                    shown.add(c.controller)
        kept = g.__dict__["_look_top"] = (g._version, frozenset(look), frozenset(shown))
    return kept[1], kept[2]


def top_known(g: "Game", player: str, owner: str) -> bool:
    """Does ``player`` know the top card of ``owner``'s library (looked at by its owner, or revealed)?"""
    look, shown = _top_statics(g)
    return owner in shown or player == owner and owner in look


def knows(g: "Game", player: str, oid: int) -> bool:
    """Whether ``player`` may know which card the object ``oid`` is."""
    o = g.objects.get(oid)
    if o is None:
        return False
    if o.zone == "hand" and sees_hand(g, player, o.owner):
        return True
    if o.zone == "library" and g.players[o.owner].library[:1] == [oid] and top_known(g, player, o.owner):
        return True
    if o.zone in ("library", "hand"):
        return _told(g, g.shown.get(oid, ()), player)
    return True


def known_hidden(g: "Game", player: str, owner: str) -> list[tuple[str, int, int]]:
    """The cards of ``owner``'s hidden zones that ``player`` knows beyond their own hand:
    (zone, position from the top or in the hand, object id)."""
    p = g.players[owner]
    top = bool(p.library) and top_known(g, player, owner)
    if not g.shown and not top:
        return []
    out = []
    for i, c in enumerate(p.library):
        if _told(g, g.shown.get(c, ()), player) or i == 0 and top:
            out.append(("library", i, c))
    if not sees_hand(g, player, owner):  # a hand the player sees is in the view whole
        for i, c in enumerate(p.hand):
            if _told(g, g.shown.get(c, ()), player):
                out.append(("hand", i, c))
    return out


def redact(event: dict[str, Any], player: str) -> dict[str, Any]:
    """An event as ``player`` may see it (a spectator's name is in no audience). A hidden
    move's ``audience`` is its owner, and for a card put into a Two-Headed Giant player's hand
    the owner's team, who see that hand (810.5); an older hidden event without one, its owner."""
    aud = event.get("audience")
    if aud is not None and player not in aud:
        out = {k: v for k, v in event.items() if k not in CARD_FIELDS}
        if "cards" in event:
            out["count"] = len(event["cards"])
        return out
    if event.get("hidden") and event.get("owner") != player and aud is None:   # no audience: the owner's
        return {k: v for k, v in event.items() if k not in ("card", "obj")}
    if event.get("to") == "library" and event.get("frm") != "battlefield":
        return {k: v for k, v in event.items() if k != "obj"}
    return event
