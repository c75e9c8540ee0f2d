"""After a draft, the people who drafted play each other over the LAN (issue 25 item 6).

Each person's deck is built from their own pool and checked against it as a limited deck;
over the LAN a deck is a list of card names with no pool (the server hosts no format with
a card pool, and says so), so the game is hosted in the "free" format (40 cards or more,
each one the engine knows), as the lobby offers it."""
from __future__ import annotations

import pytest

from engine.ai.random_bot import RandomBot
from engine.decks import get_format, validate
from engine.decks.limited import Draft, bot_deck
from engine.net.client import NetError, RemoteSession

from carddb_helpers import full_db  # noqa: F401  (fixture)
from test_net_server import ThreadServer, step


def test_two_drafters_play_their_drafted_decks_over_the_lan(tmp_path, full_db):  # noqa: F811
    draft = Draft.new(full_db, ["SOI", "SOI", "EMN"], seed=20160408, humans=(0, 4))
    assert draft.pack_for(0) is not None and draft.pack_for(4) is not None      # both people pick
    draft.run_bots()                     # (their picks made as a bot would make them)
    decks = {}
    for seat in (0, 4):
        deck = bot_deck(full_db, draft.picks[seat], name=f"Seat {seat + 1}")
        assert validate(deck, get_format("limited"), full_db, pool=draft.pool(seat)) == []
        decks[f"Seat {seat + 1}"] = [n for n, k in deck.main.items() for _ in range(k)]
    assert all(len(cards) == 40 for cards in decks.values())
    srv = ThreadServer(tmp_path / "data", grace=30, read_timeout=0.5)
    sessions: dict[str, RemoteSession] = {}
    try:
        host = RemoteSession("127.0.0.1", srv.port)
        with pytest.raises(NetError, match="card pool"):        # a limited game is refused, with the reason
            host.create("Seat 1", decks["Seat 1"], format="limited")
        code = host.create("Seat 1", decks["Seat 1"], format="free")
        guest = RemoteSession("127.0.0.1", srv.port)
        guest.join(code, "Seat 5", decks["Seat 5"])
        sessions = {"Seat 1": host, "Seat 5": guest}
        assert host.wait(lambda s: s.updates > 0, 10) and guest.wait(lambda s: s.updates > 0, 10)
        bots = {name: RandomBot(i) for i, name in enumerate(sessions)}
        step(sessions, bots, 150)
        assert host.decision_no >= 150 or host.winner is not None
        view = host.view()
        assert sorted(view["players"]) == ["Seat 1", "Seat 5"] and view["turn"] >= 2
        for name, session in sessions.items():          # each plays the 40 cards of the deck they built
            v = session.view()
            me = v["players"][name]
            hand = [c["name"] for c in me["hand"]]
            front = {n.split(" // ")[0] for n in decks[name]}   # a double-faced or meld card by its front
            assert {n.split(" // ")[0] for n in hand} <= front, (name, hand)
            spells = [c for c in v["stack"] if c["owner"] == name and c.get("ability") is None]
            permanents = [c for c in v["battlefield"] if c["owner"] == name and not c.get("token")]
            assert me["library"] + len(hand) + len(me["graveyard"]) + len(me["exile"]) + len(spells) \
                + len(permanents) == 40, (name, me, spells, permanents)
    finally:
        for s in sessions.values():
            s.close()
        srv.stop()
