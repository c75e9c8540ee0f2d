"""Effect sentences (CR 608.2c: an ability's instructions, in order) to effect primitives.

Each reader takes one sentence (lower case, SELF for the card itself) and a Ctx
collecting target slots; it returns the effects, or None when the sentence is not
understood (then the card is unsupported). The ops and reference forms are listed in
engine/cards/abilities.py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.cards.abilities import Effect, TargetSpec
from engine.cards.compiler.quantities import amount, parse_condition, quantity
from engine.cards.compiler.targets import KEYWORDS, COLORS, number, parse_noun, parse_target
from engine.mana import parse_cost


@dataclass
class Ctx:
    """What a sentence may refer to: the target slots so far, and the last references."""

    targets: list[TargetSpec] = field(default_factory=list)
    last: Any = None          # the last object reference, for "it" / "that creature" / "them"
    last_player: Any = None   # the last player reference, for "that player"
    x: Any = None             # "where X is ..." binding

    def add_target(self, spec: TargetSpec) -> dict[str, int]:
        self.targets.append(spec)
        return {"target": len(self.targets) - 1}

    def _fix_filter(self, f: dict[str, Any]) -> dict[str, Any] | None:
        need = f.pop("_needs_player_target", None)
        if need:
            pf: dict[str, Any] = {"player": True}
            if need == "opponent":
                pf["opponent"] = True
            r = self.add_target(TargetSpec(pf, "target " + need))
            self.last_player = r
            for k in ("controller", "owner"):
                if f.get(k) == "that_player":
                    f[k] = r
        else:
            for k in ("controller", "owner"):
                if f.get(k) == "that_player":
                    if self.last_player is None:
                        return None
                    f[k] = "opponent" if self.last_player == "each_opponent" else self.last_player
        return f

    def player(self, phrase: str) -> Any:
        """A player phrase to a reference."""
        p = phrase.strip().lower()
        simple = {"you": "you", "each opponent": "each_opponent", "each of your opponents": "each_opponent",
                  "your opponents": "each_opponent", "each player": "each_player", "all players": "each_player",
                  "defending player": "defending_player", "the defending player": "defending_player",
                  "an opponent": "an_opponent", "each other player": "each_other_player"}
        if p in simple:
            if simple[p] in ("each_opponent", "each_player", "an_opponent", "defending_player"):
                self.last_player = simple[p]
            return simple[p]
        if p in ("target player", "target opponent"):
            f: dict[str, Any] = {"player": True}
            if p.endswith("opponent"):
                f["opponent"] = True
            r = self.add_target(TargetSpec(f, p))
            self.last_player = r
            return r
        if p in ("that player", "they", "that opponent", "the player"):
            return self.last_player
        if p in ("its controller", "that creature's controller", "that permanent's controller",
                 "that spell's controller", "its owner", "that creature's owner", "their controller",
                 "their controllers", "their owners", "its owner's", "the creature's controller"):
            base = self.last if self.last is not None else "it"
            key = "owner_of" if "owner" in p else "controller_of"
            return {key: base}
        if p in ("that player's", "their"):
            return self.last_player
        return None

    def ref(self, phrase: str) -> Any:
        """An object or player phrase to a reference, adding a target slot if targeted."""
        p = phrase.strip().lower()
        if p in ("self", "this"):
            return "self"
        if p == "they" and self.last is not None:
            return self.last
        if p in ("the player or planeswalker it's attacking", "the player or planeswalker it is attacking",
                 "defending player or the planeswalker it's attacking"):
            return "attacked"
        if p in ("it", "that creature", "that permanent", "them", "those creatures", "that card", "that land",
                 "those cards", "those permanents", "that spell", "the creature", "that token", "those tokens",
                 "that artifact", "the token", "the exiled card", "that enchantment"):
            return self.last if self.last is not None else "it"
        if p in ("equipped creature", "enchanted creature", "enchanted permanent", "enchanted land",
                 "enchanted artifact", "enchanted enchantment", "enchanted planeswalker", "fortified land"):
            return "attached"
        pl = self.player(p)
        if pl is not None:
            return pl
        if "target" in p and not re.match(r"(each|all|every) ", p):
            spec = parse_target(p)
            if spec is None:
                return None
            f = self._fix_filter(dict(spec.filter))
            if f is None:
                return None
            spec = TargetSpec(f, spec.text, spec.count, spec.min)
            r = self.add_target(spec)
            if spec.filter.get("player") and not spec.filter.get("types") and not spec.filter.get("any"):
                self.last_player = r
            else:
                self.last = r
            return r
        m = re.fullmatch(r"(a|an|another|one) (.+)", p)
        if m and "target" not in p:
            f = parse_noun(("another " if m.group(1) == "another" else "") + m.group(2))
            if f is None or f.get("player"):
                return None
            f = self._fix_filter(f)
            if f is None:
                return None
            r = {"choose": f}
            self.last = r
            return r
        m = re.fullmatch(r"(each|all|every) (.+?) except (?:for )?(.+)", p)
        if m:
            f, g = parse_noun(m.group(2)), parse_noun(m.group(3))
            if f is None or g is None:
                return None
            r = {"each": {**f, "not": g}}
            self.last = r
            return r
        m = re.fullmatch(r"(each|all|every) (.+)", p)
        if m is None and _PLURAL_HEAD.search(p) and not p.startswith(("a ", "an ", "the ", "that ", "this ")):
            m = re.fullmatch(r"()(.+)", p)
        if m:
            f = parse_noun(m.group(2))
            if f is None:
                return None
            f = self._fix_filter(f)
            if f is None:
                return None
            if f.get("player") and set(f) <= {"player", "opponent"}:
                return "each_opponent" if f.get("opponent") else "each_player"
            r = {"each": f}
            self.last = r
            return r
        return None


_PLURAL_HEAD = re.compile(r"\b(creatures|permanents|artifacts|enchantments|lands|planeswalkers|tokens|[a-z]+s) "
                          r"(you control|your opponents control|an opponent controls|you don't control|"
                          r"target player controls|that player controls|defending player controls|they control)|"
                          r"^(?:other |attacking |blocking |tapped |untapped |nontoken |non\w+ )*"
                          r"(creatures|permanents|artifacts|enchantments|lands|planeswalkers|tokens)(?: with .+| without .+)?$")

Reader = Callable[[re.Match, Ctx], "list[Effect] | None"]
_READERS: list[tuple[re.Pattern, Reader]] = []


def reader(pattern: str) -> Callable[[Reader], Reader]:
    def deco(fn: Reader) -> Reader:
        _READERS.append((re.compile(pattern, re.I), fn))
        return fn
    return deco


def _amt(word: str, c: Ctx) -> Any:
    a = amount(word)
    if isinstance(a, dict) and a.get("x") and c.x is not None:
        return c.x
    return a


def _pt(s: str, c: Ctx | None = None) -> int | dict | None:
    s = s.strip().lower()
    if s in ("+x", "x"):
        return c.x if c is not None and c.x is not None else {"x": True}
    if s == "-x":
        if c is not None and c.x is not None:
            return {"times": -1, "of": c.x}
        return {"x": True, "negate": True}
    try:
        return int(s)
    except ValueError:
        return None


def _keywords(text: str) -> list[str] | None:
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", text.lower()) if p.strip()]
    out = []
    for p in parts:
        m = re.fullmatch(r"protection from (white|blue|black|red|green|creatures|artifacts|everything)", p)
        if m:
            q = m.group(1)
            out.append("Protection from " + q)
            continue
        if p in ("protection from the color of your choice", "protection from the color of its controller's choice"):
            out.append("Protection from chosen color")
            continue
        m = re.fullmatch(r"hexproof from (white|blue|black|red|green)", p)
        if m:
            out.append("Hexproof from " + m.group(1))
            continue
        if p not in KEYWORDS:
            return None
        out.append(p[0].upper() + p[1:])
    return out


SRC = r"(self|it|that creature|enchanted creature|equipped creature|target creature you control|target creature|" \
      r"the creature|each creature|that permanent|this token)"
DUR = r"(?: (until end of turn|this turn|until your next turn))?"


def _src(p: str, c: Ctx) -> Any:
    return c.ref(p)


# -- damage (CR 120) ---------------------------------------------------------------

@reader(rf"^{SRC} deals (\d+|x|that much) damage to (.+?)(?:, where x is (.+))?$")
def _damage(m: re.Match, c: Ctx) -> list[Effect] | None:
    src = _src(m.group(1), c)
    if m.group(4):
        c.x = quantity(m.group(4))
        if c.x is None:
            return None
    n = _amt(m.group(2), c)
    if src is None or n is None:
        return None
    return _damage_to(m.group(3), n, src, c)


def _damage_to(tail: str, n: Any, src: Any, c: Ctx) -> list[Effect] | None:
    # "target creature and 2 damage to that creature's controller", "each creature and each player"
    m = re.fullmatch(r"(.+?) and (\d+|x) damage to (.+)", tail)
    if m:
        a = c.ref(m.group(1))
        b = c.ref(m.group(3))
        n2 = _amt(m.group(2), c)
        if a is None or b is None or n2 is None:
            return None
        return [_dmg(n, a, src), _dmg(n2, b, src)]
    m = re.fullmatch(r"(.+?) and each (.+)", tail)
    if m and not tail.startswith("each") or (m and tail.startswith("each") and " and each " in tail):
        m2 = re.fullmatch(r"(.+?) and (each .+)", tail)
        if m2:
            a = c.ref(m2.group(1))
            b = c.ref(m2.group(2))
            if a is not None and b is not None:
                return [_dmg(n, a, src), _dmg(n, b, src)]
    to = c.ref(tail)
    if to is None:
        m = re.fullmatch(r"(.+?) divided as you choose among (one|two|three|any number of) (?:target )?(.+)", "x " + tail)
        m = re.fullmatch(r"divided as you choose among (one or two|one, two, or three|any number of|two|three) (targets|target creatures|target creatures and/or planeswalkers)", tail)
        if m:
            cnt = {"one or two": 2, "one, two, or three": 3, "any number of": 99, "two": 2, "three": 3}[m.group(1)]
            f = {"any": True} if m.group(2) == "targets" else {"types": ["Creature"]}
            if "planeswalkers" in m.group(2):
                f = {"types": ["Creature", "Planeswalker"]}
            r = c.add_target(TargetSpec(f, tail, count=cnt, min=1))
            return [Effect("damage", {"amount": n, "to": r, "source": src, "divided": True})]
        return None
    return [_dmg(n, to, src)]


def _dmg(n: Any, to: Any, src: Any) -> Effect:
    args: dict[str, Any] = {"amount": n, "to": to}
    if src != "self":
        args["source"] = src
    return Effect("damage", args)


@reader(rf"^{SRC} deals (\d+|x) damage divided as you choose among (.+)$")
def _damage_div(m: re.Match, c: Ctx) -> list[Effect] | None:
    src = _src(m.group(1), c)
    n = _amt(m.group(2), c)
    if src is None or n is None:
        return None
    return _damage_to("divided as you choose among " + m.group(3), n, src, c)


@reader(rf"^{SRC} deals damage equal to (.+?) to (.+)$")
def _damage_eq(m: re.Match, c: Ctx) -> list[Effect] | None:
    src = _src(m.group(1), c)
    if src is None:
        return None
    q = m.group(2)
    if q in ("its power", "its toughness"):
        q_amt: Any = {("power_of" if "power" in q else "toughness_of"): src}
    else:
        q_amt = quantity(q)
    if q_amt is None:
        return None
    return _damage_to(m.group(3), q_amt, src, c)


@reader(rf"^{SRC} deals damage to (.+?) equal to (.+)$")
def _damage_eq2(m: re.Match, c: Ctx) -> list[Effect] | None:
    src = _src(m.group(1), c)
    if src is None:
        return None
    q = m.group(3)
    if q in ("its power", "its toughness"):
        q_amt: Any = {("power_of" if "power" in q else "toughness_of"): src}
    else:
        q_amt = quantity(q)
    to = c.ref(m.group(2))
    if q_amt is None or to is None:
        return None
    return [_dmg(q_amt, to, src)]


@reader(r"^(.+?) deals damage equal to (its|their) power to (.+)$")
def _bite(m: re.Match, c: Ctx) -> list[Effect] | None:
    src = c.ref(m.group(1))
    if src is None:
        return None
    to = c.ref(m.group(3))
    if to is None:
        return None
    return [_dmg({"power_of": src}, to, src)]


# -- pump / keywords (CR 611, 613) ---------------------------------------------------

_DURATIONS = {"until end of turn": "eot", "this turn": "eot", "until your next turn": "your_next_turn", None: "eot"}


@reader(r"^(.+?) (?:each )?gets? (?:an additional )?([+-]\w+)/([+-]\w+)(?:,? and (?:gains?|has|have) (.+?))?( until end of turn| until your next turn)?(?: for each (.+?))?(?:, where x is (.+))?$")
def _pump(m: re.Match, c: Ctx) -> list[Effect] | None:
    if not m.group(5):
        return None
    return _pump_common(m.group(1), m.group(2), m.group(3), m.group(4), m.group(5).strip(), m.group(6), m.group(7), c)


def _pump_common(who: str, p: str, t: str, kw: str | None, dur: str | None, each: str | None, where: str | None,
                 c: Ctx, lose: str | None = None) -> list[Effect] | None:
    if where:
        c.x = quantity(where)
        if c.x is None:
            return None
    what = c.ref(who)
    pp, tt = _pt(p, c), _pt(t, c)
    if what is None or pp is None or tt is None:
        return None
    args: dict[str, Any] = {"what": what, "power": pp, "toughness": tt}
    d = _DURATIONS.get(dur, "eot")
    if d != "eot":
        args["duration"] = d
    if each:
        q = quantity(each)
        if q is None:
            return None
        args["per"] = q
    out = [Effect("pump", args)]
    if kw:
        kws = _keywords(kw)
        if kws is None:
            return None
        g: dict[str, Any] = {"what": what, "keywords": kws}
        if d != "eot":
            g["duration"] = d
        out.append(Effect("grant", g))
    return out


@reader(r"^until (end of turn|your next turn), (.+?) gets? ([+-]\w+)/([+-]\w+)(?:,? and (gains?|loses) (.+?))?(?: for each (.+?))?(?:, where x is (.+))?$")
def _pump_pre(m: re.Match, c: Ctx) -> list[Effect] | None:
    gain = m.group(6) if m.group(5) and m.group(5).startswith("gain") else None
    out = _pump_common(m.group(2), m.group(3), m.group(4), gain, "until " + m.group(1), m.group(7), m.group(8), c)
    if out is not None and m.group(5) == "loses":
        kws = _keywords(m.group(6))
        if kws is None:
            return None
        g = {"what": out[0].args["what"], "keywords": [], "lose": kws}
        if "duration" in out[0].args:
            g["duration"] = out[0].args["duration"]
        out.append(Effect("grant", g))
    return out


@reader(r"^(.+?) (?:gains?|has|have) (.+?) (until end of turn|until your next turn)$")
def _gain_kw(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    kws = _keywords(m.group(2))
    if what is None or kws is None:
        return None
    args: dict[str, Any] = {"what": what, "keywords": kws}
    if _DURATIONS[m.group(3)] != "eot":
        args["duration"] = _DURATIONS[m.group(3)]
    return [Effect("grant", args)]


@reader(r"^until (end of turn|your next turn), (.+?) (?:gains?|has|have) (.+)$")
def _gain_kw_pre(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(2))
    kws = _keywords(m.group(3))
    if what is None or kws is None:
        return None
    args: dict[str, Any] = {"what": what, "keywords": kws}
    if _DURATIONS["until " + m.group(1)] != "eot":
        args["duration"] = _DURATIONS["until " + m.group(1)]
    return [Effect("grant", args)]


@reader(r"^(.+?) (?:gains?|gain) (.+)$")
def _gain_kw_bare(m: re.Match, c: Ctx) -> list[Effect] | None:
    # "They gain haste." after a token creation: until end of turn is implied only by
    # context; oracle text always says "until end of turn" for temporary gains, so a bare
    # gain is permanent (e.g. "It gains haste" on a token that is sacrificed later).
    if m.group(2).endswith("until end of turn") or "life" in m.group(2) or "control" in m.group(2):
        return None
    what = c.ref(m.group(1))
    kws = _keywords(m.group(2))
    if what is None or kws is None:
        return None
    return [Effect("grant", {"what": what, "keywords": kws, "duration": "permanent"})]


@reader(r"^(.+?) gains? your choice of (.+?) until end of turn$")
def _gain_choice(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    kws = _keywords(re.sub(r",? or ", ", ", m.group(2)))
    if what is None or kws is None:
        return None
    return [Effect("grant", {"what": what, "keywords": kws, "choose": 1})]


@reader(r"^(.+?) loses (.+?) until end of turn$")
def _lose_kw(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    kws = _keywords(m.group(2))
    if what is None or kws is None:
        return None
    return [Effect("grant", {"what": what, "keywords": [], "lose": kws})]


@reader(r"^until end of turn, (.+?) loses (.+?) and gains (.+)$")
def _lose_gain(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    lose, gain = _keywords(m.group(2)), _keywords(m.group(3))
    if what is None or lose is None or gain is None:
        return None
    return [Effect("grant", {"what": what, "keywords": gain, "lose": lose})]


# -- restrictions with a duration (CR 508.1c, 509.1b, 502.3) ------------------------

_RULES = {"can't block": "cant_block", "can't attack": "cant_attack", "can't attack or block": "cant_attack_or_block",
          "can't be blocked": "cant_be_blocked", "attacks this turn if able": "must_attack",
          "can't be regenerated": "cant_be_regenerated", "must be blocked this turn if able": "must_be_blocked",
          "blocks this turn if able": "must_block", "can't attack or block this turn": "cant_attack_or_block",
          "can't be countered": "cant_be_countered"}


@reader(r"^(.+?) (can't block|can't attack or block|can't attack|can't be blocked|can't be regenerated)(?: this turn| until your next turn)?$")
def _restrict(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    if what is None:
        return None
    text = m.group(0)
    dur = "your_next_turn" if text.endswith("until your next turn") else "eot" if text.endswith("this turn") else "permanent"
    return [Effect("restrict", {"what": what, "rule": _RULES[m.group(2)], "duration": dur})]


@reader(r"^(.+?) can't be blocked by (.+?) this turn$")
def _restrict_by(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    f = parse_noun(m.group(2))
    if what is None or f is None:
        return None
    return [Effect("restrict", {"what": what, "rule": "cant_be_blocked", "by": f, "duration": "eot"})]


@reader(r"^(.+?) (attacks|blocks) this turn if able$")
def _must(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("restrict", {"what": what, "rule": "must_" + m.group(2)[:-1], "duration": "eot"})]


@reader(r"^(.+?) (?:doesn't|don't) untap during (?:its controller's|their controller's|that player's|its controllers'|their controllers'|your) next untap step$")
def _frozen(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("restrict", {"what": what, "rule": "doesnt_untap", "duration": "next_untap"})]


@reader(r"^(.+?) (?:doesn't|don't) untap during (?:its|their) controllers?'s? untap steps? for as long as you control self$")
def _frozen_long(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("restrict", {"what": what, "rule": "doesnt_untap", "duration": "while_you_control_self"})]


@reader(r"^all creatures able to block (.+?) (?:this turn )?do so$")
def _lure(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("restrict", {"what": what, "rule": "must_be_blocked_by_all", "duration": "eot"})]


# -- removal and zone changes (CR 701.7, 701.8, 400.7) ----------------------------------

@reader(r"^(destroy|exile) (.+?)(?:\. (?:it|they) can't be regenerated)?$")
def _destroy(m: re.Match, c: Ctx) -> list[Effect] | None:
    tail = m.group(2)
    op = m.group(1).lower()
    # "destroy target creature and target land"? two targets
    mm = re.fullmatch(r"(.+?) and ((?:target|each|all) .+)", tail)
    if mm and ("target" in mm.group(1) or mm.group(1) == "self"):
        a, b = c.ref(mm.group(1)), c.ref(mm.group(2))
        if a is None or b is None:
            return None
        return [Effect(op, {"what": a}), Effect(op, {"what": b})]
    if op == "exile":
        mm = re.fullmatch(r"(.+?) until self leaves the battlefield", tail)
        if mm:
            what = c.ref(mm.group(1))
            return None if what is None else [Effect("exile", {"what": what, "until": "self_leaves"})]
        mm = re.fullmatch(r"(target player's|that player's|your|each opponent's|each player's|all) graveyards?", tail)
        if mm:
            who = {"your": "you", "each opponent's": "each_opponent", "each player's": "each_player",
                   "all": "each_player"}.get(mm.group(1)) or c.player(mm.group(1).replace("'s", ""))
            return None if who is None else [Effect("exile", {"what": {"graveyard_of": who}})]
        mm = re.fullmatch(r"the top (\w+) cards? of (your|their|target player's|each player's) library", tail)
        if mm:
            return None
    what = c.ref(tail)
    if what is None:
        return None
    args: dict[str, Any] = {"what": what}
    if "can't be regenerated" in m.group(0):
        args["no_regen"] = True
    return [Effect(op, args)]


@reader(r"^return (.+?) and each aura attached to it to (?:its|their) owners?'s? hands?$")
def _bounce_with_auras(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Portal of Sanctuary: the creature and the Auras on it go to their owners' hands together."""
    what = c.ref(m.group(1))
    return None if what is None else [Effect("bounce", {"what": what, "with_auras": True})]


@reader(r"^return (.+?) to (?:its|their) owners?'s? hands?$")
def _bounce(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("bounce", {"what": what})]


@reader(r"^return (.+?) (?:from (your) graveyard )?to (your|its owner's|their owner's|their owners'|the) (hand|hands|battlefield)(?: (tapped and attacking|tapped))?(?: under (your|its owner's|their owner's|their owners') control)?(?: with (?:a|an) ([+\-\w/]+) counter on it)?$")
def _return(m: re.Match, c: Ctx) -> list[Effect] | None:
    phrase = m.group(1)
    if m.group(2) and phrase not in ("self", "it"):
        phrase += " from your graveyard"
    what = c.ref(phrase)
    if what is None:
        return None
    args: dict[str, Any] = {"what": what, "to": "hand" if m.group(4).startswith("hand") else "battlefield"}
    if m.group(5):
        args["tapped"] = True
        if m.group(5).endswith("attacking"):
            args["attacking"] = True  # 508.4: put onto the battlefield attacking
    if m.group(6) == "your":
        args["control"] = "you"
    if m.group(7):
        args["counter"] = m.group(7)
    if m.group(2) is None and what == "self":
        args["from"] = "graveyard"
    return [Effect("move", args)]


@reader(r"^put (.+?) on (top|the bottom) of (?:its|their) owners?'s? librar(?:y|ies)$|^put (.+?) on (top|the bottom) of your library$")
def _tuck(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1) or m.group(3))
    where = m.group(2) or m.group(4)
    return None if what is None else [Effect("move", {"what": what, "to": "library_top" if where == "top" else "library_bottom"})]


@reader(r"^put (.+?) on the bottom of (?:its|their) owners?'s? librar(?:y|ies)$")
def _tuck2(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("move", {"what": what, "to": "library_bottom"})]


@reader(r"^(?:shuffle|(.+?) shuffles) (.+?) into (?:(?:its|their) owners?'s?|their|your) librar(?:y|ies)$")
def _shuffle_in(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(2))
    return None if what is None else [Effect("move", {"what": what, "to": "library_shuffle"})]


@reader(r"^put (.+?) onto the battlefield(?: (tapped))?(?: under your control)?$")
def _put_onto(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    if what is None:
        return None
    args: dict[str, Any] = {"what": what, "to": "battlefield", "control": "you"}
    if m.group(2):
        args["tapped"] = True
    return [Effect("move", args)]


@reader(r"^put (.+?) into (?:its|their) owners?'s? graveyards?$")
def _to_gy(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("move", {"what": what, "to": "graveyard"})]


@reader(r"^(tap|untap) (.+)$")
def _tap(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(2))
    return None if what is None else [Effect(m.group(1).lower(), {"what": what})]


@reader(r"^regenerate (.+)$")
def _regen(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("regenerate", {"what": what})]


@reader(r"^gain control of (.+?)( until end of turn| for as long as you control self)?$")
def _steal(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    if what is None:
        return None
    args: dict[str, Any] = {"what": what}
    if m.group(2):
        args["duration"] = "eot" if "end of turn" in m.group(2) else "while_you_control_self"
    return [Effect("gain_control", args)]


@reader(r"^(?:(.+?) )?sacrifices? (.+)$")
def _sacrifice(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1)) if m.group(1) else "you"
    if who is None:
        return None
    obj = m.group(2)
    if obj in ("self", "it", "them", "that creature", "that token", "those tokens", "that permanent"):
        return [Effect("sacrifice", {"what": c.ref(obj)})]
    mm = re.fullmatch(r"(a|an|one|two|three|another|\w+) (.+?)(?: of their choice)?", obj)
    if not mm or (number(mm.group(1)) is None and mm.group(1) != "another"):
        return None
    f = parse_noun(("another " if mm.group(1) == "another" else "") + mm.group(2))
    if mm.group(1) == "another":
        mm = re.fullmatch(r"()(.+)", "1 x")
    if f is None:
        return None
    return [Effect("sacrifice", {"who": who, "filter": f, "amount": number(mm.group(1)) or 1})]


# -- cards and life (CR 121, 119, 701.9, 701.13) ------------------------------------

_PLAYER = r"(you|target player|target opponent|each player|each opponent|that player|its controller|its owner|defending player|they|that creature's controller)"


@reader(rf"^(?:{_PLAYER} )?draws? (a|one|two|three|four|five|six|seven|x|\d+|that many) cards?(?: for each (.+?))?(?:, where x is (.+))?$")
def _draw(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1) or "you")
    if m.group(4):
        c.x = quantity(m.group(4))
        if c.x is None:
            return None
    n = _amt(m.group(2), c)
    if who is None or n is None:
        return None
    args: dict[str, Any] = {"who": who, "amount": n}
    if m.group(3):
        q = quantity(m.group(3))
        if q is None:
            return None
        args["amount"] = q
    return [Effect("draw", args)]


@reader(rf"^(?:{_PLAYER} )?draws? cards equal to (.+)$")
def _draw_eq(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1) or "you")
    q = quantity(m.group(2))
    return None if who is None or q is None else [Effect("draw", {"who": who, "amount": q})]


@reader(rf"^(?:{_PLAYER} )?(gain|lose)s? (\d+|x|that much) life(?: for each (.+?))?(?:, where x is (.+))?$")
def _life(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1) or "you")
    if m.group(5):
        c.x = quantity(m.group(5))
        if c.x is None:
            return None
    n = _amt(m.group(3), c)
    if who is None or n is None:
        return None
    if m.group(4):
        q = quantity(m.group(4))
        if q is None:
            return None
        n = q if n == 1 else {"times": n, "of": q}
    return [Effect("gain_life" if m.group(2).lower() == "gain" else "lose_life", {"who": who, "amount": n})]


@reader(rf"^{_PLAYER} (gain|lose)s? life equal to (.+)$")
def _life_eq(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1))
    q = m.group(3)
    if q in ("its power", "its toughness", "that creature's power", "its mana value"):
        k = "power_of" if "power" in q else "toughness_of" if "toughness" in q else "mv_of"
        n: Any = {k: c.last if c.last is not None else "it"}
    else:
        n = quantity(q)
    if who is None or n is None:
        return None
    return [Effect("gain_life" if m.group(2).lower() == "gain" else "lose_life", {"who": who, "amount": n})]


@reader(rf"^(?:{_PLAYER} )?discards? (a|one|two|three|four|x|\d+) cards?( at random)?$")
def _discard(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1) or "you")
    n = _amt(m.group(2), c)
    if who is None or n is None:
        return None
    args: dict[str, Any] = {"who": who, "amount": n}
    if m.group(3):
        args["random"] = True
    return [Effect("discard", args)]


@reader(rf"^(?:{_PLAYER} )?discards? (?:their|your) hand$")
def _discard_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1) or "you")
    return None if who is None else [Effect("discard", {"who": who, "amount": "all"})]


@reader(rf"^(?:{_PLAYER} )?mills? (a|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+) cards?$")
def _mill(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1) or "you")
    n = _amt(m.group(2), c)
    return None if who is None or n is None else [Effect("mill", {"who": who, "amount": n})]


@reader(r"^(scry|surveil) (\d+|x)$")
def _scry(m: re.Match, c: Ctx) -> list[Effect] | None:
    args: dict[str, Any] = {"amount": _amt(m.group(2), c)}
    if m.group(1).lower() == "surveil":
        args["surveil"] = True
    return [Effect("scry", args)]


@reader(r"^counter (target .+?)(?: unless its controller pays (\{[^ ]+\}|x))?$")
def _counter(m: re.Match, c: Ctx) -> list[Effect] | None:
    phrase = m.group(1)
    if phrase in ("target spell", "target spell that targets you"):
        f: dict[str, Any] = {"zone": "stack"}
        if phrase.endswith("targets you"):
            f["targets_you"] = True
        spec = TargetSpec(f, phrase)
    elif phrase in ("target activated ability", "target activated or triggered ability", "target triggered ability"):
        return None
    else:
        spec = parse_target(phrase)
        if spec is None or spec.filter.get("zone") != "stack":
            return None
    r = c.add_target(spec)
    c.last = r
    args: dict[str, Any] = {"what": r}
    if m.group(2):
        args["unless_pays"] = list(parse_cost(m.group(2))) if m.group(2) != "x" else ["X"]
    return [Effect("counter", args)]


# -- counters (CR 122) -----------------------------------------------------------------

@reader(r"^put (a|an|one|two|three|four|five|six|seven|x|\d+|that many) ([+\-\w/]+) counters? on (.+?)(?: for each (.+?))?(?:, where x is (.+))?$")
def _counters(m: re.Match, c: Ctx) -> list[Effect] | None:
    if m.group(5):
        c.x = quantity(m.group(5))
        if c.x is None:
            return None
    what = c.ref(m.group(3))
    n = _amt(m.group(1), c)
    if what is None or n is None:
        return None
    if m.group(4):
        q = quantity(m.group(4))
        if q is None:
            return None
        n = q if n == 1 else {"times": n, "of": q}
    return [Effect("counters", {"what": what, "kind": m.group(2), "amount": n})]


@reader(r"^put a ([+\-\w/]+) counter on each of (up to \w+ target .+)$")
def _counters_each(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(2))
    return None if what is None else [Effect("counters", {"what": what, "kind": m.group(1), "amount": 1})]


@reader(r"^remove (a|an|one|two|three|x|\d+|all) ([+\-\w/]+ )?counters? from (.+)$")
def _remove_counters(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(3))
    n = "all" if m.group(1) == "all" else _amt(m.group(1), c)
    if what is None or n is None:
        return None
    return [Effect("counters", {"what": what, "kind": (m.group(2) or "any").strip(), "amount": n, "remove": True})]


@reader(r"^distribute (two|three|four|five|x|\d+) ([+\-\w/]+) counters among (one or two|one, two, or three|any number of|up to two|up to three) target (.+)$")
def _distribute(m: re.Match, c: Ctx) -> list[Effect] | None:
    f = parse_noun(m.group(4))
    n = _amt(m.group(1), c)
    if f is None or n is None:
        return None
    cnt = {"one or two": 2, "one, two, or three": 3, "any number of": 99, "up to two": 2, "up to three": 3}[m.group(3)]
    r = c.add_target(TargetSpec(f, m.group(0), count=cnt, min=0 if m.group(3).startswith("up to") else 1))
    c.last = r
    return [Effect("counters", {"what": r, "kind": m.group(2), "amount": n, "divided": True})]


# -- tokens (CR 111) ---------------------------------------------------------------------

_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": None}
_PREDEFINED = {"treasure", "food", "clue", "blood", "gold", "powerstone", "map", "incubator", "junk", "shard", "lander",
               "walker", "mutagen"}

_TOKEN = re.compile(
    r"^(?:(?P<who>its controller|that player|target player|each player|each opponent|they|target opponent) )?creates? "
    r"(?P<n>a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+|that many) (?P<tapped>tapped )?"
    r"(?:(?P<p>\d+|x)/(?P<t>\d+|x) )?"
    r"(?P<colors>(?:(?:white|blue|black|red|green|colorless)(?:,? and |, | ))*)"
    r"(?P<names>(?:legendary )?(?:[a-z'\-]+ )*?)(?P<kind>artifact creature|enchantment creature|creature|artifact|enchantment) tokens?"
    r"(?: named (?P<name0>[^\",]+?))?(?: with (?P<kw>[^\"]+?))?(?:,? and (?P<q1>\".+\"))?(?: with (?P<q2>\".+\"))?(?: named (?P<name>[^,]+?))?"
    r"(?P<att> that's tapped and attacking| that are tapped and attacking| that's attacking| that are attacking)?"
    r"(?: for each (?P<each>.+?))?(?:, where x is (?P<where>.+))?$", re.I)


@reader(_TOKEN.pattern)
def _token(m: re.Match, c: Ctx) -> list[Effect] | None:
    if m.group("where"):
        c.x = quantity(m.group("where"))
        if c.x is None:
            return None
    n = _amt(m.group("n"), c)
    if n is None:
        return None
    colors = [w for w in re.split(r"[ ,]+", (m.group("colors") or "").lower().strip()) if w and w != "and"]
    if any(w not in _COLOR_WORDS for w in colors):
        return None
    kws: list[str] = []
    if m.group("kw"):
        kw = _keywords(m.group("kw"))
        if kw is None:
            return None
        kws = kw
    names = (m.group("names") or "").split()
    supertypes = ["Legendary"] if names[:1] == ["legendary"] else []
    if supertypes:
        names = names[1:]
    from engine.cards.compiler.subtypes import subtype
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
        args["power"] = _pt(m.group("p"), c)
        args["toughness"] = _pt(m.group("t"), c)
    elif "Creature" in types:
        return None
    if types == ["Artifact"] and subtypes and subtypes[0].lower() in _PREDEFINED and not kws and not m.group("p"):
        args = {"amount": n, "kind": subtypes[0]}
    quoted = m.group("q1") or m.group("q2")
    if quoted:
        from engine.cards.compiler import compile_ability_text
        abl = []
        for q in re.findall(r'"([^"]+)"', quoted):
            ab = compile_ability_text(q.replace("this token", "SELF").replace("This token", "SELF"))
            if ab is None:
                return None
            abl.append(ab)
        args["abilities"] = abl
    if supertypes:
        args["supertypes"] = supertypes
    if m.group("name") or m.group("name0"):
        nm = (m.group("name") or m.group("name0")).strip()
        args["name"] = _title(nm)
    if m.group("tapped"):
        args["tapped"] = True
    if m.group("att"):
        args["attacking"] = True
        if "tapped" in m.group("att"):
            args["tapped"] = True
    if m.group("each"):
        q = quantity(m.group("each"))
        if q is None:
            return None
        args["amount"] = q if n == 1 else {"times": n, "of": q}
    if m.group("who"):
        who = c.player(m.group("who"))
        if who is None:
            return None
        args["who"] = who
    out = [Effect("token", args)]
    c.last = "created"
    return out


@reader(r"^create (a|an|one|two|three|four|five|x|\d+) (tapped )?(treasure|food|clue|blood|gold|powerstone|map|junk|incubator|lander|shard|walker) tokens?(?: for each (.+?))?$")
def _token_pre(m: re.Match, c: Ctx) -> list[Effect] | None:
    n = _amt(m.group(1), c)
    if n is None:
        return None
    args: dict[str, Any] = {"amount": n, "kind": m.group(3).capitalize()}
    if m.group(2):
        args["tapped"] = True
    if m.group(4):
        q = quantity(m.group(4))
        if q is None:
            return None
        args["amount"] = q
    c.last = "created"
    return [Effect("token", args)]


# -- mana (CR 106) -------------------------------------------------------------------------

@reader(r"^add ((?:\{[wubrgc]\})+)$")
def _add_mana(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("add_mana", {"mana": list(parse_cost(m.group(1)))})]


@reader(r"^spend this mana only to cast (?:an? )?(.+?) spells?$")
def _mana_only(m: re.Match, c: Ctx) -> list[Effect] | None:
    f = parse_noun(m.group(1) + " spell")
    if f is None:
        return None
    f.pop("zone", None)
    return [Effect("mana_restriction", {"spells": f})]


@reader(r"^add ((?:\{[wubrgc]\})+)(?:, ((?:\{[wubrgc]\})+))*,? or ((?:\{[wubrgc]\})+)$")
def _add_mana_or(m: re.Match, c: Ctx) -> list[Effect] | None:
    opts = re.findall(r"((?:\{[wubrgc]\})+)", m.group(0), re.I)
    return [Effect("add_mana", {"choice": [list(parse_cost(o)) for o in opts]})]


@reader(r"^add (one|two|three|four|five|six|seven|eight|nine|ten|x|\d+) mana of any (one )?color$")
def _add_any(m: re.Match, c: Ctx) -> list[Effect] | None:
    n = _amt(m.group(1), c)
    args: dict[str, Any] = {"any": n}
    if m.group(2) or n == 1:
        args["same"] = True
    return [Effect("add_mana", args)]


@reader(r"^add (two|three|x|\d+) mana in any combination of colors$")
def _add_combo(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("add_mana", {"any": _amt(m.group(1), c)})]


@reader(r"^add (\{[wubrgc]\}) for each (.+)$")
def _add_per(m: re.Match, c: Ctx) -> list[Effect] | None:
    q = quantity(m.group(2))
    return None if q is None else [Effect("add_mana", {"mana": list(parse_cost(m.group(1))), "per": q})]


@reader(r"^add an amount of (\{[wubrgc]\}) equal to (.+)$")
def _add_eq(m: re.Match, c: Ctx) -> list[Effect] | None:
    q = quantity(m.group(2))
    return None if q is None else [Effect("add_mana", {"mana": list(parse_cost(m.group(1))), "per": q})]


# -- fight, search, misc (CR 701) ------------------------------------------------------------

@reader(r"^(.+?) fights (.+)$")
def _fight(m: re.Match, c: Ctx) -> list[Effect] | None:
    a = c.ref(m.group(1))
    b = c.ref(m.group(2))
    return None if a is None or b is None else [Effect("fight", {"a": a, "b": b})]


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


@reader(r"^(?:(you|target player|that player) )?takes? an extra turn after this one$")
def _extra_turn(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1) or "you")
    return None if who is None else [Effect("extra_turn", {"who": who})]


@reader(r"^choose ((?:up to (?:one|two|three|four|five) )?target .+?)(?: and (target .+))?$")
def _choose_target(m: re.Match, c: Ctx) -> list[Effect] | None:
    # "Choose target creature. <instructions about that creature>": the target is chosen as the
    # spell is cast; the following sentences refer to it ("that creature", "it").
    a = c.ref(m.group(1))
    if a is None:
        return None
    if m.group(2):
        first = c.last
        b = c.ref(m.group(2))
        if b is None:
            return None
        c.last = first
    return []


@reader(r"^(.+?) must be blocked this turn if able$")
def _must_be_blocked(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("restrict", {"what": what, "rule": "must_be_blocked", "duration": "eot"})]


@reader(r"^prevent all combat damage that would be dealt this turn$")
def _fog(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("prevent", {"combat": True, "duration": "eot"})]


@reader(r"^prevent all (?:combat )?damage that would be dealt (?:to and dealt )?by (.+?) this turn$")
def _prevent_by(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    combat = "combat" in m.group(0)
    return None if what is None else [Effect("prevent", {"by": what, "combat": combat, "duration": "eot"})]


@reader(r"^prevent the next (\d+|x) damage that would be dealt to (.+?) this turn$")
def _prevent_next(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(2))
    return None if what is None else [Effect("prevent", {"to": what, "amount": _amt(m.group(1), c), "duration": "eot"})]


@reader(r"^attach self to (.+)$")
def _attach(m: re.Match, c: Ctx) -> list[Effect] | None:
    to = c.ref(m.group(1))
    if to is None and m.group(1) in ("it", "that creature", "target creature you control"):
        to = "created"
    return None if to is None else [Effect("attach", {"what": "self", "to": to})]


@reader(r"^(?:until (?:end of turn|your next turn), )?(.+?) becomes? an? (\d+)/(\d+) ((?:[a-z]+ )*?)creature(?: with (.+?))?( in addition to its other types)?( until end of turn| until your next turn)?$")
def _animate(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    if what is None:
        return None
    words = (m.group(4) or "").split()
    colors, subs, types = [], [], []
    from engine.cards.compiler.subtypes import subtype
    for w in words:
        if w in COLORS:
            colors.append(COLORS[w])
        elif w in ("artifact", "enchantment", "legendary", "colorless"):
            types.append(w.capitalize())
        elif subtype(w):
            subs.append(subtype(w))
        else:
            return None
    kws: list[str] = []
    if m.group(5):
        k = _keywords(m.group(5))
        if k is None:
            return None
        kws = k
    args = {"what": what, "power": int(m.group(2)), "toughness": int(m.group(3)), "types": types + ["Creature"],
            "subtypes": subs, "colors": colors, "keywords": kws,
            "duration": "eot" if m.group(7) else "permanent", "in_addition": bool(m.group(6))}
    if m.group(0).startswith("until your next turn") or (m.group(7) and "next turn" in m.group(7)):
        args["duration"] = "your_next_turn"
    elif m.group(0).startswith("until end of turn"):
        args["duration"] = "eot"
    return [Effect("animate", args)]


def become_parts(text: str) -> dict[str, Any] | None:
    """'is/becomes a blue Frog [creature] [with base power and toughness 1/1]' or 'has base
    power and toughness 0/1' as the parts of a becoming effect (205.1b, 613.1d-f)."""
    m = re.fullmatch(r"(?:has|have) base power and toughness (\d+)/(\d+)", text)
    if m:
        return {"power": int(m.group(1)), "toughness": int(m.group(2))}
    m = re.fullmatch(r"(?:is|are|becomes?) an? (.+?)(?: with base power and toughness (\d+)/(\d+))?", text)
    if m is None:
        return None
    from engine.cards.compiler.subtypes import subtype
    colors, subs, types = [], [], []
    for w in m.group(1).split():
        if w in COLORS:
            colors.append(COLORS[w])
        elif w in ("creature", "artifact"):
            types.append(w.capitalize())
        elif w != "and" and subtype(w):
            subs.append(subtype(w))
        elif w != "and":
            return None
    out: dict[str, Any] = {"subtypes": subs, "keep_types": True}
    if types:
        out["types"] = types
    if colors:
        out["colors"] = colors
    if m.group(2):
        out["power"], out["toughness"] = int(m.group(2)), int(m.group(3))
    return out


@reader(r"^(.+?) becomes? an? (artifact )?creature with base power and toughness (\d+)/(\d+)( until end of turn| for as long as self remains on the battlefield)$")
def _animate_base(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Skilled Animator: 'target artifact you control becomes an artifact creature with base
    power and toughness 5/5 for as long as SELF remains on the battlefield' (613.1d, 613.3b)."""
    what = c.ref(m.group(1))
    if what is None:
        return None
    types = (["Artifact"] if m.group(2) else []) + ["Creature"]
    dur = "eot" if "end of turn" in m.group(5) else "while_source_on_battlefield"
    return [Effect("animate", {"what": what, "types": types, "in_addition": True, "power": int(m.group(3)),
                               "toughness": int(m.group(4)), "duration": dur})]


@reader(r"^(.+?) becomes? the color or colors of your choice until end of turn$")
def _color_choice(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Scuttlemutt: the controller chooses one or more colors as it resolves (105.3, 613.1e)."""
    what = c.ref(m.group(1))
    return None if what is None else [Effect("color", {"what": what, "choose": True, "duration": "eot"})]


@reader(r"^(.+?) gets? ([+-]\d+)/([+-]\d+) and becomes an? ([a-z ]+?) until end of turn$")
def _pump_become(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Ursine Champion: '+3/+3 and becomes a Bear Berserker until end of turn' (layers 7c and 4)."""
    what = c.ref(m.group(1))
    more = become_parts("becomes a " + m.group(4))
    if what is None or more is None or set(more) - {"subtypes", "keep_types"} or not more["subtypes"]:
        return None
    return [Effect("pump", {"what": what, "power": int(m.group(2)), "toughness": int(m.group(3)), "duration": "eot"}),
            Effect("animate", {"what": what, **more, "duration": "eot"})]


@reader(r"^(until end of turn, )?(.+?) loses all abilities(?: and (.+?))?( until end of turn)?$")
def _lose_all(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Turn to Frog, Ovinize: loses all abilities (613.1f) and perhaps becomes something."""
    what = c.ref(m.group(2))
    if what is None:
        return None
    args: dict[str, Any] = {"what": what, "lose_all": True,
                            "duration": "eot" if m.group(1) or m.group(4) else "permanent"}
    if m.group(3):
        more = become_parts(m.group(3))
        if more is None:
            return None
        args.update(more)
    return [Effect("animate", args)]


@reader(r"^(you may have |have )?your life total becomes? the total (power|toughness) of (.+)$")
def _set_life_total(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Loxodon Lifechanter: 'your life total becomes the total toughness of creatures you control' (119.5)."""
    f = parse_noun(m.group(3))
    if f is None or f.get("player") or f.get("_needs_player_target"):
        return None
    eff = Effect("set_life", {"who": "you", "amount": {"total_" + m.group(2): f}})
    return [Effect("may", {"effects": [eff]})] if m.group(1) == "you may have " else [eff]


_STILL_RX = re.compile(r"^(?:it's|they're) still (?:a land|lands|an artifact|artifacts)$")


@reader(_STILL_RX.pattern)
def _still(m: re.Match, c: Ctx) -> list[Effect] | None:
    return []


@reader(r"^(.+?) can't be blocked this turn except by (.+)$")
def _restrict_except(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    f = parse_noun(m.group(2))
    if what is None or f is None:
        return None
    return [Effect("restrict", {"what": what, "rule": "cant_be_blocked", "except": f, "duration": "eot"})]


@reader(r"^pay (\{[^ ]+\}|\d+ life)$")
def _pay(m: re.Match, c: Ctx) -> list[Effect] | None:
    t = m.group(1)
    if t.endswith("life"):
        return [Effect("pay", {"life": int(t.split()[0])})]
    return [Effect("pay", {"mana": list(parse_cost(t))})]


@reader(r"^(.+?) unless (.+?) (?:pays|pay) (\{[^ ]+\}|\d+ life)$")
def _unless_pay(m: re.Match, c: Ctx) -> list[Effect] | None:
    payer = c.player(m.group(2))
    if payer is None:
        return None
    inner = parse_sentence(m.group(1), c)
    if inner is None:
        return None
    t = m.group(3)
    pay: dict[str, Any] = {"life": int(t.split()[0])} if t.endswith("life") else {"mana": list(parse_cost(t))}
    return [Effect("unless", {"payer": payer, "pay": pay, "effects": list(inner)})]


@reader(r"^(.+?) unless (.+?) (sacrifices .+|discards .+)$")
def _unless_do(m: re.Match, c: Ctx) -> list[Effect] | None:
    inner = parse_sentence(m.group(1), c)
    if inner is None:
        return None
    payer = c.player(m.group(2))
    if payer is None:
        return None
    act = parse_sentence(m.group(2) + " " + m.group(3), c)
    if act is None:
        return None
    return [Effect("unless", {"payer": payer, "actions": list(act), "effects": list(inner)})]


@reader(r"^(.+?) at the beginning of (the next end step|your next upkeep|the next upkeep|the end of combat|end of combat|the next turn's upkeep)$|^(.+?) at (end of combat)$")
def _delayed(m: re.Match, c: Ctx) -> list[Effect] | None:
    inner = parse_sentence(m.group(1) or m.group(3), c)
    if inner is None:
        return None
    step = {"the next end step": "end", "your next upkeep": "your_upkeep", "the next upkeep": "upkeep",
            "the end of combat": "end_of_combat", "end of combat": "end_of_combat",
            "the next turn's upkeep": "upkeep"}[m.group(2) or m.group(4)]
    return [Effect("delayed", {"step": step, "effects": list(inner)})]


@reader(r"^exile the top (card|two cards|three cards|x cards|\w+ cards) of (your|target player's|each player's) library$")
def _exile_top(m: re.Match, c: Ctx) -> list[Effect] | None:
    n = 1 if m.group(1) == "card" else _amt(m.group(1).split()[0], c)
    who = {"your": "you", "each player's": "each_player"}.get(m.group(2)) or c.player("target player")
    if n is None:
        return None
    c.last = "exiled"
    return [Effect("exile_top", {"who": who, "amount": n})]


@reader(r"^(until end of turn, |until the end of your next turn, )?(?:you may )?(play|cast) (that card|them|those cards|it|cards exiled this way|spells from among them|the exiled card|cards exiled with self|the exiled cards)( this turn| until the end of your next turn| until end of turn)?( without paying (?:its|their) mana costs?)?$")
def _may_play_exiled(m: re.Match, c: Ctx) -> list[Effect] | None:
    nxt = "next" in ((m.group(1) or "") + (m.group(4) or ""))
    return [Effect("playable", {"what": "exiled", "play": m.group(2), "until": "next_turn_end" if nxt else "eot",
                                **({"free": True} if m.group(5) else {})})]


@reader(r"^you get an emblem with \"(.+)\"$")
def _emblem(m: re.Match, c: Ctx) -> list[Effect] | None:
    return _emblem_for("you", m.group(1))


@reader(r"^each opponent gets an emblem with \"(.+)\"$")
def _emblem_opp(m: re.Match, c: Ctx) -> list[Effect] | None:
    return _emblem_for("each_opponent", m.group(1))


def _emblem_for(who: str, text: str) -> list[Effect] | None:
    from engine.cards.compiler import compile_abilities_text
    abl = compile_abilities_text(text.replace("'", '"').replace("this emblem", "SELF"))
    if abl is None:
        return None
    return [Effect("emblem", {"who": who, "abilities": abl})]


@reader(r"^(you|target player|that player|target opponent|each opponent) (win|wins|lose|loses) the game$")
def _win_lose(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1))
    if who is None:
        return None
    return [Effect("win_game" if m.group(2).startswith("win") else "lose_game", {"who": who})]


_SEARCH_NAMED = re.compile(r"^(you may )?search your library and/or graveyard for a card named (.+?), reveal it, and put it into "
                           r"your hand\. if you search your library this way, shuffle\.?$")


_VERB3 = re.compile(r"^(loses |gains |draws |discards |mills |gets |sacrifices |creates |puts |returns |shuffles |exiles |"
                    r"deals |can't |attacks |fights |explores)")


@reader(r"^exchange control of (two target .+|target .+? and target .+)$")
def _exchange(m: re.Match, c: Ctx) -> list[Effect] | None:
    t = m.group(1)
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


_TOP_OR_BOTTOM_RX = re.compile(r"^(?:choose )?(target .+?)\. its owner puts it on (?:their choice of )?the top or bottom of their library$")


def _top_or_bottom(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("move", {"what": what, "to": "library_top_or_bottom"})]


@reader(r"^(?:(.+?) )?discards? any number of cards, then draws? that many cards$")
def _rummage_any(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1) or "you")
    if who is None:
        return None
    return [Effect("discard", {"who": who, "amount": "any"}), Effect("draw", {"who": who, "amount": {"that_much": True}})]


@reader(r"^put (a|one|two|three|\w+) cards? from your hand on (top|the bottom) of your library(?: in any order)?$")
def _hand_to_top(m: re.Match, c: Ctx) -> list[Effect] | None:
    n = number(m.group(1))
    if n is None:
        return None
    return [Effect("move", {"what": {"choose": {"zone": "hand", "owner": "you"}, "amount": n},
                            "to": "library_top" if m.group(2) == "top" else "library_bottom"})]


_REVEAL_UNTIL_RX = re.compile(r"^reveal cards from the top of your library until you reveal (?:a|an) (.+?) card\. put that card (into your hand|onto the battlefield) and the rest (on the bottom of your library in a random order|into your graveyard)$")


def _reveal_until(m: re.Match, c: Ctx) -> list[Effect] | None:
    f = parse_noun(m.group(1))
    if f is None:
        return None
    return [Effect("reveal_until", {"filter": f, "to": "hand" if "hand" in m.group(2) else "battlefield",
                                    "rest": "graveyard" if "graveyard" in m.group(3) else "library_bottom"})]


@reader(r"^double the number of ([+\-\w/]+) counters on (.+)$")
def _double_counters(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(2))
    if what is None:
        return None
    return [Effect("counters", {"what": what, "kind": m.group(1), "amount": {"counters_on": what, "kind": m.group(1)}})]


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


@reader(r"^(?:you may )?cast (.+?) spells from your graveyard this turn$")
def _cast_from_gy(m: re.Match, c: Ctx) -> list[Effect] | None:
    f = parse_noun(m.group(1) + " spell")
    if f is None:
        return None
    f.pop("zone", None)
    return [Effect("playable", {"what": {"zone": "graveyard", "owner": "you", **f}, "play": "cast", "until": "eot"})]


@reader(r"^(.+?) gains? (\".+\")(?: until end of turn)?$")
def _gain_quoted(m: re.Match, c: Ctx) -> list[Effect] | None:
    return _grant_quoted(m.group(1), m.group(2), c, "eot" if m.group(0).endswith("until end of turn") else "permanent")


def _grant_quoted(who: str, quoted: str, c: Ctx, dur: str) -> list[Effect] | None:
    from engine.cards.compiler import compile_ability_text
    what = c.ref(who)
    if what is None:
        return None
    abl = []
    for q in re.findall(r'"([^"]+)"', quoted):
        ab = compile_ability_text(q)
        if ab is None:
            return None
        abl.append(ab)
    if not abl:
        return None
    return [Effect("grant", {"what": what, "keywords": [], "abilities": abl, "duration": dur})]


@reader(r"^until end of turn, (.+?) gains? (\".+\")$")
def _gain_quoted_pre(m: re.Match, c: Ctx) -> list[Effect] | None:
    return _grant_quoted(m.group(1), m.group(2), c, "eot")


@reader(r"^until end of turn, (.+?) gets? ([+-]\w+)/([+-]\w+) and gains (\".+\")$")
def _pump_quoted(m: re.Match, c: Ctx) -> list[Effect] | None:
    a = _pump_common(m.group(1), m.group(2), m.group(3), None, "until end of turn", None, None, c)
    if a is None:
        return None
    b = _grant_quoted(m.group(1), m.group(4), c, "eot")
    return None if b is None else a + b


@reader(r"^add an additional ((?:\{[wubrgc]\})+)$")
def _add_additional(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("add_mana", {"mana": list(parse_cost(m.group(1)))})]


@reader(r"^spend this mana only to cast artifact spells or activate abilities of artifacts$")
def _mana_only_artifacts(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("mana_restriction", {"spells": {"types": ["Artifact"], "or_abilities_of": {"types": ["Artifact"]}}})]


@reader(r"^counter target activated ability, triggered ability, or (.+?) spell$|^counter target (activated|triggered|activated or triggered) ability$")
def _counter_ability(m: re.Match, c: Ctx) -> list[Effect] | None:
    alts: list[dict[str, Any]] = []
    if m.group(1):
        f = parse_noun(m.group(1) + " spell")
        if f is None:
            return None
        alts = [{"ability": "activated"}, {"ability": "triggered"}, f]
    else:
        alts = [{"ability": k} for k in m.group(2).split(" or ")]
    r = c.add_target(TargetSpec({"zone": "stack", "or": alts} if len(alts) > 1 else {"zone": "stack", **alts[0]}, m.group(0)))
    return [Effect("counter", {"what": r})]


@reader(r"^(each opponent|each player|target player|target opponent|you) exiles? (a|an|one|two|three) (?:(.+?) )?cards? from (?:their|your) hand$")
def _exile_from_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1))
    f: dict[str, Any] | None = {} if not m.group(3) else parse_noun(m.group(3))
    if who is None or f is None:
        return None
    return [Effect("exile", {"what": {"choose": {**f, "zone": "hand", "owner": "chooser"}, "chooser": who,
                                      "amount": number(m.group(2))}})]


_ACTIONS_N = {"bolster": "701.39", "monstrosity": "701.37", "adapt": "701.46", "incubate": "701.53",
              "discover": "701.57", "support": "702.?", "amass": "701.47", "fateseal": "701.29",
              "manifest": "701.34", "goad": "701.38", "endure": "701.63", "harness": "", "seek": ""}
_ACTIONS_0 = {"investigate": "701.36", "proliferate": "701.27", "populate": "701.30", "learn": "701.48",
              "venture into the dungeon": "701.49", "the ring tempts you": "701.54", "explore": "701.44",
              "connive": "701.50", "manifest dread": "701.62", "become the monarch": "724",
              "take the initiative": "725", "open an attraction": "701.51", "transform": "701.28",
              "roll to visit your attractions": "", "collect evidence": "701.59", "forage": "701.61",
              "suspect": "701.60", "cloak": "701.58", "time travel": "701.56", "discover": "701.57"}


@reader(r"^(investigate|proliferate|populate|learn|venture into the dungeon|the ring tempts you|manifest dread|"
        r"you become the monarch|you take the initiative|open an attraction|forage|time travel)( twice)?$")
def _action0(m: re.Match, c: Ctx) -> list[Effect] | None:
    name = m.group(1).replace("you become", "become").replace("you take", "take")
    if name == "investigate":
        return [Effect("token", {"amount": 2 if m.group(2) else 1, "kind": "Clue"})]
    args: dict[str, Any] = {"name": name.replace(" ", "_")}
    if m.group(2):
        args["times"] = 2
    return [Effect("action", args)]


@reader(r"^(.+?) (explores|connives)$")
def _action_obj(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("action", {"name": m.group(2)[:-1] if m.group(2) == "explores" else "connive",
                                                         "what": what})]


@reader(r"^(it|self) becomes renowned$")
def _renowned(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("action", {"name": "renowned", "what": "self"})]  # 702.111b: a designation


@reader(r"^(bolster|monstrosity|adapt|incubate|discover|support|fateseal|goad|endure) (\d+|x)$")
def _action_n(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("action", {"name": m.group(1), "amount": _amt(m.group(2), c)})]


@reader(r"^amass (\w+) (\d+|x)$")
def _amass(m: re.Match, c: Ctx) -> list[Effect] | None:
    from engine.cards.compiler.subtypes import subtype
    st = subtype(m.group(1))
    if st is None:
        return None
    return [Effect("action", {"name": "amass", "subtype": st, "amount": _amt(m.group(2), c)})]


@reader(r"^goad (.+)$")
def _goad(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("action", {"name": "goad", "what": what})]


@reader(r"^transform (self|it)$")
def _transform(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("action", {"name": "transform", "what": "self"})]


@reader(r"^you get ((?:\{e\})+)$")
def _energy(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("counters", {"what": "you", "kind": "energy", "amount": m.group(1).count("{e}")})]


@reader(r"^attach (?:it|self) to (target .+)$")
def _attach_target(m: re.Match, c: Ctx) -> list[Effect] | None:
    to = c.ref(m.group(1))
    return None if to is None else [Effect("attach", {"what": "self", "to": to})]


@reader(r"^create a token that's a copy of (.+?)(?:, except (?:it|the token) (?:has|is) (.+))?$")
def _token_copy(m: re.Match, c: Ctx) -> list[Effect] | None:
    if m.group(2):
        return None
    what = c.ref(m.group(1))
    if what is None:
        return None
    c.last = "created"
    return [Effect("token", {"amount": 1, "copy_of": what})]


@reader(r"^(.+?) can attack this turn as though (?:it|they) didn't have defender$")
def _attack_defender_eot(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("restrict", {"what": what, "rule": "attack_despite_defender", "duration": "eot"})]


@reader(r"^the next time a source of your choice would deal damage to (you|target creature|any target|.+?) this turn, prevent that damage$")
def _cop(m: re.Match, c: Ctx) -> list[Effect] | None:
    to = c.ref(m.group(1))
    if to is None:
        return None
    return [Effect("prevent", {"to": to, "from_chosen_source": True, "next": True, "duration": "eot"})]


@reader(r"^(target player|target opponent|each opponent|each player|that player) reveals (?:their|his or her) hand$")
def _reveal_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1))
    return None if who is None else [Effect("reveal", {"who": who, "zone": "hand"})]


@reader(r"^look at (target player's|target opponent's|that player's|each opponent's) hand$")
def _look_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1)[:-2])
    return None if who is None else [Effect("reveal", {"who": who, "zone": "hand", "to": "you"})]


@reader(r"^you choose (a|an|one|up to one|two|up to two) (.+?) from (?:it|them|that player's hand|their hand|among them)$")
def _choose_from_hand(m: re.Match, c: Ctx) -> list[Effect] | None:
    noun = m.group(2)
    if noun in ("card", "cards"):
        f: dict[str, Any] | None = {}
    else:
        f = parse_noun(noun)
    if f is None or c.last_player is None:
        return None
    f.pop("zone", None)
    n = {"a": 1, "an": 1, "one": 1, "up to one": 1, "two": 2, "up to two": 2}[m.group(1)]
    c.last = {"choose": {**f, "zone": "hand", "owner": c.last_player}, "chooser": "you", "amount": n,
              **({"up_to": True} if m.group(1).startswith("up to") else {})}
    return []   # the choice is made here; the next instruction acts on "that card" (the chosen card)


@reader(r"^(that player|they) discards? (?:that card|those cards|it)$")
def _discard_chosen(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1))
    if who is None or not isinstance(c.last, dict) or "choose" not in c.last:
        return None
    return [Effect("discard", {"who": who, "what": c.last})]


@reader(r"^add one mana of the chosen color$")
def _add_chosen(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("add_mana", {"any": 1, "chosen_color": True})]


@reader(r"^(?:you )?draw an additional card$")
def _draw_additional(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("draw", {"who": "you", "amount": 1})]


@reader(r"^(target player|each player|you) shuffles? (?:their|your) graveyard into (?:their|your) library$")
def _gy_shuffle(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.player(m.group(1))
    return None if who is None else [Effect("move", {"what": {"graveyard_of": who}, "to": "library_shuffle"})]


# -- compound forms --------------------------------------------------------------------------

def parse_sentence(sentence: str, ctx: Ctx) -> list[Effect] | None:
    """One imperative sentence to effects, or None."""
    s = sentence.strip().rstrip(".").strip()
    s = re.sub(r"^then,? ", "", s, flags=re.I)
    low = s.lower()
    if low.startswith("you may "):
        inner = parse_sentence(s[len("you may "):], ctx)
        return None if inner is None else [Effect("may", {"effects": list(inner)})]
    m = re.match(r"^if (.+?), (.+)$", low)
    if m:
        cond = parse_condition(m.group(1))
        if cond is not None:
            inner = parse_sentence(m.group(2), ctx)
            if inner is not None:
                return [Effect("if", {"cond": cond, "then": list(inner)})]
    for pattern, fn in _READERS:
        m = pattern.match(low)
        if m:
            out = fn(m, ctx)
            if out is not None:
                return out
    for joiner in (", then ", ", and ", " and "):
        idx = low.find(joiner)
        while idx != -1:
            left, right = low[:idx], low[idx + len(joiner):]
            snapshot = (len(ctx.targets), ctx.last, ctx.last_player, ctx.x)
            a = parse_sentence(left, ctx)
            if a is not None:
                if _VERB3.match(right):
                    subj = left.split(" ", 1)[0]
                    if left.startswith("you "):
                        pass
                    elif ctx.last_player is not None and not left.startswith(("self ", "it ", "target creature")):
                        right = "that player " + right
                    elif subj:
                        right = "it " + right
                b = parse_sentence(right, ctx)
                if b is not None:
                    return a + b
            del ctx.targets[snapshot[0]:]
            ctx.last, ctx.last_player, ctx.x = snapshot[1], snapshot[2], snapshot[3]
            idx = low.find(joiner, idx + 1)
    return None


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


def _dig(text: str, ctx: Ctx) -> list[Effect] | None:
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


def parse_effects(text: str, ctx: Ctx) -> list[Effect] | None:
    """Several sentences in order; None if any is not understood.

    Handles follow-ups that span sentences: "You may X. If you do, Y." and "If you
    don't, Y."; "It can't be regenerated."
    """
    from engine.cards.compiler.text import sentences

    low = text.strip().lower()
    for rx, fn in ((_TOP_OR_BOTTOM_RX, _top_or_bottom), (_REVEAL_UNTIL_RX, _reveal_until)):
        m = rx.match(low.rstrip(".").strip())
        if m:
            return fn(m, ctx)
    m = re.fullmatch(r"(target player|target opponent|each opponent) reveals their hand\. you choose (an?|one|two) (.+?) cards? from it\. "
                     r"(?:that player|they) discards? (?:that card|those cards)\.?", low)
    if m:
        who = ctx.player(m.group(1))
        f = parse_noun(m.group(3)) if m.group(3) not in ("", "card") else {}
        if who is None or f is None:
            return None
        return [Effect("discard", {"who": who, "amount": number(m.group(2)) or 1, "filter": f, "chooser": "you"})]
    m = _SEARCH_NAMED.match(low)
    if m:
        name = text.strip()[len(text.strip()) - len(low) + low.index("named ") + 6:]
        name = name[: name.lower().index(", reveal it")]
        eff = Effect("search", {"filter": {"name": name}, "amount": 1, "to": "hand", "reveal": True,
                                "zones": ["library", "graveyard"]})
        return [Effect("may", {"effects": [eff]})] if m.group(1) else [eff]
    dig = _dig(low, ctx)
    if dig is not None:
        return dig
    m = re.match(r"^(look at the top .+?in (?:a random|any) order\.)\s*(.+)$", low)
    if m:
        a = _dig(m.group(1), ctx)
        if a is not None:
            b = parse_effects(m.group(2), ctx)
            return None if b is None else a + b
    out: list[Effect] = []
    for sent in sentences(text):
        s = sent.strip().rstrip(".").lower()
        m = re.match(r"^if you do, (.+)$", s)
        if m and out and out[-1].op == "may":
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect("may", {**out[-1].args, "then": list(effs)})
            continue
        m = re.match(r"^when you do, (.+)$", s)
        if m and out and out[-1].op == "may":
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect("may", {**out[-1].args, "then": list(effs), "reflexive": True})
            continue
        m = re.match(r"^if (?:that creature|it|a creature dealt damage this way|a permanent dealt damage this way|"
                     r"that permanent|that creature or planeswalker|a creature or planeswalker dealt damage this way|"
                     r"the creature) would die this turn, exile it instead$", s)
        if m and out and out[-1].op == "damage":
            out[-1] = Effect("damage", {**out[-1].args, "exile_if_dies": True})
            continue
        m = re.match(r"^(?:for each 1 damage prevented this way, put a \+1/\+1 counter on (?:that creature|it)|"
                     r"you gain life equal to the damage prevented this way)$", s)
        if m and out and out[-1].op == "prevent" and out[-1].args.get("amount") is not None:
            # 615.5: the rest of a prevention effect happens right after the damage is prevented
            rider = {"counters": "+1/+1"} if s.startswith("for each") else {"gain_life": True}
            out[-1] = Effect("prevent", {**out[-1].args, "rider": rider})
            continue
        m = re.match(r"^(?:that creature|it) is an? (white |blue |black |red |green )?([a-z]+) in addition to its other (?:colors and )?(?:creature )?types$", s)
        if m and out and out[-1].op == "move" and out[-1].args.get("to") == "battlefield":
            from engine.cards.compiler.subtypes import subtype
            st = subtype(m.group(2))
            if st is None:
                return None
            extra: dict[str, Any] = {"subtypes": [st]}
            if m.group(1):
                extra["colors"] = [COLORS[m.group(1).strip()]]
            out[-1] = Effect("move", {**out[-1].args, "becomes": extra})
            continue
        if out and out[-1].op == "animate" and _STILL_RX.match(s):
            # 205.1b: "It's still a land." - the object keeps its prior types and subtypes
            out[-1] = Effect("animate", {**out[-1].args, "in_addition": True})
            continue
        m = re.match(r"^if you can't, (.+)$", s)
        if m and out and out[-1].op == "counters" and out[-1].args.get("remove") and out[-1].args.get("what") == "self" \
                and out[-1].args.get("amount", 1) == 1:  # "remove a fade counter from SELF. If you can't, ..." (fading)
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            prev = out.pop()
            out.append(Effect("if", {"cond": {"self": {"counter": prev.args["kind"]}}, "then": [prev], "else": list(effs)}))
            continue
        m = re.match(r"^if you don't, (.+)$", s)
        if m and out and out[-1].op == "may":
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect("may", {**out[-1].args, "else": list(effs)})
            continue
        if s in ("it can't be regenerated", "they can't be regenerated") and out and out[-1].op == "destroy":
            for i in range(len(out) - 1, -1, -1):
                if out[i].op != "destroy":
                    break
                out[i] = Effect("destroy", {**out[i].args, "no_regen": True})
            continue
        m = re.match(r"^(.+?) instead$", s)
        if m and out and m.group(1).startswith("if "):
            mm = re.match(r"^if (.+?), (.+)$", m.group(1))
            if mm:
                cond = parse_condition(mm.group(1))
                alt = parse_sentence(mm.group(2), ctx)
                if cond is not None and alt is not None:
                    prev = out.pop()
                    out.append(Effect("if", {"cond": cond, "then": list(alt), "else": [prev]}))
                    continue
            return None
        effs = parse_sentence(sent, ctx)
        if effs is None:
            return None
        for e in effs:
            if e.op == "mana_restriction":
                if not out or out[-1].op != "add_mana":
                    return None
                out[-1] = Effect("add_mana", {**out[-1].args, "only_for": e.args["spells"]})
            else:
                out.append(e)
    return _life_lost_this_way(out)


def _life_lost_this_way(effs: list[Effect]) -> list[Effect]:
    """"... loses N life and you gain that much life": the life lost by the effect before it
    (the amount {"lost_this_way": True}), not an amount the trigger event carries."""
    out: list[Effect] = []
    for e in effs:
        if e.op == "may" and e.args.get("then"):
            e = Effect("may", {**e.args, "then": _life_lost_this_way(list(e.args["then"]))})
        if e.op == "gain_life" and e.args.get("amount") == {"that_much": True} and out and out[-1].op == "lose_life":
            e = Effect("gain_life", {**e.args, "amount": {"lost_this_way": True}})
        out.append(e)
    return out
