"""The request layer's errors and the move box's answers are messages
(gamut.messages, issue #33): every malformed request through the bridge,
every command the move box cannot answer, the analysis', lessons', levels'
and puzzles' refusals, each raised from real bad input with a message whose
ids are in ENGLISH and in every catalog with their placeholders, and whose
English is the error's text; every answer of ``read``/``entry`` of every
game is a message that formats to the English the command line prints; and
no raise of a GamutError in these modules is left without a message."""

from __future__ import annotations

import json
import random

import pytest
from test_errors_messages import check
from test_messages import CATALOGS, walk

from gamut import ai, bridge, core
from gamut.analysis import replay
from gamut.core import GamutError
from gamut.messages import ENGLISH, Message
from gamut.puzzles.puzzle import read as read_puzzles
from gamut.words import CommandError, entry, read_said

LOA = f"{core.new('loa').header()} start"


def read(state, command, last=None) -> str:
    """A reading command's answer in English (the message's ``str()``)."""
    return str(read_said(state, command, last))


OVER = {"start": f"{core.new('loa').header()} 8/8/8/8/8/8/w7/bb1b3w b", "line": ["d1-c2"]}
DECLARE = {
    "start": "el standard first-two-equal=off,full-board=draw,declare-threats=on start",
    "line": ["c4=5"],
}
LESSON = json.loads(bridge.handle("lessons", json.dumps({"game": "loa"})))["result"]["lessons"][0]
STEP = {"game": "loa", "lesson": LESSON["id"], "step": LESSON["steps"][0]["id"], "move": "b1-d3"}
ATTEMPT = {"kind": "attempt", "start": LOA, "move": "b1-d3", "best": "b1-d3", "played": "b1-b3"}


def said_right(said: Message, expected_id: str, text: str) -> None:
    """``said`` is the expected message, known everywhere, and says ``text``."""
    assert isinstance(said, Message), text
    assert said.id == expected_id, (said.id, text)
    check(said, [])
    assert str(said) == text


#: Requests the page (a bug of it, or a damaged stored game) may send, and the id each answers.
REQUESTS = [
    ("nope", {}, "error.request.unknownMethod"),
    ("view", {}, "error.request.missing"),
    ("view", {"start": 5}, "error.request.paramType"),
    ("new", {"game": "loa", "variant": 3}, "error.request.paramType"),
    ("view", {"start": LOA, "line": ["b1-d3", 7]}, "error.request.notString"),
    ("view", {"start": "x" * 100_001}, "error.request.startTooLong"),
    ("enter", {"start": LOA, "text": "x" * 1001}, "error.request.entryTooLong"),
    ("read", {"start": LOA, "command": "x" * 1001}, "error.request.commandTooLong"),
    ("mark", {"start": LOA, "cells": []}, "error.request.noMarking"),
    ("mark", {**DECLARE, "cells": ["zz"]}, "error.request.notMarkable"),
    ("job_start", {"kind": "nope"}, "error.request.unknownJob"),
    ("job_step", {"job": 987654}, "error.request.noJob"),
    ("job_start", {"kind": "perft", "start": LOA, "depth": 99}, "error.request.perftDepth"),
    ("job_start", {"kind": "think", "start": LOA, "max_ms": 0}, "error.request.maxMs"),
    ("job_start", {"kind": "think", **OVER}, "error.request.over"),
    ("job_start", {"kind": "think", "start": LOA, "level": "godlike"}, "error.request.unknownLevel"),
    ("job_start", {**ATTEMPT, "best_chance": 2}, "error.request.bestChance"),
    ("job_start", {**ATTEMPT, "move": "b1-b2"}, "error.analysis.badTry"),
    ("job_start", {**ATTEMPT, "best": "zz"}, "error.analysis.badTry"),
    ("job_start", {"kind": "analyse", "start": LOA, "depth": 0}, "error.analysis.depth"),
    (
        "job_start",
        {"kind": "analyse", "start": f"{core.new('el', 'three-player').header()} start", "depth": 2},
        "error.analysis.monteCarlo",
    ),
    ("levels", {"game": "chess"}, "error.request.unknownGame"),
    ("lessons", {"game": "chess"}, "error.request.unknownGame"),
    ("puzzles", {"game": "chess"}, "error.request.unknownGame"),
    ("lesson_check", {**STEP, "move": "x" * 1001}, "error.request.moveTooLong"),
    ("lesson_check", {**STEP, "lesson": "nope"}, "error.lesson.noLesson"),
    ("lesson_check", {**STEP, "step": "nope"}, "error.lesson.noStep"),
    ("read", {"start": LOA, "command": "dance"}, "error.command.unknown"),
    ("enter", {"start": LOA, "text": " "}, "error.command.empty"),
    ("read", {"start": LOA, "command": "pieces green"}, "error.command.noPlayer"),
]


@pytest.mark.parametrize("method,params,expected", REQUESTS, ids=[r[2] + "/" + r[0] for r in REQUESTS])
def test_every_bad_request_is_said_as_a_message(method, params, expected):
    answer = json.loads(bridge.handle(method, json.dumps(params)))
    assert answer["ok"] is False, answer
    error = answer["error"]
    assert "said" in error, error
    said_right(Message.from_json(error["said"]), expected, error["message"])
    with pytest.raises(GamutError) as raised:
        bridge.call(method, params)
    said_right(raised.value.said, expected, str(raised.value))


def test_a_stepped_job_refuses_a_budget_out_of_range():
    job = bridge.call("job_start", {"kind": "perft", "start": LOA, "depth": 1})
    with pytest.raises(GamutError) as raised:
        bridge.call("job_step", {"job": job, "budget_ms": 10**9})
    said_right(raised.value.said, "error.request.budget", str(raised.value))
    bridge.call("job_cancel", {"job": job})


@pytest.mark.parametrize(
    "params_json,expected",
    [
        ("[" * 100, "error.request.tooDeep"),
        ("{", "error.request.notJson"),
        (5, "error.request.notText"),
        ("[1, 2]", "error.request.paramsType"),
        ('"start"', "error.request.paramsType"),
        ("null", "error.request.paramsType"),
    ],
)
def test_params_that_are_no_json_object_are_said_as_messages(params_json, expected):
    answer = json.loads(bridge.handle("view", params_json))
    if params_json == "null":  # (null is no params at all: a missing start)
        expected = "error.request.missing"
    said_right(Message.from_json(answer["error"]["said"]), expected, answer["error"]["message"])


def test_the_kinds_of_a_param_and_of_a_value_keep_their_english():
    answer = json.loads(bridge.handle("job_step", json.dumps({"job": 1, "budget_ms": "fast"})))
    assert answer["error"]["message"] in (
        "parameter 'budget_ms' must be an integer or a number, not a string",
        "no job 1 (finished, cancelled or never started)",
    )
    answer = json.loads(bridge.handle("view", json.dumps({"start": True})))
    assert answer["error"]["message"] == "parameter 'start' must be a string, not a boolean"
    with pytest.raises(GamutError, match=r"params must be a JSON object, not tuple"):
        bridge.call("view", (1,))


def test_the_analysis_the_search_and_the_puzzles_files_say_their_refusals():
    start = core.new("loa")
    for line, expected in (([5], "error.analysis.notText"), (["b1-b2"], "error.analysis.badMove")):
        with pytest.raises(GamutError) as raised:
            replay(start, line)
        said_right(raised.value.said, expected, str(raised.value))
    cause = raised.value.said.args["cause"]
    assert isinstance(cause, Message) and cause.id == "error.loa.distance"  # (the move's own reason, nested)
    with pytest.raises(GamutError) as raised:
        ai.start(core.new("el", "three-player"), "casual", depth=3)
    said_right(raised.value.said, "error.analysis.depthMonteCarlo", str(raised.value))
    record = (
        '[Game "loa"]\n[Variant "standard"]\n[Start "loa standard double-connection=mover start"]\n'
        '[PuzzleId "t-1"]\n[Theme "connect"]\n[Rating "{rating}"]\n[Player "0"]\n\n{moves} *\n'
    )
    for text, expected in (
        (record.replace('[Theme "connect"]\n', ""), "error.puzzle.tag"),
        (record.replace("{rating}", "strong"), "error.puzzle.integers"),
        (record.replace("{rating}", "900").replace("{moves}", "1. b1-d3"), "error.puzzle.short"),
    ):
        text = text.replace("{rating}", "900").replace("{moves}", "1. b1-d3 h2-f4")
        with pytest.raises(GamutError) as raised:
            read_puzzles(text)
        said_right(raised.value.said, expected, str(raised.value))


# -- the move box ----------------------------------------------------------------------

#: Commands the move box cannot answer, and the id of each refusal.
REFUSED = [
    ("dance", "error.command.unknown"),
    ("pieces", "error.command.sayWhich"),
    ("cell", "error.command.sayWhich"),
    ("rank", "error.command.sayWhich"),
    ("pieces green", "error.command.noPlayer"),
    ("rank 99", "error.command.noLine"),
    ("row z", "error.command.noLine"),
    ("file zz", "error.command.noLine"),
    ("column 0", "error.command.noLine"),
    ("cell z9", "error.command.noCell"),
    ("moves z9", "error.command.noCell"),
    ("turn now", "error.command.nothingAfter"),
    ("last 2", "error.command.nothingAfter"),
    ("score all", "error.command.nothingAfter"),
]


@pytest.mark.parametrize("game", sorted(core.GAMES))
@pytest.mark.parametrize("command,expected", REFUSED)
def test_commands_that_cannot_be_answered_are_said_as_messages(game, command, expected):
    with pytest.raises(CommandError) as raised:
        read(core.new(game), command)
    said_right(raised.value.said, expected, str(raised.value))
    if command == "dance":
        return  # (the move box reads a text that is no command as a move: the game's reason)
    with pytest.raises(CommandError) as raised:
        entry(core.new(game), command)
    said_right(raised.value.said, expected, str(raised.value))


def test_a_command_that_is_no_text_and_an_empty_entry_are_said():
    with pytest.raises(CommandError) as raised:
        read(core.new("loa"), 5)  # type: ignore[arg-type]
    said_right(raised.value.said, "error.command.notText", str(raised.value))
    with pytest.raises(CommandError) as raised:
        entry(core.new("loa"), "")
    said_right(raised.value.said, "error.command.empty", str(raised.value))


def commands(state) -> list[str]:
    """Every command of the move box for ``state``: each player, line and cell."""
    view = state.view()
    cells = [c["id"] for c in view["board"]["cells"]]
    names = {part for c in cells for part in (c.rstrip("0123456789"), c.lstrip("abcdefghijklmnopqrstuvwxyz"))}
    out = ["turn", "last", "score", "help", "moves"]
    out += [f"pieces {i + 1}" for i in range(len(view["players"]))]
    out += [f"{word} {name}" for name in sorted(names) for word in ("rank", "row", "file", "column")]
    out += [f"cell {c}" for c in cells] + [f"moves {c}" for c in cells]
    return out


#: The games that say their score their own way (State.score_said): a
#: message too; the others say the view's counters.
OWN_SCORE = {"loa", "el", "evl"}

VARIANTS = [(g, v.id) for g, info in sorted(core.GAMES.items()) for v in info.variants]


@pytest.mark.slow
@pytest.mark.parametrize("game,variant", VARIANTS)
def test_every_answer_of_the_move_box_is_a_message_saying_the_english(game, variant):
    rng = random.Random(f"box/{game}/{variant}")
    state, last = core.new(game, variant), None
    seen: set[str] = set()
    for turn in range(40):
        if turn % 13 == 0 or state.outcome() is not None:
            for command in commands(state):
                said = read_said(state, command, last)
                answer = entry(state, command, last)
                assert set(answer) == {"answer"}  # (the message only: no English beside it)
                if command == "score":  # the game's own counts (score.*) or the view's counters
                    named: list[str] = []
                    walk(said, named)
                    assert any(i.startswith("score.") for i in named) == (game in OWN_SCORE), named
                assert isinstance(said, Message), (command, said)
                check(said, [])
                ids: list[str] = []
                check(said, ids)
                seen.update(ids)
                assert str(said).endswith("."), (command, str(said))
                assert Message.from_json(answer["answer"]) == said
        if state.outcome() is not None:
            break
        move = rng.choice(state.legal_moves())
        state, last = state.play(move), (state, move)
    assert {"box.help", "box.moves", "box.line", "box.cell", "box.run", "view.sentence"} <= seen
    assert "box.last" in seen and ("box.pieces" in seen or "box.noPieces" in seen)


def test_the_answers_read_the_boards_contents_in_their_words():
    evl = core.new("evl").play_text("a1").play_text("b1")
    said = read_said(evl, "row ab")
    assert str(said) == "Row ab: ab1 to ab6 pentagon, empty."
    assert str(read_said(evl, "cell a1")) == "a1: heptagon, Black piece."
    loa = core.new("loa")
    assert read_said(loa, "moves a1") == Message("box.noMoveFrom", {"cell": "a1"})
    assert read_said(loa, "last") == Message("box.noLast")
    escabel = core.new("escabel")
    assert read(escabel, "score") == "Player 1 (Black): 0 stacks; Player 2 (White): 0 stacks."
    assert read_said(escabel, "score").id == "view.sentence"  # (the default score: the view's counters)


def test_the_bridge_sends_the_answer_as_a_message_only():
    for method, key, english, params in (
        (
            "enter",
            "answer",
            "3 legal moves: h2-f2, h2-h8, h2-f4.",
            {"start": LOA, "line": ["b1-d3"], "text": "moves h2"},
        ),
        (
            "read",
            "said",
            "Last move: Black b1 to d3, groups: Black 3, White 2.",
            {"start": LOA, "line": ["b1-d3"], "command": "last"},
        ),
    ):
        result = json.loads(bridge.handle(method, json.dumps(params)))["result"]
        assert set(result) == {key}, result
        said = Message.from_json(result[key])
        check(said, [])
        assert str(said) == english


# -- no raise without a message --------------------------------------------------------


def test_every_id_of_this_section_is_in_every_catalog():
    ours = [
        k for k in ENGLISH if k.startswith(("box.", "error.request.", "error.command.", "error.analysis."))
    ]
    assert len(ours) > 50
    for lang, catalog in CATALOGS.items():
        assert all(k in catalog for k in ours), lang
