"""The LAN server on several cores (docs/protocol.md: "Worker processes").

    python -m engine.net.server --workers 2 ...

A front process accepts every TCP connection and answers what needs no game (hello,
list, ping, errors). A connection's first create, join or resume hands its socket to the
worker process that owns the game (or, for create, the least busy one): the socket goes
over a Unix SEQPACKET socket with SCM_RIGHTS, with the bytes already read and the
connection's state (hello said, bad-message count, rate tokens). From then on the worker
serves it with the ordinary ``Server`` (commit before send, grace periods, limits,
redaction); the front never sees a byte of that game. A request the worker refuses (a
bad deck, a game already started) hands the connection back to the front, so a
connection lives in a worker only while it holds a seat or watches a game there.

Worker i keeps its games in DIR/server.sqlite (i = 0) or DIR/server-<i>.sqlite, resumes
them when it starts and tells the front each game's id, join code, seat tokens and
status; the front waits for every worker before it listens, so a reconnecting client is
routed to its game. A worker that dies is started again and resumes its games; its
clients reconnect with their tokens. The protocol on the wire is unchanged.
"""
from __future__ import annotations

import argparse
import array
import asyncio
import json
import logging
import os
import secrets
import signal
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

from engine.atomicfile import write_atomic
from engine.net import protocol as P
from engine.net.datafolder import EXIT_DATA_FOLDER, DataFolderError
from engine.net.server_core import Conn, GameRoom, Server

log = logging.getLogger("manatable.workers")

HEAD = struct.Struct(">I")
MAX_CONTROL = 200_000      # bytes of one control message (a handed-over connection's unread frames)
FAST_FAILURE = 10.0        # seconds: a worker that stops sooner after its start has failed at once
RESTART_DELAYS = (0.25, 0.5, 1.0, 2.0)   # before each restart after a failure at once; then the front gives up


class WorkersFailed(Exception):
    """The front gave up: a worker failed at once every time it was started."""


def db_name(index: int) -> str:
    """The database file of worker ``index`` (worker 0 keeps the single-process server's file)."""
    return "server.sqlite" if index == 0 else f"server-{index}.sqlite"


def shards_present(data: Path) -> int:
    """How many workers the databases in ``data`` need: one more than the highest numbered file."""
    n = 1
    for p in data.glob("server-*.sqlite"):
        tail = p.stem.split("-", 1)[1]
        if tail.isdigit():
            n = max(n, int(tail) + 1)
    return n


def pack(head: dict[str, Any], tail: bytes = b"") -> bytes:
    h = json.dumps(head).encode()
    return HEAD.pack(len(h)) + h + tail


def unpack(data: bytes) -> tuple[dict[str, Any], bytes]:
    (n,) = HEAD.unpack(data[:4])
    return json.loads(data[4:4 + n]), data[4 + n:]


def send_fd(sock: socket.socket, data: bytes, fd: int | None = None, flags: int = 0) -> None:
    """One control message, with a file descriptor (SCM_RIGHTS) when ``fd`` is given
    (socket.send_fds of Python 3.11 drops its flags, so MSG_DONTWAIT is passed here)."""
    anc = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [fd]))] if fd is not None else []
    sock.sendmsg([data], anc, flags)


def recv_fd(sock: socket.socket) -> tuple[bytes, list[int]]:
    """One control message and the descriptors it carries, without waiting (BlockingIOError
    when there is none); b"" when the other process is gone."""
    fds = array.array("i")
    data, anc, _, _ = sock.recvmsg(MAX_CONTROL + 4096, socket.CMSG_LEN(4 * fds.itemsize),
                                   socket.MSG_DONTWAIT | socket.MSG_CMSG_CLOEXEC)
    for level, kind, raw in anc:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(raw[:len(raw) - len(raw) % fds.itemsize])
    return data, list(fds)


def control_pair() -> tuple[socket.socket, socket.socket]:
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    for s in (a, b):
        for opt in (socket.SO_SNDBUF, socket.SO_RCVBUF):
            s.setsockopt(socket.SOL_SOCKET, opt, 1 << 20)
    return a, b


class Handover:
    """What front and worker share: give a connection's socket to the other process once its
    held output is written (a Conn with ``handing`` set reads no further frame)."""

    def _init_handover(self) -> None:
        self._handing: list[tuple[Conn, socket.socket]] = []
        self._retry: asyncio.TimerHandle | None = None

    _dirty: Callable[[Conn], None]     # the Server this is mixed into writes held output soon

    def _hand(self, conn: Conn, ctrl: socket.socket) -> None:
        conn.handing = True
        if conn.transport is not None:
            conn.transport.pause_reading()
        self._handing.append((conn, ctrl))
        self._dirty(conn)

    def _pass_sockets(self) -> None:
        """After a flush: send each handed connection's socket, or try again a moment later
        (its output not yet written, or the other process not reading)."""
        todo, self._handing = self._handing, []
        for conn, ctrl in todo:
            t = conn.transport
            if t is None or t.is_closing() or conn.closed:
                continue
            if t.get_write_buffer_size():
                self._handing.append((conn, ctrl))
                continue
            tail = bytes(conn.buf)
            head = {"t": "conn", "hello": conn.hello, "errors": conn.errors, "tokens": conn.tokens,
                    "code": conn.assigned_code, "peer": conn.peer}
            data = pack(head, tail)
            if len(data) > MAX_CONTROL:
                conn.handing = False
                conn.buf.clear()
                conn.send(P.error("too_large", "too many messages sent ahead of a reply"))
                conn.close()
                continue
            try:
                send_fd(ctrl, data, t.get_extra_info("socket").fileno(), socket.MSG_DONTWAIT)
            except BlockingIOError:
                self._handing.append((conn, ctrl))
                continue
            except OSError as e:      # the other process is gone: the client reconnects
                log.error("cannot hand over %s: %s", conn.peer, e)
                t.abort()
                continue
            conn.closed = True        # the other process has the socket now; ours is only closed
            conn.out.clear()
            t.abort()
        if self._handing and self._retry is None:
            self._retry = asyncio.get_running_loop().call_later(0.005, self._retry_pass)

    def _retry_pass(self) -> None:
        self._retry = None
        self._pass_sockets()

    async def _adopt(self, fd: int, head: dict[str, Any], tail: bytes) -> Conn | None:
        """Take a connection handed over by the other process and go on reading its frames."""
        sock = socket.socket(fileno=fd)
        sock.setblocking(False)
        try:
            _, conn = await asyncio.get_running_loop().connect_accepted_socket(
                lambda: Conn(self), sock)   # type: ignore[arg-type]
        except OSError as e:
            log.info("a handed-over connection is gone: %s", e)
            sock.close()
            return None
        conn.hello = bool(head.get("hello"))
        conn.errors = float(head.get("errors", 0))
        conn.tokens = float(head.get("tokens", 0))
        conn.peer = str(head.get("peer", conn.peer))
        code = head.get("code")
        conn.assigned_code = code if isinstance(code, str) else None
        self._adopted(conn)
        if tail:
            conn.data_received(tail)
        return conn

    def _adopted(self, conn: Conn) -> None:
        pass


# ---------------------------------------------------------------- the worker
class Worker(Handover, Server):
    """A Server without a listening socket: its connections come from the front."""

    def __init__(self, ctrl: socket.socket, index: int, data_dir: str | Path, **kw: Any) -> None:
        self.ctrl = ctrl
        self.index = index
        self._on_probation: set[Conn] = set()   # handed over for one request, not yet seated
        super().__init__(data_dir, db=db_name(index), **kw)
        self._init_handover()
        self.stopped: asyncio.Event | None = None

    def _tell(self, head: dict[str, Any]) -> None:
        try:
            send_fd(self.ctrl, pack(head))
        except OSError as e:
            log.error("worker %d cannot reach the front: %s", self.index, e)

    def _room_changed(self, room: GameRoom) -> None:
        self._tell({"t": "room", "game": room.summary(),
                    "code": room.code, "tokens": [s.token for s in room.seats.values()]})

    def _room_gone(self, room: GameRoom) -> None:
        self._tell({"t": "gone", "game": room.id})

    def _adopted(self, conn: Conn) -> None:
        self._on_probation.add(conn)

    def _message(self, conn: Conn, body: bytes) -> None:
        super()._message(conn, body)
        if conn in self._on_probation:
            self._on_probation.discard(conn)
            if (conn.seat is None and conn.watcher is None) and not conn.closed:
                self._hand(conn, self.ctrl)      # refused here: back to the front, which routes again

    def _flush(self) -> None:
        super()._flush()
        if self._handing:
            self._pass_sockets()

    def _on_control(self) -> None:
        while True:
            try:
                data, fds = recv_fd(self.ctrl)
            except BlockingIOError:
                return
            except OSError:
                data, fds = b"", []
            if not data:                       # the front is gone: so is this worker
                for fd in fds:
                    os.close(fd)
                asyncio.get_running_loop().remove_reader(self.ctrl.fileno())
                if self.stopped is not None:
                    self.stopped.set()
                return
            head, tail = unpack(data)
            if head.get("t") == "conn" and fds:
                for fd in fds[1:]:
                    os.close(fd)
                asyncio.get_running_loop().create_task(self._adopt(fds[0], head, tail))
            else:
                for fd in fds:
                    os.close(fd)

    async def run(self) -> None:
        """Resume this worker's games, tell the front, then serve until the front goes or SIGTERM."""
        self.stopped = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(sig, self.stopped.set)
            except (NotImplementedError, RuntimeError):
                pass
        self.resume_all()
        self.store.commit()
        self._sweeper = asyncio.create_task(self._sweep())
        self._tell({"t": "ready"})
        loop.add_reader(self.ctrl.fileno(), self._on_control)
        await self.stopped.wait()
        await self.close()
        self.store.close()


def _exit_code(p: subprocess.Popen | None) -> int | None:
    """The exit status of a worker that closed its control socket (it may take a moment to exit)."""
    if p is None:
        return None
    try:
        return p.wait(1.0)
    except subprocess.TimeoutExpired:
        return None


def worker_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.net.workers")
    ap.add_argument("--control-fd", type=int, required=True)
    ap.add_argument("--index", type=int, required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--grace", type=float, default=300.0)
    ap.add_argument("--rate", type=float, default=100.0)
    ap.add_argument("--stats", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if a.verbose else logging.WARNING,
                        format=f"%(asctime)s worker {a.index} %(levelname)s %(message)s")
    ctrl = socket.socket(fileno=a.control_fd)
    w: Worker | None = None
    try:
        w = Worker(ctrl, a.index, a.data, grace=a.grace, rate=a.rate, rate_burst=int(a.rate * 2), stats=a.stats)
        asyncio.run(w.run())
    except KeyboardInterrupt:
        pass
    except DataFolderError as e:      # one line (the front gives up on a worker that keeps failing so)
        print(f"manatable-server: worker {a.index}: {e}", file=sys.stderr, flush=True)
        return EXIT_DATA_FOLDER
    if a.stats and w is not None:
        write_atomic(Path(a.data) / f".stats-{a.index}.json", json.dumps(
            {"latencies": w.latencies, "commit_times": w.commit_times, "ticks": w.ticks}))
    return 0


# ---------------------------------------------------------------- the front
class Front(Handover, Server):
    """Accepts connections, answers hello/list/ping, and routes create/join/resume to workers."""

    def __init__(self, data_dir: str | Path, workers: int = 2, *, verbose: bool = False, **kw: Any) -> None:
        super().__init__(data_dir, db=None, **kw)
        self._init_handover()
        self.n = max(workers, shards_present(self.data))
        self.verbose = verbose
        self.procs: list[subprocess.Popen | None] = [None] * self.n
        self.ctrls: list[socket.socket | None] = [None] * self.n
        self.ready: list[asyncio.Future] = []
        self.games: dict[str, dict[str, Any]] = {}     # game id -> {worker, game (listing), code, tokens}
        self.by_code_at: dict[str, str] = {}            # join code -> game id
        self.by_token_at: dict[str, str] = {}           # seat token -> game id
        self.creating = [0] * self.n                    # creates handed over, not yet reported
        self._seen: dict[int, set[str]] = {}            # games each worker reported since it (re)started
        self.stopping = False
        self.started_at = [0.0] * self.n                # monotonic time of each worker's last start
        self.failures = [0] * self.n                    # failures at once in a row (RESTART_DELAYS)
        self.given_up: set[int] = set()                 # workers the front no longer starts

    # ------------------------------------------------------------ workers
    def _spawn(self, i: int) -> None:
        mine, theirs = control_pair()
        args = [sys.executable, "-m", "engine.net.workers", "--control-fd", str(theirs.fileno()), "--index", str(i),
                "--data", str(self.data), "--grace", str(self.grace), "--rate", str(self.rate)]
        if self.stats:
            args.append("--stats")
        if self.verbose:
            args.append("-v")
        self.procs[i] = subprocess.Popen(args, pass_fds=[theirs.fileno()])
        theirs.close()
        self.ctrls[i] = mine
        self.creating[i] = 0
        self.started_at[i] = time.monotonic()
        if i >= len(self.ready):
            self.ready.append(asyncio.get_running_loop().create_future())
        elif self.ready[i].done():      # (a future start() still waits for is kept)
            self.ready[i] = asyncio.get_running_loop().create_future()
        self._seen[i] = set()
        asyncio.get_running_loop().add_reader(mine.fileno(), self._on_control, i, mine)

    def _on_control(self, i: int, ctrl: socket.socket) -> None:
        while True:
            try:
                data, fds = recv_fd(ctrl)
            except BlockingIOError:
                return
            except OSError:
                data, fds = b"", []
            if not data:
                asyncio.get_running_loop().remove_reader(ctrl.fileno())
                ctrl.close()
                if self.ctrls[i] is ctrl:
                    self.ctrls[i] = None
                    if not self.stopping:
                        self._worker_stopped(i)
                return
            head, tail = unpack(data)
            t = head.get("t")
            if t == "conn" and fds:
                for fd in fds[1:]:
                    os.close(fd)
                self.creating[i] = max(0, self.creating[i] - 1)   # most often a create the worker refused
                asyncio.get_running_loop().create_task(self._adopt(fds[0], head, tail))
                continue
            for fd in fds:
                os.close(fd)
            if t == "room":
                self._route(i, head)
            elif t == "gone":
                self._unroute(head.get("game"))
            elif t == "ready":
                for gid in [g for g, r in self.games.items() if r["worker"] == i and g not in self._seen[i]]:
                    self._unroute(gid)    # games of a worker that died and did not come back with it
                if not self.ready[i].done():
                    self.ready[i].set_result(True)

    def _worker_stopped(self, i: int) -> None:
        """Worker i is gone: start it again, at once after a long life, with a growing delay after
        a failure at once (a bad database, a missing module), and not after RESTART_DELAYS of them."""
        p = self.procs[i]
        code = _exit_code(p)
        fast = not self.ready[i].done() or time.monotonic() - self.started_at[i] < FAST_FAILURE
        self.failures[i] = self.failures[i] + 1 if fast else 0
        if self.failures[i] > len(RESTART_DELAYS):
            self._give_up(i, f"worker {i} failed at once {self.failures[i]} times in a row "
                             f"(last exit status {code}); not starting it again")
            return
        delay = RESTART_DELAYS[self.failures[i] - 1] if fast else 0.2
        log.error("worker %d stopped (exit status %s); starting it again in %g s", i, code, delay)
        asyncio.get_running_loop().call_later(delay, self._respawn, i)

    def _give_up(self, i: int, why: str) -> None:
        """Start worker i no more. Before the front listens, the server cannot start; later, the
        other workers go on serving (worker i's games wait for a restart of the server), and
        when no worker is left the server stops with ``fatal`` saying why."""
        self.given_up.add(i)
        if self.server is None:          # start() is waiting for every worker's "ready"
            self.ready[i].set_exception(WorkersFailed(why))
            return
        log.error("%s", why)
        if len(self.given_up) == self.n:
            self.fatal = f"{why}, and no worker is left"
            if self.stopped is not None:
                self.stopped.set()

    def _respawn(self, i: int) -> None:
        p = self.procs[i]
        if p is not None and p.poll() is None:
            p.kill()
        if p is not None:
            p.wait()
        if not self.stopping:
            self._spawn(i)

    def _route(self, i: int, head: dict[str, Any]) -> None:
        g = head["game"]
        gid = g["game"]
        old = self.games.get(gid)
        if old is None and self.creating[i] > 0 and g.get("status") == "waiting":
            self.creating[i] -= 1
        if old is not None:
            for tok in old["tokens"]:
                self.by_token_at.pop(tok, None)
        self.games[gid] = {"worker": i, "game": g, "code": head["code"], "tokens": list(head["tokens"])}
        self.by_code_at[head["code"]] = gid
        for tok in head["tokens"]:
            self.by_token_at[tok] = gid
        self._seen[i].add(gid)

    def _unroute(self, gid: Any) -> None:
        r = self.games.pop(gid, None)
        if r is None:
            return
        if self.by_code_at.get(r["code"]) == gid:
            del self.by_code_at[r["code"]]
        for tok in r["tokens"]:
            self.by_token_at.pop(tok, None)

    # ------------------------------------------------------------ routing (Server's create/join/resume)
    def _worker_ctrl(self, i: int) -> socket.socket:
        c = self.ctrls[i]
        if c is None:
            if i in self.given_up:
                raise P.ProtocolError("server", "this game's worker keeps failing; the server must be restarted")
            raise P.ProtocolError("server", "this game's worker is restarting; try again in a moment")
        return c

    def _create(self, conn: Conn, m: dict[str, Any], ref: Any) -> None:
        load = [sum(1 for r in self.games.values() if r["worker"] == i) + self.creating[i] for i in range(self.n)]
        i = min((i for i in range(self.n) if self.ctrls[i] is not None), key=lambda i: load[i], default=None)
        if i is None:
            raise P.ProtocolError("server", "no worker is running; try again in a moment")
        while True:
            code = "".join(secrets.choice(P.CODE_ALPHABET) for _ in range(P.CODE_LEN))
            if code not in self.by_code_at:
                break
        conn.assigned_code = code
        self.creating[i] += 1
        self._hand_frame(conn, self._worker_ctrl(i))

    def _join(self, conn: Conn, m: dict[str, Any], ref: Any) -> None:
        if "code" in m:
            gid = self.by_code_at.get(m["code"].upper())
        elif m.get("spectator") and m.get("game") in self.games:
            gid = m["game"]
        else:
            gid = None
        if gid is None:
            raise P.ProtocolError("bad_code", "no open game has this join code" if "code" in m or not m.get("spectator")
                                  else "no game being played has this id", "code" if "code" in m else "game")
        self._hand_frame(conn, self._worker_ctrl(self.games[gid]["worker"]))

    def _resume(self, conn: Conn, m: dict[str, Any], ref: Any) -> None:
        gid = self.by_token_at.get(m["token"])
        if gid is None:
            raise P.ProtocolError("bad_token", "unknown or expired seat token", "token")
        self._hand_frame(conn, self._worker_ctrl(self.games[gid]["worker"]))

    def _hand_frame(self, conn: Conn, ctrl: socket.socket) -> None:
        conn.buf[:0] = conn.frame        # the worker handles this very request
        self._hand(conn, ctrl)

    def _flush(self) -> None:
        super()._flush()
        if self._handing:
            self._pass_sockets()

    def open_games(self) -> list[dict[str, Any]]:
        return [dict(r["game"]) for r in self.games.values()
                if r["game"]["status"] == "waiting" or (r["game"]["status"] == "playing" and r["game"]["spectators"])]

    # ------------------------------------------------------------ start, stop
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        for i in range(self.n):
            self._spawn(i)
        await asyncio.wait_for(asyncio.gather(*self.ready), 120)   # WorkersFailed when one gives up
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(lambda: Conn(self), host, port)
        self.port = self.server.sockets[0].getsockname()[1]
        self._sweeper = asyncio.create_task(self._sweep())
        return self.port

    async def stop_workers(self) -> None:
        self.stopping = True
        for p in self.procs:
            if p is not None and p.poll() is None:
                p.send_signal(signal.SIGTERM)
        loop = asyncio.get_running_loop()
        for p in self.procs:
            if p is not None:
                try:
                    await loop.run_in_executor(None, p.wait, 10)
                except subprocess.TimeoutExpired:
                    p.kill()
        for i in range(self.n):
            f = self.data / f".stats-{i}.json"
            if f.exists():
                d = json.loads(f.read_text())
                self.latencies += d["latencies"]
                self.commit_times += d["commit_times"]
                self.ticks += d["ticks"]
                f.unlink()

    def worker_pids(self) -> list[int]:
        return [p.pid for p in self.procs if p is not None]


if __name__ == "__main__":
    raise SystemExit(worker_main(sys.argv[1:]))
