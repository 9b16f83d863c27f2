"""The puzzle checker refuses what is not a puzzle (#30): a second winning
move, a wrong solution, an illegal move, a reply that gives up sooner than
it must, a wrong theme or gain; and accepts a good one."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import gamut
from gamut.__main__ import main
from gamut.puzzles.check import PuzzleError, check
from gamut.puzzles.puzzle import Puzzle, write

LOA = "loa standard double-connection=mover "


def loa(board: str, moves: list[str], player: int, theme: str = "connect") -> Puzzle:
    start = gamut.load(LOA + board)
    return Puzzle("t-1", "loa", "standard", start.options_json(), LOA + board, moves, player, theme, 1000)


# White's g2-c6 is the only move that connects all of White's pieces.
CONNECT = loa("8/2w5/8/2bww3/2www3/1b1wbw2/2w3w1/8 b", ["b3-b4", "g2-c6"], 1)
# White wins in 2: h3-g2 (the only way), Black's b3-b4, and g2-c6.
IN_TWO = loa("8/2w5/3b4/3ww3/2www3/1b1wbw1w/2w5/8 b", ["d6-c5", "h3-g2", "b3-b4", "g2-c6"], 1, "forcing-line")


def test_a_good_puzzle_passes():
    check(CONNECT)
    check(IN_TWO)


def test_a_second_winning_move_is_refused():
    # After White's c5-c3 Black connects with d1-c2, and with d3-e2 as well.
    puzzle = loa("8/8/5bw1/2wwbw2/3wb3/3bbw2/8/2bb4 w", ["c5-c3", "d1-c2"], 0)
    with pytest.raises(PuzzleError, match=r"not the only win: d3-e2"):
        check(puzzle)


def test_a_wrong_solution_is_refused():
    position = CONNECT.position_after(1)
    wrong = next(position.move_text(m) for m in position.legal_moves() if position.move_text(m) != "g2-c6")
    with pytest.raises(PuzzleError, match=f"move 2, {wrong}, does not win"):
        check(replace(CONNECT, moves=["b3-b4", wrong]))


def test_an_illegal_move_is_refused():
    with pytest.raises(PuzzleError, match="g2-g8"):
        check(replace(CONNECT, moves=["b3-b4", "g2-g8"]))
    with pytest.raises(PuzzleError):
        check(replace(CONNECT, moves=["b3-b5", "g2-c6"]))


def test_a_line_must_be_exactly_as_long_as_the_win():
    # h3-g2 wins, but in 2: as a puzzle "in 1" it does not win
    with pytest.raises(PuzzleError, match="does not win"):
        check(replace(IN_TWO, moves=IN_TWO.moves[:2]))
    # a line that stops after the opponent's reply
    with pytest.raises(PuzzleError, match="must end with the solver's move"):
        check(replace(IN_TWO, moves=IN_TWO.moves[:3]))


def test_the_theme_must_be_what_the_solution_shows():
    with pytest.raises(PuzzleError, match="shows the theme 'connect'"):
        check(replace(CONNECT, theme="capture-connect"))
    with pytest.raises(PuzzleError, match="unknown theme"):
        check(replace(CONNECT, theme="fork"))


def test_an_evl_gain_must_be_the_one_it_claims():
    start = "evl standard pieces=20,markers=10 3w(ww)2/1w(wwb)b3/1w1w1b1/5b1 6/2bb2/4bb b"
    state = gamut.load(start)
    puzzle = Puzzle(
        "t-2",
        "evl",
        "standard",
        state.options_json(),
        start,
        ["a2", "a5-b5-b4"],
        1,
        "unstack-capture",
        900,
        goal="gain 2",
    )
    check(puzzle)
    with pytest.raises(PuzzleError, match="gains 2, not 3"):
        check(replace(puzzle, goal="gain 3"))


def named(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` with the id of its position (the only id the checker takes)."""
    return replace(puzzle, id=puzzle.content_id())


def test_the_command_line_checks_a_file_and_exports_a_game(tmp_path, capsys):
    good = tmp_path / "good.txt"
    good.write_text(write([named(CONNECT), named(IN_TWO)]))
    assert main(["puzzles", "check", str(good)]) == 0
    assert "2 puzzles proved, 0 refused" in capsys.readouterr().out
    bad = tmp_path / "bad.txt"
    position = CONNECT.position_after(1)
    wrong = next(position.move_text(m) for m in position.legal_moves() if position.move_text(m) != "g2-c6")
    refused = named(replace(CONNECT, moves=["b3-b4", wrong]))
    bad.write_text(write([named(IN_TWO), refused]))
    assert main(["puzzles", "check", str(bad)]) == 1
    said = capsys.readouterr()
    assert "1 puzzles proved, 1 refused" in said.out and f"puzzle {refused.id}" in said.err
    assert main(["puzzles", "export", "loa", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    exported = answer["puzzles"]
    assert exported and set(exported[0]) == {"id", "position", "solution", "theme", "rating"}
    assert answer["game"] == "loa" and answer["count"] == len(exported)
    lengths = answer["solution_lengths"]
    assert sum(lengths.values()) == len(exported)
    assert answer["one_move_share"] == round(lengths.get("1", 0) / len(exported), 3)
    ratings = [p["rating"] for p in exported]
    assert answer["rating"] == {
        "min": min(ratings),
        "max": max(ratings),
        "spread": max(ratings) - min(ratings),
    }
    assert sum(answer["themes"].values()) == len(exported)
    first = exported[0]
    state = gamut.load(first["position"])
    for text in first["solution"]:
        state = state.play(state.parse_move(text))
    assert state.outcome() is not None or first["solution"]


def test_ids_come_from_the_position_and_the_checker_takes_no_other(tmp_path, capsys):
    assert CONNECT.content_id() != IN_TWO.content_id()
    assert CONNECT.content_id().startswith("loa-") and len(CONNECT.content_id()) == 9
    assert replace(CONNECT, rating=1500).content_id() == CONNECT.content_id()  # (the position only)
    numbered = tmp_path / "numbered.txt"
    numbered.write_text(write([replace(CONNECT, id="loa-0001")]))
    assert main(["puzzles", "check", str(numbered)]) == 1
    assert f"puzzle loa-0001: its position's id is {CONNECT.content_id()}" in capsys.readouterr().err
    twice = tmp_path / "twice.txt"
    twice.write_text(write([named(CONNECT), named(CONNECT)]))
    assert main(["puzzles", "check", str(twice)]) == 1
    assert "the id is used twice" in capsys.readouterr().err


@pytest.mark.parametrize("game", sorted(gamut.core.GAMES))
def test_every_shipped_puzzle_has_the_id_of_its_position(game):
    from gamut.puzzles.library import load_game

    assert all(p.id == p.content_id() for p in load_game(game))


@pytest.fixture
def tictactoe():
    """The tests' tic-tac-toe (tests/toygame), registered for one test."""
    import toygame

    from gamut import core

    core.register(toygame.INFO)
    try:
        yield
    finally:
        core.unregister("tictactoe")


def test_a_reply_that_loses_sooner_than_it_must_is_refused(tictactoe):
    # X (b1) answers O's a3 with a1, the only win in 3: O must block c1, then
    # X forks with b2 and wins on whichever line O leaves open.
    start = "tictactoe standard - .../.../.x. o"
    good = Puzzle(
        "t-3", "tictactoe", "standard", {}, start, ["a3", "a1", "c1", "b2", "b3", "c3"], 0, "", 1000
    )
    check(good, themes=False)
    # O's a2 blocks nothing: X could win at once with c1, so a line going on
    # from a2 does not show the longest defence
    with pytest.raises(PuzzleError, match="reply 3, a2, is not the longest defence"):
        check(replace(good, moves=["a3", "a1", "a2", "b2", "c1", "b3"]), themes=False)


def test_a_prover_with_a_node_limit_stops_past_it():
    from gamut.puzzles.solve import OverBudget, Prover

    position = IN_TWO.position_after(1)
    assert Prover(position.to_move).has_win(position, 2)
    with pytest.raises(OverBudget):
        Prover(position.to_move, limit=5).has_win(position, 2)


# ---------------------------------------------------------------------------
# The prover's shortcut: a game's own list of its wins in one (EL's threats)


def _el_positions(step: int = 5):
    """Positions along the shipped EL puzzles' lines (threats abound there)."""
    from gamut.puzzles.library import load_game

    for puzzle in load_game("el")[::step]:
        state = puzzle.position_after(1)
        for text in puzzle.moves[1:]:
            yield state
            state = state.play_text(text)


def test_el_wins_in_one_are_the_placements_that_win_at_once():
    """State.wins_in_one (EL: the announced threats) lists exactly the moves
    that end the game in the mover's favour, as trying every move says."""
    seen = 0
    for state in _el_positions():
        wins = state.wins_in_one()
        if wins is None:
            continue
        seen += 1
        tried = []
        for m in state.legal_moves():
            o = state.play_unchecked(m).outcome()
            if o is not None and o.winner == state.to_move:
                tried.append(m)
        assert sorted(wins) == sorted(tried), state.to_text()
    assert seen >= 50


def test_el_wins_in_one_says_nothing_where_a_completion_may_not_win():
    # declared threats (an undeclared completion may not count), three players
    assert gamut.new("el", "standard", **{"declare-threats": True}).wins_in_one() is None
    assert gamut.new("el", "three-player").wins_in_one() is None
    assert gamut.new("loa", "standard").wins_in_one() is None  # a game without the shortcut


def test_the_prover_answers_the_same_without_the_shortcut(monkeypatch):
    """An EL win in 2: the same winning first move, and no other, whether
    the prover asks the game for its wins in one or tries every move."""
    from gamut.games.el.state import ElState
    from gamut.puzzles.library import load_game
    from gamut.puzzles.solve import Prover

    puzzle = next(p for p in load_game("el") if p.solver_turns == 2 and p.variant == "standard")
    position = puzzle.position_after(1)
    fast = Prover(position.to_move).winning_moves(position, 2)
    monkeypatch.setattr(ElState, "wins_in_one", lambda self: None)
    slow = Prover(position.to_move).winning_moves(position, 2)
    assert fast == slow == [position.parse_move(puzzle.moves[1])]
