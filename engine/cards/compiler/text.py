"""Pass 0 of the compiler: normalise oracle text.

Reminder text in parentheses is dropped (CR 207.2a: it has no rules meaning), ability
words (CR 207.2c: "Landfall — ") too; the card's own name and its modern wordings
("this creature", "this spell") become the token SELF (CR 201.5); "enters the
battlefield" is read as "enters"; loyalty costs "[+1]:" become "+1:"; the text is
split into paragraphs (one ability each, CR 113.2).
"""
from __future__ import annotations

import re

_REMINDER = re.compile(r"\s*\([^()]*\)")
SELF = "SELF"
_SELF_WORDS = re.compile(
    r"\bthis (creature|spell|permanent|artifact|enchantment|land|planeswalker|card|equipment|aura|vehicle|"
    r"saga|token|siege|battle|class|case|room|instant|sorcery|object)\b",
    re.I,
)
_ABILITY_WORD = re.compile(r"^(?!choose\b)[A-Z][A-Za-z'’ ,-]{2,40} — (?=\S)")
_LOYALTY = re.compile(r"^\[([+\-−]?(?:\d+|X))\]:")


def strip_reminder(text: str) -> str:
    prev = None
    while prev != text:
        prev, text = text, _REMINDER.sub("", text)
    return text


def normalise(text: str, name: str, legendary: bool = False) -> list[str]:
    """Paragraphs of rules text with reminder text removed and the card's name as SELF."""
    text = strip_reminder(text or "")
    text = text.replace("’", "'").replace("−", "-").replace("“", '"').replace("”", '"')
    names = name.split(" // ") if " // " in name else [name]
    for n in sorted(names, key=len, reverse=True):
        if n:
            text = re.sub(rf"(?<![\w-]){re.escape(n)}(?![\w-])", SELF, text)
        if "," in n:  # legendary short names: "Jace, the Mind Sculptor" -> "Jace"
            short = n.split(",")[0]
            text = re.sub(rf"(?<![\w-]){re.escape(short)}(?![\w-])", SELF, text)
        elif legendary and re.match(r"^[A-Z][\w'-]+ (the|of) ", n):
            short = n.split()[0]
            text = re.sub(rf"(?<![\w-]){re.escape(short)}(?![\w-])", SELF, text)
    text = _SELF_WORDS.sub(SELF, text)
    text = re.sub(r"\benters the battlefield\b", "enters", text)
    text = re.sub(r"\benter the battlefield\b", "enter", text)
    out = []
    for p in text.split("\n"):
        p = p.strip()
        if not p:
            continue
        p = _LOYALTY.sub(lambda m: m.group(1) + ":", p)
        if not p.startswith("•"):
            p = _ABILITY_WORD.sub("", p)
        out.append(p)
    return out


def sentences(paragraph: str) -> list[str]:
    """Split a paragraph into sentences, keeping quoted text together."""
    out: list[str] = []
    buf = ""
    quote = False
    for ch in paragraph:
        buf += ch
        if ch == '"':
            quote = not quote
            if not quote and buf.endswith('."'):
                out.append(buf.strip())
                buf = ""
        elif ch == "." and not quote:
            if buf.strip():
                out.append(buf.strip())
            buf = ""
    if buf.strip():
        out.append(buf.strip())
    return out
