"""Paragraphs built on "reveal cards from the top of your library until you reveal a ... card" (701.15a), read one
instruction at a time (608.2c) where the fixed forms of engine/cards/compiler/effects/library.py and sequence.py do not
cover the wording.

The reveal leaves every card where it is (engine/ops/library.py reveal_until ``stay``): the cards found are "that card"
/ "those cards" / "the nonland card" (the reference ``revealed_top``), every card revealed is "the revealed cards"
(``revealed_cards``). The instructions after it say where those cards go, one sentence each:

- "Put that card into your hand / onto the battlefield [tapped] [and the rest ...]", "You may put that card onto the
  battlefield", "You may cast that card without paying its mana cost" (a move or an offer of the cards found);
- "Put the rest / all other cards revealed this way / the revealed cards [that weren't put onto the battlefield] on
  the bottom of your library in any order / in a random order / into your graveyard" (op ``revealed_to``: every
  revealed card still in the library, 401.4 for the order), "shuffle the rest into your library" / "Then shuffle"
  (701.19a: the cards never left the library);
- any other instruction, read as usual, where "that card's mana value" (power, toughness) is the found card's as it
  was found (608.2h): "SELF deals damage equal to that card's mana value to that permanent or player" after "Choose any
  target" (the target chosen as the spell is cast, 601.2c).

A paragraph whose revealed cards are not all put somewhere by its text, or whose other instructions name those cards
in words this reader does not bind ("it", "those", "the rest" ...), is not read: the card stays unsupported.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from engine.cards.abilities import Effect
from engine.cards.compiler.effects.context import Ctx
from engine.cards.compiler.targets import number, parse_noun
from engine.cards.compiler.text import sentences

#: the reveal: who reveals ("you may": its controller chooses), how many cards of which kind are looked for, an
#: optional ", then put all cards revealed this way into your hand" (Treasure Hunt)
_REVEAL = re.compile(
    r"^(?:(.+?)(?:, then |\. ))?(if you do, )?(?:(you may )|([a-z' ]+?) (?=reveals))?reveals? cards from the top of "
    r"(?:your|their) "
    r"library until (?:you|they) reveal (a|an|one|two|three|four|five) ([a-z ,-]+? cards?(?: with [a-z0-9 ]+?)?)(, "
    r"then put all cards revealed this way into your hand)?(?:\.|,)(?: (.*))?$")

#: where the cards found go
_DEST = (r"(into (?:your|their) hand|into (?:your|their) graveyard|onto the battlefield(?: tapped)?"
         r"(?: under your control)?)")
#: the cards revealed this way other than those found, and where they go
_REST_WHO = (r"(?:the rest|all other cards revealed this way|the rest of the revealed cards|the other revealed cards|"
             r"all other revealed cards)")
_ALL_WHO = (r"(?:the revealed cards|all cards revealed this way|all revealed cards|all the revealed cards)"
            r"(?: that weren't put onto the battlefield| not cast this way)?")
_WHERE = (r"(on the bottom of (?:your|their) library in (?:any|a random) order|into (?:your|their) graveyard|"
          r"into your hand)")
_SHUFFLE = re.compile(r"^(?:then )?shuffles? (?:the rest|all other cards revealed this way|the rest of the "
                      r"revealed cards) into (?:your|their) library$|^then shuffles?(?: (?:your|their) library)?$")
#: the player who revealed, as the subject of an instruction after the reveal
_SUBJECT = re.compile(r"^(?:then )?(?:that player|the player|they|he or she) (puts?|shuffles?|may put)\b")

#: "that card's mana value" of an instruction after the reveal: the card found (quantities: "the found card's")
_THAT_CARDS = re.compile(r"\b(?:that card's|the revealed card's|the (?:[a-z]+ )?card's)\s+(mana value|power|toughness)")
#: words an instruction this reader does not bind would use for the revealed cards
_UNBOUND = re.compile(r"\b(that card|those cards|the rest|revealed|it|its|them|they|their|those [a-z]+ cards|"
                      r"the [a-z]+ cards?)\b")


def _dest(d: str) -> dict[str, Any]:
    """The move op's arguments for a destination phrase."""
    if d.endswith(" hand"):
        return {"to": "hand"}
    if d.endswith(" graveyard"):
        return {"to": "graveyard"}
    out: dict[str, Any] = {"to": "battlefield"}
    if "tapped" in d:
        out["tapped"] = True
    if "under your control" in d:
        out["control"] = "you"
    return out


def _where(w: str) -> str:
    """The revealed_to destination for a phrase of _WHERE."""
    if w.startswith("on the bottom"):
        return "library_bottom"
    return "hand" if w.endswith(" hand") else "graveyard"


def _found_noun(noun: str, found: str) -> bool:
    """Does "the nonland card" / "those land cards" / "the creature cards revealed this way" name the cards found (the
    same noun as the reveal looked for)?"""
    n = re.sub(r"\s+cards?( revealed this way)?$", "", noun.strip())
    n = re.sub(r"^(?:the|those|all)\s+", "", n)
    return n == found


def _other_noun(noun: str, found: str) -> bool:
    """Does "all noncreature cards revealed this way" name the cards revealed before the creature card found (the
    reveal stops at the card found: every card before it is not of that kind)?"""
    m = re.fullmatch(r"all (non)?([a-z]+) cards revealed this way", noun)
    return m is not None and m.group(1) == "non" and m.group(2) == found


def _move_found(s: str, found: str, opt_prev: bool, who: Any) -> tuple[list[Effect], bool] | None:
    """"[You may ]put that card / the nonland card / those land cards DEST[ and the rest WHERE]": the cards found,
    then optionally the others. Returns the effects and whether the move was optional."""
    m = re.fullmatch(r"(you may |may )?puts? (that card|it|those cards|(?:the|those|all) [a-z ]+? cards?(?: revealed "
                     r"this way)?) " + _DEST + r"(?:,? (?:and|then) (?:puts? )?(" + _REST_WHO + r"|all non[a-z]+ cards "
                     r"revealed this way) " + _WHERE + r"|,? (?:and|then) (shuffles?) " + _REST_WHO
                     + r" into (?:your|their) library)?", s)
    if m is None:
        return None
    if m.group(2) not in ("that card", "it", "those cards") and not _found_noun(m.group(2), found):
        return None
    if m.group(2) == "it" and opt_prev:
        return None
    if who != "you" and m.group(3).endswith(" hand"):
        return None  # whose hand is not read for another player's reveal
    move = Effect("move", {"what": "revealed_top", **_dest(m.group(3))})
    out = [Effect("may", {"effects": [move]})] if m.group(1) else [move]
    if m.group(6):  # "put that card onto the battlefield and shuffle all other cards revealed this way into your
        # library": they never left it (701.19a)
        if m.group(1):
            return None
        out.append(Effect("shuffle", {"who": who}))
    if m.group(4):
        if m.group(1):  # "you may put that card ... and the rest ...": the rest without it is not said
            return None
        if m.group(4).startswith("all non") and not _other_noun(m.group(4), found):
            return None
        out.append(Effect("revealed_to", {"to": _where(m.group(5)), "except_found": True,
                                          **({"who": who} if who != "you" else {})}))
    return out, bool(m.group(1))


def _rest(s: str, optional: bool, found: str, who: Any) -> list[Effect] | None:
    """"Put the rest / the revealed cards ... WHERE", "shuffle the rest into your library", "Then shuffle"."""
    m = re.fullmatch(r"(?:then )?puts? (" + _REST_WHO + r"|" + _ALL_WHO + r"|all non[a-z]+ cards revealed this way) "
                     + _WHERE, s)
    by = {"who": who} if who != "you" else {}
    if m:
        other = bool(re.fullmatch(_REST_WHO, m.group(1)))
        if m.group(1).startswith("all non"):
            if not _other_noun(m.group(1), found):
                return None
            other = True
        if optional and other:
            return None  # after "you may put that card ...": is the card not put one of "the rest"? not said
        return [Effect("revealed_to", {"to": _where(m.group(2)), **({"except_found": True} if other else {}), **by})]
    if _SHUFFLE.fullmatch(s):
        return [Effect("shuffle", {"who": who})]
    return None


def read_reveal_until(text: str, ctx: Ctx, parse: Callable[[str, Ctx], list[Effect] | None]) -> list[Effect] | None:
    """The paragraph with a reveal-until instruction (module docstring); ``parse`` reads the other instructions
    (engine/cards/compiler/effects/sequence.py parse_effects). None when it is not such a paragraph or a part is not
    understood."""
    low = text.strip().lower()
    m = _REVEAL.match(low)
    if m is None:
        return None
    head, if_do, may, who_txt, many, noun, all_hand, tail = m.groups()
    if if_do and (not head or may):
        return None
    n = number(many) or 1
    noun, _, with_part = re.sub(r"\bcards\b", "card", noun).partition(" card")
    f = parse_noun(noun + " card" + with_part)
    if f is None or f.get("player") or f.get("controller") or f.get("_needs_player_target") \
            or f.get("zone") not in (None, "any_card", "library") \
            or re.search(r"'(?:it|self|that_much|count_this_way)'", repr(f)):
        return None  # ("with lesser mana value": lesser than what the text named before; "equal to the result" of a
        # roll: not bound here)
    f.pop("zone", None)
    out: list[Effect] = []
    tail = tail or ""
    if head:
        hm = re.fullmatch(r"choose (any target|target player or planeswalker)", head)
        if hm:  # "Choose any target. ... to that permanent or player": the target of the spell (601.2c), chosen as
            # it is cast; named by the later instruction
            ref = {"any target": r"that permanent or player|that player or permanent",
                   "target player or planeswalker": r"that player or planeswalker"}[hm.group(1)]
            if len(re.findall(ref, tail)) != 1:
                return None
            tail = re.sub(ref, hm.group(1), tail)
        else:
            got = parse(head + ".", ctx)
            if got is None or if_do and not (got and got[-1].op == "may" and "then" not in got[-1].args):
                return None  # "You may sacrifice a creature. If you do, reveal ...": what follows is the may's "then"
            out += got
    who: Any = "you"
    if who_txt is not None:  # another player reveals from their own library (701.15a): "that player", "its
        # controller", "target opponent"; what they do after is theirs
        who = ctx.player(who_txt)
        if who is None or who == "you" or all_hand:
            return None
    if may and tail.startswith("if you do, "):
        tail = tail[len("if you do, "):]
    until = Effect("reveal_until", {"filter": f, "stay": True, **({"count": n} if n > 1 else {}),
                                    **({"who": who} if who != "you" else {})})
    body: list[Effect] = []
    placed = False
    if all_hand:
        body.append(Effect("revealed_to", {"to": "hand"}))
        placed = True
    optional = False
    found = re.sub(r"\s+", " ", noun.strip())
    pending: list[str] = []

    def flush() -> bool:
        """Read the instructions gathered that do not move the revealed cards, in one go (clash and its "If you
        win" read together)."""
        if not pending:
            return True
        joined = " ".join(pending)
        pending.clear()
        joined = _THAT_CARDS.sub(r"the found card's \1", joined)
        if _UNBOUND.search(re.sub(r"the found card's", "", joined)) and not placed_only_self(joined):
            return False
        got = parse(joined, ctx)
        if got is None:
            return False
        body.extend(got)
        return True

    # "That player puts all noncreature cards revealed this way into their graveyard, then you put the creature card
    # onto the battlefield under your control" (Telemin Performance): two instructions, in order
    tail = re.sub(r", then you put ", ". you put ", tail)
    for sent in sentences(tail):
        s = sent.strip().rstrip(".").strip()
        if not s:
            continue
        sm = _SUBJECT.match(s)
        if sm and who != "you":  # "That player puts that card onto the battlefield": the revealing player's act
            s = s[sm.start(1):]
        elif sm:
            return None
        s = re.sub(r"^(?:then )?you put ", "put ", s)
        moved = _move_found(s, found, optional, who)
        if moved is not None:
            if not flush():
                return None
            body += moved[0]
            optional = optional or moved[1]
            if body[-1].op in ("revealed_to", "shuffle"):
                placed = True
            continue
        m2 = re.fullmatch(r"(you may )?cast (?:that card|it) without paying its mana cost", s)
        if m2 and who == "you":
            if not flush():
                return None
            body.append(Effect("cast_offer", {"what": "revealed_top", "zone": "library", "free": True}))
            optional = True
            continue
        rest = _rest(s, optional, found, who)
        if rest is not None:
            if not flush():
                return None
            body += rest
            placed = True
            continue
        if not placed and re.search(r"\b(put|puts|shuffle|shuffles)\b", s):
            return None  # an instruction placing the cards in words not read here
        pending.append(s + ".")
    if not flush() or not placed:
        return None
    if may:
        return out + [Effect("may", {"effects": [until], "then": body})]
    if if_do:  # 608.2c: only if the player did what the "you may" instruction before offered
        return out[:-1] + [Effect("may", {**out[-1].args, "then": [until] + body})]
    return out + [until] + body


def placed_only_self(text: str) -> bool:
    """Instructions that name only SELF or the player ("If you win, return SELF to its owner's hand."): their "its"
    is SELF's, not a revealed card's."""
    return not re.search(r"\b(that card|those cards|the rest|revealed|them|they|their|those [a-z]+ cards|"
                         r"the [a-z]+ cards?)\b", text) and not re.search(r"\bit\b", text) \
        and all(m.group(0) == "its owner's" for m in re.finditer(r"\bits\b(?: owner's)?", text))


#: "[Scry 3, then ]reveal the top card of your library." and what follows it
_TOP = re.compile(r"^(?:(.+?)(?:, then |\. ))?(you may )?reveal the top card of your library\.(?: (.*))?$")


def _choose_target(head: str, tail: str) -> tuple[str, str] | None:
    """"Choose any target. ... to that permanent or player" (Riddle of Lightning), "Choose target attacking or blocking
    creature. ... to that creature" (Judge Unworthy): the spell's target (601.2c: chosen as it is cast), named where
    the later instruction names it; the rest of the head. None when the later text does not name it exactly once."""
    m = re.match(r"choose (any target|target [a-z ]+?)(?:\. |$)", head)
    if m is None:
        return head, tail
    if m.group(1) == "any target":
        ref = r"that permanent or player|that player or permanent"
    else:
        noun = m.group(1).split()[-1]
        ref = rf"that {noun}"
    if len(re.findall(rf"\b(?:{ref})\b", tail)) != 1:
        return None
    return head[m.end():], re.sub(rf"\b(?:{ref})\b", m.group(1), tail)


def read_reveal_top(text: str, ctx: Ctx, parse: Callable[[str, Ctx], list[Effect] | None]) -> list[Effect] | None:
    """"Scry 3, then reveal the top card of your library. SELF deals damage equal to that card's mana value to that
    permanent or player." (Riddle of Lightning), "... SELF gets +X/+0 until end of turn, where X is that card's mana
    value" (Stormchaser Chimera), "You may reveal the top card of your library. If you do, each opponent loses life
    equal to that card's mana value" (Baneful Omen): the card is revealed and stays on top (701.15a, engine/ops/misc.py
    reveal_top); "that card's mana value" is that card's (608.2h). The instructions after it must not name the card
    otherwise (no "it", no move: other readers do those)."""
    m = _TOP.match(text.strip().lower())
    if m is None:
        return None
    head, may, tail = m.group(1) or "", m.group(2), m.group(3) or ""
    if not tail or not _THAT_CARDS.search(tail):
        return None
    got = _choose_target(head, tail)
    if got is None:
        return None
    head, tail = got
    out: list[Effect] = []
    if head.strip():
        pre = parse(head.strip().rstrip(".") + ".", ctx)
        if pre is None:
            return None
        out += pre
    if may:
        if not tail.startswith("if you do, "):
            return None
        tail = tail[len("if you do, "):]
    tail = _THAT_CARDS.sub(r"the found card's \1", tail)
    if _UNBOUND.search(re.sub(r"the found card's", "", tail)):
        return None
    then = parse(tail, ctx)
    if then is None:
        return None
    if may:
        return out + [Effect("may", {"effects": [Effect("reveal_top", {})], "then": then})]
    return out + [Effect("reveal_top", {})] + then
