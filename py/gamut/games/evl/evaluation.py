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


def _reach(board, seat):
    """Bitmask of heptagons where ``seat`` can land a stack with one unstack."""
    reach = 0
    for o, code in enumerate(board):
        h = HEIGHT[code]
        if h >= 2 and TOP[code] == seat:
            reach |= WITHIN[o][h]
    return reach


def _threats(board, marks_own, seat, reach):
    """Pentagons (bitmask) ``seat`` could capture with one unstack."""
    found = 0
    if not reach:
        return 0
    for p, pairs in enumerate(SURROUND_PAIRS):
        if marks_own >> p & 1:
            continue
        for a, b in pairs:
            ta, tb = TOP[board[a]], TOP[board[b]]
            if (ta == seat and reach >> b & 1 and HEIGHT[board[b]] < 4) or (
                tb == seat and reach >> a & 1 and HEIGHT[board[a]] < 4
            ):
                found |= 1 << p
                break
    return found


def side_terms(state, seat):
    board = state.board
    reach = _reach(board, seat)
    threats = _threats(board, state.marks[seat], seat, reach).bit_count()
    control = 0
    for c, code in enumerate(board):
        if TOP[code] == seat:
            control += DEGREE[c] * CONTROL + (TALL * HEIGHT[code])
    return threats, control, reach.bit_count()


def evaluate(state) -> int:
    me = state.to_move
    markers = state.options["markers"]
    m_me, m_op = state.marks[me].bit_count(), state.marks[me ^ 1].bit_count()
    t_me, c_me, r_me = side_terms(state, me)
    t_op, c_op, r_op = side_terms(state, me ^ 1)
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
    """The priorities of ``moves`` (:func:`move_order_key` of each)."""
    return [move_order_key(state, m) for m in moves]


def search_moves(state: EvlState) -> list:
    """Every legal move: EVL's search prunes nothing."""
    return state.legal_moves()


if TYPE_CHECKING:
    from . import evaluation as _this

    _conforms: EvaluationProtocol[EvlState] = _this
