"""'A creature spell that has an Adventure' (a card of the adventure layout, Throne of Eldraine: a later layout)."""
from engine.cardpool import CardPool
from engine.setup import from_setup

POOL = CardPool()


def _cast(creature: str) -> int:
    """alice controls Edgewall Innkeeper and casts ``creature``; the cards she has in hand after it resolves."""
    setup = {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Edgewall Innkeeper"] + ["Mountain"] * 4, "hand": [creature],
                  "library": ["Mountain"] * 5},
        "bob": {"library": ["Forest"] * 5}}}
    g = from_setup(setup, POOL)
    card = next(i for i in g.players["alice"].hand)
    g.submit("alice", {"action": "cast", "card": card})
    while g.stack or g.triggered:
        g.submit(g.pending.player, {"action": "pass"})
    return len(g.players["alice"].hand)


def test_a_creature_spell_that_has_an_adventure_triggers_edgewall_innkeeper():
    # Bonecrusher Giant // Stomp is an adventurer card, cast here as the creature (its only castable face here)
    assert POOL.definition("Bonecrusher Giant // Stomp").layout == "adventure"
    assert _cast("Bonecrusher Giant // Stomp") == 1


def test_a_creature_spell_without_an_adventure_does_not():
    assert _cast("Hill Giant") == 0
