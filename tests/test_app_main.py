"""The main window: menus, shortcuts, starting games, the deck builder; the command line."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from app.application import MainWindow  # noqa: E402
from engine.bench import GREEN, RED  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
KEEP = []


@pytest.fixture
def win(qtbot):
    w = MainWindow()
    KEEP.append(w)  # see test_app_table.KEEP: no cycle-GC of a widget while it paints
    qtbot.addWidget(w)
    w.show()
    w.activateWindow()
    return w


def test_menus_have_the_games_and_shortcuts(win):
    a = win.actions
    assert a["hotseat"].shortcut().toString() == "Ctrl+N"
    assert a["vsbot"].shortcut().toString() == "Ctrl+B"
    assert a["decks"].shortcut().toString() == "Ctrl+D"
    assert a["quit"].shortcut().toString() == "Ctrl+Q"
    assert win.state == "home"


def test_quick_game_vs_bot_opens_the_table(win):
    win.actions["quick"].trigger()
    assert win.state == "table"
    t = win.table
    assert t is not None and t.ctl.humans == ["you"]
    assert t.ctl.decision is not None  # the human's mulligan or first stop
    assert not t.curtain.isVisible()


def test_hotseat_game_starts_behind_the_hand_over_screen_when_bob_decides_first(win):
    t = win.start_game([("alice", RED), ("bob", GREEN)], 3, "bob", vs_bot=False, modal_errors=False)
    assert t.ctl.seat == "bob"
    assert t.curtain.isVisible()
    QTest.mouseClick(t.curtain.button, Qt.LeftButton)
    assert not t.curtain.isVisible()


def test_rematch_starts_a_new_game(win):
    t1 = win.start_game([("alice", RED), ("bot", GREEN)], 3, None, vs_bot=True, modal_errors=False)
    win.actions["rematch"].trigger()
    assert win.table is not t1 and win.state == "table"


def test_deck_builder_opens(win, qtbot):
    win.open_deck_builder()
    assert win.deck_windows, "the deck builder window opened"
    for w in win.deck_windows:
        KEEP.append(w)
        qtbot.addWidget(w)


def test_command_line_starts_and_quits():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    r = subprocess.run([sys.executable, "-m", "app.main", "--offscreen", "--quit-after", "1"], cwd=ROOT, env=env,
                       capture_output=True, timeout=120)
    assert r.returncode == 0, r.stderr


def test_screenshot_command(tmp_path):
    out = tmp_path / "shot.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    r = subprocess.run([sys.executable, "-m", "app.screenshot", "--demo", "--moves", "20", "--out", str(out)],
                       cwd=ROOT, env=env, capture_output=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert out.stat().st_size > 10000


def test_lan_lobby_opens_from_the_menu(qtbot):
    """Game → LAN game opens the lobby window (issue 7)."""
    from app.application import MainWindow
    from app.lobby.window import LobbyWindow
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    w.actions["lan"].trigger()
    lobbies = [x for x in w.deck_windows if isinstance(x, LobbyWindow)]
    assert lobbies and lobbies[0].isVisible()
    for x in lobbies:
        x.close()
