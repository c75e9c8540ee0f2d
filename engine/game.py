"""The game: state, the turn and priority loop, and the contract of DESIGN.md.

``Game`` never blocks. ``pending`` is the one Decision it waits for; ``submit`` applies
an answer and runs until the next decision. Rules live in the modules named after them:
turn structure here (CR 500-514 and 116), casting and activating in engine.casting
(601, 602, 605), combat in engine.combat (506-511), state-based actions in engine.sba
(704), triggered abilities in engine.triggers (603), effects in engine.effects (608),
layers in engine.layers (613).
"""
from __future__ import annotations

import dataclasses
import json
import traceback
from operator import attrgetter
from typing import Any, Callable, NoReturn

from engine import (
    archenemy,
    bugreport,
    cast_as,
    cast_options,
    casting,
    clone,
    combat,
    commander,
    conspiracy,
    decisions,
    dredge,
    effects,
    entering,
    extra_phases,
    facedown,
    graveyard_order,
    knowledge,
    loops,
    manual,
    mutate,
    object_statics,
    opening,
    phasing,
    planechase,
    player_control,
    player_statics,
    position,
    replacement,
    rooms,
    saga,
    sba,
    seats,
    shortcuts,
    tapping,
    transform,
    triggers,
    vanguard,
)
from engine.ability_index import index as index_of
from engine.actions import discard
from engine.cardpool import CardPool
from engine.cards.abilities import CardDef, Effect
from engine.choices import answer_enter, answer_name
from engine.decision_kinds import CHOICE_KINDS, DecisionKind, validate
from engine.errors import EngineFault, IllegalAction
from engine.filters import matches
from engine.layers import Chars, compute, copy_layers, counters_allowed, everywhere, off_battlefield
from engine.leave import exile_orphans, leave
from engine.ops import OPS
from engine.ops.actions import designations, pass_designations
from engine.ops.objects import replacement_tokens, token_def
from engine.rng import GameRandom
from engine.state import COMMAND_CARDS, STEPS, Decision, Obj, Player, create_object, stamp_entry
from engine.until import object_left, source_left, spell_became
from engine.values import amount, condition
from engine.view import view as view_of

COMBAT_STEPS = ("beginning_of_combat", "declare_attackers", "declare_blockers",
                "first_strike_damage", "combat_damage", "end_of_combat")
HAND_SIZE = 7
CONCEDE = "__concede__"  # the record of a concession (104.3a) among the answers


#: the steps whose end does not empty mana that lasts "until end of combat" (106.4, firebending)
_LASTING_STEPS = frozenset({"beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage",
                            "combat_damage"})


class Game:
    """A game of Magic for 2 to 6 players (CR 100-105, 800-810): seats in engine/seats.py."""

    #: The effect primitives (engine/ops): an op that runs nested effects finds the table here.
    OPS = OPS

    # caches the rules modules keep on the game (absent until first used; never copied)
    _pstatics_any: tuple[int, bool] | None = None                              # player_statics.active
    _pstatics_fx: tuple[int, list[dict[str, Any]], int, bool]                   # player_statics.active
    _entering_statics: tuple[Any, list[tuple[int, Any]], list[tuple[int, Any]]]  # replacement (614.1d)
    _pstatics: tuple[Any, dict[str, list[tuple[int, str, dict[str, Any]]]]]    # player_statics.statics
    _printed: dict[int, Any]                                                    # layers.compute
    _chars_plain: dict[int, Chars]                                              # layers.compute
    _chars_zone_free: dict[int, Chars]                                          # layers.compute
    _chars_by_turn: dict[int, Chars] | None                                     # layers.compute
    _activated: tuple[Any, dict[str, list[tuple[int, list[tuple[int, Any, bool, bool]], bool]]]]  # decisions
    _cost_statics: tuple[Any, list[tuple[int, dict[str, Any]]]]                 # costs._statics
    _listened: tuple[Any, dict[str, list[int]]]                                 # triggers.event
    _targets_kept: tuple[Any, list[dict[str, Any]], int, tuple[bool, ...], dict[Any, Any]]  # targets (601.2c)
    _in_game: tuple[int, dict[int, Obj], dict[Any, bool]]                       # memo.in_game
    _frag_state: tuple[Any, int, int, tuple[Any, ...]]                          # loops (716.3)
    _commander_names: dict[str, str]                                            # view.commander_name
    _state_any: tuple[int, bool]                                                # triggers.state_triggers
    _face_down: bool                                                            # facedown (its options)
    _copy_fx: bool                                                              # layers.copy_layers (706.2)
    # set by position.build on a game built from a setup (scenarios): setup ids to physical cards (uids)
    handles: dict[str, int]

    # ------------------------------------------------------------------ creation
    def __init__(self, names: list[str], cards: CardPool | None = None, seed: int = 0) -> None:
        self.cards = cards if cards is not None else CardPool()
        self.order = list(names)
        self.players = {n: Player(n) for n in names}
        self.variant = "two_player"               # engine/seats.configure: 800.2, 806, 810
        self.attack_option = "attack_multiple"    # 802, 803
        self.influence: int | None = None         # 801: range of influence in seats
        self.teams: list[tuple[str, ...]] = []
        self.team_of: dict[str, tuple[str, ...]] = {}
        seats.configure(self)
        self.gone: list[str] = []                 # players who left the game, in order (800.4a)
        self.gy_batch: list[list[Any]] = []       # 404.3: cards just put into graveyards (engine/graveyard_order.py)
        self.shared: dict[str, tuple[int, int]] = {}  # 810.4, 810.10: life and poison last shared (seats.share)
        self.seated: list[str] = []               # 801.2c: the players in the game as this turn began
        self.objects: dict[int, Obj] = {}
        self.battlefield: list[int] = []
        self.stack: list[int] = []          # bottom first; the top is the last
        self.next_id = 1
        self.next_uid = 1
        self.ts = 0
        self.entry_event: tuple[Any, int] | None = None  # the last entry event (state.stamp_entry)
        self.turn = 1
        self.active = names[0]
        self.starting = names[0]
        self.step = "untap"
        self.begun = False                  # turn-based actions of this step done
        self.priority: str | None = None
        self.passes = 0
        self.effects: list[dict[str, Any]] = []     # continuous effects from resolved effects (611.2)
        self.delayed: list[dict[str, Any]] = []     # delayed triggered abilities (603.7)
        self.triggered: list[dict[str, Any]] = []   # triggered, waiting to be put on the stack (603.3)
        self.lki: list[tuple[Any, Any]] = []   # objects that left the battlefield in the current event batch (603.10)
        # characteristics from just before a batch of simultaneous events (704.7), by object id
        self.lki_chars: dict[int, Chars] | None = None
        self.wait: dict[str, Any] | None = None     # the decision waited for, as plain data
        self.resolving: dict[str, Any] | None = None  # a resolution stopped for a choice
        self.queue: list[dict[str, Any]] = []       # decisions due before play goes on (combat orders ...)
        self.replacing: dict[str, list[str]] = {}   # 616.1: the effects chosen to apply, per event about to happen
        self.shown: dict[int, tuple[str, ...]] = {}  # hidden cards some players know (engine/knowledge.py)
        self.rng = GameRandom(seed)
        self.seed = seed
        self.events: list[dict[str, Any]] = []
        self.winner: str | None = None      # a name, "draw", or None while the game goes on
        self.origin: dict[str, Any] = {}
        self.answers: list[list[Any]] = []
        self.combat_damage_done: set[int] = set()
        self.first_strike_step = False
        self.spells_cast_turn = 0
        self.day_night: str | None = None   # "day", "night" or neither (a later rule, Innistrad: Midnight Hunt)
        self.graveyard_turn = 0             # permanents put into a graveyard from the battlefield this turn (702.68a)
        self.combat_no = 0                  # combat phases begun this game: "put there this combat" (506.1)
        self.died_this_turn: list[dict[str, Any]] = []  # creatures died this turn, as they last were (700.4)
        #: the permanents untapped as the turn began, before its untap step ("if SELF started the turn untapped")
        self.untapped_at_start: frozenset[int] = frozenset()
        #: (turn, step name -> how many such steps it has begun): an additional step is one more (500.9)
        self.steps_this_turn: tuple[int, dict[str, int]] = (0, {})
        self.assignments: dict[int, dict[Any, int]] = {}   # combat damage assigned (510.1)
        self.scried: list[str] = []         # players done with the 103.4 look at the top card
        self.opening_done: list[str] = []   # players done with 103.5 actions (Leylines)
        self.extra_turns: list[str] = []    # 500.7: the most recently created is taken first
        self.regular: str | None = None     # 500.7: whose regular turn the extra turns being taken follow
        self.tokens_outside = False         # a token left the battlefield: 704.5d has work to do
        self.phased: list[int] = []         # phased-out permanents (702.25b; engine/phasing.py)
        self.player_control: dict[str, Any] = player_control.new()  # 712: players controlled (engine/player_control.py)
        self.loop: dict[str, Any] = {}  # 716.4: positions since the last choice (engine/loops.py)
        self.frag: dict[str, Any] = {}  # 716.3: this step's record of repeated priority actions (engine/loops.py)
        self.shortcut: dict[str, Any] = {}  # 716.2: a shortcut proposed or being taken (engine/shortcuts.py)
        self.format: str | None = None      # "commander" (903), or None
        self.commanders: dict[int, str] = {}  # 903.3: the commanders' card uids -> owner (set at the start)
        # the casual variants of section 9 this game plays (set at the start, never changed): "planar" (901:
        # player -> planar deck), "schemes" (904: archenemy -> scheme deck), "vanguard" (902: player -> vanguard),
        # "conspiracies" (905.4: player -> conspiracy cards); engine/planechase.py, archenemy.py, vanguard.py ...
        self.casual: dict[str, Any] = {}
        self._chars: dict[int, Chars] | None = None
        self._everywhere: list[Any] = []  # statics reaching spells and cards off the battlefield (layers.compute)
        self._version = 0                    # bumped by changed(): derived data is current for one version
        self._msrc: dict[str, Any] = {}      # mana sources per player (and their sizes), until the next change
        self._pending: Decision | None = None
        self._dirty = True

    @classmethod
    def new(cls, players: list[tuple[str, list[str]]], cards: CardPool | None = None, seed: int = 0,
            play_first: str | None = None, chooser: str | None = None, variant: str | None = None,
            options: list[Any] | None = None, teams: list[list[str]] | None = None,
            format: str | None = None, commanders: "dict[str, str] | dict[str, str | list[str]] | None" = None,
            sideboards: dict[str, list[str]] | None = None, casual: dict[str, Any] | None = None,
            check_decks: bool = True, seating: str = "fixed") -> "Game":
        """A new game of 2 to 6 players, seated in the given order (the turn order from the
        starting player): decks shuffled, who plays first settled (103.2), then opening hands and
        mulligans (103.4) come as decisions. ``variant``, ``options`` and ``teams``: see
        engine/seats.configure (a SeatError when they do not fit the seats).

        ``format="commander"`` (903): ``commanders`` names each player's commander (or a list of two
        partners: commander.pair_problems), and each deck is the other 99 (98) cards; the decks are
        checked first (commander.DeckError names each bad deck and its problems) and each commander
        starts in the command zone.

        103.2: ``play_first`` names the starting player outright; else ``chooser`` names the
        player who chooses who plays first (the loser of the previous game of a match), or
        ``"coin"`` lets a coin flip pick that player; with neither, a random player starts.

        ``check_decks``: False for a restarted game (714.2: every card its players own, whatever the count), which
        no deck-construction rule (903.5) judges.

        ``sideboards``: each player's sideboard, card names: cards they own outside the game (400.10), which
        an effect may bring in (learn: a Lesson card).

        ``seating``: "fixed" seats the players in the given order; "random" seats a Free-for-All game (806.3: "The
        players are randomly seated around the table") in an order drawn from the game's random stream (the one of the
        shuffles, engine/rng.py), logged for every player (``seating``); a game of two or of teams keeps the given
        order (103.2 chooses who plays first there; 810.2's teams sit as given).

        ``casual``: the casual variants of section 9 played with their nontraditional cards (each checked first;
        a DeckError names what is wrong): ``{"planar": {player: [plane and phenomenon names]}}`` (Planechase,
        901: a planar deck per player), ``{"schemes": {player: [scheme names]}}`` (Archenemy, 904: the archenemy,
        who takes the first turn, with 40 life; several: the Supervillain Rumble option, 904.12),
        ``{"vanguard": {player: name}}`` (Vanguard, 902), ``{"conspiracies": {player: [names]}}`` (905.4).
        """
        if seating not in SEATINGS:
            raise ValueError(f"unknown seating {seating!r}: {' or '.join(SEATINGS)}")
        g = cls([n for n, _ in players], cards, seed)
        g.origin = {"kind": "new", "players": [[n, list(d)] for n, d in players], "seed": seed,
                    "play_first": play_first}
        if seating == "random":
            g.origin["seating"] = seating
            if len(players) > 2 and not teams and variant in (None, "free_for_all"):
                _seat_randomly(g)
        if casual:
            casual = _casual_checked(g, casual)
            g.casual = casual
            g.origin["casual"] = casual
            schemers = list(casual.get("schemes") or ())
            if len(schemers) == 1 and play_first is None:
                play_first = schemers[0]  # 904.6, 103.2b: the archenemy takes the first turn
        if variant is not None or options or teams:
            seats.configure(g, variant, options, teams)
            g.origin.update(variant=g.variant, options=list(options or []), teams=teams)
            for p in g.players.values():
                p.life = p.life_turn_began = seats.starting_life(g)
            seats.share(g)
        if chooser is not None:
            g.origin["chooser"] = chooser
        if sideboards:
            g.origin["sideboards"] = {n: list(s) for n, s in sideboards.items() if n in g.players}
            for n, s in g.origin["sideboards"].items():
                for c in s:
                    g.cards.definition(c)  # a name the card pool does not know raises here, not mid-game
                g.players[n].sideboard = list(s)
        if format is not None:
            if format != commander.FORMAT:
                raise ValueError(f"unknown format {format!r}: commander, or none")
            if check_decks:  # 903.5 builds a deck; a restarted game (714.2) takes every card its players own
                commander.check_decks(g.cards, players, commanders or {})
            g.origin.update(format=format, commanders={p: c if isinstance(c, str) else list(c)
                                                       for p, c in (commanders or {}).items()})
        for name, deck in players:
            for card_name in deck:
                o = g._make(card_name, name, "library")
                if COMMAND_CARDS & set(o.card.types):  # 108.5: it starts the game in the command zone or not at all
                    raise ValueError(f"{card_name} is a nontraditional card: it is no part of a deck (108.5)")
                g.players[name].library.append(o.id)
        if format is not None:
            commander.start(g, commanders or {})
        agendas = _casual_start(g) if g.casual else []
        for p in g.players.values():
            knowledge.shuffle(g, p.name)
        if play_first is None and chooser is not None:
            if chooser == "coin":
                chooser = g.order[g.rng.randrange(len(g.order))]
                g.log("coin_flip", player=chooser)
            elif chooser not in g.players:
                raise ValueError(f"chooser {chooser!r} is not a player of this game")
            g.step = "play_first"
            g.wait = {"kind": "play_first", "player": chooser}
        else:
            first = play_first or g.order[g.rng.randrange(len(g.order))]
            if agendas:  # 103.1c before 103.2-103.4: the hands are drawn once the hidden agendas are named
                g.wait = {"kind": "_deal", "first": first}
            else:
                g._deal(first)
        if agendas and g.wait is not None:  # 702.105a, 313.2: the face-down conspiracies' names come first
            g.queue = agendas + [g.wait]
            g.wait = None
        g._advance()
        return g

    #: what a restart keeps of the game that ended: its record (how it began and every answer,
    #: for replays and bug reports) and its log, which goes on
    _RESTART_KEEPS = ("origin", "answers", "events")

    def restart(self, starter: str, exempt: list[int]) -> None:
        """714.1: the game ends with no winner and the players still in it begin a new game by
        rule 103, ``starter`` (who controlled the restarting ability) taking the first turn.
        714.2: every card each of them owns is in it, wherever it was (tokens, copies and
        abilities are no cards); 714.5: the ``exempt`` cards are not, and are put onto the
        battlefield under the starter's control just before the first untap step (714.4)."""
        names = [p for p in self.order if not self.players[p].lost]
        decks: dict[str, list[str]] = {p: [] for p in names}
        kept: list[tuple[str, str, int]] = []
        uids: dict[tuple[str, str], list[int]] = {}  # each physical card keeps its uid (its scenario handle)
        # 714.2, 108.5: the nontraditional cards each player owns are in the new game too, in the command zone
        # (a planar or scheme deck, a vanguard, a conspiracy), never in a deck
        nontraditional: dict[str, dict[str, list[str]]] = {p: {} for p in names}
        for o in sorted(self.objects.values(), key=lambda x: x.uid):
            if o.ability is not None or o.token or o.is_copy or o.owner not in decks:
                continue
            name = transform.front_face(o.chosen, o.card).name
            kinds = COMMAND_CARDS & set(o.card.types)
            if kinds:
                nontraditional[o.owner].setdefault(_CASUAL_KEY[min(kinds)], []).append(name)
                continue
            if o.id in exempt:
                kept.append((name, o.owner, o.uid))
            else:
                decks[o.owner].append(name)
                uids.setdefault((o.owner, name), []).append(o.uid)
        origin = self.origin
        # 903.6: each commander (the game's, however the game began) begins the new game in the command zone too;
        # 714.5a: one exempted from the restart does not, but stays its owner's commander
        named: dict[str, list[str]] = {}
        exempt_commanders: dict[int, str] = {}
        for uid, p in self.commanders.items():
            card = next((o for o in self.objects.values() if o.uid == uid and o.ability is None and not o.token
                         and not o.is_copy), None)
            if card is None or p not in decks:
                continue
            if card.id in exempt:
                exempt_commanders[uid] = p
                continue
            name = transform.front_face(card.chosen, card.card).name
            if name in decks[p]:
                decks[p].remove(name)
                named.setdefault(p, []).append(name)
        # 100.1a-b: a game is two-player or multiplayer by the players it begins with: a Free-for-All game
        # restarted with two players left is a two-player game (no free mulligan, 800.5; the draw skipped, 103.7a)
        multi = len(names) > 2 or origin.get("variant") not in (None, "free_for_all")
        new = Game.new([(p, decks[p]) for p in names], self.cards, self.rng.getrandbits(62), play_first=starter,
                       variant=origin.get("variant") if multi else None,
                       options=origin.get("options") if multi else None, teams=origin.get("teams"),
                       format=self.format, check_decks=False,
                       commanders={p: c[0] if len(c) == 1 else c for p, c in named.items()} or None,
                       sideboards={p: list(self.players[p].sideboard) for p in names} or None,
                       casual=_restart_casual(nontraditional) or None)
        last = self.next_uid
        moved: dict[int, int] = {}
        for o in sorted(new.objects.values(), key=lambda x: x.uid):
            mine = uids.get((o.owner, o.card.name))
            uid = mine.pop(0) if mine else last + o.uid
            moved[o.uid] = uid
            o.uid = uid
        new.commanders = {moved.get(u, u): p for u, p in new.commanders.items()}
        new.next_uid = last + new.next_uid
        saved = {k: v for k, v in self.__dict__.items()
                 if k in self._RESTART_KEEPS or k not in new.__dict__ and not k.startswith("_")}
        self.__dict__.clear()
        self.__dict__.update(new.__dict__)
        self.__dict__.update(saved)
        # 714.5: "leaving in exile" (Karn Liberated): the exempt cards are no part of the new decks; they wait in
        # their owners' exile, where the players see them through the mulligans, until 714.4 puts them onto the
        # battlefield
        held: list[int] = []
        for name, owner, uid in kept:
            o = self._make(name, owner, "exile")
            o.uid = uid
            self.players[owner].exile.append(o.id)
            held.append(o.id)
        self.restart_exempt = held
        self.commanders.update(exempt_commanders)
        self.log("restart", player=starter)

    def _restart_exempt(self) -> None:
        """714.4: the restarting effect's remaining instruction: the exempt cards enter the
        battlefield under the starting player's control (their triggers wait for priority)."""
        for oid in self.__dict__.pop("restart_exempt", ()):
            if oid in self.objects and self.objects[oid].zone == "exile":
                self.move(oid, "battlefield", controller=self.starting)

    def _deal(self, first: str) -> None:
        """103.2-103.4: the starting player is set, and each player draws an opening hand."""
        self.starting = self.active = first
        self.changed()  # who is active (102.1): "during your turn" reads it
        i = self.order.index(first)
        self.order = self.order[i:] + self.order[:i]  # 101.4: turn order goes around the table
        for p in seats.live(self):  # 800.4a: a player who left while the first player was chosen draws none
            self.draw(p, max(0, HAND_SIZE + self.players[p].hand_modifier))  # 103.4a: a vanguard's hand modifier
        self.step = "mulligan"
        self.wait = {"kind": "mulligan", "player": self.order[0]}

    def _play_first_answer(self, player: str, a: dict[str, Any]) -> None:
        """103.2: the chooser names who takes the first turn."""
        first = a.get("player")
        live = seats.live(self)
        if first not in live:  # 800.4a: a player who has left the game takes no turn
            raise IllegalAction(f"choose a player to play first: one of {', '.join(live)}")
        self.log("play_first", player=player, first=first)
        self._deal(first)

    # ------------------------------------------------------------------ objects and zones
    def _make(self, name: str, owner: str, zone: str) -> Obj:
        return create_object(self, self.cards.definition(name), owner, zone)

    def other(self, player: str) -> str:
        """The next player in turn order still in the game (116.3d): in a two-player game, the
        opponent."""
        return seats.next_player(self, player)

    def opponents(self, player: str) -> list[str]:
        """The opponents of ``player`` still in the game, in APNAP order (101.4)."""
        return seats.opponents(self, player)

    def changed(self) -> None:
        """Forget derived data (characteristics, mana sources) after any change of the state."""
        self._chars = None
        self._msrc = {}
        self._version = self.__dict__.get("_version", 0) + 1
        if self.__dict__.get("_copy_fx"):  # a copy effect may have ended (613.1a: engine/ops/continuous.py)
            copy_layers(self)

    def skip_to_cleanup(self) -> None:
        """713.1b-d: creatures leave combat, state-based actions are checked with no player
        getting priority, and the game goes on at the cleanup step (mana empties, 500.4)."""
        combat.end_combat(self)
        while sba.check(self) and self.winner is None and self.wait is None:
            pass
        for name, p in self.players.items():  # the step ends: its mana empties unless a static keeps it (500.4)
            p.pool = player_statics.kept_mana(self, name, p.pool)
            p.treasure_mana = {k: min(v, p.pool.get(k, 0)) for k, v in p.treasure_mana.items() if p.pool.get(k, 0) > 0}
        self.step, self.begun, self.priority, self.passes = "cleanup", False, None, 0

    def turn_state_changed(self) -> None:
        """Forget derived data after a change of tapped state, summoning sickness, mana pools,
        the step, combat status (attacking, blocking: 506.4) or marked damage wearing off only.
        While no static ability reads these (``layers._turn_free``; the resolved
        continuous effects never do: their objects and values are locked in, 611.2c),
        characteristics stay what they are (613) and no state-based action (704.5) looks at
        these, so both stay known; otherwise this is ``changed()``."""
        if self.__dict__.get("_chars_plain") is not self._chars or self._chars is None:
            self.changed()
            return
        clean = self.__dict__.get("_sba_clean") == self._version
        self._msrc = {}
        self._version += 1
        if clean:
            self._sba_clean = self._version

    def hidden_move(self) -> None:
        """Forget derived data after a card moved between zones other than the battlefield and the
        command zone (a draw, a discard, a spell cast or put into a graveyard). While every static
        ability reads only permanents (``layers._turn_free``: no zone but the battlefield, no
        counted amount; no full text of a graveyard's card, 612.5) and the resolved continuous
        effects have their objects and values locked in (611.2c), the characteristics of the
        permanents stay what they are (613) and, as for a change of turn state, are kept
        (``turn_state_changed``); otherwise this is ``changed()``."""
        if self.__dict__.get("_chars_zone_free") is not self._chars or self._chars is None:
            self.changed()
            return
        self.turn_state_changed()

    def all_chars(self) -> dict[int, Chars]:
        """The characteristics of every permanent on the battlefield now (613), by object id."""
        cs = self._chars
        return cs if cs is not None else compute(self)

    def chars(self, oid: int) -> Chars:
        """The characteristics of an object now (613); outside the battlefield its printed ones."""
        cs = self._chars
        if cs is None:
            cs = compute(self)
        c = cs.get(oid)
        if c is None:
            o = self.known(oid)
            if o is None:
                raise KeyError(oid)
            c = off_battlefield(self, o)
            if o.zone == "stack" and o.ability is None:
                c.controller = o.controller
            elsewhere = self.__dict__.get("_everywhere")
            if elsewhere:  # statics of permanents that reach spells and cards elsewhere too (611.3a)
                c = everywhere(self, o, c, elsewhere)
        return c

    def known(self, oid: int) -> Obj | None:
        """The object ``oid``, or, for the spell that left the stack during its own resolution,
        the object as it last existed there (608.2g, 608.2j: a damage source, "its
        controller"); None for any other object that is gone."""
        o = self.objects.get(oid)
        if o is None:
            r = self.resolving
            if r is not None and r.get("obj") == oid:
                return r.get("lki_self")
        return o

    def controller_of(self, oid: int | None) -> str | None:
        if oid is None:
            return None
        o = self.objects.get(oid)
        if o is None:
            return None
        if o.zone == "battlefield":
            return self.chars(oid).controller
        return o.controller

    def zone_list(self, o: Obj) -> list[int]:
        if o.zone == "battlefield":
            return self.battlefield
        if o.zone == "phased_out":  # 702.25b (engine/phasing.py)
            return self.phased
        if o.zone == "stack":
            return self.stack
        return self.players[o.owner].zone(o.zone)

    def token_card(self, spec: dict[str, Any]) -> CardDef:
        """The card a token of ``spec`` (a token op's arguments) is (111.3): for the rules modules below the
        game (engine/replacement.py, 614.1a "that many <token>s are created instead")."""
        return token_def(Effect("token", dict(spec)))

    def move(self, oid: int, to: str, *, top: bool = True, controller: str | None = None,
             tapped: bool = False, index: int | None = None, replaced: bool = False,
             counters: dict[str, int] | None = None, linked: int | None = None, transformed: bool = False,
             attached_to: int | None = None, tokens: Any = (), back_up: bool = False) -> int:
        """Move an object to a zone; it becomes a new object there (400.7). Returns its new id.

        A move to a graveyard goes through its replacement effects (614.1a, engine/replacement.py)
        unless ``replaced`` says the caller already applied them; "library_shuffle" shuffles it
        into its owner's library. ``counters``: it enters the battlefield with them (614.1c:
        persist, undying). ``linked``: the source whose replacement the caller applied exiles it,
        linked to that source's "exiled with" ability (614.14). ``attached_to``: an Aura spell enters
        the battlefield attached to its target (303.4f), so its enters triggers see it attached. ``tokens``: the
        tokens a replacement the caller applied creates as the object moves (614.1a; engine/ops/objects.py).
        ``back_up``: a modal double-faced card played as its back face enters with that face up (a later layout;
        one cast so, a spell with its back face up, does too)."""
        o = self.objects[oid]
        frm = o.zone
        r = self.resolving
        if r is not None and r.get("obj") == oid:
            # the spell leaves the stack during its own resolution ("return SELF to its owner's
            # hand, then ..."): it resolves fully (608.2j), the rest of it reading it as it last
            # existed (608.2g; engine/values.py ``this``). A copy: never changed again, so
            # snapshots may share it.
            r["lki_self"] = o.copy()
        if frm == "stack" and to == "battlefield" and cast_options.is_spell_copy(o) and not o.token:
            # a copy of a permanent spell becomes a token as it is put onto the battlefield (a later rule of the
            # Core Set 2021 rules; 706.10 copies the spell, 111.1 a token): it then leaves the stack as a
            # token does, no card (the token's own identity, as one created)
            o.token = True
            o.uid = self.next_uid
            self.next_uid += 1
        if frm == "stack" and cast_options.is_spell_copy(o) and not o.token:  # 706.10a: a copy of a spell ceases to
            # exist
            self.stack.remove(oid)
            del self.objects[oid]
            self.log("ceases", card=o.card.name, obj=oid)
            if self.effects:
                object_left(self, oid)  # 611.2c, 400.7: effects on only the copy have ended
            self.changed()
            return oid
        if frm == "stack" and "cast_with" in o.chosen:  # 702.33a: a flashback spell is exiled instead
            to = cast_options.leaves_stack_to(o, to, False)  # (engine/cast_options.py)
        if frm == "stack" and to == "graveyard" and o.chosen.get("exile_instead"):
            to = "exile"  # 614.1a: cast with a permission that exiles it instead (engine/zones_cast.py)
        elif frm == "battlefield" and o.chosen.get("leaves_to") not in (None, to):
            to = o.chosen["leaves_to"]  # 702.83a: "if it would leave the battlefield, exile it instead"
        if to == "battlefield" and frm != "battlefield" and player_statics.enters_exiled(self, oid, frm):
            to = "exile"  # 614.1a: "if a creature would enter and it wasn't cast, exile it instead"
        if to == "battlefield" and frm != "battlefield" and entering.discard_static(o.card) is not None:
            # 614.1a: "If SELF would enter, you may discard a land card instead. If you do, ..." (Mox Diamond)
            to = entering.enter_discard(self, o, controller or o.controller)
        link = linked if to == "exile" else None
        made = tokens
        if not replaced and (to == "graveyard" or self.commanders and to in commander.REPLACED):
            # 614.1a: "exile it instead", "shuffle it ... instead"; 903.9: the command zone instead
            res = replacement.zone_change(self, o, frm, to, ask=commander.may_ask(self, frm))
            to, link = res["to"], res.get("link") if res["to"] == "exile" else None
            made = res.get("tokens", ())
        if self.replacing:
            replacement.done(self, f"zone:{oid}")
            commander.done(self, oid)
        shuffle = False
        if to == "library_shuffle":
            to, top, index, shuffle = "library", True, None, True
        elif to == "library_top":  # "If SELF would die, put it on top of its owner's library instead" (614.1a)
            to, top, index = "library", True, None
        before = None
        if frm == "battlefield":  # 704.7: in a batch, as the object was before the batch
            before = self.lki_chars.get(oid) if self.lki_chars else None
            before = before or self.chars(oid)
        fired: list[dict[str, Any]] = []
        if before is not None:  # it left the battlefield
            fired = triggers.leaves(self, o, before, to)
        self.zone_list(o).remove(oid)
        if frm == "battlefield":
            for other in self.battlefield:
                if self.objects[other].attached_to == oid:
                    self.objects[other].attached_to = None
            if o.in_combat:
                combat.remove_from_combat(self, o)
        del self.objects[oid]
        was = self.shown.get(oid, ())
        knowledge.forget(self, oid)
        n = o.copy()
        merged = frm == "battlefield" and to != "battlefield" and "merged" in o.chosen
        if n.is_copy:  # 400.7: a card that was a copy on the battlefield is its own card again
            n.card, n.is_copy = o.chosen.get("printed", n.card), False
        if to != "stack":  # 711.4a, 709.4, 708.3: the whole card again once it leaves the battlefield or stack
            n.card = transform.front_face(o.chosen, n.card)
        n.id = self.next_id
        self.next_id += 1
        n.zone = to
        n.tapped = tapped if to == "battlefield" else False
        n.damage = 0
        n.deathtouched = False
        n.counters = {}
        n.attached_to = attached_to if to == "battlefield" else None
        n.attacking = None
        n.blocking = []
        n.blocked = False
        n.blockers = []
        n.regen = 0
        n.sick = True
        n.damage_sources = []
        if to != "stack":
            kicked = n.kicked and frm == "stack" and to == "battlefield"  # "if it was kicked" (702.32b)
            x = n.x if frm == "stack" and to == "battlefield" else 0  # 614.1c: "enters with X counters"
            n.targets, n.x, n.modes, n.divide, n.kicked = [], x, [], {}, kicked
            # the permanent a spell becomes remembers how it was cast (702.73a evoke, 702.108a dash)
            n.chosen = cast_options.carried(o) if frm == "stack" and to == "battlefield" else {}
        if "face_down" in o.chosen:  # 702.36c, 701.31a: stays face down, or is the card again (707.9)
            facedown.card_after_move(o, n, frm, to)
        for key in cast_as.KEYS:  # 702.102a: a bestowed spell enters as an Aura; a prototyped one stays so
            if key in o.chosen:
                cast_as.card_after_move(o, n, frm, to, key)
        if merged:  # a merged permanent (mutate, a later rule): its own card goes there, the others after it
            n.card = mutate.own_card(o)
        # a spell cast transformed (disturb) becomes a permanent with its back face up
        transformed = transformed or frm == "stack" and to == "battlefield" and "front" in o.chosen
        transformed = transformed or to == "battlefield" and transform.day_night_enters(self, n.card)
        back = transform.back_face(n.card) if to == "battlefield" and transformed else None
        if back is not None:  # 711.8: "onto the battlefield transformed": its back face up as it enters
            n.chosen["front"] = n.card
            n.card = back
        elif to == "battlefield" and (back_up or frm == "stack" and "front" in o.chosen):
            modal = transform.modal_back(n.card)  # a modal double-faced card keeps the face it was cast or played
            if modal is not None:                 # with (a later layout); "transformed" does nothing to it
                n.chosen["front"] = n.card
                n.card = modal
        if to == "battlefield" and rooms.is_room(n.card):  # a Room (a later layout): the door cast is unlocked
            rooms.entering(n, o if frm == "stack" else None)
        if to == "battlefield":
            stamp_entry(self, n)  # 613.6c, 613.6j
            n.controller = controller or (o.controller if frm == "stack" else o.owner)
            if any(ab.kind == "static" and (ab.static or {}).get("kind") == "enters_under_opponent"
                   for ab in n.card.abilities):
                entering.under_opponent(self, n)  # 614.1d: "enters under the control of an opponent of your choice"
        else:
            n.controller = controller or (o.controller if to == "stack" else o.owner)
        self.objects[n.id] = n
        if n.token and to != "battlefield":
            self.tokens_outside = True
        for t in fired:
            t["info"]["new"] = n.id
        dest = self.zone_list(n)
        if to == "library":
            if index is not None:
                dest.insert(index, n.id)
            elif top:
                dest.insert(0, n.id)
            else:
                dest.append(n.id)
        else:
            dest.append(n.id)
        if merged:  # each other card that represented it goes there too; a token ceases to exist (110.5f)
            mutate.split(self, o, to, top, index)
        if link is not None and link in self.objects and self.objects[link].zone == "battlefield":
            keeper = self.objects[link]  # 614.14: exiled by its replacement, linked to its "exiled with" ability
            keeper.chosen["exiled"] = list(keeper.chosen.get("exiled", ())) + [n.id]
        if frm in _KEEPING and to in _KEEPING \
                and not ("graveyard" in (frm, to) and index_of(n.card.abilities).gy_statics):
            # no permanent nor emblem came or went, nor a card whose static works from a graveyard (112.6b: Anger)
            self.hidden_move()
        else:
            self.changed()
        if to in ("library", "hand") and not shuffle:
            # into a hidden zone: who saw it go there knows it (until a shuffle, 701.16a)
            if frm not in ("library", "hand"):  # from a public zone: the whole table saw it
                seen = set(self.order)
            else:
                seen = set(was)
                if seen or (to == "library" and frm == "hand"):
                    seen.add(n.owner)
            if seen:
                knowledge.show(self, [n.id], sorted(seen))
        hidden = to in ("library", "hand") and frm in ("library", "hand")
        if hidden:  # a draw, a card put back: only its owner sees which card (400.2) and, for a card
            # put into a hand in Two-Headed Giant, the owner's teammates, who see that hand (810.5)
            self.log("move", card=n.card.name, obj=n.id, frm=frm, to=to, owner=n.owner, hidden=True,
                     audience=list(self.team_of[n.owner]) if to == "hand" and self.variant == "two_headed_giant"
                     else [n.owner])
        else:
            self.log("move", card=n.card.name, obj=n.id, frm=frm, to=to, owner=n.owner, hidden=False)
        if to == "graveyard":  # "cards in your graveyard that were put there from anywhere this turn" (404.2)
            n.chosen["graveyard_turn"] = self.turn
            graveyard_order.note(self, triggers.batch_key(self), n.owner, n.id)  # 404.3: the owner may order a batch
            if self.step in COMBAT_STEPS:  # "that wasn't put there this combat" (506.1: the combat phase it is in)
                n.chosen["graveyard_combat"] = self.combat_no
        if frm == "battlefield" and to == "graveyard" and not o.chosen.get("entry_replaced"):
            n.chosen["from_battlefield_turn"] = self.turn
            if before is not None and "Aura" in before.subtypes:  # 400.7e: its "when enchanted ... leaves" abilities
                n.chosen["left_as"] = oid  # find it here (engine/values.py aura_in_graveyard)
            if before is not None and "Creature" in before.types:  # "put into your graveyard" (recover, 702.58a)
                triggers.creature_to_graveyard(self, n.owner, n.id)
                # "for each creature that died this turn" (700.4): what it was as it last existed (608.2h)
                self.died_this_turn = [*self.died_this_turn, {
                    "types": sorted(before.types), "subtypes": sorted(before.subtypes), "token": n.token,
                    "controller": before.controller, "owner": n.owner}]
            self.graveyard_turn += 1  # gravestorm counts them (702.68a)  # "put there from the battlefield this turn"
        if frm == "battlefield" and self.effects:
            source_left(self, oid)  # 610.3: "until SELF leaves the battlefield"
        if frm == "battlefield" and self.gone:
            exile_orphans(self)  # 800.4c: a control effect of what left (an Aura's static too) may have ended
        if frm == "stack" and to == "battlefield" and self.effects:
            spell_became(self, oid, n.id)  # 400.7a: what changed the spell's characteristics goes on applying
        if self.effects:
            object_left(self, oid)  # 611.2c, 400.7: effects on only the old objects have ended
        if shuffle:
            self.log("reveal", player=n.owner, cards=[n.card.name], objs=[n.id])
            knowledge.shuffle(self, n.owner)
        if to == "battlefield":
            n.chosen["entered_from"] = frm  # "if it entered from your graveyard" (filters: from_your_graveyard)
            if counters:
                for k, v in counters.items():
                    if counters_allowed(self, n.id, k):
                        n.counters[k] = n.counters.get(k, 0) + v
                self.changed()  # 121.6: it enters with them ("its power" as it entered counts them, 603.6a)
            if not clone.entering(self, n) and not entering.sacrifice_or_graveyard(self, n, frm):
                triggers.enters(self, n)  # 706.5: "enter as a copy of ..." is chosen first; 614.1a: "If SELF would
                # enter, sacrifice a Forest instead" (engine/entering.py)
            if n.chosen.get(rooms.UNLOCKED) and n.id in self.objects:  # "when you unlock this door" (engine/rooms.py)
                rooms.entered(self, n)
        if to == "graveyard" and n.card.abilities:  # "when SELF is put into your graveyard from ..." (603.2)
            triggers.to_graveyard(self, n, frm)
        if to == "graveyard" and not n.token:  # "whenever a card is put into an opponent's graveyard from anywhere"
            pl = self.players[n.owner]
            turn, went = pl.to_graveyard_turn
            pl.to_graveyard_turn = (self.turn, [*(went if turn == self.turn else ()),
                                                (triggers.batch_key(self), frozenset(n.card.types))])
            triggers.event(self, {"event": "card_to_graveyard", "obj": n.id, "player": n.owner, "from": frm})
        if frm == "graveyard":  # "whenever ... leave your graveyard" (603.2)
            triggers.event(self, {"event": "leaves_graveyard", "obj": n.id, "player": n.owner, "to": to})
        if made:
            replacement_tokens(self, made)
        return n.id

    def draw(self, player: str, n: int = 1) -> None:
        """Draw n cards (121.2); drawing from an empty library loses at the next SBA check (704.5b)."""
        p = self.players[player]
        todo = [True] * n  # True: a draw "draw two cards instead" may still replace (614.5: once for each event)
        while todo:
            fresh = todo.pop()
            statics_on = player_statics.active(self)
            if statics_on and player_statics.draw_capped(self, player):
                continue  # "can't draw more than one card each turn": this draw can't happen (121.2)
            if self.effects and replacement.draw_replaced(self, player):
                continue  # 614.11: replaced, even from an empty library; the next draw goes on (614.11a)
            mine = self.step == "draw" and self.active == player  # their own draw step (504)
            if mine:
                turn, k = p.draw_step_draws
                p.draw_step_draws = (self.turn, (k if turn == self.turn else 0) + 1)
            if fresh and statics_on:  # 614.1a: "If you would draw a card, draw two cards instead"
                earlier = (p.draw_step_draws[1] - 1) if mine else None
                todo.extend([False] * (player_statics.draw_times(self, player, earlier) - 1))
            if not p.library:
                if player_statics.active(self) and player_statics.empty_draw_wins(self, player):
                    self.wins(player)  # 614.1a: "you win the game instead" (Laboratory Maniac)
                    return
                p.drew_from_empty = True
                continue
            new = self.move(p.library[0], "hand")
            self.objects[new].chosen["drawn_turn"] = self.turn  # "cards in your hand drawn this turn" (a new object)
            p.drawn_turn += 1
            if p.drawn_turn == 1 and self.objects[new].card.keywords:
                cast_options.miracle_drawn(self, player, new)  # 702.93a: the first card drawn this turn
            triggers.event(self, {"event": "draw", "player": player, "nth": p.drawn_turn})

    def log(self, kind: str, **data: Any) -> None:
        data["type"] = kind
        if self.player_control["now"] and "audience" in data:  # 712.4: the controller of a player in the
            data["audience"] = sorted({*data["audience"],   # audience sees what that player sees
                                       *(player_control.decider(self, p) for p in data["audience"])})
        self.events.append(data)

    # ------------------------------------------------------------------ amounts and conditions
    def amount(self, a: Any, src: int | None, ctx: dict[str, Any] | None = None) -> int:
        return amount(self, a, src, ctx)

    def condition(self, cond: dict[str, Any], src: int | None) -> bool:
        return condition(self, cond, src, None)

    # ------------------------------------------------------------------ the contract
    @property
    def pending(self) -> Decision | None:
        return self._pending

    @property
    def over(self) -> bool:
        return self.winner is not None

    def submit(self, player: str, answer: Any) -> None:
        """Apply ``player``'s answer to the pending decision and run to the next one.

        An illegal answer raises IllegalAction and changes nothing. Any other exception, in
        the answer or in what it sets off until the next decision (resolution, triggers,
        state-based actions), is an engine fault: the game is put back exactly as it was
        before the answer (``_recover``), a bug report is written and EngineFault is raised.
        """
        d = self._pending
        if d is None:
            raise IllegalAction("the game is over" if self.over else "no decision is pending")
        if player != d.player:
            raise IllegalAction(f"it is {d.player}'s decision, not {player}'s")
        answer = validate(d.kind, answer, self.players)  # a plain-JSON copy: the caller's object is not kept
        if "for" in d.data:  # 712.5: answered by the controller of the player whose decision it is
            d = dataclasses.replace(d, player=d.data["for"])
        risky = d.kind in ("priority", "cast_offer") and answer.get("action") in ("cast", "activate", "turn_face_up") \
            and not casting.is_plain_mana_activation(self, d.player, answer)
        snapshot = self._snapshot(derived=True) if risky else None  # other answers are checked before any change
        n_answers = len(self.answers)
        wait = self.wait  # the record itself: the decision's data holds derived parts (the top card ...)
        priority = d.kind == "priority"
        # 716.3: the records of loops are looked at only when there is one (an empty record of a fragmented loop
        # counts nothing before a cast or an activation: loops.before, loops.acted; an empty loop record has no
        # position a choice could start again: loops.answered)
        here = loops.before(self, d.player, answer) if priority and self.frag else None
        try:
            try:
                self._answer(d, answer)
                if self.loop:
                    loops.answered(self, d, answer)  # 716.2a: a choice starts the loop record again
                if priority and (self.frag or answer.get("action") in _LOOP_ACTIONS):
                    loops.acted(self, d.player, answer, here)  # 716.3: the record of a fragmented loop
            except IllegalAction:
                if snapshot is not None:
                    self._restore(snapshot)
                elif self.wait is None:
                    self.wait = wait
                raise
            self.answers.append([player, answer])
            self._advance()
        except IllegalAction:
            if len(self.answers) == n_answers:
                raise
            fault: BaseException = RuntimeError("IllegalAction raised after the answer was taken")
            self._fault(_record(d), player, answer, n_answers, fault, traceback.format_exc())
        except Exception as e:  # noqa: BLE001 - every engine bug is contained here
            self._fault(_record(d), player, answer, n_answers, e, traceback.format_exc())

    def _fault(self, decision: dict[str, Any], player: str, answer: Any, n_answers: int, error: BaseException,
               trace: str) -> NoReturn:
        """Put the game back as it was before the failing answer (or concession), write a bug
        report and raise EngineFault (DESIGN.md: no fault ends a game)."""
        answers = self.answers[:n_answers]
        path = bugreport.write(self.origin, answers, _plain(decision), answer, player,
                               f"{type(error).__name__}: {error}", trace)
        self._recover(answers)
        what = "concession" if answer == CONCEDE else f"{decision['kind']} answer"
        raise EngineFault(f"engine fault on {player}'s {what}: {type(error).__name__}: {error}",
                          decision, answer, trace, str(path) if path is not None else None) from error

    def _recover(self, answers: list[Any]) -> None:
        """Rebuild this game from its origin and ``answers`` (exact by construction: the engine
        is deterministic) and take the rebuilt state in place, so every holder of this object
        sees the game as it was. No snapshot is taken per answer: faults are rare."""
        fresh = Game.from_json(json.dumps({"version": 1, "origin": self.origin, "answers": answers}), self.cards)
        self.__dict__.clear()
        self.__dict__.update(fresh.__dict__)

    def _answer(self, d: Decision, a: Any) -> None:
        """Carry out an answer: its shape is checked (engine/decision_kinds.validate), then the
        handler of its kind (ANSWER_HANDLERS) checks that it is legal and applies it. A generic
        choice goes to the rules module that asked it, named by the wait's ``answer_to``."""
        route = (d.data.get("answer_to", "resolve") if d.kind in CHOICE_KINDS else None)
        handler = ANSWER_HANDLERS.get((d.kind, route))
        if handler is None:
            raise IllegalAction(f"unknown decision {d.kind}" + (f" for {route}" if route else ""))
        self.wait = None
        handler(self, d, a)

    def _mulligan_bottom_answer(self, d: Decision, a: dict[str, Any]) -> None:
        """103.4 (2016): after mulligans, a player may put the top card of their library on the bottom."""
        if a.get("option") not in ("top", "bottom"):
            raise IllegalAction("answer top or bottom")
        if a["option"] == "bottom":
            p = self.players[d.player]
            self.move(p.library[0], "library", top=False)
        self._after_mulligans()

    def concede(self, player: str) -> None:
        """A player concedes (104.3a) at any time; recorded so a replay concedes too.

        An exception in what the concession sets off (the player leaving the game, 800.4a, and
        the game running on to the next decision) is an engine fault, contained as in ``submit``:
        the game is put back as it was before the concession, a bug report is written and
        EngineFault is raised (the player has not left; the caller says so)."""
        if self.winner is not None or player in self.gone:
            return
        n_answers = len(self.answers)
        d = self._pending
        try:
            self.answers.append([player, CONCEDE])
            self.players[player].conceded = True
            self.players[player].lost = True  # 104.3a: in a multiplayer game they leave it at once
            self._check_end()
            self._advance()
        except Exception as e:  # noqa: BLE001 - every engine bug is contained here, IllegalAction too
            decision = {"kind": "concede", "player": player,
                        "data": {"pending": str(d.kind), "for": d.player} if d is not None else {}}
            self._fault(decision, player, CONCEDE, n_answers, e, traceback.format_exc())

    # ------------------------------------------------------------------ snapshots
    _FIELDS = ("order", "battlefield", "stack", "next_id", "next_uid", "ts", "entry_event", "turn", "active",
               "starting", "step", "begun", "priority", "passes", "effects", "delayed",
               "triggered", "wait", "resolving", "queue", "winner", "combat_damage_done",
               "first_strike_step", "spells_cast_turn", "graveyard_turn", "combat_no", "died_this_turn",
               "assignments", "scried", "opening_done", "extra_turns",
               "regular", "tokens_outside", "replacing", "shown", "gone", "shared", "seated", "phased",
               "player_control", "loop", "frag", "shortcut", "day_night", "gy_batch")

    def _snapshot(self, derived: bool = False) -> dict[str, Any]:
        """The state, to be put back by ``_restore`` (``derived``: with the data derived from it)."""
        leaves = _LEAVES
        s = {f: v if type(v) in leaves else _copy(v) for f, v in zip(self._FIELDS, _FIELD_VALUES(self))}
        # objects outside the battlefield, the stack and the phased out (702.25: they phase in
        # as the same object, changed in place) are only ever replaced, never changed in place,
        # so a shallow copy of the dict keeps them; the others are copied.
        objs = dict(self.objects)
        for k in self.battlefield:
            objs[k] = objs[k].copy()
        for k in self.stack:
            objs[k] = objs[k].copy()
        for k in self.phased:
            objs[k] = objs[k].copy()
        s["objects"] = objs
        s["players"] = {k: p.copy() for k, p in self.players.items()}
        s["rng"] = self.rng.getstate()
        s["nevents"] = len(self.events)
        if derived:
            s["derived"] = {k: self.__dict__[k] for k in _KEPT if self.__dict__.get(k) is not None}
            if "_msrc" in s["derived"]:
                s["derived"]["_msrc"] = dict(self._msrc)  # filled in place until the next change
        return s

    def _restore(self, s: dict[str, Any]) -> None:
        for f in self._FIELDS:
            setattr(self, f, s[f])
        self.objects = s["objects"]
        self.players = s["players"]
        self.rng.setstate(s["rng"])
        del self.events[s["nevents"]:]
        self.changed()
        self.__dict__.update(s.get("derived", {}))  # the state is the snapshot's: so is what derives from it

    def copy(self) -> "Game":
        """An independent branch of this game (for bots and look-ahead)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        s = self._snapshot()  # objects off the battlefield and the stack are shared: never changed in place
        g._restore_into(s)
        g.rng = self.rng.copy()
        g.events = list(self.events)
        g.answers = list(self.answers)
        g.lki = list(getattr(self, 'lki', []))
        g.origin = self.origin
        g.changed()
        return g

    def _restore_into(self, s: dict[str, Any]) -> None:
        for f in self._FIELDS:
            setattr(self, f, s[f])
        self.objects = s["objects"]
        self.players = s["players"]

    def state_key(self) -> Any:
        """Everything that makes the game what it is, comparable with ==: every snapshot field
        (continuous effects, delayed and pending triggers, the wait and its queue, the
        resolution record, ...), every slot of every object (targets, X, modes, chosen values,
        counters, ...) and player, the random state and the number of answers. A card is
        compared by its name (the same card from another card pool is the same card)."""
        return (_canon({f: getattr(self, f) for f in self._FIELDS}),
                {k: _canon_slots(o) for k, o in self.objects.items()},
                {k: _canon_slots(p) for k, p in self.players.items()},
                self.rng.getstate(), len(self.answers))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.state_key() == other.state_key()

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------------------ json
    def to_json(self) -> str:
        """The whole game as its origin (decks and seed, or a scenario setup) and the answers."""
        return json.dumps({"version": 1, "origin": self.origin, "answers": self.answers})

    @classmethod
    def from_json(cls, s: str, cards: CardPool | None = None) -> "Game":
        d = json.loads(s)
        o = d["origin"]
        if o["kind"] == "new":
            g = cls.new([(n, deck) for n, deck in o["players"]], cards, o["seed"], o.get("play_first"),
                        o.get("chooser"), o.get("variant"), o.get("options"), o.get("teams"),
                        o.get("format"), o.get("commanders"), o.get("sideboards"), o.get("casual"),
                        seating=o.get("seating", "fixed"))
        elif o["kind"] == "setup":
            g = position.build(cls(position.seat_names(o["setup"]), cards, o.get("seed", 0)), o["setup"],
                               o.get("seed", 0))
        else:
            raise ValueError(f"unknown game origin {o['kind']!r}")
        for player, answer in d["answers"]:
            if answer == CONCEDE:
                g.concede(player)
            else:
                g.submit(player, answer)
        return g

    # ------------------------------------------------------------------ the loop
    def _advance(self) -> None:
        """Run the game until a player has a decision to make (or the game ends)."""
        guard = 0
        while True:
            guard += 1
            if guard > 100000:
                raise RuntimeError("the game loops without a decision")
            if self.winner is not None:
                self._pending = None
                return
            if self.gy_batch and self.wait is None and self.resolving is None and graveyard_order.settle(self):
                continue  # 404.3: the owner orders the cards a batch put into their graveyard, before anything else
            if self.wait is not None:
                if self.shortcut and shortcuts.drive(self):  # 716.2c: a shortcut answers as proposed
                    continue
                self._pending = self._decision()
                return
            if self.resolving is not None:
                effects.resume(self)
                continue
            if self.queue:
                w = self.queue.pop(0)
                if w["kind"] == "_deal_combat_damage":
                    combat.deal(self, w["first"])
                elif w["kind"] == "_deal":  # 103.2-103.4 after the hidden agendas are named (702.105a)
                    self._deal(w["first"])
                else:
                    self.wait = w
                continue
            if self.priority is not None:
                # 117.5 / 704.3: state-based actions and triggers before priority
                if sba.check(self):
                    continue
                if triggers.state_triggers(self) or self.triggered:
                    triggers.put_on_stack(self)
                    continue
                self.lki = []
                if self.replacing:
                    self.replacing.clear()  # answers for events that did not happen after all
                self.wait = {"kind": "priority", "player": self.priority}
                continue
            self._step_machine()

    def _check_end(self) -> bool:
        """104.2-104.4: a two-player game ends when a player has lost (both at once: a draw).
        In a multiplayer game each player who lost leaves it (800.4a, in APNAP order); it ends
        when one player or team is left (104.2a, 104.2c), a draw when none is (104.4a)."""
        ps = self.players
        lost = [n for n in self.order if ps[n].lost and n not in self.gone]
        if not lost:
            return False
        self.changed()  # a player who lost is no longer an opponent a static counts ("an opponent has ...")
        if len(self.order) > 2:
            if self.variant == "two_headed_giant":  # 810.8a: a team loses as one
                lost = [n for n in self.order if n not in self.gone and any(ps[m].lost for m in self.team_of[n])]
                for n in lost:
                    ps[n].lost = True
            for n in sorted(lost, key=self.order.index):
                facedown.reveal_all(self, n)  # 707.9: a player who leaves reveals their face-down cards
                held = designations(self, n)
                leave(self, n)
                pass_designations(self, n, held)  # the monarch, the initiative (later rules)
            teams = seats.remaining_teams(self)
            if len(teams) > 1:
                return False
            self.winner = "+".join(teams[0]) if teams else "draw"
        else:
            left = [n for n in self.order if n not in lost]
            self.winner = left[0] if len(left) == 1 else "draw"
        self.wait = None
        facedown.reveal_all(self)  # 707.9: at the end of the game, face-down cards are revealed
        self.log("game_over", winner=self.winner)
        return True

    def wins(self, player: str) -> None:
        """104.2a: ``player`` wins the game: every opponent loses (104.3h, 800.7; 801.14: with limited range of
        influence, every opponent within the winner's range); a multiplayer loser leaves as the state-based
        actions are checked (engine/sba.py). Nothing happens while "your opponents can't win the game" applies to
        ``player`` (104.2), and an opponent whom "You can't lose the game" covers stays in (104.3)."""
        if not player_statics.can_win(self, player):
            return
        for q in self.opponents(player):
            if (self.influence is None or seats.in_range(self, player, q)) and player_statics.can_lose(self, q):
                self.players[q].lost = True
        if len(self.order) == 2:
            self._check_end()

    def draw_game(self, controller: str, involved: list[str] | None = None) -> None:
        """104.4c: an effect states that the game is a draw. With limited range of influence (104.4e,
        801.15) it is a draw for the effect's controller and every player within their range only: they
        leave the game (800.4a) and the others play on; the last one left wins (104.2a). ``involved``:
        a loop of mandatory actions (104.4b, 716.4), a draw for each player who controls an object
        involved in it and each player within their range (801.16)."""
        if self.winner is not None:
            return
        live = [n for n in self.order if n not in self.gone]
        near = involved or [controller]
        out = live if self.influence is None else [n for n in live if any(seats.in_range(self, c, n) for c in near)]
        if len(out) < len(live):
            for n in out:
                self.log("draw_for", player=n)
                facedown.reveal_all(self, n)  # 707.9: a player who leaves reveals their face-down cards
                held = designations(self, n)
                leave(self, n)
                pass_designations(self, n, held)  # the monarch, the initiative (later rules)
            teams = seats.remaining_teams(self)
            if len(teams) != 1:
                return
            self.winner = "+".join(teams[0])
        else:
            self.winner = "draw"
        self.wait = None
        facedown.reveal_all(self)  # 707.9: at the end of the game, face-down cards are revealed
        self.log("game_over", winner=self.winner)

    def _decision(self) -> Decision:
        if self.wait is None:
            raise RuntimeError("no wait to build a decision from")
        d = decisions.build(self, self.wait)
        if self.player_control["now"]:
            by = player_control.decider(self, d.player)
            if by != d.player:  # 712.5: the controller of the player makes the decision ("for": whose it is)
                d = dataclasses.replace(d, player=by, data={**d.data, "for": d.player})
        return d

    # ------------------------------------------------------------------ mulligans (103.4)
    def _mulligan_answer(self, player: str, a: dict[str, Any], declared: list[str] | None = None) -> None:
        """103.4: ``player`` keeps or takes a mulligan. With shared team turns (103.4d, 805.3a:
        Two-Headed Giant) a mulligan is only declared here (``declared``: this round's
        declarations so far) and taken with the others' at the end of the round, so a teammate,
        who sees the hand (810.5), declares before it changes."""
        choice = a.get("option")
        if choice not in ("keep", "mulligan"):
            raise IllegalAction("answer keep or mulligan")
        p = self.players[player]
        if choice == "mulligan" and not p.hand:
            raise IllegalAction("no cards left to mulligan")
        if choice == "keep":
            p.kept = True
        elif self.variant == "two_headed_giant":
            declared = list(declared or ()) + [player]
        else:
            self._take_mulligan(p)
        self._next_mulligan(player, declared)

    def _take_mulligan(self, p: Player) -> None:
        """103.4: shuffle the hand into the library and draw a new hand, one card fewer."""
        p.mulligans += 1
        for c in list(p.hand):
            self.move(c, "library")
        knowledge.shuffle(self, p.name)
        self.draw(p.name, self._hand_size(p))
        if not p.hand:
            p.kept = True

    def _next_mulligan(self, player: str, declared: list[str] | None = None) -> None:
        """103.4: the next undecided player in turn order after ``player`` (a player who left the
        game decides nothing) declares; when none is left, the mulligans are done. With shared
        team turns (103.4d, 805.3a) a round ends when each undecided player has declared: the
        mulligans declared are taken at the same time, and the next round begins with the
        starting team."""
        ps = self.players
        declared = [n for n in declared or () if not ps[n].lost]
        nxt = [n for n in self.order if not ps[n].kept and not ps[n].lost and n not in declared]
        if not nxt and declared:
            for n in [n for n in self.order if n in declared]:
                self._take_mulligan(ps[n])
            declared = []
            nxt = [n for n in self.order if not ps[n].kept and not ps[n].lost]
            player = self.order[-1]  # the new round goes around from the first seat in turn order
        if nxt:
            i = self.order.index(player)
            ring = self.order[i + 1:] + self.order[: i + 1]
            self.wait = {"kind": "mulligan", "player": next(n for n in ring if n in nxt)}
            if declared:
                self.wait["declared"] = declared
        else:
            self._after_mulligans()

    def _hand_size(self, p: Player) -> int:
        """103.4: each mulligan draws one card fewer; 103.4c / 800.5: in a multiplayer game the
        first mulligan draws as many as before."""
        free = 1 if len(self.order) > 2 and p.mulligans else 0
        return max(0, HAND_SIZE + p.hand_modifier - p.mulligans + free)  # 902.5a: from the modified hand size

    def _after_mulligans(self) -> None:
        """103.4: each player whose hand is smaller than seven may look at the top card of their
        library and put it on the bottom, in turn order."""
        for n in self.order:
            p = self.players[n]
            if self._hand_size(p) < HAND_SIZE + p.hand_modifier and p.library and n not in self.scried \
                    and not p.lost:
                self.scried.append(n)
                top = p.library[0]
                # 103.4: that player looks at the top card; 805.3a: so may the teammates
                who = [m for m in self.order if knowledge.sees_hand(self, m, n) and not self.players[m].lost]
                knowledge.show(self, [top], who)
                self.log("look", player=n, cards=[self.objects[top].card.name], objs=[top], audience=who)
                self.wait = {"kind": "mulligan_bottom", "player": n, "card": top}
                return
        w = opening.next_decision(self)  # 103.5: opening-hand actions, starting player first
        if w is not None:
            self.wait = w
            return
        self._restart_exempt()
        planechase.first_plane(self)  # 901.5, 103.6: the starting plane
        self.step = "untap"
        self.begun = False
        self.turn = 1
        self.log("turn", turn=1, active=self.active)

    # ------------------------------------------------------------------ steps (500-514)
    def _step_machine(self) -> None:
        if self.step == "mulligan":
            return
        if not self.begun:
            self.begun = True
            self._begin_step()
            return
        self._end_step()

    def _give_priority(self) -> None:
        """116.3a-b: the active player receives priority; without one (800.4h) the next player
        in turn order still in the game does."""
        if self.step == "mulligan":
            return  # 714.1: a restarted game begins again with its opening hands (103.4)
        a = self.active
        self.priority = a if not self.players[a].lost else seats.next_player(self, a)
        self.passes = 0

    def _begin_step(self) -> None:
        s = self.step
        a = self.active
        self.log("step", step=s, turn=self.turn, active=a)
        if s == "untap":  # 502
            for p in seats.active_team(self):
                phasing.untap_step(self, p)  # 502.1, 702.25a: before anything untaps
            for oid in self.battlefield:
                o = self.objects[oid]
                if seats.is_active(self, self.chars(oid).controller):  # 805.4: the active team's
                    o.sick = False
            self._untap_choices([], [])
        elif s == "upkeep":
            if any(e.get("until") == "your_next_upkeep" for e in self.effects):
                # "until your next upkeep" (Erhnam Djinn): the effect ends as its controller's upkeep step begins
                # (500.2), before the abilities that trigger at the beginning of that upkeep resolve (503.1)
                self.effects = [e for e in self.effects if not (e.get("until") == "your_next_upkeep"
                                                                and seats.is_active(self, e.get("controller") or ""))]
                self.changed()
            triggers.step(self, "upkeep")
            self._give_priority()
        elif s == "draw":  # 504; 103.7a-c: only the two-player and the 2HG starting player skip it
            if not (self.turn == 1 and a == self.starting and self.variant != "free_for_all"):
                for p in seats.active_team(self):  # 805.4b: each player of the active team draws
                    if not self.players[p].lost:
                        dredge.draw_step(self, p)  # or dredges instead (702.51a)
            for p in seats.apnap(self):  # "You draw a card during each opponent's draw step" (504.1, with the
                for _ in range(player_statics.opponent_step_draws(self, p)):  # active player's draw)
                    if not self.players[p].lost:
                        dredge.draw_step(self, p)
            triggers.step(self, "draw")
            self._give_priority()
        elif s in ("main1", "main2"):
            if s == "main1":
                archenemy.main_phase(self)  # 505.3, 904.9: the archenemy sets a scheme in motion
                saga.main_phase(self)  # a lore counter on each of the active player's Sagas (engine/saga.py)
            triggers.step(self, s)  # 505.4: "at the beginning of your precombat / postcombat / next main phase"
            self._give_priority()
        elif s == "beginning_of_combat":
            self.combat_no += 1  # 506.1: a combat phase begins ("this combat": since then, until it ends)
            triggers.step(self, "beginning_of_combat")
            self._give_priority()
        elif s == "declare_attackers":
            if not seats.active_team(self):  # 800.4h: no active player, nobody attacks
                self._end_step()
                return
            self.wait = {"kind": "attackers", "player": a}  # forced when no creature can attack
        elif s == "declare_blockers":
            if not combat.attackers(self):
                self._end_step()
                return
            combat.next_defender(self, None)  # 509.1 / 802.4: each defending player in APNAP order
        elif s == "first_strike_damage":
            if not combat.attackers(self) or not combat.any_first_strike(self):
                self.first_strike_step = False
                self._end_step()
                return
            self.first_strike_step = True
            combat.damage_step(self, first=True)
        elif s == "combat_damage":
            if not combat.attackers(self):
                self._end_step()
                return
            combat.damage_step(self, first=False)
        elif s == "end_of_combat":
            triggers.step(self, "end_of_combat")
            self._give_priority()
        elif s == "end":
            # "you may play that card until your next end step" (engine/ops/playable.py): it ends as its controller's
            # end step begins (513.1)
            left = [e for e in self.effects if not (e.get("until") == "next_end_step"
                                                     and e.get("controller") == self.active)]
            if len(left) != len(self.effects):
                self.effects = left
                self.changed()
            triggers.step(self, "end")
            self._give_priority()
        elif s == "cleanup":  # 514
            triggers.step(self, "cleanup")  # "at the beginning of the next cleanup step": put on the stack after
            self._cleanup_discards()        # the discards and damage removal (514.3a)

    def _cleanup_discards(self) -> None:
        """514.1: the active player (805.4: each player of the active team, in turn order)
        discards down to the maximum hand size (402.2); then 514.2."""
        for a in seats.active_team(self):
            p = self.players[a]
            most = player_statics.max_hand_size(self, a)
            if most is not None and len(p.hand) > most:
                self.wait = {"kind": "discard_to_hand_size", "player": a, "n": len(p.hand) - most}
                return
        self._cleanup_rest()

    def _cleanup_discard(self, d: Decision, cards: list[int]) -> None:
        n = self.wait_data(d)["n"]
        p = self.players[d.player]
        if len(cards) != n or len(set(cards)) != n or any(c not in p.hand for c in cards):
            raise IllegalAction(f"choose exactly {n} card(s) from your hand to discard")
        for c in cards:
            discard(self, c)
        self._cleanup_discards()

    @staticmethod
    def wait_data(d: Decision) -> dict[str, Any]:
        return d.data

    def _cleanup_rest(self) -> None:
        """514.2: damage wears off and "until end of turn" effects end, simultaneously (but the damage of the
        permanents "damage isn't removed from": engine/player_statics.py damage_kept)."""
        kept = player_statics.damage_kept(self)
        for oid in self.battlefield:
            o = self.objects[oid]
            if oid not in kept:
                o.damage = 0
            o.deathtouched = False
            o.regen = 0
            o.damage_sources = []
        turn, active = self.turn, self.active  # "until the end of your next turn" (engine/ops/playable.py)
        n_effects = len(self.effects)
        self.effects = [e for e in self.effects if e.get("until") != "eot" and not (
            e.get("until") == "next_turn_end" and e.get("turn_of", e.get("controller")) == active
            and turn > e.get("after_turn", turn))]  # "turn_of": "during that player's next turn" (ops/continuous.py)
        if len(self.effects) != n_effects:
            self.changed()
        else:  # no effect ended: marked damage wears off, which plain characteristics don't read (and no state-based
            self.turn_state_changed()  # action begins to apply when damage is removed, 704.5g)
        exile_orphans(self)  # 800.4c: "until end of turn" control effects ended
        # 514.3a: if SBAs or triggers happen, players get priority; else the turn ends
        if sba.check(self) or self.triggered:
            self._give_priority()
        else:
            self._end_step()

    def _untap_choices(self, asked: list[int], keep: list[int]) -> None:
        """502.2: before permanents untap, the controller of each tapped one that says "You may choose
        not to untap SELF during your untap step" chooses, one at a time (the wait carries the choices
        so far); then they untap."""
        for oid in self.battlefield:
            o = self.objects[oid]
            if not o.tapped:
                continue
            ctl = self.chars(oid).controller
            if not o.tapped or oid in asked or not seats.is_active(self, ctl) \
                    or not object_statics.may_not_untap(self, oid) or combat.has_rule(self, oid, "doesnt_untap"):
                continue
            self.wait = {"kind": "choose_option", "player": ctl, "options": ["untap", "leave tapped"],
                         "answer_to": "untap", "card": oid, "asked": [*asked, oid], "keep": list(keep),
                         "prompt": f"{o.card.name}: untap it during your untap step, or leave it tapped (502.2)?"}
            return
        if player_statics.active(self):
            self._untap_limits(asked, keep, [])
            return
        self._untap_all(set(keep))

    def _untap_limits(self, asked: list[int], keep: list[int], done: list[str]) -> None:
        """502.2: "Players can't untap more than one creature during their untap steps" (Smoke, Winter Orb): the
        active player chooses which of those untap (exactly that many), after the permanents they leave tapped."""
        for p in seats.active_team(self):
            for k, (sid, st) in enumerate(player_statics.untap_limits(self, p)):
                key = f"{p}#{k}"
                opts = [i for i in self.battlefield if self.objects[i].tapped and i not in keep
                        and self.controller_of(i) == p and matches(self, i, st.get("filter") or {}, sid, p)
                        and not combat.has_rule(self, i, "doesnt_untap")]
                if key not in done and len(opts) > int(st["max"]):
                    self.wait = {"kind": "choose_cards", "player": p, "options": opts, "min": int(st["max"]),
                                 "max": int(st["max"]), "asked": list(asked), "keep": list(keep),
                                 "done": [*done, key], "answer_to": "untap_limit",
                                 "prompt": f"choose the {st['max']} that untap (502.2): no more may untap"}
                    return
        self._untap_all(set(keep))

    def _untap_limit_answer(self, d: Decision, cards: list[int]) -> None:
        w = self.wait_data(d)
        if not isinstance(cards, list) or len(set(cards)) != len(cards) or any(c not in d.options for c in cards) \
                or len(cards) != w["max"]:
            raise IllegalAction(f"choose exactly {w['max']} of the permanents offered (those that untap)")
        keep = list(w.get("keep", ())) + [c for c in d.options if c not in cards]
        self._untap_limits(list(w.get("asked", ())), keep, list(w.get("done", ())))

    def _untap_answer(self, d: Decision, a: dict[str, Any]) -> None:
        opt = a.get("option")
        if isinstance(opt, int) and not isinstance(opt, bool) and 1 <= opt <= len(d.options):
            opt = d.options[opt - 1]
        if opt not in ("untap", "leave tapped"):
            raise IllegalAction("answer untap or leave tapped")
        keep = list(d.data["keep"]) + ([d.data["card"]] if opt == "leave tapped" else [])
        self._untap_choices(list(d.data["asked"]), keep)

    def _untap_all(self, keep: set[int]) -> None:
        """502.2: the active player's permanents untap (but those ``keep`` leaves tapped); 502.3."""
        a = self.active
        for oid in list(self.battlefield):
            o = self.objects[oid]
            if not o.tapped or oid in keep:
                continue
            c = self.chars(oid)
            ruled = c.rules or object_statics.rule_effects(self, oid)  # else no rule speaks of its untapping
            if seats.is_active(self, c.controller):
                if not ruled or not combat.has_rule(self, oid, "doesnt_untap"):
                    tapping.untap(self, oid)  # 502.2, with its event (603.2d)
            elif not ruled:
                continue  # it untaps in its controller's untap step only
            elif combat.has_rule(self, oid, "untap_other_turns"):
                tapping.untap(self, oid)  # "untap ... during each other player's untap step" (Seedborn Muse)
            elif combat.has_rule(self, oid, "untap_opponent_turns") \
                    and a in seats.opponents(self, str(self.chars(oid).controller)):
                tapping.untap(self, oid)  # "... during each opponent's untap step" (Teferi, Who Slows the Sunset)
        # "... during its controller's next untap step": that step has happened (502.3)
        if self.effects:
            self.effects = [e for e in self.effects if not (e.get("until") == "next_untap" and all(
                i not in self.objects or self.controller_of(i) == a for i in e["objects"]))]
            self.changed()
        else:
            self.turn_state_changed()
        self._end_step()

    def _end_step(self, again: bool = False) -> None:
        """The step ends: mana empties (106.4); the next step begins (500.2). ``again``: a
        cleanup step in which players had priority is followed by another one (514.3a)."""
        lasting = self.step in _LASTING_STEPS  # firebending's mana lasts through combat (engine/mana.py)
        turn = self.step != "cleanup"  # "until end of turn, you don't lose this mana": kept until the cleanup step ends
        for name, p in self.players.items():
            if p.pool:
                last = {k: v for k, v in p.pool.items() if lasting and k.endswith("~combat")
                        or turn and k.endswith("~turn")}
                # 500.4: what empties, unless a static keeps it ("You don't lose unspent red mana ...")
                kept = player_statics.kept_mana(self, name, {k: v for k, v in p.pool.items() if k not in last})
                p.pool = {**last, **{k: last.get(k, 0) + v for k, v in kept.items()}}
            if p.treasure_mana:  # the Treasure's mana still in the pool, if a static kept it (500.4)
                p.treasure_mana = {k: min(v, p.pool.get(k, 0)) for k, v in p.treasure_mana.items()
                                   if p.pool.get(k, 0) > 0}
        self.priority = None
        self.passes = 0
        self.begun = False
        if self.step == "end_of_combat":
            combat.end_combat(self)
            self.players[self.active].combat_ended_turn = self.turn  # 506.6d: the first combat is over
            if any(e.get("until") == "end_of_combat" for e in self.effects):  # "attacks this combat if able"
                self.effects = [e for e in self.effects if e.get("until") != "end_of_combat"]
                self.changed()
        if self.step == "cleanup":
            if again:
                self.turn_state_changed()
                return  # 514.3a: another cleanup step begins
            self._next_turn()
            return
        i = STEPS.index(self.step)
        nxt = STEPS[i + 1]
        # 508.6: with no attackers, the blockers and damage steps are skipped
        if self.step == "declare_attackers" and not combat.attackers(self):
            nxt = "end_of_combat"
        nxt = extra_phases.after_step(self, nxt)  # 500.9: an additional step directly after this one
        if self.step in ("main1", "main2") and nxt == STEPS[i + 1]:
            nxt = extra_phases.after_main(self, nxt)  # 500.8: additional combat and main phases
        elif self.step == "end_of_combat":
            nxt = extra_phases.after_combat(self, nxt)  # 500.8: an additional combat phase after this one
        self.step = self._not_skipped(nxt)
        self.turn_state_changed()

    def _not_skipped(self, step: str) -> str:
        """614.10: a step a player skips ("Skip your draw step", "Players skip their untap
        steps") is replaced by nothing: the next step begins instead. Only a step about to
        begin is skipped; one under way is not."""
        while step in _SKIPPABLE and (player_statics.active(self) and player_statics.skips(self, self.active, step)
                                      or self._skip_next(step)):
            self.log("skip", step=step, player=self.active)
            step = STEPS[STEPS.index(step) + 1]
        if step == "beginning_of_combat" and self.effects and (self._skip_next("combat") or self._skip_combats()):
            self.log("skip", step="combat", player=self.active)  # 614.10: "skips their next combat phase"
            step = "main2"
        return step

    def _skip_combats(self) -> bool:
        """614.10: "Target opponent skips all combat phases of their next turn" (False Peace): each combat phase of
        that player's first turn after the effect began (the record keeps ``made``, the turn it began, and
        ``turn``, the turn it applies to once known); used up when a later turn comes."""
        for k, e in enumerate(self.effects):
            if e["layer"] != "skip_next" or e["player"] != self.active or e["step"] != "combats_next_turn" \
                    or self.turn <= e["made"]:
                continue
            if e.get("turn") is None:
                self.effects[k] = {**e, "turn": self.turn}  # (a new record: effects may be shared by game copies)
            elif e["turn"] != self.turn:
                del self.effects[k]
                return self._skip_combats()
            return True
        return False

    def _skip_next(self, step: str) -> bool:
        """614.10: "skips their next untap step" (engine/ops/misc.py): used up by the step it skips."""
        for k, e in enumerate(self.effects):
            if e["layer"] == "skip_next" and e["player"] == self.active and e["step"] == step:
                del self.effects[k]
                return True
        return False

    def _take_next_turn(self) -> None:
        """500.7, 101.4: the player whose turn is next becomes the active player: an extra turn first."""
        while self.extra_turns and (self.players[self.extra_turns[0]].lost
                                    or player_statics.extra_turn_skipped(self, self.extra_turns[0])):
            self.extra_turns.pop(0)  # 614.10: "If an opponent would begin an extra turn, that player skips that
            # turn instead" (Stranglehold): skipped as it would begin
        if self.extra_turns:
            if self.regular is None:
                self.regular = self.active
            self.active = self.extra_turns.pop(0)
        else:
            if self.regular is not None:  # 500.7: turn order goes on from the turn the extra turns followed
                self.active, self.regular = self.regular, None
            nxt = seats.next_turn_player(self)
            if self.gone and self.effects:
                i, j = self.order.index(self.active), self.order.index(nxt)
                skipped = {self.order[k % len(self.order)] for k in range(i + 1, j if j > i else j + len(self.order))}
                self.effects = [e for e in self.effects if not (e.get("until") == "your_next_turn"
                                                                and e.get("controller") in skipped)]
            self.active = nxt

    def _next_turn(self) -> None:
        """500.1: the next player's turn begins (a player who left takes no turn; 800.4i:
        "until their next turn" effects of a player who left end as that turn would have begun)."""
        n_effects = len(self.effects)
        previous = self.active if self.turn else None  # whose turn just ended, and the spells they cast in it
        spells = self.players[previous].spells_cast_turn if previous in self.players else 0
        if previous in self.players:  # "attacked during your last turn" (Giant Turtle): that turn's number
            self.players[previous].last_turn = self.turn
        self.turn += 1
        self.untapped_at_start = frozenset(i for i in self.battlefield if not self.objects[i].tapped)
        for _ in range(4 * len(self.order) + 4):
            self._take_next_turn()
            if not self._skip_next("turn"):
                break
            self.log("skip", step="turn", player=self.active)  # 614.10: "skips their next turn"
        if self.gone:
            self.seated = seats.live(self)  # 801.2c: ranges of influence are set as each turn begins
        self.step = self._not_skipped("untap")
        self.begun = False
        self.spells_cast_turn = 0
        self.graveyard_turn = 0
        self.died_this_turn = []
        for p in self.players.values():
            p.lands_played = 0
            p.die_rolls = 0  # 901.9: the rolls of the planar die this turn
            p.extra_lands_turn = 0
            p.life_gained_turn = 0
            p.life_turn_began = p.life  # "their life total as the turn began" (Sengir, the Dark Baron)
            p.life_lost_last_turn = p.life_lost_turn  # "if you lost life last turn": the turn that just ended
            p.life_lost_turn = 0
            p.spells_cast_last_turn = p.spells_cast_turn  # "last turn" is the turn that just ended
            p.spells_cast_turn = 0
            p.cast_kinds_turn = []
            p.entered_kinds_turn = []
            p.drawn_turn = 0
            p.discarded_turn = 0
            p.sacrificed_turn = 0
            p.sacrificed_kinds_turn = []
            p.combat_types_turn = []
            p.attackers_turn = {}
        self.effects = [e for e in self.effects if not (e.get("until") == "your_next_turn"
                                                        and e.get("controller") == self.active)]
        if self.casual:
            planechase.sync(self)  # 901.6: the new active player is the planar controller
        if len(self.effects) != n_effects or self._chars is not None and \
                self.__dict__.get("_chars_by_turn") is self._chars:
            # effects ended (611.2b), or another player is active and statics "during your turn" read it (an untap
            # step may ask first, 502.2); a change of turn state alone keeps characteristics
            self.changed()
        else:
            self.turn_state_changed()
        exile_orphans(self)  # 800.4c
        self.log("turn", turn=self.turn, active=self.active)
        player_control.begin_turn(self)  # 712.1: a player controlled during this turn
        if self.day_night is not None or any("Daybound" in self.chars(i).keywords for i in self.battlefield):
            transform.next_turn_day_night(self, previous, spells)  # day and night (a later rule)

    def pass_priority(self, player: str) -> None:
        """116.3d/116.4: when every player still in the game has passed in succession the top
        object resolves or the step ends; else the next player in turn order gets priority
        (805.5b: with shared team turns, when every team has passed in succession)."""
        self.passes += 1
        if self.passes >= (len(self.order) - len(self.gone)):
            self.passes = 0
            if self.stack:
                self.priority = None
                if loops.resolving(self):  # 716.4, 801.16: a loop of mandatory actions is a draw
                    if self.winner is None:  # for some players only: the others play on
                        self._give_priority()
                    return
                effects.resolve_top(self)
                if self.resolving is None and self.winner is None:
                    self._give_priority()
            else:
                self._end_step(again=self.step == "cleanup")
        else:
            self.priority = seats.after_pass(self, player, self.passes)  # 116.3d; 805.5: by team

    def spell_resolved(self, card: Any, controller: str) -> None:
        """A spell has resolved (608.2k): a card the engine cannot carry out is then played by
        hand by its controller (engine/manual.py)."""
        if manual.is_manual(card):
            manual.start(self, controller, card.name)

    def after_resolution(self) -> None:
        """608.2k .. 116.3b: after resolving, the active player receives priority."""
        self._give_priority()

    # ------------------------------------------------------------------ views
    def view(self, player: str) -> dict[str, Any]:
        return view_of(self, player)


#: the priority actions that are game choices of a fragmented loop's record (716.3: loops._sig)
_LOOP_ACTIONS = ("cast", "activate")

#: the steps an effect may make a player skip (614.10)
_SKIPPABLE = frozenset({"untap", "upkeep", "draw"})

Handler = Callable[[Game, Decision, dict[str, Any]], None]


_CASUAL = ("planar", "schemes", "vanguard", "conspiracies")


#: Game.new's ``seating``: the given order, or at random (806.3)
SEATINGS = ("fixed", "random")


def _seat_randomly(g: Game) -> None:
    """806.3: the players of a Free-for-All game are randomly seated around the table: the turn order (101.4, 806.2a)
    goes around it from the starting player chosen after (103.2). Public: every player sees the seats."""
    order = list(g.order)
    g.rng.shuffle(order)
    g.order = order
    g.players = {n: g.players[n] for n in order}
    seats.configure(g)
    g.log("seating", order=list(order))


def _casual_checked(g: Game, casual: dict[str, Any]) -> dict[str, Any]:
    """The casual variants of a new game as plain data, each checked (901.3, 904.2-904.3, 902.3, 905.4): a
    DeckError (a ValueError) names every problem."""
    out: dict[str, Any] = {}
    for key, value in casual.items():
        if key not in _CASUAL:
            raise ValueError(f"unknown casual variant {key!r}: one of {', '.join(_CASUAL)}")
        if not value:
            continue
        if not isinstance(value, dict) or any(p not in g.players for p in value):
            raise ValueError(f"{key}: a mapping from players of this game to their cards")
        out[key] = {p: (str(v) if key == "vanguard" else [str(c) for c in v]) for p, v in value.items()}
    if "planar" in out:
        if set(out["planar"]) != set(g.order):
            raise planechase.DeckError("each player brings a planar deck (901.3; the single planar deck option, "
                                       "901.15, is not offered)")
        planechase.check(g.cards, out["planar"])
    if "schemes" in out:
        archenemy.check_decks(g.cards, out["schemes"])
        if len(out["schemes"]) == 1 and len(g.order) > 2:
            raise archenemy.DeckError("one archenemy against a team of several players needs the shared team turns "
                                      "of 904.2 and 805, which this engine does not run: play it as a Supervillain "
                                      "Rumble (904.12, a scheme deck for every player)")
        if 1 < len(out["schemes"]) < len(g.order):
            raise archenemy.DeckError("a Supervillain Rumble gives every player a scheme deck (904.12b)")
    if "vanguard" in out:
        vanguard.check(g.cards, out["vanguard"])
    if "conspiracies" in out:
        conspiracy.check(g.cards, out["conspiracies"])
    return out


#: the ``casual`` key of Game.new that holds each kind of nontraditional card (108.5)
_CASUAL_KEY = {"Plane": "planar", "Phenomenon": "planar", "Scheme": "schemes", "Vanguard": "vanguard",
               "Conspiracy": "conspiracies"}


def _restart_casual(owned: dict[str, dict[str, list[str]]]) -> dict[str, Any]:
    """714.2, 108.5: the ``casual`` of Game.new for a restarted game, from the nontraditional cards each player
    owns (``owned``: player -> casual key -> card names): their planar and scheme decks, vanguard, conspiracies."""
    casual: dict[str, Any] = {}
    for p, kinds in owned.items():
        for k, cards in kinds.items():
            casual.setdefault(k, {})[p] = cards[0] if k == "vanguard" else list(cards)
    return casual


def _casual_start(g: Game) -> list[dict[str, Any]]:
    """The nontraditional cards into the command zone before the decks are shuffled (103.1c, 901.4, 902.3, 904.4).
    Returns the decisions hidden agenda asks then (702.105a: engine/conspiracy.py)."""
    c = g.casual
    agendas: list[dict[str, Any]] = []
    if "conspiracies" in c:
        agendas = conspiracy.start(g, c["conspiracies"])
    if "schemes" in c:
        archenemy.start(g, c["schemes"])  # 904.5: 40 life, which an archenemy's vanguard then modifies (902.4)
    if "vanguard" in c:
        vanguard.start(g, c["vanguard"])
    if "planar" in c:
        planechase.start(g, c["planar"])
    return agendas


def _priority_answer(g: Game, d: Decision, a: dict[str, Any]) -> None:
    """116.2: the action a player with priority takes; a proposed shortcut and the choice that ends a
    shortened one go through engine/shortcuts.py first (716.2a, 716.2c)."""
    if (g.shortcut or "repeat" in a) and shortcuts.priority(g, d, a):
        return
    if g.frag and loops.banned(g, d.player, a):
        raise IllegalAction("a fragmented loop (716.3): you must make a different game choice than the one "
                            "that brought this state back")
    casting.priority_action(g, d.player, a)
K = DecisionKind

#: The one dispatch from a decision to the code that carries out its answer: (kind, None) for
#: the game's own decisions; (kind, answer_to) for a generic choice, by the module that asked.
ANSWER_HANDLERS: dict[tuple[str, str | None], Handler] = {
    (K.PRIORITY, None): lambda g, d, a: _priority_answer(g, d, a),
    (K.MULLIGAN, None): lambda g, d, a: g._mulligan_answer(d.player, a, d.data.get("declared")),
    (K.PLAY_FIRST, None): lambda g, d, a: g._play_first_answer(d.player, a),
    (K.MULLIGAN_BOTTOM, None): Game._mulligan_bottom_answer,
    (K.ATTACKERS, None): lambda g, d, a: combat.declare_attackers(g, d.player, a.get("attackers", {}),
                                                                  a.get("bands"), a.get("enlist")),
    (K.BLOCKERS, None): lambda g, d, a: combat.declare_blockers(g, d.player, a.get("blockers", {})),
    (K.ORDER_BLOCKERS, None): lambda g, d, a: combat.set_order(g, d, a.get("order", [])),
    (K.ORDER_ATTACKERS, None): lambda g, d, a: combat.set_order(g, d, a.get("order", [])),
    (K.ASSIGN_DAMAGE, None): lambda g, d, a: combat.assign(g, d, a.get("assign", {})),
    (K.TRIGGER_TARGETS, None): triggers.choose_targets,
    (K.ORDER_TRIGGERS, None): lambda g, d, a: triggers.order(g, d, a.get("order", [])),
    (K.DISCARD_TO_HAND_SIZE, None): lambda g, d, a: g._cleanup_discard(d, a.get("cards", [])),
    (K.LEGEND_RULE, None): lambda g, d, a: sba.legend_answer(g, d, a.get("cards", [])),
    (K.MANUAL, None): manual.answer,
    (K.CAST_OFFER, None): casting.cast_offered,       # 608.2c: "you may cast that card" while resolving
    (K.NAME_CARD, None): answer_name,                 # 201.3, 614.12: "as SELF enters, choose a card name"
    (K.CHOOSE_OPTION, "untap"): Game._untap_answer,   # 502.2: "you may choose not to untap SELF"
    # generic choices, by the module that asked (answer_to)
    (K.CHOOSE_CARDS, "untap_limit"): lambda g, d, a: g._untap_limit_answer(d, a.get("cards", [])),  # 502.2
    (K.CHOOSE_CARDS, "resolve"): effects.answer,      # 608.2c-d: during a resolution
    (K.CHOOSE_OPTION, "resolve"): effects.answer,
    (K.CHOOSE_NUMBER, "resolve"): effects.answer,
    (K.CHOOSE_CARDS, "cost"): casting.cost_answer,    # 601.2h: while paying a cost
    (K.CHOOSE_OPTION, "cost"): casting.cost_answer,   # 601.2h: the kind of counter a cost removes
    (K.CHOOSE_OPTION, "mana_colors"): casting.answer_mana_colors,  # 605.1b, 106.1a: a mana trigger's colors
    (K.CHOOSE_CARDS, "clone"): clone.answer,          # 706.5: enter as a copy (Mirror Image)
    (K.CHOOSE_CARDS, "opening"): opening.answer,      # 103.5: opening-hand cards (Leylines)
    (K.CHOOSE_CARDS, "opening_reveal"): opening.answer_reveal,  # 103.5b: cards revealed from the opening hand
    (K.CHOOSE_OPTION, "replace"): replacement.answer,  # 616.1: which replacement applies first
    (K.CHOOSE_OPTION, "enter"): answer_enter,         # 614.12: "as SELF enters, choose ..."
    (K.CHOOSE_CARDS, "enter_object"): entering.answer_object,  # 614.12: "... choose another creature you control"
    (K.CHOOSE_OPTION, "enter_pay"): entering.answer_pay_or_tapped,  # 614.12: "you may pay N life. If you don't"
    (K.CHOOSE_CARDS, "enter_reveal"): entering.answer_reveal_or_tapped,  # 614.12: "you may reveal a ... card"
    (K.CHOOSE_OPTION, "enter_counters"): entering.answer_optional_counters,  # 614.12, unleash 702.97a
    (K.CHOOSE_OPTION, "read_ahead"): saga.answer_read_ahead,  # read ahead (a later keyword): its first chapter
    (K.CHOOSE_OPTION, "enter_under"): entering.answer_under_opponent,  # 614.1d
    (K.CHOOSE_CARDS, "enter_sacrifice"): entering.answer_sacrifice_or_graveyard,  # 614.1a
    (K.CHOOSE_OPTION, "tribute_opponent"): entering.answer_tribute_opponent,  # 702.103a
    (K.CHOOSE_OPTION, "dredge"): dredge.answer_draw_step,  # 702.51a
    (K.CHOOSE_CARDS, "amplify"): entering.answer_amplify,  # 702.37a
    (K.CHOOSE_CARDS, "devour"): entering.answer_devour,  # 702.81a: sacrificed as it enters
    (K.CHOOSE_CARDS, "enter_discard"): entering.answer_enter_discard,  # 614.1a: Mox Diamond's discard
    (K.CHOOSE_CARDS, "enter_exile"): entering.answer_exile,  # 614.12: exiled from the graveyard as it enters
    (K.CHOOSE_OPTION, "miracle"): cast_options.answer_miracle,   # 702.93a: reveal the first card drawn
    (K.CHOOSE_OPTION, "opponent_mode"): casting.answer_opponent_mode,  # 601.3: an opponent chooses the mode
    (K.CHOOSE_OPTION, "trigger_mode"): triggers.answer_mode,  # 603.3c: a modal triggered ability's mode
    (K.CHOOSE_NUMBER, "shortcut"): shortcuts.answer,  # 716.2b: accept or shorten a proposed shortcut
    (K.CHOOSE_NUMBER, "assist"): casting.answer_assist,  # assist (a later keyword): the helper's amount
    (K.CHOOSE_OPTION, "opponent_targets"): casting.answer_opponent_targets,  # 602.3a: which opponent chooses
    (K.CHOOSE_CARDS, "opponent_targets"): casting.answer_opponent_targets,  # 602.3: an opponent chooses targets
    (K.CHOOSE_CARDS, "exert"): combat.answer_exert,  # exert (a later keyword action): chosen as they attack
    (K.CHOOSE_CARDS, graveyard_order.ROUTE): graveyard_order.answer,  # 404.3: cards put into a graveyard at once
}


#: the zones a move between which leaves the characteristics of permanents as they were (Game.hidden_move)
_KEEPING = frozenset({"library", "hand", "graveyard", "exile", "stack"})

_PLAIN = (str, int, float, bool, type(None))
#: derived data that depends only on the state (characteristics, mana sources, activated
#: abilities): a snapshot keeps it, so a restored state need not work it out again
_KEPT = ("_chars", "_chars_plain", "_chars_zone_free", "_chars_by_turn", "_msrc", "_activated", "_everywhere")


_PLAIN_TYPES = frozenset(_PLAIN)


def _canon(v: Any) -> Any:
    """``v`` as plain data that compares by value: containers element by element, a card by
    its name, an object with slots (Obj, Chars) by its slots; compiled abilities and effects
    (frozen dataclasses) compare by value already. (The exact types of plain data, lists and
    dicts are tried first: the same result, the common case made cheap.)"""
    t = type(v)
    if t in _PLAIN_TYPES:
        return v
    if t is dict:
        return {k if type(k) in _PLAIN_TYPES else _canon(k): x if type(x) in _PLAIN_TYPES else _canon(x)
                for k, x in v.items()}
    if t is list:
        return [x if type(x) in _PLAIN_TYPES else _canon(x) for x in v]
    if isinstance(v, _PLAIN):
        return v
    if isinstance(v, dict):
        return {_canon(k): _canon(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_canon(x) for x in v] if isinstance(v, list) else tuple(_canon(x) for x in v)
    if isinstance(v, (set, frozenset)):
        return frozenset(_canon(x) for x in v)
    if isinstance(v, CardDef):
        return ("card", v.name)
    if hasattr(v, "__dataclass_fields__"):
        return v
    if hasattr(v, "__slots__"):
        return _canon_slots(v)
    return (type(v).__name__, _canon(vars(v))) if hasattr(v, "__dict__") else v


def _canon_slots(o: Any) -> tuple[Any, ...]:
    t = type(o)
    get = _SLOT_GETTERS.get(t)
    if get is None:
        names = tuple(o.__slots__)
        get = _SLOT_GETTERS[t] = attrgetter(*names) if len(names) > 1 else \
            (lambda x: tuple(getattr(x, n) for n in names))
    try:
        values = get(o)
    except AttributeError:  # a slot never set reads as None
        values = tuple(getattr(o, s, None) for s in o.__slots__)
    plain = _PLAIN_TYPES
    return (t.__name__, *[x if type(x) in plain else _canon(x) for x in values])


#: per class with slots: all its slots read at once
_SLOT_GETTERS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


#: every snapshot field of a game at once (Game._FIELDS)
_FIELD_VALUES = attrgetter(*Game._FIELDS)

#: the types ``_copy`` returns as they are (immutable), checked before anything else
_LEAVES = frozenset({int, str, bool, type(None), float, tuple, frozenset})


def _copy(v: Any) -> Any:
    """A copy of the lists, mappings and sets in ``v``, at every depth (the rest is shared)."""
    t = type(v)
    if t is list:
        return [x if type(x) in _LEAVES else _copy(x) for x in v]
    if t is dict:
        return {k: x if type(x) in _LEAVES else _copy(x) for k, x in v.items()}
    if t in _LEAVES:
        return v
    if isinstance(v, list):
        return [_copy(x) for x in v]
    if isinstance(v, dict):
        return {k: _copy(x) for k, x in v.items()}
    if isinstance(v, set):
        return set(v)
    return v


def _record(d: Decision) -> dict[str, Any]:
    """The decision an answer faulted on, as a bug report and EngineFault carry it."""
    return {"kind": str(d.kind), "player": d.player, "data": d.data}


def _plain(v: Any) -> Any:
    """``v`` as plain JSON data (for a bug report): anything else becomes its repr."""
    return json.loads(json.dumps(v, default=repr))
