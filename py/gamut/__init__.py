"""Gamut: a pure-Python rules engine for EL, Escabel, EVL and Lines of Action.

>>> import gamut
>>> s = gamut.new("loa")
>>> len(s.legal_moves())
36
>>> s = s.play(s.parse_move("b1-b3"))
>>> gamut.load(s.to_text()) == s
True
"""

from . import games  # noqa: F401  (registers the games)
from .core import (  # noqa: F401
    GAMES,
    GameInfo,
    GamutError,
    IllegalMoveError,
    OptionError,
    OptionSpec,
    Outcome,
    PositionError,
    RecordError,
    State,
    UnknownGameError,
    UnknownVariantError,
    VariantInfo,
    divide,
    load,
    new,
    perft,
    replay,
)

__version__ = "0.1.0"
