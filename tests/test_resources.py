"""The package's data files on both of the page's start paths (gamut.resources).

A start from the memory snapshot has Python's heap but not the wheel's file:
these tests build the wheel, import the engine from it as the worker does,
prepare the snapshot, then take the wheel away and ask for every game's
lessons and puzzles.  Without the preparation the same requests fail: the
second test shows that the first would catch the return-visit bug (lessons
and puzzles gone on a return visit, issue #41).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import build
import gamut
from gamut import resources
from gamut.core import GAMES
from tools.build.wheel import package_files

PACKAGE = Path(gamut.__file__).resolve().parent


def test_every_data_file_the_wheel_ships_is_declared():
    resources.prepare_snapshot()  # (imports every module: each declares what it reads)
    declared = {
        f"{package.removeprefix('gamut').replace('.', '/').lstrip('/')}/{name}".lstrip("/")
        for package, name in resources.declared()
    }
    shipped = {p.relative_to(PACKAGE).as_posix() for p in package_files() if p.suffix != ".py"}
    assert shipped, "the wheel ships data files"
    assert shipped <= declared, (
        f"read at run time but not kept for the snapshot: {sorted(shipped - declared)}"
    )


def test_a_missing_data_file_is_a_typed_error_said_as_a_message():
    resources.declare("gamut.lessons", "no-such-file.json")
    try:
        with pytest.raises(resources.MissingDataError) as caught:
            resources.data("gamut.lessons", "no-such-file.json")
        assert caught.value.said.id == "error.internal.data"
        assert caught.value.said.args == {"file": "gamut.lessons/no-such-file.json"}
    finally:
        resources._DECLARED.remove(("gamut.lessons", "no-such-file.json"))


# Run in a new interpreter: import gamut from the wheel (a zip on sys.path, as
# in the worker), optionally prepare the snapshot, delete the wheel, then ask.
_SNAPSHOT_START = textwrap.dedent(
    """
    import json, os, sys
    wheel, prepare, games = sys.argv[1], sys.argv[2] == "prepare", json.loads(sys.argv[3])
    sys.path.insert(0, wheel)
    import gamut.bridge, gamut.resources
    assert gamut.__file__.startswith(wheel), gamut.__file__
    if prepare:
        gamut.resources.prepare_snapshot()
    else:  # what the worker did before: every module imported, no file kept
        import importlib, pkgutil
        for m in pkgutil.walk_packages(gamut.__path__, "gamut."):
            if not m.name.endswith("__main__"):
                importlib.import_module(m.name)
    os.remove(wheel)  # a start from the snapshot: the heap, no file
    answers = {}
    for game in games:
        answers[game] = {
            "lessons": json.loads(gamut.bridge.handle("lessons", json.dumps({"game": game}))),
            "puzzles": json.loads(gamut.bridge.handle("puzzles", json.dumps({"game": game}))),
        }
    print(json.dumps(answers))
    """
)


def _start_without_the_wheel(tmp_path: Path, prepare: bool) -> dict:
    wheel = build.build_wheel(tmp_path)
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            _SNAPSHOT_START,
            str(wheel),
            "prepare" if prepare else "no",
            json.dumps(list(GAMES)),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,  # (not the checkout: gamut comes from the wheel alone)
        env={"PATH": "/usr/bin:/bin"},
        check=True,
    )
    return json.loads(done.stdout)


@pytest.mark.slow
def test_lessons_and_puzzles_of_every_game_are_there_after_a_start_from_the_snapshot(tmp_path):
    answers = _start_without_the_wheel(tmp_path, prepare=True)
    for game in GAMES:
        lessons, puzzles = answers[game]["lessons"], answers[game]["puzzles"]
        assert lessons["ok"], (game, lessons)
        assert puzzles["ok"], (game, puzzles)
        steps = [step for lesson in lessons["result"]["lessons"] for step in lesson["steps"]]
        assert len(steps) >= 5, (game, len(steps))
        assert len(puzzles["result"]["puzzles"]) >= 100, (game, len(puzzles["result"]["puzzles"]))


@pytest.mark.slow
def test_without_the_preparation_the_same_start_says_why_in_the_players_words(tmp_path):
    answers = _start_without_the_wheel(tmp_path, prepare=False)
    for game in GAMES:
        for what in ("lessons", "puzzles"):
            answer = answers[game][what]
            assert not answer["ok"], (game, what)
            # a typed error said as a message, never a raw Python error for the player
            assert answer["error"]["type"] == "MissingDataError", answer
            assert answer["error"]["said"]["id"] == "error.internal.data", answer
