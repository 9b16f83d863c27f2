"""EL (Larry Levy), as settled by RULINGS.md.

The rules in brief
------------------
Players take turns writing one number in their own colour on any empty cell
(seat 0 Red moves first, then Blue, Green, Yellow).  An *EL* is a set of
cells that

1. has the variant's shape: a straight line or a path with exactly one
   right-angle turn (both arms at least 2 cells long, counting the corner),
   or, in ``four-player``, any orthogonally connected set;
2. holds the required numbers once each: 1..k, or in ``consecutive`` any
   six consecutive numbers (1-6, 2-7 or 3-8);
3. is mostly one player's: that player holds strictly more of its numbers
   than each other player (with two players: more than half; 3-3 is no EL).

A placement that *completes* an EL (every EL through the new cell is one it
completes) wins for the mover when one of them is the mover's; otherwise it
wins for the first player in turn order after the mover who got one (with
two players: the opponent).  A full board with no EL is a draw (option
``full-board=second-wins``: the second player wins).

Threats.  After every move the engine announces the mover's threats (every
cell and number that would complete an EL for them next turn), so in the
default game every completing placement wins.  With ``declare-threats=on``
a turn is two moves: the placement, then a declaration ``declare:c4,d5``
(or ``declare:-``; ``declare c4,d5`` is read too) naming the cells where the player thinks they threaten.
A completing placement then wins only if its cell was declared, or if the
opponent's last move created it: the (cell, number) pair was *not* a
completing placement for the player right after their own previous turn,
which is the same as saying every EL it completes for them uses the cell the
opponent just filled.  Otherwise the number stays and the game goes on.  An
undeclared completion of the mover's EL that also completes the opponent's
EL wins for the opponent (the mover's EL simply does not count).
Only declared cells that really are threat cells can ever matter, so a
declaration is normalised to that intersection: ``parse_move`` accepts any
list of empty cells, and ``legal_moves`` lists the declarations of every
subset of the true threat cells.

Variants are presets of one parametrised rule set (:class:`Rules`): board
size, numbers, EL size, shape rule, number rule, players, threat rule.

Points the rulings leave open, as decided here:

* ``three-player`` and ``four-player`` waive the threat rule: every
  completion counts and nothing is announced (``threats()`` still answers).
  A full board there is a draw.
* With ``declare-threats`` the declaration move always follows a placement
  that does not end the game, even when the player has no threat (skipping
  it would tell them so).  The view then offers a ``select`` of every empty
  cell and lists no moves (listing them would reveal the true threats).
* "Created by the opponent's last move" is judged per (cell, number) pair:
  a pair that already completed an EL for the player after their own turn
  is not created, even if the opponent's move adds a second EL through it.
* ``first-two-equal``: on Red's second placement only Red's first number is
  legal.  Threat sets ignore this (no threat exists that early).

Position text body: ``<ranks> <seat> [phase=declare] [last=<cells>]
[declared=<cells>;<cells>]``, e.g. ``....../..r3.../... b last=c5``: ranks
from the top, ``.`` empty, ``r5`` Red's 5 (``b``, ``g``, ``y`` for Blue, Green,
Yellow); ``seat`` the letter of the seat to move; ``last`` the last placement
(with declare-threats the last two, oldest first: they decide whether a
completion was created by the opponent); ``declared`` Red's and Blue's
declared cells (``-`` for none).  Loading rejects boards whose counts do not
fit the turn order, ELs the last placement did not complete (the game would
have ended; not checked with declare-threats, where an undeclared EL can
stay), and declarations of cells that were no threat.

Representation (built for search): the board is a flat tuple of ints, one per
cell, 0 when empty, else ``1 << 4n | 1 << (40 + 4 owner)``.  Summing the
codes of an EL's cells counts, in 4-bit digits, how often each number and
each owner occur: the low part must equal one of a few target values (each
required number once) and the high part looks up the owner with a strict
plurality in a small table.  Every line and L shape is precomputed per cell
with an ``itemgetter``, so the win check after a placement is an AND per
shape through the new cell and one ``sum`` per full shape.  In
``four-player`` the check searches the connected 8-cell sets through the new
cell among filled cells with distinct numbers (include/exclude enumeration of
the frontier, each set visited once).
"""

from __future__ import annotations

import random
from operator import itemgetter

from . import core
from typing import Mapping

from .core import IllegalMoveError, Outcome, PositionError, excerpt
from .grid import cell_name, iter_bits, parse_cell, squares_board_view

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow")
SEAT_COLORS = ("red", "blue", "green", "yellow")
SEAT_LETTERS = "rbgy"

OWN_SHIFT = 40
NUM_MASK = (1 << OWN_SHIFT) - 1
DECLARE_BASE = 1 << 72          # Declaration codes are >= this
PHASE_PLACE, PHASE_DECLARE = 0, 1


def cell_code(owner: int, number: int) -> int:
    """The board value of ``number`` written in ``owner``'s colour."""
    return (1 << (4 * number)) | (1 << (OWN_SHIFT + 4 * owner))


NUMBER_OF_CODE = {(1 << (4 * n)): n for n in range(1, 10)}  # number part -> number
CODE_INFO = {cell_code(p, n): (p, n) for p in range(4) for n in range(1, 10)}


# ---------------------------------------------------------------------------
# Moves

class Placement(int):
    """``number`` written on ``cell`` (by the player to move): code
    ``size << 10 | cell << 4 | number``.  ``str()`` is ``c4=5``."""

    __slots__ = ()

    @property
    def cell(self) -> int:
        return (self >> 4) & 63

    @property
    def number(self) -> int:
        return self & 15

    @property
    def size(self) -> int:
        return self >> 10

    def __str__(self):
        return f"{cell_name((self >> 4) & 63, self >> 10)}={self & 15}"

    def __repr__(self):
        return f"el.Placement({str(self)!r})"


class Declaration(int):
    """A declaration of threat cells (``declare-threats`` option): code
    ``DECLARE_BASE | size << 64 | cells``.  ``str()`` is ``declare:c4,d5``
    (cells in index order) or ``declare:-``: one token, so that records and
    links can separate moves by spaces (``parse_move`` also reads
    ``declare c4,d5`` and ``declare -``)."""

    __slots__ = ()

    @property
    def cells(self) -> int:
        """The declared cells as a bitboard."""
        return self & ((1 << 64) - 1)

    @property
    def size(self) -> int:
        return (self >> 64) & 255

    def __str__(self):
        mask, size = self & ((1 << 64) - 1), (self >> 64) & 255
        return "declare:" + (",".join(cell_name(c, size) for c in iter_bits(mask)) or "-")

    def __repr__(self):
        return f"el.Declaration({str(self)!r})"


def declaration(size: int, mask: int) -> Declaration:
    return Declaration(DECLARE_BASE | (size << 64) | mask)


# ---------------------------------------------------------------------------
# The parametrised rule set

def _line_l_shapes(size: int, k: int) -> list:
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

    __slots__ = ("variant", "size", "cells", "full", "numbers", "k", "any_shape",
                 "consecutive", "players", "threat_rule", "targets", "plurality",
                 "codes", "shapes", "through", "nbr", "placements", "name_of")

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
        self.codes = tuple(tuple(cell_code(p, n) if n else 0 for n in range(numbers + 1))
                           for p in range(players))
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
            shapes = []
            for cells in _line_l_shapes(size, k):
                mask = sum(1 << c for c in cells)
                shapes.append((mask, itemgetter(*cells), cells))
            self.shapes = tuple(shapes)
            self.through = tuple(tuple((m, g) for m, g, cs in shapes if c in cs)
                                 for c in range(self.cells))
        self.placements = tuple(
            tuple(Placement((size << 10) | (c << 4) | n) for n in range(1, numbers + 1))
            for c in range(self.cells))

    # -- win detection ---------------------------------------------------------
    def completions(self, board, occ, c, stop=None) -> list:
        """The ELs through cell ``c`` (filled) as ``[(owner, mask), ...]``;
        stops early once an EL of seat ``stop`` is found."""
        if self.any_shape:
            return self._connected_els(board, occ, c, stop)
        found = []
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
        found = []

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
        found = []
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


_rng = random.Random(0xE1)
Z_CELL = tuple(_rng.getrandbits(64) for _ in range(64 * 4 * 16))  # [cell * 64 + owner * 16 + n]
Z_DECL = tuple(tuple(_rng.getrandbits(64) for _ in range(64)) for _ in range(2))
Z_LAST = tuple(_rng.getrandbits(64) for _ in range(64))
Z_LAST2 = tuple(_rng.getrandbits(64) for _ in range(64))
Z_PHASE = _rng.getrandbits(64)


def _cell_hash(c: int, code: int) -> int:
    p, n = CODE_INFO[code]
    return Z_CELL[c * 64 + p * 16 + n]


def _full_hash(rules, board, phase, declared, last, last2, declare) -> int:
    h = Z_PHASE if phase else 0
    for c, code in enumerate(board):
        if code:
            h ^= _cell_hash(c, code)
    if declare:
        for p, mask in enumerate(declared):
            for c in iter_bits(mask):
                h ^= Z_DECL[p][c]
        if last is not None:
            h ^= Z_LAST[last]
        if last2 is not None:
            h ^= Z_LAST2[last2]
    return h


# ---------------------------------------------------------------------------
# The state

class ElState(core.State):
    """An EL position (immutable).

    ``board`` is the flat tuple of cell codes (see the module docstring),
    ``occ`` the bitboard of filled cells.  With ``declare-threats``,
    ``phase`` is 1 while the player who just placed must declare,
    ``declared[p]`` are seat p's declared cells still relevant, and
    ``last``/``last2`` the last two placements (they decide whether a
    completion was created by the opponent).  The seat to move and the ply
    follow from the number of filled cells and the phase."""

    __slots__ = ("variant", "options", "rules", "board", "occ", "phase", "declared",
                 "last", "last2", "_hash", "_outcome", "_moves", "_threats", "_declare",
                 "_analysis", "_analysis_base")
    game_id = "el"

    def __init__(self, variant, options, board, occ, phase=0, declared=(0, 0),
                 last=None, last2=None, outcome=None, hash_=None):
        self.variant = variant
        self.options = options
        self.rules = RULES[variant]
        self.board = board
        self.occ = occ
        self.phase = phase
        self.declared = declared
        self.last = last
        self.last2 = last2
        self._declare = bool(options.get("declare-threats", False))
        self._outcome = outcome
        self._hash = (_full_hash(self.rules, board, phase, declared, last, last2, self._declare)
                      if hash_ is None else hash_)
        self._moves = None
        self._threats = None
        # the computer's shape analysis (gamut.el_eval), kept incrementally:
        # a child gets ``(parent's analysis, placed cell)`` to update from
        self._analysis = None
        self._analysis_base = None

    # -- the protocol -------------------------------------------------------
    @property
    def to_move(self) -> int:
        return (self.occ.bit_count() - self.phase) % self.rules.players

    @property
    def ply(self) -> int:
        k = self.occ.bit_count()
        if not self._declare:
            return k
        return 2 * k - (1 if (self.phase or self._outcome is not None) and k else 0)

    def zobrist(self) -> int:
        return self._hash

    def outcome(self):
        return self._outcome

    def legal_moves(self) -> list:
        if self._moves is None:
            rules = self.rules
            moves: list
            if self._outcome is not None:
                moves = []
            elif self.phase:
                size = rules.size
                threat_cells = self._threat_cells(self.to_move)
                moves = []
                sub = threat_cells
                while True:
                    moves.append(declaration(size, sub))
                    if not sub:
                        break
                    sub = (sub - 1) & threat_cells
            else:
                empty = rules.full & ~self.occ
                table = rules.placements
                first = self._forced_number()
                if first:
                    moves = [table[c][first - 1] for c in iter_bits(empty)]
                else:
                    moves = []
                    for c in iter_bits(empty):
                        moves.extend(table[c])
            self._moves = moves
        return list(self._moves)

    def _forced_number(self) -> int:
        """With ``first-two-equal``: the number Red must repeat on their second
        placement (0 when no constraint applies)."""
        if (self.options.get("first-two-equal") and not self.phase
                and self.occ.bit_count() == self.rules.players and self.to_move == 0):
            for code in self.board:
                if code and CODE_INFO[code][0] == 0:
                    return CODE_INFO[code][1]
        return 0

    def threats(self) -> tuple:
        """For every seat, the frozenset of ``(cell name, number)`` with which
        that seat would complete an EL for itself on its next placement (the
        board as it stands; ``first-two-equal`` is not considered)."""
        names = self.rules.name_of
        return tuple(frozenset((names[c], n) for c, n in pairs) for pairs in self._threat_pairs())

    @property
    def turn_plies(self) -> int:
        return 2 if self._declare else 1

    # -- for the computer player (see gamut.el_eval) ---------------------------
    @property
    def search_kind(self) -> str:
        return "alphabeta" if self.rules.players == 2 else "mcts"

    eval_scale = 450.0  # score worth ~73 % to win (bench/calibrate_eval.py)

    @property
    def search_speed(self) -> int:
        """Nominal CPython speed: alpha-beta nodes or Monte-Carlo simulations
        per second (``gamut.ai.Level`` turns thinking time into these)."""
        if self.rules.players == 2:  # (the analysis costs about one unit per shape)
            return 1_880_000 // len(self.rules.shapes)  # standard: 188 shapes, 10k nodes/s
        return 1_000 if self.rules.players == 3 else 500

    @property
    def level_seconds(self) -> Mapping[str, float]:
        """Two-player EL gives Master twice the usual time (6 s, not 3 s):
        its games turn on threat sequences 6-9 plies deep, and with four
        times Strong's work Master won only 25 of 40 games against Strong,
        with eight times 31 of 40 (bench/ARENA.md)."""
        return core.MASTER_TWICE if self.rules.players == 2 else {}

    def evaluate(self) -> int:
        return core.companion("el_eval").evaluate(self)

    def move_order_keys(self, moves) -> list:
        return core.companion("el_eval").move_order_keys(self, moves)

    def search_moves(self) -> list:
        return core.companion("el_eval").search_moves(self)

    def _threat_pairs(self) -> tuple:
        if self._threats is None:
            self._threats = self.rules.threat_pairs(self.board, self.occ)
        return self._threats

    def _threat_numbers(self, seat: int, cells: int) -> dict:
        """{cell: sorted numbers} of ``seat``'s threats on the cells of ``cells``."""
        by_cell: dict[int, list[int]] = {}
        for c, n in self._threat_pairs()[seat]:
            if cells >> c & 1:
                by_cell.setdefault(c, []).append(n)
        return {c: sorted(ns) for c, ns in by_cell.items()}

    def _threat_cells(self, seat: int) -> int:
        mask = 0
        for c, _ in self._threat_pairs()[seat]:
            mask |= 1 << c
        return mask

    def play_unchecked(self, move) -> "ElState":
        """The position after ``move`` (a legal move; anything else raises
        IllegalMoveError, but use :meth:`parse_move` for untrusted text)."""
        if self._outcome is not None:
            raise IllegalMoveError(f"the game is over ({self._outcome.reason})")
        if not isinstance(move, int) or isinstance(move, bool):
            raise IllegalMoveError(f"{excerpt(move)} is not a move; use parse_move for move texts")
        if isinstance(move, Declaration) or move >= DECLARE_BASE:
            child = self._play_declaration(move)
            child._analysis = self._analysis  # (the board is the same)
            return child
        child = self._play_placement(move)
        if self._analysis is not None:
            child._analysis_base = (self._analysis, (move >> 4) & 63)
        return child

    def _play_placement(self, move) -> "ElState":
        rules = self.rules
        size = rules.size
        c, n = (move >> 4) & 63, move & 15
        bit = 1 << c
        if move >> 10 != size or self.phase or self.occ & bit or not 1 <= n <= rules.numbers:
            raise IllegalMoveError(f"{excerpt(move)} is not a legal move here")
        forced = self._forced_number()
        if forced and n != forced:
            raise IllegalMoveError(self._explain_forced(forced))
        p = self.to_move
        code = rules.codes[p][n]
        board = self.board[:c] + (code,) + self.board[c + 1:]
        occ = self.occ | bit
        h = self._hash ^ Z_CELL[c * 64 + p * 16 + n]
        declare = self._declare
        # Line/L variants look at every shape through c (cheap, and the reason
        # can name a double completion); the connected-set search stops early.
        found = rules.completions(board, occ, c, p if rules.any_shape else None)
        outcome = None
        if found:
            outcome = self._decide(found, p, c, n, self.declared[p] if declare else 0)
        if outcome is None and occ == rules.full:
            outcome = self._full_board_outcome()
        if not declare:
            return ElState(self.variant, self.options, board, occ, 0, self.declared, c, None,
                           outcome, h)
        declared = self.declared
        phase = 0
        if outcome is None:  # the mover must now declare; the filled cell is no threat
            new = list(declared)
            new[p] = 0
            new[p ^ 1] &= ~bit
            for seat in (0, 1):
                for sq in iter_bits(declared[seat] ^ new[seat]):
                    h ^= Z_DECL[seat][sq]
            declared = tuple(new)
            phase = 1
            h ^= Z_PHASE
        if self.last is not None:
            h ^= Z_LAST[self.last] ^ Z_LAST2[self.last]
        if self.last2 is not None:
            h ^= Z_LAST2[self.last2]
        h ^= Z_LAST[c]
        return ElState(self.variant, self.options, board, occ, phase, declared, c, self.last,
                       outcome, h)

    def _play_declaration(self, move) -> "ElState":
        rules = self.rules
        if not self.phase:
            raise IllegalMoveError("a declaration comes right after your own placement")
        if (move >> 64) & 255 != rules.size:
            raise IllegalMoveError(f"{excerpt(move)} is not a legal move here")
        p = self.to_move
        mask = move & ((1 << 64) - 1) & self._threat_cells(p)
        h = self._hash ^ Z_PHASE
        for sq in iter_bits(mask ^ self.declared[p]):
            h ^= Z_DECL[p][sq]
        declared = list(self.declared)
        declared[p] = mask
        return ElState(self.variant, self.options, self.board, self.occ, 0, tuple(declared),
                       self.last, self.last2, None, h)

    def _decide(self, found, mover, c, n, declared_mask, last=-1) -> Outcome | None:
        """The outcome of a placement by ``mover`` on ``c`` completing the ELs
        ``found``; ``declared_mask`` is the mover's declaration (declare-threats)."""
        rules = self.rules
        names = SEAT_NAMES
        name_of = rules.name_of
        last = self.last if last == -1 else last
        own = [m for w, m in found if w == mover]
        where = f"{name_of[c]}={n}"
        if own:
            cells = rules.mask_names(own[0])
            # (the connected-set search stops at the mover's first EL, so only
            # the line/L variants know every other owner)
            others = {w for w, _ in found if w != mover} if not rules.any_shape else ()
            both = " (it completed an EL for " + " and ".join(
                names[w] for w in sorted(others)) + " too; the mover wins)" if others else ""
            if not self._declare:
                return Outcome(mover, f"{names[mover]} wins: {where} completed an EL{both}", cells)
            if declared_mask >> c & 1:
                return Outcome(mover, f"{names[mover]} wins: {where} completed an EL on a "
                                      f"declared threat cell{both}", cells)
            if last is not None and all(m >> last & 1 for m in own):
                return Outcome(mover, f"{names[mover]} wins: {where} completed an EL that "
                                      f"{names[mover ^ 1]}'s last move created{both}", cells)
        players = rules.players
        owners = {w for w, _ in found}
        for i in range(1, players):
            q = (mover + i) % players
            if q in owners:
                cells = rules.mask_names(next(m for w, m in found if w == q))
                extra = (" (the EL it completed for " + names[mover] + " was not declared)"
                         if own else "")
                return Outcome(q, f"{names[q]} wins: {names[mover]}'s {where} completed an EL "
                                  f"for {names[q]}{extra}", cells)
        return None

    def _full_board_outcome(self) -> Outcome:
        if self.options.get("full-board") == "second-wins":
            return Outcome(1, "Blue wins: the board is full with no EL (second player wins)")
        return Outcome(None, "Draw: the board is full with no EL")

    # -- notation -------------------------------------------------------------
    # -- words (gamut.words) ----------------------------------------------------
    def move_words(self, move, after) -> str:
        """``Red writes 5 on c4``; ``Red declares threats on c4 (3) and d5
        (1 or 2)``, ``Red declares no threat``."""
        names = self.rules.name_of
        who = SEAT_NAMES[self.to_move]
        if isinstance(move, Declaration) or move >= DECLARE_BASE:
            cells = move & ((1 << 64) - 1)
            if not cells:
                return f"{who} declares no threat"
            numbers = after._threat_numbers(self.to_move, cells)
            return f"{who} declares threats on " + _threat_list(names, numbers)
        return f"{who} writes {move & 15} on {names[(move >> 4) & 63]}"

    def threat_words(self) -> str:
        """After a placement in the two-player game: the mover's threats
        (every cell and number that would complete an EL for them), as the
        engine announces them; with declared threats, only an undeclared
        completion (no win) is said, and that the mover now declares: the
        threats stay secret until declared.  Also what the next placement
        must be (``first-two-equal``)."""
        rules = self.rules
        parts = []
        if self.last is not None and rules.threat_rule:
            names = rules.name_of
            mover = CODE_INFO[self.board[self.last]][0]
            if self._declare:
                if self.phase:
                    own = [m for w, m in rules.completions(self.board, self.occ, self.last)
                           if w == mover]
                    if own:
                        parts.append("completing an EL without having declared it: no win, "
                                     "the game goes on")
                    parts.append(f"{SEAT_NAMES[mover]} now declares threats")
            else:
                by_cell = self._threat_numbers(mover, self._threat_cells(mover))
                if by_cell:
                    parts.append("threatens " + _threat_list(names, by_cell))
        forced = self._forced_number()
        if forced:
            parts.append(f"{SEAT_NAMES[self.to_move]} must write {forced} again")
        return "; ".join(parts)

    def score_words(self, view) -> str:
        """Numbers written by each player, empty cells, and the threats that
        stand (two-player game without declarations)."""
        counts = [0] * self.rules.players
        for code in self.board:
            if code:
                counts[CODE_INFO[code][0]] += 1
        empty = self.rules.size ** 2 - self.occ.bit_count()
        parts = [f"{SEAT_NAMES[p]} {n} number{'s' if n != 1 else ''}" for p, n in enumerate(counts)]
        text = "; ".join(parts) + f"; {empty} empty cell{'s' if empty != 1 else ''}"
        if self.rules.threat_rule and not self._declare and self._outcome is None:
            for p in range(self.rules.players):
                by_cell = self._threat_numbers(p, self._threat_cells(p))
                if by_cell:
                    text += f"; {SEAT_NAMES[p]} threatens " + _threat_list(self.rules.name_of,
                                                                         by_cell)
        return text

    def parse_move(self, text: str):
        if not isinstance(text, str):
            raise IllegalMoveError("a move must be text such as 'c4=5'")
        if self._outcome is not None:
            raise IllegalMoveError(f"the game is over ({self._outcome.reason})")
        rules = self.rules
        t = text.strip().lower()
        name = SEAT_NAMES[self.to_move]
        if t.startswith("declare"):
            if not self.phase:
                if not self._declare:
                    raise IllegalMoveError("threats are announced automatically in this game; "
                                           "there is nothing to declare")
                raise IllegalMoveError(f"{name} must place a number first; a declaration "
                                       "comes right after your own placement")
            body = t[len("declare"):].lstrip(":").strip()
            mask = 0
            if body != "-":
                items = [x.strip() for x in body.split(",")] if body else []
                if not items or not all(items):
                    raise IllegalMoveError(
                        f"cannot read {excerpt(text)}: write 'declare:c4,d5' (or 'declare c4,d5') "
                        "or 'declare:-'")
                for item in items:
                    c = parse_cell(item, rules.size, rules.size)
                    if c is None:
                        raise IllegalMoveError(f"cannot read {excerpt(text)}: {excerpt(item, 8)} "
                                               "is not a cell "
                                               f"(cells run from a1 to {self._corner()})")
                    if self.occ >> c & 1:
                        raise IllegalMoveError(f"{item} is not empty; only empty cells can be "
                                               "declared as threats")
                    mask |= 1 << c
            return declaration(rules.size, mask & self._threat_cells(self.to_move))
        if self.phase:
            raise IllegalMoveError(f"{name} must first declare threats: write 'declare:c4,d5' "
                                   "with the cells where you threaten to complete an EL, or "
                                   "'declare:-'")
        cell_text, eq, num_text = t.partition("=")
        cell_text, num_text = cell_text.strip(), num_text.strip()
        if not eq or not cell_text or not num_text:
            raise IllegalMoveError(f"cannot read move {excerpt(text)}: write the cell and the number, "
                                   "like c4=5")
        c = parse_cell(cell_text, rules.size, rules.size)
        if c is None:
            raise IllegalMoveError(f"cannot read move {excerpt(text)}: cells run from a1 to "
                                   f"{self._corner()}")
        if not (num_text.isdigit() and num_text.isascii() and 1 <= int(num_text) <= rules.numbers):
            raise IllegalMoveError(f"cannot read move {excerpt(text)}: numbers run from 1 to "
                                   f"{rules.numbers}")
        n = int(num_text)
        if self.occ >> c & 1:
            raise IllegalMoveError(self._occupied(c))
        forced = self._forced_number()
        if forced and n != forced:
            raise IllegalMoveError(self._explain_forced(forced))
        return rules.placements[c][n - 1]

    def _corner(self) -> str:
        return self.rules.name_of[-1]

    def _occupied(self, c) -> str:
        p, n = CODE_INFO[self.board[c]]
        return f"{self.rules.name_of[c]} already holds {SEAT_NAMES[p]}'s {n}; write on an empty cell"

    def _explain_forced(self, forced) -> str:
        return (f"first two numbers equal: Red's second number must be the same as the first "
                f"({forced})")

    def why_illegal(self, clicks) -> str:
        if self._outcome is not None:
            return f"The game is over ({self._outcome.reason})."
        if self.phase:
            return ("Mark the cells where you threaten to complete an EL, then confirm "
                    "(or confirm with none marked).")
        rules = self.rules
        cells, numbers = [], []
        for click in clicks:
            c = parse_cell(click, rules.size, rules.size) if isinstance(click, str) else None
            if c is not None:
                cells.append(c)
            elif (isinstance(click, str) and click[:1] == "n" and click[1:].isdigit()
                  and 1 <= int(click[1:]) <= rules.numbers):
                numbers.append(int(click[1:]))
            else:
                return f"Click an empty cell and a number from 1 to {rules.numbers}."
        for c in cells:
            if self.occ >> c & 1:
                return self._occupied(c) + "."  # starts with the cell name: keep it lowercase
        forced = self._forced_number()
        for n in numbers:
            if forced and n != forced:
                return self._explain_forced(forced)[0].upper() + \
                    self._explain_forced(forced)[1:] + "."
        if len(cells) > 1 or len(numbers) > 1:
            return "A move writes one number on one empty cell."
        if not cells:
            return "Now click the empty cell to write it on."
        if not numbers:
            return f"Now pick a number from 1 to {rules.numbers}."
        return "That is not a legal move here."

    # -- codecs ---------------------------------------------------------------
    def board_text(self) -> str:
        size = self.rules.size
        rows = []
        for rank in range(size - 1, -1, -1):
            row = []
            for file in range(size):
                code = self.board[rank * size + file]
                if code:
                    p, n = CODE_INFO[code]
                    row.append(f"{SEAT_LETTERS[p]}{n}")
                else:
                    row.append(".")
            rows.append("".join(row))
        return "/".join(rows)

    def to_text(self) -> str:
        """``<header> <board> <seat to move>[ phase=declare][ last=<cells>]
        [ declared=<cells>;<cells>]``: ranks from the top separated by ``/``,
        ``.`` an empty cell, ``r5`` Red's 5 (``b`` Blue, ``g`` Green, ``y``
        Yellow); ``last`` the last placement (with declare-threats the last
        two, oldest first); ``declared`` each seat's declared cells or ``-``."""
        parts = [self.header(), self.board_text(), SEAT_LETTERS[self.to_move]]
        if self.phase:
            parts.append("phase=declare")
        names = self.rules.name_of
        if self.last is not None:
            lasts = [self.last2, self.last] if self._declare else [self.last]
            parts.append("last=" + ",".join(names[c] for c in lasts if c is not None))
        if self._declare:
            parts.append("declared=" + ";".join(
                ",".join(names[c] for c in iter_bits(m)) or "-" for m in self.declared))
        return " ".join(parts)

    def key(self) -> tuple:
        lasts = (self.last, self.last2) if self._declare else ()
        return (self.variant, tuple(self.options.items()), self.board, self.phase,
                self.declared, lasts)

    def view(self) -> dict:
        rules = self.rules
        names = rules.name_of
        players = rules.players
        pieces = []
        for c, code in enumerate(self.board):
            if code:
                p, n = CODE_INFO[code]
                pieces.append({"cell": names[c], "owner": p, "label": str(n)})
        outcome = self._outcome
        highlights: list[dict] = []
        annotations: list[dict] = []
        messages: list[str] = []
        moves: list[dict] = []
        palette = [{"id": f"n{n}", "label": str(n)} for n in range(1, rules.numbers + 1)]
        select = None
        if outcome is None:
            if self.phase:
                # the palette stays (disabled by the select step): the board keeps its size
                select = {"cells": [names[c] for c in iter_bits(rules.full & ~self.occ)],
                          "prompt": "Mark the cells where you threaten to complete an EL, "
                                    "then confirm",
                          "move": "declare"}
                messages.append("Now declare your threats.")  # after "Red to move"
            else:
                for m in self.legal_moves():
                    moves.append({"text": str(m), "clicks": [names[m.cell], f"n{m.number}"]})
                forced = self._forced_number()
                if forced:
                    messages.append(f"Red must write {forced} again (first two numbers equal).")
            if self.last is not None:
                self._announce(highlights, annotations, messages)
        elif outcome.cells:
            highlights.append({"kind": "win", "cells": list(outcome.cells)})
        # (the outcome's reason is not repeated here: the page shows it as the result)
        counts = [0] * players
        for code in self.board:
            if code:
                counts[CODE_INFO[code][0]] += 1
        view = {
            "game": "el", "variant": self.variant,
            "options": self.options_json(),
            "title": "EL" if self.variant == "standard" else
                     f"EL ({self.info.variant(self.variant).name})",
            "players": [{"name": SEAT_NAMES[p], "color": SEAT_COLORS[p]} for p in range(players)],
            "to_move": self.to_move,
            "ply": self.ply,
            "board": self._board_view(),
            "pieces": pieces,
            "counters": [{"owner": p, "label": "number" if counts[p] == 1 else "numbers",
                          "value": counts[p]}
                         for p in range(players)],
            "last_move": [names[self.last]] if self.last is not None else [],
            "highlights": highlights,
            "annotations": annotations,
            "palette": palette,
            "click_order": "any",
            # with declare-threats a turn is two moves: placement, declaration
            "turn_plies": self.turn_plies,
            "moves": moves,
            "outcome": outcome.to_json() if outcome else None,
            "messages": messages,
        }
        if select is not None:
            view["select"] = select
        return view

    def _board_view(self) -> dict:
        """A plain ruled grid (shade 2), like the paper the game is played on:
        no chessboard shading under the coloured numbers."""
        board = squares_board_view(self.rules.size, self.rules.size)
        for cell in board["cells"]:
            cell["shade"] = 2
        return board

    def _announce(self, highlights, annotations, messages):
        """Threat announcement of the player who just placed (two-player
        variants only: the multi-player variants waive the threat rule); with
        declare-threats, every standing declaration (both players') instead."""
        rules = self.rules
        if not rules.threat_rule:
            return
        names = rules.name_of
        mover = CODE_INFO[self.board[self.last]][0]
        if self._declare:
            own = [m for w, m in rules.completions(self.board, self.occ, self.last) if w == mover]
            if own:
                messages.append(f"{SEAT_NAMES[mover]} completed an EL with "
                                f"{names[self.last]} without having declared it: no win, "
                                "the game goes on.")
            # Every standing declaration stays on the board (both players'; the
            # mover's is empty while they are still declaring, so nothing of
            # their true threats leaks), announced once, right after it is made.
            shown = []
            for seat in (mover ^ 1, mover):
                by_cell = self._threat_numbers(seat, self.declared[seat])
                for c in sorted(by_cell):
                    annotations.append({"cell": names[c], "text": "/".join(map(str, by_cell[c])),
                                        "owner": seat, "kind": "threat"})
                    shown.append(names[c])
                if seat == mover and by_cell and not self.phase:
                    messages.append(f"Threat! {SEAT_NAMES[mover]} declares "
                                    + ", ".join(names[c] for c in sorted(by_cell)) + ".")
            if shown:
                highlights.append({"kind": "threat", "cells": shown})
            return
        by_cell = self._threat_numbers(mover, self._threat_cells(mover))
        if not by_cell:
            return
        for c in sorted(by_cell):
            annotations.append({"cell": names[c], "text": "/".join(map(str, by_cell[c])),
                                "owner": mover, "kind": "threat"})
        highlights.append({"kind": "threat", "cells": [names[c] for c in sorted(by_cell)]})
        ways = ", ".join(f"{names[c]}={n}" for c in sorted(by_cell) for n in by_cell[c])
        messages.append(f"Threat! {SEAT_NAMES[mover]} can complete an EL with {ways}.")


# ---------------------------------------------------------------------------
# Loading

def _threat_list(names, by_cell: dict) -> str:
    """``c5 with 3 and d6 with 4 or 5`` ({cell: numbers}; cells with no
    number known are named alone)."""
    parts = []
    for c in sorted(by_cell):
        ns = by_cell[c]
        parts.append(f"{names[c]} with " + " or ".join(map(str, ns)) if ns else names[c])
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _parse_board(rules, text: str, players: int):
    size = rules.size
    rows = text.split("/")
    if len(rows) != size:
        raise PositionError(f"the board needs {size} ranks separated by '/', not {len(rows)}")
    board = [0] * rules.cells
    occ = 0
    letters = SEAT_LETTERS[:players]
    for i, row in enumerate(rows):
        rank = size - 1 - i
        file = 0
        j = 0
        while j < len(row):
            ch = row[j]
            if file >= size:
                raise PositionError(f"rank {rank + 1} of the board has more than {size} cells")
            if ch == ".":
                j += 1
            elif ch in letters:
                digit = row[j + 1: j + 2]
                if not (digit.isdigit() and digit.isascii() and 1 <= int(digit) <= rules.numbers):
                    raise PositionError(f"{excerpt(ch)} on rank {rank + 1} must be followed by a "
                                        f"number from 1 to {rules.numbers}")
                c = rank * size + file
                board[c] = rules.codes[letters.index(ch)][int(digit)]
                occ |= 1 << c
                j += 2
            else:
                raise PositionError(f"unexpected {excerpt(ch)} on rank {rank + 1}: write '.' for an "
                                    f"empty cell and e.g. 'r5' for Red's 5 (seats {letters})")
            file += 1
        if file != size:
            raise PositionError(f"rank {rank + 1} of the board holds {file} cells, not {size}")
    return tuple(board), occ


def _cells_field(rules, text: str, what: str) -> list:
    if text == "-":
        return []
    result = []
    for item in text.split(","):
        c = parse_cell(item, rules.size, rules.size)
        if c is None:
            raise PositionError(f"{what}: {excerpt(item, 8)} is not a cell of the board")
        if c in result:
            raise PositionError(f"{what}: {item} is given twice")
        result.append(c)
    return result


def _threat_cell_mask(rules, board, occ, seat, remove=()) -> int:
    board = list(board)
    for c in remove:
        board[c] = 0
        occ &= ~(1 << c)
    mask = 0
    for c, _ in rules.threat_pairs(tuple(board), occ)[seat]:
        mask |= 1 << c
    return mask


def load_body(header, body: str) -> ElState:
    variant, options = header.variant, header.options
    rules = RULES[variant]
    players = rules.players
    declare = bool(options.get("declare-threats", False))
    fields = body.split()
    if len(fields) < 2:
        raise PositionError("an EL position is '<board> <seat to move> [phase=declare] "
                            "[last=<cells>] [declared=<cells>;<cells>]'")
    board, occ = _parse_board(rules, fields[0], players)
    names = rules.name_of
    extra: dict[str, str] = {}
    order = ["phase", "last", "declared"]
    for f in fields[2:]:
        name, eq, value = f.partition("=")
        if not eq or name not in order:
            raise PositionError(f"unexpected field {excerpt(f)} (expected phase=, last= or "
                                "declared=)")
        if name in extra or any(order.index(o) > order.index(name) for o in extra):
            raise PositionError(f"field {excerpt(name)} is repeated or out of order")
        extra[name] = value
    k = occ.bit_count()
    counts = [0] * players
    for code in board:
        if code:
            counts[CODE_INFO[code][0]] += 1
    for p in range(players):
        expected = k // players + (1 if p < k % players else 0)
        if counts[p] != expected:
            raise PositionError(f"{SEAT_NAMES[p]} has {counts[p]} numbers on the board, but with "
                                f"{k} numbers in all and turns in seat order it must have "
                                f"{expected}")
    phase = 0
    if "phase" in extra:
        if extra["phase"] != "declare" or not declare:
            raise PositionError("phase=declare is the only phase, and only with declare-threats=on")
        if k == 0:
            raise PositionError("nobody has placed a number yet, so nobody can declare")
        phase = 1
    to_move = (k - phase) % players
    if fields[1] != SEAT_LETTERS[to_move]:
        raise PositionError(f"the seat to move must be {SEAT_LETTERS[to_move]!r} "
                            f"({SEAT_NAMES[to_move]}), not {excerpt(fields[1])}")
    lasts = _cells_field(rules, extra["last"], "last") if "last" in extra else []
    want = min(k, 2 if declare else 1)
    if len(lasts) != want:
        raise PositionError(f"last= must give the last {want} placement(s)" if want else
                            "an empty board has no last placement")
    for i, c in enumerate(reversed(lasts)):
        seat = (k - 1 - i) % players
        if not board[c] or CODE_INFO[board[c]][0] != seat:
            raise PositionError(f"last placement {names[c]} must hold a number of "
                                f"{SEAT_NAMES[seat]}")
    last = lasts[-1] if lasts else None
    last2 = lasts[-2] if len(lasts) > 1 else None
    declared = (0, 0)
    if declare:
        if "declared" not in extra:
            raise PositionError("with declare-threats=on the position gives declared=<cells>;<cells>")
        parts = extra["declared"].split(";")
        if len(parts) != 2:
            raise PositionError("declared= gives Red's cells, ';', then Blue's cells")
        declared = tuple(sum(1 << c for c in _cells_field(rules, x, "declared")) for x in parts)
    elif "declared" in extra:
        raise PositionError("declared= is only used with declare-threats=on")
    state = ElState(variant, options, board, occ, phase, declared, last, last2)
    if options.get("first-two-equal") and counts[0] >= 2:
        nums = [CODE_INFO[code][1] for code in board if code and CODE_INFO[code][0] == 0]
        if len(set(nums)) == len(nums):
            raise PositionError("first two numbers equal: Red's numbers must repeat one number")
    if last is None:
        if any(declared):
            raise PositionError("nobody has placed a number yet, so nobody has declared")
        return state
    # ELs that the last placement did not complete would have ended the game earlier.
    if not declare:
        stale = rules.all_els(board, occ, 1 << last)
        if stale:
            raise PositionError("the board holds an EL on " + " ".join(rules.mask_names(stale[0][1]))
                                + " that the last placement did not complete; the game would "
                                  "have ended earlier")
    mover = CODE_INFO[board[last]][0]
    found = rules.completions(board, occ, last, mover if rules.any_shape else None)
    outcome = None
    if found:
        outcome = state._decide(found, mover, last, CODE_INFO[board[last]][1],
                                declared[mover] if declare else 0, last=last2)
    if outcome is None and occ == rules.full:
        outcome = state._full_board_outcome()
    if outcome is not None and phase:
        raise PositionError(f"the game is over ({outcome.reason}), so nobody declares")
    if declare:
        _check_declarations(rules, board, occ, phase, declared, last, last2, mover,
                            outcome is not None)
    state._outcome = outcome
    return state


def _check_declarations(rules, board, occ, phase, declared, last, last2, mover, over):
    other = mover ^ 1
    prev = [c for c in (last2,) if c is not None]
    if over:
        # declarations as they stood before the last placement
        allowed_mover = _threat_cell_mask(rules, board, occ, mover, [last] + prev)
        allowed_mover &= ~(1 << last2) if last2 is not None else -1
        allowed_other = _threat_cell_mask(rules, board, occ, other, [last])
    else:
        if phase:
            allowed_mover = 0
        else:
            allowed_mover = _threat_cell_mask(rules, board, occ, mover)
        allowed_other = _threat_cell_mask(rules, board, occ, other, [last]) & ~(1 << last)
    for seat, allowed in ((mover, allowed_mover), (other, allowed_other)):
        if declared[seat] & ~allowed:
            raise PositionError(
                f"{SEAT_NAMES[seat]}'s declared cells must be cells where {SEAT_NAMES[seat]} "
                "threatened to complete an EL when declaring (and are still empty)"
                + ("; the player who just placed has not declared yet" if phase and seat == mover
                   else ""))


# ---------------------------------------------------------------------------
# Setting up a position by hand (gamut.setup)

def setup_palette(variant: str, options: dict) -> dict:
    """Every number in every seat's colour; one number a cell."""
    rules = RULES[variant]
    return {"items": [{"id": f"{SEAT_LETTERS[p]}{n}", "label": f"{SEAT_NAMES[p]} {n}",
                       "owner": p, "kind": "piece", "stacks": False, "cells": None,
                       "text": str(n)}
                      for p in range(rules.players) for n in range(1, rules.numbers + 1)],
            "counts": [],
            "side": f"It follows from the numbers: {SEAT_NAMES[0]} writes first, then "
                    "each seat in turn, one number a turn."}


def setup_describe(state: ElState) -> dict:
    names = state.rules.name_of
    cells = {}
    for c, code in enumerate(state.board):
        if code:
            p, n = CODE_INFO[code]
            cells[names[c]] = [f"{SEAT_LETTERS[p]}{n}"]
    extra: dict = {}
    if state.phase:
        extra["phase"] = "declare"
    if state.last is not None:
        lasts = [state.last2, state.last] if state._declare else [state.last]
        extra["last"] = [names[c] for c in lasts if c is not None]
    if state._declare and any(state.declared):
        extra["declared"] = [[names[c] for c in iter_bits(m)] for m in state.declared]
    return {"to_move": state.to_move, "cells": cells, "extra": extra}


def setup_compose(header, setup: dict) -> ElState:
    """The numbers on the board must fit turns in seat order (the seat to
    move follows from them: the side given is not used).  Without ``extra`` (an edited position) the
    last placement is taken to be the first number, in board order, of the
    seat that wrote last (with declared threats also the one before it, of
    the seat before), no threat is declared, and it is a placement turn."""
    variant, options = header.variant, header.options
    rules = RULES[variant]
    players, size = rules.players, rules.size
    names = SEAT_NAMES[:players]
    board = [0] * rules.cells
    occ = 0
    for name, stack in setup["cells"].items():
        p, n = SEAT_LETTERS.index(stack[0][0]), int(stack[0][1:])
        c = rules.name_of.index(name)
        board[c] = rules.codes[p][n]
        occ |= 1 << c
    k = occ.bit_count()
    counts = [0] * players
    for code in board:
        if code:
            counts[CODE_INFO[code][0]] += 1
    expected = [k // players + (1 if p < k % players else 0) for p in range(players)]
    if counts != expected:
        def listed(ns):
            return ", ".join(f"{names[p]} {n}" for p, n in enumerate(ns))
        raise core.SetupError(
            f"the numbers do not fit turns in seat order ({names[0]} first, one number a turn): "
            f"with {k} on the board they are {listed(expected)}, not {listed(counts)}")
    extra = setup["extra"]
    declare = bool(options.get("declare-threats", False))
    phase = 1 if extra.get("phase") == "declare" else 0
    to_move = (k - phase) % players
    board_t = tuple(board)
    if not declare and "last" not in extra:  # (with its last placement the loader judges)
        els = rules.all_els(board_t, occ)
        if els:
            owner, mask = els[0]
            raise core.SetupError(
                f"the game would already be over: {names[owner]} has an EL on "
                f"{' '.join(rules.mask_names(mask))}; set up a position that can still be played")
    fields = [ElState(variant, options, board_t, occ).board_text(), SEAT_LETTERS[to_move]]
    if phase:
        fields.append("phase=declare")
    if "last" in extra:
        lasts = list(extra["last"])
    else:
        lasts = []
        for i in range(min(k, 2 if declare else 1)):
            seat = (k - 1 - i) % players
            cell = next(rules.name_of[c] for c in range(rules.cells)
                        if board[c] and CODE_INFO[board[c]][0] == seat
                        and rules.name_of[c] not in lasts)
            lasts.insert(0, cell)
    if lasts:
        fields.append("last=" + ",".join(lasts))
    if declare:
        declared = extra.get("declared", [[], []])
        fields.append("declared=" + ";".join(",".join(cs) or "-" for cs in declared))
    return load_body(header, " ".join(fields))


def start(variant: str, options: dict) -> ElState:
    rules = RULES[variant]
    return ElState(variant, options, (0,) * rules.cells, 0)


INFO = core.register(core.GameInfo(
    id="el",
    name="EL",
    description="Write numbers in your colour; complete a line or L holding every "
                "number, mostly yours, to win.",
    variants=(
        core.VariantInfo("standard", "Standard",
                         "6x6 board, numbers 1-6; an EL is a line or L of six cells holding "
                         "1-6, at least four of them yours."),
        core.VariantInfo("eight", "Eight",
                         "8x8 board, numbers 1-8; an EL of eight cells, at least five yours."),
        core.VariantInfo("consecutive", "Consecutive",
                         "7x7 board, numbers 1-8; an EL of six cells holding six consecutive "
                         "numbers (1-6, 2-7 or 3-8)."),
        core.VariantInfo("three-player", "Three players",
                         "8x8 board, numbers 1-6, three players; the EL's owner must hold more "
                         "of its numbers than each other player.", players=3),
        core.VariantInfo("four-player", "Four players",
                         "8x8 board, numbers 1-8, four players; an EL is any connected shape of "
                         "eight cells holding 1-8.", players=4),
    ),
    options=(
        core.OptionSpec("first-two-equal", "First two numbers equal", (False, True), False,
                        "The first player's first two numbers must be the same.",
                        variants=("standard", "eight", "consecutive")),
        core.OptionSpec("full-board", "Full board", ("draw", "second-wins"), "draw",
                        "A full board with no EL is a draw, or a win for the second player.",
                        variants=("standard", "eight", "consecutive")),
        core.OptionSpec("declare-threats", "Declare threats yourself", (False, True), False,
                        "After placing, each player marks the cells where they threaten to "
                        "complete an EL; a completion on an undeclared cell does not win "
                        "unless the opponent's last move created it.",
                        variants=("standard", "eight", "consecutive")),
    ),
    factory=start,
    loader=load_body,
    editor=core.Editor(setup_palette, setup_describe, setup_compose),
))
