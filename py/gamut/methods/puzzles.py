"""The bridge method ``puzzles``: each game's shipped puzzles
(:mod:`gamut.puzzles`, read when first asked for)."""

from __future__ import annotations

from typing import Any

from . import Params, method, param


@method("puzzles")
def m_puzzles(params: Params) -> dict[str, Any]:
    """``puzzles({game})``: ``{puzzles: [{id, game, variant, options,
    start, moves, player, theme, rating, goal}], themes: {theme id: name},
    said: {puzzle id: goal}}``:
    the game's shipped puzzles.  ``start`` is the position text before the
    opponent's last move, ``moves`` that move and then the solution (the
    solver's moves and the opponent's replies, ending with the solver's
    move), ``player`` the solver's seat, ``goal`` the task in words (English),
    ``said`` each puzzle's goal as a message (for the page to say in the
    player's language; beside the puzzles, whose items keep their keys)."""
    from ..puzzles.library import load_game
    from ..puzzles.themes import THEMES, goal_said, goal_words

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
                "goal": goal_words(p),
            }
            for p in puzzles
        ],
        "themes": dict(THEMES.get(game, {})),
        "said": {p.id: goal_said(p).to_json() for p in puzzles},
    }
