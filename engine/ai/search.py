"""Search on copies (issue 18): candidate answers, each played out on determinized copies
of the game by the cheap policy, and judged by the evaluation.

``candidates`` lists a bounded set of legal-looking answers for any decision (every
priority action with its sensible targets, modes, X and kicker; attack and block
declarations around the rule-of-thumb one; each option, number or card choice).
``rollout`` plays a copy forward with the cheap policy on both sides to a horizon (the end
of this turn, or of the next one). ``Searcher.choose`` runs flat Monte Carlo tree search
over the candidates (UCB1, 2002 Auer et al.) on fresh determinizations until its time or
rollout budget is spent, and returns the candidate with the best mean.
"""
from __future__ import annotations

import itertools
import math
import random
import time
from typing import TYPE_CHECKING, Any, Callable

from engine.ai import facts
from engine.ai.determinize import Memory, determinize
from engine.ai.evaluate import TUNED, WIN, evaluate, threat, win_value
from engine.ai.policy import (
    QuickPolicy,
    build_answer,
    crack_back,
    hostile,
    obj_value,
    option_ability,
    owner_side,
    pick_targets,
    quick_attacks,
    quick_blocks,
    target_damage,
)
from engine.combat import within_limits
from engine.errors import IllegalAction
from engine.state import Decision

if TYPE_CHECKING:
    from engine.game import Game


def _key(g: Game, a: Any) -> str:
    """Answers that differ only in which copy of a card they use are the same answer: object
    ids (in the fields that hold objects) become what the object is."""
    def obj(x: Any) -> Any:
        if isinstance(x, int) and not isinstance(x, bool) and x in g.objects:
            o = g.objects[x]
            return (o.card.name, o.controller, o.zone, o.tapped, o.damage, o.sick, tuple(sorted(o.counters.items())))
        if isinstance(x, (list, tuple)):
            return [obj(y) for y in x]
        if isinstance(x, dict):
            return sorted(((repr(obj(k)), obj(v)) for k, v in x.items()), key=repr)
        return x
    if not isinstance(a, dict):
        return repr(a)
    out = []
    for k in sorted(a):
        v = a[k]
        if k in ("card", "targets", "cards", "attackers", "blockers", "assign", "divide"):
            v = obj(v)
        out.append((k, v))
    return repr(out)


def _slot_choices(cands: list[Any], lo: int, hi: int, cap: int = 8) -> list[list[Any]]:
    """The choices for one target slot: each single candidate (or none), or for slots with
    several targets the first ones and the whole set."""
    if hi <= 1:
        out = [[c] for c in cands[:cap]]
        if lo == 0:
            out.append([])
        return out
    out = [cands[:hi]]
    if len(cands) > hi:
        out.append(cands[-hi:])
    if lo < hi:
        out.append(cands[:max(lo, 1)] if cands else [])
    return out


def _target_sets(cands: list[list[Any]], counts: list[list[int]], cap: int) -> list[list[list[Any]]]:
    per = [_slot_choices(c, lo, hi) for c, (lo, hi) in zip(cands, counts)]
    out = []
    for combo in itertools.product(*per):
        flat = [x for s in combo for x in s]
        if len(flat) != len(set(map(repr, flat))) and len(per) > 1:
            continue  # the same object for two slots: legal only with different words (115.3)
        out.append([list(s) for s in combo])
        if len(out) >= cap:
            break
    return out


def sensible(g: Game, me: str, ab: Any, cands: list[list[Any]]) -> list[list[Any]]:
    """Per target slot, the candidates on the side the effect is meant for: harmful effects
    at what the opponents control, helpful ones at one's own (the compiled effects say which)."""
    return [[x for x in slot if (owner_side(g, x) == me) != hostile(ab, i)] for i, slot in enumerate(cands)]


def priority_candidates(g: Game, me: str, options: list[dict[str, Any]], cap: int,
                        quick: QuickPolicy) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"action": "pass"}]
    first = quick.priority(g, me, options)
    if first["action"] != "pass":
        out.append(first)
    for o in options:
        if o["action"] in ("pass", "manual") or o.get("mana"):
            continue
        if o["action"] == "play":
            out.append({"action": "play", "card": o["card"]})
            continue
        kick = [False, True] if o.get("kicker") else [False]
        if "choose" in o:
            src = g.objects.get(o["card"])
            ab = option_ability(g, o)
            per = o.get("mode_targets")  # None for a mode that can't be chosen (700.2a)
            legal = [i for i in range(len(o["modes"])) if per is None or per[i] is not None]
            # "one or both", "one or more" (700.2); escalate: as many as can be paid for
            most = min(o["choose"], len(legal), o.get("modes_affordable", len(legal)))
            ns = range(min(o.get("choose_min", most), most), most + 1)
            for modes in (m for n in ns for m in itertools.combinations(legal, n)):
                if per is not None:  # the option's candidates: what the plain path allows (601.2c)
                    cands = [c for m in modes for c in per[m]["targets"]]
                    counts = [c for m in modes for c in per[m]["target_counts"]]
                else:
                    specs = [s for m in modes for s in (ab.modes[m].targets if ab is not None else ())]
                    cands = [facts.target_candidates(g, s, src, me) for s in specs]
                    counts = [[s.min, s.count] for s in specs]
                sets = _target_sets(cands, counts, 4) if cands else [None]
                for ts in sets:
                    out.append(build_answer(g, me, o, ts, list(modes)))
            continue
        if "targets" in o:
            ab = option_ability(g, o)
            sided = sensible(g, me, ab, o["targets"])
            if any(len(c) < lo for c, (lo, _hi) in zip(sided, o["target_counts"])):
                continue
            sets = _target_sets(sided, o["target_counts"], 12)
            q = pick_targets(g, me, ab, o["targets"], o["target_counts"])
            if q is not None and q not in sets:
                sets.insert(0, q)
        else:
            sets = [None]
        for ts in sets:
            for k in kick:
                out.append(build_answer(g, me, o, ts, kicked=k))
    if quick.reads:
        out = thrift_order(g, out)
    return _dedup(g, out, cap)


def thrift_order(g: Game, answers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``answers`` with the casts of damage spells at one and the same target reordered among
    their own places, the least damage first (policy.thrifty): the search keeps the first of
    answers that score the same on every sample (``Searcher._prune``), so where a horizon shows
    no difference between Shock and Lightning Bolt at a 2/2 (704.5g: both are lethal), Bolt is
    kept for what only it kills."""
    def spell(a: dict[str, Any]) -> tuple[Any, int] | None:
        ts = a.get("targets")
        if a.get("action") != "cast" or not ts or len(ts) != 1 or len(ts[0]) != 1:
            return None
        dmg = target_damage(option_ability(g, a))
        return (repr(ts[0][0]), dmg) if dmg else None
    slots: dict[Any, list[int]] = {}
    for i, a in enumerate(answers):
        k = spell(a)
        if k is not None:
            slots.setdefault(k[0], []).append(i)
    out = list(answers)
    for idx in slots.values():
        if len(idx) > 1:
            for i, a in zip(idx, sorted((answers[i] for i in idx), key=lambda a: spell(a)[1])):  # type: ignore[index]
                out[i] = a
    return out


def _dedup(g: Game, answers: list[Any], cap: int) -> list[Any]:
    seen: set[str] = set()
    out = []
    for a in answers:
        k = _key(g, a)
        if k in seen:
            continue
        seen.add(k)
        out.append(a)
        if len(out) >= cap:
            break
    return out


def attack_candidates(g: Game, me: str, o: dict[str, Any], cap: int) -> list[dict[str, Any]]:
    atk = list(o["attackers"])
    targets = o["targets"]
    players = [t for t in targets if isinstance(t, str)]
    q = quick_attacks(g, me, o)
    # the player the rule of thumb attacks (with several opponents, the one it hurts most)
    tgt = next((t for t in q.values() if isinstance(t, str)), players[0] if players else targets[0])
    must = {a: tgt for a in o.get("must", ())}
    decls: list[dict[Any, Any]] = [q, dict(must), {**{a: tgt for a in atk}}]
    for a in atk:
        decls.append({**must, a: tgt})
        if a in q:
            decls.append({k: v for k, v in q.items() if k != a or k in must})
        else:
            decls.append({**q, a: tgt})
    evasive = {a: tgt for a in atk if "Flying" in g.chars(a).keywords}
    if evasive:
        decls.append({**must, **evasive})
    for other in targets:  # the same attackers at a planeswalker, or at each other opponent
        if other != tgt and q:
            decls.append({a: other for a in q})
    ok = []
    for dcl in decls:
        dcl = within_limits(o, "attackers", dcl)  # 508.1c: "no more than N creatures can attack"
        if len(dcl) == 1 and next(iter(dcl)) in o.get("not_alone", ()):
            continue
        ok.append({"attackers": dcl})
    return _dedup(g, ok, cap)


def block_candidates(g: Game, me: str, o: dict[str, Any], cap: int) -> list[dict[str, Any]]:
    q = quick_blocks(g, me, o)
    must = {b: [As[0]] for b, As in o.get("must", {}).items()}
    decls: list[dict[Any, list[Any]]] = [q, dict(must)]
    pairs = [(b, a) for b, As in o["blockers"].items() for a in As]
    pairs.sort(key=lambda p: -obj_value(g, p[1]))
    for b, a in pairs:
        if b in q:
            decls.append({k: v for k, v in q.items() if k != b or k in must})
            decls.append({**q, b: [a]})
        else:
            decls.append({**q, b: [a]})
            decls.append({**must, b: [a]})
    # double blocks on the biggest attacker (509.1a: several creatures may block one)
    if pairs:
        big = pairs[0][1]
        two = [b for b, a in pairs if a == big][:2]
        if len(two) == 2:
            decls.append({**q, two[0]: [big], two[1]: [big]})
    ok = []
    for dcl in decls:
        dcl = within_limits(o, "blockers", dcl)  # 509.1b: "no more than N creatures can block"
        if len(dcl) == 1 and next(iter(dcl)) in o.get("not_alone", ()):
            continue
        ok.append({"blockers": dcl})
    return _dedup(g, ok, cap)


def candidates(g: Game, d: Decision, quick: QuickPolicy, cap: int) -> list[Any]:
    """A bounded list of answers worth comparing for decision ``d`` (the rule-of-thumb one
    among them); one answer means there is nothing to search."""
    if d.forced is not None:
        return [d.forced]
    k = d.kind
    me = d.player
    if k == "priority":
        return priority_candidates(g, me, d.options, cap, quick)
    if k == "attackers":
        return attack_candidates(g, me, d.options, cap)
    if k == "blockers":
        return block_candidates(g, me, d.options, cap)
    q = quick.answer(g, d)
    out: list[Any] = [q]
    if k in ("order_blockers", "order_attackers"):
        out.append({"order": list(reversed(d.options))})
    elif k == "order_triggers":
        out.append({"order": [o["index"] for o in reversed(d.options)]})
    elif k == "trigger_targets":
        ab = facts.trigger_ability(g, d)
        sided = sensible(g, me, ab, d.options["targets"])
        if all(len(c) >= lo for c, (lo, _hi) in zip(sided, d.options["target_counts"])):
            out += [{"targets": ts} for ts in _target_sets(sided, d.options["target_counts"], cap)]
    elif k == "choose_option":
        out += [{"option": o} for o in d.options]
    elif k == "choose_number":
        lo, hi = d.data.get("min", 0), d.data.get("max", 0)
        out += [{"number": n} for n in (range(lo, hi + 1) if hi - lo <= 6 else (lo, (lo + hi) // 2, hi))]
    elif k == "legend_rule":
        out += [{"cards": [c]} for c in d.options]
    elif k == "discard_to_hand_size":
        n = d.data["n"]
        opts = list(d.options)
        if len(opts) <= 8:
            out += [{"cards": list(c)} for c in itertools.islice(itertools.combinations(opts, n), cap)]
    elif k == "choose_cards" and d.data.get("one_of_each") is None and not d.data.get("names") \
            and d.data.get("power_limit") is None and d.data.get("power_min") is None:
        lo, hi = d.data.get("min", 0), min(d.data.get("max", 0), len(d.options))
        opts = list(d.options)
        for n in range(lo, hi + 1):
            if math.comb(len(opts), n) > cap * 2:
                continue
            out += [{"cards": list(c)} for c in itertools.combinations(opts, n)]
    elif k == "assign_damage":
        recips = d.options["recipients"]
        power = d.options["power"]
        if len(recips) > 1:
            out += [{"assign": {r: (power if r == x else 0) for r in recips}} for x in recips]
    return _dedup(g, out, cap)


PRUNE_AFTER = 3     # iterations before candidates that trail far behind are dropped
PRUNE_MARGIN = 8.0  # about a good creature and a card (engine/ai/evaluate.py)
PRUNE_DOMINATED = 1.0  # a smaller gap, when the candidate lost on every shared sample
TIE_EDGE = 0.25     # the rule of thumb wins ties
DECIDED_Z = 2.0     # standard errors that settle a comparison with the rule of thumb (``Searcher._decided``)


class Deadline(Exception):
    """The time budget ran out inside a rollout."""


def rollout(g: Game, policy: QuickPolicy, end_turn: int, deadline: float, max_decisions: int = 400,
            stop_at: str | None = None, stop_step: str | None = None,
            clock: Callable[[], float] = time.perf_counter,
            stop_if: Callable[[Game, Decision], bool] | None = None) -> bool:
    """Play ``g`` forward with the cheap policy for everyone until turn ``end_turn`` ends (or
    the game does, or the decisions run out); with ``stop_at``, until a decision of that kind
    is pending; with ``stop_step``, until the game reaches that step; with ``stop_if``, until
    it holds of the game and its pending decision. False when the time ran out first (the
    position is then half played); ``deadline`` is read on ``clock``."""
    n = 0
    while g.winner is None and n < max_decisions:
        d = g.pending
        if d is None or g.turn > end_turn or (stop_at is not None and d.kind == stop_at) \
                or (stop_step is not None and g.step == stop_step) or (stop_if is not None and stop_if(g, d)):
            return True
        n += 1
        if clock() > deadline:
            return False
        a = policy.answer(g, d)
        try:
            g.submit(d.player, a)
        except IllegalAction:
            fb = d.forced if d.forced is not None else ({"action": "pass"} if d.kind == "priority"
                                                        else policy.fallback.answer(d))
            try:
                g.submit(d.player, fb)
            except IllegalAction:
                return True
    return True


class Searcher:
    """Monte Carlo search over the candidate answers of one decision, on determinized copies.

    Each iteration draws one determinization and one rollout seed and plays every candidate
    on it (common random numbers: the candidates are compared on the same hidden cards and
    the same luck, so small differences are not lost in the noise). The rule-of-thumb
    answer is tried first and wins ties."""

    def __init__(self, seat: str, rng: random.Random, cap: int = 16, horizon: int = 0,
                 per_candidate: int = 1, noise: float = 0.0, det_per_rollout: bool = False,
                 blocks_reply: bool = False, reply_cap: int = 8, reads: bool = False,
                 weights: tuple[float, ...] = TUNED, clock: Callable[[], float] = time.perf_counter,
                 tricks_reply: bool = False, settle: bool = False, memory: Memory | None = None,
                 win_scale: float = 0.0, confidence: float = 0.0, decided_after: int = 0,
                 blind_blocks: bool = False, rivals_read: bool = False, min_samples: int = 0) -> None:
        self.seat = seat
        self.min_samples = min_samples  # > 1: samples an answer needs before it may replace the rule of thumb
        self.rivals_read = rivals_read  # with reads, the rollouts model the other seats reading too
        self.blind_blocks = blind_blocks  # the defender blocks by what it may know of the attacker's hand
        self.decided_after = decided_after  # > 0: stop sampling once that many iterations decide (``_decided``)
        self.confidence = confidence  # > 0: an answer replaces the rule of thumb's only when surely better
        self.win_scale = win_scale  # > 0: positions valued by the chance of winning (evaluate.win_value)
        self.memory = memory  # what the seat saw its opponents do (determinization's evidence)
        self.settle = settle  # play the next lethal-looking combat before judging (``unsettled``)
        self.tricks_reply = tricks_reply  # judge blocks by the attacker's best answer to them (509.5)
        self.clock = clock  # what the deadline is read on: wall time, or the thread's CPU time
        self.weights = weights  # the evaluation's weights (engine/ai/evaluate.py: TUNED or FITTED)
        self.reads = reads  # engine/ai/levels.py: read the opponent (policy and determinization)
        self.blocks_reply = blocks_reply  # judge attacks by the defender's best block
        self.reply_cap = reply_cap
        self.rng = rng
        self.cap = cap
        self.horizon = horizon          # turns after this one that a rollout plays
        self.per_candidate = per_candidate  # iterations at most
        self.noise = noise
        self.det_per_rollout = det_per_rollout
        self.rollouts = 0
        self.checked = False  # the answer chosen was played on a copy without complaint
        self.means: list[tuple[Any, float]] = []
        self.iterations = 0  # the samples every compared candidate was played on (for reports)

    def choose(self, game: Game, d: Decision, deadline: float) -> Any:
        seat = self.seat
        base = determinize(game, seat, self.rng, self.reads, self.memory)
        quick = QuickPolicy(self.rng.getrandbits(32), reads=self.reads)
        q = quick.answer(base, d)
        cands = candidates(base, d, quick, self.cap)
        if len(cands) == 1:
            return cands[0]
        qk = _key(base, q)
        cands.sort(key=lambda a: _key(base, a) != qk)  # the rule of thumb first (stable)
        vals: list[list[float]] = [[] for _ in cands]
        alive = [True] * len(cands)
        end_turn = game.turn + self.horizon
        out_of_time = False
        start = self.clock()
        for it in range(self.per_candidate):
            det = base if it == 0 or not self.det_per_rollout else \
                determinize(game, seat, self.rng, self.reads, self.memory)
            seed = self.rng.getrandbits(32)
            for i, a in enumerate(cands):
                if not alive[i]:
                    continue
                if self.clock() > deadline:
                    out_of_time = True
                    break
                g = det.copy()
                try:
                    g.submit(d.player, a)
                except IllegalAction:
                    alive[i] = False
                    continue
                if self.blocks_reply and d.kind == "attackers" and a.get("attackers"):
                    v = self._worst_block(g, seed, end_turn, deadline)
                elif self.tricks_reply and d.kind == "blockers":
                    v = self._worst_trick(g, seed, end_turn, deadline)
                else:
                    v = self._judge(g, self._policy(seed), end_turn, deadline)
                if v is None:  # cut short by the clock: a half-played line would mislead
                    out_of_time = True
                    break
                vals[i].append(max(-WIN, min(WIN, v)))
            if out_of_time:
                break
            if it == 0 and self.min_samples > 1:
                self._narrow(vals, alive, self.clock() - start, deadline - self.clock())
            if it + 1 >= PRUNE_AFTER:
                self._prune(vals, alive)
                if sum(1 for i, ok in enumerate(alive) if ok and vals[i]) <= 1:
                    break  # nothing left to compare
            if self.decided_after and it + 1 >= self.decided_after and self._decided(vals, alive):
                break  # the samples already tell whether to leave the rule of thumb: the rest is spent in vain
        done = [i for i in range(len(cands)) if alive[i] and vals[i]]
        if not done:  # no time for a single rollout: the rule of thumb
            return q
        k = min(len(vals[i]) for i in done)
        full = [i for i in done if len(vals[i]) >= k]
        # only the iterations every compared candidate saw (the same luck for all)
        best = max(full, key=lambda i: (sum(vals[i][:k]) / k + (TIE_EDGE if i == 0 else 0.0), -i))
        if self.confidence > 0 and best != 0 and 0 in full and not self._sure(vals[best][:k], vals[0][:k]):
            best = 0  # not surely better than the rule of thumb: a lucky few samples would mislead
        self.means = [(cands[i], sum(vals[i][:k]) / k) for i in full]  # what it weighed (for reports)
        self.iterations = k
        self.checked = True
        return cands[best]

    def _decided(self, vals: list[list[float]], alive: list[bool]) -> bool:
        """Sequential stop (``decided_after``): is the question the samples answer, whether the best
        other answer beats the rule of thumb's (index 0) by ``TIE_EDGE``, settled beyond
        ``DECIDED_Z`` standard errors of the paired differences either way? Then more samples would
        seldom change the answer: the budget of a clear decision is not spent, and that of a
        close one goes on until its samples separate the two or the budget (or the cap) ends."""
        live = [i for i, ok in enumerate(alive) if ok and vals[i]]
        if 0 not in live:
            return False
        k = min(len(vals[i]) for i in live)
        others = [i for i in live if i != 0]
        if not others:
            return True
        top = max(others, key=lambda i: sum(vals[i][:k]))
        diffs = [x - y for x, y in zip(vals[top][:k], vals[0][:k])]
        mean = sum(diffs) / k
        sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (k - 1)) if k > 1 else 0.0
        se = sd / math.sqrt(k)
        return abs(mean - TIE_EDGE) > DECIDED_Z * se

    def _sure(self, a: list[float], b: list[float]) -> bool:
        """Is ``a`` better than ``b`` beyond the noise of the samples: the mean of the paired
        differences (common random numbers: the same determinization and seed for both) at least
        ``TIE_EDGE`` plus ``confidence`` standard errors of that mean?"""
        k = len(a)
        if k < self.min_samples:
            return False  # too few samples to measure their noise: the rule of thumb stays
        diffs = [x - y for x, y in zip(a, b)]
        mean = sum(diffs) / k
        if k < 2:
            return mean > TIE_EDGE
        sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (k - 1))
        return mean > TIE_EDGE + self.confidence * sd / math.sqrt(k)

    def _narrow(self, vals: list[list[float]], alive: list[bool], spent: float, left: float) -> None:
        """After the first sample (``spent`` on the clock, ``left`` to the deadline): if the budget
        cannot give every live candidate ``min_samples`` samples at that pace, only as many as it can
        stay in play, the rule of thumb (index 0) and the others best on that sample, at least one.
        A big combat (every subset of five attackers, each judged by every block the defender could
        make, 508-509) otherwise ends its budget on one sample of each of eighteen candidates, and
        one lucky sample would choose among them; narrowed, the close few get the samples that tell
        a gain from the noise (``_sure``)."""
        live = [i for i, ok in enumerate(alive) if ok and vals[i]]
        if len(live) < 3 or spent <= 0:
            return
        need = spent / len(live) * (self.min_samples - 1)  # the time one candidate's other samples take
        if left >= need * len(live):
            return
        fit = int(left / need)
        others = sorted((i for i in live if i != 0), key=lambda i: -vals[i][0])
        keep = set(others[:max(1, fit - 1)]) | {0}
        for i in live:
            if i not in keep:
                alive[i] = False

    def _value(self, g: Game) -> float:
        """What position ``g`` is worth to the seat: the evaluation, or with ``win_scale`` the
        chance of winning that it reads (engine/ai/evaluate.py ``win_value``)."""
        if self.win_scale > 0:
            return win_value(g, self.seat, self.weights, self.win_scale)
        return evaluate(g, self.seat, self.weights)

    def _policy(self, seed: int) -> QuickPolicy:
        """The cheap policy that plays every side of a rollout: the seat's own with what its
        level knows; the others with the plain rules of thumb, or with ``rivals_read`` reading
        too (an opponent who holds its instant removal while it could be answered and kills with
        its smallest lethal burn: the opponent it expects)."""
        return QuickPolicy(seed, self.noise, reads=self.reads, reader=None if self.rivals_read else self.seat)

    @staticmethod
    def _prune(vals: list[list[float]], alive: list[bool]) -> None:
        """Successive rejection: after a few iterations, a candidate whose mean trails the best
        by more than ``PRUNE_MARGIN``, or by ``PRUNE_DOMINATED`` when it did worse on every
        sample both saw, gets no more rollouts, so the budget goes to the close ones (the rule
        of thumb, index 0, always stays). A candidate that scored exactly what an earlier one
        did on every sample is the same line of play and is dropped too."""
        live = [i for i, ok in enumerate(alive) if ok and vals[i]]
        if len(live) < 2:
            return
        k = min(len(vals[i]) for i in live)
        # the same value on every shared sample (common random numbers): the same line of play
        # (a land now or later, a creature before or after combat), so only the first is kept
        firsts: dict[tuple[float, ...], int] = {}
        for i in live:
            sig = tuple(vals[i][:k])
            if sig in firsts:
                alive[i] = False
            else:
                firsts[sig] = i
        live = [i for i in live if alive[i]]
        means = {i: sum(vals[i][:k]) / k for i in live}
        top = max(live, key=lambda i: means[i])
        for i in live:
            if i == 0 or i == top:
                continue
            gap = means[top] - means[i]
            # with common random numbers, a candidate worse on every sample so far is dominated
            dominated = gap >= PRUNE_DOMINATED and all(vals[i][j] <= vals[top][j] for j in range(k))
            if gap > PRUNE_MARGIN or dominated:
                alive[i] = False

    def _worst_block(self, g: Game, seed: int, end_turn: int, deadline: float) -> float | None:
        """An attack is worth what the defender's best block leaves it (508-509: the
        defender answers the declaration): each of the defender's candidate blocks is played
        out, and the one worst for the attacker is what the attack is worth. With ``settle``
        (hard) each block is played to the horizon: a defender who takes the damage to keep
        its creatures for the counterattack (an attacker tapped out at low life, 302.6: the
        attackers stay tapped through the defender's turn) loses the attacker the game one
        turn later, which the end of combat does not show. Else each block is judged at the
        end of combat (511) and the worst played on to the horizon."""
        pol = self._policy(seed)
        if not rollout(g, pol, end_turn, deadline, stop_at="blockers", clock=self.clock):
            return None
        d = g.pending
        if d is None or d.kind != "blockers" or d.player == self.seat or d.forced is not None:
            return self._judge(g, pol, end_turn, deadline)
        worst: tuple[float, Game, bool] | None = None  # value, position, played to the horizon
        blocks = block_candidates(g, d.player, d.options, self.reply_cap)
        if self.blind_blocks and len(blocks) > 1:
            return self._blind_block(g, d, blocks, seed, end_turn, deadline)
        for b in blocks:
            h = g.copy()
            try:
                h.submit(d.player, b)
            except IllegalAction:
                continue
            if self.settle:
                v_ = self._judge(h, self._policy(seed), end_turn, deadline)
                if v_ is None:
                    return None  # not every block was tried: the minimum would flatter the attack
                if worst is None or v_ < worst[0]:
                    worst = (v_, h, True)
                continue
            if not rollout(h, self._policy(seed), end_turn, deadline, stop_step="main2",
                           clock=self.clock):
                return None
            if h.winner is None and crack_back(h, self.seat, {}) >= h.players[self.seat].life:
                # the defender kept what kills the tapped attacker next turn (302.6, 502.2): the
                # end of combat would judge that block by the damage it took; play it to the horizon
                v_ = self._judge(h, self._policy(seed), end_turn, deadline)
                if v_ is None:
                    return None
                if worst is None or v_ < worst[0]:
                    worst = (v_, h, True)
                continue
            v = self._value(h)
            if worst is None or v < worst[0]:
                worst = (v, h, False)
        if worst is None:
            return self._value(g)
        if self.settle or worst[2]:
            return worst[0]
        return self._judge(worst[1], self._policy(seed), end_turn, deadline)

    def _blind_block(self, g: Game, d: Decision, blocks: list[Any], seed: int, end_turn: int,
                     deadline: float) -> float | None:
        """An attack is worth what the block the defender would choose leaves it, the defender
        choosing without seeing the attacker's hand (402.3: a hand is hidden from the other
        players). The defender's view of the position is a determinization from its seat (the
        attacker's hand and every library redealt from what the defender cannot see, with what
        it could read from the mana left untapped); each candidate block is played to the
        horizon there (its swing back in it: 302.6, 502.2, the attackers stay tapped), and the
        one worst for the attacker in that view is the block it makes. That block is then
        played to the horizon in the attacker's own sample (its real hand: a trick the defender
        did not expect punishes the block). A defender who sees the attacker's hand (the
        minimum over blocks in the attacker's own sample) would never block into a pump, and
        would make every attack backed by a trick look no better than one without."""
        view = determinize(g, d.player, random.Random(seed ^ 0x5F3759DF), self.reads)
        pick: tuple[float, Any] | None = None
        for b in blocks:
            h = view.copy()
            try:
                h.submit(d.player, b)
            except IllegalAction:
                continue
            v = self._judge(h, self._policy(seed), end_turn, deadline)
            if v is None:
                return None  # not every block was weighed: the choice would flatter the attack
            if pick is None or v < pick[0]:
                pick = (v, b)
        if pick is None:
            return self._value(g)
        h = g.copy()
        try:
            h.submit(d.player, pick[1])
        except IllegalAction:  # the same public board: not expected, but no block is then judged
            return self._value(g)
        return self._judge(h, self._policy(seed), end_turn, deadline)

    def _worst_trick(self, g: Game, seed: int, end_turn: int, deadline: float) -> float | None:
        """A block is worth what the attacker's best answer to it leaves it: after blockers are
        declared the active player gets priority first (509.5) and may pump an attacker, at a
        blocker or one that was let through, or burn a blocker. Each of the attacker's candidate
        answers (passing among them) is played to the end of the turn (514.2: the pumps end),
        and the one worst for the defender is played on to the horizon, as ``_worst_block`` does
        for attacks."""
        me = self.seat
        pol = self._policy(seed)

        def reply(h: Game, x: Decision) -> bool:
            return x.kind == "priority" and x.player != me and h.step == "declare_blockers" and not h.stack
        if not rollout(g, pol, end_turn, deadline, clock=self.clock, stop_if=reply):
            return None
        d = g.pending
        if d is None or not reply(g, d) or g.turn > end_turn:
            return self._judge(g, pol, end_turn, deadline)
        worst: tuple[float, Game] | None = None
        quick = QuickPolicy(seed)
        turn = g.turn

        def over(h: Game, _x: Decision) -> bool:
            return h.turn > turn
        for a in priority_candidates(g, d.player, d.options, self.reply_cap, quick):
            h = g.copy()
            try:
                h.submit(d.player, a)
            except IllegalAction:
                continue
            # judged once the turn is over (514.2: "until end of turn" effects end in the cleanup
            # step): at the end of combat a Giant Growth on an unblocked attacker would count as a
            # lasting +3/+3, and the pump that only dealt 3 damage for a card look like the worst
            # answer to no block (a chump block at 20 life looked better than taking 3)
            if not rollout(h, self._policy(seed), end_turn, deadline, stop_if=over, clock=self.clock):
                return None  # not every answer was tried: the minimum would flatter the block
            v = self._value(h)
            if worst is None or v < worst[0]:
                worst = (v, h)
        if worst is None:
            return self._value(g)
        return self._judge(worst[1], self._policy(seed), end_turn, deadline)

    def _judge(self, g: Game, pol: QuickPolicy, end_turn: int, deadline: float) -> float | None:
        """``g`` played by ``pol`` to the horizon and evaluated (None when the clock ran out
        first). With ``settle``, a position left where the next active player could attack
        for lethal (``unsettled``) is played on through that combat, to the end of that turn
        (514.2: its pumps end), before it is judged: a horizon just before a lethal attack would otherwise
        judge by the board a loss (or a win) that is one combat away (quiescence search)."""
        self.rollouts += 1
        if not rollout(g, pol, end_turn, deadline, clock=self.clock):
            return None
        # through the end of that turn, so the pumps of that combat have ended (514.2)
        if self.settle and unsettled(g) and not rollout(g, pol, g.turn, deadline, clock=self.clock):
            return None
        return self._value(g)


def unsettled(g: Game) -> bool:
    """Could the active player attack for lethal damage now (``threat``: its creatures that
    may attack against the defender's untapped blockers, 508-510), and the game is not over and
    its combat not over yet this turn?"""
    if g.winner is not None or g.step in ("main2", "end", "cleanup"):
        return False
    act = g.active
    return any(n != act and not g.players[n].lost and threat(g, act, n) >= g.players[n].life for n in g.order)
