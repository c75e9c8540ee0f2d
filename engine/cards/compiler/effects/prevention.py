"""Prevention effects (CR 615).
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.abilities import Effect, TargetSpec
from engine.cards.compiler.effects.amounts import amount_of, bind_x
from engine.cards.compiler.effects.context import Ctx, Reader, reader
from engine.cards.compiler.targets import parse_noun


@reader(r"^prevent all combat damage that would be dealt this turn$")
def _fog(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("prevent", {"combat": True, "duration": "eot"})]


@reader(r"^(until your next turn, )?prevent all (?:combat )?damage that would be dealt (to and dealt )?by (.+?)"
        r"( this turn)?$")
def _prevent_by(m: re.Match, c: Ctx) -> list[Effect] | None:
    """615.1a: "... dealt by X" is one shield; "... dealt to and dealt by X" two (Maze of Ith); "Until
    your next turn, ..." (Dovin, Hand of Control) lasts until its controller's next turn begins (611.2)."""
    if bool(m.group(1)) == bool(m.group(4)):
        return None
    what = c.ref(m.group(3))
    combat = "combat" in m.group(0)
    if what is None:
        return None
    dur = "your_next_turn" if m.group(1) else "eot"
    if isinstance(what, dict) and set(what) == {"each"}:
        # "Prevent all combat damage that would be dealt by nongreen creatures this turn" (Hunter's Ambush): a shield
        # on every source of that group as the damage would be dealt, as "... dealt this turn by X" is
        if m.group(1) or m.group(2) or what["each"].get("zone", "battlefield") != "battlefield":
            return None
        return [Effect("prevent", {"by_each": what["each"], "combat": combat, "duration": "eot"})]
    out = [Effect("prevent", {"to": what, "combat": combat, "duration": dur})] if m.group(2) else []
    return out + [Effect("prevent", {"by": what, "combat": combat, "duration": dur})]


@reader(r"^prevent all (combat )?damage that would be dealt this turn by (.+)$")
def _prevent_by_group(m: re.Match, c: Ctx) -> list[Effect] | None:
    """615.1a: "Prevent all combat damage that would be dealt this turn by creatures target opponent
    controls" (Encircling Fissure), "... by creatures with power 3 or less" (Fog of War): a shield on
    every source of that group as the damage would be dealt (the group is not fixed as it resolves:
    611.2c covers only effects on characteristics and control)."""
    what = c.ref(m.group(2))
    if what is None and not m.group(2).startswith(("a ", "an ", "target ", "the ", "that ")):
        what = c.ref("all " + m.group(2))  # "... by creatures other than Werewolves and Wolves" (Moonmist)
    if isinstance(what, dict) and "target" in what:
        return [Effect("prevent", {"by": what, "combat": bool(m.group(1)), "duration": "eot"})]
    if not (isinstance(what, dict) and set(what) == {"each"}):
        return None
    return _group_shield(what["each"], bool(m.group(1)), sources=True)


def _group_shield(f: dict[str, Any], combat: bool, sources: bool = False) -> list[Effect] | None:
    """615.1a: a shield on every source of a group of permanents this turn, matched as the damage would be dealt.
    "other creatures" is other than the source of the effect (the filter is matched with no source then), so it is
    bound to that object; None for a group of another zone, or of sources unless ``sources`` (609.7a: "... that
    black sources would deal" is read by _prevent_sources; "... dealt this turn by non-Human sources" here)."""
    if f.get("zone", "battlefield") != "battlefield" or not sources and ("source" in f or "or" in f and any(
            isinstance(a, dict) and "source" in a for a in f["or"])):
        return None  # "black sources and red sources": spells too, wherever they are (_prevent_sources)
    if f.get("other"):
        f = {k: v for k, v in f.items() if k != "other"}
        f["other_than"] = "self"
    return [Effect("prevent", {"by_each": f, "combat": combat, "duration": "eot"})]


@reader(r"^(until your next turn, )?prevent all (combat )?damage (?:that (?!would ))?(.+?) would deal( this turn)?$")
def _prevent_would_deal(m: re.Match, c: Ctx) -> list[Effect] | None:
    """615.1a: "Prevent all damage target instant or sorcery spell would deal this turn" (Dromoka's
    Command), "Prevent all combat damage target creature would deal this turn": a shield on the
    source, as "... that would be dealt by X this turn" is; "Until your next turn, prevent all damage target
    permanent would deal" (Gideon of the Trials) until its controller's next turn begins (611.2a)."""
    if bool(m.group(1)) == bool(m.group(4)):
        return None
    what = c.ref(m.group(3))
    if what is None and not m.group(3).startswith(("a ", "an ", "target ", "the ", "that ", "each ", "all ")):
        what = c.ref("all " + m.group(3))  # "... that other creatures would deal this turn" (Haze Frog)
    if isinstance(what, dict) and set(what) == {"each"}:
        # "Prevent all combat damage non-Soldier creatures would deal this turn" (Frontline Strategist): a group of
        # sources matched as the damage would be dealt (615.1a), as "... dealt this turn by X" is
        return _group_shield(what["each"], bool(m.group(2))) if not m.group(1) else None
    if what is None or isinstance(what, dict) and "each" in what:
        return None
    return [Effect("prevent", {"by": what, "combat": bool(m.group(2)),
                               "duration": "your_next_turn" if m.group(1) else "eot"})]


@reader(r"^prevent all (combat )?damage that would be dealt (?:to (.+?) this turn|this turn to (.+))$")
def _prevent_to(m: re.Match, c: Ctx) -> list[Effect] | None:
    """615.1a: a shield on what would be dealt damage ("Prevent all damage that would be dealt to
    him this turn": Gideon, after he becomes a creature). A group ("to creatures") is not read: the
    shield would also cover what joins the group later (611.2c covers only characteristics and
    control), and the op binds the objects as it resolves."""
    what = c.ref(m.group(2) or m.group(3))  # ("... dealt this turn to up to two target creatures": Redeem)
    if what is None or isinstance(what, dict) and "each" in what:
        return None
    return [Effect("prevent", {"to": what, "combat": bool(m.group(1)), "duration": "eot"})]


@reader(r"^prevent the next (\d+|x) (combat )?damage that (would be dealt to (.+?)|a source of your choice would "
        r"deal to (you and/or (?:permanents|creatures) you control)) this turn(?:, where x is (.+))?$")
def _prevent_next(m: re.Match, c: Ctx) -> list[Effect] | None:
    """615.7: a shield of N; "the next 1 combat damage" (Decorated Griffin) prevents only combat damage (510.2); "the
    next X damage that would be dealt to you and/or permanents you control this turn" (Divine Deflection): one shield
    for that player and those permanents together, whichever is dealt damage first; "that a source of your choice
    would deal to ..." (Refraction Trap): only damage from the source chosen as it resolves (609.7a). The older order
    "that would be dealt this turn to target creature you control" (Samite Alchemist) is the same shield."""
    if not bind_x(m.group(6), c):
        return None
    group = _you_and_yours(m.group(4) or m.group(5))
    what = None if group is not None else c.ref(m.group(4)) if m.group(4) else None
    if what is None and group is None:
        return None
    args: dict[str, Any] = {**(group or {"to": what}), "amount": amount_of(m.group(1), c), "duration": "eot"}
    if m.group(5):
        args["from_chosen_source"] = True
    if m.group(2):
        args["combat"] = True
    return [Effect("prevent", args)]


@reader(r"^prevent the next (\d+|x) (combat )?damage that would be dealt this turn to (?!any number of targets)(.+)$")
def _prevent_next_older(m: re.Match, c: Ctx) -> list[Effect] | None:
    """615.7: "Prevent the next 4 damage that would be dealt this turn to target creature you control" (Samite
    Alchemist): the older word order of "... dealt to target creature you control this turn", the same shield."""
    again = _prevent_next.pattern.match(f"prevent the next {m.group(1)} {m.group(2) or ''}damage that would be dealt "
                                        f"to {m.group(3)} this turn")
    return _prevent_next.read(again, c) if again else None


def _you_and_yours(t: str) -> dict[str, Any] | None:
    """"you and/or permanents you control": the shield's recipients as a group, its controller and the permanents
    they control as the damage would be dealt (615.1a); None for other words."""
    m = re.fullmatch(r"you and/or (permanents|creatures) you control", t)
    if m is None:
        return None
    f: dict[str, Any] = {"controller": "you", **({"types": ["Creature"]} if m.group(1) == "creatures" else {})}
    return {"to_players": "you", "to_filter": f}


@reader(r"^prevent the next (\d+|x) damage that would be dealt this turn to any number of targets, divided as you "
        r"choose(?:, where x is (.+))?$")
def _prevent_divided(m: re.Match, c: Ctx) -> list[Effect] | None:
    """615.7, 601.2d: "Prevent the next 5 damage that would be dealt this turn to any number of targets, divided as you
    choose" (Remedy): one shield for each target, of the part of the amount announced for it as the spell was cast;
    "..., where X is the number of verse counters on SELF" (Serra's Hymn): X counted as the division is announced
    (107.3, 601.2d)."""
    if not bind_x(m.group(2), c):
        return None
    r = c.add_target(TargetSpec({"any": True}, "any number of targets", count=99, min=1))
    return [Effect("prevent", {"to": r, "amount": amount_of(m.group(1), c), "duration": "eot", "divided": True})]


@reader(
    r"^the next time (a source|an? [a-z ]+? source|a creature) of your choice( with [a-z]+| of the chosen color)? "
    r"would deal damage(?: to "
    r"(you|target creature|any target|.+?))? this turn, prevent that damage$"
)
def _cop(m: re.Match, c: Ctx) -> list[Effect] | None:
    """615.8: "The next time a source of your choice would deal damage to you this turn, prevent that damage"; "a red
    source", "an artifact source", "a black or red source", "a creature of your choice with shadow" (Circles of
    Protection): the source is chosen as it resolves (609.7a) among those of that kind. Without a recipient ("The
    next time a red source of your choice would deal damage this turn", Pilgrim of Justice): its next damage to
    anything."""
    to = c.ref(m.group(3)) if m.group(3) else None
    if m.group(3) and to is None:
        return None
    args: dict[str, Any] = {"from_chosen_source": True, "next": True, "duration": "eot"}
    if to is not None:
        args["to"] = to
    kind = _source_kind(m.group(1), m.group(2))
    if kind is None:
        return None
    return [Effect("prevent", {**args, **kind})]


def _source_kind(kind: str, with_: str | None) -> dict[str, Any] | None:
    """"a source", "a red source", "an artifact source", "a creature with shadow" of your choice: {} or the
    source_filter the chosen source must match (609.7a: a spell of that color is a source too); None if unread."""
    if kind == "a source" and not with_:
        return {}
    if with_ and with_.strip() == "of the chosen color":  # "a source of your choice of the chosen color" (Prismatic
        # Circle): of the color its source chose as it entered (614.12)
        inner = _source_kind(kind, None)
        return None if inner is None else {"source_filter": {**inner.get("source_filter", {}), "chosen_color": True}}
    noun = re.sub(r"^an? ", "", kind)
    noun = re.sub(r" source$", " permanent", noun) if noun != "source" else "permanent"
    f = parse_noun(noun + (with_ or ""))
    if f is None or f.get("player") or f.get("_needs_player_target"):
        return None
    f.pop("zone", None)
    if noun.endswith("permanent"):
        f.pop("permanent", None)  # a spell of that color is a source too (609.7a)
    return {"source_filter": f}


@reader(r"^prevent (all|the next (\d+|x)) damage (?:that would be dealt (?:to (.+?) )?this turn by (a source|an? "
        r"[a-z ]+? source) of your choice|(a source|an? [a-z ]+? source) of your choice would deal(?: to (.+?))? "
        r"this turn)$")
def _prevent_chosen_source(m: re.Match, c: Ctx) -> list[Effect] | None:
    """615.1a, 609.7a: "Prevent the next 3 damage that would be dealt to any target this turn by a source of your
    choice" (Healing Grace: a shield of 3 on that recipient against that source), "Prevent all damage a red source
    of your choice would deal this turn" (Burrenton Forge-Tender), "... that would be dealt to you this turn by a
    source of your choice" (Consulate Surveillance): the source chosen as it resolves."""
    to_phrase = m.group(3) or m.group(6)
    to = c.ref(to_phrase) if to_phrase else None
    if to_phrase and to is None:
        return None
    kind = _source_kind(m.group(4) or m.group(5), None)
    if kind is None:
        return None
    args: dict[str, Any] = {"from_chosen_source": True, "duration": "eot", **kind}
    if to is not None:
        args["to"] = to
    if m.group(2):
        args["amount"] = amount_of(m.group(2), c)
    return [Effect("prevent", args)]


@reader(r"^the next time (that creature|target creature|it|self|target creature an opponent controls|that permanent) "
        r"would deal damage(?: to (.+?))? this turn, prevent that damage$")
def _prevent_next_by(m: re.Match, c: Ctx) -> list[Effect] | None:
    """615.1a, 615.8: "The next time that creature would deal damage this turn, prevent that damage" (Dazzling
    Reflection): a shield on that source that prevents its next damage event, all of it, and is then used up."""
    by = c.ref(m.group(1))
    to = c.ref(m.group(2)) if m.group(2) else None
    if by is None or m.group(2) and to is None:
        return None
    return [Effect("prevent", {"by": by, **({"to": to} if to is not None else {}), "next": True, "duration": "eot"})]


def _group(phrase: str) -> dict | None:
    """A group of permanents named by a prevention effect ("creatures you control", "attacking creatures"),
    matched as the damage would be dealt; None when it is not such a group."""
    f = parse_noun(phrase)
    if f is None or f.get("player") or f.get("_needs_player_target") or f.get("zone") not in (None, "battlefield") \
            or phrase.startswith(("target ", "up to ", "that ", "those ", "it", "self", "enchanted ", "equipped ")):
        return None
    f.pop("zone", None)
    return f


@reader(r"^prevent all (combat )?damage that (?:would be dealt (?:this turn )?to (.+?)|(.+?) would deal to (.+?))"
        r"(?: this turn)?(?: by (.+?))?(?: this turn)?$")
def _prevent_group(m: re.Match, c: Ctx) -> list[Effect] | None:
    """615.1a: "Prevent all combat damage that would be dealt to players this turn" (Commencement of
    Festivities), "Prevent all damage that would be dealt this turn to creatures you control" (Divine Light),
    "... to you this turn by attacking creatures" (Deep Wood), "Prevent all damage that creatures would deal to
    players this turn" (Chameleon Blur): the recipients and the sources as groups, matched as each damage
    would be dealt (this turn only)."""
    if m.group(0).count(" this turn") != 1:
        return None
    to, by = m.group(2) or m.group(4), m.group(5) or m.group(3)
    if m.group(3) and m.group(5):
        return None
    args: dict = {"combat": bool(m.group(1)), "duration": "eot"}
    both = re.fullmatch(r"you and (.+)", to or "")
    if both:  # "to you and creatures you control" (Safe Passage): the player and the group alike (615.1a)
        f = _group(both.group(1))
        if f is None:
            return None
        args["to_players"], args["to_filter"] = "you", f
    elif to in ("players", "each player"):
        args["to_players"] = "each"
    elif to == "you":
        if by is None:
            return None  # "to you this turn": _prevent_to
        args["to_players"] = "you"
    else:
        f = _group(to)
        ref = c.ref(to) if f is None and by is not None and to.startswith(("that ", "it", "target ", "self")) else None
        if f is None and ref is None:
            return None
        if ref is not None:  # "... dealt to that creature this turn by colorless sources" (Lithomancer's Focus)
            args["to"] = ref
        else:
            args["to_filter"] = f
    if by is not None:
        g = _group(by)
        if g is None:
            return None
        # "by colorless sources": a spell on the stack is a source too (609.7a), not only a permanent
        args["by_each"] = {**g, "zone": "any_card"} if g.get("source") else g
    return [Effect("prevent", args)]


def _sources(f: dict) -> dict | None:
    """A group of sources ("red sources", "sources of the color of your choice", "black sources and red
    sources"): permanents and spells alike (609.7a), matched wherever the source is; None when the phrase
    does not name sources only."""
    alts = f["or"] if set(f) == {"or"} else [f]
    if not all(isinstance(a, dict) and a.get("source") for a in alts):
        return None
    out = [{k: v for k, v in a.items() if k not in ("source", "zone")} for a in alts]
    return {"or": out, "zone": "any_card"} if len(out) > 1 else {**out[0], "zone": "any_card"}


@reader(r"^prevent all (combat )?damage that (.+?) would deal this turn$")
def _prevent_sources(m: re.Match, c: Ctx) -> list[Effect] | None:
    """615.1a: "Prevent all damage that sources of the color of your choice would deal this turn" (Prismatic
    Strands: the color chosen as it resolves, 608.2d), "... that black sources and red sources would deal
    this turn" (Luminesce): a shield against every source of the group, matched as the damage would be dealt."""
    f = parse_noun(m.group(2))
    by = _sources(f) if f is not None else None
    if by is None:
        return None
    return [Effect("prevent", {"by_each": by, "combat": bool(m.group(1)), "duration": "eot"})]


def _recipient(to: str, c: Ctx, args: dict[str, Any]) -> bool:
    """The one damage is dealt to in a prevention or redirection (615.1a, 614.9): "you", or one object or player an
    earlier word names ("target creature", "that creature"), not a group; False when the words name none."""
    if to == "you":
        args["to_players"] = "you"
        return True
    ref = c.ref(to)
    if ref is None or isinstance(ref, dict) and "each" in ref:
        return False
    args["to"] = ref
    return True


@reader(r"^(?:all|the next (\d+|x)) (combat )?damage that would be dealt (this turn )?to (.+?)(?: this turn)?"
        r"(?: by (.+?))?( this turn)? is dealt to (.+?) instead(?: \(if it's still on the battlefield\))?$")
def _redirect(m: re.Match, c: Ctx) -> list[Effect] | None:
    """614.9: a redirection effect, this turn. "All damage that would be dealt this turn to you and permanents you
    control is dealt to the chosen permanent instead" (Gideon's Sacrifice), "The next 1 damage that would be dealt to
    SELF this turn is dealt to target creature you control instead" (the en-Kor: used up after so much, as a shield
    of N is, 615.7), "All combat damage that would be dealt to you this turn by target unblocked creature is dealt to
    its controller instead", "All damage that would be dealt this turn to target creature you control by a source of
    your choice is dealt to another target creature instead" (the source chosen as it resolves, 609.7a)."""
    if m.group(0).count(" this turn") != 1:
        return None
    args: dict[str, Any] = {"combat": bool(m.group(2)), "duration": "eot"}
    if m.group(1):
        args["amount"] = amount_of(m.group(1), c)
    to = m.group(4)
    both = re.fullmatch(r"you and (other )?(.+)", to)
    if both:  # "to you and (other) permanents you control": the player and the group (matched as dealt, 615.1a-like)
        f = _group(both.group(2))
        if f is None:
            return None
        args["to_players"], args["to_filter"] = "you", {**f, **({"other": True} if both.group(1) else {})}
    elif not _recipient(to, c, args):
        return None
    by = m.group(5)
    if by is not None:
        if by == "a source of your choice":
            args["from_chosen_source"] = True
        elif by.startswith(("target ", "that ", "it")):
            ref = c.ref(by)
            if ref is None:
                return None
            args["by"] = ref
        else:  # "by unblocked creatures", "by artifacts": the sources matched as the damage is dealt (609.7)
            f = _group(by)
            if f is None:
                return None
            args["by_filter"] = {**f, "zone": "any_card"} if f.get("source") else f
    into = m.group(7)
    if into.startswith("its controller"):  # the controller of the source named ("by target unblocked creature")
        if "by" not in args:
            return None
        args["into"] = {"controller_of": args["by"]}
    elif (ch := re.fullmatch(r"(?:a|an|one) (.+?) of your choice", into)) is not None:
        f = parse_noun(ch.group(1))  # "Choose a creature or planeswalker you control. ... the chosen permanent"
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield"):
            return None
        args["into"] = {"choose": {k: v for k, v in f.items() if k != "zone"}}
    else:
        ref = c.ref(into)
        if ref is None or isinstance(ref, dict) and "each" in ref:
            return None
        args["into"] = ref
    return [Effect("redirect", args)]


@reader(r"^the next time (?:(?P<by>.+?) would deal (?P<combat>combat )?damage(?: to (?P<to>.+?))?|damage would be "
        r"dealt to (?P<to2>.+?)) this turn, (?:that damage is dealt to (?P<into>.+?)|(?:that source|that spell|"
        r"that creature|it) deals that damage to (?P<into2>.+?)) instead$")
def _redirect_next(m: re.Match, c: Ctx) -> list[Effect] | None:
    """614.9: a redirection of one damage event, the next one this turn that it applies to (all of that damage,
    then used up, as the shields of 615.8 are): "The next time a source of your choice would deal damage to you this
    turn, that damage is dealt to SELF instead" (the source chosen as it resolves, 609.7a), "... would deal damage
    to target creature this turn, that source deals that damage to you instead", "The next time an instant or
    sorcery spell would deal damage to you this turn, that spell deals that damage to its controller instead",
    "The next time a source of your choice would deal damage this turn, that damage is dealt to that source's
    controller instead" (to any recipient), "The next time damage would be dealt to SELF this turn, ..." (from any
    source), "The next time target attacking creature would deal combat damage to SELF this turn, that creature
    deals that damage to itself instead". The damage is still dealt by its source (609.7b)."""
    args: dict[str, Any] = {"combat": bool(m.group("combat")), "duration": "eot", "next": True}
    by = m.group("by")
    if by is None:
        pass  # "the next time damage would be dealt to X": from any source
    elif by == "a source of your choice":
        args["from_chosen_source"] = True
    elif by.startswith(("target ", "that ", "it", "self")):
        ref = c.ref(by)
        if ref is None or isinstance(ref, dict) and "each" in ref:
            return None
        args["by"] = ref
    else:  # "an instant or sorcery spell": any source of that kind, matched as the damage would be dealt (609.7)
        f = parse_noun(re.sub(r"^an? ", "", by))
        if f is None or f.get("player") or f.get("_needs_player_target") or not by.startswith(("a ", "an ")):
            return None
        f = {k: v for k, v in f.items() if k != "zone"}
        args["by_filter"] = {**f, "zone": "any_card"}
    to = m.group("to") or m.group("to2")
    if to is None:
        args["to_any"] = True
    elif to == "an opponent":
        args["to_players"] = "opponent"
    elif not _recipient(to, c, args):
        return None
    into = m.group("into") or m.group("into2")
    if into in ("that source's controller", "its controller"):
        if by is None or "by" in args:
            return None  # only a source chosen or matched: the controller of the damage's source as it is dealt
        args["into"] = "source_controller"
    elif into == "itself":
        if "by" not in args:
            return None
        args["into"] = args["by"]
    else:
        ref = c.ref(into)
        if ref is None or isinstance(ref, dict) and "each" in ref:
            return None
        args["into"] = ref
    return [Effect("redirect", args)]


#: this family's readers, in the order they are tried
READERS: tuple[Reader, ...] = (_redirect, _redirect_next, _fog, _prevent_by, _prevent_by_group, _prevent_would_deal,
                               _prevent_group,
                               _prevent_to,
                               _prevent_next, _prevent_next_older, _prevent_divided, _cop, _prevent_next_by,
                               _prevent_sources,
                               _prevent_chosen_source)
