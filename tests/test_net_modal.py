"""LAN play of modal spells with targeted modes (601.2b-c, 700.2a): the option's ``mode_targets`` reach the
client as JSON (a mode that can't be chosen as null), and a client answering from them alone (the random bot,
as a LAN seat would) casts modal spells with targeted modes that the server accepts."""
from __future__ import annotations

from engine.ai.random_bot import RandomBot
from engine.errors import IllegalAction
from test_net_server import pair, server  # noqa: F401 (the fixture)

MODAL = ["Mountain"] * 12 + ["Island"] * 12 + ["Borrowed Hostility"] * 8 + ["Cryptic Command"] * 4 \
    + ["Raging Goblin"] * 8


def test_modal_spells_with_targeted_modes_are_cast_over_the_lan(server) -> None:  # noqa: F811
    a, b = pair(server.port, MODAL, MODAL)
    sessions = {"alice": a, "bob": b}
    bots = {"alice": RandomBot(3), "bob": RandomBot(4)}
    refused: list[str] = []
    targeted = 0
    seen_null = False
    for _ in range(1500):
        a.wait(lambda s: s.waiting_for is not None or s.winner is not None, 5)
        who = a.waiting_for
        if a.winner is not None or who is None:
            break
        s = sessions[who]
        assert s.wait(lambda x: x._decision is not None or x.winner is not None, 5)
        if s.winner is not None:
            break
        d = s.pending()
        ans = bots[who].answer(d)
        if d.kind == "priority" and ans.get("modes") is not None:
            opt = next(o for o in d.options if o.get("card") == ans["card"] and "mode_targets" in o)
            seen_null = seen_null or None in opt["mode_targets"]
            assert all(opt["mode_targets"][m] is not None for m in ans["modes"])
            targeted += bool(ans.get("targets"))
        try:
            s.submit(None, ans)
        except IllegalAction as e:
            refused.append(str(e))
            s.submit(None, d.forced if d.forced is not None else {"action": "pass"})
        for other in sessions.values():
            other.wait(lambda x: x.decision_no == s.decision_no, 5)
    assert not refused
    assert targeted, "a modal spell was cast with a targeted mode over the LAN"
    assert seen_null, "a mode without legal targets came as null"
    a.close()
    b.close()
