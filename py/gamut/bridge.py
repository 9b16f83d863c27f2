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
it computes (:mod:`gamut.position_cache`).  A request may also name a position
the bridge answered before, ``at`` (its id), with ``line`` the moves after
it: ``view`` and ``play`` asked so answer ``ids``, the ids of the positions
along the request, and ``line`` only the moves after ``at``.  An ``at`` no
longer held is an ``UnknownPositionError``: the page asks again with the
whole line.

Methods: each is one function registered in the table
:data:`gamut.methods.METHODS` with ``@method("name")``, its docstring its
documentation (``params`` is a JSON object; results are JSON).  They live
in the modules of :mod:`gamut.methods`, by role, which
:mod:`gamut.methods.registry` imports by an explicit list (its
``reference()`` lists them all); this module defines none.  It re-exports
the names the worker's callers, the tests and the tools use
(:data:`__all__`).
"""

from __future__ import annotations

import json
import re
import sys
import traceback
from typing import Any

from .core import GamutError, excerpt
from .jobs import JOB_KINDS, register_job, think_progress
from .messages import Message
from .methods import RequestError, json_type_said
from .methods.games import initial
from .methods.jobs import MAX_JOBS, RUNNING
from .methods.registry import METHODS
from .position_cache import Positions, UnknownPositionError, start_text_of, view_of

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
