"""Targets (CR 114-115): who and what a spell or ability may target, the checks of a
chosen set of targets, and which of them are still legal on resolution (608.2b).

Read by casting (601.2c), activating (602.2b), triggered abilities (603.3d) and the
resolver (608.2b); it needs only filters, player statics and protection below it.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from engine import player_statics, seats
from engine.cards.abilities import Ability, Effect, TargetSpec
from engine.errors import IllegalAction
from engine.filters import CMP_NAMES, matches, prior_target
from engine.layers import turn_free_filter
from engine.memo import per_object
from engine.protection import has_quality, protected
from engine.values import amount

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj


def spell_ability(card: Any) -> Ability | None:
    for ab in card.abilities:
        if ab.kind == "spell":
            return ab
    return None


def slot_applies(cond: dict[str, Any] | None, kicked: bool, cast_with: Any) -> bool:
    """601.2c: does a target slot's ``only_if`` hold for a spell cast so (kicked or not, the keyword ways it was
    cast: ``cast_with``, e.g. "Gift" when the gift was promised)? A slot without one always applies."""
    if not cond:
        return True
    if "not" in cond:
        return not slot_applies(cond["not"], kicked, cast_with)
    if "kicked" in cond:
        return bool(cond["kicked"]) == kicked
    return str(cond.get("cast_with")).lower() in {str(k).lower() for k in cast_with}  # (an answer's "extras": "gift")


def cast_slots(specs: tuple[TargetSpec, ...], kicked: bool, cast_with: Any) -> tuple[TargetSpec, ...]:
    """601.2c: "A spell may require some targets only if an alternative or additional cost (such as a buyback or
    kicker cost) ... was chosen for it; otherwise, the spell is cast as though it did not require those targets":
    the slots that don't apply to a spell cast so take no target (count 0); the others are as printed."""
    return tuple(s if slot_applies(s.only_if, kicked, cast_with) else dataclasses.replace(s, count=0, min=0)
                 for s in specs)



def _defending(g: "Game", f: dict[str, Any], src: "Obj", controller: str,
               info: dict[str, Any] | None = None) -> dict[str, Any]:
    """"Target creature defending player controls": the player the attacking creature whose
    attack triggered the ability (``info``, the trigger event, while the ability is put on the
    stack, 603.3d; its trigger_info on the stack) is attacking, else the one the ability comes
    from (506.2, 802.2a: Elite Scaleguard's trigger for another attacking creature reads that
    creature's defending player); with one opponent and no attack to read, that opponent."""
    att: Any = (info or {}).get("defender") or (src.trigger_info or {}).get("defender")  # a player attacked (508.1b)
    for cand in () if att else ((info or {}).get("obj"), (src.trigger_info or {}).get("obj"), src.source, src.id):
        if isinstance(cand, int) and cand in g.objects and g.objects[cand].attacking is not None:
            att = g.objects[cand].attacking
            break
    if isinstance(att, int) and att in g.objects:
        att = g.controller_of(att)
    if not isinstance(att, str):
        opp = seats.opponents(g, controller)
        att = opp[0] if len(opp) == 1 else None
    return {**f, "controller": [att] if att else []}


def _trigger_player(f: dict[str, Any], info: dict[str, Any] | None) -> dict[str, Any]:
    """"Target creature that player controls" of a triggered ability: the player its trigger
    event named (the player dealt damage, the player who cast or discarded: 603.2, 603.7c),
    known as the ability is put on the stack (603.3d); with no such player, no object qualifies."""
    p = (info or {}).get("target") or (info or {}).get("player")
    return {**f, "controller": [p] if isinstance(p, str) else []}


def _has_more(g: "Game", x: Any, more: dict[str, Any], info: dict[str, Any] | None, controller: str) -> bool:
    """"That player chooses target player who controls more creatures than they do and is their opponent" (Oath of
    Druids): ``x`` is an opponent (102.3) of the trigger's player (an upkeep's player, 503.1) with more of what
    ``more`` counts: {"count": FILTER} permanents they control, "life" (119.1), "hand" (cards in hand), or
    {"graveyard": FILTER} cards in their graveyard. "Choose target opponent who has at least two more cards in hand
    than you do as you activate this ability" (Keeper of the Mind): "you" ("you": the ability's controller), at least
    "by" more, or "fewer" of them."""
    p = controller if more.get("you") else (info or {}).get("player")
    if not isinstance(x, str) or not isinstance(p, str) or x not in seats.opponents(g, p):
        return False

    def measure(who: str) -> int:
        if "count" in more:
            return sum(1 for i in g.battlefield if matches(g, i, {**more["count"], "controller": "you"}, None, who))
        if "graveyard" in more:
            return sum(1 for i in g.players[who].graveyard if matches(g, i, {**more["graveyard"], "zone": "graveyard"},
                                                                       None, who))
        return g.players[who].life if more.get("life") else len(g.players[who].hand)
    by = int(more.get("by", 1))
    return measure(p) - measure(x) >= by if more.get("fewer") else measure(x) - measure(p) >= by


def _same_name_as_trigger(g: "Game", f: dict[str, Any], info: dict[str, Any] | None) -> dict[str, Any]:
    """The filter naming the trigger event's object by its name (none known: nothing qualifies; 707.2)."""
    o = g.objects.get((info or {}).get("obj", -1))
    name = (info or {}).get("name") or (o.card.name if o is not None and "face_down" not in o.chosen else None)
    return {**{k: v for k, v in f.items() if k != "same_name_as_trigger"}, "name_in": [name] if name else []}


def targetable(g: "Game", x: Any, spec: TargetSpec, src: "Obj", controller: str,
               info: dict[str, Any] | None = None) -> bool:
    """Can ``x`` be chosen for this target slot by a spell or ability from ``src``? Not a
    player who left the game (800.4a), nor, with limited range of influence, a player or an
    object controlled by a player outside the controller's range (801.4). ``info``: the
    trigger event of a triggered ability, for "that player" in its target (603.7c)."""
    return _reachable(g, x, controller) and _holds(g, x, _slot_filter(g, spec, src, controller, info), src,
                                                   controller, info)


def _reachable(g: "Game", x: Any, controller: str) -> bool:
    """Not a player who left the game (800.4a), nor, with limited range of influence, a player or an object
    controlled by a player outside the controller's range (801.4)."""
    if isinstance(x, str) and x in g.players and g.players[x].lost:
        return False
    return g.influence is None or seats.in_range(g, controller, x if isinstance(x, str)
                                                 else g.controller_of(x) or controller)


def _slot_filter(g: "Game", spec: TargetSpec, src: "Obj", controller: str,
                 info: dict[str, Any] | None) -> tuple[dict[str, Any], Any, int | None]:
    """The filter a target slot's candidates are matched against, with what it names bound as the spell or ability
    is put on the stack (the defending player, the trigger's player and object, 603.3d), and its
    "opponent_with_more" (apart: it reads the candidate player), and the source the filter reads ("another", "you":
    the spell or ability while it is in the game). The same for every candidate of the slot."""
    f = spec.filter
    ctl = f.get("controller")
    if f.get("owner").__class__ is dict and prior_target(f["owner"]) is not None:
        # "target artifact card in that player's graveyard": another target's player, bound with the targets
        f = {k: v for k, v in f.items() if k != "owner"}
    if ctl.__class__ is dict and prior_target(ctl) is not None:
        # another target's player, before the targets are chosen together (check_targets binds it)
        f = {k: v for k, v in f.items() if k != "controller"}
    elif ctl == "defending_player":
        f = _defending(g, f, src, controller, info)
    elif ctl == "trigger_player":
        f = _trigger_player(f, info)
    more = f.get("opponent_with_more")
    if more is not None:
        f = {k: v for k, v in f.items() if k != "opponent_with_more"}
    if info is not None and info.get("event") in ("dies", "ltb") and info.get("pt") \
            and (src.id not in g.objects or g.objects[src.id].zone != "battlefield") \
            and any(k in CMP_NAMES and _names_self_pt(v) for k, v in f.items()):
        # "When SELF dies, return another target creature card with mana value less than or equal to SELF's power"
        # (Gurgling Anointer): SELF's power as it last existed on the battlefield (603.10, 608.2h), the event's
        # object being SELF (engine/support.py lets only a "when SELF dies / leaves" ability read it so)
        f = {k: _self_as_it(v) if k in CMP_NAMES else v for k, v in f.items()}
    if info is not None and any(k in CMP_NAMES and _names_it(v) for k, v in f.items()):
        # "target creature with that spell's mana value" (Skyfire Kirin), "another target creature card with lesser
        # mana value" than the creature that died (Jackdaw Savior): the object of the event that triggered it, as
        # the ability is put on the stack (603.3d, 202.3, 608.2h)
        at = src.id if src.id in g.objects else None
        f = {k: amount(g, v, at, {"trigger": info}) if k in CMP_NAMES and _names_it(v) else v for k, v in f.items()}
    if f.get("same_name_as_trigger"):  # "target card with the same name as that spell" (Harness the Storm): the
        # spell whose casting triggered the ability (603.3d), by its name as it was cast (201.2)
        f = _same_name_as_trigger(g, f, info)
    return f, more, src.id if src.id in g.objects else None


def _holds(g: "Game", x: Any, slot: tuple[dict[str, Any], Any, int | None], src: "Obj", controller: str,
           info: dict[str, Any] | None) -> bool:
    """Does ``x`` match the slot's filter (``_slot_filter``) and may it be targeted (hexproof, shroud, protection,
    "can't be the target of ...": 702.11, 702.18, 702.16, 115.1)?"""
    f, more, self_id = slot
    if more is not None and not _has_more(g, x, more, info, controller):
        return False
    if not matches(g, x, f, self_id, controller):
        return False
    if isinstance(x, str):
        # 702.11c: "You have hexproof"
        return not (player_statics.active(g) and not player_statics.player_targetable(g, x, controller))
    zone = g.objects[x].zone
    if zone in ("graveyard", "battlefield") and player_statics.active(g) \
            and player_statics.zone_untargetable(g, x, controller):
        return False  # "Cards in graveyards can't be the targets of spells or abilities" (115.1)
    if zone == "battlefield":  # 702.11, 702.18, 702.16: permanents
        c = g.chars(x)
        kw = c.keywords
        if "Shroud" in kw:
            return False
        if "Hexproof" in kw and c.controller != controller and not (
                player_statics.active(g) and player_statics.hexproof_ignored(g, controller, x)):
            return False
        if "Hexproof from" in kw and c.controller != controller:  # a later keyword (Dominaria, 2018):
            sid = quality_source(g, src)                        # hexproof from a quality of the source
            if any(has_quality(g, q, sid, None if sid is not None else set(src.card.colors))
                   for q in c.kwargs.get("Hexproof from") or ()):
                return False
        if "Protection" in kw:
            sid = quality_source(g, src)
            if protected(g, c, sid, None if sid is not None else set(src.card.colors), x):
                return False  # 702.16b
        if c.rules or g.effects and _untargetable_effects(g):
            for rule in _untargetable(g, x, c.rules):
                if rule == "untargetable" or c.controller != controller:
                    return False
            sid = quality_source(g, src)
            if any(r.get("rule") == "untargetable_from"
                   and (not r.get("spells") or src.ability is None and src.zone == "stack")  # "... of black or
                   # red spells": spells only (an ability is checked with its source, 608.2b: not on the stack;
                   # a card about to be cast, in its zone, by barred_for_spell)
                   and (not r.get("abilities") or src.ability is not None or src.zone == "battlefield")  # "... of
                   # abilities": an ability on the stack, or a permanent's ability about to be activated (602.2b)
                   and (not r.get("opponents") or c.controller != controller)  # "... your opponents control"
                   and (not r["sources"] or has_quality(g, r["sources"], sid, None if sid is not None
                                                        else set(src.card.colors))) for r in c.rules):
                return False  # "can't be the target of nongreen spells or abilities from nongreen sources"
                # (601.2c, 114.1)
    return True


def quality_source(g: "Game", src: "Obj") -> int | None:
    """The object whose qualities (colors, types) protection and "can't be the target of ... from sources" read of
    a spell or ability from ``src`` (702.16b): an ability's source as it is now while it is in the game (112.7:
    Prodigal Pyromancer made black by Distorting Lens is a black source), else the spell or ability itself (its
    last known information, 112.7a); None when neither is in the game."""
    if src.ability is not None and isinstance(src.source, int) and src.source in g.objects \
            and g.objects[src.source].zone == "battlefield":
        return src.source
    return src.id if src.id in g.objects else None


def barred_for_spell(g: "Game", x: Any, card_obj: "Obj", controller: str) -> bool:
    """Could the card ``card_obj``, cast as a spell by ``controller``, not target ``x`` for a "can't be the target
    of black or red spells your opponents control" (Fiendslayer Paladin) of ``x`` (601.2c)? ``targetable`` sees
    that rule only once the spell is on the stack; the cast options ask it of the card where it is."""
    if not isinstance(x, int) or x not in g.objects or g.objects[x].zone != "battlefield":
        return False
    c = g.chars(x)
    return any(r.get("rule") == "untargetable_from" and r.get("spells")
               and (not r.get("opponents") or c.controller != controller)
               and (not r["sources"] or has_quality(g, r["sources"], card_obj.id if card_obj.id in g.objects else None,
                                                    None if card_obj.id in g.objects else set(card_obj.card.colors)))
               for r in c.rules)


def _untargetable(g: "Game", x: int, rules: list[dict[str, Any]]) -> list[str]:
    """"Can't be the target of spells or abilities [your opponents control]" (what shroud and hexproof
    mean, 702.18a, 702.11b, written out): from the object's statics, and from resolved effects
    ("... this turn", 611.2a) that name it."""
    out = [r["rule"] for r in rules if r.get("rule") in _UNTARGETABLE]
    out += _untargetable_effects(g).get(x, ())
    return out


def _untargetable_effects(g: "Game") -> dict[int, list[str]]:
    """The objects resolved "can't be the target of ..." effects name, and their rules: worked out once per
    state of the game (targets are checked for every candidate of every option)."""
    effects = g.effects
    if not effects:
        return {}
    got = g.__dict__.get("_untargetable")
    if got is None or got[0] != g._version or got[1] is not effects or got[2] != len(effects):
        by: dict[int, list[str]] = {}
        for e in effects:
            if e["layer"] == "rule" and e.get("rule") in _UNTARGETABLE:
                for i in e["objects"]:
                    by.setdefault(i, []).append(e["rule"])
        got = g.__dict__["_untargetable"] = (g._version, effects, len(effects), by)
    return got[3]


_UNTARGETABLE = frozenset({"untargetable", "untargetable_by_opponents"})



def target_candidates(g: "Game", spec: TargetSpec, src: "Obj", controller: str,
                      info: dict[str, Any] | None = None) -> list[Any]:
    """Every legal choice for one target slot (players and objects); ``info`` as for ``targetable``."""
    out: list[Any] = []
    f = spec.filter
    if f.get("player") or f.get("any"):
        out += [p for p in g.order if targetable(g, p, spec, src, controller, info)]
    if not f.get("player") or f.get("types") or f.get("any"):
        # "target spell or permanent": the zones of each alternative (115.1, 612.1)
        zones = dict.fromkeys(a.get("zone", "battlefield") for a in f["or"]) if "or" in f and "zone" not in f \
            else {f.get("zone", "battlefield"): None}
        pool = []
        for zone in zones:
            if zone == "stack":
                pool += g.stack
            elif zone == "battlefield":
                pool += g.battlefield
            else:
                pool += [i for p in g.order for i in g.players[p].zone(zone if zone != "any_card" else "graveyard")]
        kept = _kept_candidates(g, spec, src, controller) if info is None and zones.keys() == {"battlefield"} \
            else None
        if kept is not None and kept[0] is not None:
            return out + list(kept[0])
        slot = None
        found = []
        for i in pool:
            if (i != src.id or src.zone == "battlefield") and _reachable(g, i, controller):
                if slot is None:  # the slot's filter: once for all of its candidates
                    slot = _slot_filter(g, spec, src, controller, info)
                if _holds(g, i, slot, src, controller, info):
                    found.append(i)
        if kept is not None:
            kept[1][kept[2]] = (spec, src.card, tuple(found))
        out += found
    return out


def _kept_candidates(g: "Game", spec: TargetSpec, src: "Obj", controller: str) -> Any:
    """The permanents a target slot's candidates were found among (``target_candidates``) are the same while the
    characteristics are kept (Game.turn_state_changed, Game.hidden_move: the same permanents, each with the same
    characteristics, 613) when the slot's filter reads only what a change of the state changes
    (``layers.turn_free_filter``: no tapped, attacking, "this turn", no number worked out of the game; the
    controller "you" or an opponent, not the defending player, 506.2), the resolved effects are the same (an
    untargetable effect, 115.1), no player has left (800.4a) and no range of influence limits them (801.4), and no
    static ignores hexproof (702.11b-c: its condition is read now). Then they are kept with the characteristics, per
    slot, source and player, and reused from one priority decision to the next (a tap for mana, a pass).
    Returns None when they can't be kept; else (the kept candidates or None, the table, the key)."""
    f = spec.filter
    cs = g._chars
    if cs is None or g.influence is not None or f.get("player") or "or" in f \
            or f.get("controller") not in _KEPT_CONTROLLERS or not _free_slot(f) \
            or player_statics.active(g) and player_statics.statics(g, "ignore_hexproof"):
        return None
    effects = g.effects
    lost = tuple(p.lost for p in g.players.values())
    got = g.__dict__.get("_targets_kept")
    if got is None or got[0] is not cs or got[1] is not effects or got[2] != len(effects) or got[3] != lost:
        got = g._targets_kept = (cs, effects, len(effects), lost, {})
    key = (id(spec), src.id, src.zone, controller, src.x)  # (the X a filter may compare with, 107.3a)
    hit = got[4].get(key)
    return (hit[2] if hit is not None and hit[0] is spec and hit[1] is src.card else None), got[4], key


#: the values of a filter's "controller" a kept list of candidates may have (``_kept_candidates``): the players they
#: name depend on the source's controller alone
_KEPT_CONTROLLERS = (None, "you", "not_you", "opponent", "team")


@per_object
def _free_slot(f: dict[str, Any]) -> bool:
    """``layers.turn_free_filter`` of a slot's filter, without "any" (its players are found apart) and its zone (the
    battlefield: ``target_candidates`` keeps only those); a comparison with the X of the spell or ability choosing
    ("with mana value X or less", 107.3a: the source's X, part of what the candidates are kept for) is a fixed
    number."""
    return turn_free_filter({k: 0 if k in CMP_NAMES and v == _X else v for k, v in f.items()
                             if k != "any" and k != "zone"})


_X = {"x": True}



def with_x(specs: tuple[TargetSpec, ...], x: int) -> tuple[TargetSpec, ...]:
    """601.2b-c: "X targets" (count -1) is X targets once X is chosen; "up to X" (min 0) from 0 to X. A slot whose
    X is an amount of the game ("where X is the number of verse counters on SELF") is left to ``counted``."""
    if all(s.count >= 0 for s in specs):
        return specs
    return tuple(dataclasses.replace(s, count=x, min=0 if s.min == 0 else x) if s.count < 0 and s.count_of is None
                 else s for s in specs)


def counts_of(g: "Game", specs: tuple[TargetSpec, ...], src: int | None,
              info: dict[str, Any] | None = None) -> list[int] | None:
    """601.2c, 107.3: the number of targets of each slot "up to X target ..., where X is Q" (Vile Requiem: the verse
    counters on SELF as the ability is activated, before its costs are paid, 601.2h), Q counted now; None when no
    slot is counted so. "Up to that many target ..." of a triggered ability: the amount its trigger event names
    (``info``, 603.3d: counted as it is put on the stack; none without one)."""
    if all(s.count_of is None for s in specs):
        return None
    return [(max(0, int((info or {}).get("amount") or 0)) if s.count_of == {"that_much": True}
             else max(0, amount(g, s.count_of, src))) if s.count_of is not None else s.count for s in specs]


def with_counts(specs: tuple[TargetSpec, ...], counts: list[int] | None) -> tuple[TargetSpec, ...]:
    """The slots with the numbers ``counts_of`` counted: "up to X" from 0 to that number, "X target" exactly it."""
    if counts is None or len(counts) != len(specs):
        return specs
    return tuple(dataclasses.replace(s, count=n, min=0 if s.min == 0 else n, count_of=None)
                 if s.count_of is not None and s.count < 0 else s for s, n in zip(specs, counts))


def counted(g: "Game", specs: tuple[TargetSpec, ...], src: int | None) -> tuple[TargetSpec, ...]:
    """``with_counts`` of the numbers counted now (a spell being cast, an ability being activated: 601.2c)."""
    return with_counts(specs, counts_of(g, specs, src))


def bind_prior(g: "Game", spec: TargetSpec, chosen: list[list[Any]]) -> TargetSpec:
    """A target whose controller another target names ("target player or planeswalker and ... target
    creature that player or that planeswalker's controller controls"): the filter with the player
    chosen for that slot, or the controller of the permanent chosen (601.2c: the targets are chosen
    together, so the later one is checked against the earlier). When that target is gone, its
    player cannot be determined and the criterion is not applied (608.2b). The same for the owner of a card
    ("target artifact a player controls and target artifact card in that player's graveyard", Goblin Welder)."""
    f = spec.filter
    for key in ("controller", "owner"):
        n = prior_target(f.get(key))
        if n is None:
            continue
        players = []
        for x in chosen[n] if n < len(chosen) else ():
            p = x if isinstance(x, str) else g.controller_of(x) if x in g.objects else None
            if p is not None and p in g.players:
                players.append(p)
        f = {k: v for k, v in f.items() if k != key}
        if players:
            f[key] = players
    return spec if f is spec.filter else dataclasses.replace(spec, filter=f)


def check_targets(g: "Game", specs: tuple[TargetSpec, ...], chosen: list[list[Any]], src: "Obj",
                  controller: str, info: dict[str, Any] | None = None) -> None:
    if len(chosen) != len(specs):
        raise IllegalAction(f"{src.card.name} needs {len(specs)} target slot(s), got {len(chosen)}")
    specs = tuple(bind_prior(g, s, chosen) for s in specs)
    for spec, picks in zip(specs, chosen):
        if not (spec.min <= len(picks) <= spec.count):
            raise IllegalAction(f"{spec.text}: choose {spec.min}..{spec.count}, got {len(picks)}")
        if len(set(map(str, picks))) != len(picks):
            raise IllegalAction(f"{spec.text}: the same target twice")
        if spec.filter.get("other_target"):  # "another target", "a third target" (115.3)
            others = {str(x) for q in chosen if q is not picks for x in q}
            if any(str(x) in others for x in picks):
                raise IllegalAction(f"{spec.text}: a target already chosen for this ability")
        for x in picks:
            if not targetable(g, x, spec, src, controller, info):
                raise IllegalAction(f"{name_of(g, x)} is not a legal choice for {spec.text}")
        if spec.filter.get("share_type") and len(picks) > 1 and not _share_type(g, picks, spec.filter["share_type"]):
            raise IllegalAction(f"{spec.text}: they share no {spec.filter['share_type']} type")
        if spec.filter.get("single_graveyard") and len({g.objects[x].owner for x in picks
                                                         if isinstance(x, int) and x in g.objects}) > 1:
            raise IllegalAction(f"{spec.text}: they are not all in one graveyard")  # "from a single graveyard"
        if spec.filter.get("different_controllers"):  # "... controlled by different players" (115.1)
            ctls = [g.controller_of(x) for x in picks if isinstance(x, int) and x in g.objects]
            if len(set(ctls)) != len(ctls):
                raise IllegalAction(f"{spec.text}: two of them have the same controller")



_PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})  # 110.4


def _share_type(g: "Game", picks: list[Any], kind: str) -> bool:
    """Do the objects chosen for one target slot have a type in common: "share a card type" (205.2a), "share a
    permanent type" (110.4: a card type that is a permanent type), "share a creature type" (205.3m)?"""
    sets = []
    for x in picks:
        if not isinstance(x, int) or x not in g.objects:
            return False
        c = g.chars(x)
        got = set(c.subtypes) if kind == "creature" else set(c.types)
        sets.append(got & _PERMANENT_TYPES if kind == "permanent" else got)
    return bool(set.intersection(*sets))


def share_groups(g: "Game", cands: list[Any], kind: str, least: int) -> list[list[Any]]:
    """"Two target permanents that share a card type" (a slot with ``share_type``): for each type, the candidates
    that have it, where at least ``least`` do (any ``least`` of one group are a legal choice)."""
    by: dict[str, list[Any]] = {}
    for x in cands:
        if not isinstance(x, int) or x not in g.objects:
            continue
        c = g.chars(x)
        got = set(c.subtypes) if kind == "creature" else set(c.types)
        for t in sorted(got & _PERMANENT_TYPES if kind == "permanent" else got):
            by.setdefault(t, []).append(x)
    return [xs for _, xs in sorted(by.items()) if len(xs) >= max(1, least)]


def normalize_targets(raw: Any, specs: tuple[TargetSpec, ...]) -> list[list[Any]]:
    """Accept a flat list (one per slot) or a list of lists."""
    raw = list(raw or [])
    if all(isinstance(r, list) for r in raw) and len(raw) == len(specs):
        return [list(r) for r in raw]
    out: list[list[Any]] = []
    i = 0
    for k, spec in enumerate(specs):
        # a slot of a range of targets ("one or two target creatures", "up to two") takes what the later slots'
        # least numbers leave (601.2c: each slot's targets, in the order the card asks for them)
        later = sum(max(s.min, 0) for s in specs[k + 1:])
        n = spec.count if spec.count == spec.min else max(0, min(spec.count, len(raw) - i - later))
        out.append(raw[i:i + n])
        i += n
    if i != len(raw):
        raise IllegalAction(f"too many targets: {raw!r}")
    return out



def name_of(g: "Game", x: Any) -> str:
    if isinstance(x, str):
        return x
    o = g.objects.get(x)
    return o.card.name if o else f"object {x}"


@per_object
def names_x(specs: tuple[TargetSpec, ...]) -> bool:
    """Do these targets depend on X ("X target creatures", "target creature with power X or less")?"""
    return any(s.count < 0 or any(isinstance(v, dict) and v.get("x") for v in s.filter.values()) for s in specs)


def x_fixed(spec: TargetSpec, x: int) -> TargetSpec:
    """A target whose filter compares with X ({"x": true}) compares with the number ``x`` instead."""
    f = spec.filter
    if not any(isinstance(v, dict) and v.get("x") for v in f.values()):
        return spec
    return dataclasses.replace(spec, filter={k: x if isinstance(v, dict) and v.get("x") else v for k, v in f.items()})


def _as_chosen_only(spec: TargetSpec) -> TargetSpec:
    """"Choose target opponent who has more life than you do as you activate this ability" (Keeper of the Light): the
    comparison holds as the target is chosen (601.2c); on resolution (608.2b) it is an opponent, whatever it has."""
    more = spec.filter.get("opponent_with_more")
    if not isinstance(more, dict) or not more.get("as_chosen"):
        return spec
    return dataclasses.replace(spec, filter={k: v for k, v in spec.filter.items() if k != "opponent_with_more"})


def legal_now(g: "Game", s: "Obj") -> list[list[Any]]:
    """608.2b: targets that are still legal (illegal ones are not affected)."""
    if s.ability is not None:
        specs = s.ability.targets
        if s.ability.choose:  # a modal activated ability: the chosen modes' targets
            specs = tuple(t for m in s.modes for t in s.ability.modes[m].targets)
    else:
        ab = spell_ability(s.card)
        if "Aura" in s.card.subtypes:
            enchant = s.card.keyword_args.get("Enchant")
            specs = (TargetSpec(enchant if isinstance(enchant, dict) else {"types": ["Creature"]}, "enchant"),)
        elif ab is not None and ab.choose:
            specs = tuple(t for m in s.modes for t in ab.modes[m].targets)
        else:
            specs = ab.targets if ab else ()
    src = s
    if s.ability is not None and s.source in g.objects:
        src = g.objects[s.source]
        # "with mana value X": the X of this ability (107.3a), not of its source, when checked again
        specs = tuple(x_fixed(t, s.x) for t in specs)
    info = s.trigger_info if s.ability is not None else None
    specs = tuple(bind_prior(g, _as_chosen_only(spec), s.targets) for spec in specs)  # the other target now (608.2b)
    return [[x for x in picks if (isinstance(x, str) or x in g.objects)
             and targetable(g, x, spec, src, s.controller, info)]
            for spec, picks in zip(specs, s.targets)]


def divided_damage(effs: Any) -> list[Effect]:
    """The damage instructions "divided as you choose" among one target slot, nested ones too (601.2d); the damage to
    prevent so divided too ("Prevent the next 5 damage ... to any number of targets, divided as you choose", 615.7)."""
    out: list[Effect] = []
    for e in effs or ():
        if e.op in ("damage", "prevent") and e.args.get("divided") and isinstance(e.args.get("to"), dict) \
                and "target" in e.args["to"]:
            out.append(e)
        for k in ("effects", "then", "else"):
            if isinstance(e.args.get(k), (list, tuple)):
                out += divided_damage(e.args[k])
    return out


def division(g: "Game", s: "Obj", ab: Ability | None, given: Any) -> dict[Any, int]:
    """601.2d: as a spell is cast or an ability activated, its controller announces how the damage "divided as you
    choose" is divided among its targets, each of them dealt at least 1; the amount is known then (X announced,
    601.2b; "where X is ... as you activate this ability", Lukka, Bound to Ruin). ``given``: {target: damage} of the
    answer, checked to cover every target and add up to the amount; with none given, one target is dealt all of it,
    several share it as evenly as it goes, the first ones in target order one more (the division a client that asks
    no division gets). IllegalAction when the amount can't be divided so."""
    picked = {(_as_id(k)): v for k, v in (given or {}).items()}
    divs = divided_damage(ab.effects) if ab is not None and not ab.choose else []
    if not divs:
        return picked
    slot = divs[0].args["to"]["target"]
    targets = list(s.targets[slot]) if slot < len(s.targets) else []
    if not targets or any(d.args["to"]["target"] != slot for d in divs):
        return picked
    src = s.source if s.ability is not None and s.source is not None else s.id
    # "If this spell's madness cost was paid, it deals X damage divided ... instead" (Avacyn's Judgment): one of the
    # amounts of its instructions, whichever applies
    totals = sorted({max(0, amount(g, d.args["amount"], src, {"obj": s.id, "i": 0, "answers": {}})) for d in divs})
    if picked:
        total = sum(v for v in picked.values() if isinstance(v, int))
        if set(picked) != set(targets) or total not in totals or any(
                not isinstance(v, int) or isinstance(v, bool) or v < (1 if total else 0) for v in picked.values()):
            raise IllegalAction(f"divide {' or '.join(map(str, totals))} damage among the targets, each at least 1 "
                                f"(601.2d)")
        return picked
    total = next((t for t in totals if t >= len(targets)), totals[-1])
    if total and total < len(targets):
        raise IllegalAction(f"{total} damage can't be divided among {len(targets)} targets, each dealt at least 1 "
                            f"(601.2d)")
    base, extra = divmod(total, len(targets))
    return {t: base + (1 if i < extra else 0) for i, t in enumerate(targets)}


def _names_self_pt(a: Any) -> bool:
    """Does this amount read SELF's power or toughness ({"power_of": "self"})?"""
    return isinstance(a, dict) and (a.get("power_of") == "self" or a.get("toughness_of") == "self")


def _self_as_it(a: Any) -> Any:
    """{"power_of": "self"} as {"power_of": "it"}: the event's object, as the trigger saw it (603.10)."""
    if _names_self_pt(a):
        return {k: "it" if k in ("power_of", "toughness_of") and v == "self" else v for k, v in a.items()}
    return a


def _names_it(a: Any) -> bool:
    """Does this amount read "it", the object of the event that triggered the ability ({"mv_of": "it"})?"""
    if isinstance(a, dict):
        return any(v == "it" or _names_it(v) for v in a.values())
    if isinstance(a, list):
        return any(_names_it(v) for v in a)
    return False


def division_caps(g: "Game", s: "Obj | None", ab: Ability | None) -> dict[int, int]:
    """601.2d: each target of damage "divided as you choose" is dealt at least 1, so that slot takes at most as many
    targets as the amount: {slot: amount}. ``s``: the spell or ability on the stack (or a stand-in) the amount is
    counted for; None for a card not yet cast, when only a printed number is known (an X is announced later)."""
    divs = divided_damage(ab.effects) if ab is not None and not ab.choose else []
    if not divs:
        return {}
    slot = divs[0].args["to"]["target"]
    if any(d.args["to"]["target"] != slot for d in divs):
        return {}
    if s is None:
        amts = [d.args["amount"] for d in divs]
        return {slot: max(amts)} if all(isinstance(a, int) and not isinstance(a, bool) for a in amts) else {}
    src = s.source if s.ability is not None and s.source is not None else s.id
    return {slot: max(max(0, amount(g, d.args["amount"], src, {"obj": s.id, "i": 0, "answers": {}})) for d in divs)}


def capped_counts(specs: Any, caps: dict[int, int]) -> list[list[int]]:
    """Each target slot's [fewest, most] targets (601.2c), the most no more than its division allows (601.2d)."""
    return [[s.min, min(s.count, max(caps[k], s.min)) if k in caps else s.count] for k, s in enumerate(specs)]


def _as_id(k: Any) -> Any:
    """An answer's key: an object id given as text ("12") is that id; a player's name stays a name."""
    try:
        return int(k)
    except (TypeError, ValueError):
        return k
