"""The data folder never loses a game (issue 22): a crashed game is offered at the next
start and resumes to the same state; a new game never overwrites it; a failed autosave or
save is one message and play goes on; no settings file or saved game crashes the app."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from app.application import MainWindow  # noqa: E402
from engine.bench import GREEN, RED  # noqa: E402
from engine.game import Game  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TEST_DB = ROOT / ".test-data" / "cards.sqlite3"
KEEP = []

# A hotseat game played by a child process, which then kills itself (kill -9) mid-game.
CRASH = """
import json, os, signal, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from app.application import MainWindow
from engine.bench import GREEN, RED
w = MainWindow()
w.show()
w.start_game([("alice", RED), ("bob", GREEN)], 5, "alice", vs_bot=False, modal_errors=False)
from engine.ai.random_bot import RandomBot
g, bot = w.session.game, RandomBot(7)
for _ in range(int(sys.argv[1])):
    d = g.pending
    w.session.submit(d.player, bot.answer(d))
print(json.dumps({"game": g.to_json(), "autosave": str(w.autosave_path)}), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path))
    return tmp_path


def window(qtbot) -> MainWindow:
    w = MainWindow()
    KEEP.append(w)
    qtbot.addWidget(w)
    w.show()
    return w


def click_in_offer(label: str, seen: list[str]) -> None:
    """Click the button ``label`` of the resume offer once it is up (a real mouse click)."""
    def go() -> None:
        box = next((b for b in QApplication.topLevelWidgets()
                    if isinstance(b, QMessageBox) and b.objectName() == "resumeOffer" and b.isVisible()), None)
        if box is None:
            QTimer.singleShot(20, go)
            return
        seen.append(box.text())
        button = next(b for b in box.buttons() if b.text() == label)
        QTest.mouseClick(button, Qt.LeftButton)
    QTimer.singleShot(0, go)


def crash(data: Path, answers: int) -> dict:
    env = dict(os.environ, MANATABLE_DATA=str(data), QT_QPA_PLATFORM="offscreen")
    r = subprocess.run([sys.executable, "-c", CRASH, str(answers)], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == -9, r.stderr
    return json.loads(r.stdout)


def step(w: MainWindow, n: int) -> None:
    """``n`` answers on the table's game, each chosen by a seeded random bot."""
    from engine.ai.random_bot import RandomBot
    g, bot = w.session.game, RandomBot(len(w.session.game.answers))
    for _ in range(n):
        d = g.pending
        w.session.submit(d.player, bot.answer(d))


def test_a_crashed_game_is_offered_and_resumes_to_the_same_state(qtbot, data):
    before = crash(data, 40)
    auto = Path(before["autosave"])
    assert auto.parent == data / "saved" and auto.name.startswith("autosave-")
    crashed = Game.from_json(before["game"])
    from app.savedgames import read_game
    assert read_game(auto).game.state_key() == crashed.state_key()   # the autosave is the last answer's
    w = window(qtbot)
    seen: list[str] = []
    click_in_offer("Resume", seen)
    w.offer_resume()
    assert seen and "A game was not finished:\nalice vs bob, turn " in seen[0]
    assert f"turn {crashed.turn}, saved " in seen[0]
    # on the table again: the same answers (its controller may auto-pass from there on)
    assert w.state == "table" and w.session.game.answers[:len(crashed.answers)] == crashed.answers
    assert w.autosave_path == auto                      # the resumed game goes on in its own file
    step(w, 2)
    assert json.loads(auto.read_text())["game"]["answers"] == json.loads(w.session.game.to_json())["answers"]


def test_a_new_game_never_overwrites_the_offered_autosave(qtbot, data):
    before = crash(data, 30)
    auto = Path(before["autosave"])
    kept = auto.read_bytes()
    w = window(qtbot)
    seen: list[str] = []
    click_in_offer("Later", seen)
    assert w.offer_resume() is None and seen and w.state == "home"
    w.start_game([("carol", RED), ("dave", GREEN)], 9, "carol", vs_bot=False, modal_errors=False)
    step(w, 6)
    assert auto.read_bytes() == kept                    # the crashed game is still there, whole
    assert w.autosave_path != auto and w.autosave_path.is_file()
    # the crashed game still resumes whole; the next start offers the newest unfinished
    # game (now the new one), and Discard deletes that one only
    from app.savedgames import read_game
    assert read_game(auto).game.state_key() == Game.from_json(before["game"]).state_key()
    w2 = window(qtbot)
    click_in_offer("Discard", seen)
    w2.offer_resume()
    assert "carol vs dave, turn " in seen[-1]
    assert not w.autosave_path.exists() and auto.exists()


def test_a_failed_autosave_is_one_message_and_the_table_goes_on(qtbot, data, capsys):
    w = window(qtbot)
    w.start_game([("alice", RED), ("bob", GREEN)], 5, "alice", vs_bot=False, modal_errors=False)
    w.autosave_path = data / "saved" / "blocked.json"
    w.autosave_path.mkdir(parents=True)                 # a folder where the file should be
    step(w, 12)
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if "autosave failed" in ln]
    assert lines == [f"manatable: autosave failed: could not write {w.autosave_path}: Is a directory"]
    assert w.statusBar().currentMessage().startswith("Autosave failed: could not write ")
    assert w.table.ctl.view()["turn"] == w.session.game.turn         # the table follows the game
    assert len(w.session.game.answers) >= 12
    w.autosave_path.rmdir()
    step(w, 1)
    assert w.statusBar().currentMessage() == "Autosave works again." and w.autosave_path.is_file()


def test_save_game_failures_and_bad_files_are_one_message(qtbot, data, monkeypatch):
    w = window(qtbot)
    w.start_game([("alice", RED), ("bob", GREEN)], 5, "alice", vs_bot=False, modal_errors=False)
    step(w, 4)
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: warnings.append(text))
    (data / "dir.json").mkdir()
    assert w.save_game(data / "dir.json") is None
    assert warnings == [f"The game was not saved: could not write {data / 'dir.json'}: Is a directory"]
    a, b = w.save_game(), w.save_game()
    assert a != b and a.is_file() and b.is_file()
    table = w.table
    doc = json.loads(a.read_text())
    for i, bad in enumerate(["{", "[]", json.dumps({**doc, "humans": ["zed"]}),
                             json.dumps({**doc, "humans": ["alice"], "bots": ["alice"]}),
                             json.dumps({**doc, "game": {"origin": {"kind": "new"}, "answers": []}})]):
        p = data / f"bad{i}.json"
        p.write_text(bad)
        assert w.resume_game(p) is None
        assert warnings[-1].startswith(f"{p} could not be resumed: ") and "\n" not in warnings[-1]
    assert w.table is table and w.state == "table"      # the game on the table stays
    assert len(warnings) == 6


def _app(data: Path, settings: str | None, seconds: float = 1.5) -> subprocess.CompletedProcess:
    data.mkdir(exist_ok=True)
    if not (data / "cards.sqlite3").exists():
        (data / "cards.sqlite3").symlink_to(TEST_DB)
    if settings is not None:
        (data / "settings.json").write_text(settings)
    env = dict(os.environ, MANATABLE_DATA=str(data), QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "-m", "app.main", "--offscreen", "--quit-after", str(seconds)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("settings, said", [
    ('{"card_images": 5}', "card_images should be a folder name, not 5"),
    ('{"card_images": ["a"], "stops": 3, "recent_servers": {"x": 1}, "extra": 1}', "stops should be"),
    ('{"stops": {"alice": {"mine": "upkeep"}}}', "the stops of 'alice' should be two lists"),
    ("[1, 2, 3]", "should be a JSON object"),
    ("\x00\x01garbage", "is not JSON"),
])
def test_the_app_starts_with_any_settings_file_and_says_what_it_ignored(tmp_path, settings, said):
    TEST_DB.parent.mkdir(exist_ok=True)
    from engine.cards.db import open_db
    open_db(TEST_DB).close()                              # built once for the suite
    r = _app(tmp_path / "data", settings)
    assert r.returncode == 0, r.stderr
    assert said in r.stderr and "Traceback" not in r.stderr


PLAY_ON = """
import resource, sys
limit = int(sys.argv[1])
if limit:
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
from PySide6.QtWidgets import QApplication, QMessageBox
app = QApplication([])
QMessageBox.warning = lambda parent, title, text: print("warning:", text)
from app.application import MainWindow, tidy_data_folder
from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED
tidy_data_folder()
w = MainWindow()
w.show()
w.start_game([("alice", RED), ("bob", GREEN)], 5, "alice", vs_bot=False, modal_errors=False)
g, bot = w.session.game, RandomBot(3)
for _ in range(30):
    d = g.pending
    w.session.submit(d.player, bot.answer(d))
    app.processEvents()
print("answers:", len(g.answers), "table turn:", w.table.ctl.view()["turn"] == g.turn)
print("saved:", w.save_game())
print("status:", w.statusBar().currentMessage())
"""


def _play_on_lines(r: subprocess.CompletedProcess) -> list[str]:
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    return [ln for ln in r.stdout.splitlines() if ln]


def test_a_read_only_data_folder_costs_one_message_and_play_goes_on():
    from unwritable import read_only_folder, run_read_only
    with read_only_folder() as folder:
        (folder / "cards.sqlite3").symlink_to(TEST_DB)
        code = PLAY_ON.replace("int(sys.argv[1])", "0")
        r = run_read_only(code, folder)
        out = _play_on_lines(r)
        auto_err = [ln for ln in r.stderr.splitlines() if "autosave failed" in ln]
        assert len(auto_err) == 1 and f"could not write {folder / 'saved'}" in auto_err[0]
        assert out[0] == "answers: 30 table turn: True"
        assert out[1].startswith(f"warning: The game was not saved: could not write {folder / 'saved'}")
        assert out[2:] == ["saved: None", out[3]] and out[3].startswith("status: Autosave failed: ")
        assert sorted(p.name for p in folder.iterdir()) == ["cards.sqlite3"]


def test_a_full_disk_costs_one_message_and_keeps_no_cut_files(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "cards.sqlite3").symlink_to(TEST_DB)
    env = dict(os.environ, MANATABLE_DATA=str(data), QT_QPA_PLATFORM="offscreen")
    r = subprocess.run([sys.executable, "-c", PLAY_ON, "1000"], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=300)
    out = _play_on_lines(r)
    auto_err = [ln for ln in r.stderr.splitlines() if "autosave failed" in ln]
    assert len(auto_err) == 1 and auto_err[0].endswith(": File too large")
    assert out[0] == "answers: 30 table turn: True"
    assert out[1].startswith("warning: The game was not saved: could not write ") and out[1].endswith("File too large")
    assert [p.name for p in (data / "saved").iterdir()] == []          # no cut file, no temp left


def test_opening_a_deck_from_a_read_only_folder_writes_nothing():
    """The deck builder saves on every change; opening a deck is no change (issue 22 item 4)."""
    from unwritable import read_only_folder, run_read_only

    from engine.decks import Deck
    from engine.decks.store import DeckStore
    with read_only_folder() as folder:
        (folder / "cards.sqlite3").symlink_to(TEST_DB)
        s = DeckStore(folder / "decks.sqlite")
        i = s.save(Deck(name="Red", main={"Lightning Bolt": 4, "Mountain": 20}), format="casual")
        s.close()
        before = (folder / "decks.sqlite").read_bytes()
        code = ("from PySide6.QtWidgets import QApplication\napp = QApplication([])\n"
                "from app.decks.window import DeckBuilderWindow\nfrom engine.cards.db import open_db\n"
                "from engine.decks.store import DeckStore\n"
                "w = DeckBuilderWindow(open_db(), DeckStore(), None, format_name='casual')\n"
                f"w.load_deck({i})\nprint(w.deck.main_count, w.deck_id)\n")
        r = run_read_only(code, folder)
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
        assert r.stdout.split() == ["24", str(i)]
        assert (folder / "decks.sqlite").read_bytes() == before
        assert sorted(p.name for p in folder.iterdir()) == ["cards.sqlite3", "decks.sqlite"]
