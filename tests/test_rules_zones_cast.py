"""Playing lands and casting spells from other zones by a permission (601.2a, 305.1; engine/zones_cast.py):
what the priority options offer (116.2a) and what a play or cast from the graveyard or the top of the
library is refused, for statics (Crucible of Worlds, Courser of Kruphix, Garruk's Horde, Mystic Forge)
and for permissions a resolved effect gives (Apex of Power, Liliana, Untouched by Death)."""
from __future__ import annotations

from typing import Any

import pytest

from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.game import Game
from engine.setup import from_setup


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


def _game(cards: CardPool, alice: dict[str, Any], bob: dict[str, Any] | None = None) -> Game:
    return from_setup({"active": "alice", "step": "main1", "players": {"alice": alice, "bob": bob or {}}}, cards)


def _offered(g: Game, action: str) -> set[str]:
    """The names of the cards the pending priority decision offers to play or cast (116.2a)."""
    d = g.pending
    assert d is not None and d.kind == "priority" and d.player == "alice"
    return {g.objects[o["card"]].card.name for o in d.options if o.get("action") == action}


def _ids(g: Game, player: str, zone: str) -> list[int]:
    return list(g.players[player].zone(zone))


def test_crucible_offers_the_lands_of_its_controller_s_graveyard_and_nothing_else(cards):
    """305.1, 601.2a: "You may play lands from your graveyard": a land of alice's graveyard is offered
    and played (using the land play, 305.2); her spell there and a land of bob's graveyard are not."""
    g = _game(cards, {"battlefield": ["Crucible of Worlds", "Mountain"], "graveyard": ["Forest", "Shock"]},
              {"graveyard": ["Island"]})
    assert _offered(g, "play") == {"Forest"}
    assert _offered(g, "cast") == set()
    forest, shock = _ids(g, "alice", "graveyard")
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "cast", "card": forest})  # a land is played, never cast (305.9)
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "cast", "card": shock, "targets": [["bob"]]})
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "play", "card": _ids(g, "bob", "graveyard")[0]})
    g.submit("alice", {"action": "play", "card": forest})
    assert [g.objects[i].card.name for i in g.battlefield].count("Forest") == 1


def test_a_play_from_static_of_another_player_gives_alice_nothing(cards):
    """601.2a: bob's Crucible of Worlds lets bob play lands from his graveyard, not alice from hers."""
    g = _game(cards, {"graveyard": ["Forest"]}, {"battlefield": ["Crucible of Worlds"]})
    assert _offered(g, "play") == set()
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "play", "card": _ids(g, "alice", "graveyard")[0]})


def test_a_graveyard_static_does_not_reach_the_library_nor_a_library_static_the_graveyard(cards):
    """Crucible of Worlds names the graveyard, Courser of Kruphix the top of the library: each allows
    its own zone only."""
    g = _game(cards, {"battlefield": ["Crucible of Worlds"], "library": ["Forest", "Forest"]})
    assert _offered(g, "play") == set()
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "play", "card": _ids(g, "alice", "library")[0]})
    g = _game(cards, {"battlefield": ["Courser of Kruphix"], "graveyard": ["Forest"], "library": ["Island"]})
    assert _offered(g, "play") == {"Island"}
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "play", "card": _ids(g, "alice", "graveyard")[0]})


def test_only_the_top_card_of_the_library_may_be_played(cards):
    """Courser of Kruphix: "the top of your library" is one card; the one below it is not offered and
    its play is refused until it is on top."""
    g = _game(cards, {"battlefield": ["Courser of Kruphix"], "library": ["Island", "Forest", "Plains"]})
    top, second, _ = _ids(g, "alice", "library")
    assert _offered(g, "play") == {"Island"}
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "play", "card": second})
    g.submit("alice", {"action": "play", "card": top})
    assert g.objects[g.battlefield[-1]].card.name == "Island"
    assert _offered(g, "play") == set()  # the land play is used (305.2)


def test_a_spell_static_casts_its_spells_from_the_top_for_their_mana_cost_and_plays_no_land(cards):
    """Garruk's Horde, "You may cast creature spells from the top of your library": the creature on
    top is cast for its mana cost (601.2f); a land on top is not played, a sorcery on top not cast."""
    g = _game(cards, {"battlefield": ["Garruk's Horde", "Forest"], "library": ["Grizzly Bears"]})
    assert _offered(g, "cast") == set()  # {1}{G} and one Forest: it is not free
    bears = _ids(g, "alice", "library")[0]
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "cast", "card": bears})
    g = _game(cards, {"battlefield": ["Garruk's Horde", "Forest", "Forest"], "library": ["Grizzly Bears"]})
    assert _offered(g, "cast") == {"Grizzly Bears"}
    g.submit("alice", {"action": "cast", "card": _ids(g, "alice", "library")[0]})
    assert [g.objects[i].card.name for i in g.stack] == ["Grizzly Bears"]
    assert all(g.objects[i].tapped for i in g.battlefield if g.objects[i].card.name == "Forest")
    for top in ("Forest", "Lava Axe"):
        g = _game(cards, {"battlefield": ["Garruk's Horde"] + ["Mountain"] * 5, "library": [top]})
        assert _offered(g, "play") == set() and _offered(g, "cast") == set()
        with pytest.raises(IllegalAction):
            g.submit("alice", {"action": "play" if top == "Forest" else "cast", "card": _ids(g, "alice", "library")[0],
                               "targets": [] if top == "Forest" else [["bob"]]})


def test_mystic_forge_casts_an_artifact_from_the_top(cards):
    """Mystic Forge: "You may cast artifact spells and colorless nonland spells from the top of your library"."""
    g = _game(cards, {"battlefield": ["Mystic Forge"], "library": ["Ornithopter", "Memnite"]})
    assert _offered(g, "cast") == {"Ornithopter"}
    g.submit("alice", {"action": "cast", "card": _ids(g, "alice", "library")[0]})
    assert [g.objects[i].card.name for i in g.stack] == ["Ornithopter"]


def _liliana(cards: CardPool) -> Game:
    """Liliana, Untouched by Death's -3 has resolved: "You may cast Zombie spells from your graveyard this turn"."""
    g = _game(cards, {"battlefield": ["Liliana, Untouched by Death", "Swamp", "Swamp"],
                      "graveyard": ["Walking Corpse", "Grizzly Bears"]})
    lili = g.battlefield[0]
    g.submit("alice", {"action": "activate", "card": lili, "ability": 2})
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    d = g.pending
    while d is not None and d.kind != "priority":
        g.submit(d.player, {"option": "yes"})
        d = g.pending
    return g


def test_a_resolved_permission_by_a_filter_offers_the_cards_it_names_from_the_graveyard(cards):
    """601.2a, 611.2a: the permission lasts the turn and covers the cards its filter names, in the zone it
    names: the Zombie in the graveyard is offered, the Bears are not, and a Zombie elsewhere is not cast by it."""
    g = _liliana(cards)
    assert _offered(g, "cast") == {"Walking Corpse"}
    corpse, bears = _ids(g, "alice", "graveyard")
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "cast", "card": bears})
    g.submit("alice", {"action": "cast", "card": corpse})
    assert [g.objects[i].card.name for i in g.stack] == ["Walking Corpse"]
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    corpse = next(i for i in g.battlefield if g.objects[i].card.name == "Walking Corpse")
    with pytest.raises(IllegalAction):  # on the battlefield it is no card to cast (601.2a)
        g.submit("alice", {"action": "cast", "card": corpse})


def test_a_permission_to_cast_spells_plays_no_land(cards):
    """Apex of Power: "Exile the top seven cards of your library. Until end of turn, you may cast spells
    from among them": the nonland cards exiled are offered as casts, a land exiled is not played (305.9)."""
    library = ["Forest", "Shock", "Grizzly Bears", "Island", "Island", "Island", "Island", "Plains"]
    g = _game(cards, {"battlefield": ["Mountain"] * 10, "hand": ["Apex of Power"], "library": library})
    g.submit("alice", {"action": "cast", "card": _ids(g, "alice", "hand")[0]})
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    g.submit("alice", {"option": "red"})  # "Add ten mana of any one color"
    exiled = {g.objects[i].card.name: i for i in g.players["alice"].exile}
    assert set(exiled) == {"Forest", "Shock", "Grizzly Bears", "Island"}
    assert _offered(g, "cast") >= {"Shock"} and _offered(g, "play") == set()
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "play", "card": exiled["Forest"]})


def test_an_adventurer_card_exiled_by_its_adventure_is_offered_to_its_caster(cards):
    """601.2a with the later rule of Adventures: Lovestruck Beast's Heart's Desire resolves and the card is exiled on
    an adventure; its caster is then offered the Beast as a cast from exile (116.2a), for its mana cost."""
    g = _game(cards, {"battlefield": ["Forest"] * 4, "hand": ["Lovestruck Beast"]})
    g.submit("alice", {"action": "cast", "card": _ids(g, "alice", "hand")[0], "face": 1})
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    assert [g.objects[i].card.name for i in g.players["alice"].exile] == ["Lovestruck Beast"]
    assert _offered(g, "cast") == {"Lovestruck Beast"}


def test_the_cards_exiled_with_a_permanent_are_offered_to_its_controller(cards):
    """607.2a, 601.2a, 305.1: Hedonist's Trove exiles bob's graveyard as it enters; "You may play lands from among
    cards exiled with SELF" and "You may cast spells from among cards exiled with SELF": alice is offered bob's
    Forest as a land play and his Shock as a cast (116.2a)."""
    g = _game(cards, {"battlefield": ["Swamp"] * 7 + ["Mountain"], "hand": ["Hedonist's Trove"]},
              {"graveyard": ["Forest", "Shock"]})
    g.submit("alice", {"action": "cast", "card": _ids(g, "alice", "hand")[0]})
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    g.submit("alice", {"targets": [["bob"]]})  # its enters trigger: "exile all cards from target opponent's graveyard"
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    assert {g.objects[i].card.name for i in g.players["bob"].exile} == {"Forest", "Shock"}
    assert _offered(g, "play") == {"Forest"}
    assert _offered(g, "cast") == {"Shock"}
