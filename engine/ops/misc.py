"""pay, unless, exchange_control, win_game, lose_game, reveal, emblem, extra_turn (500.7).

Also "may" (608.2d), which knows "you may pay {1}. If you do, ...":
a player can't choose to pay a cost they can't pay (CR 117.3 / 601.2h), so when a "pay"
among the optional effects is unpayable the answer is "no" without asking.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from engine import knowledge, player_statics, seats
from engine.actions import add_effect, energy, lose_life, pay_energy
from engine.cards.abilities import Ability, CardDef, Effect
from engine.extra_phases import add_combat_after_this_combat, add_combat_after_this_main, add_step_after_this_step
from engine.filters import matches
from engine.mana import substitute_x
from engine.ops import nested
from engine.ops.actions import ACTION_CAN
from engine.ops.base import ask_cards, table
from engine.payment import can_afford, pay_mana
from engine.state import create_object
from engine.tapping import untap
from engine.values import Ctx, amount, amount_for, controller, names_that_player, refs, source_id, this

if TYPE_CHECKING:
    from engine.game import Game

OPS, op = table()


@op("tempt")
def _tempt(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """Tempting offer (Commander 2013, an ability word): each opponent in turn order (101.4) may do what the
    instruction says, as its doer ("create a token", "search your library": theirs); then what follows is done once
    for each opponent who did. The offer runs with the opponent as "you" (the resolving object's controller for those
    instructions only, put back at once, whatever they ask)."""
    s = this(g, r)
    you = s.controller
    opps = seats.opponents(g, you)
    took = 0
    for k, p in enumerate(opps):
        able = r.setdefault("tempt_able", {})  # (decided once, before anything of the offer is done)
        key = nested.slot(r, f"tempt{k}")
        if key not in able:
            able[key] = _can_take(g, r, p, e.args["effects"])
        if not able[key]:
            continue  # "for each opponent who does": one who can't do it can't accept (no card to return)
        got = nested.answer(r, f"tempt{k}")
        if got is None:
            return {"kind": "choose_option", "player": p, "options": ["yes", "no"], "slot": nested.slot(r, f"tempt{k}"),
                    "prompt": f"{s.card.name}: accept the offer? (each opponent who does gives {you} the same)"}
        if got not in ("yes", True):
            continue
        took += 1
        w = _as_doer(g, r, p, f"offer{k}", e.args["effects"])
        if w is not None:
            return w
    for j in range(took):
        w = nested.run(g, r, f"then{j}", _fresh(e.args["then"], f"then{j}"))
        if w is not None:
            return w
    return None


def _fresh(x: Any, tag: str) -> Any:
    """The instructions of one run of a repeated part (each opponent's offer, each "for each opponent who does"):
    a card chosen in one run is not the answer of another (engine/values.py chosen_refs keys a choice by its
    reference), so each "choose" reference is marked with the run."""
    if isinstance(x, Effect):
        return Effect(x.op, _fresh(x.args, tag))
    if isinstance(x, dict):
        out = {k: _fresh(v, tag) for k, v in x.items()}
        if "choose" in x:
            out["run"] = tag
        return out
    if isinstance(x, list):
        return [_fresh(v, tag) for v in x]
    return x


def _as_doer(g: "Game", r: Ctx, p: str, tag: str, effects: list[Effect]) -> dict | None:
    """One run (``tag``) of instructions ``p`` carries out as their doer: "you" in them is ``p`` (the resolving
    object's controller for those instructions only, put back at once, whatever they ask: tempting offer, 303.4's
    Curses). The wait of a choice they ask, or None."""
    s = this(g, r)
    you = s.controller
    s.controller = p
    try:
        return nested.run(g, r, tag, _fresh(effects, tag))
    finally:
        s.controller = you


def _can_take(g: "Game", r: Ctx, p: str, effects: list[Effect]) -> bool:
    """Can ``p`` carry out a tempting offer? Not one that moves a card of their choice from a zone of theirs with
    none there ("Each opponent may return a creature card from their graveyard to the battlefield")."""
    src = source_id(g, r)
    for x in effects:
        what = x.args.get("what") if x.op == "move" else None
        f = what.get("choose") if isinstance(what, dict) else None
        if isinstance(f, dict) and f.get("zone") in ("graveyard", "hand", "exile") and f.get("owner") == "you" \
                and not any(matches(g, i, f, src, p) for i in g.players[p].zone(f["zone"])):
            return False
    return True


@op("as_player")
def _as_player(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """"That attacking player may create a token", "each opponent attacking that player does the same" (the Curses,
    303.4): each player ``who`` names (only an opponent of the controller with ``opponents``) carries out the
    instructions as their doer ("you" is that player for them: the resolving object's controller for those only, put
    back at once, whatever they ask)."""
    s = this(g, r)
    you = s.controller
    players = [p for p in refs(g, r, e.args["who"]) if isinstance(p, str) and p in g.players and not g.players[p].lost
               and (not e.get("opponents") or p in seats.opponents(g, you))]
    for k, p in enumerate(players):
        w = _as_doer(g, r, p, f"as{k}", e.args["effects"])
        if w is not None:
            return w
    return None


@op("vote")
def _vote(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """701.29a: each player still in the game, starting with the controller and in turn order, votes for one of the
    choices (701.29b: words connected to effects); the votes are public. The tally is kept in the resolution record
    (``votes``: choice -> number) for what follows ("for each death vote", "if grace gets more votes")."""
    you = controller(g, r)
    live = seats.live(g)
    i = live.index(you) if you in live else 0
    voters = live[i:] + live[:i]
    if "filter" in e.args:
        return _vote_objects(g, r, e, voters)
    choices = list(e.args["choices"])
    logged = r.setdefault("votes_logged", [])
    tally = {c: 0 for c in choices}
    for k, p in enumerate(voters):
        for j, optional in enumerate(_votes_of(g, p)):  # 701.29d: a player's votes, one after another
            slot = nested.slot(r, f"vote{k}" + (f".{j}" if j else ""))
            got = r["answers"].get(slot)
            if got is None:
                return {"kind": "choose_option", "player": p, "options": choices + (["no vote"] if optional else []),
                        "slot": slot, "prompt": f"{this(g, r).card.name}: vote for {', '.join(choices[:-1])} or "
                                                f"{choices[-1]} (701.29)"}
            if got == "no vote" and optional:
                continue
            if got not in tally:  # an answer of another shape: its index among the choices
                got = choices[int(got)] if str(got).isdigit() and int(got) < len(choices) else choices[0]
            tally[got] += 1
            if slot not in logged:
                logged.append(slot)
                g.log("vote", player=p, choice=got, card=this(g, r).card.name)
    r["votes"] = tally
    return None


def _votes_of(g: "Game", p: str) -> list[bool]:
    """701.29d: the votes ``p`` has, each marked optional or not: one, and one more for each "While voting, you get
    an additional vote" they control ("you may vote an additional time": an optional one)."""
    sts = player_statics.statics(g, "extra_vote") if player_statics.active(g) else ()
    return [False] + [bool(st.get("may")) for _, ctl, st in sts if ctl == p]


def _vote_objects(g: "Game", r: Ctx, e: Effect, voters: list[str]) -> dict | None:
    """701.29b: a vote for objects ("a nonland permanent you don't control": "you" is the controller): each voter
    chooses one of them, none when there is none; ``voted_most``: those with the most votes, ties included."""
    you, src = controller(g, r), source_id(g, r)
    f = e.args["filter"]
    zone = f.get("zone", "battlefield")
    pool = g.battlefield if zone == "battlefield" else [i for p in g.order for i in g.players[p].zone(zone)]
    options = [i for i in pool if matches(g, i, f, src, you)]
    tally: dict[int, int] = {}
    logged = r.setdefault("votes_logged", [])
    for k, p in enumerate(voters if options else ()):
        for j, optional in enumerate(_votes_of(g, p)):  # 701.29d: a player's votes, one after another
            key = f"vote{k}" + (f".{j}" if j else "")
            got = nested.answer(r, key)
            if got is None:
                return nested.ask_cards(r, key, p, options, 0 if optional else 1, 1,
                                        f"{this(g, r).card.name}: vote for one of these (701.29)")
            if isinstance(got, list) and not got and optional:
                continue
            x = next((c for c in got if c in options), options[0]) if isinstance(got, list) else got
            tally[x] = tally.get(x, 0) + 1
            if key not in logged:
                logged.append(key)
                g.log("vote", player=p, obj=x, card=this(g, r).card.name)
    most = max(tally.values(), default=0)
    r["voted_most"] = [x for x, n in tally.items() if n == most]
    return None


def _syms(pay: dict[str, Any]) -> tuple[str, ...]:
    return tuple(pay.get("mana") or ())


def with_x(g: "Game", r: dict, pay: dict[str, Any]) -> dict[str, Any]:
    """A payment an effect asks for ("unless its controller pays {X}") with X replaced by the
    X of the resolving spell or ability (107.3a, 107.3c: X keeps its value as it resolves)."""
    if isinstance(pay.get("life"), dict):  # "pay X life, where X is its power": counted now (107.3, 608.2h)
        pay = {**pay, "life": max(0, amount(g, pay["life"], source_id(g, r), r))}
    mana = pay.get("mana") or ()
    if "X" not in mana:
        return pay
    x = this(g, r).x if "obj" in r else 0
    return {**pay, "mana": list(substitute_x(tuple(mana), int(x or 0)))}


def can_pay(g: "Game", player: str, pay: dict[str, Any]) -> bool:
    """Can ``player`` pay {mana: [...]} / {life: n} / {energy: n} now (119.4: life only if their total is at
    least n; energy counters only if they have that many, 121.1)?"""
    if pay.get("life") and not player_statics.can_pay_life(g, player, int(pay["life"])):
        return False
    if energy(g, player) < int(pay.get("energy") or 0):  # 118.3: "pay {E}{E}" with that many counters
        return False
    syms = _syms(pay)
    return not syms or can_afford(g, player, syms)


def pay_words(pay: dict[str, Any]) -> str:
    """A payment as a prompt says it: "pay {1}{E}{E}", "pay 2 life"."""
    parts = ["".join("{" + s + "}" for s in _syms(pay)) + "{E}" * int(pay.get("energy") or 0)]
    if pay.get("life"):
        parts.append(f"{pay['life']} life")
    return "pay " + " and ".join(p for p in parts if p)


def do_pay(g: "Game", player: str, pay: dict[str, Any]) -> None:
    syms = _syms(pay)
    if syms:
        pay_mana(g, player, syms, set())
        g.log("pay", player=player, mana="".join("{" + s + "}" for s in syms))
    if pay.get("life"):
        lose_life(g, player, int(pay["life"]), paid=True)  # 119.4: paying life is losing it
    if pay.get("energy"):
        pay_energy(g, player, int(pay["energy"]))


@op("pay_any")
def _pay_any(g: "Game", r: dict, e: Effect) -> dict | None:
    """"You may pay any amount of {E}": the controller chooses how many energy counters to remove, from 0
    to all they have (121.1), and removes them (``mana``: "pay any amount of mana", generic mana); the resolution
    remembers the amount (``r["paid"]``) for
    "that much" and "for each {E} paid this way"."""
    p = controller(g, r)
    if e.get("each"):
        return _join_forces(g, r)
    got = r["answers"].get(r["i"])
    if e.get("cost"):  # "you may pay {1}{W} any number of times" (Intrepid Adversary): a number of times, from 0 to
        # as many as the player can pay now, the whole paid at once (601.2h as 117.1: mana abilities activated as it is)
        cost = tuple(str(s) for s in e.args["cost"])
        most = 0
        while most < 20 and can_afford(g, p, cost * (most + 1)):
            most += 1
        if got is None and most:
            return {"kind": "choose_number", "player": p, "options": list(range(most + 1)), "min": 0, "max": most,
                    "slot": r["i"], "prompt": f"{this(g, r).card.name}: pay {''.join('{' + s + '}' for s in cost)} "
                                              f"how many times? (0 to {most})"}
        n = min(int(got or 0), most)
        if n:
            pay_mana(g, p, cost * n, set())
            g.log("pay", player=p, mana="".join("{" + s + "}" for s in cost * n))
        r["paid"] = n
        return None
    if e.get("mana"):  # "Pay any amount of mana" (Karn, Living Legacy): a number of generic mana, from 0 to what the
        # player can pay now (601.2h as 117.1: the mana abilities are activated as the payment is made, 605.3a)
        most = 0
        while most < 40 and can_afford(g, p, (str(most + 1),)):
            most += 1
        if got is None and most:
            return {"kind": "choose_number", "player": p, "options": list(range(most + 1)), "min": 0, "max": most,
                    "slot": r["i"], "prompt": f"{this(g, r).card.name}: pay how much mana? (0 to {most})"}
        n = min(int(got or 0), most)
        if n:
            pay_mana(g, p, (str(n),), set())
        r["paid"] = n
        return None
    if got is None:
        most = energy(g, p)
        if most:
            return {"kind": "choose_number", "player": p, "options": list(range(most + 1)), "min": 0, "max": most,
                    "slot": r["i"], "prompt": f"{this(g, r).card.name}: pay how many {{E}}? (0 to {most})"}
        got = 0
    n = min(int(got), energy(g, p))  # as many as there are still (nothing else may remove them meanwhile)
    pay_energy(g, p, n)
    r["paid"] = n
    return None


def _join_forces(g: "Game", r: dict) -> dict | None:
    """Join forces (Commander 2011): "Starting with you, each player may pay any amount of mana": each player still in
    the game in turn order from the controller (101.4) chooses a number of generic mana they can pay and pays it;
    ``paid`` is the total, "the total amount of mana paid this way"."""
    you = controller(g, r)
    live = seats.live(g)
    i = live.index(you) if you in live else 0
    done: dict[str, int] = r.setdefault("joined", {})
    for k, p in enumerate(live[i:] + live[:i]):
        slot = nested.slot(r, f"join{k}")
        if slot in done:
            continue
        most = 0
        while most < 40 and can_afford(g, p, (str(most + 1),)):
            most += 1
        got = r["answers"].get(slot)
        if got is None and most:
            return {"kind": "choose_number", "player": p, "options": list(range(most + 1)), "min": 0, "max": most,
                    "slot": slot, "prompt": f"{this(g, r).card.name}: pay how much mana? (0 to {most})"}
        n = min(int(got or 0), most)
        if n:
            pay_mana(g, p, (str(n),), set())
        done[slot] = n
    r["paid"] = sum(done.values())
    return None


@op("pay_untap")
def _pay_untap(g: "Game", r: dict, e: Effect) -> dict | None:
    """"At the beginning of each player's upkeep, that player may choose any number of tapped blue creatures they
    control and pay {4} for each creature chosen this way. If the player does, untap those creatures." (Magnetic
    Mountain): the player chooses (608.2d) among those creatures as many as they can pay for (117.3), pays the cost
    once for each, then untaps them (701.17b)."""
    cost = tuple(str(s) for s in e.args["cost"])
    for p in refs(g, r, e.args["who"]):
        if not isinstance(p, str) or p not in seats.live(g):
            continue
        f = {**e.args["filter"], "tapped": True, "controller": "you"}
        pool = [i for i in g.battlefield if matches(g, i, f, source_id(g, r), p)]
        most = 0
        while most < len(pool) and can_afford(g, p, cost * (most + 1)):
            most += 1
        key = f"{r['i']}.pay_untap.{p}"
        got = r["answers"].get(key)
        if got is None and most:
            return dict(ask_cards(r, p, pool, 0, most, f"pay {''.join('{' + s + '}' for s in cost)} for each tapped "
                                  f"creature to untap (up to {most})"), slot=key)
        picks = [x for x in dict.fromkeys(got or ()) if x in pool][:most]
        if picks:
            pay_mana(g, p, cost * len(picks), set())
            for x in picks:
                untap(g, x)
    return None


@op("pay")
def _pay(g: "Game", r: dict, e: Effect) -> None:
    """The controller pays (only reached when it can be paid: see the "may" wrapper)."""
    p = controller(g, r)
    pay = with_x(g, r, e.args)
    if can_pay(g, p, pay):
        do_pay(g, p, pay)


@op("pay_life")
def _pay_life(g: "Game", r: dict, e: Effect) -> None:
    """"That player pays 3 life" (one way of an "unless", Indulgent Tormentor): each player named pays, when they
    can (119.4: only with at least that much life)."""
    each = names_that_player(e.args["amount"])  # "pays half their life": each payer's own (608.2c)
    n = 0 if each else amount(g, e.args["amount"], source_id(g, r), r)
    for p in refs(g, r, e.args["who"]):
        if each and isinstance(p, str) and p in g.players:
            n = amount_for(g, e.args["amount"], source_id(g, r), r, p)
        if isinstance(p, str) and p in g.players and can_pay(g, p, {"life": n}):
            do_pay(g, p, {"life": n})


_SENTENCE = re.compile(r"[^.]*\.(?:\)|\")?")


def said(g: "Game", r: Ctx, word: str) -> tuple[str, str]:
    """The resolving spell's or ability's source name and the one sentence of its text that has ``word`` (" may ",
    " or "), or its whole text when none or several do: what a question quotes to say what it is about."""
    o = this(g, r)
    name = o.card.name or "A face-down spell"
    text = (o.ability.text if o.ability is not None else o.card.text).replace("SELF", name)
    says = [m.strip() for m in _SENTENCE.findall(text) if word in f" {m.lower()}"]
    return name, says[0] if len(says) == 1 else text.strip()


def may_prompt(g: "Game", r: Ctx) -> str:
    """What a "you may" (608.2d) asks, in the card's words: the source's name and the sentence that says "may"."""
    name, sentence = said(g, r, " may ")
    return f"{name}: {sentence} Do it?"


def which_prompt(g: "Game", r: Ctx) -> str:
    """Which of two or more instructions a player does (608.2d: "... or ..."), in the card's words."""
    name, sentence = said(g, r, " or ")
    return f"{name}: {sentence} Which one?"


def _once_each_turn(g: "Game", r: Ctx) -> None:
    """"Whenever ..., you may draw that many cards. Do this only once each turn." (Terrasymbiosis): once its source
    has done it this turn, "no" is the only answer (608.2d); a "yes" is kept on the source, by turn (an object off
    the battlefield is shared by a game's copies: replaced, never changed, as engine/triggers.py does)."""
    s = this(g, r)
    sid = s.source if s.ability is not None else s.id
    src = g.objects.get(sid) if sid is not None else None
    if src is None:
        return
    key = "did_once:" + (s.ability.text if s.ability is not None else "")
    got = r["answers"].get(r["i"])
    if got is None and src.chosen.get(key) == g.turn:
        r["answers"][r["i"]] = "no"
    elif got == "yes" and src.chosen.get(key) != g.turn:
        if src.zone not in ("battlefield", "stack"):
            src = g.objects[src.id] = src.copy()
        src.chosen[key] = g.turn


def _plain_may(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """608.2d: "you may" — the controller chooses as it resolves; "target opponent may draw a card": that
    player chooses (no one, when that player is gone: the instruction is not done)."""
    got = r["answers"].get(r["i"])
    if got is None:
        chooser = controller(g, r)
        if e.get("who") is not None:
            ps = [p for p in refs(g, r, e.args["who"]) if isinstance(p, str) and p in g.players]
            if len(ps) != 1 or ps[0] not in seats.live(g):
                return None
            chooser = ps[0]
        return {"kind": "choose_option", "player": chooser, "options": ["yes", "no"], "slot": r["i"],
                "prompt": may_prompt(g, r)}
    effs = list(e.get("effects", ())) + list(e.get("then", ())) if got == "yes" else list(e.get("else", ()))
    return nested.run(g, r, "may", effs)


@op("may")
def _may_pay(g: "Game", r: dict, e: Effect) -> dict | None:
    if e.get("once_each_turn"):
        _once_each_turn(g, r)
    if e.get("alternatives"):
        return _may_either(g, r, e)
    pays = [Effect("pay", with_x(g, r, x.args)) for x in e.get("effects", ()) if x.op == "pay"]
    # "You may sacrifice a Vampire. When you do, ...": the reflexive part (not in 2016 rules) happens only
    # if it was done, so "yes" is open only when it can be done (a sacrifice needs something to
    # sacrifice, 701.14a)
    acts = [x for x in e.get("effects", ()) if x.op in ("sacrifice", "discard")] if e.get("reflexive") else []
    # "you may forage. If you do, ...": likewise for an action a player may be unable to do
    acts += [x for x in e.get("effects", ()) if x.op == "action" and x.args.get("name") in ACTION_CAN]
    if e.get("then") or e.get("reflexive"):  # "you may tap two untapped creatures you control. If you do" (Raff),
        # "you may exile five cards from your graveyard. When you do" (Kroxa and Kunoros): all of them, or not done
        # (117.3: "yes" only when there are that many to choose)
        acts += [x for x in e.get("effects", ()) if isinstance(x.args.get("what"), dict)
                 and isinstance(x.args["what"].get("choose"), dict) and x not in acts]
    if e.get("then"):  # "you may put a card an opponent owns from exile into ... If you do": all of them, or not done
        # "you may exile a black creature card other than SELF from your graveyard. If you do" (Ichorid): likewise
        acts += [x for x in e.get("effects", ()) if x.op in ("move", "exile") and _chosen_off_battlefield(x)]
        # "you may discard a [land] card. If you do, ...": only with such a card in the hand (701.7a); likewise
        # "you may reveal a Dinosaur card from your hand. If you do, ..." (701.13a)
        acts += [x for x in e.get("effects", ()) if x.op == "discard" and "what" not in x.args
                 or x.op == "reveal" and x.args.get("filter") is not None]
        # "you may have it deal 2 damage to another creature you control. If you do" (Wicked Guardian): only with
        # such a creature to choose
        acts += [x for x in e.get("effects", ()) if x.op == "damage" and isinstance(x.args.get("to"), dict)
                 and isinstance(x.args["to"].get("choose"), dict)]
    if e.get("forced"):  # "Sacrifice a Mountain. If you do, ...": not a choice; it is done when it can be (608.2c),
        # and what follows only then (701.14a: nothing to sacrifice, nothing sacrificed)
        forced = [x for x in e.get("effects", ()) if x.op in ("sacrifice", "discard")
                  or x.op in ("move", "exile") and _chosen_off_battlefield(x)]  # "Exile a creature card from your
        # graveyard. If you do, ..." (Charnel Troll): only with such a card there
        if r["answers"].get(r["i"]) is None:
            r["answers"][r["i"]] = "yes" if _can_act(g, r, controller(g, r), forced) else "no"
    elif not pays and not acts:
        return _plain_may(g, r, e)
    got = r["answers"].get(r["i"])
    if got is None:
        if not all(can_pay(g, controller(g, r), x.args) for x in pays) \
                or acts and not _can_act(g, r, controller(g, r), acts):
            got = r["answers"][r["i"]] = "no"  # the only legal choice (117.3)
        elif not pays:
            return {"kind": "choose_option", "player": controller(g, r), "options": ["yes", "no"],
                    "slot": r["i"], "prompt": may_prompt(g, r)}
        else:
            what = " and ".join(pay_words(x.args) for x in pays)
            return {"kind": "choose_option", "player": controller(g, r), "options": ["yes", "no"],
                    "slot": r["i"], "prompt": f"{this(g, r).card.name}: {what}?"}
    # resumable: the payment is made once even if a later effect asks a question
    if got == "yes":
        return nested.run(g, r, "may", list(e.get("effects", ())) + list(e.get("then", ())))
    return nested.run(g, r, "else", e.get("else", ()))


@op("either")
def _either(g: "Game", r: dict, e: Effect) -> dict | None:
    """608.2d: "Destroy all enchantments or all nonwhite enchantments" (Essence Filter), "SELF deals 2 damage to each
    attacking creature or SELF deals 2 damage to each blocking creature" (Lava Storm): one of the instructions, the
    one the controller chooses as it resolves (named by ``labels``, the words of each)."""
    labels = list(e.args["labels"])
    pick = nested.answer(r, "either")
    chooser = controller(g, r)
    if e.get("chooser") is not None:  # "target opponent chooses self or others" (a scheme): that player chooses
        who = [p for p in refs(g, r, e.args["chooser"]) if isinstance(p, str) and p in g.players]
        if not who:
            return None  # 608.2b: the player who would choose is gone (an illegal target): nothing is done
        chooser = who[0]
    if pick not in labels:
        return {"kind": "choose_option", "player": chooser, "options": labels,
                "slot": nested.slot(r, "either"), "prompt": which_prompt(g, r)}
    return nested.run(g, r, "chosen", list(e.args["alternatives"][labels.index(pick)]))


def _may_either(g: "Game", r: dict, e: Effect) -> dict | None:
    """608.2d, 117.3: "You may sacrifice an artifact or discard a card. If you do, draw a card" (Chandra, Spark
    Hunter): yes only when one of them can be done, then the one the player picks (of those that can), then what
    follows ("then")."""
    you = controller(g, r)
    alts = [list(a) for a in e.args["alternatives"]]
    labels = ["; ".join(x.op for x in a) for a in alts]
    doable = [labels[i] for i, a in enumerate(alts) if _can_act(g, r, you, a)]
    got = r["answers"].get(r["i"])
    if got is None:
        if not doable:
            got = r["answers"][r["i"]] = "no"
        else:
            return {"kind": "choose_option", "player": you, "options": ["yes", "no"], "slot": r["i"],
                    "prompt": f"{this(g, r).card.name}: {' or '.join(doable)}?"}
    if got != "yes":
        return nested.run(g, r, "else", e.get("else", ()))
    pick = nested.answer(r, "which")
    if pick not in labels:
        if len(doable) > 1:
            return {"kind": "choose_option", "player": you, "options": doable, "slot": nested.slot(r, "which"),
                    "prompt": which_prompt(g, r)}
        pick = r["answers"][nested.slot(r, "which")] = doable[0]
    return nested.run(g, r, "may", alts[labels.index(pick)] + list(e.get("then", ())))


@op("repeat_may")
def _repeat_may(g: "Game", r: dict, e: Effect) -> dict | None:
    """608.2c: "You may repeat this process any number of times" (Ad Nauseam): the instructions before it again, as
    long as the controller says yes; each time is asked after the one before, with answer slots of its own. Not
    asked when the process can't begin: no card on top of the library to reveal or take, nothing to sacrifice or
    discard (701.14a, 701.7a: the instruction would do nothing, and a yes would never end)."""
    you = controller(g, r)
    k = 0
    while True:
        got = nested.answer(r, f"again{k}")
        if got is None:
            if not _can_begin(g, r, you, list(e.get("effects", ()))):
                return None
            return nested.ask_yes_no(r, f"again{k}", you, f"{this(g, r).card.name}: repeat the process?")
        if got != "yes":
            return None
        w = nested.run(g, r, f"round{k}", e.get("effects", ()))
        if w is not None:
            return w
        k += 1


#: the records of a resolution that "this way" reads (engine/values.py): where a round of a process starts in each
ROUND_RECORDS = ("milled", "exiled_this_way", "gone_this_way", "returned")
#: at most this many rounds of a process: each round must take something finite (a library, a hand) to go on, so
#: only a position that repeats without end reaches it, which 104.4b makes a draw a player may not force
_MOST_ROUNDS = 1000


@op("process")
def _process(g: "Game", r: dict, e: Effect) -> dict | None:
    """608.2c: "... If COND, repeat this process." (Grindstone, Primal Surge, Hoarder's Greed): the instructions of
    the paragraph, then again each time a round ends with its "repeat this process" done (``repeat_process``,
    inside the condition that asked for it). The conditions of a round read what that round did "this way"
    (``r["round_marks"]``: where the round began in each record). Each round has answer slots of its own."""
    st = r.setdefault("process", {}).setdefault(r["i"], {"k": 0})
    while True:
        k = st["k"]
        if "marks" not in st:  # a new round: nothing of it done yet
            st["marks"] = {key: len(r.get(key) or ()) for key in ROUND_RECORDS}
            st["again"] = False
        r["round_marks"] = st["marks"]
        r["process_round"] = st
        try:
            w = nested.run(g, r, f"round{k}", _fresh(list(e.get("effects", ())), f"round{k}"))
        finally:
            r.pop("round_marks", None)
            r.pop("process_round", None)
        if w is not None:
            return w
        if not st["again"] or k + 1 >= _MOST_ROUNDS:
            return None
        st["k"] = k + 1
        del st["marks"]


@op("repeat_process")
def _repeat_process(g: "Game", r: dict, e: Effect) -> dict | None:
    """"repeat this process" inside a process (``process`` above): the round just done is done again."""
    if r.get("process_round") is not None:
        r["process_round"]["again"] = True
    return None


def _can_begin(g: "Game", r: dict, you: str, effs: list[Effect]) -> bool:
    """Can the first instruction of a repeated process do anything now?"""
    first = effs[0] if effs else None
    while first is not None and first.op == "may" and first.args.get("forced"):
        first = (list(first.args.get("effects") or ()) or [None])[0]
    if first is None:
        return False
    if first.op in ("dig", "mill", "exile_top") and first.args.get("who", "you") == "you":
        return bool(g.players[you].library)
    if first.op in ("sacrifice", "discard"):
        return _can_act(g, r, you, [first]) and (first.op != "discard" or bool(g.players[you].hand))
    return True


@op("unless")
def _unless(g: "Game", r: dict, e: Effect) -> dict | None:
    """117.12: `effects` happen unless `payer` pays `pay` or performs `actions`; with `times`
    (an amount) the payment is that many times `pay` (cumulative upkeep, 702.23a)."""
    if e.get("times") is not None and e.get("pay"):
        n = max(0, amount(g, e.args["times"], source_id(g, r), r))
        pay = e.args["pay"]
        e = Effect("unless", {**e.args, "times": None,
                              "pay": {"mana": list(_syms(pay)) * n, "life": int(pay.get("life") or 0) * n}})
    if e.get("x_is") is not None and e.get("pay"):  # "unless ... pays {X}, where X is ...": X counted now (608.2h)
        n = max(0, amount(g, e.args["x_is"], source_id(g, r), r))
        e = Effect("unless", {**e.args, "x_is": None,
                              "pay": {**e.args["pay"], "mana": list(substitute_x(tuple(e.args["pay"]["mana"]), n))}})
    if e.get("pay"):
        e = Effect("unless", {**e.args, "pay": with_x(g, r, e.args["pay"])})
    payers = [p for p in refs(g, r, e.get("payer", "you")) if isinstance(p, str)]
    if e.get("any_one"):
        return _unless_any(g, r, e, payers)
    if len(payers) > 1 and e.get("payer") in _EACH_PAYER:
        return _unless_each(g, r, e, payers)
    payer = payers[0] if payers else None
    if e.get("or_pay") and e.get("pay"):
        return _unless_either_pay(g, r, e, payer)
    alts = [list(a) for a in e.get("alternatives", ())] or [list(e.get("actions", ()))]
    got = nested.answer(r, "unless")
    if got is None:
        able = [i for i, acts in enumerate(alts) if payer is not None and (
            can_pay(g, payer, e.args["pay"]) if e.get("pay") else _can_act(g, r, payer, acts))]
        if not able:
            got = "no"
        else:
            what = pay_words(e.args["pay"]) if e.get("pay") else " or ".join(
                "; ".join(x.op for x in alts[i]) for i in able)
            assert payer is not None  # able
            return nested.ask_yes_no(r, "unless", payer, f"{this(g, r).card.name}: {what}?")
        r["answers"][nested.slot(r, "unless")] = got
    if got == "yes":
        if e.get("pay"):
            if nested.answer(r, "paid") is None:
                assert payer is not None  # "yes" is asked of a payer only
                do_pay(g, payer, e.args["pay"])
                r["answers"][nested.slot(r, "paid")] = True
            # "that player may pay {1}{B}. If the player does, untap that creature": what follows the payment
            return nested.run(g, r, "done", e.get("done", ())) if e.get("done") else None
        which = 0
        if len(alts) > 1:  # "unless that player sacrifices a nonland permanent or discards a card": the one they do
            assert payer is not None
            labels = ["; ".join(x.op for x in acts) for acts in alts]
            doable = [labels[i] for i, acts in enumerate(alts) if _can_act(g, r, payer, acts)]
            pick = nested.answer(r, "which")
            if pick not in doable:
                if len(doable) > 1:
                    return {"kind": "choose_option", "player": payer, "options": doable,
                            "slot": nested.slot(r, "which"), "prompt": which_prompt(g, r)}
                pick = doable[0]
            which = labels.index(pick)
        return nested.run(g, r, "actions", alts[which])
    return nested.run(g, r, "effects", e.get("effects", ()))


def _unless_either_pay(g: "Game", r: dict, e: Effect, payer: str | None) -> dict | None:
    """117.12, 608.2d: "destroy that land unless that player pays {1} or 1 life" (Erosion), "counter target black spell
    unless that spell's controller pays {B} or {3}" (Thrull Wizard): the payer may pay one of the two costs (117.3: only
    one they can pay is offered), which one their choice; the instruction happens unless they pay one."""
    pays = [e.args["pay"], with_x(g, r, e.args["or_pay"])]
    labels = [pay_words(p) for p in pays]
    able = [i for i, p in enumerate(pays) if payer is not None and can_pay(g, payer, p)]
    got = nested.answer(r, "unless")
    if got is None:
        if not able:
            got = r["answers"][nested.slot(r, "unless")] = "no"
        else:
            assert payer is not None  # able
            words = " or ".join(labels[i] for i in able)
            return nested.ask_yes_no(r, "unless", payer, f"{this(g, r).card.name}: {words}?")
    if got != "yes":
        return nested.run(g, r, "effects", e.get("effects", ()))
    assert payer is not None  # "yes" is asked of a payer only
    if nested.answer(r, "paid") is None:
        pick = nested.answer(r, "which")
        if pick not in labels:
            if len(able) > 1:
                return {"kind": "choose_option", "player": payer, "options": [labels[i] for i in able],
                        "slot": nested.slot(r, "which"), "prompt": which_prompt(g, r)}
            pick = labels[able[0]]
        do_pay(g, payer, pays[labels.index(pick)])
        r["answers"][nested.slot(r, "paid")] = True
    return None


#: payers that are several players, each deciding for themself ("each opponent loses 3 life unless that player
#: sacrifices a nonland permanent")
_EACH_PAYER = ("each_opponent", "each_player", "each_other_player")


def _unless_each(g: "Game", r: dict, e: Effect, payers: list[str]) -> dict | None:
    """117.12, 101.4: "Each opponent loses 3 life unless that player sacrifices a nonland permanent of their choice
    or discards a card": each of those players in turn order decides for themself, and the instruction happens to
    each one who does not (the instructions' own "each opponent" read as that player, values.refs
    "that_player")."""
    group = e.args["payer"]

    def one(x: Effect) -> Effect:
        args = {k: ("that_player" if v == group else v) for k, v in x.args.items()}
        what = args.get("what")
        if isinstance(what, dict) and what.get("chooser") == group:  # "exile a card from their graveyard": theirs
            args["what"] = {**what, "chooser": "that_player"}
        return Effect(x.op, args)
    sub = Effect("unless", {**e.args, "payer": "that_player", "effects": [one(x) for x in e.get("effects", ())],
                            "actions": [one(x) for x in e.get("actions", ())],
                            "alternatives": [[one(x) for x in a] for a in e.get("alternatives", ())]})
    prog = r.setdefault("nested", {})
    pk = f"{r['i']}.each"
    j = prog.get(pk, 0)
    while j < len(payers):
        w, _ = _unless_as(g, r, sub, f"{pk}.{j}", payers[j])
        if w is not None:
            return w
        g.changed()
        j += 1
        prog[pk] = j
    return None


def _unless_as(g: "Game", r: dict, sub: Effect, slot: str, player: str) -> tuple[dict | None, bool]:
    """One player's turn at an "unless" run as its own step (``slot``): "that player" is ``player`` for it only.
    The wait of its question, and whether the player did it."""
    base, before = r["i"], r.get("that_player")
    r["i"], r["that_player"] = slot, [player]
    try:
        return _unless(g, r, sub), nested.answer(r, "unless") == "yes"
    finally:
        r["i"] = base
        if before is None:
            r.pop("that_player", None)
        else:
            r["that_player"] = before


def _unless_any(g: "Game", r: dict, e: Effect, payers: list[str]) -> dict | None:
    """117.12, 101.4: "Any opponent may sacrifice a creature of their choice. If a player does, ..." (Desecration
    Demon), "Any player may have SELF deal 5 damage to them. If no one does, ..." (Browbeat): the players named are
    asked in APNAP order, each may do it for themself, and no one is asked after one does; then ``effects`` happen
    if one did (``if_done``) or if no one did."""
    group = e.args["payer"]

    def one(x: Effect) -> Effect:
        return Effect(x.op, {k: ("that_player" if v == group else v) for k, v in x.args.items()})
    sub = Effect("unless", {"payer": "that_player", "effects": [],
                            "actions": [one(x) for x in e.get("actions", ())],
                            **({"pay": e.args["pay"]} if e.get("pay") else {})})  # "unless any player pays {3}"
    prog = r.setdefault("nested", {})
    pk = f"{r['i']}.any"
    order = [p for p in seats.apnap(g) if p in payers]
    j = prog.get(pk, 0)
    while j < len(order) and not prog.get(f"{pk}.done"):
        w, did = _unless_as(g, r, sub, f"{pk}.{j}", order[j])
        if w is not None:
            return w
        g.changed()
        j += 1
        prog[pk] = j
        if did:
            prog[f"{pk}.done"] = True
    happens = bool(prog.get(f"{pk}.done")) == bool(e.get("if_done"))
    return nested.run(g, r, "any_effects", e.get("effects", ()) if happens else ())


def _chosen_off_battlefield(e: Effect) -> bool:
    """A move of objects its controller chooses in a zone other than the battlefield."""
    what = e.args.get("what")
    return isinstance(what, dict) and isinstance(what.get("choose"), dict) \
        and what["choose"].get("zone", "battlefield") != "battlefield"


def _can_act(g: "Game", r: dict, payer: str, actions: Any) -> bool:
    """Can the payer perform the actions (a sacrifice needs something to sacrifice, 701.14a)?"""
    for a in actions:
        if a.op == "action" and a.args.get("name") in ACTION_CAN:
            if not ACTION_CAN[a.args["name"]](g, payer, a):
                return False
            continue
        if a.op == "sacrifice" and "filter" in a.args:
            f = dict(a.args["filter"])
            f["controller"] = "you"
            n = max(1, amount(g, a.args.get("amount", 1), source_id(g, r), r))  # all of them or none (117.3)
            if sum(1 for i in g.battlefield if matches(g, i, f, source_id(g, r), payer)) < n:  # "another"
                return False
            least = a.args.get("total_power_ge")  # "any number of creatures with total power 12 or greater"
            if least is not None and sum(max(0, g.chars(i).power or 0) for i in g.battlefield
                                         if matches(g, i, f, source_id(g, r), payer)) < int(least):
                return False
        elif a.op == "discard" or a.op == "reveal" and a.args.get("filter") is not None:  # a card of that kind
            f = {**(a.args.get("filter") or {}), "zone": "hand"}  # in the hand to discard or reveal (701.7a, 701.13a)
            n = max(1, amount(g, a.args.get("amount", 1), source_id(g, r), r)) \
                if isinstance(a.args.get("amount", 1), (int, dict)) else 1
            if sum(1 for c in g.players[payer].hand if matches(g, c, f, source_id(g, r), payer)) < n:
                return False
        elif a.op == "pay_life":  # 119.4: only with at least that much life
            if not can_pay(g, payer, {"life": amount(g, a.args["amount"], source_id(g, r), r)}):
                return False
            continue
        elif a.op not in g.OPS:  # every op of the engine (this module's table holds only its own)
            return False
        if a.op == "mill" and a.args.get("who", "you") == "you":  # "unless you mill two cards" (Deep Spawn): all
            if len(g.players[payer].library) < amount(g, a.args.get("amount", 1), source_id(g, r), r):  # (117.3)
                return False
            continue
        if a.op == "counters" and a.args.get("remove") and a.args.get("amount") != "all":
            # "unless you remove a +1/+1 counter from it" (Junk Golem): that many counters there to remove (121.1)
            n = amount(g, a.args.get("amount", 1), source_id(g, r), r)
            if not any(isinstance(x, int) and x in g.objects and g.objects[x].counters.get(a.args["kind"], 0) >= n
                       for x in refs(g, r, a.args["what"])):
                return False
            continue
        what = a.args.get("to") if a.op == "damage" else a.args.get("what")
        if a.op in ("move", "exile") and _chosen_off_battlefield(a):  # as many cards as it names, in that zone now
            f = what["choose"]
            n = amount(g, what.get("amount", 1), source_id(g, r), r)
            mine = f.get("owner") == "chooser"  # "exile three cards from their graveyard": the payer's own (404.2)
            f = {k: v for k, v in f.items() if not (mine and k == "owner")}
            if sum(1 for p in ([payer] if mine else g.order) for i in g.players[p].zone(f["zone"])
                   if matches(g, i, f, source_id(g, r), payer)) < n:
                return False
            continue
        if isinstance(what, dict) and isinstance(what.get("choose"), dict):
            # "unless you exile another creature you control" (champion, 702.71a): something to choose
            f = {"zone": "battlefield", **what["choose"]}
            # "unless they put a -1/-1 counter on a creature they control" (Tourach's Chant): the payer's own
            f = {k: "you" if k in ("controller", "owner") and v == "chooser" else v for k, v in f.items()}
            n = max(1, amount(g, what.get("amount", 1), source_id(g, r), r))  # "return two Forests": both (117.3)
            if what.get("up_to"):  # "you may tap any number of untapped Myr you control" (Myr Battlesphere): none
                n = 0  # is a number too
            if f["zone"] != "battlefield" \
                    or sum(1 for i in g.battlefield if matches(g, i, f, source_id(g, r), payer)) < n:
                return False
    return True


@op("exchange_control")
def _exchange(g: "Game", r: dict, e: Effect) -> None:
    """701.10: exchange control of two permanents (nothing happens unless both can be exchanged)."""
    what = e.args["what"]
    ids: list[int] = []
    for ref in (what if isinstance(what, list) else [what]):
        ids += [x for x in refs(g, r, ref) if isinstance(x, int)]
    ids = [x for x in ids if x in g.objects and g.objects[x].zone == "battlefield"]
    if len(ids) != 2:
        return None
    a, b = ids
    ca, cb = g.controller_of(a), g.controller_of(b)
    if ca == cb:
        return None  # 701.10b... nothing to exchange
    add_effect(g, "2", [a], r, "never", controller=cb)
    add_effect(g, "2", [b], r, "never", controller=ca)
    g.objects[a].sick = True
    g.objects[b].sick = True
    g.log("exchange_control", objects=[g.objects[a].card.name, g.objects[b].card.name])
    return None


@op("win_game")
def _win(g: "Game", r: dict, e: Effect) -> None:
    """104.2a: a player wins: every opponent loses (104.3h, 800.7; 801.14: with limited range of
    influence, every opponent within the winner's range)."""
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str):
            g.wins(p)


@op("lose_game")
def _lose(g: "Game", r: dict, e: Effect) -> None:
    """104.3e: an effect says a player loses the game; not one who can't lose it (104.3). ``unless_controls``:
    "each opponent who doesn't control a legendary creature or planeswalker" (608.2c: as it resolves)."""
    none_of = e.get("unless_controls")
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str) and none_of is not None and any(
                g.controller_of(i) == p and matches(g, i, none_of, source_id(g, r), p) for i in g.battlefield):
            continue
        if isinstance(p, str) and player_statics.can_lose(g, p):
            g.players[p].lost = True
    if len(g.order) == 2:  # a multiplayer loser leaves once this resolution is over (engine/sba.py)
        g._check_end()


@op("reveal_top")
def _reveal_top(g: "Game", r: dict, e: Effect) -> None:
    """701.13a: its controller reveals the top card of their library (none when it is empty); "if it's a creature
    card, ..." and "its power" read that card (values: condition revealed_is, reference revealed_top), as it was
    revealed once it has moved on (608.2h)."""
    p = controller(g, r)
    if e.get("each_player"):  # parley (an ability word, Conspiracy): "Each player reveals the top card of their
        # library. For each nonland card revealed this way, ...": every player's top card, revealed at once, left on
        # top (701.13a); "revealed this way" counts them (engine/values.py count_this_way "revealed")
        shown = [c for q in g.order if not g.players[q].lost for c in g.players[q].library[:1]]
        r["revealed_cards"] = list(shown)
        if shown:
            knowledge.show(g, shown)
            g.log("reveal", player=p, to="all", cards=[g.objects[c].card.name for c in shown], objs=list(shown))
        return
    top = g.players[p].library[:1]
    r["revealed_top"] = top
    if top:
        c = g.chars(top[0])
        r.setdefault("lki_pt", {})[top[0]] = (c.power, c.toughness)
        knowledge.show(g, top)
        g.log("reveal", player=p, to="all", cards=[g.objects[top[0]].card.name], objs=top)


@op("reveal")
def _reveal(g: "Game", r: dict, e: Effect) -> dict | None:
    """701.16: a player reveals their hand (to: "you": only the controller sees it); zone "library_top": the top
    ``amount`` cards of that player's library ("look at the top card of your library": 401.2, to its controller);
    ``what``: those cards, wherever they are hidden ("draw three cards and reveal them", 701.13a: to all);
    with a ``filter``, one card of that kind its controller chooses in their hand (701.13a: "reveal a Dinosaur
    card from your hand"; none when there is none)."""
    if e.get("what") is not None:
        objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects]
        if objs:
            knowledge.show(g, objs)
            g.log("reveal", player=controller(g, r), to="all", cards=[g.objects[c].card.name for c in objs],
                  objs=objs)
        if e.args["what"] == "drawn_cards":  # "Draw a card and reveal it. If it isn't a land card, ..." (Sindbad):
            r["revealed"] = objs  # the cards the condition "revealed" reads (608.2c)
        return None
    if e.get("filter") is not None:
        me = controller(g, r)
        opts = [c for c in g.players[me].hand if matches(g, c, {**e.args["filter"], "zone": "hand"}, source_id(g, r),
                                                         me)]
        got = r["answers"].get(r["i"])
        many = bool(e.get("any_number"))  # "Reveal any number of white cards in your hand" (Scent of Jasmine)
        if got is None and opts:
            return ask_cards(r, me, opts, 0 if many else 1, len(opts) if many else 1,
                             f"{this(g, r).card.name}: reveal which card{'s' if many else ''}?")
        picked = [c for c in (got or ()) if c in opts][:len(opts) if many else 1]
        r["revealed"] = picked  # "that card" of the next instruction (engine/values.py refs "revealed")
        r.setdefault("revealed_cards", []).extend(picked)  # "for each card revealed this way" (count_this_way)
        if picked:
            knowledge.show(g, picked)
            g.log("reveal", player=me, to="all", cards=[g.objects[c].card.name for c in picked], objs=picked)
        return None
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str) and e.get("zone") == "library_top":
            top = list(g.players[p].library[: int(e.get("amount", 1))])
            me = controller(g, r)
            if e.get("to") == "all":  # "Target player reveals the top card of their library" (Aven Windreader):
                knowledge.show(g, top)  # shown to every player (701.13a), left on top
                g.log("reveal", player=p, to="all", cards=[g.objects[c].card.name for c in top], objs=top)
            else:
                knowledge.show(g, top, [me])
                g.log("reveal", player=p, to=me, cards=[g.objects[c].card.name for c in top], objs=top,
                      audience=[me])
            r.setdefault("revealed_cards", []).extend(top)  # "the number of ... cards revealed this way" (608.2c)
        elif isinstance(p, str):
            hand = list(g.players[p].hand)
            names = [g.objects[c].card.name for c in hand]
            r.setdefault("revealed_cards", []).extend(hand)
            if e.get("to") == "you":  # "reveals ... to you" (Peek, Gitaxian Probe: "look at")
                me = controller(g, r)
                knowledge.show(g, hand, [me])
                g.log("reveal", player=p, to=me, cards=names, objs=hand, audience=sorted({me, p}))
            else:
                knowledge.show(g, hand)
                g.log("reveal", player=p, to="all", cards=names, objs=hand)
    return None


# ------------------------------------------------------------------ emblems (113)
# An emblem is an object in its owner's command zone (113.1); its static abilities that
# affect objects ("Creatures you control get +2/+2", "Islands you control have ...") work
# from there through the layer system (engine/layers.py static_effects, 113.4). Its
# "at the beginning of <step>" triggered ability is kept as a delayed trigger that
# re-arms itself each time it triggers. Other emblem abilities are not executed.
EMBLEM_STEPS = {"upkeep", "draw", "main1", "beginning_of_combat", "end_of_combat", "end"}
EMBLEM_STATICS = {"anthem", "keywords", "grant_ability"}
#: the rules of permanents an emblem's restriction may give ("Untap all permanents you control during each
#: opponent's untap step": engine/game.py _untap_all reads them in layer 6's result, 113.4)
EMBLEM_RULES = {"untap_other_turns", "untap_opponent_turns"}


def emblem_playable(ab: Ability) -> bool:
    """An emblem's ability this engine runs (113.1-113.5): statics of these kinds, step triggers
    (armed as delayed triggers, _arm), and event triggers ("whenever you cast a spell, ...": the
    emblem object in the command zone is watched like a permanent, engine/triggers.py event)."""
    if ab.kind == "static":
        st = ab.static or {}
        if st.get("kind") in player_statics.KINDS or st.get("kind") == "cost_change":  # "You have no maximum
            return not st.get("condition") or st["kind"] in player_statics.CONDITIONED  # hand size", "Artifact
            # spells you cast cost {1} less to cast": read from the command zone with the permanents'
            # (engine/player_statics.py, engine/costs.py; 113.4); a condition where its reader checks it
        return (st.get("kind") in EMBLEM_STATICS
                or st.get("kind") == "restriction" and st.get("rule") in EMBLEM_RULES) \
            and isinstance(st.get("affects"), dict) and not st.get("condition")
    if ab.kind in ("activated", "mana"):  # 113.2: "{1}{B}, Sacrifice a creature: ..." (Ob Nixilis of the Black Oath),
        # activated from the command zone by the emblem's owner (engine/casting.py activatable)
        return ab.condition is None and not ab.sorcery_speed and ab.cost is not None and not (
            ab.cost.tap or ab.cost.untap or ab.cost.sacrifice_self or ab.cost.exile_self or ab.cost.bottom_self
            or ab.cost.return_self
            or ab.cost.loyalty is not None)
    t = ab.trigger or {}
    if ab.kind == "triggered" and t.get("event") not in (None, "step"):
        return not t.get("self") and ab.condition is None
    return ab.kind == "triggered" and t.get("event") == "step" and t.get("step") in EMBLEM_STEPS \
        and t.get("whose", "you") in ("you", "each", "opponent") and ab.condition is None


def _watched(ab: Ability) -> bool:
    """An ability the emblem object itself carries: a static, an activated ability, or a trigger on an event (not a
    step)."""
    return emblem_playable(ab) and (ab.kind != "triggered" or (ab.trigger or {}).get("event") != "step")


def _arm(g: "Game", player: str, ab: Ability, card: CardDef) -> None:
    rearm = Effect("emblem_rearm", {"player": player, "ability": ab})
    armed = Ability("triggered", ab.text, effects=(rearm,) + tuple(ab.effects), targets=ab.targets,
                    trigger=ab.trigger, optional=ab.optional)
    trig = ab.trigger or {}
    g.delayed.append({"step": trig["step"], "controller": player, "ability": armed, "source": None,
                      "card": card, "info": {}, "whose": trig.get("whose", "you"), "emblem": True})


@op("emblem_rearm")
def _rearm(g: "Game", r: dict, e: Effect) -> None:
    _arm(g, e.args["player"], e.args["ability"], this(g, r).card)


@op("emblem")
def _emblem(g: "Game", r: dict, e: Effect) -> None:
    s = this(g, r)
    for p in refs(g, r, e.get("who", "you")):
        if not isinstance(p, str):
            continue
        card = CardDef(name=f"Emblem ({s.card.name})", mana_cost=(), types=("Emblem",),
                       abilities=tuple(e.get("abilities", ())))
        g.log("emblem", player=p, source=s.card.name)
        if any(_watched(ab) for ab in card.abilities):
            _emblem_object(g, p, CardDef(name=card.name, mana_cost=(), types=("Emblem",),
                                         abilities=tuple(ab for ab in card.abilities if _watched(ab))))
        for ab in e.get("abilities", ()):
            if _watched(ab):
                continue
            if emblem_playable(ab):
                _arm(g, p, ab, card)
            else:
                g.log("unsupported_effect", op="emblem ability", card=s.card.name, text=ab.text)


def _emblem_object(g: "Game", player: str, card: CardDef) -> int:
    """113.1: the emblem as an object in the player's command zone (not a card: no card count,
    never leaves), with a timestamp for the layer system (613.6)."""
    o = create_object(g, card, player, "command", token=True)
    g.players[player].command.append(o.id)
    g.changed()
    return o.id


# ------------------------------------------------------------------ skipped steps (614.10)
@op("skip_next")
def _skip_next(g: "Game", r: dict, e: Effect) -> None:
    """614.10: "That player skips their next untap step": the next such step of that player is skipped
    once (engine/game.py _not_skipped uses the record up); "skips their next X turns": X records, each used up by
    one turn."""
    n = amount(g, e.args["amount"], source_id(g, r), r) if "amount" in e.args else 1
    for p in refs(g, r, e.get("who", "you")):
        for _ in range(n if isinstance(p, str) else 0):
            g.ts += 1
            g.effects.append({"layer": "skip_next", "ts": g.ts, "objects": [],
                              "until": "eot" if e.args.get("this_turn") else "never", "player": p,
                              "step": e.args["step"], **({"made": g.turn} if e.args["step"] == "combats_next_turn"
                                                          else {})})
            g.log("skip_next", player=p, step=e.args["step"])


# ------------------------------------------------------------------ extra turns (500.7)
@op("extra_turn")
def _extra_turn(g: "Game", r: dict, e: Effect) -> None:
    """500.7: the player takes an extra turn after this one; the most recently created
    extra turn is taken first, so it goes to the front of the queue."""
    n = amount(g, e.get("amount", 1), source_id(g, r), r)  # "take two extra turns after this one"
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str):
            for _ in range(n):
                g.extra_turns.insert(0, p)
                g.log("extra_turn", player=p)



@op("extra_land")
def _extra_land(g: "Game", r: dict, e: Effect) -> None:
    """305.2a: "You may play an additional land this turn": one more land play for this turn only."""
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str):
            g.players[p].extra_lands_turn += int(e.get("amount", 1))
    g.changed()


# ------------------------------------------------------------------ ending the turn (713)
@op("end_turn")
def _end_turn(g: "Game", r: dict, e: Effect) -> None:
    """713.1: end the turn. Triggered abilities not yet on the stack cease to exist (713.1a);
    every object on the stack is exiled, the resolving one too, and creatures leave combat
    (713.1b); state-based actions are checked with no priority and no triggers put on the
    stack (713.1c); the game skips to the cleanup step (713.1d), where what triggered
    meanwhile goes on the stack and another cleanup step follows (713.2, 514.3a)."""
    who = controller(g, r)
    g.triggered = []
    for x in list(g.stack):
        o = g.objects.get(x)
        if o is None:
            continue
        if o.ability is not None:  # an ability on the stack is no card: it ceases to exist
            g.stack.remove(x)
            del g.objects[x]
        else:
            g.move(x, "exile")
    g.resolving = None  # the resolution ends here (engine/effects.py stops)
    g.skip_to_cleanup()
    g.log("end_turn", player=who)
    g.turn_state_changed()


@op("restart")
def _restart(g: "Game", r: dict, e: Effect) -> None:
    """714.1: restart the game; its controller takes the first turn of the new one. With
    "leaving in exile all non-Aura permanent cards exiled with SELF" (Karn Liberated, 714.5)
    those cards stay out of it and then enter the battlefield under that player's control
    (714.4). The resolution ends here: the game it belonged to is over."""
    who = controller(g, r)
    exempt: list[int] = []
    if e.get("keep_exiled"):
        sid = source_id(g, r)
        src = g.objects.get(sid) if sid is not None else None  # 607.2a: the cards its abilities exiled
        for x in src.chosen.get("exiled", ()) if src is not None else ():
            o = g.objects.get(x)
            if o is not None and o.zone == "exile" and _PERMANENT_CARD.intersection(o.card.types) \
                    and "Aura" not in o.card.subtypes:
                exempt.append(x)
    g.resolving = None
    g.restart(who, exempt)


_PERMANENT_CARD = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker"})  # 110.4


#: the steps of the combat phase (506.1)
COMBAT_PHASE = frozenset({"beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage",
                          "combat_damage", "end_of_combat"})


@op("extra_step")
def _extra_step(g: "Game", r: dict, e: Effect) -> None:
    """500.9: "... gets an additional upkeep step after this step": a step directly after the current one
    (engine/extra_phases.py)."""
    add_step_after_this_step(g, str(e.args["step"]))


@op("extra_combat")
def _extra_combat(g: "Game", r: dict, e: Effect) -> None:
    """500.8: "After this main phase, there is an additional combat phase followed by an
    additional main phase"; "After this phase, there is an additional combat phase" (``after``: "this_phase"),
    said during a combat phase: one directly after it (engine/extra_phases.py); said during a main phase, a combat
    phase and a main phase after it, as after a main phase."""
    if e.get("after") == "this_phase" and g.step in COMBAT_PHASE:
        add_combat_after_this_combat(g)
        return
    add_combat_after_this_main(g)
