"""The bridge methods about the games themselves: ``games`` (what games
there are), ``version``, ``new`` (a variant's start) and ``initial`` (what
the page draws before Pyodide is ready; :func:`initial` is also what
``build.py`` inlines in the page)."""

from __future__ import annotations

import sys
from typing import Any

from .. import __version__
from ..core import GAMES, game_info, new
from ..position_cache import view_of
from . import Params, method, param


@method("games")
def m_games(params: Params) -> list[dict[str, Any]]:
    """``games()``: every registered game's ``GameInfo.to_json()``."""
    return [info.to_json() for info in GAMES.values()]


@method("version")
def m_version(params: Params) -> dict[str, str]:
    """``version()``: ``{version, python}``."""
    return {"version": __version__, "python": sys.version.split()[0]}


@method("new")
def m_new(params: Params) -> dict[str, Any]:
    """``new({game, variant?, options?})``: ``{start, view}``, the standard
    start of a variant."""
    game = param(params, "game", str)
    variant = param(params, "variant", str, None)
    options = param(params, "options", dict, {})
    info = game_info(game)  # not new(game, **options): an option named "game" must not clash
    vid = info.variant(variant).id
    state = info.factory(vid, info.resolve_options(vid, options))
    return {"start": f"{state.header()} start", "view": view_of(state, 0)}


def initial() -> dict[str, Any]:
    """Games, plus the view and start text of every game's default start."""
    views, starts = {}, {}
    for gid in GAMES:
        state = new(gid)
        starts[gid] = f"{state.header()} start"
        views[gid] = view_of(state, 0)
    return {"games": [info.to_json() for info in GAMES.values()], "views": views, "starts": starts}


@method("initial")
def m_initial(params: Params) -> dict[str, Any]:
    """``initial()``: ``{games, views, starts}``, what the page draws before
    Pyodide is ready (``build.py`` runs this in CPython and inlines the
    answer in the page)."""
    return initial()
