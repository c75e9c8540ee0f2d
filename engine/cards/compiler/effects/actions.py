"""Keyword actions (CR 701) and emblems (113), fights (701.10).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.cards.abilities import Ability, Effect, TargetSpec
from engine.cards.compiler.effects.amounts import WHERE_X, amount_of, bind_x, scaled
from engine.cards.compiler.effects.context import Ctx, Reader, reader
from engine.cards.compiler.subtypes import subtype
from engine.cards.compiler.targets import number, parse_target

#: Where the keyword actions read here are defined: their 701 rule of April 8, 2016, or the
#: set that introduced them (monarch and initiative are designations, not 701 actions).
ACTION_RULES = {
    "fateseal": "701.19",
    "proliferate": "701.24",
    "transform": "701.25",
    "flip": "709",
    "populate": "701.27",
    "monstrosity": "701.28",
    "bolster": "701.30",
    "manifest": "701.31",
    "support": "701.32",
    "investigate": "701.33",
    "planeswalk": "701.21",
    "abandon": "701.23",
    **{
        name: f"not in the 2016 rules (introduced by {where})"
        for name, where in [
            ("become the monarch", "Conspiracy: Take the Crown"),
            ("goad", "Commander 2017"),
            ("explore", "Ixalan"),
            ("adapt", "Ravnica Allegiance"),
            ("amass", "War of the Spark"),
            ("learn", "Strixhaven"),
            ("venture into the dungeon", "Adventures in the Forgotten Realms"),
            ("connive", "Streets of New Capenna"),
            ("open an attraction", "Unfinity"),
            ("roll to visit your attractions", "Unfinity"),
            ("take the initiative", "Commander Legends: Battle for Baldur's Gate"),
            ("the ring tempts you", "The Lord of the Rings: Tales of Middle-earth"),
            ("incubate", "March of the Machine"),
            ("discover", "The Lost Caverns of Ixalan"),
            ("time travel", "Doctor Who"),
            ("cloak", "Murders at Karlov Manor"),
            ("collect evidence", "Murders at Karlov Manor"),
            ("suspect", "Murders at Karlov Manor"),
            ("forage", "Bloomburrow"),
            ("manifest dread", "Duskmourn"),
            ("endure", "Tarkir: Dragonstorm"),
            ("harness", "Aetherdrift"),
            ("seek", "Alchemy"),
            ("prepare", "Secrets of Strixhaven"),
            ("blight", "Lorwyn Eclipsed"),
        ]
    },
}


#: "target opponent who has more life than you do as you activate this ability" (Keeper of the Light), "... who
#: controls more creatures than you do ...", "... who has at least two more cards in hand than you do ...", "... who
#: has at least two fewer creature cards in their graveyard than you do ..."
_MORE_THAN_YOU = re.compile(r"target opponent who (has|controls) (?:at least (two|three) )?(more|fewer) (life|cards in "
                            r"hand|creatures|creature cards in their graveyard) than you do as you activate this "
                            r"ability")


def _more_than_you(m: re.Match) -> dict[str, Any] | None:
    """The ``opponent_with_more`` filter of a _MORE_THAN_YOU phrase: compared with the ability's controller, as the
    target is chosen only (601.2c; engine/targets.py _as_chosen_only on resolution)."""
    what = m.group(4)
    if (m.group(1) == "controls") != (what == "creatures") or what == "life" and m.group(3) == "fewer":
        return None
    kind: dict[str, Any] = {"life": True} if what == "life" else {"hand": True} if what == "cards in hand" else \
        {"count": {"types": ["Creature"]}} if what == "creatures" else {"graveyard": {"types": ["Creature"]}}
    return {**kind, "you": True, "as_chosen": True, **({"by": number(m.group(2))} if m.group(2) else {}),
            **({"fewer": True} if m.group(3) == "fewer" else {})}


@reader(r"^choose (target .+?|up to (?:one|two|three|that many) target .+?|any number of target .+?|"
        r"(?:two|three) target .+?)"
        r"(?: and (another target .+|target .+))?$")
def _choose_target(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Choose target creature an opponent controls. When that creature dies this turn, ... Target creature you
    control fights that creature" (Time to Feed): the target is chosen as the spell is cast (601.2c); the
    sentence does nothing else, and "that creature" after it is that target (608.2c)."""
    more = _MORE_THAN_YOU.fullmatch(m.group(1))
    first = c.ref(m.group(1) if more is None else "target opponent")
    if not (isinstance(first, dict) and "target" in first):
        return None
    if more is not None:
        cmp = _more_than_you(more)
        if cmp is None or m.group(2):
            return None
        spec = c.targets[first["target"]]
        c.targets[first["target"]] = replace(spec, filter={**spec.filter, "opponent_with_more": cmp})
        c.last_player = first  # "SELF deals 2 damage to that player" (Keeper of the Flame): the target
    if m.group(2):
        second = c.ref(m.group(2))
        if not (isinstance(second, dict) and "target" in second):
            return None
    c.last = first if not m.group(2) else c.last
    return []


@reader(r"^(?:then )?(planeswalk|abandon self)$")
def _planar_action(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.21: "planeswalk" (the controller, when they are the planar controller: engine/planechase.py); 701.23,
    312.7: "abandon this scheme" (the scheme that is the source: engine/archenemy.py)."""
    return [Effect("action", {"name": m.group(1).split()[0]})]


@reader(r"^(investigate|proliferate|populate|learn|venture into the dungeon|the ring tempts you|manifest dread|"
        r"you become the monarch|you take the initiative|open an attraction|forage|time travel)"
        r"( twice| (?:three|four|five) times| an additional time)?$")
def _action0(m: re.Match, c: Ctx) -> list[Effect] | None:
    name = m.group(1).replace("you become", "become").replace("you take", "take")
    if m.group(2) == " an additional time" and name != "investigate":
        return None
    # "investigate an additional time" (Erdwal Illuminator): once more, one more investigation (701.33a)
    times = 1 if not m.group(2) or m.group(2) == " an additional time" else 2 if m.group(2) == " twice" \
        else number(m.group(2).split()[0]) or 1
    if name == "investigate":  # 701.33a, once for each time (Confirm Suspicions: "Investigate three times")
        return [Effect("token", {"amount": times, "kind": "Clue", "investigate": True})]
    args: dict[str, Any] = {"name": name.replace(" ", "_")}
    if times > 1:
        args["times"] = times
    if name == "manifest dread":
        c.last = "created"  # "then attach SELF to that creature": the manifested permanent
    return [Effect("action", args)]


@reader(r"^(.+?) blights (\d+)$")
def _blight_who(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Blight N (a later keyword action, Lorwyn Eclipsed, 2026) by other players: "Target opponent blights 2"
    (Champion of the Weird), "each opponent blights 1" (High Perfect Morcant): each of them puts N -1/-1 counters on
    a creature they control (engine/ops/actions.py blight)."""
    who = c.player(m.group(1))
    if who is None or who == "you":
        return None
    return [Effect("action", {"name": "blight", "amount": int(m.group(2)), "who": who})]


@reader(r"^(.+?) manifests dread$")
def _manifest_dread_who(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Manifest dread (a later keyword action, Duskmourn, 2024) by another player: "Destroy target creature. Its
    controller manifests dread" (Unwanted Remake), "the exiled card's owner manifests dread": that player looks at
    the top two cards of their own library, manifests one (701.31a: face down under their control) and puts the
    other into their graveyard."""
    who = c.player(m.group(1))
    if who is None or who == "you":
        return None
    c.last = "created"
    return [Effect("action", {"name": "manifest_dread", "who": who})]


@reader(r"^(unlock a locked|lock or unlock a) door of ((?:up to one )?target room you control)$")
def _unlock_door(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Unlock a locked door of up to one target Room you control", "Lock or unlock a door of target Room you
    control" (Rooms, a later layout, Duskmourn: an effect unlocks it without paying, or locks it; engine/ops/actions.py
    unlock_door and lock_or_unlock_door, engine/rooms.py)."""
    spec = parse_target(m.group(2))
    if spec is None:
        return None
    name = "unlock_door" if m.group(1).startswith("unlock") else "lock_or_unlock_door"
    return [Effect("action", {"name": name, "what": c.add_target(spec)})]


@reader(r"^(?:(.+?) investigates|investigate) for each (.+?)$|^(.+?) investigates( twice| (?:three|four|five) times)?$")
def _investigate_who(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.33a: "That player investigates for each nontoken creature exiled this way" (Declaration in
    Stone): that player creates a Clue token, once for each (its reminder text)."""
    who_text = m.group(1) or m.group(3)
    who = c.player(who_text) if who_text else "you"
    if who is None:
        return None
    if m.group(2):
        n = scaled("one", m.group(2), c)
    else:
        n = 1 if not m.group(4) else 2 if m.group(4) == " twice" else number(m.group(4).split()[0])
    if n is None:
        return None
    args: dict[str, Any] = {"amount": n, "kind": "Clue", "investigate": True}
    if who != "you":
        args["who"] = who
    return [Effect("token", args)]


@reader(r"^collect evidence (\d+)$")
def _collect_evidence(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Collect evidence N (a later keyword action, Murders at Karlov Manor): "exile any number of cards from your
    graveyard with total mana value N or greater" (engine/ops/actions.py); "you may collect evidence 4. If you do"
    is a yes only when the graveyard holds enough."""
    return [Effect("action", {"name": "collect_evidence", "amount": int(m.group(1))})]
@reader(r"^it becomes (day|night)$")
def _day_night(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"It becomes night." (Into the Night), "If it's night, it becomes day. Otherwise, it becomes night." (The
    Celestus): day and night, a later rule (Innistrad: Midnight Hunt), engine/transform.py become."""
    return [Effect("action", {"name": "day_night", "to": m.group(1)})]


@reader(r"^(.+?) (explores|connives)$")
def _action_obj(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return (
        None
        if what is None
        else [Effect("action", {"name": m.group(2)[:-1] if m.group(2) == "explores" else "connive", "what": what})]
    )


@reader(r"^(.+?) explores, then (?:it|that creature) explores again$")
def _explore_twice(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"When SELF enters, it explores, then it explores again" (Jadelight Ranger): two explore actions, one after
    the other (a later keyword action, Ixalan)."""
    what = c.ref(m.group(1))
    return None if what is None else [Effect("action", {"name": "explore", "what": what}) for _ in range(2)]


@reader(r"^(.+?) explores (twice|x times|(?:three|four|five) times)$")
def _explore_times(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"When SELF enters, it explores X times" (Jadelight Spelunker): explore (a later keyword action, Ixalan) again
    and again, each on its own, the number of times counted as it begins (the X paid as SELF was cast, 107.3)."""
    what = c.ref(m.group(1))
    word = m.group(2).split()[0]
    times: Any = 2 if word == "twice" else amount_of("x", c) if word == "x" else number(word)
    if what is None or times is None:
        return None
    return [Effect("action", {"name": "explore", "what": what, "times": times})]


@reader(r"^(it|self) becomes renowned$")
def _renowned(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("action", {"name": "renowned", "what": "self"})]  # 702.111b: a designation


@reader(r"^the next time (target creature|target creature you control) adapts this turn, it adapts as though it had no "
        r"\+1/\+1 counters on it$")
def _adapt_fresh(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"The next time target creature adapts this turn, it adapts as though it had no +1/+1 counters on it"
    (Biomancer's Familiar): adapt (a later keyword action, Ravnica Allegiance) puts its counters that once."""
    what = c.ref(m.group(1))
    return None if what is None else [Effect("action", {"name": "adapt_fresh", "what": what})]


@reader(r"^(bolster|monstrosity|adapt|incubate|discover|support|fateseal|goad|blight) (\d+|x)"
        r"( twice| (?:three|four|five|x) times)?(?:, where x is (.+))?$")
def _action_n(m: re.Match, c: Ctx) -> list[Effect] | None:
    if not bind_x(m.group(4), c):  # "Bolster X, where X is the number of cards in your hand" (107.3: X bound)
        return None
    if m.group(3):  # "Incubate X twice, where X is the number of lands you control" (Glistening Dawn), "incubate 3 X
        # times" (Progenitor Exarch): the keyword action again, each time on its own (608.2c), the number of times
        # counted as it resolves (107.3)
        if m.group(1) not in ("bolster", "incubate", "discover", "blight"):
            return None
        word = m.group(3).split()[0]
        times: Any = 2 if word == "twice" else amount_of("x", c) if word == "x" else number(word)
        n = amount_of(m.group(2), c)
        if times is None or n is None:
            return None
        return [Effect("action", {"name": m.group(1), "amount": n, "times": times})]
    if m.group(1) == "support" and m.group(2).isdigit():
        # 701.32a: "Put a +1/+1 counter on each of up to N other target creatures" (on an instant or
        # sorcery "up to N target creatures": no creature is the spell itself, so "other" is the same)
        spec = parse_target(f"up to {m.group(2)} other target creatures")
        if spec is None:
            return None
        return [Effect("counters", {"what": c.add_target(spec), "kind": "+1/+1", "amount": 1})]
    return [Effect("action", {"name": m.group(1), "amount": amount_of(m.group(2), c)})]


@reader(r"^(.+?) endures (\d+|x)(?:, where x is (.+))?$")
def _endure(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"When SELF enters, it endures 1", "Whenever another nontoken creature you control enters, it endures X, where
    X is ..." (endure, a later keyword action: Tarkir: Dragonstorm): the permanent named (engine/ops/actions.py)."""
    what = c.ref(m.group(1))
    if what is None or isinstance(what, str) and what not in ("self", "it"):
        return None
    if not bind_x(m.group(3), c):
        return None
    n = amount_of(m.group(2), c)
    return None if n is None else [Effect("action", {"name": "endure", "what": what, "amount": n})]


@reader(r"^amass (\w+) (\d+|x)" + WHERE_X + "$")
def _amass(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Amass (a later keyword action, War of the Spark); "amass Zombies X, where X is Q" counts Q as it resolves
    (107.3)."""
    st = subtype(m.group(1))
    if st is None or not bind_x(m.group(3), c):
        return None
    return [Effect("action", {"name": "amass", "subtype": st, "amount": amount_of(m.group(2), c)})]


@reader(r"^detain (.+)$")
def _detain(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.26a: "Until your next turn, that permanent can't attack or block and its activated
    abilities can't be activated." (its reminder text)"""
    what = c.ref(m.group(1))
    if what is None:
        return None
    return [Effect("restrict", {"what": what, "rule": rule, "duration": "your_next_turn"})
            for rule in ("cant_attack_or_block", "no_activated_abilities")]


@reader(r"^(.+?) phases? out$")
def _phase_out(m: re.Match, c: Ctx) -> list[Effect] | None:
    """702.25b: "Target creature you don't control phases out" (Teferi, Master of Time): treated as though it
    doesn't exist until it phases in during its controller's next untap step (702.25a; engine/phasing.py)."""
    out: list[Effect] = []
    for part in re.split(r" and ", m.group(1)):  # "SELF and that creature phase out" (Dream Fighter): both
        what = c.ref(part)
        if what is None or isinstance(what, str) and what not in ("self", "attached", "it", "damaged", "blocker",
                                                                  "other"):
            return None  # ("{U}{U}: Enchanted creature phases out": the Aura goes with the creature, 702.25g)
        out.append(Effect("action", {"name": "phase_out", "what": what}))
    return out


@reader(r"^goad (.+)$")
def _goad(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("action", {"name": "goad", "what": what})]


@reader(r"^transform (self|it|him|her)$")
def _transform(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.25a: "transform SELF"; "transform him" (Garruk Relentless): a legend's pronoun is the legend itself."""
    return [Effect("action", {"name": "transform", "what": "self"})]


@reader(r"^(self|it|target mount you control) becomes saddled until end of turn$")
def _saddled(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Saddle (a later keyword, Outlaws of Thunder Junction): "SELF becomes saddled until end of turn" (its
    activated ability), "Target Mount you control becomes saddled until end of turn" (Guidelight Matrix): a
    designation of the permanent for the rest of the turn (engine/ops/actions.py saddle)."""
    what = c.ref(m.group(1))
    return None if what is None else [Effect("action", {"name": "saddle", "what": what})]


@reader(r"^transform ((?:all|each|target|up to one target) .+)$")
def _transform_these(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Transform all Humans" (Moonmist), "transform target creature": each permanent it names that can transform
    does (701.25a; 701.25c: one that can't, a single-faced permanent, doesn't)."""
    what = c.ref(m.group(1))
    return None if what is None or what == "self" else [Effect("action", {"name": "transform", "what": what})]


@reader(r"^(self|it) becomes prepared$")
def _prepared(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"SELF becomes prepared", "Whenever this creature attacks, it becomes prepared" (a later mechanic, Secrets of
    Strixhaven): the permanent gets the prepared designation (engine/prepare.py; engine/ops/actions.py)."""
    what = c.ref(m.group(1))
    return [Effect("action", {"name": "prepare", "what": what})] if what in ("self", "it") else None


@reader(r"^flip (self|it)$")
def _flip(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("action", {"name": "flip", "what": "self"})]


@reader(r"^you get an emblem with \"(.+)\"$")
def _emblem(m: re.Match, c: Ctx) -> list[Effect] | None:
    return _emblem_for("you", m.group(1))


@reader(r"^(each opponent|target opponent|target player|each (?:player|opponent) dealt damage this way) gets an "
        r"emblem with \"(.+)\"$")
def _emblem_opp(m: re.Match, c: Ctx) -> list[Effect] | None:
    """113.2: an emblem another player gets ("target opponent gets an emblem with ...": Ob Nixilis
    Reignited); that player owns and controls it, so "you" in its text is that player."""
    who = c.player(m.group(1))
    return None if who is None else _emblem_for(who, m.group(2))


def _emblem_for(who: Any, text: str) -> list[Effect] | None:
    from engine.cards.compiler import compile_abilities_text  # layering: cycle (compiler imports this)
    # a quotation inside the quoted text is in single quotes ("... have '{T}: ...'"); an apostrophe
    # inside a word ("each opponent's upkeep") is not one
    abl = []
    for part in text.split('" and "'):  # 'an emblem with "A" and "B"' (Saheeli, Filigree Master): both
        quoted = re.sub(r"(?<![a-z])'|'(?![a-z])", '"', part, flags=re.I)
        got = compile_abilities_text(quoted.replace("this emblem", "SELF"))
        if got is None:
            return None
        abl += got
    return [Effect("emblem", {"who": who, "abilities": abl})]


@reader(r"^(until end of turn|until your next turn|this turn), (whenever .+)$|^(whenever .+?) this turn, (.+)$|"
        r"^when (you next .+?) this turn, (.+)$")
def _delayed_whenever(m: re.Match, c: Ctx) -> list[Effect] | None:
    """603.7: "Until end of turn, whenever a creature you control deals combat damage to a player, ...",
    "Whenever a creature attacks this turn, put a +1/+1 counter on it": a delayed triggered ability that
    triggers on each such event until the duration ends (611.2a; engine/ops/control.py)."""
    from engine.cards.compiler import compile_ability_text  # layering: cycle (compiler imports this)
    once = bool(m.group(5))  # "when you next cast an instant or sorcery spell this turn": the next one only
    text = m.group(2) if m.group(2) else f"{m.group(3)}, {m.group(4)}" if m.group(3) else \
        f"whenever {m.group(5).replace('you next ', 'you ', 1)}, {m.group(6)}"
    ab = compile_ability_text(text[0].upper() + text[1:])
    if ab is None or ab.kind != "triggered" or ab.modes or (ab.trigger or {}).get("event") in (None, "step", "state"):
        return None
    until = "your_next_turn" if (m.group(1) or "").endswith("next turn") else "eot"
    return [Effect("delayed_trigger", {"ability": ab, "until": until, **({"once": True} if once else {})})]


@reader(r"^(?:then )?(?:those creatures|those two creatures|the two creatures|they) fight each other$")
def _fight_each_other(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Choose target creature you control and target creature you don't control. ... Then those creatures fight
    each other." (Joust): the two creature targets of the spell, each dealing damage equal to its power to the
    other (701.10a)."""
    slots = [i for i, t in enumerate(c.targets) if t.count == 1 and t.filter.get("types") == ["Creature"]]
    if len(slots) != 2 or len(c.targets) != 2:
        return None
    return [Effect("fight", {"a": {"target": slots[0]}, "b": {"target": slots[1]}})]


@reader(r"^(.+?) fights (.+)$")
def _fight(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.10: each deals damage equal to its power to the other. "Target creature you control fights that creature":
    "that creature" is the one named before this sentence, read before its own new target (608.2c)."""
    if m.group(2) in ("that creature", "it"):
        b = c.ref(m.group(2))
        a = c.ref(m.group(1))
        return None if a is None or b is None else [Effect("fight", {"a": a, "b": b})]
    a = c.ref(m.group(1))
    b = c.ref(m.group(2))
    return None if a is None or b is None else [Effect("fight", {"a": a, "b": b})]


_WATCHED = {"that creature": "a creature", "it": "a permanent", "that permanent": "a permanent",
            "either of those creatures": "a creature", "those creatures": "a creature", "the creature": "a creature",
            "self": "a permanent"}


@reader(r"^(?:(until your next turn), )?(when|whenever) (that creature|it|that permanent|either of those creatures|"
        r"those creatures|the creature|self) (.+?)( this turn)?, (.+)$")
def _delayed_on_object(m: re.Match, c: Ctx) -> list[Effect] | None:
    """603.7c: "When that creature dies this turn, create a 1/1 Spirit" (Make Your Mark), "Whenever that creature
    deals combat damage this turn, ..." (Hunter's Insight), "Until your next turn, whenever either of those
    creatures deals combat damage, you draw a card" (Tamiyo, Field Researcher): a delayed triggered ability about
    the objects named before, fixed as it is created; "it" in it is the event's object. "{2}: SELF fights another
    target creature you control. When SELF dies this turn, return it to the battlefield transformed under your
    control." (Golden Guardian): about the source itself, named as SELF."""
    from engine.cards.compiler import compile_ability_text  # layering: cycle (compiler imports this)
    if bool(m.group(1)) == bool(m.group(5)):
        return None  # one duration: "this turn" or "until your next turn"
    watch = c.ref("that creature" if m.group(3) in ("either of those creatures", "those creatures", "the creature")
                  else m.group(3))
    if watch is None or watch == "self" and m.group(3) != "self" or isinstance(watch, dict) and "each" in watch:
        return None
    subject = _WATCHED[m.group(3)]
    verb = re.sub(r"^(deal|die|attack|block|leave|become)\b", r"\1s", m.group(4)) if m.group(3).endswith("creatures") \
        else m.group(4)
    ab = compile_ability_text(f"{m.group(2).capitalize()} {subject} {verb}, {m.group(6)}")
    if ab is None:  # "whenever that creature deals combat damage": read as SELF's event ("SELF deals combat damage"),
        # when what follows does not name SELF
        ab = compile_ability_text(f"{m.group(2).capitalize()} SELF {verb}, {m.group(6)}")
        if ab is not None and "'self'" in repr(ab.effects) and not re.search(r"\bself\b", m.group(6)):
            # "whenever that creature deals damage this turn, return it to its owner's hand" (Niko Aris): with no
            # SELF in the text, a pronoun read as SELF is the watched object, the event's ("it")
            ab = replace(ab, effects=tuple(_self_to_it(e) for e in ab.effects))
        if ab is not None and ("'self'" in repr(ab.effects) or not (ab.trigger or {}).get("self")):
            return None
    trig = (ab.trigger or {}) if ab is not None else {}
    if ab is None or ab.kind != "triggered" or ab.modes or trig.get("event") in (None, "step", "state") \
            or set(trig) - {"event", "filter", "combat", "defending", "who", "self"} \
            or trig.get("filter") not in (None, {"types": ["Creature"]}, {"permanent": True}) \
            or "'other': True" in repr(ab.effects):
        return None  # "dies under your control" (a filter of its own), "each other creature" (other than which?)
    trig = {k: v for k, v in trig.items() if k not in ("filter", "self")}  # the objects themselves (603.7c)
    ab = replace(ab, trigger=trig)
    return [Effect("delayed_trigger", {"ability": ab, "until": "your_next_turn" if m.group(1) else "eot",
                                       "watch": watch})]


def _self_to_it(x: Any) -> Any:
    """Every "self" reference in an effect's arguments (nested effects too) made "it"."""
    if x == "self":
        return "it"
    if isinstance(x, Effect):
        return Effect(x.op, _self_to_it(x.args))
    if isinstance(x, dict):
        return {k: _self_to_it(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return type(x)(_self_to_it(v) for v in x)
    return x


@reader(r"^whenever a creature dealt damage by (that creature|it) (?:this turn )?dies this turn, (.+)$")
def _delayed_dealt_by(m: re.Match, c: Ctx) -> list[Effect] | None:
    """603.7c, 700.4: "Whenever a creature dealt damage by that creature dies this turn, its controller loses 2 life"
    (Touch of Moonglove): a delayed trigger this turn on each creature dying that the object named before dealt
    damage to this turn (its damage sources, 514.2)."""
    from engine.cards.compiler import compile_ability_text  # layering: cycle (compiler imports this)
    watch = c.ref(m.group(1))
    if watch is None or watch == "self" or isinstance(watch, dict) and "each" in watch:
        return None
    ab = compile_ability_text(f"Whenever a creature dies, {m.group(2)}")
    if ab is None or ab.kind != "triggered" or ab.trigger != {"event": "dies", "filter": {"types": ["Creature"]}} \
            or ab.modes:
        return None
    return [Effect("delayed_trigger", {"ability": ab, "until": "eot", "watch": watch, "watch_as": "dealt_by"})]


#: what an earthbended land does as it leaves: "When it dies or is exiled, return it to the battlefield tapped."
_EARTH_RETURN = (Effect("move", {"what": "it", "to": "battlefield", "tapped": True}),)


@reader(r"^earthbend (\w+|x)" + WHERE_X + "$")
def _earthbend(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Earthbend N (a later keyword action, Avatar: The Last Airbender; not in the 2016 rules), as its reminder text
    says: "Target land you control becomes a 0/0 creature with haste that's still a land. Put N +1/+1 counters on
    it. When it dies or is exiled, return it to the battlefield tapped." The last is a delayed triggered ability
    about that land (603.7c), once, with no end (engine/ops/control.py delayed_trigger)."""
    if not bind_x(m.group(2), c):
        return None
    n = amount_of(m.group(1), c)
    if n is None or n == {"x": True}:
        return None
    land = c.add_target(TargetSpec({"types": ["Land"], "controller": "you"}, "target land you control"))
    c.last = land
    back = [Ability("triggered", text, effects=_EARTH_RETURN, trigger=trig) for text, trig in (
        ("When it dies, return it to the battlefield tapped.", {"event": "dies"}),
        ("When it is exiled, return it to the battlefield tapped.", {"event": "ltb", "to": ["exile"]}))]
    return [Effect("animate", {"what": land, "power": 0, "toughness": 0, "types": ["Creature"], "subtypes": [],
                               "colors": [], "keywords": ["Haste"], "duration": "permanent", "in_addition": True}),
            Effect("counters", {"what": land, "kind": "+1/+1", "amount": n}),
            *(Effect("delayed_trigger", {"ability": ab, "until": "never", "watch": land, "once": True})
              for ab in back)]


@reader(r"^airbend (.+)$")
def _airbend(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Airbend (a later keyword action, Avatar: The Last Airbender; not in the 2016 rules), as its reminder text says:
    "Exile it. While it's exiled, its owner may cast it for {2} rather than its mana cost." (an alternative cost,
    118.9; the permission names the exiled cards, so it ends as each leaves exile, 400.7)."""
    what = c.ref(m.group(1))
    if what is None or what in ("self", "it"):
        return None
    return [Effect("exile", {"what": what}),
            Effect("playable", {"what": "exiled", "play": "cast", "until": "remains_exiled", "owner_may": True,
                                "cost": ["2"]})]


@reader(r"^suspect (.+)$|^(.+?) (?:is|are|becomes?) no longer suspected$")
def _suspect(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Suspect (a later keyword action, Murders at Karlov Manor): "suspect it", "suspect up to one target creature";
    "[it] is no longer suspected" ends it (engine/ops/continuous.py suspect)."""
    what = c.ref(m.group(1) or m.group(2))
    if what is None:
        return None
    return [Effect("suspect", {"what": what, **({"end": True} if m.group(2) else {})})]


#: this family's readers, in the order they are tried
READERS: tuple[Reader, ...] = (
    _earthbend,
    _planar_action,
    _suspect,
    _airbend,
    _saddled,
    _adapt_fresh,
    _delayed_dealt_by,
    _choose_target,
    _endure,
    _action0,
    _collect_evidence,
    _unlock_door,
    _manifest_dread_who,
    _blight_who,
    _day_night,
    _investigate_who,
    _action_obj,
    _explore_twice,
    _explore_times,
    _renowned,
    _action_n,
    _amass,
    _detain,
    _goad,
    _phase_out,
    _transform,
    _transform_these,
    _prepared,
    _flip,
    _emblem,
    _emblem_opp,
    _delayed_on_object,
    _delayed_whenever,
    _fight_each_other,
    _fight,
)
