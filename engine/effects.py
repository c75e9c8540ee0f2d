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
from engine.choices import NeedChoice
from engine.layers import counters_allowed
from engine import knowledge, player_statics, replacement

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


#: Conditions about the source object itself: not rechecked once it is gone (its last known
#: information stands, 608.2h).
_OBJECT_CONDITIONS = {"kicked", "self", "self_attacked_or_blocked_this_turn", "self_dealt_damage", "new_since_upkeep",
                      "renowned"}


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
    if ab is not None and ab.kind == "triggered" and ab.condition is not None and \
            (s.source in g.objects or not _OBJECT_CONDITIONS & set(ab.condition)) and \
            not condition(g, ab.condition, s.source, {"controller": s.controller, "trigger": s.trigger_info}):
        # 603.4: an intervening "if" clause is checked again on resolution; false: it does nothing
        g.log("condition_false", card=s.name)
        _finish(g, sid)
        return
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
    if "finish" in r:  # the spell is done; only its move to the graveyard was waiting (616.1)
        _finish(g, r["obj"], r["finish"])
        return
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
        try:
            w = fn(g, r, eff)
        except NeedChoice as need:  # a reference to objects still to be chosen (engine.choices)
            w = need.wait
        if w is not None:
            g.wait = w
            return
        r["i"] += 1
        g.changed()
    _finish(g, r["obj"])


_PERMANENT_TYPES = ("Creature", "Artifact", "Enchantment", "Planeswalker", "Land")  # 110.4


def _finish(g: "Game", sid: int, countered: bool = False) -> None:
    """608.2k / 608.3: the spell goes to the graveyard or the battlefield; an ability leaves.

    A spell whose move to the graveyard has replacement effects to order (616.1: Nexus of
    Fate's own against Leyline of the Void) waits for its owner's choice here: the resolution
    record then holds only ``finish``, and resume() finishes it after the answer."""
    s = g.objects.get(sid)
    if s is not None and s.zone == "stack" and s.ability is None and not s.chosen.get("flashback") and \
            (countered or not any(t in s.card.types for t in _PERMANENT_TYPES)):
        try:
            replacement.zone_change(g, s, "stack", "graveyard")
        except NeedChoice as need:
            g.resolving = {"obj": sid, "finish": countered, "i": 0}
            g.wait = need.wait
            return
    g.resolving = None
    if s is not None and s.zone == "stack":
        if s.ability is not None:
            g.stack.remove(sid)
            del g.objects[sid]
            g.changed()
        elif not countered and any(t in s.card.types for t in _PERMANENT_TYPES):
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
        if d.data.get("different_names") and len({g.objects[c].card.name for c in cards}) != len(cards):
            raise IllegalAction("the chosen cards must have different names")
        groups = d.data.get("one_of_each")
        if groups is not None and not one_of_each(cards, groups):
            raise IllegalAction("choose at most one card of each kind the effect names")
        r["answers"][slot] = cards
    elif d.kind == "choose_number":
        n = int(a.get("number"))
        if not d.data.get("min", 0) <= n <= d.data.get("max", 10 ** 6):
            raise IllegalAction("number out of range")
        r["answers"][slot] = n


def one_of_each(cards: list[Any], groups: list[list[Any]]) -> bool:
    """"an Angel card, a Demon card, and/or a Dragon card": each chosen card stands for a
    different alternative (a matching of cards to the groups that hold them)."""
    def fit(i: int, used: frozenset[int]) -> bool:
        if i == len(cards):
            return True
        return any(k not in used and cards[i] in grp and fit(i + 1, used | {k}) for k, grp in enumerate(groups))
    return fit(0, frozenset())


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
            if "objs" in info:  # a batch trigger ("one or more ... attack, they ..."): all of them
                return [x for x in info["objs"] if x in g.objects]
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
    if ref == "attacked":  # "the player or planeswalker it's attacking" (506.4; the source, now)
        sid = source_id(g, r)
        a = g.objects[sid].attacking if sid is not None and sid in g.objects else None
        if isinstance(a, str) or isinstance(a, int) and a in g.objects and g.objects[a].zone == "battlefield":
            return [a]
        return []
    if ref == "exiled":  # the cards the previous exile_top effect exiled
        return [c for c in r.get("exiled", ()) if c in g.objects]
    if isinstance(ref, dict):
        if "choose" in ref:  # chosen on resolution (may stop the resolution for the choice)
            from engine.choices import chosen_refs
            return chosen_refs(g, r, ref)
        if "target" in ref:
            i = ref["target"] + r.get("off", 0)
            return list(r["legal"][i]) if i < len(r["legal"]) else []
        if "each" in ref:
            f = ref["each"]
            if "power_lt_self" in f or "toughness_lt_self" in f:
                f = bind_self_compare(g, r, f)
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
            lki = g.objects[r["obj"]].chosen.get("source_lki") if "obj" in r and r["obj"] in g.objects else None
            if not xs and a[key] == "self" and lki:  # its source was exiled or sacrificed to pay (608.2h)
                return lki[0] if attr == "power" else lki[1]
            if xs and xs[0] not in g.objects:  # gone: as it last existed (608.2h)
                pt = r.get("lki_pt", {}).get(xs[0])
                return (pt[0] if attr == "power" else pt[1]) if pt else 0
            return getattr(g.chars(xs[0]), attr) if xs else 0
    if "count_this_way" in a and r is not None and a.get("action") in ("milled", "put"):
        # "for each creature card milled this way" / "each land card put into a graveyard this way"
        f = {**a["count_this_way"], "zone": "graveyard"}  # not if a replacement exiled it
        return sum(1 for x in r.get("milled", ()) if x in g.objects and matches(g, x, f, src))
    if "blockers_beyond_first" in a:  # rampage (702.22b): counted as the ability resolves
        o = g.objects.get(src) if src is not None else None
        return max(0, len(o.blockers) - 1) if o is not None and o.zone == "battlefield" else 0
    if "lost_this_way" in a:
        return r.get("lost", 0) if r is not None else 0
    if "that_much" in a and r is not None:
        return g.objects[r["obj"]].trigger_info.get("amount", 0)
    if "life_gained_this_turn" in a:  # "the amount of life you gained this turn"
        who = g.objects[r["obj"]].controller if r is not None and "obj" in r else g.controller_of(src)
        return g.players[who].life_gained_turn if who else 0
    if "life_of" in a:
        who = g.objects[r["obj"]].controller if r is not None and "obj" in r else g.controller_of(src)
        return g.players[who].life if who else 0
    for key, attr in (("total_power", "power"), ("total_toughness", "toughness")):
        if key in a:  # "the total toughness of creatures you control"
            ctl = g.controller_of(src)
            return sum(getattr(g.chars(i), attr) for i in g.battlefield if matches(g, i, a[key], src, ctl))
    if "hand_of" in a:
        who = a["hand_of"]
        if who == "you" or r is None:
            ps = [g.controller_of(src)]
        else:
            ps = [p for p in refs(g, r, who) if isinstance(p, str)]
        return sum(len(g.players[p].hand) for p in ps if p)
    if "greatest" in a:
        from engine.mana import mana_value  # 202.3
        ctl = g.controller_of(src)
        vals = [getattr(g.chars(i), a["greatest"]) if a["greatest"] != "mv" else mana_value(g.objects[i].card.mana_cost)
                for i in g.battlefield if matches(g, i, a.get("among") or {}, src, ctl)]
        return max(vals, default=0)
    if "counters_on" in a and r is not None:
        kind = a.get("kind", "+1/+1")
        info = g.objects[r["obj"]].trigger_info if "obj" in r and r["obj"] in g.objects else {}
        if a["counters_on"] == "self" and "counters" in info and (src not in g.objects or g.objects[src].zone != "battlefield"):
            return info["counters"].get(kind, 0)  # it died: the counters it had as it last existed (modular, 608.2h)
        xs = [x for x in refs(g, r, a["counters_on"]) if isinstance(x, int) and x in g.objects]
        return g.objects[xs[0]].counters.get(kind, 0) if xs else 0
    raise IllegalAction(f"unsupported amount {a!r}")


def condition(g: "Game", cond: dict[str, Any], src: int | None, r: Ctx | None) -> bool:
    """Whether a condition holds now: an intervening "if" (603.4), an "as long as" static
    (611.3a), a conditional instruction (608.2c) or an activation restriction (602.5b).

    Per-turn facts are plain data kept where they change: Player.life_lost_turn,
    Player.spells_cast_turn, and marks on the object itself (``chosen``: the turn it last
    attacked or blocked, whether it has dealt damage, the turns its abilities were
    activated), which go away with the object when it changes zones (400.7)."""
    you = (r.get("controller") if r else None) or (g.controller_of(src) if src is not None else None)
    if "all" in cond:
        return all(condition(g, c, src, r) for c in cond["all"])
    if "not" in cond:
        return not condition(g, cond["not"], src, r)
    if "control" in cond:
        f = cond["control"]
        if f.get("different_names"):  # "N or more lands with different names": count the names
            n = len({g.objects[i].card.name for i in g.battlefield if matches(g, i, f, src, you)})
        else:
            n = sum(1 for i in g.battlefield if matches(g, i, f, src, you))
        if not cond.get("min", 1) <= n <= cond.get("max", 10 ** 6):
            return False
    if "life_ge" in cond and not g.players[you].life >= cond["life_ge"]:
        return False
    if "life_le" in cond and not g.players[you].life <= cond["life_le"]:
        return False
    if "your_turn" in cond and (g.active == you) != cond["your_turn"]:
        return False
    if "hand_le" in cond and not len(g.players[you].hand) <= cond["hand_le"]:
        return False
    if "hand_ge" in cond and not len(g.players[you].hand) >= cond["hand_ge"]:
        return False
    o = g.objects.get(src) if src is not None else None
    if "kicked" in cond and bool(o is not None and o.kicked) != bool(cond["kicked"]):
        return False
    if "gained_life_this_turn" in cond and g.players[you].life_gained_turn < max(1, int(cond["gained_life_this_turn"])):
        return False
    if "player_lost_life_this_turn" in cond:  # "if a player lost N or more life this turn"
        if not any(p.life_lost_turn >= cond["player_lost_life_this_turn"] for p in g.players.values()):
            return False
    if "opponent_lost_life_this_turn" in cond:
        lost = any(g.players[p].life_lost_turn > 0 for p in g.opponents(you))
        if lost != bool(cond["opponent_lost_life_this_turn"]):
            return False
    if "spells_cast_this_turn" in cond and g.players[you].spells_cast_turn != cond["spells_cast_this_turn"]:
        return False  # "if you didn't cast a spell this turn": exactly that many
    if "self" in cond:  # "as long as it's attacking", "only if SELF is attacking"
        if o is None or not matches(g, o.id, cond["self"], src, you):
            return False
    if "self_attacked_or_blocked_this_turn" in cond:
        did = o is not None and o.chosen.get("combat_turn") == g.turn
        if did != bool(cond["self_attacked_or_blocked_this_turn"]):
            return False
    if "self_dealt_damage" in cond:  # "if it hasn't dealt damage yet": since it became this object
        if (o is not None and bool(o.chosen.get("dealt_damage"))) != bool(cond["self_dealt_damage"]):
            return False
    if "it" in cond:  # "if it's an artifact", "if that creature was an Elemental" (wherever it is now)
        f = cond["it"] if "zone" in cond["it"] else dict(cond["it"], zone="any_card")
        if r is not None and "obj" in r:
            its = refs(g, r, "it")
        else:
            x = ((r or {}).get("trigger") or {}).get("obj")
            its = [x] if x is not None else []
        if r is not None and "dealt" in r:  # after a damage effect: "is dealt damage this way"
            its = [x for x in its if x in r["dealt"]]
        if not any(isinstance(x, int) and matches(g, x, f, src, you) for x in its):
            return False
    if "x_ge" in cond:  # "if X is 10 or more"
        s = g.objects.get(r["obj"]) if r is not None and "obj" in r else None
        if s is None and src is not None and src in g.objects and g.objects[src].zone == "stack":
            s = g.objects[src]  # a spell's own static ("If X is 5 or more, this spell can't be countered")
        if s is None or s.x < cond["x_ge"]:
            return False
    if "life_ge_start_plus" in cond and g.players[you].life < STARTING_LIFE + cond["life_ge_start_plus"]:
        return False  # "at least 15 life more than your starting life total" (103.3: 20)
    if "graveyard_ge" in cond:  # "three or more land cards in your graveyard"
        f = dict(cond.get("filter") or {}, zone="graveyard")
        n = sum(1 for c in g.players[you].graveyard if matches(g, c, f, src, you))
        if n < cond["graveyard_ge"]:
            return False
    if "once_each_turn" in cond:  # 602.5b: "Activate only once each turn"
        ab = r.get("ability") if r else None
        if o is None or ab is None or o.chosen.get("activated:" + ab.text) == g.turn:
            return False
    if "cast_from_hand" in cond:  # "If this spell was cast from your hand" (608.2c)
        s = g.objects.get(r["obj"]) if r is not None and "obj" in r else None
        from_hand = s is not None and s.ability is None and s.chosen.get("cast_from") == "hand"
        if from_hand != bool(cond["cast_from_hand"]):
            return False
    if "renowned" in cond:  # "if it isn't renowned" (702.111a)
        if o is None or bool(o.chosen.get("renowned")) != bool(cond["renowned"]):
            return False
    if "opponent_dealt_damage_this_turn" in cond:  # bloodthirst (702.53a)
        hit = any(g.players[p].damaged_turn == g.turn for p in g.opponents(you))
        if hit != bool(cond["opponent_dealt_damage_this_turn"]):
            return False
    if "new_since_upkeep" in cond:  # "if this came under your control since the beginning of your last upkeep"
        if o is None or (o.chosen.get("new_since_upkeep") == g.turn) != bool(cond["new_since_upkeep"]):
            return False
    if "had_no_counters" in cond:  # "if it had no -1/-1 counters on it": as it left the battlefield (603.10)
        info = ((r or {}).get("trigger") or {})
        if "counters" not in info or info["counters"].get(cond["had_no_counters"], 0) > 0:
            return False
    if "milled_this_way" in cond:  # "If at least one Zombie card is milled this way"
        if not any(x in g.objects and matches(g, x, {**cond["milled_this_way"], "zone": "any_card"}, src, you)
                   for x in (r or {}).get("milled", ())):
            return False
    return True


#: Condition keys this engine evaluates (a card using any other is unsupported).
CONDITION_KEYS = {"control", "min", "max", "life_ge", "life_le", "your_turn", "all", "hand_le", "hand_ge",
                  "gained_life_this_turn", "kicked", "player_lost_life_this_turn", "opponent_lost_life_this_turn",
                  "spells_cast_this_turn", "self", "self_attacked_or_blocked_this_turn", "self_dealt_damage",
                  "once_each_turn", "not", "it", "x_ge", "life_ge_start_plus", "graveyard_ge", "filter",
                  "cast_from_hand", "milled_this_way", "had_no_counters", "new_since_upkeep",
                  "opponent_dealt_damage_this_turn", "renowned"}
STARTING_LIFE = 20  # 103.3


def condition_problems(cond: Any) -> list[str]:
    """Keys of a condition (and filter keys inside it) this engine does not evaluate."""
    if not isinstance(cond, dict):
        return []
    bad = sorted(set(cond) - CONDITION_KEYS)
    out = [f"condition {bad}"] if bad else []
    for k in ("self", "control", "it", "filter"):
        if isinstance(cond.get(k), dict):
            from engine.filters import unknown_keys
            fb = unknown_keys(cond[k], group_ok=k == "control")
            if fb:
                out.append(f"condition filter keys {sorted(fb)}")
    for c in list(cond.get("all", ())) + ([cond["not"]] if "not" in cond else []):
        out += condition_problems(c)
    return out


def bind_self_compare(g: "Game", r: Ctx, f: dict[str, Any]) -> dict[str, Any]:
    """"with power less than SELF's power": the source's power now, or as it last existed on
    the battlefield when it is gone (608.2h; e.g. sacrificed to pay the cost)."""
    f = dict(f)
    s = g.objects[r["obj"]]
    sid = source_id(g, r)
    lki = s.chosen.get("source_lki")
    for key in ("power", "toughness"):
        k = key + "_lt_self"
        if k in f:
            which = f.pop(k)
            if sid is not None and g.objects[sid].zone == "battlefield":
                v = getattr(g.chars(sid), which)
            elif lki is not None:
                v = lki[0 if which == "power" else 1]
            else:
                v = 0
            f[key + "_lt"] = v
    return f


# ------------------------------------------------------------------ damage (120)
def deal_damage_batch(g: "Game", hits: list[tuple[int, Any, int]], combat: bool = False) -> None:
    """Deal damage, simultaneously, from sources to players and objects (120.3-120.4).

    Prevention (615) and the life gained by lifelink (702.15b, with its replacements, 614.1a)
    are planned first, where a player may be asked the order of the effects (616.1: the caller
    deals the same damage again after the answer); nothing changes before that."""
    from engine import triggers
    from engine.costs import unpreventable
    pool = replacement.shields(g)
    spent: dict[int, int] = {}  # what this batch takes from each shield (615.7)
    used: list[tuple[dict[str, Any], int, Any]] = []
    plan: list[tuple[int, Any, int]] = []
    gains: dict[str, int] = {}
    for src, tgt, n in hits:
        if n <= 0:
            continue
        so = g.objects.get(src)
        if so is None:
            continue
        sc = g.chars(src)
        # 702.16e protection prevents damage from sources of that quality; prevention effects
        free = unpreventable(g, src)  # 615.12: damage that can't be prevented
        if isinstance(tgt, int):
            if tgt not in g.objects or g.objects[tgt].zone != "battlefield":
                continue
            tc = g.chars(tgt)
            if "Protection" in tc.keywords and not free:
                from engine.protection import protected
                if protected(g, tc, src, set(sc.colors)):
                    continue  # 702.16c
        if pool and not free:
            n, took = replacement.prevent(g, src, tgt, n, combat, spent, pool)
            for e, k in took:
                spent[e["ts"]] = spent.get(e["ts"], 0) + k
                used.append((e, k, tgt))
        if n <= 0:
            continue
        plan.append((src, tgt, n))
        if "Lifelink" in sc.keywords:  # 702.15b
            gains[sc.controller] = gains.get(sc.controller, 0) + n
    gains = {p: replacement.life_gain(g, p, n) for p, n in gains.items()}  # 614.1a, asked before any change
    for e, k, _ in used:
        if e.get("amount") is not None:
            e["amount"] -= k
        if e.get("once"):  # 615.8: "the next time ...": one instance of damage, then it is used up
            e["used"] = True
    losses: dict[str, int] = {}  # 120.3a: damage to a player causes that much life loss, one event per player
    evs = []
    for src, tgt, n in plan:
        replacement.done(g, f"damage:{src}:{tgt}")
        so = g.objects[src]
        sc = g.chars(src)
        kw = sc.keywords
        if so.zone == "battlefield" and not so.chosen.get("dealt_damage"):
            so.chosen["dealt_damage"] = True  # "if it hasn't dealt damage yet"
        if isinstance(tgt, str):
            p = g.players[tgt]
            if "Infect" in kw:
                p.poison += n  # 702.90b
            else:
                losses[tgt] = losses.get(tgt, 0) + n
            # combat damage is also damage: "deals damage (to a player)" triggers see it (120.1, 510.2)
            evs.append({"event": "damage_player", "obj": src, "target": tgt, "amount": n, "player": tgt})
            if tgt != sc.controller:
                evs.append({"event": "damage_opponent", "obj": src, "target": tgt, "amount": n, "player": tgt})
            if combat:
                evs.append({"event": "combat_damage_player", "obj": src, "target": tgt, "amount": n, "player": tgt})
            evs.append({"event": "deals_damage", "obj": src, "target": tgt, "amount": n})
            evs.append({"event": "dealt_damage", "player": tgt, "source": src, "amount": n, "combat": combat})
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
            evs.append({"event": "dealt_damage", "obj": tgt, "source": src, "amount": n, "combat": combat})
        g.log("damage", source=so.card.name, target=tgt if isinstance(tgt, str) else g.objects[tgt].card.name,
              amount=n, combat=combat)
    evs[:0] = [_life_loss(g, p, n) for p, n in losses.items()]
    g.changed()
    for p, n in gains.items():
        gain_life(g, p, n, replaced=True)
    if used:
        _prevention_riders(g, used)
    for e in evs:
        triggers.event(g, e)


def _prevention_riders(g: "Game", used: list[tuple[dict[str, Any], int, Any]]) -> None:
    """615.5: the rest of a prevention effect happens right after the damage it prevented:
    "for each 1 damage prevented this way, put a +1/+1 counter on that creature" (Test of
    Faith), "you gain life equal to the damage prevented this way" (Candles' Glow)."""
    for e, k, tgt in used:
        rider = e.get("rider")
        if not rider or k <= 0:
            continue
        kind = rider.get("counters")
        if kind and isinstance(tgt, int) and tgt in g.objects and g.objects[tgt].zone == "battlefield" \
                and counters_allowed(g, tgt, kind):
            cs = g.objects[tgt].counters
            cs[kind] = cs.get(kind, 0) + k
            g.changed()
        if rider.get("gain_life") and e.get("controller"):
            gain_life(g, e["controller"], k)


def gain_life(g: "Game", player: str, n: int, replaced: bool = False) -> None:
    """119.3: gaining life, after its replacement effects (614.1a: "that much life plus N
    instead", "twice that much life instead"; engine/replacement.py) unless ``replaced`` says
    they were applied already. A caller that can stop for the order of several of them plans
    them first with replacement.life_gain."""
    from engine import triggers
    if n <= 0:
        return
    if not replaced:
        n = replacement.life_gain(g, player, n, ask=False)
    replacement.done(g, f"gain:{player}")
    p = g.players[player]
    first = p.life_gained_turn == 0
    p.life += n
    p.life_gained_turn += n
    g.changed()  # "as long as you have 25 or more life" statics see the new total
    g.log("life", player=player, amount=n)
    triggers.event(g, {"event": "gain_life", "player": player, "amount": n, "first": first})


def _life_loss(g: "Game", player: str, n: int) -> dict[str, Any]:
    """119.3: a player loses life; the event, with "first": the first loss this turn."""
    p = g.players[player]
    first = p.life_lost_turn == 0
    p.life -= n
    p.life_lost_turn += n
    g.changed()
    return {"event": "lose_life", "player": player, "amount": n, "first": first}


def lose_life(g: "Game", player: str, n: int) -> None:
    """119.3: losing life (also paying life: 119.4)."""
    from engine import triggers
    if n <= 0:
        return
    ev = _life_loss(g, player, n)
    g.log("life", player=player, amount=-n)
    triggers.event(g, ev)


def discard(g: "Game", cid: int) -> int:
    """701.8: a player discards a card (it goes to its owner's graveyard); the discard event."""
    from engine import triggers
    player = g.objects[cid].owner
    new = g.move(cid, "graveyard")
    triggers.event(g, {"event": "discard", "player": player, "obj": new})
    return new


# ------------------------------------------------------------------ the ops
def _src(g: "Game", r: Ctx) -> int | None:
    sid = source_id(g, r)
    if sid is None:
        # look-back (608.2h): the last known object stays usable as a damage source
        s = g.objects[r["obj"]]
        return s.id
    return sid


@op("damage")
def _damage(g: "Game", r: Ctx, e: Effect) -> dict | None:
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
    hits, wait = _redirect_to_planeswalker(g, r, hits)
    if wait is not None:
        return wait
    targets = [t for _, t, _ in hits]
    marks = {t: (g.objects[t].damage, dict(g.objects[t].counters)) for t in targets if isinstance(t, int)
             and t in g.objects}
    deal_damage_batch(g, hits)
    # which objects were dealt damage "this way" (for a following "if ... is dealt damage this way")
    r.setdefault("dealt", [])
    hit = [t for t, m in marks.items() if t in g.objects and (g.objects[t].damage, g.objects[t].counters) != m]
    r["dealt"] += hit
    if e.get("exile_if_dies") and hit:  # 614.1a: "if it would die this turn, exile it instead"
        _effect(g, "exile_if_dies", hit, r, "eot", name=s.card.name)
    return None


def _redirect_to_planeswalker(g: "Game", r: Ctx, hits: list[tuple[Any, Any, int]]) -> tuple[list, dict | None]:
    """306.7 (2016): noncombat damage that a source would deal to a player who controls a
    planeswalker may be dealt to one of that player's planeswalkers instead, as the source's
    controller (an opponent of that player) chooses when the damage would be dealt."""
    out = []
    for k, (src, t, n) in enumerate(hits):
        ctl = g.controller_of(src) if src in g.objects else g.objects[r["obj"]].controller
        walkers = [i for i in g.battlefield if isinstance(t, str) and n > 0 and ctl is not None and ctl != t
                   and g.chars(i).controller == t and "Planeswalker" in g.chars(i).types]
        if walkers:
            key = f"{r['i']}.redirect.{k}"
            got = r["answers"].get(key)
            names = {g.objects[i].card.name: i for i in walkers}
            if got is None:
                return hits, {"kind": "choose_option", "player": ctl, "options": [t, *names], "slot": key,
                              "prompt": f"deal {n} damage to {t} or redirect it to a planeswalker {t} controls (306.7)"}
            t = names.get(got, t)
        out.append((src, t, n))
    return out, None


def _effect(g: "Game", layer: str, objects: list[int], r: Ctx | None, until: str = "eot", **kw: Any) -> None:
    rec = {"layer": layer, "ts": g.ts + 1, "objects": list(objects), "until": until}
    if until == "source_leaves":  # "for as long as SELF remains on the battlefield" (611.2b)
        sid = source_id(g, r) if r is not None else None
        if sid is None or sid not in g.objects or g.objects[sid].zone != "battlefield":
            return  # the duration ended before the effect began: it does nothing
        rec["source"] = sid
    g.ts += 1
    if r is not None:
        rec["controller"] = g.objects[r["obj"]].controller
    rec.update(kw)
    before = {i: g.controller_of(i) for i in objects if i in g.objects} if layer == "2" else None
    g.effects.append(rec)
    g.changed()
    if before:  # 506.4: a creature whose controller changes is removed from combat
        from engine import combat
        for i, ctl in before.items():
            o = g.objects.get(i)
            if o is not None and (o.attacking is not None or o.blocking) and g.controller_of(i) != ctl:
                combat.remove_from_combat(g, o)


def _until(e: Effect) -> str:
    d = e.get("duration", "eot")
    return {"eot": "eot", "permanent": "never", "your_next_turn": "your_next_turn",
            "while_source_on_battlefield": "source_leaves"}.get(d, "eot")


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
    """611.2, 613.1f: the objects gain keywords (one of them if the player chooses) or abilities."""
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    kws = list(e.get("keywords", ()))
    if e.get("choose") == 1 and len(kws) > 1:  # "gains your choice of reach, trample, or haste"
        got = r["answers"].get(r["i"])
        if got is None:
            return {"kind": "choose_option", "player": controller(g, r), "options": kws, "slot": r["i"],
                    "prompt": f"{g.objects[r['obj']].card.name}: choose a keyword to gain"}
        kws = [got]
    if "Protection from chosen color" in kws:  # 608.2d: the color is chosen as the effect resolves
        key = f"{r['i']}.color"
        got = r["answers"].get(key)
        if got is None:
            from engine.choices import COLORS
            return {"kind": "choose_option", "player": controller(g, r), "options": list(COLORS), "slot": key,
                    "prompt": f"{g.objects[r['obj']].card.name}: choose a color for protection"}
        kws = [f"Protection from {got}" if k == "Protection from chosen color" else k for k in kws]
    _effect(g, "6", objs, r, _until(e), keywords=kws, lose=list(e.get("lose", ())))
    return None


@op("restrict")
def _restrict(g: "Game", r: Ctx, e: Effect) -> None:
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    extra = {k: e.args[k] for k in ("except", "by") if e.args.get(k)}  # "except by Spirits" (509.1b)
    d = e.get("duration")
    if d == "next_untap":  # "doesn't untap during its controller's next untap step": ends after it (502.3)
        until = "next_untap"
    elif d == "while_you_control_self":  # "for as long as you control SELF" (611.2b)
        until = "while_source"
        extra["source"] = source_id(g, r)
    else:
        until = _until(e)
    _effect(g, "rule", objs, r, until, rule=e.args["rule"], **extra)


def destroy(g: "Game", oid: int, regen_ok: bool = True, ask: bool = False) -> bool:
    """701.7: destroy (indestructible 702.12b), after the replacement effects of the event in
    the order its controller chooses (616.1: regeneration 701.14, "exile it instead if it would
    die", "If SELF would be put into a graveyard"). With ``ask``, a needed choice stops here
    (NeedChoice) before anything changed. True when it left the battlefield."""
    o = g.objects.get(oid)
    if o is None or o.zone != "battlefield":
        return False
    c = g.chars(oid)
    if "Indestructible" in c.keywords:
        return False
    ev = replacement.zone_change(g, o, "battlefield", "graveyard", destroy=True, regen_ok=regen_ok, ask=ask)
    if ev["regen"]:  # 701.14a: instead tap it, remove all damage from it, remove it from combat
        replacement.done(g, f"zone:{oid}")
        o.regen -= 1
        o.tapped = True
        o.damage = 0
        o.deathtouched = False
        from engine import combat
        combat.remove_from_combat(g, o)
        g.changed()
        g.log("regenerate", card=o.card.name, obj=oid)
        return False
    g.move(oid, ev["to"], replaced=True)
    return True


def plan_destroy(g: "Game", oid: int, regen_ok: bool = True) -> None:
    """Ask now (NeedChoice) any order of replacement effects that destroying ``oid`` will need
    (616.1), so that a batch of destructions is asked before any of them happens."""
    o = g.objects.get(oid)
    if o is not None and o.zone == "battlefield" and "Indestructible" not in g.chars(oid).keywords:
        replacement.zone_change(g, o, "battlefield", "graveyard", destroy=True, regen_ok=regen_ok)


def plan_to_graveyard(g: "Game", ids: list[Any]) -> None:
    """Ask now (NeedChoice) the order of the replacement effects of putting each of ``ids``
    into a graveyard (616.1e: Leyline of the Void against a card's own "shuffle it into its
    owner's library instead"), before the first of them moves."""
    if not g.effects and not player_statics.active(g):
        return  # the usual case: nothing could replace the move
    for x in ids:
        o = g.objects.get(x) if isinstance(x, int) else None
        if o is not None:
            replacement.zone_change(g, o, o.zone, "graveyard")


@op("destroy")
def _destroy(g: "Game", r: Ctx, e: Effect) -> None:
    xs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    for x in xs:  # 616.1: every choice before the first one is destroyed (they are destroyed at once)
        plan_destroy(g, x, not e.get("no_regen"))
    for x in xs:
        destroy(g, x, not e.get("no_regen"))


@op("regenerate")
def _regenerate(g: "Game", r: Ctx, e: Effect) -> None:
    for x in refs(g, r, e.args["what"]):
        if isinstance(x, int) and x in g.objects:
            g.objects[x].regen += 1


def followed(g: "Game", r: Ctx, xs: list[Any]) -> list[Any]:
    """400.7, 610.3: an object this effect already moved to a public zone (exile, a graveyard)
    is found there by its later instructions ("exile it, then return that card")."""
    fol = r.get("followed")
    if not fol:
        return xs
    out = []
    for x in xs:
        n = fol.get(x) if isinstance(x, int) and x not in g.objects else None
        out.append(n if n in g.objects and g.objects[n].zone in ("exile", "graveyard") else x)
    return out


def _move_all(g: "Game", r: Ctx, e: Effect, to: str, **kw: Any) -> None:
    for x in followed(g, r, refs(g, r, e.args["what"])):
        if isinstance(x, int) and x in g.objects:
            o = g.objects[x]
            if o.zone == "stack" and o.ability is not None:
                continue
            new = g.move(x, to, **kw)
            r.setdefault("followed", {})[x] = new  # 400.7: the effect can find the card it moved


@op("exile")
def _exile(g: "Game", r: Ctx, e: Effect) -> None:
    if e.get("until") == "self_leaves":  # 610.3: until SELF leaves the battlefield
        from engine.until import exile_until_leaves
        xs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects]
        exile_until_leaves(g, source_id(g, r), xs)
        return
    _move_all(g, r, e, "exile")


@op("bounce")
def _bounce(g: "Game", r: Ctx, e: Effect) -> None:
    if e.get("with_auras"):  # "... and each Aura attached to it": all move at once (303.4, 400.7)
        objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects]
        auras = [i for i in g.battlefield if g.objects[i].attached_to in objs
                 and "Aura" in g.chars(i).subtypes]
        for x in objs + auras:
            if x in g.objects and g.objects[x].zone == "battlefield":
                g.move(x, "hand")
        return
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
        for x in followed(g, r, refs(g, r, e.args["what"])):
            if isinstance(x, int) and x in g.objects:
                ctl = controller(g, r) if e.get("control") == "you" else None
                new = g.move(x, "battlefield", tapped=bool(e.get("tapped")), controller=ctl,
                             counters={e.args["counter"]: 1} if e.get("counter") else None)
                r.setdefault("followed", {})[x] = new  # 400.7: "that artifact gains haste"
                if e.get("attacking"):
                    _put_attacking(g, r, new)
    elif to == "library_top" and isinstance(e.args["what"], dict) and "choose" in e.args["what"]:
        # "put two cards from your hand on top of your library in any order": the order chosen, first on top
        for x in reversed(refs(g, r, e.args["what"])):
            if isinstance(x, int) and x in g.objects:
                r.setdefault("followed", {})[x] = g.move(x, "library", top=True)
    elif to in ("library_top", "library_bottom"):
        _move_all(g, r, e, "library", top=to == "library_top")
    elif to == "library_shuffle":
        for x in refs(g, r, e.args["what"]):
            if isinstance(x, int) and x in g.objects:
                owner = g.objects[x].owner
                g.move(x, "library")
                knowledge.shuffle(g, owner)
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
    ps = [p for p in refs(g, r, e.get("who", "you")) if isinstance(p, str)]
    got = {p: replacement.life_gain(g, p, n) for p in ps}  # 616.1: each player's order, asked first
    for p in ps:
        gain_life(g, p, got[p], replaced=True)


@op("lose_life")
def _lose(g: "Game", r: Ctx, e: Effect) -> None:
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str):
            lose_life(g, p, n)
            r["lost"] = r.get("lost", 0) + max(n, 0)  # "that much life": the total lost this way (extort, 702.100a)


@op("mill")
def _mill(g: "Game", r: Ctx, e: Effect) -> None:
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str):
            plan_to_graveyard(g, g.players[p].library[:n])
            for c in g.players[p].library[:n]:
                r.setdefault("milled", []).append(g.move(c, "graveyard"))  # "milled this way"


def _ask_cards(r: Ctx, player: str, options: list[int], lo: int, hi: int, prompt: str) -> dict:
    return {"kind": "choose_cards", "player": player, "options": options, "min": lo, "max": hi,
            "slot": r["i"], "prompt": prompt}


@op("discard")
def _discard(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """701.8: discard; the player chooses unless at random."""
    if isinstance(e.get("what"), dict) and "choose" in e.args["what"]:
        # "You choose a nonland card from it. That player discards that card."
        for x in refs(g, r, e.args["what"]):
            if isinstance(x, int) and x in g.objects and g.objects[x].zone == "hand":
                g.move(x, "graveyard")
        return None
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
    plan_to_graveyard(g, picks)
    for c in picks:
        discard(g, c)
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
        knowledge.show(g, top, [p])  # 701.18a: the player looks at them
        g.log("look", player=p, cards=[g.objects[c].card.name for c in top], objs=list(top), audience=[p])
        return _ask_cards(r, p, top, 0, len(top), f"scry {n}: choose the cards to put on the bottom")
    if e.get("surveil"):
        plan_to_graveyard(g, got)
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
            plan_to_graveyard(g, [x])  # 616.1: Nexus of Fate countered under Leyline of the Void
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
            elif counters_allowed(g, x, kind):
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
    who = [p for p in refs(g, r, e.get("who", "you")) if isinstance(p, str)]
    r["created"] = []
    if e.get("copy_of") is not None:  # 706.2: a token copy has the original's copiable values
        cards = [g.objects[x].card for x in refs(g, r, e.args["copy_of"]) if isinstance(x, int) and x in g.objects]
    else:
        cards = [token_def(e)]
    for p in who:
        for card in cards * n:
            t = create_token(g, card, p, bool(e.get("tapped")))
            r["created"].append(t)
            if e.get("attacking"):
                _put_attacking(g, r, t)


def _put_attacking(g: "Game", r: Ctx, oid: int) -> None:
    """508.4: put onto the battlefield attacking (only during combat, by the attacking
    player's objects); it attacks what the source attacks, else the defending player."""
    o = g.objects.get(oid)
    if o is None or o.zone != "battlefield" or o.controller != g.active or \
            g.step not in ("declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage"):
        return
    srcid = source_id(g, r)
    tgt = g.objects[srcid].attacking if srcid in g.objects and g.objects[srcid].attacking else None
    o.attacking = tgt or g.other(o.controller)
    g.changed()


def _add_mana(g: "Game", player: str, e: Effect, src: int | None, pick: Any = None) -> None:
    p = g.players[player]
    if "mana" in e.args:
        syms = list(e.args["mana"])
    elif "choice" in e.args:
        opts = e.args["choice"]
        syms = list(opts[pick if isinstance(pick, int) and 0 <= pick < len(opts) else 0])
    elif "any" in e.args and e.args.get("chosen_color"):  # "of the chosen color" (614.12)
        o = g.objects.get(src) if src is not None else None
        c = o.chosen.get("color") if o is not None else None
        syms = [c] * int(e.args["any"]) if c else []
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
def _add(g: "Game", r: Ctx, e: Effect) -> dict | None:
    if "any" in e.args and not e.get("chosen_color"):  # "N mana of any (one) color": the controller chooses
        from engine.choices import COLORS
        n = 1 if e.get("same") else int(e.args["any"])
        picks = []
        for k in range(n):
            slot = r["i"] if k == 0 else f"{r['i']}.mana{k}"
            got = r["answers"].get(slot)
            if got is None:
                return {"kind": "choose_option", "player": controller(g, r), "options": list(COLORS), "slot": slot,
                        "prompt": f"{g.objects[r['obj']].card.name}: add mana of which color?"}
            picks.append(COLORS[got])
        for c in picks:
            _add_mana(g, controller(g, r), Effect("add_mana", {"any": int(e.args["any"]) if e.get("same") else 1}),
                      source_id(g, r), c)
        return None
    _add_mana(g, controller(g, r), e, source_id(g, r))
    return None


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
        xs = [x for x in refs(g, r, e.args["what"])
              if isinstance(x, int) and x in g.objects and g.objects[x].zone == "battlefield"]
        plan_to_graveyard(g, xs)
        for x in xs:
            if x in g.objects and g.objects[x].zone == "battlefield":
                sacrifice(g, x)
        return None
    who = [p for p in refs(g, r, e.get("who", "you")) if isinstance(p, str)]
    if not who:
        return None
    p = who[0]
    f = dict(e.get("filter") or {"permanent": True})
    f["controller"] = "you"
    mine = [i for i in g.battlefield if matches(g, i, f, source_id(g, r), p)]  # "another": not the source
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    if not mine:
        picks = mine
    else:
        got = r["answers"].get(r["i"])
        if got is None:
            k = min(n, len(mine))
            return _ask_cards(r, p, mine, k, k, f"sacrifice {n}")
        picks = got
    plan_to_graveyard(g, picks)
    for x in picks:
        sacrifice(g, x)
    return None


def sacrifice(g: "Game", oid: int) -> int:
    """701.17a: its controller puts it into its owner's graveyard; the sacrifice event (603.2)."""
    from engine import triggers
    player = g.controller_of(oid)
    new = g.move(oid, "graveyard")
    triggers.event(g, {"event": "sacrifice", "player": player, "obj": new})
    return new


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
            knowledge.shuffle(g, p)


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
        knowledge.show(g, lib, [p])  # 701.15a: searching looks at every card of the zone
        w = _ask_cards(r, p, found, 0, min(n, len(found)), f"search for up to {n}")
        if f.get("different_names"):
            w["different_names"] = True  # checked when answered
            w["names"] = [g.objects[c].card.name for c in found]
            w["prompt"] += " (with different names)"
        return w
    if got and e.get("reveal"):  # 701.15e: revealed only when the effect says so
        knowledge.show(g, got)
        g.log("reveal", player=p, cards=[g.objects[x].card.name for x in got], objs=list(got))
    to = e.get("to", "hand")
    if to == "library_top":  # 701.16b: "shuffle your library, then put the card on top": not shuffled
        knowledge.shuffle(g, p, keep=got or [])
        for x in got or []:
            knowledge.show(g, [g.move(x, "library")], None if e.get("reveal") else [p])
        return None
    for x in got or []:
        if to == "battlefield":
            g.move(x, "battlefield", tapped=bool(e.get("tapped")), controller=p)
        else:
            g.move(x, to)
    knowledge.shuffle(g, p)
    return None


def _color_choices() -> list[str]:
    """Every nonempty set of colors, as words ("white", "white and blue", ...)."""
    from itertools import combinations
    from engine.choices import COLORS
    names = list(COLORS)
    out = []
    for n in range(1, 6):
        for combo in combinations(names, n):
            out.append(" and ".join(combo))
    return out


@op("color")
def _color(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """An object becomes the color or colors its controller chooses (105.3; layer 5, 613.1e)."""
    from engine.choices import COLORS
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    got = r["answers"].get(r["i"])
    if got is None:
        return {"kind": "choose_option", "player": controller(g, r), "options": _color_choices(), "slot": r["i"],
                "prompt": f"{g.objects[r['obj']].card.name}: which color or colors?"}
    _effect(g, "5", objs, r, _until(e), colors=[COLORS[w] for w in got.split(" and ")])
    return None


@op("set_life")
def _set_life(g: "Game", r: Ctx, e: Effect) -> None:
    """119.5: a player's life total becomes N: they gain or lose the difference."""
    n = amount(g, e.args["amount"], source_id(g, r), r)
    for p in refs(g, r, e.args.get("who", "you")):
        if isinstance(p, str):
            d = n - g.players[p].life
            if d > 0:
                gain_life(g, p, d)
            elif d < 0:
                lose_life(g, p, -d)


@op("prevent")
def _prevent_op(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """615: a prevention shield. "The next time a source of your choice would deal damage to
    ... this turn, prevent that damage" (615.8): the controller chooses the source as it
    resolves (609.7a: a permanent or a spell), and the shield prevents that one instance."""
    to = [x for x in refs(g, r, e.args["to"])] if e.get("to") else None
    by = [x for x in refs(g, r, e.args["by"])] if e.get("by") else None
    if e.get("from_chosen_source"):
        got = r["answers"].get(r["i"])
        if got is None:
            srcs = list(g.battlefield) + [i for i in g.stack if g.objects[i].ability is None]
            if not srcs:
                return None
            return _ask_cards(r, controller(g, r), srcs, 1, 1, f"{g.objects[r['obj']].card.name}: choose a source")
        by = list(got)
    n = amount(g, e.args["amount"], source_id(g, r), r) if e.get("amount") is not None else None
    _effect(g, "prevent", [], r, "eot", to=to, by=by, amount=n, combat=bool(e.get("combat")),
            name=g.objects[r["obj"]].card.name, rider=e.get("rider"), once=bool(e.get("next")))
    return None


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
    """'Enters tapped', 'enters with counters', planeswalker loyalty (306.5b).

    616.1c: a copy effect ("enter as a copy", engine/clone.py) is applied first, and these
    are read from the card it became (616.1e); they commute with one another (any order
    gives the same permanent), so no order is asked (engine/replacement.py)."""
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
            if st.get("condition") and not condition(g, st["condition"], o.id, {"controller": o.controller}):
                continue  # "if it was kicked", "if an opponent was dealt damage this turn" (614.1c)
            if counters_allowed(g, o.id, k):
                # 614.1c: X in "enters with X counters" is the X it was cast with
                o.counters[k] = o.counters.get(k, 0) + amount(g, st.get("amount", 1), o.id, {"obj": o.id})
                g.changed()
        elif st.get("kind") == "choose_on_enter":
            from engine.choices import on_enter
            on_enter(g, o)
import engine.ops  # noqa: E402,F401  (more ops register themselves)
