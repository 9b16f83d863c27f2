"""The time-sliced computations' kinds: perft, the computer's move, analysis.

A long computation is a Python *generator* that does a small piece of work
between ``yield`` s; the bridge methods ``job_start``, ``job_step`` and
``job_cancel`` (:mod:`gamut.methods.jobs`) start one, resume it for a time
budget and stop it.  A job kind is registered here with
:func:`register_job`; its factory receives the params and returns a
generator that yields progress dicts (or ``None``) and *returns* the result.

Kinds: ``perft`` (:func:`_perft_job`), ``think`` (:func:`_think_job`, the
computer's move, with its evaluation in words from :mod:`gamut.words`) and
``analyse`` (:func:`_analyse_job`, :mod:`gamut.analysis` over a line) and
``attempt`` (:func:`_attempt_job`, a move tried where a mistake was played).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterator
from typing import TYPE_CHECKING, Any

from .core import State, perft
from .messages import Message
from .methods import POSITIONS, Params, RequestError, param, placed, position
from .view import seats_said

if TYPE_CHECKING:
    from .analysis import Analysis

__all__ = ["register_job", "JOB_KINDS", "think_progress", "THINK_SLICE_MS"]

JobFactory = Callable[[Params], Iterator[Any]]

#: Job factories by kind.
JOB_KINDS: dict[str, JobFactory] = {}


def register_job(kind: str, factory: JobFactory) -> None:
    """Make ``job_start({kind: ...})`` available.  ``factory(params)``
    returns a generator: it yields progress (a JSON-ready dict, or None) after
    each small piece of work and returns the job's result."""
    JOB_KINDS[kind] = factory


MAX_DEPTH = {"perft": 8}


# ---------------------------------------------------------------------------
# perft


def _perft_job(params: Params) -> Generator[dict[str, Any], None, dict[str, Any]]:
    """Perft split into slices: each leaf chunk is a perft of depth <= 2
    (a few milliseconds), so a cancel is seen almost at once.  Counts from
    position ``start`` + ``line``."""
    depth = param(params, "depth", int)
    if not 0 <= depth <= MAX_DEPTH["perft"]:
        raise RequestError(Message("error.request.perftDepth", {"max": MAX_DEPTH["perft"], "depth": depth}))
    state = position(params)[1]
    return _perft_gen(state, depth)


def _perft_gen(state: State, depth: int) -> Generator[dict[str, Any], None, dict[str, Any]]:
    nodes = [0]

    def sub(s: State, d: int) -> Iterator[None]:
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
            yield {
                "count": nodes[0],
                "root_moves_done": i,
                "root_moves": len(moves),
                "fraction": i / len(moves),
            }
        divide.append([state.move_text(m), nodes[0] - before])
    return {"depth": depth, "count": nodes[0], "divide": divide}


register_job("perft", _perft_job)


# ---------------------------------------------------------------------------
# think: the computer's move

THINK_SLICE_MS = 8  # search work between two yields of a think job


def _think_job(params: Params) -> Generator[dict[str, Any], None, dict[str, Any]]:
    """The computer's move for the position ``start`` + ``line``.  Params: ``level`` (``gamut.ai.LEVELS``, default ``"casual"``),
    ``seed`` (an integer, for a reproducible choice), ``max_ms`` (a cap on
    the search time, default the level's own).  The position is read once,
    at the start.

    Progress: ``{search, depth, nodes | simulations, best, clicks, score,
    chances, evaluation, mate_in, pv, elapsed_ms, seat, fraction}``
    (``chances``: every seat's winning chance as :mod:`gamut.analysis`
    reckons it, or None; ``evaluation``: the chances in words, a message
    (its JSON: no English beside it, #43), or None; ``fraction``: the share
    of the level's budget spent, for a progress bar); the result
    is the same dict with ``move`` (the move text to play), ``done`` true
    and ``fraction`` 1."""
    from . import ai  # imported on first use: the page loads faster without it

    level_name = param(params, "level", str, "casual")
    seed = param(params, "seed", int, None)
    max_ms = param(params, "max_ms", (int, float), None)
    lv = ai.level(level_name)  # OptionError for an unknown level
    if max_ms is not None and not 0 < max_ms <= 600_000:
        raise RequestError(Message("error.request.maxMs"))
    state = position(params)[1]
    if max_ms is None:
        max_ms = lv.time_limit(state) * 1000
    if state.outcome() is not None or not state.legal_moves():
        raise RequestError(Message("error.request.over"))
    seats = seats_said(state.view())
    return _think_gen(state, ai.start(state, level_name, seed), max_ms, seats)


def _think_gen(
    state: State, search: Any, max_ms: float, seats: list[Message]
) -> Generator[dict[str, Any], None, dict[str, Any]]:
    spent = 0.0
    while not search.done and spent < max_ms:
        t0 = time.perf_counter()
        raw = search.step(min(THINK_SLICE_MS, max(1.0, max_ms - spent)))
        spent += (time.perf_counter() - t0) * 1000
        yield think_progress(state, raw, spent, seats)
    move = search.choice()
    result = think_progress(state, search.progress(), spent, seats)
    result["move"] = state.move_text(move) if move is not None else None
    result["done"] = True
    result["fraction"] = 1.0
    return result


def think_progress(
    state: State, raw: dict[str, Any], spent_ms: float, seats: list[Message]
) -> dict[str, Any]:
    """A search's progress dict, made readable for the page: the evaluation
    in words (:mod:`gamut.words`), for the side to move (``seats``: the
    players' names, as the view says them: :func:`gamut.view.seats_said`)."""
    from .ai.search import forced_result, is_mate_score
    from .words import forced_win_said, score_said, simulation_said

    mover = state.to_move
    name = seats[mover]
    other = seats[1 - mover] if len(seats) == 2 else None
    out: dict[str, Any] = {
        "seat": mover,
        "best": raw.get("best"),
        "elapsed_ms": round(spent_ms),
        "done": bool(raw.get("done")),
        "score": None,
        "chances": None,
        "mate_in": None,
        "winner": None,
        "evaluation": None,
        "fraction": raw.get("fraction"),
    }
    said: Message | None = None
    if "depth" in raw:  # alpha-beta: a score for the side to move
        score = raw.get("score") or 0
        out.update(
            search="alphabeta",
            depth=raw.get("depth", 0),
            nodes=raw.get("nodes", 0),
            pv=list(raw.get("pv") or [])[:8],
            score=score,
        )
        out["chances"] = _chances(score, mover, state.eval_scale)
        if is_mate_score(score) and raw.get("depth"):
            out["winner"], n = forced_result(score, mover, state.turn_plies)
            out["mate_in"] = n
            out["chances"] = [float(seat == out["winner"]) for seat in range(2)]
            said = forced_win_said(name if score > 0 else (other or Message("engine.opponent")), n)
        elif not raw.get("depth"):
            said = Message("engine.thinking")
        else:
            said = score_said(score, name, other, state.eval_scale)
    else:  # Monte-Carlo: a win rate and proven results
        out.update(
            search="mcts",
            simulations=raw.get("simulations", 0),
            pv=list(raw.get("pv") or [])[:8],
            chances=raw.get("chances"),
        )
        chances = raw.get("chances")
        # (all the simulations' results: the best move's own rate rests on few at first)
        rate = chances[mover] if chances else raw.get("win_rate")
        proven = raw.get("proven")
        out["win_rate"] = rate
        if proven is not None:
            out["winner"] = proven
            said = forced_win_said(seats[proven])
        elif rate is None:
            said = Message("engine.thinking")
        else:
            said = simulation_said(name, rate)
    if said is not None:  # (a message, for the page to say in the player's language)
        out["evaluation"] = said.to_json()
    return out


def _chances(score: float, mover: int, scale: float) -> list[float]:
    from .analysis import chances_of_score

    return [round(c, 4) for c in chances_of_score(score, mover, scale)]


register_job("think", _think_job)


# ---------------------------------------------------------------------------
# analyse


def _analyse_job(params: Params) -> Generator[Any, None, dict[str, Any]]:
    """The analysis of the line ``line`` from ``start`` (a game's main
    line) by :func:`gamut.analysis.analyse`.  Params: ``level`` (default
    ``"strong"``) or ``depth`` (alpha-beta games), ``seed`` (default 0).
    The line is read and checked at the start.

    Progress: ``{position, positions, fraction, first, evaluations}``: only
    the evaluations finished since the previous answer, ``first`` the index
    of the first of them (the page appends them: a long analysis does not
    send every finished position again at each slice); the result is
    :meth:`gamut.analysis.Analysis.to_json` (``line`` canonical).  The line
    is from the start, or from ``at`` (as ``view``)."""
    from . import analysis  # imported on first use, as the computer player

    level = param(params, "level", str, "strong")
    depth = param(params, "depth", int, None)
    seed = param(params, "seed", int, 0)
    start = param(params, "start", str)
    along = placed(params)[1]  # RecordError at once for a move that cannot be played
    line = along[-1].line()  # (from the start, when the request names it from ``at``)
    state = POSITIONS.walk(start, [])[1]
    analysis.check_settings(state, level, depth)
    gen = analysis.analyse(state, line, level, depth, seed, slice_ms=THINK_SLICE_MS)
    return _analyse_gen(gen)


class _NewEvaluations:
    """The analysis's progress as the page receives it: at each answer
    (:func:`_sent`), its latest progress with only the evaluations finished
    since the previous answer, and ``first``, the index of the first."""

    __slots__ = ("latest", "sent")

    def __init__(self) -> None:
        self.latest: dict[str, Any] = {}
        self.sent = 0

    def to_json(self) -> dict[str, Any]:
        finished = self.latest.get("evaluations", [])
        first, self.sent = self.sent, len(finished)
        return {**self.latest, "first": first, "evaluations": finished[first:]}


def _analyse_gen(gen: Generator[Any, None, Analysis]) -> Generator[Any, None, dict[str, Any]]:
    progress = _NewEvaluations()
    while True:
        try:
            latest = next(gen)
        except StopIteration as stop:
            result: Analysis = stop.value
            return result.to_json()
        if latest is not None:
            progress.latest = latest
            yield progress


register_job("analyse", _analyse_job)


# ---------------------------------------------------------------------------
# attempt (issue #31: practise your mistakes)


def _attempt_job(params: Params) -> Generator[Any, None, dict[str, Any]]:
    """One move tried where the player once played a mistake, judged by
    :func:`gamut.analysis.attempt.attempt`.  Params: the position
    (``start``, ``line``, or ``at``), ``move`` (the try), ``best`` (the
    engine's move there, from the analysis), ``played`` (the mistake),
    ``level`` (default ``"strong"``) or ``depth``, ``seed`` (default 0),
    ``best_chance`` (the player's chance after the best move, when the
    analysis has it).  Progress ``{fraction}``; the result is the
    judgement's dict."""
    from .analysis import check_settings
    from .analysis.attempt import attempt

    level = param(params, "level", str, "strong")
    depth = param(params, "depth", int, None)
    seed = param(params, "seed", int, 0)
    best_chance = param(params, "best_chance", (int, float), None)
    if best_chance is not None and not 0 <= best_chance <= 1:
        raise RequestError(Message("error.request.bestChance", {"value": repr(best_chance)}))
    state = position(params)[1]
    check_settings(state, level, depth)
    gen = attempt(
        state,
        param(params, "move", str),
        param(params, "best", str),
        param(params, "played", str),
        level,
        depth,
        seed,
        None if best_chance is None else float(best_chance),
        slice_ms=THINK_SLICE_MS,
    )
    return _attempt_gen(gen)  # (the request is read and checked before any search)


def _attempt_gen(gen: Generator[float, None, dict[str, Any]]) -> Generator[Any, None, dict[str, Any]]:
    try:
        while True:
            yield {"fraction": round(next(gen), 3)}
    except StopIteration as stop:
        result: dict[str, Any] = stop.value
        return result


register_job("attempt", _attempt_job)
