"""Saved games and autosaves: written whole, named uniquely, read by shape. No Qt here.

A saved game is a JSON document: ``{"manatable_saved_game": 1, "game": <Game.to_json()>,
"humans": [...], "bots": [...], "saved": <ISO time>, "players": [...], "turn": N,
"over": bool}``; the last four only describe it (the game itself is replayed from its origin
and answers, DESIGN "a game is reproducible").

Every game on the table is autosaved after each answer into its own file
(``autosave-<when it started>.json`` in the ``saved`` folder), so starting a new game never
overwrites the autosave of another: the next start offers the newest unfinished one
(``newest_unfinished``). Files are written through engine.atomicfile (a killed save leaves
the old file or the new one) and read by ``read_game``, which checks the shape and the
seats and replays the game before anything is shown: a bad file is one SavedGameError line,
never a crash or a blank table.
"""
from __future__ import annotations

import datetime as _dt
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.atomicfile import write_atomic
from engine.datadir import data_dir
from engine.game import Game

__all__ = ["FORMAT", "KEEP_AUTOSAVES", "MAX_BYTES", "SavedGame", "SavedGameError", "saved_dir",
           "new_save_path", "new_autosave_path", "document", "write_game", "read_game",
           "autosaves", "newest_unfinished", "prune_autosaves"]

FORMAT = 1
KEEP_AUTOSAVES = 20          # older autosaves of finished games are pruned at start
MAX_BYTES = 64 * 2 ** 20     # a saved game of a few thousand answers is well under 1 MB


class SavedGameError(ValueError):
    """A saved game that cannot be resumed; ``str()`` is one line naming the file and why."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        self.path = Path(path)
        reason = " ".join(reason.split())             # one line, whatever the cause says
        self.reason = reason if len(reason) <= 300 else reason[:297] + "..."
        super().__init__(f"{self.path} could not be resumed: {self.reason}")


@dataclass
class SavedGame:
    """A saved game read back: the replayed game, who sits where, and when it was saved."""
    path: Path
    game: Any                 # engine.game.Game
    humans: list[str]
    bots: list[str]
    saved: _dt.datetime

    def describe(self) -> str:
        """"alice vs bob (bot), turn 7, saved 25 Nov 09:41": what the resume offer says."""
        names = [f"{n} (bot)" if n in self.bots else n for n in self.game.order]
        when = self.saved.astimezone().strftime("%d %b %H:%M")
        return f"{' vs '.join(names)}, turn {self.game.turn}, saved {when}"


def saved_dir() -> Path:
    """The folder of saved games and autosaves (not created here)."""
    return data_dir() / "saved"


def _stamp() -> str:
    return _dt.datetime.now().strftime("%Y%m%d-%H%M%S")


def _unique(folder: Path, stem: str) -> Path:
    path = folder / f"{stem}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    return path


def new_save_path(folder: Path | None = None) -> Path:
    """``game-YYYYmmdd-HHMMSS.json``, with ``-2``, ``-3`` ... when that name is taken."""
    return _unique(folder or saved_dir(), f"game-{_stamp()}")


def new_autosave_path(folder: Path | None = None) -> Path:
    """A fresh autosave file for a new game: another game's autosave is never reused."""
    return _unique(folder or saved_dir(), f"autosave-{_stamp()}")


def document(game: Any, humans: list[str], bots: list[str]) -> dict[str, Any]:
    """The saved-game document of a game on the table."""
    return {"manatable_saved_game": FORMAT, "game": json.loads(game.to_json()),
            "humans": list(humans), "bots": sorted(bots),
            "saved": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            "players": list(game.order), "turn": game.turn, "over": game.over}


def write_game(path: Path, doc: dict[str, Any]) -> None:
    """Write a saved game atomically; raises engine.atomicfile.WriteError (one line)."""
    write_atomic(path, json.dumps(doc))


def _names(doc: dict[str, Any], key: str, required: bool) -> list[str]:
    value = doc.get(key, [] if not required else None)
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ValueError(f"{key!r} must be a list of player names, not {json.dumps(value)[:60]}")
    if len(set(value)) != len(value):
        raise ValueError(f"{key!r} names a player twice")
    return value


def _saved_time(doc: dict[str, Any], path: Path) -> _dt.datetime:
    try:
        t = _dt.datetime.fromisoformat(doc["saved"])
        return t if t.tzinfo else t.replace(tzinfo=_dt.timezone.utc)
    except (KeyError, TypeError, ValueError):
        return _dt.datetime.fromtimestamp(path.stat().st_mtime, _dt.timezone.utc)


def read_game(path: str | os.PathLike[str]) -> SavedGame:
    """Read, check and replay a saved game. Raises SavedGameError (one line) for anything
    wrong: unreadable, not JSON, the wrong shape, impossible seats, a game that does not
    replay or cannot be shown to its players."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise SavedGameError(path, f"the file is larger than {MAX_BYTES // 2 ** 20} MB")
        raw = path.read_text(encoding="utf-8")
    except OSError as e:
        raise SavedGameError(path, e.strerror or str(e)) from None
    except UnicodeDecodeError:
        raise SavedGameError(path, "the file is not UTF-8 text") from None
    try:
        doc = json.loads(raw)
    except ValueError as e:
        raise SavedGameError(path, f"not JSON ({e})") from None
    try:
        if not isinstance(doc, dict) or doc.get("manatable_saved_game") != FORMAT:
            raise ValueError("not a manatable saved game")
        record = doc.get("game")
        if not (isinstance(record, dict) and isinstance(record.get("origin"), dict)
                and isinstance(record.get("answers"), list)):
            raise ValueError("the game record has no origin and answers")
        humans, bots = _names(doc, "humans", True), _names(doc, "bots", False)
    except ValueError as e:
        raise SavedGameError(path, str(e)) from None
    try:
        game = Game.from_json(json.dumps(record))
    except Exception as e:  # noqa: BLE001 - any damage to the record: the file is refused, not the app
        raise SavedGameError(path, f"the game does not replay ({type(e).__name__}: {e})") from None
    seats = list(game.order)
    problem = None
    if not humans:
        problem = "no human player"
    elif set(humans) & set(bots):
        problem = f"{sorted(set(humans) & set(bots))[0]} is both a human and a bot"
    elif set(humans) | set(bots) != set(seats):
        odd = sorted((set(humans) | set(bots)) ^ set(seats))
        problem = f"the seats {', '.join(odd)} do not match the game's players {', '.join(seats)}"
    if problem:
        raise SavedGameError(path, f"impossible seats: {problem}")
    try:
        for h in humans:
            game.view(h)
    except Exception as e:  # noqa: BLE001 - a game that cannot be shown is refused
        raise SavedGameError(path, f"the game cannot be shown ({type(e).__name__}: {e})") from None
    return SavedGame(path, game, humans, bots, _saved_time(doc, path))


def autosaves(folder: Path | None = None) -> list[Path]:
    """The autosave files, newest first (``autosave.json`` of older versions included)."""
    folder = folder or saved_dir()
    try:
        files = [p for p in folder.glob("autosave*.json") if p.is_file()]
        return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []


def _summary_over(path: Path) -> bool | None:
    """What the file says about the game being over, without replaying it (None: unknown)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    over = doc.get("over") if isinstance(doc, dict) else None
    return over if isinstance(over, bool) else None


def newest_unfinished(folder: Path | None = None) -> tuple[SavedGame | None, list[str]]:
    """The newest autosaved game that is not over, read and replayed; with the one-line
    problems of newer autosaves that could not be read (they are kept, not deleted)."""
    problems: list[str] = []
    for path in autosaves(folder):
        if _summary_over(path) is True:
            continue
        try:
            saved = read_game(path)
        except SavedGameError as e:
            problems.append(str(e))
            continue
        if not saved.game.over:
            return saved, problems
    return None, problems


def prune_autosaves(folder: Path | None = None, keep: int = KEEP_AUTOSAVES) -> list[Path]:
    """Delete the autosaves of finished games beyond the ``keep`` newest autosaves. An
    unfinished game's autosave is never deleted unasked (Discard in the resume offer does)."""
    removed = []
    for path in autosaves(folder)[keep:]:
        if _summary_over(path) is not True:
            continue
        try:
            path.unlink()
            removed.append(path)
        except OSError:
            pass
    return removed
