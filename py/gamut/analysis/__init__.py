"""Game analysis: where was the game won and lost?

:func:`analyse` runs the computer player's search (:mod:`gamut.ai`) over
every position of a line of moves (a game's main line) and judges every
move by how much it changed its player's *winning chances*.  It works for
every game through the state protocol and the search hooks alone; what
differs between games is only how a score becomes a chance, and that is
each game's calibration:

* an alpha-beta game's score (for the side to move) is the log-odds of
  winning times the game's ``eval_scale`` (fitted to played games by
  ``bench/calibrate_eval.py``), so the chance is ``1 / (1 + e^(-score /
  eval_scale))`` for the side to move and the rest for the other side; a
  forced win found by the search is a chance of 1 (0 for the loser);
* a Monte-Carlo game (EL for three or four players) gives every seat its
  share of the results of the simulations through the best move.

Each position gets an :class:`Evaluation` (every seat's chances, the
engine's move and line, a forced result when one was found).  Each move of
the line is then judged (:class:`Judgement`) by the *loss*: its player's
chance before the move (best play) minus the chance after it.  A loss of at
least a game's ``mark_thresholds`` (``core.State``: inaccuracy, mistake,
blunder, in chance units, so the same marks mean the same odds in every
game) marks the move; the engine's own move is never marked.  Two marks are
about proofs, not odds: a *missed win* (a forced win was found before the
move and is gone after it) and a move *into a forced loss* (an opponent has
a forced win after it, and had none before) are marked as such, at least
as inaccuracies and more as their loss says (as lichess grades a lost
mate: missing a win in one that leaves the opponent winning is a blunder;
missing one in a position still clearly won is not).

>>> import gamut
>>> from gamut import analysis
>>> s = gamut.new("loa")
>>> result = analysis.run(s, ["b1-d3", "a2-c4"], level="beginner")
>>> [j.move for j in result.moves], len(result.positions)
(['b1-d3', 'a2-c4'], 3)

The search budget is a level's (``gamut.ai.LEVELS``, without the level's
human-like noise) or a fixed ``depth`` (alpha-beta games only); a position
is searched with ``seed`` (default 0), so an analysis is the same on every
machine.  :func:`analyse` is a generator, so that the worker can run it in
slices (``bridge`` job ``"analyse"``); :func:`run` runs it to the end.

This package holds the analysis job (the line replayed, its positions
searched, its moves judged: :func:`analyse`, :class:`Analysis`); its parts
are modules of their own: :mod:`.positions` (the evaluation of one
position), :mod:`.judgement` (the judgement of moves) and :mod:`.report`
(the analysis as text).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass

from ..core import IllegalMoveError, RecordError, State, cause_of, excerpt
from ..messages import Message
from .evaluation import (
    MAX_DEPTH,
    SLICE_MS,
    AnalysisError,
    Evaluation,
    chances_of_score,
    check_settings,
    evaluate,
)
from .judgement import MARKS, Judgement, PlayerSummary, judge, summarise, worth_comparing
from .report import chance_text, report

__all__ = [
    "Evaluation",
    "Judgement",
    "PlayerSummary",
    "Analysis",
    "AnalysisError",
    "MARKS",
    "MAX_DEPTH",
    "SLICE_MS",
    "analyse",
    "run",
    "replay",
    "evaluate",
    "check_settings",
    "chances_of_score",
    "judge",
    "summarise",
    "chance_text",
    "report",
]


@dataclass
class Analysis:
    """A line analysed: the settings, the line (canonical move texts), one
    :class:`Evaluation` per position (``len(line) + 1``), one
    :class:`Judgement` per move and one :class:`PlayerSummary` per seat."""

    level: str | None
    depth: int | None
    line: list
    positions: list
    moves: list
    summary: list

    def to_json(self) -> dict:
        """The form the page keeps with the game in the library (``v`` 1)."""
        return {
            "v": 1,
            "level": self.level,
            "depth": self.depth,
            "line": list(self.line),
            "positions": [p.to_json() for p in self.positions],
            "moves": [j.to_json() for j in self.moves],
            "summary": [s.to_json() for s in self.summary],
        }


def replay(start: State, line: Sequence[str]) -> tuple[list, list]:
    """The canonical texts of ``line`` and every state it passes (the start
    first); a RecordError names the first move that cannot be played."""
    states, texts = [start], []
    for i, text in enumerate(line):
        if not isinstance(text, str):
            raise RecordError(Message("error.analysis.notText", {"n": i + 1, "text": excerpt(text)}))
        s = states[-1]
        try:
            move = s.parse_move(text)
        except IllegalMoveError as exc:
            cause = cause_of(exc)
            raise RecordError(
                Message("error.analysis.badMove", {"n": i + 1, "text": excerpt(text), "cause": cause})
            ) from None
        texts.append(s.move_text(move))
        states.append(s.play_unchecked(move))
    return texts, states


def analyse(
    start: State,
    line: Sequence[str],
    level: str = "strong",
    depth: int | None = None,
    seed: int = 0,
    slice_ms: float = SLICE_MS,
) -> Generator[dict, None, Analysis]:
    """A generator that analyses ``line`` from ``start``: it yields progress
    after each slice of search, ``{"position", "positions", "fraction",
    "evaluations"}`` (the position being searched, from 0, of how many; the
    share of the whole work done; the evaluations finished so far, as JSON:
    one list, appended to, the same in every progress),
    and returns the :class:`Analysis`.

    Positions are searched from the first to the last, each alone (the same
    position gets the same evaluation in any game).  A move that is not the
    engine's and loses enough, position against position, to be marked, is
    judged again against the position after the engine's move, searched the
    same way: both are positions after the player's move, so a search that
    sees one side a ply further than the other (a shallow search does)
    cannot make the loss up."""
    check_settings(start, level, depth)
    texts, all_states = replay(start, line)
    total = len(all_states)
    evaluations: list[Evaluation] = []
    best_after: dict[int, float] = {}
    done_json: list[dict] = []

    def search(state: State, i: int):
        gen = evaluate(state, level, depth, seed, slice_ms)
        try:
            while True:
                part = next(gen)
                yield {
                    "position": i,
                    "positions": total,
                    "fraction": (i + part) / total,
                    "evaluations": done_json,
                }
        except StopIteration as stop:
            return stop.value

    for i, state in enumerate(all_states):
        ev = yield from search(state, i)
        evaluations.append(ev)
        done_json.append(ev.to_json())  # (one list: the job sends only what is new)
        k = i - 1  # the move into this position
        if k >= 0 and worth_comparing(all_states[k], texts[k], evaluations[k], ev):
            before = all_states[k]
            best = before.play_unchecked(before.parse_move(evaluations[k].best))
            alternative = yield from search(best, i)
            best_after[k] = alternative.chances[before.to_move]
        yield {"position": i + 1, "positions": total, "fraction": (i + 1) / total, "evaluations": done_json}
    judgements = judge(all_states, texts, evaluations, best_after)
    return Analysis(
        level if depth is None else None,
        depth,
        texts,
        evaluations,
        judgements,
        summarise(judgements, start.num_players),
    )


def run(
    start: State, line: Sequence[str], level: str = "strong", depth: int | None = None, seed: int = 0
) -> Analysis:
    """:func:`analyse` run to the end."""
    gen = analyse(start, line, level, depth, seed, slice_ms=200.0)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
