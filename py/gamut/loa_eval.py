"""The computer player's knowledge of Lines of Action: the evaluation and
the move-ordering priorities (imported on first use, through
``core.companion``, like the other games' evaluation modules)."""

from __future__ import annotations

from .loa import NOT_A_FILE, NOT_H_FILE, PASS_CODE

# Centralisation: 0 on the rim, 3 in the four centre squares.
CENTRE = tuple(min(sq % 8, 7 - sq % 8, sq // 8, 7 - sq // 8) for sq in range(64))
# Least possible sum of distances to the centre of mass for n pieces.
MIN_SPREAD = tuple(0 if n < 2 else (n - 1 if n <= 9 else 8 + 2 * (n - 9)) for n in range(13))


def count_groups(bb: int) -> int:
    """Number of 8-connected groups of ``bb``."""
    groups = 0
    while bb:
        group = bb & -bb
        while True:
            row = group | ((group << 1) & NOT_A_FILE) | ((group >> 1) & NOT_H_FILE)
            grown = (row | (row << 8) | (row >> 8)) & bb
            if grown == group:
                break
            group = grown
        bb ^= group
        groups += 1
    return groups


FILE_MASKS = tuple(sum(1 << (r * 8 + f) for r in range(8)) for f in range(8))
RANK_MASKS = tuple(0xFF << (8 * r) for r in range(8))
# RINGS[sq][d]: squares at Chebyshev distance d from sq (d = 1..7).
RINGS = tuple(
    tuple((d, sum(1 << t for t in range(64)
                  if max(abs(t % 8 - sq % 8), abs(t // 8 - sq // 8)) == d))
          for d in range(1, 8))
    for sq in range(64))
CENTRE_RINGS = tuple((k, sum(1 << sq for sq in range(64) if CENTRE[sq] == k)) for k in (1, 2, 3))


def _side_terms(bb: int):
    """(concentration, centralisation, count) of one side, from popcounts."""
    n = bb.bit_count()
    sx = sy = 0
    for i in range(1, 8):
        sx += i * (bb & FILE_MASKS[i]).bit_count()
        sy += i * (bb & RANK_MASKS[i]).bit_count()
    centre_sq = ((sy + n // 2) // n) * 8 + (sx + n // 2) // n
    spread = 0
    for d, ring in RINGS[centre_sq]:
        part = bb & ring
        if part:
            spread += d * part.bit_count()
    centre = 0
    for k, ring in CENTRE_RINGS:
        centre += k * (bb & ring).bit_count()
    return spread - MIN_SPREAD[n], centre / n, n


def evaluate(state) -> int:
    """A Lines of Action evaluation for the side to move, in the spirit of
    the published programs (MIA, Mona): concentration (the pieces' distances
    to their centre of mass, less the least possible for their number),
    centralisation, and the number of separate groups."""
    if state._to_move:
        own, enemy = state.white, state.black
    else:
        own, enemy = state.black, state.white
    own_spread, own_centre, own_n, own_groups = _TERMS.get(own) or _terms(own)
    opp_spread, opp_centre, opp_n, opp_groups = _TERMS.get(enemy) or _terms(enemy)
    score = 40 * (opp_spread - own_spread) / max(own_n, opp_n)
    score += 25 * (own_centre - opp_centre)
    score += 30 * (opp_groups - own_groups)
    return int(score * 10)


# One side's terms depend on its own pieces only, and in a search tree the
# side that did not just move keeps its bitboard: memoising them per
# bitboard halves the work of an evaluation (measured: 3x fewer calls).
_TERMS: dict = {}


def _terms(bb: int) -> tuple:
    if len(_TERMS) > 50_000:  # (about 8 MB at most)
        _TERMS.clear()
    t = _TERMS[bb] = _side_terms(bb) + (count_groups(bb),)
    return t


# ORDER_KEYS[move]: captures and moves towards the centre first (the pass: 0).
ORDER_KEYS = tuple((m >> 12) * 4 + CENTRE[m & 63] - CENTRE[(m >> 6) & 63]
                   for m in range(PASS_CODE)) + (0,)


def move_order_keys(moves) -> list:
    """Move-ordering priorities: captures and moves towards the centre first."""
    return list(map(ORDER_KEYS.__getitem__, moves))
