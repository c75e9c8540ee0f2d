"""app.savedgames: saved games written whole under unique names, read by shape, replayed."""
from __future__ import annotations

import json
import time

import pytest

from app.savedgames import (SavedGameError, autosaves, document, new_autosave_path, new_save_path,
                            newest_unfinished, prune_autosaves, read_game, write_game)
from engine.bench import GREEN, RED
from engine.game import Game


def play(n: int, seed: int = 3) -> Game:
    """A game of ``n`` answers, each chosen by a seeded random bot."""
    from engine.ai.random_bot import RandomBot
    g, bot = Game.new([("alice", RED), ("bob", GREEN)], None, seed, play_first="alice"), RandomBot(seed)
    for _ in range(n):
        d = g.pending
        if d is None or g.over:
            break
        g.submit(d.player, bot.answer(d))
    return g


@pytest.fixture(scope="module")
def good_doc():
    return document(play(12), ["alice", "bob"], [])


def test_a_saved_game_comes_back_equal(tmp_path, good_doc):
    g = Game.from_json(json.dumps(good_doc["game"]))
    path = tmp_path / "g.json"
    write_game(path, good_doc)
    saved = read_game(path)
    assert saved.game.state_key() == g.state_key() and saved.humans == ["alice", "bob"]
    assert saved.describe().startswith(f"alice vs bob, turn {g.turn}, saved ")
    vs_bot = dict(good_doc, humans=["alice"], bots=["bob"])
    write_game(path, vs_bot)
    assert read_game(path).describe().startswith("alice vs bob (bot), turn ")


def test_two_saves_in_one_second_get_two_names(tmp_path, good_doc):
    names = []
    for _ in range(3):
        p = new_save_path(tmp_path)
        write_game(p, good_doc)
        names.append(p.name)
    assert len(set(names)) == 3
    stamp = names[0][:-5]
    if names[1].startswith(stamp):  # the same second (the clock may tick between two saves)
        assert names[1] == stamp + "-2.json"
    a, b = new_autosave_path(tmp_path), None
    write_game(a, good_doc)
    b = new_autosave_path(tmp_path)
    assert a != b and a.name.startswith("autosave-")


def _bad_docs(good: dict) -> list[tuple[str, str]]:
    game = good["game"]
    return [
        ("", "not JSON"),
        ("{not json", "not JSON"),
        ("\xff\xfe", "not UTF-8 text"),
        ("[1, 2]", "not a manatable saved game"),
        ("5", "not a manatable saved game"),
        (json.dumps({"manatable_saved_game": 2}), "not a manatable saved game"),
        (json.dumps({**good, "game": 5}), "no origin and answers"),
        (json.dumps({**good, "game": {"origin": [], "answers": []}}), "no origin and answers"),
        (json.dumps({**good, "game": {**game, "answers": "x"}}), "no origin and answers"),
        (json.dumps({**good, "humans": "alice"}), "'humans' must be a list of player names"),
        (json.dumps({**good, "humans": [5]}), "'humans' must be a list of player names"),
        (json.dumps({**good, "bots": {"b": 1}}), "'bots' must be a list of player names"),
        (json.dumps({**good, "humans": ["alice", "alice"]}), "names a player twice"),
        (json.dumps({**good, "humans": []}), "impossible seats: no human player"),
        (json.dumps({**good, "humans": ["alice", "carol"]}), "impossible seats: the seats bob, carol"),
        (json.dumps({**good, "humans": ["alice"], "bots": ["alice", "bob"]}), "alice is both"),
        (json.dumps({**good, "game": {**game, "origin": {"kind": "new"}}}), "does not replay (KeyError"),
        (json.dumps({**good, "game": {**game, "origin": {**game["origin"], "seed": [1]}}}), "does not replay"),
        (json.dumps({**good, "game": {**game, "origin": {**game["origin"], "players": [["alice", ["No Such Card"]] * 2]}}}),
         "does not replay"),
        (json.dumps({**good, "game": {**game, "answers": [["alice", {"action": "fly"}]]}}), "does not replay"),
        (json.dumps({**good, "game": {**game, "answers": [[1, 2, 3]]}}), "does not replay"),
        (json.dumps({**good, "game": {**game, "origin": {"kind": "setup", "setup": 5}}}), "does not replay"),
    ]


def test_bad_files_are_refused_in_one_line(tmp_path, good_doc):
    for i, (content, why) in enumerate(_bad_docs(good_doc)):
        path = tmp_path / f"bad{i}.json"
        path.write_bytes(content.encode("latin-1") if content == "\xff\xfe" else content.encode())
        with pytest.raises(SavedGameError) as e:
            read_game(path)
        msg = str(e.value)
        assert msg.startswith(f"{path} could not be resumed: ") and why in msg, (i, msg)
        assert "\n" not in msg
    with pytest.raises(SavedGameError, match="No such file"):
        read_game(tmp_path / "missing.json")
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(SavedGameError, match="Is a directory"):
        read_game(tmp_path / "dir.json")


def test_the_newest_unfinished_autosave_is_offered(tmp_path, good_doc):
    older, newer, over = (tmp_path / f"autosave-{n}.json" for n in ("1", "2", "3"))
    write_game(older, good_doc)
    time.sleep(0.01)
    write_game(newer, dict(good_doc, humans=["alice"], bots=["bob"]))
    time.sleep(0.01)
    write_game(over, dict(good_doc, over=True))
    time.sleep(0.01)
    (tmp_path / "autosave-4.json").write_text("{broken")
    saved, problems = newest_unfinished(tmp_path)
    assert saved.path == newer and saved.bots == ["bob"]
    assert len(problems) == 1 and "autosave-4.json could not be resumed: not JSON" in problems[0]
    assert autosaves(tmp_path)[0].name == "autosave-4.json"
    assert prune_autosaves(tmp_path, keep=1) == [over]             # finished games only
    assert sorted(p.name for p in autosaves(tmp_path)) == ["autosave-1.json", "autosave-2.json", "autosave-4.json"]
    assert newest_unfinished(tmp_path / "none") == (None, [])
