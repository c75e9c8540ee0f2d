"""The priority option of a modal spell or ability lists each mode's target slots (601.2b-c, 700.2a):
``mode_targets``, one entry per mode with the legal targets of its slots and their counts (the shape of a
plain option's ``targets`` / ``target_counts``), or None for a mode that can't be chosen; the answer names
the chosen modes and their targets together, and a refusal says which mode's target is wrong."""
from __future__ import annotations

import json

import pytest

from engine.errors import IllegalAction
from engine.setup import from_setup

LANDS = ["Island"] * 4 + ["Plains"] * 4 + ["Forest"] * 2 + ["Mountain"] * 2


def game(alice: dict, bob: dict, step: str = "main1"):
    return from_setup({"active": "alice", "step": step, "players": {"alice": alice, "bob": bob}}, seed=1)


def option(g, name: str, action: str = "cast") -> dict:
    (opt,) = [o for o in g.pending.options if o.get("action") == action and o.get("name") == name]
    return opt


def ids(g, name: str, controller: str | None = None) -> list[int]:
    return [i for i in g.objects if g.objects[i].card.name == name and g.objects[i].zone == "battlefield"
            and (controller is None or g.objects[i].controller == controller)]


def test_each_mode_lists_its_legal_targets_and_a_mode_without_any_is_none() -> None:
    """700.2a: "counter target spell" with no spell on the stack can't be chosen (None); "return target
    permanent" lists every permanent but bob's hexproof creature (702.11b); the untargeted modes have no slot."""
    g = game({"hand": ["Cryptic Command"], "battlefield": LANDS + ["Grizzly Bears"]},
             {"battlefield": ["Gladecover Scout", "Runeclaw Bear"]})
    opt = option(g, "Cryptic Command")
    per = opt["mode_targets"]
    assert opt["choose"] == 2 and len(per) == 4
    assert per[0] is None
    (slot,) = per[1]["targets"]
    assert per[1]["target_counts"] == [[1, 1]]
    assert ids(g, "Runeclaw Bear")[0] in slot and ids(g, "Grizzly Bears")[0] in slot
    assert ids(g, "Gladecover Scout")[0] not in slot          # hexproof: not a legal target of alice's spell
    assert per[2] == per[3] == {"targets": [], "target_counts": []}
    assert json.loads(json.dumps(opt)) == opt                  # plain JSON: it goes over the LAN as it is
    assert "targeted_modes" not in opt


def test_a_spell_with_too_few_modes_that_can_be_chosen_is_not_offered() -> None:
    """700.2a, 601.2c: Dromoka's Command (choose two) with no spell, no creature and no enchantment in play: only
    "target player sacrifices an enchantment" can be chosen, one mode of the two it needs: no cast option."""
    g = game({"hand": ["Dromoka's Command"], "battlefield": LANDS}, {"battlefield": ["Island"]})
    assert not [o for o in g.pending.options if o.get("name") == "Dromoka's Command"]
    h = game({"hand": ["Dromoka's Command"], "battlefield": LANDS}, {"battlefield": ["Grizzly Bears"]})
    per = option(h, "Dromoka's Command")["mode_targets"]
    assert [p is not None for p in per] == [False, True, True, False]   # no creature of alice's to fight with


def test_up_to_and_choose_one_or_more_keep_their_counts() -> None:
    """Blessed Alliance (choose one or more, escalate): "untap up to two target creatures" is [0, 2] and can be
    chosen with no creature at all; "target opponent" lists only bob."""
    g = game({"hand": ["Blessed Alliance"], "battlefield": LANDS}, {"battlefield": ["Island"]})
    opt = option(g, "Blessed Alliance")
    assert opt["choose_min"] == 1 and opt["choose"] >= 3
    per = opt["mode_targets"]
    assert per[0]["targets"] == [["alice", "bob"]]
    assert per[1] == {"targets": [[]], "target_counts": [[0, 2]]}
    assert per[2]["targets"] == [["bob"]]
    assert opt["escalate"] == "{2}" and opt["modes_affordable"] == 3     # {1}{W} + {2} + {2}: twelve lands
    few = game({"hand": ["Blessed Alliance"], "battlefield": ["Plains"] * 4}, {"battlefield": ["Island"]})
    assert option(few, "Blessed Alliance")["modes_affordable"] == 2        # four lands: two modes at most
    h = g.copy()
    h.submit("alice", {"action": "cast", "card": opt["card"], "modes": [0, 1, 2], "targets": [["alice"], [], ["bob"]]})
    (spell,) = h.stack
    assert h.objects[spell].targets == [["alice"], [], ["bob"]]


def test_the_answer_names_the_chosen_modes_targets_and_a_refusal_says_what_is_wrong() -> None:
    g = game({"hand": ["Cryptic Command"], "battlefield": LANDS + ["Grizzly Bears"]},
             {"battlefield": ["Gladecover Scout"]})
    opt = option(g, "Cryptic Command")
    card, bears, scout = opt["card"], ids(g, "Grizzly Bears")[0], ids(g, "Gladecover Scout")[0]
    with pytest.raises(IllegalAction, match=r"none named .*mode 2 \"Return target permanent"):
        g.copy().submit("alice", {"action": "cast", "card": card, "modes": [1, 3]})
    with pytest.raises(IllegalAction, match="2 slot.s. named, the chosen modes have 1"):
        g.copy().submit("alice", {"action": "cast", "card": card, "modes": [1, 3], "targets": [[bears], [bears]]})
    with pytest.raises(IllegalAction, match="mode 2 \"Return target permanent.*Gladecover Scout is not a legal"):
        g.copy().submit("alice", {"action": "cast", "card": card, "modes": [1, 3], "targets": [[scout]]})
    with pytest.raises(IllegalAction, match="mode 1 \"Counter target spell"):   # 700.2a: no spell to counter
        g.copy().submit("alice", {"action": "cast", "card": card, "modes": [0, 3], "targets": [[bears]]})
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "cast", "card": card, "modes": [1, 3], "targets": [[scout]]})
    assert g.to_json() == before                               # a refused answer changes nothing
    g.submit("alice", {"action": "cast", "card": card, "modes": [1, 3], "targets": [[bears]]})
    (spell,) = g.stack
    assert g.objects[spell].modes == [1, 3] and g.objects[spell].targets == [[bears]]


def test_a_modal_activated_ability_lists_its_modes_targets_too() -> None:
    """602.2b, 700.2a: Phoenix Down's modes both target; with a creature card in alice's graveyard and no
    Skeleton, Spirit or Zombie, only the first can be chosen."""
    g = game({"battlefield": LANDS + ["Phoenix Down"], "graveyard": ["Grizzly Bears"]},
             {"battlefield": ["Runeclaw Bear"]})
    opt = option(g, "Phoenix Down", "activate")
    per = opt["mode_targets"]
    assert per[1] is None
    (slot,) = per[0]["targets"]
    assert len(slot) == 1 and g.objects[slot[0]].card.name == "Grizzly Bears"
    g.submit("alice", {"action": "activate", "card": opt["card"], "ability": opt["ability"], "modes": [0],
                       "targets": [slot]})
    (ab,) = g.stack
    assert g.objects[ab].targets == [slot]
    h = game({"battlefield": LANDS + ["Phoenix Down"]}, {"battlefield": ["Runeclaw Bear"]})
    assert not [o for o in h.pending.options if o.get("name") == "Phoenix Down" and o.get("modes")]


def test_another_target_is_named_so_a_client_leaves_the_other_targets_out() -> None:
    """114.3, 601.2c: Markov Retribution's "another target creature" slot is named in ``another``; the bot never
    names the Vampire twice, and the checker refuses it."""
    g = game({"hand": ["Markov Retribution"], "battlefield": LANDS + ["Vampire Nighthawk"]},
             {"battlefield": ["Grizzly Bears"]})
    opt = option(g, "Markov Retribution")
    per = opt["mode_targets"]
    assert per[1]["another"] == [1] and "another" not in per[0]
    vamp, bears = ids(g, "Vampire Nighthawk")[0], ids(g, "Grizzly Bears")[0]
    assert per[1]["targets"] == [[vamp], [vamp, bears]]
    with pytest.raises(IllegalAction, match="mode 2 .*already chosen"):
        g.copy().submit("alice", {"action": "cast", "card": opt["card"], "modes": [1], "targets": [[vamp], [vamp]]})
    from engine.ai.random_bot import RandomBot
    for seed in range(30):
        a = RandomBot(seed).answer(g.pending)
        if a.get("action") == "cast" and 1 in a["modes"]:
            assert a["targets"] == [[vamp], [bears]]
            g.copy().submit("alice", a)


def test_the_secrecy_check_sees_the_ids_of_mode_targets() -> None:
    """Candidates reveal only what the seat may see: Ebony Charm's "up to three target cards from a single
    graveyard" lists graveyard cards (public zones), and the secrecy check (engine/secrecy.py) reads the ids
    inside ``mode_targets``, so a hidden card there would be caught."""
    from engine import secrecy
    g = game({"hand": ["Ebony Charm"], "battlefield": ["Swamp"], "graveyard": ["Grizzly Bears"],
              "library": ["Island"] * 3}, {"graveyard": ["Runeclaw Bear"], "library": ["Island"] * 3})
    opt = option(g, "Ebony Charm")
    (slot,) = opt["mode_targets"][1]["targets"]
    assert {g.objects[i].card.name for i in slot} == {"Grizzly Bears", "Runeclaw Bear"}
    assert all(g.objects[i].zone == "graveyard" for i in slot)
    secrecy.check_views(g)                                     # nothing hidden shown
    seen: set[int] = set()
    secrecy._ids({"options": [opt]}, seen)
    assert set(slot) <= seen
    hidden = g.players["alice"].library[0]
    leaky = {"options": [{**opt, "mode_targets": [{"targets": [[hidden]], "target_counts": [[1, 1]]}]}]}
    got: set[int] = set()
    secrecy._ids(leaky, got)
    assert hidden in secrecy.unknown_ids(g, "bob", got)
