"""Thousands of generated hostile frames against a live server (issue 23): every bad frame
gets the error code the protocol gives it, the server logs no traceback and no error, and
a game played on other connections at the same time goes on.

Frames come in three families: arbitrary bytes; arbitrary JSON (with lone surrogates,
NaN, Infinity, 1e400, huge integers, in any place); and valid messages of every type
with one value made hostile. Five kinds of hostile value must be refused wherever they
stand (half a surrogate pair, a number that is not finite or has too many digits, an
integer beyond 2**53, nesting deeper than any field allows, a string longer than any
field allows); wrong types and strings too long for a name or a chat line may be fine in
some places (a ping's ``t`` is any small JSON, an answer holds up to 16 KiB), so the
server's verdict is compared with the protocol module's own on every frame.
"""
from __future__ import annotations

import json
import logging
import signal
import struct
import subprocess
import threading

from hypothesis import HealthCheck, given, settings, strategies as st

from engine.ai.random_bot import RandomBot
from engine.net import protocol as P
from test_net_server import Raw, ThreadServer, pair, step
from test_net_workers import start_front

CODES = {"bad_json", "bad_message", "version", "unknown_type", "bad_field", "missing_field"}
EXAMPLES = 1000          # per family of JSON frames; the raw bytes family gets a quarter


class Lit:
    """JSON text written as it is (1e400, NaN, 5000 digits, deep nesting)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"Lit({self.text[:30]!r}{'...' if len(self.text) > 30 else ''})"


class Utf8:
    """A string written as raw UTF-8 with its surrogates as they are (invalid UTF-8 bytes)."""

    def __init__(self, s: str) -> None:
        self.s = s

    def __repr__(self) -> str:
        return f"Utf8({self.s!r})"


def write(v) -> bytes:
    """JSON bytes of ``v``, including what json.dumps will not write the way a peer might."""
    if isinstance(v, Lit):
        return v.text.encode()
    if isinstance(v, Utf8):
        return b'"' + v.s.encode("utf-8", "surrogatepass") + b'"'
    if isinstance(v, dict):
        return b"{" + b",".join(write(str(k)) + b":" + write(x) for k, x in v.items()) + b"}"
    if isinstance(v, list):
        return b"[" + b",".join(write(x) for x in v) + b"]"
    return json.dumps(v).encode()      # str (surrogates as \ud800 escapes), int, float (NaN, Infinity)


# ---------------------------------------------------------------- strategies
any_text = st.text(st.characters(exclude_categories=()), max_size=12)      # surrogates included
surrogate = st.builds(lambda a, s, b: a + s + b, st.text(max_size=4),
                      st.sampled_from(["\ud800", "\udbff", "\udc00", "\udfff", "\ud83d"]), st.text(max_size=4))
HOSTILE = {
    "surrogate": st.one_of(surrogate, surrogate.map(Utf8)),
    "nonfinite": st.sampled_from([Lit("1e400"), Lit("-1e400"), Lit("1E999"), Lit("NaN"), Lit("Infinity"),
                                  Lit("-Infinity"), float("nan"), float("inf"), float("-inf")]),
    "digits": st.integers(4301, 20000).map(lambda n: Lit("9" * n)),
    "bigint": st.one_of(st.integers(2**53 + 1, 10**300), st.integers(-10**300, -2**53 - 1)),
    "deep": st.one_of(st.integers(9, 3000).map(lambda n: Lit("[" * n + "]" * n)),
                      st.integers(9, 3000).map(lambda n: Lit('{"a":' * n + "1" + "}" * n))),
    "hugestr": st.integers(P.MAX_ANSWER + 1, 50_000).map(lambda n: "x" * n),    # more than any field holds
}
MUST_REFUSE = set(HOSTILE)
MAYBE = {   # refused or not, depending on where they stand
    "wrong_type": st.sampled_from([None, True, False, 0, -1, 7, 1.5, -0.0, "", "x", "ABCDEF", [], {}, ["x"],
                                   {"a": 1}, [1, [2]], "__concede__"]),
    "longstr": st.integers(P.MAX_CHAT + 1, P.MAX_ANSWER).map(lambda n: "y" * n),  # too long but in an answer
}
json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(), any_text,
                      *HOSTILE.values())
any_json = st.recursive(json_leaf, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                           st.dictionaries(any_text, inner, max_size=4)),
                        max_leaves=12)

DECK = ["Forest"] * 40
BASE = {
    "hello": {"client": "x"}, "list": {}, "create": {"name": "mal", "deck": DECK, "format": "free"},
    "join": {"code": "ABCDEF", "name": "mal", "deck": DECK}, "resume": {"token": "0" * 32, "since": 0},
    "answer": {"answer": {"action": "pass"}, "decision": 0}, "concede": {}, "chat": {"text": "hi"},
    "ping": {"t": 1}, "bye": {},
}


@st.composite
def hostile_message(draw):
    """(frame body, kind): a valid-looking message with one value replaced by a hostile one."""
    t = draw(st.sampled_from(sorted(BASE)))
    m = {"v": 1, "type": t, "id": draw(st.integers(0, 1000)), **json.loads(json.dumps(BASE[t]))}
    kind = draw(st.sampled_from(sorted(HOSTILE) + sorted(MAYBE)))
    h = draw(HOSTILE[kind] if kind in HOSTILE else MAYBE[kind])
    where = draw(st.sampled_from(["field", "new_field", "nested"]))
    if where == "field":
        m[draw(st.sampled_from(sorted(m)))] = h
    elif where == "new_field":
        m[draw(any_text.filter(lambda k: k not in m))] = h
    elif t == "answer":
        m["answer"] = draw(st.sampled_from([{"action": h}, {"action": "cast", "x": [[h]]}, {"a": {"b": h}}]))
    elif t in ("create", "join"):
        m["deck"] = m["deck"][:draw(st.integers(0, 39))] + [h]
    else:
        m[draw(st.sampled_from(sorted(m)))] = [h]
    return write(m), kind


def _verdict(body: bytes) -> str | None:
    """The protocol module's verdict on a frame: its error code, or None for a valid message."""
    try:
        P.validate_client(P.decode(body))
    except P.ProtocolError as e:
        return e.code
    return None


def _deep(body: bytes) -> bool:
    """Whether a frame may nest close to the recursion limit. The decoder's limit is Python's
    recursion limit less the depth of the stack that calls it, so such a frame is refused as
    bad_json by one thread and by a field's type or depth check (bad_field, version, ...) by
    another, whose stack is shallower."""
    return body.count(b"[") + body.count(b"{") > 500


# ---------------------------------------------------------------- the live server
class Bystanders:
    """Two players playing random games on the server until stopped, in a thread."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.decisions = 0
        self.error: BaseException | None = None
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        try:
            seed = 0
            while not self.stop.is_set():
                a, b = pair(self.port)
                seed += 2
                bots = {"alice": RandomBot(seed), "bob": RandomBot(seed + 1)}
                while not self.stop.is_set() and a.winner is None:
                    before = a.decision_no
                    step({"alice": a, "bob": b}, bots, 5)
                    assert a.connected and b.connected, (a.closed_reason, b.closed_reason)
                    self.decisions += a.decision_no - before
                a.close(), b.close()
        except BaseException as e:  # noqa: BLE001 - reported by the test
            self.error = e


class Hostile:
    """The attacking connection: said hello and (``seated``) hosts a waiting game, so a chat
    that slipped through would be echoed to it (where a lone surrogate once crashed the
    encoder). A server that closes it after too many bad messages gets a new one."""

    def __init__(self, port: int, seated: bool = True) -> None:
        self.port = port
        self.seated = seated
        self.fence = 10**6
        self.connections = 0
        self.connect()

    def connect(self) -> None:
        self.r = Raw(self.port)
        self.connections += 1
        self.r.send(P.msg("hello", client="hostile", id=1))
        assert self.r.recv("welcome")
        if self.seated:
            self.r.send(P.msg("create", name="mal", deck=DECK, format="free", id=2))
            assert self.r.recv("seated")

    def send(self, body: bytes) -> list[dict]:
        """Send one frame, then a ping as a fence: what came back in between."""
        self.fence += 1
        self.r.s.sendall(struct.pack(">I", len(body)) + body + P.encode(P.msg("ping", id=self.fence)))
        got = []
        while True:
            m = self.r.recv(timeout=10)
            if m is None and any(x["type"] == "error" and x["code"] == "closing" for x in got):
                self.r.s.close()
                self.connect()
                return [x for x in got if x.get("code") != "closing"]
            assert m is not None, f"no pong after {body[:200]!r}"
            if m["type"] == "pong" and m.get("ref") == self.fence:
                return got
            got.append(m)


def test_hostile_frames_get_their_error_codes_and_other_games_go_on(tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    srv = ThreadServer(tmp_path / "data", grace=30, rate=1e9, rate_burst=10**9, max_errors=10**9)
    by = Bystanders(srv.port)
    bad = Hostile(srv.port)
    seen = {"frames": 0, "refused": 0}
    try:
        def check(body: bytes, kind: str | None) -> None:
            expected = _verdict(body)
            if kind in MUST_REFUSE:
                assert expected in CODES, (kind, body[:200], expected)
            if len(body) > P.MAX_CLIENT_MESSAGE or (expected is None and P.decode(body)["type"] == "bye"):
                return            # refused from its header / a goodbye: both close the connection
            got = bad.send(body)
            seen["frames"] += 1
            if expected is not None:
                seen["refused"] += 1
                codes = [m["code"] for m in got if m["type"] == "error"]
                if _deep(body):   # refused all the same; which check refuses it depends on the stack
                    assert len(codes) == 1 and codes[0] in CODES, (body[:200], got)
                else:
                    assert codes == [expected], (body[:200], got)

        @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        @given(hostile_message())
        def messages(frame):
            check(*frame)

        @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        @given(any_json, st.booleans())
        def arbitrary(v, as_message):
            if as_message:      # an object that starts like a message, with anything after
                v = {"v": 1, "type": "chat", "x": v}
            check(write(v), None)

        @settings(max_examples=EXAMPLES // 4, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        @given(st.binary(min_size=1, max_size=200))
        def raw(b):
            check(b, None)

        messages()
        arbitrary()
        raw()
        assert by.error is None, repr(by.error)
        assert by.decisions >= 20, by.decisions
    finally:
        by.stop.set()
        by.thread.join(30)
        srv.stop()
    assert seen["frames"] >= 2 * EXAMPLES and seen["refused"] >= EXAMPLES, seen
    loud = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not loud, [r.getMessage() for r in loud[:5]]


def test_hostile_frames_against_a_front_and_its_workers(tmp_path):
    """Fewer of the same frames against ``--workers 2``: one connection's frames are handled
    by the front (no seat), the other's by the worker hosting its game. The server closes a
    connection after 10 bad messages there (the attacker connects again); its output holds
    no traceback and no error, and it still plays a game afterwards."""
    p, port = start_front(tmp_path / "data", 2)
    out: list[str] = []
    reader = threading.Thread(target=lambda: out.extend(p.stdout), daemon=True)
    reader.start()
    conns = {False: Hostile(port, seated=False), True: Hostile(port, seated=True)}
    count = {"refused": 0}
    try:
        @settings(max_examples=300, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        @given(st.one_of(hostile_message(), st.tuples(any_json.map(write), st.none())), st.booleans())
        def frames(frame, seated):
            body, kind = frame
            expected = _verdict(body)
            if len(body) > P.MAX_CLIENT_MESSAGE or expected is None:
                return
            codes = [m["code"] for m in conns[seated].send(body) if m["type"] == "error"]
            count["refused"] += 1
            assert len(codes) == 1 and (codes[0] == expected or _deep(body) and codes[0] in CODES), (body[:200], codes)

        frames()
        a, b = pair(port)
        step({"alice": a, "bob": b}, {"alice": RandomBot(1), "bob": RandomBot(2)}, 30)
        assert a.decision_no >= 10 and a.connected and b.connected
        a.close(), b.close()
    finally:
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
        reader.join(5)
    text = "".join(out)
    assert count["refused"] >= 200 and conns[True].connections > 1, (count, conns[True].connections)
    assert "Traceback" not in text and " ERROR " not in text, text[-3000:]
