"""Draw the fixed sample of supported cards that issue 19 (item 3, "Honest counts") keeps.

    .venv/bin/python -m tools.card_sample            # prints the sample, writes nothing
    .venv/bin/python -m tools.card_sample --write    # writes tests/scenarios/sample/SAMPLE.txt

The sample is drawn ONCE: 200 cards, chosen by ``random.Random(SEED).sample`` from the names,
sorted, of every card of the corpus that ``engine.cards.coverage`` counts as supported (no
sentence the compiler could not read, no construct the engine does not run) and that has rules
text to exercise (a vanilla creature has none). Each listed card has one scenario,
``tests/scenarios/sample/<card>.yaml``, written from its printed text, and
``tests/test_card_sample.py`` checks that every listed card still compiles as supported and has
its scenario. The list is committed and never redrawn when coverage changes: a card that stops
being supported stays in the list, and the test fails, so the count stays honest. ``--write``
refuses to overwrite an existing list unless ``--force`` is given.
"""
from __future__ import annotations

import argparse
import pathlib
import random
import sys

from engine.cards.abilities import CardDef
from engine.cards.compiler import compile_card
from engine.cards.coverage import load_cards
from engine.support import unsupported_reasons

SEED = 19          # issue 19
SIZE = 200
SAMPLE = pathlib.Path(__file__).resolve().parent.parent / "tests" / "scenarios" / "sample" / "SAMPLE.txt"
HEADER = ("# The fixed sample of issue 19 item 3: drawn once by `python -m tools.card_sample --write`\n"
          f"# (seed {SEED}, {SIZE} of the supported cards with rules text). Never redrawn; one scenario per\n"
          "# card in this folder (tests/test_card_sample.py).\n")


def supported(d: CardDef) -> bool:
    """As ``engine.cards.coverage.measure`` counts it: every sentence read, nothing the engine skips."""
    reasons = list(d.unsupported) + [r for r in unsupported_reasons(d) if not r.startswith("text: ")]
    return not reasons


def draw(seed: int = SEED, size: int = SIZE) -> list[str]:
    """The names of the sample, in the order drawn."""
    cards, _ = load_cards()
    names = sorted(c.name for c in cards if (c.text or "").strip() and supported(compile_card(c)))
    return random.Random(seed).sample(names, size)


def read_sample(path: pathlib.Path = SAMPLE) -> list[str]:
    """The committed list (comments and blank lines skipped)."""
    return [ln.strip() for ln in path.read_text(encoding="utf-8").splitlines()
            if ln.strip() and not ln.lstrip().startswith("#")]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.card_sample", description=__doc__.split("\n")[0])
    ap.add_argument("--write", action="store_true", help=f"write {SAMPLE.name}")
    ap.add_argument("--force", action="store_true", help="overwrite an existing list (never for the committed one)")
    a = ap.parse_args(argv)
    names = draw()
    if not a.write:
        print("\n".join(names))
        return 0
    if SAMPLE.exists() and not a.force:
        print(f"{SAMPLE} exists: the sample is fixed (use --force only to redraw on purpose)", file=sys.stderr)
        return 1
    SAMPLE.parent.mkdir(parents=True, exist_ok=True)
    SAMPLE.write_text(HEADER + "".join(n + "\n" for n in names), encoding="utf-8")
    print(f"wrote {len(names)} names to {SAMPLE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
