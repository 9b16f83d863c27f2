"""The shipped puzzles and the bridge method that serves them (#30)."""

from __future__ import annotations

import json

import pytest

import gamut
from gamut import bridge
from gamut.core import GAMES
from gamut.messages import Message
from gamut.puzzles.puzzle import Puzzle, read, write
from gamut.puzzles.themes import THEMES, classify, goal_words

KEYS = {"id", "game", "variant", "options", "start", "moves", "player", "theme", "rating", "said"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_bridge_serves_every_games_puzzles_as_the_contract_says(game):
    answer = json.loads(bridge.handle("puzzles", json.dumps({"game": game})))
    assert answer["ok"], answer
    result = answer["result"]
    # (#43: the themes' ids, no English names: the page names them by theme.puzzle.<id>)
    assert result["themes"] == list(THEMES[game]) and all(isinstance(t, str) for t in result["themes"])
    assert set(result) == {"puzzles", "themes"}  # (#43: no "said" map beside the puzzles: each has its own)
    puzzles = result["puzzles"]
    assert len(puzzles) >= 5
    ids = [p["id"] for p in puzzles]
    assert len(set(ids)) == len(ids)
    for p in puzzles:
        assert "goal" not in p, "the goal is a message only (#43): no English goal beside its said"
        assert set(p) == KEYS
        assert p["game"] == game and p["theme"] in result["themes"]
        start = gamut.load(p["start"])
        assert (start.game_id, start.variant, start.options_json()) == (game, p["variant"], p["options"])
        # the line plays from the start: the opponent's move, then the solver's
        assert start.to_move != p["player"]
        state = start.play(start.parse_move(p["moves"][0]))
        assert state.to_move == p["player"]
        for text in p["moves"][1:]:
            state = state.play(state.parse_move(text))
        goal = str(Message.from_json(p["said"]))  # (its English, through the message)
        assert goal.endswith(("connect", "EL", "chain", "win", "marker", "markers")) or " in " in goal


def test_the_bridge_refuses_an_unknown_game():
    answer = json.loads(bridge.handle("puzzles", json.dumps({"game": "chess"})))
    assert answer["error"]["type"] == "UnknownGameError"
    answer = json.loads(bridge.handle("puzzles", json.dumps({})))
    assert answer["error"]["type"] == "RequestError"


def test_a_puzzle_survives_its_record_form():
    state = gamut.new("loa")
    puzzle = Puzzle(
        "loa-9999",
        "loa",
        "standard",
        state.options_json(),
        state.to_text(),
        ["b1-d3", "h2-f2"],
        1,
        "connect",
        900,
    )
    (back,) = read(write([puzzle]))
    assert gamut.load(back.start) == state  # (a standard start is written "<header> start")
    back.start = puzzle.start
    assert back == puzzle


def test_the_goal_names_the_colour_the_task_and_the_turns():
    p = read(
        """[Game "loa"]
[Start "loa standard double-connection=mover 8/2w5/8/2bww3/2www3/1b1wbw2/2w3w1/8 b"]
[PuzzleId "t-1"]
[Theme "connect"]
[Rating "1000"]
[Player "1"]

1. b3-b4 g2-c6 0-1
"""
    )[0]
    assert goal_words(p) == "White to play and connect"
    assert classify(p) == "connect"


# ---------------------------------------------------------------------------
# Every shipped puzzle is proved: a sample in the fast loop, all when slow.

from gamut.puzzles.check import check  # noqa: E402
from gamut.puzzles.library import load_game  # noqa: E402

#: The variants (and the options that make one) every game's puzzles cover.
SPREAD = {
    "loa": {("standard", ()), ("scrambled-eggs", ())},
    "el": {("standard", ()), ("eight", ()), ("consecutive", ())},
    "escabel": {("standard", (("size", "7"),)), ("standard", (("size", "9"),))},
    "evl": {("standard", (("markers", "10"),))},
}


def _setup_of(puzzle):
    wanted = dict(next(iter(SPREAD[puzzle.game]))[1])
    return (puzzle.variant, tuple((k, puzzle.options[k]) for k in wanted))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_puzzles_cover_the_variants_that_matter(game):
    puzzles = load_game(game)
    assert {_setup_of(p) for p in puzzles} == SPREAD[game]
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert len({(p.start, p.moves[0]) for p in puzzles}) == len(puzzles)  # no position twice


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.slow  # (--fast leaves it out: over a second of CPU; every full run has it)
def test_a_sample_of_the_shipped_puzzles_passes_the_checker(game):
    """Every sixth of the file and the first puzzle of each solution length,
    proved with today's engine (a rule changed under the puzzles fails here)."""
    puzzles = load_game(game)
    step = max(1, len(puzzles) // 6)
    sample = {p.id: p for p in puzzles[::step]}
    for turns in sorted({p.solver_turns for p in puzzles}):
        first = next(p for p in puzzles if p.solver_turns == turns)
        sample.setdefault(first.id, first)
    for puzzle in sample.values():
        check(puzzle)


@pytest.mark.soak  # (minutes of CPU: `build.py test --soak`; every run checks the record below)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_shipped_puzzle_passes_the_checker(game):
    for puzzle in load_game(game):
        check(puzzle)


def test_every_shipped_puzzle_file_is_the_one_proved_whole():
    """The whole proof of a file (``python3 -m tools.puzzles.prove``) is
    recorded by its SHA-256: a file changed since is refused here until it
    is proved again (the sample above is proved on every full run, the
    whole file on every soak run)."""
    from tools.puzzles.prove import digest, recorded, shipped

    record = recorded()
    files = shipped()
    assert set(files) == set(record), "run: PYTHONPATH=py python3 -m tools.puzzles.prove"
    for game, text in files.items():
        assert record[game]["sha256"] == digest(text), (
            f"{game}'s puzzle file changed since it was proved: PYTHONPATH=py python3 -m tools.puzzles.prove {game}"
        )
        assert record[game]["puzzles"] == len(read(text))


def test_the_wheel_ships_every_games_puzzle_file():
    from tools.build.wheel import package_files

    shipped = {p.parent.name for p in package_files() if p.name == "puzzles.txt"}
    assert shipped == {GAMES[game].package.rsplit(".", 1)[1] for game in GAMES}


@pytest.mark.slow
def test_the_puzzles_read_from_the_wheel_as_the_page_imports_it(tmp_path):
    """In the page, gamut is imported from the wheel, a zip on sys.path:
    the puzzle files must read from there (they once read only as files)."""
    import subprocess
    import sys

    from tools.build.wheel import build_wheel

    wheel = build_wheel(tmp_path)
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); from gamut import bridge; "
        "assert bridge.__file__.startswith(sys.argv[1]), bridge.__file__; "
        "print(json.dumps({g: len(bridge.call('puzzles', {'game': g})['puzzles']) "
        "for g in json.loads(sys.argv[2])}))"
    )
    args = [str(wheel), json.dumps(list(GAMES))]
    out = subprocess.run([sys.executable, "-I", "-c", code, *args], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    counts = json.loads(out.stdout)
    assert set(counts) == set(GAMES) and all(n > 0 for n in counts.values()), counts
