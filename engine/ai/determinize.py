"""Determinization (issue 18, DESIGN: the AI): a copy of the game in which every card hidden
from one seat has been redrawn at random from the cards that seat cannot see.

Hidden from ``seat`` (400.2, 401.2, 402.3): every library (its order too, its own
included) and every other player's hand. Their cards are pooled per owner, sorted by
name so the pool depends only on which cards are unseen and not on where they are, and
dealt again into the same slots (the same object ids, so nothing about the position but the
hidden identities changes). The copy's random generator is reseeded from the AI's own,
so not even the future shuffles of the real game are known. Two games that differ only in
hidden cards give the same determinized copies for the same seed.

An opponent's hand is not dealt uniformly: what that player did in public is evidence
(``held_weight``). Mana left untapped through their own main phases means the cards a
player casts at sorcery speed (307.1, 302.1) and could have paid for are less likely in
their hand than instants, flash cards and cards too costly for them, which get dealt there
more often. The evidence is public (untapped permanents, the step, the hand's size), so
two games that differ only in hidden cards still give the same copies.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable

from engine.cards.abilities import CardDef

if TYPE_CHECKING:
    from engine.game import Game


def shown(g: Game, seat: str) -> set[int]:
    """Hidden cards that ``seat``'s own pending decision shows it: the cards it chooses
    among (a search of its library, 701.18 scry) and, for 103.4, its top card."""
    d = g.pending
    if d is None or d.player != seat:
        return set()
    if d.kind == "choose_cards":
        return {x for x in d.options if isinstance(x, int)}
    if d.kind == "mulligan_bottom" and g.players[seat].library:
        return {g.players[seat].library[0]}
    return set()


def hidden_slots(g: Game, seat: str) -> dict[str, list[int]]:
    """Per owner, the ids of the objects ``seat`` cannot see (libraries, others' hands)."""
    keep = shown(g, seat)
    out: dict[str, list[int]] = {}
    for n in g.order:
        p = g.players[n]
        ids = list(p.library)
        if n != seat:
            ids += p.hand
        out[n] = [i for i in ids if i not in keep]
    return out


def face_down_slots(g: Game, seat: str) -> dict[str, list[int]]:
    """Per owner, the face-down spells and permanents ``seat`` may not look at (707.5: those
    another player controls)."""
    out: dict[str, list[int]] = {}
    for oid in list(g.battlefield) + list(g.stack):
        o = g.objects[oid]
        if "face_down" in o.chosen and (g.chars(oid).controller if o.zone == "battlefield" else o.controller) != seat:
            out.setdefault(o.owner, []).append(oid)
    return out


UNLIKELY = 0.2  # the weight of a card the player would have cast, against 1 for the others


def untapped_mana(g: Game, player: str) -> int:
    """How many of ``player``'s untapped permanents could tap for mana now (lands, 305.6,
    and permanents with a mana ability that are not summoning-sick creatures, 302.6)."""
    cs = g.all_chars()
    n = 0
    for oid in g.battlefield:
        c = cs[oid]
        o = g.objects[oid]
        if c.controller != player or o.tapped:
            continue
        if "Land" in c.types or (any(ab.kind == "mana" for ab in c.abilities)
                                 and not ("Creature" in c.types and o.sick)):
            n += 1
    return n


def mana_value(card: CardDef) -> int:
    """202.3: the total of the mana cost (X counts as 0)."""
    return sum(int(s) if s.isdigit() else (0 if s == "X" else 1) for s in card.mana_cost)


def held_weight(g: Game, player: str) -> Callable[[CardDef], float] | None:
    """How likely, relatively, a card is in ``player``'s hand given what they did: once they
    have had a main phase with this mana (it is someone else's turn, whose untapped state is
    what they left, 502.2; or their own turn after their first main phase), a card they
    could have cast then at sorcery speed weighs ``UNLIKELY``, the others 1. None: no
    evidence yet (their own turn before their first main phase ends)."""
    late = g.active != player or g.step not in ("untap", "upkeep", "draw", "main1")
    if not late:
        return None
    mana = untapped_mana(g, player)

    def weight(card: CardDef) -> float:
        if "Land" in card.types or "Instant" in card.types or "Flash" in card.keywords:
            return 1.0
        return UNLIKELY if mana_value(card) <= mana else 1.0
    return weight


def deal(cards: list[CardDef], n_hand: int, weight: Callable[[CardDef], float],
         rng: random.Random) -> list[CardDef]:
    """The cards in slot order: ``n_hand`` drawn for the hand by weight, without
    replacement (the weights of what is left), then the rest shuffled for the library."""
    rest = list(cards)
    rng.shuffle(rest)
    hand: list[CardDef] = []
    ws = [weight(c) for c in rest]
    for _ in range(min(n_hand, len(rest))):
        x = rng.random() * sum(ws)
        i = 0
        while i < len(ws) - 1 and x >= ws[i]:
            x -= ws[i]
            i += 1
        hand.append(rest.pop(i))
        ws.pop(i)
    return hand + rest


def determinize(g: Game, seat: str, rng: random.Random, reads: bool = False) -> Game:
    """A copy of ``g`` whose hidden cards are redealt from what ``seat`` cannot see (the cards of
    others' face-down spells and permanents among them, 707.5); with ``reads``, the opponents'
    hands by ``held_weight``, else uniformly."""
    c = g.copy()
    keep = shown(c, seat)
    down = face_down_slots(c, seat)
    for owner, ids in hidden_slots(c, seat).items():
        fd = down.get(owner, [])
        if not ids and not fd:
            continue
        cards = sorted([c.objects[i].card for i in ids] + [c.objects[i].chosen["face_down"] for i in fd],
                       key=lambda d: d.name)
        weight = held_weight(c, owner) if reads and owner != seat else None
        if weight is None or all(weight(card) == 1.0 for card in cards):
            rng.shuffle(cards)  # nothing tells one slot from another
        else:  # the hidden hand first, then the library and the face-down cards
            hand = [i for i in c.players[owner].hand if i not in keep]
            ids = hand + [i for i in ids if i not in set(hand)]
            cards = deal(cards, len(hand), weight, rng)
        for oid, card in zip(ids + fd, cards):
            o = c.objects[oid].copy()  # objects off the battlefield are shared between copies
            if oid in fd:
                o.chosen = dict(o.chosen, face_down=card)
            else:
                o.card = card
            c.objects[oid] = o
    c.rng = type(g.rng)(rng.getrandbits(64))  # the game's own kind of random stream, fresh
    c.changed()
    return c
