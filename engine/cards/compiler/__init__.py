"""The oracle compiler: card data to a CardDef with typed abilities.

Pass 1 (`read_ir`) normalises the text and classifies each paragraph (keywords,
activated, triggered, static, spell, modal); pass 2 (`lower`) turns each item into
Ability objects through the construct modules: keywords, costs, targets, effects,
triggers, statics. A paragraph that does not compile is kept in CardDef.unsupported,
and the card is then played by hand for that text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.cards.abilities import Ability, CardDef, Effect
from engine.cards.compiler.costs import parse_cost_text
from engine.cards.compiler.effects import Ctx, parse_effects
from engine.cards.compiler.keywords import parse_keyword_line
from engine.cards.compiler.statics import parse_static
from engine.cards.compiler.text import normalise
from engine.cards.compiler.triggers import parse_trigger
from engine.mana import cost_colors, parse_cost

BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


@dataclass(frozen=True)
class IrItem:
    """One paragraph classified: kind is keywords | activated | triggered | static | spell | modal."""

    kind: str
    text: str
    head: str = ""   # cost (activated) or condition (triggered)
    body: str = ""


def _split_colon(p: str) -> tuple[str, str] | None:
    quote = False
    for i, ch in enumerate(p):
        if ch == '"':
            quote = not quote
        elif ch == ":" and not quote:
            return p[:i], p[i + 1:]
    return None


def read_ir(text: str, name: str, is_spell: bool) -> list[IrItem]:
    """Pass 1: paragraphs to classified items."""
    paras = normalise(text, name)
    items: list[IrItem] = []
    i = 0
    while i < len(paras):
        p = paras[i]
        if re.match(r"^choose (one|two|one or both|one or more) —", p, re.I):
            bullets = []
            while i + 1 < len(paras) and paras[i + 1].startswith("•"):
                i += 1
                bullets.append(paras[i].lstrip("• ").strip())
            items.append(IrItem("modal", p, head=p, body="\n".join(bullets)))
        elif parse_keyword_line(p) is not None:
            items.append(IrItem("keywords", p))
        elif re.match(r"^(when|whenever|at) ", p, re.I):
            cond, _, body = p.partition(", ")
            items.append(IrItem("triggered", p, head=re.sub(r"^(when|whenever|at) ", "", cond, flags=re.I), body=body))
        elif (sc := _split_colon(p)) is not None and re.match(r"^[{+\-\d]|^(sacrifice|pay|discard|tap|exile|remove)", sc[0].strip(), re.I):
            items.append(IrItem("activated", p, head=sc[0].strip(), body=sc[1].strip()))
        elif is_spell:
            items.append(IrItem("spell", p))
        else:
            items.append(IrItem("static", p))
        i += 1
    return items


def _lower_activated(item: IrItem) -> Ability | None:
    cost = parse_cost_text(item.head)
    body = item.body
    sorcery = False
    m = re.search(r"\s*activate (?:this ability )?only as a sorcery\.?$", body, re.I)
    if m:
        sorcery = True
        body = body[: m.start()]
    ctx = Ctx()
    effects = parse_effects(body, ctx)
    if cost is None or effects is None:
        return None
    is_mana = (not ctx.targets and effects and all(e.op == "add_mana" for e in effects) and cost.loyalty is None)
    return Ability("mana" if is_mana else "activated", item.text, effects=tuple(effects),
                   targets=tuple(ctx.targets), cost=cost,
                   sorcery_speed=sorcery or cost.loyalty is not None)


def _lower_triggered(item: IrItem) -> Ability | None:
    trig = parse_trigger(item.head)
    if trig is None:
        return None
    body = item.body
    cond = None
    m = re.match(r"^if (you control [^,]+|you have \d+ or more life|it's your turn), ", body, re.I)
    if m:  # intervening "if" clause (603.4)
        cond = {"text": m.group(1).lower()}
        body = body[m.end():]
    optional = False
    if re.match(r"^you may ", body, re.I) and not re.match(r"^you may draw a card\.?$", body, re.I):
        optional = True
        body = body[len("you may "):]
    ctx = Ctx(last="it" if not trig.get("self") else None)
    effects = parse_effects(body, ctx)
    if effects is None:
        return None
    return Ability("triggered", item.text, effects=tuple(effects), targets=tuple(ctx.targets),
                   trigger=trig, condition=cond, optional=optional)


def _lower_modal(item: IrItem) -> Ability | None:
    n = {"one": 1, "two": 2}.get(item.head.split()[1].lower())
    if n is None:
        return None
    modes = []
    for line in item.body.split("\n"):
        ctx = Ctx()
        effects = parse_effects(line, ctx)
        if effects is None:
            return None
        modes.append(Ability("mode", line, effects=tuple(effects), targets=tuple(ctx.targets)))
    return Ability("spell", item.text, modes=tuple(modes), choose=n)


def lower(items: list[IrItem], types: tuple[str, ...]) -> tuple[list[str], dict[str, Any], list[Ability], list[str]]:
    """Pass 2: items to keywords, keyword args, abilities, and unsupported paragraphs."""
    keywords: list[str] = []
    kwargs: dict[str, Any] = {}
    abilities: list[Ability] = []
    unsupported: list[str] = []
    spell_effects: list[Effect] = []
    spell_ctx = Ctx()
    for item in items:
        ab: Ability | list[Ability] | None = None
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
        if item.kind == "activated":
            ab = _lower_activated(item)
        elif item.kind == "triggered":
            ab = _lower_triggered(item)
        elif item.kind == "modal":
            ab = _lower_modal(item)
        elif item.kind == "spell":
            effs = parse_effects(item.text, spell_ctx)
            if effs is not None:
                spell_effects += effs
                continue
        elif item.kind == "static":
            statics = parse_static(item.text)
            if statics is not None:
                ab = [Ability("static", item.text, static=s) for s in statics]
        if ab is None:
            unsupported.append(item.text)
        elif isinstance(ab, list):
            abilities += ab
        else:
            abilities.append(ab)
    if spell_effects:
        abilities.insert(0, Ability("spell", "", effects=tuple(spell_effects), targets=tuple(spell_ctx.targets)))
    return keywords, kwargs, abilities, unsupported


def compile_card(data: Any) -> CardDef:
    """Compile a card of the card database (engine.cards.data.CardData or a dict with its fields)."""
    g = (lambda k, d=None: data.get(k, d)) if isinstance(data, dict) else (lambda k, d=None: getattr(data, k, d))
    name = g("name")
    types = tuple(g("types") or ())
    subtypes = tuple(g("subtypes") or ())
    text = g("text") or ""
    is_spell = "Instant" in types or "Sorcery" in types
    items = read_ir(text, name, is_spell)
    keywords, kwargs, abilities, unsupported = lower(items, types)
    # CR 305.6: a basic land type gives its mana ability.
    for st in subtypes:
        if "Land" in types and st in BASIC_MANA:
            sym = BASIC_MANA[st]
            abilities.append(Ability("mana", f"{{T}}: Add {{{sym}}}.",
                                     effects=(Effect("add_mana", {"mana": [sym]}),),
                                     cost=parse_cost_text("{T}")))
    if "Aura" in subtypes and "Enchant" not in keywords:
        unsupported.append("(an Aura without a readable enchant keyword)")
    mana_cost = parse_cost(g("mana_cost") or g("manaCost") or "")
    colors = tuple(g("colors") or ()) or cost_colors(mana_cost)
    return CardDef(
        name=name, mana_cost=mana_cost, types=types, supertypes=tuple(g("supertypes") or ()),
        subtypes=subtypes, colors=colors, power=g("power"), toughness=g("toughness"),
        loyalty=g("loyalty"), text=text, keywords=tuple(dict.fromkeys(keywords)), keyword_args=kwargs,
        abilities=tuple(abilities), unsupported=tuple(unsupported), layout=g("layout") or "normal",
    )
