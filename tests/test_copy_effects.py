"""Copy effects on permanents (CR 706.2, 706.4, 613.1a; engine/layers.py copy_layer): the card a
permanent shows follows the copy effects on it, in every branch of the game on its own."""
from __future__ import annotations

import pytest
import yaml

from engine import scenario as S
from engine.cardpool import default_pool
from engine.game import Game

CYTOSHAPE = """
name: Cytoshape on Shivan Dragon
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Forest, Island, Island, {name: Shivan Dragon, id: dragon}]
      hand: [Cytoshape]
      library: [Island, Island]
    bob:
      battlefield: [{name: Elvish Visionary, id: elf}]
      library: [Forest, Forest]
steps:
  - {alice: cast, card: Cytoshape, targets: [dragon]}
  - {resolve: 1}
  - {alice: choose, cards: [elf]}
"""


@pytest.fixture(scope="module")
def pool():
    return default_pool()


def _run(pool) -> tuple[Game, int]:
    r = S.Runner(yaml.safe_load(CYTOSHAPE), pool)
    r.run()
    return r.g, r.ref("dragon")


def test_the_copy_ends_in_one_branch_only(pool):
    g, dragon = _run(pool)
    assert g.objects[dragon].card.name == "Elvish Visionary"
    branch = g.copy()
    branch.effects = [e for e in branch.effects if e["layer"] != "1"]  # the copy effect ends there (514.2)
    branch.changed()
    assert branch.objects[dragon].card.name == "Shivan Dragon"
    assert branch.chars(dragon).power == 5 and not branch.objects[dragon].is_copy
    # the game it was copied from is untouched: still a copy until its own cleanup
    assert g.objects[dragon].card.name == "Elvish Visionary"
    assert g.chars(dragon).power == 1 and g.objects[dragon].is_copy


def test_a_replay_gives_the_same_copy(pool):
    g, dragon = _run(pool)
    again = Game.from_json(g.to_json(), pool)
    assert again == g
    assert again.objects[dragon].card.name == "Elvish Visionary"
