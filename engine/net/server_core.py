"""The LAN game server (issue 7, docs/protocol.md): asyncio, standard library only. Its
command line (``python -m engine.net.server``, ``manatable-server``) is engine/net/server.py,
which also starts the worker processes (engine/net/workers.py) built on this module.

It owns every Game. A connection is bound to at most one seat (by create, join or
resume); the seat of an answer is always the connection's, never the message's. Every
accepted answer is written to SQLite (DIR/server.sqlite) before it is acknowledged; on
start the server replays origin + answers of every unfinished game and resumes it.

Speed (docs/protocol.md: "Latency and load"): connections are ``asyncio.Protocol``
objects, so a message costs no task and no timer (timeouts are checked by one sweep a
fraction of a second); everything a loop iteration sends is held back, the iteration's
database writes are committed once, and only then is each connection's output written
with one ``send`` (held at most ``max_hold``, 2 ms, when many answers arrive together).
An answer's update and ack therefore never reach a client before the answer is on disk.
Updates carry a patch of the seat's view rather than the whole view (cards of a list by
id), a seat that neither decides nor just answered gets its update up to ``idle_delay``
later with the changes since joined in, and WAL checkpoints run in their own thread.
With ``--workers N`` the games run in N worker processes behind a front that hands each
connection's socket to its game's worker (engine.net.workers).
"""
from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import socket
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable

from engine import commander as commander_rules
from engine import view as view_mod
from engine.cardpool import CardPool, default_pool
from engine.commander import Leader
from engine.decks import Deck, FormatError, Validator, get_format
from engine.decks.carddb import open_card_db
from engine.errors import EngineFault, IllegalAction
from engine.game import Game
from engine.net import protocol as P
from engine.net.datafolder import DataFolderError, describe
from engine.randomdeck import random_casual
from engine.rng import new_seed
from engine.session import redact

log = logging.getLogger("manatable.server")

DEFAULT_PORT = 7531
ANNOUNCE_PORT = 7532

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, code TEXT UNIQUE, status TEXT NOT NULL, created REAL NOT NULL,
    host TEXT NOT NULL, host_deck TEXT NOT NULL, origin TEXT, winner TEXT, reason TEXT);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL, seat TEXT NOT NULL, token TEXT NOT NULL UNIQUE, PRIMARY KEY (game, seat));
CREATE TABLE IF NOT EXISTS answers (
    game TEXT NOT NULL, n INTEGER NOT NULL, player TEXT NOT NULL, answer TEXT NOT NULL,
    at REAL NOT NULL, PRIMARY KEY (game, n));
"""
# the columns of the first release of the schema: a table without them is another program's
FIRST_COLUMNS = {"games": ("id", "code", "status", "created", "host", "host_deck", "origin", "winner", "reason"),
                 "seats": ("game", "seat", "token"), "answers": ("game", "n", "player", "answer", "at")}
# columns added after the first release of the schema: (table, column, declaration)
COLUMNS = [("games", "format", "TEXT NOT NULL DEFAULT 'casual'"),
           ("games", "spectators", "INTEGER NOT NULL DEFAULT 0"),
           ("games", "size", "INTEGER NOT NULL DEFAULT 2"),     # seats of the game (issue 17: 2 to 6)
           ("seats", "deck", "TEXT"),                           # a joiner's deck, kept until the game starts
           ("seats", "commander", "TEXT"),                      # its commander (903.3), in a commander game:
                                                                # a name, or two partners as a JSON list
           ("games", "variant", "TEXT NOT NULL DEFAULT 'free_for_all'"),   # 806 or two_headed_giant (810)
           ("seats", "team", "INTEGER"),                        # a Two-Headed Giant seat's team, 1 or 2
           ("games", "casual", "TEXT")]                         # the casual variants added, a JSON list (901...)

SPECTATOR = "__spectator__"    # the seat name a spectator is redacted for: no player has it (names
                               # starting with "__" are refused), so it sees what no player hides
MAX_WATCHERS = 16              # spectators of one game
FREE_FORMAT = "free"           # no format: at least 40 cards, each one the engine knows
DEFAULT_FORMAT = "casual"


class Store:
    """SQLite persistence. Writes go into one open transaction that ``commit`` ends; the
    server commits once per event-loop iteration, before it sends anything of that
    iteration (WAL with synchronous=NORMAL: a committed write survives the death of the
    process, which is what a restarted server needs)."""

    CHECKPOINT_EVERY = 200      # commits between two checkpoints (and at least once a second)

    def __init__(self, path: Path, on_write: Callable[[], None] | None = None) -> None:
        db: sqlite3.Connection | None = None
        try:
            db = sqlite3.connect(
                str(path), isolation_level=None, check_same_thread=False
            )  # used by the loop thread only
            for table, cols in FIRST_COLUMNS.items():
                have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
                missing = [c for c in cols if c not in have]
                if have and missing:
                    raise DataFolderError(f"cannot open the server database {path}: not a manatable server "
                                          f"database (its {table} table has no column {missing[0]})")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # durable against a killed process
            # Copying the WAL back into the database (and its fsync) takes milliseconds to tens of
            # milliseconds: not in a commit of the event loop, but in a thread of its own, which a
            # WAL database allows while the loop goes on writing (a passive checkpoint never waits).
            db.execute("PRAGMA wal_autocheckpoint=0")
            db.executescript(SCHEMA)
            for table, col, decl in COLUMNS:
                if col not in {r[1] for r in db.execute(f"PRAGMA table_info({table})")}:
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {col} {decl}")
        except DataFolderError:
            if db is not None:
                db.close()
            raise
        except (sqlite3.Error, OSError) as e:     # a garbage file, a read-only folder, ...
            if db is not None:
                db.close()
            raise DataFolderError(f"cannot open the server database {describe(path, e)}") from None
        self.db = db
        self.commits = 0
        self._kick = threading.Event()
        self._stop = threading.Event()
        self._checkpointer = threading.Thread(target=self._checkpoints, args=(path,), daemon=True,
                                              name="manatable-checkpoint")
        self._checkpointer.start()
        self.in_tx = False
        self.on_write = on_write
        self.writes = 0
        self.answers: list[tuple] = []   # answer rows of this transaction, inserted together at commit

    def exec(self, sql: str, args: tuple = ()) -> None:
        if not self.in_tx:
            self.db.execute("BEGIN")
            self.in_tx = True
        self.db.execute(sql, args)
        self.writes += 1
        if self.on_write is not None:
            self.on_write()

    def add_answer(self, game: str, n: int, player: str, answer: str) -> None:
        """An answer row, written with the others of this loop iteration (one statement) at
        ``commit``, or before any read."""
        self.answers.append((game, n, player, answer, time.time()))
        self.writes += 1
        if self.on_write is not None:
            self.on_write()

    def _write_answers(self) -> None:
        if self.answers:
            rows, self.answers = self.answers, []
            if not self.in_tx:
                self.db.execute("BEGIN")
                self.in_tx = True
            self.db.executemany("INSERT INTO answers(game, n, player, answer, at) VALUES (?,?,?,?,?)", rows)

    def commit(self) -> None:
        self._write_answers()
        if self.in_tx:
            self.in_tx = False
            self.db.execute("COMMIT")
            self.commits += 1
            if self.commits % self.CHECKPOINT_EVERY == 0:
                self._kick.set()

    def _checkpoints(self, path: Path) -> None:
        db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        try:
            while not self._stop.is_set():
                self._kick.wait(1.0)
                self._kick.clear()
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error as e:   # busy or the like: the next one catches up
                    log.debug("checkpoint: %s", e)
        finally:
            db.close()

    def close(self) -> None:
        """Stop the checkpoint thread (after a last checkpoint) and close the database."""
        self.commit()
        self._stop.set()
        self._kick.set()
        self._checkpointer.join(5)
        self.db.close()

    def rollback(self) -> None:
        self.answers.clear()
        if self.in_tx:
            self.in_tx = False
            self.db.execute("ROLLBACK")

    def rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        self._write_answers()
        return self.db.execute(sql, args).fetchall()


class NullStore:
    """The Store of a process that keeps no game: nothing to write, nothing to commit."""
    in_tx = False
    answers = ()

    def commit(self) -> None:
        pass

    def rollback(self) -> None:
        pass

    def close(self) -> None:
        pass

    def rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        return []


class Seat:
    def __init__(self, name: str, token: str) -> None:
        self.name = name
        self.token = token
        self.conn: Conn | None = None
        self.grace: asyncio.TimerHandle | None = None
        self.sent_events = 0
        self.view: dict[str, Any] | None = None   # the view last sent to this seat
        self.display = name
        self.behind = False      # changes not yet sent: neither deciding nor answering (Server.idle_delay)


class GameRoom:
    """A hosted game: its seats in the order they were taken (the host first), and their decks
    until the game starts when every seat is taken."""

    def __init__(self, gid: str, code: str, host: str, host_deck: list[str], fmt: str = DEFAULT_FORMAT,
                 spectators: bool = False, size: int = 2, variant: str = "free_for_all") -> None:
        self.id = gid
        self.code = code
        self.host = host
        self.host_deck = host_deck
        self.format = fmt
        self.spectators = spectators   # the host lets spectators watch
        self.size = size               # how many players the game seats (2 to 6)
        self.seats: dict[str, Seat] = {}
        self.decks: dict[str, list[str]] = {host: host_deck}   # by seat, in the order seats were taken
        self.commanders: dict[str, Leader] = {}                 # by seat, in a commander game (903.3)
        self.variant = variant         # free_for_all (806; two players: the two-player game) or two_headed_giant
        self.team: dict[str, int] = {}  # Two-Headed Giant: each seat's team, 1 or 2 (810.1)
        self.watchers: list[Seat] = []  # spectators: Seat(SPECTATOR) each, .display their name
        self.game: Game | None = None
        self.status = "waiting"        # waiting -> playing -> over | abandoned
        self.reason: str | None = None
        self.catch_up: asyncio.TimerHandle | None = None   # sends the updates held back from idle seats
        # the casual variants added with their nontraditional cards (Planechase 901, Vanguard 902, Archenemy 904),
        # built at random from the supported cards with the game's seed as it starts (engine.randomdeck)
        self.casual: list[str] = []

    def summary(self) -> dict[str, Any]:
        """What the lobby lists of this game: who hosts it, its format, and its seats taken and free."""
        out = {"game": self.id, "host": self.host, "status": self.status, "format": self.format,
               "spectators": self.spectators, "seats": self.size, "taken": len(self.seats),
               "players": list(self.seats)}
        if self.variant == "two_headed_giant":
            out.update(variant=self.variant, teams=self.teams())
        if self.casual:
            out["casual"] = list(self.casual)
        return out

    def teams(self) -> list[list[str]]:
        """Two-Headed Giant: each team's seats taken so far, in the order they were taken."""
        return [[n for n in self.seats if self.team.get(n) == t] for t in range(1, P.TEAMS + 1)]

    def choose_team(self, asked: int | None) -> int:
        """The team a new Two-Headed Giant seat joins: the one asked for while it has a free
        seat, else the one with fewer players (the first on a tie). A ProtocolError when the
        team asked for is full."""
        per = self.size // P.TEAMS
        counts = [sum(1 for t in self.team.values() if t == k) for k in range(1, P.TEAMS + 1)]
        if asked is not None:
            if counts[asked - 1] >= per:
                raise P.ProtocolError("team_full", f"team {asked} has its {per} players already", "team")
            return asked
        return min(range(1, P.TEAMS + 1), key=lambda k: counts[k - 1])

    def start_args(self) -> tuple[list[str], dict[str, Any]]:
        """The seats in turn order and Game.new's variant arguments: in Two-Headed Giant the
        teams sit together, team 1 then team 2 (810.3, 805.1), each in the order its seats were
        taken."""
        if self.variant != "two_headed_giant":
            return list(self.seats), {}
        teams = self.teams()
        return [n for t in teams for n in t], {"variant": self.variant, "teams": teams}

    def free_name(self, name: str) -> str:
        """``name``, or ``name-2``, ``name-3``... when a seat already has it."""
        if name not in self.seats:
            return name
        n = 2
        while f"{name[:P.MAX_NAME - 3]}-{n}" in self.seats:
            n += 1
        return f"{name[:P.MAX_NAME - 3]}-{n}"

    @property
    def decision_no(self) -> int:
        """Numbers the pending decision: the count of answers so far (stable across restarts)."""
        return len(self.game.answers) if self.game is not None else 0


class Conn(asyncio.Protocol):
    """One client connection: frames in through ``data_received``, frames out held in
    ``out`` until the server flushes the loop iteration (after its commit)."""

    def __init__(self, server: "Server") -> None:
        self.server = server
        self.transport: asyncio.Transport | None = None
        self.buf = bytearray()
        self.out: list[bytes] = []
        self.room: GameRoom | None = None
        self.seat: Seat | None = None
        self.watcher: Seat | None = None      # set when this connection watches room as a spectator
        self.hello = False
        self.errors = 0.0
        self.tokens = float(server.rate_burst)
        self.last = self.last_rx = time.monotonic()
        self.partial_since: float | None = None    # a frame begun and not finished since
        self.blocked_since: float | None = None    # the kernel buffer is full since (pause_writing)
        self.closed = False
        self.peer = "?"
        self.rx_at = 0.0
        self.frame = b""                      # the frame being handled (its header included)
        self.handing = False                  # being handed to another process: read no further frame
        self.assigned_code: str | None = None # the join code a front chose for this connection's create

    # ------------------------------------------------------------ asyncio.Protocol
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        peer = transport.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if peer else "?"
        self.server.conns.add(self)

    def data_received(self, data: bytes) -> None:
        if self.closed:
            return
        now = time.monotonic()
        self.last_rx = now
        self.rx_at = time.perf_counter()
        buf = self.buf
        buf += data
        while len(buf) >= 4 and not self.closed and not self.handing:
            try:
                n = P.frame_length(bytes(buf[:4]), P.MAX_CLIENT_MESSAGE)
            except P.ProtocolError as e:   # the stream cannot be resynchronised: say why and close
                self.send(e.to_msg())
                self.close()
                return
            if len(buf) < 4 + n:
                break
            self.frame = bytes(buf[:4 + n])
            del buf[:4 + n]
            self.server._message(self, self.frame[4:])
        self.partial_since = (self.partial_since or now) if buf else None

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.out.clear()
        self.server.conns.discard(self)
        self.server._detach(self)

    def pause_writing(self) -> None:
        self.blocked_since = time.monotonic()

    def resume_writing(self) -> None:
        self.blocked_since = None

    # ------------------------------------------------------------ output
    def send(self, m: dict[str, Any]) -> None:
        if self.closed:
            return
        try:
            data = P.encode(m)
        except P.ProtocolError as e:
            log.error("not sending a %s to %s: %s", m.get("type"), self.peer, e)
            return
        if self.server.on_send is not None:
            self.server.on_send(self, data)
        self.out.append(data)
        self.server._dirty(self)

    def flush(self) -> None:
        t = self.transport
        if self.out and t is not None and not t.is_closing():
            data = self.out[0] if len(self.out) == 1 else b"".join(self.out)
            self.out.clear()
            t.write(data)
            if t.get_write_buffer_size() > self.server.max_buffer:   # a client that does not read
                log.warning("%s does not read; closing", self.peer)
                t.abort()
                return
        if self.closed and t is not None and not t.is_closing():
            t.close()   # after the last bytes (an error saying why) are written

    def close(self) -> None:
        """Stop reading, send what is held, then close (at the end of this loop iteration)."""
        if self.closed:
            return
        self.closed = True
        self.server._detach(self)
        self.server._dirty(self)

    def rate_ok(self) -> bool:
        now = time.monotonic()
        s = self.server
        self.tokens = min(s.rate_burst, self.tokens + (now - self.last) * s.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


_CARD_DB: Any = None


def _shared_card_db() -> Any:
    """The card database (engine.decks.carddb.open_card_db), opened once per process."""
    global _CARD_DB
    if _CARD_DB is None:
        _CARD_DB = open_card_db()
    return _CARD_DB


class Server:
    def __init__(self, data_dir: str | Path, cards: CardPool | None = None, *, grace: float = 300.0,
                 read_timeout: float = 10.0, idle_timeout: float = 120.0, rate: float = 100.0,
                 rate_burst: int = 200, max_errors: int = 10, max_buffer: int = 8 << 20,
                 stats: bool = False, decks: Any = None, max_hold: float = 0.002,
                 db: str | None = "server.sqlite", idle_delay: float = 0.05, seating: str = "random") -> None:
        self.data = Path(data_dir)
        # 806.3: a Free-for-All game's players are seated at random (Game.new ``seating``); "fixed" keeps the order
        # the seats were taken in (tests that need it)
        self.seating = seating
        try:
            self.data.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise DataFolderError(f"cannot use the data folder {describe(self.data, e)}") from None
        # db None: a process that hosts no game (the front of engine.net.workers) and stores nothing
        self.store: Any = Store(self.data / db, self._schedule_flush) if db is not None else NullStore()
        self.cards = cards if cards is not None else (default_pool() if db is not None else None)
        self.grace = grace
        self.read_timeout = read_timeout
        self.idle_timeout = idle_timeout
        self.rate = rate
        self.rate_burst = rate_burst
        self.max_errors = max_errors
        self.max_buffer = max_buffer
        self.rooms: dict[str, GameRoom] = {}
        self.by_code: dict[str, GameRoom] = {}
        self.by_token: dict[str, tuple[GameRoom, Seat]] = {}
        self.on_send: Callable[[Conn, bytes], None] | None = None   # tests: every byte sent
        self.server: asyncio.base_events.Server | None = None
        self.port = 0
        self.conns: set[Conn] = set()
        self._out: set[Conn] = set()          # connections with output held for this iteration
        self._flush_at: asyncio.Handle | None = None
        self._tick_answers: list[tuple[float, GameRoom, Conn, Any]] = []   # (received, room, conn, ref)
        self._sweeper: asyncio.Task | None = None
        self.stats = stats
        self.latencies: list[float] = []      # with stats: seconds from an answer's arrival to its ack's send
        self.commit_times: list[float] = []   # with stats: seconds of each commit
        self.ticks = 0
        self.decks = decks                    # card database for format validation (None: opened when needed)
        self.max_hold = max_hold              # seconds output may wait for the rest of its loop iteration
        # seconds an update may wait for a seat that neither decides nor just answered (the other
        # player while one player acts twice in a row, spectators): later changes join it
        self.idle_delay = idle_delay
        self._held_since = 0.0
        self.stopped: asyncio.Event | None = None   # set to stop serving (serve() waits on it)
        self.fatal: str | None = None               # why the server stopped on its own, if it did

    # ------------------------------------------------------------ start, resume
    def resume_all(self) -> None:
        """Load every unfinished game from the database and replay it. Raises DataFolderError
        when the database cannot be read as a server's (another program's tables, say)."""
        try:
            rows = self.store.rows("SELECT id, code, status, host, host_deck, origin, format, spectators, size, "
                                   "variant, casual FROM games WHERE status IN ('waiting','playing')")
        except sqlite3.Error as e:
            raise DataFolderError(f"cannot read the games in the data folder {describe(self.data, e)}") from None
        for gid, code, status, host, host_deck, origin, fmt, spectators, size, variant, casual in rows:
            room = GameRoom(gid, code, host, json.loads(host_deck), fmt, bool(spectators), size, variant)
            room.casual = json.loads(casual) if casual else []
            for seat, token, deck, commander, team in self.store.rows(
                    "SELECT seat, token, deck, commander, team FROM seats WHERE game=? ORDER BY rowid", (gid,)):
                s = Seat(seat, token)
                room.seats[seat] = s
                if team is not None:
                    room.team[seat] = team
                if deck is not None:
                    room.decks[seat] = json.loads(deck)
                if commander is not None:
                    room.commanders[seat] = json.loads(commander) if commander.startswith("[") else commander
                self.by_token[token] = (room, s)
            if status == "playing":
                answers = [[p, json.loads(a)] for p, a in self.store.rows(
                    "SELECT player, answer FROM answers WHERE game=? ORDER BY n", (gid,))]
                try:
                    room.game = Game.from_json(json.dumps({"version": 1, "origin": json.loads(origin),
                                                           "answers": answers}), self.cards)
                except Exception as e:  # noqa: BLE001 - a broken game must not stop the others
                    log.error("cannot resume game %s: %s", gid, e)
                    self.store.exec("UPDATE games SET status='abandoned', reason=? WHERE id=?",
                                    (f"could not be resumed: {e}", gid))
                    continue
                room.status = "playing"
            self.rooms[gid] = room
            self.by_code[code] = room
            for s in room.seats.values():   # nobody is connected yet: everyone's grace starts now
                self._start_grace(room, s)
            self._room_changed(room)
            log.info("resumed game %s (%s, %d answers)", gid, room.status,
                     len(room.game.answers) if room.game else 0)

    async def start(self, host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> int:
        self.resume_all()
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(lambda: Conn(self), host, port)
        self.port = self.server.sockets[0].getsockname()[1]
        self._sweeper = asyncio.create_task(self._sweep())
        return self.port

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
        if self._sweeper is not None:
            self._sweeper.cancel()
        for room in self.rooms.values():
            for s in room.seats.values():
                if s.grace:
                    s.grace.cancel()
        for c in list(self.conns):
            c.close()
        self._flush()

    # ------------------------------------------------------------ one loop iteration: commit, then send
    def _dirty(self, conn: Conn) -> None:
        self._out.add(conn)
        self._schedule_flush()

    def _schedule_flush(self) -> None:
        if self._flush_at is None:
            try:
                self._flush_at = asyncio.get_running_loop().call_soon(self._flush)
                self._held_since = time.perf_counter()
            except RuntimeError:     # no loop running (start-up, tests): the caller commits
                pass

    def _flush_if_held_long(self) -> None:
        """After an answer: when this iteration has held output for ``max_hold`` seconds already
        (many answers arrived together), commit and send now rather than make the first
        answers wait for the last ones. A commit costs tens of microseconds."""
        if self._flush_at is not None and time.perf_counter() - self._held_since >= self.max_hold:
            self._flush()

    def _flush(self) -> None:
        """Commit the iteration's writes, then write each connection's held output at once."""
        if self._flush_at is not None:
            self._flush_at.cancel()
        self._flush_at = None
        self.ticks += 1
        answers, self._tick_answers = self._tick_answers, []
        try:
            if self.stats and (self.store.in_tx or self.store.answers):
                c0 = time.perf_counter()
                self.store.commit()
                self.commit_times.append(time.perf_counter() - c0)
            else:
                self.store.commit()
        except sqlite3.Error as e:   # nothing of this iteration is stored: nothing of it is sent
            log.error("cannot commit: %s", e)
            self._commit_failed(answers)
            return
        for t0, room, conn, ref in answers:
            conn.send(P.msg("ack", ref=ref))
        conns, self._out = self._out, set()
        for c in conns:
            c.flush()
        if self.stats and answers:
            now = time.perf_counter()
            self.latencies.extend(now - t0 for t0, *_ in answers)

    def _commit_failed(self, answers: list[tuple[float, GameRoom, Conn, Any]]) -> None:
        try:
            self.store.rollback()
        except sqlite3.Error:
            pass
        for c in self._out:     # held output may describe unstored answers: resend from the stored state
            c.out.clear()
        rooms = {id(r): r for _, r, _, _ in answers}
        for room in rooms.values():
            self._rebuild(room)
            for s in self._receivers(room):
                s.sent_events = 0
            self._broadcast(room, full=True)
        for _, _, conn, ref in answers:
            conn.send(P.error("server", "the answer could not be stored; send it again", ref=ref))
        conns, self._out = self._out, set()
        for c in conns:
            c.flush()

    async def _sweep(self) -> None:
        """Timeouts without a timer per message: unfinished frames, silence, blocked writes."""
        every = max(0.05, min(1.0, self.read_timeout / 4))
        while True:
            await asyncio.sleep(every)
            now = time.monotonic()
            for c in list(self.conns):
                if c.closed:
                    continue
                if c.partial_since is not None and now - c.partial_since > self.read_timeout:
                    c.send(P.error("truncated", f"a frame was not received whole within {self.read_timeout:g} s"))
                    c.close()
                elif now - c.last_rx > self.idle_timeout:
                    c.send(P.error("timeout", f"nothing received for {self.idle_timeout:g} s"))
                    c.close()
                elif c.blocked_since is not None and now - c.blocked_since > self.read_timeout:
                    log.warning("%s does not read; closing", c.peer)
                    if c.transport is not None:
                        c.transport.abort()

    # ------------------------------------------------------------ messages
    def _message(self, conn: Conn, body: bytes) -> None:
        """One frame of ``conn``: decoded, checked, handled. A fault is answered to that
        connection alone; a message that is valid and still makes a handler fail (a bug) is
        refused with ``server`` and one log line, and the connection and its game go on."""
        ref = None
        try:
            m = P.decode(body)
            i = m.get("id")
            ref = i if isinstance(i, int) and not isinstance(i, bool) and 0 <= i <= P.MAX_INT else None
            if not conn.rate_ok():
                raise P.ProtocolError("rate_limited", f"more than {self.rate:g} messages a second; slow down")
            P.validate_client(m)
            self._dispatch(conn, m)
        except P.ProtocolError as e:
            self._fault(conn, e, ref)
        except Exception as e:  # noqa: BLE001 - one request fails, never the server or the connection
            log.error("error on a message from %s: %s: %s", conn.peer, type(e).__name__, e)
            conn.send(P.error("server", f"the server could not handle this message ({type(e).__name__})", ref=ref))

    def _fault(self, conn: Conn, e: P.ProtocolError, ref: Any = None) -> None:
        conn.errors += 0.1 if e.code == "rate_limited" else 1   # a hurried client is not hostile
        conn.send(e.to_msg(ref))
        if conn.errors >= self.max_errors:
            conn.send(P.error("closing", f"{conn.errors:g} bad messages; closing this connection"))
            conn.close()

    def _detach(self, conn: Conn) -> None:
        w = conn.watcher
        if w is not None and conn.room is not None and w in conn.room.watchers:
            conn.room.watchers.remove(w)
            w.conn = None
            self._notify_presence(conn.room)
        conn.watcher = None
        s, room = conn.seat, conn.room
        if s is not None and room is not None and s.conn is conn:
            s.conn = None
            self._start_grace(room, s)
            self._notify_presence(room)
        conn.seat = conn.room = None

    # ------------------------------------------------------------ dispatch
    def _dispatch(self, conn: Conn, m: dict[str, Any]) -> None:
        t = m["type"]
        ref = m.get("id")
        if t == "ping":
            conn.send(P.msg("pong", t=m.get("t"), ref=ref))
            return
        if t == "hello":
            conn.hello = True
            conn.send(P.msg("welcome", server="manatable", version=P.VERSION, ref=ref))
            return
        if not conn.hello:
            raise P.ProtocolError("no_hello", "say hello first")
        if t == "bye":
            conn.close()
            return
        if t == "list":
            conn.send(P.msg("games", games=self.open_games(), ref=ref))
            return
        if t in ("create", "join", "resume"):
            if conn.seat is not None or conn.watcher is not None:
                raise P.ProtocolError("already_seated", "this connection already holds a seat or watches a game")
            getattr(self, "_" + t)(conn, m, ref)
            return
        if conn.watcher is not None and conn.room is not None:
            if t == "chat":
                self._chat(conn.room, conn.watcher.display, m["text"], spectator=True)
                return
            raise P.ProtocolError("spectator", f"a spectator cannot {t}: it watches, it does not play")
        if conn.seat is None or conn.room is None:
            raise P.ProtocolError("no_seat", f"{t} needs a seat: create, join or resume first")
        if t == "answer":
            self._answer(conn, m, ref)
        elif t == "concede":
            room = conn.room
            self._concede(room, conn.seat.name, "conceded")
            conn.send(P.msg("ack", ref=ref))
        elif t == "chat":
            self._chat(conn.room, conn.seat.name, m["text"])

    def _chat(self, room: GameRoom, frm: str, text: str, spectator: bool = False) -> None:
        m = P.msg("chat", frm=frm, text=text)
        if spectator:
            m["spectator"] = True
        for s in self._receivers(room):
            if s.conn is not None:
                s.conn.send(m)

    def _receivers(self, room: GameRoom) -> list[Seat]:
        """The connected seats, then the spectators."""
        return [s for s in room.seats.values() if s.conn is not None] + \
               [w for w in room.watchers if w.conn is not None]

    def open_games(self) -> list[dict[str, Any]]:
        """Games waiting for players (with their seats taken and free), and games being played
        that spectators may watch."""
        return [dict(r.summary(),
                     # a game resumed from an earlier run that no player came back to has none
                     connected=sum(1 for s in r.seats.values() if s.conn is not None))
                for r in self.rooms.values()
                if r.status == "waiting" or (r.status == "playing" and r.spectators)]

    # ------------------------------------------------------------ decks and formats
    def _format(self, name: str) -> Any:
        """The engine.decks Format named ``name`` (None for FREE_FORMAT); bad_format if none fits."""
        if name == FREE_FORMAT:
            return None
        try:
            fmt = get_format(name)
        except FormatError:
            raise P.ProtocolError("bad_format", f"no format is named {name!r}", "format") from None
        if fmt.pool is not None:
            raise P.ProtocolError("bad_format", f"{fmt.label} games cannot be hosted here: a deck is a list "
                                  "of card names, with no card pool", "format")
        return fmt

    def _check_deck(self, deck: list[str], fmt_name: str = DEFAULT_FORMAT, commander: Leader | None = None) -> None:
        """Refuse a deck illegal in the game's format (engine.decks.validate: card and rule of every
        problem, in ``problems``) or holding a card the engine does not know. In a format with a
        commander (903) ``deck`` is the other cards and ``commander`` names the commander (or a list of
        two partners: a later rule)."""
        fmt = self._format(fmt_name)
        if fmt is not None and fmt.commander is not None and commander is None:
            raise P.ProtocolError("missing_field", f"a {fmt.label} deck needs its commander (the field "
                                  "'commander': a legendary creature's name, not in 'deck')", "commander")
        if commander is not None and (fmt is None or fmt.commander is None):
            raise P.ProtocolError("bad_field", f"{fmt.label if fmt else 'a free game'} has no commander", "commander")
        others = deck
        leaders = commander_rules.names(commander)
        deck = [*deck, *leaders]
        if self.cards is None:
            raise P.ProtocolError("no_games", "this process hosts no game", "deck")
        problems: list[dict[str, Any]] = []
        for name in sorted(set(deck)):
            try:
                self.cards.definition(name)
            except Exception:  # noqa: BLE001 - any failure: the engine cannot play it
                problems.append({"rule": "unknown-card", "card": name,
                                 "message": f"{name} is not a card this server's rules engine knows"})
        if fmt is None:
            if len(deck) < 40:
                problems.append({"rule": "deck-size", "card": None,
                                 "message": f"The deck has {len(deck)} cards; a free game needs at least 40."})
        elif not problems:
            counts: dict[str, int] = {}
            for name in deck:
                counts[name] = counts.get(name, 0) + 1
            for leader in leaders:
                counts[leader] -= 1
                if not counts[leader]:
                    del counts[leader]
            led = Deck(main=counts, commander=leaders[0] if leaders else None,
                       partner=leaders[1] if len(leaders) > 1 else None)
            for p in Validator(self._card_db(), fmt).validate(led):
                if p.is_error:
                    problems.append({"rule": p.rule, "card": p.card, "message": p.message})
        if commander is not None and not problems:   # the rules of 903 the game checks when it starts
            problems += [{"rule": "903", "card": " and ".join(leaders), "message": msg}
                         for msg in commander_rules.deck_problems(self.cards, others, commander)]
        if problems:
            first = problems[0]
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            label = fmt.label if fmt is not None else "a free game"
            raise P.ProtocolError("bad_deck", f"the deck is not legal in {label}: {first['message']} "
                                  f"[{first['rule']}{': ' + first['card'] if first['card'] else ''}]{more}",
                                  "deck", problems=problems[:50])

    def _card_db(self) -> Any:
        if self.decks is None:
            self.decks = _shared_card_db()
        return self.decks

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(P.CODE_ALPHABET) for _ in range(P.CODE_LEN))
            if code not in self.by_code and not self.store.rows("SELECT 1 FROM games WHERE code=?", (code,)):
                return code

    def _seat(self, conn: Conn, room: GameRoom, name: str, deck: list[str] | None = None,
              commander: Leader | None = None, team: int | None = None) -> Seat:
        token = secrets.token_hex(16)
        seat = Seat(name, token)
        room.seats[name] = seat
        if commander is not None:
            room.commanders[name] = commander
        if team is not None:
            room.team[name] = team
        self.by_token[token] = (room, seat)
        self.store.exec("INSERT INTO seats(game, seat, token, deck, commander, team) VALUES (?,?,?,?,?,?)",
                        (room.id, name, token, json.dumps(deck) if deck is not None else None,
                         json.dumps(commander) if isinstance(commander, list) else commander, team))
        seat.conn = conn
        conn.seat, conn.room = seat, room
        return seat

    def _create(self, conn: Conn, m: dict[str, Any], ref: Any) -> None:
        fmt = m.get("format", DEFAULT_FORMAT)
        self._check_deck(m["deck"], fmt, m.get("commander"))
        gid = secrets.token_hex(8)
        code = conn.assigned_code
        if code is None or code in self.by_code or self.store.rows("SELECT 1 FROM games WHERE code=?", (code,)):
            code = self._new_code()
        variant = m.get("variant", "free_for_all")
        size = m.get("seats", 2)
        if variant == "two_headed_giant" and size not in (4, 6):
            raise P.ProtocolError("bad_field", "a Two-Headed Giant game seats two teams of two or three: "
                                  "4 or 6 seats (810.1, 810.11)", "seats")
        if "team" in m and variant != "two_headed_giant":
            raise P.ProtocolError("bad_field", "teams are for two_headed_giant games only", "team")
        casual = list(m.get("casual") or [])
        if "archenemy" in casual and variant == "two_headed_giant":
            raise P.ProtocolError("bad_field", "Archenemy is played by one team against one archenemy (904.2), "
                                  "not in Two-Headed Giant", "casual")
        room = GameRoom(gid, code, m["name"], list(m["deck"]), fmt, bool(m.get("spectators")), size, variant)
        room.casual = casual
        self.store.exec("INSERT INTO games(id, code, status, created, host, host_deck, format, spectators, size, "
                        "variant, casual) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                        (gid, room.code, "waiting", time.time(), room.host, json.dumps(room.host_deck), fmt,
                         int(room.spectators), room.size, variant, json.dumps(casual) if casual else None))
        self.rooms[gid] = room
        self.by_code[room.code] = room
        team = room.choose_team(m.get("team")) if variant == "two_headed_giant" else None
        seat = self._seat(conn, room, m["name"], commander=m.get("commander"), team=team)
        self._room_changed(room)
        conn.send(P.msg("seated", game=gid, code=room.code, seat=seat.name, token=seat.token, format=fmt,
                        spectators=room.spectators, seats=room.size, ref=ref, **self._team_fields(room, seat.name)))
        log.info("game %s created by %s (code %s, %s)", gid, seat.name, room.code, fmt)

    def _join(self, conn: Conn, m: dict[str, Any], ref: Any) -> None:
        if m.get("spectator"):
            self._watch(conn, m, ref)
            return
        if "code" not in m:
            raise P.ProtocolError("missing_field", "join needs the field 'code' (a game id is for spectators)",
                                  "code")
        room = self.by_code.get(m["code"].upper())
        if room is None or room.status != "waiting":
            raise P.ProtocolError("bad_code", "no open game has this join code", "code")
        if "deck" not in m:
            raise P.ProtocolError("missing_field", "join needs the field 'deck' (or \"spectator\": true)", "deck")
        self._check_deck(m["deck"], room.format, m.get("commander"))
        if "team" in m and room.variant != "two_headed_giant":
            raise P.ProtocolError("bad_field", "this game has no teams (it is not Two-Headed Giant)", "team")
        team = room.choose_team(m.get("team")) if room.variant == "two_headed_giant" else None
        name = room.free_name(m["name"])
        deck = list(m["deck"])
        seat = self._seat(conn, room, name, deck, m.get("commander"), team)
        room.decks[name] = deck
        if len(room.seats) == room.size:      # the last free seat is taken: the game starts
            seed = new_seed()  # 128 bits, never sent to a client
            order, extra = room.start_args()
            extra["seating"] = self.seating  # 806.3 (a game of two or of teams keeps its order: Game.new)
            if room.commanders:
                extra.update(format="commander", commanders=dict(room.commanders))
            if room.casual:  # its cards drawn with the game's seed, never sent (the planar decks' order is hidden)
                extra["casual"] = random_casual(random.Random(seed), order, self.cards or CardPool(),
                                                room.casual)
            room.game = Game.new([(n, room.decks[n]) for n in order], self.cards, seed, **extra)
            room.status = "playing"
            self.store.exec("UPDATE games SET status='playing', origin=? WHERE id=?",
                            (json.dumps(room.game.origin), room.id))
            self.store.exec("UPDATE seats SET deck=NULL WHERE game=?", (room.id,))   # the origin holds them now
        self._room_changed(room)
        conn.send(P.msg("seated", game=room.id, code=room.code, seat=name, token=seat.token, format=room.format,
                        spectators=room.spectators, seats=room.size, ref=ref, **self._team_fields(room, name)))
        if room.game is not None:
            self._broadcast(room, full=True)
        self._notify_presence(room)

    @staticmethod
    def _team_fields(room: GameRoom, name: str) -> dict[str, Any]:
        """What a ``seated`` reply adds in a Two-Headed Giant game: the variant, the seat's team."""
        if room.variant != "two_headed_giant":
            return {}
        return {"variant": room.variant, "team": room.team[name]}

    def _watch(self, conn: Conn, m: dict[str, Any], ref: Any) -> None:
        """A spectator: the public view of the game (redacted for SPECTATOR), its events and chat.
        It names the game by its join code or by the id that ``list`` shows; in the second case
        the reply does not tell the join code (which seats a player while the game waits)."""
        if "code" in m:
            room = self.by_code.get(m["code"].upper())
        elif "game" in m:
            room = self.rooms.get(m["game"])
        else:
            raise P.ProtocolError("missing_field", "watching needs the field 'code' or 'game'", "code")
        if room is None or room.status not in ("waiting", "playing"):
            raise P.ProtocolError("bad_code", "no game being played has this join code" if "code" in m
                                  else "no game being played has this id", "code" if "code" in m else "game")
        if not room.spectators:
            raise P.ProtocolError("no_spectators", "the host of this game does not allow spectators", "spectator")
        if len(room.watchers) >= MAX_WATCHERS:
            raise P.ProtocolError("full", f"this game already has {MAX_WATCHERS} spectators")
        w = Seat(SPECTATOR, "")
        w.display = m["name"]
        w.conn = conn
        room.watchers.append(w)
        conn.watcher, conn.room = w, room
        conn.send(P.msg("watching", game=room.id, code=room.code if "code" in m else None, seats=list(room.seats),
                        format=room.format, ref=ref))
        if room.game is not None:
            self._update(room, w, full=True)
        self._notify_presence(room)

    def _resume(self, conn: Conn, m: dict[str, Any], ref: Any) -> None:
        found = self.by_token.get(m["token"])
        if found is None:
            over = self.store.rows("SELECT g.id, g.code, s.seat, g.winner, g.reason FROM seats s JOIN games g "
                                   "ON g.id = s.game WHERE s.token=? AND g.status='over'", (m["token"],))
            if over:   # the game ended while this player was away: tell them how, as the others were told
                gid, code, seat_name, winner, reason = over[0]
                conn.send(P.msg("seated", game=gid, code=code, seat=seat_name, token=m["token"], ref=ref))
                conn.send(P.msg("game_over", winner=winner, reason=reason))
                return
            raise P.ProtocolError("bad_token", "unknown or expired seat token", "token")
        room, seat = found
        if seat.conn is not None and not seat.conn.closed:
            # the owner is still connected: a second connection with the same token is refused
            raise P.ProtocolError("seat_taken", "this seat is connected elsewhere", "token")
        if seat.grace:
            seat.grace.cancel()
            seat.grace = None
        seat.conn = conn
        conn.seat, conn.room = seat, room
        seat.sent_events = m.get("since", 0)
        conn.send(P.msg("seated", game=room.id, code=room.code, seat=seat.name, token=seat.token, ref=ref))
        if room.game is not None:
            self._update(room, seat, full=True)
        self._notify_presence(room)

    def _answer(self, conn: Conn, m: dict[str, Any], ref: Any) -> None:
        room, seat = conn.room, conn.seat
        if room is None or seat is None:
            raise P.ProtocolError("no_seat", "answer needs a seat: create, join or resume first")
        g = room.game
        if g is None or room.status != "playing":
            raise P.ProtocolError("no_game", "the game has not started" if g is None else "the game is over")
        d = g.pending
        if d is None or d.player != seat.name:
            raise P.ProtocolError("not_your_decision", "there is no decision of yours pending")
        if "decision" in m and m["decision"] != room.decision_no:
            raise P.ProtocolError("stale", f"answer to decision {m['decision']}, the pending one is {room.decision_no}",
                                  "decision")
        try:
            g.submit(seat.name, m["answer"])
        except IllegalAction as e:
            raise P.ProtocolError("illegal", str(e)[:500], "answer") from None
        except EngineFault as e:  # the game is already back as it was before the answer; it goes on
            log.error("engine fault on an answer in %s (bug report %s):\n%s", room.id, e.report, e.traceback)
            raise P.ProtocolError("engine_fault", f"the engine failed on this answer and the game was put back "
                                  f"as it was: {str(e)[:300]}; answer otherwise", "answer") from None
        except Exception as e:  # noqa: BLE001 - the engine choked; the answer is refused, the game resumed
            log.exception("engine error on an answer in %s", room.id)
            self._rebuild(room)
            raise P.ProtocolError("illegal", f"the answer could not be applied: {type(e).__name__}", "answer") from None
        # written with this iteration's other answers before anything of it is sent; a failed
        # commit sends nothing of the iteration and rebuilds its games from the database (_commit_failed)
        self.store.add_answer(room.id, len(g.answers) - 1, seat.name, P.dumps(g.answers[-1][1]))
        self._after_change(room, seat)    # the updates first, so an acknowledged client is up to date
        self._tick_answers.append((conn.rx_at, room, conn, ref))   # acked by _flush, after the commit
        self._flush_if_held_long()

    def _rebuild(self, room: GameRoom) -> None:
        origin = self.store.rows("SELECT origin FROM games WHERE id=?", (room.id,))[0][0]
        answers = [[p, json.loads(a)] for p, a in self.store.rows(
            "SELECT player, answer FROM answers WHERE game=? ORDER BY n", (room.id,))]
        room.game = Game.from_json(json.dumps({"version": 1, "origin": json.loads(origin), "answers": answers}),
                                   self.cards)

    def _concede(self, room: GameRoom, seat: str, reason: str) -> None:
        g = room.game
        if g is None:
            room.status = "abandoned"
            self.store.exec("UPDATE games SET status='abandoned', reason=? WHERE id=?", (reason, room.id))
            self._drop_room(room)
            return
        if g.over:
            return
        try:
            g.concede(seat)
        except EngineFault as e:  # the game is back as it was before the concession: the seat is still in it
            log.error("engine fault on a concession in %s (bug report %s):\n%s", room.id, e.report, e.traceback)
            raise P.ProtocolError("engine_fault", f"the engine failed on this concession and the game was put "
                                  f"back as it was: {str(e)[:300]}", "concede") from None
        self.store.exec("INSERT INTO answers(game, n, player, answer, at) VALUES (?,?,?,?,?)",
                        (room.id, len(g.answers) - 1, seat, json.dumps("__concede__"), time.time()))
        room.reason = f"{seat} {reason}"
        self._after_change(room)

    def _after_change(self, room: GameRoom, answerer: Seat | None = None) -> None:
        g = room.game
        if g is not None and g.over and room.status == "playing":
            room.status = "over"
            self.store.exec("UPDATE games SET status='over', winner=?, reason=? WHERE id=?",
                            (g.winner, room.reason, room.id))
        self._broadcast(room, answerer=answerer)
        if room.status == "over":
            winner = g.winner if g is not None else None
            for s in self._receivers(room):
                if s.conn is not None:
                    s.conn.send(P.msg("game_over", winner=winner, reason=room.reason))
            self._drop_room(room)

    def _drop_room(self, room: GameRoom) -> None:
        if room.catch_up is not None:
            room.catch_up.cancel()
            room.catch_up = None
        for s in room.seats.values():
            if s.grace:
                s.grace.cancel()
                s.grace = None
            self.by_token.pop(s.token, None)
        self.by_code.pop(room.code, None)
        self.rooms.pop(room.id, None)
        self._room_gone(room)

    def _room_changed(self, room: GameRoom) -> None:
        """A game was created, started or resumed (engine.net.workers tells its front)."""

    def _room_gone(self, room: GameRoom) -> None:
        """A game ended or was abandoned and left this server's rooms."""

    # ------------------------------------------------------------ what each seat is sent
    def _broadcast(self, room: GameRoom, full: bool = False, answerer: Seat | None = None) -> None:
        """Send the change to the seat that decides next, to the one that answered (its ack
        follows), and to everyone when the game is over or ``full``; the others (the idle
        player, spectators) get it within ``idle_delay``, together with any later change."""
        public: dict[int, dict[str, Any]] = {}    # card views of public zones, the same for every seat
        g = room.game
        d = g.pending if g is not None else None
        now = full or self.idle_delay <= 0 or g is None or g.over
        held = False
        for s in self._receivers(room):
            if now or s is answerer or (d is not None and d.player == s.name):
                self._update(room, s, full, public)
            else:
                s.behind = held = True
        if held and room.catch_up is None:
            room.catch_up = asyncio.get_running_loop().call_later(self.idle_delay, self._catch_up, room)

    def _catch_up(self, room: GameRoom) -> None:
        """The updates held back from idle seats (their output goes out after the next commit)."""
        room.catch_up = None
        if room.game is None or room.id not in self.rooms:
            return
        public: dict[int, dict[str, Any]] = {}
        for s in self._receivers(room):
            if s.behind:
                self._update(room, s, public=public)

    def _update(self, room: GameRoom, seat: Seat, full: bool = False,
                public: dict[int, dict[str, Any]] | None = None) -> None:
        g = room.game
        if g is None or seat.conn is None:
            return
        seat.behind = False
        evs = g.events[seat.sent_events:]
        first = seat.sent_events
        seat.sent_events = len(g.events)
        d = g.pending
        v = view_mod.view(g, seat.name, public)
        for c in v.get("stack", ()):      # kept to diff against: no list shared with the game
            if isinstance(c.get("targets"), (list, dict)):
                c["targets"] = P.copy_json(c["targets"])
        m = P.msg("update", game=room.id, seats=list(g.order),
                  decision=d.to_dict() if d is not None and d.player == seat.name else None,
                  decision_no=room.decision_no, waiting_for=d.player if d is not None else None,
                  first_event=first, events=[redact(e, seat.name) for e in evs], full=full,
                  winner=g.winner)
        last = seat.view
        if full or last is None or last.keys() != v.keys():
            m["view"] = v
        else:   # only what changed since this seat's last update (docs/protocol.md: view patches)
            m["view_patch"] = P.view_patch(last, v)
        seat.view = v
        seat.conn.send(m)

    def _notify_presence(self, room: GameRoom) -> None:
        state = {n: s.conn is not None for n, s in room.seats.items()}
        m = P.msg("presence", connected=state, grace=self.grace, spectators=len(room.watchers), seats=room.size)
        for s in self._receivers(room):
            if s.conn is not None:
                s.conn.send(m)

    # ------------------------------------------------------------ grace period
    def _start_grace(self, room: GameRoom, seat: Seat) -> None:
        if seat.grace:
            seat.grace.cancel()
        loop = asyncio.get_event_loop()
        seat.grace = loop.call_later(self.grace, self._grace_over, room, seat)

    def _grace_over(self, room: GameRoom, seat: Seat) -> None:
        seat.grace = None
        if seat.conn is not None or room.id not in self.rooms:
            return
        log.info("%s did not come back to %s: loss by disconnection", seat.name, room.id)
        try:
            self._concede(room, seat.name, "lost by disconnection")
        except P.ProtocolError:  # an engine fault, logged with its bug report: the game waits for the seat
            pass

    def stats_summary(self) -> dict[str, Any]:
        """Server-side processing time of answers (arrival of the frame to the ack handed to the kernel)."""
        lat = sorted(self.latencies)
        pct = (lambda q: round(lat[min(len(lat) - 1, int(len(lat) * q))] * 1000, 3)) if lat else (lambda q: None)
        com = sorted(self.commit_times)
        return {"answers": len(lat), "ticks": self.ticks, "server_ms_median": pct(0.5), "server_ms_p99": pct(0.99),
                "commits": len(com), "commit_ms_median": round(com[len(com) // 2] * 1000, 3) if com else None,
                "commit_ms_p99": round(com[int(len(com) * 0.99)] * 1000, 3) if com else None,
                "commit_ms_max": round(com[-1] * 1000, 3) if com else None}

    # ------------------------------------------------------------ LAN announcement
    async def announce(self, port: int = ANNOUNCE_PORT, every: float = 2.0) -> None:
        """Broadcast the open games by UDP on the LAN (docs/protocol.md: discovery)."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        sock.setblocking(False)
        try:
            while True:
                body = json.dumps({"manatable": P.VERSION, "port": self.port,
                                   "games": self.open_games()[:20]}).encode()
                try:
                    sock.sendto(body, ("<broadcast>", port))
                except OSError as e:
                    log.debug("announce: %s", e)
                await asyncio.sleep(every)
        finally:
            sock.close()
