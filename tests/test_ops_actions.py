"""Keyword actions of engine/ops/actions.py played with real cards.

The "action" op is in engine.ops.OPS like every op; engine/support.py counts a card with
one as supported only when its action name is in ACTIONS, so the scenarios run through
the ordinary runner.
"""
from __future__ import annotations

import pytest
import yaml

from engine import scenario as S
from engine.cardpool import default_pool
from engine.cards.abilities import Ability, CardDef, Effect
from engine.ops import OPS, actions
from engine.support import unsupported_reasons


@pytest.fixture()
def with_actions():
    """The action op is in the table, and support knows which actions are carried out."""
    assert OPS["action"] is actions.OPS["action"]
    card = CardDef(name="Test", mana_cost=(), types=("Sorcery",),
                   abilities=(Ability("spell", "x", effects=(Effect("action", {"name": "venture"}),)),))
    assert "action venture" in unsupported_reasons(card)


def run(text: str) -> None:
    sc = yaml.safe_load(text)
    S.Runner(sc, default_pool()).run()


def test_proliferate_atomize(with_actions):
    run("""
name: Atomize destroys, then proliferates the chosen permanents and players
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Swamp, Swamp, Forest, Forest, {name: Grizzly Bears, counters: {"+1/+1": 1}},
                    {name: Hill Giant, counters: {"-1/-1": 1}}]
      hand: [Atomize]
    bob:
      poison: 2
      battlefield: [Serra Angel]
steps:
  - {alice: cast, card: Atomize, targets: [Serra Angel]}
  - {resolve: 1}
  - {alice: choose, cards: [Grizzly Bears, bob]}
expect:
  graveyard: {bob: [Serra Angel]}
  players: {bob: {poison: 3}}
  objects:
    Grizzly Bears: {counters: {"+1/+1": 2}}
    Hill Giant: {counters: {"-1/-1": 1}}
""")


def test_amass_aven_eternal(with_actions):
    run("""
name: Aven Eternal amasses Zombies 1 twice - one Army grows
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Island, Island, Island, Island, Island, Island]
      hand: [{name: Aven Eternal, id: first}, {name: Aven Eternal, id: second}]
steps:
  - {alice: cast, card: first}
  - {resolve: all}
  - expect: {objects: {Zombie Army: {power: 1, toughness: 1, counters: {"+1/+1": 1}}}}
  - {alice: cast, card: second}
  - {resolve: all}
expect:
  battlefield: {alice: [Island, Island, Island, Island, Island, Island, Aven Eternal, Aven Eternal, Zombie Army]}
  objects:
    Zombie Army: {power: 2, toughness: 2, subtypes: [Zombie, Army], colors: [B]}
""")


def test_explore_cenote_scout_nonland(with_actions):
    run("""
name: Cenote Scout explores a nonland card - counter, and it may go to the graveyard
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Forest]
      hand: [Cenote Scout]
      library: [Shock, Forest]
steps:
  - {alice: cast, card: Cenote Scout}
  - {resolve: 1}
  - {resolve: 1}
  - {alice: choose, option: yes}
expect:
  graveyard: {alice: [Shock]}
  objects:
    Cenote Scout: {counters: {"+1/+1": 1}}
""")


def test_explore_cenote_scout_land(with_actions):
    run("""
name: Cenote Scout explores a land - it goes to hand, no counter
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Forest]
      hand: [Cenote Scout]
      library: [Forest, Shock]
steps:
  - {alice: cast, card: Cenote Scout}
  - {resolve: all}
expect:
  hand: {alice: [Forest]}
  objects:
    Cenote Scout: {counters: {"+1/+1": 0}}
""")


def test_adapt_aeromunculus(with_actions):
    run("""
name: Aeromunculus adapts once; a second activation does nothing
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Aeromunculus, Forest, Island, Forest, Island, Forest, Island, Forest, Island]
steps:
  - {alice: activate, card: Aeromunculus, ability: 1}
  - {resolve: 1}
  - {alice: activate, card: Aeromunculus, ability: 1}
  - {resolve: 1}
expect:
  objects:
    Aeromunculus: {counters: {"+1/+1": 1}, power: 3}
""")


def test_connive_echo_inspector(with_actions):
    run("""
name: Echo Inspector connives - discarding a nonland card gives it a counter
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Island, Island, Island, Island]
      hand: [Echo Inspector, Forest]
      library: [Shock]
steps:
  - {alice: cast, card: Echo Inspector}
  - {resolve: 1}
  - {resolve: 1}
  - {alice: choose, cards: [Shock]}
expect:
  hand: {alice: [Forest]}
  graveyard: {alice: [Shock]}
  objects:
    Echo Inspector: {counters: {"+1/+1": 1}}
""")


def test_populate_growing_ranks(with_actions):
    run("""
name: Growing Ranks populates at the beginning of its controller's upkeep
setup:
  active: bob
  step: end
  players:
    alice:
      battlefield: [Growing Ranks, {name: Grizzly Bears, token: true}]
      library: [Forest, Forest]
    bob:
      library: [Island]
steps:
  - {pass_until: upkeep}
  - {resolve: all}
expect:
  battlefield: {alice: [Growing Ranks, Grizzly Bears, Grizzly Bears]}
  objects:
    "Grizzly Bears#2": {token: true, power: 2}
""")
