"""Taking shortcuts (CR 716.1-716.2): a loop of optional actions repeated a named number of times.

716.1b: when a set of actions could be repeated indefinitely, the shortcut rules say how many
times they are repeated without performing each one by hand, and how the loop is broken. A
player with priority proposes one (716.2a) by adding ``repeat: N`` to a cast or activate
answer: "I take this action N times; each time every player passes priority whenever they
receive it, until I have priority again with the stack as it is now". (The example of 716.2a:
Presence of Gond's token ability with Intruder Alarm, "I'll create N tokens".)

716.2b: each other player still in the game, in turn order starting after the proposer, then
accepts or shortens it: a ``choose_number`` from 0 to the repetitions still proposed. The
largest number accepts; a smaller one, k, says "k repetitions, and in the next one I do
something other than passing the first time I receive priority": that place becomes the new
ending point.

716.2c: the shortcut is then taken. Each repetition is carried out as the proposal described,
answer by answer (the game's own code does every step: costs, triggers, state-based actions;
a card cast again after it changed zones is found again as its new object, 400.7);
a decision with a single answer is answered so. It ends early, with the player to act holding
the decision, where it stops being the proposal: the action has become illegal (a target
gone, a cost that cannot be paid), or someone has a choice the proposal does not describe (a
shortcut contains no conditional actions, 716.2a). When it was shortened, the player who then
has priority must make a game choice other than passing (716.2c); a player with no other legal
action may still pass.

A proposal may name at most ``MOST`` repetitions (the engine carries out every one of them).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import casting, seats
from engine.errors import IllegalAction

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Decision

#: the most repetitions one proposal may name: every one is carried out, object by object
MOST = 1000

#: the priority actions a shortcut may repeat (716.2a: a sequence of game choices)
REPEATABLE = ("cast", "activate")


def priority(g: "Game", d: "Decision", a: dict[str, Any]) -> bool:
    """Before a priority answer is carried out: 716.2c refuses passing to the player who
    shortened a shortcut (while they have another action), and ``repeat`` proposes a shortcut
    (716.2a). True when the answer was taken here (a proposal)."""
    sc = g.shortcut
    if sc.get("must") == d.player:
        if a.get("action") == "pass" and any(o.get("action") != "pass" for o in d.options):
            raise IllegalAction("716.2c: you shortened the shortcut to act here: make a game choice other "
                                "than passing")
        g.shortcut = {}
    if "repeat" not in a:
        return False
    propose(g, d.player, a)
    return True


def propose(g: "Game", player: str, a: dict[str, Any]) -> None:
    """716.2a: ``player`` proposes to take ``a`` (without its ``repeat``) ``a["repeat"]`` times, every
    player passing in between; 716.2b: each other player in turn order is asked next."""
    n = a.get("repeat")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MOST:
        raise IllegalAction(f"repeat: a number of repetitions from 1 to {MOST} (716.2a)")
    if a.get("action") not in REPEATABLE:
        raise IllegalAction("716.2a: a shortcut repeats casting a spell or activating an ability")
    do = {k: v for k, v in a.items() if k != "repeat"}
    # 716.2a: a sequence that may legally be taken: its first action is tried on a copy of the game
    casting.priority_action(g.copy(), player, dict(do))
    i = g.order.index(player)
    ask = [p for p in g.order[i + 1:] + g.order[:i] if p in seats.live(g)]
    oid = do.get("card")
    card = g.objects.get(oid) if isinstance(oid, int) else None
    g.shortcut = {"by": player, "do": do, "full": n, "stop": None, "done": 0, "depth": len(g.stack), "ask": ask,
                  "uid": card.uid if card is not None else None, "zone": card.zone if card is not None else None}
    g.log("shortcut", player=player, action=do.get("action"), times=n)
    _ask_next(g)


def _ask_next(g: "Game") -> None:
    """716.2b: the next player asked, or (716.2c) the shortcut is taken: the proposer holds priority."""
    sc = g.shortcut
    if sc["ask"]:
        p = sc["ask"][0]
        n = sc["full"]
        g.wait = {"kind": "choose_number", "player": p, "options": list(range(n + 1)), "min": 0, "max": n,
                  "answer_to": "shortcut",
                  "prompt": f"{sc['by']} proposes to {sc['do'].get('action')} {n} times, everyone passing in "
                            f"between (716.2a): {n} accepts; a smaller number k lets k happen, then you act "
                            f"the first time you receive priority in the next one (716.2b)"}
    else:
        g.wait = None
        g.priority = sc["by"]
        g.passes = 0


def answer(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """716.2b: a player accepts the proposal (the largest number) or shortens it to k repetitions,
    acting in the next one."""
    sc = g.shortcut
    k = a.get("number")
    k = int(k) if isinstance(k, str) and k.isdigit() else k
    if not isinstance(k, int) or k not in d.options:
        raise IllegalAction(f"choose a number from 0 to {sc['full']}")
    sc["ask"] = sc["ask"][1:]
    if k < sc["full"]:
        sc["full"], sc["stop"] = k, d.player
        g.log("shortcut_shortened", player=d.player, times=k)
    _ask_next(g)


def drive(g: "Game") -> bool:
    """716.2c: with a shortcut being taken and the game waiting (``g.wait``), answer the wait as the
    proposal says. True when it was answered here (the game goes on); False when the player
    decides: the proposal is still being answered, or the shortcut has ended here."""
    sc = g.shortcut
    if "by" not in sc or sc["ask"]:
        return False
    w = g.wait
    assert w is not None
    d = g._decision()
    if "for" in d.data:  # 712.5: a controlled player's decisions are no part of the proposal
        _end(g)
        return False
    if w["kind"] == "priority":
        p = w["player"]
        times = sc["full"] + (1 if sc["stop"] is not None else 0)
        if p == sc["by"] and len(g.stack) == sc["depth"]:
            if sc["done"] >= times:
                _end(g)  # the ending point: the proposer has priority again
                return False
            sc["done"] += 1
            _find_card(g, sc)
            snapshot = g._snapshot(derived=True)  # a cast or activation may be refused halfway (Game.submit)
            try:
                g._answer(d, sc["do"])
            except IllegalAction:
                g._restore(snapshot)
                g.wait = w
                _end(g)  # the action is no longer legal: the loop is broken here
                return False
            return True
        if p == sc["stop"] and sc["done"] >= times:
            g.log("shortcut_end", done=sc["done"])
            g.shortcut = {"must": p}  # 716.2c: the player who shortened it acts here
            return False
        g._answer(d, {"action": "pass"})
        return True
    if d.forced is not None:
        g._answer(d, d.forced)
        return True
    _end(g)  # a choice the proposal does not describe (716.2a: no conditional actions)
    return False


def _find_card(g: "Game", sc: dict[str, Any]) -> None:
    """400.7: a card that changed zones is a new object; the proposal names the physical card, so a
    spell cast again from the hand it returned to (buyback, 702.26a) is that card's new object."""
    o = g.objects.get(sc["do"].get("card"))
    if sc["uid"] is None or o is not None and o.uid == sc["uid"] and o.zone == sc["zone"]:
        return
    for oid, o in g.objects.items():
        if o.uid == sc["uid"] and o.zone == sc["zone"]:
            sc["do"] = {**sc["do"], "card": oid}
            return


def _end(g: "Game") -> None:
    g.log("shortcut_end", done=g.shortcut.get("done", 0))
    g.shortcut = {}
