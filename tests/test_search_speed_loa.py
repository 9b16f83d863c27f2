"""Lines of Action's evaluation, rewritten for speed (issue #32), gives the
same numbers as its definition: each term of a side's pieces summed piece by
piece, on random bitboards of every size (the searches stay identical only
if these do; bench/search_fingerprint.py checks the searches themselves)."""

from __future__ import annotations

import random

from gamut.games.loa import evaluation


def distribution_by_pieces(bb: int) -> tuple:
    """``evaluation._distribution`` by its definition, one piece at a time."""
    squares = [sq for sq in range(64) if bb >> sq & 1]
    n = len(squares)
    sx = sum(sq % 8 for sq in squares)
    sy = sum(sq // 8 for sq in squares)
    cx, cy = (sx + n // 2) // n, (sy + n // 2) // n  # the square nearest the centre of mass
    spread = sum(max(abs(sq % 8 - cx), abs(sq // 8 - cy)) for sq in squares)
    centre = sum(evaluation.CENTRE[sq] for sq in squares)
    return n, sx, sy, spread, centre


def test_the_distribution_by_bit_counts_is_the_piece_by_piece_sum():
    rng = random.Random(32)
    boards = [1 << sq for sq in range(64)] + [(1 << 64) - 1, 0x8100000000000081]
    boards += [sum(1 << sq for sq in rng.sample(range(64), rng.randint(1, 24))) for _ in range(5000)]
    for bb in boards:
        assert evaluation._distribution(bb) == distribution_by_pieces(bb), hex(bb)


def test_the_distance_masks_give_every_squares_chebyshev_distance():
    for centre in (0, 7, 27, 36, 63):
        d1, d2, d4 = evaluation.DISTANCE_DIGITS[centre]
        for sq in range(64):
            distance = max(abs(sq % 8 - centre % 8), abs(sq // 8 - centre // 8))
            assert (d1 >> sq & 1) + 2 * (d2 >> sq & 1) + 4 * (d4 >> sq & 1) == distance


def test_the_feature_memo_keeps_two_generations_and_answers_as_computed(monkeypatch):
    """A side's features are remembered by bitboard in two generations of
    ``GENERATION`` entries: at most twice that many, the recent ones kept,
    and whatever the memo answers is what ``_side_features`` computes."""
    monkeypatch.setattr(evaluation, "_FEATURES", {})
    monkeypatch.setattr(evaluation, "_EARLIER", {})
    monkeypatch.setattr(evaluation, "GENERATION", 10)
    rng = random.Random(32)
    boards = [sum(1 << sq for sq in rng.sample(range(64), rng.randint(1, 12))) for _ in range(60)]
    calls = []
    computed = evaluation._side_features
    monkeypatch.setattr(evaluation, "_side_features", lambda bb: calls.append(bb) or computed(bb))
    for i, bb in enumerate(boards):
        assert evaluation._side(bb)[:8] == computed(bb)
        assert evaluation._side(boards[max(0, i - 4)])[:8] == computed(boards[max(0, i - 4)])
        assert len(evaluation._FEATURES) + len(evaluation._EARLIER) <= 20
    # each board computed once: the one asked again 4 boards later (8 entries at most in between) was still remembered
    assert sorted(calls) == sorted(set(boards))
