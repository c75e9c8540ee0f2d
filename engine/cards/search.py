"""A Scryfall-like card query language, compiled to SQL over the card database.

Terms (case-insensitive; terms side by side must all match):

    bolt                 name contains a word starting with "bolt"
    "serra angel"        quoted phrase in the name
    !"Fire // Ice"       exactly this name (also a face name)
    t:creature t:elf     type line contains (any face)
    o:"draw a card"      rules text (any face) contains, from the start of a word
    c:rg  c>=w  c=u      colors: c: means "at least these"; = exact; <= at most; > < strict
    c:c  c:m  c=2        colorless, multicolored, number of colors
    id:esper  id<=wub    color identity: id: means "fits in this identity" (at most these)
    mv=3 mv>=5 cmc<2     mana value (also : for =)
    pow>=4 tou<2 loy=3   power, toughness, loyalty (pow>tou compares two fields)
    r:mythic r>=rare     rarity of any printing (common, uncommon, rare, mythic, special, bonus)
    s:dom  set:m19       printed in the set (also e:)
    f:standard           legal (or restricted) in the format; banned:X, restricted:X
    k:flying             has the keyword        m:{r}{r}  m:2ww   mana cost contains
    is:permanent is:spell is:legendary is:historic is:multicolor is:colorless is:vanilla
    is:split is:transform is:mdfc is:dfc is:flip is:meld is:adventure is:commander ...
    layout:saga          the card's layout
    -t:land              leading - negates a term or a group
    t:goblin or t:elf    "or" (lower binding than the implicit "and")
    (c:r or c:g) t:beast parentheses group

Colors are letters (w u b r g, c colorless, m multicolor) or names (white, azorius, esper,
...). Names and rules text match from the start of a word: o:flash also finds flashback.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.cards.data import COLOR_BIT, RARITY_RANK, fold, fold_key, name_key

__all__ = ["QueryError", "parse", "compile_query", "HELP", "IS_FLAGS", "card_flags"]

HELP = __doc__.split("\n\n", 1)[1]


class QueryError(ValueError):
    """A query that does not parse; ``position`` is the 0-based index in the query."""

    def __init__(self, message: str, position: int, query: str = "") -> None:
        self.message = message
        self.position = position
        self.query = query
        super().__init__(f"{message} (at column {position + 1})")

    def pointer(self) -> str:
        """The query with a caret under the position."""
        return f"{self.query}\n{' ' * self.position}^" if self.query else ""


# ---------------------------------------------------------------------------
# syntax tree

@dataclass
class Term:
    key: str            # "" for a bare word or phrase, "!" for an exact name
    op: str             # ":", "=", "!=", "<", "<=", ">", ">="
    value: str
    pos: int
    value_pos: int
    quoted: bool = False


@dataclass
class Not:
    node: Any
    pos: int


@dataclass
class And:
    nodes: list = field(default_factory=list)


@dataclass
class Or:
    nodes: list = field(default_factory=list)


@dataclass
class _Tok:
    kind: str           # TERM ( ) NOT OR AND
    pos: int
    term: Term | None = None


_KEY_RE = re.compile(r"([A-Za-z]+)(!=|<=|>=|:|=|<|>)")
_STOP = set(" \t\r\n()")


def _read_value(q: str, i: int) -> tuple[str, int, bool]:
    """A quoted string or a run of non-space characters from ``i``: (value, end, quoted)."""
    if i < len(q) and q[i] == '"':
        j = q.find('"', i + 1)
        if j < 0:
            raise QueryError("unterminated quote", i, q)
        return q[i + 1:j], j + 1, True
    j = i
    while j < len(q) and q[j] not in _STOP:
        j += 1
    return q[i:j], j, False


def _tokens(q: str) -> list[_Tok]:
    toks: list[_Tok] = []
    i, n = 0, len(q)
    while i < n:
        ch = q[i]
        if ch.isspace():
            i += 1
        elif ch in "()":
            toks.append(_Tok(ch, i))
            i += 1
        elif ch == "-" and (i + 1 >= n or not q[i + 1].isspace()):
            if i + 1 >= n:
                raise QueryError("nothing after '-'", i, q)
            toks.append(_Tok("NOT", i))
            i += 1
        elif ch == "!" and (i + 1 >= n or q[i + 1].isspace()):
            raise QueryError("'!' needs a card name", i, q)
        elif ch == "!" and q[i + 1] != "=":
            value, j, quoted = _read_value(q, i + 1)
            if not value.strip():
                raise QueryError("'!' needs a card name", i, q)
            toks.append(_Tok("TERM", i, Term("!", ":", value, i, i + 1, quoted)))
            i = j
        else:
            m = _KEY_RE.match(q, i)
            if m and m.group(1).lower() in KEYS:
                key, op = m.group(1).lower(), m.group(2)
                value, j, quoted = _read_value(q, m.end())
                if not value.strip():
                    raise QueryError(f"{m.group(1)}{op} needs a value", m.end(), q)
                toks.append(_Tok("TERM", i, Term(KEYS[key], op, value, i, m.end(), quoted)))
                i = j
                continue
            if m and m.end() < n and q[m.end()] not in _STOP:
                raise QueryError(f"unknown keyword {m.group(1)!r}; known: {', '.join(sorted(_KNOWN))}", i, q)
            value, j, quoted = _read_value(q, i)
            if not quoted and value.lower() in ("or", "and"):
                toks.append(_Tok(value.upper(), i))
            else:
                toks.append(_Tok("TERM", i, Term("", ":", value, i, i, quoted)))
            i = j
    return toks


class _Parser:
    def __init__(self, q: str) -> None:
        self.q = q
        self.toks = _tokens(q)
        self.i = 0

    def peek(self) -> _Tok | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def parse(self) -> Any:
        if not self.toks:
            raise QueryError("empty query", 0, self.q)
        node = self.or_expr()
        t = self.peek()
        if t is not None:
            raise QueryError("unexpected ')'" if t.kind == ")" else f"unexpected {t.kind}", t.pos, self.q)
        return node

    def or_expr(self) -> Any:
        nodes = [self.and_expr()]
        while (t := self.peek()) is not None and t.kind == "OR":
            self.i += 1
            nxt = self.peek()
            if nxt is None or nxt.kind in (")", "OR", "AND"):
                raise QueryError("'or' needs a term after it", t.pos, self.q)
            nodes.append(self.and_expr())
        return nodes[0] if len(nodes) == 1 else Or(nodes)

    def and_expr(self) -> Any:
        nodes: list[Any] = []
        while (t := self.peek()) is not None and t.kind not in (")", "OR"):
            if t.kind == "AND":
                if not nodes:
                    raise QueryError("'and' needs a term before it", t.pos, self.q)
                self.i += 1
                nxt = self.peek()
                if nxt is None or nxt.kind in (")", "OR", "AND"):
                    raise QueryError("'and' needs a term after it", t.pos, self.q)
                continue
            nodes.append(self.unary())
        if not nodes:
            t = self.peek()
            if t is None:
                raise QueryError("the query ends where a term should be", len(self.q), self.q)
            what = "'or' needs a term before it" if t.kind == "OR" else "empty parentheses or a stray ')'"
            raise QueryError(what, t.pos, self.q)
        return nodes[0] if len(nodes) == 1 else And(nodes)

    def unary(self) -> Any:
        t = self.peek()
        assert t is not None
        if t.kind == "NOT":
            self.i += 1
            nxt = self.peek()
            if nxt is None or nxt.kind in (")", "OR", "AND"):
                raise QueryError("nothing after '-'", t.pos, self.q)
            return Not(self.unary(), t.pos)
        if t.kind == "(":
            self.i += 1
            nxt = self.peek()
            if nxt is not None and nxt.kind == ")":
                raise QueryError("empty parentheses", t.pos, self.q)
            node = self.or_expr()
            close = self.peek()
            if close is None or close.kind != ")":
                raise QueryError("'(' is never closed", t.pos, self.q)
            self.i += 1
            return node
        self.i += 1
        return t.term


def parse(query: str) -> Any:
    """The syntax tree of a query (Term, Not, And, Or). Raises QueryError."""
    return _Parser(query).parse()


# ---------------------------------------------------------------------------
# keywords and values

KEYS: dict[str, str] = {}
for _canon, _aliases in {
    "name": ("name", "n"),
    "t": ("t", "type"),
    "o": ("o", "oracle", "text"),
    "c": ("c", "color", "colors"),
    "id": ("id", "identity", "ci"),
    "mv": ("mv", "cmc", "manavalue"),
    "pow": ("pow", "power"),
    "tou": ("tou", "toughness"),
    "loy": ("loy", "loyalty"),
    "r": ("r", "rarity"),
    "s": ("s", "set", "e", "edition"),
    "is": ("is",),
    "not": ("not",),
    "f": ("f", "format", "legal"),
    "banned": ("banned",),
    "restricted": ("restricted",),
    "k": ("k", "kw", "keyword"),
    "m": ("m", "mana"),
    "layout": ("layout",),
}.items():
    for _a in _aliases:
        KEYS[_a] = _canon
_KNOWN = {k for k in KEYS if len(k) <= 2 or k in ("set", "is", "not", "layout", "banned", "restricted")}

_COLOR_NAMES = {
    "white": "w", "blue": "u", "black": "b", "red": "r", "green": "g",
    "azorius": "wu", "dimir": "ub", "rakdos": "br", "gruul": "rg", "selesnya": "gw",
    "orzhov": "wb", "izzet": "ur", "golgari": "bg", "boros": "rw", "simic": "gu",
    "bant": "gwu", "esper": "wub", "grixis": "ubr", "jund": "brg", "naya": "rgw",
    "abzan": "wbg", "jeskai": "urw", "sultai": "bgu", "mardu": "rwb", "temur": "gur",
    "wubrg": "wubrg", "rainbow": "wubrg",
}
_NUM_COLUMNS = {"mv": "mana_value", "pow": "pow_num", "tou": "tou_num", "loy": "loy_num"}
_NUM_ALIASES = {"mv": "mv", "cmc": "mv", "manavalue": "mv", "pow": "pow", "power": "pow",
                "tou": "tou", "toughness": "tou", "loy": "loy", "loyalty": "loy"}
_RARITY_ALIASES = {"c": "common", "u": "uncommon", "r": "rare", "m": "mythic", "s": "special",
                   "b": "bonus", "mythic rare": "mythic", "l": "basic", "land": "basic"}
_OPS_SQL = {":": "=", "=": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}

# is: values -> the flag stored per card (see card_flags); aliases map to one flag
IS_FLAGS: dict[str, str] = {
    "permanent": "permanent", "spell": "spell", "legendary": "legendary", "legend": "legendary",
    "historic": "historic", "basic": "basic", "snow": "snow",
    "multicolor": "multicolor", "multicolored": "multicolor", "multi": "multicolor",
    "monocolor": "monocolor", "monocolored": "monocolor", "mono": "monocolor",
    "colorless": "colorless", "vanilla": "vanilla",
    "split": "split", "transform": "transform", "tdfc": "transform", "mdfc": "mdfc", "modal": "mdfc",
    "dfc": "dfc", "doublefaced": "dfc", "double-faced": "dfc", "flip": "flip", "meld": "meld",
    "adventure": "adventure", "aftermath": "aftermath", "leveler": "leveler", "saga": "saga",
    "class": "class", "mutate": "mutate", "multiface": "multiface", "multi-faced": "multiface",
    "commander": "commander", "hybrid": "hybrid", "phyrexian": "phyrexian",
    "creature": "creature", "land": "land", "nonland": "nonland", "instant": "instant",
    "sorcery": "sorcery", "artifact": "artifact", "enchantment": "enchantment",
    "planeswalker": "planeswalker",
}

# is: flags that only depend on the layout (card_flags agrees)
_LAYOUT_FLAGS = {
    "split": ("split", "aftermath"), "aftermath": ("aftermath",), "transform": ("transform",),
    "mdfc": ("modal_dfc",), "flip": ("flip",), "meld": ("meld",), "adventure": ("adventure",),
    "leveler": ("leveler",), "class": ("class",), "mutate": ("mutate",),
    "dfc": ("transform", "modal_dfc", "meld", "reversible_card", "double_faced_token"),
}

_TRADITIONAL = {"Artifact", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery",
                "Battle", "Tribal", "Kindred"}
_PERMANENT = {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"}


def card_flags(card: Any) -> str:
    """The is: flags of a card, as " flag flag ... " (stored in the database for is: searches)."""
    types = set(card.types)
    sup = set(card.supertypes)
    flags: set[str] = set()
    if types & _PERMANENT:
        flags.add("permanent")
    if types & _TRADITIONAL and "Land" not in types:
        flags.add("spell")
    if "Land" not in types and types & _TRADITIONAL:
        flags.add("nonland")
    for t in ("Creature", "Land", "Instant", "Sorcery", "Artifact", "Enchantment", "Planeswalker"):
        if t in types:
            flags.add(t.lower())
    if "Legendary" in sup:
        flags.add("legendary")
    if "Basic" in sup:
        flags.add("basic")
    if "Snow" in sup:
        flags.add("snow")
    if "Legendary" in sup or "Artifact" in types or "Saga" in card.subtypes:
        flags.add("historic")
    if "Saga" in card.subtypes:
        flags.add("saga")
    n = len(card.colors)
    flags.add("colorless" if n == 0 else "monocolor" if n == 1 else "multicolor")
    if "Creature" in types and not card.text.strip() and not any(f.get("text") for f in card.faces):
        flags.add("vanilla")
    layout = card.layout
    for lay, flag in (("split", "split"), ("aftermath", "split"), ("aftermath", "aftermath"),
                      ("transform", "transform"), ("modal_dfc", "mdfc"), ("flip", "flip"),
                      ("meld", "meld"), ("adventure", "adventure"), ("leveler", "leveler"),
                      ("class", "class"), ("mutate", "mutate"), ("saga", "saga")):
        if layout == lay:
            flags.add(flag)
    if layout in ("transform", "modal_dfc", "meld", "reversible_card", "double_faced_token"):
        flags.add("dfc")
    if " // " in card.name or card.faces:
        flags.add("multiface")
    text = card.text.lower()
    if ("Legendary" in sup and "Creature" in types) or "can be your commander" in text:
        flags.add("commander")
    costs = card.mana_cost + "".join(f.get("mana_cost", "") for f in card.faces)
    for sym in re.findall(r"\{([^}]*)\}", costs):
        parts = sym.upper().split("/")
        if len(parts) > 1 and "P" in parts:
            flags.add("phyrexian")
        elif len(parts) > 1:
            flags.add("hybrid")
    return " " + " ".join(sorted(flags)) + " "


def _fold_lower(s: str) -> str:
    return fold(s).lower()


def _fts_words(value: str) -> list[str]:
    return re.findall(r"[^\W_]+", _fold_lower(value))


def _colors(term: Term, q: str) -> tuple[str, int | str]:
    """A color value: ("bits", n), ("colorless", 0), ("multi", 0) or ("count", n)."""
    v = term.value.strip().lower()
    if v.isdigit():
        return "count", int(v)
    if v in ("c", "colorless"):
        return "colorless", 0
    if v in ("m", "multicolor", "multicolored", "multi"):
        return "multi", 0
    letters = _COLOR_NAMES.get(v, v)
    bits = 0
    for ch in letters:
        b = COLOR_BIT.get(ch.upper())
        if b is None:
            raise QueryError(f"not a color: {term.value!r} (use w u b r g, c, m, or a name like azorius)",
                             term.value_pos, q)
        bits |= b
    return "bits", bits


def _number(term: Term, q: str) -> tuple[str, Any]:
    v = term.value.strip().lower()
    if v in _NUM_ALIASES:
        return "column", _NUM_COLUMNS[_NUM_ALIASES[v]]
    try:
        return "value", float(v)
    except ValueError:
        raise QueryError(f"{term.key}{term.op} needs a number, not {term.value!r}", term.value_pos, q) from None


def _mana_pattern(value: str) -> str:
    v = value.strip().upper()
    if "{" in v:
        return v
    return "".join("{" + tok + "}" for tok in re.findall(r"\d+|[A-Z]", v))


# ---------------------------------------------------------------------------
# compiling

class _Compiler:
    def __init__(self, q: str) -> None:
        self.q = q
        self.params: list[Any] = []

    def node(self, n: Any) -> str:
        if isinstance(n, Term):
            return self.term(n)
        if isinstance(n, Not):
            return f"NOT coalesce(({self.node(n.node)}), 0)"
        if isinstance(n, And):               # cheap tests first: SQLite evaluates them in order
            nodes = sorted(n.nodes, key=_cost)
            return "(" + " AND ".join(self.node(x) for x in nodes) + ")"
        if isinstance(n, Or):
            return "(" + " OR ".join(self.node(x) for x in n.nodes) + ")"
        raise TypeError(n)

    def p(self, v: Any) -> str:
        self.params.append(v)
        return "?"

    def _text(self, column: str, value: str) -> str:
        """``column`` contains ``value`` (folded, lower case), found through the FTS index."""
        needle = _fold_lower(value)
        words = _fts_words(value)
        if not words:
            if column == "search_text":
                return f"instr((SELECT search_text FROM card_text WHERE card_text.id = cards.id), {self.p(needle)}) > 0"
            return f"instr(cards.{column}, {self.p(needle)}) > 0"
        fts = f'{column} : "{" ".join(words)}"*'
        match = f"cards.id IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH {self.p(fts)})"
        if column == "search_text":
            check = f"instr((SELECT search_text FROM card_text WHERE card_text.id = cards.id), {self.p(needle)}) > 0"
        else:
            check = f"instr(cards.{column}, {self.p(needle)}) > 0"
        return f"({match} AND {check})"

    def _only_colon(self, t: Term) -> None:
        if t.op not in (":", "="):
            raise QueryError(f"{t.key or 'a name'} takes ':' (not {t.op!r})", t.pos, self.q)

    def term(self, t: Term) -> str:
        k = t.key
        if k in ("", "name"):
            self._only_colon(t)
            return self._text("search_name", t.value)
        if k == "!":
            key, fkey = name_key(t.value), fold_key(t.value)
            # the card of that name; a face of that name only when no card has it
            return (f"(cards.name_key = {self.p(key)} OR cards.fold_key = {self.p(fkey)} OR (cards.id IN "
                    f"(SELECT card_id FROM faces WHERE faces.name_key = {self.p(key)} "
                    f"OR faces.fold_key = {self.p(fkey)}) AND NOT EXISTS (SELECT 1 FROM cards c2 "
                    f"WHERE c2.name_key = {self.p(key)} OR c2.fold_key = {self.p(fkey)})))")
        if k == "t":
            self._only_colon(t)        # type lines are short: a plain scan beats the index for common types
            return f"instr(cards.search_types, {self.p(_fold_lower(t.value))}) > 0"
        if k == "o":
            self._only_colon(t)
            return self._text("search_text", t.value)
        if k in ("c", "id"):
            return self._color(t)
        if k in _NUM_COLUMNS:
            col = _NUM_COLUMNS[k]
            kind, v = _number(t, self.q)
            rhs = f"cards.{v}" if kind == "column" else self.p(v)
            return f"cards.{col} {_OPS_SQL[t.op]} {rhs}"
        if k == "r":
            v = t.value.strip().lower()
            v = _RARITY_ALIASES.get(v, v)
            if v not in RARITY_RANK:
                raise QueryError(f"not a rarity: {t.value!r} (common, uncommon, rare, mythic, special, bonus)",
                                 t.value_pos, self.q)
            return (f"cards.id IN (SELECT card_id FROM printings WHERE rarity_rank {_OPS_SQL[t.op]} "
                    f"{self.p(RARITY_RANK[v])})")
        if k == "s":
            self._only_colon(t)
            return f"cards.id IN (SELECT card_id FROM printings WHERE set_code = {self.p(t.value.strip().upper())})"
        if k in ("is", "not"):
            self._only_colon(t)
            v = t.value.strip().lower()
            flag = IS_FLAGS.get(v)
            if flag is None:
                raise QueryError(f"unknown is: value {t.value!r}; known: {', '.join(sorted(set(IS_FLAGS.values())))}",
                                 t.value_pos, self.q)
            layouts = _LAYOUT_FLAGS.get(flag)
            if layouts:                    # indexed: fast for these rare flags
                sql = f"cards.layout IN ({', '.join(self.p(x) for x in layouts)})"
            else:
                sql = f"instr(cards.flags, {self.p(' ' + flag + ' ')}) > 0"
            return f"NOT ({sql})" if k == "not" else sql
        if k in ("f", "banned", "restricted"):
            self._only_colon(t)
            status = {"f": "('legal', 'restricted')", "banned": "('banned')", "restricted": "('restricted')"}[k]
            return (f"cards.id IN (SELECT card_id FROM legalities WHERE format = {self.p(t.value.strip().lower())} "
                    f"AND status IN {status})")
        if k == "k":
            self._only_colon(t)
            return f"instr(cards.search_keywords, {self.p(chr(10) + t.value.strip().lower() + chr(10))}) > 0"
        if k == "m":
            self._only_colon(t)
            pat = _mana_pattern(t.value)
            if not pat:
                raise QueryError(f"not a mana cost: {t.value!r}", t.value_pos, self.q)
            return f"instr(cards.search_mana, {self.p(pat)}) > 0"
        if k == "layout":
            self._only_colon(t)
            return f"cards.layout = {self.p(t.value.strip().lower())}"
        raise QueryError(f"unknown keyword {k!r}", t.pos, self.q)   # pragma: no cover - KEYS covers all

    def _color(self, t: Term) -> str:
        bits_col, count_col = ("color_bits", "color_count") if t.key == "c" else ("identity_bits", "identity_count")
        kind, v = _colors(t, self.q)
        op = t.op
        if kind == "count":
            return f"cards.{count_col} {_OPS_SQL[op]} {self.p(v)}"
        if kind == "colorless":
            if op in (":", "=", "<=", ">="):
                return f"cards.{bits_col} = 0" if op != ">=" else "1"
            if op in ("!=", ">"):
                return f"cards.{bits_col} != 0"
            return "0"                                              # fewer colors than none
        if kind == "multi":
            if op in (":", "=", ">="):
                return f"cards.{count_col} >= 2"
            if op in ("!=", "<"):
                return f"cards.{count_col} < 2"
            raise QueryError(f"{t.key}{op}m is not supported; use {t.key}:m or -{t.key}:m", t.pos, self.q)
        if op == ":":
            op = ">=" if t.key == "c" else "<="
        b = self.p(v)
        if op == "=":
            return f"cards.{bits_col} = {b}"
        if op == "!=":
            return f"cards.{bits_col} != {b}"
        if op == ">=":
            return f"(cards.{bits_col} & {b}) = {self.p(v)}"
        if op == "<=":
            return f"(cards.{bits_col} | {b}) = {self.p(v)}"
        if op == ">":
            return f"((cards.{bits_col} & {b}) = {self.p(v)} AND cards.{bits_col} != {self.p(v)})"
        return f"((cards.{bits_col} | {b}) = {self.p(v)} AND cards.{bits_col} != {self.p(v)})"


_COSTS = {"c": 0, "id": 0, "mv": 0, "pow": 0, "tou": 0, "loy": 0, "layout": 0, "is": 1, "not": 1, "t": 1,
          "k": 1, "m": 1, "!": 2, "s": 2, "r": 3, "f": 3, "banned": 3, "restricted": 3}


def _cost(node: Any) -> int:
    if isinstance(node, Term):
        return _COSTS.get(node.key, 4)
    return 5


def compile_query(query: str) -> tuple[str, list[Any]]:
    """SQL for the WHERE clause over ``cards`` (with cards_fts, printings, faces, legalities), and its parameters."""
    tree = parse(query)
    c = _Compiler(query)
    return c.node(tree), c.params
