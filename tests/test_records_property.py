"""Records with everything issue #29 adds round-trip, for every game and
variant: random trees of legal moves whose nodes carry random glyphs,
shapes on the board's cells, clock times and comments (with braces,
backslashes and texts that look like commands), with random results,
terminations and time controls, go text -> Record -> text and
JSON -> Record -> JSON unchanged; and the records command line prints
them back."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_records import VARIANTS, random_start, random_tree

import gamut
from gamut import records
from gamut.records import Record, parse, parse_one
from gamut.records.notes import COLOURS, GLYPHS

ROOT = Path(__file__).parent.parent

# pieces of comments: plain text, the characters that need escapes, and
# texts that look like commands (which must stay text)
PIECES = st.sampled_from(
    [
        "a",
        "b c",
        " ",
        "\n",
        "é",
        "}",
        "{",
        "\\",
        "\\\\",
        '"',
        "(",
        ")",
        "[",
        "]",
        "%",
        "$1",
        "!?",
        "1-0",
        "*",
        "[%",
        "[%clk 0:01:00]",
        "[%emt 1:00]",
        "[%draw G a1]",
        "[%draw",
        "[%csl Ga1]",
        "[%cal",
        "\\[%clk",
        "[%eval 0.3]",
        "[%clock 1:00]",
    ]
)
COMMENT = st.lists(PIECES, min_size=1, max_size=6).map("".join)
TIME_CONTROLS = ["300+3", "60+0", "1d", "14d", "-", "5400+30"]


def random_notes(rng: random.Random, cells: list[str], root: bool = False) -> dict:
    """Any notes a node may carry (the start: shapes only), often none."""
    notes: dict = {}
    if not root and rng.random() < 0.3:
        notes["glyph"] = rng.choice(GLYPHS)
    if rng.random() < 0.3:
        shapes = []
        for _ in range(rng.randint(1, 3)):
            a, b = rng.sample(cells, 2)
            shapes.append([rng.choice(COLOURS), a, b] if rng.random() < 0.5 else [rng.choice(COLOURS), a])
        notes["shapes"] = shapes
    if not root and rng.random() < 0.4:
        notes["left"] = rng.choice([0, rng.randrange(10**9), rng.randrange(600) * 100])
    if not root and rng.random() < 0.3:
        notes["spent"] = rng.choice([0, rng.randrange(10**8), rng.randrange(600) * 1000])
    return notes


def random_ending(rng: random.Random, record: Record) -> None:
    """A result and termination the record's main line allows."""
    n = record.start_state().num_players
    wins = ["-".join("1" if i == w else "0" for i in range(n)) for w in range(n)]
    draw = "-".join([f"1/{n}"] * n)
    if record.replay().main_end().state.outcome() is not None:
        record.termination = rng.choice([None, "rules"])
        return
    record.termination, record.result = rng.choice(
        [
            (None, rng.choice(["*", draw, *wins])),
            ("resignation", rng.choice(wins)),
            ("agreement", draw),
            ("time", rng.choice([draw, *wins])),
            ("abandoned", rng.choice(["*", draw, *wins])),
        ]
    )


def random_record(rng: random.Random, variant: tuple[str, str], comments: list[str]) -> Record:
    start = random_start(rng, *variant)
    cells = [c["id"] for c in start.view()["board"]["cells"]]
    nodes = random_tree(rng, start, rng.randrange(12), comments)
    noted = []
    for parent, move, comment in nodes:
        notes = random_notes(rng, cells)
        if {"left", "spent", "shapes"} & set(notes):  # a comment with commands: its ends' spaces go
            comment = comment.strip()
        noted.append((parent, move, comment, notes))
    root = random_notes(rng, cells, root=True)
    comment = rng.choice(["", *comments])
    record = Record.of(
        start,
        noted,
        notes={0: root},
        comment=comment.strip() if root else comment,
        timecontrol=rng.choice([None, *TIME_CONTROLS]),
        players=[rng.choice(["h", "c:casual"]) for _ in range(start.num_players)],
    )
    random_ending(rng, record)
    record._settle(record.replay())
    return record


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 2**32), st.lists(COMMENT, min_size=1, max_size=4))
def test_notes_and_endings_round_trip_through_text_and_json(variant, seed, comments):
    record = random_record(random.Random(seed), variant, comments)
    data = record.to_json()
    assert Record.from_json(data).to_json() == data  # JSON -> Record -> JSON
    text = records.format(record)
    parsed = parse(text)
    assert parsed.errors == []
    [again] = parsed.games
    assert again.to_json() == data  # text -> Record: the same game
    assert records.format(again) == text  # -> text: the same text


def test_the_records_command_prints_notes_and_endings_back(tmp_path):
    rng = random.Random(29)
    games = [random_record(rng, variant, ["a {b} \\[%clk", "c [%eval 1]"]) for variant in VARIANTS]
    games.append(
        parse_one(
            '[Game "loa"]\n[TimeControl "180+2"]\n[Termination "resignation"]\n\n'
            "1. d1-b3 $1 {[%clk 0:03:00]} h5-g4 { [%emt 0:00:02.5] [%draw R g4 g1] } 0-1"
        )
    )
    text = records.format(games)
    file = tmp_path / "games.gamut"
    file.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "gamut", "records", str(file)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == text
    last = parse(done.stdout).games[-1]
    assert (last.result, last.termination, last.timecontrol) == ("0-1", "resignation", "180+2")
    assert last.notes == {
        1: {"glyph": "!", "left": 180_000},
        2: {"shapes": [["R", "g4", "g1"]], "spent": 2_500},
    }
    assert "1. d1-b3 ! {[%clk 0:03:00]} 1... h5-g4 {[%emt 0:00:02.5] [%draw R g4 g1]} 0-1" in done.stdout


def test_every_game_is_covered():
    assert {game for game, _ in VARIANTS} == set(gamut.GAMES)
