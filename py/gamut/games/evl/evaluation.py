"""Evaluation and move ordering of EVL for the computer player.

Terms, each for both players (score for the side to move):

* markers on the board (what wins), with a bonus when one more capture wins;
* pentagons *one unstack from capture*: not yet the player's, with a pair of
  non-touching heptagons of which the player controls one and can land a
  stack on the other with one unstack (a controlled stack of height h >= 2
  within h steps of it, the landing stack staying at most 4 high).  The
  side to move can take one of them now, so its count weighs more;
* control of heptagons: tops of the player's colour, weighted by how many
  pentagons they border, a little more for tall stacks (a stack of 4 can be
  neither crossed nor landed on) and for the mobility they give;
* pieces in hand (the freedom to place, and the only moves of a player with
  no controlled stack of height 2).

Imported on first use, through ``core.evaluation``; its shape:
``core.EvaluationProtocol``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import HEIGHT, NEIGHBOURS, NUM_CELLS, PARTNERS, PENTAGON_CELLS, SURROUND_PAIRS, TOP

if TYPE_CHECKING:
    from ...core import EvaluationProtocol
    from .state import EvlState

MARKER = 120
NEAR_WIN = 400
THREAT_MOVER = 90  # the side to move can capture now
THREAT_EACH = 18
CONTROL = 6
TALL = 4
HAND = 5


def _distances():
    dist = []
    for o in range(NUM_CELLS):
        d = [99] * NUM_CELLS
        d[o] = 0
        frontier = [o]
        k = 0
        while frontier:
            k += 1
            nxt = []
            for c in frontier:
                for n in NEIGHBOURS[c]:
                    if d[n] == 99:
                        d[n] = k
                        nxt.append(n)
            frontier = nxt
        dist.append(tuple(d))
    return tuple(dist)


DIST = _distances()
# WITHIN[o][h]: bitmask of heptagons 1..h steps from o
WITHIN = tuple(
    tuple(sum(1 << c for c in range(NUM_CELLS) if 1 <= DIST[o][c] <= h) for h in range(5))
    for o in range(NUM_CELLS)
)
DEGREE = tuple(sum(1 for p in PENTAGON_CELLS if c in p) for c in range(NUM_CELLS))


# Per heptagon and stack code, for the player on top: the heptagons where
# the stack can land with one unstack (height >= 2), and its control term.
REACH_FROM = tuple(
    tuple(WITHIN[o][HEIGHT[code]] if HEIGHT[code] >= 2 else 0 for code in range(len(HEIGHT)))
    for o in range(NUM_CELLS)
)
CONTROL_OF = tuple(
    tuple(DEGREE[o] * CONTROL + TALL * HEIGHT[code] for code in range(len(HEIGHT))) for o in range(NUM_CELLS)
)
FULL_HEIGHT = max(HEIGHT)
# Per pentagon: its bit, the mask of the heptagons of its pairs, and its
# pairs of non-touching heptagons as masks.
PENTAGON_PAIRS = tuple(
    (
        1 << p,
        sum(1 << c for c in {c for pair in pairs for c in pair}),
        tuple((1 << a, 1 << b) for a, b in pairs),
    )
    for p, pairs in enumerate(SURROUND_PAIRS)
)


#: _threat_count's answers by its arguments (one seat's tops, landing and
#: marks; in a search the seat that did not move often keeps all three).
THREAT_COUNTS: dict[tuple[int, int, int], int] = {}
THREAT_COUNTS_LIMIT = 50_000  # (about 10 MB at most)


def _threat_count(tops, landing, marks_own):
    """How many pentagons (not marked by the player) have a pair of which
    the player tops one heptagon and can land on the other (``tops``,
    ``landing``: bitmasks): the pentagons it could capture with one unstack."""
    key = (tops, landing, marks_own)
    found = THREAT_COUNTS.get(key)
    if found is None:
        if len(THREAT_COUNTS) >= THREAT_COUNTS_LIMIT:
            THREAT_COUNTS.clear()
        found = THREAT_COUNTS[key] = _count_threats(tops, landing, marks_own)
    return found


def _count_threats(tops, landing, marks_own):
    """:func:`_threat_count`, counted pentagon by pentagon."""
    found = 0
    for bit, cells, pairs in PENTAGON_PAIRS:
        if marks_own & bit or not (tops & cells and landing & cells):
            continue
        for a, b in pairs:
            if (tops & a and landing & b) or (tops & b and landing & a):
                found += 1
                break
    return found


def both_terms(state):
    """Per seat ``(threats, control, reach)``: the pentagons it could capture
    with one unstack, its control of heptagons, and the number of heptagons
    it can land on; one pass over the board for both (issue #32)."""
    board = state.board
    tops = [0, 0]
    reach = [0, 0]
    control = [0, 0]
    tall = 0  # stacks of full height: nothing lands on them
    for o, code in enumerate(board):
        t = TOP[code]
        if t >= 0:
            tops[t] |= 1 << o
            reach[t] |= REACH_FROM[o][code]
            control[t] += CONTROL_OF[o][code]
            if HEIGHT[code] == FULL_HEIGHT:
                tall |= 1 << o
    marks = state.marks
    return tuple(
        (
            _threat_count(tops[seat], reach[seat] & ~tall, marks[seat]) if reach[seat] else 0,
            control[seat],
            reach[seat].bit_count(),
        )
        for seat in (0, 1)
    )


def side_terms(state, seat):
    """``(threats, control, reach)`` of ``seat`` (see :func:`both_terms`)."""
    return both_terms(state)[seat]


def evaluate(state) -> int:
    me = state.to_move
    markers = state.options["markers"]
    m_me, m_op = state.marks[me].bit_count(), state.marks[me ^ 1].bit_count()
    terms = both_terms(state)
    t_me, c_me, r_me = terms[me]
    t_op, c_op, r_op = terms[me ^ 1]
    score = MARKER * (m_me - m_op)
    if t_me:
        score += THREAT_MOVER
        if m_me >= markers - 1:
            score += NEAR_WIN
    if m_op >= markers - 1 and t_op:
        score -= NEAR_WIN // 2
    score += THREAT_EACH * (t_me - t_op)
    score += c_me - c_op + (r_me - r_op)
    score += HAND * (state.hands[me] - state.hands[me ^ 1])
    return score


def move_order_key(state, move) -> int:
    """Unstacks that end next to a controlled heptagon (captures) first,
    longer ones before shorter; placements on contested heptagons next."""
    board = state.board
    seat = state.to_move
    last = move[-1]
    if len(move) == 1:
        return DEGREE[last] + (3 if board[last] != 1 else 0)
    score = 20 + len(move)
    for p, q in PARTNERS[last]:
        if TOP[board[q]] == seat and not state.marks[seat] >> p & 1:
            score += 40
    return score


def move_order_keys(state: EvlState, moves: list) -> list:
    """The priorities of ``moves`` (:func:`move_order_key` of each), with
    the capture bonus of a landing heptagon found once per heptagon."""
    board = state.board
    seat = state.to_move
    marks = state.marks[seat]
    bonus: dict[int, int] = {}  # landing heptagon -> 40 per capture it makes
    keys = []
    for move in moves:
        last = move[-1]
        if len(move) == 1:
            keys.append(DEGREE[last] + (3 if board[last] != 1 else 0))
            continue
        b = bonus.get(last)
        if b is None:
            b = bonus[last] = 40 * len(
                [p for p, q in PARTNERS[last] if TOP[board[q]] == seat and not marks >> p & 1]
            )
        keys.append(20 + len(move) + b)
    return keys


def search_moves(state: EvlState) -> list:
    """Every legal move: EVL's search prunes nothing."""
    return state.legal_moves()


if TYPE_CHECKING:
    from . import evaluation as _this

    _conforms: EvaluationProtocol[EvlState] = _this
