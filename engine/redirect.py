"""Redirection effects (CR 614.9): damage that would be dealt to one creature, planeswalker or player
is dealt to another instead.

Two kinds: the effects of resolved spells and abilities (``g.effects`` of layer "redirect", made by the
"redirect" op: "All damage that would be dealt this turn to you and permanents you control is dealt to the
chosen permanent instead", "The next 1 damage that would be dealt to SELF this turn is dealt to target
creature you control instead"), and the statics of permanents ("redirect_damage": "All damage that would be
dealt to you is dealt to SELF instead", "As long as SELF is untapped, all damage that would be dealt to you by
unblocked creatures is dealt to SELF instead").

614.9: if the object the damage would be dealt to or the new recipient is no longer on the battlefield, or
no longer a creature or planeswalker, the effect does nothing; nor does it to or from a player who has left
the game. 614.5: each redirection applies at most once to one damage event (a chain of them may move it on).
The redirections of one damage event are applied before its prevention effects and other replacements (one
of the orders 616.1 allows: the affected player or controller is not asked for this order); the damage is
still dealt by its own source (609.7b).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import player_statics
from engine.filters import matches
from engine.values import condition

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["redirect_hits", "spend"]

Hit = tuple[int, Any, int]


def _alive(g: "Game", x: Any) -> bool:
    """614.9: a player still in the game, or a creature or planeswalker on the battlefield."""
    if isinstance(x, str):
        return x in g.players and not g.players[x].lost and x not in g.gone
    if not isinstance(x, int) or x not in g.objects or g.objects[x].zone != "battlefield":
        return False
    types = g.chars(x).types
    return "Creature" in types or "Planeswalker" in types


def _static_into(g: "Game", sid: int, ctl: str, st: dict[str, Any]) -> Any:
    into = st.get("into", "self")
    if into == "self":
        return sid
    att = g.objects[sid].attached_to
    if into == "attached":
        return att
    if into == "you":
        return ctl
    if into == "controller_of_attached":  # "... dealt to enchanted creature is dealt to its controller instead"
        return g.controller_of(att) if isinstance(att, int) and att in g.objects else None
    return None


def _static_covers(g: "Game", sid: int, ctl: str, st: dict[str, Any], src: int, tgt: Any) -> bool:
    if isinstance(tgt, str):
        return st.get("players") == "you" and tgt == ctl
    aff = st.get("affects")
    if aff is None:
        return False
    if aff == "self":
        return tgt == sid
    if aff == "attached":
        return g.objects[sid].attached_to == tgt
    return isinstance(aff, dict) and matches(g, tgt, aff, sid, ctl)


def _candidates(g: "Game", src: int, tgt: Any, combat: bool) -> list[tuple[str, Any, dict[str, Any] | None]]:
    """(key, new recipient, the effect record when its amount is limited) of each redirection that applies to
    damage from ``src`` to ``tgt`` now, in the order they began (effects in timestamp order, then statics)."""
    out: list[tuple[str, Any, dict[str, Any] | None]] = []
    for e in g.effects:
        if e["layer"] != "redirect" or e.get("combat") and not combat:
            continue
        if e.get("amount") is not None and e["amount"] <= 0 or e.get("used"):
            continue  # 615.7-like: "the next N damage" / "the next time ...": used up
        ctl = e.get("controller")
        if e.get("to_any"):  # "the next time a source of your choice would deal damage this turn": to anything
            hit = True
        elif isinstance(tgt, str):
            hit = e.get("to_players") == "you" and tgt == ctl or tgt in (e.get("to") or ()) \
                or e.get("to_players") == "opponent" and isinstance(ctl, str) and tgt in g.opponents(ctl)
        else:
            hit = tgt in (e.get("to") or ()) or e.get("to_filter") is not None \
                and matches(g, tgt, e["to_filter"], None, ctl)
        if not hit:
            continue
        if e.get("by") is not None and src not in e["by"]:
            continue
        if e.get("by_filter") is not None and not (src in g.objects and matches(
                g, src, {"zone": "any_card", **e["by_filter"]}, None, ctl)):
            continue  # "by unblocked creatures this turn": the source as the damage is dealt (609.7)
        into = e.get("into")
        if into == "source_controller":  # "... is dealt to that source's controller instead": as it is dealt
            into = g.controller_of(src) if src in g.objects else None
        out.append((f"e{e['ts']}", into, e if e.get("amount") is not None or e.get("next") else None))
    for k, (sid, ctl, st) in enumerate(player_statics.statics(g, "redirect_damage")):
        if st.get("combat") and not combat:
            continue
        if not _static_covers(g, sid, ctl, st, src, tgt):
            continue
        fr = st.get("from")  # "by unblocked creatures", "by artifacts" (the source, 609.7)
        if fr is not None and not (src in g.objects and matches(g, src, {**fr, "zone": "any_card"}, sid, ctl)):
            continue
        if st.get("condition") and not condition(g, st["condition"], sid, None):
            continue  # "as long as SELF is untapped" (611.3b)
        out.append((f"s{sid}.{k}", _static_into(g, sid, ctl, st), None))
    return out


def redirect_hits(g: "Game", hits: list[Hit], combat: bool) -> tuple[list[Hit], list[tuple[dict[str, Any], int]]]:
    """The damage events after the redirection effects that apply to them (614.9), and what each "next N damage"
    effect would spend ((record, amount): the caller takes it off once the damage is dealt, so that planning the
    same damage again, after a player's answer (616.1), changes nothing)."""
    if not (g.effects and any(e["layer"] == "redirect" for e in g.effects)) and not (
            player_statics.active(g) and player_statics.statics(g, "redirect_damage")):
        return hits, []
    spent: dict[int, int] = {}
    spend_list: list[tuple[dict[str, Any], int]] = []
    out: list[Hit] = []
    for src, tgt, n in hits:
        todo: list[tuple[Any, int, frozenset[str]]] = [(tgt, n, frozenset())]
        while todo:
            t, k, used = todo.pop()
            moved = False
            if k > 0 and _alive(g, t):
                for key, into, rec in _candidates(g, src, t, combat):
                    if key in used or into is None or into == t or not _alive(g, into):
                        continue  # 614.5; 614.9: a recipient gone does nothing
                    part = k
                    if rec is not None and rec.get("next"):  # "the next time": the whole of this damage event,
                        # every part of it the effect applies to (all dealt at once, 510.2, 608.2); used up after
                        spend_list.append((rec, k))
                    elif rec is not None:
                        left = int(rec["amount"]) - spent.get(id(rec), 0)
                        if left <= 0:
                            continue
                        part = min(k, left)
                        spent[id(rec)] = spent.get(id(rec), 0) + part
                        spend_list.append((rec, part))
                    todo.append((into, part, used | {key}))
                    if k - part > 0:
                        todo.append((t, k - part, used | {key}))
                    moved = True
                    break
            if not moved:
                out.append((src, t, k))
    return out, spend_list


def spend(g: "Game", spent: list[tuple[dict[str, Any], int]]) -> None:
    """Take what the damage dealt used off each "next N damage" redirection (615.7-like)."""
    for rec, k in spent:
        if rec.get("next"):  # "the next time ... would deal damage": one damage event (615.8-like)
            rec["used"] = True
            continue
        rec["amount"] = max(0, int(rec["amount"]) - k)
    if spent:
        g.changed()
