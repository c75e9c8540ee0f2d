"""'{1}{U}: Target player reveals the top card of their library.' (Aven Windreader, 701.13a): the card is shown to
every player, its owner and the other seat included, and stays on top of that library."""
from __future__ import annotations

import json

import pytest
import yaml

from engine import knowledge
from engine import scenario as S
from engine.cardpool import default_pool
from engine.secrecy import audit, check_views

WINDREADER = """
name: alice's Aven Windreader makes bob reveal the top card of his library
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Island, Island, Aven Windreader]
      library: [Plains, Plains]
    bob:
      library: [Shivan Dragon, Llanowar Elves]
steps:
  - {alice: activate, card: Aven Windreader, ability: 1, targets: [bob]}
  - {resolve: all}
"""


@pytest.fixture(scope="module")
def pool():
    return default_pool()


def test_the_top_card_is_revealed_to_every_player_and_stays_on_top(pool):
    r = S.Runner(yaml.safe_load(WINDREADER), pool)
    with audit():
        r.run()
    g = r.g
    check_views(g)
    top = g.players["bob"].library[0]
    assert g.objects[top].card.name == "Shivan Dragon"
    assert len(g.players["bob"].library) == 2
    for player in ("alice", "bob"):
        seen = json.dumps([knowledge.redact(e, player) for e in g.events])
        assert "Shivan Dragon" in seen, player
        assert "Llanowar Elves" not in seen, player  # only the top card is revealed
