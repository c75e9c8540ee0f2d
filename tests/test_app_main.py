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
    a = win.menu_actions
    assert a["hotseat"].shortcut().toString() == "Ctrl+N"
    assert a["vsbot"].shortcut().toString() == "Ctrl+B"
    assert a["decks"].shortcut().toString() == "Ctrl+D"
    assert a["quit"].shortcut().toString() == "Ctrl+Q"
    assert win.state == "home"


def test_quick_game_vs_bot_opens_the_table(win):
    win.menu_actions["quick"].trigger()
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
    win.menu_actions["rematch"].trigger()
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
    r = subprocess.run([sys.executable, "-m", "app.screenshot", "--moves", "20", "--out", str(out)],
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
    w.menu_actions["lan"].trigger()
    lobbies = [x for x in w.deck_windows if isinstance(x, LobbyWindow)]
    assert lobbies and lobbies[0].isVisible()
    for x in lobbies:
        x.close()


def test_save_and_resume_a_game(qtbot, tmp_path):
    """Issue 5, item 7: a game saved as its origin and answers comes back exactly, and an
    autosave after every answer means a crash loses nothing."""
    import json

    from app.application import MainWindow
    from engine.bench import GREEN, RED
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    w.start_game([("alice", RED), ("bob", GREEN)], 11, "alice", vs_bot=True, modal_errors=False)
    g = w.session.game
    for _ in range(6):
        d = g.pending
        if d is None or d.player != "alice":
            break
        w.session.submit("alice", d.forced if d.forced is not None else
                         ({"option": "keep"} if d.kind == "mulligan" else {"action": "pass"}))
    assert len(g.answers) > 0
    auto = w.autosave_path
    assert auto.parent == w.saved_dir() and auto.name.startswith("autosave-")
    assert json.loads(auto.read_text())["game"]["answers"] == json.loads(g.to_json())["answers"]
    path = w.save_game(tmp_path / "g.json")
    before = g.state_key()
    from engine.game import Game
    saved = json.loads(path.read_text())["game"]
    assert Game.from_json(json.dumps(saved)).state_key() == before
    w.resume_game(path)
    # the table is back on the resumed game (its controller may auto-pass from there on)
    assert w.session.game is not g and w.state == "table"
    assert w.session.game.answers[:len(saved["answers"])] == saved["answers"]
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    from PySide6.QtWidgets import QMessageBox
    import unittest.mock as um
    with um.patch.object(QMessageBox, "warning") as warn:
        assert w.resume_game(bad) is None
    assert "could not be resumed" in warn.call_args[0][2]


def test_first_start_builds_the_card_database(tmp_path):
    """Issue 2/8: on first start the card database is built (with a progress window) into
    the data folder; --build-db-and-exit does just that."""
    import os
    import subprocess
    import sys
    env = dict(os.environ, MANATABLE_DATA=str(tmp_path))
    r = subprocess.run([sys.executable, "-m", "app", "--offscreen", "--build-db-and-exit"], env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    from engine.cards.db import CardDatabase
    db = CardDatabase(tmp_path / "cards.sqlite3")
    assert db.stats().cards >= 34000 and db.get("Lightning Bolt") is not None
    db.close()


def test_new_game_dialog_is_the_designer_form_and_starts_the_game(win, qtbot):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox
    seen = {}

    def fill() -> None:
        dlg = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible())
        seen["class"] = dlg.objectName()
        dlg.ui.name1.setText("ann")
        dlg.ui.name2.setText("ben")
        dlg.ui.first.setCurrentIndex(2)  # player 2 starts
        dlg.ui.seed.setValue(11)
        QTest.mouseClick(dlg.ui.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)

    QTimer.singleShot(0, fill)
    win.menu_actions["hotseat"].trigger()  # Ctrl+N: the dialog runs its own loop until OK
    assert seen["class"] == "NewGameDialog", "built from ui_forms/new_game.ui"
    assert win.state == "table"
    assert win.last_game["seed"] == 11 and win.last_game["play_first"] == "ben"
    assert [n for n, _ in win.last_game["decks"]] == ["ann", "ben"]
    assert win.table.curtain.ui.__class__.__name__ == "Ui_Curtain", "the hand-over screen is ui_forms/curtain.ui"


def test_coin_flip_winner_chooses_who_plays_first_and_the_loser_chooses_in_a_rematch(win):
    from PySide6.QtWidgets import QApplication
    t = win.start_game([("alice", RED), ("bob", GREEN)], 5, None, vs_bot=False, modal_errors=False)
    if t.curtain.isVisible():
        QTest.mouseClick(t.curtain.button, Qt.LeftButton)
    d = t.ctl.decision
    assert d.kind == "play_first"
    chooser = d.player
    other = "bob" if chooser == "alice" else "alice"
    assert any(line.startswith(f"{chooser} wins the coin flip") for line in t.ctl.log_lines)
    QApplication.processEvents()
    QTest.mouseClick(t.prompt.buttons[f"play_first:{other}"], Qt.LeftButton)
    assert win.session.game.starting == other
    assert f"{chooser} chooses: {other} plays first" in t.ctl.log_lines
    t.ctl.concede()  # the shown seat concedes: the other player wins
    loser = t.ctl.seat
    win.menu_actions["rematch"].trigger()
    t2 = win.table
    if t2.curtain.isVisible():
        QTest.mouseClick(t2.curtain.button, Qt.LeftButton)
    assert t2.ctl.decision.kind == "play_first" and t2.ctl.decision.player == loser


def test_start_up_leaves_the_lazy_screens_unloaded():
    """The main window comes up before the table, the dialogs, the lobby, the deck builder and
    the AI seat are imported (app.lazy loads them on first use; the warm-up, just after start)."""
    from app import lazy
    code = ("import sys, app.application\n"
            f"print(sorted(m for m in {sorted(set(lazy.WHERE.values()))!r} if m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]", f"imported at start: {r.stdout}"


def test_the_lazy_names_are_their_modules_names():
    """Each name of app.lazy is the object its module defines, and ``__all__`` lists them all."""
    import importlib

    from app import lazy
    assert sorted(lazy.__all__) == sorted(lazy.WHERE)
    for name, module in lazy.WHERE.items():
        assert getattr(lazy, name) is getattr(importlib.import_module(module), name), name
    with pytest.raises(AttributeError):
        lazy.NoSuchScreen  # noqa: B018
