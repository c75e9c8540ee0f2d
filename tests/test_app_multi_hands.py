"""Hands of other seats at a table of three or more (issue 17): each opponent's box has a
hand strip, its cards face down, each face up where the seat shown knows it (a look, a
reveal: engine/knowledge.py) and never otherwise; in Two-Headed Giant the teammate's hand
is face up (810.5) but not playable. Real games of the engine, real mouse events
(tests/table_mouse.py); screenshots go to .test-data/screenshots."""
from __future__ import annotations

import pathlib

import pytest

pytest.importorskip("PySide6")

from multi_views import ViewSession  # noqa: E402
from table_mouse import drag  # noqa: E402

from app.table.items import CardItem  # noqa: E402
from app.table.widget import TableWidget  # noqa: E402
from engine.bench import GREEN, RED  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.session import LocalSession  # noqa: E402
from engine.setup import from_setup  # noqa: E402

SHOTS = pathlib.Path(__file__).resolve().parent.parent / ".test-data" / "screenshots"
KEEP = []
SEATS = ["alice", "bob", "carol", "dave"]
SIX = SEATS + ["erin", "fay"]


class Pass:
    """A seat that passes priority and takes what is forced."""

    def answer(self, d):
        if d.forced is not None:
            return d.forced
        return {"action": "pass"} if d.kind == "priority" else {"option": "keep"}


def table(qtbot, session, humans, size=(1500, 920)) -> TableWidget:
    w = TableWidget(session, list(humans), modal_errors=False)
    KEEP.append(w)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    w.view.fit()
    return w


def hand_items(w, seat):
    """The cards drawn in ``seat``'s hand, left to right."""
    items = [it for it in w.scene.items() if isinstance(it, CardItem) and it.zone == "hand" and it.seat == seat]
    return sorted(items, key=lambda it: it.pos().x())


def shot(w, name) -> pathlib.Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    assert w.grab().save(str(path))
    return path


def peek_game(seats: list[str]) -> Game:
    """Four or six seats; alice holds Peek (look at target player's hand) and an Island."""
    return from_setup({
        "seats": seats, "active": "alice", "step": "main1",
        "players": {**{s: {"hand": ["Forest"], "library": ["Forest"] * 3} for s in seats[4:]},
            "alice": {"hand": ["Peek"], "battlefield": ["Island"], "library": ["Island"] * 3},
            "bob": {"hand": ["Shock"], "library": ["Forest"] * 3},
            "carol": {"hand": ["Lightning Bolt", "Hill Giant", "Forest"], "library": ["Forest"] * 3},
            "dave": {"hand": ["Grizzly Bears", "Forest"], "library": ["Forest"] * 3},
        }})


@pytest.mark.parametrize("seats", [SEATS, SIX], ids=["4", "6"])
def test_a_hand_card_the_seat_looked_at_shows_face_up_in_that_opponents_box(qtbot, seats):
    g = peek_game(seats)
    session = LocalSession(g, {s: Pass() for s in seats[1:]})
    w = table(qtbot, session, ["alice"])
    carol = hand_items(w, "carol")
    assert len(carol) == 3 and not any(it.face_up or it.obj is not None for it in carol), "hidden before"
    assert all(r.contains(it.sceneBoundingRect().center()) for it in carol
               for r in [w.scene.zones[("hand", "carol")].rect]), "in carol's hand strip"
    peek = next(it for it in hand_items(w, "alice") if it.name == "Peek")
    drag(w, peek.sceneBoundingRect().center(), w.scene.players["carol"].sceneBoundingRect().center())
    qtbot.waitUntil(lambda: any(it.face_up for it in hand_items(w, "carol")), timeout=5000)
    assert g.stack == [] and len(g.players["alice"].hand) == 1, "Peek resolved: alice drew"
    carol = hand_items(w, "carol")
    assert sorted(it.name for it in carol) == ["Forest", "Hill Giant", "Lightning Bolt"]
    assert all(it.face_up and it.obj in g.players["carol"].hand for it in carol)
    for seat in [s for s in seats if s not in ("alice", "carol")]:   # alice looked at carol's hand only
        assert hand_items(w, seat) and not any(it.face_up or it.obj is not None for it in hand_items(w, seat))
    path = shot(w, f"multi_hand_known_{len(seats)}.png")
    assert path.stat().st_size > 10000
    # dave's table, from dave's real view: carol's hand stays face down there
    dw = table(qtbot, ViewSession({"dave": g.view("dave")}), ["dave"])
    carol = hand_items(dw, "carol")
    assert len(carol) == 3 and not any(it.face_up or it.obj is not None for it in carol)
    assert all(it.face_up for it in hand_items(dw, "dave"))
    # a card seen in an opponent's hand is not yours to drag onto the table
    answers = len(g.answers)
    card = hand_items(w, "carol")[0]
    home = card.pos()
    drag(w, card.sceneBoundingRect().center(), w.scene.zones[("creatures", "alice")].rect.center())
    assert len(g.answers) == answers and card.pos() == home


def test_two_headed_giant_teammates_hand_is_face_up_and_not_playable(qtbot):
    g = Game.new([(n, RED if i % 2 == 0 else GREEN) for i, n in enumerate(SEATS)], None, 3, play_first="alice",
                 teams=[["alice", "bob"], ["carol", "dave"]])
    session = LocalSession(g, {s: Pass() for s in SEATS[1:]})
    w = table(qtbot, session, ["alice"])
    if w.ctl.decision is not None and w.ctl.decision.kind == "mulligan":
        session.submit("alice", {"option": "keep"})
        w.refresh()
    qtbot.waitUntil(lambda: w.ctl.decision is not None and w.ctl.decision.kind == "priority", timeout=5000)
    bob = hand_items(w, "bob")
    assert len(bob) == len(g.players["bob"].hand) == 7
    assert [it.obj for it in bob] == g.players["bob"].hand and all(it.face_up for it in bob), "810.5"
    for seat in ("carol", "dave"):
        other = hand_items(w, seat)
        assert len(other) == len(g.players[seat].hand) and not any(it.face_up or it.obj is not None for it in other)
    path = shot(w, "multi_hand_2hg.png")
    assert path.stat().st_size > 10000
    answers = len(g.answers)
    card = next(it for it in bob if "Land" in g.cards.definition(it.name).types) if any(
        "Land" in g.cards.definition(it.name).types for it in bob) else bob[0]
    home = card.pos()
    drag(w, card.sceneBoundingRect().center(), w.scene.zones[("lands", "alice")].rect.center())
    assert len(g.answers) == answers, "teammates can't manipulate each other's cards (810.5)"
    assert card.pos() == home and card.obj in g.players["bob"].hand


def test_the_log_names_a_teammates_draws_and_not_the_other_teams(qtbot):
    """810.5: the log of the one person at the table names the cards drawn into the
    teammate's hand (they see that hand); the other team's draws read as a count (400.2).
    The table also says whose team's turn it is and shows each team's life once (810.9a)."""
    g = Game.new([(n, RED if i % 2 == 0 else GREEN) for i, n in enumerate(SEATS)], None, 3, play_first="carol",
                 teams=[["alice", "bob"], ["carol", "dave"]])
    session = LocalSession(g, {s: Pass() for s in SEATS[1:]})
    w = table(qtbot, session, ["alice"])
    if w.ctl.decision is not None and w.ctl.decision.kind == "mulligan":
        session.submit("alice", {"option": "keep"})
        w.refresh()
    qtbot.waitUntil(lambda: w.ctl.decision is not None and w.ctl.decision.kind == "priority", timeout=5000)
    log = "\n".join(w.ctl.log_lines)
    bob = [g.objects[x].card.name for x in g.players["bob"].hand]
    assert f"bob draws 7 cards: {', '.join(bob)}" in log, log
    assert "carol draws 7 cards\n" in log + "\n" and "dave draws 7 cards\n" in log + "\n", log
    v = w.ctl.view()
    assert w.scene.turn_owner(v) in ("carol and dave's team", "you and bob: your team")
    players = w.scene.players
    assert players["alice"].info["team_life"] == "shown" and players["bob"].info["team_life"] == "alice"
    shown = {players[s].info["team_life"] for s in ("carol", "dave")}
    assert shown == {"shown", "carol"}, "the other team's life on its first seat from your left"
