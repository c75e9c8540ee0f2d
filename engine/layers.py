"""Continuous effects and the layer system (CR 611-613).

``compute(game)`` works out the characteristics of every permanent at once, layer by
layer (613.1): control (2), types (4), colors (5), abilities (6), then power and
toughness: characteristic-defining (7a), setting (7b), modifying (7c), counters (7d), switching (7e).
Copy effects (layer 1) change the permanent's card itself (``copy_layer``), before all of these.
Within a layer effects apply in timestamp order (613.6); static abilities take the
timestamp of their permanent (613.6a... 613.6b), effects of resolved spells and
abilities the time they were created. Filters are checked against the characteristics
as they stand when that layer applies. Within a layer an effect that depends on another
(613.7: applying the other would change whether it exists or what it applies to) waits
until that one has applied, and a static ability whose source lost it in an earlier layer
no longer applies (613.5). The result is cached by the game and thrown away on every change.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.ability_index import CACHE, index
from engine.cards.abilities import Ability
from engine.cards.compiler.keywords import KEYWORD_ABILITIES as _KEYWORD_ABILITIES
from engine.cards.compiler.keywords import KEYWORD_TEXT as _KEYWORD_TEXT
from engine.cards.compiler.keywords import keyword_abilities as _keyword_abilities
from engine.cards.compiler.keywords import protection_qualities
from engine.cards.compiler.subtypes import CREATURE_TYPES
from engine.cards.compiler.textchange import full_text, rewrite
from engine.choices import COLORS
from engine.filters import matches
from engine.mana import mana_value
from engine.memo import per_object
from engine.object_statics import rule_effects, rule_in_force
from engine.protection import SPARES

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj


_BASE: dict[int, tuple] = {}  # per CardDef: its printed characteristics, shared until changed


class Chars:
    """The characteristics of an object as the rules see them now (CR 109.3).

    The sets are frozensets shared with the card's printed values; layers replace them
    rather than change them in place, so unaffected objects cost nothing to compute."""

    __slots__ = ("power", "toughness", "types", "subtypes", "supertypes", "colors", "keywords",
                 "kwargs", "abilities", "controller", "rules", "card")

    def __init__(self, o: "Obj", card: Any = None) -> None:
        self.card = card = card or o.card  # ``card``: its text as a text-changing effect left it (612)
        base = _BASE.get(id(card))
        if base is None or base[0] is not card:
            c = card
            base = (c, _num(c.power), _num(c.toughness), frozenset(c.types), _subtypes(c),
                    frozenset(c.supertypes), frozenset(c.colors), frozenset(c.keywords), list(c.abilities))
            _BASE[id(o.card)] = base
        _, self.power, self.toughness, self.types, self.subtypes, self.supertypes, self.colors, \
            self.keywords, self.abilities = base
        self.kwargs = card.keyword_args
        self.controller = o.controller
        self.rules: list[dict] = []  # restriction statics that apply to this object

    def clone(self) -> "Chars":
        """A copy that layers may change without touching the cached printed values."""
        c = Chars.__new__(Chars)
        c.card, c.power, c.toughness, c.types, c.subtypes, c.supertypes, c.colors, c.keywords, \
            c.kwargs, c.abilities, c.controller = self.card, self.power, self.toughness, self.types, \
            self.subtypes, self.supertypes, self.colors, self.keywords, self.kwargs, self.abilities, \
            self.controller
        c.rules = list(self.rules)
        return c

    def is_creature(self) -> bool:
        return "Creature" in self.types


#: An entry of one layer: (timestamp, source or None, static or timed effect, ability or None).
Entry = tuple[int, Any, dict[str, Any], Any]


def _subtypes(card: Any) -> frozenset[str]:
    """The printed subtypes; with changeling every creature type (702.72a: a characteristic-
    defining ability, so it applies first in layer 4 (613.3) and in every zone)."""
    if "Changeling" in card.keywords and ({"Creature", "Tribal", "Kindred"} & set(card.types)):
        return frozenset(card.subtypes) | CREATURE_TYPES
    return frozenset(card.subtypes)


def _num(v: str | None) -> int:
    if v is None:
        return 0
    try:
        return int(v)
    except ValueError:
        try:
            return int(v.split("+")[0])
        except ValueError:
            return 0


# Filter keys that read what each layer changes: a static whose filter reads none of them
# cannot depend on another effect of that layer for what it applies to (613.7a).
_READS = {
    "4": frozenset({"types", "and_types", "subtypes", "not_types", "not_subtypes", "supertypes",
                    "not_supertypes", "any", "permanent", "or"}),
    "5": frozenset({"colors", "not_colors", "colorless", "multicolored", "monocolored", "or"}),
    "6": frozenset({"keyword", "not_keyword", "or"}),
}

#: the characteristics an object filter (engine/filters.py) may read: all but the restrictions
#: (``rules``) and the abilities (which only decide whether an ability's effect exists, 613.7a)
_READ_SLOTS = tuple(k for k in Chars.__slots__ if k not in ("rules", "abilities"))

# the parts of a "become" static or effect (Frogify, Turn to Frog) in each layer
_BECOME_LAYER = {"4": ("subtypes", "types"), "5": ("colors", "add_colors", "chosen_color"), "6": ("lose_all",),
                 "7b": ("power",)}


def compute(game: "Game") -> dict[int, Chars]:
    """Characteristics of every object on the battlefield (613.1).

    Layers apply in order; within a layer, effects apply in timestamp order (613.6)
    unless one depends on another (613.7). A static ability applies only while its source
    has it (an ability removed in layer 6 no longer applies in layer 7), unless its
    effect already began to apply in an earlier layer (613.5)."""
    ability_cache = CACHE
    objs = game.objects
    # Printed characteristics are cached per object across changes and copied only when a
    # layer changes them (copy on write): most permanents are affected by nothing.
    printed = game.__dict__.get("_printed")
    if printed is None:
        printed = game._printed = {}
    chars: dict[int, Chars] = {}
    statics: list[Entry] = []
    texts = _text_changes(game) if game.effects else None
    full: list[tuple[int, dict[str, Any]]] = []
    elsewhere: list[Entry] = []
    for oid in game.battlefield:
        o = objs[oid]
        card = rewrite(o.card, texts[oid]) if texts and oid in texts else o.card  # layer 3 (613.1c, 612)
        c = printed.get(oid)
        if c is None or c.card is not card or c.controller != o.controller:
            c = printed[oid] = Chars(o, card)
        chars[oid] = c
        abl = card.abilities
        hit = ability_cache.get(id(abl))
        for ab in (hit[1] if hit is not None and hit[0] is abl else index(abl)).statics:
            if ab.static.get("kind") == "full_text":
                full.append((oid, ab.static))
            elif "everywhere" in ab.static:  # it reaches spells and cards in other zones too (``everywhere``)
                elsewhere.append((o.timestamp, oid, ab.static, ab))
            statics.append((o.timestamp, oid, ab.static, ab))  # 604, 611.3
    for oid, st in full:  # 612.5: the full text of another card (layer 3, 613.1c)
        o = objs[oid]
        gy = game.players[o.controller].graveyard
        top = objs[gy[-1]].card if gy else None
        if top is None or "Creature" not in top.types:
            continue
        card = full_text(o.card, top, st["ability"])
        if texts and oid in texts:
            card = rewrite(card, texts[oid])
        c = printed[oid] = Chars(o, card)
        chars[oid] = c
        statics = [e for e in statics if e[1] != oid] + \
            [(o.timestamp, oid, ab.static, ab) for ab in index(card.abilities).statics]
    game._everywhere = elsewhere  # (a list, empty or not: a snapshot keeps it with the characteristics)
    zone_free = not full  # what is computed reads no zone but the battlefield (a full text reads a graveyard)
    for p in game.order:  # 113.4: the abilities of emblems work from the command zone
        for oid in game.players[p].command:
            o = objs[oid]
            for ab in index(o.card.abilities).statics:
                statics.append((o.timestamp, oid, ab.static, ab))
        for oid in game.players[p].graveyard:  # 112.6b: "as long as SELF is in your graveyard, ..." (Anger)
            o = objs[oid]
            in_gy = index(o.card.abilities).gy_statics
            if in_gy:
                zone_free = False
                statics.extend((o.timestamp, oid, ab.static, ab) for ab in in_gy)
    game._chars = chars  # partial results are visible to filters below
    mine: set[int] = set()

    def own(i: int) -> Chars:
        """chars[i], made this computation's own before a layer changes it."""
        if i in mine:
            return chars[i]
        c = chars[i] = chars[i].clone()
        mine.add(i)
        return c

    if statics:  # statics the layers never apply, read only as their event happens (``_EVENT_KINDS``)
        statics = [e for e in statics if e[2].get("kind") not in _EVENT_KINDS]
    if not statics and not game.effects:
        out = _counters(objs, chars, own)
        game._chars_plain = out  # printed characteristics and counters only (Game.turn_state_changed)
        if zone_free:  # a full text (612.5) whose new text has no static still reads a graveyard
            game._chars_zone_free = out  # nor any other zone (Game.hidden_move)
        return out
    if all(_turn_free(e[2]) for e in statics):
        out = _layers(game, objs, chars, own, statics)
        game._chars_plain = out  # nothing reads turn state: kept by Game.turn_state_changed
        # "during your turn" reads who is active: the next turn is then a change (Game._next_turn)
        game._chars_by_turn = out if any(_by_turn(e[2]) for e in statics) else None
        zone_free = zone_free and not any(_zoned(e[2]) for e in statics)  # (a count of graveyard cards)
        if zone_free:  # turn-free statics read only permanents; a full text reads a graveyard (612.5)
            game._chars_zone_free = out  # kept by Game.hidden_move
        return out
    return _layers(game, objs, chars, own, statics)


def copy_layers(game: "Game") -> None:
    """Layer 1 for every permanent a copy effect has applied to (``Game.changed`` calls this once a
    game has had one): a copy effect that ended (514.2, 611.2) gives the permanent back its card."""
    objs = game.objects
    for oid in game.battlefield:
        o = objs.get(oid)
        if o is not None and o.chosen and ("copy_base" in o.chosen or "copy_up" in o.chosen):
            copy_layer(game, o)


def copy_layer(game: "Game", o: "Obj") -> None:
    """Layer 1 (613.1a, 706.2): the card of a permanent that copy effects ("becomes a copy of ...")
    apply to is the copy of the latest of them in timestamp order (613.6); once they have all
    ended it is again what it was before the first began (``chosen["copy_base"]``: its own card,
    or what it entered as a copy of, 706.5). It stays the same object throughout (706.4).

    707.10: while face down it keeps its face-down values; the copy waits in
    ``chosen["copy_up"]`` and is what it becomes if it is turned face up (engine/facedown.py)."""
    effs = [e for e in game.effects if e["layer"] == "1" and o.id in e["objects"]]
    want: Any = max(effs, key=lambda e: e["ts"])["card"] if effs else None
    ch = o.chosen
    if "face_down" in ch:
        if want is not None:
            ch["copy_up"] = want
        else:
            ch.pop("copy_up", None)
        return
    base: Any = ch.get("copy_base")
    if base is None:
        return
    if want is not None:
        if o.card is not want:
            o.card, o.is_copy = want, True
            game.changed()
        return
    del ch["copy_base"]  # every copy effect on it has ended
    if ch.get("printed") is base:  # its own card: no longer a copy
        del ch["printed"]
        o.is_copy = False
    o.card = base
    game.changed()


def _layers(game: "Game", objs: dict[int, Any], chars: dict[int, Chars], own: Any,
            statics: list[Entry]) -> dict[int, Chars]:
    """Layers 2 to 7 (613.1b-f) over ``chars``, the printed (and layer 3) characteristics, with the
    static abilities ``statics`` and the game's resolved continuous effects."""
    timed = sorted(game.effects, key=lambda e: e["ts"])
    if not statics and not timed:
        return _counters(objs, chars, own)
    started: set[tuple[int, int]] = set()  # (source, id(static)) of statics that began to apply
    counted: dict[tuple[int, str | None], int] = {}  # (id(amount), controller) -> a count read once (_shared)

    def amount(a: Any, src: int) -> int:
        """An amount of a static ability (611.3a); a count of permanents whose filter reads only the
        permanent and who "you" are is counted once for each controller: thirty-five copies of one
        Equipment that each give "+1/+0 for each artifact you control" count the artifacts once."""
        if not _shared(a):
            return game.amount(a, src)
        key = (id(a), game.controller_of(src))
        n = counted.get(key)
        if n is None:
            n = counted[key] = game.amount(a, src)
        return n

    def exists(src: int, st: dict[str, Any], ab: Ability) -> bool:
        """613.5-613.6: the source still has the ability, or its effect already began."""
        if (src, id(st)) in started:
            return True
        c = chars.get(src)
        if c is None:  # an emblem (113.4), a card in a graveyard (112.6b): its abilities are its card's
            return src in objs and objs[src].zone in ("command", "graveyard")
        return c is not None and any(a is ab for a in c.abilities)

    def affected(src: int, st: dict[str, Any]) -> list[int]:
        a = st.get("affects", "self")
        if st.get("condition") and not game.condition(st["condition"], src):
            return []  # a conditional static ("as long as ...") applies only while it holds
        if a == "self":
            return [src] if src in chars else []
        if a == "attached":
            t = objs[src].attached_to
            return [t] if t in chars else []
        if isinstance(a, dict):
            return [oid for oid in chars if matches(game, oid, a, src)]
        return []


    def targets(e: Entry) -> list[int]:
        ts, src, st, ab = e
        if ab is None:   # a resolved effect: its set of objects was locked in (611.2c)
            return [i for i in st["objects"] if i in chars]
        if not exists(src, st, ab):
            return []
        return affected(src, st)

    def run(layer: str, entries: list[Entry], apply: Any) -> None:
        """Apply one layer's effects: timestamp order, dependencies first (613.6, 613.7)."""
        if not entries:
            return
        pending = sorted(entries, key=lambda e: e[0])
        removers = layer == "6" and any(y[2].get("lose_all") for y in pending)  # may only overstate
        ordered = layer not in _READS or not any(may_depend(layer, x, removers) for x in pending)
        if ordered:  # 613.6 alone: timestamp order, no effect waits (the common case, kept cheap)
            for nxt in pending:
                st = nxt[2]
                if nxt[3] is None:  # a resolved effect: its objects were locked in (611.2c)
                    for i in st["objects"]:
                        if i in chars:
                            apply(own(i), st)
                    continue
                ids = targets(nxt)
                if ids:
                    started.add((nxt[1], id(st)))
                for i in ids:
                    apply(own(i), st)
            return
        pending.reverse()  # the earliest last: taken with pop() in constant time
        now: dict[int, Any] = {}  # what each entry applies to as things are, kept from one pick to the next
        while pending:
            nxt = pending[-1]
            if len(pending) > 1:
                nxt = _first_independent(layer, pending[::-1], removers, now)
            if nxt is pending[-1]:
                pending.pop()
            else:
                pending.remove(nxt)
            ids = _now(now, nxt)
            if nxt[3] is not None and ids:
                started.add((nxt[1], id(nxt[2])))
            for i in ids:
                apply(own(i), nxt[2])
            if ids:
                _moved(now, pending, set(ids))

    def _moved(now: dict[int, Any], pending: list[Entry], changed: set[int]) -> None:
        """After an effect applied to ``changed``: what each entry kept in ``now`` applies to, made
        true again. A resolved effect's objects are locked in (611.2c); a static of its source alone
        or of what it is attached to stays as it was while its source is unchanged; a static whose
        filter reads only the object it looks at (``_local``) is looked at again for the changed
        objects only; any other is forgotten (found again when asked)."""
        for e in pending:
            key = id(e)
            kept = now.get(key)
            if kept is None or e[3] is None:
                continue
            st = e[2]
            a = st.get("affects", "self")
            if e[1] not in changed and not isinstance(a, dict) and not st.get("condition"):
                continue
            if e[1] in changed or not isinstance(a, dict) or not _local(st):
                now.pop(key, None)
                now.pop(-key, None)
                continue
            if not exists(e[1], st, e[3]):
                continue  # its source (unchanged) lacks the ability (613.5): it applies to nothing still
            was = _now_set(now, e)
            flips = {i for i in changed if (i in was) != matches(game, i, a, e[1])}
            if flips:
                was ^= flips
                now[key] = [i for i in chars if i in was]

    def depends(layer: str, x: Entry, y: Entry, now: dict[int, Any]) -> bool:
        """613.7a: would applying y change whether x exists or what x applies to? ``now`` keeps
        what each entry applies to as things are (by ``id`` of the entry): it does not change
        while ``_first_independent`` compares pairs, so each is found once, not once a pair."""
        if x[3] is None:
            return False  # a resolved effect's objects are locked in
        st = x[2]
        a = st.get("affects")
        reads = isinstance(a, dict) and not _READS[layer].isdisjoint(_filter_keys(a))
        removes = layer == "6" and bool(y[2].get("lose_all"))
        if not reads and not removes:
            return False
        changed = _now(now, y)
        if not changed:
            return False  # y applies to nothing now: applying it changes nothing
        saved = {i: chars[i] for i in changed}  # only these are replaced, and put back
        # x's filter reads only the object it looks at (and its source, which y leaves as it is):
        # only the objects y changes can enter or leave what x applies to, so only they are looked at
        local = x[1] not in saved and isinstance(a, dict) and _local(st)
        was = _now_set(now, x) if local else None  # (as things are: before y applies)
        moved = False
        for i in changed:
            c = chars[i] = saved[i].clone()
            _APPLY[layer](c, y[2])
            old = saved[i]
            moved = moved or any(getattr(c, k) is not getattr(old, k) for k in _READ_SLOTS) \
                or i == x[1] and c.abilities is not old.abilities
        # a layer replaces what it changes (never in place): a y that replaced nothing a filter
        # reads (restrictions and abilities are not read by filters), nor the abilities of x's
        # source (x's existence, 613.7a), changes nothing x depends on
        after: list[int] | None = None
        differs = False
        if moved and was is not None and isinstance(a, dict):
            # (a source that lacks the ability, 613.5, lacks it before and after: x applies to nothing)
            differs = exists(x[1], st, x[3]) and any((i in was) != matches(game, i, a, x[1]) for i in changed)
        elif moved:
            after = targets(x)
        chars.update(saved)
        return differs or after is not None and _now(now, x) != after  # (``_now``: as things are, y undone)

    def _now_set(now: dict[int, Any], e: Entry) -> set[int]:
        """``_now`` as a set (kept beside it, under the negated id of the entry)."""
        got = now.get(-id(e))
        if got is None:
            got = now[-id(e)] = set(_now(now, e))
        return got

    def _now(now: dict[int, Any], e: Entry) -> list[int]:
        got = now.get(id(e))
        if got is None:
            got = now[id(e)] = targets(e)
        return got

    def may_depend(layer: str, x: Entry, removers: bool) -> bool:
        """Can x depend on anything at all (the cheap part of ``depends``)? A resolved effect
        (locked-in objects, 611.2c) or a static whose filter reads nothing this layer changes
        never waits, so most effects are placed without looking at any pair."""
        if x[3] is None:
            return False
        a = x[2].get("affects")
        return isinstance(a, dict) and not _READS[layer].isdisjoint(_filter_keys(a)) or removers

    def _first_independent(layer: str, pending: list[Entry], removers: bool, now: dict[int, Any]) -> Entry:
        """613.7b: the earliest effect that waits for no other; a loop falls back to timestamps.
        Only effects that may depend are compared with the others (near linear in the number
        of timed effects, which never depend). ``now``: what each entry applies to as things are
        (nothing is applied while choosing; ``run`` keeps it true from one pick to the next)."""
        for x in pending:
            if not may_depend(layer, x, removers):
                return x
            if not any(y is not x and depends(layer, x, y, now) and not depends(layer, y, x, now) for y in pending):
                return x
        return pending[0]

    by_layer: dict[str, list[Entry]] = {}
    for e in timed:  # the resolved effects of each layer, in timestamp order
        by_layer.setdefault(e["layer"], []).append((e["ts"], None, e, None))

    at_kind: dict[Any, list[int]] = {}  # a kind of static -> the places of its statics in ``statics``
    for k, entry in enumerate(statics):
        at_kind.setdefault(entry[2].get("kind"), []).append(k)

    def of_kinds(kinds: tuple[str, ...]) -> list[Entry]:
        """The statics of these kinds, in the order of ``statics``."""
        if len(kinds) == 1:
            return [statics[k] for k in at_kind.get(kinds[0], ())]
        return [statics[k] for k in sorted(k for kind in kinds for k in at_kind.get(kind, ()))]

    def entries(layer: str, kinds: tuple[str, ...]) -> list[Entry]:
        out = [e for e in of_kinds(kinds)
               if e[2].get("kind") != "become" or any(k in e[2] for k in _BECOME_LAYER.get(layer, ()))]
        return out + by_layer.get(layer, []) if out else list(by_layer.get(layer, ()))

    # layer 2: control; a static ("You control enchanted creature") gives it to its source's controller (613.2)
    run("2", [(ts, src, dict(st, controller=(chars[src] if src in chars else objs[src]).controller)
               if ab is not None else st, ab) for ts, src, st, ab in entries("2", ("control",))], _apply2)
    # layer 4: types
    run("4", [(ts, src, _chosen_subtype(st, objs[src]) if "chosen_subtype" in st and src in objs else st, ab)
              for ts, src, st, ab in entries("4", ("add_types", "become", "lose_types"))], _APPLY["4"])
    # layer 5: colors; "are the chosen color": the color its source chose as it entered (614.12), none changed while
    # it chose none
    run("5", [(ts, src, _chosen_color(st, objs[src]), ab) if st.get("chosen_color") and src in objs
               else (ts, src, st, ab) for ts, src, st, ab in entries("5", ("become",))], _APPLY["5"])
    # layer 6: abilities
    six = [(ts, src, _by_granter(st if src is None or CHOSEN_PROTECTION not in st.get("keywords", ())
                                 else dict(st, keywords=chosen_protection(st["keywords"], objs[src].chosen)), src), ab)
           for ts, src, st, ab in entries("6", ("keywords", "grant_ability", "restriction", "become"))]
    six += [(ts, src, _abilities_of(game, chars, st, src), ab) for ts, src, st, ab in of_kinds(("abilities_of",))]
    six = [(ts, src, dict(st, spares_src=src), ab) if st.get("spares") else (ts, src, st, ab)
           for ts, src, st, ab in six]
    run("6", six, _APPLY["6"])
    if any(e[2].get("rule") == "cant_have" for e in six):  # 112.11: "can't have", whatever came later
        for oid, c in chars.items():
            bar = {k for r in c.rules if r.get("rule") == "cant_have" for k in r["keywords"]}
            if bar & c.keywords:
                c = own(oid)
                c.keywords = c.keywords - bar
                if any(k in _KEYWORD_ABILITIES for k in bar):
                    c.abilities = [a for a in c.abilities if a.keyword not in bar]
    # 613.1f: a static ability a permanent gained in layer 6 ('Equipment you control have "Equipped creature gets
    # +1/+1"', Rune of Speed's Equipment) applies as its own would: its layer-6 part once the abilities are granted
    # (613.7a: it exists only then), its layer-7c part with the others in timestamp order
    gained = _gained_statics(objs, chars, game.__dict__.get("_printed") or {})
    if gained:
        run("6", [e for e in gained if e[2].get("kind") in ("keywords", "grant_ability")], _APPLY["6"])
    # layer 7a: characteristic-defining abilities
    for ts, src, st, ab in of_kinds(("set_pt",)):
        if src in chars and exists(src, st, ab):
            c = own(src)
            if "power" in st:
                c.power = amount(st["power"], src)
            if "toughness" in st:
                c.toughness = amount(st["toughness"], src)
    # layer 7b: setting
    run("7b", entries("7b", ("become",)), _APPLY["7b"])
    # layer 7c: modifying (statics and resolved effects in timestamp order)
    layer7c: list[tuple[int, list[int], int, int]] = []
    for ts, src, st, ab in sorted(of_kinds(("anthem",)) + [e for e in gained if e[2].get("kind") == "anthem"],
                                  key=lambda e: e[0]) if gained else of_kinds(("anthem",)):
        if exists(src, st, ab):
            if _per_affected(st):  # "for each other creature that shares a creature type with it": each its own
                dp, dt = amount(st.get("power", 0), src), amount(st.get("toughness", 0), src)
                for i in affected(src, st):
                    per = game.amount(_shares_with(st["per"], i, chars[i]), src)  # (new dicts: never cached)
                    layer7c.append((ts, [i], dp * per, dt * per))
                continue
            per = amount(st["per"], src) if st.get("per") else 1
            layer7c.append((ts, affected(src, st), amount(st.get("power", 0), src) * per,
                            amount(st.get("toughness", 0), src) * per))
    for e in timed:
        if e["layer"] == "7c":
            layer7c.append((e["ts"], [i for i in e["objects"] if i in chars], e["power"], e["toughness"]))
    for _, ids, dp, dt in layer7c:
        for i in ids:
            c = own(i)
            c.power += dp
            c.toughness += dt
    chars = _counters(objs, chars, own)
    # layer 7e: switching power and toughness, in timestamp order (613.3e: two switches undo each other)
    for _, _, sw, _ in by_layer.get("7e", ()):
        for i in sw["objects"]:
            if i in chars:
                c = own(i)
                c.power, c.toughness = c.toughness, c.power
    return chars


#: Kinds of static abilities that no layer applies (613.1: they change no characteristic) and that are read only as
#: their event happens, each time afresh from the statics kept with the characteristics (``player_statics.statics``,
#: ``costs._permanent_statics``, ``replacement._entering_statics``), never by a state-based action (704.5) or by
#: data derived from the characteristics: a spell's total cost as it is cast (601.2f: "cost_change", "additional_cost",
#: "alternative_cost", 118.9; "cast_only", "cast_self_from": whether it may be cast, 601.3), a permanent's counters as
#: it enters (614.1c: "enters_with_counters"), a damage event's prevention or redirection (615, 614.9:
#: "prevent_damage", "redirect_damage"). ``compute`` leaves them out, so what they read of the turn state (tapped,
#: attacking, "this turn", 500) or of hidden zones (a count of graveyard cards) does not make every change of turn
#: state or hidden move recompute the characteristics (``Game.turn_state_changed``, ``Game.hidden_move``).
_EVENT_KINDS = frozenset({"cost_change", "additional_cost", "alternative_cost", "cast_only", "cast_self_from",
                          "enters_with_counters", "prevent_damage", "redirect_damage"})


#: Filter keys that read only what a change other than of turn state changes: characteristics,
#: counters, tokens, names, attachments, choices made as a permanent entered. Every other key
#: (tapped, attacking, blocking, "this turn", targets, ...) may read the turn state.
_TURN_FREE_KEYS = frozenset({
    "types", "and_types", "subtypes", "not_types", "not_subtypes", "not_colors", "supertypes",
    "not_supertypes", "colors", "colorless", "multicolored", "monocolored", "controller", "owner",
    "other", "token", "keyword", "not_keyword", "counter", "power_le", "power_ge", "power_eq",
    "toughness_le", "toughness_ge", "toughness_eq", "mv_le", "mv_ge", "mv_eq", "permanent", "name",
    "enchanted", "equipped", "chosen_color", "chosen_type", "chosen_name", "any", "or", "not",
    "mv_parity", "toughness_gt_power", "commander",
})
_FREE: dict[int, tuple[dict[str, Any], bool]] = {}  # id(static) -> (static, turn free?)


def _turn_free(st: dict[str, Any]) -> bool:
    """Does this static ability's effect (613) stay the same while only the turn state changes:
    tapped or untapped (110.5), summoning sickness (302.6), mana pools (106.4), the step and who
    has priority (500)? Then ``Game.turn_state_changed`` keeps the characteristics. True only
    for what ``compute`` evaluates of it without the game's turn state: no condition ("as long
    as", 611.3a) but a count of permanents, amounts that are fixed numbers or read only
    permanents (``_free_amount``: "for each Gate you control", 608.2h), and filters of
    ``_TURN_FREE_KEYS`` with fixed numbers."""
    hit = _FREE.get(id(st))
    if hit is not None and hit[0] is st:
        return hit[1]
    free = st.get("kind") != "abilities_of" and _free_condition(st.get("condition")) \
        and all(_free_amount(st.get(k, 0)) for k in ("power", "toughness", "per")) \
        and (not isinstance(st.get("affects"), dict) or _free_filter(st["affects"]))
    _FREE[id(st)] = (st, free)
    return free


#: Filter keys whose test reads only the object looked at and who "you" are, never the source
#: itself nor power or toughness (which layer 7a changes as it goes): a count with only these is
#: the same for every source of one controller while the layers are applied (``_layers``).
_SHARED_KEYS = _TURN_FREE_KEYS - {"other", "name", "enchanted", "equipped", "chosen_color", "chosen_type",
                                  "chosen_name", "power_le", "power_ge", "power_eq", "toughness_le",
                                  "toughness_ge", "toughness_eq", "toughness_gt_power"}
_SHARED: dict[int, tuple[Any, bool]] = {}  # id(amount) -> (amount, shared?)


def _shared(a: Any) -> bool:
    """Is this amount a count of permanents (608.2h) through a filter of ``_SHARED_KEYS`` only?"""
    if not isinstance(a, dict):
        return False
    hit = _SHARED.get(id(a))
    if hit is not None and hit[0] is a:
        return hit[1]
    shared = set(a) == {"count"} and _free_filter(a["count"], _SHARED_KEYS)
    _SHARED[id(a)] = (a, shared)
    return shared


def _free_condition(cond: Any) -> bool:
    """No condition, or only parts that read permanents and what a permanent keeps from its
    entering (values.condition): "as long as you control N or more ..." (``control``, a count of
    permanents) and "as long as enchanted creature is black" (``attached``: the permanent it is
    attached to, 303.4), each of a turn-free filter; "as long as it was cast with suspend"
    (``cast_with``, 702.61a: how the spell that became it was cast, kept as it entered), "if it was kicked"
    (``kicked``, 702.32b: kept as it entered likewise)."""
    if not cond:
        return True
    if isinstance(cond, dict) and ("all" in cond or "any" in cond or "not" in cond):  # (values.condition reads
        parts = cond["all"] if "all" in cond else cond["any"] if "any" in cond else [cond["not"]]  # these alone)
        return isinstance(parts, list) and all(isinstance(c, dict) and c and _free_condition(c) for c in parts)
    if not isinstance(cond, dict) or not set(cond) <= _FREE_CONDITION_KEYS:
        return False
    counted = [cond[k] for k in ("control", "opponents_control") if k in cond]
    if counted:
        if not all(_free_filter(f) for f in counted) or not all(_fixed(cond.get(k, 0)) for k in ("min", "max")):
            return False
    elif "min" in cond or "max" in cond:
        return False
    if "filter" in cond and not (isinstance(cond["filter"], dict) and _free_filter(
            {k: v for k, v in cond["filter"].items() if k != "zone"})):  # the graveyard's cards (``_GRAVEYARD_KEYS``)
        return False
    if not all(_fixed(cond[k]) for k in _GRAVEYARD_KEYS if k in cond):
        return False
    counters = cond.get("self_counters_ge", {})
    if not isinstance(counters, dict) or not all(_fixed(n) for n in counters.values()):
        return False
    return all(k not in cond or _free_filter(cond[k]) for k in ("attached", "self"))


#: the keys of a turn-free condition (``_free_condition``). Besides a count of permanents and what a permanent kept
#: from its entering: the source itself through a turn-free filter ("as long as SELF is equipped", ``self``; as
#: ``attached`` reads what it is attached to), the counters on it ("as long as there are seven or more charge
#: counters on SELF", ``self_counters_ge``: every change of counters is a change of the state, ``Game.changed``, as
#: the "counter" filter key assumes) and the designations monstrous (701.28b) and renowned (702.111a), which the
#: actions that give them mark with ``Game.changed``; the city's blessing (ascend, a later keyword: a designation
#: ``actions.ascend`` marks with ``Game.changed`` likewise); "during your turn" (``your_turn``: who is active,
#: 102.1, changes only as a turn begins, which is a change when such a static is read: ``_by_turn``)
_FREE_CONDITION_KEYS = frozenset({"control", "min", "max", "attached", "cast_with", "kicked", "self",
                                  "self_counters_ge", "monstrous", "renowned", "city_blessing", "your_turn",
                                  "opponents_control", "filter"})

#: the condition keys that count the cards in graveyards (values.condition: threshold, "as long as seven or more cards
#: are in your graveyard", with "filter" for the cards counted; delirium, 205.2a, "card types among cards in your
#: graveyard"; "if an opponent has ten or more cards in their graveyard"): cards enter or leave a graveyard only with
#: a move (Game.move: a change of the state or Game.hidden_move), never with a change of turn state, so they are
#: turn-free (``_free_condition``) but not zone-free (``_zoned``), as a count of graveyard cards in an amount is
_GRAVEYARD_KEYS = frozenset({"graveyard_ge", "graveyard_types_ge", "graveyard_mvs_ge", "opponent_graveyard_ge",
                             "any_graveyard_ge"})
_FREE_CONDITION_KEYS |= _GRAVEYARD_KEYS


def _by_turn(st: dict[str, Any]) -> bool:
    """Does this static's condition read whose turn it is ("during your turn", 611.3a, 500.1)?"""
    return any("your_turn" in c for c in _condition_parts(st.get("condition")))


def _fixed(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _free_amount(v: Any) -> bool:
    """A fixed number, or an amount that reads only permanents through a turn-free filter (608.2h, engine/values.py
    ``amount``): "the number of Gates you control" (a count on the battlefield: a filter naming another zone or
    players is not turn-free), "the greatest mana value among other artifacts you control"."""
    if not isinstance(v, dict):
        return _fixed(v)
    if set(v) == {"plus"}:  # "that number plus 1" (Lhurgoyf): each part
        return isinstance(v["plus"], list) and all(_free_amount(x) for x in v["plus"])
    if set(v) == {"count"} and _zoned_amount(v):  # "the number of creature cards in all graveyards": cards move
        # there only with a change of the state, never of turn state alone (not zone-free: ``_zoned``)
        return _free_filter({k: x for k, x in v["count"].items() if k != "zone"}, _COUNT_FREE_KEYS)
    if set(v) == {"count"}:
        return _free_filter(v["count"], _COUNT_FREE_KEYS)
    if "counters_on" in v:  # "for each charge counter on SELF" (of the source, or what it is attached to)
        return set(v) <= {"counters_on", "kind"} and v["counters_on"] in _FREE_REFS
    return set(v) <= {"greatest", "among"} and v.get("greatest") in ("mv", "power", "toughness") \
        and _free_filter(v.get("among") or {})


def _zoned(st: dict[str, Any]) -> bool:
    """Does this static's power, toughness or multiplier count cards in graveyards (``_zoned_amount``), or its
    condition (``_GRAVEYARD_KEYS``: threshold)? Its characteristics then change as a card moves between hidden zones
    and a graveyard (Game.hidden_move)."""
    return any(_zoned_amount(st.get(k, 0)) for k in ("power", "toughness", "per")) \
        or _graveyard_condition(st.get("condition"))


def _graveyard_condition(cond: Any) -> bool:
    """Does a condition (or a part of it: "all", "any", "not") count cards in graveyards (``_GRAVEYARD_KEYS``)?"""
    return any(not _GRAVEYARD_KEYS.isdisjoint(c) for c in _condition_parts(cond))


def _condition_parts(cond: Any) -> list[dict[str, Any]]:
    """The plain parts of a condition: itself, or those of each part of its "all", "any" or "not" (values.condition
    reads these alone)."""
    if not isinstance(cond, dict):
        return []
    if "all" in cond or "any" in cond or "not" in cond:
        parts = cond["all"] if "all" in cond else cond["any"] if "any" in cond else [cond["not"]]
        return [c for part in parts for c in _condition_parts(part)] if isinstance(parts, list) else []
    return [cond]


def _per_affected(st: dict[str, Any]) -> bool:
    """Is an anthem's amount counted for each object it affects ("Each creature gets +1/+1 for each other creature
    on the battlefield that shares a creature type with it", Coat of Arms: ``shares_type_with`` "affected")?"""
    per = st.get("per")
    return isinstance(per, dict) and isinstance(per.get("count"), dict) \
        and per["count"].get("shares_type_with") == "affected"


def _shares_with(per: dict[str, Any], oid: int, c: Chars) -> dict[str, Any]:
    """The count of an anthem read for the one object ``oid`` it affects (611.3a, 205.3m): the other objects that
    have one of its creature types as layer 4 left them ("other" is other than that object)."""
    f = {k: v for k, v in per["count"].items() if k not in ("shares_type_with", "other")}
    f["subtypes"] = sorted(t for t in c.subtypes if t in CREATURE_TYPES)
    f["not_ids"] = [*f.get("not_ids", ()), oid]
    return {**per, "count": f}


def _zoned_amount(v: Any) -> bool:
    """A count of the cards in graveyards (406, 404: "creature cards in all graveyards", "in your graveyard"), or a
    sum with one."""
    if not isinstance(v, dict):
        return False
    if isinstance(v.get("plus"), list):
        return any(_zoned_amount(x) for x in v["plus"])
    f = v.get("count")
    return isinstance(f, dict) and f.get("zone") == "graveyard"


def turn_free_filter(f: Any) -> bool:
    """Does a filter read only what a change other than of turn state changes (``_TURN_FREE_KEYS``, with fixed
    numbers), so that what it matches among the permanents stays the same while the characteristics are kept
    (``Game.turn_state_changed``)?"""
    return _free_filter(f)


def _free_filter(f: Any, keys: frozenset[str] = _TURN_FREE_KEYS) -> bool:
    """A filter of these keys only (in its "or" and "not" parts too), with fixed numbers."""
    if not isinstance(f, dict):
        return False
    for k, v in f.items():
        if k not in keys:
            return False
        if k == "or" and not (isinstance(v, list) and all(_free_filter(x, keys) for x in v)):
            return False
        if k == "not" and not _free_filter(v, keys):
            return False
        if k[-3:] in ("_le", "_ge", "_eq") and not _fixed(v):
            return False
        if k == "other_than" and v not in _FREE_REFS:
            return False
    return True


#: the references a turn-free amount may name (values.static_refs): the source and what it is attached to, which
#: change only with the state (an attachment, 701.3)
_FREE_REFS = ("self", "attached")
#: a count's filter may also leave out what such a reference names ("for each other creature you control" of
#: "Enchanted creature gets ...": values.static_bind)
_COUNT_FREE_KEYS = _TURN_FREE_KEYS | {"other_than"}


#: Filter keys whose test (``filters.matches``) reads only the object looked at (its
#: characteristics, counters, status, what it is attached to) and its source's controller and
#: choices: whether another object matches does not change it. The turn-free keys and the status
#: of the object itself (110.5, 506.4).
_LOCAL_KEYS = _TURN_FREE_KEYS | frozenset({"tapped", "attacking", "blocking", "in_combat", "kicked", "not_ids"})
_LOCAL: dict[int, tuple[dict[str, Any], bool]] = {}  # id(static) -> (static, local?)


def _local(st: dict[str, Any]) -> bool:
    """Is what this static applies to (613.7a) decided object by object: no condition (611.3a,
    which may read any object) and an object filter of ``_LOCAL_KEYS``? Then a change to some
    objects can change only whether those objects are among what it applies to."""
    hit = _LOCAL.get(id(st))
    if hit is not None and hit[0] is st:
        return hit[1]
    local = not st.get("condition") and _free_filter(st.get("affects"), _LOCAL_KEYS)
    if len(_LOCAL) > 8192:
        _LOCAL.clear()
    _LOCAL[id(st)] = (st, local)
    return local


_CDA_BUSY: set[tuple[int, int]] = set()  # (game, object) whose characteristic-defining values are being computed


def _text_changes(game: "Game") -> dict[int, tuple[tuple[str, str], ...]]:
    """612, 613.1c: the words each object's text-changing effects replace, in timestamp order
    (613.6). Layer 3 comes before any filter is read, so what an effect applies to is fixed."""
    out: dict[int, list[tuple[str, str]]] = {}
    if not any(e["layer"] == "3" for e in game.effects):
        return {}
    for e in sorted((e for e in game.effects if e["layer"] == "3"), key=lambda e: e["ts"]):
        for oid in e["objects"]:
            out.setdefault(oid, []).append((e["from"], e["to"]))
    return {k: tuple(v) for k, v in out.items()}


def off_battlefield(game: "Game", o: Any) -> Chars:
    """The characteristics of an object in another zone: its printed ones, with its
    characteristic-defining abilities applied, which work in every zone (604.3, 613.3a).

    The value a characteristic-defining ability counts ("the number of creature cards in all
    graveyards") may include the object itself: while its value is being worked out, the
    object's own characteristics are its printed ones (the count reads its card types, which
    no such ability here defines), so the computation ends. So are those of the other objects it
    counts: a count of cards off the battlefield reads their card types, supertypes and colors, none
    of which such an ability defines, and working out their own defined values in turn would
    grow with each such card counted (Detritivore and Aeon Chronicler in one graveyard)."""
    c = Chars(o)
    if getattr(o, "ability", None) is not None:
        return c
    cdas = _own_pt_cdas(o.card)
    if not cdas:  # (most cards: their printed characteristics)
        return c
    gid = id(game)
    key = (gid, o.id)
    if key in _CDA_BUSY or any(k[0] == gid for k in _CDA_BUSY):
        return c
    _CDA_BUSY.add(key)
    try:
        for st in cdas:
            if "power" in st:
                c.power = game.amount(st["power"], o.id)
            if "toughness" in st:
                c.toughness = game.amount(st["toughness"], o.id)
    finally:
        _CDA_BUSY.discard(key)
    return c


@per_object
def _own_pt_cdas(card: Any) -> tuple[dict[str, Any], ...]:
    """The static abilities of a card that define its own power and toughness, unconditionally (604.3: "SELF's power
    and toughness are each equal to ..."), which ``off_battlefield`` applies in every zone."""
    return tuple(st for st in (ab.static for ab in index(card.abilities).statics)
                 if st.get("kind") == "set_pt" and st.get("affects", "self") == "self" and not st.get("condition"))


#: counter kind -> (power, toughness) change, or None when the kind changes neither (121.1a)
_PT_KINDS: dict[str, tuple[int, int] | None] = {}


def _pt_kind(kind: str) -> tuple[int, int] | None:
    if kind in _PT_KINDS:
        return _PT_KINDS[kind]
    p, _, t = kind.partition("/")
    try:
        val: tuple[int, int] | None = (int(p), int(t)) if p[:1] in "+-" and t[:1] in "+-" and p and t else None
    except ValueError:
        val = None
    _PT_KINDS[kind] = val
    return val


def _counters(objs: dict, chars: dict[int, Chars], own: Any) -> dict[int, Chars]:
    """Layer 7d: counters that change power and toughness (613.3d, 121.1a): +1/+1 and -1/-1, and
    any other "+N/+M" kind ("-0/-1" of Shield Sphere, "+1/+0"); and keyword counters (a later rule,
    Ikoria 2020: a flying counter gives flying), applied here with them."""
    for i in list(chars):
        cs = objs[i].counters
        if cs:
            dp = dt = 0
            for k, v in cs.items():
                pt = _pt_kind(k) if v else None
                if pt is not None:
                    dp += pt[0] * v
                    dt += pt[1] * v
            if dp or dt:
                c = own(i)
                c.power += dp
                c.toughness += dt
            if not _KEYWORD_COUNTER_KINDS.isdisjoint(cs):  # keyword counters (a later rule, Ikoria 2020):
                kws = {_KEYWORD_COUNTERS[k] for k, n in cs.items() if n > 0 and k in _KEYWORD_COUNTERS}
                if not kws <= chars[i].keywords:  # "an indestructible counter" gives indestructible
                    c = own(i)
                    c.keywords = c.keywords | kws
    return chars


def _filter_keys(f: dict[str, Any]) -> set[str]:
    """The keys a filter reads, its alternatives' (``or``) included: an ``or`` whose alternatives
    are all filters reads only what they read (613.7a: "Mounts and Vehicles you control have
    hexproof" reads subtypes, not the keywords layer 6 changes), so it is left out for them."""
    keys = set(f)
    alts = f.get("or")
    if isinstance(alts, list):
        if alts and all(isinstance(sub, dict) for sub in alts):
            keys.discard("or")
        for sub in alts:
            if isinstance(sub, dict):
                keys |= _filter_keys(sub)
    return keys


def _apply2(c: Chars, e: dict[str, Any]) -> None:
    c.controller = e["controller"]


_FROZEN: dict[tuple[str, ...], frozenset[str]] = {}


def _frozen(xs: Any) -> frozenset[str]:
    """The frozenset of a list of words, shared (effects repeat the same few lists)."""
    if not xs:
        return _EMPTY
    key = tuple(xs)
    got = _FROZEN.get(key)
    if got is None:
        got = _FROZEN[key] = frozenset(key)
    return got


_EMPTY: frozenset[str] = frozenset()


#: The land types (205.3i, 2016, and the later Cave, Sphere and Town).
LAND_TYPES = frozenset({"Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains",
                        "Power-Plant", "Swamp", "Tower", "Urza's", "Cave", "Sphere", "Town"})


#: subtypes an artifact or enchantment that stops being a creature keeps (205.3d: creature types only on creatures)
NONCREATURE_SUBTYPES = frozenset({"Equipment", "Vehicle", "Fortification", "Aura", "Contraption", "Food", "Clue",
                                  "Treasure", "Blood", "Gold", "Powerstone", "Map", "Junk", "Incubator", "Attraction",
                                  # enchantment types (205.3h; the later ones printed since)
                                  "Curse", "Shrine", "Cartouche", "Saga", "Class", "Case", "Room", "Rune", "Shard",
                                  "Background", "Role", "Glimmer"})


def _apply4(c: Chars, st: dict[str, Any]) -> None:
    kind = st.get("kind")
    if st.get("lose_land_types"):  # "lose all land types" (Alpine Moon): its subtypes that are land types (205.3i)
        if c.subtypes & LAND_TYPES:
            c.subtypes = c.subtypes - LAND_TYPES
        return
    if st.get("lose_creature_types"):  # "loses all creature types" (Nameless Inversion): its creature types only
        # (205.3m); its other subtypes stay
        if c.subtypes & CREATURE_TYPES:
            c.subtypes = c.subtypes - CREATURE_TYPES
        return
    if st.get("remove_types"):  # "as long as ..., SELF isn't a creature" (a Theros god): it loses the type (613.1d)
        gone = _frozen(st["remove_types"])
        if c.types & gone:
            c.types = c.types - gone
        return
    if "land_mana" in st:
        if "Land" not in c.types:
            return
        if st.get("set_land_types"):
            # 305.7: its land types are only the new one; it loses the abilities of its rules
            # text and has the new type's mana ability (granted abilities come later, layer 6)
            c.subtypes = (c.subtypes - LAND_TYPES) | set(st["subtypes"])
            c.abilities = list(st["land_mana"])
            c.keywords = frozenset()
            c.kwargs = {}
        else:  # 305.6: an added basic land type brings its mana ability
            c.subtypes = c.subtypes | set(st["subtypes"])
            have = {a.text for a in c.abilities}
            c.abilities = c.abilities + [a for a in st["land_mana"] if a.text not in have]
        return
    if kind == "lose_types":  # "isn't a creature" (reconfigure): the card types, and a creature's subtypes (205.3d)
        lost = frozenset(st.get("types", ()))
        if lost & c.types:
            c.types = c.types - lost
            if "Creature" in lost:
                c.subtypes = c.subtypes & NONCREATURE_SUBTYPES
        return
    sup = st.get("supertypes")
    if sup and not c.supertypes.issuperset(sup):  # "is legendary", "becomes a legendary 4/4 ..." (205.4b: a
        c.supertypes = c.supertypes | frozenset(sup)  # gained supertype keeps the others, whatever the card types)
    if kind == "add_types" or st.get("in_addition"):
        sub, types = _frozen(st.get("subtypes")), _frozen(st.get("types"))
        if not sub <= c.subtypes:  # an object that has them already keeps its set (no copy)
            c.subtypes = c.subtypes | sub
        if not types <= c.types:
            c.types = c.types | types
    elif st.get("set_types"):  # "is a Food artifact ... and loses all other card types" (205.1a): only these
        c.types, c.subtypes = _frozen(st.get("types")), _frozen(st.get("subtypes"))  # (supertypes stay)
    elif kind == "become" or st.get("keep_types"):
        # 205.1b: becoming a creature type replaces the creature types; card types stay
        if st.get("subtypes") is not None:
            c.subtypes = frozenset(st["subtypes"])
        if st.get("types"):
            c.types = c.types | set(st["types"])
    else:
        c.types = frozenset(st.get("types", ()))
        c.subtypes = frozenset(st.get("subtypes", ()))


#: "has protection from the chosen color": the color its source chose as it entered (614.12)
CHOSEN_PROTECTION = "Protection from the chosen color"


def chosen_protection(keywords: list[str], chosen: dict[str, Any]) -> list[str]:
    """702.16a, 614.12: "Enchanted creature has protection from the chosen color" (Cho-Manno's Blessing, Order of the
    Stars): the keyword with the color the source chose as it entered (``chosen["color"]``, a letter); none while
    it chose none."""
    letter = chosen.get("color")
    word = next((w for w, c in COLORS.items() if c == letter), None)
    return [k for k in (f"Protection from {word}" if k == CHOSEN_PROTECTION and word else k for k in keywords)
            if k != CHOSEN_PROTECTION]


def _chosen_subtype(st: dict[str, Any], src: Any) -> dict[str, Any]:
    """205.3m, 614.12: "SELF is the chosen type in addition to its other types", "Enchanted land is the chosen type":
    the creature type or basic land type its source chose as it entered (a basic land type with its mana ability,
    305.6-305.7); none while it chose nothing (nor a creature type where only a land type is read)."""
    land, kind = src.chosen.get("basic_land_type"), src.chosen.get("creature_type")
    if isinstance(land, str):
        return dict(st, subtypes=[land], land_mana=st["land_mana_of"][land])
    if isinstance(kind, str) and not st.get("set_land_types"):
        return dict(st, subtypes=[kind])
    return dict(st, subtypes=[])


def _chosen_color(st: dict[str, Any], src: Any) -> dict[str, Any]:
    """614.12: "are the chosen color [in addition to their other colors]": the color its source chose as it entered;
    none changed while it chose none."""
    color = src.chosen.get("color")
    if color is None:
        return dict(st, add_colors=[])
    return dict(st, add_colors=[color]) if st.get("in_addition") else dict(st, colors=[color])


#: the layer of a static that reaches spells and cards outside the battlefield too (``everywhere``), by its kind
_ELSEWHERE_LAYER = {"add_types": "4", "become": "5", "keywords": "6"}


def elsewhere(game: "Game") -> list[Entry]:
    """The statics of permanents that also reach spells and cards off the battlefield now (611.3a: "The same is true
    for creature spells you control and creature cards you own that aren't on the battlefield"), found by
    ``compute`` with the characteristics (kept with them: nothing to work out while they are known)."""
    if game._chars is None:
        compute(game)
    return game.__dict__.get("_everywhere") or []


def everywhere(game: "Game", o: Any, c: Chars, statics: list[Entry]) -> Chars:
    """611.3a, 613.1d-f: "The same is true for creature spells you control and creature cards you own that aren't on
    the battlefield" (Arcane Adaptation), "All cards that aren't on the battlefield, spells, and permanents are the
    chosen color" (Painter's Servant), "Creature cards you own that aren't on the battlefield have flash" (Teferi, Mage
    of Zhalfir): the characteristics ``c`` of spell or card ``o`` outside the battlefield, with the statics of
    permanents (``statics``, found by ``compute``) that reach it, layer by layer in timestamp order (613.6)."""
    spell = o.zone == "stack"
    if o.zone == "battlefield" or spell and getattr(o, "ability", None) is not None:
        return c
    mine = False
    for layer in ("4", "5", "6"):
        for ts, src, st, ab in sorted(statics, key=lambda e: e[0]):
            if _ELSEWHERE_LAYER.get(st.get("kind", "")) != layer:
                continue
            f = st["everywhere"].get("spells" if spell else "cards")
            if f is None or f.get("who") == "you" and (o.controller if spell else o.owner) != game.controller_of(src):
                continue
            if f.get("types") and not c.types & set(f["types"]) or set(f.get("not_types", ())) & c.types \
                    or f.get("permanent") and not c.types & _PERMANENT_TYPES:
                continue
            if not mine:
                c, mine = c.clone(), True
            src_obj = game.objects.get(src)
            if st.get("chosen_subtype") and src_obj is not None:
                st = _chosen_subtype(st, src_obj)
            if st.get("chosen_color") and src_obj is not None:
                st = _chosen_color(st, src_obj)
            _APPLY[layer](c, st)
    return c


#: 110.4: the card types of permanents
_PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})


def _apply5(c: Chars, st: dict[str, Any]) -> None:
    if "add_colors" in st:  # "is black in addition to its other colors" (105.3, 613.1e)
        c.colors = c.colors | frozenset(st["add_colors"])
        return
    c.colors = frozenset(st["colors"])


#: (granted ability, granter id) -> (that ability, the same bound to its granter): one copy a pair, kept
_BOUND: dict[tuple[int, int], tuple[Ability, Ability]] = {}


def _by_granter(st: dict[str, Any], src: int | None) -> dict[str, Any]:
    """201.4a: an ability granted by a static whose text names the granting card by name means that object, not
    the one that has the ability: the granted copy knows its granter (``Ability.granter``)."""
    ab = st.get("ability") if st.get("kind") == "grant_ability" else None
    if ab is None or not ab.by_granter or src is None:
        return st
    got = _BOUND.get((id(ab), src))
    if got is None or got[0] is not ab:
        got = _BOUND[(id(ab), src)] = (ab, replace(ab, granter=src))
    return dict(st, ability=got[1])


def _abilities_of(game: "Game", chars: dict[int, Chars], st: dict[str, Any], src: int | None) -> dict[str, Any]:
    """613.1f: "SELF has all activated abilities of all creature cards in all graveyards" (Necrotic Ooze): the
    activated abilities (mana abilities too, 605.1a) or the loyalty abilities (606.3) of the objects its ``from``
    filter names, other than itself: a permanent's as they are before this layer, a card's in another zone as printed
    (a card there has its printed abilities, 112.6). The result is granted in this layer like quoted abilities."""
    f = st.get("from") or {}
    zone = f.get("zone", "battlefield")
    if zone == "battlefield":
        ids = [i for i in chars if i != src and matches(game, i, f, src)]
    else:
        ids = [i for p in game.order for i in getattr(game.players[p], zone, ())
               if i != src and matches(game, i, f, src)]
    out: list[Ability] = []
    for i in ids:
        for a in (chars[i].abilities if i in chars else game.objects[i].card.abilities):
            if a.kind in ("activated", "mana") and (st.get("which") != "loyalty" or a.cost is not None
                                                    and a.cost.loyalty is not None):
                out.append(a)
    return dict(st, abilities=out)


#: the kinds of static a permanent's gained ability applies in the layers (``_gained_statics``)
GAINED_KINDS = frozenset({"keywords", "grant_ability", "anthem"})


def _gained_statics(objs: dict[int, Any], chars: dict[int, Chars], printed: dict[int, Chars]) -> list[Any]:
    """613.1f: the static abilities of those kinds (``GAINED_KINDS``) that permanents gained in layer 6, not printed
    ("This creature gets +X/+0, where X is ...", Criminal Past; "Equipped creature has flying", a Rune): (timestamp,
    the permanent, the static, the ability), the permanent's timestamp (613.6). Only a permanent whose abilities
    layer 6 replaced (``printed``: each one's own characteristics) is read."""
    out = []
    for i, c in chars.items():
        base = printed.get(i)
        if base is None or c.abilities is base.abilities:
            continue
        own = {id(a) for a in c.card.abilities}
        for ab in c.abilities:
            st = ab.static if ab.kind == "static" else None
            if st and st.get("kind") in GAINED_KINDS and id(ab) not in own and i in objs:
                out.append((objs[i].timestamp, i, st, ab))
    return sorted(out, key=lambda e: e[0])


def _apply6(c: Chars, st: dict[str, Any]) -> None:
    """Layer 6 (613.1f): a static that adds or removes abilities, or restricts the object."""
    kind = st.get("kind")
    if kind == "restriction":
        c.rules.append(st)
        return
    if kind == "grant_ability":
        c.abilities = c.abilities + [st["ability"]]
        _granted_rules(c, [st["ability"]])
        return
    if st.get("lose_all"):
        c.keywords = frozenset()
        # "lose all abilities except mana abilities" (Blood Sun): the mana abilities stay (605.1a)
        c.abilities = [a for a in c.abilities if a.kind == "mana"] if st.get("keep_mana") else []
        c.kwargs = {}
    if st.get("lose_texts"):  # "SELF loses this ability" (a Licid, 613.1f): that one ability of its text; "SELF loses
        # "Prevent all damage that would be dealt to SELF."" (Glittering Lion): the ability of that text, any case
        lose_texts = {t.lower() for t in st["lose_texts"]}
        c.abilities = [a for a in c.abilities if a.text.lower() not in lose_texts]
    if st.get("lose"):
        lose = set(st["lose"])
        if lose & {"Banding", "Bands with other"}:  # 702.21b: losing banding loses all "bands with other" abilities;
            # "loses all 'bands with other' abilities": each of them
            lose |= {k for k in c.keywords if k.startswith("Bands with other ")}
        c.keywords = c.keywords - lose
        if any(k in _KEYWORD_ABILITIES for k in st["lose"]):
            c.abilities = [a for a in c.abilities if a.keyword not in st["lose"]]
    if st.get("keywords"):
        kws, quals, extra = _grant_plan(st["keywords"])
        if not kws <= c.keywords:
            c.keywords = c.keywords | kws
        if quals:  # 702.16a: a granted "protection from red" works as a printed one
            kw = dict(c.kwargs)
            for name, q in quals:
                kw[name] = list(kw.get(name, ())) + [q]
                if st.get("spares"):  # "This effect doesn't remove SELF": which attachments it leaves (704.5n)
                    kw[SPARES] = list(kw.get(SPARES, ())) + [(q, st["spares"], st.get("spares_src"))]
            c.keywords = (c.keywords - {k for k in st["keywords"] if _granted_quality(k)}) | {n for n, _ in quals}
            c.kwargs = kw
        if extra:  # a granted prowess or exalted is its triggered ability (702.107a, 702.82a)
            c.abilities = c.abilities + extra
    if st.get("abilities"):  # an ability granted in quotation marks ("gain 'Whenever ...'", 613.1f)
        c.abilities = c.abilities + list(st["abilities"])
        _granted_rules(c, st["abilities"])


def _granted_rules(c: Chars, abilities: Any) -> None:
    """613.1f: a granted static that restricts the object having it ('gains "This creature can't be blocked."'):
    the object has that restriction, as it would have its own printed one (a restriction of itself, unconditional)."""
    for ab in abilities:
        st = ab.static if ab.kind == "static" else None
        if st and st.get("kind") == "restriction" and st.get("affects", "self") == "self" and not st.get("condition"):
            c.rules.append(st)


_PLANS: dict[tuple[str, ...], tuple[frozenset[str], list[tuple[str, Any]], list[Any]]] = {}
_NUMBERED = re.compile(r"([A-Z][a-z ]+) (\d+)")  # a granted keyword with its number: "Frenzy 1"


#: keyword counters (a later rule, Ikoria 2020): the counter kind and the keyword it gives in layer 6
_KEYWORD_COUNTERS = {k.lower(): k for k in ("Flying", "First strike", "Double strike", "Deathtouch", "Haste",
                                            "Hexproof", "Indestructible", "Lifelink", "Menace", "Reach", "Shadow",
                                            "Trample", "Vigilance")}
_KEYWORD_COUNTER_KINDS = frozenset(_KEYWORD_COUNTERS)


def _grant_plan(keywords: list[str]) -> tuple[frozenset[str], list[tuple[str, Any]], list[Any]]:
    """What granting these keywords adds, worked out once per list of keywords: the keywords,
    their qualities (protection from ..., 702.16a), and the abilities they stand for."""
    key = tuple(keywords)
    got = _PLANS.get(key)
    if got is None:
        quals = [q for k in key for q in _granted_quality(k)]
        extra = [_KEYWORD_ABILITIES[k] for k in key if k in _KEYWORD_ABILITIES]
        # a granted undying or persist is its triggered ability too, as printed (702.92a, 702.78a)
        extra += [ab for k in key if k in _KEYWORD_TEXT for ab in _keyword_abilities(k) or ()]
        # a granted "frenzy 1", "absorb 1", "bushido 2": the keyword, and its abilities for that number
        # (702.67a, 702.63a, 702.44a), one set per instance granted (702.67b, 702.63c, 702.44b)
        names = []
        for k in key:
            m = _NUMBERED.fullmatch(k)
            if m and m.group(1) in _KEYWORD_TEXT:
                names.append(m.group(1))
                extra += list(_keyword_abilities(m.group(1), int(m.group(2))) or ())
            else:
                names.append(k)
        got = _PLANS[key] = (frozenset(names), quals, extra)
    return got


_QUALITIES: dict[str, list[tuple[str, Any]]] = {}


def _granted_quality(k: str) -> list[tuple[str, Any]]:
    """'Protection from red' -> [('Protection', 'R')]: the keyword and its quality as a printed
    keyword carries them in keyword_args (702.16a); [] for any other keyword."""
    got = _QUALITIES.get(k)
    if got is None:
        got = []
        if k.startswith("Protection from "):
            got = [("Protection", q) for q in protection_qualities(k[len("Protection from "):]) or ()]
        _QUALITIES[k] = got
    return got


def _apply7b(c: Chars, st: dict[str, Any]) -> None:
    """613.3b: sets the base power and toughness, or the power alone ("has base power 8 until end of turn"), or the
    toughness alone (an exchange of a life total with it, 701.8g)."""
    if st.get("power") == "own_mv":  # "power and toughness each equal to its mana value" (Opalescence): its own
        c.power = c.toughness = int(mana_value(c.card.mana_cost, 0))  # mana value (202.3; X is 0 off the stack)
        return
    if st.get("power") is not None:
        c.power = st["power"]
    if st.get("toughness") is not None:
        c.toughness = st["toughness"]


_APPLY = {"4": _apply4, "5": _apply5, "6": _apply6, "7b": _apply7b}


def counters_allowed(game: "Game", oid: int, kind: str) -> bool:
    """"Can't have +1/+1 counters put on them" (Blightbeetle): a restriction static with rule
    no_counters applies to the object (counters of that kind, or of any kind without one).
    Such an effect also stops a permanent from entering with those counters (614.1c)."""
    o = game.objects.get(oid)
    if o is None or o.zone != "battlefield":
        return True
    for r in game.chars(oid).rules:
        if r.get("rule") == "no_counters" and r.get("counter", kind) == kind:
            return False
    # "It can't have counters put on it for as long as SELF remains on the battlefield" (Suncleanser): a resolved
    # effect's rule (611.2b)
    return not any(e.get("rule") == "no_counters" and e.get("counter", kind) == kind and rule_in_force(game, e)
                   for e in rule_effects(game, oid))
