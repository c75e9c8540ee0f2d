"""Effect primitives that run other effects: "if" (608.2c), a coin flip's branches (705.1), a die's result table
(rolling a die, a later rule), a clash (701.20),
delayed triggered abilities (603.7), and adding mana (106.4). "You may" (608.2d) is in misc.py, with paying."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine import knowledge, player_statics, seats, triggers
from engine.actions import add_effect, add_mana
from engine.cards.abilities import Ability, Effect
from engine.choices import COLORS, NeedChoice
from engine.errors import IllegalAction
from engine.mana import choice_options, mana_value
from engine.ops import nested
from engine.ops.base import table
from engine.targets import spell_ability
from engine.values import Ctx, amount, chosen_refs, condition, controller, one_opponent, refs, source_id, this

if TYPE_CHECKING:
    from engine.game import Game

OPS, op = table()


@op("add_mana")
def _add(g: "Game", r: Ctx, e: Effect) -> dict | None:
    if isinstance(e.args.get("any"), dict):  # "X mana of any one color, where X is SELF's power": counted now (107.3)
        e = Effect("add_mana", {**e.args, "any": max(0, amount(g, e.args["any"], source_id(g, r), r))})
    if "any" in e.args and not e.get("chosen_color"):  # "N mana of any (one) color": the controller chooses
        n = min(1, int(e.args["any"])) if e.get("same") else int(e.args["any"])
        kinds = [k for k, sym in COLORS.items() if sym in (e.get("colors") or "WUBRG")]  # "... of {R} and/or {G}"
        picks = []
        for k in range(n):
            slot = r["i"] if k == 0 else f"{r['i']}.mana{k}"
            got = r["answers"].get(slot)
            if got is None:
                return {"kind": "choose_option", "player": controller(g, r), "options": kinds, "slot": slot,
                        "prompt": f"{this(g, r).card.name}: add mana of which color?"}
            picks.append(COLORS[got])
        # "you don't lose this mana" (106.4), "spend this mana only ..." (106.6): kept for each mana chosen
        riders: dict[str, Any] = {k: e.args[k] for k in ("until", "only_for") if k in e.args}
        for c in picks:
            add_mana(g, controller(g, r), Effect("add_mana", {"any": int(e.args["any"]) if e.get("same") else 1,
                                                              **riders}), source_id(g, r), c)
        return None
    if len(e.args.get("choice", ())) > 1:  # "Add {R} or {G}" as a spell or an ability on the stack resolves (Domri,
        # Anarch of Bolas' +1): its controller chooses then (608.2d); a mana ability's kind is named as it is activated
        src = g.objects.get(source_id(g, r) or -1)
        opts = ["".join(o) for o in choice_options(e.args["choice"], src.chosen if src is not None else None)]
        got = r["answers"].get(r["i"])
        if got is None:
            return {"kind": "choose_option", "player": controller(g, r), "options": opts, "slot": r["i"],
                    "prompt": f"{this(g, r).card.name}: add which mana?"}
        add_mana(g, controller(g, r), e, source_id(g, r), got, r)  # the option named (engine/effects.py answer)
        return None
    if e.get("who") is not None:  # "that player adds {G}{G}" (Eladamri's Vineyard): that player's pool (106.4)
        for p in refs(g, r, e.args["who"]):
            if isinstance(p, str):
                add_mana(g, p, e, source_id(g, r), r=r)
        return None
    add_mana(g, controller(g, r), e, source_id(g, r), r=r)
    return None


@op("if")
def _if(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """608.2c: "if COND, X [otherwise Y]": the condition read once, as this instruction begins; a question asked
    inside the branch (a search, a choice) does not read it again (the branch may have changed it: "sacrifice it.
    When you do, search ..." no longer finds SELF on the battlefield), and each question has its own slot."""
    ifs = r.setdefault("ifs", {})
    key = str(r["i"])
    if key not in ifs:
        ifs[key] = bool(condition(g, e.args["cond"], source_id(g, r), r))
    branch = "then" if ifs[key] else "else"
    return nested.run(g, r, branch, list(e.get(branch, ())))


def _called(g: "Game", r: Ctx, player: str) -> bool:
    """705.1: ``player`` flips a coin and calls it: True when that player wins the flip (even odds, 705.3). Only the
    flipper wins or loses it: "whenever you win a coin flip", "whenever a player wins a coin flip", "whenever you
    lose a coin flip" (603.2) see the result (event coin_flip, ``won``)."""
    won = g.rng.random() < 0.5
    g.log("coin_flip", player=player, won=won, card=this(g, r).card.name)
    triggers.event(g, {"event": "coin_flip", "player": player, "won": won})
    return won


@op("flip")
def _flip(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """705.1: the controller flips a coin and wins or loses the flip (even odds, 705.3); the
    branch of the result follows. The result is kept in the resolution record, so a question
    asked inside the branch does not flip again. "You may flip a coin" (Chaotic Goo): the controller chooses first
    (608.2d; no flip, no branch, when they decline). "Flip a coin until you lose a flip" (Okaun, Eye of Chaos):
    one flip after another while the controller wins, the flips won counted ("for each flip you won", 705.1)."""
    flips = r.setdefault("flips", {})
    key = str(r["i"])
    if key not in flips and e.get("may"):
        yes = nested.answer(r, "may")
        if yes is None:
            return nested.ask_yes_no(r, "may", controller(g, r), f"{this(g, r).card.name}: flip a coin?")
        if yes != "yes":
            return None
    if e.get("until_lose") and key not in flips:
        streak = 0
        while _called(g, r, controller(g, r)):
            streak += 1
        flips[key] = True
        r["flips_won"] = r.get("flips_won", 0) + streak
        return None
    if e.get("each") is not None and key not in flips:  # "flip a coin for each creature that isn't a Demon, Devil,
        # or Imp" (Rakdos, the Showstopper): one coin for each such object now, in turn (705.1); "whose coin comes up
        # tails": those objects (the "tails" reference); no player calls these coins, so none wins or loses (705.2)
        objs = [x for x in refs(g, r, {"each": e.args["each"]}) if isinstance(x, int)]
        tails = []
        for x in objs:
            heads = g.rng.random() < 0.5
            g.log("coin_flip", player=controller(g, r), heads=heads, card=this(g, r).card.name)
            if not heads:
                tails.append(x)
        flips[key] = True
        r["tails"] = tails
        return None
    if e.get("coins") and key not in flips:  # "flip five coins": each flip, and how many the flipper won (705.1)
        # 705.2: the coins of "flip five coins ... for each coin that comes up heads" (Ral Zarek) are not called:
        # no player wins or loses them, and no "whenever you win a coin flip" sees them
        won = [g.rng.random() < 0.5 for _ in range(max(0, amount(g, e.args["coins"], source_id(g, r), r)))]
        for w in won:
            g.log("coin_flip", player=controller(g, r), won=w, card=this(g, r).card.name)
        flips[key] = True
        r["flips_won"] = r.get("flips_won", 0) + sum(won)
        return None
    if key not in flips:
        flips[key] = _called(g, r, controller(g, r))
    branch = "win" if flips[key] else "lose"
    return nested.run(g, r, branch, e.args.get(branch, ()))


@op("roll")
def _roll(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """Rolling a die (a later rule, Adventures in the Forgotten Realms; not in the 2016 rules): the controller rolls a
    die of ``sides`` faces, each result as likely (as a coin's two faces, 705.3); "and add N" adds N, counted as it is
    rolled (608.2h). The row of the ``table`` the result falls in runs. The result is kept in the resolution record,
    so a question asked inside the row does not roll again."""
    rolls = r.setdefault("rolls", {})
    key = str(r["i"])
    if key not in rolls:
        sides = int(e.args.get("sides", 20))
        extra = player_statics.extra_dice(g, controller(g, r))  # "instead roll that many dice plus one and ignore
        natural = max(g.rng.randint(1, sides) for _ in range(1 + extra))  # the lowest roll" (614.1a): the highest
        add = amount(g, e.args["add"], source_id(g, r), r) if "add" in e.args else 0
        rolls[key] = natural + add
        g.log("die_roll", player=controller(g, r), sides=int(e.args.get("sides", 20)), natural=natural,
              result=natural + add, card=this(g, r).card.name)
        # "whenever you roll one or more dice" (a later rule): the roller, once for the instruction's roll
        triggers.event(g, {"event": "roll_dice", "player": controller(g, r), "natural": natural})
    result = r["rolled"] = rolls[key]  # "equal to the result" (values.py count_this_way rolled)
    for k, row in enumerate(e.args.get("table", ())):
        if (row.get("min") is None or result >= row["min"]) and (row.get("max") is None or result <= row["max"]):
            return nested.run(g, r, f"row{k}", row.get("effects", ()))
    return None


@op("friend_or_foe")
def _friend_or_foe(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """"For each player, choose friend or foe." (Battlebond, 2018, a later mechanic read as its cards define it): the
    controller chooses, for each player in APNAP order (101.4) themselves included, friend or foe; "each friend" and
    "each foe" of the instructions after it are those players (values.refs "friends", "foes")."""
    you = controller(g, r)
    friends: list[str] = []
    foes: list[str] = []
    for p in seats.apnap(g):
        slot = f"{r['i']}.fof.{p}"
        got = r["answers"].get(slot)
        if got is None:
            return {"kind": "choose_option", "player": you, "options": ["friend", "foe"], "slot": slot,
                    "prompt": f"{this(g, r).card.name}: is {p} a friend or a foe?"}
        (friends if got == "friend" else foes).append(p)
    r["friends"], r["foes"] = friends, foes
    return None


@op("choose_opponent")
def _choose_opponent(g: "Game", r: Ctx, e: Effect) -> None:
    """"Choose an opponent." (the Offerings of Commander 2014): the controller chooses one of their opponents as
    the instruction is carried out (608.2c-d; 802.2a: asked with several, the only one otherwise), "that player" of
    the instructions after it (values.refs "chosen_opponent"); a second such instruction chooses again. "Choose an
    opponent at random" (Raving Dead): one of the opponents that may be chosen (801.5a), at random, once."""
    if e.get("random"):
        picked = r.setdefault("random_opponent", {})
        key = str(r["i"])
        if key not in picked:
            you = controller(g, r)
            opps = seats.choosable(g, you, seats.opponents(g, you))
            picked[key] = g.rng.choice(opps) if opps else None
        if picked[key] is not None:
            r["chosen_opponent"] = picked[key]
        return
    r["chosen_opponent"] = one_opponent(g, r, "opponent")


@op("choose_number")
def _choose_number(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """"Choose a number between 0 and 10." (Expel the Interlopers): the controller picks one from ``min`` to ``max``
    as the instruction is carried out (608.2d), "the chosen number" / "that many" of the instructions after it
    (engine/values.py amount "chosen_number")."""
    lo, hi = int(e.args["min"]), int(e.args["max"])
    got = nested.answer(r, "number")
    if got is None:
        return {"kind": "choose_number", "player": controller(g, r), "options": list(range(lo, hi + 1)), "min": lo,
                "max": hi, "slot": nested.slot(r, "number"),
                "prompt": f"{this(g, r).card.name}: choose a number from {lo} to {hi}"}
    n = int(got)
    if not lo <= n <= hi:
        raise IllegalAction(f"{n}: not a number from {lo} to {hi}")
    r["chosen_number"] = n
    g.log("choose_number", player=controller(g, r), number=n)
    return None


@op("clash")
def _clash(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """701.20b: "clash with an opponent": the controller chooses an opponent and each of them
    reveals the top card of their library (701.20a); the controller wins if their card's mana
    value is higher (701.20c). Then each, in turn order from the controller, may put the revealed
    card on the bottom of their library; then the "if you win" branch runs, or the "otherwise" one. Each of them
    clashed: "whenever you clash" triggers for both (with whether that player won)."""
    you = controller(g, r)
    state = r.setdefault("clash", {})
    key = str(r["i"])
    if key not in state and e.get("may"):  # "you may clash with an opponent" (Sentry Oak)
        yes = nested.answer(r, "may")
        if yes is None:
            return nested.ask_yes_no(r, "may", you, "clash with an opponent?")
        if yes != "yes":
            return None
    if key not in state:
        opp = one_opponent(g, r, "opponent")
        shown = {p: g.players[p].library[0] for p in (you, opp) if g.players[p].library}
        for p, c in shown.items():
            knowledge.show(g, [c])
            g.log("reveal", player=p, cards=[g.objects[c].card.name], objs=[c])
        mv = {p: mana_value(g.objects[c].card.mana_cost) for p, c in shown.items()}
        won = you in mv and all(mv[you] > v for p, v in mv.items() if p != you)
        state[key] = {"order": [you, opp], "shown": shown, "won": won}
        r["clash_opponent"] = opp  # "that player" of "Otherwise, that player gains control of ..." (701.20b)
        g.log("clash", player=you, opponent=opp, won=won)
        for p in (you, opp):  # 701.20b: each of them clashes ("whenever you clash [and win]": 603.2)
            triggers.event(g, {"event": "clash", "player": p,
                               "won": p in mv and all(mv[p] > v for q, v in mv.items() if q != p)})
    st = state[key]
    for p in st["order"]:
        c = st["shown"].get(p)
        if c is None or c not in g.objects or g.objects[c].zone != "library":
            continue
        got = nested.answer(r, f"bottom.{p}")
        if got is None:
            return nested.ask_yes_no(r, f"bottom.{p}", p,
                                     f"clash: put {g.objects[c].card.name} on the bottom of your library?")
        if got == "yes":
            g.move(c, "library", top=False)
        st["shown"] = {**st["shown"], p: None}
    if st["won"]:
        return nested.run(g, r, "win", e.args.get("win", ()))
    return nested.run(g, r, "lose", e.args.get("lose", ()))  # "Otherwise, ..." (701.20c: no win)


@op("delayed_trigger")
def _delayed_trigger(g: "Game", r: Ctx, e: Effect) -> None:
    """603.7: a delayed triggered ability on an event ("until end of turn, whenever ..."), kept with the
    continuous effects so that it ends with its duration (514.2, 611.2a); engine/triggers.py event
    checks it like a permanent's."""
    s = this(g, r)
    ab = e.args["ability"]
    if e.get("watch") is not None:  # "When that creature dies this turn": the objects named now (603.7c)
        objs = [x for x in refs(g, r, e.args["watch"]) if isinstance(x, int) and x in g.objects]
        if not objs:
            return  # nothing left to watch: it can never trigger
        key = "dealt_by" if e.get("watch_as") == "dealt_by" else "objs"  # "whenever a creature dealt damage by that
        ab = replace(ab, trigger={**(ab.trigger or {}), key: objs})  # creature dies this turn" (Touch of Moonglove)
    if e.get("bind") is not None:  # "... put the exiled card into your hand": the objects named now, kept (603.7c)
        ids = [x for x in refs(g, r, e.args["bind"]) if isinstance(x, int)]
        ab = replace(ab, effects=tuple(_bound(x, ids) for x in ab.effects))
    if ab.trigger and set(_CHOSEN) & {k for k, v in s.chosen.items() if v}:
        ab = replace(ab, trigger=_with_chosen(ab.trigger, s.chosen))
    add_effect(g, "trigger", [], r, e.args["until"], ability=ab, source=source_id(g, r),
               card=s.card, once=bool(e.get("once")))


#: a quality chosen as a spell or ability resolves (608.2d), kept on that object: the filter key that reads it and the
#: filter key of the same quality given outright
_CHOSEN = {"color": ("chosen_color", "colors"), "creature_type": ("chosen_type", "subtypes"),
           "card_type": ("chosen_card_type", "types")}


def _with_chosen(x: Any, chosen: dict[str, Any]) -> Any:
    """A delayed ability's trigger with "of the chosen color / type" replaced by the quality its creator chose as it
    resolved (608.2d: "Choose a color. Whenever SELF becomes blocked by a creature of that color this turn", Zombie
    Boa): the choice is kept on the resolving spell or ability, which is gone when the delayed ability triggers
    (603.7a, 603.7e: its source is the ability's source). A filter that already names that quality keeps reading it
    from the source."""
    if isinstance(x, list):
        return [_with_chosen(v, chosen) for v in x]
    if not isinstance(x, dict):
        return x
    out = {k: _with_chosen(v, chosen) for k, v in x.items()}
    for quality, (key, plain) in _CHOSEN.items():
        if out.get(key) is True and chosen.get(quality) and plain not in out:
            del out[key]
            out[plain] = [chosen[quality]]
    return out


def _bound(x: Any, ids: list[int]) -> Any:
    """A delayed ability's effect with its reference "bound" replaced by those objects ({"ids": ...})."""
    if isinstance(x, Effect):
        return Effect(x.op, _bound(x.args, ids))
    if isinstance(x, dict):
        return {k: ({"ids": list(ids)} if v == "bound" else _bound(v, ids)) for k, v in x.items()}
    if isinstance(x, list):
        return [_bound(v, ids) for v in x]
    return x


@op("reflexive")
def _reflexive(g: "Game", r: Ctx, e: Effect) -> None:
    """"Surveil 4. When you do, you may return target nonland permanent ..." (Dream Eater): a reflexive triggered
    ability (a later rule; in 2016 terms a delayed triggered ability, 603.7a, that triggers
    at once): it triggers as the instruction before it is done and is put on the stack the next time a player would
    receive priority, its targets chosen then (603.3, 603.3d), whatever became of its source (603.7c-like)."""
    s = this(g, r)
    info: dict[str, Any] = {"event": "reflexive", "player": controller(g, r)}
    if e.get("paid"):  # "When you pay this cost one or more times, ... that many ...": only if it was paid, the
        if int(r.get("paid", 0)) < 1:  # times paid its amount (engine/ops/misc.py pay_any)
            return
        info["amount"] = int(r["paid"])
    if r.get("amassed"):  # "Amass Orcs 2. When you do, ... the amassed Army's power": the Army it amassed
        info["amassed"] = list(r["amassed"])
    g.triggered.append({"controller": controller(g, r), "ability": e.args["ability"], "source": source_id(g, r),
                        "card": s.card, "info": info})


#: the amounts of a target's characteristics ("that spell's mana value") a delayed ability keeps as they were
_TARGET_AMOUNTS = ("mv_of", "power_of", "toughness_of", "mana_spent_on")


def _fixed_amounts(g: "Game", r: Ctx, e: Effect) -> Effect:
    """603.7c: a delayed ability refers to the objects its creating effect affected, as they were then: "add an
    amount of {C} equal to that spell's mana value" (Mana Drain) counts the countered spell as it last existed
    (608.2h) when the delayed ability is created, since by the time it triggers that spell is a new object in
    a graveyard (400.7). An amount of SELF or of what exists then is read when the delayed ability resolves."""
    args: dict[str, Any] | None = None
    for k in ("per", "amount"):
        a = e.args.get(k)
        if isinstance(a, dict) and len(a) == 1 and next(iter(a)) in _TARGET_AMOUNTS \
                and isinstance(next(iter(a.values())), dict) and "target" in next(iter(a.values())):
            args = dict(args or e.args)
            args[k] = amount(g, a, source_id(g, r), r)
    for k in ("effects", "then", "else"):  # "you may add ..." (Scattering Stroke): the nested effects too
        v = e.args.get(k)
        if isinstance(v, (list, tuple)) and v and all(isinstance(x, Effect) for x in v):
            fixed = [_fixed_amounts(g, r, x) for x in v]
            if any(a is not b for a, b in zip(fixed, v)):
                args = dict(args or e.args)
                args[k] = fixed
    return e if args is None else Effect(e.op, args)


def _earlier_chooses(g: "Game", r: Ctx) -> list[Any]:
    """The "choose" references of the resolving ability's instructions before this one (r["i"])."""
    s = this(g, r)
    ab = s.ability if s.ability is not None else spell_ability(s.card)
    i = r.get("i", 0)
    if ab is None or not isinstance(i, int):
        return []
    out: list[Any] = []

    def walk(x: Any) -> None:
        if isinstance(x, Effect):
            walk(x.args)
        elif isinstance(x, dict):
            if isinstance(x.get("choose"), dict):
                out.append(x)
            for v in x.values():
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)
    walk(list(ab.effects[:i]))
    return out


def _bind_chosen(g: "Game", r: Ctx, e: Effect, legal: list[list[Any]], earlier: list[Any]) -> Effect:
    """603.7c: "You may put a creature card from your hand onto the battlefield. ... Sacrifice that creature at the
    beginning of the next end step" (Through the Breach): an object chosen by an earlier instruction of the
    resolution is the one the delayed ability refers to (followed into its new zone, 400.7), kept as one more
    slot of its fixed references; one not chosen (the "may" declined) refers to nothing. A choice no earlier
    instruction made is made as the delayed ability resolves ("untap up to two lands": Teferi, 603.7a)."""
    args: dict[str, Any] | None = None
    for k, v in e.args.items():
        if v == "taken" and "taken" in r:  # "Search ..., put it onto the battlefield. ... Return it to your hand at
            # the beginning of the next end step" (Nahiri, the Harbinger): the cards found (603.7c), fixed now
            legal.append([x for x in refs(g, r, "taken") if isinstance(x, int)])
            args = dict(args or e.args)
            args[k] = {"target": len(legal) - 1}
        elif isinstance(v, dict) and isinstance(v.get("choose"), dict) and v in earlier:
            try:
                ids = [x for x in chosen_refs(g, r, v) if isinstance(x, int)]
            except NeedChoice:  # never chosen (the "may" before it declined): nothing
                ids = []
            legal.append(ids)
            args = dict(args or e.args)
            args[k] = {"target": len(legal) - 1}
        elif isinstance(v, (list, tuple)) and v and all(isinstance(x, Effect) for x in v):
            bound = [_bind_chosen(g, r, x, legal, earlier) for x in v]
            if any(a is not b for a, b in zip(bound, v)):
                args = dict(args or e.args)
                args[k] = bound
    return e if args is None else Effect(e.op, args)


def _bind_taken(r: Ctx, e: Effect, legal: list[list[Any]]) -> Effect:
    """603.7c: "If it's a creature card, put it onto the battlefield. ... Sacrifice it at the beginning of the next
    end step" (Killer Instinct): the card an earlier instruction took from a library ("taken", engine/ops/library.py)
    is the one the delayed ability refers to, kept as one more slot of its fixed references (none taken: nothing)."""
    args: dict[str, Any] | None = None
    for k, v in e.args.items():
        if v == "taken":
            legal.append([x for x in r.get("taken", ()) if isinstance(x, int)])
            args = dict(args or e.args)
            args[k] = {"target": len(legal) - 1}
        elif isinstance(v, (list, tuple)) and v and all(isinstance(x, Effect) for x in v):
            bound = [_bind_taken(r, x, legal) for x in v]
            if any(a is not b for a, b in zip(bound, v)):
                args = dict(args or e.args)
                args[k] = bound
    return e if args is None else Effect(e.op, args)


def _bind_moved(g: "Game", r: Ctx, e: Effect, legal: list[list[Any]]) -> Effect:
    """603.7c: "Return each creature card ... to the battlefield. Exile those creatures at the beginning of your next
    upkeep" (Rally the Ancestors): the cards the creating effect moved ("moved", engine/values.py refs), as they are
    now, kept as one more slot of the delayed ability's fixed references."""
    args: dict[str, Any] | None = None
    for k, v in e.args.items():
        if isinstance(v, dict) and "each" in v and v.get("moved"):
            legal.append([x for x in refs(g, r, v) if isinstance(x, int)])
            args = dict(args or e.args)
            args[k] = {"target": len(legal) - 1}
        elif isinstance(v, (list, tuple)) and v and all(isinstance(x, Effect) for x in v):
            bound = [_bind_moved(g, r, x, legal) for x in v]
            if any(a is not b for a, b in zip(bound, v)):
                args = dict(args or e.args)
                args[k] = bound
    return e if args is None else Effect(e.op, args)


def _bind_now(g: "Game", r: Ctx, e: Effect, legal: list[list[Any]]) -> Effect:
    """603.7c: "Attacking creatures you control get +X/+0 until end of turn. Sacrifice those creatures at the beginning
    of the next end step" (Tears of Rage): "those creatures" are the objects the instruction before named as it was
    carried out (608.2c), kept as one more fixed slot, not whatever matches the words again as it resolves."""
    args: dict[str, Any] | None = None
    for k, v in e.args.items():
        if isinstance(v, dict) and "each" in v and v.get("now"):
            legal.append([x for x in refs(g, r, {"each": v["each"]}) if isinstance(x, int)])
            args = dict(args or e.args)
            args[k] = {"target": len(legal) - 1}
    return e if args is None else Effect(e.op, args)


def _bind_exiled(r: Ctx, e: Effect, legal: list[list[Any]]) -> Effect:
    """603.7c: "Exile each creature you control. Return those cards to the battlefield ... at the beginning of the next
    end step" (Ghostway), "Exile all cards from your hand face down. At the beginning of the next end step, return
    those cards to your hand" (Ignorant Bliss): "it" or "those cards" of a delayed ability whose creating effect exiled
    cards are the cards it exiled (kept as one more fixed slot), not whatever matches the words again as it resolves."""
    exiled = [x for x in r.get("exiled", ()) if isinstance(x, int)]
    if not exiled:
        return e
    args: dict[str, Any] | None = None
    for k, v in e.args.items():
        if k == "what" and e.op in ("move", "return", "bounce") and (
                v == "it" or isinstance(v, dict) and set(v) == {"each"}):
            legal.append(list(exiled))
            args = dict(args or e.args)
            args[k] = {"target": len(legal) - 1}
    return e if args is None else Effect(e.op, args)


def _bind_player(g: "Game", r: Ctx, e: Effect, legal: list[list[Any]]) -> Effect:
    """603.7c: "Counter target spell. Its controller may draw up to two cards at the beginning of the next turn's
    upkeep" (Arcane Denial): the player an object's controller or owner names is the one it was as the delayed ability
    was created (the countered spell's, by its last known information, 608.2h), kept as one more fixed slot."""
    who = e.args.get("who")
    if not (isinstance(who, dict) and set(who) in ({"controller_of"}, {"owner_of"})):
        return e
    objs = [x for x in refs(g, r, next(iter(who.values()))) if isinstance(x, int)]
    if objs and all(x in g.objects and g.objects[x].zone == "battlefield" for x in objs):
        return e  # a permanent still there: its controller as the delayed ability resolves
    legal.append([p for p in refs(g, r, who) if isinstance(p, str)])
    return Effect(e.op, {**e.args, "who": {"target": len(legal) - 1}})


@op("delayed")
def _delayed(g: "Game", r: Ctx, e: Effect) -> None:
    s = this(g, r)
    ab = Ability("triggered", "delayed", effects=tuple(_fixed_amounts(g, r, x) for x in e.get("effects", ())))
    fol = r.get("followed", {})
    # 603.7c: the delayed ability refers to the objects its creating effect affected (followed into their new zone)
    legal = [[fol.get(x, x) if isinstance(x, int) else x for x in slot] for slot in r.get("legal", [])]
    earlier = _earlier_chooses(g, r)
    ab = replace(ab, effects=tuple(_bind_chosen(g, r, x, legal, earlier) for x in ab.effects))
    ab = replace(ab, effects=tuple(_bind_taken(r, x, legal) for x in ab.effects))
    ab = replace(ab, effects=tuple(_bind_moved(g, r, x, legal) for x in ab.effects))
    ab = replace(ab, effects=tuple(_bind_exiled(r, x, legal) for x in ab.effects))
    ab = replace(ab, effects=tuple(_bind_now(g, r, x, legal) for x in ab.effects))
    ab = replace(ab, effects=tuple(_bind_player(g, r, x, legal) for x in ab.effects))
    info: dict[str, Any] = {"delayed_legal": legal}
    if r.get("created"):  # "Sacrifice them (those tokens) at the beginning of the next end step" (603.7c)
        info["delayed_created"] = [fol.get(x, x) for x in r["created"]]
    if r.get("exiled"):  # "... if any of those cards remain exiled, return them to their owners' graveyards"
        info["delayed_exiled"] = list(r["exiled"])  # (Mnemonic Betrayal, 603.7c): the cards exiled, still there
    if e.get("keep_it"):  # 603.7c: "that creature" of the trigger that created it (the Ring's blocked-by ability)
        info["obj"] = next((x for x in refs(g, r, "it") if isinstance(x, int)), None)
    if "'damaged'" in repr(e.get("effects")):  # 603.7c: "destroy that creature at end of combat" of "whenever a
        # Warrior deals combat damage to a creature" (Sosuke): the creature dealt the damage, as the trigger named it
        info["target"] = next((x for x in refs(g, r, "damaged") if isinstance(x, int)), None)
    step = e.get("step", "end")
    d: dict[str, Any] = {"step": step, "controller": s.controller, "ability": ab, "source": source_id(g, r),
                         "card": s.card, "info": info}
    if step == "your_upkeep":  # "at the beginning of your next upkeep": the next upkeep of its controller's turn
        d.update(step="upkeep", whose="you")
    elif step == "owner_upkeep":  # "at the beginning of their next upkeep" (Phytotitan): of the owner of the card
        src = source_id(g, r)  # the source returned (its card's owner, 108.3)
        d.update(step="upkeep", whose="player", player=g.objects[src].owner if src in g.objects else s.controller)
    elif step == "your_main":  # "at the beginning of your next main phase": pre- or postcombat (505.1, 505.4)
        d.update(step="main", whose="you")
    elif step == "your_end":  # "at the beginning of your next end step" (Glorious End): its controller's turn's
        d.update(step="end", whose="you")
    elif step == "that_turn_end":  # "at the beginning of that turn's end step" after "take an extra turn after this
        d.update(step="end", turn=g.turn + 1)  # one": the extra turn is taken next (500.7), the turn after this
    g.delayed.append(d)
