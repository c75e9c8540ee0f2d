"""Pass 0 of the compiler: normalise oracle text.

Reminder text in parentheses is dropped (CR 207.2a: it has no rules meaning), ability
words (CR 207.2c: "Landfall — ") too; the card's own name and its modern wordings
("this creature", "this spell") become the token SELF (CR 201.5); "enters the
battlefield" is read as "enters"; loyalty costs "[+1]:" become "+1:"; the text is
split into paragraphs (one ability each, CR 113.2).
"""
from __future__ import annotations

import re

from engine.cards.compiler.subtypes import subtype

_REMINDER = re.compile(r"\s*\([^()]*\)")
SELF = "SELF"
_SELF_WORDS = re.compile(
    r"\bthis (creature|spell|permanent|artifact|enchantment|land|planeswalker|card|equipment|aura|vehicle|"
    r"saga|token|siege|battle|class|case|room|instant|sorcery|object|scheme|phenomenon|plane|spacecraft|planet)\b",
    re.I,
)
#: a Saga's chapter numbers ("I, II — ") are no ability word: the compiler reads them (engine/saga.py)
CHAPTER = re.compile(r"^((?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))*) — (?=\S)")
#: a row of a die's result table: "1—9 | ...", "20 | ...", "15+ | ...", "9 or less | ..." (rolling a die, a later
#: rule, Adventures in the Forgotten Realms)
DIE_ROW = re.compile(r"^(\d+)(?:\s*[—–\-−]\s*(\d+)|(\+)| or (less|more))? \| (.+)$", re.S)
_ABILITY_WORD = re.compile(r"^(?!choose\b)(?!(?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))* — )"
                           r"(?:[A-Z][A-Za-z'’ ,-]{2,40}|Descend \d+"   # "Descend 4 — ": an ability word
                           r"|[A-Z0-9][A-Za-z0-9'’ ,-]{1,44}[!?]|\d[\d,]* [A-Z][A-Za-z'’ ,-]{2,40}) — (?=\S)")
#: a flavor word before a mode of a modal spell or ability, or after a Saga's chapter number ("• Rouse the
#: Party — ", "I — Mega Flare — "): no rules meaning (flavor words are a later addition to 207.2, made with
#: Adventures in the Forgotten Realms, 2021, on the model of 207.2c's ability words); a cost after the dash (tiered,
#: spree) is kept
FLAVOR_WORD = re.compile(r"^(?![+{])[^—{}.\n•]{1,45}? — (?=[^\s{])")
#: labels before a dash that are keywords with rules, not ability words (207.2c): each becomes the
#: activation restriction its rule gives, written out so the activated ability's reader reads it
#: (Boast and Exhaust are later keywords: Kaldheim, 2021, and Aetherdrift, 2025)
_KEYWORD_LABELS = {
    "Boast": " Activate only once each turn as a boast ability. Activate only if SELF attacked this turn.",
    "Exhaust": " Activate only once as an exhaust ability.",
}
_LABEL = re.compile(r"^(Boast|Exhaust) — (?=\S)")
#: keyword labels whose rules are not read yet (power-up: once, and a cost reduction; max speed):
#: kept, so the paragraph is unsupported (forecast's label is dropped: the compiler reads its
#: "Reveal SELF from your hand" cost, 702.56a)
_KEPT_LABEL = re.compile(r"^(Power-up|Max speed) — ")
_LOYALTY = re.compile(r"^\[([+\-−]?(?:\d+|X))\]:")


def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch in "_-"


#: what follows a name inside a longer name ("Ajani's Pridemate", "Tuktuk the Returned",
#: "Jace Beleren" for a card named "Jace"): there the name does not name the card (201.5)
_LONGER_NAME = re.compile(r"('s|,? (?:the|of|de|from))? [A-Z0-9]")
#: what precedes a name inside a longer one ("Storm the Vault" for a card named "Vault ...")
_INSIDE_NAME = re.compile(r"[A-Z][\w'-]* (?:the|of) $")


def replace_name(text: str, name: str, repl: str = SELF) -> str:
    """Replace the occurrences of name that name the card: whole words, not inside a longer
    name (no regex for the name: a card name is not a pattern)."""
    if not name or name not in text:
        return text
    out = []
    i = 0
    n = len(name)
    while True:
        j = text.find(name, i)
        if j < 0:
            out.append(text[i:])
            break
        before = text[j - 1] if j else " "
        after = text[j + n] if j + n < len(text) else " "
        longer = _LONGER_NAME.match(text, j + n)
        if longer and not longer.group(1) and not name[-1].isalnum():
            longer = None   # "named S.N.O.T. If you do": the name ended a sentence
        typed = text.startswith((" creature", " card", " permanent", " token"), j + n) \
            and subtype(name.lower()) == name  # "Target Assembly-Worker creature" (Assembly-Worker): the subtype
        if _is_word(before) or _is_word(after) or longer or typed or _INSIDE_NAME.search(text, 0, j):
            out.append(text[i:j + 1])
            i = j + 1
            continue
        out.append(text[i:j])
        out.append(repl)
        i = j + n
    return "".join(out)


def strip_reminder(text: str) -> str:
    prev = None
    while prev != text:
        prev, text = text, _REMINDER.sub("", text)
    return text


#: first words of legendary names that are not names of their own
_NOT_SHORT = frozenset({"The", "A", "An", "Lord", "Lady", "King", "Queen", "General", "Captain", "Sir", "Dame"})


def _legend_lead(name: str) -> str | None:
    """The capitalised words (one to three) of a legend's name before its first "of", "the" or "and" ("Rosie Cotton"
    of "Rosie Cotton of South Lane"), or None."""
    words = name.split()
    for i, w in enumerate(words[:4]):
        if w in ("of", "the", "and"):
            lead = words[:i]
            return " ".join(lead) if lead and all(x[:1].isupper() for x in lead) else None
    return None


#: words after "her" that show it is the object of a verb or preposition ("put a counter on her and draw",
#: "have her deal 2 damage", "return her to the battlefield"), not a possessive ("her power", "her sneak cost")
_HER_OBJECT = frozenset({"to", "and", "or", "for", "from", "on", "onto", "into", "in", "at", "with", "until", "unless",
                         "then", "as", "if", "this", "that", "the", "a", "an", "deal", "deals", "gain", "gains",
                         "fight", "fights", "become", "becomes", "attack", "attacks", "be", "was", "is", "under"})
#: the pronouns of a character card, as its own name (SELF) reads them; in a copy's exceptions ("except his name is
#: SELF, he's a 4/4 ...") they are the copy's words "it", "its", "it's"
_AS_SELF = {"he": "SELF", "she": "SELF", "He": "SELF", "She": "SELF", "him": "SELF", "his": "SELF's",
            "His": "SELF's", "he's": "SELF is", "she's": "SELF is", "He's": "SELF is", "She's": "SELF is"}
_AS_IT = {"he": "it", "she": "it", "He": "It", "She": "It", "him": "it", "his": "its", "His": "Its", "he's": "it's",
          "she's": "it's", "He's": "It's", "She's": "It's"}
_PRONOUN = re.compile(r"(?<![-'])\b(he's|she's|He's|She's|he|she|He|She|him|his|His)\b(?![-'])")
_HER = re.compile(r"(?<![-'])\bher\b(?![-'])(?=(\s+[a-z][\w-]*)?)")
_EXCEPT_TAIL = re.compile(r"\bexcept\b[^.\n]*")


_SIDES = {"four": 4, "six": 6, "eight": 8, "ten": 10, "twelve": 12, "twenty": 20}


def personal_pronouns(text: str) -> str:
    """A character card's text names the card by a personal pronoun: "he deals damage equal to his power", "put a
    +1/+1 counter on her", "if he's attacking". Oracle text calls every other object "it", so the pronoun means the
    card itself, as its name would (201.4: text that refers to the object it is on means that object): read as
    SELF ("SELF's", "SELF is", "himself" too), but "his other types" as "its other types" and "counters on him" after
    "SELF enters with" / "SELF has" as "counters on it", the words these sentences have on every card; in a
    copy's exceptions ("becomes a copy of ..., except his name is SELF and he has flying", 706.9a) they are the
    copy's own "its", "it", "it's". The older "his or her" / "he or she" (a player) are read before, as
    "their"/"they"."""
    def one(m: re.Match[str], table: dict[str, str]) -> str:
        return table[m.group(1)]

    def her(m: re.Match[str], obj: str, pos: str) -> str:
        nxt = (m.group(1) or "").strip()
        return pos if nxt and nxt not in _HER_OBJECT else obj

    def exceptions(m: re.Match[str]) -> str:
        t = _PRONOUN.sub(lambda x: one(x, _AS_IT), m.group(0))
        return _HER.sub(lambda x: her(x, "it", "its"), t)
    text = re.sub(r"\b(?:him|her)self\b", "SELF", text)
    # "SELF enters with X +1/+1 counters on him", "as long as SELF has seven or more loyalty counters on him",
    # "exert SELF as he attacks": the words these sentences have on any card ("on it", "as it attacks")
    text = re.sub(r"\b(enters with|has|had) ([^.,;]*?counters?) on (?:him|her)\b", r"\1 \2 on it", text)
    text = re.sub(r"\bas (?:he|she) attacks\b", "as it attacks", text)
    text = re.sub(r"\b(?:his|her) other (types|colors)\b", r"its other \1", text)
    text = _EXCEPT_TAIL.sub(exceptions, text)
    text = _PRONOUN.sub(lambda x: one(x, _AS_SELF), text)
    return _HER.sub(lambda x: her(x, "SELF", "SELF's"), text)


def normalise(text: str, name: str, legendary: bool = False, short_names: tuple[str, ...] = (),
              character: bool = True) -> list[str]:
    """Paragraphs of rules text with reminder text removed and the card's name as SELF; a
    planeswalker's text may name it by the planeswalker type its name starts with ("Ajani deals 3
    damage" on Ajani Vengeant: ``short_names``, 201.4)."""
    text = strip_reminder(text or "")
    text = text.replace("’", "'").replace("−", "-").replace("“", '"').replace("”", '"')
    # the wording of older oracle text (and of the 2016 rules): "his or her" is today's "their"
    text = re.sub(r"\bhis or her\b", "their", text)
    text = re.sub(r"\bhe or she\b", "they", text)
    text = re.sub(r"\bHe or she\b", "They", text)
    text = re.sub(r"\bhim or her\b", "them", text)
    # the 2016 term (202.3: "converted mana cost") in older split-card and Un-card texts is today's "mana value": the
    # same number
    # "shares at least one creature type with it" (Coat of Arms) is what "shares a creature type with it" means (205.3)
    text = re.sub(r"\bshares? at least one creature type\b", lambda m: m.group(0).replace(" at least one", " a"),
                  text)
    text = re.sub(r"\bconverted mana costs\b", "mana values", text)
    text = re.sub(r"\bconverted mana cost\b", "mana value", text)
    # "Look at the top six cards of your library. ... Put the rest on the bottom in a random order." (Kaslem's
    # Stonetree): the bottom of the library they were looked at in (401.4), when that is only ever yours
    if "your library" in text and not re.search(r"\b(?:their|that player's|opponent's|target player's) librar", text):
        text = re.sub(r"\bon the bottom in (a random|any) order\b", r"on the bottom of your library in \1 order", text)
    # "roll a six-sided die" (the Un-sets' words, Unstable) is what later cards write "roll a d6" (rolling a die, a
    # later rule, Adventures in the Forgotten Realms: "d" and the number of the die's faces)
    text = re.sub(r"\b([Rr]olls?) an? (four|six|eight|ten|twelve|twenty)-sided die\b",
                  lambda m: f"{m.group(1)} a d{_SIDES[m.group(2)]}", text)
    # "deals that amount of damage" (Fear of Burning Alive) is "deals that much damage" (the amount named before)
    text = re.sub(r"\bdeals that amount of damage\b", "deals that much damage", text)
    # a legend's own pronoun before "owner" (Jace, Vryn's Prodigy: "return him to the battlefield transformed
    # under his owner's control") means what "its owner" means of any other object (108.3)
    text = re.sub(r"\b(?:his|her) owner(s?)'", r"its owner\1'", text)
    names = name.split(" // ") if " // " in name else [name]
    # a digital rebalanced card ("A-Nahiri, Heir of the Ancients") names itself in its text by the
    # name it was printed with (201.5: the text's own name means this object)
    names = [n[2:] if n.startswith("A-") and len(n) > 2 else n for n in names]
    for n in sorted(names, key=len, reverse=True):   # every face's whole name first
        text = replace_name(text, n)
    for short in {n.split(",")[0] for n in names if "," in n} | set(short_names):
        if subtype(short.lower()) is not None:
            # "a Gideon planeswalker", "each Garruk you control": after a determiner the word is the planeswalker
            # type (205.3j), not this card; kept whole by a mark no name matches, taken out below
            text = re.sub(rf"\b(a|an|each|another|other) ({re.escape(short[0])})({re.escape(short[1:])})\b",
                          lambda m: f"{m.group(1)} {m.group(2)}\x01{m.group(3)}", text)
    for n in sorted(names, key=len, reverse=True):
        if "," in n:  # legendary short names: "Jace, the Mind Sculptor" -> "Jace"
            text = replace_name(text, n.split(",")[0])
        elif legendary and re.match(r"^[A-Z][\w'-]+ (the|of) ", n):
            text = replace_name(text, n.split()[0])
        elif legendary and (lead := _legend_lead(n)):
            # "Rosie Cotton of South Lane": "When Rosie Cotton enters"; "Éomer of the Riddermark", "Tor Wauki the
            # Younger", "Shang-Chi and the Ten Rings": a legend's name before "of", "the" or "and" means it (201.4)
            text = replace_name(text, lead)
        elif legendary and re.fullmatch(r"[A-Z][\w-]+ [A-Z][\w'-]+", n) and n.split()[0] not in _NOT_SHORT \
                and subtype(n.split()[0].lower()) is None:
            # "Zurgo Bellstriker": "Zurgo can't block ..." (a legend's first name alone means it,
            # unless that word is a subtype, "Sliver Queen" creates Sliver tokens)
            text = replace_name(text, n.split()[0])
    for short in short_names:
        text = replace_name(text, short)
    text = text.replace("\x01", "")
    if character:  # after the names: "She-Hulk, Jennifer Walters", "Zhang He, Wei General"
        text = personal_pronouns(text)
    text = _SELF_WORDS.sub(SELF, text)
    # a card named for two or more characters takes a plural verb ("When Lo and Li enter", "Whenever Aang and La
    # attack", "Whenever Falcon and Redwing deal combat damage"): one object all the same (201.5), read as any card's
    # "SELF enters"; not a bare infinitive ("you may have SELF enter as a copy", "has SELF deal damage")
    text = re.sub(r"(?<!have )(?<!has )(?<!had )(?<!let )(?<!make )\bSELF (enter|attack|deal|die|block|leave)"
                  r"(?: or (attack|block))?\b(?! the battlefield as)",
                  lambda m: f"SELF {m.group(1)}s" + (f" or {m.group(2)}s" if m.group(2) else ""), text)
    # "Destroy all creatures except for SELF" (Mageta the Lion): the older words of "other than SELF" (a filter, 608.2b)
    text = re.sub(r"\b(creatures|permanents) except for SELF\b", r"\1 other than SELF", text)
    text = re.sub(r"\benters the battlefield\b", "enters", text)
    text = re.sub(r"\benter the battlefield\b", "enter", text)
    out = []
    for p in text.split("\n"):
        p = p.strip()
        if not p:
            continue
        p = _LOYALTY.sub(lambda m: m.group(1) + ":", p)
        label = _LABEL.match(p)
        if label:
            p = p[label.end():] + _KEYWORD_LABELS[label.group(1)]
        elif not p.startswith("•") and not _KEPT_LABEL.match(p):
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


_SMALL = {"of", "the", "a", "an", "and", "to", "in", "from", "for", "on", "with"}


def title(name: str) -> str:
    """A card name read from lower-cased text, recapitalised ("vial of dragonfire" -> "Vial of Dragonfire")."""
    words = name.split(" ")
    out = []
    for i, w in enumerate(words):
        if w.startswith("self"):
            out.append("SELF" + w[4:])
        elif i and w in _SMALL:
            out.append(w)
        else:
            out.append("-".join(p[:1].upper() + p[1:] for p in w.split("-")))
    return " ".join(out)
