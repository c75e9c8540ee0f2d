"""A bot that picks uniformly among the legal answers of every decision (issue 3).

Where an answer is a combination (attackers, blockers, targets), it builds a random
legal one choice by choice. It uses only ``decision.options``, as any client would.
"""
from __future__ import annotations

import random
from typing import Any

from engine.cast_options import ANSWER_KEYS
from engine.combat import within_limits
from engine.state import Decision
from engine.targets import slot_applies

#: the keys of a priority option that its answer repeats (a set: looked up for each key of each option answered)
_ANSWER_KEYS = frozenset(ANSWER_KEYS)


class RandomBot:
    #: an ability activated this many times in a step is not activated again in that step: a
    #: free repeatable one ({0}: ... until end of turn) would pile up effects without end
    REPEAT = 3

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._repeats: dict[tuple[Any, Any], int] = {}
        self._spent: set[tuple[Any, Any]] = set()  # the abilities of _repeats activated REPEAT times
        self._step: tuple[Any, Any] = (None, None)  # the turn and step the counts are for

    def answer(self, d: Decision) -> Any:
        r = self.rng
        if d.forced is not None:
            return d.forced
        k = d.kind
        if k == "manual":
            return {"action": "done"}  # a bot does nothing by hand
        if k in ("priority", "cast_offer"):  # cast_offer: cast the offered card, or pass
            step = (d.data.get("turn"), d.data.get("step"))
            if k == "priority" and step != self._step:  # a cast offer says no step: the counts go on
                self._step = step
                self._repeats.clear()
                self._spent.clear()
            return self._priority(d.options)
        if k in ("mulligan", "mulligan_bottom", "play_first"):
            return r.choice(d.options)
        if k == "attackers":
            targets = d.options["targets"]
            must = set(d.options.get("must", ()))  # 508.1d: these attack if able
            # 508.1c: some may attack only some of them (a creature's id is text once the decision crossed the wire)
            only = {int(k): v for k, v in d.options.get("targets_of", {}).items()}
            # 508.1g: attacks that cost, each with the targets it attacks for free (508.1d asks only those)
            costly = {a: free for a, free in d.options.get("costly", ())}
            decl = {a: r.choice(only.get(a, targets)) for a in d.options["attackers"]
                    if a not in costly and (a in must or r.random() < 0.5)}
            for a in must:
                if costly.get(a):
                    decl[a] = r.choice(costly[a])
            payable = d.options.get("payable", ())
            if payable and r.random() < 0.5:  # one attack that costs, one the player can pay for alone
                a = r.choice(payable)
                decl[a] = r.choice(only.get(a, targets))
            for need in d.options.get("attack_one", ()):  # 508.1d: one creature attacks that player if able
                if not any(t in need["targets"] for t in decl.values()):
                    a = r.choice(need["attackers"])
                    decl[a] = r.choice([t for t in need["targets"] if t in only.get(a, need["targets"])]
                                       or need["targets"])
            decl = within_limits(d.options, "attackers", decl)  # 508.1c: "no more than N creatures can attack"
            if len(decl) == 1 and next(iter(decl)) in d.options.get("not_alone", ()) and not must:
                decl = {}  # 506.5: it can't attack alone
            return {"attackers": decl}
        if k == "blockers":
            return {"blockers": within_limits(d.options, "blockers", self._blocks(d.options))}
        if k in ("order_blockers", "order_attackers"):
            order = list(d.options)
            r.shuffle(order)
            return {"order": order}
        if k == "order_triggers":
            order = [o["index"] for o in d.options]
            r.shuffle(order)
            return {"order": order}
        if k == "assign_damage":
            return {"assign": self._assign(d)}
        if k == "trigger_targets":
            cands = d.options["targets"]
            groups = d.options.get("share_groups")  # "... that share a card type": the slot's targets from one group
            if groups:
                cands = [self.rng.choice(gs) if gs else c for c, gs in zip(cands, groups)]
            return {"targets": self._targets(cands, d.options["target_counts"], 0,
                                             d.options.get("another", ()), d.options.get("tied")) or []}
        if k in ("choose_cards",):
            lo, hi = d.data.get("min", 0), d.data.get("max", 0)
            n = r.randint(lo, min(hi, len(d.options)))
            picks = r.sample(list(d.options), n)
            least = d.data.get("total_power", d.data.get("power_min", d.data.get("total_least")))
            if least is not None:  # crew, "total power 12 or greater": add creatures until their power is enough
                # (collect evidence: cards until their mana values are enough, "values")
                power = dict(zip(d.options, d.data["powers"] if "powers" in d.data else d.data["values"]))
                # a creature with 0 or less power only lowers the total: the ones that raise it (the engine offers
                # the choice only when those reach the number)
                order = [c for c in r.sample(list(d.options), len(d.options)) if power[c] > 0]
                picks = []
                while order and sum(power[c] for c in picks) < least:
                    picks.append(order.pop())
            if d.data.get("power_limit") is not None:  # "total power 4 or less": add while the total stays within it
                power = dict(zip(d.options, d.data["powers"]))
                picks = []
                for c in r.sample(list(d.options), len(d.options)):
                    if sum(power[x] for x in picks) + power[c] <= d.data["power_limit"]:
                        picks.append(c)
            if d.data.get("one_of_each") is not None:  # one card per alternative (at most)
                groups = list(d.data["one_of_each"])
                r.shuffle(groups)
                picks = []
                for grp in groups[:n]:
                    left = [c for c in grp if c not in picks]
                    if left:
                        picks.append(r.choice(left))
            if d.data.get("names"):  # different names: the first of each name
                name_of = dict(zip(d.options, d.data["names"]))
                firsts: dict[str, Any] = {}
                for c in picks:
                    firsts.setdefault(name_of[c], c)
                picks = list(firsts.values())
            return {"cards": picks}
        if k == "discard_to_hand_size":
            return {"cards": r.sample(list(d.options), d.data["n"])}
        if k == "legend_rule":
            return {"cards": [r.choice(d.options)]}
        if k == "choose_option":
            return {"option": r.choice(d.options)}
        if k == "name_card":  # 201.3: a name among the cards it can see (the permanent itself at least)
            return {"name": r.choice(d.options)} if d.options else {"name": "Island"}
        if k == "choose_number":
            return {"number": r.randint(d.data.get("min", 0), d.data.get("max", 0))}
        raise ValueError(f"the random bot cannot answer {k}")

    def _blocks(self, o: dict[str, Any]) -> dict[Any, list[Any]]:
        """Random blocks that keep the declaration's restrictions and requirements (509.1b-c)."""
        r = self.rng
        must = o.get("must", {})
        one = set(o.get("max_one", ()))
        taken: set[Any] = set()
        out: dict[Any, list[Any]] = {}
        for b, atk in o["blockers"].items():
            if must.get(b):
                choice = [a for a in must[b] if a not in taken] or must[b]
                out[b] = [choice[0]]
            else:
                pick = r.randrange(len(atk) + 1)
                if pick == len(atk) or atk[pick] in taken:
                    continue
                out[b] = [atk[pick]]
            if out[b][0] in one:
                taken.add(out[b][0])
        block_wanted(out, o)
        if len(out) == 1 and next(iter(out)) in o.get("not_alone", ()):
            out = {}  # 506.5: it can't block alone
        return out

    def _targets(self, cands: list[list[Any]], counts: list[list[int]], x: int = 0,
                 another: list[int] | tuple[int, ...] = (),
                 tied: list[dict[str, Any] | None] | None = None) -> list[list[Any]] | None:
        """Random targets for each slot; a count of -1 is X (601.2b-c). The slots of "another target"
        (``another``) are chosen last, among what no other slot chose (114.3); a slot ``tied`` to an earlier
        one ("target permanents that player controls") among the candidates of the player chosen there
        (601.2c). None when the targets cannot be found."""
        out: list[list[Any]] = [[] for _ in cands]
        taken: list[Any] = []
        for k in [k for k in range(len(cands)) if k not in another] + [k for k in another if k < len(cands)]:
            c = [t for t in cands[k] if t not in taken] if k in another else cands[k]
            tie = tied[k] if tied and k < len(tied) else None
            if tie is not None and tie["slot"] < k:
                by = dict(zip(map(str, cands[tie["slot"]]), tie["by"]))
                chosen = {by.get(str(t)) for t in out[tie["slot"]]}
                c = [t for t, who in zip(cands[k], tie["players"]) if who in chosen and t in c]
            lo, hi = counts[k]
            if hi < 0:  # "X targets" / "up to X targets"
                lo, hi = (0 if lo == 0 else x), x
            if lo > len(c):
                return None
            n = self.rng.randint(lo, min(hi, len(c)))
            out[k] = self.rng.sample(c, n)
            taken += out[k]
        return out

    def _priority(self, options: list[dict[str, Any]]) -> dict[str, Any]:
        """A random legal action; an ability it keeps activating (a repeatable one such as an
        animation or a pump) is left alone after REPEAT times until the next step."""
        spent = self._spent
        fresh = [o for o in options if o.get("action") != "activate"
                 or (o.get("card"), o.get("ability")) not in spent] if spent else options
        o = self.rng.choice(fresh or options)
        if o.get("action") == "activate":
            key = (o.get("card"), o.get("ability"))
            self._repeats[key] = n = self._repeats.get(key, 0) + 1
            if n >= self.REPEAT:
                spent.add(key)
        a = {k: v for k, v in o.items() if k in _ANSWER_KEYS}
        if o.get("kicker") and self.rng.random() < 0.5:
            a["kicked"] = True
        if o.get("extra_costs") and self.rng.random() < 0.5:  # buyback, entwine (engine/cast_options.py)
            a["extras"] = [self.rng.choice(sorted(o["extra_costs"]))]
        if o.get("x_values"):  # the only values X may take (a cost's filter names X, 602.2b)
            a["x"] = self.rng.choice(o["x_values"])
        elif o.get("x"):
            a["x"] = self.rng.randint(0, min(3, o.get("x_max", 3)))
        if "targets" in o:
            counts = o["target_counts"]
            if o.get("target_only_if"):  # 601.2c: a slot the spell has only when kicked, or as the gift is promised
                how = (["Kicker"] if a.get("kicked") else []) + list(a.get("extras", ()))
                counts = [c if slot_applies(w, bool(a.get("kicked")), how) else [0, 0]
                          for c, w in zip(counts, o["target_only_if"])]
            t = self._targets(o["targets"], counts, a.get("x", 0), o.get("another", ()), o.get("tied"))
            if t is None:
                return {"action": "pass"}
            a["targets"] = t
        if "choose" in o:
            if a.get("kicked") and "choose_kicked" in o:  # "if it was kicked, choose any number instead" (601.2b)
                o = {**o, "choose": o["choose_kicked"]}
            modal = self._modes(o, a.get("x", 0), "entwine" in a.get("extras", ()))
            if modal is None:
                return {"action": "pass"}
            a.update(modal)
        return a

    def _modes(self, o: dict[str, Any], x: int, entwined: bool = False) -> dict[str, Any] | None:
        """Random modes of a modal option among those that can be chosen (700.2a: ``mode_targets`` is None for a
        mode without legal targets), and random targets for the chosen modes' slots, in the order of the modes
        (601.2b-c). ``entwined``: every mode (702.41a). None when the targets can't be found (X targets, X too
        large) or an entwined spell has a mode that can't be chosen."""
        per = o.get("mode_targets") or [{"targets": [], "target_counts": []} for _ in o["modes"]]
        legal = [i for i, p in enumerate(per) if p is not None]
        if entwined:
            if len(legal) < len(per):
                return None
            modes = legal
        elif o.get("mode_weights") and legal:  # pawprint modes (a later rule, Bloomburrow): modes, the same one again,
            weights, left = o["mode_weights"], int(o["weight_budget"])  # whose pawprints total at most the budget
            modes = []
            while len(modes) < o["choose"] and (fit := [m for m in legal if weights[m] <= left]) \
                    and (not modes or self.rng.random() < 0.7):
                modes.append(self.rng.choice(fit))
                left -= weights[modes[-1]]
            if not modes:
                return None
            modes.sort()
        elif o.get("repeat_modes"):  # "you may choose the same mode more than once" (the Confluences, 700.2d)
            modes = sorted(self.rng.choice(legal) for _ in range(o["choose"]))
        else:
            # "choose one or more" is offered as choose 99; escalate: as many modes as can be paid for (601.2f)
            most = min(o["choose"], len(legal), o.get("modes_affordable", len(legal)))
            n = self.rng.randint(min(o.get("choose_min", o["choose"]), most), most)  # "one or both" (700.2)
            modes = sorted(self.rng.sample(legal, n))
        out: dict[str, Any] = {"modes": modes}
        slots: list[list[Any]] = []
        for m in modes:
            t = self._targets(per[m]["targets"], per[m]["target_counts"], x, per[m].get("another", ()))
            if t is None:
                return None
            if per[m].get("another"):  # "another target": none of the other modes' targets either (114.3)
                t = [[c for c in ts if c not in {y for q in slots for y in q}] if k in per[m]["another"] else ts
                     for k, ts in enumerate(t)]
                if any(len(ts) < lo for ts, (lo, _) in zip(t, per[m]["target_counts"])):
                    return None
            slots += t
        if slots:
            out["targets"] = slots
        return out

    def _assign(self, d: Decision) -> dict[Any, int]:
        """Lethal damage to each in order (a random amount more at most), the rest to the last."""
        power = d.options["power"]
        recips = d.options["recipients"]
        whole = d.options.get("as_unblocked")
        if whole is not None:  # 510.1c: all to what it attacks, or among the blockers only
            if self.rng.random() < 0.5:
                return {whole: power}
            recips = [x for x in recips if x != whole]
        out: dict[Any, int] = {}
        left = power
        lethal = d.options.get("lethal", {})
        for x in recips[:-1]:
            give = min(left, lethal.get(x, left))
            out[x] = give
            left -= give
        if recips:
            out[recips[-1]] = out.get(recips[-1], 0) + left
        return out


def block_wanted(out: dict[Any, list[Any]], o: dict[str, Any]) -> None:
    """509.1c: each attacker that "must be blocked if able" and is not blocked in ``out`` gets a
    blocker able to block it, one not bound by another requirement: a creature not yet blocking
    first, else one moved from a block no requirement asks for."""
    must = o.get("must", {})
    for a in o.get("blocked_if_able", ()):
        if any(a in As for As in out.values()):
            continue
        able = [b for b, As in o["blockers"].items() if a in As and b not in must]
        free = [b for b in able if b not in out] or [b for b in able if all(x not in o["blocked_if_able"]
                                                                             for x in out[b])]
        if free:
            out[free[0]] = [a]
