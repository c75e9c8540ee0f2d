"""Subtypes (CR 205.3) the noun-phrase reader knows, with their plurals.

Generated from the subtypes of the oracle corpus (creature, artifact, enchantment, land,
planeswalker and spell types).
"""
from __future__ import annotations

SUBTYPES: frozenset[str] = frozenset({
    "Abian", "Adventure", "Advisor", "Aetherborn", "Ajani", "Alicorn", "Alien", "Ally", "Aminatou", "Angel", "Army",
    "Angrath", "Antelope", "Ape", "Arcane", "Archer", "Archon", "Arlinn", "Armadillo", "Armored",
    "Art", "Artificer", "Artist", "Ashiok", "Assassin", "Assembly-Worker", "Astartes", "Athlete",
    "Atog", "Attraction", "Aura", "Aurochs", "Autobot", "Avatar", "Azra", "B.O.B.", "Background",
    "Baddest", "Badger", "Bahamut", "Barbarian", "Bard", "Barnyard", "Basilisk", "Basri", "Bat",
    "Bear", "Beast", "Beaver", "Beeble", "Beholder", "Berserker", "Biggest", "Bird", "Bison",
    "Boar", "Bobblehead", "Bolas", "Book", "Boxer", "Brainiac", "Bringer", "Brushwagg",
    "Bureaucrat", "C'tan", "Calix", "Camel", "Capybara", "Carrier", "Cartouche", "Case", "Cat",
    "Cave", "Centaur", "Cephalid", "Chameleon", "Champion", "Chandra", "Chef", "Chicken", "Child",
    "Chimera", "Chorus", "Citizen", "Clamfolk", "Class", "Cleric", "Cloud", "Clown", "Clue",
    "Cockatrice", "Comet", "Construct", "Contraption", "Control", "Cow", "Coward", "Coyote", "Crab",
    "Crocodile", "Curse", "Custodes", "Cyberman", "Cyborg", "Cyclops", "Dack", "Dakkon", "Dalek",
    "Daretti", "Dauthi", "Davriel", "Deb", "Deer", "Dellian", "Demigod", "Demon", "Desert",
    "Designer", "Detective", "Devil", "Dihada", "Dinosaur", "Djinn", "Doctor", "Dog", "Domri",
    "Donkey", "Dovin", "Dragon", "Drake", "Dreadnought", "Drix", "Drone", "Druid", "Dryad", "Duck",
    "Dungeon", "Dwarf", "Echidna", "Efreet", "Egg", "Elder", "Eldrazi", "Elemental", "Elephant",
    "Elf", "Elk", "Ellywick", "Elminster", "Elspeth", "Elves", "Employee", "Equipment", "Ersta",
    "Estrid", "Eternal", "Etiquette", "Eye", "Faerie", "Ferret", "Fire", "Fish", "Flagbearer",
    "Food", "Forest", "Fortification", "Fox", "Fractal", "Freyalise", "Frog", "Fungus", "Gamer",
    "Gamma", "Gargoyle", "Garruk", "Gate", "Giant", "Gideon", "Giraffe", "Gith", "Glimmer", "Gnoll",
    "Gnome", "Goat", "Goblin", "God", "Golem", "Gorgon", "Grandchild", "Gremlin", "Griffin",
    "Grist", "Guest", "Guff", "Gus", "Hag", "Halfling", "Hamster", "Harpy", "Hatificer", "Hawk",
    "Head", "Hedgehog", "Hellion", "Hero", "Hippo", "Hippogriff", "Homarid", "Homunculus", "Horror",
    "Horse", "Huatli", "Human", "Hydra", "Hyena", "Illusion", "Imp", "Incarnation", "Infinity",
    "Inhuman", "Inkling", "Inquisitor", "Insect", "Inzerva", "Island", "Jace", "Jackal", "Jared",
    "Jaya", "Jellyfish", "Jeska", "Judge", "Juggernaut", "Kaito", "Kangaroo", "Karn", "Kasmina",
    "Kavu", "Kaya", "Key", "Killbot", "Kiora", "Kirin", "Kithkin", "Knight", "Koala", "Kobold",
    "Kor", "Koth", "Kraken", "Kree", "Lady", "Lair", "Lamia", "Lammasu", "Lander", "Leech", "Lemur",
    "Lesson", "Leviathan", "Lhurgoyf", "Licid", "Liliana", "Lizard", "Lobster", "Locus", "Lolth",
    "Lukka", "Luxior", "Mammoth", "Manticore", "Master", "Masticore", "Mercenary", "Merfolk",
    "Metathran", "Mime", "Mine", "Minion", "Minotaur", "Minsc", "Mite", "Mole", "Monger",
    "Mongoose", "Monk", "Monkey", "Monopoly", "Moogle", "Moonfolk", "Mordenkainen", "Mount",
    "Mountain", "Mouse", "Mummy", "Mutant", "Myr", "Mystic", "Nahiri", "Narset", "Nastiest",
    "Nautilus", "Necron", "Nephilim", "Nightmare", "Nightstalker", "Niko", "Ninja", "Nissa",
    "Nixilis", "Noble", "Noggle", "Nomad", "Nymph", "Octopus", "Officer", "Ogre", "Oko", "Omenpath",
    "Ooze", "Orc", "Orgg", "Otter", "Ouphe", "Ox", "Oyster", "Pangolin", "Paratrooper", "Peasant",
    "Pegasus", "Performer", "Pest", "Phelddagrif", "Phoenix", "Phyrexian", "Pilot", "Pirate",
    "Plains", "Plan", "Planet", "Plant", "Platypus", "Point", "Pony", "Porcupine", "Possum",
    "Power-Plant", "Powerstone", "Praetor", "Primarch", "Processor", "Proper", "Qu", "Quest",
    "Quintorius", "Rabbit", "Raccoon", "Ral", "Ranger", "Rat", "Realm", "Rebel", "Reflection",
    "Rhino", "Rigger", "Robot", "Rogue", "Room", "Rowan", "Rune", "Sable", "Saga", "Saheeli",
    "Salamander", "Samurai", "Samut", "Sand", "Saproling", "Sarkhan", "Satyr", "Scarecrow",
    "Scientist", "Scorpion", "Scout", "Seal", "Serpent", "Serra", "Servo", "Shade", "Shaman", "Shapeshifter",
    "Shark", "Sheep", "Shi'ar", "Ship", "Shrine", "Siege", "Siren", "Sivitri", "Skeleton", "Skrull",
    "Skunk", "Slith", "Sliver", "Sloth", "Slug", "Snail", "Snake", "Soldier", "Soltari", "Sorcerer",
    "Sorin", "Spacecraft", "Spawn", "Specter", "Spellshaper", "Sphere", "Sphinx", "Spider", "Spike",
    "Spirit", "Splinter", "Sponge", "Spuzzem", "Spy", "Squid", "Squirrel", "Starfish", "Stone",
    "Surrakar", "Survivor", "Svega", "Swamp", "Symbiote", "Synth", "Szat", "Tamiyo", "Tasha",
    "Teferi", "Teyo", "Tezzeret", "Thalakos", "The", "Thopter", "Thrull", "Tibalt", "Tiefling",
    "Tower", "Town", "Townsfolk", "Toy", "Trap", "Treasure", "Tree", "Treefolk", "Trilobite",
    "Troll", "Turtle", "Tyranid", "Tyvar", "Ugin", "Ulamog's", "Unicorn", "Urza", "Urza's", "Utrom",
    "Vampire", "Vampyre", "Varmint", "Vedalken", "Vehicle", "Venser", "Villain", "Vivien", "Volver",
    "Vraska", "Vronos", "Waiter", "Wall", "Walrus", "Wanderer", "Warlock", "Warrior", "Weasel",
    "Weird", "Werewolf", "Whale", "Will", "Windgrace", "Wizard", "Wolf", "Wolverine", "Wombat",
    "Worm", "Wraith", "Wrenn", "Wrestler", "Wurm", "Xenagos", "Yanggu", "Yanling", "Yeti", "You",
    "Zariel", "Zombie", "Zonian", "Zubera", "of",
})

_IRREGULAR = {"elves": "Elf", "dwarves": "Dwarf", "wolves": "Wolf", "werewolves": "Werewolf", "mice": "Mouse",
              "fungi": "Fungus", "homunculi": "Homunculus", "oxen": "Ox", "djinn": "Djinn", "efreet": "Efreet",
              "sheep": "Sheep", "samurai": "Samurai", "ninja": "Ninja", "octopi": "Octopus", "pegasi": "Pegasus",
              "leeches": "Leech", "foxes": "Fox", "sphinxes": "Sphinx", "lynxes": "Lynx", "thopters": "Thopter",
              "allies": "Ally", "faeries": "Faerie", "harpies": "Harpy", "kor": "Kor", "merfolk": "Merfolk",
              "moonfolk": "Moonfolk", "vedalken": "Vedalken", "kithkin": "Kithkin", "aetherborn": "Aetherborn",
              "goblins": "Goblin", "zombies": "Zombie", "knives": "Knife", "dwarfs": "Dwarf", "cyclopes": "Cyclops"}
IRREGULAR_PLURALS = _IRREGULAR  # (read by the effects' group words: engine/cards/compiler/effects/context.py)
# subtypes that are also ordinary English words of rules text are not read as subtypes
_NOT_SUBTYPES = {"you", "the", "of", "qu", "head", "art", "will", "eye", "key", "toy", "deb", "gus"}
SUBTYPES = frozenset(s for s in SUBTYPES if s.lower() not in _NOT_SUBTYPES)
#: creature types no card of the corpus prints but tokens or animated permanents have (Germ, Eldrazi Scion, the
#: later Tentacle and Gorilla tokens, Restless Prairie's Llama: 205.3m's list grew after 2016), and the artifact types
#: of the later predefined tokens (Blood, Incubator, ...): read in token and noun phrases too (not the CREATURE_TYPES
#: words that are also plain English)
TOKEN_TYPES = ("Blinkmoth", "Camarid", "Caribou", "Deserter", "Germ", "Graveborn", "Hound", "Naga", "Orb",
               "Pentavite", "Pincher", "Prism", "Scion", "Serf", "Tetravite", "Toy", "Triskelavite", "Viashino",
               "Gorilla", "Llama", "Tentacle",
               # artifact types only predefined tokens have (later ones: engine/ops/objects.py TOKEN_KINDS)
               "Blood", "Incubator", "Gold", "Junk", "Shard")
_LOWER = {s.lower(): s for s in (*SUBTYPES, *TOKEN_TYPES)}


def subtype(word: str) -> str | None:
    """'elves' -> 'Elf', 'Zombie' -> 'Zombie', 'forests' -> 'Forest'; None if not a subtype."""
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if w in _LOWER:
        return _LOWER[w]
    for suffix, repl in (("ies", "y"), ("ves", "f"), ("ves", "fe"), ("es", ""), ("s", "")):
        if w.endswith(suffix):
            base = w[: -len(suffix)] + repl
            if base in _LOWER:
                return _LOWER[base]
    return None


#: Every creature type (205.3m; changeling, 702.72a): the list of the 2016 rules plus the
#: creature types of later cards in the oracle corpus (subtypes of creature cards that no
#: noncreature card has).
CREATURE_TYPES: frozenset[str] = frozenset({
    "Advisor", "Aetherborn", "Alicorn", "Alien", "Ally", "Angel", "Antelope", "Ape", "Archer",
    "Archon", "Armadillo", "Army", "Armored", "Art", "Artificer", "Artist", "Assassin", "Assembly-Worker",
    "Astartes", "Athlete", "Atog", "Aurochs", "Autobot", "Avatar", "Azra", "Badger", "Barbarian",
    "Bard", "Basilisk", "Bat", "Bear", "Beast", "Beaver", "Beeble", "Beholder", "Berserker", "Bird",
    "Bison", "Blinkmoth", "Boar", "Boxer", "Brainiac", "Bringer", "Brushwagg", "Bureaucrat",
    "C'tan", "Camarid", "Camel", "Capybara", "Caribou", "Carrier", "Cat", "Centaur", "Cephalid",
    "Chameleon", "Champion", "Chef", "Chicken", "Child", "Chimera", "Citizen", "Clamfolk", "Cleric",
    "Clown", "Cockatrice", "Construct", "Cow", "Coward", "Coyote", "Crab", "Crocodile", "Custodes",
    "Cyberman", "Cyborg", "Cyclops", "Dalek", "Dauthi", "Deer", "Demigod", "Demon", "Deserter",
    "Designer", "Detective", "Devil", "Dinosaur", "Djinn", "Doctor", "Dog", "Donkey", "Dragon",
    "Drake", "Dreadnought", "Drix", "Drone", "Druid", "Dryad", "Dwarf", "Echidna", "Efreet", "Egg",
    "Elder", "Eldrazi", "Elemental", "Elephant", "Elf", "Elk", "Elves", "Employee", "Eternal",
    "Etiquette", "Eye", "Faerie", "Ferret", "Fish", "Flagbearer", "Fox", "Fractal", "Frog",
    "Fungus", "Gamer", "Gamma", "Gargoyle", "Germ", "Giant", "Giraffe", "Gith", "Glimmer", "Gnoll",
    "Gnome", "Goat", "Goblin", "God", "Golem", "Gorgon", "Grandchild", "Graveborn", "Gremlin",
    "Griffin", "Guest", "Gus", "Hag", "Halfling", "Hamster", "Harpy", "Hatificer", "Hawk", "Head",
    "Hedgehog", "Hellion", "Hero", "Hippo", "Hippogriff", "Homarid", "Homunculus", "Horror",
    "Horse", "Hound", "Human", "Hydra", "Hyena", "Illusion", "Imp", "Incarnation", "Inhuman",
    "Inkling", "Inquisitor", "Insect", "Jackal", "Jellyfish", "Judge", "Juggernaut", "Kangaroo",
    "Kavu", "Killbot", "Kirin", "Kithkin", "Knight", "Koala", "Kobold", "Kor", "Kraken", "Kree",
    "Lady", "Lamia", "Lammasu", "Lander", "Leech", "Lemur", "Leviathan", "Lhurgoyf", "Licid",
    "Lizard", "Lobster", "Mammoth", "Manticore", "Masticore", "Mercenary", "Merfolk", "Metathran",
    "Mime", "Minion", "Minotaur", "Mite", "Mole", "Monger", "Mongoose", "Monk", "Monkey", "Moogle",
    "Moonfolk", "Mount", "Mouse", "Mummy", "Mutant", "Myr", "Mystic", "Naga", "Nautilus", "Necron",
    "Nephilim", "Nightmare", "Nightstalker", "Ninja", "Noble", "Noggle", "Nomad", "Nymph",
    "Octopus", "Officer", "Ogre", "Ooze", "Orb", "Orc", "Orgg", "Otter", "Ouphe", "Ox", "Oyster",
    "Pangolin", "Paratrooper", "Peasant", "Pegasus", "Pentavite", "Performer", "Pest",
    "Phelddagrif", "Phoenix", "Phyrexian", "Pilot", "Pincher", "Pirate", "Plant", "Platypus",
    "Pony", "Porcupine", "Possum", "Praetor", "Primarch", "Prism", "Processor", "Proper", "Qu",
    "Rabbit", "Raccoon", "Ranger", "Rat", "Rebel", "Reflection", "Rhino", "Rigger", "Robot",
    "Rogue", "Sable", "Salamander", "Samurai", "Sand", "Saproling", "Satyr", "Scarecrow",
    "Scientist", "Scion", "Scorpion", "Scout", "Seal", "Serf", "Serpent", "Servo", "Shade", "Shaman",
    "Shapeshifter", "Shark", "Sheep", "Shi'ar", "Ship", "Siren", "Skeleton", "Skrull", "Skunk",
    "Slith", "Sliver", "Sloth", "Slug", "Snail", "Snake", "Soldier", "Soltari", "Sorcerer", "Spawn",
    "Specter", "Spellshaper", "Sphinx", "Spider", "Spike", "Spirit", "Splinter", "Sponge",
    "Spuzzem", "Spy", "Squid", "Squirrel", "Starfish", "Surrakar", "Survivor", "Symbiote", "Synth",
    "Tetravite", "Thalakos", "The", "Thopter", "Thrull", "Tiefling", "Time Lord", "Townsfolk",
    "Toy", "Tree", "Treefolk", "Trilobite", "Triskelavite", "Troll", "Turtle", "Tyranid", "Unicorn",
    "Utrom", "Vampire", "Vampyre", "Varmint", "Vedalken", "Viashino", "Villain", "Volver", "Waiter",
    "Wall", "Walrus", "Warlock", "Warrior", "Weasel", "Weird", "Werewolf", "Whale", "Wizard",
    "Wolf", "Wolverine", "Wombat", "Worm", "Wraith", "Wrestler", "Wurm", "Yeti", "Zombie", "Zonian",
    "Zubera"
})
