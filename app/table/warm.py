"""Idle work while the player thinks: draw the looks the next updates will likely need.

An update has 16 ms (issue 5). Scaling a face the first time (Pillow reads and resizes
it: 10-30 ms) does not fit in that, so the table does it before it is needed, one small
job per pass of the event loop while nothing else is waiting:

- for each permanent on the battlefield, its look tapped and untapped (untap step,
  502.2; tapping for mana) and with the rings a decision may put around it;
- for each card in the shown hand, its look on the battlefield and on the stack;
- for each card on the battlefield or the stack, its look on a graveyard or exile pile;
- for each name in the decks of the players at this computer (the table is told them,
  it does not look into libraries), its face at hand, battlefield and pile size;
- for each of those names and each public card, whether the engine plays it as written
  (``unsupported_note``: the card compiled on first use).

With ``manage_memory``, the idle table also keeps Python's full collections out of the
updates: the first time it is idle, a full collection and ``gc.freeze()`` (150-200 ms,
once per table), so automatic full collections scan only what the game made since, not
the card database and the engine (a 70-90 ms pause inside an update was measured
without it); then once per turn, while idle, a full collection of what is not frozen
(under a millisecond) and a freeze of what survived. Cyclic garbage made of frozen
objects waits for the next table, which unfreezes first.
"""
from __future__ import annotations

import gc
from collections import deque
from typing import Any, Callable

from PySide6.QtCore import QObject, QTimer

from app.cards.render import card_pixmap
from app.table.looks import RENDER_SCALE, look_key, look_pixmap, unsupported_note

RINGS = (None, "playable", "attacking", "blocking", "target")


class Warmer(QObject):
    """A queue of drawing jobs run one per event-loop pass (a 0 ms timer runs when no
    other event waits)."""

    def __init__(self, view: Any, sizes: dict[str, Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.view = view                  # the QGraphicsView: its scale and pixel ratio
        self.sizes = sizes                # "battlefield", "hand", "pile": (w, h) of a card there; "backs": [(w, h)]
        self.names: list[str] = []
        self.manage_memory = False        # collect and freeze while idle (see above)
        self._settled = False
        self._frozen_turn: Any = None
        self._turn: Any = None
        self._jobs: deque[Callable[[], Any]] = deque()
        self._planned: set[Any] = set()
        self._request: tuple[dict[str, Any], str] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.step)

    def busy(self) -> bool:
        return bool(self._jobs) or self._request is not None or self._memory_due()

    def _memory_due(self) -> bool:
        return self.manage_memory and (not self._settled or self._turn != self._frozen_turn)

    def request(self, v: dict[str, Any], seat: str) -> None:
        """After an update: plan for the position ``v`` (seat's view) at the next idle pass
        (planning looks at every permanent: not inside the update)."""
        self._request = (v, seat)
        self._timer.start()

    def plan(self, v: dict[str, Any], seat: str) -> None:
        """Queue the looks the table may need after the position ``v`` (seat's view)."""
        self._turn = v.get("turn")
        t = self.view.transform()
        scale, dpr = t.m11(), self.view.devicePixelRatioF()
        if scale <= 0:
            return
        bw, bh = self.sizes["battlefield"]
        hw, hh = self.sizes["hand"]
        keys = {look_key({**c, "tapped": tapped}, True, "battlefield", bw, bh)
                for c in v.get("battlefield") or [] for tapped in (False, True)}
        for key in keys:
            for ring in RINGS:
                self._look(key + (ring,), scale, dpr)
        for w, h in self.sizes.get("backs", ()):   # hidden hands
            self._look(look_key({}, False, "hand", w, h) + (None,), scale, dpr)
        pw, ph = self.sizes["pile"]
        hand = [c["name"] for c in (v.get("players", {}).get(seat) or {}).get("hand") or []]
        # what may go to a graveyard or exile: on the battlefield, on the stack, in hand
        public = [c["name"] for c in (v.get("battlefield") or []) + (v.get("stack") or [])]
        for name in dict.fromkeys(public):
            self._note(name)
            self._face(name, pw * RENDER_SCALE, ph * RENDER_SCALE)
            self._look(look_key({"name": name}, True, "graveyard", pw, ph) + (None,), scale, dpr)
        for name in list(dict.fromkeys(hand)) + self.names:   # in hand now, then what may be drawn
            self._note(name)
            for w, h in ((hw, hh), (bw, bh), (pw, ph)):
                self._face(name, w * RENDER_SCALE, h * RENDER_SCALE)
            self._look(look_key({"name": name}, True, "graveyard", pw, ph) + (None,), scale, dpr)
            for ring in (None, "playable", "selected"):
                self._look(look_key({"name": name}, True, "hand", hw, hh) + (ring,), scale, dpr)
            self._look(look_key({"name": name}, True, "stack", bw, bh) + (None,), scale, dpr)
        for c in (v.get("players", {}).get(seat) or {}).get("hand") or []:
            plain = {"name": c["name"], "power": c.get("power"), "toughness": c.get("toughness")}
            for ring in (None, "playable"):   # cast: a creature arrives with summoning sickness (302.6)
                for sick in (False, True):
                    self._look(look_key({**plain, "sick": sick}, True, "battlefield", bw, bh) + (ring,), scale, dpr)

    def _look(self, key: tuple[Any, ...], scale: float, dpr: float) -> None:
        k = ("look", key, round(scale, 3), dpr)
        if k not in self._planned:
            self._planned.add(k)
            self._jobs.append(lambda: look_pixmap(key, scale, dpr))

    def _note(self, name: str) -> None:
        """Whether the engine plays the card as written (its face says so when it does not):
        the card compiled the first time (5-20 ms, issue 18: app.ai_bench's first update)."""
        k = ("note", name)
        if k not in self._planned:
            self._planned.add(k)
            self._jobs.append(lambda: unsupported_note(name))

    def _face(self, name: str, w: int, h: int) -> None:
        k = ("face", name, w, h)
        if k not in self._planned:
            self._planned.add(k)
            self._jobs.append(lambda: card_pixmap(name, w, h))

    def step(self) -> None:
        """One job (a plan: about a millisecond; a look: well under; a face: 10-30 ms),
        then yield to the event loop. A table no longer on screen (closed, or replaced by
        a new game) stops; its next update asks again."""
        if not self.view.isVisible():
            return
        if self.manage_memory and not self._settled:   # first: before any update can pay for it
            settle_memory()
            self._settled = True
            self._frozen_turn = self._turn
        elif self._request is not None:
            v, seat = self._request
            self._request = None
            self.plan(v, seat)
        elif self._memory_due() and not self._jobs:
            gc.collect()   # only what is not frozen: under a millisecond
            gc.freeze()
            self._frozen_turn = self._turn
        elif self._jobs:
            self._jobs.popleft()()
        if self.busy():
            self._timer.start()

    def run_all(self) -> None:
        """Do every queued job now (tests, benchmarks)."""
        while self.busy() and self.view.isVisible():
            self.step()


def settle_memory() -> None:
    """A full collection, then everything alive moves to the permanent generation
    (``gc.freeze``): later automatic full collections scan only newer objects. What a
    previous table froze is unfrozen first, so a finished game can still be collected."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
