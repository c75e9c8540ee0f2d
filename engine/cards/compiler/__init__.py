"""The oracle compiler: card data to a CardDef with typed abilities.

Pass 1 (`read_ir`) normalises the text and classifies each paragraph (keywords,
activated, triggered, static, spell, modal); pass 2 (`lower`) turns each item into
Ability objects through the construct modules: keywords, costs, targets, quantities,
effects, triggers, statics. A paragraph that does not compile is kept, as written, in
CardDef.unsupported, and the card is then played by hand for that text: no sentence is
ever dropped silently.

    compile_card(data) -> CardDef     data: engine.cards.data.CardData, or a dict with
                                      its fields or MTGJSON's (manaCost, type, ...)
Results are cached per card (name and text), so the engine may call it freely.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from engine.cards.abilities import ALL_COUNTERS, Ability, CardDef, Cost, Effect, TargetSpec
from engine.cards.compiler.costs import parse_cost_text
from engine.cards.compiler.effects import Ctx, parse_effects
from engine.cards.compiler.effects.amounts import bind_difference
from engine.cards.compiler.effects.sequence import (
    _INSTEAD,
    delayed_before_end_turn,
    enters_with_more,
    instead,
    untap_those,
)
from engine.cards.compiler.keywords import backup, linked_kickers, parse_keyword_line, set_instruction_reader
from engine.cards.compiler.leveler import (
    ClassLevel,
    Striation,
    split_case,
    split_class_levels,
    split_levels,
    split_stations,
    split_word_modes,
)
from engine.cards.compiler.quantities import parse_condition, quantity
from engine.cards.compiler.statics import parse_static
from engine.cards.compiler.swallow import swallowed, unbound_that_many
from engine.cards.compiler.targets import KEYWORDS, parse_noun
from engine.cards.compiler.text import CHAPTER, DIE_ROW, FLAVOR_WORD, normalise, sentences
from engine.cards.compiler.timing import combat_timing
from engine.cards.compiler.triggers import parse_trigger
from engine.mana import cost_colors, mana_value, parse_cost

__all__ = ["compile_card", "compile_ability_text", "compile_abilities_text", "read_ir", "IrItem"]

#: The compiler tries a card's sentences against about 3,000 distinct patterns (``re.match(TEXT, ...)`` and
#: patterns built from a card's name); CPython's ``re`` keeps 512 compiled patterns (``re._MAXCACHE``) and drops
#: the oldest, so compiling the corpus compiled the same patterns again about 215,000 times: more than half of
#: its time. A cache that holds them all: the same patterns, so the same results, only faster.
if isinstance(getattr(re, "_MAXCACHE", None), int) and getattr(re, "_MAXCACHE") < 8192:
    setattr(re, "_MAXCACHE", 8192)

BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
NONTRADITIONAL = {"Plane", "Phenomenon", "Scheme", "Vanguard", "Conspiracy", "Dungeon", "Emblem", "Hero"}
#: the nontraditional cards of the casual variants the engine plays (901 Planechase, 902 Vanguard, 904 Archenemy,
#: 905 Conspiracy): compiled like any card; engine/support.py judges whether their abilities work from the command
#: zone (engine/state.py works_from_command) and whether the variant's rules carry them
CASUAL_CARDS = {"Plane", "Phenomenon", "Scheme", "Vanguard", "Conspiracy"}
#: "Choose three. You may choose the same mode more than once." (the Confluences): a modal head of its own
#: "Choose one. If you control a commander as you cast SELF, you may choose both instead." (the Wills of Commander
#: Legends), "... If it was kicked, choose both instead.", "If SELF was kicked, choose any number instead." (the
#: Inscriptions): the most modes depend on a condition (700.2)
_COND_MODAL = re.compile(r"choose one\. if (.+?)(?: as you cast self)?, (you may )?choose "
                         r"(both|two|any number|one or more) instead\.", re.I)
_AGAIN = re.compile(r"choose ((?:up to )?(?:one|two|three|four|five))\. you may choose the same mode more than "
                    r"once\.", re.I)
#: pawprint modes (a later rule, Bloomburrow; 700.2 as it is): "Choose up to five {P} worth of modes. You may choose
#: the same mode more than once.", each mode printed "{P}{P} — ...": the chosen modes' pawprints total at most that
#: many
_PAWS = re.compile(r"choose up to (one|two|three|four|five|six|seven|eight|nine|ten) \{P\} worth of modes\. you may "
                   r"choose the same mode more than once\.", re.I)
_PAW_MODE = re.compile(r"((?:\{P\})+) — (.+)", re.S)
_MODAL = re.compile(r"^(.*?)chooses? (one|two|three|four|five|one or both|one or more|any number|"
                    r"up to (?:one|two|three|four|five))(?: that hasn't been chosen(?: this turn)?)? —$", re.I)


@dataclass(frozen=True)
class IrItem:
    """One paragraph classified: kind is keywords | activated | triggered | static | spell | modal | chapter (a Saga's).

    head: the cost (activated) or trigger condition (triggered); body: the effect text;
    modes: the bullet lines of a modal ability.
    """

    kind: str
    text: str
    head: str = ""
    body: str = ""
    modes: tuple[str, ...] = ()


def _instruction(text: str) -> list[Effect] | None:
    """An instruction with no target read to its effects (None when it is not read or names a target)."""
    ctx = Ctx()
    effs = parse_effects(text, ctx)
    return None if effs is None or ctx.targets else list(effs)


set_instruction_reader(_instruction)  # "Cumulative upkeep—Draw a card" (engine/cards/compiler/keywords.py)


def _split_colon(p: str) -> tuple[str, str] | None:
    quote = False
    for i, ch in enumerate(p):
        if ch == '"':
            quote = not quote
        elif ch == ":" and not quote:
            return p[:i], p[i + 1:]
    return None


#: an equip keyword followed by its ability's limits (602.5b) or a change of its cost (602.2b, 601.2f)
_EQUIP_LIMITED = re.compile(r"(Equip(?: \{[^.]+\}|—[^.]+))\. ((?:Activate only once each turn|This ability costs "
                            r"\{\d+\} less to activate (?:for each|if) [^.]+)\.)")
#: "Firebending X, where X is SELF's power" (a later keyword, Avatar: The Last Airbender): firebending N's triggered
#: ability (keywords.firebending) with that amount, read as its rule writes it out
_FIREBENDING_X = re.compile(r"^Firebending X, where X is ([^.]+)\.?$")
_COST_START = re.compile(
    r"^(\{|[+\-]?\d+$|[+\-]x$|sacrifice|pay|discard|tap|exile|remove|return|put|reveal|collect|waterbend)", re.I
)


#: exert (a later keyword action, Amonkhet): "You may exert SELF as it attacks. When you do, ..." is the choice made
#: as it attacks (a static read by engine/combat.py) and a reflexive trigger on exerting it ("when you exert SELF")
_EXERT = re.compile(r"((?:If SELF hasn't been exerted this turn, y|Y)ou may exert (?:SELF|it) as (?:it|he|she|SELF) "
                    r"attacks\.)(?: When you do, (.+))?", re.S)


def _exert_paragraphs(paras: list[str]) -> list[str]:
    out: list[str] = []
    for p in paras:
        m = _EXERT.fullmatch(p.strip())
        out += [m.group(1)] + ([f"When you exert SELF, {m.group(2)}"] if m.group(2) else []) if m else [p]
    return out


def read_ir(text: str, name: str, is_spell: bool, legendary: bool = False,
            short_names: tuple[str, ...] = ()) -> list[IrItem]:
    """Pass 1: paragraphs to classified items."""
    # an instant's or sorcery's "her controller" (Liliana's Defeat) names the object the spell named, not the card
    paras = _exert_paragraphs(_die_tables(normalise(text, name, legendary, short_names, character=not is_spell)))
    items: list[IrItem] = []
    i = 0
    while i < len(paras):
        p = _FIREBENDING_X.sub(r"Whenever SELF attacks, add an amount of {R} equal to \1. Until end of combat, you "
                               r"don't lose this mana as steps and phases end.", same_is_true(paras[i]))
        bullets: list[str] = []
        if _MODAL.match(p) or p.rstrip().endswith("—") and "choose" in p.lower() or _AGAIN.fullmatch(p.strip()) \
                or _COND_MODAL.fullmatch(p.strip()) \
                or re.search(r"\bchoose one at random\. create an? [a-z ]*creature token with those characteristics\.$",
                             p, re.I):  # (Outlaws' Merriment: its bullets are the modes, _random_token_modes)
            while i + 1 < len(paras) and paras[i + 1].startswith("•"):
                i += 1
                bullet = paras[i].lstrip("• ").strip()
                # a mode's flavor word ("• Rouse the Party — ...") has no rules meaning; only a modal head's
                # bullets are modes ("choose Khans or Dragons" names its bullets by their labels)
                bullets.append(FLAVOR_WORD.sub("", bullet) if _MODAL.match(p) else bullet)
        if _PAWS.fullmatch(p.strip()):  # pawprint modes (a later rule): "{P}{P} — ..." paragraphs are its modes
            while i + 1 < len(paras) and _PAW_MODE.fullmatch(paras[i + 1].strip()):
                i += 1
                bullets.append(paras[i].strip())
        if p.strip().lower() == "spree":  # spree (a later keyword, OTJ): "choose one or more additional costs", each
            # mode printed "+ {cost} — ..." (its cost added for each mode chosen: _modes, engine/casting.py)
            while i + 1 < len(paras) and paras[i + 1].startswith("+ {"):
                i += 1
                bullets.append(paras[i].strip())
            if bullets:
                p = "Choose one or more —"
        elif p.strip().lower() == "tiered":  # tiered (a later keyword, Final Fantasy): "choose one additional cost",
            # each mode printed "• Name — {cost} — ...": one mode, its cost added (as spree's, 601.2f)
            while i + 1 < len(paras) and (tier := re.fullmatch(r"• (?:[^—]+ — )?((?:\{[^}]+\})+) — (.+)",
                                                                paras[i + 1].strip(), re.S)) is not None:
                i += 1
                bullets.append(f"+ {tier.group(1)} — {tier.group(2)}")
            if bullets:
                p = "Choose one —"
        if bullets:
            full = "\n".join([p] + ["• " + b for b in bullets])
            m = re.match(r"^(when|whenever|at) ", p, re.I)
            sc = _split_colon(p)
            if m:
                items.append(IrItem("triggered", full, head=p, body=p, modes=tuple(bullets)))
            elif sc is not None and _COST_START.match(sc[0].strip()):
                items.append(IrItem("activated", full, head=sc[0].strip(), body=sc[1].strip(), modes=tuple(bullets)))
            else:
                items.append(IrItem("modal", full, head=p, body=p, modes=tuple(bullets)))
        elif (eq := _EQUIP_LIMITED.fullmatch(p)) is not None and parse_keyword_line(eq.group(1)) is not None:
            # "Equip {0}. Activate only once each turn." (Leather Armor), "Equip {3}. This ability costs {1} less to
            # activate for each other Equipment you control." (Plate Armor): the keyword's ability and its limits
            items.append(IrItem("keyword_limited", p, head=eq.group(1), body=eq.group(2)))
        elif (ch := CHAPTER.match(p)) is not None:
            items.append(IrItem("chapter", p, head=ch.group(1), body=FLAVOR_WORD.sub("", p[ch.end():])))
        elif p.startswith("•"):
            items.append(IrItem("static", p))      # a stray bullet: unsupported unless a static reads it
        elif parse_keyword_line(p) is not None:
            items.append(IrItem("keywords", p))
        elif is_spell and re.match(r"^(?:at the beginning of (?:your next|the next) |when you next .+? this turn, )",
                                    p, re.I):
            items.append(IrItem("spell", p))  # 603.7a: a spell's delayed trigger, created as it resolves
        elif re.match(r"^(when|whenever|at) ", p, re.I):
            # "When SELF enters, ... When SELF leaves the battlefield, ..." (Animate Dead): two triggered abilities
            # printed in one paragraph (603.1: each "when" starts one)
            for part in re.split(r"(?<=\.) (?=When SELF leaves the battlefield, )", p):
                items.append(IrItem("triggered", part, head=part, body=part))
        elif (sc := _split_colon(p)) is not None and _COST_START.match(sc[0].strip()):
            items.append(IrItem("activated", p, head=sc[0].strip(), body=sc[1].strip()))
        elif is_spell:
            items.append(IrItem("spell", p))
        else:
            items.append(IrItem("static", p))
        i += 1
    return items


def _die_tables(paras: list[str]) -> list[str]:
    """"Roll a d20." and the rows of its result table below it, printed as paragraphs of their own: one paragraph,
    the rows on lines of their own (engine/cards/compiler/effects/sequence.py die_table reads it)."""
    out: list[str] = []
    for p in paras:
        if DIE_ROW.match(p) and out and re.search(r"\broll a d\d+\b", out[-1].split("\n")[0], re.I):
            out[-1] += "\n" + p
        else:
            out.append(p)
    return out


_SAME_IS_TRUE = re.compile(r"(?<=\.) The same is true for ([a-z ,]+)\.$")
_LEAD = re.compile(r"^((?:at|when|whenever) [^,]+, )", re.I)


def same_is_true(p: str) -> str:
    """"... gain first strike until end of turn if a creature you control has first strike. The same is true for
    flying, deathtouch, ... and vigilance" (Odric, Lunarch Marshal): the sentence again for each keyword named, in
    place of the keyword it names (one ability: a trigger's condition is said once). A list of other words is left
    as it is (the paragraph is then read, or not, as printed)."""
    m = _SAME_IS_TRUE.search(p)
    if m is None:
        return p
    words = [w.strip() for w in re.split(r",? and |, ", m.group(1)) if w.strip()]
    base = p[:m.start()].strip()
    low = base.lower()
    named = [k for k in sorted(KEYWORDS, key=len, reverse=True) if re.search(rf"\b{k}\b", low)]
    if not words or any(w not in KEYWORDS for w in words) or not named:
        return p
    k0 = min(named, key=lambda k: re.search(rf"\b{k}\b", low).start())  # type: ignore[union-attr]
    lead = _LEAD.match(base)
    body = base[lead.end():] if lead else base
    copies = [re.sub(rf"\b{k0}\b", w, body, flags=re.I) for w in words]
    return " ".join([base] + [c[0].upper() + c[1:] for c in copies])


_ACT_LIMITS = [
    (re.compile(r"\s*activate (?:this ability )?only as a sorcery\.?$", re.I), "sorcery"),
    (re.compile(r"\s*activate (?:this ability )?only once each turn\.?$", re.I), "once"),
    (re.compile(r"\s*activate (?:this ability )?no more than (twice|three times) each turn\.?$", re.I), "times"),
    (re.compile(r"\s*activate (?:this ability )?only during your turn\.?$", re.I), "your_turn"),
    (
        re.compile(r"\s*activate (?:this ability )?only during your turn, before attackers are declared\.?$", re.I),
        "before_attack",
    ),
    (re.compile(r"\s*activate (?:this ability )?only ((?:during combat|during the declare blockers step|before|after)"
                r"\b[^.]*)\.?$", re.I), "combat"),
    (re.compile(r"\s*activate (?:this ability )?only during an opponent's turn\.?$", re.I), "opp_turn"),
    (re.compile(r"\s*activate (?:this ability )?only during your (upkeep|draw step)\.?$", re.I), "upkeep"),
    (re.compile(r"\s*activate (?:this ability )?only during any upkeep step\.?$", re.I), "any_upkeep"),
    # 602.2, 602.1b: "Any player may activate this ability": an instruction saying who may activate it
    (re.compile(r"\s*any player may activate this ability\.?$", re.I), "any_player"),
    (re.compile(r"\s*activate (?:this ability )?only any time you could cast a sorcery\.?$", re.I), "sorcery"),
    (re.compile(r"\s*activate (?:this ability )?only if (.+?)\.?$", re.I), "if"),
    (re.compile(r"\s*activate (?:this ability )?only once\.?$", re.I), "once_ever"),
    # exhaust (a later keyword, Aetherdrift: engine/cards/compiler/text.py writes its label out so): once, and the
    # ability is an exhaust ability ("whenever you activate an exhaust ability")
    (re.compile(r"\s*activate only once as an exhaust ability\.?$", re.I), "exhaust"),
    # boast (a later keyword, Kaldheim: text.py writes its label out so): once each turn, and the ability is a boast
    # ability ("whenever you activate a boast ability")
    (re.compile(r"\s*activate only once each turn as a boast ability\.?$", re.I), "boast"),
    (re.compile(r"\s*activate (?:this ability )?only as an instant\.?$", re.I), "instant"),
    (re.compile(r"\s*this ability costs \{(\d+)\} (less|more) to activate (for each .+?|if .+?)\.?$", re.I), "change"),
]


#: a spell's line that is its own alternative cost, not an instruction (read as a static first)
_FREE_IF = re.compile(r"^if [^,]+, you may cast (?:it|self) without paying its mana cost\.?$", re.I)
#: "Any player may activate this ability but only during their turn": who may activate it, then a limit on when
#: (602.1b), read as two instructions; "their" is the activating player's, who is "you" of the ability (602.2a)
_ANY_BUT = re.compile(r"(any player may activate this ability) but (only [^.]+?)\.?$", re.I)
_THEIR = re.compile(r"\btheir\b", re.I)
#: "Activate only A and only B": two limits (split before _ACT_LIMITS read them)
_AND_ONLY = re.compile(r"(activate (?:this ability )?only [^.]+?) and only ([^.]+\.?)$", re.I)


#: The other instructions a mana ability may carry and the engine runs at once, asking nothing
#: (engine.effects.run_now): "SELF deals 1 damage to you", "... add {C}{C} instead", "Draw a card".
_WITH_MANA = frozenset({"if", "damage", "gain_life", "lose_life", "draw", "counters", "restrict", "poison"})


def _mana_ability(effects: list[Effect]) -> bool:
    """605.1a: an activated ability without a target that could add mana as it resolves (not a
    loyalty ability) is a mana ability, whatever else it does."""
    def ops(es: Any) -> list[Effect]:
        out = []
        for e in es:
            out.append(e)
            if e.op == "if":
                out += ops(e.args.get("then", ())) + ops(e.args.get("else", ()))
        return out
    every = ops(effects)
    # "If there are no depletion counters on SELF, sacrifice it": SELF is sacrificed asking nothing
    return any(e.op == "add_mana" for e in every) and all(
        e.op == "add_mana" or e.op in _WITH_MANA or e.op == "sacrifice" and e.args.get("what") == "self" for e in every)


def _modes(lines: tuple[str, ...], head: str,
           template: Ctx | None = None) -> tuple[tuple[Ability, ...], int, int] | None:
    """The modes of a modal spell or ability (700.2); ``template``: a triggered ability's context, so each mode reads
    its trigger's player as the ability's own instructions do ("Whenever SELF deals combat damage to a player, choose
    one — • That player discards a card.": that player is the one dealt damage, 603.2)."""
    m = _MODAL.match(head.strip())
    if not m or m.group(1).strip() and m.group(1).strip().lower() != "an opponent":
        return None  # "An opponent chooses one —" (601.3) only on a spell: see lower()
    if "hasn't been chosen" in head:  # a mode chosen before is barred (700.2): not kept by the engine, so unread
        return None
    word = m.group(2).lower()
    choose, up_to = {"one": (1, 1), "two": (2, 2), "three": (3, 3), "one or both": (2, 1), "one or more": (99, 1),
                     "any number": (99, 0), "four": (4, 4), "five": (5, 5), "up to one": (1, 0), "up to two": (2, 0),
                     "up to three": (3, 0), "up to four": (4, 0), "up to five": (5, 0)}[word]
    modes = []
    for line in lines:
        ctx = Ctx(last_player=template.last_player) if template is not None else Ctx()
        paid = re.fullmatch(r"\+ ((?:\{[^}]+\})+) — (.+)", line, re.S)  # a spree mode's cost (a later keyword)
        paws = _PAW_MODE.fullmatch(line)  # a pawprint mode's weight (a later rule: the modal head's budget)
        effects = parse_effects(paid.group(2) if paid else paws.group(2) if paws else line, ctx)
        if effects is None:
            return None
        modes.append(Ability("mode", line, effects=tuple(effects), targets=tuple(ctx.targets),
                             cost=Cost(mana=tuple(parse_cost(paid.group(1)))) if paid else None))
    return tuple(modes), choose, up_to


def _removed(v: Any, seen: list[str]) -> Any:
    """``v`` with each amount "for each KIND counter removed this way" made the X its cost announced; the kinds
    those amounts named are put in ``seen``."""
    if isinstance(v, dict):
        if v.get("x") is True and "removed" in v:
            seen.append(v["removed"])
            return {k: w for k, w in v.items() if k != "removed"}
        return {k: _removed(w, seen) for k, w in v.items()}
    if isinstance(v, (list, tuple)):
        return type(v)(_removed(w, seen) for w in v)
    return v


def _bind_removed(effects: list[Effect], cost: Cost) -> list[Effect] | None:
    """"{T}, Remove any number of storage counters from SELF: Add {C} for each storage counter removed this
    way": the number of counters removed is the number its activator chose for the cost (602.2b, as X,
    107.3a). None when the cost removes no chosen number of counters of that kind (the words bind nothing)."""
    seen: list[str] = []
    out = [replace(e, args=_removed(e.args, seen)) for e in effects]
    if not seen:
        return effects
    rc = cost.remove_counters
    if rc is None or 0 <= rc[1] < ALL_COUNTERS or any(k not in (rc[0], "*") for k in seen):
        return None
    return out


def _names_it(x: Any) -> bool:
    """Do these effects (or their arguments) refer to "it", the trigger's object?"""
    if isinstance(x, Effect):
        return _names_it(x.args)
    if isinstance(x, dict):
        return any(v == "it" or _names_it(v) for v in x.values())
    if isinstance(x, (list, tuple)):
        return any(v == "it" or _names_it(v) for v in x)
    return False


#: "{3}, {T} or {R}, {T}": two costs, either of which activates the ability (602.2b)
_EITHER_COST = re.compile(r"((?:\{[^}]+\})+(?:, \{T\})?) or ((?:\{[^}]+\})+(?:, \{T\})?)")


def _lower_activated(item: IrItem) -> Ability | None:
    cost = parse_cost_text(item.head)
    body = item.body
    sorcery = False
    instant = False  # "Activate only as an instant": only while its controller has priority (602.5, as 602.5d)
    cond: dict[str, Any] | None = None
    once = False
    keyword: str | None = None
    # "Activate only as a sorcery and only if ...": each part is a limit of its own (602.5b), read as two sentences
    body = _AND_ONLY.sub(lambda m: f"{m.group(1)}. Activate only {m.group(2)}", body)
    body = _ANY_BUT.sub(lambda m: m.group(1) + ". Activate " + _THEIR.sub("your", m.group(2)) + ".", body)
    anyone = False
    changed = True
    while changed:
        changed = False
        for rx, kind in _ACT_LIMITS:
            m = rx.search(body)
            if m:
                if kind == "sorcery":
                    sorcery = True
                elif kind == "instant":
                    instant = True
                elif kind == "once":
                    once = True
                elif kind == "times":  # 602.5b: "Activate no more than twice each turn" (Pit Imp)
                    cond = {**(cond or {}), "times_each_turn": 2 if m.group(1).lower() == "twice" else 3}
                elif kind == "once_ever":
                    cond = {**(cond or {}), "once_ever": True}
                elif kind == "exhaust":
                    cond = {**(cond or {}), "once_ever": True}
                    keyword = "Exhaust"
                elif kind == "boast":
                    once = True
                    keyword = "Boast"
                elif kind == "your_turn":
                    cond = {**(cond or {}), "your_turn": True}
                elif kind == "before_attack":
                    cond = {**(cond or {}), "your_turn": True, "before_attackers": True}
                elif kind == "combat":  # 506.6g: a time of the combat phase, as for spells (506.6a-f)
                    c = combat_timing(m.group(1))
                    if c is None:
                        return None
                    cond = {**(cond or {}), **c}
                elif kind == "opp_turn":
                    cond = {**(cond or {}), "your_turn": False}
                elif kind == "upkeep":
                    step = "draw" if m.group(1).lower() == "draw step" else "upkeep"
                    cond = {**(cond or {}), "step": step}
                elif kind == "any_upkeep":  # whoever's upkeep it is (503)
                    cond = {**(cond or {}), "any_step": "upkeep"}
                elif kind == "any_player":
                    anyone = True
                elif kind == "if":
                    # "Activate only if it has no time counters on it" (Temple of Cyclical Time): with nothing else
                    # named, "it" is the object the ability is of (602.5b), SELF
                    c = parse_condition(m.group(1))
                    if c is None:
                        c = parse_condition(re.sub(r"^it(?:'s| is)\b", "SELF is", re.sub(r"^it (?=has|had)", "SELF ",
                                                                                         m.group(1))))
                    if c is None:
                        return None
                    cond = {**(cond or {}), **c}
                elif kind == "change":  # 602.2b, 601.2f: the ability's own cost, as it is activated
                    n = int(m.group(1)) * (-1 if m.group(2).lower() == "less" else 1)
                    how = m.group(3).lower()
                    if how.startswith("for each "):
                        q = quantity(how[len("for each "):])
                        if q is None or cost is None:
                            return None
                        cost = replace(cost, change={"amount": n, "per": q})
                    else:
                        c = parse_condition(how[len("if "):])
                        if c is None or cost is None:
                            return None
                        cost = replace(cost, change={"amount": n, "condition": c})
                body = body[: m.start()]
                changed = True
    if cost is None or not body.strip():
        return None
    zone = "battlefield"
    m = re.search(r" from your graveyard to (?:your hand|the battlefield)(?: tapped)?(?: attached to [^.]+)?"
                  r"(?: with (?:a|an|one|two|three) [^.]+ counters? on it)?\.?$", body, re.I)
    if m and re.match(r"^return self ", body, re.I):
        zone = "graveyard"
    if re.match(r"^put self from your graveyard (?:onto the battlefield|on top of your library|on the bottom of your "
                r"library|into your library)\b", body, re.I):
        zone = "graveyard"  # 112.6k: it works only from the graveyard, where the card is (Bookwurm: "Put SELF from
        # your graveyard into your library third from the top")
    if re.search(r"\bexile self from your graveyard\b", item.head, re.I):
        zone = "graveyard"  # a cost only a card in the graveyard can pay (112.6i)
    elif re.search(r"\b(?:exile|reveal) self from your hand\b", item.head, re.I):
        zone = "hand"  # 112.6i: an ability whose cost only a card in the hand can pay works from there (spirit guides,
        # "{B}, Reveal SELF from your hand: ..." of Tetzimoc)
    if cond is not None and once:
        cond["once_each_turn"] = True
    elif once:
        cond = {"once_each_turn": True}
    if anyone:  # 602.2: any player may activate it, not only its controller (casting.activatable)
        cond = {**(cond or {}), "any_player": True}
    if item.modes:
        got = _modes(item.modes, body)
        if got is None:
            return None
        modes, choose, _ = got
        return Ability("activated", item.text, cost=cost, modes=modes, choose=choose,
                       sorcery_speed=sorcery or cost.loyalty is not None, condition=cond, zone=zone, keyword=keyword)
    ctx = Ctx(last="self")
    effects = parse_effects(body, ctx)
    if effects is None:
        return None
    effects = _bind_removed(effects, cost)
    if effects is None:
        return None
    is_mana = not ctx.targets and cost.loyalty is None and _mana_ability(effects)
    if instant and is_mana and not (cost.sacrifice_self or cost.discard or cost.life or cost.exile_self):
        return None  # a mana ability the payment of a cost could use, though only a player with priority may
    if anyone and is_mana:
        return None  # a mana ability other players may activate: payments use only their own sources (605.3)
    return Ability("mana" if is_mana else "activated", item.text, effects=tuple(effects),
                   targets=tuple(ctx.targets), cost=cost, condition=cond, zone=zone,
                   sorcery_speed=sorcery or cost.loyalty is not None, keyword=keyword)


#: "Whenever ..., you may X. Do this only once each turn." (Terrasymbiosis, Riveteers Ascendancy)
_ONCE_DONE = re.compile(r" Do this only once each turn\.$")


def _once_each_turn(item: IrItem) -> Ability | None:
    """A triggered ability whose choice ("you may ...") may be made only once each turn: it triggers each time, and
    once its source has done it this turn, "no" is the only answer (608.2d; engine/ops/misc.py once_each_turn)."""
    text = _ONCE_DONE.sub("", item.text)
    ab = _lower_triggered(IrItem("triggered", text, head=_ONCE_DONE.sub("", item.head),
                                 body=_ONCE_DONE.sub("", item.body)))
    if ab is None:
        return None
    trig = ab.trigger or {}
    if not (trig.get("self") or trig.get("filter")) and "'it'" in repr(ab.effects):
        return None  # "whenever you scry, if SELF is tapped, you may untap it": no object of the event for "it"
    if ab.optional:
        may = Effect("may", {"effects": list(ab.effects), "once_each_turn": True})
        return replace(ab, text=item.text, effects=(may,), optional=False)
    if len(ab.effects) == 1 and ab.effects[0].op == "may" and not ab.effects[0].args.get("alternatives"):
        return replace(ab, text=item.text, effects=(Effect("may", {**ab.effects[0].args, "once_each_turn": True}),))
    return None


def _lower_triggered(item: IrItem) -> Ability | None:
    """A triggered ability; its condition ends at one of the ", ": the first cut where the condition reads, unless
    what follows that cut goes on with a list ("whenever you attack with at least two creatures that have first
    strike, double strike, vigilance, and/or haste, transform SELF": not the cut after "first strike", whose
    effect does not read), then a later one."""
    got = _lower_triggered_at(item, 0)
    if got is None and _LIST_GOES_ON.search(item.head):
        for nth in (1, 2, 3):
            got = _lower_triggered_at(item, nth)
            if got is not None:
                break
    return got


#: a list of words in a trigger condition, "A, B, C, and/or D, ...": its commas are not where the condition ends
_LIST_GOES_ON = re.compile(r"\b[a-z]+(?: [a-z]+)?, [a-z]+(?: [a-z]+)?, (?:and/or|and|or) [a-z]+(?: [a-z]+)?, ")


def _lower_triggered_at(item: IrItem, nth: int = 0) -> Ability | None:
    text = item.head
    m = re.match(r"^(when|whenever|at) ", text, re.I)
    if not m:
        return None
    rest = text[m.end():]
    # the condition ends at one of the ", " — the nth of those where the trigger reads
    trig = None
    body = ""
    for cut in [k.start() for k in re.finditer(r", ", rest)]:
        trig = parse_trigger(rest[:cut])
        if trig is not None:
            if nth:
                nth -= 1
                trig = None
                continue
            body = rest[cut + 2:]
            break
    if trig is None:
        return None
    in_exile = trig.get("zone") == "exile"  # "... while it's exiled": it works in exile (112.6)
    if in_exile:
        trig = {k: v for k, v in trig.items() if k != "zone"}
    cond = None
    m = re.search(r"\s*this ability triggers only (once|twice) each turn\.?$", body, re.I)
    if m:
        trig = {**trig, "limit_per_turn": 1 if m.group(1).lower() == "once" else 2}
        body = body[: m.start()]
    if not body.strip():
        return None
    if trig.get("event") == "cast" and isinstance(trig.get("filter"), dict) \
            and re.match(r"^if (?:that spell|it) was kicked, ", body, re.I):
        # "Whenever you cast a spell, if that spell was kicked, ..." (Hallar): a kicked spell cast (702.32b, 603.4)
        trig = {**trig, "filter": {**trig["filter"], "kicked": True}}
        body = body[body.index(", ") + 2:]
    if trig.get("event") == "activate":
        # "Whenever you activate an ability, if it isn't a mana ability, you may pay {2}. If you do, copy that ability"
        # (Rings of Brighthearth): the event is of abilities other than mana abilities only (605.1a), and "that
        # ability" is the one activated (706.10: engine/values.py "activated_ability")
        if re.match(r"^if it isn't a mana ability, ", body, re.I):
            trig = {**trig, "nonmana": True}
            body = re.sub(r"^if it isn't a mana ability, ", "", body, flags=re.I)
        body = re.sub(r"\bcopy that ability\b", "copy the activated ability", body, flags=re.I)
    m = re.match(r"^if (.+?), ", body, re.I)
    three = re.match(r"^if ([^,]+, [^,]+, and [^,]+), ", body, re.I)
    if three and parse_condition(three.group(1)) is not None:
        m = three  # "if A, B, and C, you win the game" (Happily Ever After): one condition of three parts (603.4)
    if m and not three:
        # "if that player controls a nonblack, nonland permanent, ..." (Urborg Stalker): a comma of the condition's
        # own list of adjectives (205.4, 105.2), the condition ending at the comma after it
        more = re.match(r"^if (.+?, (?:non[a-z]+|white|blue|black|red|green|colorless|artifact|creature|enchantment|"
                        r"land)(?: [a-z]+)?), ", body, re.I)
        if more and parse_condition(more.group(1)) is not None:
            m = more
    cond_text = ""
    if m:  # intervening "if" clause (603.4); "if SELF is in your graveyard" (Ichorid, Bridge from Below): a
        # triggered ability that works there (112.6b; statics and activated abilities of a card in a graveyard
        # are not carried out, so the condition is read here only)
        cz = re.fullmatch(r"self is (?:in the command zone or on the battlefield|on the battlefield or in the command "
                          r"zone|in the command zone)", m.group(1).lower())
        c: dict[str, Any] | None = {"self_zone": ["command", "battlefield"] if "battlefield" in m.group(1).lower()
                                    else ["command"]} if cz \
            else {"self": {"zone": "graveyard"}} if m.group(1).lower() == "self is in your graveyard" \
            else {"self": {"zone": "battlefield"}} if m.group(1).lower() == "it's on the battlefield" \
            and trig.get("self") and trig.get("event") == "etb" \
            else parse_condition(m.group(1))  # "when SELF enters, if it's on the battlefield" (603.4: it may have left)
        if c is not None and not trig.get("self") and (trig.get("filter") or trig.get("attached")) \
                and re.match(r"(?:its|it has) ", m.group(1), re.I) and ("self" in c or "self_counters_ge" in c):
            # "Whenever enchanted creature attacks, if its power is 2 or less" (Writ of Passage), "Whenever a creature
            # you control enters, if it has ...": "it" is the object the event is about, not SELF (603.4, 608.2c)
            c = parse_condition(re.sub(r"^it has ", "that creature has ",
                                       re.sub(r"^its ", "that creature's ", m.group(1), flags=re.I), flags=re.I))
            if c is None or "self" in c or "self_counters_ge" in c:
                return None
        if c is not None and isinstance(c.get("control"), dict) and c["control"].get("other") \
                and trig.get("filter") and not trig.get("self"):
            # "Whenever a Mountain you control enters, if you control at least five other Mountains" (Valakut): other
            # than the object the event is about, not other than the source (603.4; engine/values.py)
            c = {**c, "control": {k: v for k, v in c["control"].items() if k != "other"}, "other_than_event": True}
        if c is not None:
            cond, cond_text = c, m.group(1)
            body = body[m.end():]
            if re.match(r"self is\b", cond_text, re.I):  # "When an opponent casts a creature spell, if SELF is an
                # enchantment, it becomes a 5/5 Angel creature" (Opal Archangel): "it" is SELF, the subject of the
                # condition, not the event's spell or land
                body = re.sub(r"^it (becomes|gets|gains|has)\b", r"self \1", body, flags=re.I)
            those = re.fullmatch(r"(?:two|three|four|five) or more (.+?) have an? (\S+) counters? on them", cond_text,
                                 re.I)
            if those:  # "... if two or more permanents you don't control have an aim counter on them, destroy one
                # of those permanents at random" (Haphazard Bombardment): the permanents the condition counted
                body = re.sub(r"\bone of those (?:permanents|creatures)\b",
                              f"one of the {those.group(1)} with an {those.group(2)} counter on them", body,
                              flags=re.I)
    optional = False
    other = _blocks_a_creature(trig, rest)
    if other is not None:
        trig = other  # "it deals 2 damage to that creature": the subject "it" is still SELF
        if trig.get("self"):
            # ("It can't be regenerated" after "destroy that creature" is that creature's rider, 701.12b)
            body = re.sub(r"(^|\. )it (deals|gets|gains|has|can't(?! be regenerated)|doesn't)\b", r"\1self \2", body,
                          flags=re.I)
    ev = trig.get("event")
    evs: list[Any] = list(ev) if isinstance(ev, list) else [ev]
    if set(evs) & {"blocks_creature", "becomes_blocked_by"}:  # "Whenever enchanted creature blocks or becomes blocked
        # by a creature, the other creature gains first strike" (Mammoth Harness): the creature it blocks or that
        # blocks it (509.1h, 509.4), the event's
        body = re.sub(r"\bthe other creature\b", "that creature", body, flags=re.I)
    if trig.get("event") == "step" and trig.get("whose") == "each":  # "At the beginning of each player's upkeep,
        # ... the player creates a 1/1 green Saproling creature token" (Greener Pastures): that player, the active one
        body = re.sub(r"(^|\. )the player (?=[a-z])", r"\1that player ", body, flags=re.I)
    if trig.get("event") == "tapped_for_mana" and trig.get("who") == "any":  # 605.1b: the mana goes to the
        # player who tapped it ("its controller adds", "that player adds"): the pool the mana ability fills
        body = re.sub(r"^(?:its controller|that player) adds\b", "add", body, flags=re.I)
    if trig.get("event") == "activate" and not trig.get("self"):  # "whenever you activate an ability ..., copy it":
        # the ability activated, on the stack (602.2; engine/values.py refs "activated")
        body = re.sub(r"^copy (?:it|that ability)\b", "copy the activated ability", body, flags=re.I)
    if trig.get("to_self"):  # "whenever a source deals damage to SELF, that source's controller ...": the source is
        # the event's object, "it" (120.3); "they" after it is that controller
        body = re.sub(r"\bthat source's controller\b", "its controller", body, flags=re.I)
    ctx = Ctx(last="it" if (not trig.get("self") or other is not None) and trig.get("event") not in ("step", "state")
              else "self", cast_trigger=trig.get("event") == "cast" and not trig.get("self"),
              self_cast=trig.get("event") == "cast" and bool(trig.get("self")))
    if (cond or {}).get("self_suspended"):  # "Whenever an opponent casts a spell, if SELF is suspended, remove a time
        ctx.last = ctx.subject = "self"  # counter from it" (Deep-Sea Kraken): "it" is the card the "if" names
    ctx.lost_life = trig.get("event") == "lose_life" and trig.get("who") == "you"  # "for each 1 life you lost"
    ctx.clash_trigger = trig.get("event") == "clash"  # "Whenever you clash, ... If you won, ..." (701.20c)
    if trig.get("event") == "cast" and isinstance((trig.get("filter") or {}).get("targets"), dict):
        ctx.cast_targets = trig["filter"]["targets"]  # "... that targets one or more permanents, ... those permanents"
    # "if you have fewer than seven cards ..., draw ... the difference": the intervening "if" (603.4) is what "the
    # difference" measures; without one, a later sentence's own "if" does (engine/cards/compiler/effects/sequence.py)
    bound = bind_difference(cond_text, body, ctx) if cond_text else body
    if bound is None:
        return None
    body = bound
    if trig.get("event") == "step" and trig.get("whose") == "attached_controller":
        ctx.last = "attached"  # "at the beginning of the upkeep of enchanted permanent's controller, that player
        # sacrifices it" (Soul Tithe): "it" is the permanent the Aura enchants (303.4), not the Aura
    if trig.get("event") == "step" and trig.get("whose", "you") != "you" or trig.get("who") == "attached_player":
        ctx.last_player = "trigger_player"  # "at the beginning of each player's upkeep, that player ..." (503.1);
        # "whenever enchanted player draws a card, they lose 2 life" (the player who drew)
    if (trig.get("filter") or {}).get("controller") == "opponent" and trig.get("event") in ("dies", "etb", "ltb"):
        ctx.last_player = "trigger_player"  # "whenever a creature an opponent controls dies, that player ..."
    if trig.get("to_self"):
        ctx.last_player = {"controller_of": "it"}
    if trig.get("event") == "dies" and re.search(r"\bput into (?:a player's|an opponent's) graveyard\b", text, re.I):
        ctx.last_player = {"owner_of": "it"}  # "whenever a permanent is put into an opponent's graveyard, that player
        # loses 1 life" (Patron of the Nezumi): the graveyard's owner, the permanent's owner (400.3)
    if trig.get("event") == "ltb" and trig.get("to") == ["hand"]:
        ctx.last_player = {"owner_of": "it"}  # "whenever a permanent is returned to a player's hand, that player ...":
        # its owner, whose hand it went to (400.3)
    if str(trig.get("event")).startswith("becomes_target"):
        ctx.targeting = True  # "counter that spell": the spell or ability that targeted (engine/values.py)
    if trig.get("event") in ("becomes_target_opponent", "becomes_target_spell_opponent"):
        ctx.last_player = "trigger_player"  # "... an opponent controls, that player ...": that spell's controller
    if trig.get("event") == "deals_damage" and "Planeswalker" in (trig.get("damaged") or {}).get("types", ()):
        ctx.damaged_walker = True  # "... deals damage to a (player or) planeswalker, destroy that planeswalker": the
        # one dealt the damage; "that creature" stays the source (Vraska, Swarm's Eminence)
    elif trig.get("event") == "combat_damage_creature" or trig.get("event") == "deals_damage" and "damaged" in trig:
        ctx.last = "damaged"  # "that creature": the creature dealt the damage, not the source
    if trig.get("or_attached"):
        ctx.last = "it"  # "Whenever SELF or equipped creature attacks, it gets +2/+0": the creature that attacked
    if trig.get("event") in ("crews", ["crews", "saddles"]):
        ctx.last = "it"  # "Whenever SELF crews a Vehicle, that Vehicle gains haste": the Vehicle it crewed
    if trig.get("event") == "unattached":
        ctx.last = "it"  # "Whenever SELF becomes unattached from a permanent, sacrifice that permanent": the one it
        # was attached to (engine/values.py refs "it": the event's unattached_from)
    if trig == {"event": "ltb", "self": True} and re.match(r"that creature(?:'s)? ", body, re.I):
        ctx.last = "put_with"  # "When SELF leaves the battlefield, that creature's controller sacrifices it" (Animate
        # Dead): the creature its linked ability put onto the battlefield (607.2a)
    if cond is not None and "attached" in cond:
        ctx.last = "attached"  # "if enchanted creature is untapped, tap it": "it" is the enchanted creature
    if trig.get("whose") == "attached_controller":  # "At the beginning of the upkeep of enchanted creature's
        ctx.last = "attached"  # controller, that player sacrifices that creature / it" (Slow Motion, Soul Tithe):
        # the enchanted permanent the trigger names, not the Aura (SELF names the Aura)
    if cond is not None and "defending_control" in cond and trig.get("event") == "attacks" and trig.get("self"):
        ctx.last_player = "defending_player"  # "if defending player controls no Walls, it deals 2 damage to each
        # creature without flying that player controls" (Siege Dragon): the player it attacks (506.2)
    if trig.get("who") in ("opponent", "any") or trig.get("event") in ("combat_damage_player", "damage_player",
                                                                         "combat_damage_player_or_walker",
                                                                         "damage_opponent"):
        ctx.last_player = "trigger_player"
    if trig.get("event") == "player_attacked" and trig.get("who") == "you":
        ctx.last_player = "defending_player"  # "Whenever one or more Warriors you control attack a player, target
        # creature that player controls ...": the player attacked (508.1b; the event's defender)
    if trig.get("event") == "damage_player" and trig.get("defending") == "you_only":
        ctx.last_player = {"controller_of": "it"}  # "Whenever a source an opponent controls deals damage to you, that
        # player sacrifices a permanent" (Michiko Konda): the source's controller, not you, the player dealt damage
    if item.modes:
        rand = _random_token_modes(item.modes, body)
        if rand is not None:  # "choose one at random. Create a red and white creature token with those
            # characteristics." (Outlaws' Merriment): the mode is chosen at random as it is put on the stack
            return Ability("triggered", item.text, trigger=trig, condition={**(cond or {}), "mode_chooser": "random"},
                           modes=rand, choose=1)
        got = _modes(item.modes, body, ctx)
        if got is None:
            return None
        modes, choose, _ = got
        return Ability("triggered", item.text, trigger=trig, condition=cond, modes=modes, choose=choose)
    effects = parse_effects(body, ctx)
    if effects is None:
        return None
    if other is not None or not trig.get("self") and trig.get("event") not in ("step", "state"):
        # 603.7c: a delayed trigger it creates remembers that creature ("whenever a creature you control fights, put
        # two +1/+1 counters on it at the beginning of the next end step": Foe-Razer Regent)
        effects = [Effect("delayed", {**e.args, "keep_it": True}) if e.op == "delayed" and (
            other is not None or _names_it(e.args.get("effects"))) else e for e in effects]
    zone = "battlefield"
    if re.search(r"\b(?:return|put|exile) self from your graveyard\b", body, re.I) and not trig.get("attached") \
            or trig.get("event") == "to_graveyard" or (cond or {}).get("self") == {"zone": "graveyard"} \
            or trig.get("event") == "discard" and trig.get("self"):  # "when you discard SELF" (701.8)
        zone = "graveyard"  # "when SELF is put into your graveyard from ...", "if SELF is in your graveyard, ...":
        # it triggers there (112.6b)
    elif in_exile or (cond or {}).get("self_suspended"):  # "... while it's exiled", "if SELF is suspended" (112.6)
        zone = "exile"
    elif "command" in (cond or {}).get("self_zone", ()):  # "if SELF is in the command zone [or on the battlefield]"
        zone = "command"  # (eminence, Commander 2017): it triggers there too (engine/triggers.py event)
    if len(effects) == 1 and effects[0].op == "may" and not {"then", "else", "who"} & set(effects[0].args):
        # "you may ...": the controller's choice as the ability resolves (603.5); another player's stays in the may
        optional = True
        effects = list(effects[0].args["effects"])
    return Ability("triggered", item.text, effects=tuple(effects), targets=tuple(ctx.targets),
                   trigger=trig, condition=cond, optional=optional, zone=zone)


_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}


def _lower_chapter(item: IrItem) -> list[Ability] | None:
    """A Saga's chapter line "I, II — [effect]" (the Saga rules, a later addition: Dominaria, 2018; engine/saga.py):
    one chapter ability for each number, a triggered ability that triggers when the number of lore counters on
    the Saga becomes at least that number (603.2). Its "it" is the Saga; "you may" is its controller's choice as
    it resolves (603.5). None unless the effect reads."""
    ctx = Ctx(last="self")
    effects = parse_effects(item.body, ctx)
    if effects is None:
        return None
    optional = False
    if len(effects) == 1 and effects[0].op == "may" and not {"then", "else", "who"} & set(effects[0].args):
        optional = True
        effects = list(effects[0].args["effects"])
    return [Ability("triggered", item.text, effects=tuple(effects), targets=tuple(ctx.targets),
                    trigger={"event": "chapter", "self": True, "chapter": _ROMAN[n]}, optional=optional)
            for n in item.head.split(", ")]


def _random_token_modes(lines: tuple[str, ...], body: str) -> tuple[Ability, ...] | None:
    """"Choose one at random. Create a red and white creature token with those characteristics. • 3/1 Human Warrior
    with trample and haste. • ..." (Outlaws' Merriment): each mode the token that characteristics line describes,
    of the colors the instruction names (110.5); None when it is not this form or a line is not read."""
    m = re.fullmatch(r"choose one at random\. create an? ((?:(?:white|blue|black|red|green)(?: and | |, ))*)creature "
                     r"token with those characteristics\.?", body.strip(), re.I)
    if m is None:
        return None
    out = []
    for line in lines:
        mm = re.fullmatch(r"(\d+)/(\d+) ([A-Z][A-Za-z' ]*?)( with .+?)?\.?", line.strip())
        if mm is None:
            return None
        rest = mm.group(4) or ""
        end = "" if rest.endswith('"') else "."
        text = f"Create a {mm.group(1)}/{mm.group(2)} {m.group(1).strip()} {mm.group(3)} creature token{rest}{end}"
        effs = parse_effects(text, Ctx())
        if effs is None or len(effs) != 1 or effs[0].op != "token":
            return None
        out.append(Ability("mode", line, effects=tuple(effs)))
    return tuple(out)


def _either_trigger(item: IrItem) -> list[Ability] | None:
    """"Whenever you cast a white spell or a Plains you control enters, you gain 1 life" (Staff of the Sun
    Magus), "When SELF dies and when you discard SELF, create a Food token" (Bartered Cow): two trigger events of
    different kinds, each with its own condition; the ability triggers on either (603.2), as two abilities with the
    same effect would. None unless both halves read."""
    at = re.match(r"^at (the beginning of [^,]+?) and whenever ([^,]+), (.+)$", item.head, re.I | re.S)
    if at is not None and not item.modes:
        # "At the beginning of your upkeep and whenever you cast a green spell, put a charge counter on SELF" (the
        # Shrines): two trigger conditions, a step and an event, each its own ability with the one effect (603.2)
        halves = [f"At {at.group(1)}, {at.group(3)}", f"Whenever {at.group(2)}, {at.group(3)}"]
        pair = [_lower_triggered(IrItem("triggered", item.text, head=h, body=h)) for h in halves]
        if pair[0] is None or pair[1] is None:
            return None
        return [replace(ab, text=item.text) for ab in pair if ab is not None]
    m = re.match(r"^(when|whenever) ", item.head, re.I)
    if not m or item.modes:
        return None
    both = _enters_and_whenever(item)
    if both is not None:
        return both
    rest = item.head[m.end():]
    for cut in [k.start() for k in re.finditer(r", ", rest)]:
        # "Whenever another creature dies, or a creature card is put into a graveyard from anywhere other than the
        # battlefield, or a creature card leaves your graveyard" (Syr Konrad): three trigger conditions, none of whose
        # events is another's, each its own ability with the one effect (603.2)
        cond, body = rest[:cut], rest[cut + 2:]
        parts = cond.split(", or ")
        if len(parts) > 2 and all(parse_trigger(x) is not None for x in parts):
            many = [_lower_triggered(IrItem("triggered", item.text, head=f"{m.group(1)} {half}, {body}",
                                            body=f"{m.group(1)} {half}, {body}")) for half in parts]
            if any(ab is None for ab in many):
                return None
            return [replace(ab, text=item.text) for ab in many if ab is not None]
    for cut in [k.start() for k in re.finditer(r", ", rest)]:
        cond, body = rest[:cut], rest[cut + 2:]
        # "... or ...", and "When SELF dies and when you discard SELF" (Bartered Cow), "When SELF enters and whenever
        # an Army you control attacks": two trigger conditions, each its own event (603.2)
        verbs = re.fullmatch(r"(you) (cast|cycle|discard) or (cast|cycle|discard) (self)", cond, re.I)
        if verbs:  # "When you cast or cycle SELF" (Drownyard Lurker): one subject and object, two events (603.2)
            cond = f"{verbs[1]} {verbs[2]} {verbs[4]} or {verbs[1]} {verbs[3]} {verbs[4]}"
        for j in re.finditer(r" or | and when | and whenever | and at | or at ", cond):
            # "When you planeswalk to SELF and at the beginning of your upkeep, ..." (a plane, 701.21d): two
            a, b = cond[:j.start()], cond[j.end():]
            if re.match(r"self ", a, re.I) and re.search(r"\bit$", b):  # "When SELF enters and when you sacrifice
                b = re.sub(r"\bit$", "SELF", b)  # it" (Carrot Cake): "it" is SELF, the one object both name
            if parse_trigger(a) is None or parse_trigger(b) is None:
                continue
            got = [_lower_triggered(IrItem("triggered", item.text, head=f"{m.group(1)} {half}, {body}",
                                           body=f"{m.group(1)} {half}, {body}")) for half in (a, b)]
            if got[0] is None or got[1] is None:
                return None
            return [replace(ab, text=item.text) for ab in got if ab is not None]
    return None


def _enters_and_whenever(item: IrItem) -> list[Ability] | None:
    """"When SELF enters and whenever it deals combat damage to a player, create a Blood token" (Ivora): two
    triggered abilities with one effect, one on its entering and one on the other event ("it" is SELF there too,
    603.2); None unless both read. A once-each-turn limit shared by both is not read here."""
    m = re.match(r"^when self enters and whenever ", item.head, re.I)
    if m is None or re.search(r"triggers only (?:once|twice) each turn", item.head, re.I):
        return None
    rest = item.head[m.end():]
    for cut in [k.start() for k in re.finditer(r", ", rest)]:
        other, body = re.sub(r"^it\b", "SELF", rest[:cut]), rest[cut + 2:]
        if parse_trigger(other) is None:
            continue
        # "... put a stash counter on it" (Hoarder's Overflow): "it" is SELF for both, the one object they share
        body = re.sub(r"\b(on|to|from) it\b", r"\1 SELF", body)
        got = [_lower_triggered(IrItem("triggered", item.text, head=head, body=head))
               for head in (f"When SELF enters, {body}", f"Whenever {other}, {body}")]
        if got[0] is None or got[1] is None:
            return None
        return [replace(ab, text=item.text) for ab in got if ab is not None]
    return None


_BLOCKS_A_CREATURE = re.compile(r"^self (blocks|becomes blocked by|blocks or becomes blocked by) an? creature$", re.I)


def _blocks_a_creature(trig: dict[str, Any], head: str) -> dict[str, Any] | None:
    """"Whenever SELF blocks [or becomes blocked by] a creature, ... that creature": one trigger for each
    creature it blocks or that blocks it (509.1h, 509.4), whose "that creature"/"it" is that other
    creature, not SELF (events blocks_creature, becomes_blocked_by); None for other triggers."""
    if trig.get("other_filter") is not None and not trig.get("batch"):
        return trig  # "blocks or becomes blocked by a non-Wall creature" (engine/cards/compiler/triggers.py)
    if not trig.get("self"):
        return None
    m = _BLOCKS_A_CREATURE.match(head.split(", ")[0].strip())
    if m is None:
        return None
    events = {"blocks": ["blocks_creature"], "becomes blocked by": ["becomes_blocked_by"],
              "blocks or becomes blocked by": ["blocks_creature", "becomes_blocked_by"]}[m.group(1).lower()]
    return {k: v for k, v in trig.items() if k != "event"} | {"event": events if len(events) > 1 else events[0]}


#: the reason a card is unsupported when an ability it grants names the card itself (its granter)
GRANTER_NAMED = "the card's own name inside an ability it grants (the granting permanent, 201.4a)"


_IN_GRAVEYARD = re.compile(r"as long as self is in your graveyard(?: and (.+?))?, (.+)", re.I)
#: the statics a card in a graveyard carries out: the ones the layers apply to permanents (613; engine/layers.py)
_GRAVEYARD_KINDS = ("keywords", "anthem")


def _graveyard_static(text: str) -> list[Ability] | None:
    """112.6b: "As long as SELF is in your graveyard and you control a Mountain, creatures you control have haste"
    (Anger, the Incarnations): a static ability that works only while the card is in its owner's graveyard, where
    "you" is that owner (109.5); the other condition holds as well (611.3b). Only statics that change permanents
    in the layers, never the card itself."""
    m = _IN_GRAVEYARD.fullmatch(text.strip().rstrip("."))
    if m is None:
        return None
    got = parse_static(f"as long as {m.group(1)}, {m.group(2)}" if m.group(1) else m.group(2))
    if not got or any(s.get("kind") not in _GRAVEYARD_KINDS or not isinstance(s.get("affects"), dict) for s in got):
        return None
    return [Ability("static", text, static=s, zone="graveyard") for s in got]
#: what each gift is (gift, a later keyword, Bloomburrow): the instruction the chosen player carries out
_GIFTS = {"a card": "draw a card.", "a food": "create a food token.", "a treasure": "create a treasure token.",
          "a tapped fish": "create a tapped 1/1 blue fish creature token.",
          "an octopus": "create an 8/8 blue octopus creature token.",
          "an extra turn": "take an extra turn after this one."}


def _cast_choice(cond: Any) -> bool:
    """Is a condition only a choice made as the spell is cast: "if this spell was kicked", "if the gift was
    promised" (601.2b), or its negation?"""
    if isinstance(cond, dict) and set(cond) == {"not"}:
        return _cast_choice(cond["not"])
    return isinstance(cond, dict) and len(cond) == 1 and (
        isinstance(cond.get("kicked"), bool) or cond.get("cast_with") in ("Gift", "Kicker"))


def _slot_contexts(x: Any, ctx: tuple[Any, ...], out: dict[int, list[tuple[Any, ...]]]) -> None:
    """Each target slot a compiled value names, with the cast choices the instructions naming it run under."""
    if isinstance(x, Effect):
        if x.op == "if" and _cast_choice(x.args.get("cond")):
            cond = x.args["cond"]
            _slot_contexts(x.args.get("then"), (*ctx, cond), out)
            _slot_contexts(x.args.get("else"), (*ctx, {"not": cond}), out)
            _slot_contexts({k: v for k, v in x.args.items() if k not in ("cond", "then", "else")}, ctx, out)
            return
        _slot_contexts(x.args, ctx, out)
    elif isinstance(x, dict):
        if isinstance(x.get("target"), int) and len(x) == 1:
            out.setdefault(x["target"], []).append(ctx)
        for v in x.values():
            _slot_contexts(v, ctx, out)
    elif isinstance(x, (list, tuple)):
        for v in x:
            _slot_contexts(v, ctx, out)


def cast_choice_slots(effects: list[Effect], specs: list[TargetSpec]) -> list[TargetSpec]:
    """601.2c: a spell's target slot named only by instructions that run when it was kicked, or as the gift was
    promised (or only when not: "If the gift was promised, instead return target nonland permanent ..."), is a
    target the spell has only when so cast (``TargetSpec.only_if``); the other slots are as they were."""
    seen: dict[int, list[tuple[Any, ...]]] = {}
    _slot_contexts(effects, (), seen)
    out = []
    for i, spec in enumerate(specs):
        ctxs = seen.get(i, [])
        common = [c for c in (ctxs[0] if ctxs else ()) if all(c in other for other in ctxs)]
        out.append(replace(spec, only_if=common[0]) if common else spec)
    return out


def gift_effects(line: str) -> list[Effect] | None:
    """"Gift a card", "Gift a tapped Fish", ... (a later keyword, Bloomburrow, not in the 2016 rules): what the opponent
    chosen as the gift was promised gets (the player reference "gift_player"); None for any other line."""
    m = re.fullmatch(r"gift (an? [a-z ]+?)\.?", line.strip().lower())
    if m is None or m.group(1) not in _GIFTS:
        return None
    effs = parse_effects(_GIFTS[m.group(1)], Ctx())
    if effs is None:
        return None
    return [replace(e, args={**e.args, "who": "gift_player"}) for e in effs]


_LEAVES_THAT_PLAYER = re.compile(r"^when self leaves the battlefield, that player (.+)$", re.I)


def _retarget_ref(x: Any, new: Any) -> Any:
    """``x`` with every {"target": 0} replaced by ``new``."""
    if x == {"target": 0}:
        return new
    if isinstance(x, Effect):
        return replace(x, args=_retarget_ref(x.args, new))
    if isinstance(x, dict):
        return {k: _retarget_ref(v, new) for k, v in x.items()}
    if isinstance(x, list):
        return [_retarget_ref(v, new) for v in x]
    return x


def _link_leaves_player(abilities: list[Ability], unsupported: list[str]) -> None:
    """"When SELF enters, target player loses 6 life. When SELF leaves the battlefield, that player gains 6 life."
    (Laquatus's Champion, Soul Scourge): "that player" of the leaves trigger is the player the enters trigger
    targeted (the abilities are linked by that word, as 607.2a links "the exiled card"): the enters trigger keeps
    its target on the permanent (op link_player), the leaves trigger reads it as it left (603.10). In place:
    the leaves trigger read and added, its sentence no longer unsupported."""
    leaves = [t for t in unsupported if _LEAVES_THAT_PLAYER.match(t.strip())]
    enters = [i for i, a in enumerate(abilities)
              if a.kind == "triggered" and a.trigger == {"event": "etb", "self": True}
              and len(a.targets) == 1 and a.targets[0].filter.get("player") and a.targets[0].count == 1
              and a.targets[0].min == 1]
    if len(leaves) != 1 or len(enters) != 1:
        return
    text = leaves[0].strip()
    m = _LEAVES_THAT_PLAYER.match(text)
    assert m is not None
    got = _lower_triggered(IrItem("triggered", text, head=f"When SELF leaves the battlefield, target player "
                                                          f"{m.group(1)}"))
    if got is None or len(got.targets) != 1 or got.trigger != {"event": "ltb", "self": True}:
        return
    i = enters[0]
    etb = abilities[i]
    abilities[i] = replace(etb, effects=tuple(etb.effects) + (Effect("link_player", {"who": {"target": 0}}),))
    abilities.append(replace(got, text=text, targets=(), effects=tuple(_retarget_ref(list(got.effects),
                                                                                      "linked_player"))))
    unsupported.remove(leaves[0])


def compile_abilities_text(text: str) -> list[Ability] | None:
    """The abilities of one paragraph of a permanent (e.g. quoted text a static or emblem grants)."""
    items = read_ir(text, "", False)
    if len(items) != 1:
        return None
    item = items[0]
    ab: Ability | None = None
    if item.kind == "activated":
        ab = _lower_activated(item)
    elif item.kind == "triggered":
        ab = _lower_triggered(item)
    elif item.kind == "static":
        s = parse_static(item.text)
        if s is not None:
            return [Ability("static", item.text, static=x) for x in s]
    elif item.kind == "keywords":
        got = parse_keyword_line(item.text)
        if got and not got[2]:
            ab = Ability("static", item.text, static={"kind": "keywords", "affects": "self", "keywords": got[0]})
        elif got and got[0] == ["Cumulative upkeep"] and len(got[2]) == 1:
            # 'Enchanted creature has "Cumulative upkeep {1}."' (Mana Chains): the keyword's triggered ability
            # (702.23a), which the creature then has (613.1f)
            ab = got[2][0]
    return None if ab is None else [ab]


def compile_ability_text(text: str) -> Ability | None:
    """One ability of a permanent, e.g. the quoted text a static grants; None if not understood."""
    got = compile_abilities_text(text)
    return got[0] if got and len(got) == 1 else None


def lower(items: list[IrItem], types: tuple[str, ...]) -> tuple[list[str], dict[str, Any], list[Ability], list[str]]:
    """Pass 2: items to keywords, keyword args, abilities, and unsupported paragraphs."""
    keywords: list[str] = []
    kwargs: dict[str, Any] = {}
    abilities: list[Ability] = []
    unsupported: list[str] = []
    spell_effects: list[Effect] = []
    spell_ctx = Ctx()
    spell_modal: Ability | None = None
    gift: list[Effect] | None = None
    for item in items:
        ab: Ability | list[Ability] | None = None
        if item.kind != "keywords" and (got_gift := gift_effects(item.text)) is not None:
            keywords.append("Gift")  # gift (a later keyword, Bloomburrow): an optional additional cost of no mana,
            kwargs["Gift"] = Cost()  # choosing an opponent (engine/cast_options.py, engine/casting.py)
            gift = got_gift
            continue
        if item.kind == "keywords":
            names, args, abs_ = parse_keyword_line(item.text)  # type: ignore[misc]
            keywords += names
            for k, v in args.items():
                if isinstance(v, list):
                    kwargs.setdefault(k, []).extend(v)
                else:
                    kwargs[k] = v
            abilities += abs_
            continue
        if item.kind == "keyword_limited":  # the keyword's ability, read again as an activated ability with its limits
            names, args, abs_ = parse_keyword_line(item.head)  # type: ignore[misc]
            base = next((a for a in abs_ if a.kind == "activated"), None) if len(abs_) == 1 else None
            cost_text = re.sub(r"^Equip(?: |—)", "", item.head)
            limited = _lower_activated(IrItem("activated", item.text, head=cost_text, body=(
                "Attach SELF to target creature you control. Activate only as a sorcery. " + item.body)))
            if base is None or limited is None or limited.effects != base.effects or limited.targets != base.targets:
                unsupported.append(item.text)
                continue
            keywords += names
            kwargs.update(args)
            abilities.append(replace(limited, text=item.text, keyword=base.keyword))
            continue
        if item.kind == "activated" and (either := _EITHER_COST.fullmatch(item.head)) is not None:
            # "{3}, {T} or {R}, {T}: ..." (the Shards of Mirrodin): the ability is activated by paying either cost
            # (602.2b: its controller chooses which as it is activated), one ability for each
            both = [_lower_activated(replace(item, head=h, text=f"{h}: {item.body}")) for h in either.groups()]
            ab = None if None in both else [a for a in both if a is not None]
        elif item.kind == "activated":
            ab = _lower_activated(item)
        elif item.kind == "forecast":
            # 702.56a-b: from the hand, only during its owner's upkeep and only once each turn
            fab = _lower_activated(IrItem("activated", item.text, head=item.head, body=item.body, modes=item.modes))
            ab = None if fab is None else replace(fab, zone="hand", keyword="Forecast", condition={
                **(fab.condition or {}), "step": "upkeep", "once_each_turn": True})
        elif item.kind == "triggered" and _ONCE_DONE.search(item.text) and not item.modes:
            ab = _once_each_turn(item)
        elif item.kind == "triggered":
            ab = _lower_triggered(item) or _either_trigger(item)
        elif item.kind == "chapter":
            ab = _lower_chapter(item)
        elif item.kind == "modal":
            # "Choose three. You may choose the same mode more than once." (the Confluences, 700.2 as later
            # printed): a number of modes, each may be chosen again
            again = _AGAIN.fullmatch(item.head.strip())
            paws = _PAWS.fullmatch(item.head.strip())
            if paws and not all(_PAW_MODE.fullmatch(md) for md in item.modes):
                paws = None
            if paws:  # pawprint modes (a later rule, Bloomburrow): as many modes as pawprints, each mode again
                again = re.match(r"choose (up to \w+)", item.head.strip(), re.I)
            more = _COND_MODAL.fullmatch(item.head.strip())
            more_if = parse_condition(more.group(1)) if more else None
            got = _modes(item.modes, f"choose {again.group(1)} —" if again else "choose one —" if more_if is not None
                         else item.head)
            opponent = item.head.strip().lower().startswith("an opponent chooses")
            if got is not None and spell_modal is None and (not opponent or "Instant" in types or "Sorcery" in types):
                modes, choose, up_to = got
                # (the head's "instead" is the most modes, read below)
                if lost := swallowed("\n".join(item.modes) if more_if is not None else item.text, modes):
                    unsupported.append(f"(not carried out: {', '.join(lost)}) {item.text}")
                cond: dict[str, Any] = {"min_modes": up_to} if up_to != choose else {}
                if again:
                    cond["repeat_modes"] = True
                if paws:  # each mode's pawprints, and the most the chosen modes may total (engine/casting.py)
                    weights = [md.count("{P}") for md in item.modes]
                    cond.update({"min_modes": 1, "pawprints": weights, "pawprint_budget": choose})
                if more and more_if is not None:  # "If COND as you cast SELF, you may choose both instead": the most
                    # modes (and, without "you may", the least) become two when COND holds as modes are chosen
                    # (601.2b; casting.mode_range); one otherwise. "Choose any number instead": from one to all
                    any_number = more.group(3).lower() in ("any number", "one or more")  # (at least one either way)
                    choose = len(modes) if any_number else 2
                    cond.update({"min_modes": 1, "more_modes_if": more_if,
                                 "more_modes_may": bool(more.group(2)) or any_number})
                if opponent:  # 601.3: an opponent chooses the mode as the spell is cast
                    if any(md.targets for md in modes):
                        unsupported.append(f"(an opponent's mode with targets) {item.text}")
                    cond["mode_chooser"] = "opponent"
                spell_modal = Ability("spell", item.text, modes=modes, choose=choose, condition=cond or None)
                continue
        elif item.kind == "spell" and _FREE_IF.match(item.text) and (statics := parse_static(item.text)):
            # "If SELF is the first spell you've cast this game, you may cast it without paying its mana cost": the
            # spell's own alternative cost (118.9), not an instruction about a card exiled before
            ab = [Ability("static", item.text, static=s, zone="stack") for s in statics]
        elif item.kind == "spell":
            snapshot = len(spell_ctx.targets)
            if len(sentences(item.text)) == 1 and instead(item.text, spell_effects, spell_ctx):
                continue  # a line that replaces the spell's instruction before it ("... instead if ...")
            if len(sentences(item.text)) == 1 and enters_with_more(item.text, spell_effects):
                continue  # "[If COND,] that creature enters with two additional +1/+1 counters on it"
            if len(sentences(item.text)) == 1 and untap_those(item.text, spell_effects):
                continue  # "[If COND,] untap those lands" (the lands the dig before it put onto the battlefield)
            del spell_ctx.targets[snapshot:]
            effs = parse_effects(item.text, spell_ctx)
            if effs is not None:
                if lost := swallowed(item.text, (effs, spell_ctx.targets[snapshot:])):
                    unsupported.append(f"(not carried out: {', '.join(lost)}) {item.text}")
                spell_effects += effs
                continue
            del spell_ctx.targets[snapshot:]
            sents = sentences(item.text)
            if len(sents) > 1 and spell_effects and any(rx.match(sents[0].strip().rstrip(".").lower())
                                                        for rx in _INSTEAD):
                # "Threshold — If there are seven or more cards in your graveyard, instead destroy that creature. It
                # can't be regenerated." (Toxic Stench): the line replaces the instruction before it, and the
                # sentences after it read on from what it made (608.2c)
                mark = spell_ctx.mark()
                spell_ctx.prior = list(spell_effects)
                effs = parse_effects(item.text, spell_ctx)
                spell_ctx.prior = None
                if effs is not None and not swallowed(item.text, (effs, spell_ctx.targets[snapshot:])):
                    spell_effects = effs
                    continue
                spell_ctx.rewind(mark)
            statics = parse_static(item.text)
            if statics is not None:
                ab = [Ability("static", item.text, static=s, zone="stack" if s["kind"] in (
                    "cant_be_countered", "additional_cost", "cost_change", "alternative_cost", "flash_self",
                    "optional_cost")
                    else "battlefield")
                      for s in statics]
        elif item.kind == "static" and (gy := _graveyard_static(item.text)) is not None:
            ab = gy
        elif item.kind == "static" and item.text.startswith(_MAX_SPEED):
            ab = _max_speed(item.text[len(_MAX_SPEED):], types)
        elif item.kind == "static":
            statics = parse_static(item.text)
            if statics is not None:
                ab = [Ability("static", item.text, static=s) for s in statics]
        if ab is not None and (lost := swallowed(item.text, ab)):
            unsupported.append(f"(not carried out: {', '.join(lost)}) {item.text}")
        if ab is None:
            unsupported.append(item.text)
        elif isinstance(ab, list):
            abilities += ab
        else:
            abilities.append(ab)
    _link_leaves_player(abilities, unsupported)
    if gift is not None:
        # gift: "as this spell resolves, if the gift was promised, the chosen player gets the gift before any of
        # its other effects"; a permanent's: "when this permanent enters, if the gift was promised, ..."
        if spell_modal is not None or ("Instant" in types or "Sorcery" in types) and not spell_effects:
            unsupported.append("(gift of a spell with no instructions to put it before)")
        elif spell_effects:
            spell_effects = [Effect("if", {"cond": {"cast_with": "Gift"}, "then": gift}), *spell_effects]
        else:
            abilities.append(Ability("triggered", "Gift", effects=tuple(gift), trigger={"event": "etb", "self": True},
                                     condition={"cast_with": "Gift"}, keyword="Gift"))
    if spell_modal is not None:
        if spell_effects:
            unsupported.append("(a modal spell with other instructions)")
        abilities.insert(0, spell_modal)
    elif spell_effects:
        spell_effects = delayed_before_end_turn(spell_effects)  # (Glorious End: its paragraphs in one ability)
        # "If the gift was promised, target creature you control gains first strike", "If this spell was kicked, it
        # deals damage ... to target creature": targets it has only when so cast (601.2c)
        abilities.insert(0, Ability("spell", "", effects=tuple(spell_effects),
                                    targets=tuple(cast_choice_slots(spell_effects, spell_ctx.targets))))
    return keywords, kwargs, abilities, unsupported


_TARGET_WORD = re.compile(r"\b([Tt])arget\b")
_MAX_SPEED = "Max speed — "


def _max_speed(text: str, types: tuple[str, ...]) -> list[Ability] | None:
    """"Max speed — [ability]" (a later keyword: Aetherdrift, 2025) means "As long as you have max speed, this object
    has [ability]": the ability, static, activated (from any zone it works in) or triggered, that exists only while
    its controller's speed is 4 (engine/values.py: a triggered one triggers then, an activated one is activated
    then, a static one applies then, 611.3b); None when the ability is not read."""
    items = read_ir(text, "", False)
    if len(items) != 1 or items[0].kind not in ("static", "activated", "triggered"):
        return None
    kws, _, abilities, unsup = lower(items, types)
    if kws or unsup or not abilities:
        return None
    out = []
    for ab in abilities:
        if ab.kind == "static":
            st = dict(ab.static or {})
            if "condition" in st:
                st["condition"] = {"all": [st["condition"], {"max_speed": True}]}
            else:
                st["condition"] = {"max_speed": True}
            out.append(replace(ab, static=st))
        else:
            cond = {"max_speed": True} if ab.condition is None else {**ab.condition, "max_speed": True}
            out.append(replace(ab, condition=cond))
    return out


def _overload(items: list[IrItem], types: tuple[str, ...], kwargs: dict[str, Any]) -> list[str]:
    """702.95b: a spell cast for its overload cost has its text changed, every "target" replaced by
    "each". The spell ability that text compiles to is kept with the cost in
    ``kwargs["Overload"]`` ({"cost", "spell"}: engine/overload.py casts it); the sentences it
    cannot read are returned (the card is then unsupported)."""
    cost = kwargs.get("Overload")
    if not isinstance(cost, Cost):
        return []
    changed = [IrItem(i.kind, _TARGET_WORD.sub(lambda m: "Each" if m.group(1) == "T" else "each", i.text))
               for i in items if i.kind in ("spell", "modal")]
    _, _, abilities, unsup = lower(changed, types)
    spell = next((a for a in abilities if a.kind == "spell"), None)
    if spell is None or unsup or spell.targets:
        return [f"(overload: {u})" for u in unsup] or ["(overload: its changed text does not compile)"]
    kwargs["Overload"] = {"cost": cost, "spell": spell}
    return []


_FORECAST = re.compile(r"(?:^|\n)Forecast — ")
#: 107.3: "Spend only black mana on X." (Consume Spirit, Crypt Rats): the X of the card's costs is paid with mana of
#: that color only; read as a static of the card (engine/casting.py x_color), whichever ability it ends
_X_COLOR = re.compile(r"(?:(?<=\n)|(?<=\. )|^)Spend only (white|blue|black|red|green) mana on X\."
                      r"(?:\s*$|\s*\n| (?=\S))")
_COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_REVEAL_SELF = re.compile(r",\s*reveal self from your hand$", re.I)


def _forecast_item(item: IrItem) -> IrItem:
    """702.56a: "Forecast — [Activated ability]": an activated ability of the card in the hand whose cost
    includes revealing it (the ability word is dropped by ``normalise``; the reveal is done by the
    engine as it is activated, 702.56b)."""
    if item.kind != "activated" or not _REVEAL_SELF.search(item.head):
        return item
    head = _REVEAL_SELF.sub("", item.head)
    return IrItem("forecast", f"{head}: {item.body}", head=head, body=item.body, modes=item.modes)


def _awaken(items: list[IrItem], types: tuple[str, ...], kwargs: dict[str, Any]) -> list[str]:
    """702.112a: "Awaken N—[cost]" means "You may pay [cost] rather than pay this spell's mana cost as
    you cast this spell" and "If this spell's awaken cost was paid, put N +1/+1 counters on target land
    you control. That land becomes a 0/0 Elemental creature with haste. It's still a land." The spell
    cast for its awaken cost has that spell ability too, its target after the spell's own (702.112b:
    only then is that target chosen); it is compiled once and kept in ``kwargs["Awaken"]["spell"]``
    (engine/awaken.py casts it). The sentences it cannot read are returned."""
    arg = kwargs.get("Awaken")
    if not isinstance(arg, dict) or not isinstance(arg.get("cost"), Cost):
        return []
    n = arg["amount"]
    word = _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)
    added = IrItem("spell", f"Put {word} +1/+1 counters on target land you control. That land becomes a 0/0 "
                            "Elemental creature with haste. It's still a land.")
    changed = [i for i in items if i.kind in ("spell", "modal")] + [added]
    _, _, abilities, unsup = lower(changed, types)
    spell = next((a for a in abilities if a.kind == "spell"), None)
    if spell is None or unsup or spell.choose:
        return [f"(awaken: {u})" for u in unsup] or ["(awaken: its spell ability does not compile)"]
    kwargs["Awaken"] = dict(arg, spell=replace(spell, text=f"{spell.text} (awakened)"))
    return []


#: mutate (a later keyword, Ikoria): "it becomes a mutating creature spell and targets a non-Human creature with the
#: same owner as this spell" (the spell's owner is its caster, who casts it from a zone of their own)
_MUTATE_TARGET = "non-Human creature you own"


def _mutate(kwargs: dict[str, Any]) -> list[str]:
    """Mutate (a later keyword, Ikoria: Lair of Behemoths): "Mutate [cost]" means "You may pay [cost] rather than
    pay this spell's mana cost. If you do, it becomes a mutating creature spell and targets a non-Human creature
    with the same owner as this spell." The spell cast for its mutate cost has a spell ability with that target
    whose instruction merges it with the creature (the ``mutate`` op; engine/mutate.py), kept in
    ``kwargs["Mutate"]["spell"]``. A cost other than mana is returned as unsupported."""
    cost = kwargs.get("Mutate")
    if not isinstance(cost, Cost) or not cost.mana or cost != Cost(mana=cost.mana):
        return ["(mutate: a cost other than mana)"]
    f = parse_noun(_MUTATE_TARGET)
    if f is None:
        return ["(mutate: its target is not read)"]
    spell = Ability("spell", f"Mutate onto target {_MUTATE_TARGET}.",
                    effects=(Effect("mutate", {}),), targets=(TargetSpec(f, f"target {_MUTATE_TARGET}"),))
    kwargs["Mutate"] = {"cost": cost, "spell": spell}
    return []


_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
#: cleave (a later keyword, Innistrad: Crimson Vow): its keyword line, and the words in square brackets it removes
_CLEAVE = re.compile(r"(?:^|\n)Cleave \{")
_BRACKETED = re.compile(r" ?\[[^\[\]]*\]")


def _cleave(cleaved: str, name: str, types: tuple[str, ...], kwargs: dict[str, Any]) -> list[str]:
    """Cleave (a later keyword, Innistrad: Crimson Vow): "You may cast this spell for its
    cleave cost. If you do, remove the words in square brackets." The spell cast that way has the spell ability of
    its text without those words (``cleaved``), compiled once and kept in ``kwargs["Cleave"]["spell"]``
    (engine/overload.py casts it, as an overloaded spell's changed text); its own text is read with the words
    kept. The sentences it cannot read are returned."""
    cost = kwargs.get("Cleave")
    if not isinstance(cost, Cost):
        return []
    changed = [i for i in read_ir(cleaved, name, True) if i.kind in ("spell", "modal")]
    _, _, abilities, unsup = lower(changed, types)
    spells = [a for a in abilities if a.kind == "spell"]
    if len(spells) != 1 or unsup:
        return [f"(cleave: {u})" for u in unsup] or ["(cleave: its text without the bracketed words does not compile)"]
    kwargs["Cleave"] = {"cost": cost, "spell": replace(spells[0], text=f"{spells[0].text} (cleaved)")}
    return []


def _ascend_first(a: Ability) -> Ability:
    """A spell ability with ascend's instruction first ("if you control ten or more permanents, you get the
    city's blessing"), in each mode of a modal spell."""
    first = Effect("action", {"name": "ascend"})
    if a.modes:
        return replace(a, modes=tuple(_ascend_first(m) for m in a.modes))
    return replace(a, effects=(first, *a.effects))


def _transfigure(cost: Cost, mv: int) -> Ability:
    """702.70a: "[Cost], Sacrifice this permanent: Search your library for a creature card with the same
    converted mana cost as this permanent and put it onto the battlefield. Then shuffle your library.
    Activate this ability only any time you could cast a sorcery." (the permanent's mana value is its
    card's: a copy or face-down permanent with transfigure is not read differently here)"""
    return Ability("activated", "Transfigure", effects=(
        Effect("search", {"filter": {"types": ["Creature"], "mv_eq": mv}, "amount": 1, "to": "battlefield"}),),
        cost=replace(cost, sacrifice_self=True), sorcery_speed=True, keyword="Transfigure")


def _transmute(cost: Cost, mv: int) -> Ability:
    """702.52a: "[Cost], Discard this card: Search your library for a card with the same converted
    mana cost as the discarded card, reveal that card, and put it into your hand. Then shuffle your
    library. Activate this ability only any time you could cast a sorcery." (from the hand)"""
    return Ability("activated", "Transmute", effects=(
        Effect("search", {"filter": {"mv_eq": mv}, "amount": 1, "to": "hand", "reveal": True}),),
        cost=replace(cost, discard_self=True), sorcery_speed=True, zone="hand", keyword="Transmute")


def _get(data: Any, *keys: str, default: Any = None) -> Any:
    for k in keys:
        v = data.get(k) if isinstance(data, dict) else getattr(data, k, None)
        if v is not None:
            return v
    return default


def _tup(v: Any) -> tuple:
    if v is None:
        return ()
    if isinstance(v, (list, tuple)):
        return tuple(v)
    return (v,)


def _has_keywords(line: str) -> str:
    """A keyword line of a striation as the sentence granting them ("Flying, trample" -> "SELF has
    flying and trample."), so each keyword keeps its quality (protection from ..., landwalk)."""
    parts = [p.strip() for p in line.split(",") if p.strip()]
    words = [p[0].lower() + p[1:] for p in parts]
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return f"SELF has {listed}."


def _striation_abilities(st: Striation, name: str = "", legendary: bool = False) -> tuple[list[Ability], list[str]]:
    """710.2a-b: a level symbol's static ability (or a station symbol's, leveler.split_stations), as static
    abilities with its condition: its
    power/toughness box sets the base power and toughness (layer 7b), its keywords and static
    abilities apply only while the condition holds, its activated, mana and triggered abilities
    are granted to the creature itself only then (layer 6). Returns (abilities, unread lines)."""
    cond = st.condition()
    label = st.label()
    out: list[Ability] = []
    if st.power is not None:
        # a station symbol's box (a later rule): also a creature in addition to its other types (layer 4)
        creature = {"types": ["Creature"], "subtypes": [], "in_addition": True} if st.counter == "charge" else {}
        out.append(Ability("static", f"{label}: {st.power}/{st.toughness}",
                           static={"kind": "become", "affects": "self", **creature, "power": st.power,
                                   "toughness": st.toughness, "condition": cond}))
    unread: list[str] = []
    for line in st.lines:
        bare = re.sub(r"\s*\(.*?\)", "", line).strip()
        paras = normalise(line, name, legendary)  # the card's own name in it means this object (201.5)
        got = compile_abilities_text(_has_keywords(bare) if parse_keyword_line(bare) else paras[0]) if paras else None
        if not got:
            unread.append(f"{label}: {line}")
            continue
        for ab in got:
            if ab.kind == "static" and ab.static is not None:
                own = ab.static.get("condition")
                both = cond if own is None else {"all": [cond, own]}
                out.append(replace(ab, text=f"{label}: {ab.text}", static={**ab.static, "condition": both}))
            else:
                out.append(Ability("static", f"{label}: {ab.text}",
                                   static={"kind": "grant_ability", "affects": "self", "ability": ab,
                                           "condition": cond}))
    return out, unread


def _class_level_abilities(lv: ClassLevel, name: str, types: tuple[str, ...], legendary: bool
                           ) -> tuple[list[Ability], list[str]]:
    """A Class card's level (a later rule, Adventures in the Forgotten Realms, 2021, not in the 2016 rules; read
    as the rule that introduced it defines it): "{cost}: Level N" is an activated ability, "{cost}: This Class
    becomes level N. Activate only if it is level N-1 and only as a sorcery" (602.5b, 307.1 timing); the abilities
    printed after it are the Class's only while its level is N or greater: its static abilities with that
    condition, its other abilities granted to the Class itself then (layer 6, as a leveler's, 710.2a), but "When
    SELF becomes level N", which can only trigger as it becomes level N. Returns (abilities, unread lines)."""
    cond = {"class_level_ge": lv.level}
    label = f"Level {lv.level}"
    out = [Ability("activated", f"{lv.cost}: {label}", cost=parse_cost_text(lv.cost), sorcery_speed=True,
                   condition={"class_level": lv.level - 1},
                   effects=(Effect("action", {"name": "class_level", "level": lv.level}),))]
    items = read_ir("\n".join(lv.lines), name, False, legendary)
    keywords, _, abilities, unread = lower(items, types)
    if keywords:
        unread.append(f"{label}: {', '.join(keywords)}")
    for ab in abilities:
        trig = ab.trigger or {}
        if ab.kind == "triggered" and trig.get("event") == "class_level" and trig.get("level") == lv.level:
            out.append(ab)
        elif ab.kind == "static" and ab.static is not None:
            own = ab.static.get("condition")
            both = cond if own is None else {"all": [cond, own]}
            out.append(replace(ab, static={**ab.static, "condition": both}))
        else:
            out.append(Ability("static", f"{label}: {ab.text}",
                               static={"kind": "grant_ability", "affects": "self", "ability": ab, "condition": cond}))
    return out, [f"({label}) {u}" for u in unread]


def _case_abilities(condition: str, solved: str, name: str, types: tuple[str, ...], legendary: bool
                    ) -> tuple[list[Ability], list[str]]:
    """A Case card's "to solve" and "solved" abilities (a later rule, Murders at Karlov Manor, 2024: rule 719, "Case
    cards", not in the 2016 rules; read as the rules that introduced them define them). "To solve — [condition]"
    means "At the beginning of your end step, if [condition] and this Case is not solved, it becomes solved": a
    triggered ability with an intervening "if" (603.4: checked as the end step begins and again as it resolves);
    solved is a designation, kept until the Case leaves the battlefield (400.7), not a copiable value (706.2).
    "Solved — [ability]" is the Case's only while it is solved: a static ability with that condition ("As long as
    this Case is solved, ..."), a triggered or activated ability granted to the Case itself then (it triggers, or
    can be activated, only while it is solved), as a Class level's. Returns (abilities, unread lines)."""
    paras = normalise(condition, name, legendary)
    text = paras[0] if len(paras) == 1 else condition
    cond = parse_condition(text[:1].lower() + text[1:])
    if cond is None:
        return [], [condition]
    out = [Ability("triggered", f"To solve — {text}.", trigger={"event": "step", "step": "end", "whose": "you"},
                   condition={"all": [cond, {"solved": False}]},
                   effects=(Effect("action", {"name": "solve"}),))]
    items = read_ir(solved, name, False, legendary)
    keywords, _, abilities, unread = lower(items, types)
    if keywords:
        unread.append(f"Solved: {', '.join(keywords)}")
    solved_cond = {"solved": True}
    for ab in abilities:
        if ab.kind == "static" and ab.static is not None:
            own = ab.static.get("condition")
            both = solved_cond if own is None else {"all": [solved_cond, own]}
            out.append(replace(ab, static={**ab.static, "condition": both}))
        else:
            out.append(Ability("static", f"Solved — {ab.text}",
                               static={"kind": "grant_ability", "affects": "self", "ability": ab,
                                       "condition": solved_cond}))
    return out, [f"(Solved) {u}" for u in unread]


def _word_mode_abilities(word: str, line: str, name: str, types: tuple[str, ...], legendary: bool
                         ) -> tuple[list[Ability], list[str]]:
    """"• Khans — [ability]" after "As SELF enters, choose Khans or Dragons." (Fate Reforged's Sieges): the ability
    is the permanent's only while that word is the one chosen as it entered (614.12; engine/choices.py): a static
    ability with that condition, any other ability granted to the permanent itself under it (layer 6, as a Class
    level's). Returns (abilities, unread lines)."""
    cond = {"chosen_word": word}
    items = read_ir(line, name, False, legendary)
    keywords, _, abilities, unread = lower(items, types)
    if keywords:
        unread.append(f"{word}: {', '.join(keywords)}")
    out: list[Ability] = []
    for ab in abilities:
        if ab.kind == "static" and ab.static is not None:
            own = ab.static.get("condition")
            out.append(replace(ab, static={**ab.static, "condition": cond if own is None else {"all": [cond, own]}}))
        else:
            out.append(Ability("static", f"{word} — {ab.text}",
                               static={"kind": "grant_ability", "affects": "self", "ability": ab, "condition": cond}))
    return out, [f"• {word} — {u}" for u in unread]


def _backup(items: list[IrItem], types: tuple[str, ...], keywords: list[str], kwargs: dict[str, Any],
            abilities: list[Ability]) -> list[str]:
    """Backup N (a later keyword; keywords.backup): one triggered ability per instance, granting
    the keywords and abilities printed after the backup line. Granted triggered and activated
    abilities and keywords are carried out; a granted static or mana ability is not (unsupported)."""
    at = next((i for i, it in enumerate(items) if it.kind == "keywords"
               and "Backup" in (parse_keyword_line(it.text) or ([],))[0]), None)
    n = kwargs.get("Backup")
    if at is None or not isinstance(n, int):
        return ["(backup: its number or its line not read)"]
    kws, _, abs_, unsup = lower(items[at + 1:], types)
    if unsup or any(a.kind not in ("triggered", "activated") for a in abs_):
        return ["(backup: the following abilities are not all ones it can grant)"]
    abilities += [backup(n, kws, abs_) for _ in range(keywords.count("Backup"))]
    return []


@lru_cache(maxsize=None)
def _compile(name: str, text: str, types: tuple, supertypes: tuple, subtypes: tuple, mana_cost: str,
             colors: tuple, power: Any, toughness: Any, loyalty: Any, layout: str,
             faces: tuple) -> CardDef:
    # CR 308 (2016) "Tribal": the card data spells this card type both "Tribal" (older
    # printings) and "Kindred" (its later name); one name, so every filter finds both
    types = tuple("Kindred" if t == "Tribal" else t for t in types)
    is_spell = "Instant" in types or "Sorcery" in types
    unsupported: list[str] = []
    if set(types) & NONTRADITIONAL - CASUAL_CARDS:
        unsupported.append("(not a traditional Magic card: played by hand)")
    levels = split_levels(text) if layout == "leveler" else None
    classes = split_class_levels(text) if layout == "class" else None
    case = split_case(text) if layout == "case" else None
    if levels is None and "|" in text:
        levels = split_stations(text, power, toughness)  # a station card (a later layout): no power/toughness but
        if levels is not None:  # its last symbol's box, on the battlefield only (a later rule)
            power = toughness = None
    # a planeswalker named by the planeswalker type its name starts with ("Ajani" of Ajani Vengeant)
    short = tuple(st for st in subtypes if "Planeswalker" in types and name.startswith(st + " "))
    cleaved = None
    if "[" in text and is_spell and _CLEAVE.search(text):  # the text cast for its cleave cost, and its own
        cleaved, text = _BRACKETED.sub("", text), text.replace("[", "").replace("]", "")
    xm = _X_COLOR.search(text) if "mana on X" in text and not levels else None
    if xm:
        text = (text[:xm.start()] + text[xm.end():]).strip()
    if "and/or {" in text:
        text = linked_kickers(text)  # 702.32f: "kicked with its {1}{G} kicker" -> "... its first kicker"
    words = split_word_modes(text) if not levels and not classes and not case and "\n• " in text else None
    own_text = levels[0] if levels else classes[0] if classes else case[0] if case else words[0] if words else text
    items = read_ir(own_text, name, is_spell, "Legendary" in supertypes, short)
    if _FORECAST.search(text):
        items = [_forecast_item(i) for i in items]
    keywords, kwargs, abilities, unsup = lower(items, types)
    unsupported += unsup
    if xm:
        abilities.append(Ability("static", xm.group(0).strip(), static={"kind": "x_color",
                                                                         "color": _COLOR_LETTER[xm.group(1)]}))
    if "Backup" in keywords:
        unsupported += _backup(items, types, keywords, kwargs, abilities)
    if "Overload" in keywords and is_spell:
        unsupported += _overload(items, types, kwargs)
    if "Awaken" in keywords and is_spell:
        unsupported += _awaken(items, types, kwargs)
    if "Mutate" in keywords and "Creature" in types:
        unsupported += _mutate(kwargs)
    if "Cleave" in keywords and cleaved is not None:
        unsupported += _cleave(cleaved, name, types, kwargs)
    if "Epic" in keywords and is_spell:  # 702.49a: its two spell abilities, after the card's own instructions
        abilities = [replace(a, effects=a.effects + (Effect("epic", {}),)) if a.kind == "spell" else a
                     for a in abilities]
    if "Ascend" in keywords and is_spell:
        # ascend on an instant or sorcery (a later keyword, Rivals of Ixalan) is a spell ability: its first instruction
        abilities = [_ascend_first(a) if a.kind == "spell" else a for a in abilities]
    if "Cipher" in keywords and is_spell:  # 702.98a: its spell ability's last instruction
        abilities = [replace(a, effects=a.effects + (Effect("cipher", {}),)) if a.kind == "spell" else a
                     for a in abilities]
    if "Transmute" in keywords and isinstance(kwargs.get("Transmute"), Cost):
        abilities.append(_transmute(kwargs["Transmute"], mana_value(parse_cost(mana_cost))))
    if "Transfigure" in keywords and isinstance(kwargs.get("Transfigure"), Cost):
        abilities.append(_transfigure(kwargs["Transfigure"], mana_value(parse_cost(mana_cost))))
    for striation in levels[1] if levels else ():
        got, unsup = _striation_abilities(striation, name, "Legendary" in supertypes)
        abilities += got
        unsupported += unsup
    for lv in classes[1] if classes else ():
        got, unsup = _class_level_abilities(lv, name, types, "Legendary" in supertypes)
        abilities += got
        unsupported += unsup
    if case is not None:
        got, unsup = _case_abilities(case[1], case[2], name, types, "Legendary" in supertypes)
        abilities += got
        unsupported += unsup
    for word, line in words[1] if words else ():
        got, unsup = _word_mode_abilities(word, line, name, types, "Legendary" in supertypes)
        abilities += got
        unsupported += unsup
    if words is None and any(a.static and a.static.get("choice") == "word" for a in abilities):
        # "As SELF enters, choose odd or even": a choice only the "• Khans —" lines of the Sieges give a meaning here
        unsupported.append("(a choice of two words with no abilities of its own)")
    # CR 305.6: a basic land type gives its mana ability.
    if "Land" in types:
        for st in subtypes:
            if st in BASIC_MANA and not any(
                a.kind == "mana" and a.text.startswith(f"({{T}}: Add {{{BASIC_MANA[st]}}}") for a in abilities
            ):
                sym = BASIC_MANA[st]
                abilities.append(Ability("mana", f"({{T}}: Add {{{sym}}}.)",
                                         effects=(Effect("add_mana", {"mana": [sym]}),),
                                         cost=parse_cost_text("{T}")))
    for ab in abilities:
        if unbound_that_many(ab):
            unsupported.append(f"(\"that many\" counts nothing here) {ab.text}")
    if "Aura" in subtypes and "Enchant" not in keywords:
        unsupported.append("(an Aura without a readable enchant keyword)")
    if layout == "leveler" and levels is None and not unsupported:
        unsupported.append("(layout leveler: no level symbol read)")
    if layout == "saga" and not unsupported and not any(a.trigger and a.trigger.get("event") == "chapter"
                                                        for a in abilities):
        unsupported.append("(layout saga: no chapter ability read)")
    if layout == "class" and classes is None and not unsupported:
        unsupported.append("(layout class: no level ability read)")
    if layout == "case" and case is None and not unsupported:
        unsupported.append("(layout case: no \"to solve\" and \"solved\" lines read)")
    if layout == "mutate" and "Mutate" not in keywords and not unsupported:  # a card merged by its own keyword
        unsupported.append("(layout mutate: no mutate keyword read)")
    if layout in ("host", "augment", "meld") and not unsupported:
        unsupported.append(f"(layout {layout}: its special rules are not compiled)")
    face_defs: list[CardDef] = []
    if " // " in name or len(faces) > 1:
        if len(faces) > 1:
            for f in faces[1:]:
                fd = _compile(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], layout, ())
                face_defs.append(fd)
                unsupported += [f"({f[0]}) {u}" for u in fd.unsupported]
        else:
            unsupported.append(MISSING_FACE)
    if face_defs and not unsupported:
        unsupported += _unread_face_rules(layout, types, text, face_defs)
    if layout == "aftermath" and len(face_defs) == 1 and "Aftermath" in face_defs[0].keywords:
        # aftermath (a later keyword, Amonkhet): the card casts its second half from the graveyard for that half's
        # mana cost (engine/cast_options.py; the half alone, engine/transform.py aftermath_half)
        keywords.append("Aftermath")
        kwargs["Aftermath"] = Cost(mana=face_defs[0].mana_cost)
    if (
        power is not None
        and "Creature" not in types
        and "Vehicle" not in subtypes
        and layout == "normal"
        and not unsupported
    ):
        pass
    mana = parse_cost(mana_cost)
    for a in abilities:  # "SELF is also a Cleric, Rogue, Warrior, and Wizard": a characteristic-defining ability, in
        if a.kind == "static" and a.static and a.static.get("cda") and a.static.get("kind") == "add_types":  # every
            subtypes = tuple(dict.fromkeys((*subtypes, *a.static["subtypes"])))  # zone (604.3)
    if any(a.kind == "static" and a.static == {"kind": "become", "affects": "self", "colors": []} for a in abilities):
        colors = ()   # "SELF is colorless" (devoid): a characteristic-defining ability, in every zone (604.3)
    elif any(a.kind == "static" and a.static == {"kind": "become", "affects": "self", "colors": list("WUBRG")}
             for a in abilities):
        colors = tuple("WUBRG")  # "SELF is all colors": likewise (604.3)
    elif not colors:
        colors = cost_colors(mana)
    return CardDef(
        name=name, mana_cost=mana, types=types, supertypes=supertypes,
        subtypes=subtypes, colors=colors, power=power, toughness=toughness,
        loyalty=loyalty, text=text, keywords=tuple(dict.fromkeys(keywords)), keyword_args=kwargs,
        abilities=tuple(abilities), unsupported=tuple(unsupported), layout=layout, faces=tuple(face_defs),
    )


def _unread_face_rules(layout: str, types: tuple[str, ...], text: str, faces: list[CardDef]) -> list[str]:
    """The later faces' rules this engine does not play: an adventurer card's second face that is neither an
    Adventure nor an Omen (Tarkir: Dragonstorm's, shuffled into its owner's library as it resolves),
    a prepare card whose spell is no instant or sorcery, a modal double-faced card whose face says it transforms (a
    later layout that never transforms otherwise); a card with one stays unsupported (its halves would otherwise be cast
    as an Adventure's or a split card's, 708.3)."""
    if layout == "adventure" and any("Adventure" not in f.subtypes and "Omen" not in f.subtypes for f in faces):
        return [f"(a second face that is neither an Adventure nor an Omen: {faces[0].name})"]
    if layout == "modal_dfc" and any(re.search(r"\btransform", t, re.I) for t in [text] + [f.text for f in faces]):
        return ["(a modal double-faced card that transforms)"]
    if layout == "prepare" and not any("Instant" in f.types or "Sorcery" in f.types for f in faces[:1]):
        return ["(layout prepare: a prepared face that is no instant or sorcery)"]
    return []


def _face_key(f: dict) -> tuple:
    return (f.get("name") or "", f.get("text") or "", _tup(f.get("types")), _tup(f.get("supertypes")),
            _tup(f.get("subtypes")), f.get("mana_cost") or f.get("manaCost") or "", _tup(f.get("colors")),
            f.get("power"), f.get("toughness"), f.get("loyalty"))


MISSING_FACE = "(the other face's text is not in the card data)"
#: layouts whose card shows one face at a time, the front one outside the battlefield (711.4a)
ONE_FACE_UP = frozenset({"transform", "flip", "adventure", "modal_dfc", "prepare"})  # 709.2: a flip card has its
# top half's name; an adventurer card has only its creature's characteristics, its name too, but on the stack as an
# Adventure; a modal double-faced card (a later layout) only its front face's, but on the stack or battlefield the
# face up's; a prepare card (a later layout) its creature's, its spell cast only as a copy (engine/prepare.py)


def compile_card(data: Any) -> CardDef:
    """Compile a card of the card database (engine.cards.data.CardData or a dict with its fields)."""
    full_name = _get(data, "name", default="")
    layout = _get(data, "layout", default="normal") or "normal"
    name = full_name
    if layout in ONE_FACE_UP and " // " in name:
        name = name.split(" // ")[0]  # 711.4a: a double-faced card has its front face's name (and only it)
    faces = _get(data, "faces", default=()) or ()
    if layout == "reversible_card" and len(set(full_name.split(" // "))) == 1:
        # a reversible printing shows the same card on both sides: it is that one card
        full_name = name = full_name.split(" // ")[0]
        faces = faces[:1]
    face_keys = tuple(_face_key(f) for f in faces) if len(faces) > 1 else ()
    if face_keys:
        front = face_keys[0]
        text, types, supertypes, subtypes = front[1], front[2], front[3], front[4]
        mana_cost, colors, power, toughness, loyalty = front[5], front[6], front[7], front[8], front[9]
    else:
        text = _get(data, "text", default="") or ""
        types = _tup(_get(data, "types"))
        supertypes = _tup(_get(data, "supertypes"))
        subtypes = _tup(_get(data, "subtypes"))
        mana_cost = _get(data, "mana_cost", "manaCost", default="") or ""
        colors = _tup(_get(data, "colors"))
        power, toughness, loyalty = _get(data, "power"), _get(data, "toughness"), _get(data, "loyalty")
    card = _compile(name, text, types, supertypes, subtypes, mana_cost, colors, power, toughness, loyalty,
                    layout, face_keys)
    if name != full_name and not face_keys:
        card = replace(card, unsupported=card.unsupported + (MISSING_FACE,))
    if name and any(re.search(rf"\b{re.escape(name)}\b", q) for q in re.findall(r'"([^"]*)"', text)) \
            and any(ab.kind == "static" and (ab.static or {}).get("kind") == "grant_ability" for ab in card.abilities):
        card = _granter_named(card, name, text)
    return card


#: words of a granted ability that name the object having it (the holder), not the granting card
_HOLDER_WORDS = re.compile(r"\b(?:this (?:creature|permanent|artifact|land|enchantment)|it|they|them)\b", re.I)


def _granter_named(card: CardDef, name: str, text: str) -> CardDef:
    """201.4a: 'Equipped creature has "{T}, Sacrifice Blazing Torch: Blazing Torch deals 2 damage to any target"':
    inside the granted ability the card's name is the granting object, and the compiled SELF there reads as that
    object (``Ability.by_granter``, bound in layer 6). Read only where the name and the holder cannot mix: the
    name not in the trigger condition or the cost but "Sacrifice NAME" or "Unattach NAME" (701.3d: Leonin Bola; the
    holder's {T} and "whenever this
    creature attacks" stay the holder's), no word of the effect naming the holder ("this creature", "it"), and no
    "named NAME" (a name, not an object); any other such card is not supported."""
    def key(t: str) -> str:
        return re.sub(r"[^a-z0-9]", "", t.lower())

    ok: set[str] = set()
    for q in re.findall(r'"([^"]*)"', text):
        if not re.search(rf"\b{re.escape(name)}\b", q):
            continue
        m = re.match(r"^((?:whenever|when|at) [^,]+, |[^:\"]+: )(.*)$", q, re.I | re.S)
        head, body = (m.group(1), m.group(2)) if m else ("", q)
        head_rest = re.sub(rf"\b(?:sacrifice|unattach) {re.escape(name)}\b", "", head, flags=re.I)
        if re.search(rf"\b{re.escape(name)}\b", head_rest) or _HOLDER_WORDS.search(body) \
                or re.search(rf"\bnamed {re.escape(name)}\b", q, re.I):
            return replace(card, unsupported=card.unsupported + (GRANTER_NAMED,))
        ok.add(key(re.sub(r"\bthis (?:creature|permanent|artifact|land|enchantment)\b", "SELF",
                          q.replace(name, "SELF"), flags=re.I)))
    abilities = []
    for ab in card.abilities:
        st = ab.static or {}
        inner = st.get("ability") if ab.kind == "static" and st.get("kind") == "grant_ability" else None
        if isinstance(inner, Ability) and key(inner.text) in ok:
            ab = replace(ab, static={**st, "ability": replace(inner, by_granter=True)})
            ok.discard(key(inner.text))
        abilities.append(ab)
    if ok:  # a quotation naming the card that no granted ability was read from
        return replace(card, unsupported=card.unsupported + (GRANTER_NAMED,))
    return replace(card, abilities=tuple(abilities))
