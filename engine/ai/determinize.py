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

The evidence outlives the opponent's untap step (502.2 untaps their lands and hides what they
left): a ``Memory`` the AI keeps across its decisions holds, per opponent, the mana they had left
untapped when it last saw another player's turn, and the turns they were active. Through their own
turn until their first main phase ends, the cards they held since their last turn are dealt by
that mana (the cards drawn this turn, 504.1, uniformly), and when no land entered the battlefield
under their control during their last turn (305.2: one land a turn), the lands they held then are
unlikely too. What it remembers is public, so the no-cheating property holds across decisions.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from engine import conspiracy
from engine.ai import facts
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


@dataclass
class Memory:
    """What a seat saw of its opponents in public, kept across its decisions (see the module's
    docstring): per opponent, the turn and the mana they had left untapped at the first decision
    seen on another player's turn (``left``), and the last two turns seen with them active."""
    left: dict[str, tuple[int, int]] = field(default_factory=dict)
    turns: dict[str, list[int]] = field(default_factory=dict)

    def observe(self, g: Game, seat: str) -> None:
        """Note what ``g`` shows of ``seat``'s opponents now (public only: who is active, the
        untapped permanents)."""
        for n in g.order:
            if n == seat or g.players[n].lost:
                continue
            if g.active == n:
                t = self.turns.setdefault(n, [])
                if not t or t[-1] != g.turn:
                    t.append(g.turn)
                    del t[:-2]
            else:
                seen = self.left.get(n)
                if seen is None or seen[0] != g.turn:
                    self.left[n] = (g.turn, untapped_mana(g, n))


TRICK = 3.0  # the weight of a combat trick in the hand of a player whose attack a block would punish


def is_trick(card: CardDef) -> bool:
    """A combat trick: an instant (or flash) spell whose effect pumps a creature or grants it
    keywords (Giant Growth)."""
    if "Instant" not in card.types and "Flash" not in card.keywords:
        return False
    ab = facts.spell_ability(card)
    if ab is None:
        return False
    for e in list(ab.effects) + [e for m in ab.modes for e in m.effects]:
        p = e.args.get("power", 0)
        if e.op == "pump" and isinstance(p, int) and p > 0 or e.op == "grant":
            return True
    return False


def risky_attack(g: Game, player: str) -> bool:
    """Did ``player`` attack this combat with a creature that a block would punish: one of the
    defender's untapped creatures kills it and survives, or several together kill it (509.1a:
    several creatures may block one; 510.1, 704.5g)? An attack a plain player would not make
    is evidence of a trick in hand."""
    if g.active != player or g.step not in ("declare_attackers", "declare_blockers"):
        return False
    cs = g.all_chars()
    for a in g.battlefield:
        o = g.objects[a]
        if o.attacking is None or cs[a].controller != player or "Indestructible" in cs[a].keywords:
            continue
        victim = o.attacking if isinstance(o.attacking, str) else g.controller_of(o.attacking)
        able = [b for b in g.battlefield if cs[b].controller == victim and facts.can_block(g, b, a)]
        if any(facts.kills_in_fight(g, b, a) and facts.survives(g, b, a) for b in able):
            return True
        tough = (cs[a].toughness or 0) - o.damage
        if len(able) >= 2 and sum(max(0, cs[b].power or 0) for b in able) >= tough > 0 \
                and "First strike" not in cs[a].keywords and "Double strike" not in cs[a].keywords:
            return True
    return False


def _weight(mana: int, land_unlikely: bool, tricks: bool = False) -> Callable[[CardDef], float]:
    def weight(card: CardDef) -> float:
        if "Land" in card.types:
            return UNLIKELY if land_unlikely else 1.0
        if "Instant" in card.types or "Flash" in card.keywords:
            return TRICK if tricks and is_trick(card) else 1.0
        return UNLIKELY if mana_value(card) <= mana else 1.0
    return weight


def held_weight(g: Game, player: str, memory: Memory | None = None) -> tuple[Callable[[CardDef], float], int] | None:
    """How likely, relatively, a card is in ``player``'s hand given what they did, and how many
    of the hand's cards that says nothing about (drawn since, dealt uniformly): once they have
    had a main phase with this mana (it is someone else's turn, whose untapped state is what
    they left, 502.2; or their own turn after their first main phase), a card they could have
    cast then at sorcery speed weighs ``UNLIKELY``, the others 1. Before that on their own turn,
    the mana ``memory`` saw them leave (the cards drawn this turn uniform). With ``memory``, lands
    weigh ``UNLIKELY`` too when no land entered under their control in their last turn (or by
    the end of this turn's first main phase), and in their combat after an attack a block would
    punish (``risky_attack``) their combat tricks weigh ``TRICK``. None: no evidence (their own
    turn before their first main phase ends, nothing remembered)."""
    p = g.players[player]
    late = g.active != player or g.step not in ("untap", "upkeep", "draw", "main1")
    turns = memory.turns.get(player, []) if memory is not None else []
    last = [t for t in turns if t < g.turn]
    missed = bool(last) and p.land_entered_turn < last[-1]
    if late:
        if g.active == player and g.step not in ("untap", "upkeep", "draw", "main1"):
            missed = p.land_entered_turn < g.turn  # no land in this turn's first main phase
        return _weight(untapped_mana(g, player), missed, risky_attack(g, player)), 0
    seen = memory.left.get(player) if memory is not None else None
    if seen is None or seen[0] >= g.turn or (last and seen[0] < last[-1]):
        return None  # nothing seen since their last turn
    return _weight(seen[1], missed), p.drawn_turn


def deal(cards: list[CardDef], n_hand: int, weight: Callable[[CardDef], float],
         rng: random.Random, fresh: int = 0) -> list[CardDef]:
    """The cards in slot order: ``n_hand`` drawn for the hand, the first ``fresh`` of them
    uniformly and the others by weight, without replacement (the weights of what is left), then
    the rest shuffled for the library."""
    rest = list(cards)
    rng.shuffle(rest)
    hand: list[CardDef] = []
    ws = [weight(c) for c in rest]
    for k in range(min(n_hand, len(rest))):
        if k < fresh:
            hand.append(rest.pop())  # shuffled: the last is a uniform draw
            ws.pop()
            continue
        x = rng.random() * sum(ws)
        i = 0
        while i < len(ws) - 1 and x >= ws[i]:
            x -= ws[i]
            i += 1
        hand.append(rest.pop(i))
        ws.pop(i)
    return hand + rest


def determinize(g: Game, seat: str, rng: random.Random, reads: bool = False, memory: Memory | None = None) -> Game:
    """A copy of ``g`` whose hidden cards are redealt from what ``seat`` cannot see (the cards of
    others' face-down spells and permanents among them, 707.5); with ``reads``, the opponents'
    hands by ``held_weight`` (with what ``memory`` saw), else uniformly."""
    c = g.copy()
    keep = shown(c, seat)
    down = face_down_slots(c, seat)
    for owner, ids in hidden_slots(c, seat).items():
        fd = down.get(owner, [])
        if not ids and not fd:
            continue
        cards = sorted([c.objects[i].card for i in ids] + [c.objects[i].chosen["face_down"] for i in fd],
                       key=lambda d: d.name)
        held = held_weight(c, owner, memory) if reads and owner != seat else None
        weight, fresh = held if held is not None else (None, 0)
        if weight is None or all(weight(card) == 1.0 for card in cards):
            rng.shuffle(cards)  # nothing tells one slot from another
        else:  # the hidden hand first, then the library and the face-down cards
            hand = [i for i in c.players[owner].hand if i not in keep]
            ids = hand + [i for i in ids if i not in set(hand)]
            cards = deal(cards, len(hand), weight, rng, fresh)
        for oid, card in zip(ids + fd, cards):
            o = c.objects[oid].copy()  # objects off the battlefield are shared between copies
            if oid in fd:
                o.chosen = dict(o.chosen, face_down=card)
            else:
                o.card = card
            c.objects[oid] = o
    for n in c.order:  # 702.105a-b: which conspiracy another player keeps face down, and the name, stay unknown
        if n != seat:
            for oid in c.players[n].command:
                o = c.objects[oid]
                if conspiracy.is_agenda(o):
                    blank = {k: v for k, v in o.chosen.items() if k != "card_name"}
                    o = c.objects[oid] = o.copy()
                    o.chosen = dict(blank, face_down=conspiracy.FACE_DOWN_CONSPIRACY)
    c.rng = type(g.rng)(rng.getrandbits(64))  # the game's own kind of random stream, fresh
    c.changed()
    return c
