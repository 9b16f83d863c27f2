"""The protocol shared by every game: registry, errors, perft, CLI."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gamut
from gamut import core
from gamut.__main__ import main
from gamut.games import SHIPPED_GAMES

ROOT = Path(__file__).resolve().parents[1]


def python_says(code: str) -> str:
    """What ``code`` prints in a fresh interpreter with the engine on its path."""
    env = {"PYTHONPATH": str(ROOT / "py")}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    ).stdout


def test_games_lists_every_shipped_game_with_metadata():
    assert tuple(gamut.GAMES) == SHIPPED_GAMES
    for info in gamut.GAMES.values():
        data = json.loads(json.dumps(info.to_json()))
        assert data["id"] == info.id and data["name"] == info.name
        assert [v["id"] for v in data["variants"]] == [v.id for v in info.variants]
        for option in data["options"]:
            assert option["default"] in option["choices"]
        # no English beside the ids (#43): the page names variants and options
        # and says their descriptions by the catalogs (test_view_words.py)
        assert set(data) == {"id", "name", "players", "variants", "options", "draws", "draws_unless"}
        assert all(set(v) == {"id", "players"} for v in data["variants"])
        assert all(set(o) == {"name", "choices", "default", "variants", "when"} for o in data["options"])


def test_the_games_register_in_the_order_of_the_one_list():
    from gamut.games import GAME_PACKAGES

    assert tuple(gamut.GAMES) == GAME_PACKAGES == SHIPPED_GAMES  # (a game's id is its package's name)
    for game, info in gamut.GAMES.items():
        assert info.package == f"gamut.games.{game}"
    with pytest.raises(ValueError, match="already registered"):
        core.register(
            core.GameInfo(
                "loa",
                "Another",
                "",
                gamut.GAMES["loa"].variants,
                factory=lambda v, o: None,
                loader=lambda h, b: None,
            )
        )
    assert gamut.GAMES["loa"].name == "Lines of Action"


def test_a_games_words_are_its_own_and_leave_with_it():
    """A game owns its English (#43): every message id naming a registered
    game (``move.loa.step``, ``error.position.el.format``...) is in that
    game's ``GameInfo.english`` (its ``english.py``), never in the shared
    table ``gamut/english.py`` (read afresh here, as it is before any game
    registers); ``ENGLISH`` is that table and the games' words, and
    unregistering a game takes exactly its words away.  A module of the
    engine imported alone already says a game's words (importing it
    registers the games first)."""
    import importlib.util

    import gamut.english
    from gamut.messages import ENGLISH

    spec = importlib.util.spec_from_file_location("shared_english", gamut.english.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    shared: dict[str, str] = module.ENGLISH
    assert shared and all(ENGLISH[key] == text for key, text in shared.items())
    for game, info in gamut.GAMES.items():
        named = {key for key in ENGLISH if f".{game}." in key}
        assert named <= set(info.english), (game, sorted(named - set(info.english)))
        assert not set(info.english) & set(shared), (game, sorted(set(info.english) & set(shared)))
        assert all(ENGLISH[key] == text for key, text in info.english.items()), game
    assert all(gamut.GAMES[game].english for game in SHIPPED_GAMES)
    assert set(ENGLISH) == set(shared).union(*(info.english for info in gamut.GAMES.values()))

    games, english = dict(gamut.GAMES), dict(ENGLISH)
    try:
        for game, info in games.items():
            core.register(info)  # (the same game again: nothing changes)
            assert english == ENGLISH, game
            core.unregister(game)
            assert {key: text for key, text in english.items() if key not in info.english} == ENGLISH, game
            core.register(info)
            assert english == ENGLISH, game
        # a game bringing a message the table has, even word for word, is refused
        # (unregistering it would take the shared word or another game's away)
        for key in ("seat.black", "move.loa.step"):
            intruder = dataclasses.replace(games["el"], id="intruder", english={key: ENGLISH[key]})
            with pytest.raises(ValueError, match=re.escape(key)):
                core.register(intruder)
            assert "intruder" not in gamut.GAMES and english == ENGLISH
    finally:  # (the registry and the table as they were, in their order)
        gamut.GAMES.clear()
        gamut.GAMES.update(games)
        ENGLISH.clear()
        ENGLISH.update(english)

    code = "from gamut.messages import Message; print(Message('view.loa.noMove'))"
    out = python_says(code)
    assert out.strip() == "No legal move: pass."


def test_evaluation_modules_load_on_first_use_in_one_shape():
    """Importing the engine and its bridge (the page's start) loads no
    evaluation module; ``core.evaluation`` loads a game's on first use, and
    every one has the three functions of ``core.EvaluationProtocol``."""
    code = (
        "import sys, gamut, gamut.bridge; print(sorted(m for m in sys.modules if m.endswith('.evaluation')))"
    )
    out = python_says(code)
    assert out.strip() == "[]"
    for game in gamut.GAMES:
        module = core.evaluation(game)
        assert module.__name__ == f"gamut.games.{game}.evaluation"
        assert core.evaluation(game) is module
        for name in ("evaluate", "move_order_keys", "search_moves"):
            assert callable(getattr(module, name)), (game, name)
        s = gamut.new(game)
        if s.search_kind == "alphabeta":
            assert s.evaluate() == module.evaluate(s)
            moves = s.legal_moves()
            assert s.move_order_keys(moves) == module.move_order_keys(s, moves)
            assert list(s.search_moves()) == list(module.search_moves(s))


def test_el_variant_players():
    el = gamut.GAMES["el"]
    assert [v.players for v in el.variants] == [2, 2, 2, 3, 4]


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: gamut.new("chess"), gamut.UnknownGameError, list(SHIPPED_GAMES)),
        (lambda: gamut.new("loa", "giant"), gamut.UnknownVariantError, ["standard", "scrambled-eggs"]),
        (lambda: gamut.new("loa", colour="red"), gamut.OptionError, ["double-connection"]),
        (lambda: gamut.new("loa", double_connection="nobody"), gamut.OptionError, ["mover", "draw"]),
    ],
)
def test_bad_choices_name_the_valid_ones(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, ValueError)
    for word in words:
        assert word in str(info.value)


def test_options_accept_underscores_and_text_values():
    a = gamut.new("loa", double_connection="draw")
    b = gamut.new("loa", **{"double-connection": "draw"})
    assert a == b and a.options == {"double-connection": "draw"}
    assert a != gamut.new("loa")
    assert "double-connection=draw" in a.to_text()


def test_start_body_loads_the_start_position():
    s = gamut.load("loa scrambled-eggs double-connection=mover start")
    assert s == gamut.new("loa", "scrambled-eggs")


def test_perft_depth_zero_and_finished_positions():
    s = gamut.new("loa")
    assert gamut.perft(s, 0) == 1
    done = gamut.load("loa standard double-connection=mover w7/8/8/8/3b1b2/2b5/8/7w b").play_text("f4-e5")
    assert gamut.perft(done, 1) == 0 and gamut.perft(done, 3) == 0


def test_divide_sums_to_perft():
    s = gamut.new("loa")
    parts = gamut.divide(s, 2)
    assert len(parts) == 36 and sum(n for _, n in parts) == 1244


def test_replay_names_the_bad_move():
    with pytest.raises(gamut.RecordError, match=r"move 2 \('b1-b3'\)"):
        gamut.replay(gamut.new("loa"), ["b1-b3", "b1-b3"])


def test_cli_perft(capsys):
    assert main(["perft", "loa", "2"]) == 0
    assert capsys.readouterr().out.strip() == "1244"
    assert main(["perft", "loa", "2", "--variant", "scrambled-eggs"]) == 0
    assert capsys.readouterr().out.strip() == "992"


def test_perft_takes_a_games_own_perft_and_counts_the_same(capsys, monkeypatch):
    """Lines of Action has its own (bitboard) perft: ``gamut.perft`` and the
    command line go through it, with the counts of the generic walk."""
    from gamut.core.perft import generic_perft
    from gamut.games.loa import perft as loa_perft

    depths = []

    def spy(state, depth):
        depths.append(depth)
        return real(state, depth)

    real = loa_perft.perft
    monkeypatch.setattr(loa_perft, "perft", spy)
    assert main(["perft", "loa", "3"]) == 0
    assert depths == [3]  # the hook was taken, once, for the whole count
    assert int(capsys.readouterr().out) == generic_perft(gamut.new("loa"), 3) == 44_952
    eggs = gamut.new("loa", "scrambled-eggs")
    assert gamut.perft(eggs, 3) == generic_perft(eggs, 3) and depths == [3, 3]
    # a game without one is walked move by move (the hook is optional)
    el = gamut.new("el")
    assert not hasattr(el, "perft") and gamut.perft(el, 2) == generic_perft(el, 2) == 216 * 210


def test_cli_moves_and_errors(capsys):
    assert main(["moves", gamut.new("loa").to_text()]) == 0
    lines = capsys.readouterr().out.split()
    assert len(lines) == 36 and "b1-b3" in lines
    assert main(["moves", "loa nonsense"]) == 2
    assert "error:" in capsys.readouterr().err
    assert main(["perft", "chess", "1"]) == 2


def test_cli_runs_as_a_module():
    out = subprocess.run(
        [sys.executable, "-m", "gamut", "perft", "loa", "1"],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "36"


def test_errors_are_value_errors():
    for cls in (
        core.UnknownGameError,
        core.UnknownVariantError,
        core.OptionError,
        core.PositionError,
        core.IllegalMoveError,
        core.RecordError,
    ):
        assert issubclass(cls, gamut.GamutError) and issubclass(cls, ValueError)
