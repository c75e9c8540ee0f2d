"""A sentence acting on what an "if/when you do" branch chose stays in that branch: if the
player does not do it, nothing is chosen and no hidden card is shown (the four-seat secrecy
fuzz found Biting-Palm Ninja's exile choosing from a hand nobody revealed)."""
from engine.cardpool import CardPool


def test_exile_that_card_after_when_you_do_is_part_of_the_branch():
    ab = CardPool().definition("Biting-Palm Ninja").abilities[2]
    assert [e.op for e in ab.effects] == ["may"]
    then = ab.effects[0].args["then"]
    assert [e.op for e in then] == ["reveal", "exile"]
    assert then[1].args["what"]["choose"]["zone"] == "hand"

