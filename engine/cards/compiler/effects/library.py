"""The library (CR 401): searching (701.15), shuffling (701.16), looking at and revealing the
top cards ("dig"), revealing until a card is found.
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.abilities import Effect
from engine.cards.compiler.effects.amounts import bind_x
from engine.cards.compiler.effects.context import Ctx, Reader, reader
from engine.cards.compiler.quantities import amount, parse_condition, quantity
from engine.cards.compiler.targets import number, parse_noun
from engine.cards.compiler.text import title as _title

#: the words that refer back to the cards a search found (608.2c)
_FOUND = r"(?:it|them|that card|those cards|the card|these cards)"
#: how many a search looks for (701.15b, 701.15d)
_COUNT = (r"(a|an|up to one|up to two|up to three|up to four|up to five|up to six|up to seven|two|three|four|five|x|"
          r"up to x|any number of|"
          r"up to that many)")  # "that many": what the instruction before did (608.2c: Scapeshift's lands sacrificed)


@reader(
    r"^search your library for " + _COUNT + r" (.+?)(?:, where x is ([^,]+))?(?:(?:,| and) reveal " + _FOUND + r")?"
    r"(?:,|\.)? (?:and )?(?:put " + _FOUND + r" (into your hand|onto the battlefield(?: tapped)?|"
    r"on top of your library|into your graveyard)|(exile) " + _FOUND + r")"
    r"(?: with (an additional|a|one|two|three) ([+\-]\d+/[+\-]\d+|[a-z]+) counters? on (?:it|them))?"
    r"(?:,? then shuffle| and shuffle|\. then shuffle)?$"
)
def _search(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.15a: "Search your library for a creature card, reveal that card, put it into your hand, then
    shuffle" and its forms: the cards found named back ("it", "that card", "those cards"), revealed
    (701.15e) or not, put into a hand, onto the battlefield, on top, into a graveyard or exiled
    ("exile them", 406.2); "up to X ..., where X is Q" (107.3)."""
    if not bind_x(m.group(3), c):
        return None
    noun, same = m.group(2), None
    named = re.fullmatch(r"(.+?) with the same name as (target .+|that card)", noun)
    if named and named.group(2) == "that card":  # "Reveal a card from your hand. Search your library for a card
        # with the same name as that card" (Infernal Tutor): the name of the card revealed (201.2)
        if c.last != "revealed":
            return None
        same, noun = "revealed", named.group(1)
    elif named:  # "a card with the same name as target nontoken creature" (Mask of the Mimic): that target's name as
        # it resolves (201.2; engine/values.py bind_same_name)
        same = c.ref(named.group(2))
        if not (isinstance(same, dict) and set(same) == {"target"}):
            return None
        noun = named.group(1)
    got = _search_common(m.group(1), noun, m.group(4) or "into exile", "reveal" in m.group(0))
    if got and same is not None:
        got[0].args["filter"] = {**got[0].args["filter"], "same_name_as": same}
    if got and m.group(3):
        got[0].args.update(with_x(got[0].args, c.x))
    if got and m.group(6):  # "put that card onto the battlefield with an additional +1/+1 counter on it" (Neoform):
        if got[0].args.get("to") != "battlefield":  # it enters with them (614.1c, 121.6)
            return None
        got[0].args["counters"] = {m.group(7): {"a": 1, "an additional": 1, "one": 1, "two": 2, "three": 3}[m.group(6)]}
    if got:
        c.last = "taken"  # "Those lands become ...", "it gains haste": the cards found and put there (608.2c)
    return got


@reader(r"^(search your library for an? (?:[a-z]+ )?equipment card, put it onto the battlefield), attach it to a "
        r"creature you control, then shuffle$")
def _search_attach(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.15a, 701.3a: "Search your library for an Equipment card, put it onto the battlefield, attach it to a
    creature you control, then shuffle" (Stonehewer Giant, Quest for the Holy Relic): the Equipment found, attached
    to a creature its controller chooses as the instruction is carried out (608.2c); an Equipment attaches only to a
    creature (301.5c), and with none it stays unattached (701.3b)."""
    found = _search.pattern.match(m.group(1))
    got = _search.read(found, c) if found else None
    if not got or len(got) != 1 or got[0].args.get("to") != "battlefield":
        return None
    to = {"choose": {"controller": "you", "types": ["Creature"]}, "amount": 1}
    return [*got, Effect("attach", {"what": "taken", "to": to, "creature_only": True})]


@reader(
    r"^search (target opponent's|target player's|that player's) library for " + _COUNT + r" (.+?)(?:, where x is "
    r"([^,]+),)?(?:,| and) (?:(put) " + _FOUND + r" (onto the battlefield under your control|into (?:their|that "
    r"player's|its owner's) graveyard)|(exile) " + _FOUND + r")(?:, then that player shuffles)?$"
)
def _search_theirs(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.15a, 401.2: "Search target opponent's library for a creature card and put that card onto the battlefield
    under your control" (Bribery), "Search target player's library for a card and exile it" (Extract), "... for up to
    three creature cards and put them into their graveyard" (Life's Finale), "Search target player's library for X
    cards, where X is the number of cards in your hand, and exile them" (Neverending Torment: X counted as it
    resolves, 107.3), "search that player's library ..." (Thada Adel: the player the trigger names): the resolving
    ability's controller looks through that player's library (searched by its controller, 701.15a) and that library
    is shuffled ("Then that player shuffles", the next sentence, is that shuffle)."""
    who = c.player(m.group(1)[:-2])
    dest = "into exile" if m.group(7) else "onto the battlefield" if m.group(6).startswith("onto") else "graveyard"
    got = _search_common(m.group(2), m.group(3), dest, False)
    if who is None or not got or got[0].op != "search" or got[0].args.get("who") is not None:
        return None
    if (m.group(4) is not None) != (m.group(2) in ("x", "up to x")):
        return None  # an X that the text does not say, or a "where X is" with no X
    if m.group(4) is not None:
        q = quantity(m.group(4))
        if q is None:
            return None
        got[0].args["amount"] = q
    c.last_player = who
    c.last = "taken"  # "You gain life equal to its mana value" (Seek): the card found, where it was put (608.2c)
    return [Effect("search", {**got[0].args, "in_library_of": who})]


#: 305.6: the basic land types
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


_MV_VS = re.compile(r"(.+?) with (power|toughness|mana value) (less than or equal to|greater than or equal to) (.+)")


def with_x(x: Any, q: Any) -> Any:
    """``x`` with every X ({"x": True}) replaced by the quantity ``q`` the sentence's "where X is" names
    (107.3: one X, one value: "a card with mana value X or less" in "the top X cards, where X is ...")."""
    if isinstance(x, dict):
        return q if x == {"x": True} else {k: with_x(v, q) for k, v in x.items()}
    if isinstance(x, list):
        return [with_x(v, q) for v in x]
    return x


def card_noun(noun: str) -> dict[str, Any] | None:
    """The cards a search or a look at the library wants (a filter without its zone), or None:
    "card", "basic land card", "a land card with a basic land type", "a basic Forest, Plains, or Island
    card", "a card with mana value less than or equal to the number of lands you control" (202.3, compared
    as the effect resolves, 608.2h; "equal to Q" is parse_noun's)."""
    if noun in ("card", "cards"):
        return {}
    m = re.fullmatch(r"(.+?) with the same name as (another|an?) (.+?)(?: on the battlefield)?", noun)
    if m:  # "a card with the same name as another creature you control" (Pattern Matcher): the names those
        # permanents have as it resolves (201.2; engine/values.py bind_same_name)
        f0 = card_noun(m.group(1))
        g0 = parse_noun(("another " if m.group(2) == "another" else "") + m.group(3))
        if f0 is not None and g0 is not None and not g0.get("player") and g0.get("zone") in (None, "battlefield") \
                and not g0.get("_needs_player_target"):  # (a card in a graveyard: parse_noun's name_in_graveyard)
            g0.pop("zone", None)
            return {**f0, "same_name_as": {"each": g0}}
    m = _MV_VS.fullmatch(noun)
    if m:  # "less than or equal to Q" (its " or " is no alternative: read before parse_noun splits on it)
        q = quantity(m.group(4))
        f2 = card_noun(m.group(1))
        if q is None or f2 is None:
            return None
        key = {"power": "power", "toughness": "toughness", "mana value": "mv"}[m.group(2)]
        return {**f2, key + ("_le" if m.group(3).startswith("less") else "_ge"): q}
    b = re.fullmatch(r"(.+?) (?:with a|that each have a|that has a) basic land type", noun)
    if b:  # 305.6: Plains, Island, Swamp, Mountain and Forest are the basic land types; any one of them
        f0 = card_noun(b.group(1))
        if f0 is None or "subtypes" in f0 or "or" in f0:
            return None
        return {**f0, "subtypes": list(BASIC_LAND_TYPES)}
    if re.fullmatch(r"basic [a-z]+(?:, [a-z]+)*,? or [a-z]+ cards?", noun):
        # "a basic Forest, Plains, or Island card": "basic" qualifies every alternative (205.4a)
        f1 = parse_noun(noun[len("basic "):])
        alts = (f1 or {}).get("or") or ()
        if f1 is not None and set(f1) <= {"or", "zone"} and alts \
                and all(set(a) <= {"subtypes", "zone"} and a.get("subtypes") for a in alts):
            return {"or": [{**a, "supertypes": ["Basic"]} for a in alts]}
    f = {} if noun in ("card", "cards") else parse_noun(noun)
    if f is None or f.get("_needs_player_target") or f.get("controller"):
        return None
    if any(set(a) <= {"zone"} for a in f.get("or", ())):  # an alternative read as "any card": a phrase not understood
        return None   # ("a basic land card or a card named Starship Enterprise")
    f.pop("zone", None)
    return f


def _search_common(count: str, noun: str, dest: str, reveal: bool) -> list[Effect] | None:
    different = noun.endswith(" with different names")
    noun = re.sub(r" with different names$", "", noun)
    named = re.fullmatch(r"cards? named (.+)", noun)
    if re.fullmatch(r"cards? named self", noun):
        f: dict[str, Any] | None = {"name": "SELF"}
    elif named and not re.search(r" or |,|/| named | and ", named.group(1)):  # "a card named Nissa's Chosen"
        f = {"name": _title(named.group(1))}
    elif count in ("a", "an") and re.search(r"(?:,| and) an? ", noun):
        # "a black card, a green card, and a blue card" (Lotuslight Dancers): one card of each kind (701.15b)
        alts = [card_noun(x) for x in re.split(r",? (?:and )?an? |, and ", noun)]
        if len(alts) < 2 or any(x is None or x.get("or") for x in alts):
            return None
        f = {"or": [dict(x, zone="any_card") for x in alts if x is not None], "one_of_each": True}
        count = str(len(alts))
    else:
        f = card_noun(noun)
    if f is None:
        return None
    if different:
        f["different_names"] = True
    n: Any = {"a": 1, "an": 1, "up to one": 1, "up to two": 2, "up to three": 3, "up to four": 4, "up to five": 5,
              "up to six": 6, "up to seven": 7,
              "two": 2, "three": 3, "four": 4,
              "five": 5, "x": {"x": True}, "up to x": {"x": True}, "any number of": 99,
              "up to that many": {"that_much": True}, "that many": {"that_much": True}}.get(count) or int(count)
    to = (
        "hand"
        if "hand" in dest
        else "battlefield"
        if "battlefield" in dest
        else "library_top"
        if "top" in dest
        else "exile"
        if "exile" in dest
        else "graveyard"
    )
    args: dict[str, Any] = {"filter": f, "amount": n, "to": to}
    if count.startswith("up to") or count == "any number of":
        args["up_to"] = True
    if "tapped" in dest:
        args["tapped"] = True
    if reveal:
        args["reveal"] = True
    return [Effect("search", args)]


@reader(
    r"^search your library for (a|an|up to one|up to two|up to three|two|x|up to x|any number of) (.+?)(?:,| and) "
    r"(reveal (?:it|them|those cards|that card), )?then shuffle(?: your library)? and put "
    r"(?:it|them|that card|the card|those cards) on top(?: of it| of your library)?(?: in any order)?$"
)
def _search_top(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"... then shuffle and put that card on top" (701.15a, 701.16b): the found card ends on top; "... put
    those cards on top in any order" (Goblin Recruiter): in the order the player picks (401.4)."""
    return _search_common(m.group(1), m.group(2), "on top of your library", bool(m.group(3)))


@reader(
    r"^search your library for (up to two|up to three|two|three) (.+?),( reveal (?:them|those cards),)? (?:and )?put "
    r"(one|two) (?:of them )?(onto the battlefield( tapped)?|into your hand) and the (?:other|rest) "
    r"(into your hand|into your graveyard)(?:, then shuffle)?$"
)
def _search_split_dest(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.15a: "Search your library for up to two basic land cards, reveal those cards, put one onto the
    battlefield tapped and the other into your hand, then shuffle" (Cultivate, Nissa's Pilgrimage), "...
    put one into your hand and the other into your graveyard" (Fork in the Road, Final Parting):
    the player chooses which of the cards found goes to the first place."""
    if m.group(5) == m.group(7):
        return None
    got = _search_common(m.group(1), m.group(2), m.group(7), bool(m.group(3)))
    if not got:
        return None
    split: dict[str, Any] = {"amount": number(m.group(4)), "to": "hand" if "hand" in m.group(5) else "battlefield"}
    if m.group(6):
        split["tapped"] = True
    return [Effect("search", {**got[0].args, "split": split})]


@reader(
    r"^search your library for (a|an|up to one|up to two|up to three|two|x|up to x|any number of) (.+?)(?:, reveal "
    r"(?:it|them|those cards))?, put (?:one|it|one of them) into your hand and the other into your graveyard, then "
    r"shuffle$"
)
def _search_split(m: re.Match, c: Ctx) -> list[Effect] | None:
    return None


@reader(
    r"^(its controller|its owner|that player|they|target player|target opponent|each player|each opponent) "
    r"(may )?search(?:es)? (?:their|his or her) library for (a|an|up to one|up to two|up to three|two|x|up to x|"
    r"any number of|that many) (.+?)(?:, reveals? (?:it|them|those cards))?, (?:and )?puts? "
    r"(?:it|them|that card|those cards) (into (?:their|his or her) hand|onto the battlefield(?: tapped)?)"
    r"(?:, then shuffles?| and shuffles?)$"
)
def _player_search(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Its controller may search their library for a basic land card, put it onto the battlefield, then
    shuffle" (Path to Exile, Ghost Quarter), "each player searches their library ...": another player searches
    their own library (701.15a), if they choose to ("may", 608.2d)."""
    who = c.player(m.group(1))
    got = _search_common(m.group(3), m.group(4), m.group(5), "reveal" in m.group(0))
    if who is None or got is None or who == "you":
        return None
    args = {**got[0].args, "who": who}
    if m.group(2):
        args["optional"] = True
    return [Effect("search", args)]


@reader(r"^(each of them|target player|target opponent|each player|each opponent) searches (?:their|his or her) "
        r"library for (a|an) (.+?), then shuffles and puts (?:that card|it) on top$")
def _players_search_top(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.15a, 701.16b: "Choose two target players. Each of them searches their library for a card, then shuffles
    and puts that card on top." (Scheming Symmetry): each of those players searches their own library; the card found
    goes back on top after the shuffle (engine/ops/zones.py, seen only by that player)."""
    if m.group(1) == "each of them":  # the target players named before (a player reference, or the last one)
        who = next((x for x in (c.last_player, c.last) if isinstance(x, dict) and set(x) == {"target"}
                    and c.targets[x["target"]].filter.get("player")), None)
    else:
        who = c.player(m.group(1))
    got = _search_common(m.group(2), m.group(3), "on top of your library", False)
    if who is None or who == "you" or got is None:
        return None
    return [Effect("search", {**got[0].args, "who": who})]


@reader(r"^(?:then )?shuffle(?: your library)?$")
def _shuffle(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("shuffle", {"who": "you"})]


@reader(r"^(?:then )?(that player|they|target player) shuffles?(?: (?:their|his or her) library)?$")
def _player_shuffles(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.16a: "Then that player shuffles." (Memoricide: the player whose library was searched)."""
    who = c.player(m.group(1))
    return None if who is None else [Effect("shuffle", {"who": who})]


SEARCH_NAMED = re.compile(
    r"^(you may )?search your library and/or graveyard for a card named (.+?)(?:, reveal it,)? and put it (into "
    r"your hand|onto the battlefield)\. if you search your library this way, shuffle\.?$"
)


#: "Search your library and/or graveyard for a creature card with mana value X or less and put it onto the
#: battlefield. If you search your library this way, shuffle." (Finale of Devastation): any kind of card
SEARCH_GY_ANY = re.compile(
    r"^search your library and/or graveyard for (an? (?!card named ).+?) and put it (into your hand|onto the "
    r"battlefield)\. if you search your library this way, shuffle\.?"
)


SEARCH_MAY_RX = re.compile(
    r"^search your library for (an? .+?) and reveal it\. you may put (?:it|that card) "
    r"(onto the battlefield(?: tapped)?) if (.+?)\. otherwise, put (?:it|that card) into your hand\. then shuffle\.?$"
)


def search_may(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.15a, 608.2c: "Search your library for a basic land card and reveal it. You may put that card onto
    the battlefield tapped if you control a land named Wastes. Otherwise, put that card into your hand.
    Then shuffle." (Ruin in Their Wake): the card found goes to the hand, or, while the condition holds
    as it resolves, onto the battlefield if its controller chooses."""
    cond = parse_condition(m.group(3))
    got = _search_common(m.group(1).split(" ", 1)[0], m.group(1).split(" ", 1)[1], "into your hand", True)
    if cond is None or not got:
        return None
    split: dict[str, Any] = {"amount": 1, "to": "battlefield", "optional": True}
    if m.group(2).endswith("tapped"):
        split["tapped"] = True
    return [Effect("if", {"cond": cond, "then": [Effect("search", {**got[0].args, "split": split})],
                          "else": got})]


REVEAL_UNTIL_RX = re.compile(
    r"^reveal cards from the top of your library until you reveal (?:a|an) (.+?) card\. put that card (into your "
    r"hand|onto the battlefield(?: tapped)?) and (?:put )?(?:the rest|all other cards revealed this way) (on the "
    r"bottom of your library in a random order|into your graveyard)$"
)


def reveal_until(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.15a: "Reveal cards from the top of your library until you reveal a land card. Put that card onto the
    battlefield tapped and the rest on the bottom of your library in a random order" (Clifftop Lookout); "... into
    your hand and all other cards revealed this way into your graveyard" (Hermit Druid). The noun is read with its
    "card" ("a nonland permanent card": a permanent card, 110.4a, not only a nonland one)."""
    f = parse_noun(m.group(1) + " card")
    if f is None or f.get("zone") not in (None, "any_card") or f.get("player"):
        return None
    f.pop("zone", None)
    return [Effect("reveal_until", {"filter": f, "to": "hand" if "hand" in m.group(2) else "battlefield",
                                    **({"tapped": True} if m.group(2).endswith("tapped") else {}),
                                    "rest": "graveyard" if "graveyard" in m.group(3) else "library_bottom"})]


@reader(r"^search your library and/or graveyard for (?:a|an) (.+?), reveal it, (?:and |then )?put it into your hand$")
def _search_named_gy(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.15a: "Search your library and/or graveyard for a card named Mu Yanling (an artifact card with mana
    value 1 or less), reveal it, and put it into your hand": the cards of both zones are looked through."""
    named = re.fullmatch(r"card named (.+)", m.group(1))
    f = {"name": _title(named.group(1))} if named else card_noun(m.group(1))
    if f is None or named and re.search(r" and/or | or an? ", named.group(1)):  # one name (commas are in names)
        return None
    return [Effect("search", {"filter": f, "amount": 1, "to": "hand", "reveal": True,
                              "zones": ["library", "graveyard"]})]


@reader(r"^if you search(?:ed)? your library this way, shuffle$")
def _search_shuffle(m: re.Match, c: Ctx) -> list[Effect] | None:
    return []   # search (zones library+graveyard) shuffles when it searched the library


@reader(r"^search your library for a card named (.+?) or (.+?), (reveal it, )?put it (into your hand|onto the "
        r"battlefield( tapped)?), then shuffle$")
def _search_named2(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.15a: "Search your library for a card named A or B, reveal it, put it into your hand, then shuffle";
    "... named Festering Newt or Bubbling Cauldron, put it onto the battlefield tapped, then shuffle" (Bubbling
    Cauldron): one card of either name (201.2)."""
    args: dict[str, Any] = {"filter": {"or": [{"name": _title(m.group(1))}, {"name": _title(m.group(2))}]},
                            "amount": 1, "to": "hand" if m.group(4) == "into your hand" else "battlefield"}
    if m.group(3):
        args["reveal"] = True
    if m.group(5):
        args["tapped"] = True
    return [Effect("search", args)]


_DIG = re.compile(
    r"^look at the top (two|three|four|five|six|seven|eight|x|\d+|that many) cards of your library\. "
    r"(?:(you may reveal|you may put|put) (an?|one|two|up to two|any number of) (.+?) (?:from among them|of them) "
    r"(?:and put (?:it|them|that card) )?(into your hand|onto the battlefield(?: tapped)?)|put (one|two) of them "
    r"into your (hand|graveyard))"
    r"(?: and the rest (into your graveyard|on the bottom of your library in (?:a random|any) order))?\.?"
    r"(?: put the rest (into your graveyard|on the bottom of your library in (?:a random|any) order)\.?)?$"
)


_REVEAL_DIG = re.compile(
    r"^reveal the top (two|three|four|five|six|seven|eight|ten|x|\d+) cards of your library\. "
    r"put (a|an|all|one|two|up to two) (.+?) (?:cards )?(?:from among them|revealed this way) (into your hand|onto "
    r"the battlefield(?: tapped)?) "
    r"and the rest (into your graveyard|into your hand|on the bottom of your library in (?:a random|any) order)\.?$"
)


_LOOK_ONE = re.compile(
    r"^look at the top card of your library\. if it's an? (.+?) card, you may (?:reveal it and )?put it (into your "
    r"hand|onto the battlefield(?: tapped)?)\.?$"
)


#: "Look at the top card of your library. You may reveal that card and put it into your hand. If you do, you lose
#: life equal to its mana value." (Sorin the Mirthless)
_LOOK_TAKE = re.compile(
    r"^look at the top card of your library\. you may reveal (?:that card|it) and put it into your hand"
    r"(\. if you do, you lose life equal to its mana value)?\.?$"
)


#: "Look at the top four cards of your library. You may cast a spell from among them without paying its mana cost.
#: Put the rest on the bottom of your library in a random order." (Svella, Ice Shaper; Velomachus Lorehold: "... an
#: instant or sorcery spell with mana value less than or equal to SELF's power ...")
_DIG_CAST = re.compile(
    r"^look at the top (two|three|four|five|six|seven|eight|nine|ten|\d+) cards of your library\. you may cast "
    r"(?:a|an) (.+? )?spell( with [^.]+?)? from among them without paying its mana cost\. put the rest on the "
    r"bottom of your library in a random order\.?$"
)


def read_dig(text: str, ctx: Ctx) -> list[Effect] | None:
    m = _DIG_CAST.match(text)
    if m:  # 608.2g, 117.9: one of those cards, of that kind, chosen and maybe cast from the library as the ability
        # resolves; the others (and one not cast) to the bottom in a random order (401.4)
        f = parse_noun((m.group(2) or "") + "spell" + (m.group(3) or ""))
        if f is None or f.get("player") or "Land" in f.get("types", ()):
            return None
        f.pop("zone", None)
        f.setdefault("not_types", [])
        if "Land" not in f["not_types"]:  # a spell: never a land card (a land is played, not cast, 305.9)
            f["not_types"] = [*f["not_types"], "Land"]
        return [Effect("dig", {"amount": amount(m.group(1)), "take": 1, "filter": f, "optional": True, "to": "cast",
                               "rest": "library_bottom"})]
    m = _LOOK_TAKE.match(text)
    if m:  # 701.15a: revealed as it is taken; "its mana value" is that card's (608.2h), none taken, none lost
        out = [Effect("dig", {"amount": 1, "take": 1, "filter": {}, "optional": True, "reveal_taken": True,
                              "rest": "library_top", "to": "hand"})]
        if m.group(1):
            out.append(Effect("lose_life", {"who": "you", "amount": {"mv_of": "taken"}}))
        return out
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
                               "rest": "graveyard" if "graveyard" in m.group(5) else "hand" if "hand" in m.group(5)
                               else "library_bottom", **({"tapped": True} if "tapped" in m.group(4) else {})})]
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
    rest = m.group(8) or m.group(9)
    if rest is None and m.group(7) == "graveyard":
        # "Look at the top two cards of your library. Put one of them into your graveyard." (Jace, the Living
        # Guildpact): the other stays on top, where it was (401.4 asks no new order of cards left in place)
        rest = "library_top"
    if rest is None:
        return None
    if m.group(6):
        n6 = number(m.group(6))
        if n6 is None:
            return None
        take, f, to, optional = n6, {}, m.group(7), False
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
                            "rest": rest if rest == "library_top" else "graveyard" if "graveyard" in rest
                            else "library_bottom"}
    if optional:
        args["optional"] = True
    if m.group(5) and "tapped" in m.group(5):
        args["tapped"] = True
    return [Effect("dig", args)]


@reader(r"^(you may )?(?:put|return|choose) (a|an|one|two|three|up to one|up to two|up to three|any number of|all) "
        r"(.+?)(?: from among (them|the cards milled this way|the milled cards|those cards|the exiled cards)|"
        r" (milled this way))(?: and put (?:it|them) )? ?"
        r"(into your hand|to your hand|onto the battlefield(?: tapped)?)$")
def _from_milled(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Mill three cards. You may put a land card from among them into your hand" (701.13 in today's
    rules; the wording of later sets): of the cards the mill just put into the graveyard, the player
    chooses that many matching cards and moves them (608.2c: "them" are the cards milled this way).
    "Exile the top seven cards of your library. You may put any number of creature and/or land cards from
    among them onto the battlefield" (Xenagos, the Reveler), "... Put all artifact cards from among them onto
    the battlefield" (Tezzeret, Master of the Bridge): of the cards just exiled (406.2), the rest stay in exile."""
    if c.last not in ("milled", "exiled") or m.group(4) == "the exiled cards" and c.last != "exiled" \
            or m.group(5) and c.last != "milled":  # "put any number of creature cards milled this way into your
        return None  # hand" (Vivien on the Hunt): of the cards just milled
    f = card_noun(m.group(3))
    if f is None:
        return None
    word = m.group(2)
    n = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "up to one": 1, "up to two": 2, "up to three": 3,
         "any number of": 99, "all": 99}[word]
    what: dict[str, Any] = {"choose": {**f, "zone": "graveyard" if c.last == "milled" else "exile"},
                            "among": c.last, "amount": n}
    if m.group(1) and word == "all":
        return None
    if m.group(1) or word.startswith("up to") or word == "any number of":
        what["up_to"] = True
    c.last = what
    args: dict[str, Any] = {"what": what, "to": "hand" if "hand" in m.group(6) else "battlefield"}
    if "tapped" in m.group(6):
        args["tapped"] = True
    return [Effect("move", args)]


@reader(r"^search your library and graveyard for (two|three|four|five|six|seven) cards, exile the rest, then put the "
        r"chosen cards on top of your library in any order$")
def _search_exile_rest(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.15a, 701.15d, 401.4: "Search your library and graveyard for five cards and exile the rest. Put the chosen
    cards on top of your library in any order." (Doomsday): that many cards (as many as there are), every other
    card of both zones exiled, the chosen ones on top in the order their owner chooses."""
    n = number(m.group(1))
    return None if not n else [Effect("search", {"filter": {}, "amount": n, "zones": ["library", "graveyard"],
                                                 "to": "library_top", "rest": "exile"})]


#: this family's readers, in the order they are tried
@reader(r"^each player reveals the top card of their library$")
def _each_reveals_top(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Parley (an ability word of Conspiracy, 207.2c): "Each player reveals the top card of their library. For each
    nonland card revealed this way, ..." (Selvala's Charge): every player's top card revealed (701.13a) and left there;
    "revealed this way" counts those cards (engine/ops/misc.py reveal_top ``each_player``)."""
    return [Effect("reveal_top", {"each_player": True})]


@reader(r"^reveal the top card of your library and put (?:it|that card) into your hand$")
def _reveal_take(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Reveal the top card of your library and put that card into your hand" (Dark Confidant):
    a dig of one card, revealed (701.13a) and taken; the next instruction's "its" is that card."""
    c.last = "taken"
    return [Effect("dig", {"amount": 1, "take": 1, "filter": {}, "to": "hand", "rest": "library_top", "reveal": True})]


@reader(r"^(that player|its controller|that creature's controller|target player|target opponent) reveals cards from "
        r"the top of their library until (?:they reveal (an? .+?) card|(an? .+?) card is revealed) and puts that "
        r"card onto the battlefield and shuffles the rest into their library$")
def _they_reveal_until(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.13a: "Its controller reveals cards from the top of their library until they reveal a creature card. The
    player puts that card onto the battlefield, then shuffles the rest into their library." (Polymorph, Blessed
    Reincarnation, Transmogrify): that player reveals from their own library, puts the first such card onto the
    battlefield under their control, then shuffles (701.19); none revealed, they shuffle all back. (The two sentences
    are joined by engine/cards/compiler/effects/sequence.py parse_effects.)"""
    who = c.player(m.group(1))
    f = parse_noun(m.group(2) or m.group(3))
    if who is None or f is None or f.get("player") or f.get("zone") not in (None, "library", "battlefield"):
        return None
    f.pop("zone", None)
    return [Effect("reveal_until", {"who": who, "filter": f, "to": "battlefield", "rest": "library_top"}),
            Effect("shuffle", {"who": who})]


@reader(r"^(that player|its controller|target player|target opponent) reveals cards from the top of their library "
        r"until they reveal (a|an|one|two|three|four|five) (.+?) cards?, then puts (?:those|all) cards(?: revealed "
        r"this way)? into their graveyard$")
def _they_reveal_until_mill(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.13a: "Target player reveals cards from the top of their library until they reveal a land card, then puts
    those cards into their graveyard" (Balustrade Spy, Destroy the Evidence; "... four land cards": Mirko Vosk):
    that player reveals from their own library until that many cards of the kind are revealed (or the library is
    empty), and every card revealed goes to their graveyard, the ones found with the rest."""
    who = c.player(m.group(1))
    n = number(m.group(2))
    f = parse_noun(m.group(3) + " card")
    if who is None or not n or f is None or f.get("player") or f.get("zone") not in (None, "any_card", "library"):
        return None
    f.pop("zone", None)
    return [Effect("reveal_until", {"who": who, "filter": f, "to": "graveyard", "rest": "graveyard",
                                    **({"count": n} if n > 1 else {})})]


@reader(r"^(?:(that player|target player|target opponent|each opponent|its controller) exiles|exile) cards from the "
        r"top of (?:their|your) library until (?:they|you) exile (an? .+?) card$")
def _exile_until(m: re.Match, c: Ctx) -> list[Effect] | None:
    """406.3, 701.13-like: "Target opponent exiles cards from the top of their library until they exile a nonland
    card" (Nicol Bolas, God-Pharaoh): that player exiles one card at a time from their own library until one
    matches (or the library is empty); all of them are "the exiled cards", the one found "that card" of the next
    instruction ("Until end of turn, you may cast that card without paying its mana cost")."""
    who = c.player(m.group(1)) if m.group(1) else "you"
    if (m.group(1) is None) != m.group(0).split(" library until ")[1].startswith("you") or who is None \
            or m.group(1) == "each opponent":
        return None  # "exile ... until they exile": whose? ("each opponent": one card each, not "that card")
    f = parse_noun(m.group(2) + " card")
    if f is None or f.get("player") or f.get("zone") not in (None, "any_card", "library"):
        return None
    f.pop("zone", None)
    c.last = "taken"
    return [Effect("exile_until", {"who": who, "filter": f})]


@reader(r"^exile cards from the top of your library until you exile (an? .+?) card, then put that card into your hand"
        r"(?: and repeat this process while its mana value is (\d+) or greater)?$")
def _exile_until_to_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    """406.3, 608.2c: "Exile cards from the top of your library until you exile a nonland card, then put that card
    into your hand. If the card's mana value is 4 or greater, repeat this process." (Demonlord Belzenlok; the two
    sentences joined by parse_effects): the card found goes to the hand, and while each card found so has that mana
    value the whole process is done again (the library running out ends it); the cards put into the hand are "the
    cards put into your hand this way"."""
    f = parse_noun(m.group(1) + " card")
    if f is None or f.get("player") or f.get("zone") not in (None, "any_card", "library"):
        return None
    f.pop("zone", None)
    args: dict[str, Any] = {"who": "you", "filter": f, "to_hand": True}
    if m.group(2):
        args["repeat_if"] = {"mv_ge": int(m.group(2))}
    return [Effect("exile_until", args)]


@reader(r"^(?:you may )?(?:reveal an? (.+?) card you own from outside the game(?: or choose a face-up (.+?) card you "
        r"own in exile)? and put it into your hand|put a card you own from outside the game "
        r"into your hand)$")
def _wish(m: re.Match, c: Ctx) -> list[Effect] | None:
    """400.10, 701.13a: "You may reveal a sorcery card you own from outside the game and put it into your hand"
    (Burning Wish, Living Wish, Vivien, Arkbow Ranger), "You may put a card you own from outside the game into your
    hand" (Death Wish), "You may reveal an artifact card you own from outside the game or choose a face-up artifact
    card you own in exile. Put that card into your hand." (Karn, the Great Creator): the sideboard's cards, and
    those exiled ones (engine/ops/library.py wish)."""
    args: dict[str, Any] = {"filter": {}}
    if m.group(1):
        f = parse_noun(m.group(1) + " card")
        if f is None:
            return None
        f.pop("zone", None)
        if m.group(2) and m.group(2) != m.group(1) or set(f) - {"types", "subtypes", "colors", "multicolored", "or"}:
            return None
        args["filter"] = f
        if m.group(2):
            args["exile"] = True
    else:
        args["reveal"] = False  # "put a card ... into your hand": not revealed
    # "instead put a card you own from outside the game into your hand" (Ring of Ma'rûf): one is put there if there is
    # one; "you may ..." drops this (engine/cards/compiler/effects/sequence.py)
    args["must"] = True
    c.last = "taken"
    return [Effect("wish", args)]


@reader(r"^search your (?:graveyard and library|library and graveyard) for (any number of .+?, exile them.*)$")
def _search_both(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Search your graveyard and library for any number of red instant and/or sorcery cards, exile them, then
    shuffle" (Chandra, Heart of Fire): the cards found in either zone (701.15a), exiled together ("them" after)."""
    again = _search.pattern.match("search your library for " + m.group(1))
    got = _search(again, c) if again is not None else None
    if not got or got[0].op != "search" or got[0].args.get("to") != "exile":
        return None
    c.last = "exiled"  # "You may cast them this turn": the cards exiled (engine/ops/zones.py search)
    return [Effect("search", {**got[0].args, "zones": ["library", "graveyard"]})]


#: the ten two-color pairs (105.1: the five colors; "each color pair")
_PAIRS = [[a, b] for i, a in enumerate("WUBRG") for b in "WUBRG"[i + 1:]]


@reader(r"^reveal the top (\w+) cards of your library, then for each color pair, choose a card that's exactly those "
        r"colors from among them, then put the chosen cards into your hand and the rest on the bottom of your library "
        r"in a random order$")
def _dig_color_pairs(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Reveal the top ten cards of your library. For each color pair, choose a card that's exactly those colors from
    among them. Put the chosen cards into your hand and the rest on the bottom of your library in a random order."
    (Niv-Mizzet Reborn; its sentences joined by parse_effects): one card of each pair of colors that has one among
    the revealed cards (105.1, 701.13a; each kind its own: dig's one_of_each, every kind found chosen), the rest in a
    random order (401.4)."""
    n = number(m.group(1))
    if not n:
        return None
    f = {"or": [{"colors_exact": p} for p in _PAIRS], "one_of_each": True}
    return [Effect("dig", {"amount": n, "take": len(_PAIRS), "filter": f, "to": "hand", "rest": "library_bottom",
                           "reveal": True, "each_kind": True})]


@reader(r"^reveal cards from the top of your library until you reveal (?:a|an) (.+?) card and put that card (into your "
        r"hand|onto the battlefield(?: tapped)?) and (?:put )?(?:the rest|all other cards revealed this way) (on the "
        r"bottom of your library in a random order|into your graveyard)$")
def _reveal_until_joined(m: re.Match, c: Ctx) -> list[Effect] | None:
    """The two sentences of reveal_until's form ("Reveal cards ... until you reveal a creature card. Put that card
    into your hand and the rest ...") after a lead of their own ("you may reveal ...", "If you do, reveal ..."; joined
    by parse_effects): the same instruction (701.15a)."""
    return reveal_until(m, c)


READERS: tuple[Reader, ...] = (_search_attach, _dig_color_pairs, _search_both, _reveal_until_joined,
                               _exile_until_to_hand,
                               _exile_until, _wish,
                               _they_reveal_until,
                               _they_reveal_until_mill,
                               _search, _search_top,
                               _search_split,
                               _search_split_dest,
                               _player_search, _players_search_top, _shuffle, _player_shuffles, _search_named_gy,
                               _search_shuffle,
                               _search_named2, _reveal_take, _from_milled, _search_exile_rest, _search_theirs,
                               _each_reveals_top)


# "Look at the top N cards of your library." and what follows it, read by parts (a typed
# reader, not one pattern per card): the take ("put one of them into your hand", "you may
# reveal a creature card from among them and put it into your hand") with its destination,
# and the rest ("and the rest/other into your graveyard", "put the rest on the bottom of your
# library in any order"), in one sentence or in the next; "then put them back in any order".
_DEST = (r"(into your hand|onto the battlefield(?: tapped)?|into your graveyard|into exile|"
         r"on the bottom of your library(?: in (?:a random|any) order)?|(?:back )?on top of your library"
         r"(?: in any order)?)")
_LOOK_HEAD = re.compile(r"^(look at|reveal) the top (two|three|four|five|six|seven|eight|nine|ten|x|that many|\d+) "
                        r"cards of your library(?:, where x is ([^.]+?))?(?:, then put them back in any order)?\.\s*")
_TAKE = re.compile(
    r"^(?:(you may )?(?:reveal |put |choose )?(an?|one|two|three|up to one|up to two|up to three|any number of|all) "
    r"(.+?) (?:from among them|of them|of those cards|among them)(?: and put (?:it|them|that card|those cards|the "
    r"revealed cards))?"
    r"|put (one|two|three|up to one|up to two|up to three)(?: of (?:them|those cards))?"
    r"|(you may )?put (one|two) of (?:them|those cards) back)"
    r" " + _DEST + r"(?:,? and | and then |\. (?:then )?put )?(?:the (?:rest|other|others) " + _DEST + r")?$")
_REST_ONLY = re.compile(r"^(?:then )?put the (?:rest|other|others) " + _DEST + r"$")


def _dest(d: str) -> str:
    if "hand" in d:
        return "hand"
    if "battlefield" in d:
        return "battlefield"
    if "graveyard" in d:
        return "graveyard"
    if "exile" in d:
        return "exile"
    if "bottom" in d:
        return "library_bottom"
    return "library_top_order" if "any order" in d else "library_top"


def read_look(text: str, ctx: Ctx) -> list[Effect] | None:
    """701.13a (reveal) / looking at the top cards of a library: a dig effect, or None."""
    t = text.strip().rstrip(".").lower()
    # "reveal that many cards from the top of your library" (Gishath, Sun's Avatar): the top cards, as "reveal the top
    # N cards of your library" says (401.1)
    t = re.sub(r"^(look at|reveal) (that many|two|three|four|five|six|seven|x) cards from the top of your library\b",
               r"\1 the top \2 cards of your library", t)
    # "Look at the top three cards of target player's library. Put one back and the rest into that player's graveyard"
    # (Dimir Charm): "back" is on top of the library the cards came from (401.1)
    t = re.sub(r"^(look at the top \w+ cards of (your|target player's|that player's) library\. )put one back and the "
               r"rest into (your|that player's) graveyard$",
               lambda mm: f"{mm.group(1)}put one of them back on top of "
                          f"{'your' if mm.group(2) == 'your' else mm.group(3)} library and the rest into "
                          f"{mm.group(3)} graveyard", t)
    m = re.fullmatch(r"you may (look at the top \w+ cards of your library)\. if you do, (reveal .+? from among them), "
                     r"then (put (?:that card|those cards|it|them) on top of your library(?: in any order)?) and the "
                     r"rest on the bottom(?: of your library)? in any order", t)
    if m:  # "You may look at the top five cards of your library. If you do, reveal up to one basic land card from
        # among them, then put that card on top of your library and the rest on the bottom in any order" (Fertile
        # Thicket): not looking leaves the library as it is; looking puts the rest on the bottom (608.2c)
        inner = read_look(f"{m.group(1)}. {m.group(2)} and {m.group(3)} and the rest on the bottom of your library "
                          f"in any order", ctx)
        return None if inner is None else [Effect("may", {"effects": list(inner)})]
    m = re.fullmatch(r"(look at the top three cards of your library)\. put one of them (into your hand|into your "
                     r"graveyard|on the bottom of your library), put one of them (into your hand|into your graveyard|"
                     r"on the bottom of your library), and exile one of them", t)
    if m and m.group(2) != m.group(3):
        # "Look at the top three cards of your library. Put one of them into your hand, put one of them on the bottom
        # of your library, and exile one of them. You may play the exiled card this turn." (Expressive Iteration):
        # the three looked at split three ways; read as one look (the card for the hand), then the two others, still
        # the top two cards, one to its place and the last exiled (the "exiled card" after it: engine/ops/library.py)
        first = read_look(f"{m.group(1)}. put one of them {m.group(2)} and the rest on top of your library", ctx)
        second = read_look(f"look at the top two cards of your library. put one of them {m.group(3)} and exile the "
                           f"other", ctx)
        return None if first is None or second is None else first + second
    # "..., put one of them into your hand, and exile the rest" (Ancestral Memories-like): the rest exiled (406.2)
    t = re.sub(r"^((?:look at|reveal) the top [^,.]+ of your library), (?:then )?(put )(?!them back)", r"\1. \2", t)
    t = re.sub(r"(,? and |\. )exile the (rest|others?)$",
               lambda e: (f" and the {e.group(2)} into exile" if "and" in e.group(1)
                          else f". put the {e.group(2)} into exile"), t)
    # "You may put one of those cards on top of your library. Put the rest on the bottom ..." (Voda Sea Scavenger): the
    # same as "put up to one of them on top of your library" (none taken, all go to the bottom)
    t = re.sub(r"\. you may put one of (?:them|those cards) (?=on top of your library\.)", ". put up to one of them ",
               t)
    counters: dict[str, int] = {}
    cm = re.search(r"(onto the battlefield(?: tapped)?) with (a|an|one|two|three|four|five) (\+1/\+1|-1/-1|[a-z]+) "
                   r"counters? on (?:it|them)\b", t)
    if cm:  # "put a creature card from among them onto the battlefield with three +1/+1 counters on it" (614.1c)
        counters = {cm.group(3): number(cm.group(2)) or 1}
        t = t[:cm.start()] + cm.group(1) + t[cm.end():]
    m = _LOOK_HEAD.match(t + ".")
    if m is None:
        return None
    n = amount(m.group(2)) if m.group(2) != "that many" else {"that_much": True}  # "reveal that many cards from the
    # top of your library" (Gishath, Sun's Avatar): the number the trigger event carries (608.2c)
    if m.group(3):  # "look at the top X cards of your library, where X is the number of lands you control" (107.3)
        n = quantity(m.group(3)) if m.group(2) == "x" else None
        if n is None:
            return None
        ctx.x = n  # the same X in the sentences after it ("If X is greater than or equal to ...": Thassa's Oracle)
    reveal = m.group(1) == "reveal"
    body = t[m.end():].strip() if m.end() <= len(t) else ""
    if "put them back in any order" in m.group(0):
        if body or reveal:
            return None
        return [Effect("dig", {"amount": n, "take": 0, "filter": {}, "rest": "library_top_order"})]
    parts = [p.strip() for p in re.split(r"\.\s+", body) if p.strip()]
    if not parts:
        return None
    tm = _TAKE.match(parts[0])
    if tm is None and len(parts) >= 2:
        tm = _TAKE.match(parts[0] + ". " + parts[1])
        parts = [parts[0] + ". " + parts[1]] + parts[2:]
    if tm is None:
        return None
    dest, rest = tm.group(7), tm.group(8)
    shuffle = len(parts) > 1 and parts[-1] == "then shuffle" and rest is None
    if shuffle:  # "You may put any number of ... from among them onto the battlefield. Then shuffle." (Ajani,
        # Outland Chaperone): the others stay in the library, which is shuffled (701.16a)
        parts = parts[:-1]
        rest = "library"
    for extra in parts[1:]:
        rm = _REST_ONLY.match(extra)
        if rm is None or rest is not None:
            return None
        rest = rm.group(1)
    if rest is None:
        return None
    optional = bool(tm.group(1) or tm.group(5))
    if tm.group(4) or tm.group(6):
        word4 = tm.group(4) or ""
        if word4.startswith("up to "):  # "put up to one of them on top of your library" (Thassa's Oracle)
            optional, word4 = True, word4[len("up to "):]
        take: Any = number(word4 or tm.group(6))
        f: dict[str, Any] | None = {}
    else:
        word = tm.group(2)
        take = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "up to one": 1, "up to two": 2, "up to three": 3,
                "any number of": 99, "all": 99}[word]  # "put all cards with the chosen name from among them"
        optional = optional or word.startswith("up to") or word == "any number of"
        noun = tm.group(3)
        f = {} if noun in ("card", "cards") else parse_noun(noun)
        if f is None or f.get("_needs_player_target") or f.get("controller"):
            return None
        f.pop("zone", None)
        if "and/or" in noun and word in ("a", "an"):  # "a creature card and/or a land card": one of each
            alts = [parse_noun(x) for x in re.split(r",? (?:and/or )?an? |, and/or ", "a " + noun) if x]
            if any(x is None or x.get("controller") for x in alts) or len(alts) < 2:
                return None
            take = len(alts)
            f = {"or": [dict(x, zone="any_card") for x in alts if x is not None], "one_of_each": True}
    if m.group(3):  # the X of the filter is the same X (107.3)
        f = with_x(f, n)
    args: dict[str, Any] = {"amount": n, "take": take, "filter": f, "to": _dest(dest),
                            "rest": "library_top" if shuffle else _dest(rest)}
    if args["to"] == "library_top_order":
        args["to"] = "library_top"
    if optional:
        args["optional"] = True
    if "tapped" in dest:
        args["tapped"] = True
    if counters:
        if args["to"] != "battlefield":
            return None
        args["counters"] = counters
    if reveal:
        args["reveal"] = True
    return [Effect("dig", args), *([Effect("shuffle", {"who": "you"})] if shuffle else [])]


_OTHER_HEAD = re.compile(r"^look at the top (card|\w+ cards) of (target player's|target opponent's|that player's|"
                         r"defending player's|their) library")


def read_look_other(text: str, ctx: Ctx) -> list[Effect] | None:
    """"Look at the top three cards of target player's library, then put them back in any order"
    (Architects of Will), "Look at the top card of target player's library. You may put that card into
    their graveyard" (Lantern of Insight's kin): a dig of another player's library, its cards seen and
    moved by you (608.2c) into that player's own zones (400.3: a card goes to its owner's graveyard,
    library or exile), never into your hand or onto the battlefield."""
    t = text.strip().rstrip(".").lower()
    m = _OTHER_HEAD.match(t)
    if m is None:
        return None
    body = re.sub(r"\b(?:their|that player's|that|the) (graveyard|library)\b", r"your \1", t[m.end():])
    if re.search(r"\b(hand|battlefield|face down|shuffle|reveal)\b", body):
        return None
    n = "1" if m.group(1) == "card" else m.group(1).split()[0]
    mark = ctx.mark()
    if not body.strip():  # looked at only: the cards stay where they are
        got: list[Effect] | None = [Effect("dig", {"amount": amount(n), "take": 0, "filter": {},
                                                   "rest": "library_top"})]
    elif m.group(1) == "card":
        one = re.fullmatch(r"\. you may put (?:that card|it) (into your graveyard|on the bottom of your library)", body)
        got = None if one is None else [Effect("dig", {"amount": 1, "take": 1, "filter": {}, "optional": True,
                                                       "to": _dest(one.group(1)), "rest": "library_top"})]
    else:
        got = read_look(f"look at the top {n} cards of your library{body}", ctx)
    who = ctx.player(m.group(2)[:-2] if m.group(2).endswith("'s") else "that player")
    if got is None or who is None or len(got) != 1 or got[0].args.get("reveal"):
        ctx.rewind(mark)
        return None
    return [Effect("dig", {**got[0].args, "of": who})]


_THEIR_TOP = re.compile(r"^(defending player|target player|target opponent|that player) reveals the top "
                        r"card of their library\.\s*")
_TOP_HEAD = re.compile(r"^(you may look at|look at|reveal) the top card of your library\.\s*")
_TOP_IF = re.compile(r"^if it's an? (.+?)(?: card)?, (you may )?(?:reveal it and )?put (?:it|that card) "
                     + _DEST + r"$")
_TOP_ELSE = re.compile(r"^(?:otherwise|if you don't put (?:it|the card|that card) (?:onto the battlefield|into your "
                       r"hand)(?: this way)?), (you may )?put (?:it|that card) " + _DEST + r"$")


def read_top_card(text: str, ctx: Ctx) -> list[Effect] | None:
    """"Reveal (look at) the top card of your library. If it's a land card, [you may] put it onto
    the battlefield. [Otherwise, put it into your hand.]": a dig of one card (701.13a), the card
    left on top when it is not taken and nothing else is said."""
    t = text.strip().rstrip(".").lower() + "."
    who: Any = None
    mw = _THEIR_TOP.match(t)
    if mw:  # "Defending player reveals the top card of their library. If it's a land card, that player
        # puts it into their hand" (Goblin Guide): the same dig, of that player's library, done by them
        who = ctx.player(mw.group(1))
        if who is None:
            return None
        t = "reveal the top card of your library. " + t[mw.end():]
        t = re.sub(r"\b(?:that player|they|the player) (may )?puts? (it|that card) (into|onto) their (hand|graveyard)",
                   r"\1put \2 \3 your \4", t)
        t = re.sub(r"\b(?:that player|they|the player) (may )?puts? (it|that card) onto the battlefield",
                   r"\1put \2 onto the battlefield", t)
    m = _TOP_HEAD.match(t)
    if m is None or m.group(1) == "you may look at":
        return None
    parts = [p.strip() for p in re.split(r"\.\s+", t[m.end():].rstrip(".")) if p.strip()]
    if not parts or len(parts) > 2:
        return None
    after = re.fullmatch(r"(you may )?put (?:it|that card) (.+?) if it's (an? .+)", parts[0])
    if after:  # "You may put that card onto the battlefield if it's a permanent card with mana value 3 or
        # less" (Matter Reshaper): the same instruction as "If it's ..., you may put it onto the battlefield"
        parts[0] = f"if it's {after.group(3)}, {after.group(1) or ''}put it {after.group(2)}"
    im = _TOP_IF.match(parts[0])
    if im is None:
        return None
    f = parse_noun(im.group(1))
    if f is None or f.get("_needs_player_target") or f.get("controller") or f.get("player"):
        return None
    f.pop("zone", None)
    rest = "library_top"
    rest_may = False
    if len(parts) == 2:
        em = _TOP_ELSE.match(parts[1])
        if em is None:
            return None
        rest = _dest(em.group(2))
        rest_may = bool(em.group(1))
    to = _dest(im.group(3))
    if to in ("library_top", "library_top_order") or rest == "library_top_order":
        return None
    args: dict[str, Any] = {"amount": 1, "take": 1, "filter": f, "to": to, "rest": rest}
    if im.group(2):
        args["optional"] = True
    if "tapped" in im.group(3):
        args["tapped"] = True
    if m.group(1) == "reveal":
        args["reveal"] = True
    if rest_may:  # "..., you may put it on the bottom of your library": or it stays on top (608.2d)
        args["rest_optional"] = True
    if who is not None:
        args["who"] = who
    return [Effect("dig", args)]


# ------------------------------------------------------------------ two piles
_PILE_DEST = {"your hand": "hand", "your graveyard": "graveyard", "into your hand": "hand",
              "into your graveyard": "graveyard", "on the bottom of your library in any order": "library_bottom"}
#: "Reveal the top five cards of your library. An opponent separates those cards into two piles. Put one
#: pile into your hand and the other into your graveyard." (Fact or Fiction), and the form in which you
#: separate and an opponent chooses (Steam Augury)
_REVEAL_PILES = re.compile(
    r"^reveal the top (\w+|x plus one) cards of your library"
    r"(?:\. an opponent separates those cards into two piles\. put one pile into (your hand|your graveyard) "
    r"and the other (into your hand|into your graveyard|on the bottom of your library in any order)"
    r"| and separate them into two piles\. an opponent chooses one of those piles\. put that pile into "
    r"(your hand|your graveyard) and the other into (your hand|your graveyard))\.\s*"
)
#: "Look at the top five cards of your library and separate them into a face-down pile and a face-up pile. An opponent
#: chooses one of those piles. Put that pile into your hand and the other into your graveyard." (Curator of
#: Destinies); "Target opponent looks at the top four cards of your library and separates them into a face-down pile
#: and a face-up pile. Put one pile into your hand and the other into your graveyard." (Fortune's Favor)
_HIDDEN_PILES = re.compile(
    r"^(?:look at the top (\w+) cards of your library and separate them into a face-down pile and a face-up pile\. "
    r"an opponent chooses one of (?:those|the) piles\. put that pile into (your hand|your graveyard) and the other "
    r"into (your hand|your graveyard)"
    r"|(target opponent|they) looks? at the top (\w+) cards of your library and separates? them into a face-down "
    r"pile and a face-up pile\. put one pile into (your hand|your graveyard) and the other into (your hand|your "
    r"graveyard))\.\s*"
)
#: "Separate all permanents target player controls into two piles. That player sacrifices all
#: permanents in the pile of their choice." (Liliana of the Veil), "... Destroy all creatures in the
#: pile of that player's choice. They can't be regenerated." (Do or Die)
_PERMANENT_PILES = re.compile(
    r"^separate all (.+?) into two piles\. (?:(?:that player|they) sacrifices? all (.+?) in the pile of their "
    r"choice|(destroy) all (.+?) in the pile of that player's choice(\. they can't be regenerated)?)\.\s*"
)


#: "Exile up to five target creature cards from graveyards. An opponent separates those cards into two piles. Put all
#: cards from the pile of your choice onto the battlefield under your control and the rest into their owners'
#: graveyards." (Boneyard Parley): the cards the exile moved, in two piles
#: "Search your library for up to four cards with different names and reveal them. Target opponent chooses two of
#: those cards. Put the chosen cards into your graveyard and the rest into your hand. Then shuffle." (Gifts Ungiven),
#: "... three cards and reveal them. Target opponent chooses one. Put that card into your hand and the rest into
#: your graveyard." (Intuition)
OPPONENT_CHOOSES_FOUND = re.compile(
    r"search your library for (up to (?:two|three|four|five)|two|three|four|five) (.+?)(?:,| and) reveal them\.? "
    r"(target opponent|an opponent) chooses (one|two|three)(?: of them| of those cards)?\. put (?:that card|the "
    r"chosen cards?) (into your hand|into your graveyard) and the rest (into your hand|into your graveyard|"
    r"onto the battlefield(?: tapped)?)"
    r"(?:\.? then shuffle(?: your library)?|, then shuffle(?: your library)?)?\.?\s*")


def read_opponent_chooses(text: str, ctx: Ctx) -> tuple[list[Effect], str] | None:
    """701.15a, 701.15e: the cards found are revealed, then another player (an opponent, or the target opponent:
    601.2c) chooses which of them go to the first place named (as many as the text says, all when fewer were
    found) and the rest go to the other; the library is shuffled. The search's effect, and the text after it."""
    m = OPPONENT_CHOOSES_FOUND.match(text)
    if not m or m.group(5) == m.group(6):
        return None
    k = number(m.group(4))
    got = _search_common(m.group(1), m.group(2), m.group(6), True)
    if not k or not got or got[0].op != "search" or set(got[0].args) - {"filter", "amount", "to", "up_to", "reveal",
                                                                                    "tapped"}:
        return None
    who = ctx.player(m.group(3))
    if who is None:
        return None
    who = "opponent" if who == "an_opponent" else who  # one opponent, as the chooser (values.refs)
    if "tapped" in m.group(6):
        got[0].args["tapped"] = True
    split = {"amount": k, "to": "hand" if "hand" in m.group(5) else "graveyard", "chooser": who}
    return [Effect("search", {**got[0].args, "split": split})], text[m.end():]


EXILED_PILES = re.compile(
    r"^(exile [^.]+? target [^.]+? cards? from (?:graveyards|a graveyard|your graveyard))\. an opponent separates "
    r"those cards into two piles\. put all cards from the pile of your choice (onto the battlefield under your "
    r"control|into your hand) and the rest into (?:their owners'|its owner's|your) graveyards?\.\s*"
)


def _kind(f: dict[str, Any]) -> dict[str, Any]:
    """A filter's kind of object, whoever controls it ("permanents" means any on the battlefield)."""
    return {k: v for k, v in f.items() if k not in ("controller", "permanent")}


def read_piles(text: str, ctx: Ctx) -> tuple[list[Effect], str] | None:
    """The sentences of a two-piles instruction (the piles op), and the text after them."""
    m = _REVEAL_PILES.match(text)
    if m:
        n = amount(m.group(1)) if m.group(1) != "x plus one" else {"plus": [{"x": True}, 1]}
        if n is None:
            return None
        args: dict[str, Any]
        if m.group(2):  # an opponent separates; you choose
            args = {"top": n, "separator": "opponent", "chooser": "you",
                    "chosen": _PILE_DEST[m.group(2)], "other": _PILE_DEST[m.group(3)]}
        else:  # you separate; an opponent chooses
            args = {"top": n, "separator": "you", "chooser": "opponent",
                    "chosen": _PILE_DEST[m.group(4)], "other": _PILE_DEST[m.group(5)]}
        if args["chosen"] == args["other"]:
            return None
        return [Effect("piles", args)], text[m.end():]
    m = _HIDDEN_PILES.match(text)
    if m:  # one player looks at the cards and makes a face-down and a face-up pile; only the face-up one is shown
        if m.group(1):  # you separate; an opponent chooses
            args = {"top": amount(m.group(1)), "separator": "you", "chooser": "opponent",
                    "chosen": _PILE_DEST[m.group(2)], "other": _PILE_DEST[m.group(3)], "face_down": True}
        else:  # the opponent named separates; you choose
            sep = ctx.player(m.group(4))
            if sep is None or sep == "you":
                return None
            args = {"top": amount(m.group(5)), "separator": sep, "chooser": "you",
                    "chosen": _PILE_DEST[m.group(6)], "other": _PILE_DEST[m.group(7)], "face_down": True}
        if args["top"] is None or args["chosen"] == args["other"]:
            return None
        return [Effect("piles", args)], text[m.end():]
    m = _PERMANENT_PILES.match(text)
    if m:
        what = ctx.ref("all " + m.group(1))
        if not isinstance(what, dict) or "each" not in what or ctx.last_player is None:
            return None
        f = what["each"]
        ctl = f.get("controller")
        # the pile's objects are the separated ones: "all permanents" / "all creatures" of the same kind
        noun = parse_noun(m.group(2) or m.group(4))
        if noun is None or not isinstance(ctl, dict) or _kind(noun) != _kind(f):
            return None
        args = {"what": what, "separator": "you", "chooser": ctl,
                                "chosen": "destroy" if m.group(3) else "sacrifice"}
        if m.group(5):
            args["no_regen"] = True
        return [Effect("piles", args)], text[m.end():]
    return None
