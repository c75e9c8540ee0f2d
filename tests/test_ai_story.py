"""Reading a recorded game turn by turn (issue 18, engine/ai/story.py): where a seat left its rule of thumb."""
from __future__ import annotations

import io
import json

from engine.ai.policy import QuickPolicy
from engine.ai.story import main, story
from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.game import Game

POOL = CardPool()


def _game(skip_cast: bool) -> tuple[Game, int | None]:
    """A game of the rule of thumb (no reads, as ``easy`` plays) against itself for 150 answers;
    with ``skip_cast``, p1 passes the first time its rule of thumb casts a spell (601.2), once."""
    g = Game.new([("p1", list(RED)), ("p2", list(GREEN))], POOL, 5, play_first="p1")
    pols = {"p1": QuickPolicy(0), "p2": QuickPolicy(0)}
    skipped: int | None = None
    for _ in range(150):
        d = g.pending
        if d is None or g.winner is not None:
            break
        a = pols[d.player].answer(g, d)
        if skip_cast and skipped is None and d.player == "p1" and d.kind == "priority" and a.get("action") == "cast":
            skipped, a = g.turn, {"action": "pass"}
        g.submit(d.player, a)
    return g, skipped


def test_the_story_marks_where_the_seat_left_its_rule_of_thumb():
    g, skipped = _game(True)
    assert skipped is not None
    out = io.StringIO()
    end = story(g.to_json(), POOL, out, seat="p1", lvl="easy")
    text = out.getvalue()
    marked = [line for line in text.splitlines() if line.startswith(" * ")]
    # the one answer that was not the rule of thumb's: its pass, the cast beside it
    assert len(marked) == 1 and marked[0].startswith(" * p1 ")
    assert "'action': 'pass'" in marked[0] and "(rule of thumb: {'action': 'cast'" in marked[0]
    assert f"T{skipped} (active " in text
    assert end.turn == g.turn and len(end.answers) == len(g.answers)
    # the opponent's seat is not marked, and the same game played by the rule of thumb throughout has no mark
    out2 = io.StringIO()
    story(g.to_json(), POOL, out2, seat="p2", lvl="easy")
    assert not [line for line in out2.getvalue().splitlines() if line.startswith(" * ")]
    plain, _ = _game(False)
    out3 = io.StringIO()
    story(plain.to_json(), POOL, out3, seat="p1", lvl="easy")
    assert not [line for line in out3.getvalue().splitlines() if line.startswith(" * ")]
    # every turn opens with the life totals, and what was cast is named by its card
    assert text.count("(active ") == len({line for line in text.splitlines() if line.startswith("T")})
    assert "p1: life " in text and "'card': '" in text


def test_the_story_command_reads_a_file(tmp_path, capsys):
    g, _ = _game(False)
    p = tmp_path / "game.json"
    p.write_text(g.to_json(), encoding="utf-8")
    assert main([str(p)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"== {p}") and "T1 (active p1)" in out and out.rstrip().splitlines()[-1].startswith("winner")
    assert json.loads(p.read_text(encoding="utf-8"))["answers"]
    assert main([str(tmp_path / "missing.json")]) == 2
