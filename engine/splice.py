"""Splice (CR 702.46): cards in the hand whose text is copied onto a spell being cast.

702.46a: "Splice onto [subtype] [cost]" means "You may reveal this card from your hand as you cast
a [subtype] spell. If you do, copy this card's text box onto that spell and pay [cost] as an
additional cost to cast that spell." A cast answer lists the cards spliced (``splice``, in the
order their instructions are followed, after the main spell's: 702.46b); each is revealed and
stays in the hand. The spell on the stack has the main card's characteristics with one spell
ability following its instructions, then each spliced card's, their targets after its own
(702.46c-d); ``Obj.chosen["front"]`` keeps the card itself, which it is again once it leaves the
stack (702.46e; Game.move).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine import cast_options, knowledge
from engine.cards.abilities import CardDef, Cost, joined_spell
from engine.errors import IllegalAction
from engine.memo import per_object

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj

__all__ = ["splice_of", "apply"]


@per_object
def splice_of(card: CardDef) -> tuple[str, Cost] | None:
    """(the subtype it splices onto, its splice cost) when the cost is one casting pays (mana, life, a fixed number
    of objects chosen as it is paid: "Splice onto Arcane—Sacrifice two Mountains", 601.2f-h) and the card's spell
    ability can be copied (no modes); None otherwise."""
    arg = card.keyword_args.get("Splice") if "Splice" in card.keywords else None
    if not isinstance(arg, dict):
        return None
    cost = arg.get("cost")
    ab = next((a for a in card.abilities if a.kind == "spell"), None)
    if not isinstance(cost, Cost) or not cast_options.keyword_cost_ok(cost) or cost.discard \
            or ab is None or ab.modes or ab.choose:
        return None  # (a discard would be of the hand the spliced card stays in: not read)
    return str(arg["onto"]), cost


def _onto(card: CardDef, onto: str) -> bool:
    """Does the spell have the subtype the splice names (a later card's "instant or sorcery": its type)?"""
    if onto == "Instant or sorcery":
        return bool({"Instant", "Sorcery"} & set(card.types))
    return onto in card.subtypes


def apply(g: "Game", player: str, o: "Obj", picks: Any) -> tuple["Obj", tuple[str, ...], list[Cost]]:
    """The spell ``o`` (a stand-in of the card being cast) with the picked cards' text spliced onto it,
    the mana of the splice costs added to its total cost (601.2f), and their other parts (life, objects chosen
    as the cost is paid, 601.2h); IllegalAction for a card that can't be spliced onto it (702.46a-b: a card in
    your hand with splice onto one of the spell's subtypes, each card once)."""
    if not isinstance(picks, list) or not all(isinstance(p, int) and not isinstance(p, bool) for p in picks):
        raise IllegalAction("splice: a list of cards in your hand")
    if len(set(picks)) != len(picks):
        raise IllegalAction("splice: a card can be spliced onto a spell only once (702.46b)")
    main = next((a for a in o.card.abilities if a.kind == "spell"), None)
    if main is None or main.modes or main.choose:
        raise IllegalAction(f"{o.card.name}: no spell text this engine can splice onto")
    added, mana, others = [], [], []
    for cid in picks:
        c = g.objects.get(cid)
        got = splice_of(c.card) if c is not None else None
        if c is None or c.zone != "hand" or c.owner != player or cid == o.id or got is None \
                or not _onto(o.card, got[0]):
            raise IllegalAction(f"splice: {c.card.name if c else cid} is not a card in your hand that splices onto "
                                f"{o.card.name} (702.46a)")
        added.append(next(a for a in c.card.abilities if a.kind == "spell"))
        mana += list(got[1].mana)
        if cast_options.other_parts(got[1]):
            others.append(replace(got[1], mana=()))
    knowledge.show(g, picks)  # revealed (702.46a)
    g.log("reveal", player=player, cards=[g.objects[c].card.name for c in picks], objs=list(picks))
    spell = joined_spell(main, *added)
    stand_in = o.copy()
    stand_in.card = replace(o.card, abilities=(spell,) + tuple(a for a in o.card.abilities if a.kind != "spell"))
    return stand_in, tuple(mana), others
