"""EVL's threat count, remembered by its arguments for speed (issue #32),
answers as counted pentagon by pentagon, whatever was asked before: the
same tops and landing with other marks, or the other way round, are other
questions (bench/search_fingerprint.py checks the searches themselves)."""

from __future__ import annotations

import random

from gamut.games.evl import evaluation
from gamut.games.evl.board import NUM_CELLS, PENTAGON_CELLS


def test_the_remembered_threat_count_is_the_counted_one():
    rng = random.Random(32)
    cells, pentagons = (1 << NUM_CELLS) - 1, (1 << len(PENTAGON_CELLS)) - 1
    tops = [rng.getrandbits(NUM_CELLS) & cells for _ in range(20)]
    landings = [rng.getrandbits(NUM_CELLS) & cells for _ in range(20)]
    marks = [0, pentagons] + [rng.getrandbits(len(PENTAGON_CELLS)) for _ in range(8)]
    evaluation.THREAT_COUNTS.clear()
    for _ in range(3):  # (asked again: answered from memory)
        for t in tops:
            for landing in landings:
                for m in marks:
                    counted = evaluation._count_threats(t, landing, m)
                    assert evaluation._threat_count(t, landing, m) == counted
    assert evaluation._threat_count(cells, cells, pentagons) == 0  # every pentagon already marked
    assert evaluation._threat_count(cells, cells, 0) == len(PENTAGON_CELLS)
