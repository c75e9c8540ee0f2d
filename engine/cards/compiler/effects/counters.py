"""Counters on objects (CR 121): put, remove, distribute, double.
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.abilities import Effect, TargetSpec
from engine.cards.compiler.effects.amounts import amount_of, bind_x, ctx_quantity, scaled
from engine.cards.compiler.effects.context import Ctx, Reader, reader
from engine.cards.compiler.targets import number, parse_noun


@reader(
    r"^put (a|an|another|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|x|\d+|that many) "
    r"([+\-\w/]+|first strike|double strike) counters? on (.+?)(?: for each (.+?))?(?:, where x is (.+))?$"
)
def _counters(m: re.Match, c: Ctx) -> list[Effect] | None:
    """121.1: "put a +1/+1 counter on target creature", "put a first strike counter on it" (a keyword counter, a later
    rule of Ikoria: the permanent has that keyword)."""
    if m.group(5) and re.fullmatch(r"that creature's (?:power|toughness)", m.group(5)) \
            and m.group(3).startswith("target "):
        # "put X +1/+1 counters on target creature, where X is that creature's power" (Thickest in the Thicket): the
        # target of this instruction (608.2c), as it is when the ability resolves
        what = c.ref(m.group(3))
        c.last = what
        if what is None or not bind_x(m.group(5), c):
            return None
    else:
        if not bind_x(m.group(5), c):
            return None
        what = c.ref(m.group(3))
    # "put another +1/+1 counter on SELF" (Yorvo): one more, after the one an instruction before put (121.1)
    n = scaled("a" if m.group(1) == "another" else m.group(1), m.group(4), c)
    if what is None or n is None:
        return None
    return [Effect("counters", {"what": what, "kind": m.group(2), "amount": n})]


_KW_COUNTER = r"(?:flying|first strike|double strike|deathtouch|haste|hexproof|indestructible|lifelink|menace|reach|" \
              r"trample|vigilance)"


_COUNT_ITEM = rf"(?:an?|one|two|three|four|five) (?:\+1/\+1|{_KW_COUNTER}|shield|stun) counters?"


@reader(rf"^put ((?:{_COUNT_ITEM}, )*{_COUNT_ITEM},? and {_COUNT_ITEM}) on (.+)$")
def _two_counters(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Put a +1/+1 counter and a lifelink counter on target creature" (Unexpected Fangs), "Put two +1/+1 counters
    and a flying counter on target attacking creature" (Guide of Souls), "Put a +1/+1 counter, a reach counter, and a
    deathtouch counter on target creature" (Gift of the Viper): each number of each kind on the same object (121.1;
    keyword counters are a later rule)."""
    what = c.ref(m.group(2))
    if what is None:
        return None
    out = []
    for item in re.split(r",? and |, ", m.group(1)):
        im = re.fullmatch(r"(an?|one|two|three|four|five) (.+?) counters?", item)
        n = 1 if im is None or im.group(1) in ("a", "an") else number(im.group(1))
        if im is None or not n:
            return None
        out.append(Effect("counters", {"what": what, "kind": im.group(2), "amount": n}))
    return out


@reader(rf"^put (?:(a \+1/\+1 counter) and a counter from among ((?:{_KW_COUNTER}, )+or {_KW_COUNTER})|your choice of "
        rf"((?:an? {_KW_COUNTER} counter, )+or an? {_KW_COUNTER} counter)) on (.+)$")
def _counter_choice(m: re.Match, c: Ctx) -> list[Effect] | None:
    """121.1 (keyword counters, a later rule: Ikoria 2020): "Put your choice of a vigilance counter, a reach counter,
    or a trample counter on it" (Vivien, Monsters' Advocate), "Put a +1/+1 counter and a counter from among flying,
    first strike, lifelink, or vigilance on it" (Elspeth Resplendent): one of the kinds, chosen as it resolves."""
    words = m.group(2) or m.group(3)
    kinds = [re.sub(r"^an? | counter$", "", k).strip() for k in re.split(r", or |, ", words)]
    kinds = [re.sub(r" counter$", "", re.sub(r"^an? ", "", k)) for k in kinds]
    what = c.ref(m.group(4))
    if what is None or len(kinds) < 2:
        return None
    out = [Effect("counters", {"what": what, "kind": "+1/+1", "amount": 1})] if m.group(1) else []
    return out + [Effect("counters", {"what": what, "kind": kinds[0], "amount": 1, "choice": kinds})]


@reader(r"^put ([+\-\w/]+) counters on (.+?) equal to (.+)$")
def _counters_equal(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Put loyalty counters on SELF equal to that creature's toughness" (Garruk the Slayer): as many counters
    as the amount names (121.1, 107.1), read as it resolves (608.2c); "that creature" is the object named before."""
    n = ctx_quantity(m.group(3), c)
    what = c.ref(m.group(2))
    if what is None or n is None:
        return None
    return [Effect("counters", {"what": what, "kind": m.group(1), "amount": n})]


@reader(r"^put a ([+\-\w/]+) counter on each of (up to \w+ target .+)$")
def _counters_each(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(2))
    return None if what is None else [Effect("counters", {"what": what, "kind": m.group(1), "amount": 1})]


@reader(r"^put (its|those|its \+1/\+1) counters on (.+)$")
def _its_counters(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"When SELF dies (leaves the battlefield), put its counters on target creature you control": each
    kind it had as it last existed (603.10; engine/ops/objects.py), only where "it" is SELF or the object of the leave
    event ("Whenever another creature you control dies, if it had counters on it, put its counters on SELF", Buzzard-
    Wasp Colony); "those counters" after "if it had counters on it" (The Ozolith) the same; "its +1/+1 counters"
    (Selfless Police Captain) those of that kind only."""
    if c.last not in ("self", "it") or c.cast_trigger:
        return None
    what = c.ref(m.group(2))
    if what is None:
        return None
    return [Effect("counters", {"what": what, "kind": "its", **({"only": "+1/+1"} if "+1/+1" in m.group(1) else {}),
                                **({"of": "it"} if c.last == "it" else {})})]


@reader(r"^remove (a|an|one|two|three|x|\d+|all) ([+\-\w/]+ )?counters? from (.+)$")
def _remove_counters(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(3))
    n = "all" if m.group(1) == "all" else amount_of(m.group(1), c)
    if what is None or n is None:
        return None
    if what == "self":
        c.last = "self"  # "remove an ice counter from SELF. Then if it has no ice counters on it": it is SELF
    return [Effect("counters", {"what": what, "kind": (m.group(2) or "any").strip(), "amount": n, "remove": True})]


@reader(r"^remove up to (one|two|three|four|five|six|x) counters from (.+)$")
def _remove_up_to(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Remove up to five counters from target artifact, creature, planeswalker, or opponent" (Price of Betrayal,
    Render Inert): any number up to that many, of any kinds (121.1), chosen as it resolves (engine/ops/objects.py)."""
    what = c.ref(m.group(2))
    n = amount_of(m.group(1), c)
    if what is None or n is None or what == "self":
        return None
    return [Effect("counters", {"what": what, "kind": "any", "amount": n, "remove": True, "up_to": True})]


@reader(
    r"^distribute (two|three|four|five|x|\d+) ([+\-\w/]+) counters among (one or two|one, two, or three|any number "
    r"of|up to two|up to three) target (.+)$"
)
def _distribute(m: re.Match, c: Ctx) -> list[Effect] | None:
    f = parse_noun(m.group(4))
    n = amount_of(m.group(1), c)
    if f is None or n is None:
        return None
    cnt = {"one or two": 2, "one, two, or three": 3, "any number of": 99, "up to two": 2, "up to three": 3}[m.group(3)]
    r = c.add_target(TargetSpec(f, m.group(0), count=cnt, min=0 if m.group(3).startswith("up to") else 1))
    c.last = r
    return [Effect("counters", {"what": r, "kind": m.group(2), "amount": n, "divided": True})]


@reader(r"^for each kind of counter on (target [a-z ]+?), (?:put another counter of that kind on it( or remove one "
        r"from it)?|give (?:that permanent or player|that permanent|it) another counter of that kind)$")
def _each_kind(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"For each kind of counter on target permanent or player, give that permanent or player another counter of
    that kind" (Maulfist Revolutionary), "..., put another counter of that kind on it or remove one from it"
    (Quarry Hauler): one counter of each kind the target has as it resolves, each put or removed (121.1)."""
    what = c.ref(m.group(1))
    if not (isinstance(what, dict) and set(what) == {"target"}):
        return None
    c.last = what
    return [Effect("counter_each_kind", {"what": what, **({"or_remove": True} if m.group(2) else {})})]


@reader(r"^double the number of each kind of counter on (.+)$")
def _double_each_kind(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Double the number of each kind of counter on target permanent" (Gilder Bairn), "... on any number of target
    permanents" (Deepglow Skate): for each kind it has as the instruction is carried out, as many more of that kind
    put on it (121.6: counters put, each kind's replacements applied to its number, 614.1a)."""
    what = c.ref(m.group(1))
    if not (isinstance(what, dict) and set(what) == {"target"}):
        return None
    c.last = what
    return [Effect("counter_each_kind", {"what": what, "double": True})]


@reader(r"^double the number of ([+\-\w/]+) counters on (.+)$")
def _double_counters(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(2))
    if what is None:
        return None
    # 121.1: each object (or player) gets as many as it has itself, not as many as the first of them has
    return [Effect("counters", {"what": what, "kind": m.group(1), "amount": {"counters_on": what, "kind": m.group(1)},
                                "double": True})]


#: this family's readers, in the order they are tried
@reader(r"^move (a|an|one|two|three|\d+|all|any number of) (?:([+\-\w/]+) )?counters? from (.+?) onto (.+)$")
def _move_counters(m: re.Match, c: Ctx) -> list[Effect] | None:
    """121.5: "move a +1/+1 counter from SELF onto that creature" (graft, 702.57a); "Move a counter from target
    creature onto a second target creature" (Leech Bonder: a counter of any kind, its kind chosen as it resolves);
    "Move all counters from target creature onto another target creature" (Fate Transfer: every kind); "move all
    +1/+1 counters from all creatures onto it" (Spike Cannibal: from each of a group); "move any number of +1/+1
    counters from SELF onto another target creature" (how many chosen as it resolves, 608.2d)."""
    many, kind = m.group(1), m.group(2) or "any"
    if kind in ("a", "an", "one") or kind == "any" and many not in ("a", "an", "one", "all"):
        return None
    if many in ("all", "any number of") and kind == "any" and many != "all":
        return None
    # "from all creatures onto it": "it" cannot be the group named after it, so it is what came before (SELF of
    # "When SELF enters"), read first
    early = c.ref(m.group(4)) if m.group(4) == "it" and m.group(3).startswith("all ") else None
    frm = c.ref(m.group(3))
    if isinstance(frm, dict) and "each" in frm and many != "all":
        return None  # "any number of counters from among ...": a choice per object, not read here
    to = early if early is not None else c.ref(m.group(4))
    if to is None or isinstance(to, dict) and ("each" in to or "choose" in to):
        return None
    n: Any = "all" if many == "all" else "any_number" if many == "any number of" else amount_of(many, c)
    if frm is None or n is None:
        return None
    return [Effect("move_counters", {"what": frm, "to": to, "kind": kind, "amount": n})]


@reader(r"^choose (two|three|four|five|six) (.+?) and put an? ([+\-\w/]+) counter on each of them$")
def _choose_then_counters(m: re.Match, c: Ctx) -> list[Effect] | None:
    """121.6, 608.2c: "choose four nonenchantment permanents you don't control and put an aim counter on each of
    them" (Haphazard Bombardment): not targeted; its controller chooses that many (all there are, with fewer) as it
    resolves, then one counter goes on each."""
    f = parse_noun(m.group(2))
    n = amount_of(m.group(1), c)
    if f is None or n is None or f.get("player") or f.get("_needs_player_target") \
            or f.get("zone") not in (None, "battlefield"):
        return None
    f.pop("zone", None)
    return [Effect("counters", {"what": {"choose": f, "amount": n}, "kind": m.group(3), "amount": 1})]


@reader(r"^(target opponent|target player|each opponent|each player|you) loses? all counters$")
def _player_loses_counters(m: re.Match, c: Ctx) -> list[Effect] | None:
    """121.1: "Target opponent loses all counters" (Suncleanser): every counter the player has, poison included."""
    who = c.player(m.group(1))
    if who is None:
        return None
    c.last_player = who
    return [Effect("counters", {"what": who, "kind": "any", "amount": "all", "remove": True})]


READERS: tuple[Reader, ...] = (_counter_choice, _two_counters, _counters, _counters_equal, _counters_each,
                               _its_counters, _remove_counters, _remove_up_to, _move_counters, _distribute,
                               _each_kind, _double_each_kind, _double_counters, _choose_then_counters,
                               _player_loses_counters)
