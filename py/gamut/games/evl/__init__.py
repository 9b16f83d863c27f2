"""EVL: stacking and unstacking on a board of heptagons and pentagons.

The rules, as settled by docs/RULES.md (EVL)
--------------------------------------------
The board (see :mod:`.geometry`) has 28 heptagons ``a1``-``d7`` in four
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

Decisions where docs/RULES.md is silent
---------------------------------------
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

The modules
-----------
:mod:`.geometry` (the board as data: cells, contacts, polygons),
:mod:`.board` (the tables and move generation built from it), :mod:`.state`
(the position, :class:`~.state.EvlState`), :mod:`.display` (the page's
view), :mod:`.positions` (start position, position texts read back),
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
        id="evl",
        name="EVL",
        description="Stack and unstack on heptagons to surround pentagons; the first "
        "to place all markers wins.",
        variants=(
            core.VariantInfo("standard", "Standard", "28 heptagons in four rows around 18 pentagons."),
        ),
        options=(
            core.OptionSpec(
                "pieces", "Pieces per player", (16, 20, 24), 20, "Pieces each player starts with in hand."
            ),
            core.OptionSpec(
                "markers",
                "Markers to win",
                (10, 12),
                10,
                "Pentagon markers each player has; placing all of them wins.",
            ),
        ),
        factory=start,
        loader=load_body,
        editor=core.Editor(setup_palette, setup_describe, setup_compose),
        package=__name__,
        english=ENGLISH,  # (its own words, merged into gamut.messages.ENGLISH)
        draws=True,  # EVL-6, EVL-7: equal pentagons at the end is a draw
    )
)
