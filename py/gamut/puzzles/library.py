"""The shipped puzzle files, each game's ``puzzles.txt`` in its own package
(``gamut/games/<id>/puzzles.txt``, found from ``GameInfo.package``), read
on first use and kept.  They are read through :mod:`gamut.resources`, not
as files: in the page the package is imported from the wheel (a zip on
``sys.path``) or restored from a memory snapshot, where no file exists."""

from __future__ import annotations

import importlib
import os

from .. import resources
from ..core import GAMES, UnknownGameError, excerpt
from ..games import PACKAGES, PUZZLES_FILE
from ..messages import Message
from .compact import expand
from .puzzle import Puzzle, read

__all__ = ["data_path", "data_text", "load_game"]

_LOADED: dict[str, list[Puzzle]] = {}

# Every shipped game's puzzles are read at run time (kept for the memory snapshot).
for _package in PACKAGES:
    resources.declare(_package, PUZZLES_FILE)


def _package_of(game: str) -> str:
    """The package of ``game``, which holds its puzzle file."""
    if game not in GAMES:
        raise UnknownGameError(Message("error.request.unknownGame", {"game": excerpt(game)}))
    return GAMES[game].package


def data_path(game: str) -> str:
    """Where the puzzle file of ``game`` is in the sources (what the
    puzzle tools of docs/puzzles.md write)."""
    module = importlib.import_module(_package_of(game))
    return os.path.join(os.path.dirname(os.path.abspath(module.__file__ or "")), PUZZLES_FILE)


def data_text(game: str) -> str:
    """The shipped puzzle file of ``game`` (empty when it has none)."""
    package = _package_of(game)  # (an unknown game is an error)
    if (package, PUZZLES_FILE) not in resources.declared():
        return ""  # (a game that is not shipped, e.g. a test's: no puzzles)
    # (the wheel ships the compact form: compact.py)
    return expand(resources.data(package, PUZZLES_FILE).decode("utf-8"))


def load_game(game: str) -> list[Puzzle]:
    """The shipped puzzles of ``game``."""
    if game not in _LOADED:
        _LOADED[game] = read(data_text(game))
    return _LOADED[game]
