"""The evaluation of one position for :mod:`gamut.analysis`: the engine's
search (:mod:`gamut.ai`) run in slices on it, and its score turned into
every seat's winning chances (:class:`Evaluation`), with the settings an
analysis accepts (a level, or a fixed depth for an alpha-beta game)."""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass, field

from ..core import GamutError, State, excerpt
from ..messages import Message

MAX_DEPTH = 20  # the deepest fixed depth an analysis may ask for
SLICE_MS = 8.0  # search work between two yields of :func:`evaluate`


class AnalysisError(GamutError):
    """An analysis that cannot be run as asked (a bad depth, a depth for a
    Monte-Carlo game)."""


@dataclass
class Evaluation:
    """One position as the engine sees it.

    ``chances``: every seat's winning chance (0 to 1); ``best``: the
    engine's move (None in a finished position) and ``pv`` its line (move
    texts, ``best`` first); ``score``: the alpha-beta score for the side to
    move (None for Monte-Carlo and finished games); ``winner`` and
    ``moves``: a forced result the search proved (the winner's seat, and how
    many of the winner's turns it takes, None when the search does not
    count them), or the finished game's winner (``moves`` 0; ``winner``
    None and ``over`` true for a draw); ``depth``/``work``: plies searched
    (alpha-beta) and nodes or simulations spent."""

    to_move: int
    chances: list
    best: str | None = None
    pv: list = field(default_factory=list)
    score: int | None = None
    winner: int | None = None
    moves: int | None = None
    over: bool = False
    depth: int = 0
    work: int = 0

    @property
    def proven(self) -> bool:
        """Whether a forced result (or the game's end) decides the position."""
        return self.winner is not None or self.over

    def to_json(self) -> dict:
        return {
            "to_move": self.to_move,
            "chances": [round(c, 4) for c in self.chances],
            "best": self.best,
            "pv": list(self.pv),
            "score": self.score,
            "winner": self.winner,
            "moves": self.moves,
            "over": self.over,
            "depth": self.depth,
            "work": self.work,
        }


def chances_of_score(score: float, mover: int, scale: float) -> list:
    """Both seats' winning chances for an alpha-beta ``score`` of ``mover``,
    the side to move, in a game whose ``eval_scale`` is ``scale``."""
    x = max(-60.0, min(60.0, score / scale))
    p = 1.0 / (1.0 + math.exp(-x))
    return [p, 1.0 - p] if mover == 0 else [1.0 - p, p]


def _finished(state: State) -> Evaluation | None:
    outcome = state.outcome()
    if outcome is None:
        return None
    n = state.num_players
    if outcome.winner is None:
        chances = [1.0 / n] * n
    else:
        chances = [float(seat == outcome.winner) for seat in range(n)]
    return Evaluation(
        state.to_move,
        chances,
        winner=outcome.winner,
        moves=0 if outcome.winner is not None else None,
        over=True,
    )


def check_settings(state: State | None, level: str, depth: int | None) -> None:
    """Refuse an unknown level (``OptionError``), and a depth that is not 1
    to :data:`MAX_DEPTH` or is given for a game searched by Monte-Carlo
    (``state``'s, when given) with an :class:`AnalysisError`."""
    from .. import ai

    ai.level(level)
    if depth is None:
        return
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= MAX_DEPTH:
        raise AnalysisError(Message("error.analysis.depth", {"max": MAX_DEPTH, "depth": excerpt(depth)}))
    if state is not None and ai.search_kind(state) != "alphabeta":
        raise AnalysisError(
            Message("error.analysis.monteCarlo", {"game": state.info.name, "variant": state.variant})
        )


def _search(state: State, level: str, depth: int | None, seed: int):
    from .. import ai

    check_settings(state, level, depth)
    return ai.start(state, level, seed, best_only=True, depth=depth)


def evaluate(
    state: State, level: str = "strong", depth: int | None = None, seed: int = 0, slice_ms: float = SLICE_MS
) -> Generator[float, None, Evaluation]:
    """A generator that searches ``state`` in slices of about ``slice_ms``
    (yielding the share of the work done, 0 to 1, after each) and returns
    its :class:`Evaluation`."""
    done = _finished(state)
    if done is not None:
        return done
    from ..ai.search import forced_result, is_mate_score

    search = _search(state, level, depth, seed)
    while not search.done:
        raw = search.step(slice_ms)
        yield raw.get("fraction") or 0.0
    raw = search.progress()
    mover = state.to_move
    best = raw.get("best")
    pv = list(raw.get("pv") or ([best] if best else []))
    if "depth" in raw:  # alpha-beta
        score = int(raw.get("score") or 0)
        ev = Evaluation(
            mover,
            chances_of_score(score, mover, state.eval_scale),
            best,
            pv,
            score,
            depth=raw["depth"],
            work=raw.get("nodes", 0),
        )
        if is_mate_score(score) and raw["depth"]:
            ev.winner, ev.moves = forced_result(score, mover, state.turn_plies)
            ev.chances = [float(seat == ev.winner) for seat in range(2)]
        return ev
    chances = raw.get("chances")
    n = state.num_players
    ev = Evaluation(
        mover, list(chances) if chances else [1.0 / n] * n, best, pv, work=raw.get("simulations", 0)
    )
    proven = raw.get("proven")
    if proven is not None and proven >= 0:
        ev.winner = proven
    return ev
