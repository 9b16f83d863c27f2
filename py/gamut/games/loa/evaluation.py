"""The computer player's knowledge of Lines of Action: the evaluation (a
MIA-style one with weights fitted to self-play results; the hand-weighted one
it replaced stays as ``evaluate_classic``) and the move-ordering priorities
(imported on first use, through ``core.evaluation``, like the other games'
evaluation modules; its shape: ``core.EvaluationProtocol``)."""

from __future__ import annotations

from operator import mul
from typing import TYPE_CHECKING

from .board import (
    CAPTURE,
    FULL,
    LINE_KEYS,
    LINE_MOVES,
    NOT_A_FILE,
    NOT_H_FILE,
    PASS_CODE,
    TABLE_LIMIT,
    count_groups,
    neighbours,
)

if TYPE_CHECKING:
    from ...core import EvaluationProtocol
    from .state import LoaState

# Centralisation: 0 on the rim, 3 in the four centre squares.
CENTRE = tuple(min(sq % 8, 7 - sq % 8, sq // 8, 7 - sq // 8) for sq in range(64))
# Least possible sum of distances to the centre of mass for n pieces.
MIN_SPREAD = tuple(0 if n < 2 else (n - 1 if n <= 9 else 8 + 2 * (n - 9)) for n in range(13))


def _side_terms(bb: int):
    """(concentration, centralisation, count) of one side, from popcounts."""
    n, _, _, spread, centre = _distribution(bb)
    return spread - MIN_SPREAD[n], centre / n, n


def evaluate(state: LoaState) -> int:
    """The MIA-style evaluation (above) for the side to move: the fitted
    log-odds of winning, times ``SCALE``."""
    if state._to_move:
        own, enemy = state.white, state.black
    else:
        own, enemy = state.black, state.white
    o = _FEATURES.get(own) or _side(own)
    e = _FEATURES.get(enemy) or _side(enemy)
    z = TEMPO + o[8] - e[8]
    z += WEIGHTS[8] * ((own & e[9]).bit_count() - (enemy & o[9]).bit_count())
    if WEIGHTS[7]:  # (4 us: fitted 0 unless the data shows it pays)
        z += WEIGHTS[7] * mobility(own, enemy) / 2
    return int(SCALE * z)


def evaluate_classic(state) -> int:
    """The evaluation before the MIA-style one: concentration,
    centralisation and groups, weighted by hand (kept for comparison)."""
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


# -- the MIA-style evaluation ------------------------------------------------
# After Winands, van den Herik and Uiterwijk, "An evaluation function for Lines
# of Action" (MIA IV): each side's concentration, centralisation, centre of
# mass, quads (solid 2x2 blocks and the Euler number), connectedness and
# groups, both sides' mobility (captures counted double, moves onto the rim
# half), blocking of rim pieces, and the side to move.  The weights are a
# logistic regression on self-play positions labelled by their game's result
# (bench/loa_selfplay.py makes the data, bench/tune_loa_eval.py fits them), so
# a score is the log-odds of winning times ``LoaState.eval_scale``.

A_FILE = sum(1 << (r * 8) for r in range(8))
RIM = sum(1 << sq for sq in range(64) if CENTRE[sq] == 0)
# Anchors of the 49 inner 2x2 windows (files and ranks 0-6).
ANCHORS = sum(1 << (r * 8 + f) for r in range(7) for f in range(7))
FEATURES = (
    "concentration",
    "centralisation",
    "centre of mass",
    "solid quads",
    "euler",
    "links",
    "groups",
    "mobility",
    "blocking",
    "pieces",
)


# Border windows (two squares of the rim, one outside the board) holding
# exactly one piece, by the rim line's 8 bits; the INNER table leaves out the
# corner windows (counted with the first and last rank).
EDGE_SINGLES = tuple(((x ^ (x << 1)) & 0x1FF).bit_count() for x in range(256))
EDGE_SINGLES_INNER = tuple(((x ^ (x << 1)) & 0xFE).bit_count() for x in range(256))


def _file_bits(bb: int, f: int) -> int:
    """File ``f`` of ``bb`` as 8 bits (rank 8 lowest: only transitions matter)."""
    return (((bb >> f) & A_FILE) * 0x8040201008040201 >> 56) & 0xFF


def _shape_terms(bb: int) -> tuple:
    """(solid quads, Euler number, links) of one side's pieces."""
    a = bb & ANCHORS
    b = (bb >> 1) & ANCHORS
    c = (bb >> 8) & ANCHORS
    d = (bb >> 9) & ANCHORS
    abx, aba, cdx, cda = a ^ b, a & b, c ^ d, c & d
    bit0 = abx ^ cdx
    carry = abx & cdx
    bit1 = aba ^ cda ^ carry
    four = aba & cda
    q1 = (bit0 & ~bit1).bit_count()  # (a window with four has bit0 = bit1 = 0)
    q3 = (bit0 & bit1).bit_count()
    qd = ((a & d & ~b & ~c) | (b & c & ~a & ~d)).bit_count()
    # the border windows hold one or two squares: only singles count (as Q1)
    q1 += (
        EDGE_SINGLES[bb & 0xFF]
        + EDGE_SINGLES[bb >> 56]
        # files a and h as 8 bits (_file_bits, written out: it runs at every evaluation)
        + EDGE_SINGLES_INNER[((bb & A_FILE) * 0x8040201008040201 >> 56) & 0xFF]
        + EDGE_SINGLES_INNER[(((bb >> 7) & A_FILE) * 0x8040201008040201 >> 56) & 0xFF]
    )
    euler = (q1 - q3 - 2 * qd) / 4
    links = (
        (bb & (bb >> 1) & NOT_H_FILE).bit_count()
        + (bb & (bb >> 8)).bit_count()
        + (bb & (bb >> 9) & NOT_H_FILE).bit_count()
        + (bb & (bb >> 7) & NOT_A_FILE).bit_count()
    )
    return q3 + four.bit_count(), euler, links


# Sums over the pieces by bit counts, one per binary digit of what is
# summed: a piece on file f adds f = 4 * (f >> 2 & 1) + 2 * (f >> 1 & 1) +
# (f & 1), so the sum of the files is 4 * (pieces on files 4-7) + 2 *
# (pieces on files 2, 3, 6, 7) + (pieces on odd files); likewise the ranks,
# the centre-ring weights (1-3) and the distances to a square (1-7).
def _digit_masks(value) -> tuple[int, ...]:
    """The squares whose ``value(square)`` has binary digit 1, 2, 4 set."""
    return tuple(sum(1 << sq for sq in range(64) if value(sq) >> digit & 1) for digit in range(3))


_FILE1, _FILE2, _FILE4 = _digit_masks(lambda sq: sq % 8)
_RANK1, _RANK2, _RANK4 = _digit_masks(lambda sq: sq // 8)
_CENTRE1, _CENTRE2, _ = _digit_masks(CENTRE.__getitem__)  # (weights 0-3: two digits)
#: DISTANCE_DIGITS[sq]: the digit masks of the Chebyshev distance to ``sq``.
DISTANCE_DIGITS = tuple(
    _digit_masks(lambda t, sq=sq: max(abs(t % 8 - sq % 8), abs(t // 8 - sq // 8))) for sq in range(64)
)


def _distribution(bb: int) -> tuple:
    """How one side's pieces lie: (count, sum of files, sum of ranks, the sum
    of their distances to the square nearest their centre of mass, the sum
    of their centre-ring weights).  Both evaluations' concentration and
    centralisation come from here."""
    n = bb.bit_count()
    sx = 4 * (bb & _FILE4).bit_count() + 2 * (bb & _FILE2).bit_count() + (bb & _FILE1).bit_count()
    sy = 4 * (bb & _RANK4).bit_count() + 2 * (bb & _RANK2).bit_count() + (bb & _RANK1).bit_count()
    d1, d2, d4 = DISTANCE_DIGITS[((sy + n // 2) // n) * 8 + (sx + n // 2) // n]
    spread = 4 * (bb & d4).bit_count() + 2 * (bb & d2).bit_count() + (bb & d1).bit_count()
    centre = 2 * (bb & _CENTRE2).bit_count() + (bb & _CENTRE1).bit_count()
    return n, sx, sy, spread, centre


def _side_features(bb: int) -> tuple:
    """One side's own terms: (concentration, centralisation, distance of the
    centre of mass from the board's centre, solid quads, Euler number, links
    per piece, groups, pieces)."""
    n, sx, sy, spread, centre = _distribution(bb)
    com = max(abs(sx / n - 3.5), abs(sy / n - 3.5))
    quads, euler, links = _shape_terms(bb)
    return ((spread - MIN_SPREAD[n]) / n, centre / n, com, quads / n, euler, links / n, count_groups(bb), n)


#: One side's features by bitboard (``_side``): this generation's entries,
#: and the generation before, read on a miss here and brought forward.
_FEATURES: dict = {}
_EARLIER: dict = {}
#: Entries in a generation: both together at most 50,000, as when the memo was
#: emptied at 50,000 (about 8 MB), but a search keeps what it met recently
#: (6 % fewer computations in bench/bench_search_speed.py's searches; issue #32).
GENERATION = 25_000


def _side(bb: int) -> tuple:
    """One side's features (``_side_features``), then its share of the score
    (their weighted sum) and the squares next to its rim pieces (for
    blocking), memoised per bitboard like ``_TERMS``."""
    t = _FEATURES.get(bb)
    if t is None:
        t = _EARLIER.get(bb)
        if t is None:
            f = _side_features(bb)
            # the same products summed in the same order as term by term, by map
            score = sum(map(mul, _FIRST_SEVEN_WEIGHTS, f)) + WEIGHTS[9] * f[7]
            t = f + (score, neighbours(bb & RIM))
        if len(_FEATURES) >= GENERATION:
            _EARLIER.clear()
            _EARLIER.update(_FEATURES)
            _FEATURES.clear()
        _FEATURES[bb] = t
    return t


def features(own: int, enemy: int) -> list:
    """The evaluation's features for the side owning ``own``, to move: each
    the side's term less the opponent's (names in ``FEATURES``)."""
    o, e = _side(own), _side(enemy)
    blocking = (own & e[9]).bit_count() - (enemy & o[9]).bit_count()
    return [
        o[0] - e[0],
        o[1] - e[1],
        o[2] - e[2],
        o[3] - e[3],
        o[4] - e[4],
        o[5] - e[5],
        o[6] - e[6],
        mobility(own, enemy) / 2,
        blocking,
        o[7] - e[7],
    ]


def _mobility_weight(move) -> int:
    """2 a move, 4 a capture, half for a move onto the rim (MIA's weights)."""
    w = 4 if move & CAPTURE else 2
    return w // 2 if CENTRE[move & 63] == 0 else w


class _LineMobility(dict):
    """Key as for ``loa.LINE_MOVES`` -> the weighted number of the mover's
    moves along the line less the opponent's (the key holds both sides)."""

    __slots__ = ("moves",)

    def __init__(self, moves):
        super().__init__()
        self.moves = moves

    def __missing__(self, key: int) -> int:
        if len(self) >= TABLE_LIMIT:
            self.clear()
        mine = self.moves[key]
        theirs = self.moves[(key >> 64) | ((key & FULL) << 64)]
        n = self[key] = sum(map(_mobility_weight, mine)) - sum(map(_mobility_weight, theirs))
        return n


LINE_MOBILITY = tuple(_LineMobility(t) for t in LINE_MOVES)
_mobility_of = _LineMobility.__getitem__


def mobility(own: int, enemy: int) -> int:
    """Weighted moves of the side owning ``own`` less those of the other
    (2 a move, 4 a capture, half onto the rim)."""
    x = own | (enemy << 64)
    return sum(map(_mobility_of, LINE_MOBILITY, map(x.__and__, LINE_KEYS)))


# Fitted by bench/tune_loa_eval.py (log-odds per unit of each feature), and
# the side to move's log-odds when every feature is level.
# Data: 2,500 self-play games, 41,415 decided positions (loa_selfplay.py
# --games 2500 --seed 1); held-out log-loss 0.600, 67 % of results predicted
# (the hand-weighted evaluation: 0.645, 62 %).  Mobility added nothing on
# held-out games (0.5998 with it, 0.5996 without) and costs 4 us an
# evaluation, so it is fitted out (--drop mobility).
WEIGHTS = (-1.1886, 0.7039, 0.1913, 0.0375, -0.0346, -0.0135, -0.0839, 0.0, 0.0775, 0.1184)
TEMPO = 0.1513
_FIRST_SEVEN_WEIGHTS = WEIGHTS[:7]  # (the side's own terms: map stops at the shorter)
SCALE = 950.0  # LoaState.eval_scale: a score of SCALE is one unit of log-odds


# ORDER_KEYS[move]: captures and moves towards the centre first (the pass: 0).
ORDER_KEYS = tuple((m >> 12) * 4 + CENTRE[m & 63] - CENTRE[(m >> 6) & 63] for m in range(PASS_CODE)) + (0,)


def move_order_keys(state: LoaState, moves: list) -> list:
    """Move-ordering priorities: captures and moves towards the centre first."""
    return list(map(ORDER_KEYS.__getitem__, moves))


def search_moves(state: LoaState) -> list:
    """Every legal move: Lines of Action's search prunes nothing."""
    return state.legal_moves()


if TYPE_CHECKING:
    from . import evaluation as _this

    _conforms: EvaluationProtocol[LoaState] = _this
