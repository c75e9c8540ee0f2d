"""Regenerate the golden files of compiled cards: .venv/bin/python tests/golden/regenerate.py

Each tests/golden/<group>.json maps card names to their compiled CardDef (compact form:
engine.cards.coverage.compact). tests/test_compiler_golden.py compares. Review the diff
(git diff tests/golden) before committing: every change is a change of what cards do.
"""
from __future__ import annotations

import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

CLASSICS = [
    "Lightning Bolt", "Shock", "Giant Growth", "Prodigal Sorcerer", "Glorious Anthem", "Serra Angel",
    "Llanowar Elves", "Raging Goblin", "Craw Wurm", "Pacifism", "Rancor", "Loxodon Warhammer", "Bonesplitter",
    "Gravedigger", "Doom Blade", "Murder", "Divination", "Cancel", "Counterspell", "Naturalize", "Wrath of God",
    "Unsummon", "Raise Dead", "Rampant Growth", "Raise the Alarm", "Overrun", "Duress", "Sign in Blood",
    "Prey Upon", "Cryptic Command", "Shivan Dragon", "White Knight", "Bog Wraith", "Think Twice",
    "Burst Lightning", "Drifting Meadow", "Monastery Swiftspear", "Phyrexian Arena", "Soul Warden",
    "Sakura-Tribe Elder", "Mind Rot", "Essence Scatter", "Forest", "Island", "Swamp", "Mountain", "Plains",
    "Hill Giant", "Grizzly Bears", "Air Elemental", "Mahamoti Djinn", "Sengir Vampire", "Holy Strength",
    "Unholy Strength", "Lure", "Fireball", "Disenchant", "Swords to Plowshares", "Dark Ritual",
    "Ancestral Recall", "Healing Salve", "Stone Rain", "Terror", "Control Magic", "Icy Manipulator",
    "Royal Assassin", "Wall of Stone", "Goblin Balloon Brigade", "Juggernaut", "Fog", "Howling Mine",
    "Elvish Mystic", "Ornithopter", "Zombify", "Brainstorm", "Ponder", "Opt", "Preordain", "Negate",
    "Dispel", "Mana Leak", "Remove Soul", "Day of Judgment", "Flametongue Kavu", "Mulldrifter",
    "Kitchen Finks", "Putrid Leech", "Tarmogoyf", "Fire // Ice", "Delver of Secrets // Insectile Aberration",
]


def groups() -> dict[str, list[str]]:
    from engine.cards.coverage import mtga_sets
    sets = mtga_sets()
    return {"classics": CLASSICS, "M19": sorted(sets["M19"]), "M20": sorted(sets["M20"])}


def compiled(names: list[str]) -> dict[str, object]:
    from engine.cards.compiler import compile_card
    from engine.cards.coverage import compact, corpus_card
    out: dict[str, object] = {}
    for n in names:
        try:
            data = corpus_card(n)
        except KeyError:
            continue
        out[n] = compact(compile_card(data))
    return out


def dump(v: object) -> str:
    return json.dumps(v, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def main() -> int:
    for group, names in groups().items():
        path = HERE / f"{group}.json"
        path.write_text(dump(compiled(names)), encoding="utf-8")
        print(f"wrote {path} ({len(names)} names)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
