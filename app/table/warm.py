"""Idle work while the player thinks: draw the looks the next updates will likely need.

An update has 16 ms (issue 5). Scaling a face the first time (Pillow reads and resizes
it: 10-30 ms) does not fit in that, so the table does it before it is needed, one small
job per pass of the event loop while nothing else is waiting:

- for each permanent on the battlefield, its look tapped and untapped (untap step,
  502.2; tapping for mana) and with the rings a decision may put around it;
- for each card in the shown hand, its look on the battlefield and on the stack;
- for each name in the decks of the players at this computer (the table is told them,
  it does not look into libraries), its face at hand and battlefield size.

The first time the table is idle it also settles Python's memory: a full collection and
``gc.freeze()``, so later automatic full collections scan only what the game made
since, not the card database and the engine (a 70 ms pause once seen in an update).
"""
from __future__ import annotations

import gc
from collections import deque
from typing import Any, Callable

from PySide6.QtCore import QObject, QTimer

from app.cards.render import card_pixmap
from app.table.looks import RENDER_SCALE, look_key, look_pixmap

RINGS = (None, "playable", "attacking", "blocking", "target")


class Warmer(QObject):
    """A queue of drawing jobs run one per event-loop pass (a 0 ms timer runs when no
    other event waits)."""

    def __init__(self, view: Any, sizes: dict[str, tuple[int, int]], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.view = view                  # the QGraphicsView: its scale and pixel ratio
        self.sizes = sizes                # "battlefield" and "hand": (w, h) of a card there
        self.names: list[str] = []
        self.settle_memory = False        # the first idle pass collects and freezes (see above)
        self._jobs: deque[Callable[[], Any]] = deque()
        self._planned: set[Any] = set()
        self._request: tuple[dict[str, Any], str] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.step)

    def busy(self) -> bool:
        return bool(self._jobs) or self.settle_memory or self._request is not None

    def request(self, v: dict[str, Any], seat: str) -> None:
        """After an update: plan for the position ``v`` (seat's view) at the next idle pass
        (planning looks at every permanent: not inside the update)."""
        self._request = (v, seat)
        self._timer.start()

    def plan(self, v: dict[str, Any], seat: str) -> None:
        """Queue the looks the table may need after the position ``v`` (seat's view)."""
        t = self.view.transform()
        scale, dpr = t.m11(), self.view.devicePixelRatioF()
        if scale <= 0:
            return
        bw, bh = self.sizes["battlefield"]
        hw, hh = self.sizes["hand"]
        for c in v.get("battlefield") or []:
            for tapped in (False, True):
                key = look_key({**c, "tapped": tapped}, True, "battlefield", bw, bh)
                for ring in RINGS:
                    self._look(key + (ring,), scale, dpr)
        for c in (v.get("players", {}).get(seat) or {}).get("hand") or []:
            plain = {"name": c["name"], "power": c.get("power"), "toughness": c.get("toughness")}
            self._look(look_key(c, True, "stack", bw, bh) + (None,), scale, dpr)
            for ring in (None, "playable"):
                self._look(look_key(plain, True, "battlefield", bw, bh) + (ring,), scale, dpr)
        for name in self.names:
            for w, h in ((hw, hh), (bw, bh)):
                self._face(name, w * RENDER_SCALE, h * RENDER_SCALE)

    def _look(self, key: tuple[Any, ...], scale: float, dpr: float) -> None:
        k = ("look", key, round(scale, 3), dpr)
        if k not in self._planned:
            self._planned.add(k)
            self._jobs.append(lambda: look_pixmap(key, scale, dpr))

    def _face(self, name: str, w: int, h: int) -> None:
        k = ("face", name, w, h)
        if k not in self._planned:
            self._planned.add(k)
            self._jobs.append(lambda: card_pixmap(name, w, h))

    def step(self) -> None:
        """One job (a plan: about a millisecond; a look: well under; a face: 10-30 ms),
        then yield to the event loop."""
        if self._request is not None:
            v, seat = self._request
            self._request = None
            self.plan(v, seat)
        elif self.settle_memory and not self._jobs:
            self.settle_memory = False
            settle_memory()
        elif self._jobs:
            job = self._jobs.popleft()
            try:
                job()
            except Exception:  # noqa: BLE001 - a face that cannot be drawn now is drawn (or fails) when shown
                pass
        if self.busy():
            self._timer.start()

    def run_all(self) -> None:
        """Do every queued job now (tests, benchmarks)."""
        while self.busy():
            self.step()


def settle_memory() -> None:
    """A full collection, then everything alive moves to the permanent generation
    (``gc.freeze``): later automatic full collections scan only newer objects. What a
    previous table froze is unfrozen first, so a finished game can still be collected."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
