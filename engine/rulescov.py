"""The rules coverage report: ``python -m engine.scenario --rules-coverage PATH... [--json]``.

Counts, per section of chapters 1-7 of the Comprehensive Rules of April 8, 2016, the
numbered rules (``x.y``, e.g. 510.1) that the ``rules:`` lines of at least one *passing*
scenario cite. A subrule citation (510.1c) counts for its rule (510.1); a section number
alone (510), or a number the 2016 text does not have (a later edition's number), counts
for nothing and is listed. Multiplayer (chapter 8) and the casual variants (chapter 9: Planechase, Vanguard,
Commander, Archenemy, Conspiracy) are counted the same way in a total of their own (``chapters_8_9`` in the JSON).

What "exercised" means here, checked for every citing scenario:
- the scenario passes (its setup, every decision and every checkpoint hold), and
- it checks something: it has at least one checkpoint (``expect``, as a step or as the
  final key) or a decision marked ``expect: illegal``; a scenario that only plays
  decisions asserts nothing and its citations do not count.
Whether the checkpoint really concerns the cited rule is for review to judge: each
scenario's name and ``rules:`` line say what it proves.

Rules that cannot be met in our games (ante, subgames, the cards of casual variants we
do not play, text with no effect on game play) are listed in OUT_OF_SCOPE with the
reason and count neither as cited nor as rules.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

RULES_FILE = "MagicCompRules_20160408.txt"
_HERE = Path(__file__).resolve().parent.parent
RULES_PATHS = (_HERE / "docs" / "rules" / RULES_FILE, _HERE.parent / "shared" / "rules" / RULES_FILE,
               Path("../shared/rules") / RULES_FILE)

_RULE_LINE = re.compile(r"^(\d\d\d)\.(\d+)\. (.*)$")
_ANY_LINE = re.compile(r"^(\d\d\d\.\d+[a-z]?)\.? ")
#: the chapters of the main count (the issue's target is over these)
CORE = tuple("1234567")
#: counted beside them, in a total of their own: multiplayer (chapter 8) and the casual variants (chapter 9)
EXTRA = ("8", "9")
_CITE = re.compile(r"^(\d{3})\.(\d+)([a-z]*)$")

_NO_PLAY = "has no effect on game play"
# Planechase (901), Vanguard (902), Archenemy (904) and conspiracies in the command zone (905.4) are played
# (engine/planechase.py, vanguard.py, archenemy.py, conspiracy.py): their rules are in scope. Conspiracies are only
# partly: hidden agenda (702.105) and the abilities that work during a draft (905.2) are not carried out.
_VARIANT = "conspiracies: the draft abilities (905.2) and hidden agenda (702.105) are not carried out"
_MULTI = ("a multiplayer variant or option our games do not offer (they offer the two-player game, Free-for-All "
          "with the options of 801-803, Two-Headed Giant and Commander)")
# Whole sections (three digits) or single rules (x.y) out of scope, with the reason.
OUT_OF_SCOPE: dict[str, str] = {
    "100.6": "tournament organisation, outside the game",
    "203": f"the illustration {_NO_PLAY} (203.1)",
    "206": f"the expansion symbol {_NO_PLAY}; sets and rarities are not game objects here",
    "212": f"the text below the text box {_NO_PLAY} (212.1)",
    "800.3": "the rules of multiplayer tournaments, outside the game",
    "900.1": "the list of the casual variants of chapter 9, no rule of its own",
    "900.2": "what the casual variants use besides (zones, cards, dice), no rule of its own",
    "901.12": "Two-Headed Giant Planechase (the primary player as planar controller, both players rolling): a "
              "Planechase game is offered as a two-player or Free-for-All game",
    "901.13": "planes and phenomena under the limited range of influence option: the exemption is not carried out",
    "901.14": "Grand Melee Planechase: Grand Melee is not offered",
    "901.15": "the single planar deck option: each player brings a planar deck",
    "905.1": "the Conspiracy draft: conspiracies' draft abilities are not carried out (905.2)",
    "905.2": "abilities that work during a draft: not carried out (the conspiracies with them stay unsupported)",
    "801.18": "planes and phenomena in a game with the limited range of influence option: the exemption is not "
              "carried out",
    "804": f"the deploy creatures option: {_MULTI}",
    "807": f"Grand Melee: {_MULTI}",
    "808": f"Team vs. Team: {_MULTI}",
    "809": f"the Emperor variant: {_MULTI}",
    "811": f"Alternating Teams: {_MULTI}",
    "805.9": "which active player an ability means with shared team turns: no supported card says \"active player\"",
    "903.10": "a commander exiled face down that another player may look at: a commander leaving a library or hand "
              "takes its owner's standing 903.9 answer (the command zone), and no supported effect exiles a card face "
              "down from a public zone for another player to look at",
    "313.7": f"looking at a face-down conspiracy: {_VARIANT}",
    "207.4": f"the chaos symbol on plane cards {_NO_PLAY} (207.4)",
    "407": "ante: the cards that use it are banned and our games are never played for ante (407.1)",
    "702.105": "hidden agenda: Conspiracy draft only",
    "715": "subgames: only Shahrazad (banned everywhere) makes one",
    "714.6": "restarting a subgame: there are no subgames here (715)",
    "711.6": "transforming into an instant or sorcery face: no card can bring it about; the only permanents "
             "with such a face are lands played from modal double-faced cards (Sink into Stupor // Soporific "
             "Springs), and every effect in the card data that transforms a permanent other than itself names "
             "Humans, Werewolves, Incubator tokens or artifacts and Phyrexians (Moonmist, Waxing Moon, "
             "Progenitor Exarch, That's No Moonmist)",
    # printed appearance, physical handling and old names: no game behaviour to exercise
    "107.9": f"the tombstone icon {_NO_PLAY} (107.9)",
    "107.10": f"the type icon {_NO_PLAY} (107.10)",
    "108.1": "which wording is authoritative (the Oracle text): a fact about the card data, not a game event",
    "108.6": "a cross-reference to section 2, no rule of its own",
    "201.1": "where the name is printed",
    "204.1": "where the color indicator is printed",
    "207.1": "where the text box is printed",
    "207.2": f"italic reminder and flavor text {_NO_PLAY} (207.2)",
    "207.3": f"decorative text-box icons {_NO_PLAY} (207.3)",
    "402.3": "how a player physically arranges the hand",
    "403.5": "the battlefield's old name (in-play zone)",
    "406.4": "how face-down exiled cards are physically piled",
    "406.5": "how exiled cards that may return are physically kept apart",
    "406.8": "the exile zone's old name (removed-from-the-game zone)",
    "100.2": "the physical materials of a game (decks, token and counter markers, a way to track life)",
    "100.3": "the physical items some casual variants need (dice, special cards)",
    "108.2": "the physical size of traditional and oversized cards",
    "403.1": "where the players physically keep their permanents on the table",
    "709.3": "how a player physically shows whether a flip card is flipped (the table draws it)",
    "711.3": "how double-faced cards are kept indistinguishable in hidden zones (sleeves, checklist cards)",
    "601.1": "casting's old name (playing a spell)",
    # no card in the card data can bring these about (checked over the whole oracle corpus, not only supported cards)
    "106.8": "adding mana of a hybrid symbol: no card in the card data adds hybrid mana",
    "106.9": "adding mana of a Phyrexian symbol: no card in the card data adds Phyrexian mana",
    "400.8": "exiling an object already in exile: no card in the card data exiles a card from exile",
    "406.7": "exiling an object already in exile: no card in the card data exiles a card from exile",
    "401.6": "a revealed top card hidden and revealed again being a new object: no card refers to the revealed "
             "top card as an object across such a gap; the effects that reveal it (Courser of Kruphix, Future "
             "Sight, Bolas's Citadel) read the top card anew each time",
    # kept by construction, with nothing a scenario could observe failing
    "500.11": "nothing happens between steps by construction: the step machine (Game._end_step) ends a step (mana "
              "empties, 500.4) and begins the next in one move, whose turn-based actions happen in it (500.6-500.8, "
              "501-514); no decision, trigger or state-based check can stand between two steps, so no checkpoint "
              "can either",
    "120.8": "no card is drawn while a spell is being cast or an ability activated: a cast or an activation is one "
             "answer (601.2a-i, 602.2), the mana abilities paid with during it (601.2g) are those that only tap and "
             "only add mana (engine/payment.py; triggered mana abilities that only add mana, 605.1b), and one that "
             "does more (Chromatic Sphere's draw) is activated on its own while its controller has priority "
             "(605.3a), before the spell is begun; its draw and reveal happen then, so the face-down drawn card of "
             "120.8 never exists (the same cards, drawn the same way, before the cast: an order the rules allow)",
    "904.2": "the default Archenemy setup (Team vs. Team with shared team turns, 808 and 805): an Archenemy game is "
             "offered two-player or as the Supervillain Rumble option (904.12); one archenemy among more than two "
             "players is refused (Game.new)",
}


def rules_text_path() -> Path:
    """The first copy of the 2016 rules text found (the repository's own first)."""
    for p in RULES_PATHS:
        if p.exists():
            return p
    raise FileNotFoundError(f"{RULES_FILE} not found in any of: {', '.join(map(str, RULES_PATHS))}")


def load_rules(path: Path | None = None, chapters: tuple[str, ...] = CORE) -> dict[str, str]:
    """The numbered rules x.y of ``chapters`` (prefixes of the section number: chapters 1-7 by
    default), each with the start of its text, in text order.

    The text's contents list comes first and has no numbered rules, so every match is a rule.
    """
    rules: dict[str, str] = {}
    with open(path or rules_text_path(), encoding="utf-8-sig") as f:
        for line in f:
            m = _RULE_LINE.match(line.rstrip("\r\n"))
            if m and m[1].startswith(chapters):
                rules.setdefault(f"{m[1]}.{m[2]}", m[3][:80])
    return rules


def load_ids(path: Path | None = None) -> frozenset[str]:
    """Every rule and subrule number in the text ('510.1', '510.1c', '903.8')."""
    with open(path or rules_text_path(), encoding="utf-8-sig") as f:
        return frozenset(m[1] for line in f if (m := _ANY_LINE.match(line)))


def rule_of(citation: Any) -> str | None:
    """The numbered rule x.y a citation names: '510.1c' -> '510.1'; None for '510' or junk."""
    m = _CITE.match(str(citation).strip().rstrip("."))
    return f"{m[1]}.{m[2]}" if m else None


def out_of_scope(rule: str) -> str | None:
    """The reason a rule is out of scope, or None."""
    return OUT_OF_SCOPE.get(rule) or OUT_OF_SCOPE.get(rule.split(".")[0])


def checks_something(sc: dict[str, Any]) -> bool:
    """True when the scenario has a checkpoint or an ``expect: illegal`` decision."""
    if sc.get("expect"):
        return True
    return any(isinstance(s, dict) and s.get("expect") for s in sc.get("steps") or [])


@dataclass
class Report:
    """Coverage of the in-scope rules by passing, checking scenarios."""
    rules: dict[str, str]                               # every numbered rule of chapters 1-7
    ids: frozenset[str] = frozenset()                   # every rule and subrule number (empty: not checked)
    cited: dict[str, list[str]] = field(default_factory=dict)   # rule -> names of the scenarios
    unknown: dict[str, list[str]] = field(default_factory=dict)  # citation not in the text -> scenarios
    not_counted: dict[str, list[str]] = field(default_factory=dict)  # scenario -> why its cites do not count
    scenarios: int = 0
    extra: dict[str, str] = field(default_factory=dict)  # the rules of EXTRA, counted apart

    def add(self, sc: dict[str, Any], name: str, reason: str | None) -> None:
        """Record one scenario run: its citations count only if it passed and checks something."""
        self.scenarios += 1
        cites = sc.get("rules") or [] if isinstance(sc, dict) else []
        if isinstance(cites, (str, int, float)):
            cites = [cites]
        if reason is not None:
            self.not_counted[name] = [f"fails: {reason}"]
            return
        if not checks_something(sc):
            self.not_counted[name] = ["checks nothing"]
            return
        for c in cites:
            r = rule_of(c)
            if r is not None and r in self.extra and (not self.ids or str(c).strip() in self.ids):
                if out_of_scope(r) is None:
                    self.cited.setdefault(r, []).append(name)
                continue
            if r is None or r not in self.rules or (self.ids and str(c).strip() not in self.ids):
                if not str(c).startswith(("8", "9")):
                    self.unknown.setdefault(str(c), []).append(name)
                continue
            if out_of_scope(r) is None:
                self.cited.setdefault(r, []).append(name)

    def in_scope(self) -> list[str]:
        return [r for r in self.rules if out_of_scope(r) is None]

    def sections(self, rules: dict[str, str] | None = None) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for r in self.rules if rules is None else rules:
            s = out.setdefault(r.split(".")[0], {"cited": 0, "rules": 0, "out_of_scope": 0, "uncited": []})
            if out_of_scope(r):
                s["out_of_scope"] += 1
            elif r in self.cited:
                s["cited"] += 1
                s["rules"] += 1
            else:
                s["rules"] += 1
                s["uncited"].append(r)
        return out

    def as_json(self) -> dict[str, Any]:
        scope = self.in_scope()
        cited = sum(1 for r in scope if r in self.cited)
        return {
            "cited": cited, "rules": len(scope), "all_rules": len(self.rules),
            "percent": round(100 * cited / len(scope), 1) if scope else 0.0,
            "sections": self.sections(),
            "out_of_scope": {r: out_of_scope(r) for r in self.rules if out_of_scope(r)},
            "unknown_citations": self.unknown,
            "not_counted": self.not_counted,
            "scenarios": self.scenarios,
            "chapters_8_9": self._extra_json(),
        }

    def _extra_json(self) -> dict[str, Any]:
        """The count of EXTRA (chapters 8 and 9), kept apart from the main one."""
        scope = [r for r in self.extra if out_of_scope(r) is None]
        cited = sum(1 for r in scope if r in self.cited)
        return {"cited": cited, "rules": len(scope), "all_rules": len(self.extra),
                "percent": round(100 * cited / len(scope), 1) if scope else 0.0,
                "sections": self.sections(self.extra),
                "out_of_scope": {r: out_of_scope(r) for r in self.extra if out_of_scope(r)}}

    def text(self) -> str:
        j = self.as_json()
        lines = []
        chapters: dict[str, list[int]] = {}
        for sec, s in j["sections"].items():
            tot = chapters.setdefault(sec[0], [0, 0])
            tot[0] += s["cited"]
            tot[1] += s["rules"]
            lines.append(_section_line(sec, s))
        lines.append("")
        for ch, (ncited, nrules) in chapters.items():
            lines.append(f"chapter {ch}00: {ncited}/{nrules} ({100 * ncited / nrules:.1f}%)")
        x = j["chapters_8_9"]
        if x["all_rules"]:
            lines.append("")
            lines += [_section_line(sec, s) for sec, s in x["sections"].items()]
            lines.append(f"multiplayer and casual variants (chapters 800, 900): {x['cited']}/{x['rules']} "
                         f"({x['percent']}%)")
        lines.append("")
        lines.append("out of scope:")
        reasons: dict[str, list[str]] = {}
        for r, why in (j["out_of_scope"] | x["out_of_scope"]).items():
            reasons.setdefault(why, []).append(r)
        for why, rs in reasons.items():
            lines.append(f"  {_span(rs)}: {why}")
        if self.unknown:
            lines.append("citations of no numbered rule of chapters 1-7: "
                         + ", ".join(f"{cite} ({len(v)})" for cite, v in sorted(self.unknown.items())))
        if self.not_counted:
            lines.append(f"scenarios whose citations do not count: {len(self.not_counted)}")
            for name, whys in sorted(self.not_counted.items()):
                lines.append(f"  {name}: {whys[0]}")
        lines.append(f"total: {j['cited']}/{j['rules']} rules cited by passing scenarios ({j['percent']}%), "
                     f"{j['all_rules'] - j['rules']} out of scope, {self.scenarios} scenarios")
        return "\n".join(lines)


def _section_line(sec: str, s: dict[str, Any]) -> str:
    """One section of the text report: cited/rules, the out-of-scope count, the uncited rules."""
    if s["rules"] == 0:
        return f"{sec}  out of scope ({s['out_of_scope']} rules)"
    line = f"{sec}  {s['cited']:3d}/{s['rules']:<3d}"
    if s["out_of_scope"]:
        line += f" ({s['out_of_scope']} out of scope)"
    if s["uncited"]:
        line += "  uncited: " + " ".join(s["uncited"])
    return line


def _span(rules: list[str]) -> str:
    return rules[0] if len(rules) == 1 else f"{rules[0]}-{rules[-1]} ({len(rules)})"


def report(runs: list[tuple[dict[str, Any], str, str | None]], rules_path: Path | None = None) -> Report:
    """Build the report from scenario runs: (scenario, name, failure reason or None)."""
    rep = Report(load_rules(rules_path), load_ids(rules_path), extra=load_rules(rules_path, EXTRA))
    for sc, name, reason in runs:
        rep.add(sc, name, reason)
    return rep


def print_report(rep: Report, as_json: bool) -> None:
    print(json.dumps(rep.as_json(), indent=1) if as_json else rep.text())
