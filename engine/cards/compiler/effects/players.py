"""Cards and life (CR 118 life, 120 drawing, 701.7 discard, 701.13 reveal, 701.18 scry),
turns and the game's end (104, 500.7), hands looked at and chosen from.
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.abilities import Effect, TargetSpec
from engine.cards.compiler.effects.amounts import amount_of, bind_x, ctx_quantity, equal_to, scaled
from engine.cards.compiler.effects.context import PLAYER, Ctx, Reader, reader
from engine.cards.compiler.quantities import count_of, quantity
from engine.cards.compiler.targets import number, parse_noun
from engine.mana import parse_cost


@reader(
    rf"^(?:{PLAYER} |(any number of target players) each )?draws? (a|one|two|three|four|five|six|seven|eight|nine|"
    r"ten|eleven|twelve|thirteen|fourteen|fifteen|twenty|x|\d+|that many) cards?(?: for each (.+?))?"
    r"(?:, where x is (.+))?$"
)
def _draw(m: re.Match, c: Ctx) -> list[Effect] | None:
    """120: "Draw a card", "Target player draws seven cards", "Any number of target players each draw
    twenty cards" (Jace, Memory Adept: 115.1, the players chosen as targets)."""
    if m.group(2):
        who: Any = c.add_target(TargetSpec({"player": True}, m.group(2), count=99, min=0))
        c.last_player = who
    else:
        who = c.player(m.group(1) or "you")
    if not bind_x(m.group(5), c):
        return None
    n = scaled(m.group(3), m.group(4), c)
    if who is None or n is None:
        return None
    return [Effect("draw", {"who": who, "amount": n})]


@reader(rf"^(?:{PLAYER} )?(?:may )?draws? up to (one|two|three|four|five) cards$")
def _draw_up_to(m: re.Match, c: Ctx) -> list[Effect] | None:
    """121.2: "Its controller may draw up to two cards" (Arcane Denial): that player chooses how many, from none to
    that many, as the instruction is carried out (engine/ops/zones.py draw "up_to")."""
    who = c.player(m.group(1) or "you")
    n = number(m.group(2))
    return None if who is None or n is None else [Effect("draw", {"who": who, "amount": n, "up_to": True})]


@reader(r"^starting with you, each player votes for ([a-z]+(?: [a-z]+){0,2}(?:, [a-z]+(?: [a-z]+){0,2})*),? or "
        r"([a-z]+(?: [a-z]+){0,2})$")
def _vote(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.29a: "Starting with you, each player votes for death or taxes" (will of the council, council's dilemma):
    each player in turn order from the controller chooses one of the words (701.29b); what follows reads the votes
    ("for each death vote", "if death gets more votes": engine/ops/misc.py vote)."""
    choices = [w.strip() for w in m.group(1).split(", ")] + [m.group(2).strip()]
    if len(set(choices)) != len(choices):
        return None
    return [Effect("vote", {"choices": choices})]


@reader(r"^(?:starting with you, )?each player(?: starting with you)? may pay any amount of mana$")
def _join_forces(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Join forces (Commander 2011): "Starting with you, each player may pay any amount of mana": each player in turn
    order from the controller (101.4) may pay; "the total amount of mana paid this way" is what they paid together."""
    return [Effect("pay_any", {"mana": True, "each": True})]


@reader(r"^starting with you, each player votes for (an? .+)$")
def _vote_object(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.29a-b: "Starting with you, each player votes for a nonland permanent you don't control" (Council's
    Judgment), "... for an artifact, creature, or enchantment card in your graveyard" (Custodi Squire): each player
    in turn order from the controller chooses one such object ("you": the controller; not a target, 114.1); then
    "each permanent with the most votes or tied for most votes" names those chosen most (engine/ops/misc.py)."""
    if re.search(r" or (?!enchantment|creature|artifact|planeswalker|land)", m.group(1)):
        return None  # a list of words ("votes for blue, black, red, or green"): not objects
    f = parse_noun(m.group(1))
    if f is None or f.get("player") or f.get("_needs_player_target") or f.get("zone") not in (
            None, "battlefield", "graveyard", "any_card"):
        return None
    if f.get("zone") == "any_card":
        return None
    return [Effect("vote", {"filter": f})]


@reader(r"^draw (two|three|four|five|a) cards? and reveal (?:them|it)$")
def _draw_reveal(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Draw three cards and reveal them" (Dungeon of the Mad Mage's last room), "Draw a card and reveal it"
    (Sindbad): the cards drawn (121.2) are revealed (701.13a); "them" / "it" after it are those cards
    (``drawn_cards``, engine/ops/zones.py draw)."""
    n = 1 if m.group(1) == "a" else number(m.group(1))
    if n is None:
        return None
    c.last = "drawn_cards"
    return [Effect("draw", {"who": "you", "amount": n}), Effect("reveal", {"what": "drawn_cards"})]


@reader(r"^draw (two|three|four|five) cards, then discard (one|two) of them$")
def _draw_then_discard_of_them(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"When enchanted creature dies, draw three cards, then discard one of them." (Casting of Bones): one of the cards
    just drawn (121.2), still in the hand, chosen by the player (701.8a)."""
    n, k = number(m.group(1)), number(m.group(2))
    if n is None or k is None or k >= n:
        return None
    pick = {"choose": {"zone": "hand", "owner": "you"}, "among": "drawn_cards", "amount": k}
    return [Effect("draw", {"who": "you", "amount": n}), Effect("discard", {"what": pick})]


@reader(r"^(?:you may )?cast (?:one|a spell from among) of them without paying its mana cost$")
def _cast_one_drawn(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"... Draw three cards and reveal them. You may cast one of them without paying its mana cost": the player
    chooses one of the cards drawn that is still in their hand, then may cast it (608.2g, 117.9: its other costs
    still paid)."""
    if c.last != "drawn_cards":
        return None
    pick = {"choose": {"zone": "hand", "owner": "you", "not_types": ["Land"]}, "among": "drawn_cards"}
    return [Effect("cast_offer", {"what": pick, "zone": "hand", "free": True})]


@reader(r"^(?:(until end of turn|until your next turn), )?(.+?) spells (you|that player|target player|they) casts? "
        r"(this turn )?cost \{(\d+)\} (less|more) to cast$")
def _spells_cost(m: re.Match, c: Ctx) -> list[Effect] | None:
    """601.2f, 611.2a: "Until your next turn, instant, sorcery, and planeswalker spells that player casts cost {2} less
    to cast" (Will Kenrith), "Creature spells you cast this turn cost {1} less to cast": for that duration (one of
    them said), the spells of the kind that player casts."""
    if bool(m.group(1)) == bool(m.group(4)):
        return None
    who = c.player(m.group(3))
    f = parse_noun(m.group(2) + " spell")
    if who is None or who in ("each_player", "each_opponent") or f is None or f.pop("zone", None) != "stack" \
            or set(f) - {"types", "not_types", "subtypes", "colors"}:
        return None
    n = int(m.group(5)) * (-1 if m.group(6) == "less" else 1)
    return [Effect("spells_cost", {"who": who, "spells": f, "amount": n,
                                   "duration": "your_next_turn" if m.group(1) == "until your next turn" else "eot"})]


@reader(r"^the next (?:(.+?) )?spell you cast this turn can't be countered$")
def _next_spell_uncounterable(m: re.Match, c: Ctx) -> list[Effect] | None:
    """101.1: "The next creature spell you cast this turn can't be countered" (Insist), "The next instant or sorcery
    spell ..." (Overmaster): the first such spell its controller casts this turn."""
    f: dict[str, Any] | None = {}
    if m.group(1):
        f = parse_noun(m.group(1) + " spell")
        if f is None or f.pop("zone", None) != "stack" or set(f) - {"types", "not_types", "subtypes", "colors"}:
            return None
    return [Effect("next_spell_flag", {"spells": f, "flag": "uncounterable"})]


@reader(r"^the next (?:(.+?) )?spell you cast this turn (?:costs \{(\d+)\} less to cast|has affinity for (.+))$")
def _next_spell_cost(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Whenever SELF attacks, the next spell you cast this turn costs {1} less to cast" (Hardened Berserker): a
    one-use cost reduction for its controller (601.2f). "The next spell you cast this turn has affinity for
    artifacts" (Saheeli, the Gifted): {1} less for each artifact its caster controls as it is cast (702.40a)."""
    args: dict[str, Any] = {"amount": int(m.group(2) or 1)}
    if m.group(3):
        q = quantity(m.group(3) + " you control")
        if q is None:
            return None
        args["per"] = q
    if m.group(1):
        f = parse_noun(m.group(1) + " spell")
        if f is None or f.pop("zone", None) != "stack" or set(f) - {"types", "not_types", "subtypes", "colors"}:
            return None
        args["spells"] = f
    return [Effect("next_spell_cost", args)]


def _equal_amount(q: str, c: Ctx) -> Any:
    """The amount of "... equal to Q": "its power" and "that creature's power" name the last object (608.2c),
    other quantities as read with the sentence's references ("the sacrificed creature's power")."""
    it = c.last if c.last is not None else "it"
    if re.fullmatch(r"(?:its|that creature's|that card's|the card's) (?:power|toughness|mana value)", q):
        return equal_to(q, its=it, that_creature=it, c=c)
    out = ctx_quantity(q, c)
    ref = next((out[k] for k in ("power_of", "toughness_of", "mv_of") if isinstance(out, dict) and k in out), None)
    if ref in ("sacrificed", "exiled", "discarded"):
        c.last = ref  # "equal to the sacrificed creature's toughness, then discard cards equal to its power"
    return out


@reader(rf"^(?:{PLAYER} )?(draw|discard|mill)s? (?:a number of )?cards equal to (.+)$")
def _cards_eq(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Draw cards equal to ...", "Target player discards a number of cards equal to the sacrificed creature's
    power" (Tormented Thoughts), "Target player mills cards equal to ..." (Altar of Dementia): the number is
    read as the instruction is carried out (120.1, 701.7a, 608.2h)."""
    who = c.player(m.group(1) or "you")
    q = _equal_amount(m.group(3), c)
    return None if who is None or q is None else [Effect(m.group(2), {"who": who, "amount": q})]


@reader(rf"^(?:{PLAYER} )?(gain|lose)s? (\d+|x|x plus \d+|that much) life(?: for each (.+?))?(?:, where x is (.+))?$")
def _life(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1) or "you")
    if not bind_x(m.group(5), c):
        return None
    n = scaled(m.group(3), m.group(4), c)
    if who is None or n is None:
        return None
    return [Effect("gain_life" if m.group(2).lower() == "gain" else "lose_life", {"who": who, "amount": n})]


@reader(r"^(each player|each opponent) who (?:doesn't|does not) control an? (.+?) loses (\d+ life|the game)$")
def _lose_unless_controls(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Each opponent who doesn't control an Elf loses 1 life" (Thornbow Archer), "Each opponent who doesn't control
    a legendary creature or planeswalker loses the game" (Nicol Bolas, Dragon-God; 104.3e): the players who control
    none of those permanents as it resolves (608.2c)."""
    f = parse_noun(m.group(2))
    if f is None or f.get("player") or f.get("controller") or f.get("zone") not in (None, "battlefield") \
            or f.get("_needs_player_target"):
        return None
    f.pop("zone", None)
    who = c.player(m.group(1))
    if who is None:
        return None
    if m.group(3) == "the game":
        return [Effect("lose_game", {"who": who, "unless_controls": f})]
    return [Effect("lose_life", {"who": who, "amount": int(m.group(3).split()[0]), "unless_controls": f})]


@reader(rf"^(?:{PLAYER} )?(gain|lose)s? ((?:half|a third of) (?:their|your|his or her) life(?: total)?, "
        r"rounded (?:up|down))$")
def _life_half(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"That player loses half their life, rounded up", "each player loses a third of their life, rounded up"
    (Dire Fleet Ravager; 107.1a): that part of the life total of each player who loses it, counted for that
    player as the instruction is carried out (608.2c)."""
    who = c.player(m.group(1) or "you")
    n = ctx_quantity(m.group(3), c)
    if who is None or n is None or (who != "you" and "your life" in m.group(3)):
        return None
    return [Effect("gain_life" if m.group(2).lower() == "gain" else "lose_life", {"who": who, "amount": n})]


@reader(rf"^(?:{PLAYER} )?(gain|lose)s? life equal to (.+)$")
def _life_eq(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1) or "you")  # "you may gain life equal to ...": "you" read by the may
    q = m.group(3)
    it = c.last if c.last is not None else "it"
    # "its power" and "that creature's power" name the last object; other quantities as read
    n = equal_to(q, its=it, that_creature=it, c=c) if re.fullmatch(
        r"(?:its|that creature's|that card's|the card's) (?:power|toughness|mana value)", q) else ctx_quantity(q, c)
    if who is None or n is None:
        return None
    return [Effect("gain_life" if m.group(2).lower() == "gain" else "lose_life", {"who": who, "amount": n})]


@reader(rf"^(?:{PLAYER} )?(reveals (?:their|his or her) hand and )?discards? (up to )?(a|an|one|two|three|four|five|"
        r"six|seven|x|\d+|any number of|that many) (?:([a-z ,/-]+?) )?cards?( at random)?(?:, where x is (.+))?$")
def _discard(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.7a: "Discard a card", "Target player discards two cards", "you may discard a land card" (the
    player chooses among the cards of that kind in their hand), "discard up to two cards", "discard any
    number of cards" (none is a choice too); "Target opponent reveals their hand and discards a creature card at
    random" (Rag Man: the hand shown to all, 701.15a, then one of the cards of that kind at random, 701.8a)."""
    who = c.player(m.group(1) or "you")
    if m.group(7) and (m.group(4) != "x" or not bind_x(m.group(7), c)):  # "discards X cards, where X is ..." (Cabal
        return None  # Shrine): X counted as it resolves (608.2h)
    many = m.group(4) == "any number of"
    n = "any" if many else amount_of(m.group(4), c)
    if who is None or n is None or m.group(4) == "an" and not m.group(5) or (many or m.group(3)) and m.group(6):
        return None
    args: dict[str, Any] = {"who": who, "amount": n}
    if m.group(3):
        args["up_to"] = True
    if m.group(5):
        f = parse_noun(m.group(5) + " card")
        if f is None or set(f) - {"types", "subtypes", "supertypes", "not_types", "colors", "zone",
                                  "not_colors", "not_supertypes", "not_subtypes"}:
            return None
        f.pop("zone", None)
        args["filter"] = f
    if m.group(6):
        args["random"] = True
    return ([Effect("reveal", {"who": who, "zone": "hand"})] if m.group(2) else []) + [Effect("discard", args)]


@reader(rf"^(?:{PLAYER} )?discards? a card for each (.+)$")
def _discard_each(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.7a: "each opponent ... discards a card for each taxes vote" (Capital Punishment, 701.29): that many cards,
    counted as the instruction is carried out (608.2h)."""
    who = c.player(m.group(1) or "you")
    n = count_of(m.group(2))
    return None if who is None or n is None else [Effect("discard", {"who": who, "amount": n})]


@reader(r"^(each player|each opponent) discards (half|a third of) the cards in their hand, rounded (up|down)$")
def _discard_half(m: re.Match, c: Ctx) -> list[Effect] | None:
    """107.1a, 701.8a: "Each player ... discards half the cards in their hand. Round up each time." (Fraying
    Omnipotence): each player discards that part of their own hand, rounded as the effect says (engine/ops/zones.py
    counts it for each player: values.amount_for)."""
    who = c.player(m.group(1))
    n = quantity(f"{m.group(2)} the cards in their hand, rounded {m.group(3)}")
    return None if who is None or n is None else [Effect("discard", {"who": who, "amount": n})]


@reader(rf"^(?:{PLAYER} )?discards? (?:their|your) hand$|"
        rf"^(?:{PLAYER} )?discards? all (?:the )?cards in (?:their|your) hand$")
def _discard_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1) or m.group(2) or "you")
    return None if who is None else [Effect("discard", {"who": who, "amount": "all"})]


@reader(rf"^(?:{PLAYER} )?mills? (?:([a-z]+|\d+|that many) cards?(?:, where x is (.+))?|cards equal to (.+)"
        r"|((?:half|a third of) (?:their|your|his or her) library, rounded (?:up|down)))$")
def _mill(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Mill (a later keyword action: "put the top N cards of their library into their graveyard"): "Target
    player mills X cards, where X is the number of lands you control" (Dreadwaters): X bound for the sentence
    (107.3); "each opponent mills cards equal to the number of cards in their hand" (Folio of Fancies): counted
    for each player who mills ("their": that player, 608.2c); "target player mills half their library, rounded
    up" (Fleet Swallower, Traumatize; 107.1a): half the cards in the library of each player who mills."""
    who = c.player(m.group(1) or "you")
    if not bind_x(m.group(3), c):
        return None
    part = m.group(5)
    n = amount_of(m.group(2), c) if m.group(2) else ctx_quantity(part, c) if part else equal_to(m.group(4), c=c)
    if who is None or n is None or part and who != "you" and "your library" in part:
        return None
    if who == "you":  # "from among them" / "the cards milled this way" of the next instruction: your own cards
        c.last = "milled"
    else:  # "target opponent mills five cards. You may cast an instant or sorcery spell from among them"
        c.milled_other = True
    return [Effect("mill", {"who": who, "amount": n})]


@reader(rf"^(?:{PLAYER} )?mills? half (?:their|your) library, rounded (up|down)$")
def _mill_half(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target player mills half their library, rounded down" (Traumatize): half the cards in the library of
    each player who mills, counted as it resolves (107.1a: rounded as the effect says)."""
    who = c.player(m.group(1) or "you")
    if who is None:
        return None
    return [Effect("mill", {"who": who, "amount": {
        "half": {"count": {"zone": "library", "owner": "that_player"}}, "up": m.group(2) == "up"}})]


@reader(rf"^(?:{PLAYER} )?puts? the (top|bottom) (card|[a-z]+|\d+)(?: cards?)? of "
        r"(?:their|your|his or her) library into (?:their|your|his or her) graveyard$")
def _mill_old(m: re.Match, c: Ctx) -> list[Effect] | None:
    """The wording before "mill" became a keyword action (2020; 701.13 in today's rules):
    "puts the top N cards of their library into their graveyard" is milling N cards; "the bottom card" (Cellar
    Door) is those cards from the bottom instead (401.1)."""
    who = c.player(m.group(1) or "you")
    n = 1 if m.group(3) == "card" else amount_of(m.group(3), c)
    if who is None or n is None:
        return None
    return [Effect("mill", {"who": who, "amount": n, **({"bottom": True} if m.group(2) == "bottom" else {})})]


@reader(rf"^(?:{PLAYER} )?gets? (a|an|one|two|three|four|five|x|\d+|that many) poison counters?$")
def _poison(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target player gets two poison counters" (121.1c; poisonous, 702.69a)."""
    who = c.player(m.group(1) or "you")
    n = amount_of(m.group(2), c)
    return None if who is None or n is None else [Effect("poison", {"who": who, "amount": n})]


@reader(rf"^(?:you |{PLAYER} (may )?)?(scry|surveil|scries|surveils) (\d+|x)(?:, where x is (.+?))?$")
def _scry(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.18a: "Scry 2"; "Scry X, where X is the greatest mana value among permanents you control" (X bound
    for the sentence, 107.3); surveil is a later keyword action. "Then each opponent may scry 1" (Kaya,
    Intangible Slayer; Myr Custodian): each of those players in turn chooses whether to scry (``who``, ``may``)."""
    if not bind_x(m.group(5), c):
        return None
    args: dict[str, Any] = {"amount": amount_of(m.group(4), c)}
    if m.group(3).lower().startswith("surveil"):  # ("target player scries 3": the verb of another player)
        args["surveil"] = True
    if m.group(1) and m.group(1) != "you":
        who = c.player(m.group(1))
        if who is None or args["amount"] is None:
            return None
        args["who"] = who
        if m.group(2):
            args["may"] = True
    elif m.group(2):
        return None  # "you may scry 2": another reader's ("may" before a whole instruction)
    return [Effect("scry", args)]


@reader(r"^(you may have |have )?your life total becomes? the total (power|toughness) of (.+)$")
def _set_life_total(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Loxodon Lifechanter: 'your life total becomes the total toughness of creatures you control' (119.5)."""
    f = parse_noun(m.group(3))
    if f is None or f.get("player") or f.get("_needs_player_target"):
        return None
    eff = Effect("set_life", {"who": "you", "amount": {"total_" + m.group(2): f}})
    return [Effect("may", {"effects": [eff]})] if m.group(1) == "you may have " else [eff]


@reader(r"^(your|target player's|target opponent's|each player's|each opponent's|that player's|up to one target "
        r"player's|up to one target opponent's) life totals? "
        r"becomes? "
        r"(\d+|the number of (.+)|(?:equal to )?(?:half )?(?:their|your|his or her) starting life total"
        r"(?:, rounded (?:up|down))?|the (?:highest|lowest) life total among all players)$")
def _life_becomes(m: re.Match, c: Ctx) -> list[Effect] | None:
    """118.5: "Target opponent's life total becomes 10" (Sorin Markov), "Each player's life total
    becomes the number of creatures they control" (Biorhythm), "up to one target player's life total becomes half
    their starting life total, rounded down" (Torgaar: 103.3, 107.1a): each gains or loses the difference."""
    who = {"your": "you", "each player's": "each_player", "each opponent's": "each_opponent"}.get(m.group(1)) \
        or c.player(m.group(1)[:-2])
    if who is None:
        return None
    if m.group(2).endswith(("starting life total", "rounded up", "rounded down", "among all players")):
        # "Each player's life total becomes the highest life total among all players" (Arbiter of Knollridge)
        amt_ = quantity(m.group(2).removeprefix("equal to "))  # "becomes equal to your starting life total" (103.3)
        return None if amt_ is None else [Effect("set_life", {"who": who, "amount": amt_})]
    if m.group(3):
        f = parse_noun(m.group(3))
        if f is None or f.get("player") or f.get("_needs_player_target"):
            return None
        amt: Any = {"count": f}
    else:
        amt = int(m.group(2))
    return [Effect("set_life", {"who": who, "amount": amt})]


@reader(r"^you (?:draw x cards and (?:you )?lose x life, where x is (.+)|gain life and draw cards equal to (.+)|"
        r"draw cards and (?:you )?lose life equal to (.+))$")
def _draw_and_life(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"You draw X cards and you lose X life, where X is the number of counters on that creature" (Parting Thoughts),
    "you gain life and draw cards equal to its power" (Lifeblood Hydra): the same number for both instructions (107.3,
    608.2h), read for each; a number the draws themselves change (cards in a hand or a library) is not read here."""
    if m.group(1) is not None:
        if not bind_x(m.group(1), c):
            return None
        q = c.x
    else:
        q = ctx_quantity(m.group(2) or m.group(3), c)
    if q is None or re.search(r"hand_of|library|drawn", repr(q)):
        return None
    if m.group(2) is not None:
        return [Effect("gain_life", {"who": "you", "amount": q}), Effect("draw", {"who": "you", "amount": q})]
    return [Effect("draw", {"who": "you", "amount": q}), Effect("lose_life", {"who": "you", "amount": q})]


@reader(r"^double (target player's|target opponent's|its controller's|that player's) life total$")
def _double_player_life(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Double target player's life total" (Beacon of Immortality), "double its controller's life total" (Celestial
    Mantle): that player's life total becomes twice what it is (118.5: they gain the difference)."""
    who = c.player(m.group(1)[:-2])
    if who is None:
        return None
    return [Effect("set_life", {"who": who, "amount": {"times": 2, "of": {"life_of": "that_player"}}})]


@reader(r"^(your life total|it) becomes equal to (your starting life total|.+)$")
def _life_becomes_equal(m: re.Match, c: Ctx) -> list[Effect] | None:
    """118.5: "your life total becomes equal to your starting life total" (Oketra's Last Mercy); "it becomes equal
    to your starting life total" after "if your life total is less than your starting life total" (Resolute
    Archangel): only a life total can equal a starting life total, so "it" is the life total the condition named.
    The player gains or loses the difference."""
    if m.group(1) == "it" and m.group(2) != "your starting life total":
        return None
    amt = quantity(m.group(2))
    if amt is None:
        return None
    return [Effect("set_life", {"who": "you", "amount": amt})]


@reader(rf"^{PLAYER} pays? (half (?:their|your|his or her) life(?: total)?, rounded (?:up|down))$")
def _player_pays_half_life(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Any player may pay half their life, rounded up. If a player does, counter SELF." (Temporal Extortion):
    a payment of life (119.4) of half that player's own life total, rounded as it says (107.1a), counted for the
    player who pays as they pay it."""
    if m.group(1) == "you":
        return None  # "you pay half your life" is a cost or a "may" payment
    who = c.player(m.group(1))
    n = ctx_quantity(m.group(2), c)
    if who is None or n is None:
        return None
    return [Effect("pay_life", {"who": who, "amount": n})]


@reader(rf"^{PLAYER} pays (\d+) life$")
def _player_pays_life(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"That player pays 3 life" (the other way of an "unless ... sacrifices a creature or pays 3 life", Indulgent
    Tormentor): a payment of life by that player (119.4), not your own cost."""
    if m.group(1) == "you":
        return None  # "you pay N life" is a cost or a "may" payment (engine/cards/compiler/effects/sequence.py)
    who = c.player(m.group(1))
    return None if who is None else [Effect("pay_life", {"who": who, "amount": int(m.group(2))})]


@reader(r"^double your life total$")
def _double_life(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Double your life total" (Revenge, Enduring Angel): its controller gains life equal to their life total
    (118.5 sets it to twice what it is; a gain of that much, 118.9: "whenever you gain life" sees it)."""
    return [Effect("gain_life", {"who": "you", "amount": {"life_of": "you"}})]


@reader(r"^redistribute any number of players' life totals$")
def _redistribute(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Reverse the Sands: the players chosen get one another's life totals back (118.5; 810.9f)."""
    return [Effect("redistribute_life", {})]


@reader(r"^each (player|opponent) with (exactly )?(\d+)( or less| or more)? life (wins|loses) the game$")
def _win_lose_with_life(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Each player with exactly 13 life loses the game" (Triskaidekaphobia): the players whose life total is
    that much as it resolves (119.1, 104.3e)."""
    n = int(m.group(3))
    key = "life_le" if m.group(4) == " or less" else "life_ge" if m.group(4) == " or more" else "life_eq"
    if not m.group(2) and not m.group(4):
        return None
    f: dict[str, Any] = {"player": True, key: n, **({"opponent": True} if m.group(1) == "opponent" else {})}
    return [Effect("win_game" if m.group(5) == "wins" else "lose_game", {"who": {"each": f}})]


@reader(r"^(you|target player|that player|target opponent|each opponent) (win|wins|lose|loses) the game$")
def _win_lose(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1))
    if who is None:
        return None
    return [Effect("win_game" if m.group(2).startswith("win") else "lose_game", {"who": who})]


@reader(r"^(?:(you|target player|that player) )?takes? (an|two|three) extra turns? after this one(?: for each (.+))?$")
def _extra_turn(m: re.Match, c: Ctx) -> list[Effect] | None:
    """500.7: "Take an extra turn after this one"; "Take two extra turns after this one" (Teferi, Master of Time):
    that many, one after the other; "... for each coin that comes up heads" (Ral Zarek): one for each."""
    who = c.player(m.group(1) or "you")
    n: Any = {"an": 1, "two": 2, "three": 3}[m.group(2)]
    if m.group(3):
        per = quantity(m.group(3))
        if per is None or n != 1:
            return None
        n = per
    return None if who is None else [Effect("extra_turn", {"who": who, **({"amount": n} if n != 1 else {})})]


@reader(r"^after this main phase, there is an additional combat phase followed by an additional main phase$")
def _extra_combat(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Relentless Assault, Seize the Day, Aggravated Assault (500.8)."""
    return [Effect("extra_combat", {})]


@reader(r"^after this phase, there is an additional combat phase$")
def _extra_combat_after(m: re.Match, c: Ctx) -> list[Effect] | None:
    """500.8: "Untap all creatures you control. After this phase, there is an additional combat phase" (Combat
    Celebrant, Aurelia, the Warleader): one more combat phase directly after the one it is said in."""
    return [Effect("extra_combat", {"after": "this_phase"})]


@reader(r"^(?:you get|that player gets) an additional (upkeep|draw|end) step after this step$")
def _extra_step(m: re.Match, c: Ctx) -> list[Effect] | None:
    """500.9: "... that player gets an additional upkeep step after this step" (Paradox Haze): a step of the same
    turn, directly after the one the ability resolves in (engine/extra_phases.py)."""
    return [Effect("extra_step", {"step": {"upkeep": "upkeep", "draw": "draw", "end": "end"}[m.group(1)]})]


@reader(r"^you gain life equal to the life lost this way$")
def _gain_lost_this_way(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Gray Merchant of Asphodel: the life the previous instruction made players lose (119.3)."""
    return [Effect("gain_life", {"who": "you", "amount": {"that_much": True}})]


@reader(r"^end the turn$")
def _end_the_turn(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Time Stop, Sundial of the Infinite: end the turn (713.1)."""
    return [Effect("end_turn", {})]


@reader(r"^(?:(.+?) )?discards? any number of cards, then draws? that many cards(?: plus (one|two|three))?$")
def _rummage_any(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Discard any number of cards, then draw that many cards" (701.7a): "that many" is the number the
    player discarded; for "each player" it would be counted for each player apart (not carried out)."""
    who = c.player(m.group(1) or "you")
    if who not in ("you", "trigger_player") and not (isinstance(who, dict) and set(who) == {"target"}):
        return None
    many: Any = {"count_this_way": {}, "action": "discarded"}
    if m.group(2):  # "then draw that many cards plus one" (Colossus of the Blood Age)
        many = {"plus": [many, number(m.group(2))]}
    return [Effect("discard", {"who": who, "amount": "any"}), Effect("draw", {"who": who, "amount": many})]


@reader(r"^(you|target player|target opponent|that player|each opponent|they) skips? (?:your|their|his or her) "
        r"next (untap step|upkeep step|draw step|combat phase|turn)( this turn)?$")
def _skip_next_step(m: re.Match, c: Ctx) -> list[Effect] | None:
    """614.10: "That player skips their next untap step" (Ral Zarek's -7 style), "target opponent skips their
    next combat phase" (Stonehorn Dignitary), "You skip your next turn" (Meditate): once, that player's next
    one (614.10a: nothing of a skipped step, phase or turn happens)."""
    who = c.player(m.group(1))
    step = m.group(2).split()[0]
    if who is None or m.group(3) and step != "combat":
        return None
    return [Effect("skip_next", {"who": who, "step": step, **({"this_turn": True} if m.group(3) else {})})]


@reader(r"^(target player|target opponent|each opponent) skips? all combat phases of (?:their|his or her) next turn$")
def _skip_combats(m: re.Match, c: Ctx) -> list[Effect] | None:
    """614.10: "Target opponent skips all combat phases of their next turn" (False Peace, Empty City Ruse): every
    combat phase of that player's next turn (engine/game.py _skip_combats)."""
    who = c.player(m.group(1))
    return None if who is None else [Effect("skip_next", {"who": who, "step": "combats_next_turn"})]


@reader(r"^(you|target player|target opponent|that player) skips? (?:your|their|his or her) next (x|two|three|four|"
        r"five|\d+) turns(?:, where x is (.+))?$")
def _skip_turns(m: re.Match, c: Ctx) -> list[Effect] | None:
    """614.10: "Target opponent skips their next X turns, where X is the number of coins that came up heads" (Ral
    Zarek, Guest Lecturer): that many of the player's next turns are skipped, each one once (none when X is 0)."""
    who = c.player(m.group(1))
    if who is None or not bind_x(m.group(3), c) or (m.group(2) == "x") != bool(m.group(3)):
        return None
    n = amount_of(m.group(2), c)
    return None if n is None else [Effect("skip_next", {"who": who, "step": "turn", "amount": n})]


@reader(r"^discard (?:all the cards in your hand|your hand), then draw that many cards(?: plus (one|two|three))?$")
def _discard_hand_redraw(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Discard all the cards in your hand, then draw that many cards plus one" (Chandra, Flamecaller 0):
    "that many" is the number of cards discarded (701.7), counted as they are discarded."""
    many: Any = {"count_this_way": {}, "action": "discarded"}
    if m.group(1):
        many = {"plus": [many, number(m.group(1))]}
    return [Effect("discard", {"who": "you", "amount": "all"}), Effect("draw", {"who": "you", "amount": many})]


@reader(r"^put (a|one|two|three|\w+) cards? from your hand on (top|the bottom) of your library(?: in any order)?$")
def _hand_to_top(m: re.Match, c: Ctx) -> list[Effect] | None:
    n = number(m.group(1))
    if n is None:
        return None
    return [Effect("move", {"what": {"choose": {"zone": "hand", "owner": "you"}, "amount": n},
                            "to": "library_top" if m.group(2) == "top" else "library_bottom"})]


@reader(r"^(target player|target opponent|each opponent|each player|that player) reveals (?:their|his or her) hand$")
def _reveal_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1))
    if isinstance(who, dict) and "target" in who:
        c.revealed_hand = who  # "You may cast an instant or sorcery spell from among those cards" (Mindclaw Shaman)
    return None if who is None else [Effect("reveal", {"who": who, "zone": "hand"})]


@reader(r"^reveal an? ((?:.+? )?card) from your hand$")
def _reveal_a_card(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.13a: "you may reveal a Dinosaur card from your hand. If you do, you gain 2 life" (Priest of the Wakening
    Sun), "Reveal a card from your hand. Search your library for a card with the same name as that card" (Infernal
    Tutor): its controller chooses such a card in their hand and shows it to all; it stays in the hand (a "may" is
    open only with one there); "that card" after it is the card revealed."""
    f = {} if m.group(1) == "card" else parse_noun(m.group(1))
    if f is None or f.get("player") or "or" in f or f.get("zone") not in (None, "hand", "any_card"):
        return None
    f.pop("zone", None)
    c.last = "revealed"
    return [Effect("reveal", {"who": "you", "zone": "hand", "filter": f})]


@reader(r"^(target player|target opponent) reveals the top card of their library$")
def _reveal_their_top(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.13a: "{1}{U}: Target player reveals the top card of their library." (Aven Windreader): shown to every
    player, and left where it is."""
    who = c.player(m.group(1))
    return None if who is None else [Effect("reveal", {"who": who, "zone": "library_top", "amount": 1, "to": "all"})]


@reader(r"^(target player|target opponent|that player) reveals (?:their|his or her) hand and discards all cards with "
        r"(?:that|the chosen) name$")
def _reveal_discard_named(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target player reveals their hand and discards all cards with that name" (Cabal Therapy): the
    hand is shown to all (701.15a), then every card in it with the name chosen (201.3) is discarded."""
    who = c.player(m.group(1))
    if who is None:
        return None
    return [Effect("reveal", {"who": who, "zone": "hand"}),
            Effect("discard", {"what": {"each": {"chosen_name": True, "zone": "hand", "owner": who}}})]


@reader(r"^(target player|target opponent|that player) (reveals (?:their|his or her) hand and )?discards all "
        r"((?:[a-z]+ )?cards(?: of (?:that|the chosen) (?:color|type))?)$")
def _discard_all_kind(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.8a: "Target player reveals their hand and discards all nonland cards" (Amnesia): the hand shown to all
    (701.15a), then every card of that kind in it discarded at once; "... all cards of that color" after "Choose a
    color" (Persecute): of the color chosen as the spell resolved (608.2d)."""
    who = c.player(m.group(1))
    f = parse_noun(m.group(3))
    if who is None or f is None or f.get("player") or f.get("zone") not in (None, "any_card") or f.get("controller"):
        return None
    f.pop("zone", None)
    out = [Effect("reveal", {"who": who, "zone": "hand"})] if m.group(2) else []
    return out + [Effect("discard", {"what": {"each": {**f, "zone": "hand", "owner": who}}})]


@reader(r"^(?:then )?(that player|its controller) reveals (?:their|his or her) hand and exiles all cards with that "
        r"name from (?:their|his or her) hand and graveyard$")
def _reveal_exile_named(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Exile target creature an opponent controls ... Then that player reveals their hand and exiles all cards with
    that name from their hand and graveyard" (Legion's End): the name of the target named before (201.2), the hand
    shown to all (701.15a), then every card with that name in that player's hand and graveyard exiled."""
    who = c.player(m.group(1))
    t = c.last
    if who is None or not (isinstance(t, dict) and (set(t) == {"target"} or "each" in t)):
        return None
    ref = t if set(t) == {"target"} else t["each"].get("same_name_as")
    if not (isinstance(ref, dict) and set(ref) == {"target"}):
        return None
    return [Effect("reveal", {"who": who, "zone": "hand"}),
            Effect("exile", {"what": {"each": {"same_name_as": ref, "zone": "hand", "owner": who}}}),
            Effect("exile", {"what": {"each": {"same_name_as": ref, "zone": "graveyard", "owner": who}}})]


@reader(r"^until end of turn, each (.+? card) in your graveyard gains \"you may play self from your graveyard\.?\"$")
def _graveyard_playable(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Until end of turn, each legendary card in your graveyard gains 'You may play this card from your graveyard.'"
    (Kethis, the Hidden Hand): those cards, the ones there as it resolves (611.2c), may be played from there this
    turn (305.1 lands, 601.2a spells): a permission for each of them (engine/ops/playable.py)."""
    f = parse_noun(m.group(1))
    if f is None or f.get("player") or set(f) - {"types", "not_types", "subtypes", "supertypes", "zone"}:
        return None
    f.pop("zone", None)
    return [Effect("playable", {"what": {"each": {**f, "zone": "graveyard", "owner": "you"}}, "play": "play",
                                "until": "eot"})]


@reader(r"^look at the top (card|two cards|three cards) of (your|target player's|target opponent's|each player's) "
        r"library$")
def _look_top(m: re.Match, c: Ctx) -> list[Effect] | None:
    """401.2, 701.15a-like: "Look at the top card of your library" (Brutal Deceiver), "... of each player's library"
    (Case the Joint): those cards are shown to the controller alone; nothing moves."""
    who = c.player({"your": "you", "each player's": "each player"}.get(m.group(2), m.group(2)[:-2]))
    n = {"card": 1, "two cards": 2, "three cards": 3}[m.group(1)]
    if who is None:
        return None
    # "that card"/"it" after this (Puresight Merrow's "You may exile that card") would name the card looked at:
    # not read here (an unknown reference makes the card unsupported rather than act on SELF)
    c.last = {"looked_at_top": who}
    return [Effect("reveal", {"who": who, "zone": "library_top", "amount": n, "to": "you"})]


@reader(r"^reveal any number of ((?:[a-z]+ )*?)cards (?:in|from) your hand$")
def _reveal_any_number(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.13a: "Reveal any number of white cards in your hand" (Scent of Jasmine, Jasmine Seer): the cards of that kind
    its controller chooses, none included, shown to all; "each card revealed this way" / "the number of cards
    revealed this way" of the next instruction counts them."""
    f = parse_noun(f"{m.group(1)}card") if m.group(1) else {}
    if f is None or f.get("player") or set(f) - {"types", "subtypes", "colors", "zone", "not_types", "supertypes"}:
        return None
    f.pop("zone", None)
    c.last = "revealed"
    return [Effect("reveal", {"filter": f, "any_number": True})]


@reader(r"^look at (target player's|target opponent's|that player's|each opponent's|its controller's) hand$")
def _look_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Look at target player's hand" (401.2: its controller sees it); "Counter target spell. Look at its controller's
    hand." (Lay Bare): the player who controlled that spell (608.2h)."""
    who = c.player(m.group(1)[:-2])
    return None if who is None else [Effect("reveal", {"who": who, "zone": "hand", "to": "you"})]


CHOOSE_FROM_HAND = re.compile(
    r"^you (may )?choose (a|an|one|up to one|two|up to two) (.+?) from (?:it|them|that player's hand|their hand|"
    r"among them|(that player's graveyard or hand|their graveyard or hand))(?: (with .+))?$")


@reader(CHOOSE_FROM_HAND.pattern)
def choose_from_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"You choose a nonland card from it [with mana value 3 or less]": the caster chooses (608.2c); "from that
    player's graveyard or hand" (Never Happened, Memory Leak): among the cards of both zones of that player. "You may
    choose a nonland card from it" (Cracked Skull): one or none (the next instruction then acts on nothing)."""
    may, count = bool(m.group(1)), m.group(2)
    if may and count not in ("a", "an", "one"):
        return None
    noun = m.group(3) + (" " + m.group(5) if m.group(5) else "")
    if noun in ("card", "cards"):
        f: dict[str, Any] | None = {}
    else:
        f = parse_noun(noun)
    if f is None or c.last_player is None or m.group(4) and "or" in f:
        return None
    f.pop("zone", None)
    n = {"a": 1, "an": 1, "one": 1, "up to one": 1, "two": 2, "up to two": 2}[count]
    where = {"or": [{"zone": "graveyard"}, {"zone": "hand"}]} if m.group(4) else {"zone": "hand"}
    c.last = {"choose": {**f, **where, "owner": c.last_player}, "chooser": "you", "amount": n,
              **({"up_to": True} if count.startswith("up to") or may else {})}
    return []   # the choice is made here; the next instruction acts on "that card" (the chosen card)


@reader(r"^(?:then )?choose (?:one|a card|one of them|a card from among them)$")
def _choose_one_exiled(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Exile the top three cards of your library. Choose one of them. You may play that card this turn" (Jaya,
    Fiery Negotiator; Chandra, Flameshaper): one of the cards just exiled (406.2), chosen by the ability's
    controller as the next instruction acts on "that card" (608.2c)."""
    if c.last != "exiled":
        return None
    c.last = {"choose": {"zone": "exile"}, "among": "exiled", "chooser": "you", "amount": 1}
    return []


@reader(r"^look at (target player's|target opponent's) hand and choose (a card|x cards|two cards|up to two cards) "
        r"from it$")
def _look_and_choose(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Look at target opponent's hand and choose a card from it" (Word of Command): the hand is shown
    to the caster alone; the card is chosen where the next instruction acts on "that card" (608.2c). "... choose X
    cards from it. That player discards those cards." (Mind Warp: X as the spell was cast, 107.3), "up to two cards"
    (Extortion)."""
    who = c.player(m.group(1)[:-2])
    if who is None:
        return None
    c.last_player = who
    n: Any = {"x": True} if m.group(2) == "x cards" else 1 if m.group(2) == "a card" else 2
    c.last = {"choose": {"zone": "hand", "owner": who}, "chooser": "you", "amount": n,
              **({"up_to": True} if m.group(2).startswith("up to") else {})}
    return [Effect("reveal", {"who": who, "zone": "hand", "to": "you"})]


@reader(r"^you control that player until self finishes resolving$")
def _control_until_resolved(m: re.Match, c: Ctx) -> list[Effect] | None:
    """712.2: control of another player for a limited duration (Word of Command)."""
    if c.last_player is None:
        return None
    return [Effect("action", {"name": "control_until_resolved", "who": c.last_player})]


@reader(r"^(?:the|that) player plays that card if able$")
def _plays_that_card(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"The player plays that card if able" (Word of Command): the chosen card from that player's hand
    is cast as the resolving spell instructs (608.2c), as it must be when it can be."""
    if not isinstance(c.last, dict) or "choose" not in c.last:
        return None
    return [Effect("cast_offer", {"what": c.last, "zone": "hand", "must": True, "play": True})]


@reader(r"^discard (?:it|them|that card|those cards)$")
def _discard_drawn(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Draw a card and reveal it. If it isn't a land card, discard it." (Sindbad): the card drawn (121.2), if it is
    still in the hand (701.8a)."""
    if c.last != "drawn_cards":
        return None
    return [Effect("discard", {"what": "drawn_cards"})]


@reader(r"^(that player|they) discards? (?:that card|those cards|it)$")
def _discard_chosen(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1))
    if who is None or not isinstance(c.last, dict) or "choose" not in c.last:
        return None
    return [Effect("discard", {"who": who, "what": c.last})]


@reader(rf"^(?:{PLAYER} )?draws? (an|one|two|three) additional cards?$")
def _draw_additional(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"(That player) draws an additional card" (Howling Mine): draws that many more cards (120.1)."""
    who = c.player(m.group(1) or "you")
    n = number(m.group(2))
    return None if who is None or n is None else [Effect("draw", {"who": who, "amount": n})]


@reader(r"^(target player|each player|you|its owner|that player) shuffles? (?:their|your) graveyard into "
        r"(?:their|your) library$")
def _gy_shuffle(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1))
    return None if who is None else [Effect("move", {"what": {"graveyard_of": who}, "to": "library_shuffle"})]


@reader(r"^(each opponent|each player|target player|target opponent|that player) exiles? a card from their hand or "
        r"a (permanent|creature|nonland permanent) they control$")
def _exile_hand_or_permanent(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Each opponent exiles a card from their hand or a permanent they control" (Nicol Bolas, Dragon-God): each
    such player chooses one object among the cards of their hand and the permanents they control (406.2, 608.2c)."""
    who = c.player(m.group(1))
    f = parse_noun(m.group(2))
    if who is None or f is None or set(f) - {"types", "not_types", "permanent", "zone"}:
        return None
    f.pop("zone", None)
    return [Effect("exile", {"what": {"choose": {"or": [{"zone": "hand", "owner": "chooser"},
                                                        {**f, "zone": "battlefield", "controller": "chooser"}]},
                                      "chooser": who, "amount": 1}})]


@reader(
    r"^(each opponent|each player|target player|target opponent|you|that player|they) exiles? (a|an|one|two|three|x) "
    r"(?:(.+?) )?cards? from (?:their|your) (hand|graveyard)$"
)
def _exile_from_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Each opponent exiles a card from their hand", "Target player exiles a card from their
    graveyard" (Relic of Progenitus): each such player chooses among their own cards (406.2); "they exile X cards
    from their hand" with X bound before ("equal to the difference", 107.3)."""
    who = c.player(m.group(1))
    f: dict[str, Any] | None = {} if not m.group(3) else parse_noun(m.group(3))
    n = c.x if m.group(2) == "x" else number(m.group(2))
    if who is None or f is None or n is None:
        return None
    f.pop("zone", None)
    return [Effect("exile", {"what": {"choose": {**f, "zone": m.group(4), "owner": "chooser"}, "chooser": who,
                                      "amount": n}})]


@reader(
    r"^(each opponent|each player|each other player|target player|target opponent|that player) (may )?returns? (a|an|"
    r"one|two|three) (.+?) cards? from (?:their|his or her) graveyard to (the battlefield|their hand|his or her hand)$"
)
def _return_from_own_graveyard(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Each player returns two land cards from their graveyard to the battlefield" (Fall of the Thran): each such
    player chooses that many of their own cards of the kind (all of them when they have fewer) and puts them there;
    a permanent enters under its owner's control (110.2)."""
    who = c.player(m.group(1))
    f = parse_noun(m.group(4))
    if who is None or f is None or f.get("player") or f.get("zone") not in (None, "graveyard", "any_card") \
            or {"owner", "controller"} & set(f):
        return None
    f.pop("zone", None)
    what = {"choose": {**f, "zone": "graveyard", "owner": "chooser"}, "chooser": who, "amount": number(m.group(3))}
    if m.group(2):  # "each other player may return a creature card ..." (Enslaved Horror): none is a choice too
        what["up_to"] = True
    return [Effect("move", {"what": what, "to": "battlefield" if m.group(5) == "the battlefield" else "hand"})]


@reader(r"^(you|target player|each player) gets? (an|a|one|two|three|four|five|x|\d+) (experience) counters?$")
def _player_counters(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"You get an experience counter" (121.1: counters a player has; they do nothing by themselves)."""
    who = c.player(m.group(1))
    n = amount_of(m.group(2), c)
    if who is None or n is None:
        return None
    return [Effect("counters", {"what": who, "kind": m.group(3), "amount": n})]


@reader(r"^(?:you )?get ((?:\{e\})+|that many \{e\}|an amount of \{e\} equal to .+|[a-z]+ \{e\}|\{e\} for each .+)$")
def _energy(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"You get {E}{E}", "you get that many {E}", "you get an amount of {E} equal to its mana value", "you get six
    {E}", "you get {E} for each creature you control": energy counters on you (121.1; the energy symbol is a later
    addition, Kaladesh). A bare "get {E}" follows another instruction of yours ("you gain 2 life and get {E}{E}{E}")."""
    t = m.group(1)
    word = re.fullmatch(r"([a-z]+) \{e\}", t)
    if word and word.group(1) != "many":  # "you get six {E}"
        k = number(word.group(1))
        return None if not k else [Effect("counters", {"what": "you", "kind": "energy", "amount": k})]
    if t.startswith("{e} for each "):  # "you get {E} for each creature you control" (counted as it resolves, 608.2h)
        per = count_of(t[len("{e} for each "):])
        return None if per is None else [Effect("counters", {"what": "you", "kind": "energy", "amount": per})]
    it = c.last if c.last is not None else "it"  # "equal to its mana value": the object named last (608.2c)
    n: Any = t.count("{e}") if t.startswith("{") else equal_to(t.split(" equal to ", 1)[1], its=it) \
        if " equal to " in t else {"that_much": True}
    if n is None:
        return None
    return [Effect("counters", {"what": "you", "kind": "energy", "amount": n})]


@reader(r"^(?:you may )?pay any amount of \{e\}$")
def _pay_any_energy(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"you may pay any amount of {E}" (Harnessed Lightning): its controller chooses a number from 0 to
    the energy counters they have and removes that many (121.1; "that much", "for each {E} paid this way"
    then count them: the amount paid, sequence.paid_this_way)."""
    return [Effect("pay_any", {"energy": True})]


@reader(r"^(?:you may )?pay ((?:\{[0-9wubrgc]\})+) any number of times$")
def _pay_times(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"When SELF enters, you may pay {1}{W} any number of times." (Intrepid Adversary): its controller chooses a
    number, from 0 to as many times as they can pay, and pays the cost that many times at once (601.2h as 117.1; "you
    may" adds no choice: none is a number); how many is kept for "when you pay this cost one or more times"."""
    return [Effect("pay_any", {"cost": list(parse_cost(m.group(1)))})]


@reader(r"^pay any amount of mana$")
def _pay_any_mana(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Pay any amount of mana" (Karn, Living Legacy): its controller chooses a number, from 0 to what they can pay,
    and pays that much generic mana (117.1); "that many" then is the amount paid."""
    return [Effect("pay_any", {"mana": True})]


@reader(r"^play (an|one|two|three|up to two|up to three) additional lands? this turn$")
def _extra_land_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """305.2a: "You may play an additional land this turn" (Explore): for this turn only ("you may"
    is the permission itself, asked nothing as it resolves: engine/cards/compiler/effects/sequence.py)."""
    n = number(m.group(1).replace("up to ", ""))
    return None if n is None else [Effect("extra_land", {"who": "you", "amount": n})]


@reader(r"^the game is a draw$")
def _game_draw(m: re.Match, c: Ctx) -> list[Effect] | None:
    """104.4c: "the game is a draw" (Divine Intervention)."""
    return [Effect("action", {"name": "draw_game"})]


_CARD_TYPE = r"(?:artifact|creature|enchantment|land|planeswalker|instant|sorcery)"


@reader(rf"^choose ({_CARD_TYPE}(?:, {_CARD_TYPE})*,? or {_CARD_TYPE})$")
def _choose_card_type(m: re.Match, c: Ctx) -> list[Effect] | None:
    """608.2d, 205.2a: "Choose artifact, creature, or land." as the spell resolves (Turnabout): one of the card types
    it lists, kept on the resolving object for "of the chosen type" / "of that type" after it (engine/filters.py)."""
    kinds = [k.capitalize() for k in re.split(r",? or |, ", m.group(1))]
    return [Effect("action", {"name": "choose_quality", "choice": "card_type", "options": kinds})]


@reader(r"^choose a (creature type|color)$")
def _choose_quality(m: re.Match, c: Ctx) -> list[Effect] | None:
    """608.2d: "Choose a creature type." / "Choose a color." as the spell or ability resolves (Distant Melody):
    kept on the resolving object for "of the chosen type" / "of that type" after it (engine/filters.py)."""
    return [Effect("action", {"name": "choose_quality", "choice": m.group(1).replace(" ", "_")})]


@reader(r"^choose a (nonland |creature )?card name$")
def _name_card(m: re.Match, c: Ctx) -> list[Effect] | None:
    """201.3, 608.2c: "Choose a nonland card name." as the spell resolves (Memoricide, Cabal Therapy)."""
    kind = (m.group(1) or "").strip()
    return [Effect("action", {"name": "name_card", "choice": f"{kind}_card_name" if kind else "card_name"})]


@reader(r"^choose (two|three|\d+) cards in your hand (drawn this turn), then for each of those cards, pay (\d+) life "
        r"or put the card on top of your library$")
def _pay_or_top(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Choose two cards in your hand drawn this turn. For each of those cards, pay 4 life or put the card on top
    of your library." (Sylvan Library): the player chooses that many of those cards (as many as there are, 608.2d),
    then for each one pays the life (119.4: only with that much life) or puts it on top of the library (401)."""
    n = number(m.group(1))
    return None if not n else [Effect("action", {"name": "pay_or_top", "amount": n, "life": int(m.group(3)),
                                                 "filter": {"drawn_this_turn": True}})]


@reader(rf"^(?:{PLAYER} )?reveals? a card at random from (?:your|their|his or her) hand$")
def _reveal_random(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.13a: "reveal a card at random from your hand" (Cursed Scroll), "that player reveals a card at random
    from their hand" (Merfolk Spy): "that card" after it is the card revealed (engine/cards/compiler/effects/
    sequence.py)."""
    who = c.player(m.group(1) or "you")
    if who is None:
        return None
    c.last = "revealed"
    return [Effect("action", {"name": "reveal_random", "who": who})]


@reader(r"^(that player|target player|target opponent) loses the game if (?:they|that player) owns? (one|two|three|"
        r"four|five|\d+) or more exiled cards with (?:an? )?([a-z]+) counters? on (?:them|it)$")
def _lose_if_exiled_counters(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"That player loses the game if they own three or more exiled cards with hit counters on them" (Etrata, the
    Silencer): counted as the instruction happens (608.2c), the cards of that kind that player owns in exile (121.1:
    counters on cards in exile)."""
    who = c.player(m.group(1))
    n = number(m.group(2))
    if who is None or not n:
        return None
    f = {"zone": "exile", "owner": who, "counter": m.group(3)}
    return [Effect("if", {"cond": {"amount_ge": {"amount": {"count": f}, "n": n}},
                          "then": [Effect("lose_game", {"who": who})]})]


@reader(r"^search (target player's|target opponent's) graveyard, hand, and library for (any number of|all|up to "
        r"(?:one|two|three|four|five|\d+)) cards with (?:that|the chosen) name and exile them$")
def _exile_named(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.15a (Memoricide, Cranial Extraction): the cards with the chosen name in three zones are exiled; "up to
    four cards" (Unmoored Ego): at most that many, chosen."""
    who = c.player(m.group(1)[:-2])
    most = number(m.group(2)[6:]) if m.group(2).startswith("up to ") else None
    if who is None or m.group(2).startswith("up to ") and not most:
        return None
    return [Effect("action", {"name": "exile_named", "who": who, "all": m.group(2) == "all",
                              **({"max": most} if most else {})})]


@reader(r"^(that player|target player|target opponent) shuffles, then draws a card for each card exiled from (?:their|"
        r"his or her) hand this way$")
def _shuffle_draw_from_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"That player shuffles, then draws a card for each card exiled from their hand this way" (Unmoored Ego, Lost
    Legacy): the cards the search before it exiled from that hand (701.15a, 608.2c)."""
    who = c.player(m.group(1))
    if who is None:
        return None
    return [Effect("shuffle", {"who": who}), Effect("draw", {"who": who, "amount": {"exiled_from_hand": True}})]


@reader(r"^search (its controller's|its owner's|that player's|the) graveyard, hand, and library(?: of (that spell's "
        r"controller|its controller))? for (any number of|all) cards with the same name as "
        r"(that (?:creature|land|spell|card|enchantment|artifact|permanent)|it|the exiled card)"
        r"(?: and exile them|, exile those cards, then that player shuffles)$")
def _exile_same_name(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.15a (Eradicate, Crumble to Dust, Counterbore, Surgical Extraction, Invasive Surgery): the cards with the
    same name as the object named before (201.2; as it last existed, 608.2h) in the graveyard, hand and library of
    its controller (owner, or the player named), exiled: all of them, or any number the searcher chooses."""
    # "... with the same name as the exiled card" (Pick the Brain): the card the instruction before exiled (400.7)
    what = "exiled" if m.group(4) == "the exiled card" else c.ref(m.group(4))
    if what != "exiled" and (not isinstance(what, dict) or "target" not in what):
        return None
    whose = m.group(2) or m.group(1)
    if what == "exiled" and whose != "that player's":
        return None
    if whose in ("its controller's", "that spell's controller", "its controller"):
        who: Any = {"controller_of": what}
    elif whose == "its owner's":
        who = {"owner_of": what}
    elif whose == "that player's" and c.last_player is not None:
        who = c.last_player
    else:
        return None
    c.last_player = who  # "Then that player shuffles."
    out = [Effect("action", {"name": "exile_named", "who": who, "all": m.group(3) == "all", "name_of": what})]
    if m.group(0).endswith("shuffles"):
        out.append(Effect("shuffle", {"who": who}))
    return out


@reader(r"^exchange your life total with self's (power|toughness)$")
def _exchange_life_pt(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.8g: "Exchange your life total with SELF's power" (Evra, Halcyon Witness), "... toughness" (Tree of
    Redemption): engine/ops/actions.py exchange_life_pt."""
    return [Effect("action", {"name": "exchange_life_pt", "what": "self", "stat": m.group(1)})]


@reader(r"^(?:(two target players) exchanges? life totals|exchange life totals with (target opponent|target player))$")
def _exchange_life(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.8c: "Exchange life totals with target opponent" (Magus of the Mirror), "Two target players
    exchange life totals" (Soul Conduit)."""
    if m.group(1):
        r = c.add_target(TargetSpec({"player": True}, "two target players", count=2, min=2))
        c.last_player = r
        return [Effect("action", {"name": "exchange_life", "who": r})]
    who = c.player(m.group(2))
    return None if who is None else [Effect("action", {"name": "exchange_life", "who": ["you", who]})]


@reader(r"^you (?:control|gain control of) (target player|target opponent) during that player's next turn$")
def _control_player(m: re.Match, c: Ctx) -> list[Effect] | None:
    """712.1: "You control target player during that player's next turn" (Mindslaver, Sorin Markov)."""
    who = c.player(m.group(1))
    return None if who is None else [Effect("action", {"name": "control_player", "who": who})]


#: this family's readers, in the order they are tried
READERS: tuple[Reader, ...] = (
    _discard_drawn, _reveal_their_top,
    _draw_up_to,
    _vote,
    _vote_object,
    _discard_each,
    _join_forces,
    _look_and_choose, _choose_one_exiled, _reveal_a_card,
    _reveal_random,
    _choose_quality,
    _spells_cost,
    _choose_card_type,
    _pay_or_top,
    _control_until_resolved,
    _plays_that_card,
    _redistribute,
    _draw,
    _draw_reveal,
    _draw_then_discard_of_them,
    _cast_one_drawn,
    _cards_eq, _next_spell_cost, _next_spell_uncounterable, _lose_unless_controls, _reveal_any_number,
    _life,
    _life_half,
    _life_eq,
    _discard, _discard_half,
    _discard_hand,
    _mill_half,
    _mill,
    _mill_old,
    _poison,
    _scry,
    _set_life_total,
    _life_becomes,
    _double_player_life,
    _draw_and_life,
    _life_becomes_equal,
    _player_pays_life,
    _player_pays_half_life,
    _double_life,
    _win_lose_with_life,
    _win_lose,
    _end_the_turn,
    _gain_lost_this_way,
    _extra_combat,
    _extra_combat_after,
    _extra_step,
    _extra_turn,
    _extra_land_now,
    _rummage_any,
    _discard_hand_redraw,
    _skip_next_step,
    _skip_combats,
    _skip_turns,
    _hand_to_top,
    _reveal_hand,
    _reveal_discard_named,
    _discard_all_kind,
    _reveal_exile_named,
    _graveyard_playable,
    _look_hand, _look_top,
    choose_from_hand,
    _discard_chosen,
    _draw_additional,
    _gy_shuffle,
    _exile_hand_or_permanent, _exile_from_hand, _return_from_own_graveyard,
    _energy,
    _pay_any_energy,
    _pay_any_mana,
    _pay_times,
    _player_counters,
    _control_player,
    _exchange_life,
    _exchange_life_pt,
    _name_card,
    _exile_named,
    _shuffle_draw_from_hand,
    _lose_if_exiled_counters,
    _exile_same_name,
    _game_draw,
)
