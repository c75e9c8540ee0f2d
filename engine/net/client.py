"""The network client: RemoteSession, the same Session methods as LocalSession over TCP.

A background thread reads the socket and keeps the latest view, the pending decision and
the events of this connection's seat; the calls are blocking request/response (with a
timeout) and safe to use from the Qt thread. ``listeners`` are called from the reader
thread after every update: a Qt app should re-emit them as a queued signal.
"""
from __future__ import annotations

import socket
import threading
import time
from typing import Any, Callable

from engine.errors import EngineFault, IllegalAction
from engine.net import protocol as P
from engine.state import Decision


class NetError(Exception):
    """The server refused a request (``code`` from its error reply) or the connection failed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class RemoteSession:
    """A seat (or, after ``watch``, a spectator's place) in a game on a server.

    ``state`` is "connected", "reconnecting" (the connection dropped and, with
    ``auto_reconnect``, a thread is taking the seat back) or "disconnected"; listeners are
    called whenever it changes. ``presence`` says which players the server has connected.
    """

    def __init__(self, host: str, port: int, timeout: float = 15.0, client: str = "manatable",
                 auto_reconnect: bool = False, reconnect_for: float = 300.0) -> None:
        self.host, self.port, self.timeout, self.client = host, port, timeout, client
        self.lock = threading.Condition()
        self.listeners: list[Callable[[], None]] = []
        self.on_chat: list[Callable[[str, str], None]] = []
        self.seat: str | None = None
        self.token: str | None = None
        self.code: str | None = None
        self.game_id: str | None = None
        self._seats: list[str] = []
        self.size = 2                  # how many players the game seats (the seated reply and presence say)
        self.variant = "free_for_all"  # or two_headed_giant (810), as the seated reply says
        self.team: int | None = None   # this seat's team in Two-Headed Giant, 1 or 2
        self._view: dict[str, Any] | None = None
        self._decision: dict[str, Any] | None = None
        self.decision_no = 0
        self.waiting_for: str | None = None
        self._events: list[dict[str, Any]] = []
        self.winner: str | None = None
        self.over_reason: str | None = None
        self.game_over = False
        self.presence: dict[str, bool] = {}
        self.connected = False
        self.closed_reason: str | None = None
        self._replies: dict[int, dict[str, Any]] = {}
        self._next_id = 1
        self.sock: socket.socket | None = None
        self.updates = 0
        self.on_message: Callable[[dict[str, Any]], None] | None = None  # tests / benchmarks
        self.spectator = False
        self.spectators = 0
        self.format: str | None = None
        self.auto_reconnect = auto_reconnect
        self.reconnect_for = reconnect_for
        self.reconnecting = False
        self._closing = False
        self._connect()

    @property
    def state(self) -> str:
        if self.connected:
            return "connected"
        return "reconnecting" if self.reconnecting else "disconnected"

    def _notify(self) -> None:
        for f in list(self.listeners):
            f()

    # ------------------------------------------------------------ connection
    def _connect(self) -> None:
        s = socket.create_connection((self.host, self.port), timeout=self.timeout)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        s.settimeout(None)
        self.sock = s
        self.connected = True
        self.closed_reason = None
        threading.Thread(target=self._reader, args=(s,), daemon=True, name="manatable-net").start()
        threading.Thread(target=self._keepalive, args=(s,), daemon=True, name="manatable-ping").start()
        self.request("hello", client=self.client)

    def _keepalive(self, s: socket.socket, every: float = 15.0) -> None:
        while True:
            time.sleep(every)
            if s is not self.sock or not self.connected:
                return
            try:
                s.sendall(P.encode(P.msg("ping")))
            except OSError:
                return

    def reconnect(self, attempts: int = 60, delay: float = 0.5) -> None:
        """Connect again and take the seat back with the token (after a drop or a server restart);
        a spectator watches again with the join code."""
        last: Exception | None = None
        for _ in range(attempts):
            try:
                self._connect()
                if self.spectator:
                    self._events = []
                    where = {"code": self.code} if self.code else {"game": self.game_id}
                    self._watching(self.request("join", name=self.seat_name, spectator=True, **where))
                else:
                    self._take_seat(self.request("resume", token=self.token, since=len(self._events)))
                return
            except (OSError, NetError) as e:
                last = e
                if isinstance(e, NetError) and e.code in ("bad_token", "seat_taken"):
                    raise
                time.sleep(delay)
        raise NetError("unreachable", str(last))

    def _reconnect_in_background(self) -> None:
        """The connection dropped: take the seat back in a thread, telling listeners how it goes."""
        def run() -> None:
            try:
                self.reconnect(attempts=max(1, int(self.reconnect_for / 0.5)), delay=0.5)
            except NetError as e:
                self.auto_reconnect = False       # given up: say so, and try no more
                self.drop()
                self.connected = False
                self.closed_reason = f"could not reconnect: {e.message}"
            finally:
                self.reconnecting = False
                self._notify()
        self.reconnecting = True
        threading.Thread(target=run, daemon=True, name="manatable-reconnect").start()

    def close(self) -> None:
        self._closing = True
        s = self.sock
        if s is not None:
            try:
                s.sendall(P.encode(P.msg("bye")))
            except OSError:
                pass
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    def drop(self) -> None:
        """Cut the connection without a goodbye (tests: a pulled cable)."""
        if self.sock is not None:
            try:
                self.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            self.sock.close()

    def _reader(self, s: socket.socket) -> None:
        """Read frames until the connection ends. A frame that breaks the protocol, a message
        of the wrong shape, or any other failure while handling one ends the connection at
        once with its reason in ``closed_reason`` (every waiting call returns "disconnected"),
        and is not followed by an automatic reconnection: the same server would send it again."""
        fr = P.FrameReader()
        why = "closed by the server"
        faulty = False
        try:
            while True:
                data = s.recv(65536)
                if not data:
                    break
                for m in fr.feed(data):
                    self._handle(m)
        except OSError as e:
            why = str(e) or type(e).__name__
        except P.ProtocolError as e:
            why, faulty = f"the server broke the protocol ({e.code}): {e}", True
        except Exception as e:  # noqa: BLE001 - a message of the wrong shape (or a listener's failure)
            why, faulty = f"a bad message from the server: {type(e).__name__}: {e}", True
        if faulty:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()
        with self.lock:
            current = s is self.sock
            if current:
                self.connected = False
                self.closed_reason = why
            self.lock.notify_all()
        if current and self.auto_reconnect and not faulty and not self._closing and not self.game_over \
                and not self.reconnecting and (self.token is not None or self.spectator):
            self._reconnect_in_background()
        self._notify()

    def _handle(self, m: dict[str, Any]) -> None:
        if self.on_message is not None:
            self.on_message(m)
        t = m["type"]
        with self.lock:
            ref = m.get("ref")
            if t == "update":
                if m.get("first_event", 0) <= len(self._events):
                    self._events[m["first_event"]:] = m["events"]
                self._seats = m["seats"]
                if "view" in m:
                    self._view = m["view"]
                elif self._view is not None and isinstance(m.get("view_patch"), dict):
                    self._view = P.apply_patch(self._view, m["view_patch"])
                self._decision = m["decision"]
                self.decision_no = m["decision_no"]
                self.waiting_for = m["waiting_for"]
                self.winner = m.get("winner")
                self.updates += 1
            elif t == "game_over":
                self.game_over = True
                self.winner = m["winner"]
                self.over_reason = m.get("reason")
            elif t == "presence":
                self.presence = m["connected"]
                self.size = m.get("seats", self.size)
                self.spectators = m.get("spectators", 0)
            elif t == "chat":
                for f in list(self.on_chat):
                    f(m["frm"], m["text"])
            if isinstance(ref, int):
                self._replies[ref] = m
            self.lock.notify_all()
        if t in ("update", "game_over", "presence"):
            for listener in list(self.listeners):
                listener()

    def request(self, type_: str, **fields: Any) -> dict[str, Any]:
        """Send a message and wait for its reply; raises NetError on an error reply."""
        for _ in range(20):
            try:
                return self._request(type_, **fields)
            except NetError as e:
                if e.code != "rate_limited":
                    raise
                time.sleep(0.05)
        raise NetError("rate_limited", "the server keeps refusing: too many messages")

    def _request(self, type_: str, **fields: Any) -> dict[str, Any]:
        with self.lock:
            rid = self._next_id
            self._next_id += 1
        self._send(P.msg(type_, id=rid, **fields))
        deadline = time.monotonic() + self.timeout
        with self.lock:
            while rid not in self._replies:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise NetError("timeout", f"no reply to {type_}")
                if not self.connected:
                    raise NetError("disconnected", self.closed_reason or "connection lost")
                self.lock.wait(min(left, 0.5))
            r = self._replies.pop(rid)
        if r["type"] == "error":
            raise NetError(str(r.get("code", "error")), str(r.get("message", "")))
        return r

    def _send(self, m: dict[str, Any]) -> None:
        if self.sock is None:
            raise NetError("disconnected", "not connected")
        try:
            self.sock.sendall(P.encode(m, P.MAX_CLIENT_MESSAGE))
        except OSError as e:
            raise NetError("disconnected", str(e)) from None

    def _take_seat(self, r: dict[str, Any]) -> None:
        self.seat, self.token, self.code, self.game_id = r["seat"], r["token"], r.get("code"), r["game"]
        self.format = r.get("format", self.format)
        self.size = r.get("seats", self.size)
        self.variant = r.get("variant", self.variant)
        self.team = r.get("team", self.team)

    def _watching(self, r: dict[str, Any]) -> None:
        self.code, self.game_id, self.format = r.get("code"), r["game"], r.get("format")
        self._seats = list(r.get("seats", []))

    # ------------------------------------------------------------ lobby
    def list_games(self) -> list[dict[str, Any]]:
        return self.request("list")["games"]

    def create(self, name: str, deck: list[str], format: str | None = None, spectators: bool = False,
               seats: int = 2, commander: str | list[str] | None = None, variant: str | None = None,
               team: int | None = None, casual: list[str] | None = None) -> str:
        """Host a game of ``seats`` players (2 to 6; it starts when every seat is taken) in
        ``format`` (the server's default "casual" if None); returns its join code. In the
        commander format ``commander`` names the commander (a list of two partners: a later rule) and
        ``deck`` holds the other cards.
        ``variant="two_headed_giant"`` hosts Two-Headed Giant (810: 4 or 6 seats, two teams),
        the host on ``team`` (1 when None). ``casual``: the casual variants added with their nontraditional cards,
        which the server builds at random as the game starts ("planechase", "vanguard", "archenemy", "conspiracy":
        901, 902, 904, 905).
        """
        extra: dict[str, Any] = {"format": format} if format else {}
        if casual:
            extra["casual"] = list(casual)
        if variant is not None:
            extra["variant"] = variant
        if team is not None:
            extra["team"] = team
        if commander is not None:
            extra["commander"] = commander
        if spectators:
            extra["spectators"] = True
        if seats != 2:
            extra["seats"] = seats
        self._take_seat(self.request("create", name=name, deck=list(deck), **extra))
        if self.code is None:
            raise NetError("bad_reply", "the server's reply to create names no join code")
        return self.code

    def watch(self, code: str | None = None, name: str = "spectator", game: str | None = None) -> None:
        """Watch a game as a spectator (the host must allow it): the public view, events and chat.
        The game is named by its join ``code`` or by its ``game`` id from ``list_games``."""
        if (code is None) == (game is None):
            raise ValueError("watch needs a join code or a game id, not both")
        self.spectator = True
        self.seat_name = name
        where = {"code": code.upper()} if code is not None else {"game": game}
        self._watching(self.request("join", name=name, spectator=True, **where))

    def join(self, code: str, name: str, deck: list[str], commander: str | list[str] | None = None,
             team: int | None = None) -> str:
        """Take a free seat of the game with join ``code``; in Two-Headed Giant on ``team`` (1 or
        2; None: the team with fewer players). Returns the seat's name."""
        extra: dict[str, Any] = {"commander": commander} if commander is not None else {}
        if team is not None:
            extra["team"] = team
        self._take_seat(self.request("join", code=code.upper(), name=name, deck=list(deck), **extra))
        assert self.seat is not None
        return self.seat

    def resume(self, token: str) -> str:
        self.token = token
        self._take_seat(self.request("resume", token=token))
        assert self.seat is not None
        return self.seat

    def wait(self, pred: Callable[["RemoteSession"], bool], timeout: float | None = None) -> bool:
        """Block until ``pred(self)`` holds (checked after every message) or the connection drops."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self.lock:
            while not pred(self):
                if not self.connected:
                    return pred(self)
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self.lock.wait(0.5 if left is None else min(left, 0.5))
            return True

    def chat(self, text: str) -> None:
        self._send(P.msg("chat", text=text))

    def ping(self) -> float:
        t0 = time.perf_counter()
        self.request("ping")
        return time.perf_counter() - t0

    # ------------------------------------------------------------ the Session protocol
    def seats(self) -> list[str]:
        return list(self._seats)

    def view(self, seat: str | None = None) -> dict[str, Any]:
        self._check_seat(seat)
        return self._view or {}

    def pending(self, seat: str | None = None) -> Decision | None:
        if seat is not None and seat != self.seat:
            # another seat's decision is not ours to see; that it is pending, and its kind, are
            # public (the view says so): the table shows "waiting for <seat>" from this
            w = self.waiting_for
            if w is None or w != seat:
                return None
            kind = ((self._view or {}).get("pending") or {}).get("kind", "")
            return Decision(player=w, kind=kind, prompt=f"{w} is deciding", options=None)
        d = self._decision
        return Decision(**d) if d is not None else None

    def waiting(self) -> str | None:
        return self.waiting_for

    def submit(self, seat: str | None, answer: Any) -> None:
        """Answer the pending decision; raises IllegalAction when the server refuses it."""
        self._check_seat(seat)
        with self.lock:
            no = self.decision_no
        try:
            self.request("answer", answer=P.copy_json(answer), decision=no)
        except NetError as e:
            if e.code in ("illegal", "not_your_decision", "stale", "no_game", "bad_field", "spectator"):
                raise IllegalAction(e.message) from None
            if e.code == "engine_fault":  # the server put the game back: as a local fault, it goes on
                kind = (self._decision or {}).get("kind", "")
                raise EngineFault(e.message, {"kind": kind, "player": self.seat}, answer, "(on the server)") from None
            raise

    def events(self, seat: str | None = None, since: int = 0) -> list[dict[str, Any]]:
        self._check_seat(seat)
        return list(self._events[since:])

    def concede(self, seat: str | None = None) -> None:
        """Concede (104.3a); an engine fault on the server (the game put back, the seat still in
        it) raises EngineFault, as on an answer."""
        self._check_seat(seat)
        try:
            self.request("concede")
        except NetError as e:
            if e.code == "engine_fault":
                raise EngineFault(e.message, {"kind": "concede", "player": self.seat}, "__concede__",
                                  "(on the server)") from None
            raise

    def _check_seat(self, seat: str | None) -> None:
        if seat is not None and self.seat is not None and seat != self.seat:
            raise IllegalAction(f"this connection plays {self.seat}, not {seat}")


def discover(timeout: float = 2.5, port: int = 7532) -> list[dict[str, Any]]:
    """Listen for the UDP announcements of servers on the LAN: [{address, port, games}]."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    found: dict[tuple[str, int], dict[str, Any]] = {}
    try:
        s.bind(("", port))
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            s.settimeout(left)
            try:
                data, addr = s.recvfrom(65536)
            except socket.timeout:
                break
            try:
                d = P.loads(data)
            except P.ProtocolError:
                continue
            if not isinstance(d, dict):
                continue
            games, port_ = d.get("games"), d.get("port")
            if d.get("manatable") == P.VERSION and isinstance(port_, int) and not isinstance(port_, bool) \
                    and 0 < port_ < 65536 and isinstance(games, list):
                found[(addr[0], port_)] = {"address": addr[0], "port": port_,
                                           "games": [g for g in games if isinstance(g, dict)]}
    finally:
        s.close()
    return list(found.values())
