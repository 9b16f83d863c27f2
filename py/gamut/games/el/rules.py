"""EL's parametrised rule set (:class:`Rules`): the board size, the numbers,
the shapes that count as an EL and how they are found (completions, threats),
one instance per variant (:data:`RULES`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter

from ...grid import cell_name, iter_bits
from .moves import NUM_MASK, NUMBER_OF_CODE, OWN_SHIFT, Placement, cell_code

#: Reads the cell codes of one shape's cells off a board (an ``itemgetter``).
CellGetter = Callable[[Sequence[int]], tuple[int, ...]]


def _line_l_shapes(size: int, k: int) -> list[tuple[int, ...]]:
    """Every straight line of ``k`` cells and every path of ``k`` cells with
    exactly one right-angle turn (arms >= 2 cells counting the corner), as
    sorted tuples of cell indices."""
    shapes = set()
    inside = range(size)
    dirs = ((1, 0), (0, 1), (-1, 0), (0, -1))
    for y in inside:
        for x in inside:
            for dx, dy in ((1, 0), (0, 1)):
                pts = [(x + dx * i, y + dy * i) for i in range(k)]
                if all(px in inside and py in inside for px, py in pts):
                    shapes.add(tuple(sorted(py * size + px for px, py in pts)))
            for d1 in dirs:
                for d2 in dirs:
                    if d1[0] * d2[0] + d1[1] * d2[1]:
                        continue  # not perpendicular
                    for a in range(1, k - 1):
                        b = k - 1 - a
                        pts = [(x, y)]
                        pts += [(x + d1[0] * i, y + d1[1] * i) for i in range(1, a + 1)]
                        pts += [(x + d2[0] * j, y + d2[1] * j) for j in range(1, b + 1)]
                        if all(px in inside and py in inside for px, py in pts):
                            shapes.add(tuple(sorted(py * size + px for px, py in pts)))
    return sorted(shapes)


class Rules:
    """One EL rule set: board ``size`` x ``size``, numbers 1..``numbers``,
    ELs of ``k`` cells, ``any_shape`` (connected sets) or lines and L's,
    ``consecutive`` (any k consecutive numbers) or exactly 1..k, ``players``
    seats, and whether the threat rule (announcement, declarations) applies.
    The colour rule is always a strict plurality of the EL's numbers."""

    __slots__ = (
        "variant",
        "size",
        "cells",
        "full",
        "numbers",
        "k",
        "any_shape",
        "consecutive",
        "players",
        "threat_rule",
        "targets",
        "plurality",
        "codes",
        "shapes",
        "through",
        "nbr",
        "placements",
        "name_of",
    )
    # each shape: (mask of its cells, getter of their codes, its cells)
    shapes: tuple[tuple[int, CellGetter, tuple[int, ...]], ...]
    # per cell, the (mask, getter) of the shapes through it
    through: tuple[tuple[tuple[int, CellGetter], ...], ...]

    def __init__(self, variant, size, numbers, k, any_shape, consecutive, players, threat_rule):
        self.variant = variant
        self.size = size
        self.cells = size * size
        self.full = (1 << self.cells) - 1
        self.numbers = numbers
        self.k = k
        self.any_shape = any_shape
        self.consecutive = consecutive
        self.players = players
        self.threat_rule = threat_rule
        lows = range(1, numbers - k + 2) if consecutive else (1,)
        self.targets = frozenset(sum(1 << (4 * n) for n in range(lo, lo + k)) for lo in lows)
        # owner digits (sum of 1 << 4p over the EL's cells) -> seat with a strict plurality
        plurality = {}

        def compose(seat, left, counts):
            if seat == players - 1:
                counts = counts + [left]
                best = max(counts)
                if counts.count(best) == 1:
                    plurality[sum(c << (4 * p) for p, c in enumerate(counts))] = counts.index(best)
                return
            for c in range(left + 1):
                compose(seat + 1, left - c, counts + [c])

        compose(0, k, [])
        self.plurality = plurality
        self.codes = tuple(
            tuple(cell_code(p, n) if n else 0 for n in range(numbers + 1)) for p in range(players)
        )
        self.name_of = tuple(cell_name(c, size) for c in range(self.cells))
        nbr = []
        for c in range(self.cells):
            y, x = divmod(c, size)
            m = 0
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if 0 <= x + dx < size and 0 <= y + dy < size:
                    m |= 1 << ((y + dy) * size + x + dx)
            nbr.append(m)
        self.nbr = tuple(nbr)
        if any_shape:
            self.shapes = self.through = ()
        else:
            shapes: list[tuple[int, CellGetter, tuple[int, ...]]] = []
            for cells in _line_l_shapes(size, k):
                mask = sum(1 << c for c in cells)
                shapes.append((mask, itemgetter(*cells), cells))
            self.shapes = tuple(shapes)
            self.through = tuple(tuple((m, g) for m, g, cs in shapes if c in cs) for c in range(self.cells))
        self.placements = tuple(
            tuple(Placement((size << 10) | (c << 4) | n) for n in range(1, numbers + 1))
            for c in range(self.cells)
        )

    # -- win detection ---------------------------------------------------------
    def completions(self, board, occ, c, stop=None) -> list:
        """The ELs through cell ``c`` (filled) as ``[(owner, mask), ...]``;
        stops early once an EL of seat ``stop`` is found."""
        if self.any_shape:
            return self._connected_els(board, occ, c, stop)
        found: list[tuple[int, int]] = []
        targets, plurality = self.targets, self.plurality
        for mask, getter in self.through[c]:
            if occ & mask == mask:
                s = sum(getter(board))
                if s & NUM_MASK in targets:
                    w = plurality.get(s >> OWN_SHIFT)
                    if w is not None:
                        found.append((w, mask))
                        if w == stop:
                            break
        return found

    def _connected_els(self, board, allowed, root, stop=None, wildcard=False) -> list:
        """Connected sets of ``k`` cells containing ``root`` among the cells
        of ``allowed`` with distinct numbers, each enumerated once (decide
        include/exclude for each frontier cell in turn).  Without
        ``wildcard`` returns the ELs ``[(owner, mask)]``; with it the root is
        an empty cell and it returns ``[(number_part, owner_digits, mask)]``
        of every candidate set (numbers and owners of the other cells)."""
        k, nbr, targets, plurality = self.k, self.nbr, self.targets, self.plurality
        found: list[tuple[int, ...]] = []

        def grow(members, size, frontier, excluded, s):
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                u = low.bit_length() - 1
                cu = board[u]
                if s & cu & NUM_MASK:  # number already in the set
                    excluded |= low
                    continue
                inner = members | low
                total = s + cu
                if size + 1 == k:
                    if wildcard:
                        found.append((total & NUM_MASK, total >> OWN_SHIFT, inner))
                    elif total & NUM_MASK in targets:
                        w = plurality.get(total >> OWN_SHIFT)
                        if w is not None:
                            found.append((w, inner))
                            if w == stop:
                                return True
                else:
                    more = nbr[u] & allowed & ~(inner | excluded | frontier)
                    if grow(inner, size + 1, frontier | more, excluded, total):
                        return True
                excluded |= low
            return False

        start = 0 if wildcard else board[root]
        grow(1 << root, 1, nbr[root] & allowed, 0, start)
        return found

    def all_els(self, board, occ, avoid: int = 0) -> list:
        """Every EL on the board not using the cells of ``avoid``: ``[(owner, mask)]``."""
        found: list[tuple[int, ...]] = []
        if self.any_shape:
            allowed = occ & ~avoid
            for root in iter_bits(allowed):
                # sets whose lowest cell is ``root``
                above = allowed & ~((1 << root) - 1)
                found += self._connected_els(board, above, root)
            return found
        targets, plurality = self.targets, self.plurality
        for mask, getter, _ in self.shapes:
            if occ & mask == mask and not mask & avoid:
                s = sum(getter(board))
                if s & NUM_MASK in targets:
                    w = plurality.get(s >> OWN_SHIFT)
                    if w is not None:
                        found.append((w, mask))
        return found

    def threat_pairs(self, board, occ) -> tuple:
        """For each seat, the frozenset of (cell, number) with which that seat
        would complete an EL for itself by writing ``number`` on ``cell``."""
        players, plurality, targets = self.players, self.plurality, self.targets
        numbers = self.numbers
        result: list[set] = [set() for _ in range(players)]

        def consider(c, num_part, owners):
            for target in targets:
                n = NUMBER_OF_CODE.get(target - num_part)
                if n is None or n > numbers:
                    continue
                for p in range(players):
                    if plurality.get(owners + (1 << (4 * p))) == p:
                        result[p].add((c, n))

        if self.any_shape:
            empty = self.full & ~occ
            near = 0
            for c in iter_bits(occ):
                near |= self.nbr[c]
            for c in iter_bits(empty & near):
                for num_part, owners, _ in self._connected_els(board, occ, c, wildcard=True):
                    consider(c, num_part, owners)
        else:
            for mask, getter, _ in self.shapes:
                e = mask & ~occ
                if e and not e & (e - 1):
                    s = sum(getter(board))
                    consider(e.bit_length() - 1, s & NUM_MASK, s >> OWN_SHIFT)
        return tuple(frozenset(r) for r in result)

    def mask_names(self, mask: int) -> tuple:
        return tuple(self.name_of[c] for c in iter_bits(mask))


RULES = {
    "standard": Rules("standard", 6, 6, 6, False, False, 2, True),
    "eight": Rules("eight", 8, 8, 8, False, False, 2, True),
    "consecutive": Rules("consecutive", 7, 8, 6, False, True, 2, True),
    "three-player": Rules("three-player", 8, 6, 6, False, False, 3, False),
    "four-player": Rules("four-player", 8, 8, 8, True, False, 4, False),
}
