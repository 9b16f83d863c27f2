"""The bridge method ``levels``: the computer levels of a game, weakest
first, each with its measured rating (:mod:`gamut.ai.ratings`, which reads
the game's own table).  It imports :mod:`gamut.ai` only when called, so
the worker's start-up does not load the search."""

from __future__ import annotations

from typing import Any

from ..core import GAMES, OptionError, excerpt
from ..messages import Message
from . import Params, method, param


@method("levels")
def m_levels(params: Params) -> dict[str, Any]:
    """``levels({game})``: ``{levels: [{id, rating, low, high}]}``: every
    computer level ``game`` offers (its ladder), weakest first, with its
    rating in ``game`` and the 95 % interval ``[low, high]`` of that rating.
    A level the arena has not measured in that game has null ratings.  No
    words (#43): the page names a level by its id (``level.<id>`` of its
    catalogs); the English ``label`` and ``anchor`` stood here before."""
    from ..ai import ladder
    from ..ai.ratings import ratings_of

    game = param(params, "game", str)
    if game not in GAMES:
        raise OptionError(Message("error.request.unknownGame", {"game": excerpt(game)}))
    table = ratings_of(game)  # a game the arena never measured: no ratings
    unmeasured = (None, None, None)
    return {
        "levels": [
            dict(zip(("rating", "low", "high"), table.get(lv.name, unmeasured)), id=lv.name)
            for lv in ladder(game)
        ],
    }
