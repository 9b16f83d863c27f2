"""Evaluation and move ordering of EL for the computer player.

Used by the two-player variants (alpha-beta); the three- and four-player
variants are played by Monte-Carlo tree search and need none of this.

One pass over every line/L shape of the board (precomputed by
:class:`gamut.games.el.rules.Rules`) sums the cell codes of the shape, which counts in
4-bit digits how often each number and each owner occur (see the module
docstring of :mod:`gamut.games.el`).  From the sum:

* a shape holding a number twice (or, in ``consecutive``, a number that fits
  no window of the required numbers) is dead for both players;
* a shape is *completable* for a player while they can still reach the
  strict majority (``k // 2 + 1`` numbers of their colour) with the empty
  cells; its value grows with the player's numbers and the filled cells;
* a shape with one empty cell whose missing number would give a player the
  majority is a *threat* of that player (the cell and the number).

Then, for the side to move: a threat of its own is a win on this move; two
or more opponent threat cells cannot all be blocked with one number (a
double threat: lost); one opponent threat cell must be filled now (a tempo
lost).  *Number parity*: in a shape that both players can still complete,
the player to move fills the last cell when the number of empty cells is
odd (alternating play in the shape), which is worth a little.

The scores are in "centipawn-like" units, far below ``search.WIN``.
Imported on first use, through ``core.evaluation``; its shape:
``core.EvaluationProtocol``.
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING, Any

from ...core import ForcedMoves, PrunedMoves
from .shape_analysis import LANE, SEAT_LANES, SEAT_LANES_MASK, Analysis, analysis

__all__ = ["Analysis", "analyse", "analysis", "evaluate", "move_order_keys", "order_table", "search_moves"]

if TYPE_CHECKING:
    from ...core import EvaluationProtocol
    from .state import ElState

THREAT_WIN = 60_000  # side to move has a completing placement
DOUBLE_THREAT = 40_000  # opponent threatens on two cells or more
SINGLE_THREAT = 60  # opponent threatens on one cell: we must block
PARITY = 3
LATER_THREAT = 40  # a threat that needs declaring before it can win
# The player about to write a number is worth this much more than the
# shape counts say (they lag by the number just written): without it the
# evaluation of the side to move averaged -280 over played positions, and
# scores swung by ~500 between odd and even search depths.
TEMPO = 280
FORK = 300  # a placement that would make a double threat


def analyse(state):
    """``(scores, threats, parity)``: the shape value per seat, per seat the
    dict {cell: set of numbers} of its threats, and the number parity."""
    a = analysis(state)
    return (a.s0, a.s1), a.threats(), a.par


def evaluate(state) -> int:
    """Score for the side to move (with ``declare-threats``, in the declare
    phase, the player who just placed and is declaring)."""
    me = state.to_move
    (s0, s1), threats, par = analyse(state)
    mine, theirs = threats[me], threats[me ^ 1]
    later = 0  # threats that cannot win yet (declare-threats: not declared)
    if state.options.get("declare-threats"):
        # A completion wins only on a declared cell (or one the opponent's
        # last placement created, which this estimate ignores).  The player
        # declaring now will declare every threat (the search declares all).
        declared = state.declared
        if state.phase:
            real = {c: ns for c, ns in theirs.items() if declared[me ^ 1] >> c & 1}
            later = -len(theirs.keys() - real.keys())
            theirs = real
        else:
            real = {c: ns for c, ns in mine.items() if declared[me] >> c & 1}
            later = len(mine.keys() - real.keys()) - len([c for c in theirs if not declared[me ^ 1] >> c & 1])
            mine = real
            theirs = {c: ns for c, ns in theirs.items() if declared[me ^ 1] >> c & 1}
        later *= LATER_THREAT
    if state.phase:
        # The declarer is still "me"; the opponent moves next.  Swap roles:
        # the opponent's threats are the immediate ones.
        if theirs:
            return -THREAT_WIN
        score = (s0 - s1) if me == 0 else (s1 - s0)
        if len(mine) >= 2:
            score += DOUBLE_THREAT
        elif mine:
            score += SINGLE_THREAT
        return score + later - TEMPO
    if mine:
        return THREAT_WIN
    score = (s0 - s1) if me == 0 else (s1 - s0)
    if len(theirs) >= 2:
        score -= DOUBLE_THREAT
    elif theirs:
        score -= SINGLE_THREAT
    elif not later:
        # A double threat one placement away: for the side to move, made
        # now; for the opponent, to be prevented (two cannot all be).
        forks = analysis(state).fork_counts(state.board)
        if forks[me]:
            score += FORK
        theirs_forks = forks[me ^ 1]
        if theirs_forks:
            score -= FORK // 2 if theirs_forks == 1 else FORK
    return score + PARITY * par + later + TEMPO


# per variant, per seat to move: {both seats' lanes of a cell: its row of priorities}
_rows: dict[str, tuple[dict[int, tuple], dict[int, tuple]]] = {}
ROWS_SIZE = 50_000  # (per seat)
#: A placement's index in an order table: its cell and number (``cell << 4 | number``).
PLACEMENT_INDEX = (1 << 10) - 1
_index_of = PLACEMENT_INDEX.__and__


#: Per count of numbers: the integer with a 1 in each of that many lanes,
#: the lanes' packing, and the reading of lanes 1.. as unsigned ints.
_LANES = tuple((sum(1 << (LANE * i) for i in range(n)), struct.Struct(f"<{n}I")) for n in range(11))
_LANE_MASK = (1 << LANE) - 1
assert LANE == 32  # (struct's "I": four bytes a lane)


def _order_row(rows: dict, key: int, acc: int, numbers: int) -> tuple:
    """The priorities of numbers 1..``numbers`` on a cell whose lanes are
    ``acc`` (see :meth:`Analysis.lanes`): the sum of its lanes, plus twice
    the number's own; remembered, as most cells keep their lanes from one
    node to the next (by ``key``, both seats' lanes).  Lane arithmetic (no loop over the numbers): ``acc``
    times ones in ``numbers`` lanes adds every lane into lane ``numbers``
    (no carry: a cell's counts stay far below 2**LANE / 3), and each lane
    plus that total is read back by ``struct``."""
    if len(rows) > ROWS_SIZE:
        rows.clear()
    ones, lanes = _LANES[numbers]
    total = (acc * ones >> (LANE * numbers)) & _LANE_MASK
    row = rows[key] = lanes.unpack_from(
        ((acc << 1) + (total * ones << LANE)).to_bytes(4 * (numbers + 1), "little"), 4
    )
    return row


# [the zobrist key of the last position asked about, its order table]
_order_cache: list[Any] = [None, None]


def order_table(state) -> list[int]:
    """The priorities of the placements of ``state`` (higher first), as a
    list indexed by a placement's :data:`PLACEMENT_INDEX` (``move &
    PLACEMENT_INDEX``: a row of 16 per cell, filled by slices), cached for
    the last position asked about (the search sorts one node's moves at a
    time).  A placement's priority sums, over the live shapes through its
    cell, the shape's value (the mover's counted twice), more when its
    number is one the shape still misses; blocks of the opponent's threats
    and one's own completions come first."""
    key = state.zobrist()
    if _order_cache[0] == key:
        return _order_cache[1]
    rules = state.rules
    a = analysis(state)
    me = state.to_move
    numbers = rules.numbers
    table = [0] * (rules.cells << 4)  # (a placement on a cell no live shape crosses: 0)
    by_seat = _rows.get(rules.variant)
    if by_seat is None:
        by_seat = _rows[rules.variant] = ({}, {})
    rows = by_seat[me]
    shift = SEAT_LANES * me
    start = 1
    for both in a.both_lanes(rules.cells):
        if both:
            row = rows.get(both)
            if row is None:
                row = _order_row(rows, both, (both >> shift) & SEAT_LANES_MASK, numbers)
            table[start : start + numbers] = row
        start += 16
    threats = a.threats()
    for c, ns in threats[me ^ 1].items():  # blocks: fill the cell, with any number but one that hands it over
        for n in range(1, numbers + 1):
            i = (c << 4) | n
            table[i] = -5_000_000 if n in ns and _hands_over(state, c, n) else 5_000_000 + table[i]
    for c, ns in threats[me].items():
        for n in ns:
            table[(c << 4) | n] = 10_000_000
    _order_cache[0] = key
    _order_cache[1] = table
    return table


def _hands_over(state, cell: int, number: int) -> bool:
    """Whether writing ``number`` on ``cell``, a number the opponent needs
    there, completes the opponent's EL (and so loses at once).  Not always:
    where the opponent holds only enough of the shape with their own last
    number (EL-2: at least four of six), the mover's number there makes it
    three and three, an EL for nobody, and blocks the threat as any other."""
    outcome = state.play_unchecked(state.rules.placements[cell][number - 1]).outcome()
    return outcome is not None and outcome.winner is not None and outcome.winner != state.to_move


def move_order_keys(state, moves) -> list:
    """The priorities of ``moves`` (see :func:`order_table`)."""
    if state.phase:
        return [0] * len(moves)
    return list(map(order_table(state).__getitem__, map(_index_of, moves)))


SEARCH_WIDTH = 28


def search_moves(state) -> list:
    """The moves worth searching (forward pruning, the search's choice at
    inner nodes): a winning placement alone; else every block of an
    opponent threat; else the best-placed placements, at most
    ``SEARCH_WIDTH``, as :class:`~gamut.core.PrunedMoves` (a loss found
    among them is not proven)."""
    moves = state.legal_moves()
    if state.phase:
        # Declaring every true threat cell is never worse than declaring
        # fewer (a declaration only ever makes one's own completion count).
        return moves[:1]
    if len(moves) <= SEARCH_WIDTH:
        return moves
    table = order_table(state)
    priorities = list(map(table.__getitem__, map(_index_of, moves)))
    # (a stable sort, reverse=True too: ties keep their order)
    ranked = list(map(moves.__getitem__, sorted(range(len(moves)), key=priorities.__getitem__, reverse=True)))
    best = table[ranked[0] & PLACEMENT_INDEX]
    if best >= 10_000_000:
        # A completing placement; it wins unless, with declare-threats, its
        # cell was not declared (then it is only one candidate of many).
        outcome = state.play_unchecked(ranked[0]).outcome()
        if outcome is not None and outcome.winner == state.to_move:
            return ranked[:1]
        return PrunedMoves(ranked[:SEARCH_WIDTH])
    if best >= 5_000_000:  # must block: only blocks (and their ordering)
        blocks = [m for m in ranked if table[m & PLACEMENT_INDEX] >= 5_000_000]
        # Exact in the default game: any other placement lets the threat
        # be completed.  With declared threats an undeclared completion
        # may not count, so the other placements are only judged worse.
        return PrunedMoves(blocks) if state.options.get("declare-threats") else ForcedMoves(blocks)
    return PrunedMoves(ranked[:SEARCH_WIDTH])


if TYPE_CHECKING:
    from . import evaluation as _this

    _conforms: EvaluationProtocol[ElState] = _this
