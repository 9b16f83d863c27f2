"""Practising a mistake (issue #31): one move tried in a position where the
player once played a mistake, judged against the engine's best move.

An exercise is a position of an analysed game (:func:`gamut.analysis.analyse`)
before a move marked mistake or blunder.  The player tries a move; the try
is *good* when it loses less than the game's mistake threshold
(``State.mark_thresholds[1]``) of winning chances against the engine's
best move, judged the way the analysis judged the move played: the
position after the try and the position after the best move are each
searched alone, with the same level (or depth) and seed, so the chances
compare like with like and match the analysis's own figures.

Two tries are decided without a search: the engine's best move is always
good, and the move played in the game is never good (the analysis already
found it a mistake).

>>> import gamut
>>> s = gamut.new("loa")
>>> r = run(s, "b1-d3", best="b1-d3", played="b1-b3", level="beginner")
>>> r["good"], r["loss"]
(True, 0.0)
"""

from __future__ import annotations

from collections.abc import Generator

from ..core import IllegalMoveError, RecordError, State, cause_of, excerpt
from ..messages import Message
from .evaluation import SLICE_MS, Evaluation, evaluate

__all__ = ["attempt", "run"]


def attempt(
    state: State,
    move: str,
    best: str,
    played: str,
    level: str = "strong",
    depth: int | None = None,
    seed: int = 0,
    best_chance: float | None = None,
    slice_ms: float = SLICE_MS,
) -> Generator[float, None, dict]:
    """A generator judging ``move`` tried in ``state`` (the position before
    the mistake ``played``; ``best``: the engine's move there).  It yields
    the share of the work done (0 to 1) after each slice of search and
    returns ``{move, good, reason, loss, chance, best, best_chance,
    threshold, pv}``: the try's canonical text; whether it is good;
    ``reason`` ``"best"`` (the engine's move), ``"played"`` (the mistake
    itself) or ``"chances"``; the loss of winning chances against the best
    move (0 to 1); the player's chance after the try and after the best
    move; the mistake threshold; and the engine's line after the try (its
    answer and on).  ``best_chance``: the player's chance after the best
    move when the analysis already has it (``best_after``), else searched.
    The moves are read at once: a RecordError before any search."""
    texts = []
    for name, text in (("move", move), ("best", best), ("played", played)):
        try:  # (the same spelling as the analysis's)
            texts.append(state.move_text(state.parse_move(text)))
        except IllegalMoveError as exc:
            cause = cause_of(exc)
            said = Message("error.analysis.badTry", {"which": name, "text": excerpt(text), "cause": cause})
            raise RecordError(said) from None
    move, best, played = texts
    threshold = state.mark_thresholds[1]
    out = {"move": move, "best": best, "threshold": threshold, "pv": []}
    if move in (best, played):
        good = move == best
        return _decided(
            {
                **out,
                "good": good,
                "reason": "best" if good else "played",
                "loss": 0.0 if good else None,
                "chance": None,
                "best_chance": best_chance,
            }
        )
    return _judge(state, move, best, level, depth, seed, best_chance, slice_ms, out)


def _judge(
    state: State,
    move: str,
    best: str,
    level: str,
    depth: int | None,
    seed: int,
    best_chance: float | None,
    slice_ms: float,
    out: dict,
) -> Generator[float, None, dict]:
    """The searches of :func:`attempt` (the positions after the best move,
    unless its chance is given, and after the try)."""
    seat = state.to_move
    searches = 1 if best_chance is not None else 2
    if best_chance is None:
        gen = evaluate(state.play_unchecked(state.parse_move(best)), level, depth, seed, slice_ms)
        after_best = yield from _share(gen, 0, searches)
        best_chance = after_best.chances[seat]
    gen = evaluate(state.play_unchecked(state.parse_move(move)), level, depth, seed, slice_ms)
    after_try = yield from _share(gen, searches - 1, searches)
    chance = after_try.chances[seat]
    loss = max(0.0, best_chance - chance)
    return {
        **out,
        "good": loss < out["threshold"],
        "reason": "chances",
        "loss": round(loss, 4),
        "chance": round(chance, 4),
        "best_chance": round(best_chance, 4),
        "pv": list(after_try.pv),
    }


def _decided(result: dict) -> Generator[float, None, dict]:
    """A judgement known without a search, as a generator that yields nothing."""
    return result
    yield  # (makes this function a generator)


def _share(
    gen: Generator[float, None, Evaluation], done: int, total: int
) -> Generator[float, None, Evaluation]:
    """``gen``'s progress as a share of ``total`` searches, ``done`` before it."""
    try:
        while True:
            yield (done + next(gen)) / total
    except StopIteration as stop:
        return stop.value


def run(state: State, move: str, **how) -> dict:
    """:func:`attempt` run to the end (``how``: its other arguments)."""
    gen = attempt(state, move, slice_ms=200.0, **how)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
