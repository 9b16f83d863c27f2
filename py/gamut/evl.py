"""EVL: stacking and unstacking on a board of heptagons and pentagons.

The rules, as settled by RULINGS.md (seed 003)
----------------------------------------------
The board (see :mod:`gamut.evl_board`) has 28 heptagons ``a1``-``d7`` in four
rows and 18 pentagons ``ab1``-``cd6`` in the three bands between the rows.
Pieces stand only on heptagons; pentagons are what the players fight over.
Each player starts with 20 pieces in hand (option ``pieces``: 16, 20, 24) and
10 markers (option ``markers``: 10 or 12).  Black (seat 0) moves first.  A
turn is one of:

* **Place** a piece from hand on an empty heptagon or on a stack you control
  (its top piece is yours), never making a stack taller than 4.
* **Unstack** a stack of height h >= 2 that you control: pick it all up and
  move it along a path of 1 to h adjacent heptagons that visits no heptagon
  twice (the origin included).  Every heptagon it leaves except the origin
  gets its bottom piece; the rest lands on the last heptagon, on top of what
  is there.  At the end no stack may be taller than 4, so a stack of 4 can be
  neither crossed nor landed on.

After an unstack (never after a placement) every pentagon the mover now
*surrounds* gets the mover's marker: of its four heptagons the mover controls
two that do not touch each other, and at least one of those two received a
piece in this unstack.  A marker of the opponent's there is replaced (and goes
back to the opponent's supply); markers stay when a surround is later broken.
The first player with all markers on the board wins.  A player who can
neither place nor unstack ends the game: more pentagons wins, equal is a
draw.  A player with no pieces in hand must unstack.

Decisions where RULINGS.md is silent
------------------------------------
* A recaptured marker returns to its owner's supply (the mover's marker
  *replaces* it), so the owner can place it again later.
* When an unstack surrounds more new pentagons than the mover has markers
  left, markers go on them in board order (``ab1`` ... ``cd6``) until the
  supply is empty; the mover then has every marker on the board and wins.
  Pentagons that already carry the mover's marker need none.
* The win is judged after the capture; reaching the last marker ends the
  game at once even if the opponent could still move.
* A path may not come back to its origin (the origin counts as visited).
  With at most 4 steps on this board that also follows from the girth of the
  heptagon graph (6), so in practice "no revisits" means "no step back".
* Nothing in the seed stops a game from going on for ever: stacks can
  shuttle back and forth.  As in Lines of Action, the third occurrence of
  the same position (stacks, markers, player to move) ends the game, and it
  is judged as when a player cannot move: more pentagons wins, equal is a
  draw.  Only unstacks can repeat a position (a placement takes a piece
  from a hand for good); captures can, as markers may change hands back.

Notation: a placement is its heptagon (``b3``), an unstack its path
(``b3-b4-c4``).  Position text body::

    <heptagon rows a/b/c/d> <pentagon bands ab/bc/cd> <b|w> [hands=...] [history=...]

``hands=<black>,<white>`` (only in a position set up by hand, when a hand
holds fewer than the rest of its player's pieces) gives the pieces in hand;
``history=<rows>:<bands>:<b|w>:<path>,<path>,...`` (only when the last moves
were unstacks) gives the position where that run of unstacks began and the
unstacks since, so that repetitions count across a saved position; loading
replays and checks them.
A row lists its 7 heptagons from column 1: a digit is a run of empty
heptagons, ``b``/``w`` a single piece, ``(bww)`` a stack from bottom to top.
A band lists its 6 pentagons the same way (``b``/``w`` = whose marker).
Pieces in hand are not written unless set up by hand: pieces never leave
the board, so in play a hand is the option ``pieces`` minus that colour's
pieces on the board (a position set up by hand may put some aside).

Representation (built for search)
---------------------------------
A stack is a small int with a sentinel bit: ``1 << height`` plus bit ``i`` =
seat of the i-th piece from the bottom; the empty heptagon is ``1``.  Height
and top come from lookup tables, a placement is one table lookup
(:data:`PUSH`), dropping the bottom piece is ``code >> 1`` and landing a stack
``r`` on ``t`` is ``(t ^ 1 << ht) | r << ht``.  The board is a tuple of 28
codes, markers two 18-bit masks.  Unstack paths come from a per-origin trie of
preallocated moves (every simple path of 1-4 steps), pruned by heights while
walking it, so generation allocates only the list.  The zobrist hash is
updated per changed heptagon and marker.

View extras: each unstack in ``view()["moves"]`` carries the generic
``"preview"`` (see core's view docstring: the stacks its path leaves, the
origin empty, and the markers it would place) and a ``"label"`` (``Unstack
b3-b4, taking ab3``).  A placement on a stack that can also be unstacked (the
two share their first click, so the page asks to confirm the placement)
carries a ``"label"`` too (``Place on b3 (stack of 3)``).  Heights of 2 and
more are the pieces' labels.
"""

from __future__ import annotations

import random

from . import core
from . import evl_board as geometry
from .core import IllegalMoveError, Outcome, PositionError, excerpt
from .grid import iter_bits

BLACK, WHITE = 0, 1
COLOUR_NAMES = ("Black", "White")
COLOUR_LETTERS = "bw"
MAX_HEIGHT = 4
EMPTY = 1  # the stack code of an empty heptagon

HEPTAGONS = geometry.HEPTAGONS
PENTAGONS = geometry.PENTAGONS
NUM_CELLS = len(HEPTAGONS)
NUM_PENTAGONS = len(PENTAGONS)
CELL_INDEX = {name: i for i, name in enumerate(HEPTAGONS)}
PENTAGON_INDEX = {name: i for i, name in enumerate(PENTAGONS)}


# ---------------------------------------------------------------------------
# Board tables, derived from the data in evl_board

def _board_tables():
    nbrs = [set() for _ in range(NUM_CELLS)]
    for a, b in geometry.HEPTAGON_CONTACTS:
        i, j = CELL_INDEX[a], CELL_INDEX[b]
        nbrs[i].add(j)
        nbrs[j].add(i)
    neighbours = tuple(tuple(sorted(s)) for s in nbrs)
    around = tuple(tuple(CELL_INDEX[c] for c in geometry.PENTAGON_HEPTAGONS[p])
                   for p in PENTAGONS)
    # partners[c] = ((pentagon, other heptagon of it not touching c), ...)
    partners = [[] for _ in range(NUM_CELLS)]
    pairs = []
    for p, cells in enumerate(around):
        p_pairs = []
        for x in range(4):
            for y in range(x + 1, 4):
                a, b = cells[x], cells[y]
                if b not in nbrs[a]:
                    p_pairs.append((a, b))
                    partners[a].append((p, b))
                    partners[b].append((p, a))
        pairs.append(tuple(p_pairs))
    return neighbours, around, tuple(tuple(x) for x in partners), tuple(pairs)


NEIGHBOURS, PENTAGON_CELLS, PARTNERS, SURROUND_PAIRS = _board_tables()
"""``NEIGHBOURS[c]``: heptagons touching heptagon ``c``; ``PENTAGON_CELLS[p]``:
the four heptagons of pentagon ``p``; ``SURROUND_PAIRS[p]``: its pairs of
non-touching heptagons (three per pentagon); ``PARTNERS[c]``: ``(p, other)``
for every such pair that contains ``c``."""


def stack_code(seats) -> int:
    """The code of a stack given as seats from bottom to top."""
    code = 1 << len(seats)
    for i, s in enumerate(seats):
        code |= s << i
    return code


def stack_seats(code: int) -> list:
    """The seats of a stack code, bottom to top."""
    return [(code >> i) & 1 for i in range(code.bit_length() - 1)]


# Codes run up to 2 ** (MAX_HEIGHT + 1) - 1; height 0 is the code 1.
NUM_CODES = 2 << MAX_HEIGHT
HEIGHT = tuple(max(code.bit_length() - 1, 0) for code in range(NUM_CODES))
TOP = tuple((code >> (HEIGHT[code] - 1)) & 1 if HEIGHT[code] else -1
            for code in range(NUM_CODES))
# PUSH[seat][code]: the stack after a piece of ``seat`` goes on top (None at MAX_HEIGHT).
PUSH = tuple(tuple((code ^ (1 << HEIGHT[code])) | ((2 | seat) << HEIGHT[code])
                   if 1 <= code < 1 << MAX_HEIGHT else None for code in range(NUM_CODES))
             for seat in (0, 1))
# PLACEABLE[seat][code]: may ``seat`` place on this stack?
PLACEABLE = tuple(tuple(code == EMPTY or (TOP[code] == seat and HEIGHT[code] < MAX_HEIGHT)
                        for code in range(NUM_CODES)) for seat in (0, 1))
# UNSTACKABLE[seat][code]: the height if ``seat`` may unstack it, else 0.
UNSTACKABLE = tuple(tuple(HEIGHT[code] if TOP[code] == seat and HEIGHT[code] >= 2 else 0
                          for code in range(NUM_CODES)) for seat in (0, 1))
COUNT = tuple(tuple(stack_seats(code).count(seat) if code else 0 for code in range(NUM_CODES))
              for seat in (0, 1))


# ---------------------------------------------------------------------------
# Moves

class Move(tuple):
    """An EVL move: the heptagon indices it visits.  A placement is a
    1-tuple ``(cell,)``; an unstack is its path ``(origin, step1, ...)``.
    ``str(move)`` is its notation: ``b3`` or ``b3-b4-c4``."""

    __slots__ = ()

    @property
    def is_placement(self) -> bool:
        return len(self) == 1

    @property
    def cells(self) -> tuple:
        return tuple(HEPTAGONS[c] for c in self)

    def __str__(self):
        return "-".join(HEPTAGONS[c] for c in self)

    def __repr__(self):
        return f"evl.Move({str(self)!r})"


PLACE = tuple(Move((c,)) for c in range(NUM_CELLS))
MOVES: dict = {m: m for m in PLACE}  # every possible move, by its path tuple


def _build_trie(path):
    """Nodes ``(cell, move, children)`` for every simple extension of ``path``
    by one step, recursively up to MAX_HEIGHT steps."""
    if len(path) > MAX_HEIGHT:
        return ()
    nodes = []
    for c in NEIGHBOURS[path[-1]]:
        if c in path:
            continue
        ext = path + (c,)
        move = MOVES.setdefault(ext, Move(ext))
        nodes.append((c, move, _build_trie(ext)))
    return tuple(nodes)


TRIE = tuple(_build_trie((o,)) for o in range(NUM_CELLS))


def generate(board, seat: int, in_hand: int) -> list:
    """Every legal move for ``seat`` on ``board`` (a tuple of stack codes)."""
    moves: list = []
    append = moves.append
    if in_hand:
        can = PLACEABLE[seat]
        for c, code in enumerate(board):
            if can[code]:
                append(PLACE[c])
    own = UNSTACKABLE[seat]
    hts = [HEIGHT[code] for code in board]
    top = MAX_HEIGHT
    for o, code in enumerate(board):
        h = own[code]
        if not h:
            continue
        # A path of k steps (k <= h) drops one piece on each of its first
        # k - 1 heptagons (each must be below the top height) and lands
        # h - k + 1 on the last (unrolled for paths of up to 4 steps).
        for c1, m1, kids1 in TRIE[o]:
            h1 = hts[c1]
            if h1 + h <= top:
                append(m1)
            if h1 < top:
                for c2, m2, kids2 in kids1:
                    h2 = hts[c2]
                    if h2 + h <= top + 1:
                        append(m2)
                    if h >= 3 and h2 < top:
                        for c3, m3, kids3 in kids2:
                            h3 = hts[c3]
                            if h3 + h <= top + 2:
                                append(m3)
                            if h >= 4 and h3 < top:
                                for c4, m4, _ in kids3:
                                    if hts[c4] < top:
                                        append(m4)
    return moves


assert MAX_HEIGHT == 4, "generate() is unrolled for paths of up to 4 steps"


# ---------------------------------------------------------------------------
# Hashing

_rng = random.Random(0xE71)
Z_CELL = tuple(tuple(0 if code == EMPTY else _rng.getrandbits(64) for code in range(32))
               for _ in range(NUM_CELLS))
Z_MARK = tuple(tuple(_rng.getrandbits(64) for _ in range(2)) for _ in range(NUM_PENTAGONS))
Z_SIDE = _rng.getrandbits(64)


def initial_hash(board, marks, to_move: int) -> int:
    h = Z_SIDE if to_move else 0
    for c, code in enumerate(board):
        h ^= Z_CELL[c][code]
    for seat in (0, 1):
        for p in iter_bits(marks[seat]):
            h ^= Z_MARK[p][seat]
    return h


# ---------------------------------------------------------------------------
# The state

_UNKNOWN = False  # outcome not judged yet (needs the move list)


class EvlState(core.State):
    """An EVL position (immutable).

    ``board``: 28 stack codes (index = row * 7 + column - 1); ``marks``:
    ``(black_mask, white_mask)`` of pentagon bits; ``hands``: pieces in hand
    per seat (derived from the board, kept for speed)."""

    __slots__ = ("variant", "options", "board", "marks", "hands", "_to_move", "_hash",
                 "_moves", "_outcome", "_last", "_captured", "_ply", "_base", "_trail",
                 "_since")
    game_id = "evl"

    def __init__(self, variant, options, board, marks, to_move, hands=None, hash_=None,
                 outcome=_UNKNOWN, last=None, captured=0, ply=0, base=None, trail=(),
                 since=()):
        self.variant = variant
        # The repetition record: the state where the current run of unstacks
        # began (positions before a placement can never recur), the hashes
        # of the positions before each of those moves, and the moves.
        self._base = base
        self._trail = trail
        self._since = since
        self.options = options
        self.board = board
        self.marks = marks
        self._to_move = to_move
        if hands is None:
            total = options["pieces"]
            hands = (total - sum(COUNT[0][c] for c in board),
                     total - sum(COUNT[1][c] for c in board))
        self.hands = hands
        self._hash = initial_hash(board, marks, to_move) if hash_ is None else hash_
        self._moves = None
        self._last = last
        self._captured = captured
        self._ply = ply
        if outcome is _UNKNOWN:
            # A player with every marker on the board has won (the loader
            # makes sure it is the player who just moved).
            m = options["markers"]
            for seat in (0, 1):
                if marks[seat].bit_count() >= m:
                    outcome = self._win(seat)
        self._outcome = outcome

    # -- the protocol -------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self._to_move

    @property
    def ply(self) -> int:
        return self._ply

    def zobrist(self) -> int:
        return self._hash

    def legal_moves(self) -> list:
        if self._moves is None:
            if self._outcome:
                self._moves = []
            else:
                seat = self._to_move
                self._moves = generate(self.board, seat, self.hands[seat])
                if self._outcome is _UNKNOWN:
                    self._outcome = None if self._moves else self._stuck()
        return list(self._moves)

    def outcome(self):
        if self._outcome is _UNKNOWN:
            self.legal_moves()
        return self._outcome

    def play_unchecked(self, move) -> "EvlState":
        """The position after ``move``, which must be legal here (use
        :meth:`parse_move` for untrusted input)."""
        seat = self._to_move
        board = list(self.board)
        h = self._hash ^ Z_SIDE
        if len(move) == 1:
            c = move[0]
            old = board[c]
            new = PUSH[seat][old]
            board[c] = new
            h ^= Z_CELL[c][old] ^ Z_CELL[c][new]
            hands = (self.hands[0] - 1, self.hands[1]) if seat == 0 else \
                (self.hands[0], self.hands[1] - 1)
            return EvlState(self.variant, self.options, tuple(board), self.marks, seat ^ 1,
                            hands, h, _UNKNOWN, move, 0, self._ply + 1)
        # Unstack: lift the stack, drop its bottom piece on each heptagon it
        # leaves (except the origin), land the rest on the last heptagon.
        o = move[0]
        carried = board[o]
        board[o] = EMPTY
        zc = Z_CELL[o]
        h ^= zc[carried] ^ zc[EMPTY]
        last = len(move) - 1
        for i in range(1, last):
            c = move[i]
            old = board[c]
            new = PUSH[carried & 1][old]
            carried >>= 1
            board[c] = new
            zc = Z_CELL[c]
            h ^= zc[old] ^ zc[new]
        c = move[last]
        old = board[c]
        ht = HEIGHT[old]
        new = (old ^ (1 << ht)) | (carried << ht)
        board[c] = new
        zc = Z_CELL[c]
        h ^= zc[old] ^ zc[new]
        # Captures: a pentagon with two non-touching heptagons controlled by
        # the mover, one of which received a piece now.
        mine, theirs = self.marks[seat], self.marks[seat ^ 1]
        surrounded = 0
        for i in range(1, last + 1):
            c = move[i]
            if TOP[board[c]] == seat:
                for p, q in PARTNERS[c]:
                    if TOP[board[q]] == seat:
                        surrounded |= 1 << p
        surrounded &= ~mine
        captured = 0
        marks = self.marks
        if surrounded:
            left = self.options["markers"] - mine.bit_count()
            for p in iter_bits(surrounded):
                if not left:
                    break
                bit = 1 << p
                if theirs & bit:
                    theirs ^= bit
                    h ^= Z_MARK[p][seat ^ 1]
                mine |= bit
                h ^= Z_MARK[p][seat]
                captured |= bit
                left -= 1
            marks = (mine, theirs) if seat == 0 else (theirs, mine)
        # (The new state sees a full set of markers and records the win.)
        trail = self._trail + (self._hash,)
        state = EvlState(self.variant, self.options, tuple(board), marks, seat ^ 1,
                         self.hands, h, _UNKNOWN, move, captured, self._ply + 1,
                         self._base or self, trail, self._since + (move,))
        if state._outcome is _UNKNOWN and trail.count(h) >= 2:  # no marker win
            state._outcome = state._repeated()
        return state

    # -- for the computer player (see gamut.evl_eval) ---------------------------
    search_kind = "alphabeta"
    search_speed = 20_000  # nodes/s in CPython (gamut.ai.Level turns time into nodes)
    eval_scale = 1300.0  # score worth ~73 % to win (bench/calibrate_eval.py)

    def evaluate(self) -> int:
        return core.companion("evl_eval").evaluate(self)

    def move_order_keys(self, moves) -> list:
        key = core.companion("evl_eval").move_order_key
        return [key(self, m) for m in moves]

    def _win(self, seat: int) -> Outcome:
        m = self.options["markers"]
        return Outcome(seat, f"{COLOUR_NAMES[seat]} wins: all {m} markers are on the board",
                       self._pentagon_names(seat))

    def repetitions(self) -> int:
        """How many times this position has occurred (this time included)."""
        return self._trail.count(self._hash) + 1

    def _repeated(self) -> Outcome:
        """The outcome when a position occurs for the third time."""
        return self._by_pentagons("the same position occurred a third time")

    def _stuck(self) -> Outcome:
        """The outcome when the player to move can neither place nor unstack."""
        return self._by_pentagons(f"{COLOUR_NAMES[self._to_move]} can neither place nor unstack")

    def _by_pentagons(self, why: str) -> Outcome:
        """The game ends for ``why``: more pentagons wins, equal is a draw."""
        nb, nw = self.marks[0].bit_count(), self.marks[1].bit_count()
        score = f"Black {nb} pentagon{'s' * (nb != 1)}, White {nw}"
        if nb == nw:
            return Outcome(None, f"Draw: {why}; {score}")
        winner = BLACK if nb > nw else WHITE
        return Outcome(winner, f"{COLOUR_NAMES[winner]} wins: {why}; {score}",
                       self._pentagon_names(winner))

    def _pentagon_names(self, seat: int) -> tuple:
        return tuple(PENTAGONS[p] for p in iter_bits(self.marks[seat]))

    # -- queries ---------------------------------------------------------------
    def stack(self, cell: str) -> list:
        """The seats on heptagon ``cell``, bottom to top."""
        return stack_seats(self.board[CELL_INDEX[cell]])

    def marker(self, pentagon: str):
        """The seat whose marker is on ``pentagon``, or None."""
        bit = 1 << PENTAGON_INDEX[pentagon]
        return 0 if self.marks[0] & bit else 1 if self.marks[1] & bit else None

    def captured(self) -> tuple:
        """Pentagons that the last move put the mover's marker on."""
        return tuple(PENTAGONS[p] for p in iter_bits(self._captured))

    # -- words (gamut.words) ----------------------------------------------------
    def move_words(self, move, after) -> str:
        """``Black places on b3, a stack of 2``; ``White unstacks 3 from b3:
        a Black piece left on b4, 2 land on c4, a stack of 3 topped by White;
        takes ab3 and bc4 (from Black); 7 of 10 markers placed``."""
        seat = self._to_move
        who = COLOUR_NAMES[seat]
        if len(move) == 1:
            c = move[0]
            height = HEIGHT[after.board[c]]
            return f"{who} places on {HEPTAGONS[c]}" + (
                f", a stack of {height}" if height > 1 else "")
        o = move[0]
        carried = HEIGHT[self.board[o]]
        parts = [f"{who} unstacks {carried} from {HEPTAGONS[o]}"]
        left = []
        for c in move[1:-1]:
            left.append(f"a {COLOUR_NAMES[after.board[c] >> (HEIGHT[after.board[c]] - 1) & 1]} "
                        f"piece left on {HEPTAGONS[c]}")
            carried -= 1
        end = move[-1]
        code = after.board[end]
        left.append(f"{carried} land{'s' if carried == 1 else ''} on {HEPTAGONS[end]}, "
                    + (f"a stack of {HEIGHT[code]} topped by {COLOUR_NAMES[TOP[code]]}"
                       if HEIGHT[code] > 1 else f"a {COLOUR_NAMES[TOP[code]]} piece"))
        parts.append(", ".join(left))
        taken = after._captured
        if taken:
            theirs = self.marks[seat ^ 1]
            names = [PENTAGONS[p] + (f" (from {COLOUR_NAMES[seat ^ 1]})" if theirs >> p & 1 else "")
                     for p in iter_bits(taken)]
            parts.append(f"takes {_and_list(names)}; {after.marks[seat].bit_count()} of "
                         f"{self.options['markers']} markers placed")
        return ": ".join(parts[:2]) + ("; " + parts[2] if len(parts) > 2 else "")

    def threat_words(self) -> str:
        """Said when the player to move now has no piece in hand (they must
        unstack)."""
        if self.outcome() is not None or self.hands[self._to_move]:
            return ""
        return f"{COLOUR_NAMES[self._to_move]} has no pieces in hand and must unstack"

    def score_words(self, view) -> str:
        """Markers placed, pieces in hand and stacks controlled, per side."""
        m = self.options["markers"]
        out = []
        for seat in (0, 1):
            stacks = sum(1 for code in self.board if code != EMPTY and TOP[code] == seat)
            out.append(f"{COLOUR_NAMES[seat]}: {self.marks[seat].bit_count()} of {m} markers "
                       f"placed, {self.hands[seat]} pieces in hand, controls {stacks} "
                       f"stack{'s' if stacks != 1 else ''}")
        return "; ".join(out)

    # -- notation --------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        if not isinstance(text, str):
            raise IllegalMoveError("a move must be text such as 'b3' or 'b3-b4-c4'")
        t = text.strip().lower()
        cells = []
        for part in t.split("-"):
            part = part.strip()
            if part in CELL_INDEX:
                cells.append(CELL_INDEX[part])
            elif part in PENTAGON_INDEX:
                raise IllegalMoveError(
                    f"{part} is a pentagon: pieces go only on heptagons (a1 to d7); "
                    "pentagons are won by surrounding them")
            else:
                raise IllegalMoveError(
                    f"cannot read move {excerpt(text)}: write a placement as a heptagon (b3) or an "
                    "unstack as its path (b3-b4-c4); heptagons run from a1 to d7")
        if self.outcome() is not None:
            raise IllegalMoveError(f"the game is over ({self._outcome.reason})")
        move = MOVES.get(tuple(cells))
        if move is not None and move in self.legal_moves():
            return move
        raise IllegalMoveError(self._explain(cells))

    def why_illegal(self, clicks) -> str:
        if self.outcome() is not None:
            return f"The game is over ({self._outcome.reason})."
        cells = []
        for click in clicks:
            if click in PENTAGON_INDEX:
                return (f"{click} is a pentagon: pieces go only on heptagons; pentagons are "
                        "won by surrounding them with an unstack.")
            if click not in CELL_INDEX:
                return "Click a heptagon to place a piece, or one of your stacks to unstack it."
            cells.append(CELL_INDEX[click])
        if not cells:
            return "Click a heptagon to place a piece, or one of your stacks to unstack it."
        text = self._explain(cells)
        return text[0].upper() + text[1:]

    def _explain(self, cells: list) -> str:
        """Why the move visiting ``cells`` (indices) is not legal here."""
        seat = self._to_move
        name, other = COLOUR_NAMES[seat], COLOUR_NAMES[seat ^ 1]
        board = self.board
        o = cells[0]
        oname = HEPTAGONS[o]
        code = board[o]
        height, top = HEIGHT[code], TOP[code]
        legal = self.legal_moves()
        if tuple(cells) in legal:
            return f"{'-'.join(HEPTAGONS[c] for c in cells)} is a legal move."
        can_unstack = UNSTACKABLE[seat][code] and any(m[0] == o for m in legal)
        if len(cells) == 1:
            hint = (f" To unstack the stack on {oname}, go on to the heptagons of its path."
                    if can_unstack else "")
            if not self.hands[seat]:
                return f"{name} has no pieces left in hand and must unstack." + hint
            if height and top != seat:
                return (f"{oname} is controlled by {other} (top piece); you may place only on an "
                        "empty heptagon or on a stack you control.")
            if height >= MAX_HEIGHT:
                return (f"{oname} already holds {MAX_HEIGHT} pieces; no stack may be taller than "
                        f"{MAX_HEIGHT}." + hint)
            return f"{oname} is not a legal placement."
        if not height:
            return f"{oname} is empty: an unstack starts on a stack {name} controls."
        if top != seat:
            return (f"the stack on {oname} is controlled by {other} (top piece); you may unstack "
                    "only a stack you control.")
        if height == 1:
            return (f"{oname} holds a single piece, which is not a stack; only stacks of 2 or "
                    "more can be unstacked.")
        steps = len(cells) - 1
        if steps > height:
            return (f"a stack of {height} moves at most {height} heptagons; this path has "
                    f"{steps} steps.")
        for i in range(1, len(cells)):
            c, prev = cells[i], cells[i - 1]
            if c in cells[:i]:
                if c == o:
                    return (f"the path returns to {oname}, where it started; a path may not "
                            "visit a heptagon twice.")
                return (f"the path visits {HEPTAGONS[c]} twice; a path may not visit a "
                        "heptagon twice.")
            if c not in NEIGHBOURS[prev]:
                return (f"{HEPTAGONS[prev]} and {HEPTAGONS[c]} do not touch; each step of an "
                        "unstack goes to an adjacent heptagon.")
        for c in cells[1:-1]:
            if HEIGHT[board[c]] >= MAX_HEIGHT:
                return (f"{HEPTAGONS[c]} holds {MAX_HEIGHT} pieces: dropping a piece there "
                        f"would make {MAX_HEIGHT + 1}, so a stack of {MAX_HEIGHT} cannot be "
                        "crossed.")
        last = cells[-1]
        landing = height - steps + 1
        lh = HEIGHT[board[last]]
        text = (f"landing {landing} piece{'s' * (landing != 1)} on {HEPTAGONS[last]} (height "
                f"{lh}) would make a stack of {lh + landing}; no stack may be taller than "
                f"{MAX_HEIGHT}.")
        n = len(cells)
        if any(len(m) > n and list(m[:n]) == cells for m in legal):
            text += f" The path can go on from {HEPTAGONS[last]}."
        return text

    # -- codecs ---------------------------------------------------------------
    def board_text(self) -> str:
        rows = []
        for r in range(4):
            row = self.board[r * 7: r * 7 + 7]
            rows.append(_run_length(["" if code == EMPTY else _stack_text(code) for code in row]))
        return "/".join(rows)

    def marks_text(self) -> str:
        bands = []
        for b in range(3):
            items = []
            for p in range(b * 6, b * 6 + 6):
                bit = 1 << p
                items.append("b" if self.marks[0] & bit else "w" if self.marks[1] & bit else "")
            bands.append(_run_length(items))
        return "/".join(bands)

    def to_text(self) -> str:
        text = (f"{self.header()} {self.board_text()} {self.marks_text()} "
                f"{COLOUR_LETTERS[self._to_move]}")
        if self.hands != self.full_hands():
            text += f" hands={self.hands[0]},{self.hands[1]}"
        if self._since:
            base = self._base
            text += (f" history={base.board_text()}:{base.marks_text()}:"
                     f"{COLOUR_LETTERS[base._to_move]}:" + ",".join(map(str, self._since)))
        return text

    def key(self) -> tuple:
        return (self.variant, tuple(self.options.items()), self.board, self.marks,
                self._to_move, self.hands, self._since)

    def full_hands(self) -> tuple:
        """The hands of a game played from the start: every piece not on the board."""
        total = self.options["pieces"]
        return (total - sum(COUNT[0][c] for c in self.board),
                total - sum(COUNT[1][c] for c in self.board))

    def view(self) -> dict:
        m = self.options["markers"]
        pieces = []
        for c, code in enumerate(self.board):
            if code != EMPTY:
                pieces.append(_piece(c, code))
        markers = [{"cell": PENTAGONS[p], "owner": seat}
                   for seat in (0, 1) for p in iter_bits(self.marks[seat])]
        markers.sort(key=lambda d: PENTAGON_INDEX[d["cell"]])
        counters = []
        for seat in (0, 1):
            counters.append({"owner": seat, "label": "in hand", "value": self.hands[seat]})
            counters.append({"owner": seat, "label": f"markers placed (of {m})",
                             "value": self.marks[seat].bit_count()})
        moves = []
        legal = self.legal_moves()
        # First clicks shared by a placement and an unstack: the placement
        # waits for confirmation there, so its button says what it does.
        unstack_starts = {move[0] for move in legal if len(move) > 1}
        seat = self._to_move
        for move in legal:
            entry: dict = {"text": str(move), "clicks": list(move.cells)}
            if len(move) > 1:
                after = self.play_unchecked(move)
                captures = list(after.captured())
                entry["label"] = f"Unstack {move}" + (
                    f", taking {_and_list(captures)}" if captures else "")
                # The generic preview: what the path changes (its heptagons,
                # the origin left empty) and the markers it would place.
                entry["preview"] = {
                    "cells": list(move.cells) + captures,
                    "pieces": [_piece(c, after.board[c]) for c in move
                               if after.board[c] != EMPTY],
                    "markers": [{"cell": p, "owner": seat} for p in captures],
                }
            elif move[0] in unstack_starts:
                height = HEIGHT[self.board[move[0]]]
                entry["label"] = f"Place on {move} (stack of {height + 1})"
            moves.append(entry)
        highlights = []
        if self._captured:
            highlights.append({"kind": "capture", "cells": list(self.captured())})
        outcome = self.outcome()
        if outcome is not None and outcome.cells:
            highlights.append({"kind": "win", "cells": list(outcome.cells)})
        messages = []
        if self._captured and self._last is not None:
            mover = COLOUR_NAMES[self._to_move ^ 1]
            messages.append(f"{mover} captured {_and_list(self.captured())}.")
        if outcome is not None:
            messages.append(outcome.reason + ".")
        elif not self.hands[self._to_move]:
            messages.append(f"{COLOUR_NAMES[self._to_move]} has no pieces in hand and must "
                            "unstack.")
        return {
            "game": "evl", "variant": self.variant,
            "options": self.options_json(),
            "title": "EVL",
            "players": [{"name": "Black", "color": "black"}, {"name": "White", "color": "white"}],
            "to_move": self._to_move,
            "ply": self._ply,
            "board": board_view(),
            "pieces": pieces,
            "markers": markers,
            "counters": counters,
            "last_move": list(self._last.cells) if self._last is not None else [],
            "highlights": highlights,
            "annotations": [],
            "palette": [],
            "moves": moves,
            "outcome": outcome.to_json() if outcome else None,
            "messages": messages,
        }


def _piece(c: int, code: int) -> dict:
    """The view of the stack ``code`` on heptagon index ``c`` (not empty);
    heights of 2 and more are written on the top piece."""
    piece = {"cell": HEPTAGONS[c], "owner": TOP[code], "stack": stack_seats(code)}
    if HEIGHT[code] > 1:
        piece["label"] = str(HEIGHT[code])
    return piece


def _and_list(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _stack_text(code: int) -> str:
    letters = "".join(COLOUR_LETTERS[s] for s in stack_seats(code))
    return letters if len(letters) == 1 else f"({letters})"


def _run_length(items) -> str:
    """Items ("" = empty) with runs of empties written as digits."""
    out, run = "", 0
    for item in items:
        if item:
            out += (str(run) if run else "") + item
            run = 0
        else:
            run += 1
    return out + (str(run) if run else "")


def _centroid(points):
    a = cx = cy = 0
    n = len(points)
    for i in range(n):
        x0, y0 = points[i]
        x1, y1 = points[(i + 1) % n]
        cross = x0 * y1 - x1 * y0
        a += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return round(cx / (3 * a), 2), round(cy / (3 * a), 2)


_CENTRES = {name: _centroid(pts) for name, pts in geometry.POLYGONS.items()}


def board_view() -> dict:
    """The ``board`` part of the view: every heptagon and pentagon a polygon."""
    cells = []
    for name in HEPTAGONS + PENTAGONS:
        x, y = _CENTRES[name]
        cells.append({"id": name, "x": x, "y": y,
                      "points": [list(p) for p in geometry.POLYGONS[name]],
                      "shape": "heptagon" if name in CELL_INDEX else "pentagon"})
    return {"kind": "polygons", "width": geometry.WIDTH, "height": geometry.HEIGHT,
            "cells": cells, "files": [], "ranks": [], "edges": []}


# ---------------------------------------------------------------------------
# Reading positions

def _parse_runs(text: str, size: int, what: str, stacks: bool) -> list:
    """Split a row/band written by :func:`_run_length` into ``size`` items
    ("" for empty); stacks in parentheses are allowed when ``stacks``."""
    items = []
    i, n = 0, len(text)
    prev_digit = False
    while i < n:
        ch = text[i]
        if ch in "123456789":
            if prev_digit:
                raise PositionError(f"{what}: write a run of empty cells as one digit")
            items.extend([""] * int(ch))
            prev_digit = True
            i += 1
            continue
        prev_digit = False
        if ch in "bw":
            items.append(ch)
            i += 1
        elif ch == "(" and stacks:
            end = text.find(")", i)
            inner = text[i + 1:end] if end > 0 else ""
            if end < 0 or not inner or any(x not in "bw" for x in inner):
                raise PositionError(f"{what}: a stack is written like (bww), bottom to top")
            if len(inner) < 2:
                raise PositionError(f"{what}: write a single piece without parentheses")
            if len(inner) > MAX_HEIGHT:
                raise PositionError(f"{what}: the stack {excerpt('(' + inner + ')')} is taller "
                                    f"than {MAX_HEIGHT}")
            items.append(inner)
            i = end + 1
        else:
            raise PositionError(f"{what}: unexpected {excerpt(ch)}")
        if len(items) > size:
            break
    if len(items) != size:
        raise PositionError(f"{what} must describe exactly {size} cells, not {len(items)}")
    return items


def load_body(header, body: str) -> EvlState:
    fields = body.split()
    history = None
    if len(fields) >= 4 and fields[-1].startswith("history="):
        history = fields.pop()[len("history="):]
    hands = None
    if len(fields) == 4 and fields[3].startswith("hands="):
        hands = _parse_hands(fields.pop()[len("hands="):])
    if len(fields) != 3:
        raise PositionError("an EVL position is '<heptagon rows a/b/c/d> <pentagon bands "
                            "ab/bc/cd> <b|w> [hands=<black>,<white>] [history=...]'")
    if history is not None:
        return _load_with_history(header, fields, hands, history)
    return _load_plain(header, fields, hands)


def _parse_hands(text: str) -> tuple:
    parts = text.split(",")
    if len(parts) != 2 or not all(p.isdigit() and p.isascii() and len(p) <= 3 for p in parts):
        raise PositionError(f"hands= gives Black's and White's pieces in hand, e.g. hands=3,5, "
                            f"not {excerpt(text)}")
    return int(parts[0]), int(parts[1])


def _load_plain(header, fields: list, hands: tuple | None) -> EvlState:
    rows = fields[0].split("/")
    if len(rows) != 4:
        raise PositionError("the heptagons need 4 rows (a/b/c/d) separated by '/'")
    cells: list[int] = []
    for r, row in enumerate(rows):
        for item in _parse_runs(row, 7, f"row {'abcd'[r]}", True):
            cells.append(stack_code(["bw".index(ch) for ch in item]))
    bands = fields[1].split("/")
    if len(bands) != 3:
        raise PositionError("the pentagons need 3 bands (ab/bc/cd) separated by '/'")
    marks = [0, 0]
    for b, band in enumerate(bands):
        for k, item in enumerate(_parse_runs(band, 6, f"band {geometry.BANDS[b]}", False)):
            if item:
                marks["bw".index(item)] |= 1 << (b * 6 + k)
    if fields[2] not in ("b", "w"):
        raise PositionError(f"the side to move must be 'b' or 'w', not {excerpt(fields[2])}")
    to_move = "bw".index(fields[2])
    board = tuple(cells)
    total, m = header.options["pieces"], header.options["markers"]
    counts = [sum(COUNT[s][c] for c in board) for s in (0, 1)]
    for seat in (0, 1):
        name = COLOUR_NAMES[seat]
        if counts[seat] > total:
            raise PositionError(f"{name} has {counts[seat]} pieces on the board but only "
                                f"{total} in all")
        if marks[seat].bit_count() > m:
            raise PositionError(f"{name} has {marks[seat].bit_count()} markers on the board but "
                                f"only {m}")
    # Black's first move and White's first move are placements.
    if counts[0] == 0 and (counts[1] or to_move == WHITE):
        raise PositionError("Black moves first and starts with a placement, so Black must have "
                            "a piece on the board")
    if counts[1] == 0 and counts[0] and to_move == BLACK:
        raise PositionError("White's first move is a placement, so with Black to move White "
                            "must have a piece on the board")
    if (marks[0] or marks[1]) and counts[0] + counts[1] < 2:
        raise PositionError("markers are won by unstacking, which needs a stack on the board")
    for seat in (0, 1):
        if marks[seat].bit_count() == m and to_move == seat:
            raise PositionError(f"{COLOUR_NAMES[seat]} has all {m} markers on the board, so the "
                                f"game ended on {COLOUR_NAMES[seat]}'s move and it cannot be "
                                f"{COLOUR_NAMES[seat]}'s turn")
    full = (total - counts[0], total - counts[1])
    if hands is not None:
        for seat in (0, 1):
            if hands[seat] > full[seat]:
                raise PositionError(
                    f"{COLOUR_NAMES[seat]} has {counts[seat]} pieces on the board and "
                    f"{hands[seat]} in hand: {counts[seat] + hands[seat]}, more than the {total} "
                    "each player has")
        if hands == full:
            raise PositionError("hands= is written only when a hand holds fewer than the rest "
                                "of its player's pieces")
    return EvlState(header.variant, header.options, board, (marks[0], marks[1]), to_move,
                    hands or full)


def _load_with_history(header, fields, hands, history: str) -> EvlState:
    """A position with its run of reversible moves: replay them from where
    the run began (checking each; unstacks leave the hands as they are) and
    make sure they lead to this position."""
    parts = history.split(":")
    if len(parts) != 4 or not parts[3]:
        raise PositionError("history is '<rows>:<bands>:<b|w>:<path>,<path>,...'")
    state = _load_plain(header, parts[:3], hands)
    for text in parts[3].split(","):
        try:
            move = state.parse_move(text)
        except IllegalMoveError as exc:
            raise PositionError(f"history move {excerpt(text)} is illegal: {exc}") from None
        if move.is_placement:
            raise PositionError(f"history move {excerpt(text)} is a placement; the history holds "
                                "only the unstacks since the last placement")
        state = state.play_unchecked(move)
    current = _load_plain(header, fields, hands)
    if (state.board, state.marks, state._to_move) != (current.board, current.marks,
                                                      current._to_move):
        raise PositionError("the history does not lead to this position")
    return state


# ---------------------------------------------------------------------------
# Setting up a position by hand (gamut.setup)

def setup_palette(variant: str, options: dict) -> dict:
    """Pieces stack on heptagons (bottom to top, in the order put down);
    a marker stands alone on a pentagon; each hand holds, unless set, every
    piece of its player not on the board."""
    heptagons, pentagons = list(HEPTAGONS), list(PENTAGONS)
    return {"items": [
        {"id": "b", "label": "Black piece", "owner": BLACK, "kind": "piece", "stacks": True,
         "cells": heptagons},
        {"id": "w", "label": "White piece", "owner": WHITE, "kind": "piece", "stacks": True,
         "cells": heptagons},
        {"id": "mb", "label": "Black marker", "owner": BLACK, "kind": "marker",
         "stacks": False, "cells": pentagons},
        {"id": "mw", "label": "White marker", "owner": WHITE, "kind": "marker",
         "stacks": False, "cells": pentagons},
    ], "counts": [{"id": f"hand-{seat}", "owner": seat, "label": "in hand",
                   "total": options["pieces"]} for seat in (BLACK, WHITE)]}


def setup_describe(state: EvlState) -> dict:
    cells: dict = {}
    for c, code in enumerate(state.board):
        if code != EMPTY:
            cells[HEPTAGONS[c]] = [COLOUR_LETTERS[x] for x in stack_seats(code)]
    for seat in (BLACK, WHITE):
        for p in iter_bits(state.marks[seat]):
            cells[PENTAGONS[p]] = ["m" + COLOUR_LETTERS[seat]]
    full = state.full_hands()
    counts = {f"hand-{seat}": (None if state.hands[seat] == full[seat] else state.hands[seat])
              for seat in (BLACK, WHITE)}
    return {"to_move": state.to_move, "cells": cells, "counts": counts}


def setup_compose(header, setup: dict) -> EvlState:
    """Stacks of at most 4, no more pieces or markers than a player has; the
    loader's own rules (who can have moved, markers need an unstack) too."""
    options = header.options
    total, m = options["pieces"], options["markers"]
    board = [EMPTY] * NUM_CELLS
    marks = [0, 0]
    for name, stack in setup["cells"].items():
        if name in PENTAGON_INDEX:
            marks["bw".index(stack[0][1])] |= 1 << PENTAGON_INDEX[name]
            continue
        if len(stack) > MAX_HEIGHT:
            raise core.SetupError(f"the stack on {name} has {len(stack)} pieces; no stack may "
                                  f"be taller than {MAX_HEIGHT}")
        board[CELL_INDEX[name]] = stack_code(["bw".index(x) for x in stack])
    state = EvlState(header.variant, options, tuple(board), (marks[0], marks[1]),
                     setup["to_move"], outcome=None)
    full = state.full_hands()
    hands = []
    for seat in (BLACK, WHITE):
        name = COLOUR_NAMES[seat]
        on_board = total - full[seat]
        if on_board > total:
            raise core.SetupError(f"too many pieces: {name} has {on_board} on the board, but "
                                  f"a player has {total} pieces in all")
        if marks[seat].bit_count() > m:
            raise core.SetupError(f"too many markers: {name} has {marks[seat].bit_count()} on "
                                  f"the board, but a player has {m}")
        hand = setup["counts"][f"hand-{seat}"]
        if hand is not None and hand > full[seat]:
            raise core.SetupError(f"too many pieces: {name} has {on_board} on the board and "
                                  f"{hand} in hand, {on_board + hand} in all, but a player has "
                                  f"{total}")
        hands.append(full[seat] if hand is None else hand)
    fields = [state.board_text(), state.marks_text(), COLOUR_LETTERS[setup["to_move"]]]
    if tuple(hands) != full:
        fields.append(f"hands={hands[0]},{hands[1]}")
    return load_body(header, " ".join(fields))


def start(variant: str, options: dict) -> EvlState:
    return EvlState(variant, options, (EMPTY,) * NUM_CELLS, (0, 0), BLACK)


INFO = core.register(core.GameInfo(
    id="evl",
    name="EVL",
    description="Stack and unstack on heptagons to surround pentagons; the first "
                "to place all markers wins.",
    variants=(
        core.VariantInfo("standard", "Standard",
                         "28 heptagons in four rows around 18 pentagons."),
    ),
    options=(
        core.OptionSpec("pieces", "Pieces per player", (16, 20, 24), 20,
                        "Pieces each player starts with in hand."),
        core.OptionSpec("markers", "Markers to win", (10, 12), 10,
                        "Pentagon markers each player has; placing all of them wins."),
    ),
    factory=start,
    loader=load_body,
    editor=core.Editor(setup_palette, setup_describe, setup_compose),
))
