"""Compound sentences and the table of readers: "X unless a player pays Y" (117.12),
"X at the beginning of the next end step" (delayed triggers, 603.7),
"You may X. If you do, Y." (608.2c), "X, then Y", and the one ordered table of every reader.
"""
from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from engine.cards.abilities import Ability, Effect, TargetSpec
from engine.cards.compiler.effects import (
    actions,
    become,
    counters,
    damage,
    facedown,
    library,
    mana,
    players,
    prevention,
    pump,
    restrictions,
    stack,
    tokens,
    zones,
)
from engine.cards.compiler.effects.amounts import bind_difference, ctx_quantity
from engine.cards.compiler.effects.context import (
    DURATIONS,
    SOURCE_DURATION_OPS,
    SOURCE_DURATIONS,
    Ctx,
    Reader,
    bands_with_other,
    reader,
)
from engine.cards.compiler.effects.library import (
    EXILED_PILES,
    REVEAL_UNTIL_RX,
    SEARCH_GY_ANY,
    SEARCH_MAY_RX,
    SEARCH_NAMED,
    _search_common,
    read_dig,
    read_look,
    read_look_other,
    read_opponent_chooses,
    read_piles,
    read_top_card,
    reveal_until,
    search_may,
    with_x,
)
from engine.cards.compiler.effects.tokens import CDA_PENDING, defines_pt
from engine.cards.compiler.effects.until import read_reveal_top, read_reveal_until
from engine.cards.compiler.effects.zones import (
    DESTROY_REST_RX,
    KEEP_REST_RX,
    TOP_OR_BOTTOM_RX,
    destroy_rest,
    keep_rest,
    top_or_bottom,
)
from engine.cards.compiler.keywords import parse_keyword_line
from engine.cards.compiler.quantities import amount, parse_condition, player_comparison, quantity
from engine.cards.compiler.subtypes import subtype
from engine.cards.compiler.targets import COLORS, number, parse_noun, parse_target
from engine.cards.compiler.text import DIE_ROW, sentences
from engine.mana import parse_cost

_VERB3 = re.compile(
    r"^(loses |gains |draws |discards |mills |gets |sacrifices |creates |puts |returns |shuffles |exiles |"
    r"deals |can't |doesn't |can attack |can block |attacks |fights |explores|must |becomes |assigns )"
)


# a sentence acting on the card or cards an "if/when you do" branch chose (608.2c: its words
# refer to that branch's choice)
_BACK_TO_THEN = re.compile(
    r"^(?:exile|put|return|destroy|sacrifice|discard|reveal|shuffle) (?:that card|those cards)\b")


#: "that player chooses target player who controls more creatures than they do and is their opponent. " (the Oaths)
_OATH = re.compile(r"^that player chooses target player who (controls more [a-z ]+?|has more life|has more cards in "
                   r"hand) than they do and is their opponent\. ")


#: "[Choose a card name. ]Reveal cards from the top of your library until you reveal a card with that name, then put
#: that card into your hand. Exile all other cards revealed this way, and you lose 1 life for each of the exiled cards."
_REVEAL_UNTIL_EXILE = re.compile(
    r"(choose a card name\. )?reveal cards from the top of your library until you reveal (a card with that name|an? "
    r"[a-z ]+? card), then put that card into your hand\. exile all other cards revealed this way, and you lose "
    r"(\w+) life for each of the exiled cards")
#: Goblin Charbelcher's: the cards revealed until a land card, damage for the others, double if that one is a Mountain
_REVEAL_UNTIL_DAMAGE = re.compile(
    r"reveal cards from the top of your library until you reveal an? ([a-z ]+?) card\. self deals damage equal to the "
    r"number of ([a-z ]+? cards) revealed this way to (any target|target [a-z ]+?)\.(?: if the revealed ([a-z ]+?) "
    r"card was an? ([a-z ]+?), self deals double that damage instead\.)? put the revealed cards on the bottom of your "
    r"library in any order")
#: "that player may reveal cards from the top of their library until they reveal a creature card. If that player does,
#: that player puts that card onto the battlefield and all other cards revealed this way into their graveyard"
_PLAYER_REVEALS_UNTIL = re.compile(
    r"(that player|you) (may )?reveals? cards from the top of (?:their|your) library until (?:they|you) reveal an? "
    r"(.+?) card\. (if (?:that player|they|you) do(?:es)?, )?(?:that player puts|they put|put) that card "
    r"(onto the battlefield|into (?:their|your) hand) and all other cards revealed this way into (?:their|your) "
    r"graveyard")


def _payment(t: str) -> dict[str, Any]:
    """What "pay {2}", "pay 3 life", "pay {E}{E}" asks: mana symbols, life, or energy counters (121.1; the
    energy symbol {E} is a later addition, Kaladesh: not mana, so kept apart from the mana symbols)."""
    if t.endswith("life"):
        return {"life": int(t.split()[0])}
    syms = parse_cost(t)
    pay: dict[str, Any] = {"mana": [s for s in syms if s != "E"]}
    if "E" in syms:
        pay["energy"] = syms.count("E")
    return pay


@reader(r"^pay (\{[^ ]+\}|\d+ life)$")
def _pay(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("pay", _payment(m.group(1)))]


@reader(r"^pay x life(?:, where x is (.+))?$")
def _pay_x_life(m: re.Match, c: Ctx) -> list[Effect] | None:
    """119.4, 107.3: "you may pay X life, where X is its power" (Mask of Griselbrand): that much life, counted as it
    is paid (engine/ops/misc.py with_x); only with at least that much life (119.4)."""
    q = ctx_quantity(m.group(1), c) if m.group(1) else c.x
    return None if not isinstance(q, dict) or q.get("x") else [Effect("pay", {"life": q})]


@reader(r"^(.+?) unless (.+?) (?:pays|pay) "
        r"(?:\{x\}, where x is (.+)|\{(\d+)\} plus an additional \{1\} for each (.+))$")
def _unless_pay_x(m: re.Match, c: Ctx) -> list[Effect] | None:
    """117.12, 107.3: "Counter target spell unless its controller pays {X}, where X is its mana value" (Rethink),
    "... where X is SELF's power" (Esper Sentinel); 107.1: "... unless its controller pays {2} plus an additional {1}
    for each Faerie you control" (Spell Stutter): that much generic mana, counted as the instruction happens (608.2h),
    then paid or not."""
    inner = parse_sentence(m.group(1), c)
    if inner is None:
        return None
    payer = c.player(m.group(2))
    n = ctx_quantity(m.group(3) or m.group(5), c)
    if payer is None or n is None or isinstance(n, dict) and "x" in n:
        return None
    x_is = n if m.group(3) else {"plus": [int(m.group(4)), n]}
    return [Effect("unless", {"payer": payer, "pay": {"mana": ["X"]}, "x_is": x_is, "effects": list(inner)})]


@reader(r"^(.+?) unless (you|they|that player) (?:pays|pay) ((?:\{[^ }]+\})+) for each (.+)$")
def _unless_pay_each(m: re.Match, c: Ctx) -> list[Effect] | None:
    """117.12: "sacrifice it unless you pay {1} for each card in your hand" (Megatherium), "... unless they pay {1} for
    each vortex counter on SELF" (Energy Vortex): that much for each, counted as the instruction happens (608.2h)."""
    if re.search(r",? then |, and | and then ", m.group(1)):
        return None  # "put a +1/+1 counter on SELF, then sacrifice SELF unless ...": the unless is the last one's only
    inner = parse_sentence(m.group(1), c)
    if inner is None:
        return None
    payer = c.player(m.group(2))
    n = ctx_quantity(m.group(4), c)
    if payer is None or n is None or isinstance(n, dict) and "x" in n:
        return None
    return [Effect("unless", {"payer": payer, "pay": _payment(m.group(3)), "times": n, "effects": list(inner)})]


@reader(r"^(.+?) unless (.+?) (?:pays|pay) (\{[^ ]+\}|\d+ life)$")
def _unless_pay(m: re.Match, c: Ctx) -> list[Effect] | None:
    inner = parse_sentence(m.group(1), c)
    if inner is None:
        return None
    if m.group(2) == "any player":  # "sacrifice SELF unless any player pays {3}" (Icy Prison): each player in APNAP
        # order may pay, no one asked after one does (117.12, 101.4; engine/ops/misc.py _unless_any)
        return [Effect("unless", {"payer": "each_player", "any_one": True, "pay": _payment(m.group(3)),
                                  "effects": list(inner)})]
    payer = c.player(m.group(2))  # read after the instruction: "they" is the player it names (608.2c)
    if payer is None:
        return None
    pay = _payment(m.group(3))
    return [Effect("unless", {"payer": payer, "pay": pay, "effects": list(inner)})]


@reader(r"^(.+?) unless (.+?) (?:pays|pay) (\{[^ ]+\}|\d+ life) or (\{[^ ]+\}|\d+ life)$")
def _unless_pay_either(m: re.Match, c: Ctx) -> list[Effect] | None:
    """117.12, 608.2d: "destroy that land unless that player pays {1} or 1 life" (Erosion), "counter target black
    spell unless that spell's controller pays {B} or {3}" (Thrull Wizard): the payer pays one of the two, their choice
    (engine/ops/misc.py _unless_either_pay), or the instruction happens."""
    if m.group(2) == "any player":
        return None
    inner = parse_sentence(m.group(1), c)
    if inner is None:
        return None
    payer = c.player(m.group(2))  # read after the instruction: "they" is the player it names (608.2c)
    a, b = _payment(m.group(3)), _payment(m.group(4))
    if payer is None or payer in _MANY_PLAYERS or a == b or a.get("energy") or b.get("energy"):
        return None
    return [Effect("unless", {"payer": payer, "pay": a, "or_pay": b, "effects": list(inner)})]


@reader(r"^(target (?:creature|land)) (loses|becomes) (your choice of )?((?:[a-z ]+?, )*[a-z ]+?),? or ([a-z ]+?) "
        r"(until end of turn)$")
def _either_quality(m: re.Match, c: Ctx) -> list[Effect] | None:
    """608.2d: "Target creature loses first strike or swampwalk until end of turn" (Urborg), "... loses your choice of
    flying, first strike, or trample until end of turn" (Walking Sponge), "Target land becomes a Plains or an Island
    until end of turn" (Tundra Kavu): one target (115.1), and one of the words, the one the controller chooses as it
    resolves; each alternative the instruction with that word alone."""
    words = [w.strip() for w in m.group(4).split(", ")] + [m.group(5).strip()]
    if len(words) < 2 or any(not w or w.startswith(("and ", "or ")) for w in words):
        return None
    mark = c.mark()
    alts: list[list[Effect]] = []
    for k, w in enumerate(words):
        subject = m.group(1) if k == 0 else "it"
        got = parse_sentence(f"{subject} {m.group(2)} {w} {m.group(6)}", c)
        if got is None or not got or len(c.targets) != mark[0] + 1:
            c.rewind(mark)
            return None
        if k == 0:
            c.last = {"target": mark[0]}
        alts.append(list(got))
    if any(json.dumps(_effects_data(a)) == json.dumps(_effects_data(alts[0])) for a in alts[1:]):
        c.rewind(mark)
        return None
    return [Effect("either", {"alternatives": alts, "labels": words})]


def _effects_data(effs: list[Effect]) -> list[Any]:
    """Effects as plain data, to compare two readings."""
    return [[e.op, repr(e.args)] for e in effs]


@reader(r"^((destroy|exile|return) all [^,]+?|self deals \d+ damage to each [^,]+?) or ((?:destroy |exile |return )?"
        r"all [^,]+?|self deals \d+ damage to each [^,]+?)$")
def _either_instruction(m: re.Match, c: Ctx) -> list[Effect] | None:
    """608.2d: "Destroy all enchantments or all nonwhite enchantments" (Essence Filter), "SELF deals 2 damage to each
    attacking creature or SELF deals 2 damage to each blocking creature" (Lava Storm): two instructions, of which the
    controller carries out the one they choose as it resolves; the second may leave out the first one's verb."""
    one, two = m.group(1), m.group(3)
    if two.startswith("all ") and m.group(2):
        two = f"{m.group(2)} {two}"
    mark = c.mark()
    a = parse_sentence(one, c)
    b = parse_sentence(two, c) if a is not None else None
    if a is None or b is None or not a or not b or c.targets[mark[0]:]:
        c.rewind(mark)
        return None  # no targets: both are read as the spell is cast, but only one would be chosen
    return [Effect("either", {"alternatives": [list(a), list(b)], "labels": [one, two]})]


@reader(r"^put an? ([a-z]+|[+-]\d+/[+-]\d+) counter on self or remove (?:one|an? \1 counter) from (?:it|self)$")
def _put_or_remove_counter(m: re.Match, c: Ctx) -> list[Effect] | None:
    """608.2d, 121.1: "Put a plague counter on SELF or remove a plague counter from it" (Plague Boiler), "... or remove
    one from it" (Jinxed Choker): one of the two, the controller's choice as it resolves (none removed if none)."""
    put = Effect("counters", {"what": "self", "kind": m.group(1), "amount": 1})
    off = Effect("counters", {"what": "self", "kind": m.group(1), "amount": 1, "remove": True})
    return [Effect("either", {"alternatives": [[put], [off]],
                              "labels": [f"put a {m.group(1)} counter", f"remove a {m.group(1)} counter"]})]


@reader(r"^create (an? [a-z]+ token) or (an? [a-z]+ token)$")
def _either_token(m: re.Match, c: Ctx) -> list[Effect] | None:
    """608.2d: "create a Food token or a Treasure token" (Tireless Provisioner): the controller chooses which as it
    resolves, then creates that one."""
    a = parse_sentence(f"create {m.group(1)}", c)
    b = parse_sentence(f"create {m.group(2)}", c) if a is not None else None
    if not a or not b:
        return None
    return [Effect("either", {"alternatives": [list(a), list(b)], "labels": [f"create {m.group(1)}",
                                                                              f"create {m.group(2)}"]})]


@reader(r"^counter that spell or ability unless its controller ((?:discards|sacrifices) .+)$")
def _ward_action(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Ward with a cost other than mana (a later keyword): "counter that spell or ability unless its controller
    discards a card / sacrifices a creature": that player, the controller of the spell or ability that targeted
    (the event's player), may do it (117.12); else the ward op counters it (engine/ops/ward.py, with no cost of its
    own left)."""
    mark = c.mark()
    c.last_player = "trigger_player"
    act = parse_sentence("that player " + m.group(1), c)
    if act is None or any(e.args.get("who") != "trigger_player" for e in act):
        c.rewind(mark)
        return None
    return [Effect("unless", {"payer": "trigger_player", "actions": list(act), "effects": [Effect("ward", {})]})]


@reader(r"^(.+?) unless (.+?) (sacrifices .+|discards .+|sacrifice .+|discard .+|returns? .+ to (?:its|their) "
        r"owner'?s?'? hands?|exiles? an? (?:[^,]+? )?card from (?:your|their) graveyard|taps? an untapped [^,]+? "
        r"(?:you|they) controls?|exiles? an? [^,]+? you control(?: other than self)?|exiles? the top [a-z ]+? card of "
        r"your graveyard|mills? (?:a|one|two|three|four|five) cards?|removes? an? [+\-\w/]+ counter from (?:it|self)|"
        r"puts? (?:a|one|two|three) cards? from (?:your|their) graveyard on the bottom of (?:your|their) library|"
        r"puts? an? [+\-\w/]+ counter on an? [^,]+? (?:you|they) controls?)$")
def _unless_do(m: re.Match, c: Ctx) -> list[Effect] | None:
    """117.12: "sacrifice it unless you discard a card / return an untapped Island you control to its owner's
    hand" (Avatar of Discord, Dormant Volcano), "discard a card unless you exile a historic card from your
    graveyard" (Urza's Tome), "sacrifice SELF unless you tap an untapped creature you control" (Koskun Falls): the
    instruction happens unless that player does the action."""
    inner = parse_sentence(m.group(1), c)
    if inner is None:
        return None
    payer = c.player(m.group(2))
    if payer is None:
        return None
    # the player named once: "unless target opponent sacrifices ..." is that one target (115.1), not a second one
    who = "" if m.group(2) == "you" else "that player " if isinstance(payer, dict) and "target" in payer \
        else m.group(2) + " "
    top = re.fullmatch(r"exiles? the top ([a-z ]+? card) of your graveyard", m.group(3))
    if top and who == "":  # "sacrifice SELF unless you exile the top creature card of your graveyard" (Barrow Ghoul):
        # the card nearest the top of those (404.2), chosen as the effect resolves (608.2c)
        f = parse_noun(top.group(1) + " from your graveyard")
        if f is None or f.get("player"):
            return None
        top_card = Effect("exile", {"what": {"choose": {**f, "topmost": True}}})
        return [Effect("unless", {"payer": payer, "actions": [top_card], "effects": list(inner)})]
    put = re.fullmatch(r"puts? an? ([+\-\w/]+) counter on an? ([^,]+?) (?:you|they) controls?", m.group(3))
    if put:  # "SELF deals 3 damage to that player unless they put a -1/-1 counter on a creature they control"
        # (Tourach's Chant): the payer chooses one of their own permanents of that kind and puts the counter on it
        f = parse_noun(put.group(2))
        if f is None or set(f) - {"types", "subtypes", "colors", "not_types"}:
            return None
        act_put = Effect("counters", {"what": {"choose": {**f, "controller": "chooser"}, "chooser": payer},
                                      "kind": put.group(1), "amount": 1})
        return [Effect("unless", {"payer": payer, "actions": [act_put], "effects": list(inner)})]
    alt = re.fullmatch(r"(.+?) or ((?:sacrifices?|discards?|pays?) .+)", m.group(3))
    if alt:  # "unless that player sacrifices a nonland permanent of their choice or discards a card": either
        a, b = parse_sentence(who + alt.group(1), c), parse_sentence(who + alt.group(2), c)
        if a is not None and b is not None:
            return [Effect("unless", {"payer": payer, "alternatives": [list(a), list(b)], "effects": list(inner)})]
    act = parse_sentence(who + m.group(3), c)
    if act is None:
        return None
    return [Effect("unless", {"payer": payer, "actions": list(act), "effects": list(inner)})]


@reader(r"^(.+?) unless (its controller|that creature's controller|that player|that permanent's controller|a player) "
        r"has self deal (\w+) damage to (?:them|him or her)$")
def _unless_has_deal(m: re.Match, c: Ctx) -> list[Effect] | None:
    """117.12: "Destroy target nonbasic land unless its controller has SELF deal 6 damage to them" (Lava Blister),
    "... unless a player has SELF deal 4 damage to them" (Barbarian Bully): the instruction happens unless that
    player (any one player, asked in turn order) chooses to be dealt the damage by SELF instead."""
    n = number(m.group(3))
    inner = parse_sentence(m.group(1), c)
    if inner is None or not n:
        return None
    if m.group(2) == "a player":
        return [Effect("unless", {"payer": "each_player", "any_one": True,
                                  "actions": [Effect("damage", {"amount": n, "to": "each_player"})],
                                  "effects": list(inner)})]
    payer = c.player(m.group(2))
    if payer is None or payer in _MANY_PLAYERS:
        return None
    return [Effect("unless", {"payer": payer, "actions": [Effect("damage", {"amount": n, "to": payer})],
                              "effects": list(inner)})]


@reader(
    r"^(.+?) at the beginning of (the next end step|your next upkeep|the next upkeep|the end of combat|end of combat|"
    r"the next turn's upkeep|your next main phase|the next cleanup step|your next end step)$|"
    r"^(.+?) at (end of combat)$|"
    r"^at the beginning of (the next end step|your next upkeep|the next upkeep|the end of combat|"
    r"your next main phase|your next end step), (.+)$"
)
def _delayed(m: re.Match, c: Ctx) -> list[Effect] | None:
    """603.7a: a delayed triggered ability the resolving effect creates ("Sacrifice it at the
    beginning of the next end step", "At the beginning of the next end step, untap up to two lands"); "At the
    beginning of your next main phase, add ..." (Mana Drain): your first main phase to begin after this (505.4)."""
    inner = parse_sentence(m.group(1) or m.group(3) or m.group(6), c)
    if inner is None:
        return None
    step = {"the next end step": "end", "your next upkeep": "your_upkeep", "the next upkeep": "upkeep",
            "the end of combat": "end_of_combat", "end of combat": "end_of_combat",
            "the next turn's upkeep": "upkeep", "your next main phase": "your_main", "your next end step": "your_end",
            "the next cleanup step": "cleanup"}[  # 514.3a: "Exile them at the beginning of the next cleanup step"
        m.group(2) or m.group(4) or m.group(5)]
    return [Effect("delayed", {"step": step, "effects": list(inner)})]


@reader(r"^(return (?:it|self) to the battlefield(?: tapped)? under its owner's control) at the beginning of "
        r"their next upkeep$")
def _delayed_owner_upkeep(m: re.Match, c: Ctx) -> list[Effect] | None:
    """603.7a: "When SELF dies, return it to the battlefield tapped under its owner's control at the beginning of
    their next upkeep" (Phytotitan): a delayed trigger at the next upkeep of the card's owner ("their"), whoever
    controlled it (engine/ops/control.py: step owner_upkeep)."""
    inner = parse_sentence(m.group(1), c)
    if inner is None or len(inner) != 1 or inner[0].op != "move" or inner[0].args.get("what") != "self":
        return None
    return [Effect("delayed", {"step": "owner_upkeep", "effects": list(inner)})]


@reader(r"^(.+? at the beginning of the next end step) if (?:it has|its) (power|toughness|mana value) (?:is )?(.+)$")
def _delayed_if_target_has(m: re.Match, c: Ctx) -> list[Effect] | None:
    """603.7a, 608.2c: "Sacrifice it at the beginning of the next end step if it has mana value 3 or less" (Angrath,
    the Flame-Chained): the delayed ability's instruction only if the ability's target then has it (checked as
    the delayed ability resolves; the target followed as 603.7c says)."""
    head = _delayed.pattern.match(m.group(1))
    got = _delayed(head, c) if head else None
    if not got or len(got) != 1 or got[0].op != "delayed":
        return None
    inner = got[0].args["effects"]
    f = parse_noun(f"creature with {m.group(2)} {m.group(3)}")
    if f is None or len(inner) != 1 or inner[0].get("what") != {"target": 0} or len(c.targets) != 1:
        return None
    f.pop("types", None)
    if not f or set(f) - {"mv_le", "mv_ge", "power_le", "power_ge", "toughness_le", "toughness_ge"}:
        return None
    return [Effect("delayed", {**got[0].args, "effects": [Effect("if", {"cond": {"first_target": f},
                                                                         "then": list(inner)})]})]


#: what a draw replacement may do instead (614.11): actions that ask no player anything, so the
#: draw that is replaced, wherever it happens, needs no decision of its own
DRAW_INSTEAD_OPS = frozenset({"gain_life", "lose_life", "token", "mill", "poison"})


@reader(r"^the next time you would draw a card this turn, (?:instead (.+)|(.+) instead)$")
def _next_draw_instead(m: re.Match, c: Ctx) -> list[Effect] | None:
    """614.11, 614.1a: "The next time you would draw a card this turn, you gain 5 life instead"
    (Words of Worship): a replacement effect of one use, created by the resolving ability. Actions that ask a
    player something ("each player returns a permanent they control to its owner's hand", Words of Wind; "each
    opponent discards a card", Words of Waste) are marked ``asks``: the draws that can wait for the answers apply it
    (engine/replacement.py asking_draw). One that targets ("SELF deals 2 damage to any target instead") is not read:
    its target would be chosen as the draw is replaced, not as the ability resolves."""
    before = len(c.targets)
    mark = c.mark()
    inner = parse_sentence(m.group(1) or m.group(2), c)
    if inner is None or len(c.targets) != before:
        c.rewind(mark)
        del c.targets[before:]
        return None
    asks = any(e.op not in DRAW_INSTEAD_OPS for e in inner)
    return [Effect("replace_draw", {"effects": list(inner), **({"asks": True} if asks else {})})]


#: "have SUBJECT VERB ...": the subject, the verb (its base form) and the rest
#: the verbs whose second object may follow " and " without the verb again, and what such an
#: object starts with
_SHARED_VERB = re.compile(r"^(put |untap |tap )")
#: a clause that makes a continuous effect, which a duration closing the next clause also bounds (611.2a)
_UNTIMED = re.compile(r"\b(?:gains?|gets?|loses?|can't|becomes?|(?:has|have) base power and toughness) ")
#: "... gain trample and get +X/+X": the second verb of a plural subject, and that subject
_VERB_PLURAL = re.compile(r"^(?:gain|get|lose|can't|become|have) ")
_SUBJECT_PLURAL = re.compile(r"^(.+?) (?:gain|get|lose|can't|become|have) ")
_OBJECT_ONLY = re.compile(r"^(?:a|an|one|two|three|four|five|\d+|x|up to \w+|target|each|all) ")
_HAVE = re.compile(r"^have (.+?) (deal|get|gain|lose|become|fight|mill|discard|sacrifice|draw|block|return|put|"
                   r"create|exchange|exile|untap|tap|attack|search|shuffle|reveal|gain control)\b(.*)$")


#: "PLAYER may VERB ...": a choice another player makes (608.2d), one player
_OTHER_MAY = re.compile(r"^(target opponent|target player|that player|defending player|the defending player|"
                        r"its controller|that creature's controller|that permanent's controller|its owner|"
                        r"that spell's controller) may (.+)$")
_MANY_PLAYERS = ("each_player", "each_opponent", "each_other_player")
#: what a "may" that another player chooses may hold: no payment or action the choice depends on
#: (engine/ops/misc.py asks its controller whether those can be done)
_MAY_ACTS = frozenset({"pay", "sacrifice", "discard", "action", "move", "unless", "may"})
#: "you and PLAYER each VERB ...": two players named as the subject of one instruction
_BOTH = re.compile(r"^you and (target opponent|target player|that player|defending player|the defending player|"
                   r"its controller|that creature's controller) each (.+)$")
#: the verbs such an instruction may chain ("each draw a card, then discard a card")
_BASE_VERB = re.compile(r"(^|, then |, and | and )(draw|discard|create|gain|lose|mill|sacrifice|scry|surveil|put|"
                        r"return|exile|shuffle|reveal|search)\b")


def _third_person(text: str) -> str:
    """The instruction "you and that player each draw a card, then discard a card" gives the other player:
    "draws a card, then discards a card" (its verbs as "that player" takes them)."""
    return _BASE_VERB.sub(lambda m: m.group(1) + m.group(2) + ("es" if m.group(2).endswith("sh") else "s"), text)


#: "return up to one target A card, up to one target B card, and up to one target C card from your graveyard to ..."
_UP_TO_ONE_EACH = re.compile(r"return ((?:up to one target [a-z ]+? card(?: with [a-z ]+?)?, )*up to one target "
                             r"[a-z ]+? card(?: with [a-z ]+?)?,? and up to one target [a-z ]+? card(?: with "
                             r"[a-z ]+?)?) from your graveyard to (your hand|the battlefield)")


def _attempt(sentence: str, ctx: Ctx) -> list[Effect] | None:
    """``parse_sentence`` of a rewording; when it is not read, nothing it added to ``ctx`` stays."""
    mark = ctx.mark()
    got = parse_sentence(sentence, ctx)
    if got is None:
        ctx.rewind(mark)
    return got


#: the chain offer: "<instruction>. Then that player or that permanent's controller may pay {R}{R}. If the player
#: does, they may copy SELF and may choose a new target for that copy." (the Chain cycle)
_CHAIN = re.compile(r"^(?P<first>.+?)\.? (?:then )?(?P<who>that player or that permanent's controller|that permanent's "
                    r"controller|that creature's controller|that player) may (?:(?P<cost>pay (?:\{[^ }]+\})+|discard a "
                    r"card|sacrifice a land of their choice)\. if the player does, they may )?copy self and may choose "
                    r"(?:a new target|new targets) for (?:that|the) copy\.?$")


#: Animate Dead: the Aura's enchant ability changes, and the creature card it enchants returns attached (303.4)
_REANIMATE_ATTACHED = re.compile(r'it loses "enchant creature card in a graveyard" and gains "enchant creature put '
                                 r'onto the battlefield with self\.?"\.? (?:return enchanted creature card to the '
                                 r'battlefield|put enchanted creature card onto the battlefield( tapped)?) under your '
                                 r'control and attach self to it\.?')


def _chain(m: re.Match, ctx: Ctx) -> list[Effect] | None:
    """608.2d, 706.10: the Chain offer, after the spell's own instruction (engine/ops/cast.py copy_offer)."""
    mark = ctx.mark()
    first = parse_effects(m.group("first") + ".", ctx)
    who = ctx.player(m.group("who")) if first is not None else None
    if first is None or who is None or who in _MANY_PLAYERS:
        ctx.rewind(mark)
        return None
    cost: dict[str, Any] = {}
    c = m.group("cost") or ""
    if c.startswith("pay"):
        cost = {"mana": list(parse_cost(c[len("pay "):]))}
    elif c.startswith("discard"):
        cost = {"discard": 1}
    elif c.startswith("sacrifice"):
        cost = {"sacrifice": {"types": ["Land"]}}
    args: dict[str, Any] = {"who": who}
    if cost:
        args["cost"] = cost
    return [*first, Effect("copy_offer", args)]


#: "..., and you may spend mana as though it were mana of any color to cast that spell", "..., and mana of any type
#: can be spent to cast it": a rider of a permission to cast (609.4)
_ANY_COLOR_RIDER = re.compile(
    r"^(.+?),? and (?:you may spend mana as though it were mana of any (?:color|type)|mana of any type can be "
    r"spent) to cast (?:it|that spell|that card|them|those spells|those cards)$")


def _playables(e: Effect) -> bool:
    """Is the instruction a permission to cast or play (the playable op, in a "may" or not)? "You may play those
    cards this turn, and you may spend mana as though it were mana of any color to cast those spells" (Mezzio Mugger):
    the rider is about the spells cast through it (a land played costs nothing, 305.1)."""
    if e.op == "may":
        return bool(e.args.get("effects")) and not e.args.get("then") and all(_playables(x) for x in e.args["effects"])
    return e.op == "playable" and e.get("play", "cast") in ("cast", "play")


def _any_color_playable(e: Effect) -> Effect:
    """The permission with its spells paid as though the mana were of any color (engine/costs.py, 609.4)."""
    if e.op == "may":
        return Effect("may", {**e.args, "effects": [_any_color_playable(x) for x in e.args["effects"]]})
    return Effect("playable", {**e.args, "any_color": True})


#: "counter target spell with mana value X or less, where X is the number of Faeries you control": a filter
#: comparing with an X the sentence's closing "where X is" defines (107.3)
_X_COMPARED = re.compile(r"(.+\bwith (?:mana value|power|toughness) x or (?:less|greater)\b.*?), where x is (.+)")
#: "Destroy up to X target lands, where X is the number of verse counters on SELF" (Rumbling Crescendo); "... as you
#: cast SELF" (Aether Burst): the number is counted as the targets are chosen, while it is cast (601.2c)
_X_TARGETS = re.compile(r"(.*\b(?:up to )?x target\b.*?), where x is (.+?)(?: as you (?:cast self|activate this "
                        r"ability))?")


#: amounts that name something of a resolution (the spell cast, the damage dealt, "it")
_RESOLUTION_WORDS = ("mana_spent_on", '"it"', "trigger", "that_", "damage", "taken", "sacrificed", "exiled")


def _x_compared(m: re.Match, ctx: Ctx) -> list[Effect] | None:
    """107.3: the X of "with mana value X or less, where X is Q" is Q, read as the effect resolves or, for a target,
    as it is chosen (601.2c, 608.2h): the sentence read with X, then every X of the effects and of the targets it
    named replaced by Q. None (nothing kept) when Q is not understood or an X is left elsewhere."""
    mark = ctx.mark()
    q = ctx_quantity(m.group(2), ctx)
    if q is None:
        return None
    got = parse_sentence(m.group(1), ctx)
    new = ctx.targets[mark[0]:]
    if new and any(w in json.dumps(q) for w in _RESOLUTION_WORDS + ("target",)):
        ctx.rewind(mark)  # a target's filter is read as it is chosen (601.2c), with no resolution to name
        return None
    counted = [t.count < 0 for t in new]  # "up to X target creatures, where X is Q": Q targets at most (601.2c)
    if got is None or not any('{"x": true}' in json.dumps(t.filter) for t in new) and \
            not any("'x': True" in repr(e.args) for e in got) and not any(counted):
        ctx.rewind(mark)
        return None
    def sub(v: Any) -> Any:
        if isinstance(v, Effect):
            return Effect(v.op, sub(dict(v.args)))
        if isinstance(v, dict):
            return q if v == {"x": True} else {k: sub(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [sub(x) for x in v]
        return v
    for i, t in enumerate(new):
        ctx.targets[mark[0] + i] = replace(t, filter=with_x(t.filter, q), **({"count_of": q} if counted[i] else {}))
    return [sub(e) for e in got]
_EACH_OPP_TARGET = re.compile(r"^for (each opponent|each other player|each player|any number of opponents), (.+?)\b"
                              r"(up to one )?target (.+?) (?:(?:that player|that opponent|they) controls?|(?:that "
                              r"player's|their) (graveyard))\b(.*)$")


def _for_each_opponent_target(low: str, ctx: Ctx) -> list[Effect] | None:
    """"For each opponent, return up to one target nonland permanent that player controls to its owner's hand"
    (Vronos): one target slot whose targets are each controlled by a different opponent (601.2c, 115.1: each
    "target" word once for each of those players), from none to one for each; "for each other player" is each
    player other than you. The instruction is the same for every target chosen."""
    m = _EACH_OPP_TARGET.match(low)
    if m is None or m.group(5) or re.search(r"\bthat (?:player|opponent)\b", m.group(6)) \
            or bool(m.group(3)) == (m.group(1) == "any number of opponents"):
        return None  # "... and that player gains life equal to its power": each target's own player, not read
    # "For any number of opponents, destroy target nonland permanent that player controls" (Windgrace's Judgment): as
    # many opponents as you choose, one target of each; "For each player, put a +1/+1 counter on up to one target
    # creature that player controls" (Nils, Discipline Enforcer): yours too
    who = {"each opponent": " an opponent controls", "any number of opponents": " an opponent controls",
           "each other player": " you don't control"}.get(m.group(1), "")
    mark = ctx.mark()
    got = _attempt(f"{m.group(2)}up to one target {m.group(4)}{who}{m.group(6)}", ctx)
    if got is None or len(ctx.targets) != mark[0] + 1:
        ctx.rewind(mark)
        return None
    spec = ctx.targets[-1]
    if spec.count != 1 or spec.min != 0 or spec.filter.get("zone") not in (None, "battlefield"):
        ctx.rewind(mark)
        return None
    ctx.targets[-1] = replace(spec, filter={**spec.filter, "different_controllers": True}, count=8, text=m.group(0))
    return got


def _that_kind(s: str, ctx: Ctx) -> str:
    """"Destroy target artifact. That artifact's controller gains life equal to its mana value" (Crumble), "Destroy
    target Wall. ... equal to that Wall's mana value to the Wall's controller" (Word of Blasting): the one target
    named before, called again by its card type or subtype (608.2c), read as "its"."""
    last = ctx.last
    if not (isinstance(last, dict) and set(last) == {"target"} and isinstance(last["target"], int)
            and 0 <= last["target"] < len(ctx.targets)) or ctx.targets[last["target"]].count != 1 \
            or len(ctx.targets) != 1:  # (with another target, "that artifact" may name that one)
        return s
    f = ctx.targets[last["target"]].filter
    kinds = {str(t).lower() for t in list(f.get("types") or ()) + list(f.get("subtypes") or ())} \
        - {"creature", "permanent", "card", "spell", "player"}
    if not kinds or f.get("or") or f.get("any") or f.get("player"):  # ("that player or that planeswalker's
        return s  # controller": a slot of either, read by its own words)
    return re.sub(r"\b(?:that|the) ([a-z]+)'s\b", lambda m: "its" if m.group(1).lower() in kinds else m.group(0), s,
                  flags=re.I)


def _until_planeswalks(sentence: str, ctx: Ctx) -> list[Effect] | None:
    """901.11 (Planechase): "Whenever chaos ensues, until a player planeswalks, you can't lose the game and your
    opponents can't win the game" (Celestine Reef), "... target player can't cast spells until a player planeswalks"
    (Eloren Wilds): the effect read as for "this turn", lasting instead until a player planeswalks (engine/planechase.py
    planeswalk ends it). Only effects on players and rules whose every part has that one duration."""
    s = sentence.strip().rstrip(".").strip()
    t = re.sub(r"^until a player planeswalks, (.+)$", r"\1 this turn", s, flags=re.I)
    t = re.sub(r"^(.+) until a player planeswalks$", r"\1 this turn", t, flags=re.I)
    if t == s or re.search(r"until a player planeswalks", t, flags=re.I):
        return None
    t = re.sub(r"^(you can't lose the game) and (your opponents can't win the game) this turn$", r"\1 this turn and \2 "
               r"this turn", t, flags=re.I)
    got = parse_sentence(t, ctx)
    if not got or any(e.op not in ("player_effect", "restrict") or e.args.get("duration") != "eot" for e in got):
        return None
    return [Effect(e.op, {**e.args, "duration": "until_planeswalk"}) for e in got]


def _retime(effs: list[Effect]) -> bool:
    """Every "your_next_turn" duration of ``effs`` made "your_next_upkeep", in place; False when there is none or an
    effect keeps such a duration elsewhere than its own "duration" (a delayed trigger's "until")."""
    found = False
    for i, e in enumerate(effs):
        if e.get("duration") == "your_next_turn":
            effs[i] = Effect(e.op, {**e.args, "duration": "your_next_upkeep"})
            found = True
        elif "your_next_turn" in repr(e.args):
            return False
    return found


def parse_sentence(sentence: str, ctx: Ctx) -> list[Effect] | None:
    """One imperative sentence to effects, or None."""
    if re.search(r"until a player planeswalks", sentence, flags=re.I):
        return _until_planeswalks(sentence, ctx)
    if sentence.strip().rstrip(".").strip().lower() == "repeat this process":
        # the "repeat this process" of "If COND, repeat this process" (608.2c): done inside the condition, it makes
        # the paragraph's process run again (``process``, _parse_effects)
        return [Effect("repeat_process", {})]
    s = sentence.strip().rstrip(".").strip()
    s = re.sub(r"^then,? ", "", s, flags=re.I)
    # "When SELF leaves the battlefield, return the exiled cards to their owner's graveyard" (Gravegouger): the same
    # instruction as "put the exiled cards into their owners' graveyards" (a move to the graveyard, 400.3)
    s = re.sub(r"^return (the exiled cards?|those cards|them) to (?:their|its) owner(?:'s|s') graveyards?$",
               r"put \1 into their owners' graveyards", s, flags=re.I)
    if re.search(r"\buntil your next upkeep\b", s, flags=re.I) and not re.search(r"\buntil your next turn\b", s,
                                                                               flags=re.I):
        # "... gains forestwalk until your next upkeep" (Erhnam Djinn), "Until your next upkeep, target noncreature
        # artifact becomes ..." (Xenic Poltergeist): read as the same sentence "until your next turn", then ending
        # as its controller's next upkeep begins instead (500.2; engine/game.py); only when the duration was read
        mark = ctx.mark()
        got = parse_sentence(re.sub(r"\buntil your next upkeep\b", "until your next turn", s, flags=re.I), ctx)
        if got is not None and _retime(got):
            return got
        ctx.rewind(mark)
        return None
    s = _that_kind(s, ctx)
    # "You return a creature card from your graveyard to your hand, draw three cards, then gain 5 life" (Cruel
    # Ultimatum): "you" is the one who does it, as "return ..." alone says (the controller, 109.5)
    s = re.sub(r"^you return (?=an? |target |up to |all |each )", "return ", s, flags=re.I)
    # "Return to the battlefield all permanent cards in your graveyard that ..." (Faith's Reward): the object after
    # the destination, read as "return ALL ... to the battlefield"
    s = re.sub(r"^return to the battlefield ((?:all|each|target|up to \w+ target) .+)$",
               r"return \1 to the battlefield", s, flags=re.I)
    # "Draw cards equal to the power of target creature you control" (Soul's Majesty): "... equal to target creature
    # you control's power", one target named once (115.1)
    s = re.sub(r"\bequal to the (power|toughness|mana value) of (target [a-z ]+?)(?= to |$)", r"equal to \2's \1", s,
               flags=re.I)
    # "The owner of target nonland permanent shuffles it into their library" (the later wording of "Target
    # nonland permanent's owner shuffles it ..."): the same instruction
    s = re.sub(r"^the owner of (target [^,.]+?) (puts|shuffles) it ", r"\1's owner \2 it ", s, flags=re.I)
    # "Its controller may draw up to two cards at the beginning of the next turn's upkeep" (Arcane Denial): "may"
    # adds nothing to "up to" (none is a choice too), made as the draw happens (121.2)
    s = re.sub(r"\bmay draw up to\b", "draws up to", s, flags=re.I)
    lead = re.fullmatch(r"unless (any player|target player|target opponent|you) (?:pays|pay) "
                        r"((?:\{[^ }]+\})+|\d+ life), (.+)", s, flags=re.I)
    if lead:  # "Unless any player pays {2}, search your library ..." (Rhystic Tutor), "Unless target player pays {3},
        # that player loses 5 life ..." (Rhystic Syphon): the instruction unless that player pays (117.12)
        who, body = lead.group(1).lower(), lead.group(3)
        if who.startswith("target ") and re.search(r"\bthat player\b", body, flags=re.I):
            body = re.sub(r"\bthat player\b", who, body, count=1, flags=re.I)
            who = "that player"
        s = f"{body} unless {who} pays {lead.group(2)}"
    low = s.lower()
    if _EACH_OPP_TARGET.match(low):
        return _for_each_opponent_target(low, ctx)
    m = _UP_TO_ONE_EACH.fullmatch(low)
    if m:  # "Return up to one target creature card and up to one target noncreature permanent card from your graveyard
        # to your hand" (Retrieve), "..., up to one target enchantment card, ..., and up to one target planeswalker
        # card ..." (Reconstruct History): a target of each kind, none to all of them chosen (115.1, 601.2c), each
        # returned by the one instruction (608.2c)
        mark = ctx.mark()
        each_one: list[Effect] = []
        for item in re.split(r",? and |, ", m.group(1)):
            got = parse_sentence(f"return {item} from your graveyard to {m.group(2)}", ctx)
            if got is None or len(got) != 1 or got[0].op != "move":
                ctx.rewind(mark)
                return None
            each_one += got
        return each_one
    m = re.fullmatch(r"(you (?:gain|lose) \w+ life|draw (?:a|two) cards?) if ([^,]+? this way)", low)
    if m:  # "You gain 2 life if at least one creature card was exiled this way" (Kaya, Orzhov Usurper): the same
        # instruction as "If ..., you gain 2 life", its condition read after the one before it (608.2c)
        got = _attempt(f"if {m.group(2)}, {m.group(1)}", ctx)
        if got is not None:
            return got
    m = _ANY_COLOR_RIDER.match(low)
    if m:  # "You may cast that card for as long as it remains exiled, and you may spend mana as though it were mana
        # of any color to cast that spell" (Covetous Urge; 609.4): the permission, paid with mana of any type
        inner = _attempt(s[: len(m.group(1))], ctx)
        if inner is None or not inner or not all(_playables(e) for e in inner):
            return None
        return [_any_color_playable(e) for e in inner]
    m = _X_COMPARED.fullmatch(low) or _X_TARGETS.fullmatch(low)
    if m and ctx.x is None:
        got = _x_compared(m, ctx)
        if got is not None:
            return got
    m = re.fullmatch(r"you may ((?:sacrifice|discard) [^,]+?) or ((?:sacrifice|discard) [^,]+)", low)
    if m:  # "You may sacrifice an artifact or discard a card. If you do, draw a card." (Chandra, Spark Hunter): either
        mark = ctx.mark()  # action, the one the player picks (608.2d); "If you do" follows it (parse_effects)
        a, b = _attempt(m.group(1), ctx), _attempt(m.group(2), ctx)
        if a is not None and b is not None and all(x.op in ("sacrifice", "discard") for x in a + b):
            return [Effect("may", {"effects": [], "alternatives": [list(a), list(b)]})]
        ctx.rewind(mark)
    m = players.CHOOSE_FROM_HAND.match(low)
    if m and m.group(1):  # "You may choose a nonland card from it. That player discards that card." (Cracked Skull):
        got = players.choose_from_hand(m, ctx)  # one card or none, chosen by the caster
        if got is not None:
            return got
    if low.startswith("you may "):
        inner = parse_sentence(s[len("you may "):], ctx)
        if inner is not None and all(e.op in PERMISSIONS or e.op == "player_effect"
                                     and e.args["static"].get("kind") == "flash_spells" for e in inner):
            return list(inner)  # "you may play an additional land this turn": a permission, no choice now
            # ("you may cast spells this turn as though they had flash": a rule for the player, 611.2a)
        if inner is not None:  # "You may reveal a sorcery card you own from outside the game and put it into your
            # hand" (Burning Wish): the card is as optional as the instruction (none may be chosen)
            inner = [Effect("wish", {k: v for k, v in e.args.items() if k != "must"}) if e.op == "wish" else e
                     for e in inner]
        return None if inner is None else [Effect("may", {"effects": list(inner)})]
    m = _OTHER_MAY.match(low)
    if m:  # "target opponent may draw a card", "its controller may draw a card": that player chooses (608.2d)
        mark = ctx.mark()
        who = ctx.player(m.group(1))
        if who is not None and who not in _MANY_PLAYERS:
            ctx.last_player = who
            # "Target opponent may have SELF deal 4 damage to them" (Risk Factor: the punisher choice, 608.2d):
            # the instruction itself, "them" that player
            inner = parse_sentence(re.sub(r"\bthem$", "that player", m.group(2)), ctx) \
                if m.group(2).startswith("have ") else \
                parse_sentence(f"that player {_third_person(m.group(2))}", ctx)
            if inner is not None and not any(e.op in _MAY_ACTS for e in inner):
                return [Effect("may", {"effects": list(inner), "who": who})]
        ctx.rewind(mark)  # another reader's form ("its controller may search their library ...": 701.19)
    mx = re.search(r"\b(twice|three times) x\b", low)
    if mx and not re.search(r"(?<!twice )(?<!three times )\bx\b", low) and ctx.x is None:
        # "You gain twice X life", "Tap target creature. Put twice X stun counters on it", "Target player mills three
        # times X cards" (Jace, the Perfected Mind): the X chosen as it was cast (107.3a) or as the loyalty cost was
        # paid (606.4), multiplied; the sentence read with X bound to that amount (107.1)
        ctx.x = {"times": 2 if mx.group(1) == "twice" else 3, "of": {"x": True}}
        got = _attempt(re.sub(r"\b(?:twice|three times) x\b", "x", s, flags=re.I), ctx)
        ctx.x = None
        return got
    if low.startswith("you search your library "):  # a mode an opponent chose for you (601.3): "You search ..."
        return parse_sentence(s[len("you "):], ctx)
    m = _HAVE.match(low)
    if m:  # "(you may) have target creature get -2/-2": the same instruction as "target creature gets -2/-2"
        for verb in (m.group(2) + "s", m.group(2)):
            inner = _attempt(f"{m.group(1)} {verb}{m.group(3)}", ctx)
            if inner is not None:
                return inner
        return None
    m = re.fullmatch(r"until (end of turn|your next turn), (.+?) and ((?:another |up to one (?:other )?)?target .+)",
                     low)
    if m:  # "Until end of turn, target creature you control gets +1/+1 and target creature an opponent controls gets
        # -1/-1": two instructions, each for that duration (611.2a)
        mark = ctx.mark()
        a = _attempt(f"{m.group(2)} until {m.group(1)}", ctx)
        b = _attempt(f"{m.group(3)} until {m.group(1)}", ctx) if a is not None else None
        if a is not None and b is not None:
            return a + b
        ctx.rewind(mark)
    m = re.match(r"^for each (.+?) (destroyed|exiled|put into a graveyard) this way, (?:its|that \w+'s) controller "
                 r"creates (.+)$", low)
    if m:  # "For each creature destroyed this way, its controller creates a 4/4 red Dragon creature token with
        # flying" (Descent of the Dragons): a token for each, under the control of the one who controlled it
        f = parse_noun(m.group(1))
        if f is not None:
            f.pop("permanent", None)  # what left the battlefield this way was a permanent
        inner = _attempt("create " + m.group(3), ctx) if f is not None and not set(f) - {"types", "token"} else None
        if inner is not None and len(inner) == 1 and inner[0].op == "token" and "who" not in inner[0].args:
            # "For each permanent put into a graveyard this way" (Terastodon): destroyed and put there, not one a
            # replacement exiled instead or one that regenerated or was indestructible (701.7a, 614.1a)
            gy = m.group(2) == "put into a graveyard"
            gone = {"action": "destroyed" if gy else m.group(2), "filter": f, **({"graveyard": True} if gy else {})}
            return [Effect("token", {**inner[0].args, "per_gone": gone})]
    m = re.match(r"^for each ([^,]+), (?!its |their |that |each |target )(.+)$", low)
    if m:  # "For each creature card in your graveyard, put a +1/+1 counter on each creature you control"
        # (an instruction of its own; "for each permanent destroyed this way, its controller ..." counts
        # for each player apart, which this does not read)
        mark = ctx.mark()
        inner = _attempt(f"{m.group(2)} for each {m.group(1)}", ctx)
        if inner is not None and len(inner) > 1 and " and " in m.group(2):
            # "For each nonland card revealed this way, add {G} and you gain 1 life" (Selvala, Explorer Returned):
            # "for each" counts for every instruction of the sentence, not only the last one
            ctx.rewind(mark)
            inner = None
            for k in [i for i in range(len(m.group(2))) if m.group(2).startswith(" and ", i)]:
                a = _attempt(f"{m.group(2)[:k]} for each {m.group(1)}", ctx)
                b = _attempt(f"{m.group(2)[k + 5:]} for each {m.group(1)}", ctx) if a is not None else None
                if a is not None and b is not None:
                    inner = a + b
                    break
                ctx.rewind(mark)
            if inner is None:
                return None
        if inner is not None:
            return inner
    m = re.match(r"^(?:then )?if (.+?), (.+)$", low)
    if m:
        cond_text = m.group(1)
        if ctx.last == "self":  # "remove an ice counter from SELF. Then if it has no ice counters on it"
            cond_text = re.sub(r"^it (has|had|is) ", r"self \1 ", cond_text)
        elif ctx.last not in (None, "self"):  # "put a +1/+1 counter on target creature you control. Then if that
            # creature has three or more +1/+1 counters on it" (Hadana's Climb): the object acted on (below)
            cond_text = re.sub(r"^that creature has (?=\w+ or more \S+ counters on it$)", "it has ", cond_text)
        cond = parse_condition(cond_text)
        diff = None
        if cond is None:  # "If target opponent has more cards in hand than you, draw cards equal to the difference"
            # (Balance of Power), "if its controller has more than four cards in hand" (Isildur's Fateful Strike):
            # two players' amounts compared as the instruction is carried out (608.2h); a target it names is
            # declared here, in the order of the words (601.2c)
            pair = player_comparison(cond_text, lambda ph: _one_player(ph, ctx))
            if pair is not None:
                diff = {"minus": list(pair)}
                cond = {"amount_ge": {"amount": diff, "n": 1}}
        xm = re.fullmatch(r"x is greater than or equal to (.+)", cond_text)
        if xm and ctx.x is not None and quantity(xm.group(1)) is not None:
            # "If X is greater than or equal to the number of cards in your library" (Thassa's Oracle): X bound by
            # the instruction before (107.3); true when the other amount minus X is below 1 (minus stops at 0)
            cond = {"amount_lt": {"amount": {"minus": [quantity(xm.group(1)), ctx.x]}, "n": 1}}
        if ctx.last == "revealed" and re.fullmatch(r"(?:that card|it) (?:has|is) (.+)", cond_text):
            # "reveal a card at random from your hand. If that card has the chosen name, ..." (Cursed Scroll):
            # the card that instruction revealed (engine/ops/actions.py reveal_random)
            q = re.fullmatch(r"(?:that card|it) (?:has|is) (.+)", cond_text)
            what = q.group(1) if q else ""
            f = {"chosen_name": True} if what == "the chosen name" else parse_noun(re.sub(r"^an? ", "", what))
            cond = {"revealed": {k: v for k, v in f.items() if k != "zone"}} if f is not None else None
        if cond is not None and "self_counters_ge" in cond and len(cond) == 1 \
                and re.match(r"(?:it|that creature) has ", m.group(1)) and ctx.last not in (None, "self"):
            # "put a +1/+1 counter on it. Then if it has three or more +1/+1 counters on it, ...": "it" is
            # the object the instruction before acted on, not the source (Ordeal of Heliod's creature); the target
            # when that was the target (Hadana's Climb: as it is now, 608.2b)
            cond = {"first_target" if ctx.last == {"target": 0} and len(ctx.targets) == 1 else "it":
                    {"counters_ge": cond["self_counters_ge"]}}
        if cond is not None and set(cond) == {"it"} and set(cond["it"]) == {"controller"} \
                and ctx.last == {"target": 0} and len(ctx.targets) == 1:
            # "tap up to one target creature. If an opponent controls that creature, ..." (Fear of Immobility): the
            # target, as it is now (608.2b)
            cond = {"first_target": dict(cond["it"])}
        if cond is not None and set(cond) == {"not"} and set(cond["not"]) == {"it"} and ctx.last == {"target": 0} \
                and not re.match(r"(?:it|that creature|that card) (?:wasn't|was not)\b", m.group(1).lower()) \
                and len(ctx.targets) == 1:
            # "put three +1/+1 counters on target artifact you control. If it's not a creature, ...": the target,
            # as it is now (608.2b: still a legal target)
            cond = {"not": {"first_target": {k: v for k, v in cond["not"]["it"].items() if k != "zone"}}}
        then = m.group(2)
        if re.match(r"self (?:was|is|has)\b", cond_text):  # "If SELF was kicked with its {2}{R} kicker, it deals X
            # damage to that creature's controller" (Illuminate): "it" is the subject of the condition, SELF (608.2c)
            then = re.sub(r"^it deals ", "self deals ", then)
        body = bind_difference(m.group(1), then, ctx, diff) if cond is not None else None
        kinds = list(cond["self_counters_ge"]) if cond is not None and set(cond) == {"self_counters_ge"} else []
        if body is not None and len(kinds) == 1:
            # "Then if there are three or more landmark counters on it, remove those counters, transform SELF, and
            # ..." (Treasure Map), "... remove all of them and transform it" (Ludevic's Test Subject), "you may
            # remove those counters and transform it" (Primal Amulet): the counters the condition counted
            body = re.sub(r"^(you may )?remove (?:those counters|all of them|them all|them)(?= and |, |$)",
                          rf"\1remove all {kinds[0]} counters from self", body)
        if cond is not None and body is not None:
            if "attached" in cond:
                ctx.last = "attached"  # "if enchanted creature is untapped, tap it"
            # "If COND, SELF also deals X damage to ...": an instruction added to those before it (608.2c)
            inner = parse_sentence(re.sub(r"^((?:\S+ ){0,2})also ", r"\1", body), ctx)
            if inner is not None:
                return [Effect("if", {"cond": cond, "then": list(inner)})]
    m = re.match(r"^(any number of target (?:players|opponents)) each (.+)$", low)
    if m:  # "Any number of target players each mill a card and lose 1 life" (Tinybones Joins Up): every verb's
        # subject is the players chosen (115.1), as "target player mills a card and loses 1 life" reads it
        got = _attempt(f"{m.group(1)} {_third_person(m.group(2))}", ctx)
        if got is not None:
            return got
    m = _BOTH.match(low)
    if m:  # "you and target opponent each draw a card": the instruction for each of the two players (608.2c)
        mark = ctx.mark()
        mine = parse_sentence(m.group(2), ctx)
        other = parse_sentence(f"{m.group(1)} {_third_person(m.group(2))}", ctx) if mine is not None else None
        if mine is not None and other is not None:
            if len(mine) == len(other) > 1 and [e.op for e in mine] == [e.op for e in other]:
                # "each draw a card, then discard a card": both draw, then both discard (608.2c, in order)
                return [e for pair in zip(mine, other) for e in pair]
            return mine + other
        ctx.rewind(mark)
    m = re.match(r"^((?:\S+ ){1,4})also ((?:gains?|gets?|deals?|loses?|has|have) .+)$", low)
    if m:  # "Colorless creatures you control also gain first strike": "also" adds to what came before
        return parse_sentence(m.group(1) + m.group(2), ctx)
    for rd in _TABLE:
        m = rd.pattern.match(low)
        if m:
            mark = ctx.mark()
            out = rd.read(m, ctx)
            if out is not None:
                return _bind_that_player(out, ctx)
            ctx.rewind(mark)  # a reader that gave up leaves no target behind
    got = _while_source(low, ctx)
    if got is not None:
        return got
    m = re.fullmatch(r"(you [^,]+), ([a-z][^,]+), (then|and) (.+)", low)
    if m:  # "You gain 7 life, draw seven cards, then put ..." (Ugin, the Spirit Dragon): a series of three
        got = _attempt(f"{m.group(1)} and {m.group(2)}, {m.group(3)} {m.group(4)}", ctx)
        if got is not None:
            return got
    m = re.fullmatch(r"(.*?)\ba number of (.+?) equal to (.+)", low)
    if m and " where x is " not in low and not re.search(r"\bx\b", low):
        # "create a number of 1/1 white Soldier creature tokens equal to your devotion to white": the
        # same instruction as "create X ... tokens, where X is ..." (107.3: X is that number)
        got = _attempt(f"{m.group(1)}x {m.group(2)}, where x is {m.group(3)}", ctx)
        if got is not None:
            return got
    m = re.fullmatch(r"(.*?)\bhalf x ([a-z0-9/+\- ]+?), rounded (up|down)", low)
    if m and " where x is " not in low:
        # "create half X Food tokens, rounded up" (The Goose Mother), "draw half X cards, rounded down": the same
        # instruction as "create X Food tokens, where X is half X, rounded up" (107.1a: rounded as it says; 107.3)
        got = _attempt(f"{m.group(1)}x {m.group(2)}, where x is half x, rounded {m.group(3)}", ctx)
        if got is not None:
            return got
    m = re.fullmatch(r"until (end of turn|your next turn), (.+? and .+?)(, where x is .+)?", low)
    if m:  # "Until end of turn, target creature gains trample and gets +X/+X, where X is ...": the leading
        # duration is every clause's (611.2a), as the same words at the end of the sentence are
        got = _attempt(f"{m.group(2)} until {m.group(1)}{m.group(3) or ''}", ctx)
        if got is not None:
            return got
    # "A loses X life and you gain X life, where X is N": the closing "where X is" defines
    # the X of every clause before it too (107.3: one X, one value)
    where = re.search(r", where x is .+$", low)
    lead = re.match(r"until (end of turn|your next turn), ", low)
    for joiner in (", then ", ", and ", " and ", ", "):
        idx = low.find(joiner)
        while idx != -1:
            left, right = low[:idx], low[idx + len(joiner):]
            if joiner == ", " and not re.search(r", (?:then|and) ", right):
                # only a list of three or more instructions, "A, B, then C" (Pore Over the Pages: "Draw
                # three cards, untap up to two lands, then discard a card"), is cut at a bare comma
                idx = low.find(joiner, idx + 1)
                continue
            with_x = where is not None and where.start() > idx and re.search(r"\bx\b", left)
            mark = ctx.mark()
            a = None
            dur = re.search(r" (until end of turn|until your next turn)(?:, where x is .+)?$", right)
            if joiner in (" and ", ", and ", ", ") and dur and _UNTIMED.search(left) and " until " not in left:
                # "target creature gains trample and gets +2/+2 until end of turn": the closing duration is
                # the first clause's too (611.2a), not a lasting grant; "Until end of turn, SELF becomes a Dragon,
                # gets +5/+3, and gains flying and trample" (Dragonsoul Knight): each clause of the list's
                a = _attempt(f"{left} {dur.group(1)}" + (where.group(0) if with_x and where else ""), ctx)
            if with_x and where is not None:
                left += where.group(0)
            if a is None:
                a = parse_sentence(left, ctx)
            if a is not None:
                # "Until end of turn, target creature has base power and toughness 4/4 and gains flying" (Wings of
                # Velis Vel): the leading duration is this clause's too (611.2a), not a lasting grant
                lasting = lead is not None and re.match(r"(?:gains?|gets?|has|have|loses?) ", right) is not None \
                    and not re.search(r"\b(?:until|this turn)\b", right)
                if _VERB3.match(right):
                    subj = left.split(" ", 1)[0]
                    if left.startswith("you "):
                        pass
                    elif left.startswith(("each player ", "each opponent ")):
                        # "Each player shuffles ..., then draws that many cards" (Winds of Change): the same players,
                        # each one of them (608.2c)
                        right = " ".join(left.split(" ", 2)[:2]) + " " + right
                    elif ctx.last_player is not None and (not left.startswith(("self ", "it ", "target creature"))
                                                          or re.match(r"target [a-z ]+'s (?:controller|owner) ", left)):
                        right = "that player " + right
                    elif subj:  # "SELF becomes ... and gets ...": the same subject, SELF (not a trigger's "it")
                        right = ("self " if subj == "self" else "it ") + right
                if lasting and lead is not None:
                    right = f"until {lead.group(1)}, {right}"
                named = re.search(r" (that creature|that permanent|that artifact|that land)$", left)
                if named and right.startswith("it "):  # "untap that creature and it gains haste" (Loki, God of
                    right = named.group(1) + right[2:]  # Lies): "it" is the object the clause before named (608.2c)
                b = parse_sentence(right, ctx)
                if b is None and lead is not None and not right.startswith("until "):
                    # "Until your next turn, you may cast creature spells as though they had flash, and each creature
                    # you control enters with an additional +1/+1 counter on it" (Arlinn, the Pack's Hope): the
                    # leading duration is the second clause's too (611.2a)
                    b = parse_sentence(f"until {lead.group(1)}, {right}", ctx)
                if b is None and joiner == " and " and _VERB_PLURAL.match(right):
                    subject = _SUBJECT_PLURAL.match(left)
                    if subject is not None:  # "creatures you control gain trample and get +X/+X ...": one
                        b = _attempt(f"{subject.group(1)} {right}", ctx)  # subject, both verbs (608.2c)
                    if b is None and subject is not None and re.search(r"\btargets?\b", subject.group(1)):
                        # "up to two target creatures each have base power and toughness 0/3 and lose all abilities"
                        # (Will Kenrith): the same targets, named once (115.1)
                        b = _attempt(f"they {right}", ctx)
                verb = _SHARED_VERB.match(left) if b is None and joiner == " and " else None
                if verb is not None and _OBJECT_ONLY.match(right):
                    # "put a +1/+1 counter on each creature you control and a loyalty counter on each
                    # other planeswalker you control", "untap up to one target creature and up to one
                    # target land": the second object shares the first one's verb (608.2c, in order)
                    b = parse_sentence(verb.group(1) + right, ctx)
                if b is not None:
                    both = that_many_done(a + b)
                    if both is not None:
                        return both
            ctx.rewind(mark)
            idx = low.find(joiner, idx + 1)
    m = re.fullmatch(r"(.+?) if its (power|toughness|mana value) is ((?:less|greater) than or equal to .+|less than "
                     r"self's (?:power|toughness)|\w+ or (?:less|greater)|\d+|one|two|three|four|five)", low)  # "... if
    # its power is 2" (Savage Swipe), "... if its power is less than SELF's power" (Sage-Eye Avengers)
    if m:  # "Gain control of target creature if its toughness is 2 or less", "Destroy target nonblack creature if its
        # toughness is less than or equal to the number of cards in your graveyard": the instruction only if its
        # target has it as the instruction is carried out (608.2c; an amount counted then, 608.2h)
        got = _if_target_has(m.group(1), f"creature with {m.group(2)} {m.group(3)}", ctx)
        if got is not None:
            return got
    m = re.fullmatch(r"(.+?\btarget\b.+?) if (?:it's|it is|that (?:creature|permanent|spell) is) ((?:non)?(?:white|"
                     r"blue|black|red|green)|multicolored|monocolored|colorless|tapped|untapped|legendary)", low) \
        or re.fullmatch(r"(.+?\btarget\b.+?) if (?:it|that spell) was (kicked)", low) \
        or re.fullmatch(r"(.+?\btarget\b.+?) if (?:it|that (?:creature|permanent|spell)) (has mana value \w+ or "
                        r"(?:less|greater)|shares a color with the most common color among all permanents or a color "
                        r"tied for most common)", low)
    if m:  # "Destroy target creature if it's white" (Soul Rend), "Exile target creature if it has mana value 3 or
        # less", "Return target permanent to its owner's hand if that permanent shares a color with the most common
        # color among all permanents or a color tied for most common" (Barrin's Unmaking): only if the target has it
        # as the instruction is carried out (608.2c)
        pred = m.group(2)
        noun = f"creature with {pred[len('has '):]}" if pred.startswith("has ") else \
            "creature that shares a color with the most common color" if pred.startswith("shares ") \
            else f"{pred} creature"
        got = _if_target_has(m.group(1), noun, ctx)
        if got is not None:
            return got
    m = re.fullmatch(r"(.+?\btarget\b.+?) if (?:its|that spell's|that creature's|that permanent's) (controller is "
                     r"poisoned|mana value is x|mana value is less than or equal to the greatest mana value among "
                     r"permanents you control)", low)
    if m:  # "Counter target spell if its controller is poisoned" (Corrupted Resolve), "... if its mana value is X"
        # (Disrupting Shoal), "... if its mana value is less than or equal to the greatest mana value among permanents
        # you control" (Dispersal Shield): only if the target has it as the instruction is carried out (608.2c)
        pred = m.group(2)
        has: dict[str, Any] = {"controller_poison_ge": 1} if pred.startswith("controller") else \
            {"mv_eq": {"x": True}} if pred.endswith(" x") else \
            {"mv_le": {"greatest": "mv", "among": {"controller": "you"}}}
        got = _if_target_matches(m.group(1), has, ctx)
        if got is not None:
            return got
    m = re.fullmatch(r"(.+?\btarget\b.+?) if you control more (creatures|lands) than (?:its|that spell's|that "
                     r"creature's|that permanent's) controller", low)
    if m:  # "Counter target spell if you control more creatures than that spell's controller" (Unified Will)
        mark = ctx.mark()
        inner = parse_sentence(m.group(1), ctx)
        if inner is not None and len(ctx.targets) == 1 and len(inner) == 1 and inner[0].get("what") == {"target": 0}:
            return [Effect("if", {"cond": {"more_than_target_controller": {"types": [m.group(2)[:-1].capitalize()]}},
                                  "then": inner})]
        ctx.rewind(mark)
    m = re.fullmatch(r"(.+?) (if|unless) (there are .+|you control .+|you don't control .+|an opponent .+|you have .+|"
                     r"it escaped|it's .+|your life total .+|you attacked .+|you've .+|you gained .+|"
                     r"this is the \w+ time this ability has resolved this turn|"
                     r"\w+ or more (?:nontoken )?creatures died this turn|"
                     r"(?:no )?(?:\{[wubrgc]\})+ was spent to cast (?:self|it|this spell)|"
                     r"no mana was spent to cast it|"
                     r"an? [a-z ]+ you control has "
                     r"[a-z ]+)", low)
    if m and not m.group(1).endswith("instead"):  # "Create a 4/4 Angel token ... if there are four or more card types
        cond = parse_condition(m.group(3))  # among cards in your graveyard": the instruction only if it holds (608.2c);
        if cond is not None and set(cond) == {"it"} and re.match(r"put .+ on (?:equipped|enchanted) creature$",
                                                                  m.group(1)):
            # "put a +1/+1 counter on equipped creature if it's blue": "it" is that creature (the attached one)
            cond = {"attached": cond["it"]}
        inner = parse_sentence(m.group(1), ctx) if cond is not None else None  # "you lose 1 life unless you control
        if inner is not None and cond is not None:  # another colorless creature": only if it does not
            return [Effect("if", {"cond": cond if m.group(2) == "if" else {"not": cond}, "then": list(inner)})]
    return None


def _if_target_has(body: str, noun: str, ctx: Ctx) -> list[Effect] | None:
    """The instruction ``body`` on the first target of the ability, only if that target matches ``noun``'s
    comparisons (power, toughness, mana value) as the instruction is carried out (608.2c)."""
    f = parse_noun(noun)
    return None if f is None else _if_target_matches(body, f, ctx)


def _if_target_matches(body: str, f: dict[str, Any] | None, ctx: Ctx) -> list[Effect] | None:
    """The instruction ``body`` on the first target of the ability, only if that target matches filter ``f`` as the
    instruction is carried out (608.2c)."""
    mark = ctx.mark()
    inner = parse_sentence(body, ctx) if f is not None else None
    if f is None or inner is None or len(inner) != 1 or inner[0].get("what") != {"target": 0} or len(ctx.targets) != 1:
        ctx.rewind(mark)
        return None  # only one instruction on the ability's one target: that is the "it" the condition reads
    f.pop("types", None)
    zone = ctx.targets[0].filter.get("zone")
    return [Effect("if", {"cond": {"first_target": {**f, **({"zone": zone} if zone else {})}}, "then": inner})]


def _while_source(low: str, ctx: Ctx) -> list[Effect] | None:
    """611.2b: "Target creature gets +2/-2 for as long as SELF remains tapped" (Ashnod's Battle Gear), "For as
    long as SELF remains tapped, gain control of target creature ..." (Preacher), "Gain control of target creature
    for as long as you control SELF and SELF remains tapped" (Helm of Possession), "... for as long as SELF remains
    on the battlefield" (Sower of Temptation), "... for as long as you control SELF": the instruction read with a
    duration of its own, each continuous effect it makes lasting that long (none that is not continuous)."""
    dur_rx = SOURCE_DURATIONS.pattern
    m = re.fullmatch(rf"(.+?) {dur_rx}", low) or re.fullmatch(rf"{dur_rx}, (.+)", low)
    if m is None:
        return None
    body, dur = (m.group(1), m.group(2)) if not low.startswith("for as long as") else (m.group(2), m.group(1))
    got = _attempt(body + " until end of turn", ctx)
    if got is None:
        got = _attempt(body, ctx)
        if got is None or any(e.op != "gain_control" or e.get("duration") for e in got):
            return None  # only a control change is read without "until end of turn" (it lasts: 611.2a)
    if any(e.op not in SOURCE_DURATION_OPS or e.get("duration", "eot") != "eot" for e in got):
        return None
    return [Effect(e.op, {**e.args, "duration": DURATIONS[dur]}) for e in got]


#: words of a sentence that refer back to what the sentence before it made or named
_BACK_REF = re.compile(r"\b(?:them|those|that spell|that card|that creature|that token|the copy|the copies|it)\b")


def _compile_more(ab: Any, sentence: str) -> Any:
    """The delayed triggered ability ``ab`` with one more sentence of its text, or None."""
    from engine.cards.compiler import compile_ability_text  # layering: cycle (compiler imports this)
    got = compile_ability_text(f"{ab.text.rstrip('.')}. {sentence.strip()}")
    return got if got is not None and got.kind == "triggered" and got.trigger == ab.trigger else None


#: "PLAYER may pay {N}. If they don't, X": X unless that player pays (117.12)
_MAY_PAY_OR = re.compile(r"\b(that player|defending player|they|its controller|target opponent|target player) may pay "
                         r"((?:\{[^ }]+\})+|\d+ life)\. if (?:that player|the player|they|he or she) "
                         r"(?:doesn't|don't), ([^.]+)\.", re.I)


#: "PLAYER may pay {N}. If they do, X": X only if that player pays (117.12, 608.2d)
_MAY_PAY_THEN = re.compile(r"\b(that player|defending player|its controller|target opponent|target player) may pay "
                           r"((?:\{[^ }]+\})+|\d+ life)\. if (?:that player|the player|they|he or she) (?:does|do), "
                           r"([^.]+)\.?$", re.I)


@reader(r"^(that player|defending player|its controller|target opponent|target player) may pay ((?:\{[^ }]+\})+|\d+ "
        r"life) and if that player does, (.+)$")
def _may_pay_then(m: re.Match, c: Ctx) -> list[Effect] | None:
    """117.12, 608.2d: "At the beginning of the upkeep of enchanted creature's controller, that player may pay {1}{B}.
    If the player does, untap that creature." (Dance of the Dead; joined by parse_effects): that player chooses
    whether to pay; the instruction after it happens only if they paid."""
    payer = c.player(m.group(1))
    if payer is None:
        return None
    c.last_player = payer
    then = parse_sentence(m.group(3), c)
    if not then:
        return None
    return [Effect("unless", {"payer": payer, "pay": _payment(m.group(2)), "effects": [], "done": list(then)})]


#: "Return a Pirate card from your graveyard to your hand, then do the same for Vampire, Dinosaur, and Merfolk."
_SAME_FOR = re.compile(r"^(.+?), then do the same for ((?:[\w'-]+, )*[\w'-]+,? and [\w'-]+|[\w'-]+)\.?$", re.I)


def _do_the_same(text: str) -> str:
    """"X, then do the same for A, B, and C" where X names one subtype and A, B, C are subtypes: the instruction
    again for each of them in turn, that subtype in place of X's (608.2c: in the order written). Another text
    is left as it is."""
    m = _SAME_FOR.match(text.strip())
    if m is None:
        return text
    items = [w for w in re.split(r",? and |, ", m.group(2)) if w]
    first = m.group(1)
    named = [w for w in re.findall(r"\b[A-Z][\w'-]*\b", first) if subtype(w) is not None]
    if len(named) != 1 or any(subtype(w) != w for w in items + named):
        return text
    again = [re.sub(rf"\b{re.escape(named[0])}\b", w, first) for w in items]
    return ". ".join([first, *again]) + "."


#: "return all creatures to their owners' hands except for Merfolk, Krakens, Leviathans, Octopuses, and Serpents"
_EXCEPT_FOR = re.compile(r"\b(all )([a-z]+s)\b([^.]*?) except for ((?:[\w'-]+, )*[\w'-]+,? and [\w'-]+|[\w'-]+)"
                         r"(?=\.|$)", re.I)
#: card types an "except for" list may name ("except for Giants, Wizards, and lands")
_TYPE_PLURALS = {"lands": "land", "creatures": "creature", "artifacts": "artifact", "enchantments": "enchantment",
                 "planeswalkers": "planeswalker"}


def _except_for(text: str) -> str:
    """"all NOUNS ... except for A, B, and C" where A, B, C are subtypes or card types: "all non-A, non-B, non-C
    NOUNS ..." (the objects of those kinds are left out); another text is left as it is."""
    def repl(m: re.Match) -> str:
        words = [w for w in re.split(r",? and |, ", m.group(4)) if w]
        nons = []
        for w in words:
            t = _TYPE_PLURALS.get(w.lower())
            sub = subtype(w) if t is None else None
            if t is None and (sub is None or not w[:1].isupper()):
                return m.group(0)
            nons.append(f"non{t}" if t is not None else f"non-{sub}")
        return f"{m.group(1)}{', '.join(nons)} {m.group(2)}{m.group(3)}"
    return _EXCEPT_FOR.sub(repl, text)


#: "PLAYER may discard a card. If they don't, they lose 3 life": the second instruction unless that player does the
#: first (117.12); "they" in it is that player
_MAY_DO_OR = re.compile(r"\b(each opponent|each player|that player|defending player|its controller) may "
                        r"((?:discard|sacrifice) [^.]+)\. if (?:that player|the player|they|he or she) "
                        r"(?:doesn't|don't), ([^.]+)\.", re.I)  # (not "target opponent": read twice, two targets)


def _round_each_time(text: str) -> str:
    """107.1a: "Each player loses half their life, then discards half the cards in their hand, then sacrifices half
    the creatures they control of their choice. Round up each time." (Fraying Omnipotence): one instruction after
    another, each "half" rounded as the last sentence says, each read as its own sentence of the same players."""
    m = re.fullmatch(r"(each player|each opponent) ([^.]+)\. round (up|down) each time\.?", text.strip(), re.I)
    if m is None:
        return text
    parts = re.split(r",? then ", m.group(2))
    if len(parts) < 2 or not all(re.search(r"\b(?:half|a third of)\b", p) for p in parts):
        return text
    return " ".join(f"{m.group(1)} {p}, rounded {m.group(3)}." for p in parts)


_ANY_MAY = re.compile(r"any (opponent|player) may (have (?:it|self) deal \w+ damage to them|(?:sacrifice|discard|"
                      r"exile|pay|tap) .+)")


def _any_player_may(m: re.Match, then: str, c: Ctx) -> list[Effect] | None:
    """117.12, 101.4: "Any opponent may sacrifice a creature of their choice. If a player does, tap SELF and put a
    +1/+1 counter on it." (Desecration Demon), "Any player may have SELF deal 5 damage to them. If no one does,
    target player draws three cards." (Browbeat): each of those players in turn order (APNAP) may do it, until one
    does; the instruction after it happens if one did (``if_done``), or if no one did."""
    group = "each_opponent" if m.group(1) == "opponent" else "each_player"
    done = re.fullmatch(r"if (a player|they|no one|no player) (?:does|do)(?: either)?, (.+)", then)
    if done is None:
        return None
    act = m.group(2)
    dmg = re.fullmatch(r"have (?:it|self) deal (\w+) damage to them", act)
    verb, _, rest = act.partition(" ")
    act = f"self deals {dmg.group(1)} damage to {m.group(1)}" if dmg else f"{m.group(1)} {verb}s {rest}"
    actions = parse_sentence(f"each {act}" if not dmg else act.replace(m.group(1), f"each {m.group(1)}"), c)
    effs = parse_sentence(done.group(2), c)
    if actions is None or effs is None or len(actions) != 1:
        return None
    a = actions[0]
    what = a.args.get("what")
    own_cards = isinstance(what, dict) and what.get("chooser") == group and isinstance(what.get("choose"), dict) \
        and what["choose"].get("owner") == "chooser" and a.op == "exile"  # "Any player may exile a card from their
    # graveyard. If a player does, ..." (Carrion Rats): their own cards, chosen by them
    if not own_cards and (group not in (a.args.get("who"), a.args.get("to")) or "choose" in str(what)):
        return None  # the action must be that player's own (their sacrifice, discard, the damage to them)
    return [Effect("unless", {"payer": group, "any_one": True, "actions": [a], "effects": list(effs),
                              **({"if_done": True} if done.group(1) in ("a player", "they") else {})})]


def _may_do_or(mm: re.Match) -> str:
    who, act, then = mm.group(1), mm.group(2), mm.group(3)
    then = re.sub(r"^(?:they|that player) (lose|gain|draw|discard|sacrifice)s?\b", rf"{who} \1s", then, flags=re.I)
    return f"{then} unless {who} {act}."


#: what _paragraph_forms answers for a paragraph that is none of its forms
_NOT_THIS = object()


def _as_group(x: Any, group: str) -> Any:
    """An effect read of "each player" made one of a group of players ("each friend": values.refs "friends")."""
    if isinstance(x, Effect):
        return Effect(x.op, _as_group(x.args, group))
    if isinstance(x, dict):
        return {k: _as_group(v, group) for k, v in x.items()}
    if isinstance(x, list):
        return [_as_group(v, group) for v in x]
    return group if x == "each_player" else x


def _return_exiled_self(e: Effect) -> Effect:
    """"Exile SELF. Return it to the battlefield under its owner's control at the beginning of the next end step."
    (Aetherling): the card it became in exile (400.7), which the delayed trigger remembers (603.7c: the "exiled"
    of its creating effect), not a card of the graveyard ("return SELF to the battlefield" read alone)."""
    if e.op != "delayed":
        return e
    inner = [Effect("move", {**{k: v for k, v in x.args.items() if k != "from"}, "what": "exiled"})
             if x.op == "move" and x.args.get("what") == "self" and x.args.get("from") == "graveyard"
             and x.args.get("to") == "battlefield" else x for x in e.args.get("effects", ())]
    return Effect("delayed", {**e.args, "effects": inner})


_SPENT_PAIR = re.compile(r"(.+?) if ((?:\{[wubrg]\})+) was spent to cast self,? and (.+?) if ((?:\{[wubrg]\})+) was "
                         r"spent to cast self\.?")


def _spent_pair(low: str, ctx: Ctx) -> list[Effect] | None:
    """"SELF deals 3 damage to each creature without flying if {R} was spent to cast SELF and 3 damage to each creature
    with flying if {G} was spent to cast SELF" (Firespout), "You gain X life if {G} was spent ... and X life if {W} was
    spent ..." (Dawnglow Infusion), "Target player can't play lands this turn if {R} ... and can't cast creature spells
    this turn if {W} ..." (Moonhold): two instructions, each done only if mana of that color paid for the spell (106.4,
    608.2c). The second borrows the first's subject and verb when it has none ("that player" for a target named in
    the first: one target, 115.1)."""
    m = _SPENT_PAIR.fullmatch(low.strip())
    if m is None:
        return None
    mark = ctx.mark()
    first = parse_sentence(m.group(1), ctx)
    c1, c2 = parse_condition(f"{m.group(2)} was spent to cast self"), parse_condition(f"{m.group(4)} was spent to "
                                                                                     f"cast self")
    if first is None or c1 is None or c2 is None:
        ctx.rewind(mark)
        return None
    words = m.group(1).split()
    second = None
    for k in range(0, min(4, len(words))):
        head = re.sub(r"\btarget (player|opponent|creature|permanent)\b", r"that \1", " ".join(words[:k]))
        inner = ctx.mark()
        second = parse_sentence((head + " " + m.group(3)).strip(), ctx)
        if second is not None and len(ctx.targets) == inner[0]:
            break
        ctx.rewind(inner)
        second = None
    if second is None:
        ctx.rewind(mark)
        return None
    return [Effect("if", {"cond": c1, "then": list(first)}), Effect("if", {"cond": c2, "then": list(second)})]


def _paragraph_forms(low: str, ctx: Ctx) -> Any:
    """Paragraph forms of several sentences read whole: the Oaths' target, Counterbalance's reveal, Spoils of the
    Vault's reveal until, a player's "may reveal ... until"; their effects, None (the form, not understood), or
    _NOT_THIS."""
    cap = re.fullmatch(r"put up to (x|\w+) ([+\-]\d+/[+\-]\d+|[a-z]+) counters on self\. this ability can't cause the "
                       r"total number of \2 counters on self to be greater than (\w+)\.?", low)
    if cap and number(cap.group(3)) and (cap.group(1) == "x" or number(cap.group(1))):
        # "Put up to X +1/+0 counters on SELF. This ability can't cause the total number of +1/+0 counters on SELF to
        # be greater than four." (the Clockwork creatures): a number from 0 to X that leaves no more than four, chosen
        # as it resolves (608.2d, 121.1)
        n: Any = {"x": True} if cap.group(1) == "x" else number(cap.group(1))
        return [Effect("counters", {"what": "self", "kind": cap.group(2), "amount": n, "up_to": True,
                                    "cap": number(cap.group(3))})]
    oath = _OATH.match(low)
    if oath and ctx.last_player == "trigger_player" and "second player" not in low:
        # "At the beginning of each player's upkeep, that player chooses target player who controls more creatures
        # than they do and is their opponent. The first player may ..." (the Oaths): a target the upkeep's player
        # chooses (603.3d), which only makes the ability removed when none is legal (603.3d) or countered on
        # resolution when it became illegal (608.2b); "the first player" is that upkeep's player
        kind = oath.group(1)
        more: dict[str, Any] | None = {"life": True} if kind == "has more life" else {"hand": True} \
            if kind == "has more cards in hand" else None
        if kind.startswith("controls more "):
            f = parse_noun(kind[len("controls more "):])
            more = None if f is None or set(f) - {"types", "subtypes"} else {"count": f}
        if more is None:
            return None
        mark = ctx.mark()
        slot = ctx.ref("target player")
        if not isinstance(slot, dict) or "target" not in slot:
            ctx.rewind(mark)
            return None
        spec = ctx.targets[slot["target"]]
        ctx.targets[slot["target"]] = replace(spec, filter={**spec.filter, "opponent_with_more": more},
                                              chooser="trigger_player")
        ctx.last_player = "trigger_player"  # "that player" after it: the upkeep's player, not the target
        rest = re.sub(r"\bthe first player\b", "that player", low[oath.end():])
        got = parse_effects(rest, ctx) if rest.strip() else None
        if got is None:
            ctx.rewind(mark)
        return got
    m = re.fullmatch(r"you may reveal the top card of your library\. if you do, (.+?) if (it|that spell|that card) "
                     r"has the same mana value as the revealed card", low.rstrip(".").strip())
    if m and ctx.last == "it":
        # "Whenever an opponent casts a spell, you may reveal the top card of your library. If you do, counter that
        # spell if it has the same mana value as the revealed card." (Counterbalance): the card is revealed (701.15a)
        # only if there is one; what follows happens if the two mana values are equal (202.3, 608.2c)
        inner = parse_sentence(m.group(1), ctx)
        if inner is None:
            return None
        mine, shown = {"mv_of": "it"}, {"mv_of": "revealed_top"}
        same = {"all": [{"revealed_is": {}}, {"amount_ge": {"amount": mine, "n": shown}},
                        {"amount_ge": {"amount": shown, "n": mine}}]}
        return [Effect("may", {"effects": [Effect("reveal_top", {})],
                               "then": [Effect("if", {"cond": same, "then": list(inner)})]})]
    m = _REVEAL_UNTIL_EXILE.fullmatch(low.rstrip(".").strip())
    if m:  # "Choose a card name. Reveal cards from the top of your library until you reveal a card with that name,
        # then put that card into your hand. Exile all other cards revealed this way, and you lose 1 life for each of
        # the exiled cards." (Spoils of the Vault): the name chosen first (201.3), the cards revealed (701.15a)
        named = m.group(2) == "a card with that name"
        if named != bool(m.group(1)):
            return None
        f = {"chosen_name": True} if named else parse_noun(re.sub(r"^an? ", "", m.group(2)))
        n = number(m.group(3))
        if f is None or not n:
            return None
        f.pop("zone", None)
        return ([Effect("action", {"name": "name_card", "choice": "card_name"})] if named else []) + [
            Effect("reveal_until", {"filter": f, "to": "hand", "rest": "exile"}),
            Effect("lose_life", {"who": "you", "amount": {"times": n, "of": {
                "count_this_way": {"zone": "any_card"}, "action": "exiled"}}})]
    m = _REVEAL_UNTIL_DAMAGE.fullmatch(low.rstrip(".").strip())
    if m:  # "Reveal cards from the top of your library until you reveal a land card. SELF deals damage equal to the
        # number of nonland cards revealed this way to any target. If the revealed land card was a Mountain, SELF deals
        # double that damage instead. Put the revealed cards on the bottom of your library in any order." (Goblin
        # Charbelcher): the cards stay revealed until the last instruction moves them all (701.15a, 608.2c, 401.4)
        f, miss, kind = parse_noun(m.group(1)), parse_noun(m.group(2)), parse_noun(m.group(5)) if m.group(5) else {}
        to = ctx.ref(m.group(3))
        if f is None or miss is None or kind is None or to is None or m.group(4) and m.group(4) != m.group(1):
            return None
        f.pop("zone", None)
        miss.pop("zone", None)
        kind.pop("zone", None)
        misses: dict[str, Any] = {"count_this_way": miss, "action": "revealed"}
        hit = Effect("damage", {"amount": misses, "to": to})
        if m.group(5):
            twice = Effect("damage", {"amount": {"times": 2, "of": misses}, "to": to})
            hit = Effect("if", {"cond": {"revealed_is": kind}, "then": [twice], "else": [hit]})
        return [Effect("reveal_until", {"filter": f, "stay": True}), hit,
                Effect("revealed_to", {"to": "library_bottom"})]
    m = _PLAYER_REVEALS_UNTIL.fullmatch(low.rstrip(".").strip())
    if m and bool(m.group(2)) == bool(m.group(4)):
        # "The first player may reveal cards from the top of their library until they reveal a creature card. If the
        # first player does, that player puts that card onto the battlefield and all other cards revealed this way
        # into their graveyard." (Oath of Druids): that player reveals from their own library (701.15a), if they
        # choose to; the card found and the others revealed go where it says
        who = ctx.player(m.group(1))
        f = parse_noun(m.group(3))
        if who is None or f is None:
            return None
        until = Effect("reveal_until", {"filter": f, "to": "battlefield" if m.group(5) == "onto the battlefield"
                                        else "hand", "rest": "graveyard", **({"who": who} if who != "you" else {})})
        return [Effect("may", {"effects": [until], **({"who": who} if who != "you" else {})})] if m.group(2) \
            else [until]
    return _NOT_THIS
def die_table(text: str, ctx: Ctx) -> list[Effect] | None:
    """"[Instructions, then] roll a d20 [and add N]." and the rows of its result table ("1—9 | ...", "20 | ...",
    "15+ | ...") on the lines below (rolling a die, a later rule, Adventures in the Forgotten Realms): the instructions
    before it, then a roll whose result picks one row (engine/ops/control.py roll). Each row reads from where the
    instructions before the roll left "it" and "that card"; a row naming a target of its own is not read (its targets
    would be chosen before the roll, 601.2c, for a row that may never run)."""
    head, *rows = text.strip().split("\n")
    m = re.fullmatch(r"(.*?)(?:,? then |(?<=\.) |^)roll a d(4|6|8|10|12|20)(?: and add (.+?))?\.?", head.strip(),
                     flags=re.I | re.S)
    if m is None or not rows:
        return None
    pre: list[Effect] = []
    if m.group(1).strip(" .,"):
        got = parse_effects(m.group(1).strip(" .,") + ".", ctx)
        if got is None:
            return None
        pre = got
    roll: dict[str, Any] = {"sides": int(m.group(2))}
    if m.group(3):
        add = ctx_quantity(m.group(3), ctx)
        if add is None:
            return None
        roll["add"] = add
    mark = ctx.mark()
    table: list[dict[str, Any]] = []
    for row in rows:
        r = DIE_ROW.match(row.strip())
        if r is None:
            return None
        lo: int | None = int(r.group(1))
        hi: int | None = int(r.group(2)) if r.group(2) else None if r.group(3) or r.group(4) == "more" else lo
        if r.group(4) == "less":
            lo, hi = None, lo
        body = re.sub(r"^[A-Z][A-Za-z' ]*!? — ", "", r.group(5).strip())  # "1 | Trapped! — You lose 3 life."
        ctx.rewind(mark)
        more = re.fullmatch(r"create (one|two|three|four|five) of (?:those|these) tokens\.?", body, flags=re.I)
        last = table[-1]["effects"] if table else []
        if more and last and last[-1].op == "token":  # "1—9 | Create a 1/1 red Goblin creature token. 10—19 |
            # Create two of those tokens." (Swarming Goblins): the token of the row above, that many
            effs: list[Effect] | None = [Effect("token", {**last[-1].args, "amount": number(more.group(1))})]
        else:
            effs = parse_effects(body, ctx)
        if effs is None or len(ctx.targets) != mark[0]:
            return None
        table.append({"min": lo, "max": hi, "effects": effs})
    ctx.rewind(mark)
    return [*pre, Effect("roll", {**roll, "table": table})]
def _as_doer(text: str) -> str | None:
    """Another player's instruction as that player would say it ("their" is "your"); None when it names "you" or a
    target (the doer would not choose the controller's targets)."""
    if re.search(r"\b(you|your|target)\b", text, flags=re.I):
        return None
    return re.sub(r"\btheir\b", "your", re.sub(r"\bthey control\b", "you control", text, flags=re.I), flags=re.I)


def _tempting_offer(m: re.Match, ctx: Ctx) -> list[Effect] | None:
    """Tempting offer (Commander 2013): what comes first, then "each opponent may X" (X read as its doer would say
    it: "their library" is "your library"), then "for each opponent who does, Y" and what follows."""
    first = parse_effects(m.group(1), ctx) if m.group(1).strip() else []
    offer = re.sub(r"\btheir\b", "your", re.sub(r"\bthey control\b", "you control", m.group(2), flags=re.I),
                   flags=re.I)
    if first is None or re.search(r"\b(you|your)\b", m.group(2), flags=re.I) \
            or re.search(r"\b(they|them)\b", offer, flags=re.I) \
            or re.search(r"\b(each|target) (opponent|player)", offer, flags=re.I):
        return None  # ("you" in the offer would be its doer, not the controller: not read)
    copied = [e.args["copy_of"] for e in first or ()
              if e.op == "token" and e.args.get("copy_of") not in (None, "created")]
    if ctx.last == "created" and copied:  # "Create a token that's a copy of that creature. Each opponent may create a
        ctx.last = copied[-1]  # token that's a copy of that creature": the creature copied, each time (706.2)
    mark = ctx.last
    x = parse_effects(offer + ".", ctx)
    ctx.last = mark
    y = parse_effects(re.sub(r"\band you (?=[a-z])", "and ", m.group(3), flags=re.I) + ".", ctx)
    rest = parse_effects(m.group(4), ctx) if m.group(4).strip() else []
    if x is None or y is None or rest is None or not x or not y:
        return None
    return [*first, Effect("tempt", {"effects": x, "then": y}), *rest]


def parse_effects(text: str, ctx: Ctx) -> list[Effect] | None:
    """Several sentences in order; None if any is not understood (_parse_effects). A paragraph none of its forms
    reads that reveals cards until one of a kind is revealed is read one instruction at a time (701.15a, 608.2c:
    engine/cards/compiler/effects/until.py)."""
    mark = ctx.mark()
    got = _parse_effects(text, ctx)
    if got is not None and Effect("reveal", {"what": "drawn_cards"}) in got:
        got = _drawn_is(got)
    if got is None and re.search(r"\buntil (?:you|they) reveal\b", text, flags=re.I):
        ctx.rewind(mark)
        got = read_reveal_until(text, ctx, parse_effects)
        if got is None:
            ctx.rewind(mark)
    if got is None and re.search(r"\breveal the top card of your library\b", text, flags=re.I):
        ctx.rewind(mark)
        got = read_reveal_top(text, ctx, parse_effects)
        if got is None:
            ctx.rewind(mark)
    return got


def _drawn_is(effs: list[Effect]) -> list[Effect]:
    """"Draw a card and reveal it. If it isn't a land card, discard it." (Sindbad): "it" of a condition after the
    card drawn is revealed is that card (608.2c: ``revealed``, the cards the reveal showed), not a target."""
    def bind(cond: Any) -> Any:
        if isinstance(cond, dict) and set(cond) == {"not"}:
            return {"not": bind(cond["not"])}
        return {"revealed": cond["it"]} if isinstance(cond, dict) and set(cond) == {"it"} else cond
    out, seen = [], False
    for e in effs:
        if seen and e.op == "if":
            e = Effect("if", {**e.args, "cond": bind(e.args["cond"])})
        seen = seen or e == Effect("reveal", {"what": "drawn_cards"})
        out.append(e)
    return out


def _the_named(text: str) -> str:
    """"... SELF deals damage to that creature's controller equal to the creature's power" (Boros Fury-Shield), "that
    spell's controller mills X cards, where X is the spell's mana value" (Induce Paranoia): "the creature's" / "the
    spell's" after "that creature" / "that spell" is that object's, the one named before (608.2c)."""
    def repl(m: re.Match) -> str:
        if re.search(rf"\bthat {m.group(1)}\b", text[:m.start()], flags=re.I):
            return f"that {m.group(1)}'s {m.group(2)}"
        return m.group(0)
    return re.sub(r"\bthe (creature|spell)'s (power|toughness|mana value|controller)\b", repl, text)


_BALANCE = re.compile(r"each player chooses a number of (lands|creatures|permanents) they control equal to the "
                      r"number of \1 controlled by the player who controls the fewest, then sacrifices the rest\.\s*"
                      r"(?:(?:players|each player) ((?:(?:discards?|sacrifices?) (?:cards|lands|creatures|permanents)"
                      r"(?:,? and )?)+) the same way\.?)?", re.I)


def _balance(text: str) -> list[Effect] | None:
    """"Each player chooses a number of lands they control equal to the number of lands controlled by the player who
    controls the fewest, then sacrifices the rest. Players discard cards and sacrifice creatures the same way."
    (Balance, Restore Balance, Balancing Act): one keep_rest with ``fewest`` for each kind, in the order written
    (608.2c: "the same way" is the same instruction for cards in hand, 701.8a, or other permanents, 701.14a)."""
    m = _BALANCE.fullmatch(text.strip())
    if m is None:
        return None
    kinds = [m.group(1).lower()]
    for part in re.findall(r"(discards?|sacrifices?) (cards|lands|creatures|permanents)", m.group(2) or "", re.I):
        if part[0].lower().startswith("discard") != (part[1].lower() == "cards"):
            return None
        kinds.append(part[1].lower())
    out = []
    for k in kinds:
        if k == "cards":
            out.append(Effect("keep_rest", {"keep": [{}], "among": {}, "chooser": "each", "fewest": True,
                                            "zone": "hand"}))
            continue
        f = parse_noun(k)
        if f is None:
            return None
        out.append(Effect("keep_rest", {"keep": [dict(f)], "among": {}, "rest": dict(f), "chooser": "each",
                                        "fewest": True}))
    return out


def _parse_effects(text: str, ctx: Ctx) -> list[Effect] | None:
    """Several sentences in order; None if any is not understood.

    Handles follow-ups that span sentences: "You may X. If you do, Y." and "If you
    don't, Y."; "It can't be regenerated."
    """
    weld = re.fullmatch(r"choose target ([a-z]+) an? (?:player|opponent) controls and target ([a-z]+) card in that "
                        r"player's graveyard\. if both targets are still legal as this ability resolves, that player "
                        r"simultaneously sacrifices the \1 and returns the \2 card to the battlefield\.?",
                        text.strip(), re.I)
    if weld:  # "Choose target artifact a player controls and target artifact card in that player's graveyard. If both
        # targets are still legal as this ability resolves, that player simultaneously sacrifices the artifact and
        # returns the artifact card to the battlefield." (Goblin Welder): the card's owner is the permanent's controller
        # (601.2c: bound as the targets are chosen together); both targets legal, or nothing happens (608.2b)
        a = parse_target(f"target {weld.group(1).lower()}")
        b = parse_target(f"target {weld.group(2).lower()} card in a graveyard")
        if a is None or b is None or set(a.filter) != {"types"} or set(b.filter) != {"types", "zone"}:
            return None
        if "opponent controls" in text.lower():
            a = TargetSpec({**a.filter, "controller": "opponent"}, a.text)
        t0 = ctx.add_target(TargetSpec(a.filter, f"target {weld.group(1).lower()} a player controls"))
        t1 = ctx.add_target(TargetSpec({**b.filter, "owner": {"controller_of": t0}},
                                       f"target {weld.group(2).lower()} card in that player's graveyard"))
        return [Effect("if", {"cond": {"targets_legal": 2}, "then": [
            Effect("sacrifice", {"what": t0}),
            Effect("move", {"what": t1, "to": "battlefield"})]})]
    one = re.fullmatch(r"choose a counter on (target [a-z ]+?)\. give (?:that permanent or player|that permanent|"
                       r"that creature|it) another counter of that kind\.?", text.strip(), re.I)
    if one:  # "Choose a counter on target permanent or player. Give that permanent or player another counter of that
        # kind." (Animation Module): one kind of the counters it has, chosen as it resolves (608.2d), one more of it
        what = ctx.ref(one.group(1).lower())
        if isinstance(what, dict) and set(what) == {"target"}:
            ctx.last = what
            return [Effect("counter_each_kind", {"what": what, "one_kind": True})]
        return None
    # "You may put any number of permanent cards with mana value X or less from among them onto the battlefield. Then
    # put all cards revealed this way that weren't put onto the battlefield into your graveyard." (Genesis Wave): the
    # rest of the cards revealed, as "Put the rest into your graveyard" says it (608.2c)
    text = re.sub(r"\bthen put all cards revealed this way that weren't put onto the battlefield into your graveyard",
                  "Put the rest into your graveyard", text, flags=re.I)
    if "\n" in text and DIE_ROW.match(text.strip().split("\n")[1].strip()):
        return die_table(text, ctx)
    text = _except_for(_do_the_same(text))
    # "... copy that spell for each other creature you control that the spell could target. Each copy targets a
    # different one of those creatures." (Zada, Precursor Golem, Radiate): one instruction (706.10, 114.1)
    text = re.sub(r"(spell|it) could target\. each copy targets a different one of those [a-z ]+\.",
                  r"\1 could target, each copy targeting a different one.", text, flags=re.I)
    # "You lose 2 life and draw two cards, then clash with an opponent. If you win, ..." (Hoarder's Greed): the clash
    # a sentence of its own, which the "If you win" after it reads (701.20)
    text = re.sub(r"([^.]), then (clash with an opponent)\b", r"\1. Then \2", text, flags=re.I)
    # "The owner of target permanent shuffles it into their library, then reveals the top card of their library. If
    # it's a permanent card, they put it onto the battlefield." (Chaos Warp): that player's reveal a sentence of its
    # own (701.15a; "that player" is the owner, 608.2c)
    text = re.sub(r"^(the owner of target [^,.]+? shuffles it into their library), then (reveals the top card of "
                  r"their library\.)", r"\1. That player \2", text, flags=re.I)
    m = re.fullmatch(r"(you may pay x life), where x is ([^.]+)\. (if you do, [^.]*\bx\b[^.]*?)\.?", text.strip(),
                     flags=re.I)
    if m and " where x is " not in m.group(3).lower():
        # "You may pay X life, where X is its power. If you do, draw X cards." (Mask of Griselbrand): one X for both
        # sentences (107.3: X is that value wherever it appears), counted as the ability resolves (608.2h)
        text = f"{m.group(1)}, where x is {m.group(2)}. {m.group(3)}, where x is {m.group(2)}."
    m = re.fullmatch(r"choose a number between (\d+) and (\d+)\. (.+)", text.strip(), flags=re.I | re.S)
    if m and int(m.group(1)) <= int(m.group(2)) and re.search(r"\b(?:the chosen number|that many|that much)\b",
                                                                m.group(3), flags=re.I):
        # "Choose a number between 0 and 10. Destroy all creatures with power greater than or equal to the chosen
        # number." (Expel the Interlopers), "... Each player sacrifices that many creatures of their choice." (By
        # Invitation Only): the number its controller chooses as it resolves (608.2d), X of the sentences after it
        said = []
        for sent in re.split(r"(?<=\.)\s+", m.group(3).strip()):
            t = re.sub(r"\b(?:the chosen number|that many|that much)\b", "x", sent.rstrip("."), flags=re.I)
            t = re.sub(r"\b(power|toughness|mana value) greater than or equal to x\b", r"\1 x or greater", t)
            t = re.sub(r"\b(power|toughness|mana value) less than or equal to x\b", r"\1 x or less", t)
            said.append(f"{t}, where x is the chosen number." if re.search(r"\bx\b", t) else f"{t}.")
        mark = ctx.mark()
        rest = parse_effects(" ".join(said), ctx)
        if rest is not None:
            return [Effect("choose_number", {"min": int(m.group(1)), "max": int(m.group(2))}), *rest]
        ctx.rewind(mark)
        return None
    tied = re.search(r"\s*if two or more (creature|artifact|enchantment|land|planeswalker)s are tied for "
                     r"(least|greatest) (power|toughness), you choose one of them\.?\s*$", text, flags=re.I)
    if tied and re.search(rf"\bthe {tied.group(1)} with the {tied.group(2)} {tied.group(3)}\b", text[:tied.start()],
                          flags=re.I):
        # the tie the reference "the creature with the least power" already settles: its controller chooses one
        # of those tied as it resolves (608.2d: Ctx.ref)
        text = text[:tied.start()]
    got_balance = _balance(text)
    if got_balance is not None:
        return got_balance
    m = re.fullmatch(r"((?:[^.]+\. )*?)choose odd or even\. ([^.]*?)with mana value of the chosen quality([^.]*)\."
                     r"\s*(.*)", text.strip(), flags=re.I | re.S)
    if m and "target" not in m.group(2).lower():
        # "Choose odd or even. Exile each creature with mana value of the chosen quality." (Extinction Event): the
        # instruction for the parity its controller chooses as it resolves (608.2d; 202.3: 0 is even)
        mark = ctx.mark()
        before = parse_effects(m.group(1), ctx) if m.group(1).strip() else []
        parity = [parse_sentence(f"{m.group(2)}with {q} mana value{m.group(3)}", ctx) for q in ("odd", "even")]
        rest = parse_effects(m.group(4), ctx) if m.group(4).strip() else []
        if before is None or any(a is None for a in parity) or rest is None:
            ctx.rewind(mark)
            return None
        return [*before, Effect("either", {"alternatives": [list(a or []) for a in parity],
                                           "labels": ["odd", "even"]}), *rest]
    m = re.fullmatch(r"for each player, search that player's library for (an? [^.,]+?) and exile (?:it|that card), "
                     r"then that player shuffles(?: (?:their|his or her) library)?\.\s*(you may cast "
                     r"(?:those|the exiled) "
                     r"cards without paying their mana costs\.?)?", text.strip(), flags=re.I)
    if m:  # (Jace, Architect of Thought) each library searched by you (701.15a); "You may cast those cards without
        # paying their mana costs": as the ability resolves, one at a time, any of them (608.2g; ops/cast.py)
        each_found = _search_common("a", m.group(1).lower().split(" ", 1)[1], "exile", False)
        if each_found and each_found[0].op == "search" and set(each_found[0].args) == {"filter", "amount", "to"}:
            each_search = [Effect("search", {**each_found[0].args, "in_library_of": "each_player"})]
            if m.group(2):
                each_search.append(Effect("cast_offers", {"filter": {}, "zone": "exile", "among": "exiled",
                                                          "free": True}))
            return each_search
    m = re.fullmatch(r"reveal the top (two|three|four|five) cards of your library\. (an opponent|target opponent) "
                     r"chooses one of them\. put that card into your hand and (?:exile the (?:other|rest)"
                     r"( with an? ([a-z]+) counter on (?:it|each of them))?|the (?:other|rest) into your graveyard)\.?",
                     text.strip(), flags=re.I)
    if m:  # (Karn, Scion of Urza) the cards revealed (701.13a), the one another player chooses into your hand, the
        # other exiled, "with a silver counter on it" (121.1: a counter on a card in exile), or into the graveyard
        who = ctx.player(m.group(2).lower())
        n = number(m.group(1).lower())
        if who is not None and n:
            args: dict[str, Any] = {"amount": n, "reveal": True, "take": 1, "to": "hand",
                                    "chooser": "opponent" if who == "an_opponent" else who,
                                    "rest": "graveyard" if "graveyard" in m.group(0).lower() else "exile"}
            if m.group(4):
                args["rest_counters"] = {m.group(4).lower(): 1}
            ctx.last = "taken"
            return [Effect("dig", args)]
    m = re.fullmatch(r"exile the top card of your library face down and look at it\. (create [^.]+? tokens?)\. when "
                     r"(?:that token|it) leaves the battlefield, (?:put the exiled card into your hand|return the "
                     r"exiled card to (?:its owner's|your) hand)\.?", text.strip(), flags=re.I)
    if m:  # (Ugin, the Ineffable) the card exiled face down, known to the one who exiled it (406.3); the token; a
        # delayed ability about that token and that card (603.7c), once, with no end
        linked_token = parse_sentence(m.group(1).lower(), ctx)
        if linked_token and [e.op for e in linked_token] == ["token"]:
            to_hand = Ability("triggered", "When that token leaves the battlefield, put the exiled card into your "
                              "hand.", effects=(Effect("move", {"what": "bound", "to": "hand"}),),
                              trigger={"event": "ltb"})
            return [Effect("exile_top", {"amount": 1, "face_down": True, "look": True}), *linked_token,
                    Effect("delayed_trigger", {"ability": to_hand, "until": "never", "watch": "created",
                                               "once": True, "bind": "exiled"})]
    m = re.fullmatch(r"choose ((?:up to one target [a-z]+, )+)(?:and )?(up to one target [a-z]+)\. untap the chosen "
                     r"permanents you control\. tap the chosen permanents you don't control\.?\s*(.*)", text.strip(),
                     flags=re.I | re.S)
    if m:  # (Teferi, Who Slows the Sunset) a target of each kind (601.2c: each may be none), then each chosen one
        # untapped or tapped by who controls it as the ability resolves (608.2b: the legal targets only)
        mark = ctx.mark()
        slots: list[int] = []
        for phrase in [x.strip() for x in m.group(1).split(",") if x.strip()] + [m.group(2)]:
            got = ctx.ref(phrase.lower())
            if not (isinstance(got, dict) and set(got) == {"target"}):
                slots = []
                break
            slots.append(got["target"])
        after = parse_effects(m.group(3), ctx) if slots and m.group(3).strip() else [] if slots else None
        if after is not None:
            return [Effect("untap", {"what": {"targets_in": slots, "filter": {"controller": "you"}}}),
                    Effect("tap", {"what": {"targets_in": slots, "filter": {"controller": "not_you"}}}), *after]
        ctx.rewind(mark)
    m = re.fullmatch(r"(you may )?tap x untapped ([^.]+?) you control\.\s*(if you do, [^.]+\.?)", text.strip(),
                     flags=re.I)
    if m and ctx.x is None:  # "you may tap X untapped Myr you control. If you do, SELF gets +X/+0 until end of turn
        # and deals X damage to ..." (Myr Battlesphere): X is chosen as the instruction is carried out: the number of
        # them tapped this way (107.3, 701.17a; any number of them, 0 included)
        noun = parse_noun(f"untapped {m.group(2)} you control")
        if noun is not None and not noun.get("player"):
            ctx.x = {"count_this_way": {}, "action": "tapped"}
            got = parse_effects(f"{m.group(1) or ''}tap any number of untapped {m.group(2)} you control. "
                                f"{m.group(3)}", ctx)
            if got is not None:
                return got
            ctx.x = None
    text = _the_named(text)
    m = re.fullmatch(r"(.*?)(?:then )?each opponent may ([^.]+)\. for each opponent who (?:does|searches a library "
                     r"this way), (?:you )?([^.]+?)\.(?: then each player who searched a library this way shuffles\.)?"
                     r"(.*)",
                     text.strip(), flags=re.I | re.S)
    if m:  # tempting offer: "Each opponent may create a Treasure token. For each opponent who does, you create a
        # Treasure token." (engine/ops/misc.py tempt); a search shuffles the library searched (701.15a)
        return _tempting_offer(m, ctx)
    m = re.fullmatch(r"((?:target (?:opponent|player)|each opponent) chooses an? [a-z ]+? (?:they|he or she) "
                     r"controls?\. "
                     r"(?:(?:destroy|exile) that (?:creature|permanent)|other [a-z]+ (?:they|that player) controls? "
                     r"can't (?:block|attack) this turn))\.?", text.strip(), flags=re.I)
    if m:  # (Imperial Edict) the choice and the instruction on it, one reader (compiler/effects/zones.py)
        return parse_sentence(m.group(1).lower(), ctx)
    m = re.fullmatch(r"(each player may draw up to (\w+) cards)\. for each card less than (\w+) a player draws this "
                     r"way, that player gains (\d+) life\.?", text.strip(), flags=re.I)
    if m and m.group(2).lower() == m.group(3).lower():  # "Each player may draw up to two cards. For each card less than
        # two a player draws this way, that player gains 2 life." (Temporary Truce): each player chooses how many
        # (608.2d), then gains that much life for each card they drew fewer (608.2c: the cards drawn this way)
        got = parse_sentence(m.group(1).lower(), ctx)
        if got is None or len(got) != 1 or got[0].op != "draw" or not got[0].args.get("up_to"):
            return None
        return [Effect("draw", {**got[0].args, "short_gain": int(m.group(4))})]
    m = re.fullmatch(r"choose (a creature type|a creature type other than wall|a basic land type)\. (.+?) (becomes?) "
                     r"that type until end of turn\.?", text.strip(), flags=re.I)
    if m:  # "Choose a creature type other than Wall. Target creature becomes that type until end of turn." (Unnatural
        # Selection), "Choose a basic land type. Each land you control becomes that type ..." (Terraformer): the type
        # chosen as it resolves (608.2d), as "... becomes the creature type of your choice" is; never Wall if so said
        type_kind = "basic land type" if "land" in m.group(1).lower() else "creature type"
        got = parse_sentence(f"{m.group(2)} {m.group(3)} the {type_kind} of your choice until end of turn".lower(), ctx)
        if got is None or len(got) != 1 or got[0].op != "animate":
            return None
        if m.group(1).lower().endswith("other than wall"):
            got = [Effect("animate", {**got[0].args, "type_except": ["Wall"]})]
        return got
    m = re.fullmatch(r"self loses this ability and becomes an aura enchantment with enchant creature\. attach it to "
                     r"target creature\. you may pay ((?:\{[wubrgc0-9]\})+) to end this effect\.?", text.strip(),
                     flags=re.I)
    if m:  # the Licids (115.2c, 613.1d, 613.1f; engine/licid.py): it becomes an Aura attached to the target; its
        # controller may pay to end that effect any time they have priority
        target = ctx.add_target(TargetSpec({"types": ["Creature"]}, "target creature"))
        return [Effect("licid", {"end": re.findall(r"\{([^}]+)\}", m.group(1).upper())}),
                Effect("attach", {"what": "self", "to": target})]
    m = re.fullmatch(r"that attacking player may ([^.]+?)(?:\. if the player does, they ([^.]+))?\.?", text.strip(),
                     flags=re.I)
    if m:  # a Curse (303.4): "that attacking player may create a tapped 2/2 black Zombie creature token", "... may
        # discard a card. If the player does, they draw a card": the attacking player may do it, as its doer
        doer = _as_doer(m.group(1))
        if_done = _as_doer(m.group(2)) if m.group(2) else None
        if doer is None or m.group(2) and if_done is None:
            return None
        effs = parse_effects(f"you may {doer}." + (f" if you do, {if_done}." if if_done else ""), ctx)
        return None if not effs else [Effect("as_player", {"who": "trigger_player", "effects": effs})]
    m = re.fullmatch(r"([^.]+)\. each opponent attacking that player does the same\.?", text.strip(), flags=re.I)
    if m:  # "Whenever enchanted player is attacked, create a Gold token. Each opponent attacking that player does the
        # same." (the Curses of Commander 2017): you, then the attacking player if an opponent of yours (508.1b)
        effs = parse_effects(m.group(1) + ".", ctx)
        if not effs or re.search(r"\b(target|that player|they|their)\b", m.group(1), flags=re.I):
            return None
        return [*effs, Effect("as_player", {"who": "trigger_player", "opponents": True, "effects": effs})]
    # "Look at the top six cards ... You may reveal a creature card from among them and put it into your hand. If
    # it's legendary, you gain 3 life. Put the rest on the bottom ..." (Ellywick Tumblestrum): the look is one
    # instruction; the condition is of the card put into the hand, read after it (608.2c)
    text = re.sub(r"(\bput (?:it|that card) into your hand)\. (if it's ([a-z ]+?), [^.]+)\. (put the rest on the "
                  r"bottom of your library in (?:a random|any) order)\.?$",
                  lambda m: f"{m.group(1)}. {m.group(4)}. "
                            + re.sub("^if it.s", "if the card put into your hand this way is", m.group(2), flags=re.I)
                            + ".",
                  text, flags=re.I)
    # "Surveil 1. If you put a noncreature, nonland card into your graveyard this way, put that card into your hand."
    # (Chandra, Chill of Compliance): the card the surveil put into the graveyard, if of that kind (608.2c)
    m = re.fullmatch(r"surveil (\w+)\. if you put an? ([a-z, ]+?) card into your graveyard this way, put (?:that "
                     r"card|it) into your hand\.?", text.strip(), flags=re.I)
    if m and number(m.group(1)) == 1:
        kind = parse_noun(m.group(2) + " card")
        if kind is None or set(kind) - {"types", "not_types", "colors", "subtypes", "zone"}:
            return None
        kind.pop("zone", None)
        return [Effect("scry", {"amount": 1, "surveil": True}),
                Effect("if", {"cond": {"amount_ge": {"amount": {"count_this_way": kind, "action": "put"}, "n": 1}},
                              "then": [Effect("move", {"what": {"choose": {**kind, "zone": "graveyard"},
                                                                "among": "milled", "amount": 1}, "to": "hand"})]})]
    # "Look at that many cards from the top of your library, then put one of those cards into your hand and the rest on
    # the bottom ..." (Karn, Living Legacy): the look of that many (the amount paid before it, 608.2c)
    text = re.sub(r"\blook at that many cards from the top of your library, then put one of those cards into your "
                  r"hand and the rest\b", "look at the top that many cards of your library. put one of them into your "
                  "hand and the rest", text, flags=re.I)
    m = re.fullmatch(r"pay any amount of mana\. (look at the top that many cards of your library\. .+)", text.strip(),
                     flags=re.I)
    if m:  # the amount paid is "that many" (engine/ops/misc.py pay_any)
        dig = read_dig(m.group(1).lower(), ctx)
        return None if dig is None else paid_this_way([Effect("pay_any", {"mana": True}), *dig])
    m = re.fullmatch(r"choose left or right\. each player gains control of all (.+?) other than self controlled by the "
                     r"next player in the chosen direction\.?", text.strip(), flags=re.I)
    if m:  # Aminatou, the Fateshifter: each player gains control of the next player's permanents that way (613.1b)
        f = parse_noun(m.group(1))
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") or f.get("controller"):
            return None
        f.pop("zone", None)
        return [Effect("gain_control", {"what": {"each": {**f, "other": True}}, "rotate": True})]
    # "SELF deals damage to target player equal to ... and you gain that much life" (Kaya, Orzhov Usurper): the
    # damage that instruction dealt (120.3, 608.2c)
    text = re.sub(r"\b(deals damage to [^.]+?) and you gain that much life\b",
                  r"\1 and you gain life equal to the damage dealt this way", text, flags=re.I)
    # "Destroy all creatures target opponent controls. SELF deals damage to that player equal to their total power."
    # (Angrath, Minotaur Pirate): "their" are the creatures the instruction before destroyed (608.2c, 608.2h)
    text = re.sub(r"^(destroy all (creatures|artifacts|permanents)\b[^.]*\. [^.]*?)\btheir total power\b",
                  r"\1the total power of \2 destroyed this way", text.strip(), flags=re.I)
    m = re.fullmatch(r"choose an? ([a-z]+) card with mana value (\d+) in your graveyard, then do the same for \1 cards "
                     r"with mana value (\d+) and (\d+)\. return (?:those cards|them) to the battlefield\.?",
                     text.strip(), flags=re.I)
    if m:  # "Choose a creature card with mana value 1 in your graveyard, then do the same for creature cards with mana
        # value 2 and 3. Return those cards to the battlefield." (Gruesome Menagerie): one card of each mana value
        # that has one, chosen in turn, then all returned at once (608.2c, 400.7)
        f = parse_noun(m.group(1) + " card")
        if f is None or set(f) - {"types", "zone"}:
            return None
        alts = [{"mv_eq": int(v)} for v in m.group(2, 3, 4)]
        return [Effect("move", {"what": {"choose": {**f, "zone": "graveyard", "owner": "you", "or": alts},
                                         "amount": len(alts), "one_of_each": True}, "to": "battlefield"})]
    # "Surveil 2, then choose an instant or sorcery card in your graveyard. You may cast it this turn." (Mission
    # Briefing): the card is chosen as the spell resolves, after the surveil (608.2c), then may be cast this turn
    text = re.sub(r"(^|, then |\. )choose (an? [a-z ]+? card) in your graveyard\. you may cast (?:it|that card) this "
                  r"turn\b", lambda mm: f"{'. ' if mm.group(1) else ''}you may cast a chosen "
                  f"{mm.group(2)[2:].lstrip()} in your graveyard this turn", text.strip(), flags=re.I)
    m = re.fullmatch(r"flip a coin for each (.+?)\. destroy each (creature|permanent) whose coin comes up tails\.?",
                     text.strip(), flags=re.I)
    if m:  # "Flip a coin for each creature that isn't a Demon, Devil, or Imp. Destroy each creature whose coin comes
        # up tails." (Rakdos, the Showstopper): a coin for each, then those with tails destroyed at once (705.1, 701.7a)
        f = parse_noun(m.group(1))
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield"):
            return None
        return [Effect("flip", {"each": f}), Effect("destroy", {"what": "tails"})]
    m = re.fullmatch(r"(add one mana of any (?:color|type) that an? [^.]+? could produce)\. if self has an? "
                     r"([+\-\w/]+) counter on it, add (two|three) mana of that (?:color|type) instead\.?",
                     text.strip(), flags=re.I)
    if m:  # "{T}: Add one mana of any type that a land you control could produce. If SELF has a +1/+1 counter on it,
        # add three mana of that type instead." (Incubation Druid): that many of the one kind chosen (106.7, 614.1a)
        single = parse_sentence(m.group(1), ctx)
        if not single or len(single) != 1 or single[0].op != "add_mana" or "could_produce" not in single[0].args:
            return None
        many = Effect("add_mana", {**single[0].args, "per": number(m.group(3))})
        return [Effect("if", {"cond": {"self_counters_ge": {m.group(2): 1}}, "then": [many], "else": list(single)})]
    m = re.fullmatch(r"you may remove any number of ([+\-\w/]+) counters from among (.+?)\. if you do, put twice that "
                     r"many \1 counters on self\.?", text.strip(), flags=re.I)
    if m:  # "You may remove any number of +1/+1 counters from among creatures you control. If you do, put twice that
        # many +1/+1 counters on SELF." (Galloping Lizrog): any number from each, none included; "if you do": one or
        # more were removed (608.2c)
        f = parse_noun(m.group(2))
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield"):
            return None
        return [Effect("remove_among", {"kind": m.group(1), "filter": f}),
                Effect("counters", {"what": "self", "kind": m.group(1),
                                    "amount": {"times": 2, "of": {"removed_this_way": True}}})]
    # "For each card drawn this way, discard a card" (Messenger Jays): "discard a card for each card drawn this way"
    text = re.sub(r"\bfor each card drawn this way, discard a card\b", "discard a card for each card drawn this way",
                  text, flags=re.I)
    # "Each player returns each creature card from their graveyard to the battlefield" (Magister of Worth): every such
    # card of every graveyard, each under its owner's control (110.2), all at once (608.2c)
    text = re.sub(r"\beach player returns (?:each|all) ([a-z ]+?) cards? from their graveyard to the battlefield\b",
                  r"return all \1 cards from all graveyards to the battlefield under their owners' control", text,
                  flags=re.I)
    # "Etrata's owner shuffles Etrata into their library": "shuffle SELF into its owner's library" (701.16a)
    text = re.sub(r"\bself's owner shuffles (?:self|it) into (?:their|his or her) library\b", "shuffle SELF into its "
                  "owner's library", text, flags=re.I)  # ("... shuffles it": Cerulean Sphinx, the same SELF)
    m = re.match(r"look at the top (two|three|four|five) cards of your library\. exile one (?:of them )?face down and "
                 r"put the rest on the bottom of your library in (any|a random) order\.\s*", text.strip(), flags=re.I)
    if m:  # "Look at the top three cards of your library. Exile one face down and put the rest on the bottom of your
        # library in any order. For as long as it remains exiled, ..." (Vivien, Champion of the Wilds): the one exiled
        # face down is "it" of the next instruction (406.3: its owner looked at it, and may look at it in exile)
        looked = Effect("dig", {"amount": number(m.group(1)), "take": 1, "filter": {}, "to": "exile_face_down",
                                "rest": "library_bottom"})
        ctx.last = "taken"
        after = parse_effects(text.strip()[m.end():], ctx) if text.strip()[m.end():] else []
        return None if after is None else [looked, *after]
    m = re.match(r"look at the top (two|three|four|five) cards of (that player's|target player's|target opponent's) "
                 r"library, exile one of them face down, then put the rest into their graveyard\.\s*", text.strip(),
                 flags=re.I)
    if m:  # "... look at the top three cards of that player's library, exile one of them face down, then put the rest
        # into their graveyard. You may cast that card ..." (Thief of Sanity): the one exiled is "that card" (406.3)
        who = ctx.player(m.group(2)[:-2])
        if who is None:
            return None
        looked = Effect("dig", {"amount": number(m.group(1)), "take": 1, "filter": {}, "to": "exile_face_down",
                                "rest": "graveyard", "of": who})
        ctx.last = "taken"
        after = parse_effects(text.strip()[m.end():], ctx) if text.strip()[m.end():] else []
        return None if after is None else [looked, *after]
    # "Choose a creature at random that attacked this turn. Destroy that creature." (Metzali, Tower of Triumph): the one
    # instruction "destroy a creature at random that attacked this turn", chosen as it resolves (608.2c)
    text = re.sub(r"^choose (an? [a-z ]+? at random(?: that [^.]+)?)\. (destroy|exile) (?:that creature|that permanent|"
                  r"it)\.?$", r"\2 \1.", text.strip(), flags=re.I)
    # "... sacrifice a creature of their choice. You add {B}{B} and draw a card." (Priest of Forgotten Gods): the
    # controller adds the mana, as "Add {B}{B}" says (106.4)
    text = re.sub(r"(^|\. )you add (\{)", r"\1add \2", text.strip(), flags=re.I)
    # "You gain half X life and draw half X cards. Round down each time." (Hydroid Krasis): the last sentence says how
    # each half is rounded (107.1a); each amount read as "life / cards equal to half X, rounded down"
    rnd = re.search(r"\.? round (down|up) each time\.?$", text.strip(), flags=re.I)
    if rnd:  # (only where each half is of that form: "half their life" is read by _round_each_time)
        halves, n = re.subn(r"\b(gains?|draws?|loses?|mills?) half (x|\d+) (life|cards?)\b",
                            lambda m: f"{m.group(1)} {m.group(3)} equal to half {m.group(2)}, rounded "
                                      f"{rnd.group(1).lower()}", text.strip()[:rnd.start()], flags=re.I)
        if n and not re.search(r"\bhalf\b", re.sub(r"equal to half", "", halves, flags=re.I), flags=re.I):
            text = halves + "."
    # "SELF deals damage equal to the number of +1/+1 counters on it to ...": "it" is the subject, SELF (121.1)
    text = re.sub(r"\b(self deals damage equal to the number of (?:[+\-]\d+/[+\-]\d+ |[a-z]+ )?counters on) it\b",
                  r"\1 self", text, flags=re.I)

    # "Count the number of permanents you control. Your life total becomes that number." (Touch of the Eternal): the
    # number counted as the instruction that uses it is carried out, nothing happening in between (608.2c)
    text = re.sub(r"^count the number of ([^.]+)\. ([^.]+?)\bthat number\b", r"\2the number of \1", text.strip(),
                  flags=re.I)
    # "Choose a planeswalker you control. Put two loyalty counters on it for each planeswalker destroyed this way."
    # (The Elderspell): one instruction, the permanent chosen as the counters are put (608.2c; "it" used once)
    text = re.sub(r"\bchoose (an? [a-z ]+? you control)\. (put (?:a|an|one|two|three|\w+) [^.]+? counters? on) it"
                  r"((?: for each [^.]+)?)\.?$", r"\2 \1\3.", text.strip(), flags=re.I)
    # "Choose an artifact or creature you control. Create a token that's a copy of it." (Season of Weaving): one
    # instruction, the permanent chosen as the token is created (608.2c, 706.2; "it" used once)
    text = re.sub(r"^choose (an? [a-z ]+? you control)\. (create a token that's a copy of) it\.?$", r"\2 \1.",
                  text.strip(), flags=re.I)
    # "Choose a creature or planeswalker you control. All damage that would be dealt this turn to you and permanents
    # you control is dealt to the chosen permanent instead" (Gideon's Sacrifice): one instruction, the permanent chosen
    # as the redirection effect begins (608.2c, 614.9)
    text = re.sub(r"^choose (an? [a-z ]+? you control)\. ((?:all|the next \d+) (?:combat )?damage that would be dealt "
                  r"[^.]+? is dealt to) the chosen (?:permanent|creature|planeswalker) instead\b",
                  r"\2 \1 of your choice instead", text.strip(), flags=re.I)
    # "Otherwise, an opponent chooses two of them. Leave the chosen cards in your graveyard and put the rest into your
    # hand." (Deliver Unto Evil): one instruction, the cards that stay chosen as it is carried out (608.2c)
    text = re.sub(r"\botherwise, an opponent chooses (one|two|three) of them\. leave the chosen cards in your "
                  r"graveyard and put the rest into your hand\b",
                  r"otherwise, put the rest of them into your hand after an opponent chooses \1 of them to stay in "
                  r"your graveyard", text.strip(), flags=re.I)
    # "Exile that card instead of putting it into your graveyard as it resolves. If you do, return it to your hand at
    # the beginning of the next end step." (Feather, the Redeemed): one instruction about the spell (614.1a, 603.7)
    text = re.sub(r"\b(exile (?:that card|that spell|it) instead of putting it into (?:your|its owner's) graveyard "
                  r"as it resolves)\. if you do, (return it to)", r"\1 and \2", text.strip(), flags=re.I)
    # "Reveal the top ten cards of your library. For each color pair, choose a card that's exactly those colors from
    # among them. Put the chosen cards into your hand and the rest on the bottom ..." (Niv-Mizzet Reborn): one dig
    text = re.sub(r"^(reveal the top \w+ cards of your library)\. (for each color pair, choose a card that's exactly "
                  r"those colors from among them)\. (put the chosen cards into your hand and the rest on the bottom of "
                  r"your library in a random order)", r"\1, then \2, then \3", text.strip(), flags=re.I)
    # "... then put that card into your hand. If the card's mana value is 4 or greater, repeat this process."
    # (Demonlord Belzenlok): one instruction, done again while the card found has that mana value (608.2c)
    text = re.sub(r"(\bthen put that card into your hand)\. if (?:the|that) card's mana value is (\d+) or greater, "
                  r"repeat this process\b", r"\1 and repeat this process while its mana value is \2 or greater",
                  text.strip(), flags=re.I)
    # "Target player untaps all basic lands they control." (Early Harvest): the same instruction as "untap all basic
    # lands target player controls" (701.17b)
    text = re.sub(r"^(target player|target opponent) untaps all ([^.]+?) they control\b", r"untap all \2 \1 controls",
                  text.strip(), flags=re.I)
    # "Return all artifacts target player owns to their hand." (Hurkyl's Recall): "their" is that player, the owner
    text = re.sub(r"\b(return all [^.]+? target player owns) to their hand\b", r"\1 to their owner's hand",
                  text.strip(), flags=re.I)
    # "Choose any target. Scry 3, then reveal the top card of your library. SELF deals damage equal to that card's mana
    # value to that permanent or player." (Riddle of Lightning), "Choose any target, then mill three cards. SELF deals
    # damage to that permanent or player equal to ..." (Heretic's Punishment): the target, chosen as the spell or
    # ability is put on the stack (601.2c, 602.2b) whatever its place in the text, is what the damage is dealt to
    if "that permanent or player" in text.lower() and text.lower().count("that permanent or player") == 1:
        text = re.sub(r"^choose any target(?:\. |, then )(.+?) to that permanent or player\b", r"\1 to any target",
                      text.strip(), flags=re.I)
    # "Choose target spell. Surveil 2, then counter the chosen spell unless ..." (Swallowed by Leviathan): the target,
    # chosen as the spell is cast (601.2c) whatever its place in the text, is the object "the chosen spell" names
    m0 = re.fullmatch(r"choose (target ([a-z ,]+?)|(?:two|any number of) target ([a-z ,]+?))\. (.+)", text.strip(),
                      re.I)
    if m0 and not re.search(r"\bchoose\b|\btarget\b", m0.group(4), re.I) \
            and len(re.findall(r"\bthe chosen\b", m0.group(4), re.I)) <= 1:
        target_words = (m0.group(2) or m0.group(3)).split()
        mm0 = re.search(r"\bthe chosen (spell|creature|permanent|creatures)\b", m0.group(4), re.I) or (
            # "Choose target attacking or blocking creature. Scry 3, then ... to that creature." (Judge Unworthy)
            re.search(r"\bthat (creature|permanent|spell)\b", m0.group(4), re.I)
            if len(re.findall(r"\bthat (?:creature|permanent|spell)\b|\bits?\b|\bthey\b|\bthem\b", m0.group(4),
                              re.I)) == 1
            # (not a delayed trigger's "that creature" nor one a player acts on: other readers' forms)
            and not re.search(r"\b(?:player|controller|owner|whenever|when|until)\b", m0.group(4), re.I) else None)
        if mm0 and (mm0.group(1).lower() in target_words or mm0.group(1).lower() == "permanent"
                    and not {"spell", "card", "cards", "player"} & set(target_words)):
            text = m0.group(4)[:mm0.start()] + m0.group(1) + m0.group(4)[mm0.end():]
    # "Choose a card name, then reveal the top card of your library. If that card has the chosen name, ..." (Diviner's
    # Lockbox): the name chosen, then the reveal (201.3, 608.2c), each its own instruction
    text = re.sub(r"^(choose a (?:nonland |creature )?card name), then (reveal the top card of your library)",
                  r"\1. \2", text.strip(), flags=re.I)
    # "Search your library for a creature card with deathtouch ... and reveal it. Shuffle and put that card on top."
    # (Mwonvuli Beast Tracker): the one instruction "..., then shuffle and put that card on top" (701.15a)
    text = re.sub(r"^(search your library for [^.]+? and reveal it)\. shuffle and put that card on top\.?$",
                  r"\1, then shuffle and put that card on top.", text, flags=re.I)
    # "Search your library for up to two basic Forest cards. If you control a Nissa planeswalker, instead search your
    # library for up to three land cards. Reveal those cards, put them into your hand, then shuffle." (Nissa's
    # Triumph): the last sentence finishes either search; each alternative whole (701.15a, 608.2c)
    text = re.sub(r"^(search your library for [^.]+)\. (if [^,]+), instead (search your library for [^.]+)\. "
                  r"reveal (?:those cards|them), (put them (?:into your hand|onto the battlefield(?: tapped)?)),? "
                  r"then shuffle\.?$",
                  lambda m: f"{m.group(1)}, reveal them, {m.group(4)}, then shuffle. {m.group(2)}, instead "
                            f"{m.group(3)}, reveal them, {m.group(4)}, then shuffle.", text.strip(), flags=re.I)
    # "Search your library for up to two basic land cards and reveal them. Put one into your hand and the
    # other into your graveyard. Then shuffle.": the one instruction of the comma form (701.15a)
    text = re.sub(r"^(search your library for [^.]+?)( and reveal (?:them|those cards))?\. (put (?:one|two) [^.]+ and "
                  r"the (?:other|rest) [^.]+)\. then shuffle\.?$",
                  lambda m: f"{m.group(1)},{' reveal them,' if m.group(2) else ''} {m.group(3).lower()}, then shuffle.",
                  text.strip(), flags=re.I)
    # "Search your library for a card. Put that card into your hand, then shuffle." (Demonic Bargain) and
    # "... and reveal it. Put it into your hand. Then shuffle.": the same one instruction (701.15a)
    text = re.sub(r"(search your library for [^.]+?)\. (reveal (?:it|them|that card|those cards),? )?"
                  r"(put (?:it|that card|them|those cards|the card) "
                  r"(?:into your hand|into your graveyard|onto the battlefield(?: tapped)?))"
                  r"(?:,? then shuffle| and shuffle|\. then shuffle|\. shuffle)(?:\.?$|\.(?= ))",
                  lambda m: f"{m.group(1)}, {'reveal them, ' if m.group(2) else ''}{m.group(3).lower()}, then shuffle.",
                  text.strip(), count=1, flags=re.I)  # (what follows, "Exile SELF.", its own sentence)
    # "... gains flashback until end of turn. The flashback cost is equal to its mana cost." (Snapcaster Mage,
    # Past in Flames): the second sentence says what the granted keyword costs (702.33a); one instruction
    text = re.sub(r"\b(gains?) flashback until end of turn\. (?:the|its) flashback cost is equal to (?:its|that "
                  r"card's) mana cost\.?", r"\1 flashback for its mana cost until end of turn.", text.strip(),
                  flags=re.I)
    # "Create two 1/1 green Saproling creature tokens. If SELF was kicked, create four of those tokens instead.": the
    # tokens of the instruction before, another number of them (the "instead" reader then reads it, 614.1a)
    # "Create three tapped 2/2 black Zombie creature tokens and you gain 3 life. If SELF's madness cost was paid,
    # instead create X of those tokens and you gain X life." (From Under the Floorboards): the same, the "instead"
    # first
    text = re.sub(r"^(create (?:a|an|one|\w+) ((?:\d+/\d+ )?[^.\"]*? creature) tokens?( with [^.\"]+?)?)"
                  r"((?: and you gain \w+ life)?)\. "
                  r"(if [^,]+), create (\w+) of those tokens instead\.?$",
                  lambda m: f"{m.group(1)}{m.group(4)}. {m.group(5)}, create {m.group(6)} {m.group(2)} "
                            f"tokens{m.group(3) or ''} instead.", text.strip(), flags=re.I)
    text = re.sub(r"^(create (?:a|an|one|\w+) ((?:\d+/\d+ )?[^.\"]*? creature) tokens?( with [^.\"]+?)?)"
                  r"((?: and you gain \w+ life)?)\. "
                  r"(if [^,]+), instead create (\w+) of those tokens((?: and you gain \w+ life)?)"
                  r"((?:, where x is [^.]+)?)\.?$",
                  lambda m: f"{m.group(1)}{m.group(4)}. {m.group(5)}, instead create {m.group(6)} {m.group(2)} "
                            f"tokens{m.group(3) or ''}{m.group(7)}{m.group(8)}.", text.strip(), flags=re.I)
    # "Target opponent reveals their hand. You draw a card for each Mountain and red card in it." (Baleful Stare): the
    # cards of that hand that are a Mountain or red (each card counted once, 107.1), in the hand revealed (608.2c)
    text = re.sub(r"^((?:target opponent|target player) reveals (?:their|his or her) hand\. [^.]*?\bfor each )"
                  r"(?:(\w+) and )?(\w+) card in it\b",
                  lambda m: f"{m.group(1)}{m.group(2) + ' and/or ' if m.group(2) else ''}{m.group(3)} card in that "
                            f"player's hand", text.strip(), flags=re.I)
    # "Count the number of +1/+1 counters on creatures you control. Creatures your opponents control with power less
    # than or equal to that number can't block this turn." (Rumbling Ruin): the count made as the next instruction is
    # carried out, in the same resolution (608.2c, 107.1)
    text = re.sub(r"^count the number of ([^.]+)\. ([^.]*?)\bthat number\b([^.]*\.?)$",
                  lambda m: f"{m.group(2)}the number of {m.group(1)}{m.group(3)}", text.strip(), flags=re.I)
    # "You may choose a creature card in your graveyard. If you do, return it to the battlefield with an additional
    # +1/+1 counter on it." (Cauldron's Gift): the card is chosen as it is returned, one instruction (608.2c)
    text = re.sub(r"^you may choose (an? [^.]+? card) in your graveyard\. if you do, return (?:it|that card) to "
                  r"(the battlefield|your hand)([^.]*)\.?$",
                  lambda m: f"you may return {m.group(1)} from your graveyard to {m.group(2)}{m.group(3)}.",
                  text.strip(), flags=re.I)
    # "Target opponent sacrifices a creature of their choice that attacked or blocked this turn. If you control a
    # Gideon planeswalker, that player sacrifices two of those creatures of their choice instead." (Gideon's Triumph):
    # the same kind of creature, another number of them (the "instead" reader then reads it, 614.1a)
    text = re.sub(r"^((?:target opponent|target player|each opponent|each player) sacrifices an? (creature|permanent|"
                  r"artifact|land)( of their choice)?([^.]*))\. (if [^,]+), (?:that player|they) sacrifices? (\w+) of "
                  r"those \w+( of their choice)? instead\.?$",
                  lambda m: f"{m.group(1)}. {m.group(5)}, that player sacrifices {m.group(6)} {m.group(2)}s"
                            f"{m.group(3) or ''}{m.group(4)} instead.", text.strip(), flags=re.I)
    # "Choose two cards in your hand drawn this turn. For each of those cards, pay 4 life or put the card on top of
    # your library." (Sylvan Library): the second sentence acts on the cards the first chose; one instruction
    text = re.sub(r"(choose \w+ cards in your hand [^.]+)\. (for each of those cards, pay \d+ life or put the card on "
                  r"top of your library)", r"\1, then \2", text.strip(), flags=re.I)
    # "each player returns to the battlefield all cards they own exiled with it" (Parallax Wave): every card its
    # linked ability exiled returns under its owner's control (607.2a, 110.2), at once
    text = re.sub(r"\beach player returns to the battlefield all cards they own exiled with (?:it|self)\b",
                  "return the exiled cards to the battlefield under their owners' control", text.strip(), flags=re.I)
    # "Each player may search their library for a card and put that card into their hand. Then each player who
    # searched their library this way shuffles." (Noble Benefactor): one instruction (701.15a, 701.16a)
    text = re.sub(r"\b((?:each player|each opponent) may search their library for [^.]+?) and (put (?:that card|them|"
                  r"those cards) into their hand)\. then each player who searched their library this way shuffles\b",
                  r"\1, \2, then shuffles", text.strip(), flags=re.I)
    # "... for five cards and exile the rest. Put the chosen cards on top of your library in any order." (Doomsday)
    text = re.sub(r"(search your library and graveyard for \w+ cards) and (exile the rest)\. (put the chosen cards on "
                  r"top of your library in any order)", r"\1, \2, then \3", text.strip(), flags=re.I)
    # "Its controller reveals cards ... until they reveal a creature card. The player puts that card onto the
    # battlefield, then shuffles the rest into their library." (Polymorph): one instruction (701.13a)
    text = re.sub(r"\b(reveals cards from the top of their library until (?:they reveal an? [^.]+? card|an? [^.]+? "
                  r"card is revealed))\. (?:the|that) player puts that card onto the battlefield, then shuffles "
                  r"(?:the rest|all other cards revealed this way) into their library\b",
                  r"\1 and puts that card onto the battlefield and shuffles the rest into their library", text.strip(),
                  flags=re.I)
    # "Search target opponent's library for an artifact, creature, enchantment, or land card. Put that card onto the
    # battlefield under your control." (Eternal Dominion): one instruction (library.py _search_theirs, 701.15a)
    text = re.sub(r"\b(search (?:target opponent's|target player's|that player's) library for [^.]+?)\. put that card "
                  r"(onto the battlefield under your control)\b", r"\1 and put that card \2", text.strip(), flags=re.I)
    # "Choose a color of a card in your graveyard. Add one mana of that color." (Corrupted Grafstone): one mana of a
    # color among those cards (105.2, 106.4)
    text = re.sub(r"^choose a color of a card in your graveyard\. add one mana of that color\.?$",
                  "Add one mana of any color among cards in your graveyard.", text.strip(), flags=re.I)
    # "Choose a permanent type. Return all cards of the chosen type from your graveyard to your hand." (Creeping
    # Renaissance): the type is chosen as the spell resolves (608.2d), for the one instruction that names it
    if len(re.findall(r"\bthe chosen type\b", text, flags=re.I)) == 1:
        text = re.sub(r"^choose a (permanent|card) type\. ([^.]+?) of the chosen type\b", r"\2 of the \1 type of your "
                      r"choice", text.strip(), flags=re.I)
    m = re.fullmatch(r"look at the top card of your library\. you may reveal (?:that card|it)\. if an? (.+?) card is "
                     r"revealed this way, (.+?)\.?", text.strip(), flags=re.I)
    if m:  # "Look at the top card of your library. You may reveal that card. If an instant or sorcery card is revealed
        # this way, transform SELF." (Delver of Secrets): the controller looks (a private look, 400.2), may reveal it
        # (701.15-like, the card stays on top), and what follows happens only if a card of that kind was revealed
        shown = parse_effects(f"reveal the top card of your library. if it's an {m.group(1)} card, {m.group(2)}.", ctx)
        if shown is None or len(shown) != 2 or shown[0].op != "reveal_top" or shown[1].op != "if":
            return None
        peek = Effect("reveal", {"who": "you", "zone": "library_top", "amount": 1, "to": "you"})
        return [peek, Effect("may", {"effects": [shown[0]], "then": [shown[1]]})]
    low = text.strip().lower()
    got = _spent_pair(low, ctx)
    if got is not None:
        return got
    arch = _paragraph_forms(low, ctx)
    if arch is not _NOT_THIS:
        return arch if isinstance(arch, list) else None
    for rx, fn in ((TOP_OR_BOTTOM_RX, top_or_bottom), (REVEAL_UNTIL_RX, reveal_until), (SEARCH_MAY_RX, search_may),
                   (KEEP_REST_RX, keep_rest), (DESTROY_REST_RX, destroy_rest)):
        m = rx.match(low.rstrip(".").strip())
        if m:
            return fn(m, ctx)
    m = re.fullmatch(
        r"(target player|target opponent|each opponent|that player) reveals their hand\. you choose (an?|one|two) "
        r"(?:(.+?) )?cards? from it\. "
        r"(?:that player|they) (discards?|exiles?) (?:that card|those cards)\.?",
        low,
    )
    if m:
        who = ctx.player(m.group(1))
        f = parse_noun(m.group(3)) if m.group(3) not in (None, "", "card") else {}
        if who is None or f is None:
            return None
        if m.group(4).startswith("exile"):  # "Whenever SELF deals combat damage to a player, that player reveals
            # their hand. You choose a card from it. That player exiles that card." (Ghastlord of Fugue): the hand
            # seen (701.15a), the card of your choice exiled by its owner (406.2)
            if set(f) - {"types", "not_types", "colors", "not_colors"} or who == "each_opponent":
                return None
            picked = {"choose": {**f, "zone": "hand", "owner": who}, "chooser": "you",
                      "amount": number(m.group(2)) or 1}
            return [Effect("reveal", {"who": who, "zone": "hand"}), Effect("exile", {"what": picked})]
        return [Effect("discard", {"who": who, "amount": number(m.group(2)) or 1, "filter": f, "chooser": "you"})]
    m = re.fullmatch(r"that player may choose any number of tapped ([a-z ]*?)creatures ((?:with|without) flying )?they "
                     r"control and pay ((?:\{[0-9wubrgc]\})+) for each creature chosen this way\. "
                     r"if (?:the player|they) does?, untap those creatures\.?", low)
    if m and ctx.last_player == "trigger_player":
        # "At the beginning of each player's upkeep, that player may choose any number of tapped blue creatures they
        # control and pay {4} for each creature chosen this way. If the player does, untap those creatures." (Magnetic
        # Mountain, Mudslide): the upkeep's player chooses and pays (608.2d, 117.3)
        f = parse_noun(f"{m.group(1)}creature{' ' + m.group(2).strip() if m.group(2) else ''}")
        cost = list(parse_cost(m.group(3)))
        if f is None or set(f) - {"types", "colors", "not_colors", "keyword", "not_keyword"} or not cost:
            return None
        return [Effect("pay_untap", {"who": "trigger_player", "filter": f, "cost": cost})]
    m = re.fullmatch(
        r"(target player|target opponent|that player) reveals (?:a number of cards from their hand equal to (.+?)|"
        r"x cards from their hand, where x is (.+?))(?: and|\.) you choose (one) of (?:them|those cards)\. "
        r"(?:that player|they) discards? that card\.?", low)
    shown_q = quantity(m.group(2) or m.group(3)) if m else None
    if m and shown_q is not None:
        # "Target player reveals a number of cards from their hand equal to the number of Swamps you control. You
        # choose one of them. That player discards that card." (Mire's Toll), "... reveals X cards from their hand,
        # where X is the number of Faeries you control" (Thieving Sprite): counted as it resolves (608.2c); that
        # player chooses the cards to reveal (701.15a), then you choose among those (608.2d)
        who = ctx.player(m.group(1))
        if who is None or who == "each_opponent":
            return None
        return [Effect("discard", {"who": who, "amount": 1, "chooser": "you", "reveal_first": shown_q})]
    m = re.fullmatch(
        r"(target player|target opponent|that player) reveals (two|three|four|x) cards from their hand(?: and|\.) you "
        r"choose (one|two) of (?:them|those cards)\. (?:that player|they) discards? (?:that card|those cards)\.?", low)
    if m and number(m.group(3)):
        # "Target player reveals three cards from their hand and you choose one of them. That player discards that
        # card." (Blackmail), "... reveals X cards ..." (Cabal Interrogator, X paid; 107.3a): that player chooses which
        # cards to reveal (all of them with no more in hand; 701.15a), then you choose among those (608.2d)
        who = ctx.player(m.group(1))
        n_shown: Any = {"x": True} if m.group(2) == "x" else number(m.group(2))
        if who is None or who == "each_opponent" or n_shown is None:
            return None
        return [Effect("discard", {"who": who, "amount": number(m.group(3)), "chooser": "you",
                                   "reveal_first": n_shown})]
    m = re.fullmatch(
        r"(target player|target opponent) reveals their hand\. you may choose an? (.+?) card from it\. if you do, "
        r"(?:that player|they) discards? that card\. if you don't, (?:that player|they) discards? (\w+) cards?\.?", low)
    if m:  # Nightsnare: the caster's choice; declined (or nothing to choose), the player discards two of their choice
        who = ctx.player(m.group(1))
        f = parse_noun(m.group(2))
        k = number(m.group(3))
        if who is None or f is None or not k:
            return None
        return [Effect("reveal", {"who": who, "zone": "hand"}),  # seen before the choice to choose (608.2c)
                Effect("may", {"effects": [Effect("discard", {"who": who, "amount": 1, "filter": f, "chooser": "you"})],
                               "else": [Effect("discard", {"who": who, "amount": k})]})]
    m = re.fullmatch(r"(target player|target opponent) reveals their hand\. you may choose an? (.+?) card from it\. "
                     r"if you do, (?:that player|they) exiles? that card\. if an? (.+? card) is exiled this way, "
                     r"(.+?)\.?", low)
    if m:  # Specter's Shriek: the caster's choice among the revealed hand (701.15a); that card exiled; then what
        # follows when the card exiled this way was of that kind (608.2c, as it was as it was exiled)
        who = ctx.player(m.group(1))
        f = parse_noun(m.group(2))
        cond = parse_condition(f"a {m.group(3)} is exiled this way")
        if who is None or f is None or cond is None or set(f) - {"types", "not_types", "colors", "not_colors"}:
            return None
        f.pop("zone", None)
        then = parse_effects(m.group(4), ctx)
        if then is None:
            return None
        taken = Effect("exile", {"what": {"choose": {**f, "zone": "hand", "owner": who}, "chooser": "you",
                                          "amount": 1}})
        return [Effect("reveal", {"who": who, "zone": "hand"}),
                Effect("may", {"effects": [taken], "then": [Effect("if", {"cond": cond, "then": then})]})]
    m = re.fullmatch(r"you may reveal your hand\. if cards with at least (two|three|four|five|six|seven) different "
                     r"mana values are revealed this way, (.+?)\.?", low)
    if m:  # "Whenever SELF deals damage to an opponent, you may reveal your hand. If cards with at least six different
        # mana values are revealed this way, that player loses the game." (Atemsis): the whole hand revealed (701.15),
        # counted then (202.3)
        then = parse_effects(m.group(2), ctx)
        if then is None:
            return None
        return [Effect("may", {"effects": [Effect("reveal", {"who": "you", "zone": "hand"})],
                               "then": [Effect("if", {"cond": {"hand_mv_distinct_ge": number(m.group(1))},
                                                      "then": then})]})]
    m = re.fullmatch(r"look at the top card of (target player's|target opponent's) library\. you may put (?:that card|"
                     r"it) on the bottom of (?:that player's|their) library\.?", low)
    if m:  # Jace, the Mind Sculptor +2: fateseal 1 (701.19a) of the target player's library, whoever it is
        who = ctx.player(m.group(1).replace("'s", ""))
        return None if who is None else [Effect("action", {"name": "fateseal", "amount": 1, "who": who})]
    m = SEARCH_GY_ANY.match(low)
    if m:  # 701.15a: the card found in the library or in the graveyard (the library searched: then shuffled)
        got = _search_common(m.group(1).split(" ", 1)[0], m.group(1).split(" ", 1)[1], m.group(2), False)
        rest = parse_effects(text.strip()[m.end():].strip(), ctx) if low[m.end():].strip() else []
        if not got or rest is None or got[0].args.get("up_to") or got[0].args.get("amount") != 1:
            return None
        return [Effect("search", {**got[0].args, "zones": ["library", "graveyard"]}), *rest]
    m = SEARCH_NAMED.match(low)
    if m:  # "... and put it onto the battlefield" (Elspeth, Undaunted Hero): not revealed, onto the battlefield
        name = text.strip()[len(text.strip()) - len(low) + low.index("named ") + 6:]
        name = name[: len(m.group(2))]
        hand = m.group(3) == "into your hand"
        eff = Effect("search", {"filter": {"name": name}, "amount": 1, "to": "hand" if hand else "battlefield",
                                **({"reveal": True} if hand else {}), "zones": ["library", "graveyard"]})
        return [Effect("may", {"effects": [eff]})] if m.group(1) else [eff]
    got = read_dig(low, ctx)
    if got is not None:
        return got
    m = EXILED_PILES.match(low)
    if m:  # "Exile up to five target creature cards from graveyards. An opponent separates those cards into two
        # piles. ..." (Boneyard Parley): the cards the exile moved ("exiled"), in the piles (608.2c)
        mark = ctx.mark()
        first = parse_sentence(m.group(1), ctx)
        rest = parse_effects(low[m.end():], ctx) if low[m.end():].strip() else []
        if first is not None and [e.op for e in first] == ["exile"] and ctx.targets and rest is not None:
            return first + [Effect("piles", {"what": "exiled", "separator": "opponent", "chooser": "you",
                                             "chosen": "battlefield" if "battlefield" in m.group(2) else "hand",
                                             "other": "graveyard"})] + rest
        ctx.rewind(mark)
    mark = ctx.mark()
    split_found = read_opponent_chooses(low, ctx)
    if split_found is not None:  # "... and reveal them. Target opponent chooses two of those cards. Put the chosen
        # cards into your graveyard and the rest ..."
        after_split = parse_effects(split_found[1], ctx) if split_found[1].strip() else []
        if after_split is not None:
            return split_found[0] + after_split
    ctx.rewind(mark)
    piles = read_piles(low, ctx)
    if piles is not None:  # the two-piles sentences, then what follows them
        rest = parse_effects(piles[1], ctx) if piles[1].strip() else []
        return None if rest is None else piles[0] + rest
    ctx.rewind(mark)
    m = re.fullmatch(r"restart the game(, leaving in exile all non-aura permanent cards exiled with "
                     r"(?:self|[a-z' ]+)\. then put those cards onto the battlefield under your control)?\.?", low)
    if m:  # 714.1, 714.4-714.5 (Karn Liberated)
        return [Effect("restart", {"keep_exiled": True} if m.group(1) else {})]
    got = _with_look(text, ctx)
    if got is not None:
        return got
    m = re.match(r"^(look at the top .+?in (?:a random|any) order\.)\s*(.+)$", low)
    if m:
        dug = read_dig(m.group(1), ctx)
        if dug is not None:
            rest = parse_effects(m.group(2), ctx)
            return None if rest is None else dug + rest
    m = _REANIMATE_ATTACHED.fullmatch(low.strip())
    if m:
        return [Effect("reanimate_attached", {"tapped": True} if m.group(1) else {})]
    m = _CHAIN.match(low)
    if m:
        got = _chain(m, ctx)
        if got is not None:
            return got
    m = re.fullmatch(r"at the beginning of (your next upkeep|the next end step|the next upkeep), ([^.]+\.\s*if you "
                     r"don't, [^.]+)\.?", low.strip())
    if m:  # "At the beginning of your next upkeep, pay {2}{G}{G}. If you don't, you lose the game." (the Pacts): a
        # delayed triggered ability of both sentences (603.7a)
        inner = parse_effects(m.group(2), ctx)
        if inner is None:
            return None
        step = {"the next end step": "end", "your next upkeep": "your_upkeep", "the next upkeep": "upkeep"}[m.group(1)]
        return [Effect("delayed", {"step": step, "effects": list(inner)})]
    # "that player may pay {2}. If the player doesn't, you create a Treasure token" (Smothering Tithe): the second
    # instruction happens unless that player pays (117.12), read as "... unless that player pays {2}"
    text = _MAY_PAY_OR.sub(lambda mm: f"{mm.group(3)} unless {mm.group(1)} pays {mm.group(2)}.", text)
    text = _MAY_PAY_THEN.sub(lambda mm: f"{mm.group(1)} may pay {mm.group(2)} and if that player does, {mm.group(3)}.",
                             text)
    text = _MAY_DO_OR.sub(_may_do_or, text)  # "Each opponent may discard a card. If they don't, they lose 3 life"
    # "... or choose a face-up artifact card you own in exile. Put that card into your hand." (Karn, the Great
    # Creator): one instruction (engine/cards/compiler/effects/library.py _wish)
    text = re.sub(r"(card you own in exile)\. put that card into your hand\b", r"\1 and put it into your hand", text,
                  flags=re.I)
    # "you may reveal cards from the top of your library until you reveal a creature card. Put that card into your
    # hand and the rest ..." (Spinner of Souls): one instruction (library.py _reveal_until_joined)
    text = re.sub(r"(reveal cards from the top of your library until you reveal an? [^.]+? card)\. put that card ",
                  r"\1 and put that card ", text, flags=re.I)
    text = _round_each_time(text)
    # "Create an 8/8 Beast creature token that's red, green, and white" (Godsire): the colors before the subtype
    text = re.sub(r"\bcreate (an?|\w+) (\d+/\d+) ([a-z ]+?) (creature tokens?) that's ((?:white|blue|black|red|green)"
                  r"(?:, (?:white|blue|black|red|green))*,? and (?:white|blue|black|red|green))\b",
                  r"create \1 \2 \5 \3 \4", text, flags=re.I)
    # "Create a 1/1 green Snake creature token, a 2/2 green Wolf creature token, and a 3/3 green Elephant creature
    # token." (Bestial Menace): one instruction for each token, in the order written
    text = re.sub(r"\bcreate (an? [^,.]+? tokens?), (an? [^,.]+? tokens?),? and (an? [^,.]+? tokens?)\.",
                  r"create \1. create \2. create \3.", text, flags=re.I)
    # "You gain 3 life if SELF is untapped. Otherwise, each opponent loses 3 life." (Sphinx Sovereign): the condition
    # written after the instruction, read as "If SELF is untapped, you gain 3 life. Otherwise, ..." (608.2c); "Exile it
    # if it had a death counter on it. Otherwise, return it ..." (Bogardan Phoenix), "... draw a card if it has flying.
    # Otherwise, put a flying counter on it." (Miles "Tails" Prower): the same ("its power" is left alone: moved
    # before the instruction it would name SELF, not the object the instruction named)
    text = re.sub(r"(^|\. )([^.,]+?) if ((?:self|you|it|they|that [a-z]+|that [a-z]+'s) [^.,]+)\. otherwise, ",
                  r"\1if \3, \2. otherwise, ", text, flags=re.I)
    out: list[Effect] = list(ctx.prior or ())  # "If COND, instead X. It can't be regenerated.": read on from them
    ctx.prior = None
    then_open = False   # the last sentence was "if/when you do, ...": what it chose may be acted on next
    any_may: re.Match | None = None  # "any opponent may X": read with the sentence after it
    for sent in _then_flip(sentences(text)):
        s = sent.strip().rstrip(".").lower()
        if out and out[-1].op == "discard" and out[-1].args.get("amount") == 1 and "what" not in out[-1].args \
                and re.search(r"\bthat card's (?:mana value|power|toughness)\b", s):
            # "Target player discards a card. SELF deals damage to that player equal to that card's mana value."
            # (Hellhole Rats): the card that instruction discarded, as it was discarded (608.2c, 608.2h)
            s = re.sub(r"\bthat card's\b", "the discarded card's", s)
            sent = re.sub(r"\bthat card's\b", "the discarded card's", sent, flags=re.I)
        if any_may is not None:
            got = _any_player_may(any_may, s, ctx)
            if got is None:
                return None
            out += got
            any_may = None
            continue
        any_may = _ANY_MAY.fullmatch(s)
        if any_may is not None:
            continue
        adds = [k for k, e in enumerate(out) if e.op == "add_mana"]
        lasting = re.fullmatch(r"until end of (turn|combat), you don't lose this mana as steps and phases end", s)
        if lasting and len(adds) == 1 and "until" not in out[adds[0]].args:
            # "Add {R}{R}{R}{G}{G}{G}. Until end of turn, you don't lose this mana as steps and phases end" (Savage
            # Ventmaw): the mana the instruction added stays in the pool until the turn ends (106.4, 500.4); "until
            # end of combat" (firebending, a later keyword), until the combat phase ends
            out[adds[0]] = Effect("add_mana", {**out[adds[0]].args, "until": "end_of_" + lasting.group(1)})
            continue
        inner_may = out[-1].args.get("then") if out and out[-1].op == "may" else None
        inner_adds = [k for k, e in enumerate(inner_may or ()) if e.op == "add_mana"]
        if s == "until end of turn, you don't lose this mana as steps and phases end" and not adds \
                and len(inner_adds) == 1 and inner_may is not None and "until" not in inner_may[inner_adds[0]].args:
            # "you may discard any number of cards. If you do, draw that many cards and add that much {R}. Until end
            # of turn, you don't lose this mana ..." (Neheb, Dreadhorde Champion): the mana of that branch (106.4)
            then = list(inner_may)
            then[inner_adds[0]] = Effect("add_mana", {**then[inner_adds[0]].args, "until": "end_of_turn"})
            out[-1] = Effect("may", {**out[-1].args, "then": then})
            continue
        inner = out[-1].args.get("then") if out and out[-1].op == "if" and not out[-1].args.get("else") else None
        if s == "you may choose new targets for the copy" and inner and len(inner) == 1 and inner[0].op == "may" \
                and not inner[0].args.get("then") and [x.op for x in inner[0].args["effects"]] == ["copy_spell"]:
            # "If COND, you may copy the spell countered this way. You may choose new targets for the copy." (Psychic
            # Rebuttal): asked only when the copy was made (706.10c; the op lets its controller keep the targets)
            out[-1] = Effect("if", {**out[-1].args, "then": [Effect("may", {**inner[0].args, "then": [
                Effect("copy_retarget", {})]})]})
            continue
        if re.fullmatch(r"then (?:put|that player puts) the exiled cards that weren't cast this way on the bottom of "
                        r"(?:that|their|your) library in a random order", s) \
                and [e.op for e in out[-2:]] == ["exile_until", "cast_offer"]:
            # "Target opponent exiles cards ... until they exile an instant or sorcery card. You may cast that card
            # without paying its mana cost. Then put the exiled cards that weren't cast this way on the bottom of
            # that library in a random order." (Chaos Wand): the cards still in exile (a cast one is a new object
            # on the stack, 400.7), to their owner's library (400.3)
            out.append(Effect("move", {"what": "exiled", "to": "library_bottom", "random": True}))
            continue
        m = re.fullmatch(r"if you controlled (?:that permanent|that creature|it), (.+)", s)
        if m and out and out[-1].op == "bounce" and not out[-1].args.get("with_auras"):
            # "Return target nonland permanent to its owner's hand. If you controlled that permanent, draw a card."
            # (Boomerang Basics): its controller as it last existed on the battlefield (608.2h), which the return
            # instruction records (engine/ops/zones.py bounce)
            then = parse_effects(m.group(1) + ".", ctx)
            if not then:
                return None
            out.append(Effect("if", {"cond": {"amount_ge": {"amount": {"count_this_way": {"controller": "you"},
                                                                        "action": "returned"}, "n": 1}},
                                     "then": list(then)}))
            continue
        if s == "you may repeat this process any number of times" and out and not any(
                e.op in ("repeat_may", "delayed") for e in out):
            # "Reveal the top card of your library and put that card into your hand. You lose life equal to its mana
            # value. You may repeat this process any number of times." (Ad Nauseam, Forbidden Ritual, Kindle the
            # Carnage): every instruction before it, again each time its controller says yes (608.2c)
            out.append(Effect("repeat_may", {"effects": list(out)}))
            continue
        m = re.fullmatch(r"repeat this process (once|twice|(\w+) more times)", s)
        if m and out and (m.group(2) is None or number(m.group(2))):
            # "Target opponent loses 5 life unless that player discards two cards or sacrifices a creature or
            # planeswalker of their choice. Repeat this process once." (Remorseless Punishment): every instruction
            # before it, once more, with the same targets (608.2c); "... six more times" (Professor Onyx)
            times = 1 if m.group(1) == "once" else 2 if m.group(1) == "twice" else int(number(m.group(2)) or 0)
            out.extend(list(out) * times)
            continue
        m = re.fullmatch(r"if (?:self|it) (deals damage to you|is destroyed) this way, (.+)", s)
        last_unless = out[-1] if out and out[-1].op == "unless" and not out[-1].args.get("any_one") \
            and out[-1].args.get("payer") not in _MANY_PLAYERS else None
        if m and last_unless is not None and _unless_did(m.group(1), list(last_unless.args.get("effects") or ())):
            # "SELF deals 3 damage to you unless you discard a card. If it deals damage to you this way, tap it."
            # (Mishra's War Machine), "destroy SELF unless you pay {3}{B}{B}{B}. If SELF is destroyed this way, it
            # deals 7 damage to you." (Cosmic Horror): only when the instruction was done and did that (608.2c: no
            # damage dealt when it was prevented, 615; not destroyed when regenerated, 701.12a)
            effs = parse_sentence(m.group(2), ctx)
            if effs is None:
                return None
            cond = {"amount_ge": {"amount": {"dealt_this_way": True} if m.group(1).startswith("deals") else
                                  {"count_this_way": {}, "action": "destroyed"}, "n": 1}}
            out[-1] = Effect("unless", {**last_unless.args, "effects": [
                *last_unless.args["effects"], Effect("if", {"cond": cond, "then": list(effs)})]})
            continue
        enters = re.fullmatch(r"if it enters as a creature, it enters with an additional ([+-]\d+/[+-]\d+) counter "
                              r"on it", s)
        prev = out[-1] if out else None
        inner = list(prev.args.get("effects") or ()) if prev is not None and prev.op == "delayed" else []
        if enters and inner and inner[-1].op == "move" and inner[-1].args.get("to") == "battlefield" \
                and not inner[-1].args.get("counter") and not inner[-1].args.get("counters"):
            # "Return that card to the battlefield ... at the beginning of the next end step. If it enters as a
            # creature, it enters with an additional +1/+1 counter on it." (Teferi's Time Twist): the return puts
            # the counter on it as it enters, if it is a creature card (614.1c)
            ret = Effect("move", {**inner[-1].args, "counter": enters.group(1), "counter_if_creature": True})
            out[-1] = Effect("delayed", {**out[-1].args, "effects": [*inner[:-1], ret]})
            continue
        m = re.match(r"^if you do, (.+)$", s)
        pick = ctx.last if m and isinstance(ctx.last, dict) and "choose" in ctx.last and ctx.last.get("up_to") \
            and ctx.last.get("amount") == 1 and ctx.last["choose"].get("zone") == "hand" else None
        if pick is not None and m is not None:
            # "Look at target player's hand. You may choose a nonland card from it. If you do, that player discards
            # that card, then draws a card." (Oildeep Gearhulk), "... If you do, exile that card." (Severance Priest):
            # only if a card was chosen (608.2c-d); "that player reveals the chosen card, puts it on the bottom of
            # their library, then draws a card" (Vendilion Clique: revealed to all, 701.15a)
            bottom = re.fullmatch(r"(?:that player|they) reveals? (?:the chosen card|that card|it), puts? it on the "
                                  r"bottom of their library, then draws? a card", m.group(1))
            who = ctx.last_player
            done = [Effect("reveal", {"what": pick}), Effect("move", {"what": pick, "to": "library_bottom"}),
                    Effect("draw", {"who": who, "amount": 1})] if bottom and who is not None \
                else parse_effects(m.group(1) + ".", ctx)
            if done is None:
                return None
            out.append(Effect("if", {"cond": {"picked": pick}, "then": list(done)}))
            continue
        back = 2 if len(out) > 1 and out[-1].op == "move" and out[-1].args.get("what") == "self" \
            and out[-1].args.get("transformed") else 1
        if m and len(out) >= back and out[-back].op == "exile" and out[-back].args == {"what": "self"}:
            # "exile SELF, then return her to the battlefield transformed under her owner's control. If you do,
            # create a 2/2 black Zombie creature token" (Liliana, Heretical Healer): it was exiled only if it was
            # still a permanent its controller controls as the ability resolved (406.2, 608.2c)
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            moved = out[-back:]
            del out[-back:]
            out.append(Effect("if", {"cond": {"self": {"controller": "you"}}, "then": [*moved, *effs]}))
            continue
        last = out[-1] if m and out else None
        if m and last is not None and last.op == "counters" and last.args.get("remove") \
                and last.args.get("what") == "self" and last.args.get("amount") == 1 \
                and isinstance(last.args.get("kind"), str) and last.args["kind"] != "any":
            # "Whenever SELF attacks, remove a -1/-1 counter from it. If you do, you gain 1 life." (Exemplar of
            # Strength), "... remove a +1/+1 counter from SELF. If you do, create a 2/2 black Zombie creature token"
            # (Noosegraf Mob): it is removed, and the rest done, only if SELF has one as the instruction is carried
            # out (121.1, 608.2c)
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect("if", {"cond": {"self_counters_ge": {last.args["kind"]: 1}}, "then": [last, *effs]})
            continue
        if m and out and out[-1].op == "sacrifice" and out[-1].args == {"what": "self"}:
            # "Sacrifice SELF. If you do, ..." (Standstill): it was sacrificed only if it was still a permanent
            # its controller controls as the ability resolved (701.14a, 608.2c)
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect("if", {"cond": {"self": {"controller": "you"}}, "then": [out[-1], *effs]})
            continue
        if m and out and out[-1].op == "may":
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect("may", {**out[-1].args, "then": list(effs)})
            then_open = True
            continue
        inner = out[-1].args.get("then") if m and out and out[-1].op == "if" and not out[-1].args.get("else") else None
        if m is not None and inner and len(inner) == 1 and inner[0].op == "may" and not inner[0].args.get("then"):
            # "If you control a creature with power 4 or greater, you may draw a card. If you do, discard a card."
            # (Force Away): the "if you do" of the optional instruction inside the condition (608.2c)
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect("if", {**out[-1].args, "then": [Effect("may", {**inner[0].args, "then": list(effs)})]})
            then_open = True
            continue
        if m and out and out[-1].op == "discard" and out[-1].args.get("who") == "you":
            # "Discard a card. If you do, draw a card." (Akoum Flameseeker): only if a card was discarded this
            # way (an empty hand discards none, 701.7a; 608.2c)
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out.append(_if_this_way("discarded", effs))
            continue
        them = re.match(r"^if (?:that player|the player|they|he or she) (?:does|do), (.+)$", s)
        if them and out and out[-1].op in ("sacrifice", "discard") and out[-1].args.get("who") not in (None, "you") \
                and "what" not in out[-1].args:
            # "Target opponent sacrifices a green or white creature of their choice. If that player does, they lose 2
            # life." (Self-Inflicted Wound): only if something was sacrificed (discarded) this way (608.2c)
            effs = parse_sentence(them.group(1), ctx)
            if effs is None:
                return None
            out.append(_if_this_way("sacrificed" if out[-1].op == "sacrifice" else "discarded", effs))
            continue
        cant = re.match(r"^if (?:the player|that player|they|he or she|(you)) can't(?: (sacrifice|discard) an? "
                        r"[a-z ]+)?, (.+)$", s)
        # "sacrifice a creature other than SELF, then each opponent loses life equal to the sacrificed creature's
        # power. If you can't sacrifice a creature, ..." (Xathrid Demon): the sacrifice one instruction back
        prior = next((e for e in reversed(out[-2:]) if e.op in ("sacrifice", "discard")), None) if cant else None
        if cant and prior is not None and "what" not in prior.args and (prior is out[-1] or cant.group(2)) \
                and (not cant.group(2) or cant.group(2) == prior.op) \
                and (prior.args.get("who") in (None, "you")) == bool(cant.group(1)) \
                and prior.args.get("who") not in ("each_player", "each_opponent", "each") \
                and prior.args.get("amount", 1) not in ("all", "any") and not prior.args.get("up_to"):
            # "... that player discards a card at random. If the player can't, you draw a card." (Urgoros, the
            # Empty One), "that player sacrifices a creature. If the player can't, sacrifice SELF." (Woebringer
            # Demon), "sacrifice a creature other than SELF. If you can't, SELF deals 7 damage to you." (Lord of
            # the Pit): what follows happens only if the one player could not do all it asked (608.2c)
            effs = parse_sentence(cant.group(3), ctx)
            if effs is None:
                return None
            out.append(_if_this_way("couldnt", effs))
            continue
        chosen = out[-1].args.get("what") if m and out and out[-1].op in ("exile", "move") else None
        pick = chosen.get("choose") if isinstance(chosen, dict) else None
        if m and isinstance(pick, dict) and pick.get("zone") not in (None, "battlefield") \
                and pick.get("owner") == "you":
            # "Exile a creature card from your graveyard. If you do, put a +1/+1 counter on SELF. Otherwise,
            # sacrifice it." (Charnel Troll): done if it can be, and what follows only then (608.2c); the "it" of
            # "Otherwise, ..." is then not the card (none was exiled) but SELF
            if ctx.last == chosen:
                ctx.last = "self"
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect("may", {"effects": [out[-1]], "then": list(effs), "forced": True})
            continue
        if m and out and out[-1].op in ("sacrifice", "discard") and out[-1].args.get("who") == "you" \
                and "what" not in out[-1].args and "filter" in out[-1].args:
            # "Sacrifice a Mountain. If you do, ...": done if it can be, and what follows only then (608.2c)
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect("may", {"effects": [out[-1]], "then": list(effs), "forced": True})
            continue
        if re.fullmatch(r"until the end of your next turn, (?:they|it|those creatures|those permanents) can't phase in",
                        s) and out and out[-1].op == "action" and out[-1].args.get("name") == "phase_out":
            # "Each creature target opponent controls phases out. Until the end of your next turn, they can't phase
            # in" (Teferi, Timeless Voyager): those it phased out stay out that long (702.25a)
            out.append(Effect("action", {"name": "keep_phased_out"}))
            continue
        m = re.match(r"^when you discard (an? [a-z]+) card this way, (.+)$", s)
        if m and out and any(e.op in ("discard", "may") for e in out):
            # "Draw a card, then you may discard a card. When you discard a nonland card this way, SELF deals damage
            # equal to that card's mana value to ..." (Narset of the Ancient Way): only if such a card was discarded
            # by it, "that card" the discarded one (608.2c, 608.2h)
            effs = parse_sentence(f"if {m.group(1)} card is discarded this way, "
                                  + re.sub(r"\bthat card's\b", "the discarded card's", m.group(2)), ctx)
            if effs is None:
                return None
            out += effs
            continue
        m = re.match(r"^if (?:they|that player|the player|its controller) (?:do|does), (.+)$", s)
        if m and out and out[-1].op == "counter" and out[-1].args.get("unless_pays"):
            # "Counter target spell unless its controller pays {2}. If they do, surveil 2." (Don't Make a Sound): only
            # when the payment was made (608.2c)
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out.append(Effect("if", {"cond": {"unless_paid": True}, "then": list(effs)}))
            continue
        m = re.match(r"^when you pay this cost one or more times, (.+)$", s)
        if m and out and out[-1].op == "may" and set(out[-1].args) == {"effects"} \
                and len(out[-1].args["effects"]) == 1 and out[-1].args["effects"][0].op == "pay_any":
            out[-1] = out[-1].args["effects"][0]  # "you may" adds no choice to a number of times (none is one)
        if m and out and out[-1].op == "pay_any" and out[-1].args.get("cost"):
            # "You may pay {2}{B} any number of times. When you pay this cost one or more times, put that many +1/+1
            # counters on SELF, then ..." (Tainted Adversary): a reflexive ability (a later rule; in 2016 terms a
            # delayed triggered ability that triggers at once, 603.7a) if it was paid at least once, "that many" the
            # times paid, its targets chosen as it is put on the stack (603.3d)
            rctx = Ctx(last=ctx.last)
            effs = parse_effects(m.group(1), rctx)
            if effs is None:
                return None
            out.append(Effect("reflexive", {"ability": Ability(
                "triggered", m.group(1), effects=tuple(effs), targets=tuple(rctx.targets),
                trigger={"event": "reflexive"}), "paid": True}))
            continue
        m = re.match(r"^when you do, (.+)$", s)
        if m and out and out[-1].op == "sacrifice" and out[-1].args.get("who") == "you" \
                and "what" not in out[-1].args and "filter" in out[-1].args:
            # "Sacrifice a creature. When you do, SELF deals X damage to any target, where X is that creature's power"
            # (Minsc & Boo): done if it can be (701.14a), and what follows only then, "that creature" the one
            # sacrificed, as it last existed (608.2c, 608.2h)
            effs = parse_sentence(re.sub(r"\bthat creature's\b", "the sacrificed creature's", m.group(1)), ctx)
            if effs is None:
                return None
            out[-1] = Effect("may", {"effects": [out[-1]], "then": list(effs), "forced": True, "reflexive": True})
            then_open = True
            continue
        if m and out and out[-1].op == "sacrifice" and out[-1].args.get("what") == "self" and len(out[-1].args) == 1:
            # "When SELF enters, sacrifice it. When you do, search your library ..." (Brokers Hideout): what follows
            # only if it was sacrificed, so only while it is still on the battlefield (701.14a, 608.2c)
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect("if", {"cond": {"self": {"zone": "battlefield"}}, "then": [out[-1], *effs]})
            continue
        if m and out and out[-1].op == "draw" and out[-1].args.get("who") == "you" \
                and isinstance(out[-1].args.get("amount"), int):
            # "Draw four cards. When you do, SELF deals damage to any target equal to the number of cards in your
            # hand" (The Royal Scions): after the draw, counted then (608.2c, 608.2h)
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out += effs
            continue
        if m and out and (out[-1].op in ("scry", "mill")
                          or out[-1].op == "action" and out[-1].args.get("name") == "amass"
                          or out[-1].op == "token" and isinstance(out[-1].args.get("amount"), int)
                          and out[-1].args["amount"] > 0) \
                and not ctx.targets:  # (amass, a later keyword action: always done, an Army chosen or created;
            # "Create two 1/1 blue Faerie creature tokens with flying. When you do, tap target creature ..." (Faebloom
            # Trick), "mill three cards. When you do, ..." (Wick's Patrol): done whatever happens to the tokens or
            # cards)
            # "When SELF enters, surveil 4. When you do, you may return target nonland permanent an opponent controls
            # to its owner's hand." (Dream Eater): the surveil is always done, and the reflexive ability triggers then,
            # its targets chosen as it is put on the stack (603.7a, 603.3; reflexive triggers are a later rule)
            rctx = Ctx(last=ctx.last)
            effs = parse_effects(m.group(1), rctx)
            if effs is None:
                return None
            may_do = len(effs) == 1 and effs[0].op == "may" and not {"then", "else", "who"} & set(effs[0].args)
            out.append(Effect("reflexive", {"ability": Ability(
                "triggered", m.group(1), effects=tuple(effs[0].args["effects"]) if may_do else tuple(effs),
                targets=tuple(rctx.targets), trigger={"event": "reflexive"}, optional=may_do)}))
            continue
        if m and out and out[-1].op == "may":
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect("may", {**out[-1].args, "then": list(effs), "reflexive": True})
            then_open = True
            continue
        if then_open and out and out[-1].op == "may" and out[-1].args.get("reflexive") \
                and re.match(r"^(?:it|that creature) (?:becomes|gains|gets|has) ", s):
            # "You may pay {E}{E}{E}. When you do, put two +1/+1 counters ... on target attacking creature. It becomes
            # an Angel in addition to its other types." (Guide of Souls): the rest of the reflexive ability, about
            # its target (reflexive triggers are a later rule; 608.2c): done only when it is
            effs = parse_sentence(s, ctx)
            if effs is None:
                return None
            out[-1] = Effect("may", {**out[-1].args, "then": [*out[-1].args["then"], *effs]})
            continue
        if then_open and _BACK_TO_THEN.match(s):
            # "... you choose a nonland card from it. Exile that card.": the card chosen in the
            # branch is acted on in the branch; nothing was chosen if the player did not do it
            effs = parse_sentence(s, ctx)
            if effs is None:
                return None
            out[-1] = Effect("may", {**out[-1].args, "then": [*out[-1].args["then"], *effs]})
            continue
        then_open = False
        m = _WHO_CANT.match(s)
        if m and out and out[-1].op in ("discard", "sacrifice") and "what" not in out[-1].args \
                and out[-1].args.get("who") in ("each_player", "each_opponent"):
            effs = _who_cant(m, ctx)
            if effs is None:
                return None
            out += effs
            continue
        rider = _damage_rider(s) if out and out[-1].op == "damage" else None
        if rider:
            # the creature dealt damage, not the player also dealt damage ("... and 2 damage to that
            # creature's controller. If that creature would die this turn, exile it instead.")
            k = len(out) - 1
            while k > 0 and out[k - 1].op == "damage" and _to_player(out[k].args.get("to")):
                k -= 1
            out[k] = Effect("damage", {**out[k].args, **rider})
            continue
        if s in ("if it would leave the battlefield, exile it instead of putting it anywhere else",
                 "if that creature would leave the battlefield, exile it instead of putting it anywhere else"):
            at: int | None = next((j for j in range(len(out) - 1, -1, -1) if out[j].op == "move"
                              and out[j].args.get("to") == "battlefield"), None)
            if at is None:
                return None
            # "Return target creature card ... to the battlefield. ... If it would leave the battlefield, exile it
            # instead of putting it anywhere else" (Whip of Erebos): the permanent it became (614.1a, 400.7)
            out[at] = Effect("move", {**out[at].args, "leaves_to": "exile"})
            continue
        if out and out[-1].op == "delayed_trigger" and _BACK_REF.search(s) \
                and not (out[-1].args.get("watch") is not None and re.search(r"\btarget\b", s)):
            # (not "When that creature dies this turn, you gain 3 life. Target creature you control fights that
            # creature." (Time to Feed): a sentence with a target of its own after a trigger on a named object is
            # the spell's next instruction, its targets chosen as the spell is cast, 601.2c)
            # "When you next cast ... this turn, copy that spell. You may choose new targets for the copy.",
            # "Whenever you attack this turn, create two ... tokens ... Sacrifice them at the beginning of the
            # next end step.": a sentence that refers back belongs to the delayed trigger (603.7c)
            ab = out[-1].args["ability"]
            more = _compile_more(ab, sent)
            if more is None:
                return None
            out[-1] = Effect("delayed_trigger", {**out[-1].args, "ability": more})
            continue
        m = re.match(r"^if (?:that spell|that card|it) would be put into (?:your|its owner's|a) graveyard"
                     r"(?: this turn)?, exile it instead$", s)
        inner = out[-1].args.get("effects") if m and out and out[-1].op == "may" else None
        if m and out and out[-1].op == "cast_offer":  # cast now (engine/ops/cast.py), exiled after
            out[-1] = Effect("cast_offer", {**out[-1].args, "exile_instead": True})
            continue
        if m and out and (out[-1].op == "playable" or inner and len(inner) == 1 and inner[0].op == "playable"):
            # 614.1a: the spell cast with this permission goes to exile instead of its owner's graveyard
            # (Jace, Telepath Unbound -3; engine/zones_cast.py, engine/game.py move)
            if out[-1].op == "playable":
                out[-1] = Effect("playable", {**out[-1].args, "exile_instead": True})
            else:
                assert inner is not None
                out[-1] = Effect("may", {**out[-1].args,
                                         "effects": [Effect("playable", {**inner[0].args, "exile_instead": True})]})
            continue
        m = re.match(r"^(?:for each 1 damage prevented this way, put a \+1/\+1 counter on (?:that creature|it)|"
                     r"you gain life equal to the damage prevented this way)$", s)
        if m and out and out[-1].op == "prevent" and (out[-1].args.get("amount") is not None
                                                      or out[-1].args.get("next")
                                                      or out[-1].args.get("duration") == "eot"):
            # (a shield of a number, or one used up by the next damage event: what it prevented is known, 615.7, 615.8;
            # "prevent all damage ... this turn" (Brace for Impact, Hallow): each time it prevents damage, what it
            # prevented then)
            # 615.5: the rest of a prevention effect happens right after the damage is prevented
            rider = {"counters": "+1/+1"} if s.startswith("for each") else {"gain_life": True}
            out[-1] = Effect("prevent", {**out[-1].args, "rider": rider})
            continue
        m = re.fullmatch(r"if damage (?:from an? (white|blue|black|red|green) source )?is prevented this way, self "
                         r"deals that much damage to (any target|target player or planeswalker|target creature|"
                         r"target player|that source's controller|the source's controller)", s)
        if m and out and out[-1].op == "prevent" and not out[-1].args.get("rider") \
                and (out[-1].args.get("amount") is not None or out[-1].args.get("next")):
            # "Prevent the next 3 damage that a source of your choice would deal to you ... If damage is prevented this
            # way, SELF deals that much damage to any target." (Refraction Trap), "... to that source's controller"
            # (Deflecting Palm): 615.5, right after each time the shield prevents damage, what it prevented then; the
            # target is chosen as it is cast (601.2c)
            # "If damage from a red source is prevented this way" (Honorable Passage): only then (609.7: the source's
            # color as the damage would be dealt)
            to: Any = "source_controller" if m.group(2).endswith("source's controller") else ctx.ref(m.group(2))
            if to is None:
                return None
            color = {"colors": [COLORS[m.group(1)]]} if m.group(1) else None
            out[-1] = Effect("prevent", {**out[-1].args, "rider": {"damage_to": to,
                                                                   **({"if_from": color} if color else {})}})
            continue
        m = re.match(
            r"^(?:that creature is|it is|it's|each of those creatures is) an? "
            r"(white |blue |black |red |green )?([a-z]+) "
            r"in addition to its other "
            r"(?:colors and )?(?:creature )?types$",
            s,
        )
        later = out[-1].args.get("effects") if m and out and out[-1].op == "delayed" else None
        if m and later and len(later) == 1 and later[0].op == "move" and later[0].args.get("to") == "battlefield" \
                and "becomes" not in later[0].args:
            # "Whenever a creature you don't control dies, return it to the battlefield under your control ... at the
            # beginning of the next end step. That creature is a black Zombie in addition to its other colors and
            # types." (Grave Betrayal): the creature the delayed return puts onto the battlefield (603.7, 613.1d-e)
            st = subtype(m.group(2))
            if st is None:
                return None
            becomes: dict[str, Any] = {"subtypes": [st]}
            if m.group(1):
                becomes["colors"] = [COLORS[m.group(1).strip()]]
            returned = Effect("move", {**later[0].args, "becomes": becomes})
            out[-1] = Effect("delayed", {**out[-1].args, "effects": [returned]})
            continue
        if m and out and out[-1].op == "move" and out[-1].args.get("to") == "battlefield":
            st = subtype(m.group(2))
            if st is None:
                return None
            extra: dict[str, Any] = {"subtypes": [st]}
            if m.group(1):
                extra["colors"] = [COLORS[m.group(1).strip()]]
            out[-1] = Effect("move", {**out[-1].args, "becomes": extra})
            continue
        m = re.fullmatch(r"it's an? (artifact|enchantment)", s)
        if m and out and out[-1].op == "move" and out[-1].args.get("to") == "battlefield" \
                and "becomes" not in out[-1].args:
            # "When SELF dies, if it was a creature, return it to the battlefield under its owner's control. It's an
            # enchantment. (It's not a creature.)" (Enduring Courage): that card type only, from then on (205.1a)
            out[-1] = Effect("move", {**out[-1].args, "becomes": {"types": [m.group(1).capitalize()]}})
            continue
        m = re.match(r"^the new (creature type|color word|basic land type) can't be ([a-z]+)$", s)
        if m and out and out[-1].op == "change_text":  # Artificial Evolution: a word it may not choose (612)
            out[-1] = Effect("change_text", {**out[-1].args, "not_to": [m.group(2).capitalize()]})
            continue
        if out and out[-1].op == "cast_offer" and s in _WHILE_PLAYING:
            # 712.7: the restriction or the longer control the effect gives with the card it has played
            out[-1] = Effect("cast_offer", {**out[-1].args, _WHILE_PLAYING[s]: True})
            continue
        m = re.match(r"^(?:it's|it becomes) an? (\d+)/(\d+) ((?:[a-z]+ )*?)(?:artifact )?creature$", s) \
            or re.match(r"^they're (\d+)/(\d+) ((?:[a-z]+ )*?)(?:artifact )?creatures$", s)
        if m and out and out[-1].op == "action" and out[-1].args.get("name") == (
                "put_face_down" if s.startswith("they're") else "turn_face_down"):
            # "Turn target creature face down. It's a 2/2 Cyberman artifact creature." (707.2: the
            # characteristics the effect gives the face-down permanent)
            subs = [subtype(w) for w in m.group(3).split()]
            if not all(subs):
                return None
            types = (["Artifact"] if " artifact creature" in s else []) + ["Creature"]
            look = {"power": int(m.group(1)), "toughness": int(m.group(2)), "types": types, "subtypes": subs}
            out[-1] = Effect("action", {**out[-1].args, "look": look})
            continue
        m = re.match(r"^(?:it's|they're|he's|she's|self is) still (?:an? )?(land|artifact|planeswalker)s?$", s)
        if m:   # "SELF becomes a 2/2 creature ... It's still a land." (205.1b: it keeps that card type); "SELF becomes
            # a Human Soldier creature ... and gains indestructible. He's still a planeswalker." (Gideon, Champion of
            # Justice): the animation before the grant that shares its sentence
            k = len(out) - 1
            while k > 0 and out[k].op == "grant" and out[k].args.get("what") == out[k - 1].args.get("what"):
                k -= 1
            last = out[k] if out else None
            inner = last.args.get("effects") if last is not None and last.op == "may" else None
            # "you may have target land become a 3/3 ... creature. It's still a land.": the animation inside
            anim = inner[-1] if inner else last
            if anim is None or anim.op != "animate":
                return None
            kept = m.group(1).capitalize()
            types = list(anim.args.get("types") or [])
            # 205.1b: "still a [type]": all its prior card types, supertypes and subtypes are retained
            anim = Effect("animate", {**anim.args, "types": types + [kept] * (kept not in types), "in_addition": True})
            out[k] = anim if inner is None or last is None else Effect("may", {**last.args,
                                                                                "effects": [*inner[:-1], anim]})
            continue
        more = enters_with_more(s, out)
        if more is not None:
            if not more:
                return None
            continue
        if s in ("then that player shuffles", "that player shuffles", "then the player shuffles") and out \
                and out[-1].op == "search" and out[-1].args.get("in_library_of") is not None:
            continue  # the search of that player's library shuffles it (701.15a; engine/ops/zones.py search)
        m = re.fullmatch(r"copy (the exiled card|a card exiled with self)", s)
        if m:  # "Copy the exiled card. You may cast the copy ..." (Elite Arcanist, Isochron Scepter): the card its
            # linked ability exiled (607.2a); "a card exiled with SELF" (Panoptic Mirror): one of them, chosen as
            # the ability resolves (608.2d)
            linked: Any = "exiled" if m.group(1) == "the exiled card" else {
                "choose": {"zone": "exile"}, "among": "exiled", "chooser": "you", "amount": 1}
            out.append(Effect("copy_card", {"what": linked, "times": 1}))
            continue
        m = re.fullmatch(r"copy (?:it|that card)(?: (twice|three times))?", s)
        if m and out and out[-1].op == "exile" and _exiled_target_card(out[-1], ctx):
            # "Exile target instant or sorcery card from a graveyard. Copy that card three times." (Mnemonic Deluge),
            # "... exile up to one target legendary or Rat card from your graveyard and copy it" (Nashi): a copy of
            # the card that instruction exiled, in exile (706.12); the next sentence casts it or it is not made
            out.append(Effect("copy_card", {"what": "exiled", "times": {None: 1, "twice": 2, "three times": 3}[
                m.group(1)]}))
            continue
        m = re.fullmatch(r"you may cast (?:the copy|the copies|them)( without paying (?:its|their) mana costs?)?", s)
        if m and out and out[-1].op == "copy_card":  # 706.12: the copies just made are cast, each one "may"; paying
            # their mana costs unless the sentence says otherwise (601.2f)
            out[-1] = Effect("copy_cast", {**out[-1].args, "free": bool(m.group(1))})
            continue
        if s == "after that turn, that player takes an extra turn" and out and out[-1].op == "action" \
                and out[-1].args.get("name") == "control_player":  # Emrakul, the Promised End (712.1, 500.7)
            out[-1] = Effect("action", {**out[-1].args, "then_extra_turn": True})
            continue
        m = re.match(r"^at the beginning of that turn's end step, (.+)$", s)
        if m and out and out[-1].op == "extra_turn" and out[-1].args.get("who", "you") == "you":
            # "Take an extra turn after this one. At the beginning of that turn's end step, you lose the game."
            # (Final Fortune): a delayed trigger of that extra turn's end step (603.7a, 500.7)
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out.append(Effect("delayed", {"step": "that_turn_end", "effects": list(effs)}))
            continue
        m = re.match(r"^if you can't, (.+)$", s)
        if (
            m
            and out
            and out[-1].op == "counters"
            and out[-1].args.get("remove")
            and out[-1].args.get("what") == "self"
            and out[-1].args.get("amount", 1) == 1
        ):  # "remove a fade counter from SELF. If you can't, ..." (fading)
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            prev = out.pop()
            out.append(
                Effect("if", {"cond": {"self": {"counter": prev.args["kind"]}}, "then": [prev], "else": list(effs)})
            )
            continue
        m = re.match(r"^otherwise, (.+)$", s)
        if m and out and out[-1].op in ("if", "may") and "else" not in out[-1].args \
                and (out[-1].op == "if" or out[-1].args.get("then")):
            # "Draw a card if COND. Otherwise, you gain 2 life.", "You may X. If you do, Y. Otherwise, Z." (608.2c)
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect(out[-1].op, {**out[-1].args, "else": list(effs)})
            continue
        m = re.match(r"^if (?:you don't|that player doesn't|they don't), (.+)$", s)
        if m and not s.startswith("if you ") and not (out and out[-1].op == "may" and out[-1].args.get("who")):
            m = None  # "If that player doesn't, ...": after a choice that player made (Risk Factor)
        if m and out and out[-1].op == "pay":  # "Pay {2}{G}{G}. If you don't, you lose the game." (the Pacts): paying
            # is the player's choice (117.3: only with the mana for it; 608.2d), the instruction after it the other way
            out[-1] = Effect("may", {"effects": [out[-1]]})
        elif m and out and out[-1].op == "playable":  # "You may cast that card. If you don't, SELF deals 2 damage to
            # each opponent" (Chandra, Torch of Defiance): a choice made now, the instruction after it the other way
            out[-1] = Effect("may", {"effects": [out[-1]]})
        if m and out and out[-1].op == "may":
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect("may", {**out[-1].args, "else": list(effs)})
            continue
        if m and out and out[-1].op == "if" and "picked" in out[-1].args["cond"] and "else" not in out[-1].args:
            # "You may choose a nonland card from it. If you do, ... If you don't, incubate 3." (Traumatic
            # Revelation): the other way when no card was chosen (608.2c)
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect("if", {**out[-1].args, "else": list(effs)})
            continue
        if s in ("it can't be regenerated", "they can't be regenerated", "those creatures can't be regenerated",
                 "that creature can't be regenerated", "creatures destroyed this way can't be regenerated",
                 "a creature destroyed this way can't be regenerated") and out and out[-1].op == "destroy":
            # "Destroy all creatures other than SELF. Those creatures can't be regenerated." (Mageta the Lion): the
            # destruction just made (701.12b), in any of its wordings
            for i in range(len(out) - 1, -1, -1):
                if out[i].op != "destroy":
                    break
                out[i] = Effect("destroy", {**out[i].args, "no_regen": True})
            continue
        if s in ("it can't be regenerated", "a creature destroyed this way can't be regenerated") and out \
                and out[-1].op == "if" and [e.op for e in out[-1].args["then"]] == ["destroy"]:
            # "Destroy target creature if it's white. A creature destroyed this way can't be regenerated." (Soul
            # Rend): the destruction the condition allowed (701.12b)
            then = out[-1].args["then"][0]
            out[-1] = Effect("if", {**out[-1].args, "then": [Effect("destroy", {**then.args, "no_regen": True})]})
            continue
        if s == "creatures destroyed this way can't be regenerated" and out and out[-1].op == "if" \
                and any(e.op == "destroy" for e in out[-1].args["then"]):
            # "Threshold — If ..., instead destroy all creatures, then create two 1/1 white Spirit creature tokens
            # with flying. Creatures destroyed this way can't be regenerated." (Kirtar's Wrath): the destruction of
            # the instruction that applies (701.12b)
            out[-1] = Effect("if", {**out[-1].args, "then": [Effect("destroy", {**e.args, "no_regen": True})
                                                             if e.op == "destroy" else e
                                                             for e in out[-1].args["then"]]})
            continue
        if out and re.fullmatch(r"if .+ would die this turn, exile (?:it|that card) instead", s):
            # a replacement effect of its own after any instruction (614.1a; engine/cards/compiler/effects/zones.py)
            effs = parse_sentence(s, ctx)
            if effs is None:
                return None
            out += effs
            continue
        replaced = instead(s, out, ctx)
        if replaced is not None:
            if not replaced:
                return None
            continue
        m = re.fullmatch(r"((?:it|self) (?:gains?|gets?) .+? until end of turn) if ((?:its|self's) "
                         r"(?:power|toughness) is .+)", s)
        if m and ctx.last in (None, "self"):  # "Whenever SELF attacks, it gains trample until end of turn if its power
            # is 10 or greater" (Witch-Maw Nephilim): the instruction only when the condition holds (608.2c), "it"
            # and "its" both SELF
            cond = parse_condition(m.group(2))
            effs = parse_sentence(m.group(1), ctx) if cond is not None and set(cond) == {"self"} else None
            if effs is None:
                return None
            out.append(Effect("if", {"cond": cond, "then": list(effs)}))
            continue
        m = re.match(r"^(.+?) instead$", s)
        if m and out and m.group(1).startswith("if "):
            mm = re.match(r"^if (.+?), (.+)$", m.group(1))
            if mm:
                cond = parse_condition(mm.group(1))
                if cond is not None and "attached" in cond:
                    ctx.last = "attached"  # "If equipped creature is a Vampire, put two counters on it instead"
                alt = parse_sentence(mm.group(2), ctx)
                if cond is not None and alt is not None:
                    prev = out.pop()
                    out.append(Effect("if", {"cond": cond, "then": list(alt), "else": [prev]}))
                    continue
            return None
        if (re.fullmatch(r"if (?:that spell|it) is countered this way, (?:exile it|put it on the bottom of its owner's "
                         r"library|put it on top of its owner's library|put it into its owner's hand) instead of "
                         r"(?:putting it )?into (?:its owner's|that player's) graveyard", s)
                and out and out[-1].op == "counter"):  # 701.5a, 614.1a
            where = ("exile" if "exile it" in s else "library_bottom" if "bottom" in s else "hand" if "hand" in s
                     else "library_top")
            out[-1] = Effect("counter", {**out[-1].args, "instead_to": where})
            continue
        m = re.fullmatch(r'(?:it|the token) has ([a-z ]+, (?:"[^"]+",? )+and [a-z]+ \{[^}]+\})', s)
        tok = _last_token(out) if m else None
        if m and tok is not None and out[-1].op == "token":
            # "Create a colorless Equipment artifact token named Stoneforged Blade. It has indestructible, "Equipped
            # creature gets +5/+5 and has double strike," and equip {0}." (Nahiri, the Lithomancer: 111.4, 702.6a)
            from engine.cards.compiler import compile_abilities_text  # layering: cycle (compiler imports this)
            quoted = [compile_abilities_text(q.rstrip(",").replace("this token", "SELF"))
                      for q in re.findall(r'"([^"]+)"', m.group(1))]
            kw_text = re.sub(r'"[^"]+",?', "", m.group(1))
            kw_text = re.sub(r"\s*,\s*(?:and\s+)?|\s+and\s+", ", ", kw_text).strip(" ,")
            kws = parse_keyword_line(kw_text) if kw_text else ([], {}, [])
            if kws is None or any(q is None for q in quoted) or kws[1] and set(kws[1]) - {"Equip"}:
                return None
            out[-1] = Effect("token", {**tok.args, "keywords": [*tok.args.get("keywords", ()), *kws[0]],
                                       "abilities": [*tok.args.get("abilities", ()),
                                                     *(a for q in quoted if q for a in q), *kws[2]]})
            continue
        m = re.fullmatch(r'(?:it|they|those tokens|the tokens) (?:has|have) ((?:"[^"]+"(?:,? and )?)+)', s)
        tok = _last_token(out)
        if m and tok is not None:
            # "Create a 1/1 Eldrazi Scion creature token. It has "Sacrifice this token: Add {C}."" (111.4)
            from engine.cards.compiler import compile_ability_text  # layering: cycle (compiler imports this)
            bwo = [bands_with_other(q) for q in re.findall(r'"([^"]+)"', m.group(1))]
            if all(bwo) and out[-1].op == "token":  # 'It has "bands with other creatures named Wolves of the Hunt."'
                out[-1] = Effect("token", {**tok.args, "keywords": [*tok.args.get("keywords", ()), *bwo]})  # 702.21b
                continue
            abl = [compile_ability_text(q.replace("this token", "SELF").replace("this creature", "SELF"))
                   for q in re.findall(r'"([^"]+)"', m.group(1))]
            if any(a is None for a in abl):
                return None
            targs = dict(tok.args)
            if targs.pop(CDA_PENDING, False) and not any(a is not None and defines_pt(a) for a in abl):
                return None  # a token with no printed P/T needs its characteristic-defining ability (604.3)
            new_tok = Effect("token", {**targs, "abilities": abl})
            if out[-1].op == "token":
                out[-1] = new_tok
            elif out[-1].args.get("then"):
                out[-1] = Effect("may", {**out[-1].args, "then": [*out[-1].args["then"][:-1], new_tok]})
            else:
                out[-1] = Effect("may", {**out[-1].args, "effects": [*out[-1].args["effects"][:-1], new_tok]})
            continue
        m = re.fullmatch(r"(?:then )?(you may |you )?flip a coin( until you lose a flip)?", s)
        if m:  # 705.1: the branches follow ("If you win the flip"); "you may flip a coin" (608.2d); "flip a coin
            # until you lose a flip" (Okaun, Eye of Chaos): the flips won are counted by what follows
            out.append(Effect("flip", {**({"may": True} if m.group(1) == "you may " else {}),
                                       **({"until_lose": True} if m.group(2) else {})}))
            continue
        m = re.fullmatch(r"(?:you )?flip (two|three|four|five|six|seven|eight|nine|ten|x) coins", s)
        if m and (m.group(1) != "x" or ctx.x is None):
            # 705.1: "Flip five coins. Take an extra turn after this one for each coin that comes up heads" (Ral
            # Zarek): the flips won are counted by what follows (engine/ops/control.py flip)
            out.append(Effect("flip", {"coins": number(m.group(1)) if m.group(1) != "x" else {"x": True}}))
            continue
        m = re.fullmatch(r"(?:then )?(?:you )?roll a d(4|6|8|10|12|20)", s)
        if m:  # rolling a die (a later rule, AFR) with no table: "... equal to the result" follows (quantities)
            out.append(Effect("roll", {"sides": int(m.group(1))}))
            continue
        if s == "for each player, choose friend or foe":  # Battlebond (a later mechanic): engine/ops/control.py
            out.append(Effect("friend_or_foe", {}))
            continue
        m = re.fullmatch(r"each (friend|foe) (.+)", s)
        if m and any(e.op == "friend_or_foe" for e in out):  # "Each friend returns a creature card from their
            # graveyard to their hand. Each foe sacrifices a creature of their choice." (Virtus's Maneuver): read as
            # "each player ...", of those players only
            effs = parse_sentence(f"each player {m.group(2)}", ctx)
            if effs is None:
                return None
            out += [_as_group(e, "friends" if m.group(1) == "friend" else "foes") for e in effs]
            continue
        if s in ("choose an opponent", "choose an opponent at random"):  # "Choose an opponent. You and that player
            # each draw three cards." (Intellectual Offering): the controller chooses one as the instruction is carried
            # out (608.2c-d); "that player" after it is that opponent, until another such choice
            # (engine/ops/control.py); "at random" (Raving Dead): one of them at random
            out.append(Effect("choose_opponent", {"random": True} if s.endswith("at random") else {}))
            ctx.last_player = "chosen_opponent"
            continue
        m = re.fullmatch(r"(target opponent|that player) chooses self or others", s)
        if m:  # "target opponent chooses self or others. If that player chooses self, ... If the player chooses
            # others, each of your other opponents ..." (Archenemy schemes, 904): that player picks one of the two
            # instructions as it resolves (608.2d); the branches follow
            who = ctx.player(m.group(1))
            if who is None:
                return None
            out.append(Effect("either", {"labels": ["self", "others"], "alternatives": [], "chooser": who}))
            continue
        m = re.fullmatch(r"if (?:that|the) player chooses (self|others), (.+)", s)
        if m and out and out[-1].op == "either" and "chooser" in out[-1].args \
                and len(out[-1].args["alternatives"]) == ("self", "others").index(m.group(1)):
            chooser = out[-1].args["chooser"]
            ctx.last_player = chooser
            effs = parse_sentence(m.group(2), ctx)
            ctx.last_player = chooser
            if effs is None:
                return None
            out[-1] = Effect("either", {**out[-1].args, "alternatives": [*out[-1].args["alternatives"], list(effs)]})
            continue
        m = re.fullmatch(r"(?:then )?(you may )?clash with an opponent", s)
        if m:  # 701.20b: "If you win, ..." follows; "you may clash" (Sentry Oak): its controller chooses first
            out.append(Effect("clash", {"may": True} if m.group(1) else {}))
            continue
        m = re.match(r"^if you win(?: the clash)?, (.+)$", s)
        if m and out and out[-1].op == "clash" and "win" not in out[-1].args:
            ctx.last_player = "clash_opponent"  # "that player": the opponent you clashed with (701.20b)
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect("clash", {**out[-1].args, "win": list(effs)})
            continue
        m = re.match(r"^otherwise, (.+)$", s)
        if m and out and out[-1].op == "clash" and "win" in out[-1].args and "lose" not in out[-1].args:
            # "If you win, ... Otherwise, that player gains control of ..." (Captivating Glance, 701.20c)
            if ctx.last_player is None:
                ctx.last_player = "clash_opponent"
            effs = parse_sentence(m.group(1), ctx)
            if effs is None:
                return None
            out[-1] = Effect("clash", {**out[-1].args, "lose": list(effs)})
            continue
        m = re.match(r"^if you won, (.+)$", s)
        if m and ctx.clash_trigger:  # "Whenever you clash, ... If you won, ..." (Entangling Trap): the
            effs = parse_sentence(m.group(1), ctx)  # clash the trigger saw (701.20c)
            if effs is None:
                return None
            out.append(Effect("if", {"cond": {"clash_won": True}, "then": list(effs)}))
            continue
        m = re.match(r"^if (both|all) coins come up (heads|tails), (.+)$", s)
        coins = [e for e in out if e.op == "flip" and isinstance(e.args.get("coins"), int)]
        if m and len(coins) == 1:
            # "Flip two coins. If both coins come up heads, X. If both coins come up tails, Y." (Two-Headed Giant): the
            # coins the flip before flipped, all heads or none (705.1; the flips_won of the resolution)
            effs = parse_sentence(m.group(3), ctx)
            if effs is None:
                return None
            won: dict[str, Any] = {"count_this_way": {}, "action": "flips_won"}
            n = coins[0].args["coins"]
            cond = {"amount_ge": {"amount": won, "n": n}} if m.group(2) == "heads" \
                else {"amount_lt": {"amount": won, "n": 1}}
            out.append(Effect("if", {"cond": cond, "then": list(effs)}))
            continue
        m = re.match(r"^if you (win|lose) the flip, (.+)$", s)
        if m and out and out[-1].op == "flip" and m.group(1) not in out[-1].args:
            effs = parse_sentence(m.group(2), ctx)
            if effs is None:
                return None
            out[-1] = Effect("flip", {**out[-1].args, m.group(1): list(effs)})
            continue
        effs = parse_sentence(sent, ctx)
        if effs is None:
            return None
        if out and out[-1].op == "exile" and out[-1].args == {"what": "self"}:
            effs = [_return_exiled_self(e) for e in effs]
        if len(effs) == 1 and effs[0].op in ("untap", "tap") and effs[0].args.get("what") == "self":
            # "Whenever you cast a noncreature spell, untap SELF. It gains protection from the color of your choice
            # until end of turn." (Pristine Skywise): "it" is SELF, named last, not the spell (608.2c)
            ctx.last = "self"
        for e in effs:
            if e.op == "mana_restriction":
                if not out or out[-1].op != "add_mana":
                    return None
                out[-1] = Effect("add_mana", {**out[-1].args, "only_for": e.args["spells"]})
            else:
                out.append(e)
    if any_may is not None:
        return None  # "any opponent may X" with no "if a player does" after it
    if any(e.op == "either" and len(e.args["alternatives"]) != len(e.args["labels"]) for e in out):
        return None  # "chooses self or others" without both instructions read
    if any(e.op in ("flip", "clash") and not set(e.args) - {"may"} for e in out) \
            and not (len(out) == 1 and out[0] == Effect("flip", {}) and len(sentences(text)) == 1):
        return None  # a flip nothing depends on: the sentence that should follow was not read (but "Flip a coin."
        # alone, Tavern Scoundrel: a flip "whenever you win a coin flip" sees, 705.1)
    if _cda_pending(out):
        return None  # a creature token whose power and toughness no sentence defined
    out = delayed_before_end_turn(out)
    out = _milled_it(out)
    if len(sentences(text)) > 1 and _repeats(out):  # "... If COND, repeat this process.": the paragraph, once and
        out = [Effect("process", {"effects": list(out)})]  # again while a round ends with its repeat done (608.2c)
    bound = that_many_done(out)
    return None if bound is None else paid_this_way(_life_lost_this_way(bound))


def _repeats(x: Any) -> bool:
    """Is a "repeat this process" (``repeat_process``) among these instructions, at any depth (not inside a process
    of its own)?"""
    if isinstance(x, Effect):
        return x.op == "repeat_process" or (x.op != "process" and _repeats(x.args))
    if isinstance(x, dict):
        return any(_repeats(v) for v in x.values())
    if isinstance(x, (list, tuple)):
        return any(_repeats(v) for v in x)
    return False


def _milled_it(out: list[Effect]) -> list[Effect]:
    """"Target player mills a card. If it's a creature card, ..." / "puts the bottom card of their library into their
    graveyard. If it's a creature card, ..." (Cellar Door): "it" is the one card the instruction before put into the
    graveyard (608.2c), the card milled this way; after "exile the top card of your library", the card exiled."""
    res = list(out)
    for i, e in enumerate(res):
        cond = e.args.get("cond") if e.op == "if" else None
        if i and isinstance(cond, dict) and set(cond) == {"it"} and res[i - 1].op == "mill" \
                and res[i - 1].args.get("amount") == 1 and res[i - 1].args.get("who") in ("you", {"target": 0}):
            res[i] = Effect("if", {**e.args, "cond": {"milled_this_way": cond["it"]}})
        elif i and isinstance(cond, dict) and set(cond) == {"it"} and res[i - 1].op == "exile_top" \
                and res[i - 1].args == {"who": "you", "amount": 1}:
            # "Exile the top card of your library. If it's a permanent card, ..." (Primal Surge): the card exiled
            res[i] = Effect("if", {**e.args, "cond": {"exiled_is": cond["it"]}})
    return res


def _exiled_target_card(e: Effect, ctx: Ctx) -> bool:
    """Does exile instruction ``e`` exile one target card from a graveyard (406.2, 115.1)?"""
    what = e.args.get("what")
    if not (isinstance(what, dict) and set(what) == {"target"} and 0 <= what["target"] < len(ctx.targets)):
        return False
    spec = ctx.targets[what["target"]]
    return spec.count == 1 and spec.filter.get("zone") == "graveyard"


def _then_flip(sents: list[str]) -> list[str]:
    """"Create two 1/1 red Elemental creature tokens, then flip a coin. If you win the flip, ..." (Molten Birth): the
    instruction, then the flip its branches follow (705.1), as two sentences in that order (608.2c). Likewise
    "exile target instant or sorcery card from a graveyard and copy it" (Psionic Ritual): the exile, then the copy
    of the card it exiled (706.12)."""
    out: list[str] = []
    for x in sents:
        m = re.fullmatch(r"(.+?),? then (flip a coin)\.?", x.strip(), re.I) \
            or re.fullmatch(r"(.*\bexile .+?) and (copy it)\.?", x.strip(), re.I)
        out += [m.group(1) + ".", m.group(2) + "."] if m else [x]
    for k in range(len(out) - 1):  # "You may copy the exiled card. If you do, you may cast the copy ..." (Isochron
        # Scepter): a copy not cast ceases to exist (706.10a) and making it is seen by nothing else, so declining
        # to copy is declining to cast: "Copy the exiled card. You may cast the copy ..."
        m = re.fullmatch(r"you may (copy (?:the exiled card|a card exiled with self))\.?", out[k].strip(), re.I)
        then = re.fullmatch(r"if you do, (you may cast the copy\b.*)", out[k + 1].strip(), re.I)
        if m and then:
            out[k], out[k + 1] = m.group(1).capitalize() + ".", then.group(1).capitalize()
    return out


#: the players a "that many" after a discard or mill may count for: one player each (608.2c)
_ONE_WHO = ("you", "trigger_player", "defending_player")
#: what "then draw that many cards" counts after each instruction (engine/values.py count_this_way)
_DONE_THIS_WAY = {"discard": "discarded", "mill": "milled", "sacrifice": "sacrificed"}


#: "Each opponent who can't loses 3 life", "For each opponent who can't, you gain 4 life": after "each player
#: discards a card" / "each player sacrifices a creature"
_WHO_CANT = re.compile(r"^(each|for each) (opponent|player) who can't,? (.+)$")


def _who_cant(m: re.Match, ctx: Ctx) -> list[Effect] | None:
    """608.2c: the players the discard or sacrifice before could not make do all it asked (an empty hand, no
    creature to sacrifice) are named by the next sentence: "Each opponent who can't loses 3 life" (Liliana,
    Waker of the Dead), "Each player who can't discards a card" (Plaguecrafter) are that sentence for each of
    them; "For each opponent who can't, you gain 4 life" (Cruel Grimnarch) multiplies its number by how many."""
    group = "each_opponent" if m.group(2) == "opponent" else "each_player"
    if m.group(1) == "each":
        mark = ctx.mark()
        ctx.last_player = {"couldnt": group}
        got = parse_sentence("that player " + m.group(3), ctx)
        if got is None:
            ctx.rewind(mark)
        return got
    got = parse_sentence(m.group(3), ctx)
    many = {"count_this_way": {"opponent": True} if group == "each_opponent" else {}, "action": "couldnt"}
    if got is None or len(got) != 1 or not isinstance(got[0].args.get("amount"), int):
        return None
    return [Effect(got[0].op, {**got[0].args, "amount": {"times": got[0].args["amount"], "of": many}})]


def delayed_before_end_turn(out: list[Effect]) -> list[Effect]:
    """"End the turn. At the beginning of your next end step, you lose the game." (Glorious End): ending the turn
    exiles the resolving spell (713.1b), but the delayed ability its last instruction creates still exists (603.7a);
    created first, it is the same ability (nothing between the two can see it)."""
    ends = next((i for i, e in enumerate(out) if e.op == "end_turn"), None)
    if ends is not None and out[ends + 1:] and all(e.op == "delayed" for e in out[ends + 1:]):
        return out[ends + 1:] + out[:ends + 1]
    return out


def that_many_done(effs: list[Effect]) -> list[Effect] | None:
    """"Discard up to two cards, then draw that many cards", "that player discards their hand, then draws that
    many cards", "mill three cards, then ... that many": "that many" is the number of cards the instruction
    before it discarded or milled (608.2c), not a number the trigger event carries. None when that number
    would have to be counted for each of several players (not carried out: the card stays unsupported)."""
    out = list(effs)
    for i, e in enumerate(out):
        if e.op == "may" and e.args.get("then") and e.args.get("effects"):
            # "You may discard all the cards in your hand. If you do, draw that many cards": the branch reads
            # what the optional instruction did (608.2c)
            both = that_many_done([*e.args["effects"], *e.args["then"]])
            if both is None:
                return None
            n = len(e.args["effects"])
            out[i] = Effect("may", {**e.args, "effects": both[:n], "then": both[n:]})
    for i in range(1, len(out)):
        e, prev = out[i], out[i - 1]
        if e.args.get("amount") == {"that_much": True} and prev.op == "move" and prev.args.get("to") == \
                "library_shuffle" and isinstance(prev.args.get("what"), dict) \
                and {"hand_cards_of", "graveyard_of"} & set(prev.args["what"]):
            # "shuffle the cards from your hand into your library, then draw that many cards" (Whirlpool Drake),
            # "Shuffle all cards from your graveyard into your library. Target player mills that many cards"
            # (Psychic Spiral): the cards that instruction moved (608.2c)
            who = prev.args["what"].get("hand_cards_of", prev.args["what"].get("graveyard_of"))
            if who in ("each_player", "each_opponent") and e.op == "draw" and e.get("who") == who:
                # "Each player shuffles the cards from their hand into their library, then draws that many cards"
                # (Winds of Change): the cards each player shuffled in, counted for that player (608.2c, amount_for)
                out[i] = Effect(e.op, {**e.args, "amount": {"count_this_way": {"owner": "that_player"},
                                                            "action": "shuffled"}})
                continue
            if not (who in _ONE_WHO or isinstance(who, dict) and set(who) == {"target"}):
                return None
            out[i] = Effect(e.op, {**e.args, "amount": {"count_this_way": {}, "action": "shuffled"}})
            continue
        if e.args.get("amount") == {"that_much": True} and prev.op == "move" and prev.args.get("any_order") \
                and isinstance(prev.args.get("what"), dict) and set(prev.args["what"]) == {"hand_cards_of"} \
                and prev.args["what"]["hand_cards_of"] in _ONE_WHO and e.get("who", "you") == \
                prev.args["what"]["hand_cards_of"]:
            # "put the cards in your hand on the bottom of your library in any order, then draw that many cards"
            # (Mindmoil): the cards that instruction moved (608.2c)
            out[i] = Effect(e.op, {**e.args, "amount": {"count_this_way": {}, "action": "bottomed"}})
            continue
        if e.args.get("amount") == {"that_much": True} and e.op == "search" and prev.op == "exile" \
                and isinstance(prev.args.get("what"), dict) and set(prev.args["what"]) == {"each"} \
                and len(prev.args) == 1:
            # "Exile all attacking creatures target player controls. That player may search their library for that
            # many basic land cards" (Settle the Wreckage): the permanents that instruction exiled (608.2c)
            out[i] = Effect(e.op, {**e.args, "amount": {"count_this_way": {}, "action": "exiled"}})
            continue
        if e.args.get("amount") == {"that_much": True} and prev.op == "exile" \
                and isinstance(prev.args.get("what"), dict) and set(prev.args["what"]) == {"hand_cards_of"}:
            # "target player exiles all cards from their hand face down, then draws that many cards" (Induced Amnesia)
            who = prev.args["what"]["hand_cards_of"]
            if not (who in _ONE_WHO or isinstance(who, dict) and set(who) == {"target"}):
                return None
            out[i] = Effect(e.op, {**e.args, "amount": {"count_this_way": {"zone": "any_card"}, "action": "exiled"}})
            continue
        amt = e.args.get("amount")
        if prev.op == "sacrifice" and "what" not in prev.args and prev.args.get("amount", 1) == 1 \
                and isinstance(amt, dict) and len(amt) == 1 and amt in ({"power_of": "it"}, {"toughness_of": "it"}):
            # "Target player sacrifices a creature ... You gain life equal to its power." (Consume): the creature
            # sacrificed, as it last existed (608.2h; engine/ops/objects.py keeps it)
            out[i] = Effect(e.op, {**e.args, "amount": {next(iter(amt)): "sacrificed"}})
            continue
        if e.op == "add_mana" and e.args.get("per") == {"that_much": True} and prev.op == "sacrifice" \
                and "what" not in prev.args and prev.args.get("who", "you") == "you":
            # "Sacrifice any number of lands, then add that much {C}" (Mana Seism): the permanents that instruction
            # sacrificed (608.2c; engine/ops/objects.py counts them)
            out[i] = Effect(e.op, {**e.args, "per": {"count_this_way": {}, "action": "sacrificed"}})
            continue
        if e.op == "discard" and amt == {"that_much": True} and prev.op == "draw" \
                and prev.args.get("who", "you") == "you" and e.args.get("who", "you") == "you" \
                and not any(x.op == "draw" for x in out[:i - 1]):
            # "Draw a card for each Island you control, then discard that many cards" (Last Stand): the cards the draw
            # instruction before put into your hand (121.2, 608.2c)
            out[i] = Effect(e.op, {**e.args, "amount": {"drawn_this_way": True}})
            continue
        if e.op == "token" and amt == {"that_much": True} and prev.op == "exile" and len(prev.args) == 1 \
                and isinstance(prev.args.get("what"), dict) and set(prev.args["what"]) == {"each"}:
            # "exile all creatures you control. Then create that many 5/5 red Dragon creature tokens" (Day of the
            # Dragons): the permanents that instruction exiled, as they last existed (608.2c, 608.2h)
            out[i] = Effect(e.op, {**e.args, "amount": {"count_this_way": {}, "action": "exiled"}})
            continue
        if e.op == "add_mana" and e.args.get("per") == {"that_much": True} and isinstance(amt := prev.args.get(
                "amount"), dict) and set(amt) == {"count_this_way", "action"} and amt["count_this_way"] == {}:
            # "... draw that many cards and add that much {R}" (Neheb): the same number the instruction before counted
            out[i] = Effect(e.op, {**e.args, "per": dict(amt)})
            continue
        if e.args.get("amount") != {"that_much": True} or prev.op not in _DONE_THIS_WAY \
                or prev.args.get("amount") == {"that_much": True}:
            continue
        if prev.op == "sacrifice" and prev.args.get("what") == "self":
            return None  # "sacrifice SELF and it deals that much damage" (Tellah): a number named before, not one
        who = prev.args.get("who", "you")
        if who in ("each_player", "each_opponent") and e.get("who") == who and prev.op == "discard" \
                and e.op in ("token", "damage", "lose_life", "draw"):
            # "each player discards their hand, then creates that many tokens" (Awaken the Erstwhile): the cards
            # that player discarded, counted for each of them (608.2c; an op that counts for each player)
            out[i] = Effect(e.op, {**e.args, "amount": {"count_this_way": {"owner": "that_player"},
                                                        "action": "discarded"}})
            continue
        if not (who in _ONE_WHO or isinstance(who, dict) and set(who) == {"target"}):
            return None
        out[i] = Effect(e.op, {**e.args, "amount": {"count_this_way": {}, "action": _DONE_THIS_WAY[prev.op]}})
    return out


def paid_this_way(effs: list[Effect]) -> list[Effect]:
    """"You may pay any amount of {E}. SELF deals that much damage": after a payment of any amount, "that
    much" is the amount paid (the amount {"paid": True}), not an amount a trigger event carries. "You may"
    adds no choice to it (any amount includes none): the payment stands alone."""
    effs = [e.args["effects"][0] if e.op == "may" and set(e.args) == {"effects"} and len(e.args["effects"]) == 1
            and e.args["effects"][0].op == "pay_any" else e for e in effs]
    k = next((i for i, e in enumerate(effs) if e.op == "pay_any"), None)
    if k is None:
        return effs
    return effs[:k + 1] + [Effect(e.op, _paid(e.args)) for e in effs[k + 1:]]


def _paid(x: Any) -> Any:
    if x == {"that_much": True}:
        return {"paid": True}
    if isinstance(x, Effect):
        return Effect(x.op, _paid(x.args))
    if isinstance(x, dict):
        return {k: _paid(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_paid(v) for v in x]
    return x


def _cda_pending(effects: Any) -> bool:
    """Is there a token effect still waiting for the ability that defines its P/T (tokens.CDA_PENDING)?"""
    if isinstance(effects, Effect):
        return bool(effects.args.get(CDA_PENDING)) or _cda_pending(list(effects.args.values()))
    if isinstance(effects, (list, tuple)):
        return any(_cda_pending(x) for x in effects)
    if isinstance(effects, dict):
        return _cda_pending(list(effects.values()))
    return False


_LOOK_START = re.compile(r"^(?:(?:you may look at|look at|reveal) the top (?:\w+ cards|card) of your library|"
                         r"(?:look at|reveal) that many cards from the top of your library|"
                         r"look at the top (?:\w+ "
                         r"cards|card) of (?:target player's|target opponent's|that player's|defending player's|"
                         r"their) library|(?:defending player|"
                         r"target player|target opponent|that player) reveals the top card of their "
                         r"library)\b", re.I)


_TOP_IF_DO = re.compile(r"^reveal the top card of your library\. if it's an? (.+?)(?: card)?, (.+?)\.?$")
_TOP_IF_NAMED = re.compile(r"^reveal the top card of your library\. if (that card|it) has the chosen name, (.+?)\.?$")


_TOP_PLAY = re.compile(r"^reveal the top card of your library\. you may (play|cast) (?:that card|it) without paying "
                       r"its mana cost(?:\. if you don't, (exile it|put it into your graveyard|put it on the bottom "
                       r"of your library))?\.?$")


def read_top_card_play(text: str) -> list[Effect] | None:
    """"Reveal the top card of your library. You may play that card without paying its mana cost. If you don't, exile
    it." (Djinn of Wishes): revealed (701.13a), then played from the library now, as the ability resolves (608.2g,
    305.9-like for a land: within its land plays); declined, it goes where the last sentence says."""
    m = _TOP_PLAY.match(text.strip().lower())
    if m is None:
        return None
    offer: dict[str, Any] = {"what": "revealed_top", "zone": "library", "free": True}
    if m.group(1) == "play":
        offer["play"] = True
    if m.group(2):
        offer["else"] = {"exile it": "exile", "put it into your graveyard": "graveyard",
                         "put it on the bottom of your library": "library_bottom"}[m.group(2)]
    return [Effect("reveal_top", {}), Effect("cast_offer", offer)]


def read_top_card_if(text: str, ctx: Ctx) -> list[Effect] | None:
    """"Reveal the top card of your library. If it's a creature card, you draw cards equal to its power and you
    gain life equal to its toughness" (Nissa's Revelation), "... If it's a creature or land card, draw a card"
    (Track Down): the card is revealed (701.13a) and stays on top; what follows happens only if it is of that
    kind (608.2c), "its" being that card."""
    m = _TOP_IF_DO.match(text.strip().lower()) or _TOP_IF_NAMED.match(text.strip().lower())
    if m is None or ". " in m.group(2):
        return None
    # "... If that card has the chosen name, sacrifice SELF and draw three cards" (Diviner's Lockbox): the name the
    # instruction before chose as it resolved (201.3; engine/ops/actions.py name_card)
    f = {"chosen_name": True} if m.re is _TOP_IF_NAMED else parse_noun(m.group(1) + " card")
    if f is None or f.get("_needs_player_target") or f.get("controller") or f.get("player"):
        return None
    f.pop("zone", None)
    mark = ctx.mark()
    ctx.last = "revealed_top"
    then = parse_effects(m.group(2), ctx)
    if then is None or _moves_it(then):
        ctx.rewind(mark)
        return None
    return [Effect("reveal_top", {}), Effect("if", {"cond": {"revealed_is": f}, "then": then})]


_LOOK_REVEAL = re.compile(r"^you may look at the top card of your library\. if (it shares a creature type with self|"
                          r"it's an? (.+?)(?: card)?), you may reveal it\. if you do, (.+?)\.?$")


def read_look_reveal(text: str, ctx: Ctx) -> list[Effect] | None:
    """Kinship (an ability word of Morningtide): "You may look at the top card of your library. If it shares a creature
    type with SELF, you may reveal it. If you do, ..." (205.3m; Plane-Merge Elf's "If it's a land"): the card is seen
    by its owner alone (401.2, 701.13a only once revealed), stays on top, and what follows happens only if it is of that
    kind and its controller chooses to reveal it (608.2c); "you may play that card without paying its mana cost" plays
    it from the library as the ability resolves."""
    m = _LOOK_REVEAL.match(text.strip().lower())
    if m is None:
        return None
    if m.group(2) is None:
        f: dict[str, Any] | None = {"shares_type_with": "self"}
    else:
        f = parse_noun(m.group(2) + " card")
        if f is None or f.get("_needs_player_target") or f.get("controller") or f.get("player"):
            return None
        f.pop("zone", None)
    mark = ctx.mark()
    ctx.last = "revealed_top"
    then: list[Effect] | None
    if m.group(3) == "you may play that card without paying its mana cost":
        then = [Effect("cast_offer", {"what": "revealed_top", "zone": "library", "free": True, "play": True})]
    else:
        then = parse_effects(m.group(3), ctx)
    if then is None or _moves_it(then):
        ctx.rewind(mark)
        return None
    look = Effect("reveal", {"who": "you", "zone": "library_top", "amount": 1, "to": "you"})
    reveal = Effect("may", {"effects": [Effect("reveal_top", {}), *then]})
    return [Effect("may", {"effects": [look, Effect("if", {"cond": {"top_card_is": f}, "then": [reveal]})]})]


def _moves_it(v: Any) -> bool:
    """Does an instruction move "it" (the revealed card: read_top_card's forms, not this one)?"""
    if isinstance(v, Effect):
        return v.op in ("move", "bounce", "exile", "put") and "revealed_top" in repr(v.args.get("what")) \
            or _moves_it(list(v.args.values()))
    if isinstance(v, (list, tuple)):
        return any(_moves_it(x) for x in v)
    if isinstance(v, dict):
        return any(_moves_it(x) for x in v.values())
    return False


_THEN_LOOK = re.compile(r"^((?:scry|surveil) \w+|choose a (?:nonland |creature )?card name), then ", re.I)


def _with_look(text: str, ctx: Ctx) -> list[Effect] | None:
    """A paragraph with "Look at the top N cards of your library. ..." among its sentences:
    the sentences before, the look with the one or two sentences that say where the cards go
    (library.read_look), and the sentences after, each read in order (608.2c)."""
    sents = sentences(text)
    for j, s in enumerate(sents):  # "Scry 2, then reveal the top card of your library.": two instructions in order
        m = _THEN_LOOK.match(s)
        if m and _LOOK_START.match(s[m.end():]):
            sents = sents[:j] + [m.group(1) + ".", s[m.end():]] + sents[j + 1:]
            break
    for i, first in enumerate(sents):
        paid = re.match(r"^if you do, (.+)$", first, re.I) if i and re.match(r"^you may pay \{", sents[i - 1], re.I) \
            else None
        if paid is not None and _LOOK_START.match(paid.group(1)):
            # "you may pay {1}. If you do, look at the top two cards of your library. You may reveal a permanent card
            # from among them and put it into your hand. Put the rest on the bottom ..." (Trail of Crumbs): the whole
            # look is what the payment buys (608.2c)
            mark = ctx.mark()
            paid_before = parse_effects(" ".join(sents[:i]), ctx) or []
            last = paid_before[-1] if paid_before else None
            if last is not None and last.op == "may" and not last.args.get("then") \
                    and [e.op for e in last.args.get("effects", ())] == ["pay"]:
                chunk = " ".join([paid.group(1), *sents[i + 1:]])
                got = read_look(chunk, ctx)
                if got is not None:
                    return [*paid_before[:-1], Effect("may", {**last.args, "then": got})]
            ctx.rewind(mark)
            continue
        if not _LOOK_START.match(first):
            continue
        if first.lower().startswith("you may look") and i + 3 == len(sents) \
                and (kin := read_look_reveal(" ".join(sents[i:]), ctx)) is not None:
            before = parse_effects(" ".join(sents[:i]), ctx) if i else []
            return None if before is None else before + kin
        if first.lower().startswith("you may look") and not (i + 1 < len(sents) and sents[i + 1].lower().startswith(
                "if you do, reveal ")):
            continue  # "You may look at the top five cards ... If you do, reveal ...": library.read_look's form only
        mark = ctx.mark()
        before = parse_effects(" ".join(sents[:i]), ctx) if i else []
        if before is None:
            return None
        for k in (3, 2, 1):
            if i + k > len(sents):
                continue
            chunk = " ".join(sents[i:i + k])
            got = read_look(chunk, ctx) or read_top_card(chunk, ctx) or read_look_other(chunk, ctx) \
                or read_top_card_if(chunk, ctx) or read_top_card_play(chunk)
            rest = sents[i + k:]
            if got is None and len(rest) >= 2 and rest[-1].lower() == "then shuffle." \
                    and all(re.match(r"^(?:it|that creature|that card) ", x, re.I) for x in rest[:-1]):
                # "Put a creature card from among them onto the battlefield ... It gains hexproof until your next
                # turn. Then shuffle." (Undercity's last room): the shuffle ends the look; what the sentences
                # between do to the card put onto the battlefield does not touch the library (608.2c)
                got = read_look(" ".join([*sents[i:i + k], rest[-1]]), ctx)
                rest = rest[:-1]
            if got is None:
                continue
            # "it" / "that creature" after the dig means the card it moved: the one card a dig takes
            # (engine/ops/library.py: "taken"); after any other a word no runtime resolves, so the card stays
            # unsupported (never the source)
            one = got[0].op == "dig" and got[0].args.get("take") == 1 and not got[0].args.get("one_of_each")
            ctx.last = "taken" if one else "dug_card"
            after = parse_effects(" ".join(rest), ctx) if rest else []
            if after is not None:
                return before + got + after
        ctx.rewind(mark)
        return None
    return None


#: the player references "that player" may be bound to inside a filter: one player each
def _last_token(out: list[Effect]) -> Effect | None:
    """The token effect the sentence before created ("create ... token", "you may create ...
    token"), when it has no abilities yet and is not a kind whose abilities are defined elsewhere (Clue, 701.33a)."""
    e = out[-1] if out else None
    if e is not None and e.op == "may" and e.args.get("effects") and not e.args.get("then"):
        e = e.args["effects"][-1]
    elif e is not None and e.op == "may" and e.args.get("then"):  # "you may pay {C}. If you do, create ..."
        e = e.args["then"][-1]
    if e is None or e.op != "token" or "abilities" in e.args or "kind" in e.args:
        return None
    return e


_ONE_PLAYER = ("trigger_player", "defending_player", "you", "an_opponent")


#: 712.7: what the effect that controls a player says of the card that player plays (Word of Command)
_WHILE_PLAYING = {
    "while doing so, the player can activate mana abilities only if they're from lands that player controls and "
    "only if mana they produce is spent to activate other mana abilities of lands the player controls and/or to "
    "play that card": "lands_only",
    "if the chosen card is cast as a spell, you control the player while that spell is resolving": "control_spell",
}


def _one_player(phrase: str, ctx: Ctx) -> Any:
    """A player phrase of a comparison ("target opponent", "that player", "its controller") read to a reference
    naming one player (a target, the chosen opponent, an object's controller); None for a phrase naming several
    or none (a per-player "that player" is counted for each: not read here)."""
    got = ctx.player(phrase)
    if isinstance(got, dict) and (set(got) == {"target"} or set(got) <= {"controller_of", "owner_of"}) \
            or got in ("you", "chosen_opponent"):
        if got != "you":
            ctx.last_player = got  # "If its controller has more than four cards in hand, they exile ...": that player
        return got
    return None


def _bind_that_player(x: Any, ctx: Ctx) -> Any:
    """"... equal to the number of artifacts that player controls", "... cards in that player's hand": a
    filter's controller (a hand's player) "that_player" is the player the sentence named before
    (ctx.last_player), when that is one player; with "each player" it stays unbound (each player's own
    count: not carried out)."""
    lp = ctx.last_player
    if not (isinstance(lp, dict) and "target" in lp or lp in _ONE_PLAYER):
        return x
    if isinstance(x, list):
        return [_bind_that_player(v, ctx) for v in x]
    if isinstance(x, Effect):
        return Effect(x.op, _bind_that_player(x.args, ctx))
    if isinstance(x, dict):
        return {k: (lp if k in ("controller", "hand_of") and v == "that_player" else _bind_that_player(v, ctx))
                for k, v in x.items()}
    return x


_INSTEAD = (re.compile(r"^if (.+?), instead (.+)$"), re.compile(r"^(?!if )(.+?) instead if (.+)$"),
            re.compile(r"^if (.+?), (.+) instead$"),
            re.compile(r"^if (.+?), (.+ instead of (?:a|an|one|two|three|four|five|\d+))$"))


#: ops that only allow something later ("you may play an additional land this turn", 305.2a; "you may cast that
#: card for as long as it remains exiled", 601.2a, 611.2a): "you may" is the permission itself, not a choice made as
#: the ability resolves (the player chooses when they play or cast it, or lets the permission end)
PERMISSIONS = frozenset({"extra_land", "playable",
                         "cast_offer"})  # an offer to cast now is a choice of its own: the player may pass


def untap_those(sentence: str, out: list[Effect]) -> bool | None:
    """"Put all land cards from among them onto the battlefield tapped ... [If COND,] untap those lands" (Animist's
    Awakening's spell mastery): the permanents the dig before it put onto the battlefield (608.2c), COND read as it
    resolves. In place in ``out``; None: not this form; False: this form, not understood; True: done."""
    s = sentence.strip().rstrip(".").lower()
    m = re.match(r"^(?:if (.+?), )?untap those (lands|permanents|creatures)$", s)
    if m is None or not out or out[-1].op != "dig" or out[-1].args.get("to") != "battlefield" \
            or not out[-1].args.get("tapped"):
        return None
    kind = {"lands": "Land", "creatures": "Creature"}.get(m.group(2))
    if kind is not None and (out[-1].args.get("filter") or {}).get("types") != [kind]:
        return None
    untap = Effect("untap", {"what": "taken"})
    if m.group(1):
        cond = parse_condition(m.group(1))
        if cond is None:
            return False
        out.append(Effect("if", {"cond": cond, "then": [untap]}))
    else:
        out.append(untap)
    return True


def enters_with_more(sentence: str, out: list[Effect]) -> bool | None:
    """"Put target creature card from a graveyard onto the battlefield under your control. [If COND,] that creature
    enters with two additional +1/+1 counters on it" (Necromantic Summons's spell mastery): the instruction before
    puts it there with them (614.1c), COND read as the spell resolves (608.2c); in place in ``out``. None: not this
    form; False: this form, not understood; True: done."""
    s = sentence.strip().rstrip(".").lower()
    m = re.match(r"^(?:if (.+?), )?(?:that creature|it) enters with (a|an|one|two|three|four|five) additional "
                 r"([+\-]\d+/[+\-]\d+|[a-z]+) counters? on it$", s)
    if m is None or not out or out[-1].op != "move" or out[-1].args.get("to") != "battlefield" \
            or out[-1].args.get("counter") or out[-1].args.get("counters"):
        return None
    more = Effect("move", {**out[-1].args, "counters": {m.group(3): number(m.group(2)) or 1}})
    if m.group(1):
        cond = parse_condition(m.group(1))
        if cond is None:
            return False
        more = Effect("if", {"cond": cond, "then": [more], "else": [out[-1]]})
    out[-1] = more
    return True


def instead(sentence: str, out: list[Effect], ctx: Ctx) -> bool | None:
    """"If COND, instead X." / "X instead if COND." (an ability word's line, e.g. morbid): X
    replaces the instruction before it when COND holds (608.2c), in place in ``out``.
    None: not this form; False: this form, not understood (nothing changed); True: done."""
    s = sentence.strip().rstrip(".").lower()
    m = re.fullmatch(r"you may put that card onto the battlefield instead of putting it into your hand if (.+)", s)
    if m and out and out[-1].op == "search" and out[-1].args.get("to") == "hand" and out[-1].args.get("amount") == 1 \
            and not out[-1].args.get("split"):
        # morbid: "... put it into your hand, then shuffle. You may put that card onto the battlefield instead of
        # putting it into your hand if a creature died this turn" (Caravan Vigil): when COND holds, the card found may
        # go onto the battlefield instead (608.2c, 608.2d; engine/ops/zones.py search "split", optional)
        cond = parse_condition(m.group(1))
        if cond is None:
            return False
        was = out.pop()
        onto = Effect("search", {**was.args, "split": {"amount": 1, "to": "battlefield", "optional": True}})
        out.append(Effect("if", {"cond": cond, "then": [onto], "else": [was]}))
        return True
    m = next((m for m in (rx.match(s) for rx in _INSTEAD) if m), None)
    if m is None or not out:
        return None
    cond_text, alt_text = (m.group(1), m.group(2)) if s.startswith("if ") else (m.group(2), m.group(1))
    # "If COND, instead only you draw a card": the instruction that replaces the one before it (608.2c)
    alt_text = re.sub(r"^only ", "", alt_text)
    if re.search(r"\bthat many\b", alt_text) and out[-1].args.get("amount") == {"x": True}:
        # "Target player mills X cards. If COND, that player mills twice that many cards instead." (Increasing
        # Confusion): the number of the instruction replaced, X (107.3)
        alt_text = re.sub(r"\bthat many\b", "x", alt_text)
    last = ctx.last
    back = re.fullmatch(r"return those cards to your hand( and exile self)?", alt_text)
    moved = [e.args["what"] for e in out if e.op == "move" and isinstance(e.args.get("what"), dict)
             and set(e.args["what"]) == {"target"}]
    rest = [e for e in out if not (e.op == "move" and e.args.get("what") in moved)]
    if back and len(moved) > 1 and all(e.op == "exile" and e.args == {"what": "self"} for e in rest) \
            and bool(rest) == bool(back.group(1)) and (cond := parse_condition(cond_text)) is not None:
        # adamant: "Return target card from your graveyard to your hand. Put up to one other target card from your
        # graveyard on top of your library. Exile SELF. If at least three green mana was spent to cast SELF, instead
        # return those cards to your hand and exile SELF." (Once and Future): "those cards" are every card the
        # paragraph's instructions moved (its targets); the whole paragraph is replaced (608.2c)
        alt_all = [Effect("move", {"what": w, "to": "hand"}) for w in moved] + rest
        prev_all = list(out)
        del out[:]
        out.append(Effect("if", {"cond": cond, "then": alt_all, "else": prev_all}))
        return True
    each = re.fullmatch(r"self deals (\d+) damage to each of (?:those permanents and/or players|those targets|them)",
                        alt_text)
    if each and out[-1].op == "damage" and out[-1].args.get("divided") and isinstance(out[-1].args.get("to"), dict) \
            and set(out[-1].args["to"]) == {"target"} and (cond := parse_condition(cond_text)) is not None:
        # adamant: "SELF deals 7 damage divided as you choose among one, two, or three targets. If at least seven red
        # mana was spent to cast SELF, instead SELF deals 7 damage to each of those permanents and/or players"
        # (Sundering Stroke): the same targets, each dealt the whole amount (608.2c; no division then, 601.2d)
        was = out.pop()
        whole = {k: v for k, v in was.args.items() if k != "divided"}
        out.append(Effect("if", {"cond": cond, "then": [Effect("damage", {**whole, "amount": int(each.group(1))})],
                                 "else": [was]}))
        return True
    if (re.search(r"\bthose\b", alt_text) and isinstance(last, dict) and "target" in last
            and ctx.targets[last["target"]].count == 1):
        return False  # "instead return those cards ...": several objects, more than the one instruction before it
    cond = _its_controller_poisoned(cond_text, ctx) or parse_condition(cond_text)
    if ctx.last == "created" and out[-1].op == "token":
        # the instruction replaced made no token when the other one happens: "that permanent" is the one it copied
        # ("Create a token that's a copy of target permanent. If ..., instead create a token that's a copy of that
        # permanent, except ...": Mythos of Illuna), or nothing the sentence may name
        ctx.last = out[-1].args.get("copy_of") if isinstance(out[-1].args.get("copy_of"), dict) else None
    if cond is not None and "attached" in cond:
        ctx.last = "attached"  # "If equipped creature is a Vampire, put two counters on it instead"
    alt = parse_sentence(alt_text, ctx) if cond is not None else None
    if alt is None and cond is not None:
        alt = _more_damage(alt_text, out[-1]) or _more_tokens(alt_text, out[-1]) or _other_pump(alt_text, out[-1])
    at = -1
    if alt is None and cond is not None:
        # "Search ... Then shuffle. If COND, search ... for three ... instead of two": the search, not the shuffle
        at = -2 if len(out) > 1 and out[-1].op == "shuffle" and out[-2].op == "search" else -1
        alt = _other_count(alt_text, out[at])
    if cond is None or alt is None:
        return False
    if at != -1:  # the search before a shuffle: only it is replaced
        prev1 = out.pop(at)
        out.insert(len(out) + 1 + at, Effect("if", {"cond": cond, "then": list(alt), "else": [prev1]}))
        return True
    # the instruction replaced is the whole one before it: "SELF deals 1 damage to target player and 1
    # damage to target creature ... If COND, SELF deals 3 damage to that player and 3 damage to that
    # creature instead" replaces both parts, the ones the new instruction repeats in order (608.2c)
    n = len(alt) if 1 < len(alt) <= len(out) and [e.op for e in out[-len(alt):]] == [e.op for e in alt] else 1
    prev = out[-n:]
    del out[-n:]
    if len(alt) == 1 == len(prev) and alt[0].op == prev[0].op == "animate" \
            and alt[0].args.get("what") == prev[0].args.get("what") \
            and set(alt[0].args) <= {"what", "power", "toughness", "duration"}:
        # "... becomes an artifact creature with base power and toughness 4/3. If COND, it has base power and
        # toughness 1/1 until end of turn instead" (Behind the Mask): only the numbers are replaced; it still becomes
        # what the instruction before says (608.2c)
        alt = [Effect("animate", {**prev[0].args, **{k: v for k, v in alt[0].args.items() if k != "what"}})]
    if len(alt) == 1 == len(prev) and prev[0].op == "search" and prev[0].args.get("to") == "hand" \
            and prev[0].args.get("amount") == 1 and not prev[0].args.get("split") and alt[0].op == "move" \
            and alt[0].args.get("what") in ("taken", "it") and alt[0].args.get("to") == "battlefield" \
            and set(alt[0].args) <= {"what", "to", "control", "tapped"}:
        # "Search your library for a Vehicle card, reveal it, and put it into your hand. If COND, put that card onto
        # the battlefield instead." (From Father to Son): the same search, the card found put onto the battlefield
        # (701.15a, 608.2c)
        alt = [Effect("search", {**prev[0].args, "to": "battlefield",
                                 **({"tapped": True} if alt[0].args.get("tapped") else {})})]
    if len(alt) == 1 and alt[0].op == "may" and not alt[0].args.get("then") and not alt[0].args.get("else"):
        # "If that creature is attacking, you may put it on top of its owner's library instead": declined, the
        # instruction before it happens after all (608.2d)
        alt = [Effect("may", {**alt[0].args, "else": list(prev)})]
    out.append(Effect("if", {"cond": cond, "then": list(alt), "else": prev}))
    return True


def _its_controller_poisoned(cond_text: str, ctx: Ctx) -> dict[str, Any] | None:
    """Corrupted (an ability word of Phyrexia: All Will Be One, a later set): "Exile that creature instead if its
    controller has three or more poison counters" (Anoint with Affliction), "Counter that spell instead if ..."
    (Bring the Ending): the player controlling the spell's one target as it resolves (121.1c, 608.2b); None when
    the sentence names no single target."""
    m = re.fullmatch(r"(?:its|that creature's|that spell's|that permanent's) controller has (\w+) or more poison "
                     r"counters", cond_text)
    if m is None or number(m.group(1)) is None or ctx.last != {"target": 0} or len(ctx.targets) != 1:
        return None
    zone = ctx.targets[0].filter.get("zone")
    return {"first_target": {**({"zone": zone} if zone else {}), "controller_poison_ge": number(m.group(1))}}


def _more_damage(alt: str, prev: Effect) -> list[Effect] | None:
    """"... SELF deals 3 damage instead": the damage instruction before it, to the same recipients,
    with the new amount (Fiery Impulse's spell mastery; 608.2c)."""
    unpreventable = re.search(r" and the damage can't be prevented$", alt)
    alt = alt[: unpreventable.start()] if unpreventable else alt  # 615.11 (Arrow Storm's raid)
    # "SELF deals 5 damage to that permanent or player" (Arrow Storm): to the same recipient as the one before
    alt = re.sub(r" to that (?:permanent or player|creature or player|player or permanent|creature or planeswalker)$",
                 "", alt)
    m = re.fullmatch(r"(?:self|it) deals (\w+)(?: plus (\d+))? damage( divided as you choose among those "
                     r"(?:permanents and/or players|targets))?", alt)
    n = amount(m.group(1)) if m else None
    if m and m.group(2) and n is not None:  # "SELF deals X plus 2 damage instead" (Crater's Claws, 107.3)
        n = {"plus": [n, int(m.group(2))]}
    if n is None or prev.op != "damage" or bool(m and m.group(3)) != bool(prev.args.get("divided")):
        # "it deals X damage divided as you choose among those permanents and/or players instead" (Avacyn's
        # Judgment): the same targets, the division made as it is cast of the amount that applies (601.2d)
        return None
    return [Effect("damage", {**prev.args, "amount": n, **({"unpreventable": True} if unpreventable else {})})]


def _other_pump(alt: str, prev: Effect) -> list[Effect] | None:
    """"Target creature an opponent controls gets -1/-1 until end of turn. That creature gets -4/-4 instead if ..."
    (Festering Newt): the pump before it, to the same object for the same time, with the new numbers (608.2c)."""
    m = re.fullmatch(r"(?:that creature|it) gets ([+\-]\d+)/([+\-]\d+)", alt)
    if m is None or prev.op != "pump" or not isinstance(prev.args.get("power"), int) \
            or not isinstance(prev.args.get("toughness"), int):
        return None
    return [Effect("pump", {**prev.args, "power": int(m.group(1)), "toughness": int(m.group(2))})]


def _more_tokens(alt: str, prev: Effect) -> list[Effect] | None:
    """"Create a 1/1 white Soldier creature token. Create five of those tokens instead if ..." (Throne of Empires,
    Gather the Townsfolk, Rite of Replication): the token instruction before it, the same tokens, that many of them
    (111.1, 608.2c)."""
    m = re.fullmatch(r"create (two|three|four|five|six|seven|eight|nine|ten|x|\d+) of those tokens", alt)
    n = amount(m.group(1)) if m else None
    if n is None or prev.op != "token" or "amount" in prev.args and not isinstance(prev.args["amount"], int):
        return None
    return [Effect("token", {**prev.args, "amount": n})]


_COUNT_WORD = r"a|an|one|two|three|four|five|six|seven|x|\d+"


def _other_count(alt: str, prev: Effect) -> list[Effect] | None:
    """"... search your library for up to three basic Forest cards instead of two" (Nissa's Pilgrimage's
    spell mastery), "search your library for two basic land cards instead of one" (Reclaim the Wastes):
    the search before it, of the same cards, with the new number (608.2c)."""
    d = re.fullmatch(rf"put (up to )?({_COUNT_WORD}) (.+?) cards? from among (?:the revealed cards|them) into your "
                     rf"hand instead of ({_COUNT_WORD})", alt)
    if d is not None and prev.op == "dig" and prev.args.get("to") == "hand":
        # "You may put a creature card from among them into your hand. ... If COND, put up to two creature cards from
        # among the revealed cards into your hand instead of one" (Gather the Pack's spell mastery)
        new, old = number(d.group(2)), number(d.group(4))
        f = parse_noun(d.group(3) + " card")
        if new is None or old is None or f is None or prev.args.get("take") != old \
                or not (d.group(1) or not prev.args.get("optional")):
            return None
        f.pop("zone", None)
        if f != {k: v for k, v in (prev.args.get("filter") or {}).items() if k != "zone"}:
            return None
        return [Effect("dig", {**prev.args, "take": new, **({"optional": True} if d.group(1) else {})})]
    b = re.fullmatch(rf"(you may )?put ({_COUNT_WORD}) (.+?) cards? onto the battlefield instead of "
                     rf"({_COUNT_WORD})", alt)
    if b is not None and prev.op == "dig" and prev.args.get("to") == "battlefield":
        # ferocious: "You may put a creature card from among them onto the battlefield. ... If COND, you may put two
        # creature cards onto the battlefield instead of one" (See the Unwritten): the same dig, another number
        new, old = number(b.group(2)), number(b.group(4))
        f = parse_noun(b.group(3) + " card")
        if new is None or old is None or f is None or prev.args.get("take") != old \
                or bool(b.group(1)) != bool(prev.args.get("optional")):
            return None
        f.pop("zone", None)
        if f != {k: v for k, v in (prev.args.get("filter") or {}).items() if k != "zone"}:
            return None
        return [Effect("dig", {**prev.args, "take": new})]
    m = re.fullmatch(rf"search your library for (up to )?({_COUNT_WORD}) (.+?) instead of ({_COUNT_WORD})", alt)
    if m is None or prev.op != "search":
        return None
    new, old = number(m.group(2)), number(m.group(4))
    if new is None or old is None or prev.args.get("amount") != old \
            or bool(m.group(1)) != bool(prev.args.get("up_to")) and old != 1:
        return None
    f = parse_noun(m.group(3))
    if f is None:
        return None
    f.pop("zone", None)
    if f != {k: v for k, v in (prev.args.get("filter") or {}).items() if k != "zone"}:
        return None  # another kind of card: not the same search
    args = {**prev.args, "amount": new}
    if m.group(1):
        args["up_to"] = True
    return [Effect("search", args)]


_DIES_EXILE = (r"if (?:that creature|it|a creature dealt damage this way|a permanent dealt damage this way|"
               r"that permanent|that creature or planeswalker|a creature or planeswalker dealt damage this way|"
               r"the creature) would die this turn, exile it instead")
_NO_REGEN = {"a creature dealt damage this way can't be regenerated this turn": "dealt",
             "creatures dealt damage this way can't be regenerated this turn": "dealt",
             "if it's a creature, it can't be regenerated this turn": "creatures",
             "if it's a creature, it can't be regenerated this turn, and if it would die this turn, exile it "
             "instead": "creatures"}


def _damage_rider(s: str) -> dict[str, Any] | None:
    """What a sentence after a damage instruction adds to it: "if it would die this turn, exile it
    instead" (614.1a: exile_if_dies), "a creature dealt damage this way can't be regenerated this
    turn" (701.12b: no_regen "dealt", the creatures dealt damage) or "if it's a creature, it can't be
    regenerated this turn" (no_regen "creatures", each creature it names, dealt damage or not)."""
    if re.fullmatch(_DIES_EXILE, s):
        return {"exile_if_dies": True}
    if s in ("the damage can't be prevented", "this damage can't be prevented"):
        return {"unpreventable": True}  # 615.11: no prevention effect applies to it
    if s == "excess damage is dealt to that creature's controller instead":
        return {"excess_instead_to": "controller"}  # a later rule (2020): damage beyond lethal damage
    kind = _NO_REGEN.get(s)
    if kind is None:
        return None
    return {"no_regen": kind, **({"exile_if_dies": True} if s.endswith("instead") else {})}


def _to_player(to: Any) -> bool:
    """A damage recipient that is a player (a player reference, or a player who controls or owns something)."""
    return isinstance(to, str) and to != "it" and to != "self" or isinstance(to, dict) and (
        "controller_of" in to or "owner_of" in to)


def _life_lost_this_way(effs: list[Effect]) -> list[Effect]:
    """"... loses N life and you gain that much life": the life lost by the effect before it
    (the amount {"lost_this_way": True}), not an amount the trigger event carries."""
    out: list[Effect] = []
    for e in effs:
        if e.op == "may" and e.args.get("then"):
            e = Effect("may", {**e.args, "then": _life_lost_this_way(list(e.args["then"]))})
        if e.op == "gain_life" and e.args.get("amount") == {"that_much": True} and out and out[-1].op == "lose_life":
            e = Effect("gain_life", {**e.args, "amount": {"lost_this_way": True}})
        then = e.args.get("then") if e.op == "if" and not e.args.get("else") else None
        if then and len(then) == 1 and then[0].op == "gain_life" and then[0].args.get("who", "you") == "you" \
                and then[0].args.get("amount") in ({"that_much": True}, {"lost_this_way": True}) and out \
                and out[-1].op == "lose_life":
            # "Target opponent loses half their life, rounded up. If this spell was kicked, you gain life equal to the
            # life lost this way." (Blood Tribute): the life the instruction before took (608.2c) if it holds
            gain = Effect("gain_life", {**then[0].args, "amount": {"lost_this_way": True}})
            e = Effect("if", {**e.args, "then": [gain]})
        out.append(e)
    return out



@reader(r"^(self|it) deals (\w+ damage to .+?), (\w+ damage to .+?),? and (\w+ damage to .+)$")
def _damage_list(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Cone of Flame: "SELF deals 1 damage to any target, 2 damage to another target, and 3 damage
    to a third target": one damage instruction for each part, in order (608.2c)."""
    return _each_part([f"{m.group(1)} deals {p}" for p in m.groups()[1:]], c)


@reader(r"^put (\w+ \S+ counters? on .+?), (\w+ \S+ counters? on .+?),? and (\w+ \S+ counters? on .+)$")
def _counters_list(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Incremental Growth: "Put a +1/+1 counter on target creature, two +1/+1 counters on another
    target creature, and three +1/+1 counters on a third target creature" (121.1)."""
    return _each_part([f"put {p}" for p in m.groups()], c)


@reader(r"^you and ((?:other )?(?:permanents|creatures) you control) gain (hexproof|shroud) "
        r"(until end of turn|until your next turn)$")
def _you_and_yours_gain(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Lazotep Plating: "You and permanents you control gain hexproof until end of turn": the player has it for that
    long (702.11c, a player with hexproof; 611.2a) and so does each of those permanents (702.11b, 611.2c: the
    ones there as it resolves)."""
    dur = {"until end of turn": "this turn"}.get(m.group(3), m.group(3))
    return _each_part([f"{m.group(1)} gain {m.group(2)} {m.group(3)}", f"you have {m.group(2)} {dur}"], c)


@reader(r"^(.+), then (.+) again$")
def _then_again(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Proliferate, then proliferate again" (Roalesk), "it explores, then it explores again" (Jadelight
    Ranger), "target creature you control explores, then it explores again": the same instruction followed
    twice, in order (608.2c), each time on its own (a second explore reveals again), by the same object ("it":
    the one the first names, its target chosen once)."""
    first, again = m.group(1).strip(), re.sub(r"^(?:it|self|they) ", "", m.group(2).strip())
    if first != again and not first.endswith(" " + again):
        return None
    once = parse_sentence(first, c)
    if once is None:
        return None
    return [*once, *(Effect(e.op, dict(e.args)) for e in once)]


def _each_part(parts: list[str], c: Ctx) -> list[Effect] | None:
    out: list[Effect] = []
    for p in parts:
        got = parse_sentence(p, c)
        if got is None:
            return None
        out += got
    return out


#: this module's readers ("X unless ...", "X at the beginning of ...": they read another sentence)

@reader(r"^(until end of turn, )?(self) loses (\"[^\"]+\")( until end of turn)?$")
def _lose_quoted(m: re.Match, c: Ctx) -> list[Effect] | None:
    """613.1f: "{2}: Until end of turn, SELF loses "Prevent all damage that would be dealt to SELF."" (Glittering Lion):
    the ability with that text is removed (layer 6) for the duration, its other abilities kept."""
    if not (m.group(1) or m.group(4)):
        return None  # a lasting loss: not a form printed
    what = c.ref(m.group(2))
    return None if what is None else [Effect("grant", {"what": what, "keywords": [],
                                                       "lose_texts": [m.group(3).strip('"')]})]


@reader(r"^(self|it) deals (\d+|x) damage to (.+?) and (?:an additional )?(\d+|x)(?: additional)? damage to (.+)$")
def _damage_parts(m: re.Match, c: Ctx) -> list[Effect] | None:
    """120.2, 608.2c: "SELF deals 2 damage to each attacking creature and 1 damage to you and each creature you
    control" (Hail Storm), "SELF deals 1 damage to each nonblack creature and an additional 1 damage to each green
    creature" (Kaervek's Hex): one source's damage to several recipients, all dealt at once, an object both parts name
    dealt their sum (engine/ops/damage.py ``also``)."""
    mark = c.mark()
    first = parse_sentence(f"{m.group(1)} deals {m.group(2)} damage to {m.group(3)}", c)
    if first is None or len(first) != 1 or first[0].op != "damage" or set(first[0].args) - {"amount", "to"}:
        c.rewind(mark)
        return None
    rest = parse_sentence(f"{m.group(1)} deals {m.group(4)} damage to {m.group(5)}", c)
    if rest is None or any(e.op != "damage" or set(e.args) - {"amount", "to"} for e in rest):
        c.rewind(mark)
        return None
    return [Effect("damage", {**first[0].args, "also": [dict(e.args) for e in rest]})]


@reader(r"^(each player chooses|choose) (from the lands they control )?a land( they control)? of each basic land "
        r"type(?:, then (sacrifices the rest|.+))?$")
def _land_of_each_basic_type(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Choose a land of each basic land type, then destroy those lands" (Sundering Titan), "Each player chooses a land
    they control of each basic land type. Return those lands to their owners' hands." (Planar Overlay), "Each player
    chooses from the lands they control a land of each basic land type, then sacrifices the rest" (Global Ruin): one
    land of each basic land type chosen as it resolves (608.2d), "those lands" the ones chosen."""
    each = m.group(1) == "each player chooses"
    own = bool(m.group(2) or m.group(3))
    if own != each:
        return None  # "choose a land you control ...": not a form printed
    args: dict[str, Any] = {"who": "each_player" if each else "you", "own": own}
    if m.group(4) == "sacrifices the rest":
        return [Effect("choose_basic_lands", {**args, "rest": "sacrifice"})]
    c.last = "basic_picked"
    if m.group(4) is None:
        return [Effect("choose_basic_lands", args)]
    then = parse_sentence(m.group(4), c)
    return None if then is None else [Effect("choose_basic_lands", args), *then]

READERS: tuple[Reader, ...] = (_pay, _pay_x_life, _may_pay_then, _unless_pay_x, _unless_pay_each, _unless_pay,
                               _unless_pay_either,
                               _ward_action, _land_of_each_basic_type, _damage_parts, _lose_quoted,
                               _unless_do, _unless_has_deal,
                               _either_quality, _either_instruction, _put_or_remove_counter, _either_token,
                               _delayed_if_target_has,
                               _delayed_owner_upkeep, _delayed,
                               _next_draw_instead,
                               _damage_list, _counters_list, _you_and_yours_gain, _then_again)
#: every reader, family by family, in the order they are tried: the one table of sentence forms
_TABLE: tuple[Reader, ...] = (
    *damage.READERS, *pump.READERS, *restrictions.READERS, *tokens.BEFORE_ZONES, *zones.READERS,
    *players.READERS,
    *counters.READERS, *tokens.READERS, *mana.READERS, *library.READERS, *prevention.READERS,
    *stack.READERS, *become.READERS, *READERS, *actions.READERS, *facedown.READERS,
)


def _unless_did(what: str, effs: list[Effect]) -> bool:
    """Is the instruction an "unless" holds the one "If SELF deals damage to you / is destroyed this way" speaks of:
    SELF's damage to its controller alone, or the destruction of SELF alone?"""
    if len(effs) != 1:
        return False
    e = effs[0]
    if what.startswith("deals"):
        return e.op == "damage" and e.args.get("to") == "you" and not e.args.get("source")
    return e.op == "destroy" and e.args.get("what") == "self"


def _if_this_way(action: str, effs: list[Effect]) -> Effect:
    """608.2c: "If you do / If that player does / If the player can't, X": X only if at least one object was
    ``action`` (discarded, sacrificed) this way, or the player could not do all it asked ("couldnt")."""
    return Effect("if", {"cond": {"amount_ge": {"amount": {"count_this_way": {}, "action": action}, "n": 1}},
                         "then": list(effs)})
