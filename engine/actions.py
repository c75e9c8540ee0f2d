"""Game actions shared by effects, costs, combat and state-based actions: damage (CR 120),
life (119), discarding (701.7), destroying (701.6), sacrificing (701.14), creating objects
(tokens 111.1, emblems 113.1, cards put into the game), adding mana (106.4), continuous
effect records (611) and removing a permanent from combat (506.4).

Each action changes the game and fires the trigger events it causes (603.2); none of them
asks a question except where its docstring says so (616.1: the order of replacement
effects, by NeedChoice before anything changed).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import cast_options, commander, player_statics, redirect, replacement, seats, triggers
from engine.cards.abilities import CardDef, Effect
from engine.errors import IllegalAction
from engine.filters import matches
from engine.layers import counters_allowed
from engine.mana import bound_restriction, choice_options, lasting_key, restricted_key, snow_key
from engine.object_statics import unpreventable as source_unpreventable
from engine.protection import attach_protected, protected
from engine.state import Obj, create_object
from engine.tapping import tap
from engine.values import Ctx, amount, source_id, this

if TYPE_CHECKING:
    from engine.game import Game


def deal_damage_batch(g: "Game", hits: list[tuple[int, Any, int]], combat: bool = False,
                      unpreventable: bool = False) -> list[tuple[int, int]]:
    """Deal damage, simultaneously, from sources to players and objects (120.3-120.4).

    Prevention (615) and the life gained by lifelink (702.15b, with its replacements, 614.1a)
    are planned first, where a player may be asked the order of the effects (616.1: the caller
    deals the same damage again after the answer); nothing changes before that. Returns, for each
    damage dealt, (amount, excess): the excess is what a creature was dealt beyond lethal damage
    (702.2c: 1 from a source with deathtouch) or a planeswalker beyond its loyalty (a later rule,
    2020: "excess damage"). ``unpreventable``: the effect says "the damage can't be prevented" (615.11)."""
    hits, redirected = redirect.redirect_hits(g, hits, combat)  # 614.9: to another recipient instead
    pool = replacement.shields(g)
    spent: dict[int, int] = {}  # what this batch takes from each shield (615.7)
    used: list[tuple[dict[str, Any], int, Any, int]] = []
    plan: list[tuple[int, Any, int]] = []
    as_counters: dict[int, str] = {}  # the planned damage that becomes counters instead (614.1a)
    shielded: set[int] = set()  # the permanents whose shield counter takes this damage
    gains: dict[str, int] = {}
    statics_on = player_statics.active(g)
    for src, tgt, n in hits:
        if n <= 0:
            continue
        so = g.known(src)  # a spell that left the stack: as it last existed (608.2g)
        if so is None:
            continue
        sc = g.chars(src)
        # 702.16e protection prevents damage from sources of that quality; prevention effects
        free = unpreventable or source_unpreventable(g, src) or statics_on and player_statics.damage_unpreventable(
            g, src, combat)
        if isinstance(tgt, int):
            if tgt not in g.objects or g.objects[tgt].zone != "battlefield":
                continue
            tc = g.chars(tgt)
            if "Protection" in tc.keywords and not free:
                if protected(g, tc, src, set(sc.colors), tgt):
                    continue  # 702.16c
        if isinstance(tgt, int) and (tgt in shielded or g.objects[tgt].counters.get("shield", 0) > 0):
            # a shield counter (a later rule, Streets of New Capenna, 2022): "If damage would be dealt to this
            # permanent, prevent that damage and remove a shield counter from it" (one counter for the damage dealt
            # at once); damage that can't be prevented (615.11) is dealt and the counter removed all the same
            shielded.add(tgt)
            if not free:
                continue
        here = pool + replacement.static_shields(g, src, tgt, combat) if not free else []
        mods = replacement.damage_mods(g, src, tgt, combat) if statics_on else []  # 614.1a, ordered with 615 (616.1)
        if here or mods:
            n, took = replacement.prevent(g, src, tgt, n, combat, spent, here, mods=mods)
            for e, k in took:
                spent[e["ts"]] = spent.get(e["ts"], 0) + k
                used.append((e, k, tgt, src))
        if n <= 0:
            continue
        plan.append((src, tgt, n))
        if statics_on and isinstance(tgt, int):
            kind = player_statics.damage_counters(g, src, tgt, combat)
            if kind is not None:  # 614.1a: no damage is dealt; that many counters instead (no lifelink, 702.15b)
                as_counters[len(plan) - 1] = kind
                continue
        if "Lifelink" in sc.keywords:  # 702.15b
            gains[sc.controller] = gains.get(sc.controller, 0) + n
    gains = {p: replacement.life_gain(g, p, n) for p, n in gains.items()}  # 614.1a, asked before any change
    redirect.spend(g, redirected)
    for sh in shielded:  # one shield counter off each permanent it shielded (121.1: a counter removed)
        if sh in g.objects and g.objects[sh].counters.get("shield", 0) > 0:
            g.objects[sh].counters["shield"] -= 1
            triggers.counters_removed(g, sh, "shield", 1)
            g.changed()
    for e, k, _, _ in used:
        if e.get("amount") is not None:
            e["amount"] -= k
        if e.get("once"):  # 615.8: "the next time ...": one instance of damage, then it is used up
            e["used"] = True
    losses: dict[str, int] = {}  # 120.3a: damage to a player causes that much life loss, one event per player
    evs = []
    done_hits: list[tuple[int, int]] = []
    for i, (src, tgt, n) in enumerate(plan):
        replacement.done(g, f"damage:{src}:{tgt}")
        so = g.known(src)
        assert so is not None  # planned above
        if i in as_counters:  # 614.1a: that many counters instead of the damage (none dealt, 120.3)
            done_hits.append((0, 0))
            kind = as_counters[i]
            t = g.objects[tgt]
            if counters_allowed(g, tgt, kind):
                t.counters[kind] = t.counters.get(kind, 0) + n
                triggers.counters_put(g, tgt, kind, n, g.controller_of(src))
            g.log("counters", source=so.card.name, target=t.card.name, counter=kind, amount=n)
            continue
        sc = g.chars(src)
        kw = sc.keywords
        if statics_on and so.zone == "stack" and so.ability is None and so.controller:
            # "Instant and sorcery spells you control have deathtouch" (Pestilent Spirit): the spell's own (112.1)
            kw = kw | player_statics.spell_keywords(g, so, so.controller)
        if so.zone == "battlefield" and not so.chosen.get("dealt_damage"):
            so.chosen["dealt_damage"] = True  # "if it hasn't dealt damage yet"
        if so.zone == "battlefield":  # "if SELF has dealt 3 or more damage this turn": [turn, damage dealt then]
            turn, dealt = so.chosen.get("damage_turn") or (g.turn, 0)
            so.chosen["damage_turn"] = [g.turn, (dealt if turn == g.turn else 0) + n]
        done_hits.append((n, 0))
        if isinstance(tgt, str):
            pl = g.players[tgt]
            if combat and g.commanders:
                commander.note_damage(g, so, tgt, n)  # 903.11a
            if "Infect" in kw or statics_on and player_statics.damage_as_infect(g, tgt):
                if player_statics.can_get_counters(g, tgt, "poison"):  # infect, 702.89b (or "as though its source
                    pl.poison += replacement.player_counter_count(g, tgt, "poison", n)  # had infect": Phyrexian Unlife)
            else:
                losses[tgt] = losses.get(tgt, 0) + n
            if combat and "Toxic" in kw and isinstance(sc.kwargs.get("Toxic"), int):
                # a later keyword (Phyrexia: All Will Be One): "Players dealt combat damage by this
                # creature also get N poison counters"
                if player_statics.can_get_counters(g, tgt, "poison"):
                    pl.poison += replacement.player_counter_count(g, tgt, "poison", sc.kwargs["Toxic"])
            # combat damage is also damage: "deals damage (to a player)" triggers see it (120.1, 510.2)
            evs.append({"event": "damage_player", "obj": src, "target": tgt, "amount": n, "player": tgt,
                        "obj_controller": sc.controller})  # "that player": the source's controller then (608.2g)
            if tgt != sc.controller:
                evs.append({"event": "damage_opponent", "obj": src, "target": tgt, "amount": n, "player": tgt})
            if combat:
                evs.append({"event": "combat_damage_player", "obj": src, "target": tgt, "amount": n, "player": tgt})
                if sc.controller in g.players and "Creature" in sc.types:  # 702.75a: its creature types then
                    seen = g.players[sc.controller].combat_types_turn
                    seen.extend(t for t in sc.subtypes if t not in seen)
                    if g.commanders and g.commanders.get(so.uid) is not None and not so.token \
                            and "#commander" not in seen:
                        seen.append("#commander")  # freerunning (a later keyword): "with ... a commander"
            evs.append({"event": "deals_damage", "obj": src, "target": tgt, "amount": n, "combat": combat,
                        "obj_controller": sc.controller})
            evs.append({"event": "dealt_damage", "player": tgt, "source": src, "amount": n, "combat": combat})
        else:
            t = g.objects[tgt]
            tc = g.chars(tgt)
            done_hits[-1] = (n, max(0, n - _lethal(t, tc, "Deathtouch" in kw)))
            if "Planeswalker" in tc.types and "Creature" not in tc.types:
                had = t.counters.get("loyalty", 0)
                t.counters["loyalty"] = had - n  # 119.3c
                triggers.counters_removed(g, tgt, "loyalty", min(n, max(0, had)))
            elif "Infect" in kw or "Wither" in kw:
                t.counters["-1/-1"] = t.counters.get("-1/-1", 0) + n  # 119.3d; infect 702.89c, wither 702.79a
                triggers.counters_put(g, tgt, "-1/-1", n, sc.controller)  # 121.6: its controller puts them
            else:
                t.damage += n
            if "Deathtouch" in kw and n > 0:  # 702.2b: any nonzero amount of damage
                t.deathtouched = True
            t.damage_sources.append(src)
            turn, had = t.chosen.get("dealt_turn") or (g.turn, 0)  # "if 4 or more damage was dealt to it this
            t.chosen["dealt_turn"] = [g.turn, (had if turn == g.turn else 0) + n]  # turn": all of it (119.3)
            if combat and "Creature" in tc.types:  # 510.2: to a creature (a planeswalker: the event below)
                evs.append({"event": "combat_damage_creature", "obj": src, "target": tgt, "amount": n})
            if combat and "Planeswalker" in tc.types:  # "whenever SELF deals combat damage to a player or planeswalker"
                evs.append({"event": "combat_damage_walker", "obj": src, "target": tgt, "amount": n,
                            "player": tc.controller})  # "that player": the planeswalker's controller
            evs.append({"event": "deals_damage", "obj": src, "target": tgt, "amount": n, "combat": combat,
                        "obj_controller": sc.controller})  # as it dealt the damage (a spell then leaves, 608.2g)
            evs.append({"event": "dealt_damage", "obj": tgt, "source": src, "amount": n, "combat": combat})
        g.log("damage", source=so.card.name, target=tgt if isinstance(tgt, str) else g.objects[tgt].card.name,
              amount=n, combat=combat)
    if combat:  # "whenever a creature you control deals combat damage, you gain that much life": once for each
        # creature, its damage to every recipient of this step together (510.2: dealt at once; 120.3)
        totals: dict[int, int] = {}
        for e in evs:
            if e["event"] == "deals_damage" and isinstance(e["amount"], int) and e["amount"] > 0 \
                    and isinstance(e["obj"], int):
                totals[e["obj"]] = totals.get(e["obj"], 0) + e["amount"]
        evs.extend({"event": "deals_combat_damage", "obj": o, "amount": n, "player": g.controller_of(o)}
                   for o, n in totals.items())
    if statics_on:  # "damage that would reduce your life total to less than 1 reduces it to 1 instead" (614.1a)
        losses = {p: player_statics.damage_life_loss(g, p, n) for p, n in losses.items()}
    evs[:0] = [ev for p, n in losses.items() if n > 0 and (ev := _life_loss(g, p, n)) is not None]
    g.changed()
    for p, n in gains.items():
        gain_life(g, p, n, replaced=True)
    if used:
        _prevention_riders(g, used)
    for e in evs:
        triggers.event(g, e)
    return done_hits


def _lethal(t: Any, tc: Any, deathtouch: bool) -> int:
    """The damage that is lethal to this permanent now: a creature's toughness less the damage
    marked on it (1 from a source with deathtouch, 702.2c), a planeswalker's loyalty."""
    if "Creature" in tc.types:
        need = max(0, tc.toughness - t.damage)
        return min(need, 1) if deathtouch else need
    return max(0, t.counters.get("loyalty", 0))


def _prevention_riders(g: "Game", used: list[tuple[dict[str, Any], int, Any, int]]) -> None:
    """615.5: the rest of a prevention effect happens right after the damage it prevented:
    "for each 1 damage prevented this way, put a +1/+1 counter on that creature" (Test of
    Faith), "you gain life equal to the damage prevented this way" (Candles' Glow)."""
    for e, k, tgt, src in used:
        rider = e.get("rider")
        if not rider or k <= 0:
            continue
        if "damage_to" in rider:
            _reflect(g, rider, k, src)
            continue
        kind = rider.get("counters")
        if kind and isinstance(tgt, int) and tgt in g.objects and g.objects[tgt].zone == "battlefield" \
                and counters_allowed(g, tgt, kind):
            cs = g.objects[tgt].counters
            cs[kind] = cs.get(kind, 0) + k
            g.changed()
        if rider.get("gain_life") and e.get("controller"):
            gain_life(g, e["controller"], k)
        sid = rider.get("from")
        if rider.get("remove_counter") and sid in g.objects and g.objects[sid].zone == "battlefield":
            # "prevent that damage and remove a (that many) +1/+1 counter(s) from it" (Undergrowth Champion)
            cs = g.objects[sid].counters
            n = min(cs.get(rider["remove_counter"], 0), k if rider.get("that_many") else 1)
            if n:
                cs[rider["remove_counter"]] -= n
                g.changed()
                triggers.counters_removed(g, sid, rider["remove_counter"], n)  # (Protean Hydra's trigger: 603.2c)



def _reflect(g: "Game", rider: dict[str, Any], k: int, src: int) -> None:
    """615.5: "If damage is prevented this way, SELF deals that much damage to any target" (Refraction Trap) / "to that
    source's controller" (Deflecting Palm), right after the damage is prevented: dealt by the permanent whose ability
    made the shield, or by the card of the spell that made it, wherever that card is now; a target gone or no longer
    legal (608.2b, checked as the spell resolved) is dealt nothing."""
    if rider.get("if_from") is not None and not (src in g.objects and matches(g, src, {**rider["if_from"],
                                                                                     "zone": "any_card"})):
        return  # "If damage from a red source is prevented this way" (Honorable Passage): that source's color now
    by = rider.get("from")
    if by not in g.objects:
        by = next((i for i, o in g.objects.items() if o.uid == rider.get("uid") and o.ability is None), None)
    if by is None:
        return
    whom = [g.controller_of(src)] if rider["damage_to"] == "source_controller" else rider["damage_to"]
    hits = [(by, t, k) for t in whom if isinstance(t, str) and t in g.players and not g.players[t].lost
            or isinstance(t, int) and t in g.objects and g.objects[t].zone == "battlefield"]
    if hits:
        deal_damage_batch(g, hits)


def gain_life(g: "Game", player: str, n: int, replaced: bool = False) -> None:
    """119.3: gaining life, after its replacement effects (614.1a: "that much life plus N
    instead", "twice that much life instead"; engine/replacement.py) unless ``replaced`` says
    they were applied already. A caller that can stop for the order of several of them plans
    them first with replacement.life_gain."""
    if n == 0 or n < 0 and not replaced \
            or n > 0 and player_statics.active(g) and player_statics.cant_gain_life(g, player):
        return  # 118.7: no life is gained, and its replacement effects do nothing (a negative amount planned by
        # replacement.life_gain is a loss instead)
    if not replaced:
        n = replacement.life_gain(g, player, n, ask=False)
    replacement.done(g, f"gain:{player}")
    if n < 0:  # replaced by a loss of that much life (614.1a: Tainted Remedy)
        lose_life(g, player, -n)
        return
    p = g.players[player]
    first = p.life_gained_turn == 0
    p.life += n
    p.life_gained_turn += n
    g.changed()  # "as long as you have 25 or more life" statics see the new total
    g.log("life", player=player, amount=n)
    triggers.event(g, {"event": "gain_life", "player": player, "amount": n, "first": first})



def _life_loss(g: "Game", player: str, n: int) -> dict[str, Any] | None:
    """119.3: a player loses life; the event, with "first": the first loss this turn. None when
    the player can't lose life (118.8: the damage is still dealt)."""
    if player_statics.active(g) and player_statics.cant_lose_life(g, player):
        return None
    p = g.players[player]
    first = p.life_lost_turn == 0
    p.life -= n
    p.life_lost_turn += n
    g.changed()
    return {"event": "lose_life", "player": player, "amount": n, "first": first}



def lose_life(g: "Game", player: str, n: int, paid: bool = False) -> None:
    """119.3: losing life (also paying life: 119.4; ``paid``: a payment, "whenever you pay life" triggers too)."""
    if n <= 0:
        return
    ev = _life_loss(g, player, n)
    if ev is None:
        return
    g.log("life", player=player, amount=-n)
    triggers.event(g, ev)
    if paid:  # 119.4: "Whenever you pay life, put that many blood counters on SELF" (Font of Agonies)
        triggers.event(g, {"event": "pay_life", "player": player, "amount": n})



def energy(g: "Game", player: str) -> int:
    """How many energy counters a player has (121.1: counters on a player; the energy symbol {E} is a
    later addition, Kaladesh)."""
    return g.players[player].counters.get("energy", 0)


def pay_energy(g: "Game", player: str, n: int) -> None:
    """"Pay {E}{E}": the player removes that many energy counters (118.3: only with that many)."""
    if n <= 0:
        return
    p = g.players[player]
    if energy(g, player) < n:
        raise IllegalAction(f"{player} has fewer than {n} energy counters (118.3)")
    left = p.counters["energy"] - n
    if left:
        p.counters["energy"] = left
    else:
        del p.counters["energy"]
    g.log("player_counters", player=player, counter="energy", amount=-n)
    g.changed()


def discard(g: "Game", cid: int) -> int:
    """701.8: a player discards a card (it goes to its owner's graveyard); the discard event."""
    player = g.objects[cid].owner
    g.players[player].discarded_turn += 1  # "the number of cards you've discarded this turn"
    to_battlefield = _discard_to_battlefield(g, cid)
    if to_battlefield is not None:  # 614.1a, 614.6: put onto the battlefield instead; it was still discarded
        new = g.move(cid, "battlefield", controller=player, counters=to_battlefield or None)
    else:
        got = cast_options.madness_discard(g, cid)  # 702.34a: exiled instead, and madness triggers
        new = g.move(cid, "graveyard") if got is None else got
        if new in g.objects and g.objects[new].zone == "graveyard":  # "if you discarded it this turn" (mayhem)
            g.objects[new].chosen["discarded_turn"] = g.turn
    # the controller of the spell or ability that made the player discard, if one is resolving ("when a spell or
    # ability an opponent controls causes you to discard SELF"); a cost's discard (601.2h) has none
    res = g.resolving
    cause = g.controller_of(res["obj"]) if isinstance(res, dict) and res.get("obj") in g.objects else None
    triggers.event(g, {"event": "discard", "player": player, "obj": new, "cause": cause})
    return new



def _discard_to_battlefield(g: "Game", cid: int) -> dict[str, int] | None:
    """614.1a: "If a spell or ability an opponent controls causes you to discard SELF, put it onto the battlefield
    [with N counters on it] instead" (Obstinate Baloth): the counters it enters with ({} for none) when the
    spell or ability resolving now is controlled by an opponent of the card's owner; None otherwise (a cost,
    the cleanup step's discard, the player's own spell)."""
    o = g.objects[cid]
    sts = [a.static for a in o.card.abilities if a.kind == "static" and a.static
           and a.static.get("kind") == "discard_to_battlefield"]
    r = g.resolving
    if not sts or r is None or this(g, r).controller not in seats.opponents(g, o.owner):
        return None
    return dict(sts[0].get("counters") or {})


def add_effect(g: "Game", layer: str, objects: list[int], r: Ctx | None, until: str = "eot", **kw: Any) -> None:
    if objects and not any(i in g.objects for i in objects):
        return  # 611.2c, 400.7: its objects are all gone (destroyed earlier in the resolution): it applies to nothing
    rec = {"layer": layer, "ts": g.ts + 1, "objects": list(objects), "until": until}
    if until in ("source_leaves", "while_source", "while_tapped", "while_source_tapped"):
        # "for as long as SELF remains on the battlefield / you control SELF / SELF remains tapped" (611.2b)
        sid = source_id(g, r) if r is not None else None
        if sid is None or sid not in g.objects or g.objects[sid].zone != "battlefield":
            return  # the duration ended before the effect began: it does nothing
        if until in ("while_tapped", "while_source_tapped") and not g.objects[sid].tapped:
            return  # it was untapped before the effect began: the duration has already ended (611.2b)
        rec["source"] = sid
    g.ts += 1
    if r is not None:
        rec["controller"] = this(g, r).controller
    rec.update(kw)
    if layer == "2" and g.gone and "controller" in rec and not seats.can_control(g, str(rec["controller"])):
        return  # 800.4b: nothing changes to the control of a player who has left the game
    before = {i: g.controller_of(i) for i in objects if i in g.objects} if layer == "2" else None
    g.effects.append(rec)
    g.changed()
    if before:  # 506.4: a creature whose controller changes is removed from combat
        for i, ctl in before.items():
            o = g.objects.get(i)
            if o is not None and o.in_combat and g.controller_of(i) != ctl:
                remove_from_combat(g, o)



def exert(g: "Game", oid: int) -> None:
    """Exert (a later keyword action, Amonkhet): "To exert a permanent, you choose to have
    it not untap during your next untap step": the "doesn't untap" effect that ends after its controller's next
    untap step (502.3, as "doesn't untap during its controller's next untap step"), the turn it was exerted kept
    ("if SELF hasn't been exerted this turn"), and the event "whenever you exert a creature" triggers on."""
    o = g.objects.get(oid)
    if o is None or o.zone != "battlefield":
        return
    o.chosen["exerted_turn"] = g.turn
    add_effect(g, "rule", [oid], None, "next_untap", rule="doesnt_untap")
    g.log("exert", card=o.card.name, obj=oid)
    triggers.event(g, {"event": "exerted", "obj": oid, "player": g.controller_of(oid)})


def ascend(g: "Game", player: str) -> bool:
    """Ascend (a later keyword, Rivals of Ixalan, 2018): if the player controls ten or more permanents and
    doesn't have the city's blessing, they get it for the rest of the game (a designation; the statics that
    read it change, so the game has changed). True if they got it now."""
    p = g.players.get(player)
    if p is None or p.city_blessing or p.lost:
        return False
    if sum(1 for i in g.battlefield if g.controller_of(i) == player) < 10:
        return False
    p.city_blessing = True
    g.changed()
    g.log("city_blessing", player=player)
    return True


def until_of(e: Effect) -> str:
    d = e.get("duration", "eot")
    return {"eot": "eot", "permanent": "never", "your_next_turn": "your_next_turn",
            "your_next_upkeep": "your_next_upkeep",  # "until your next upkeep": ends as that upkeep begins (500.2)
            "this_combat": "end_of_combat",  # "attacks this combat if able": ends as the combat phase ends (506.1)
            "while_source_on_battlefield": "source_leaves", "while_you_control_self": "while_source",
            # 611.2b: "for as long as SELF remains tapped" (engine/until.py source_untapped)
            "while_self_tapped": "while_tapped", "while_you_control_self_tapped": "while_source_tapped",
            # 901.11: "until a player planeswalks" (engine/planechase.py planeswalk ends it)
            "until_planeswalk": "planeswalk"}.get(d, "eot")



def destroy(g: "Game", oid: int, regen_ok: bool = True, ask: bool = False, by_effect: bool = False) -> bool:
    """701.6: destroy (indestructible 702.12b), after the replacement effects of the event in
    the order its controller chooses (616.1: regeneration 701.12, "exile it instead if it would
    die", "If SELF would be put into a graveyard"; ``by_effect``: a spell's or ability's, not a
    state-based action's, so a shield counter applies). With ``ask``, a needed choice stops here
    (NeedChoice) before anything changed. True when it left the battlefield."""
    o = g.objects.get(oid)
    if o is None or o.zone != "battlefield":
        return False
    c = g.chars(oid)
    if "Indestructible" in c.keywords:
        return False
    ev = replacement.zone_change(g, o, "battlefield", "graveyard", destroy=True, regen_ok=regen_ok, ask=ask,
                                 by_effect=by_effect)
    if ev.get("shield"):  # a shield counter (a later rule): "instead remove a shield counter from it"
        replacement.done(g, f"zone:{oid}")
        o.counters["shield"] = o.counters.get("shield", 0) - 1
        triggers.counters_removed(g, oid, "shield", 1)
        g.changed()
        g.log("shield", card=o.card.name, obj=oid)
        return False
    if ev.get("totem") is not None:  # 702.88a: instead remove all damage from it and destroy the Aura
        replacement.done(g, f"zone:{oid}")
        o.damage = 0
        o.deathtouched = False
        g.changed()
        g.log("totem_armor", card=o.card.name, obj=oid)
        destroy(g, ev["totem"])
        return False
    if ev["regen"]:  # 701.12a: instead tap it, remove all damage from it, remove it from combat
        replacement.done(g, f"zone:{oid}")
        o.regen -= 1
        tap(g, oid)  # 701.12a, with its event (603.2d)
        o.damage = 0
        o.deathtouched = False
        remove_from_combat(g, o)
        g.changed()
        g.log("regenerate", card=o.card.name, obj=oid)
        return False
    g.move(oid, ev["to"], replaced=True, linked=ev.get("link"), tokens=ev.get("tokens", ()))
    return True



def plan_destroy(g: "Game", oid: int, regen_ok: bool = True, by_effect: bool = False) -> None:
    """Ask now (NeedChoice) any order of replacement effects that destroying ``oid`` will need
    (616.1), so that a batch of destructions is asked before any of them happens."""
    o = g.objects.get(oid)
    if o is not None and o.zone == "battlefield" and "Indestructible" not in g.chars(oid).keywords:
        replacement.zone_change(g, o, "battlefield", "graveyard", destroy=True, regen_ok=regen_ok, by_effect=by_effect)



def plan_to_graveyard(g: "Game", ids: list[Any]) -> None:
    """Ask now (NeedChoice) the order of the replacement effects of putting each of ``ids``
    into a graveyard (616.1e: Leyline of the Void against a card's own "shuffle it into its
    owner's library instead"), before the first of them moves."""
    if not g.effects and not player_statics.active(g) and not g.commanders:
        return  # the usual case: nothing could replace the move (903.9: a commander's owner is asked)
    for x in ids:
        o = g.objects.get(x) if isinstance(x, int) else None
        if o is not None:
            replacement.zone_change(g, o, o.zone, "graveyard")



def create_token(g: "Game", card: CardDef, controller_: str, tapped: bool = False,
                 counters: dict[str, int] | None = None) -> int:
    """110.5: a token is created on the battlefield (``counters``: it enters with them, 614.1c)."""
    return create_tokens(g, [(card, controller_)], tapped, counters)[0]


def create_tokens(g: "Game", made: list[tuple[CardDef, str]], tapped: bool = False,
                  counters: dict[str, int] | None = None, hosts: list[int] | None = None) -> list[int]:
    """110.5: the tokens one event creates, each (card, controller), enter the battlefield at once
    (``counters``: each enters with them, 614.1c). All of them are on the battlefield before the
    first one's "enters" replacements and triggers are looked at (603.6a: every permanent on the
    battlefield, the newcomers included, is checked for the triggers of the event), so a burst of
    tokens computes the characteristics once, not once for each token (613). ``hosts``: the object each token
    (an Aura: a Role token, a later rule of Wilds of Eldraine, 2023) enters attached to, as 303.4f has an Aura put
    onto the battlefield attached to what the effect names; one that couldn't legally enchant it isn't created."""
    ids = []
    attached: list[tuple[int, int]] = []
    for k, (card, controller_) in enumerate(made):
        controller_ = player_statics.token_controller(g, controller_)  # 614.1a: "... under your control instead"
        card = replacement.token_replaced(g, controller_, card)  # 614.1a: "that many 4/4 Angel tokens ... instead"
        o = create_object(g, card, controller_, "battlefield", token=True)
        if player_statics.enters_exiled(g, o.id, "token"):  # 614.1a: "if a creature would enter and it wasn't
            del g.objects[o.id]  # cast, exile it instead": a token put into exile ceases to exist (110.5f, 704.5d)
            g.log("token_exiled", card=card.name, controller=controller_)
            continue
        if hosts is not None:
            host = hosts[k]
            if host not in g.objects or g.objects[host].zone != "battlefield" or not aura_ok(g, o.id, host):
                del g.objects[o.id]  # it couldn't enchant that object: it isn't created
                continue
            o.attached_to = host
            attached.append((o.id, host))
        o.sick = True
        o.tapped = tapped
        for kind, n in (counters or {}).items():
            if n > 0:  # 121.6: counters given as it enters are put on it (614.1a: "twice that many")
                o.counters[kind] = o.counters.get(kind, 0) + replacement.counter_count(g, o.id, kind, n, ask=False)
        g.battlefield.append(o.id)
        ids.append(o.id)
        g.log("token", card=card.name, obj=o.id, controller=controller_)
    g.changed()
    for oid in ids:
        new = g.objects.get(oid)
        if new is not None and new.zone == "battlefield":  # an earlier newcomer's replacement may have moved it
            triggers.enters(g, new)
    for oid, host in attached:
        if oid in g.objects and g.objects[oid].zone == "battlefield":
            triggers.attached(g, oid, host)  # 701.3a, as for an Aura put onto the battlefield attached (303.4f)
    return ids


def aura_ok(g: "Game", aura: int, t: int) -> bool:
    """704.5n: an Aura stays attached only to what it can enchant: its Enchant filter, no protection
    from it (702.16c), within its controller's range of influence (801.8). "Enchant creature put onto the
    battlefield with SELF" (Animate Dead's gained enchant ability): that creature only."""
    o = g.objects[aura]
    enchant = o.card.keyword_args.get("Enchant")
    f = enchant if isinstance(enchant, dict) else {"types": ["Creature"]}
    if "put_with" in o.chosen:
        f = {"types": ["Creature"]}
        if t != o.chosen["put_with"]:
            return False
    if not matches(g, t, f, aura):
        return False
    tc = g.chars(t)
    if "Protection" in tc.keywords:
        if attach_protected(g, tc, aura, t):
            return False  # 702.16c
    if g.influence is not None and not seats.in_range(g, g.chars(aura).controller, tc.controller):
        return False  # 801.8: not an object outside the Aura's controller's range of influence
    return True



COMBAT_STEPS = ("declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage")


def attack_options(g: "Game", player: str) -> dict[str, Any]:
    """508.4, 802.3: what a creature ``player`` puts onto the battlefield attacking may attack,
    by the words a person reads: each defending player (engine/seats.defenders) and each
    planeswalker a defending player controls ("Jace (bob)", with its id when two read alike)."""
    ds = seats.defenders(g, player)
    out: dict[str, Any] = {d: d for d in ds}
    walkers = [i for i in g.battlefield if "Planeswalker" in g.chars(i).types and g.chars(i).controller in ds]
    labels = [f"{g.objects[i].card.name} ({g.chars(i).controller})" for i in walkers]
    for i, label in zip(walkers, labels):
        out[label if labels.count(label) == 1 and label not in out else f"{label} #{i}"] = i
    return out


def attack_choice(g: "Game", r: Ctx, player: str, k: int = 0, defender: str | None = None,
                  walkers: bool = False) -> tuple[Any, dict[str, Any] | None]:
    """508.4: as a creature ``player`` controls is put onto the battlefield attacking, ``player``
    chooses which defending player or planeswalker it attacks, unless the effect says (702.48c:
    ninjutsu's creature attacks what the returned creature attacked). Returns (what it attacks,
    None), (None, None) when it cannot be attacking (outside combat, or not the attacking
    player's), or (None, the choice to ask) while ``player`` has not chosen; ``k`` tells apart
    the creatures of one effect. Asked before the creature is put there, so nothing moved twice. ``defender``: the
    effect names the player it attacks ("attacking that player"; with ``walkers``, "or a planeswalker they control":
    the choice among those)."""
    if not seats.is_active(g, player) or g.step not in COMBAT_STEPS:
        return None, None
    s = this(g, r) if "obj" in r else None
    spec = s.chosen.get("returned_attacking") if s is not None else None
    if spec is not None:
        return spec, None
    opts = attack_options(g, player)
    if defender is not None:
        opts = {k2: v for k2, v in opts.items() if v == defender or walkers and isinstance(v, int)
                and g.chars(v).controller == defender}
    if len(opts) <= 1 or "answers" not in r:
        return next(iter(opts.values()), None), None
    slot = f"{r.get('i', 0)}.attacks.{k}"
    got = r["answers"].get(slot)
    if got is None:
        name = s.card.name if s is not None else "it"
        return None, {"kind": "choose_option", "player": player, "options": list(opts), "slot": slot,
                      "prompt": f"{name}: which player or planeswalker does the creature attack? (508.4)"}
    return opts.get(got), None


def put_attacking(g: "Game", oid: int, tgt: Any) -> None:
    """508.4: the creature ``oid`` is attacking ``tgt`` (chosen by attack_choice) but was never
    declared as an attacker; 508.4a: if the player it would attack has left the game, or the
    planeswalker has left the battlefield, it is on the battlefield but not attacking."""
    o = g.objects.get(oid)
    if o is None or o.zone != "battlefield" or tgt is None or g.step not in COMBAT_STEPS:
        return
    if isinstance(tgt, str) and (tgt not in g.players or g.players[tgt].lost):
        return
    if isinstance(tgt, int) and (tgt not in g.objects or g.objects[tgt].zone != "battlefield"):
        return
    o.attacking = tgt
    g.changed()



def put_blocking(g: "Game", oid: int, attacker: int, place: int) -> None:
    """509.7: the creature ``oid`` is put onto the battlefield blocking ``attacker`` (never declared
    as a blocker: it is "blocking" but, for triggers and effects, it never "blocked"). The attacker
    is blocked (509.1h); the new blocker takes the 0-based ``place`` the active player announced in
    the attacker's damage assignment order, the others keeping their relative order."""
    o, a = g.objects.get(oid), g.objects.get(attacker)
    if o is None or a is None or o.zone != "battlefield" or a.attacking is None or g.step not in COMBAT_STEPS:
        return
    o.blocking, o.order = [attacker], [attacker]
    a.blocked = True
    a.blockers = a.blockers[:place] + [oid] + a.blockers[place:]
    g.changed()


def could_produce(g: "Game", player: str, args: dict[str, Any], src: int | None,
                  seen: frozenset[int] = frozenset()) -> list[str]:
    """106.7: the kinds of mana ("W" .. "G", "C") the permanents ``args["could_produce"]`` names
    could produce now: what any of their mana abilities would make if it resolved, costs
    ignored; another "could produce" ability asks the same of its lands, never of one already
    asked (two Reflecting Pools alone produce nothing). ``colors_only``: colors, not colorless."""
    if args.get("identity"):  # "of any color in your commander's color identity" (903.4; none without one, 106.5)
        return commander.identity_colors(g, player)
    if args.get("among"):  # "one mana of any color among legendary creatures ... you control" (Mox Amber): the
        # colors of those objects now (105.2), not the mana they could make
        f = args["could_produce"]
        pool = g.battlefield if f.get("zone", "battlefield") == "battlefield" \
            else [i for p in g.order for i in g.players[p].zone(f["zone"])]
        have = {c for oid in pool if matches(g, oid, f, src, player) for c in g.chars(oid).colors}
        return [k for k in "WUBRG" if k in have]
    seen = seen | ({src} if src is not None else set())
    kinds: list[str] = []
    for oid in g.battlefield:
        if oid in seen or not matches(g, oid, args["could_produce"], src, player):
            continue
        for ab in g.chars(oid).abilities:
            if ab.kind != "mana":
                continue
            for e in ab.effects:
                if e.op != "add_mana":
                    continue
                if "mana" in e.args:
                    got = ["C" if s.isdigit() else s for s in e.args["mana"]]
                elif "choice" in e.args:
                    got = [s for opt in choice_options(e.args["choice"], g.objects[oid].chosen) for s in opt]
                elif "any" in e.args:
                    c = g.objects[oid].chosen.get("color") if e.get("chosen_color") else None
                    got = [c] if c else [] if e.get("chosen_color") else list(e.get("colors") or "WUBRG")
                elif "could_produce" in e.args:
                    got = could_produce(g, g.chars(oid).controller or player, e.args, oid, seen)
                elif "each_color_among" in e.args:
                    got = colors_among(g, g.chars(oid).controller or player, e.args["each_color_among"], oid)
                else:
                    got = []
                kinds += [k for k in got if k not in kinds]
    if args.get("colors_only"):
        kinds = [k for k in kinds if k in "WUBRG"]
    return [k for k in "WUBRGC" if k in kinds]


def colors_among(g: "Game", player: str, f: dict[str, Any], src: int | None) -> list[str]:
    """The colors among the permanents ``f`` names (105.2), in WUBRG order: "for each color among permanents you
    control, add one mana of that color" (Faeburrow Elder)."""
    have = {c for oid in g.battlefield if matches(g, oid, f, src, player) for c in g.chars(oid).colors}
    return [k for k in "WUBRG" if k in have]


def add_mana(g: "Game", player: str, e: Effect, src: int | None, pick: Any = None, r: Ctx | None = None) -> None:
    """106.4: add the mana ``e`` says; ``r``: the resolution it is part of, if any (608.2h: an amount naming what the
    spell's cost sacrificed is counted from it), None for a mana ability (605.3a)."""
    p = g.players[player]
    if "mana" in e.args:
        syms = list(e.args["mana"])
    elif "choice" in e.args:
        o = g.objects.get(src) if src is not None else None
        opts = choice_options(e.args["choice"], o.chosen if o is not None else None) or [[]]
        if isinstance(pick, str):  # "Add {G} or {W}": the kind the player named (106.4, 605.3a)
            named = [o for o in opts if "".join(o) == pick]  # checked as it is activated (casting.activate)
            syms = list(named[0] if named else opts[0])
        else:
            syms = list(opts[pick if isinstance(pick, int) and 0 <= pick < len(opts) else 0])
    elif "any" in e.args and e.args.get("chosen_color"):  # "of the chosen color" (614.12)
        o = g.objects.get(src) if src is not None else None
        c = o.chosen.get("color") if o is not None else None
        syms = [c] * int(e.args["any"]) if c else []
    elif "any" in e.args:
        allowed = "".join(e.args.get("colors") or "WUBRG")  # "in any combination of {R} and/or {G}" (106.1a)
        n = e.args["any"]  # "X mana of any one color, where X is SELF's power" (107.3): counted now
        count = max(0, amount(g, n, src, r)) if isinstance(n, dict) else int(n)
        if isinstance(pick, str) and len(pick) == count > 1 and not e.get("same") and set(pick) <= set(allowed):
            syms = list(pick)  # "any combination": each mana's color named ("RRG": 106.4)
        else:
            one = pick if isinstance(pick, str) and len(pick) == 1 and pick in allowed else "G" if "G" in allowed \
                else allowed[0]
            syms = [one] * count
    elif "each_color_among" in e.args:  # one of each color among those permanents (105.2; none: 106.5)
        syms = colors_among(g, player, e.args["each_color_among"], src)
    elif "could_produce" in e.args:  # 106.7: one of the kinds those lands could produce; 106.5: none, none
        kinds = could_produce(g, player, e.args, src)
        if pick is not None and pick not in kinds:
            raise IllegalAction(f"{pick!r}: not a kind of mana it could produce now ({''.join(kinds) or 'none'})")
        c = pick if pick is not None else kinds[0] if kinds else None
        syms = [c] if c else []
    elif e.args.get("double_pool"):  # "Double the amount of each type of unspent mana you have" (Doubling Cube):
        # each type (105.1, 106.1: a color or colorless) as many times again as the pool holds it, counted now
        syms = [k[0] for k, n in sorted(p.pool.items()) if k[:1] in "WUBRGC" for _ in range(max(0, int(n)))]
    else:
        syms = []
    if "per" in e.args:  # "Add {G} for each creature you control": none when there are none (605.2, 106.4)
        syms = syms * max(0, amount(g, e.args["per"], src, r))
    only = e.args.get("only_for")
    if only and only.get("chosen_type"):  # "of the chosen type": the type chosen for the source (614.12)
        so = g.objects.get(src) if src is not None else None
        only = bound_restriction(only, so.chosen if so is not None else {})
    snow = player_statics.snow_source(g, src)
    for s in syms:
        k = "C" if s.isdigit() else s
        if only:  # 106.6: "Spend this mana only to ...": kept apart in the pool (engine/mana.py)
            k = restricted_key(k, only)
        elif e.args.get("until") == "end_of_combat":  # firebending: it does not empty until combat ends
            k = lasting_key(k, "combat")
        elif e.args.get("until") == "end_of_turn":  # "Until end of turn, you don't lose this mana as steps and
            k = lasting_key(k, "turn")  # phases end" (106.4, 500.4: it empties as the turn's last step ends)
        elif snow:  # 107.4h: a snow permanent produced it (restricted or lasting mana is kept as such, never {S}'s)
            k = snow_key(k)
        p.pool[k] = p.pool.get(k, 0) + (int(s) if s.isdigit() else 1)
    g.log("mana", player=player, mana="".join(syms))



def sacrifice(g: "Game", oid: int) -> int:
    """701.14a: its controller puts it into its owner's graveyard; the sacrifice event (603.2)."""
    player = g.controller_of(oid)
    if player in g.players:  # "the number of permanents you've sacrificed this turn"
        g.players[player].sacrificed_turn += 1
        c = g.chars(oid)  # "if you've sacrificed an artifact this turn": as it last existed (a per-turn fact, 500.1)
        g.players[player].sacrificed_kinds_turn.append((frozenset(c.types), frozenset(c.supertypes),
                                                        frozenset(c.subtypes), frozenset(c.colors)))
    g.__dict__["_sacrificing"] = oid  # its leaving is a sacrifice ("when you sacrifice SELF", engine/triggers.py)
    try:
        new = g.move(oid, "graveyard")
    finally:
        g.__dict__.pop("_sacrificing", None)
    triggers.event(g, {"event": "sacrifice", "player": player, "obj": new})
    return new


def remove_from_combat(g: "Game", o: "Obj") -> None:
    """506.4: a permanent removed from combat stops attacking or blocking. An attacker it blocked
    stays blocked (509.1h) and remembers, until combat ends, that this creature blocked it
    (``chosen["lost_blockers"]``: Balduvian Warlord asks whether another creature blocked it). A
    creature that blocked it stays a blocking creature (509.1g) and remembers the attacker
    (``chosen["lost_attackers"]``, read by ``Obj.is_blocking``); it no longer blocks it (510.1d)."""
    for i in g.battlefield:
        x = g.objects[i]
        if o.id in x.blockers:
            x.blockers.remove(o.id)
            x.chosen["lost_blockers"] = [*x.chosen.get("lost_blockers", ()), o.id]
        if o.id in x.blocking:
            x.blocking.remove(o.id)
            x.chosen["lost_attackers"] = [*x.chosen.get("lost_attackers", ()), o.id]
        if o.id in x.order:
            x.order.remove(o.id)
    o.attacking = None
    o.blocking = []
    o.chosen.pop("lost_attackers", None)
    o.blockers = []
    o.order = []  # a blocker's damage assignment order among attackers (509.3) goes with its blocks
