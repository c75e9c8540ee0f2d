"""Whether the engine can play a compiled card exactly as written.

A card is supported when the compiler read every sentence (CardDef.unsupported is
empty) and every op, reference filter, trigger event, static kind and keyword it uses
is one this engine executes. Anything else makes it a manual card (issue 4).
"""
from __future__ import annotations

from typing import Any

from engine import costs
from engine.cards.abilities import Ability, CardDef, Cost, Effect
from engine.effects import CONDITION_KEYS, OPS, TOKEN_KINDS
from engine.filters import unknown_keys
from engine.triggers import SUPPORTED as TRIGGER_EVENTS

#: Keywords whose rules this engine implements (CR 702).
KEYWORDS = frozenset({
    "Flying", "Reach", "Haste", "Vigilance", "Defender", "First strike", "Double strike", "Trample",
    "Deathtouch", "Lifelink", "Menace", "Hexproof", "Shroud", "Indestructible", "Flash", "Intimidate",
    "Fear", "Protection", "Enchant", "Equip", "Infect", "Wither", "Shadow",
    "Plainswalk", "Islandwalk", "Swampwalk", "Mountainwalk", "Forestwalk", "Landwalk",
    "Kicker", "Flashback",   # with mana costs only (checked below)
})
STATICS = frozenset({"anthem", "keywords", "restriction", "enters_tapped", "enters_with_counters", "set_pt",
                     "grant_ability", "add_types", "become",
                     "additional_cost", "cost_change", "cant_be_countered", "unpreventable",
                     "alternative_cost"})  # engine/costs.py
RULES = frozenset({"cant_block", "cant_attack", "cant_attack_or_block", "cant_be_blocked", "must_attack",
                   "must_block", "doesnt_untap", "block_only_flying", "extra_block"})


def _walk(x: Any, out: list[str]) -> None:
    """Collect problems in nested args (filters, nested effects, abilities)."""
    if isinstance(x, Effect):
        if x.op not in OPS:
            out.append(f"op {x.op}")
        elif x.op == "emblem":
            from engine.ops.misc import emblem_playable
            if not all(emblem_playable(a) for a in x.args.get("abilities", ())):
                out.append("emblem with a static or non-step ability")
            return
        elif x.op == "if" and isinstance(x.args.get("cond"), dict) and set(x.args["cond"]) - CONDITION_KEYS:
            out.append(f"condition {sorted(set(x.args['cond']) - CONDITION_KEYS)}")
        elif x.op == "exile" and isinstance(x.args.get("what"), dict) and "graveyard_of" in x.args["what"]:
            _walk(x.args["what"]["graveyard_of"], out)  # "exile target player's graveyard"
            _walk({k: v for k, v in x.args.items() if k != "what"}, out)
            return
        elif x.op == "token" and x.args.get("kind") and x.args["kind"] not in TOKEN_KINDS:
            out.append(f"token kind {x.args['kind']}")
        elif x.op == "grant" and x.args.get("choose", 1) != 1:
            out.append("grant a choice of several keywords")
        elif x.op == "action":
            from engine.ops.actions import ACTIONS  # engine.ops.actions: only the actions it carries out
            if x.args.get("name") not in ACTIONS:
                out.append(f"action {x.args.get('name')}")
        _walk(x.args, out)
    elif isinstance(x, Ability):
        out.extend(ability_reasons(x))
    elif isinstance(x, dict):
        if any(x.get(k) == "sacrificed" for k in ("power_of", "toughness_of")):
            return  # the sacrificed object's power as it last existed (engine/costs.py)
        if "mv_of" in x:
            out.append("amount mv_of")  # not read by engine.effects.amount
        if "graveyard_of" in x:
            out.append("reference graveyard_of")  # no op of this engine reads it yet
        for k, v in x.items():
            if k in ("each", "count", "filter", "affects", "by", "except", "choose") and isinstance(v, dict):
                bad = unknown_keys(v)
                if bad:
                    out.append(f"filter keys {sorted(bad)}")
            if k == "choose" and isinstance(v, dict):
                out.append("reference choose")
            _walk(v, out)
    elif isinstance(x, (list, tuple)):
        for v in x:
            _walk(v, out)
    elif isinstance(x, str) and x in ("an_opponent", "exiled", "attacked", "trigger_player_hand", "sacrificed",
                                      "discarded"):
        out.append(f"reference {x}")


def ability_reasons(ab: Ability) -> list[str]:
    out: list[str] = []
    for e in ab.effects:
        _walk(e, out)
    for t in ab.targets:
        bad = unknown_keys(t.filter)
        if bad:
            out.append(f"target filter keys {sorted(bad)}")
    for m in ab.modes:
        out.extend(ability_reasons(m))
    if ab.kind == "triggered" and ab.zone != "battlefield":
        out.append(f"triggered ability from {ab.zone}")  # only permanents' triggers are checked
    if ab.kind == "triggered":
        trig = ab.trigger or {}
        ev = trig.get("event")
        evs = ev if isinstance(ev, list) else [ev]
        from engine.triggers import ALIASES
        for e in evs:
            if e not in TRIGGER_EVENTS and e not in ALIASES:
                out.append(f"trigger {e}")
        if trig.get("filter"):
            bad = unknown_keys(trig["filter"])
            if bad:
                out.append(f"trigger filter {sorted(bad)}")
        if any(k in trig for k in ("batch", "first")):
            out.append("trigger options")
    if ab.condition and set(ab.condition) - CONDITION_KEYS:
        out.append(f"condition {sorted(set(ab.condition) - CONDITION_KEYS)}")
    if ab.kind == "static":
        st = ab.static or {}
        if st.get("kind") not in STATICS:
            out.append(f"static {st.get('kind')}")
        if st.get("kind") == "restriction" and st.get("rule") not in RULES:
            out.append(f"rule {st.get('rule')}")
        if st.get("condition") and set(st["condition"]) - CONDITION_KEYS:
            out.append("static condition")
        out.extend(_cost_static_reasons(st))
        _walk({k: v for k, v in st.items() if k != "kind"}, out)
    if ab.kind in ("activated", "mana") and ab.zone not in ("battlefield", "graveyard"):
        out.append(f"ability from {ab.zone}")
    if ab.kind == "mana" and ab.zone != "battlefield":
        out.append(f"mana ability from {ab.zone}")
    if ab.cost is not None:
        out.extend(costs.cost_problems(ab.cost))
        if ab.zone == "graveyard" and (ab.cost.tap or ab.cost.untap or ab.cost.sacrifice_self
                                       or ab.cost.loyalty is not None or ab.cost.remove_counters):
            out.append("cost of a graveyard ability")
    return out


def _cost_static_reasons(st: dict[str, Any]) -> list[str]:
    """The statics about casting (engine/costs.py): what of them this engine applies."""
    kind = st.get("kind")
    if kind in ("additional_cost", "alternative_cost"):
        c = st.get("cost")
        return costs.additional_problems(c) if isinstance(c, Cost) else ["additional cost"]
    if kind == "cost_change":
        out = costs.change_problems(st)
        if st.get("spells") == "self" and st.get("condition") and set(st["condition"]) - {"control", "min", "max"}:
            out.append("cost_change condition")
        return out
    if kind in ("cant_be_countered", "unpreventable") and st.get("affects", "self") != "self":
        return [f"{kind} of other objects"]
    return []


def unsupported_reasons(card: CardDef) -> list[str]:
    """Why the engine cannot play this card as written ([] when it can)."""
    out = [f"text: {s}" for s in card.unsupported]
    for k in card.keywords:
        if k not in KEYWORDS:
            out.append(f"keyword {k}")
    for ab in card.abilities:
        if ab.keyword in ("Equip",):
            pass
        out.extend(ability_reasons(ab))
    if any(not isinstance(q, str) or q not in ("Plains", "Island", "Swamp", "Mountain", "Forest")
           for q in card.keyword_args.get("Landwalk") or []):
        out.append("landwalk quality")
    for k in ("Kicker", "Flashback"):
        c = card.keyword_args.get(k)
        if k in card.keywords and (c is None or not getattr(c, "mana", None)
                                   or any(getattr(c, f, None) for f in ("tap", "sacrifice", "discard", "life",
                                                                        "exile_self", "sacrifice_self"))):
            out.append(f"{k} cost other than mana")
    if card.keyword_args.get("Protection") and any(not isinstance(q, str) or len(q) != 1
                                                  for q in card.keyword_args["Protection"]):
        out.append("protection quality")
    return out
