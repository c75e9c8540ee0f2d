"""``python -m engine.ai.fit [--games N] [--seed S] [--decks bench samples]``

Fits the weights of the evaluation's terms (``engine.ai.evaluate.TERMS``) to who won (issue
18): it plays games of the rule of thumb against itself (a little random play mixed in, so
the positions vary), takes each seat's view at the start of every turn and of every second
main phase (505.1: where the searches judge positions), and fits a logistic regression of
the game's winner on those terms (Newton's method on the L2-regularized log loss); a term
the games never showed keeps its hand-tuned weight. The
games are played on each deck set given (``bench``, ``samples``). The
weights are scaled so the fitted evaluation spreads as much as the hand-tuned one over the
same positions (the search's margins, engine/ai/search.py, keep their meaning), and printed
as the ``FITTED`` tuple of engine/ai/evaluate.py.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
from typing import Any

from engine.ai.evaluate import TERMS, TUNED, features
from engine.ai.match import deck_pairs
from engine.ai.policy import QuickPolicy
from engine.cardpool import CardPool, default_pool
from engine.errors import IllegalAction
from engine.game import Game

Sample = tuple[list[float], float]  # a seat's terms, 1.0 when that seat won (0.0 when it lost)


def positions(cards: CardPool, deck_a: list[str], deck_b: list[str], seed: int, noise: float = 0.1,
              max_decisions: int = 5000) -> list[Sample]:
    """The samples of one game of the rule of thumb against itself (none for a draw)."""
    g = Game.new([("p1", deck_a), ("p2", deck_b)], cards, seed, play_first="p1" if seed % 2 else "p2")
    pol = {"p1": QuickPolicy(seed * 2 + 1, noise), "p2": QuickPolicy(seed * 2 + 2, noise)}
    seen: list[tuple[str, list[float]]] = []
    mark: tuple[int, str] | None = None
    n = 0
    while g.pending is not None and g.winner is None and n < max_decisions:
        d = g.pending
        at = (g.turn, g.step if g.step == "main2" else "")
        if at != mark:
            mark = at
            seen += [(s, features(g, s)) for s in g.order]
        try:
            g.submit(d.player, pol[d.player].answer(g, d))
        except IllegalAction:
            fb = d.forced if d.forced is not None else {"action": "pass"} if d.kind == "priority" \
                else pol[d.player].fallback.answer(d)
            try:
                g.submit(d.player, fb)
            except IllegalAction:
                break
        n += 1
    if g.winner not in g.players:
        return []
    return [(f, 1.0 if s == g.winner else 0.0) for s, f in seen]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c]:
                k = m[r][c] / m[c][c]
                m[r] = [x - k * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def logistic(xs: list[list[float]], ys: list[float], l2: float = 1.0, steps: int = 12) -> list[float]:
    """The weights ``w`` (no intercept: the terms are a seat's view, the data has both views)
    that maximize the likelihood of ``ys`` under P(win) = 1 / (1 + exp(-w.x)), with an L2
    penalty; the terms are standardized inside and the weights returned for the raw terms."""
    k = len(xs[0])
    sd = [statistics.pstdev([x[j] for x in xs]) or 1.0 for j in range(k)]
    zs = [[x[j] / sd[j] for j in range(k)] for x in xs]
    w = [0.0] * k
    for _ in range(steps):
        grad = [l2 * wj for wj in w]
        hess = [[l2 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for z, y in zip(zs, ys):
            t = sum(wj * zj for wj, zj in zip(w, z))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, t))))
            r = p - y
            q = p * (1.0 - p)
            for i in range(k):
                grad[i] += r * z[i]
                zi = q * z[i]
                if zi:
                    row = hess[i]
                    for j in range(i + 1):
                        row[j] += zi * z[j]
        for i in range(k):  # the Hessian is symmetric: only its lower half was summed
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = _solve(hess, grad)
        w = [wj - sj for wj, sj in zip(w, step)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return [wj / sd[j] for j, wj in enumerate(w)]


def accuracy(w: list[float] | tuple[float, ...], xs: list[list[float]], ys: list[float]) -> float:
    """How often the sign of ``w.x`` names the winner."""
    ok = sum(1 for x, y in zip(xs, ys) if (sum(a * b for a, b in zip(w, x)) > 0) == (y > 0.5))
    return ok / len(xs) if xs else 0.0


def fit(games: int, seed: int = 0, decks: list[str] | None = None, log: Any = None) -> dict[str, Any]:
    """``games`` games on each deck set of ``decks`` (``bench``, ``samples``; engine.ai.match)."""
    cards = default_pool()
    pairs = [p for spec in (decks or ["bench"]) for p in deck_pairs([spec], games)]
    train: list[Sample] = []
    test: list[Sample] = []
    for i, (a, b) in enumerate(pairs):
        (test if i % 5 == 4 else train).extend(positions(cards, a, b, seed + i))
        if log is not None and (i + 1) % 50 == 0:
            print(f"{i + 1} games, {len(train) + len(test)} positions", file=log, flush=True)
    xs, ys = [f for f, _y in train], [y for _f, y in train]
    w = logistic(xs, ys)
    tuned = [sum(a * b for a, b in zip(TUNED, x)) for x in xs]
    logit = [sum(a * b for a, b in zip(w, x)) for x in xs]
    scale = (statistics.pstdev(tuned) / statistics.pstdev(logit)) if statistics.pstdev(logit) else 1.0
    # a term the games never showed (a planeswalker, an enchantment, poison: none in the bench
    # decks) keeps its hand-tuned weight, in the units the scaling gave the fitted ones
    shown = [any(x[j] != xs[0][j] for x in xs) for j in range(len(TERMS))]
    fitted = [round(x * scale, 4) if ok else t for x, t, ok in zip(w, TUNED, shown)]
    tx, ty = [f for f, _y in test], [y for _f, y in test]
    return {"positions": len(xs), "held_out": len(tx), "weights": dict(zip(TERMS, fitted)),
            "accuracy": {"tuned": round(accuracy(TUNED, tx, ty), 4), "fitted": round(accuracy(fitted, tx, ty), 4)}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.ai.fit", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--decks", nargs="+", default=None, help="deck sets, each bench or samples (default: bench)")
    args = ap.parse_args(argv)
    r = fit(args.games, args.seed, args.decks, log=sys.stderr)
    print(f"{r['positions']} positions fitted, {r['held_out']} held out; the winner named on the held-out ones: "
          f"hand-tuned {r['accuracy']['tuned']}, fitted {r['accuracy']['fitted']}")
    print("FITTED = (" + ", ".join(repr(v) for v in r["weights"].values()) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
