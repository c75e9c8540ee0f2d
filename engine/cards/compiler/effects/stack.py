"""Spells and abilities on the stack: countering (701.5), targets chosen (114), and cards
played from other zones (cast from the graveyard, play the exiled card).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.cards.abilities import Effect, TargetSpec
from engine.cards.compiler.effects.context import Ctx, Reader, reader
from engine.cards.compiler.effects.tokens import copy_exceptions
from engine.cards.compiler.quantities import count_of, parse_condition, quantity
from engine.cards.compiler.targets import COLORS, number, parse_noun, parse_target
from engine.mana import parse_cost


@reader(r"^counter target activated ability from an? (artifact|creature|enchantment|land) source(?: unless that "
        r"ability's controller pays (\{[^ ]+\}))?$")
def _counter_ability_from(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.5a: "Counter target activated ability from an artifact source" (Rust, Brown Ouphe), "... unless that
    ability's controller pays {W}" (Ayesha Tanaka, 117.12): an activated ability on the stack whose source (the object
    it is an ability of, 112.7) is an artifact; mana abilities never are on the stack (605.3b)."""
    r = c.add_target(TargetSpec({"zone": "stack", "ability": "activated", "source_types": [m.group(1).title()]},
                                f"target activated ability from an {m.group(1)} source"))
    c.last = r
    args: dict[str, Any] = {"what": r}
    if m.group(2):
        args["unless_pays"] = list(parse_cost(m.group(2)))
    return [Effect("counter", args)]


@reader(r"^counter ((?:up to (?:one|two|three|four|five) )?target .+?|that spell)(?: unless its controller pays "
        r"(\{[^ ]+\}|x)(?: for each (.+))?)?$")
def _counter(m: re.Match, c: Ctx) -> list[Effect] | None:
    phrase = m.group(1)
    times = quantity(m.group(3)) if m.group(3) else None  # "pays {1} for each card in your graveyard"
    if m.group(3) and times is None:
        return None
    if phrase == "that spell":  # the spell a sentence before named ("Choose target spell. ... Counter that spell")
        if not isinstance(c.last, dict) or "target" not in c.last:
            return None
        args: dict[str, Any] = {"what": c.last, "unless_pays": list(parse_cost(m.group(2)))} if m.group(2) else {}
        if not args:
            return None
        if times is not None:
            args["unless_times"] = times
        return [Effect("counter", args)]
    if phrase in ("target spell", "target spell that targets you"):
        f: dict[str, Any] = {"zone": "stack"}
        if phrase.endswith("targets you"):
            f["targets_you"] = True
        spec = TargetSpec(f, phrase)
    elif phrase in ("target activated ability", "target activated or triggered ability", "target triggered ability"):
        return None
    else:
        parsed = parse_target(phrase)
        if parsed is None or parsed.filter.get("zone") != "stack" and not (
                parsed.filter.get("or") and all(isinstance(a, dict) and a.get("zone") == "stack"
                                                for a in parsed.filter["or"])):
            return None  # (each alternative a spell: "target Spirit or Arcane spell", Hisoka's Defiance)
        spec = parsed
    r = c.add_target(spec)
    c.last = r
    c.last_player = {"controller_of": r}  # "Counter target spell ... That player discards a card" (Frightful Delusion)
    args = {"what": r}
    if m.group(2):
        args["unless_pays"] = list(parse_cost(m.group(2))) if m.group(2) != "x" else ["X"]
    if times is not None:
        args["unless_times"] = times  # 117.12: that payment once for each (the amount as the spell resolves)
    return [Effect("counter", args)]


@reader(
    r"^counter target activated ability, triggered ability, or (.+?) spell$|^counter target (activated|triggered|"
    r"activated or triggered) ability$|^counter target (spell, activated ability, or triggered ability|spell or "
    r"ability(?: that targets .+?)?)(?: unless its controller pays (\{[^ ]+\}))?$"
)
def _counter_ability(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.5a: "Counter target activated or triggered ability"; "counter target spell, activated ability, or
    triggered ability" (Disallow), "counter target spell or ability [that targets you or a creature you control]"
    (Siren Stormtamer; 114.8: what it targets, either a spell or an ability), "... unless its controller pays
    {3}" (Mirrorshell Crab)."""
    alts: list[dict[str, Any]] = []
    if m.group(3):  # a spell (the stack object that is no ability: 111.1) or an activated or triggered ability
        f = parse_noun("spell" + m.group(3)[len("spell or ability"):]) if m.group(3).startswith("spell or ability") \
            else {"zone": "stack"}
        if f is None or set(f) - {"zone", "targets", "targets_you", "targets_you_or"}:
            return None
        alts = [{}, {"ability": "activated"}, {"ability": "triggered"}]
        r = c.add_target(TargetSpec({**f, "or": alts}, m.group(3)))
        c.last = r  # "Its controller loses life ..." (Deny the Witch)
        args: dict[str, Any] = {"what": r}
        if m.group(4):
            args["unless_pays"] = list(parse_cost(m.group(4)))
        return [Effect("counter", args)]
    if m.group(1):
        f = parse_noun(m.group(1) + " spell")
        if f is None:
            return None
        alts = [{"ability": "activated"}, {"ability": "triggered"}, f]
    else:
        alts = [{"ability": k} for k in m.group(2).split(" or ")]
    r = c.add_target(
        TargetSpec({"zone": "stack", "or": alts} if len(alts) > 1 else {"zone": "stack", **alts[0]}, m.group(0))
    )
    return [Effect("counter", {"what": r})]


@reader(r"^(?:you may )?cast (.+?) spells from your graveyard this turn$")
def _cast_from_gy(m: re.Match, c: Ctx) -> list[Effect] | None:
    f = parse_noun(m.group(1) + " spell")
    if f is None:
        return None
    f.pop("zone", None)
    return [Effect("playable", {"what": {"zone": "graveyard", "owner": "you", **f}, "play": "cast", "until": "eot"})]


@reader(r"^(?:you may )?cast (target (?:.+? )?card.*? from your graveyard)( without paying its mana cost)?$")
def _cast_target_now(m: re.Match, c: Ctx) -> list[Effect] | None:
    """608.2c: "You may cast target instant or sorcery card with mana value 3 or less from your graveyard"
    (Chandra, Acolyte of Flame -2): cast now, as the ability resolves, paying its costs; or not (a pass);
    "... without paying its mana cost" (Torrential Gearhulk: 117.9, its other costs still paid)."""
    phrase = m.group(1)
    same = " with the same name as that spell "
    if same in phrase:  # "target card with the same name as that spell from your graveyard" (Harness the Storm): the
        if not c.cast_trigger:  # spell whose casting triggered the ability, as the target is chosen (603.3d)
            return None
        phrase = phrase.replace(same, " ")
    spec = parse_target(phrase)
    if spec is None or spec.filter.get("zone") != "graveyard":
        return None
    if same in m.group(1):
        spec = replace(spec, filter={**spec.filter, "same_name_as_trigger": True}, text=m.group(1))
    what = c.add_target(spec)
    c.last = what
    return [Effect("cast_offer", {"what": what, "zone": "graveyard", **({"free": True} if m.group(2) else {})})]


@reader(r"^(?:you may )?cast (a|an) (.+?) from your hand without paying its mana cost$")
def _cast_from_hand_free(m: re.Match, c: Ctx) -> list[Effect] | None:
    """608.2c, 117.9: "You may cast a spell with mana value 4 or less from your hand without paying its mana cost"
    (Baral's Expertise), "an instant or sorcery spell" (Omnispell Adept): as it resolves, its controller may
    choose such a card in their hand and cast it then, its other costs paid (a pass casts nothing)."""
    noun = m.group(2)
    if not re.fullmatch(r"(?:[a-z]+(?: or [a-z]+)? )?spell(?: with mana value (?:(?:\d+|x) or less|equal to the "
                        r"number of [a-z]+ counters on self))?", noun):
        # "with mana value equal to the number of charge counters on SELF" (Brain in a Jar): counted as the card is
        # chosen (608.2h); "mana value X or less": the X of the resolving spell (107.3a: Electrodominance)
        return None
    f = parse_noun(noun)
    if f is None or set(f) - {"zone", "types", "not_types", "mv_le", "mv_eq", "colors"}:
        return None
    f.pop("zone", None)
    f["not_types"] = sorted(set(f.get("not_types", ())) | {"Land"})  # a land card is no spell (111.1)
    pick = {"choose": {**f, "zone": "hand", "owner": "you"}, "chooser": "you", "amount": 1, "up_to": True}
    return [Effect("cast_offer", {"what": pick, "zone": "hand", "free": True})]


@reader(r"^(?:you may )?cast (target .+? card.*? from your graveyard) this turn$")
def _cast_target_from_gy(m: re.Match, c: Ctx) -> list[Effect] | None:
    """601.2a: "You may cast target instant or sorcery card from your graveyard this turn" (Jace, Telepath
    Unbound): the target card may be cast from there until end of turn."""
    spec = parse_target(m.group(1))
    if spec is None or spec.filter.get("zone") != "graveyard":
        return None
    what = c.add_target(spec)
    c.last = what
    return [Effect("playable", {"what": what, "play": "cast", "until": "eot"})]


@reader(r"^(?:you may )?cast (an? .+?) spell from among (them|the milled cards|the cards milled this way|those cards) "
        r"without paying its mana cost$")
def _cast_one_milled(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target opponent mills five cards. You may cast an instant or sorcery spell from among them without paying its
    mana cost" (Jace's Mindseeker): one of the cards milled, of that kind, chosen and then maybe cast by the
    ability's controller from the graveyard it went to (608.2g, 117.9); "Target opponent reveals their hand. You may
    cast an instant or sorcery spell from among those cards ..." (Mindclaw Shaman): one from that hand."""
    f = parse_noun(m.group(1) + " card")
    if f is None or f.get("player") or set(f) - {"zone", "types", "not_types", "colors", "subtypes"}:
        return None
    if m.group(2) == "those cards" and c.revealed_hand is not None:
        f.update(zone="hand", owner=c.revealed_hand)
        return [Effect("cast_offer", {"what": {"choose": f}, "zone": "hand", "free": True, "by_you": True})]
    if c.last != "milled" and not c.milled_other or m.group(2) == "those cards":
        return None
    f["zone"] = "graveyard"
    return [Effect("cast_offer", {"what": {"choose": f, "among": "milled"}, "zone": "graveyard", "free": True,
                                  "by_you": True})]


@reader(r"^the exiled card's owner may cast (?:that card|it) without paying its mana cost$")
def _owner_may_cast_exiled(m: re.Match, c: Ctx) -> list[Effect] | None:
    """607.2a, 608.2g: "When SELF leaves the battlefield, the exiled card's owner may cast that card without paying
    its mana cost" (Spell Queller): the card exiled by its linked ability, cast now by its owner (117.9)."""
    return [Effect("cast_offer", {"what": "exiled", "zone": "exile", "free": True})]


@reader(
    r"^(until end of turn, |until the end of your next turn, |until your next end step, )?(?:you may )?(play|cast) "
    r"(that card|them|those cards|it|cards exiled this way|spells from among them|spells from among those cards|the "
    r"exiled card|cards exiled with self|the exiled cards)( this "
    r"turn| until the end of your next turn| until your next end step| until end of turn| for as long as (?:it "
    r"remains|they remain) exiled|"
    r" for as long as you control self| for as long as self remains on the battlefield)?"
    r"( without paying (?:its|their) mana costs?)?$"
)
def _may_play_exiled(m: re.Match, c: Ctx) -> list[Effect] | None:
    """601.2a: the cards just exiled may be played this turn, until the end of your next turn, for as long
    as they remain exiled (a permission of those objects: one that leaves exile is a new object, 400.7), or
    for as long as you control SELF (611.2b)."""
    if isinstance(c.last, dict) and "looked_at_top" in c.last:
        return None  # "look at the top card ... You may cast it": that card, not one exiled (not read)
    dur = (m.group(1) or "") + (m.group(4) or "")
    until = ("next_end_step" if "next end step" in dur else "next_turn_end" if "next" in dur
             else "remains_exiled" if "exiled" in dur else "while_source" if "self" in dur else "eot")
    what: Any = "exiled"
    if m.group(3) in ("that card", "it") and isinstance(c.last, dict) and c.last.get("among") == "exiled":
        what = c.last  # "Choose one of them. You may play that card this turn" (Jaya, Fiery Negotiator): the one
    elif m.group(3) in ("that card", "it") and c.last == "taken":
        what = "taken"  # "... until they exile a nonland card. ... you may cast that card" (Nicol Bolas, God-Pharaoh)
    if not dur and m.group(5) and m.group(2) == "cast" and m.group(3) in ("that card", "it", "the exiled card"):
        # "... If you do, you may cast the exiled card without paying its mana cost" (Living Lore, Bring to Light):
        # no time given, so cast now, as the ability resolves (608.2g: timing permissions ignored; 117.9); "you"
        # cast it, whoever owns it
        return [Effect("cast_offer", {"what": what, "zone": "exile", "free": True, "by_you": True})]
    return [Effect("playable", {"what": what, "play": m.group(2), "until": until,
                                **({"free": True} if m.group(5) else {})})]


@reader(r"^(?:you may )?(play|cast) the exiled card without paying its mana cost if (.+)$")
def _play_hidden_if(m: re.Match, c: Ctx) -> list[Effect] | None:
    """702.74a (hideaway): "{W}, {T}: You may play the exiled card without paying its mana cost if you attacked with
    three or more creatures this turn" (Windbrisk Heights): the condition read as the ability resolves (608.2c), then
    the card exiled by the linked hideaway ability (607.2a) played then (a land only with a land play left, 305.1;
    a spell cast whatever its type's timing, 608.2g, 117.9)."""
    cond = parse_condition(m.group(2))
    if cond is None:
        return None
    offer = Effect("cast_offer", {"what": "exiled", "zone": "exile", "free": True, "by_you": True,
                                  **({"play": True} if m.group(1) == "play" else {})})
    return [Effect("if", {"cond": cond, "then": [offer]})]


@reader(r"^(?:you may )?cast a chosen (.+? card) in your graveyard this turn$")
def _cast_chosen_from_graveyard(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Choose an instant or sorcery card in your graveyard. You may cast it this turn." (Mission Briefing): the card
    chosen as the effect resolves (608.2c, not targeted) may be cast from the graveyard this turn (601.2a)."""
    f = parse_noun(m.group(1) + " in your graveyard")
    if f is None or f.get("zone") != "graveyard" or set(f) - {"types", "not_types", "subtypes", "colors", "zone",
                                                              "owner"}:
        return None
    return [Effect("playable", {"what": {"choose": {**f, "owner": "you"}}, "play": "cast", "until": "eot"})]


@reader(r"^for as long as (?:that card|it) remains exiled, (its owner|you) may (play|cast) (?:it|that card)"
        r"( without paying its mana cost)?(?: if it's an? (creature|artifact|enchantment|instant|sorcery) spell)?$")
def _exiled_may_play(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Exile target nonland permanent. For as long as that card remains exiled, its owner may cast it without paying
    its mana cost." (Release to the Wind): a permission of the card just exiled (601.2a, 117.9), to its owner or to
    you; a card that leaves exile is a new object (400.7), so it ends then. "Look at the top three cards of your
    library. Exile one face down ... For as long as it remains exiled, you may cast it if it's a creature spell."
    (Vivien, Champion of the Wilds): the card the look exiled ("taken"), as a spell of that type only."""
    taken = c.last == "taken"
    if c.last not in ("it", "exiled", "taken") and not (isinstance(c.last, dict) and "target" in c.last):
        return None
    if m.group(4) and (m.group(2) != "cast" or m.group(1) != "you"):
        return None
    return [Effect("playable", {"what": "taken" if taken else "exiled", "play": m.group(2), "until": "remains_exiled",
                                **({"free": True} if m.group(3) else {}),
                                **({"only": {"types": [m.group(4).capitalize()]}} if m.group(4) else {}),
                                **({"owner_may": True} if m.group(1) == "its owner" else {})})]


@reader(
    r"^(until end of turn, |until the end of your next turn, )?(?:you may )?(cast ([a-z, ]+?) spells|play lands and "
    r"cast spells|cast an? ([a-z ]+?) spell) from among (them|those cards|the exiled cards|those exiled cards|cards "
    r"exiled this way)"
    r"( this turn| until the end of your next turn| until end of turn)?( without paying their mana costs)?$"
)
def _may_cast_kind_exiled(m: re.Match, c: Ctx) -> list[Effect] | None:
    """601.2a: "Until the end of your next turn, you may cast creature spells from among the exiled cards"
    (Eager Flameguide), "you may cast noncreature spells from among those cards without paying their mana
    costs" (Narset, Enlightened Master): of the cards just exiled, those of that kind (any number of them); "...
    you may cast an instant or sorcery spell from among those exiled cards" (Chandra, Hope's Beacon): one of them."""
    if c.last != "exiled":
        return None
    args: dict[str, Any] = {"what": "exiled", "play": "play" if m.group(2).startswith("play") else "cast"}
    if m.group(4):
        args["one"] = True  # one spell in all: the permission is used up by it
    if m.group(3) or m.group(4):
        f = parse_noun((m.group(3) or m.group(4)) + " spell")
        if f is None or set(f) - {"zone", "types", "not_types", "colors", "subtypes", "not_colors"}:
            return None
        f.pop("zone", None)
        args["only"] = f
    nxt = "next" in (m.group(1) or "") + (m.group(6) or "")
    args["until"] = "next_turn_end" if nxt else "eot"
    if m.group(7):
        args["free"] = True
    return [Effect("playable", args)]


@reader(r"^(?:you may )?cast (any number of|up to one|up to two|up to three) (?:(.+?) )?(?:cards from your graveyard|"
        r"spells from among face-up cards your opponents own from exile) without paying their mana costs$")
def _cast_many_free(m: re.Match, c: Ctx) -> list[Effect] | None:
    """608.2g: "Cast any number of red instant and/or sorcery cards from your graveyard without paying their mana
    costs" (Chandra Ablaze), "You may cast up to three spells from among face-up cards your opponents own from exile
    without paying their mana costs" (Ashiok, Nightmare Muse): each such card, one at a time, may be cast now, free
    (engine/ops/cast.py cast_offers)."""
    most = {"any number of": 99, "up to one": 1, "up to two": 2, "up to three": 3}[m.group(1)]
    if "graveyard" in m.group(0):
        f = parse_noun(m.group(2) + " card") if m.group(2) else None
        if f is None or f.get("player") or set(f) - {"types", "colors", "subtypes", "not_types", "zone"}:
            return None
        f.pop("zone", None)
        return [Effect("cast_offers", {"filter": {**f, "owner": "you"}, "zone": "graveyard", "max": most,
                                       "free": True})]
    if m.group(2):
        return None
    return [Effect("cast_offers", {"filter": {"owner": "opponent"}, "zone": "exile", "max": most, "free": True})]


@reader(r"^choose ((?:up to )?(?:(?:one|two|three|four|five) )?target .+?)(?: and (target .+))?$")
def _choose_target(m: re.Match, c: Ctx) -> list[Effect] | None:
    # "Choose target creature. <instructions about that creature>": the target is chosen as the
    # spell is cast; the following sentences refer to it ("that creature", "it"); "Choose two target creatures
    # controlled by different players. Return those creatures ..." (Run Away Together): the slot of both.
    a = c.ref(m.group(1))
    if a is None:
        return None
    if m.group(2):
        first = c.last
        b = c.ref(m.group(2))
        if b is None:
            return None
        c.last = first
    return []


@reader(r"^counter (self|it)$")
def _counter_self(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"When you cast SELF, any player may pay 5 life. If a player does, counter SELF." (Dash Hopes): the spell
    itself, still on the stack as its cast trigger resolves (603.2, 701.5a); only in that trigger."""
    if not c.self_cast or m.group(1) == "it" and c.last != "self":
        return None
    return [Effect("counter", {"what": "self"})]


@reader(r"^counter (?:each|all) (other )?spells?( .+)?$")
def _counter_each(m: re.Match, c: Ctx) -> list[Effect] | None:
    """701.5a: "Counter each spell you don't control" (Counterflux cast for its overload cost, 702.95b), "Counter all
    spells", "Counter all other spells" (Swift Silence: not this one): every spell on the stack of that kind as it
    resolves (abilities are no spells, 112.1)."""
    spec = parse_target("target spell" + (m.group(2) or ""))
    if spec is None or spec.count != 1 or set(spec.filter) - {"zone", "controller", "types", "not_types", "colors",
                                                              "not_colors", "mv_le", "mv_ge"}:
        return None
    return [Effect("counter", {"what": {"each": {**spec.filter, **({"other": True} if m.group(1) else {})}}})]


@reader(r"^counter (that spell|it|that spell or ability)$")
def _counter_that(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"... counter that spell instead" (Silumgar's Scorn): the spell an earlier instruction named (701.5a); "whenever
    SELF becomes the target of a spell or ability ..., counter that spell or ability": the one that targeted it."""
    if m.group(1) == "that spell or ability" and not c.targeting:
        return None
    what = c.ref(m.group(1))
    if what == "it" and c.cast_trigger:  # "whenever an opponent casts ..., counter that spell": the spell cast
        return [Effect("counter", {"what": "it"})]
    return None if what is None or what in ("self", "it") else [Effect("counter", {"what": what})]


@reader(r"^counter that spell or ability unless its controller pays (\{[^ ]+\}|\d+ life)(?: and (\d+) life)?$")
def _counter_targeting(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Whenever SELF becomes the target of a spell or ability ..., counter that spell or ability
    unless its controller pays N" (ward, Frost Titan): the one that targeted (engine/ops/ward.py); "pays {2} and 2
    life" both (the action forms, "unless its controller discards a card": engine/cards/compiler/effects/sequence.py
    _ward_action)."""
    t = m.group(1)
    if t.endswith("life"):
        return [Effect("ward", {"life": int(t.split()[0])})]
    return [Effect("ward", {"mana": list(parse_cost(t)), **({"life": int(m.group(2))} if m.group(2) else {})})]


@reader(r"^counter that spell or ability unless its controller pays life equal to (self's power)$")
def _counter_targeting_life_eq(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Ward—Pay life equal to SELF's power" (Phyrexian Fleshgorger; ward, a later keyword): the amount of life
    counted as the ability resolves (engine/ops/ward.py; 119.4: a player can pay life only up to their life total)."""
    q = quantity(m.group(1))
    return None if q is None else [Effect("ward", {"life": q})]


#: this family's readers, in the order they are tried
@reader(r"^copy target (activated or triggered|triggered|activated) ability you control$")
def _copy_ability(m: re.Match, c: Ctx) -> list[Effect] | None:
    """706.10: a copy of an ability on the stack, controlled by who copies it (Strionic
    Resonator); it keeps the choices made for the original (706.10)."""
    kinds = m.group(1).split(" or ")
    alts = [{"ability": k, "controller": "you"} for k in kinds]
    r = c.add_target(TargetSpec({"zone": "stack", "or": alts} if len(alts) > 1 else {"zone": "stack", **alts[0]},
                                m.group(0)))
    return [Effect("copy_ability", {"what": r})]


@reader(r"^copy the activated ability$")
def _copy_activated(m: re.Match, c: Ctx) -> list[Effect] | None:
    """706.10: "Whenever you activate an ability that isn't a mana ability, copy it" (Rowan Kenrith's emblem): a copy
    of the ability that triggered it, with its choices, controlled by who copies it."""
    return [Effect("copy_ability", {"what": "activated"})]


@reader(r"^copy the spell countered this way$")
def _copy_countered(m: re.Match, c: Ctx) -> list[Effect] | None:
    """706.10, 608.2h: "you may copy the spell countered this way" (Psychic Rebuttal): engine/ops/cast.py copy_spell."""
    return [Effect("copy_spell", {"countered": True})]


@reader(r"^copy target (instant or sorcery|instant|sorcery) spell( you control)?"
        r"( with mana value (?:\w+)(?: or less| or greater)?)?"
        r"(?:, except that the copy is (white|blue|black|red|green))?$")
def _copy_spell(m: re.Match, c: Ctx) -> list[Effect] | None:
    """706.10: a copy of an instant or sorcery spell (Twincast, Reverberate), controlled by who
    copies it, with the original's choices (706.10) until "you may choose new targets" (706.10c); "... with mana
    value 4 or less" (Expansion), "... with mana value X" (League Guildmage: the X announced, 601.2b, before the
    target is chosen, 601.2c); ", except that the copy is red" (Fork: 706.9a, an exception of the copy's copiable
    values, its color)."""
    text = m.group(0).split(", except that")[0]
    spec = parse_target(text[len("copy "):])
    if spec is None:
        return None
    what = c.add_target(spec)
    c.last = what  # "If ..., copy that spell twice instead" (Increasing Vengeance): the target spell
    if m.group(4):
        return [Effect("copy_spell", {"what": what, "colors": [COLORS[m.group(4)]]})]
    return [Effect("copy_spell", {"what": what})]


@reader(r"^copy (target (?:permanent|creature|artifact|enchantment|artifact or creature) spell you control)"
        r"(?: (twice|three times))?$")
def _copy_permanent_spell(m: re.Match, c: Ctx) -> list[Effect] | None:
    """706.10: "Copy target permanent spell you control" (Lithoform Engine), "... creature spell you control" (Riku
    and Riku), "... artifact spell you control" (Drafna), "... three times" (Myojin of Cryptic Dreams): a copy of the
    spell with its choices, controlled by who copies it; as it resolves it becomes a token (a later rule, Core Set 2021:
    engine/game.py move)."""
    spec = parse_target(m.group(1)) if "permanent spell" not in m.group(1) else \
        TargetSpec({"permanent": True, "zone": "stack", "controller": "you"}, m.group(1))  # 110.4b
    if spec is None or spec.filter.get("zone") != "stack" or spec.count != 1:
        return None
    what = c.add_target(spec)
    c.last = what
    times = {"twice": 2, "three times": 3}.get(m.group(2) or "", 1)
    return [Effect("copy_spell", {"what": what, **({"times": times} if times != 1 else {})})]


@reader(r"^copy (that spell|it) for each other (instant and sorcery|instant or sorcery|instant|sorcery) spell you've "
        r"cast before it this turn$")
def _copy_for_each_before(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Whenever you cast an instant or sorcery spell, copy it for each other instant and sorcery spell you've cast
    before it this turn" (Thousand-Year Storm): one copy for each spell of that kind its controller cast this turn
    before the spell that triggered it (601.2i, countered ones too), one after another (706.10)."""
    if not c.cast_trigger or c.ref(m.group(1)) != "it":
        return None
    kinds = [t.capitalize() for t in re.split(r" and | or ", m.group(2))]
    return [Effect("copy_spell", {"what": "it", "times": {"cast_before_it": {"types": kinds}}})]


@reader(r"^copy (it|self) for each (.+)$")
def _copy_for_each(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"When you cast SELF, copy it for each time you've cast your commander from the command zone this game"
    (Commander 2018's storm spells): that many copies of the spell as it was cast (706.10: its choices, kept as it
    became cast, so a countered spell is copied too, as storm's, 702.39a), counted as the ability resolves (608.2h;
    903.8 counts the casts). The copies keep the spell's targets unless a sentence after lets them change (706.10c:
    "You may choose new targets for the copies"): the storm op with the "copies" record (engine/casting.py)."""
    n = count_of(m.group(2))
    if not c.self_cast or n is None:
        return None
    return [Effect("storm", {"record": "copies", "times": n, "keep_targets": True})]


@reader(r"^(?:(that player) copies|copy) (that spell|it|the spell) for each other (.+?) (?:that )?(?:the|that) spell "
        r"could target, each copy targeting a different one$")
def _copy_per_target(m: re.Match, c: Ctx) -> list[Effect] | None:
    """706.10, 114.1: "Copy that spell for each other creature you control that the spell could target. Each copy
    targets a different one of those creatures." (Zada, Hedron Grinder), "that player copies that spell for each other
    Golem that spell could target" (Precursor Golem: the spell's controller copies it, and controls the copies),
    "Copy that spell for each other permanent or player the spell could target" (Radiate): one copy for each object
    or player of that kind, other than the spell's one target, that is a legal target for it, each copy with that
    one as its target. The spell is the one whose casting triggered the ability, or the target spell before."""
    if m.group(3) in ("permanent or player", "permanent and player"):
        kind: dict[str, Any] = {"any": True}
    else:
        f = parse_noun(m.group(3))
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield"):
            return None
        f.pop("zone", None)
        kind = f
    if c.cast_trigger and c.ref(m.group(2)) == "it":
        what: Any = "it"
    else:
        last = c.last
        if not (isinstance(last, dict) and "target" in last
                and c.targets[last["target"]].filter.get("zone") == "stack"):
            return None
        what = last
    args: dict[str, Any] = {"what": what, "per_target": kind}
    if m.group(1):
        args["by_its_controller"] = True
    return [Effect("copy_spell", args)]


@reader(r"^copy (that spell|it)(?: (twice)| (\w+) times)?(?:, except (?:that )?(the copy .+))?$")
def _copy_cast_spell(m: re.Match, c: Ctx) -> list[Effect] | None:
    """706.10: "Whenever you cast an instant or sorcery spell, copy that spell" (the spell whose casting
    triggered the ability; the copy_spell op copies instants and sorceries only); "... target instant or sorcery
    spell. Then copy that spell" (Wild Ricochet): the target spell named before. "copy it twice" (Jaya, Fiery
    Negotiator's emblem), "copy that spell X times" (Storm King's Thunder): that many copies, one after another
    (706.10), each with the original's choices. ", except the copy isn't legendary" (Lozhan, Dragons'
    Legacy's kin: Mirror of the Forebears' style), "... is an artifact in addition to its other types": exceptions of
    the copy's copiable values (706.9a-c)."""
    args: dict[str, Any] = {}
    if m.group(4):
        change = copy_exceptions(m.group(4))
        if change is None:
            return None
        args["copy_except"] = change
    if m.group(2):
        args["times"] = 2
    elif m.group(3):
        n = number(m.group(3))
        if n is None:  # a number word only: a spell's X is not the trigger's (Storm King's Thunder stays out)
            return None
        args["times"] = n
    if c.cast_trigger:
        return [Effect("copy_spell", {"what": "it", **args})] if c.ref(m.group(1)) == "it" else None
    last = c.last
    if isinstance(last, dict) and "target" in last and c.targets[last["target"]].filter.get("zone") == "stack":
        return [Effect("copy_spell", {"what": last, **args})]
    return None


@reader(r"^(change the target of|choose new targets for) (target .+)$")
def _retarget(m: re.Match, c: Ctx) -> list[Effect] | None:
    """114.6a: "Change the target of target spell with a single target" (Deflection); 114.6d: "You may choose
    new targets for target spell" (Redirect): carried out by engine/ops/cast.py retarget."""
    spec = parse_target(m.group(2))
    mm = re.fullmatch(r"target (spell or ability|activated or triggered ability|activated ability|triggered ability)"
                      r"( with a single target)?", m.group(2))
    if spec is None and mm:  # "Change the target of target spell or ability with a single target" (Bolt Bend,
        # Willbender): a spell or an activated or triggered ability on the stack (114.6a; 112.3b-c)
        kinds = {"spell or ability": [{}, {"ability": "activated"}, {"ability": "triggered"}],
                 "activated or triggered ability": [{"ability": "activated"}, {"ability": "triggered"}],
                 "activated ability": [{"ability": "activated"}], "triggered ability": [{"ability": "triggered"}]}
        alts = kinds[mm.group(1)]
        f: dict[str, Any] = {"zone": "stack", **({"or": alts} if len(alts) > 1 else alts[0])}
        if mm.group(2):
            f["single_target"] = True
        spec = TargetSpec(f, m.group(2))
    if spec is None or spec.filter.get("zone") != "stack" or spec.count != 1:
        return None
    r = c.add_target(spec)
    c.last = r
    return [Effect("retarget", {"what": r, "change": m.group(1).startswith("change")})]


@reader(r"^change a target of (target .+?) to self$")
def _retarget_to_self(m: re.Match, c: Ctx) -> list[Effect] | None:
    """114.6b: "Change a target of target spell or ability to SELF" (Spellskite, Mizzium Meddler): engine/ops/cast.py
    retarget."""
    if m.group(1) == "target spell or ability":  # a spell, or an activated or triggered ability (as counter's)
        spec: TargetSpec | None = TargetSpec({"zone": "stack", "or": [{}, {"ability": "activated"},
                                                                       {"ability": "triggered"}]}, m.group(1))
    else:
        spec = parse_target(m.group(1))
    if spec is None or spec.filter.get("zone") != "stack" or spec.count != 1:
        return None
    r = c.add_target(spec)
    c.last = r
    return [Effect("retarget", {"what": r, "to": "self"})]


@reader(r"^(it|that spell) gains rebound$")
def _spell_gains_rebound(m: re.Match, c: Ctx) -> list[Effect] | None:
    """702.87a: "it gains rebound" of a cast trigger (Narset Transcendent's "when you next cast ... from your hand
    this turn"): the spell cast (engine/ops/cast.py spell_gains)."""
    if not c.cast_trigger and c.last != "it":
        return None
    return [Effect("spell_gains", {"what": "it", "keyword": "Rebound"})]


@reader(r"^exile (?:that card|that spell|it) instead of putting it into (?:your|its owner's) graveyard as it resolves"
        r"(?:\. if you do,| and) return it to (?:your|its owner's) hand at the beginning of the next end step$")
def _spell_resolves_exiled(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Whenever you cast an instant or sorcery spell that targets a creature you control, exile that card instead
    of putting it into your graveyard as it resolves. If you do, return it to your hand at the beginning of the next
    end step." (Feather, the Redeemed): the spell cast is exiled if it resolves (614.1a; countered, or with no legal
    target left, 608.2b, it goes to the graveyard), and then a delayed trigger returns that card (603.7,
    engine/cast_options.py after_resolve)."""
    if not c.cast_trigger:
        return None
    return [Effect("spell_gains", {"what": "it", "resolves_exiled": "hand_at_end"})]


@reader(r"^the controller of (target (?:instant or sorcery|instant|sorcery) spell) copies it$")
def _its_controller_copies(m: re.Match, c: Ctx) -> list[Effect] | None:
    """706.10: "The controller of target instant or sorcery spell copies it" (Meletis Charlatan): that player
    controls the copy."""
    what = c.ref(m.group(1))
    if not (isinstance(what, dict) and "target" in what):
        return None
    c.last_player = {"controller_of": what}
    return [Effect("copy_spell", {"what": what, "by_its_controller": True})]


@reader(r"^that player may choose new targets for the copy$")
def _that_player_retargets(m: re.Match, c: Ctx) -> list[Effect] | None:
    """706.10c: the copy's controller chooses its target again, keeping it being a choice (engine/ops/cast.py
    copy_retarget asks the copy's controller)."""
    if not (isinstance(c.last_player, dict) and "controller_of" in c.last_player):
        return None
    return [Effect("copy_retarget", {})]


@reader(r"^(?:you may )?choose new targets for the (copy|copies)$")
def _copy_new_targets(m: re.Match, c: Ctx) -> list[Effect] | None:
    """706.10c: the copy just made may get new targets (engine/ops/cast.py); "for the copies": each copy made by
    the instruction before, in turn."""
    return [Effect("copy_retarget", {"all": True} if m.group(1) == "copies" else {})]


_TIMES = {None: 1, "twice": 2, "three times": 3}


def _cards(f: Any) -> bool:
    """A filter of cards (not of players): each copy of one is cast (706.12); a copy of an instant or sorcery leaves
    the game as it leaves the stack (706.10a), a copy of a permanent card resolves into a token (engine/game.py)."""
    return isinstance(f, dict) and not f.get("player")


@reader(r"^choose (an? .+? card) exiled this way and copy it(?: (twice|three times))?$")
def _choose_exiled_and_copy(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Exile the top ten cards of your library. Choose an instant or sorcery card exiled this way and copy it three
    times. You may cast the copies without paying their mana costs." (Chandra, Pyromaster): one of the cards just
    exiled (406.2), chosen as the ability resolves (608.2c); the copies are cast by the next sentence (706.12)."""
    f = parse_noun(re.sub(r"^an? ", "", m.group(1)))
    if f is None or c.last != "exiled" or not _cards(f):
        return None
    it = {"choose": {**{k: v for k, v in f.items() if k != "zone"}, "zone": "exile"}, "among": "exiled",
          "chooser": "you", "amount": 1}
    c.last = it
    return [Effect("copy_card", {"what": it, "times": _TIMES[m.group(2)]})]


@reader(r"^for each card exiled this way, copy it, and you may cast the copy without paying its mana cost$")
def _copy_each_exiled(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Exile target card that's an instant or sorcery from your graveyard. For each card exiled this way, copy it,
    and you may cast the copy without paying its mana cost." (Mizzix's Mastery, and its overload "Exile each card
    that's an instant or sorcery ..."): a copy of each card the sentence before exiled, cast while the spell
    resolves (706.12)."""
    if not _copies_castable(c):
        return None
    return [Effect("copy_cast", {"what": "exiled", "times": 1, "free": True})]


def _copies_castable(c: Ctx) -> bool:
    """Did the sentence before exile cards ("exile target card that's an instant or sorcery from your graveyard",
    "exile each instant and sorcery card ...")?"""
    ref = c.last
    if isinstance(ref, dict) and "target" in ref and 0 <= ref["target"] < len(c.targets):
        return _cards(c.targets[ref["target"]].filter)
    if isinstance(ref, dict) and "each" in ref:
        return _cards(ref["each"])
    return False


READERS: tuple[Reader, ...] = (
    _choose_exiled_and_copy,
    _copy_each_exiled,
    _play_hidden_if,
    _spell_resolves_exiled,
    _cast_many_free,
    _owner_may_cast_exiled,
    _its_controller_copies,
    _that_player_retargets,
    _copy_ability,
    _copy_activated,
    _copy_countered,
    _copy_per_target,
    _copy_spell,
    _copy_permanent_spell,
    _copy_for_each_before,
    _copy_for_each,
    _exiled_may_play,
    _cast_chosen_from_graveyard,
    _copy_cast_spell,
    _retarget,
    _retarget_to_self,
    _spell_gains_rebound,
    _copy_new_targets,
    _counter_targeting,
    _counter_targeting_life_eq,
    _counter_ability_from,
    _counter,
    _counter_that,
    _counter_self,
    _counter_each,
    _counter_ability,
    _cast_from_gy,
    _cast_target_from_gy,
    _cast_target_now, _cast_from_hand_free,
    _cast_one_milled,
    _may_play_exiled,
    _may_cast_kind_exiled,
    _choose_target,
)
