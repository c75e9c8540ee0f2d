"""Cards exiled face down by "exile all cards from your library face down" (Inverter of Truth, 406.3): no player
may look at them, their owner included (unlike hideaway's card, 702.74a, which its exiler may look at)."""
from __future__ import annotations

import json

import pytest
import yaml

from engine import knowledge
from engine import scenario as S
from engine.cardpool import default_pool
from engine.secrecy import audit, check_views

INVERTER = """
name: alice casts Inverter of Truth with three named cards in her library
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Swamp, Swamp, Swamp, Swamp]
      hand: [Inverter of Truth]
      library: [Llanowar Elves, Serra Angel, Shivan Dragon]
      graveyard: [Shock]
steps:
  - {alice: cast, card: Inverter of Truth}
  - {resolve: all}
"""


@pytest.fixture(scope="module")
def pool():
    return default_pool()


def test_the_library_exiled_face_down_is_named_to_no_seat(pool):
    r = S.Runner(yaml.safe_load(INVERTER), pool)
    with audit():
        r.run()
    g = r.g
    check_views(g)
    assert len(g.players["alice"].exile) == 3
    for player in ("alice", "bob"):
        seen = json.dumps([knowledge.redact(e, player) for e in g.events]) + json.dumps(g.view(player)["players"])
        for name in ("Serra Angel", "Shivan Dragon", "Llanowar Elves"):
            assert name not in seen, (player, name)
