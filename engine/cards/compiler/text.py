"""Pass 0 of the compiler: normalise oracle text.

Reminder text in parentheses is dropped (it has no rules meaning, CR 207.2a... as
reminder), the card's own name and its modern wordings ("this creature", "this
spell") become the token SELF, and the text is split into paragraphs (one ability each,
CR 112.2a... an object's abilities are its paragraphs).
"""
from __future__ import annotations

import re

_REMINDER = re.compile(r"\s*\([^()]*\)")
SELF = "SELF"
_SELF_WORDS = re.compile(
    r"\bthis (creature|spell|permanent|artifact|enchantment|land|planeswalker|card|equipment|aura|vehicle)\b",
    re.I,
)


def strip_reminder(text: str) -> str:
    prev = None
    while prev != text:
        prev, text = text, _REMINDER.sub("", text)
    return text


def normalise(text: str, name: str) -> list[str]:
    """Paragraphs of rules text with reminder text removed and the card's name as SELF."""
    text = strip_reminder(text or "")
    names = [name]
    if " // " in name:
        names = name.split(" // ")
    for n in sorted(names, key=len, reverse=True):
        text = text.replace(n, SELF)
        if "," in n:  # legendary short names: "Jace, the Mind Sculptor" -> "Jace"
            text = re.sub(rf"\b{re.escape(n.split(',')[0])}\b", SELF, text)
    text = _SELF_WORDS.sub(SELF, text)
    text = text.replace("’", "'").replace("−", "-")
    return [p.strip() for p in text.split("\n") if p.strip()]


def sentences(paragraph: str) -> list[str]:
    """Split a paragraph into sentences, keeping quoted text together."""
    out: list[str] = []
    buf = ""
    quote = False
    for ch in paragraph:
        buf += ch
        if ch == '"':
            quote = not quote
        elif ch == "." and not quote:
            if buf.strip():
                out.append(buf.strip())
            buf = ""
    if buf.strip():
        out.append(buf.strip())
    return out
