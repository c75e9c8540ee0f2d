"""An engine fault at the table (issue 21, item 4): the engine fails on an answer; the table
says so in a dialog of its own (not "Not allowed": the player did nothing wrong), the game is
as it was before the answer and goes on."""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")

from table_mouse import settle, show_table  # noqa: E402

from engine.ops import OPS  # noqa: E402
from engine.session import LocalSession  # noqa: E402
from engine.setup import from_setup  # noqa: E402

SETUP = {"active": "alice", "step": "main1", "players": {
    "alice": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"], "library": ["Forest"] * 5},
    "bob": {"library": ["Forest"] * 5}}}


def fails_once(real: Any) -> tuple[Any, list[bool]]:
    """``real``, except that its first call raises (an injected engine fault); and the flag that is
    true until that call."""
    armed = [True]

    def trap(*args: Any) -> Any:
        if armed[0]:
            armed[0] = False
            raise RuntimeError("injected fault")
        return real(*args)

    return trap, armed


@pytest.mark.parametrize("bob_answers", [False, True])
def test_an_engine_fault_is_a_dialog_and_the_game_goes_on(qtbot, tmp_path: Path, monkeypatch, bob_answers):
    """``bob_answers``: bob can respond (a Shock and a Mountain), so he passes by hand and his own
    answer fails; else the table passes for him (an automatic answer) and that fails."""
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path))
    trap, armed = fails_once(OPS["damage"])
    monkeypatch.setitem(OPS, "damage", trap)
    setup = copy.deepcopy(SETUP)
    if bob_answers:
        setup["players"]["bob"].update({"battlefield": ["Mountain"], "hand": ["Shock"]})
    g = from_setup(setup)
    w = show_table(qtbot, LocalSession(g), ["alice", "bob"])  # hotseat: the table answers for both

    def answer(a: dict[str, Any]) -> bool:
        settle(w)  # the hand-over screen, lifted by the next player
        assert w.ctl.seat == g.pending.player
        return w.ctl.submit(a)

    bolt = next(o.id for o in g.objects.values() if o.card.name == "Lightning Bolt")
    # alice has nothing else to do: the table passes for her; bob passes (by hand, or the table for
    # him), the Bolt resolves and its damage fails
    assert answer({"action": "cast", "card": bolt, "targets": [["bob"]]})
    if bob_answers:
        assert armed[0] and g.pending.player == "bob"
        assert not answer({"action": "pass"}), "the failed answer is not taken"
    assert not armed[0], "the Bolt never resolved"
    box = w.fault_box
    assert box is not None and box.isVisible() and box.windowTitle() == "Engine fault"
    assert "RuntimeError: injected fault" in box.text() and "put back" in box.text()
    assert w.status.text().startswith("Engine fault:") and "Not allowed" not in w.status.text()
    assert list((tmp_path / "bugs").glob("*.json")), "a bug report was written"
    # put back: the Bolt still on the stack, bob unhurt; bob, whose automatic pass failed, is handed
    # the seat to answer by hand; answered again, it resolves
    assert [g.objects[i].card.name for i in g.stack] == ["Lightning Bolt"] and g.players["bob"].life == 20
    assert g.pending.player == "bob" and w.ctl.seat == "bob"
    assert answer({"action": "pass"})
    assert g.players["bob"].life == 17 and not g.stack and g.pending is not None


def test_an_engine_fault_on_a_concession_is_a_dialog_and_the_player_can_concede_again(qtbot, tmp_path: Path,
                                                                                        monkeypatch):
    """A fault in what a concession sets off (the player leaving, 800.4a) is said in the fault dialog
    (not an exception out of the table); the player is still in the game, and conceding again works."""
    import engine.game
    from engine.bench import GREEN, RED
    from engine.game import Game
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path))
    trap, armed = fails_once(engine.game.leave)
    monkeypatch.setattr(engine.game, "leave", trap)
    g = Game.new([("alice", RED), ("bob", GREEN), ("carol", RED)], seed=3)
    w = show_table(qtbot, LocalSession(g), ["alice", "bob", "carol"])
    w.ctl.concede("carol")
    assert not armed[0]
    box = w.fault_box
    assert box is not None and box.isVisible() and "concession" in box.text() and "put back" in box.text()
    assert "carol" not in g.gone and list((tmp_path / "bugs").glob("*.json"))
    w.ctl.concede("carol")
    assert "carol" in g.gone and g.winner is None
