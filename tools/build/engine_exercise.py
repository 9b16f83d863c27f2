"""Everything the page can ask of the engine, asked once: what decides which
modules of Python's standard library the site ships (see
:mod:`tools.build.stdlib`).

:func:`exercise` does what the engine worker does (web/worker.js: import
every gamut module, as before a memory snapshot; ``random.seed()``, as after
one), imports every module that gamut's sources name anywhere (``names``:
lazy imports inside functions too, found by reading the sources), then
sends every bridge method and every job kind of every game and variant
through :func:`gamut.bridge.handle`, JSON in and out, as the worker does,
including the path of an internal error (a traceback printed).  It returns
the problems it met (an answer that should have been ``ok`` and was not,
any ``InternalError``: a missing module lands there) and the files of the
standard library's zip that the run imported.

It runs inside Pyodide under Node (tools/build/pyodide_run.mjs: once with
Pyodide's whole standard library to find the modules, once with the cut one
to check it) and under CPython in the unit tests, so that a change of the
bridge's protocol shows up as a failing test rather than as a module the
page lacks.  It uses the standard library only and never imports
:mod:`tools.build` (Pyodide has no such package).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import random
import sys
from typing import Any

# The module that owns a file inside the standard library's zip has a
# __file__ like "/lib/python314.zip/json/decoder.py".
ZIP_MARK = ".zip/"


def exercise(names: list[str], budget_ms: int = 50) -> dict[str, Any]:
    """Ask the engine everything once; ``{"problems": [...], "files": [...]}``
    (``files``: paths inside the standard library's zip, sorted)."""
    problems: list[str] = []
    from gamut.resources import modules

    # (every module the page runs, as the worker imports them for its snapshot)
    for name in modules() + names:
        try:
            importlib.import_module(name)
        except ImportError as exc:
            problems.append(f"import {name}: {exc}")
    if problems:
        return {"problems": problems, "files": stdlib_files()}
    random.seed()
    from gamut import bridge

    def call(method: str, params: dict[str, Any], must_answer: bool = True) -> Any:
        answer = json.loads(bridge.handle(method, json.dumps(params)))
        if answer["ok"]:
            return answer["result"]
        error = answer["error"]
        if must_answer or error["type"] == "InternalError":
            problems.append(f"{method} {json.dumps(params)[:120]}: {error['type']}: {error['message']}")
        return None

    def job(kind: str, params: dict[str, Any]) -> Any:
        started = call("job_start", {"kind": kind, **params})
        for _ in range(100_000):
            if started is None:
                return None
            step = call("job_step", {"job": started, "budget_ms": budget_ms})
            if step is None or step["done"]:
                return step and step["result"]
        return None

    call("version", {})
    call("initial", {})
    games = call("games", {}) or []  # every registered game, from the engine's registry
    for game in games:
        for variant in game["variants"]:
            exercise_variant(call, job, game["id"], variant["id"])
            for option in game["options"]:  # each other choice of each option: a few plies
                if option["variants"] is None or variant["id"] in option["variants"]:
                    for choice in option["choices"]:
                        if choice != option["default"]:
                            options = {option["name"]: choice}
                            exercise_plies(call, game["id"], variant["id"], options)
    exercise_records(call, [game["id"] for game in games])
    exercise_deep_inputs(call, bridge, problems)
    exercise_internal_error(bridge, problems)
    return {"problems": problems, "files": stdlib_files()}


def exercise_variant(call, job, game: str, variant: str) -> None:
    """Every method on a variant's start and a few plies into it."""
    plies = exercise_plies(call, game, variant, {})
    if plies is None:
        return
    start, line = plies
    position = {"start": start, "line": line}
    call("view", position)
    call("describe", position)
    for text in ("help", "turn", "last", "score", "pieces white", "rank 3", "cell a1", "zzz"):
        call("enter", {**position, "text": text}, must_answer=False)
    call("read", {**position, "command": "turn"})
    # (a game without a position editor answers a SetupError: the rest of the editor is not asked)
    if call("setup_palette", {"game": game, "variant": variant}, must_answer=False) is None:
        described = None
    else:
        described = call("setup_describe", position)
        call("setup_describe", {"game": game, "variant": variant})
    if described is not None:
        call("setup_check", {"setup": described["setup"]})
        call("setup_check", {"setup": {**described["setup"], "board": "nonsense"}}, must_answer=False)
    job("perft", {"start": start, "depth": 2})
    cancelled = call("job_start", {"kind": "perft", "start": start, "depth": 4})
    if cancelled is not None:
        call("job_step", {"job": cancelled, "budget_ms": 1})
        call("job_cancel", {"job": cancelled})
    job("think", {**position, "level": "beginner", "seed": 1, "max_ms": 200})
    job("analyse", {"start": start, "line": line[:2], "level": "beginner", "seed": 1})
    first = call("view", {"start": start, "line": []})  # (mistakes hook, #31: a move tried, judged)
    tries = [m["text"] for m in (first or {"view": {"moves": []}})["view"]["moves"]][:3]
    if len(set(tries)) == 3:
        job(
            "attempt",
            {
                "start": start,
                "line": [],
                "move": tries[0],
                "best": tries[1],
                "played": tries[2],
                "level": "beginner",
            },
        )
    call("play", {**position, "move": "not a move"}, must_answer=False)


def exercise_plies(call, game: str, variant: str, options: dict[str, str]) -> tuple[str, list[str]] | None:
    """A few plies from a variant's start (the first legal move each time,
    each click sequence explained, cells marked where the view asks):
    ``(start, line)``."""
    new = call("new", {"game": game, "variant": variant, "options": options})
    if new is None:
        return None
    start, line, view = new["start"], [], new["view"]
    for _ in range(4):
        if not view["moves"] or view.get("outcome"):
            break
        move = view["moves"][0]
        call("explain", {"start": start, "line": line, "clicks": move["clicks"][:1]}, must_answer=False)
        played = call("play", {"start": start, "line": line, "move": move["text"]})
        if played is None:
            return None
        line, view = played["line"], played["view"]
        if view.get("select"):  # (EL's threat declaration)
            call(
                "mark",
                {"start": start, "line": line, "cells": view["select"]["cells"][:1]},
                must_answer=False,
            )
    return start, line


def exercise_deep_inputs(call, bridge, problems: list[str]) -> None:
    """Inputs nested far deeper than any real game (issue #27), each of which
    once ended Pyodide with a fatal error (its stack is much smaller than
    CPython's): every one must get an answer, a game or a clear error."""
    depth = 10_000
    call("records_parse", {"text": "(;GM[9]SU[LOA]" + "(;" * depth + ")" * depth + ")"})
    call("records_parse", {"text": "(;GM[9]SU[LOA]" + "(;" * depth})  # cut short
    call("records_parse", {"text": '[Game "loa"]\n\n1. d1-b3 ' + "(" * depth + "1. b1-d3" + ")" * depth})
    for text in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        answer = json.loads(bridge.handle("version", text))
        if answer["ok"] or answer["error"]["type"] == "InternalError":
            problems.append(f"deeply nested params: {answer}")


def exercise_records(call, games: list[str]) -> None:
    """Records: a game of each of ``games`` (the registry's, so a new game's
    modules are exercised too) written and read back, foreign formats
    (boardspace SGF) and a broken record read; then each game's own data:
    its puzzles, its levels' ratings and its lessons."""
    texts = []
    for game in games:
        new = call("new", {"game": game})
        if new is None:
            continue
        nodes, view = [], new["view"]
        for i in range(3):  # a line of three moves and a variation of the first
            played = call(
                "play",
                {"start": new["start"], "line": [n[1] for n in nodes], "move": view["moves"][0]["text"]},
            )
            if played is None:
                break
            nodes.append([i, played["move"], "a comment"])
            view = played["view"]
        if len(new["view"]["moves"]) > 1:
            nodes.append([0, new["view"]["moves"][1]["text"]])
        meta = {"game": game, "variant": "", "options": {}}
        record = {"v": 1, "nodes": nodes, "start": new["start"], "meta": meta, "players": ["a", "b"]}
        formatted = call("records_format", {"games": [record]})
        if formatted:
            texts.append(formatted["text"])
    for text in texts:
        call("records_parse", {"text": text})
    if "loa" in games:  # Lines of Action's foreign format (boardspace SGF), and a broken record
        sgf = '(;GM[9]SU[LOA]P0[id "a"]P1[id "b"]RE[W+];B[c8-c6];W[h4-f2];B[g8-g6])'
        call("records_parse", {"text": sgf})
        call("records_parse", {"text": '(;GM[9]SU[LOA];B[z9-z1])\n[Game "nonsense'})
    for game in games:  # the shipped puzzles (gamut.puzzles, #30)
        call("puzzles", {"game": game})
        call("levels", {"game": game})  # the levels and their ratings (gamut.ai.method, #31)
        lessons = call("lessons", {"game": game})  # the lessons and a move judged (gamut.lessons, #31)
        if lessons and lessons["lessons"]:  # (a game may have none yet)
            lesson = lessons["lessons"][0]
            step = lesson["steps"][0]
            move = call("view", {"start": step["start"]})["view"]["moves"][0]["text"]
            call("lesson_check", {"game": game, "lesson": lesson["id"], "step": step["id"], "move": move})


def exercise_internal_error(bridge, problems: list[str]) -> None:
    """A method that fails with an exception that is not the engine's: the
    bridge prints the traceback (the modules that takes) and answers
    ``InternalError``."""

    def boom(params):
        raise RuntimeError("the exercise's own failure")

    bridge.METHODS["exercise-boom"] = boom
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            answer = json.loads(bridge.handle("exercise-boom", "{}"))
    finally:
        del bridge.METHODS["exercise-boom"]
    if answer.get("error", {}).get("type") != "InternalError":
        problems.append(f"an exception in a method was answered {answer}")


def stdlib_files() -> list[str]:
    """The paths inside the standard library's zip of every module imported
    from it (not the modules frozen into the interpreter, whose ``__file__``
    names the zip too, for tracebacks: they are never read from it)."""
    files = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        if getattr(getattr(module, "__spec__", None), "origin", None) == "frozen":
            continue
        if ZIP_MARK in path:
            files.add(path.split(ZIP_MARK, 1)[1])
    return sorted(files)
