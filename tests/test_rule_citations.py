"""The rules we cite are the Comprehensive Rules of April 8, 2016 (issue 14 item 6).

The text ships in docs/rules/ so this runs anywhere. Each keyword of the compiler's
registry cites its 2016 702 rule, whose heading must name it, or says it was printed later;
every CR number cited in engine/ must exist in that text.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.cards.compiler import keywords as kw

ROOT = Path(__file__).resolve().parent.parent
RULES_FILE = ROOT / "docs" / "rules" / "MagicCompRules_20160408.txt"


def _rules() -> list[str]:
    return RULES_FILE.read_text(encoding="utf-8").splitlines()


def _headings() -> dict[str, str]:
    """'702.36' -> 'Morph' (the 702 headings of the 2016 rules)."""
    out = {}
    for line in _rules():
        m = re.match(r"^(702\.\d+)\. (.+)$", line)
        if m and len(m.group(2)) < 40:
            out[m.group(1)] = m.group(2).strip()
    return out


def _rule_ids() -> set[str]:
    ids = set()
    for line in _rules():
        m = re.match(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? ", line)
        if m:
            ids.add(m.group(1))
    return ids


def test_rules_text_is_the_2016_one():
    text = RULES_FILE.read_text(encoding="utf-8")
    assert "These rules are effective as of April 8, 2016." in text


@pytest.mark.parametrize("name", sorted(kw.CR_2016))
def test_keyword_cites_its_2016_heading(name):
    rule = kw.CR_2016[name]
    assert _headings().get(rule, "").casefold() == name.casefold(), (name, rule, _headings().get(rule))


@pytest.mark.parametrize("name", sorted(kw.VARIANT_OF))
def test_variant_is_defined_in_its_keywords_rule(name):
    base = kw.VARIANT_OF[name]
    rule = kw.CR_2016[base]
    body = " ".join(l for l in _rules() if re.match(re.escape(rule) + r"[a-z] ", l)).casefold()
    if name == "Umbra armor":  # the 2023 name of totem armor: the 2016 text has the old name only
        assert "umbra armor" not in body and "totem armor" in body
    else:
        assert name.casefold() in body, (name, rule)


@pytest.mark.parametrize("name", sorted(kw.LATER))
def test_later_keyword_is_not_in_the_2016_rules(name):
    assert name.casefold() not in {h.casefold() for h in _headings().values()}
    assert kw.SIMPLE[name] == f"not in the 2016 rules (introduced by {kw.LATER[name]})"


def test_every_keyword_read_has_a_citation():
    read = kw.BARE | kw.NUMBERED | kw.COSTED
    assert read <= set(kw.SIMPLE)
    assert all(kw.SIMPLE[k] for k in kw.SIMPLE)


#: CR numbers cited in files of other areas (engine/*.py, engine/ops/, engine/cards/abilities.py,
#: engine/cards/data.py) that do not exist in the 2016 text (mostly today's numbers): kept as a
#: set of numbers, not of files, so that code moving between modules does not break the check.
#: Any other number fails; remove one here once no file cites it any more. Empty since issue 14's
#: audit: a rule printed after 2016 is cited as "not in 2016 rules", not by a number.
KNOWN_WRONG: frozenset[str] = frozenset()
_CITE = re.compile(r"(?<![\d.\w])([1-9]\d\d\.[1-9]\d*[a-z]?)(?![\d\w])")


def _cited() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for f in sorted((ROOT / "engine").rglob("*.py")):
        rel = f.relative_to(ROOT).as_posix()
        for m in _CITE.finditer(f.read_text(encoding="utf-8")):
            out.setdefault(rel, set()).add(m.group(1))
    return out


def test_every_cr_number_cited_in_engine_exists_in_2016():
    ids = _rule_ids()
    wrong = {f: sorted(x for x in xs if x not in ids) for f, xs in _cited().items()}
    new = {f: [x for x in xs if x not in KNOWN_WRONG] for f, xs in wrong.items()}
    assert not {f: xs for f, xs in new.items() if xs}, "CR numbers not in the 2016 rules"
    still = {x for xs in wrong.values() for x in xs}
    assert not sorted(KNOWN_WRONG - still), "no longer cited: remove them from KNOWN_WRONG"


def _keyword_lines() -> list[tuple[str, int, str, str]]:
    """(file, line, cited 702 number, its 2016 heading) for each 702 rule cited in engine/ on
    a line that names a keyword of the 2016 rules but not that rule's own keyword, in it or
    in the lines beside it ("exalted, 702.83" cites unearth: exalted is 702.82)."""
    heads = _headings()
    names = {h.casefold() for h in heads.values()}
    cite = re.compile(r"(?<![\d.\w])(702\.\d+)[a-z]?(?![\d\w])")
    out = []
    for f in sorted((ROOT / "engine").rglob("*.py")):
        lines = f.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            for m in cite.finditer(line):
                own = heads.get(m.group(1), "").casefold()
                near = " ".join(lines[max(0, i - 1):i + 2]).casefold()
                if own and own not in near and any(re.search(rf"\b{re.escape(n)}\b", line.casefold()) for n in names):
                    out.append((f.relative_to(ROOT).as_posix(), i + 1, m.group(1), heads[m.group(1)]))
    return out


def test_a_keyword_named_beside_a_702_rule_is_that_rules_keyword():
    """Where a line names a keyword and cites a 702 rule, the rule is that keyword's (or of a
    keyword named in the lines beside it): a wrong number that exists in the 2016 text passes
    the check above, and this catches it."""
    assert not _keyword_lines(), "702 rules cited beside another keyword's name: " + str(_keyword_lines())
