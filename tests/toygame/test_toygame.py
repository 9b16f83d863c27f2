"""The toy game (tic-tac-toe, this folder) plugged in through the registry's
one function, then run through everything a shipped game goes through: the
worker bridge (new, play, view, a think job, an analyse job, records),
perft, every search level, the analysis, the records and the view check.
Nothing outside this folder names it: the contract is complete."""

from __future__ import annotations

import json

import pytest

import gamut
import gamut.ai
import toygame
from gamut import analysis, bridge, core, records
from gamut.messages import ENGLISH, Message
from gamut.view import check_view
from toygame.state import TicTacToeState

START = "tictactoe standard - start"


@pytest.fixture
def toy():
    """Tic-tac-toe registered for one test, then unregistered: other tests
    still count four games."""
    core.register(toygame.INFO)
    try:
        yield toygame.INFO
    finally:
        core.unregister("tictactoe")
    assert "tictactoe" not in gamut.GAMES
    assert not set(toygame.INFO.english) & set(ENGLISH)  # (its words go with it)


def ok(method, params):
    answer = json.loads(bridge.handle(method, json.dumps(params)))
    assert answer["ok"] is True, answer
    return answer["result"]


def run_job(params):
    job = ok("job_start", params)
    while True:
        step = ok("job_step", {"job": job, "budget_ms": 50})
        if step["done"]:
            return step["result"]


def test_registered_through_the_one_function_and_gone_afterwards(toy):
    assert list(gamut.GAMES)[-1] == "tictactoe" and len(gamut.GAMES) == 5
    assert "tictactoe" in [g["id"] for g in ok("games", {})]
    s = gamut.new("tictactoe")
    assert isinstance(s, TicTacToeState) and gamut.load(s.to_text()) == s


def test_not_registered_without_the_fixture():
    assert "tictactoe" not in gamut.GAMES and len(gamut.GAMES) == 4


# Move sequences of exactly ``depth`` moves (a finished game ends its branch).
PERFT = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]


@pytest.mark.parametrize(
    "depth, leaves",
    # (depths 8 and 9 take seconds: slow; the fast loop counts 1-7)
    [pytest.param(d, n, marks=pytest.mark.slow) if d >= 8 else (d, n) for d, n in enumerate(PERFT, start=1)],
)
def test_perft(toy, depth, leaves):
    assert gamut.perft(gamut.new("tictactoe"), depth) == leaves


def test_every_game_counted_once(toy):
    """The 255,168 possible games: those that end at each ply, summed (the
    perft counts above, less the games still going one ply later)."""
    ended = [PERFT[d] - (PERFT[d + 1] // (8 - d) if d < 8 else 0) for d in range(9)]
    assert sum(ended) == 255168
    assert ended[4] == 1440  # X wins at its third mark, the earliest possible


def test_perft_job_through_the_bridge(toy):
    assert run_job({"kind": "perft", "start": START, "depth": 3})["count"] == 504


def test_bridge_new_play_view(toy):
    new = ok("new", {"game": "tictactoe"})
    assert new["start"] == START
    check_view(new["view"])
    played = ok("play", {"start": START, "line": [], "move": "B2"})
    assert played["move"] == "b2" and played["line"] == ["b2"]
    check_view(played["view"])
    line = ["b2", "a1", "c1", "a3", "a2", "c3", "b3", "b1"]
    view = ok("view", {"start": START, "line": line})["view"]
    check_view(view)
    last = ok("play", {"start": START, "line": line, "move": "c2"})["view"]
    said = {"id": "result.tictactoe.row", "args": {"who": "X"}}
    assert last["outcome"] == {"winner": 0, "cells": ["a2", "b2", "c2"], "said": said}
    assert str(Message.from_json(said)) == "X wins: three in a row"  # (GameInfo.english, registered)


@pytest.mark.slow  # (--fast leaves it out: over a second of CPU; every full run has it)
def test_every_view_of_every_game_passes_the_check(toy):
    seen = 0
    stack = [gamut.new("tictactoe")]
    while stack and seen < 3000:
        s = stack.pop()
        check_view(s.view())
        seen += 1
        stack.extend(s.play(m) for m in s.legal_moves())
    assert seen == 3000


@pytest.mark.parametrize("level", list(gamut.ai.LEVELS))
def test_every_search_level_blocks_and_wins(toy, level):
    # X threatens a1-b1-c1 (c1 open); O to move must block at c1 - every level
    # that looks at the reply (#31's Novice looks one ply deep: it only takes wins)
    must_block = gamut.load("tictactoe standard - .../.o./xx. o")
    if gamut.ai.LEVELS[level].max_depth >= 2:
        assert str(gamut.ai.choose(must_block, level, seed=1)) == "c1"
    # X to move wins at c1.
    wins = gamut.load("tictactoe standard - o../.o./xx. x")
    assert str(gamut.ai.choose(wins, level, seed=1)) == "c1"


def test_think_job_through_the_bridge(toy):
    result = run_job(
        {
            "kind": "think",
            "start": "tictactoe standard - o../.o./xx. x",
            "line": [],
            "level": "casual",
            "seed": 1,
        }
    )
    assert result["move"] == "c1"


def test_analysis_marks_the_missed_block(toy):
    # X threatens a1-b1-c1; O plays b3 instead of blocking at c1, and X wins.
    line = ["a1", "b2", "b1", "b3", "c1"]
    result = analysis.run(gamut.new("tictactoe"), line, "casual")
    assert len(result.positions) == 6 and result.positions[-1].to_json()
    marks = [j.mark for j in result.moves]
    assert marks[3] == "blunder", marks
    job = run_job({"kind": "analyse", "start": START, "line": line, "level": "casual"})
    assert job["line"] == line


def test_records_round_trip(toy):
    line = ["b2", "a1", "c3", "a3", "a2"]
    states = gamut.replay(gamut.new("tictactoe"), line)
    record = records.Record.of(states[0], [(i, move, "") for i, move in enumerate(line)])
    again = records.parse_one(records.format(record))
    assert gamut.replay(again.start_state(), again.main_line()) == states
    text = records.format(records.parse('[Game "tictactoe"] 1. b2 a1 2. c3 a3 3. a2 *').games)
    again = records.parse(text)
    assert again.errors == [] and again.games[0].main_line() == line
    parsed = ok("records_parse", {"text": text})
    formatted = ok("records_format", {"games": parsed["games"]})
    assert records.parse(formatted["text"]).games[0].main_line() == line
