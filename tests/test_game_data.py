"""A game owns its data (issue #43): each shipped game keeps its puzzles,
lessons and ratings in its own package (``py/gamut/games/<id>/``, beside its
rules) and its page's files in ``web/games/<id>/``, and everything else
finds them from the registry: the puzzle library, the lessons loader, the
ratings, the build's engine exercise.  Adding a fifth game is then adding
its two folders and its line in ``GAME_PACKAGES``; these tests fail when a
registered game lacks a file, when a file sits where no registered game
reads it (a game left half-removed, or data back in a shared folder), and
when the engine exercise (what decides the site's standard library) would
not reach a new game's modules.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import toygame

import gamut
from gamut import bridge, core
from gamut.ai.ratings import ratings_of
from gamut.games import DATA_FILES, GAME_PACKAGES, PACKAGES
from gamut.lessons.lesson import every_game_lessons, lessons_of
from gamut.puzzles.library import data_path, load_game
from tools.build import engine_exercise, wheel
from tools.build.toysite import TOY_ID, add_toy_game, register_line
from tools.build.wheel import package_files

ROOT = Path(__file__).resolve().parent.parent
GAMES_DIR = ROOT / "py" / "gamut" / "games"
#: Every file a game keeps in its package besides its modules: its data, and its
#: generated ratings (a module, but data in all but form; a game the arena has
#: not measured yet has none, and its levels no ratings).
RATINGS_FILE = "ratings.py"
OWN_FILES = (*DATA_FILES, RATINGS_FILE)


def test_the_shipped_games_are_the_registry_in_its_order():
    assert [gamut.GAMES[game].package for game in gamut.GAMES] == list(PACKAGES)
    assert [package.rsplit(".", 1)[1] for package in PACKAGES] == list(GAME_PACKAGES)


def test_every_registered_game_has_its_data_in_its_own_folders():
    for package in GAME_PACKAGES:
        for name in DATA_FILES:
            assert (GAMES_DIR / package / name).is_file(), f"py/gamut/games/{package}/{name} is missing"
        web = ROOT / "web" / "games" / package
        for name in ("rules.en.html", "diagrams.json"):
            assert (web / name).is_file(), f"web/games/{package}/{name} is missing"


def test_no_data_file_sits_where_no_registered_game_reads_it():
    # every data file the wheel ships is one of a registered game's own
    # (not a shared folder's, as the puzzles' and lessons' once were)
    for path in package_files():
        if path.suffix == ".py" or path.name == "py.typed":
            continue
        where = path.relative_to(GAMES_DIR.parent).as_posix()
        parts = where.split("/")
        assert len(parts) == 3 and parts[0] == "games", f"gamut/{where}: not in a game's folder"
        assert parts[1] in GAME_PACKAGES, f"gamut/{where}: {parts[1]!r} is not registered"
        assert parts[2] in DATA_FILES, f"gamut/{where}: not a data file a game keeps"
    # a game's folder that is not registered holds nothing of a game's own
    for folder in (*GAMES_DIR.iterdir(), *(ROOT / "web" / "games").iterdir()):
        if folder.is_dir() and folder.name != "__pycache__" and folder.name not in GAME_PACKAGES:
            kept = sorted(
                p.name for p in folder.iterdir() if p.name in (*OWN_FILES, "rules.en.html", "themes.json")
            )
            assert not kept, f"{folder.relative_to(ROOT)} holds {kept} for a game not registered"


@pytest.mark.slow  # (--fast leaves it out: over a second of CPU; every full run has it)
def test_each_games_data_is_found_from_its_registration():
    for game, info in gamut.GAMES.items():
        folder = GAMES_DIR / info.package.rsplit(".", 1)[1]
        assert Path(data_path(game)) == folder / "puzzles.txt"
        assert load_game(game), game
        assert lessons_of(game), game
        assert bool(ratings_of(game)) == (folder / RATINGS_FILE).is_file(), game
        raw = json.loads((folder / "lessons.json").read_text())
        assert [lesson.id for lesson in lessons_of(game)] == [lesson["id"] for lesson in raw["lessons"]]
    assert list(every_game_lessons()) == list(gamut.GAMES)  # (the registry's order)


def test_a_game_that_is_not_shipped_has_no_puzzles_lessons_or_ratings_and_is_not_an_error():
    core.register(toygame.INFO)
    try:
        answers = {m: bridge.call(m, {"game": toygame.INFO.id}) for m in ("puzzles", "lessons", "levels")}
    finally:
        core.unregister(toygame.INFO.id)
    assert answers["puzzles"]["puzzles"] == [] and answers["lessons"]["lessons"] == []
    assert answers["levels"]["levels"] and all(lv["rating"] is None for lv in answers["levels"]["levels"])


def test_the_engine_exercise_reaches_a_game_it_was_never_told_of(monkeypatch):
    """The build cuts the standard library to what the exercise imports
    (tools/build/stdlib.py): it must ask a new game everything, from the
    registry, or the page would lack that game's modules.  Run here with the
    tests' tic-tac-toe as the only game (the four take minutes in CPython:
    test_build_stdlib.py runs them), its deep inputs (Lines of Action's
    records, test_deep_inputs.py) left out."""
    monkeypatch.setattr(engine_exercise, "exercise_deep_inputs", lambda *args: None)
    asked: list[tuple[str, dict]] = []
    handle = bridge.handle

    def spy(method, text):
        asked.append((method, json.loads(text)))
        return handle(method, text)

    monkeypatch.setattr(bridge, "handle", spy)
    shipped = dict(gamut.GAMES)
    sys.modules.pop("toygame.evaluation", None)
    gamut.GAMES.clear()
    core.register(toygame.INFO)
    try:
        answer = engine_exercise.exercise([])
    finally:
        core.unregister(toygame.INFO.id)
        gamut.GAMES.update(shipped)
    assert list(gamut.GAMES) == list(shipped)  # (the registry as it was, in its order)
    assert answer["problems"] == []
    toy = toygame.INFO.id
    for method in ("new", "puzzles", "levels", "lessons", "setup_palette"):
        assert any(m == method and p.get("game") == toy for m, p in asked), method
    kinds = {p["kind"] for m, p in asked if m == "job_start"}
    assert {"perft", "think", "analyse"} <= kinds
    assert "toygame.evaluation" in sys.modules  # (the computer player's module, imported on first use)


# Run in a new interpreter: gamut from the wheel alone (a zip on sys.path, as in
# the worker), the exercise from the repository's tools/build/ (standard library only).
_EXERCISE_FROM_THE_WHEEL = """
import json, sys
wheel, root = sys.argv[1], sys.argv[2]
sys.path[:0] = [wheel, root]
import gamut
assert gamut.__file__.startswith(wheel), gamut.__file__
from tools.build import engine_exercise
answer = engine_exercise.exercise([])
mine = sorted(name for name in sys.modules if name.startswith("gamut.games.tictactoe"))
print(json.dumps({"games": list(gamut.GAMES), "problems": answer["problems"], "modules": mine}))
"""


@pytest.mark.slow
def test_a_fifth_game_built_into_the_wheel_is_reached_by_the_exercise(tmp_path, monkeypatch):
    """The whole contract of a new game on the engine's side: the tests'
    tic-tac-toe copied in as ``py/gamut/games/tictactoe/`` with its data
    files and its line in ``GAME_PACKAGES``, and nothing else changed.  The
    wheel ships it, and the engine exercise (what decides the site's
    standard library) run from that wheel asks it everything."""
    py = tmp_path / "py"
    shutil.copytree(GAMES_DIR.parent, py / "gamut", ignore=shutil.ignore_patterns("__pycache__"))
    add_toy_game(py)  # (as the test site's build adds it: tools/build/toysite.py)
    monkeypatch.setattr(wheel, "PY", py)
    built = wheel.build_wheel(tmp_path / "wheels")
    done = subprocess.run(
        [sys.executable, "-I", "-c", _EXERCISE_FROM_THE_WHEEL, str(built), str(ROOT)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    )
    answer = json.loads(done.stdout.splitlines()[-1])
    assert answer["games"] == [*GAME_PACKAGES, TOY_ID]
    assert answer["problems"] == []
    assert "gamut.games.tictactoe.evaluation" in answer["modules"]  # (imported on first use: the computer)


def test_a_new_game_is_one_line_of_the_registry():
    """The test site's build (tools/build/toysite.py) adds a game as a person
    would: one name at the end of ``GAME_PACKAGES``, the line otherwise as it was."""
    listing = (GAMES_DIR / "__init__.py").read_text()
    added = register_line(listing, "newgame")
    assert [a for a, b in zip(added.splitlines(), listing.splitlines(), strict=True) if a != b] == [
        "GAME_PACKAGES = (" + ", ".join(f'"{g}"' for g in (*GAME_PACKAGES, "newgame")) + ")"
    ]
    assert toygame.INFO.id == TOY_ID  # (the package's name is the game's id, as the registry expects)
