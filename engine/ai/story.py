"""``python -m engine.ai.story GAME.json... [--seat SEAT] [--level LEVEL]``

Reads a recorded game (``engine.ai.match --record DIR`` writes them; ``Game.to_json``) turn by
turn, for the one who studies how the AI lost (issue 18): at the start of each turn the life
totals (104.3a), the lands and the other permanents of each player (tapped ones marked, 302.6) and
every hand; then each answer that did something: a spell cast or an ability activated with its
targets (601.2c), the attackers (508.1) and blockers (509.1), a choice. Passes, empty declarations,
land plays (305.2) and the mulligans (103.4) are left out. With ``--seat`` and ``--level``, each
priority, attack or block answer of that seat that is not what the level's rule of thumb
(engine/ai/policy.py ``QuickPolicy``, reading as the level reads) answers in a determinization from
that seat is marked ``*`` with the rule of thumb's answer beside it: where its search left the rule
of thumb, the decisions to look at first. The last line names the winner.

A record holds every hand and library: it is the whole game, read after it is over. The AI itself
never reads one (engine/ai/player.py decides from its seat's view alone).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any, TextIO

from engine.ai.determinize import determinize
from engine.ai.levels import level
from engine.ai.policy import QuickPolicy
from engine.cardpool import CardPool, default_pool
from engine.game import CONCEDE, Game

_QUIET: tuple[dict[str, Any], ...] = ({"attackers": {}}, {"blockers": {}})


def named(g: Game, v: Any) -> Any:
    """``v`` (an answer, or a part of one) with each object id replaced by its card's name and id; JSON keys
    written as digits (a recorded answer's attackers and blockers) are ids too."""
    if isinstance(v, bool):
        return v
    if isinstance(v, str) and v.isdigit():
        v = int(v)
    if isinstance(v, int) and v in g.objects:
        return f"{g.objects[v].card.name}#{v}"
    if isinstance(v, list):
        return [named(g, x) for x in v]
    if isinstance(v, dict):
        return {named(g, k): named(g, x) for k, x in v.items()}
    return v


def _normal(a: Any) -> str:
    """An answer in one spelling (object ids as JSON writes them), to compare a recorded answer with a fresh one."""
    return json.dumps(json.loads(json.dumps(a)), sort_keys=True)


def _land(a: Any) -> bool:
    return isinstance(a, dict) and a.get("action") == "play"


def _quiet(a: Any) -> bool:
    return not isinstance(a, dict) or a.get("action") in ("pass", "play") or a in _QUIET


def turn_head(g: Game) -> list[str]:
    """The lines that open a turn: life, lands and the other permanents of each player, and each hand."""
    cs = g.all_chars()
    out = [f"T{g.turn} (active {g.active})"]
    for n in g.order:
        mine = [i for i in g.battlefield if cs[i].controller == n]
        lands = sum(1 for i in mine if "Land" in cs[i].types)
        rest = [g.objects[i].card.name + ("(T)" if g.objects[i].tapped else "") for i in mine
                if "Land" not in cs[i].types]
        hand = [g.objects[i].card.name for i in g.players[n].hand]
        out.append(f"  {n}: life {g.players[n].life}, {lands} lands, {rest}; hand {hand}")
    return out


def story(text: str, cards: CardPool, out: TextIO, seat: str | None = None, lvl: str | None = None) -> Game:
    """Prints the game of ``text`` (``Game.to_json``) to ``out``; returns the game at its end."""
    d = json.loads(text)
    answers = d.get("answers", [])
    g = Game.from_json(json.dumps({**d, "answers": []}), cards)
    quick = QuickPolicy(0, reads=level(lvl).reads) if lvl is not None else None
    rng = random.Random(0)
    shown = -1
    for player, ans in answers:
        if ans == CONCEDE:
            print(f"  {player} concedes", file=out)
            g.concede(player)
            continue
        d_ = g.pending
        if d_ is None:
            break
        if g.turn != shown:
            shown = g.turn
            print("\n".join(turn_head(g)), file=out)
        mark, rot = " ", None
        if quick is not None and player == seat and d_.forced is None and d_.kind in ("priority", "attackers",
                                                                                       "blockers"):
            q = quick.answer(determinize(g, player, rng, quick.reads), d_)
            if _normal(q) != _normal(ans) and not (_land(q) or _land(ans)):  # a land now or later: the same line
                mark, rot = "*", q
        if mark == "*" or (not _quiet(ans) and d_.kind not in ("mulligan", "mulligan_bottom")):
            line = f" {mark} {player} [{g.step}] {d_.kind}: {named(g, ans)}"
            if rot is not None:
                line += f"   (rule of thumb: {named(g, rot)})"
            print(line, file=out)
        g.submit(player, ans)
    print(f"winner {g.winner} after turn {g.turn}", file=out)
    return g


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.ai.story", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="+", type=Path)
    ap.add_argument("--seat", default=None, help="mark where this seat left its level's rule of thumb")
    ap.add_argument("--level", default=None, choices=["easy", "medium", "hard"])
    args = ap.parse_args(argv)
    if (args.seat is None) != (args.level is None):
        ap.error("--seat and --level go together")
    cards = default_pool()
    for p in args.games:
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        print(f"== {p}")
        story(text, cards, sys.stdout, args.seat, args.level)
    return 0


if __name__ == "__main__":
    sys.exit(main())
