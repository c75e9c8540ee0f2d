"""Text-changing effects (CR 612): the words a change replaces, and the card compiled again."""
from engine.cardpool import default_pool
from engine.cards.compiler.textchange import replace_words, rewrite, same_kind


def test_a_name_is_never_changed_612_2() -> None:
    text = "When Whitemane Lion enters, return a white creature you control to its owner's hand."
    assert replace_words(text, "Whitemane Lion", "white", "blue") == \
        "When Whitemane Lion enters, return a blue creature you control to its owner's hand."


def test_words_used_as_such_words_change_612_2() -> None:
    assert replace_words("Destroy target nonblack creature.", "Doom Blade", "black", "green") == \
        "Destroy target nongreen creature."
    assert replace_words("Other Merfolk have islandwalk. Islands you control", "X", "Island", "Swamp") == \
        "Other Merfolk have swampwalk. Swamps you control"
    assert replace_words("Other Goblins get +1/+1.", "Goblin King", "Goblin", "Elf") == "Other Elves get +1/+1."
    # a color word inside another word is no color word ("Whitemane", "blackened")
    assert replace_words("Whitemane blackened", "Y", "black", "red") == "Whitemane blackened"


def test_words_change_only_within_their_kind() -> None:
    assert same_kind("white", "blue") and same_kind("Island", "Swamp")
    assert not same_kind("white", "Island")


def test_the_card_is_compiled_again_with_its_new_text_612_1() -> None:
    knight = default_pool().definition("Black Knight")
    new = rewrite(knight, (("white", "red"),))
    assert new.name == "Black Knight"
    assert new.keyword_args.get("Protection") != knight.keyword_args.get("Protection")
    assert "red" in new.text and "white" not in new.text
    assert rewrite(knight, (("white", "red"),)) is new  # cached per card and change
    island = rewrite(default_pool().definition("Island"), (("Island", "Swamp"),))
    assert island.subtypes == ("Swamp",) and island.name == "Island"
    assert any("{B}" in a.text for a in island.abilities if a.kind == "mana")
