"""The oracle corpus, read once and never changed, is out of the cyclic garbage collector's reach
(``gc.freeze``): a full collection of a long run does not walk its 200,000 lists and dicts again."""
from __future__ import annotations

import subprocess
import sys

PROBE = """
import gc
from engine.cardpool import corpus
c = corpus()
r = c["lightning bolt"]
print(gc.get_freeze_count(), any(o is r for o in gc.get_objects()), any(o is c for o in gc.get_objects()))
"""


def test_the_corpus_is_frozen_once_read() -> None:
    """In a fresh process (other tests may unfreeze, as the table's memory settling does)."""
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=120)
    frozen, record_collected, corpus_collected = out.stdout.split()
    assert int(frozen) > 100_000
    assert record_collected == "False" and corpus_collected == "False"
