"""Escabel: a drawless connection game of stacks and crosscuts.

The rules, as settled by docs/RULES.md (Escabel)
------------------------------------------------
Play is on the points of an n x n grid (5 to 13, default 7).  The top and
bottom edges are Black's, the left and right edges White's; a corner point
belongs to both edges.  A *stack* is one or more pieces on a point: its
colour is the colour of its top piece, its height the number of pieces.

A *crosscut* is a 2x2 block of points whose stacks are two diagonal Black
stacks and two diagonal White stacks.  Two stacks of one colour are
*connected* when

(a) they are orthogonally or diagonally adjacent and not both in one
    crosscut (orthogonal neighbours never are, so only diagonals can fail);
(b) they are both in one crosscut and both higher than the lower enemy
    stack of it; or
(c) they are both in one crosscut, the lower of them is exactly as high as
    the lower enemy stack, and the higher of them is higher than the higher
    enemy stack.

Put differently: in a crosscut, the diagonal whose (lower, higher) pair of
heights is lexicographically larger is connected and the other is cut; with
equal pairs both are cut.  So two chains can never cross.

A turn is one of:

* place a piece of your colour on an empty point (``d4``);
* move the top piece of one of your stacks onto an orthogonally adjacent
  enemy stack of the same height, then put a piece of the opponent's colour
  on the stack you moved from (``d4>d5``): the target becomes yours and one
  higher, the source the opponent's at the same height;
* with the pie rule (default on), on White's first turn only: ``swap``.  The
  board stays, the players exchange colours, and it is White's turn again,
  now played by the player who opened.

Black moves first.  At the start of a player's turn: if the player has a
connected chain of their colour touching both of their edges, they win;
otherwise, if they have no move, they lose.  A move can therefore complete
the *opponent's* chain (it wins at the start of the opponent's turn), and a
chain completed by its owner counts only if the reply does not break it.

Variant ``checkered`` starts with the board full of single pieces in a
checkered pattern: point a1, and every point whose file + rank is even,
holds the colour of option ``corners``.

Seats and colours
-----------------
Seat 0 ("Player 1") moves first and starts as Black.  After ``swap`` seat 0
holds White and seat 1 Black.  ``to_move`` is always a seat; the colour it
plays is ``to_move ^ swapped``.  Outcomes name seats.

Representation (built for search)
---------------------------------
Points are bits of int bitboards laid out with a stride of ``n + 1``: bit
``rank * (n + 1) + file``, the extra column is always empty so that shifting
a bitboard by 1, n, n + 1 or n + 2 never wraps a row.  A position is two
bitboards of stack tops (``black``, ``white``), one bitboard per height
(``levels[h]``), and a tuple ``codes`` with one int per point giving the
whole stack: bit ``h`` is a sentinel (``h`` = height) and bits ``0 .. h-1``
the colours of the pieces from the bottom (1 = White).  A stack's
composition below the top never matters to the rules; it is kept for the
view (and is part of equality), but the zobrist hash covers only tops,
heights, the seat to move and the swap, so transpositions of play merge.

Move generation is bitboard arithmetic: the move actions onto the east are
``own_h & (enemy_h >> 1)`` for each height ``h``, and so on.  The win test
runs once per position (at the start of a turn), for the player to move
only: a cheap rejection (every rank, resp. file, must hold a stack of the
colour), then a bitboard flood fill from the first edge in which the eight
neighbour shifts are masked by the few crosscut diagonals that are cut.

Moves are preallocated ``int`` values: ``size << 11`` plus the point index
for a placement, ``1024 + 4 * from + direction`` for a move action, and
``2047`` for the swap.

The modules
-----------
:mod:`.board` (geometry, move and stack codes, Zobrist keys),
:mod:`.connection` (crosscuts and winning chains), :mod:`.state` (the
position, :class:`~.state.EscabelState`), :mod:`.display` (the page's
view), :mod:`.positions` (start positions, position texts read back),
:mod:`.editor` (setting a position up by hand), :mod:`.english` (its
words in English) and :mod:`.evaluation` (the computer player's, imported
on first use).
"""

from __future__ import annotations

from ... import core
from .editor import setup_compose, setup_describe, setup_palette
from .english import ENGLISH
from .positions import load_body, start

INFO = core.register(
    core.GameInfo(
        id="escabel",
        name="Escabel",
        description="Place and climb stacks on the points of a grid; connect your two "
        "edges with a chain that survives the crosscuts.",
        variants=(
            core.VariantInfo("standard", "Standard", "An empty board."),
            core.VariantInfo(
                "checkered", "Checkered", "The board starts full of single pieces in a checkered pattern."
            ),
        ),
        options=(
            core.OptionSpec(
                "size", "Board size", tuple(range(5, 14)), 7, "Points on each side of the board."
            ),
            core.OptionSpec(
                "pie",
                "Pie rule",
                (True, False),
                True,
                "On White's first turn, White may swap sides instead of moving.",
            ),
            core.OptionSpec(
                "corners",
                "Corner colour",
                ("black", "white"),
                "black",
                "Colour of all four corners in the checkered setup.",
                variants=("checkered",),
                # on even sizes the two setups are mirror images: one is offered
                when=(("size", tuple(str(n) for n in range(5, 14, 2))),),
            ),
        ),
        factory=start,
        loader=load_body,
        editor=core.Editor(setup_palette, setup_describe, setup_compose),
        package=__name__,
        english=ENGLISH,  # (its own words, merged into gamut.messages.ENGLISH)
        draws=False,  # ESC-5: a player with no move loses; there are no draws
    )
)
