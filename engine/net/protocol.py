"""The LAN protocol (docs/protocol.md): framing, message shapes, strict validation.

A frame is a 4-byte big-endian unsigned length followed by that many bytes of UTF-8
JSON holding one object ``{"v": VERSION, "type": ..., ...}``. Nothing received is ever
executed or unpickled: only ``json.loads`` touches incoming bytes, and every incoming
message is checked against the schema below before anything else looks at it.
"""
from __future__ import annotations

import json
import struct
from typing import Any

VERSION = 1
MAX_MESSAGE = 1 << 20          # bytes of JSON in one frame, either direction
MAX_CLIENT_MESSAGE = 64 << 10  # a client never needs more (a deck, an answer, a chat line)
MAX_NAME = 32
MAX_CHAT = 500
MAX_DECK = 250
MAX_CARD_NAME = 150
MAX_FORMAT = 40
MAX_ANSWER = 16 << 10          # bytes of the JSON of one answer
MAX_DEPTH = 8                  # nesting of an answer
CODE_LEN = 6                   # join codes: 6 characters of CODE_ALPHABET
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
TOKEN_HEX = 32                 # seat tokens: secrets.token_hex(16), 128 bits
GAME_HEX = 16                  # game ids: secrets.token_hex(8)
HEADER = struct.Struct(">I")


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``code`` is sent back in the error reply."""

    def __init__(self, code: str, message: str, field: str | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.field = field
        self.extra = extra          # more fields of the error reply (bad_deck: problems)

    def to_msg(self, ref: Any = None) -> dict[str, Any]:
        m = error(self.code, str(self), self.field, ref)
        m.update(self.extra)
        return m


# ---------------------------------------------------------------- framing

# one encoder and one decoder for every message (json.dumps/loads with options build a new one
# per call); messages are trees built here, so the encoder skips the circular-reference check
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False, check_circular=False)


def encode(msg: dict[str, Any], limit: int = MAX_MESSAGE) -> bytes:
    """One frame. Raises ProtocolError("too_large") rather than send more than ``limit``."""
    body = _ENCODER.encode(msg).encode("utf-8")
    if len(body) > limit:
        raise ProtocolError("too_large", f"message of {len(body)} bytes exceeds {limit}")
    return HEADER.pack(len(body)) + body


def frame_length(header: bytes, limit: int = MAX_MESSAGE) -> int:
    (n,) = HEADER.unpack(header)
    if n == 0:
        raise ProtocolError("empty", "empty frame")
    if n > limit:
        raise ProtocolError("too_large", f"frame of {n} bytes exceeds the limit of {limit}")
    return n


def decode(body: bytes) -> dict[str, Any]:
    """The JSON object of a frame body (not validated beyond being an object with v and type)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("bad_json", "the frame is not UTF-8") from None
    try:
        msg = _DECODER.decode(text)
    except (ValueError, RecursionError) as e:
        raise ProtocolError("bad_json", f"the frame is not JSON: {e}") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    v = msg.get("v")
    if v != VERSION:
        raise ProtocolError("version", f"protocol version {v!r} is not supported (this side speaks {VERSION})", "v")
    t = msg.get("type")
    if not isinstance(t, str):
        raise ProtocolError("bad_message", "a message needs a string 'type'", "type")
    return msg


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


_DECODER = json.JSONDecoder(parse_constant=_no_constant)


class FrameReader:
    """Incremental decoder for blocking sockets: feed bytes, take whole messages."""

    def __init__(self, limit: int = MAX_MESSAGE) -> None:
        self.buf = bytearray()
        self.limit = limit

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        self.buf += data
        out = []
        while len(self.buf) >= 4:
            n = frame_length(bytes(self.buf[:4]), self.limit)
            if len(self.buf) < 4 + n:
                break
            body = bytes(self.buf[4:4 + n])
            del self.buf[:4 + n]
            out.append(decode(body))
        return out


# ---------------------------------------------------------------- view patches

def view_patch(old: dict[str, Any], new: dict[str, Any], depth: int = 3) -> dict[str, Any]:
    """What turns ``old`` into ``new`` (dicts with the same keys): ``{"set": {key: value},
    "sub": {key: patch}, "list": {key: {"ids": [...], "new": [...]}}}``; a changed dict value
    with unchanged keys is patched one level deeper (up to ``depth`` levels: view -> players
    -> a player), a changed list of cards (dicts with distinct ``id``s) names its ids in order
    and carries only the cards that are new or changed, anything else is replaced."""
    put: dict[str, Any] = {}
    sub: dict[str, Any] = {}
    lists: dict[str, Any] = {}
    for k, v in new.items():
        o = old.get(k)
        if o == v:
            continue
        if depth > 1 and isinstance(v, dict) and isinstance(o, dict) and o.keys() == v.keys():
            sub[k] = view_patch(o, v, depth - 1)
            continue
        if isinstance(v, list) and isinstance(o, list) and v and o:
            lp = _list_patch(o, v)
            if lp is not None:
                lists[k] = lp
                continue
        put[k] = v
    out: dict[str, Any] = {}
    if put:
        out["set"] = put
    if sub:
        out["sub"] = sub
    if lists:
        out["list"] = lists
    return out


def _list_patch(old: list[Any], new: list[Any]) -> dict[str, Any] | None:
    """The cards of ``new`` not in ``old`` as they are, by id; None when that is not smaller
    (most cards changed) or the lists are not lists of cards with distinct ids."""
    try:
        before = {c["id"]: c for c in old}
        ids = [c["id"] for c in new]
    except (TypeError, KeyError):
        return None
    if len(before) != len(old) or len(set(ids)) != len(ids):
        return None
    changed = [c for c in new if before.get(c["id"]) != c]
    if 2 * len(changed) > len(new):
        return None
    return {"ids": ids, "new": changed}


def apply_patch(old: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """A new dict: ``old`` with ``patch`` (from view_patch) applied; ``old`` is not changed.
    Raises ProtocolError when a list patch names a card that neither side holds."""
    new = dict(old)
    put = patch.get("set")
    if isinstance(put, dict):
        new.update(put)
    sub = patch.get("sub")
    if isinstance(sub, dict):
        for k, p in sub.items():
            if isinstance(new.get(k), dict) and isinstance(p, dict):
                new[k] = apply_patch(new[k], p)
    lists = patch.get("list")
    if isinstance(lists, dict):
        for k, p in lists.items():
            before = {c["id"]: c for c in new.get(k) or ()}
            before.update((c["id"], c) for c in p["new"])
            try:
                new[k] = [before[i] for i in p["ids"]]
            except KeyError as e:
                raise ProtocolError("bad_message", f"a patch of {k} names card {e} that was never sent") from None
    return new


# ---------------------------------------------------------------- constructors

def msg(type_: str, **fields: Any) -> dict[str, Any]:
    return {"v": VERSION, "type": type_, **fields}


def error(code: str, message: str, field: str | None = None, ref: Any = None) -> dict[str, Any]:
    m = msg("error", code=code, message=message)
    if field is not None:
        m["field"] = field
    if ref is not None:
        m["ref"] = ref
    return m


# ---------------------------------------------------------------- validation of client messages

# type -> {field: (checker, required)}
def _str(maxlen: int, minlen: int = 0):
    def check(name: str, v: Any) -> None:
        if not isinstance(v, str):
            raise ProtocolError("bad_field", f"{name} must be a string", name)
        if not (minlen <= len(v) <= maxlen):
            raise ProtocolError("bad_field", f"{name} must be {minlen}..{maxlen} characters", name)
        if any(ord(c) < 32 and c not in "\t" for c in v):
            raise ProtocolError("bad_field", f"{name} holds control characters", name)
    return check


def _int(lo: int, hi: int):
    def check(name: str, v: Any) -> None:
        if not isinstance(v, int) or isinstance(v, bool) or not (lo <= v <= hi):
            raise ProtocolError("bad_field", f"{name} must be an integer in {lo}..{hi}", name)
    return check


def _player_name(name: str, v: Any) -> None:
    _str(MAX_NAME, 1)(name, v)
    if v.strip() != v or v.startswith("__"):
        raise ProtocolError("bad_field", f"{name} may not start with '__' or have outer spaces", name)


def _deck(name: str, v: Any) -> None:
    if not isinstance(v, list) or not (1 <= len(v) <= MAX_DECK):
        raise ProtocolError("bad_field", f"{name} must be a list of 1..{MAX_DECK} card names", name)
    for i, c in enumerate(v):
        _str(MAX_CARD_NAME, 1)(f"{name}[{i}]", c)


def _code(name: str, v: Any) -> None:
    if not isinstance(v, str) or len(v) != CODE_LEN or any(c not in CODE_ALPHABET for c in v.upper()):
        raise ProtocolError("bad_field", f"{name} must be {CODE_LEN} characters of {CODE_ALPHABET}", name)


def _game_id(name: str, v: Any) -> None:
    if not isinstance(v, str) or len(v) != GAME_HEX or any(c not in "0123456789abcdef" for c in v):
        raise ProtocolError("bad_field", f"{name} must be {GAME_HEX} lowercase hex digits (a game id of 'games')", name)


def _token(name: str, v: Any) -> None:
    if not isinstance(v, str) or len(v) != TOKEN_HEX or any(c not in "0123456789abcdef" for c in v):
        raise ProtocolError("bad_field", f"{name} must be {TOKEN_HEX} lowercase hex digits", name)


def _answer(name: str, v: Any) -> None:
    if v == "__concede__":
        raise ProtocolError("bad_field", "concede with a 'concede' message", name)
    if not isinstance(v, dict):
        raise ProtocolError("bad_field", f"{name} must be an object", name)
    if len(json.dumps(v)) > MAX_ANSWER:
        raise ProtocolError("bad_field", f"{name} is larger than {MAX_ANSWER} bytes", name)
    if _depth(v) > MAX_DEPTH:
        raise ProtocolError("bad_field", f"{name} is nested deeper than {MAX_DEPTH}", name)


def _depth(v: Any) -> int:
    if isinstance(v, dict):
        return 1 + max((_depth(x) for x in v.values()), default=0)
    if isinstance(v, list):
        return 1 + max((_depth(x) for x in v), default=0)
    return 0


def _bool(name: str, v: Any) -> None:
    if not isinstance(v, bool):
        raise ProtocolError("bad_field", f"{name} must be true or false", name)


def _format(name: str, v: Any) -> None:
    _str(MAX_FORMAT, 1)(name, v)
    if any(not (c.isalnum() or c in "-_") for c in v):
        raise ProtocolError("bad_field", f"{name} must be a format name (letters, digits, '-', '_')", name)


def _any_small(name: str, v: Any) -> None:
    if len(json.dumps(v)) > 256:
        raise ProtocolError("bad_field", f"{name} is larger than 256 bytes", name)


_ID = (_int(0, 2**53), False)

CLIENT_MESSAGES: dict[str, dict[str, tuple[Any, bool]]] = {
    "hello": {"client": (_str(64, 1), True), "id": _ID},
    "list": {"id": _ID},
    "create": {"name": (_player_name, True), "deck": (_deck, True), "format": (_format, False),
               "spectators": (_bool, False), "id": _ID},
    # a player joins with the code and a deck; a spectator with "spectator": true, no deck, and
    # the code or the game id that "games" lists (the server checks that one of them is there)
    "join": {"code": (_code, False), "game": (_game_id, False), "name": (_player_name, True),
             "deck": (_deck, False), "spectator": (_bool, False), "id": _ID},
    "resume": {"token": (_token, True), "since": (_int(0, 10**9), False), "id": _ID},
    "answer": {"answer": (_answer, True), "decision": (_int(0, 10**9), False), "id": _ID},
    "concede": {"id": _ID},
    "chat": {"text": (_str(MAX_CHAT, 1), True), "id": _ID},
    "ping": {"t": (_any_small, False), "id": _ID},
    "bye": {"id": _ID},
}


def validate_client(m: dict[str, Any]) -> dict[str, Any]:
    """Check a decoded client message against its schema; raises ProtocolError naming the fault."""
    t = m["type"]
    schema = CLIENT_MESSAGES.get(t)
    if schema is None:
        raise ProtocolError("unknown_type", f"unknown message type {t!r}", "type")
    for k in m:
        if k not in schema and k not in ("v", "type"):
            raise ProtocolError("bad_field", f"unexpected field {k!r} in {t}", k)
    for k, (check, required) in schema.items():
        if k not in m:
            if required:
                raise ProtocolError("missing_field", f"{t} needs the field {k!r}", k)
            continue
        check(k, m[k])
    if t == "join" and "code" not in m and not ("game" in m and m.get("spectator") is True):
        raise ProtocolError("missing_field", "join needs the field 'code' (a game id is for spectators)", "code")
    return m
