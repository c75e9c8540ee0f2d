"""The "you may" question names its source and says what it would do (608.2d), in the card's words."""
from __future__ import annotations

import yaml

from engine.cardpool import default_pool
from engine.scenario import Runner

SETUP = """
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Forest, Island]
      hand: [Growth Spiral, Plains]
      library: [Forest, Island]
steps:
  - {alice: cast, card: Growth Spiral}
  - {resolve: 1}
"""


def test_a_may_of_a_spell_asks_with_its_sentence() -> None:
    r = Runner(yaml.safe_load(SETUP), default_pool())
    r.run()
    d = r.g.pending
    assert d.kind == "choose_option" and d.options == ["yes", "no"]
    assert d.prompt == ("Growth Spiral: You may put a land card from your hand onto the battlefield. Do it?")
