"""The query language (engine.cards.search): every operator and every error."""
from __future__ import annotations

import pytest

from carddb_helpers import fixture_db, full_db  # noqa: F401  (fixtures)
from engine.cards.search import And, Not, Or, QueryError, Term, compile_query, parse


def names(db, q, limit=None):
    return db.search_names(q, limit=limit)


# -- names ---------------------------------------------------------------------------------

def test_bare_word_matches_name_words(full_db):
    got = names(full_db, "bolt")
    assert "Lightning Bolt" in got and "Rift Bolt" in got
    assert all("bolt" in n.lower() for n in got)


def test_bare_words_all_must_match_and_start_a_word(full_db):
    got = names(full_db, "lightning bolt")
    assert "Lightning Bolt" in got and "Lightning Blast" not in got
    assert "Lightning Bolt" not in names(full_db, "ightning")


def test_quoted_phrase_in_name(full_db):
    got = names(full_db, '"serra angel"')
    assert "Serra Angel" in got and "Serra Avenger" not in got


def test_exact_name_with_bang(full_db):
    assert names(full_db, '!"lightning bolt"') == ["Lightning Bolt"]
    assert names(full_db, "!Tarmogoyf") == ["Tarmogoyf"]
    assert "Fire // Ice" in names(full_db, "!fire")          # a face name


def test_names_fold_diacritics_and_punctuation(full_db):
    assert "Jötun Grunt" in names(full_db, "jotun grunt")
    assert "Will-o'-the-Wisp" in names(full_db, "Will-o'-the-Wisp")
    assert "Will-o'-the-Wisp" in names(full_db, '"will-o\'-the-wisp"')


def test_results_are_sorted_by_name_and_limited(full_db):
    got = names(full_db, "t:goblin")
    assert got == sorted(got, key=str.casefold)
    assert names(full_db, "t:goblin", limit=5) == got[:5]
    cards = full_db.search("bolt", limit=3)
    assert [c.name for c in cards] == names(full_db, "bolt")[:3]


# -- type and text -------------------------------------------------------------------------

def test_type(full_db):
    got = full_db.search("t:goblin t:wizard")
    assert got and all("goblin" in c.type_line.lower() or any("goblin" in f["type_line"].lower() for f in c.faces)
                       for c in got)
    legendary = names(full_db, 't:"legendary creature"')
    assert "Isamaru, Hound of Konda" in legendary and "Grizzly Bears" not in legendary
    assert "Grizzly Bears" in names(full_db, "type:bear")


def test_type_finds_back_faces(full_db):
    assert "Delver of Secrets // Insectile Aberration" in names(full_db, "t:insect")


def test_oracle_text(full_db):
    got = full_db.search('o:"draw a card" t:instant')
    assert got and all("draw a card" in (c.text + " ".join(f.get("text", "") for f in c.faces)).lower() for c in got)
    assert "Divination" not in names(full_db, 'o:"draw a card"')      # "draw two cards"
    assert "Think Twice" in names(full_db, "o:flash")                  # flashback: start of a word
    assert "Hardened Scales" in names(full_db, 'o:"+1/+1 counter"')
    assert "Llanowar Elves" in names(full_db, "oracle:{t}: text:add")


# -- colors --------------------------------------------------------------------------------

def test_color_colon_means_at_least(full_db):
    got = full_db.search("c:rg")
    assert got and all({"R", "G"} <= set(c.colors) for c in got)
    assert "Bloodbraid Elf" in [c.name for c in got]


def test_color_operators(full_db):
    for q, ok in [("c=u", lambda s: s == {"U"}), ("c>=w", lambda s: "W" in s),
                  ("c<=ub", lambda s: s <= {"U", "B"}), ("c<rg", lambda s: s < {"R", "G"}),
                  ("c>r", lambda s: s > {"R"}), ("c!=r", lambda s: s != {"R"}),
                  ("c:azorius", lambda s: {"W", "U"} <= s), ("color:white", lambda s: "W" in s),
                  ("c=2", lambda s: len(s) == 2), ("c>=3", lambda s: len(s) >= 3)]:
        got = full_db.search(q + " t:creature", limit=300)
        assert got, q
        assert all(ok(set(c.colors)) for c in got), q


def test_colorless_and_multicolor(full_db):
    assert all(c.colors == () for c in full_db.search("c:c", limit=200))
    assert "Ornithopter" in names(full_db, "c:c")
    assert all(len(c.colors) >= 2 for c in full_db.search("c:m", limit=200))
    assert "Lightning Bolt" not in names(full_db, "c:m")
    assert "Lightning Bolt" in names(full_db, "c!=c bolt")
    assert all(len(c.colors) < 2 for c in full_db.search("c<m", limit=200))


def test_identity_colon_means_fits_within(full_db):
    got = full_db.search("id:esper t:legendary t:creature")
    assert got and all(set(c.color_identity) <= {"W", "U", "B"} for c in got)
    assert all(set(c.color_identity) == {"W", "U"} for c in full_db.search("id=wu", limit=100))
    assert all(set(c.color_identity) == set("WUBRG") for c in full_db.search("identity>=wubrg", limit=100))
    assert all(c.color_identity == () for c in full_db.search("id:c", limit=100))


# -- numbers -------------------------------------------------------------------------------

@pytest.mark.parametrize("q,ok", [
    ("mv=3", lambda v: v == 3), ("mv:3", lambda v: v == 3), ("cmc<2", lambda v: v < 2),
    ("mv<=2", lambda v: v <= 2), ("mv>5", lambda v: v > 5), ("mv>=5", lambda v: v >= 5),
    ("mv!=0", lambda v: v != 0),
])
def test_mana_value(full_db, q, ok):
    got = full_db.search(q + " t:creature", limit=200)
    assert got and all(ok(c.mana_value) for c in got)


def test_power_toughness_loyalty(full_db):
    from engine.cards.db import _num
    assert all(_num(c.power) >= 10 for c in full_db.search("pow>=10", limit=100))
    assert all(_num(c.toughness) < 1 for c in full_db.search("tou<1 t:creature", limit=100))
    assert all(c.loyalty == "3" for c in full_db.search("loy=3", limit=100))
    got = full_db.search("pow>tou t:elf", limit=100)
    assert got and all(_num(c.power) > _num(c.toughness) for c in got)
    assert "Tarmogoyf" in names(full_db, "pow=0 tou=1 t:lhurgoyf")     # */1+* counts as 0/1


# -- printings -----------------------------------------------------------------------------

def test_set(full_db):
    dom = names(full_db, "s:dom")
    assert "History of Benalia" in dom and "Lightning Bolt" not in dom
    assert "Lightning Strike" in names(full_db, "set:m19") and "Lightning Strike" in names(full_db, "e:xln")
    assert names(full_db, "s:zzz") == []


def test_rarity(full_db):
    assert "History of Benalia" in names(full_db, "r:mythic s:dom")
    assert "History of Benalia" in names(full_db, "r:m")
    assert "History of Benalia" in names(full_db, "r>=rare s:dom")
    assert "History of Benalia" not in names(full_db, "r<rare s:dom")
    assert "Lightning Strike" in names(full_db, "rarity:uncommon")
    assert "Lightning Strike" not in names(full_db, "r>uncommon")


def test_format_legality(fixture_db):
    assert "Channel" in names(fixture_db, "f:vintage")                 # restricted still counts
    assert "Channel" not in names(fixture_db, "f:legacy")
    assert names(fixture_db, "banned:legacy") == ["Channel"]
    assert names(fixture_db, "restricted:vintage") == ["Channel"]
    assert "Serra Angel" in names(fixture_db, "legal:standard")


# -- is: -----------------------------------------------------------------------------------

@pytest.mark.parametrize("q,yes,no", [
    ("is:permanent", "Grizzly Bears", "Lightning Bolt"),
    ("is:permanent", "Forest", "Counterspell"),
    ("is:spell", "Lightning Bolt", "Forest"),
    ("is:legendary", "Isamaru, Hound of Konda", "Grizzly Bears"),
    ("is:historic", "Ornithopter", "Grizzly Bears"),
    ("is:multicolor", "Bloodbraid Elf", "Lightning Bolt"),
    ("is:colorless", "Ornithopter", "Lightning Bolt"),
    ("is:split", "Fire // Ice", "Lightning Bolt"),
    ("is:transform", "Delver of Secrets // Insectile Aberration", "Fire // Ice"),
    ("is:dfc", "Delver of Secrets // Insectile Aberration", "Fire // Ice"),
    ("is:mdfc", "Valki, God of Lies // Tibalt, Cosmic Impostor", "Fire // Ice"),
    ("is:adventure", "Brazen Borrower // Petty Theft", "Fire // Ice"),
    ("is:flip", "Bushi Tenderfoot // Kenzo the Hardhearted", "Fire // Ice"),
    ("is:meld", "Bruna, the Fading Light // Brisela, Voice of Nightmares", "Fire // Ice"),
    ("is:vanilla", "Grizzly Bears", "Serra Angel"),
    ("is:commander", "Isamaru, Hound of Konda", "Grizzly Bears"),
    ("not:permanent", "Lightning Bolt", "Grizzly Bears"),
])
def test_is(full_db, q, yes, no):
    got = names(full_db, q)
    assert yes in got and no not in got


def test_keyword_mana_and_layout(full_db):
    got = full_db.search("k:flying t:angel", limit=50)
    assert got and all("Flying" in c.keywords for c in got)
    assert "Ball Lightning" in names(full_db, "m:{r}{r}{r}")
    assert "Ball Lightning" in names(full_db, "mana:rrr")
    assert "Fire // Ice" in names(full_db, "layout:split")


# -- boolean structure ---------------------------------------------------------------------

def test_negation(full_db):
    got = full_db.search("t:goblin -t:creature", limit=100)
    assert got and all("Creature" not in c.types for c in got)
    assert "Lightning Bolt" not in names(full_db, "bolt -c:r")
    assert "Lightning Bolt" not in names(full_db, "bolt -(c:r or c:g)")
    assert "Lightning Bolt" in names(full_db, "bolt -pow>1")      # no power: a negated comparison holds


def test_or_and_precedence(full_db):
    gob, elf = set(names(full_db, "t:goblin")), set(names(full_db, "t:elf"))
    assert set(names(full_db, "t:goblin or t:elf")) == gob | elf
    assert set(names(full_db, "t:goblin OR t:elf")) == gob | elf
    a = set(names(full_db, "c:r t:goblin or c:g t:elf"))
    assert a == set(names(full_db, "c:r t:goblin")) | set(names(full_db, "c:g t:elf"))
    assert set(names(full_db, "t:goblin and c:r")) == set(names(full_db, "t:goblin c:r"))


def test_parentheses(full_db):
    got = full_db.search("(c:r or c:g) t:beast", limit=300)
    assert got and all(("R" in c.colors or "G" in c.colors) and "beast" in c.type_line.lower() or c.faces
                       for c in got)
    assert set(names(full_db, "((t:goblin))")) == set(names(full_db, "t:goblin"))


def test_parse_tree():
    tree = parse('t:elf -(c:r or o:"draw a card") mv>=2')
    assert isinstance(tree, And) and len(tree.nodes) == 3
    assert isinstance(tree.nodes[1], Not) and isinstance(tree.nodes[1].node, Or)
    assert tree.nodes[1].node.nodes[1] == Term("o", ":", "draw a card", 15, 17, True)


def test_compile_uses_parameters_only():
    sql, params = compile_query("t:\"'; DROP TABLE cards; --\" o:\"Will-o'-the-Wisp\"")
    assert "DROP" not in sql and any("drop table" in str(p) for p in params)


# -- errors --------------------------------------------------------------------------------

@pytest.mark.parametrize("q,pos,words", [
    ("", 0, "empty"),
    ("   ", 0, "empty"),
    ('o:"draw a', 2, "unterminated quote"),
    ("t:goblin (c:r", 9, "never closed"),
    ("t:goblin )", 9, "unexpected ')'"),
    ("()", 0, "empty parentheses"),
    ("or t:goblin", 0, "'or' needs a term before"),
    ("t:goblin or", 9, "'or' needs a term after"),
    ("t:goblin or or t:elf", 9, "'or' needs a term after"),
    ("and t:elf", 0, "'and' needs a term before"),
    ("t:elf and", 6, "'and' needs a term after"),
    ("t:elf -", 6, "nothing after '-'"),
    ("foo:bar", 0, "unknown keyword 'foo'"),
    ("t:", 2, "needs a value"),
    ('o:""', 2, "needs a value"),
    ("mv>abc", 3, "needs a number"),
    ("pow=x", 4, "needs a number"),
    ("t>elf", 0, "takes ':'"),
    ("is:bogus", 3, "unknown is: value"),
    ("c:q", 2, "not a color"),
    ("r:ultra", 2, "not a rarity"),
    ("c<=m", 0, "not supported"),
    ("m:!!", 2, "not a mana cost"),
    ("!", 0, "needs a card name"),
])
def test_query_errors(q, pos, words):
    with pytest.raises(QueryError) as e:
        compile_query(q)
    assert words in str(e.value)
    assert e.value.position == pos
    assert f"column {pos + 1}" in str(e.value)


def test_query_error_pointer():
    with pytest.raises(QueryError) as e:
        parse("t:goblin (c:r")
    assert e.value.pointer() == "t:goblin (c:r\n         ^"


def test_search_raises_query_error(full_db):
    with pytest.raises(QueryError):
        full_db.search("t:goblin (")
    with pytest.raises(QueryError):
        full_db.count("")
