"""The bridge methods of the position editor (:mod:`gamut.setup`):
``setup_palette``, ``setup_describe`` and ``setup_check``.  The editor's
module is imported when first asked for."""

from __future__ import annotations

from typing import Any

from ..core import game_info
from . import Params, method, param, position


@method("setup_palette")
def m_setup_palette(params: Params) -> dict[str, Any]:
    """``setup_palette({game, variant?, options?})``: what the position
    editor can put on the board (:func:`gamut.setup.palette`), with
    ``sides``: the seats' names, each a message (the view's players'
    ``said``), for the page to say."""
    from .. import setup

    game = param(params, "game", str)
    variant = param(params, "variant", str, None)
    options = param(params, "options", dict, {})
    result = dict(setup.palette(game, variant, options))
    info = game_info(game)
    vid = info.variant(variant).id
    view = info.factory(vid, info.resolve_options(vid, options)).view()
    result["sides"] = [p["said"] for p in view["players"]]
    return result


@method("setup_describe")
def m_setup_describe(params: Params) -> dict[str, Any]:
    """``setup_describe({start, line?})`` or ``setup_describe({game,
    variant?, options?})``: ``{setup}``, the editable description of a
    position (of the variant's start in the second form: the editor's
    Reset)."""
    from .. import setup

    if "start" in params:
        return {"setup": setup.describe(position(params)[1])}
    return {
        "setup": setup.start_setup(
            param(params, "game", str),
            param(params, "variant", str, None),
            param(params, "options", dict, {}),
        )
    }


@method("setup_check")
def m_setup_check(params: Params) -> dict[str, Any]:
    """``setup_check({setup})``: ``{setup, counts, view, start, problem}``
    (:func:`gamut.setup.check`): the description's start text and view when
    the position is valid, else a sketch to draw and ``problem`` ``{type,
    message}`` saying what is wrong."""
    from .. import setup

    return setup.check(param(params, "setup", dict))
