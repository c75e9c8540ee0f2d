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
    m19 = out["sets"]["M19"]
    assert m19["compiled"] / m19["total"] >= 0.8          # the compiler read every sentence
    assert m19["supported"] <= m19["compiled"]            # and the engine executes all it uses
    assert m19["supported"] / m19["total"] >= 0.6


def test_coverage_module_runs():
    r = subprocess.run([sys.executable, "-m", "engine.cards.coverage", "--unsupported", "3"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "supported" in r.stdout and "unlocks" in r.stdout


def test_compiled_corpus_uses_only_the_documented_vocabulary():
    from engine.cards.abilities import EFFECT_OPS, STATIC_KINDS, TRIGGER_EVENTS, Ability, Effect

    seen_ops, seen_kinds, seen_events = set(), set(), set()

    def walk_eff(e):
        seen_ops.add(e.op)
        for k in ("effects", "then", "else"):
            for x in e.args.get(k) or []:
                if isinstance(x, Effect):
                    walk_eff(x)
        for x in e.args.get("abilities") or []:
            if isinstance(x, Ability):
                walk_ab(x)

    def walk_ab(a):
        for e in a.effects:
            walk_eff(e)
        for m in a.modes:
            walk_ab(m)
        if a.static:
            seen_kinds.add(a.static["kind"])
            if isinstance(a.static.get("ability"), Ability):
                walk_ab(a.static["ability"])
        if a.trigger:
            ev = a.trigger["event"]
            seen_events.update(ev if isinstance(ev, list) else [ev])

    for rec in _corpus_records():
        d = compile_card(corpus_to_data(rec))
        for a in d.abilities:
            walk_ab(a)
    assert seen_ops <= EFFECT_OPS, seen_ops - EFFECT_OPS
    assert seen_kinds <= STATIC_KINDS, seen_kinds - STATIC_KINDS
    assert seen_events <= TRIGGER_EVENTS, seen_events - TRIGGER_EVENTS
