"""A LAN seat's table casts a modal spell whose chosen mode is targeted (601.2b-c), with the same clicks as a
hotseat table: the table on a RemoteSession, the other seat a random bot on its own connection."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from engine.ai.random_bot import RandomBot  # noqa: E402

from app.table.prompt import WrapCheck  # noqa: E402
from table_mouse import card_center, click, drag, show_table, space  # noqa: E402
from test_net_server import pair, server  # noqa: E402,F401 (the fixture)

ALICE = ["Swamp"] * 20 + ["Ebony Charm"] * 20
BOB = ["Forest"] * 20 + ["Grizzly Bears"] * 20


def hand_ids(v, name):
    return [c["id"] for c in v["players"]["alice"]["hand"] or [] if c["name"] == name]


def test_ebony_charm_targets_the_opponent_at_a_lan_table(qtbot, server):  # noqa: F811
    a, b = pair(server.port, ALICE, BOB)
    w = show_table(qtbot, a, ["alice"])
    bot = RandomBot(2)
    cast = False
    for _ in range(600):
        a.wait(lambda s: s.waiting_for is not None or s.winner is not None, 5)
        if a.winner is not None:
            break
        if a.waiting_for == "bob":
            assert b.wait(lambda s: s._decision is not None, 5)
            d = b.pending()
            b.submit(None, bot.answer(d))
            a.wait(lambda s: s.decision_no == b.decision_no, 5)
            w.ctl.advance()           # what the lobby's bridge does on an update
            continue
        w.ctl.advance()
        d = w.ctl.decision
        if d is None:
            qtbot.wait(20)
            continue
        v = w.ctl.view()
        mine = v["players"]["alice"]
        if d.kind == "priority" and v["step"] == "main1" and v["active"] == "alice":
            swamps = hand_ids(v, "Swamp")
            untapped = [c for c in v["battlefield"] if c["controller"] == "alice" and not c.get("tapped")]
            charms = hand_ids(v, "Ebony Charm")
            if untapped and charms:
                life = v["players"]["bob"]["life"]
                drag(w, card_center(w, charms[0]), w.scene.zones[("creatures", "alice")].rect.center())
                box = w.prompt.findChild(WrapCheck, "mode:0")     # "Target opponent loses 1 life ..."
                QTest.mouseClick(box.box, Qt.MouseButton.LeftButton)
                QTest.mouseClick(w.prompt.ok, Qt.MouseButton.LeftButton)
                assert w.scene.pending is not None and w.scene.pending.candidates == ["bob"]
                click(w, w.scene.players["bob"].center())
                assert w.scene.pending is None
                assert any(line.startswith("alice casts Ebony Charm targeting bob") for line in w.ctl.log_lines)
                # bob's bot passes or answers; the charm resolves
                for _ in range(20):
                    if a.view()["players"]["bob"]["life"] == life - 1:
                        break
                    if a.waiting_for == "bob":
                        b.wait(lambda s: s._decision is not None, 5)
                        b.submit(None, {"action": "pass"} if b.pending().kind == "priority" else
                                 bot.answer(b.pending()))
                        a.wait(lambda s: s.decision_no == b.decision_no, 5)
                    w.ctl.advance()
                assert a.view()["players"]["bob"]["life"] == life - 1
                cast = True
                break
            if swamps and mine.get("lands_played", 0) == 0 and not untapped:
                drag(w, card_center(w, swamps[0]), w.scene.zones[("lands", "alice")].rect.center())
                continue
        space(w)
    assert cast, "alice cast Ebony Charm at her LAN table"
    w.close()
    a.close()
    b.close()
