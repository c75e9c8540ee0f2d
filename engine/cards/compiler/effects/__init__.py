"""Effect sentences (CR 608.2c: an ability's instructions, in order) to effect primitives.

A sentence (lower case, SELF for the card itself) is read by the first reader whose pattern
matches it whole and which returns effects; None means the sentence is not understood (then
the card is unsupported). The readers live in one module per family of sentences, each
listing its readers in READERS; `sequence` holds the one table of all of them, in the order
they are tried, and the compound forms ("X, then Y", "You may X. If you do, Y.").

    context       Ctx (targets so far, what "it", "that player" and X refer to), Reader
    amounts       numbers, X, "that many", P/T changes
    damage        deals N damage (119)            pump      gets +N/+N, gains abilities
    restrictions  can't block, doesn't untap      zones     destroy, exile, return, sacrifice, control
    players       draw, life, discard, mill, hands counters  put, remove, distribute counters
    tokens        create tokens (110.5)            mana      add mana (106)
    library       search, dig, reveal until       prevention  prevent damage (615)
    stack         counter, targets, cast from     become    animate, set P/T, colors, lose abilities
    actions       keyword actions (701), emblems  sequence  unless, delayed, compounds; the table

The ops and reference forms are listed in engine/cards/abilities.py.
"""
from __future__ import annotations

from engine.cards.compiler.effects.amounts import amount_of, pt_value
from engine.cards.compiler.effects.become import become_parts, set_types_parts
from engine.cards.compiler.effects.context import Ctx, Reader, keyword_list
from engine.cards.compiler.effects.sequence import parse_effects, parse_sentence
from engine.cards.compiler.effects.tokens import copy_exceptions

__all__ = ["Ctx", "Reader", "amount_of", "become_parts", "copy_exceptions", "keyword_list", "parse_effects",
           "parse_sentence", "pt_value", "set_types_parts"]
