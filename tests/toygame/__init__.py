"""Tic-tac-toe, a game written only for the tests: it plugs into Gamut the
way a new game would, through :func:`gamut.core.register` of its
:data:`INFO`, and nothing outside this folder knows it.  The tests
(``test_toygame.py``) register it for a while and then unregister it, and
run it through the bridge, perft, every search level, the analysis, the
records and the view check: what it needed is the whole contract.

The package is a game package like ``gamut.games.<id>``: :mod:`.state`
holds the rules and the position, :mod:`.evaluation` the computer player's
knowledge (imported on first use, found through ``INFO.package``).
"""

from __future__ import annotations

from gamut import core

from .state import load_body, start

INFO = core.GameInfo(
    id="tictactoe",
    name="Tic-tac-toe",
    description="Three in a row on a 3x3 board (a test game).",
    variants=(core.VariantInfo("standard", "Standard", "X moves first."),),
    factory=start,
    loader=load_body,
    package=__name__,
    # (its own messages' English; every language's are in i18n.json)
    english={
        "result.tictactoe.row": "{who} wins: three in a row",
        "result.tictactoe.full": "Draw: the board is full",
        # (its view's words: the seats, the counters, the note of a full board)
        "seat.tictactoe.x": "X",
        "seat.tictactoe.o": "O",
        "view.tictactoe.marks": "{n, plural, one {# mark} other {# marks}}",
        "view.tictactoe.full": "The board is full.",
    },
)
