"""406.2, 608.2c: "Exile the top N cards of your library. Put all / you may put any number of FILTER cards from among
them onto the battlefield" (Tezzeret, Master of the Bridge; Xenagos, the Reveler): the move chooses among the cards
that exile just put there (the rest stay exiled); "all" is every match, chosen by no one away; "you may put all"
is not a sentence of the game and is not read."""
from __future__ import annotations

from engine.cards.compiler import compile_ability_text


def test_put_all_from_among_the_exiled_cards() -> None:
    ab = compile_ability_text("-8: Exile the top ten cards of your library. Put all artifact cards from among them "
                              "onto the battlefield.")
    assert ab is not None
    top, move = ab.effects
    assert top.op == "exile_top" and top.args["amount"] == 10
    assert move.op == "move" and move.args["to"] == "battlefield"
    what = move.args["what"]
    assert what["among"] == "exiled" and what["choose"] == {"types": ["Artifact"], "zone": "exile"}
    assert what["amount"] >= 10 and not what.get("up_to")


def test_milled_cards_keep_their_graveyard_zone() -> None:
    ab = compile_ability_text("{1}: Mill three cards. You may put a land card from among them into your hand.")
    assert ab is not None
    what = ab.effects[-1].args["effects"][0].args["what"]
    assert what["among"] == "milled" and what["choose"]["zone"] == "graveyard"


def test_from_among_them_needs_the_cards_just_exiled_or_milled() -> None:
    assert compile_ability_text("{1}: Draw a card. Put all artifact cards from among them onto the battlefield.") \
        is None
