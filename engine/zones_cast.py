"""Playing lands and casting spells from zones other than the hand (CR 601.2a, 305.1),
and casting without paying the mana cost (117.9).

Permissions come from two places:
- the "playable" op (engine/ops/playable.py) of a resolved spell or ability ("Exile the top seven cards of your
  library. Until end of turn, you may cast spells from among them"; "You may cast Zombie
  spells from your graveyard this turn"): a record in ``game.effects`` with layer
  "play", the objects it names (or a card filter), "play" or "cast", whether the cards
  are free, and its duration;
- the plot special action (engine/casting.py plot): "cast it as a sorcery on a later turn without
  paying its mana cost" (a record with "sorcery" and "from_turn");
- the card's own static ability, working where the card is (112.6): "You may cast SELF from your
  graveyard" (Skaab Ruinator), "... from exile", "... as long as you control a Zombie" (Gravecrawler);
- an adventurer card exiled as its Adventure resolved: its caster may cast it (the later rule of Adventures), or
  play it when it is a land;
- static abilities of permanents: "You may play lands from your graveyard" (Crucible of
  Worlds), "You may cast spells from your hand without paying their mana costs"
  (Omniscience).

A permission never changes timing (but a plotted card's: as a sorcery): sorcery-speed spells and lands still wait for an
empty stack in the owner's main phase, and a land played this way uses the land play
(305.2). The priority options list each such cast or land play.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import commander, seats
from engine import player_statics as ps
from engine.filters import matches
from engine.memo import in_game, per_object
from engine.values import condition

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj

PLAY_ZONES = ("exile", "graveyard", "library")


# ------------------------------------------------------------------ permissions
def permission(g: "Game", player: str, o: "Obj") -> dict[str, Any] | None:
    """How ``player`` may play or cast ``o`` from where it is, if they may:
    {"play": "play"|"cast", "free": bool}. Cards in hand need none (None is returned)."""
    if o.zone == "command":  # 903.8: a commander from its owner's command zone
        return commander.cast_permission(g, player, o)
    if o.zone not in PLAY_ZONES:
        return None
    best: dict[str, Any] | None = None
    for rec in g.effects:
        if rec.get("layer") != "play" or rec.get("controller") != player:
            continue
        if rec.get("from_turn", 0) > g.turn or rec.get("sorcery") and not _sorcery_time(g, player):
            continue  # plot: "cast it as a sorcery on a later turn"
        if o.id in rec["objects"] and (not rec.get("only") or matches(g, o.id, {**rec["only"], "zone": o.zone},
                                                                      None, player)) \
                or rec.get("filter") and matches(g, o.id, rec["filter"], None, player):
            if best is None or rec["free"] and not best["free"]:
                best = {"play": rec["play"], "free": rec["free"]}
                if rec.get("exile_instead"):  # 614.1a: the spell cast this way is exiled instead of the graveyard
                    best["exile_instead"] = True
                if rec.get("any_color"):  # 609.4: its mana paid as though it were mana of any color
                    best["any_color"] = True
                if rec.get("cost") is not None:  # "cast it for {2} rather than its mana cost" (118.9)
                    best["cost"] = tuple(rec["cost"])
                if rec.get("one"):  # one spell in all: the permission used up by the spell cast with it
                    best["one"] = rec["ts"]
    if o.owner == player and best is None and o.zone in ("graveyard", "exile"):
        for st in self_cast(o.card):  # 112.6: the card's own "You may cast SELF from your graveyard"
            if o.zone in st["zones"] and (not st.get("condition") or condition(g, st["condition"], o.id, None)):
                best = {"play": "play" if "Land" in o.card.types else "cast", "free": False}
                break
    if best is None and o.zone == "exile" and o.chosen.get("adventure") == player:
        # an adventurer card exiled as its Adventure resolved: the player who cast it may cast it, as long as
        # it remains exiled (the later rule of Adventures), only as its creature (engine/transform.py); an
        # adventurer land (Final Fantasy's Towns: "You may play the land later from exile") is played, never cast,
        # with the turn's land play (305.1, 305.2)
        best = {"play": "play" if "Land" in o.card.types else "cast", "free": False}
    if best is None and o.zone == "exile":
        best = _exiled_with_source(g, player, o)
    if o.owner == player and o.zone in ("graveyard", "library"):
        if o.zone == "library" and g.players[player].library[:1] != [o.id]:
            return best
        zone = "graveyard" if o.zone == "graveyard" else "library_top"
        for sid, ctl, st in ps.statics(g, "play_from"):
            if ctl != player or st.get("zone") != zone:
                continue
            if st.get("condition") and not condition(g, st["condition"], sid, None):
                continue  # 611.3a: "during your turn, ...", "as long as ...": only while it holds
            once = bool(st.get("once_each_turn"))
            if once and (g.objects[sid].chosen.get("cast_exiled_turn") == g.turn or best is not None):
                continue  # "Once each turn, you may cast ...": used up this turn (or another permission applies)
            f = st.get("filter") or {}
            lands = f.get("types") == ["Land"]
            if lands and "Land" not in o.card.types or not lands and "Land" in o.card.types:
                continue
            if matches(g, o.id, ps.strip_zone(f), None, player):
                if st.get("life_mv") and not lands:  # "If you cast a spell this way, pay life equal to its mana value
                    # rather than pay its mana cost" (Bolas's Citadel, 117.9): the permission's own way of paying; a
                    # permission without one (Future Sight) is preferred where both apply
                    life = {"play": "cast", "free": False, "life_mv": True}
                    best = best or life
                    continue
                if best is not None and (best.get("life_mv") or best.get("via") is not None and not once):
                    best = None  # (a permission used up by a spell cast with it gives way to one that is not)
                if best is None and once:  # the first spell cast with it uses it up for the turn (engine/casting.py)
                    best = {"play": "cast", "free": False, "via": sid}
                best = best or {"play": "play" if lands else "cast", "free": False}
                if st.get("exile_instead") and not lands:  # "If a spell cast this way would be put into your
                    best["exile_instead"] = True  # graveyard, exile it instead" (614.1a: Jaya Ballard's emblem)
    return best


def _exiled_with_source(g: "Game", player: str, o: "Obj") -> dict[str, Any] | None:
    """"You may play lands and cast spells from among cards exiled with SELF" (607.2a: the cards its linked abilities
    exiled, while they stay exiled); "You can't cast more than one spell this way each turn": not once a spell was
    cast this turn through that permanent's permission (``chosen["cast_exiled_turn"]``, engine/casting.py)."""
    for src, ctl, st in ps.statics(g, "play_from"):
        if ctl != player or st.get("zone") != "exiled_with_self" or src not in g.objects \
                or o.id not in g.objects[src].chosen.get("exiled", ()):
            continue
        lands = (st.get("filter") or {}).get("types") == ["Land"]
        if lands != ("Land" in o.card.types):
            continue
        if st.get("once_each_turn") and g.objects[src].chosen.get("cast_exiled_turn") == g.turn:
            continue
        if st.get("condition") and not condition(g, st["condition"], src, None):
            continue  # 611.3a: "During your turn, if an opponent lost life this turn, ..." (Theater of Horrors)
        return {"play": "play" if lands else "cast", "free": False, "via": src}
    return None


@per_object
def self_cast(card: Any) -> tuple[dict[str, Any], ...]:
    """The card's own statics "You may cast SELF from your graveyard / from exile" (112.6: they work
    from those zones), each with its zones and its condition if any."""
    return tuple(a.static for a in card.abilities
                 if a.kind == "static" and a.static and a.static.get("kind") == "cast_self_from")


def _sorcery_time(g: "Game", player: str) -> bool:
    """307.1: the player's main phase, the stack empty, holding priority (for a permission "as a sorcery")."""
    return seats.is_active(g, player) and g.step in ("main1", "main2") and not g.stack and g.priority == player


def may_play_land(g: "Game", player: str, o: "Obj") -> bool:
    p = permission(g, player, o)
    return p is not None and p["play"] == "play" and "Land" in o.card.types


def may_cast(g: "Game", player: str, o: "Obj") -> dict[str, Any] | None:
    p = permission(g, player, o)
    if p is None or "Land" in o.card.types:
        return None
    return p


def candidates(g: "Game", player: str) -> list[int]:
    """Cards outside the hand that ``player`` may be allowed to play now (cheap first pass)."""
    out: list[int] = []
    recs = [rec for rec in g.effects if rec.get("layer") == "play" and rec.get("controller") == player]
    for rec in recs:
        out += [i for i in rec["objects"] if i in g.objects and g.objects[i].zone in PLAY_ZONES]
        if rec.get("filter"):
            zone = rec["filter"].get("zone", "graveyard")
            if zone in PLAY_ZONES:
                out += [i for q in g.order for i in g.players[q].zone(zone)]
    me = g.players[player]
    if in_game(g, self_cast):  # (no card of the game has such a static: most games)
        out += [i for z in (me.graveyard, me.exile) for i in z if self_cast(g.objects[i].card)]
    out += [i for q in g.order for i in g.players[q].exile if g.objects[i].chosen.get("adventure") == player]
    for src, ctl, st in ps.statics(g, "play_from"):
        if ctl == player:
            if st.get("zone") == "graveyard":
                out += g.players[player].graveyard
            elif st.get("zone") == "library_top":
                out += g.players[player].library[:1]
            elif st.get("zone") == "exiled_with_self":  # the cards a permanent's linked abilities exiled (607.2a)
                out += [i for i in g.objects[src].chosen.get("exiled", ()) if i in g.objects
                        and g.objects[i].zone == "exile"]
    if g.commanders:
        out += commander.castable(g, player)
    return list(dict.fromkeys(out))


# ------------------------------------------------------------------ priority options

