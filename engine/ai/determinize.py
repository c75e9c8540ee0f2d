"""Determinization (issue 18, DESIGN: the AI): a copy of the game in which every card hidden
from one seat has been redrawn at random from the cards that seat cannot see.

Hidden from ``seat`` (400.2, 401.2, 402.3): every library (its order too, its own
included) and every other player's hand. Their cards are pooled per owner, sorted by
name so the pool depends only on which cards are unseen and not on where they are, and
dealt again into the same slots (the same object ids, so nothing about the position but the
hidden identities changes). The copy's random generator is reseeded from the AI's own,
so not even the future shuffles of the real game are known. Two games that differ only in
hidden cards give the same determinized copies for the same seed.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

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


def determinize(g: Game, seat: str, rng: random.Random) -> Game:
    """A copy of ``g`` whose hidden cards are redealt from what ``seat`` cannot see (the cards of
    others' face-down spells and permanents among them, 707.5)."""
    c = g.copy()
    down = face_down_slots(c, seat)
    for owner, ids in hidden_slots(c, seat).items():
        fd = down.get(owner, [])
        if not ids and not fd:
            continue
        cards = sorted([c.objects[i].card for i in ids] + [c.objects[i].chosen["face_down"] for i in fd],
                       key=lambda d: d.name)
        rng.shuffle(cards)
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
