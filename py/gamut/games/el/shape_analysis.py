"""EL's shape analysis for the computer player: every line/L shape of the
board summed up once (:class:`Analysis`), and kept up to date placement by
placement, which is most of the search's time (see :mod:`.evaluation`, which
reads it for the evaluation and the move ordering).

The sum of a shape's cell codes counts in 4-bit digits how often each number
and each owner occur (see the module docstring of :mod:`gamut.games.el`);
from it and the shape's empty cells follows everything the evaluation needs
of the shape (its *record*, :func:`_shape_record`).  Records are memoised
per shape, across searches, on the shape's *key*: the sum of its codes plus
its filled cells shifted past it (what the record depends on); a placement
replaces only the records of the live shapes through its cell, and adds the
same number to each one's key (its code, and its cell's bit).

Speed (issue #32): a record also carries what the per-node loops would
otherwise recompute: its values and parity packed into one integer (one
addition per changed shape keeps the three totals), whether it holds
threats, and its move-ordering weight per seat."""

from __future__ import annotations

from .moves import NUM_MASK, NUMBER_OF_CODE, OWN_SHIFT

# Any digit >= 2 in the number part means a repeated number.
DUP = sum(0xE << (4 * n) for n in range(10))
LANE = 32  # bits of one number's count in a lane-packed integer (whole bytes: read by struct)
SEAT_LANES = LANE * 10  # a cell's lanes for seat 1 (to move) lie this far above seat 0's
SEAT_LANES_MASK = (1 << SEAT_LANES) - 1
# The totals s0, s1 (>= 0, < 2**32 each) and the parity (any sign) in one integer.
PACK = 32
LOW = (1 << PACK) - 1
MEMO_SIZE = 200_000  # records remembered per variant before the memo starts again
KEY_SHIFT = 64  # a shape's key: the sum of its codes (< 2**56) + its filled cells << KEY_SHIFT

_tables: dict = {}


def _tables_for(rules):
    """Per variant: ``(k, need, value, targets, shapes, through, entries,
    memos, memo_count)``; ``shapes`` lists ``(getter, cells, mask)``,
    ``entries[cell]`` ``(shape, getter, memo, cells)`` of the shapes through
    the cell, ``memo`` being that shape's records by key (``memo_count``:
    one counter for all of them)."""
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
        shapes = tuple((getter, cells, mask) for mask, getter, cells in rules.shapes)
        through = tuple(
            tuple(i for i, (_, cells, _) in enumerate(shapes) if c in cells) for c in range(rules.cells)
        )
        memos: list[dict] = [{} for _ in shapes]
        entries = tuple(
            tuple((i, shapes[i][0], memos[i], shapes[i][1]) for i in through[c]) for c in range(rules.cells)
        )
        t = _tables[rules.variant] = (k, need, value, targets, shapes, through, entries, memos, [0])
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


_spread: dict = {}


def _spread_of(m):
    """A number mask (one 4-bit digit per number) as lanes (``LANE`` bits each)."""
    r = _spread.get(m)
    if r is None:
        r = _spread[m] = sum(((m >> (4 * n)) & 15) << (LANE * n) for n in range(10))
    return r


_numbers: dict = {}


def _numbers_in(mask):
    """The numbers of a number mask (one 4-bit digit per number), ascending."""
    r = _numbers.get(mask)
    if r is None:
        r = _numbers[mask] = tuple(n for n in range(10) if (mask >> (4 * n)) & 15)
    return r


def _record(v0, v1, parity, miss, empties, threats, potentials, key):
    """A live shape's record: the seven fields of :func:`_shape_record`, then
    whether it holds threats or potentials (7), ``v0 + v1 << 32 + parity <<
    64`` (8), its move-ordering weight per seat to move (9, 10): the values,
    the mover's counted twice, times the numbers it misses, its key (11),
    and both weights in one integer (12: seat 1's ``SEAT_LANES`` higher)."""
    return (
        v0,
        v1,
        parity,
        miss,
        empties,
        threats,
        potentials,
        bool(threats or potentials),
        v0 + (v1 << PACK) + (parity << (2 * PACK)),
        (2 * v0 + v1) * miss,
        (2 * v1 + v0) * miss,
        key,
        (2 * v0 + v1) * miss + ((2 * v1 + v0) * miss << SEAT_LANES),
    )


def _shape_record(tables, cells, vals, key):
    """What one shape adds to the analysis: ``None`` when it is dead for
    both players (a repeated number, numbers that fit no target, or no
    majority left to reach: all for good, as numbers are only ever added),
    else ``(v0, v1, parity, miss, empties, threats, potentials, ...)``
    (see :func:`_record`): its value per seat, its number parity, the
    numbers it misses (as lanes, for move ordering), its empty cells, its
    threats ``((seat, cell, number), ...)`` when one cell is empty, and its
    potentials ``((seat, cell, number, threat cell), ...)`` when two are.
    ``vals`` are the codes of its ``cells``, ``key`` their key."""
    k, need, value, targets = tables[:4]
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
    v0 = value[o0][filled] if live0 else 0
    v1 = value[o1][filled] if live1 else 0
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
        parity = (1 if empty & 1 else -1) if live0 and live1 else 0
        return _record(v0, v1, parity, miss, empties, (), potentials, key)
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
    return _record(v0, v1, 0, miss, empties, tuple(completing), (), key)


def _remember(tables, memo, key, cells, codes):
    """The record of a shape holding ``codes`` (its key ``key``), computed
    and kept in its ``memo`` (a variant's memos start again past ``MEMO_SIZE``)."""
    count = tables[8]
    if count[0] > MEMO_SIZE:
        for m in tables[7]:
            m.clear()
        count[0] = 0
    count[0] += 1
    record = memo[key] = _shape_record(tables, cells, codes, key)
    return record


def _put(shapes: dict, shared: dict, i: int, value) -> dict:
    """``shapes`` with ``shapes[i]`` set to ``value``, or removed when it is
    empty; copied first while it is still ``shared``, the parent analysis's
    own dict (copy on write: an unchanged dict stays shared)."""
    if shapes is shared:
        shapes = dict(shapes)
    if value:
        shapes[i] = value
    else:
        del shapes[i]
    return shapes


class Analysis:
    """Every shape of the board, summed up for the evaluation and the move
    ordering: per-shape records (see :func:`_shape_record`), the totals
    ``s0``/``s1`` (shape values per seat) and ``par`` (number parity), and
    ``threat_shapes`` {shape: threats}.  A placement changes only the live
    shapes through its cell (a dead shape stays dead), so a child's analysis
    is its parent's with those records replaced."""

    __slots__ = ("records", "s0", "s1", "par", "total", "threat_shapes", "potential_shapes", "base", "_lanes")
    records: list
    s0: int
    s1: int
    par: int
    total: int  # s0, s1 and par packed (record field 8)
    threat_shapes: dict
    potential_shapes: dict
    # (parent's analysis, the shapes through the placed cell) until the lanes
    # are asked for: they are then the parent's, corrected on those shapes
    base: tuple[Analysis, tuple[int, ...]] | None
    _lanes: list[int] | None  # per cell, both seats to move packed, once asked for

    def _set_total(self, total: int) -> None:
        self.total = total
        self.s0 = total & LOW
        self.s1 = (total >> PACK) & LOW
        self.par = total >> (2 * PACK)

    @classmethod
    def full(cls, state) -> Analysis:
        tables = _tables_for(state.rules)
        board = state.board
        a = cls()
        occ = state.occ
        a.records = records = [
            _shape_record(tables, cells, vals, sum(vals) + ((occ & mask) << KEY_SHIFT))
            for vals, cells, mask in ((getter(board), cells, mask) for getter, cells, mask in tables[4])
        ]
        total = 0
        threat_shapes = {}
        potential_shapes = {}
        for i, rec in enumerate(records):
            if rec is not None:
                total += rec[8]
                if rec[5]:
                    threat_shapes[i] = rec[5]
                if rec[6]:
                    potential_shapes[i] = rec[6]
        a._set_total(total)
        a.threat_shapes = threat_shapes
        a.potential_shapes = potential_shapes
        a.base = a._lanes = None
        return a

    def after(self, state, cell) -> Analysis:
        """The analysis of ``state``, which is this analysis's position
        with a number written on ``cell``."""
        tables = _tables_for(state.rules)
        board = state.board
        records = self.records[:]
        total = self.total
        # {shape: threats} and {shape: potentials}, copied on their first change
        threat_shapes, potential_shapes = self.threat_shapes, self.potential_shapes
        delta = board[cell] + (1 << (KEY_SHIFT + cell))  # what the placement adds to each key
        for i, getter, memo, cells in tables[6][cell]:
            old = records[i]
            if old is None:
                continue
            key = old[11] + delta
            new = memo.get(key, memo)
            if new is memo:
                new = _remember(tables, memo, key, cells, getter(board))
            records[i] = new
            if new is None:
                total -= old[8]
                threats = potentials = ()
                if not old[7]:
                    continue
            else:
                total += new[8] - old[8]
                if not (old[7] or new[7]):
                    continue
                threats, potentials = new[5], new[6]
            if old[5] or threats:
                threat_shapes = _put(threat_shapes, self.threat_shapes, i, threats)
            if old[6] or potentials:
                potential_shapes = _put(potential_shapes, self.potential_shapes, i, potentials)
        a = Analysis()
        a.records = records
        a._set_total(total)
        a.threat_shapes, a.potential_shapes = threat_shapes, potential_shapes
        a.base = (self, tables[5][cell])
        a._lanes = None
        return a

    def fork_counts(self, board) -> tuple[int, int]:
        """Per seat, how many placements (cell, number) would give it
        threats on two cells or more at once: a double threat one move
        away (one pass for both seats)."""
        first: dict[int, int] = {}  # (seat, cell, number) -> the first threat cell seen
        forked = set()  # those with a second, other threat cell
        for found in self.potential_shapes.values():
            for p, c, n, t in found:
                if not board[t]:
                    key = (p << 10) | (c << 4) | n
                    if first.setdefault(key, t) != t:
                        forked.add(key)
        seat1 = len([key for key in forked if key >> 10])
        return len(forked) - seat1, seat1

    def forks(self, seat: int, board) -> int:
        """How many placements (cell, number) would give ``seat`` threats on
        two cells or more at once: a double threat one move away."""
        return self.fork_counts(board)[seat]

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
        misses, as lanes (one ``LANE``-bit count per number), for ``me``
        to move (see :meth:`both_lanes`)."""
        return [(acc >> (SEAT_LANES * me)) & SEAT_LANES_MASK for acc in self.both_lanes(cells)]

    def both_lanes(self, cells: int) -> list:
        """Per cell, the lanes of :meth:`lanes` for both seats to move in one
        integer (seat 1's ``SEAT_LANES`` bits higher: one addition updates
        both); the list returned is the analysis's own (not to be changed)."""
        both = self._lanes
        if both is None:
            base = self.base
            if base is not None and base[0]._lanes is not None:
                both = self._lanes_after(base[0], base[1])
            else:
                both = self._lanes_in_full(cells)
            self._lanes = both
            self.base = None
        return both

    def _lanes_in_full(self, cells: int) -> list[int]:
        acc = [0] * cells
        for rec in self.records:
            if rec is not None:
                v = rec[12]  # the record's weights for both seats to move
                if v:
                    for c in rec[4]:
                        acc[c] += v
        return acc

    def _lanes_after(self, parent: Analysis, changed: tuple[int, ...]) -> list[int]:
        """The lanes of this analysis from those of ``parent``, whose records
        differ only on the shapes ``changed`` (those through the placed cell)."""
        assert parent._lanes is not None
        acc = parent._lanes[:]
        before, now = parent.records, self.records
        for i in changed:
            old, new = before[i], now[i]
            if old is new:  # (dead in both)
                continue
            if old is not None:
                v = old[12]
                if v:
                    for c in old[4]:
                        acc[c] -= v
            if new is not None:
                v = new[12]
                if v:
                    for c in new[4]:
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
