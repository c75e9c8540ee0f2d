"""Time travel, forage and learn (later keyword actions).

Time travel (Doctor Who, 2023): "For each suspended card you own and each permanent you control with a time
counter on it, you may add or remove a time counter." The player chooses the objects that get one more time
counter, then, among the others, those that lose one; removing the last time counter of a suspended card
triggers its cast (702.61a), of a permanent its "last time counter" triggers (702.62a, vanishing).

Forage (Bloomburrow, 2024): "exile three cards from your graveyard or sacrifice a Food." As an action the
player chooses which, when both are possible; when neither is, they cannot forage, and an effect that
says "If you do" or "When you do" does nothing more (r["did"] is False).

Learn (Strixhaven, 2021): "You may reveal a Lesson card you own from outside the game and put it into your hand,
or discard a card to draw a card." The cards a player owns outside the game are their sideboard
(Player.sideboard, given to Game.new); the revealed Lesson is shown to every player (a log event) and becomes a
card in their hand.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine import cast_options, triggers
from engine.actions import discard, sacrifice
from engine.cards.abilities import Effect
from engine.ops import nested
from engine.ops.actions import ACTION_CAN, action
from engine.ops.base import table
from engine.state import create_object
from engine.values import controller

if TYPE_CHECKING:
    from engine.game import Game

OPS, op = table()


def _time_counters(g: "Game", player: str) -> list[int]:
    """The suspended cards ``player`` owns and the permanents they control with a time counter on them."""
    mine = [i for i in g.players[player].exile if cast_options.suspended(g, i)]
    return mine + [i for i in g.battlefield if g.chars(i).controller == player and g.objects[i].counters.get("time")]


@action("time_travel")
def _time_travel(g: "Game", r: dict, e: Effect) -> dict | None:
    p = controller(g, r)
    opts = _time_counters(g, p)
    if not opts:
        return None
    add = nested.answer(r, "time_add")
    if add is None:
        return nested.ask_cards(r, "time_add", p, opts, 0, len(opts), "time travel: add a time counter to")
    rest = [i for i in opts if i not in add]
    less = nested.answer(r, "time_remove") if rest else []
    if less is None:
        return nested.ask_cards(r, "time_remove", p, rest, 0, len(rest), "time travel: remove a time counter from")
    for i in add:
        o = g.objects[i] = g.objects[i].copy()  # off the battlefield an object is replaced, never changed in place
        o.counters["time"] = o.counters.get("time", 0) + 1
    for i in less:
        o = g.objects[i] = g.objects[i].copy()
        o.counters["time"] -= 1
        triggers.counters_removed(g, i, "time", 1)
        if o.counters["time"] == 0:
            del o.counters["time"]
            # 702.61a: a suspended card's cast; 702.62a: "when the last time counter is removed from this permanent"
            triggers.last_time_counter_removed(g, i)
    g.log("time_travel", player=p, added=len(add), removed=len(less))
    g.changed()
    return None


def _foods(g: "Game", player: str) -> list[int]:
    return [i for i in g.battlefield if g.chars(i).controller == player and "Food" in g.chars(i).subtypes]


def can_forage(g: "Game", player: str, e: Effect) -> bool:
    """Can ``player`` forage: three cards in their graveyard, or a Food to sacrifice?"""
    return len(g.players[player].graveyard) >= 3 or bool(_foods(g, player))


ACTION_CAN["forage"] = can_forage


@action("forage")
def _forage(g: "Game", r: dict, e: Effect) -> dict | None:
    p = controller(g, r)
    grave, foods = list(g.players[p].graveyard), _foods(g, p)
    ways = (["exile three cards from your graveyard"] if len(grave) >= 3 else []) + (["sacrifice a Food"] if foods
                                                                                      else [])
    r["did"] = False
    if not ways:
        return None
    how = nested.answer(r, "forage")
    if how is None:
        if len(ways) > 1:
            return {"kind": "choose_option", "player": p, "options": ways, "slot": nested.slot(r, "forage"),
                    "prompt": "forage: exile three cards from your graveyard or sacrifice a Food"}
        how = ways[0]
    pick = nested.answer(r, "forage_pick")
    if pick is None and how.startswith("exile"):
        return nested.ask_cards(r, "forage_pick", p, grave, 3, 3, "forage: exile three cards from your graveyard")
    if pick is None:
        pick = nested.choose_one(r, "forage_pick", p, foods, "forage: sacrifice a Food")
        if isinstance(pick, dict):
            return pick
    for i in pick:
        if how.startswith("exile"):
            g.move(i, "exile")
        else:
            sacrifice(g, i)  # 701.14a, with its event
    r["did"] = True
    g.log("forage", player=p)
    g.changed()
    return None


#: learn's other choices (with "Lesson: NAME" for each Lesson card in the sideboard)
RUMMAGE = "discard a card, then draw a card"
NOTHING = "do nothing"


@action("learn")
def _learn(g: "Game", r: dict, e: Effect) -> dict | None:
    p = controller(g, r)
    pl = g.players[p]
    lessons = sorted({n for n in pl.sideboard if "Lesson" in g.cards.definition(n).subtypes})
    opts = [f"Lesson: {n}" for n in lessons] + ([RUMMAGE] if pl.hand else []) + [NOTHING]
    how = nested.answer(r, "learn")
    if how is None:
        if len(opts) > 1:
            return {"kind": "choose_option", "player": p, "options": opts, "slot": nested.slot(r, "learn"),
                    "prompt": "learn: a Lesson card from outside the game, or discard a card to draw a card"}
        how = NOTHING
    if how == NOTHING:
        return None
    if how == RUMMAGE:
        pick = nested.choose_one(r, "learn_discard", p, list(pl.hand), "learn: discard a card")
        if isinstance(pick, dict):
            return pick
        key = nested.slot(r, "learn_discarded")
        if not r.get(key):
            discard(g, pick[0])  # 701.7a, with its event; once, though the draw may ask (dredge, 702.51a)
            r[key] = True
        return nested.run(g, r, "learn_draw", [Effect("draw", {"who": "you", "amount": 1})])
    name = str(how)[len("Lesson: "):]
    pl.sideboard.remove(name)
    o = create_object(g, g.cards.definition(name), p, "hand")
    pl.hand.append(o.id)
    g.log("reveal", player=p, cards=[name], objs=[o.id])  # revealed to every player
    g.log("learn", player=p, card=name)
    g.changed()
    return None
