"""The cheap policy (issue 18): a fast, rule-of-thumb answer to any decision.

It plays the AI's ``easy`` level and both sides of every rollout of the searches, so it
must be fast: no copies, no look-ahead. It reads the game it is given, which for the AI is
always a determinized copy (engine/ai/determinize.py), never the real game.

Rules of thumb: a land each turn (305.2), the costliest spells first, harmful effects at
the opponents' best objects and helpful ones at its own (114), attacks that no blocker
punishes (508) and that leave enough blockers home for the counterattack (302.6: attackers
stay tapped through the opponent's turn), blocks that kill or trade up and chump blocks only to stay alive (509),
lethal damage to each blocker in order (510.1c). Lethal arithmetic (``through``): the damage
that gets past the blockers (evasion, menace, trample, first and double strike), with the
burn and pumps the untapped mana pays for, decides an all-in attack, burn at the face, a
flying pump before blocks and a team pump before combat; attackers that surely finish a
planeswalker go at it (306.7); at a low life a counterspell waits for the spell that harms.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from engine import prepare
from engine.ai import facts
from engine.ai.determinize import untapped_mana
from engine.ai.evaluate import card_value, creature_value
from engine.ai.facts import _stats, kills, kills_in_fight, survives
from engine.ai.random_bot import RandomBot, block_wanted
from engine.cardpool import UnknownCard
from engine.cards.abilities import Ability
from engine.cast_options import ANSWER_KEYS
from engine.state import Decision
from engine.transform import BACK, modal_back, split_halves

if TYPE_CHECKING:
    from engine.game import Game

HOSTILE = {"damage", "destroy", "exile", "bounce", "tap", "counter", "fight", "discard", "mill", "lose_life",
           "sacrifice", "gain_control", "exchange_control", "restrict", "lose_game"}
MAIN = ("main1", "main2")
BURN_RANGE = 6  # life at which damage spells go at a player's face


def _refs_target(v: Any, i: int) -> bool:
    if isinstance(v, dict):
        if v.get("target") == i and len(v) == 1:
            return True
        return any(_refs_target(x, i) for x in v.values())
    if isinstance(v, (list, tuple)):
        return any(_refs_target(x, i) for x in v)
    return False


def _effects(ab: Ability) -> list[Any]:
    out = list(ab.effects)
    for m in ab.modes:
        out += list(m.effects)
    return out


def hostile(ab: Ability | None, slot: int) -> bool:
    """Does the ability harm what its ``slot``-th target is (damage, destroy, -N/-N, ...)?"""
    if ab is None:
        return True
    for e in _effects(ab):
        if not _refs_target(e.args, slot):
            continue
        if e.op in HOSTILE:
            return True
        if e.op == "move":
            # out of play is harmful (Condemn: to the bottom of its library), a card brought back
            # from a graveyard is not (400.7: zones; Raise Dead)
            spec = ab.targets[slot] if slot < len(ab.targets) else None
            zone = (spec.filter or {}).get("zone", "battlefield") if spec is not None else "battlefield"
            return zone == "battlefield" and e.args.get("to") != "battlefield"
        if e.op == "pump":
            p, t = e.args.get("power", 0), e.args.get("toughness", 0)
            if isinstance(p, int) and isinstance(t, int) and p + t < 0:
                return True
        return e.op == "counters" and str(e.args.get("kind", "")).startswith("-")
    return True  # a target no effect names (an Aura's enchant slot is helpful only by its text)


def damage_amount(ab: Ability | None) -> int:
    """The fixed damage the ability deals to a target, if any (0 when none or not fixed)."""
    if ab is None:
        return 0
    for e in _effects(ab):
        if e.op == "damage" and isinstance(e.args.get("amount"), int):
            return int(e.args["amount"])
    return 0


def obj_value(g: Game, oid: Any) -> float:
    """What an object is worth to its controller now (a spell: its card's value)."""
    o = g.objects.get(oid)
    if o is None:
        return 0.0
    if o.zone != "battlefield":
        return card_value(o.card) + 1.0
    c = g.chars(oid)
    if "Creature" in c.types:
        return creature_value(c.power or 0, c.toughness or 0, c.keywords, len(c.abilities))
    if "Planeswalker" in c.types:
        return 3.0 + 1.2 * o.counters.get("loyalty", 0)
    if "Land" in c.types:
        return 1.5
    return 1.0 + card_value(o.card)


def owner_side(g: Game, x: Any) -> str | None:
    """The player a target candidate belongs to (a player is their own)."""
    if isinstance(x, str):
        return x
    return g.controller_of(x)


def pick_targets(g: Game, me: str, ab: Ability | None, cands: list[list[Any]],
                 counts: list[list[int]], prefer: frozenset[Any] = frozenset()) -> list[list[Any]] | None:
    """Targets by rule of thumb, or None when no slot has a sensible choice. A harmful effect
    goes first at what ``prefer`` names (the target of an opponent's spell it answers) when it
    does something there."""
    out: list[list[Any]] = []
    dmg = damage_amount(ab)
    chosen: set[Any] = set()
    for i, (slot, (lo, hi)) in enumerate(zip(cands, counts)):
        slot = [x for x in slot if x not in chosen]
        bad = hostile(ab, i)
        mine = [x for x in slot if (owner_side(g, x) == me) != bad]
        if bad:
            def score(x: Any) -> float:
                if isinstance(x, str):
                    life = g.players[x].life
                    if dmg and dmg + sure_damage(g, me, x) >= life:
                        return 100.0  # lethal now, or with the combat damage it can count on
                    # burn at a player far from dying is better kept for a creature (or the
                    # last points): the face only in burn range
                    if dmg and life > BURN_RANGE:
                        return 0.1
                    return 2.0 + dmg * 0.3
                v = obj_value(g, x)
                o = g.objects[x]
                if dmg and o.zone == "battlefield" and "Creature" in g.chars(x).types \
                        and (g.chars(x).toughness or 0) - o.damage > dmg:
                    return 0.1  # it survives the damage
                return v + (50.0 if x in prefer else 0.0)
        else:
            def score(x: Any) -> float:
                if isinstance(x, str):
                    return 1.0
                o = g.objects[x]
                return obj_value(g, x) + (3.0 if o.in_combat else 0.0)
        mine.sort(key=score, reverse=True)
        n = max(lo, min(hi, len(mine))) if mine else lo
        if len(mine) < lo:
            return None
        pick = mine[:n] if mine else []
        if bad and pick and score(pick[0]) <= 0.1 and lo > 0:
            return None
        chosen.update(pick)
        out.append(pick)
    return out


def option_ability(g: Game, opt: dict[str, Any]) -> Ability | None:
    """The ability a priority option would put on the stack."""
    oid = opt.get("card")
    o = g.objects.get(oid) if isinstance(oid, int) else None
    if o is None:
        return None
    if opt["action"] == "cast":
        spell = prepare.spell_of(o.card) if opt.get("prepared") else None
        if spell is not None:  # a copy of a prepared permanent's spell (a later mechanic)
            return facts.spell_ability(spell)
        halves = split_halves(o.card)  # one half of a split card (708.3)
        back = modal_back(o.card) if not halves and opt.get("face") == BACK else None
        if back is not None:
            return facts.spell_ability(back)  # a modal double-faced card's back face (a later layout)
        return facts.spell_ability(halves[opt["face"]] if halves and isinstance(opt.get("face"), int) else o.card)
    text = opt.get("text")
    abl = g.chars(o.id).abilities if o.zone == "battlefield" else o.card.abilities
    for ab in abl:
        if ab.text == text:
            return ab
    return None


def build_answer(g: Game, me: str, opt: dict[str, Any], targets: list[list[Any]] | None = None,
                 modes: list[int] | None = None, x: int | None = None, kicked: bool = False) -> dict[str, Any]:
    """A priority answer from an option and the choices that go with it (601.2b-c)."""
    a = {k: v for k, v in opt.items() if k in ANSWER_KEYS}
    if targets is not None:
        a["targets"] = targets
    if modes is not None:
        a["modes"] = modes
    if opt.get("x"):
        a["x"] = x if x is not None else max_x(g, me, opt)
    if kicked:
        a["kicked"] = True
    return a


def max_x(g: Game, me: str, opt: dict[str, Any]) -> int:
    """The largest X the untapped lands could pay beside the rest of the cost (107.3)."""
    if opt.get("x_values"):  # the values X may take (a cost's filter names X, 602.2b)
        return max(int(v) for v in opt["x_values"])
    if "x_max" in opt:  # X paid in life too ("pay X life", 119.4): at most half of it
        return min(int(opt["x_max"]), g.players[me].life // 2) if opt.get("x_life") else int(opt["x_max"])
    lands = sum(1 for i in g.battlefield if not g.objects[i].tapped and g.chars(i).controller == me
                and "Land" in g.chars(i).types) + sum(g.players[me].pool.values())
    oid = opt.get("card")
    o = g.objects.get(oid) if isinstance(oid, int) else None
    base = len([s for s in o.card.mana_cost if s != "X"]) if o is not None and opt["action"] == "cast" else 0
    return max(1, lands - base)


def mana_value(g: Game, oid: Any) -> int:
    o = g.objects.get(oid)
    if o is None:
        return 0
    return sum(int(s) if s.isdigit() else (0 if s == "X" else 1) for s in o.card.mana_cost)


class QuickPolicy:
    """Answers any decision at once by rule of thumb; ``noise`` plays a random legal
    priority action that often instead (a weaker player)."""

    def __init__(self, seed: int = 0, noise: float = 0.0, combat_noise: float = 0.0, reads: bool = False,
                 reader: str | None = None) -> None:
        self.rng = random.Random(seed)
        self.reads = reads  # the instant-speed rules of thumb of engine/ai/levels.py's ``reads``
        self.reader = reader  # with reads, the only seat that plays them (a search's own seat: the
                              # others are modelled playing the plain rules of thumb)
        self.noise = noise
        self.combat_noise = combat_noise
        self.fallback = RandomBot(seed + 1)

    def answer(self, g: Game, d: Decision) -> Any:
        if d.forced is not None:
            return d.forced
        k = d.kind
        me = d.player
        if k == "priority":
            return self.priority(g, me, d.options)
        if k in ("attackers", "blockers") and self.combat_noise and self.rng.random() < self.combat_noise \
                and not on_the_line(g, me):
            a = self.fallback.answer(d)
            if k == "blockers":  # loose blocks, but no chump block while the game is not on the line
                a = {"blockers": no_chumps(g, a["blockers"], d.options)}
            return a
        if k == "attackers":
            return {"attackers": self.attacks(g, me, d.options)}
        if k == "blockers":
            return {"blockers": self.blocks(g, me, d.options)}
        if k in ("order_blockers", "order_attackers"):
            return {"order": list(d.options)}
        if k == "order_triggers":
            return {"order": [o["index"] for o in d.options]}
        if k == "assign_damage":
            return {"assign": assign_lethal_in_order(d)}
        if k == "trigger_targets":
            pick = pick_targets(g, me, facts.trigger_ability(g, d), d.options["targets"], d.options["target_counts"])
            if pick is None:
                pick = [c[:lo] for c, (lo, _hi) in zip(d.options["targets"], d.options["target_counts"])]
            return {"targets": pick}
        if k == "mulligan":
            return {"option": "keep" if keepable(g, me) else "mulligan"}
        if k == "mulligan_bottom":
            return {"option": mulligan_scry(g, me, d)}
        if k == "play_first":
            return {"player": me}
        if k in ("choose_cards", "discard_to_hand_size"):
            return {"cards": self.cards(g, me, d)}
        if k == "legend_rule":
            return {"cards": [d.options[0]]}
        if k == "choose_option":
            opts = list(d.options)
            return {"option": "yes" if "yes" in opts else opts[0]}
        if k == "name_card":  # 201.3: the first name it sees (the opponents' cards are listed first)
            return {"name": d.options[0] if d.options else "Island"}
        if k == "choose_number":
            return {"number": d.data.get("max", d.data.get("min", 0))}
        if k == "manual":
            return {"action": "done"}
        if k == "cast_offer":  # a spell offered while an ability resolves: cast it when it can be
            for o in d.options:
                a = self._answer_for(g, me, o) if o.get("action") == "cast" else None
                if a is not None:
                    return a
            return {"action": "pass"}
        return self.fallback.answer(d)

    # ------------------------------------------------------------ priority
    def priority(self, g: Game, me: str, options: list[dict[str, Any]]) -> dict[str, Any]:
        acts = [o for o in options if o["action"] != "pass" and not o.get("mana") and o["action"] != "manual"]
        if not acts:
            return {"action": "pass"}
        if self.noise and not g.stack and self.rng.random() < self.noise and not on_the_line(g, me):
            o = self.rng.choice(acts + [{"action": "pass"}] * 2)
            if o["action"] == "pass":
                return o
            return self._answer_for(g, me, o) or {"action": "pass"}
        lands = [o for o in acts if o["action"] == "play"]
        if lands:
            return {"action": "play", "card": lands[0]["card"]}
        mine_turn = g.active == me
        stack_top = g.objects[g.stack[-1]] if g.stack else None
        reads = self.reads and (self.reader is None or self.reader == me)
        def rank(o: dict[str, Any]) -> tuple[int, int]:
            lr = loyalty_rank(g, me, option_ability(g, o)) if o["action"] == "activate" else None
            return -mana_value(g, o.get("card")), lr or 0
        ranked = sorted(acts, key=rank)
        if mine_turn and g.step == "main1" and not g.stack:
            # a pump of the whole team that makes the attack lethal comes before anything else
            for o in ranked:
                ab = option_ability(g, o)
                mp, tr = mass_pump(ab, attacking=False) if ab is not None else (0, False)
                if mp and alpha_lethal(g, me, mp, tr):
                    a = self._answer_for(g, me, o)
                    if a is not None:
                        return a
        for o in ranked:
            ab = option_ability(g, o)
            prefer: frozenset[Any] = frozenset()
            instant = False
            if o["action"] == "cast":
                card = g.objects[o["card"]].card
                instant = "Instant" in card.types or "Flash" in card.keywords
                if stack_top is not None and instant and "targets" in o and ab is not None \
                        and len(o["targets"]) == 1 and not hostile(ab, 0) and pump_bonus(ab) is not None:
                    t = pump_saves(g, me, ab, stack_top, o["targets"][0])
                    if t is None:
                        continue
                    return build_answer(g, me, o, [[t]])
                if stack_top is not None:
                    # answer an opponent's spell or ability with a counter or removal in response
                    if not (stack_top.controller != me and ab is not None and "targets" in o
                            and any(hostile(ab, i) for i in range(len(o["targets"])))):
                        continue
                    if keeps_counter(g, me, ab, stack_top):
                        continue
                    prefer = helped(g, me, stack_top) if reads else frozenset()
                elif instant and "targets" in o and ab is not None and len(o["targets"]) == 1 \
                        and not hostile(ab, 0) and pump_bonus(ab) is not None:
                    t = pump_target(g, me, ab, o["targets"][0])
                    if t is None:
                        continue  # a pump waits for a fight it changes, or for lethal (509-510)
                    return build_answer(g, me, o, [[t]])
                elif instant and "targets" in o and not mine_turn and g.step not in ("end", "declare_blockers"):
                    continue  # hold instants for the end of the turn or for combat
                elif instant and "targets" in o and mine_turn and g.step in MAIN and ab is not None \
                        and not any(hostile(ab, i) for i in range(len(o["targets"]))):
                    continue  # a helpful instant waits for combat
                elif instant and "targets" not in o and "Creature" not in card.types:
                    if g.step != "declare_blockers":
                        continue  # untargeted tricks (pump the attackers, prevent the damage) wait for blocks
                elif not instant and not (mine_turn and g.step in MAIN):
                    continue
            else:
                mp, tr = mass_pump(ab, attacking=False) if ab is not None else (0, False)
                lr = loyalty_rank(g, me, ab)
                if mp and mine_turn and g.step == "main1" and not g.stack:
                    if not alpha_lethal(g, me, mp, tr):
                        continue  # a pump of the whole team (a planeswalker's ultimate) for lethal only
                elif lr is not None and lr < 2:
                    pass  # a planeswalker's loyalty ability that adds loyalty or makes a blocker: each turn
                elif self.rng.random() < 0.5:
                    continue  # activated abilities now and then (they may cost what a spell needs)
            # instant removal at a permanent waits while its controller could answer it (a pump,
            # a counter): it is cast in answer to their spell, or once they are tapped out
            hold = reads and o["action"] == "cast" and instant and stack_top is None and "targets" in o
            a = self._answer_for(g, me, o, prefer)
            if a is not None and not (hold and exposed(g, me, ab, a.get("targets"))):
                return thrifty(g, me, acts, o, a) if reads else a
        return {"action": "pass"}

    def _answer_for(self, g: Game, me: str, o: dict[str, Any],
                    prefer: frozenset[Any] = frozenset()) -> dict[str, Any] | None:
        ab = option_ability(g, o)
        targets = None
        if "targets" in o:
            targets = pick_targets(g, me, ab, o["targets"], o["target_counts"], prefer)
            if targets is None:
                return None
        modes = None
        if "choose" in o:
            picked = self._modes(g, me, o, ab, prefer)
            if picked is None:
                return None
            modes, chosen = picked
            if chosen:
                targets = (targets or []) + chosen
        return build_answer(g, me, o, targets, modes, kicked=bool(o.get("kicker")))

    def _modes(self, g: Game, me: str, o: dict[str, Any], ab: Ability | None,
               prefer: frozenset[Any]) -> tuple[list[int], list[list[Any]]] | None:
        """Modes for a modal option, as many as it allows (700.2; escalate: as many as can be paid for), among
        those that can be chosen (``mode_targets``: None for a mode without legal targets, 700.2a) and whose
        targets have a sensible choice; and the targets of the chosen modes' slots, in the order of the modes
        (601.2b-c). None when too few modes are left."""
        per = o.get("mode_targets")
        legal = [i for i in range(len(o["modes"])) if per is None or per[i] is not None]
        again = bool(o.get("repeat_modes"))  # the same mode more than once (700.2d): exactly ``choose`` picks
        most = o["choose"] if again else min(o["choose"], len(legal), o.get("modes_affordable", len(legal)))
        least = most if again else min(o.get("choose_min", o["choose"]), most)
        picks: dict[int, list[list[Any]]] = {}
        for m in self.rng.sample(legal, len(legal)):
            if len(picks) >= most:
                break
            got = per[m] if per is not None else None
            if got and got["targets"]:
                mode = ab.modes[m] if ab is not None and m < len(ab.modes) else None
                t = pick_targets(g, me, mode, got["targets"], got["target_counts"], prefer)
                if t is None:
                    continue
                picks[m] = t
            else:
                picks[m] = []
        if not picks or not again and len(picks) < least:
            return None
        modes = sorted(picks)
        weights = o.get("mode_weights")
        if weights:  # pawprint modes (a later rule, Bloomburrow): the picks whose pawprints fit, again while they fit
            budget = int(o.get("weight_budget", 0))
            modes = [m for m in sorted(picks, key=lambda m: weights[m]) if weights[m] <= budget][:1]
            if not modes:
                return None
            fit = sorted(picks, key=lambda m: -weights[m])
            while len(modes) < most and (nxt := next((m for m in fit if sum(weights[x] for x in modes) + weights[m]
                                                      <= budget), None)) is not None:
                modes = sorted(modes + [nxt])
            return modes, [t for m in modes for t in picks[m]]
        while again and len(modes) < most:  # a mode chosen again, each time with its own targets (700.2d)
            modes = sorted(modes + [modes[len(modes) % len(picks)]])
        return modes, [t for m in modes for t in picks[m]]

    # ------------------------------------------------------------ combat
    def attacks(self, g: Game, me: str, o: dict[str, Any]) -> dict[Any, Any]:
        return quick_attacks(g, me, o)

    def blocks(self, g: Game, me: str, o: dict[str, Any]) -> dict[Any, list[Any]]:
        return quick_blocks(g, me, o)

    # ------------------------------------------------------------ cards
    def cards(self, g: Game, me: str, d: Decision) -> list[Any]:
        opts = list(d.options)
        if d.kind == "discard_to_hand_size":
            return sorted(opts, key=lambda i: hand_keep_value(g, me, i))[:d.data["n"]]
        if d.data.get("ordered"):  # 404.3: cards put into its graveyard at once, top first: what reads the order reads
            # the top (creature) card (Volrath's Shapeshifter, Necratog): the best creature card on top
            return sorted(opts, key=lambda c: ("Creature" in g.objects[c].card.types, obj_value(g, c))
                          if isinstance(c, int) and c in g.objects else (False, 0.0), reverse=True)
        lo, hi = d.data.get("min", 0), min(d.data.get("max", 0), len(opts))
        prompt = str(d.data.get("prompt", d.prompt)).lower()
        if d.data.get("one_of_each") is not None or d.data.get("names") or d.data.get("power_limit") is not None \
                or d.data.get("power_min") is not None:
            return list(self.fallback.answer(d)["cards"])
        bad = any(w in prompt for w in ("discard", "sacrifice", "exile", "bottom", "destroy", "return"))
        if "bottom" in prompt:  # scry (701.18): bottom the lands when there are enough of them
            lands = sum(1 for i in g.battlefield if g.chars(i).controller == me and "Land" in g.chars(i).types)
            return [c for c in opts if isinstance(c, int) and "Land" in g.objects[c].card.types and lands >= 5][:hi]
        ranked = sorted(opts, key=lambda c: obj_value(g, c) if isinstance(c, int) else 0.0, reverse=not bad)
        return ranked[:lo if bad else max(lo, hi)]


def on_the_line(g: Game, me: str) -> bool:
    """Is the game on the line for ``me``: would every creature of an opponent, unblocked, kill
    ``me`` (``raw_power``), or ``me``'s creatures and burn kill an opponent, or either side's
    finish a planeswalker (306.7, 704.5i)? A beginner's loose play (the ``noise`` of easy) stops
    there: it sees a lethal attack coming and one it could make (104.3a, 704.5a)."""
    life = g.players[me].life
    mine = raw_power(g, me) + hand_reach(g, me, 1, True)
    theirs = 0
    for n in g.order:
        p = g.players[n]
        if n == me or p.lost:
            continue
        power = raw_power(g, n)
        if power >= life or mine >= p.life:
            return True
        theirs = max(theirs, power)
    cs = g.all_chars()
    for oid in g.battlefield:
        if "Planeswalker" in cs[oid].types:
            loyalty = g.objects[oid].counters.get("loyalty", 0)
            if (theirs if cs[oid].controller == me else mine) >= loyalty:
                return True
    return False


def raw_power(g: Game, player: str) -> int:
    """The combat damage ``player``'s creatures could deal in one attack if nothing blocked:
    those attacking and those untapped without defender (702.3b), double strike twice."""
    cs = g.all_chars()
    objs = g.objects
    out = 0
    for oid in g.battlefield:
        c = cs[oid]
        if c.controller != player or "Creature" not in c.types:
            continue
        o = objs[oid]
        if o.attacking is not None or (not o.tapped and "Defender" not in c.keywords):
            out += max(0, c.power or 0) * _hits(c.keywords)
    return out


def loyalty_rank(g: Game, me: str, ab: Ability | None) -> int | None:
    """Which of a planeswalker's loyalty abilities first (606.3: one a turn, at sorcery
    speed): one that creates a creature while an opponent's creatures could kill ``me``
    (0, a blocker), then one that adds loyalty (1), then the others (2, loyalty spent); None
    for an ability that is no loyalty ability."""
    cost = ab.cost.loyalty if ab is not None and ab.cost is not None else None
    if ab is None or cost is None:
        return None
    if any(e.op == "token" for e in _effects(ab)):
        life = g.players[me].life
        if any(raw_power(g, n) >= life for n in g.order if n != me and not g.players[n].lost):
            return 0
    if isinstance(cost, int) and cost > 0 or cost == "+X":
        return 1
    return 2


def helped(g: Game, me: str, top: Any) -> frozenset[Any]:
    """The opponents' objects that the spell or ability ``top`` (on the stack) targets to
    help them: removal cast in response makes it lose that target (608.2b)."""
    ab = top.ability if top.ability is not None else facts.spell_ability(top.card)
    if top.controller == me or ab is None:
        return frozenset()
    return frozenset(x for i, slot in enumerate(top.targets) if not hostile(ab, i)
                     for x in slot if isinstance(x, int) and g.controller_of(x) not in (None, me))


def harms(g: Game, me: str, top: Any) -> bool:
    """Does the spell or ability ``top`` (on the stack) harm ``me``: a harmful effect aimed at
    ``me`` or at what ``me`` controls, or one with no target (a sweeper, "each opponent")?"""
    ab = top.ability if top.ability is not None else facts.spell_ability(top.card)
    if ab is None:
        return False  # a permanent spell: it does nothing until it resolves (608.3)
    if not ab.targets:
        return any(e.op in HOSTILE for e in _effects(ab))
    return any(hostile(ab, i) and any(owner_side(g, x) == me for x in slot)
               for i, slot in enumerate(top.targets))


def keeps_counter(g: Game, me: str, ab: Ability, top: Any) -> bool:
    """At a low life (burn range), a counterspell that answers any spell waits out a spell that
    does not harm ``me`` while its caster could still cast another (the burn that would finish
    ``me``): 701.5a counters one spell only."""
    if g.players[me].life > BURN_RANGE or not any(e.op == "counter" for e in _effects(ab)):
        return False
    if ab.targets and (ab.targets[0].filter or {}).get("types"):
        return False  # it answers only some spells (a creature spell): nothing better to wait for
    return not harms(g, me, top) and can_respond(g, top.controller)


def can_respond(g: Game, player: str) -> bool:
    """Could ``player`` cast something now: a card in hand and an untapped source of mana
    (a land, 305.6, or a permanent with a mana ability that is not summoning sick, 302.6)?"""
    if not g.players[player].hand:
        return False
    cs = g.all_chars()
    objs = g.objects
    for oid in g.battlefield:
        c = cs[oid]
        o = objs[oid]
        if c.controller != player or o.tapped:
            continue
        if "Land" in c.types:
            return True
        if any(ab.kind == "mana" for ab in c.abilities) and not ("Creature" in c.types and o.sick):
            return True
    return False


def exposed(g: Game, me: str, ab: Ability | None, targets: Any) -> bool:
    """Would this harmful spell meet an answer it could wait out: a target of an opponent who
    could still respond (a pump, a counter)?"""
    if ab is None or not targets:
        return False
    for i, slot in enumerate(targets):
        if not hostile(ab, i):
            continue
        for x in slot:
            if isinstance(x, int) and x in g.objects and g.objects[x].zone == "battlefield":
                ctl = g.controller_of(x)
                if ctl is not None and ctl != me and can_respond(g, ctl):
                    return True
    return False


def target_damage(ab: Ability | None) -> int:
    """The fixed damage the ability deals its first target (0 when none or not fixed)."""
    if ab is None:
        return 0
    for e in _effects(ab):
        if e.op == "damage" and isinstance(e.args.get("amount"), int) and _refs_target(e.args, 0):
            return int(e.args["amount"])
    return 0


def thrifty(g: Game, me: str, acts: list[dict[str, Any]], o: dict[str, Any], a: dict[str, Any]) -> dict[str, Any]:
    """The same kill with the smallest damage spell that does it: when ``a`` casts a spell that
    deals fixed damage to one creature (120.3, lethal damage destroys it: 704.5g), another spell
    of ``acts`` no costlier that deals less damage, but still lethal damage, to the same target
    (114.1: it is among that spell's candidates) is cast instead, and the bigger one is kept for
    a bigger creature or for a player's last points."""
    if o["action"] != "cast" or not a.get("targets") or len(a["targets"]) != 1 or len(a["targets"][0]) != 1:
        return a
    t = a["targets"][0][0]
    dmg = target_damage(option_ability(g, o))
    if not dmg or not isinstance(t, int) or t not in g.objects or "Creature" not in g.chars(t).types:
        return a
    _p, left, kw = _stats(g, t)
    if "Indestructible" in kw or left > dmg:
        return a
    best: tuple[int, dict[str, Any]] | None = None
    for x in acts:
        if x is o or x["action"] != "cast" or len(x.get("targets") or ()) != 1 or t not in x["targets"][0] \
                or mana_value(g, x.get("card")) > mana_value(g, o.get("card")):
            continue
        ab = option_ability(g, x)
        d = target_damage(ab)
        if ab is None or len(ab.targets) != 1 or not left <= d < dmg:
            continue
        if best is None or d < best[0]:
            best = (d, x)
    if best is None:
        return a
    return build_answer(g, me, best[1], [[t]], kicked=bool(best[1].get("kicker")))


def pump_bonus(ab: Ability) -> tuple[int, int] | None:
    """The fixed +N/+N a spell gives its first target until end of turn (Giant Growth), if
    that is what it does."""
    for e in _effects(ab):
        if e.op == "pump" and _refs_target(e.args, 0):
            p, t = e.args.get("power", 0), e.args.get("toughness", 0)
            if isinstance(p, int) and isinstance(t, int) and p + t > 0:
                return p, t
    return None


def pump_target(g: Game, me: str, ab: Ability, cands: list[Any]) -> Any:
    """The creature a pump spell should go on now, or None to hold it: one of ours in a
    fight the pump turns (it would die and now lives, or its foe now dies: 510.1, 704.5g),
    else an unblocked attacker when the pump makes the unblocked damage lethal (510.1a)."""
    bonus = pump_bonus(ab)
    if bonus is not None and g.step == "declare_attackers" and g.active == me and _grants_flying(ab):
        return _lift_target(g, me, bonus[0], cands)
    if bonus is None or g.step != "declare_blockers":
        return None
    bp, bt = bonus
    objs = g.objects
    best: tuple[float, Any] | None = None
    unblocked = [i for i in g.battlefield if objs[i].attacking is not None and not objs[i].blocked
                 and g.controller_of(i) == me]
    for c in cands:
        if not isinstance(c, int) or c not in objs or g.controller_of(c) != me:
            continue
        o = objs[c]
        if o.blocking:
            foes = list(o.blocking)
        elif o.attacking is not None and o.blocked:
            foes = [b for b in g.battlefield if c in (objs[b].blocking or ())]
        else:
            foes = []
        score = 0.0
        if foes:
            pc, tc, kc = _stats(g, c)
            dt = any("Deathtouch" in _stats(g, f)[2] for f in foes)
            dies = any(kills(g, f, c) for f in foes)
            lives = not dt and sum(max(0, _stats(g, f)[0]) for f in foes) < tc + bt
            kills_more = any(not kills(g, c, f) and "Indestructible" not in _stats(g, f)[2]
                             and pc + bp >= _stats(g, f)[1] for f in foes)
            if (dies and lives) or kills_more:
                score = obj_value(g, c)
        elif c in unblocked and isinstance(o.attacking, str):
            def hits(a: int) -> int:  # 702.4b: double strike deals its damage twice
                return 2 if "Double strike" in _stats(g, a)[2] else 1
            dmg = sum(_stats(g, a)[0] * hits(a) for a in unblocked if objs[a].attacking == o.attacking)
            if dmg < g.players[o.attacking].life <= dmg + bp * hits(c):
                score = 100.0
        if score and (best is None or score > best[0]):
            best = (score, c)
    return best[1] if best is not None else None


def _grants_flying(ab: Ability) -> bool:
    return any(e.op == "grant" and "Flying" in (e.args.get("keywords") or ()) and _refs_target(e.args, 0)
               for e in _effects(ab))


def _lift_target(g: Game, me: str, bp: int, cands: list[Any]) -> Any:
    """Before blocks, the attacker a pump that gives flying (702.9b: only flying or reach
    blocks it) should go on: one the defender then could not block, when that makes the
    attack lethal (Mighty Leap over the wall)."""
    objs = g.objects
    for c in cands:
        if not isinstance(c, int) or c not in objs or g.controller_of(c) != me:
            continue
        victim = objs[c].attacking
        if not isinstance(victim, str):
            continue
        bl = _blockers_of(g, victim)
        if any("Flying" in _stats(g, b)[2] or "Reach" in _stats(g, b)[2] for b in bl if facts.can_block(g, b, c)):
            continue
        att = [a for a in g.battlefield if objs[a].attacking == victim]
        if through(g, att, bl, frozenset({c}), frozenset({c}), bp)[0] >= g.players[victim].life:
            return c
    return None


def alpha_lethal(g: Game, me: str, bonus: int, trample: bool) -> bool:
    """Would every creature ``me`` could attack with, each given ``bonus`` power (and trample),
    kill an opponent through their blockers now (``through``)?"""
    att = [a for a in g.battlefield if g.controller_of(a) == me and facts.can_attack(g, a)]
    if not att:
        return False
    for n in g.order:
        p = g.players[n]
        if n == me or p.lost:
            continue
        if through(g, att, _blockers_of(g, n), pumped=frozenset(att), bonus=bonus, trample=trample)[0] >= p.life:
            return True
    return False


def pump_saves(g: Game, me: str, ab: Ability, top: Any, cands: list[Any]) -> Any:
    """The creature of ours an opponent's damage spell or ability on the stack would kill and
    the pump saves (it resolves first, 608.1: the damage then is not lethal), or None. The
    damage counted is what every opponent's spell and ability on the stack deals it (405.5:
    they all resolve after the pump; two Shocks at a 3/3 kill it where one does not)."""
    if top.controller == me:
        return None
    bonus = pump_bonus(ab)
    if not damage_amount(top.ability if top.ability is not None else facts.spell_ability(top.card)) \
            or bonus is None:
        return None
    incoming: dict[Any, int] = {}
    for sid in g.stack:
        s = g.objects[sid]
        if s.controller == me:
            continue
        dmg = damage_amount(s.ability if s.ability is not None else facts.spell_ability(s.card))
        for x in {x for slot in s.targets for x in slot}:
            incoming[x] = incoming.get(x, 0) + dmg
    for c in cands:
        if c in incoming and isinstance(c, int) and g.controller_of(c) == me:
            _p, left, kw = _stats(g, c)
            if "Indestructible" not in kw and left <= incoming[c] < left + bonus[1]:
                return c
    return None


def hand_keep_value(g: Game, me: str, oid: int) -> float:
    """How much a card in hand is worth keeping (lands less once there are enough)."""
    c = g.objects[oid].card
    if "Land" in c.types:
        lands = sum(1 for i in g.battlefield if g.chars(i).controller == me and "Land" in g.chars(i).types)
        return 3.0 if lands < 4 else 0.5
    return card_value(c)


def mulligan_scry(g: Game, me: str, d: Decision) -> str:
    """103.4 (the scry after a mulligan): the top card goes to the bottom when the kept hand has
    enough of its kind: a land when the hand holds four lands or more (the draws should be
    spells), a spell when it holds one land or none (the next draws should be lands). The card
    is the one the decision shows this seat (``top``), not the game's library (a determinized
    copy's is redrawn)."""
    top = (d.data.get("top") or {}).get("name")
    if not top:
        return "top"
    try:
        land = "Land" in g.cards.definition(top).types
    except UnknownCard:  # a card the pool does not know: leave it
        return "top"
    lands = sum(1 for i in g.players[me].hand if "Land" in g.objects[i].card.types)
    if land and lands >= 4 or not land and lands <= 1:
        return "bottom"
    return "top"


def keepable(g: Game, me: str) -> bool:
    """103.4: keep a hand with a workable number of lands; always keep five cards or fewer."""
    hand = g.players[me].hand
    if len(hand) <= 5:
        return True
    lands = sum(1 for i in hand if "Land" in g.objects[i].card.types)
    return 2 <= lands <= 5 if len(hand) >= 7 else 1 <= lands <= 5


def assign_lethal_in_order(d: Decision) -> dict[Any, int]:
    """510.1c: lethal damage to each recipient in order, the rest to the last one."""
    power = d.options["power"]
    recips = d.options["recipients"]
    lethal = d.options.get("lethal", {})
    whole = d.options.get("as_unblocked")
    if whole is not None:  # "as though it weren't blocked" (510.1c): the blockers only if it kills them all
        recips = [x for x in recips if x != whole]
        if sum(lethal.get(x, power) for x in recips) > power:
            return {whole: power}
    out: dict[Any, int] = {}
    left = power
    for x in recips[:-1]:
        give = min(left, lethal.get(x, left))
        out[x] = give
        left -= give
    if recips:
        out[recips[-1]] = out.get(recips[-1], 0) + left
    return out


# ---------------------------------------------------------------- combat rules of thumb
def _hits(kw: frozenset[str]) -> int:
    return 2 if "Double strike" in kw else 1  # 702.4b: it deals combat damage twice


def through(g: Game, attackers: list[int], blockers: list[int], unblockable: frozenset[int] = frozenset(),
            pumped: frozenset[int] = frozenset(), bonus: int = 0, trample: bool = False) -> tuple[int, int]:
    """The damage ``attackers`` would deal the player they attack, and how many of them would
    go unblocked, when each of ``blockers`` blocks the biggest attacker it may (509.1a-b):
    menace needs two blockers (702.110b), trample pushes the excess over (702.19b), double
    strike hits twice (702.4b). ``unblockable`` are taken as unblockable, and ``pumped`` get
    ``bonus`` power (and trample with ``trample``): a trick not cast yet."""
    def dmg(a: int) -> int:
        p, _t, kw = _stats(g, a)
        return max(0, p + (bonus if a in pumped else 0)) * _hits(kw)
    order = sorted(attackers, key=dmg, reverse=True)
    free = list(blockers)
    total = unblocked = 0
    for a in order:
        kw = _stats(g, a)[2]
        able = [] if a in unblockable else [b for b in free if facts.can_block(g, b, a)]
        need = 2 if "Menace" in kw else 1
        if len(able) < need:
            total += dmg(a)
            unblocked += 1
            continue
        # the blockers that could stop the fewest of the others go first (a reach creature is
        # kept for the fliers)
        able.sort(key=lambda b: sum(1 for x in order if x != a and facts.can_block(g, b, x)))
        used = able[:need]
        for b in used:
            free.remove(b)
        if "Trample" in kw or (trample and a in pumped):
            total += max(0, dmg(a) - sum(max(0, _stats(g, b)[1]) for b in used))
    return total, unblocked


def _untapped_mana(g: Game, me: str) -> int:
    """The mana ``me`` could still make: untapped lands and mana abilities of permanents that
    are not summoning sick (302.6, 305.6), and the mana pool."""
    return sum(g.players[me].pool.values()) + untapped_mana(g, me)


def mass_pump(ab: Ability, attacking: bool = True) -> tuple[int, bool]:
    """The power a spell or ability gives each creature its controller attacks with until end
    of turn (``creatures you control get +N/+N``; with ``attacking``, ``attacking creatures
    get +N/+0`` too: 506.4, only once they attack), and whether it gives them trample too
    (Overrun)."""
    def each_of(e: Any) -> bool:
        what = e.args.get("what")
        each = what.get("each") if isinstance(what, dict) else None
        return isinstance(each, dict) and "Creature" in (each.get("types") or ()) \
            and (each.get("controller") == "you" and not each.get("attacking")
                 or attacking and bool(each.get("attacking")))
    power = 0
    trample = False
    for e in _effects(ab):
        if e.op == "pump" and isinstance(e.args.get("power"), int) and e.args["power"] > 0 and each_of(e):
            power = max(power, int(e.args["power"]))
        elif e.op == "grant" and "Trample" in (e.args.get("keywords") or ()) and each_of(e):
            trample = True
    return power, trample and power > 0


def _hits_players(ab: Ability) -> bool:
    """Can the ability's first target be a player (114.1: "any target", "target player")?"""
    if not ab.targets:
        return False
    f = ab.targets[0].filter or {}
    return bool(f.get("any") or f.get("player"))


def hand_reach(g: Game, me: str, unblocked: int, sorcery: bool) -> int:
    """The damage ``me``'s hand adds this turn with the mana it has untapped: burn at a player
    (120.3) and pumps on unblocked attackers (a single one, or each of ``unblocked``); only
    instants unless ``sorcery`` (307.1: a main phase with an empty stack)."""
    mana = _untapped_mana(g, me)
    gains: list[tuple[int, int]] = []
    for oid in g.players[me].hand:
        c = g.objects[oid].card
        if "Land" in c.types or not (sorcery or "Instant" in c.types or "Flash" in c.keywords):
            continue
        ab = facts.spell_ability(c)
        if ab is None:
            continue
        gain = damage_amount(ab) if _hits_players(ab) and hostile(ab, 0) else 0
        if unblocked:
            pb = pump_bonus(ab) if ab.targets else None
            gain = max(gain, pb[0] if pb is not None else 0, mass_pump(ab)[0] * unblocked)
        if gain > 0:
            gains.append((gain, mana_value(g, oid)))
    gains.sort(key=lambda x: x[0] / max(1, x[1]), reverse=True)
    out = 0
    for gain, cost in gains:
        if cost <= mana:
            mana -= cost
            out += gain
    return out


def _blockers_of(g: Game, player: str) -> list[int]:
    cs = g.all_chars()
    return [b for b in g.battlefield if cs[b].controller == player and "Creature" in cs[b].types
            and not g.objects[b].tapped]


def sure_damage(g: Game, me: str, victim: str) -> int:
    """The combat damage ``me`` can count on dealing ``victim`` this turn whatever they block
    (``through``): before the attack, from the creatures that could attack; once attackers are
    declared, from those attacking that player; once blockers are declared, from the unblocked
    ones (510.1a). Nothing on another player's turn or after combat damage."""
    if g.active != me:
        return 0
    objs = g.objects
    if g.step in ("untap", "upkeep", "draw", "main1", "beginning_of_combat"):
        return through(g, [a for a in g.battlefield if g.controller_of(a) == me and facts.can_attack(g, a)],
                       _blockers_of(g, victim))[0]
    att = [a for a in g.battlefield if objs[a].attacking == victim]
    if g.step == "declare_attackers":
        return through(g, att, _blockers_of(g, victim))[0]
    if g.step in ("declare_blockers", "first_strike_damage"):
        return through(g, [a for a in att if not objs[a].blocked], [])[0]
    return 0


def quick_attacks(g: Game, me: str, o: dict[str, Any]) -> dict[Any, Any]:
    """Attackers no untapped enemy creature punishes, or everything when that is lethal; with
    several opponents (506.1, 508.1b: each attacker attacks one player or planeswalker), at the
    one this attack hurts most (a lethal one first, then the most damage for its life). When
    the player does not die, the attackers that kill a planeswalker whatever is blocked go at
    it (306.7: damage to a planeswalker removes loyalty; 704.5i)."""
    targets = o["targets"]
    players = [t for t in targets if isinstance(t, str)]
    if len(players) <= 1:
        out = _attacks_at(g, me, o, players[0] if players else targets[0])
    else:
        best: tuple[float, dict[Any, Any]] | None = None
        for p in players:
            out = _attacks_at(g, me, o, p)
            dealt = through(g, list(out), _blockers_of(g, p))[0]
            life = max(1, g.players[p].life)
            score = (1000.0 if dealt >= life else 0.0) + dealt / life
            if best is None or score > best[0]:
                best = (score, out)
        assert best is not None
        out = best[1]
    return _at_walkers(g, me, o, out)


def _at_walkers(g: Game, me: str, o: dict[str, Any], out: dict[Any, Any]) -> dict[Any, Any]:
    """``out`` with the attackers that surely finish an opponent's planeswalker sent at it,
    unless the attack kills the player it is aimed at."""
    walkers = [t for t in o["targets"] if isinstance(t, int) and t in g.objects]
    if not walkers or not out:
        return out
    only = o.get("targets_of", {})
    for pw in sorted(walkers, key=lambda w: -g.objects[w].counters.get("loyalty", 0)):
        ctl = g.controller_of(pw)
        if ctl is None:
            continue
        at_player = [a for a, t in out.items() if t == ctl]
        life = g.players[ctl].life
        bl = _blockers_of(g, ctl)
        if through(g, at_player, bl)[0] + hand_reach(g, me, 1, False) >= life:
            continue  # the player dies: no attacker is spared for the planeswalker
        loyalty = g.objects[pw].counters.get("loyalty", 0)
        sent: list[int] = []
        for a in sorted(at_player, key=lambda a: _stats(g, a)[0]):
            if a in only and pw not in only[a]:
                continue
            # the smallest attacker that finishes it alone, else the smallest ones together
            if through(g, [a], bl)[0] >= loyalty:
                sent = [a]
                break
        if not sent:
            for a in sorted(at_player, key=lambda a: _stats(g, a)[0]):
                if a in only and pw not in only[a]:
                    continue
                sent.append(a)
                if through(g, sent, bl)[0] >= loyalty:
                    break
            else:
                sent = []
        for a in sent:
            out[a] = pw
    return out


def _attacks_at(g: Game, me: str, o: dict[str, Any], target: Any) -> dict[Any, Any]:
    """The attack of ``quick_attacks`` at one player (or planeswalker)."""
    opp = target if isinstance(target, str) else g.controller_of(target)
    blockers = _blockers_of(g, opp) if opp is not None else []
    must = set(o.get("must", ()))
    only = o.get("targets_of", {})  # 508.1c: creatures that may attack only some targets
    avail = [a for a in o["attackers"] if a not in only or target in only[a]]
    out: dict[Any, Any] = {}
    for a in avail:
        if a in must:
            out[a] = target
            continue
        able = [b for b in blockers if facts.can_block(g, b, a)] if blockers else []
        if not able:
            out[a] = target
            continue
        punished = any(kills_in_fight(g, b, a) and survives(g, b, a) for b in able)
        trades = [b for b in able if kills_in_fight(g, b, a)]
        va = obj_value(g, a)
        if not punished and not any(obj_value(g, b) < va * 0.8 for b in trades):
            out[a] = target
    # all in when the total is lethal even if the blockers stop the biggest attackers, counting
    # the burn and pumps in hand that the untapped mana pays for
    if isinstance(target, str):
        life = g.players[target].life
        dealt, unblocked = through(g, avail, blockers)
        if dealt + hand_reach(g, me, unblocked, False) >= life:
            out = {a: target for a in avail}
        else:
            out = hold_back(g, me, out, must)
    if len(out) == 1 and next(iter(out)) in o.get("not_alone", ()) and not must:
        out = {}
    return out


def crack_back(g: Game, me: str, attacking: Any) -> int:
    """The damage the opponents' creatures could deal ``me`` in their next attacks when
    ``attacking`` attack now: they stay tapped through the opponents' turns (302.6, 502.2: a
    permanent untaps in its controller's untap step) unless they have vigilance (702.20b), and
    ``me``'s other untapped creatures block (``through``). Every creature of an opponent may
    attack then (302.6: it will have been under its control since that turn began), except
    one with defender (702.3b)."""
    cs = g.all_chars()
    objs = g.objects
    mine: list[int] = []
    theirs: dict[str, list[int]] = {}
    for x in g.battlefield:
        c = cs[x]
        if "Creature" not in c.types:
            continue
        if c.controller == me:
            if not objs[x].tapped and (x not in attacking or "Vigilance" in c.keywords):
                mine.append(x)
        elif c.controller is not None and not g.players[c.controller].lost and "Defender" not in c.keywords:
            theirs.setdefault(c.controller, []).append(x)
    return sum(through(g, xs, mine)[0] for xs in theirs.values())


def hold_back(g: Game, me: str, out: dict[Any, Any], must: set[Any]) -> dict[Any, Any]:
    """``out`` without the attackers that must stay home to block: while the counterattack
    (``crack_back``) would kill ``me`` (104.3a, 704.5a) and keeping every attacker home would
    not, the attacker whose staying home lowers it most stays home (the smaller attacker on a
    tie), until it is not lethal. An attack that cannot stop a lethal counterattack anyway (a
    race) is left as it is."""
    life = g.players[me].life
    if not out or crack_back(g, me, out) < life or crack_back(g, me, must) >= life:
        return out
    out = dict(out)
    while crack_back(g, me, out) >= life:
        home = [a for a in out if a not in must]
        if not home:
            break
        a = min(home, key=lambda a: (crack_back(g, me, {x: t for x, t in out.items() if x != a}),
                                     _stats(g, a)[0], a))
        del out[a]
    return out


def no_chumps(g: Game, blocks: dict[Any, list[Any]], o: dict[str, Any]) -> dict[Any, list[Any]]:
    """``blocks`` without the blocks that only lose the blocker (it dies and kills nothing,
    510.1-704.5g), except the blocks the declaration requires (509.1c)."""
    must = o.get("must", {})
    out = {b: As for b, As in blocks.items()
           if b in must or not As or kills_in_fight(g, b, As[0]) or survives(g, b, As[0])}
    if len(out) == 1 and next(iter(out)) in o.get("not_alone", ()):
        out = {}
    return out


def quick_blocks(g: Game, me: str, o: dict[str, Any]) -> dict[Any, list[Any]]:
    """Blocks that kill and survive, then even trades, then chump blocks while the damage
    left unblocked would be lethal (509.1)."""
    opts: dict[Any, list[Any]] = o["blockers"]
    must = o.get("must", {})
    one = set(o.get("max_one", ()))
    out: dict[Any, list[Any]] = {}
    used: set[Any] = set()
    for b, As in must.items():
        out[b] = [As[0]]
        used.add(b)
    attackers = sorted({a for As in opts.values() for a in As}, key=lambda a: -_stats(g, a)[0])
    blocked: set[Any] = {As[0] for As in out.values()}
    for a in attackers:
        if a in blocked and a in one:
            continue
        free = [b for b, As in opts.items() if b not in used and a in As]
        good = [b for b in free if kills_in_fight(g, b, a) and survives(g, b, a)]
        if good:
            b = min(good, key=lambda b: obj_value(g, b))
        else:
            wall = [b for b in free if survives(g, b, a)]
            trade = [b for b in free if kills_in_fight(g, b, a) and obj_value(g, b) <= obj_value(g, a) * 1.1]
            if wall:
                b = min(wall, key=lambda b: obj_value(g, b))
            elif trade:
                b = min(trade, key=lambda b: obj_value(g, b))
            else:
                continue
        out[b] = [a]
        used.add(b)
        blocked.add(a)
    life = g.players[me].life
    # 510.1a: unblocked attackers deal their damage to the player (trample pushes some through)
    def incoming() -> int:
        return sum(_stats(g, a)[0] * (2 if "Double strike" in _stats(g, a)[2] else 1)
                   for a in attackers if a not in blocked and g.objects[a].attacking == me)
    for a in attackers:
        if incoming() < life:
            break
        if a in blocked or g.objects[a].attacking != me:
            continue
        free = [b for b, As in opts.items() if b not in used and a in As]
        if free:
            b = min(free, key=lambda b: obj_value(g, b))
            out[b] = [a]
            used.add(b)
            blocked.add(a)
    block_wanted(out, o)  # 509.1c
    if len(out) == 1 and next(iter(out)) in o.get("not_alone", ()):
        out = {}
    return out
