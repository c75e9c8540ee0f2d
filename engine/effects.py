"""Resolving spells and abilities (CR 608) and the effect primitives they are made of.

Each op of the contract in engine/cards/abilities.py is a function here, registered in
OPS. A resolution is plain data (``game.resolving``): the object, the flattened list of
effects, the index of the next one, and the answers given so far. An op that needs a
player's choice returns the decision to wait for; when the answer comes the same op runs
again and finds it, so a game can be copied or replayed in the middle of a resolution.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.cards.abilities import Ability, CardDef, Effect
from engine.errors import IllegalAction
from engine.filters import matches

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Decision, Obj

Ctx = dict  # the resolution record: obj, src, controller, targets, x, answers, created, info
OPS: dict[str, Callable[["Game", Ctx, Effect], "dict | None"]] = {}


def op(name: str):
    def deco(fn):
        OPS[name] = fn
        return fn
    return deco


# ------------------------------------------------------------------ resolution (608)
def _flat(ab: Ability, modes: list[int]) -> list[tuple[Effect, int]]:
    if ab.choose and ab.modes:
        out: list[tuple[Effect, int]] = []
        off = 0
        for m in modes:
            mode = ab.modes[m]
            out += [(e, off) for e in mode.effects]
            off += len(mode.targets)
        return out
    return [(e, 0) for e in ab.effects]


def _legal_now(g: "Game", s: "Obj") -> list[list[Any]]:
    """608.2b: targets that are still legal (illegal ones are not affected)."""
    from engine.casting import targetable, spell_ability
    from engine.cards.abilities import TargetSpec
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
    return [[x for x in picks if (isinstance(x, str) or x in g.objects) and targetable(g, x, spec, src, s.controller)]
            for spec, picks in zip(specs, s.targets)]


def resolve_top(g: "Game") -> None:
    """608.1-608.3: resolve the top object of the stack."""
    sid = g.stack[-1]
    s = g.objects[sid]
    legal = _legal_now(g, s)
    if s.ability is not None and "delayed_legal" in s.trigger_info:
        legal = [[x for x in slot if isinstance(x, str) or x in g.objects] for slot in s.trigger_info["delayed_legal"]]
    if s.targets and any(s.targets) and not any(legal):
        # 608.2b: all its targets are illegal: it doesn't resolve ("countered on resolution")
        g.log("fizzle", card=s.card.name)
        _finish(g, sid, countered=True)
        return
    ab = s.ability
    if ab is None:
        from engine.casting import spell_ability
        ab = spell_ability(s.card)
    effs = _flat(ab, s.modes) if ab is not None else []
    g.resolving = {"obj": sid, "i": 0, "n": len(effs), "answers": {}, "created": [], "legal": legal,
                   "optional_asked": False,
                   "lki_ctl": {x: g.controller_of(x) for slot in legal for x in slot
                               if isinstance(x, int) and x in g.objects},
                   "lki_owner": {x: g.objects[x].owner for slot in legal for x in slot
                                 if isinstance(x, int) and x in g.objects},
                   # 608.2h: "its power" of a target that left during the resolution
                   "lki_pt": {x: (g.chars(x).power, g.chars(x).toughness) for slot in legal for x in slot
                              if isinstance(x, int) and x in g.objects and g.objects[x].zone == "battlefield"}}
    g.log("resolve", card=s.name, obj=sid)
    resume(g)


def _ctx(g: "Game") -> Ctx:
    r = g.resolving
    s = g.objects[r["obj"]]
    return r | {"s": s}


def resume(g: "Game") -> None:
    r = g.resolving
    s = g.objects[r["obj"]]
    ab = s.ability
    if ab is None:
        from engine.casting import spell_ability
        ab = spell_ability(s.card)
    if ab is not None and ab.optional and not r["optional_asked"]:
        if "optional" not in r["answers"]:
            g.wait = {"kind": "choose_option", "player": s.controller, "options": ["yes", "no"],
                      "slot": "optional", "prompt": f"{s.card.name}: {ab.text}"}
            return
        r["optional_asked"] = True
        if r["answers"]["optional"] != "yes":
            _finish(g, r["obj"])
            return
    effs = _flat(ab, s.modes) if ab is not None else []
    while r["i"] < len(effs):
        eff, off = effs[r["i"]]
        r["off"] = off
        fn = OPS.get(eff.op)
        if not r.get("lki_kept"):
            g.lki = []  # each effect is one event batch for leaves-the-battlefield look-back (603.10)
        if fn is None:
            g.log("unsupported_effect", op=eff.op, card=s.card.name)
            r["i"] += 1
            continue
        w = fn(g, r, eff)
        if w is not None:
            g.wait = w
            return
        r["i"] += 1
        g.changed()
    _finish(g, r["obj"])


def _finish(g: "Game", sid: int, countered: bool = False) -> None:
    """608.2k / 608.3: the spell goes to the graveyard or the battlefield; an ability leaves."""
    g.resolving = None
    s = g.objects.get(sid)
    if s is not None and s.zone == "stack":
        if s.ability is not None:
            g.stack.remove(sid)
            del g.objects[sid]
            g.changed()
        elif not countered and any(t in s.card.types for t in ("Creature", "Artifact", "Enchantment",
                                                               "Planeswalker", "Land")):
            target = s.targets[0][0] if s.targets and s.targets[0] else None
            new = g.move(sid, "battlefield", controller=s.controller)
            if "Aura" in s.card.subtypes and target is not None:
                g.objects[new].attached_to = target  # 303.4f
                g.changed()
        else:
            g.move(sid, "graveyard")
        from engine import manual
        if not countered and manual.is_manual(s.card):
            manual.start(g, s.controller, s.card.name)  # its text is carried out by hand
    if g.winner is None:
        g.after_resolution()


def answer(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """Record an answer to a choice made during resolution, then resolution goes on."""
    if "cost" in d.data:  # a choice made while paying a cost (601.2h): engine/costs.py
        from engine.costs import answer as cost_answer
        cost_answer(g, d, a)
        return
    r = g.resolving
    if r is None:
        raise IllegalAction("nothing is resolving")
    slot = d.data.get("slot", r["i"])
    if d.kind == "choose_option":
        opt = a.get("option")
        opts = d.options
        if isinstance(opt, bool):
            opt = "yes" if opt else "no"
        if isinstance(opt, int) and not isinstance(opt, bool) and 1 <= opt <= len(opts):
            opt = opts[opt - 1]
        if opt not in opts:
            raise IllegalAction(f"choose one of {opts}")
        r["answers"][slot] = opt
    elif d.kind == "choose_cards":
        cards = [int(c) if isinstance(c, str) and c.isdigit() else c for c in a.get("cards", [])]
        lo, hi = d.data.get("min", 0), d.data.get("max", 0)
        if not lo <= len(cards) <= hi or len(set(cards)) != len(cards) or any(c not in d.options for c in cards):
            raise IllegalAction(f"choose {lo}..{hi} of the offered cards")
        r["answers"][slot] = cards
    elif d.kind == "choose_number":
        n = int(a.get("number"))
        if not d.data.get("min", 0) <= n <= d.data.get("max", 10 ** 6):
            raise IllegalAction("number out of range")
        r["answers"][slot] = n


def run_now(g: "Game", ab: Ability, src: int, controller: str, a: dict[str, Any]) -> None:
    """A mana ability resolves at once without the stack (605.3)."""
    for e in ab.effects:
        if e.op == "add_mana":
            _add_mana(g, controller, e, src, a.get("mana"))


# ------------------------------------------------------------------ references and amounts
def source_id(g: "Game", r: Ctx) -> int | None:
    s = g.objects[r["obj"]]
    if s.ability is None:
        return s.id
    if s.source in g.objects:
        return s.source
    new = s.trigger_info.get("new")
    if new in g.objects:
        return new
    return None


def controller(g: "Game", r: Ctx) -> str:
    return g.objects[r["obj"]].controller


def refs(g: "Game", r: Ctx, ref: Any) -> list[Any]:
    """A reference of the op contract to the objects (ids) and players (names) it means now."""
    s = g.objects[r["obj"]]
    you = s.controller
    if ref == "self":
        sid = source_id(g, r)
        return [sid] if sid is not None else []
    if ref == "you":
        return [you]
    if ref in ("opponent", "an_opponent", "each_opponent", "each_other_player", "defending_player"):
        return [g.other(you)]
    if ref == "each_player":
        return list(g.order)
    if ref == "it":
        info = s.trigger_info
        if info:
            x = info.get("new", info.get("obj"))
            if x in g.objects:
                return [x]
            if info.get("player") and info["event"] in ("draw", "gain_life", "lose_life"):
                return [info["player"]]
            return []
        for picks in r["legal"]:
            return list(picks)
        return []
    if ref == "trigger_player":
        p = s.trigger_info.get("target") or s.trigger_info.get("player")
        return [p] if isinstance(p, str) else []
    if ref == "attached":
        sid = source_id(g, r)
        t = g.objects[sid].attached_to if sid is not None else None
        return [t] if t is not None else []
    if ref == "created":
        return [c for c in r["created"] if c in g.objects]
    if isinstance(ref, dict):
        if "target" in ref:
            i = ref["target"] + r.get("off", 0)
            return list(r["legal"][i]) if i < len(r["legal"]) else []
        if "each" in ref:
            f = ref["each"]
            out: list[Any] = []
            if f.get("player"):
                out += [p for p in g.order if matches(g, p, f, source_id(g, r), you)]
                if not f.get("types"):
                    return out
            zone = f.get("zone", "battlefield")
            pool = g.battlefield if zone == "battlefield" else [i for p in g.order for i in g.players[p].zone(zone)]
            return out + [i for i in list(pool) if matches(g, i, f, source_id(g, r), you)]
        if "graveyard_of" in ref:  # a player's whole graveyard (with exile)
            ps = [p for p in refs(g, r, ref["graveyard_of"]) if isinstance(p, str)]
            return [c for p in ps for c in list(g.players[p].graveyard)]
        if "controller_of" in ref:
            # 608.2g: an object that left uses its last known information
            lki = r.get("lki_ctl", {})
            out = [(g.controller_of(x) if x in g.objects else lki.get(x)) if isinstance(x, int) else x
                   for x in refs(g, r, ref["controller_of"])]
            return list(dict.fromkeys(p for p in out if p is not None))
        if "owner_of" in ref:
            lko = r.get("lki_owner", {})
            out = [g.objects[x].owner if x in g.objects else lko.get(x)
                   for x in refs(g, r, ref["owner_of"]) if isinstance(x, int)]
            return list(dict.fromkeys(p for p in out if p is not None))
    raise IllegalAction(f"unsupported reference {ref!r}")


def amount(g: "Game", a: Any, src: int | None, r: Ctx | None = None) -> int:
    """An amount of the op contract as a number now."""
    if isinstance(a, bool):
        return int(a)
    if isinstance(a, int):
        return a
    if a is None:
        return 0
    if isinstance(a, str):
        return int(a) if a.lstrip("-").isdigit() else 0
    if "x" in a:
        x = g.objects[r["obj"]].x if r else 0
        return -x if a.get("negate") else x
    if "count" in a:
        f = a["count"]
        ctl = g.controller_of(src)
        n = 0
        if f.get("player"):
            n += sum(1 for p in g.order if matches(g, p, f, src, ctl))
        zone = f.get("zone", "battlefield")
        pool = g.battlefield if zone == "battlefield" else [i for p in g.order for i in g.players[p].zone(zone)]
        return n + sum(1 for i in pool if matches(g, i, f, src, ctl))
    if "times" in a:
        return a["times"] * amount(g, a["of"], src, r)
    if "plus" in a:
        return sum(amount(g, x, src, r) for x in a["plus"])
    for key, attr in (("power_of", "power"), ("toughness_of", "toughness")):
        if a.get(key) == "sacrificed" and r is not None:  # 608.2h: as it last existed (engine/costs.py)
            from engine.costs import sacrificed_power
            return sacrificed_power(g, r["obj"], attr)
        if key in a and r is not None:
            xs = [x for x in refs(g, r, a[key]) if isinstance(x, int)]
            if xs and xs[0] not in g.objects:  # gone: as it last existed (608.2h)
                pt = r.get("lki_pt", {}).get(xs[0])
                return (pt[0] if attr == "power" else pt[1]) if pt else 0
            return getattr(g.chars(xs[0]), attr) if xs else 0
    if "count_this_way" in a and r is not None and a.get("action") in ("milled", "put"):
        # "for each creature card milled this way" / "each land card put into a graveyard this way"
        f = {**a["count_this_way"], "zone": "graveyard"}  # not if a replacement exiled it
        return sum(1 for x in r.get("milled", ()) if x in g.objects and matches(g, x, f, src))
    if "that_much" in a and r is not None:
        return g.objects[r["obj"]].trigger_info.get("amount", 0)
    if "life_gained_this_turn" in a:  # "the amount of life you gained this turn"
        who = g.objects[r["obj"]].controller if r is not None else g.controller_of(src)
        return g.players[who].life_gained_turn if who else 0
    if "life_of" in a:
        who = g.objects[r["obj"]].controller if r is not None else g.controller_of(src)
        return g.players[who].life if who else 0
    if "hand_of" in a:
        who = a["hand_of"]
        if who == "you" or r is None:
            ps = [g.controller_of(src)]
        else:
            ps = [p for p in refs(g, r, who) if isinstance(p, str)]
        return sum(len(g.players[p].hand) for p in ps if p)
    if "greatest" in a:
        ctl = g.controller_of(src)
        vals = [getattr(g.chars(i), a["greatest"]) if a["greatest"] != "mv" else g.chars(i).mv
                for i in g.battlefield if matches(g, i, a.get("among") or {}, src, ctl)]
        return max(vals, default=0)
    if "counters_on" in a and r is not None:
        xs = [x for x in refs(g, r, a["counters_on"]) if isinstance(x, int) and x in g.objects]
        return g.objects[xs[0]].counters.get(a.get("kind", "+1/+1"), 0) if xs else 0
    raise IllegalAction(f"unsupported amount {a!r}")


def condition(g: "Game", cond: dict[str, Any], src: int | None, r: Ctx | None) -> bool:
    you = g.controller_of(src) if src is not None else None
    if "control" in cond:
        n = sum(1 for i in g.battlefield if matches(g, i, cond["control"], src, you))
        return cond.get("min", 1) <= n <= cond.get("max", 10 ** 6)
    if "life_ge" in cond:
        return g.players[you].life >= cond["life_ge"]
    if "life_le" in cond:
        return g.players[you].life <= cond["life_le"]
    if "your_turn" in cond:
        return (g.active == you) == cond["your_turn"]
    if "all" in cond:
        return all(condition(g, c, src, r) for c in cond["all"])
    if "hand_le" in cond:
        return len(g.players[you].hand) <= cond["hand_le"]
    if "hand_ge" in cond:
        return len(g.players[you].hand) >= cond["hand_ge"]
    if "kicked" in cond:
        o = g.objects.get(src) if src is not None else None
        return bool(o is not None and o.kicked) == bool(cond["kicked"])
    if "gained_life_this_turn" in cond:
        return g.players[you].life_gained_turn > 0
    if "graveyard_ge" in cond:  # "as long as there are N or more land cards in your graveyard"
        f = {**(cond.get("filter") or {}), "zone": "graveyard"}
        return sum(1 for i in g.players[you].graveyard if matches(g, i, f, src, you)) >= cond["graveyard_ge"]
    if "life_ge_start_plus" in cond:  # 103.3: the starting life total of a two-player game is 20
        return g.players[you].life >= 20 + cond["life_ge_start_plus"]
    if "it" in cond and r is not None:
        # "If that creature was an Elemental" / after a damage effect, "if a Dinosaur is dealt
        # damage this way": the object the sentence is about matches (and was dealt damage)
        if "obj" in r:  # resolving
            xs = [x for x in refs(g, r, "it") if isinstance(x, int) and x in g.objects]
        else:  # an intervening "if" as the trigger event happens (603.4): the event's object
            ev = r.get("trigger") or {}
            xs = [x for x in (ev.get("new"), ev.get("obj")) if isinstance(x, int) and x in g.objects][:1]
        if "dealt" in r:
            xs = [x for x in xs if x in r["dealt"]]
        return any(matches(g, x, {**cond["it"], "zone": "any_card"}, src, you) for x in xs)
    if "x_ge" in cond:  # "If X is N or more" of a spell (its own X: 107.3)
        o = g.objects.get(src) if src is not None else None
        return o is not None and o.zone == "stack" and o.ability is None and o.x >= cond["x_ge"]
    raise IllegalAction(f"unsupported condition {cond!r}")


CONDITION_KEYS = {"control", "min", "max", "life_ge", "life_le", "your_turn", "all", "hand_le", "hand_ge",
                  "gained_life_this_turn", "kicked", "x_ge", "it", "life_ge_start_plus",
                  "graveyard_ge", "filter"}


# ------------------------------------------------------------------ damage (120)
def deal_damage_batch(g: "Game", hits: list[tuple[int, Any, int]], combat: bool = False) -> None:
    """Deal damage, simultaneously, from sources to players and objects (120.3-120.4)."""
    from engine import triggers
    from engine.costs import unpreventable
    gains: dict[str, int] = {}
    evs = []
    for src, tgt, n in hits:
        if n <= 0:
            continue
        so = g.objects.get(src)
        if so is None:
            continue
        sc = g.chars(src)
        scol = set(sc.colors)
        # 702.16e protection prevents damage from sources of that quality; prevention effects
        free = unpreventable(g, src)  # 615.12: damage that can't be prevented
        if isinstance(tgt, int):
            if tgt not in g.objects or g.objects[tgt].zone != "battlefield":
                continue
            tc = g.chars(tgt)
            prot = tc.kwargs.get("Protection") if "Protection" in tc.keywords else None
            if prot and not free and any(isinstance(q, str) and q in scol for q in prot):
                continue
        if not free:
            n = _prevent(g, src, tgt, n, combat)
        if n <= 0:
            continue
        kw = sc.keywords
        if isinstance(tgt, str):
            p = g.players[tgt]
            if "Infect" in kw:
                p.poison += n  # 702.90b
            else:
                p.life -= n
                p.life_lost_turn += n
            # combat damage is also damage: "deals damage (to a player)" triggers see it (120.1, 510.2)
            evs.append({"event": "damage_player", "obj": src, "target": tgt, "amount": n, "player": tgt})
            if tgt != sc.controller:
                evs.append({"event": "damage_opponent", "obj": src, "target": tgt, "amount": n, "player": tgt})
            if combat:
                evs.append({"event": "combat_damage_player", "obj": src, "target": tgt, "amount": n, "player": tgt})
            evs.append({"event": "deals_damage", "obj": src, "target": tgt, "amount": n})
        else:
            t = g.objects[tgt]
            tc = g.chars(tgt)
            if "Planeswalker" in tc.types and "Creature" not in tc.types:
                t.counters["loyalty"] = t.counters.get("loyalty", 0) - n  # 120.3c
            elif "Infect" in kw or "Wither" in kw:
                t.counters["-1/-1"] = t.counters.get("-1/-1", 0) + n  # 120.3d
            else:
                t.damage += n
            if "Deathtouch" in kw:
                t.deathtouched = True
            t.damage_sources.append(src)
            if combat:
                evs.append({"event": "combat_damage_creature", "obj": src, "target": tgt, "amount": n})
            evs.append({"event": "deals_damage", "obj": src, "target": tgt, "amount": n})
            evs.append({"event": "dealt_damage", "obj": tgt, "source": src, "amount": n})
        if "Lifelink" in kw:  # 702.15b
            ctl = sc.controller
            gains[ctl] = gains.get(ctl, 0) + n
        g.log("damage", source=so.card.name, target=tgt if isinstance(tgt, str) else g.objects[tgt].card.name,
              amount=n, combat=combat)
    g.changed()
    for p, n in gains.items():
        gain_life(g, p, n)
    for e in evs:
        triggers.event(g, e)


def _prevent(g: "Game", src: int, tgt: Any, n: int, combat: bool) -> int:
    """615: prevention effects (shields of the 'prevent' op)."""
    for e in g.effects:
        if e["layer"] != "prevent":
            continue
        if e.get("combat") and not combat:
            continue
        if e.get("to") is not None and tgt not in e["to"]:
            continue
        if e.get("by") is not None and src not in e["by"]:
            continue
        if e.get("amount") is None:
            return 0
        stop = min(n, e["amount"])
        e["amount"] -= stop
        n -= stop
    return n


def gain_life(g: "Game", player: str, n: int) -> None:
    """119.3: gaining life."""
    from engine import triggers
    if n <= 0:
        return
    p = g.players[player]
    p.life += n
    p.life_gained_turn += n
    g.log("life", player=player, amount=n)
    triggers.event(g, {"event": "gain_life", "player": player, "amount": n})


def lose_life(g: "Game", player: str, n: int) -> None:
    from engine import triggers
    if n <= 0:
        return
    p = g.players[player]
    p.life -= n
    p.life_lost_turn += n
    g.log("life", player=player, amount=-n)
    triggers.event(g, {"event": "lose_life", "player": player, "amount": n})


# ------------------------------------------------------------------ the ops
def _src(g: "Game", r: Ctx) -> int | None:
    sid = source_id(g, r)
    if sid is None:
        # look-back (608.2h): the last known object stays usable as a damage source
        s = g.objects[r["obj"]]
        return s.id
    return sid


@op("damage")
def _damage(g: "Game", r: Ctx, e: Effect) -> None:
    src = _src(g, r)
    if e.get("source") not in (None, "self"):
        xs = [x for x in refs(g, r, e.args["source"]) if isinstance(x, int)]
        if not xs:
            return None
        src = xs[0]
    s = g.objects[r["obj"]]
    targets = refs(g, r, e.args["to"])
    if e.get("divided") and s.divide:
        hits = [(src, t, s.divide.get(t, 0)) for t in targets]
    else:
        n = amount(g, e.args["amount"], source_id(g, r), r)
        hits = [(src, t, n) for t in targets]
    marks = {t: (g.objects[t].damage, dict(g.objects[t].counters)) for t in targets if isinstance(t, int)
             and t in g.objects}
    deal_damage_batch(g, hits)
    # which objects were dealt damage "this way" (for a following "if ... is dealt damage this way")
    r.setdefault("dealt", [])
    hit = [t for t, m in marks.items() if t in g.objects and (g.objects[t].damage, g.objects[t].counters) != m]
    r["dealt"] += hit
    if e.get("exile_if_dies") and hit:  # 614.1a: "if it would die this turn, exile it instead"
        _effect(g, "exile_if_dies", hit, r, "eot")
    return None


def _effect(g: "Game", layer: str, objects: list[int], r: Ctx | None, until: str = "eot", **kw: Any) -> None:
    g.ts += 1
    rec = {"layer": layer, "ts": g.ts, "objects": list(objects), "until": until}
    if r is not None:
        rec["controller"] = g.objects[r["obj"]].controller
    rec.update(kw)
    g.effects.append(rec)
    g.changed()


def _until(e: Effect) -> str:
    d = e.get("duration", "eot")
    return {"eot": "eot", "permanent": "never", "your_next_turn": "your_next_turn"}.get(d, "eot")


@op("pump")
def _pump(g: "Game", r: Ctx, e: Effect) -> None:
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    sid = source_id(g, r)
    per = amount(g, e.args["per"], sid, r) if e.get("per") else 1
    p = amount(g, e.get("power", 0), sid, r) * per
    t = amount(g, e.get("toughness", 0), sid, r) * per
    _effect(g, "7c", objs, r, _until(e), power=p, toughness=t)


@op("grant")
def _grant(g: "Game", r: Ctx, e: Effect) -> dict | None:
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    kws = list(e.get("keywords", ()))
    if e.get("choose") == 1 and len(kws) > 1:  # "gains your choice of reach, trample, or haste"
        got = r["answers"].get(r["i"])
        if got is None:
            return {"kind": "choose_option", "player": controller(g, r), "options": kws, "slot": r["i"],
                    "prompt": f"{g.objects[r['obj']].card.name}: choose a keyword to gain"}
        kws = [got]
    _effect(g, "6", objs, r, _until(e), keywords=kws, lose=list(e.get("lose", ())))
    return None


@op("restrict")
def _restrict(g: "Game", r: Ctx, e: Effect) -> None:
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    _effect(g, "rule", objs, r, _until(e), rule=e.args["rule"])


def destroy(g: "Game", oid: int, regen_ok: bool = True) -> bool:
    """701.7: destroy (indestructible 702.12b, regeneration 701.13)."""
    o = g.objects.get(oid)
    if o is None or o.zone != "battlefield":
        return False
    c = g.chars(oid)
    if "Indestructible" in c.keywords:
        return False
    if regen_ok and o.regen > 0:
        o.regen -= 1
        o.tapped = True
        o.damage = 0
        o.deathtouched = False
        from engine import combat
        combat.remove_from_combat(g, o)
        g.changed()
        return False
    g.move(oid, "graveyard")
    return True


@op("destroy")
def _destroy(g: "Game", r: Ctx, e: Effect) -> None:
    for x in refs(g, r, e.args["what"]):
        if isinstance(x, int):
            destroy(g, x, not e.get("no_regen"))


@op("regenerate")
def _regenerate(g: "Game", r: Ctx, e: Effect) -> None:
    for x in refs(g, r, e.args["what"]):
        if isinstance(x, int) and x in g.objects:
            g.objects[x].regen += 1


def _move_all(g: "Game", r: Ctx, e: Effect, to: str, **kw: Any) -> None:
    for x in refs(g, r, e.args["what"]):
        if isinstance(x, int) and x in g.objects:
            o = g.objects[x]
            if o.zone == "stack" and o.ability is not None:
                continue
            new = g.move(x, to, **kw)
            r.setdefault("followed", {})[x] = new  # 400.7: the effect can find the card it moved


@op("exile")
def _exile(g: "Game", r: Ctx, e: Effect) -> None:
    _move_all(g, r, e, "exile")


@op("bounce")
def _bounce(g: "Game", r: Ctx, e: Effect) -> None:
    _move_all(g, r, e, "hand")


@op("move")
def _move(g: "Game", r: Ctx, e: Effect) -> dict | None:
    to = e.args["to"]
    if to == "library_top_or_bottom":  # "its owner puts it on the top or bottom of their library"
        xs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects]
        picks = []
        for k, x in enumerate(xs):  # every owner answers before anything moves (resumable)
            key = f"{r['i']}.top_or_bottom.{k}"
            got = r["answers"].get(key)
            if got is None:
                return {"kind": "choose_option", "player": g.objects[x].owner, "options": ["top", "bottom"],
                        "slot": key, "prompt": f"put {g.objects[x].card.name} on the top or the bottom of your library?"}
            picks.append((x, got))
        for x, got in picks:
            if x in g.objects:
                g.move(x, "library", top=got == "top")
        return None
    if to == "battlefield":
        for x in refs(g, r, e.args["what"]):
            if isinstance(x, int) and x in g.objects:
                ctl = controller(g, r) if e.get("control") == "you" else None
                g.move(x, "battlefield", tapped=bool(e.get("tapped")), controller=ctl)
    elif to in ("library_top", "library_bottom"):
        _move_all(g, r, e, "library", top=to == "library_top")
    elif to == "library_shuffle":
        for x in refs(g, r, e.args["what"]):
            if isinstance(x, int) and x in g.objects:
                owner = g.objects[x].owner
                g.move(x, "library")
                g.rng.shuffle(g.players[owner].library)
    else:
        _move_all(g, r, e, to)


@op("tap")
def _tap(g: "Game", r: Ctx, e: Effect) -> None:
    for x in refs(g, r, e.args["what"]):
        if isinstance(x, int) and x in g.objects:
            g.objects[x].tapped = True


@op("untap")
def _untap(g: "Game", r: Ctx, e: Effect) -> None:
    for x in refs(g, r, e.args["what"]):
        if isinstance(x, int) and x in g.objects:
            g.objects[x].tapped = False


@op("draw")
def _draw(g: "Game", r: Ctx, e: Effect) -> None:
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str):
            g.draw(p, n)


@op("gain_life")
def _gain(g: "Game", r: Ctx, e: Effect) -> None:
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str):
            gain_life(g, p, n)


@op("lose_life")
def _lose(g: "Game", r: Ctx, e: Effect) -> None:
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str):
            lose_life(g, p, n)


@op("mill")
def _mill(g: "Game", r: Ctx, e: Effect) -> None:
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str):
            for c in g.players[p].library[:n]:
                r.setdefault("milled", []).append(g.move(c, "graveyard"))  # "milled this way"


def _ask_cards(r: Ctx, player: str, options: list[int], lo: int, hi: int, prompt: str) -> dict:
    return {"kind": "choose_cards", "player": player, "options": options, "min": lo, "max": hi,
            "slot": r["i"], "prompt": prompt}


@op("discard")
def _discard(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """701.8: discard; the player chooses unless at random."""
    who = [p for p in refs(g, r, e.get("who", "you")) if isinstance(p, str)]
    if not who:
        return None
    p = who[0]
    hand = list(g.players[p].hand)
    amt = e.get("amount", 1)
    n = len(hand) if amt == "all" else amount(g, amt, source_id(g, r), r)
    if amt == "all" or not hand:
        picks = hand
    elif e.get("random"):
        picks = g.rng.sample(hand, min(n, len(hand)))
    elif n >= len(hand):
        # a forced choice is still a decision (FORMAT: a step may answer it)
        got = r["answers"].get(r["i"])
        if got is None:
            return _ask_cards(r, p, hand, len(hand), len(hand), f"discard {n} card(s)")
        picks = got
    else:
        got = r["answers"].get(r["i"])
        if got is None:
            return _ask_cards(r, p, hand, n, n, f"discard {n} card(s)")
        picks = got
    for c in picks:
        g.move(c, "graveyard")
    return None


@op("scry")
def _scry(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """701.18: look at the top N, put any number on the bottom, the rest on top."""
    p = controller(g, r)
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    top = g.players[p].library[:n]
    if not top:
        return None
    got = r["answers"].get(r["i"])
    if got is None:
        return _ask_cards(r, p, top, 0, len(top), f"scry {n}: choose the cards to put on the bottom")
    for c in got:
        if e.get("surveil"):
            g.move(c, "graveyard")
        else:
            g.move(c, "library", top=False)
    return None


@op("counter")
def _counter(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """701.5: counter a spell (it goes to its owner's graveyard)."""
    for x in refs(g, r, e.args["what"]):
        if not isinstance(x, int) or x not in g.objects or g.objects[x].zone != "stack":
            continue
        t = g.objects[x]
        from engine.costs import cant_be_countered
        if cant_be_countered(g, x):  # 101.1: the counter effect does nothing to it
            g.log("not_countered", card=t.card.name)
            continue
        if e.get("unless_pays"):
            from engine.casting import can_afford, pay_mana
            payer = t.controller
            syms = tuple(e.args["unless_pays"]) if not isinstance(e.args["unless_pays"], dict) else ()
            from engine.mana import substitute_x
            syms = substitute_x(syms, g.objects[r["obj"]].x)  # "unless its controller pays {X}" (107.3)
            if can_afford(g, payer, syms):
                got = r["answers"].get(r["i"])
                if got is None:
                    return {"kind": "choose_option", "player": payer, "options": ["yes", "no"], "slot": r["i"],
                            "prompt": f"pay {''.join('{'+s+'}' for s in syms)} or {t.card.name} is countered?"}
                if got == "yes":
                    pay_mana(g, payer, syms, set())
                    continue
        if t.ability is not None:
            g.stack.remove(x)
            del g.objects[x]
            g.changed()
        else:
            g.move(x, "graveyard")
        g.log("countered", card=t.card.name)
    return None


@op("counters")
def _counters(g: "Game", r: Ctx, e: Effect) -> None:
    """122: put or remove counters."""
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    kind = e.get("kind", "+1/+1")
    for x in refs(g, r, e.args["what"]):
        if isinstance(x, int) and x in g.objects:
            cs = g.objects[x].counters
            if e.get("remove"):
                cs[kind] = max(0, cs.get(kind, 0) - n)
            else:
                cs[kind] = cs.get(kind, 0) + n
    g.changed()


TOKEN_KINDS = {
    "Treasure": ("Artifact", "Treasure", "{T}, Sacrifice this artifact: Add one mana of any color."),
    "Food": ("Artifact", "Food", "{2}, {T}, Sacrifice this artifact: You gain 3 life."),
    "Clue": ("Artifact", "Clue", "{2}, Sacrifice this artifact: Draw a card."),
}


def token_def(e: Effect) -> CardDef:
    """A token's characteristics as its effect defines them (111.4, 2016 rule 110.5c names)."""
    kind = e.get("kind")
    if kind in TOKEN_KINDS:
        from engine.cards.compiler import compile_card
        t, sub, text = TOKEN_KINDS[kind]
        return compile_card({"name": kind, "types": [t], "subtypes": [sub], "text": text, "manaCost": ""})
    subtypes = tuple(e.get("subtypes", ()))
    name = e.get("name") or " ".join(subtypes) or "Token"
    return CardDef(name=name, mana_cost=(), types=tuple(e.get("types", ("Creature",))),
                   supertypes=tuple(e.get("supertypes", ())), subtypes=subtypes,
                   colors=tuple(e.get("colors", ())), power=_s(e.get("power")), toughness=_s(e.get("toughness")),
                   keywords=tuple(e.get("keywords", ())), abilities=tuple(e.get("abilities", ())))


def _s(v: Any) -> str | None:
    return None if v is None else str(v)


def create_token(g: "Game", card: CardDef, controller_: str, tapped: bool = False) -> int:
    """111.1: a token is created on the battlefield."""
    from engine.state import Obj
    o = Obj(g.next_id, g.next_uid, card, controller_, "battlefield")
    g.next_id += 1
    g.next_uid += 1
    o.token = True
    o.sick = True
    o.tapped = tapped
    g.ts += 1
    o.timestamp = g.ts
    g.objects[o.id] = o
    g.battlefield.append(o.id)
    g.changed()
    g.log("token", card=card.name, obj=o.id, controller=controller_)
    from engine import triggers
    triggers.enters(g, o)
    return o.id


@op("token")
def _token(g: "Game", r: Ctx, e: Effect) -> None:
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    card = token_def(e)
    who = [p for p in refs(g, r, e.get("who", "you")) if isinstance(p, str)]
    r["created"] = []
    for p in who:
        for _ in range(n):
            t = create_token(g, card, p, bool(e.get("tapped")))
            r["created"].append(t)
            if e.get("attacking") and g.step in ("declare_attackers", "declare_blockers", "first_strike_damage",
                                                 "combat_damage") and p == g.active:
                # 508.4: put onto the battlefield attacking; it attacks what the source attacks
                srcid = source_id(g, r)
                tgt = g.objects[srcid].attacking if srcid in g.objects and g.objects[srcid].attacking else None
                g.objects[t].attacking = tgt or g.other(p)
                g.changed()


def _add_mana(g: "Game", player: str, e: Effect, src: int | None, pick: Any = None) -> None:
    p = g.players[player]
    if "mana" in e.args:
        syms = list(e.args["mana"])
    elif "choice" in e.args:
        opts = e.args["choice"]
        syms = list(opts[pick if isinstance(pick, int) and 0 <= pick < len(opts) else 0])
    elif "any" in e.args:
        c = pick if isinstance(pick, str) and pick in "WUBRG" else "G"
        syms = [c] * int(e.args["any"])
    else:
        syms = []
    for s in syms:
        k = "C" if s.isdigit() else s
        p.pool[k] = p.pool.get(k, 0) + (int(s) if s.isdigit() else 1)
    g.log("mana", player=player, mana="".join(syms))


@op("add_mana")
def _add(g: "Game", r: Ctx, e: Effect) -> None:
    _add_mana(g, controller(g, r), e, source_id(g, r))


@op("fight")
def _fight(g: "Game", r: Ctx, e: Effect) -> None:
    """701.12: each deals damage equal to its power to the other."""
    a = [x for x in refs(g, r, e.args["a"]) if isinstance(x, int)]
    b = [x for x in refs(g, r, e.args["b"]) if isinstance(x, int)]
    if a and b:
        deal_damage_batch(g, [(a[0], b[0], g.chars(a[0]).power), (b[0], a[0], g.chars(b[0]).power)])


@op("attach")
def _attach(g: "Game", r: Ctx, e: Effect) -> None:
    """701.3: attach an Aura or Equipment."""
    what = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    to = [x for x in refs(g, r, e.args["to"]) if isinstance(x, int)]
    if what and to and to[0] in g.objects and g.objects[to[0]].zone == "battlefield":
        g.objects[what[0]].attached_to = to[0]
        g.ts += 1
        g.objects[what[0]].timestamp = g.ts
        g.changed()


@op("sacrifice")
def _sacrifice(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """701.17: sacrifice (the player chooses among their permanents)."""
    if "what" in e.args:
        for x in refs(g, r, e.args["what"]):
            if isinstance(x, int) and x in g.objects and g.objects[x].zone == "battlefield":
                g.move(x, "graveyard")
        return None
    who = [p for p in refs(g, r, e.get("who", "you")) if isinstance(p, str)]
    if not who:
        return None
    p = who[0]
    f = dict(e.get("filter") or {"permanent": True})
    f["controller"] = "you"
    mine = [i for i in g.battlefield if matches(g, i, f, source_id(g, r), p)]  # "another creature"
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    if not mine:
        picks = mine
    else:
        got = r["answers"].get(r["i"])
        if got is None:
            k = min(n, len(mine))
            return _ask_cards(r, p, mine, k, k, f"sacrifice {n}")
        picks = got
    for x in picks:
        g.move(x, "graveyard")
    return None


@op("gain_control")
def _gain_control(g: "Game", r: Ctx, e: Effect) -> None:
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    for x in objs:
        g.objects[x].sick = True
    _effect(g, "2", objs, r, _until(e) if e.get("duration") == "eot" else "never")


@op("may")
def _may(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """608.2d: "you may" — the controller chooses as it resolves."""
    got = r["answers"].get(r["i"])
    if got is None:
        return {"kind": "choose_option", "player": controller(g, r), "options": ["yes", "no"], "slot": r["i"],
                "prompt": "do it?"}
    effs = list(e.get("effects", ())) + list(e.get("then", ())) if got == "yes" else list(e.get("else", ()))
    from engine.ops import nested  # a choice inside ("you may sacrifice a creature") gets its own slot
    return nested.run(g, r, "may", effs)


@op("if")
def _if(g: "Game", r: Ctx, e: Effect) -> dict | None:
    ok = condition(g, e.args["cond"], source_id(g, r), r)
    return _run_inline(g, r, list(e.get("then", ())) if ok else list(e.get("else", ())))


def _run_inline(g: "Game", r: Ctx, effs: list[Effect]) -> dict | None:
    """Nested effects: run in order; a nested choice is not supported inside them."""
    for sub in effs:
        fn = OPS.get(sub.op)
        if fn is None:
            continue
        w = fn(g, r, sub)
        if w is not None:
            return w
        g.changed()
    return None


@op("shuffle")
def _shuffle(g: "Game", r: Ctx, e: Effect) -> None:
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str):
            g.rng.shuffle(g.players[p].library)


@op("search")
def _search(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """701.19: search your library for cards matching, put them somewhere, shuffle."""
    p = controller(g, r)
    f = dict(e.get("filter") or {})
    f["zone"] = "library"
    f.pop("controller", None)
    lib = g.players[p].library
    found = [i for i in lib if matches(g, i, f, None, p)]
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    got = r["answers"].get(r["i"])
    if got is None and found:
        return _ask_cards(r, p, found, 0, min(n, len(found)), f"search for up to {n}")
    for x in got or []:
        to = e.get("to", "hand")
        if to == "battlefield":
            g.move(x, "battlefield", tapped=bool(e.get("tapped")), controller=p)
        elif to == "library_top":
            g.move(x, "library")
        else:
            g.move(x, to)
    g.rng.shuffle(g.players[p].library)
    return None


@op("prevent")
def _prevent_op(g: "Game", r: Ctx, e: Effect) -> None:
    to = [x for x in refs(g, r, e.args["to"])] if e.get("to") else None
    by = [x for x in refs(g, r, e.args["by"])] if e.get("by") else None
    n = amount(g, e.args["amount"], source_id(g, r), r) if e.get("amount") is not None else None
    _effect(g, "prevent", [], r, "eot", to=to, by=by, amount=n, combat=bool(e.get("combat")))


@op("delayed")
def _delayed(g: "Game", r: Ctx, e: Effect) -> None:
    s = g.objects[r["obj"]]
    ab = Ability("triggered", "delayed", effects=tuple(e.get("effects", ())))
    fol = r.get("followed", {})
    # 603.7c: the delayed ability refers to the objects its creating effect affected (followed into their new zone)
    legal = [[fol.get(x, x) if isinstance(x, int) else x for x in slot] for slot in r.get("legal", [])]
    g.delayed.append({"step": e.get("step", "end"), "controller": s.controller, "ability": ab,
                      "source": source_id(g, r), "card": s.card, "info": {"delayed_legal": legal}})


@op("animate")
def _animate(g: "Game", r: Ctx, e: Effect) -> None:
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    until = _until(e)
    if e.get("types") or e.get("keep_types") and e.get("subtypes"):
        _effect(g, "4", objs, r, until, types=list(e.get("types", ())), subtypes=list(e.get("subtypes", ())),
                in_addition=bool(e.get("in_addition")), keep_types=bool(e.get("keep_types")))
    if e.get("colors"):
        _effect(g, "5", objs, r, until, colors=list(e.args["colors"]))
    if e.get("lose_all"):  # 613.1f: loses all abilities, before any it gains by the same effect
        _effect(g, "6", objs, r, until, lose_all=True)
    if e.get("keywords"):
        _effect(g, "6", objs, r, until, keywords=list(e.args["keywords"]))
    if e.get("power") is not None:
        _effect(g, "7b", objs, r, until, power=amount(g, e.args["power"], None, r),
                toughness=amount(g, e.args["toughness"], None, r))


# ------------------------------------------------------------------ entering (614.1c-d)
def enter_replacements(g: "Game", o: "Obj") -> None:
    """'Enters tapped', 'enters with counters', planeswalker loyalty (306.5b)."""
    c = o.card
    if "Planeswalker" in c.types and c.loyalty and "loyalty" not in o.counters:
        try:
            o.counters["loyalty"] = int(c.loyalty)
        except ValueError:
            pass
    for ab in c.abilities:
        st = ab.static
        if ab.kind != "static" or not st:
            continue
        if st.get("kind") == "enters_tapped" and not st.get("unless"):
            o.tapped = True
        elif st.get("kind") == "enters_with_counters":
            k = st.get("counter", "+1/+1")
            o.counters[k] = o.counters.get(k, 0) + amount(g, st.get("amount", 1), o.id)
import engine.ops  # noqa: E402,F401  (more ops register themselves)
