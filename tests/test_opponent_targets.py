"""602.3: a target an opponent chooses (Cuombajj Witches) is not part of the controller's activation answer."""
from __future__ import annotations

import pytest

from engine.cardpool import default_pool
from engine.errors import IllegalAction
from engine.scenario import Runner


def _game():  # noqa: ANN202
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Cuombajj Witches"]}, "bob": {"battlefield": ["Grizzly Bears"]}}},
        "steps": []}, default_pool())
    r.run()
    return r.g


def test_the_activation_option_lists_only_the_controllers_targets_602_3() -> None:
    """The priority option of the Witches' ability offers one target slot (the controller's); an answer
    built from it is legal and leaves the second target to bob."""
    g = _game()
    (opt,) = [o for o in g.pending.options if o.get("action") == "activate"]
    assert len(opt["targets"]) == 1 and opt["target_counts"] == [[1, 1]]
    g.submit("alice", {"action": "activate", "card": opt["card"], "ability": opt["ability"], "targets": ["bob"]})
    assert g.pending.player == "bob" and g.pending.kind == "choose_cards"


def test_the_controller_cannot_choose_the_opponents_target_602_3() -> None:
    """Naming both targets in the activation is refused, whatever else the answer says."""
    g = _game()
    (opt,) = [o for o in g.pending.options if o.get("action") == "activate"]
    before = g.state_key()
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "activate", "card": opt["card"], "ability": opt["ability"],
                           "targets": ["bob", "bob"], "opponent_targets": True})
    assert g.state_key() == before

