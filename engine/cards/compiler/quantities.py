"""Quantities (CR 107.1, 107.3) and conditions (CR 603.4, 611.2b, 602.5b).

Amounts are ints, {"x": True} (the value of X), or computed:
  {"count": FILTER}                  the number of objects (or players) matching
  {"count": FILTER, "times": n}      n times that number
  {"power_of": REF} / {"toughness_of": REF} / {"mv_of": REF}
  {"life_of": "you"}                 a player's life total ("that_player": each one an instruction affects)
  {"half": AMOUNT, "up": bool}       half of it, rounded up or down (107.1a)
  {"third": AMOUNT, "up": bool}      a third of it, rounded up or down (107.1a)
  {"library_size": "you"}            the number of cards in a player's library ("that_player": each one)
  {"minus": [a, b]}                  a less b, 0 if that is negative (107.1b)
  {"hand_of": "you"}                 the number of cards in a player's hand
  {"that_much": True}                the amount the trigger event names ("that much damage", "that many")
  {"life_gained_this_turn": "you"}
  {"colors_spent": "self"}           the colors of mana spent to cast it (sunburst 702.43a, converge)
  {"plus": [a, b]}                   a sum
Conditions are dicts:
  {"control": FILTER, "min": n}  you control at least n objects matching (max: n for "no"/"fewer")
  {"life_ge": n} / {"life_le": n}     your life total
  {"your_turn": True} / {"your_turn": False}
  {"first_combat": True}               it's the first combat phase of the turn (506.6d)
  {"graveyard_ge": n, "filter": FILTER}   cards in your graveyard
  {"hand_le": n} / {"hand_ge": n}
  {"gained_life_this_turn": n}         you gained at least n life this turn
  {"opponent_lost_life_this_turn": True}
  {"self": FILTER}                     this object matches (e.g. {"attacking": True})
  {"it": FILTER}                       the object "it" refers to matches
  {"kicked": True} / {"x_ge": n} / {"cast_from_hand": True} / {"cast_from_zone": "graveyard"}
  {"greatest_stat": "power"|"toughness"}   you control the creature with the greatest power (or tied for it)
  {"amount_lt": {"amount": AMOUNT, "n": n}} / {"amount_ge": ...}   e.g. devotion (700.5) below or at least n
  {"mana_spent_ge": {"G": 3}} / {"mana_spent_ge": {"same_color": 3}}   the mana spent to cast it (601.2h)
  {"not": COND} / {"all": [COND, ...]}
  {"history": "creature_died"|"you_attacked"|"your_permanent_left"|"your_land_entered"|"self_was_cast"
              |"you_surveilled"|"you_committed_crime"}
                                       this turn so far
  {"graveyard_types_ge": n} / {"different_powers_ge": n} / {"total_power_ge": n}
  {"opponent_more": FILTER} / {"opponent_poison_ge": n} / {"opponent_graveyard_ge": n} / {"opponent_life_le": n}
  {"any_graveyard_ge": n}   a graveyard (any player's) has n or more cards in it
  {"drawn_ge": n}   you've drawn n or more cards this turn
  {"attached": FILTER}   the permanent this Aura or Equipment is attached to matches
"""
from __future__ import annotations

import re
from typing import Any, Callable

from engine.cards.compiler import targets
from engine.cards.compiler.targets import COLORS, number, parse_noun

_WORDNUM = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"


def amount(word: str) -> Any:
    w = word.strip().lower()
    if w == "x":
        return {"x": True}
    if w in ("that much", "that many"):
        return {"that_much": True}
    if w == "twice that many":  # "create twice that many 2/2 black Zombie creature tokens" (Tainted Adversary)
        return {"times": 2, "of": {"that_much": True}}
    m = re.fullmatch(r"x plus (\w+)", w)
    if m and number(m.group(1)) is not None:  # "You gain X plus 3 life" (Vitalizing Cascade): X and that many more
        return {"plus": [{"x": True}, number(m.group(1))]}
    return number(w)


def count_of(phrase: str) -> Any:
    """'the number of creatures you control' / 'creature you control' (after 'for each') -> amount."""
    p = phrase.strip().lower()
    p = re.sub(r"^the number of ", "", p)
    m = re.fullmatch(r"creatures? (that attacked|you attacked with) this turn", p)
    if m:  # "for each creature that attacked this turn" (Witchstalker Frenzy), "... you attacked with this turn"
        # (Search Party Captain): each creature declared as an attacker this turn (508.1a), those gone too
        return {"attackers_this_turn": "each" if m.group(1) == "that attacked" else "you"}
    if p.endswith(" that attacked this turn"):
        return None  # "for each creature that attacked this turn" counts those gone too (not the permanents now)
    p = re.sub(r"^((?:other )?[a-z]+) on the battlefield (with|without) ", r"\1 \2 ", p)  # "for each other creature
    # on the battlefield with flying" (Pride of the Clouds): the permanents with it, whoever controls them
    got = _count_more(p)
    if got is not None:
        return got
    m = re.fullmatch(r"(.+?) (?:it|self) devoured", p)
    if m:  # "draw a card for each creature it devoured", "twice the number of Goblins it devoured" (702.81b): those
        # its devour ability sacrificed as it entered (engine/values.py "devoured")
        f = parse_noun(m.group(1))
        if f is None or set(f) - {"types", "subtypes", "zone"} or f.get("zone") not in (None, "battlefield"):
            return None
        f.pop("zone", None)
        return {"devoured": f}
    if p in ("differently named dungeon you've completed", "differently named dungeons you've completed"):
        return {"dungeon_names": "you"}  # the names of the dungeons you completed, each once (a later rule, 309)
    m = re.fullmatch(r"(.+?) that shares? a creature type with (it|self)", p)
    if m:  # "for each other creature you control that shares a creature type with it" (205.3m)
        f = parse_noun(re.sub(r" on the battlefield$", "", m.group(1)))
        if f is None or f.get("player") or "subtypes" in f or f.get("zone") not in (None, "battlefield"):
            return None
        return {"count": {**f, "shares_type_with": m.group(2)}}
    m = re.fullmatch(r"(?:the total number of )?(.+?) you own in (exile|your graveyard) and in "
                     r"(exile|your graveyard)", p)
    if m and m.group(2) != m.group(3):  # "the total number of instant and sorcery cards you own in exile and in
        # your graveyard": the cards of both zones (406, 404)
        a, b = count_of(f"{m.group(1)} you own in {m.group(2)}"), count_of(f"{m.group(1)} you own in {m.group(3)}")
        if a is not None and b is not None:
            return {"plus": [a, b]}
    m = re.fullmatch(r"(.+?) and each (.+)", p)
    if m:  # "for each land you control and each land card in your graveyard": the two counts added
        a, b = count_of(m.group(1)), count_of(m.group(2))
        if a is not None and b is not None:
            return {"plus": [a, b]}
    if p in ("the damage dealt this way", "damage dealt this way", "the amount of damage dealt this way"):
        return {"dealt_this_way": True}  # 120.3: the damage the instruction before it dealt
    if re.fullmatch(r"(?:the )?(?:amount of )?(?:the )?excess damage dealt (?:to that creature |to it )?this way"
                    r"|that excess damage", p):
        return {"excess_this_way": True}  # a later rule (2020): damage beyond lethal damage
    if p == "1 life lost this way":  # Blood Tyrant: the life the previous instruction made players lose (119.3)
        return {"lost_this_way": True}
    if p in ("+1/+1 counter you've put on creatures under your control this turn",
             "+1/+1 counters you've put on creatures under your control this turn"):  # (Iridescent Hornbeetle; 121.6)
        return {"plus_counters_put": "own"}
    if p == "counter on self":  # "gets +1/+1 for each counter on SELF" (Luxior): counters of every kind (121.1)
        return {"counters_on": "self", "kind": "any"}
    m = re.fullmatch(r"([+\-]\d+/[+\-]\d+|[a-z]+) counter on (?:self|it)", p)
    if m:  # modular (702.42a): "for each +1/+1 counter on SELF" (as it last existed, if it died)
        return {"counters_on": "self", "kind": m.group(1)}
    m = re.fullmatch(r"(?:([+\-]\d+/[+\-]\d+|[a-z]+) )?counters? removed this way", p)
    if m and m.group(1) not in ("the", "all", "each", "a"):  # "for each storage counter removed this way": the
        # number the cost removed, announced as X is; "the number of counters removed this way": of the cost's kind
        return {"x": True, "removed": m.group(1) or "*"}  # (602.2b; the compiler checks the cost removes them)
    if p == "{e} paid this way":
        return {"paid": True}  # "for each {E} paid this way": the amount a payment of any amount took
    if re.fullmatch(r"times? (?:self|it|he|she|they) (?:was|were) kicked", p):
        return {"times_paid": "Multikicker"}  # 702.32c-d: "for each time it was kicked", the times multikicker was paid
    m = re.fullmatch(r"(?:([+\-]\d+/[+\-]\d+|[a-z]+) )?counters on self", p)
    if m and m.group(1) not in ("the", "a", "each", "all"):  # "the number of charge counters on SELF" (121.1)
        return {"counters_on": "self", "kind": m.group(1) or "any"}
    m = re.fullmatch(r"(?:([+\-]\d+/[+\-]\d+|[a-z]+) )?counters? (?:on|among) (.+)", p)
    if m and m.group(1) not in ("the", "a", "each", "all") and m.group(2) not in ("self", "it"):
        # "for each loyalty counter on planeswalkers you control", "the number of +1/+1 counters on creatures you
        # control", "counters among creatures you control": every such counter on each of them (121.1)
        f = parse_noun(m.group(2))
        if f is not None and not f.get("player") and f.get("zone") in (None, "battlefield") and f.get("types") \
                and not f.get("_needs_player_target"):  # ("creatures target player controls": a target not named here)
            return {"counters_among": f, "kind": m.group(1) or "any"}
    m = re.fullmatch(r"(.+?) (?:that )?died( under your control)? this turn", p)
    if m:  # "for each creature that died this turn", "the number of Zubera that died this turn" (700.4); "...
        # that died under your control this turn": its controller as it last existed was you (608.2h)
        f = parse_noun(m.group(1))
        if f is not None and m.group(2):
            if "controller" in f:
                return None
            f["controller"] = "you"
        if f is None or set(f) - {"types", "subtypes", "token", "controller"} or f.get("controller") not in (
                None, "you") or f.get("types", ["Creature"]) != ["Creature"]:
            return None
        return {"died_this_turn": {**f, "types": ["Creature"]}}
    m = re.fullmatch(r"(creatures?|nontoken creatures?) (?:that (?:was|were) )?put into your graveyard from the "
                     r"battlefield this turn", p)
    if m:  # "for each creature put into your graveyard from the battlefield this turn" (Fresh Meat): each creature
        # that died this turn (700.4) and was owned by you (404.1: a card goes to its owner's graveyard)
        f = parse_noun(m.group(1))
        if f is None or set(f) - {"types", "token"}:
            return None
        return {"died_this_turn": {**f, "types": ["Creature"], "owner": "you"}}
    if p in ("permanents you've sacrificed this turn", "permanent you've sacrificed this turn"):
        return {"sacrificed_this_turn": "you"}  # 701.14a
    if p in ("permanents sacrificed this turn", "permanent sacrificed this turn"):
        return {"sacrificed_this_turn": "each"}  # 701.14a: by any player (The Balrog, Durin's Bane)
    if p in ("unlocked doors among rooms you control", "unlocked door among rooms you control",
             "the number of unlocked doors among rooms you control"):
        return {"unlocked_doors": "you"}  # Rooms (a later layout, Duskmourn): engine/rooms.py
    if p in ("times you descended this turn", "time you descended this turn"):
        return {"descended_this_turn": "you"}  # a later rule (LCI): each permanent card put into your graveyard
    if p in ("cards you've discarded this turn", "card you've discarded this turn",
             # 702.28a: cycling is "[cost], discard this card: draw a card", so a cycled card was discarded too
             "cards you've cycled or discarded this turn", "card you've cycled or discarded this turn"):
        return {"discarded_this_turn": "you"}  # 701.8: each card you discarded, whatever became of it
    if p in ("spell countered this way", "spells countered this way"):  # "Counter all other spells. Draw a card
        return {"count_this_way": {}, "action": "countered"}  # for each spell countered this way" (Swift Silence)
    if p in ("card drawn this way", "cards drawn this way"):  # "for each card drawn this way, discard a card"
        return {"drawn_this_way": True}  # (Messenger Jays): the cards this resolution drew (121.2)
    if p in ("the total amount of mana paid this way", "total amount of mana paid this way"):
        return {"paid": True}  # join forces: the mana all players paid (engine/ops/misc.py pay_any "each")
    if p in ("greatest number of cards a player discarded this way",  # Windfall (701.8): the most cards one player
             "the greatest number of cards a player discarded this way"):
        return {"most_discarded_this_way": True}  # discarded in the instruction before
    m = re.fullmatch(r"([a-z]+(?: [a-z]+){0,2}) votes?", p)
    if m and m.group(1) not in ("the", "a", "each", "all", "their", "your", "more"):
        return {"votes": m.group(1)}  # 701.29: "for each death vote" (council's dilemma): the votes cast for it
    if re.fullmatch(r"times? you've cast (?:your|a) commanders? from the command zone this game", p):
        return {"commander_casts": "you"}  # 903.8: each cast of your commander (either partner) from the command zone
    if p in ("spells you've cast this turn", "spell you've cast this turn"):
        return {"spells_cast_this_turn": "you"}  # 601.2i: each spell you cast, whatever became of it
    if p in ("poison counter your opponents have", "poison counters your opponents have",
             "the number of poison counters your opponents have"):  # 121.1c: each opponent's, added up
        return {"opponents_poison": "you"}
    m = re.fullmatch(r"(experience) counters? you have", p)
    if m:  # "the number of experience counters you have" (121.1: counters a player has)
        return {"player_counters": "you", "kind": m.group(1)}
    m = re.fullmatch(r"(?:his|her) (power|toughness)", p)
    if m:  # a legend's own "his power" (oracle text calls other objects "it")
        return {f"{m.group(1)}_of": "self"}
    if re.fullmatch(r"creatures? in your party", p):  # a later rule (Zendikar Rising): one each of four types
        return {"party": "you"}
    m = re.fullmatch(r"colors? among (.+)", p)
    if m:  # "the number of colors among permanents you control" (105.2: white, blue, black, red, green)
        f = parse_noun(m.group(1))
        return None if f is None or f.get("player") or f.get("_needs_player_target") else {"colors_among": f}
    if re.fullmatch(r"colors? of mana spent to cast (?:self|it)", p):
        return {"colors_spent": "self"}  # converge (BFZ): the colors of mana paid as it was cast (601.2h)
    m = re.fullmatch(r"(aura|equipment|aura and equipment|aura and/or equipment) attached to (self|host)", p)
    if m:  # "for each Aura and Equipment attached to SELF" (303.4, 301.5); "Equipped creature gets +1/+0 for each
        # Equipment attached to it" (Golem-Skin Gauntlets): to the creature SELF is attached to
        kinds = [{"subtypes": ["Aura"]}, {"subtypes": ["Equipment"]}]
        pick = kinds if " " in m.group(1) else [k for k in kinds if k["subtypes"][0].lower() == m.group(1)]
        return {"count": {"or": pick, "attached_to_self" if m.group(2) == "self" else "attached_to_host": True}}
    if p in ("creature blocking it beyond the first", "creature blocking self beyond the first"):
        return {"blockers_beyond_first": "self"}  # rampage (702.22a)
    if p in ("the total number of cards in all players' hands", "cards in all players' hands"):
        return {"hand_of": "each_player"}  # each player's hand counted (402.1)
    if p in ("cards in your opponents' hands", "card in your opponents' hands",
             "the number of cards in your opponents' hands"):
        # "SELF gets -1/-1 for each card in your opponents' hands": each opponent's hand added (402.1)
        return {"hand_of": "opponents"}
    m = re.fullmatch(r"(?:the number of )?cards in (your|that player's|their|his or her) library", p)
    if m:  # 401.1: the cards in a player's library, counted
        return {"library_size": "you" if m.group(1) == "your" else "that_player"}
    m = re.fullmatch(r"(?:of )?(its|self's) colors?", p)
    if m:  # "gets +1/+0 for each of its colors" (Civic Saber): the colors of the object named (105.2)
        return {"colors_of": "it" if m.group(1) == "its" else "self"}
    if p in ("cards in its controller's hand", "card in its controller's hand"):
        return {"hand_of": "it_controller"}  # "Enchanted creature gets +1/+1 for each card in its controller's hand":
        # the hand of the subject's controller (the anthem binds "it" to its subject, statics._of_subject)
    m = re.fullmatch(r"(cards|card) in (your|that player's|their|target opponent's|each opponent's|the chosen "
                     r"player's) hand", p)
    if m:  # "the chosen player's": the player its source chose as it entered (614.12; Entropic Specter)
        return {"hand_of": "you" if m.group(2) == "your" else "chosen_player" if m.group(2).startswith("the chosen")
                else "that_player"}
    m = re.fullmatch(r"(.+?) you controlled that (?:were|was) (destroyed|exiled) this way", p)
    if m:  # "the number of creatures you controlled that were destroyed this way" (Kaya's Wrath): as they last
        # existed on the battlefield (608.2h), under the resolving ability's controller
        f = parse_noun(m.group(1))
        return None if f is None or "controller" in f else {"count_this_way": {**f, "controller": "you"},
                                                             "action": m.group(2)}
    m = re.fullmatch(r"cards? put into your hand this way", p)
    if m:  # "SELF deals 1 damage to you for each card put into your hand this way" (Demonlord Belzenlok): the cards
        # this resolution's "exile ... until ..., then put that card into your hand" put there (engine/ops/library.py)
        return {"count_this_way": {}, "action": "put_hand"}
    m = re.fullmatch(r"(cards?|[a-z]+ cards?) returned to (your|their owners'|its owner's) hands? this way", p)
    if m:  # "draw a card for each card returned to your hand this way" (Paradoxical Outcome): the cards this
        # resolution's return instructions put into a hand (400.7: the new objects there), yours alone if so said
        f = {} if m.group(1) in ("card", "cards") else parse_noun(m.group(1))
        if f is None or set(f) - {"types"}:
            return None
        return {"count_this_way": {**f, "token": False, **({"owner": "you"} if m.group(2) == "your" else {})},
                "action": "returned"}  # a card: not a token (110.5f, 111.1)
    m = re.fullmatch(
        r"(.+?) (milled|discarded|exiled|sacrificed|destroyed|returned|revealed|tapped|put into (?:a|your|their) "
        r"graveyard) this way",
        p,
    )
    if m:
        f = parse_noun(m.group(1))
        return None if f is None else {"count_this_way": f, "action": m.group(2).split()[0]}
    m = re.fullmatch(r"different mana costs? among (.+)", p)
    if m:  # "for each different mana cost among nonland cards in your graveyard" (Embodiment of Agonies): the mana
        # costs those cards have, each once ({2}{B} and {1}{B}{B} are different; a card with none has none, 202.1)
        f = parse_noun(m.group(1))
        if f is None or f.get("player") or f.get("_needs_player_target") or "or" in f:
            return None
        return {"count": f, "costs": True}
    m = re.fullmatch(r"different (mana value|power|toughness) among (.+)", p)
    if m:  # "draw a card for each different power among creatures you control" (Golden Ratio), "... mana value
        # among nonland cards in your graveyard": the values those objects have, each counted once (202.3, 208.1)
        f = parse_noun(m.group(2))
        if f is None or f.get("player") or f.get("_needs_player_target") or "or" in f:
            return None
        if m.group(1) != "mana value" and f.get("zone", "battlefield") != "battlefield":
            return None
        return {"count": f, "distinct": {"mana value": "mv"}.get(m.group(1), m.group(1))}
    m = re.fullmatch(r"(?:basic land types|different \w+) among .+", p)
    if m:
        return None
    if p in ("your starting life total", "their starting life total", "his or her starting life total",
             "that player's starting life total"):
        return {"starting_life": True}  # 103.3: the same for every player of the game
    if p == "the chosen number":  # "Choose a number between 0 and 10. ... the chosen number" (608.2d)
        return {"chosen_number": True}
    if p == "the greatest number of creatures you control that have a creature type in common":
        # (Basalt Ravager): of the creature types among your creatures, the most creatures sharing one (205.3m;
        # a changeling has every one, 702.72a)
        return {"type_in_common": "you"}
    if p in ("your life total", "your life"):
        return {"life_of": "you"}
    if p == "your speed":  # a later rule (Aetherdrift): 0 for a player who has no speed
        return {"speed_of": "you"}
    if p in ("the total life lost by your opponents this turn", "the total amount of life your opponents have lost "
             "this turn", "1 life your opponents have lost this turn", "the life your opponents have lost this turn"):
        return {"opponents_life_lost": "you"}  # the life each opponent lost this turn, added up (119.3)
    m = re.fullmatch(r"the (?:amount of )?life (you|they|that player)(?: have| has|'ve|) lost this turn", p)
    if m:  # "each opponent loses life equal to the life that player lost this turn" (Archfiend of Despair, 119.3)
        return {"life_lost_turn_of": "you" if m.group(1) == "you" else "that_player"}
    m = re.fullmatch(r"(your|their|that player's|his or her) life total as (?:the|this) turn began", p)
    if m:  # Sengir, the Dark Baron: a record of the turn's beginning, kept for a player who left (800.4g)
        return {"life_turn_began": "you" if m.group(1) == "your" else "that_player"}
    if p in ("their life total", "their life", "that player's life total", "his or her life total", "his or her life"):
        return {"life_of": "that_player"}  # the life of each player the instruction counts it for (608.2c)
    m = re.fullmatch(r"the highest life total among (all players|your opponents)", p)
    if m:  # Sorin, Grim Nemesis -9
        return {"highest_life": "all" if m.group(1) == "all players" else "opponents"}
    m = re.fullmatch(r"the lowest life total among (all players|your opponents)", p)
    if m:  # Repay in Kind
        return {"lowest_life": "all" if m.group(1) == "all players" else "opponents"}
    if p in ("life you've gained this turn", "the amount of life you gained this turn", "life you gained this turn",
             "the amount of life you've gained this turn", "1 life you gained this turn", "1 life you've gained this "
             "turn"):  # ("for each 1 life you gained this turn", Licia: each point of it, 119.1)
        return {"life_gained_this_turn": "you"}
    m = re.fullmatch(r"(?:self's|its) (power|toughness|mana value)", p)
    if m:
        k = {"power": "power_of", "toughness": "toughness_of", "mana value": "mv_of"}[m.group(1)]
        return {k: "self" if p.startswith("self") else "it"}
    m = re.fullmatch(r"the exploited creature's (power|toughness)", p)
    if m:  # "with toughness less than the exploited creature's toughness" (Profaner of the Dead, 702.109a)
        return {{"power": "power_of", "toughness": "toughness_of"}[m.group(1)]: "exploited"}
    m = re.fullmatch(r"(?:enchanted|equipped) (?:creature|permanent|artifact)'s (power|toughness|mana value)", p)
    if m:  # "enchanted creature's power" (Arachnus Web): the object the Aura or Equipment is attached to (301.5, 303.4)
        return {{"power": "power_of", "toughness": "toughness_of", "mana value": "mv_of"}[m.group(1)]: "attached"}
    m = re.fullmatch(r"the tapped creature's (power|toughness)", p)
    if m:  # "Tap an untapped creature you control: ... the tapped creature's power" (Unerring Sling, station): the
        # creature tapped to pay the cost (601.2h), now, or as it last existed on the battlefield (608.2h)
        return {{"power": "power_of", "toughness": "toughness_of"}[m.group(1)]: "tapped_cost"}
    m = re.fullmatch(r"the found card's (power|toughness|mana value)", p)
    if m:  # "Reveal cards from the top of your library until you reveal a nonland card. SELF deals damage equal to
        # that card's mana value ..." (engine/cards/compiler/effects/until.py): the card found, as it was found (608.2h)
        return {{"power": "power_of", "toughness": "toughness_of", "mana value": "mv_of"}[m.group(1)]: "revealed_top"}
    m = re.fullmatch(r"the revealed card's (power|toughness|mana value)", p)
    if m:  # "As an additional cost to cast this spell, reveal a creature card from your hand. ... the revealed card's
        # power" (601.2h: the card revealed to pay the cost, as it is now)
        return {{"power": "power_of", "toughness": "toughness_of", "mana value": "mv_of"}[m.group(1)]: "revealed"}
    m = re.fullmatch(r"the (power|toughness) of the creature that died", p)
    if m:  # "where X is the power of the creature that died" (Death's Presence): the dying creature of the trigger,
        # as it last existed (603.10, 608.2h), as "that creature's power" is
        return {"power_of" if m.group(1) == "power" else "toughness_of": "it"}
    m = re.fullmatch(r"the milled card's (power|toughness|mana value)", p)
    if m:  # "where X is the milled card's mana value" (Mindshrieker): the card milled by the instruction before
        # (701.13, the card now in the graveyard)
        return {{"power": "power_of", "toughness": "toughness_of", "mana value": "mv_of"}[m.group(1)]: "milled"}
    m = re.fullmatch(r"the (power|toughness|mana value) of (the sacrificed (?:creature|artifact|permanent|enchantment)|"
                     r"the exiled card|the discarded card|the exiled creature)", p)
    if m:  # "where X is the power of the exiled card" (Bishop of Binding): "the exiled card's power" (607.2a)
        return quantity(f"{m.group(2)}'s {m.group(1)}")
    # (the sacrificed permanent's or enchantment's: Reckoner's Bargain, Ayara; any object the cost sacrificed, as it
    # last existed, 608.2h)
    m = re.fullmatch(r"(the sacrificed (?:creature|artifact|permanent|enchantment)'s|the exiled card's|that creature's|"
                     r"the discarded card's|the exiled creature's) (power|toughness|mana value)", p)
    if m:
        k = {"power": "power_of", "toughness": "toughness_of", "mana value": "mv_of"}[m.group(2)]
        who = m.group(1)
        ref = (
            "sacrificed"
            if "sacrificed" in who
            else "exiled"
            if "exiled" in who
            else "discarded"
            if "discarded" in who
            else "it"
        )
        return {k: ref}
    # "one plus the mana value of the sacrificed artifact" (Memorial Vault): "... the sacrificed artifact's mana value"
    p = re.sub(r"^(\w+) plus the (power|toughness|mana value) of (the sacrificed \w+)$", r"\1 plus \3's \2", p)
    m = re.fullmatch(r"(one|two|three|four|five|\d+) plus (the sacrificed (?:creature|artifact|permanent|"
                     r"enchantment)'s|"
                     r"the exiled creature's) "
                     r"(power|toughness|mana value)", p)
    if m:  # "1 plus the sacrificed creature's mana value" (Birthing Pod, Food Chain)
        b = quantity(m.group(2) + " " + m.group(3))
        return None if b is None else {"plus": [number(m.group(1)), b]}
    if re.fullmatch(r"(?:the number of )?cards in all graveyards with the same name as (?:that|the) spell", p):
        # "where X is the number of cards in all graveyards with the same name as that spell" (the Shrines of
        # Odyssey): the cast spell's name (201.2), counted as the ability resolves (608.2h)
        return {"count": {"zone": "graveyard", "same_name_as": "it"}}
    m = re.fullmatch(r"(its|that creature's|self's) power plus (?:its|that creature's|self's) toughness", p)
    if m:  # "loses life equal to its power plus its toughness" (Phthisis): the two numbers added (107.1)
        one = quantity(f"{m.group(1)} power")
        two = quantity(f"{m.group(1)} toughness")
        return None if one is None or two is None else {"plus": [one, two]}
    m = re.fullmatch(r"(one|two|three|\d+) plus (twice .+)", p)
    if m and number(m.group(1)) is not None:  # "1 plus twice the number of age counters on it" (Mwonvuli Ooze)
        b = quantity(m.group(2))
        return None if b is None else {"plus": [number(m.group(1)), b]}
    m = re.fullmatch(r"(?:the number of )?([a-z]+) on the battlefield (with [a-z ]+)", p)
    if m:  # "the number of creatures on the battlefield with shadow" (Dauthi Warlord): as "... with shadow on the
        # battlefield"
        return quantity(f"{m.group(1)} {m.group(2)} on the battlefield")
    m = re.fullmatch(r"(.+?) plus the number of (.+)", p)
    if m:
        a, b = number(m.group(1)) or count_of(m.group(1)), count_of(m.group(2))  # "two plus the number of ..."
        return None if a is None or b is None else {"plus": [a, b]}
    m = re.fullmatch(r"differently named (.+)", p)
    if m:  # "the number of differently named lands you control": the names among them (201.2), each counted once
        f = parse_noun(m.group(1))
        if f is None or f.get("player") or f.get("_needs_player_target") or "or" in f:
            return None
        return {"count": f, "names": True}
    f = parse_noun(p)
    if f is None or "or" in f and any("player" in g for g in f["or"]):
        return None
    if f.get("_needs_player_target"):
        return None
    return {"count": f}


def quantity(phrase: str) -> Any:
    """'3', 'X', 'the number of Elves you control', 'its power', 'your life total', 'that much'."""
    p = phrase.strip().lower()
    n = amount(p)
    if n is not None:
        return n
    if p in ("flip you win", "flip you won", "coin that comes up heads", "coin that came up heads",
             "the number of coins that came up heads", "the number of flips you won"):
        return {"count_this_way": {}, "action": "flips_won"}  # 705.1: the coins the instruction before flipped
    if p in ("the result", "the result of the roll"):  # "draw cards equal to the result" (rolling a die, a later
        return {"count_this_way": {}, "action": "rolled"}  # rule): the roll the instruction before made
    if p == "the number of times self has mutated":  # mutate (a later keyword, Ikoria): the merges it had
        return {"mutations": "self"}
    if p == "self's loyalty":  # 306.5b: a planeswalker's loyalty is its loyalty counters
        return {"counters_on": "self", "kind": "loyalty"}
    if p in ("the amassed army's power", "the amassed army's toughness"):  # "where X is the amassed Army's power"
        # (amass, a later keyword action, War of the Spark): the Army the amass instruction put counters on
        return {"power_of" if p.endswith("power") else "toughness_of": "amassed"}
    if re.fullmatch(r"the greatest mana value (?:of a commander|among commanders) you own on the battlefield or in the "
                    r"command zone", p):  # (Cloudkill; 903.3, 408.1): of the commander cards you own in either zone
        return {"greatest": "mv", "among": {"commander": True, "owner": "you"}, "command_too": True}
    m = re.fullmatch(r"the greatest (power|toughness|mana value) among (.+)", p)
    if m:
        f = parse_noun(m.group(2))
        if f is None or f.get("_needs_player_target"):
            return None
        return {"greatest": {"mana value": "mv"}.get(m.group(1), m.group(1)), "among": f}
    m = re.fullmatch(r"the (total )?(power|toughness|mana value) of the exiled cards? used to craft (?:it|self)", p)
    if m:  # craft (a later keyword, The Lost Caverns of Ixalan): "the total power of the exiled cards used to craft
        # it" (Mastercraft Raptor), "the mana value of the exiled card used to craft it": the materials its craft cost
        # exiled, in exile (engine/values.py "crafted_with")
        k = {"power": "power_of", "toughness": "toughness_of", "mana value": "mv_of"}[m.group(2)]
        return {k: "crafted_with", **({"sum": True} if m.group(1) and k != "mv_of" else {})}
    m = re.fullmatch(r"the total power of (.+?) (destroyed|exiled|sacrificed) this way", p)
    if m:  # "the total power of creatures destroyed this way" (Angrath, Minotaur Pirate): each as it last existed on
        # the battlefield (608.2h)
        f = parse_noun(m.group(1))
        return None if f is None or set(f) - {"types", "subtypes", "not_types", "token"} else {
            "power_this_way": f, "action": m.group(2)}
    m = re.fullmatch(r"the total (power|toughness|mana value) of (.+)", p)
    if m:  # "the total power of creatures you control" (Ghalta), "the total mana value of Dragons you control"
        f = parse_noun(m.group(2))
        if f is None or f.get("_needs_player_target") or f.get("player") or f.get("zone") not in (None, "battlefield"):
            return None
        f.pop("zone", None)
        return {{"power": "total_power", "toughness": "total_toughness", "mana value": "total_mv"}[m.group(1)]: f}
    m = re.fullmatch(r"(?:the number of )?(white|blue|black|red|green) mana symbols? in the mana costs of "
                     r"permanents you control", p)
    if m:  # chroma (Eventide): "the number of red mana symbols in the mana costs of permanents you control" counts what
        # devotion counts (700.5: each symbol of that color, a hybrid one included, among your permanents' mana costs)
        return {"devotion": [{"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}[m.group(1)]]}
    m = re.fullmatch(r"(?:the number of )?(white|blue|black|red|green) mana symbols? in the mana costs of (.+)", p)
    if m:  # chroma (Eventide): "... in the mana costs of cards in your graveyard" (Umbra Stalker): each symbol of that
        # color among those cards' mana costs (202.1; a hybrid symbol counts, as devotion's does, 700.5)
        f = parse_noun(m.group(2))
        if f is None or f.get("_needs_player_target") or f.get("player") \
                or f.get("zone") not in ("graveyard", "hand", "exile"):
            return None
        letter = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}[m.group(1)]
        return {"count": f, "symbols": [letter]}
    m = re.fullmatch(r"your devotion to (white|blue|black|red|green)(?: and (white|blue|black|red|green))?", p)
    if m:  # 700.5
        letters = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
        return {"devotion": [letters[c] for c in m.groups() if c]}
    m = re.fullmatch(r"(.+?) minus (.+)", p)
    if m:  # "3 minus the number of cards in their hand": never below 0 (107.1b)
        a, b = quantity(m.group(1)), quantity(m.group(2))
        return None if a is None or b is None else {"minus": [a, b]}
    m = re.fullmatch(r"(twice|three times|four times|five times) (.+)", p)
    if m:  # "twice X", "three times X" (Jace, the Perfected Mind: "mills three times X cards")
        q = quantity(m.group(2))
        return None if q is None else {"times": {"twice": 2, "three times": 3, "four times": 4,
                                                 "five times": 5}[m.group(1)], "of": q}
    m = re.fullmatch(r"(half|a third of) (.+?)(?:, rounded (up|down))?", p)
    if m:  # 107.1a: a fraction is rounded as the effect says; without that, not read
        whole = re.sub(r"^(your|their|that player's|his or her) library$", r"cards in \1 library", m.group(2))
        q = quantity(whole) if m.group(3) else None  # "half their library": the cards in it (Traumatize)
        return None if q is None else {"half" if m.group(1) == "half" else "third": q, "up": m.group(3) == "up"}
    return count_of(p)


#: the dungeons a condition may name (a later rule: engine/dungeon.py)
_DUNGEON_NAMES = frozenset({"Lost Mine of Phandelver", "Tomb of Annihilation", "Dungeon of the Mad Mage", "Undercity"})


#: "an opponent did X this turn" as the same fact of "you" (each read by parse_condition), for _opponent_did
_AN_OPPONENT = (
    (r"an opponent had (.+?) enter (?:the battlefield )?under (?:their|his or her) control this turn",
     r"\1 entered under your control this turn"),
    (r"an opponent gained life this turn", "you gained life this turn"),
    (r"an opponent cast (\w+ or more) spells this turn", r"you've cast \1 spells this turn"),
    (r"an opponent drew (\w+ or more) cards this turn", r"you've drawn \1 cards this turn"),
    (r"an opponent searched (?:their|his or her) library this turn", "you searched your library this turn"),
    (r"an opponent had (\w+ or more) cards put into (?:their|his or her) graveyard from anywhere this turn",
     r"you had \1 cards put into your graveyard from anywhere this turn"),
    (r"an opponent controls ((?:\w+ or more|no) .+)", r"you control \1"),
    (r"an opponent lost (\d+ or more) life this turn", r"you lost \1 life this turn"),
)
#: the condition keys that are facts about "you" this turn (so "an opponent ..." is the same fact of an opponent)
_PLAYER_FACTS = frozenset({"entered_kind_this_turn", "entered_kind_ge", "gained_life_this_turn", "spells_cast_ge",
                           "drawn_ge", "history", "to_graveyard_ge", "you_lost_life_this_turn"})


#: what "a player" / "that player" conditions may say of the player, read as of "you" (102.1)
_OF_A_PLAYER = frozenset({"most", "control", "min", "max", "life_le", "life_ge", "hand_le", "hand_ge",
                          "spells_cast_this_turn"})


def _player_fact(t: str) -> dict[str, Any] | None:
    """ "If you have more life than each other player", "if you control more creatures than each other player"
    ({"most": ...}: strictly more than each other player, 102.1); "if a player has more life than each other player"
    (Ghazbán Ogre: true of some player, "player_did"), "if that player controls a Plains" (Spiritual Sanctuary, of the
    trigger's player, 603.4: "trigger_player_did"): the fact read as of "you", checked for that player."""
    m = re.fullmatch(r"you have more life than each other player", t)
    if m:
        return {"most": {"life": True}}
    m = re.fullmatch(r"you control more (.+?) than each other player", t)
    if m:
        f = parse_noun(m.group(1))
        if f is None or f.get("player") or f.get("controller") or f.get("zone", "battlefield") != "battlefield":
            return None
        f.pop("zone", None)
        return {"most": {"count": f}}
    m = re.fullmatch(r"(a|that|the) player (controls|has|didn't|did not|cast) (.+)", t)
    if m is None:
        return None
    verb = {"controls": "control", "has": "have"}.get(m.group(2), m.group(2))
    inner = parse_condition(f"you {verb} {m.group(3)}")
    if inner is None or set(inner) - _OF_A_PLAYER:
        return None
    return {"player_did" if m.group(1) == "a" else "trigger_player_did": inner}


def _opponent_did(t: str) -> dict[str, Any] | None:
    """A fact about this turn true of some opponent (102.2; the Traps of Zendikar: "If an opponent had two or more
    lands enter the battlefield under their control this turn", "If an opponent gained life this turn", "... cast
    three or more spells ...", "... drew three or more cards ...", "... searched their library ..."): the fact read
    as "you" would be, checked for each opponent ({"opponent_did": fact})."""
    for pat, mine in _AN_OPPONENT:
        m = re.fullmatch(pat, t)
        if m is None:
            continue
        inner = parse_condition(m.expand(mine))
        if inner is None or set(inner) - _PLAYER_FACTS - {"control", "min", "max"} \
                or inner.get("history", "you_searched") not in ("you_searched", "your_land_entered"):
            return None
        return {"opponent_did": inner}
    return None


def _attacking_now(t: str) -> dict[str, Any] | None:
    """ "If four or more creatures are attacking", "If exactly one creature is attacking", "If a white creature is
    attacking" (508.1, 506.4: attacking creatures, whoever controls them): how many attacking creatures of that
    kind there are now, compared."""
    m = re.fullmatch(r"(exactly )?(an?|one|two|three|four|five|six|seven)( or more)? (.+?) (?:is|are) attacking", t)
    if m is None or (m.group(1) and m.group(3)):
        return None
    f = parse_noun(m.group(4))
    if f is None or f.get("player") or f.get("controller") or f.get("zone", "battlefield") != "battlefield" \
            or "Creature" not in f.get("types", ()):
        return None
    f.pop("zone", None)
    n = number(m.group(2)) or 1
    out: dict[str, Any] = {"amount_ge": {"amount": {"count": {**f, "attacking": True}}, "n": n}}
    if m.group(1):
        out["amount_lt"] = {"amount": {"count": {**f, "attacking": True}}, "n": n + 1}
    return out


def parse_condition(text: str) -> dict[str, Any] | None:
    """A condition clause (without 'if' / 'as long as') to a condition dict."""
    t = text.strip().lower().rstrip(",.")
    t = re.sub(r"^you control at least (\w+) ", r"you control \1 or more ", t)  # "at least five other Mountains"
    # "if a creature you control has first strike" (Odric, Lunarch Marshal): you control one with it (702)
    t = re.sub(r"^an? ([a-z ]+?) you control has ([a-z ]+)$", r"you control a \1 with \2", t)
    m = re.fullmatch(r"(you control an? [a-z]+) or (there is an? [a-z]+ card in your graveyard)", t)
    if m:  # "if you control a Desert or there is a Desert card in your graveyard" (Hour of Devastation): either
        a, b = parse_condition(m.group(1)), parse_condition(m.group(2))
        if a is not None and b is not None:
            return {"any": [a, b]}
    got = _history_condition(t)
    if got is not None:
        return got
    m = re.fullmatch(r"(?:the result is|you roll(?:ed)? an?) (\d+)(?: or (less|lower|more|greater|higher))?", t)
    if m:  # "Roll a d6. If the result is 3 or less, ...", "If you roll a 6, ..." (rolling a die, a later rule,
        # Adventures in the Forgotten Realms): the die the instruction before rolled, as values.py reads "the result"
        rolled, face = {"count_this_way": {}, "action": "rolled"}, int(m.group(1))
        at_least = {"amount_ge": {"amount": rolled, "n": face}}
        below = {"amount_lt": {"amount": rolled, "n": face + 1}}
        if m.group(2) in ("less", "lower"):
            return below
        return at_least if m.group(2) else {"all": [at_least, below]}
    m = re.fullmatch(r"(you|a player|an opponent) discarded a card this turn", t)
    if m:  # "if you discarded a card this turn" (Ragged Recluse), "if a player discarded a card this turn" (The Raven
        # Man), "if an opponent discarded a card this turn" (Tinybones): the cards discarded this turn (701.8)
        who = {"you": "you", "a player": "each", "an opponent": "opponents"}[m.group(1)]
        return {"amount_ge": {"amount": {"discarded_this_turn": who}, "n": 1}}
    m = re.fullmatch(r"(?:self|it) doesn't have an? ([+\-\w/]+|first strike|double strike) counter on it", t)
    if m:  # "if SELF doesn't have a +1/+1 counter on it" (Shatterskull Charger): none of that kind (121.1)
        return {"not": {"self_counters_ge": {m.group(1): 1}}}
    m = re.fullmatch(r"you have exactly (\w+) cards in (?:your )?hand", t)
    if m and number(m.group(1)) is not None:  # "if you have exactly thirteen cards in your hand" (Triskaidekaphile)
        return {"hand_ge": number(m.group(1)), "hand_le": number(m.group(1))}
    if t in ("you sacrificed a permanent this turn", "you've sacrificed a permanent this turn"):
        # "as long as you sacrificed a permanent this turn" (Goblin Blast-Runner), "SELF costs {3} less to cast if
        # you've sacrificed a permanent this turn" (Count Nefaria): the permanents you sacrificed this turn (701.14a)
        return {"amount_ge": {"amount": {"sacrificed_this_turn": "you"}, "n": 1}}
    m = re.fullmatch(r"you control (\w+) or more creatures that share a creature type", t)
    if m and number(m.group(1)) is not None:  # "if you control three or more creatures that share a creature type"
        # (Littjara Kinseekers): some creature type is had by that many of your creatures (205.3m; a changeling has
        # every one, 702.72a): the greatest number of them with a type in common
        return {"amount_ge": {"amount": {"type_in_common": "you"}, "n": number(m.group(1))}}
    if t in ("self started the turn untapped", "it started the turn untapped"):  # Rasputin Dreamweaver: untapped
        return {"self_started_untapped": True}  # as the turn began, before its untap step (Game.untapped_at_start)
    if t in ("self is suspended", "it's suspended", "this card is suspended"):  # 702.61b: in exile, with suspend
        return {"self_suspended": True}  # and a time counter (Deep-Sea Kraken: a triggered ability working in exile)
    m = re.fullmatch(r"(?:it|self) devoured an? (.+)", t)
    if m:  # "SELF has flying and trample if it devoured a creature" (Hellkite Hatchling, 702.81b)
        q = count_of(m.group(1) + " it devoured")
        return None if q is None else {"amount_ge": {"amount": q, "n": 1}}
    m = re.fullmatch(r"(?:this is|it's) the (first|second|third|fourth|fifth) time(?: this ability has resolved this "
                     r"turn)?", t)
    if m and (m.group(0).endswith("this turn") or t.startswith("it's")):
        # "If this is the second time this ability has resolved this turn, draw a card" (a later wording, Streets of
        # New Capenna): how many times this ability of its source resolved this turn, this time included
        # (engine/effects.py resolve_top counts them); "If it's the third time" after it (Omnath) says the same
        return {"resolved_nth": number(m.group(1).replace("first", "one").replace("second", "two")
                                       .replace("third", "three").replace("fourth", "four").replace("fifth", "five"))}
    m = re.fullmatch(r"(.+?) or (there is an? .+? card in your graveyard)", t)
    if m:  # "if you control a Desert or there is a Desert card in your graveyard" (Amonkhet's deserts): either holds
        a, b = parse_condition(m.group(1)), parse_condition(m.group(2))
        return None if a is None or b is None else {"any": [a, b]}
    if t.startswith("your team controls "):  # "if your team controls another Warrior" (Battlebond): what you or a
        # teammate controls (102.3)
        got = parse_condition("you control " + t[len("your team controls "):])
        if got is None or set(got) - {"control", "min", "max"} or got["control"].get("controller") != "you":
            return None
        return {**got, "control": {**got["control"], "controller": "team"}}
    if t.startswith("your team "):  # "if your team gained life this turn": the fact of you or a teammate (102.3)
        got = parse_condition("you " + t[len("your team "):])
        if got is None or set(got) - _PLAYER_FACTS \
                or got.get("history", "you_searched") not in ("you_searched", "your_land_entered"):
            return None
        return {"team_did": got}
    if t.startswith("an opponent "):
        got = _opponent_did(t)
        if got is not None:
            return got
    if t.endswith(" attacking"):
        got = _attacking_now(t)
        if got is not None:
            return got
    m = re.fullmatch(r"your opponents control (\w+) or more (.+)", t)
    if m and number(m.group(1)):  # "if your opponents control three or more creatures": all of theirs, together
        f = parse_noun(m.group(2))
        if f is None or f.get("player") or f.get("controller") or f.get("zone", "battlefield") != "battlefield":
            return None
        f.pop("zone", None)
        return {"opponents_control": f, "min": number(m.group(1))}
    m = re.fullmatch(r"there are (\w+) or more (.+?) (?:total )?in all graveyards", t)
    if m and number(m.group(1)):  # "If there are ten or more creature cards total in all graveyards" (Avatar of Woe)
        f = parse_noun(m.group(2))
        if f is None or f.get("player") or f.get("controller") or f.get("zone", "any_card") != "any_card":
            return None
        f.pop("zone", None)
        return {"amount_ge": {"amount": {"count": {**f, "zone": "graveyard"}}, "n": number(m.group(1))}}
    m = re.fullmatch(r"an? (.+?) (?:card )?is in your graveyard", t)
    if m:  # "as long as a Warrior card is in your graveyard" (Vengeful Firebrand): one or more there now
        f = parse_noun(m.group(1) + " card")
        if f is None or f.get("player") or f.get("controller") or f.get("zone", "any_card") != "any_card":
            return None
        f.pop("zone", None)
        return {"graveyard_ge": 1, "filter": f}
    if t in ("an opponent is poisoned", "an opponent has a poison counter"):  # 121.1c: one or more poison counters
        return {"opponent_poison_ge": 1}
    m = re.fullmatch(r"a library has (\w+) or fewer cards in it", t)
    if m and number(m.group(1)) is not None:  # "as long as a library has twenty or fewer cards in it" (Isleback
        return {"any_library_le": number(m.group(1))}  # Spawn): any player's library (404.1)
    m = re.fullmatch(r"you had (\w+) or more cards put into your graveyard from anywhere this turn", t)
    if m and number(m.group(1)):  # cards (not tokens) put into your graveyard this turn, from any zone (400.3)
        return {"to_graveyard_ge": number(m.group(1))}
    m = re.fullmatch(r"(\w+) or more (?:(artifact|creature|enchantment|land|instant|sorcery) )?cards were put into "
                     r"graveyards from anywhere this turn", t)
    if m and number(m.group(1)):  # "To solve — Three or more creature cards were put into graveyards from anywhere this
        # turn" (Case of the Gorgon's Kiss): cards (not tokens) put into any player's graveyard this turn (400.3)
        return {"to_graveyards_ge": number(m.group(1)), "card_type": m.group(2).title() if m.group(2) else None}
    m = re.fullmatch(r"there are (two|three|four|five) colors among permanents you control", t)
    if m:  # "if there are five colors among permanents you control" (Happily Ever After; 105.2)
        return {"colors_among_ge": number(m.group(1))}
    m = re.fullmatch(r"there are (\w+) or more card types among permanents you control and/or cards in your graveyard",
                     t)
    if m and number(m.group(1)):  # 205.2a: each card type once, among both
        return {"types_among_ge": number(m.group(1))}
    parts = re.fullmatch(r"(there are [^,]+), (there are [^,]+), and (your life total is [^,]+)", t)
    if parts:  # "if A, B, and C" (Happily Ever After): all three hold (one condition of every key)
        got_all: dict[str, Any] = {}
        for part in parts.groups():
            one = parse_condition(part)
            if one is None or set(one) & set(got_all):
                return None
            got_all.update(one)
        return got_all
    if t in ("it isn't being declared as an attacker", "it wasn't tapped as an attacker was declared"):
        return {"not_declared_attacker": True}  # "becomes tapped, if it isn't being declared as an attacker" (508.1f)
    m = re.fullmatch(r"the top card of your library is (an? .+|white|blue|black|red|green|colorless)", t)
    if m:  # "as long as the top card of your library is black" (Vampire Nocturnus), "... is a creature card"
        f = parse_noun(re.sub(r"^an? ", "", m.group(1)) if m.group(1).startswith(("a ", "an ")) else
                       f"{m.group(1)} card")
        if f is not None and not f.get("player") and set(f) - {"zone"}:
            f.pop("zone", None)
            return {"top_card_is": f}
        return None
    m = re.fullmatch(r"(?:it|self) had no ([+\-]\d+/[+\-]\d+|[a-z]+) counters on it", t)
    if m:  # persist, undying (702.78a, 702.92a): the counters it had as it last existed
        return {"had_no_counters": m.group(1)}
    t = re.sub(r"^(self|it) has (.+) counters? on (?:him|her)$", r"\1 has \2 counters on it", t)  # a planeswalker
    m = re.fullmatch(r"(?:self|it) has (\w+) or fewer ([+\-]\d+/[+\-]\d+|[a-z]+) counters on it", t)
    if m and number(m.group(1)) is not None:  # "When SELF has two or fewer loyalty counters on him" (Garruk Relentless)
        return {"self_counters_le": {m.group(2): number(m.group(1))}}
    m = re.fullmatch(r"that creature has (\w+) or more ([+\-]\d+/[+\-]\d+|[a-z]+) counters on it", t)
    if m and number(m.group(1)):  # "Whenever a creature you control enters, if it has one or more oil counters on it"
        # (Ichorplate Golem): the object the event is about (603.4)
        return {"it": {"counters_ge": {m.group(2): number(m.group(1))}}}
    m = re.fullmatch(r"(?:there are (\w+) or more ([+\-]\d+/[+\-]\d+|[a-z]+) counters on (?:self|it)"
                     r"|(?:self|it) has (\w+) or more ([+\-]\d+/[+\-]\d+|[a-z]+) counters on it)", t)
    if m and number(m.group(1) or m.group(3)):  # "if there are two or more ki counters on SELF"
        return {"self_counters_ge": {m.group(2) or m.group(4): number(m.group(1) or m.group(3))}}
    m = re.fullmatch(r"(?:self has no ([+\-]\d+/[+\-]\d+|[a-z]+) counters on it|there are no ([+\-]\d+/[+\-]\d+|"
                     r"[a-z]+) counters on self)", t)
    if m:  # Thing in the Ice: "Then if it has no ice counters on it, transform it"; depletion lands
        return {"self_counters_le": {m.group(1) or m.group(2): 0}}
    if t in ("that creature's power is greater than self's", "its power is greater than self's"):
        # "if that creature's power is greater than SELF's" (Pelt Collector): that creature as the event saw it
        return {"amount_ge": {"amount": {"plus": [{"power_of": "it"}, {"times": -1, "of": {"power_of": "self"}}]},
                              "n": 1}}
    if t in ("you lost life last turn", "an opponent lost life last turn"):  # the turn before this one (119.3)
        return {"lost_life_last_turn": "you" if t.startswith("you") else "opponent"}
    m = re.fullmatch(r"(\w+) or more creatures are blocking (?:it|self)", t)
    if m and number(m.group(1)):  # "as long as two or more creatures are blocking it" (509.1g)
        return {"amount_ge": {"amount": {"count": {"types": ["Creature"], "blocking_self": True}},
                              "n": number(m.group(1))}}
    m = re.fullmatch(r"(?:self|it) has fewer than (\w+) ([+\-]\d+/[+\-]\d+|[a-z]+) counters on it", t)
    n = number(m.group(1)) if m else None
    if m and n:  # "if SELF has fewer than three +1/+1 counters on it" (121.1)
        return {"self_counters_le": {m.group(2): n - 1}}
    if t in ("it attacked during its controller's last turn", "it attacked during your last turn"):
        return {"it": {"attacked_last_turn": True}}  # (Tangle Kelp) declared as an attacker that turn (508.1)
    m = re.fullmatch(r"there (?:is|are) exactly (\w+) ([+\-]\d+/[+\-]\d+|[a-z]+) counters? on (?:self|it)"
                     r"|(?:self|it) has exactly (\w+) ([+\-]\d+/[+\-]\d+|[a-z]+) counters? on it", t)
    n = number(m.group(1) or m.group(3)) if m else None
    if m and n:  # "As long as there is exactly one tide counter on SELF" (Homarid, 121.1): that many, no more
        kind = m.group(2) or m.group(4)
        return {"self_counters_ge": {kind: n}, "self_counters_le": {kind: n}}
    m = re.fullmatch(r"self has an? ([+\-]\d+/[+\-]\d+|[a-z]+) counter on it", t)
    if m:  # graft (702.57a): "if this permanent has a +1/+1 counter on it"
        return {"self_counters_ge": {m.group(1): 1}}
    m = re.fullmatch(r"(?:self|it) has (a|one or more|(\w+) or more) counters? on it", t)
    if m and (m.group(2) is None or number(m.group(2))):  # "as long as SELF has a counter on it" (Demon Wall),
        # "... three or more counters on it" (Warden of the Inner Sky): counters of any kinds together (121.1)
        return {"self_counters_ge": {"any": number(m.group(2)) if m.group(2) else 1}}
    if t in ("it isn't renowned", "self isn't renowned"):
        return {"renowned": False}  # renown (702.111a)
    if t in ("self is renowned", "it's renowned", "it is renowned"):  # (702.111b: a designation it keeps)
        return {"renowned": True}
    if t in ("self is monstrous", "it's monstrous", "it is monstrous", "self isn't monstrous", "it isn't monstrous"):
        return {"monstrous": "n't" not in t}  # 701.28b: a designation it keeps while on the battlefield
    if t == "an opponent was dealt damage this turn":
        return {"opponent_dealt_damage_this_turn": True}  # bloodthirst (702.53a)
    if re.fullmatch(r"(?:self|it|this) came under your control since the beginning of your last upkeep", t):
        return {"new_since_upkeep": True}  # echo (702.29a)
    m = re.fullmatch(r"an opponent has (no|one or fewer|two or fewer|three or fewer) cards in (?:their |his or her )?"
                     r"hand", t)
    if m:  # "as long as an opponent has no cards in hand" (Guul Draz Specter): any opponent (102.2)
        return {"opponent_hand_le": {"no": 0, "one or fewer": 1, "two or fewer": 2, "three or fewer": 3}[m.group(1)]}
    m = re.fullmatch(r"([a-z]+(?: [a-z]+){0,2}) gets more votes( or the vote is tied)?", t)
    if m:  # 701.29 (will of the council): "if grace gets more votes", "if condemnation gets more votes or the vote
        # is tied": more votes than each other choice (or, tied, at least as many)
        return {"votes_most": m.group(1), "tied": bool(m.group(2))}
    if re.fullmatch(r"you control your commanders?", t):  # lieutenant (903.3): the commander you own, on the
        # battlefield under your control ("your commander" is the one you own; either of two partners)
        return {"control": {"commander": True, "owner": "you", "permanent": True, "controller": "you"}, "min": 1}
    m = re.fullmatch(r"you control (two|three|one) or fewer other (lands|creatures)", t)
    if m:
        return {"control": {"types": [m.group(2)[:-1].capitalize()], "controller": "you", "other": True},
                "max": number(m.group(1))}
    m = re.fullmatch(r"you control (artifacts|creatures|enchantments|lands|permanents) named ([^,]+?) and ([^,]+)", t)
    if m:  # "if you control artifacts named Crown of Empires and Scepter of Empires" (201.2): one of each name
        kind = m.group(1)[:-1]
        art = "an" if kind[0] in "aeiou" else "a"
        t = f"you control {art} {kind} named {m.group(2)} and {art} {kind} named {m.group(3)}"
    m = re.fullmatch(r"(you control .+?) and ((?:an opponent|you|your life total|self) (?:has|have|is) .+)", t)
    if m:  # "As long as you control three or more artifacts and an opponent has three or more poison counters"
        # (Incisor Steed): two facts with subjects of their own, both true (611.3a)
        a, b = parse_condition(m.group(1)), parse_condition(m.group(2))
        if a is not None and b is not None:
            return {"all": [a, b]}
    m = re.fullmatch(r"you control (an? [^,]+?) and (an? .+)", t)
    if m:  # "if you control a white permanent and a blue permanent": both, each its own object
        a, b = parse_condition("you control " + m.group(1)), parse_condition("you control " + m.group(2))
        return None if a is None or b is None else {"all": [a, b]}
    m = re.fullmatch(r"you control (no|an?|another|one|two|three|four|five|six|seven|eight|nine|ten|twenty|\d+)"
                     r"(?: or more)? (.+?)", t)
    if m:
        noun = m.group(2)
        diff = noun.endswith(" with different names")
        if diff:
            noun = noun[: -len(" with different names")]
        f = parse_noun(("another " if m.group(1) == "another" else "") + noun)
        if f is not None and diff:
            f["different_names"] = True
        if f is None or f.get("controller") or "player" in f:
            return None
        f["controller"] = "you"
        if m.group(1) == "no":
            return {"control": f, "max": 0}
        return {"control": f, "min": number(m.group(1)) or 1}
    m = re.fullmatch(r"you don't control (an?|any) (.+?)", t)
    if m:
        f = parse_noun(m.group(2))
        if f is None:
            return None
        f["controller"] = "you"
        return {"control": f, "max": 0}
    m = re.fullmatch(r"you have (\d+) or (more|less) life", t)
    if m:
        return {"life_ge" if m.group(2) == "more" else "life_le": int(m.group(1))}
    m = re.fullmatch(r"your life total is (less|greater) than (\d+)|you have (less|more) than (\d+) life", t)
    if m:  # "if your life total is less than 7" (Elderscale Wurm): an integer comparison (107.1)
        n, less = int(m.group(2) or m.group(4)), (m.group(1) or m.group(3)) == "less"
        return {"life_le": n - 1} if less else {"life_ge": n + 1}
    m = re.fullmatch(r"you have at least (\d+) life more than your starting life total", t)
    if m:
        return {"life_ge_start_plus": int(m.group(1))}
    if t == "your life total is greater than your starting life total":  # 103.3: more than it began with
        return {"life_ge_start_plus": 1}
    m = re.fullmatch(r"this ability has been activated (\w+) or more times this turn", t)
    if m and number(m.group(1)):  # Dragon Whelp: the activations of this ability of its source this turn (602.2b)
        return {"activated_ge": number(m.group(1))}
    if t == "your life total is greater than or equal to your starting life total":  # 103.3 (Path of Bravery)
        return {"life_ge_start_plus": 0}
    if t in ("your life total is less than your starting life total", "you have less life than you started with"):
        return {"life_lt_start": True}
    if t in ("it's your turn", "during your turn"):
        return {"your_turn": True}
    m = re.fullmatch(r"you (didn't |did not )?put (?:a|one or more) cards? into your hand this way", t)
    if m:  # "If you didn't put a card into your hand this way, draw a card" (Adventure Awaits): the cards this
        # resolution's instruction before put there (engine/ops/library.py dig, exile_until: "put_hand")
        put = {"amount_ge": {"amount": {"count_this_way": {}, "action": "put_hand"}, "n": 1}}
        return {"not": put} if m.group(1) else put
    if t == "the amount of mana you spent is greater than self's power or toughness":
        # increment (a later keyword): the mana spent to cast the spell that triggered it (601.2h), more than SELF's
        # power or more than its toughness, as it is now
        return {"trigger_spent_gt_self_pt": True}
    m = re.fullmatch(r"it's (day|night|nighttime|daytime|neither day nor night)", t)
    if m:  # day and night (a later rule, Innistrad: Midnight Hunt): the game's day or night now (engine/transform.py)
        return {"day_night": {"nighttime": "night", "daytime": "day", "neither day nor night": "neither"}.get(
            m.group(1), m.group(1))}
    if t == "it's the first combat phase of the turn":  # 506.6d: a combat phase, and none ended earlier this turn
        return {"first_combat": True}
    m = re.fullmatch(r"you attacked with creatures with total power (\d+) or greater this combat", t)
    if m:  # pack tactics (an ability word, Adventures in the Forgotten Realms): the total power of the creatures
        # you declared as attackers this combat, as they were declared (508.1; engine/combat.py)
        return {"attacked_power_ge": int(m.group(1))}
    if t in ("it's not your turn", "during each opponent's turn", "during an opponent's turn",
             "during turns other than yours"):
        return {"your_turn": False}
    m = re.fullmatch(r"it's (not |)(?:their|that player's) turn|it isn't (?:their|that player's) turn", t)
    if m:  # "Whenever a player casts a spell, if it's not their turn, ..." (Adrenaline Jockey): the player the trigger
        # names is (isn't) the active player (102.1, 603.4: checked as it triggers and as it resolves)
        return {"trigger_player_turn": not (m.group(1) or t.startswith("it isn't"))}
    m = re.fullmatch(r"there is an? (.+? card) in your graveyard", t)
    if m:  # "as long as there is a Desert card in your graveyard" (Ramunap Hydra): one or more (404.2)
        f = parse_noun(m.group(1))
        if f is None or f.get("player") or f.get("zone", "any_card") != "any_card" or "controller" in f or "owner" in f:
            return None
        return {"graveyard_ge": 1, "filter": f}
    if t in ("an opponent has more cards in hand than you", "an opponent has more cards in their hand than you"):
        return {"opponent_hand_more": True}  # some opponent has more cards in hand than you, now (402)
    m = re.fullmatch(r"(?:there are|you have) (\w+) or more (.+?) in your graveyard", t)
    if m:  # "if you have seven or more cards in your graveyard" (Search for Azcanta)
        f = parse_noun(m.group(2))
        n = number(m.group(1))
        if f is None or n is None:
            return None
        return {"graveyard_ge": n, "filter": f}
    m = re.fullmatch(r"there(?:'s| is) (?:a|an) (.+? card) in your graveyard", t)
    if m:  # "as long as there's a Lesson card in your graveyard" (First-Time Flyer), "if there is an Elf card in your
        # graveyard" (Dawnhand Eulogist): one or more of them there (404.1)
        f = parse_noun(m.group(1))
        if f is None or f.get("player") or f.get("zone", "any_card") != "any_card":
            return None
        return {"graveyard_ge": 1, "filter": f}
    m = re.fullmatch(r"you attacked with (\w+) or more creatures this turn", t)
    if m and number(m.group(1)):  # "if you attacked with three or more creatures this turn" (Windbrisk Heights): the
        return {"attacked_with_ge": number(m.group(1))}  # creatures declared as attackers this turn (508.1)
    m = re.fullmatch(r"an opponent was dealt (\d+) or more damage this turn", t)
    if m:  # "if an opponent was dealt 7 or more damage this turn" (Spinerock Knoll): one opponent's total (120.3)
        return {"opponent_dealt_ge": int(m.group(1))}
    if t in ("each player has no cards in hand", "all players have no cards in hand"):
        return {"hands_empty": True}  # "if each player has no cards in hand" (Howltooth Hollow): every player's
    m = re.fullmatch(r"you have no (.+?) cards? in (?:your )?hand", t)
    if m:  # "If you have no land cards in hand, ..." (Land Grant): none of that kind there now
        f = parse_noun(m.group(1) + " card")
        if f is None or f.get("player") or f.get("zone", "any_card") != "any_card":
            return None
        f.pop("zone", None)
        return {"hand_none": f}
    m = re.fullmatch(r"self is in your graveyard with (?:(\w+) or more (.+?)|an? (.+?) (directly)) above it|"
                     r"(\w+) or more (.+?) are above self", t)
    if m:  # "if SELF is in your graveyard with three or more creature cards above it" (Nether Shadow), "... with a
        # creature card directly above it" (Krovikan Horror), "only if three or more creature cards are above SELF"
        # (Ashen Ghoul): the order of its owner's graveyard (404.2), the cards put there after it
        n = number(m.group(1) or m.group(5) or "one")
        f = parse_noun(m.group(2) or m.group(3) or m.group(6))
        if f is None or n is None or f.get("player") or f.get("zone", "any_card") != "any_card" \
                or set(f) & {"owner", "controller"}:
            return None
        f.pop("zone", None)
        return {"self": {"zone": "graveyard"}, "above_self": {"filter": f, "n": n, "directly": bool(m.group(4))}}
    m = re.fullmatch(r"self is the only (.+?) in your graveyard", t)
    if m:  # "if SELF is the only creature card in your graveyard" (Nether Spirit): it is there, and no other such card
        f = parse_noun(m.group(1))
        if f is None or f.get("player") or f.get("zone", "any_card") != "any_card":
            return None
        f.pop("zone", None)
        return {"self": {"zone": "graveyard"},
                "amount_lt": {"amount": {"count": {**f, "zone": "graveyard", "owner": "you"}}, "n": 2}}
    m = re.fullmatch(r"there are fewer than (\w+) (.+?) in your graveyard", t)
    if m:  # "if there are fewer than six creature cards in your graveyard" (Shadowborn Demon): counted now (608.2h)
        f = parse_noun(m.group(2))
        n = number(m.group(1))
        if f is None or n is None or f.get("player") or f.get("zone", "any_card") != "any_card":
            return None
        f.pop("zone", None)
        return {"amount_lt": {"amount": {"count": {**f, "zone": "graveyard", "owner": "you"}}, "n": n}}
    m = re.fullmatch(r"(\w+) or more (.+?) are in your graveyard", t)
    if m:
        f = parse_noun(m.group(2))
        n = number(m.group(1))
        if f is None or n is None:
            return None
        return {"graveyard_ge": n, "filter": f}
    m = re.fullmatch(r"you have (no|one or fewer|two or fewer) cards in hand", t)
    if m:
        return {"hand_le": {"no": 0, "one or fewer": 1, "two or fewer": 2}[m.group(1)]}
    if t in ("you didn't cast it from your hand", "you didn't cast self from your hand"):
        return {"cast_from_hand": False}  # "When SELF enters, if you didn't cast it from your hand, you lose the game"
        # (Phage the Untouchable; 603.4): put onto the battlefield another way, or cast from another zone
    if t in ("self is blocked", "self is blocked this turn"):  # "Activate only if SELF is blocked" (Cinder Crawler):
        return {"self": {"blocked": True}}  # an attacking creature that became blocked this combat (509.1h)
    m = re.fullmatch(r"you have (\w+) or fewer cards in (?:your )?hand", t)
    if m and number(m.group(1)) is not None:  # "if you have three or fewer cards in hand" (Scalding Tongs; 402)
        return {"hand_le": number(m.group(1))}
    if t in ("you have a card in hand", "you have a card in your hand", "you have one or more cards in hand"):
        return {"hand_ge": 1}  # "if you have a card in hand, return SELF to its owner's hand" (Imaginary Pet; 402)
    if t in ("there are no cards in your graveyard", "your graveyard has no cards in it", "your graveyard is empty"):
        # "SELF gets +4/+4 as long as there are no cards in your graveyard" (Gorilla Titan; 404)
        return {"amount_lt": {"amount": {"count": {"zone": "graveyard", "owner": "you"}}, "n": 1}}
    m = re.fullmatch(r"you have (\w+) or more cards in your library", t)
    if m and number(m.group(1)):  # "if you have 200 or more cards in your library, you win the game" (Battle of Wits;
        return {"amount_ge": {"amount": {"library_size": "you"}, "n": number(m.group(1))}}  # 401)
    if t in ("you didn't play a land this turn", "you haven't played a land this turn"):
        return {"amount_lt": {"amount": {"lands_played": "you"}, "n": 1}}  # 305.1: a land played this turn (Mercadian
        # Atlas); a land put onto the battlefield by an effect is not played (305.4)
    m = re.fullmatch(r"you have exactly (\w+) cards? in hand", t)
    if m and number(m.group(1)) is not None:  # "Activate only if you have exactly seven cards in hand" (Library of
        n = number(m.group(1))                # Alexandria): no more and no fewer (402.1)
        return {"hand_ge": n, "hand_le": n}
    m = re.fullmatch(r"you have fewer than (\w+) cards in hand", t)
    fewer = number(m.group(1)) if m else None
    if fewer:
        return {"hand_le": fewer - 1}
    m = re.fullmatch(r"(?:that|the) player is your opponent and has (.+)", t)
    if m:  # "If the player is your opponent and has four or more cards in hand" (Fevered Visions): both
        more = parse_condition(f"that player has {m.group(1)}")
        return None if more is None else {"trigger_player_opponent": True, **more}
    if t in ("that player is your opponent", "the player is your opponent"):
        return {"trigger_player_opponent": True}  # the trigger's player is an opponent (102.3)
    m = re.fullmatch(r"(?:that|the) player has (\w+) or more cards in hand", t)
    if m and number(m.group(1)) is not None:  # the trigger's player's hand (402.1)
        return {"trigger_player_hand_ge": number(m.group(1))}
    m = re.fullmatch(r"that player has (no|one or fewer|two or fewer) cards in hand", t)
    if m:  # "at the beginning of each opponent's upkeep, if that player has one or fewer cards in hand" (603.4)
        return {"trigger_player_hand_le": {"no": 0, "one or fewer": 1, "two or fewer": 2}[m.group(1)]}
    got = _player_fact(t)
    if got is not None:
        return got
    m = re.fullmatch(r"you have (\w+) or more cards in hand", t)
    if m and number(m.group(1)) is not None:
        return {"hand_ge": number(m.group(1))}
    m = re.fullmatch(r"a player lost (\d+) or more life this turn", t)
    if m:
        return {"player_lost_life_this_turn": int(m.group(1))}
    if t in ("a card with the chosen name was milled this way", "a card with that name was milled this way"):
        return {"milled_this_way": {"chosen_name": True}}  # (Predict: the name chosen as it resolves, 201.3)
    m = re.fullmatch(r"at least one (.+?) (?:card )?is milled this way|an? (.+?) card was milled this way", t)
    if m:
        f = parse_noun(m.group(1) or m.group(2))
        return None if f is None else {"milled_this_way": f}
    m = re.fullmatch(r"you return (two|three|four|five|six) or more (.+?) this way", t)
    if m:  # "If you return four or more nontoken permanents you control this way" (Flood of Tears): the permanents the
        # instruction before returned, as they last existed (608.2c, 608.2h)
        f = parse_noun(m.group(2))
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") \
                or set(f) - {"controller", "token", "types", "not_types", "subtypes", "zone"} \
                or f.get("controller") not in (None, "you"):
            return None
        f.pop("zone", None)
        return {"amount_ge": {"amount": {"count_this_way": f, "action": "returned"}, "n": number(m.group(1))}}
    m = re.fullmatch(r"you (controlled|didn't control) that (?:permanent|creature|artifact|enchantment|land)", t)
    if m:  # "Destroy target artifact. If you controlled that artifact, ..." (Gleeful Demolition): its controller as it
        # last existed (608.2h: the controller it had as the resolution began, if it has left)
        return {"it_controller": "you"} if m.group(1) == "controlled" else {"not": {"it_controller": "you"}}
    m = re.fullmatch(r"an? (.+?) is dealt damage this way", t)
    if m:
        f = parse_noun(m.group(1))
        return None if f is None else {"it": f}
    m = re.fullmatch(r"an? ((?:[a-z]+ )*?creature) died under your control this turn", t)
    if m:  # "if a creature died under your control this turn" (700.4): one of the creatures that died this turn
        got = count_of(m.group(1) + " that died under your control this turn")  # was yours as it last existed
        return None if got is None else {"amount_ge": {"amount": got, "n": 1}}
    m = re.fullmatch(r"(?:(\w+) or more damage was dealt to (?:it|self)|self was dealt damage) this turn", t)
    if m and (m.group(1) is None or number(m.group(1)) is not None):
        # "When SELF dies, if 4 or more damage was dealt to it this turn" (Burning-Eye Zubera), "At the beginning of
        # each end step, if SELF was dealt damage this turn" (Wall of Resistance): the damage dealt to the permanent
        # this turn in all (119.3), as it last existed when it left (603.6d)
        return {"self_dealt_ge": number(m.group(1)) if m.group(1) else 1}
    if re.fullmatch(r"(?:it|that creature|that permanent|that artifact) had (?:one or more )?counters on it", t):
        return {"had_counter": "any"}  # "if it had counters on it" (The Ozolith): of any kind, as it last existed
    m = re.fullmatch(r"(?:it|that creature) had an? ([+\-\w/]+) counter on it", t)
    if m:  # "Destroy target creature. If that creature had a +1/+1 counter on it, ..." (Rite of the Serpent), "When
        # SELF dies, if it had a +1/+1 counter on it" (Promising Duskmage): as it last existed (608.2h, 603.10)
        return {"had_counter": m.group(1)}
    m = re.fullmatch(r"the (sacrificed|discarded) (?:creature|card|permanent|artifact|land) (was|wasn't) "
                     r"(?:an? )?(.+)", t)
    if m:  # "if the sacrificed creature was a Human" (Falkenrath Aristocrat), "if the discarded card was a Zombie
        # card" (Necromancer's Stockpile): the object the cost took, as it last existed (608.2h)
        f = parse_noun(re.sub(r" card$", "", m.group(3)) if m.group(1) == "sacrificed" else m.group(3))
        if f is None or f.get("player") or not f or m.group(1) == "sacrificed" and set(f) - {
                "types", "subtypes", "supertypes", "colors", "not_types", "token", "zone"}:
            return None
        f.pop("zone", None)
        got = {"cost_was": {m.group(1): f}}
        return got if m.group(2) == "was" else {"not": got}
    if t in ("self entered this turn", "self entered the battlefield this turn"):
        return {"self": {"entered_this_turn": True}}  # a permanent since the entry of this turn (Obj.entered_turn)
    if t == "self attacked this turn":
        return {"self_attacked_this_turn": True}
    if t in ("self didn't attack this turn", "self hasn't attacked this turn", "self did not attack this turn"):
        return {"self_attacked_this_turn": False}  # declared as an attacker this turn, or not (508.1)
    if t in ("self attacked or blocked this turn",):
        return {"self_attacked_or_blocked_this_turn": True}
    if t == "self attacked or blocked this combat":  # (the Clockwork creatures) in this combat phase (506.1)
        return {"self_attacked_or_blocked_this_combat": True}
    m = re.fullmatch(r"(?:it|self) has dealt (\w+) or more damage this turn", t)
    if m and number(m.group(1)) is not None:  # Chandra, Fire of Kaladesh (120.1: damage it dealt this turn)
        return {"self_damage_turn_ge": number(m.group(1))}
    if t in ("self dealt damage to an opponent this turn", "it dealt damage to an opponent this turn"):
        return {"self_damaged_opponent_turn": True}  # (Whirling Dervish) to a player it opposes this turn (120.3)
    if t in ("it hasn't dealt damage yet", "self hasn't dealt damage yet"):
        return {"self_dealt_damage": False}
    if t == "self is enchanted or equipped":
        return {"self": {"or": [{"enchanted": True}, {"equipped": True}]}}
    m = re.fullmatch(r"a player has (\d+) or less life", t)
    if m:
        return {"any_player_life_le": int(m.group(1))}
    m = re.fullmatch(r"you control (two|three|one) or fewer other (lands|creatures)", t)
    if m:
        return {"control": {"types": [m.group(2)[:-1].capitalize()], "controller": "you", "other": True},
                "max": number(m.group(1))}
    m = re.fullmatch(r"you control exactly one ([a-z]+)", t)
    if m:  # "as long as you control exactly one creature" (Deadly Wanderings)
        f = parse_noun(m.group(1))
        if f is None or set(f) - {"types", "subtypes"}:
            return None
        return {"control": {**f, "controller": "you"}, "min": 1, "max": 1}
    m = re.fullmatch(r"you control (two|three|four|five|six|seven|eight) or more other (lands|creatures)", t)
    if m:
        return {"control": {"types": [m.group(2)[:-1].capitalize()], "controller": "you", "other": True},
                "min": number(m.group(1))}
    if t == "you have two or more opponents":
        return {"opponents_ge": 2}
    m = re.fullmatch(r"your opponents control (\w+) or more lands", t)
    if m and number(m.group(1)):
        return {"opponents_control": {"types": ["Land"]}, "min": number(m.group(1))}
    if t in ("you didn't cast a spell this turn", "no spells were cast last turn"):
        return {"spells_cast_this_turn": 0} if t.startswith("you") else {"spells_cast_last_turn": 0}
    m = re.fullmatch(r"(?:an? [a-z]+(?: [a-z]+)? was beheld|self's additional cost was paid)", t)
    if m and "beheld" in t:  # "if a Dragon was beheld": the optional behold of the spell's additional cost (601.2f)
        return {"beheld": True}
    if t == "evidence was collected":  # "you may collect evidence N" as the spell was cast (a later keyword action)
        return {"evidence_collected": True}
    m = re.fullmatch(r"you revealed an? (\w+) card or controlled an? (\w+) as you cast self", t)
    if m and m.group(1) == m.group(2):  # DTK: the optional reveal of the spell's additional cost (601.2f)
        return {"revealed_as_cast": True}
    if t in ("an opponent has more life than you", "an opponent has more life than you do",
             "you have less life than an opponent"):  # the same comparison (Timely Reinforcements)
        return {"opponent_more_life": True}
    if t in ("you have more life than an opponent", "an opponent has less life than you"):  # (Survival Cache)
        return {"opponent_less_life": True}
    m = re.fullmatch(r"you control fewer (\w+) than an opponent", t)
    if m:  # "if you control fewer creatures than an opponent": an opponent controls more of them than you
        return parse_condition(f"an opponent controls more {m.group(1)} than you")
    m = re.fullmatch(r"a player cast (\w+) or more spells last turn", t)
    if m and number(m.group(1)):
        return {"player_spells_last_turn_ge": number(m.group(1))}
    if t in ("you've put one or more +1/+1 counters on a creature this turn",
             "you put one or more +1/+1 counters on a creature this turn"):  # (Sigardian Paladin; 121.6)
        return {"plus_counters_put_ge": 1}
    if t in ("you've put one or more +1/+1 counters on self this turn",
             "you put one or more +1/+1 counters on self this turn"):  # (121.6)
        return {"plus_put_on_self": True}
    if t == "you gained life this turn":
        return {"gained_life_this_turn": 1}
    if t in ("you lost life this turn", "you've lost life this turn"):  # 119.3: some life lost this turn, paid life
        return {"you_lost_life_this_turn": 1}  # included (119.4)
    if t == "you gained and lost life this turn":  # (Lunar Convocation): both happened this turn (119.3)
        return {"all": [{"gained_life_this_turn": 1}, {"you_lost_life_this_turn": 1}]}
    if t == "you gained or lost life this turn":  # "... if you gained or lost life this turn, surveil 1" (Starlit
        return {"any": [{"gained_life_this_turn": 1}, {"you_lost_life_this_turn": 1}]}  # Soothsayer): either
    if t == "it's your end step":  # "SELF costs {2} less to cast during your end step" (513; a step of your turn)
        return {"step": "end"}
    m = re.fullmatch(r"you(?:'ve| have)? gained (\d+) or more life this turn", t)
    if m:
        return {"gained_life_this_turn": int(m.group(1))}
    m = re.fullmatch(r"you lost (\d+) or more life this turn", t)
    if m:  # 119.3: "if an opponent lost 3 or more life this turn" (Sygg) read as this, of an opponent
        return {"you_lost_life_this_turn": int(m.group(1))}
    if t in ("you didn't lose life this turn", "you haven't lost life this turn"):  # (Luminarch Ascension, 119.3)
        return {"not": {"you_lost_life_this_turn": 1}}
    m = re.fullmatch(r"you have exactly (\d+) life", t)
    if m:  # "if you have exactly 1 life" (Near-Death Experience): no more and no less (119.1)
        return {"life_ge": int(m.group(1)), "life_le": int(m.group(1))}
    if t in ("an opponent lost life this turn", "an opponent has lost life this turn"):
        return {"opponent_lost_life_this_turn": True}
    m = re.fullmatch(r"self is (attacking|blocking|tapped|untapped|enchanted|equipped|modified|attacking or blocking)",
                     t)
    if m:
        w = m.group(1)
        if w == "attacking or blocking":
            return {"self": {"in_combat": True}}
        if w in ("tapped", "untapped"):
            return {"self": {"tapped": w == "tapped"}}
        return {"self": {w: True}}
    m = re.fullmatch(r"it's (attacking|blocking)", t)
    if m:
        return {"self": {m.group(1): True}}
    m = re.fullmatch(r"(self is|it's not|it isn't)( not)? suspected", t)
    if m:  # suspect (a later keyword action, MKM): the designation (engine/ops/continuous.py suspect); "if it's not
        # suspected" of a trigger's own object only ("if it's suspected" after a target is not read: which "it"?)
        return {"self": {"suspected": not m.group(2)}} if m.group(1) == "self is" else {"it": {"suspected": False}}
    m = re.fullmatch(r"(?:it|that creature) has (a [+\-\w/]+ counter on it|power .+|toughness .+|[a-z]+)", t)
    if m:  # "if that creature has a +1/+1 counter on it" (Bring Low), "if it has flying": the object named before
        f = parse_noun(f"creature with {m.group(1)}")
        if f is None or set(f) - {"types", "counter", "keyword", "power_le", "power_ge", "power_eq", "toughness_le",
                                  "toughness_ge", "toughness_eq"} or len(f) < 2:
            return None
        f.pop("types", None)
        return {"it": f}
    m = re.fullmatch(r"(?:it|that creature) (doesn't have|has) the same name as (another .+?|an? .+?)", t)
    if m:  # "if it doesn't have the same name as another creature you control or a creature card in your graveyard"
        # (Guardian Project): another object of one of those kinds with its name (201.2), as it triggers and as it
        # resolves (603.4)
        subs = []
        for part in re.split(r" or (?=an? |another )", m.group(2)):
            f = parse_noun(re.sub(r"^(?:another|an?) ", "", part))
            if f is None or f.get("player") or set(f) - {"types", "subtypes", "controller", "owner", "zone"} \
                    or f.get("zone") not in (None, "battlefield", "graveyard") \
                    or f.get("zone") == "graveyard" and f.get("owner") != "you":
                return None
            subs.append(f)
        same = {"same_name_as": subs}
        return {"it": same if m.group(1) == "has" else {"not": same}}
    m = re.fullmatch(r"that (creature|land|permanent|artifact|enchantment|card) (?:was|is) "
                     r"((?:non)?(?:white|blue|black|red|green|basic|legendary|snow)"
                     r"(?:(?:,| or| and|, or) (?:non)?(?:white|blue|black|red|green))*)", t)
    if m:  # "If that creature was green or white" (Gloomlance), "If that land was nonbasic" (Molten Rain), "If that
        # permanent is red or green" (Consign to Dream): the object named before, as the instruction left it (608.2c)
        f = parse_noun(f"{m.group(2)} {m.group(1)}")
        if f is None or f.get("player") or set(f) - {"colors", "not_colors", "types", "supertypes", "not_supertypes",
                                                      "zone"}:
            return None
        f.pop("zone", None)
        return {"it": f}
    m = re.fullmatch(r"(?:it|that creature|that land|that permanent|that card) (?:was|is) an? (.+)", t)
    if m:  # "If that permanent was a Liliana planeswalker" (Liliana's Defeat), "If that card is a Goblin card"
        f = parse_noun(m.group(1))
        if f is not None and f.get("zone") == "any_card" and t.startswith("that card"):
            f.pop("zone")
        return None if f is None else {"it": f}
    if t == "it entered from your graveyard or you cast it from your graveyard":
        # Prized Amalgam, Archfiend's Vessel: the permanent came from its owner's graveyard or was cast from there
        return {"it": {"from_your_graveyard": True}}
    if t == "it entered from your library or was cast from your library":
        return {"it": {"from_your_library": True}}  # Fblthp, the Lost: as Prized Amalgam's, from the library
    m = re.fullmatch(r"(?:it's not|it isn't|it is not|it wasn't|it was not) an? (.+?)(?: card)?", t)
    if m:  # "If it's not a creature, it becomes a 0/0 Robot artifact creature" (Tezzeret, Cruel Captain's emblem);
        # "Exile target creature or enchantment. If it wasn't an Aura, ..." (Kaya, Intangible Slayer): the object the
        # instruction before moved, where it went (400.7, 608.2c)
        f = parse_noun(m.group(1))
        return None if f is None else {"not": {"it": f}}
    m = re.fullmatch(r"it's an? (.+?)(?: card)?", t)
    if m:
        f = parse_noun(m.group(1))
        return None if f is None else {"it": f}
    m = re.fullmatch(r"(?:it's|it is|that creature is) (white|blue|black|red|green)", t)
    if m:  # "put a +1/+1 counter on equipped creature if it's blue" (Ring of Evos Isle): its color (105.2)
        return {"it": {"colors": [COLORS[m.group(1)]]}}
    m = re.fullmatch(r"(?:it's|it is|that creature is) (\d+)/(\d+)", t)
    if m:  # "Whenever a creature you control enters, if that creature is 1/1, ..." (Sigil Captain): its power and
        # toughness are those numbers (208.1)
        return {"it": {"power_eq": int(m.group(1)), "toughness_eq": int(m.group(2))}}
    m = re.fullmatch(r"(?:it's|it is|that creature is) (attacking|blocking)", t)
    if m:  # "If that creature is attacking, you may put it on top of its owner's library instead" (506.4)
        return {"it": {m.group(1): True}}
    m = re.fullmatch(r"(?:it's|it is|that creature is) (legendary|tapped|untapped|multicolored|colorless)", t)
    if m:  # "if it's legendary, it also gains lifelink": an adjective of the object named before
        f = parse_noun(m.group(1))
        return None if f is None else {"it": f}
    m = re.fullmatch(r"(an opponent|any player|a player) controls an? (.+)", t)
    if m:  # "as long as an opponent controls a black permanent", "as long as any player controls a white permanent"
        f = parse_noun(m.group(2))
        # an unreadable noun may be two conditions ("an opponent controls a Swamp and you control a Plains"): read on
        if not (f is None or f.get("player") or f.get("controller") or f.get("_needs_player_target") or "zone" in f):
            if m.group(1) == "an opponent":
                return {"opponents_control": f, "min": 1}
            return {"amount_ge": {"amount": {"count": f}, "n": 1}}
    m = re.fullmatch(r"there are (\w+) or more ((?:[a-z]+ )*cards) exiled with self", t)
    if m and number(m.group(1)):  # "if there are three or more cards exiled with SELF" (Profane Procession)
        f = parse_noun(m.group(2) + " exiled with self")
        if f is not None:
            return {"amount_ge": {"amount": {"count": f}, "n": number(m.group(1))}}
    m = re.fullmatch(r"there are (\w+) or more (.+? on the battlefield)", t)
    if m and number(m.group(1)) and quantity(m.group(2)) is not None:  # "five or more Islands on the battlefield"
        return {"amount_ge": {"amount": quantity(m.group(2)), "n": number(m.group(1))}}
    if t in ("your library has no cards in it", "there are no cards in your library", "you have no cards in your "
             "library"):  # "Then if your library has no cards in it, you win the game" (Jace, Wielder of Mysteries)
        return {"amount_lt": {"amount": {"count": {"zone": "library", "owner": "you"}}, "n": 1}}
    m = re.fullmatch(r"there are no (.+? on the battlefield)|no (.+?) (?:are|is) (on the battlefield)", t)
    if m and m.group(2):  # "if no creatures are on the battlefield" (Pestilence, Call to the Grave)
        m = re.fullmatch(r"(.+)", f"{m.group(2)} {m.group(3)}")
    if m and quantity(m.group(1)) is not None:  # "if there are no Zombies on the battlefield" (Sarcomancy)
        return {"amount_lt": {"amount": quantity(m.group(1)), "n": 1}}
    m = re.fullmatch(r"there is an? ([a-z -]+?) on the battlefield", t)
    f = parse_noun(m.group(1)) if m else None
    if f is not None and not f.get("player") and f.get("zone") in (None, "battlefield") and "or" not in f:
        # "SELF can't attack unless there is a Mountain on the battlefield" (Glacial Crasher): any player's (110.1)
        f.pop("zone", None)
        return {"amount_ge": {"amount": {"count": f}, "n": 1}}
    m = re.fullmatch(r"an opponent owns an? ([a-z ]*?)card in exile", t)
    f = parse_noun(f"{m.group(1)}card") if m else None
    if f is not None and set(f) <= {"zone", "types", "subtypes", "colors", "not_types"}:
        # "SELF gets +2/+2 as long as an opponent owns a card in exile" (Warden of the Beyond, 406.1)
        return {"amount_ge": {"amount": {"count": {**f, "zone": "exile", "owner": "opponent"}}, "n": 1}}
    if t == "an opponent has been dealt damage this turn":  # the words of bloodthirst's condition (702.53a)
        return {"opponent_dealt_damage_this_turn": True}
    m = re.fullmatch(r"(your devotion to .+?) is (less than (\w+)|(\w+) or greater)", t)
    if m and quantity(m.group(1)) is not None and number(m.group(3) or m.group(4)):
        key = "amount_lt" if m.group(3) else "amount_ge"  # 700.5: devotion compared with a number
        return {key: {"amount": quantity(m.group(1)), "n": number(m.group(3) or m.group(4))}}
    m = re.fullmatch(r"(no )?((?:\{[wubrgc]\})+) was spent to cast (?:self|it|this spell)", t)
    if m:  # "if {R}{R} was spent to cast it", "unless {U} was spent to cast it" (Shadowmoor's hybrid cycles): the
        # mana that paid its total cost (601.2h), at least that much of each kind named
        need: dict[str, int] = {}
        for k in re.findall(r"\{([wubrgc])\}", m.group(2)):
            need[k.upper()] = need.get(k.upper(), 0) + 1
        return {"not": {"mana_spent_ge": need}} if m.group(1) else {"mana_spent_ge": need}
    if re.fullmatch(r"mana from a treasure was spent to (?:cast (?:self|it|this spell)|activate this ability)", t):
        # "if mana from a Treasure was spent to cast it" (Adventures in the Forgotten Realms): mana a Treasure's
        # mana ability made paid part of its total cost (601.2h; Player.treasure_mana), or of this ability's (602.2b)
        return {"treasure_spent_ge": 1}
    m = re.fullmatch(r"at least (\w+) (?:(white|blue|black|red|green|colorless) mana|mana of the same color) "
                     r"was spent to cast (?:self|it|this spell)", t)
    if m and number(m.group(1)):  # adamant (a later ability word, added 2019): the mana that paid (601.2h)
        return {"mana_spent_ge": {_MANA_KIND[m.group(2)] if m.group(2) else "same_color": number(m.group(1))}}
    if re.fullmatch(r"excess damage (?:was|is) dealt (?:to a (?:creature|permanent) )?this way", t):
        return {"amount_ge": {"amount": {"excess_this_way": True}, "n": 1}}  # a later rule (2020)
    m = re.fullmatch(r"(\w+) or more (creatures|nontoken creatures) died this turn", t)
    if m and number(m.group(1)):  # "if three or more creatures died this turn" (700.4)
        died: dict[str, Any] = {"types": ["Creature"], **({"token": False} if m.group(2).startswith("non") else {})}
        return {"amount_ge": {"amount": {"died_this_turn": died}, "n": number(m.group(1))}}
    m = re.fullmatch(r"(white|blue|black|red|green) is the most common color among all permanents or is tied for most "
                     r"common", t)
    if m:  # "SELF gets -2/-2 as long as white is the most common color among all permanents or is tied for most
        # common" (Ruham Djinn): that color is one the most permanents have (105.1; engine/filters.most_common_colors)
        return {"most_common_color": COLORS[m.group(1)]}
    if t == "you have a full party":  # four creatures, one each of Cleric, Rogue, Warrior, Wizard (Zendikar Rising)
        return {"amount_ge": {"amount": {"party": "you"}, "n": 4}}
    if t in ("SELF was kicked".lower(), "self was kicked", "it was kicked"):
        return {"kicked": True}
    m = re.fullmatch(r"(?:self|it) was kicked with (?:its (first|second) kicker|both its kickers)", t)
    if m:  # 702.32f: the kicker cost the ability is linked to was paid (the compiler's linked_kickers wording), the
        # first one as any kicker, the second as its own optional additional cost (engine/cast_options.py)
        first, second = {"cast_with": "Kicker"}, {"cast_with": "Second kicker"}
        return first if m.group(1) == "first" else second if m.group(1) else {"all": [first, second]}
    m = re.fullmatch(r"(?:its|that spell's|that card's|that creature's|that permanent's) mana value (?:was|is) "
                     r"(\w+) or (less|greater)", t)
    if m and number(m.group(1)) is not None:  # "If its mana value was 2 or less, scry 2": the object the instruction
        # before named, as it is now or last existed (202.3, 608.2h)
        n = number(m.group(1))
        assert n is not None
        mv = {"mv_of": "it"}  # the card, or the object as it last existed where it left (608.2h: engine/values.py)
        return {"amount_lt": {"amount": mv, "n": n + 1}} if m.group(2) == "less" \
            else {"amount_ge": {"amount": mv, "n": n}}
    m = re.fullmatch(r"(two|three|four|five) or more (.+?) have an? ([+\-\w/]+) counters? on them", t)
    if m:  # "if two or more permanents you don't control have an aim counter on them" (Haphazard Bombardment)
        f = parse_noun(m.group(2))
        if f is not None and not f.get("player") and f.get("zone") in (None, "battlefield") and "controller" in f \
                and "counter" not in f:
            f.pop("zone", None)
            return {"control": {**f, "counter": m.group(3)}, "min": number(m.group(1))}
    m = re.fullmatch(r"(two|three|four)( nonland)? cards that share an? (color|card type) (?:are|were) "
                     r"(milled|discarded) "
                     r"this way|(two) or more of those cards have the same (name)", t)
    if m:  # "If two cards that share a color were milled this way, repeat this process." (Grindstone), "two nonland
        # cards that share a color" (Sphinx's Tutelage), "a card type" (The Tale of Tamiyo), "If two or more of those
        # cards have the same name" (Scalpelexis: the cards the exile before took), "If two cards that share a card type
        # are discarded this way" (Rowdy Crew: the cards the discard before put into a graveyard): that many of the
        # cards, among those
        # this round put there, have a color (105.2: colorless is none), a card type (205.2a) or a name in common
        n = number(m.group(1) or m.group(5))
        share = {"color": "color", "card type": "type", "name": "name"}[m.group(3) or m.group(6)]
        return {"this_way_share": {"action": m.group(4) or "exiled", "n": n, "by": share,
                                   **({"not_types": ["Land"]} if m.group(2) else {})}}
    m = re.fullmatch(r"an? (.+?) (?:was|is) discarded this way", t)
    if m:  # "If a land card is discarded this way, draw an additional card" (Lord Windgrace), "If a red card is
        # discarded this way" (Chandra Ablaze): one of the cards the discard before put into a graveyard (701.7a)
        f = parse_noun(m.group(1))
        if f is None or f.get("player") or set(f) - {"types", "subtypes", "not_types", "colors", "not_colors",
                                                     "supertypes", "zone"}:
            return None
        f.pop("zone", None)
        return {"amount_ge": {"amount": {"count_this_way": f, "action": "discarded"}, "n": 1}}
    m = re.fullmatch(r"an? (.+?) was sacrificed this way", t)
    if m:  # "If a Saproling was sacrificed this way" (the permanent sacrificed to pay the cost, 608.2h)
        f = parse_noun(m.group(1))
        if f is not None:
            f.pop("zone", None)
        return {"sacrificed_this_way": f} if f and set(f) <= {"types", "subtypes"} else None
    m = re.fullmatch(r"the card put into your hand this way is (.+)", t)
    if m:  # "If it's legendary, you gain 3 life" after a look that put a card into the hand (Ellywick): that card
        f = parse_noun(m.group(1) if re.match(r"an? ", m.group(1)) is None else m.group(1).split(" ", 1)[1]) \
            if m.group(1) != "legendary" else {"supertypes": ["Legendary"]}
        if f is None or set(f) - {"types", "subtypes", "supertypes", "colors", "zone"}:
            return None
        f.pop("zone", None)
        return {"taken_is": f}
    m = re.fullmatch(r"(?:an?|at least one) (.+?) (?:was|is) exiled this way", t)
    if m:  # "If a creature card was exiled this way", "If a Pirate was exiled this way" (608.2c, 608.2h)
        f = parse_noun(re.sub(r" card$", "", m.group(1)))
        if f is not None:
            f.pop("zone", None)
        return {"exiled_this_way": f} if f and set(f) <= {"types", "subtypes", "not_types", "token", "not_colors",
                                                           "colors"} else None
    m = re.fullmatch(r"(?:an?|at least one) (creature|permanent|artifact|enchantment|land|planeswalker|nonland "
                     r"permanent|[a-z]+ creature) (?:was|is) destroyed this way", t)
    if m:  # "Destroy another target creature. If a creature is destroyed this way, you gain life equal to its
        # toughness" (Noxious Gearhulk, Make Yourself Useful): the destruction was done (608.2c: not if it was
        # regenerated or indestructible, 701.7a), counted as the objects last existed (608.2h)
        f = parse_noun(m.group(1))
        if f is None or set(f) - {"types", "subtypes", "colors", "not_colors", "not_types", "zone"}:
            return None
        f.pop("zone", None)
        return {"amount_ge": {"amount": {"count_this_way": f, "action": "destroyed"}, "n": 1}}
    if t in ("self wasn't kicked", "it wasn't kicked"):  # "if SELF wasn't kicked, sacrifice it" (702.32b)
        return {"kicked": False}
    m = re.fullmatch(r"(?:it|that card|that permanent) (?:was|is) (historic|legendary)", t)
    if m:  # "if it was historic" (a later term, Dominaria: legendary, artifact or Saga), as it last existed
        f = parse_noun(m.group(1))
        return None if f is None else {"it": f}
    if t == "that spell was kicked":  # "whenever you cast a spell, if that spell was kicked" (702.32b)
        return {"it": {"kicked": True}}
    if t == "self is paired with another creature":  # 702.94b (soulbond)
        return {"paired": True}
    if t in ("tribute wasn't paid", "tribute was paid"):  # 702.103b
        return {"tribute_paid": t == "tribute was paid"}
    if t in ("the gift was promised", "the gift wasn't promised"):  # gift (a later keyword, Bloomburrow): its cost
        return {"cast_with": "Gift"} if "wasn't" not in t else {"not": {"cast_with": "Gift"}}  # was paid
    if t == "you chose a creature other than self as your ring-bearer":  # the Ring tempting you (a later action)
        return {"ring_bearer_other": True}
    if t in ("self was foretold", "it was foretold"):
        return {"cast_with": "Foretell"}  # foretell (a later keyword, Kaldheim): cast from exile for its foretell cost
    if t in ("self was bargained", "it was bargained", "it's bargained", "self is bargained"):
        return {"cast_with": "Bargain"}  # bargain (a later keyword, Wilds of Eldraine): its cost was paid
    if t in ("it escaped", "self escaped"):  # "sacrifice it unless it escaped" (escape, a later keyword): cast so
        return {"cast_with": "Escape"}
    m = re.fullmatch(r"(?:self|it|they|he|she) (?:was|were) cast using (web-slinging|sneak|freerunning|mayhem)", t)
    if m:  # "if they were cast using web-slinging" (Spiders-Man, Heroic Horde): the keyword way it was cast (the flag
        # the permanent keeps, engine/cast_options.py)
        return {"cast_with": m.group(1).capitalize()}
    if re.fullmatch(r"(?:its|self's|this spell's|his|her|their) additional cost was paid", t):
        # "As an additional cost to cast SELF, you may blight 1. ... If SELF's additional cost was paid, ..." (601.2b,
        # 601.2f: an optional additional cost, paid or not as it was cast; engine/cast_options.py OPTIONAL_COST)
        return {"cast_with": "Additional cost"}
    m = re.fullmatch(r"(?:its|self's|this spell's|that spell's) ([a-z]+) cost was paid", t)
    if m and m.group(1) not in ("mana", "additional", "alternative"):
        # "if its prowl cost was paid" (702.75a), "if its surge cost was paid": the keyword way it was cast
        return {"cast_with": m.group(1).capitalize()}
    m = re.fullmatch(r"x is (\d+) or more", t)
    if m:
        return {"x_ge": int(m.group(1))}
    m = re.fullmatch(r"(an opponent|you) controls? (?:that creature|that permanent|it)", t)
    if m:  # "If an opponent controls that creature, put a stun counter on it" (Fear of Immobility): the object the
        # instruction before named, its controller now (608.2c; effects/sequence.py reads a target as the target)
        return {"it": {"controller": "opponent" if m.group(1) == "an opponent" else "you"}}
    m = re.fullmatch(r"you control the creature with the greatest (power|toughness) or tied for the greatest \1", t)
    if m:  # "draw a card if you control the creature with the greatest power or tied for the greatest power"
        # (Triumph of Ferocity): a creature of yours whose power no creature on the battlefield exceeds (208.1)
        return {"greatest_stat": m.group(1)}
    if t in ("self was cast from your hand", "you cast it from your hand"):
        return {"cast_from_hand": True}
    if t in ("self was cast from anywhere other than your hand", "this spell was cast from anywhere other than your "
                                                                 "hand"):
        return {"cast_from_hand": False}  # (601.2a: the zone it was cast from)
    if t in ("self was cast from a graveyard", "self was cast from your graveyard", "it was cast from a graveyard",
             "this spell was cast from a graveyard"):
        # "If this spell was cast from a graveyard, create ten of those tokens instead" (Increasing Devotion,
        # flashback's 702.33a): the zone the spell was cast from (601.2a), kept on the spell as it resolves
        return {"cast_from_zone": "graveyard"}
    if t in ("you cast self during your main phase", "you cast it during your main phase"):
        return {"cast_in_main": True}
    got = _board_condition(t)
    if got is not None:
        return got
    m = re.fullmatch(r"(.+?) and (.+)", t)
    if m and not t.startswith("you control"):
        a, b = parse_condition(m.group(1)), parse_condition(m.group(2))
        if a is not None and b is not None:
            return {"all": [a, b]}
    m = re.fullmatch(r"((?:its|that creature's) (?:power|toughness) is .+?) or ((?:its|that creature's) (?:power|"
                     r"toughness) is .+)", t)
    if m:  # "if its power is greater than SELF's power or its toughness is greater than SELF's toughness" (Sharp-Eyed
        # Rookie): either one (107.1)
        a, b = parse_condition(m.group(1)), parse_condition(m.group(2))
        if a is not None and b is not None:
            return {"any": [a, b]}
    m = re.fullmatch(r"(.+?) is (\w+) or (greater|more|less|fewer)", t) \
        or re.fullmatch(r"(the (?:sacrificed|discarded|exiled|revealed|milled) .+?) was (\w+) or "
                        r"(greater|more|less|fewer)", t)  # "if the sacrificed creature's toughness was 4 or greater"
    # (Witch's Oven): as it last existed, which is what the cost recorded (608.2g)
    n = number(m.group(2)) if m else None
    q = quantity(m.group(1)) if m and n is not None else None
    if m and n is not None and q is not None:
        # "if enchanted creature's power is 4 or greater" (Arachnus Web, Domestication): a number compared with
        # another (107.1), read as the condition is checked (603.4: as the trigger event happens and as it resolves)
        return {"amount_ge": {"amount": q, "n": n}} if m.group(3) in ("greater", "more") \
            else {"amount_lt": {"amount": q, "n": n + 1}}
    m = re.fullmatch(r"there are (\w+) or more (.+)", t)
    n = number(m.group(1)) if m else None
    q = quantity(m.group(2)) if m and n else None
    if q is not None and set(q) == {"unlocked_doors"}:  # "as long as there are two or more unlocked doors among Rooms
        # you control" (Rampaging Soulrager): that number now (611.3a), compared (107.1)
        return {"amount_ge": {"amount": q, "n": n}}
    return None


def _board_condition(t: str) -> dict[str, Any] | None:
    """Conditions of statics ("as long as ...", 611.3b) and of cost changes on the state of the game now: an
    attacker alone (506.5), what the defending player controls (506.2), SELF's power, half the starting life
    total (103.3), spells cast this turn, cards in hand against each opponent's, what no opponent controls."""
    if t in ("self is attacking alone", "it's attacking alone", "it is attacking alone"):
        return {"attacking_alone": True}
    m = re.fullmatch(r"defending player controls (an?|no|one|two|three|four|five|\w+ or more) (.+)", t)
    if m:
        f = parse_noun(m.group(2))
        n = 1 if m.group(1) in ("a", "an") else 0 if m.group(1) == "no" else number(m.group(1).removesuffix(" or more"))
        if f is None or n is None or f.get("controller") or f.get("player") or f.get("_needs_player_target") \
                or f.get("zone") not in (None, "battlefield") or m.group(1) in ("one", "two", "three", "four", "five"):
            return None
        f.pop("zone", None)
        if m.group(1) == "no":  # "if defending player controls no Walls" (Siege Dragon)
            return {"defending_control": f, "min": 0, "max": 0}
        return {"defending_control": f, "min": n}
    if t == "defending player is poisoned":  # "Whenever SELF attacks, if defending player is poisoned" (Septic Rats;
        return {"defending_poisoned": True}  # 506.2, 704.5c: a player with one or more poison counters)
    m = re.fullmatch(r"defending player has (no|one or fewer|two or fewer|(\w+) or more) cards in hand", t)
    if m:  # "Whenever SELF attacks, if defending player has two or fewer cards in hand" (506.2, 402.1)
        if m.group(2) is not None:
            more = number(m.group(2))
            return None if more is None else {"defending_hand_ge": more}
        return {"defending_hand_le": {"no": 0, "one or fewer": 1, "two or fewer": 2}[m.group(1)]}
    m = re.fullmatch(r"(?:self's|its) (power|toughness) is (\w+) or (greater|less)", t)
    if m and number(m.group(2)) is not None:
        return {"self": {f"{m.group(1)}_{'ge' if m.group(3) == 'greater' else 'le'}": number(m.group(2))}}
    if t == "your life total is less than or equal to half your starting life total":
        return {"life_le_half_start": True}
    m = re.fullmatch(r"you've cast (?:an? )?(.+?) spell this turn", t)
    if m and m.group(1) != "another":  # "if you've cast a noncreature spell this turn" (601.2i); "another white
        # spell" (Patrician's Scorn, Dream Thief): not the spell that says so, nor the permanent it became
        f = parse_noun(m.group(1) + " spell")
        if f is None or f.pop("zone", None) != "stack" or not f:
            return None
        other = bool(f.pop("other", False))
        if not f:
            return None
        return {"cast_kind_this_turn": f, **({"cast_kind_other": True} if other else {})}
    m = re.fullmatch(r"that player (cast|didn't cast) (?:an? )?(.+?) spell this turn", t)
    if m:  # "At the beginning of each opponent's end step, if that player didn't cast a creature spell this turn"
        # (Predatory Advantage): the player of the triggering step (603.4; 601.2i, a per-turn fact)
        f = parse_noun(m.group(2) + " spell")
        if f is None or f.pop("zone", None) != "stack" or not f:
            return None
        return {"trigger_player_cast_kind": f, "did": m.group(1) == "cast"}
    m = re.fullmatch(r"an opponent (?:has )?cast (?:an? )?(.+?) spell this turn", t)
    if m:  # "Cast SELF only if an opponent cast a creature spell this turn" (Lure of Prey): a spell of that kind
        f = parse_noun(m.group(1) + " spell")  # as it became cast (601.2i), by any opponent (per-turn, 500.1)
        if f is None or f.pop("zone", None) != "stack" or not f:
            return None
        return {"opponent_cast_kind_this_turn": f}
    if t == "you've cast another spell this turn":  # the spell being cast is not yet counted (601.2f, 601.2i)
        return {"spells_cast_ge": 1}
    if t in ("you've cast a spell this turn", "you cast a spell this turn"):  # a per-turn fact (601.2i, 500.1)
        return {"spells_cast_ge": 1}
    if t in ("you haven't cast a spell this turn", "you didn't cast a spell this turn"):
        return {"not": {"spells_cast_ge": 1}}
    m = re.fullmatch(r"you've cast (\w+) or more spells this turn", t)
    if m and number(m.group(1)):
        return {"spells_cast_ge": number(m.group(1))}
    m = re.fullmatch(r"you've cast (\w+) or more (.+?) spells this turn", t)
    if m and number(m.group(1)):  # "if you've cast three or more instant and sorcery spells this turn" (Arclight
        # Phoenix): the spells of that kind as they became cast (601.2i), counted (per-turn fact, 500.1)
        f = parse_noun(m.group(2) + " spells")
        if f is None or f.pop("zone", None) != "stack" or not f:
            return None
        return {"cast_kind_this_turn": f, "cast_kind_ge": number(m.group(1))}
    if t == "you have more cards in hand than each opponent":
        return {"hand_more_than_opponents": True}
    if t in ("self is the first spell you've cast this game", "this is the first spell you've cast this game"):
        return {"no_spell_cast_this_game": True}  # the spell being cast is not yet counted (601.2f, 601.2i)
    m = re.fullmatch(r"no opponent controls (?:an? )?(.+)|your opponents control no (.+)", t)
    if m:
        f = parse_noun(m.group(1) or m.group(2))
        if f is None or f.get("player") or f.get("controller") or f.get("_needs_player_target") or "zone" in f:
            return None
        return {"opponents_control": f, "min": 0, "max": 0}
    return None


#: a color word (or colorless) to its kind of mana (106.1b, 106.1a)
_MANA_KIND = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C"}


#: facts about the turn so far, and what a permanent remembers of how it came (the runtime's
#: values.HISTORY)
_HISTORY = {
    "a creature died this turn": "creature_died",                       # morbid (700.4)
    "you attacked this turn": "you_attacked",                           # raid (508.1j)
    "you attacked with a creature this turn": "you_attacked",
    "a permanent you controlled left the battlefield this turn": "your_permanent_left",   # revolt
    "a permanent left the battlefield under your control this turn": "your_permanent_left",
    "you had a land enter under your control this turn": "your_land_entered",   # landfall (207.2c)
    "a land entered under your control this turn": "your_land_entered",
    "you've surveilled this turn": "you_surveilled",                    # a later keyword action (GRN)
    "you surveilled this turn": "you_surveilled",
    "you've committed a crime this turn": "you_committed_crime",        # a later rule (OTJ)
    "you committed a crime this turn": "you_committed_crime",
    "you searched your library this turn": "you_searched",              # 701.15a (Archive Trap's, of an opponent)
    "you've searched your library this turn": "you_searched",
    "you cast it": "self_was_cast",                                     # 601.2: it was a spell
    "you've cast a spell from your hand this turn": "you_cast_from_hand",  # 601.2a: from the hand
    "you cast self": "self_was_cast",
}


#: the denied forms of those facts
_NOT_HISTORY = {
    "you didn't attack this turn": "you_attacked",
    "you didn't attack with a creature this turn": "you_attacked",
    "you haven't attacked this turn": "you_attacked",
    "no creatures died this turn": "creature_died",
    "you haven't cast a spell from your hand this turn": "you_cast_from_hand",  # a spell cast from the hand (601.2a)
}


def _history_condition(t: str) -> dict[str, Any] | None:
    """Conditions on the game so far and on the board as a whole (603.4, 611.2b): morbid,
    raid, revolt, "if you cast it", delirium (205.2a: card types), "creatures with different
    powers", "total power N or greater", "an opponent controls more lands than you", an
    opponent's poison counters (121.1c)."""
    if t in _HISTORY:
        return {"history": _HISTORY[t]}
    if t in _NOT_HISTORY:  # the same facts, denied: "if you didn't attack with a creature this turn"
        return {"not": {"history": _NOT_HISTORY[t]}}
    m = re.fullmatch(r"(an?|two or more|three or more|another) ((?:[a-z]+ )*?[a-z]+) entered (?:the battlefield )?"
                     r"under your control this turn", t)
    if m:  # "if a planeswalker entered the battlefield under your control this turn" (Oath of Chandra), "as long as two
        # or more nonland permanents entered ..." (celebration): what entered under your control, as it entered
        f = parse_noun(m.group(2))  # (a per-turn fact, 500.1)
        if f is not None:
            f.pop("permanent", None)  # what entered the battlefield is a permanent (110.1)
        if f is None or f.pop("zone", "battlefield") != "battlefield" or set(f) - {
                "types", "not_types", "supertypes", "subtypes", "colors", "or"}:
            return None
        n = {"two or more": 2, "three or more": 3}.get(m.group(1), 1)
        return {"entered_kind_this_turn": f, **({"entered_kind_ge": n} if n > 1 else {}),
                **({"entered_other": True} if m.group(1) == "another" else {})}  # "another": not SELF's entering
    m = re.fullmatch(r"(?:(two|three|four|five) or more ((?:[a-z]+ )*?[a-z]+) attacked this turn|you attacked with "
                     r"(two|three|four|five) or more ((?:[a-z]+ )*?[a-z]+) this turn)", t)
    if m:  # "To solve — Three or more creatures attacked this turn" (Case of the Gateway Express), "as long as you
        # attacked with three or more Merfolk this turn": the creatures declared as attackers this turn (508.1)
        f = parse_noun(m.group(2) or m.group(4))
        if f is not None:
            f.pop("permanent", None)
            if f.get("types") == ["Creature"]:
                f.pop("types")  # every attacker is a creature (508.1a)
        if f is None or f.pop("zone", "battlefield") != "battlefield" or set(f) - {
                "supertypes", "subtypes", "colors"}:
            return None
        return {"attackers_ge": number(m.group(1) or m.group(3)), "attackers_kind": f,
                **({"attackers_who": "you"} if m.group(3) else {})}
    m = re.fullmatch(r"you(?:'ve| have|) sacrificed (an?|one or more|two or more|three or more) ((?:[a-z]+ )*?[a-z]+) "
                     r"this turn", t)
    if m:  # "as long as you've sacrificed an artifact this turn" (Furtive Courier), "if you sacrificed a permanent
        # this turn", "... a Food ...": what you sacrificed this turn, as each last existed (701.14a; 500.1)
        f = parse_noun(m.group(2))
        if f is not None:
            f.pop("permanent", None)  # what was sacrificed was a permanent (701.14a)
        if f is None or f.pop("zone", "battlefield") != "battlefield" or set(f) - {
                "types", "not_types", "supertypes", "subtypes", "colors", "or"}:
            return None
        n = {"two or more": 2, "three or more": 3}.get(m.group(1), 1)
        return {"sacrificed_kind_this_turn": f, **({"sacrificed_kind_ge": n} if n > 1 else {})}
    m = re.fullmatch(r"you(?:'ve| have|) (haven't |have not )?completed (a dungeon|[a-z' ]+)", t)
    if m and (m.group(2) == "a dungeon" or m.group(2).title().replace("Of", "of") in _DUNGEON_NAMES):
        # "as long as you've completed a dungeon" (a later rule: engine/dungeon.py), "if you haven't completed Tomb of
        # Annihilation": any dungeon, or the one named
        what: Any = True if m.group(2) == "a dungeon" else m.group(2).title().replace("Of", "of")
        return {"dungeon_completed": what} if not m.group(1) else {"not_dungeon_completed": what}
    m = re.fullmatch(r"(an opponent is|there is no) (monarch|the monarch)|(an opponent has|no one has) the initiative",
                     t)
    if m:  # "if an opponent is the monarch" (Queen Marchesa), "if there is no monarch" (later designations)
        kind = "monarch" if "monarch" in t else "initiative"
        return {"designation_by": {kind: "opponent" if t.startswith("an opponent") else "nobody"}}
    m = re.fullmatch(r"you(?:'re| are)( not)? the monarch|you (?:(don't|do not) )?have the initiative", t)
    if m:  # later designations (the monarch, the initiative): engine/values.py designation_holder
        return {"designation": ("!" if m.group(1) or m.group(2) else "") + ("monarch" if "monarch" in t
                                                                              else "initiative")}
    if t == "a nonland permanent left the battlefield this turn or a spell was warped this turn":
        return {"void": True}  # void (a later term, Edge of Eternities): any player's permanent, any spell
    if t in ("you descended this turn", "you haven't descended this turn"):
        return {"descended": "haven't" not in t}  # a later rule (LCI): a permanent card put into your graveyard
    if t in ("you have max speed", "you don't have max speed"):
        return {"max_speed": "don't" not in t}  # speed 4 (a later rule, Aetherdrift)
    if t in ("you have the city's blessing", "you don't have the city's blessing"):
        return {"city_blessing": "don't" not in t}  # ascend's designation (a later keyword, Rivals of Ixalan)
    m = re.fullmatch(r"there are (\w+) or more mana values among cards in your graveyard", t)
    if m and number(m.group(1)):  # (Streets of New Capenna, a later wording): distinct mana values (202.3)
        return {"graveyard_mvs_ge": number(m.group(1))}
    m = re.fullmatch(r"there are (\w+) or more card types among cards in your graveyard", t)
    if m and number(m.group(1)):
        return {"graveyard_types_ge": number(m.group(1))}
    m = re.fullmatch(r"you control (\w+) or more creatures with different powers", t)
    if m and number(m.group(1)):
        return {"different_powers_ge": number(m.group(1))}
    m = re.fullmatch(r"creatures you control have (?:a )?total power (\d+) or greater", t)
    if m:
        return {"total_power_ge": int(m.group(1))}
    m = re.fullmatch(r"an opponent controls at least (\w+) more (creatures|lands) than you", t)
    if m and number(m.group(1)):  # "If an opponent controls at least four more creatures than you" (Avatar of Might):
        # one opponent's count is that many above yours
        return {"opponent_more": {"types": [m.group(2)[:-1].capitalize()]}, "more_by": number(m.group(1))}
    m = re.fullmatch(r"an opponent controls (\w+) or more (creatures|lands)", t)
    if m and number(m.group(1)):  # "If an opponent controls seven or more lands" (Avatar of Fury): one opponent has
        # them (not all opponents together)
        return {"opponent_more": {"types": [m.group(2)[:-1].capitalize()]}, "at_least": number(m.group(1))}
    m = re.fullmatch(r"you control more (creatures|lands) than attacking player", t)
    if m:  # "SELF can't block unless you control more creatures than attacking player" (Mogg Toady): the active
        # player, who attacks (506.2)
        return {"more_than_active": {"types": [m.group(1)[:-1].capitalize()]}}
    m = re.fullmatch(r"an opponent controls more (\w+) than you", t)
    if m:
        f = parse_noun(m.group(1))
        if f is None or f.get("controller") or f.get("player") or f.get("_needs_player_target"):
            return None
        return {"opponent_more": f}
    m = re.fullmatch(r"an opponent has (\w+) or more poison counters", t)
    if m and number(m.group(1)):
        return {"opponent_poison_ge": number(m.group(1))}
    m = re.fullmatch(r"self is an? (artifact|creature|enchantment|land)", t)
    if m:
        return {"self": {"types": [m.group(1).capitalize()]}}
    m = re.fullmatch(r"self (is|isn't) a token", t)
    if m:  # "if this creature isn't a token, create a token that's a copy of this creature" (Progenitor Mimic, 110.5)
        return {"self": {"token": m.group(1) == "is"}}
    m = re.fullmatch(r"self is an? ([a-z][a-z -]*)", t)
    if m:  # "if SELF is a Wizard" (Sorcerer's Wand), "if SELF is a Spirit" (Figure of Destiny): its types now
        f = parse_noun(m.group(1))
        if f and set(f) <= {"types", "subtypes", "supertypes", "colors", "zone"} and f.get("zone", "battlefield") \
                == "battlefield":
            f.pop("zone", None)
            return {"self": f}
    m = re.fullmatch(r"you've drawn (\w+) or more cards this turn", t)
    if m and number(m.group(1)):
        return {"drawn_ge": number(m.group(1))}
    if re.fullmatch(r"(?:enchanted|equipped) creature is attacking alone", t):
        # "As long as enchanted creature is attacking alone, it can't be blocked" (Security Bypass): the only attacking
        # creature (506.5)
        return {"attached": {"attacking_alone": True}}
    m = re.fullmatch(r"(?:enchanted|equipped) (?:creature|permanent|land|artifact) is (?:an? )?(.+)", t)
    both = re.fullmatch(r"([a-z]+) and ([a-z]+)", m.group(1)) if m else None
    if both:  # "Activate only if enchanted creature is white and untapped" (Nature's Chosen): both hold
        fa, fb = parse_noun(both.group(1)), parse_noun(both.group(2))
        if fa is None or fb is None or "or" in fa or "or" in fb:
            return None
        fa.pop("zone", None)
        fb.pop("zone", None)
        if set(fa) & set(fb) or any(f.get("player") or f.get("controller") for f in (fa, fb)):
            return None
        return {"attached": {**fa, **fb}}
    if m:  # "as long as equipped creature is a Human", "enchanted permanent is a creature"
        f = parse_noun(m.group(1))
        if f is None or f.get("player") or f.get("controller") or f.get("_needs_player_target"):
            return None
        f.pop("zone", None)
        return {"attached": f}
    m = re.fullmatch(r"an opponent has (\w+) or more cards in their graveyard", t)
    if m and number(m.group(1)):
        return {"opponent_graveyard_ge": number(m.group(1))}
    m = re.fullmatch(r"((?:that creature|self|its|it)(?:'s)? (?:power|toughness)) is (greater|less) than "
                     r"((?:that creature|self)'s (?:power|toughness))", t)
    if m:  # "if that creature's power is greater than SELF's power" (Yorvo): two numbers compared as the condition is
        # checked (107.1; 603.4)
        a, b = quantity(re.sub(r"^its? ", "its ", m.group(1))), quantity(m.group(3))
        if a is None or b is None:
            return None
        return {"amount_ge": {"amount": a, "n": {"plus": [b, 1]}}} if m.group(2) == "greater" \
            else {"amount_lt": {"amount": a, "n": b}}
    m = re.fullmatch(r"(no|at least (\w+)|(\w+) or more) mana was spent to cast (?:it|that spell)", t)
    if m:  # "if no mana was spent to cast it" (Lavinia), "if N or more mana was spent to cast that spell" (opus): the
        # mana spent on the spell a cast trigger names (601.2h; kept by the permanent it became)
        spent = 0 if m.group(1) == "no" else number(m.group(2) or m.group(3))
        if spent is None:
            return None
        q = {"mana_spent_on": "it"}
        return {"amount_lt": {"amount": q, "n": 1}} if m.group(1) == "no" else {"amount_ge": {"amount": q, "n": spent}}
    m = re.fullmatch(r"(?:enchanted|equipped) creature's controller has (\w+) or more cards in their graveyard", t)
    if m and number(m.group(1)):  # "It gets -6/-0 instead as long as its controller has seven or more cards in
        # their graveyard" (So Tiny): the player controlling the creature it is attached to, now (611.3a)
        return {"attached_controller_graveyard_ge": number(m.group(1))}
    m = re.fullmatch(r"a graveyard has (\w+) or more cards in it", t)
    if m and number(m.group(1)):  # "If a graveyard has twenty or more cards in it" (Visions of Beyond): any player's
        return {"any_graveyard_ge": number(m.group(1))}
    m = re.fullmatch(r"an opponent has (\d+) or less life", t)
    if m:
        return {"opponent_life_le": int(m.group(1))}
    return None


def _count_more(p: str) -> Any:
    """Counts read beyond a plain noun: domain (basic land types among lands you control,
    305.6), counters of a kind on an object (121.1), opponents, objects "on the battlefield"
    (any controller), card types among cards in your graveyard (205.2a), cards drawn this
    turn (120.1)."""
    if re.fullmatch(r"basic land types? among lands you control", p):
        return {"domain": "you"}
    if p in ("opponents you have", "opponent you have", "your opponents", "opponent"):
        return {"count": {"player": True, "opponent": True}}
    m = re.fullmatch(r"(opponent|player) who (lost life|was dealt damage) this turn", p)
    if m:  # "draw a card for each opponent who lost life this turn" (Kaito, Bane of Nightmares; 119.3, 119.2)
        key = "lost_life_this_turn" if m.group(2) == "lost life" else "damaged_this_turn"
        return {"count": {"player": True, **({"opponent": True} if m.group(1) == "opponent" else {}), key: True}}
    if p in ("card types among cards in your graveyard", "card type among cards in your graveyard"):
        return {"graveyard_types": "you"}
    if p in ("card types among cards in all graveyards", "card type among cards in all graveyards"):
        return {"graveyard_types": "all"}
    if p in ("cards you've drawn this turn", "card you've drawn this turn"):
        return {"drawn_this_turn": "you"}
    m = re.fullmatch(r"(.+?) on the battlefield( named .+)?", p)  # "other creature on the battlefield named SELF"
    if m and " you control" not in m.group(1) and " an opponent controls" not in m.group(1):
        f = parse_noun(m.group(1) + (m.group(2) or ""))
        if f is not None and not f.get("player") and not f.get("_needs_player_target") and "controller" not in f:
            return {"count": f}
    return None


def difference(cond: str, player: Callable[[str], Any] | None = None) -> Any:
    """"If you have fewer than seven cards in hand, draw cards equal to the difference" (Kozilek, the
    Great Distortion; Damia), "If target opponent has more cards in hand than you, draw cards equal to the
    difference" (Balance of Power): the amount by which the condition's comparison holds, counted as the
    instruction is carried out (608.2h; player_comparison); None for a condition this does not read."""
    pair = player_comparison(cond, player)
    return None if pair is None else {"minus": list(pair)}


_PLAYER_AMOUNTS = {"cards in hand": "hand_of", "cards in their hand": "hand_of", "cards in his or her hand": "hand_of",
                   "cards in your hand": "hand_of", "life": "life_of", "poison counters": "poison_of"}
_CMP_PLAYER = r"(you|target opponent|target player|that player|that opponent|its controller|they|the chosen player)"


def _compares(word: str, kind: str) -> bool:
    """"more" of anything, "less" life, "fewer" cards or counters (English, not rules)."""
    return word == "more" or (word == "less") == (kind == "life")


def player_comparison(cond: str, player: Callable[[str], Any] | None = None) -> tuple[Any, Any] | None:
    """A condition comparing a player's hand size, life total or poison counters (402.1, 119.1, 121.1c) with
    another player's or with a number: "target opponent has more cards in hand than you", "you have fewer than
    seven cards in hand", "its controller has more than four cards in hand", "target player has fewer than nine
    poison counters", "that player has more life than you". The two amounts (A, B) such that the condition is
    "A is greater than B" and "the difference" is A minus B (608.2h: both counted as the instruction is carried
    out). ``player`` reads a player phrase to a reference ("you" alone when None; a target it names is declared
    by it, 601.2c); None for a condition this does not read."""
    t = cond.strip().lower().rstrip(",.")

    def who(phrase: str) -> Any:
        if phrase == "you":
            return "you"
        return player(phrase) if player is not None else None

    kinds = "|".join(re.escape(k) for k in _PLAYER_AMOUNTS)
    m = re.fullmatch(_CMP_PLAYER + r" (?:has|have) (more|fewer|less) (" + kinds + r") than " + _CMP_PLAYER
                     + r"(?: do| does)?", t)
    if m and _compares(m.group(2), m.group(3)):
        key = _PLAYER_AMOUNTS[m.group(3)]
        if key == "hand_of" and m.group(3) == "cards in your hand" and m.group(1) != "you":
            return None
        a, b = who(m.group(1)), who(m.group(4))
        if a is None or b is None or a == b:
            return None
        return ({key: a}, {key: b}) if m.group(2) == "more" else ({key: b}, {key: a})
    m = re.fullmatch(_CMP_PLAYER + r" (?:has|have) (more|fewer|less) than (\w+) (" + kinds + r")", t)
    n = number(m.group(3)) if m else None
    if m and n is not None and _compares(m.group(2), m.group(4)):
        a = who(m.group(1))
        if a is None:
            return None
        key = _PLAYER_AMOUNTS[m.group(4)]
        return ({key: a}, n) if m.group(2) == "more" else (n, {key: a})
    return None


targets.QUANTITY[:] = [quantity]  # parse_noun reads "with mana value equal to AMOUNT" with it
