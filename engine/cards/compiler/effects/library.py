"""The library (CR 401): searching (701.15), shuffling (701.16), looking at and revealing the
top cards ("dig"), revealing until a card is found.
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.abilities import Effect
from engine.cards.compiler.effects.context import Ctx, Reader, reader
from engine.cards.compiler.quantities import amount
from engine.cards.compiler.targets import number, parse_noun


@reader(r"^search your library for (a|an|up to one|up to two|up to three|two|x|up to x|any number of) (.+?)(?:, reveal (?:it|them|those cards))?, (?:and )?put (?:it|them|that card|those cards) (into your hand|onto the battlefield(?: tapped)?|on top of your library|into your graveyard)(?:, then shuffle| and shuffle)?$")
def _search(m: re.Match, c: Ctx) -> list[Effect] | None:
    return _search_common(m.group(1), m.group(2), m.group(3), bool(re.search(r"reveal", m.group(0))))


def _search_common(count: str, noun: str, dest: str, reveal: bool) -> list[Effect] | None:
    different = noun.endswith(" with different names")
    noun = re.sub(r" with different names$", "", noun)
    if re.fullmatch(r"cards? named self", noun):
        f: dict[str, Any] | None = {"name": "SELF"}
    elif noun in ("card", "cards"):
        f = {}
    else:
        f = parse_noun(noun)
    if f is None or f.get("_needs_player_target") or f.get("controller"):
        return None
    f.pop("zone", None)
    if different:
        f["different_names"] = True
    n: Any = {"a": 1, "an": 1, "up to one": 1, "up to two": 2, "up to three": 3, "two": 2, "x": {"x": True},
              "up to x": {"x": True}, "any number of": 99}[count]
    to = "hand" if "hand" in dest else "battlefield" if "battlefield" in dest else "library_top" if "top" in dest else "graveyard"
    args: dict[str, Any] = {"filter": f, "amount": n, "to": to}
    if count.startswith("up to") or count == "any number of":
        args["up_to"] = True
    if "tapped" in dest:
        args["tapped"] = True
    if reveal:
        args["reveal"] = True
    return [Effect("search", args)]


@reader(r"^search your library for (a|an|up to one|up to two|up to three|two|x|up to x|any number of) (.+?)(?:, reveal (?:it|them|those cards))?, put (?:one|it|one of them) into your hand and the other into your graveyard, then shuffle$")
def _search_split(m: re.Match, c: Ctx) -> list[Effect] | None:
    return None


@reader(r"^(?:then )?shuffle(?: your library)?$")
def _shuffle(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("shuffle", {"who": "you"})]


SEARCH_NAMED = re.compile(r"^(you may )?search your library and/or graveyard for a card named (.+?), reveal it, and put it into "
                           r"your hand\. if you search your library this way, shuffle\.?$")


REVEAL_UNTIL_RX = re.compile(r"^reveal cards from the top of your library until you reveal (?:a|an) (.+?) card\. put that card (into your hand|onto the battlefield) and the rest (on the bottom of your library in a random order|into your graveyard)$")


def reveal_until(m: re.Match, c: Ctx) -> list[Effect] | None:
    f = parse_noun(m.group(1))
    if f is None:
        return None
    return [Effect("reveal_until", {"filter": f, "to": "hand" if "hand" in m.group(2) else "battlefield",
                                    "rest": "graveyard" if "graveyard" in m.group(3) else "library_bottom"})]


@reader(r"^search your library and/or graveyard for a card named (.+?), reveal it, and put it into your hand$")
def _search_named_gy(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("search", {"filter": {"name": _title(m.group(1))}, "amount": 1, "to": "hand", "reveal": True,
                              "zones": ["library", "graveyard"]})]


_SMALL = {"of", "the", "a", "an", "and", "to", "in", "from", "for", "on", "with"}


def _title(name: str) -> str:
    """A card name read from lower-cased text, recapitalised ("vial of dragonfire" -> "Vial of Dragonfire")."""
    words = name.split(" ")
    out = []
    for i, w in enumerate(words):
        if w.startswith("self"):
            out.append("SELF" + w[4:])
        elif i and w in _SMALL:
            out.append(w)
        else:
            out.append("-".join(p[:1].upper() + p[1:] for p in w.split("-")))
    return " ".join(out)


@reader(r"^if you search your library this way, shuffle$")
def _search_shuffle(m: re.Match, c: Ctx) -> list[Effect] | None:
    return []   # search (zones library+graveyard) shuffles when it searched the library


@reader(r"^search your library for a card named (.+?) or (.+?), reveal it, put it into your hand, then shuffle$")
def _search_named2(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("search", {"filter": {"or": [{"name": _title(m.group(1))}, {"name": _title(m.group(2))}]}, "amount": 1,
                              "to": "hand", "reveal": True})]


_DIG = re.compile(
    r"^look at the top (two|three|four|five|six|seven|eight|x|\d+) cards of your library\. "
    r"(?:(you may reveal|you may put|put) (an?|one|two|up to two|any number of) (.+?) (?:from among them|of them) "
    r"(?:and put (?:it|them|that card) )?(into your hand|onto the battlefield(?: tapped)?)|put (one|two) of them into your hand)"
    r"(?: and the rest (into your graveyard|on the bottom of your library in (?:a random|any) order))?\.?"
    r"(?: put the rest (into your graveyard|on the bottom of your library in (?:a random|any) order)\.?)?$")


_REVEAL_DIG = re.compile(
    r"^reveal the top (two|three|four|five|six|seven|eight|ten|x|\d+) cards of your library\. "
    r"put (a|an|all|one|two|up to two) (.+?) (?:cards )?(?:from among them|revealed this way) (into your hand|onto the battlefield(?: tapped)?) "
    r"and the rest (into your graveyard|on the bottom of your library in (?:a random|any) order)\.?$")


_LOOK_ONE = re.compile(
    r"^look at the top card of your library\. if it's an? (.+?) card, you may (?:reveal it and )?put it (into your hand|onto the battlefield(?: tapped)?)\.?$")


def read_dig(text: str, ctx: Ctx) -> list[Effect] | None:
    m = _REVEAL_DIG.match(text)
    if m:
        noun = m.group(3)
        f = {} if noun in ("card", "cards") else parse_noun(noun)
        if f is None:
            return None
        f.pop("zone", None)
        take = {"a": 1, "an": 1, "one": 1, "two": 2, "all": 99, "up to two": 2}[m.group(2)]
        return [Effect("dig", {"amount": amount(m.group(1)), "take": take, "filter": f, "reveal": True,
                               "to": "hand" if "hand" in m.group(4) else "battlefield",
                               "rest": "graveyard" if "graveyard" in m.group(5) else "library_bottom",
                               **({"tapped": True} if "tapped" in m.group(4) else {})})]
    m = _LOOK_ONE.match(text)
    if m:
        f = parse_noun(m.group(1))
        if f is None:
            return None
        f.pop("zone", None)
        return [Effect("dig", {"amount": 1, "take": 1, "filter": f, "optional": True, "rest": "library_top",
                               "to": "hand" if "hand" in m.group(2) else "battlefield",
                               **({"tapped": True} if "tapped" in m.group(2) else {})})]
    m = _DIG.match(text)
    if not m:
        return None
    n = amount(m.group(1))
    rest = m.group(7) or m.group(8)
    if rest is None:
        return None
    if m.group(6):
        take, f, to, optional = number(m.group(6)), {}, "hand", False
    else:
        take = {"a": 1, "an": 1, "one": 1, "two": 2, "up to two": 2, "any number of": 99}[m.group(3)]
        noun = m.group(4)
        if noun in ("card", "cards"):
            f = {}
        else:
            f2 = parse_noun(noun)
            if f2 is None:
                return None
            f = f2
            f.pop("zone", None)
        to = "hand" if "hand" in m.group(5) else "battlefield"
        optional = m.group(2).startswith("you may")
        if "and/or" in noun and "or" in f and take != 99:
            take = len(f["or"])      # "an Angel card, a Demon card, and/or a Dragon card": one of each
            f = {**f, "one_of_each": True}
    args: dict[str, Any] = {"amount": n, "take": take, "filter": f, "to": to,
                            "rest": "graveyard" if "graveyard" in rest else "library_bottom"}
    if optional:
        args["optional"] = True
    if m.group(5) and "tapped" in m.group(5):
        args["tapped"] = True
    return [Effect("dig", args)]


#: this family's readers, in the order they are tried
READERS: tuple[Reader, ...] = (_search, _search_split, _shuffle, _search_named_gy, _search_shuffle, _search_named2,)
