"""A small, safe XML reader for deck files.

Built on expat directly so that every element knows its line number, and so that
the dangerous parts of XML never run: a document type declaration (and with it any
entity declaration, internal or external) is refused outright, external entities
are never fetched, and the input size is bounded. Only the five predefined entities
and character references are understood.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from xml.parsers import expat

MAX_BYTES = 8 * 1024 * 1024


class UnsafeXML(ValueError):
    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


class BadXML(ValueError):
    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


@dataclass
class Element:
    tag: str
    attrib: dict[str, str]
    line: int
    children: list["Element"] = field(default_factory=list)
    text: str = ""

    def find_all(self, tag: str) -> list["Element"]:
        return [c for c in self.children if c.tag == tag]

    def find(self, tag: str) -> "Element | None":
        for c in self.children:
            if c.tag == tag:
                return c
        return None


def parse(data: bytes | str) -> Element:
    """The root element; raises UnsafeXML or BadXML (both carry a line number when known)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
        encoding = "utf-8"
    else:
        encoding = None
    if len(data) > MAX_BYTES:
        raise UnsafeXML(f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB")
    # A cheap first line of defence before expat sees anything.
    head = data.upper()
    for marker in (b"<!DOCTYPE", b"<!ENTITY"):
        pos = head.find(marker)
        if pos >= 0:
            line = data.count(b"\n", 0, pos) + 1
            raise UnsafeXML("XML with a document type declaration (DTD) or entities is refused", line)

    parser = expat.ParserCreate(encoding)
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def refuse(*_args):
        raise UnsafeXML("XML with a document type declaration (DTD) or entities is refused", parser.CurrentLineNumber)

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.UnparsedEntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse

    stack: list[Element] = []
    root: list[Element] = []

    def start(tag, attrs):
        el = Element(tag, dict(attrs), parser.CurrentLineNumber)
        if stack:
            stack[-1].children.append(el)
        else:
            root.append(el)
        stack.append(el)

    def end(_tag):
        stack.pop()

    def chars(text):
        if stack:
            stack[-1].text += text

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise BadXML(f"malformed XML: {expat.errors.messages.get(exc.code, str(exc))}", exc.lineno) from None
    if not root:
        raise BadXML("no XML element found", 1)
    return root[0]
