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

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from ...core import ForcedMoves, PrunedMoves
from .moves import NUM_MASK, NUMBER_OF_CODE, OWN_SHIFT

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

# Any digit >= 2 in the number part means a repeated number.
DUP = sum(0xE << (4 * n) for n in range(10))

_tables: dict = {}


def _tables_for(rules):
    t = _tables.get(rules.variant)
    if t is None:
        k = rules.k
        need = k // 2 + 1
        # VALUE[own][filled]: worth of a completable shape to its player
        value = [[0] * (k + 1) for _ in range(k + 1)]
        for own in range(k + 1):
            for filled in range(own, k + 1):
                value[own][filled] = int(2 * 3 ** min(own, need) * (filled + 1) / (k + 1))
        # numbers that fit the targets (consecutive windows)
        targets = tuple(rules.targets)
        shapes = tuple((getter, cells) for _, getter, cells in rules.shapes)
        through = tuple(
            tuple(i for i, (_, cells) in enumerate(shapes) if c in cells) for c in range(rules.cells)
        )
        t = _tables[rules.variant] = (k, need, value, targets, shapes, through)
    return t


_fits_memo: dict[tuple[int, tuple[int, ...]], bool] = {}


def _fits(
    num: int, targets: tuple[int, ...], memo: dict[tuple[int, tuple[int, ...]], bool] = _fits_memo
) -> bool:
    """Whether the numbers of ``num`` all lie in one of ``targets``, memoised
    (``memo`` is a default argument so that the lookup stays a local one)."""
    r = memo.get((num, targets))
    if r is None:
        r = memo[(num, targets)] = any(not num & ~t for t in targets)
    return r


LANE = 20
_spread: dict = {}


def _spread_of(m):
    """A number mask (one 4-bit digit per number) as 20-bit lanes."""
    r = _spread.get(m)
    if r is None:
        r = _spread[m] = sum(((m >> (4 * n)) & 15) << (LANE * n) for n in range(10))
    return r


def _shape_record(tables, cells, vals):
    """What one shape adds to the analysis: ``None`` when it is dead for
    both players (a repeated number, numbers that fit no target, or no
    majority left to reach: all for good, as numbers are only ever added),
    else ``(v0, v1, parity, miss, empties, threats)``: its value per seat,
    its number parity, the numbers it misses (as lanes, for move ordering),
    its empty cells, and its threats ``((seat, cell, number), ...)`` when
    one cell is empty."""
    k, need, value, targets, _, _ = tables
    s = sum(vals)
    num = s & NUM_MASK
    if num & DUP or not _fits(num, targets):
        return None
    own = s >> OWN_SHIFT
    o0 = own & 15
    o1 = own >> 4
    filled = o0 + o1
    empty = k - filled
    live0 = o0 + empty >= need
    live1 = o1 + empty >= need
    if not (live0 or live1):
        return None
    empties = tuple([c for c, v in zip(cells, vals) if not v])
    if len(targets) == 1:
        miss = _spread_of(targets[0] - num)
    else:
        miss = 0
        for t in targets:
            if not num & ~t:
                miss |= _spread_of(t - num)
    if empty != 1:
        potentials: tuple[tuple[int, int, int, int], ...] = ()
        if empty == 2 and (o0 + 2 >= need or o1 + 2 >= need):
            # one more number makes it a threat: (seat, cell, number, threat cell)
            found: list[tuple[int, int, int, int]] = []
            a, b = empties
            for t in targets:
                if num & ~t:
                    continue
                x, y = _numbers_in(t - num)
                for seat, o in ((0, o0), (1, o1)):
                    if o + 2 >= need:
                        found += [(seat, a, x, b), (seat, a, y, b), (seat, b, x, a), (seat, b, y, a)]
            potentials = tuple(found)
        return (
            value[o0][filled] if live0 else 0,
            value[o1][filled] if live1 else 0,
            ((1 if empty & 1 else -1) if live0 and live1 else 0),
            miss,
            empties,
            (),
            potentials,
        )
    c = empties[0]
    completing: list[tuple[int, int, int]] = []
    for t in targets:
        n = NUMBER_OF_CODE.get(t - num)
        if n is None:
            continue
        if o0 + 1 >= need:
            completing.append((0, c, n))
        if o1 + 1 >= need:
            completing.append((1, c, n))
    return (
        value[o0][filled] if live0 else 0,
        value[o1][filled] if live1 else 0,
        0,
        miss,
        empties,
        tuple(completing),
        (),
    )


_numbers: dict = {}


def _numbers_in(mask):
    """The numbers of a number mask (one 4-bit digit per number), ascending."""
    r = _numbers.get(mask)
    if r is None:
        r = _numbers[mask] = tuple(n for n in range(10) if (mask >> (4 * n)) & 15)
    return r


MEMO_SIZE = 200_000
_records: dict = {}  # per variant: {(shape, its cell codes): record}, shared by all searches


class Analysis:
    """Every shape of the board, summed up for the evaluation and the move
    ordering: per-shape records (see :func:`_shape_record`), the totals
    ``s0``/``s1`` (shape values per seat) and ``par`` (number parity), and
    ``threat_shapes`` {shape: threats}.  A placement changes only the live
    shapes through its cell (a dead shape stays dead), so a child's analysis
    is its parent's with those records replaced."""

    __slots__ = ("records", "s0", "s1", "par", "threat_shapes", "potential_shapes")
    records: list
    s0: int
    s1: int
    par: int
    threat_shapes: dict
    potential_shapes: dict

    @classmethod
    def full(cls, state) -> Analysis:
        tables = _tables_for(state.rules)
        _records.setdefault(state.rules.variant, {})
        board = state.board
        a = cls()
        a.records = records = [_shape_record(tables, cells, getter(board)) for getter, cells in tables[4]]
        s0 = s1 = par = 0
        threat_shapes = {}
        potential_shapes = {}
        for i, rec in enumerate(records):
            if rec is not None:
                s0 += rec[0]
                s1 += rec[1]
                par += rec[2]
                if rec[5]:
                    threat_shapes[i] = rec[5]
                if rec[6]:
                    potential_shapes[i] = rec[6]
        a.s0, a.s1, a.par, a.threat_shapes = s0, s1, par, threat_shapes
        a.potential_shapes = potential_shapes
        return a

    def after(self, state, cell) -> Analysis:
        """The analysis of ``state``, which is this analysis's position
        with a number written on ``cell``."""
        tables = _tables_for(state.rules)
        shapes = tables[4]
        board = state.board
        records = self.records[:]
        s0, s1, par = self.s0, self.s1, self.par
        # {shape: threats} and {shape: potentials}, copied on their first change
        found = [self.threat_shapes, self.potential_shapes]
        copied = [False, False]
        memo = _records[state.rules.variant]
        for i in tables[5][cell]:
            old = records[i]
            if old is None:
                continue
            getter, cells = shapes[i]
            key = (i, getter(board))
            new = memo.get(key, memo)
            if new is memo:
                if len(memo) > MEMO_SIZE:
                    memo.clear()
                new = memo[key] = _shape_record(tables, cells, key[1])
            records[i] = new
            s0 -= old[0]
            s1 -= old[1]
            par -= old[2]
            if new is not None:
                s0 += new[0]
                s1 += new[1]
                par += new[2]
            for f in (0, 1):  # record fields 5 (threats) and 6 (potentials)
                now = new[5 + f] if new is not None else ()
                if old[5 + f] or now:
                    if not copied[f]:
                        found[f] = dict(found[f])
                        copied[f] = True
                    if now:
                        found[f][i] = now
                    else:
                        del found[f][i]
        a = Analysis()
        a.records, a.s0, a.s1, a.par = records, s0, s1, par
        a.threat_shapes, a.potential_shapes = found
        return a

    def forks(self, seat: int, board) -> int:
        """How many placements (cell, number) would give ``seat`` threats on
        two cells or more at once: a double threat one move away."""
        made: dict = {}
        for found in self.potential_shapes.values():
            for p, c, n, t in found:
                if p == seat and not board[t]:
                    made.setdefault((c, n), set()).add(t)
        return len([cells for cells in made.values() if len(cells) >= 2])

    def threats(self) -> tuple:
        """Per seat, {cell: set of numbers} of its threats."""
        out: tuple[dict, dict] = ({}, {})
        for found in self.threat_shapes.values():
            for seat, c, n in found:
                out[seat].setdefault(c, set()).add(n)
        return out

    def lanes(self, me: int, cells: int) -> list:
        """Per cell: over the live shapes through the (empty) cell, the
        shape's value (the mover's counted twice) times the numbers it
        misses, as lanes (one 20-bit count per number)."""
        acc = [0] * cells
        for rec in self.records:
            if rec is not None:
                w = 2 * rec[me] + rec[1 - me]
                if w:
                    v = w * rec[3]
                    for c in rec[4]:
                        acc[c] += v
        return acc


def analysis(state) -> Analysis:
    """The state's analysis: updated from its parent's when the search
    played into it, else computed in full (then kept on the state)."""
    a = state._analysis
    if a is None:
        base = state._analysis_base
        if base is not None:
            a = base[0].after(state, base[1])
            state._analysis_base = None
        else:
            a = Analysis.full(state)
        state._analysis = a
    return a


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
        a = analysis(state)
        board = state.board
        if a.forks(me, board):
            score += FORK
        theirs_forks = a.forks(me ^ 1, board)
        if theirs_forks:
            score -= FORK // 2 if theirs_forks == 1 else FORK
    return score + PARITY * par + later + TEMPO


# [the zobrist key of the last position asked about, its order table]
_order_cache: list[Any] = [None, None]


def order_table(state):
    """``{move: priority}`` for the placements of ``state`` (higher first),
    cached for the last position asked about (the search sorts one node's
    moves at a time).  A placement's priority sums, over the live shapes
    through its cell, the shape's value (the mover's counted twice), more
    when its number is one the shape still misses; blocks of the
    opponent's threats and one's own completions come first."""
    key = state.zobrist()
    if _order_cache[0] == key:
        return _order_cache[1]
    rules = state.rules
    a = analysis(state)
    me = state.to_move
    numbers = rules.numbers
    lane = (1 << LANE) - 1
    table = defaultdict(int)  # (a placement on a cell no live shape crosses: 0)
    base = rules.size << 10
    shifts = [(n, LANE * n) for n in range(1, numbers + 1)]
    for c, acc in enumerate(a.lanes(me, rules.cells)):
        if acc:
            cw = 0
            for _, sh in shifts:
                cw += (acc >> sh) & lane
            code = base | (c << 4)
            for n, sh in shifts:
                table[code | n] = cw + 2 * ((acc >> sh) & lane)
    threats = a.threats()
    for c, ns in threats[me ^ 1].items():  # blocks: fill the cell with another number
        for n in range(1, numbers + 1):
            table[base | (c << 4) | n] = (
                -5_000_000 if n in ns else 5_000_000 + table.get(base | (c << 4) | n, 0)
            )
    for c, ns in threats[me].items():
        for n in ns:
            table[base | (c << 4) | n] = 10_000_000
    _order_cache[0] = key
    _order_cache[1] = table
    return table


def move_order_keys(state, moves) -> list:
    """The priorities of ``moves`` (see :func:`order_table`)."""
    if state.phase:
        return [0] * len(moves)
    return list(map(order_table(state).__getitem__, moves))


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
    ranked = sorted(moves, key=table.__getitem__, reverse=True)  # (stable: ties keep their order)
    best = table[ranked[0]]
    if best >= 10_000_000:
        # A completing placement; it wins unless, with declare-threats, its
        # cell was not declared (then it is only one candidate of many).
        outcome = state.play_unchecked(ranked[0]).outcome()
        if outcome is not None and outcome.winner == state.to_move:
            return ranked[:1]
        return PrunedMoves(ranked[:SEARCH_WIDTH])
    if best >= 5_000_000:  # must block: only blocks (and their ordering)
        blocks = [m for m in ranked if table[m] >= 5_000_000]
        # Exact in the default game: any other placement lets the threat
        # be completed.  With declared threats an undeclared completion
        # may not count, so the other placements are only judged worse.
        return PrunedMoves(blocks) if state.options.get("declare-threats") else ForcedMoves(blocks)
    return PrunedMoves(ranked[:SEARCH_WIDTH])


if TYPE_CHECKING:
    from . import evaluation as _this

    _conforms: EvaluationProtocol[ElState] = _this
