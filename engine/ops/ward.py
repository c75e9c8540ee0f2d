"""Ward: not in the 2016 rules (introduced by Strixhaven, 2021; today's 702.21).

"Ward [cost]" means "Whenever this permanent becomes the target of a spell or ability an
opponent controls, counter that spell or ability unless its controller pays [cost]." The
compiler expands the keyword into that triggered ability (event becomes_target_opponent);
this op is its effect: the spell or ability is the one whose targeting made the ability
trigger (the event's "by"), and its controller chooses whether to pay. Mana and life costs
are carried out (701.5 counter; 117.3: a cost that cannot be paid is not offered; 118.4 in
2016: paying life).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine import player_statics, triggers
from engine.actions import lose_life, plan_to_graveyard
from engine.cards.abilities import Effect
from engine.object_statics import cant_be_countered
from engine.ops import nested
from engine.ops.base import table
from engine.payment import can_afford, pay_mana
from engine.values import Ctx, amount, source_id, this

if TYPE_CHECKING:
    from engine.game import Game

OPS, op = table()


@op("ward")
def _ward(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """Counter the spell or ability that targeted the ward permanent unless its controller pays."""
    x = this(g, r).trigger_info.get("by")
    if not isinstance(x, int) or x not in g.objects or g.objects[x].zone != "stack":
        return None   # it already left the stack: nothing to counter
    t = g.objects[x]
    payer = t.controller
    mana = tuple(e.args.get("mana", ()))
    want = e.args.get("life", 0)  # "Pay life equal to SELF's power": counted now (608.2h)
    life = max(0, amount(g, want, source_id(g, r), r)) if isinstance(want, dict) else int(want)
    if (mana or life or isinstance(want, dict)) and (not mana or can_afford(g, payer, mana)) \
            and player_statics.can_pay_life(g, payer, life):  # (life equal to a power of 0: 0 life, 119.4)
        # (no cost of its own: the "unless" around it asked for an action, "unless its controller discards a card")
        got = nested.answer(r, "unless")  # an "[A] unless [B]" answer (716.6: engine/loops.py)
        if got is None:
            what = "".join("{" + s + "}" for s in mana) + (f" and {life} life" if mana and life else
                                                            f"{life} life" if life or "life" in e.args else "")
            return nested.ask_yes_no(r, "unless", payer, f"pay {what} or {t.card.name} is countered (ward)?")
        if got == "yes":
            if mana:
                pay_mana(g, payer, mana, set())
            if life:
                lose_life(g, payer, life, paid=True)
            return None
    if cant_be_countered(g, x):
        g.log("not_countered", card=t.card.name)
        return None
    if t.ability is not None:
        g.stack.remove(x)
        del g.objects[x]
        g.changed()
    else:
        plan_to_graveyard(g, [x])
        g.move(x, "graveyard")
        triggers.event(g, {"event": "counters_spell", "player": this(g, r).controller})  # 701.5a (objects.py)
    g.log("countered", card=t.card.name)
    return None
