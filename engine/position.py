"""A position from a scenario setup (../shared/scenarios/FORMAT.md), put into a fresh game.

engine/setup.py builds the game (``from_setup``); this module only fills it in, so the game
itself can rebuild a saved scenario game (Game.from_json) without importing its builder."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import archenemy, commander, conspiracy, facedown, planechase, rooms, seats, transform, vanguard
from engine.actions import create_token
from engine.choices import COLORS
from engine.mana import parse_pool
from engine.state import STEPS, stamp_entry

if TYPE_CHECKING:
    from engine.game import Game

PLAYERS = ("alice", "bob")
NOT_START = {"untap", "declare_blockers", "combat_damage", "first_strike_damage", "end_of_combat", "cleanup"}


class SetupError(ValueError):
    """A scenario setup the engine cannot build, with what was wrong."""


def seat_names(setup: dict[str, Any]) -> list[str]:
    """The seats of a setup in turn order (FORMAT.md: ``seats``, default alice and bob)."""
    names = setup.get("seats", list(PLAYERS))
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SetupError(f"seats is a list of player names, not {names!r}")
    if not 2 <= len(names) <= 6 or len(set(names)) != len(names):
        raise SetupError(f"seats names 2 to 6 different players, not {names!r}")
    return list(names)


def _casual(g: "Game", players: dict[str, Any]) -> None:
    """A scenario's casual-variant keys (docs/scenarios.md): per player ``planar`` (the planar deck, top first:
    901.4), ``schemes`` (the scheme deck, top first, 904.4: an archenemy, whose life defaults to 40, 904.5) and
    ``vanguard`` (902.3: its life modifier applies when ``life`` is not given, its hand modifier always); a plane or
    phenomenon placed in ``command`` is face up, controlled by the planar controller (901.6)."""
    casual: dict[str, dict[str, Any]] = {}
    for name in g.order:
        ps = players.get(name) or {}
        for key, zone in (("planar", "planar"), ("schemes", "schemes")):
            if key not in ps:
                continue
            deck = [str(c) for c in ps.get(key) or []]
            casual.setdefault(key, {})[name] = deck
            for card in deck:
                o = g._make(card, name, zone)
                g.players[name].zone(zone).append(o.id)
            if key == "schemes" and "life" not in ps:
                g.players[name].life = archenemy.LIFE
        if ps.get("vanguard"):
            card = str(ps["vanguard"])
            problems = vanguard.problems(g.cards, card)
            if problems:
                raise SetupError("; ".join(problems))
            casual.setdefault("vanguard", {})[name] = card
            life = g.players[name].life
            vanguard.start(g, {name: card})
            if "life" in ps:
                g.players[name].life = life
    if "planar" not in casual and any(planechase.is_planar(g.objects[i].card) for n in g.order
                                      for i in g.players[n].command):
        casual["planar"] = {n: [] for n in g.order}
    g.casual = casual
    planechase.sync(g)


def build(g: "Game", setup: dict[str, Any], seed: int = 0) -> "Game":
    """Put the position into ``g``, a fresh game of the setup's seats (seat_names);
    ``g.handles`` maps setup ids to physical cards (uids)."""
    g.origin = {"kind": "setup", "setup": setup, "seed": seed}
    names = seat_names(setup)
    if names != g.order:
        raise SetupError(f"the game seats {g.order}, the setup {names}")
    try:
        seats.configure(g, setup.get("variant"), setup.get("options"), setup.get("teams"))
    except seats.SeatError as e:
        raise SetupError(str(e)) from None
    # 714.1: a restart begins a new game of the same variant, options and teams
    g.origin.update(variant=g.variant, options=list(setup.get("options") or []), teams=setup.get("teams"))
    active = setup.get("active", names[0])
    step = setup.get("step", "main1")
    if active not in names:
        raise SetupError(f"active must be one of {', '.join(names)}, not {active!r}")
    if step not in STEPS or step in NOT_START:
        raise SetupError(f"a scenario cannot start in step {step!r}")
    unknown = set(setup.get("players") or {}) - set(names)
    if unknown:
        raise SetupError(f"players {sorted(unknown)} are not seated ({', '.join(names)})")
    g.active = active
    g.starting = names[0]
    g.turn = int(setup.get("turn", 3))
    g.step = step
    handles: dict[str, int] = {}
    attach: list[tuple[int, str]] = []
    players = setup.get("players") or {}
    for name in names:
        ps = players.get(name) or {}
        p = g.players[name]
        p.life = int(ps.get("life", seats.starting_life(g)))
        p.poison = int(ps.get("poison", 0))
        p.counters = {str(k): int(v) for k, v in (ps.get("counters") or {}).items() if int(v) > 0}  # 121.1
        p.sideboard = [str(c) for c in ps.get("sideboard") or []]  # cards outside the game (400.10, learn)
        p.pool = parse_pool(ps.get("mana_pool"))
        p.lands_played = int(ps.get("lands_played", 0))
        for zone in ("library", "hand", "graveyard", "exile", "battlefield"):
            for entry in ps.get(zone) or []:
                spec: dict[str, Any] = {"name": entry} if isinstance(entry, str) else dict(entry)
                owner = spec.get("owner", name)
                if spec.get("token"):
                    oid = create_token(g, g.cards.definition(spec["name"]), name)
                    o = g.objects[oid]
                    o.sick = False
                    g.events.clear()
                else:
                    o = g._make(spec["name"], owner, zone)
                    o.controller = name
                    if zone == "battlefield":
                        g.battlefield.append(o.id)
                        stamp_entry(g, o)  # 613.6c: each its own entry
                    else:
                        g.players[owner].zone(zone).append(o.id)
                if zone == "battlefield":
                    o.tapped = bool(spec.get("tapped", False))
                    o.sick = bool(spec.get("sick", False))
                    o.entered_turn = g.turn if o.sick else 0  # one not sick was there before this turn
                    o.damage = int(spec.get("damage", 0))
                    o.counters = {str(k): int(v) for k, v in (spec.get("counters") or {}).items()}
                    if spec.get("transformed"):  # 711.8: a double-faced permanent with its back face up
                        back = transform.back_face(o.card)
                        if back is None:
                            raise SetupError(f"transformed: {spec['name']!r} has no back face to turn up (711.1)")
                        o.chosen["front"], o.card = o.card, back
                    if "Planeswalker" in o.card.types and "loyalty" not in o.counters and o.card.loyalty:
                        o.counters["loyalty"] = int(o.card.loyalty)
                    if spec.get("chosen"):  # what was chosen as it entered (614.12): {color: green}
                        o.chosen = {str(k): COLORS.get(v, v) if k == "color" else v
                                    for k, v in dict(spec["chosen"]).items()}
                    if o.counters.get("lore"):  # a Saga set up with lore counters: the chapters they reached
                        o.chosen["lore_seen"] = o.counters["lore"]  # triggered before (engine/saga.py)
                    if rooms.is_room(o.card):  # a Room (a later layout): "unlocked: [1]" names its unlocked doors
                        doors = [int(d) - 1 for d in spec.get("unlocked") or []]
                        if any(d not in (0, 1) for d in doors):
                            raise SetupError(f"unlocked: {spec['name']!r} has doors 1 and 2")
                        rooms.set_doors(o, tuple(doors))
                    if not o.sick:  # under this player's control since before their last upkeep (echo)
                        o.chosen.setdefault("upkeep_seen", name)
                    if o.counters.get("lore"):  # a Saga placed with lore counters: their chapters have triggered
                        o.chosen.setdefault("lore_seen", o.counters["lore"])  # already (engine/saga.py)
                    if spec.get("attached_to"):
                        attach.append((o.id, spec["attached_to"]))
                    if spec.get("face_down"):  # 707.1: face down by morph or manifest (engine/facedown.py)
                        how = str(spec["face_down"])
                        facedown.put_down(g, o.id, how if how in ("manifest", "cloak", "disguise") else "morph")
                        o = g.objects[o.id]
                elif spec.get("counters"):  # a card in exile with time counters is suspended (702.61b)
                    o.counters = {str(k): int(v) for k, v in dict(spec["counters"]).items()}
                if spec.get("id"):
                    handles[str(spec["id"])] = o.uid
    by_uid = {o.uid: o.id for o in g.objects.values()}
    for oid, ref in attach:
        if ref in handles:
            g.objects[oid].attached_to = by_uid[handles[ref]]
        elif ref in g.players:  # an Aura with enchant player (a Curse) attached to that player (303.4, 702.5a),
            # as Game.move attaches one that resolves (engine/effects.py): the player's name
            g.objects[oid].attached_to = ref  # type: ignore[assignment]
        else:
            named = [i for i in g.battlefield if g.objects[i].card.name == ref]
            if len(named) != 1:
                raise SetupError(f"attached_to: {ref!r} names no single permanent")
            g.objects[oid].attached_to = named[0]
    g.handles = handles
    commander.setup_position(g, setup, SetupError)  # 903: format, commander, command zone, casts, damage
    for n in g.order:  # 313.2, 702.105a: a conspiracy with hidden agenda set up face down (its name in ``chosen``)
        for oid in g.players[n].command:
            o = g.objects[oid]
            if o.chosen.pop("setup_face_down", None):
                if conspiracy.HIDDEN_AGENDA not in o.card.keywords:
                    raise SetupError(f"face_down: {o.card.name!r} has no hidden agenda (313.2)")
                conspiracy.turn_down(g, o)
    _casual(g, players)  # 901, 902, 904: planar and scheme decks, vanguards
    if g.variant == "two_headed_giant":  # 810.4, 810.10: one life total and poison count per team
        for team in g.teams:
            for key, default in (("life", seats.starting_life(g)), ("poison", 0)):
                given = {int(players[n][key]) for n in team if key in (players.get(n) or {})}
                if len(given) > 1:
                    raise SetupError(f"teammates {', '.join(team)} share one {key} total: give one")
                for n in team:
                    setattr(g.players[n], key, next(iter(given)) if given else default)
        seats.share(g)
    for p in g.players.values():
        p.life_turn_began = p.life  # a position's turn began with the life totals it gives
    g.changed()  # a token made above computed characteristics before the later entries were placed
    g.events.clear()
    if step == "declare_attackers":
        g.begun = False
    else:
        g.begun = True
        g.priority = active
    g._advance()
    return g
