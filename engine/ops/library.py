"""Ops that look at and move the cards of a library: dig, reveal_until, exile_top; piles (two piles
of revealed cards or of permanents, one chosen by a player).

dig ('look at' or 'reveal', 701.13a, the top N): the controller looks at (or reveals) the top
``amount`` cards of their library, puts up to ``take`` of those matching ``filter`` into
``to`` (exactly min(take, matching) unless ``optional``; all matching ones, without a
choice, when ``take`` covers every card looked at), and the rest into ``rest``:
library_bottom (random order; "in any order" on the card: the player orders them),
graveyard, library_top (left where they are) or library_top_order (put back on top in
an order the player chooses, 401.4).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import facedown, knowledge
from engine.actions import destroy, plan_destroy, plan_to_graveyard, sacrifice
from engine.cards.abilities import Effect
from engine.filters import matches
from engine.ops import nested
from engine.ops.base import table
from engine.ops.cast import offer
from engine.ops.zones import link_exiled
from engine.state import create_object
from engine.values import amount, bind_amounts, controller, gone_record, refs, source_id, this

if TYPE_CHECKING:
    from engine.game import Game

OPS, op = table()


def _text(g: "Game", r: dict) -> str:
    s = this(g, r)
    return (s.ability.text if s.ability is not None else s.card.text) or ""


def _lib_filter(f: dict[str, Any] | None) -> dict[str, Any]:
    f = dict(f or {})
    f["zone"] = "library"
    f.pop("controller", None)
    f.pop("owner", None)
    return f


def put(g: "Game", p: str, cards: list[int], to: str, tapped: bool = False,
        counters: dict[str, int] | None = None) -> list[int]:
    """Move cards (of p's library) to a destination of the contract; returns the new ids. ``counters``: onto the
    battlefield "with three +1/+1 counters on it" (614.1c)."""
    out = []
    for c in cards:
        if c not in g.objects:
            continue
        if to == "battlefield":
            out.append(g.move(c, "battlefield", tapped=tapped, controller=p, counters=dict(counters or {}) or None))
        elif to == "library_top":
            out.append(g.move(c, "library", top=True))
        elif to == "library_bottom":
            out.append(g.move(c, "library", top=False))
        elif to in ("hand", "graveyard", "exile"):
            out.append(g.move(c, to))
        elif to == "exile_face_down":  # "look at the top three cards of that player's library, exile one of them
            # face down" (Thief of Sanity): no player may look at it but the one who exiled it (406.3)
            new = facedown.exile_face_down(g, c, seen=False)
            g.objects[new].chosen["looked_by"] = [p]
            out.append(new)
        else:
            raise ValueError(f"dig destination {to!r}")
    return out


def _rest(g: "Game", r: dict, p: str, rest: list[int], where: str, key: str,
          counters: dict[str, int] | None = None) -> dict | None:
    """Put the cards not taken where the effect says (401.4 any order / random order); ``counters``: exiled "with a
    silver counter on it" (121.1: a counter on a card in exile)."""
    rest = [c for c in rest if c in g.objects and g.objects[c].zone == "library"]
    if not rest or where == "library_top":
        return None
    if where == "exile":  # "exile all other cards revealed this way, and you lose 1 life for each of the exiled
        # cards" (Spoils of the Vault): the cards exiled this way, counted after (608.2c); "exile the other"
        new = put(g, p, rest, "exile")
        for n, k in ((n, k) for n in new for k in (counters or {})):  # (Karn, Scion of Urza)
            g.objects[n].counters[k] = g.objects[n].counters.get(k, 0) + (counters or {})[k]
        if counters:
            g.changed()
        r.setdefault("exiled_this_way", []).extend(gone_record(g, n, "exiled") for n in new)
        r["exiled"] = new  # "You may play the exiled card this turn" (Expressive Iteration): these cards (400.7)
        return None
    if where == "library_top_order":  # 401.4: "put them back (on top) in any order": the player orders them
        if len(rest) > 1:
            got = nested.answer(r, key)
            if got is None:
                return nested.ask_cards(r, key, p, rest, len(rest), len(rest),
                                        "order the cards going back on top of your library (first = top)")
            for c in reversed([c for c in got if c in g.objects]):
                g.move(c, "library", top=True)
        return None
    if where == "library_bottom":
        if len(rest) > 1 and "any order" in _text(g, r):
            got = nested.answer(r, key)
            if got is None:
                return nested.ask_cards(r, key, p, rest, len(rest), len(rest),
                                        "order the cards going to the bottom of your library (first = highest)")
            rest = list(got)
        else:
            g.rng.shuffle(rest)
        put(g, p, rest, "library_bottom")
    else:
        put(g, p, rest, where)
    return None


def _most_kinds(groups: list[list[int]]) -> int:
    """How many cards can be chosen with at most one for each kind (a largest matching of cards to groups)."""
    owner: dict[int, int] = {}  # group index -> the card it stands for

    def place(card: int, seen: set[int]) -> bool:
        for k, grp in enumerate(groups):
            if card in grp and k not in seen:
                seen.add(k)
                if k not in owner or place(owner[k], seen):
                    owner[k] = card
                    return True
        return False

    return sum(1 for card in dict.fromkeys(c for grp in groups for c in grp) if place(card, set()))


def _revealer(g: "Game", r: dict, e: Effect) -> str | None:
    """The player who looks at or reveals cards of their own library and puts them (701.13a): the one ``who`` names
    ("its controller reveals cards ...", Polymorph; "defending player reveals ..."), else the effect's controller;
    None when ``who`` names no player now."""
    if e.get("who") is None:
        return controller(g, r)
    who = [x for x in refs(g, r, e.args["who"]) if isinstance(x, str) and x in g.players]
    return who[0] if who else None


@op("dig")
def _dig(g: "Game", r: dict, e: Effect) -> dict | None:
    p = _revealer(g, r, e)  # "defending player reveals the top card of their library ..."
    if p is None:
        return None
    owner = p
    if e.get("of") is not None:  # "look at the top three cards of target player's library": you look and choose
        ps = [q for q in refs(g, r, e.args["of"]) if isinstance(q, str) and q in g.players]
        if not ps:
            return None
        owner = ps[0]
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    lib = g.players[owner].library
    state = r.setdefault("dig", {})
    key = str(r["i"])
    if key not in state:  # the cards looked at, fixed before any question (they stay on top meanwhile)
        state[key] = list(lib[:n])
    top = [c for c in state[key] if c in g.objects]
    if not top:
        return None
    if nested.answer(r, "revealed") is None:
        names = [g.objects[c].card.name for c in top]
        if e.get("reveal"):  # 701.13a: shown to every player
            knowledge.show(g, top)
            g.log("reveal", player=p, cards=names, objs=list(top))
        else:  # "look at": the controller alone
            knowledge.show(g, top, [p])
            g.log("look", player=p, cards=names, objs=list(top), audience=[p])
        r["answers"][nested.slot(r, "revealed")] = True
    # "look at the top X cards of your library, where X is its power. You may put a permanent card with mana value X
    # or less ..." (Emergent Woodwurm): a comparison that reads the resolution ("its": the trigger's creature) counted
    # now (608.2c), as the amount of cards was
    f = bind_amounts(g, r, _lib_filter(e.get("filter")))
    # "Choose a nonland card name, then reveal the top four cards ... Put all cards with the chosen name ..." (Tamiyo,
    # Collector of Tales): the name the resolving ability chose (608.2c), kept on it, not on its source
    src = this(g, r).id if "chosen_name" in f and "card_name" in this(g, r).chosen else source_id(g, r)
    cands = [c for c in top if matches(g, c, f, src, p)]
    take = e.get("take", 1)
    take = len(top) if take in ("all", None) else amount(g, take, source_id(g, r), r)
    if nested.answer(r, "take") is None:
        r["taken"] = []  # none yet ("that card" of the next instruction names nothing when none is taken)
        if not cands or take <= 0:  # "look at the top four cards ..., then put them back in any order"
            picks: list[int] = []
        elif take >= len(top) and not e.get("optional") and not e.get("each_kind"):
            picks = cands  # "put all ... revealed this way into your hand"
        else:
            lo = 0 if e.get("optional") else min(take, len(cands))
            hi = min(take, len(cands))
            groups = [[c for c in cands if matches(g, c, dict(sub, zone="library"), source_id(g, r), p)]
                      for sub in f.get("or", ())] if f.get("one_of_each") else None
            if groups is not None and e.get("each_kind"):  # "for each color pair, choose a card ...": one of each
                lo = hi = _most_kinds(groups)  # kind that has one, as many as there can be (608.2c)
            chooser = p  # "An opponent chooses one of them. Put that card into your hand" (Karn, Scion of Urza)
            if e.get("chooser") is not None:
                chooser = next((q for q in refs(g, r, e.args["chooser"]) if isinstance(q, str) and q in g.players), p)
                lo = hi  # that player chooses: as many as it says
            w = nested.ask_cards(r, "take", chooser, cands, lo, hi,
                                 f"choose {hi} card(s) to put into {'their' if chooser != p else 'your'} "
                                 f"{e.get('to', 'hand')}")
            if groups is not None:  # the cards matching each alternative, checked when answered
                w["one_of_each"] = groups
                w["prompt"] += " (at most one of each kind named)"
            return w
        r["answers"][nested.slot(r, "take")] = picks
    picks = [c for c in nested.answer(r, "take") if c in g.objects and g.objects[c].zone == "library"]
    if picks and e.get("to") == "cast":  # "You may cast a spell from among them without paying its mana cost" (608.2g,
        # 117.9): the card chosen is offered to be cast from the library now; one not cast stays with the rest
        got = offer(g, r, picks[0], nested.slot(r, "cast"), Effect("cast_offer", {"free": True, "zone": "library",
                                                                                   "by_you": True}))
        if isinstance(got, dict):
            return got
        picks = []
    if picks and e.get("reveal_taken"):  # "you may reveal that card and put it into your hand" (701.13a)
        knowledge.show(g, picks)
        g.log("reveal", player=p, cards=[g.objects[c].card.name for c in picks], objs=list(picks))
    if picks:
        # "that card" of the next instruction (engine.values.refs "taken"): the new objects (400.7)
        r["taken"] = put(g, p, picks, e.get("to", "hand"), bool(e.get("tapped")), e.get("counters"))
        if e.get("to", "hand") == "hand":  # "If you didn't put a card into your hand this way, draw a card"
            r.setdefault("put_hand", []).extend(r["taken"])
        r["answers"][nested.slot(r, "take")] = []
    rest = [c for c in top if c not in picks and c in g.objects and g.objects[c].zone == "library"]
    if rest and e.get("rest_optional"):  # "If you don't put it into your hand, you may put it into your graveyard"
        yes = nested.answer(r, "rest_may")
        if yes is None:
            return nested.ask_yes_no(r, "rest_may", p, f"{this(g, r).card.name}: put the card into "
                                     f"{e.get('rest', 'library_bottom').replace('_', ' ')}?")
        if yes != "yes":
            return None
    return _rest(g, r, p, rest, e.get("rest", "library_bottom"), "order", e.get("rest_counters"))


@op("reveal_until")
def _reveal_until(g: "Game", r: dict, e: Effect) -> dict | None:
    """Reveal cards from the top until one matches; it goes to `to`, the others to `rest`. ``who``: the player
    who reveals from their own library and puts the card (Polymorph's "its controller", 701.13a)."""
    p = _revealer(g, r, e)
    if p is None:
        return None
    state = r.setdefault("dig", {})
    key = str(r["i"])
    if key not in state:
        f = _lib_filter(e.get("filter"))
        shown: list[int] = []
        hits: list[int] = []
        want = int(e.get("count", 1))  # "until they reveal four land cards" (Mirko Vosk): that many found
        for c in list(g.players[p].library):
            shown.append(c)
            if matches(g, c, f, source_id(g, r), p):
                hits.append(c)
                if len(hits) >= want:
                    break
        knowledge.show(g, shown)  # 701.13a
        g.log("reveal", player=p, cards=[g.objects[c].card.name for c in shown], objs=list(shown))
        if e.get("stay"):  # "... until you reveal a land card. SELF deals damage equal to the number of nonland cards
            # revealed this way ... Put the revealed cards on the bottom": they stay until the instruction that moves
            # them (revealed_to); "the revealed land card" is the one found (608.2c)
            r["revealed_top"] = list(hits)
            r["revealed_cards"] = list(shown)
            state[key] = []
            return None
        if hits:
            put(g, p, hits, e.get("to", "hand"), bool(e.get("tapped")))
        state[key] = [c for c in shown if c not in hits]
    return _rest(g, r, p, state[key], e.get("rest", "library_bottom"), "order")


@op("revealed_to")
def _revealed_to(g: "Game", r: dict, e: Effect) -> dict | None:
    """"Put the revealed cards on the bottom of your library in any order" after a reveal that left them where they
    were (reveal_until ``stay``): every card revealed, the one found too, ordered by their owner (401.4).
    ``except_found``: "the rest" / "all other cards revealed this way", the cards found left where they are; ``who``:
    the player who revealed them from their own library puts them ("the rest on the bottom of their library in any
    order": that player orders them, 401.4)."""
    p = _revealer(g, r, e)
    if p is None:
        return None
    found = set(r.get("revealed_top", ())) if e.get("except_found") else set()
    cards = [c for c in r.get("revealed_cards", ()) if c not in found]
    return _rest(g, r, p, cards, e.get("to", "library_bottom"), "order")


@op("exile_until")
def _exile_until(g: "Game", r: dict, e: Effect) -> None:
    """"Target opponent exiles cards from the top of their library until they exile a nonland card" (406.3): one at
    a time from the top of that player's own library, until a card matching the filter (or none is left); all are
    "exiled" (linked to the source, 607.2a), the one found is "taken" ("that card")."""
    who = [x for x in refs(g, r, e.get("who", "you")) if isinstance(x, str) and x in g.players]
    if not who:
        return
    p = who[0]
    f = _lib_filter(e.get("filter"))
    out: list[int] = []
    r["taken"] = []
    again = True
    while again:  # "then put that card into your hand ... repeat this process" (to_hand, repeat_if): once more
        again = False  # while each card put into the hand matches (608.2c)
        while g.players[p].library:
            top = g.players[p].library[0]
            hit = matches(g, top, f, source_id(g, r), p)
            new = g.move(top, "exile")
            out.append(new)
            if hit:
                r["taken"] = [new]
                break
        if e.get("to_hand") and r["taken"] and r["taken"][0] in g.objects:
            card = g.move(r["taken"][0], "hand")
            out = [x for x in out if x != r["taken"][0]]
            r["taken"] = [card]
            r.setdefault("put_hand", []).append(card)  # "each card put into your hand this way"
            again = bool(e.get("repeat_if")) and matches(g, card, {**e.args["repeat_if"], "zone": "hand"},
                                                         source_id(g, r), p)
    r["exiled"] = out
    link_exiled(g, r, out)


#: the filter keys a wish reads of a card outside the game (its printed characteristics: 400.10)
WISH_KEYS = frozenset({"types", "subtypes", "colors", "multicolored", "or"})


def _wish_card(cd: Any, f: dict[str, Any]) -> bool:
    """Does the card definition ``cd`` (a card outside the game) match the wish's filter (WISH_KEYS)?"""
    if "or" in f and not any(_wish_card(cd, a) for a in f["or"]):
        return False
    if "types" in f and not set(f["types"]) & set(cd.types):
        return False
    if "subtypes" in f and not set(f["subtypes"]) & set(cd.subtypes):
        return False
    if "colors" in f and not set(f["colors"]) & set(cd.colors):
        return False
    return not f.get("multicolored") or len(set(cd.colors)) > 1


@op("wish")
def _wish(g: "Game", r: dict, e: Effect) -> None | dict:
    """400.10, 701.13a: "You may reveal a sorcery card you own from outside the game and put it into your hand"
    (Burning Wish; the cards a player owns outside the game are their sideboard, Player.sideboard): the player
    chooses one of those cards matching the filter, or none; it is revealed and put into their hand. ``exile``: "...
    or choose a face-up artifact card you own in exile" (Karn, the Great Creator): one of those too."""
    p = controller(g, r)
    pl = g.players[p]
    f = dict(e.get("filter") or {})
    outside = sorted({n for n in pl.sideboard if _wish_card(g.cards.definition(n), f)})
    exiled = [i for i in pl.exile if g.objects[i].owner == p and not facedown.is_face_down(g.objects[i])
              and _wish_card(g.objects[i].card, f)] if e.get("exile") else []
    opts = [f"{n} (outside the game)" for n in outside] + [f"{g.objects[i].card.name} (exile #{k + 1})"
                                                           for k, i in enumerate(exiled)]
    if not (e.get("must") and opts):  # "you may ...": none is a choice; without "may", only when there is no card
        opts.append("none")
    got = nested.answer(r, "wish")
    if got is None:
        if opts == ["none"]:
            return None
        if len(opts) > 1:
            return {"kind": "choose_option", "player": p, "options": opts, "slot": nested.slot(r, "wish"),
                    "prompt": f"{this(g, r).card.name}: a card to put into your hand"}
        got = opts[0]  # the one card it must be
    if got not in opts or got == "none":
        return None
    k = opts.index(got)
    if k < len(outside):
        name = outside[k]
        pl.sideboard.remove(name)
        o = create_object(g, g.cards.definition(name), p, "hand")
        pl.hand.append(o.id)
        if e.get("reveal", True):
            g.log("reveal", player=p, cards=[name], objs=[o.id])  # 701.13a: shown to every player
            g.log("wish", player=p, card=name)
        else:  # "put a card you own from outside the game into your hand" (Death Wish): seen by that player only
            g.log("wish", player=p, card=name, hidden=True, audience=[p])
        r["taken"] = [o.id]
    else:
        r["taken"] = [g.move(exiled[k - len(outside)], "hand")]
    g.changed()
    return None


@op("hideaway")
def _hideaway(g: "Game", r: dict, e: Effect) -> dict | None:
    """702.74a: "look at the top four cards of your library. Exile one of them face down and put the rest
    on the bottom of your library in any order" (N cards; the exiled card is linked to the permanent,
    607.2a, for "the exiled card", and only who exiled it may look at it: engine/facedown.py)."""
    p = controller(g, r)
    st = r.setdefault("hideaway", {})
    key = f"{r['i']}.hideaway"
    if key not in st:
        top = list(g.players[p].library[:int(e.args["amount"])])
        if not top:
            return None
        got = nested.answer(r, "hideaway")
        if got is None:
            knowledge.show(g, top, [p])  # looked at by that player
            return nested.ask_cards(r, "hideaway", p, top, 1, 1, "exile one of them face down (hideaway, 702.74a)")
        pick = got[0]
        new = facedown.exile_face_down(g, pick)
        src = source_id(g, r)
        if src is not None and src in g.objects and g.objects[src].zone == "battlefield":
            g.objects[src].chosen["exiled"] = list(g.objects[src].chosen.get("exiled", ())) + [new]
        g.log("hideaway", player=p)
        st[key] = [c for c in top if c != pick]
    rest = [c for c in st[key] if c in g.objects and g.objects[c].zone == "library"]
    if len(rest) > 1:  # "in any order": the player orders them
        got = nested.answer(r, "hideaway_order")
        if got is None:
            return nested.ask_cards(r, "hideaway_order", p, rest, len(rest), len(rest),
                                    "order the cards going to the bottom of your library (first = highest)")
        rest = [c for c in got if c in rest]
    for c in rest:
        g.move(c, "library", top=False)
    return None


@op("exile_top")
def _exile_top(g: "Game", r: dict, e: Effect) -> None:
    """Exile the top cards of a library (406); they are then "exiled". ``keep_bottom``: "all but the bottom N
    cards" of each library (401.1); ``face_down``: exiled face down, no player may look at them (406.3)."""
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    out = []
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str):
            lib = list(g.players[p].library)
            top = lib[:max(0, len(lib) - int(e.args["keep_bottom"]))] if "keep_bottom" in e.args else lib[:n]
            if e.get("face_down"):  # "... face down and look at it" (Ugin, the Ineffable): its exiler knows it (406.3)
                out += [facedown.exile_face_down(g, c, seen=bool(e.get("look"))) for c in top]
            else:
                out += put(g, p, top, "exile")
    r["exiled"] = out
    link_exiled(g, r, out)


# ------------------------------------------------------------------ two piles
@op("piles")
def _piles(g: "Game", r: dict, e: Effect) -> dict | None:
    """"Separate all permanents target player controls into two piles. That player sacrifices all
    permanents in the pile of their choice" (Liliana of the Veil), "Reveal the top five cards of your
    library. An opponent separates those cards into two piles. Put one pile into your hand and the
    other into your graveyard" (Fact or Fiction): one player puts each object into one of two piles
    (a pile may be empty), another chooses a pile, and each pile's instruction is followed, the
    chosen pile's first (608.2c). A card revealed this way is shown to every player (701.13a). "An
    opponent" is the one opponent, or in a multiplayer game the one its controller chooses
    (values.one_opponent, asked before anything is revealed)."""
    you = controller(g, r)
    separator = next((p for p in refs(g, r, e.args.get("separator", "you")) if isinstance(p, str)), you)
    chooser = next((p for p in refs(g, r, e.args.get("chooser", "you")) if isinstance(p, str)), you)
    if "top" in e.args:
        state = r.setdefault("dig", {})
        key = str(r["i"])
        if key not in state:  # the cards revealed, fixed before any question (they stay on top meanwhile)
            state[key] = list(g.players[you].library[:amount(g, e.args["top"], source_id(g, r), r)])
        objs = [c for c in state[key] if c in g.objects and g.objects[c].zone == "library"]
        if objs and nested.answer(r, "revealed") is None:
            if e.get("face_down"):  # "looks at the top four cards ... and separates them into a face-down pile and a
                knowledge.show(g, objs, [separator])  # face-up pile": only the one who separates sees them all
            else:
                knowledge.show(g, objs)
                g.log("reveal", player=you, cards=[g.objects[c].card.name for c in objs], objs=list(objs))
            r["answers"][nested.slot(r, "revealed")] = True
    else:  # permanents ("all permanents target player controls"), or cards exiled this way (Boneyard Parley)
        objs = [x for x in refs(g, r, e.args["what"])
                if isinstance(x, int) and x in g.objects and g.objects[x].zone in ("battlefield", "exile")]
    name = this(g, r).card.name
    hidden = bool(e.get("face_down"))
    if nested.answer(r, "pile") is None:
        if not objs:
            r["answers"][nested.slot(r, "pile")] = []
        else:
            return nested.ask_cards(r, "pile", separator, objs, 0, len(objs),
                                    f"{name}: choose the cards of the face-down pile (the rest make the face-up pile)"
                                    if hidden else
                                    f"{name}: choose the objects of the first pile (the rest make the second)")
    first = [x for x in nested.answer(r, "pile") if x in objs]
    piles = [first, [x for x in objs if x not in first]]
    if hidden and piles[1] and nested.answer(r, "face_up") is None:  # the face-up pile is seen by all (701.13a as
        knowledge.show(g, piles[1])  # a reveal), the face-down one by no one else
        g.log("reveal", player=separator, cards=[g.objects[c].card.name for c in piles[1]], objs=list(piles[1]))
        r["answers"][nested.slot(r, "face_up")] = True
    pick = nested.answer(r, "pick")
    if pick is None:
        labels = [f"pile {i + 1}: " + (", ".join(g.objects[x].card.name for x in pile) or "empty")
                  for i, pile in enumerate(piles)]
        if hidden:  # the chooser sees how many cards the face-down pile has, not which
            labels = [f"pile 1: face down, {len(piles[0])} card{'s' if len(piles[0]) != 1 else ''}",
                      "pile 2: face up: " + (", ".join(g.objects[x].card.name for x in piles[1]) or "empty")]
        return {"kind": "choose_option", "player": chooser, "options": labels, "slot": nested.slot(r, "pick"),
                "prompt": f"{name}: choose a pile"}
    k = 0 if str(pick).startswith("pile 1") else 1
    chosen, other = piles[k], piles[1 - k]
    if e.get("other") == "library_bottom" and len(other) > 1:  # "and the other on the bottom of your library in any
        # order" (Jace, Architect of Thought): the owner orders them (401.4)
        order = nested.answer(r, "bottom_order")
        if order is None:
            return nested.ask_cards(r, "bottom_order", you, list(other), len(other), len(other),
                                    "order the cards going to the bottom of your library (first = highest)")
        other = [x for x in order if x in other]
    for pile, what in ((chosen, e.args["chosen"]), (other, e.get("other"))):
        _pile_action(g, r, pile, what, not e.get("no_regen"))
    return None


def _pile_action(g: "Game", r: dict, pile: list[int], what: str | None, regen_ok: bool) -> None:
    """What becomes of a pile: its permanents sacrificed or destroyed, or its cards put into their
    owner's hand or graveyard (400.3), or onto the battlefield under the resolving ability's controller."""
    live = [x for x in pile if x in g.objects]
    if what in ("sacrifice", "destroy"):
        live = [x for x in live if g.objects[x].zone == "battlefield"]
        if what == "sacrifice":
            plan_to_graveyard(g, live)
            for x in live:  # 701.14a: all at once, each by its controller
                if x in g.objects and g.objects[x].zone == "battlefield":
                    sacrifice(g, x)
        else:
            for x in live:  # 701.6a: destroyed at once
                plan_destroy(g, x, regen_ok, by_effect=True)
            for x in live:
                destroy(g, x, regen_ok, by_effect=True)
    elif what == "hand":
        for x in live:
            g.move(x, "hand")
    elif what == "library_bottom":  # in the order chosen (_piles), the first highest (401.4)
        for x in live:
            if g.objects[x].zone == "library":
                g.move(x, "library", top=False)
    elif what == "battlefield":  # "Put all cards from the pile of your choice onto the battlefield under your
        # control" (Boneyard Parley): the cards still in exile, all at once (400.7)
        you = controller(g, r)
        for x in [x for x in live if g.objects[x].zone == "exile"]:
            g.move(x, "battlefield", controller=you)
    elif what == "graveyard":  # "for each card put into your graveyard this way" (values.amount)
        for x in live:
            r.setdefault("milled", []).append(g.move(x, "graveyard"))
