"""The LAN game server (issue 7, docs/protocol.md): asyncio, standard library only.

    python -m engine.net.server --host 0.0.0.0 --port 7531 --data DIR [--grace 300] [--announce]

It owns every Game. A connection is bound to at most one seat (by create, join or
resume); the seat of an answer is always the connection's, never the message's. Every
accepted answer is written to SQLite (DIR/server.sqlite) before it is acknowledged; on
start the server replays origin + answers of every unfinished game and resumes it.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import secrets
import socket
import sqlite3
import time
from pathlib import Path
from typing import Any, Callable

from engine.cardpool import CardPool, default_pool
from engine.errors import IllegalAction
from engine.game import Game
from engine.net import protocol as P
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


class Store:
    """SQLite persistence; every write is committed before the caller goes on."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)  # used by the loop thread only
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # durable against a killed process
        self.db.executescript(SCHEMA)

    def exec(self, sql: str, args: tuple = ()) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(sql, args)

    def rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        return self.db.execute(sql, args).fetchall()


class Seat:
    def __init__(self, name: str, token: str) -> None:
        self.name = name
        self.token = token
        self.conn: Conn | None = None
        self.grace: asyncio.TimerHandle | None = None
        self.sent_events = 0


class GameRoom:
    def __init__(self, gid: str, code: str, host: str, host_deck: list[str]) -> None:
        self.id = gid
        self.code = code
        self.host = host
        self.host_deck = host_deck
        self.seats: dict[str, Seat] = {}
        self.game: Game | None = None
        self.status = "waiting"        # waiting -> playing -> over | abandoned
        self.reason: str | None = None

    @property
    def decision_no(self) -> int:
        """Numbers the pending decision: the count of answers so far (stable across restarts)."""
        return len(self.game.answers) if self.game is not None else 0


class Conn:
    def __init__(self, server: "Server", reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.server = server
        self.reader = reader
        self.writer = writer
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(maxsize=server.max_queue)
        self.room: GameRoom | None = None
        self.seat: Seat | None = None
        self.hello = False
        self.errors = 0
        self.tokens = float(server.rate_burst)
        self.last = time.monotonic()
        self.closed = False
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if peer else "?"

    def send(self, m: dict[str, Any]) -> None:
        if self.closed:
            return
        try:
            data = P.encode(m)
        except P.ProtocolError:
            log.error("refusing to send an oversized %s to %s", m.get("type"), self.peer)
            return
        if self.server.on_send is not None:
            self.server.on_send(self, data)
        try:
            self.queue.put_nowait(data)
        except asyncio.QueueFull:  # a client that does not read: drop it, not the others
            log.warning("%s does not read; closing", self.peer)
            self.close()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self.writer.close()

    def rate_ok(self) -> bool:
        now = time.monotonic()
        s = self.server
        self.tokens = min(s.rate_burst, self.tokens + (now - self.last) * s.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Server:
    def __init__(self, data_dir: str | Path, cards: CardPool | None = None, *, grace: float = 300.0,
                 read_timeout: float = 10.0, idle_timeout: float = 120.0, rate: float = 100.0,
                 rate_burst: int = 200, max_errors: int = 10, max_queue: int = 1000) -> None:
        self.data = Path(data_dir)
        self.data.mkdir(parents=True, exist_ok=True)
        self.store = Store(self.data / "server.sqlite")
        self.cards = cards if cards is not None else default_pool()
        self.grace = grace
        self.read_timeout = read_timeout
        self.idle_timeout = idle_timeout
        self.rate = rate
        self.rate_burst = rate_burst
        self.max_errors = max_errors
        self.max_queue = max_queue
        self.rooms: dict[str, GameRoom] = {}
        self.by_code: dict[str, GameRoom] = {}
        self.by_token: dict[str, tuple[GameRoom, Seat]] = {}
        self.on_send: Callable[[Conn, bytes], None] | None = None   # tests: every byte sent
        self.server: asyncio.base_events.Server | None = None
        self.port = 0

    # ------------------------------------------------------------ start, resume
    def resume_all(self) -> None:
        """Load every unfinished game from the database and replay it."""
        for gid, code, status, host, host_deck, origin in self.store.rows(
                "SELECT id, code, status, host, host_deck, origin FROM games WHERE status IN ('waiting','playing')"):
            room = GameRoom(gid, code, host, json.loads(host_deck))
            for seat, token in self.store.rows("SELECT seat, token FROM seats WHERE game=?", (gid,)):
                s = Seat(seat, token)
                room.seats[seat] = s
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
            log.info("resumed game %s (%s, %d answers)", gid, room.status,
                     len(room.game.answers) if room.game else 0)

    async def start(self, host: str = "127.0.0.1", port: int = DEFAULT_PORT) -> int:
        self.resume_all()
        self.server = await asyncio.start_server(self._handle, host, port, limit=P.MAX_MESSAGE + 8)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
        for room in self.rooms.values():
            for s in room.seats.values():
                if s.grace:
                    s.grace.cancel()
                if s.conn:
                    s.conn.close()

    # ------------------------------------------------------------ connections
    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(self, reader, writer)
        wtask = asyncio.create_task(self._writer(conn))
        try:
            await self._read_loop(conn)
        except (ConnectionError, asyncio.IncompleteReadError, OSError):
            pass
        finally:
            self._detach(conn)
            conn.close()
            try:
                await asyncio.wait_for(wtask, 5)
            except (asyncio.TimeoutError, asyncio.CancelledError, Exception):  # noqa: BLE001 - shutting down
                wtask.cancel()
            writer.close()

    async def _writer(self, conn: Conn) -> None:
        try:
            while True:
                data = await conn.queue.get()
                if data is None:
                    break
                conn.writer.write(data)
                await asyncio.wait_for(conn.writer.drain(), self.read_timeout)
        except (ConnectionError, asyncio.TimeoutError, OSError):
            conn.closed = True
        finally:
            try:
                conn.writer.close()
            except Exception:  # noqa: BLE001
                pass

    async def _read_loop(self, conn: Conn) -> None:
        r = conn.reader
        while not conn.closed:
            try:
                header = await asyncio.wait_for(r.readexactly(4), self.idle_timeout)
            except asyncio.TimeoutError:
                conn.send(P.error("timeout", f"nothing received for {self.idle_timeout:g} s"))
                return
            try:
                n = P.frame_length(header, P.MAX_CLIENT_MESSAGE)
            except P.ProtocolError as e:   # the stream cannot be resynchronised: say why and close
                conn.send(e.to_msg())
                return
            try:
                body = await asyncio.wait_for(r.readexactly(n), self.read_timeout)
            except asyncio.TimeoutError:
                conn.send(P.error("truncated", f"frame of {n} bytes not received within {self.read_timeout:g} s"))
                return
            ref = None
            try:
                m = P.decode(body)
                ref = m.get("id") if isinstance(m.get("id"), int) else None
                if not conn.rate_ok():
                    raise P.ProtocolError("rate_limited", f"more than {self.rate:g} messages a second; slow down")
                P.validate_client(m)
                self._dispatch(conn, m)
            except P.ProtocolError as e:
                self._fault(conn, e, ref)

    def _fault(self, conn: Conn, e: P.ProtocolError, ref: Any = None) -> None:
        conn.errors += 0.1 if e.code == "rate_limited" else 1   # a hurried client is not hostile
        conn.send(e.to_msg(ref))
        if conn.errors >= self.max_errors:
            conn.send(P.error("closing", f"{conn.errors} bad messages; closing this connection"))
            conn.close()

    def _detach(self, conn: Conn) -> None:
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
            if conn.seat is not None:
                raise P.ProtocolError("already_seated", "this connection already holds a seat")
            getattr(self, "_" + t)(conn, m, ref)
            return
        if conn.seat is None or conn.room is None:
            raise P.ProtocolError("no_seat", f"{t} needs a seat: create, join or resume first")
        if t == "answer":
            self._answer(conn, m, ref)
        elif t == "concede":
            room = conn.room
            self._concede(room, conn.seat.name, "conceded")
            conn.send(P.msg("ack", ref=ref))
        elif t == "chat":
            for s in conn.room.seats.values():
                if s.conn is not None:
                    s.conn.send(P.msg("chat", frm=conn.seat.name, text=m["text"]))

    def open_games(self) -> list[dict[str, Any]]:
        return [{"game": r.id, "host": r.host} for r in self.rooms.values() if r.status == "waiting"]

    def _check_deck(self, deck: list[str]) -> None:
        if len(deck) < 40:
            raise P.ProtocolError("bad_deck", f"a deck needs at least 40 cards, not {len(deck)}", "deck")
        for name in set(deck):
            try:
                self.cards.definition(name)
            except Exception:  # noqa: BLE001
                raise P.ProtocolError("bad_deck", f"unknown card {name!r}", "deck") from None

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(P.CODE_ALPHABET) for _ in range(P.CODE_LEN))
            if code not in self.by_code and not self.store.rows("SELECT 1 FROM games WHERE code=?", (code,)):
                return code

    def _seat(self, conn: Conn, room: GameRoom, name: str) -> Seat:
        token = secrets.token_hex(16)
        seat = Seat(name, token)
        room.seats[name] = seat
        self.by_token[token] = (room, seat)
        self.store.exec("INSERT INTO seats(game, seat, token) VALUES (?,?,?)", (room.id, name, token))
        seat.conn = conn
        conn.seat, conn.room = seat, room
        return seat

    def _create(self, conn: Conn, m: dict[str, Any], ref: Any) -> None:
        self._check_deck(m["deck"])
        gid = secrets.token_hex(8)
        room = GameRoom(gid, self._new_code(), m["name"], list(m["deck"]))
        self.store.exec("INSERT INTO games(id, code, status, created, host, host_deck) VALUES (?,?,?,?,?,?)",
                        (gid, room.code, "waiting", time.time(), room.host, json.dumps(room.host_deck)))
        self.rooms[gid] = room
        self.by_code[room.code] = room
        seat = self._seat(conn, room, m["name"])
        conn.send(P.msg("seated", game=gid, code=room.code, seat=seat.name, token=seat.token, ref=ref))
        log.info("game %s created by %s (code %s)", gid, seat.name, room.code)

    def _join(self, conn: Conn, m: dict[str, Any], ref: Any) -> None:
        room = self.by_code.get(m["code"].upper())
        if room is None or room.status != "waiting":
            raise P.ProtocolError("bad_code", "no open game has this join code", "code")
        self._check_deck(m["deck"])
        name = m["name"]
        if name == room.host:
            name = name[:P.MAX_NAME - 2] + "-2"
        seat = self._seat(conn, room, name)
        seed = secrets.randbits(32)
        room.game = Game.new([(room.host, room.host_deck), (name, list(m["deck"]))], self.cards, seed)
        room.status = "playing"
        self.store.exec("UPDATE games SET status='playing', origin=? WHERE id=?",
                        (json.dumps(room.game.origin), room.id))
        conn.send(P.msg("seated", game=room.id, code=room.code, seat=name, token=seat.token, ref=ref))
        self._broadcast(room, full=True)
        self._notify_presence(room)

    def _resume(self, conn: Conn, m: dict[str, Any], ref: Any) -> None:
        found = self.by_token.get(m["token"])
        if found is None:
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
        except Exception as e:  # noqa: BLE001 - the engine choked; the answer is refused, the game resumed
            log.exception("engine error on an answer in %s", room.id)
            self._rebuild(room)
            raise P.ProtocolError("illegal", f"the answer could not be applied: {type(e).__name__}", "answer") from None
        n = len(g.answers) - 1
        try:
            self.store.exec("INSERT INTO answers(game, n, player, answer, at) VALUES (?,?,?,?,?)",
                            (room.id, n, seat.name, json.dumps(m["answer"]), time.time()))
        except sqlite3.Error as e:  # not stored: not accepted; back to the stored state
            log.error("cannot store an answer: %s", e)
            self._rebuild(room)
            raise P.ProtocolError("server", "the answer could not be stored; send it again") from None
        self._after_change(room)          # the update first, so an acknowledged client is up to date
        conn.send(P.msg("ack", ref=ref))

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
        g.concede(seat)
        self.store.exec("INSERT INTO answers(game, n, player, answer, at) VALUES (?,?,?,?,?)",
                        (room.id, len(g.answers) - 1, seat, json.dumps("__concede__"), time.time()))
        room.reason = f"{seat} {reason}"
        self._after_change(room)

    def _after_change(self, room: GameRoom) -> None:
        g = room.game
        if g is not None and g.over and room.status == "playing":
            room.status = "over"
            self.store.exec("UPDATE games SET status='over', winner=?, reason=? WHERE id=?",
                            (g.winner, room.reason, room.id))
        self._broadcast(room)
        if room.status == "over":
            for s in room.seats.values():
                if s.conn is not None:
                    s.conn.send(P.msg("game_over", winner=g.winner, reason=room.reason))
            self._drop_room(room)

    def _drop_room(self, room: GameRoom) -> None:
        for s in room.seats.values():
            if s.grace:
                s.grace.cancel()
                s.grace = None
            self.by_token.pop(s.token, None)
        self.by_code.pop(room.code, None)
        self.rooms.pop(room.id, None)

    # ------------------------------------------------------------ what each seat is sent
    def _broadcast(self, room: GameRoom, full: bool = False) -> None:
        for s in room.seats.values():
            if s.conn is not None:
                self._update(room, s, full)

    def _update(self, room: GameRoom, seat: Seat, full: bool = False) -> None:
        g = room.game
        evs = g.events[seat.sent_events:]
        first = seat.sent_events
        seat.sent_events = len(g.events)
        d = g.pending
        seat.conn.send(P.msg(
            "update", game=room.id, seats=list(g.order), view=g.view(seat.name),
            decision=d.to_dict() if d is not None and d.player == seat.name else None,
            decision_no=room.decision_no, waiting_for=d.player if d is not None else None,
            first_event=first, events=[redact(e, seat.name) for e in evs], full=full,
            winner=g.winner))

    def _notify_presence(self, room: GameRoom) -> None:
        state = {n: s.conn is not None for n, s in room.seats.items()}
        for s in room.seats.values():
            if s.conn is not None:
                s.conn.send(P.msg("presence", connected=state, grace=self.grace))

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
        self._concede(room, seat.name, "lost by disconnection")

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


async def serve(args: argparse.Namespace) -> None:
    server = Server(args.data, grace=args.grace, rate=args.rate, rate_burst=int(args.rate * 2))
    port = await server.start(args.host, args.port)
    print(f"listening on {args.host}:{port}", flush=True)
    tasks = []
    if args.announce:
        tasks.append(asyncio.create_task(server.announce(args.announce_port)))
    async with server.server:
        await server.server.serve_forever()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="manatable-server", description="Host manatable games on the LAN.")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=DEFAULT_PORT)
    ap.add_argument("--data", default="manatable-server-data", help="directory of the game database")
    ap.add_argument("--grace", type=float, default=300.0, help="seconds a dropped player keeps the seat")
    ap.add_argument("--rate", type=float, default=100.0, help="messages a second a connection may send")
    ap.add_argument("--announce", action="store_true", help="broadcast open games by UDP on the LAN")
    ap.add_argument("--announce-port", type=int, default=ANNOUNCE_PORT)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
