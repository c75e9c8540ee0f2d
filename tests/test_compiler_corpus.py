"""The whole corpus compiles without an error, and the coverage command reports it."""
from __future__ import annotations

import json
import subprocess
import sys

from engine.cards.compiler import compile_card
from engine.cards.coverage import _corpus_records, corpus_to_data, main


def test_whole_corpus_compiles_and_unsupported_text_is_kept():
    recs = _corpus_records()
    assert len(recs) > 30000
    supported = 0
    for rec in recs:
        d = compile_card(corpus_to_data(rec))          # must not raise
        if d.supported:
            supported += 1
        else:
            assert all(isinstance(u, str) and u for u in d.unsupported)
    assert supported / len(recs) >= 0.30


def test_a_card_with_text_is_never_supported_with_nothing_compiled():
    for rec in _corpus_records()[:5000]:
        d = compile_card(corpus_to_data(rec))
        if d.supported and (rec.get("text") or "").strip():
            assert d.abilities or d.keywords, rec["name"]


def test_coverage_json(capsys):
    assert main(["--json", "--set", "M19"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"total", "supported", "sets"}
    assert out["sets"]["M19"]["total"] >= 250
    assert out["sets"]["M19"]["supported"] / out["sets"]["M19"]["total"] >= 0.8


def test_coverage_module_runs():
    r = subprocess.run([sys.executable, "-m", "engine.cards.coverage", "--unsupported", "3"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "supported" in r.stdout and "unlocks" in r.stdout
