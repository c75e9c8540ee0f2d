"""The LAN protocol (docs/protocol.md): framing, message shapes, strict validation.

A frame is a 4-byte big-endian unsigned length followed by that many bytes of UTF-8
JSON holding one object ``{"v": VERSION, "type": ..., ...}``. Nothing received is ever
executed or unpickled: only msgspec's JSON decoder touches incoming bytes, and every
incoming message is checked against the schema below before anything else looks at it.

What ``decode`` returns is plain JSON that any encoder can send back: its strings are
valid Unicode (the decoder refuses invalid UTF-8 and the escape of half a surrogate pair,
``"\\ud800"``), its numbers are finite (``1e400`` is refused, not read as infinity, and so
are ``NaN`` and ``Infinity``), its integers have at most 4300 digits, and it nests less
than the decoder's recursion limit; anything else is ``bad_json``. The schemas then bound
every field (``_free`` for the fields that carry arbitrary JSON).
"""
from __future__ import annotations

import math
import struct
from typing import Any

import msgspec

VERSION = 1
MAX_MESSAGE = 1 << 20          # bytes of JSON in one frame, either direction
MAX_CLIENT_MESSAGE = 64 << 10  # a client never needs more (a deck, an answer, a chat line)
MAX_NAME = 32
MAX_SEATS = 6                  # players a game may seat (issue 17; 800.1: two or more)
MAX_CHAT = 500
MAX_DECK = 250
MAX_CARD_NAME = 150
MAX_FORMAT = 40
MAX_ANSWER = 16 << 10          # bytes of the JSON of one answer
MAX_DEPTH = 8                  # nesting of an answer (and of a ping's t)
MAX_INT = 2**53                # integers in an answer or a ping's t
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

# One encoder and one decoder for every message. msgspec writes the same bytes as the stdlib's
# json.dumps(separators=(",", ":"), ensure_ascii=False) for every message the server builds
# (tests/test_net_protocol.py compares them on the messages of whole games). It differs only on
# floats: the exponent of large or small ones (1e20, not 1e+20, the same number either way), and
# a float that is not finite is written null where json.dumps(allow_nan=False) raised (what
# the server receives is finite; the card data gives {∞} of an Un-card the mana value inf).
_ENCODER = msgspec.json.Encoder()
_DECODER = msgspec.json.Decoder()


def encode(msg: dict[str, Any], limit: int = MAX_MESSAGE) -> bytes:
    """One frame. Raises ProtocolError("too_large") rather than send more than ``limit``, and
    ProtocolError("bad_message") for a value JSON cannot carry (a lone surrogate, an object
    that is not JSON)."""
    try:
        body = _ENCODER.encode(msg)
    except (TypeError, ValueError) as e:   # UnicodeEncodeError is a ValueError
        raise ProtocolError("bad_message", f"the message cannot be sent as JSON: {e}") from None
    if len(body) > limit:
        raise ProtocolError("too_large", f"message of {len(body)} bytes exceeds {limit}")
    return HEADER.pack(len(body)) + body


def dumps(v: Any) -> str:
    """Compact JSON text of ``v`` (what the server stores of an answer)."""
    return _ENCODER.encode(v).decode("utf-8")


def copy_json(v: Any) -> Any:
    """A deep copy of a JSON value, sharing nothing with ``v``."""
    return _DECODER.decode(_ENCODER.encode(v))


def frame_length(header: bytes, limit: int = MAX_MESSAGE) -> int:
    (n,) = HEADER.unpack(header)
    if n == 0:
        raise ProtocolError("empty", "empty frame")
    if n > limit:
        raise ProtocolError("too_large", f"frame of {n} bytes exceeds the limit of {limit}")
    return n


def loads(body: bytes) -> Any:
    """The JSON value of ``body``, with the guarantees of ``decode`` (valid Unicode, finite
    numbers); ProtocolError("bad_json") otherwise. Also for datagrams (discovery)."""
    try:
        return _DECODER.decode(body)
    except UnicodeDecodeError:
        raise ProtocolError("bad_json", "the frame is not UTF-8") from None
    except (msgspec.MsgspecError, RecursionError) as e:
        raise ProtocolError("bad_json", f"the frame is not JSON: {e}") from None


def decode(body: bytes) -> dict[str, Any]:
    """The JSON object of a frame body (not validated beyond being an object with v and type).
    Raises ProtocolError("bad_json") for a body that is not UTF-8, not JSON, or JSON that
    no encoder could send back (a lone surrogate, a number out of range, nesting too deep)."""
    msg = loads(body)
    if not isinstance(msg, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    v = msg.get("v")
    if v != VERSION:
        raise ProtocolError("version", f"protocol version {v!r} is not supported (this side speaks {VERSION})", "v")
    t = msg.get("type")
    if not isinstance(t, str):
        raise ProtocolError("bad_message", "a message needs a string 'type'", "type")
    return msg


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
    Raises ProtocolError("bad_message") for a patch of the wrong shape or a list patch that
    names a card neither side holds."""
    if not isinstance(patch, dict):
        raise ProtocolError("bad_message", "a view patch is an object")
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
            new[k] = _apply_list(k, new.get(k), p)
    return new


def _apply_list(key: str, old: Any, p: Any) -> list[Any]:
    """The list of cards ``{"ids": [...], "new": [cards]}`` describes, the others taken from ``old``."""
    if not (isinstance(p, dict) and isinstance(p.get("ids"), list) and isinstance(p.get("new"), list)
            and all(isinstance(c, dict) for c in p["new"])
            and (old is None or isinstance(old, list) and all(isinstance(c, dict) for c in old))):
        raise ProtocolError("bad_message", f"the patch of {key} is not a list patch of cards")
    try:
        before = {c["id"]: c for c in old or ()}
        before.update((c["id"], c) for c in p["new"])
        return [before[i] for i in p["ids"]]
    except KeyError as e:
        raise ProtocolError("bad_message", f"a patch of {key} names card {e} that was never sent") from None
    except TypeError:    # an id that is a list or an object
        raise ProtocolError("bad_message", f"the patch of {key} has an id that is not a number") from None


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
        if not v.isascii() and not _unicode(v):
            raise ProtocolError("bad_field", f"{name} holds half a surrogate pair (not Unicode text)", name)
    return check


def _unicode(v: str) -> bool:
    """Whether ``v`` is valid Unicode text (no lone surrogate), which UTF-8 can carry."""
    try:
        v.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


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


def _commander(name: str, v: Any) -> None:
    """A commander's card name, or a list of two (partners: a later rule); which cards may lead is the deck
    check's question (engine.commander.deck_problems)."""
    if isinstance(v, list):
        if len(v) != 2:
            raise ProtocolError("bad_field", f"{name} must be a card name or a list of two (partners)", name)
        for i, c in enumerate(v):
            _str(MAX_CARD_NAME, 1)(f"{name}[{i}]", c)
    else:
        _str(MAX_CARD_NAME, 1)(name, v)


def _code(name: str, v: Any) -> None:
    if not isinstance(v, str) or len(v) != CODE_LEN or any(c not in CODE_ALPHABET for c in v.upper()):
        raise ProtocolError("bad_field", f"{name} must be {CODE_LEN} characters of {CODE_ALPHABET}", name)


def _game_id(name: str, v: Any) -> None:
    if not isinstance(v, str) or len(v) != GAME_HEX or any(c not in "0123456789abcdef" for c in v):
        raise ProtocolError("bad_field", f"{name} must be {GAME_HEX} lowercase hex digits (a game id of 'games')", name)


def _token(name: str, v: Any) -> None:
    if not isinstance(v, str) or len(v) != TOKEN_HEX or any(c not in "0123456789abcdef" for c in v):
        raise ProtocolError("bad_field", f"{name} must be {TOKEN_HEX} lowercase hex digits", name)


def _free(max_bytes: int, max_depth: int):
    """A field of arbitrary JSON: at most ``max_bytes`` bytes encoded, nested at most
    ``max_depth`` deep, its numbers finite and its integers within +-MAX_INT (the range any
    JSON reader keeps exact), its strings valid Unicode (so it can be stored and echoed)."""
    def check(name: str, v: Any) -> None:
        _tree(name, v, max_depth)
        try:
            n = len(_ENCODER.encode(v))
        except (TypeError, ValueError):
            raise ProtocolError("bad_field", f"{name} is not JSON that can be sent back", name) from None
        if n > max_bytes:
            raise ProtocolError("bad_field", f"{name} is larger than {max_bytes} bytes", name)
    return check


def _tree(name: str, v: Any, depth: int) -> None:
    """Walk a value of free JSON, no deeper than ``depth`` containers."""
    if isinstance(v, (dict, list)):
        if depth <= 0:
            raise ProtocolError("bad_field", f"{name} is nested too deep", name)
        for x in (v.values() if isinstance(v, dict) else v):
            _tree(name, x, depth - 1)
    elif isinstance(v, bool) or v is None or isinstance(v, str):
        return
    elif isinstance(v, int):
        if not -MAX_INT <= v <= MAX_INT:
            raise ProtocolError("bad_field", f"{name} holds an integer beyond +-2**53", name)
    elif isinstance(v, float):
        if not math.isfinite(v):
            raise ProtocolError("bad_field", f"{name} holds a number that is not finite", name)
    else:
        raise ProtocolError("bad_field", f"{name} holds a {type(v).__name__}, which is not JSON", name)


_answer_json = _free(MAX_ANSWER, MAX_DEPTH)


def _answer(name: str, v: Any) -> None:
    if v == "__concede__":
        raise ProtocolError("bad_field", "concede with a 'concede' message", name)
    if not isinstance(v, dict):
        raise ProtocolError("bad_field", f"{name} must be an object", name)
    _answer_json(name, v)


def _bool(name: str, v: Any) -> None:
    if not isinstance(v, bool):
        raise ProtocolError("bad_field", f"{name} must be true or false", name)


def _format(name: str, v: Any) -> None:
    _str(MAX_FORMAT, 1)(name, v)
    if any(not (c.isalnum() or c in "-_") for c in v):
        raise ProtocolError("bad_field", f"{name} must be a format name (letters, digits, '-', '_')", name)


_ID = (_int(0, 2**53), False)
VARIANTS = ("free_for_all", "two_headed_giant")   # hostable multiplayer variants (806, 810)
TEAMS = 2                                        # Two-Headed Giant: two teams (810.1)


def _variant(name: str, v: Any) -> None:
    if v not in VARIANTS:
        raise ProtocolError("bad_field", f"{name} must be one of {', '.join(VARIANTS)}", name)


#: the casual variants a hosted game may add with their nontraditional cards, built at random by the server
#: (engine.randomdeck.random_casual): Planechase (901), Vanguard (902), Archenemy (904), Conspiracy (905)
CASUAL = ("planechase", "vanguard", "archenemy", "conspiracy")


def _casual(name: str, v: Any) -> None:
    if not isinstance(v, list) or not v or len(v) > len(CASUAL) or any(x not in CASUAL for x in v) \
            or len(set(v)) != len(v):
        raise ProtocolError("bad_field", f"{name} must be a list of some of {', '.join(CASUAL)}", name)

CLIENT_MESSAGES: dict[str, dict[str, tuple[Any, bool]]] = {
    "hello": {"client": (_str(64, 1), True), "id": _ID},
    "list": {"id": _ID},
    "create": {"name": (_player_name, True), "deck": (_deck, True), "format": (_format, False),
               "spectators": (_bool, False), "seats": (_int(2, MAX_SEATS), False),
               "commander": (_commander, False), "variant": (_variant, False),
               "team": (_int(1, TEAMS), False), "casual": (_casual, False), "id": _ID},
    # a player joins with the code and a deck; a spectator with "spectator": true, no deck, and
    # the code or the game id that "games" lists (the server checks that one of them is there)
    "join": {"code": (_code, False), "game": (_game_id, False), "name": (_player_name, True),
             "deck": (_deck, False), "commander": (_commander, False), "spectator": (_bool, False),
             "team": (_int(1, TEAMS), False), "id": _ID},
    "resume": {"token": (_token, True), "since": (_int(0, 10**9), False), "id": _ID},
    "answer": {"answer": (_answer, True), "decision": (_int(0, 10**9), False), "id": _ID},
    "concede": {"id": _ID},
    "chat": {"text": (_str(MAX_CHAT, 1), True), "id": _ID},
    "ping": {"t": (_free(256, MAX_DEPTH), False), "id": _ID},
    "bye": {"id": _ID},
}


def validate_client(m: dict[str, Any]) -> dict[str, Any]:
    """Check a decoded client message against its schema; raises ProtocolError naming the fault."""
    t = m["type"]
    schema = CLIENT_MESSAGES.get(t)
    if schema is None:
        raise ProtocolError("unknown_type", f"unknown message type {t[:40]!r}", "type")
    for k in m:
        if k not in schema and k not in ("v", "type"):
            raise ProtocolError("bad_field", f"unexpected field {k[:40]!r} in {t}", k[:40])
    for k, (check, required) in schema.items():
        if k not in m:
            if required:
                raise ProtocolError("missing_field", f"{t} needs the field {k!r}", k)
            continue
        check(k, m[k])
    if t == "join" and "code" not in m and not ("game" in m and m.get("spectator") is True):
        raise ProtocolError("missing_field", "join needs the field 'code' (a game id is for spectators)", "code")
    return m
