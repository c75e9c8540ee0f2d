"""What one player may see (DESIGN: hidden information), as plain JSON-able data."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import knowledge, player_control
from engine.mana import plain_pool

if TYPE_CHECKING:
    from engine.game import Game


def card_view(g: "Game", oid: int) -> dict[str, Any]:
    o = g.objects[oid]
    d: dict[str, Any] = {"id": oid, "name": o.card.name, "owner": o.owner, "controller": o.controller}
    if o.zone == "battlefield":
        c = g.chars(oid)
        d.update(controller=c.controller, tapped=o.tapped, sick=o.sick, damage=o.damage,
                 counters=dict(o.counters), attached_to=o.attached_to, token=o.token,
                 power=c.power if "Creature" in c.types else None,
                 toughness=c.toughness if "Creature" in c.types else None,
                 types=sorted(c.types), keywords=sorted(c.keywords),
                 attacking=o.attacking, blocking=list(o.blocking))
    elif o.zone == "stack":
        d.update(targets=o.targets, ability=o.ability.text if o.ability else None)
    if "face_down" in o.chosen:  # 707.2: a 2/2 with no name; which card it is stays hidden (707.5)
        d["face_down"] = True
    elif o.zone == "command" and "card_name" in o.chosen:  # 702.105c: revealed as its conspiracy was turned face up
        d["chosen_name"] = o.chosen["card_name"]
    return d


def _own_face_down(g: "Game", player: str, cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """707.5: a player may look at the face-down spells and permanents they control: their views
    of those objects name the card (``face_down_card``); everyone else's do not. The public card
    views are shared between seats, so the named ones are new dicts."""
    out = cards
    looks: bool | None = None  # "You may look at face-down creatures you don't control any time" (Keeper of the Lens)
    for k, d in enumerate(cards):
        if d.get("face_down"):
            o = g.objects[d["id"]]
            if o.chosen.get("down_by") == "exile_unseen" and player not in o.chosen.get("looked_by", ()):
                continue  # 406.3: exiled face down where no one may look at it (Inverter of Truth), but the player an
                # effect let look at it (Thief of Sanity: the one who exiled it)
            ctl = d.get("controller", o.controller)
            if looks is None:
                looks = any(ab.kind == "static" and ab.static and ab.static.get("kind") == "look_face_down"
                            for i in g.battlefield if g.controller_of(i) == player for ab in g.chars(i).abilities)
            if ctl == player or player_control.controls(g, player, ctl) or looks and o.zone == "battlefield" \
                    and "Creature" in g.chars(d["id"]).types \
                    or player in o.chosen.get("looked_by", ()):  # 712.4: the controlled player's too
                if out is cards:
                    out = list(cards)
                out[k] = dict(d, face_down_card=o.chosen["face_down"].name)
                if o.zone == "command" and "card_name" in o.chosen:  # 702.105b: the name secretly chosen
                    out[k]["chosen_name"] = o.chosen["card_name"]
    return out


def commander_name(g: "Game", player: str) -> str | None:
    """The name of ``player``'s commander (903.3: public, printed on the decklist), "A and B" for two partners.
    A card's name never changes, so the names are found once per game (a copy of the game shares them)."""
    names = g.__dict__.get("_commander_names")
    if names is None:
        by_uid = {o.uid: (o.chosen.get("printed") or o.card).name if o.is_copy else o.card.name
                  for o in g.objects.values() if o.ability is None and o.uid in g.commanders}
        each: dict[str, list[str]] = {}
        for u in sorted(by_uid):
            each.setdefault(g.commanders[u], []).append(by_uid[u])
        names = {owner: " and ".join(ns) for owner, ns in each.items()}
        g._commander_names = names
    return names.get(player)


def view(g: "Game", player: str, public: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The game as ``player`` may know it: own hand, public zones, counts of hidden zones.

    ``public`` (optional, empty at first) lets views of several players of one game state
    share the card views of public zones (battlefield, stack, graveyards, exile), which are
    the same for everyone: the LAN server builds every seat's view after each answer. The
    shared dicts must then be treated as read-only."""
    if public is None:
        def pv(i: int) -> dict[str, Any]:
            return card_view(g, i)
    else:
        def pv(i: int) -> dict[str, Any]:
            d = public.get(i)
            if d is None:
                d = public[i] = card_view(g, i)
            return d
    players: dict[str, dict[str, Any]] = {}
    for n in g.order:
        p = g.players[n]
        players[n] = {
            "life": p.life, "poison": p.poison, "library": len(p.library), "hand_count": len(p.hand),
            "hand": [card_view(g, i) for i in p.hand] if knowledge.sees_hand(g, player, n) else None,  # 810.5
            "graveyard": [pv(i) for i in p.graveyard],
            "exile": _own_face_down(g, player, [pv(i) for i in p.exile]),  # hideaway's card (702.74a)
            # 408: a public zone, where a conspiracy may be face down (313.2: its card and name known to its owner)
            "command": _own_face_down(g, player, [pv(i) for i in p.command]),
            "mana_pool": plain_pool(p.pool), "lost": p.lost, "lands_played": p.lands_played,
            "left": n in g.gone, "counters": dict(p.counters),  # 121.1: energy, experience, ... (public)
            # cards outside the game: their owner's to know (learn), a count for the others
            "sideboard": list(p.sideboard) if player == n else None, "sideboard_count": len(p.sideboard),
        }
        if p.city_blessing:  # ascend's designation (a later keyword, Rivals of Ixalan): public
            players[n]["city_blessing"] = True
        if g.casual:  # 901.4, 904.4: how many cards the planar and scheme decks hold (their order: no one's)
            players[n].update(planar_deck=len(p.planar), scheme_deck=len(p.schemes))
        if p.speed:  # start your engines! (a later keyword, Aetherdrift): public
            players[n]["speed"] = p.speed
        if g.commanders:  # 903: public facts of a Commander game
            players[n].update(commander=commander_name(g, n), commander_casts=p.commander_casts,
                              commander_damage=dict(p.commander_damage))
            mine = sorted(g.objects[u].card.name for u, owner in g.commanders.items() if owner == n and u in g.objects)
            if len(mine) > 1:   # two partners (a later rule): each one's tax counts its own casts (903.8)
                players[n]["commander_casts_by"] = {name: p.commander_casts_by.get(name, 0) for name in mine}
        if g.shown or knowledge.top_known(g, player, n):  # hidden cards this player has looked at or
            # seen revealed, or may look at (a library's top card: engine/knowledge.py)
            known = knowledge.known_hidden(g, player, n)
            if known:
                players[n]["known"] = [dict(card_view(g, i), zone=z, index=k) for z, k, i in known]
    pend = g.pending
    return {
        "you": player, "turn": g.turn, "active": g.active, "step": g.step, "priority": g.priority,
        "day_night": g.day_night,  # public: day, night or neither (a later rule, Innistrad: Midnight Hunt)
        "winner": g.winner, "players": players,
        "order": list(g.order), "variant": g.variant,  # every seat in turn order (800.4: also who left)
        "teams": [list(t) for t in g.teams] if g.variant == "two_headed_giant" else None,
        "battlefield": _own_face_down(g, player, [pv(i) for i in g.battlefield]),
        "stack": _own_face_down(g, player, [pv(i) for i in reversed(g.stack)]),
        "pending": pend.to_dict() if pend is not None and pend.player == player else
        ({"player": pend.player, "kind": pend.kind} if pend is not None else None),
    }
