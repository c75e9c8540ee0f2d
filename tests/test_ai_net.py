"""The AI of a LAN seat (issue 18): it rebuilds a game from its view alone and plays legally."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from engine.ai.match import load_deck
from engine.ai.random_bot import RandomBot
from engine.ai.remote import ViewAI, rebuild
from engine.cardpool import CardPool
from engine.game import Game
from engine.state import Decision

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
POOL = CardPool()


def test_view_ai_plays_a_whole_game_from_views_only():
    """Every answer of the AI comes from ``view(seat)`` and the decision in it; none is illegal."""
    red, green = load_deck("red-aggro"), load_deck("green-stompy")
    g = Game.new([("me", red), ("them", green)], POOL, 3)
    ai = ViewAI("me", red, "medium", 40, 3, POOL)
    rb = RandomBot(3)
    n = 0
    while g.pending is not None and g.winner is None and n < 5000:
        d = g.pending
        n += 1
        if d.player == "me":
            v = g.view("me")
            g.submit("me", ai.decide(v, Decision(**v["pending"])))  # an illegal answer raises
        else:
            try:
                g.submit("them", rb.answer(d))
            except Exception:  # noqa: BLE001 - the random bot's illegal tries are its own
                g.submit("them", d.forced if d.forced is not None else {"action": "pass"})
    assert g.winner is not None
    assert ai.searched > 10 and ai.quick > 10


def test_rebuilt_game_holds_the_view_and_no_hidden_card():
    red, green = load_deck("red-aggro"), load_deck("green-stompy")
    g = Game.new([("me", red), ("them", green)], POOL, 4, play_first="me")
    rb = RandomBot(1)
    while not (g.turn >= 5 and g.step == "main1" and g.pending.player == g.active and not g.stack):
        d = g.pending
        try:
            g.submit(d.player, rb.answer(d))
        except Exception:  # noqa: BLE001
            g.submit(d.player, d.forced if d.forced is not None else {"action": "pass"})
    v = g.view("me")
    r = rebuild(v, "me", red, POOL, random.Random(0))
    h = r.game
    assert sorted(h.objects[i].card.name for i in h.battlefield) == sorted(c["name"] for c in v["battlefield"])
    assert [h.objects[i].card.name for i in h.players[r.local("me")].hand] == [c["name"] for c in v["players"]["me"]["hand"]]
    theirs = h.players[r.local("them")]
    assert len(theirs.hand) == v["players"]["them"]["hand_count"] and len(theirs.library) == v["players"]["them"]["library"]
    # their rebuilt hidden cards come only from what they have shown (or basic lands)
    shown = {c["name"] for c in v["battlefield"] if c["owner"] == "them"} | \
        {c["name"] for c in v["players"]["them"]["graveyard"] + v["players"]["them"]["exile"]}
    basics = {"Plains", "Island", "Swamp", "Mountain", "Forest"}
    assert {h.objects[i].card.name for i in theirs.hand + theirs.library} <= shown | basics


def test_net_bot_with_the_ai_plays_a_lan_game(tmp_path):
    srv = subprocess.Popen([PY, "-m", "engine.net.server", "--host", "127.0.0.1", "--port", "0",
                            "--data", str(tmp_path / "data"), "--rate", "1000"],
                           cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    procs = [srv]
    try:
        line = srv.stdout.readline()
        assert line.startswith("listening on"), line
        port = int(line.strip().rsplit(":", 1)[1])
        common = ["--server", f"127.0.0.1:{port}"]
        h = subprocess.Popen([PY, "-m", "engine.net.bot", *common, "--host-game", "--ai", "medium", "--think", "50",
                              "--deck", str(ROOT / "assets/decks/red-aggro.txt"), "--seed", "1"],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        procs.append(h)
        first = h.stdout.readline()
        assert first.startswith("code: "), first
        g = subprocess.Popen([PY, "-m", "engine.net.bot", *common, "--code", first.split()[1],
                              "--deck", str(ROOT / "assets/decks/green-stompy.txt"), "--seed", "2"],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        procs.append(g)
        outs = [p.communicate(timeout=240)[0].strip().splitlines()[-1] for p in (h, g)]
        assert outs[0] == outs[1] and outs[0] in ("result: host wins", "result: guest wins", "result: draw"), outs
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
