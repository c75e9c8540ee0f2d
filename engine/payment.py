"""Paying mana costs (CR 601.2g-h, 605.3, 106, 107.4): which permanents' mana abilities can
pay, a plan of which to tap for which symbol, and the payment itself (life for Phyrexian
symbols is lost, 119.4).

Also the test of whether a cost has parts that name objects to choose (601.2h), which
decides whether a mana source can be tapped without a question.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine import player_statics
from engine.actions import could_produce, lose_life
from engine.cards.abilities import Ability, Cost, Effect
from engine.errors import IllegalAction
from engine.mana import ManaError, needs, pay_from_pool
from engine.tapping import tap
from engine.targets import name_of as _name
from engine.values import amount

if TYPE_CHECKING:
    from engine.game import Game


def chosen_parts(cost: Cost) -> list[tuple[str, dict[str, Any], int]]:
    """(part, filter, how many) for each part of ``cost`` that names objects to choose, in
    the order they are paid (601.2h lets the player pay in any order; the result is the same)."""
    out: list[tuple[str, dict[str, Any], int]] = []
    if cost.sacrifice:
        f = dict(cost.sacrifice)
        out.append(("sacrifice", f, int(f.pop("amount", 1))))
    if cost.discard and cost.discard > 0:
        out.append(("discard", dict(cost.discard_filter or {}), cost.discard))
    if cost.exile_from_graveyard:
        f = dict(cost.exile_from_graveyard)
        out.append(("exile_from_graveyard", f, int(f.pop("amount", 1))))
    if cost.tap_others:
        f = dict(cost.tap_others)
        out.append(("tap_others", f, int(f.pop("amount", 1))))
    if cost.return_to_hand:
        out.append(("return_to_hand", dict(cost.return_to_hand), 1))
    if cost.linked_to_graveyard:
        out.append(("linked_to_graveyard", {}, cost.linked_to_graveyard))
    return out



def has_choices(cost: Cost | None) -> bool:
    """Does paying this cost involve choosing objects (see chosen_parts)?"""
    return cost is not None and bool(cost.sacrifice or cost.discard > 0 or cost.exile_from_graveyard
                                     or cost.tap_others or cost.return_to_hand or cost.linked_to_graveyard)


def mana_sources(g: "Game", player: str,
                 exclude: "set[int] | frozenset[int]" = frozenset()) -> list[tuple[int, Ability]]:
    """Untapped permanents with a {T} mana ability this player could activate now, lands first."""
    if not exclude:
        hit = g._msrc.get(player)
        if hit is None:
            hit = g._msrc[player] = _mana_sources(g, player, exclude)
        return hit
    return _mana_sources(g, player, exclude)



def _mana_sources(g: "Game", player: str, exclude: "set[int] | frozenset[int]") -> list[tuple[int, Ability]]:
    lands: list[tuple[int, Ability]] = []
    others: list[tuple[int, Ability]] = []
    for oid in g.battlefield:
        if oid in exclude:
            continue
        o = g.objects[oid]
        if o.tapped:
            continue
        c = g.chars(oid)
        if c.controller != player:
            continue
        found: list[Ability] = []
        for ab in c.abilities:
            if ab.kind == "mana" and ab.cost is not None and ab.cost.tap and not ab.cost.mana \
                    and not ab.cost.sacrifice_self and not ab.cost.life and not has_choices(ab.cost):
                if "Creature" in c.types and o.sick and "Haste" not in c.keywords:
                    break
                if produces(ab, g, oid):  # none: "mana of the chosen color" with no color chosen
                    found.append(ab)
        if found:
            (lands if "Land" in c.types else others).append((oid, _one_tap(found, g, oid)))
    return lands + others


def _one_tap(found: list[Ability], g: "Game", oid: int) -> Ability:
    """The {T} mana abilities of one permanent as one source: tapping it makes one mana of
    any kind one of them makes (305.6: a land with two basic land types has both abilities)."""
    if len(found) == 1:
        return found[0]
    kinds: list[str] = []
    for ab in found:
        kinds += [m for m in produces(ab, g, oid) if m not in kinds]
    return replace(found[0], effects=(Effect(op="add_mana", args={"choice": [[m] for m in kinds]}),))



def produces(ab: Ability, g: "Game | None" = None, oid: int | None = None) -> list[str]:
    """Kinds of mana one activation of a simple mana ability (of permanent ``oid``) can make."""
    out: list[str] = []
    for e in ab.effects:
        if e.op == "add_mana":
            if e.get("per") and g is not None and amount(g, e.args["per"], oid) <= 0:
                continue  # "Add {G} for each creature you control" with none: no mana (605.2)
            if "mana" in e.args:
                out += [s for s in e.args["mana"] if not s.isdigit()] or ["C"]
            elif "choice" in e.args:
                for opt in e.args["choice"]:
                    out += opt
            elif "any" in e.args and e.args.get("chosen_color") and g is not None:
                c = g.objects[oid].chosen.get("color") if oid in g.objects else None
                out += [c] if c else []  # "one mana of the chosen color" (614.12)
            elif "any" in e.args:
                out += list("WUBRG")
            elif "could_produce" in e.args and g is not None and oid is not None:
                out += could_produce(g, g.chars(oid).controller or "", e.args, oid)  # 106.7
    return out



def plan_payment(g: "Game", player: str, symbols: tuple[str, ...], exclude: set[int],
                 chosen: list[int] | None = None) -> tuple[list[tuple[int, str]], dict[str, int]]:
    """Which sources to tap for which mana, the FORMAT.md way: pool first; then colored
    symbols each from the first source that makes that color; then generic from the first
    sources left. Returns the taps and the pool after paying; raises ManaError."""
    pool = dict(g.players[player].pool)
    srcs = mana_sources(g, player, exclude)
    if chosen is not None:
        by = dict(srcs)
        for c in chosen:
            if c not in by:
                raise ManaError(f"{_name(g, c)} cannot be tapped for mana now")
        srcs = [(c, by[c]) for c in chosen]
    taps: list[tuple[int, str]] = []
    used: set[int] = set()
    life = g.players[player].life if player_statics.can_pay_life(g, player, 1) else 0  # 118.8
    try:
        test = dict(pool)
        # 107.4f / FORMAT: a Phyrexian symbol is paid with mana when it can be, so the
        # floating mana alone counts only when no life is needed
        pay_from_pool(test, symbols, None if chosen is None else life)
        return taps, test
    except ManaError:
        pass
    for need in needs(symbols, pool):
        if need == "any":
            continue
        options = need.split("|")
        for oid, ab in srcs:
            if oid in used:
                continue
            made = produces(ab, g, oid)
            hit = next((m for m in options if m in made), None)
            if hit is None and "2" in options:
                continue
            if hit is not None:
                used.add(oid)
                taps.append((oid, hit))
                pool[hit] = pool.get(hit, 0) + 1
                break
    # generic (and anything still missing) from the first sources left
    while True:
        test = dict(pool)
        try:
            pay_from_pool(test, symbols, life)
            if chosen is not None:
                for oid, ab in srcs:  # every named source is used (FORMAT: pay: [...])
                    if oid not in used:
                        used.add(oid)
                        m = produces(ab, g, oid)[0]
                        taps.append((oid, m))
                        test[m] = test.get(m, 0) + 1
            return taps, test
        except ManaError:
            nxt = next(((oid, ab) for oid, ab in srcs if oid not in used), None)
            if nxt is None:
                raise
            oid, ab = nxt
            used.add(oid)
            m = produces(ab, g, oid)[0]
            taps.append((oid, m))
            pool[m] = pool.get(m, 0) + 1



def pay_mana(g: "Game", player: str, symbols: tuple[str, ...], exclude: set[int],
             chosen: list[int] | None = None) -> None:
    """Activate the planned mana abilities (605.3) and pay the cost (601.2h)."""
    try:
        taps, _ = plan_payment(g, player, symbols, exclude, chosen)
    except ManaError as e:
        raise IllegalAction(f"cannot pay {''.join('{'+s+'}' for s in symbols)}: {e}") from None
    p = g.players[player]
    for oid, m in taps:
        tap(g, oid)  # 701.17a, with its event (603.2d)
        p.pool[m] = p.pool.get(m, 0) + 1
        g.log("mana", player=player, source=g.objects[oid].card.name, mana=m)
        player_statics.tapped_for_mana(g, player, oid)  # 605.1b: triggered mana abilities
    g.turn_state_changed()
    try:
        paid = pay_from_pool(p.pool, symbols, p.life)
    except ManaError as e:
        raise IllegalAction(f"cannot pay: {e}") from None
    if paid.life:
        lose_life(g, player, paid.life)  # 119.4: paying life is losing it



def _least_mana(symbol: str) -> int:
    """The least mana a symbol can be paid with (107.4: hybrid 1, Phyrexian 0 with life)."""
    if symbol.isdigit():
        return int(symbol)
    return 0 if symbol == "X" or symbol.endswith("/P") else 1



def can_afford(g: "Game", player: str, symbols: tuple[str, ...],
               exclude: "set[int] | frozenset[int]" = frozenset()) -> bool:
    # the planner taps each source for one mana: more mana than the pool and the sources
    # hold can never be planned, so say no before planning
    need = sum(_least_mana(s) for s in symbols)
    if need > sum(g.players[player].pool.values()) + len(mana_sources(g, player, exclude)):
        return False
    try:
        plan_payment(g, player, symbols, set(exclude))
        return True
    except ManaError:
        return False
