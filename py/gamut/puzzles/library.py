"""The shipped puzzle files, ``gamut/puzzles/data/<game>.txt``, read on
first use and kept.  They are read through :mod:`gamut.resources`, not as
files: in the page the package is imported from the wheel (a zip on
``sys.path``) or restored from a memory snapshot, where no file exists."""

from __future__ import annotations

import os

from .. import resources
from ..core import GAMES, UnknownGameError, excerpt
from ..messages import Message
from .compact import expand
from .puzzle import Puzzle, read

__all__ = ["DATA", "data_path", "data_text", "load_game"]

#: The folder of the shipped puzzle files.
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")

_LOADED: dict[str, list[Puzzle]] = {}

#: The package whose ``data/`` folder holds the puzzle files.
_PACKAGE = __package__ or "gamut.puzzles"
resources.declare(_PACKAGE, *(f"data/{game}.txt" for game in GAMES))


def data_path(game: str) -> str:
    if game not in GAMES:
        raise UnknownGameError(Message("error.request.unknownGame", {"game": excerpt(game)}))
    return os.path.join(DATA, f"{game}.txt")


def data_text(game: str) -> str:
    """The shipped puzzle file of ``game`` (empty when it has none)."""
    data_path(game)  # (an unknown game is an error)
    name = f"data/{game}.txt"
    if (_PACKAGE, name) not in resources.declared():
        return ""  # (a game registered after this module, e.g. a test's: no puzzles)
    # (the wheel ships the compact form: compact.py)
    return expand(resources.data(_PACKAGE, name).decode("utf-8"))


def load_game(game: str) -> list[Puzzle]:
    """The shipped puzzles of ``game``."""
    if game not in _LOADED:
        _LOADED[game] = read(data_text(game))
    return _LOADED[game]
