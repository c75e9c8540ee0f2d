"""Writers killed with kill -9 at random points leave every file whole (issue 22 item 7).

Each writer runs in a child process that writes one of two contents to the same file over
and over; the parent kills it (SIGKILL) after a random delay, 30 times per writer (seeded),
and checks that the file is exactly the old content or one of the new ones: never empty,
never cut. The same harness run on a plain ``Path.write_text`` writer finds cut files,
which shows that it can see them. Temporary files of the killed writers are removed by
``remove_stale_temps`` afterwards.
"""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from engine.atomicfile import remove_stale_temps

pytestmark = pytest.mark.slow        # 100 child processes: about 40 s on two cores

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "tests" / "fixtures" / "decks"
KILLS = 30


def kill_at_random(code: str, target: Path, seed: int, kills: int = KILLS) -> list[bytes]:
    """Run ``code`` (which prints "ready" and then writes ``target`` in a loop) ``kills``
    times, killing it at a random point each time; return the file's content after each kill."""
    rng = random.Random(seed)
    seen = []
    for _ in range(kills):
        child = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                                 env={**os.environ, "MANATABLE_DATA": str(target.parent)})
        assert child.stdout.readline().strip() == b"ready"
        child.stdout.close()
        try:
            child.wait(timeout=rng.uniform(0.0, 0.06))
        except subprocess.TimeoutExpired:
            pass
        child.send_signal(signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL
        seen.append(target.read_bytes())
    return seen


def check_whole(seen: list[bytes], whole: set[bytes], folder: Path) -> int:
    """Every content seen is a whole one; the killed writers' temporary files are removed.
    Returns how many kills struck in the middle of a write (a temporary file was left)."""
    cut = [len(s) for s in seen if s not in whole]
    assert cut == [], f"{len(cut)} of {len(seen)} files cut (sizes {cut})"
    removed = remove_stale_temps(folder)
    assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == []
    print(f"{len(seen)} kills, {len(removed)} in the middle of a write")
    return len(removed)


def struck_mid_write(code: str, target: Path, seed: int, whole: set[bytes], folder: Path) -> int:
    """Kill rounds until at least one kill struck in the middle of a write (on a loaded machine
    a round of 30 can miss every write); every file of every round must be whole."""
    hits = 0
    for r in range(4):
        hits += check_whole(kill_at_random(code, target, seed=seed + 1000 * r), whole, folder)
        if hits:
            break
    return hits


def test_the_harness_sees_cut_files_of_a_plain_writer(tmp_path):
    target = tmp_path / "plain.txt"
    a, b = "a" * 2_000_000, "b" * 1_500_000
    target.write_text(a)
    code = ("import pathlib\np = pathlib.Path(%r)\nprint('ready', flush=True)\n"
            "while True:\n    p.write_text(%r * 2000000)\n    p.write_text(%r * 1500000)\n" % (str(target), "a", "b"))
    seen = kill_at_random(code, target, seed=1, kills=10)
    assert any(s not in (a.encode(), b.encode()) for s in seen)


def test_deck_export_killed_30_times(tmp_path):
    from engine.decks.cli import main
    out = tmp_path / "deck.dek"
    cards = str(FIX / "cards.yaml")
    whole = set()
    for src in ("red.txt", "krenko.txt"):
        assert main(["--cards", cards, "convert", str(FIX / src), str(out)]) == 0
        whole.add(out.read_bytes())
    code = ("import io\nfrom engine.decks.cli import main\nprint('ready', flush=True)\n"
            "while True:\n"
            f"    for src in ('red.txt', 'krenko.txt'):\n"
            f"        main(['--cards', {cards!r}, 'convert', {str(FIX)!r} + '/' + src, {str(out)!r}], io.StringIO())\n")
    check_whole(kill_at_random(code, out, seed=22), whole, tmp_path)   # a small file: few kills mid-write


def test_save_game_killed_30_times(tmp_path):
    from test_savedgames import play

    from app.savedgames import document, write_game
    docs = [document(play(n, seed=n), ["alice", "bob"], []) for n in (150, 300)]
    target = tmp_path / "saved" / "game.json"
    whole = set()
    for d in docs:
        write_game(target, d)
        whole.add(target.read_bytes())
    (tmp_path / "docs.json").write_text(json.dumps(docs))
    code = ("import json\nfrom pathlib import Path\nfrom app.savedgames import write_game\n"
            f"docs = json.loads(Path({str(tmp_path / 'docs.json')!r}).read_text())\n"
            "print('ready', flush=True)\n"
            "while True:\n"
            f"    for d in docs:\n        write_game(Path({str(target)!r}), d)\n")
    assert struck_mid_write(code, target, 23, whole, target.parent) >= 1


def test_settings_killed_30_times(tmp_path, monkeypatch):
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path))
    from app.settings import save_settings, settings_path
    stops = [{f"player {i}": {"mine": ["upkeep", "draw"], "theirs": [f"step {j}" for j in range(20)]}
              for i in range(n)} for n in (300, 600)]
    whole = set()
    for s in stops:
        settings_path().unlink(missing_ok=True)
        save_settings({"stops": s})
        whole.add(settings_path().read_bytes())
    (tmp_path / "stops.json").write_text(json.dumps(stops))
    code = ("import json\nfrom pathlib import Path\nfrom app.settings import save_settings\n"
            f"stops = json.loads(Path({str(tmp_path / 'stops.json')!r}).read_text())\n"
            "print('ready', flush=True)\n"
            "while True:\n"
            "    for s in stops:\n        save_settings({'stops': s})\n")
    assert struck_mid_write(code, settings_path(), 24, whole, tmp_path) >= 1
