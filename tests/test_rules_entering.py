"""Choices made as a permanent enters (614.12; engine/entering.py): each answered by the option
itself or by its 1-based number in the decision's options, anything else refused."""
from __future__ import annotations

import pytest

from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.game import Game
from engine.setup import from_setup


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


def _entering(cards: CardPool, name: str, lands: list[str]) -> tuple[Game, int]:
    """alice casts ``name`` and the spell resolves: the game waits on her choice as it enters."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"hand": [name], "battlefield": lands}}}, cards)
    cid = g.players["alice"].hand[0]
    g.submit("alice", {"action": "cast", "card": cid})
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    d = g.pending
    assert d is not None and d.kind == "choose_option" and d.player == "alice"
    return g, g.battlefield[-1]


@pytest.mark.parametrize("answer,counters", [(1, 1), (2, 0), ("yes", 1), ("no", 0), (True, 1), (False, 0)])
def test_unleash_is_answered_by_its_option_or_the_option_s_number(cards, answer, counters):
    """702.97a (unleash), 614.12: "you may have SELF enter with a +1/+1 counter on it"."""
    g, cackler = _entering(cards, "Rakdos Cackler", ["Swamp"])
    assert g.pending.options == ["yes", "no"]
    g.submit("alice", {"option": answer})
    assert g.objects[cackler].counters.get("+1/+1", 0) == counters
    assert g.pending.kind == "priority"


@pytest.mark.parametrize("answer", [0, 3, "maybe"])
def test_unleash_refuses_a_number_or_word_that_names_no_option(cards, answer):
    g, _ = _entering(cards, "Rakdos Cackler", ["Swamp"])
    with pytest.raises(IllegalAction):
        g.submit("alice", {"option": answer})


def _play_shockland(cards: CardPool, life: int = 20) -> tuple[Game, int]:
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"hand": ["Blood Crypt"], "life": life}}}, cards)
    g.submit("alice", {"action": "play", "card": g.players["alice"].hand[0]})
    d = g.pending
    # 119.4: paying 2 life is offered only to a player with at least 2 life
    assert d is not None and d.kind == "choose_option" and d.options == (["pay", "tapped"] if life >= 2 else ["tapped"])
    return g, g.battlefield[-1]


@pytest.mark.parametrize("answer,life,tapped",
                         [(1, 18, False), (2, 20, True), ("pay", 18, False), ("tapped", 20, True)])
def test_pay_life_or_enter_tapped_is_answered_by_its_option_or_the_option_s_number(cards, answer, life, tapped):
    """614.12: "As SELF enters, you may pay 2 life. If you don't, it enters tapped" (Blood Crypt)."""
    g, crypt = _play_shockland(cards)
    g.submit("alice", {"option": answer})
    assert (g.players["alice"].life, g.objects[crypt].tapped) == (life, tapped)


def test_life_paid_as_a_land_enters_is_logged_with_the_land_614_12(cards):
    """614.12, 119.4: the 2 life paid for Blood Crypt is logged with the land it was paid for (its name and its
    object, which the table's log names later events by); entering tapped logs no payment."""
    for pay in (True, False):
        g, crypt = _play_shockland(cards)
        mark = len(g.events)
        g.submit("alice", {"option": "pay" if pay else "tapped"})
        paid = [e for e in g.events[mark:] if e.get("type") == "enter_pay"]
        assert paid == ([{"type": "enter_pay", "player": "alice", "card": "Blood Crypt", "life": 2, "obj": crypt}]
                        if pay else [])


@pytest.mark.parametrize("answer", [0, 3, "both", True])
def test_pay_life_or_enter_tapped_refuses_what_names_no_option(cards, answer):
    g, _ = _play_shockland(cards)
    with pytest.raises(IllegalAction):
        g.submit("alice", {"option": answer})


def test_no_more_life_is_paid_than_the_player_has(cards):
    """118.4, 119.4: a player with 1 life cannot pay 2 life (nor is it offered); entering tapped is the choice."""
    g, crypt = _play_shockland(cards, life=1)
    with pytest.raises(IllegalAction, match="118.4"):
        g.submit("alice", {"option": "pay"})
    g.submit("alice", {"option": "tapped"})
    assert g.players["alice"].life == 1 and g.objects[crypt].tapped


@pytest.mark.parametrize("answer,asked", [(1, "bob"), (2, "carol"), ("carol", "carol")])
def test_the_tribute_opponent_is_chosen_by_name_or_number_and_asked_next(cards, answer, asked):
    """702.103a: "As this creature enters, choose an opponent. That player may have this creature
    enter with an additional N +1/+1 counters on it": the opponent chosen is asked next."""
    g = from_setup({"seats": ["alice", "bob", "carol"], "active": "alice", "step": "main1", "players": {
        "alice": {"hand": ["Snake of the Golden Grove"], "battlefield": ["Forest"] * 5}}}, cards)
    g.submit("alice", {"action": "cast", "card": g.players["alice"].hand[0]})
    for p in ("alice", "bob", "carol"):
        g.submit(p, {"action": "pass"})
    d = g.pending
    assert d is not None and d.player == "alice" and list(d.options) == ["bob", "carol"]
    with pytest.raises(IllegalAction):
        g.submit("alice", {"option": "alice"})
    g.submit("alice", {"option": answer})
    d = g.pending
    assert d is not None and d.player == asked and d.kind == "choose_option"


def test_reveal_a_card_or_enter_tapped_takes_one_card_or_none(cards):
    """614.12: "As SELF enters, you may reveal a Plains or Island card from your hand. If you don't,
    it enters tapped" (Port Town): one card revealed, or none; two are refused."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"hand": ["Port Town", "Island", "Plains"]}}}, cards)
    town, island, plains = g.players["alice"].hand
    g.submit("alice", {"action": "play", "card": town})
    d = g.pending
    assert d is not None and d.kind == "choose_cards" and set(d.options) == {island, plains}
    with pytest.raises(IllegalAction):
        g.submit("alice", {"cards": [island, plains]})
    g.submit("alice", {"cards": [island]})
    assert not g.objects[g.battlefield[-1]].tapped


def test_a_card_revealed_as_a_land_enters_is_logged_for_every_player_701_15(cards):
    """614.12, 701.15: "As SELF enters, you may reveal an Island or Swamp card from your hand. If you don't, SELF
    enters tapped" (Choked Estuary): the card revealed is shown to every player, in the log the table shows, and
    the land enters untapped; revealing nothing leaves no reveal in the log and the land tapped."""
    for shown in (True, False):
        g = from_setup({"active": "alice", "step": "main1", "players": {
            "alice": {"hand": ["Choked Estuary", "Island", "Forest"]}}}, cards)
        land, island, forest = g.players["alice"].hand
        g.submit("alice", {"action": "play", "card": land})
        d = g.pending
        assert d is not None and d.kind == "choose_cards" and d.options == [island]  # the Forest is not offered
        mark = len(g.events)
        g.submit("alice", {"cards": [island] if shown else []})
        reveals = [e for e in g.events[mark:] if e.get("type") == "reveal"]
        if shown:
            assert reveals == [{"type": "reveal", "player": "alice", "cards": ["Island"], "objs": [island]}]
        else:
            assert reveals == []
        (estuary,) = [i for i in g.battlefield if g.objects[i].card.name == "Choked Estuary"]  # a new object (400.7)
        assert g.objects[estuary].tapped is not shown
        assert forest in g.players["alice"].hand


def test_heart_of_yavimaya_asks_for_one_forest_or_none_614_1a(cards):
    """614.1a, 614.12: "If SELF would enter, sacrifice a Forest instead. If you do, put SELF onto the battlefield. If
    you don't, put it into its owner's graveyard": the decision offers the Forests its controller controls, none
    or one (min 0, max 1); none chosen puts it into the graveyard."""
    for pick in (True, False):
        g = from_setup({"active": "alice", "step": "main1", "players": {
            "alice": {"hand": ["Heart of Yavimaya"], "battlefield": ["Forest", "Island"]}}}, cards)
        forest = next(i for i in g.battlefield if g.objects[i].card.name == "Forest")
        g.submit("alice", {"action": "play", "card": g.players["alice"].hand[0]})
        d = g.pending
        assert d is not None and d.kind == "choose_cards" and d.player == "alice"
        assert (d.options, d.data["min"], d.data["max"]) == ([forest], 0, 1)
        g.submit("alice", {"cards": [forest] if pick else []})
        names = sorted(g.objects[i].card.name for i in g.battlefield)
        assert names == (["Heart of Yavimaya", "Island"] if pick else ["Forest", "Island"])
        assert [g.objects[i].card.name for i in g.players["alice"].graveyard] == (
            ["Forest"] if pick else ["Heart of Yavimaya"])


def test_mox_diamond_asks_for_one_land_card_or_none_614_1a(cards: CardPool) -> None:
    """614.1a, 614.15: "If SELF would enter, you may discard a land card instead" (Mox Diamond) asks, as it would
    enter, for one land card of its controller's hand or none (min 0, max 1), never for the Mox itself or a nonland
    card; a land discarded puts it onto the battlefield, none chosen puts it into its owner's graveyard."""
    for pick in (True, False):
        g = from_setup({"active": "alice", "step": "main1", "players": {
            "alice": {"hand": ["Mox Diamond", "Forest", "Lightning Bolt"], "battlefield": ["Mountain"]}}}, cards)
        mox, forest = (next(i for i in g.players["alice"].hand if g.objects[i].card.name == n)
                       for n in ("Mox Diamond", "Forest"))
        g.submit("alice", {"action": "cast", "card": mox})
        g.submit("alice", {"action": "pass"})
        g.submit("bob", {"action": "pass"})
        d = g.pending
        assert d is not None and d.kind == "choose_cards" and d.player == "alice"
        assert (d.options, d.data["min"], d.data["max"]) == ([forest], 0, 1)
        g.submit("alice", {"cards": [forest] if pick else []})
        names = sorted(g.objects[i].card.name for i in g.battlefield)
        assert names == (["Mountain", "Mox Diamond"] if pick else ["Mountain"])
        assert sorted(g.objects[i].card.name for i in g.players["alice"].graveyard) == (
            ["Forest"] if pick else ["Mox Diamond"])
