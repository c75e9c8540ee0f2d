"""A character card's personal pronouns read as the card itself (201.4): engine/cards/compiler/text.py."""
from engine.cards.compiler.text import normalise, personal_pronouns


def test_pronouns_name_the_card() -> None:
    assert personal_pronouns("put a +1/+1 counter on her and draw a card") == \
        "put a +1/+1 counter on SELF and draw a card"
    assert personal_pronouns("if her sneak cost was paid") == "if SELF's sneak cost was paid"
    assert personal_pronouns("He deals damage equal to his power") == "SELF deals damage equal to SELF's power"
    assert personal_pronouns("if he's equipped") == "if SELF is equipped"
    assert personal_pronouns("you may have her deal 2 damage") == "you may have SELF deal 2 damage"


def test_copy_exceptions_and_counters_keep_the_words_of_any_card() -> None:
    assert personal_pronouns("becomes a copy of it, except his name is SELF and he has flying. Then put a counter "
                             "on her.") == ("becomes a copy of it, except its name is SELF and it has flying. Then "
                                            "put a counter on SELF.")
    assert personal_pronouns("SELF enters with X +1/+1 counters on him.") == "SELF enters with X +1/+1 counters on it."
    assert personal_pronouns("He's a Spirit in addition to his other types.") == \
        "SELF is a Spirit in addition to its other types."


def test_names_and_spells_are_left_alone() -> None:
    # a name holding a pronoun's letters is the name (She-Hulk, Zhang He), replaced first
    assert normalise("When She-Hulk enters, she deals 1 damage to any target.", "She-Hulk, Jennifer Walters",
                     True) == ["When SELF enters, SELF deals 1 damage to any target."]
    assert normalise("Zhang He attacks each combat if able.", "Zhang He, Wei General", True) == \
        ["SELF attacks each combat if able."]
    # an instant's "her controller" names the permanent the spell named (Liliana's Defeat), not the card
    assert normalise("If that permanent was a Liliana planeswalker, her controller loses 3 life.", "Liliana's Defeat",
                     character=False) == ["If that permanent was a Liliana planeswalker, her controller loses 3 life."]
    # the older wording of a player stays "their"
    assert personal_pronouns(normalise("Target player mills his or her library.", "X")[0]) == \
        "Target player mills their library."
