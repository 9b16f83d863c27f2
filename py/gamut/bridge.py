"""The JSON bridge between the web page's worker and the engine.

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
and answered with type ``InternalError``; it never escapes, so a bad request
can never kill the worker.

The page owns the game (its tree of moves); the bridge keeps no game of its
own.  A position is named by the page as ``start`` (a position text:
``"<header> start"`` for a variant's standard start, else the full text) and
``line`` (the move texts played from it).  The bridge only *caches* the
states it has computed, in a trie keyed by start and moves
(:class:`Positions`), so that viewing or playing anywhere in a game the page
is browsing costs one move, not a replay.

Methods (``params`` is a JSON object; results are JSON):

``games()``
    every registered game's ``GameInfo.to_json()``.
``new({game, variant?, options?})``
    ``{start, view}``: the standard start of a variant.
``view({start, line?})``
    ``{line, view}``: ``line`` in canonical notation (``"B1-D3"`` -> ``"b1-d3"``);
    a move that cannot be played is a ``RecordError`` naming it.
``play({start, line?, move})``
    ``{move, line, view}``: the move in canonical notation, the line with it.
``mark({start, line?, cells})``
    ``{move}``: the text of the view's ``select`` step with ``cells`` marked
    (EL's threat declaration), checked to be legal.
``explain({start, line?, clicks})``
    ``{message}``: why a click sequence enters no legal move.
``setup_palette({game, variant?, options?})``
    what the position editor can put on the board (:func:`gamut.setup.palette`),
    with ``sides``: the names of the seats.
``setup_describe({start, line?})`` or ``setup_describe({game, variant?, options?})``
    ``{setup}``: the editable description of a position (of the variant's start
    in the second form: the editor's Reset).
``setup_check({setup})``
    ``{setup, counts, view, start, problem}`` (:func:`gamut.setup.check`): the
    description's start text and view when the position is valid, else a
    sketch to draw and ``problem`` ``{type, message}`` saying what is wrong.
``describe({start, line?})``
    ``{move, text, turn}``: the line's last move (``null`` at the start) and
    that move in words with what it leads to (``""`` at the start, see
    :func:`gamut.words.say_move`), and whose turn it is now in words.
``enter({start, line?, text})``
    what the move box does with ``text``: ``{said}``, the answer to a reading
    command (``turn``, ``last``, ``score``, ``pieces white``, ``rank 3``,
    ``cell d4``, ``help``), or ``{move}``, the canonical text of a legal move;
    else an ``IllegalMoveError`` (or ``CommandError``) saying why.
``read({start, line?, command})``
    ``{text}``: the answer to a reading command alone.
``initial()``
    ``{games, views, starts}``: what the page draws before Pyodide is ready
    (``build.py`` runs this in CPython and inlines the answer in the page).
``version()``
    ``{version, python}``.
``job_start({kind, ...})``, ``job_step({job, budget_ms?})``, ``job_cancel({job})``
    time-sliced computations, see below.

Jobs
----
A long computation (``perft``; ``think``, the computer's move) is a Python *generator* that
does a small piece of work between ``yield`` s.  ``job_step`` resumes it until
its time budget is spent and answers ``{done, progress, result}``; the worker
calls it in a loop and returns to its event loop between slices, so a cancel
message is seen within one slice.  A job kind is registered with
:func:`register_job`; its factory receives the params and returns a generator
that yields progress dicts (or ``None``) and *returns* the result.  At most
:data:`MAX_JOBS` jobs are kept: starting one more drops the one stepped
least recently (a page that forgot a job cannot fill the worker's memory).

``job_start({kind: "analyse", start, line, level? | depth?, seed?})`` analyses a
line of moves with :mod:`gamut.analysis` (every position's evaluation, every
move's judgement); see :func:`_analyse_job`.

``job_start({kind: "think", start, line?, level?, seed?, max_ms?})`` searches the
position with :func:`gamut.ai.start`; its progress says
how far the search got (``depth`` and ``nodes``, or ``simulations``), the
best move so far (``best``) and the evaluation in words for the side to move
(``evaluation``: "White stands better", "Black wins: a win found in 2
moves"; ``mate_in``/``winner`` when a forced win is found); its result is the
same with ``move``, the move to play.
"""

from __future__ import annotations

import itertools
import json
import sys
import time
import traceback
from typing import Any, Callable, Iterator

from . import __version__
from .core import (GAMES, GamutError, IllegalMoveError, RecordError, State, excerpt, game_info,
                   load, new, perft)

__all__ = ["handle", "call", "RequestError", "Positions", "register_job", "initial", "METHODS"]


class RequestError(GamutError):
    """A request the bridge cannot read: unknown method, malformed params."""


# ---------------------------------------------------------------------------
# Reading params


_MISSING = object()


def _param(params: dict, name: str, kind: type | tuple, default: Any = _MISSING):
    """``params[name]``, checked to be of ``kind`` (``bool`` is never an int)."""
    value = params.get(name, _MISSING)
    if value is _MISSING or (value is None and default is not _MISSING):
        if default is _MISSING:
            raise RequestError(f"missing parameter {name!r}")
        return default
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        ok = False
    else:
        ok = isinstance(value, kinds)
    if not ok:
        names = " or ".join(_KIND_NAMES.get(k, k.__name__) for k in kinds)
        raise RequestError(f"parameter {name!r} must be {names}, not {_json_type(value)}")
    return value


_KIND_NAMES = {str: "a string", int: "an integer", dict: "an object", list: "a list",
               bool: "true or false", float: "a number"}


def _json_type(value) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string",
            list: "a list", dict: "an object"}.get(type(value), type(value).__name__)


def _str_list(params: dict, name: str, default=_MISSING) -> list:
    value = _param(params, name, list, default)
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise RequestError(f"{name}[{i}] must be a string, not {_json_type(item)}")
    return value


# ---------------------------------------------------------------------------
# Positions


class _Entry:
    """One cached position: its state, the canonical text of the move that
    reached it, and the positions one move on (keyed by every spelling asked)."""
    __slots__ = ("state", "move", "next")

    def __init__(self, state: State, move: str = ""):
        self.state = state
        self.move = move
        self.next: dict[str, _Entry] = {}


class Positions:
    """A cache of states keyed by the line that reached them: a trie per start
    text, each edge a move text.  It never decides anything: the page names
    every position, and a position not cached is computed from its longest
    cached prefix.  Past :attr:`limit` entries the whole cache is dropped (it
    refills as asked)."""

    limit = 50_000

    def __init__(self):
        self.roots: dict[str, _Entry] = {}
        self.count = 0

    def walk(self, start: str, line: list) -> tuple[list[str], State]:
        """The canonical texts of ``line`` and the state it reaches; a
        RecordError names the first move that cannot be played."""
        if self.count > self.limit:
            self.roots.clear()
            self.count = 0
        entry = self.roots.get(start)
        if entry is None:
            entry = self.roots[start] = _Entry(load(start))  # PositionError when malformed
            self.count += 1
        canonical = []
        for i, text in enumerate(line):
            nxt = entry.next.get(text)
            if nxt is None:
                state = entry.state
                try:
                    move = state.parse_move(text)
                    name = state.move_text(move)
                    nxt = entry.next.get(name)
                    if nxt is None:
                        nxt = entry.next[name] = _Entry(state.play(move), name)
                        self.count += 1
                except IllegalMoveError as exc:
                    raise RecordError(f"move {i + 1} ({excerpt(text)}): {exc}") from None
                entry.next[text] = nxt
            canonical.append(nxt.move)
            entry = nxt
        return canonical, entry.state


def start_text_of(state: State) -> str:
    """``"<header> start"`` for a variant's standard start, else the full text."""
    standard = state.info.factory(state.variant, state.options)
    if standard == state:
        return f"{state.header()} start"
    return state.to_text()


def view_of(state: State, ply: int) -> dict:
    view = dict(state.view())
    view["ply"] = ply
    return view


_positions = Positions()


def _position(params: dict) -> tuple[list[str], State]:
    """The position a request names: ``start`` and ``line``."""
    start = _param(params, "start", str)
    if len(start) > 100_000:
        raise RequestError("the start position text is too long")
    line = _str_list(params, "line", [])
    return _positions.walk(start, line)


# ---------------------------------------------------------------------------
# Methods


def m_games(params: dict):
    return [info.to_json() for info in GAMES.values()]


def m_version(params: dict):
    return {"version": __version__, "python": sys.version.split()[0]}


def m_new(params: dict):
    game = _param(params, "game", str)
    variant = _param(params, "variant", str, None)
    options = _param(params, "options", dict, {})
    info = game_info(game)  # not new(game, **options): an option named "game" must not clash
    vid = info.variant(variant).id
    state = info.factory(vid, info.resolve_options(vid, options))
    return {"start": f"{state.header()} start", "view": view_of(state, 0)}


def m_view(params: dict):
    line, state = _position(params)
    return {"line": line, "view": view_of(state, len(line))}


def m_play(params: dict):
    line, state = _position(params)
    text = _param(params, "move", str)
    move = state.parse_move(text)  # IllegalMoveError saying why
    name = state.move_text(move)
    line, after = _positions.walk(_param(params, "start", str), line + [name])
    return {"move": name, "line": line, "view": view_of(after, len(line))}


def m_mark(params: dict):
    line, state = _position(params)
    cells = _str_list(params, "cells")
    select = state.view().get("select")
    if not select:
        raise RequestError("this position has no cells to mark")
    allowed = set(select["cells"])
    for cell in cells:
        if cell not in allowed:
            raise IllegalMoveError(f"{excerpt(cell)} cannot be marked here")
    move = state.parse_move(f"{select['move']} {','.join(cells) or '-'}")
    return {"move": state.move_text(move)}


def m_explain(params: dict):
    line, state = _position(params)
    clicks = _str_list(params, "clicks")
    return {"message": state.why_illegal(clicks)}


def m_setup_palette(params: dict):
    from . import setup
    game = _param(params, "game", str)
    variant = _param(params, "variant", str, None)
    options = _param(params, "options", dict, {})
    result = dict(setup.palette(game, variant, options))
    info = game_info(game)
    vid = info.variant(variant).id
    players = info.factory(vid, info.resolve_options(vid, options)).view()["players"]
    result["sides"] = [p["name"] for p in players]
    return result


def m_setup_describe(params: dict):
    from . import setup
    if "start" in params:
        return {"setup": setup.describe(_position(params)[1])}
    return {"setup": setup.start_setup(_param(params, "game", str),
                                       _param(params, "variant", str, None),
                                       _param(params, "options", dict, {}))}


def m_setup_check(params: dict):
    from . import setup
    return setup.check(_param(params, "setup", dict))


def _last_move(params: dict, line: list) -> tuple[State, Any] | None:
    """The position before the line's last move and that move, or None."""
    if not line:
        return None
    before = _positions.walk(_param(params, "start", str), line[:-1])[1]
    return before, before.parse_move(line[-1])


def m_describe(params: dict):
    from . import words
    line, state = _position(params)
    last = _last_move(params, line)
    return {"move": line[-1] if line else None,
            "text": words.say_move(*last) if last else "",
            "turn": words.turn_words(state)}


def m_enter(params: dict):
    from . import words
    line, state = _position(params)
    text = _param(params, "text", str)
    if len(text) > 1000:
        raise RequestError("an entry has at most 1000 characters")
    return words.entry(state, text, _last_move(params, line))


def m_read(params: dict):
    from . import words
    line, state = _position(params)
    command = _param(params, "command", str)
    if len(command) > 1000:
        raise RequestError("a command has at most 1000 characters")
    return {"text": words.read(state, command, _last_move(params, line))}


def initial() -> dict:
    """Games, plus the view and start text of every game's default start."""
    views, starts = {}, {}
    for gid in GAMES:
        state = new(gid)
        starts[gid] = f"{state.header()} start"
        views[gid] = view_of(state, 0)
    return {"games": [info.to_json() for info in GAMES.values()], "views": views,
            "starts": starts}


def m_initial(params: dict):
    return initial()


# ---------------------------------------------------------------------------
# Jobs


JOB_KINDS: dict[str, Callable[[dict], Iterator]] = {}


def register_job(kind: str, factory: Callable[[dict], Iterator]) -> None:
    """Make ``job_start({kind: ...})`` available.  ``factory(params)``
    returns a generator: it yields progress (a JSON-ready dict, or None) after
    each small piece of work and returns the job's result."""
    JOB_KINDS[kind] = factory


class _Job:
    __slots__ = ("kind", "gen", "progress", "started", "steps")

    def __init__(self, kind, gen):
        self.kind, self.gen, self.progress = kind, gen, None
        self.started, self.steps = time.perf_counter(), 0


_jobs: dict[int, _Job] = {}
_job_ids = itertools.count(1)
MAX_DEPTH = {"perft": 8}


def _perft_job(params: dict):
    """Perft split into slices: each leaf chunk is a perft of depth <= 2
    (a few milliseconds), so a cancel is seen almost at once.  Counts from
    position ``start`` + ``line``."""
    depth = _param(params, "depth", int)
    if not 0 <= depth <= MAX_DEPTH["perft"]:
        raise RequestError(f"perft depth must be 0 to {MAX_DEPTH['perft']}, not {depth}")
    state = _position(params)[1]
    return _perft_gen(state, depth)


def _perft_gen(state: State, depth: int):
    nodes = [0]

    def sub(s: State, d: int):
        if d <= 2:
            nodes[0] += perft(s, d)
            yield
            return
        for m in s.legal_moves():
            yield from sub(s.play_unchecked(m), d - 1)

    if depth <= 2:
        return {"depth": depth, "count": perft(state, depth), "divide": None}
    moves = state.legal_moves()
    divide = []
    for i, m in enumerate(moves):
        before = nodes[0]
        for _ in sub(state.play_unchecked(m), depth - 1):
            yield {"count": nodes[0], "root_moves_done": i, "root_moves": len(moves),
                   "fraction": i / len(moves)}
        divide.append([state.move_text(m), nodes[0] - before])
    return {"depth": depth, "count": nodes[0], "divide": divide}


register_job("perft", _perft_job)


THINK_SLICE_MS = 8  # search work between two yields of a think job


def _think_job(params: dict):
    """The computer's move for the position ``start`` + ``line``.  Params: ``level`` (``gamut.ai.LEVELS``, default ``"casual"``),
    ``seed`` (an integer, for a reproducible choice), ``max_ms`` (a cap on
    the search time, default the level's own).  The position is read once,
    at the start.

    Progress: ``{search, depth, nodes | simulations, best, clicks, score,
    chances, evaluation, mate_in, pv, elapsed_ms, seat, fraction}``
    (``chances``: every seat's winning chance as :mod:`gamut.analysis`
    reckons it, or None; ``fraction``: the share of the level's budget
    spent, for a progress bar); the result
    is the same dict with ``move`` (the move text to play), ``done`` true
    and ``fraction`` 1."""
    from . import ai  # imported on first use: the page loads faster without it

    level_name = _param(params, "level", str, "casual")
    seed = _param(params, "seed", int, None)
    max_ms = _param(params, "max_ms", (int, float), None)
    lv = ai.level(level_name)  # OptionError for an unknown level
    if max_ms is not None and not 0 < max_ms <= 600_000:
        raise RequestError("max_ms must be above 0 and at most 600000")
    state = _position(params)[1]
    if max_ms is None:
        max_ms = lv.time_limit(state) * 1000
    if state.outcome() is not None or not state.legal_moves():
        raise RequestError("the game is over: there is no move to think about")
    names = [p.get("name") or f"Player {i + 1}" for i, p in enumerate(state.view()["players"])]
    return _think_gen(state, ai.start(state, level_name, seed), max_ms, names)


def _think_gen(state: State, search, max_ms: float, names: list[str]):
    spent = 0.0
    while not search.done and spent < max_ms:
        t0 = time.perf_counter()
        raw = search.step(min(THINK_SLICE_MS, max(1.0, max_ms - spent)))
        spent += (time.perf_counter() - t0) * 1000
        yield think_progress(state, raw, spent, names)
    move = search.choice()
    result = think_progress(state, search.progress(), spent, names)
    result["move"] = state.move_text(move) if move is not None else None
    result["done"] = True
    result["fraction"] = 1.0
    return result


def think_progress(state: State, raw: dict, spent_ms: float, names: list[str]) -> dict:
    """A search's progress dict, made readable for the page: the evaluation
    in words, for the side to move (``names``: the players' names)."""
    from .ai.search import forced_result, is_mate_score

    mover = state.to_move
    name = names[mover]
    other = names[1 - mover] if len(names) == 2 else None
    out = {"seat": mover, "best": raw.get("best"), "elapsed_ms": round(spent_ms),
           "done": bool(raw.get("done")), "score": None, "chances": None, "mate_in": None,
           "winner": None, "evaluation": "", "fraction": raw.get("fraction")}
    if "depth" in raw:  # alpha-beta: a score for the side to move
        score = raw.get("score") or 0
        out.update(search="alphabeta", depth=raw.get("depth", 0), nodes=raw.get("nodes", 0),
                   pv=list(raw.get("pv") or [])[:8], score=score)
        out["chances"] = _chances(score, mover, state.eval_scale)
        if is_mate_score(score) and raw.get("depth"):
            out["winner"], n = forced_result(score, mover, state.turn_plies)
            out["mate_in"] = n
            out["chances"] = [float(seat == out["winner"]) for seat in range(2)]
            who = name if score > 0 else (other or "The opponent")
            out["evaluation"] = f"{who} wins: a win found in {n} move{'s' if n != 1 else ''}"
        elif not raw.get("depth"):
            out["evaluation"] = "thinking…"
        else:
            out["evaluation"] = _words(score, name, other, state.eval_scale)
    else:  # Monte-Carlo: a win rate and proven results
        out.update(search="mcts", simulations=raw.get("simulations", 0),
                   pv=list(raw.get("pv") or [])[:8], chances=raw.get("chances"))
        chances = raw.get("chances")
        # (all the simulations' results: the best move's own rate rests on few at first)
        rate = chances[mover] if chances else raw.get("win_rate")
        proven = raw.get("proven")
        out["win_rate"] = rate
        if proven is not None:
            out["winner"] = proven
            winner = names[proven]
            out["evaluation"] = f"{winner} wins: a forced win found"
        elif rate is None:
            out["evaluation"] = "thinking…"
        else:
            out["evaluation"] = f"{name} wins {round(rate * 100)} % of the simulated games"
    return out


def _chances(score: float, mover: int, scale: float) -> list:
    from .analysis import chances_of_score
    return [round(c, 4) for c in chances_of_score(score, mover, scale)]


# Where the words change, in units of a game's ``eval_scale`` (the score
# at which the side to move wins about 73 % of games, 1 / (1 + e^-1)):
# about 60 %, 75 % and 90 % to win.
WORD_STEPS = ((0.4, "stands slightly better"), (1.1, "stands better"),
              (2.2, "is clearly winning"))


def _words(score: float, name: str, other: str | None, scale: float = 100.0) -> str:
    """A heuristic score (for ``name``, the side to move) in words; ``scale``
    is the game's ``eval_scale``, fitted to game results by
    ``bench/calibrate_eval.py``, so the same words mean the same odds in
    every game."""
    size = abs(score) / scale
    if size < WORD_STEPS[0][0]:
        return "About even"
    who = name if score > 0 else (other or "The opponent")
    words = WORD_STEPS[0][1]
    for step, text in WORD_STEPS:
        if size >= step:
            words = text
    return f"{who} {words}"


register_job("think", _think_job)


def _analyse_job(params: dict):
    """The analysis of the line ``line`` from ``start`` (a game's main
    line) by :func:`gamut.analysis.analyse`.  Params: ``level`` (default
    ``"strong"``) or ``depth`` (alpha-beta games), ``seed`` (default 0).
    The line is read and checked at the start.

    Progress: ``{position, positions, fraction, evaluations}`` (the
    evaluations finished so far, in order from the start); the result is
    :meth:`gamut.analysis.Analysis.to_json` (``line`` canonical)."""
    from . import analysis  # imported on first use, as the computer player

    level = _param(params, "level", str, "strong")
    depth = _param(params, "depth", int, None)
    seed = _param(params, "seed", int, 0)
    start = _param(params, "start", str)
    line = _position(params)[0]  # RecordError at once for a move that cannot be played
    state = _positions.walk(start, [])[1]
    analysis.check_settings(state, level, depth)
    gen = analysis.analyse(state, line, level, depth, seed, slice_ms=THINK_SLICE_MS)
    return _analyse_gen(gen)


def _analyse_gen(gen):
    result = yield from gen
    return result.to_json()


register_job("analyse", _analyse_job)


MAX_JOBS = 16  # jobs kept at once; one more drops the least recently stepped


def m_job_start(params: dict):
    kind = _param(params, "kind", str)
    factory = JOB_KINDS.get(kind)
    if factory is None:
        raise RequestError(f"unknown job kind {kind!r}; kinds: " + ", ".join(sorted(JOB_KINDS)))
    result = factory(params)
    job_id = next(_job_ids)
    if not hasattr(result, "send"):  # a factory may finish at once
        def done(value=result):
            return value
            yield  # pragma: no cover
        result = done()
    while len(_jobs) >= MAX_JOBS:  # the least recently stepped first
        _jobs.pop(next(iter(_jobs))).gen.close()
    _jobs[job_id] = _Job(kind, result)
    return job_id


def _job(params: dict) -> tuple[int, _Job]:
    job_id = _param(params, "job", int)
    job = _jobs.get(job_id)
    if job is None:
        raise RequestError(f"no job {job_id} (finished, cancelled or never started)")
    return job_id, job


def m_job_step(params: dict):
    job_id, job = _job(params)
    budget = _param(params, "budget_ms", (int, float), 50)
    if not 0 <= budget <= 60_000:
        raise RequestError("budget_ms must be 0 to 60000")
    deadline = time.perf_counter() + budget / 1000
    job.steps += 1
    _jobs[job_id] = _jobs.pop(job_id)  # most recently stepped last
    try:
        while True:
            progress = next(job.gen)
            if progress is not None:
                job.progress = progress
            if time.perf_counter() >= deadline:
                return {"done": False, "progress": job.progress, "result": None}
    except StopIteration as stop:
        del _jobs[job_id]
        return {"done": True, "progress": job.progress, "result": stop.value}
    except BaseException:
        _jobs.pop(job_id, None)
        raise


def m_job_cancel(params: dict):
    job_id = _param(params, "job", int)
    job = _jobs.pop(job_id, None)
    if job is not None:
        job.gen.close()
    return {"cancelled": job is not None}


# Records (gamut.records): records_parse({text}) -> {games: [Record.to_json()], errors:
# [{line, col, game, message}]} (Gamut records or boardspace SGF; a bad game is an error,
# the others still read); records_format({games: [Record.to_json() form]}) -> {text}.


def m_records_parse(params: dict):
    from . import records
    parsed = records.read(_param(params, "text", str))
    return {"games": [g.to_json() for g in parsed.games],
            "errors": [e.to_json() for e in parsed.errors]}


def m_records_format(params: dict):
    from . import records
    return {"text": records.format_json(_param(params, "games", list))}


METHODS: dict[str, Callable[[dict], Any]] = {
    "games": m_games, "version": m_version, "new": m_new, "play": m_play, "mark": m_mark,
    "view": m_view, "explain": m_explain, "initial": m_initial,
    "setup_palette": m_setup_palette, "setup_describe": m_setup_describe,
    "setup_check": m_setup_check,
    "describe": m_describe, "enter": m_enter, "read": m_read,
    "job_start": m_job_start, "job_step": m_job_step, "job_cancel": m_job_cancel,
    "records_parse": m_records_parse, "records_format": m_records_format,
}


# ---------------------------------------------------------------------------
# Entry points


def call(method, params=None):
    """Run ``method`` with a params dict; returns the result or raises
    GamutError (used by :func:`handle` and by Python callers)."""
    if not isinstance(method, str) or method not in METHODS:
        known = ", ".join(sorted(METHODS))
        raise RequestError(f"unknown method {method!r}; methods: {known}")
    if params is None:
        params = {}
    if not isinstance(params, dict):
        raise RequestError(f"params must be a JSON object, not {_json_type(params)}")
    return METHODS[method](params)


def handle(method, params_json=None) -> str:
    """Answer one request; never raises.  ``params_json`` is a JSON text
    (or None for no params); the answer is a JSON text ``{"ok": true,
    "result": ...}`` or ``{"ok": false, "error": {"type", "message"}}``."""
    try:
        if params_json is None or params_json == "":
            params = {}
        elif isinstance(params_json, str):
            try:
                params = json.loads(params_json)
            except (ValueError, RecursionError) as exc:
                raise RequestError(f"params are not valid JSON: {exc}") from None
        else:
            raise RequestError("params must be sent as a JSON text")
        result = call(method, params)
        return json.dumps({"ok": True, "result": result}, separators=(",", ":"))
    except GamutError as exc:
        return _error(type(exc).__name__, str(exc))
    except Exception as exc:  # a bug: log it, keep the worker alive
        traceback.print_exc(file=sys.stderr)
        return _error("InternalError", f"{type(exc).__name__}: {exc}")


def _error(kind: str, message: str) -> str:
    return json.dumps({"ok": False, "error": {"type": kind, "message": message}},
                      separators=(",", ":"))
