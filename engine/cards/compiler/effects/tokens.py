"""Tokens (CR 110.5): created from their text, predefined tokens, token copies (706).
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.abilities import Effect
from engine.cards.compiler.effects.amounts import amount_of, bind_x, pt_value, scaled
from engine.cards.compiler.effects.context import PLAYER, Ctx, Reader, keyword_list, reader
from engine.cards.compiler.effects.library import _title
from engine.cards.compiler.keywords import KEYWORD_ABILITIES, KEYWORD_STATICS, KEYWORD_TEXT, parse_keyword_line
from engine.cards.compiler.subtypes import subtype

_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": None}


#: the mark of a creature token whose power and toughness a later "It has "..."" sentence defines
CDA_PENDING = "_pt_from_ability"

_PREDEFINED = {"treasure", "food", "clue", "blood", "gold", "powerstone", "map", "incubator", "junk", "shard", "lander",
               "walker", "mutagen", "vibranium"}


_TOKEN = re.compile(
    r"^(?:(?P<who>its controller|its owner|that creature's controller|that permanent's controller|that player|"
    r"target player|each player|each opponent|they|target opponent|you|each (?:player|opponent) who controls "
    r"[a-z ,/+-]+?) )?"
    r"creates? "
    r"(?P<n>a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty|"
    r"x|\d+|that many|twice that many) (?P<tapped>tapped )?"
    r"(?:(?P<p>\d+|x)/(?P<t>\d+|x) )?"
    r"(?P<colors>(?:(?:white|blue|black|red|green|colorless)(?:,? and |, | ))*)"
    r"(?P<names>(?:legendary |snow )*(?:[a-z'\-]+ )*?)(?P<kind>enchantment artifact creature|artifact creature|"
    r"enchantment creature|creature|artifact|enchantment) tokens?"
    r"(?: named (?P<name0>[^\",]+?))?(?: with (?P<kw>[^\"]+?))?(?:,? and (?P<q1>\".+\"))?(?: with "
    r"(?P<q2>\".+\"))?(?: named (?P<name>[^,]+?))?"
    r"(?P<all> that's all colors| that are all colors)?"
    r"(?P<att> that's tapped and attacking| that are tapped and attacking| that's attacking| that are attacking)?"
    r"(?: that's blocking (?P<blk>target creature attacking you|target attacking creature))?"
    r"(?: for each (?P<each>.+?))?(?:, where x is (?P<where>.+))?$",
    re.I,
)


def keyword_abilities_of(text: str) -> list[Any] | None:
    """The abilities the keywords of a token's "with ..." list stand for (prowess and exalted are triggered
    abilities, 702.107a, 702.82a; devoid a static one), as a printed keyword line gives them; [] for keywords
    that are only rules (flying). None when the list is not a keyword line (then no ability may be missing:
    each keyword must be one that is only a rule)."""
    got = parse_keyword_line(re.sub(r",? and ", ", ", text))
    if got is not None:
        return got[2]
    kws = keyword_list(text) or []
    ruled = {k for k in kws if k.split(" ")[0] in KEYWORD_ABILITIES or k.split(" ")[0] in KEYWORD_STATICS
             or k.split(" ")[0].lower() in {t.lower() for t in KEYWORD_TEXT}}
    return None if ruled else []


def defines_pt(ab: Any) -> bool:
    """Is this the token's own characteristic-defining ability for its power and toughness (604.3)?
    Its amounts may not name SELF: inside the quoted text the card's name ("the number of slime
    counters on Gutter Grime") and "this token" both read as SELF, and only one of them is the token."""
    st = ab.static or {}
    return ab.kind == "static" and st.get("kind") == "set_pt" and st.get("affects") == "self" \
        and "'self'" not in repr((st.get("power"), st.get("toughness")))


@reader(_TOKEN.pattern)
def _token(m: re.Match, c: Ctx) -> list[Effect] | None:
    if not bind_x(m.group("where"), c):
        return None
    n = amount_of(m.group("n"), c)
    if n is None:
        return None
    colors = [w for w in re.split(r"[ ,]+", (m.group("colors") or "").lower().strip()) if w and w != "and"]
    if any(w not in _COLOR_WORDS for w in colors):
        return None
    kws: list[str] = []
    kw_abilities: list[Any] = []
    if m.group("kw"):
        kw = keyword_list(m.group("kw"))
        if kw is None:
            return None
        kws = kw
        got_abl = keyword_abilities_of(m.group("kw"))
        if got_abl is None:
            return None
        kw_abilities = got_abl
    names = (m.group("names") or "").split()
    supertypes = []
    while names[:1] in (["legendary"], ["snow"]):  # "a colorless snow artifact token" (205.4a: its supertypes)
        supertypes.append(names.pop(0).capitalize())
    subtypes = []
    for w in names:
        st = subtype(w)
        if st is None:
            return None
        subtypes.append(st)
    kind = m.group("kind").lower()
    types = [t.capitalize() for t in kind.split()]
    args: dict[str, Any] = {"amount": n, "types": types, "subtypes": subtypes,
                            "colors": [_COLOR_WORDS[w] for w in colors if _COLOR_WORDS[w]], "keywords": kws}
    if m.group("p"):
        args["power"] = pt_value(m.group("p"), c)
        args["toughness"] = pt_value(m.group("t"), c)
    elif "Creature" in types:
        # "Create a white Avatar creature token. It has "This token's power and toughness are each
        # equal to your life total."" or "... token with reach and "SELF's power and toughness are
        # each equal to ..."": an ability must define them (604.3, 208.2a); parse_effects refuses
        # the paragraph when none does (sequence._cda_pending)
        args.update({"power": 0, "toughness": 0, CDA_PENDING: True})
    if types == ["Artifact"] and subtypes and subtypes[0].lower() in _PREDEFINED and not kws and not m.group("p"):
        args = {"amount": n, "kind": subtypes[0]}
    quoted = m.group("q1") or m.group("q2")
    if quoted:
        from engine.cards.compiler import compile_ability_text  # layering: cycle (compiler imports this)
        abl = []
        for q in re.findall(r'"([^"]+)"', quoted):
            ab = compile_ability_text(q.replace("this token", "SELF").replace("This token", "SELF"))
            if ab is None:
                return None
            abl.append(ab)
        args["abilities"] = abl
        if any(defines_pt(ab) for ab in abl):
            args.pop(CDA_PENDING, None)
    if kw_abilities:  # "a 1/1 white Monk creature token with prowess": the keyword's triggered ability (702.107a)
        args["abilities"] = kw_abilities + list(args.get("abilities", ()))
    if supertypes:
        args["supertypes"] = supertypes
    if m.group("name") or m.group("name0"):
        nm = (m.group("name") or m.group("name0")).strip()
        args["name"] = _title(nm)
    if m.group("tapped"):
        args["tapped"] = True
    if m.group("all"):  # "a 2/2 Citizen creature token that's all colors" (105.1: each of the five colors)
        if colors:
            return None
        args["colors"] = list("WUBRG")
    if m.group("att"):
        args["attacking"] = True
        if "tapped" in m.group("att"):
            args["tapped"] = True
    if m.group("blk"):  # 509.7: put onto the battlefield blocking the creature the effect names
        blk = c.ref(m.group("blk"))
        if blk is None or "Creature" not in types:
            return None
        args["blocking"] = blk
    if m.group("each"):
        args["amount"] = scaled(m.group("n"), m.group("each"), c)
        if args["amount"] is None:
            return None
    if m.group("who"):
        who = c.player(m.group("who"))
        if who is None:
            return None
        args["who"] = who
    out = [Effect("token", args)]
    c.last = "created"
    return out


@reader(
    rf"^(?:{PLAYER} )?creates? (a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
    r"fourteen|fifteen|twenty|x|\d+|that many) (tapped )?"
    r"(treasure|food|clue|blood|gold|powerstone|map|junk|incubator|lander|shard|walker|mutagen|vibranium) tokens?"
    r"(?: for each (.+?))?(?:, where x is (.+))?$"
)
def _token_pre(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Predefined tokens (a later rule; the 2016 rules have none): "create a Treasure token", "its
    controller creates two Treasure tokens", "you create that many Food tokens", "create X Clue tokens, where X
    is ...": the predefined token, for the player named (110.2: that player controls it)."""
    if not bind_x(m.group(6), c):
        return None
    n = scaled(m.group(2), m.group(5), c)
    if n is None:
        return None
    args: dict[str, Any] = {"amount": n, "kind": m.group(4).capitalize()}
    if m.group(3):
        args["tapped"] = True
    if m.group(1) and m.group(1) != "you":
        who = c.player(m.group(1))
        if who is None:
            return None
        args["who"] = who
    c.last = "created"
    return [Effect("token", args)]


_ROLES = r"(cursed|monster|royal|sorcerer|wicked|young hero|virtuous)"


@reader(rf"^create an? {_ROLES} role token attached to (.+)$")
def _role(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Role tokens (a later rule: Wilds of Eldraine, 2023): "Create a Royal Role token attached to target creature
    you control", "... attached to it", "... to up to one other target creature you control": the predefined Aura
    token, entering attached to that creature (as 303.4f has an Aura put onto the battlefield attached to what the
    effect names); none is made when it couldn't enchant it (engine/ops/objects.py). "That creature" after it is
    still the creature named ("When you do, that creature fights ...")."""
    to = c.ref(m.group(2))
    if to is None or isinstance(to, str) and to in ("you", "each_opponent", "each_player"):
        return None
    c.last = to
    return [Effect("token", {"amount": 1, "kind": _title(m.group(1)) + " Role", "attach_to": to})]


@reader(rf"^for each (.+?), create an? {_ROLES} role token attached to (?:it|that [a-z]+)$")
def _role_each(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"For each creature your opponents control, create a Cursed Role token attached to that creature" (a later
    rule: Wilds of Eldraine, 2023): one Role for each of those objects, each attached to its own (608.2c)."""
    noun = m.group(1)
    if noun in ("of those creatures", "of them", "of those permanents"):  # "One or two target creatures each gain
        # haste until end of turn. For each of those creatures, create a Monster Role token attached to it." (Become
        # Brutes): the objects named before
        to = c.last
        if not (isinstance(to, dict) and set(to) == {"target"}):
            return None
    else:
        if noun.startswith(("target ", "up to ")) or " target " in noun:
            return None
        to = c.ref("each " + noun)
        if not (isinstance(to, dict) and set(to) == {"each"}):
            return None
    return [Effect("token", {"amount": 1, "kind": _title(m.group(2)) + " Role", "attach_to": to})]


_CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land",
               "artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment", "lands": "Land"}
#: the clauses of a copy exception ("except it isn't legendary, is an artifact ..., and has myriad"): cut
#: before each clause's verb, never inside a quoted ability (masked first)
_EXCEPT_CUT = re.compile(r"(?:,? and |, )(?=(?:it's|it is|it isn't|they're|they are|they aren't|it has|they have|is|"
                         r"are|isn't|aren't|has|have)\b)")
#: "except it isn't legendary", "except the token isn't legendary" (Helm of the Host): the same exception
_EXCEPT_VERB = ((re.compile(r"^(?:the (?:tokens?|copy|copies) )?(?:it isn't|it's not|it is not|they aren't|they're not|"
                            r"isn't|aren't) "), "not "),
                (re.compile(r"^(?:the (?:tokens?|copy|copies) )?(?:it's|it is|they're|they are|is|are) "), "is "),
                (re.compile(r"^(?:the (?:tokens?|copy|copies) )?(?:it has|they have|has|have|they each have|"
                            r"it each has) "),
                 "has "))


def _keywords(text: str, change: dict[str, Any]) -> bool:
    """Keywords an exception gives ("it has haste and dethrone"): their names, their qualities and the
    abilities they stand for (702.104a dethrone is a triggered ability), as a printed keyword line gives them."""
    got = parse_keyword_line(text.replace(" and ", ", "))
    if got is None:
        return False
    names, kargs, abl = got
    change["keywords"] = change.get("keywords", []) + names
    if kargs:
        change["keyword_args"] = {**change.get("keyword_args", {}), **kargs}
    if abl:
        change["abilities"] = change.get("abilities", []) + abl
    return True


def _description(words: str, change: dict[str, Any], extra: bool) -> bool:
    """"a 1/1 green Frog", "an artifact", "3/3 black Zombie creature": the P/T, colors, subtypes and card
    types an exception gives (706.9c), set or (``extra``: "in addition to its other types") added."""
    m = re.fullmatch(r"(?:an? )?(?:(\d+)/(\d+)(?: |$))?(.*?)(?: with (.+))?", words)  # "except it's 7/7" too
    if m is None:
        return False
    if m.group(1):
        change["power"], change["toughness"] = m.group(1), m.group(2)
    colors: list[str] = []
    types: list[str] = []
    subs: list[str] = []
    for w in (m.group(3) or "").replace(",", " ").split():
        if w == "and" and not types and not subs:
            continue
        if w in _COLOR_WORDS and not types and not subs:
            c = _COLOR_WORDS[w]
            if c:
                colors.append(c)
            elif len(m.group(3).split()) > 1 and "colorless" != w:
                return False
            continue
        if w in _CARD_TYPES:
            types.append(_CARD_TYPES[w])
            continue
        st = subtype(w)
        if st is None or types:
            return False
        subs.append(st)
    if re.search(r"\bcolorless\b", m.group(3) or ""):
        change["colors"] = []
    elif colors:
        change["colors"] = colors
    if types:
        change["add_types" if extra else "types"] = types
    if subs:
        change["add_subtypes" if extra else "subtypes"] = subs
    if m.group(4) and not _keywords(m.group(4), change):
        return False
    return bool(m.group(1) or colors or types or subs or m.group(4) or "colorless" in (m.group(3) or ""))


#: a person's pronouns in a copy exception ("except his name is SELF, he's 4/4, and he has flying"): the object's
_PRONOUNS = ((re.compile(r"\b(?:he|she)'s\b"), "it's"), (re.compile(r"\b(?:he|she)\b"), "it"),
             (re.compile(r"\b(?:his|her)\b"), "its"))


def copy_exceptions(text: str, own: bool = False) -> dict[str, Any] | None:
    """706.9a, 706.9c: the exceptions of a copy effect ("except it isn't legendary", "except it's a 1/1 green Frog",
    "except it's an artifact in addition to its other types", "except it has haste and "At the beginning of
    the end step, sacrifice this token." "): the change engine.cards.abilities.copy_except makes to the
    copiable values, or None when a clause is not read (the card is then unsupported, never half-read).
    ``own``: an object that becomes a copy (706.9a: "except its name is SELF", "except for its name", "and it has
    this ability"): those keep the object's own name (``own_name``) or the ability that made it a copy
    (``this_ability``); elsewhere they are not read."""
    quotes = re.findall(r'"[^"]*"', text)
    masked = re.sub(r'"[^"]*"', "\x00", text.strip().lower())
    for rx, word in _PRONOUNS:
        masked = rx.sub(word, masked)
    change: dict[str, Any] = {}
    if own and masked in ("for its name", "for their names"):
        return {"own_name": True}
    k = 0
    for part in _EXCEPT_CUT.split(masked):
        part = part.strip().rstrip(",")
        if own and re.fullmatch(r"(?:its|their) names? (?:is|are) self", part):
            change["own_name"] = True
            continue
        for rx, verb in _EXCEPT_VERB:
            if rx.match(part):
                part = rx.sub(verb, part, count=1)
                break
        else:
            return None
        if part in ("not legendary", "is not legendary", "is nonlegendary"):
            change["remove_supertypes"] = ["Legendary"]
        elif part == "has no mana cost":
            change["mana_cost"] = []
        elif part.startswith("has "):
            for item in re.split(r",? and |, ", part[4:]):
                if own and item == "this ability":
                    change["this_ability"] = True
                elif item == "\x00":
                    from engine.cards.compiler import compile_ability_text  # layering: cycle (compiler imports this)
                    q = quotes[k].strip('"')
                    k += 1
                    ab = compile_ability_text(re.sub(r"\b(?:this token|this creature)\b", "SELF", q, flags=re.I))
                    if ab is None:
                        return None
                    change["abilities"] = change.get("abilities", []) + [ab]
                elif not _keywords(item, change):
                    return None
        elif part.startswith("is "):
            m = re.fullmatch(r"is (legendary|a legendary) in addition to (?:its|their) other types", part)
            if m:  # "it's legendary in addition to its other types" (Lazav, Dimir Mastermind): 706.9c
                change["add_supertypes"] = ["Legendary"]
                continue
            m = re.fullmatch(r"is (.+?)( in addition to (?:its|their) other (?:creature )?types)?", part)
            if m is None or "\x00" in m.group(1) or not _description(m.group(1), change, bool(m.group(2))):
                return None
        else:
            return None
    return change or None


_COPY = re.compile(
    r"^(?:(?P<who>its controller|that player|target player|each player|each opponent|that creature's controller|"
    r"that permanent's controller|its owner) )?creates? (?P<n>a|an|one|two|three|four|five|x|that many) "
    r"(?P<tapped>tapped )?(?:token that's a copy|tokens that are copies) of (?P<of>.+?)"
    r"(?:, except (?P<exc>.+?))?(?P<att>,? that (?:are|is|'s) tapped and attacking)?$")


@reader(_COPY.pattern)
def _token_copy(m: re.Match, c: Ctx) -> list[Effect] | None:
    """706.2, 706.9: "create a token that's a copy of target creature you control, except it isn't
    legendary", "create two tokens that are copies of it", "its controller creates a tapped token that's a
    copy of that creature": the copiable values of the object, with the exceptions the effect names."""
    what = c.ref(m.group("of"))
    if what is None:
        return None
    n = amount_of(m.group("n"), c)
    if n is None:
        return None
    args: dict[str, Any] = {"amount": n, "copy_of": what}
    if m.group("exc"):
        change = copy_exceptions(m.group("exc"))
        if change is None:
            return None
        args["copy_except"] = change
    if m.group("tapped"):
        args["tapped"] = True
    if m.group("att"):
        args["tapped"] = args["attacking"] = True
    if m.group("who"):
        who = c.player(m.group("who"))
        if who is None:
            return None
        args["who"] = who
    c.last = "created"
    return [Effect("token", args)]


#: this family's readers, in the order they are tried
@reader(r"^create ((?:a|an|one|two|three) .+? tokens? with .+?) and ((?:a|an|one|two|three) .+? tokens?(?: with .+)?)$")
def _two_tokens(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Create a 3/3 ... token with deathtouch and a 3/3 ... token with lifelink" (Wurmcoil Engine):
    two kinds of token, one instruction read as its two creations (110.5)."""
    out: list[Effect] = []
    for part in (m.group(1), m.group(2)):
        mm = _TOKEN.match("create " + part)
        got = _token(mm, c) if mm else None
        if not got:
            return None
        out += got
    return out


@reader(r"^create (an? [^\"]+? token.*?(?:,? and |, )an? [^\"]+? token.*)$")
def _token_list(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Create a 1/1 green Squirrel creature token and a 0/3 blue Crab creature token" (Specimen Collector), "create a
    2/2 white Knight creature token with vigilance, a 3/3 green Centaur creature token, and a 4/4 green Rhino creature
    token with trample" (Trostani's Summoner), "create a Clue token, a Food token, and a Treasure token": one
    instruction read as its creations, in the order written (110.5, 111.1); a list of keywords inside one token's
    "with" stays with it."""
    pieces = re.split(r"(,? and |, )", m.group(1))
    parts: list[str] = [pieces[0]]
    for sep, piece in zip(pieces[1::2], pieces[2::2]):
        if re.match(r"an? ", piece) and re.search(r"\btoken\b", parts[-1]):
            parts.append(piece)
        else:
            parts[-1] += sep + piece
    if len(parts) < 2:
        return None
    out: list[Effect] = []
    for part in parts:
        got = None
        for rd in (_token_pre, _token):
            mm = rd.pattern.match("create " + part)
            got = rd.read(mm, c) if mm else None
            if got:
                break
        if not got or len(got) != 1 or got[0].op != "token":
            return None
        out += got
    c.last = "created"
    return out


@reader(r"^create ([a-z][a-z' \-]*(?:, [a-z][a-z' \-]*)?), ((?:a|an) legendary .+? tokens?.*)$")
def _named_legend_token(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Create Ashaya, the Awoken World, a legendary 4/4 green Elemental creature token" (Nissa, Sage
    Animist): the token the rest describes, with that name (111.4: the name the effect gives it)."""
    got = _TOKEN.match("create " + m.group(2).replace(" legendary ", " ", 1))
    if got is None or got.group("name") or got.group("name0"):
        return None
    effs = _token(got, c)
    if effs is None or len(effs) != 1 or effs[0].args.get("kind"):
        return None
    return [Effect("token", {**effs[0].args, "supertypes": ["Legendary"], "name": _title(m.group(1))})]


@reader(r"^for each ((?!of )[^,]+?), create a token that's a copy of (?:that permanent|that creature|that token|it)"
        r"(?:, except (.+))?$")
def _token_copy_each(m: re.Match, c: Ctx) -> list[Effect] | None:
    """706.2, 706.9: "For each token you control, create a token that's a copy of that permanent" (Second Harvest),
    "For each creature target player controls, ..." (Clone Legion), "... except it isn't legendary": one copy of
    each permanent of the group, each with that permanent's copiable values and the exceptions named."""
    mark = c.mark()
    what = c.ref("each " + m.group(1))
    if not isinstance(what, dict) or "each" not in what or what["each"].get("zone", "battlefield") != "battlefield":
        c.rewind(mark)
        return None
    args: dict[str, Any] = {"amount": 1, "copy_of": what}
    if m.group(2):
        change = copy_exceptions(m.group(2))
        if change is None:
            c.rewind(mark)
            return None
        args["copy_except"] = change
    return [Effect("token", args)]


@reader(r"^put (a|an|one|two|three|four|five|x|\d+) (\d+/\d+ [^.]+? creature tokens?(?: with .+?)?) onto the "
        r"battlefield$")
def _put_token(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Put a 2/2 green Wolf creature token onto the battlefield": the wording before "create" (701.6 of later
    rules renamed it; 110.5b of the 2016 rules: a token is put onto the battlefield by the effect that makes it),
    the same instruction as "create a 2/2 green Wolf creature token"; never a token chosen from among others."""
    again = _TOKEN.match(f"create {m.group(1)} {m.group(2)}")
    return None if again is None else _token(again, c)


#: read before the zone-change readers (whose "put ... onto the battlefield" would choose an existing token)
BEFORE_ZONES: tuple[Reader, ...] = (_put_token,)
@reader(r"^for each opponent, (?:you )?(create (?:a|an|one) .+? tokens? that's tapped and attacking) "
        r"(?:that player|that opponent)( or a planeswalker they control)?$")
def _token_each_opponent(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Whenever you attack, for each opponent, create a 1/1 black Ninja creature token that's tapped and attacking
    that player" (Endless Foot Assault), "... attacking that player or a planeswalker they control" (Adeline,
    Resplendent Cathar): the tokens once for each opponent, each attacking that opponent (or, chosen as it enters,
    a planeswalker that player controls: 508.4; engine/ops/objects.py)."""
    mm = _TOKEN.fullmatch(m.group(1))
    got = _token(mm, c) if mm else None
    if not got or len(got) != 1 or got[0].op != "token" or not got[0].args.get("attacking") \
            or got[0].args.get("who", "you") != "you":
        return None
    return [Effect("token", {**got[0].args, "per_opponent": "or_walker" if m.group(2) else "player"})]


READERS: tuple[Reader, ...] = (_named_legend_token, _token, _token_pre, _token_copy, _two_tokens, _token_list,
                               _token_copy_each,
                                _role, _role_each, _token_each_opponent)
