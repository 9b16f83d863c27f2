"""The lessons (gamut.lessons, issue #31): every step's position still loads
and is not over, every intended move is legal and meets the step's goal,
every wrong move the step names fails with its own why, and some other
legal move fails too, with a why; the bridge methods answer as documented.
An engine change that breaks a lesson fails here."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import gamut
from gamut import bridge
from gamut.games import SHIPPED_GAMES
from gamut.lessons.lesson import GOAL_KINDS, check, english, lessons_of, position_of, read_lessons
from gamut.messages import Message
from gamut.view import check_view

GAMES = SHIPPED_GAMES  # every game (the registry's)
STEPS = [(game, lesson, step) for game in GAMES for lesson in lessons_of(game) for step in lesson.steps]
IDS = [f"{g}-{lesson.id}-{s.id}" for g, lesson, s in STEPS]


def ok(method, params):
    answer = json.loads(bridge.handle(method, json.dumps(params)))
    assert answer["ok"], answer
    return answer["result"]


def err(method, params):
    answer = json.loads(bridge.handle(method, json.dumps(params)))
    assert not answer["ok"], answer
    return answer["error"]


# the games whose lessons teach, then test (issue #44): 12 to 16 steps, at
# least half of them a decision among plausible moves
TAUGHT = GAMES


def is_decision(step) -> bool:
    """A step that asks the player to choose: it names two or more plausible wrong moves."""
    return len(step.wrong) >= 2


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_twelve_to_sixteen_steps_in_a_few_short_lessons(game):
    lessons = lessons_of(game)
    steps = [s for lesson in lessons for s in lesson.steps]
    assert 12 <= len(steps) <= 16
    assert 2 <= len(lessons) <= 5
    assert len({lesson.id for lesson in lessons}) == len(lessons)
    for lesson in lessons:
        assert len({s.id for s in lesson.steps}) == len(lesson.steps), lesson.id
        assert lesson.title and lesson.title[0].isupper()


@pytest.mark.parametrize(("game", "lesson", "step"), STEPS, ids=IDS)
def test_a_step_position_loads_and_its_intended_moves_meet_the_goal(game, lesson, step):
    state = position_of(step)
    assert state.game_id == game
    assert state.outcome() is None, "a step's position must still be in play"
    check_view(state.view())
    assert gamut.load(state.to_text()) == state
    assert step.moves, "a step names its intended moves"
    legal = {state.move_text(m) for m in state.legal_moves()}
    for move in step.moves:
        assert move in legal, f"{move} is not legal"
        verdict = check(step, move)
        assert verdict.ok, f"{move}: {verdict.why}"
        assert verdict.why == step.well
    assert len(step.task) <= 100 and step.task.endswith("."), "the task is one line"


@pytest.mark.parametrize(("game", "lesson", "step"), STEPS, ids=IDS)
def test_a_wrong_move_fails_with_a_why(game, lesson, step):
    state = position_of(step)
    for move, why in step.wrong:
        verdict = check(step, move)
        assert not verdict.ok, f"{move} should not meet the goal"
        assert verdict.why == why
    # and a move the step does not name: the first legal one that fails
    others = [state.move_text(m) for m in state.legal_moves()]
    failing = [m for m in others if m not in step.moves and not check(step, m).ok]
    assert failing, "every step rejects some legal move"
    verdict = check(step, failing[0])
    assert verdict.why and verdict.why != step.well
    assert step.miss in verdict.why or verdict.why in dict(step.wrong).values()


@pytest.mark.parametrize("game", TAUGHT)
def test_at_least_half_the_steps_are_decisions_and_each_rejects_two_plausible_wrong_moves(game):
    """Issue #44: a decision step names at least two wrong moves, each legal
    in its position, each rejected by the checker with a why of its own (not
    the step's general miss, and no two alike); no task names an intended move."""
    steps = [s for lesson in lessons_of(game) for s in lesson.steps]
    decisions = [s for s in steps if is_decision(s)]
    assert 2 * len(decisions) >= len(steps), [s.id for s in decisions]
    for step in steps:
        assert not any(move in step.task for move in step.moves), (step.id, step.task)
    for step in decisions:
        state = position_of(step)
        legal = {state.move_text(m) for m in state.legal_moves()}
        whys = []
        for move, why in step.wrong:
            assert move in legal, (step.id, move)
            verdict = check(step, move)
            assert not verdict.ok and verdict.why == why, (step.id, move)
            assert why != step.miss and why not in whys, (step.id, move)
            whys.append(why)
        assert len({m for m, _ in step.wrong}) == len(step.wrong), step.id


def test_the_goals_are_checked_by_the_engine_not_by_the_list_of_moves():
    """A move the step does not list but that meets the goal passes (EL's
    bottom row has other winning cells than f1), and a winning move that
    only the list would accept does not exist."""
    step = next(s for _, _, s in STEPS if s.id == "line")
    assert check(step, "a2=6").ok  # an L: a2-a1-b1-c1-d1-e1
    assert not check(step, "f1=5").ok


def test_each_game_teaches_its_own_rules():
    kinds = {g: {s.goal.kind for lesson in lessons_of(g) for s in lesson.steps} for g in GAMES}
    assert {"reach", "capture", "win", "defend"} <= kinds["loa"]
    assert {"move", "win", "defend", "declare"} <= kinds["el"]
    assert {"connect", "capture", "chain", "defend"} <= kinds["escabel"]
    assert {"reach", "capture", "win"} <= kinds["evl"]
    assert set().union(*kinds.values()) == set(GOAL_KINDS)


def test_el_declaration_says_which_threat_was_left_out():
    step = next(s for g, _, s in STEPS if g == "el" and s.id == "declare")
    verdict = check(step, "declare:e1,f2,a3,e3")
    assert not verdict.ok and "You threaten on a1 too" in verdict.why and "left out" in verdict.why
    # (the engine drops a marked cell that is no threat: nothing to say about it)
    assert check(step, "declare:a1,e1,f2,a3,e3,b3").move == "declare:a1,e1,f2,a3,e3"


def test_escabel_chain_names_the_reply_that_breaks_it():
    step = next(s for g, _, s in STEPS if g == "escabel" and s.id == "taller")
    verdict = check(replace(step, wrong=()), "c1")
    assert not verdict.ok and "c2>c1 breaks your chain" in verdict.why


def test_loa_defend_names_the_winning_reply():
    step = next(s for g, _, s in STEPS if g == "loa" and s.id == "defend")
    verdict = check(step, "b1-c1")
    assert not verdict.ok and "e4-c6 still wins" in verdict.why


def test_reach_without_a_piece_accepts_any_piece_ending_on_the_cells():
    step = next(s for g, _, s in STEPS if g == "loa" and s.id == "centre")
    assert step.goal.kind == "reach" and not step.goal.frm
    for move in ("a4-d4", "h4-f6", "d8-f6", "e1xc3"):  # every piece that can come in
        assert check(step, move).ok, move
    verdict = check(step, "e1-f1")
    assert not verdict.ok and verdict.why.startswith(
        "e1-f1 ends on f1, not on one of the cells the task asks for."
    )


def test_confine_keeps_the_enemy_piece_on_the_edge_and_names_the_way_out():
    step = next(s for g, _, s in STEPS if g == "loa" and s.id == "edge")
    assert step.goal.kind == "confine" and step.goal.frm == "a5"
    assert check(step, "d6-b6").ok
    assert "a5-b6 brings a5 off the edge" in check(step, "e5-e6").why
    assert check(step, "d6-d8").why == dict(step.wrong)["d6-d8"]
    # taking the piece ends the game here; the checker says so when the step does not,
    # with the rules' result as a message (the page says it in its language), not its English
    ended = check(replace(step, wrong=()), "a3xa5")
    assert "White wins" in ended.why
    outcome = next(p for p in ended.parts if isinstance(p, dict) and p["id"] == "lesson.why.outcome")
    result = outcome["args"]["reason"]
    assert isinstance(result, dict) and result["id"].startswith("result.loa."), result
    assert (
        english(outcome) == str(Message.from_json(result)) + "."
        and str(Message.from_json(result)) in ended.why
    )
    other = replace(step, goal=replace(step.goal, frm="g7"), wrong=())
    assert check(other, "e5xg7").why.startswith("After e5xg7 there is no enemy piece left on g7.")


def test_el_fork_wants_two_threats_and_prevent_names_the_reply_that_makes_them():
    double = next(s for g, _, s in STEPS if g == "el" and s.id == "double")
    assert check(double, "c2=4").ok  # the other number that joins the row works too
    assert "you threaten only on c2, and one block stops that" in check(double, "e3=3").why
    assert "you threaten nowhere" in check(double, "a6=1").why
    split = next(s for g, _, s in STEPS if g == "el" and s.id == "split")
    verdict = check(split, "f2=1")
    assert (
        not verdict.ok and "d3=3 threatens on a3, b2, b4, c4, f1, f4, more than you can block" in verdict.why
    )
    assert not check(split, "d3=6").ok and not check(split, "d3=5").ok


def test_take_wants_a_capture_that_keeps_what_it_took_and_hands_nothing_over():
    retake = next(s for g, _, s in STEPS if g == "escabel" and s.id == "retake")
    assert check(retake, "c3>d3").ok
    assert check(replace(retake, wrong=()), "c3>c4").why.startswith(
        "After c3>c4, the reply c5>c4 takes it back."
    )
    assert check(retake, "a2").why.startswith("a2 takes nothing.")
    hands = next(s for g, _, s in STEPS if g == "escabel" and s.id == "hands")
    assert {m for m in ("c3>b3", "c3>d3", "b4>c4", "d2>d3") if check(hands, m).ok} == {
        "c3>b3",
        "c3>d3",
        "b4>c4",
        "d2>d3",
    }
    assert "White) wins: a chain joins" in check(replace(hands, wrong=()), "c3>c2").why


def test_an_illegal_move_is_an_illegal_move_error():
    step = next(s for g, _, s in STEPS if g == "loa" and s.id == "column")
    with pytest.raises(gamut.IllegalMoveError):
        check(step, "d4-d5")


# ---------------------------------------------------------------------------
# The bridge


@pytest.mark.parametrize("game", GAMES)
def test_lessons_method_lists_the_steps_with_positions_the_page_can_name(game):
    answer = ok("lessons", {"game": game})
    assert [lesson["id"] for lesson in answer["lessons"]] == [x.id for x in lessons_of(game)]
    for lesson in answer["lessons"]:
        # (#43: no words, the page says them by their catalog ids; the English title, teach
        # and task stood here before)
        assert set(lesson) == {"id", "steps"} and "title" not in lesson
        for step in lesson["steps"]:
            assert not {"teach", "task"} & set(step), "a step's words are the catalog's, not English sent"
            assert set(step) == {"id", "start", "player", "goal"}
            view = ok("view", {"start": step["start"], "line": []})["view"]
            assert view["to_move"] == step["player"]
            assert step["goal"]["kind"] in GOAL_KINDS
            assert "moves" not in step["goal"], "the answer is not handed to the page"
            if step["goal"]["kind"] == "reach" and "from" not in step["goal"]:
                assert "cells" not in step["goal"], "nor is the one corner of four that is the answer"


def why_in_english(answer: dict) -> str:
    """A ``lesson_check`` answer's why in English, said from its messages:
    the step's own words from English's catalog, the checker's reasons by
    :func:`gamut.lessons.lesson.english`."""
    catalog = json.loads((Path(__file__).resolve().parent.parent / "web/i18n/en.json").read_text())
    return " ".join(
        english(m) if m["id"].startswith("lesson.why.") else catalog[m["id"]] for m in answer["why_messages"]
    )


def test_lesson_check_judges_a_move_and_answers_the_position_after_it():
    right = ok("lesson_check", {"game": "loa", "lesson": "capturing", "step": "capture", "move": "B6xB4"})
    assert right["ok"] and right["move"] == "b6xb4" and right["line"] == ["b6xb4"]
    assert set(right) == {"ok", "why_messages", "move", "line", "view"}
    assert "why" not in right, "the why is messages only (#43): no English why beside why_messages"
    assert "captures" in why_in_english(right)
    assert right["view"]["to_move"] == 1 and right["view"]["ply"] == 1
    check_view(right["view"])
    wrong = ok("lesson_check", {"game": "loa", "lesson": "capturing", "step": "capture", "move": "f6xh4"})
    assert not wrong["ok"] and "why" not in wrong and "h4" in why_in_english(wrong)


def test_lesson_check_refuses_what_it_cannot_judge():
    params = {"game": "loa", "lesson": "capturing", "step": "capture", "move": "b6xb4"}
    assert err("lesson_check", {**params, "game": "chess"})["type"] == "OptionError"
    assert err("lesson_check", {**params, "lesson": "nope"})["type"] == "RequestError"
    assert err("lesson_check", {**params, "step": "nope"})["type"] == "RequestError"
    assert err("lesson_check", {**params, "move": "b6-b5"})["type"] == "IllegalMoveError"
    assert err("lesson_check", {**params, "move": "x" * 2000})["type"] == "RequestError"
    assert err("lessons", {"game": 3})["type"] == "RequestError"


def test_a_lesson_file_with_a_key_it_does_not_know_is_refused():
    step = {
        "id": "s",
        "teach": "What the step teaches.",
        "task": "T.",
        "start": "x",
        "goal": {"kind": "win"},
        "moves": [],
        "well": "",
        "miss": "",
    }
    assert read_lessons([{"id": "l", "title": "L", "steps": [step]}])[0].steps[0].goal.kind == "win"
    for bad in ({**step, "wel": "typo"}, {**step, "goal": {"kind": "capture", "cell": ["b4"]}}):
        with pytest.raises(ValueError, match="unknown keys"):
            read_lessons([{"id": "l", "title": "L", "steps": [bad]}])
    assert lessons_of("chess") == ()
