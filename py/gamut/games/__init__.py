"""The games Gamut ships, one package each (``gamut.games.<id>``): its rules
and state, its evaluation and move ordering for the computer player
(``evaluation.py``, imported on first use), its position editor's hooks and
whatever else only that game uses.

A game plugs in through one function, :func:`gamut.core.register` of its
:class:`~gamut.core.GameInfo`, which its package calls when imported.  The
list below is the one place the shipped games are named: importing
:mod:`gamut` imports them in this order, and the page's menus follow it.

A game owns its data too, in its own folder beside its rules, and the
shared code finds each file from the game's package (issue #43):

* ``puzzles.txt``: its puzzles, one Gamut record file
  (:mod:`gamut.puzzles.library`, docs/puzzles.md);
* ``lessons.json``: its lessons (:mod:`gamut.lessons`, docs/lessons.md);
* ``ratings.py``: its computer levels' measured ratings, written by
  ``bench/arena_ratings.py`` (:mod:`gamut.ai.ratings`).

Adding a game is adding its package, with those files, and its line here
(and its folder ``web/games/<id>/`` for the page); ``tests/test_game_data.py``
checks that every game listed has its data and that no folder holds data
for a game that is not.
"""

from __future__ import annotations

import importlib

from ..core import GAMES

#: The shipped games' packages, in the order of the page's menus.
GAME_PACKAGES = ("loa", "el", "escabel", "evl")

#: Their dotted names (``gamut.games.loa``...), as ``GameInfo.package`` gives each.
PACKAGES = tuple(f"{__name__}.{package}" for package in GAME_PACKAGES)

#: The data files every shipped game keeps in its folder, read at run time
#: through :mod:`gamut.resources` (in the page the package is a zip).
PUZZLES_FILE = "puzzles.txt"
LESSONS_FILE = "lessons.json"
DATA_FILES = (PUZZLES_FILE, LESSONS_FILE)

for _package in PACKAGES:
    importlib.import_module(_package)

#: The shipped games' ids, in the same order (what a test means by "every game").
SHIPPED_GAMES = tuple(game for game, info in GAMES.items() if info.package in PACKAGES)
