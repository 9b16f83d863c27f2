"""An analysis as text (``python -m gamut analyse``): a table of the
moves with each player's prospects before and after, the engine's move and
the mark, then one line per player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core import State
from .evaluation import Evaluation

if TYPE_CHECKING:
    from . import Analysis


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
    from ..records import move_labels
    from ..view import seat_names

    if names is None:
        names = seat_names(start.view())
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
