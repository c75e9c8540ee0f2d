"""Paying mana costs (CR 601.2g-h, 605.3, 106, 107.4): which permanents' mana abilities can
pay, a plan of which to tap for which symbol, and the payment itself (life for Phyrexian
symbols is lost, 119.4).

Also the test of whether a cost has parts that name objects to choose (601.2h), which
decides whether a mana source can be tapped without a question.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, cast

from engine import player_statics, triggers
from engine.actions import colors_among, could_produce, lose_life
from engine.cards.abilities import Ability, Cost, Effect
from engine.errors import IllegalAction
from engine.filters import matches
from engine.mana import (
    CHOSEN,
    POOL_KEYS,
    RESTRICTION_RIDERS,
    ManaError,
    bound_restriction,
    choice_options,
    is_snow_key,
    needs,
    pay_from_pool,
    restricted_key,
    restriction_of,
    snow_key,
)
from engine.memo import per_object
from engine.object_statics import activation_barred
from engine.player_statics import snow_source
from engine.tapping import tap
from engine.targets import name_of as _name
from engine.values import amount, condition

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
        f = dict(cost.discard_filter or {})
        out.append(("discard", f, -1 if f.pop("x", False) else cost.discard))  # -1: "Discard X cards" (107.3)
    if cost.exile_from_graveyard:
        f = dict(cost.exile_from_graveyard)
        out.append(("exile_from_graveyard", f, int(f.pop("amount", 1))))
    if cost.exile_from_hand:
        f = dict(cost.exile_from_hand)
        out.append(("exile_from_hand", f, int(f.pop("amount", 1))))
    if cost.tap_others:
        f = dict(cost.tap_others)
        out.append(("tap_others", f, int(f.pop("amount", 1))))
    if cost.return_to_hand:
        f = dict(cost.return_to_hand)
        out.append(("return_to_hand", f, int(f.pop("amount", 1))))
    if cost.exile_permanent:
        f = dict(cost.exile_permanent)
        out.append(("exile_permanent", f, int(f.pop("amount", 1))))
    if cost.remove_counter_from:  # "Remove two counters from SELF": one part per counter, the first checking that
        f = dict(cost.remove_counter_from)  # there are that many in all (118.3), each kind chosen (121.1)
        times = int(f.pop("times", 1))
        out.append(("remove_counter_from", f, 1))
        rest = {k: v for k, v in f.items() if k != "counters_ge"}
        out += [("remove_counter_from", dict(rest), 1) for _ in range(times - 1)]
    if cost.blight:  # "Blight N" (a later keyword action): one creature you control, N -1/-1 counters on it
        out.append(("blight", {"types": ["Creature"], "blight": cost.blight}, 1))
    if cost.linked_to_graveyard:
        out.append(("linked_to_graveyard", {}, cost.linked_to_graveyard))
    if cost.hand_to_library:  # "Put a card from your hand on top of your library"
        out.append(("hand_to_library", {}, cost.hand_to_library))
    if cost.process:
        out.append(("process", {}, cost.process))
    if cost.reveal:
        out.append(("reveal", dict(cost.reveal), 1))  # up to one (engine/costs.py)
    if cost.reveal_hand:  # "Reveal X white cards from your hand": -1, the X announced (107.3a)
        f = dict(cost.reveal_hand)
        out.append(("reveal_hand", f, int(f.pop("amount", 1))))
    if cost.behold:
        out.append(("behold", dict(cost.behold), 1))
    if cost.craft:  # craft (a later keyword): the materials, permanents and/or graveyard cards
        f = dict(cost.craft)
        out.append(("craft", f, int(f.pop("amount", 1))))
    return out



def has_choices(cost: Cost | None) -> bool:
    """Does paying this cost involve choosing objects (see chosen_parts)?"""
    return cost is not None and bool(cost.sacrifice or cost.discard > 0 or cost.exile_from_graveyard
                                     or cost.exile_from_hand or cost.tap_others or cost.return_to_hand
                                     or cost.linked_to_graveyard or cost.process or cost.reveal
                                     or cost.remove_counter_from or cost.reveal_hand or cost.exile_permanent
                                     or cost.behold or cost.blight or cost.craft or cost.hand_to_library)


def _any_zone(f: Any) -> Any:
    """A restriction's filter read wherever the object is: a card in hand while its cost is
    weighed, a spell on the stack while it is paid (601.2g-h)."""
    if not isinstance(f, dict):
        return f
    out = {k: v for k, v in f.items()}
    out["zone"] = "any_card"
    if isinstance(f.get("or"), list):
        out["or"] = [_any_zone(sub) for sub in f["or"]]
    return out


def usable(g: "Game", player: str, purpose: "tuple[str, int] | None") -> Callable[[str], bool] | None:
    """What a payment is for (``purpose``: ("spell", the card or spell cast) or ("ability", the
    source of the ability activated)) decides which restricted mana may pay (106.6): "Spend
    this mana only to cast creature spells" pays a creature spell's total cost; "... or activate abilities of artifacts"
    also an artifact's abilities; "can't be spent to cast a nonartifact spell" (Powerstone) any
    ability too. None: no purpose named, so no restricted mana pays."""
    if purpose is None:
        return None
    kind, oid = purpose
    seen: dict[str, bool] = {}

    def ok(key: str) -> bool:
        got = seen.get(key)
        if got is None:
            rule = restriction_of(key) or {}
            f: Any = {k: v for k, v in rule.items() if k not in RESTRICTION_RIDERS} if kind == "spell" \
                else rule.get("or_abilities_of")
            got = seen[key] = f is not None and oid in g.objects and matches(g, oid, _any_zone(f), None, player)
        return got
    return ok


def _restriction(ab: Ability) -> dict | None:
    """The restriction on the mana a mana ability adds (106.6), if any."""
    for e in ab.effects:
        if e.op == "add_mana" and e.args.get("only_for"):
            return dict(e.args["only_for"])
    return None


def mana_sources(g: "Game", player: str,
                 exclude: "set[int] | frozenset[int]" = frozenset(),
                 ok: Callable[[str], bool] | None = None) -> list[tuple[int, Ability]]:
    """Untapped permanents with a {T} mana ability this player could activate now, lands first.
    Abilities whose mana is restricted (106.6) count only where ``ok`` accepts their mana."""
    hit = g._msrc.get(player)
    if hit is None:
        hit = _sources(g, player)
    if exclude:  # each source is what it is whatever else is left out: the kept list, filtered
        hit = [(oid, ab) for oid, ab in hit if oid not in exclude]
    if ok is None:
        return hit
    extra = [(oid, ab) for oid, ab in restricted_sources(g, player, exclude) if _ok_ability(g, oid, ab, ok)]
    if not extra:
        return hit
    out = []
    for oid, ab in hit:
        more = [a for i, a in extra if i == oid]
        out.append((oid, _one_tap([ab, *more], g, oid) if more else ab))
    have = {oid for oid, _ in hit}
    for oid in dict.fromkeys(i for i, _ in extra if i not in have):
        out.append((oid, _one_tap([a for i, a in extra if i == oid], g, oid)))
    return out


def _ok_ability(g: "Game", oid: int, ab: Ability, ok: Callable[[str], bool]) -> bool:
    rule = _restriction(ab)
    return rule is not None and ok(restricted_key("C", bound_restriction(rule, g.objects[oid].chosen)))


def restricted_sources(g: "Game", player: str,
                       exclude: "set[int] | frozenset[int]" = frozenset()) -> list[tuple[int, Ability]]:
    """The {T} mana abilities whose mana is restricted (106.6), one entry per ability."""
    key = "#r:" + player
    if key not in g._msrc:
        g._msrc.pop(player, None)
        mana_sources(g, player)  # fills both lists
    kept: list[tuple[int, Ability]] = g._msrc[key]
    return [(oid, ab) for oid, ab in kept if oid not in exclude] if exclude else kept


def _own_keys(player: str) -> tuple[str, ...]:
    """The entries of ``Game._msrc`` that derive from one player's mana sources alone (``_sources``)."""
    return player, "#r:" + player, "#u:" + player, "#k:" + player, "#a:" + player


def _sources(g: "Game", player: str) -> list[tuple[int, Ability]]:
    """``player``'s mana sources (``_mana_sources``), kept in ``g._msrc`` until the next change; and kept across
    changes of turn state too (``Game.turn_state_changed``: a new step, mana spent, a creature tapped to attack) while
    they can't have changed: the same characteristics (613: the same permanents, controllers and abilities), no
    resolved effect (none can bar an activation, 602.5), and each permanent of the player that has a {T} mana ability
    as tapped (602.2b) and as summoning sick (302.6) as it was, when no source's kinds, restriction (602.5b) or
    activation reads anything else of the state (``_mana_sources`` says so in ``seen``). What was derived from them
    (restricted sources, the most they make, their kinds, the answers of ``can_afford``) comes back with them."""
    msrc = g._msrc
    cs = g._chars
    kept: dict[str, Any] | None = g.__dict__.get("_msrc_kept")
    got = kept.get(player) if kept is not None else None
    if kept is not None and got is not None and got[0] is cs and cs is not None and not g.effects:
        objs = g.objects
        tapped_now: set[int] = set()
        for oid, tapped, sick in got[1]:
            o = objs[oid]
            if o.tapped == tapped and o.sick == sick:
                continue
            if o.sick != sick or tapped:  # (untapped since, or no longer summoning sick: found again)
                break
            tapped_now.add(oid)
        else:
            old = got[2]
            checks = got[1]
            if not tapped_now:
                for k in _own_keys(player):
                    if k in old:
                        msrc[k] = old[k]
            else:  # tapped since (602.2b): those are no longer sources, the others are what they were
                checks = tuple((oid, True, sick) if oid in tapped_now else (oid, tapped, sick)
                               for oid, tapped, sick in checks)
                msrc[player] = [s for s in old[player] if s[0] not in tapped_now]
                msrc["#r:" + player] = [s for s in old["#r:" + player] if s[0] not in tapped_now]
                kinds = old.get("#k:" + player)
                if kinds is not None:
                    msrc["#k:" + player] = {oid: k for oid, k in kinds.items() if oid not in tapped_now}
            kept[player] = (cs, checks, msrc)  # (what is derived from them from now on is kept in this one)
            srcs: list[tuple[int, Ability]] = msrc[player]
            return srcs
    seen: list[Any] = [True]
    srcs = msrc[player] = _mana_sources(g, player, frozenset(), seen=seen)
    if seen[0]:
        if kept is None:
            kept = g.__dict__["_msrc_kept"] = {}
        kept[player] = (g._chars, tuple(seen[1:]), msrc)
    elif kept is not None:
        kept.pop(player, None)
    return srcs


def _mana_sources(g: "Game", player: str, exclude: "set[int] | frozenset[int]",
                  restricted: list[tuple[int, Ability]] | None = None,
                  seen: list[Any] | None = None) -> list[tuple[int, Ability]]:
    """The mana sources of ``mana_sources`` found in the state (``seen``: (permanent, tapped, sick) of each
    permanent of the player with a {T} mana ability, after a first item set to False when anything else of the
    state was read: ``_sources``)."""
    lands: list[tuple[int, Ability]] = []
    others: list[tuple[int, Ability]] = []
    if restricted is None:
        restricted = []
        if not exclude:
            g._msrc["#r:" + player] = restricted
    # 201.3, 602.5: "Activated abilities of sources with the chosen name can't be activated" (Phyrexian Revoker)
    locked = player_statics.active(g) and bool(player_statics.statics(g, "name_lock"))
    objs = g.objects
    cs = g.all_chars()  # (every permanent's: Game.chars)
    if seen is not None and (locked or g.effects or player_statics.active(g) and player_statics.statics(
            g, "haste_activation")):
        seen[0] = False  # (what a resolved effect, a name lock or the filter of such a static reads)
    for oid in g.battlefield:
        if exclude and oid in exclude:
            continue
        o = objs[oid]
        if o.tapped and seen is None:
            continue
        c = cs[oid]
        if c.controller != player:
            continue
        shaped = _shaped(c.abilities)
        if not shaped:
            continue  # (no {T} mana ability a payment may activate: nothing below would find one)
        if seen is not None:
            seen.append((oid, o.tapped, o.sick))
            if o.tapped:
                continue
        found: list[Ability] = []
        if (c.rules or g.effects) and activation_barred(g, oid, True):
            continue  # 602.5: "its activated abilities can't be activated" (Arrest, Cursed Totem)
        if locked and player_statics.activate_locked(g, player, oid, True):
            continue
        for ab in shaped:
            if seen is not None and not _steady(ab):
                seen[0] = False
            if _may_activate(g, oid, ab, player):
                if "Creature" in c.types and o.sick and "Haste" not in c.keywords \
                        and not player_statics.haste_activation(g, player, oid):
                    break
                fixed = _fixed(ab)
                if fixed if fixed is not None else produces(ab, g, oid):  # none: "mana of the chosen color" with no
                    # color chosen
                    if _restricted(ab):
                        restricted.append((oid, ab))  # 106.6: only where its mana may be spent
                    else:
                        found.append(ab)
        if found:
            (lands if "Land" in c.types else others).append((oid, _one_tap(found, g, oid)))
    return lands + others


@per_object
def _source_shape(ab: Ability) -> bool:
    """Is this mana ability (605.1a) one a payment may activate while it pays: its cost {T} and nothing
    else to pay or choose, and its effects only adding mana (not "... deals 1 damage to you")? Fixed for
    the ability, so found once."""
    cost = ab.cost
    return cost is not None and cost.tap and not cost.mana \
        and not cost.sacrifice_self and not cost.bottom_self and not cost.life \
        and not cost.return_self \
        and not cost.energy \
        and not cost.mill and not cost.exile_top \
        and not cost.exert_self and not cost.unattach_self \
        and not has_choices(cost) \
        and all(e.op == "add_mana" for e in ab.effects)


@per_object
def _shaped(abilities: Any) -> tuple[Ability, ...]:
    """The mana abilities of a list of abilities (a permanent's, 613) that a payment may activate (``_source_shape``),
    in their order. Fixed for the list, so found once."""
    return tuple(ab for ab in abilities if ab.kind == "mana" and _source_shape(ab))


@per_object
def _fixed(ab: Ability) -> tuple[str, ...] | None:
    """The kinds of mana one activation of a mana ability can make (``produces``) when only the ability decides them
    (its mana symbols, a choice of kinds, "any color": 106.1a, 106.4), found once; None when they depend on the game
    ("for each ...", 605.2; a chosen color, 614.12; 106.7; 105.2)."""
    for e in ab.effects:
        a = e.args
        if e.op == "add_mana" and (a.get("per") or "mana" not in a and "choice" not in a and not (
                "any" in a and not a.get("chosen_color"))):
            return None
        if e.op == "add_mana" and any(CHOSEN in o for o in a.get("choice", ())):
            return None  # "Add {R} or one mana of the chosen color": the permanent's choice (614.12)
    return tuple(produces(ab))


@per_object
def _steady(ab: Ability) -> bool:
    """Does what a mana ability makes, and whether it may be activated, depend on the ability alone: no restriction
    on activating it (602.5b), and its kinds and amounts fixed (``_fixed``; no "X mana" counted in the state, 107.3)?
    Fixed for the ability, so found once."""
    return ab.condition is None and _fixed(ab) is not None and not any(
        e.op == "add_mana" and isinstance(e.args.get("any"), dict) for e in ab.effects)


@per_object
def _restricted(ab: Ability) -> bool:
    """Is the mana this ability adds restricted (106.6: ``_restriction``)? Fixed for the ability."""
    return _restriction(ab) is not None


#: activation restrictions that count activations (602.5b): such a mana ability is activated on its own, not while a
#: cost is paid
_COUNTED = frozenset({"once_each_turn", "times_each_turn", "once_ever"})


def _may_activate(g: "Game", oid: int, ab: Ability, player: str) -> bool:
    """602.5b: a mana ability with a restriction ("Activate only if ...", "Max speed — {T}: Add {R}{R}.") is a source
    only while the restriction allows its activation."""
    cond = ab.condition
    if not cond:
        return True
    if _COUNTED & set(cond):
        return False
    return condition(g, cond, oid, {"controller": player, "ability": ab})


def _one_tap(found: list[Ability], g: "Game", oid: int) -> Ability:
    """The {T} mana abilities of one permanent as one source: tapping it makes what any one of
    them makes (305.6: a land with two basic land types has both abilities; 605.3a one
    activation), each option all the mana of that activation."""
    if len(found) == 1:
        return found[0]
    options: list[list[str]] = []
    for ab in found:  # each option the whole mana one activation makes (106.4: {C}{C} is two)
        options += [o for o in (output(ab, g, oid, m) for m in produces(ab, g, oid)) if o and o not in options]
    return replace(found[0], effects=(Effect(op="add_mana", args={"choice": options}),))



def produces(ab: Ability, g: "Game | None" = None, oid: int | None = None) -> list[str]:
    """Kinds of mana one activation of a simple mana ability (of permanent ``oid``) can make."""
    out: list[str] = []
    for e in ab.effects:
        if e.op == "add_mana":
            if e.get("per") and g is not None and amount(g, e.args["per"], oid) <= 0:
                continue  # "Add {G} for each creature you control" with none: no mana (605.2)
            if "mana" in e.args:
                out += [s for s in e.args["mana"] if not s.isdigit()] or ["C"]
            elif "choice" in e.args:  # "Add {R} or one mana of the chosen color": its color now (614.12)
                for opt in choice_options(e.args["choice"], g.objects[oid].chosen if g is not None and oid in
                                          g.objects else None):
                    out += opt
            elif "any" in e.args and e.args.get("chosen_color") and g is not None:
                c = g.objects[oid].chosen.get("color") if oid in g.objects else None
                out += [c] if c else []  # "one mana of the chosen color" (614.12)
            elif "any" in e.args:
                out += list(e.get("colors") or "WUBRG")  # "in any combination of {R} and/or {G}" (106.1a)
            elif "could_produce" in e.args and g is not None and oid is not None:
                out += could_produce(g, g.chars(oid).controller or "", e.args, oid)  # 106.7
            elif "each_color_among" in e.args and g is not None and oid is not None:
                out += colors_among(g, g.chars(oid).controller or "", e.args["each_color_among"], oid)  # 105.2
    return out



def output(ab: Ability, g: "Game", oid: int, kind: str) -> list[str]:
    """All the mana one activation of a simple mana ability of ``oid`` adds when its
    controller picks ``kind`` (106.4, 605.3): Sol Ring's {C}{C} is two mana, Gilded Lotus's
    "three mana of any one color" three of ``kind``, "Add {R}{G}" both; an option of a
    choice is taken whole, the largest one holding ``kind``. As ``actions.add_mana`` adds it."""
    out: list[str] = []
    for e in ab.effects:
        if e.op != "add_mana":
            continue
        got: list[str] = []
        if "mana" in e.args:
            for s in e.args["mana"]:
                got += ["C"] * int(s) if s.isdigit() else [s]
        elif "choice" in e.args:
            opts = [o for o in choice_options(e.args["choice"], g.objects[oid].chosen if g is not None
                                              and oid in g.objects else None) if kind in o]
            got = [str(k) for k in max(opts, key=lambda o: len(o))] if opts else []
        elif "any" in e.args:
            n = e.args["any"]
            n = max(0, amount(g, n, oid)) if isinstance(n, dict) else int(n)  # "X mana ..., where X is" (107.3)
            if e.args.get("chosen_color"):
                c = g.objects[oid].chosen.get("color") if oid in g.objects else None
                got = [c] * n if c else []
            else:
                got = [kind] * n if kind in (e.get("colors") or "WUBRG") else []
        elif "could_produce" in e.args:
            got = [kind]
        elif "each_color_among" in e.args:  # one of each color among those permanents, all of it (105.2)
            got = colors_among(g, g.chars(oid).controller or "", e.args["each_color_among"], oid)
        if e.get("per"):  # 605.2: "Add {G} for each creature you control"
            got = got * max(0, amount(g, e.args["per"], oid))
        out += got
    return out


def _most(ab: Ability, g: "Game", oid: int) -> int:
    """The most mana one activation of ``ab`` can add (one kind or another). It depends only on
    the state (106.4, 605.2: "for each creature you control"), so it is kept with the mana sources
    until the next change (a plan asks it of every source left for each generic mana); that of an ability whose
    kinds and amounts are fixed (``_steady``: a basic land's, 305.6) is found once for the ability."""
    if _steady(ab):
        return _most_fixed(ab)
    kept: dict[tuple[int, int], tuple[Ability, int]] | None = g._msrc.get("#most")
    if kept is None:
        kept = g._msrc["#most"] = {}
    hit = kept.get((oid, id(ab)))
    if hit is not None and hit[0] is ab:
        return hit[1]
    n = max((len(output(ab, g, oid, m)) for m in produces(ab, g, oid)), default=0)
    kept[(oid, id(ab))] = (ab, n)
    return n


@per_object
def _most_fixed(ab: Ability) -> int:
    """``_most`` of a mana ability whose kinds and amounts depend on the ability alone (``_steady``: no "for each",
    605.2; no chosen color, 614.12; no amount counted in the state, 107.3): the state is not read, so found once."""
    return max((len(output(ab, cast(Any, None), -1, m)) for m in produces(ab)), default=0)


def _fold(pool: dict[str, int], ok: Callable[[str], bool] | None) -> dict[str, int]:
    """The pool as a plan sees it: restricted mana that may pay counted with its kind (106.6),
    the rest left out."""
    if all(len(k) == 1 for k in pool):
        return dict(pool)
    out: dict[str, int] = {}
    for k, v in pool.items():
        if is_snow_key(k):  # kept apart: it alone pays {S} (107.4h)
            out[k] = out.get(k, 0) + v
        elif len(k) == 1 or k[1] == "~" or ok is not None and ok(k):
            out[k[0]] = out.get(k[0], 0) + v
    return out


def plan_payment(g: "Game", player: str, symbols: tuple[str, ...], exclude: set[int],
                 chosen: list[int] | None = None,
                 ok: Callable[[str], bool] | None = None) -> tuple[list[tuple[int, str]], dict[str, int]]:
    """Which sources to tap for which mana, the FORMAT.md way: pool first; then colored
    symbols each from the first source that makes that color; then generic from the sources
    left, the first whose mana is the fewest that covers what is missing (else the most).
    Every activation adds all its mana (106.4, 605.3: Sol Ring's {C}{C}); what the cost does
    not take stays in the pool. Returns the taps (source, kind picked) and the pool after
    paying; raises ManaError. ``ok``: the restricted mana that may pay (``usable``)."""
    pool = _fold(g.players[player].pool, ok)
    srcs = mana_sources(g, player, exclude, ok)
    if chosen is not None:
        by = dict(srcs)
        for c in chosen:
            if c not in by:
                raise ManaError(f"{_name(g, c)} cannot be tapped for mana now")
        srcs = [(c, by[c]) for c in chosen]
    taps: list[tuple[int, str]] = []
    used: set[int] = set()
    phyrexian = any(sym.endswith("/P") for sym in symbols)
    # 118.8: life pays only a Phyrexian symbol (107.4f); no other symbol reads it
    life = g.players[player].life if phyrexian and player_statics.can_pay_life(g, player, 1) else 0
    # a pool holding less mana than the least that pays the cost (107.4: a hybrid symbol 1, a
    # Phyrexian one 0) cannot pay it: it is not tried until the taps have added enough
    least = _least_total(symbols)
    if sum(pool.values()) >= least:
        try:
            test = dict(pool)
            # 107.4f / FORMAT: a Phyrexian symbol is paid with mana when it can be, so the
            # floating mana alone counts only when no life is needed; life here only when the
            # payment names no source at all (named sources are used first, 601.2g-h)
            pay_from_pool(test, symbols, life if chosen == [] else None)
            return taps, test
        except ManaError:
            pass

    def use(oid: int, ab: Ability, m: str) -> None:
        used.add(oid)
        taps.append((oid, m))
        snow = snow_source(g, oid)
        for k in output(ab, g, oid, m) or [m]:
            k = snow_key(k) if snow else k
            pool[k] = pool.get(k, 0) + 1

    # colored symbols, each from the first source making its color; one activation's mana
    # may already cover later symbols, so what is needed is asked again after each
    unmet: set[str] = set()
    if "S" in symbols:  # the colored symbols from the nonsnow sources first: the snow ones pay {S} (107.4h)
        srcs = sorted(srcs, key=lambda s: snow_source(g, s[0]))
    while True:
        need = next((n for n in needs(symbols, pool) if n != "any" and n not in unmet), None)
        if need is None:
            break
        options = need.split("|")
        for oid, ab in srcs:
            if oid in used:
                continue
            made = produces(ab, g, oid)
            if need == "snow":  # {S}: any mana of a snow permanent (107.4h)
                hit = made[0] if made and snow_source(g, oid) else None
            else:
                hit = next((m for m in options if m in made), None)
            if hit is not None:
                use(oid, ab, hit)
                break
        else:
            unmet.add(need)
    if unmet and chosen is None:
        _hopeless(symbols, unmet)
    # generic (and anything still missing) from the sources left
    while True:
        left = [(oid, ab) for oid, ab in srcs if oid not in used]
        if not left or sum(pool.values()) >= least:  # else too little mana to try (see above)
            test = dict(pool)
            try:
                # 107.4f: a Phyrexian symbol is paid with life only where the sources left cannot make the mana
                more = phyrexian and _life_saved(g, pool, symbols, left)
                pay_from_pool(test, symbols, None if more else life)
                if chosen is not None:
                    for oid, ab in left:  # every named source is used (FORMAT: pay: [...])
                        m = produces(ab, g, oid)[0]
                        use(oid, ab, m)
                        for k in output(ab, g, oid, m) or [m]:
                            k = snow_key(k) if snow_source(g, oid) else k
                            test[k] = test.get(k, 0) + 1
                return taps, test
            except ManaError:
                if not left:
                    raise
        oid, ab = _best(g, left, needs(symbols, pool).count("any"))
        use(oid, ab, produces(ab, g, oid)[0])


def _hopeless(symbols: tuple[str, ...], unmet: set[str]) -> None:
    """Raise ManaError when a colored need no source left can meet makes the cost unpayable
    whatever else is tapped (107.4, 107.4e): a need is unmet only when no untapped source makes
    any of its colors (and the pool holds none), so tapping the rest for generic mana never
    adds one. Not so for a Phyrexian symbol (2 life, 107.4f) nor a {2/C} hybrid (2 generic,
    107.4e): those may still be paid otherwise, and the generic phase decides."""
    if any(sym.endswith("/P") for sym in symbols):
        return
    for need in sorted(unmet):
        if "2" not in need.split("|"):
            raise ManaError(f"no {' or '.join('{' + c + '}' for c in need.split('|'))} mana to pay "
                            f"{''.join('{' + s + '}' for s in symbols)}")


def _life_saved(g: "Game", pool: dict[str, int], symbols: tuple[str, ...], left: list[tuple[int, Ability]]) -> bool:
    """Would tapping the sources left (each once, for a color a Phyrexian symbol names when it makes one) pay
    ``symbols`` with less life than the pool alone (107.4f)? Then they are tapped before any life is paid."""
    phy = {c for sym in symbols if sym.endswith("/P") for c in sym.split("/")[:-1]}
    more = dict(pool)
    for oid, ab in left:
        made = produces(ab, g, oid)
        if made:
            k = next((m for m in made if m in phy), made[0])
            more[k] = more.get(k, 0) + 1

    def life_for(p: dict[str, int]) -> float:
        try:
            return pay_from_pool(dict(p), symbols, 10 ** 9).life
        except ManaError:
            return float("inf")
    return life_for(more) < life_for(pool)


def _best(g: "Game", left: list[tuple[int, Ability]], short: int) -> tuple[int, Ability]:
    """The source to tap for ``short`` generic mana: the first whose activation makes the
    fewest mana that still covers it, else the first that makes the most (so no more
    permanents are tapped than needed, 601.2g-h); with one-mana sources, the first."""
    if short <= 1 or len(left) == 1:
        return left[0]
    sizes = [_most(ab, g, oid) for oid, ab in left]
    fit = [(n, i) for i, n in enumerate(sizes) if n >= short]
    i = min(fit)[1] if fit else max(range(len(left)), key=lambda i: (sizes[i], -i))
    return left[i]



def _tap_mana(g: "Game", player: str, oid: int, m: str, ok: Callable[[str], bool] | None) -> list[str]:
    """The pool keys of all the mana tapping ``oid`` for ``m`` adds (106.4, 605.3): of its
    ability that makes the most mana holding ``m`` (as the plan counted it; an unrestricted
    one when as much), restricted as that ability says (106.6)."""
    best: list[str] = []
    rule: dict | None = None
    for i, ab in mana_sources(g, player):
        if i == oid:
            best = output(ab, g, oid, m)
    if ok is not None:
        for i, ab in restricted_sources(g, player):
            r = _restriction(ab)
            if i == oid and r is not None:
                r = bound_restriction(r, g.objects[oid].chosen)  # "of the chosen type" (614.12)
            if i == oid and r is not None and ok(restricted_key("C", r)):
                got = output(ab, g, oid, m)
                # the most mana, or the only one that makes ``m`` (Cavern of Souls: {C}, or a color restricted)
                if len(got) > len(best) or m in got and m not in best:
                    best, rule = got, r
    best = best or [m]
    if rule is not None:
        return [restricted_key(k, rule) for k in best]
    return [snow_key(k) for k in best] if snow_source(g, oid) else best  # 107.4h


def keep_treasure_mana(g: "Game", player: str, added: dict[str, int]) -> None:
    """Remember mana a Treasure's mana ability added to ``player``'s pool, by pool key ("if mana from a Treasure was
    spent to cast it": a later mechanic's wording, Adventures in the Forgotten Realms). What is no longer in the
    pool is forgotten first."""
    p = g.players[player]
    tm = {k: min(v, p.pool.get(k, 0) - added.get(k, 0)) for k, v in p.treasure_mana.items()}
    for k, n in added.items():
        tm[k] = tm.get(k, 0) + n
    p.treasure_mana = {k: v for k, v in tm.items() if v > 0}


def _spend_treasure_mana(g: "Game", player: str, spent: dict[str, int]) -> int:
    """Of the mana just spent (by pool key), how much a Treasure made: that mana is spent first of its kind, as its
    payer may choose (601.2h); what is left of it is what the pool still holds."""
    p = g.players[player]
    if not p.treasure_mana:
        return 0
    used = 0
    tm = dict(p.treasure_mana)
    for k, n in spent.items():
        take = min(n, tm.get(k, 0))
        used += take
        tm[k] = tm.get(k, 0) - take
    p.treasure_mana = {k: min(v, p.pool.get(k, 0)) for k, v in tm.items() if min(v, p.pool.get(k, 0)) > 0}
    return used


def _colors_needed(symbols: tuple[str, ...], pool: dict[str, int], n: int) -> list[str]:
    """``n`` colors for mana of any color added while paying ``symbols`` from ``pool`` (106.1a): the colored
    symbols the pool does not pay yet first, then the first of them again (white when none is colored)."""
    want = [k for k in needs(symbols, pool) if k in ("W", "U", "B", "R", "G")]
    return [want[i] if i < len(want) else (want[0] if want else "W") for i in range(n)]


def pay_mana(g: "Game", player: str, symbols: tuple[str, ...], exclude: set[int],
             chosen: list[int] | None = None, purpose: "tuple[str, int] | None" = None,
             record: int | None = None) -> dict[str, int]:
    """Activate the planned mana abilities (605.3) and pay the cost (601.2h). ``purpose``: what
    the mana is spent on, for restricted mana (106.6; ``usable``); returns the mana
    spent, by kind (WUBRGC, restricted mana under its pool key)."""
    ok = usable(g, player, purpose)
    try:
        taps, _ = plan_payment(g, player, symbols, exclude, chosen, ok)
    except ManaError as e:
        raise IllegalAction(f"cannot pay {''.join('{'+s+'}' for s in symbols)}: {e}") from None
    p = g.players[player]
    keys = [_tap_mana(g, player, oid, m, ok) for oid, m in taps]
    for (oid, m), ks in zip(taps, keys):
        tap(g, oid)  # 701.17a, with its event (603.2d)
        for k in ks:  # 106.4: all the mana of the activation; what the cost leaves stays
            p.pool[k] = p.pool.get(k, 0) + 1
        g.log("mana", player=player, source=g.objects[oid].card.name, mana="".join(k[0] for k in ks))
        # 605.1b: triggered mana abilities, and others; "an additional one mana of any color": of a color the cost
        # still needs (the automatic payment chooses it, as it chooses the other mana abilities' colors)
        triggers.tapped_for_mana(g, player, oid, ks, lambda n: _colors_needed(symbols, p.pool, n))
    g.turn_state_changed()
    try:
        paid = pay_from_pool(p.pool, symbols, p.life, ok)
    except ManaError as e:
        raise IllegalAction(f"cannot pay: {e}") from None
    treasure = _spend_treasure_mana(g, player, paid.spent)
    who = record if record is not None else purpose[1] if purpose is not None and purpose[0] == "spell" else None
    if treasure and who is not None and who in g.objects:  # "if mana from a Treasure was spent to cast it / to
        # activate this ability": kept by the spell (and the permanent it becomes) or the ability on the stack
        o = g.objects[who]
        o.chosen["treasure_spent"] = int(o.chosen.get("treasure_spent", 0)) + treasure
    if paid.life:
        lose_life(g, player, paid.life, paid=True)  # 119.4: paying life is losing it
    if purpose is not None and purpose[0] == "spell" and g.controller_of(purpose[1]) == player:
        # mana spent to cast a spell (601.2h), not a helper's (assist): expend (a later keyword action)
        triggers.expend(g, player, sum(paid.spent.values()))
    return paid.spent



def _least_mana(symbol: str) -> int:
    """The least mana a symbol can be paid with (107.4: hybrid 1, Phyrexian 0 with life)."""
    if symbol.isdigit():
        return int(symbol)
    return 0 if symbol == "X" or symbol.endswith("/P") else 1


_LEAST: dict[tuple[str, ...], int] = {}  # a cost's symbols -> the least mana that pays them


def _least_total(symbols: tuple[str, ...]) -> int:
    """The least mana these symbols can be paid with (``_least_mana`` summed), kept per cost."""
    n = _LEAST.get(symbols) if type(symbols) is tuple else None
    if n is None:
        n = sum(_least_mana(s) for s in symbols)
        if type(symbols) is tuple:
            if len(_LEAST) > 4096:
                _LEAST.clear()
            _LEAST[symbols] = n
    return n


def least_total(symbols: tuple[str, ...]) -> int:
    """The least mana these symbols can be paid with (107.4: a hybrid symbol 1, a Phyrexian one 0, X 0)."""
    return _least_total(symbols)


def most_mana(g: "Game", player: str) -> int | None:
    """The most mana ``player`` could pay a cost with now (for no particular purpose): the pool and the most their
    untapped sources could add (``can_afford`` says no to any cost that needs more); None when a source makes
    restricted mana (106.6)."""
    most = _most_unrestricted(g, player)
    return None if most is None else sum(g.players[player].pool.values()) + most


def has_restricted(g: "Game", player: str) -> bool:
    """Has this player restricted mana (106.6) floating or a source of it untapped? Then what
    a cost can be paid with depends on what it is for."""
    return any(len(k) > 1 and k[1] == "|" for k in g.players[player].pool) or bool(restricted_sources(g, player))


def _one_kind(g: "Game", oid: int, ab: Ability) -> str:
    """The one kind of mana a source makes when each activation adds exactly one mana of one kind
    (a basic land, 305.6); "" for any other source (a choice, {C}{C}, "for each"). Fixed for an ability whose kinds
    and amounts depend on it alone (``_steady``), so found once for it."""
    if _steady(ab):
        return _one_kind_fixed(ab)
    made = produces(ab, g, oid)
    if len(made) != 1:
        return ""
    return made[0] if len(output(ab, g, oid, made[0])) == 1 else ""


@per_object
def _one_kind_fixed(ab: Ability) -> str:
    """``_one_kind`` of a mana ability whose kinds and amounts are fixed (``_steady``): the state is not read."""
    made = produces(ab)
    if len(made) != 1:
        return ""
    return made[0] if len(output(ab, cast(Any, None), -1, made[0])) == 1 else ""


def _counted(g: "Game", player: str, symbols: tuple[str, ...],
             exclude: "set[int] | frozenset[int]") -> bool | None:
    """Whether ``symbols`` can be paid, counted without a plan when every source left makes one
    mana of one kind and the cost and the floating mana are plain (colored, {C} and generic
    symbols; unrestricted mana): then each colored symbol needs a mana of its kind (107.4b-c)
    and the rest any mana, and the plan (``plan_payment``: colored symbols from the sources of
    their kind, then generic from any) pays exactly when those counts allow. None: not such a
    case, the plan decides. The kinds of the untapped sources are kept with them."""
    pool = g.players[player].pool
    if any(len(k) != 1 for k in pool):
        return None
    key = "#k:" + player
    kinds: dict[int, str] | None = g._msrc.get(key)
    if kinds is None:
        srcs = mana_sources(g, player)
        kinds = g._msrc.get(key)  # (kept with the sources)
        if kinds is None:
            kinds = g._msrc[key] = {oid: _one_kind(g, oid, ab) for oid, ab in srcs}
    counts: dict[str, int] = {}
    for oid, k in kinds.items():
        if oid in exclude:
            continue
        if not k:
            return None
        counts[k] = counts.get(k, 0) + 1
    generic = 0
    need: dict[str, int] = {}
    for s in symbols:
        if s.isdigit():
            generic += int(s)
        elif s in POOL_KEYS:
            need[s] = need.get(s, 0) + 1
        else:
            return None  # hybrid, Phyrexian, {S}: the plan decides
    for k, n in need.items():
        if n > pool.get(k, 0) + counts.get(k, 0):
            return False
    return generic + sum(need.values()) <= sum(pool.values()) + sum(counts.values())


def _most_unrestricted(g: "Game", player: str) -> int | None:
    """The most mana all of ``player``'s untapped sources could add (106.4: the larger of their number
    and the sum of each one's most, as ``can_afford`` bounds them), when none of them makes restricted mana
    (106.6); None when one does (then what pays depends on what for). Any sources left out of a payment
    and any purpose can only make fewer, so a cost above this and the pool cannot be paid. Kept with the
    mana sources until the next change."""
    key = "#u:" + player
    if key in g._msrc:
        most: int | None = g._msrc[key]
        return most
    srcs = mana_sources(g, player)
    if key in g._msrc:  # (kept with the sources)
        most = g._msrc[key]
        return most
    most = None if restricted_sources(g, player) else max(len(srcs), sum(_most(ab, g, oid) for oid, ab in srcs))
    g._msrc[key] = most
    return most


def can_afford(g: "Game", player: str, symbols: tuple[str, ...],
               exclude: "set[int] | frozenset[int]" = frozenset(),
               purpose: "tuple[str, int] | None" = None) -> bool:
    """Can this player pay ``symbols`` now (``purpose``: what for, as for ``pay_mana``)? The answer for a cost without
    Phyrexian symbols (which read the life total, 107.4f) depends only on the mana sources and the pool (when no
    source is left out and no restricted mana could pay it), so it is kept with the sources (``_sources``) for that
    pool."""
    if type(symbols) is not tuple:
        return _can_afford(g, player, symbols, exclude, purpose)
    msrc = g._msrc
    if player not in msrc:
        _sources(g, player)  # (which may bring back the answers kept with them)
    pool = g.players[player].pool
    if exclude or purpose is not None:
        # the same answer when only one-letter mana floats and no source makes restricted mana (106.6: then the purpose
        # admits nothing more) and no source is left out
        if any(len(k) != 1 for k in pool) or restricted_sources(g, player) or exclude and any(
                oid in exclude for oid, _ in mana_sources(g, player)):
            return _can_afford(g, player, symbols, exclude, purpose)
    key = "#a:" + player
    kept: tuple[dict[str, int], dict[tuple[str, ...], bool]] | None = msrc.get(key)
    if kept is None or kept[0] != pool:
        kept = msrc[key] = (dict(pool), {})
    ok = kept[1].get(symbols)
    if ok is None:
        ok = _can_afford(g, player, symbols, exclude, purpose)
        if not any(s.endswith("/P") for s in symbols):
            kept[1][symbols] = ok
    return ok


def _can_afford(g: "Game", player: str, symbols: tuple[str, ...], exclude: "set[int] | frozenset[int]",
                purpose: "tuple[str, int] | None") -> bool:
    """``can_afford`` worked out."""
    # more mana than the pool and the sources hold can never be planned: say no before planning
    need = _least_total(symbols)
    have = sum(g.players[player].pool.values())
    if need > have:  # (the sources' own bound first: it holds whatever is left out or paid for)
        most = _most_unrestricted(g, player)
        if most is not None and need > have + most:
            return False
    ok = usable(g, player, purpose)
    srcs = mana_sources(g, player, exclude, ok)
    if need > have + len(srcs) and need > have + sum(_most(ab, g, oid) for oid, ab in srcs):
        return False  # 106.4: a source making {C}{C} counts two
    if ok is None or not restricted_sources(g, player):  # no restricted source: ``ok`` changes nothing
        counted = _counted(g, player, symbols, exclude)
        if counted is not None:
            return counted
    try:
        plan_payment(g, player, symbols, set(exclude), None, ok)
        return True
    except ManaError:
        return False
