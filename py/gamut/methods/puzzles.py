"""The bridge method ``puzzles``: each game's shipped puzzles
(:mod:`gamut.puzzles`, read when first asked for)."""

from __future__ import annotations

from typing import Any

from . import Params, method, param


@method("puzzles")
def m_puzzles(params: Params) -> dict[str, Any]:
    """``puzzles({game})``: ``{puzzles: [{id, game, variant, options,
    start, moves, player, theme, rating, said}], themes: [theme id]}``:
    the game's shipped puzzles.  ``start`` is the position text before the
    opponent's last move, ``moves`` that move and then the solution (the
    solver's moves and the opponent's replies, ending with the solver's
    move), ``player`` the solver's seat, ``said`` the task ("Black to play
    and connect in 2") as a message, for the page to say in the player's
    language: no English beside it (issue #43; its English is
    :func:`gamut.puzzles.themes.goal_words`); ``themes`` the ids of the
    game's themes, which the page names from its catalogs
    (``theme.puzzle.<id>``; their English names stood here before #43)."""
    from ..puzzles.library import load_game
    from ..puzzles.themes import THEMES, goal_said

    game = param(params, "game", str)
    puzzles = load_game(game)
    return {
        "puzzles": [
            {
                "id": p.id,
                "game": p.game,
                "variant": p.variant,
                "options": dict(p.options),
                "start": p.start,
                "moves": list(p.moves),
                "player": p.player,
                "theme": p.theme,
                "rating": p.rating,
                "said": goal_said(p).to_json(),
            }
            for p in puzzles
        ],
        "themes": list(THEMES.get(game, {})),
    }
