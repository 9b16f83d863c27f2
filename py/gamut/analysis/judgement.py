"""The judgement of moves for :mod:`gamut.analysis`: each move of a line
weighed by the winning chances its player lost (:class:`Judgement`, marked
with one of :data:`MARKS` when the loss, or a lost proof, is large enough),
and each player's moves summed up (:class:`PlayerSummary`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core import State
from .evaluation import Evaluation

#: The marks, from the mildest; ``State.mark_thresholds`` gives the least
#: loss of winning chances for each.
MARKS = ("inaccuracy", "mistake", "blunder")


@dataclass
class Judgement:
    """One move of the line: ``ply`` (from 0), its ``move`` text and its
    player (``seat``), that player's chance ``before`` (at best play) and
    ``after`` it, the ``loss`` (``before - after``, never below 0), the
    engine's ``best`` move and line (``pv``) in the position before, the
    ``mark`` (one of :data:`MARKS`, or None) and its ``reason``:
    ``"missed-win"``, ``"forced-loss"`` or ``"chances"`` (the loss alone).
    ``best_after``: the player's chance after the engine's move, when it was
    searched (see :func:`analyse`); the loss is then ``best_after - after``."""

    ply: int
    move: str
    seat: int
    before: float
    after: float
    loss: float
    best: str | None
    pv: list
    mark: str | None = None
    reason: str | None = None
    best_after: float | None = None

    def to_json(self) -> dict:
        return {
            "ply": self.ply,
            "move": self.move,
            "seat": self.seat,
            "before": round(self.before, 4),
            "after": round(self.after, 4),
            "loss": round(self.loss, 4),
            "best": self.best,
            "pv": list(self.pv),
            "mark": self.mark,
            "reason": self.reason,
            "best_after": None if self.best_after is None else round(self.best_after, 4),
        }


@dataclass
class PlayerSummary:
    """A seat's moves in the line: how many, how many of each mark, and the
    average loss of winning chances per move (0 to 1)."""

    seat: int
    moves: int = 0
    marks: dict = field(default_factory=lambda: {m: 0 for m in MARKS})
    average_loss: float = 0.0

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "moves": self.moves,
            "marks": dict(self.marks),
            "average_loss": round(self.average_loss, 4),
        }


def judge(
    states: Sequence[State],
    line: Sequence[str],
    positions: Sequence[Evaluation],
    best_after: dict | None = None,
) -> list:
    """One :class:`Judgement` per move of ``line`` (``states``: the
    positions, ``len(line) + 1``; ``positions``: their evaluations;
    ``best_after``: {ply: the player's chance after the engine's move}
    where it was searched)."""
    out = []
    best_after = best_after or {}
    for ply, move in enumerate(line):
        state, before_ev, after_ev = states[ply], positions[ply], positions[ply + 1]
        seat = state.to_move
        before, after = before_ev.chances[seat], after_ev.chances[seat]
        j = Judgement(
            ply,
            move,
            seat,
            before,
            after,
            _naive_loss(seat, before_ev, after_ev),
            before_ev.best,
            list(before_ev.pv),
            best_after=best_after.get(ply),
        )
        if move == before_ev.best:
            j.loss = 0.0
        else:
            if j.best_after is not None:
                j.loss = max(0.0, j.best_after - after)
            _mark(j, state.mark_thresholds, before_ev, after_ev)
        out.append(j)
    return out


def _naive_loss(seat: int, before: Evaluation, after: Evaluation) -> float:
    return max(0.0, before.chances[seat] - after.chances[seat])


def worth_comparing(state: State, move: str, before: Evaluation, after: Evaluation) -> bool:
    """Whether the position after the engine's move should be searched to
    judge ``move``: it is not the engine's move and its loss, position
    against position, could mark it."""
    return (
        before.best is not None
        and move != before.best
        and _naive_loss(state.to_move, before, after) >= min(state.mark_thresholds)
    )


def _mark(j: Judgement, thresholds: Sequence[float], before: Evaluation, after: Evaluation) -> None:
    """Set ``j.mark`` and ``j.reason`` (the move differs from the engine's)."""
    by_loss = None
    for name, least in zip(MARKS, thresholds):
        if j.loss >= least:
            by_loss = name
    won_before = before.winner == j.seat
    won_after = after.winner == j.seat
    lost_before = before.winner is not None and before.winner != j.seat
    lost_after = after.winner is not None and after.winner != j.seat
    if won_before and not won_after:
        j.mark, j.reason = by_loss or MARKS[0], "missed-win"
    elif lost_after and not lost_before:
        j.mark, j.reason = by_loss or MARKS[0], "forced-loss"
    elif by_loss is not None:
        j.mark, j.reason = by_loss, "chances"


def summarise(judgements: Sequence[Judgement], players: int) -> list:
    """One :class:`PlayerSummary` per seat."""
    out = [PlayerSummary(seat) for seat in range(players)]
    for j in judgements:
        s = out[j.seat]
        s.moves += 1
        s.average_loss += j.loss
        if j.mark is not None:
            s.marks[j.mark] += 1
    for s in out:
        if s.moves:
            s.average_loss /= s.moves
    return out
