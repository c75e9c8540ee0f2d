"""``python -m app.bench``'s table of four seats (issue 17): it measures what it says, a table
of four seats of 30 permanents each, with hand-over screens between the seats. Its numbers
are reported by the bench, never asserted here (STYLE: speed claims come from benchmarks)."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")


def test_the_four_seat_bench_measures_four_seats_of_thirty_permanents(qtbot):
    from app.bench_seats import bench_seats
    r = bench_seats(4, 30, decisions=30)
    assert r["seats"] == 4 and r["permanents"] == 120 and r["decisions"] == 30
    assert r["updates"] >= 30 and r["update_cpu_max_ms"] >= r["update_cpu_median_ms"] > 0
    assert "hand-over" in r["update_max_was"] or r["updates"] > r["decisions"], "seats hand over"
    assert r["target_ms"] == 16.0
