"""Target rules checked on what the engine answers (CR 601.2c, 114): the chosen targets are
announced slot by slot, and a set of them with the wrong number of slots is refused."""
from __future__ import annotations

import pytest

from engine.cardpool import default_pool
from engine.errors import IllegalAction
from engine.scenario import Runner
from engine.targets import check_targets, spell_ability


def test_targets_for_the_wrong_number_of_slots_are_refused_601_2c() -> None:
    """601.2c: the player announces the targets of each target slot the spell has; a choice
    naming fewer or more slots than it has is no legal announcement."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"hand": ["Shock"]}, "bob": {"battlefield": ["Grizzly Bears"]}}}, "steps": []}, default_pool())
    r.run()
    g = r.g
    (shock,) = g.players["alice"].hand
    src = g.objects[shock]
    ab = spell_ability(src.card)
    assert ab is not None and len(ab.targets) == 1
    check_targets(g, ab.targets, [["bob"]], src, "alice")
    with pytest.raises(IllegalAction, match=r"^Shock needs 1 target slot\(s\), got 2"):
        check_targets(g, ab.targets, [["bob"], ["alice"]], src, "alice")
    with pytest.raises(IllegalAction, match=r"^Shock needs 1 target slot\(s\), got 0"):
        check_targets(g, ab.targets, [], src, "alice")
