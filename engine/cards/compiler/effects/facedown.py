"""Manifest (CR 701.31): "manifest the top card of your library", "its controller manifests the
top card of their library", "manifest the top two cards of your library"; and cloak, later than
the 2016 rules (Murders at Karlov Manor), the same with ward {2}.

The effect is the ``action`` op named "manifest" (engine/ops/actions.py, engine/facedown.py):
``who`` manifests ``amount`` cards from the top of their library, one at a time (701.31d).
The permanents it puts onto the battlefield are "it" for the next instruction ("manifest the
top card of your library, then put two +1/+1 counters on it"), as created tokens are.
"""
from __future__ import annotations

import re

from engine.cards.abilities import Effect
from engine.cards.compiler.effects.amounts import amount_of
from engine.cards.compiler.effects.context import PLAYER, Ctx, Reader, reader

_COUNT = r"(?:the top card|the top (\w+) cards)"


@reader(rf"^(?:{PLAYER} )?(manifest|cloak)s? {_COUNT} of (?:your|their|his or her) library$")
def _manifest(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.31a: the player manifests cards from their own library (701.31d: one at a time); cloak
    (later than the 2016 rules) alike."""
    who = c.player(m.group(1)) if m.group(1) else "you"
    if who is None or who in ("each_player", "each_opponent", "an_opponent", "each_other_player"):
        return None  # each of several players: not read here
    n = amount_of(m.group(3), c) if m.group(3) else 1
    if n is None:
        return None
    c.last = "created"
    return [Effect("action", {"name": m.group(2), "who": who, "amount": n})]


@reader(r"^turn (.+?) face down$")
def _turn_down(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Turn target creature face down" (Cyber Conversion): a face-down 2/2 (707.2), the same object;
    "It's a 2/2 Cyberman artifact creature." after it gives other face-down characteristics
    (engine/cards/compiler/effects/sequence.py)."""
    what = c.ref(m.group(1))  # "{1}{G}: Turn SELF face down" (Obscuring Aether): the same object (707.8)
    if what is None:
        return None
    return [Effect("action", {"name": "turn_face_down", "what": what})]


@reader(r"^(you may )?look at (each face-down creature that's attacking or blocking|target face-down creature|"
        r"each face-down creature(?: you don't control)?)$")
def _look_face_down(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"You may look at each face-down creature that's attacking or blocking" (Revealing Wind), "Look at target
    face-down creature" (Aven Soulgazer): its controller may know those cards from now on (707.5, 400.2)."""
    what = c.ref(m.group(2))
    if what is None:
        return None
    look = Effect("action", {"name": "look_face_down", "what": what})
    return [Effect("may", {"effects": [look]})] if m.group(1) else [look]


@reader(r"^put any number of cards from your hand onto the battlefield face down$")
def _put_face_down(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Put any number of cards from your hand onto the battlefield face down" (Tezzeret, Cruel Machinist): face-down
    2/2 creatures (707.2), or what the next sentence makes them ("They're 5/5 artifact creatures"); "they" after."""
    c.last = "created"
    return [Effect("action", {"name": "put_face_down"})]


#: this family's readers, in the order they are tried
READERS: tuple[Reader, ...] = (_manifest, _turn_down, _put_face_down, _look_face_down)
