"""Keyword actions of engine/ops/actions.py played with real cards.

The "action" op is registered only once engine/support.py checks action names (see
engine/ops/actions.py); here it is registered for the test, and support is told that
the actions of ACTIONS are executed, so the scenarios run through the ordinary runner.
"""
from __future__ import annotations

import pytest
import yaml

from engine import scenario as S
from engine.cardpool import default_pool
from engine.effects import OPS
from engine.ops import actions


@pytest.fixture()
def with_actions(monkeypatch):
    monkeypatch.setitem(OPS, "action", actions._action)
    real = S.unsupported_reasons

    def reasons(d):
        out = real(d)
        names = set()

        def walk(x):
            from engine.cards.abilities import Ability, Effect
            if isinstance(x, Effect):
                if x.op == "action":
                    names.add(x.args.get("name"))
                walk(x.args)
            elif isinstance(x, Ability):
                for e in x.effects:
                    walk(e)
                for m in x.modes:
                    walk(m)
            elif isinstance(x, dict):
                for v in x.values():
                    walk(v)
            elif isinstance(x, (list, tuple)):
                for v in x:
                    walk(v)
        for ab in d.abilities:
            walk(ab)
        return out + [f"action {n}" for n in names if n not in actions.ACTIONS]
    monkeypatch.setattr(S, "unsupported_reasons", reasons)


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
