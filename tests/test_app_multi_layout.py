"""The table for 3 to 6 seats (issue 17, item 4): where the seats sit, what each shows,
attacks dragged onto the player they attack, the command zone and the Commander badges.

The views are a real two-player game's, widened to N seats (tests/multi_views.py): the
layout is plain data, tested before the engine seats more than two. Gestures are real mouse
events (tests/table_mouse.py); screenshots go to .test-data/screenshots."""
from __future__ import annotations

import pathlib

import pytest

pytest.importorskip("PySide6")

from multi_views import ViewSession, crowded  # noqa: E402
from PySide6.QtCore import QPointF, QRectF  # noqa: E402
from table_mouse import double_click, drag, space  # noqa: E402

from app.table.items import CardItem, PlayerItem, SeatItem  # noqa: E402
from app.table.seats import (  # noqa: E402
    MAIN_W,
    MAIN_X,
    RIGHT_X,
    ROWS_ME,
    ROWS_THEM,
    SCENE_H,
    SCENE_W,
    rotate,
    scene_height,
    seat_layout,
)
from app.table.widget import TableWidget  # noqa: E402
from engine.state import Decision  # noqa: E402

SHOTS = pathlib.Path(__file__).resolve().parent.parent / ".test-data" / "screenshots"
KEEP = []


def table(qtbot, views, decision=None, humans=("alice",), size=(1500, 920)):
    s = ViewSession(views, decision)
    w = TableWidget(s, list(humans), modal_errors=False)
    KEEP.append(w)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    w.view.fit()
    return s, w


def priority(seat="alice", extra=()):
    return Decision(seat, "priority", "", [{"action": "pass"}, *extra])


# -- the geometry ------------------------------------------------------------------------------
def test_two_seats_keep_the_two_player_table():
    boxes = seat_layout(["alice", "bob"], "bob")
    me, them = boxes["bob"], boxes["alice"]
    assert me.bottom and not them.bottom
    for kind, (y, h) in ROWS_ME.items():
        assert me.rows[kind] == QRectF(MAIN_X, y, MAIN_W, h)
    for kind, (y, h) in ROWS_THEM.items():
        assert them.rows[kind] == QRectF(MAIN_X, y, MAIN_W, h)
    assert me.panel == QRectF(8, SCENE_H - 190, 184, 180) and them.panel == QRectF(8, 10, 184, 180)
    assert them.piles["library"].x() == RIGHT_X - 2 and them.piles["library"].y() == 10


def test_opponents_sit_clockwise_from_the_left_in_turn_order():
    order = ["alice", "bob", "carol", "dave", "erin"]
    assert rotate(order, "carol") == ["carol", "dave", "erin", "alice", "bob"]
    boxes = seat_layout(order, "carol")
    assert boxes["carol"].bottom
    left, right = boxes["dave"].area, boxes["bob"].area     # the next player sits at my left
    assert left.center().x() < SCENE_W / 4 and right.center().x() > SCENE_W / 3
    assert left.top() > boxes["erin"].area.top(), "the side seats are lower than the ones across"
    across = [boxes[s].area.center().x() for s in ("erin", "alice")]
    assert across == sorted(across), "across the table, left to right in turn order"
    three = seat_layout(["alice", "bob", "carol"], "alice")
    assert three["bob"].area.center().x() < three["carol"].area.center().x()


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_seats_do_not_overlap_and_stay_on_the_table(n):
    order = ["alice", "bob", "carol", "dave", "erin", "frank"][:n]
    boxes = seat_layout(order, "alice")
    assert list(boxes) == order
    table_rect = QRectF(0, 0, SCENE_W, scene_height(n))
    assert scene_height(n) > SCENE_H, "a taller table for more seats"
    areas = [b.area for b in boxes.values()]
    for i, a in enumerate(areas):
        assert table_rect.contains(a)
        for b in areas[i + 1:]:
            assert a.intersected(b).isEmpty() or a.intersected(b).width() * a.intersected(b).height() < 1
    for b in boxes.values():
        parts = [b.panel, *b.rows.values(), *b.piles.values()]
        for r in parts:
            assert b.area.contains(r) or b.bottom, (b.seat, r)
        for i, r in enumerate(parts):
            for q in parts[i + 1:]:
                inter = r.intersected(q)
                assert inter.isEmpty() or inter.width() * inter.height() < 1, (b.seat, r, q)
        cw, ch = b.card
        assert cw >= 40 and ch <= b.rows["creatures"].height(), (b.seat, b.card)


# -- the table on screen ---------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 6])
def test_every_seat_shows_its_counts_piles_and_battlefield(qtbot, n):
    g, v = crowded(n, 24)
    v["players"]["carol"]["graveyard"] = v["players"]["alice"]["hand"][:1]
    s, w = table(qtbot, {"alice": v}, priority())
    sc = w.scene
    for seat in v["order"]:
        box = sc.boxes[seat]
        assert isinstance(sc.players[seat], PlayerItem)
        assert box.area.contains(sc.players[seat].sceneBoundingRect().center())
        for kind in ("graveyard", "exile", "command"):
            assert (kind, seat) in sc.zones, (seat, kind)
        mine = [c["id"] for c in v["battlefield"] if c["controller"] == seat]
        assert mine and all(box.area.contains(sc.cards[i].sceneBoundingRect().center()) for i in mine), seat
        # no card of one seat is drawn over another seat's part of the table
        for i in mine:
            r = sc.cards[i].sceneBoundingRect().adjusted(3, 3, -3, -3)
            for other, ob in sc.boxes.items():
                if other != seat:
                    assert ob.area.intersected(r).isEmpty(), (seat, other)
    # the graveyard is clickable: it opens the viewer of that pile
    pile = sc.zones[("graveyard", "carol")]
    from table_mouse import click
    click(w, pile.sceneBoundingRect().center())
    assert w.zone_window is not None and w.zone_viewer.count() == 1
    assert w.zone_window.windowTitle().startswith("carol's graveyard")
    w.zone_window.close()


def test_whose_turn_and_who_decides_show_on_the_seats(qtbot):
    g, v = crowded(4, 6)
    v["active"], v["priority"] = "carol", "alice"
    s, w = table(qtbot, {"alice": v}, priority())
    frames = {k[1]: it for k, it in w.scene._pool.items() if k[0] == "seat"}
    assert isinstance(frames["carol"], SeatItem)
    assert frames["carol"].state == (True, False, False)
    assert frames["alice"].state == (False, True, False)
    assert frames["bob"].state == (False, False, False)
    assert w.scene.players["carol"].active and w.scene.players["alice"].priority
    # the frame is drawn: gold pixels on carol's border
    img = w.view.viewport().grab().toImage()
    cx, top = frames["carol"].rect.center().x(), frames["carol"].rect.top()
    cols = [img.pixelColor(w.view.mapFromScene(QPointF(cx, top + dy))) for dy in (1, 2, 3, 4, 5)]
    assert any(c.red() > 150 and c.green() > 120 and c.blue() < 120 for c in cols), [c.name() for c in cols]
    bx, btop = frames["bob"].rect.center().x(), frames["bob"].rect.top()
    cols = [img.pixelColor(w.view.mapFromScene(QPointF(bx, btop + dy))) for dy in (1, 2, 3, 4, 5)]
    assert not any(c.red() > 150 and c.blue() < 120 for c in cols), "bob's seat is not lit"


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_screenshots_of_three_four_and_six_seats(qtbot, size):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for n in (3, 4, 6):
        g, v = crowded(n, 30)
        v["players"]["carol"].update(commander_damage={"alice": 12, "bob": 5}, commander_casts=2)
        bolt = {"action": "cast", "card": v["players"]["alice"]["hand"][0]["id"]}
        s, w = table(qtbot, {"alice": v}, priority(extra=[bolt]), size=size)
        assert not w.curtain.isVisible() and w.ctl.decision is not None
        path = SHOTS / f"multi-{n}-seats-{size[0]}x{size[1]}.png"
        assert w.grab().save(str(path))
        assert path.stat().st_size > 20_000
        w.close()


# -- attacks: onto the player or planeswalker each attacker attacks ------------------------------
def test_each_attacker_is_dragged_onto_the_player_it_attacks(qtbot):
    g, v = crowded(4, 8, step="declare_attackers")
    alice_creatures = [c["id"] for c in v["battlefield"] if c["controller"] == "alice" and "Creature" in c["types"]]
    a1, a2, a3 = alice_creatures[:3]
    d = Decision("alice", "attackers", "", {"attackers": alice_creatures, "targets": ["bob", "carol", "dave"]})
    s, w = table(qtbot, {"alice": v}, d)
    sc = w.scene
    # onto carol's panel; into dave's battlefield (anywhere in his part of the table); onto bob's land
    drag(w, sc.cards[a1].sceneBoundingRect().center(), sc.players["carol"].center())
    drag(w, sc.cards[a2].sceneBoundingRect().center(), sc.boxes["dave"].rows["creatures"].center())
    bob_land = next(c["id"] for c in v["battlefield"] if c["controller"] == "bob" and "Land" in c["types"])
    drag(w, sc.cards[a3].sceneBoundingRect().center(), sc.cards[bob_land].sceneBoundingRect().center())
    assert sc.attacks == {a1: "carol", a2: "dave", a3: "bob"}
    assert "onto the player" in w.prompt.text.text() and "→ carol" in w.prompt.text.text()
    arrows = {(k[0], k[1]) for k in next(it for k2, it in sc._pool.items() if k2 == ("arrows",)).specs}
    assert {(a1, "carol"), (a2, "dave"), (a3, "bob")} <= arrows, "each attack shows as an arrow"
    # dragged back onto your own side: no longer attacking
    drag(w, sc.cards[a3].sceneBoundingRect().center(), sc.boxes["alice"].rows["lands"].center())
    assert a3 not in sc.attacks
    space(w)
    assert s.answers == [("alice", {"attackers": {a1: "carol", a2: "dave"}})]


def test_an_attack_on_a_player_who_cannot_be_attacked_is_refused_with_a_reason(qtbot):
    g, v = crowded(3, 8, step="declare_attackers")
    a1 = next(c["id"] for c in v["battlefield"] if c["controller"] == "alice" and "Creature" in c["types"])
    d = Decision("alice", "attackers", "", {"attackers": [a1], "targets": ["bob"]})   # carol out of range (801)
    s, w = table(qtbot, {"alice": v}, d)
    drag(w, w.scene.cards[a1].sceneBoundingRect().center(), w.scene.players["carol"].center())
    assert a1 not in w.scene.attacks
    assert "can't attack carol" in w.status.text()


# -- Commander: the command zone, the badges ---------------------------------------------------------
def commander_view(n=4):
    g, v = crowded(n, 6)
    cmdr = {"id": 9001, "name": "Child of Alara", "owner": "alice", "controller": "alice"}
    v["players"]["alice"]["command"] = [cmdr]
    v["players"]["alice"].update(commander_casts=1, commander_damage={"carol": 9})
    v["players"]["bob"]["command"] = [{"id": 9002, "name": "Kozilek, Butcher of Truth", "owner": "bob",
                                       "controller": "bob"}]
    v["players"]["bob"].update(commander_casts=0, commander_damage={"alice": 14, "carol": 3})
    return v, cmdr


def test_a_commander_is_cast_from_the_command_zone_by_drag(qtbot):
    v, cmdr = commander_view()
    s, w = table(qtbot, {"alice": v}, priority(extra=[{"action": "cast", "card": 9001}]))
    it = w.scene.cards[9001]
    assert isinstance(it, CardItem) and it.zone == "command" and it.face_up
    assert w.scene.boxes["alice"].piles["command"].contains(it.sceneBoundingRect().center())
    assert it.highlight == "playable"
    drag(w, it.sceneBoundingRect().center(), w.scene.zones[("creatures", "alice")].rect.center())
    assert s.answers == [("alice", {"action": "cast", "card": 9001})]


def test_a_commander_is_cast_by_double_click_and_not_when_it_cannot_be(qtbot):
    v, cmdr = commander_view(3)
    bolt = {"action": "cast", "card": v["players"]["alice"]["hand"][0]["id"]}   # not only "pass": no auto-pass
    s, w = table(qtbot, {"alice": v}, priority(extra=[bolt]))
    double_click(w, w.scene.cards[9001].sceneBoundingRect().center())
    assert s.answers == [] and "nothing to do" in w.status.text()
    s.decision = priority(extra=[bolt, {"action": "cast", "card": 9001}])
    w.refresh()
    double_click(w, w.scene.cards[9001].sceneBoundingRect().center())
    assert s.answers == [("alice", {"action": "cast", "card": 9001})]
    # an opponent's commander is shown (a public zone) but is not yours to cast
    assert w.scene.cards[9002].face_up and w.scene.cards[9002].zone == "command"


def test_commander_damage_and_tax_show_by_each_player(qtbot):
    v, _ = commander_view()
    s, w = table(qtbot, {"alice": v}, priority())
    bob = w.scene.players["bob"]
    assert "14 from alice's commander" in bob.toolTip() and "3 from carol's commander" in bob.toolTip()
    assert "next cast costs {0} more" in bob.toolTip()
    me = w.scene.players["alice"]
    assert "9 from carol's commander" in me.toolTip() and "costs {2} more" in me.toolTip()
    assert w.scene.players["dave"].toolTip() == "", "no badge outside Commander"
    from app.table.items import commander_facts
    assert commander_facts(v["players"]["bob"])[0] == "⚔14/21  tax +0"


def test_a_full_opponent_row_piles_up_permanents_that_look_the_same(qtbot):
    g, v = crowded(6, 30)
    bolt = {"action": "cast", "card": v["players"]["alice"]["hand"][0]["id"]}
    s, w = table(qtbot, {"alice": v}, priority(extra=[bolt]))
    sc = w.scene
    lands = [c for c in v["battlefield"] if c["controller"] == "carol" and "Land" in c["types"]]
    by_name: dict[str, list[float]] = {}
    for c in lands:
        by_name.setdefault(c["name"], []).append(sc.cards[c["id"]].pos().x())
    assert len(lands) == 15 and set(by_name) == {"Forest", "Mountain"}
    for name, xs in by_name.items():
        xs.sort()
        steps = {round(b - a, 1) for a, b in zip(xs, xs[1:])}
        assert len(steps) == 1 and 0 < steps.pop() < sc.boxes["carol"].card[0] / 4, (name, xs)
    # the piles' tops do not overlap each other: each shows whole
    tops = [sc.cards[max((c for c in lands if c["name"] == n), key=lambda c: sc.cards[c["id"]].pos().x())["id"]]
            for n in by_name]
    assert tops[0].sceneBoundingRect().adjusted(3, 3, -3, -3).intersected(
        tops[1].sceneBoundingRect().adjusted(3, 3, -3, -3)).isEmpty()
    # your own row is never piled: every card in its own place
    mine = sorted(sc.cards[c["id"]].pos().x() for c in v["battlefield"]
                  if c["controller"] == "alice" and "Land" in c["types"])
    assert min(b - a for a, b in zip(mine, mine[1:])) > 30
