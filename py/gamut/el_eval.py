"""Evaluation and move ordering of EL for the computer player.

Used by the two-player variants (alpha-beta); the three- and four-player
variants are played by Monte-Carlo tree search and need none of this.

One pass over every line/L shape of the board (precomputed by
:class:`gamut.el.Rules`) sums the cell codes of the shape, which counts in
4-bit digits how often each number and each owner occur (see the module
docstring of :mod:`gamut.el`).  From the sum:

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
"""

from __future__ import annotations

from .core import PrunedMoves
from .el import NUM_MASK, NUMBER_OF_CODE, OWN_SHIFT

THREAT_WIN = 60_000      # side to move has a completing placement
DOUBLE_THREAT = 40_000   # opponent threatens on two cells or more
SINGLE_THREAT = 60       # opponent threatens on one cell: we must block
PARITY = 3
LATER_THREAT = 40        # a threat that needs declaring before it can win

# Any digit >= 2 in the number part means a repeated number.
DUP = sum(0xE << (4 * n) for n in range(10))

_tables = {}


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
        t = _tables[rules.variant] = (k, need, value, targets, shapes)
    return t


def _fits(num, targets, memo={}):
    r = memo.get((num, targets))
    if r is None:
        r = memo[(num, targets)] = any(not num & ~t for t in targets)
    return r


def _add_threats(threats, cells, board, targets, num, o0, o1, need):
    """A shape with one empty cell: record, per seat that would then hold
    enough numbers, each number that completes it there."""
    c = next(c for c in cells if not board[c])
    for t in targets:
        n = NUMBER_OF_CODE.get(t - num)
        if n is None:
            continue
        if o0 + 1 >= need:
            threats[0].setdefault(c, set()).add(n)
        if o1 + 1 >= need:
            threats[1].setdefault(c, set()).add(n)


def analyse(state):
    """``(scores, threats)``: the shape value per seat and, per seat, the
    dict {cell: set of numbers} of its threats."""
    rules = state.rules
    k, need, value, targets, shapes = _tables_for(rules)
    board = state.board
    single = len(targets) == 1
    target0 = targets[0]
    s0 = s1 = 0
    par = 0
    threats = ({}, {})
    for getter, cells in shapes:
        s = sum(getter(board))
        num = s & NUM_MASK
        if num & DUP:
            continue
        if single:
            if num & ~target0:
                continue
        elif not _fits(num, targets):
            continue
        own = s >> OWN_SHIFT
        o0 = own & 15
        o1 = own >> 4
        filled = o0 + o1
        empty = k - filled
        live0 = o0 + empty >= need
        live1 = o1 + empty >= need
        if live0:
            s0 += value[o0][filled]
        if live1:
            s1 += value[o1][filled]
        if empty == 1:
            _add_threats(threats, cells, board, targets, num, o0, o1, need)
        elif live0 and live1:
            par += 1 if empty & 1 else -1
    return (s0, s1), threats, par


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
            later = len(mine.keys() - real.keys()) - len(
                [c for c in theirs if not declared[me ^ 1] >> c & 1])
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
        return score + later
    if mine:
        return THREAT_WIN
    score = (s0 - s1) if me == 0 else (s1 - s0)
    if len(theirs) >= 2:
        score -= DOUBLE_THREAT
    elif theirs:
        score -= SINGLE_THREAT
    return score + PARITY * par + later


_order_cache = [None, None]
LANE = 20
_spread = {}


def _spread_of(m):
    """A number mask (one 4-bit digit per number) as 20-bit lanes."""
    r = _spread.get(m)
    if r is None:
        r = _spread[m] = sum(((m >> (4 * n)) & 15) << (LANE * n) for n in range(10))
    return r


def order_table(state):
    """``{move: priority}`` for the placements of ``state`` (higher first),
    cached for the last position asked about (the search sorts one node's
    moves at a time)."""
    key = state.zobrist()
    if _order_cache[0] == key:
        return _order_cache[1]
    rules = state.rules
    k, need, value, targets, shapes = _tables_for(rules)
    board = state.board
    me = state.to_move
    size = rules.size
    numbers = rules.numbers
    acc = [0] * rules.cells
    threats = ({}, {})
    single = len(targets) == 1
    for getter, cells in shapes:
        s = sum(getter(board))
        num = s & NUM_MASK
        if num & DUP or not _fits(num, targets):
            continue
        own = s >> OWN_SHIFT
        o0 = own & 15
        o1 = own >> 4
        filled = o0 + o1
        empty = k - filled
        w = 0
        if o0 + empty >= need:
            w += value[o0][filled] * (2 if me == 0 else 1)
        if o1 + empty >= need:
            w += value[o1][filled] * (2 if me == 1 else 1)
        if not w:
            continue
        if single:
            miss = _spread_of(targets[0] - num)
        else:
            miss = 0
            for t in targets:
                if not num & ~t:
                    miss |= _spread_of(t - num)
        v = w * miss
        for c in cells:
            if not board[c]:
                acc[c] += v
        if empty == 1:
            _add_threats(threats, cells, board, targets, num, o0, o1, need)
    lane = (1 << LANE) - 1
    table = {}
    base = size << 10
    for c, a in enumerate(acc):
        if a:
            cw = 0
            for n in range(1, numbers + 1):
                cw += (a >> (LANE * n)) & lane
            for n in range(1, numbers + 1):
                table[base | (c << 4) | n] = cw + 2 * ((a >> (LANE * n)) & lane)
    for c, ns in threats[me ^ 1].items():  # blocks: fill the cell with another number
        for n in range(1, numbers + 1):
            table[base | (c << 4) | n] = -5_000_000 if n in ns else 5_000_000 + table.get(
                base | (c << 4) | n, 0)
    for c, ns in threats[me].items():
        for n in ns:
            table[base | (c << 4) | n] = 10_000_000
    _order_cache[0] = key
    _order_cache[1] = table
    return table


def move_order_key(state, move) -> int:
    if state.phase:
        return 0
    return order_table(state).get(int(move), 0)


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
    get = table.get
    ranked = sorted(moves, key=lambda m: -get(int(m), 0))
    best = get(int(ranked[0]), 0)
    if best >= 10_000_000:
        # A completing placement; it wins unless, with declare-threats, its
        # cell was not declared (then it is only one candidate of many).
        outcome = state.play(ranked[0]).outcome()
        if outcome is not None and outcome.winner == state.to_move:
            return ranked[:1]
        return PrunedMoves(ranked[:SEARCH_WIDTH])
    if best >= 5_000_000:  # must block: only blocks (and their ordering)
        blocks = [m for m in ranked if get(int(m), 0) >= 5_000_000]
        # Exact in the default game: any other placement lets the threat
        # be completed.  With declared threats an undeclared completion
        # may not count, so the other placements are only judged worse.
        return PrunedMoves(blocks) if state.options.get("declare-threats") else blocks
    return PrunedMoves(ranked[:SEARCH_WIDTH])
