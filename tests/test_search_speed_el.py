"""EL's move ordering, rewritten for speed (issue #32), gives the priorities
of its definition: a cell's row read by lane arithmetic is the sum of its
lanes plus twice each number's own, and the order table (a flat list by
placement index) agrees with the lanes of the position, placement by
placement (bench/search_fingerprint.py checks the searches themselves)."""

from __future__ import annotations

import random

import gamut
from gamut.games.el import evaluation
from gamut.games.el.shape_analysis import LANE, analysis


def test_a_row_by_lane_arithmetic_is_each_lane_plus_twice_its_count():
    rng = random.Random(32)
    for _ in range(20_000):
        numbers = rng.choice([6, 8])
        counts = [rng.randrange(1 << rng.choice([2, 9, 16, 28])) for _ in range(numbers)]
        if 3 * sum(counts) >= 1 << LANE:
            continue
        acc = sum(x << (LANE * n) for n, x in enumerate(counts, 1))
        assert evaluation._order_row({}, acc, acc, numbers) == tuple(sum(counts) + 2 * x for x in counts)


def test_the_order_table_gives_every_placement_its_cells_priority():
    for variant in ("standard", "consecutive", "eight"):
        rng = random.Random(variant)
        state = gamut.new("el", variant)
        for _ in range(12):
            if state.outcome() is not None:
                break
            rules, me = state.rules, state.to_move
            table = evaluation.order_table(state)
            lanes = analysis(state).lanes(me, rules.cells)
            threats = analysis(state).threats()
            moves = state.legal_moves()
            keys = evaluation.move_order_keys(state, moves)
            for move, key in zip(moves, keys):
                cell, n = (move >> 4) & 63, move & 15
                counts = [
                    (lanes[cell] >> (LANE * i)) & ((1 << LANE) - 1) for i in range(1, rules.numbers + 1)
                ]
                expected = sum(counts) + 2 * counts[n - 1]
                if cell in threats[me ^ 1]:
                    expected = -5_000_000 if n in threats[me ^ 1][cell] else 5_000_000 + expected
                if n in threats[me].get(cell, ()):
                    expected = 10_000_000
                assert key == table[move & evaluation.PLACEMENT_INDEX] == expected
            state = state.play(rng.choice(moves))
