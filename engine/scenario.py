"""The scenario runner: ``python -m engine.scenario PATH... [--json] [--rules-coverage]``.

Runs rules scenarios in the format of ../shared/scenarios/FORMAT.md: a setup, player
decisions and checkpoints. Prints ``PASS name`` or ``FAIL name: reason`` per scenario and
``N passed, M failed`` last; exits 0 only when nothing failed.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml

from engine import rulescov
from engine.cardpool import CardPool, UnknownCard, default_pool
from engine.errors import IllegalAction
from engine.mana import format_pool, parse_pool
from engine.setup import Refused, SetupError, from_setup, new_game
from engine.support import unsupported_reasons

PLAYERS = ("alice", "bob")
VERBS = {"pass", "play", "cast", "activate", "attack", "block", "order_blockers", "assign_damage",
         "order_attackers", "choose", "mulligan", "suspend", "plot", "foretell", "concede", "turn_face_up",
         "roll_planar_die", "end_effect", "unlock"}
KIND_VERBS = {
    "priority": {"pass", "play", "cast", "activate", "suspend", "plot", "foretell", "turn_face_up",
                 "roll_planar_die", "end_effect", "unlock"},  # 901.9: a special action (docs/scenarios.md)
    "attackers": {"attack"}, "blockers": {"block"},
    "order_blockers": {"order_blockers"}, "order_attackers": {"order_attackers"},
    "assign_damage": {"assign_damage"}, "trigger_targets": {"choose"}, "order_triggers": {"choose"},
    "choose_cards": {"choose"}, "choose_option": {"choose"}, "choose_number": {"choose"},
    "legend_rule": {"choose"}, "discard_to_hand_size": {"choose"}, "mulligan": {"mulligan", "choose"},
    "mulligan_bottom": {"choose"}, "name_card": {"choose"},
    "cast_offer": {"cast", "pass", "play"},  # cast (or play: Word of Command) the card a resolving ability offers
}

CHECKPOINT_KEYS = {"players", "battlefield", "graveyard", "hand", "exile", "library", "stack", "step",
                   "active", "winner", "objects", "priority", "command", "sees", "refused"}


class Fail(Exception):
    """The scenario failed, with the reason."""


class _Read(dict[Any, Any]):
    """A step whose keys remember being read (``keys_read``)."""

    def __init__(self, step: dict[str, Any]) -> None:
        super().__init__(step)
        self.keys_read: set[Any] = set()

    def __getitem__(self, k: Any) -> Any:
        self.keys_read.add(k)
        return super().__getitem__(k)

    def get(self, k: Any, default: Any = None) -> Any:
        self.keys_read.add(k)
        return super().get(k, default)

    def __contains__(self, k: object) -> bool:
        self.keys_read.add(k)
        return super().__contains__(k)


def _step_player(step: dict[str, Any], seats: Any = PLAYERS) -> tuple[str | None, str | None]:
    for p in seats:
        if p in step:
            return p, step[p]
    return None, None


class Runner:
    def __init__(self, scenario: dict[str, Any], cards: CardPool) -> None:
        self.sc = scenario
        self.cards = cards
        seats = (scenario.get("setup") or {}).get("seats") if isinstance(scenario.get("setup"), dict) else None
        self.seats = tuple(seats) if isinstance(seats, list) and all(isinstance(n, str) for n in seats) \
            else PLAYERS

    # ---------------------------------------------------------------- references
    def ref(self, r: Any, zone_hint: str | None = None) -> Any:
        g = self.g
        if isinstance(r, bool) or r is None:
            raise Fail(f"bad reference {r!r}")
        r = str(r)
        if r in self.seats:
            return r
        if r in g.handles:
            uid = g.handles[r]
            for o in g.objects.values():
                if o.uid == uid and o.ability is None:
                    return o.id
            raise Fail(f"{r} no longer exists")
        if r.endswith(" ability"):
            name = r[: -len(" ability")]
            hits = [i for i in g.stack if g.objects[i].ability is not None and g.objects[i].card.name == name]
            if len(hits) != 1:
                raise Fail(f"ambiguous reference: {r}" if hits else f"no such object: {r}")
            return hits[0]
        name, zone, nth = r, None, None
        if "@" in name:
            name, zone = name.rsplit("@", 1)
        if "#" in name:
            name, n = name.rsplit("#", 1)
            nth = int(n)
        hits = []
        for zname, ids in self._zones():
            if zone is not None and zname != zone:
                continue
            zhits = [i for i in ids if g.objects[i].ability is None and g.objects[i].card.name == name]
            if nth is not None:
                zhits.sort(key=lambda i: i)
                if len(zhits) >= nth:
                    hits.append(zhits[nth - 1])
            else:
                hits += zhits
        if not hits:
            raise Fail(f"no such object: {r}")
        if len(hits) > 1:
            if zone_hint is not None:
                narrowed = [i for i in hits if g.objects[i].zone == zone_hint]
                if len(narrowed) == 1:
                    return narrowed[0]
            raise Fail(f"ambiguous reference: {r}")
        return hits[0]

    def _zones(self):
        g = self.g
        yield "battlefield", g.battlefield
        yield "stack", g.stack
        for p in self.seats:
            for z in ("hand", "library", "graveyard", "exile", "command"):
                yield z, g.players[p].zone(z)

    # ---------------------------------------------------------------- running
    def run(self) -> None:
        setup = self.sc.get("setup") or {}
        names = set()
        for ps in (setup.get("players") or {}).values():
            for zone in ("battlefield", "hand", "library", "graveyard", "exile", "command", "planar", "schemes"):
                for e in (ps or {}).get(zone) or []:
                    name = e if isinstance(e, str) else e.get("name") if isinstance(e, dict) else None
                    if not isinstance(name, str):
                        raise Fail(f"setup: an object in {zone} needs a card name (a string, or a mapping with "
                                   f"`name:`), not {e!r}")
                    names.add(name)
            if (ps or {}).get("vanguard"):
                names.add(str(ps["vanguard"]))
            if setup.get("new_game"):  # what a new game takes from outside the deck (docs/scenarios.md)
                names.update(str(c) for k in ("sideboard", "conspiracies") for c in (ps or {}).get(k) or [])
                cmd = (ps or {}).get("commander")
                names.update([str(cmd)] if isinstance(cmd, str) else [str(c) for c in cmd or []])
        for n in sorted(names):
            try:
                d = self.cards.definition(n)
            except UnknownCard:
                raise Fail(f"unknown card: {n}") from None
            if unsupported_reasons(d):
                raise Fail(f"unsupported card: {n}")
        self.refused: str | None = None
        try:
            if setup.get("new_game"):  # 103: a game begun from decks (docs/scenarios.md)
                try:
                    self.g = new_game(setup, self.cards, int(self.sc.get("seed", 0)))
                    self.g.handles = {}  # a game begun from decks has no setup ids: cards are named (NAME#N@zone)
                except Refused as e:
                    self.refused = str(e)
            else:
                self.g = from_setup(setup, self.cards, int(self.sc.get("seed", 0)))
        except (SetupError, UnknownCard) as e:
            raise Fail(f"bad setup: {e}") from None
        steps = list(self.sc.get("steps") or [])
        if self.sc.get("expect"):
            steps.append({"expect": self.sc["expect"]})
        for i, step in enumerate(steps):
            nxt = next((s for s in steps[i + 1:] if "expect" not in s or _step_player(s, self.seats)[0]), None)
            try:
                self.do(step, nxt)
            except Fail as e:
                raise Fail(f"step {i + 1}: {e}") from None

    def matches(self, d: Any, step: dict[str, Any] | None) -> bool:
        if step is None or d is None:
            return False
        p, verb = _step_player(step, self.seats)
        if p != d.player or verb not in KIND_VERBS.get(d.kind, set()):
            return False
        if verb == "choose" and d.forced is not None:
            # a forced decision is left to the runner when the step clearly answers another kind
            want = {"targets": {"trigger_targets"}, "order": {"order_triggers", "choose_cards"},
                    "cards": {"choose_cards", "legend_rule", "discard_to_hand_size", "mulligan_bottom"},
                    "option": {"choose_option", "mulligan", "mulligan_bottom"}, "number": {"choose_number"},
                    "name": {"name_card"}}
            for k, kinds in want.items():
                if k in step and d.kind not in kinds:
                    return False
            if "order" in step and d.kind == "choose_cards" and not d.prompt.startswith("order"):
                return False  # `order` answers a choice of cards only where it orders them (401.4)
        return True

    def auto(self, nxt: dict[str, Any] | None) -> None:
        """Answer forced decisions, unless the next step answers them (FORMAT.md)."""
        g = self.g
        n = 0
        while g.pending is not None and not self.matches(g.pending, nxt):
            f = self.forced(g.pending)
            if f is None:
                return
            g.submit(g.pending.player, f)
            n += 1
            if n > 10000:
                raise Fail("forced decisions do not end")

    def forced(self, d: Any) -> Any:
        if d.forced is not None:
            return d.forced
        if d.kind == "priority" and len(d.options) == 1:
            return {"action": "pass"}
        return None

    def do(self, step: dict[str, Any], nxt: dict[str, Any] | None) -> None:
        if self.refused is not None:  # no game: only a checkpoint of why it was refused
            if set(step) != {"expect"} or set(step["expect"] or {}) != {"refused"}:
                raise Fail(f"the game was refused: {self.refused}")
            self.check(step["expect"])
            return
        g = self.g
        p, verb = _step_player(step, self.seats)
        if p is None:
            if "expect" in step:
                self.check(step["expect"])
            elif "pass_until" in step:
                self.pass_until(step["pass_until"], nxt)
            elif "resolve" in step:
                self.resolve(step["resolve"], nxt)
            else:
                raise Fail(f"unknown step {step!r}")
            return
        if verb == "concede":  # 104.3a: at any time, whoever is deciding (800.4a: they leave)
            if p in g.gone or g.winner is not None:
                raise Fail(f"{p} cannot concede: out of the game already")
            g.concede(p)
            return
        self.auto(step)
        d = g.pending
        if g.over and d is None:
            raise Fail(f"the game is over (winner {g.winner}) before {p}: {verb}")
        if verb not in VERBS:
            raise Fail(f"unknown verb {verb!r}")
        if d is None or d.player != p or verb not in KIND_VERBS.get(d.kind, set()):
            raise Fail(f"unexpected decision: {d.player if d else None} {d.kind if d else None}"
                       f" (the step is {p}: {verb})")
        illegal = step.get("expect") == "illegal"
        read = _Read(step)
        try:
            answer = self.answer(d, verb, read)
        except Fail:
            if illegal:
                return
            raise
        unread = set(step) - read.keys_read - {p, "expect"}
        if unread:  # a misspelt or misplaced key would otherwise be ignored and the step mean something else
            raise Fail(f"{p}: {verb} does not read {', '.join(sorted(map(str, unread)))} here")
        before = g.state_key()
        try:
            g.submit(p, answer)
        except IllegalAction as e:
            if not illegal:
                raise Fail(f"illegal: {e}") from None
            if g.state_key() != before:
                raise Fail("an illegal action changed the game")
            return
        if illegal:
            raise Fail(f"{p}: {verb} was accepted but should be illegal")

    def answer(self, d: Any, verb: str, step: dict[str, Any]) -> Any:
        g = self.g
        if verb == "pass":
            return {"action": "pass"}
        if verb == "play":
            land: dict[str, Any] = {"action": "play", "card": self.ref(step["card"], "hand")}
            if "half" in step:  # the face of a modal double-faced card played (2: its back face, a later layout)
                land["face"] = int(step["half"]) - 1
            return land
        if verb in ("suspend", "plot", "foretell"):  # 702.61a, plot, foretell: a special action from the hand
            a: dict[str, Any] = {"action": verb, "card": self.ref(step["card"], "hand")}
            if "x" in step:  # "Suspend X—{X}{3}{U}": the X paid (107.3)
                a["x"] = int(step["x"])
            if "pay" in step:
                a["pay"] = [self.ref(x, "battlefield") for x in step["pay"]]
            return a
        if verb == "roll_planar_die":  # 901.9: a special action of the active player; "pay" the lands paying {N}
            a = {"action": "roll_planar_die"}
            if "pay" in step:
                a["pay"] = [self.ref(x, "battlefield") for x in step["pay"]]
            return a
        if verb == "unlock":  # a Room's door (a later layout, engine/rooms.py): "door" 1 or 2, in printed order
            a = {"action": "unlock", "card": self.ref(step["card"], "battlefield"), "door": int(step["door"]) - 1}
            if "pay" in step:
                a["pay"] = [self.ref(x, "battlefield") for x in step["pay"]]
            return a
        if verb == "end_effect":  # 115.2c: pay to end an effect of a permanent ("You may pay {B} to end this effect")
            a = {"action": "end_effect", "card": self.ref(step["card"], "battlefield")}
            if "pay" in step:
                a["pay"] = [self.ref(x, "battlefield") for x in step["pay"]]
            return a
        if verb == "turn_face_up":  # 702.36e, 701.31b: a special action; "alt" names the cost paid
            a = {"action": "turn_face_up", "card": self.ref(step["card"], "battlefield")}
            if "alt" in step:
                a["alt"] = str(step["alt"])
            if "pay" in step:
                a["pay"] = [self.ref(x, "battlefield") for x in step["pay"]]
            return a
        if verb in ("cast", "activate"):
            where = "hand" if verb == "cast" else "battlefield"
            if "card" not in step and d.kind == "cast_offer":  # docs/scenarios.md: {alice: cast} casts the card offered
                a = {"action": verb, "card": d.data["card"]}
            else:
                a = {"action": verb, "card": self.ref(step["card"], where)}
            if verb == "activate":
                a["ability"] = int(step.get("ability", 1)) - 1
            if "targets" in step:
                a["targets"] = [self.ref(t) for t in step["targets"]]
            if "x" in step:
                a["x"] = int(step["x"])
            if "mode" in step:
                m = step["mode"]
                a["modes"] = [int(x) - 1 for x in (m if isinstance(m, list) else [m])]
            if "divide" in step:
                a["divide"] = {self.ref(k): int(v) for k, v in step["divide"].items()}
            if "pay" in step:
                a["pay"] = [self.ref(x, "battlefield") for x in step["pay"]]
            if step.get("kicked"):
                a["kicked"] = True
            if "alt" in step:
                a["alt"] = step["alt"]
            if "extras" in step:  # optional additional costs paid (buyback, entwine: engine/cast_options.py)
                a["extras"] = [str(x) for x in step["extras"]]
            if "replicate" in step:  # 702.55a: times the replicate cost is paid
                a["replicate"] = int(step["replicate"])
            if "squad" in step:  # squad (a later keyword): likewise
                a["squad"] = int(step["squad"])
            if "multikicker" in step:  # 702.32c: likewise
                a["multikicker"] = int(step["multikicker"])
            if "repeat" in step:  # 716.2a: a shortcut, this action N times with everyone passing between
                a["repeat"] = int(step["repeat"])
            for k in ("convoke", "improvise", "delve", "splice", "waterbend"):  # objects that pay for mana (702.50a,
                # 702.65a; waterbend, a later keyword action), and the cards spliced onto the spell (702.46a)
                if k in step:
                    a[k] = [self.ref(x) for x in step[k]]
            if "mana" in step:  # the kind of mana a mana ability adds where it may choose ("R", "C")
                a["mana"] = str(step["mana"])
            if "offering" in step:  # 702.47a: the permanent sacrificed for an offering
                a["offering"] = self.ref(step["offering"], "battlefield")
            if "assist" in step:  # assist (a later keyword): the player asked to pay some of its generic mana
                a["assist"] = str(step["assist"])
            for k in ("emerge", "harmonize"):  # later keywords: the creature sacrificed (emerge) or tapped
                if k in step:
                    a[k] = self.ref(step[k], "battlefield")
            if "half" in step:  # a split card's half (708.3), a modal double-faced card's face, 1-based like modes
                a["face"] = int(step["half"]) - 1
            if step.get("prepared"):  # a copy of the spell of the prepared permanent named (a later mechanic)
                a["card"] = self.ref(step["card"], "battlefield")
                a["prepared"] = True
            if "cost" in step:  # 601.2b: the alternative of an additional cost "A or B" paid, 1-based
                a["cost_choice"] = int(step["cost"]) - 1
            return a
        if verb == "attack" and (step.get("bands") or step.get("enlist")):
            w = step.get("with") or []
            out_a = {self.ref(k): self.ref(v) for k, v in w.items()} if isinstance(w, dict) \
                else [self.ref(k) for k in w]
            out: dict[str, Any] = {"attackers": out_a}
            if step.get("bands"):  # 702.21c: attacking bands, each a list of attackers
                out["bands"] = [[self.ref(x) for x in band] for band in step["bands"]]
            if step.get("enlist"):  # enlist (a later keyword): attacker -> the creature it taps
                out["enlist"] = {self.ref(k): self.ref(v, "battlefield") for k, v in step["enlist"].items()}
            return out
        if verb == "attack":
            w = step.get("with") or []
            if isinstance(w, dict):
                return {"attackers": {self.ref(k): self.ref(v) for k, v in w.items()}}
            return {"attackers": [self.ref(k) for k in w]}  # the one defending player (FORMAT.md)
        if verb == "block":
            w = step.get("with") or {}
            out = {}
            for b, at in w.items():
                out[self.ref(b)] = [self.ref(x) for x in (at if isinstance(at, list) else [at])]
            return {"blockers": out}
        if verb in ("order_blockers", "order_attackers"):
            key = "attacker" if verb == "order_blockers" else "blocker"
            if self.ref(step[key]) != d.data.get(key):
                raise Fail(f"unexpected decision: {d.kind} for another creature")
            return {"order": [self.ref(x) for x in step["order"]]}
        if verb == "assign_damage":
            key = "attacker" if "attacker" in step else "blocker"
            if self.ref(step[key]) != d.data.get(key):
                raise Fail("unexpected decision: assign_damage for another creature")
            return {"assign": {self.ref(k): int(v) for k, v in step["assign"].items()}}
        if verb in ("choose", "mulligan"):
            if d.kind == "trigger_targets":
                return {"targets": [self.ref(t) for t in step.get("targets", [])]}
            if d.kind == "order_triggers":
                order = []
                for r in step.get("order", []):
                    x = self.ref(r) if r in g.handles or not isinstance(r, str) else r
                    idx = [o["index"] for o in d.options
                           if o["source"] == x or o["name"] == r or o["index"] in order and False]
                    idx = [i for i in idx if i not in order]
                    if not idx:
                        raise Fail(f"no triggered ability from {r} to order")
                    order.append(idx[0])
                return {"order": order}
            if d.kind in ("choose_cards", "legend_rule", "discard_to_hand_size"):
                # FORMAT: `order` also orders cards a rule lets the player order (top first)
                return {"cards": [self.ref(c) for c in step.get("cards", step.get("order", []))]}
            if d.kind == "choose_option" or d.kind in ("mulligan", "mulligan_bottom"):
                o = step.get("option")
                if o is True:
                    o = "yes"
                elif o is False:
                    o = "no"
                return {"option": o}
            if d.kind == "choose_number":
                return {"number": int(step["number"])}
            if d.kind == "name_card":  # 201.3: {alice: choose, name: Lightning Bolt}
                return {"name": step.get("name")}
        raise Fail(f"cannot answer {d.kind} with {verb}")

    def pass_until(self, target: str, nxt: dict[str, Any] | None) -> None:
        g = self.g
        if g.pending is None or g.pending.kind != "priority":
            return
        passed = False
        for _ in range(100000):
            d = g.pending
            if d is None:
                return
            if d.kind == "priority":
                if passed and g.step == target:
                    return
                g.submit(d.player, {"action": "pass"})
                passed = True
                continue
            if passed and g.step == target and self.matches(d, nxt):
                return
            f = self.forced(d)
            if f is not None and not self.matches(d, nxt):
                g.submit(d.player, f)
                continue
            return
        raise Fail("pass_until never reached " + target)

    def resolve(self, what: Any, nxt: dict[str, Any] | None) -> None:
        g = self.g
        top = g.stack[-1] if g.stack else None
        for _ in range(100000):
            d = g.pending
            if d is None:
                return
            if d.kind == "priority":
                if not g.stack or (what != "all" and top not in g.stack):
                    return
                g.submit(d.player, {"action": "pass"})
                continue
            f = self.forced(d)
            if f is not None and not self.matches(d, nxt):
                g.submit(d.player, f)
                continue
            return
        raise Fail("the stack never empties")

    # ---------------------------------------------------------------- checkpoints
    def check(self, exp: dict[str, Any]) -> None:
        unknown = set(exp) - CHECKPOINT_KEYS
        if unknown:
            # a key the runner does not read would be a check that cannot fail
            raise Fail(f"unknown checkpoint key(s): {', '.join(sorted(map(str, unknown)))}")
        if "refused" in exp:  # a new_game setup Game.new refused, the text naming the rule it breaks
            if self.refused is None:
                raise Fail(f"the game was not refused (expected: {exp['refused']})")
            if str(exp["refused"]) not in self.refused:
                raise Fail(f"the game was refused for another reason: {self.refused}")
            return
        g = self.g
        for name, objs in (exp.get("sees") or {}).items():  # what a player's view tells of hidden cards (400.2)
            if name not in g.players:
                raise Fail(f"no player {name}")
            view = g.view(name)
            for ref, want_seen in objs.items():
                if ref in self.seats and isinstance(want_seen, dict):  # counts the view gives of a player's zones
                    self.check_counts(name, view["players"][ref], ref, want_seen)
                    continue
                oid = self.ref(ref)
                if named_in_view(view, oid) != bool(want_seen):
                    raise Fail(f"{name} {'does not see' if want_seen else 'sees'} which card {ref} is")
        for name, want in (exp.get("players") or {}).items():
            if name not in g.players:
                raise Fail(f"no player {name}")
            p = g.players[name]
            got = {"life": p.life, "poison": p.poison, "lost": p.lost, "hand": len(p.hand),
                   "library": len(p.library), "graveyard": len(p.graveyard), "left": name in g.gone,
                   "commander_casts": p.commander_casts,
                   "planar": len(p.planar), "schemes": len(p.schemes)}  # the planar and scheme decks (901.4, 904.4)
            for k, v in want.items():
                if k == "mana_pool":
                    if format_pool(p.pool) != format_pool(parse_pool(v)):
                        raise Fail(f"{name} mana_pool is {format_pool(p.pool)!r}, expected {v!r}")
                elif k == "counters":  # 121.1: the kinds it names, 0 for none (poison has its own key)
                    for kind, n in (v or {}).items():
                        if p.counters.get(str(kind), 0) != n:
                            raise Fail(f"{name} has {p.counters.get(str(kind), 0)} {kind} counters, expected {n}")
                elif k == "commander_damage":  # by the commanders' owners it names; 0 when none was dealt
                    for owner, n in (v or {}).items():
                        if p.commander_damage.get(str(owner), 0) != n:
                            raise Fail(f"{name} commander_damage from {owner} is "
                                       f"{p.commander_damage.get(str(owner), 0)}, expected {n}")
                elif k in got:
                    if got[k] != v:
                        raise Fail(f"{name} {k} is {got[k]}, expected {v}")
                else:
                    raise Fail(f"unknown player check {k}")
        for zone in ("battlefield", "graveyard", "hand", "exile", "library", "command"):
            for name, want in (exp.get(zone) or {}).items():
                if zone == "battlefield":
                    ids = [i for i in g.battlefield if g.chars(i).controller == name]
                else:
                    ids = g.players[name].zone(zone)
                names = [g.objects[i].card.name for i in ids]
                if zone == "library":
                    ok = names == list(want)
                else:
                    ok = sorted(names) == sorted(want)
                if not ok:
                    raise Fail(f"{zone} of {name} is {sorted(names) if zone != 'library' else names}, expected {want}")
        if "stack" in exp:
            names = [g.objects[i].name for i in reversed(g.stack)]
            if names != list(exp["stack"]):
                raise Fail(f"stack is {names}, expected {exp['stack']}")
        if "step" in exp and g.step != exp["step"]:
            raise Fail(f"step is {g.step}, expected {exp['step']}")
        if "active" in exp and g.active != exp["active"]:
            raise Fail(f"active player is {g.active}, expected {exp['active']}")
        if "priority" in exp:
            d = g.pending
            # the player holding priority, whoever decides for them (712.5: the player controlling them)
            got_p = d.data.get("for", d.player) if d is not None and d.kind == "priority" else None
            if str(got_p) != str(exp["priority"]):
                raise Fail(f"priority is with {got_p}, expected {exp['priority']}")
        if "winner" in exp:
            w = exp["winner"]
            won = g.winner if g.winner is not None else "none"
            if str(w) != str(won):
                raise Fail(f"winner is {won}, expected {w}")
        for r, want in (exp.get("objects") or {}).items():
            oid = self.ref(r)
            self.check_object(r, oid, want)

    #: the zone counts a view gives of every player (401.3: a library's, 402.x: a hand's), by checkpoint key
    VIEW_COUNTS = {"library": "library", "hand": "hand_count"}

    def check_counts(self, viewer: str, pv: dict[str, Any], who: str, want: dict[str, Any]) -> None:
        """``sees: {bob: {alice: {library: 3}}}``: the number of cards in alice's zones as bob's view gives it."""
        for k, n in want.items():
            if k not in self.VIEW_COUNTS:
                raise Fail(f"unknown count {k!r} in sees (one of {', '.join(self.VIEW_COUNTS)})")
            got = pv.get(self.VIEW_COUNTS[k])
            if got != n:
                raise Fail(f"{viewer}'s view gives {who} {got} cards in {k}, expected {n}")

    def check_object(self, r: str, oid: int, want: dict[str, Any]) -> None:
        g = self.g
        o = g.objects[oid]
        c = g.chars(oid)
        for k, v in want.items():
            if k == "power":
                got: Any = c.power
            elif k == "toughness":
                got = c.toughness
            elif k == "tapped":
                got = o.tapped
            elif k == "damage":
                got = o.damage
            elif k == "zone":
                got = o.zone
            elif k == "controller":
                got = c.controller if o.zone == "battlefield" else o.controller
            elif k == "owner":
                got = o.owner
            elif k == "sick":
                got = o.sick
            elif k == "token":
                got = o.token
            elif k == "face_down":  # 707.1
                got = "face_down" in o.chosen
            elif k == "attacking":  # true/false, or what it attacks: a player or a planeswalker (802.3)
                got = o.attacking is not None
                if not isinstance(v, bool):
                    got = o.attacking
                    v = v if v in g.players else self.ref(v)
            elif k == "blocked":
                got = o.blocked
            elif k == "blocking":  # a blocking creature (509.1g), also once its attackers left combat
                got = o.is_blocking
            elif k == "attached_to":
                got = o.attached_to
                v = self.ref(v) if v is not None else None
            elif k == "counters":
                for kind, n in v.items():
                    if o.counters.get(kind, 0) != n:
                        raise Fail(f"{r} has {o.counters.get(kind, 0)} {kind} counters, expected {n}")
                continue
            elif k in ("keywords", "types", "colors", "subtypes", "supertypes"):
                got = sorted({"keywords": c.keywords, "types": c.types, "colors": c.colors,
                              "subtypes": c.subtypes, "supertypes": c.supertypes}[k])
                v = sorted(v)
            else:
                raise Fail(f"unknown object check {k}")
            if got != v:
                raise Fail(f"{r} {k} is {got!r}, expected {v!r}")


def named_in_view(view: Any, oid: Any) -> bool:
    """Whether a view names which card the object ``oid`` is: a card view with that id and its name,
    not a face-down one unless it names the face-down card (707.5)."""
    if isinstance(view, dict):
        if view.get("id") == oid and "name" in view and (not view.get("face_down") or "face_down_card" in view):
            return True
        return any(named_in_view(v, oid) for v in view.values())
    if isinstance(view, list):
        return any(named_in_view(v, oid) for v in view)
    return False


def run_file(path: Path, cards: CardPool) -> list[tuple[str, str | None]]:
    return [(name, reason) for _, name, reason in run_scenarios(path, cards)]


def run_scenarios(path: Path, cards: CardPool) -> list[tuple[dict[str, Any], str, str | None]]:
    """Run every scenario of a file: (scenario, name, failure reason or None) each."""
    try:
        docs = [d for d in yaml.safe_load_all(path.read_text(encoding="utf-8")) if d]
    except yaml.YAMLError as e:
        return [({}, str(path), f"malformed YAML: {e}")]
    out: list[tuple[dict[str, Any], str, str | None]] = []
    for sc in docs:
        name = sc.get("name", path.stem) if isinstance(sc, dict) else path.stem
        if not isinstance(sc, dict):
            out.append(({}, name, "a scenario is a mapping"))
            continue
        try:
            Runner(sc, cards).run()
            out.append((sc, name, None))
        except Fail as e:
            out.append((sc, name, str(e)))
        except IllegalAction as e:
            out.append((sc, name, f"illegal: {e}"))
        except Exception as e:  # noqa: BLE001 - a crash fails the scenario, with its cause
            out.append((sc, name, f"engine error: {type(e).__name__}: {e}"))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.scenario", description=__doc__)
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("--json", action="store_true", help="one JSON object per scenario")
    ap.add_argument("--rules-coverage", action="store_true",
                    help="report the rules of chapters 1-7 (and, apart, of chapters 8 and 9) cited by passing "
                         "scenarios (engine.rulescov)")
    args = ap.parse_args(argv)
    cards = default_pool()
    files: list[Path] = []
    for p in args.paths:
        if p.is_dir():
            files += sorted(p.rglob("*.yaml"))
        elif p.exists():
            files.append(p)
        else:
            print(f"no such file: {p}", file=sys.stderr)
            return 2
    if args.rules_coverage:
        runs = [run for f in files for run in run_scenarios(f, cards)]
        rulescov.print_report(rulescov.report(runs), args.json)
        return 0 if all(reason is None for _, _, reason in runs) else 1
    passed = failed = 0
    for f in files:
        for name, reason in run_file(f, cards):
            if reason is None:
                passed += 1
            else:
                failed += 1
            if args.json:
                print(json.dumps({"name": name, "file": str(f), "passed": reason is None, "reason": reason}))
            else:
                print(f"PASS {name}" if reason is None else f"FAIL {name}: {reason}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
