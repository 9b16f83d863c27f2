"""The JSON bridge between the web page's worker and the engine: transport only.

The page never calls Python directly: ``web/worker.js`` (a module Web Worker
running Pyodide) forwards every request to :func:`handle` as a method name
and a JSON text, and posts the JSON text it returns back to the page::

    handle("play", '{"start": "loa standard - start", "line": [], "move": "B1-D3"}')
    -> '{"ok": true, "result": {"move": "b1-d3", "line": ["b1-d3"], "view": {...}}}'
    handle("play", '{"start": "loa standard - start", "line": ["b1-d3"], "move": "b1-b2"}')
    -> '{"ok": false, "error": {"type": "IllegalMoveError", "message": "..."}}'

Every :class:`gamut.GamutError` becomes a typed error named after its class
(``IllegalMoveError``, ``RecordError``, ...; a malformed request is a
:class:`RequestError`).  Any other exception is a bug: it is logged to stderr
and answered with type ``InternalError`` (said as ``error.internal``: the player
never reads Python's words); it never escapes, so a bad request
can never kill the worker.

The page owns the game (its tree of moves); the bridge keeps no game of its
own.  A position is named by the page as ``start`` (a position text:
``"<header> start"`` for a variant's standard start, else the full text) and
``line`` (the move texts played from it); the bridge only caches the states
it computes (:mod:`gamut.positions`).  A request may also name a position
the bridge answered before, ``at`` (its id), with ``line`` the moves after
it: ``view`` and ``play`` asked so answer ``ids``, the ids of the positions
along the request, and ``line`` only the moves after ``at``.  An ``at`` no
longer held is an ``UnknownPositionError``: the page asks again with the
whole line.

Methods: each is one function registered in the table
:data:`gamut.methods.METHODS` with ``@method("name")``, its docstring its
documentation (``params`` is a JSON object; results are JSON);
:func:`gamut.methods.reference` lists them all.  This module defines those
that read and play positions, the editor's, the words' and the records';
:mod:`gamut.jobs` the time-sliced computations (``job_start``, ``job_step``,
``job_cancel``: perft, the computer's move, analysis).  Words (moves,
evaluations) come from :mod:`gamut.words`, never from here.
"""

from __future__ import annotations

import json
import re
import sys
import traceback
from typing import Any

from . import __version__
from . import levels as _levels_method  # noqa: F401  (registers the bridge method "levels")
from .core import GAMES, GamutError, IllegalMoveError, State, excerpt, game_info, new
from .jobs import JOB_KINDS, MAX_JOBS, RUNNING, register_job, think_progress
from .lessons import method as _lessons_method  # noqa: F401  (registers "lessons" and "lesson_check", #31)
from .messages import Message
from .methods import (
    METHODS,
    POSITIONS,
    Params,
    RequestError,
    json_type_said,
    method,
    param,
    placed,
    position,
    str_list,
)
from .positions import Placed, Positions, UnknownPositionError, start_text_of, view_of
from .puzzles import method as _puzzles_method  # noqa: F401  (registers the bridge method "puzzles")

__all__ = [
    "handle",
    "call",
    "RequestError",
    "UnknownPositionError",
    "Positions",
    "register_job",
    "initial",
    "METHODS",
    "JOB_KINDS",
    "MAX_JOBS",
    "think_progress",
    "start_text_of",
    "view_of",
]

_jobs = RUNNING  # (the running jobs, as the tests look at them)

#: How deeply a request's params may nest.  The page's params nest a few
#: levels; JSON nested thousands deep would overflow Pyodide's small stack in
#: the JSON decoder (a fatal error that ends the worker), so it is refused
#: before decoding.
MAX_PARAMS_DEPTH = 64
_JSON_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
_JSON_BRACKET = re.compile(r"[\[\]{}]")


def _nesting(text: str) -> int:
    """The deepest nesting of arrays and objects in a JSON text (strings
    skipped; a text that is not JSON gets some number, and fails later)."""
    depth = deepest = 0
    for m in _JSON_BRACKET.finditer(_JSON_STRING.sub("", text)):
        if m.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


# ---------------------------------------------------------------------------
# Games and positions


@method("games")
def m_games(params: Params) -> list[dict[str, Any]]:
    """``games()``: every registered game's ``GameInfo.to_json()``."""
    return [info.to_json() for info in GAMES.values()]


@method("version")
def m_version(params: Params) -> dict[str, str]:
    """``version()``: ``{version, python}``."""
    return {"version": __version__, "python": sys.version.split()[0]}


@method("new")
def m_new(params: Params) -> dict[str, Any]:
    """``new({game, variant?, options?})``: ``{start, view}``, the standard
    start of a variant."""
    game = param(params, "game", str)
    variant = param(params, "variant", str, None)
    options = param(params, "options", dict, {})
    info = game_info(game)  # not new(game, **options): an option named "game" must not clash
    vid = info.variant(variant).id
    state = info.factory(vid, info.resolve_options(vid, options))
    return {"start": f"{state.header()} start", "view": view_of(state, 0)}


def _held(params: Params, answer: dict[str, Any], along: list[Placed]) -> dict[str, Any]:
    """``answer`` with the ids of the positions ``along`` the request when it
    named its position incrementally (``at`` given, null for the start)."""
    if "at" in params:
        answer["ids"] = [p.id for p in along]
    return answer


@method("view")
def m_view(params: Params) -> dict[str, Any]:
    """``view({start, at?, line?})``: ``{line, view}``, ``line`` in canonical
    notation (``"B1-D3"`` -> ``"b1-d3"``); a move that cannot be played is a
    ``RecordError`` naming it.  With ``at`` (a position's id from an earlier
    ``ids``, or null for the start), ``line`` is the moves after it, and the
    answer has ``ids``: the ids of ``at``'s position and of one position a
    move of ``line``."""
    line, along = placed(params)
    return _held(params, {"line": line, "view": view_of(along[-1].state, along[-1].ply)}, along)


@method("play")
def m_play(params: Params) -> dict[str, Any]:
    """``play({start, at?, line?, move})``: ``{move, line, view}``, the move
    in canonical notation, the line with it (with ``at``, as ``view``: the
    moves after ``at`` with it, and ``ids``)."""
    line, along = placed(params)
    text = param(params, "move", str)
    state = along[-1].state
    name = state.move_text(state.parse_move(text))  # IllegalMoveError saying why
    after = POSITIONS.step(along[-1], name)
    along.append(after)
    answer = {"move": name, "line": line + [name], "view": view_of(after.state, after.ply)}
    return _held(params, answer, along)


@method("mark")
def m_mark(params: Params) -> dict[str, str]:
    """``mark({start, line?, cells})``: ``{move}``, the text of the view's
    ``select`` step with ``cells`` marked (EL's threat declaration), checked
    to be legal."""
    line, state = position(params)
    cells = str_list(params, "cells")
    select = state.view().get("select")
    if not select:
        raise RequestError(Message("error.request.noMarking"))
    allowed = set(select["cells"])
    for cell in cells:
        if cell not in allowed:
            raise IllegalMoveError(Message("error.request.notMarkable", {"cell": excerpt(cell)}))
    move = state.parse_move(f"{select['move']} {','.join(cells) or '-'}")
    return {"move": state.move_text(move)}


@method("explain")
def m_explain(params: Params) -> dict[str, Any]:
    """``explain({start, line?, clicks})``: ``{message, said?}``, why a click
    sequence enters no legal move (``said``: the same as a message, where
    the game gives one)."""
    line, state = position(params)
    clicks = str_list(params, "clicks")
    why = state.why_illegal_said(clicks)
    if isinstance(why, Message):
        return {"message": str(why), "said": why.to_json()}
    return {"message": why}


def initial() -> dict[str, Any]:
    """Games, plus the view and start text of every game's default start."""
    views, starts = {}, {}
    for gid in GAMES:
        state = new(gid)
        starts[gid] = f"{state.header()} start"
        views[gid] = view_of(state, 0)
    return {"games": [info.to_json() for info in GAMES.values()], "views": views, "starts": starts}


@method("initial")
def m_initial(params: Params) -> dict[str, Any]:
    """``initial()``: ``{games, views, starts}``, what the page draws before
    Pyodide is ready (``build.py`` runs this in CPython and inlines the
    answer in the page)."""
    return initial()


# ---------------------------------------------------------------------------
# The position editor (gamut.setup)


@method("setup_palette")
def m_setup_palette(params: Params) -> dict[str, Any]:
    """``setup_palette({game, variant?, options?})``: what the position
    editor can put on the board (:func:`gamut.setup.palette`), with
    ``sides``: the names of the seats."""
    from . import setup

    game = param(params, "game", str)
    variant = param(params, "variant", str, None)
    options = param(params, "options", dict, {})
    result = dict(setup.palette(game, variant, options))
    info = game_info(game)
    vid = info.variant(variant).id
    players = info.factory(vid, info.resolve_options(vid, options)).view()["players"]
    result["sides"] = [p["name"] for p in players]
    return result


@method("setup_describe")
def m_setup_describe(params: Params) -> dict[str, Any]:
    """``setup_describe({start, line?})`` or ``setup_describe({game,
    variant?, options?})``: ``{setup}``, the editable description of a
    position (of the variant's start in the second form: the editor's
    Reset)."""
    from . import setup

    if "start" in params:
        return {"setup": setup.describe(position(params)[1])}
    return {
        "setup": setup.start_setup(
            param(params, "game", str),
            param(params, "variant", str, None),
            param(params, "options", dict, {}),
        )
    }


@method("setup_check")
def m_setup_check(params: Params) -> dict[str, Any]:
    """``setup_check({setup})``: ``{setup, counts, view, start, problem}``
    (:func:`gamut.setup.check`): the description's start text and view when
    the position is valid, else a sketch to draw and ``problem`` ``{type,
    message}`` saying what is wrong."""
    from . import setup

    return setup.check(param(params, "setup", dict))


# ---------------------------------------------------------------------------
# Words (gamut.words)


def _last_move(params: Params) -> tuple[list[str], State, tuple[State, Any] | None]:
    """The position a request names (canonical line, state) and the
    position before its last move with that move, or None at the start."""
    line, along = placed(params)
    here = along[-1]
    if here.parent is None:
        return line, here.state, None
    before = here.parent.state
    return line, here.state, (before, before.parse_move(here.move))


@method("describe")
def m_describe(params: Params) -> dict[str, Any]:
    """``describe({start, line?})``: ``{move, text, said, turn}``, the line's
    last move (``null`` at the start) and that move in words with what it
    leads to (``""`` at the start, see :func:`gamut.words.say_move`), the same
    as a message for the page to say in the player's language (``said``:
    ``{id, args}``, see :mod:`gamut.messages`; ``null`` at the start), and
    whose turn it is now in words (``turn``; ``turnSaid`` the same as a
    message)."""
    from . import words

    line, state, last = _last_move(params)
    said = words.said_move(*last) if last else None
    turn = words.turn_said(state)
    return {
        "move": last[0].move_text(last[1]) if last else None,
        "text": str(said) if said else "",
        "said": said.to_json() if said else None,
        "turn": str(turn),
        "turnSaid": turn.to_json(),
    }


@method("enter")
def m_enter(params: Params) -> dict[str, Any]:
    """``enter({start, line?, text})``: what the move box does with
    ``text``: ``{said, answer?}``, the answer to a reading command (``turn``,
    ``last``, ``score``, ``pieces white``, ``rank 3``, ``cell d4``,
    ``help``; ``answer``: the same as a message, where the engine gives
    one), or ``{move}``, the canonical text of a legal move; else an
    ``IllegalMoveError`` (or ``CommandError``) saying why."""
    from . import words

    _, state, last = _last_move(params)
    text = param(params, "text", str)
    if len(text) > 1000:
        raise RequestError(Message("error.request.entryTooLong"))
    return words.entry(state, text, last)


@method("read")
def m_read(params: Params) -> dict[str, Any]:
    """``read({start, line?, command})``: ``{text, said?}``, the answer to a
    reading command alone (``said``: the same as a message, where the
    engine gives one)."""
    from . import words

    _, state, last = _last_move(params)
    command = param(params, "command", str)
    if len(command) > 1000:
        raise RequestError(Message("error.request.commandTooLong"))
    said = words.read_said(state, command, last)
    if isinstance(said, Message):
        return {"text": str(said), "said": said.to_json()}
    return {"text": said}


# ---------------------------------------------------------------------------
# Records (gamut.records)


@method("records_parse")
def m_records_parse(params: Params) -> dict[str, Any]:
    """``records_parse({text})``: ``{games: [Record.to_json()], errors:
    [{line, col, game, message}]}`` (Gamut records or a foreign format such
    as boardspace SGF; a bad game is an error, the others still read)."""
    from . import records

    parsed = records.read(param(params, "text", str))
    return {"games": [g.to_json() for g in parsed.games], "errors": [e.to_json() for e in parsed.errors]}


@method("records_format")
def m_records_format(params: Params) -> dict[str, str]:
    """``records_format({games: [Record.to_json() form]})``: ``{text}``, the
    games as Gamut records."""
    from . import records

    return {"text": records.format_json(param(params, "games", list))}


# ---------------------------------------------------------------------------
# Entry points


def call(method: object, params: object = None) -> Any:
    """Run ``method`` with a params dict; returns the result or raises
    GamutError (used by :func:`handle` and by Python callers)."""
    if not isinstance(method, str) or method not in METHODS:
        known = ", ".join(sorted(METHODS))
        raise RequestError(
            Message("error.request.unknownMethod", {"method": excerpt(method), "methods": known})
        )
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise RequestError(Message("error.request.paramsType", {"type": json_type_said(params)}))
    return METHODS[method](params)


def handle(method: object, params_json: object = None) -> str:
    """Answer one request; never raises.  ``params_json`` is a JSON text
    (or None for no params); the answer is a JSON text ``{"ok": true,
    "result": ...}`` or ``{"ok": false, "error": {"type", "message", "said"?}}``
    (``said``: the error as a message, where the engine gives one)."""
    try:
        if params_json is None or params_json == "":
            params = {}
        elif isinstance(params_json, str):
            if _nesting(params_json) > MAX_PARAMS_DEPTH:
                raise RequestError(Message("error.request.tooDeep", {"depth": MAX_PARAMS_DEPTH}))
            try:
                params = json.loads(params_json)
            except (ValueError, RecursionError) as exc:
                # (the decoder's own words stay English: Python says them)
                raise RequestError(Message("error.request.notJson", {"cause": str(exc)})) from None
        else:
            raise RequestError(Message("error.request.notText"))
        result = call(method, params)
        return json.dumps({"ok": True, "result": result}, separators=(",", ":"))
    except GamutError as exc:
        return _error(type(exc).__name__, str(exc), exc.said)
    except Exception:  # a bug: log it, keep the worker alive
        traceback.print_exc(file=sys.stderr)
        # (the player reads error.internal in their language; the detail is in the traceback above)
        said = Message("error.internal")
        return _error("InternalError", str(said), said)


def _error(kind: str, message: str, said: Message | None = None) -> str:
    error: dict[str, Any] = {"type": kind, "message": message}
    if said is not None:
        error["said"] = said.to_json()  # the message, for the page to say in the player's language
    return json.dumps({"ok": False, "error": error}, separators=(",", ":"))
