"""Manual mode on the table: an unsupported permanent's text carried out by hand with the
prompt panel (issue 4, item 3), clicked with real mouse events."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QComboBox  # noqa: E402

from engine.session import LocalSession  # noqa: E402
from engine.setup import from_setup  # noqa: E402
from app.table.widget import TableWidget  # noqa: E402

KEEP = []


def test_manual_counters_by_clicking(qtbot):
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Chaos Orb"]}, "bob": {}}})
    w = TableWidget(LocalSession(g), ["alice", "bob"], modal_errors=False)
    KEEP.append(w)
    qtbot.addWidget(w)
    w.resize(1500, 920)
    w.show()
    w.activateWindow()
    if getattr(w.scene, "hide_hands", False):
        w.reveal()
    panel = w.prompt
    btn = panel.buttons.get("manual")
    assert btn is not None, "priority panel offers manual actions"
    QTest.mouseClick(btn, Qt.LeftButton)
    assert g.pending.kind == "manual"
    action = panel.findChild(QComboBox, "manual_action")
    action.setCurrentText("counters")
    QTest.mouseClick(panel.buttons["manual:apply"], Qt.LeftButton)
    orb = g.battlefield[0]
    assert g.objects[orb].counters.get("+1/+1") == 1
    assert g.pending.kind == "manual"
    QTest.mouseClick(panel.ok, Qt.LeftButton)
    assert g.pending.kind == "priority"
    assert any(e["type"] == "manual" for e in g.events)
