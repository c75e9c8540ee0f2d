"""The keyword ways of casting a spell, as one table that casting consults (CR 601.2b,
601.2f-h, 118.9): alternative costs, optional additional costs, objects that pay for
mana, casting from another zone, and what becomes of a spell cast that way.

Each row is one keyword of CR 702 (the 2016 rules; a later keyword names the set that
introduced it). casting.cast reads the row named by an answer's ``alt`` (an alternative
cost), by its ``extras`` (optional additional costs) and by its pay-with keys (convoke,
improvise, delve); decisions.priority_options lists an option for each row a card can
use now; game.move and the resolver ask ``leaves_stack_to`` where such a spell goes.

A row:
- ``kind``: "alternative" (pay ``cost`` rather than the mana cost, 118.9), "additional"
  (pay ``cost`` too, 601.2f; the answer's ``extras`` names it), or "pay_with" (objects
  pay for mana of the total cost, 702.50a, 702.65a: the answer lists them under ``key``);
- ``zone``: where the card is when it is cast this way;
- ``flag``: the mark the spell carries (``Obj.chosen["cast_with"]``), kept by the
  permanent it becomes (its triggered and static abilities read it: evoke, dash);
- ``leaves_to``: the zone it goes to instead of anywhere else when it leaves the stack
  (flashback, 702.33a); ``resolves_to``: where it goes instead of the graveyard as it
  resolves (buyback 702.26a to the hand; rebound 702.87a to exile).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from engine import knowledge, player_statics
from engine.cards.abilities import SECOND_KICKER, Ability, CardDef, Cost, Effect
from engine.errors import IllegalAction
from engine.memo import per_object

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj


#: The triggered abilities the table's keywords create (delayed ones: 603.7).
#: 702.34a: "its owner may cast it by paying [cost] ... If that player doesn't, he or she puts
#: this card into his or her graveyard" (the trigger of a card exiled by madness's replacement)
MADNESS_TRIGGER = Ability("triggered", "Madness", effects=(
    Effect("cast_offer", {"what": "self", "alt": "madness", "else": "graveyard"}),), keyword="Madness")
#: 702.87a: "at the beginning of your next upkeep, you may cast this card from exile without paying its mana cost"
REBOUND_TRIGGER = Ability("triggered", "Rebound", effects=(
    Effect("cast_offer", {"what": "self", "free": True}),), keyword="Rebound")
#: 702.61a: "At the beginning of your upkeep, if this card is suspended, remove a time counter from it"
SUSPEND_TICK = Ability("triggered", "Suspend", effects=(Effect("suspend_tick", {}),), keyword="Suspend")
#: 702.61a: "When the last time counter is removed from this card, if it's exiled, play it without
#: paying its mana cost if able. If you can't, it remains exiled."
SUSPEND_CAST = Ability("triggered", "Suspend", effects=(
    Effect("cast_offer", {"what": "self", "free": True, "must": True, "keyword": "Suspend"}),), keyword="Suspend")
#: 702.93a: "When you reveal this card this way, you may cast it by paying [cost] rather than its mana cost"
MIRACLE_TRIGGER = Ability("triggered", "Miracle", effects=(
    Effect("cast_offer", {"what": "self", "alt": "miracle", "zone": "hand"}),), keyword="Miracle")
#: 702.108a: "return the permanent this spell becomes to its owner's hand at the beginning of the next end step"
DASH_RETURN = Ability("triggered", "Dash", effects=(Effect("bounce", {"what": "self"}),), keyword="Dash")
#: "... exile that card instead of putting it into your graveyard as it resolves. If you do, return it to your hand
#: at the beginning of the next end step." (Feather, the Redeemed): the delayed trigger, its source the exiled card
#: "... the controller of the permanent it becomes sacrifices it at the beginning of the next cleanup step" (a card
#: cast as though it had flash when a sorcery couldn't have been: Armor of Thorns; 514.3a)
CLEANUP_SACRIFICE = Ability("triggered", "Sacrifice it at the beginning of the next cleanup step.",
                            effects=(Effect("sacrifice", {"what": "self"}),))
EXILED_RETURN = Ability("triggered", "Return it to your hand at the beginning of the next end step.",
                        effects=(Effect("bounce", {"what": "self"}),))
#: blitz (a later keyword: Streets of New Capenna, 2022): "If you cast this
#: spell for its blitz cost, it gains haste and 'When this creature dies, draw a card.' Sacrifice it at
#: the beginning of the next end step." (the gains: Row.grants, applied in after_resolve)
BLITZ_SACRIFICE = Ability("triggered", "Blitz", effects=(Effect("sacrifice", {"what": "self"}),), keyword="Blitz")
BLITZ_DRAW = Ability("triggered", "When SELF dies, draw a card.",
                     effects=(Effect("draw", {"who": "you", "amount": 1}),),
                     trigger={"event": "dies", "self": True}, keyword="Blitz")
#: warp (a later keyword: Edge of Eternities, 2025): "exile the permanent this
#: spell becomes at the beginning of the next end step. Its owner may cast this card after the current
#: turn has ended for as long as it remains exiled" (the op: engine/ops/cast.py warp_exile)
WARP_EXILE = Ability("triggered", "Warp", effects=(Effect("warp_exile", {}),), keyword="Warp")


@dataclass(frozen=True)
class Row:
    keyword: str
    rule: str
    kind: str                        # "alternative" | "additional" | "pay_with"
    zone: str = "hand"               # where the card is cast from this way
    key: str = ""                    # pay_with: the answer key listing the objects
    # the spell (and the permanent it becomes) remembers it: "if its madness (spectacle, evoke...) cost was
    # paid" reads it (702.73a); every keyword way of casting a permanent card sets it
    flag: bool = False
    leaves_to: str | None = None     # any move off the stack goes there instead (702.33a)
    resolves_to: str | None = None   # as it resolves, it goes there instead of the graveyard
    when: Callable[["Game", str, "Obj"], bool] | None = None  # a condition for using it
    done: bool = True                # False: the rest of its rules are not carried out yet
    offer_only: bool = False         # used only when a resolving ability offers it (madness, 702.34a)
    cast_from: tuple[str, ...] = ()  # a "static" row: applies to a spell cast from these zones
    extra: Cost | None = None        # "zone" rows: an additional cost of casting it that way (retrace)
    # a delayed trigger created as the spell resolves into that zone: (zone, step, whose, ability)
    delayed: tuple[str, str, str | None, Ability] | None = None
    # what the permanent it becomes gains as it resolves (613.1f): keywords, and abilities
    grants: tuple[tuple[str, ...], tuple[Ability, ...]] | None = None
    # when it may be cast this way, instead of its card's timing (116.1a, 307.1): sneak's declare blockers step
    timing: Callable[["Game", str, "Obj"], bool] | None = None


def _surge(g: "Game", player: str, o: "Obj") -> bool:
    """702.116a: you (or a teammate) cast another spell this turn."""
    return g.players[player].spells_cast_turn > 0


def _prowl(g: "Game", player: str, o: "Obj") -> bool:
    """702.75a: a player was dealt combat damage this turn by a source that, at the time it dealt that
    damage, was under your control and had any of this spell's creature types (Player.combat_types_turn)."""
    seen = g.players[player].combat_types_turn
    return bool(seen) and any(t in seen for t in g.chars(o.id).subtypes)


def _freerunning(g: "Game", player: str, o: "Obj") -> bool:
    """Freerunning (a later keyword: Assassin's Creed, 2024): "if you dealt combat damage to a player this turn with
    an Assassin or commander" (as prowl's, 702.75a: Player.combat_types_turn; a commander marks it "#commander")."""
    seen = g.players[player].combat_types_turn
    return "Assassin" in seen or "#commander" in seen


def _mayhem(g: "Game", player: str, o: "Obj") -> bool:
    """Mayhem (a later keyword: Marvel's Spider-Man, 2025): "You may cast this card from your graveyard for [cost]
    if you discarded it this turn" (engine/actions.py discard marks the card it put into the graveyard)."""
    return o.zone == "graveyard" and o.owner == player and o.chosen.get("discarded_turn") == g.turn


def _spectacle(g: "Game", player: str, o: "Obj") -> bool:
    """Spectacle (Ravnica Allegiance, later than the 2016 rules): an opponent lost life this turn."""
    return any(g.players[p].life_lost_turn > 0 for p in g.opponents(player))


def sneak_time(g: "Game", player: str, o: "Obj") -> bool:
    """Sneak (a later keyword: Teenage Mutant Ninja Turtles, 2026): "any time you have priority during the
    declare blockers step" (whatever the card's type; split second still forbids it, 702.60a)."""
    return g.step == "declare_blockers" and g.priority == player and not any(
        "Split second" in g.objects[i].card.keywords for i in g.stack if g.objects[i].ability is None)


#: Web-slinging (a later keyword: Marvel's Spider-Man, 2025): "You may cast this spell for [cost] if you also return a
#: tapped creature you control to its owner's hand" (an alternative cost, 118.9, with a part of returning a creature)
WEB_RETURN = Cost(return_to_hand={"types": ["Creature"], "tapped": True})
#: Sneak: "... and returning an unblocked attacking creature you control to its owner's hand"
SNEAK_RETURN = Cost(return_to_hand={"types": ["Creature"], "attacking": True, "unblocked": True})


def foretold(g: "Game", player: str, o: "Obj") -> bool:
    """Foretell (a later keyword: Kaldheim, 2021): "Cast it on a later turn for its foretell cost": a card
    its owner foretold (exiled face down by the foretell special action, engine/casting.py foretell) on an
    earlier turn than this one."""
    t = o.chosen.get("foretold")
    return isinstance(t, int) and t < g.turn


ROWS: dict[str, Row] = {r.keyword: r for r in (
    Row("Flashback", "702.33a", "alternative", zone="graveyard", leaves_to="exile"),
    Row("Madness", "702.34a", "alternative", zone="exile", flag=True, offer_only=True),
    # cast from the hand as its reveal trigger resolves (702.93a; miracle_drawn)
    Row("Miracle", "702.93a", "alternative", zone="hand", flag=True, offer_only=True),
    # cast from the graveyard for its mana cost, discarding a land card as an additional cost
    Row("Retrace", "702.80a", "zone", zone="graveyard", extra=Cost(discard=1, discard_filter={"types": ["Land"]})),
    # a spell cast from its owner's hand: exiled as it resolves, cast again at the next upkeep
    Row("Rebound", "702.87a", "static", resolves_to="exile", cast_from=("hand",),
        delayed=("exile", "upkeep", "you", REBOUND_TRIGGER)),
    Row("Evoke", "702.73a", "alternative", flag=True),
    Row("Dash", "702.108a", "alternative", flag=True, delayed=("battlefield", "end", None, DASH_RETURN)),
    Row("Surge", "702.116a", "alternative", flag=True, when=_surge),
    Row("Blitz", "later: Streets of New Capenna", "alternative", flag=True,
        delayed=("battlefield", "end", None, BLITZ_SACRIFICE), grants=(("Haste",), (BLITZ_DRAW,))),
    # cast from the hand for its warp cost; exiled at the next end step, castable from exile after this turn
    Row("Warp", "later: Edge of Eternities", "alternative", flag=True,
        delayed=("battlefield", "end", None, WARP_EXILE)),
    # "if its prowl cost was paid" reads the flag (702.75a)
    Row("Prowl", "702.75a", "alternative", flag=True, when=_prowl),
    Row("Spectacle", "later: Ravnica Allegiance", "alternative", flag=True, when=_spectacle),
    Row("Freerunning", "later: Assassin's Creed", "alternative", flag=True, when=_freerunning),
    # from the graveyard, the turn it was discarded; its timing as usual, and it goes where a spell goes
    Row("Mayhem", "later: Marvel's Spider-Man", "alternative", zone="graveyard", flag=True, when=_mayhem),
    # Emerge (a later keyword: Eldritch Moon, 2016): "You may cast this spell by paying [cost] and sacrificing a
    # creature rather than paying its mana cost", its total cost "reduced by an amount of generic mana equal to
    # the sacrificed creature's mana value" (the creature: the answer's "emerge", engine/casting.py)
    Row("Emerge", "later: Eldritch Moon", "alternative", flag=True),
    # Harmonize (a later keyword: Tarkir: Dragonstorm, 2025): cast from the graveyard for its harmonize cost,
    # "you may tap an untapped creature you control to reduce that cost by {X}, where X is its power" (the
    # answer's "harmonize", engine/casting.py); exiled whenever it would leave the stack
    Row("Harmonize", "later: Tarkir: Dragonstorm", "alternative", zone="graveyard", leaves_to="exile"),
    # Sneak (a later keyword: Teenage Mutant Ninja Turtles, 2026): "you may cast this spell by paying [cost] and
    # returning an unblocked attacking creature you control to its owner's hand rather than paying its mana
    # cost", during the declare blockers step; a permanent spell cast so "enters tapped and attacking" what the
    # returned creature attacked (engine/effects.py)
    Row("Sneak", "later: Teenage Mutant Ninja Turtles", "alternative", flag=True, extra=SNEAK_RETURN,
        timing=sneak_time),
    Row("Web-slinging", "later: Marvel's Spider-Man", "alternative", flag=True, extra=WEB_RETURN),
    # Impending N—[cost] (a later keyword: Duskmourn): "you may choose to pay [cost] rather than pay this spell's mana
    # cost"; its other rules read the flag (compiler/keywords.impending)
    Row("Impending", "later: Duskmourn", "alternative", flag=True),
    # from exile, face down there since an earlier turn (the foretell special action)
    Row("Foretell", "later: Kaldheim", "alternative", zone="exile", flag=True, when=foretold),
    # Disturb (a later keyword: Innistrad: Midnight Hunt, 2021): "You may cast this card transformed from your
    # graveyard by paying [cost] rather than its mana cost": the spell is its back face (engine/casting.py),
    # and the permanent it becomes enters transformed (engine/game.py move)
    Row("Disturb", "later: Innistrad: Midnight Hunt", "alternative", zone="graveyard", flag=True),
    # Aftermath (a later keyword: Amonkhet, 2017): "You may cast this half of this split card from your graveyard",
    # its cost the half's mana cost (compiler: keyword_args), the spell that half alone (engine/casting.py,
    # transform.aftermath_half); "If this spell was cast from a graveyard, exile it instead of putting it anywhere
    # else any time it would leave the stack"
    Row("Aftermath", "later: Amonkhet", "alternative", zone="graveyard", leaves_to="exile"),
    # Escape (a later keyword: Theros Beyond Death, 2020): "You may cast this card from your graveyard by paying
    # [cost] rather than paying its mana cost" (its mana and "exile N other cards from your graveyard"); the spell
    # and the permanent it becomes "escaped" ("SELF escapes with ...", "unless it escaped": the flag); an instant
    # or sorcery goes back to the graveyard as any spell does, and may escape again
    Row("Escape", "later: Theros Beyond Death", "alternative", zone="graveyard", flag=True),
    # from the graveyard, discarding a card too; exiled whenever it would leave the stack (Guilds of Ravnica)
    Row("Jump-start", "later: Guilds of Ravnica", "zone", zone="graveyard", extra=Cost(discard=1), leaves_to="exile"),
    Row("Buyback", "702.26a", "additional", flag=True, resolves_to="hand"),
    # paid any number of times: the answer's "multikicker" says how many (702.32c; replicate_extras); "for each
    # time it was kicked" counts them (the amount times_paid), and it was kicked if paid at least once (702.32d)
    Row("Multikicker", "702.32c", "additional", flag=True),
    # "Kicker [cost 1] and/or [cost 2]" (702.32b): the second kicker, paid or not on its own (the answer's "extras");
    # the first is any kicker's ("kicked"). Each one paid is remembered ("Kicker", "Second kicker" in cast_with) for
    # the abilities linked to it, "if it was kicked with its [B] kicker" (702.32f)
    Row(SECOND_KICKER, "702.32b", "additional", flag=True),
    Row("Entwine", "702.41a", "additional", flag=True),
    # an optional additional cost; if paid, a 1/1 token copy as it enters (Bloomburrow, later than the
    # 2016 rules; the trigger: compiler/keywords.KEYWORD_ABILITIES "Offspring")
    Row("Offspring", "later: Bloomburrow", "additional", flag=True),
    # gift (a later keyword, Bloomburrow): "as an additional cost to cast this spell, you may choose an opponent"
    # (the gift is promised: engine/casting.py keeps the player in chosen["gift_to"]); what the player gets, and
    # "if the gift was promised": the compiler (engine/cards/compiler/__init__.py gift_effects)
    Row("Gift", "later: Bloomburrow", "additional", flag=True),
    # tapping two creatures that share a color with the spell; its cast trigger copies it (702.77a)
    Row("Conspire", "702.77a", "additional", flag=True),
    # Casualty N (a later keyword: Streets of New Capenna, 2022): "As you cast this spell, you may sacrifice a
    # creature with power N or greater. When you do, copy this spell" (an optional additional cost; the copy:
    # its cast trigger, compiler/keywords.KEYWORD_ABILITIES, as conspire's)
    Row("Casualty", "later: Streets of New Capenna", "additional", flag=True),
    # Bargain (a later keyword: Wilds of Eldraine, 2023): "As an additional cost to cast this spell, you may
    # sacrifice an artifact, enchantment, or token"; the spell and the permanent it becomes were "bargained" if paid
    Row("Bargain", "later: Wilds of Eldraine", "additional", flag=True),
    # paid any number of times: the answer's "replicate" says how many (702.55a; replicate_extras)
    Row("Replicate", "702.55a", "additional", flag=True),
    # likewise any number of times, the answer's "squad" (Warhammer 40,000 Commander, later than the
    # 2016 rules); its trigger makes that many token copies (compiler/keywords.KEYWORD_ABILITIES)
    Row("Squad", "later: Warhammer 40,000", "additional", flag=True),
    # cast only as its last time counter is removed (702.61a); a creature spell cast so has haste
    Row("Suspend", "702.61a", "offered", zone="exile", flag=True),
    Row("Convoke", "702.50a", "pay_with", key="convoke"),
    Row("Improvise", "later: Aether Revolt", "pay_with", key="improvise"),
    Row("Delve", "702.65a", "pay_with", key="delve"),
    # waterbend (a later keyword action, Avatar: The Last Airbender, 2025) as a spell's additional cost ("As an
    # additional cost to cast this spell, waterbend {5}"): "While paying a waterbend cost, you can tap your artifacts
    # and creatures to help. Each one pays for {1}": of that cost's generic mana only (waterbend_cap)
    Row("Waterbend", "later: Avatar: The Last Airbender", "pay_with", key="waterbend"),
)}

#: the answer keys of the pay-with rows (casting answers, the bots' copies of an option)
PAY_KEYS: tuple[str, ...] = tuple(r.key for r in ROWS.values() if r.kind == "pay_with")
#: the keys of a priority option that its answer carries over as they are: what is done, to
#: which card or ability, the alternative cost, the face or half cast (708, 711), and the
#: objects that pay (convoke, improvise, delve)
ANSWER_KEYS: tuple[str, ...] = ("action", "card", "ability", "alt", "face", "door", "emerge", "harmonize",
                                "cost_choice", "prepared", "waterbend") + PAY_KEYS
#: the alternative costs named in a cast answer's ``alt`` (lower case, as the answer spells them)
ALTS: dict[str, Row] = {r.keyword.lower(): r for r in ROWS.values() if r.kind in ("alternative", "zone")}


def implemented(keyword: str, card: CardDef) -> bool:
    """Does this table carry out the keyword as the card has it (a mana cost for costed ones)?"""
    row = ROWS.get(keyword)
    if row is None or not row.done:
        return False
    if row.kind in ("pay_with", "static"):
        return True
    if row.kind == "zone":  # its mana cost, paid from another zone (117.6: there must be one)
        return bool(card.mana_cost)
    if keyword == "Conspire":  # 702.77a: a cost of tapping creatures, no mana
        return isinstance(card.keyword_args.get(keyword), Cost)
    if keyword == "Disturb" and not (card.layout == "transform" and card.faces):
        return False  # cast transformed: a double-faced card with a back face to be (711.1); an Aura back face
        # targets what it enchants as it is cast (303.4a; engine/transform.py cast_transformed)
    if keyword == "Gift":  # gift (a later keyword): a cost of no mana, choosing an opponent (casting.cast)
        return card.keyword_args.get(keyword) == Cost()
    if keyword == "Bargain":  # its cost is the same for every card (BARGAIN_COST)
        return True
    if keyword == "Casualty":  # "Casualty N": a number (casualty_cost)
        n = card.keyword_args.get(keyword)
        return isinstance(n, int) and not isinstance(n, bool) and n >= 0
    if keyword in ("Suspend", "Impending"):  # "Suspend N—[cost]", "Impending N—[cost]": a number of time counters
        arg = card.keyword_args.get(keyword)  # and a mana cost
        if not isinstance(arg, dict):
            return False
        c = arg.get("cost")
        if keyword == "Suspend" and arg.get("amount") == "X" and arg.get("x_min") == 1:
            # "Suspend X—{X}{3}{U}. X can't be 0.": X time counters, X chosen as the cost is paid (107.3)
            return isinstance(c, Cost) and c == Cost(mana=c.mana) and "X" in c.mana
        if not isinstance(arg.get("amount"), int) or arg["amount"] < 1:
            return False
    else:
        c = card.keyword_args.get(keyword)
        if keyword in OTHER_PARTS:  # a cost of mana, life or chosen objects (601.2f-h: Buyback—Sacrifice a land)
            return isinstance(c, Cost) and keyword_cost_ok(c)
    return isinstance(c, Cost) and bool(c.mana) and c == Cost(mana=c.mana)


#: the keywords of this table whose cost may be other than mana: each is paid with the spell's other
#: costs (casting.cast: its life and its chosen objects, 601.2g-h, 117.3); kicker's (702.32a), which
#: casting reads itself, is checked the same way (keyword_cost_ok, engine/support.py)
OTHER_PARTS = frozenset({"Flashback", "Buyback", "Evoke", "Entwine", "Escape"})
#: the parts of a keyword's cost casting pays beside mana: life (118.4) and objects chosen while
#: paying (601.2h: sacrifice, discard, exile from the graveyard, tap others, return to the hand, a card revealed
#: from the hand: "Morph—Reveal a white card in your hand", 701.13a)
_PAID_PARTS = ("mana", "life", "sacrifice", "discard", "discard_filter", "exile_from_graveyard", "exile_from_hand",
               "tap_others", "return_to_hand", "reveal_hand")


def keyword_cost_ok(c: Cost) -> bool:
    """Can casting pay this keyword cost (601.2f-h)? Mana, a fixed amount of life and objects chosen while
    paying (a fixed number of them), and nothing else; and it is a cost at all (117.6)."""
    if c.is_free or c.life < 0 or c.discard < 0:
        return False
    bare = Cost(**{k: getattr(c, k) for k in _PAID_PARTS})
    if bare != c:
        return False  # {T}, "Exile this card", counters: not part of casting a spell
    return all(isinstance(f.get("amount", 1), int) and f.get("amount", 1) >= 1
               for f in (c.sacrifice, c.exile_from_graveyard, c.exile_from_hand, c.tap_others, c.return_to_hand) if f)


def optional_cost_ok(c: Cost) -> bool:
    """Can casting pay this optional additional cost ("As an additional cost to cast SELF, you may ...": 601.2b,
    601.2f)? What keyword_cost_ok allows, or blight (a later keyword action) with only mana beside it."""
    base = dataclasses.replace(c, blight=0)
    return keyword_cost_ok(base) or c.blight > 0 and base == Cost(mana=base.mana)


#: "As an additional cost to cast SELF, you may [cost]" (601.2b, 601.2f): an optional additional cost that is no
#: keyword's; the answer's "extras" names it "additional cost", and "if its additional cost was paid" reads the flag
OPTIONAL_COST = Row("Additional cost", "601.2b", "additional", flag=True)
ROWS[OPTIONAL_COST.keyword] = OPTIONAL_COST


def other_parts(c: Cost | None) -> bool:
    """Has this cost more than mana (life, objects to choose: 601.2h)?"""
    return c is not None and c != Cost(mana=c.mana)


def escalate_cost(card: CardDef) -> Cost | None:
    """Escalate (a later keyword: Eldritch Moon, July 2016): "Pay this cost for each mode chosen beyond the
    first" — a cost casting pays (mana, life, cards to discard, "Escalate—Discard a card" of Collective
    Brutality; creatures to tap or sacrifice, a fixed number of them), None for none or another kind."""
    c = card.keyword_args.get("Escalate") if card.keywords and "Escalate" in card.keywords else None
    if not isinstance(c, Cost) or not keyword_cost_ok(c) or c.exile_from_graveyard or c.return_to_hand:
        return None
    return c


def times(c: Cost, n: int) -> Cost:
    """A cost paid ``n`` times (escalate: once for each mode beyond the first), as one cost (601.2f:
    additional costs add up): its mana, life, discards and the objects to tap or sacrifice, n times."""
    def more(f: dict[str, Any] | None) -> dict[str, Any] | None:
        return None if f is None else {**f, "amount": int(f.get("amount", 1)) * n}
    return dataclasses.replace(c, mana=tuple(c.mana) * n, life=c.life * n, discard=c.discard * n,
                               sacrifice=more(c.sacrifice), tap_others=more(c.tap_others))


#: Foretell (a later keyword: Kaldheim, 2021): "Any time you have priority during your turn, you may pay {2}
#: and exile this card from your hand face down."
FORETELL_ACTION_COST: tuple[str, ...] = ("2",)


def can_foretell(card: CardDef) -> bool:
    """Has the card a foretell cost this engine casts it for (engine/casting.py foretell)?"""
    return "Foretell" in card.keywords and implemented("Foretell", card)


def plot_cost(card: CardDef) -> tuple[str, ...] | None:
    """The mana of a card's plot cost (the plot special action: engine/casting.py plot), or None
    (a plot cost other than mana is not carried out)."""
    c = card.keyword_args.get("Plot") if "Plot" in card.keywords else None
    return tuple(c.mana) if isinstance(c, Cost) and c.mana and c == Cost(mana=c.mana) else None


def cost_of(card: CardDef, keyword: str) -> Cost | None:
    """The cost a keyword of the card names (flashback's, evoke's, ...: 601.2f), or None."""
    c = card.keyword_args.get(keyword) if keyword in card.keywords else None
    if isinstance(c, dict):
        c = c.get("cost")
    return c if isinstance(c, Cost) else None


@per_object
def alternatives(card: CardDef) -> tuple[tuple[str, Row, Cost], ...]:
    """(alt name, row, cost) of each keyword alternative cost the card has (118.9)."""
    out: list[tuple[str, Row, Cost]] = []
    for k in card.keywords:
        row = ROWS.get(k)
        if row is not None and row.kind in ("alternative", "zone") and implemented(k, card):
            c = cost_of(card, k) if row.kind == "alternative" else Cost(mana=card.mana_cost)  # (impending's argument:
            if c is not None:  # {"amount", "cost"})
                out.append((k.lower(), row, c))
    return tuple(out)


#: the rule effect (engine/ops/continuous.py restrict) by which a card in a graveyard gains flashback whose
#: cost is its mana cost ("gains flashback until end of turn. The flashback cost is equal to its mana cost")
GRANTED_FLASHBACK = "flashback_mana_cost"


def granted_flashback(g: "Game") -> frozenset[int]:
    """The objects an effect gave flashback for their mana cost (the rule effect GRANTED_FLASHBACK names)."""
    if not g.effects:
        return frozenset()
    return frozenset(i for e in g.effects if e["layer"] == "rule" and e.get("rule") == GRANTED_FLASHBACK
                     for i in e["objects"])


def object_alternatives(g: "Game", o: "Obj",
                        granted: frozenset[int] | None = None) -> tuple[tuple[str, Row, Cost], ...]:
    """The keyword alternative costs of the object ``o``: its card's (alternatives) and flashback an effect
    gave it (702.33a: its flashback cost is its mana cost, as the effect says; a card with no mana cost has
    none to pay, 117.6). The effect names the object, so a card that left the graveyard and came
    back is a new object without it (400.7). A card with flashback of its own keeps its own cost.
    ``granted``: granted_flashback(g), when the caller has it already."""
    own = alternatives(o.card)
    if o.zone == "graveyard" and player_statics.active(g):  # "... cards in your graveyard have retrace" (702.80a)
        own = own + tuple((k.lower(), ROWS[k], Cost(mana=o.card.mana_cost)) for k in player_statics.graveyard_keywords(
            g, o) if k in ROWS and ROWS[k].kind == "zone" and all(name != k.lower() for name, _, _ in own))
    escape = player_statics.granted_escape(g, o) if o.zone == "graveyard" and o.card.mana_cost else None
    if escape is not None and all(name != "escape" for name, _, _ in own):  # (Underworld Breach): its mana cost
        # plus "exile N other cards from your graveyard" (the card itself is on the stack as they are exiled, 601.2a)
        own = own + (("escape", ROWS["Escape"], Cost(mana=o.card.mana_cost, exile_from_graveyard={"amount": escape})),)
    if o.id not in (granted_flashback(g) if granted is None else granted) or not o.card.mana_cost \
            or any(name == "flashback" for name, _, _ in own):
        return own
    return own + (("flashback", ROWS["Flashback"], Cost(mana=o.card.mana_cost)),)


def casualty_cost(n: int) -> Cost:
    """Casualty N (a later keyword: Streets of New Capenna): "sacrifice a creature with power N or greater"."""
    return Cost(sacrifice={"types": ["Creature"], "power_ge": n})


#: Bargain (a later keyword: Wilds of Eldraine): "sacrifice an artifact, enchantment, or token"
BARGAIN_COST = Cost(sacrifice={"or": [{"types": ["Artifact"]}, {"types": ["Enchantment"]}, {"token": True}]})


@per_object
def additional(card: CardDef) -> tuple[tuple[str, Row, Cost], ...]:
    """(name, row, cost) of each optional additional cost the card has (601.2b, 601.2f)."""
    out = [("additional cost", OPTIONAL_COST, ab.static["cost"]) for ab in card.abilities
           if ab.kind == "static" and ab.static and ab.static.get("kind") == "optional_cost"
           and isinstance(ab.static.get("cost"), Cost) and optional_cost_ok(ab.static["cost"])]
    for k in card.keywords:
        row = ROWS.get(k)
        if row is not None and row.kind == "additional" and implemented(k, card):
            if k == "Bargain":
                out.append((k.lower(), row, BARGAIN_COST))
                continue
            arg = card.keyword_args[k]
            out.append((k.lower(), row, casualty_cost(arg) if k == "Casualty" else arg))
    second = card.keyword_args.get(SECOND_KICKER) if "Kicker" in card.keywords else None
    if isinstance(second, Cost):  # 702.32b: the second kicker of "Kicker [A] and/or [B]"
        out.append((SECOND_KICKER.lower(), ROWS[SECOND_KICKER], second))
    return tuple(out)


@per_object
def pay_with(card: CardDef) -> tuple[Row, ...]:
    """The pay-with rows of a card (convoke 702.50a, delve 702.65a, improvise)."""
    return tuple(ROWS[k] for k in card.keywords if k in ROWS and ROWS[k].kind == "pay_with")


def pay_with_spell(g: "Game", player: str, o: "Obj") -> tuple[Row, ...]:
    """The pay-with rows of the spell ``o`` ``player`` casts: its card's, and those a static gives it ("Artifact
    spells you cast have convoke", Chief Engineer: engine/player_statics.py spell_keywords)."""
    own = _own_pay_with(o.card)
    granted = player_statics.spell_keywords(g, o, player)
    if not granted:
        return own
    return own + tuple(ROWS[k] for k in sorted(granted) if k in ROWS and ROWS[k].kind == "pay_with"
                       and ROWS[k] not in own)


@per_object
def _own_pay_with(card: CardDef) -> tuple[Row, ...]:
    """The pay-with rows of a card's own text (``pay_with``), and waterbend's when its printed additional cost is a
    waterbend cost. Fixed for the card, so found once."""
    own = pay_with(card)
    if waterbend_cap(card) is not None:
        own = own + (ROWS["Waterbend"],)
    return own


def waterbend_cap(card: CardDef, x: int = 0) -> int | None:
    """The generic mana of a spell's printed additional waterbend cost ("As an additional cost to cast this spell,
    waterbend {5}": 5; "waterbend {X}": the X announced), which tapped artifacts and creatures may pay (waterbend, a
    later keyword action); None when its additional cost is no waterbend cost."""
    for ab in card.abilities:  # its printed additional cost (engine/costs.py additional_cost reads the same static)
        if ab.kind == "static" and ab.static and ab.static.get("kind") == "additional_cost":
            extra = ab.static.get("cost")
            if not isinstance(extra, Cost) or not extra.waterbend or ab.static.get("choices"):
                return None
            return sum(int(s) for s in extra.mana if s.isdigit()) + x * sum(1 for s in extra.mana if s == "X")
    return None


def usable(g: "Game", player: str, o: "Obj", alt: str, offered: bool = False) -> tuple[Row, Cost]:
    """The row and cost of alternative ``alt`` for casting ``o`` from where it is, or IllegalAction
    (``offered``: a resolving ability offers this way of casting, 702.34a)."""
    row = ALTS.get(alt)
    got = next((c for name, r, c in object_alternatives(g, o) if name == alt), None) if row is not None else None
    if row is None or got is None:
        raise IllegalAction(f"{o.card.name} has no {alt} cost")
    if row.offer_only and not offered:
        raise IllegalAction(f"{o.card.name} is cast for its {alt} cost only as its {alt} ability resolves")
    if o.zone != row.zone or o.owner != player:
        raise IllegalAction(f"{o.card.name} is cast for its {alt} cost from your {row.zone}, not the {o.zone}")
    if row.when is not None and not row.when(g, player, o):
        raise IllegalAction(f"{o.card.name}: its {alt} cost cannot be paid now ({row.rule})")
    return row, got


def replicate_extras(o: "Obj", times: Any, name: str = "replicate") -> list[tuple[Row, Cost]]:
    """702.55a: the replicate cost paid ``times`` times (an answer's "replicate"), or IllegalAction;
    likewise squad's (``name``: a later keyword, paid any number of times as well)."""
    if not times:
        return []
    if not isinstance(times, int) or isinstance(times, bool) or times < 0:
        raise IllegalAction(f"{name}: how many times the {name} cost is paid (a whole number)")
    got = next(((row, c) for n, row, c in additional(o.card) if n == name), None)
    if got is None:
        raise IllegalAction(f"{o.card.name} has no {name} cost")
    return [got] * times


def extras_of(o: "Obj", names: Any) -> list[tuple[Row, Cost]]:
    """The optional additional costs an answer chooses to pay (601.2b), or IllegalAction."""
    if not names:
        return []
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise IllegalAction("extras: a list of the optional additional costs paid (buyback, entwine)")
    have = {name: (row, c) for name, row, c in additional(o.card)}
    out = []
    for n in names:
        if n.lower() not in have:
            raise IllegalAction(f"{o.card.name} has no {n} cost")
        out.append(have[n.lower()])
    return out


# ------------------------------------------------------------------ objects that pay for mana (702.50a, 702.65a)
def helpers(g: "Game", player: str, row: Row, spell: int | None = None) -> list[int]:
    """The objects ``player`` may use for a pay-with row now (702.50a, 702.65a)."""
    if row.key == "delve":  # 702.65a: cards in your graveyard
        return [i for i in g.players[player].graveyard if i != spell]
    want = {"Creature"} if row.key == "convoke" else {"Artifact", "Creature"} if row.key == "waterbend" \
        else {"Artifact"}
    return [i for i in g.battlefield if not g.objects[i].tapped and g.chars(i).controller == player
            and want & set(g.chars(i).types)]


def _can_pay(g: "Game", row: Row, oid: int, symbol: str) -> bool:
    """Can this object pay one mana of ``symbol`` (a generic unit is "1")?"""
    if symbol == "1":
        return True
    if row.key != "convoke":
        return False  # improvise and delve pay generic mana only
    colors = g.chars(oid).colors
    return any(c in colors for c in symbol.replace("/P", "").split("/") if c in "WUBRG")


def reduce(g: "Game", row: Row, picks: list[int], symbols: tuple[str, ...], cap: int | None = None
           ) -> tuple[str, ...]:
    """The total cost left once ``picks`` each pay one mana of it (702.50a, 702.65a): colored
    symbols are matched to creatures of their color first (a matching), generic mana after.
    IllegalAction when an object has nothing it can pay. ``cap``: at most that much generic mana (waterbend: its
    cost's only, waterbend_cap)."""
    if cap is not None and len(picks) > cap:
        raise IllegalAction(f"{row.keyword.lower()}: {len(picks)} objects pay more than the {cap} generic mana of "
                            f"its cost ({row.rule})")
    generic = sum(int(s) for s in symbols if s.isdigit())
    colored = [s for s in symbols if not s.isdigit() and s not in ("X", "C")]
    match: dict[int, int] = {}  # colored slot -> pick

    def augment(p: int, seen: set[int]) -> bool:
        for k, s in enumerate(colored):
            if k in seen or not _can_pay(g, row, p, s):
                continue
            seen.add(k)
            if k not in match or augment(match[k], seen):
                match[k] = p
                return True
        return False

    placed = {p for p in picks if augment(p, set())} if row.key == "convoke" else set()
    rest = [p for p in picks if p not in placed]
    if len(rest) > generic:
        raise IllegalAction(f"{row.keyword.lower()}: {len(picks)} objects pay more mana than the cost has ({row.rule})")
    left = [s for k, s in enumerate(colored) if k not in match]
    g_left = generic - len(rest)
    others = [s for s in symbols if s in ("C",)]
    return tuple(left + others + ([str(g_left)] if g_left else []))


def check_picks(g: "Game", player: str, row: Row, picks: Any, spell: int) -> list[int]:
    """The objects an answer names to pay with, each one the row allows (702.50a, 702.65a)."""
    if not isinstance(picks, list) or not all(isinstance(p, int) and not isinstance(p, bool) for p in picks):
        raise IllegalAction(f"{row.key}: a list of object ids")
    ok = set(helpers(g, player, row, spell))
    bad = [p for p in picks if p not in ok]
    if bad or len(set(picks)) != len(picks):
        what = "cards in your graveyard" if row.key == "delve" else "untapped creatures you control" \
            if row.key == "convoke" else "untapped artifacts and creatures you control" if row.key == "waterbend" \
            else "untapped artifacts you control"
        raise IllegalAction(f"{row.key}: choose among {what} ({row.rule})")
    return picks


def pay_helpers(g: "Game", player: str, row: Row, picks: list[int]) -> list[int]:
    """Tap the creatures or artifacts, or exile the cards (601.2h: paid with the rest of the cost); returns the cards
    delve exiled, by their new objects (400.7)."""
    out = []
    for p in picks:
        name = g.objects[p].card.name
        if row.key == "delve":
            out.append(g.move(p, "exile"))
        else:
            g.objects[p].tapped = True
        g.log("cost", player=player, part=row.key, card=name)
    g.changed()
    return out


def suggest(g: "Game", player: str, o: "Obj", total: tuple[str, ...],
            afford: Callable[[tuple[str, ...], set[int]], bool]) -> dict[str, list[int]] | None:
    """The fewest helpers that make ``total`` payable with the rest of the player's mana, by
    row ({} when mana alone pays; None when nothing does): what a bot answers with."""
    if afford(total, set()):
        return {}
    for row in pay_with_spell(g, player, o):
        cands = helpers(g, player, row, o.id)
        # the helpers that pay a colored symbol first, then the others (a creature that also
        # makes mana last, so it stays free to tap for mana)
        cands.sort(key=lambda p: (not any(_can_pay(g, row, p, s) for s in total if not s.isdigit()),
                                  _makes_mana(g, p)))
        for n in range(1, len(cands) + 1):
            picks = cands[:n]
            try:
                rest = reduce(g, row, picks, total, waterbend_cap(o.card) if row.key == "waterbend" else None)
            except IllegalAction:
                break
            if afford(rest, set(picks)):
                return {row.key: picks}
    return None


def _makes_mana(g: "Game", oid: int) -> bool:
    return any(ab.kind == "mana" for ab in g.chars(oid).abilities)


# ------------------------------------------------------------------ emerge (a later keyword: Eldritch Moon)
def emerge_creatures(g: "Game", player: str) -> list[int]:
    """The creatures ``player`` may sacrifice for an emerge cost: any creature they control."""
    return [i for i in g.battlefield if g.chars(i).controller == player and "Creature" in g.chars(i).types]


def harmonize_creatures(g: "Game", player: str) -> list[int]:
    """The creatures ``player`` may tap for harmonize: untapped creatures they control."""
    return [i for i in emerge_creatures(g, player) if not g.objects[i].tapped]


def reduce_generic(cost: tuple[str, ...], n: int) -> tuple[str, ...]:
    """A total cost with its generic mana reduced by ``n`` (never below zero: 601.2f); colored mana stays."""
    generic = sum(int(s) for s in cost if s.isdigit())
    rest = [s for s in cost if not s.isdigit()]
    left = max(0, generic - n)
    return tuple(rest + ([str(left)] if left else []))


# ------------------------------------------------------------------ offering (702.47)
def offering_reduce(cost: tuple[str, ...], by: tuple[str, ...]) -> tuple[str, ...]:
    """702.47c: generic mana of the sacrificed permanent's mana cost reduces generic mana; its colored mana
    reduces mana of the same color, and the rest of it (another color, or more than the cost has) reduces
    generic mana."""
    left = list(cost)
    extra = 0
    for s in by:
        if s.isdigit():
            extra += int(s)
        elif s in left and not s.isdigit():
            left.remove(s)
        elif s not in ("X",):
            extra += 1
    generic = sum(int(s) for s in left if s.isdigit())
    rest = [s for s in left if not s.isdigit()]
    generic = max(0, generic - extra)
    return tuple(rest + ([str(generic)] if generic else []))


# ------------------------------------------------------------------ what becomes of such a spell
def mark(g: "Game", s: "Obj", keywords: list[str]) -> None:
    """Remember on the spell ``s`` (still with the zone it was cast from in
    ``s.chosen["cast_from"]``) the keyword ways it was cast, and the static rows that apply
    to it (rebound: cast from the hand), for leaves_stack_to and the permanent's abilities
    ("if its evoke cost was paid", 702.73a)."""
    flags = [k for k in keywords if k == "Kicker" or k in ROWS and (ROWS[k].flag or ROWS[k].leaves_to
                                                                    or ROWS[k].resolves_to)]
    for k in s.card.keywords:
        row = ROWS.get(k)
        if row is not None and row.kind == "static" and implemented(k, s.card) and k not in flags:
            if s.chosen.get("cast_from") in row.cast_from:
                flags.append(k)
    if flags:
        s.chosen["cast_with"] = flags
    if "Warp" in flags and s.controller in g.players:  # "if a spell was warped this turn" (void, a later term)
        g.players[s.controller].warped_turn = g.turn


def cast_with(o: "Obj | None", keyword: str) -> bool:
    """Was the spell or permanent cast with this keyword's cost (evoke, dash, buyback: 702.73a)?"""
    return o is not None and keyword in o.chosen.get("cast_with", ())


def leaves_stack_to(o: "Obj", to: str, resolving: bool) -> str:
    """Where a spell cast in a keyword way goes when it would go to ``to`` from the stack:
    exiled instead of anywhere else after flashback (702.33a); to its owner's hand after
    buyback, or exiled after rebound, as it resolves into the graveyard (702.26a, 702.87a); exiled as it resolves
    when an effect said so ("exile that card instead of putting it into your graveyard as it resolves", 614.1a)."""
    if resolving and to == "graveyard" and o.chosen.get("resolves_exiled"):
        return "exile"
    for k in o.chosen.get("cast_with", ()):
        row = ROWS.get(k)
        if row is None:
            continue
        if row.leaves_to and to != row.leaves_to:
            return row.leaves_to
        if resolving and row.resolves_to and to == "graveyard":
            return row.resolves_to
    return to


def carried(o: "Obj") -> dict[str, Any]:
    """What the permanent a spell becomes keeps of how it was cast (702.73a, 702.108a)."""
    kept = [k for k in o.chosen.get("cast_with", ()) if k == "Kicker" or ROWS.get(k) is not None and ROWS[k].flag]
    out: dict[str, Any] = {"cast_with": kept} if kept else {}
    if o.chosen.get("cast_from") and not is_spell_copy(o):  # "if you cast it": a cast spell resolved into it
        out["cast_zone"] = o.chosen["cast_from"]
    if o.chosen.get("cast_record") and not is_spell_copy(o):  # its own cast (601.2i): not "another" spell
        out["cast_record"] = list(o.chosen["cast_record"])
    if o.chosen.get("gift_to"):  # gift (a later keyword): the chosen opponent, for "when it enters, ..."
        out["gift_to"] = o.chosen["gift_to"]
    if o.chosen.get("colors_spent"):  # 702.43a: sunburst reads them as the permanent enters from the stack
        out["colors_spent"] = list(o.chosen["colors_spent"])
    for k in ("revealed_as_cast", "controlled_as_cast", "cast_in_main", "cleanup_sacrifice", "evidence_collected",
              "beheld"):
        # "if you revealed a Dragon card ... as you cast SELF"; "When this Aura enters, if you cast it during your main
        # phase" (Sentinel's Mark, 505.1); cast when a sorcery couldn't have been (Armor of Thorns)
        if o.chosen.get(k):
            out[k] = True
    if o.chosen.get("mana_spent"):  # "if at least three white mana was spent to cast SELF" read as it enters
        out["mana_spent"] = dict(o.chosen["mana_spent"])
    if o.chosen.get("treasure_spent"):  # "When SELF enters, if mana from a Treasure was spent to cast it"
        out["treasure_spent"] = int(o.chosen["treasure_spent"])
    if "Emerge" in o.chosen.get("cast_with", ()) and o.chosen.get("sacrificed"):
        # emerge (a later keyword, Eldritch Moon): "When this creature enters, ... If its emerge cost was
        # paid, ... where X is the sacrificed creature's toughness" (Adipose Offspring): the creature sacrificed to
        # cast it, as it last existed (608.2h)
        out["sacrificed"] = [dict(rec) for rec in o.chosen["sacrificed"]]
    if o.chosen.get("convoked"):  # "put a +1/+1 counter on each creature that convoked it" (702.50a)
        out["convoked"] = list(o.chosen["convoked"])
    if o.chosen.get("delved"):  # delve (702.65a): "for each instant and sorcery card exiled with it" (Murktide
        out["exiled"] = list(o.chosen["delved"])  # Regent, a later card): the cards its delve exiled
    if o.chosen.get("beheld_exiled"):  # "behold an Elf and exile it. ... When this creature leaves the battlefield,
        out["exiled"] = out.get("exiled", []) + list(o.chosen["beheld_exiled"])  # return the exiled card" (607.2a)
    if o.chosen.get("phyrexian_life"):  # compleated: the Phyrexian symbols paid with life (a later keyword)
        out["phyrexian_life"] = int(o.chosen["phyrexian_life"])
    return out


def after_resolve(g: "Game", s: "Obj", new: int) -> None:
    """The delayed triggers a spell cast in a keyword way creates as it resolves into ``new``
    (603.7: rebound's cast at its owner's next upkeep, 702.87a; dash's return at the next end
    step, 702.108a). ``s`` is the spell as it was on the stack."""
    o = g.objects.get(new)
    if s.chosen.get("cleanup_sacrifice") and o is not None and o.zone == "battlefield":
        g.delayed.append({"step": "cleanup", "controller": o.controller, "ability": CLEANUP_SACRIFICE, "source": new,
                          "card": o.card, "info": {}})  # 603.7: the next cleanup step (514.3a)
    if s.chosen.get("resolves_exiled") == "hand_at_end" and o is not None and o.zone == "exile":
        # "If you do, return it to your hand at the beginning of the next end step" (603.7: a delayed trigger)
        g.delayed.append({"step": "end", "controller": s.controller, "ability": EXILED_RETURN, "source": new,
                          "card": o.card, "info": {}})
    for k in s.chosen.get("cast_with", ()):
        row = ROWS.get(k)
        if row is None or row.delayed is None or o is None or o.zone != row.delayed[0]:
            continue
        zone, step, whose, ab = row.delayed
        rec: dict[str, Any] = {"step": step, "controller": o.owner if zone != "battlefield" else o.controller,
                               "ability": ab, "source": new, "card": o.card, "info": {}}
        if whose:
            rec["whose"] = whose
        g.delayed.append(rec)
        if row.grants is not None and zone == "battlefield":  # "it gains haste and ..." (blitz), for as long
            kws, abl = row.grants                              # as it is this object (611.2c, 400.7)
            g.ts += 1
            g.effects.append({"layer": "6", "ts": g.ts, "objects": [new], "until": "never", "controller": o.controller,
                              "keywords": list(kws), "abilities": list(abl)})
            g.changed()


def madness_discard(g: "Game", cid: int) -> int | None:
    """702.34a: a card with madness discarded from a hand is exiled instead of put into the
    graveyard, and its madness ability triggers. Returns its new id, or None when madness
    does not apply (no madness cost this engine pays)."""
    o = g.objects[cid]
    if o.zone != "hand" or "Madness" not in o.card.keywords or not implemented("Madness", o.card):
        return None
    new = g.move(cid, "exile")
    g.triggered.append({"controller": o.owner, "ability": MADNESS_TRIGGER, "source": new,
                        "card": g.objects[new].card, "info": {}})
    return new


# ------------------------------------------------------------------ miracle (702.93)
def miracle_drawn(g: "Game", player: str, cid: int) -> None:
    """702.93a: ``player`` drew ``cid`` as the first card they drew this turn: if it has a miracle
    cost this engine pays, they may reveal it as they draw it (asked before play goes on)."""
    o = g.objects.get(cid)
    if o is None or "Miracle" not in o.card.keywords or not implemented("Miracle", o.card):
        return
    g.queue.append({"kind": "choose_option", "player": player, "options": ["reveal", "keep"], "card": cid,
                    "answer_to": "miracle", "prompt": f"{o.card.name}: reveal it for its miracle cost (702.93a)?"})


def answer_miracle(g: "Game", d: Any, a: dict[str, Any]) -> None:
    """702.93a-b: revealed, the card stays revealed while its triggered ability waits and
    resolves (Game.shown), and "when you reveal this card this way" triggers; kept, nothing."""
    opt = a.get("option")
    if isinstance(opt, int) and not isinstance(opt, bool) and 1 <= opt <= len(d.options):
        opt = d.options[opt - 1]
    if opt not in ("reveal", "keep"):
        raise IllegalAction("choose reveal or keep")
    cid = d.data["card"]
    o = g.objects.get(cid)
    if opt == "keep" or o is None or o.zone != "hand":
        return
    knowledge.show(g, [cid])  # 702.93b: revealed to every player
    g.log("reveal", player=d.player, cards=[o.card.name], objs=[cid])
    g.triggered.append({"controller": d.player, "ability": MIRACLE_TRIGGER, "source": cid, "card": o.card, "info": {}})
    g.changed()


# ------------------------------------------------------------------ suspend (702.61a)
def suspend_of(card: CardDef) -> tuple[int | str, Cost] | None:
    """702.61a: (time counters, cost) of a card's suspend this engine carries out, else None; "X" time counters for
    "Suspend X—{X}{3}{U}. X can't be 0." (the X of its cost, chosen as it is paid: 107.3)."""
    if "Suspend" not in card.keywords or not implemented("Suspend", card):
        return None
    arg = card.keyword_args["Suspend"]
    return arg["amount"], arg["cost"]


def suspend_upkeep(g: "Game") -> None:
    """702.61a: "At the beginning of your upkeep, if this card is suspended, remove a time counter
    from it": a triggered ability that works in exile (112.6), for each suspended card the
    active player owns (a card's controller outside the battlefield and the stack is its owner)."""
    for oid in g.players[g.active].exile:
        if suspended(g, oid):
            o = g.objects[oid]
            g.triggered.append({"controller": o.owner, "ability": SUSPEND_TICK, "source": oid, "card": o.card,
                                "info": {}})


def suspended(g: "Game", oid: int | None) -> bool:
    """702.61b: in exile, with suspend, with a time counter on it."""
    o = g.objects.get(oid) if oid is not None else None
    return o is not None and o.zone == "exile" and "Suspend" in o.card.keywords and o.counters.get("time", 0) > 0


def last_counter_removed(g: "Game", oid: int) -> None:
    """702.61a: the last time counter was removed: its cast trigger."""
    o = g.objects[oid]
    g.triggered.append({"controller": o.owner, "ability": SUSPEND_CAST, "source": oid, "card": o.card, "info": {}})


# ------------------------------------------------------------------ copies of a spell (706.10, storm 702.39a)
def storm_record(g: "Game", s: "Obj") -> dict[str, Any]:
    """What storm's copies copy (706.10: the choices made for the spell) and how many there are
    (702.39a: the spells cast before it this turn), taken as the spell becomes cast."""
    return {"count": g.spells_cast_turn - 1, "controller": s.controller, "targets": [list(t) for t in s.targets],
            "x": s.x, "modes": list(s.modes), "kicked": s.kicked, "divide": dict(s.divide),
            "cast_with": list(s.chosen.get("cast_with", ()))}


def is_spell_copy(o: "Obj") -> bool:
    """A copy of a spell (706.10), not a card: it ceases to exist when it leaves the stack."""
    return bool(o.chosen.get("spell_copy"))


def conspire_record(g: "Game", s: "Obj") -> dict[str, Any]:
    """702.77a: what conspire's copy copies (706.10): one copy, if its conspire cost was paid."""
    return dict(storm_record(g, s), count=1 if "Conspire" in s.chosen.get("cast_with", ()) else 0)


def casualty_record(g: "Game", s: "Obj") -> dict[str, Any]:
    """Casualty (a later keyword: Streets of New Capenna): what its copy copies (706.10): one copy, if a
    casualty cost was paid for the spell."""
    return dict(storm_record(g, s), count=1 if "Casualty" in s.chosen.get("cast_with", ()) else 0)


def replicate_record(g: "Game", s: "Obj") -> dict[str, Any]:
    """702.55a: what replicate's copies copy (706.10) and how many: one per replicate payment."""
    return dict(storm_record(g, s), count=list(s.chosen.get("cast_with", ())).count("Replicate"))


def storm_problems(card: CardDef) -> list[str]:
    """702.39a, 702.55a, 702.68a: what of storm (or replicate, gravestorm) this engine cannot do for the card: new
    targets for a spell with more than one target (or a variable number of targets). A copy of a permanent spell
    becomes a token as it resolves (a later rule of the Core Set 2021 rules; engine/game.py move), and an Aura
    spell's copy may be given a new object to enchant (its one target, 303.4a, 706.10c: engine/ops/cast.py storm)."""
    if not {"Storm", "Replicate", "Gravestorm", "Conspire", "Casualty"} & set(card.keywords) and \
            not any(e.op == "storm" and e.get("record") == "copies" for a in card.abilities for e in a.effects):
        return []  # ("when you cast SELF, copy it for each ...": the same copies, engine/ops/cast.py storm)
    if set(card.types) - {"Instant", "Sorcery"}:
        return []  # a permanent spell has no spell ability: an Aura's one target is its enchant target (303.4a)
    ab = next((a for a in card.abilities if a.kind == "spell"), None)
    if ab is not None and (ab.choose or len(ab.targets) > 1 or any(t.count != 1 or t.min != 1 for t in ab.targets)):
        return ["storm copies of a spell with several targets"]
    return []
