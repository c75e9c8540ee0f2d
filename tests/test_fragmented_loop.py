"""716.3: a fragmented loop, as the table's log tells it (the rule itself: tests/scenarios/rules/fragmented_loop.yaml)."""
from app.table.log import describe


def test_the_log_names_who_must_make_a_different_choice() -> None:
    e = {"type": "fragmented_loop", "player": "bob"}
    assert describe(e, {}, "alice") == "bob must make a different choice: the same game state came back (716.3)"
    assert describe(e, {}, "bob") == "you must make a different choice: the same game state came back (716.3)"
