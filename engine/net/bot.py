"""A headless network player that answers every decision at random (issue 7).

    python -m engine.net.bot --server HOST:PORT --code CODE --deck FILE [--seat-file F]
    python -m engine.net.bot --server HOST:PORT --host-game --deck FILE [--format F] [--spectators] [--seats N]
        # prints "code: XXXXXX" first; with --seats N (2 to 6) the game starts when N players have joined
    ... --variant two_headed_giant --seats 4 [--team 1|2]   # Two-Headed Giant (810), joiners on a team
    ... --ai easy|medium|hard [--think MS]   # the AI (engine/ai/remote.py) instead of random answers
    ... --max-turns N   # concede on the first decision past turn N (a soak run stays bounded)

An engine fault the server reports (it put the game back) is printed on standard error and
the decision answered again; 50 faults in a row on one decision make the bot concede.

With --seat-file, the seat token is kept in that file and a later run resumes the seat.
A dropped connection (or a restarted server) is retried with the token. The last line
printed is ``result: <seat> wins`` (``result: <seat>+<seat> wins`` for a Two-Headed Giant team),
``result: draw`` or ``result: aborted (<why>)``.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from engine.ai.random_bot import RandomBot
from engine.ai.remote import ViewBot
from engine.atomicfile import write_atomic
from engine.decks.files import read_deck
from engine.errors import EngineFault, IllegalAction
from engine.net.client import NetError, RemoteSession


def load_deck(path: str) -> list[str]:
    """The deck file's main cards, one name per card."""
    return load_seat_deck(path)[0]


def load_seat_deck(path: str) -> tuple[list[str], str | list[str] | None]:
    """The deck file's main cards, one name per card, and its commander (None without one; a list of two
    partners, a later rule)."""
    deck = read_deck(path)
    out: list[str] = []
    for name, n in deck.main.items():
        out += [name] * n
    return out, deck.leader()


MAX_FAULTS = 50  # engine faults in a row on one decision before the bot concedes (104.3a)


def play(rs: RemoteSession, bot: RandomBot, reconnect_for: float = 60.0, delay: float = 0.0,
         max_turns: int | None = None) -> str:
    """Answer until the game ends; returns the result line.

    An engine fault on the server (it put the game back as it was before the answer) is
    reported on standard error and the decision is answered again, as a player at the table
    would; a decision that faults on every answer ``MAX_FAULTS`` times in a row, or a game past
    turn ``max_turns``, makes the bot concede (104.3a), so that the others play on and the game
    still ends with one result."""
    faults = 0
    while True:
        rs.wait(lambda s: s.game_over or s._decision is not None or not s.connected, 5.0)
        if rs.game_over or (rs.winner is not None):
            w = rs.winner
            return "result: draw" if w == "draw" else f"result: {w} wins"
        if not rs.connected:
            try:
                rs.reconnect(attempts=max(1, int(reconnect_for / 0.5)), delay=0.5)
            except NetError as e:
                return f"result: aborted ({e})"
            continue
        d = rs.pending()
        if d is None:
            continue
        if faults >= MAX_FAULTS or (max_turns is not None and rs.view().get("turn", 0) > max_turns):
            why = f"{faults} engine faults in a row" if faults >= MAX_FAULTS else f"past turn {max_turns}"
            print(f"conceding: {why}", file=sys.stderr, flush=True)
            try:
                rs.concede()
            except (NetError, IllegalAction, EngineFault) as e:
                print(f"the concession failed: {e}", file=sys.stderr, flush=True)
            rs.wait(lambda s: s.game_over or not s.connected, 60.0)
            max_turns, faults = None, 0
            continue
        if delay:
            time.sleep(delay)
        try:
            try:
                rs.submit(None, bot.answer(d))
                faults = 0
            except IllegalAction:
                try:
                    rs.submit(None, d.forced if d.forced is not None else {"action": "pass"})
                    faults = 0
                except IllegalAction:
                    # a stale decision (the state moved on): wait for the next update
                    rs.wait(lambda s: s.decision_no != rs.decision_no or s.game_over, 1.0)
        except EngineFault as e:
            faults += 1
            print(f"engine fault on the server ({faults} in a row): {e}", file=sys.stderr, flush=True)
        except NetError:
            continue  # the connection dropped, on the answer or on its fallback: the loop reconnects


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.net.bot")
    ap.add_argument("--server", required=True, help="HOST:PORT")
    ap.add_argument("--code", help="join code of the game to join")
    ap.add_argument("--deck", required=True)
    ap.add_argument("--name", default=None)
    ap.add_argument("--seat-file", help="keep the seat token here; resume from it if it exists")
    ap.add_argument("--host-game", action="store_true", help="create the game and print its join code")
    ap.add_argument("--format", default=None, help="with --host-game: the game's format (server default: casual)")
    ap.add_argument("--spectators", action="store_true", help="with --host-game: let spectators watch")
    ap.add_argument("--seats", type=int, default=2, choices=range(2, 7), metavar="N",
                    help="with --host-game: players the game seats, 2 to 6 (it starts when all have joined)")
    ap.add_argument("--variant", choices=["free_for_all", "two_headed_giant"], default=None,
                    help="with --host-game: two_headed_giant hosts Two-Headed Giant (810; --seats 4 or 6)")
    ap.add_argument("--casual", nargs="+", choices=["planechase", "vanguard", "archenemy"], default=None,
                    help="with --host-game: the casual variants added, their cards built by the server (901, 902, "
                         "904: the host is the archenemy of a two-player game)")
    ap.add_argument("--team", type=int, choices=[1, 2], default=None,
                    help="Two-Headed Giant: the team to sit on (default: the host on 1, a joiner on the smaller)")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--delay", type=float, default=0.0, help="seconds to wait before each answer")
    ap.add_argument("--reconnect-for", type=float, default=60.0)
    ap.add_argument("--max-turns", type=int, default=None,
                    help="concede (104.3a) on the first decision past this turn (keeps soak runs bounded)")
    ap.add_argument("--ai", choices=["easy", "medium", "hard"], default=None,
                    help="play with the AI at this level (issue 18) instead of at random")
    ap.add_argument("--think", type=int, default=None, help="with --ai: ms per decision (default: the level's)")
    a = ap.parse_args(argv)
    host, _, port = a.server.rpartition(":")
    if not a.host_game and not a.code and not (a.seat_file and os.path.exists(a.seat_file)):
        ap.error("--code or --host-game (or an existing --seat-file) is needed")
    try:
        deck, commander = load_seat_deck(a.deck)
    except Exception as e:  # noqa: BLE001
        print(f"result: aborted (deck: {e})", flush=True)
        return 2
    name = a.name or ("host" if a.host_game else "guest")
    bot = RandomBot(a.seed if a.seed is not None else int.from_bytes(os.urandom(4), "big"))
    try:
        rs = RemoteSession(host or "127.0.0.1", int(port))
        if a.ai:
            bot = ViewBot(lambda: rs.view(), lambda: rs.seat, deck, a.ai, a.think,  # type: ignore[assignment]
                          a.seed if a.seed is not None else 0)
        seat_file = Path(a.seat_file) if a.seat_file else None
        if seat_file and seat_file.exists():
            rs.resume(json.loads(seat_file.read_text())["token"])
        elif a.host_game:
            code = rs.create(name, deck, format=a.format, spectators=a.spectators, seats=a.seats,
                             commander=commander, variant=a.variant, team=a.team, casual=a.casual)
            print(f"code: {code}", flush=True)
        else:
            rs.join(a.code, name, deck, commander, a.team)
        if seat_file:
            write_atomic(seat_file, json.dumps({"server": a.server, "seat": rs.seat, "token": rs.token}))
        print(f"seat: {rs.seat}", flush=True)
        line = play(rs, bot, a.reconnect_for, a.delay, a.max_turns)
    except (NetError, OSError) as e:
        line = f"result: aborted ({e})"
    except KeyboardInterrupt:
        line = "result: aborted (interrupted)"
    print(line, flush=True)
    return 0 if not line.startswith("result: aborted") else 1


if __name__ == "__main__":
    sys.exit(main())
