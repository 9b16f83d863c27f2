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
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field

from .core import GamutError, IllegalMoveError, RecordError, State, excerpt

__all__ = [
    "Evaluation",
    "Judgement",
    "PlayerSummary",
    "Analysis",
    "AnalysisError",
    "MARKS",
    "analyse",
    "run",
    "evaluate",
    "chances_of_score",
    "judge",
    "summarise",
]

#: The marks, from the mildest; ``State.mark_thresholds`` gives the least
#: loss of winning chances for each.
MARKS = ("inaccuracy", "mistake", "blunder")
MAX_DEPTH = 20  # the deepest fixed depth an analysis may ask for
SLICE_MS = 8.0  # search work between two yields of :func:`analyse`


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


# ---------------------------------------------------------------------------
# Positions


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
    from . import ai

    ai.level(level)
    if depth is None:
        return
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= MAX_DEPTH:
        raise AnalysisError(f"the depth must be a whole number from 1 to {MAX_DEPTH}, not {excerpt(depth)}")
    if state is not None and ai.search_kind(state) != "alphabeta":
        raise AnalysisError(
            f"{state.info.name} ({state.variant}) is searched by Monte-Carlo, "
            "which has no depth: choose a level"
        )


def _search(state: State, level: str, depth: int | None, seed: int):
    from . import ai

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
    from .ai.search import forced_result, is_mate_score

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


# ---------------------------------------------------------------------------
# Moves


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


def _worth_comparing(state: State, move: str, before: Evaluation, after: Evaluation) -> bool:
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


# ---------------------------------------------------------------------------
# A whole line


def replay(start: State, line: Sequence[str]) -> tuple[list, list]:
    """The canonical texts of ``line`` and every state it passes (the start
    first); a RecordError names the first move that cannot be played."""
    states, texts = [start], []
    for i, text in enumerate(line):
        if not isinstance(text, str):
            raise RecordError(f"move {i + 1} is not a text: {excerpt(text)}")
        s = states[-1]
        try:
            move = s.parse_move(text)
        except IllegalMoveError as exc:
            raise RecordError(f"move {i + 1} ({excerpt(text)}): {exc}") from None
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
    share of the whole work done; the evaluations finished so far, as JSON),
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
        done_json = done_json + [ev.to_json()]
        k = i - 1  # the move into this position
        if k >= 0 and _worth_comparing(all_states[k], texts[k], evaluations[k], ev):
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


# ---------------------------------------------------------------------------
# As text (``python -m gamut analyse``)


def chance_text(ev: Evaluation, seat: int) -> str:
    """``seat``'s prospects in an evaluated position, in a few characters:
    ``"57 %"``, ``"wins in 3"``/``"loses in 3"`` (a forced result, counted in
    the winner's moves), ``"won"``/``"lost"``/``"drawn"`` (the game is over),
    ``"wins"``/``"loses"`` (proven, not counted)."""
    if ev.over:
        return "drawn" if ev.winner is None else ("won" if ev.winner == seat else "lost")
    if ev.winner is not None:
        verb = "wins" if ev.winner == seat else "loses"
        return f"{verb} in {ev.moves}" if ev.moves else verb
    return f"{round(100 * ev.chances[seat])} %"


def report(start: State, analysis: Analysis, names: Sequence[str] | None = None) -> str:
    """The analysis as a table, one line per move: its number and text, who
    played it, that player's prospects before (best play) and after the
    move, the engine's move when it differs (with the start of its line),
    and the mark; then one line per player (moves, marks, average loss)."""
    from .records import move_labels

    if names is None:
        names = [p.get("name") or f"Player {i + 1}" for i, p in enumerate(start.view()["players"])]
    labels = move_labels(start, analysis.line)
    width = max([len(n) for n in names] + [6])
    rows = [f"{'move':<18} {'player':<{width}} {'before':>10} {'after':>10}  {'engine':<30} mark"]
    for j, label in zip(analysis.moves, labels):
        before = chance_text(analysis.positions[j.ply], j.seat)
        after = chance_text(analysis.positions[j.ply + 1], j.seat)
        engine = "" if j.best in (None, j.move) else " ".join(j.pv[:4]) or j.best or ""
        mark = (
            ""
            if j.mark is None
            else j.mark
            + {"missed-win": " (missed win)", "forced-loss": " (into a forced loss)"}.get(j.reason or "", "")
        )
        rows.append(
            f"{label + ' ' + j.move:<18} {names[j.seat]:<{width}} {before:>10} "
            f"{after:>10}  {engine:<30} {mark}".rstrip()
        )
    for s in analysis.summary:
        marks = ", ".join(f"{n} {m if n == 1 else _plural(m)}" for m, n in s.marks.items())
        rows.append(
            f"{names[s.seat]}: {s.moves} move{'s' if s.moves != 1 else ''}, {marks}; "
            f"average loss {100 * s.average_loss:.1f} %"
        )
    return "\n".join(rows) + "\n"


def _plural(mark: str) -> str:
    return mark[:-1] + "ies" if mark.endswith("y") else mark + "s"
