"""Bug reports: what an engine fault needs to be replayed, written to the data folder.

A report is one JSON file in ``data_dir() / "bugs"``: the game's origin (decks and seed, or
a scenario setup), the answers before the fault, the answer that failed with its decision,
and the traceback. ``Game.from_json`` of ``{"version": 1, "origin", "answers"}`` rebuilds
the game just before the failing answer.
"""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from engine.atomicfile import WriteError, write_atomic
from engine.datadir import data_dir


def write(origin: dict[str, Any], answers: list[Any], decision: dict[str, Any], answer: Any,
          player: str, error: str, trace: str) -> Path | None:
    """Write a bug report; returns its path, or None when it could not be written (a full
    or read-only disk must not turn one fault into two)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    report = {"version": 1, "origin": origin, "answers": answers, "player": player,
              "decision": decision, "answer": answer, "error": error, "traceback": trace,
              "time": stamp}
    try:
        text = json.dumps(report, indent=1, default=repr)
    except (TypeError, ValueError):
        report["answer"] = repr(answer)
        text = json.dumps(report, indent=1, default=repr)
    folder = data_dir() / "bugs"
    for n in range(1000):
        path = folder / f"fault-{stamp}-{n}.json"
        if not path.exists():
            break
    try:
        write_atomic(path, text)
    except (WriteError, OSError):
        return None
    return path
