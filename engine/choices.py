"""Choices a player makes for an object: "as SELF enters, choose ..." (CR 614.12) and the
objects an effect tells a player to choose as it resolves ("return another creature you
control to its owner's hand", "each opponent exiles a card from their hand": 608.2c-d).

Both are ordinary decisions with the legal answers listed: ``choose_option`` for an
entering choice (the value is kept in ``Obj.chosen`` until the object leaves the zone,
400.7), ``choose_cards`` for chosen objects (the answer is kept in the resolution record
so that re-running the effect after the answer finds it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import knowledge, seats
from engine.errors import IllegalAction

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Decision, Obj

COLORS: dict[str, str] = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

#: Creature types (205.3m of the 2016 rules, plus those printed since on real cards).
CREATURE_TYPES: tuple[str, ...] = tuple(sorted({
    "Advisor", "Aetherborn", "Alien", "Ally", "Angel", "Antelope", "Ape", "Archer", "Archon", "Armadillo",
    "Artificer", "Assassin", "Assembly-Worker", "Astartes", "Atog", "Aurochs", "Avatar", "Azra", "Badger",
    "Barbarian", "Bard", "Basilisk", "Bat", "Bear", "Beast", "Beaver", "Beeble", "Beholder", "Berserker",
    "Bird", "Bison", "Blinkmoth", "Boar", "Bringer", "Brushwagg", "Camarid", "Camel", "Capybara", "Caribou",
    "Carrier", "Cat", "Centaur", "Cephalid", "Chimera", "Child", "Citizen", "Cleric", "Cockatrice",
    "Construct", "Coward", "Coyote", "Crab", "Crocodile", "Cyclops", "Dauthi", "Deer", "Demigod", "Demon",
    "Deserter", "Detective", "Devil", "Dinosaur", "Djinn", "Dog", "Dragon", "Drake", "Dreadnought", "Drone",
    "Druid", "Dryad", "Dwarf", "Efreet", "Egg", "Elder", "Eldrazi", "Elemental", "Elephant", "Elf", "Elk",
    "Employee", "Eternal", "Eye", "Faerie", "Ferret", "Fish", "Flagbearer", "Fox", "Fractal", "Frog",
    "Fungus", "Gargoyle", "Germ", "Giant", "Gith", "Glimmer", "Gnoll", "Gnome", "Goat", "Goblin", "God",
    "Golem", "Gorgon", "Graveborn", "Gremlin", "Griffin", "Hag", "Halfling", "Hamster", "Harpy", "Hellion",
    "Hippo", "Hippogriff", "Homarid", "Homunculus", "Horror", "Horse", "Hound", "Human", "Hydra", "Hyena",
    "Illusion", "Imp", "Incarnation", "Inkling", "Inquisitor", "Insect", "Jackal", "Jellyfish", "Juggernaut",
    "Kavu", "Kirin", "Kithkin", "Knight", "Kobold", "Kor", "Kraken", "Lamia", "Lammasu", "Leech",
    "Leviathan", "Lhurgoyf", "Licid", "Lizard", "Manticore", "Masticore", "Mercenary", "Merfolk",
    "Metathran", "Minion", "Minotaur", "Mite", "Mole", "Monger", "Mongoose", "Monk", "Monkey", "Moonfolk",
    "Mouse", "Mummy", "Mutant", "Myr", "Mystic", "Naga", "Nautilus", "Nephilim", "Nightmare",
    "Nightstalker", "Ninja", "Noble", "Noggle", "Nomad", "Nymph", "Octopus", "Ogre", "Ooze", "Orb", "Orc",
    "Orgg", "Otter", "Ouphe", "Ox", "Oyster", "Pangolin", "Peasant", "Pegasus", "Pentavite", "Performer",
    "Pest", "Phelddagrif", "Phoenix", "Phyrexian", "Pilot", "Pincher", "Pirate", "Plant", "Praetor",
    "Prism", "Processor", "Rabbit", "Raccoon", "Ranger", "Rat", "Rebel", "Reflection", "Rhino", "Rigger",
    "Robot", "Rogue", "Sable", "Salamander", "Samurai", "Sand", "Saproling", "Satyr", "Scarecrow",
    "Scientist", "Scion", "Scorpion", "Scout", "Serf", "Serpent", "Servo", "Shade", "Shaman", "Shapeshifter",
    "Shark", "Sheep", "Siren", "Skeleton", "Slith", "Sliver", "Slug", "Snake", "Soldier", "Soltari",
    "Sorcerer", "Spawn", "Specter", "Spellshaper", "Sphinx", "Spider", "Spike", "Spirit", "Splinter",
    "Sponge", "Spy", "Squid", "Squirrel", "Starfish", "Surrakar", "Survivor", "Synth", "Tetravite",
    "Thalakos", "Thopter", "Thrull", "Tiefling", "Treefolk", "Trilobite", "Triskelavite", "Troll",
    "Turtle", "Unicorn", "Vampire", "Vedalken", "Viashino", "Volver", "Wall", "Walrus", "Warlock",
    "Warrior", "Weasel", "Weird", "Werewolf", "Whale", "Wizard", "Wolf", "Wolverine", "Wombat", "Worm",
    "Wraith", "Wurm", "Yeti", "Zombie", "Zubera",
}))

#: The entering choices this engine carries out, with the legal answers of each.
ENTER_CHOICES: dict[str, tuple[str, ...]] = {"color": tuple(COLORS), "creature_type": CREATURE_TYPES,
                                             # "As SELF enters, choose a basic land type" (205.3i: Convincing Mirage)
                                             "basic_land_type": ("Plains", "Island", "Swamp", "Mountain", "Forest"),
                                             # "Choose artifact, creature, or land." (Turnabout: 205.2a, of those)
                                             "card_type": ("Artifact", "Creature", "Enchantment", "Instant", "Land",
                                                           "Planeswalker", "Sorcery", "Tribal")}

#: "As SELF enters, choose a player" (614.12): a player still in the game, kept in ``Obj.chosen["player"]``
#: (True-Name Nemesis: "protection from the chosen player", engine/protection.py)
PLAYER_CHOICE = "player"
#: "As SELF enters, choose an opponent" (614.12): one of its controller's opponents, kept as the chosen player
OPPONENT_CHOICE = "opponent"

#: "As SELF enters, choose Khans or Dragons" (614.12): one of the words the static lists ("words"), kept in
#: ``Obj.chosen["word"]`` (the condition "chosen_word" of the abilities printed after each word, engine/values.py)
WORD_CHOICE = "word"

#: "As SELF enters, choose another creature you control" (614.12): a permanent, kept in ``Obj.chosen["object"]``
#: ("the chosen creature": engine/values.py refs "chosen_object")
OBJECT_CHOICE = "object"

#: The entering choices of a card name (201.3), asked as a ``name_card`` decision: any real
#: card name, kept in ``Obj.chosen["card_name"]``; "nonland" refuses a land's name.
NAME_CHOICES = frozenset({"card_name", "nonland_card_name", "creature_card_name",
                          "nonbasic_land_card_name",  # "choose a nonbasic land card name" (Alpine Moon, 205.4a)
                          # "As SELF enters, each opponent reveals their hand. You choose the name of a nonland card
                          # revealed this way" (Alhammarret, High Arbiter): one of the names revealed (701.13a)
                          "revealed_nonland_card_name"})


class NeedChoice(Exception):
    """Raised by a reference whose objects are still to be chosen; carries the wait record.

    The resolution stops there (engine.effects.resume) and runs the effect again once the
    answer is in, so an effect must not change anything before it reads its references."""

    def __init__(self, wait: dict[str, Any]) -> None:
        super().__init__(wait.get("prompt", "a choice is needed"))
        self.wait = wait


# ------------------------------------------------------------------ as it enters (614.12)
def on_enter(g: "Game", o: "Obj") -> None:
    """614.12: "As SELF enters, choose ...": the controller chooses before the game goes on
    (before any player receives priority and before its enter triggers are put on the stack)."""
    for ab in o.card.abilities:
        st = ab.static
        if ab.kind != "static" or not st or st.get("kind") != "choose_on_enter":
            continue
        what = st.get("choice")
        if what == "revealed_nonland_card_name" and "card_name" not in o.chosen:
            shown = [i for p in g.order if p != o.controller and not g.players[p].lost for i in g.players[p].hand]
            knowledge.show(g, shown)  # each opponent reveals their hand (701.13a)
            for p in g.order:
                if p != o.controller and not g.players[p].lost:
                    hand = g.players[p].hand
                    g.log("reveal", player=p, to="all", cards=[g.objects[i].card.name for i in hand], objs=list(hand))
            names = sorted({g.objects[i].card.name for i in shown if "Land" not in g.objects[i].card.types})
            if names:  # none revealed: nothing is named
                g.queue.append({"kind": "name_card", "player": o.controller, "options": names, "enter": o.id,
                                "choice": what, "prompt": f"{o.card.name}: choose the name of a nonland card revealed "
                                                          f"(201.3)"})
            continue
        if st.get("look_hand") and "look_opponent" not in o.chosen and "card_name" not in o.chosen:
            # "As SELF enters, look at an opponent's hand, then choose any card name" (Sorcerous Spyglass): with
            # several opponents its controller chooses which one first (614.12), then looks (401.2)
            opps = seats.opponents(g, o.controller)
            if len(opps) == 1:
                look_at_hand(g, o, opps[0])
            elif opps:
                g.queue.append({"kind": "choose_option", "player": o.controller, "options": list(opps),
                                "enter": o.id, "choice": "look_opponent", "answer_to": "enter",
                                "prompt": f"{o.card.name}: look at which opponent's hand (614.12)?"})
        if what in NAME_CHOICES and "card_name" not in o.chosen:
            g.queue.append({"kind": "name_card", "player": o.controller,
                            "options": offered_names(g, o.controller, what), "enter": o.id, "choice": what,
                            "prompt": f"{o.card.name}: choose a {what.replace('_', ' ')} (201.3)"})
            continue
        if what in (PLAYER_CHOICE, OPPONENT_CHOICE) and PLAYER_CHOICE not in o.chosen:
            # "As SELF enters, choose a player" (any still in the game), "... choose an opponent" (Black Vise): kept
            # as "the chosen player" alike
            players = [p for p in g.order if not g.players[p].lost] if what == PLAYER_CHOICE \
                else seats.opponents(g, o.controller)
            if players:
                g.queue.append({"kind": "choose_option", "player": o.controller, "options": players,
                                "enter": o.id, "choice": PLAYER_CHOICE, "answer_to": "enter",
                                "prompt": f"{o.card.name}: choose "
                                          f"{'a player' if what == PLAYER_CHOICE else 'an opponent'} (614.12)"})
            continue
        if what == WORD_CHOICE and WORD_CHOICE not in o.chosen and st.get("words"):
            # "As SELF enters, choose Khans or Dragons" (614.12): one of the words printed, kept as o.chosen["word"];
            # the abilities printed after each word are its own while that word is chosen (Citadel Siege)
            g.queue.append({"kind": "choose_option", "player": o.controller, "options": list(st["words"]),
                            "enter": o.id, "choice": WORD_CHOICE, "answer_to": "enter",
                            "prompt": f"{o.card.name}: choose {' or '.join(st['words'])} (614.12)"})
            continue
        if what not in ENTER_CHOICES or what in o.chosen:
            continue
        offered = [v for v in st.get("options") or ENTER_CHOICES[what] if v in ENTER_CHOICES[what]]  # "choose
        # artifact, enchantment, instant, sorcery, or planeswalker": those only (Archon of Valor's Reach)
        g.queue.append({"kind": "choose_option", "player": o.controller, "options": offered,
                        "enter": o.id, "choice": what, "answer_to": "enter",
                        "prompt": f"{o.card.name}: choose a {what.replace('_', ' ')} (614.12)"})


def answer_enter(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """Record the entering choice on the permanent (if it is still there)."""
    opt = a.get("option")
    if isinstance(opt, int) and not isinstance(opt, bool) and 1 <= opt <= len(d.options):
        opt = d.options[opt - 1]
    if opt not in d.options:
        more = " ..." if len(d.options) > 12 else ""
        raise IllegalAction(f"choose one of {', '.join(map(str, d.options[:12]))}{more}")
    o = g.objects.get(d.data["enter"])
    if o is None or o.zone != "battlefield":
        return
    what = d.data["choice"]
    if what == "look_opponent":
        look_at_hand(g, o, str(opt))
        return
    o.chosen[what] = COLORS[str(opt)] if what == "color" else opt
    g.changed()
    g.log("chosen", card=o.card.name, obj=o.id, choice=what, value=opt)


def look_at_hand(g: "Game", o: "Obj", opponent: str) -> None:
    """401.2: the controller of ``o`` looks at ``opponent``'s hand as it enters (Sorcerous Spyglass); only they see
    it (and the hand's owner, who always may)."""
    o.chosen["look_opponent"] = opponent
    hand = list(g.players[opponent].hand)
    knowledge.show(g, hand, [o.controller])
    g.log("reveal", player=opponent, to=o.controller, cards=[g.objects[c].card.name for c in hand], objs=hand,
          audience=sorted({o.controller, opponent}))


#: a name of each kind to offer when no card the player can see has one (201.3: any such name may be chosen)
_SOME_NAMES = ("Mutavault", "Lightning Bolt", "Grizzly Bears", "Island")


def offered_names(g: "Game", player: str, choice: str) -> list[str]:
    """``seen_names``, or when no visible card has a name of that kind ("choose a nonbasic land card name" with no
    nonbasic land in sight), one real name of that kind, so the decision always offers a legal answer."""
    out = seen_names(g, player, choice)
    return out or [n for n in _SOME_NAMES if name_allowed(g, n, choice)][:1]


def seen_names(g: "Game", player: str, choice: str = "card_name") -> list[str]:
    """The names a player may be offered when naming a card: the cards they can see (the
    battlefield, graveyards, exile face up, the stack and their own hand), the opponents'
    first, only those the instruction allows ("choose a nonland card name": no land's name,
    answer_name). Only a suggestion: any real card name of that kind may be named (201.3)."""
    mine: list[str] = []
    theirs: list[str] = []
    objs = g.objects
    for oid in list(g.battlefield) + list(g.stack):
        o = objs[oid]
        if o.ability is None and not o.token and "face_down" not in o.chosen:  # 707.2: a face-down one has no name
            (mine if o.controller == player else theirs).append(o.card.name)
    for p in g.order:
        ps = g.players[p]
        zones = [ps.graveyard, ps.exile] + ([ps.hand] if p == player else [])
        for z in zones:
            for oid in z:
                o = objs[oid]
                if not o.token and "face_down" not in o.chosen:
                    (mine if p == player else theirs).append(o.card.name)
    out: list[str] = []
    for n in theirs + mine:
        for part in n.split(" // "):  # 708.7: a split card is named by one of its halves
            if part not in out and name_allowed(g, part, choice):
                out.append(part)
    return out


def name_allowed(g: "Game", name: str, choice: str) -> bool:
    """Is ``name`` a name the instruction lets a player choose: any card's, a nonland card's, or a
    creature card's (201.3)?"""
    if choice not in ("nonland_card_name", "creature_card_name", "nonbasic_land_card_name"):
        return True
    try:
        cd = g.cards.definition(_full(g, name))
    except KeyError:
        return False
    if choice == "nonbasic_land_card_name":  # 205.4a: a land without the supertype basic
        return "Land" in cd.types and "Basic" not in cd.supertypes
    return "Land" not in cd.types if choice == "nonland_card_name" else "Creature" in cd.types


def answer_name(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """201.3: the name named as SELF entered, checked against the card database (708.7: one
    half of a split card; 709.5: a flip card's alternative name), kept on the permanent."""
    raw = a.get("name")
    if not isinstance(raw, str):
        raise IllegalAction("name_card: 'name' is required: the name of a card")
    try:
        name = g.cards.card_name(raw)
    except KeyError:
        raise IllegalAction(f"name_card: 'name' {raw!r} is not the name of a card (201.3)") from None
    choice = str(d.data.get("choice", "card_name"))
    if choice == "revealed_nonland_card_name" and name not in (d.options or ()):
        raise IllegalAction(f"name_card: 'name' {name!r} is not the name of a nonland card revealed (201.3)")
    if not name_allowed(g, name, choice):
        raise IllegalAction(f"name_card: 'name' {name!r} is not a {choice.replace('_', ' ')}"
                            f"{' (a land is named)' if choice == 'nonland_card_name' else ''}")
    if "agenda" in d.data:  # 702.105a-b: secretly named for a face-down conspiracy (engine/conspiracy.py)
        c = g.objects.get(d.data["agenda"])
        if c is not None and c.zone == "command" and c.chosen.get("down_by") == "hidden_agenda":
            c.chosen["card_name"] = name
            g.log("agenda", player=c.owner, card=name, obj=c.id, audience=[c.owner])  # told to its owner alone
        return
    if "slot" in d.data:  # 608.2c: named as a spell or ability resolves ("Choose a nonland card name. ...")
        if g.resolving is None:
            raise IllegalAction("nothing is resolving")
        g.resolving["answers"][d.data["slot"]] = name
        return
    o = g.objects.get(d.data["enter"])
    if o is None or o.zone != "battlefield":
        return
    o.chosen["card_name"] = name
    g.changed()
    g.log("chosen", card=o.card.name, obj=o.id, choice="card_name", value=name)


def _full(g: "Game", name: str) -> str:
    """The card's full name in the database for one of its names."""
    data = g.cards.source.get(name)
    return str(data["name"] if isinstance(data, dict) else getattr(data, "name", name))


def has_name(name: str, chosen: Any) -> bool:
    """708.7: an object has the chosen name if one of its names is the chosen name."""
    return chosen is not None and (name == chosen or " // " in name and chosen in name.split(" // "))


def chosen_value(g: "Game", src: int | None, what: str) -> Any:
    """The value chosen for ``src`` as it entered (None if none)."""
    o = g.objects.get(src) if src is not None else None
    return o.chosen.get(what) if o is not None else None


# ------------------------------------------------------------------ chosen objects (608.2c)

#: Where a {"choose": ...} reference is carried out: (op, argument) pairs and the zones
#: chosen from (engine/support.py refuses the others).
CHOOSE_CONTEXTS = {("move", "what"), ("bounce", "what"), ("exile", "what"), ("discard", "what"),
                   ("counters", "what"), ("tap", "what"), ("untap", "what"), ("pump", "what"), ("grant", "what"),
                   ("destroy", "what"), ("sacrifice", "what"), ("attach", "to"), ("attach", "what"),
                   ("become_copy", "of"), ("cast_offer", "what"), ("copy_cast", "what"),
                   ("playable", "what"),  # "choose one of them. You may play that card this turn" (Jaya)
                   ("reveal", "what"),  # "that player reveals the chosen card" (Vendilion Clique: to all, 701.15a)
                   ("token", "copy_of"),  # "create a token that's a copy of the exiled card" (God-Pharaoh's Gift)
                   ("redirect", "into"),  # "Choose a creature or planeswalker you control. All damage ... is dealt
                   # to the chosen permanent instead" (Gideon's Sacrifice: chosen as it resolves, 608.2c, 614.9)
                   ("damage", "to")}  # "you may have it deal 2 damage to another creature you control" (Wicked
# Guardian: chosen as the ability resolves, not targeted, 608.2c)
CHOOSE_ZONES = ("battlefield", "hand", "graveyard", "exile")  # exile: BFZ processors (406.3: a public zone)


def choose_problems(op: str, key: str, ref: dict[str, Any]) -> list[str]:
    """Why a {"choose": ...} reference in this place is not carried out ([] when it is)."""
    f = ref.get("choose") or {}
    if (op, key) not in CHOOSE_CONTEXTS:
        return [f"reference choose in {op}.{key}"]
    if f.get("zone", "battlefield") not in CHOOSE_ZONES:
        return [f"reference choose from {f.get('zone')}"]
    if ref.get("one_of_each") and (ref.get("random") or ref.get("up_to") or not f.get("or")):
        return ["reference choose one of each without alternatives"]
    # one_of_each: one object of each alternative of its "or" that has one ("choose a creature card with mana value 1,
    # then do the same for ... 2 and 3", engine/values.py chosen_refs)
    if ref.get("rest") and not ref.get("among"):
        return ["reference choose rest of nothing"]
    # rest: the objects ``among`` names that were not chosen ("leave the chosen cards ... and put the rest ...")
    if set(ref) - {"choose", "amount", "chooser", "up_to", "different", "among", "random", "one_of_each", "rest"}:
        # different: names or
        # mana values; random: picked at random, not by the chooser ("a creature card at random from your graveyard");
        # among: of the objects another reference names ("from among the cards milled this way", engine.values)
        return ["reference choose options"]
    return []
