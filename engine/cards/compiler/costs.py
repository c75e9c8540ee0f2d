"""Costs of activated abilities (CR 118, 602.1a): "{2}{R}, {T}, Sacrifice a creature"."""
from __future__ import annotations

import re
from typing import Any

from engine.cards.abilities import ALL_COUNTERS, Cost
from engine.cards.compiler.targets import number, parse_noun
from engine.mana import parse_cost

_MANA_ONLY = re.compile(r"(\{[^}]+\})+")
_N = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+)"


def _noun(phrase: str) -> dict[str, Any] | None:
    f = parse_noun(phrase)
    if f is None or f.get("_needs_player_target"):
        return None
    return f


def parse_cost_text(text: str) -> Cost | None:
    """A cost before the colon of an activated ability; None when a part is not understood."""
    mana: tuple[str, ...] = ()
    kw: dict[str, Any] = {}
    text = text.strip()
    # "Sacrifice a green creature, a white creature, and a blue creature" (the Heralds), "Sacrifice a Swamp and a
    # Forest" (Jarad): one object of each kind, distinct (601.2h: each chosen as the cost is paid)
    each = re.search(r"\bsacrifice (an? [a-z -]+?)((?:, an? [a-z -]+?)*),? and (an? [a-z -]+?)(?=$|,)", text, re.I)
    if each is not None:
        nouns = [each.group(1), *re.findall(r", (an? [a-z -]+?)(?=,|$)", each.group(2)), each.group(3)]
        subs = [_noun(re.sub(r"^an? ", "", n, flags=re.I)) for n in nouns]
        if any(f is None or f.get("zone", "battlefield") != "battlefield" or f.get("player") for f in subs):
            return None
        kw["sacrifice"] = {"or": [{k: v for k, v in f.items() if k != "zone"} for f in subs if f is not None],
                           "one_of_each": True, "amount": len(subs)}
        text = text[:each.start()] + "\x1d" + text[each.end():]
    # "Remove a counter from an artifact, creature, land, or planeswalker you control": a list of card types is one
    # noun, not parts of the cost (the commas kept as "\x1f", "and" as "\x1e" while the parts are split)
    text = re.sub(r"\b(artifact|creature|enchantment|land|planeswalker),\s+(?=(?:artifact|creature|enchantment|land|"
                  r"planeswalker|or|and)\b)", "\\1\x1f ", text, flags=re.I).replace("\x1f and ", "\x1f \x1e ")
    parts = [p.strip().replace("\x1f", ",").replace("\x1e", "and")
             for p in re.split(r",\s*|\s+and\s+", text) if p.strip()]
    for part in parts:
        if part == "\x1d":  # the sacrifice of one of each kind, read above
            continue
        low = part.lower()
        if _MANA_ONLY.fullmatch(part):
            syms = parse_cost(part)
            if "T" in syms or "Q" in syms:
                kw["tap"] = kw.get("tap", False) or "T" in syms
                kw["untap"] = kw.get("untap", False) or "Q" in syms
                syms = tuple(s for s in syms if s not in ("T", "Q"))
            mana = mana + syms
        elif low == "sacrifice self" or low == "sacrifice it" and "remove_counters" in kw:
            # "Remove three quest counters from SELF and sacrifice it" (the Zendikar Quests): "it" is SELF (602.2b)
            kw["sacrifice_self"] = True
        elif m := re.fullmatch(r"blight (\d+)", low):  # a later keyword action (Lorwyn Eclipsed): N -1/-1 counters
            if int(m.group(1)) < 1:  # on a creature you control, chosen as the cost is paid
                return None
            kw["blight"] = int(m.group(1))
        elif m := re.fullmatch(rf"put {_N} -1/-1 counters? on a creature you control", low):
            # 121.1, 602.2b: "Put a -1/-1 counter on a creature you control" (Hatchet Bully): a creature of the payer's,
            # chosen as the cost is paid; the later keyword action blight N names exactly this (paid alike)
            n = number(m.group(1))
            if not n or n < 1:
                return None
            kw["blight"] = n
        elif m := re.fullmatch(r"waterbend ((?:\{(?:\d+|x)\})+)", low):
            # waterbend (a later keyword action, Avatar: The Last Airbender): generic mana its payer may pay in part
            # by tapping artifacts and creatures ({X} announced as X is, 107.3)
            mana = mana + parse_cost(m.group(1).upper())
            kw["waterbend"] = True
        elif low in ("exile self from your graveyard", "exile self", "exile self from your hand"):
            kw["exile_self"] = True
        elif low == "reveal your hand":  # 701.15a: every card of it shown to every player (Land Grant)
            kw["reveal_own_hand"] = True
        elif low in ("return self to its owner's hand", "return self to your hand"):  # 602.2b (Recurring Nightmare)
            kw["return_self"] = True
        elif low == "put self on the bottom of its owner's library":  # 602.2b: paid by moving it there (401.1)
            kw["bottom_self"] = True
        elif low == "reveal self from your hand":  # 602.2b: shown to every player as it is activated (701.15a-like)
            kw["reveal_self"] = True
        elif m := re.fullmatch(rf"sacrifice {_N} (.+)", low):
            f = _noun(m.group(2))
            n = -1 if m.group(1) == "x" else number(m.group(1))  # "Sacrifice X creatures": X announced (601.2b)
            if f is None or n is None:
                return None
            if n != 1:
                f = {**f, "amount": n}
            kw["sacrifice"] = f
        elif m := re.fullmatch(r"sacrifice another (.+)", low):
            f = _noun(m.group(1))
            if f is None:
                return None
            kw["sacrifice"] = {**f, "other": True}
        elif m := re.fullmatch(r"pay ((?:\{e\})+)", low):  # energy ({E}: a later symbol, Kaladesh)
            kw["energy"] = kw.get("energy", 0) + m.group(1).count("{e}")
        elif m := re.fullmatch(r"pay (\w+) \{e\}", low):  # "Pay eight {E}"
            n = number(m.group(1))
            if n is None:
                return None
            kw["energy"] = kw.get("energy", 0) + n
        elif m := re.fullmatch(r"pay (\d+|x) life", low):
            kw["life"] = int(m.group(1)) if m.group(1).isdigit() else -1
        elif m := re.fullmatch(rf"discard {_N} cards? at random", low):
            kw["discard"] = number(m.group(1)) or 1  # 701.8a: the cards chosen at random (engine/costs.py)
            kw["discard_filter"] = {"random": True}
            if m.group(1) == "x":  # "discard X cards at random" (Devastating Dreams): X announced (601.2b, 107.3)
                kw["discard_filter"] = {"random": True, "x": True}
        elif m := re.fullmatch(rf"discard {_N} cards?", low):
            kw["discard"] = number(m.group(1)) or 1
            if m.group(1) == "x":  # "Discard X cards": X announced with the cost (601.2b, 107.3)
                kw["discard"], kw["discard_filter"] = 1, {"x": True}
        elif m := re.fullmatch(rf"discard {_N} ([a-z]+) cards", low):
            f = _noun(m.group(2) + " card")  # "discard X land cards" (Scorched Earth), "two creature cards"
            n = number(m.group(1))
            if f is None or n is None and m.group(1) != "x":
                return None
            kw["discard"] = n or 1
            kw["discard_filter"] = {**{k: v for k, v in f.items() if k != "zone"}, **({"x": True} if not n else {})}
        elif low == "discard another card named self":  # grandeur (Future Sight's ability word): a card of the same
            kw["discard"] = 1  # name from the hand (201.2), not the permanent itself
            kw["discard_filter"] = {"name": "SELF", "other": True}
        elif m := re.fullmatch(r"discard (?:a|an) (.+?) card", low):
            f = _noun(m.group(1))
            if f is None:
                return None
            kw["discard"] = 1
            kw["discard_filter"] = f
        elif m := re.fullmatch(r"discard (?:a|an) card (with .+)", low):
            f = _noun("card " + m.group(1))  # "Discard a card with mana value X" (X announced, 602.2b)
            if f is None:
                return None
            kw["discard"] = 1
            kw["discard_filter"] = {k: v for k, v in f.items() if k != "zone"}
        elif m := re.fullmatch(rf"(?:mill {_N} cards?|put the top {_N} cards? of your library into your graveyard)",
                               low):
            n = number(m.group(1) or m.group(2))  # "Mill a card" (a later keyword action, 2020)
            if not n or n < 1:
                return None  # "Mill X cards": a number chosen with X (not read yet)
            kw["mill"] = n
        elif m := re.fullmatch(rf"exile the top (?:{_N} )?cards? of your library", low):
            n = number(m.group(1) or "a")  # "Exile the top (two) card(s) of your library" (602.2b; 406.3: face up)
            if not n or n < 1:
                return None  # "the top X cards": a number chosen with X (not read yet)
            kw["exile_top"] = n
        elif m := re.fullmatch(rf"put {_N} cards? from your hand on top of your library", low):
            n = number(m.group(1))  # 602.2b: "Put a card from your hand on top of your library" (Penance)
            if not n or n < 1:
                return None
            kw["hand_to_library"] = n
        elif m := re.fullmatch(r"have each other player gain (\d+) life", low):
            kw["others_gain_life"] = int(m.group(1))  # 118.9 (Reverent Silence): paid as each other player gains it
        elif low == "discard your hand":
            kw["discard"] = -1
        elif low == "exert self":  # exert (a later keyword action, Amonkhet): it won't untap during the next untap step
            kw["exert_self"] = True
        elif low == "unattach self":  # 701.3d: "{R}{W}, Unattach SELF: ..." (Sunforger)
            kw["unattach_self"] = True
        elif low in ("discard self",):
            kw["discard_self"] = True
        elif m := re.fullmatch(r"([+-]?)(\d+|x)", low):
            v = int(m.group(2)) if m.group(2).isdigit() else "X"
            if v == "X":
                kw["loyalty"] = "-X" if m.group(1) == "-" else "+X"
            else:
                kw["loyalty"] = v * (-1 if m.group(1) == "-" else 1)
        elif m := re.fullmatch(rf"remove {_N} ([+\-\w/]+) counters? from self", low):
            kw["remove_counters"] = (m.group(2), number(m.group(1)) or -1)
        elif m := re.fullmatch(r"remove all ([+\-\w/]+) counters from self", low):
            kw["remove_counters"] = (m.group(1), ALL_COUNTERS)  # as many as there are as it is paid (602.2b)
        elif m := re.fullmatch(r"remove any number of ([+\-\w/]+) counters from self", low):
            kw["remove_counters"] = (m.group(1), -1)  # the number chosen as it is activated, as X is (602.2b)
        elif low == "remove a counter from self":  # 121.1: a counter of any kind on the source, its kind chosen as
            # the cost is paid when there are two or more (engine/costs.py counter_kind)
            kw["remove_counter_from"] = {"is_source": True, "counter": "any"}
        elif m := re.fullmatch(r"remove (two|three|four|five) counters from self", low):
            # 121.1: "Remove two counters from SELF" (counters of any kinds, Gnarlbark Elm): one at a time, each
            # kind chosen as it is removed; the source has that many in all (118.3; engine/payment.py chosen_parts)
            n = number(m.group(1))
            kw["remove_counter_from"] = {"is_source": True, "counter": "any", "counters_ge": {"any": n}, "times": n}
        elif m := re.fullmatch(r"remove a counter from (?:a|an) (.+?) you control", low):
            f = _noun(m.group(1) + " you control")  # 121.1: a counter of any kind, on a permanent chosen (its kind
            if f is None:  # chosen as the cost is paid, engine/costs.py counter_kind)
                return None
            kw["remove_counter_from"] = {**{k: v for k, v in f.items() if k != "zone"}, "counter": "any"}
        elif m := re.fullmatch(r"remove (?:a|an|one) ([+\-\d/]+|[a-z]+) counter from (?:a|an) (.+?) you control", low):
            f = _noun(m.group(2) + " you control")  # 121.1: a counter of that kind, on a permanent chosen
            if f is None or m.group(1) == "any":
                return None
            kw["remove_counter_from"] = {**{k: v for k, v in f.items() if k != "zone"}, "counter": m.group(1)}
        elif m := re.fullmatch(rf"put {_N} ([+-]\d+/[+-]\d+|[a-z]+) counters? on self", low):
            n = number(m.group(1))  # 121.1: "Put a -1/-1 counter on SELF" (Devoted Druid, Wall of Roots)
            if not n or n < 1:
                return None
            kw["put_counters"] = (m.group(2), n)
        elif m := re.fullmatch(r"reveal (?:a|an) (.+? card) (?:from|in) your hand", low):
            f = _noun(m.group(1))  # 701.15a: a card shown to every player as the cost is paid (Silvergill Adept)
            if f is None:
                return None
            kw["reveal_hand"] = {k: v for k, v in f.items() if k != "zone"}
        elif m := re.fullmatch(r"reveal x (.+? cards) from your hand", low):
            f = _noun(m.group(1))  # "Reveal X white cards from your hand" (Martyr of Sands): X announced (602.2b,
            if f is None:  # 107.3a), then that many different cards of the kind shown to every player (701.15a)
                return None
            kw["reveal_hand"] = {**{k: v for k, v in f.items() if k != "zone"}, "amount": -1}
        elif m := re.fullmatch(r"exile an? (.+? card with mana value x) from your hand", low):
            f = _noun(m.group(1))  # "You may exile a red card with mana value X from your hand rather than pay this
            if f is None or f.get("mv_eq") != {"x": True}:  # spell's mana cost" (Blazing Shoal): X announced
                return None  # (601.2b, 107.3a), then a card of the kind with that mana value exiled (601.2h)
            kw["exile_from_hand"] = {**f, "amount": 1}
        elif m := re.fullmatch(rf"exile {_N} (.+?) cards? from your hand", low):
            f = _noun(m.group(2) + " card")
            if f is None:
                return None
            kw["exile_from_hand"] = {**f, "amount": number(m.group(1)) or -1}
        elif m := re.fullmatch(r"exile the top ((?:.+? )?card) of your graveyard", low):
            f = _noun(m.group(1))  # "Exile the top creature card of your graveyard: Regenerate SELF", "Exile the top
            # card of your graveyard" (Alms) (404.2: the last card put there is on top)
            if f is None:
                return None
            kw["exile_from_graveyard"] = {**f, "topmost": True, "amount": 1}
        elif m := re.fullmatch(rf"exile {_N} (.+?) from your graveyard", low):
            f = _noun(m.group(2) if m.group(2).endswith(("card", "cards")) else m.group(2))
            if f is None:
                return None
            kw["exile_from_graveyard"] = {**f, "amount": number(m.group(1)) or -1}
        elif m := re.fullmatch(rf"put {_N} cards? exiled with self into (?:its|their) owners?'s? graveyards?", low):
            kw["linked_to_graveyard"] = number(m.group(1)) or 1  # 614.14, 607.2a (Void Maw)
        elif m := re.fullmatch(rf"put {_N} cards? (?:an opponent owns|your opponents own) from exile into "
                               r"(?:that player's|their owners?'s?) graveyards?", low):
            kw["process"] = number(m.group(1)) or 1  # BFZ processors: an opponent's cards in exile
        elif m := re.fullmatch(r"behold (?:a|an) (.+?)( and exile it)?", low):
            # behold (a later keyword action, Tarkir: Dragonstorm): choose a permanent you control or reveal a card
            # from your hand with that quality (and exile it, for "behold an Elf and exile it")
            f = _noun(m.group(1))
            if f is None or set(f) - {"types", "subtypes", "colors", "zone"}:
                return None
            kw["behold"] = {**{k: v for k, v in f.items() if k != "zone"}, **({"exile": True} if m.group(2) else {})}
        elif m := re.fullmatch(r"collect evidence (\d+)", low):
            # collect evidence N (a later keyword action, Murders at Karlov Manor): "exile any number of cards from
            # your graveyard with total mana value N or greater" (202.3); it cannot be paid with less (118.3)
            kw["exile_from_graveyard"] = {"amount": -1, "total_mv": int(m.group(1))}
        elif m := re.fullmatch(r"tap any number of (?:other )?untapped creatures you control with total power (\d+) or "
                               r"more", low):  # crew; saddle ("other": never the source, engine/costs.py)
            kw["tap_others"] = {"types": ["Creature"], "amount": -1, "total_power": int(m.group(1))}
        elif m := re.fullmatch(r"(tap|sacrifice) (?:enchanted|equipped) (creature|land|artifact|permanent)", low):
            # "Tap enchanted land: ..." (Earthlore), "Sacrifice enchanted creature: ..." (Betrothed of Fire): the
            # permanent the source is attached to (303.4, 301.5), which its controller controls (602.2b)
            f = {"source_host": True, **({} if m.group(2) == "permanent" else {"types": [m.group(2).capitalize()]})}
            kw["tap_others" if m.group(1) == "tap" else "sacrifice"] = {**f, "amount": 1} if m.group(1) == "tap" else f
        elif m := re.fullmatch(rf"tap (another|{_N[1:-1]}) untapped (.+?) you control( with .+)?", low):
            f = _noun(m.group(2) + (m.group(3) or ""))
            if f is None:
                return None
            if m.group(1) == "another":  # "Tap another untapped Ally you control" (not the source, 602.2)
                f = {**f, "other": True}
            kw["tap_others"] = {**f, "amount": 1 if m.group(1) == "another" else number(m.group(1)) or -1}
        elif m := re.fullmatch(rf"exile (another|{_N[1:-1]}) (.+?) you control", low):
            f = _noun(m.group(2))  # "Exile a creature you control" (Food Chain): a permanent chosen and exiled (602.2b)
            n = 1 if m.group(1) == "another" else number(m.group(1))
            if f is None or not n or f.get("zone") not in (None, "battlefield"):
                return None
            f = {**f, "other": True} if m.group(1) == "another" else f
            kw["exile_permanent"] = f if n == 1 else {**f, "amount": n}
        elif m := re.fullmatch(rf"return {_N} (.+?) you control to (?:its|their) owner'?s'? hands?", low):
            f = _noun(m.group(2))
            n = number(m.group(1))
            if f is None or not n:
                return None
            kw["return_to_hand"] = f if n == 1 else {**f, "amount": n}
        else:
            return None
    if "loyalty" in kw and isinstance(kw["loyalty"], str):
        kw["loyalty"] = kw["loyalty"]
    return Cost(mana=mana, **kw)
