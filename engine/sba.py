"""State-based actions (CR 704), checked as a fixpoint before a player gets priority."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import archenemy, bestow, commander, dungeon, planechase, player_statics, saga, seats, triggers
from engine.actions import ascend, aura_ok, destroy, plan_destroy, remove_from_combat
from engine.choices import NeedChoice
from engine.errors import IllegalAction
from engine.filters import matches
from engine.object_statics import attach_allowed
from engine.ops.actions import start_speed
from engine.protection import attach_protected
from engine.replacement import zone_change
from engine.until import lost_control, object_left

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Decision, Obj


def check(g: "Game") -> bool:
    """Perform every applicable state-based action at once (704.3). True if any happened."""
    did = False
    g.lki = []  # the state-based actions are performed simultaneously (704.3); one look-back batch
    if g.effects:
        lost_control(g)  # 611.2b: "for as long as you control SELF" has ended (seen before anyone gets priority)
    if g.shared:
        seats.share(g)  # 810.4, 810.10: a Two-Headed Giant team's life and poison are one
    limit = seats.poison_limit(g) if g.shared else 10
    for p in g.players.values():
        if not p.lost and (p.life <= 0 or p.drew_from_empty or p.poison >= limit):  # 704.5a-c, 810.8c-d
            if not player_statics.can_lose(g, p.name, "life" if p.life <= 0 and not p.drew_from_empty
                                           and p.poison < limit else ""):
                p.drew_from_empty = False  # 704.5b: only a draw since the last check counts
                continue  # "You can't lose the game" (104.3); "... for having 0 or less life" (704.5a) only
            p.lost = True
            did = True
            g.log("lose", player=p.name, why="life" if p.life <= 0 else "poison" if p.poison >= limit else "draw")
    did = bool(g.commanders and commander.check(g, lambda n: player_statics.can_lose(g, n))) or did  # 903.11a
    if len(g.order) > 2 and not did and len(g.gone) < sum(1 for p in g.players.values() if p.lost):
        did = True  # a player lost by an effect (104.3e, 800.7) leaves now that it has resolved (800.4a)
    if did and g._check_end():
        return True
    # 704.5d: tokens outside the battlefield cease to exist
    for p in g.players.values() if g.tokens_outside else ():
        for zone in ("hand", "graveyard", "exile", "library"):
            lst = p.zone(zone)
            gone = [i for i in lst if g.objects[i].token]
            for i in gone:
                lst.remove(i)
                del g.objects[i]
                did = True
                g.changed()  # a count of the cards in a graveyard may have read it (layers._zoned)
                if g.effects:
                    object_left(g, i)  # 400.7, 611.2c: effects on only that token have ended
    for i in [i for i in g.phased if g.objects[i].token] if g.tokens_outside else ():  # 702.25k
        g.phased.remove(i)
        del g.objects[i]
        did = True
        if g.effects:
            object_left(g, i)
    g.tokens_outside = False
    if any(p.command for p in g.players.values()):
        did = dungeon.check(g) or did  # a venture marker on a dungeon's bottommost room (a later rule)
        if g.casual:
            did = archenemy.check(g) or did  # 704.3, 904.10: a scheme that is not ongoing, its ability gone
            did = planechase.check_phenomena(g) or did  # 704.5x: a phenomenon, its ability gone
    if not did and g.__dict__.get("_sba_clean") == g._version:
        return False  # nothing changed since the permanents were last found in order
    if "_paired" in g.__dict__:  # some soulbond pair was made in this game (engine/ops/objects.py)
        _unpair(g)
    to_graveyard: list[int] = []
    to_destroy: list[int] = []
    unattach: list[int] = []
    counters_fix: list[int] = []
    counters_cap: list[tuple[int, str, int]] = []  # 704.5s: (permanent, kind, N)
    legends: dict[tuple[str, str], list[int]] = {}
    walkers: dict[tuple[str, str], list[int]] = {}
    worlds: list[int] = []
    roles: dict[tuple[str, int], list[int]] = {}
    ascenders: set[str] = set()
    engines: set[str] = set()
    out_of_combat: list[int] = []
    sagas_done: list[int] = []
    saga_waits = False  # a finished Saga waits for its chapter ability to leave the stack: no "clean" mark
    cs = g.all_chars()
    objs = g.objects
    for oid in g.battlefield:
        o = objs[oid]
        c = cs[oid]
        if (c.controller != o.controller or o.chosen and "held_by" in o.chosen) and \
                o.chosen.get("held_by", o.controller) != c.controller:  # not an SBA: 302.6 bookkeeping
            o.sick = True  # under this controller only since now (a control-changing static began or ended)
            o.chosen["held_by"] = c.controller
            g.turn_state_changed()
        if o.attacking is not None or o.blocking or o.chosen and "lost_attackers" in o.chosen:
            if "Creature" not in c.types:
                out_of_combat.append(oid)  # not an SBA: 506.4, an attacking or blocking creature stopped being one
        if "Creature" in c.types:
            if c.toughness <= 0:
                to_graveyard.append(oid)  # 704.5f
            elif (o.damage >= c.toughness and o.damage > 0) or o.deathtouched:
                to_destroy.append(oid)    # 704.5g-h (deathtouch damage dealt as -1/-1 counters too, 702.2c)
        if "Planeswalker" in c.types and o.counters.get("loyalty", 0) <= 0:
            to_graveyard.append(oid)      # 704.5i
        if "Aura" in c.subtypes:
            t = o.attached_to
            if isinstance(t, str):  # an Aura with "enchant player" (303.4, a Curse): on a player still in the game
                if not _player_aura_ok(g, oid, t):
                    to_graveyard.append(oid)  # 704.5n
            elif t is None or t not in g.objects or g.objects[t].zone != _enchant_zone(o) or not aura_ok(g, oid, t):
                # 704.5n; 702.102e: an Aura with bestow becomes unattached instead (and a creature, 702.102a)
                (unattach if "bestowed" in o.chosen else to_graveyard).append(oid)
            elif "Role" in c.subtypes:
                roles.setdefault((c.controller, t), []).append(oid)  # a Role on it (role_rule)
        elif o.attached_to is not None:
            t = o.attached_to
            if t not in g.objects or g.objects[t].zone != "battlefield" or \
                    ("Equipment" in c.subtypes and not _equip_ok(g, oid, t)):
                unattach.append(oid)      # 704.5p
            elif "Creature" in c.types or not {"Equipment", "Fortification"} & set(c.subtypes):
                unattach.append(oid)      # 704.5q: a creature, or what is not meant to attach, falls off
        if o.counters.get("+1/+1", 0) and o.counters.get("-1/-1", 0):
            counters_fix.append(oid)      # 704.5r
        if o.counters:
            for r in c.rules:  # 704.5s, 121.4: "SELF can't have more than N dream counters on it"
                if r.get("rule") == "max_counters" and o.counters.get(r["counter"], 0) > r["max"]:
                    counters_cap.append((oid, r["counter"], int(r["max"])))
        if "Legendary" in c.supertypes:
            legends.setdefault((c.controller, o.card.name), []).append(oid)
        if "World" in c.supertypes:
            worlds.append(oid)
        if "Planeswalker" in c.types:
            for st in c.subtypes:
                walkers.setdefault((c.controller, st), []).append(oid)
        if "Ascend" in c.keywords:
            ascenders.add(c.controller)
        if "Start your engines!" in c.keywords and not g.players[c.controller].speed:
            engines.add(c.controller)
        if o.counters.get("lore") or o.chosen and "lore_seen" in o.chosen:  # a Saga's chapters (engine/saga.py)
            fired, done, waits = saga.check(g, o, c)
            did = fired or did
            if done:
                sagas_done.append(oid)
            saga_waits = saga_waits or waits
    if out_of_combat:
        _leave_combat(g, out_of_combat)
    for who in ascenders:
        # ascend on a permanent (a later keyword, Rivals of Ixalan): "any time you control ten or more permanents
        # and you don't have the city's blessing, you get the city's blessing" (not a state-based action, and
        # it uses no stack: seen whenever the game checks its state)
        did = ascend(g, who) or did
    for who in engines:
        did = start_speed(g, who) or did  # start your engines! (a later keyword, Aetherdrift: a state-based action)
    if len(worlds) > 1:
        to_graveyard += world_rule(g, worlds, cs)
    for ids in roles.values():
        if len(ids) > 1:
            to_graveyard += role_rule(g, ids)
    if (to_graveyard or to_destroy) and not _choices_made(g, to_graveyard, to_destroy):
        return True  # 616.1: a player chooses the order of replacement effects first
    g.lki_chars = cs  # 704.7: what leaves is seen as it was before any of these actions
    try:
        did = _perform(g, to_graveyard, to_destroy, unattach, counters_fix, legends, walkers, counters_cap) or did
        did = saga.sacrifice_sagas(g, sagas_done) or did
    finally:
        g.lki_chars = None
    if did:
        g.changed()
    else:
        if not saga_waits:
            g._sba_clean = g._version
    return did


def _leave_combat(g: "Game", oids: list[int]) -> None:
    """506.4: an attacking or blocking creature that stops being a creature (its animation ended, an
    effect made it a land) is removed from combat. Not a state-based action: it happens as the
    permanent stops being a creature, which the engine sees whenever it checks the game's state (before
    a player gets priority, 704.3), so no combat damage step can come between. A planeswalker that
    was attacked and still is one stays attacked (506.4d): only its attacking and blocking end."""
    for oid in oids:
        o = g.objects[oid]
        remove_from_combat(g, o)
        g.log("removed_from_combat", card=o.card.name, obj=oid, why="not a creature")
    g.changed()


def _perform(g: "Game", to_graveyard: list[int], to_destroy: list[int], unattach: list[int],
             counters_fix: list[int], legends: dict, walkers: dict,
             counters_cap: list[tuple[int, str, int]] | None = None) -> bool:
    """The state-based actions found by check(), performed at once (704.3)."""
    did = False
    for oid, kind, most in counters_cap or ():  # 704.5s: all but N of those counters are removed (121.4)
        extra = g.objects[oid].counters.get(kind, 0) - most
        if extra > 0:
            g.objects[oid].counters[kind] = most
            triggers.counters_removed(g, oid, kind, extra)
            did = True
    for oid in counters_fix:
        counts = g.objects[oid].counters
        n = min(counts["+1/+1"], counts["-1/-1"])
        counts["+1/+1"] -= n
        counts["-1/-1"] -= n
        for k in ("+1/+1", "-1/-1"):
            triggers.counters_removed(g, oid, k, n)
        did = True
    for oid in unattach:
        was = g.objects[oid].attached_to
        g.objects[oid].attached_to = None
        if was is not None:
            triggers.unattached(g, oid, was)  # 704.5q: "whenever SELF becomes unattached" (Grafted Wargear)
        if "bestowed" in g.objects[oid].chosen:
            bestow.end(g, g.objects[oid])  # 702.102a: unattached, it is an enchantment creature again
        did = True
    for oid in dict.fromkeys(to_graveyard):
        if oid in g.objects and g.objects[oid].zone == "battlefield":
            g.move(oid, "graveyard")
            did = True
    for oid in to_destroy:
        if oid in g.objects and oid not in to_graveyard:
            regen = g.objects[oid].regen
            if destroy(g, oid) or (oid in g.objects and g.objects[oid].regen != regen):
                did = True  # an indestructible creature stays and changes nothing (702.12b)
    # 704.5j-k: the player chooses which one stays
    for (player, _), ids in list(legends.items()) + list(walkers.items()):
        live = [i for i in ids if i in g.objects and g.objects[i].zone == "battlefield"]
        if len(live) > 1:
            g.queue.insert(0, {"kind": "legend_rule", "player": player, "options": live})
            did = True
            break
    return did


def world_rule(g: "Game", worlds: list[int], cs: dict) -> list[int]:
    """704.5m, the world rule: of two or more world permanents, all but the one that has had
    the world supertype for the shortest time go to their owners' graveyards; on a tie for the
    shortest time, all go. That time is read from the event the permanent entered the
    battlefield in (``Obj.entered``, engine/state.stamp_entry; no supported card gives the
    supertype later): permanents that entered at once (Replenish) have had it equally long and
    tie, though 613.6j orders their timestamps, and an Aura attached again (613.6d) has had it
    no shorter. 801.12: with the limited range of influence option, a world permanent is
    weighed only against the world permanents within its controller's range of influence."""
    out = []
    for w in worlds:
        rivals = [x for x in worlds if x != w and seats.in_range(g, cs[w].controller, cs[x].controller)]
        if rivals and max(g.objects[x].entered for x in rivals) >= g.objects[w].entered:
            out.append(w)
    return out


def role_rule(g: "Game", roles: list[int]) -> list[int]:
    """Roles (a later state-based action, Wilds of Eldraine, 2023): of two or more Roles one player controls attached
    to one permanent, all but the one with the newest timestamp (613.6) go to their owners' graveyards. Roles
    attached at once come from one effect, which makes one kind: alike, whichever of them stays."""
    newest = max(roles, key=lambda i: g.objects[i].timestamp)
    return [i for i in roles if i != newest]


def _choices_made(g: "Game", to_graveyard: list[int], to_destroy: list[int]) -> bool:
    """616.1: before the state-based actions happen (at once, 704.3), every order of replacement
    effects they need is chosen, the active player's first (101.4). False when a choice is now
    pending (g.wait); the check is made again after the answer."""
    todo = [(oid, False) for oid in dict.fromkeys(to_graveyard)] + \
        [(oid, True) for oid in to_destroy if oid not in to_graveyard]
    todo.sort(key=lambda t: g.controller_of(t[0]) != g.active)
    try:
        for oid, destroyed in todo:
            if destroyed:
                plan_destroy(g, oid)
            else:
                zone_change(g, g.objects[oid], "battlefield", "graveyard")
    except NeedChoice as need:
        g.wait = need.wait
        return False
    return True


def _enchant_zone(o: "Obj") -> str:
    """Where what an Aura enchants is: a card in a graveyard for "enchant creature card in a graveyard" (Animate
    Dead, until its ability replaces that enchant ability, 303.4), a permanent otherwise."""
    enchant = o.card.keyword_args.get("Enchant")
    if "put_with" not in o.chosen and isinstance(enchant, dict) and enchant.get("zone") == "graveyard":
        return "graveyard"
    return "battlefield"


def _player_aura_ok(g: "Game", aura: int, p: str) -> bool:
    """704.5n, 303.4: an Aura attached to a player stays while it can enchant that player: its Enchant filter
    ("enchant player", "enchant opponent"), the player still in the game (800.4a), within its controller's range of
    influence (801.8)."""
    o = g.objects[aura]
    enchant = o.card.keyword_args.get("Enchant")
    if p not in g.players or g.players[p].lost or not isinstance(enchant, dict) or not enchant.get("player"):
        return False
    if not matches(g, p, enchant, aura):
        return False
    return g.influence is None or seats.in_range(g, g.chars(aura).controller, p)


def _equip_ok(g: "Game", equipment: int, t: int) -> bool:
    """704.5p: Equipment stays attached only to a creature without protection from it (702.16d),
    within its controller's range of influence (801.9)."""
    tc = g.chars(t)
    if "Creature" not in tc.types or not attach_allowed(g, equipment, t):
        return False  # (and "SELF can be attached only to a creature with toughness 4 or greater")
    if g.influence is not None and not seats.in_range(g, g.chars(equipment).controller, tc.controller):
        return False  # 801.9: nor a creature outside the Equipment's controller's range of influence
    return not ("Protection" in tc.keywords and attach_protected(g, tc, equipment, t))


def legend_answer(g: "Game", d: "Decision", keep: list[Any]) -> None:
    """704.5j-k: the one chosen stays; the rest go to the graveyard."""
    opts = d.options
    keep = [int(k) if isinstance(k, str) and k.isdigit() else k for k in keep]
    if len(keep) != 1 or keep[0] not in opts:
        raise IllegalAction("choose the one permanent that stays")
    for i in opts:
        if i != keep[0] and i in g.objects:
            g.move(i, "graveyard")


def _unpair(g: "Game") -> None:
    """702.94e: a paired creature becomes unpaired if another player gains control of it or of the creature
    it's paired with, if either stops being a creature, or if either leaves the battlefield (checked with
    the state-based actions, so a pair never outlives its conditions once play goes on)."""
    for oid in g.battlefield:
        o = g.objects[oid]
        other = o.chosen.get("paired") if o.chosen else None
        if other is None:
            continue
        p = g.objects.get(other)
        ok = p is not None and p.zone == "battlefield" and p.chosen.get("paired") == oid \
            and all(g.controller_of(i) == o.chosen.get("paired_under") and g.chars(i).is_creature()
                    for i in (oid, other))
        if not ok:
            o.chosen.pop("paired", None)
            o.chosen.pop("paired_under", None)
            if p is not None and p.zone == "battlefield" and p.chosen.get("paired") == oid:
                p.chosen.pop("paired", None)
                p.chosen.pop("paired_under", None)
            g.changed()
