"""The engine protocol every game implements, and the registry of games.

Everything outside a game module (the AI, the perft tool, the position and
record codecs, the worker bridge) talks to games only through what is defined
here, in the spirit of OpenSpiel's state API:

* :class:`GameInfo` -- a game's metadata: id, name, players, variants, options.
* :class:`State` -- an immutable position.  ``to_move`` is the seat (from 0)
  whose turn it is; ``legal_moves()`` lists moves; ``play(move)`` returns a
  new state and leaves the original alone, and raises IllegalMoveError for
  any move not in ``legal_moves()`` (``play_unchecked(move)`` skips that
  check: the searches' path); ``outcome()`` is ``None`` while the game goes
  on.  A finished position has no legal moves.
* Moves are small immutable, hashable values defined by each game.  ``str(move)``
  is its notation, and ``state.parse_move(text)`` reads it back.
* ``state.to_text()`` / :func:`load` round-trip a position, including the
  game, variant, options and whatever history the rules need.

Position texts share one header::

    <game> <variant> <option>=<value>,<option>=<value> <game-specific body>

(``-`` stands for "no options").  Every option is written out, defaults
included, because a rule option is part of the game's identity.

The view
--------
``state.view()`` returns a JSON-ready dict that the front end draws without
knowing any rules.  Its schema is written once, as typed structures in
:mod:`gamut.view` (the board's cells, pieces, markers, counters, highlights,
annotations, a palette of extra click targets, every legal move with the
clicks that enter it, the outcome, messages), whose ``check_view(view)``
refuses any unknown, missing or mistyped key; ``tests/test_protocol.py``
runs it on every view of random games of every game and variant.

The computer player
-------------------
What a game offers the searches of :mod:`gamut.ai` is declared once, in
:class:`SearchHooks`; :class:`State` gives every hook a default, and the
searches call them directly.  A game's evaluation module (imported on
first use by :func:`evaluation`) has one shape, :class:`EvaluationProtocol`.

The modules
-----------
:mod:`~gamut.core.errors` (the errors), :mod:`~gamut.core.info` (GameInfo
and its parts), :mod:`~gamut.core.registry` (the registry, position-text
headers, the lazy evaluation modules), :mod:`~gamut.core.hooks` (the
computer player's hooks and the evaluation protocol),
:mod:`~gamut.core.state` (the State base class) and :mod:`~gamut.core.perft`
(perft and replay).  Every name is re-exported here: ``from gamut.core
import State``.
"""

from .errors import (
    MAX_TEXT_LENGTH,
    GamutError,
    IllegalMoveError,
    OptionError,
    PositionError,
    RecordError,
    SetupError,
    UnknownGameError,
    UnknownVariantError,
    cause_of,
    excerpt,
)
from .hooks import (
    MASTER_TWICE,
    NO_LEVEL_SECONDS,
    EvaluationProtocol,
    ForcedMoves,
    PrunedMoves,
    SearchHooks,
)
from .info import Editor, GameInfo, OptionSpec, Outcome, VariantInfo, colour_item
from .perft import divide, perft, replay
from .registry import (
    GAMES,
    Header,
    evaluation,
    format_header,
    game_info,
    load,
    new,
    parse_header,
    register,
    unregister,
)
from .state import State

__all__ = [
    "GamutError",
    "UnknownGameError",
    "UnknownVariantError",
    "OptionError",
    "PositionError",
    "SetupError",
    "IllegalMoveError",
    "RecordError",
    "Outcome",
    "Editor",
    "colour_item",
    "OptionSpec",
    "VariantInfo",
    "GameInfo",
    "State",
    "PrunedMoves",
    "ForcedMoves",
    "SearchHooks",
    "EvaluationProtocol",
    "MASTER_TWICE",
    "NO_LEVEL_SECONDS",
    "GAMES",
    "Header",
    "register",
    "unregister",
    "game_info",
    "evaluation",
    "new",
    "load",
    "perft",
    "divide",
    "replay",
    "format_header",
    "parse_header",
    "cause_of",
    "excerpt",
    "MAX_TEXT_LENGTH",
]
