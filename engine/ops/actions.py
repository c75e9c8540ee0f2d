"""The "action" op: keyword actions of CR 701 (closed list in engine/cards/abilities.py).

ACTIONS maps the action names this engine carries out to their functions (the Ring tempting a player
registers its own: engine/ops/ring.py); the others (venture, initiative, learn, ...) need rules state
this package cannot add on its own.

engine/support.py counts a card with an "action" op as supported only when its action
name is in ACTIONS.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable

from engine import (
    archenemy,
    dungeon,
    knowledge,
    phasing,
    planechase,
    player_control,
    player_statics,
    replacement,
    rooms,
    seats,
    triggers,
    until,
)
from engine.actions import add_effect, ascend, create_token, create_tokens, gain_life, lose_life, remove_from_combat
from engine.cards.abilities import Ability, CardDef, Effect
from engine.cards.compiler import compile_abilities_text, compile_card
from engine.choices import COLORS, ENTER_CHOICES, seen_names
from engine.errors import IllegalAction
from engine.facedown import is_face_down, manifest, put_down, turn_down
from engine.filters import matches
from engine.layers import counters_allowed
from engine.mana import mana_value
from engine.ops import nested
from engine.ops.base import table
from engine.ops.cast import exile_and_offer
from engine.ops.objects import token_def
from engine.state import create_object
from engine.transform import become, flip, transform
from engine.values import amount, controller, designation_holder, one_opponent, refs, source_id, this

if TYPE_CHECKING:
    from engine.game import Game

OPS, op = table()
ACTIONS: dict[str, Callable[["Game", dict, Effect], "dict | None"]] = {}
#: actions a player may be unable to do (forage): "you may X. If you do, ..." is a yes only when they can
#: (engine/ops/misc.py may, 117.3); each takes the game and the player
ACTION_CAN: dict[str, Callable[["Game", str, Effect], bool]] = {}


def action(name: str):
    def deco(fn):
        ACTIONS[name] = fn
        return fn
    return deco


def _add_counters(g: "Game", oid: int, kind: str, n: int, by: str) -> None:
    """Put ``n`` counters of ``kind`` on ``oid``, as many as its replacement effects make it (614.1a; a
    keyword action asks no order of them: the first collected applies first); ``by`` puts them (121.6)."""
    o = g.objects.get(oid)
    if o is None or n <= 0 or not counters_allowed(g, oid, kind):
        return
    got = replacement.counter_count(g, oid, kind, n, ask=False)
    o.counters[kind] = o.counters.get(kind, 0) + got
    replacement.done(g, f"counters:{oid}:{kind}")
    g.changed()
    triggers.counters_put(g, oid, kind, got, by)


def _n(g: "Game", r: dict, e: Effect) -> int:
    return amount(g, e.get("amount", 1), source_id(g, r), r)


def _objs(g: "Game", r: dict, ref: Any) -> list[int]:
    return [x for x in refs(g, r, ref) if isinstance(x, int) and x in g.objects
            and g.objects[x].zone == "battlefield"]


@action("become_blocked")
def _become_blocked(g: "Game", r: dict, e: Effect) -> None:
    """509.1h, 510.1c: "Target unblocked attacking creature becomes blocked" (Curtain of Light): it is a blocked
    creature with no creature blocking it (it assigns no combat damage unless it has trample, 702.19e); its
    "becomes blocked" abilities trigger."""
    for x in refs(g, r, e.args["what"]):
        o = g.objects.get(x) if isinstance(x, int) else None
        if o is None or o.zone != "battlefield" or o.attacking is None or o.blocked:
            continue
        o.blocked = True
        g.changed()
        triggers.event(g, {"event": "becomes_blocked", "obj": x})


@action("transform")
def _transform(g: "Game", r: dict, e: Effect) -> None:
    """701.25: transform the permanents it names (engine/transform.py)."""
    for x in _objs(g, r, e.get("what", "self")):
        transform(g, x, r["obj"])


@action("turn_face_down")
def _turn_face_down(g: "Game", r: dict, e: Effect) -> None:
    """"Turn target creature face down" (engine/facedown.py turn_down; 711.10: not a double-faced one)."""
    for x in _objs(g, r, e.get("what", "self")):
        turn_down(g, x, e.get("look"))


@action("look_face_down")
def _look_face_down(g: "Game", r: dict, e: Effect) -> None:
    """"You may look at each face-down creature that's attacking or blocking" (Revealing Wind), "Look at target
    face-down creature" (707.5, 400.2): its controller knows from now on which card each one is (engine/facedown.py
    known_to, engine/view.py); nobody else learns it."""
    p = controller(g, r)
    for x in _objs(g, r, e.get("what", "self")):
        o = g.objects[x]
        if is_face_down(o) and p not in o.chosen.get("looked_by", ()):
            o = g.objects[x] = o.copy()  # replaced, not changed in place (Game.copy shares objects)
            o.chosen["looked_by"] = [*o.chosen.get("looked_by", ()), p]
            g.changed()


@action("saddle")
def _saddle(g: "Game", r: dict, e: Effect) -> None:
    """Saddle (a later keyword, Outlaws of Thunder Junction): the permanents become saddled until end of turn (a
    designation kept on the object for this turn; a new object, 400.7, is not saddled)."""
    by = list(this(g, r).chosen.get("tapped_for_cost", ()))  # the creatures its saddle cost tapped
    for x in _objs(g, r, e.get("what", "self")):
        o = g.objects[x] = g.objects[x].copy()  # replaced, not changed in place (Game.copy shares objects)
        before = o.chosen.get("saddled_by") if o.chosen.get("saddled") == g.turn else None
        o.chosen["saddled"] = g.turn
        o.chosen["saddled_by"] = [*(before or ()), *by]  # "a creature that saddled it this turn"
        g.changed()
        g.log("saddled", card=o.card.name, obj=x)


@action("prepare")
def _prepare(g: "Game", r: dict, e: Effect) -> None:
    """"SELF becomes prepared" (a later mechanic, Secrets of Strixhaven): the permanent has the prepared designation
    until a copy of its spell is cast (engine/prepare.py); a new object, 400.7, is not prepared."""
    for x in _objs(g, r, e.get("what", "self")):
        if g.objects[x].zone != "battlefield":
            continue
        o = g.objects[x] = g.objects[x].copy()  # replaced, not changed in place (Game.copy shares objects)
        o.chosen["prepared"] = True
        g.changed()
        g.log("prepared", card=o.card.name, obj=x)


@action("flip")
def _flip(g: "Game", r: dict, e: Effect) -> None:
    """709: flip the permanents it names (engine/transform.py)."""
    for x in _objs(g, r, e.get("what", "self")):
        flip(g, x)


@action("proliferate")
def _proliferate(g: "Game", r: dict, e: Effect) -> dict | None:
    """701.27: choose any number of permanents and/or players with counters; each gets
    another counter of each kind already there."""
    p = controller(g, r)
    opts: list[Any] = [i for i in g.battlefield if any(v > 0 for v in g.objects[i].counters.values())]
    opts += [q for q in g.order if g.players[q].poison > 0 or g.players[q].counters]
    if not opts:  # proliferating with nothing to choose is still proliferating ("whenever you proliferate")
        triggers.event(g, {"event": "proliferate", "player": p})
        return None
    got = nested.answer(r, "proliferate")
    if got is None:
        return nested.ask_cards(r, "proliferate", p, opts, 0, len(opts),
                                "proliferate: choose permanents and players")
    for x in got:
        if isinstance(x, str):
            pl = g.players[x]
            if pl.poison > 0 and player_statics.can_get_counters(g, x, "poison"):
                pl.poison += replacement.player_counter_count(g, x, "poison", 1)  # (614.1a: "that many plus one")
            for k in list(pl.counters):  # 121.1: each kind of counter the player has (energy, experience)
                if player_statics.can_get_counters(g, x, k):
                    pl.counters[k] += replacement.player_counter_count(g, x, k, 1)
        elif x in g.objects:
            for k, v in list(g.objects[x].counters.items()):
                if v > 0:
                    _add_counters(g, x, k, 1, controller(g, r))
    g.log("proliferate", player=p, count=len(got))
    triggers.event(g, {"event": "proliferate", "player": p})  # "whenever you proliferate" (a later trigger, ONE)
    return None


@action("amass")
def _amass(g: "Game", r: dict, e: Effect) -> dict | None:
    """Amass (2023, not in 2016 rules): if you control no Army, create a 0/0 black <Subtype> Army token; choose
    an Army you control, put N +1/+1 counters on it; it becomes a <Subtype> too."""
    p = controller(g, r)
    sub = e.get("subtype", "Zombie")
    f = {"types": ["Creature"], "subtypes": ["Army"], "controller": "you"}
    armies = [i for i in g.battlefield if matches(g, i, f, None, p)]
    if not armies and nested.answer(r, "army") is None:
        card = token_def(Effect("token", {"types": ["Creature"], "subtypes": [sub, "Army"], "colors": ["B"],
                                             "power": 0, "toughness": 0}))
        made = create_token(g, card, p)
        r["answers"][nested.slot(r, "army")] = [made]
    got = nested.choose_one(r, "army", p, armies, f"amass {sub}: choose an Army")
    if isinstance(got, dict):
        return got
    r["amassed"] = list(got)  # "the Army you amassed" (engine/values.py refs)
    for a in got:
        if a in g.objects and g.objects[a].zone == "battlefield":
            _add_counters(g, a, "+1/+1", _n(g, r, e), controller(g, r))
            if sub not in g.chars(a).subtypes:
                add_effect(g, "4", [a], r, "never", types=[], subtypes=[sub], in_addition=True)
    return None


@action("explore")
def _explore(g: "Game", r: dict, e: Effect) -> dict | None:
    """Explore (not in 2016 rules): reveal the top card; a land goes to hand, otherwise a +1/+1 counter on the
    exploring creature and the card may go to the graveyard. Then each creature has explored: "whenever a
    creature you control explores" triggers (603.2; event "explores", once the whole action is done)."""
    p = controller(g, r)
    who = _objs(g, r, e.get("what", "self"))
    st = r.setdefault("dig", {})
    key = f"explore.{r['i']}"
    if key not in st:
        lib = g.players[p].library
        top = lib[0] if lib else None
        st[key] = top
        if top is not None:
            knowledge.show(g, [top])  # 701.13a: stays known if it stays on top
            g.log("reveal", player=p, cards=[g.objects[top].card.name], objs=[top])
            if "Land" in g.objects[top].card.types:
                g.move(top, "hand")
                st[key] = None
                _explored(g, who, p)
                return None
        for c in who:
            _add_counters(g, c, "+1/+1", 1, controller(g, r))
    top = st[key]
    if top is None or top not in g.objects:
        _explored(g, who, p)
        return None
    got = nested.answer(r, "explore")
    if got is None:
        return nested.ask_yes_no(r, "explore", p, f"put {g.objects[top].card.name} into your graveyard?")
    if got == "yes":
        g.move(top, "graveyard")
    _explored(g, who, p)
    return None


def _explored(g: "Game", who: list[int], player: str) -> None:
    """Each creature that explored: the event its controller's "whenever a creature you control explores"
    abilities see (603.2)."""
    for c in who:
        if isinstance(c, int) and c in g.objects:
            triggers.event(g, {"event": "explores", "obj": c, "player": g.controller_of(c) or player})


@action("bolster")
def _bolster(g: "Game", r: dict, e: Effect) -> dict | None:
    """701.32: N +1/+1 counters on a creature with the least toughness among yours."""
    p = controller(g, r)
    mine = [i for i in g.battlefield if matches(g, i, {"types": ["Creature"], "controller": "you"}, None, p)]
    if not mine:
        return None
    low = min(g.chars(i).toughness for i in mine)
    least = [i for i in mine if g.chars(i).toughness == low]
    got = nested.choose_one(r, "bolster", p, least, "bolster: choose a creature")
    if isinstance(got, dict):
        return got
    for i in got:
        _add_counters(g, i, "+1/+1", _n(g, r, e), controller(g, r))
    return None


@action("adapt")
def _adapt(g: "Game", r: dict, e: Effect) -> None:
    """Adapt (keyword action, not in 2016 rules): if it has no +1/+1 counters, put N on it; "the next time it adapts
    this turn, it adapts as though it had no +1/+1 counters on it" (adapt_fresh): this time, whatever it has."""
    for i in _objs(g, r, e.get("what", "self")):
        fresh = g.objects[i].chosen.pop("adapt_fresh_turn", None) == g.turn
        if fresh or not g.objects[i].counters.get("+1/+1"):
            _add_counters(g, i, "+1/+1", _n(g, r, e), controller(g, r))


@action("adapt_fresh")
def _adapt_fresh(g: "Game", r: dict, e: Effect) -> None:
    """"The next time target creature adapts this turn, it adapts as though it had no +1/+1 counters on it"
    (Biomancer's Familiar; adapt is a later keyword action): marked on that permanent for this turn only."""
    for i in _objs(g, r, e.get("what", "self")):
        g.objects[i].chosen["adapt_fresh_turn"] = g.turn


@action("monstrosity")
def _monstrosity(g: "Game", r: dict, e: Effect) -> None:
    """701.28a: if this permanent isn't monstrous, put N +1/+1 counters on it and it becomes
    monstrous (a designation kept until it leaves the battlefield, 701.28b-c)."""
    for i in _objs(g, r, e.get("what", "self")):
        if not g.objects[i].chosen.get("monstrous"):
            _add_counters(g, i, "+1/+1", _n(g, r, e), controller(g, r))
            g.objects[i].chosen["monstrous"] = True
            g.changed()
            triggers.event(g, {"event": "monstrous", "obj": i, "player": g.controller_of(i)})  # "becomes monstrous"


@action("unlock_door")
def _unlock_door(g: "Game", r: dict, e: Effect) -> dict | None:
    """"Unlock a locked door of up to one target Room you control" (Rooms, a later layout: engine/rooms.py): with
    both doors locked, the effect's controller chooses which one (608.2d), asked before any door unlocks."""
    you = controller(g, r)
    picks: list[tuple[int, int]] = []
    for k, i in enumerate(_objs(g, r, e.get("what", "self"))):
        doors = rooms.locked_doors(g, i)
        if len(doors) == 1:
            picks.append((i, doors[0][0]))
        elif len(doors) > 1:
            key = f"{r['i']}.door.{k}"
            got = r["answers"].get(key)
            names = [n for _, n in doors]
            if got is None:
                return {"kind": "choose_option", "player": you, "options": names, "slot": key,
                        "prompt": f"{this(g, r).card.name}: the door of {g.objects[i].card.name} to unlock"}
            picks.append((i, doors[names.index(got)][0] if got in names else doors[0][0]))
    for i, door in picks:
        if i in g.objects and g.objects[i].zone == "battlefield":
            rooms.unlock_door(g, i, door, you)
    return None


@action("lock_or_unlock_door")
def _lock_or_unlock_door(g: "Game", r: dict, e: Effect) -> dict | None:
    """"Lock or unlock a door of target Room you control" (Rooms, a later layout: engine/rooms.py): its controller
    chooses a door (608.2d); a locked one becomes unlocked (its unlock trigger), an unlocked one locked."""
    you = controller(g, r)
    picks: list[tuple[int, int, bool]] = []
    for k, i in enumerate(_objs(g, r, e.get("what", "self"))):
        ds = rooms.doors(g, i)
        if not ds:
            continue
        key = f"{r['i']}.door.{k}"
        got = r["answers"].get(key)
        opts = [f"{'lock' if unlocked else 'unlock'} {name}" for _, name, unlocked in ds]
        if got is None:
            return {"kind": "choose_option", "player": you, "options": opts, "slot": key,
                    "prompt": f"{this(g, r).card.name}: lock or unlock a door of {g.objects[i].card.name}"}
        j = opts.index(got) if got in opts else 0
        picks.append((i, ds[j][0], ds[j][2]))
    for i, door, unlocked in picks:
        if i in g.objects and g.objects[i].zone == "battlefield":
            (rooms.lock_door if unlocked else rooms.unlock_door)(g, i, door, you)
    return None


@action("class_level")
def _class_level(g: "Game", r: dict, e: Effect) -> None:
    """A Class's level ability resolved (a later rule, Adventures in the Forgotten Realms, 2021; not in the 2016
    rules): the Class becomes that level (a designation, not counters; kept until it leaves the battlefield, 400.7),
    and "When this Class becomes level N" triggers."""
    for i in _objs(g, r, e.get("what", "self")):
        g.objects[i].chosen["class_level"] = int(e.get("level", 1))
        g.changed()
        triggers.event(g, {"event": "class_level", "obj": i, "player": g.controller_of(i), "level": e.get("level")})


@action("solve")
def _solve(g: "Game", r: dict, e: Effect) -> None:
    """A Case's "to solve" ability resolved (a later rule, Murders at Karlov Manor, 2024: rule 719, not in the 2016
    rules): the Case becomes solved (a designation, kept until it leaves the battlefield, 400.7), and "whenever you
    solve a Case" triggers."""
    for i in _objs(g, r, e.get("what", "self")):
        if g.objects[i].zone != "battlefield" or g.objects[i].chosen.get("solved"):
            continue
        g.objects[i].chosen["solved"] = True
        g.changed()
        triggers.event(g, {"event": "solve", "obj": i, "player": g.controller_of(i)})


@action("renowned")
def _renowned(g: "Game", r: dict, e: Effect) -> None:
    """702.111b: it becomes renowned (a designation, kept until it leaves the battlefield)."""
    for i in _objs(g, r, e.get("what", "self")):
        g.objects[i].chosen["renowned"] = True
        g.changed()
        triggers.event(g, {"event": "renowned", "obj": i, "player": g.controller_of(i)})  # "becomes renowned"


@action("populate")
def _populate(g: "Game", r: dict, e: Effect) -> dict | None:
    """701.30: create a token that's a copy of a creature token you control."""
    p = controller(g, r)
    toks = [i for i in g.battlefield
            if matches(g, i, {"types": ["Creature"], "controller": "you", "token": True}, None, p)]
    if not toks:
        return None
    got = nested.choose_one(r, "populate", p, toks, "populate: choose a creature token")
    if isinstance(got, dict):
        return got
    r["created"] = create_tokens(g, [(g.objects[i].card, p) for i in got if i in g.objects
                                     for _ in range(replacement.token_count(g, p, g.objects[i].card, 1))])  # 614.1a
    return None


@action("connive")
def _connive(g: "Game", r: dict, e: Effect) -> dict | None:
    """Connive (not in 2016 rules): draw a card, then discard a card; a nonland card discarded: +1/+1 counter."""
    p = controller(g, r)
    who = _objs(g, r, e.get("what", "self"))
    st = r.setdefault("dig", {})
    key = f"connive.{r['i']}"
    if key not in st:
        g.draw(p, 1)
        st[key] = True
    hand = list(g.players[p].hand)
    if not hand:
        return None
    got = nested.answer(r, "connive")
    if got is None:
        return nested.ask_cards(r, "connive", p, hand, 1, 1, "connive: discard a card")
    nonland = False
    for c in got:
        if c in g.objects and g.objects[c].zone == "hand":
            nonland |= "Land" not in g.objects[c].card.types
            g.move(c, "graveyard")
    if nonland:
        for i in who:
            _add_counters(g, i, "+1/+1", 1, controller(g, r))
    return None


@action("fateseal")
def _fateseal(g: "Game", r: dict, e: Effect) -> dict | None:
    """701.29: look at the top N of an opponent's library; any number go to the bottom."""
    p = controller(g, r)
    if e.get("who") is not None:  # "look at the top card of target player's library. You may put that card on
        ps = [q for q in refs(g, r, e.args["who"]) if isinstance(q, str)]  # the bottom" (Jace, the Mind Sculptor)
        if not ps:
            return None
        opp = ps[0]
    else:
        opp = one_opponent(g, r, "an_opponent")  # 701.19a: an opponent's library (the controller chooses)
    top = g.players[opp].library[:_n(g, r, e)]
    if not top:
        return None
    got = nested.answer(r, "fateseal")
    if got is None:
        knowledge.show(g, top, [p])  # 701.19a: the player looks at them
        g.log("look", player=p, cards=[g.objects[c].card.name for c in top], objs=list(top), audience=[p],
              owner=opp)
        return nested.ask_cards(r, "fateseal", p, top, 0, len(top),
                                "fateseal: choose the cards to put on the bottom")
    for c in got:
        if c in g.objects:
            g.move(c, "library", top=False)
    return None


@action("manifest")
@action("cloak")
def _manifest(g: "Game", r: dict, e: Effect) -> None:
    """701.31a, 701.31d: the player manifests the top N cards of their library, one at a time
    (engine/facedown.py); the permanents are "it" for the next instruction. Cloak (later than
    the 2016 rules: Murders at Karlov Manor) is the same with ward {2}."""
    r["created"] = []
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str):
            r["created"] += manifest(g, p, _n(g, r, e), e.get("name", "manifest"))


@action("put_face_down")
def _put_face_down(g: "Game", r: dict, e: Effect) -> dict | None:
    """"Put any number of cards from your hand onto the battlefield face down. They're 5/5 artifact creatures."
    (Tezzeret, Cruel Machinist): the player chooses the cards; each is turned face down (707.2: the characteristics
    the effect gives, ``look``; a 2/2 creature otherwise) and put onto the battlefield under their control. Only a
    morph ability turns one face up (702.36e, 707.8); they are "they" for the next instruction."""
    p = controller(g, r)
    hand = list(g.players[p].hand)
    r["created"] = []
    if not hand:
        return None
    got = nested.answer(r, "put_face_down")
    if got is None:
        return nested.ask_cards(r, "put_face_down", p, hand, 0, len(hand),
                                "choose the cards to put onto the battlefield face down")
    for c in got:
        if c in g.objects and g.objects[c].zone == "hand" and g.objects[c].owner == p:
            put_down(g, c, "put", e.get("look"))
            r["created"].append(g.move(c, "battlefield", controller=p))
    return None


@action("goad")
def _goad(g: "Game", r: dict, e: Effect) -> None:
    """Goad (a later keyword action: Commander 2017): until your next turn,
    each goaded creature attacks each combat if able and attacks a player other than you if able
    (the requirement of 508.1d; engine/combat.py reads ``goaded_by``)."""
    objs = _objs(g, r, e.get("what"))
    if objs:
        add_effect(g, "rule", objs, r, "your_next_turn", rule="must_attack", goaded_by=controller(g, r))


@action("phase_out")
def _phase_out(g: "Game", r: dict, e: Effect) -> None:
    """702.25b: the permanents phase out (engine/phasing.py); each phases in during the untap step of the player
    who controlled it as it phased out (702.25a)."""
    for x in _objs(g, r, e.get("what")):
        if x in g.objects and g.objects[x].zone == "battlefield":
            phasing.phase_out(g, x)
            r.setdefault("phased", []).append(x)  # "they can't phase in" of the next instruction


@action("keep_phased_out")
def _keep_phased_out(g: "Game", r: dict, e: Effect) -> None:
    """"Each creature target opponent controls phases out. Until the end of your next turn, they can't phase in"
    (Teferi, Timeless Voyager): the permanents the instruction before phased out stay out through their
    controllers' untap steps until that turn ends (702.25a, 611.2a; engine/phasing.py untap_step)."""
    objs = [x for x in r.get("phased", ()) if x in g.objects and g.objects[x].zone == "phased_out"]
    if objs:
        add_effect(g, "phase_hold", objs, r, "next_turn_end", after_turn=g.turn)


@lru_cache(maxsize=1)
def incubator() -> CardDef:
    """The Incubator token (a later predefined token: March of the Machine, 2023): a colorless
    artifact with "{2}: Transform this artifact.", its back face a 0/0 colorless Phyrexian
    artifact creature named Phyrexian Token (a double-faced token, transformed as 701.25 says)."""
    front = compile_card({"name": "Incubator", "types": ["Artifact"], "subtypes": ["Incubator"],
                          "text": "{2}: Transform this artifact.", "manaCost": ""})
    back = compile_card({"name": "Phyrexian Token", "types": ["Artifact", "Creature"], "subtypes": ["Phyrexian"],
                         "text": "", "manaCost": "", "power": "0", "toughness": "0"})
    return replace(front, layout="transform", faces=(back,))


@action("incubate")
def _incubate(g: "Game", r: dict, e: Effect) -> None:
    """Incubate N (a later keyword action: March of the Machine, 2023):
    create an Incubator token with N +1/+1 counters on it; it is "it" for the next instruction."""
    p = controller(g, r)
    n = _n(g, r, e)
    made = replacement.token_count(g, p, incubator(), 1) if seats.can_control(g, p) else 0  # 614.1a
    r["created"] = create_tokens(g, [(incubator(), p)] * made, counters={"+1/+1": n})


@action("discover")
def _discover(g: "Game", r: dict, e: Effect) -> dict | None:
    """Discover N (a later keyword action: The Lost Caverns of Ixalan, 2023): exile cards from the
    top of your library until you exile a nonland card with mana value N or less; cast it without
    paying its mana cost or put it into your hand; the rest go on the bottom of your library in a
    random order (as cascade does, 702.84a)."""
    return exile_and_offer(g, r, "discover", _n(g, r, e), "hand")


@lru_cache(maxsize=1)
def monarch_card() -> CardDef:
    """The monarch (a later designation: Conspiracy: Take the Crown, 2016), kept
    as an object in the monarch's command zone that carries its two inherent triggered abilities:
    "At the beginning of the monarch's end step, that player draws a card" and "Whenever a creature
    deals combat damage to the monarch, its controller becomes the monarch" (engine/triggers.py
    matches events against it as against an emblem, 113.4)."""
    draw = compile_abilities_text("At the beginning of your end step, draw a card.") or []
    take = Ability("triggered", "Whenever a creature deals combat damage to you, its controller becomes the monarch.",
                   effects=(Effect("action", {"name": "become_the_monarch", "who": {"controller_of": "it"}}),),
                   trigger={"event": "combat_damage_player", "filter": {"types": ["Creature"]}, "defending": "you"})
    return CardDef(name="The Monarch", mana_cost=(), types=("Designation",), abilities=(*draw, take))


@lru_cache(maxsize=1)
def initiative_card() -> CardDef:
    """The initiative (a later designation: Commander Legends: Battle for Baldur's Gate, 2022; not in the 2016
    rules), kept as an object in its holder's command zone as the monarch is, with its two inherent triggered
    abilities: "At the beginning of the upkeep of the player who has the initiative, that player ventures into
    Undercity" and "Whenever one or more creatures a player controls deal combat damage to the player who has the
    initiative, that player takes the initiative" (one trigger for the creatures of one combat damage step,
    603.2c: the batch of that step; "that player" is the controller of the creatures, the first of them)."""
    venture = Ability("triggered", "At the beginning of your upkeep, venture into Undercity.",
                      effects=(Effect("action", {"name": "venture_into_the_dungeon", "dungeons": ["Undercity"]}),),
                      trigger={"event": "step", "step": "upkeep", "whose": "you"})
    take = Ability("triggered", "Whenever one or more creatures a player controls deal combat damage to you, that "
                   "player takes the initiative.",
                   effects=(Effect("action", {"name": "take_the_initiative", "who": {"controller_of": "it"}}),),
                   trigger={"event": "combat_damage_player", "filter": {"types": ["Creature"]}, "defending": "you",
                            "batch": True})
    return CardDef(name="The Initiative", mana_cost=(), types=("Designation",), abilities=(venture, take))


@action("endure")
def _endure(g: "Game", r: dict, e: Effect) -> dict | None:
    """Endure N (a later keyword action: Tarkir: Dragonstorm, 2025): the permanent's controller puts N +1/+1
    counters on it or creates an N/N white Spirit creature token; for a permanent no longer on the battlefield
    (or one that can't have the counters), the token. Each permanent told to endure, in turn; every choice is made
    before anything is done (an op that asks runs again from its start)."""
    n = _n(g, r, e)
    if n <= 0:
        return None
    what = e.get("what", "self")
    whats: list[int | None] = [x for x in refs(g, r, what) if isinstance(x, int) and x in g.objects]
    if not whats and what == "self":
        whats = [None]  # SELF left the battlefield (400.7): its controller makes the token
    plan: list[tuple[int | None, str, bool]] = []
    for k, x in enumerate(whats):
        o = g.objects[x] if x is not None else None
        here = o is not None and o.zone == "battlefield" and counters_allowed(g, o.id, "+1/+1")
        ctl = g.controller_of(o.id) if o is not None and o.zone == "battlefield" else controller(g, r)
        if ctl is None or ctl not in g.players:
            continue
        counters = False
        if here and o is not None:
            got = nested.answer(r, f"endure{k}")
            if got is None:
                return {"kind": "choose_option", "player": ctl, "slot": nested.slot(r, f"endure{k}"),
                        "options": [f"put {n} +1/+1 counters on {o.card.name}",
                                    f"create a {n}/{n} white Spirit creature token"],
                        "prompt": f"{o.card.name} endures {n}"}
            counters = str(got).startswith("put ")
        plan.append((x, ctl, counters))
    for x, ctl, counters in plan:
        if counters and x is not None:
            _add_counters(g, x, "+1/+1", n, controller(g, r))
        elif seats.can_control(g, ctl):
            spirit = token_def(Effect("token", {"power": n, "toughness": n, "colors": ["W"], "subtypes": ["Spirit"],
                                                "types": ["Creature"]}))
            create_tokens(g, [(spirit, ctl)] * replacement.token_count(g, ctl, spirit, 1))
        g.log("endure", card=g.objects[x].card.name if x is not None and x in g.objects else "", amount=n,
              how="counters" if counters else "token")
    return None


def _own_creatures(g: "Game", player: str) -> list[int]:
    return [i for i in g.battlefield if g.chars(i).controller == player and "Creature" in g.chars(i).types]


def can_blight(g: "Game", player: str, e: Effect) -> bool:
    """Can ``player`` blight: do they control a creature?"""
    return bool(_own_creatures(g, player))


ACTION_CAN["blight"] = can_blight


@action("blight")
def _blight(g: "Game", r: dict, e: Effect) -> dict | None:
    """Blight N (a later keyword action: Lorwyn Eclipsed, 2026): the player puts N -1/-1 counters on a creature
    they control, chosen as the action is performed; with none, they can't (an "If you do" that follows does
    nothing, r["did"]). "Target opponent blights 2", "each opponent blights 1" (``who``): each of those players
    blights, in turn order (101.4), each choosing their own creature."""
    players = [controller(g, r)] if e.get("who") is None else \
        [x for x in seats.apnap(g) if x in refs(g, r, e.get("who")) and not g.players[x].lost]
    done = r.setdefault("blight_done", {}).setdefault(str(r["i"]), [])
    r["did"] = False
    for p in players:
        if p in done:
            continue
        mine = _own_creatures(g, p)
        key = "blight" if e.get("who") is None else f"blight.{p}"
        if not mine:
            done.append(p)
            continue
        got = nested.answer(r, key)
        if got is None:
            return nested.ask_cards(r, key, p, mine, 1, 1, f"blight {_n(g, r, e)}: the creature you control that "
                                                          "gets the -1/-1 counters")
        done.append(p)
        chosen = [x for x in got if x in mine]
        if not chosen:
            continue
        _add_counters(g, chosen[0], "-1/-1", _n(g, r, e), controller(g, r))
        r["did"] = True
        g.log("blight", player=p, card=g.objects[chosen[0]].card.name, amount=_n(g, r, e))
    return None


def _evidence(g: "Game", player: str) -> list[int]:
    return list(g.players[player].graveyard)


def _mv(g: "Game", oid: int) -> int:
    return int(mana_value(g.objects[oid].card.mana_cost))


def can_collect_evidence(g: "Game", player: str, e: Effect) -> bool:
    """Can ``player`` collect evidence N: do the cards in their graveyard have total mana value N or greater?"""
    need = e.get("amount", 1)
    return isinstance(need, int) and sum(_mv(g, c) for c in _evidence(g, player)) >= need


ACTION_CAN["collect_evidence"] = can_collect_evidence


@action("collect_evidence")
def _collect_evidence(g: "Game", r: dict, e: Effect) -> dict | None:
    """Collect evidence N (a later keyword action, Murders at Karlov Manor, 2024; not in the 2016 rules): the player
    exiles any number of cards from their graveyard with total mana value N or greater (202.3); with less there, they
    can't (an "If you do" that follows does nothing, r["did"]). "Whenever you collect evidence" triggers."""
    p = controller(g, r)
    grave, need = _evidence(g, p), _n(g, r, e)
    r["did"] = False
    if sum(_mv(g, c) for c in grave) < need:
        return None
    got = nested.answer(r, "evidence")
    if got is None:
        return dict(nested.ask_cards(r, "evidence", p, grave, 1 if need > 0 else 0, len(grave),
                                     f"collect evidence {need}: exile cards with total mana value {need} or greater "
                                     "from your graveyard"),
                    total_least=need, values=[_mv(g, c) for c in grave])
    for c in got:
        if c in g.objects and g.objects[c].zone == "graveyard":
            g.move(c, "exile")
    r["did"] = True
    g.log("collect_evidence", player=p, amount=need)
    g.changed()
    triggers.event(g, {"event": "collect_evidence", "player": p})
    return None


@lru_cache(maxsize=1)
def speed_card() -> CardDef:
    """Speed (a later rule: Aetherdrift, 2025; not in the 2016 rules), kept as ``Player.speed`` and, for its inherent
    triggered ability, as an object in the command zone of each player who has speed (matched against events as the
    monarch is, engine/triggers.py): "Whenever one or more opponents lose life during your turn, if your speed is
    less than 4, your speed increases by 1. This ability triggers only once each turn." (603.4: the "if" is checked
    as it triggers and as it resolves; "during your turn" with it, a loss in another turn triggers nothing and
    uses up nothing.)"""
    up = Ability("triggered", "Whenever one or more opponents lose life during your turn, if your speed is less than "
                 "4, your speed increases by 1. This ability triggers only once each turn.",
                 effects=(Effect("action", {"name": "speed_up"}),),
                 trigger={"event": "lose_life", "who": "opponent", "limit_per_turn": 1},
                 condition={"your_turn": True, "max_speed": False})
    return CardDef(name="Speed", mana_cost=(), types=("Designation",), abilities=(up,))


def start_speed(g: "Game", p: str) -> bool:
    """Start your engines! (a later keyword: Aetherdrift, 2025): a player who controls a permanent with it and has
    no speed gets speed 1, as a state-based action (engine/sba.py); True when ``p`` got it now. Their speed stays
    for the rest of the game, whatever they control."""
    pl = g.players[p]
    if pl.speed or pl.lost:
        return False
    pl.speed = 1
    o = create_object(g, speed_card(), p, "command", token=True)
    pl.command.append(o.id)
    g.log("speed", player=p, speed=1)
    g.changed()
    return True


@action("speed_up")
def _speed_up(g: "Game", r: dict, e: Effect) -> None:
    """Speed's inherent triggered ability (a later rule: Aetherdrift, 2025): the controller's speed increases by 1,
    to 4 at most ("max speed")."""
    pl = g.players[controller(g, r)]
    if 0 < pl.speed < 4:
        pl.speed += 1
        g.log("speed", player=pl.name, speed=pl.speed)
        g.changed()


def designations(g: "Game", p: str) -> list[str]:
    """The designations ``p`` has (the monarch, the initiative: later rules), by name."""
    return [g.objects[i].card.name for i in g.players[p].command if "Designation" in g.objects[i].card.types]


def pass_designations(g: "Game", p: str, held: list[str]) -> None:
    """The designations ``p`` had as they left the game (later rules, not in the 2016 text): the active player
    becomes the monarch (Conspiracy: Take the Crown) and takes the initiative (Commander Legends: Battle for
    Baldur's Gate), or the next player in turn order when the active player is the one leaving. Taking the
    initiative ventures into Undercity: that venture is put on the stack as the designation's own ability, its
    controller the new holder (this engine asks the room choices of a resolving object)."""
    if not held:
        return
    who = g.active if g.active != p and not g.players[g.active].lost else seats.next_player(g, p)
    if who == p or g.players[who].lost:
        return
    for name in held:
        card = monarch_card() if name == monarch_card().name else initiative_card() if name == \
            initiative_card().name else None
        if card is None:
            continue
        _designate(g, card, who)
        g.log("monarch" if card is monarch_card() else "initiative", player=who)
        if card is monarch_card():
            until.designated(g, "monarch", who)  # "exile ... until an opponent becomes the monarch"
            triggers.event(g, {"event": "becomes_monarch", "player": who})
            continue
        venture = Ability("triggered", "Venture into Undercity.",
                          effects=(Effect("action", {"name": "venture_into_the_dungeon", "dungeons": ["Undercity"]}),),
                          trigger={"event": "state"})
        g.triggered.append({"controller": who, "ability": venture, "source": g.players[who].command[-1],
                            "card": card, "info": {}})


def monarch(g: "Game") -> str | None:
    """The player who is the monarch, if any."""
    return designation_holder(g, "The Monarch")


def _designate(g: "Game", card: CardDef, who: str) -> None:
    """``who`` gets the designation ``card`` stands for: only one player has it (the monarch, the initiative): it
    leaves any other player's command zone and a new object stands for it in ``who``'s."""
    for p in g.order:
        for i in [i for i in g.players[p].command if g.objects[i].card.name == card.name
                  and "Designation" in g.objects[i].card.types]:
            g.players[p].command.remove(i)
            del g.objects[i]
    o = create_object(g, card, who, "command", token=True)
    g.players[who].command.append(o.id)
    g.changed()

@action("draw_game")
def _draw_game(g: "Game", r: dict, e: Effect) -> None:
    """104.4c: "the game is a draw" (Divine Intervention); 801.15 with limited range of influence
    (``Game.draw_game``)."""
    g.draw_game(controller(g, r))


@action("name_card")
def _name_card(g: "Game", r: dict, e: Effect) -> dict | None:
    """201.3, 608.2c: "Choose a [nonland] card name." as the spell or ability resolves: its controller
    names any real card (choices.answer_name checks it); the name is kept on the resolving object for
    the instructions after it ("with that name", ``chosen_name`` filters)."""
    s = this(g, r)
    got = r["answers"].get(nested.slot(r, "name"))
    if got is None:
        if "card_name" in s.chosen:  # named already (this instruction run again after a later question)
            return None
        return {"kind": "name_card", "player": controller(g, r),
                "options": seen_names(g, controller(g, r), str(e.get("choice", "card_name"))),
                "choice": e.get("choice", "card_name"), "slot": nested.slot(r, "name"),
                "prompt": f"{s.card.name}: choose a {e.get('choice', 'card_name').replace('_', ' ')} (201.3)"}
    if s.id in g.objects and g.objects[s.id] is s and s.zone != "stack":
        s = g.objects[s.id] = s.copy()  # shared by copies of the game off the stack (Game.copy)
    s.chosen["card_name"] = got
    g.log("chosen", card=s.card.name, obj=s.id, choice="card_name", value=got)
    g.changed()
    return None


@action("pay_or_top")
def _pay_or_top(g: "Game", r: dict, e: Effect) -> dict | None:
    """Sylvan Library: the controller chooses ``amount`` cards of their hand matching ``filter`` (all of them when
    fewer), then for each one pays ``life`` life (119.4: only with that much life; 118.8) or puts that card on top
    of their library, one after the other in the order chosen (the last one put ends on top)."""
    p = controller(g, r)
    f = {**(e.get("filter") or {}), "zone": "hand"}
    picks = nested.answer(r, "cards")
    if picks is None:
        cands = [i for i in g.players[p].hand if matches(g, i, f, source_id(g, r), p)]
        n = min(int(e.get("amount", 1)), len(cands))
        if not n:
            return None
        return nested.ask_cards(r, "cards", p, cands, n, n, f"{this(g, r).card.name}: choose {n} of these cards")
    life = int(e.get("life", 0))
    for k, x in enumerate(list(picks)):
        done = nested.answer(r, f"done.{k}")
        if done is not None or x not in g.objects or g.objects[x].zone != "hand":
            continue
        if player_statics.can_pay_life(g, p, life):
            got = nested.answer(r, f"pay.{k}")
            if got is None:
                return {"kind": "choose_option", "player": p, "options": [f"pay {life} life", "put it on top"],
                        "slot": nested.slot(r, f"pay.{k}"),
                        "prompt": f"{this(g, r).card.name}: pay {life} life or put {g.objects[x].card.name} on top "
                                  "of your library?"}
        else:
            got = "put it on top"
        r["answers"][nested.slot(r, f"done.{k}")] = True
        if str(got).startswith("pay"):
            lose_life(g, p, life, paid=True)  # 119.4: paying life is losing it
        else:
            g.move(x, "library", top=True)
    g.changed()
    return None


@action("reveal_random")
def _reveal_random(g: "Game", r: dict, e: Effect) -> None:
    """701.15a: "reveal a card at random from your hand" (Cursed Scroll): a card of the player's hand chosen at
    random (the game's seeded generator) is shown to every player; the instructions after it read it
    ("if that card has the chosen name": condition "revealed")."""
    got: list[int] = []
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str) and p in g.players and g.players[p].hand:
            x = g.rng.choice(list(g.players[p].hand))
            knowledge.show(g, [x])
            g.log("reveal", player=p, cards=[g.objects[x].card.name], objs=[x])
            got.append(x)
    r["revealed"] = got


@action("venture_into_the_dungeon")
def _venture(g: "Game", r: dict, e: Effect) -> dict | None:
    """Venture into the dungeon (a later keyword action, Adventures in the Forgotten Realms: engine/dungeon.py),
    once or ``times`` times, each a move of its controller's venture marker and a room ability triggered."""
    p = controller(g, r)
    names = tuple(e.get("dungeons") or dungeon.VENTURE)  # "venture into Undercity": that one (a later rule)
    for k in range(int(e.get("times", 1))):
        got = dungeon.venture(g, r, p, nested.slot(r, f"venture.{k}"), names=names)
        if got is not None:
            return got
    return None


@action("planeswalk")
def _planeswalk(g: "Game", r: dict, e: Effect) -> None:
    """701.21: "planeswalk" (a plane's "When SELF has ten or more scroll counters on it, planeswalk", the
    planeswalking ability of 901.8): its controller planeswalks, when they are the planar controller (701.21a)."""
    planechase.planeswalk(g, controller(g, r))


@action("abandon")
def _abandon(g: "Game", r: dict, e: Effect) -> None:
    """701.23: "abandon this scheme": the ongoing scheme is turned face down and put on the bottom of its owner's
    scheme deck (nothing when it is not face up in the command zone any more)."""
    sid = source_id(g, r)
    if sid is not None:
        archenemy.abandon(g, sid)


@action("choose_quality")
def _choose_quality(g: "Game", r: dict, e: Effect) -> dict | None:
    """608.2d: "Choose a creature type." / "Choose a color." as the spell or ability resolves: its controller
    chooses; the choice is kept on the resolving object ("of the chosen type", "of that type": engine/filters.py)."""
    what = str(e.get("choice", "creature_type"))
    s = this(g, r)
    got = r["answers"].get(nested.slot(r, "quality"))
    if got is None:
        if what in s.chosen:  # chosen already (this instruction run again after a later question)
            return None
        return {"kind": "choose_option", "player": controller(g, r),
                "options": list(e.get("options") or ENTER_CHOICES[what]),  # "artifact, creature, or land" (Turnabout)
                "slot": nested.slot(r, "quality"), "prompt": f"{s.card.name}: choose a {what.replace('_', ' ')}"}
    if got not in (e.get("options") or ENTER_CHOICES[what]):
        raise IllegalAction(f"{got!r} is not a {what.replace('_', ' ')}")
    if s.id in g.objects and g.objects[s.id] is s and s.zone != "stack":
        s = g.objects[s.id] = s.copy()  # shared by copies of the game off the stack (Game.copy)
    s.chosen[what] = COLORS[str(got)] if what == "color" else got
    g.log("chosen", card=s.card.name, obj=s.id, choice=what, value=got)
    g.changed()
    return None


@action("exile_named")
def _exile_named(g: "Game", r: dict, e: Effect) -> dict | None:
    """701.15 (Memoricide, Cranial Extraction): search a player's graveyard, hand and library for the cards
    with the chosen name and exile them (``all``: every one; otherwise any number of them, chosen), then
    that player shuffles (701.16). The searcher sees the hand and library searched (701.15a)."""
    f: dict[str, Any] = {"chosen_name": True, "zone": "any_card"}
    if e.get("name_of") is not None:  # "with the same name as that creature": as it last existed (201.2, 608.2h)
        lki = r.get("lki_card", {})
        cards = [g.objects[x].card if x in g.objects else lki.get(x) for x in refs(g, r, e.args["name_of"])
                 if isinstance(x, int)]
        names = [c.name for c in cards if c is not None]
        if not names:
            return None
        f = {"name_in": names, "zone": "any_card"}
    for p in refs(g, r, e.get("who")):
        if not isinstance(p, str) or p not in g.players:
            continue
        ps = g.players[p]
        found = [i for z in (ps.graveyard, ps.hand, ps.library) for i in z if matches(g, i, f, source_id(g, r), p)]
        if e.get("all"):
            picks = found
        else:
            picks = nested.answer(r, f"named.{p}")
            if picks is None:
                knowledge.show(g, list(ps.hand) + list(ps.library), [controller(g, r)])
                most = min(len(found), int(e.get("max") or len(found)))  # "up to four cards" (Unmoored Ego)
                return nested.ask_cards(r, f"named.{p}", controller(g, r), found, 0, most,
                                        f"exile {'any number' if most == len(found) else f'up to {most}'} of the "
                                        f"cards with the chosen name")
        for i in picks:
            if i in g.objects and g.objects[i].zone in ("graveyard", "hand", "library"):
                if g.objects[i].zone == "hand":  # "draws a card for each card exiled from their hand this way"
                    r["exiled_from_hand"] = r.get("exiled_from_hand", 0) + 1
                g.move(i, "exile")
    return None


@action("exchange_life")
def _exchange_life(g: "Game", r: dict, e: Effect) -> None:
    """701.8c: two players exchange life totals: each gains or loses the life needed to equal the other's
    previous total (gains and losses with their events: 118.3, 118.9). 701.8a: all or nothing: not with a
    player who has left (800.4a), nor when one of them can't gain or can't lose the life it would (118.7,
    118.8), nor between teammates (810.9e)."""
    parts = e.get("who") if isinstance(e.get("who"), list) else [e.get("who")]
    who = [p for ref in parts for p in refs(g, r, ref) if isinstance(p, str) and p in g.players]
    if len(who) != 2 or who[0] == who[1] or any(g.players[p].lost for p in who):
        return
    a, b = who
    if g.variant == "two_headed_giant" and b in g.team_of.get(a, ()):
        return
    la, lb = g.players[a].life, g.players[b].life
    for p, d in ((a, lb - la), (b, la - lb)):
        if d > 0 and player_statics.cant_gain_life(g, p) or d < 0 and player_statics.cant_lose_life(g, p):
            return
    for p, d in ((a, lb - la), (b, la - lb)):
        if d > 0:
            gain_life(g, p, d)
        elif d < 0:
            lose_life(g, p, -d)


@action("exchange_life_pt")
def _exchange_life_pt(g: "Game", r: dict, e: Effect) -> None:
    """701.8g: "Exchange your life total with SELF's power" (Evra, Halcyon Witness; "... toughness": Tree of
    Redemption): the controller gains or loses the life needed to equal that value (118.3, with its events), and
    an effect sets the value to the previous life total from now on (613.3b, layer 7b). 701.8a: all or nothing:
    not when the permanent is gone or no longer a creature, nor when the player can't gain or lose that life."""
    p = controller(g, r)
    objs = [x for x in refs(g, r, e.get("what", "self")) if isinstance(x, int) and x in g.objects
            and g.objects[x].zone == "battlefield"]
    if len(objs) != 1 or p not in g.players or g.players[p].lost or "Creature" not in g.chars(objs[0]).types:
        return
    stat = e.get("stat", "power")
    c = g.chars(objs[0])
    value, life = (c.power if stat == "power" else c.toughness), g.players[p].life
    d = value - life
    if d > 0 and player_statics.cant_gain_life(g, p) or d < 0 and player_statics.cant_lose_life(g, p):
        return
    if d > 0:
        gain_life(g, p, d)
    elif d < 0:
        lose_life(g, p, -d)
    add_effect(g, "7b", objs, r, "never",
               **({"power": life} if stat == "power" else {"power": None, "toughness": life}))


@action("control_player")
def _control_player(g: "Game", r: dict, e: Effect) -> None:
    """712.1: this ability's controller will control the player during that player's next turn
    (engine/player_control.py)."""
    for p in refs(g, r, e.get("who")):
        if isinstance(p, str) and p in g.players and not g.players[p].lost:
            player_control.add(g, p, controller(g, r), bool(e.get("then_extra_turn")))


@action("control_until_resolved")
def _control_until_resolved(g: "Game", r: dict, e: Effect) -> None:
    """712.2: this spell's controller controls the player until the spell finishes resolving (Word of
    Command; engine/player_control.py during)."""
    for p in refs(g, r, e.get("who")):
        if isinstance(p, str) and p in g.players and not g.players[p].lost:
            player_control.during(g, p, controller(g, r), r["obj"])


@action("remove_from_combat")
def _remove_from_combat(g: "Game", r: dict, e: Effect) -> None:
    """506.4: an effect removes the permanent from combat: it stops attacking or blocking; the
    attackers it blocked stay blocked (509.1h)."""
    for i in _objs(g, r, e.get("what")):
        o = g.objects[i]
        if o.in_combat:
            remove_from_combat(g, o)
            g.log("removed_from_combat", card=o.card.name)
    g.changed()


@action("unblock_lone")
def _unblock_lone(g: "Game", r: dict, e: Effect) -> None:
    """509.1h, "an effect says that it becomes ... unblocked": the attackers that the creature just
    removed from combat blocked, and that no other creature blocked this combat (even one that has
    left combat since), become unblocked. Nothing "attacks and isn't blocked" (509.1h: that is
    decided once, as blockers are declared)."""
    for b in _objs(g, r, e.get("what")):
        for i in g.battlefield:
            a = g.objects[i]
            lost = a.chosen.get("lost_blockers", ())
            if a.attacking is not None and a.blocked and not a.blockers and lost and set(lost) == {b}:
                a.blocked = False
                g.log("unblocked", card=a.card.name)
    g.changed()


@action("block_choice")
def _block_choice(g: "Game", r: dict, e: Effect) -> dict | None:
    """509.6: an effect makes a creature on the battlefield block an attacker this ability's controller
    chooses (one attacking the creature's controller or a planeswalker it controls, 509.1a). The
    active player announces the blocker's place in that attacker's damage assignment order, then the
    defending player the attacker's place in the blocker's; the others keep their relative order.
    The creature blocks ("whenever ~ blocks" triggers) and the attacker becomes blocked only if it was
    unblocked (509.1h)."""
    if g.step not in ("declare_blockers", "first_strike_damage", "combat_damage"):
        return None  # 506.1: blocking exists from the declare blockers step on
    for b in _objs(g, r, e.get("what"))[:1]:
        o = g.objects[b]
        ctl = g.controller_of(b)
        options = [i for i in g.battlefield if g.objects[i].attacking is not None and i not in o.blocking
                   and (g.objects[i].attacking == ctl
                        or isinstance(g.objects[i].attacking, int) and g.controller_of(g.objects[i].attacking) == ctl)]
        if not options:
            return None
        got = nested.answer(r, "block")
        if got is None:
            return nested.ask_cards(r, "block", controller(g, r), options, 1, 1,
                                    f"choose an attacking creature for {o.card.name} to block")
        a_id = got[0]
        a = g.objects[a_id]
        place = len(a.blockers)
        if a.blockers:  # 509.6: the active player announces the blocker's place among the attacker's blockers
            pos = r["answers"].get(nested.slot(r, "place"))
            if pos is None:
                return {"kind": "choose_option", "player": g.active,
                        "options": [str(k) for k in range(1, len(a.blockers) + 2)], "slot": nested.slot(r, "place"),
                        "prompt": f"{o.card.name}'s place in {a.card.name}'s damage assignment order"}
            place = int(pos) - 1
        at = len(o.order)
        if o.order:  # 509.6: then the defending player, the attacker's place among the blocker's attackers
            pos = r["answers"].get(nested.slot(r, "order"))
            if pos is None:
                return {"kind": "choose_option", "player": ctl,
                        "options": [str(k) for k in range(1, len(o.order) + 2)], "slot": nested.slot(r, "order"),
                        "prompt": f"{a.card.name}'s place in {o.card.name}'s damage assignment order"}
            at = int(pos) - 1
        was_blocked = a.blocked
        a.blockers = a.blockers[:place] + [b] + a.blockers[place:]
        a.blocked = True
        o.blocking = [*o.blocking, a_id]
        o.order = o.order[:at] + [a_id] + o.order[at:]
        g.changed()
        g.log("block", blocks=[[o.card.name, [a.card.name]]], ids=[b])
        triggers.event(g, {"event": "blocks", "obj": b, "attackers": [a_id]})
        if not was_blocked:
            triggers.event(g, {"event": "becomes_blocked", "obj": a_id})
    return None


@action("ascend")
def _ascend(g: "Game", r: dict, e: Effect) -> None:
    """Ascend on an instant or sorcery (a later keyword, Rivals of Ixalan): as the spell resolves, "if you
    control ten or more permanents, you get the city's blessing for the rest of the game"."""
    ascend(g, controller(g, r))


@action("day_night")
def _day_night(g: "Game", r: dict, e: Effect) -> None:
    """"It becomes night" / "it becomes day" (day and night, a later rule: Innistrad: Midnight Hunt): the game's
    day or night changes, with what that does (engine/transform.py become)."""
    become(g, str(e.get("to")))


@action("become_the_monarch")
def _become_the_monarch(g: "Game", r: dict, e: Effect) -> None:
    """The player becomes the monarch (only one player is: the designation moves to them)."""
    who = [p for p in refs(g, r, e.get("who", "you")) if isinstance(p, str) and seats.can_control(g, p)]
    if not who or monarch(g) == who[0]:
        return
    _designate(g, monarch_card(), who[0])
    g.log("monarch", player=who[0])
    until.designated(g, "monarch", who[0])  # "exile ... until an opponent becomes the monarch" ends
    triggers.event(g, {"event": "becomes_monarch", "player": who[0]})  # "whenever you become the monarch"


@action("take_the_initiative")
def _take_the_initiative(g: "Game", r: dict, e: Effect) -> dict | None:
    """The player takes the initiative (a later designation, 2022: initiative_card): only one player has it (it
    leaves any other), and each time a player takes it, even when they had it already, they venture into
    Undercity (engine/dungeon.py: a player with another dungeon in the command zone moves on in that one)."""
    who = [p for p in refs(g, r, e.get("who", "you")) if isinstance(p, str) and seats.can_control(g, p)]
    if not who:
        return None
    p = who[0]
    slot = nested.slot(r, "initiative")
    if r["answers"].get(slot + ".taken") is None:
        r["answers"][slot + ".taken"] = True  # taken once, not again when a room question resumes this
        _designate(g, initiative_card(), p)
        g.log("initiative", player=p)
    return dungeon.venture(g, r, p, slot, names=("Undercity",))

@action("manifest_dread")
def _manifest_dread(g: "Game", r: dict, e: Effect) -> dict | None:
    """Manifest dread (a later keyword action: Duskmourn, 2024): look at
    the top two cards of your library, manifest one of them (701.31a: face down, a 2/2), and put
    the other into your graveyard. The manifested permanent is "it" for the next instruction. "Its controller
    manifests dread": that player, with their own library (``who``)."""
    p = controller(g, r)
    if e.get("who") is not None:
        who = [x for x in refs(g, r, e.get("who")) if isinstance(x, str) and x in g.players]
        if not who:
            return None
        p = who[0]
    st = r.setdefault("dig", {})
    key = f"dread.{r['i']}"
    if key not in st:
        st[key] = list(g.players[p].library[:2])
        knowledge.show(g, st[key], [p])  # the player looks at them
        g.log("look", player=p, cards=[g.objects[c].card.name for c in st[key]], objs=list(st[key]),
              audience=[p], owner=p)
    top = [c for c in st[key] if c in g.objects and g.objects[c].zone == "library"]
    r["created"] = []
    if not top:
        return None
    got = nested.choose_one(r, "dread", p, top, "manifest dread: choose the card to manifest")
    if isinstance(got, dict):
        return got
    pick = got[0]
    put_down(g, pick, "manifest")
    r["created"] = [g.move(pick, "battlefield", controller=p)]
    for c in top:
        if c != pick and c in g.objects and g.objects[c].zone == "library":
            g.move(c, "graveyard")
    return None


@op("action")
def _action(g: "Game", r: dict, e: Effect) -> dict | None:
    fn = ACTIONS.get(e.get("name"))
    if fn is None:
        g.log("unsupported_effect", op=f"action {e.get('name')}", card=this(g, r).card.name)
        return None
    times = e.get("times") or 1
    # "incubate 3 X times": a number of times counted as the instruction begins (107.3, 608.2h), kept for the rest
    # of it in the answer slots (resuming after a question counts nothing again)
    if isinstance(times, int):
        n = times
    else:
        prog = r.setdefault("nested", {})
        key = f"{r['i']}.times_n"
        if key not in prog:
            prog[key] = max(0, amount(g, times, source_id(g, r), r))
        n = int(prog[key])
    if n == 1:
        return fn(g, r, e)
    if n < 1:
        return None
    # "proliferate twice", "manifest dread twice": the action again, each time with answer slots of
    # its own, the ones done kept so that resuming after a question repeats none (nested.run)
    once = replace(e, args={k: v for k, v in e.args.items() if k != "times"})
    return nested.run(g, r, "times", [once] * n)
