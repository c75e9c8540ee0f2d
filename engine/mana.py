"""Mana, mana costs and paying them (CR 106, 107.4, 117, 202).

A mana cost is a tuple of symbols as written between braces: "R", "2", "X", "W/U",
"2/W", "G/P", "C". A mana pool is a dict color -> amount over "WUBRGC"; mana that may be
spent only on some things (106.6: "Spend this mana only to cast creature spells") sits in
the same pool under a key of its own, its kind and its restriction ("G|{...}": see
``restricted_key``), and is spent only where the payer says it may be. Mana a snow permanent produced
(205.4f) sits under its kind and a star ("G*": ``snow_key``): it pays what mana of its kind pays, and it
alone pays the snow symbol {S} (107.4h).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Callable

COLORS = "WUBRG"
POOL_KEYS = "WUBRGC"
_SYMBOL = re.compile(r"\{([^}]+)\}")


class ManaError(ValueError):
    """A cost cannot be paid from what is available."""


def parse_cost(text: str | None) -> tuple[str, ...]:
    """'{2}{R}{R}' -> ('2', 'R', 'R') (CR 107.4)."""
    if not text:
        return ()
    return tuple(s.upper() for s in _SYMBOL.findall(text))


_HALVES = set(COLORS) | {"2"}


def unpayable(symbols: tuple[str, ...] | list[str], x_ok: bool = True) -> list[str]:
    """The symbols of a cost that ``pay_from_pool`` and ``needs`` cannot pay (107.4): anything
    but generic numbers, {W}{U}{B}{R}{G}{C}, hybrid {W/U} and {2/W}, Phyrexian {W/P}, and {X}
    where X is chosen (107.3a), and the snow symbol {S} (107.4h: paid by mana a snow permanent produced)."""
    out = []
    for s in symbols:
        if not isinstance(s, str):
            out.append(repr(s))
        elif s.isdigit() or s in POOL_KEYS or s == "X" and x_ok or s == "S":
            continue
        elif s.count("/") == 1 and s.split("/")[0] in _HALVES and s.split("/")[1] in set(COLORS) | {"P"} \
                and s.split("/")[0] != s.split("/")[1]:
            continue
        elif _hybrid_phyrexian(s):  # {G/W/P} (a later symbol): either color, or 2 life
            continue
        else:
            out.append(s)
    return out


def _hybrid_phyrexian(s: str) -> bool:
    """A hybrid Phyrexian symbol, {G/W/P} (a later symbol, March of the Machine era: one mana of either color, or 2
    life, 107.4f as for {G/P})."""
    parts = s.split("/")
    return len(parts) == 3 and parts[0] in COLORS and parts[1] in COLORS and parts[0] != parts[1] and parts[2] == "P"


def format_cost(symbols: tuple[str, ...] | list[str]) -> str:
    return "".join("{" + s + "}" for s in symbols)


def mana_value(symbols: tuple[str, ...], x: int = 0) -> int:
    """CR 202.3: each colored or colorless symbol counts 1, generic its number,
    X counts 0 except on the stack, a {2/W} hybrid counts 2."""
    total = 0
    for s in symbols:
        if s.isdigit():
            total += int(s)
        elif s == "X":
            total += x
        elif s.startswith("2/"):
            total += 2
        else:
            total += 1
    return total


def cost_colors(symbols: tuple[str, ...]) -> tuple[str, ...]:
    """CR 202.2: an object's colors are the colors of the mana symbols in its cost."""
    found = {c for s in symbols for c in s.split("/") if c in COLORS}
    return tuple(c for c in COLORS if c in found)


def parse_pool(text: str | None) -> dict[str, int]:
    """'{R}{R}{G}' -> {'R': 2, 'G': 1} (for floating mana in scenarios)."""
    pool: dict[str, int] = {}
    for s in parse_cost(text):
        if s.isdigit():
            pool["C"] = pool.get("C", 0) + int(s)
        elif s in POOL_KEYS:
            pool[s] = pool.get(s, 0) + 1
        else:
            raise ManaError(f"not a kind of mana: {{{s}}}")
    return pool


def restricted_key(kind: str, only_for: dict) -> str:
    """The pool key of mana of ``kind`` that may be spent only as ``only_for`` says (106.6):
    the kind, a bar, and the restriction as canonical JSON (a plain key copies and compares
    like any other, so a game's copy and its JSON need nothing more)."""
    return kind + "|" + json.dumps(only_for, sort_keys=True, separators=(",", ":"))


def bound_restriction(only_for: dict, chosen: dict) -> dict:
    """106.6, 614.12: a restriction that names "the chosen type" ("Spend this mana only to cast a creature spell
    of the chosen type", Cavern of Souls) fixed as the mana is made, with the creature type chosen for its source
    as it entered; a source with no type chosen makes mana that pays for no such spell."""
    if not only_for.get("chosen_type"):
        return only_for
    out = {k: v for k, v in only_for.items() if k != "chosen_type"}
    t = chosen.get("creature_type")
    out["subtypes"] = [t] if isinstance(t, str) else []
    if not out["subtypes"]:
        out["not"] = {"zone": "any_card"}  # nothing matches
    return out


#: restriction keys that are not filter keys: "and that spell can't be countered" (101.1; engine/casting.py)
RESTRICTION_RIDERS = frozenset({"or_abilities_of", "uncounterable"})


def lasting_key(kind: str, until: str) -> str:
    """The pool key of mana of ``kind`` that does not empty as steps end until ``until``
    ("combat": firebending's "until end of combat"; 106.4 otherwise): spent as any mana of its kind."""
    return kind + "~" + until


def snow_key(kind: str) -> str:
    """The pool key of mana of ``kind`` a snow permanent produced (205.4f, 107.4h): it alone pays {S}."""
    return kind + "*"


def is_snow_key(key: str) -> bool:
    """Was the mana under this pool key produced by a snow permanent (``snow_key``)?"""
    return len(key) == 2 and key[1] == "*"


def restriction_of(key: str) -> dict | None:
    """The restriction of a pool key (None for unrestricted mana)."""
    return json.loads(key[2:]) if len(key) > 2 and key[1] == "|" else None


def plain_pool(pool: dict[str, int]) -> dict[str, int]:
    """The pool by kind of mana, restricted mana counted with its kind (what a player sees, 106.4)."""
    if all(len(k) == 1 for k in pool):
        return dict(pool)
    out: dict[str, int] = {}
    for k, v in pool.items():
        out[k[0]] = out.get(k[0], 0) + v
    return out


def format_pool(pool: dict[str, int]) -> str:
    pool = plain_pool(pool)
    return "".join(("{" + k + "}") * pool.get(k, 0) for k in POOL_KEYS)


@dataclass(frozen=True, slots=True)
class Payment:
    """How a cost was paid: mana spent per kind (restricted mana, 106.6, and lasting mana under its pool key, whose
    first letter is its kind), and life paid for Phyrexian symbols."""

    spent: dict[str, int]
    life: int


def substitute_x(symbols: tuple[str, ...], x: int, color: str | None = None) -> tuple[str, ...]:
    """Replace each X with generic mana x (CR 107.3a); with ``color``, x mana of that color ("Spend only black
    mana on X": each of it is paid as a {B} symbol is)."""
    out: list[str] = []
    for s in symbols:
        if s == "X":
            if x and color:
                out.extend([color] * x)
            elif x:
                out.append(str(x))
        else:
            out.append(s)
    return tuple(out)


def pay_from_pool(pool: dict[str, int], symbols: tuple[str, ...], life: int | None = None,
                  usable: Callable[[str], bool] | None = None) -> Payment:
    """Pay a cost (X already substituted) from a pool, without changing it on failure.

    CR 107.4e hybrid: either half; CR 107.4f Phyrexian: its color or 2 life (with
    mana when it can be paid); CR 107.4c {C} needs colorless mana; generic takes any.
    Colored symbols are paid first, so generic never eats a color another symbol needs.
    Restricted mana (106.6) pays only where ``usable`` accepts its key, and is spent before
    unrestricted mana of its kind. On success the pool is changed in place and the payment
    returned.
    """
    avail = dict(pool)
    spent: dict[str, int] = {}
    life_paid = 0
    special = [k for k in avail if len(k) > 1 and not is_snow_key(k) and (k[1] == "~" or usable is not None
                                                                          and usable(k))]

    def take(k: str) -> bool:
        for r in special:  # 106.6: the restricted mana first, while it may pay
            if r[0] == k and avail[r] > 0:
                avail[r] -= 1
                spent[r] = spent.get(r, 0) + 1  # under its pool key: its riders are read (engine/casting.py)
                return True
        for key in (k, snow_key(k)):  # snow mana last: it is kept for the {S} symbols (107.4h)
            if avail.get(key, 0) > 0:
                avail[key] -= 1
                spent[key] = spent.get(key, 0) + 1
                return True
        return False

    generic = 0
    snow = 0
    hybrid: list[str] = []
    for s in symbols:
        if s.isdigit():
            generic += int(s)
        elif s in POOL_KEYS:
            if not take(s):
                raise ManaError(f"no {{{s}}} mana to pay {format_cost(symbols)}")
        elif s == "S":
            snow += 1
        else:
            hybrid.append(s)
    named = {c for s in hybrid for c in s.split("/")}
    for _ in range(snow):  # 107.4h: one mana of any kind a snow permanent produced; colorless first, then the
        # kinds no hybrid symbol names, then the kind with the most left
        keys = sorted((k for k in avail if is_snow_key(k) and avail[k] > 0),
                      key=lambda k: (k[0] != "C", k[0] in named, -avail[k]))
        if not keys:
            raise ManaError(f"no mana from a snow permanent to pay {{S}} in {format_cost(symbols)}")
        avail[keys[0]] -= 1
        spent[keys[0]] = spent.get(keys[0], 0) + 1
    phyrexian: list[list[str]] = []  # paid last: with mana only while the generic part still can be (107.4f)
    for s in hybrid:
        if _hybrid_phyrexian(s):  # {G/W/P} (a later symbol): either color, or 2 life
            phyrexian.append(s.split("/")[:2])
            continue
        if s.count("/") != 1:  # X is substituted before paying (107.3a); anything else cannot be paid
            raise ManaError(f"cannot pay the symbol {{{s}}} in {format_cost(symbols)}")
        a, b = s.split("/")
        if b == "P":
            phyrexian.append([a])
        elif a == "2":
            if not take(b):
                generic += 2
        elif not (take(a) or take(b)):
            raise ManaError(f"no {{{a}}} or {{{b}}} mana to pay {{{s}}}")
    for colors in phyrexian:  # 107.4f: its color's mana when there is some to spare for the generic part, else
        # 2 life (with no life to pay, 118.3, the mana all the same)
        spare = sum(v for k, v in avail.items() if k in POOL_KEYS or k in special or is_snow_key(k)) - generic
        if (spare >= 1 or life is None or life < life_paid + 2) and any(take(c) for c in colors):
            continue
        if life is None or life < life_paid + 2:
            raise ManaError(f"no {'/'.join('{' + c + '}' for c in colors)} mana or 2 life for a Phyrexian symbol")
        life_paid += 2  # CR 118.4: only with at least that much life
    # Generic: spend restricted mana first, then colorless, then colors with the most left.
    for _ in range(generic):
        r = next((r for r in special if avail[r] > 0), None)
        if r is not None:
            avail[r] -= 1
            spent[r] = spent.get(r, 0) + 1
            continue
        k = max(POOL_KEYS[::-1], key=lambda c: (c == "C" and avail.get(c, 0) > 0, avail.get(c, 0)))
        if not avail.get(k, 0):  # only snow mana left (``take`` spends it after the plain mana of its kind)
            k = max(POOL_KEYS[::-1], key=lambda c: (c == "C" and avail.get(snow_key(c), 0) > 0,
                                                     avail.get(snow_key(c), 0)))
        if not take(k):
            raise ManaError(f"not enough mana to pay {format_cost(symbols)}")
    pool.clear()
    pool.update({k: v for k, v in avail.items() if v})
    return Payment(spent, life_paid)


def needs(symbols: tuple[str, ...], pool: dict[str, int]) -> list[str]:
    """The kinds of mana still useful toward a cost given a pool: colors first, then "snow" (a mana a snow
    permanent produces, for {S}: 107.4h), then 'any'. Snow mana in the pool (``snow_key``) pays as its kind
    too, after the plain mana of that kind (as ``pay_from_pool`` spends it)."""
    avail = dict(pool)
    out: list[str] = []
    generic = 0
    snow = 0

    def has(k: str) -> bool:
        for key in (k, snow_key(k)):
            if avail.get(key, 0):
                avail[key] -= 1
                return True
        return False
    for s in symbols:
        if s.isdigit():
            generic += int(s)
        elif s == "S":
            snow += 1
        elif s in POOL_KEYS:
            if not has(s):
                out.append(s)
        elif _hybrid_phyrexian(s):  # {G/W/P}: a mana of either color, or else life
            a, b, _ = s.split("/")
            if not (has(a) or has(b)):
                out.append(a + "|" + b)
        else:
            if s.count("/") != 1:  # {X} unsubstituted: no mana can pay it (see ``unpayable``)
                raise ManaError(f"cannot pay the symbol {{{s}}} in {format_cost(symbols)}")
            a, b = s.split("/")
            if b == "P":
                if not has(a):
                    out.append(a)
            elif a == "2":
                if not has(b):
                    out.append(b + "|2")
            elif not (has(a) or has(b)):
                out.append(a + "|" + b)
    for _ in range(snow):
        key = next((k for k in sorted(avail) if is_snow_key(k) and avail[k] > 0), None)
        if key is None:
            out.append("snow")
        else:
            avail[key] -= 1
    left = sum(avail.values())
    out.extend(["any"] * max(0, generic - left))
    # a single color first: a source of one of a hybrid's colors is then not taken from a symbol that needs it
    return [n for n in out if "|" not in n and n not in ("any", "snow")] + [n for n in out if "|" in n] + \
        [n for n in out if n == "snow"] + [n for n in out if n == "any"]


#: the option of a mana choice that stands for "one mana of the chosen color" ("Add {R} or one mana of the chosen
#: color", the Thriving lands): the color its permanent's controller chose as it entered (614.12)
CHOSEN = "chosen"


def choice_options(opts: list[list[str]], chosen: dict | None) -> list[list[str]]:
    """106.4, 614.12: the options of "Add {R} or {G}"-style mana with ``CHOSEN`` made the permanent's chosen color
    (``chosen``: its ``Obj.chosen``); an option naming the chosen color is dropped while none was chosen (106.5)."""
    if not any(CHOSEN in o for o in opts):
        return opts
    c = str((chosen or {}).get("color") or "")
    out = [[c if s == CHOSEN else s for s in o] for o in opts if c or CHOSEN not in o]
    return [o for k, o in enumerate(out) if o not in out[:k]]
