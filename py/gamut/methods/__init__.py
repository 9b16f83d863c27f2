"""The bridge's methods: the table, the reading of a request's params, and
(in this package's modules) every method the page can call.

Every method is one function registered with :func:`method` in the table
:data:`METHODS`; its docstring is the method's documentation (what it reads
from ``params``, what it answers).  The methods live in this package's
modules, grouped by role, and :mod:`gamut.methods.registry` imports them by
an explicit list (:data:`gamut.methods.registry.MODULES`), so the table is
complete by construction once the registry is imported (the bridge imports
it); :func:`gamut.methods.registry.reference` lists them all.  This module
is the package's core: it imports no method module, so domain code (the
job kinds of :mod:`gamut.jobs`, the lessons) may read params with it.

A method receives the params as a dict and reads them with :func:`param`
(checked types, ``RequestError`` saying what is wrong) and :func:`position`
(the position the page names, through the shared cache).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..core import GamutError, State
from ..messages import Message
from ..position_cache import Placed, Positions

__all__ = [
    "RequestError",
    "METHODS",
    "method",
    "param",
    "str_list",
    "json_type",
    "json_type_said",
    "position",
    "POSITIONS",
    "placed",
    "MISSING",
]

Params = dict[str, Any]
Method = Callable[[Params], Any]
M = TypeVar("M", bound=Method)


class RequestError(GamutError):
    """A request the bridge cannot read: unknown method, malformed params."""


#: Every method the bridge answers, by name.
METHODS: dict[str, Method] = {}


def method(name: str) -> Callable[[M], M]:
    """Register the decorated function as the bridge method ``name``; its
    docstring documents the method."""

    def register(function: M) -> M:
        if name in METHODS:
            raise ValueError(f"bridge method {name!r} registered twice")
        METHODS[name] = function
        return function

    return register


# ---------------------------------------------------------------------------
# Reading params

#: The default of a param that must be given.
MISSING: Any = object()


def param(params: Params, name: str, kind: type | tuple[type, ...], default: Any = MISSING) -> Any:
    """``params[name]``, checked to be of ``kind`` (``bool`` is never an int);
    ``default`` when absent or null, if a default is given."""
    value = params.get(name, MISSING)
    if value is MISSING or (value is None and default is not MISSING):
        if default is MISSING:
            raise RequestError(Message("error.request.missing", {"name": repr(name)}))
        return default
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        ok = False
    else:
        ok = isinstance(value, kinds)
    if not ok:
        names = Message.any(
            [Message("error.request.kind", {"kind": _KIND_CODES.get(k, k.__name__)}) for k in kinds]
        )
        raise RequestError(
            Message(
                "error.request.paramType", {"name": repr(name), "kinds": names, "type": json_type_said(value)}
            )
        )
    return value


#: The kinds a param may be, as the codes of ``error.request.kind``.
_KIND_CODES = {str: "string", int: "integer", dict: "object", list: "list", bool: "boolean", float: "number"}


def json_type(value: object) -> str:
    """What a JSON value is, in words (for error messages; :func:`json_type_said` in English)."""
    return str(json_type_said(value))


def json_type_said(value: object) -> Message:
    """What a JSON value is, as a message (a value of no JSON type, from a
    Python caller, by its type's name)."""
    code = "null" if value is None else _JSON_CODES.get(type(value), type(value).__name__)
    return Message("error.request.jsonType", {"type": code})


_JSON_CODES = {bool: "boolean", int: "number", float: "number", str: "string", list: "list", dict: "object"}


def str_list(params: Params, name: str, default: Any = MISSING) -> list[str]:
    """``params[name]``, checked to be a list of strings."""
    value: list[Any] = param(params, name, list, default)
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise RequestError(
                Message("error.request.notString", {"name": name, "i": i, "type": json_type_said(item)})
            )
    return value


#: The states the page has named, cached (see :class:`gamut.position_cache.Positions`).
POSITIONS = Positions()


def placed(params: Params) -> tuple[list[str], list[Placed]]:
    """The position a request names: ``start`` and ``line``, the moves from
    the start, or from ``at`` when given (the id of a position the bridge
    answered earlier: see :mod:`gamut.position_cache`); ``line`` in canonical
    notation and the positions along it (``at``'s or the start, then one a
    move)."""
    start = param(params, "start", str)
    if len(start) > 100_000:
        raise RequestError(Message("error.request.startTooLong"))
    line = str_list(params, "line", [])
    at = param(params, "at", str, None)
    return POSITIONS.find(start, line, at)


def position(params: Params) -> tuple[list[str], State]:
    """The position a request names (:func:`placed`): the line in canonical
    notation (the moves after ``at`` when given) and the state it reaches."""
    line, along = placed(params)
    return line, along[-1].state
