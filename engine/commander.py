"""The Commander variant (CR 903 of April 8, 2016) in one module.

A game in the ``commander`` format knows each player's commander by the physical card
(``Game.commanders``: card uid -> owner). 903.3: being a commander is an attribute of the
card, not a characteristic of an object, so it follows the card through every zone change
(an object keeps its card's uid, 400.7) and a copy of it (a token, a Clone: a new uid) is
not a commander. An ordinary game has no commanders, and every hook below is then one
falsy test.

The rules here:
- 903.5a-c and 903.3: the decks are checked before the game starts (``check_decks``);
- 903.6-903.7: the commander starts in the command zone (408.3), life is 40 (``start``);
- 903.8: its owner may cast it from the command zone (``cast_permission``), for {2} more
  for each earlier cast from there (``tax``: an additional cost, 601.2f), counted when the
  spell becomes cast (601.2i, ``count_cast``) whatever becomes of it;
- 903.9: when it would be exiled or put into a hand, graveyard or library, its owner may
  put it into the command zone instead (``replace``: a yes/no choice of the owner, whoever
  controls it; it applies after the other replacement effects of the event, so it may
  apply more than once to one event, the exception to 614.5);
- 903.11a: 21 or more combat damage dealt to a player by one commander (``note_damage``
  keeps it by the commander's owner) loses the game, a state-based action (``check``).

Two commanders (a later rule: Partner, Conspiracy: Take the Crown, and the abilities built on
it; the 2016 rules give each deck one commander, 903.3): a player may name two cards when
both allow it (``pair_problems``): both have partner (plain, or the same "Partner—TEXT"), each
has "Partner with" the other's name, one has "Choose a Background" and the other is a
Background, or one has "Doctor's companion" and the other is a Time Lord Doctor. Each of the
two is then a commander by every rule above, on its own: the deck's color identity is both
identities together (903.5c), 100 cards count both (903.5a), each starts in the command zone
(903.6), each one's tax counts the casts of that card (903.8) and each one's combat damage is
kept apart (903.11a, ``damage_key``).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable

from engine.choices import NeedChoice

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj

FORMAT = "commander"
LIFE = 40              # 903.7
DECK_SIZE = 100        # 903.5a, the commander included
TAX = 2                # 903.8: {2} for each earlier cast from the command zone
LETHAL = 21            # 903.11a
#: 903.9: the destinations the owner may replace by the command zone
REPLACED = frozenset({"exile", "hand", "graveyard", "library", "library_shuffle"})
WUBRG = "WUBRG"
#: a player's commander as decks, games and the network name it: one card name, or a list of two partners
Leader = str | list[str]


class DeckError(ValueError):
    """A deck that cannot be played in a Commander game (903.3, 903.5), with every problem named."""


# ------------------------------------------------------------------ the decks (903.3-903.5)
def identity(cards: Any, name: str) -> frozenset[str]:
    """903.4: the card's color identity, as the card data says it (the same data the deck
    builder validates with); computed from the compiled card when the data has none: the
    colors (color indicator included) and every mana symbol in its cost and in its rules
    text, reminder text left out (903.4b)."""
    rec = cards.source.get(name) if hasattr(cards, "source") else None
    got = rec.get("colorIdentity") if isinstance(rec, dict) else getattr(rec, "color_identity", None)
    if got is not None:
        return frozenset(got)
    d = cards.definition(name)
    text = re.sub(r"\([^)]*\)", "", d.text)
    syms = list(d.mana_cost) + re.findall(r"\{([^}]+)\}", text)
    return frozenset(d.colors) | {c for s in syms for c in s.upper() if c in WUBRG}


def identity_colors(g: "Game", player: str) -> list[str]:
    """903.4: the colors of the color identity of ``player``'s commander (both partners' together, 903.5c), in
    WUBRG order: what "one mana of any color in your commander's color identity" may be; none outside a Commander
    game or for a player with no commander (106.5: no mana of an undefined type)."""
    if not g.commanders:
        return []
    kept: dict[str, list[str]] | None = g.__dict__.get("_commander_identity")
    if kept is None or set(kept) != set(g.commanders.values()):  # a card's identity never changes (903.4a)
        have: dict[str, set[str]] = {}
        for o in g.objects.values():
            owner = g.commanders.get(o.uid)
            if owner is not None and o.ability is None and not o.token:
                card = (o.chosen.get("printed") or o.card) if o.is_copy else o.card  # the card, not a copy (903.3)
                have.setdefault(owner, set()).update(identity(g.cards, card.name))
        kept = g.__dict__["_commander_identity"] = {p: [c for c in WUBRG if c in cs] for p, cs in have.items()}
    return list(kept.get(player, ()))


def names(value: "str | list[str] | tuple[str, ...] | None") -> list[str]:
    """A player's commander as a game or a deck names it: one card name, or a list of two
    (partners); [] for none."""
    if not value:
        return []
    return [value] if isinstance(value, str) else [str(v) for v in value]


#: "Choose a Background": its partner is a legendary Background enchantment card (a later rule, Commander
#: Legends: Battle for Baldur's Gate); "Doctor's companion": a legendary Time Lord Doctor creature card with no
#: other creature type (a later rule, Doctor Who)
BACKGROUND, COMPANION = "Choose a Background", "Doctor's companion"


def _is_doctor(d: Any) -> bool:
    """A Time Lord Doctor creature card with no other creature type (a creature card's subtypes are its
    creature types, 205.3d)."""
    return "Creature" in d.types and set(d.subtypes) == {"Time Lord", "Doctor"}


def pair_problems(cards: Any, pair: list[str]) -> list[str]:
    """Why two cards may not lead one deck together (a later rule, Partner: the 2016 rules give each deck one
    commander, 903.3); [] when they may: both have partner with the same text after it ("Partner", or
    "Partner—Friends forever" with "Partner—Friends forever"), each has "Partner with" the other's name, one
    has "Choose a Background" and the other is a legendary Background enchantment card, or one has
    "Doctor's companion" and the other is a legendary Time Lord Doctor creature card with no other creature
    type. Each card's own commander rule (903.3) is checked by ``deck_problems``."""
    a, b = (cards.definition(n) for n in pair)
    if a.name == b.name:
        return [f"{a.name} twice: two commanders are two different cards (903.5b)"]
    for x, y in ((a, b), (b, a)):
        if "Partner" in x.keywords and "Partner" in y.keywords \
                and x.keyword_args.get("Partner") == y.keyword_args.get("Partner"):
            return []
        if x.keyword_args.get("Partner with") == y.name and y.keyword_args.get("Partner with") == x.name:
            return []
        if BACKGROUND in x.keywords and "Background" in y.subtypes and "Enchantment" in y.types \
                and "Legendary" in y.supertypes:
            return []
        if COMPANION in x.keywords and _is_doctor(y) and "Legendary" in y.supertypes:
            return []
    return [f"{a.name} and {b.name} cannot be commanders together: two commanders need partner on both, "
            f"partner with each other, a Background with 'Choose a Background' or the Doctor with "
            f"'Doctor's companion' (a later rule: Partner)"]


def _may_lead(c: Any, pair: list[Any]) -> bool:
    """903.3, 903.3a: a legendary creature, or a card saying it can be your commander; in a pair, the Background
    of a card with 'Choose a Background' (a later rule)."""
    if "Legendary" in c.supertypes and "Creature" in c.types:
        return True
    if "can be your commander" in c.text:
        return True
    return "Background" in c.subtypes and any(BACKGROUND in o.keywords for o in pair if o is not c)


def deck_problems(cards: Any, deck: list[str], commander: "str | list[str] | None") -> list[str]:
    """Every reason ``deck`` (the cards other than the commander) led by ``commander`` (one name, or two that
    may be partners: ``pair_problems``) is not a Commander deck: 903.3 (a legendary creature), 903.5a (exactly
    100 cards with it), 903.5b (one of each name but basic lands), 903.5c (inside its color identity: with two
    commanders, both identities together), 903.5d (a land with a basic land type makes only mana of that identity)."""
    out: list[str] = []
    leaders = names(commander)
    if not leaders:
        return ["it names no commander (903.3)"]
    if len(leaders) > 2:
        return [f"it names {len(leaders)} commanders: one, or two partners (903.3)"]
    defs = []
    for name in leaders:
        try:
            defs.append(cards.definition(name))
        except KeyError:
            return [f"its commander {name} is not a known card"]
    for c in defs:
        if not _may_lead(c, defs):
            out.append(f"its commander {c.name} is not a legendary creature (903.3)")
    if len(leaders) == 2:
        out += pair_problems(cards, leaders)
    who = " and ".join(leaders)
    n = len(deck) + len(leaders)
    if n != DECK_SIZE:
        out.append(f"it has {n} cards with its commander{'s' if len(leaders) > 1 else ''}, not exactly "
                   f"{DECK_SIZE} (903.5a)")
    allowed = frozenset().union(*(identity(cards, name) for name in leaders))
    seen: dict[str, int] = {name: 1 for name in leaders}
    outside: list[str] = []
    typed: list[str] = []  # 903.5d: a land with a basic land type whose mana is outside the identity
    for name in deck:
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            continue
        try:
            d = cards.definition(name)
        except KeyError:
            out.append(f"{name} is not a known card")
            continue
        makes = {_BASIC_MANA[t] for t in d.subtypes if t in _BASIC_MANA} if "Land" in d.types else set()
        if not makes <= allowed:
            typed.append(name)
        elif not identity(cards, name) <= allowed:
            outside.append(name)
    for name, k in seen.items():
        if k > 1 and not _basic(cards, name):
            out.append(f"{k} copies of {name}: one of each card but basic lands (903.5b)")
    if outside:
        shown = ", ".join(outside[:5]) + (f" and {len(outside) - 5} more" if len(outside) > 5 else "")
        colors = "".join(c for c in WUBRG if c in allowed) or "colorless"
        out.append(f"outside the color identity of {who} ({colors}): {shown} (903.5c)")
    if typed:
        colors = "".join(c for c in WUBRG if c in allowed) or "colorless"
        out.append(f"a basic land type whose mana is outside the color identity of {who} ({colors}): "
                   f"{', '.join(typed)} (903.5d)")
    return out


#: 305.6: the mana each basic land type's intrinsic ability makes (903.5d)
_BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def _basic(cards: Any, name: str) -> bool:
    try:
        d = cards.definition(name)
    except KeyError:
        return False
    return "Basic" in d.supertypes and "Land" in d.types


def check_decks(cards: Any, players: list[tuple[str, list[str]]],
                commanders: "dict[str, str] | dict[str, str | list[str]]") -> None:
    """903.3, 903.5a-c: refuse the game (DeckError) unless every player's deck is a Commander deck; the message
    names each deck and each of its problems."""
    bad = []
    for name, deck in players:
        probs = deck_problems(cards, list(deck), commanders.get(name))
        if probs:
            bad.append(f"{name}'s deck" + (f" ({' and '.join(names(commanders[name]))})" if commanders.get(name)
                                           else "") +
                       ": " + "; ".join(probs))
    if bad:
        raise DeckError("not a Commander game: " + " | ".join(bad))


# ------------------------------------------------------------------ the start (903.6-903.7)
def start(g: "Game", commanders: "dict[str, str] | dict[str, str | list[str]]") -> None:
    """903.6: each commander (each of two partners) starts face up in its owner's command zone; 903.7: life 40."""
    g.format = FORMAT
    for name in g.order:
        for card in names(commanders.get(name)):  # 714.5a: a commander exempted from a restart is not here
            o = g._make(card, name, "command")
            g.players[name].command.append(o.id)
            g.commanders[o.uid] = name
        g.players[name].life = LIFE


def setup_position(g: "Game", setup: dict[str, Any], SetupError: type[ValueError] = ValueError) -> None:
    """A scenario's Commander keys (../shared/scenarios/FORMAT.md): ``format``, and per player
    ``commander`` (the card, placed like any other; a list of two partners), ``command`` (the command zone, 408),
    ``commander_casts`` and ``commander_damage``; life defaults to 40 in the format (903.7).
    A bad key raises ``SetupError`` (the caller's error class) saying what is wrong."""
    fmt = setup.get("format")
    if fmt not in (None, FORMAT):
        raise SetupError(f"unknown format {fmt!r} (commander, or none)")
    players = setup.get("players") or {}
    for name, ps in players.items():
        ps = ps or {}
        if name not in g.players:
            continue
        for entry in ps.get("command") or []:
            spec: dict[str, Any] = {"name": entry} if isinstance(entry, str) else dict(entry)
            o = g._make(spec["name"], spec.get("owner", name), "command")
            g.players[o.owner].command.append(o.id)
            # 121.1: counters on an object in the command zone (a plane's, Naar Isle's flame counters)
            o.counters = {str(k): int(v) for k, v in (spec.get("counters") or {}).items() if int(v) > 0}
            if spec.get("face_down"):  # 313.2, 702.105a: a conspiracy with hidden agenda, turned face down by
                o.chosen["setup_face_down"] = True  # engine/position.py (with ``chosen: {card_name: ...}``)
            if spec.get("chosen"):
                o.chosen.update({str(k): v for k, v in dict(spec["chosen"]).items()})
            if spec.get("id"):
                g.handles[str(spec["id"])] = o.uid  # g.handles: set by position.build
    if fmt is None:
        keys = ("commander", "commander_casts", "commander_damage")
        if any((ps or {}).get(k) for ps in players.values() for k in keys):
            raise SetupError("commander, commander_casts and commander_damage need format: commander")
        return
    g.format = FORMAT
    for name, ps in players.items():
        ps = ps or {}
        if name not in g.players:
            continue
        if "life" not in ps:
            g.players[name].life = LIFE
        for card in names(ps.get("commander")):  # one card, or a list of two partners
            ids = [o for o in g.objects.values() if o.owner == name and not o.token and o.ability is None
                   and o.card.name == card]
            if len(ids) != 1:
                raise SetupError(f"{name}'s commander {card!r}: place exactly one such card of {name}'s "
                                 f"(found {len(ids)})")
            g.commanders[ids[0].uid] = name
        casts = ps.get("commander_casts", 0)
        if isinstance(casts, dict):  # two partners: each card's casts (903.8)
            g.players[name].commander_casts_by = {str(k): int(v) for k, v in casts.items()}
            casts = sum(int(v) for v in casts.values())
        g.players[name].commander_casts = int(casts)
        dmg = ps.get("commander_damage") or {}
        for who, n in dmg.items():
            if str(who).split(": ")[0] not in g.players:  # "OWNER: CARD" for one of two partners (damage_key)
                raise SetupError(f"commander_damage of {name}: {who!r} is not a player")
        g.players[name].commander_damage = {str(k): int(v) for k, v in dmg.items() if int(v)}


# ------------------------------------------------------------------ casting (903.8)
def is_commander(g: "Game", o: "Obj") -> bool:
    """903.3: the card is a player's commander (a copy of it is not)."""
    return o.uid in g.commanders and not o.token and o.ability is None


def cast_permission(g: "Game", player: str, o: "Obj") -> dict[str, Any] | None:
    """903.8: a player may cast a commander they own from the command zone."""
    if o.zone == "command" and o.owner == player and g.commanders.get(o.uid) == player and o.ability is None:
        return {"play": "cast", "free": False, "command": True}
    return None


def castable(g: "Game", player: str) -> list[int]:
    """903.8: the commanders ``player`` may cast from their command zone (timing and mana aside)."""
    cz = g.players[player].command
    return [i for i in cz if g.commanders.get(g.objects[i].uid) == player] if cz and g.commanders else []


def owned(g: "Game", player: str) -> int:
    """How many commanders ``player`` has: one, or two partners (0 outside Commander)."""
    return sum(1 for owner in g.commanders.values() if owner == player)


def tax(g: "Game", player: str, o: "Obj") -> tuple[str, ...]:
    """903.8: the additional cost of casting ``o`` from the command zone: {2} for each earlier
    time ``player`` cast it from there (none from any other zone). With two commanders, each
    card's own casts count (``Player.commander_casts_by``); with one, all of them."""
    if o.zone != "command" and o.chosen.get("cast_from") != "command":
        return ()
    p = g.players[player]
    n = p.commander_casts if owned(g, player) < 2 else p.commander_casts_by.get(o.card.name, 0)
    return (str(TAX * n),) if n else ()


def count_cast(g: "Game", player: str, sid: int) -> None:
    """601.2i: a commander spell cast from the command zone is counted as it becomes cast."""
    s = g.objects[sid]
    if s.chosen.get("cast_from") == "command" and s.ability is None and g.commanders.get(s.uid) == player:
        p = g.players[player]
        p.commander_casts += 1
        p.commander_casts_by[s.card.name] = p.commander_casts_by.get(s.card.name, 0) + 1
        g.log("commander_cast", player=player, card=s.card.name, casts=p.commander_casts)


# ------------------------------------------------------------------ the command zone instead (903.9)
def replace(g: "Game", o: "Obj", frm: str, to: str | None, ask: bool) -> str | None:
    """903.9: where a commander goes instead of ``to`` (after the event's other replacement
    effects): "command" when its owner puts it there. The owner's yes/no answer is kept in
    ``g.replacing`` under the event's key; without one, ``ask`` stops here (NeedChoice, before
    anything changed), else the standing answer is used: yes, except for a card going from the
    library to its owner's hand (a draw keeps the card drawn)."""
    if to not in REPLACED or not g.commanders or not is_commander(g, o) or frm == to.split("_")[0]:
        return to  # a move inside a zone (a card put on the bottom of the library) is no zone change (400.1)
    key = f"command:{o.id}"
    got = g.replacing.get(key)
    if got:
        return "command" if got[-1] == "yes" else to
    if ask:
        wait = {"kind": "choose_option", "player": o.owner, "options": ["yes", "no"], "replace": key,
                "answer_to": "replace", "ids": ["yes", "no"], "step": 0,
                "prompt": f"{o.card.name} would go to {_zone_words(o, to)}: put it into the command zone "
                          f"instead? (903.9)"}
        if frm not in ("library", "hand"):  # no id of an object in a hidden zone is handed out
            wait["card"] = o.id
        raise NeedChoice(wait)
    return to if frm == "library" and to == "hand" else "command"


def _zone_words(o: "Obj", to: str) -> str:
    return {"exile": "exile", "hand": "its owner's hand", "graveyard": "its owner's graveyard",
            "library": "its owner's library", "library_shuffle": "its owner's library"}.get(to, to)


def may_ask(g: "Game", frm: str) -> bool:
    """Can a move from ``frm`` stop for the owner's 903.9 answer? During a resolution (the
    effect runs again after the answer, 608.2) for a card leaving a public zone; a move out of
    the library or a hand (draws, discards: effects that cannot be run twice) is planned by
    its effect first or takes the standing answer."""
    return g.resolving is not None and frm not in ("library", "hand")


def done(g: "Game", oid: int) -> None:
    """903.9: the move happened: the answer is no longer needed."""
    g.replacing.pop(f"command:{oid}", None)


# ------------------------------------------------------------------ commander damage (903.11a)
def damage_key(g: "Game", src: "Obj", owner: str) -> str:
    """Whose commander dealt the damage, as ``Player.commander_damage`` keeps it (903.11a: "by the same
    commander"): the owner's name when they have one commander, "OWNER: CARD" for each of two partners."""
    return owner if owned(g, owner) < 2 else f"{owner}: {src.card.name}"


def note_damage(g: "Game", src: "Obj", player: str, n: int) -> None:
    """903.11a: combat damage a commander deals to a player, kept by the commander (``damage_key``)."""
    owner = g.commanders.get(src.uid)
    if owner is not None and not src.token:
        dmg = g.players[player].commander_damage
        key = damage_key(g, src, owner)
        dmg[key] = dmg.get(key, 0) + n


def check(g: "Game", can_lose: "Callable[[str], bool] | None" = None) -> bool:
    """903.11a, a state-based action (704.3): a player dealt 21 or more combat damage by one
    commander loses the game, unless ``can_lose`` says that player can't (104.3). True when someone lost."""
    did = False
    for p in g.players.values():
        if not p.lost and p.commander_damage and max(p.commander_damage.values()) >= LETHAL \
                and (can_lose is None or can_lose(p.name)):  # "You can't lose the game" (104.3)
            p.lost = True
            did = True
            g.log("lose", player=p.name, why="commander")
    return did
