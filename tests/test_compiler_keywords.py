"""The keyword registry (CR 702): vanilla and keyword-only cards are always supported."""
from __future__ import annotations

import pytest

from engine.cards.compiler import compile_card
from engine.cards.compiler.keywords import BARE, SIMPLE, parse_keyword_line
from engine.cards.coverage import corpus_card

EVERGREEN_2016 = ["Deathtouch", "Defender", "Double strike", "First strike", "Flash", "Flying", "Haste",
                  "Hexproof", "Indestructible", "Lifelink", "Menace", "Reach", "Trample", "Vigilance",
                  "Shroud", "Intimidate", "Fear", "Prowess"]


@pytest.mark.parametrize("kw", EVERGREEN_2016)
def test_evergreen_keywords_registered(kw):
    assert kw in SIMPLE and kw in BARE
    names, args, _ = parse_keyword_line(kw)
    assert names == [kw]


def test_vanilla_card_supported():
    d = compile_card(corpus_card("Craw Wurm"))
    assert d.supported and d.abilities == () and d.keywords == ()
    assert (d.power, d.toughness) == ("6", "4")


def test_serra_angel_flying_vigilance():
    d = compile_card(corpus_card("Serra Angel"))
    assert d.supported and d.keywords == ("Flying", "Vigilance")


def test_raging_goblin_haste_with_reminder_text():
    d = compile_card(corpus_card("Raging Goblin"))
    assert d.supported and d.keywords == ("Haste",)


def test_protection_landwalk_enchant_equip():
    d = compile_card(corpus_card("White Knight"))
    assert d.keywords == ("First strike", "Protection") and d.keyword_args["Protection"] == ["B"]
    d = compile_card(corpus_card("Bog Wraith"))
    assert d.keywords == ("Landwalk",) and d.keyword_args["Landwalk"] == ["Swamp"]
    d = compile_card(corpus_card("Pacifism"))
    assert d.supported and d.keyword_args["Enchant"] == {"types": ["Creature"]}
    d = compile_card(corpus_card("Bonesplitter"))
    assert d.supported and "Equip" in d.keywords
    eq = [a for a in d.abilities if a.keyword == "Equip"][0]
    assert eq.cost.mana == ("1",) and eq.sorcery_speed and eq.effects[0].op == "attach"


def test_costed_keywords():
    d = compile_card(corpus_card("Think Twice"))
    assert d.supported and d.keyword_args["Flashback"].mana == ("2", "U")
    d = compile_card(corpus_card("Burst Lightning"))
    assert "Kicker" in d.keywords and d.keyword_args["Kicker"].mana == ("4",)
    d = compile_card(corpus_card("Drifting Meadow"))
    cyc = [a for a in d.abilities if a.keyword == "Cycling"][0]
    assert cyc.zone == "hand" and cyc.cost.discard_self and cyc.effects[0].op == "draw"


def test_prowess_is_a_trigger():
    d = compile_card(corpus_card("Monastery Swiftspear"))
    assert d.supported and {"Haste", "Prowess"} <= set(d.keywords)
    t = [a for a in d.abilities if a.keyword == "Prowess"][0]
    assert t.trigger["event"] == "cast" and t.effects[0].op == "pump"


def test_numbered_keywords():
    d = compile_card(corpus_card("Devoted Crop-Mate")) if False else None
    names, args, _ = parse_keyword_line("Bushido 2")
    assert names == ["Bushido"] and args == {"Bushido": 2}
    names, args, _ = parse_keyword_line("Crew 3")
    assert args == {"Crew": 3}


def test_unknown_keyword_is_not_a_keyword_line():
    assert parse_keyword_line("Flying, frobnicate") is None


def test_every_vanilla_and_keyword_only_card_in_the_corpus_is_supported():
    from engine.cards.coverage import _corpus_records, corpus_to_data
    bad = []
    for rec in _corpus_records():
        if rec.get("layout", "normal") != "normal" or set(rec.get("types") or ()) & {"Plane", "Scheme", "Vanguard",
                                                                                      "Conspiracy", "Phenomenon"}:
            continue
        if "Aura" in (rec.get("subtypes") or ()):
            continue
        data = corpus_to_data(rec)
        from engine.cards.compiler.text import normalise
        paras = normalise(data.text, data.name)
        if all(parse_keyword_line(p) is not None for p in paras):
            d = compile_card(data)
            if not d.supported:
                bad.append((data.name, d.unsupported))
    assert bad == []


def test_keyword_only_report_groups_unsupported_cards_by_reason():
    from engine.cards.coverage import corpus_card, keyword_only

    names = ["Grizzly Bears", "Frogmite", "Benalish Hero", "Lightning Bolt", "Devoted Retainer", "Little Girl"]
    res = keyword_only([corpus_card(n) for n in names])
    assert res["total"] == 5  # Lightning Bolt's text is not a keyword line
    assert res["vanilla"] == 2  # Grizzly Bears, Little Girl
    assert res["supported"] == 4  # Grizzly Bears, Frogmite (affinity), Benalish Hero (banding), Devoted Retainer
    assert res["unsupported"] == {"mana cost symbols ['HW']": ["Little Girl"]}


def test_keyword_templates_compile_into_abilities_of_that_keyword():
    from engine.cards.compiler.keywords import KEYWORD_TEXT, keyword_abilities

    for name in KEYWORD_TEXT:
        n = 2 if any("{n}" in t or "{N}" in t for t in KEYWORD_TEXT[name]) else None
        kw = {"quality": "artifacts"} if name == "Affinity" else {"cost": "{2}{G}"} if name in ("Echo", "Ward", "Outlast") else {}
        got = keyword_abilities(name, n, **kw)
        assert got, name
        assert all(ab.keyword == name for ab in got)
