"""Pass 0: the card's own name becomes SELF only where it names the card (CR 201.5)."""
from __future__ import annotations

from engine.cards.compiler import compile_card
from engine.cards.compiler.text import normalise
from engine.cards.coverage import corpus_card


def test_short_name_inside_a_token_name_is_kept():
    text = "When Tuktuk the Explorer dies, create a token named Tuktuk the Returned."
    assert normalise(text, "Tuktuk the Explorer", True) == ["When SELF dies, create a token named Tuktuk the Returned."]


def test_possessive_longer_name_is_kept():
    d = compile_card(corpus_card("Ajani, Strength of the Pride"))
    token = next(e for a in d.abilities for e in a.effects if e.op == "token")
    assert token.args["name"] == "Ajani's Pridemate"
    d = compile_card(corpus_card("Koma, Cosmos Serpent"))
    assert any("Koma's Coil" in str(a.effects) for a in d.abilities)


def test_name_inside_another_cards_name_is_kept():
    got = normalise("If you control a creature named Keeper of Kookus, Kookus deals 3 damage to you.", "Kookus")
    assert got == ["If you control a creature named Keeper of Kookus, SELF deals 3 damage to you."]
    got = normalise("Put a card named Hammer of Nazahn onto the battlefield. Nazahn gets +1/+1.",
                    "Nazahn, Revered Bladesmith", True)
    assert got == ["Put a card named Hammer of Nazahn onto the battlefield. SELF gets +1/+1."]


def test_whole_name_and_own_possessive_still_become_self():
    assert normalise("Tarmogoyf's power is equal to X. Exile Tarmogoyf.", "Tarmogoyf") == \
        ["SELF's power is equal to X. Exile SELF."]
    assert normalise("Search for cards named Squadron Hawk, reveal them.", "Squadron Hawk") == \
        ["Search for cards named SELF, reveal them."]
    assert normalise("You control Rubinia Soulsinger and Rubinia Soulsinger remains tapped.", "Rubinia Soulsinger") == \
        ["You control SELF and SELF remains tapped."]
    assert normalise("Create a token named S.N.O.T. If you do, draw.", "S.N.O.T.") == ["Create a token named SELF If you do, draw."]


def test_every_face_whole_name_before_short_names():
    got = normalise("Transform Search for Azcanta.", "Search for Azcanta // Azcanta, the Sunken Ruin", True)
    assert got == ["Transform SELF."]


def test_older_wording_his_or_her_and_the_mill_sentence():
    # Jace Beleren as its oracle text read in 2016 (before "mill" became a keyword action)
    old = {"name": "Jace Beleren", "manaCost": "{1}{U}{U}", "types": ["Planeswalker"], "subtypes": ["Jace"],
           "supertypes": ["Legendary"], "loyalty": "3",
           "text": "+2: Each player draws a card.\n\u22121: Target player draws a card.\n"
                   "\u221210: Target player puts the top twenty cards of his or her library into his or her graveyard."}
    d = compile_card(old)
    assert d.supported
    assert [e.op for a in d.abilities for e in a.effects] == ["draw", "draw", "mill"]
    assert d.abilities[-1].effects[0].args == {"who": {"target": 0}, "amount": 20}
    new = compile_card(corpus_card("Jace Beleren"))
    assert [a.effects for a in new.abilities] == [a.effects for a in d.abilities]


def test_a_legends_first_name_alone_means_it_unless_it_is_a_subtype_or_a_title():
    # 201.5: "Zurgo can't block ..." on Zurgo Bellstriker means the card itself
    assert normalise("Zurgo can't block creatures with power 2 or greater.", "Zurgo Bellstriker", True) == \
        ["SELF can't block creatures with power 2 or greater."]
    assert normalise("Zurgo can't block.", "Zurgo Bellstriker", False) == ["Zurgo can't block."]  # not a legend
    # a first word that is a subtype or a title is not a name: Sliver Queen makes Sliver tokens
    assert normalise("{2}: Create a 1/1 colorless Sliver creature token.", "Sliver Queen", True) == \
        ["{2}: Create a 1/1 colorless Sliver creature token."]
    assert normalise("Captain can't block.", "Captain Sisay", True) == ["Captain can't block."]
    # and never inside a longer name
    assert normalise("When Mitotic Ultimus dies, conjure a card named Mitotic Slime.", "Mitotic Ultimus", True) == \
        ["When SELF dies, conjure a card named Mitotic Slime."]
