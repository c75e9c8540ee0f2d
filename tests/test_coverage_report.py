"""coverage --json "by_type" and coverage --deck (issue 19 item 6)."""
from __future__ import annotations

import json

from engine.cards import coverage
from engine.cards.coverage import corpus_card, deck_coverage, measure


def test_by_type_counts_each_type_of_a_card():
    cards = [corpus_card(n) for n in ("Grizzly Bears", "Lightning Bolt", "Dryad Arbor", "Pacifism")]
    res = measure(cards, sets={})
    bt = res["by_type"]
    assert set(bt) == {"creature", "instant", "sorcery", "enchantment", "artifact", "planeswalker", "land"}
    assert bt["creature"]["total"] == 2 and bt["land"]["total"] == 1   # Dryad Arbor is both
    assert bt["instant"] == {"total": 1, "supported": 1}
    assert bt["sorcery"] == {"total": 0, "supported": 0}
    assert sum(v["supported"] for v in bt.values()) >= res["supported"]


def _deck(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_deck_coverage_lists_cards_that_do_not_play(tmp_path, monkeypatch):
    monkeypatch.setattr(coverage, "_open_db", lambda: None)   # the corpus, no database
    path = _deck(tmp_path, "burn.txt", "4 Lightning Bolt\n20 Mountain\n\nSideboard\n2 Pyroblast\n")
    res = deck_coverage(path)
    assert res["total"] == 3 and res["supported"] == 3 - len(res["unsupported"])
    assert "Lightning Bolt" not in res["unsupported"] and "Mountain" not in res["unsupported"]
    assert all(res["reasons"][n] for n in res["unsupported"])


def test_deck_command_json_last_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(coverage, "_open_db", lambda: None)
    a = _deck(tmp_path, "a.txt", "4 Lightning Bolt\n")
    b = _deck(tmp_path, "b.dek", '<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n'
                                 '<Cards CatID="1" Quantity="4" Sideboard="false" Name="Grizzly Bears" />\n</Deck>\n')
    assert coverage.main(["--deck", a, "--deck", b, "--json"]) == 0
    last = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert [d["file"] for d in last["decks"]] == [a, b]
    assert [(d["total"], d["supported"], d["unsupported"]) for d in last["decks"]] == [(1, 1, []), (1, 1, [])]


def test_deck_command_bad_file_is_a_clear_error(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(coverage, "_open_db", lambda: None)
    assert coverage.main(["--deck", str(tmp_path / "missing.txt")]) == 2
    assert "missing.txt" in capsys.readouterr().err
