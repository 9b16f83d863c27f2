"""Positions and moves in words, for players who listen instead of look.

A screen reader cannot see the board, so the page says every move in a
sentence ("White b1 takes d3", "Blue writes 5 on c4, threatens c5 with 3")
and answers questions about the position typed in its move box ("pieces
white", "rank 3", "last", "turn", "score").  Those words are rules
knowledge, so they come from here and from the games, never from the page:

Every function here gives a message (:mod:`gamut.messages`), which the
page says in the player's language; ``str()`` of a message is its English,
for the command line and the tests.  By role:

* :mod:`.moves` -- :func:`said_move`, a legal move of a position in words
  with what it leads to (the game's own phrase for the move, then the
  outcome when the move ends the game, else what the mover now threatens),
  and :func:`turn_said`, whose turn it is.
* :mod:`.board` -- the board read from the position's view: a cell
  (:func:`cell_said`), a line, a player's pieces (:func:`piece_cells_said`),
  the legal moves.
* :mod:`.commands` -- :func:`read_said`, the answer to a reading command,
  and :func:`entry`, what the move box does with a line of text: a command
  is answered, anything else is read as a move of the position (an
  :class:`~gamut.core.IllegalMoveError` says why it is not one).
* :mod:`.evaluation` -- :func:`score_said`, :func:`forced_win_said`,
  :func:`simulation_said`: the computer's evaluation of a position, as the
  page shows it while the computer thinks (the bridge's ``think`` job).

Commands (case and extra spaces do not matter)::

    turn                 whose turn it is (or how the game ended)
    last                 the last move, in words
    score                the game's counts (pieces, groups, markers, ...)
    pieces <player>      every cell of a player's, e.g. "pieces white", "pieces 2"
    rank 3 / row b / file c / column 4
                         a line of the board, cell by cell (runs of empty cells in one)
    cell d4              one cell
    moves / moves b1     the legal moves (those whose first cell is b1)
    help                 this list
"""

from __future__ import annotations

from .board import cell_said, piece_cells_said
from .commands import COMMANDS, LINE_WORDS, entry, read_said
from .common import CommandError
from .evaluation import THINKING, WORD_STEPS, forced_win_said, score_said, simulation_said
from .moves import said_move, turn_said

__all__ = [
    "COMMANDS",
    "LINE_WORDS",
    "THINKING",
    "WORD_STEPS",
    "CommandError",
    "cell_said",
    "entry",
    "forced_win_said",
    "piece_cells_said",
    "read_said",
    "said_move",
    "score_said",
    "simulation_said",
    "turn_said",
]
