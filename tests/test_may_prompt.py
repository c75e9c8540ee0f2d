"""The questions of a resolving spell or ability ("you may", "... or ...") name the source and quote its sentence
(608.2d)."""
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


def test_a_choice_between_instructions_quotes_the_sentence_with_or() -> None:
    r = Runner(yaml.safe_load("""
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Forest, Forest, Forest, Forest, Glorious Anthem]
      hand: [Essence Filter]
steps:
  - {alice: cast, card: Essence Filter}
  - {resolve: 1}
"""), default_pool())
    r.run()
    d = r.g.pending
    assert d.kind == "choose_option" and len(d.options) == 2
    assert d.prompt == "Essence Filter: Destroy all enchantments or all nonwhite enchantments. Which one?"
