"""Combat (CR 506-511): attackers, blockers, damage assignment order and combat damage."""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, cast

from engine import payment, player_statics, seats, triggers, values
from engine.actions import deal_damage_batch, exert, lose_life, remove_from_combat  # noqa: F401 (506.4)
from engine.cards.abilities import Ability, Effect
from engine.cards.data import fold_key
from engine.choices import NeedChoice
from engine.errors import IllegalAction
from engine.filters import matches
from engine.object_statics import rule_effects
from engine.object_statics import rule_in_force as active
from engine.protection import protected
from engine.tapping import tap

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Decision


def combat_power(g: "Game", oid: int) -> int:
    """The combat damage a creature assigns: its power, or its toughness when an effect says
    it "assigns combat damage equal to its toughness rather than its power", none when one
    says it "assigns no combat damage this turn" (510.1a)."""
    c = g.chars(oid)
    if not c.rules and not rule_effects(g, oid):
        return c.power  # no rule names it (the common case)
    if has_rule(g, oid, "no_combat_damage"):
        return 0
    return c.toughness if has_rule(g, oid, "damage_by_toughness") else c.power


def has_rule(g: "Game", oid: int, rule: str) -> bool:
    """A restriction or requirement static (or effect) that applies to this object ("must_block"
    that names an attacker is provoke's, ``provoked``)."""
    c = g.chars(oid)
    if not c.rules and rule != "must_attack" and not rule_effects(g, oid):
        return False  # no static nor resolved effect names a rule for it (most objects, most of the time)
    if rule in ("must_attack", "must_block") and _has_plain_rule(g, oid, c, "must_attack_or_block"):
        return True  # "SELF attacks or blocks each combat if able" (Relentless Raptor: 508.1d, 509.1c)
    if rule == "must_block":  # not provoke's, which names an attacker
        return any(r.get("rule") == rule and "attacker" not in r for r in c.rules) or \
            any(e.get("rule") == rule and "attacker" not in e and active(g, e) for e in rule_effects(g, oid))
    if any(r.get("rule") == rule for r in c.rules):
        return True
    if rule == "must_attack" and _player_requirements(g, oid, c.controller):
        return True  # "During target opponent's next turn, creatures that player controls attack SELF if able"
    return any(e.get("rule") == rule and active(g, e) for e in rule_effects(g, oid))


def _has_plain_rule(g: "Game", oid: int, c: Any, rule: str) -> bool:
    """Does a static or a resolved effect give this object ``rule``?"""
    return any(r.get("rule") == rule for r in c.rules) or any(e.get("rule") == rule and active(g, e)
                                                             for e in rule_effects(g, oid))


def _player_requirements(g: "Game", oid: int, controller: str | None) -> list[Any]:
    """508.1d: what a requirement on its controller's creatures says this creature attacks if able ("SELF", "you":
    while that one can be attacked; None: anything); none outside that player's next turn (Gideon Jura)."""
    if controller is None or not player_statics.active(g) or not player_statics.statics(g, "must_attack"):
        return []
    targets = attack_targets(g)
    return [t for t in player_statics.attack_requirements(g, controller) if t is None or t in targets]


def provoked(g: "Game", oid: int) -> list[int]:
    """The attackers this creature must block if able ("blocks SELF this combat if able": provoke,
    702.38a): one requirement each (509.1c)."""
    return [e["attacker"] for e in rule_effects(g, oid) if e.get("rule") == "must_block" and "attacker" in e
            and active(g, e) and g.objects.get(e["attacker"]) is not None
            and g.objects[e["attacker"]].attacking is not None]


def attackers(g: "Game") -> list[int]:
    return [i for i in g.battlefield if g.objects[i].attacking is not None]


def can_attack(g: "Game", oid: int) -> bool:
    """508.1a-c: an untapped creature the active player has controlled since the turn began."""
    o = g.objects[oid]
    if o.zone != "battlefield":
        return False  # 506.1, 702.25d: only a creature on the battlefield (a phased-out one is treated as though it
        # doesn't exist)
    c = g.chars(oid)
    if "Creature" not in c.types or not seats.is_active(g, c.controller) or o.tapped:
        return False
    if o.sick and "Haste" not in c.keywords and not has_rule(g, oid, "attack_as_haste"):  # 302.6; haste, 702.10b
        return False  # ("can attack as though it had haste": Instill Energy; its {T} abilities still wait, 302.6)
    if "Defender" in c.keywords and not has_rule(g, oid, "attack_despite_defender") \
            or has_rule(g, oid, "cant_attack") or has_rule(g, oid, "cant_attack_or_block"):
        return False  # defender, 702.3b
    if (_defender_rules(g, oid) or _forbids(g, oid)) \
            and not any(may_attack(g, oid, t) for t in attack_targets(g)):
        return False  # 508.1c: no player or planeswalker it may attack
    return True


def _forbids(g: "Game", oid: int) -> list[tuple[int, str, dict[str, Any]]]:
    """The statics "FILTER can't attack you (or planeswalkers you control)" (Elephant Grass, Blazing Archon,
    Reverence: 508.1c) that speak of this creature: (source, the player it protects, static)."""
    sts = player_statics.statics(g, "attack_forbid") if player_statics.active(g) else ()
    return [(src, ctl, st) for src, ctl, st in sts if _speaks_of(g, oid, st, src)]


def _speaks_of(g: "Game", oid: int, st: dict[str, Any], src: int) -> bool:
    """Does a player's static (attack_forbid, goaded) apply to this creature: its filter, or "enchanted creature",
    "equipped creature" ("attached": the permanent its source is attached to, 303.4, 301.5)?"""
    aff = st.get("affects") or {}
    if aff == "attached":
        return src in g.objects and g.objects[src].attached_to == oid
    return isinstance(aff, dict) and matches(g, oid, aff, src)


def _defender_rules(g: "Game", oid: int) -> list[dict[str, Any]]:
    """The "can't attack unless defending player controls ..." restrictions on a creature
    (508.1c: restrictions that name the player it would attack; Islandwalk's old companions)."""
    rule = "cant_attack_unless_defender_controls"
    out = [r for r in g.chars(oid).rules if r.get("rule") == rule]
    return out + [e for e in rule_effects(g, oid) if e.get("rule") == rule and active(g, e)]


def goaders(g: "Game", oid: int) -> list[str]:
    """The players who goaded this creature and whose goad still lasts (until their next turn); and the controllers
    of the statics that say it "is goaded" (an Aura's or Equipment's: as long as it applies, 611.3a)."""
    out = [e["goaded_by"] for e in rule_effects(g, oid) if e.get("goaded_by") and active(g, e)]
    if player_statics.active(g):
        out += [ctl for src, ctl, st in player_statics.statics(g, "goaded") if _speaks_of(g, oid, st, src)]
    return out


def goad_targets(g: "Game", oid: int) -> list[Any] | None:
    """The attack targets a creature must choose among (508.1d: it obeys as many requirements as
    it can): the player an effect says it attacks if able (encore's token copies, "attacks that
    opponent this turn if able"); for a goaded creature, "attack" and "attack a player other than
    the goading players", the other players it may attack. None when no such requirement applies
    or it can attack none of them (then attacking anything it may obeys the most)."""
    effs = rule_effects(g, oid)
    named = [e["attack_player"] for e in effs if e.get("attack_player") and active(g, e)]
    named += [t for t in _player_requirements(g, oid, g.chars(oid).controller) if t is not None]  # SELF: Gideon
    ds = seats.defenders(g, g.active) + [t for t in named if isinstance(t, int)]
    want = [p for p in named if p in ds and may_attack(g, oid, p)]
    if want:
        return want
    by = goaders(g, oid)
    if not by:
        return None
    others = [p for p in ds if p not in by and may_attack(g, oid, p)]
    return others or None


def may_attack(g: "Game", oid: int, target: Any) -> bool:
    """508.1c: may this creature attack that player or planeswalker? Only when the defending
    player (the planeswalker's controller, 506.2) controls a permanent each "can't attack
    unless defending player controls ..." restriction on it asks for."""
    rules = _defender_rules(g, oid)
    forbids = _forbids(g, oid)
    if not rules and not forbids:
        return True
    defender = attacked_player(g, target)
    for _, ctl, st in forbids:  # "can't attack you": that player, and the planeswalkers too where it says so
        if st.get("anyone"):  # "... can't attack" (Ensnaring Bridge): no player or planeswalker at all
            return False
        mine = g.team_of[ctl] if g.variant == "two_headed_giant" else (ctl,)  # 810.7c: "you" is the team
        if defender in mine and (isinstance(target, str) or st.get("walkers")):
            return False
    if not rules:
        return True
    if defender is None:
        return False
    cs = g.all_chars()
    return all(_defender_allows(g, cs, oid, defender, r) for r in rules)


def _defender_allows(g: "Game", cs: dict[int, Any], oid: int, defender: str, r: dict[str, Any]) -> bool:
    """One "can't attack unless defending player ..." restriction, for that defending player (508.1c): what they
    control, how many cards are in their graveyard, whether they are poisoned (121.1c)."""
    if "defender_graveyard_ge" in r:
        return len(g.players[defender].graveyard) >= int(r["defender_graveyard_ge"])
    if r.get("defender_poisoned"):
        return g.players[defender].poison > 0
    if "you_more" in r:  # "... unless you control more creatures than defending player" (Mogg Toady)
        ctl = cs[oid].controller
        return sum(1 for i in g.battlefield if cs[i].controller == ctl and matches(g, i, r["you_more"], oid)) > \
            sum(1 for i in g.battlefield if cs[i].controller == defender and matches(g, i, r["you_more"], oid))
    has = any(cs[i].controller == defender and matches(g, i, r.get("what") or {}, oid) for i in g.battlefield)
    return not has if r.get("defender_lacks") else has  # "can't attack if defending player controls ..." (Orgg)


def possible_attackers(g: "Game") -> list[int]:
    return [i for i in g.battlefield if can_attack(g, i)]


def attack_targets(g: "Game") -> list[Any]:
    """506.2, 802.2, 803.1: the defending players and the planeswalkers they control (engine/
    seats.defenders: every opponent, or the one to the left or right, within range)."""
    ds = seats.defenders(g, g.active)
    cs = g.all_chars()
    return ds + [i for i in g.battlefield if "Planeswalker" in cs[i].types and cs[i].controller in ds]


def attacked_player(g: "Game", target: Any) -> str | None:
    """The player an attacker attacks: the player, or the controller of the planeswalker."""
    if isinstance(target, str):
        return target or None
    return g.chars(target).controller if target in g.objects else None




def attackers_of(g: "Game", defender: str) -> list[int]:
    """802.4a: the creatures attacking ``defender`` or a planeswalker they control (in
    Two-Headed Giant, 810.7d: every attacking creature, for any defending player)."""
    if g.variant == "two_headed_giant":
        return attackers(g)
    return [i for i in g.battlefield if g.objects[i].attacking is not None
            and attacked_player(g, g.objects[i].attacking) == defender]


def next_defender(g: "Game", after: str | None) -> None:
    """509.1 / 802.4: each defending player declares blockers in APNAP order; after the last
    (or with none attacked), players get priority (509.5)."""
    order = [p for p in seats.apnap(g) if not seats.is_active(g, p) and attackers_of(g, p)]
    if g.variant == "two_headed_giant":  # 810.7d: one combined block, declared once for the team by its
        order = [seats.primary(g, order[0])] if order and after is None else []  # primary player (805.2)
    if after is not None:
        i = g.order.index(after)
        order = [p for p in order if (g.order.index(p) - g.order.index(g.active)) % len(g.order)
                 > (i - g.order.index(g.active)) % len(g.order)]
    if order:
        g.wait = {"kind": "blockers", "player": order[0]}
    else:
        g._give_priority()


def _without_company(g: "Game", ids: list[int], what: str) -> str | None:
    """508.1c, 509.1b: a creature declared with "SELF can't attack (block) unless at least two other creatures attack
    (block) / a creature with greater power also attacks" whose fellow attackers (blockers) don't meet it, as words."""
    for a in ids:
        for r in g.chars(a).rules:
            if r.get("rule") == "needs_company" and r.get("what") == what:
                n = sum(1 for x in ids if x != a and matches(g, x, r["filter"], a, g.chars(a).controller))
                if n < int(r.get("n", 1)):
                    return f"{_n(g, a)} can't {what} unless {r.get('n', 1)} other such creature(s) also {what}"
    return None


def combat_limits(g: "Game", what: str) -> list[tuple[int, str | None]]:
    """508.1c, 509.1b: the limits "No more than N creatures can attack [you] / block each combat" working now: (N, the
    player the attackers counted attack, or None for every attacker or blocker)."""
    sts = player_statics.statics(g, "combat_limit") if player_statics.active(g) else ()
    return [(int(st["n"]), ctl if st.get("you") else None) for src, ctl, st in sts if st.get("what") == what
            and not (st.get("condition") and not values.condition(g, st["condition"], src, None))]


def _over_limit(decl: dict[Any, Any], limits: list[tuple[int, str | None]]) -> str | None:
    """The limit an attack declaration (attacker -> what it attacks) breaks, as words; None if none."""
    for n, who in limits:
        if sum(1 for t in decl.values() if who is None or t == who) > n:
            return f"no more than {n} creature(s) can attack{' ' + who if who else ''} each combat (508.1c)"
    return None


def within_limits(options: dict[str, Any], kind: str, decl: dict[Any, Any]) -> dict[Any, Any]:
    """A bot's declaration cut to the limits the decision's hints name ("max_attackers", "max_blockers": 508.1c,
    509.1b), the creatures a requirement names kept first (508.1d, 509.1c)."""
    if kind == "attackers":
        limits = [(int(n), who) for n, who in options.get("max_attackers") or ()]
        if not limits or not _over_limit(decl, limits):
            return decl
        must = {str(a) for a in options.get("must", ())}
        out: dict[Any, Any] = {}
        for a in sorted(decl, key=lambda x: str(x) not in must):
            if not _over_limit({**out, a: decl[a]}, limits):
                out[a] = decl[a]
        return out
    n = options.get("max_blockers")
    if n is None or len(decl) <= int(n):
        return decl
    must = {str(b) for b in options.get("must") or {}}
    return {b: decl[b] for b in sorted(decl, key=lambda x: str(x) not in must)[:int(n)]}


def declare_attackers(g: "Game", player: str, decl: Any, bands: Any = None, enlist: Any = None) -> None:
    """508.1: declare attackers; they tap (508.1f) unless they have vigilance. The list form
    (no targets named) attacks the one defending player, if there is one. ``bands``: the attacking
    bands declared with them (702.21c-d); ``enlist``: attacker -> the creature it enlists (enlist_pairs)."""
    if isinstance(decl, list):
        ds = seats.defenders(g, player)
        if decl and len(ds) != 1:
            raise IllegalAction("name the player or planeswalker each creature attacks (508.1b, 802.3)")
        decl = {a: ds[0] for a in decl}
    decl = {_int(k): _int(v) for k, v in dict(decl).items()}
    legal_targets = attack_targets(g)
    for a, t in decl.items():
        if a not in g.objects or not can_attack(g, a):
            raise IllegalAction(f"{_n(g, a)} cannot attack (508.1a: untapped, no summoning sickness, no defender)")
        if t not in legal_targets or not may_attack(g, a, t):
            raise IllegalAction(f"{_n(g, a)} cannot attack {_n(g, t)}")
    if len(decl) == 1:  # 506.5 / 508.1b: "can't attack alone"
        (a,) = decl
        if _alone(g, a, "attack"):
            raise IllegalAction(f"{_n(g, a)} can't attack alone (506.5, 508.1b)")
    lonely = _without_company(g, list(decl), "attack")
    if lonely:
        raise IllegalAction(lonely)
    limits = combat_limits(g, "attack")
    over = _over_limit(decl, limits) if limits else None
    if over:
        raise IllegalAction(over)
    # 508.1d: requirements — a creature that must attack does if able (not if it would cost); with a limit on the
    # number of attackers, as many of them as the limit lets attack (each other attacker one of them)
    for i in possible_attackers(g):
        free = [t for t in legal_targets if not attack_cost(g, {i: t}) and not attack_life(g, {i: t})]
        if i not in decl and has_rule(g, i, "must_attack") and free:
            if limits and all(_over_limit({**decl, i: t}, limits) for t in free) \
                    and all(has_rule(g, a, "must_attack") for a in decl):
                continue
            raise IllegalAction(f"{_n(g, i)} attacks each combat if able")
    why = _one_attacker_requirements(g, player, decl, legal_targets)
    if why:
        raise IllegalAction(why)
    for a, t in decl.items():  # goad: a player other than the goading player if able (508.1d)
        others = goad_targets(g, a)
        if others is not None and t not in others:
            raise IllegalAction(f"{_n(g, a)} must attack {' or '.join(map(str, others))} if able (508.1d)")
    cost = attack_cost(g, decl)
    life = attack_life(g, decl)
    tapped = {a for a in decl if "Vigilance" not in g.chars(a).keywords}  # vigilance, 702.20b
    if cost and not payment.can_afford(g, player, cost, tapped):   # 508.1g-i: no partial payment
        raise IllegalAction(f"attacking so costs {''.join('{' + s + '}' for s in cost)}, "
                            "more than you can pay (508.1g, 802.3a)")
    if life and not player_statics.can_pay_life(g, player, life):  # 119.4: only with that much life
        raise IllegalAction(f"attacking so costs {life} life, more than you can pay (508.1g, 119.4)")
    groups = _bands(g, decl, bands)
    enlisted = enlist_pairs(g, player, decl, enlist)
    for a, t in decl.items():
        o = g.objects[a]
        o.attacking = t
        if a in groups:
            o.chosen["band"] = groups[a]  # 702.21e: for the rest of combat
        if a in tapped:
            tap(g, a, attacking=True)  # 508.1f, with its event (603.2d)
    g.turn_state_changed()  # tapped and attacking now (506.4): "other tapped creatures you control have deathtouch"
    if cost:  # 508.1g-i: the total cost, locked in; mana abilities, then the payment
        payment.pay_mana(g, player, cost, set())
        g.log("attack_cost", player=player, mana="".join("{" + s + "}" for s in cost))
    if life:  # 119.4: paying life is losing it
        lose_life(g, player, life)
        g.log("attack_cost", player=player, life=life)
    exertable = [a for a in decl if exert_offered(g, a)]
    if exertable:  # exert: "you may exert SELF as it attacks", chosen as it is declared (answer_exert)
        g.wait = {"kind": "choose_cards", "player": player, "options": exertable, "min": 0, "max": len(exertable),
                  "answer_to": "exert", "decl": [[a, t] for a, t in decl.items()],
                  "enlisted": [[a, c] for a, c in enlisted.items()],
                  "prompt": "choose the attacking creatures you exert as they attack (they won't untap during "
                            "your next untap step)"}
        return
    _attacks_declared(g, player, decl, enlisted)


def exert_offered(g: "Game", a: int) -> bool:
    """Exert (a later keyword action, Amonkhet): an attacking creature that has "You may
    exert SELF as it attacks" (once a turn where it says "if SELF hasn't been exerted this turn")."""
    sts = [ab.static for ab in g.chars(a).abilities if ab.kind == "static" and ab.static
           and ab.static.get("kind") == "exert_on_attack"]
    return bool(sts) and not (any(st.get("once_per_turn") for st in sts)
                              and g.objects[a].chosen.get("exerted_turn") == g.turn)


def answer_exert(g: "Game", d: Any, a: dict[str, Any]) -> None:
    """The attacking creatures exerted as they attack (engine/actions.py exert; each one's "when you do" trigger
    triggers then); then the declaration goes on as it would have (its attack triggers, priority)."""
    w = g.wait_data(d)
    picks = a.get("cards", [])
    if not isinstance(picks, list) or len(set(picks)) != len(picks) or any(c not in d.options for c in picks):
        raise IllegalAction("choose any number of the attacking creatures offered, each once")
    for c in picks:
        exert(g, c)
    _attacks_declared(g, d.player, {x: t for x, t in w["decl"]}, {x: c for x, c in w["enlisted"]})


def _attacks_declared(g: "Game", player: str, decl: dict[int, Any], enlisted: dict[int, int]) -> None:
    """508.1 after the attackers are chosen, tapped and their costs paid: enlist's taps, the attack triggers
    (508.2), then the active player gets priority (508.3)."""
    for a, c in enlisted.items():  # enlist: "as this creature attacks, you may tap ..."; "when you do, ..."
        tap(g, c)
        g.triggered.append({"controller": player, "ability": ENLIST_TRIGGER, "source": a,
                            "card": g.objects[a].card, "info": {"event": "enlist", "obj": c}})
    g.turn_state_changed()  # attacking (506.4): a change of combat status, which plain characteristics don't read
    # the total power of the creatures declared, as they are declared (508.1): "if you attacked with creatures with
    # total power 6 or greater this combat" (pack tactics) reads it, whatever becomes of them after
    g.players[player].attacked_power = (g.combat_no, sum(max(0, g.chars(a).power) for a in decl))
    for a in decl:  # "if three or more creatures attacked this turn": each creature once, as first declared (508.1a)
        if a not in g.players[player].attackers_turn:
            ch = g.chars(a)
            g.players[player].attackers_turn[a] = (frozenset(ch.types), frozenset(ch.supertypes),
                                                   frozenset(ch.subtypes), frozenset(ch.colors))
    g.turn_state_changed()  # a static may read it ("as long as you attacked with three or more Merfolk this turn")
    # a list, not a dict by name: two creatures of the same name may attack
    g.log("attack", attackers=[[_n(g, a), _n(g, t)] for a, t in decl.items()], ids=list(decl))
    for a, t in decl.items():
        triggers.event(g, {"event": "attacks", "obj": a, "target": t})
        if g.objects[a].chosen.get("saddled") == g.turn:  # saddle (a later keyword): "attacks while saddled"
            triggers.event(g, {"event": "attacks_saddled", "obj": a, "target": t})
    if decl:  # "whenever you attack": one or more creatures were declared (a later template; 508.1 here)
        triggers.event(g, {"event": "you_attack", "player": g.active, "count": len(decl)})
    for p in dict.fromkeys(t for t in decl.values() if isinstance(t, str)):  # "whenever a player attacks enchanted
        # player with one or more creatures", "whenever enchanted player is attacked": once for each player attacked
        # (508.1b: a player, not a planeswalker they control)
        triggers.event(g, {"event": "player_attacked", "player": g.active, "defender": p,
                           "attackers": [x for x, t in decl.items() if t == p]})
    if len(decl) == 1:  # 506.5: a creature "attacks alone" (exalted, 702.82)
        a, t = next(iter(decl.items()))
        triggers.event(g, {"event": "attacks_alone", "obj": a, "target": t})
    g._give_priority()


#: Enlist (a later keyword: Dominaria United, 2022): "When you do, this creature gets +X/+0 until end of turn,
#: where X is the tapped creature's power" (a reflexive trigger, a later rule; "it": the tapped creature)
ENLIST_TRIGGER = Ability("triggered", "Enlist", effects=(
    Effect("pump", {"what": "self", "power": {"power_of": "it"}, "toughness": 0}),), keyword="Enlist")


def one_attacker_needs(g: "Game", player: str) -> list[dict[str, Any]]:
    """508.1d: "Each opponent must attack you or a planeswalker you control with at least one creature each combat if
    able" (Trove of Temptation): for each such requirement on ``player`` that some creature can obey, the targets
    that obey it (that player, their planeswalkers) and the creatures able to attack one of them at no cost (the
    hint a declaration of attackers offers: engine/decisions.py)."""
    if not player_statics.active(g):
        return []
    out = []
    legal = attack_targets(g)
    for _sid, ctl, st in player_statics.statics(g, "attack_one_requirement"):
        if not player_statics.applies_to(g, st.get("who"), ctl, player) or ctl not in g.players or g.players[ctl].lost:
            continue
        theirs = [t for t in legal if t == ctl or isinstance(t, int) and g.controller_of(t) == ctl]
        able = [a for a in possible_attackers(g) if any(may_attack(g, a, t) and not attack_cost(g, {a: t})
                                                        for t in theirs)]
        if able:
            out.append({"player": ctl, "targets": theirs, "attackers": able})
    return out


def _one_attacker_requirements(g: "Game", player: str, decl: dict[int, Any], legal: list[Any]) -> str | None:
    """508.1d: a requirement to attack a player "with at least one creature" (one_attacker_needs), obeyed by any one
    creature attacking that player or one of their planeswalkers; refused only when a creature could have done so
    (not if it would cost)."""
    for need in one_attacker_needs(g, player):
        if not any(t in need["targets"] for t in decl.values()):
            ctl = need["player"]
            return f"a creature must attack {ctl} or a planeswalker {ctl} controls if able (508.1d)"
    return None


def enlist_pairs(g: "Game", player: str, decl: dict[Any, Any], enlist: Any) -> dict[int, int]:
    """Enlist (a later keyword: Dominaria United): "As this creature attacks, you may tap up to one untapped
    creature you control that you didn't choose to attack with and that either has haste or has been under
    your control continuously since this turn began." An answer's ``enlist`` maps attackers with enlist to the
    creature each taps; a creature is tapped for one of them only. IllegalAction for any other pair."""
    if not enlist:
        return {}
    if not isinstance(enlist, dict):
        raise IllegalAction("enlist: attacker -> the creature it taps")
    out: dict[int, int] = {}
    for k, v in enlist.items():
        a, c = _int(k), _int(v)
        if a not in decl or "Enlist" not in g.chars(a).keywords:
            raise IllegalAction(f"{_n(g, a)} is not an attacking creature with enlist")
        ok = c in g.objects and g.objects[c].zone == "battlefield" and c not in decl and not g.objects[c].tapped \
            and g.chars(c).controller == player and "Creature" in g.chars(c).types \
            and (not g.objects[c].sick or "Haste" in g.chars(c).keywords)
        if not ok or c in out.values():
            raise IllegalAction(f"enlist: {_n(g, c)} is not an untapped creature you control that doesn't attack, "
                                "with haste or under your control since the turn began")
        out[a] = c
    return out


def _bands(g: "Game", decl: dict[Any, Any], bands: Any) -> dict[int, list[int]]:
    """702.21c-d: the attacking bands declared: each of two or more attacking creatures, one or more with
    banding and at most one without, all attacking the same player or planeswalker, each creature in one
    band at most. Returns attacker -> its band; IllegalAction for a band that breaks those rules."""
    if not bands:
        return {}
    if not isinstance(bands, list) or not all(isinstance(b, list) for b in bands):
        raise IllegalAction("bands: a list of bands, each a list of attacking creatures (702.21c)")
    out: dict[int, list[int]] = {}
    for band in bands:
        ids = [_int(x) for x in band]
        if len(ids) < 2 or len(set(ids)) != len(ids) or any(i not in decl or i in out for i in ids):
            raise IllegalAction("a band is two or more attacking creatures, each in one band only (702.21c)")
        without = [i for i in ids if "Banding" not in g.chars(i).keywords]
        if (len(without) > 1 or len(without) == len(ids)) and not _quality_band(g, ids):
            raise IllegalAction("a band is creatures with banding and up to one creature without it, or [quality] "
                                "creatures one or more of which bands with other [quality] creatures (702.21c)")
        if len({repr(decl[i]) for i in ids}) != 1:
            raise IllegalAction("all creatures in a band attack the same player or planeswalker (702.21d)")
        for i in ids:
            out[i] = ids
    return out


def band_qualities(g: "Game", i: int) -> list[str]:
    """702.21b: the qualities of the "bands with other [quality]" abilities ``i`` has ("legendary creatures",
    "creatures named Wolves of the Hunt")."""
    return [k[len("Bands with other "):] for k in g.chars(i).keywords if k.startswith("Bands with other ")]


def has_quality(g: "Game", i: int, quality: str) -> bool:
    """Is ``i`` a [quality] creature of a "bands with other [quality]" ability (702.21c)?"""
    c = g.chars(i)
    if "Creature" not in c.types:
        return False
    if quality == "legendary creatures":
        return "Legendary" in c.supertypes
    if quality.startswith("creatures named "):
        return fold_key(c.card.name) == fold_key(quality[len("creatures named "):])  # its name now (201.2)
    return False


def _quality_band(g: "Game", ids: list[int]) -> bool:
    """702.21c: "one or more attacking [quality] creatures with 'bands with other [quality]' and any number of other
    attacking [quality] creatures" are a band."""
    return any(all(has_quality(g, i, q) for i in ids) for a in ids for q in band_qualities(g, a))


def _quality_group(g: "Game", ids: list[int]) -> bool:
    """702.21j-k: among ``ids``, a [quality] creature with "bands with other [quality]" and another [quality]
    creature."""
    return any(has_quality(g, o, q) for a in ids for q in band_qualities(g, a) if has_quality(g, a, q)
               for o in ids if o != a)


def band_of(g: "Game", a: int) -> list[int]:
    """702.21e-f: the other attacking creatures still in ``a``'s band."""
    o = g.objects.get(a)
    if o is None or not o.chosen.get("band"):
        return []
    return [i for i in o.chosen["band"] if i != a and i in g.objects and g.objects[i].attacking is not None]


def _banded_block(g: "Game", b: int) -> bool:
    """702.21k: the blocker blocks a creature with banding, or both a [quality] creature with "bands with other
    [quality]" and another [quality] creature: the active player assigns its damage."""
    blocking = [a for a in g.objects[b].blocking if a in g.objects]
    return any("Banding" in g.chars(a).keywords for a in blocking) or _quality_group(g, blocking)


def _banding_blocker(g: "Game", a: int) -> str | None:
    """702.21j: the defending player who assigns ``a``'s damage when a creature with banding blocks it, or both a
    [quality] creature with "bands with other [quality]" and another [quality] creature do."""
    live = [b for b in g.objects[a].blockers if b in g.objects and g.objects[b].zone == "battlefield"]
    for b in live:
        if "Banding" in g.chars(b).keywords:
            return g.chars(b).controller
    if _quality_group(g, live):
        return g.chars(live[0]).controller
    return None


def attack_cost(g: "Game", decl: dict[int, Any]) -> tuple[str, ...]:
    """508.1g: the total cost to attack as declared: for each creature attacking a player who
    controls a static such as Propaganda's ("Creatures can't attack you unless their controller
    pays {2} for each creature they control that's attacking you"), or a planeswalker that
    player controls where the static says so (Sphere of Safety), that static's mana; 802.3a:
    such a cost counts only the creatures attacking that player. X is the static's amount now.
    In Two-Headed Giant creatures attack the other team as a group (810.7a): a creature attacking
    either player of the team of the static's controller is "attacking you" (810.7c)."""
    out: list[str] = []
    for a in decl:  # "SELF can't attack unless you pay {2}": its own cost (508.1d)
        out += _own_combat_cost(g, a, "attack")
    taxes = player_statics.statics(g, "attack_tax") if player_statics.active(g) else ()
    if not taxes or not decl:
        return tuple(out)
    for src, ctl, st in taxes:
        if st.get("condition") and not values.condition(g, st["condition"], src, None):
            continue
        mine = g.team_of[ctl] if g.variant == "two_headed_giant" else (ctl,)   # 810.7a, 810.7c: the team
        hit = [a for a, t in decl.items() if (isinstance(t, str) or st.get("walkers"))
               and attacked_player(g, t) in mine and matches(g, a, st["affects"], src)]
        if not hit:
            continue
        each = [s for s in st["mana"] if s != "X"]
        if "X" in st["mana"]:
            x = values.amount(g, st["x"], src)
            each += [str(x)] if x > 0 else []
        out += each * len(hit)
    return tuple(out)


def attack_costs(g: "Game", player: str, atk: list[int]) -> dict[str, list[Any]]:
    """508.1g-h: the creatures whose attack would cost something (mana or life) against some attack target, each with
    the targets it may attack for free (``costly``: [creature, [targets]]; 508.1d asks a creature to attack only where
    that costs nothing), and those whose attack the player could pay for alone against every target it may attack,
    counting every creature that would tap to attack as unable to pay (``payable``)."""
    ts = attack_targets(g)
    costs = {a: {t: (attack_cost(g, {a: t}), attack_life(g, {a: t})) for t in ts if may_attack(g, a, t)} for a in atk}
    costly = [a for a in atk if any(m or life for m, life in costs[a].values())]
    if not costly:
        return {}
    tapped = {a for a in atk if "Vigilance" not in g.chars(a).keywords}
    payable = [a for a in costly if all(payment.can_afford(g, player, m, tapped) and
                                        player_statics.can_pay_life(g, player, life) for m, life in costs[a].values())]
    return {"costly": [[a, [t for t, (m, life) in costs[a].items() if not m and not life]] for a in costly],
            "payable": payable}


def attack_life(g: "Game", decl: dict[int, Any]) -> int:
    """508.1g, 119.4: the life the attack as declared costs: for each creature attacking a player who controls a
    static such as "creatures can't attack you unless their controller pays 2 life for each of those creatures" (or a
    planeswalker that player controls, where it says so), that much life (802.3a: those attacking that player)."""
    taxes = player_statics.statics(g, "attack_tax") if player_statics.active(g) and decl else ()
    total = 0
    for src, ctl, st in taxes:
        if not st.get("life") or st.get("condition") and not values.condition(g, st["condition"], src, None):
            continue
        mine = g.team_of[ctl] if g.variant == "two_headed_giant" else (ctl,)   # 810.7a, 810.7c: the team
        total += int(st["life"]) * sum(1 for a, t in decl.items() if (isinstance(t, str) or st.get("walkers"))
                                       and attacked_player(g, t) in mine and matches(g, a, st["affects"], src))
    return total


def _own_combat_cost(g: "Game", oid: int, what: str) -> list[str]:
    """The mana of the "can't attack (block) unless you pay {N}" restrictions on one creature (508.1d, 509.1d)."""
    out: list[str] = []
    for r in g.chars(oid).rules:
        if r.get("rule") == "combat_cost" and r.get(what):  # "... for each +1/+1 counter on it": counted now
            out += list(r["mana"]) * (g.objects[oid].counters.get(r["per_counter"], 0) if "per_counter" in r else 1)
    return out


def block_cost(g: "Game", blockers: list[int]) -> tuple[str, ...]:
    """509.1d, 509.1f: the total cost to block as declared: each blocker's own ("SELF can't block unless you pay
    {2}") and, for each blocker a block tax applies to ("As long as SELF is attacking, creatures can't block
    unless their controller pays {1} for each of those creatures"), that static's mana."""
    out: list[str] = []
    for b in blockers:
        out += _own_combat_cost(g, b, "block")
    taxes = player_statics.statics(g, "block_tax") if player_statics.active(g) else ()
    for src, _, st in taxes:
        if st.get("condition") and not values.condition(g, st["condition"], src, None):
            continue
        out += list(st["mana"]) * sum(1 for b in blockers if matches(g, b, st["affects"], src))
    return tuple(out)


def can_block(g: "Game", b: int, a: int) -> bool:
    """509.1a-b: may this creature block that attacker (evasion, protection, restrictions)?"""
    bo = g.objects[b]
    if bo.zone != "battlefield":
        return False  # 506.1, 702.25d: a phased-out creature doesn't exist for blocking
    bc = g.chars(b)
    ac = g.chars(a)
    if "Creature" not in bc.types or bo.tapped:
        return False
    if has_rule(g, b, "cant_attack_or_block"):
        return False
    for r in bc.rules:  # 509.1b: "can't block" restrictions, some only against certain attackers
        if r.get("rule") == "cant_block" and (not r.get("what") or matches(g, a, r["what"], b)):
            return False
    # "target creature can't block SELF this turn": only that attacker (509.1b)
    if any(e.get("rule") == "cant_block" and active(g, e) and e.get("attacker", a) == a for e in rule_effects(g, b)):
        return False
    for r in ac.rules:  # "can't be blocked (except by ... / by ...)"
        if r.get("rule") == "cant_be_blocked" and _unblockable_by(g, r, b, a):
            return False
    if any(e.get("rule") == "cant_be_blocked" and _unblockable_by(g, e, b, a) and active(g, e)
           for e in rule_effects(g, a)):
        return False
    akw, bkw = ac.keywords, bc.keywords
    if "Flying" in akw and not ("Flying" in bkw or "Reach" in bkw) and not any(
            r.get("rule") == "reach_against" and matches(g, a, r["what"], b) for r in bc.rules):
        return False  # flying 702.9b, reach 702.17b ("can block Dragons as though it had reach")
    if "Intimidate" in akw and "Artifact" not in bc.types and not (ac.colors & bc.colors):
        return False  # 702.13b
    if "Fear" in akw and "Artifact" not in bc.types and "B" not in bc.colors:
        return False  # fear, 702.35b
    if "Shadow" in akw and "Shadow" not in bkw and not any(r.get("rule") == "block_as_shadow" for r in bc.rules) \
            or "Shadow" in bkw and "Shadow" not in akw:
        return False  # shadow, 702.27b ("can block creatures with shadow as though it had shadow": Heartwood Dryad)
    if "Horsemanship" in akw and "Horsemanship" not in bkw:
        return False  # 702.30b
    if "Skulk" in akw and bc.power > ac.power:
        return False  # 702.117b
    walks = [kw[:-len(" landwalk")].lower() if kw.endswith(" landwalk") else kw[:-4].capitalize()
             for kw in akw if kw.endswith("walk") and kw != "Landwalk"]  # ("Nonbasic landwalk" granted: "nonbasic")
    if "Landwalk" in akw:
        walks += [q for q in (ac.kwargs.get("Landwalk") or []) if isinstance(q, str)]
    if walks and player_statics.active(g):  # "Creatures with islandwalk can be blocked as though they didn't have
        walks = [q for q in walks if not player_statics.walk_ignored(g, q)]  # islandwalk" (Undertow)
    if walks and any(_walks_past(g, q, bc.controller) for q in walks):
        return False  # 702.14c
    if "Protection" in akw:
        if protected(g, ac, b, holder=a):
            return False  # 702.16e
    for r in bc.rules:
        if r.get("rule") == "block_only_flying" and "Flying" not in akw:
            return False
    return True


def _walks_past(g: "Game", quality: str, defender: str) -> bool:
    """702.14c: a creature with landwalk can't be blocked while the defending player controls a
    land of that quality: a land type ("Swamp"), "snow Swamp", "nonbasic" or "legendary" (702.14a)."""
    words = quality.split()
    snow = words[0] == "snow"
    kind = words[-1]
    cs = g.all_chars()
    for i in g.battlefield:
        c = cs[i]
        if c.controller != defender or "Land" not in c.types:
            continue
        if snow and "Snow" not in c.supertypes:
            continue
        if kind == "nonbasic":
            ok = "Basic" not in c.supertypes
        elif kind == "legendary":
            ok = "Legendary" in c.supertypes
        else:
            ok = kind in c.subtypes
        if ok:
            return True
    return False


def _unblockable_by(g: "Game", r: dict[str, Any], b: int, a: int) -> bool:
    """509.1b: "can't be blocked" (by anything), "... except by FILTER", "... by FILTER"."""
    if r.get("except") and matches(g, b, r["except"], a):
        return False
    return not r.get("by") or matches(g, b, r["by"], a)


def possible_blockers(g: "Game", defender: str) -> list[int]:
    """The creatures ``defender``'s declaration may block with (810.7d: a Two-Headed Giant
    team's, in one combined block)."""
    atk = attackers_of(g, defender)
    side = seats.blocking_side(g, defender)
    return [b for b in g.battlefield if g.chars(b).controller in side
            and any(can_block(g, b, a) for a in atk)]


def declare_blockers(g: "Game", player: str, decl: Any) -> None:
    """509.1: declare blockers, then damage assignment orders (509.2-509.3); 802.4a: only among
    the creatures attacking this player or their planeswalkers. Then the next defending player
    declares (802.4), or players get priority."""
    blocks: dict[int, list[int]] = {}
    for k, v in dict(decl).items():
        blocks[_int(k)] = [_int(x) for x in (v if isinstance(v, list) else [v])]
    mine = attackers_of(g, player)
    atk = set(mine)
    side = seats.blocking_side(g, player)  # 810.7d: the defending team's combined block
    for b, As in blocks.items():
        if b not in g.objects or g.objects[b].zone != "battlefield" or g.chars(b).controller not in side:
            raise IllegalAction(f"{_n(g, b)} is not a creature you control" if len(side) == 1
                                else f"{_n(g, b)} is not a creature your team controls (810.7d)")
        if not As:
            raise IllegalAction(f"{_n(g, b)} blocks nothing")
        extra = _extra_blocks(g, b)
        if len(As) > 1 + extra:
            raise IllegalAction(f"{_n(g, b)} can block only {1 + extra} creature(s)")
        for a in As:
            if a not in atk:
                raise IllegalAction(f"{_n(g, a)} is not attacking you or a planeswalker you control"
                                    if a in g.objects and g.objects[a].attacking is not None
                                    else f"{_n(g, a)} is not attacking")
            if not can_block(g, b, a):
                raise IllegalAction(f"{_n(g, b)} cannot block {_n(g, a)}")
    why = _block_restrictions(g, blocks)
    if why:
        raise IllegalAction(why)
    count: dict[int, int] = {}
    for As in blocks.values():
        for a in As:
            count[a] = count.get(a, 0) + 1
    why = _block_requirements(g, player, blocks)
    if why:
        raise IllegalAction(why)
    cost = block_cost(g, list(blocks))
    if cost and not payment.can_afford(g, player, cost, set(blocks)):  # 509.1f-h: no partial payment
        raise IllegalAction(f"blocking so costs {''.join('{' + s + '}' for s in cost)}, more than you can pay "
                            "(509.1d, 509.1f)")
    if cost:  # 509.1f-h: the total cost, locked in; mana abilities, then the payment
        payment.pay_mana(g, player, cost, set())
        g.log("block_cost", player=player, mana="".join("{" + s + "}" for s in cost))
    for b, As in blocks.items():
        g.objects[b].blocking = list(As)
        g.objects[b].order = list(As)
        for a in As:
            ao = g.objects[a]
            ao.blocked = True
            ao.blockers.append(b)
    for b, As in blocks.items():  # 702.21h: blocking one creature of a band blocks every creature in it
        for a in list(As):
            for m in band_of(g, a):
                if m not in g.objects[b].blocking:
                    g.objects[b].blocking.append(m)
                    g.objects[b].order.append(m)
                    g.objects[m].blocked = True
                    g.objects[m].blockers.append(b)
                    count[m] = count.get(m, 0) + 1
        blocks[b] = list(g.objects[b].blocking)
    g.turn_state_changed()  # blocking and blocked (506.4): combat status, which plain characteristics don't read
    g.log("block", blocks=[[_n(g, b), [_n(g, a) for a in As]] for b, As in blocks.items()], ids=list(blocks))
    # 509.2: the attacking player orders blockers of each attacker blocked by two or more
    for a in mine:
        if len(g.objects[a].blockers) > 1:
            if _banding_blocker(g, a) is None:  # 702.21j: else no order; its damage is divided freely
                g.queue.append({"kind": "order_blockers", "player": g.active, "attacker": a})
    for b in blocks:
        if len(g.objects[b].blocking) > 1:
            if not _banded_block(g, b):  # 702.21k: else no order; its damage is divided freely
                g.queue.append({"kind": "order_attackers", "player": g.chars(b).controller, "blocker": b})
    for b, As in blocks.items():
        triggers.event(g, {"event": "blocks", "obj": b, "attackers": As})
        for a in As:  # "whenever SELF blocks a creature, ... that creature": once for each (509.4, 603.2)
            triggers.event(g, {"event": "blocks_creature", "obj": b, "blocked": a})
    for a in count:
        triggers.event(g, {"event": "becomes_blocked", "obj": a})
        for b in g.objects[a].blockers:  # 509.1h: "becomes blocked by a creature": once for each blocker
            triggers.event(g, {"event": "becomes_blocked_by", "obj": a, "blocker": b})
    for a in mine:  # 509.1h: the others remain unblocked ("attacks and isn't blocked": frenzy, 702.67a)
        if a not in count and g.objects[a].zone == "battlefield" and not g.objects[a].blocked:
            triggers.event(g, {"event": "unblocked", "obj": a})
    next_defender(g, player)


def _block_restrictions(g: "Game", blocks: dict[int, list[int]]) -> str | None:
    """509.1b: restrictions on the declaration as a whole (menace, "can't be blocked by more
    than one creature", "can't block alone"); None when it breaks none of them."""
    count: dict[int, int] = {}
    for As in blocks.values():
        for a in As:
            count[a] = count.get(a, 0) + 1
    for a, n in count.items():
        if "Menace" in g.chars(a).keywords and n < 2:
            return f"{_n(g, a)} has menace: it can't be blocked except by two or more creatures"
        least = _min_blockers(g, a)
        if least and n < least:
            return f"{_n(g, a)} can't be blocked except by {least} or more creatures"
        if n > 1 and has_rule(g, a, "max_one_blocker"):
            return f"{_n(g, a)} can't be blocked by more than one creature"
    if len(blocks) == 1:  # 506.5: it blocks alone when it is the only creature declared as a blocker
        (b,) = blocks
        if _alone(g, b, "block"):
            return f"{_n(g, b)} can't block alone (506.5, 509.1b)"
    lonely = _without_company(g, list(blocks), "block") if blocks else None
    if lonely:
        return lonely
    for n, _ in combat_limits(g, "block") if blocks else ():
        if len(blocks) > n:
            return f"no more than {n} creature(s) can block each combat (509.1b)"
    return None


def block_all_attackers(g: "Game", defender: str | None = None) -> list[int]:
    """Attackers with "all creatures able to block it do so" (a blocking requirement, 509.1c),
    among those attacking ``defender`` when given (802.4b)."""
    return [a for a in (attackers(g) if defender is None else attackers_of(g, defender))
            if has_rule(g, a, "must_be_blocked_by_all")]


def lured(g: "Game", b: int, a: int) -> bool:
    """Is creature ``b`` one of those "able to block it" that must do so (509.1c)? Every creature, or, with the
    rule's "by" filter, those it names: "All creatures with flying able to block SELF do so" (Talruum Piper), "All
    Walls able to block SELF do so" (Marble Priest)."""
    rules = [r for r in g.chars(a).rules if r.get("rule") == "must_be_blocked_by_all"] + \
        [e for e in rule_effects(g, a) if e.get("rule") == "must_be_blocked_by_all" and active(g, e)]
    return any(not r.get("by") or matches(g, b, r["by"], a) for r in rules)


def _block_requirements(g: "Game", player: str, blocks: dict[int, list[int]]) -> str | None:
    """509.1c: the declaration obeys as many requirements as it can without breaking a
    restriction (509.1b). Requirements here: "blocks each combat if able" (one per such
    creature) and "all creatures able to block it do so" (one per creature able to block such
    an attacker). A requirement that only an illegal declaration obeys (a lone blocker of an
    attacker with menace, 702.110b) does not count. Refused, naming a requirement it could
    obey, when a legal declaration obeys more; None otherwise (also when the search for one
    is too large to finish: a declaration is refused only when a better one is found)."""
    lure = set(block_all_attackers(g, player))
    cands = possible_blockers(g, player)
    must = {b for b in cands if has_rule(g, b, "must_block")}
    prov = {b: set(p) for b in cands if (p := provoked(g, b))}  # 702.38a: block that attacker if able
    atk = attackers_of(g, player)
    # "SELF must be blocked if able": one requirement per such attacker, obeyed by any block of it
    wanted = {a for a in atk if has_rule(g, a, "must_be_blocked")}
    if not must and not lure and not prov and not wanted:
        return None

    def obeyed(decl: dict[int, list[int]]) -> int:
        got = sum((1 if b in must and As else 0) + sum(1 for a in As if a in lure and lured(g, b, a))
                  + sum(1 for a in As if a in prov.get(b, ())) for b, As in decl.items())
        return got + sum(1 for a in wanted if any(a in As for As in decl.values()))

    # each creature's choices: no block, or up to its number of blocks among what it can block
    choices: list[tuple[int, list[tuple[int, ...]]]] = []
    best: list[int] = []  # the most requirements each creature can obey
    for b in cands:
        cap = 1 + _extra_blocks(g, b)
        able = [a for a in atk if can_block(g, b, a)]
        opts = [()] + [c for n in range(1, min(cap, len(able)) + 1) for c in combinations(able, n)]
        choices.append((b, opts))
        best.append((1 if b in must else 0) + min(cap, sum(1 for a in able if a in lure and lured(g, b, a)))
                    + min(cap, sum(1 for a in able if a in prov.get(b, ()))))
    order = sorted(range(len(choices)), key=lambda i: -best[i])  # required first: the bound prunes sooner
    choices = [choices[i] for i in order]
    best = [best[i] for i in order]
    have = obeyed(blocks)
    # the most the creatures from i on can add (the attackers that must be blocked counted in full:
    # a bound, never less than what is left to obey)
    left = [sum(best[i:]) + len(wanted) for i in range(len(best) + 1)]
    if have >= left[0]:
        return None
    budget = [_BLOCK_SEARCH]
    decl: dict[int, list[int]] = {}

    def better(i: int, got: int) -> dict[int, list[int]] | None:
        if got + left[i] <= have or budget[0] <= 0:
            return None
        budget[0] -= 1
        if i == len(choices):
            return dict(decl) if _block_restrictions(g, decl) is None and obeyed(decl) > have else None
        b, opts = choices[i]
        for As in sorted(opts, key=len, reverse=True):  # blocking first: better declarations sooner
            if As:
                decl[b] = list(As)
            found = better(i + 1, got + obeyed({b: list(As)}) - sum(1 for a in wanted if a in As))
            decl.pop(b, None)
            if found is not None:
                return found
        return None

    found = better(0, 0)
    if found is None:
        return None
    for b, As in found.items():
        if b in must and not blocks.get(b):
            return f"{_n(g, b)} blocks each combat if able"
        for a in As:
            if a in lure and lured(g, b, a) and a not in blocks.get(b, []):
                return f"{_n(g, b)} must block {_n(g, a)}: all creatures able to block it do so (509.1c)"
            if a in prov.get(b, ()) and a not in blocks.get(b, []):
                return f"{_n(g, b)} must block {_n(g, a)} if able (provoke, 702.38a; 509.1c)"
    for a in wanted:
        if any(a in As for As in found.values()) and not any(a in As for As in blocks.values()):
            return f"{_n(g, a)} must be blocked if able (509.1c)"
    return "the declaration obeys fewer blocking requirements than it could (509.1c)"


#: declarations tried at most when checking blocking requirements (509.1c); beyond, the
#: declaration given is accepted (a combat of many creatures with several requirements)
_BLOCK_SEARCH = 20000


def _alone(g: "Game", oid: int, what: str) -> bool:
    return has_rule(g, oid, "cant_attack_or_block_alone") or has_rule(g, oid, f"cant_{what}_alone")


def attack_hints(g: "Game", atk: list[int]) -> dict[str, Any]:
    """What a client needs to build a legal declaration beyond the per-creature options:
    the creatures that can't attack alone (506.5), and for a creature that may attack only
    some of the attack targets (508.1c), or must attack some of them (a goaded creature, 508.1d),
    those ("targets_of")."""
    alone = [a for a in atk if _alone(g, a, "attack")]
    out: dict[str, Any] = {"not_alone": alone} if alone else {}
    limits = combat_limits(g, "attack")
    if limits:  # 508.1c: "No more than N creatures can attack [you] each combat"
        out["max_attackers"] = [[n, who] for n, who in limits]
    some = [a for a in atk if _defender_rules(g, a) or _forbids(g, a) or goad_targets(g, a) is not None]
    if some:
        ts = attack_targets(g)
        out["targets_of"] = {a: goad_targets(g, a) or [t for t in ts if may_attack(g, a, t)] for a in some}
    return out


def _extra_blocks(g: "Game", b: int) -> int:
    """509.1a: the attackers beyond the first a creature may block: one for each "can block an
    additional creature each combat", any number for "can block any number of creatures"."""
    rules = [r.get("rule") for r in g.chars(b).rules] + [e.get("rule") for e in rule_effects(g, b) if active(g, e)]
    if "block_any_number" in rules:
        return max(0, len(attackers(g)) - 1)
    return rules.count("extra_block")


def _min_blockers(g: "Game", a: int) -> int:
    """509.1b: "can't be blocked except by N or more creatures" (the most such restrictions ask); 0: none."""
    rules = [r for r in g.chars(a).rules if r.get("rule") == "min_blockers"]
    rules += [e for e in rule_effects(g, a) if e.get("rule") == "min_blockers" and active(g, e)]
    return max((int(r.get("amount", 2)) for r in rules), default=0)


def block_hints(g: "Game", opts: dict[int, list[int]]) -> dict[str, Any]:
    """Restrictions and requirements on the declaration as a whole (509.1b-c): creatures that
    can't block alone, attackers that can't be blocked by more than one creature, for each
    creature the attackers it must block if able ("all creatures able to block it do so"), and
    the attackers that must be blocked if able."""
    out: dict[str, Any] = {}
    if not opts:
        return out
    alone = [b for b in opts if _alone(g, b, "block")]
    if alone:
        out["not_alone"] = alone
    limits = combat_limits(g, "block")
    if limits:  # 509.1b: "No more than N creatures can block each combat"
        out["max_blockers"] = min(n for n, _ in limits)
    atk = attackers(g)
    one = [a for a in atk if has_rule(g, a, "max_one_blocker")]
    if one:
        out["max_one"] = one
    lure = block_all_attackers(g)
    must = {b: [a for a in As if a in lure and lured(g, b, a)] for b, As in opts.items()} if lure else {}
    for b, As in opts.items():  # 509.1c: "blocks each combat if able": any attacker it can block
        if As and not must.get(b) and has_rule(g, b, "must_block"):
            must[b] = list(As)
        p = provoked(g, b) if As else []
        if p:  # 702.38a: the provoking attacker
            must[b] = list(dict.fromkeys(must.get(b, []) + [a for a in As if a in p]))
    if any(must.values()):
        out["must"] = {b: As for b, As in must.items() if As}
    # 509.1c: "SELF must be blocked if able": one requirement per such attacker, any blocker obeys it
    wanted = [a for a in atk if has_rule(g, a, "must_be_blocked") and any(a in As for As in opts.values())]
    if wanted:
        out["blocked_if_able"] = wanted
    return out


def set_order(g: "Game", d: "Decision", order: list[Any]) -> None:
    order = [_int(x) for x in order]
    if d.kind == "order_blockers":
        o = g.objects[d.data["attacker"]]
        if sorted(order) != sorted(o.blockers):
            raise IllegalAction("order every creature blocking it, each once")
        o.blockers = order
    else:
        o = g.objects[d.data["blocker"]]
        if sorted(order) != sorted(o.blocking):
            raise IllegalAction("order every creature it blocks, each once")
        o.order = order
    g.changed()



def end_combat(g: "Game") -> None:
    """511.3: creatures stop being attacking and blocking creatures."""
    for i in g.battlefield:
        o = g.objects[i]
        o.attacking = None
        o.blocking = []
        o.blocked = False
        o.blockers = []
        o.order = []
        if "band" in o.chosen:
            del o.chosen["band"]  # 702.21e: a band lasts for the rest of combat
        if "lost_blockers" in o.chosen:
            del o.chosen["lost_blockers"]  # the blockers removed from combat (actions.remove_from_combat)
        if "lost_attackers" in o.chosen:
            del o.chosen["lost_attackers"]  # the attackers it blocked that left combat (509.1g)
    g.combat_damage_done = set()
    g.first_strike_step = False
    g.turn_state_changed()  # combat status alone (506.4): kept characteristics stay (Game.turn_state_changed)


def any_first_strike(g: "Game") -> bool:
    """510.5: a first combat damage step when an attacker or blocker has first or double strike."""
    for i in g.battlefield:
        o = g.objects[i]
        if o.in_combat:
            kw = g.chars(i).keywords
            if "First strike" in kw or "Double strike" in kw:
                return True
    return False


def deals_damage_now(g: "Game", oid: int, first: bool) -> bool:
    kw = g.chars(oid).keywords
    fs, ds = "First strike" in kw, "Double strike" in kw
    if first:
        return fs or ds
    if not g.first_strike_step:
        return True
    return ds or oid not in g.combat_damage_done  # 510.5


def lethal(g: "Game", victim: int, src: int, already: int = 0) -> int:
    """510.1c-d: lethal damage, counting damage already marked and deathtouch (702.2c)."""
    if "Deathtouch" in g.chars(src).keywords:
        return 1
    c = g.chars(victim)
    return max(0, c.toughness - g.objects[victim].damage - already)


def damage_step(g: "Game", first: bool) -> None:
    """510.1: assignments (asked as decisions where there is a choice), then damage is dealt."""
    g.assignments = {}
    for a in attackers(g):
        o = g.objects[a]
        if not deals_damage_now(g, a, first) or combat_power(g, a) <= 0:
            continue
        if o.blocked:
            live = [b for b in o.blockers if b in g.objects and g.objects[b].zone == "battlefield"]
            trample = "Trample" in g.chars(a).keywords
            if not live and not trample and not as_unblocked(g, a):
                continue  # 509.1h / 510.1c: a blocked creature with no blockers deals no damage
            who = _banding_blocker(g, a)  # 702.21j: blocked by a creature with banding: its defending player
            g.queue.append({"kind": "assign_damage", "player": who or g.active, "attacker": a, "first": first,
                            **({"free": True} if who else {})})
    blockers = [b for b in g.battlefield if g.objects[b].blocking]
    if len(g.order) > 2:  # 802.6: blocking creatures' damage is assigned in APNAP order
        ring = seats.apnap(g)
        blockers.sort(key=lambda b: ring.index(g.chars(b).controller) if g.chars(b).controller in ring else 99)
    for b in blockers:
        o = g.objects[b]
        if deals_damage_now(g, b, first) and combat_power(g, b) > 0:
            if len(o.blocking) > 1:
                banded = _banded_block(g, b)  # 702.21k: blocking a creature with banding: the active player
                g.queue.append({"kind": "assign_damage", "player": g.active if banded else g.chars(b).controller,
                                "blocker": b, "first": first, **({"free": True} if banded else {})})
    g.queue.append({"kind": "_deal_combat_damage", "player": g.active, "first": first})


def as_unblocked(g: "Game", a: int) -> bool:
    """510.1c (a blocked creature's damage): "You may have SELF assign its combat damage as though it
    weren't blocked" (Thorn Elemental): its controller may assign all of it to the player or
    planeswalker it is attacking instead."""
    return has_rule(g, a, "may_assign_as_unblocked")


def forced_assignment(g: "Game", data: dict[str, Any]) -> dict[Any, int] | None:
    """The one legal assignment, if there is only one (one blocker, no trample)."""
    if "attacker" in data:
        a = data["attacker"]
        o = g.objects[a]
        if as_unblocked(g, a):
            return None  # 510.1c: the blockers, or the player it attacks as though unblocked
        live = [b for b in o.blockers if b in g.objects]
        if len(live) == 1 and "Trample" not in g.chars(a).keywords:
            return {live[0]: combat_power(g, a)}
        if not live:
            return {o.attacking: combat_power(g, a)}
        return None
    b = data["blocker"]
    live = [a for a in g.objects[b].order if a in g.objects]
    if len(live) == 1:
        return {live[0]: combat_power(g, b)}
    return None


def check_assignment(g: "Game", data: dict[str, Any], assign: dict[Any, int]) -> None:
    """510.1c-d: the whole power is assigned; each in order gets lethal before the next."""
    if "attacker" in data:
        src = data["attacker"]
        o = g.objects[src]
        order = [b for b in o.blockers if b in g.objects]
        extra = o.attacking if "Trample" in g.chars(src).keywords else None
    else:
        src = data["blocker"]
        order = [a for a in g.objects[src].order if a in g.objects]
        extra = None
    power = combat_power(g, src)
    if "attacker" in data and as_unblocked(g, src) and {k: v for k, v in assign.items() if v} == {o.attacking: power}:
        return  # 510.1c: all of it as though it weren't blocked (the blockers named with 0, or not at all)
    if any(v < 0 for v in assign.values()):
        raise IllegalAction("damage amounts cannot be negative")
    if sum(assign.values()) != power:
        raise IllegalAction(f"assign exactly {power} damage, not {sum(assign.values())}")
    allowed = set(order) | ({extra} if extra is not None else set())
    for k in assign:
        if k not in allowed and assign[k]:
            raise IllegalAction(f"{_n(g, k)} cannot be assigned damage from {_n(g, src)}")
    if data.get("free"):  # 702.21j-k: divided as that player chooses among the creatures (no order)
        return
    for i, b in enumerate(order):
        later = sum(assign.get(x, 0) for x in order[i + 1:]) + (assign.get(extra, 0) if extra is not None else 0)
        # 510.1c: lethal counts the damage other creatures already assigned to it in this step
        others = sum(m.get(b, 0) for k, m in g.assignments.items() if k != src)
        if later and assign.get(b, 0) < lethal(g, b, src, others):
            raise IllegalAction(f"{_n(g, b)} must be assigned lethal damage before damage is assigned "
                                f"to the next in the damage assignment order (510.1c)")


def assign(g: "Game", d: "Decision", raw: dict[Any, int]) -> None:
    amap = {_int(k): int(v) for k, v in dict(raw).items()}
    check_assignment(g, d.data, amap)
    key = cast(int, d.data.get("attacker", d.data.get("blocker")))
    g.assignments[key] = amap


def deal(g: "Game", first: bool) -> None:
    """510.2: all combat damage is dealt simultaneously."""
    plan: dict[int, dict[Any, int]] = dict(g.assignments)
    for a in attackers(g):
        o = g.objects[a]
        if a in plan or not deals_damage_now(g, a, first) or combat_power(g, a) <= 0:
            continue
        if not o.blocked:
            plan[a] = {o.attacking: combat_power(g, a)}
    for b in g.battlefield:
        o = g.objects[b]
        if b in plan or not o.blocking or not deals_damage_now(g, b, first) or combat_power(g, b) <= 0:
            continue
        live = [a for a in o.order if a in g.objects]
        if live:
            plan[b] = {live[0]: combat_power(g, b)}
    hits = [(src, tgt, n) for src, m in plan.items() for tgt, n in m.items() if n > 0 and src in g.objects
            and not (isinstance(tgt, str) and g.players[tgt].lost)]  # 800.4e: none to a player who left
    try:
        deal_damage_batch(g, hits, combat=True)
    except NeedChoice as need:  # 616.1: the order of prevention effects is asked before any damage
        g.queue.insert(0, {"kind": "_deal_combat_damage", "player": g.active, "first": first})
        g.wait = need.wait
        return
    g.assignments = {}
    for src in plan:
        g.combat_damage_done.add(src)
    g._give_priority()


def _int(x: Any) -> Any:
    if isinstance(x, str) and x.isdigit():
        return int(x)
    return x


def _n(g: "Game", x: Any) -> str:
    if isinstance(x, str):
        return x
    o = g.objects.get(x)
    return o.card.name if o else f"object {x}"
