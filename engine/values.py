"""The expression evaluator of the op contract: references (the objects and players an
effect means now), amounts and conditions.

A reference, an amount or a condition is plain data compiled from oracle text
(engine/cards/abilities.py); these functions read it against the game as it is now,
during a resolution (608.2c: instructions are followed in order; 608.2h: values are
determined once, from last known information when an object left) or for a static
ability (611.3a) or an activation restriction (602.5b). Nothing here changes the game,
except that a {"choose": ...} reference records the answer to the choice it asks.
"""
from __future__ import annotations

import json
import zlib
from typing import TYPE_CHECKING, Any, cast

from engine import commander, seats
from engine.cards.abilities import SECOND_KICKER
from engine.choices import COLORS, CREATURE_TYPES, NeedChoice
from engine.errors import Unsupported
from engine.extra_phases import steps_begun
from engine.filters import (
    PLAYER_WORDS,
    chosen_player,
    counters_of,
    matches,
    most_common_colors,
    paired_with,
    unknown_keys,
)
from engine.mana import mana_value
from engine.state import works_from_command

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj

Ctx = dict  # the resolution record: obj, src, controller, targets, x, answers, created, info


def this(g: "Game", r: Ctx) -> "Obj":
    """The spell or ability that is resolving (608.2), for every reader of it during its
    resolution: its controller ("you", 109.5), its card, X, modes, choices and trigger.

    A spell can leave the stack in the middle of its own resolution ("Return SELF to its
    owner's hand, then discard a card at random"; "Exile SELF"; a copy that ceases to exist,
    706.10a). The card is then a new object elsewhere (400.7), but the spell continues to
    resolve fully (608.2j), its instructions in order (608.2c), and what they need of it is
    its last known information (608.2g, 112.7a): the object as it last existed on the
    stack, kept in the resolution record by ``Game.move``."""
    o = g.objects.get(r["obj"])
    if o is None:
        o = r.get("lki_self")
        if o is None:
            raise KeyError(r["obj"])
    return o


def source_id(g: "Game", r: Ctx) -> int | None:
    """The source of the resolving object as an object that exists now: the spell itself, or
    the source of an ability (the object it became, when the ability follows it); None when it
    is gone (a spell that left the stack mid-resolution is a new object elsewhere, 400.7)."""
    s = this(g, r)
    if s.ability is None:
        return s.id if s.id in g.objects else None
    if s.source in g.objects:
        return s.source
    new = s.trigger_info.get("new")
    if new in g.objects and s.trigger_info.get("obj", s.source) == s.source:
        # the source's own move fired it ("when SELF dies, return it"); not another object's (Liliana, Heretical
        # Healer exiled as another creature's death trigger resolves is not that creature, 400.7)
        return new
    return aura_in_graveyard(g, s)


def aura_in_graveyard(g: "Game", s: "Obj") -> int | None:
    """400.7e: an Aura's ability that triggers when the enchanted permanent leaves the battlefield ("When enchanted
    Forest is put into a graveyard, you may return SELF from your graveyard to your hand": Genju of the Cedars) can
    find the new object that Aura became in its owner's graveyard, put there at the same time as the permanent or
    by the state-based action for an Aura attached to nothing (704.5n): Game.move marks such a card ``left_as``."""
    trig = s.ability.trigger if s.ability is not None else None
    if not trig or not trig.get("attached") or s.source is None or s.owner not in g.players:
        return None
    return next((x for x in g.players[s.owner].graveyard if g.objects[x].chosen.get("left_as") == s.source), None)



def controller(g: "Game", r: Ctx) -> str:
    """The controller of the resolving spell or ability ("you", 109.5; 608.2g once it left)."""
    return this(g, r).controller


def _you(g: "Game", src: int | None, r: Ctx | None) -> str | None:
    """Who "you" is for an amount: the controller of the resolving object (109.5), or, outside a
    resolution (a static ability, 611.3a; a cost), the controller of the source."""
    if r is not None and "obj" in r:
        return this(g, r).controller
    return g.controller_of(src)



def one_opponent(g: "Game", r: Ctx, ref: str) -> str:
    """"an opponent" / "defending player" as one player. The defending player of an attacking
    source (or of the attack that triggered it) is the player it attacks (802.2a); otherwise,
    with one opponent left, that opponent; with several, the controller chooses one (802.2a,
    800.4f), asked during the resolution (a choose_option of player names). With limited range
    of influence only an opponent within range may be chosen (801.5a); with none within range,
    it is the closest opponent to the controller's left (801.5c)."""
    s = this(g, r)
    you = s.controller
    if ref == "defending_player" and isinstance(s.trigger_info.get("defender"), str) \
            and s.trigger_info["defender"] in g.players:  # "... attack a player, ... that player": the one attacked
        return s.trigger_info["defender"]
    if ref == "defending_player":
        sid = source_id(g, r)
        att = g.objects[sid].attacking if sid is not None and sid in g.objects else None
        if att is None and s.trigger_info.get("event") in ("attacks", "attacks_alone", "attacks_saddled"):
            att = s.trigger_info.get("target")
        if isinstance(att, int) and att in g.objects:
            att = g.chars(att).controller
        if isinstance(att, str) and att in g.players:
            return att
    opp = seats.choosable(g, you, seats.opponents(g, you))  # 801.5a, 801.5c
    if len(opp) == 1 or (opp and "answers" not in r):
        return opp[0]
    if not opp:
        return seats.next_player(g, you)
    slot = f"opponent.{ref}.{r.get('i', 0)}"
    got = r["answers"].get(slot)
    if got is None:
        raise NeedChoice({"kind": "choose_option", "player": you, "options": opp, "slot": slot,
                          "prompt": f"{s.card.name}: choose an opponent"})
    return cast(str, got)


def refs(g: "Game", r: Ctx, ref: Any) -> list[Any]:
    """A reference of the op contract to the objects (ids) and players (names) it means now;
    with limited range of influence, only those within its controller's range (801.10)."""
    out = _refs(g, r, ref)
    if g.influence is None or not out:
        return out
    you = this(g, r).controller
    return [x for x in out if seats.in_range(g, you, x if isinstance(x, str) else _influence_owner(g, x, you))]


def _influence_owner(g: "Game", x: Any, you: str) -> str:
    """801.2d: the player whose seat decides whether an object is within range: its controller
    on the battlefield or the stack, its owner elsewhere."""
    return seats.object_seat(g, x) or you


def _moved_each(g: "Game", r: Ctx, each: dict[str, Any]) -> list[Any]:
    """"Return each creature card ... from your graveyard to the battlefield. Exile those creatures ..." (Rally the
    Ancestors): the cards the group names (``each``, in its zone), each one this effect already moved found where it
    went (400.7: the new object, ``followed``), matching the group's other words there."""
    here = _refs(g, r, {"each": each})
    fol = r.get("followed") or {}
    if not fol:
        return here
    f = {k: v for k, v in bind_refs(g, r, each).items() if k != "zone"}
    you = this(g, r).controller
    gone = [n for n in dict.fromkeys(fol.values()) if isinstance(n, int) and n in g.objects and n not in here
            and matches(g, n, {**f, "zone": g.objects[n].zone}, source_id(g, r), you)]
    return here + gone


def _refs(g: "Game", r: Ctx, ref: Any) -> list[Any]:
    s = this(g, r)
    you = s.controller
    if ref == "self":
        sid = source_id(g, r)
        if sid is None and r.get("followed"):  # 400.7, 610.3: "exile SELF, then return it ...": the card this
            old = s.source if s.ability is not None else s.id  # effect itself moved, found where it went
            n = r["followed"].get(old, s.trigger_info.get("new") if s.ability is not None and s.trigger_info else None)
            seen = {old}
            while n not in g.objects and n in r["followed"] and n not in seen:  # moved again by this effect:
                seen.add(n)  # "return it to the battlefield under its owner's control and suspect it" (Presumed
                n = r["followed"][n]  # Dead): the permanent it became (400.7, 608.2c)
            return [n] if n in g.objects and g.objects[n].zone in ("exile", "graveyard", "battlefield") else []
        return [sid] if sid is not None else []
    if ref == "you":
        return [you]
    if ref == "exploited":  # sacrificed by the exploit ability: no object now (its power: amount, 608.2h)
        return []
    if ref == "each_opponent":
        return seats.opponents(g, you)
    if ref == "each_other_player":
        return [p for p in seats.apnap(g) if p != you]
    if ref in ("opponent", "an_opponent", "defending_player"):
        return [one_opponent(g, r, ref)]
    if ref == "each_player":
        return seats.apnap(g)
    if ref == "revealed_top":  # "reveal the top card of your library. If it's a creature card, ... its power"
        return list(r.get("revealed_top", ()))  # (engine/ops/misc.py reveal_top; moved on: its lki_pt, 608.2h)
    if ref == "revealed" and "revealed" in r:  # "that card": the card the instruction before revealed at random
        # (reveal_random); without one, the card revealed to pay the spell's cost (below, 601.2h)
        return [x for x in r.get("revealed", ()) if x in g.objects]
    if ref == "tails":  # "destroy each creature whose coin comes up tails" (engine/ops/control.py flip "each")
        return [x for x in r.get("tails", ()) if x in g.objects]
    if ref == "dealt":  # "creatures dealt damage this way can't block this turn" (engine/ops/damage.py)
        return [x for x in r.get("dealt", ()) if x in g.objects]
    if ref == "dealt_players":  # "each player dealt damage this way" (engine/ops/damage.py), in APNAP order
        return [p for p in seats.apnap(g) if p in r.get("dealt_players", ())]
    if ref == "that_player":  # "each player ... for each land they control": the one it is counted for
        return list(r.get("that_player", ()))
    if ref == "it":
        info = s.trigger_info
        if info:
            if "objs" in info:  # a batch trigger ("one or more ... attack, they ..."): all of them
                return [x for x in info["objs"] if x in g.objects]
            # "becomes blocked by a creature" / "blocks a creature": that other creature
            x = info.get("unattached_from", info.get("new", info.get("blocker", info.get("blocked", info.get(
                "crewed", info.get("obj"))))))  # "whenever SELF crews a Vehicle, that Vehicle ...": the Vehicle
            if x in g.objects:
                return [x]
            if info.get("player") and info["event"] in ("draw", "gain_life", "lose_life"):
                return [info["player"]]
            return []
        for picks in r["legal"]:
            return list(picks)
        return []
    if ref == "exiled_self":  # "Return this card to the battlefield transformed" (craft, a later keyword): the card
        # this ability's own cost exiled (602.2b), found in exile
        x = s.chosen.get("exiled_self")
        return [x] if x in g.objects and g.objects[x].zone == "exile" else []
    if ref == "crafted_with":  # "the exiled cards used to craft it" (craft, a later keyword): those still in exile
        sid = source_id(g, r)
        ids = g.objects[sid].chosen.get("crafted_with", ()) if sid is not None else ()
        return [x for x in ids if x in g.objects and g.objects[x].zone == "exile"]
    if ref == "linked_exiled":  # 607.2a: the cards exiled by this object's linked ability, still in exile
        info = s.trigger_info
        if info and "linked" in info:
            ids = info["linked"]  # its source left the battlefield (603.10)
        else:
            sid = source_id(g, r)
            ids = g.objects[sid].chosen.get("exiled", ()) if sid is not None else \
                s.chosen.get("source_exiled", ())  # sacrificed to pay (608.2h)
        return [x for x in ids if x in g.objects and g.objects[x].zone == "exile"]
    if ref == "damaged":  # "that creature" of "whenever SELF deals combat damage to a creature" (510.2)
        x = s.trigger_info.get("target")
        return [x] if isinstance(x, int) and x in g.objects else []
    if ref == "linked_player":  # "When SELF leaves the battlefield, that player gains 6 life" (Laquatus's Champion):
        # the player its enters trigger targeted (607.2a-like link, kept on the permanent: engine/ops/objects.py)
        p = s.trigger_info.get("linked_player") if s.trigger_info else None  # (603.10: as it left)
        return [p] if isinstance(p, str) and p in g.players and not g.players[p].lost else []
    if ref == "put_with":  # "that creature" of Animate Dead's leaves trigger: the one it put onto the battlefield
        x = s.trigger_info.get("put_with") if s.trigger_info else None  # (607.2a, 603.10: as the Aura left)
        return [x] if isinstance(x, int) and x in g.objects and g.objects[x].zone == "battlefield" else []
    if ref in ("activated", "activated_ability"):  # "copy that ability" of a "whenever you activate an ability"
        x = s.trigger_info.get("ability")  # trigger: the ability activated, while it is on the stack (602.2, 706.10)
        return [x] if isinstance(x, int) and x in g.objects and g.objects[x].zone == "stack" else []
    if ref == "targeting":  # "counter that spell" of a "becomes the target" trigger: the one that targeted (603.2)
        x = s.trigger_info.get("by")
        return [x] if isinstance(x, int) and x in g.objects and g.objects[x].zone == "stack" else []
    if ref == "trigger_player":
        p = s.trigger_info.get("target") or s.trigger_info.get("player")
        return [p] if isinstance(p, str) else []
    if isinstance(ref, dict) and "most" in ref:  # "the player with the most life", "the player who controls the most
        # creatures" (Ghazbán Ogre, Wild Mammoth): the one player with more than each other player; none when tied
        top = most_player(g, ref["most"], source_id(g, r))
        return [top] if top is not None else []
    if ref == "drawn_cards":  # "draw three cards and reveal them": the cards this resolution drew (121.2)
        return [c for c in r.get("drawn_cards", ()) if c in g.objects]
    if ref == "chosen_object":  # "the chosen creature": the permanent its source chose as it entered (614.12), on
        # the battlefield still (400.7); a source sacrificed to pay: as it last existed (engine/casting.py, 608.2h)
        sid = source_id(g, r)
        x = g.objects[sid].chosen.get("object") if sid is not None and sid in g.objects \
            and g.objects[sid].zone == "battlefield" else s.chosen.get("source_object")
        return [x] if isinstance(x, int) and x in g.objects and g.objects[x].zone == "battlefield" else []
    if ref == "gift_player":  # gift (a later keyword, Bloomburrow): the opponent chosen as its gift cost was paid,
        # kept by the spell and by the permanent it became (engine/casting.py, cast_options.carried)
        sid = source_id(g, r)
        holder = s if s.ability is None else g.objects.get(sid) if sid is not None else None
        p = holder.chosen.get("gift_to") if holder is not None else None
        return [p] if isinstance(p, str) and p in g.players and not g.players[p].lost else []
    if ref in ("friends", "foes"):  # "Each friend ...", "Each foe ..." after "For each player, choose friend or foe"
        # (Battlebond, a later mechanic: engine/ops/control.py friend_or_foe), in APNAP order (101.4)
        return [p for p in seats.apnap(g) if p in r.get(ref, ())]
    if ref == "chosen_opponent":  # "that player" after "Choose an opponent." (engine/ops/control.py)
        p = r.get("chosen_opponent")
        return [p] if isinstance(p, str) and p in g.players else []
    if ref == "clash_opponent":  # "that player" after "clash with an opponent" (701.20b): the opponent chosen
        p = r.get("clash_opponent")
        return [p] if isinstance(p, str) and p in g.players else []
    if ref == "chosen_player":  # "the chosen player": the one its source chose as it entered (614.12), while that
        sid = source_id(g, r)  # player is still in the game (800.4a)
        p = g.objects[sid].chosen.get("player") if sid is not None else None
        return [p] if isinstance(p, str) and p in g.players and not g.players[p].lost else []
    if ref == "attached":
        sid = source_id(g, r)
        t = g.objects[sid].attached_to if sid is not None else None
        if sid is None and "obj" in r:  # the source was sacrificed to activate it: what it was attached to as it
            t = this(g, r).chosen.get("source_attached")  # last existed (608.2h), while that object is still there
            t = t if t in g.objects and g.objects[t].zone == "battlefield" else None
        info = this(g, r).trigger_info or {}
        if t is None and info.get("event") in ("ltb", "dies") and info.get("obj") == this(g, r).source:
            # "When SELF leaves the battlefield, enchanted permanent's controller sacrifices it" (Reality Acid): the
            # permanent it was attached to as it left (603.10, 608.2h), while that one is still on the battlefield
            t = info.get("attached_to")
            t = t if t in g.objects and g.objects[t].zone == "battlefield" else None
        return [t] if t is not None else []
    if ref == "created":
        return [c for c in r["created"] if c in g.objects]
    if ref == "attacked":  # "the player or planeswalker it's attacking" (506.4; the source, now)
        sid = source_id(g, r)
        a = g.objects[sid].attacking if sid is not None and sid in g.objects else None
        if isinstance(a, str) or isinstance(a, int) and a in g.objects and g.objects[a].zone == "battlefield":
            return [a]
        return []
    if ref == "attacked_by_it":  # "the player or planeswalker that creature is attacking": the trigger's attacker's
        x = (s.trigger_info or {}).get("obj")
        a = g.objects[x].attacking if isinstance(x, int) and x in g.objects else None
        if isinstance(a, str) or isinstance(a, int) and a in g.objects and g.objects[a].zone == "battlefield":
            return [a]
        return []
    if ref == "milled":  # "the cards milled this way" / "from among them" after a mill (the cards now in the graveyard)
        return [c for c in r.get("milled", ()) if c in g.objects]
    if ref == "revealed":  # "the revealed card's power": the card revealed to pay the cost of the spell (601.2h)
        return [x for x in s.chosen.get("revealed", ()) if x in g.objects]
    if ref == "tapped_cost":  # "the tapped creature": the creatures tapped to pay the resolving ability's cost
        # (601.2h, engine/costs.py), while they are still on the battlefield (400.7)
        return [x for x in s.chosen.get("tapped_for_cost", ()) if x in g.objects and g.objects[x].zone == "battlefield"]
    if ref == "discarded":  # "the discarded card's mana value": the cards this resolution's discard took (701.8),
        # or the cost of the resolving spell or ability discarded (601.2h)
        paid = s.chosen.get("discarded", ()) if "obj" in r else ()
        return [c for c in [*paid, *r.get("discarded", ())] if c in g.objects]
    if ref == "voted_most":  # 701.29: "each permanent with the most votes or tied for most votes": the objects the
        # vote before chose most often, still where they were voted for (400.7)
        return [c for c in r.get("voted_most", ()) if c in g.objects]
    if ref == "amassed":  # "the Army you amassed": the Army the amass action of this resolution chose (a later
        # keyword action, War of the Spark; engine/ops/actions.py)
        # "Amass Orcs 2. When you do, ... the amassed Army's power" (Foray of Orcs): the reflexive ability keeps it
        got = r.get("amassed") or (s.trigger_info.get("amassed", ()) if s.ability is not None and s.trigger_info
                                   else ())
        return [c for c in got if c in g.objects]
    if ref == "basic_picked":  # "those lands" after "choose a land of each basic land type" (engine/ops/objects.py)
        return [c for c in r.get("basic_picked", ()) if c in g.objects and g.objects[c].zone == "battlefield"]
    if ref == "taken":  # "reveal the top card ... and put that card into your hand": what the dig moved
        return [c for c in r.get("taken", ()) if c in g.objects]
    if ref == "exiled":  # the cards the previous exile_top effect exiled
        paid = s.chosen.get("cost_exiled") if "obj" in r and "exiled" not in r else None
        if paid:  # "As an additional cost to cast SELF, exile an instant or sorcery card from your graveyard ... the
            return [c for c in paid if c in g.objects]  # exiled card's mana value" (601.2h): exiled to pay for it
        if "exiled" not in r:  # none in this resolution: "the exiled card" of a linked ability (607.2a)
            return refs(g, r, "linked_exiled")
        return [c for c in r.get("exiled", ()) if c in g.objects]
    if isinstance(ref, dict):
        if "choose" in ref:  # chosen on resolution (may stop the resolution for the choice)
            return chosen_refs(g, r, ref)
        if "target" in ref:
            i = ref["target"] + r.get("off", 0)
            xs = list(r["legal"][i]) if i < len(r["legal"]) else []
            fol = r.get("followed")
            if fol:  # 400.7h: a target this effect put onto the battlefield is found there by its later parts
                xs = [fol[x] if isinstance(x, int) and x not in g.objects and fol.get(x) in g.objects  # ("that
                      and g.objects[fol[x]].zone == "battlefield" else x for x in xs]  # creature gains haste")
            return xs
        if "each" in ref and ref.get("moved"):
            return _moved_each(g, r, ref["each"])
        if "each" in ref:
            f = bind_refs(g, r, ref["each"])
            if "power_lt_self" in f or "toughness_lt_self" in f:
                f = bind_self_compare(g, r, f)
            out: list[Any] = []
            if f.get("player"):
                out += [p for p in g.order if matches(g, p, f, source_id(g, r), you)]
                if not f.get("types"):
                    return out
            zone = f.get("zone", "battlefield")
            alt_zones = [a["zone"] for a in f.get("or") or () if isinstance(a, dict) and "zone" in a] \
                if "zone" not in f else []
            if alt_zones:  # "cards from that player's hand and graveyard": each alternative's zone (400.1)
                pool = [i for z in dict.fromkeys(alt_zones) for i in (
                    g.battlefield if z == "battlefield" else [i for p in g.order for i in g.players[p].zone(z)])]
            elif zone == "stack":  # "counter each spell you don't control" (Counterflux overloaded): the spells
                pool = list(g.stack)  # on the stack (405.1), top first
            else:
                pool = g.battlefield if zone == "battlefield" else list(g.stack) if zone == "stack" \
                    else [i for p in g.order for i in g.players[p].zone(zone)]  # ("counter all other spells")
            return out + [i for i in list(pool) if matches(g, i, f, source_id(g, r), you)]
        for key, zone in (("graveyard_of", "graveyard"), ("library_of", "library"), ("hand_cards_of", "hand")):
            if key in ref:  # a player's whole graveyard, library or hand ("exile all cards from target
                ps = [p for p in refs(g, r, ref[key]) if isinstance(p, str)]  # player's library": Jace, the
                return [c for p in ps for c in list(g.players[p].zone(zone))]  # Mind Sculptor)
        if "targets_in" in ref:  # "Untap the chosen permanents you control" (Teferi, Who Slows the Sunset): the
            # targets of those slots still legal (608.2b) that are of that kind now
            f = {**(ref.get("filter") or {}), "zone": "battlefield"}
            return [x for i in ref["targets_in"] for x in refs(g, r, {"target": i})
                    if isinstance(x, int) and x in g.objects and matches(g, x, f, source_id(g, r), you)]
        if "ids" in ref:  # "When that token leaves the battlefield, put the exiled card into your hand" (Ugin, the
            # Ineffable): the objects a delayed ability was made about, as they were then (603.7c; gone once moved:
            # 400.7)
            return [x for x in ref["ids"] if isinstance(x, int) and x in g.objects]
        if "targets_of" in ref:  # "gain control of those permanents": the cast spell's targets of that kind, as it
            # was cast (the cast event's, 601.2c), those still permanents now (400.7)
            info = this(g, r).trigger_info or {}
            you = this(g, r).controller
            f = ref.get("filter") or {"permanent": True}
            return [x for x in info.get("targets", ()) if isinstance(x, int) and x in g.objects
                    and g.objects[x].zone == "battlefield" and matches(g, x, f, source_id(g, r), you)]
        if "controller_of" in ref:
            # 608.2g: an object that left uses its last known information
            lki = r.get("lki_ctl", {})
            out = [(g.controller_of(x) if x in g.objects else lki.get(x)) if isinstance(x, int) else x
                   for x in refs(g, r, ref["controller_of"])]
            info = s.trigger_info or {}
            if not any(p is not None for p in out) and ref["controller_of"] == "it" \
                    and info.get("obj_controller") in g.players:
                out = [info["obj_controller"]]  # "that source's controller" after the spell that dealt the damage left
            return list(dict.fromkeys(p for p in out if p is not None))
        if "gone_players" in ref:  # "Each player who sacrificed a creature this way draws two cards" (Infernal
            # Offering): the players who controlled such an object as it went this way (608.2c, 608.2h), APNAP order
            g_ref = ref["gone_players"]
            act = {"sacrifice": "sacrificed"}[g_ref["by"]]  # (the action as gone_record names it)
            who = {rec["controller"] for rec in r.get("gone_this_way", ())
                   if gone_matches(rec, act, g_ref.get("filter") or {})}
            return [p for p in seats.apnap(g) if p in who]
        if "couldnt" in ref:  # "each opponent who can't": those of the group the instruction before could not make
            short = r.get("couldnt", ())  # discard or sacrifice all it asked (engine/ops/zones.py, objects.py)
            return [p for p in refs(g, r, ref["couldnt"]) if p in short]
        if "opponents_of" in ref:  # "each of that player's opponents" (102.3), in APNAP order
            of = {p for p in refs(g, r, ref["opponents_of"]) if isinstance(p, str)}
            but = set(refs(g, r, ref["but"])) if "but" in ref else set()  # "each of your other opponents"
            return [p for p in seats.apnap(g) if any(p in seats.opponents(g, q) for q in of) and p not in but]
        if "owner_of" in ref:
            lko = r.get("lki_owner", {})
            out = [g.objects[x].owner if x in g.objects else lko.get(x)
                   for x in refs(g, r, ref["owner_of"]) if isinstance(x, int)]
            return list(dict.fromkeys(p for p in out if p is not None))
    raise Unsupported(f"unsupported reference {ref!r}")



#: the creature types (205.3m), as a set
_CREATURE_TYPE_SET = frozenset(CREATURE_TYPES)

#: The amounts ``amount`` computes: each head key with the keys it may come with
#: (engine/contract.py walks every supported card against this).
AMOUNT_KINDS: dict[str, frozenset[str]] = {
    "x": frozenset({"x", "negate"}), "times": frozenset({"times", "of"}),
    # "per_controller": in a filter, "you" of its count is the controller of the object checked (engine/filters.py)
    "count": frozenset({"count", "names", "costs", "distinct", "symbols", "per_controller"}),
    "plus": frozenset({"plus"}),
    # "sum": the total of the objects named, in a static ("the total power of the exiled cards": Sutured Ghoul)
    "power_of": frozenset({"power_of", "sum"}), "toughness_of": frozenset({"toughness_of", "sum"}),
    "count_this_way": frozenset({"count_this_way", "action"}),
    "dungeon_names": frozenset({"dungeon_names"}),
    "power_this_way": frozenset({"power_this_way", "action"}),
    "blockers_beyond_first": frozenset({"blockers_beyond_first"}), "lost_this_way": frozenset({"lost_this_way"}),
    "that_much": frozenset({"that_much"}), "life_gained_this_turn": frozenset({"life_gained_this_turn"}),
    "life_of": frozenset({"life_of"}), "life_turn_began": frozenset({"life_turn_began"}),
    "type_in_common": frozenset({"type_in_common"}),
    "chosen_number": frozenset({"chosen_number"}),  # "the chosen number" of "Choose a number between 0 and 10"
    "life_lost_turn_of": frozenset({"life_lost_turn_of"}),
    "starting_life": frozenset({"starting_life"}), "speed_of": frozenset({"speed_of"}),
    "opponents_life_lost": frozenset({"opponents_life_lost"}), "opponents_poison": frozenset({"opponents_poison"}),
    "total_power": frozenset({"total_power"}),
    "total_toughness": frozenset({"total_toughness"}), "total_mv": frozenset({"total_mv"}),
    "hand_of": frozenset({"hand_of"}), "poison_of": frozenset({"poison_of"}),
    "greatest": frozenset({"greatest", "among", "per_controller", "command_too"}),
    "counters_on": frozenset({"counters_on", "kind"}),
    "devotion": frozenset({"devotion"}), "domain": frozenset({"domain"}),
    "graveyard_types": frozenset({"graveyard_types"}),
    "drawn_this_turn": frozenset({"drawn_this_turn"}),
    "times_paid": frozenset({"times_paid"}),
    "paid": frozenset({"paid"}),
    "colors_spent": frozenset({"colors_spent"}),
    "opponents_attacked": frozenset({"opponents_attacked"}),
    "mv_of": frozenset({"mv_of"}),
    "colors_of": frozenset({"colors_of"}),
    "highest_life": frozenset({"highest_life"}), "lowest_life": frozenset({"lowest_life"}),
    "half": frozenset({"half", "up"}), "third": frozenset({"third", "up"}),
    "library_size": frozenset({"library_size"}), "lands_played": frozenset({"lands_played"}),
    "per_target": frozenset({"per_target", "slot"}),
    "party": frozenset({"party"}), "colors_among": frozenset({"colors_among"}),
    "dealt_this_way": frozenset({"dealt_this_way"}), "excess_this_way": frozenset({"excess_this_way"}),
    "minus": frozenset({"minus"}),
    "spells_cast_this_turn": frozenset({"spells_cast_this_turn"}),
    "cast_before_it": frozenset({"cast_before_it"}),
    "commander_casts": frozenset({"commander_casts"}),
    "votes": frozenset({"votes"}),
    "most_discarded_this_way": frozenset({"most_discarded_this_way"}),
    "drawn_this_way": frozenset({"drawn_this_way"}),
    "removed_this_way": frozenset({"removed_this_way"}),
    "exiled_from_hand": frozenset({"exiled_from_hand"}),
    "player_counters": frozenset({"player_counters", "kind"}),
    "counters_among": frozenset({"counters_among", "kind"}),
    "died_this_turn": frozenset({"died_this_turn"}),
    "devoured": frozenset({"devoured"}),
    "mana_spent_on": frozenset({"mana_spent_on"}),
    "discarded_this_turn": frozenset({"discarded_this_turn"}),
    "sacrificed_this_turn": frozenset({"sacrificed_this_turn"}),
    "descended_this_turn": frozenset({"descended_this_turn"}),
    "unlocked_doors": frozenset({"unlocked_doors"}),
    "attackers_this_turn": frozenset({"attackers_this_turn"}),
    "mutations": frozenset({"mutations"}),  # "the number of times SELF has mutated" (mutate, a later keyword)
    "plus_counters_put": frozenset({"plus_counters_put"}),  # "for each +1/+1 counter you've put on creatures ..."
}
#: the amounts computed without a resolution record (a static ability, 611.3a)
STATIC_AMOUNT_KINDS = frozenset({"x", "count", "times", "plus", "power_of", "toughness_of", "blockers_beyond_first",
                                 "life_gained_this_turn", "life_of", "starting_life", "speed_of", "opponents_life_lost",
                                 "opponents_poison",
                                 "total_power", "total_toughness",
                                 "total_mv",
                                 "greatest",
                                 "counters_on", "hand_of", "devotion", "domain", "graveyard_types",
                                 "drawn_this_turn", "colors_spent", "highest_life", "half", "third", "library_size",
                                 "party", "lands_played",
                                 "colors_among", "minus", "spells_cast_this_turn", "player_counters",
                                 "died_this_turn", "discarded_this_turn", "sacrificed_this_turn", "counters_among",
                                 "descended_this_turn", "unlocked_doors", "attackers_this_turn",
                                 "mv_of", "dungeon_names", "colors_of", "commander_casts", "devoured",
                                 "mutations", "plus_counters_put"})
#: The references ``refs`` resolves: words, and the head keys of dict references
REF_WORDS = frozenset({"self", "you", "opponent", "an_opponent", "each_opponent", "each_other_player",
                       "defending_player", "each_player", "it", "trigger_player", "attached", "created", "attacked",
                       "exiled", "linked_exiled", "damaged", "taken", "dealt_players", "dealt", "milled", "tails",
                       "attacked_by_it", "revealed_top", "targeting", "put_with", "discarded", "revealed",
                       "exploited", "chosen_player", "drawn_cards", "amassed", "chosen_object", "activated",
                       "gift_player", "tapped_cost",
                       "activated_ability", "voted_most",
                       "clash_opponent", "chosen_opponent", "friends", "foes", "exiled_self", "crafted_with",
                       "basic_picked", "linked_player"})
REF_KEYS = frozenset({"choose", "target", "each", "graveyard_of", "library_of", "hand_cards_of", "controller_of",
                      "most",  # the player with the most life / who controls the most of a kind (most_player)
                      "targets_of", "ids", "targets_in",
                      "owner_of", "opponents_of", "couldnt", "gone_players"})

#: the references an amount can mean outside a resolution (``static_refs``)
STATIC_REFS = frozenset({"self", "attached", "you", "revealed", "exiled", "linked_exiled", "chosen_player",
                         "crafted_with"})


def static_bind(g: "Game", src: int | None, f: dict[str, Any]) -> dict[str, Any]:
    """A count's filter read by a static ability (611.3a): "Enchanted creature gets +1/+1 for each other
    creature you control" names the enchanted creature by "other" (``other_than``: not the objects the
    reference names now)."""
    if "other_than" not in f and "shares_type_with" not in f:
        return f
    f = dict(f)
    if "other_than" in f:
        f["not_ids"] = [*f.get("not_ids", ()),
                        *(x for x in static_refs(g, src, f.pop("other_than")) if isinstance(x, int))]
    if "shares_type_with" in f:
        f = _shared_types(g, f, static_refs(g, src, f.pop("shares_type_with")))
    return f


def _shared_types(g: "Game", f: dict[str, Any], ids: list[Any]) -> dict[str, Any]:
    """"... that shares a creature type with it" (205.3m): any of the creature types the named objects have now
    (none: the filter matches nothing)."""
    f["subtypes"] = sorted({t for x in ids if isinstance(x, int) and x in g.objects for t in g.chars(x).subtypes
                            if t in CREATURE_TYPES})
    return f


def static_refs(g: "Game", src: int | None, ref: Any) -> list[Any]:
    """A reference read by a static ability (611.3a) or a cost, where no resolution record
    exists: the source itself, the object it is attached to, or its controller."""
    if ref == "self":
        return [src] if src is not None else []
    if ref == "attached":
        o = g.objects.get(src) if src is not None else None
        return [o.attached_to] if o is not None and o.attached_to is not None else []
    if ref == "you":
        ctl = g.controller_of(src)
        return [ctl] if ctl is not None else []
    if isinstance(ref, dict) and set(ref) == {"controller_of"}:  # "its controller's hand" of the object an Aura
        # enchants (303.4): the controller of each object the inner reference names now
        return [c for x in static_refs(g, src, ref["controller_of"]) if isinstance(x, int) and x in g.objects
                for c in (g.controller_of(x),) if c is not None]
    if ref == "revealed":  # "the revealed card's power": the card revealed to cast this spell (601.2h), still known
        o = g.objects.get(src) if src is not None else None
        return [x for x in (o.chosen.get("revealed", ()) if o is not None else ()) if x in g.objects]
    if ref == "chosen_player":  # the player it chose as it entered (614.12): "the chosen player's hand"
        chosen = chosen_player(g, src)
        return [chosen] if chosen is not None else []
    if ref == "crafted_with":  # "the exiled cards used to craft it" (craft, a later keyword): those still in exile
        o = g.objects.get(src) if src is not None else None
        return [x for x in (o.chosen.get("crafted_with", ()) if o is not None else ())
                if x in g.objects and g.objects[x].zone == "exile"]
    if ref in ("exiled", "linked_exiled"):  # "the exiled card's mana value": the cards exiled with it, still in
        o = g.objects.get(src) if src is not None else None  # exile (607.2a: Living Lore)
        return [x for x in (o.chosen.get("exiled", ()) if o is not None else ())
                if x in g.objects and g.objects[x].zone == "exile"]
    raise Unsupported(f"unsupported reference {ref!r} outside a resolution")


#: the filter keys a creature that died this turn is matched by (its last known types, 608.2h)
DIED_KEYS = frozenset({"types", "subtypes", "token", "controller", "owner"})


def died_matches(d: dict[str, Any], f: dict[str, Any], you: str | None) -> bool:
    """Does a creature that died this turn, as it last existed (Game.died_this_turn), match ``f``?"""
    if f.get("types") and not set(f["types"]) & set(d["types"]):
        return False
    if f.get("subtypes") and not set(f["subtypes"]) & set(d["subtypes"]):
        return False
    if "token" in f and d["token"] != f["token"]:
        return False
    if f.get("owner") == "you" and d.get("owner") != you:  # "put into your graveyard from the battlefield" (404.1:
        return False  # a card goes to its owner's graveyard, whoever controlled it)
    ctl = f.get("controller")
    return ctl is None or (d["controller"] == you) == (ctl == "you")


def _counters_of_kind(counters: dict[str, int], kind: str) -> int:
    """The counters of that kind, or of every kind ("any": "the number of counters on it", 121.1)."""
    return sum(counters.values()) if kind == "any" else counters.get(kind, 0)


#: the creature types a party has one of each (a later rule, Zendikar Rising, 2020)
PARTY_TYPES = ("Cleric", "Rogue", "Warrior", "Wizard")


def party_size(g: "Game", player: str) -> int:
    """A player's party (a later rule, Zendikar Rising): the most creatures they control that can be
    matched one to each of Cleric, Rogue, Warrior and Wizard, no creature counted twice."""
    roles = [frozenset(PARTY_TYPES) & g.chars(i).subtypes for i in g.battlefield
             if g.controller_of(i) == player and "Creature" in g.chars(i).types]
    roles = [x for x in roles if x]
    best = 0

    def fill(k: int, used: frozenset[str], n: int) -> None:
        nonlocal best
        best = max(best, n)
        if k == len(roles) or best == len(PARTY_TYPES):
            return
        for t in roles[k] - used:
            fill(k + 1, used | {t}, n + 1)
        fill(k + 1, used, n)

    fill(0, frozenset(), 0)
    return best


def devotion(g: "Game", player: str | None, colors: list[str]) -> int:
    """700.5: the mana symbols of those colors among the mana costs of the permanents the
    player controls; a hybrid symbol of two of them counts once."""
    n = 0
    for oid in g.battlefield:
        if g.controller_of(oid) != player:
            continue
        for sym in g.objects[oid].card.mana_cost:
            if any(c in colors for c in sym.split("/")):
                n += 1
    return n


def amount(g: "Game", a: Any, src: int | None, r: Ctx | None = None) -> int:
    """An amount of the op contract as a number now."""
    if isinstance(a, bool):
        return int(a)
    if isinstance(a, int):
        return a
    if a is None:
        return 0
    if isinstance(a, str):
        return int(a) if a.lstrip("-").isdigit() else 0
    if "devotion" in a:
        return devotion(g, _you(g, src, r), a["devotion"])
    if a.get("graveyard_types") == "all":  # 205.2a: the card types among cards in all graveyards
        return len({t for p in g.order for c in g.players[p].graveyard for t in g.objects[c].card.types})
    if "domain" in a or "graveyard_types" in a or "drawn_this_turn" in a:
        who = _you(g, src, r)
        if who is None:
            return 0
        if "domain" in a:  # 305.6: the basic land types among lands that player controls
            return len({t for i in g.battlefield if g.controller_of(i) == who and "Land" in g.chars(i).types
                        for t in g.chars(i).subtypes if t in BASIC_LAND_TYPES})
        if "graveyard_types" in a:  # 205.2a: the card types among cards in their graveyard
            return len({t for c in g.players[who].graveyard for t in g.objects[c].card.types})
        return g.players[who].drawn_turn  # cards drawn this turn (120.1)

    if "opponents_attacked" in a:  # melee (a later keyword): "each opponent you attacked with a creature this combat"
        you = _you(g, src, r)
        return len({g.objects[i].attacking for i in g.battlefield if g.objects[i].attacking in g.players
                    and g.chars(i).controller == you and g.objects[i].attacking != you})
    if a.get("mv_of") == "sacrificed" and r is not None:  # "the sacrificed creature's mana value": as it last
        if r.get("sacrificed_mvs"):  # sacrificed by an instruction of this resolution (engine/ops/objects.py)
            return sum(r["sacrificed_mvs"])
        return sacrificed_power(this(g, r) if "obj" in r else None, "mv")  # existed, sacrificed to pay (608.2h)
    if "mv_of" in a and r is not None:  # "equal to its mana value" (202.3): the card the instruction named,
        lki = r.get("lki_card", {})     # a target that left as it last existed (608.2h)
        lki_x = r.get("lki_x", {})
        total = 0
        if "obj" not in r and a["mv_of"] == "it":  # an intervening "if" as the ability triggers (603.4): the event's
            info = r.get("trigger") or {}         # object, or the new object it became (603.6d, 400.7)
            its = [info.get("obj") if info.get("obj") in g.objects else info.get("new", info.get("obj"))]
        else:
            its = refs(g, r, a["mv_of"])
            me = g.objects.get(r["obj"]) if isinstance(r.get("obj"), int) else None
            if not its and a["mv_of"] == "it" and me is not None and (me.trigger_info or {}).get("obj") in lki:
                its = [me.trigger_info["obj"]]  # "counter that spell ... the spell's mana value" (Dovescape): the
                # triggering object an instruction moved, as it last existed (608.2h; engine/effects.py lki_card)
        for x in its:
            if not isinstance(x, int):
                continue
            o = g.objects.get(x)
            c = o.card if o is not None else lki.get(x)
            # 202.3c: X is the number chosen for it while the object is a spell on the stack
            xv = o.x if o is not None and o.zone == "stack" and o.ability is None else lki_x.get(x, 0)
            total += 0 if c is None else int(mana_value(c.mana_cost, xv))
        return total
    if "colors_spent" in a:  # 702.43a: the colors of mana spent to cast it (kept by the permanent it became)
        o = g.objects.get(src) if src is not None else None
        return len(o.chosen.get("colors_spent", ())) if o is not None else 0
    if "x" in a:
        x = this(g, r).x if r is not None and "obj" in r else 0
        return -x if a.get("negate") else x
    if "count" in a:
        f = bind_refs(g, r, a["count"]) if r is not None else static_bind(g, src, a["count"])
        ctl = _you(g, src, r)
        n = 0
        if f.get("player"):
            n += sum(1 for p in g.order if matches(g, p, f, src, ctl))
        zone = f.get("zone", "battlefield")
        pool = g.battlefield if zone == "battlefield" else [i for p in g.order for i in g.players[p].zone(zone)]
        if g.influence is not None and ctl is not None:  # 801.11: it sees only what is within range
            if f.get("player"):
                n = sum(1 for p in g.order if matches(g, p, f, src, ctl) and seats.in_range(g, ctl, p))
            pool = [i for i in pool if seats.in_range(g, ctl, _influence_owner(g, i, ctl))]
        if a.get("names"):  # "the number of differently named lands you control": the names, each once (201.2)
            return len({g.objects[i].card.name for i in pool if matches(g, i, f, src, ctl)})
        if a.get("costs"):  # "each different mana cost among nonland cards in your graveyard": each once (202.1;
            # the order of the symbols aside; a card with no mana cost has none to count)
            return len({tuple(sorted(g.objects[i].card.mana_cost)) for i in pool
                        if g.objects[i].card.mana_cost and matches(g, i, f, src, ctl)})
        if a.get("distinct"):  # "for each different power among creatures you control": each value once (208.1;
            # 202.3: a mana value, X counting 0 off the stack)
            key = a["distinct"]
            return len({mana_value(g.chars(i).card.mana_cost, 0) if key == "mv" else getattr(g.chars(i), key)
                        for i in pool if matches(g, i, f, src, ctl)})
        if a.get("symbols"):  # chroma (Eventide): "the number of black mana symbols in the mana costs of cards in
            # your graveyard": each symbol of those colors in those objects' mana costs, a hybrid one once (202.1)
            return sum(1 for i in pool if matches(g, i, f, src, ctl) for sym in g.objects[i].card.mana_cost
                       if any(c in a["symbols"] for c in sym.split("/")))
        return n + sum(1 for i in pool if matches(g, i, f, src, ctl))
    if "times" in a:
        return a["times"] * amount(g, a["of"], src, r)
    if "times_paid" in a:  # squad: the times the source's optional additional cost was paid (601.2b)
        o = g.objects.get(src) if src is not None else None
        paid = list(o.chosen.get("cast_with", ())) if o is not None else []
        if a["times_paid"] == "Multikicker":  # "for each time it was kicked": each kicker cost paid, multikicker's
            # each time, or each of "Kicker [A] and/or [B]" (702.32b-d)
            return sum(paid.count(k) for k in ("Multikicker", "Kicker", SECOND_KICKER))
        return paid.count(a["times_paid"])
    if "mutations" in a:  # mutate (a later keyword): "the number of times SELF has mutated" (engine/mutate.py); of
        # a source gone since it triggered, as the event saw it (608.2h)
        o = g.objects.get(src) if src is not None else None
        if o is not None and o.zone == "battlefield":
            return int(o.chosen.get("mutations", 0))
        info = this(g, r).trigger_info if r is not None and "obj" in r and r["obj"] in g.objects else {}
        return int(info.get("mutations", 0)) if info.get("event") == "mutates" else 0
    if "plus" in a:
        return sum(amount(g, x, src, r) for x in a["plus"])
    if "counters_among" in a:  # "for each loyalty counter on planeswalkers you control" (121.1): all of them
        f = bind_refs(g, r, a["counters_among"]) if r is not None else static_bind(g, src, a["counters_among"])
        you = _you(g, src, r)
        return sum(_counters_of_kind(g.objects[i].counters, a.get("kind", "+1/+1")) for i in g.battlefield
                   if matches(g, i, f, src, you))
    if r is None:  # a static ability (611.3a), a cost or a restriction: no resolution record
        for key, attr in (("power_of", "power"), ("toughness_of", "toughness")):
            if key in a:
                xs = [x for x in static_refs(g, src, a[key]) if isinstance(x, int) and x in g.objects]
                if a.get("sum"):  # "the total power of the exiled cards" (Sutured Ghoul)
                    return sum(getattr(g.chars(x), attr) for x in xs)
                return getattr(g.chars(xs[0]), attr) if xs else 0
        if "mv_of" in a:  # "Equipped creature gets +X/+X, where X is its mana value" (202.3): the object now
            return sum(int(mana_value(g.objects[x].card.mana_cost, 0)) for x in static_refs(g, src, a["mv_of"])
                       if isinstance(x, int) and x in g.objects)
        if "counters_on" in a:  # "for each oil counter on SELF"
            xs = [x for x in static_refs(g, src, a["counters_on"]) if isinstance(x, int) and x in g.objects]
            return _counters_of_kind(g.objects[xs[0]].counters, a.get("kind", "+1/+1")) if xs else 0
    for key, attr in (("power_of", "power"), ("toughness_of", "toughness")):
        if r is not None and "obj" not in r and a.get(key) in ("it", "self", "attached") and "trigger" in r:
            # an intervening "if" as the ability triggers (603.4): SELF now, the event's object as the event
            # saw it (its power as it entered or as it last existed, 603.10)
            if a[key] == "self":
                return getattr(g.chars(src), attr) if src is not None and src in g.objects else 0
            if a[key] == "attached":  # "if enchanted creature's power is 4 or greater": the one it enchants now
                xs = [x for x in static_refs(g, src, "attached") if isinstance(x, int) and x in g.objects]
                return getattr(g.chars(xs[0]), attr) if xs else 0
            info = r["trigger"] or {}
            if info.get("pt"):
                return info["pt"][0 if attr == "power" else 1]
            x = info.get("obj")
            return getattr(g.chars(x), attr) if isinstance(x, int) and x in g.objects else 0
        if a.get(key) == "exploited" and r is not None:  # "the exploited creature's toughness" (702.109a): the
            # creature the exploit ability sacrificed, as it last existed (608.2h; engine/ops/objects.py)
            pt = (this(g, r).trigger_info if "obj" in r else (r.get("trigger") or {})).get("exploited_pt")
            return (pt[0] if attr == "power" else pt[1]) if pt else 0
        if a.get(key) == "tapped_cost" and r is not None and "obj" in r:  # "the tapped creature's power": now, or
            # as it was tapped to pay when it has left the battlefield since (608.2h; engine/costs.py)
            kept = this(g, r).chosen
            for x in kept.get("tapped_for_cost", ())[:1]:
                if x in g.objects and g.objects[x].zone == "battlefield":
                    return getattr(g.chars(x), attr)
                pt = (kept.get("tapped_pt") or {}).get(x)
                return (pt[0] if attr == "power" else pt[1]) if pt else 0
            return 0
        if a.get(key) == "sacrificed" and r is not None:  # 608.2h: as it last existed (engine/costs.py)
            if r.get("sacrificed_pts"):  # sacrificed by an instruction of this resolution (engine/ops/objects.py)
                return sum((pt[0] if attr == "power" else pt[1]) or 0 for pt in r["sacrificed_pts"])
            ab = this(g, r) if "obj" in r else None
            if ab is not None and ab.ability is not None and not ab.chosen.get("sacrificed") \
                    and (src_o := g.objects.get(ab.source or -1)) is not None and src_o.chosen.get("sacrificed"):
                ab = src_o  # a triggered ability of a permanent cast by sacrificing a creature (emerge: cast_options
                # carried), as that creature last existed (608.2h)
            return sacrificed_power(ab, attr)
        if key in a and r is not None:
            xs = [x for x in refs(g, r, a[key]) if isinstance(x, int)]
            lki = this(g, r).chosen.get("source_lki") if "obj" in r else None
            if not xs and a[key] == "self" and lki:  # its source was exiled or sacrificed to pay (608.2h)
                return lki[0] if attr == "power" else lki[1]
            info = this(g, r).trigger_info if "obj" in r else None
            if a[key] == "it" and info and "pt" in info and "objs" not in info:
                return info["pt"][0 if attr == "power" else 1]  # left the battlefield: 603.10, 704.7
            if a[key] == "self" and info and info.get("event") in ("dies", "ltb") and info.get("pt") \
                    and info.get("obj") == this(g, r).source and not (xs and xs[0] in g.objects
                                                                      and g.objects[xs[0]].zone == "battlefield"):
                # "When SELF dies, it deals damage equal to its power": the permanent as it last existed on the
                return info["pt"][0 if attr == "power" else 1]  # battlefield, not the card it became (603.6d, 608.2h)
            if xs and xs[0] not in g.objects:  # gone: as it last existed (608.2h)
                pt = r.get("lki_pt", {}).get(xs[0])
                new = r.get("followed", {}).get(xs[0])
                if pt is None and new in g.objects:  # "the toughness of the card returned this way": a card the
                    return getattr(g.chars(new), attr)  # instruction moved, where it went (400.7)
                return (pt[0] if attr == "power" else pt[1]) if pt else 0
            if a.get("sum"):  # the total of the objects named that still exist
                return sum(getattr(g.chars(x), attr) for x in xs if x in g.objects)
            return getattr(g.chars(xs[0]), attr) if xs else 0
    if "count_this_way" in a and r is not None and a.get("action") in ("milled", "put"):
        # "for each creature card milled this way" / "each land card put into a graveyard this way"
        f = {**a["count_this_way"], "zone": "graveyard"}  # not if a replacement exiled it
        return sum(1 for x in r.get("milled", ()) if x in g.objects and matches(g, x, f, src))
    if "count_this_way" in a and r is not None and a.get("action") == "exiled" \
            and a["count_this_way"].get("zone") == "any_card":
        # "for each creature card exiled this way" of cards exiled from a graveyard (Crypt Incursion): every card
        # this resolution's exile instructions moved, from any zone, as it was as it left (608.2h)
        f = {k: v for k, v in a["count_this_way"].items() if k != "zone"}
        who = _you(g, src, r) if f.get("controller") == "you" else None
        return sum(1 for rec in r.get("exiled_this_way", ()) if gone_matches(rec, "exiled", f, who))
    if "count_this_way" in a and r is not None and a.get("action") in ("exiled", "destroyed", "sacrificed", "returned"):
        # "for each nontoken creature exiled this way" (Declaration in Stone): what this resolution's exile
        # (destroy) instructions took off the battlefield, as it last existed there (608.2h)
        who = _you(g, src, r) if a["count_this_way"].get("controller") == "you" else None
        return sum(1 for rec in r.get("gone_this_way", ()) if gone_matches(rec, a["action"], a["count_this_way"], who))
    if "count_this_way" in a and r is not None and a.get("action") == "returned":
        # "for each card returned to your hand this way": the cards this resolution's returns put into a hand, still
        # there (400.7), of the kind and owner said
        f = {**a["count_this_way"], "zone": "hand"}
        return sum(1 for x in r.get("returned", ()) if x in g.objects and matches(g, x, f, src, _you(g, src, r)))
    if "dungeon_names" in a:  # "for each differently named dungeon you've completed" (a later rule: engine/dungeon.py)
        who = _you(g, src, r)
        return len(set(g.players[who].dungeons_completed)) if who in g.players else 0
    if "power_this_way" in a:  # "the total power of creatures destroyed this way": as each last existed (608.2h)
        return sum(max(0, rec.get("power", 0)) for rec in (r or {}).get("gone_this_way", ())
                   if gone_matches(rec, a["action"], a["power_this_way"]))
    if "count_this_way" in a and r is not None and a.get("action") == "countered":
        # "draw a card for each spell countered this way" (701.5a): the spells this resolution's counter instructions
        # countered (engine/ops/objects.py counter)
        return len(r.get("countered", ()))
    if "count_this_way" in a and r is not None and a.get("action") == "tapped":
        # "you gain 4 life for each creature tapped this way" (701.17a: each one the instruction tapped)
        f = {**a["count_this_way"], "zone": "battlefield"}
        return sum(1 for x in r.get("tapped_this_way", ()) if x in g.objects and matches(g, x, {
            k: v for k, v in f.items() if k != "tapped"}, src))
    if "count_this_way" in a and r is not None and a.get("action") == "sacrificed":
        # "Sacrifice any number of lands. Search your library for up to that many land cards" (Scapeshift)
        return int(r.get("sacrificed_this_way", 0))
    if "count_this_way" in a and r is not None and a.get("action") == "put_hand":
        # "for each card put into your hand this way" (Demonlord Belzenlok): the cards the resolution's "exile ...
        # until ..., then put that card into your hand" put there (engine/ops/library.py exile_until)
        return len(r.get("put_hand", ()))
    if "count_this_way" in a and r is not None and a.get("action") == "revealed":
        # "the number of nonland cards revealed this way" (Goblin Charbelcher), "for each card revealed this way"
        # (Scent of Jasmine, 701.13a): the cards the reveals before showed, of the kind
        f = {**a["count_this_way"], "zone": "any_card"}  # ("of that color": chosen by the resolving one, 608.2d)
        sid = this(g, r).id if "obj" in r and any(k.startswith("chosen_") for k in f) else src
        return sum(1 for x in r.get("revealed_cards", ()) if x in g.objects and matches(g, x, f, sid))
    if "count_this_way" in a and r is not None and a.get("action") == "rolled":
        return int(r.get("rolled", 0))  # "equal to the result": the die the instruction before rolled (a later rule)
    if "count_this_way" in a and r is not None and a.get("action") == "flips_won":
        return int(r.get("flips_won", 0))  # "for each flip you win" of "flip five coins" (705.1)
    if "count_this_way" in a and r is not None and a.get("action") == "couldnt":
        # "For each opponent who can't, you gain 4 life": the players the discard (sacrifice) before could not
        # make do all it asked, opponents of this ability's controller only when the filter says so
        short = [p for p in r.get("couldnt", ()) if p in g.players]
        you = _you(g, src, r)
        if a["count_this_way"].get("opponent") and you is not None:
            short = [p for p in short if p in seats.opponents(g, you)]
        return len(short)
    if "count_this_way" in a and r is not None and a.get("action") == "bottomed":
        # "put the cards in your hand on the bottom of your library in any order, then draw that many cards": how many
        # it moved (engine/ops/zones.py move ``any_order``)
        return len(r.get("bottomed", ()))
    if "count_this_way" in a and r is not None and a.get("action") == "shuffled":
        # "shuffle the cards from your hand into your library, then draw that many cards": how many it moved; "each
        # player shuffles ..., then draws that many cards": those that player owned (608.2c, amount_for)
        own = a["count_this_way"].get("owner")
        if own is None:
            return len(r.get("shuffled_in", ()))
        whose = set(bind_players(g, r, {"owner": own})["owner"])
        return sum(1 for p in r.get("shuffled_owners", ()) if p in whose)
    if "count_this_way" in a and r is not None and a.get("action") == "discarded":
        # "discard your hand, then draw that many cards" (701.8: a card exiled by madness was discarded too)
        f = {**a["count_this_way"], "zone": "any_card"}  # wherever it went (a graveyard, or exile by madness)
        if "owner" in f:  # "each player discards ..., then creates that many": that player's cards (amount_for)
            f = bind_players(g, r, f)
        return sum(1 for x in r.get("discarded", ()) if x in g.objects and matches(g, x, f, src))
    if "blockers_beyond_first" in a:  # rampage (702.22b): counted as the ability resolves
        o = g.objects.get(src) if src is not None else None
        return max(0, len(o.blockers) - 1) if o is not None and o.zone == "battlefield" else 0
    if "lost_this_way" in a:
        return r.get("lost", 0) if r is not None else 0
    if "paid" in a:  # "you may pay any amount of {E}. ... that much": the amount paid (engine/ops/misc.py pay_any)
        return int(r.get("paid", 0)) if r is not None else 0
    if "that_much" in a and r is not None:
        return this(g, r).trigger_info.get("amount", 0)
    if "plus_counters_put" in a:  # "for each +1/+1 counter you've put on creatures under your control this turn"
        who = _you(g, src, r)
        return plus_counters_put(g, who, a["plus_counters_put"] == "own") if who else 0
    if "life_gained_this_turn" in a:  # "the amount of life you gained this turn"
        who = _you(g, src, r)
        return g.players[who].life_gained_turn if who else 0
    if "dealt_this_way" in a or "excess_this_way" in a:  # the damage the damage instructions before dealt
        # (120.3), or dealt beyond lethal damage (a later rule, 2020: excess damage; engine/ops/damage.py)
        return (r or {}).get("dealt_total" if "dealt_this_way" in a else "excess_total", 0)
    if "party" in a:  # "the number of creatures in your party" (a later rule, Zendikar Rising)
        who = _you(g, src, r)
        return party_size(g, who) if who is not None else 0
    if "colors_of" in a:  # "+1/+0 for each of its colors" (105.2: white, blue, black, red, green): the colors of
        # the object named, as it is now (a static's own reference when no resolution is under way, 611.3a)
        xs = static_refs(g, src, a["colors_of"]) if r is None else refs(g, r, a["colors_of"])
        objs = [x for x in xs if isinstance(x, int) and x in g.objects]
        return len(g.chars(objs[0]).colors) if objs else 0
    if "colors_among" in a:  # "the number of colors among permanents you control" (105.2)
        ctl = _you(g, src, r)
        f = bind_refs(g, r, a["colors_among"]) if r is not None else a["colors_among"]
        return len({col for i in g.battlefield if matches(g, i, f, src, ctl) for col in g.chars(i).colors})
    if "mana_spent_on" in a and r is not None:  # "the amount of mana spent to cast that spell" (601.2h), kept
        # by the permanent it became (engine/cast_options.py carried); a spell that left, as it last existed
        total = 0
        ids = refs(g, r, a["mana_spent_on"]) if "obj" in r or a["mana_spent_on"] != "it" else \
            [(r.get("trigger") or {}).get("obj")]  # an intervening "if" as a cast trigger triggers (603.4): the spell
        for x in ids:
            o = g.objects.get(x) if isinstance(x, int) else None
            total += sum((o.chosen.get("mana_spent") or {}).values()) if o is not None \
                else r.get("lki_spent", {}).get(x, 0)
        return total
    if "devoured" in a:  # "for each creature it devoured", "the number of Goblins it devoured" (702.81b): those its
        # devour ability sacrificed as it entered, as they last existed (engine/entering.py answer_devour)
        so = g.objects.get(src) if src is not None else None
        f = a["devoured"] or {}
        return sum(1 for rec in (so.chosen.get("devoured_records", ()) if so is not None else ())
                   if gone_matches(rec, "sacrificed", f))
    if "died_this_turn" in a:  # "for each creature that died this turn" (700.4), as each last existed
        return sum(1 for d in g.died_this_turn if died_matches(d, a["died_this_turn"], _you(g, src, r)))
    if "discarded_this_turn" in a or "sacrificed_this_turn" in a:  # "the number of cards you've discarded
        # this turn" (701.8), "... permanents you've sacrificed this turn" (701.14a)
        key = "discarded_this_turn" if "discarded_this_turn" in a else "sacrificed_this_turn"
        if a[key] in ("each", "opponents"):  # "for each permanent sacrificed this turn" (by any player), "if a
            # player / an opponent discarded a card this turn"
            you = _you(g, src, r)
            among = list(g.players) if a[key] == "each" else seats.opponents(g, you) if you in g.players else []
            return sum(int(g.players[p].discarded_turn if key == "discarded_this_turn"
                           else g.players[p].sacrificed_turn) for p in among if p in g.players)
        who = _you(g, src, r)
        if who not in g.players:
            return 0
        return g.players[who].discarded_turn if "discarded_this_turn" in a else g.players[who].sacrificed_turn
    if "attackers_this_turn" in a:  # "for each creature that attacked this turn" ("each": every player's), "...
        # you attacked with this turn" ("you"): the creatures declared as attackers this turn (508.1a), those gone too
        attackers_of = list(g.players) if a["attackers_this_turn"] == "each" else [_you(g, src, r)]
        return sum(len(g.players[p].attackers_turn) for p in attackers_of if p in g.players)
    if "unlocked_doors" in a:  # "the number of unlocked doors among Rooms you control" (a later layout: rooms.py)
        who = _you(g, src, r)
        return sum(len(g.objects[i].chosen.get("unlocked", ())) for i in g.battlefield
                   if g.chars(i).controller == who and "unlocked" in g.objects[i].chosen)
    if "descended_this_turn" in a:  # "the number of times you descended this turn" (a later rule, LCI)
        return descended(g, _you(g, src, r))
    if "exiled_from_hand" in a:  # "draws a card for each card exiled from their hand this way" (engine/ops/actions.py
        return int((r or {}).get("exiled_from_hand", 0))  # exile_named counts them)
    if "removed_this_way" in a:  # "put twice that many +1/+1 counters on SELF": the counters the remove_among
        return int((r or {}).get("removed_this_way", 0))  # instruction before removed (engine/ops/objects.py)
    if "cast_before_it" in a:  # "for each other instant and sorcery spell you've cast before it this turn" (Thousand-
        # Year Storm): the spells of that kind its controller cast this turn before the spell the trigger is about
        # (601.2i), countered ones too; the cast event says how many came before it
        who = _you(g, src, r)
        info = (this(g, r).trigger_info if r is not None and "obj" in r else (r or {}).get("trigger")) or {}
        idx = info.get("cast_index")
        if who not in g.players or not isinstance(idx, int):
            return 0
        return sum(1 for k in g.players[who].cast_kinds_turn[:idx] if cast_kind_matches(k, a["cast_before_it"]))
    if "drawn_this_way" in a:  # "for each card drawn this way": the cards the draws of this resolution put into a
        return len((r or {}).get("drawn_cards", ()))  # hand (121.2; engine/ops/zones.py draw)
    if "most_discarded_this_way" in a:  # "the greatest number of cards a player discarded this way" (Windfall): the
        owners: dict[str, int] = {}  # discards of the instruction before, counted by the player who discarded
        for c in (r or {}).get("discarded", ()):  # each (701.8: a player discards their own cards)
            if c in g.objects:
                owners[g.objects[c].owner] = owners.get(g.objects[c].owner, 0) + 1
        return max(owners.values(), default=0)
    if "votes" in a:  # 701.29: "for each death vote", "the number of profit votes": the votes of the vote before
        return int(((r or {}).get("votes") or {}).get(a["votes"], 0))  # (engine/ops/misc.py vote)
    if "commander_casts" in a:  # "for each time you've cast your commander from the command zone this game": the
        who = _you(g, src, r)  # casts 903.8 counts (Player.commander_casts, both partners'), countered ones too
        return g.players[who].commander_casts if who in g.players else 0
    if "spells_cast_this_turn" in a:  # "the number of spells you've cast this turn" (601.2i: cast)
        who = _you(g, src, r)
        return g.players[who].spells_cast_turn if who in g.players else 0
    if "player_counters" in a:  # "the number of experience counters you have" (121.1: a player's counters)
        who = _you(g, src, r)
        return g.players[who].counters.get(a.get("kind", ""), 0) if who in g.players else 0
    if "minus" in a:  # "A minus B": 0 when it would be negative (107.1b)
        first, second = a["minus"]
        return max(0, amount(g, first, src, r) - amount(g, second, src, r))
    if "per_target" in a:  # "X damage divided evenly, rounded down, among any number of targets" (Fireball): the
        # amount over the number of targets chosen for that slot (601.2c; an illegal one still counts, 608.2b)
        n = amount(g, a["per_target"], src, r)
        s = this(g, r) if r is not None and "obj" in r else None
        slots = s.targets if s is not None else []
        k = int(a.get("slot", 0))
        return n // max(1, len(slots[k]) if k < len(slots) else 1)
    if "half" in a:  # 107.1a: "half N, rounded up/down", as the effect says
        n = amount(g, a["half"], src, r)
        return (n + 1) // 2 if a.get("up") else n // 2
    if "third" in a:  # 107.1a: "a third of N, rounded up/down" (Dire Fleet Ravager)
        n = amount(g, a["third"], src, r)
        return (n + 2) // 3 if a.get("up") else n // 3
    if "life_of" in a:
        ref = a["life_of"]
        if ref == "that_player":  # "half their life": the player it is counted for (amount_for)
            ps = list(r.get("that_player", ())) if r is not None else []
        elif ref == "you" or r is None:
            ps = [_you(g, src, r)]
        else:
            ps = [p for p in refs(g, r, ref) if isinstance(p, str)]
        return g.players[ps[0]].life if ps and ps[0] in g.players else 0
    if "speed_of" in a:  # "X is your speed" (a later rule, Aetherdrift): 0 for a player who has none
        sp = _you(g, src, r)
        return g.players[sp].speed if sp in g.players else 0
    if "starting_life" in a:  # "your starting life total" (103.3, 903.7, 810.4): the same for every player
        return starting_life(g)
    if "poison_of" in a:  # "if target player has fewer than nine poison counters" (121.1c): one player's
        ps = [_you(g, src, r)] if a["poison_of"] == "you" or r is None else \
            [p for p in refs(g, r, a["poison_of"]) if isinstance(p, str)]
        return g.players[ps[0]].poison if ps and ps[0] in g.players else 0
    if "opponents_poison" in a:  # "for each poison counter your opponents have" (121.1c): all of them, added up
        who = _you(g, src, r)
        return sum(g.players[p].poison for p in seats.opponents(g, who)) if who in g.players else 0
    if "opponents_life_lost" in a:  # "the total life lost by your opponents this turn" (119.3, a per-turn fact)
        who = _you(g, src, r)
        return sum(g.players[p].life_lost_turn for p in seats.opponents(g, who)) if who in g.players else 0
    if "life_lost_turn_of" in a:  # "the life that player lost this turn" (119.3): yours, or the player it is
        if a["life_lost_turn_of"] == "you" or r is None:  # counted for (amount_for)
            ps = [_you(g, src, r)]
        else:
            ps = list(r.get("that_player", ()))
        return g.players[ps[0]].life_lost_turn if ps and ps[0] in g.players else 0
    if "life_turn_began" in a:  # "that player's life total as the turn began" (Sengir, the Dark Baron): the record
        # made as the turn began, which a player who left the game keeps (800.4g: their last known information)
        if a["life_turn_began"] == "you" or r is None:
            ps = [_you(g, src, r)]
        else:  # the player it is counted for (amount_for), else the player of the trigger event
            ps = list(r.get("that_player", ())) or refs(g, r, "trigger_player")
        return g.players[ps[0]].life_turn_began if ps and ps[0] in g.players else 0
    if "lowest_life" in a:  # "the lowest life total among all players" (119.1; Repay in Kind)
        who = _you(g, src, r)
        among = seats.apnap(g) if a["lowest_life"] == "all" else seats.opponents(g, who) if who else []
        return min((g.players[p].life for p in among), default=0)
    if "highest_life" in a:  # "the highest life total among all players / your opponents" (119.1)
        who = _you(g, src, r)
        among = seats.apnap(g) if a["highest_life"] == "all" else seats.opponents(g, who) if who else []
        return max((g.players[p].life for p in among), default=0)
    if "chosen_number" in a:  # "the chosen number": chosen by an instruction before it (608.2d; ops/control.py)
        return int(r.get("chosen_number", 0)) if r is not None else 0
    if "type_in_common" in a:  # "the greatest number of creatures you control that have a creature type in common"
        ctl = _you(g, src, r)  # (205.3m): for each creature type, the creatures of yours that have it; the most
        per: dict[str, int] = {}
        for i in g.battlefield:
            c = g.chars(i)
            if c.controller == ctl and "Creature" in c.types:
                for t in set(c.subtypes) & _CREATURE_TYPE_SET:
                    per[t] = per.get(t, 0) + 1
        return max(per.values(), default=0)
    for key, attr in (("total_power", "power"), ("total_toughness", "toughness")):
        if key in a:  # "the total toughness of creatures you control"
            ctl = _you(g, src, r)
            return sum(getattr(g.chars(i), attr) for i in g.battlefield if matches(g, i, a[key], src, ctl))
    if "total_mv" in a:  # "the total mana value of Dragons you control" (202.3)
        ctl = _you(g, src, r)
        return sum(mana_value(g.objects[i].card.mana_cost) for i in g.battlefield
                   if matches(g, i, a["total_mv"], src, ctl))
    if "library_size" in a:  # "half their library": the number of cards in a player's library (401.1)
        who = a["library_size"]
        if who == "that_player":  # counted for each player the instruction affects (amount_for)
            ps = list(r.get("that_player", ())) if r is not None else []
        elif who == "you" or r is None:
            ps = [_you(g, src, r)]
        else:
            ps = [p for p in refs(g, r, who) if isinstance(p, str)]
        return sum(len(g.players[p].library) for p in ps if p in g.players)
    if "lands_played" in a:  # "if you didn't play a land this turn": the lands you played this turn (305.1)
        who = _you(g, src, r)
        return g.players[who].lands_played if who in g.players else 0
    if "hand_of" in a:
        who = a["hand_of"]
        if who == "each_player":  # "the total number of cards in all players' hands" (402.1: each player's own hand)
            return sum(len(p.hand) for p in g.players.values())
        if who == "opponents":  # "for each card in your opponents' hands": every opponent's hand (402.1)
            you = _you(g, src, r)
            return sum(len(g.players[p].hand) for p in (seats.opponents(g, you) if you in g.players else ())
                       if p in g.players)
        if who == "chosen_player":  # "the chosen player's hand": chosen as the source entered (614.12)
            chosen = chosen_player(g, src)
            return len(g.players[chosen].hand) if chosen is not None else 0
        if r is None and isinstance(who, dict):  # a static's own reference (611.3a): "its controller's hand"
            ps = [p for p in static_refs(g, src, who) if isinstance(p, str)]
        elif who == "you" or r is None:
            ps = [_you(g, src, r)]
        else:
            ps = [p for p in refs(g, r, who) if isinstance(p, str)]
        return sum(len(g.players[p].hand) for p in ps if p)
    if "greatest" in a:
        ctl = _you(g, src, r)
        zone = (a.get("among") or {}).get("zone", "battlefield")
        # "the greatest mana value among cards in your graveyard" (Wick's Patrol): the cards of that zone (400.1)
        pool = g.battlefield if zone == "battlefield" else [i for p in g.order for i in g.players[p].zone(zone)] \
            if zone in ("graveyard", "exile", "hand", "library") else g.battlefield
        vals = [getattr(g.chars(i), a["greatest"]) if a["greatest"] != "mv" else mana_value(g.objects[i].card.mana_cost)
                for i in pool if matches(g, i, a.get("among") or {}, src, ctl)]
        if a.get("command_too"):  # "... of a commander you own on the battlefield or in the command zone" (408.1)
            vals += [mana_value(g.objects[i].card.mana_cost) for p in g.order for i in g.players[p].command
                     if matches(g, i, {**(a.get("among") or {}), "zone": "command"}, src, ctl)]
        return max(vals, default=0)
    if "counters_on" in a and r is not None:
        kind = a.get("kind", "+1/+1")
        info = this(g, r).trigger_info if "obj" in r else {}
        # 309.4, 901.7, 113.4: a plane, scheme or emblem works from the command zone: there it is not gone
        gone = src not in g.objects or g.objects[src].zone != "battlefield" and not (
            g.objects[src].zone == "command" and works_from_command(g.objects[src].card))
        if a["counters_on"] == "self" and "counters" in info and gone:
            # it died: the counters it had as it last existed (modular, 608.2h)
            return _counters_of_kind(info["counters"], kind)
        if a["counters_on"] == "self" and gone and "obj" in r:
            # sacrificed (or exiled) to pay the cost: the counters it had as it last existed (608.2h)
            return _counters_of_kind(this(g, r).chosen.get("source_counters", {}), kind)
        xs = [x for x in refs(g, r, a["counters_on"]) if isinstance(x, int) and x in g.objects]
        return _counters_of_kind(g.objects[xs[0]].counters, kind) if xs else 0
    raise Unsupported(f"unsupported amount {a!r}")



def plus_counters_put(g: "Game", who: str | None, own: bool) -> int:
    """The +1/+1 counters ``who`` put on creatures this turn (121.6; engine/triggers.py counters_put): all of them,
    or (``own``) those on creatures under their control then."""
    if who not in g.players:
        return 0
    turn, every, mine = g.players[who].plus_counters_turn
    return 0 if turn != g.turn else mine if own else every


def _plus_put_by(g: "Game", o: Any) -> tuple[str, ...]:
    """The players who put +1/+1 counters on ``o`` this turn (121.6)."""
    turn, by = o.chosen.get("plus_put_turn") or (0, ())
    return tuple(by) if turn == g.turn else ()


def unpaired_creature(g: "Game", oid: Any, you: str) -> bool:
    """A creature on the battlefield under ``you``'s control that is not paired (702.94a-b)."""
    o = g.objects.get(oid) if isinstance(oid, int) else None
    return o is not None and o.zone == "battlefield" and g.controller_of(oid) == you \
        and g.chars(oid).is_creature() and paired_with(g, oid) is None


def _soulbond_open(g: "Game", o: Any, which: str, r: Ctx | None, you: str) -> bool:
    """702.94a's intervening "if": this creature and another (``which`` "it": the creature that entered;
    "self": any other) are creatures you control, both unpaired."""
    if o is None or not unpaired_creature(g, o.id, you):
        return False
    if which == "it":
        ev = (r or {}).get("trigger") or {}
        return ev.get("obj") != o.id and unpaired_creature(g, ev.get("obj"), you)
    return any(i != o.id and unpaired_creature(g, i, you) for i in g.battlefield)


def most_player(g: "Game", spec: dict[str, Any], src: int | None) -> str | None:
    """The player with more life than each other player ({"life": True}), or who controls more permanents of a kind
    than each other player ({"count": FILTER}), among the players in the game (102.1); None when two or more tie."""
    def value(p: str) -> int:
        if spec.get("life"):
            return g.players[p].life
        f = spec.get("count") or {}
        return sum(1 for i in g.battlefield if g.controller_of(i) == p and matches(g, i, f, src, p))
    vals = {p: value(p) for p in seats.apnap(g)}
    best = max(vals.values(), default=None)
    tops = [p for p, v in vals.items() if v == best]
    return tops[0] if len(tops) == 1 else None


def _at_least(cond: dict[str, Any]) -> int:
    """The least count a "control" condition asks: "you control a Faerie" one; "you control no
    Faerie" / "you don't control a Faerie" ({"max": 0}) none (608.2c)."""
    return int(cond.get("min", 0 if "max" in cond else 1))


#: the card types of permanent cards (110.4; battle: a later card type)
_PERMANENT_CARD_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})


def descended(g: "Game", who: Any) -> int:
    """How many times ``who`` descended this turn (a later rule, The Lost Caverns of Ixalan, 2023): each permanent
    card put into their graveyard from anywhere this turn (Player.to_graveyard_turn: the card types of each card)."""
    if who not in g.players:
        return 0
    turn, went = g.players[who].to_graveyard_turn
    return sum(1 for _, types in went if types & _PERMANENT_CARD_TYPES) if turn == g.turn else 0


def designation_holder(g: "Game", name: str) -> str | None:
    """The player who has the designation ``name`` ("The Monarch", "The Initiative": later designations, kept as
    an object in the holder's command zone: engine/ops/actions.py), if any."""
    for p in g.order:
        if any(g.objects[i].card.name == name and "Designation" in g.objects[i].card.types
               for i in g.players[p].command):
            return p
    return None


#: the designations a condition may ask about (later rules: the monarch, 2016 Conspiracy; the initiative, 2022)
DESIGNATIONS = {"monarch": "The Monarch", "initiative": "The Initiative"}


def activations(g: "Game", r: Ctx | None) -> int:
    """602.2b: how many times the resolving ability's source has had that ability activated this turn (counted by
    engine/casting.py finish_activate on the source; 0 once the source is gone)."""
    ab = this(g, r) if r is not None and "obj" in r else None
    if ab is None or ab.ability is None or ab.source is None or ab.source not in g.objects:
        return 0
    turn, n = g.objects[ab.source].chosen.get("activated_count:" + ab.ability.text, (0, 0))
    return int(n) if turn == g.turn else 0


def _dealt_to_self(g: "Game", o: Any, r: Ctx | None) -> int:
    """The damage dealt this turn to the source permanent (119.3); for a trigger on its leaving ("When SELF dies, if
    4 or more damage was dealt to it this turn"), as it last existed on the battlefield (603.6d)."""
    info = (r or {}).get("trigger") or (this(g, r).trigger_info if r is not None and "obj" in r else None) or {}
    if info.get("event") in ("dies", "ltb") and "dealt" in info:
        return int(info["dealt"])
    turn, n = (o.chosen.get("dealt_turn") if o is not None and o.zone == "battlefield" else None) or (None, 0)
    return int(n) if turn == g.turn else 0


def _had(counters: dict[str, Any], kind: str) -> bool:
    """Counters of that kind among ``counters`` ("any": counters of any kind, "if it had counters on it", 121.1)."""
    if kind == "any":
        return any(int(v or 0) > 0 for v in counters.values())
    return int(counters.get(kind, 0)) > 0


def condition(g: "Game", cond: dict[str, Any], src: int | None, r: Ctx | None) -> bool:
    """Whether a condition holds now: an intervening "if" (603.4), an "as long as" static
    (611.3a), a conditional instruction (608.2c) or an activation restriction (602.5b).

    Per-turn facts are plain data kept where they change: Player.life_lost_turn,
    Player.spells_cast_turn, and marks on the object itself (``chosen``: the turn it last
    attacked or blocked, whether it has dealt damage, the turns its abilities were
    activated), which go away with the object when it changes zones (400.7)."""
    # a condition is checked for a player: the resolving controller or the source's controller
    you = cast(str, (r.get("controller") if r else None) or _you(g, src, r if r is not None and "obj" in r else None))
    if "all" in cond:
        return all(condition(g, c, src, r) for c in cond["all"])
    if "any" in cond:  # "if its power is greater than SELF's power or its toughness is greater than SELF's toughness"
        return any(condition(g, c, src, r) for c in cond["any"])
    if "not" in cond:
        return not condition(g, cond["not"], src, r)
    if cond.get("not_declared_attacker") and ((r or {}).get("trigger") or {}).get("attacking"):
        return False  # "becomes tapped, if it isn't being declared as an attacker": not the tap of 508.1f
    if "votes_most" in cond:  # 701.29: more votes than each other choice of the vote before; "or the vote is tied":
        votes = (r or {}).get("votes") or {}  # at least as many
        mine = votes.get(cond["votes_most"], 0)
        others = [n for k, n in votes.items() if k != cond["votes_most"]]
        if cond["votes_most"] not in votes or not all(mine >= n if cond.get("tied") else mine > n for n in others):
            return False
    if "control" in cond:
        f = cond["control"]
        skip: set[Any] = set()
        if cond.get("other_than_event"):  # "if you control at least five other Mountains": not the one that entered
            info = (r or {}).get("trigger") or (this(g, r).trigger_info if r is not None and "obj" in r else {}) or {}
            skip = {info.get("obj"), info.get("new")}
        pool = g.battlefield
        if f.get("name") == "SELF" and src in g.objects:  # "eight or more permanents named SELF": only those of its
            own = g.objects[src].card.name  # name can match (filters.py reads the same name): the rest not tried
            pool = [i for i in pool if g.objects[i].card.name == own]
        if f.get("different_names"):  # "N or more lands with different names": count the names
            n = len({g.objects[i].card.name for i in pool if i not in skip and matches(g, i, f, src, you)})
        else:  # counted only as far as the answer needs: up to the least number, or one past the most
            limit = cond["max"] + 1 if "max" in cond else _at_least(cond)
            n = 0
            for i in pool:
                if i not in skip and matches(g, i, f, src, you):
                    n += 1
                    if n >= limit:
                        break
        if not _at_least(cond) <= n <= cond.get("max", 10 ** 6):
            return False
    if "opponents_control" in cond:  # "unless your opponents control eight or more lands"
        f = cond["opponents_control"]
        n = sum(1 for i in g.battlefield if g.controller_of(i) in g.opponents(you) and matches(g, i, f, src, you))
        if not _at_least(cond) <= n <= cond.get("max", 10 ** 6):
            return False
    if "life_le_half_start" in cond and g.players[you].life * 2 > starting_life(g):
        return False  # "your life total is less than or equal to half your starting life total" (103.3: 20)
    if "spells_cast_ge" in cond and g.players[you].spells_cast_turn < cond["spells_cast_ge"]:
        return False  # "if you've cast another spell this turn" (per-turn fact, 500.1)
    if "attackers_ge" in cond:  # "three or more creatures attacked this turn" (any player's), "you attacked with
        # three or more Merfolk this turn" (yours): the creatures declared as attackers, as declared (508.1)
        att_players = [you] if cond.get("attackers_who") == "you" else list(g.players)
        if sum(1 for p in att_players if p in g.players for k in g.players[p].attackers_turn.values()
               if cast_kind_matches(k, cond.get("attackers_kind") or {})) < cond["attackers_ge"]:
            return False
    if "sacrificed_kind_this_turn" in cond and sum(  # "if you've sacrificed an artifact this turn" (701.14a)
            cast_kind_matches(k, cond["sacrificed_kind_this_turn"]) for k in g.players[you].sacrificed_kinds_turn) \
            < cond.get("sacrificed_kind_ge", 1):
        return False
    if "entered_kind_this_turn" in cond and sum(
            cast_kind_matches(k, cond["entered_kind_this_turn"]) for k in g.players[you].entered_kinds_turn) \
            - _self_entered(g, src, you, cond) < cond.get("entered_kind_ge", 1):
        return False  # "if a planeswalker entered the battlefield under your control this turn" (per-turn, 500.1)
    if "opponent_cast_kind_this_turn" in cond and not any(
            cast_kind_matches(k, cond["opponent_cast_kind_this_turn"])
            for p in seats.opponents(g, you) for k in g.players[p].cast_kinds_turn):
        return False  # "if an opponent cast a creature spell this turn" (601.2i, per-turn fact, 500.1)
    if "cast_kind_this_turn" in cond and sum(cast_kind_matches(k, cond["cast_kind_this_turn"])
                                             for i, k in enumerate(g.players[you].cast_kinds_turn)
                                             if not (cond.get("cast_kind_other") and _own_cast(g, src, you, i))) \
            < cond.get("cast_kind_ge", 1):
        return False  # "if you've cast a noncreature spell / three or more instant and sorcery spells this turn"
        # (601.2i, per-turn fact, 500.1)
    if cond.get("no_spell_cast_this_game") and any(e.get("type") == "cast" and e.get("player") == you
                                                   and e.get("obj") != src for e in g.events):
        return False  # "if SELF is the first spell you've cast this game": none cast before it (the game's log;
        # as it resolves, its own cast is not counted)
    if "opponent_hand_more" in cond and not any(len(g.players[p].hand) > len(g.players[you].hand)
                                                for p in g.opponents(you)):
        return False  # "if an opponent has more cards in hand than you" (402)
    if "hand_more_than_opponents" in cond:  # "as long as you have more cards in hand than each opponent"
        n = len(g.players[you].hand)
        if not all(n > len(g.players[p].hand) for p in g.opponents(you)):
            return False
    if "opponents_ge" in cond and len(g.opponents(you)) < cond["opponents_ge"]:
        return False  # "unless you have two or more opponents"
    if "any_player_life_le" in cond and not any(g.players[p].life <= cond["any_player_life_le"]
                                                for p in g.order if p not in g.gone):
        return False  # "unless a player has 13 or less life"
    if "life_ge" in cond and not g.players[you].life >= cond["life_ge"]:
        return False
    if "life_le" in cond and not g.players[you].life <= cond["life_le"]:
        return False
    if "your_turn" in cond and seats.is_active(g, you) != cond["your_turn"]:
        return False
    if "trigger_player_turn" in cond:  # "if it's not their turn": the player the trigger event names (603.4)
        info = (this(g, r).trigger_info if r is not None and "obj" in r else (r or {}).get("trigger")) or {}
        who = info.get("target") or info.get("player")
        if not isinstance(who, str) or seats.is_active(g, who) != cond["trigger_player_turn"]:
            return False
    if "first_combat" in cond and (g.step not in _COMBAT_PHASE or first_combat_over(g)) == bool(cond["first_combat"]):
        return False  # 506.6d: "if it's the first combat phase of the turn"
    if "trigger_spent_gt_self_pt" in cond:  # increment (a later keyword): the mana spent to cast the spell that
        # triggered it (601.2h: kept on the spell) against the source's power and toughness as they are now
        sp = g.objects.get(((r or {}).get("trigger") or {}).get("obj", -1))
        me = g.objects.get(src) if src is not None else None
        spent = sum((sp.chosen.get("mana_spent") or {}).values()) if sp is not None else 0
        if me is None or me.zone != "battlefield":
            return False
        c = g.chars(me.id)
        if not (spent > c.power or spent > c.toughness):
            return False
    if "attacked_power_ge" in cond:  # "if you attacked with creatures with total power 6 or greater this combat": as
        # they were declared (508.1), in this combat phase (506.1)
        n, total = g.players[you].attacked_power
        if n != g.combat_no or g.step not in _COMBAT_PHASE or total < cond["attacked_power_ge"]:
            return False
    if "self_counters_ge" in cond:  # "if there are two or more ki counters on SELF"; kind "any": "as long as SELF
        # has a counter on it", "... three or more counters on it" (of every kind together, 121.1)
        so = g.objects.get(src) if src is not None else None
        if so is None or any(counters_of(so.counters, k) < n for k, n in cond["self_counters_ge"].items()):
            return False
    if "self_counters_le" in cond:  # 710.2a: "... but no more than N2 level counters on it"
        so = g.objects.get(src) if src is not None else None
        if so is None or any(so.counters.get(k, 0) > n for k, n in cond["self_counters_le"].items()):
            return False
    if "step" in cond and not (g.active == you and g.step == cond["step"]):
        return False  # 602.5b: "Activate only during your upkeep"
    if "any_step" in cond and g.step != cond["any_step"]:
        return False  # 602.5b: "... but only during any upkeep step" (whoever's turn it is)
    if cond.get("after_upkeep") and (g.step == "untap" or g.step == "upkeep" and steps_begun(g, "upkeep") <= 1):
        return False  # 503.3: "only ... after [a player's] upkeep step": once the turn's first upkeep has ended (an
        # additional upkeep step, 500.9, comes after it)
    if "before_attackers" in cond and (g.step not in _BEFORE_ATTACKERS or first_combat_over(g)):
        return False  # 506.6a, 506.6d: the first combat's declare attackers step has not yet begun
    if cond.get("attacked_you") and not any(g.objects[i].attacking == you for i in g.battlefield):
        return False  # "only if you've been attacked this step": a creature attacks that player (508.1)
    if "combat_timing" in cond and not _combat_time(g, cond["combat_timing"]):
        return False
    if "trigger_player_cast_kind" in cond:  # "if that player didn't cast a creature spell this turn" (Predatory
        # Advantage): the trigger's player's spells of that kind as they became cast this turn (601.2i, 500.1)
        info = (r.get("trigger") if "trigger" in r else this(g, r).trigger_info if "obj" in r else None) if r else None
        tp = (info or {}).get("player")
        did = isinstance(tp, str) and tp in g.players and any(
            cast_kind_matches(k, cond["trigger_player_cast_kind"]) for k in g.players[tp].cast_kinds_turn)
        if did != bool(cond.get("did", True)):
            return False
    if "trigger_player_hand_le" in cond or "trigger_player_hand_ge" in cond or "trigger_player_opponent" in cond:
        # "if that player has one or fewer cards in hand", "if the player is your opponent and has four or more
        # cards in hand": the trigger's player (603.4)
        info = (r.get("trigger") if "trigger" in r else this(g, r).trigger_info if "obj" in r else None) if r else None
        p = (info or {}).get("player")
        if not isinstance(p, str) or p not in g.players:
            return False
        n = len(g.players[p].hand)
        if n > cond.get("trigger_player_hand_le", n) or n < cond.get("trigger_player_hand_ge", n):
            return False
        opp = p in seats.opponents(g, you)
        if "trigger_player_opponent" in cond and opp != bool(cond["trigger_player_opponent"]):
            return False
    if "clash_won" in cond:  # "Whenever you clash, ... If you won, ..." (701.20c): the clash the trigger saw
        info = (r.get("trigger") if "trigger" in r else this(g, r).trigger_info if "obj" in r else None) if r else None
        if bool((info or {}).get("won")) != bool(cond["clash_won"]):
            return False
    if "to_graveyard_ge" in cond:  # "if you had three or more cards put into your graveyard from anywhere this turn"
        gy_turn, gy_went = g.players[you].to_graveyard_turn
        if (len(gy_went) if gy_turn == g.turn else 0) < cond["to_graveyard_ge"]:
            return False
    if "to_graveyards_ge" in cond:  # "if three or more creature cards were put into graveyards from anywhere this
        # turn": every player's (Player.to_graveyard_turn: the card types of each card)
        kind = cond.get("card_type")
        went_all = [types for p in g.players.values() if p.to_graveyard_turn[0] == g.turn
                    for _, types in p.to_graveyard_turn[1]]
        if sum(1 for types in went_all if kind is None or kind in types) < cond["to_graveyards_ge"]:
            return False
    if "team_did" in cond and not any(condition(g, cond["team_did"], src, {"controller": p})
                                      for p in {you, *g.team_of.get(you, ())}):
        return False  # "if your team gained life this turn": you or a teammate (102.3)
    if "player_did" in cond and not any(condition(g, cond["player_did"], src, {"controller": p})
                                        for p in seats.apnap(g)):
        return False  # "if a player has more life than each other player" (Ghazbán Ogre): any one player (102.1)
    if "trigger_player_did" in cond:  # "if that player controls a Plains" (Spiritual Sanctuary): the trigger's player
        info = (r.get("trigger") if "trigger" in r else this(g, r).trigger_info if "obj" in r else None) if r else None
        p = (info or {}).get("target") or (info or {}).get("player")
        if not isinstance(p, str) or p not in g.players or not condition(g, cond["trigger_player_did"], src,
                                                                          {"controller": p}):
            return False
    if "most" in cond and most_player(g, cond["most"], src) != you:
        return False  # "if you control more lands than each other player": strictly more (102.1)
    if "opponent_did" in cond and not any(condition(g, cond["opponent_did"], src, {"controller": p})
                                          for p in seats.opponents(g, you)):
        return False  # "if an opponent gained life this turn" (102.2: any one of them; the Traps of Zendikar)
    if "opponent_hand_le" in cond and not any(len(g.players[p].hand) <= cond["opponent_hand_le"]
                                               for p in seats.opponents(g, you)):
        return False  # "as long as an opponent has no cards in hand" (Guul Draz Specter): any one of them (102.2)
    if "ring_bearer_other" in cond:  # "if you chose a creature other than SELF as your Ring-bearer" (603.4): the
        # Ring-bearer chosen as the Ring tempted you (engine/ops/ring.py: the trigger's event)
        info = (r.get("trigger") if "trigger" in r else this(g, r).trigger_info if "obj" in r else None) if r else None
        chose = (info or {}).get("bearer")
        if (isinstance(chose, int) and chose != src) != bool(cond["ring_bearer_other"]):
            return False
    if "hand_le" in cond and not len(g.players[you].hand) <= cond["hand_le"]:
        return False
    if "hand_ge" in cond and not len(g.players[you].hand) >= cond["hand_ge"]:
        return False
    if "attacked_with_ge" in cond and len({i for ev in _turn_events(g) if ev.get("type") == "attack" and g.active == you
                                           for i in ev.get("ids", ())}) < cond["attacked_with_ge"]:
        return False  # "if you attacked with three or more creatures this turn": declared by you this turn (508.1)
    if "opponent_dealt_ge" in cond and not any(
            sum(int(ev.get("amount", 0)) for ev in _turn_events(g) if ev.get("type") == "damage"
                and ev.get("target") == p) >= cond["opponent_dealt_ge"] for p in seats.opponents(g, you)):
        return False  # "if an opponent was dealt 7 or more damage this turn" (120.3: that player's total this turn)
    if cond.get("hands_empty") and any(g.players[p].hand for p in seats.apnap(g)):
        return False  # "if each player has no cards in hand" (Howltooth Hollow): the players in the game (800.4a)
    if "hand_none" in cond and any(matches(g, c, {**cond["hand_none"], "zone": "hand"}, src, you)
                                   for c in g.players[you].hand):  # "if you have no land cards in hand" (Land Grant)
        return False
    o = g.objects.get(src) if src is not None else None
    # how the spell was cast, once it left the stack during its resolution: as it last existed (608.2g)
    cast_as = o if o is not None or r is None or "obj" not in r or this(g, r).ability is not None else this(g, r)
    if "kicked" in cond and bool(cast_as is not None and cast_as.kicked) != bool(cond["kicked"]):
        return False
    # "n" may be an amount too: "if that creature's power is greater than SELF's power" (107.1: two numbers compared)
    if "amount_lt" in cond and not amount(g, cond["amount_lt"]["amount"], src, r) < amount(g, cond["amount_lt"]["n"],
                                                                                         src, r):
        return False  # "as long as your devotion to white is less than five" (700.5)
    if "amount_ge" in cond and not amount(g, cond["amount_ge"]["amount"], src, r) >= amount(g, cond["amount_ge"]["n"],
                                                                                          src, r):
        return False  # "if your devotion to white and black is seven or greater"
    if "treasure_spent_ge" in cond:  # "if mana from a Treasure was spent to cast it / to activate this ability":
        # the spell (or the permanent it became) or the activated ability resolving (Player.treasure_mana)
        t_obj = this(g, r) if r is not None and "obj" in r else None
        t_holder = t_obj if t_obj is not None and t_obj.ability is not None and t_obj.ability.kind == "activated" \
            else cast_as
        if int(t_holder.chosen.get("treasure_spent", 0) if t_holder is not None else 0) < cond["treasure_spent_ge"]:
            return False
    if "mana_spent_ge" in cond and not _mana_spent_ge(cast_as, cond["mana_spent_ge"]):
        return False  # "if at least three green mana was spent to cast SELF" (601.2h: the mana that paid its cost)
    if "paired" in cond and (o is None or (paired_with(g, o.id) is not None) != bool(cond["paired"])):
        return False  # "as long as SELF is paired with another creature" (702.94b)
    if "soulbond" in cond and not _soulbond_open(g, o, cond["soulbond"], r, you):
        return False  # 702.94a: "if you control both ... and both are unpaired"
    if "most_common_color" in cond and cond["most_common_color"] not in most_common_colors(g):
        return False  # "as long as white is the most common color among all permanents or is tied for most common"
    if "tribute_paid" in cond and bool(o is not None and o.chosen.get("tribute_paid")) != bool(cond["tribute_paid"]):
        return False  # 702.103b: the chosen opponent had it enter with the counters (engine/entering.py)
    if "cast_with" in cond and (cast_as is None or cond["cast_with"] not in cast_as.chosen.get("cast_with", ())):
        return False  # "if its evoke cost was paid" (702.73a), "as long as its dash cost was paid" (702.108a)
    if "gained_life_this_turn" in cond and g.players[you].life_gained_turn < max(1, int(cond["gained_life_this_turn"])):
        return False
    if "plus_counters_put_ge" in cond and plus_counters_put(g, you, False) < int(cond["plus_counters_put_ge"]):
        return False  # "as long as you've put one or more +1/+1 counters on a creature this turn" (121.6)
    if "plus_put_on_self" in cond and not (o is not None and you in _plus_put_by(g, o)):
        return False  # "as long as you've put one or more +1/+1 counters on SELF this turn" (121.6)
    if "unless_paid" in cond and bool((r or {}).get("unless_paid")) != bool(cond["unless_paid"]):
        return False  # "Counter target spell unless its controller pays {2}. If they do, ..." (608.2c)
    if "you_lost_life_this_turn" in cond and (you not in g.players
                                              or g.players[you].life_lost_turn < cond["you_lost_life_this_turn"]):
        return False  # "if you lost life this turn" (119.3)
    if "player_lost_life_this_turn" in cond:  # "if a player lost N or more life this turn"
        if not any(p.life_lost_turn >= cond["player_lost_life_this_turn"] for p in g.players.values()):
            return False
    if "opponent_lost_life_this_turn" in cond:
        lost = any(g.players[p].life_lost_turn > 0 for p in g.opponents(you))
        if lost != bool(cond["opponent_lost_life_this_turn"]):
            return False
    if "spells_cast_this_turn" in cond and g.players[you].spells_cast_turn != cond["spells_cast_this_turn"]:
        return False  # "if you didn't cast a spell this turn": exactly that many
    if "opponent_less_life" in cond:  # "if you have more life than an opponent": some opponent has less (119.1)
        less = any(g.players[p].life < g.players[you].life for p in g.opponents(you))
        if less != bool(cond["opponent_less_life"]):
            return False
    if "opponent_more_life" in cond:  # "if an opponent has more life than you"
        more = any(g.players[p].life > g.players[you].life for p in g.opponents(you))
        if more != bool(cond["opponent_more_life"]):
            return False
    if "revealed_as_cast" in cond:  # "if you revealed a Dragon card or controlled a Dragon as you cast SELF"
        did = cast_as is not None and bool(cast_as.chosen.get("revealed_as_cast")
                                           or cast_as.chosen.get("controlled_as_cast"))
        if did != bool(cond["revealed_as_cast"]):
            return False
    if "beheld" in cond:  # "if a Dragon was beheld" (behold, a later keyword action): as the spell was cast (601.2h)
        did = cast_as is not None and bool(cast_as.chosen.get("beheld"))
        if did != bool(cond["beheld"]):
            return False
    if "evidence_collected" in cond:  # "if evidence was collected" (collect evidence, a later keyword action, MKM):
        did = cast_as is not None and bool(cast_as.chosen.get("evidence_collected"))  # as it was cast (601.2h)
        if did != bool(cond["evidence_collected"]):
            return False
    if "lost_life_last_turn" in cond:  # "if you / an opponent lost life last turn" (119.3, the turn before this one)
        losers = [you] if cond["lost_life_last_turn"] == "you" else g.opponents(you)
        if not any(g.players[p].life_lost_last_turn > 0 for p in losers):
            return False
    if "spells_cast_last_turn" in cond:  # "if no spells were cast last turn": by all players together
        if sum(p.spells_cast_last_turn for p in g.players.values()) != cond["spells_cast_last_turn"]:
            return False
    if "player_spells_last_turn_ge" in cond:  # "if a player cast two or more spells last turn": one player alone
        if not any(p.spells_cast_last_turn >= cond["player_spells_last_turn_ge"] for p in g.players.values()):
            return False
    if "self" in cond:  # "as long as it's attacking", "only if SELF is attacking"
        if o is None or not matches(g, o.id, cond["self"], src, you):
            return False
    if "attacking_alone" in cond:  # "as long as it's attacking alone" (506.5: the only attacking creature)
        alone = o is not None and o.zone == "battlefield" and o.attacking is not None and not any(
            i != o.id and g.objects[i].attacking is not None for i in g.battlefield)
        if alone != bool(cond["attacking_alone"]):
            return False
    if "defending_control" in cond:  # "as long as defending player controls an artifact" (506.2: the player
        # SELF attacks, or the controller of the planeswalker it attacks); not attacking, there is none
        a = o.attacking if o is not None and o.zone == "battlefield" else None
        who = a if isinstance(a, str) else g.controller_of(a) if isinstance(a, int) and a in g.objects else None
        f = cond["defending_control"]
        if who is None:
            return False
        n = sum(1 for i in g.battlefield if g.controller_of(i) == who and matches(g, i, f, src, who))
        if n < int(cond.get("min", 1)) or n > int(cond.get("max", n)):  # "controls no Walls": max 0
            return False
    if "defending_poisoned" in cond:  # "if defending player is poisoned": one or more poison counters (Septic Rats)
        a = o.attacking if o is not None and o.zone == "battlefield" else None
        who = a if isinstance(a, str) else g.controller_of(a) if isinstance(a, int) and a in g.objects else None
        if (who in g.players and g.players[who].poison > 0) != bool(cond["defending_poisoned"]):
            return False
    if "defending_hand_le" in cond or "defending_hand_ge" in cond:  # "if defending player has two or fewer
        # cards in hand" (506.2: the player SELF attacks, or the controller of the planeswalker it attacks; 402.1)
        a = o.attacking if o is not None and o.zone == "battlefield" else None
        who = a if isinstance(a, str) else g.controller_of(a) if isinstance(a, int) and a in g.objects else None
        if who not in g.players:
            return False
        held = len(g.players[who].hand)
        if held > cond.get("defending_hand_le", held) or held < cond.get("defending_hand_ge", held):
            return False
    if "self_attacked_or_blocked_this_turn" in cond:
        did = o is not None and o.chosen.get("combat_turn") == g.turn
        if did != bool(cond["self_attacked_or_blocked_this_turn"]):
            return False
    if "self_attacked_or_blocked_this_combat" in cond:  # "if SELF attacked or blocked this combat" (Clockwork Beast):
        did = o is not None and o.chosen.get("combat_turn") == g.turn \
            and o.chosen.get("combat_no") == g.combat_no  # in this combat phase (506.1)
        if did != bool(cond["self_attacked_or_blocked_this_combat"]):
            return False
    if "self_attacked_this_turn" in cond:  # boast (a later keyword): "if this creature attacked this turn"
        did = o is not None and o.chosen.get("attacked_turn") == g.turn
        if did != bool(cond["self_attacked_this_turn"]):
            return False
    if "once_ever" in cond:  # exhaust (a later keyword): "activate each exhaust ability only once"
        ab = r.get("ability") if r else None
        if o is None or ab is None or o.chosen.get("activated_ever:" + ab.text):
            return False
    if "self_dealt_ge" in cond:  # "if 4 or more damage was dealt to it this turn" (engine/actions.py: all of it)
        if _dealt_to_self(g, o, r) < cond["self_dealt_ge"]:
            return False
    if "self_damage_turn_ge" in cond:  # "if SELF has dealt 3 or more damage this turn" (engine/actions.py)
        turn, dealt = (o.chosen.get("damage_turn") if o is not None else None) or (None, 0)
        if turn != g.turn or dealt < cond["self_damage_turn_ge"]:
            return False
    if "self_damaged_opponent_turn" in cond:  # "if SELF dealt damage to an opponent this turn": this object, as a
        # source of damage dealt to a player who is now an opponent of its controller (the players' sources this turn)
        ps = g.players
        hit = o is not None and any(ps[p].damaged_turn == g.turn and o.id in ps[p].damaged_by_turn
                                    for p in g.opponents(g.controller_of(o.id) or you))
        if hit != bool(cond["self_damaged_opponent_turn"]):
            return False
    if "self_dealt_damage" in cond:  # "if it hasn't dealt damage yet": since it became this object
        if (o is not None and bool(o.chosen.get("dealt_damage"))) != bool(cond["self_dealt_damage"]):
            return False
    if "had_counter" in cond:  # "if it had a +1/+1 counter on it" (608.2h, 603.10: as it last existed)
        kind = cond["had_counter"]
        had = False
        if r is not None and "obj" in r:
            s_ = this(g, r)
            info = s_.trigger_info or {}
            if info.get("event") in ("dies", "ltb") and info.get("counters") is not None:  # the trigger's creature
                had = _had(info["counters"], kind)
            else:  # a target: now, or as it last existed if it left during the resolution
                for x in refs(g, r, "it"):
                    if isinstance(x, int):
                        now = x in g.objects and g.objects[x].zone == "battlefield"
                        cs = g.objects[x].counters if now else r.get("lki_counters", {}).get(x, {})
                        had = had or _had(cs, kind)
        else:  # an intervening "if" as the ability triggers (603.4): the event's creature as it left (603.10)
            had = _had(((r or {}).get("trigger") or {}).get("counters") or {}, kind)
        if not had:
            return False
    if "cost_was" in cond:  # "if the sacrificed creature was a Human", "if the discarded card was a Zombie card":
        # the object the cost of the resolving spell or ability took, as it last existed (608.2h, 601.2h)
        cw = cond["cost_was"]  # {"sacrificed": FILTER} or {"discarded": FILTER}
        s = this(g, r) if r is not None and "obj" in r else None
        if "sacrificed" in cw:  # what its cost sacrificed, or an instruction of this resolution did ("Sacrifice a
            # creature. When you do, ... If the sacrificed creature was a Hamster, ...": 608.2c)
            recs = [*((s.chosen.get("sacrificed") or []) if s else []),
                    *(x for x in (r or {}).get("gone_this_way", ()) if x.get("action") == "sacrificed")]
            ok = any(_record_is(rec, cw["sacrificed"]) for rec in recs)
        else:
            f = {**cw["discarded"], "zone": "any_card"}
            gone = refs(g, r, "discarded") if s is not None and r is not None else []
            ok = any(isinstance(c, int) and matches(g, c, f, src, you) for c in gone)
        if not ok:
            return False
    if "it" in cond:  # "if it's an artifact", "if that creature was an Elemental" (wherever it is now)
        f = cond["it"] if "zone" in cond["it"] else dict(cond["it"], zone="any_card")
        if r is not None and "obj" in r:
            its = refs(g, r, "it")
            if r.get("followed"):  # "Exile target card from a graveyard. If it was a creature card, ..." (Cling to
                # Dust, Scavenging Ooze): the card this effect moved, found where it went (400.7)
                its = [r["followed"].get(x, x) if isinstance(x, int) and x not in g.objects else x for x in its]
        else:  # checked again as the trigger resolves (603.4): the object that left is then its new
            info = (r or {}).get("trigger") or {}  # object ("if it was a Human", 603.6d)
            x = info.get("obj") if info.get("obj") in g.objects else info.get("new", info.get("obj"))
            its = [x] if x is not None else []
        if r is not None and "dealt" in r:  # after a damage effect: "is dealt damage this way"
            its = [x for x in its if x in r["dealt"]]
        if not any(isinstance(x, int) and matches(g, x, f, src, you) for x in its):
            return False
    if "it_controller" in cond:  # "if you controlled that artifact": the controller of the object "it" names, now
        # on the battlefield, or as the resolution began (608.2h: lki_ctl); nothing outside a resolution
        if r is None or "obj" not in r:
            return False
        ctls = [g.controller_of(x) if x in g.objects and g.objects[x].zone == "battlefield" else r.get("lki_ctl", {})
                .get(x) for x in refs(g, r, "it") if isinstance(x, int)]
        if you not in ctls:
            return False
    if "taken_is" in cond:  # "If it's legendary, ..." of the card a look put into the hand (608.2c)
        f = dict(cond["taken_is"], zone="any_card")
        if not any(matches(g, x, f, src, you) for x in refs(g, r or {}, "taken") if isinstance(x, int)):
            return False
    if "top_card_is" in cond:  # "as long as the top card of your library is black" (Vampire Nocturnus, which plays with
        # it revealed): its controller's top card now; none when the library is empty
        lib = g.players[you].library if you in g.players else []
        f = {**cond["top_card_is"], "zone": "library"}
        if "shares_type_with" in f:  # kinship: "if it shares a creature type with SELF" (205.3m), SELF's types now
            f = _shared_types(g, f, refs(g, r, f.pop("shares_type_with")) if r is not None and "obj" in r
                              else static_refs(g, src, f.pop("shares_type_with")))
        if not lib or not matches(g, lib[0], f, src, you):
            return False
    if "revealed_is" in cond:  # "Reveal the top card of your library. If it's a creature card, ..." (608.2c)
        shown = (r or {}).get("revealed_top") or ()
        f = dict(cond["revealed_is"], zone="any_card")
        # ("the chosen name": chosen by the resolving spell or ability, which holds it: 201.3)
        sid = this(g, r).id if f.get("chosen_name") and r is not None and "obj" in r else src
        if not any(x in g.objects and matches(g, x, f, sid, you) for x in shown):
            return False
    if "revealed" in cond:  # "if that card has the chosen name": the card the instruction before revealed
        sid = this(g, r).id if r is not None and "obj" in r else src  # (its chosen name is the resolving one's)
        f = {**cond["revealed"], "zone": "any_card"}
        if not any(x in g.objects and matches(g, x, f, sid, you) for x in (r or {}).get("revealed", ())):
            return False
    if "targets_legal" in cond:  # "If both targets are still legal as this ability resolves" (Goblin Welder): each
        # of the first n target slots still has its target (608.2b: the ones illegal now are not counted)
        legal = (r or {}).get("legal") or []
        if len(legal) < int(cond["targets_legal"]) or not all(legal[i] for i in range(int(cond["targets_legal"]))):
            return False
    if "first_target" in cond:  # "If that's another creature" (backup): the first target, still legal (608.2b)
        ts = refs(g, r, {"target": 0}) if r is not None and "legal" in r else []
        if not any(isinstance(x, int) and matches(g, x, cond["first_target"], src, you) for x in ts):
            return False
    if "x_ge" in cond:  # "if X is 10 or more"
        s = this(g, r) if r is not None and "obj" in r else None
        if s is None and src is not None and src in g.objects and g.objects[src].zone in ("stack", "battlefield"):
            # a spell's own static ("If X is 5 or more, this spell can't be countered"); a permanent's enters
            # trigger as it triggers (ravenous: the X it was cast with, kept by the permanent)
            s = g.objects[src]
        if s is None or s.x < cond["x_ge"]:
            return False
    if "life_ge_start_plus" in cond and g.players[you].life < starting_life(g) + cond["life_ge_start_plus"]:
        return False  # "at least 15 life more than your starting life total" (103.3: 20)
    if "life_lt_start" in cond and g.players[you].life >= starting_life(g):
        return False  # "if your life total is less than your starting life total" (Resolute Archangel)
    if "graveyard_ge" in cond:  # "three or more land cards in your graveyard"
        f = dict(cond.get("filter") or {}, zone="graveyard")
        found = sum(1 for c in g.players[you].graveyard if matches(g, c, f, src, you))
        if found < cond["graveyard_ge"]:
            return False
    if "above_self" in cond and not _above_self(g, cond["above_self"], src, you):
        return False
    if "times_each_turn" in cond:  # 602.5b: "Activate no more than twice each turn" (engine/casting.py counts)
        ab = r.get("ability") if r else None
        turn, n = o.chosen.get("activations:" + ab.text, (None, 0)) if o is not None and ab is not None else (None, 0)
        if o is None or ab is None or turn == g.turn and n >= int(cond["times_each_turn"]):
            return False
    if "resolved_nth" in cond:  # "if this is the second time this ability has resolved this turn" (a later wording):
        ab = this(g, r).ability if r is not None and "obj" in r else None  # this resolution counted (resolve_top)
        turn, n = o.chosen.get("resolved:" + ab.text, (None, 0)) if o is not None and ab is not None else (None, 0)
        if turn != g.turn or n != int(cond["resolved_nth"]):
            return False
    if "once_each_turn" in cond:  # 602.5b: "Activate only once each turn"
        ab = r.get("ability") if r else None
        if o is None or ab is None or o.chosen.get("activated:" + ab.text) == g.turn:
            return False
    if "cast_from_hand" in cond:  # "If this spell was cast from your hand" (608.2c)
        s = this(g, r) if r is not None and "obj" in r else None
        if s is not None and s.ability is None:
            from_hand = s.chosen.get("cast_from") == "hand"
        else:  # 603.4: "When SELF enters, if you cast it from your hand": the permanent keeps where the spell
            o = g.objects.get(src) if src is not None else None  # it resolved from was cast (cast_options.carried)
            from_hand = o is not None and o.chosen.get("cast_zone") == "hand"
        if from_hand != bool(cond["cast_from_hand"]):
            return False
    if "cast_from_zone" in cond:  # "If this spell was cast from a graveyard" (601.2a: the zone it was cast from,
        # kept on the spell; 608.2g: as it last existed once it left the stack during its resolution)
        s = this(g, r) if r is not None and "obj" in r else None
        frm = s.chosen.get("cast_from") if s is not None and s.ability is None else None
        if frm != cond["cast_from_zone"]:
            return False
    if "cast_in_main" in cond:  # "If you cast SELF during your main phase" (505.1, 608.2c)
        s = this(g, r) if r is not None and "obj" in r else None
        if s is None or s.ability is not None:  # 603.4: "When this Aura enters, if you cast it during your main
            s = g.objects.get(src) if src is not None else None  # phase": its permanent keeps it (carried)
        if (s is not None and s.ability is None and bool(s.chosen.get("cast_in_main"))) != bool(cond["cast_in_main"]):
            return False
    if "class_level" in cond or "class_level_ge" in cond:  # a Class's level (a later rule, Adventures in the
        so = g.objects.get(src) if src is not None else None  # Forgotten Realms): 1 until a level ability resolves
        level = int(so.chosen.get("class_level", 1)) if so is not None else 0
        if so is None or level < int(cond.get("class_level_ge", 0)) or level != cond.get("class_level", level):
            return False
    if "solved" in cond:  # a Case is solved (a later rule, Murders at Karlov Manor, 2024: rule 719 and the "solved"
        # designation, kept until it leaves the battlefield, 400.7): its source's
        so = g.objects.get(src) if src is not None else None
        if so is None or bool(so.chosen.get("solved")) != bool(cond["solved"]):
            return False
    if "self_started_untapped" in cond:  # "if SELF started the turn untapped": on the battlefield and untapped as
        # the turn began (the same object since, 400.7)
        if (src in g.untapped_at_start) != bool(cond["self_started_untapped"]):
            return False
    if "self_suspended" in cond:  # "if SELF is suspended" (702.61b): in exile, with suspend and a time counter
        so = g.objects.get(src) if src is not None else None
        if (so is not None and so.zone == "exile" and "Suspend" in so.card.keywords
                and so.counters.get("time", 0) > 0) != bool(cond["self_suspended"]):
            return False
    if "chosen_word" in cond:  # "As SELF enters, choose Khans or Dragons. • Khans — ...": the word its source chose
        so = g.objects.get(src) if src is not None else None  # as it entered (614.12; engine/choices.py)
        if so is None or so.chosen.get("word") != cond["chosen_word"]:
            return False
    if "monstrous" in cond:  # "as long as SELF is monstrous" (701.28b)
        if o is None or bool(o.chosen.get("monstrous")) != bool(cond["monstrous"]):
            return False
    if "renowned" in cond:  # "if it isn't renowned" (702.111a)
        if o is None or bool(o.chosen.get("renowned")) != bool(cond["renowned"]):
            return False
    if "opponent_dealt_damage_this_turn" in cond:  # bloodthirst (702.53a)
        hit = any(g.players[p].damaged_turn == g.turn for p in g.opponents(you))
        if hit != bool(cond["opponent_dealt_damage_this_turn"]):
            return False
    if "new_since_upkeep" in cond:  # "if this came under your control since the beginning of your last upkeep"
        if o is None or (o.chosen.get("new_since_upkeep") == g.turn) != bool(cond["new_since_upkeep"]):
            return False
    if "had_no_counters" in cond:  # "if it had no -1/-1 counters on it": as it left the battlefield (603.10)
        info = ((r or {}).get("trigger") or {})
        if "counters" not in info or info["counters"].get(cond["had_no_counters"], 0) > 0:
            return False
    if "evolve" in cond and not _evolves(g, o, r):
        return False
    if "history" in cond and not _history(g, cond["history"], you, o):
        return False
    if "dungeon_completed" in cond or "not_dungeon_completed" in cond:  # a later rule (engine/dungeon.py): any
        want = cond.get("dungeon_completed", cond.get("not_dungeon_completed"))  # dungeon, or the one named
        done = g.players[you].dungeons_completed
        if (bool(done) if want is True else want in done) != ("dungeon_completed" in cond):
            return False
    if "activated_ge" in cond and activations(g, r) < int(cond["activated_ge"]):
        return False  # "if this ability has been activated four or more times this turn" (Dragon Whelp)
    if "day_night" in cond and (g.day_night or "neither") != cond["day_night"]:
        return False  # "if it's night" (day and night, a later rule, Innistrad: Midnight Hunt: engine/transform.py)
    if "extra_turn" in cond and (g.regular is not None) != bool(cond["extra_turn"]):
        return False  # 500.7: an extra turn is being taken (Game.regular: whose regular turn it follows)
    if "city_blessing" in cond and g.players[you].city_blessing != bool(cond["city_blessing"]):
        return False  # "if you have the city's blessing" (ascend, a later keyword)
    if "void" in cond and any(p.nonland_left_turn == g.turn or p.warped_turn == g.turn
                              for p in g.players.values()) != bool(cond["void"]):
        return False  # void (a later term, Edge of Eternities): a nonland permanent left or a spell was warped
    if "descended" in cond and (descended(g, you) > 0) != bool(cond["descended"]):
        return False  # "if you descended this turn" (a later rule, The Lost Caverns of Ixalan)
    if "greatest_stat" in cond:  # "if you control the creature with the greatest power or tied for the greatest
        # power" (Triumph of Ferocity): the most of any creature on the battlefield, and one of yours has it (208.1)
        attr = str(cond["greatest_stat"])
        stats = [(g.chars(i).controller, getattr(g.chars(i), attr)) for i in g.battlefield
                 if "Creature" in g.chars(i).types]
        top = max((v for _, v in stats), default=None)
        if top is None or not any(c == you and v == top for c, v in stats):
            return False
    if "max_speed" in cond and (g.players[you].speed >= 4) != bool(cond["max_speed"]):
        return False  # "Max speed — ...", "unless you have max speed" (speed 4: a later rule, Aetherdrift)
    if "designation" in cond:  # "if you're the monarch", "if you have the initiative" (later designations)
        want, holder = cond["designation"], designation_holder(g, DESIGNATIONS[str(cond["designation"]).lstrip("!")])
        if (holder == you) != (not str(want).startswith("!")):
            return False
    if "self_zone" in cond:  # "if SELF is in the command zone or on the battlefield" (eminence; 603.4)
        so = g.objects.get(src) if src is not None else None
        if so is not None and so.ability is not None:  # an ability's SELF is its source (112.7)
            so = g.objects.get(so.source) if so.source is not None else None
        if so is None or so.zone not in cond["self_zone"]:
            return False
    for kind, who in (cond.get("designation_by") or {}).items():  # "if an opponent is the monarch", "if there is
        holder = designation_holder(g, DESIGNATIONS[kind])  # no monarch" (later designations)
        if who == "nobody" and holder is not None or who == "opponent" and holder not in seats.opponents(g, you):
            return False
    if "graveyard_types_ge" in cond:  # delirium: card types among cards in your graveyard (205.2a)
        kinds = {t for c in g.players[you].graveyard for t in g.objects[c].card.types}
        if len(kinds) < cond["graveyard_types_ge"]:
            return False
    if "graveyard_mvs_ge" in cond:  # "five or more mana values among cards in your graveyard" (202.3; a later term)
        mvs = {mana_value(g.objects[c].card.mana_cost) for c in g.players[you].graveyard}
        if len(mvs) < cond["graveyard_mvs_ge"]:
            return False
    if "colors_among_ge" in cond:  # "if there are five colors among permanents you control" (105.2)
        have = {k for i in g.battlefield if g.controller_of(i) == you for k in g.chars(i).colors}
        if len(have) < cond["colors_among_ge"]:
            return False
    if "types_among_ge" in cond:  # "six or more card types among permanents you control and/or cards in your
        # graveyard" (205.2a: the card types each has, counted once among all of them)
        kinds = {t for i in g.battlefield if g.controller_of(i) == you for t in g.chars(i).types} \
            | {t for c in g.players[you].graveyard for t in g.objects[c].card.types}
        if len(kinds) < cond["types_among_ge"]:
            return False
    if "hand_mv_distinct_ge" in cond:  # "if cards with at least six different mana values are revealed this way"
        # (Atemsis: the whole hand, just revealed): the mana values among the cards in your hand (202.3)
        mvs = {mana_value(g.objects[c].card.mana_cost, 0) for c in g.players[you].hand}
        if len(mvs) < cond["hand_mv_distinct_ge"]:
            return False
    if "different_powers_ge" in cond:  # "three or more creatures with different powers"
        powers = {g.chars(i).power for i in g.battlefield
                  if g.controller_of(i) == you and "Creature" in g.chars(i).types}
        if len(powers) < cond["different_powers_ge"]:
            return False
    if "total_power_ge" in cond:  # "creatures you control have total power 8 or greater"
        total = sum(g.chars(i).power for i in g.battlefield
                    if g.controller_of(i) == you and "Creature" in g.chars(i).types)
        if total < cond["total_power_ge"]:
            return False
    if "opponent_more" in cond:  # "an opponent controls more lands than you", "... at least four more creatures than
        # you" (more_by), "an opponent controls seven or more lands" (at_least: that one opponent's count alone)
        f = cond["opponent_more"]
        mine = sum(1 for i in g.battlefield if g.controller_of(i) == you and matches(g, i, f, src, you))
        least = int(cond["at_least"]) if "at_least" in cond else mine + int(cond.get("more_by", 1))
        if not any(sum(1 for i in g.battlefield if g.controller_of(i) == p and matches(g, i, f, src, p)) >= least
                   for p in g.opponents(you)):
            return False
    if "more_than_active" in cond:  # "you control more creatures than attacking player" (the active player, 506.2)
        f = cond["more_than_active"]
        mine = sum(1 for i in g.battlefield if g.controller_of(i) == you and matches(g, i, f, src, you))
        if g.active == you or mine <= sum(1 for i in g.battlefield if g.controller_of(i) == g.active
                                          and matches(g, i, f, src, g.active)):
            return False
    if "more_than_target_controller" in cond:  # "Counter target spell if you control more creatures than that
        # spell's controller" (Unified Will): the controller of the first target, still legal (608.2b), as it resolves
        f = cond["more_than_target_controller"]
        ts = [x for x in refs(g, r, {"target": 0}) if isinstance(x, int)] if r is not None and "legal" in r else []
        them = g.controller_of(ts[0]) if ts else None
        if them is None or them == you:
            return False
        mine = sum(1 for i in g.battlefield if g.controller_of(i) == you and matches(g, i, f, src, you))
        if mine <= sum(1 for i in g.battlefield if g.controller_of(i) == them and matches(g, i, f, src, them)):
            return False
    if "drawn_ge" in cond and g.players[you].drawn_turn < cond["drawn_ge"]:
        return False  # "as long as you've drawn two or more cards this turn"
    if "self_attached" in cond and (o is None or (o.attached_to is not None) != bool(cond["self_attached"])):
        return False  # reconfigure: "while attached" / "only if this permanent is attached"
    if "attached" in cond:  # "as long as equipped creature is a Human" / "enchanted permanent is a creature"
        t = o.attached_to if o is not None else None
        if t is None or t not in g.objects or not matches(g, t, cond["attached"], src, you):
            return False
    if "attached_controller_graveyard_ge" in cond:  # "as long as its controller has seven or more cards in their
        # graveyard" (So Tiny): the controller of the permanent this one is attached to
        t = o.attached_to if o is not None else None
        holder = g.controller_of(t) if t is not None and t in g.objects else None
        if holder is None or len(g.players[holder].graveyard) < cond["attached_controller_graveyard_ge"]:
            return False
    if "opponent_graveyard_ge" in cond:
        if not any(len(g.players[p].graveyard) >= cond["opponent_graveyard_ge"] for p in g.opponents(you)):
            return False
    if "any_graveyard_ge" in cond and not any(len(g.players[p].graveyard) >= cond["any_graveyard_ge"]
                                              for p in g.order):
        return False  # "if a graveyard has twenty or more cards in it" (404.1: each player's graveyard)
    if "opponent_life_le" in cond and not any(g.players[p].life <= cond["opponent_life_le"] for p in g.opponents(you)):
        return False
    if "any_library_le" in cond and not any(len(g.players[p].library) <= cond["any_library_le"]
                                             for p in g.order if p not in g.gone):
        return False  # "as long as a library has twenty or fewer cards in it" (404.1: any player's)
    if "opponent_poison_ge" in cond:  # "an opponent has three or more poison counters" (121.1c)
        if not any(g.players[p].poison >= cond["opponent_poison_ge"] for p in g.opponents(you)):
            return False
    if "sacrificed_this_way" in cond:  # "If a Saproling was sacrificed this way": the permanent sacrificed to pay
        # the cost, as it last existed (608.2h; engine/costs.py)
        f = cond["sacrificed_this_way"]
        recs = this(g, r).chosen.get("sacrificed") or [] if r is not None and "obj" in r else []
        if not any((not f.get("types") or set(f["types"]) & set(rec["types"]))
                   and (not f.get("subtypes") or set(f["subtypes"]) & set(rec.get("subtypes", ()))) for rec in recs):
            return False
    if "exiled_this_way" in cond:  # "If a creature card was exiled this way", "If a Pirate was exiled this way":
        # what the instruction exiled, as it last existed before it was exiled (608.2h; engine/ops/zones.py)
        recs = (r or {}).get("exiled_this_way", ())
        if not any(gone_matches(rec, "exiled", cond["exiled_this_way"]) for rec in recs):
            return False
    if "picked" in cond and (r is None or not chosen_refs(g, r, cond["picked"])):
        return False  # "You may choose a nonland card from it. If you do, ..." (608.2c): the chooser picked one
    if "exiled_is" in cond:  # "Exile the top card of your library. If it's a permanent card" (608.2c): the card the
        # instruction before exiled, still in exile (400.7)
        f = {**cond["exiled_is"], "zone": "exile"}
        if not any(x in g.objects and matches(g, x, f, src, you) for x in (r or {}).get("exiled", ())):
            return False
    if "this_way_share" in cond and not _this_way_share(g, cond["this_way_share"], r):
        return False
    if "milled_this_way" in cond:  # "If at least one Zombie card is milled this way"
        # ("with the chosen name": chosen by the resolving spell or ability, which holds it: 201.3)
        sid = this(g, r).id if cond["milled_this_way"].get("chosen_name") and r is not None and "obj" in r else src
        if not any(x in g.objects and matches(g, x, {**cond["milled_this_way"], "zone": "any_card"}, sid, you)
                   for x in (r or {}).get("milled", ())):
            return False
    return True



def _evolves(g: "Game", o: Any, r: Ctx | None) -> bool:
    """702.99a, 702.99c: the creature that entered (as it last existed, 608.2h) has a greater power
    and/or toughness than the evolving creature; neither is compared when either is not a creature."""
    info = ((r or {}).get("trigger") or {})
    x = info.get("obj")
    if o is None or o.zone != "battlefield" or not g.chars(o.id).is_creature():
        return False
    if isinstance(x, int) and x in g.objects and g.objects[x].zone == "battlefield":
        c = g.chars(x)
        p, t, creature = c.power, c.toughness, c.is_creature()
    elif info.get("pt"):
        p, t, creature = info["pt"]
    else:
        return False
    me = g.chars(o.id)
    return bool(creature) and (p > me.power or t > me.toughness)


def _self_entered(g: "Game", src: int | None, you: str, cond: dict[str, Any]) -> int:
    """"If another creature entered the battlefield under your control this turn": 1 when the source itself is one of
    those counted (it entered this turn under that player's control, of that kind), so it is left out; else 0."""
    o = g.objects.get(src) if src is not None and cond.get("entered_other") else None
    if o is None or o.zone != "battlefield" or o.entered_turn != g.turn or o.controller != you:
        return 0
    c = g.chars(o.id)
    kind = (frozenset(c.types), frozenset(c.supertypes), frozenset(c.subtypes), frozenset(c.colors))
    return 1 if cast_kind_matches(kind, cond["entered_kind_this_turn"]) else 0


#: the per-turn facts ``{"history": ...}`` names (kept on Player as the last turn each happened)
HISTORY = frozenset({"creature_died", "you_attacked", "your_permanent_left", "your_land_entered", "self_was_cast",
                     "you_surveilled", "you_committed_crime", "you_cast_from_hand", "you_searched"})


def _history(g: "Game", what: str, you: str, o: Any) -> bool:
    """A fact about this turn: "if a creature died this turn" (700.4), "if you attacked this
    turn" (508.1j), "if a permanent left the battlefield under your control this turn", "if you
    had a land enter the battlefield under your control this turn" (landfall's other form, 207.2c), or
    whether the source permanent was cast ("if you cast it": it was a spell, 601.2, that
    resolved into it, 608.3)."""
    if what == "creature_died":
        return any(p.died_turn == g.turn for p in g.players.values())
    if what == "you_attacked":
        return g.players[you].attacked_turn == g.turn
    if what == "your_permanent_left":
        return g.players[you].left_turn == g.turn
    if what == "your_land_entered":  # "if you had a land enter the battlefield under your control this turn"
        return g.players[you].land_entered_turn == g.turn
    if what == "you_surveilled":  # "as long as you've surveilled this turn" (engine/ops/zones.py)
        return g.players[you].surveilled_turn == g.turn
    if what == "you_committed_crime":  # "if you've committed a crime this turn" (a later rule, Outlaws of Thunder
        return g.players[you].crime_turn == g.turn  # Junction: engine/triggers.py became_targets)
    if what == "you_searched":  # "if an opponent searched their library this turn" (701.15a: their own library)
        return g.players[you].searched_turn == g.turn
    if what == "self_was_cast":
        return o is not None and bool(o.chosen.get("cast_zone"))
    if what == "you_cast_from_hand":  # "if you haven't cast a spell from your hand this turn" (601.2a, 601.2i)
        return g.players[you].hand_cast_turn == g.turn
    raise Unsupported(f"unsupported history {what!r}")


def _turn_events(g: "Game") -> list[dict[str, Any]]:
    """The events of the current turn (500.1), from the game's log: after its last "turn" event."""
    out: list[dict[str, Any]] = []
    for ev in reversed(g.events):
        if ev.get("type") == "turn":
            break
        out.append(ev)
    return out


def _own_cast(g: "Game", src: int | None, you: str, index: int) -> bool:
    """Whether the ``index``-th spell ``you`` cast this turn (601.2i) is ``src`` itself, the spell or the permanent it
    became ("Draw a card if you've cast another blue spell this turn": not the one that says so). A spell still being
    cast has no record yet (601.2f: its costs are determined before it becomes cast)."""
    o = g.objects.get(src) if src is not None else None
    rec = o.chosen.get("cast_record") if o is not None else None
    return isinstance(rec, list) and rec == [g.turn, you, index]


def _mana_spent_ge(o: "Obj | None", need: dict[str, int]) -> bool:
    """The mana spent to cast ``o`` (601.2h; kept by the permanent it became): at least ``need[kind]``
    of each kind (W U B R G C), or with ``"same_color"``, that much of one color. A spell that was not
    cast (a copy, a card put onto the battlefield) had no mana spent on it."""
    spent = o.chosen.get("mana_spent", {}) if o is not None else {}
    for kind, n in need.items():
        if kind == "same_color":
            if not any(spent.get(c, 0) >= n for c in "WUBRG"):
                return False
        elif spent.get(kind, 0) < n:
            return False
    return True


#: The filter keys ``cast_kind_matches`` reads (a spell remembered by its characteristics as it was cast).
CAST_KIND_KEYS = frozenset({"types", "not_types", "supertypes", "subtypes", "not_subtypes", "colors", "or"})


def cast_kind_matches(kind: tuple[frozenset[str], ...], f: dict[str, Any]) -> bool:
    """Does a spell cast this turn, as ``Player.cast_kinds_turn`` keeps it (card types, supertypes, subtypes,
    colors as it became cast, 601.2i), match a spell filter ("noncreature spell", "historic spell")? ``types``
    is any of them (205.2a), each other key all of its conditions."""
    types, supers, subs, colors = kind
    if "types" in f and not types & set(f["types"]):
        return False
    if "not_types" in f and types & set(f["not_types"]):
        return False
    if "supertypes" in f and not supers & set(f["supertypes"]):
        return False
    if "subtypes" in f and not subs & set(f["subtypes"]):
        return False
    if "not_subtypes" in f and subs & set(f["not_subtypes"]):
        return False  # "non-Phyrexian spell"
    if "colors" in f and not colors & set(f["colors"]):
        return False
    if "colors_all" in f and not set(f["colors_all"]) <= colors:
        return False  # "a spell that's both red and white" (105.2)
    if f.get("multicolored") and len(colors) < 2 or f.get("monocolored") and len(colors) != 1 \
            or f.get("colorless") and colors or "not_colors" in f and colors & set(f["not_colors"]):
        return False  # "their first multicolored spell each turn" (105.2)
    return not f.get("or") or any(cast_kind_matches(kind, part) for part in f["or"])


#: Condition keys this engine evaluates (a card using any other is unsupported).
CONDITION_KEYS = {"city_blessing", "designation", "dungeon_completed", "not_dungeon_completed", "extra_turn",
                  "targets_legal",  # "if both targets are still legal as this ability resolves" (608.2b)
                  "resolved_nth",  # the times this ability resolved this turn (engine/effects.py resolve_top)
                  "it_controller",  # "if you controlled that permanent" (608.2h)
                  "opponent_hand_more",  # "if an opponent has more cards in hand than you"
                  "day_night",  # "if it's night" (day and night, a later rule: engine/transform.py)
                  "activated_ge", "max_speed", "descended", "void", "ring_bearer_other",
                  "greatest_stat",  # you control the creature with the greatest power (or tied for it)
                  "votes_most", "tied",  # 701.29: "if grace gets more votes [or the vote is tied]"
                  "clash_won",  # the clash a "whenever you clash" trigger saw was won (701.20c)
                  "any_library_le",  # some player's library has at most that many cards (404.1)
                  "to_graveyard_ge",  # cards put into your graveyard from anywhere this turn (Player.to_graveyard_turn)
                  "to_graveyards_ge", "card_type",  # cards of a type put into any graveyard this turn (the same)
                  "team_did",  # such a fact true of you or a teammate (102.3)
                  "opponent_did",  # a fact about this turn ("you" gained life, ...) true of an opponent (102.2)
                  "opponent_hand_le",  # "an opponent has no cards in hand": some opponent has at most that many
                  "self_zone",  # "if SELF is in the command zone [or on the battlefield]": the zones it may be in
                  "designation_by",  # {"monarch": "opponent" | "nobody"}: a designation's holder (later rules)
                  "control", "min", "max", "life_ge", "life_le", "your_turn", "all", "any", "hand_le", "hand_ge",
                  "first_combat", "taken_is", "attacked_power_ge", "trigger_spent_gt_self_pt",
                  "attacked_you", "trigger_player_hand_le", "trigger_player_hand_ge", "trigger_player_opponent",
                  "defending_hand_le", "defending_hand_ge", "defending_poisoned",
                  "gained_life_this_turn", "plus_counters_put_ge", "plus_put_on_self",
                  "kicked", "player_lost_life_this_turn", "opponent_lost_life_this_turn",
                  "you_lost_life_this_turn", "unless_paid",
                  "spells_cast_this_turn", "spells_cast_last_turn", "player_spells_last_turn_ge", "revealed_as_cast",
                  "evidence_collected", "beheld", "class_level", "class_level_ge", "solved",
                  "opponent_more_life", "opponent_less_life",
                  "player_did",  # a fact ("you" have more life than each other player) true of some player (102.1)
                  "trigger_player_did",  # a fact ("you" control a Plains) true of the trigger's player (603.4)
                  "most",  # "you" have more life / control more of a kind than each other player (most_player)
                  "chosen_word",  # the word chosen as its source entered (Khans or Dragons: engine/choices.py)
                  "self_suspended",  # "if SELF is suspended" (702.61b)
                  "self_started_untapped",  # "if SELF started the turn untapped" (Game.untapped_at_start)
                  "self",
                  "self_attacked_or_blocked_this_turn", "self_dealt_damage", "self_damage_turn_ge",
                  "self_damaged_opponent_turn", "self_dealt_ge",
                  "self_attacked_or_blocked_this_combat",
                  "once_each_turn", "times_each_turn", "not", "it",
                  "x_ge", "life_ge_start_plus", "life_lt_start", "graveyard_ge", "filter",
                  "above_self",  # the cards above SELF in its owner's graveyard (404.2)
                  "cost_was",  # "if the sacrificed creature was a Human" (608.2h)
                  "had_counter",  # "if it had a +1/+1 counter on it" (608.2h, 603.10)
                  "cast_from_hand", "cast_from_zone", "milled_this_way", "had_no_counters", "new_since_upkeep",
                  "hand_none", "hands_empty", "attacked_with_ge", "opponent_dealt_ge",
                  "exiled_this_way", "sacrificed_this_way", "lost_life_last_turn",
                  "picked",  # "if you do" of "you may choose a card from it": one was chosen (chosen_refs)
                  "exiled_is",  # "if it's a permanent card" of the card an exile_top instruction took
                  "this_way_share",  # "if two cards that share a color were milled this way" (_this_way_share)
                  "opponent_dealt_damage_this_turn", "renowned", "monstrous", "cast_with", "step", "before_attackers",
                  "combat_timing", "cast_in_main", "any_step", "after_upkeep",
                  "self_counters_ge", "history", "graveyard_types_ge", "graveyard_mvs_ge", "different_powers_ge",
                  "total_power_ge",
                  "hand_mv_distinct_ge",  # different mana values among the cards in your hand
                  "colors_among_ge", "types_among_ge",  # colors among your permanents, card types among them and
                  # the cards in your graveyard
                  "opponent_more", "opponent_poison_ge",
                  "trigger_player_turn",  # "if it's not their turn": of the player a trigger names (603.4)
                  "self_counters_le", "opponents_control", "opponents_ge",
                  "more_than_active",  # you control more of them than the attacking (active) player (506.2)
                  "more_than_target_controller",  # you control more of them than the first target's controller
                  "more_by", "at_least",  # of "opponent_more": by how many more, or a count of its own
                  "any_player_life_le", "evolve", "drawn_ge", "attached", "opponent_graveyard_ge", "any_graveyard_ge",
                  "opponent_life_le", "first_target", "self_attacked_this_turn", "once_ever",
                  "most_common_color",  # a color the most permanents have, or tied for it (filters.most_common_colors)
                  "tribute_paid", "paired", "soulbond", "self_attached", "mana_spent_ge", "amount_lt", "amount_ge",
                  "attacking_alone", "defending_control", "life_le_half_start", "spells_cast_ge",
                  "hand_more_than_opponents", "cast_kind_this_turn", "cast_kind_ge", "revealed_is", "top_card_is",
                  "cast_kind_other",  # "if you've cast another green spell this turn": not the source's own cast
                  "opponent_cast_kind_this_turn",
                  "trigger_player_cast_kind", "did",  # "if that player didn't cast a creature spell this turn"
                  "entered_kind_this_turn", "entered_kind_ge",
                  "entered_other", "no_spell_cast_this_game",
                  "sacrificed_kind_this_turn", "sacrificed_kind_ge",  # Player.sacrificed_kinds_turn (701.14a)
                  "attackers_ge", "attackers_kind", "attackers_who",  # Player.attackers_turn (508.1a)
                  "treasure_spent_ge",  # mana from a Treasure spent on it (engine/payment.py pay_mana)
                  "revealed",  # the card revealed by the instruction before (engine/ops/actions.py reveal_random)
                  "attached_controller_graveyard_ge",  # cards in the graveyard of the attached permanent's controller
                  "other_than_event",  # "control": not the object the trigger's event is about
                  "not_declared_attacker",  # the "tapped" event was not an attacker's tapping (508.1f)
                  # not conditions: the least modes of a modal spell (700.2; casting.mode_range), who
                  # chooses its modes (601.3; casting.cast), whether a mode may be chosen again (check_modes)
                  "min_modes", "mode_chooser", "repeat_modes",
                  # pawprint modes (a later rule, Bloomburrow): each mode's pawprints, the most the chosen modes total
                  "pawprints", "pawprint_budget",
                  # "If you control a commander as you cast SELF, you may choose both instead" (casting.mode_range)
                  "more_modes_if", "more_modes_may",
                  # not a condition: who may activate it (602.2: "Any player may activate this ability";
                  # casting.activatable), its activator is "you"
                  "any_player"}



def starting_life(g: "Game") -> int:
    """A player's starting life total: 20 (103.3), 40 in a Commander game (903.7), a Two-Headed Giant team's
    shared total (810.4)."""
    return commander.LIFE if g.format == commander.FORMAT else seats.starting_life(g)


#: 305.6: the basic land types
BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
#: the steps of a turn before attackers are declared (500.1, 506.1: the combat phase's first step is
#: beginning of combat, then declare attackers, 508.1)
_BEFORE_ATTACKERS = frozenset({"untap", "upkeep", "draw", "main1", "beginning_of_combat"})



#: 506.1: the steps of the combat phase; 510.4: a first-strike step is a combat damage step too
_COMBAT = frozenset({"beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage",
                     "combat_damage", "end_of_combat"})
_BEFORE_BLOCKERS = frozenset({"beginning_of_combat", "declare_attackers"})
_COMBAT_PHASE = frozenset({"beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage",
                           "combat_damage", "end_of_combat"})  # 506.1
_AFTER_BLOCKERS = frozenset({"declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat"})


def first_combat_over(g: "Game") -> bool:
    """506.6d: has a combat phase of this turn ended (so any combat now is not the first)?"""
    return g.players[g.active].combat_ended_turn == g.turn


def _combat_time(g: "Game", point: str) -> bool:
    """506.6: is it now the time a "only [before/after] [a point of combat]" spell or ability
    (506.6g) names? "During combat" allows any combat phase of the turn (506.6c); without it
    the first combat phase is meant (506.6d). "Before" a point: before its step begins (506.6a-b),
    and before the declare attackers step ends when no attackers skip the point (506.6e). "After
    blockers are declared" can't be met in a combat whose declare blockers step was skipped
    (506.6f: no attackers, 508.6)."""
    step = g.step
    extra = first_combat_over(g)
    attackers = step == "end_of_combat" and any(g.objects[i].attacking is not None for i in g.battlefield)
    if point == "during":
        return step in _COMBAT
    if point == "during_before_blockers":
        return step in _BEFORE_BLOCKERS
    if point == "during_after_blockers":
        return step in _AFTER_BLOCKERS and (step != "end_of_combat" or attackers)
    if point == "before_blockers":
        return not extra and (step in _BEFORE_ATTACKERS or step == "declare_attackers")
    if point == "after_blockers":
        return step in _AFTER_BLOCKERS and (step != "end_of_combat" or attackers) or extra
    if point == "before_damage":
        return not extra and (step in _BEFORE_ATTACKERS or step in ("declare_attackers", "declare_blockers"))
    if point == "declare_blockers":  # "only during the declare blockers step" (509), of any player's turn
        return step == "declare_blockers"
    if point == "declare_attackers":  # "only during the declare attackers step" (508), of any player's turn
        return step == "declare_attackers"
    if point == "after_combat":
        return extra  # after the turn's first combat phase ended
    raise Unsupported(f"unsupported combat timing {point!r}")


def _above_self(g: "Game", a: dict[str, Any], src: int | None, you: str) -> bool:
    """404.2: "SELF is in your graveyard with three or more creature cards above it" (Nether Shadow), "... with a
    creature card directly above it" (Krovikan Horror): of the cards of its owner's graveyard put there after it
    (the pile's top is the end of the list), that many match the filter, or the one just above it does."""
    o = g.objects.get(src) if src is not None else None
    if o is None or o.zone != "graveyard":
        return False
    pile = g.players[o.owner].graveyard
    if src not in pile:
        return False
    above = list(pile[pile.index(src) + 1:])
    f = {**a["filter"], "zone": "graveyard"}
    if a.get("directly"):
        return bool(above) and matches(g, above[0], f, src, you)
    return sum(1 for c in above if matches(g, c, f, src, you)) >= int(a["n"])


def condition_problems(cond: Any) -> list[str]:
    """Keys of a condition (and filter keys inside it) this engine does not evaluate."""
    if not isinstance(cond, dict):
        return []
    bad = sorted(set(cond) - CONDITION_KEYS)
    out = [f"condition {bad}"] if bad else []
    if isinstance(cond.get("more_modes_if"), dict):  # the condition of a modal spell's second mode (700.2)
        out += condition_problems(cond["more_modes_if"])
    if isinstance(cond.get("most"), dict) and isinstance(cond["most"].get("count"), dict):
        fb = unknown_keys(cond["most"]["count"])
        if fb:
            out.append(f"condition filter keys {sorted(fb)}")
    for k in ("opponent_did", "team_did", "player_did", "trigger_player_did"):  # a fact of another player
        if isinstance(cond.get(k), dict):
            out += condition_problems(cond[k])
    if "designation" in cond and str(cond["designation"]).lstrip("!") not in DESIGNATIONS:
        out.append(f"condition designation {cond['designation']!r}")
    if any(k not in DESIGNATIONS or w not in ("opponent", "nobody")
           for k, w in (cond.get("designation_by") or {}).items()):
        out.append(f"condition designation_by {cond['designation_by']!r}")
    if "history" in cond and cond["history"] not in HISTORY:
        out.append(f"condition history {cond['history']!r}")
    for k in ("self", "control", "it", "filter", "opponent_more", "opponents_control", "attached", "first_target",
              "revealed_is", "revealed", "exiled_is",
              "defending_control"):
        if isinstance(cond.get(k), dict):
            fb = unknown_keys(cond[k], group_ok=k in ("control", "opponents_control"))
            if fb:
                out.append(f"condition filter keys {sorted(fb)}")
    for key in ("entered_kind_this_turn", "sacrificed_kind_this_turn", "attackers_kind"):
        if key in cond:
            out += [f"condition {key} keys {sorted(b)}" for b in [_cast_kind_bad(cond[key])] if b]
    if "opponent_cast_kind_this_turn" in cond:
        out += [f"condition opponent_cast_kind_this_turn keys {sorted(b)}"
                for b in [_cast_kind_bad(cond["opponent_cast_kind_this_turn"])] if b]
    for key in ("cast_kind_this_turn", "trigger_player_cast_kind"):
        if key in cond:
            out += [f"condition {key} keys {sorted(b)}" for b in [_cast_kind_bad(cond[key])] if b]
    for c in list(cond.get("all", ())) + list(cond.get("any", ())) + ([cond["not"]] if "not" in cond else []):
        out += condition_problems(c)
    return out


def _cast_kind_bad(f: Any) -> set[str]:
    """The keys of a spell filter ``cast_kind_matches`` does not read."""
    if not isinstance(f, dict):
        return {"?"}
    out = set(f) - CAST_KIND_KEYS
    for part in f.get("or") or ():
        out |= _cast_kind_bad(part)
    return out



def names_that_player(a: Any) -> bool:
    """Does an amount count for "that player" ("each player loses 1 life for each creature they
    control")? Then it is counted once for each player the effect affects (amount_for)."""
    if isinstance(a, dict):
        return a.get("controller") == "that_player" or a.get("owner") == "that_player" \
            or a.get("life_of") == "that_player" or a.get("hand_of") == "that_player" \
            or a.get("life_turn_began") == "that_player" or a.get("life_lost_turn_of") == "that_player" \
            or a.get("library_size") == "that_player" \
            or any(names_that_player(v) for v in a.values())
    if isinstance(a, (list, tuple)):
        return any(names_that_player(v) for v in a)
    return False


def amount_for(g: "Game", a: Any, src: int | None, r: Ctx, player: str) -> int:
    """608.2c: an amount read for one of the players an effect affects, "they" in its count
    meaning that player (Price of Progress, Stronghold Discipline, Typhoon)."""
    r["that_player"] = [player]
    try:
        return amount(g, a, src, r)
    finally:
        r.pop("that_player", None)


def bind_players(g: "Game", r: Ctx, f: dict[str, Any]) -> dict[str, Any]:
    """"Each creature target player controls", "the number of lands that player controls": a
    filter whose controller is a reference, with that reference read now (608.2c) as the list
    of players it means (engine.filters.matches reads the list). An owner reference ("creature cards
    in their graveyard", 404.2: a graveyard is its owner's) is read the same way."""
    if any(isinstance(a, dict) and (isinstance(a.get("owner"), dict) or isinstance(a.get("controller"), dict)
                                    or isinstance(a.get("controller"), str) and a["controller"] not in PLAYER_WORDS)
           for a in f.get("or") or ()):  # "cards from that player's hand and graveyard": each alternative's player
        f = {**f, "or": [bind_players(g, r, a) if isinstance(a, dict) else a for a in f["or"]]}
    ctl = f.get("controller")
    own = f.get("owner")
    if own not in (None, "you", "not_you", "opponent", "chooser") and not isinstance(own, list):
        f = {**f, "owner": [p for p in refs(g, r, own) if isinstance(p, str)]}
    if ctl in PLAYER_WORDS or isinstance(ctl, list):
        return f
    return {**f, "controller": [p for p in refs(g, r, ctl) if isinstance(p, str)]}


def bind_amounts(g: "Game", r: Ctx, f: dict[str, Any]) -> dict[str, Any]:
    """A filter's comparisons whose amount reads the resolution ("a creature card with mana value equal to 1
    plus the sacrificed creature's mana value": the object sacrificed to pay, 608.2h) counted now (608.2c)."""
    ks = [k for k, v in f.items() if k.endswith(("_le", "_ge", "_eq")) and isinstance(v, dict) and not v.get("x")]
    return {**f, **{k: amount(g, f[k], source_id(g, r), r) for k in ks}} if ks else f


def _names_ref(a: Any, ref: str) -> bool:
    """Does an amount name that reference anywhere ({"plus": [{"toughness_of": "exploited"}, -1]})?"""
    if isinstance(a, dict):
        return any(v == ref or _names_ref(v, ref) for v in a.values())
    if isinstance(a, list):
        return any(_names_ref(v, ref) for v in a)
    return False


def bind_refs(g: "Game", r: Ctx, f: dict[str, Any]) -> dict[str, Any]:
    """A filter of an "each" or a count with the references in it read now (608.2c)."""
    f = bind_players(g, r, f)
    xs = [k for k, v in f.items() if k.endswith(("_le", "_ge", "_eq")) and isinstance(v, dict) and v.get("x")]
    if xs:  # "each permanent with mana value X or less" of an ability: the X of the resolving ability (107.3a),
        f = {**f, **{k: this(g, r).x for k in xs}}  # not of its source permanent
    ex = [k for k, v in f.items() if k.endswith(("_le", "_ge", "_eq")) and (_names_ref(v, "exploited")
                                                                            or v == {"mv_of": "it"}
                                                                            or v == {"chosen_number": True})]
    # ("with power greater than or equal to the chosen number": chosen by this resolution, 608.2d)
    # ("all permanents with that spell's mana value": the spell the trigger names, 603.2, as it resolves)
    if ex:  # "with toughness less than the exploited creature's toughness": a number of this resolution (608.2h)
        f = {**f, **{k: amount(g, f[k], source_id(g, r), r) for k in ex}}
    if "shares_color_with" in f:
        f = bind_shared_color(g, r, f)
    if "other_than" in f:  # "for each other creature you control" of "it gets": not the objects it names now
        f = dict(f)
        f["not_ids"] = [*f.get("not_ids", ()), *(x for x in refs(g, r, f.pop("other_than")) if isinstance(x, int))]
    if "shares_type_with" in f:  # "each other creature that shares a creature type with it" (205.3m)
        f = dict(f)
        f = _shared_types(g, f, refs(g, r, f.pop("shares_type_with")))
    if "attached_ref" in f:  # "all Equipment attached to that creature" (301.5, 303.4): what it names now (608.2c)
        f = dict(f)
        f["attached_ids"] = [x for x in refs(g, r, f.pop("attached_ref")) if isinstance(x, int)]
    if "among_ref" in f:  # "destroy any of them that are Walls": of the objects the reference names now (608.2c)
        f = dict(f)
        f["among_ids"] = [x for x in refs(g, r, f.pop("among_ref")) if isinstance(x, int)]
    if "blocking_ref" in f:  # "each creature blocking it" (509.1g): the attackers the reference names now
        f = dict(f)
        f["blocking_ids"] = [x for x in refs(g, r, f.pop("blocking_ref")) if isinstance(x, int)]
    if f.get("type_choice"):
        f = bind_type_choice(g, r, f)
    if f.get("card_type_choice"):  # "of the permanent type of your choice" (608.2d): one card type, chosen now
        kinds = ["Artifact", "Creature", "Enchantment", "Land", "Planeswalker"] + (
            ["Instant", "Sorcery"] if f["card_type_choice"] == "card" else [])
        got = choice_on_resolution(g, r, "card_type_choice", kinds, f"a {f['card_type_choice']} type")
        f = {**{k: v for k, v in f.items() if k != "card_type_choice"}, "and_types": [*f.get("and_types", ()), got]}
    if f.get("color_choice"):
        f = bind_color_choice(g, r, f)
    return bind_same_name(g, r, f) if "same_name_as" in f else f


def bind_type_choice(g: "Game", r: Ctx, f: dict[str, Any]) -> dict[str, Any]:
    """"Creatures of the creature type of your choice" (608.2d): the controller of the resolving spell or ability
    chooses a creature type (205.3m) as it resolves; the filter then matches that type."""
    got = choice_on_resolution(g, r, "type_choice", list(CREATURE_TYPES), "a creature type")
    f = {k: v for k, v in f.items() if k != "type_choice"}
    f["subtypes"] = [*f.get("subtypes", ()), got]
    return f


def bind_color_choice(g: "Game", r: Ctx, f: dict[str, Any]) -> dict[str, Any]:
    """"All permanents of the color of your choice", "sources of the color of your choice" (608.2d): the
    controller of the resolving spell or ability chooses a color as it resolves; the filter then matches
    that color (105.1)."""
    got = choice_on_resolution(g, r, "color_choice", list(COLORS), "a color")
    f = {k: v for k, v in f.items() if k != "color_choice"}
    f["colors"] = [COLORS[got]]
    return f


def choice_on_resolution(g: "Game", r: Ctx, key: str, options: list[str], what: str) -> str:
    """608.2d: the option the resolving spell or ability's controller chose for ``key`` (asked if not yet)."""
    slot = f"{key}.{r.get('i', 0)}"
    got = r["answers"].get(slot)
    if got not in options:
        raise NeedChoice({"kind": "choose_option", "player": this(g, r).controller, "options": options,
                          "slot": slot, "prompt": f"{this(g, r).card.name}: choose {what}"})
    return str(got)


def bind_shared_color(g: "Game", r: Ctx, f: dict[str, Any]) -> dict[str, Any]:
    """"Each other creature that shares a color with it" (105.4): the colors the referenced objects have
    now, or had as they last existed (608.2h); the filter then matches any of them, and not those objects."""
    f = dict(f)
    ids = [x for x in refs(g, r, f.pop("shares_color_with")) if isinstance(x, int)]
    lki = r.get("lki_card", {})
    colors: set[str] = set()
    for x in ids:
        if x in g.objects:
            colors |= set(g.chars(x).colors if g.objects[x].zone == "battlefield" else g.objects[x].card.colors)
        elif x in lki:
            colors |= set(lki[x].colors)
    f["colors"] = sorted(colors)
    f["not_ids"] = ids
    return f


def bind_same_name(g: "Game", r: Ctx, f: dict[str, Any]) -> dict[str, Any]:
    """"All other permanents with the same name as that permanent": the names the referenced
    objects have now (201.2; a face-down object has none, 707.2), or had as they last existed
    (608.2h) when they are gone; the filter then matches by name."""
    f = dict(f)
    names: set[str] = set()
    ref = f.pop("same_name_as")
    for x in refs(g, r, ref):
        o = g.objects.get(x) if isinstance(x, int) else None
        if o is not None and "face_down" not in o.chosen:
            names.add(o.card.name)
    if not names and isinstance(ref, dict) and set(ref) == {"target"}:
        # the target left during this resolution ("Exile target creature ... Then that player ... exiles all cards
        # with that name": Legion's End): its name as it last existed (608.2h)
        legal = r.get("legal") or []
        k = ref["target"]
        for x in legal[k] if isinstance(k, int) and 0 <= k < len(legal) else ():
            card = r.get("lki_card", {}).get(x)
            if card is not None and not (x in g.objects and "face_down" in g.objects[x].chosen):
                names.add(card.name)
    f["name_in"] = sorted(names)
    return f


def bind_self_compare(g: "Game", r: Ctx, f: dict[str, Any]) -> dict[str, Any]:
    """"with power less than SELF's power": the source's power now, or as it last existed on
    the battlefield when it is gone (608.2h; e.g. sacrificed to pay the cost)."""
    f = dict(f)
    s = this(g, r)
    sid = source_id(g, r)
    lki = s.chosen.get("source_lki")
    for key in ("power", "toughness"):
        k = key + "_lt_self"
        if k in f:
            which = f.pop(k)
            if sid is not None and g.objects[sid].zone == "battlefield":
                v = getattr(g.chars(sid), which)
            elif lki is not None:
                v = lki[0 if which == "power" else 1]
            else:
                v = 0
            f[key + "_lt"] = v
    return f


def _slot(ref: dict[str, Any], player: str, again: int = 0) -> str:
    """One answer per reference and chooser in a resolution: the compiler repeats the same
    reference for "it" ("put a +1/+1 counter on a creature you control. It gains double
    strike"), so a later effect names the object chosen for an earlier one; ``again``: the mode's instance, when
    the same mode was chosen more than once (700.2d: each instance chooses for itself)."""
    key = zlib.crc32(json.dumps(ref, sort_keys=True, default=str).encode())
    return f"choose.{key:x}.{player}" + (f".{again}" if again else "")



def chosen_refs(g: "Game", r: dict[str, Any], ref: dict[str, Any]) -> list[Any]:
    """{"choose": FILTER, [amount], [chooser], [up_to], [among], [random]}: the objects the chooser picked (of the
    objects the reference ``among`` names, when given: "from among the cards milled this way").

    Each chooser picks among the objects matching the filter now; with fewer than the
    amount, all of them (701.17a-like: as many as possible). ``owner: "chooser"`` means
    the choosing player's own cards ("each opponent exiles a card from their hand"); an
    owner reference ({"target": 0}) the cards of that player ("you choose a nonland card
    from it"). A chosen card that an earlier effect moved is followed to its new zone (400.7)."""
    you = this(g, r).controller
    src = source_id(g, r)
    choosers = [p for p in refs(g, r, ref.get("chooser", "you")) if isinstance(p, str)]
    n = amount(g, ref.get("amount", 1), src, r)
    out: list[Any] = []
    for p in choosers:
        slot = _slot(ref, p, int(r.get("again") or 0))
        got = r["answers"].get(slot)
        if got is None:
            f = dict(ref["choose"])
            for k, v in ref["choose"].items():  # "-X: Put a creature card with mana value X ..." (Ashiok): the X of
                if k.endswith(("_le", "_ge", "_eq")) and isinstance(v, dict) and v.get("x"):  # the resolving ability
                    f[k] = this(g, r).x  # (107.3a), not of its source permanent
            ctl = you
            owners: list[str] | None = None
            if f.get("owner") == "chooser":
                f["owner"] = "you"
                ctl = p
            elif f.get("controller") == "chooser":  # "each opponent returns a creature they control": their own
                f["controller"] = "you"
                ctl = p
            elif isinstance(f.get("owner"), dict) or f.get("owner") in ("it", "trigger_player", "defending_player"):
                owners = [q for q in refs(g, r, f.pop("owner")) if isinstance(q, str)]
            if any(a.get(k) == "chooser" for a in f.get("or", ()) for k in ("owner", "controller")):
                # "a card from their hand or a permanent they control": each alternative the chooser's own
                f["or"] = [{k: "you" if k in ("owner", "controller") and v == "chooser" else v for k, v in a.items()}
                           for a in f["or"]]
                ctl = p
            zone = f.get("zone", "battlefield")
            zones = [a["zone"] for a in f.get("or", ()) if "zone" in a] if "zone" not in f else []
            if zones:  # "a nonland card from that player's graveyard or hand": each alternative names its zone
                pool = [i for q in (owners if owners is not None else g.order) for z in zones if z != "battlefield"
                        for i in g.players[q].zone(z)]
                if "battlefield" in zones:  # "a permanent you control or a card from your hand or graveyard"
                    pool = list(g.battlefield) + pool
            else:
                pool = g.battlefield if zone == "battlefield" else \
                    [i for q in (owners if owners is not None else g.order) for i in g.players[q].zone(zone)]
            cands = [i for i in pool if matches(g, i, f, src, ctl)]
            if ref.get("among"):  # "a land card from among them" (the cards milled this way): of those only
                among = set(refs(g, r, ref["among"]))
                cands = [i for i in cands if i in among]
            k = min(n, len(cands))
            groups: list[list[int]] | None = None
            if ref.get("one_of_each"):  # "choose a creature card with mana value 1 ..., then do the same for ... 2
                # and 3" (Gruesome Menagerie): one card of each alternative that has one (608.2c)
                groups = [g2 for alt in f.get("or", ()) if (g2 := [i for i in cands
                                                                    if matches(g, i, {**alt, "zone": zone}, src, ctl)])]
                k = len(groups)
            if not cands:
                r["answers"][slot] = got = []
            elif ref.get("random"):  # "a card at random from your graveyard": no player chooses (701.7b-like)
                r["answers"][slot] = got = g.rng.sample(cands, k)
            else:
                ask: dict[str, Any] = {"kind": "choose_cards", "player": p, "options": cands,
                                       "min": 0 if ref.get("up_to") else k, "max": k, "slot": slot,
                                       "prompt": f"{this(g, r).card.name}: choose {k} (in order)"}
                if groups is not None:
                    ask["one_of_each"] = groups
                if ref.get("different"):  # "with different names / mana values": checked when answered
                    mv = ref["different"] == "mana_value"
                    ask.update(different_names=True, names=[
                        str(mana_value(g.objects[i].card.mana_cost)) if mv else g.objects[i].card.name for i in cands])
                    ask["prompt"] += f" with different {'mana values' if mv else 'names'}"
                raise NeedChoice(ask)
        fol = r.get("followed", {})
        if ref.get("rest") and ref.get("among"):  # "leave the chosen cards in your graveyard and put the rest into
            # your hand" (Deliver Unto Evil): the objects ``among`` names that were not chosen (608.2c)
            keep = {fol.get(x, x) for x in got}
            f = {**ref["choose"], "owner": "you"} if ref["choose"].get("owner") == "chooser" else ref["choose"]
            out += [x for x in refs(g, r, ref["among"]) if x in g.objects and x not in keep
                    and matches(g, x, f, src, you)]
            continue
        out += [fol.get(x, x) for x in got if fol.get(x, x) in g.objects]
    return out


#: the keys of a filter a record of a sacrificed object (engine/costs.py) can answer
RECORD_KEYS = frozenset({"types", "subtypes", "supertypes", "colors", "not_types", "token"})


def _record_is(rec: dict[str, Any], f: dict[str, Any]) -> bool:
    """Does the record of an object sacrificed to pay a cost (as it last existed, 608.2h) match filter ``f``?"""
    for key in ("types", "subtypes", "supertypes", "colors"):
        if f.get(key) and not set(f[key]) & set(rec.get(key, ())):
            return False
    if set(f.get("not_types", ())) & set(rec.get("types", ())):
        return False
    return "token" not in f or bool(rec.get("token")) == bool(f["token"])


def sacrificed_power(o: "Obj | None", key: str = "power") -> int:
    """The power (or toughness, or mana value: "mv") of the object sacrificed to pay for the spell or ability ``o``
    (608.2g)."""
    if o is None:
        return 0
    got = o.chosen.get("sacrificed") or []
    return got[0].get(key, 0) if got else 0


def _this_way_share(g: "Game", c: dict[str, Any], r: Ctx | None) -> bool:
    """"If two cards that share a color were milled this way" (608.2c): among the cards the resolution milled (in a
    process, this round: engine/ops/misc.py ``process``), discarded, or the ones its last exile took ("those cards"),
    still
    where it put them (400.7), ``n`` have a color (105.2: colorless is none), a card type (205.2a) or a name in
    common."""
    r = r or {}
    if c["action"] == "milled":
        ids = list(r.get("milled") or ())[(r.get("round_marks") or {}).get("milled", 0):]
    else:  # "exiled": "those cards" of the last exile; "discarded": the cards the discard before put into a graveyard
        ids = list(r.get(c["action"]) or ())
    seen: dict[str, int] = {}
    for x in ids:
        if x not in g.objects:
            continue
        ch = g.chars(x)
        if set(c.get("not_types", ())) & set(ch.types):
            continue
        keys = ch.colors if c["by"] == "color" else ch.types if c["by"] == "type" else (g.objects[x].card.name,)
        for k in keys:
            seen[k] = seen.get(k, 0) + 1
    return max(seen.values(), default=0) >= int(c["n"])


def gone_record(g: "Game", oid: int, action: str) -> dict[str, Any]:
    """What "destroyed this way" / "exiled this way" remembers of a permanent as it last existed on the
    battlefield (608.2h): its controller, card types, whether it was a token, and its power."""
    c = g.chars(oid)
    return {"action": action, "controller": c.controller, "types": sorted(c.types), "subtypes": sorted(c.subtypes),
            "token": g.objects[oid].token, "power": c.power or 0, "colors": sorted(c.colors)}


def gone_matches(rec: dict[str, Any], action: str, f: dict[str, Any], you: str | None = None) -> bool:
    """Does a record of gone_record match "each nontoken creature destroyed this way" (types, subtypes, not_types,
    token; with ``you``, "creatures you controlled that were destroyed this way": its controller then, 608.2h)?"""
    return rec["action"] == action and (not f.get("types") or bool(set(f["types"]) & set(rec["types"]))) \
        and (not f.get("subtypes") or bool(set(f["subtypes"]) & set(rec.get("subtypes", ())))) \
        and not set(f.get("not_types", ())) & set(rec["types"]) \
        and ("token" not in f or rec["token"] == f["token"]) \
        and not set(f.get("not_colors", ())) & set(rec.get("colors", ())) \
        and (not f.get("colors") or bool(set(f["colors"]) & set(rec.get("colors", ())))) \
        and (f.get("controller") != "you" or you is not None and rec["controller"] == you)
