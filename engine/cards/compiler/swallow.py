"""The swallow check: a clause the compiler read must show up in what it compiled.

A reader that matches a sentence may still drop part of it: "enters tapped unless ...",
"target attacking or blocking creature", "create a token that's a copy", "those tokens",
"... instead", "that many". For each such marker word in a paragraph, the compiled
abilities must hold some trace of it (an op, key or value that carries it out); if not,
the paragraph is reported as not carried out and the card is played by hand (issue 19:
a card counts as supported only when every clause becomes behaviour).
"""
from __future__ import annotations

import re
from dataclasses import fields, is_dataclass
from typing import Any

from engine.cards.compiler.text import strip_reminder

#: marker -> the traces any one of which shows it was compiled (substrings of the compiled
#: keys and values, "text" fields left out)
MARKERS: dict[str, tuple[str, ...]] = {
    # attack_tax: "can't attack you unless ... pays"; combat_cost, block_tax: "can't attack/block unless ... pay(s)"
    "unless": ("unless", "'not'", "not_", "'ward'", "'attack_tax'", "'combat_cost'", "'block_tax'", "'nonmana'",
               "'needs_company'",  # "SELF can't attack unless at least two other creatures attack" (508.1c)
               "'cast_only'"),  # "you can't cast SELF unless ..." (a cast limit with its condition, 604.6)
    "or blocking": ("blocking", "in_combat"),
    "copy": ("copy", "clone", "'storm'"),  # storm's copies (702.39a; "copy it for each ...")
    "those": ("'it'", "'exiled'", "'created'", "'target'", "'each'", "chosen", "this_way", "search", "dig",
              "choose", "attacking"),
    "instead": ("instead", "'else'", "replace", "exile_if_dies", "life_gain", "unearth", "prevent",
                "token_multiply", "counter_change", "cant_gain_life", "discard_to_battlefield", "damage_mod",
                "damage_counters",  # 614.1a: "put that many -1/-1 counters on that creature instead"
                "empty_draw_wins", "life_floor", "draw_times",
                "extra_die",  # "instead roll that many dice plus one and ignore the lowest roll" (614.1a)
                "leaves_to",  # "if it would leave the battlefield, exile it instead" (614.1a: Whip of Erebos)
                "enter_exile",  # "if a creature would enter and it wasn't cast, exile it instead" (614.1a)
                "enter_discard",  # "if SELF would enter, you may discard a land card instead" (614.1a)
                # "each token that would be created under ... is created under your control instead" (614.1a)
                "tokens_to_you", "token_become",
                "redirect",  # 614.9: "all damage that would be dealt to you is dealt to SELF instead"
                "resolves_exiled",  # "exile that card instead of putting it into your graveyard as it resolves"
                "enter_sacrifice",  # "If SELF would enter, sacrifice a Forest instead" (614.1a)
                "skip_extra_turn",  # 614.10: "... that player skips that turn instead" (Stranglehold)
                "lost_mana_becomes"),  # 614.1a: "If you would lose unspent mana, that mana becomes colorless instead"
    "that many": ("that_much", "this_way", "token_multiply", "counter_change",   # 614.1a: "twice that many"
                  "damage_counters",  # 614.1a: "put that many -1/-1 counters on it instead"
                  "'paid'",  # "pay any amount of mana. Look at that many cards" (the amount paid)
                  "token_become",  # "that many 4/4 Angel tokens are created instead" (one for each)
                  "remove_that_many",  # 615.5: "prevent that damage and remove that many +1/+1 counters from it"
                  "'devour'",  # 702.81a, 614.12: "enters with twice that many +1/+1 counters" (those sacrificed)
                  "extra_die",  # "instead roll that many dice plus one": as many dice as it would roll, and one
                  "chosen_number"),  # "Choose a number between 0 and 13. Each player sacrifices that many ..." (608.2d)
    "that much": ("that_much", "this_way", "life_gain", "life_lost", "extort", "'paid'",  # "pay any amount"
                  "damage_mod",  # 614.1a: "it deals that much damage plus 1 instead"
                  "damage_to",  # 615.5: "If damage is prevented this way, SELF deals that much damage to any target"
                  "chosen_number"),  # "Choose a number between 6 and 8. SELF deals that much damage ..." (608.2d)
    "at random": ("random", "'cursed_scroll'", "'reveal_random'", "chaos", "coin", "planar"),  # chosen by no player
}
_ANY = re.compile(r"\b(" + "|".join(re.escape(m) for m in MARKERS) + r")\b")


def _flat(x: Any, out: list[str]) -> None:
    if is_dataclass(x) and not isinstance(x, type):
        for f in fields(x):
            if f.name != "text":
                out.append(f"'{f.name}'")
                _flat(getattr(x, f.name), out)
    elif isinstance(x, dict):
        for k, v in x.items():
            if k != "text":
                out.append(f"'{k}'")
                _flat(v, out)
    elif isinstance(x, (list, tuple)):
        for v in x:
            _flat(v, out)
    elif isinstance(x, str):
        out.append(f"'{x}'")
    elif x is not None:
        out.append(str(x))


def swallowed(text: str, compiled: Any) -> list[str]:
    """The marker words of `text` (reminder text aside) with no trace in `compiled`."""
    low = strip_reminder(text).lower()
    # "create four of those tokens instead": the tokens of the instruction before it, in another number; read as
    # that instruction restated (engine/cards/compiler/effects/sequence.py), so its trace is the "instead" one
    low = re.sub(r"\bcreate \w+ of those tokens instead\b", "create instead", low)
    low = re.sub(r"\binstead create \w+ of those tokens\b", "instead create", low)
    # "SELF deals 2 damage to each opponent. Those players each discard ...": the players of the instruction before,
    # which the player reader binds (effects/context.py Ctx.player) or refuses; its trace is that group's
    if re.search(r"'each_(?:opponent|player)'", repr(compiled)):
        low = re.sub(r"\bthose players\b", "the players", low)
    # "Target player mills X cards. If ..., that player mills twice that many cards instead.": the number of the
    # instruction replaced, X, read as X (effects/sequence.py instead); its trace is the X multiplied
    if re.search(r"'times': \d+, 'of': \{'x': True\}", repr(compiled)):
        low = re.sub(r"\b(twice|three times) that many\b([^.]*\binstead\b)", r"\1 x\2", low)
    found = dict.fromkeys(m.group(1) for m in _ANY.finditer(low))
    if not found:
        return []
    parts: list[str] = []
    _flat(compiled, parts)
    flat = " ".join(parts).lower()
    return [m for m in found if not any(t in flat for t in MARKERS[m])]


#: trigger events that carry an amount for "that many"/"that much" (engine/triggers.py and the
#: events engine/effects.py sends: damage dealt, life gained or lost)
AMOUNT_EVENTS = frozenset({"combat_damage_creature", "combat_damage_player", "damage_opponent", "damage_player",
                           "deals_damage", "dealt_damage", "gain_life", "lose_life", "expend",
                           "pay_life",  # "whenever you pay life, put that many ...": the life paid (119.4)
                           "combat_damage",  # engine.triggers.ALIASES: combat damage to a player or creature
                           "deals_combat_damage",  # a creature's combat damage of one step, all of it
                           "combat_damage_player_or_walker", "combat_damage_walker",  # ... or planeswalker
                           "player_counters",  # "whenever you get one or more {E}": how many
                           "counters_put",  # "whenever one or more +1/+1 counters are put on ...": how many (121.6)
                           "counters_removed"})  # "... are removed from SELF, she deals that much damage": how many


def _uses_that_much(x: Any) -> bool:
    if is_dataclass(x) and not isinstance(x, type):
        if type(x).__name__ == "Ability":
            return False   # a nested ability (granted, emblem, delayed token text) is checked on its own
        return _uses_that_much(getattr(x, "args", None))
    if isinstance(x, dict):
        return x.get("that_much") is True or any(_uses_that_much(v) for k, v in x.items())
    if isinstance(x, (list, tuple)):
        return any(_uses_that_much(v) for v in x)
    return False


def unbound_that_many(ab: Any) -> bool:
    """"That many"/"that much" with nothing to count (608.2c: it refers to an amount named
    earlier): only a triggered ability whose event carries an amount, or which counts the
    objects of its event batch (603.2c), has one."""
    effects = [*ab.effects, *(e for m in ab.modes for e in m.effects)]
    counted = [t.count_of for t in (*ab.targets, *(t for m in ab.modes for t in m.targets))]  # "up to that many
    if not _uses_that_much(effects) and not _uses_that_much(counted):  # target ...", counted as it is put (603.3d)
        return False
    trig = ab.trigger or {}
    ev = trig.get("event")
    evs = set(ev) if isinstance(ev, list) else {ev}
    return not (ab.kind == "triggered" and (trig.get("batch") or evs <= AMOUNT_EVENTS))
