"""The plain data of a game: objects (CR 109), players (CR 102) and decisions.

Objects are small mutable records with __slots__; ``copy()`` of each is a flat
copy, so copying a whole game stays cheap (no deepcopy).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from engine.cards.abilities import Ability, CardDef
from engine.decision_kinds import DecisionKind

_KINDS: dict[str, DecisionKind] = {k.value: k for k in DecisionKind}

#: The steps of a turn in order (500.1, 501-514).
STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat", "main2",
         "end", "cleanup")
ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")

#: 309-313: the nontraditional cards of the casual variants (Planechase 901, Vanguard 902, Archenemy 904,
#: Conspiracy 905) whose abilities work from the command zone while they are face up there (901.7, 902.7, 904.8,
#: 313.5); the face-down cards of a planar or scheme deck are kept apart, in ``Player.planar`` and ``Player.schemes``
COMMAND_CARDS = frozenset({"Plane", "Phenomenon", "Scheme", "Vanguard", "Conspiracy"})


def works_from_command(card: CardDef) -> bool:
    """Whether the abilities of ``card``, in the command zone, work there: an emblem (113.4), a designation (the
    monarch's), or a face-up plane, phenomenon, scheme, vanguard or conspiracy card (901.7, 902.7, 904.8, 313.5).
    The object's controller is the one its abilities' "you" means (109.4a-e)."""
    return any(t in COMMAND_CARDS or t in ("Emblem", "Designation") for t in card.types)


class Obj:
    """A card, token, copy or ability on the stack (CR 109.1, 112.7a).

    ``id`` is new whenever it changes zones (CR 400.7); ``uid`` names the physical
    card across zones (used by scenarios and replays, never shown for hidden zones).
    """

    __slots__ = ("id", "uid", "card", "owner", "controller", "zone", "tapped", "sick", "damage",
                 "counters", "attached_to", "token", "timestamp", "attacking", "blocking",
                 "blocked", "blockers", "order", "ability", "source", "targets", "x", "modes",
                 "divide", "trigger_info", "deathtouched", "regen", "kicked", "chosen", "is_copy",
                 "damage_sources", "entered", "entered_turn")

    def __init__(self, id: int, uid: int, card: CardDef, owner: str, zone: str) -> None:
        self.id = id
        self.uid = uid
        self.card = card
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.tapped = False
        self.sick = False
        self.damage = 0
        self.counters: dict[str, int] = {}
        self.attached_to: int | None = None
        self.token = False
        self.timestamp = 0
        self.attacking: Any = None      # player name or planeswalker id while attacking (506.4)
        self.blocking: list[int] = []   # attackers it blocks
        self.blocked = False            # for attackers: became blocked (509.1h)
        self.blockers: list[int] = []   # for attackers: damage assignment order (509.2)
        self.order: list[int] = []      # for blockers: order among attackers (509.3)
        self.ability: Ability | None = None   # for abilities on the stack
        self.source: int | None = None  # for abilities: the source object id
        self.targets: list[list[Any]] = []    # per target slot: chosen object ids / player names
        self.x = 0
        self.modes: list[int] = []
        self.divide: dict[Any, int] = {}
        self.trigger_info: dict[str, Any] = {}
        self.deathtouched = False       # dealt damage by a source with deathtouch (704.5h)
        self.regen = 0                  # regeneration shields (701.13)
        self.kicked = False
        self.chosen: dict[str, Any] = {}
        self.is_copy = False
        self.damage_sources: list[int] = []
        self.entered = 0                # the event it entered the battlefield in (stamp_entry)
        self.entered_turn = 0           # the turn it entered the battlefield ("creature that entered this turn")

    def copy(self) -> "Obj":
        o = Obj.__new__(Obj)
        o.id, o.uid, o.card, o.owner, o.controller, o.zone = self.id, self.uid, self.card, self.owner, \
            self.controller, self.zone
        o.tapped, o.sick, o.damage, o.attached_to, o.token = self.tapped, self.sick, self.damage, \
            self.attached_to, self.token
        o.timestamp, o.attacking, o.blocked, o.ability, o.source = self.timestamp, self.attacking, \
            self.blocked, self.ability, self.source
        o.x, o.trigger_info, o.deathtouched, o.regen, o.kicked, o.is_copy = self.x, self.trigger_info, \
            self.deathtouched, self.regen, self.kicked, self.is_copy
        o.counters = dict(self.counters) if self.counters else {}
        o.blocking = list(self.blocking) if self.blocking else []
        o.blockers = list(self.blockers) if self.blockers else []
        o.order = list(self.order) if self.order else []
        o.targets = [list(t) for t in self.targets] if self.targets else []
        o.modes = list(self.modes) if self.modes else []
        o.divide = dict(self.divide) if self.divide else {}
        o.chosen = dict(self.chosen) if self.chosen else {}
        o.damage_sources = list(self.damage_sources) if self.damage_sources else []
        o.entered = self.entered
        o.entered_turn = self.entered_turn
        return o

    @property
    def is_blocking(self) -> bool:
        """509.1g: a blocking creature remains one until it is removed from combat or combat ends, also
        when every creature it blocked has left combat (510.1d: it then assigns no combat damage);
        ``blocking`` lists the attackers it still blocks, ``chosen["lost_attackers"]`` those that left
        (actions.remove_from_combat)."""
        return bool(self.blocking) or "lost_attackers" in self.chosen

    @property
    def in_combat(self) -> bool:
        """506.4: an attacking or blocking creature."""
        return self.attacking is not None or bool(self.blocking) or "lost_attackers" in self.chosen

    @property
    def name(self) -> str:
        if self.ability is not None:
            return self.card.name + " ability"
        return self.card.name

    def __repr__(self) -> str:
        return f"<{self.card.name}#{self.id}@{self.zone}>"


class Player:
    """A player (CR 102) and the zones they own (CR 400.1)."""

    __slots__ = ("name", "life", "poison", "library", "hand", "graveyard", "exile", "command",
                 "pool", "lands_played", "lost", "drew_from_empty", "mulligans", "kept",
                 "life_gained_turn", "life_lost_turn", "conceded", "spells_cast_turn", "spells_cast_last_turn",
                 "cast_kinds_turn", "drawn_turn", "discarded_turn", "sacrificed_turn", "damaged_by_turn",
                 "damaged_turn", "commander_casts", "commander_casts_by", "commander_damage", "attacked_turn",
                 "died_turn", "left_turn", "land_entered_turn", "combat_ended_turn", "combat_types_turn", "epic",
                 "counters", "sideboard", "extra_lands_turn", "city_blessing", "entered_kinds_turn", "surveilled_turn",
                 "sacrificed_kinds_turn", "treasure_mana",
                 "searched_turn",
                 "life_lost_last_turn", "investigated_turn", "draw_step_draws", "to_graveyard_turn",
                 "life_turn_began", "dungeons_completed", "last_turn", "crime_turn", "mana_spent_turn", "speed",
                 "nonland_left_turn", "warped_turn", "planar", "schemes", "die_rolls", "hand_modifier",
                 "attacked_power", "hand_cast_turn", "attackers_turn", "plus_counters_turn")

    def __init__(self, name: str) -> None:
        self.name = name
        self.life = 20
        self.poison = 0
        self.library: list[int] = []    # top first
        self.hand: list[int] = []
        self.graveyard: list[int] = []  # top last
        self.exile: list[int] = []
        self.command: list[int] = []
        self.pool: dict[str, int] = {}  # mana pool (106.4): kind -> amount over WUBRGC
        # of that mana, how much (by pool key) a Treasure's mana ability made ("if mana from a Treasure was spent to
        # cast it": engine/payment.py pay_mana spends it first, as its payer may, 601.2h)
        self.treasure_mana: dict[str, int] = {}
        self.lands_played = 0
        self.lost = False
        self.drew_from_empty = False
        self.mulligans = 0
        self.kept = False
        self.life_gained_turn = 0
        self.life_lost_turn = 0
        self.life_turn_began = 20       # their life total as this turn began (set at 500.1; kept after they leave)
        self.conceded = False
        self.spells_cast_turn = 0       # spells this player cast this turn (per-turn fact, cleared at 500.1)
        self.spells_cast_last_turn = 0  # spells this player cast during the previous turn (werewolves' "last turn")
        # the characteristics of each spell this player cast this turn as it became cast (601.2i): its card types,
        # supertypes, subtypes and colors ("if you've cast a noncreature spell this turn"), cleared at 500.1
        self.cast_kinds_turn: list[tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]] = []
        self.drawn_turn = 0             # cards this player drew this turn ("your second card each turn")
        self.discarded_turn = 0         # cards this player discarded this turn (701.8)
        self.sacrificed_turn = 0        # permanents this player sacrificed this turn (701.14a)
        # each of them as it last existed on the battlefield: card types, supertypes, subtypes, colors ("if you've
        # sacrificed an artifact this turn"), cleared at 500.1
        self.sacrificed_kinds_turn: list[tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]] = []
        self.damaged_turn = 0           # the last turn this player was dealt damage (bloodthirst, 702.53a)
        self.damaged_by_turn: list[int] = []  # the sources that dealt it damage that turn (damaged_turn)
        self.attacked_turn = 0          # the last turn this player attacked with a creature (508.1j)
        # (combat phase of the game, total power of the creatures they declared as attackers in it, as declared:
        # 508.1): pack tactics ("if you attacked with creatures with total power 6 or greater this combat")
        self.attacked_power: tuple[int, int] = (0, 0)
        # the creatures this player declared as attackers this turn (508.1a), by object id, each once however many
        # combats it attacked in, whatever became of them, with its card types, supertypes, subtypes and colors as
        # it was first declared: "for each creature you attacked with this turn", "if three or more Merfolk
        # attacked this turn"; cleared at 500.1
        self.attackers_turn: dict[int, tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]] = {}
        self.last_turn = 0              # the number of this player's last turn that has ended ("your last turn")
        self.life_lost_last_turn = 0    # life this player lost during the previous turn ("if you lost life last turn")
        self.surveilled_turn = 0        # the last turn this player surveilled (a later keyword action, GRN)
        self.searched_turn = 0          # the last turn this player searched their own library (701.15a)
        # (turn, +1/+1 counters this player put on creatures that turn, those on creatures under their control) (121.6;
        # "for each +1/+1 counter you've put on creatures under your control this turn", a later wording)
        self.plus_counters_turn: tuple[int, int, int] = (0, 0, 0)
        self.investigated_turn = 0      # the last turn this player investigated (701.33a)
        self.crime_turn = 0             # the last turn this player committed a crime (a later rule, OTJ)
        self.hand_cast_turn = 0         # the last turn this player cast a spell from their hand (601.2a, 601.2i)
        # (turn, mana this player spent to cast spells that turn): expend (a later keyword action, Bloomburrow;
        # engine/triggers.py expend)
        self.mana_spent_turn: tuple[int, int] = (0, 0)
        self.draw_step_draws = (0, 0)   # (turn, cards drawn in their own draw step that turn): Alhammarret's Archive
        # the cards put into their graveyard this turn as (batch of the event, card types): "whenever one or more
        # land cards are put into your graveyard from anywhere for the first time each turn" (Crawling Sensation)
        self.to_graveyard_turn: tuple[int, list[tuple[Any, frozenset[str]]]] = (0, [])
        self.died_turn = 0              # the last turn a creature this player controlled died (700.4)
        self.left_turn = 0              # the last turn a permanent this player controlled left the battlefield
        self.land_entered_turn = 0      # the last turn a land entered the battlefield under this player's control
        # each permanent that entered under this player's control this turn, as it entered: card types, supertypes,
        # subtypes, colors ("if a planeswalker entered the battlefield under your control this turn"), cleared at 500.1
        self.entered_kinds_turn: list[tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]] = []
        self.combat_ended_turn = 0      # the last turn a combat phase of this player's turn ended (506.6d)
        # the creature types of the sources this player controlled that dealt combat damage to a player
        # this turn, as they were then (prowl, 702.75a)
        self.combat_types_turn: list[str] = []
        self.extra_lands_turn = 0       # "you may play an additional land this turn" (305.2a), cleared at 500.1
        self.epic = False               # "for the rest of the game, you can't cast spells" (epic, 702.49a)
        # ascend's designation, kept for the rest of the game (a later keyword, Rivals of Ixalan)
        self.city_blessing = False
        self.commander_casts = 0        # casts of their commander from the command zone (903.8)
        self.commander_casts_by: dict[str, int] = {}  # of each of two partner commanders, by card name (903.8)
        # combat damage dealt to them by each commander, keyed by that commander's owner, "OWNER: CARD" for
        # each of two partners (903.11a, commander.damage_key)
        self.commander_damage: dict[str, int] = {}
        # 121.1: counters on the player other than poison (kept in ``poison``): energy, experience, ...
        self.counters: dict[str, int] = {}
        # the names of the cards of their sideboard: cards they own outside the game (400.10, learn); hidden
        # from the other players
        self.sideboard: list[str] = []
        # the names of the dungeons they completed, in order (a later rule, Adventures in the Forgotten Realms:
        # engine/dungeon.py), kept for the rest of the game
        self.dungeons_completed: list[str] = []
        # their speed (a later rule, Aetherdrift, 2025: start your engines!, engine/ops/actions.py): 0 while they have
        # none, then 1 to 4, kept for the rest of the game
        self.speed = 0
        # the last turn a nonland permanent this player controlled left the battlefield, and the last turn they
        # cast a spell for its warp cost (void, a later term: Edge of Eternities)
        self.nonland_left_turn = 0
        self.warped_turn = 0
        # the casual variants: the face-down planar deck (901.4) and scheme deck (904.4), top first, hidden from
        # every player; the times this player rolled the planar die as a special action this turn (901.9); the
        # hand modifier of their vanguard (210.1, 902.5): their starting and maximum hand size is 7 plus it
        self.planar: list[int] = []
        self.schemes: list[int] = []
        self.die_rolls = 0
        self.hand_modifier = 0

    def copy(self) -> "Player":
        """A flat copy, as ``Obj.copy``: every slot, each list and mapping copied one level (``_slot_copy``: the
        slots are read from ``__slots__`` once, so a new slot is copied with no more to write)."""
        return _player_copy(self)

    def zone(self, name: str) -> list[int]:
        return getattr(self, name)


def _slot_copy(cls: Any, template: Any) -> Callable[[Any], Any]:
    """A flat copy of an object of ``cls`` (a class with ``__slots__``): every slot, a list or a mapping copied one
    level, any other value (a number, a text, a tuple: never changed in place) shared, by the kind of value the slot
    holds in ``template``, a new object. The copy is written out once, here, as one assignment a slot: a snapshot of
    the game copies its players before each spell or ability (Game._snapshot), and a loop over the slots costs about
    five times as much."""
    lines = ["def copy(self):\n    p = new(cls)\n"]
    for name in cls.__slots__:
        kind = type(getattr(template, name))
        value = f"list(self.{name})" if kind is list else f"dict(self.{name})" if kind is dict else f"self.{name}"
        lines.append(f"    p.{name} = {value}\n")
    lines.append("    return p\n")
    space: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec("".join(lines), space)  # (the text is made of the class's own slot names only)
    copy: Callable[[Any], Any] = space["copy"]
    return copy


#: ``Player.copy``: every slot of a player, each list and mapping copied one level
_player_copy = _slot_copy(Player, Player(""))


#: ``Decision``'s default ``data``: a new empty mapping for each decision
_NO_DATA: Any = object()


@dataclass(frozen=True, init=False)
class Decision:
    """What the game waits for (DESIGN: the engine contract).

    ``kind`` names the choice (a DecisionKind, equal to its plain string; the shapes of
    each kind's options and answer are in engine/decision_kinds.py); ``options`` lists the
    legal answers (or their parts) in plain JSON-able data; ``forced`` is the only legal
    answer when there is exactly one.
    """

    player: str
    kind: DecisionKind | str  # a DecisionKind whenever the engine asks it
    prompt: str
    options: Any = None
    data: dict[str, Any] = field(default_factory=dict)
    forced: Any = None

    def __init__(self, player: str, kind: DecisionKind | str, prompt: str, options: Any = None,
                 data: dict[str, Any] = _NO_DATA, forced: Any = None) -> None:
        # the fields at once (one decision is made for each answer: a frozen dataclass's own __init__ would set them
        # one by one through object.__setattr__). A kind built from a plain string (a wait record's kind) is the
        # DecisionKind; a kind the engine does not ask (a client's placeholder for another seat's hidden decision)
        # stays the plain string
        self.__dict__.update(player=player, kind=kind if type(kind) is DecisionKind else _KINDS.get(kind, kind),
                             prompt=prompt, options=options, data={} if data is _NO_DATA else data, forced=forced)

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "prompt": self.prompt,
                "options": self.options, "data": self.data, "forced": self.forced}


def create_object(g: Any, card: CardDef, owner: str, zone: str, token: bool = False) -> Obj:
    """A new object in game ``g`` (109.1) with the next id and card uid: a card put into the
    game (a deck, a scenario), or a token (111.1) or an emblem (113.1), which also get a
    timestamp (613.6). The caller puts its id in the zone's list."""
    o = Obj(g.next_id, g.next_uid, card, owner, zone)
    g.next_id += 1
    g.next_uid += 1
    if token:
        o.token = True  # 111.1 tokens; 113.5: an emblem is neither a card nor a permanent
        if zone == "battlefield":
            stamp_entry(g, o)
        else:
            g.ts += 1
            o.timestamp = g.ts
    g.objects[o.id] = o
    return o


def stamp_entry(g: Any, o: Obj) -> None:
    """An object entering the battlefield gets the next timestamp (613.6c) and the entry event
    it is part of (``o.entered``). Objects that enter at once, in one effect of one resolution
    (608.2: the same ``(object, effect)`` as ``g.resolving``), still get timestamps in an order
    (613.6j: the active player orders them; the engine keeps the order they are put there in),
    but share ``entered``: the timestamp of the first of them. What asks how long a permanent
    has been there (704.5m, the world rule: "has had the world supertype for the shortest
    amount of time", a tie when they entered together) reads ``entered``; the layers read the
    timestamps. Outside a resolution (a land played, 305.1; a scenario's setup) each entry is
    its own event."""
    g.ts += 1
    o.timestamp = g.ts
    o.entered_turn = g.turn
    r = g.resolving
    key = (r["obj"], r["i"]) if r is not None else None
    last = g.entry_event
    if key is not None and last is not None and last[0] == key:
        o.entered = last[1]
    else:
        o.entered = g.ts
        g.entry_event = (key, g.ts)
