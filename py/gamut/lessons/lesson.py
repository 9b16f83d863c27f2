"""A lesson's step, its goal and the checker that judges a move against it
(the kinds of goals: :mod:`gamut.lessons`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .. import resources
from ..core import GAMES, IllegalMoveError, OptionError, State, excerpt, load
from ..games import LESSONS_FILE, PACKAGES
from ..messages import Message
from .goals import GOAL_KINDS, WHY, Goal, english, judge, reason, taken

__all__ = [
    "GOAL_KINDS",
    "Goal",
    "Step",
    "Lesson",
    "Verdict",
    "WHY",
    "check",
    "position_of",
    "taken",
    "read_lessons",
    "lessons_of",
    "every_game_lessons",
    "answer_lessons",
    "answer_check",
    "english",
    "reason",
]

# Each shipped game's lessons are in its own package, ``gamut/games/<id>/lessons.json``
# (:data:`LESSONS_FILE`), read through :mod:`gamut.resources` (kept for the memory snapshot).
for _package in PACKAGES:
    resources.declare(_package, LESSONS_FILE)


@dataclass(frozen=True)
class Step:
    """One board, one task, one move; ``teach`` is the one sentence of
    what the step teaches, shown before its task (issue #41)."""

    id: str
    teach: str
    task: str
    start: str
    goal: Goal
    well: str
    miss: str
    moves: tuple[str, ...]
    play: tuple[str, ...] = ()
    wrong: tuple[tuple[str, str], ...] = ()  # (a plausible wrong move, why it is wrong)


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    steps: tuple[Step, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Verdict:
    ok: bool
    why: str  # in English (the tests and the command line read it; the bridge sends ``parts`` only)
    move: str  # the move as the engine writes it
    after: State
    # the why as messages for the page to put in the player's language
    # (docs/i18n.md): a step's own words by field ("well", "miss",
    # "wrong.<n>"), or one of WHY's, ``{"id": "lesson.why.<name>", "args"}``
    parts: tuple[str | dict[str, Any], ...] = ()


def position_of(step: Step) -> State:
    """The position a step shows: its start with its ``play`` moves."""
    state = load(step.start)
    for text in step.play:
        state = state.play_text(text)
    return state


def check(step: Step, text: str) -> Verdict:
    """Play ``text`` in the step's position and say whether it meets the
    goal, and why (``IllegalMoveError`` for a move that cannot be played)."""
    before = position_of(step)
    move = before.parse_move(text)
    if move not in before.legal_moves():
        raise IllegalMoveError(Message("error.notLegalHere", {"text": before.move_text(move)}))
    name = before.move_text(move)
    after = before.play(move)
    met, why_not = judge(step.goal, before, name, after)
    if met:
        return Verdict(True, step.well, name, after, ("well",))
    own = [i for i, (move, _) in enumerate(step.wrong) if move == name]
    if own:
        return Verdict(False, step.wrong[own[0]][1], name, after, (f"wrong.{own[0]}",))
    parts: tuple[str | dict[str, Any], ...] = (*([why_not] if why_not else []), "miss")
    why = " ".join(part for part in (english(why_not) if why_not else "", step.miss) if part)
    return Verdict(False, why, name, after, parts)


_STEP_KEYS = {"id", "teach", "task", "start", "play", "goal", "moves", "well", "miss", "wrong"}
_GOAL_KEYS = {"kind", "cells", "from", "to", "moves"}


def read_lessons(data: list[Any]) -> tuple[Lesson, ...]:
    """A game's lessons from their JSON form (the ``lessons`` of the
    game's ``lessons.json``): ``[{id, title, steps: [{id, teach, task, start, play?,
    goal: {kind, cells?, from?, to?, moves?}, moves, well, miss, wrong?:
    [[move, why]]}]}]``.  A key it does not know is an error (a typo must
    not drop a goal)."""
    lessons = []
    for lesson in data:
        steps = []
        for s in lesson["steps"]:
            goal = s["goal"]
            unknown = (set(s) - _STEP_KEYS) | (set(goal) - _GOAL_KEYS)
            if unknown:
                raise ValueError(f"lesson step {s.get('id')!r}: unknown keys {sorted(unknown)}")
            steps.append(
                Step(
                    id=s["id"],
                    teach=s["teach"],
                    task=s["task"],
                    start=s["start"],
                    goal=Goal(
                        goal["kind"],
                        cells=tuple(goal.get("cells", ())),
                        frm=goal.get("from", ""),
                        to=goal.get("to", ""),
                        moves=tuple(goal.get("moves", ())),
                    ),
                    well=s["well"],
                    miss=s["miss"],
                    moves=tuple(s["moves"]),
                    play=tuple(s.get("play", ())),
                    wrong=tuple((move, why) for move, why in s.get("wrong", ())),
                )
            )
        lessons.append(Lesson(lesson["id"], lesson["title"], tuple(steps)))
    return tuple(lessons)


_LOADED: dict[str, tuple[Lesson, ...]] = {}


def lessons_of(game: str) -> tuple[Lesson, ...]:
    """The lessons of ``game`` (none for a game without lessons: unknown,
    or not shipped, as a test's game), read on first use from the
    ``lessons.json`` of the game's package (found from its registration,
    ``GameInfo.package``) through the package's loader (in the page the
    package is a zip, where no file exists) and kept."""
    if game not in _LOADED:
        info = GAMES.get(game)
        if info is None or (info.package, LESSONS_FILE) not in resources.declared():
            return ()
        raw = resources.data(info.package, LESSONS_FILE)
        _LOADED[game] = read_lessons(json.loads(raw.decode("utf-8"))["lessons"])
    return _LOADED[game]


def every_game_lessons() -> dict[str, tuple[Lesson, ...]]:
    """The lessons of every registered game, in the registry's order (the
    page's menus): what the whole of the lessons is, merged from the
    games' own files."""
    return {game: lessons_of(game) for game in GAMES}


def _game(params: dict[str, Any]) -> str:
    from ..methods import param

    game = param(params, "game", str)
    if game not in GAMES:
        raise OptionError(Message("error.request.unknownGame", {"game": excerpt(game)}))
    return game


def answer_lessons(params: dict[str, Any]) -> dict[str, Any]:
    """The bridge's ``lessons`` (:mod:`gamut.methods.lessons`): each step's position as a
    text, the seat that moves and the goal (not its moves).  No words: the page says a
    lesson's title and a step's teaching sentence and task by their catalog ids, made of
    the ids given here (``lesson.<game>.<lesson>.title``, ``...<step>.teach``, ``.task``);
    the English stood beside them before #43."""
    lessons = []
    for lesson in lessons_of(_game(params)):
        steps = []
        for step in lesson.steps:
            state = position_of(step)
            goal = step.goal.to_json()
            steps.append({"id": step.id, "start": state.to_text(), "player": state.to_move, "goal": goal})
        lessons.append({"id": lesson.id, "steps": steps})
    return {"lessons": lessons}


def answer_check(params: dict[str, Any]) -> dict[str, Any]:
    """The bridge's ``lesson_check`` (:mod:`gamut.methods.lessons`): the verdict on the
    move, the move as the engine writes it, and the view after it."""
    from ..methods import RequestError, param
    from ..position_cache import view_of

    game = _game(params)
    lesson_id = param(params, "lesson", str)
    step_id = param(params, "step", str)
    text = param(params, "move", str)
    if len(text) > 1000:
        raise RequestError(Message("error.request.moveTooLong"))
    lesson = next((x for x in lessons_of(game) if x.id == lesson_id), None)
    if lesson is None:
        raise RequestError(Message("error.lesson.noLesson", {"game": game, "lesson": excerpt(lesson_id)}))
    step = next((s for s in lesson.steps if s.id == step_id), None)
    if step is None:
        raise RequestError(Message("error.lesson.noStep", {"lesson": lesson_id, "step": excerpt(step_id)}))
    verdict = check(step, text)
    line = [verdict.move]
    key = f"lesson.{game}.{lesson.id}.{step.id}."
    return {  # (the why as messages only: no English beside them, #43; verdict.why is the command line's)
        "ok": verdict.ok,
        "why_messages": [{"id": key + p, "args": {}} if isinstance(p, str) else p for p in verdict.parts],
        "move": verdict.move,
        "line": line,
        "view": view_of(verdict.after, 1),
    }
