"""The bridge methods ``lessons`` and ``lesson_check`` (:mod:`gamut.lessons`).

The page asks for a game's lessons once (every step's position as a start
text the page can name to ``view``/``play``, its task and goal), and sends
each move the player makes to ``lesson_check``, which judges it: the
accepted moves are not listed to the page, so the answer to a step is not
in its memory, and the goal's why comes from the engine.  The lessons are
imported when first asked for."""

from __future__ import annotations

from typing import Any

from . import Params, method


@method("lessons")
def m_lessons(params: Params) -> dict[str, Any]:
    """``lessons({game})``: ``{lessons: [{id, steps: [{id, start, player,
    goal}]}]}``: the game's lessons in order, each a few one-move steps.
    ``start`` is the step's position text, ``player`` the seat that moves,
    ``goal`` its kind (``{kind, cells?, from?, to?}``, see
    :mod:`gamut.lessons`).  No words (#43): the page says a lesson's title,
    a step's teaching sentence and its task by their catalog ids, made of
    these ids (``lesson.<game>.<lesson>.title``, ``.<step>.teach``, ``.task``)."""
    from ..lessons.lesson import answer_lessons

    return answer_lessons(params)


@method("lesson_check")
def m_lesson_check(params: Params) -> dict[str, Any]:
    """``lesson_check({game, lesson, step, move})``: ``{ok, why_messages,
    move, line, view}``: whether ``move`` (legal in the step's position,
    else an ``IllegalMoveError`` saying why) meets the step's goal;
    ``why_messages`` says why it does (the idea of the step) or why not, as
    messages (``[{id, args}]``, said one after the other; an argument may be
    a message itself, the rules' result) for the page's catalogs, and only
    as messages: no English beside them (issue #43); ``move`` is the move
    as the engine writes it, ``line`` that move alone and ``view`` the
    position after it, to draw."""
    from ..lessons.lesson import answer_check

    return answer_check(params)
