"""Seats of a game of 2 to 6 players (CR 800-810): who is still in the game, turn order,
APNAP order, opponents and teams, the variant and its options.

A game's ``order`` lists every seat in turn order and never changes once the starting player
is known; a player who leaves the game (800.4a, engine/leave.py) stays in it with ``lost``
set and is skipped by everything here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game

MIN_SEATS, MAX_SEATS = 2, 6
VARIANTS = ("two_player", "free_for_all", "two_headed_giant")
ATTACK_OPTIONS = ("attack_multiple", "attack_left", "attack_right")


class SeatError(ValueError):
    """Seats, a variant or options a game cannot be played with, with what was wrong."""


def configure(g: "Game", variant: str | None = None, options: Any = None,
              teams: list[list[str]] | None = None) -> None:
    """Check and set the variant (800.2: one per game), its options and teams on ``g``.

    Two seats: the two-player game. More: Free-for-All (806) unless ``variant`` says
    two_headed_giant (810). ``options`` is a list of option names and ``{name: value}`` maps:
    attack_multiple (802, Free-for-All's default), attack_left / attack_right (803; 806.2b:
    exactly one of the three), ``{range_of_influence: N}`` (801)."""
    names = list(g.order)
    if not MIN_SEATS <= len(names) <= MAX_SEATS:
        raise SeatError(f"a game seats {MIN_SEATS} to {MAX_SEATS} players, not {len(names)}")
    if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
        raise SeatError(f"seat names must be distinct non-empty strings: {names}")
    if variant is None:
        variant = "two_headed_giant" if teams else "two_player" if len(names) == 2 else "free_for_all"
    if variant not in VARIANTS:
        raise SeatError(f"unknown variant {variant!r} (one of {', '.join(VARIANTS)})")
    if variant == "two_player" and len(names) != 2:
        raise SeatError("a two-player game seats two")
    if variant == "free_for_all" and len(names) < 3:
        raise SeatError("Free-for-All is a multiplayer variant: three seats or more (800.1)")
    opts: dict[str, Any] = {}
    for o in options or []:
        if isinstance(o, str):
            if o not in ATTACK_OPTIONS:
                raise SeatError(f"unknown option {o!r}")
            opts[o] = True
        elif isinstance(o, dict) and set(o) == {"range_of_influence"}:
            n = o["range_of_influence"]
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise SeatError(f"range_of_influence is a number of seats, 1 or more, not {n!r}")
            opts["range_of_influence"] = n
        else:
            raise SeatError(f"unknown option {o!r}")
    attack = [k for k in ATTACK_OPTIONS if opts.get(k)]
    if len(attack) > 1:
        raise SeatError("use exactly one of attack_multiple, attack_left, attack_right (806.2b)")
    g.variant = variant
    g.attack_option = attack[0] if attack else "attack_multiple"
    g.influence = opts.get("range_of_influence")
    g.teams = _teams(names, variant, teams)
    g.team_of = {n: t for t in g.teams for n in t}


def _teams(names: list[str], variant: str, teams: list[list[str]] | None) -> list[tuple[str, ...]]:
    if variant != "two_headed_giant":
        if teams:
            raise SeatError("teams are for two_headed_giant only")
        return [(n,) for n in names]
    if not teams or len(teams) != 2 or len(teams[0]) != len(teams[1]) or len(teams[0]) < 2:
        raise SeatError("Two-Headed Giant is two teams of two players or more each (810.1, 810.11)")
    flat = [n for t in teams for n in t]
    if sorted(flat) != sorted(names):
        raise SeatError(f"the teams {teams} must hold every seat {names} once")
    k = len(names)
    for t in teams:  # a team's seats form one arc of the table: it ends once going around
        ends = sum(1 for i in range(k) if names[i] in t and names[(i + 1) % k] not in t)
        if ends != 1:
            raise SeatError(f"the team {t} must sit together (810.3; 805.1: shared team turns need "
                            f"adjacent seats), not apart in {names}")
    return [tuple(t) for t in teams]


def is_active(g: "Game", p: str) -> bool:
    """Is it ``p``'s turn: ``p`` is the active player, or (805.4, shared team turns in
    Two-Headed Giant, 810.2) on the active team."""
    a = g.active
    return a == p or (g.variant == "two_headed_giant" and p in g.team_of[a])


def active_team(g: "Game") -> tuple[str, ...]:
    """The players whose turn it is (805.4a), still in the game, in turn order: none when the
    active player has left (800.4h)."""
    if g.variant != "two_headed_giant":
        return () if g.players[g.active].lost else (g.active,)
    return tuple(n for n in g.team_of[g.active] if not g.players[n].lost)


def next_turn_player(g: "Game") -> str:
    """500.1: who takes the next turn: the next player in turn order still in the game; with
    shared team turns (805.4) the first player of the next team in turn order."""
    p = next_player(g, g.active)
    if g.variant == "two_headed_giant":
        team = g.team_of[g.active]
        while p in team and p != g.active:
            p = next_player(g, p)
    return p


def side(g: "Game", p: str) -> tuple[str, ...]:
    """``p`` and, with shared team turns (Two-Headed Giant, 805), ``p``'s teammates still in
    the game, in turn order: who acts as one where the team does (805.7 triggered abilities,
    810.7d the combined block)."""
    if g.variant != "two_headed_giant":
        return (p,)
    return tuple(n for n in g.order if n in g.team_of[p] and not g.players[n].lost)


def primary(g: "Game", p: str) -> str:
    """805.2: the primary player of ``p``'s team, who makes a choice the team makes as one (805.7 the order of
    its triggered abilities, 810.7d its combined block): the player in the rightmost of the team's seats from the
    team's view, the first of its arc of seats in the clockwise turn order (the team sits together, 810.3); a
    teammate still in the game if that player has left. Without teams, ``p``."""
    if g.variant != "two_headed_giant":
        return p
    team, k = g.team_of[p], len(g.order)
    ring = [g.order[(i + j) % k] for i in range(k) if g.order[i] in team and g.order[i - 1] not in team
            for j in range(k)]
    return next((n for n in ring if n in team and not g.players[n].lost), p)


def blocking_side(g: "Game", p: str) -> tuple[str, ...]:
    """Whose creatures ``p``'s declaration of blockers covers: ``p``'s own (509.1a); in
    Two-Headed Giant, every player still in the game on ``p``'s team, for the defending team
    has one combined block, legal as a whole (810.7d)."""
    return side(g, p)


def starting_life(g: "Game") -> int:
    """103.3: 20; 810.4 and 810.11: a Two-Headed Giant team's shared 30, plus 15 per player
    beyond the second."""
    if g.variant == "two_headed_giant":
        return 30 + 15 * (len(g.teams[0]) - 2)
    return 20


def poison_limit(g: "Game") -> int:
    """704.5c: ten poison counters; 810.8d, 810.11: fifteen for a Two-Headed Giant team, plus
    five per player beyond the second."""
    if g.variant == "two_headed_giant":
        return 15 + 5 * (len(g.teams[0]) - 2)
    return 10


def share(g: "Game") -> None:
    """810.4, 810.9, 810.10: a team's life total and poison counters are shared. Life gained or
    lost and poison counters given to each player since the last call are applied to the team
    total, which every teammate then has. Called before state-based actions are checked (so
    before any player receives priority) and once when the game is set up."""
    if g.variant != "two_headed_giant":
        return
    seen = g.shared
    ps = g.players
    for team in g.teams:
        if not seen:
            life, poison = ps[team[0]].life, ps[team[0]].poison
        else:
            life = seen[team[0]][0] + sum(ps[n].life - seen[n][0] for n in team)
            poison = seen[team[0]][1] + sum(ps[n].poison - seen[n][1] for n in team)
        for n in team:
            ps[n].life, ps[n].poison = life, poison
    g.shared = {n: (ps[n].life, ps[n].poison) for n in g.order}






def live(g: "Game") -> list[str]:
    """The players still in the game, in turn order (800.4)."""
    ps = g.players
    return [n for n in g.order if not ps[n].lost]


def can_control(g: "Game", player: str) -> bool:
    """800.4b: an object does not change to the control of a player who has left the game, and
    no token is created under such a player's control (800.4d: nor anything they would own)."""
    p = g.players.get(player)
    return p is not None and not p.lost


def next_player(g: "Game", p: str) -> str:
    """116.3d: the next player in turn order after ``p`` who is still in the game (``p`` may
    have left); ``p`` itself when no other is left."""
    order = g.order
    n = len(order)
    if n == 2:  # the two-player game: the opponent (the hot path)
        q = order[1] if p == order[0] else order[0]
        return p if g.players[q].lost else q
    i = order.index(p)
    ps = g.players
    for k in range(1, n):
        q = order[(i + k) % n]
        if not ps[q].lost:
            return q
    return p


def after_pass(g: "Game", p: str, passes: int) -> str:
    """Who receives priority after ``p`` passes, ``passes`` players having passed in succession.
    116.3d: the next player in turn order. 805.5 (shared team turns, Two-Headed Giant): teams
    have priority; a team passes when each of its players has passed in succession, and until
    then priority stays with the team (805.5a: any of its players may act), going to the next
    teammate in turn order; then to the next team in turn order."""
    if g.variant != "two_headed_giant":
        return next_player(g, p)
    team = [n for n in g.order if n in g.team_of[p] and not g.players[n].lost]
    if passes % len(team):
        i = team.index(p)
        return team[(i + 1) % len(team)]
    q = next_player(g, p)
    while q in team and q != p:
        q = next_player(g, q)
    return q


def apnap(g: "Game") -> list[str]:
    """101.4: the active player, then each other player still in the game in turn order; when
    the active player has left (800.4h), from the next player in turn order. 805.6: with shared
    team turns (Two-Headed Giant), each player of the active team first, from the active player,
    then the players of each other team in turn order (teams sit together, 810.3)."""
    order = g.order
    a = g.active
    if len(order) == 2 and not g.gone:
        return [a, order[1] if a == order[0] else order[0]]
    i = order.index(a)
    ring = order[i:] + order[:i]
    ps = g.players
    if g.variant == "two_headed_giant":
        team = g.team_of[a]
        ring = [n for n in ring if n in team] + [n for n in ring if n not in team]
    return [n for n in ring if not ps[n].lost]

def opponents(g: "Game", p: str) -> list[str]:
    """The opponents of ``p`` still in the game (102.2-102.3), in APNAP order."""
    order = g.order
    if len(order) == 2:
        q = order[1] if p == order[0] else order[0]
        return [] if g.players[q].lost else [q]
    team = g.team_of[p]
    return [q for q in apnap(g) if q not in team]


def distance(g: "Game", a: str, b: str) -> int:
    """801.2: the distance in seats between two players, counting the players in the game as
    this turn began (801.2c: a player who left stops sitting between others at the next turn)."""
    seats = g.seated or g.order
    if a not in seats or b not in seats:
        seats = [n for n in g.order if n in seats or n in (a, b)]
    i, j = seats.index(a), seats.index(b)
    d = abs(i - j)
    return min(d, len(seats) - d)


def in_range(g: "Game", p: str, q: str) -> bool:
    """801.2: is ``q`` within ``p``'s range of influence (always, without the option)?"""
    return g.influence is None or p == q or distance(g, p, q) <= g.influence


def choosable(g: "Game", p: str, players: list[str]) -> list[str]:
    """The ``players`` that ``p`` may choose (801.5a: only those within ``p``'s range of
    influence); when none is within range, the closest of them to ``p``'s left, the next in
    turn order (801.5c). All of them without the option."""
    if g.influence is None or not players:
        return players
    near = [q for q in players if in_range(g, p, q)]
    if near:
        return near
    order = g.order
    i = order.index(p)
    for k in range(1, len(order)):
        q = order[(i + k) % len(order)]
        if q in players:
            return [q]
    return players


def object_seat(g: "Game", oid: Any) -> str | None:
    """801.2d: the player whose seat places an object for range of influence: its controller
    on the battlefield or the stack, its owner elsewhere (None: no such object)."""
    o = g.objects.get(oid)
    if o is None:
        return None
    return g.controller_of(oid) or o.owner if o.zone in ("battlefield", "stack") else o.owner


def object_in_range(g: "Game", p: str, oid: int) -> bool:
    """801.2d: is the object ``oid`` within ``p``'s range of influence (always, without the
    option, and for an object no longer there)?"""
    if g.influence is None:
        return True
    seat = object_seat(g, oid)
    return seat is None or in_range(g, p, seat)


def defenders(g: "Game", attacker: str) -> list[str]:
    """The players ``attacker``'s creatures may attack (506.2): every opponent (802.2), the
    nearest opponent to the left or right only (803.1a-b: none when the nearest player that
    way is a teammate), and only opponents within range of influence (801.3)."""
    opp = opponents(g, attacker)
    if g.attack_option != "attack_multiple" and len(g.order) > 2:
        seats = live(g)
        i = seats.index(attacker) if attacker in seats else g.order.index(attacker)
        step = 1 if g.attack_option == "attack_left" else -1
        near = seats[(i + step) % len(seats)]
        opp = [near] if near in opp else []
    if g.influence is not None:
        opp = [q for q in opp if in_range(g, attacker, q)]
    return opp


def remaining_teams(g: "Game") -> list[tuple[str, ...]]:
    """The teams (each player a team of one outside team variants) with a player still in
    the game (104.2a, 104.2c)."""
    ps = g.players
    return [t for t in g.teams if any(not ps[n].lost for n in t)]


def winners(winner: str | None) -> list[str]:
    """The players a game's ``winner`` names (104.2a; 810.8a: a Two-Headed Giant team wins as
    one and is written with its players joined by ``+``, ``"alice+bob"``): none while the game
    goes on and for a draw (``"draw"``, 104.4a)."""
    if winner is None or winner == "draw":
        return []
    return winner.split("+")


def result_text(winner: str | None) -> str:
    """How a game's end reads to a person: ``alice wins``, ``alice and bob win`` (810.8a),
    ``the game is a draw`` (104.4a); empty while it goes on."""
    if winner is None:
        return ""
    names = winners(winner)
    if not names:
        return "the game is a draw"
    if len(names) == 1:
        return f"{names[0]} wins"
    return f"{', '.join(names[:-1])} and {names[-1]} win"
