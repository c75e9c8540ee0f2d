"""A bot that picks uniformly among the legal answers of every decision (issue 3).

Where an answer is a combination (attackers, blockers, targets), it builds a random
legal one choice by choice. It uses only ``decision.options``, as any client would.
"""
from __future__ import annotations

import random
from typing import Any

from engine.state import Decision


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def answer(self, d: Decision) -> Any:
        r = self.rng
        if d.forced is not None:
            return d.forced
        k = d.kind
        if k == "manual":
            return {"action": "done"}  # a bot does nothing by hand
        if k == "priority":
            return self._priority(d.options)
        if k in ("mulligan", "mulligan_bottom", "play_first"):
            return r.choice(d.options)
        if k == "attackers":
            targets = d.options["targets"]
            must = set(d.options.get("must", ()))  # 508.1d: these attack if able
            return {"attackers": {a: r.choice(targets) for a in d.options["attackers"]
                                  if a in must or r.random() < 0.5}}
        if k == "blockers":
            out: dict[int, list[int]] = {}
            for b, atk in d.options["blockers"].items():
                pick = r.randrange(len(atk) + 1)
                if pick < len(atk):
                    out[b] = [atk[pick]]
            return {"blockers": out}
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
            return {"targets": self._targets(d.options["targets"], d.options["target_counts"])}
        if k in ("choose_cards",):
            lo, hi = d.data.get("min", 0), d.data.get("max", 0)
            n = r.randint(lo, min(hi, len(d.options)))
            return {"cards": r.sample(list(d.options), n)}
        if k == "discard_to_hand_size":
            return {"cards": r.sample(list(d.options), d.data["n"])}
        if k == "legend_rule":
            return {"cards": [r.choice(d.options)]}
        if k == "choose_option":
            return {"option": r.choice(d.options)}
        if k == "choose_number":
            return {"number": r.randint(d.data.get("min", 0), d.data.get("max", 0))}
        raise ValueError(f"the random bot cannot answer {k}")

    def _targets(self, cands: list[list[Any]], counts: list[list[int]]) -> list[list[Any]]:
        out = []
        for c, (lo, hi) in zip(cands, counts):
            n = self.rng.randint(lo, min(hi, len(c)))
            out.append(self.rng.sample(c, n))
        return out

    def _priority(self, options: list[dict[str, Any]]) -> dict[str, Any]:
        o = self.rng.choice(options)
        a = {k: v for k, v in o.items() if k in ("action", "card", "ability", "alt")}
        if o.get("kicker") and self.rng.random() < 0.5:
            a["kicked"] = True
        if "targets" in o:
            a["targets"] = self._targets(o["targets"], o["target_counts"])
        if o.get("x"):
            a["x"] = self.rng.randint(0, min(3, o.get("x_max", 3)))
        if "choose" in o:
            a["modes"] = sorted(self.rng.sample(range(len(o["modes"])), o["choose"]))
        return a

    def _assign(self, d: Decision) -> dict[Any, int]:
        """Lethal damage to each in order (a random amount more at most), the rest to the last."""
        power = d.options["power"]
        recips = d.options["recipients"]
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
