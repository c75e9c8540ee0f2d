"""The connection state of a network game (issue 7): a bar above the table.

It shows, for each player, whether the server has them connected, how many spectators
watch, and a banner while this computer's own connection is lost and being taken back
("reconnecting…") or is gone for good, and a "Spectating" label when this computer only
watches (``RemoteSession.spectator``). It reads ``RemoteSession.state`` and
``RemoteSession.presence``; the session calls its listeners from its network threads, so
the bar re-emits them as a queued signal and repaints in the GUI thread.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

RECONNECTING = "Connection lost — reconnecting…"
SPECTATING = "Spectating — read-only: you see what both players show, never their hands"


class ConnectionBar(QWidget):
    """Players' connection dots and the reconnecting banner for a RemoteSession."""

    poked = Signal()          # from any thread; connected queued to refresh()

    def __init__(self, session: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("connection")
        self.banner = QLabel()
        self.banner.setObjectName("reconnecting")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setStyleSheet("background: #8a4b00; color: white; font-weight: bold; padding: 6px;")
        self.banner.hide()
        self.spectating = QLabel(SPECTATING)
        self.spectating.setObjectName("spectating")
        self.spectating.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.spectating.setStyleSheet("background: #2d4a6b; color: white; font-weight: bold; padding: 4px;")
        self.spectating.setVisible(bool(getattr(session, "spectator", False)))
        self.players = QLabel()
        self.players.setObjectName("presence")
        self.players.setStyleSheet("color: #ccd; padding: 2px 6px;")
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.players, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(self.spectating)
        lay.addWidget(self.banner)
        lay.addLayout(row)
        self.poked.connect(self.refresh, Qt.ConnectionType.QueuedConnection)
        session.listeners.append(self.poked.emit)
        self.refresh()

    def player_states(self) -> dict[str, str]:
        """seat -> "connected" / "disconnected", as this computer knows it."""
        s = self.session
        out = {}
        for seat in s.seats() or list(s.presence):
            if seat == s.seat:
                out[seat] = "connected" if s.state == "connected" else "disconnected"
            else:
                out[seat] = "connected" if s.presence.get(seat) else "disconnected"
        return out

    def refresh(self) -> None:
        s = self.session
        state = s.state
        if state == "reconnecting":
            self.banner.setText(RECONNECTING)
            self.banner.show()
        elif state == "disconnected" and not s.game_over:
            self.banner.setText(f"Disconnected: {s.closed_reason or 'the server is gone'}")
            self.banner.show()
        else:
            self.banner.hide()
        parts = []
        for seat, st in self.player_states().items():
            dot = "●" if st == "connected" else "○"
            you = " (you)" if seat == s.seat else ""
            parts.append(f"{dot} {seat}{you}: {st}")
        if getattr(s, "spectators", 0):
            parts.append(f"{s.spectators} watching")
        self.players.setText("    ".join(parts))

    def banner_shown(self) -> bool:
        return not self.banner.isHidden()
