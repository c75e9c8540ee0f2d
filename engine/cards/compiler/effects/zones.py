"""Removal and zone changes (CR 701.6 destroy, 701.9 exile, 701.14 sacrifice, 400.7), tapping,
regeneration (701.12), control changes and attaching (701.3).
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.abilities import Effect, TargetSpec
from engine.cards.compiler.effects.amounts import amount_of, bind_x
from engine.cards.compiler.effects.context import DURATIONS, TAPPED_DURATIONS, Ctx, Reader, keyword_list, reader
from engine.cards.compiler.quantities import count_of, quantity
from engine.cards.compiler.targets import number, parse_noun, parse_target


@reader(r"^(destroy|exile) (.+?)(?:\. (?:it|they) can't be regenerated)?$")
def _destroy(m: re.Match, c: Ctx) -> list[Effect] | None:
    tail = m.group(2)
    op = m.group(1).lower()
    # "destroy target creature and target land"? two targets
    if re.fullmatch(r"target [a-z ]+?(?:, target [a-z ]+?)+,? and target [a-z ]+", tail):
        # "Destroy target artifact, target creature, target enchantment, and target land" (Decimate): each its own
        # target (115.1), each destroyed (608.2c)
        parts = [c.ref(x) for x in re.split(r",? and (?=target )|, (?=target )", tail)]
        if any(not (isinstance(x, dict) and "target" in x) for x in parts):
            return None
        return [Effect(op, {"what": x}) for x in parts]
    if tail in ("that creature and self", "self and that creature"):  # "When SELF blocks a creature, destroy that
        # creature and SELF" (Loyal Sentry): the creature the event names, and the source (603.2)
        it, me = c.ref("that creature"), c.ref("self")
        return None if it is None or me is None else [Effect(op, {"what": it}), Effect(op, {"what": me})]
    mm = re.fullmatch(r"(.+?) and ((?:target|each|all|up to one other target) .+)", tail)
    if mm and ("target" in mm.group(1) or mm.group(1) == "self") and "with the same name as" not in tail:
        a, b = c.ref(mm.group(1)), c.ref(mm.group(2))
        if a is None or b is None:
            return None
        if mm.group(2).startswith("up to one other target") and isinstance(b, dict) and "target" in b:
            # "Destroy target artifact or enchantment and up to one other target artifact or enchantment" (Relic
            # Crush): not the object chosen for the first target (115.3)
            t = c.targets[b["target"]]
            c.targets[b["target"]] = TargetSpec({**t.filter, "other_target": True}, t.text, t.count, t.min, t.chooser)
        return [Effect(op, {"what": a}), Effect(op, {"what": b})]
    if op == "exile":
        mm = re.fullmatch(r"(.+?) until (self leaves the battlefield|it leaves the battlefield|an opponent becomes the "
                          r"monarch)", tail)
        if mm and mm.group(2).startswith("it ") and c.last != "self":
            mm = None  # "until it leaves": of the source only where "it" is SELF ("when SELF enters, exile ...")
        if mm:  # 610.3; "until an opponent becomes the monarch" (Palace Jailer: a later designation, engine/until.py)
            what = c.ref(mm.group(1))
            until = "opponent_monarch" if mm.group(2).startswith("an opponent") else "self_leaves"
            return None if what is None else [Effect("exile", {"what": what, "until": until})]
        mm = re.fullmatch(r"(.+?) until (target [a-z ]+?) leaves the battlefield", tail)
        if mm:  # "Exile target creature ... until target enchantment you control leaves the battlefield" (Calix,
            # Destiny's Hand): returned when that other permanent leaves (610.3); not exiled if it already left (610.3a)
            what = c.ref(mm.group(1))
            watch = c.ref(mm.group(2)) if what is not None else None
            if not (isinstance(watch, dict) and "target" in watch) or watch == what:
                return None
            return [Effect("exile", {"what": what, "until": "leaves", "watch": watch})]
        mm = re.fullmatch(r"(target player's|target opponent's|that player's|your|each opponent's|all opponents'|"
                          r"each player's|all|its controller's|that creature's controller's) graveyards?", tail)
        if mm:
            who = {"your": "you", "each opponent's": "each_opponent", "all opponents'": "each_opponent",
                   "each player's": "each_player", "all": "each_player"}.get(mm.group(1)) \
                or c.player(mm.group(1).replace("'s", ""))
            if who is None:
                return None
            c.last = "exiled"  # "... You may cast spells from among those cards this turn" (Mnemonic Betrayal)
            return [Effect("exile", {"what": {"graveyard_of": who}})]
        mm = re.fullmatch(r"the top (\w+) cards? of (your|their|target player's|each player's) library", tail)
        if mm:
            return None
        mm = re.fullmatch(r"(it|self|that card|them|those cards) from (?:your|its owner's|their owners?'s?|a) "
                          r"graveyards?", tail)
        if mm:  # "Whenever you discard a card, exile that card from your graveyard" (Bag of Holding): only if it
            # is there (400.7: a card that went elsewhere is a new object)
            what = c.ref(mm.group(1))
            return None if what is None else [Effect("exile", {"what": what, "from": "graveyard"})]
    what = c.ref(tail)
    if what is None:
        return None
    args: dict[str, Any] = {"what": what}
    if "can't be regenerated" in m.group(0):
        args["no_regen"] = True
    return [Effect(op, args)]


@reader(r"^(return|exile) (.+?) and (?:each|all) auras?( you control)? attached to (?:it|them|that creature|those "
        r"creatures)(?: to (?:its|their) owners?'s? hands?)?$")
def _bounce_with_auras(m: re.Match, c: Ctx) -> list[Effect] | None:
    """303.4, 400.7: "Return target creature and all Auras attached to it to their owners' hands" (Hubris, Portal
    of Sanctuary, Mark of Eviction), "Exile any number of target creatures and all Auras attached to them"
    (Silence the Believers): the permanents and the Auras on them, as the instruction begins, move together; "... and
    all Auras you control attached to it" (Orzhov Charm): only those Auras its controller controls."""
    bounce = m.group(1) == "return"
    if bounce != m.group(0).endswith(("hand", "hands")):
        return None
    what = c.ref(m.group(2))
    if what is None or what == "self":
        return None
    return [Effect("bounce" if bounce else "exile", {"what": what, "with_auras": "you" if m.group(3) else True})]


@reader(r"^put (the exiled cards?) into (?:its|their) owners?'s? hands?$")
def _exiled_to_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Put the exiled card into its owner's hand" (Watcher for Tomorrow: its linked exiled card, 607.2a)."""
    what = c.ref(m.group(1))
    return None if what is None else [Effect("bounce", {"what": what})]


@reader(r"^return (.+?) to (?:its|their) owners?'s? hands?$|"
        r"^return to (?:its|their) owners?'s? hands? ((?:all|each) .+)$|"
        r"^return ((?:target|two target|three target) cards? from an opponent's graveyard) to their hand$")
def _bounce(m: re.Match, c: Ctx) -> list[Effect] | None:
    """400.7: "return X to its owner's hand", and the order of "Return to their owners'
    hands all creatures with ..." (Engulf the Shore); "Return two target cards from an opponent's graveyard to their
    hand" (the Advocates: that player's own, 404.2: a graveyard's cards are its owner's)."""
    two = re.fullmatch(r"(target .+?|self) and (target .+|another target .+|self)", m.group(1) or "")
    if two:
        # "Return target creature you control and target creature you don't control to their owners' hands"
        # (Peel from Reality): two targets, each returned (114.1); "Return SELF and target creature you control to
        # their owner's hand" (Wizard Mentor): the source and the target
        a, b = c.ref(two.group(1)), c.ref(two.group(2))
        if not all(x == "self" or isinstance(x, dict) and "target" in x for x in (a, b)):
            return None
        return [Effect("bounce", {"what": a}), Effect("bounce", {"what": b})]
    what = c.ref(m.group(1) or m.group(2) or m.group(3))
    if isinstance(what, dict) and "target" in what:
        c.last_player = {"owner_of": what}  # "... to its owner's hand. Then that player discards a card"
    return None if what is None else [Effect("bounce", {"what": what})]


@reader(r"^each player returns all (.+?) from their graveyard to their hand$")
def _each_returns_all(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Each player returns all creature cards from their graveyard to their hand" (Underworld Cerberus): every such
    card in every graveyard goes to its owner's hand, at once (400.3, 608.2c)."""
    f = parse_noun(m.group(1))
    if f is None or f.get("player") or f.pop("zone", "any_card") != "any_card" or "owner" in f or "controller" in f:
        return None
    return [Effect("move", {"what": {"each": {**f, "zone": "graveyard"}}, "to": "hand"})]


@reader(r"^return to your hand ((?:all|each|target|up to (?:one|two|three) target) .+ in your graveyard(?: .+)?)$")
def _return_to_your_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    """The order of "Return to your hand all creature cards in your graveyard that were put there from anywhere
    this turn" (Garna, the Bloodflame), "return to your hand target creature or planeswalker card in your graveyard
    that wasn't put there this combat" (Storrev, Devkarin Lich): "return X to your hand" (400.7)."""
    mm = _return.pattern.fullmatch(f"return {m.group(1)} to your hand")
    return None if mm is None else _return(mm, c)


_RETURN = re.compile(
    r"^return (.+?) (?:from (your) graveyard )?to (your|its owner's|their owner's|their owners'|the) (hand|hands|"
    r"battlefield)( transformed| tapped and transformed)?(?: (tapped and attacking|tapped))?(?: under (your|its "
    r"owner's|their owner's|their owners') control)?(?: with (a|an|one|two|three|four|five)(?: additional)? "
    r"([+\-\w/]+) counters? on it)?(?: attached to (.+?))?$")


@reader(
    r"^return (.+?) (?:from (your) graveyard )?to (your|its owner's|their owner's|their owners'|the) (hand|hands|"
    r"battlefield)( transformed| tapped and transformed)?(?: (tapped and attacking|tapped))?(?: under (your|its "
    r"owner's|their owner's|their owners') control)?(?: with (a|an|one|two|three|four|five)(?: additional)? "
    r"([+\-\w/]+) counters? on it)?(?: attached to (.+?))?$"
)
def _return(m: re.Match, c: Ctx) -> list[Effect] | None:
    phrase = m.group(1)
    if m.group(2) and phrase not in ("self", "it"):
        phrase += " from your graveyard"
    what = c.ref(phrase)
    if what is None or what == "self" and phrase == "that card":
        # "You may sacrifice a creature. If you do, return that card to the battlefield" (Heart-Shaped Herb): the card
        # an instruction before named, never SELF (not read)
        return None
    args: dict[str, Any] = {"what": what, "to": "hand" if m.group(4).startswith("hand") else "battlefield"}
    if m.group(5):
        if args["to"] != "battlefield":
            return None
        args["transformed"] = True  # 711.8: it enters with its back face up
        if m.group(5).startswith(" tapped"):  # "... to the battlefield tapped and transformed" (Ojer Taq): both
            if m.group(6):
                return None
            args["tapped"] = True
    if m.group(6):
        args["tapped"] = True
        if m.group(6).endswith("attacking"):
            args["attacking"] = True  # 508.4: put onto the battlefield attacking
    if m.group(7) == "your":
        args["control"] = "you"
    if m.group(9):  # "with a +1/+1 counter on it"; "with two additional +1/+1 counters on it" (Evil Reawakened: put
        # on it as it enters, with any others it would enter with, 614.1c)
        n = number(m.group(8)) if m.group(8) not in ("a", "an") else 1
        if not n or args["to"] != "battlefield":
            return None
        kind = m.group(9)
        if n == 1:
            args["counter"] = kind
        else:
            args["counters"] = {kind: n}
    if m.group(2) is None and what == "self":
        args["from"] = "graveyard"
    if m.group(10):  # 303.4f: "... to the battlefield attached to target creature" (Gryff's Boon)
        host = c.ref(m.group(10))
        if host is None or args["to"] != "battlefield" or host == what:
            return None
        args["attach_to"] = host
    return [Effect("move", args)]


@reader(r"^(return .+? to the battlefield)( face down| face up or face down)((?: under .+? control)?)$")
def _return_face_down(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Return it to the battlefield face down under your control" (Ashcloud Phoenix), "return SELF from your
    graveyard to the battlefield face up or face down" (Deathmist Raptor): the card is turned face down before it
    is put onto the battlefield (707.3, as 701.31a), or as its controller chooses then."""
    plain = _RETURN.fullmatch(m.group(1) + m.group(3))
    got = _return(plain, c) if plain is not None else None
    if got is None or len(got) != 1 or got[0].args.get("to") != "battlefield" or {"transformed", "attach_to"} & set(
            got[0].args):
        return None
    return [Effect("move", {**got[0].args, "face_down": "choose" if "up or" in m.group(2) else True})]


_NTH = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}


@reader(r"^put (.+?) into ((?:its|their) owner'?s?|your) library (second|third|fourth|fifth|sixth|seventh) from the "
        r"top$")
def _nth_from_top(m: re.Match, c: Ctx) -> list[Effect] | None:
    """401.7: "put target creature into its owner's library second from the top" (Oust); "When SELF is put into
    your graveyard from the battlefield, put it into your library third from the top" (Enigma Sphinx: SELF, a card
    its controller owns, 400.3)."""
    noun = m.group(1)
    if noun.lower() == "self from your graveyard":  # "{2}{G}: Put SELF from your graveyard into your library third
        noun = "self"  # from the top" (Bookwurm): the card itself, an ability working there (112.6k)
    what = c.ref(noun)
    if m.group(2) == "your" and what != "self":
        return None
    return None if what is None else [Effect("move", {"what": what, "to": "library_nth", "nth": _NTH[m.group(3)]})]


@reader(
    r"^put (.+?) on (top|the bottom) of (?:its|their) owners?'s? librar(?:y|ies)$|^put (.+?) on (top|the bottom) of "
    r"your library( in any order)?$"
)
def _tuck(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Put target creature on top of its owner's library"; "put SELF from your graveyard on top of your library"
    (Gate Colossus: the card in the graveyard, its ability working there, 112.6k); "Put up to four target cards from
    your graveyard on the bottom of your library in any order" (Bow of Nylea): their owner orders them (401.4)."""
    what = c.ref(re.sub(r"^self from your graveyard$", "self", m.group(1) or m.group(3)))
    where = m.group(2) or m.group(4)
    if m.group(5) and (where == "top" or not (isinstance(what, dict) and "target" in what)
                       or c.targets[what["target"]].filter.get("owner") != "you"):
        return None
    return (
        None
        if what is None
        else [Effect("move", {"what": what, "to": "library_top" if where == "top" else "library_bottom",
                              **({"any_order": True} if m.group(5) else {})})]
    )


@reader(r"^put (that card|them|those cards) on top of that player's library( in any order)?$")
def _tuck_chosen(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Look at target opponent's hand and choose a card from it. Put that card on top of that player's library."
    (Painful Memories), "... choose two cards from it. Put them on top of that player's library in any order."
    (Agonizing Memories): the cards chosen from that player's hand, their owner's library (401.1), in the order the
    chooser gives them, first on top (401.4)."""
    what = c.last
    if not (isinstance(what, dict) and isinstance(what.get("choose"), dict) and what["choose"].get("zone") == "hand"
            and what["choose"].get("owner") == c.last_player and c.last_player is not None) \
            or (m.group(1) == "that card") != (what.get("amount") == 1) or what.get("up_to"):
        return None
    return [Effect("move", {"what": what, "to": "library_top"})]


@reader(r"^put (.+?) on the bottom of (?:its|their) owners?'s? librar(?:y|ies)$")
def _tuck2(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("move", {"what": what, "to": "library_bottom"})]


@reader(r"^(?:shuffle|(.+?) shuffles|(they) shuffle) (.+?) into (?:(?:its|their) owners?'s?|their|your) "
        r"librar(?:y|ies)$")
def _shuffle_in(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Shuffle SELF into its owner's library", "shuffle SELF and your graveyard into their owner's
    library" (Elixir of Immortality): each part moved, then the library shuffled (701.16a)."""
    subject = m.group(1) or m.group(2)
    shuffler = c.player(subject) if subject else None  # the player who shuffles: "their" is that player's
    if subject and shuffler is None:
        return None
    out = []
    # "each player shuffles their hand and graveyard into their library" (Timetwister): both of that player's
    # zones, the same player's
    what_all = re.sub(r"^(your|their|target player's|that player's) hand and graveyard$", r"\1 hand and \1 graveyard",
                      re.sub(r"^(?:all )?(?:the )?cards (?:from|in) ", "", m.group(3)))
    for part in re.split(r" and (?=(?:your|their|target player's|that player's) graveyard$)", what_all):
        gy = re.fullmatch(r"(your|their|target player's|that player's) (graveyard|hand)", part)
        who = c.player({"your": "you", "their": "they"}.get(gy.group(1), gy.group(1).replace("'s", ""))) if gy else None
        key = "graveyard_of" if gy and gy.group(2) == "graveyard" else "hand_cards_of"  # "shuffles their hand into"
        what = {key: who} if who is not None else c.ref(part)
        if what is None:
            return None
        out.append(Effect("move", {"what": what, "to": "library_shuffle"}))
    if shuffler is not None and any(isinstance(e.args["what"], dict) and "target" in e.args["what"]
                                    and c.targets[e.args["what"]["target"]].min == 0 for e in out):
        # "target player shuffles any number of target cards from their graveyard into their library" (Loaming
        # Shaman): that player shuffles their library even when no card was chosen (701.16a)
        out.append(Effect("shuffle", {"who": shuffler}))
    return out


@reader(r"^return (?:each card|each of those cards|those cards|the cards?) put into (?:a|their owners'?|your) "
        r"graveyards? this way to the battlefield under your control$")
def _return_gone_this_way(m: re.Match, c: Ctx) -> list[Effect] | None:
    """608.2c, 400.7: "Destroy up to three target creatures and/or other planeswalkers. Return each card put into a
    graveyard this way to the battlefield under your control" (Sorin, Lord of Innistrad): the targets followed
    into the graveyard, those only (one that was not destroyed, or went elsewhere, stays where it is)."""
    if not (isinstance(c.last, dict) and "target" in c.last):
        return None
    return [Effect("move", {"what": c.last, "to": "battlefield", "control": "you", "only_from": "graveyard"})]


@reader(r"^exchange your hand and (library|graveyard)$")
def _exchange_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Exchange your hand and graveyard" (Harness Infinity), "Exchange your hand and library, then shuffle"
    (Mordenkainen): the cards of each zone go to the other at once (a later exchange of zones, as 701.10 exchanges
    control: the cards are counted as the instruction begins)."""
    return [Effect("exchange_zones", {"who": "you", "zones": ["hand", m.group(1)]})]


@reader(r"^put (.+?) onto the battlefield( from your (?:hand or graveyard|graveyard or hand|hand|graveyard))?"
        r"( transformed)?(?: (tapped and attacking|tapped))?(?: under your control( tapped)?)?(?: with (a|an|one|two|"
        r"three)(?: additional)? ([+\-\w/]+) counters? on it)?$")
def _put_onto(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Put X onto the battlefield [tapped]"; "You may put a creature card ... onto the battlefield from your hand
    or graveyard with two +1/+1 counters on it" (Nissa of Shadowed Boughs: the zones said after, 400.1; 614.1c the
    counters it enters with); "Put target creature card from a graveyard onto the battlefield under your control
    tapped" (Demon of Dark Schemes)."""
    phrase = m.group(1) + (m.group(2) or "")
    what = c.ref(phrase.replace("self from your graveyard", "self"))
    if what is None:
        return None
    args: dict[str, Any] = {"what": what, "to": "battlefield", "control": "you"}
    if phrase == "self from your graveyard":
        args["from"] = "graveyard"
    if m.group(3):
        args["transformed"] = True  # 711.8
    if m.group(4) or m.group(5):
        args["tapped"] = True
        if (m.group(4) or "").endswith("attacking"):
            args["attacking"] = True  # 508.4: put onto the battlefield attacking, never declared as an attacker
    if m.group(6):
        args["counters"] = {m.group(7): number(m.group(6)) or 1}
    return [Effect("move", args)]


@reader(
    r"^(each player|each opponent|each other player|target player|target opponent|you) (may )?puts? (a|an|one|two|"
    r"three) (?:(.+?) )?cards? (?:from (?:their|your) (hand|graveyard) onto the battlefield( tapped)?|onto the "
    r"battlefield from (?:their|your) (hand))$"
)
def _each_puts_onto(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Exhume: "Each player puts a creature card from their graveyard onto the battlefield"; Show and Tell:
    "Each player may put an artifact, creature, enchantment, or land card from their hand onto the
    battlefield". Each such player chooses among their own cards in APNAP order (101.4; a player with no
    such card chooses nothing, 608.2d), then all of them enter at once under their owners' control (110.2)."""
    who = c.player(m.group(1))
    f: dict[str, Any] | None = {} if not m.group(4) else parse_noun(m.group(4))
    n = number(m.group(3))
    if who is None or f is None or n is None:
        return None
    f.pop("zone", None)
    # "... onto the battlefield from their hand" (Charmed Griffin): the same instruction, its zone named last
    what: dict[str, Any] = {"choose": {**f, "zone": m.group(5) or m.group(7), "owner": "chooser"}, "chooser": who,
                            "amount": n}
    if m.group(2):  # "may put": none is a legal choice
        what["up_to"] = True
    args: dict[str, Any] = {"what": what, "to": "battlefield"}
    if m.group(6):
        args["tapped"] = True
    return [Effect("move", args)]


@reader(r"^put (an? .+? you own .+?|an? .+? you own) from exile into your hand$")
def _put_own_exiled_to_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"-1: Put a card you own with a silver counter on it from exile into your hand" (Karn, Scion of Urza): the
    instruction "return ... from exile to your hand" reads (400.3: to its owner's hand)."""
    mm = _RETURN.match(f"return {m.group(1)} from exile to your hand")
    return None if mm is None else _return(mm, c)


@reader(
    r"^put (a|one|two|three) cards? (?:an opponent owns|your opponents own) from exile into "
    r"(?:that player's|their owners?'s?) graveyards?$"
)
def _process(m: re.Match, c: Ctx) -> list[Effect] | None:
    """BFZ's processors: the controller chooses that many cards in exile that opponents own and puts
    them into their owners' graveyards (400.3, 404.1); "If you do" needs all of them (engine/ops/misc.py)."""
    n = number(m.group(1))
    if n is None:
        return None
    return [Effect("move", {"what": {"choose": {"zone": "exile", "owner": "opponent"}, "amount": n},
                            "to": "graveyard"})]


@reader(r"^(you may )?put a card that has an adventure (that player|you) owns? from exile into (?:that player's|your) "
        r"graveyard$")
def _adventure_to_gy(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"You may put a card that has an Adventure that player owns from exile into that player's graveyard" (Memory
    Theft): one such card in exile (an Adventurer card, a later layout: on an adventure or not), chosen as it
    resolves, into its owner's graveyard (404.2); "may": none is a legal choice."""
    who = "you" if m.group(2) == "you" else c.player("that player")
    if who is None:
        return None
    what: dict[str, Any] = {"choose": {"zone": "exile", "owner": who, "adventurer": True}, "amount": 1}
    if m.group(1):
        what["up_to"] = True
    return [Effect("move", {"what": what, "to": "graveyard"})]


@reader(r"^put (.+?) into (?:its|their) owners?'s? graveyards?$")
def _to_gy(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("move", {"what": what, "to": "graveyard"})]


@reader(r"^tap all untapped permanents of the chosen type (.+?) controls?, or untap all tapped permanents of that type "
        r"(?:that player|they) controls?$")
def _tap_or_untap_chosen(m: re.Match, c: Ctx) -> list[Effect] | None:
    """608.2d: "Tap all untapped permanents of the chosen type target player controls, or untap all tapped permanents
    of that type that player controls." (Turnabout): its controller chooses which as it resolves; a tapped permanent
    is not tapped again, nor an untapped one untapped (701.17a-b), so it is "tap or untap all of them"."""
    who = c.player(m.group(1))
    if who is None or who in ("each_player", "each_opponent"):
        return None
    return [Effect("tap", {"what": {"each": {"chosen_card_type": True, "controller": who}}, "or_untap": True})]


@reader(r"^you (untap|tap) (.+)$")
def _you_tap(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"You untap up to six lands." (Time Spiral): the controller taps or untaps, as "untap up to six lands" says
    (701.17)."""
    got = _TAP_RX.match(f"{m.group(1)} {m.group(2)}")
    return None if got is None else _tap.read(got, c)


_TAP_RX = re.compile(r"^(tap or untap|tap|untap) (.+)$", re.I)


@reader(r"^(that player|each player|each opponent|target player|target opponent) (taps|untaps) (an?|one|two|three) "
        r"((?:untapped |tapped )?[a-z, ]+?) they control$")
def _player_taps_own(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"At the beginning of each player's upkeep, that player untaps a land they control." (Rising Waters): that
    player chooses that many of their own as it resolves (608.2d) and taps or untaps them (701.17a); with fewer,
    all of them."""
    who = c.player(m.group(1).lower())
    n = number(m.group(3)) if m.group(3) not in ("a", "an") else 1
    f = parse_noun(m.group(4))
    if who is None or n is None or f is None or f.get("player") or set(f) - {"types", "tapped", "not_types"}:
        return None
    op = "tap" if m.group(2).lower() == "taps" else "untap"
    return [Effect(op, {"what": {"choose": {**f, "controller": "chooser"}, "chooser": who, "amount": n}})]


@reader(r"^(tap or untap|tap|untap) (.+)$")
def _tap(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(2))
    if what is None:
        return None
    if m.group(1).lower() == "tap or untap":  # the controller chooses which as it resolves (608.2d)
        return [Effect("tap", {"what": what, "or_untap": True})]
    return [Effect(m.group(1).lower(), {"what": what})]


@reader(r"^remove (.+?) from combat$")
def _remove_from_combat(m: re.Match, c: Ctx) -> list[Effect] | None:
    """506.4: "remove target attacking or blocking creature from combat" (Hollowhenge Spirit)."""
    what = c.ref(m.group(1))
    return None if what is None else [Effect("action", {"name": "remove_from_combat", "what": what})]


@reader(r"^creatures (it|that creature) was blocking that (?:had become blocked by only that creature|"
        r"hadn't become blocked by another creature) this combat become unblocked(?:, then (?:it|that creature) "
        r"blocks an attacking creature of your choice)?$")
def _unblock_lone(m: re.Match, c: Ctx) -> list[Effect] | None:
    """509.1h (Balduvian Warlord, False Orders): the attackers that the creature just removed from
    combat was the only creature to block this combat become unblocked; "then it blocks an attacking
    creature of your choice" is 509.6."""
    what = c.ref(m.group(1))
    out = [Effect("action", {"name": "unblock_lone", "what": what})]
    if m.group(0).endswith("of your choice"):
        out.append(Effect("action", {"name": "block_choice", "what": what}))
    return out


@reader(r"^(it|that creature) blocks an attacking creature of your choice$")
def _block_choice(m: re.Match, c: Ctx) -> list[Effect] | None:
    """509.6: an effect makes a creature on the battlefield block an attacker this ability's
    controller chooses (False Orders: "you may have it block ...")."""
    return [Effect("action", {"name": "block_choice", "what": c.ref(m.group(1))})]


@reader(r"^regenerate (.+)$")
def _regen(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("regenerate", {"what": what})]


@reader(r"^each player gains control of (?:all|each) (.+?) (?:they own|he or she owns)$")
def _owners_regain(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Each player gains control of all creatures they own" (Trostani Discordant; 613.1b, 108.4): for good,
    each permanent of the kind under its owner's control (only those controlled by another player change)."""
    f = parse_noun(m.group(1))
    if f is None or f.get("player") or f.get("controller") or f.get("zone", "battlefield") != "battlefield":
        return None
    f.pop("zone", None)
    return [Effect("gain_control", {"what": {"each": f}, "to_owner": True})]


@reader(r"^until end of turn, (?:you )?gain control of (target [a-z ]+?)"
        r"(?: and (?:it|that creature) gains ([a-z ,]+))?$")
def _steal_for_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """611.2a, 613.1b: "Until end of turn, you gain control of target creature and it gains haste" (Grab the Reins,
    Besmirch): control until the turn ends, and the keywords for as long (613.1f)."""
    what = c.ref(m.group(1))
    kws = keyword_list(m.group(2)) if m.group(2) else []
    if not (isinstance(what, dict) and "target" in what) or kws is None:
        return None
    out = [Effect("gain_control", {"what": what, "duration": "eot"})]
    return out + [Effect("grant", {"what": what, "keywords": kws})] if kws else out


@reader(r"^(?:you )?gain control of (.+?)( until end of turn| for as long as you control self| " + TAPPED_DURATIONS
        + r")?$")
def _steal(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    if what is None:
        return None
    args: dict[str, Any] = {"what": what}
    if m.group(2):
        args["duration"] = DURATIONS[m.group(2).strip()]
    return [Effect("gain_control", args)]


@reader(r"^(an opponent|target opponent|target player|that player|its controller|their controller|the player with the "
        r"most life|the player who controls the most [a-z ]+?) gains? control of (self|it|target .+)$")
def _give_control(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"When SELF enters, an opponent gains control of it" (Akroan Horse), "Target opponent gains control of SELF"
    (Jinxed Idol): a control-changing effect (613.1b, layer 2) for that player, with no end (611.2a)."""
    who = "opponent" if m.group(1) == "an opponent" else c.player(m.group(1))
    what = c.ref(m.group(2))
    if who is None or what is None or who == "you":
        return None
    return [Effect("gain_control", {"what": what, "who": who})]


@reader(r"^(?:(.+?) )?sacrifices? (.+)$")
def _sacrifice(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1)) if m.group(1) else "you"
    if who is None:
        return None
    # "a creature of their choice with flying": the sacrificing player chooses (701.14a) either way
    obj = re.sub(r" of (?:their|his or her) choice\b", "", m.group(2))
    if obj in ("self", "it", "them", "that creature", "that token", "those tokens", "that permanent", "the creature"):
        return [Effect("sacrifice", {"what": c.ref(obj)})]
    if obj in ("those creatures", "those permanents") and who == "you" and isinstance(c.last, dict) and (
            set(c.last) == {"target"} or set(c.last) == {"each"}):
        # "Return X target creature cards ... Sacrifice those creatures at the beginning of the next end step" (Wake
        # the Dead): the targets; "Attacking creatures you control get +X/+0 ... Sacrifice those creatures ..." (Tears
        # of Rage): the objects the instruction before named, fixed as it was carried out (608.2c, 603.7c:
        # engine/ops/control.py binds "now" where a delayed ability is created)
        return [Effect("sacrifice", {"what": c.last if "target" in c.last else {**c.last, "now": True}})]
    mm = re.fullmatch(r"(half|a third of) the ([a-z ]+?) (?:they|he or she) controls?, rounded (up|down)", obj)
    if mm and who in ("each_player", "each_opponent"):  # "each player ... sacrifices half the creatures they control
        # of their choice. Round up each time." (Fraying Omnipotence): that part of their own, rounded (107.1a)
        f = parse_noun(mm.group(2))
        n = quantity(f"{mm.group(1)} the {mm.group(2)} they control, rounded {mm.group(3)}")
        if f is None or n is None or f.get("player") or f.get("zone") not in (None, "battlefield") \
                or "controller" in f:
            return None
        return [Effect("sacrifice", {"who": who, "filter": f, "amount": n})]
    mm = re.fullmatch(r"half the (.+?) (?:they|he or she) controls?,? rounded (up|down)", obj)
    if mm:  # "each opponent sacrifices half the creatures they control of their choice, rounded up" (Vona's Hunger):
        # half of that player's own, rounded as it says (107.1a), counted for each player who sacrifices (608.2c)
        f = parse_noun(mm.group(1))
        if f is None or f.get("player") or f.get("controller") or f.get("zone") not in (None, "battlefield"):
            return None
        return [Effect("sacrifice", {"who": who, "filter": f, "amount": {
            "half": {"count": {**f, "controller": "that_player"}}, "up": mm.group(2) == "up"}})]
    mm = re.fullmatch(r"any number of (.+?) with total power (\d+) or (?:greater|more)", obj)
    if mm:  # "sacrifice any number of creatures with total power 12 or greater" (Phyrexian Dreadnought): a set the
        # player chooses whose powers add up to at least that much (208.1, 701.14a)
        f = parse_noun(mm.group(1))
        if f is None or who != "you" or f.get("player") or f.get("zone") not in (None, "battlefield") \
                or "Creature" not in f.get("types", ()):
            return None
        return [Effect("sacrifice", {"who": who, "filter": f, "amount": "any", "total_power_ge": int(mm.group(2))})]
    mm = re.fullmatch(r"all (.+?)(?: (?:they|he or she) controls?)?", obj)
    if mm and "target" not in obj:  # "Sacrifice all creatures you control" (Hellion Eruption), "each player sacrifices
        # all permanents they control that are one or more colors" (All Is Dust): every one of them, none chosen
        f = parse_noun(mm.group(1))
        if f is not None and f.get("controller") == "that_player" and who in ("each_player", "each_opponent"):
            f.pop("controller")  # "each player sacrifices all permanents they control ...": their own
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") \
                or f.get("controller") not in (None, "you") or f.get("controller") == "you" and who != "you":
            return None
        f.pop("controller", None)
        return [Effect("sacrifice", {"who": who, "filter": f, "amount": "all"})]
    mm = re.fullmatch(r"any number of (.+)", obj)
    if mm:  # "sacrifice any number of lands" (Scapeshift): the player chooses how many, none included (701.14a)
        f = parse_noun(mm.group(1))
        if f is None or who != "you" or f.get("player") or f.get("zone") not in (None, "battlefield"):
            return None
        return [Effect("sacrifice", {"who": who, "filter": f, "amount": "any"})]
    each = re.fullmatch(r"(?:a|an|one) (.+?) for each (.+)", obj)
    if each:  # "each opponent sacrifices a creature of their choice for each death vote" (Capital Punishment, 701.29):
        f, n = parse_noun(each.group(1)), count_of(each.group(2))  # that many, counted as it resolves (608.2h)
        if f is None or n is None or f.get("player") or f.get("zone") not in (None, "battlefield"):
            return None
        return [Effect("sacrifice", {"who": who, "filter": f, "amount": n})]
    where = re.search(r", where x is (.+)$", obj)
    if where:  # "Each player sacrifices X creatures of their choice, where X is the chosen number": as it says (107.3)
        if not bind_x(where.group(1), c):
            return None
        obj = obj[: where.start()]
    mm = re.fullmatch(r"(a|an|one|two|three|another|x|\w+) (.+?)", obj)
    if not mm or (number(mm.group(1)) is None and mm.group(1) not in ("another", "x")):
        return None
    f = parse_noun(("another " if mm.group(1) == "another" else "") + mm.group(2))
    if f is None:
        return None
    # "Each player sacrifices X lands of their choice" (Tectonic Break): X as the spell was cast (107.3)
    many: Any = 1 if mm.group(1) == "another" else (c.x if where else {"x": True}) if mm.group(1) == "x" \
        else number(mm.group(1)) or 1
    return [Effect("sacrifice", {"who": who, "filter": f, "amount": many})]


@reader(r"^(.+?) exiles (a|an|one|two|three|four) (.+? (?:they|he or she) controls?(?: with the (?:greatest|highest) "
        r"mana value among .+ (?:they|he or she) controls?)?)$")
def _edict_exile(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Defending player exiles two permanents they control", "Target opponent exiles a creature they control"
    (Debt to the Kami), "... a creature or planeswalker they control with the greatest mana value among creatures
    and planeswalkers they control" (Blot Out): that player chooses that many of their permanents of the kind and
    exiles them (608.2d; not a sacrifice, 701.14a)."""
    who = c.player(m.group(1))
    noun = m.group(3)
    f = parse_noun(noun if " with the " in noun else re.sub(r" (?:they|he or she) controls?$", "", noun))
    if who is None or who == "you" or f is None or f.get("player") or f.get("controller") or f.get("zone") not in (
            None, "battlefield"):
        return None
    return [Effect("sacrifice", {"who": who, "filter": f, "amount": number(m.group(2)) or 1, "exile": True})]


@reader(r"^(.+?) (?:chooses (a|an|one|two) (.+?) (?:they|he or she) controls? and returns (?:it|them)|returns? "
        r"(a|an|one|two) (.+?) (?:they|he or she) controls?) to (?:its|their) owners?'s? hands?$")
def _edict_bounce(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Each player returns a creature they control to its owner's hand" (Curfew), "Target opponent chooses a
    permanent they control and returns it to its owner's hand" (Teferi, Temporal Pilgrim): each such player chooses
    that many of their permanents of the kind (608.2d), and they go to their owners' hands together."""
    who = c.player(m.group(1))
    word, noun = (m.group(2), m.group(3)) if m.group(2) else (m.group(4), m.group(5))
    f = parse_noun(noun)
    if who is None or who == "you" or f is None or f.get("player") or f.get("controller") or f.get("zone") not in (
            None, "battlefield"):
        return None
    c.last_player = who
    return [Effect("sacrifice", {"who": who, "filter": f, "amount": number(word) or 1, "bounce": True})]
@reader(r"^(target opponent|target player) chooses (?:a|an) ([a-z ]+?) (?:they|he or she) controls?\. (destroy|exile) "
        r"that (creature|permanent)$")
def _opponent_chooses(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target opponent chooses a creature they control. Destroy that creature." (Imperial Edict, Wei Assassins):
    that player chooses one of their own as the instruction is carried out (608.2c, 608.2d), and it is destroyed
    (the two sentences are read together: the choice binds "that creature")."""
    who = c.player(m.group(1))
    f = parse_noun(m.group(2))
    if who is None or f is None or f.get("player") or f.get("controller") or f.get("zone") not in (None, "battlefield"):
        return None
    c.last_player = who
    return [Effect(m.group(3), {"what": {"choose": {**f, "controller": "chooser"}, "chooser": who, "amount": 1}})]


@reader(r"^(target opponent|target player|each opponent) chooses an? (creature|land|artifact) (?:they|he or she) "
        r"controls?\. other (creature|land|artifact)s (?:they|that player) controls? can't (block|attack) this turn$")
def _chooses_others_cant(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target opponent chooses a creature they control. Other creatures they control can't block this turn." (Goblin
    War Cry, Eunuchs' Intrigues): that player chooses one of their own as it resolves (608.2c-d); every other one of
    that kind they control then can't block until the turn ends (engine/ops/objects.py keep_rest)."""
    who = c.player(m.group(1))
    if who is None or m.group(2) != m.group(3):
        return None
    f = parse_noun(m.group(2))
    if f is None:
        return None
    c.last_player = who
    return [Effect("keep_rest", {"keep": [f], "among": {}, "rest": dict(f), "chooser": "each", "players": who,
                                 "rule": "cant_" + m.group(4)})]


@reader(r"^(each opponent|each player|target opponent|target player) returns (a|an|one|two) (.+?) (?:they|he or she) "
        r"controls?( with the (?:highest|greatest) (?:mana value|converted mana cost) among (.+?) (?:they|he or she) "
        r"controls?)? to "
        r"(?:its|their) owners?'?s?'? hands?$")
def _each_returns(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Each opponent returns a nonland permanent they control with the highest mana value among permanents they
    control to its owner's hand" (Dispersal): each of those players chooses one of their own permanents of that kind
    (in APNAP order, 101.4; "with the highest mana value": tied ones alike, 202.3) and it returns (400.7)."""
    who = c.player(m.group(1))
    f = parse_noun(m.group(3))
    if who is None or f is None or f.get("player") or f.get("controller") or f.get("zone") not in (None, "battlefield"):
        return None
    f = {**f, "controller": "chooser"}
    if m.group(4):
        among = parse_noun(m.group(5))
        if among is None or among.get("player") or among.get("controller") or among.get("zone") not in (
                None, "battlefield") or "mv_ge" in f:
            return None
        f["mv_ge"] = {"greatest": "mv", "among": {**among, "controller": "you"}}
    return [Effect("bounce", {"what": {"choose": f, "chooser": who, "amount": number(m.group(2)) or 1}})]


KEEP_REST_RX = re.compile(
    r"^for each player, you choose from among the (permanents|nonland permanents) that player controls (an? .+?)\. "
    r"then each player sacrifices all other (permanents|nonland permanents) they control\.?$"
)


DESTROY_REST_RX = re.compile(r"^(?:each player chooses (an? .+?) they control|choose (up to one|an?) (.+?))\. "
                             r"destroy the rest\.?$")


def destroy_rest(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Each player chooses a creature they control. Destroy the rest." (Divine Reckoning: each player in APNAP
    order, 101.4), "Choose up to one creature. Destroy the rest." (Duneblast: its controller, among every creature):
    the choices as the spell resolves (608.2c), then every other one of that kind is destroyed at once (701.7a)."""
    f = parse_noun(re.sub(r"^an? ", "", m.group(1) or m.group(3)))
    if f is None or set(f) - {"types", "subtypes", "supertypes", "colors", "not_types"} or not f.get("types"):
        return None
    args: dict[str, Any] = {"keep": [f], "among": {}, "rest": dict(f), "destroy": True}
    if m.group(1):
        args["chooser"] = "each"
    else:
        args["whole"] = True
        if m.group(2) == "up to one":
            args["up_to"] = True
    return [Effect("keep_rest", args)]


@reader(r"^each player exiles all (.+?) cards from their graveyard, then sacrifices all (.+?) they control, then puts "
        r"all cards they exiled this way onto the battlefield$")
def _living_end(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Each player exiles all creature cards from their graveyard, then sacrifices all creatures they control, then
    puts all cards they exiled this way onto the battlefield" (Living End, Living Death): every player at once at
    each step (101.4 has nothing to order: no choice is made), the cards exiled this way, by their new objects
    (400.7), put onto the battlefield under their owners' control (110.2)."""
    f, g = parse_noun(m.group(1) + " card"), parse_noun(m.group(2))
    if f is None or g is None or set(f) - {"types", "zone"} or set(g) - {"types"}:
        return None
    return [Effect("exile", {"what": {"each": {**f, "zone": "graveyard"}}}),
            Effect("sacrifice", {"what": {"each": g}}),
            Effect("move", {"what": "exiled", "to": "battlefield"})]


@reader(r"^each player chooses any number of creatures they control with total power (\d+) or less, then "
        r"sacrifices all other creatures they control$")
def _keep_total_power(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Each player chooses any number of creatures they control with total power 4 or less, then sacrifices all
    other creatures they control." (Slaughter the Strong): each player in APNAP order chooses (101.4, 608.2c), their
    total power checked as chosen (208.1), then every other creature is sacrificed at once (701.14a)."""
    f = {"types": ["Creature"]}
    return [Effect("keep_rest", {"keep": [f], "among": {}, "rest": dict(f), "chooser": "each",
                                 "total_power_le": int(m.group(1))})]


#: who chooses the permanents they keep: each of those players chooses their own (101.4, in APNAP order)
_KEEPERS = r"(each player|each opponent|that player|target opponent|target player)"


def _keepers(phrase: str, c: Ctx) -> dict[str, Any] | None:
    """The players of "each opponent / that player chooses ... they control, then sacrifices the rest" (``players``
    of keep_rest; none for each player, the default), or None when the phrase names no player."""
    if phrase == "each player":
        return {}
    who = c.player(phrase)
    return None if who is None else {"players": who}


@reader(rf"^{_KEEPERS} chooses (an? (?:creature|creature or planeswalker|artifact|enchantment|land|planeswalker)) "
        r"they control,? (?:then|and) sacrifices the rest$")
def _choose_sacrifice_rest(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Each player chooses a creature or planeswalker they control, then sacrifices the rest." (Single Combat): each
    player in APNAP order chooses one of their own (101.4, 608.2c), then every other permanent of that kind is
    sacrificed at once (701.14a); "each opponent chooses a creature they control, then sacrifices the rest" (No One
    Will Hear Your Cries): those players only."""
    f = parse_noun(re.sub(r"^an? ", "", m.group(2)))
    who = _keepers(m.group(1), c)
    if f is None or set(f) - {"types"} or who is None:
        return None
    return [Effect("keep_rest", {"keep": [f], "among": {}, "rest": dict(f), "chooser": "each", **who})]


@reader(rf"^{_KEEPERS} chooses (up to )?(two|three|four|five|six|seven) ((?:non[a-z]+ )?(?:permanents|creatures|"
        r"lands|artifacts|enchantments)) they control,? (?:then|and) sacrifices the rest$")
def _choose_n_sacrifice_rest(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Each player chooses three permanents they control, then sacrifices the rest." (Razia's Purification): each
    player in APNAP order chooses that many of their own, one after another (101.4, 608.2c), then every other one
    of that kind is sacrificed at once (701.14a); "that player chooses up to two creatures they control, then
    sacrifices the rest" (Archfiend of Depravity): that player only, who may keep fewer (``up_to``)."""
    n = number(m.group(3))
    f = parse_noun(m.group(4))
    who = _keepers(m.group(1), c)
    if n is None or f is None or set(f) - {"types", "not_types", "permanent"} or who is None:
        return None
    return [Effect("keep_rest", {"keep": [dict(f) for _ in range(n)], "among": {}, "rest": dict(f),
                                 "chooser": "each", **who, **({"up_to": True} if m.group(2) else {})})]


def _kinds(text: str) -> list[dict[str, Any]] | None:
    """"an artifact, a creature, an enchantment, and a planeswalker": one filter for each kind."""
    out = []
    for part in re.split(r",? and |, ", text):
        f = parse_noun(re.sub(r"^an? ", "", part.strip()))
        if f is None or set(f) - {"types", "subtypes", "supertypes"}:
            return None
        out.append(f)
    return out if len(out) > 1 else None


def _group(text: str) -> dict[str, Any]:
    return {"permanent": True, "not_types": ["Land"]} if text.startswith("nonland") else {"permanent": True}


def keep_rest(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Tragic Arrogance: "For each player, you choose from among the permanents that player controls an
    artifact, a creature, an enchantment, and a planeswalker. Then each player sacrifices all other nonland
    permanents they control." (the choices 608.2c, the sacrifice 701.14a)"""
    kinds = _kinds(m.group(2))
    if kinds is None:
        return None
    return [Effect("keep_rest", {"keep": kinds, "among": _group(m.group(1)), "rest": _group(m.group(3))})]


@reader(r"^each player chooses (?:from among the (permanents|nonland permanents) they control (an? .+?)|(an? .+?) "
        r"from among the (permanents|nonland permanents) they control), then sacrifices the rest$")
def _each_keeps(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Cataclysm: "Each player chooses from among the permanents they control an artifact, a creature, an
    enchantment, and a land, then sacrifices the rest"; Cataclysmic Gearhulk: "... chooses an artifact, ...
    from among the nonland permanents they control, then sacrifices the rest" (608.2c, 701.14a)."""
    kinds = _kinds(m.group(2) or m.group(3))
    group = _group(m.group(1) or m.group(4))
    if kinds is None:
        return None
    return [Effect("keep_rest", {"keep": kinds, "among": group, "rest": group, "chooser": "each"})]


#: the permanent types (110.4; battle, a later one)
_PERMANENT_KINDS = [{"types": [t]} for t in ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")]


@reader(r"^(each player|each opponent) chooses a permanent they control of each permanent type(?:,)? (?:and|then) "
        r"sacrifices the rest$")
def _each_keeps_types(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"-9: Each opponent chooses a permanent they control of each permanent type and sacrifices the rest" (Liliana,
    Dreadhorde General): each of those players in APNAP order (101.4) keeps one permanent of each permanent type
    (110.4), each permanent for one type only (608.2c), then sacrifices all the others at once (701.14a)."""
    who = c.player(m.group(1))
    if who is None:
        return None
    return [Effect("keep_rest", {"keep": list(_PERMANENT_KINDS), "among": {"permanent": True},
                                 "rest": {"permanent": True}, "chooser": "each", "players": who})]


@reader(r"^exchange control of (two target .+|target .+? and target .+|self and target .+)$")
def _exchange(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.8: "exchange control of two target creatures", "... of target A and target B", "... of SELF and target
    nonland permanent" (Eyes Everywhere: the source is one of the two)."""
    t = m.group(1)
    if t.startswith("self and "):
        b = c.ref(t[len("self and "):])
        return None if not (isinstance(b, dict) and "target" in b) else [Effect("exchange_control",
                                                                                 {"what": ["self", b]})]
    mm = re.fullmatch(r"two target (.+)", t)
    if mm:
        f = parse_noun(mm.group(1))
        if f is None:
            return None
        r = c.add_target(TargetSpec(f, t, count=2, min=2))
        return [Effect("exchange_control", {"what": r})]
    mm = re.fullmatch(r"(target .+?) and (target .+)", t)
    a, b = c.ref(mm.group(1)), c.ref(mm.group(2))  # type: ignore[union-attr]
    if a is None or b is None:
        return None
    return [Effect("exchange_control", {"what": [a, b]})]


@reader(
    r"^exile the top (card|two cards|three cards|x cards|\w+ cards) of (your|target player's|target opponent's|"
    r"each player's|each opponent's|that player's|defending player's|their) library"
    r"(?:, where x is (.+))?$"
)
def _exile_top(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Exile the top X cards of your library, where X is SELF's power" (406.2; X bound for the sentence, 107.3);
    "... of target opponent's library" (Ashiok, Nightmare Weaver +2), "... of each opponent's library"; "... of that
    player's library" (Daxos of Meletis: the player a trigger named), "... of defending player's library"."""
    if not bind_x(m.group(3), c):
        return None
    n = 1 if m.group(1) == "card" else amount_of(m.group(1).split()[0], c)
    who = {"your": "you", "each player's": "each_player", "each opponent's": "each_opponent"}.get(m.group(2)) \
        or c.player("they" if m.group(2) == "their" else m.group(2).replace("'s", ""))
    if n is None or who is None:
        return None
    c.last = "exiled"
    return [Effect("exile_top", {"who": who, "amount": n})]


@reader(r"^(?:(that player|they|each opponent|each player|target player|target opponent) exiles?|exile) all but the "
        r"bottom (card|[a-z]+ cards|\d+ cards) of (their|your|target player's|target opponent's|each player's|"
        r"each opponent's) library( face down)?$")
def _exile_all_but(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Exile all but the bottom card of target player's library" (Nicol Bolas, the Arisen), "each player exiles all
    but the bottom six cards of their library face down" (Doomsday Excruciator): each library's cards but its bottom
    N, counted for each player (401.1, 406.3: face down, no player may look at them)."""
    owner = m.group(3)
    if m.group(1) is None and owner == "their" or m.group(1) is not None and owner != "their":
        return None
    who = c.player(m.group(1)) if m.group(1) else {"your": "you", "each player's": "each_player",
                                                   "each opponent's": "each_opponent"}.get(owner) \
        or c.player(owner.replace("'s", ""))
    n = 1 if m.group(2) == "card" else amount_of(m.group(2).split()[0], c)
    if who is None or not isinstance(n, int):
        return None
    c.last = "exiled"
    return [Effect("exile_top", {"who": who, "keep_bottom": n, **({"face_down": True} if m.group(4) else {})})]


@reader(
    r"^(that player|they|each opponent|each player|target player|target opponent|defending player) exiles? the top "
    r"(card|[a-z]+ cards|"
    r"\d+ cards) "
    r"of (?:their|his or her) library$"
)
def _exiles_top(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"That player exiles the top card of their library" (ingest, 702.114a), "defending player exiles
    the top twenty cards of their library" (Ulamog, the Ceaseless Hunger): the player named exiles."""
    who = c.player(m.group(1))
    n = 1 if m.group(2) == "card" else amount_of(m.group(2).split()[0], c)
    if who is None or n is None:
        return None
    c.last = "exiled"
    return [Effect("exile_top", {"who": who, "amount": n})]


@reader(r"^attach self to (.+)$")
def _attach(m: re.Match, c: Ctx) -> list[Effect] | None:
    to = c.ref(m.group(1))
    if to is None and m.group(1) in ("it", "that creature", "target creature you control"):
        to = "created"
    return None if to is None else [Effect("attach", {"what": "self", "to": to})]


@reader(r"^attach (?:it|self) to (target .+)$")
def _attach_target(m: re.Match, c: Ctx) -> list[Effect] | None:
    to = c.ref(m.group(1))
    return None if to is None else [Effect("attach", {"what": "self", "to": to})]


@reader(r"^attach (target aura(?: you control)?) to (target [a-z ]+)$")
def _attach_aura(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.3a-b: "Attach target Aura you control to target creature" (Aura Finesse): the Aura moves to that
    permanent if it could legally enchant it (303.4a; no protection from it, 702.16c); otherwise nothing happens."""
    spec = parse_target(m.group(1))
    if spec is None or spec.filter.get("subtypes") != ["Aura"] or spec.count != 1:
        return None
    what = c.add_target(spec)
    to = c.ref(m.group(2))
    if to is None:
        return None
    return [Effect("attach", {"what": what, "to": to, "aura": True})]


@reader(r"^attach (all|any number of) (auras and equipment|equipment)( you control| on the battlefield)? to (.+)$")
def _attach_many(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.3a: "attach all Equipment on the battlefield to it" (Vulshok Battlemaster), "attach any number of Auras
    and Equipment you control to it" (Heavenly Blademaster: chosen as it resolves), "attach any number of target
    Equipment to it" (Armory Automaton), "... to target creature you control" (Beatrix): each one to that permanent;
    an Equipment only to a creature (301.5c), an Aura only to what it could enchant (303.4a); otherwise that one
    stays where it is (701.3b)."""
    f: dict[str, Any] = {"subtypes": ["Aura", "Equipment"] if m.group(2).startswith("auras") else ["Equipment"]}
    if m.group(3) == " you control":
        f["controller"] = "you"
    if m.group(1) == "all":
        if m.group(3) == " you control":
            return None
        what: Any = {"each": f}
    elif m.group(3) is None:
        return None
    else:
        what = {"choose": f, "amount": 99, "up_to": True}
    if "player" in m.group(4):  # "... to target permanent or player" (Ardenn): an Aura attached to a player (a Curse)
        return None  # is not read
    to = c.ref(m.group(4))
    if to is None or isinstance(to, dict) and ("each" in to or "choose" in to):
        return None
    return [Effect("attach", {"what": what, "to": to, "fit": True})]


@reader(r"^attach any number of (target equipment(?: you control)?) to (.+)$")
def _attach_targets(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"you may attach any number of target Equipment to it" (Armory Automaton): each chosen as it is put on the
    stack, attached as _attach_many says."""
    spec = parse_target("any number of " + m.group(1))
    if spec is None or spec.filter.get("subtypes") != ["Equipment"]:
        return None
    what = c.add_target(spec)
    to = c.ref(m.group(2))
    if to is None or isinstance(to, dict) and ("each" in to or "choose" in to):
        return None
    return [Effect("attach", {"what": what, "to": to, "fit": True})]


@reader(r"^attach ((?:up to one )?target .*?equipment.*?|an equipment you control) to (.+)$")
def _attach_equipment(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.3a: "attach target Equipment you control to target creature you control" (Kor Outfitter), "you may
    attach an Equipment you control to it" (Nahiri, Heir of the Ancients: one chosen as it resolves). An
    Equipment attaches only to a creature (301.5c); otherwise nothing happens (701.3b)."""
    if m.group(1).startswith("an "):
        what: Any = {"choose": {"subtypes": ["Equipment"], "controller": "you"}, "amount": 1}
    else:
        spec = parse_target(m.group(1))
        if spec is None or spec.filter.get("subtypes") != ["Equipment"] or spec.count != 1:
            return None
        what = c.add_target(spec)
    last = c.last
    to = c.ref(m.group(2))
    if to is None and m.group(2) in ("it", "that creature") and last == "created":
        to = "created"
    if to is None or to == "it" and last is None:
        return None
    return [Effect("attach", {"what": what, "to": to, "creature_only": True})]


@reader(r"^exile all cards from (target player's|target opponent's|that player's|your|all opponents'|"
        r"each opponent's|all players'|each player's) (library|hands?|graveyards?|hands? and graveyards?)"
        r"( face down)?$")
def _exile_library(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Exile all cards from target player's library" (Jace, the Mind Sculptor -12): the whole library (406.3);
    "... face down" (Inverter of Truth): cards no player may look at (406.3). A hand, a graveyard or both ("Exile
    all cards from target player's hand and graveyard", Identity Crisis; "... from all opponents' hands and
    graveyards", Ashiok, Nightmare Weaver -10): every card of each zone named, each zone in turn (406.3)."""
    zones = m.group(2).split(" and ")
    if any(z.endswith("s") != m.group(1).startswith("all ") for z in zones) \
            or m.group(3) and zones not in (["library"], ["hand"]):
        return None  # "all opponents' hands", "target player's hand": the noun's number follows the player's
    who = {"your": "you", "all opponents'": "each_opponent", "each opponent's": "each_opponent",
           "all players'": "each_player", "each player's": "each_player"}.get(m.group(1)) \
        or c.player(m.group(1).replace("'s", ""))
    if who is None:
        return None
    keys = {"library": "library_of", "hand": "hand_cards_of", "graveyard": "graveyard_of"}
    return [Effect("exile", {"what": {keys[z.rstrip("s")]: who}, **({"face_down": True} if m.group(3) else {})})
            for z in zones]


@reader(r"^if any of those cards remain exiled, return them to their owners?'?s?'? graveyards?$")
def _return_remaining_exiled(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"At the beginning of the next end step, if any of those cards remain exiled, return them to their owners'
    graveyards" (Mnemonic Betrayal): the cards the instruction before exiled that are still in exile (a card cast
    from there is a new object, 400.7), kept by the delayed trigger (603.7c; engine/ops/control.py)."""
    if c.last != "exiled":
        return None
    return [Effect("move", {"what": "exiled", "to": "graveyard"})]


@reader(r"^(target player|target opponent|that player) exiles? all ([a-z]+ cards|cards with [a-z]+) from "
        r"(?:their|his or her) graveyard$")
def _player_exiles_some(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target player exiles all land cards from their graveyard" (Mudhole), "... all cards with flashback ..."
    (Tombfire): the same instruction as "exile all land cards from target player's graveyard" (404.1)."""
    what = c.ref(f"all {m.group(2)} from {m.group(1)}'s graveyard")
    return None if what is None else [Effect("exile", {"what": what})]


@reader(r"^(target player|target opponent|that player|you) exiles? all cards from (?:their|your|his or her) "
        r"(hand|library|graveyard)( face down)?$")
def _player_exiles_zone(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target player exiles all cards from their hand face down" (Induced Amnesia): the same instruction as "exile
    all cards from target player's hand face down", that player's whole hand (406.3)."""
    who = "your" if m.group(1) == "you" else m.group(1) + "'s"
    got = _exile_library.pattern.fullmatch(f"exile all cards from {who} {m.group(2)}{m.group(3) or ''}")
    return None if got is None else _exile_library.read(got, c)


TOP_OR_BOTTOM_RX = re.compile(
    r"^(?:choose )?(target .+?)\. its owner puts it on (?:their choice of )?the top or bottom of their library$"
)


@reader(r"^(?:(target .+?)'s owner|the owner of (target .+?)) puts it on (?:(?:their|his or her) choice of )?the top "
        r"or bottom of (?:their|his or her) library$")
def _owner_top_or_bottom(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target creature's owner puts it on their choice of the top or bottom of their library" (Dire Downdraft), "The
    owner of target nonland permanent puts it on ..." (its later wording): the owner chooses as it resolves (608.2d,
    401.1)."""
    what = c.ref(m.group(1) or m.group(2))
    return None if what is None else [Effect("move", {"what": what, "to": "library_top_or_bottom"})]


@reader(r"^(?:(target .+?)'s owner|the owner of (target .+?)) puts it into (?:their|his or her) library (second|third) "
        r"from the top or on the bottom$")
def _owner_nth_or_bottom(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"The owner of target nonland permanent puts it into their library second from the top or on the bottom"
    (Temporal Cleansing): the owner chooses as it resolves (608.2d; 401.7)."""
    what = c.ref(m.group(1) or m.group(2))
    nth = {"second": 2, "third": 3}[m.group(3)]
    return None if what is None else [Effect("move", {"what": what, "to": "library_top_or_bottom", "nth": nth})]


@reader(r"^(?:put|(that player) puts) (?:the cards in (?:your|their) hand|all cards in (?:your|their) hand|"
        r"(?:your|their) hand) on the bottom of (?:your|their) library in any order$")
def _hand_to_bottom(m: re.Match, c: Ctx) -> list[Effect] | None:
    """401.4: "put the cards in your hand on the bottom of your library in any order" (Mindmoil, Arjun, the Shifting
    Flame), "that player puts the cards in their hand on the bottom of their library in any order" (Teferi's Puzzle
    Box: the upkeep's player): every card of the hand, in the order their owner chooses; "then draw that many cards"
    counts them."""
    who = c.player(m.group(1)) if m.group(1) else "you"
    if who not in ("you", "trigger_player"):
        return None
    return [Effect("move", {"what": {"hand_cards_of": who}, "to": "library_bottom", "any_order": True})]


@reader(r"^for each (.+?), its owner puts it on (?:their|his or her) choice of the top or bottom of (?:their|his or "
        r"her) library$")
def _each_owner_top_or_bottom(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"For each attacking creature, its owner puts it on their choice of the top or bottom of their library"
    (Aetherspouts): each owner chooses for each of their cards (608.2d)."""
    f = parse_noun(m.group(1))
    if f is None or f.get("player") or f.get("zone") not in (None, "battlefield"):
        return None
    return [Effect("move", {"what": {"each": f}, "to": "library_top_or_bottom"})]


@reader(r"^put (.+?) on your choice of the top or bottom of (?:its|their) owners?'s? librar(?:y|ies)$")
def _top_or_bottom_yours(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Put target card from a graveyard on your choice of the top or bottom of its owner's library":
    the ability's controller chooses (401.4: that library's owner does not)."""
    what = c.ref(m.group(1))
    return None if what is None else [Effect("move", {"what": what, "to": "library_top_or_bottom",
                                                      "chooser": "you"})]


def top_or_bottom(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("move", {"what": what, "to": "library_top_or_bottom"})]


#: this family's readers, in the order they are tried
@reader(r"^if (.+?) would die this turn, exile (?:it|that card) instead$")
def _exile_if_dies(m: re.Match, c: Ctx) -> list[Effect] | None:
    """614.1a: "If that creature would die this turn, exile it instead" after any instruction (a -N/-N, a
    fight): the object named before; "If a creature [an opponent controls] would die this turn, ...": every
    creature of that kind that would die this turn (Flaying Tendrils), as the replacement applies."""
    p = m.group(1)
    mm = re.fullmatch(r"an? (.+)", p)
    if mm:
        f = parse_noun(mm.group(1))
        if f is None or f.get("player") or f.get("zone", "battlefield") != "battlefield":
            return None
        f = c._fix_filter(f)
        return None if f is None else [Effect("exile_if_dies", {"filter": f})]
    what = c.ref(p)
    if what is None or isinstance(what, str) and what not in ("self", "it"):
        return None
    return [Effect("exile_if_dies", {"what": what})]


@reader(r"^destroy one of the (.+?) at random$")
def _destroy_random(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.6a: "destroy one of those permanents at random" (Haphazard Bombardment, the permanents its intervening
    "if" counted: engine/cards/compiler/__init__.py names them): one of them, no player choosing."""
    f = parse_noun(m.group(1))
    if f is None or f.get("player") or f.get("_needs_player_target") or f.get("zone") not in (None, "battlefield"):
        return None
    f.pop("zone", None)
    return [Effect("destroy", {"what": {"choose": f, "random": True}})]


@reader(r"^put the rest of (?:them|those cards) into your hand after an opponent chooses (one|two|three) of them to "
        r"stay in your graveyard$")
def _opponent_keeps_rest_to_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Choose up to four target cards in your graveyard. ... Otherwise, an opponent chooses two of them. Leave the
    chosen cards in your graveyard and put the rest into your hand." (Deliver Unto Evil; joined into this sentence by
    parse_effects): an opponent chooses that many of the targets still there, as it resolves (608.2c-d), and the
    others (all of them when there are no more) go to their owner's hand."""
    if not (isinstance(c.last, dict) and set(c.last) == {"target"}):
        return None
    t = c.targets[c.last["target"]]
    if (t.filter or {}).get("zone") != "graveyard" or (t.filter or {}).get("owner") != "you":
        return None
    n = number(m.group(1))
    return [Effect("move", {"what": {"choose": {"zone": "graveyard", "owner": "you"}, "among": c.last,
                                     "chooser": "opponent", "amount": n, "rest": True}, "to": "hand"})]


@reader(r"^for each 1 life you lost, exile an? (.+?) or an? (card from your (?:hand|graveyard|hand or graveyard|"
        r"graveyard or hand))$")
def _exile_per_life_lost(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Whenever you lose life, for each 1 life you lost, exile a permanent you control or a card from your hand or
    graveyard." (Lich's Mastery): that many objects, each a permanent of the kind named or a card from those zones,
    chosen by the player as it resolves (608.2c-d; "that much" is the life the event lost, 119.3)."""
    if not c.lost_life:
        return None
    perm = parse_noun(m.group(1))
    cards = parse_noun(m.group(2))
    if perm is None or cards is None or perm.get("player") or perm.get("zone") not in (None, "battlefield") \
            or perm.get("controller") != "you":
        return None
    alts = [{**perm, "zone": "battlefield"}] + [a for a in cards.get("or", [cards]) if isinstance(a, dict)]
    if any(a.get("zone") not in ("battlefield", "hand", "graveyard") for a in alts):
        return None
    return [Effect("exile", {"what": {"choose": {"or": alts}, "amount": {"that_much": True}}})]


@reader(r"^put your commanders? into your hand from the command zone$")
def _commander_to_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Put your commander into your hand from the command zone" (Command Beacon; 903.3, 408.1): each commander you
    own that is there (either of two partners) is put into your hand."""
    return [Effect("move", {"what": {"each": {"commander": True, "owner": "you", "zone": "command"}}, "to": "hand"})]


@reader(r"^exile self with (a|an|one|two|three|four|five|six) ([a-z]+) counters? on it$")
def _exile_self_with_counters(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Exile SELF with three time counters on it" (Time Spiral's cycle of suspend sorceries, last of their
    instructions): the card goes to exile as the instruction says (608.2k: not to the graveyard afterwards) with those
    counters on it; a card with suspend in exile with a time counter on it is suspended (702.61b)."""
    n = number(m.group(1)) or 1
    return [Effect("exile", {"what": "self", "counters": {m.group(2): n}})]


@reader(r"^(target opponent|target player|each player|each opponent|that player) puts? (a|an|one|two) (?:cards?) "
        r"from (?:their|his or her) hand on top of (?:their|his or her) library$")
def _player_puts_hand_on_top(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target opponent puts a card from their hand on top of their library" (Chittering Rats), "each player puts a
    card from their hand on top of their library" (Sadistic Augermage): each player named chooses that many cards of
    their own hand and puts them on top of their own library (401.4: in the order they choose), as the doer of the
    instruction (engine/ops/misc.py as_player; hidden cards stay hidden, 401.2)."""
    who = c.player(m.group(1))
    if who is None:
        return None
    n = number(m.group(2)) or 1
    what: dict[str, Any] = {"choose": {"zone": "hand", "owner": "you"}}
    if n > 1:
        what["amount"] = n
    return [Effect("as_player", {"who": who, "effects": [Effect("move", {"what": what, "to": "library_top"})]})]


@reader(r"^unattach all equipment from (target .+|it|that creature)$")
def _unattach_equipment(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Unattach all Equipment from target creature" (Disarm): each Equipment attached to it becomes attached to
    nothing and stays on the battlefield (701.3d)."""
    what = c.ref(f"all equipment attached to {m.group(1)}")
    return None if what is None else [Effect("unattach", {"what": what})]


READERS: tuple[Reader, ...] = (
    _hand_to_bottom,
    _unattach_equipment,
    _player_puts_hand_on_top,
    _exile_self_with_counters,
    _exile_per_life_lost,
    _opponent_keeps_rest_to_hand,
    _commander_to_hand,
    _each_returns_all,
    _living_end,
    _destroy_random,
    _return_gone_this_way,
    _exchange_hand,
    _exile_if_dies,
    _edict_exile,
    _edict_bounce,
    _each_returns,
    _opponent_chooses,
    _chooses_others_cant,
    _keep_total_power,
    _player_exiles_zone,
    _player_exiles_some,
    _return_remaining_exiled,
    _destroy,
    _bounce_with_auras,
    _exiled_to_hand,
    _bounce,
    _return_face_down,
    _return, _return_to_your_hand,
    _nth_from_top,
    _top_or_bottom_yours,
    _owner_top_or_bottom,
    _owner_nth_or_bottom,
    _each_owner_top_or_bottom,
    _tuck_chosen,
    _tuck,
    _tuck2,
    _shuffle_in,
    _put_onto,
    _each_puts_onto,
    _process,
    _put_own_exiled_to_hand,
    _adventure_to_gy,
    _to_gy,
    _tap_or_untap_chosen,
    _you_tap,
    _tap,
    _remove_from_combat,
    _unblock_lone,
    _block_choice,
    _regen,
    _give_control,
    _steal_for_now, _steal, _owners_regain,
    _each_keeps,
    _choose_sacrifice_rest,
    _choose_n_sacrifice_rest,
    _each_keeps_types,
    _sacrifice,
    _exchange,
    _exile_top,
    _exile_all_but,
    _exiles_top,
    _attach_aura,
    _attach_many,
    _attach_targets,
    _attach_equipment,
    _exile_library,
    _attach,
    _attach_target,
    _player_taps_own,
)
