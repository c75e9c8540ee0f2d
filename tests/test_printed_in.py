"""700.6: cards that refer to names originally printed in a set (engine/cards/printings.py)."""
from __future__ import annotations

from engine.cards.printings import originally_printed_in


def test_names_originally_printed_in_a_set_are_the_lists_of_the_2016_rules_700_6() -> None:
    """700.6a-c list the names of the cards first printed in Arabian Nights, Antiquities and Homelands;
    the printings data gives as many (115 of Homelands, 85 of Antiquities, 77 of Arabian Nights)."""
    assert len(originally_printed_in("Homelands")) == 115
    assert len(originally_printed_in("Antiquities")) == 85
    assert len(originally_printed_in("Arabian Nights")) == 77
    assert "Abbey Gargoyles" in originally_printed_in("Homelands")
    assert "Grizzly Bears" not in originally_printed_in("Homelands")
    assert originally_printed_in("No Such Set") == ()
