"""The answers to the choices a player makes as their permanent enters (CR 614.12): "As SELF enters,
you may pay N life. If you don't, it enters tapped" and "you may have SELF enter with N counters".

Each choice is asked as the permanent enters (engine/replacement.py: enter_replacements) and
answered before any player receives priority: "pay" pays the life (118.4: only a player with
at least that much life can pay it), "tapped" leaves the permanent tapped (part of its
entering, not a "becomes tapped" event); "yes" puts the counters on it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import knowledge, triggers
from engine.actions import add_effect, discard, lose_life, sacrifice
from engine.choices import OBJECT_CHOICE, NeedChoice
from engine.decision_kinds import named_option
from engine.errors import IllegalAction
from engine.filters import matches
from engine.layers import counters_allowed
from engine.memo import per_object
from engine.values import gone_record

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Decision, Obj


def answer_object(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """614.12: the permanent chosen as SELF entered ("the chosen creature"), kept on it (``chosen["object"]``:
    engine/values.py refs "chosen_object"); "put a phylactery counter on an artifact you control": the counter goes
    on the one chosen (121.6: with its event)."""
    cards = a.get("cards", [])
    if not isinstance(cards, list) or len(cards) != 1 or cards[0] not in d.options:
        raise IllegalAction("choose one of the permanents offered")
    o = g.objects.get(d.data["enter"])
    if o is None or o.zone != "battlefield":
        return
    pick = cards[0]
    o.chosen[OBJECT_CHOICE] = pick
    g.changed()
    g.log("chosen", card=o.card.name, obj=o.id, choice=OBJECT_CHOICE, value=g.objects[pick].card.name)
    kind = d.data.get("counter")
    if kind and pick in g.objects and counters_allowed(g, pick, kind):
        g.objects[pick].counters[kind] = g.objects[pick].counters.get(kind, 0) + 1
        triggers.counters_put(g, pick, kind, 1)


def answer_optional_counters(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """614.12: "you may have SELF enter with N counters on it" (unleash, 702.97a): yes puts them
    on it (121.1; unless it can't have them), no leaves it without them (riot, a later keyword:
    and it gains haste)."""
    opt = a.get("option")
    if isinstance(opt, int) and not isinstance(opt, bool) and 1 <= opt <= len(d.options):
        opt = d.options[opt - 1]
    if d.data.get("kinds"):  # "your choice of a flying counter or a first strike counter" (614.12): the kind chosen
        if opt not in d.options:
            raise IllegalAction(f"choose one of {', '.join(map(str, d.options))}")
        kind = d.data["kinds"][list(d.options).index(opt)]
        o = g.objects.get(d.data["enter"])
        if o is not None and o.zone == "battlefield" and counters_allowed(g, o.id, kind):
            o.counters[kind] = o.counters.get(kind, 0) + int(d.data["amount"])
            g.changed()
            triggers.counters_put(g, o.id, kind, int(d.data["amount"]))  # 121.6
        return
    if isinstance(opt, bool):
        opt = "yes" if opt else "no"
    if opt not in ("yes", "no"):
        raise IllegalAction("choose yes or no")
    o = g.objects.get(d.data["enter"])
    if opt == "yes" and o is not None and o.zone == "battlefield" and d.data.get("mark"):
        o.chosen[d.data["mark"]] = True  # 702.103b: tribute was paid
    if opt == "yes" and o is not None and o.zone == "battlefield" and counters_allowed(g, o.id, d.data["counter"]):
        o.counters[d.data["counter"]] = o.counters.get(d.data["counter"], 0) + int(d.data["amount"])
        g.changed()
        triggers.counters_put(g, o.id, d.data["counter"], int(d.data["amount"]))  # 121.6
    if opt == "no" and d.data.get("else_haste") and o is not None and o.zone == "battlefield":
        add_effect(g, "6", [o.id], None, "never", keywords=["Haste"])  # riot: "if you don't, it gains haste"


def under_opponent(g: "Game", o: "Obj") -> None:
    """"SELF enters under the control of an opponent of your choice" (Captive Audience; 614.1d: it enters that
    way): with one opponent, under that player's control; with several, the player who would have controlled it
    chooses one before play goes on (answer_under_opponent)."""
    opps = g.opponents(o.controller)
    if len(opps) == 1:
        o.controller = opps[0]
    elif opps:
        g.queue.append({"kind": "choose_option", "player": o.controller, "options": opps, "answer_to": "enter_under",
                        "enter": o.id, "prompt": f"{o.card.name}: choose the opponent who controls it (614.1d)"})


def answer_under_opponent(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """The opponent chosen for "enters under the control of an opponent of your choice" controls it."""
    opt = named_option(list(d.options), a.get("option"))
    o = g.objects.get(d.data["enter"])
    if o is not None and o.zone == "battlefield":
        o.controller = opt
        g.changed()


def answer_tribute_opponent(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """702.103a: "As this creature enters the battlefield, choose an opponent. That player may have
    this creature enter the battlefield with an additional N +1/+1 counters on it": the opponent
    chosen is asked next, before play goes on."""
    opt = a.get("option")
    opt = named_option(list(d.options), opt)
    g.queue.insert(0, dict(d.data["ask"], player=opt))
    g.changed()


def answer_exile(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """614.12: the cards chosen as the permanent entered are exiled from its controller's graveyard; they are the
    cards exiled with it (607.2a: ``chosen["exiled"]``, its "the exiled card")."""
    cards = a.get("cards", [])
    lo, hi = int(d.data.get("min", 0)), int(d.data.get("max", len(d.options)))
    if not isinstance(cards, list) or len(set(cards)) != len(cards) or any(c not in d.options for c in cards) \
            or not lo <= len(cards) <= hi:
        raise IllegalAction(f"choose {lo} to {hi} of the cards offered")
    o = g.objects.get(d.data["enter"])
    gone = [g.move(c, "exile") for c in cards if c in g.objects and g.objects[c].zone == "graveyard"]
    if o is not None and o.zone == "battlefield":
        o.chosen["exiled"] = [*o.chosen.get("exiled", ()), *gone]
    g.changed()


def answer_devour(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """702.81a: the creatures chosen are sacrificed, and the permanent gets N +1/+1 counters for each
    (as it entered: before any player receives priority)."""
    cards = a.get("cards", [])
    if not isinstance(cards, list) or len(set(cards)) != len(cards) or any(c not in d.options for c in cards) \
            or len(cards) > int(d.data.get("max", len(d.options))):
        raise IllegalAction(f"choose up to {d.data.get('max', len(d.options))} of the permanents offered")
    o = g.objects.get(d.data["enter"])
    gone = 0
    back = d.data.get("action") == "return"  # (614.12: "you may return a nonland permanent you control ...")
    records = []
    for c in cards:
        if c in g.objects and g.objects[c].zone == "battlefield" and g.controller_of(c) == d.player:
            if back:
                g.move(c, "hand")
            else:
                records.append(gone_record(g, c, "sacrificed"))  # as it last existed (608.2h)
                sacrifice(g, c)
            gone += 1
    if records and o is not None and o.zone == "battlefield":
        # 702.81b: the creatures it devoured ("for each creature it devoured", "if it devoured a creature")
        o.chosen["devoured_records"] = records
        g.changed()
    each = len(records) if d.data["amount"] == "devoured" else int(d.data["amount"])  # "Devour X, where X is the
    # number of creatures devoured this way" (Thromok the Insatiable): X counters for each of the X devoured
    if gone and o is not None and o.zone == "battlefield" and counters_allowed(g, o.id, "+1/+1") and each:
        o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + gone * each
        g.changed()
        triggers.counters_put(g, o.id, "+1/+1", gone * each)  # 121.6


def answer_amplify(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """702.37a: the cards chosen are revealed, and the permanent enters with N +1/+1 counters for each
    (702.37b: each instance of amplify asks on its own)."""
    cards = a.get("cards", [])
    if not isinstance(cards, list) or len(set(cards)) != len(cards) or any(c not in d.options for c in cards):
        raise IllegalAction("choose any number of the cards offered")
    o = g.objects.get(d.data["enter"])
    shown = [c for c in cards if c in g.objects and g.objects[c].zone == "hand"]
    if shown:
        knowledge.show(g, shown)  # revealed to every player (701.15)
        g.log("reveal", player=d.player, cards=[g.objects[c].card.name for c in shown], objs=shown)
    if shown and o is not None and o.zone == "battlefield" and counters_allowed(g, o.id, "+1/+1"):
        o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + len(shown) * int(d.data["amount"])
        g.changed()
        triggers.counters_put(g, o.id, "+1/+1", len(shown) * int(d.data["amount"]))  # 121.6


def answer_reveal_or_tapped(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """614.12: the card chosen from the hand is revealed to every player (701.15); with none
    chosen, the permanent enters tapped."""
    cards = a.get("cards", [])
    if not isinstance(cards, list) or len(cards) > 1 or any(c not in d.options for c in cards):
        raise IllegalAction("choose one of the cards offered, or none")
    o = g.objects.get(d.data["enter"])
    shown = [c for c in cards if c in g.objects and g.objects[c].zone == "hand"]
    if shown:
        knowledge.show(g, shown)
        g.log("reveal", player=d.player, cards=[g.objects[c].card.name for c in shown], objs=shown)
    elif o is not None and o.zone == "battlefield":
        o.tapped = True
    g.changed()


def answer_pay_or_tapped(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """614.12: pay the life, or the permanent enters tapped. IllegalAction for another answer,
    or for paying more life than the player has (118.4)."""
    opt = a.get("option")
    if isinstance(opt, int) and not isinstance(opt, bool) and 1 <= opt <= len(d.options):
        opt = d.options[opt - 1]
    if opt not in ("pay", "tapped"):
        raise IllegalAction("choose pay or tapped")
    life = int(d.data.get("life", 0))
    if opt == "pay" and g.players[d.player].life < life:
        raise IllegalAction(f"you cannot pay {life} life with {g.players[d.player].life} (118.4)")
    o = g.objects.get(d.data["enter"])
    if opt == "pay":
        lose_life(g, d.player, life, paid=True)
        g.log("enter_pay", player=d.player, card=o.card.name if o is not None else None, life=life,
              obj=o.id if o is not None else None)
    elif o is not None and o.zone == "battlefield":
        o.tapped = True
        g.changed()
    g.changed()


def _karoo_static(o: "Obj") -> dict[str, Any] | None:
    return next((ab.static for ab in o.card.abilities if ab.kind == "static" and ab.static
                 and ab.static.get("kind") == "enter_sacrifice"), None)


def sacrifice_or_graveyard(g: "Game", o: "Obj", frm: str) -> bool:
    """614.1a, 614.12: "If SELF would enter, sacrifice a Forest instead. If you do, put SELF onto the battlefield. If
    you don't, put it into its owner's graveyard." (Heart of Yavimaya, Lotus Vale): as it enters, its controller
    chooses that many such lands they control, or none (a choose_cards decision before play goes on; with too few
    there is nothing to choose). True when its "enters" triggers wait for that choice, or when it went to the
    graveyard instead: then it never entered, so nothing triggers on its entering or leaving (answer below)."""
    st = _karoo_static(o)
    if st is None or frm == "battlefield":
        return False
    n = int(st.get("amount", 1))
    f = {**(st.get("filter") or {}), "controller": "you"}
    cands = [i for i in g.battlefield if i != o.id and matches(g, i, f, o.id, o.controller)]
    if len(cands) < n:
        _to_graveyard(g, o)
        return True
    g.queue.insert(0, {"kind": "choose_cards", "player": o.controller, "options": cands, "min": 0, "max": n,
                       "enter": o.id, "answer_to": "enter_sacrifice",
                       "prompt": f"{o.card.name}: sacrifice {n} to put it onto the battlefield, or none to put it into "
                                 "its owner's graveyard (614.1a)"})
    return True


def _to_graveyard(g: "Game", o: "Obj") -> None:
    o.chosen["entry_replaced"] = True  # it never entered the battlefield: no "dies" or "leaves" triggers (614.1a)
    g.log("enter_replaced", card=o.card.name, obj=o.id)
    g.move(o.id, "graveyard")


def answer_sacrifice_or_graveyard(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """614.1a: the lands chosen are sacrificed and the permanent enters (its "enters" triggers now); none chosen, it
    is put into its owner's graveyard instead. IllegalAction for another number than none or all it asks."""
    picks = [int(x) for x in a.get("cards", [])]
    o = g.objects.get(d.data["enter"])
    st = _karoo_static(o) if o is not None else None
    n = int((st or {}).get("amount", 1))
    if len(picks) not in (0, n) or len(set(picks)) != len(picks) or any(p not in d.options for p in picks):
        raise IllegalAction(f"choose {n} of the offered lands, or none")
    if o is None or o.zone != "battlefield":
        return
    if not picks:
        _to_graveyard(g, o)
        return
    for p in picks:
        if p in g.objects and g.objects[p].zone == "battlefield":
            sacrifice(g, p)  # 701.14a
    triggers.enters(g, o)


# ------------------------------------------------------------------ "If SELF would enter, you may discard ..." (614.1a)
@per_object
def discard_static(card: Any) -> dict[str, Any] | None:
    """The card's "If SELF would enter, you may discard a land card instead. If you do, put SELF onto the
    battlefield. If you don't, put it into its owner's graveyard." (Mox Diamond), or None."""
    for ab in card.abilities:
        if ab.kind == "static" and ab.static and ab.static.get("kind") == "enter_discard":
            return dict(ab.static)
    return None


def discard_wait(g: "Game", o: "Obj", player: str) -> dict[str, Any] | None:
    """The question of that self-replacement effect (614.1a, 614.15) as ``o`` would enter under ``player``'s control:
    the cards of the kind in that player's hand, one or none; None when it is answered or has nothing to offer."""
    st = discard_static(o.card)
    if st is None or f"enter_discard:{o.id}" in g.replacing:
        return None
    cands = [c for c in g.players[player].hand
             if c != o.id and matches(g, c, {**st["filter"], "zone": "hand"}, o.id, player)]
    if not cands:
        return None
    return {"kind": "choose_cards", "player": player, "options": cands, "min": 0, "max": 1,
            "replace": f"enter_discard:{o.id}", "answer_to": "enter_discard",
            "prompt": f"{o.card.name} would enter: discard a card instead to put it onto the battlefield (none: it "
                      f"goes to its owner's graveyard)"}


def enter_discard(g: "Game", o: "Obj", player: str) -> str:
    """Where ``o`` goes instead of entering (614.1a): the battlefield after its player discarded the card chosen
    (701.7), or its owner's graveyard. An unanswered question stops the move (NeedChoice, before anything changed;
    the resolution runs again after the answer); with no card of the kind in the hand none can be discarded."""
    key = f"enter_discard:{o.id}"
    wait = discard_wait(g, o, player)
    if wait is not None:
        raise NeedChoice(wait)
    got = g.replacing.pop(key, None)
    pick = got[-1] if got else None
    if isinstance(pick, int) and pick in g.players[player].hand:
        discard(g, pick)
        return "battlefield"
    return "graveyard"


def answer_enter_discard(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """The card chosen to discard as the permanent would enter, or none (614.1a): kept until the move happens."""
    cards = a.get("cards", [])
    if not isinstance(cards, list) or len(cards) > 1 or any(c not in d.options for c in cards):
        raise IllegalAction("choose one of the cards offered, or none")
    g.replacing[d.data["replace"]] = [cards[0] if cards else "none"]
    g.changed()
