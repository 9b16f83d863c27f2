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
    """``levels({game})``: ``{levels: [{id, label, rating, low, high}],
    anchor}``: every computer level ``game`` offers (its ladder), weakest first, with its rating in
    ``game`` and the 95 % interval ``[low, high]`` of that rating;
    ``anchor`` says in words what the scale is fixed on.  A level the arena
    has not measured in that game has null ratings."""
    from ..ai import ladder
    from ..ai.ratings import ANCHOR, ratings_of

    game = param(params, "game", str)
    if game not in GAMES:
        raise OptionError(Message("error.request.unknownGame", {"game": excerpt(game)}))
    table = ratings_of(game)  # a game the arena never measured: no ratings
    unmeasured = (None, None, None)
    return {
        "levels": [
            dict(zip(("rating", "low", "high"), table.get(lv.name, unmeasured)), id=lv.name, label=lv.label)
            for lv in ladder(game)
        ],
        "anchor": ANCHOR,
    }
