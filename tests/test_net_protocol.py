"""The LAN protocol against hostile JSON (issue 23): decoding, field checks, patches,
msgspec's frames against the stdlib's bytes, and a client whose server misbehaves."""
from __future__ import annotations

import json
import socket
import struct
import threading
import time

import pytest

from engine.ai.random_bot import RandomBot
from engine.net import protocol as P
from engine.net.client import NetError, RemoteSession
from test_net_server import ThreadServer, pair, step


def _code(f, *args) -> str:
    with pytest.raises(P.ProtocolError) as e:
        f(*args)
    return e.value.code


# ---------------------------------------------------------------- decode
@pytest.mark.parametrize("body", [
    rb'{"v":1,"type":"chat","text":"x\ud800"}',          # half a surrogate pair, at the end
    rb'{"v":1,"type":"chat","text":"\udc00x"}',          # a low half alone
    rb'{"v":1,"type":"chat","text":"\ud800x"}',          # a high half followed by a letter
    rb'{"v":1,"type":"chat","text":"\ud800\u0041"}',     # ... or by another escape
    b'{"v":1,"type":"chat","text":"\xed\xa0\x80"}',      # a surrogate in (invalid) UTF-8
    b'{"v":1,"type":"chat","text":"\xff"}',
    b'{"v":1,"type":"ping","t":1e400}',                  # infinity spelled as a number
    b'{"v":1,"type":"ping","t":-1e400}',
    b'{"v":1,"type":"ping","t":NaN}', b'{"v":1,"type":"ping","t":Infinity}',
    b'{"v":1,"type":"ping","t":' + b"9" * 5000 + b"}",  # more digits than Python converts
    b'{"v":1,"type":"ping","t":' + b"[" * 5000 + b"]" * 5000 + b"}",   # nested beyond recursion
    b'{"v":1,"type":"ping"', b"", b"\x00",
])
def test_decode_refuses_what_cannot_be_sent_back(body):
    assert _code(P.decode, body) == "bad_json"


def test_decode_keeps_what_is_fine():
    m = P.decode('{"v":1,"type":"chat","text":"\\ud83d\\ude00 \u00e9 \\u0041","n":1e300,"z":-0.0}'.encode())
    assert m["text"] == "\U0001f600 \u00e9 A" and m["n"] == 1e300
    assert P.decode(b'{"v":1,"type":"ping","t":1e-400}')["t"] == 0.0   # underflow is a finite 0


@pytest.mark.parametrize("m, field", [
    (P.msg("ping", t=2**53 + 1), "t"), (P.msg("ping", t=-2**60), "t"), (P.msg("ping", t=float("inf")), "t"),
    (P.msg("ping", t=float("nan")), "t"), (P.msg("ping", t=[[[[[[[[[1]]]]]]]]]), "t"),
    (P.msg("ping", t="x" * 300), "t"), (P.msg("ping", t={"a": "x\ud800"}), "t"), (P.msg("ping", t=object()), "t"),
    (P.msg("answer", answer={"a": 10**30}), "answer"), (P.msg("answer", answer={"a": float("-inf")}), "answer"),
    (P.msg("answer", answer={"a": [[[[[[[[[]]]]]]]]]}), "answer"),
    (P.msg("answer", answer={"a": [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]}), "answer"),
    (P.msg("answer", answer={"x": "\udfff"}), "answer"),
    (P.msg("chat", text="a\ud800b"), "text"), (P.msg("create", name="\udc80", deck=["Forest"]), "name"),
    (P.msg("create", name="bob", deck=["Fo\ud834rest"]), "deck[0]"), (P.msg("hello", client="\ud800"), "client"),
    (P.msg("create", name="bob", deck=["Forest"], format="\ud800"), "format"),
    (P.msg("ping", id=2**60), "id"), (P.msg("ping", id=True), "id"), (P.msg("ping", id=1.5), "id"),
    (P.msg("resume", token="0" * 32, since=1e9), "since"),
])
def test_every_field_is_bounded(m, field):
    with pytest.raises(P.ProtocolError) as e:
        P.validate_client(m)
    assert e.value.code == "bad_field" and e.value.field == field


def test_free_json_within_its_limits_passes():
    P.validate_client(P.msg("answer", answer={"a": [[[[[[[1]]]]]]], "n": 2**53, "f": -1.5e-300, "s": "\u00e9\U0001f600"}))
    P.validate_client(P.msg("ping", t=1764000000.123))


def test_encode_refuses_lone_surrogates_as_a_protocol_error():
    assert _code(P.encode, P.msg("chat", frm="x", text="\ud800")) == "bad_message"
    assert _code(P.encode, P.msg("x", o=object())) == "bad_message"


@pytest.mark.parametrize("patch", [
    [], {"list": {"hand": 5}}, {"list": {"hand": {"ids": [1]}}}, {"list": {"hand": {"ids": 3, "new": []}}},
    {"list": {"hand": {"ids": [[1]], "new": [{"id": 1}]}}}, {"list": {"hand": {"ids": [1], "new": [1]}}},
    {"list": {"hand": {"ids": [7], "new": []}}}, {"list": {"life": {"ids": [], "new": []}}},
    {"list": {"hand": {"ids": [{}], "new": []}}},
])
def test_bad_view_patches_are_protocol_errors(patch):
    old = {"hand": [{"id": 1, "name": "Forest"}], "life": 20}
    assert _code(P.apply_patch, old, patch) == "bad_message"


# ---------------------------------------------------------------- encode: msgspec writes the stdlib's bytes
def test_msgspec_frames_are_the_stdlib_bytes_on_a_real_game(tmp_path, monkeypatch):
    """Every message of a game played through the server, encoded by msgspec, is byte for byte
    what json.dumps(separators=(",", ":"), ensure_ascii=False) wrote before."""
    seen: list[int] = []
    diff: list[str] = []
    encode = P.encode

    def both(msg, limit=P.MAX_MESSAGE):
        data = encode(msg, limit)
        old = json.dumps(msg, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()
        seen.append(len(old))
        if data[4:] != old and len(diff) < 3:
            diff.append(f"{msg.get('type')}: {data[4:200]!r} vs {old[:200]!r}")
        return data

    monkeypatch.setattr(P, "encode", both)
    srv = ThreadServer(tmp_path / "data", grace=30)
    try:
        a, b = pair(srv.port)
        a.chat("gl hf \u00e9\U0001f600")
        step({"alice": a, "bob": b}, {"alice": RandomBot(3), "bob": RandomBot(4)}, 300)
        a.close(), b.close()
    finally:
        srv.stop()
    assert not diff, diff
    assert len(seen) > 300, len(seen)


# ---------------------------------------------------------------- a client whose server misbehaves
class FakeServer:
    """A listening socket that says welcome to the hello, then sends ``bad`` (raw bytes)."""

    def __init__(self, bad: bytes) -> None:
        self.ls = socket.create_server(("127.0.0.1", 0))
        self.port = self.ls.getsockname()[1]
        self.bad = bad
        self.closed = threading.Event()
        threading.Thread(target=self.run, daemon=True).start()

    def run(self) -> None:
        c, _ = self.ls.accept()
        fr = P.FrameReader()
        hello = None
        while hello is None:
            for m in fr.feed(c.recv(65536)):
                hello = m
        c.sendall(P.encode(P.msg("welcome", server="fake", version=1, ref=hello["id"])))
        for m in iter(lambda: fr.feed(c.recv(65536)), None):   # the next request: answer it with garbage
            if m:
                break
        c.sendall(self.bad)
        c.settimeout(5)
        try:
            while c.recv(65536):
                pass
            self.closed.set()         # the client closed its end
        except OSError:
            pass
        c.close()
        self.ls.close()


def _frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


@pytest.mark.parametrize("bad, says", [
    (_frame(rb'{"v":1,"type":"chat","frm":"x","text":"\ud800"}'), "bad_json"),
    (_frame(b'{"v":1,"type":"pong","t":1e400}'), "bad_json"),
    (_frame(b'{"v":1,"type":"update","ref":1}'), "KeyError"),
    (_frame(b'{"v":1,"type":"update","first_event":"x","events":[],"seats":[],"decision":null}'), "TypeError"),
    (_frame(b'{"v":1,"type":"update","first_event":0,"events":[],"seats":[],"decision":null,"decision_no":0,'
            b'"waiting_for":null,"view_patch":{"list":{"hand":7}}}'), "bad_message"),
    (_frame(b'{"v":1,"type":"presence","connected":5,"spectators":"x"}') + _frame(b"[]"), "bad_message"),
    (_frame(b"garbage"), "bad_json"), (struct.pack(">I", 0), "empty"), (struct.pack(">I", 2 << 20), "too_large"),
])
def test_a_bad_server_message_disconnects_the_client_at_once(bad, says):
    fake = FakeServer(bad)
    s = RemoteSession("127.0.0.1", fake.port, timeout=15)
    s._view = {"hand": [], "life": 20}
    t0 = time.monotonic()
    with pytest.raises(NetError) as e:
        s.request("list")
    took = time.monotonic() - t0
    assert e.value.code == "disconnected" and took < 3, (e.value, took)
    assert not s.connected and s.state == "disconnected"
    assert says in s.closed_reason and "server" in s.closed_reason, s.closed_reason
    assert fake.closed.wait(5)        # the client hung up on the server that broke the protocol


def test_discovery_skips_hostile_announcements():
    """Any LAN host may send datagrams to the discovery port: only well-formed ones count."""
    from engine.net.client import discover
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    bodies = [b"[]", b"1e400", b"\xff", b'{"manatable":1,"port":"x","games":[]}', b'{"manatable":1,"port":true,"games":[]}',
              b'{"manatable":1,"port":7000,"games":[{"host":"\\ud800"}]}', b'{"manatable":1,"port":7001,"games":5}',
              b'{"manatable":1,"port":99999,"games":[]}', b'{"manatable":1,"port":7002,"games":[{"game":"g","host":"h"},3]}']

    def send() -> None:
        time.sleep(0.3)
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        for b in bodies:
            s.sendto(b, ("127.0.0.1", port))
        s.close()
    threading.Thread(target=send, daemon=True).start()
    assert discover(1.0, port=port) == [{"address": "127.0.0.1", "port": 7002, "games": [{"game": "g", "host": "h"}]}]


def test_apply_patch_on_any_json_returns_a_dict_or_a_protocol_error():
    """Whatever a server sends as a view patch, applying it either works or is a ProtocolError."""
    from hypothesis import HealthCheck, given, settings, strategies as st

    leaf = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=3))
    value = st.recursive(leaf, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.sampled_from(["id", "a", "hand"]), inner,
                                                                       max_size=3)), max_leaves=8)
    keys = st.sampled_from(["hand", "life", "players", "id", "ids", "new", "x"])
    patch = st.recursive(value, lambda inner: st.dictionaries(
        st.sampled_from(["set", "sub", "list", "ids", "new"]) | keys, inner, max_size=3), max_leaves=12)
    view = {"hand": [{"id": 1, "n": "a"}, {"id": 2}], "life": 20, "players": {"a": {"hand": [{"id": 3}]}}}

    @settings(max_examples=600, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(patch)
    def check(p):
        try:
            out = P.apply_patch(view, p)
        except P.ProtocolError as e:
            assert e.code == "bad_message"
            return
        assert isinstance(out, dict)

    check()
    assert view == {"hand": [{"id": 1, "n": "a"}, {"id": 2}], "life": 20, "players": {"a": {"hand": [{"id": 3}]}}}
