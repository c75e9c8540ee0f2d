"""Effect primitives that create continuous effects (CR 611): power and toughness (613.1g/7c),
abilities (613.1f), rules restrictions, types and colors (613.1d-e), control (613.1b)."""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import TYPE_CHECKING

from engine import player_statics, seats
from engine.actions import add_effect, until_of
from engine.cards.abilities import Effect, copy_except
from engine.cards.compiler import textchange
from engine.choices import COLORS, CREATURE_TYPES
from engine.facedown import is_face_down
from engine.layers import CHOSEN_PROTECTION, chosen_protection, copy_layer
from engine.licid import begin as licid_begin
from engine.ops import nested
from engine.ops.base import table
from engine.values import Ctx, amount, bind_type_choice, choice_on_resolution, controller, refs, source_id, this

if TYPE_CHECKING:
    from engine.game import Game

OPS, op = table()


@op("pump")
def _pump(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """613.3c: the objects get +N/+N for a while; "gets +1/-1 or -1/+1" (``or``: the other change): the
    controller chooses one as the effect resolves (608.2d)."""
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    sid = source_id(g, r)
    power, tough = e.get("power", 0), e.get("toughness", 0)
    if e.get("or"):  # the two changes as they are now ("+X/+X or -X/-X", X counted as it resolves: 107.3)
        pair = [(amount(g, power, sid, r), amount(g, tough, sid, r)),
                (amount(g, e.args["or"][0], sid, r), amount(g, e.args["or"][1], sid, r))]
        options = [f"{a:+d}/{b:+d}" for a, b in pair]
        got = r["answers"].get(r["i"])
        if got is None:
            return {"kind": "choose_option", "player": controller(g, r), "options": options, "slot": r["i"],
                    "prompt": f"{this(g, r).card.name}: choose the change"}
        power, tough = pair[1] if got == options[1] else pair[0]
    if e.get("double"):  # "double the power [and toughness] of each creature you control": each gets +X/+0 (+X/+Y),
        # X (Y) its own power (toughness) as the effect begins (608.2h; layer 7c)
        for x in objs:
            ch = g.chars(x)
            add_effect(g, "7c", [x], r, until_of(e), power=ch.power or 0,
                       toughness=(ch.toughness or 0) if e.args["double"] == "pt" else 0)
        return None
    per = amount(g, e.args["per"], sid, r) if e.get("per") else 1
    p = amount(g, power, sid, r) * per
    t = amount(g, tough, sid, r) * per
    add_effect(g, "7c", objs, r, until_of(e), power=p, toughness=t)
    return None


@op("switch_pt")
def _switch_pt(g: "Game", r: Ctx, e: Effect) -> None:
    """613.3e: switch the creatures' power and toughness for a while (layer 7e, after counters)."""
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    add_effect(g, "7e", objs, r, until_of(e))


#: a protection granted with its quality chosen as the effect resolves: "Protection from chosen color", or
#: with one more choice, "Protection from chosen color or artifacts" (702.16a)
_CHOSEN = "Protection from chosen color"
#: ... chosen by the controller of the object that gains it, not the effect's ("the color of its controller's choice")
_ITS_CHOICE = " (its controller's choice)"


@op("grant")
def _grant(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """611.2, 613.1f: the objects gain keywords (one of them if the player chooses) or abilities."""
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    kws = list(e.get("keywords", ()))
    if e.get("choose") == 1 and len(kws) > 1:  # "gains your choice of reach, trample, or haste"
        got = r["answers"].get(r["i"])
        if got is None:
            return {"kind": "choose_option", "player": controller(g, r), "options": kws, "slot": r["i"],
                    "prompt": f"{this(g, r).card.name}: choose a keyword to gain"}
        kws = [got]
    chosen = next((k for k in kws if k.startswith(_CHOSEN)), None)
    if chosen is not None:  # 608.2d: the color (or "artifacts", "colorless") is chosen as the effect resolves
        key = f"{r['i']}.color"
        got = r["answers"].get(key)
        if got is None:
            other = chosen[len(_CHOSEN) + len(" or "):].split() if chosen.startswith(_CHOSEN + " or ") else []
            who = g.controller_of(objs[0]) if chosen.endswith(_ITS_CHOICE) and objs else None
            return {"kind": "choose_option", "player": who or controller(g, r), "options": list(COLORS) + other,
                    "slot": key, "prompt": f"{this(g, r).card.name}: choose a quality for protection"}
        kws = [f"Protection from {got}" if k == chosen else k for k in kws]
    if CHOSEN_PROTECTION in kws:  # "Choose a color. Creatures you control gain protection from the chosen color":
        # the color chosen as this resolves (608.2d, engine/ops/actions.py choose_quality), else the one its source
        # chose as it entered (614.12); none without either
        src = source_id(g, r)
        chosen = this(g, r).chosen if "color" in this(g, r).chosen else \
            g.objects[src].chosen if src is not None and src in g.objects else {}
        kws = chosen_protection(kws, chosen)
    extra = {"abilities": list(e.args["abilities"])} if e.get("abilities") else {}  # gains "Whenever ..." (613.1f)
    if e.get("lose_texts"):  # loses "Prevent all damage that would be dealt to SELF." (Glittering Lion, 613.1f)
        extra["lose_texts"] = list(e.args["lose_texts"])
    add_effect(g, "6", objs, r, until_of(e), keywords=kws, lose=list(e.get("lose", ())), **extra)
    return None



@op("player_effect")
def _player_effect(g: "Game", r: Ctx, e: Effect) -> None:
    """611.2: a resolved spell's effect on players or the game for a while, read as a static of
    engine.player_statics ("Players can't gain life this turn", "Damage can't be prevented this
    turn"). "That creature's owner can't cast spells with the same name as that creature": the
    players and the names are bound as it resolves (608.2h: a target that left, as it last existed)."""
    st = dict(e.args["static"])
    if isinstance(st.get("who"), dict):  # "target player can't ...": the players named as it resolves
        st["who"] = [p for p in refs(g, r, st["who"]) if isinstance(p, str)]
    if e.get("who"):
        st["who"] = e.args["who"]
    if e.get("player") is not None:
        players = [p for p in refs(g, r, e.args["player"]) if isinstance(p, str)]
        if not players:
            return
        st["who"] = players
    if "more" in st:  # "You can cast only one more spell this turn" (Irencrag Feat): those cast so far, and N more
        st["amount"] = player_statics.spells_cast_this_turn(g, controller(g, r)) + int(st.pop("more"))
    if e.get("name_of") is not None:
        lki = r.get("lki_card", {})
        cards = [g.objects[x].card if x in g.objects else lki.get(x) for x in refs(g, r, e.args["name_of"])
                 if isinstance(x, int)]
        names = [c.name for c in cards if c is not None]
        if not names:
            return
        st["names"] = names
    if st.get("attack") in ("self", "you"):  # "creatures that player controls attack SELF / you if able": that
        st["attack"] = source_id(g, r) if st["attack"] == "self" else controller(g, r)  # one, bound now (508.1d)
    if e.get("duration") == "their_next_turn":  # "each opponent can't cast ... during that player's next turn"
        _for_their_next_turn(g, r, st)
        return
    if e.get("duration") == "your_next_turn_end":  # "until the end of your next turn": from now through the
        # cleanup step of its controller's next turn (514.2)
        add_effect(g, "player", [], r, "next_turn_end", static=st, source=source_id(g, r), turn_of=controller(g, r),
                   after_turn=g.turn)
        return
    add_effect(g, "player", [], r, until_of(e), static=st, source=source_id(g, r))


def _for_their_next_turn(g: "Game", r: Ctx, st: dict) -> None:
    """500.1, 611.2: a rule "during that player's next turn": one effect for each player it names, in force
    during the first turn of that player after this one and ending in that turn's cleanup step (514.2)."""
    who, ctl = st.get("who"), controller(g, r)
    players = who if isinstance(who, list) else [
        p for p in g.order if not g.players[p].lost and (who == "each" or who == "opponent" and p != ctl)]
    for p in players:
        add_effect(g, "player", [], r, "next_turn_end", static=dict(st, who=[p], after=g.turn),
                   source=source_id(g, r), turn_of=p, after_turn=g.turn)


@op("restrict")
def _restrict(g: "Game", r: Ctx, e: Effect) -> None:
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    extra = {k: e.args[k] for k in ("except", "by") if e.args.get(k)}  # "except by Spirits" (509.1b)
    if e.args.get("attack_player"):  # "attacks you this turn if able": the player it must attack (508.1d)
        who = [p for p in refs(g, r, e.args["attack_player"]) if isinstance(p, str)]
        if who:
            extra["attack_player"] = who[0]
    if e.args.get("attacker"):  # "blocks SELF this combat if able" (provoke, 702.38a): that attacker
        got = [x for x in refs(g, r, e.args["attacker"]) if isinstance(x, int)]
        if not got:
            return
        extra["attacker"] = got[0]
    d = e.get("duration")
    if d == "next_untap":  # "doesn't untap during its controller's next untap step": ends after it (502.3);
        # "those creatures don't untap during their controllers' next untap steps": each its own controller's
        for x in objs:
            add_effect(g, "rule", [x], r, "next_untap", rule=e.args["rule"], **extra)
        return
    add_effect(g, "rule", objs, r, until_of(e), rule=e.args["rule"], **extra)



@op("suspect")
def _suspect(g: "Game", r: Ctx, e: Effect) -> None:
    """Suspect (a later keyword action, Murders at Karlov Manor; not in the 2016 rules): a suspected permanent has
    menace and "This creature can't block" for as long as it's suspected; suspecting one already suspected does
    nothing new. The designation is kept in ``chosen["suspected"]`` (a new object is not suspected, 400.7) and its
    effects are marked, so "it's no longer suspected" (``end``) ends them (611.2a-like)."""
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects
            and g.objects[x].zone == "battlefield"]
    if e.get("end"):
        ended = set(x for x in objs if g.objects[x].chosen.pop("suspected", None))
        if ended:  # new records, not changed ones: a copy of the game shares them (Game.copy)
            kept = [dict(rec, objects=[x for x in rec["objects"] if x not in ended])
                    if rec.get("suspect") and ended & set(rec["objects"]) else rec for rec in g.effects]
            g.effects = [rec for rec in kept if not rec.get("suspect") or rec["objects"]]
            g.changed()
        return
    new = [x for x in objs if not g.objects[x].chosen.get("suspected")]
    for x in new:
        g.objects[x].chosen["suspected"] = True
    if new:
        add_effect(g, "6", new, r, "never", keywords=["Menace"], lose=[], suspect=True)
        add_effect(g, "rule", new, r, "never", rule="cant_block", suspect=True)


@op("gain_control")
def _gain_control(g: "Game", r: Ctx, e: Effect) -> dict | None:
    if e.get("rotate"):
        return _rotate_control(g, r, e)
    # 400.7: a permanent that left since (the target sacrificed by an earlier instruction: Thalakos Deceiver aimed at
    # itself) is a new object the effect can't find (fuzz seed 90373)
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects
            and g.objects[x].zone in ("battlefield", "stack")]
    if e.get("who") is not None:  # "an opponent gains control of it" (Akroan Horse): that player, for good (611.2a)
        who = [p for p in refs(g, r, e.args["who"]) if isinstance(p, str) and p in g.players]
        if not who:
            return None
        for x in objs:
            if g.controller_of(x) != who[0]:  # 302.6: sick only when its controller changes (the player with the
                g.objects[x].sick = True  # most life gaining control of it may be its controller already)
        add_effect(g, "2", objs, r, "never", controller=who[0])
        return None
    if e.get("to_owner"):  # "each player gains control of all creatures they own" (613.1b): each to its owner,
        # for good; a permanent its owner already controls does not change control (302.6: not sick again)
        by: dict[str, list[int]] = {}
        for x in objs:
            if x in g.objects and g.controller_of(x) != g.objects[x].owner:
                by.setdefault(g.objects[x].owner, []).append(x)
        for owner, xs in by.items():
            for x in xs:
                g.objects[x].sick = True
            add_effect(g, "2", xs, r, "never", controller=owner)
        return None
    for x in objs:
        g.objects[x].sick = True
    add_effect(g, "2", objs, r, until_of(e) if e.get("duration") in (
        "eot", "while_you_control_self", "while_source_on_battlefield", "while_self_tapped",
        "while_you_control_self_tapped") else "never")
    return None



def _rotate_control(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """"Choose left or right. Each player gains control of all nonland permanents other than SELF controlled by the
    next player in the chosen direction." (Aminatou, the Fateshifter): the controller chooses a direction (left is
    the next player in turn order, 101.4), then all at once each such permanent goes to the player for whom its
    controller is the next one that way (613.1b, for good); with two players, they exchange them."""
    way = nested.answer(r, "direction")
    if way is None:
        return {"kind": "choose_option", "player": controller(g, r), "options": ["left", "right"],
                "slot": nested.slot(r, "direction"), "prompt": f"{this(g, r).card.name}: choose left or right"}
    order = seats.live(g)
    if len(order) < 2:
        return None
    step = 1 if way == "left" else -1
    gets = {order[(i + step) % len(order)]: p for i, p in enumerate(order)}  # whose permanents -> who gains them
    by: dict[str, list[int]] = {}
    for x in refs(g, r, e.args["what"]):
        ctl = g.controller_of(x) if isinstance(x, int) and x in g.objects else None
        if ctl in gets and gets[ctl] != ctl:
            by.setdefault(gets[ctl], []).append(x)
    for who, xs in by.items():
        for x in xs:
            g.objects[x].sick = True
        add_effect(g, "2", xs, r, "never", controller=who)
    return None


def _color_choices() -> list[str]:
    """Every nonempty set of colors, as words ("white", "white and blue", ...)."""
    names = list(COLORS)
    out = []
    for n in range(1, 6):
        for combo in combinations(names, n):
            out.append(" and ".join(combo))
    return out



@op("color")
def _color(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """An object becomes the color or colors its controller chooses (105.3; layer 5, 613.1e); "the color of
    your choice" (``one``): exactly one color."""
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    if e.get("set") is not None:  # "becomes white until end of turn", "becomes colorless": those colors, no choice
        add_effect(g, "5", objs, r, until_of(e), colors=list(e.args["set"]))
        return None
    got = r["answers"].get(r["i"])
    if got is None:
        one = e.args.get("one")
        return {"kind": "choose_option", "player": controller(g, r),
                "options": list(COLORS) if one else _color_choices(), "slot": r["i"],
                "prompt": f"{this(g, r).card.name}: which color{'' if one else ' or colors'}?"}
    add_effect(g, "5", objs, r, until_of(e), colors=[COLORS[w] for w in got.split(" and ")])
    return None



@op("change_text")
def _change_text(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """612.1, 613.1c: replace all instances of one word of a kind (a color word, a basic land
    type, a creature type) with another in the object's text, the words chosen as the effect
    resolves (608.2d). A permanent's new text is worked out in layer 3 (engine/layers.py); a
    spell's is its text until it leaves the stack (400.7)."""
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects]
    src = this(g, r).card.name
    words = textchange.KINDS[e.get("words", "color")]
    frm = r["answers"].get(f"{r['i']}.from")
    if frm is None:
        return {"kind": "choose_option", "player": controller(g, r), "options": list(words),
                "slot": f"{r['i']}.from", "prompt": f"{src}: the word to replace"}
    to = r["answers"].get(f"{r['i']}.to")
    if to is None:
        return {"kind": "choose_option", "player": controller(g, r),
                "options": [w for w in words if w != frm and textchange.same_kind(frm, w)
                            and w not in e.get("not_to", ())],
                "slot": f"{r['i']}.to", "prompt": f"{src}: replace {frm} with"}
    for oid in objs:
        o = g.objects[oid]
        if o.zone == "stack":  # a spell: its text until it leaves the stack (it is a new object then)
            o.chosen.setdefault("printed", o.card)
            o.card, o.is_copy = textchange.rewrite(o.card, ((frm, to),)), True
            g.changed()
    perms = [x for x in objs if g.objects[x].zone == "battlefield"]
    if perms:
        add_effect(g, "3", perms, r, until_of(e), to=to, **{"from": frm})
    return None


@op("animate")
def _animate(g: "Game", r: Ctx, e: Effect) -> None:
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int)]
    until = until_of(e)
    if e.get("type_choice") and e.get("type_except"):  # "Choose a creature type other than Wall" (608.2d, 205.3m)
        got = choice_on_resolution(g, r, "type_choice", [t for t in CREATURE_TYPES if t not in e.args["type_except"]],
                                   "a creature type")
        e = Effect("animate", {**e.args, "subtypes": [got]})
    elif e.get("type_choice"):  # "becomes the creature type of your choice": chosen as it resolves (608.2d)
        e = Effect("animate", {**e.args, "subtypes": bind_type_choice(g, r, {"type_choice": True})["subtypes"]})
    if e.get("land_choice"):  # "becomes the basic land type of your choice" (305.7; chosen as it resolves, 608.2d)
        got = choice_on_resolution(g, r, "land_type", list(e.args["land_choice"]), "a basic land type")
        add_effect(g, "4", objs, r, until, subtypes=[got], land_mana=list(e.args["land_choice"][got]),
                   set_land_types=not e.get("in_addition"))
        return
    if e.get("land_mana"):  # 305.7: "target land becomes an Island": that land type only, and its mana ability
        add_effect(g, "4", objs, r, until, subtypes=list(e.args["subtypes"]), land_mana=list(e.args["land_mana"]),
                   set_land_types=not e.get("in_addition"))  # 305.6: "in addition to its other types"
    elif e.get("lose_creature_types"):  # "loses all creature types until end of turn" (205.3m, 613.1d)
        add_effect(g, "4", objs, r, until, lose_creature_types=True)
    elif e.get("types") or e.get("keep_types") and e.get("subtypes"):
        add_effect(g, "4", objs, r, until, types=list(e.get("types", ())), subtypes=list(e.get("subtypes", ())),
                in_addition=bool(e.get("in_addition")), keep_types=bool(e.get("keep_types")),
                **({"supertypes": list(e.args["supertypes"])} if e.get("supertypes") else {}))
    if e.get("colors") or e.get("colorless"):  # "becomes a colorless ..." (105.2c): no color (layer 5)
        add_effect(g, "5", objs, r, until, colors=list(e.get("colors") or ()))
    if e.get("lose_all"):  # 613.1f: loses all abilities, before any it gains by the same effect
        add_effect(g, "6", objs, r, until, lose_all=True)
    if e.get("keywords") or e.get("abilities"):  # "with flying", 'with "Whenever SELF attacks, ..."' (613.1f)
        add_effect(g, "6", objs, r, until, keywords=list(e.get("keywords", ())), abilities=list(e.get("abilities", ())))
    if e.get("power") is not None:
        sid = source_id(g, r)  # "each equal to the number of loyalty counters on him": the source's, now (608.2h)
        add_effect(g, "7b", objs, r, until, power=amount(g, e.args["power"], sid, r),
                toughness=amount(g, e.args["toughness"], sid, r) if e.get("toughness") is not None else None)


@op("become_copy")
def _become_copy(g: "Game", r: Ctx, e: Effect) -> None:
    """706.2, 613.1a: the objects become copies of another object until the duration ends
    ("Target creature becomes a copy of that creature until end of turn", Cytoshape; "SELF
    becomes a copy of that creature, except it has this ability", Unstable Shapeshifter). Each
    takes the copiable values of that object as the effect begins (706.2: its card as printed,
    or as another copy effect or face-down status already made it, 707.2), with the exception
    the effect names (706.9a: "except it has this ability"). It stays the same object: nothing
    enters or leaves the battlefield and the other effects on it go on applying (706.4, 706.11);
    engine/layers.py ``copy_layer`` keeps its card in step with the layer 1 effects on it."""
    src = [x for x in refs(g, r, e.args["of"]) if isinstance(x, int) and x in g.objects]
    if not src:
        return  # nothing was chosen to copy: nothing is copied (608.2b)
    # a card in another zone (a creature that died: Cemetery Puca; a card exiled: Dimir Doppelganger)
    # is copied as it is there: its card (706.2; a copy is its own card again off the battlefield, 400.7)
    card = g.objects[src[0]].card
    keep = this(g, r).ability if e.get("keep_ability") else None
    if keep is not None and keep not in card.abilities:  # 706.9a: the copy has this ability too
        card = replace(card, abilities=card.abilities + (keep,))
    change = dict(e.get("copy_except") or {})
    if e.get("add_types"):  # a game saved before the exceptions were one key
        change["add_types"] = list(e.args["add_types"])
    if change:  # 706.9c: "except it's 1/4 and has flying", "... an artifact in addition to its other types": they
        card = copy_except(card, change)  # become copiable values of the copy
    # the object copied is not a copy of itself: its copiable values would not change ("Each other
    # creature becomes a copy of target nonlegendary creature", Mirrorweave: other than that one)
    objs = [x for x in refs(g, r, e.args["what"]) if isinstance(x, int) and x in g.objects
            and g.objects[x].zone == "battlefield" and x != src[0]]
    if not objs:
        return
    g._copy_fx = True  # from now on Game.changed keeps layer 1 in step (engine/layers.py copy_layers)
    if e.get("own_name"):  # 706.9a: "except its name is SELF": each keeps its own name, as it was before any copy
        for oid in objs:  # effect (Lazav becoming a copy twice is still Lazav)
            own = g.objects[oid].chosen.get("copy_base", g.objects[oid].card)
            add_effect(g, "1", [oid], r, until_of(e), card=replace(card, name=own.name))
    else:
        add_effect(g, "1", objs, r, until_of(e), card=card)
    for oid in objs:
        o = g.objects[oid]
        if not is_face_down(o):  # 707.10: a face-down permanent keeps its face-down values
            o.chosen.setdefault("printed", o.card)  # its own card again once it leaves (400.7)
            o.chosen.setdefault("copy_base", o.card)  # what it is again when the copy effects end
        copy_layer(g, o)


@op("licid")
def _licid(g: "Game", r: Ctx, e: Effect) -> None:
    """115.2c, 613.1d, 613.1f: "SELF loses this ability and becomes an Aura enchantment with enchant creature. ...
    You may pay {B} to end this effect." (the Licids; engine/licid.py): the attachment is the next instruction."""
    sid = source_id(g, r)
    ab = this(g, r).ability
    if sid is not None and ab is not None:
        licid_begin(g, sid, list(e.args["end"]), ab.text, add_effect, r)
