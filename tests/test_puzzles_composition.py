"""What the shipped puzzle sets hold (#44): enough puzzles, few won in one
move, one puzzle per start position, ratings measured over a wide spread,
and the one-movers (every search sees a win in one at its first ply) among
a game's easiest puzzles."""

from __future__ import annotations

import pytest

from gamut.ai.search import AlphaBeta
from gamut.core import GAMES
from gamut.puzzles.cli import figures
from gamut.puzzles.library import load_game


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_has_at_least_300_puzzles_and_at_most_40_percent_won_in_one(game):
    said = figures(load_game(game))
    assert said["count"] >= 300
    assert said["one_move_share"] <= 0.40


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_two_puzzles_share_a_start(game):
    puzzles = load_game(game)
    assert len({p.start for p in puzzles}) == len(puzzles)
    assert len({p.position_after(1).to_text() for p in puzzles}) == len(puzzles)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_ratings_spread_over_800_points(game):
    assert figures(load_game(game))["rating"]["spread"] >= 800


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_one_movers_a_one_ply_search_finds_are_among_the_easiest(game):
    """A one-mover that a one-ply search with the levels' evaluation plays at
    once (every win in one; an EVL gain it sees) is rated at or below the
    game's median."""
    puzzles = load_game(game)
    ratings = sorted(p.rating for p in puzzles)
    median = ratings[len(ratings) // 2]
    for p in puzzles:
        if p.solver_turns == 1 and p.rating > median:
            state = p.position_after(1)
            found = state.move_text(AlphaBeta(state, max_depth=1, noise=0).run())
            assert found != p.moves[1], f"{p.id}: a one-ply search finds {found}, rated {p.rating}"


def test_escabel_has_puzzles_that_break_the_opponents_chain_first():
    """Issue #44: Escabel's puzzles beyond "fill the gap": in the "break"
    ones the opponent's chain joins its edges as the puzzle starts (it wins
    unless broken), and the solution's first move breaks it; every puzzle
    that starts so is themed "break"."""
    breaks = 0
    for puzzle in load_game("escabel"):
        position = puzzle.position_after(1)
        theirs = position.colour_to_move ^ 1
        standing = position.has_chain(theirs)
        assert (puzzle.theme == "break") == standing, puzzle.id
        if standing:
            breaks += 1
            after = position.play_text(puzzle.moves[1])
            assert not after.has_chain(theirs), puzzle.id
    assert breaks >= 20
