"""Issue 24 item 2: the table shows a reveal to every seat, a look (or a reveal to one
player) to that seat alone, behind its own hand-over screen in hotseat, and the hidden
cards a seat knows (in an opponent's hand, on top of a library) to that seat only."""
from __future__ import annotations

import os

import pytest
import yaml

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from table_mouse import click, show_table, space  # noqa: E402

from app.table import widget as table_widget  # noqa: E402
from app.table.items import CardItem  # noqa: E402
from app.table.reveal import RevealOverlay  # noqa: E402
from app.table.widget import TableWidget  # noqa: E402
from engine import scenario as S  # noqa: E402
from engine.cardpool import default_pool  # noqa: E402
from engine.session import LocalSession  # noqa: E402

KEEP = []   # see tests/test_app_table.py: widgets kept alive while Qt may paint them
SHOTS = os.environ.get("MANATABLE_SHOTS")   # a folder: screenshots of what is shown


@pytest.fixture(scope="module")
def pool():
    return default_pool()


def table(qtbot, pool, text: str, humans: list[str]) -> TableWidget:
    """A table on a game set up and played this far by a scenario (FORMAT.md)."""
    r = S.Runner(yaml.safe_load(text), pool)
    r.run()
    w = show_table(qtbot, LocalSession(r.g), humans)
    return w


def shot(w: TableWidget, name: str) -> None:
    if SHOTS:
        w.grab().save(os.path.join(SHOTS, name + ".png"))


def overlays(w: TableWidget) -> list[RevealOverlay]:
    return [it for it in w.scene.items() if isinstance(it, RevealOverlay)]


def shown_names(w: TableWidget) -> list[str]:
    """The faces the reveal overlay shows, left to right."""
    (o,) = overlays(w)
    return [c.name for c in o.cards if c.face_up]


def hand_faces(w: TableWidget, seat: str) -> list[str]:
    return sorted(it.name for it in w.scene.items()
                  if isinstance(it, CardItem) and it.zone == "hand" and it.seat == seat and it.face_up)


TUTOR = """
name: Idyllic Tutor reveals the enchantment it finds
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Plains, Plains, Plains]
      hand: [Idyllic Tutor]
      library: [Forest, Shock, Pacifism, Island, Island]
    bob:
      hand: [Forest]
      library: [Forest, Forest]
steps:
  - {alice: cast, card: Idyllic Tutor}
  - {resolve: 1}
  - {alice: choose, cards: [Pacifism]}
"""


@pytest.mark.parametrize("seat", ["alice", "bob"])
def test_a_reveal_is_shown_to_every_seat_and_a_click_puts_it_away(qtbot, pool, seat):
    w = table(qtbot, pool, TUTOR, [seat])
    assert [len(overlays(w))] == [1], "the reveal is up for " + seat
    assert shown_names(w) == ["Pacifism"]
    assert any("reveals Pacifism" in line for line in w.ctl.log_lines)
    shot(w, f"reveal_{seat}")
    # bob saw Pacifism go into alice's hand: it is drawn face up there, for him
    assert hand_faces(w, "alice") == ["Pacifism"]
    click(w, overlays(w)[0].cards[0].sceneBoundingRect().center())
    assert overlays(w) == []
    assert w.ctl.shown == []


def test_a_reveal_goes_away_by_itself(qtbot, pool, monkeypatch):
    monkeypatch.setattr(table_widget, "REVEAL_MS", 30)
    w = table(qtbot, pool, TUTOR, ["bob"])
    assert len(overlays(w)) == 1
    qtbot.waitUntil(lambda: overlays(w) == [], timeout=2000)


ANTICIPATE = """
name: Anticipate looks at three
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Island, Island]
      hand: [Anticipate, Island]
      library: [Lightning Bolt, Shock, Giant Growth, Forest, Forest, Forest]
    bob:
      hand: [Grizzly Bears]
      library: [Forest, Forest, Forest]
steps:
  - {alice: cast, card: Anticipate}
  - {resolve: 1}
  - {alice: choose, cards: [Shock]}
"""


def test_a_look_is_shown_to_the_looker_only(qtbot, pool):
    mine = table(qtbot, pool, ANTICIPATE, ["alice"])
    assert shown_names(mine) == ["Lightning Bolt", "Shock", "Giant Growth"]
    theirs = table(qtbot, pool, ANTICIPATE, ["bob"])
    assert overlays(theirs) == []
    assert "alice looks at 3 cards" in theirs.ctl.log_lines
    assert not any("Lightning Bolt" in line or "Giant Growth" in line for line in theirs.ctl.log_lines)


def pass_until_curtain(w: TableWidget, limit: int = 40) -> None:
    for _ in range(limit):
        if w.curtain.isVisible():
            return
        space(w)
    raise AssertionError("the game never handed the computer over")


def test_hotseat_a_look_waits_behind_the_lookers_hand_over_screen(qtbot, pool):
    w = table(qtbot, pool, ANTICIPATE, ["bob", "alice"])
    # bob is the first seat here, but alice decides: her hand-over screen goes up first
    assert w.curtain.isVisible() and w.ctl.seat == "alice"
    assert overlays(w) == [], "nothing is shown while the hand-over screen is up"
    QTest.mouseClick(w.curtain.button, Qt.LeftButton)
    assert shown_names(w) == ["Lightning Bolt", "Shock", "Giant Growth"]
    shot(w, "look_hotseat_alice")
    pass_until_curtain(w)
    assert w.ctl.seat == "bob"
    assert overlays(w) == [], "alice's look is taken down when the screen goes up"
    assert not any(isinstance(it, CardItem) and it.face_up and it.zone in ("hand", "reveal")
                   for it in w.scene.items()), "no face of a hand or a look under the hand-over screen"
    QTest.mouseClick(w.curtain.button, Qt.LeftButton)
    shot(w, "look_hotseat_bob")
    assert overlays(w) == [], "bob is never shown alice's look"
    assert hand_faces(w, "alice") == [], "bob knows no card of alice's hand"
    assert "Lightning Bolt" not in str([it.name for it in w.scene.items() if isinstance(it, CardItem)])


PEEK = """
name: Peek looks at bob's hand
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Island]
      hand: [Peek, Island]
      library: [Island, Island, Island]
    bob:
      hand: [Serra Angel, Counterspell]
      library: [Plains, Plains, Plains]
steps:
  - {alice: cast, card: Peek, targets: [bob]}
"""


def test_hotseat_peek_shows_bobs_hand_to_alice_only(qtbot, pool):
    w = table(qtbot, pool, PEEK, ["bob", "alice"])
    # bob could do nothing but pass: Peek resolved, alice looked at his hand and drew, and
    # now decides; her hand-over screen is up (bob is the first seat here) and shows nothing
    assert w.curtain.isVisible() and w.ctl.seat == "alice"
    assert overlays(w) == [] and hand_faces(w, "bob") == []
    QTest.mouseClick(w.curtain.button, Qt.LeftButton)
    assert sorted(shown_names(w)) == ["Counterspell", "Serra Angel"]
    # and his hand is drawn face up at the top of her table
    assert hand_faces(w, "bob") == ["Counterspell", "Serra Angel"]
    shot(w, "peek_alice")
    pass_until_curtain(w)
    assert w.ctl.seat == "bob"
    QTest.mouseClick(w.curtain.button, Qt.LeftButton)
    assert overlays(w) == [], "bob is not shown his own hand as a reveal"
    assert hand_faces(w, "alice") == []


PREORDAIN = """
name: Preordain keeps one on top
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Island, Island]
      hand: [Preordain, Island]
      library: [Shock, Serra Angel, Forest, Island, Island]
    bob:
      library: [Forest, Forest, Forest]
steps:
  - {alice: cast, card: Preordain}
  - {resolve: 1}
  - {alice: choose, cards: []}
"""


def library_top(w: TableWidget, seat: str) -> CardItem:
    (it,) = [it for it in w.scene.items() if isinstance(it, CardItem) and it.zone == "library" and it.seat == seat]
    return it


def test_a_known_top_of_a_library_is_shown_on_it_for_that_seat_only(qtbot, pool):
    w = table(qtbot, pool, PREORDAIN, ["alice", "bob"])
    assert w.ctl.seat == "alice" and not w.curtain.isVisible()
    # scry 2 kept both on top, then Shock was drawn: Serra Angel is on top, and alice knows it
    top = library_top(w, "alice")
    assert top.face_up and top.name == "Serra Angel"
    assert not library_top(w, "bob").face_up
    pass_until_curtain(w)
    assert w.ctl.seat == "bob"
    assert not library_top(w, "alice").face_up, "not under the hand-over screen"
    QTest.mouseClick(w.curtain.button, Qt.LeftButton)
    assert not library_top(w, "alice").face_up, "bob does not know alice's top card"
    shot(w, "library_top_bob")



ANTICIPATE_IN_BOBS_TURN = """
name: alice looks at three in bob's turn; bob decides next
setup:
  active: bob
  step: main1
  players:
    alice:
      battlefield: [Island, Island]
      hand: [Anticipate]
      library: [Lightning Bolt, Shock, Giant Growth, Forest, Forest, Forest]
    bob:
      hand: [Forest]
      library: [Forest, Forest, Forest]
steps:
  - {bob: pass}
  - {alice: cast, card: Anticipate}
  - {resolve: 1}
  - {alice: choose, cards: [Shock]}
"""


def test_hotseat_a_look_is_kept_for_its_seat_while_the_other_seat_plays(qtbot, pool):
    w = table(qtbot, pool, ANTICIPATE_IN_BOBS_TURN, ["alice", "bob"])
    # the look happened; bob (the active player) has priority next: his screen first
    assert w.curtain.isVisible() and w.ctl.seat == "bob"
    QTest.mouseClick(w.curtain.button, Qt.LeftButton)
    assert overlays(w) == [], "bob is not shown alice's look"
    assert "Lightning Bolt" not in [it.name for it in w.scene.items() if isinstance(it, CardItem)]
    shot(w, "look_kept_bob")
    pass_until_curtain(w)   # bob passes on; alice is next at the screen
    assert w.ctl.seat == "alice"
    QTest.mouseClick(w.curtain.button, Qt.LeftButton)
    assert shown_names(w) == ["Lightning Bolt", "Shock", "Giant Growth"], "her look waited for her"


def test_a_spectator_is_shown_reveals_but_no_look(qtbot, pool):
    revealed = table(qtbot, pool, TUTOR, [])
    assert shown_names(revealed) == ["Pacifism"]
    looked = table(qtbot, pool, ANTICIPATE, [])
    assert overlays(looked) == []
    assert "alice looks at 3 cards" in looked.ctl.log_lines
