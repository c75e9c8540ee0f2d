"""A person casts a modal spell whose chosen mode is targeted (601.2b-c, 700.2a), with real mouse events on
the table's viewport and the panel: the modes are ticked in the panel, then each chosen mode's targets are
clicked on the table as for any targeted spell (the option's ``mode_targets``)."""
from __future__ import annotations

import pathlib

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from engine.session import LocalSession  # noqa: E402
from engine.setup import from_setup  # noqa: E402

from app.table.prompt import WrapCheck  # noqa: E402
from table_mouse import card_center, click, double_click, drag, settle, show_table  # noqa: E402

LIB = ["Island"] * 10


def table_for(qtbot, alice, bob, size=(1500, 920)):
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"library": LIB, **alice}, "bob": {"library": LIB, **bob}}}, seed=1)
    w = show_table(qtbot, LocalSession(g), ("alice", "bob"), size=size)
    settle(w)
    return g, w


def obj(g, name, zone="battlefield"):
    (i,) = [i for i in g.objects if g.objects[i].card.name == name and g.objects[i].zone == zone]
    return i


def cast_by_drag(w, g, name):
    """Drag the card from alice's hand onto her battlefield, as a person casts a spell."""
    drag(w, card_center(w, obj(g, name, "hand")), w.scene.zones[("creatures", "alice")].rect.center())


def tick(w, *modes):
    for m in modes:
        box = w.prompt.findChild(WrapCheck, f"mode:{m}")
        assert box is not None and box.isEnabled()
        QTest.mouseClick(box.box, Qt.MouseButton.LeftButton)
        assert box.isChecked()
    QTest.mouseClick(w.prompt.ok, Qt.MouseButton.LeftButton)


def test_cryptic_command_return_target_permanent_and_draw_by_mouse(qtbot):
    # bob holds a Shock and a Mountain: he may respond, so the spell waits on the stack for him
    g, w = table_for(qtbot, {"hand": ["Cryptic Command"], "battlefield": ["Island"] * 4},
                     {"battlefield": ["Grizzly Bears", "Gladecover Scout", "Mountain"], "hand": ["Shock"]})
    bears, scout = obj(g, "Grizzly Bears"), obj(g, "Gladecover Scout")
    cast_by_drag(w, g, "Cryptic Command")
    p = w.scene.pending
    assert p is not None and p.modes is None
    counter = w.prompt.findChild(WrapCheck, "mode:0")   # 700.2a: no spell to counter, so it can't be chosen
    assert counter is not None and not counter.isEnabled()
    assert w.prompt.ok.text() == "Next"
    tick(w, 1, 3)            # "Return target permanent to its owner's hand." + "Draw a card."
    p = w.scene.pending
    assert p is not None and p.modes == [1, 3]
    assert bears in p.candidates and scout not in p.candidates          # hexproof (702.11b)
    assert w.scene.cards[bears].highlight == "target"
    assert w.scene.cards[scout].highlight != "target"
    assert 'for "Return target permanent' in w.prompt.text.text()
    click(w, card_center(w, scout))      # not a legal target: nothing happens
    assert w.scene.pending is p and not g.stack
    click(w, card_center(w, bears))
    assert w.scene.pending is None
    v = w.ctl.view()
    (spell,) = v["stack"]
    assert spell["name"] == "Cryptic Command" and spell["targets"] == [[bears]]
    assert (spell["id"], bears, "target", False) in w.scene._arrow_specs   # the arrow to its target
    assert any(line.startswith("alice casts Cryptic Command") for line in w.ctl.log_lines)


def test_esc_cancels_a_modal_spell_while_its_target_is_chosen(qtbot):
    g, w = table_for(qtbot, {"hand": ["Cryptic Command"], "battlefield": ["Island"] * 4},
                     {"battlefield": ["Grizzly Bears"]})
    cast_by_drag(w, g, "Cryptic Command")
    tick(w, 1, 2)
    assert w.scene.pending is not None and not w.scene.pending.targets_done()
    QTest.keyClick(w.view, Qt.Key.Key_Escape)
    assert w.scene.pending is None and not g.stack
    assert obj(g, "Cryptic Command", "hand")                      # still in the hand
    assert w.scene.cards[obj(g, "Grizzly Bears")].highlight != "target"


def test_a_charm_with_one_targeted_mode(qtbot):
    """Golgari Charm: "Destroy target enchantment." is the one targeted mode; ticking too many modes is
    refused in the panel with the reason, and the cast goes on."""
    g, w = table_for(qtbot, {"hand": ["Golgari Charm"], "battlefield": ["Swamp", "Forest"]},
                     {"battlefield": ["Glorious Anthem", "Grizzly Bears"]})
    anthem = obj(g, "Glorious Anthem")
    cast_by_drag(w, g, "Golgari Charm")
    tick(w, 0, 1)                                                   # choose one: two ticked
    assert "choose 1 mode" in w.status.text()
    assert w.scene.pending is not None and w.scene.pending.modes is None
    for m in (0,):                                                   # untick the first
        QTest.mouseClick(w.prompt.findChild(WrapCheck, f"mode:{m}").box, Qt.MouseButton.LeftButton)
    QTest.mouseClick(w.prompt.ok, Qt.MouseButton.LeftButton)
    assert w.scene.pending is not None and w.scene.pending.candidates == [anthem]
    click(w, card_center(w, anthem))
    assert "alice casts Golgari Charm targeting Glorious Anthem" in w.ctl.log_lines
    # no one can respond: it resolved at once
    assert "Glorious Anthem" in [c["name"] for c in w.ctl.view()["players"]["bob"]["graveyard"]]


def test_choose_one_or_more_with_escalate_and_up_to_two_targets(qtbot):
    """Blessed Alliance (choose one or more, escalate {2}): three modes are more than four lands pay for (refused in
    the panel); two modes: "target player gains 4 life" (a click on alice's panel), then "untap up to two target
    creatures" ended early with the panel's button after one."""
    g, w = table_for(qtbot, {"hand": ["Blessed Alliance"], "battlefield": ["Plains"] * 4 + [
        {"name": "Grizzly Bears", "tapped": True}]}, {"battlefield": ["Runeclaw Bear", "Mountain"], "hand": ["Shock"]})
    bears = obj(g, "Grizzly Bears")
    cast_by_drag(w, g, "Blessed Alliance")
    assert "escalate {2}" in w.prompt.text.text()
    tick(w, 0, 1, 2)
    assert "at most" in w.status.text() and w.scene.pending.modes is None
    QTest.mouseClick(w.prompt.findChild(WrapCheck, "mode:2").box, Qt.MouseButton.LeftButton)   # untick the third
    QTest.mouseClick(w.prompt.ok, Qt.MouseButton.LeftButton)
    p = w.scene.pending
    assert p.modes == [0, 1] and set(p.candidates) == {"alice", "bob"}
    click(w, w.scene.players["alice"].center())
    assert bears in w.scene.pending.candidates and "up to 2 targets" in w.prompt.text.text()
    click(w, card_center(w, bears))
    assert w.scene.pending is not None                     # one of up to two: the slot is still open
    assert w.prompt.ok.isEnabled()
    QTest.mouseClick(w.prompt.ok, Qt.MouseButton.LeftButton)   # "Done choosing targets"
    assert w.scene.pending is None
    (spell,) = w.ctl.view()["stack"]
    assert spell["name"] == "Blessed Alliance" and spell["targets"] == [["alice"], [bears]]



def test_entwine_chooses_every_mode_and_asks_each_modes_target(qtbot):
    """Rain of Rust (choose one; entwine {3}{R}): the panel's entwine box chooses both modes (702.41a), then the
    artifact and the land are clicked in the order of the modes."""
    g, w = table_for(qtbot, {"hand": ["Rain of Rust"], "battlefield": ["Mountain"] * 9},
                     {"battlefield": ["Sisay's Ring", "Forest", "Mountain"], "hand": ["Shock"]})
    ring, forest = obj(g, "Sisay's Ring"), obj(g, "Forest")
    cast_by_drag(w, g, "Rain of Rust")
    box = w.prompt.findChild(WrapCheck, "entwine")
    assert box is not None and "{3}{R}" in box.label.text()
    QTest.mouseClick(box.box, Qt.MouseButton.LeftButton)
    QTest.mouseClick(w.prompt.ok, Qt.MouseButton.LeftButton)
    p = w.scene.pending
    assert p.modes == [0, 1] and p.candidates == [ring]
    click(w, card_center(w, ring))
    assert forest in w.scene.pending.candidates and 'for "Destroy target land."' in w.prompt.text.text()
    click(w, card_center(w, forest))
    assert w.scene.pending is None
    (spell,) = w.ctl.view()["stack"]
    assert spell["name"] == "Rain of Rust" and spell["targets"] == [[ring], [forest]]
    # {3}{R}{R} and the entwine cost {3}{R}: all nine of alice's Mountains
    assert all(g.objects[i].tapped for i in g.battlefield if g.objects[i].controller == "alice")


def test_another_target_leaves_out_the_target_already_chosen(qtbot):
    """Markov Retribution: "target Vampire you control deals damage ... to another target creature" (114.3): once
    the Vampire is clicked it is no longer offered (nor ringed) for the other slot."""
    g, w = table_for(qtbot, {"hand": ["Markov Retribution"], "battlefield": ["Mountain"] * 3 + ["Vampire Nighthawk"]},
                     {"battlefield": ["Grizzly Bears", "Mountain"], "hand": ["Shock"]})
    vamp, bears = obj(g, "Vampire Nighthawk"), obj(g, "Grizzly Bears")
    cast_by_drag(w, g, "Markov Retribution")
    tick(w, 1)
    assert w.scene.pending.candidates == [vamp]
    click(w, card_center(w, vamp))
    assert w.scene.pending.candidates == [bears]
    assert w.scene.cards[vamp].highlight != "target" and w.scene.cards[bears].highlight == "target"
    click(w, card_center(w, bears))
    (spell,) = w.ctl.view()["stack"]
    assert spell["targets"] == [[vamp], [bears]]


def test_a_confluence_chooses_a_targeted_mode_twice(qtbot):
    """Fiery Confluence (choose three; the same mode more than once, 700.2d): "destroy target artifact" twice and
    "2 damage to each opponent" once, set with the arrow keys; each instance of the mode asks for its target."""
    from app.table.prompt import ModeCount
    g, w = table_for(qtbot, {"hand": ["Fiery Confluence"], "battlefield": ["Mountain"] * 4},
                     {"battlefield": ["Sisay's Ring", "Ornithopter", "Mountain"], "hand": ["Shock"]})
    ring, thopter = obj(g, "Sisay's Ring"), obj(g, "Ornithopter")
    cast_by_drag(w, g, "Fiery Confluence")
    for m, n in ((1, 1), (2, 2)):
        row = w.prompt.findChild(ModeCount, f"mode:{m}")
        row.spin.setFocus()
        for _ in range(n):
            QTest.keyClick(row.spin, Qt.Key.Key_Up)
        assert row.spin.value() == n
    QTest.mouseClick(w.prompt.ok, Qt.MouseButton.LeftButton)
    p = w.scene.pending
    assert p.modes == [1, 2, 2] and set(p.candidates) == {ring, thopter}
    click(w, card_center(w, ring))
    assert set(w.scene.pending.candidates) == {ring, thopter}   # another instance of the word "target" (114.3)
    click(w, card_center(w, thopter))
    (spell,) = w.ctl.view()["stack"]
    assert spell["name"] == "Fiery Confluence" and spell["targets"] == [[ring], [thopter]]


def test_a_modal_activated_ability_with_a_targeted_mode(qtbot):
    """Umezawa's Jitte (602.2b, 700.2): a double-click on it offers its abilities, the modes come in the panel, and
    "target creature gets -1/-1" asks for its target on the table."""
    g, w = table_for(qtbot, {"battlefield": [{"name": "Umezawa's Jitte", "counters": {"charge": 2}}, "Island"]},
                     {"battlefield": ["Grizzly Bears", "Mountain"], "hand": ["Shock"]})
    jitte, bears = obj(g, "Umezawa's Jitte"), obj(g, "Grizzly Bears")
    double_click(w, card_center(w, jitte))      # (equip {2}: one Island can't pay it, so one ability to use)
    assert w.scene.pending is not None and w.scene.pending.modes is None
    tick(w, 1)
    assert w.scene.pending.candidates == [bears]
    click(w, card_center(w, bears))
    (ab,) = w.ctl.view()["stack"]
    assert ab["targets"] == [[bears]] and g.objects[jitte].counters.get("charge") == 1

SHOTS = pathlib.Path(__file__).resolve().parent.parent / ".test-data" / "screenshots"


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_screenshots_mid_choice(qtbot, size):
    """The table while Cryptic Command's modes are chosen, then while its mode's target is: the panel's modes
    (the one without a legal target greyed) and the highlighted targets, at a laptop's and a desktop's size."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    g, w = table_for(qtbot, {"hand": ["Cryptic Command", "Island", "Lightning Bolt"], "battlefield": ["Island"] * 4 + [
        "Grizzly Bears"]}, {"battlefield": ["Runeclaw Bear", "Gladecover Scout", "Mountain"], "hand": ["Shock"]},
        size=size)
    cast_by_drag(w, g, "Cryptic Command")
    qtbot.wait(100)   # the panel laid out and painted, as a person sees it
    modes = SHOTS / f"modal-modes-{size[0]}x{size[1]}.png"
    assert w.grab().save(str(modes))
    tick(w, 1, 3)
    assert w.scene.pending is not None and not w.scene.pending.targets_done()
    qtbot.wait(100)
    targets = SHOTS / f"modal-targets-{size[0]}x{size[1]}.png"
    assert w.grab().save(str(targets))
    assert modes.stat().st_size > 20_000 and targets.stat().st_size > 20_000
    # the three legal targets are ringed, the hexproof Scout is not
    assert {i for i, c in w.scene.cards.items() if c.highlight == "target"} == {
        obj(g, "Grizzly Bears"), obj(g, "Runeclaw Bear"), obj(g, "Mountain")} | {
        i for i in g.battlefield if g.objects[i].card.name == "Island"}
    w.close()
