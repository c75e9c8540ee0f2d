"""``python -m engine.bench_layers [--effects N] [--permanents M] [--decisions D] [--json]``:
the cost of continuous effects as they grow (issue 21, item 7).

A game at its first main phase gets M creatures and N active "until end of turn" effects
(613: layer 6 keyword grants, layer 7c pumps and layer 4 type changes, each on a handful of
them, the kind a repeated activation piles up); then the players pass priority D times.
A pass changes only the turn state, which no resolved effect reads (611.2c: its objects and
values are locked in), so the characteristics are kept (``Game.turn_state_changed``); after
any other change they are computed anew (613.1 with its 613.7 dependency order), which is
timed on its own D times (``compute_median_ms``). Reports milliseconds per decision, in
wall time and in this process's CPU time (the figure that holds on a machine shared with
other work).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time

from engine.actions import add_effect
from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.game import Game


def setup(cards: CardPool, effects: int, permanents: int, seed: int = 1) -> Game:
    """A game at priority with ``permanents`` creatures and ``effects`` timed effects."""
    g = Game.new([("p0", RED), ("p1", GREEN)], cards, seed, play_first="p0")
    while g.pending is not None and g.pending.kind != "priority":
        g.submit(g.pending.player, g.pending.forced or {"option": "keep"})
    r = random.Random(seed)
    ids = []
    for i in range(permanents):
        o = g._make("Grizzly Bears", g.order[i % 2], "battlefield")
        o.controller = o.owner
        g.ts += 1
        o.timestamp = g.ts
        g.battlefield.append(o.id)
        ids.append(o.id)
    for i in range(effects):
        objs = r.sample(ids, 3)
        kind = i % 3
        if kind == 0:
            add_effect(g, "7c", objs, None, power=1, toughness=1)
        elif kind == 1:
            add_effect(g, "6", objs, None, keywords=["Trample"])
        else:
            add_effect(g, "4", objs, None, kind="add_types", types=["Artifact"])
    g.changed()
    return g


def run(effects: int = 1000, permanents: int = 100, decisions: int = 40) -> dict[str, float]:
    cards = CardPool()
    g = setup(cards, effects, permanents)
    active = len(g.effects)
    g.chars(g.battlefield[-1])  # warm
    times, cpu = [], []
    for _ in range(decisions):
        d = g.pending
        if d is None or g.turn != 1:
            break  # the effects end at this turn's cleanup (514.2)
        t, c = time.perf_counter(), time.process_time()
        g.submit(d.player, d.forced if d.forced is not None else {"action": "pass"})
        g.chars(g.battlefield[-1])
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    times.sort()
    cpu.sort()
    full, full_cpu = [], []
    g = setup(cards, effects, permanents)
    for _ in range(decisions):  # a decision that changes the state: everything computed anew
        t, c = time.perf_counter(), time.process_time()
        g.changed()
        g.chars(g.battlefield[-1])
        full.append(time.perf_counter() - t)
        full_cpu.append(time.process_time() - c)
    full.sort()
    full_cpu.sort()

    def ms(xs: list[float], at: int) -> float:
        return round(1000 * xs[at], 3)
    return {"compute_median_ms": ms(full, len(full) // 2), "effects": active,
            "permanents": permanents, "decisions": len(times),
            "median_ms": ms(times, len(times) // 2), "max_ms": ms(times, -1),
            # CPU time of this process: what the numbers are on a machine shared with other work
            "cpu_compute_median_ms": ms(full_cpu, len(full_cpu) // 2), "cpu_median_ms": ms(cpu, len(cpu) // 2),
            "cpu_max_ms": ms(cpu, -1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bench_layers", description=__doc__)
    ap.add_argument("--effects", type=int, default=1000)
    ap.add_argument("--permanents", type=int, default=100)
    ap.add_argument("--decisions", type=int, default=40)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    out = run(a.effects, a.permanents, a.decisions)
    print(json.dumps(out) if a.json else
          f"{out['effects']} effects on {out['permanents']} permanents: {out['median_ms']} ms a decision "
          f"(median of {out['decisions']}, max {out['max_ms']} ms); characteristics computed anew: "
          f"{out['compute_median_ms']} ms; CPU time: {out['cpu_median_ms']} ms a decision (max "
          f"{out['cpu_max_ms']} ms), {out['cpu_compute_median_ms']} ms computed anew")
    return 0


if __name__ == "__main__":
    sys.exit(main())
