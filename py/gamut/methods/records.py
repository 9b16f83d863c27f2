"""The bridge methods of game records (:mod:`gamut.records`, imported when
first asked for): ``records_parse`` and ``records_format``."""

from __future__ import annotations

from typing import Any

from . import Params, method, param


@method("records_parse")
def m_records_parse(params: Params) -> dict[str, Any]:
    """``records_parse({text})``: ``{games: [Record.to_json()], errors:
    [{line, col, game, message}]}`` (Gamut records or a foreign format such
    as boardspace SGF; a bad game is an error, the others still read)."""
    from .. import records

    parsed = records.read(param(params, "text", str))
    return {"games": [g.to_json() for g in parsed.games], "errors": [e.to_json() for e in parsed.errors]}


@method("records_format")
def m_records_format(params: Params) -> dict[str, str]:
    """``records_format({games: [Record.to_json() form]})``: ``{text}``, the
    games as Gamut records."""
    from .. import records

    return {"text": records.format_json(param(params, "games", list))}
