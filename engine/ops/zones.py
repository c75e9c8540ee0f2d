"""Effect primitives that move cards between zones (CR 400): exile, return to hand, move,
draw (121), mill, discard (701.7), scry (701.18), shuffle (701.16), search (701.15)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import dredge, facedown, knowledge, player_statics, replacement, seats, triggers
from engine.actions import add_effect, attack_choice, discard, gain_life, plan_to_graveyard, put_attacking
from engine.cards.abilities import Ability, Effect
from engine.filters import matches
from engine.ops.base import ask_cards, table
from engine.protection import protected
from engine.transform import back_face as transform_back
from engine.until import exile_until, exile_until_leaves
from engine.values import (
    Ctx,
    amount,
    amount_for,
    bind_amounts,
    bind_same_name,
    controller,
    gone_record,
    names_that_player,
    refs,
    source_id,
    this,
)

if TYPE_CHECKING:
    from engine.game import Game

OPS, op = table()


def followed(g: "Game", r: Ctx, xs: list[Any]) -> list[Any]:
    """400.7, 610.3: an object this effect already moved to a public zone (exile, a graveyard)
    is found there by its later instructions ("exile it, then return that card")."""
    fol = r.get("followed")
    if not fol:
        return xs
    out = []
    for x in xs:
        n = fol.get(x) if isinstance(x, int) and x not in g.objects else None
        out.append(n if n in g.objects and g.objects[n].zone in ("exile", "graveyard") else x)
    return out


def _move_all(g: "Game", r: Ctx, e: Effect, to: str, **kw: Any) -> None:
    for x in followed(g, r, refs(g, r, e.args["what"])):
        if isinstance(x, int) and x in g.objects:
            o = g.objects[x]
            if o.zone == "stack" and o.ability is not None:
                continue
            new = g.move(x, to, **kw)
            r.setdefault("followed", {})[x] = new  # 400.7: the effect can find the card it moved



@op("exile")
def _exile(g: "Game", r: Ctx, e: Effect) -> None:
    if e.get("until") in ("self_leaves", "leaves", "opponent_monarch"):  # 610.3: until SELF (or the permanent
        # ``watch`` names) leaves the battlefield, nothing exiled when it has already left (610.3a); or until an
        # opponent becomes the monarch (a later designation: engine/until.py exile_until)
        xs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects]
        if e.get("until") == "opponent_monarch":
            got = exile_until(g, xs, "opponent_monarch", controller(g, r))
        else:
            watch = [x for x in refs(g, r, e.args["watch"]) if isinstance(x, int)] if e.get("until") == "leaves" \
                else [source_id(g, r)]
            got = exile_until_leaves(g, watch[0] if watch else None, xs)
        if got:  # "You may cast that card for as long as it remains exiled" (Hostage Taker): the cards exiled now
            r["exiled"] = got
        link_exiled(g, r, got)  # 607.2a: "the same name as the exiled card" (Ixalan's Binding)
        return
    if e.get("face_down"):  # "exile all cards from your library face down" (406.3: no player may look at them)
        new = []
        for x in refs(g, r, e.args["what"]):
            if isinstance(x, int) and x in g.objects and g.objects[x].zone != "exile":
                new.append(facedown.exile_face_down(g, x, seen=False))
        # "... exiles all cards from their hand face down, then draws that many cards" (608.2c), "return the exiled
        # cards to their owner's hand" (Induced Amnesia: its linked ability, 607.2a)
        r.setdefault("exiled_this_way", []).extend(gone_record(g, n, "exiled") for n in new)
        if new:  # "return those cards to your hand" of a delayed ability (Ignorant Bliss, 603.7c): these cards
            r["exiled"] = new
        link_exiled(g, r, new)
        return
    if e.get("from"):  # "exile that card from your graveyard": the cards still in that zone (400.7)
        new = []
        for x in followed(g, r, refs(g, r, e.args["what"])):
            if isinstance(x, int) and x in g.objects and g.objects[x].zone == e.args["from"]:
                new.append(g.move(x, "exile"))
                r.setdefault("followed", {})[x] = new[-1]
        link_exiled(g, r, new)  # 607.2a: "cards exiled with SELF" (Bag of Holding)
        return
    before = dict(r.get("followed") or {})
    auras = _auras_on(g, refs(g, r, e.args["what"]), _only(g, r, e)) if e.get("with_auras") else []
    last = {x: gone_record(g, x, "exiled") for x in [*refs(g, r, e.args["what"]), *auras]
            if isinstance(x, int) and x in g.objects and g.objects[x].zone == "battlefield"}
    _move_all(g, r, e, "exile")
    for x in auras:  # "exile target creature and all Auras attached to it": they leave together (303.4, 400.7)
        if x in g.objects and g.objects[x].zone == "battlefield":
            r.setdefault("followed", {})[x] = g.move(x, "exile")
    moved = {k: n for k, n in (r.get("followed") or {}).items() if before.get(k) != n}
    # "if a creature card was exiled this way": each object exiled, a permanent as it last existed (608.2h)
    r.setdefault("exiled_this_way", []).extend(last[k] if k in last else gone_record(g, n, "exiled")
                                               for k, n in moved.items() if k in last or n in g.objects)
    # "for each nontoken creature exiled this way, its controller ..." (608.2c, as they last existed: 608.2h)
    r.setdefault("gone_this_way", []).extend(last[k] for k in moved if k in last)
    if moved:  # "exile X. You may cast that card ..." of a spell: the cards this instruction exiled (400.7)
        r["exiled"] = list(moved.values())
    for k, n in (e.get("counters") or {}).items():  # "Exile SELF with three time counters on it": the card in exile
        for x in moved.values():  # has them (a card with suspend is then suspended, 702.61b)
            if x in g.objects and g.objects[x].zone == "exile":
                g.objects[x].counters[k] = g.objects[x].counters.get(k, 0) + int(n)
    link_exiled(g, r, list(moved.values()))


def link_exiled(g: "Game", r: Ctx, new: list[int]) -> None:
    """607.2a: a permanent's ability that exiles remembers the cards, for the linked ability
    that refers to "the exiled card" (kept as a new list: objects are copied shallowly)."""
    s = this(g, r)
    if not new or s.ability is None:  # the resolving spell exiled itself: nothing links
        return
    sid = source_id(g, r)
    if sid is None or g.objects[sid].zone != "battlefield":
        return
    o = g.objects[sid]
    o.chosen["exiled"] = list(o.chosen.get("exiled", ())) + new



@op("aura_swap")
def _aura_swap(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """Aura swap, 702.64a-b: exchange the source Aura with an Aura card in your hand that could enchant what the
    source enchants (the card put onto the battlefield attached to it, 303.4f-g; the source returned to
    its owner's hand); if either half can't be done, nothing happens. Choosing no card declines ("may")."""
    src = source_id(g, r)
    so = g.objects.get(src) if src is not None else None
    if src is None or so is None or so.zone != "battlefield" or so.attached_to is None:
        return None
    you = this(g, r).controller
    host = so.attached_to

    def fits(cid: int) -> bool:
        card = g.objects[cid].card
        f = card.keyword_args.get("Enchant") if "Aura" in card.subtypes else None
        return isinstance(f, dict) and matches(g, host, f, cid, you)

    cands = [c for c in g.players[you].hand if fits(c)]
    got = r["answers"].get(r["i"])
    if got is None:
        if not cands:
            return None  # 702.64b
        return ask_cards(r, you, cands, 0, 1, f"{so.card.name}: exchange it with an Aura card in your hand (702.64a)")
    if not got or got[0] not in g.objects or g.objects[got[0]].zone != "hand" or not fits(got[0]):
        return None
    g.move(src, "hand")
    new = g.move(got[0], "battlefield", controller=you)
    g.objects[new].attached_to = host
    g.changed()
    triggers.attached(g, new, host)  # 701.3a
    return None


@op("haunt")
def _haunt(g: "Game", r: Ctx, e: Effect) -> None:
    """702.54a-b: exile the card (in its owner's graveyard) haunting the target creature: it then "haunts"
    that object, whatever it becomes (its abilities that refer to it trigger in exile, engine/triggers.py)."""
    cards = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects
             and g.objects[x].zone == "graveyard"]
    to = [x for x in refs(g, r, e.args["to"]) if isinstance(x, int) and x in g.objects
          and g.objects[x].zone == "battlefield"]
    if not cards or not to:
        return
    new = g.move(cards[0], "exile")
    g.objects[new].chosen["haunting"] = to[0]  # the new object: not in any snapshot yet
    g.log("haunt", card=g.objects[new].card.name, haunts=g.objects[to[0]].card.name)


def _auras_on(g: "Game", what: list[Any], only: str | None = None) -> list[int]:
    """303.4: the Auras attached to the permanents named, as the instruction begins (an instruction that moves a
    permanent "and all Auras attached to it" moves them with it); ``only``: those that player controls ("and all Auras
    you control attached to it")."""
    objs = [x for x in what if isinstance(x, int) and x in g.objects and g.objects[x].zone == "battlefield"]
    return [i for i in g.battlefield if g.objects[i].attached_to in objs and "Aura" in g.chars(i).subtypes
            and i not in objs and (only is None or g.chars(i).controller == only)]


def _only(g: "Game", r: Ctx, e: Effect) -> str | None:
    """The player whose Auras alone move with the permanents ("all Auras you control attached to it"), or None."""
    return controller(g, r) if e.get("with_auras") == "you" else None


@op("bounce")
def _bounce(g: "Game", r: Ctx, e: Effect) -> None:
    if e.get("with_auras"):  # "... and each Aura attached to it": all move at once (303.4, 400.7)
        objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects]
        auras = _auras_on(g, objs, _only(g, r, e))
        for x in objs + auras:
            if x in g.objects and g.objects[x].zone == "battlefield":
                r.setdefault("returned", []).append(g.move(x, "hand"))
        return None
    before = dict(r.get("followed") or {})
    last = {x: gone_record(g, x, "returned") for x in refs(g, r, e.args["what"])
            if isinstance(x, int) and x in g.objects and g.objects[x].zone == "battlefield"}
    _move_all(g, r, e, "hand")
    moved = [k for k, n in (r.get("followed") or {}).items() if before.get(k) != n]
    # "for each card returned to your hand this way" (engine/values.py): the new objects in hands (400.7)
    r.setdefault("returned", []).extend(r["followed"][k] for k in moved)
    # "if you return four or more nontoken permanents you control this way" (608.2c: as they last existed, 608.2h)
    r.setdefault("gone_this_way", []).extend(last[k] for k in moved if k in last)
    return None



@op("exchange_zones")
def _exchange_zones(g: "Game", r: Ctx, e: Effect) -> None:
    """"Exchange your hand and library/graveyard": every card of the one zone goes to the other and every card of
    the other to the first, at once (the cards each zone held as the instruction began); a library's order is that
    of the cards moved in, hidden by the shuffle the card asks for next (701.16a)."""
    a, b = e.args["zones"]
    for p in refs(g, r, e.get("who", "you")):
        if not isinstance(p, str) or p not in g.players:
            continue
        pl = g.players[p]
        first, second = list(pl.zone(a)), list(pl.zone(b))
        if b == "graveyard":
            plan_to_graveyard(g, first)
        for x in first:
            if x in g.objects and g.objects[x].zone == a:
                g.move(x, b)
        for x in second:
            if x in g.objects and g.objects[x].zone == b:
                g.move(x, a)


#: the words of a position in a library counted from the top (401.7)
_ORDINAL = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}


@op("move")
def _move(g: "Game", r: Ctx, e: Effect) -> dict | None:
    to = e.args["to"]
    if to == "library_top_or_bottom":  # "its owner puts it on the top or bottom of their library"; "... into their
        # library second from the top or on the bottom" (``nth``: 401.7, the bottom when fewer cards are there)
        nth = int(e.get("nth") or 1)
        near = "top" if nth == 1 else f"{_ORDINAL.get(nth, str(nth))} from the top"
        xs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects]
        picks = []
        for k, x in enumerate(xs):  # every owner answers before anything moves (resumable)
            key = f"{r['i']}.top_or_bottom.{k}"
            got = r["answers"].get(key)
            if got is None:
                who = controller(g, r) if e.get("chooser") == "you" else g.objects[x].owner
                return {"kind": "choose_option", "player": who, "options": [near, "bottom"],
                        "slot": key,
                        "prompt": f"put {g.objects[x].card.name} {near if nth > 1 else 'on the top'} or on the bottom "
                                  f"of its owner's library?"}
            picks.append((x, got))
        for x, got in picks:
            if x in g.objects and (got == "bottom" or nth == 1):
                g.move(x, "library", top=got != "bottom")
            elif x in g.objects:
                g.move(x, "library", index=min(nth - 1, len(g.players[g.objects[x].owner].library)))
        return None
    if to == "battlefield":
        xs = [x for x in followed(g, r, refs(g, r, e.args["what"])) if isinstance(x, int) and x in g.objects
              and (not e.get("only_from") or g.objects[x].zone == e.args["only_from"])]  # "each card put into a
        # graveyard this way": the cards in that zone only (400.7)
        attacks: list[Any] = [None] * len(xs)
        down = e.get("face_down")
        if down == "choose" and xs:  # "face up or face down": its controller chooses as it resolves (608.2d)
            got = r["answers"].get(f"{r['i']}.face")
            if got is None:
                return {"kind": "choose_option", "player": controller(g, r), "options": ["face up", "face down"],
                        "slot": f"{r['i']}.face", "prompt": f"{this(g, r).card.name}: put it onto the battlefield"}
            down = got == "face down"
        if e.get("attacking"):  # 508.4: chosen as each enters, asked before anything moves
            for k, x in enumerate(xs):
                who = controller(g, r) if e.get("control") == "you" else g.objects[x].owner
                attacks[k], ask = attack_choice(g, r, who, k)
                if ask is not None:
                    return ask
        for x, tgt in zip(xs, attacks):
            if x in g.objects:
                ctl = controller(g, r) if e.get("control") == "you" else None
                if e.get("transformed") and transform_back(g.objects[x].card) is None:
                    continue  # 711.8a: a card that can't enter transformed stays where it is
                if down:  # 707.3: turned face down before it is put onto the battlefield (a 2/2, 707.2)
                    facedown.put_down(g, x, "morph")
                host = None
                if e.get("attach_to") is not None:
                    host = _aura_host(g, r, x, e.args["attach_to"], ctl or g.objects[x].owner,
                                      bool(e.get("transformed")))
                    if host is None:
                        continue  # 303.4g: an Aura that can't enchant it stays where it is
                # "if it enters as a creature, it enters with an additional +1/+1 counter" (counter_if_creature)
                extra = e.get("counter") and (not e.get("counter_if_creature")
                                              or "Creature" in g.objects[x].card.types)
                new = g.move(x, "battlefield", tapped=bool(e.get("tapped")), controller=ctl,
                             counters={e.args["counter"]: 1} if extra else e.get("counters"),
                             transformed=bool(e.get("transformed")))
                r.setdefault("followed", {})[x] = new  # 400.7: "that artifact gains haste"
                if e.get("leaves_to") and new in g.objects and g.objects[new].zone == "battlefield":
                    g.objects[new].chosen["leaves_to"] = e.args["leaves_to"]  # "exile it instead" (614.1a)
                if host is not None and new in g.objects and g.objects[new].zone == "battlefield":
                    g.objects[new].attached_to = host  # 303.4f: it enters attached to that object
                    g.changed()
                    triggers.attached(g, new, host)  # 701.3a
                if e.get("attacking"):
                    put_attacking(g, new, tgt)
                if e.get("unearth"):
                    _unearthed(g, r, new)
                if e.get("crafted") and new in g.objects and g.objects[new].zone == "battlefield":
                    # craft (a later keyword): the materials its cost exiled are "the exiled cards used to craft it"
                    g.objects[new].chosen["crafted_with"] = list(this(g, r).chosen.get("craft_exiled", ()))
                if e.get("becomes") and new in g.objects and g.objects[new].zone == "battlefield":
                    _becomes(g, r, new, e.args["becomes"])
    elif to == "library_top" and isinstance(e.args["what"], dict) and "choose" in e.args["what"]:
        # "put two cards from your hand on top of your library in any order": the order chosen, first on top
        for x in reversed(refs(g, r, e.args["what"])):
            if isinstance(x, int) and x in g.objects:
                r.setdefault("followed", {})[x] = g.move(x, "library", top=True)
    elif to == "library_bottom" and e.get("any_order"):  # "put the cards in your hand on the bottom of your library
        # in any order" (Mindmoil): their owner orders them (401.4), first = highest; "that many" counts them (608.2c)
        xs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects]
        got = r["answers"].get(r["i"])
        if got is None and len(xs) > 1:
            return ask_cards(r, g.objects[xs[0]].owner, xs, len(xs), len(xs),
                             "order the cards going to the bottom of your library (first = highest)")
        order = [x for x in (got or xs) if x in xs] + [x for x in xs if x not in (got or xs)]
        for x in order:
            r.setdefault("bottomed", []).append(g.move(x, "library", top=False))
    elif to == "library_bottom" and e.get("random"):  # "put the exiled cards that weren't cast this way on the
        # bottom of that library in a random order" (Chaos Wand): those still there, shuffled first (401.4)
        xs = [x for x in followed(g, r, refs(g, r, e.args["what"])) if isinstance(x, int) and x in g.objects]
        g.rng.shuffle(xs)
        for x in xs:
            r.setdefault("followed", {})[x] = g.move(x, "library", top=False)
    elif to in ("library_top", "library_bottom"):
        _move_all(g, r, e, "library", top=to == "library_top")
    elif to == "library_nth":  # 401.7: Nth from the top; the bottom when the library has fewer than N cards
        for x in followed(g, r, refs(g, r, e.args["what"])):
            if isinstance(x, int) and x in g.objects:
                lib = g.players[g.objects[x].owner].library
                r.setdefault("followed", {})[x] = g.move(x, "library", index=min(int(e.args["nth"]) - 1, len(lib)))
    elif to == "library_shuffle":
        for x in refs(g, r, e.args["what"]):
            if isinstance(x, int) and x in g.objects:
                owner = g.objects[x].owner
                r.setdefault("shuffled_in", []).append(g.move(x, "library"))  # "then draw that many cards"
                r.setdefault("shuffled_owners", []).append(owner)  # "each player ... draws that many" (608.2c)
                knowledge.shuffle(g, owner)
    else:
        _move_all(g, r, e, to)
    return None



def _aura_host(g: "Game", r: Ctx, aura: int, ref: Any, you: str, transformed: bool = False) -> Any:
    """303.4f-g: "Return SELF from your graveyard to the battlefield attached to target creature"
    (Gryff's Boon): the object it will enchant, if it is an Aura that could legally enchant it (its
    enchant filter, no protection from it, 702.16c); None when it can't be put there. "... transformed under your
    control attached to target opponent" (Accursed Witch): the Aura its back face is (711.8), and a player it may
    enchant (303.4: "Enchant player")."""
    card = g.objects[aura].card
    if transformed:
        card = transform_back(card) or card
    f = card.keyword_args.get("Enchant") if "Aura" in card.subtypes else None
    if not isinstance(f, dict):
        return None
    for h in refs(g, r, ref):
        if isinstance(h, str) and h in g.players and not g.players[h].lost and matches(g, h, f, aura, you):
            return h
        if isinstance(h, int) and h in g.objects and g.objects[h].zone == "battlefield" \
                and matches(g, h, f, aura, you) and not protected(g, g.chars(h), aura):
            return h
    return None


#: 702.83a: "Exile it at the beginning of the next end step" (a delayed trigger, 603.7)
_UNEARTH_EXILE = Ability("triggered", "Unearth", effects=(Effect("exile", {"what": "self"}),), keyword="Unearth")


def _becomes(g: "Game", r: Ctx, new: int, extra: dict[str, Any]) -> None:
    """"Return target creature card ... to the battlefield. That creature is a black Zombie in addition to its
    other colors and types" (Ever After): from the resolution on, for as long as it stays (611.2a), the
    subtypes added in layer 4 and the colors added in layer 5 (613.1d-e)."""
    if extra.get("types"):  # "It's an enchantment" (Enduring Courage): that card type only (205.1a), the subtypes
        # of the types it loses with them (205.3d: engine/layers.py lose_types)
        now = set(g.chars(new).types)
        if set(extra["types"]) - now:
            add_effect(g, "4", [new], r, "never", types=sorted(set(extra["types"]) - now), subtypes=[],
                       in_addition=True)
        if now - set(extra["types"]):
            add_effect(g, "4", [new], r, "never", kind="lose_types", types=sorted(now - set(extra["types"])))
    if extra.get("subtypes"):
        add_effect(g, "4", [new], r, "never", types=[], subtypes=list(extra["subtypes"]), in_addition=True)
    if extra.get("colors"):
        add_effect(g, "5", [new], r, "never", add_colors=list(extra["colors"]))


def _unearthed(g: "Game", r: Ctx, new: int) -> None:
    """702.83a: the returned card gains haste, is exiled at the beginning of the next end step,
    and is exiled instead if it would leave the battlefield (engine/game.py reads "leaves_to")."""
    o = g.objects[new]
    add_effect(g, "6", [new], r, "never", keywords=["Haste"], lose=[])
    o.chosen["leaves_to"] = "exile"
    g.delayed.append({"step": "end", "controller": o.controller, "ability": _UNEARTH_EXILE, "source": new,
                      "card": o.card, "info": {}})


@op("draw")
def _draw(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """121.2: each card drawn one at a time; before each, a dredge card may replace it (702.51a:
    engine/dredge.py). The draws made are counted in the record, so after a choice the effect
    goes on with the next one."""
    most = amount(g, e.get("amount", 1), source_id(g, r), r)
    players = [p for p in refs(g, r, e.get("who", "you")) if isinstance(p, str)]
    own: dict[str, int] = {}
    if names_that_player(e.get("amount")):  # "Each player draws a card for each creature card in their graveyard"
        # (Nature's Resurgence): each one's own number, every count read before anyone draws (608.2c, amount_for)
        own = r.setdefault("draw_counts", {}).setdefault(str(r["i"]), {
            p: amount_for(g, e.get("amount", 1), source_id(g, r), r, p) for p in players})
    for p in players:
        most = own.get(p, most)
        n = most
        if e.get("up_to"):  # "Its controller may draw up to two cards" (Arcane Denial): that player chooses how many,
            # none included (121.2), as the instruction is carried out (608.2d)
            pick = r["answers"].get(f"{r['i']}.upto.{p}")
            if pick is None and most > 0:
                return {"kind": "choose_number", "player": p, "options": list(range(most + 1)), "min": 0,
                        "max": most, "slot": f"{r['i']}.upto.{p}",
                        "prompt": f"{this(g, r).card.name}: draw how many cards? (0 to {most})"}
            n = max(0, min(most, int(pick or 0)))
        key = f"{r['i']}.draw.{p}"
        drawn = r.setdefault("drawn", {})
        done = drawn.get(key, 0)
        had = set(g.players[p].hand)
        if done == 0 and not dredge.usable(g, p) and replacement.asking_draw(g, p) is None:
            g.draw(p, n)  # no dredge card: the draws at once (the common case)
            drawn[key] = n
            # "draw three cards and reveal them": the cards the draws put into the hand (121.2)
            new = [c for c in g.players[p].hand if c not in had]
            r["drawn_cards"] = list(r.get("drawn_cards", ())) + new
            _short_gain(g, r, e, key, most, len(new))
            continue
        while done < n:
            slot = f"{key}.{done}"
            rec = replacement.asking_draw(g, p) if slot not in r["answers"] else None
            if rec is not None:  # 614.11: "the next time you would draw a card this turn, each player returns ...
                # instead" (Words of Wind): this draw is replaced; its actions, which ask the players, happen now
                # (engine/replacement.py replace_draw_now), then this instruction goes on with the next draw (614.11a)
                drawn[key] = done + 1
                replacement.replace_draw_now(g, rec)
                return None
            if slot not in r["answers"]:
                w = dredge.wait(g, p, slot=slot)
                if w is not None:
                    return w
            dredge.carry_out(g, p, r["answers"].get(slot, dredge.DRAW))
            done += 1
            drawn[key] = done
            new = [c for c in g.players[p].hand if c not in had]
            r["drawn_cards"] = list(r.get("drawn_cards", ())) + new
            got = r.setdefault("drawn_got", {})
            got[key] = got.get(key, 0) + len(new)  # the cards drawn this way (a draw dredge replaced is none)
            had = set(g.players[p].hand)
        _short_gain(g, r, e, key, most, r.get("drawn_got", {}).get(key, 0))
    return None


def _short_gain(g: "Game", r: Ctx, e: Effect, key: str, most: int, got: int) -> None:
    """"For each card less than two a player draws this way, that player gains 2 life" (Temporary Truce): the cards
    that player drew this way counted (608.2c; a draw replaced, by dredge, is none: 614.6); once for each player,
    the op going on after another player's choice."""
    if not e.get("short_gain") or key in r.setdefault("short_gained", []):
        return
    r["short_gained"].append(key)
    if most > got:
        gain_life(g, key.rsplit(".draw.", 1)[1], int(e.args["short_gain"]) * (most - got))



@op("replace_draw")
def _replace_draw(g: "Game", r: Ctx, e: Effect) -> None:
    """614.11: "the next time you would draw a card this turn, ... instead": a replacement effect
    of one use (engine/replacement.draw_replaced applies it), until the end of the turn."""
    s = this(g, r)
    add_effect(g, "draw_replace", [], r, "eot", player=r.get("controller") or s.controller,
               effects=list(e.get("effects")), name=s.card.name, origin=source_id(g, r),
               **({"asks": True} if e.get("asks") else {}))


@op("spells_cost")
def _spells_cost(g: "Game", r: Ctx, e: Effect) -> None:
    """"Until your next turn, instant, sorcery, and planeswalker spells that player casts cost {2} less to cast" (Will
    Kenrith), "Creature spells you cast this turn cost {1} less to cast": a cost change of the spells the player
    casts for the duration (601.2f, 611.2a; engine/costs.py cost_change reads it); ``amount``: +more, -less."""
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str) and p in g.players:
            add_effect(g, "spells_cost", [], r, str(e.get("duration", "eot")), player=p,
                       amount=int(e.get("amount", 0)), spells=dict(e.get("spells") or {}))


@op("next_spell_cost")
def _next_spell_cost(g: "Game", r: Ctx, e: Effect) -> None:
    """"The next spell you cast this turn costs {1} less to cast" (Hardened Berserker): a cost reduction of one
    use, until the end of the turn (601.2f; engine/costs.py cost_change reads it, casting.finish_cast uses it)."""
    s = this(g, r)
    add_effect(g, "next_spell_cost", [], r, "eot", player=r.get("controller") or s.controller,
               amount=int(e.get("amount", 1)), spells=dict(e.get("spells") or {}),
               **({"per": e.args["per"]} if "per" in e.args else {}))  # affinity: counted as that spell is cast
@op("next_spell_flag")
def _next_spell_flag(g: "Game", r: Ctx, e: Effect) -> None:
    """"The next creature spell you cast this turn can't be countered" (Insist, Overmaster; 101.1): used up by the
    first such spell its controller casts this turn (engine/costs.py use_next_spell_flags)."""
    s = this(g, r)
    add_effect(g, "next_spell_flag", [], r, "eot", player=r.get("controller") or s.controller,
               spells=dict(e.get("spells") or {}), flag=str(e.args["flag"]))


@op("exile_if_dies")
def _exile_if_dies(g: "Game", r: Ctx, e: Effect) -> None:
    """614.1a: "If that creature would die this turn, exile it instead": a replacement effect for the rest of
    the turn on the objects named as it resolves; with a filter ("if a creature an opponent controls would
    die this turn"), on every creature of that kind as it would die (engine/replacement.py)."""
    name = this(g, r).card.name
    if e.get("filter") is not None:
        add_effect(g, "exile_if_dies", [], r, "eot", filter=dict(e.args["filter"]), name=name)
        return
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects
            and g.objects[x].zone == "battlefield"]
    if objs:
        add_effect(g, "exile_if_dies", objs, r, "eot", name=name)


@op("mill")
def _mill(g: "Game", r: Ctx, e: Effect) -> None:
    a = e.get("amount", 1)
    each = names_that_player(a)  # "mills cards equal to the number of cards in their hand": for each (608.2c)
    n = 0 if each else amount(g, a, source_id(g, r), r)
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str):
            if each:
                n = amount_for(g, a, source_id(g, r), r, p)
            lib = g.players[p].library
            # "puts the bottom card of their library into their graveyard" (Cellar Door): from the bottom (401.1)
            cards = (lib[len(lib) - n:] if n else []) if e.get("bottom") else lib[:n]
            plan_to_graveyard(g, cards)
            for c in list(cards):
                r.setdefault("milled", []).append(g.move(c, "graveyard"))  # "milled this way"



@op("discard")
def _discard(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """701.8: discard; the player chooses unless at random."""
    if isinstance(e.get("what"), dict) and ("choose" in e.args["what"] or "each" in e.args["what"]) \
            or e.get("what") == "drawn_cards":  # "Draw a card and reveal it. If it isn't a land card, discard it."
        # "You choose a nonland card from it. That player discards that card."; "discards all cards with that
        # name" (the cards of a hand that match, all at once)
        xs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects
              and g.objects[x].zone == "hand"
              and not player_statics.cant_cause(g, g.objects[x].owner, "discard", controller(g, r))]
        plan_to_graveyard(g, xs)
        done = [discard(g, x) for x in xs]  # 701.8: discarded (madness and "whenever ... discards" see it)
        if "choose" in e.args["what"]:
            r["discarded"] = list(r.get("discarded", ())) + done
        return None
    you = controller(g, r)
    who = [p for p in refs(g, r, e.get("who", "you")) if isinstance(p, str)
           and not player_statics.cant_cause(g, p, "discard", you)]  # 101.2 (Tamiyo, Collector of Tales)
    amt = e.get("amount", 1)
    f = e.get("filter")
    chosen: dict[str, list[int]] = {}
    kind = {**e.args["filter"], "zone": "hand"} if e.get("filter") else None  # "discard a land card"
    short: list[str] = []  # "each opponent who can't loses 3 life": those with fewer cards than it asks (608.2c)
    for p in who:  # "each player discards": each chooses in APNAP order (101.4), then all discard at once
        hand = [c for c in g.players[p].hand if kind is None or matches(g, c, kind, source_id(g, r), p)]
        # "each player discards half the cards in their hand": counted for each of them (608.2c, amount_for)
        n = len(hand) if amt in ("all", "any") else amount_for(g, amt, source_id(g, r), r, p) \
            if names_that_player(amt) else amount(g, amt, source_id(g, r), r)
        if len(hand) < n and not e.get("up_to"):
            short.append(p)
        if amt == "all" or not hand or e.get("random"):
            continue
        # "reveals their hand. You choose a nonland card from it. That player discards that card": the
        # hand is revealed (701.14a), the effect's controller chooses among the cards of that kind (608.2c)
        chooser = you if e.get("chooser") == "you" else p
        if e.get("reveal_first") is not None:
            # "Target player reveals three cards from their hand and you choose one of them. That player discards
            # that card." (Blackmail): that player chooses the cards shown (all of them with no more; 701.15a),
            # then the effect's controller chooses among those (608.2d)
            k = max(0, min(len(hand), amount(g, e.args["reveal_first"], source_id(g, r), r)))
            key = f"{r['i']}.shown.{p}"
            shown = r["answers"].get(key)
            if shown is None and 0 < k < len(hand):
                return dict(ask_cards(r, p, hand, k, k, f"reveal {k} card(s) from your hand"), slot=key)
            hand = [c for c in (shown or hand) if c in hand][:k]
            knowledge.show(g, list(hand))
            g.log("reveal", player=p, to="all", cards=[g.objects[c].card.name for c in hand], objs=list(hand))
        elif chooser != p:
            knowledge.show(g, list(g.players[p].hand))  # the whole hand, not only the cards of that kind
        pool = [c for c in hand if matches(g, c, {**f, "zone": "hand"}, None, you)] if f else hand
        if not pool:
            continue
        slot = r["i"] if len(who) == 1 else f"{r['i']}.discard.{p}"  # by name: a player may leave (800.4a)
        got = r["answers"].get(slot)
        if got is None:  # a forced choice (the whole hand) is still a decision (FORMAT: a step may answer it)
            k = min(n, len(pool))
            # "discard any number of cards", "discard up to two cards": none is a legal choice too (701.7)
            lo = 0 if amt == "any" or e.get("up_to") else k
            what = "any number of cards" if amt == "any" else f"up to {n} card(s)" if lo == 0 else f"{n} card(s)"
            return dict(ask_cards(r, chooser, pool, lo, k, f"discard {what}"), slot=slot)
        chosen[p] = [c for c in got if c in pool]
    picks: list[int] = []
    for p in who:
        # "discards a creature card at random" (Rag Man): among the cards of that kind (701.8a)
        hand = [c for c in g.players[p].hand if kind is None or matches(g, c, kind, source_id(g, r), p)]
        if p in chosen:
            picks += chosen[p]
        elif amt == "all":
            picks += hand
        elif e.get("random") and hand:
            n = amount(g, amt, source_id(g, r), r)
            picks += g.rng.sample(hand, min(n, len(hand)))
    plan_to_graveyard(g, picks)
    done = [discard(g, c) for c in picks]
    r["discarded"] = list(r.get("discarded", ())) + done  # "... then draw that many cards" (701.8)
    r["couldnt"] = short
    return None



@op("scry")
def _scry(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """701.18: look at the top N, put any number on the bottom, the rest on top. ``who``: each of those players scries
    their own library in turn (APNAP, 101.4), each first choosing whether to when ``may``."""
    if e.get("who") is not None:
        done = r.setdefault("scried", [])
        named = {x for x in refs(g, r, e.args["who"]) if isinstance(x, str)}
        for q in [x for x in seats.apnap(g) if x in named]:
            if q in done:
                continue
            if e.get("may"):
                yes = r["answers"].get(f"{r['i']}.may.{q}")
                if yes is None:
                    return {"kind": "choose_option", "player": q, "options": ["yes", "no"],
                            "slot": f"{r['i']}.may.{q}", "prompt": f"scry {e.get('amount', 1)}?"}
                if yes != "yes":
                    done.append(q)
                    continue
            got = _scry_one(g, r, e, q, f"{r['i']}.{q}")
            if got is not None:
                return got
            done.append(q)
        return None
    return _scry_one(g, r, e, controller(g, r), r["i"])


def _scry_one(g: "Game", r: Ctx, e: Effect, p: str, key: Any) -> dict | None:
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    if e.get("surveil") and n > 0:  # "You may look at an additional two cards each time you surveil"
        n += player_statics.surveil_extra(g, p)
    top = g.players[p].library[:n]
    if not top:
        if n > 0 and e.get("surveil"):
            _surveilled(g, p)
        elif n > 0:
            _scried(g, p)  # 701.18b: only scry 0 is no scry event
        return None
    got = r["answers"].get(key)
    if got is None:
        knowledge.show(g, top, [p])  # 701.18a: the player looks at them
        g.log("look", player=p, cards=[g.objects[c].card.name for c in top], objs=list(top), audience=[p])
        ask = ask_cards(r, p, top, 0, len(top), f"scry {n}: choose the cards to put on the bottom")
        return ask if key == r["i"] else {**ask, "slot": key}
    if e.get("surveil"):
        plan_to_graveyard(g, got)
    for c in got:
        if e.get("surveil"):  # "if you put a noncreature, nonland card into your graveyard this way" (608.2c)
            r["milled"] = [*r.get("milled", ()), g.move(c, "graveyard")]
        else:
            g.move(c, "library", top=False)
    if e.get("surveil"):
        _surveilled(g, p)
    else:
        _scried(g, p)
    return None


def _scried(g: "Game", player: str) -> None:
    """701.18: the scry is done; "whenever you scry" triggers (603.2), unless it was scry 0 (701.18b: no scry
    event occurs; the caller fires this only for N of one or more)."""
    triggers.event(g, {"event": "scry", "player": player})


def _surveilled(g: "Game", player: str) -> None:
    """Surveil (a later keyword action, Guilds of Ravnica) is done: "whenever you surveil [for the first time
    each turn]" triggers (603.2) and "if you've surveilled this turn" holds from now on this turn."""
    pl = g.players[player]
    first = pl.surveilled_turn != g.turn
    pl.surveilled_turn = g.turn
    g.changed()  # a static may read it ("as long as you've surveilled this turn")
    triggers.event(g, {"event": "surveil", "player": player, "first": first})



@op("shuffle")
def _shuffle(g: "Game", r: Ctx, e: Effect) -> None:
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str):
            knowledge.shuffle(g, p)



def _players_search(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """"Its controller may search their library for a basic land card, put it onto the battlefield, then
    shuffle" (Path to Exile), "each player searches their library for ...": each player named searches their
    own library (701.15a), choosing in APNAP order (101.4) whether to search ("may", 608.2d) and what to find;
    then the cards found are put where the effect says, under their owners' control, and each player who
    searched shuffles (701.16a; a player who does not search does not shuffle: the instruction is theirs, 608.2c)."""
    who = [p for p in refs(g, r, e.args["who"]) if isinstance(p, str) and p in g.players and not g.players[p].lost]
    f = dict(e.get("filter") or {})
    quality = bool(set(f) - {"zone", "controller"})  # 701.15d: a search for a quantity of cards finds that many
    f["zone"] = "library"
    f.pop("controller", None)
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    found: dict[str, list[int]] = {}
    for p in who:  # by name: a player may leave the game (800.4a)
        slot = f"{r['i']}.search.{p}"
        if e.get("optional"):
            yes = r["answers"].get(slot + ".may")
            if yes is None:
                return {"kind": "choose_option", "player": p, "options": ["yes", "no"], "slot": slot + ".may",
                        "prompt": f"{this(g, r).card.name}: search your library?"}
            if yes != "yes":
                continue
        lib = g.players[p].library
        cands = [i for i in lib if matches(g, i, f, source_id(g, r), p)]
        if player_statics.cant_cause(g, p, "search", controller(g, r)):
            cands = []  # 101.2 (Ashiok, Dream Render): that player doesn't search, still shuffles
        got = r["answers"].get(slot)
        if got is None and cands:
            knowledge.show(g, lib, [p])  # 701.15a: searching looks at every card of the zone
            k = min(n, len(cands))
            return dict(ask_cards(r, p, cands, 0 if quality or e.get("up_to") else k, k, f"search for up to {n}"),
                        slot=slot)
        found[p] = [x for x in got or () if x in lib]
    to = e.get("to", "hand")
    for p, got in found.items():
        if got and e.get("reveal"):  # 701.15e: revealed only when the effect says so
            knowledge.show(g, got)
            g.log("reveal", player=p, cards=[g.objects[x].card.name for x in got], objs=list(got))
        if to == "library_top":  # "then shuffles and puts that card on top" (701.16b): only that player knows it
            knowledge.shuffle(g, p, keep=got)
            for x in reversed(got):
                knowledge.show(g, [g.move(x, "library")], [p])
        else:
            for x in got:
                _put_found(g, x, to, bool(e.get("tapped")), p)
            knowledge.shuffle(g, p)
        if not player_statics.cant_cause(g, p, "search", controller(g, r)):
            g.players[p].searched_turn = g.turn
            triggers.event(g, {"event": "searched", "player": p})  # 701.15a (_searched)
    return None


def _put_found(g: "Game", x: int, to: str, tapped: bool, player: str,
               counters: dict[str, int] | None = None) -> int:
    """701.15a: a card found by a search is put where the effect says: onto the battlefield (tapped if it
    says so, "with an additional +1/+1 counter on it": 121.6) under the searching player's control, or into that
    zone; the new object (400.7)."""
    if to == "battlefield":
        return g.move(x, "battlefield", tapped=tapped, controller=player, counters=counters or None)
    return g.move(x, to)


@op("search")
def _search(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """701.15a: search your library for cards matching, put them somewhere, shuffle. A search for cards
    of a stated quality may find fewer (701.15b); one "simply for a quantity of cards" ("three cards",
    "two cards") finds that many, or as many as there are (701.15d)."""
    if e.get("who") is not None:
        return _players_search(g, r, e)
    p = controller(g, r)
    f = bind_amounts(g, r, dict(e.get("filter") or {}))
    if "same_name_as" in f:  # "a card with the same name as another creature you control": their names now (201.2)
        f = bind_same_name(g, r, f)
    quality = bool(set(f) - {"zone", "controller"})
    f["zone"] = "library"
    f.pop("controller", None)
    owner = p  # "search target opponent's library" (Bribery): the controller searches that player's library
    if e.get("in_library_of") is not None:
        owners = [q for q in refs(g, r, e.args["in_library_of"]) if isinstance(q, str) and q in g.players]
        if not owners:
            return None
        if e.get("in_library_of") == "each_player":
            return _search_each_library(g, r, e, p, f, owners)
        owner = owners[0]
    lib = g.players[owner].library
    found = [i for i in lib if matches(g, i, f, source_id(g, r), p)]
    if player_statics.cant_cause(g, p, "search", p):
        found = []  # 101.2 (Ashiok, Dream Render): no search; the rest of the instruction (a shuffle) goes on
    if "graveyard" in (e.get("zones") or ()):  # "search your library and/or graveyard for a card named X"
        found += [i for i in g.players[p].graveyard if matches(g, i, {**f, "zone": "graveyard"}, source_id(g, r), p)]
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    got = r["answers"].get(r["i"])
    if got is None and found:
        knowledge.show(g, lib, [p])  # 701.15a: searching looks at every card of the zone
        k = min(n, len(found))
        w = ask_cards(r, p, found, 0 if quality or e.get("up_to") else k, k, f"search for up to {n}")
        if f.get("one_of_each"):  # "a black card, a green card, and a blue card": one of each (checked when answered)
            src = source_id(g, r)
            w["one_of_each"] = [[c for c in found if matches(g, c, dict(sub, zone=g.objects[c].zone), src, p)]
                                for sub in f.get("or", ())]
            w["prompt"] += " (at most one of each kind named)"
        if f.get("different_names"):
            w["different_names"] = True  # checked when answered
            w["names"] = [g.objects[c].card.name for c in found]
            w["prompt"] += " (with different names)"
        return w
    if got and e.get("reveal") and f"{r['i']}.split" not in r["answers"]:  # 701.15e: revealed only when the
        knowledge.show(g, got)  # effect says so (once: not again as a choice among them is answered)
        g.log("reveal", player=p, cards=[g.objects[x].card.name for x in got], objs=list(got))
    to = e.get("to", "hand")
    if to == "library_top":  # 701.16b: "shuffle your library, then put the card on top": not shuffled
        got = list(got or [])
        if len(got) > 1:  # "then shuffle and put those cards on top in any order" (401.4): the player orders them
            order = r["answers"].get(f"{r['i']}.order")
            if order is None:
                return {**ask_cards(r, p, got, len(got), len(got),
                                    "order the cards to put on top of your library (first = top)"),
                        "slot": f"{r['i']}.order"}
            got = [x for x in order if x in got]
        if e.get("rest") == "exile":  # "search your library and graveyard for five cards and exile the rest"
            zones = [g.players[p].library] + ([g.players[p].graveyard] if "graveyard" in (e.get("zones") or ()) else [])
            for x in [c for z in zones for c in z if c not in got]:
                g.move(x, "exile")  # 406.2 (Doomsday)
        knowledge.shuffle(g, p, keep=got)
        for x in reversed(got):
            knowledge.show(g, [g.move(x, "library")], None if e.get("reveal") else [p])
        _searched(g, p, owner)
        return None
    first: list[int] = []
    split = e.get("split")
    if split and got:  # "put one onto the battlefield tapped and the other into your hand" (Cultivate)
        k = min(int(split.get("amount", 1)), len(got))
        if k >= len(got) and not split.get("optional"):
            first = list(got)
        else:  # which of them; "you may put that card onto the battlefield": none, if the player wants
            first = r["answers"].get(f"{r['i']}.split")
            if first is None:
                # "Target opponent chooses two of those cards" (Gifts Ungiven, Intuition): that player chooses
                # among the revealed cards (701.15e), none of them may be left unchosen short of the number
                who = [q for q in refs(g, r, split["chooser"]) if isinstance(q, str) and q in g.players] \
                    if split.get("chooser") is not None else [p]
                if not who:  # no such player (the target left the game, 800.4a): the searcher chooses
                    who = [p]
                where = {"hand": "into your hand", "graveyard": "into the graveyard"}.get(split.get("to", ""),
                                                                                        "onto the battlefield")
                if who[0] != p:
                    where = where.replace("your hand", "their owner's hand")
                return {**ask_cards(r, who[0], list(got), 0 if split.get("optional") else k, k,
                                    f"choose {'up to ' if split.get('optional') else ''}{k} to put {where}"),
                        "slot": f"{r['i']}.split"}
    put_first = [_put_found(g, x, split.get("to", "battlefield"), bool(split.get("tapped")), p) for x in first]
    put = [_put_found(g, x, to, bool(e.get("tapped")), p, e.get("counters")) for x in got or [] if x not in first]
    r["taken"] = put_first + put  # "those lands become ...": the cards it put where they went (608.2c, 400.7)
    if to == "exile":  # "exile that card, then you may cast it" / "the exiled card" of a linked ability (607.2a)
        r["exiled"] = put
        link_exiled(g, r, put)
    knowledge.shuffle(g, owner)
    _searched(g, p, owner)
    return None


def _search_each_library(g: "Game", r: Ctx, e: Effect, p: str, f: dict[str, Any], owners: list[str]) -> dict | None:
    """"For each player, search that player's library for a nonland card and exile it, then that player shuffles"
    (Jace, Architect of Thought): the resolving ability's controller searches each library in turn order (101.4),
    finding up to that many cards of the quality (701.15b), puts them where the effect says, and that library's
    owner shuffles it (701.16a); the cards exiled are "those cards" of what follows (608.2c)."""
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    chosen: dict[str, list[int]] = {}
    for owner in [q for q in seats.apnap(g) if q in owners and not g.players[q].lost]:
        lib = g.players[owner].library
        found = [i for i in lib if matches(g, i, f, source_id(g, r), p)]
        if player_statics.cant_cause(g, p, "search", p):
            found = []  # 101.2: no search; the shuffle still happens
        slot = f"{r['i']}.each.{owner}"
        got = r["answers"].get(slot)
        if got is None and found:
            knowledge.show(g, lib, [p])  # 701.15a: the searcher looks at every card of that library
            return dict(ask_cards(r, p, found, 0, min(n, len(found)), f"search {owner}'s library for up to {n}"),
                        slot=slot)
        chosen[owner] = [x for x in got or () if x in lib]
    to = e.get("to", "exile")
    for owner, got in chosen.items():  # each library's cards, then that player shuffles (701.16a)
        put = [_put_found(g, x, to, bool(e.get("tapped")), p) for x in got]
        if to == "exile":
            r["exiled"] = [*r.get("exiled", ()), *put]
            link_exiled(g, r, put)
        knowledge.shuffle(g, owner)
        _searched(g, p, owner)
    return None


def _searched(g: "Game", player: str, owner: str) -> None:
    """701.15a: ``player`` searched ``owner``'s library: "whenever an opponent searches their library" (Ob Nixilis,
    Unshackled) sees a player's search of their own library (not one a rule forbade, 101.2)."""
    if player == owner and not player_statics.cant_cause(g, player, "search", player):
        g.players[player].searched_turn = g.turn  # "if an opponent searched their library this turn" (Archive Trap)
        triggers.event(g, {"event": "searched", "player": player})


@op("reanimate_attached")
def _reanimate_attached(g: "Game", r: Ctx, e: Effect) -> None:
    """Animate Dead, Dance of the Dead: "it loses 'enchant creature card in a graveyard' and gains 'enchant
    creature put onto the battlefield with SELF.' Return enchanted creature card to the battlefield under your
    control and attach SELF to it." The Aura's enchant ability changes first (303.4; engine/sba.py reads
    ``put_with``); the card it enchants returns under the ability's controller (110.2) and the Aura is attached
    to the new object (400.7); if the card is gone, the Aura enchants nothing (704.5n puts it away)."""
    sid = source_id(g, r)
    if sid is None or g.objects[sid].zone != "battlefield":
        return
    aura = g.objects[sid]
    t = aura.attached_to
    new: int | None = None
    if t is not None and t in g.objects and g.objects[t].zone == "graveyard" and "Creature" in g.objects[t].card.types:
        new = g.move(t, "battlefield", controller=controller(g, r), tapped=bool(e.get("tapped")))
    aura = g.objects[sid]
    aura.chosen["put_with"] = new if new is not None and new in g.objects else -1
    aura.attached_to = new if new is not None and new in g.objects else None
    g.log("attach", card=aura.card.name, obj=sid, to=aura.attached_to)
    g.changed()
    triggers.attached(g, sid, aura.attached_to)  # 701.3a (Animate Dead enchants the creature it returned)
