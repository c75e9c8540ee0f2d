"""Static abilities an object has about itself that other rules ask about: "This spell
can't be countered" (CR 101.1, 701.5), "the damage can't be prevented" (615.11), and whether its
activated abilities can be activated (602.5).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.filters import matches
from engine.memo import per_object
from engine.player_statics import spell_uncounterable
from engine.values import condition

if TYPE_CHECKING:
    from engine.game import Game


@per_object
def _static_kinds(abilities: Any) -> frozenset[Any]:
    """The kinds of the static abilities in a list of abilities (a card's, or its characteristics')."""
    return frozenset(ab.static.get("kind") for ab in abilities if ab.kind == "static" and ab.static)


def _own_static(g: "Game", oid: int, kind: str) -> bool:
    """Does object ``oid`` have an active static ability of this kind affecting itself?"""
    o = g.objects.get(oid)
    if o is None:
        return False
    abilities = g.chars(oid).abilities if o.zone == "battlefield" else o.card.abilities
    if kind not in _static_kinds(abilities):
        return False  # no static of that kind at all (most objects)
    for ab in abilities:
        st = ab.static
        if ab.kind == "static" and st and st.get("kind") == kind and st.get("affects", "self") == "self":
            if st.get("condition"):
                if not condition(g, st["condition"], oid, None):
                    continue
            return True
    return False



def cant_be_countered(g: "Game", oid: int) -> bool:
    """101.1 / 701.5: "This spell can't be countered" (a spell, with its condition, if any), or a
    permanent's "Instant and sorcery spells you control can't be countered" that names it."""
    o = g.objects.get(oid)
    return (o is not None and o.zone == "stack" and o.ability is None
            and (_own_static(g, oid, "cant_be_countered") or spell_uncounterable(g, o)
                 or bool(o.chosen.get("uncounterable"))))  # mana that made it so was spent on it (106.6)



def attach_allowed(g: "Game", what: int, to: int) -> bool:
    """"SELF can be attached only to a creature with toughness 4 or greater" (Gate Smasher): the Equipment or Aura
    can't become attached to another object (701.3a), and becomes unattached from one that stops matching
    (704.5n-p)."""
    o = g.objects.get(what)
    if o is None:
        return True
    for ab in o.card.abilities:
        st = ab.static
        if ab.kind == "static" and st and st.get("kind") == "attach_only" and not matches(g, to, st["filter"], what):
            return False
    return True


def may_not_untap(g: "Game", oid: int) -> bool:
    """502.2: "You may choose not to untap SELF during your untap step" (its own static)."""
    return _own_static(g, oid, "may_not_untap")


def unpreventable(g: "Game", src: int) -> bool:
    """615.11: damage this source deals can't be prevented ("the damage can't be prevented")."""
    o = g.objects.get(src)
    if o is None or not any(ab.kind == "static" and ab.static and ab.static.get("kind") == "unpreventable"
                            for ab in o.card.abilities):
        return False
    return _own_static(g, src, "unpreventable")


def rule_in_force(g: "Game", e: dict[str, Any]) -> bool:
    """A rule effect "for as long as you control SELF" applies only while you do (611.2b)."""
    if e.get("until") not in ("while_source", "while_source_tapped"):
        return True
    s = e.get("source")
    return s in g.objects and g.objects[s].zone == "battlefield" and g.controller_of(s) == e.get("controller")


def rule_effects(g: "Game", oid: int) -> list[dict[str, Any]] | tuple[()]:
    """The resolved restriction effects (layer "rule") that name this object, indexed once
    per state of the game: attack and block options ask for every creature (509.1a-c), the
    priority options whether each mana source's abilities may be activated (602.5), and a
    scan of every effect for each would grow with objects times effects."""
    effects = g.effects
    if not effects:
        return ()  # no resolved effect at all (most decisions of most games)
    got = g.__dict__.get("_rule_effects")
    if got is None or got[0] != g._version or got[1] is not effects or got[2] != len(effects):
        by: dict[int, list[dict[str, Any]]] = {}
        for e in effects:
            if e["layer"] == "rule":
                for i in e["objects"]:
                    by.setdefault(i, []).append(e)
        got = g.__dict__["_rule_effects"] = (g._version, effects, len(effects), by)
    return got[3].get(oid, ())


#: the rules that stop a permanent's activated abilities (602.5), and whether mana abilities (605) are spared
ACTIVATION_BARS = {"no_activated_abilities": False, "no_activated_abilities_unless_mana": True}


def loyalty_barred(g: "Game", oid: int) -> bool:
    """602.5, 606.3: "Players can't activate planeswalkers' loyalty abilities" (The Immortal Sun): a rule of the
    permanent ``oid`` that stops its loyalty abilities only."""
    return any(r.get("rule") == "no_loyalty_abilities" for r in g.chars(oid).rules)


#: 602.5: "its activated abilities with {T} in their costs can't be activated" (Serra Bestiary): those only
TAP_BAR = "no_tap_abilities"


def activation_barred(g: "Game", oid: int, mana: bool, tap: bool = True) -> bool:
    """602.5: permanent ``oid``'s activated abilities can't be activated: its own rule (Arrest, Cursed Totem,
    "Activated abilities of artifacts can't be activated") or a resolved effect's (detain, 701.26a); "unless
    they're mana abilities" (Damping Matrix) spares a mana ability (``mana``); "... with {T} in their costs" (Serra
    Bestiary, Katabatic Winds) bars only an ability whose cost has {T} (``tap``)."""
    for r in g.chars(oid).rules:
        k = r.get("rule")
        if k in ACTIVATION_BARS and not (mana and ACTIVATION_BARS[k]) or k == TAP_BAR and tap:
            return True
    for e in rule_effects(g, oid):
        k = e.get("rule")
        if k in ACTIVATION_BARS and not (mana and ACTIVATION_BARS[k]) and rule_in_force(g, e):
            return True
    return False
