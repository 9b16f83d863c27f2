"""Puzzle themes: what a solution does, named per game, each decided from
the solution itself (:func:`classify`), so a theme is a fact the tests can
check, not a guess; and the goal in words (:func:`goal_words`).

The themes:

* ``connect`` (LOA), ``complete`` (EL), ``chain`` (Escabel): the one
  winning move, a quiet one.
* ``capture-connect`` (LOA): the winning move takes a piece.
* ``climb`` (Escabel): the winning move is a move action, a stack climbing
  onto its neighbour.
* ``break`` (Escabel, named "Break their chain"): the opponent's chain
  joins its edges as the puzzle starts (it wins unless the reply breaks
  it), so the first move must break it, and the solution wins from there:
  defence first.  It names the puzzle before the win's own shape does.
* ``double-threat``: a win in two or more turns where the solver's first
  move leaves threats no single reply stops (the solver's finishing move
  depends on the reply).
* ``forcing-line`` (named "Unstoppable threat"): a longer win where one
  finishing move answers every reply: the first move makes one threat no
  reply stops, and is the hard one to see.
* EVL's gain puzzles (every capture is an unstack): ``unstack-capture``
  (named "Take their marker": the unstack takes a pentagon carrying the
  opponent's marker, which goes back to its owner), ``double-surround`` (it surrounds two or
  more free pentagons at once), ``surround`` (one); ``last-markers``: a
  win in one (the last markers on the board); EVL's longer wins are
  ``double-threat`` or ``forcing-line`` as in the other games.
"""

from __future__ import annotations

from typing import Any

from ..core import load
from ..messages import Message, seat
from .puzzle import Puzzle
from .solve import Prover

__all__ = ["THEMES", "classify", "goal_words", "goal_said"]

#: Every game's themes: {game: {theme id: short name}}.
THEMES: dict[str, dict[str, str]] = {
    "loa": {
        "connect": "Connect",
        "capture-connect": "Capture and connect",
        "double-threat": "Double threat",
        "forcing-line": "Unstoppable threat",
    },
    "el": {
        "complete": "Complete the EL",
        "double-threat": "Double threat",
        "forcing-line": "Unstoppable threat",
    },
    "escabel": {
        "chain": "Unbreakable chain",
        "climb": "Climb to connect",
        "break": "Break their chain",
        "double-threat": "Double threat",
        "forcing-line": "Unstoppable threat",
    },
    "evl": {
        "unstack-capture": "Take their marker",
        "double-surround": "Double surround",
        "surround": "Surround",
        "last-markers": "Last markers",
        "double-threat": "Double threat",
        "forcing-line": "Unstoppable threat",
    },
}

#: each game's task, a code of the message ``view.goal`` (its English verb:
#: connect, complete an EL, make an unbreakable chain, win)
_TASKS = {"loa": "connect", "el": "complete", "escabel": "chain", "evl": "win"}


def goal_words(puzzle: Puzzle) -> str:
    """The task in words, for the live region: "Black to play and connect
    in 2", "White to play and raise the lead by 2 markers" (the lead in
    markers on the board once the opponent has made the reply that hurts
    most) (:func:`goal_said` in English)."""
    return str(goal_said(puzzle))


def goal_said(puzzle: Puzzle) -> Message:
    """:func:`goal_words` as a message, for the page to say in the player's language."""
    who = seat(_colours(puzzle.start)[puzzle.player].capitalize())
    gain = puzzle.gain()
    if gain:
        return Message("view.goal.gain", {"who": who, "n": gain})
    task = _TASKS.get(puzzle.game, "win")
    return Message("view.goal", {"who": who, "task": task, "turns": puzzle.solver_turns})


_COLOURS: dict[str, list[str]] = {}


def _colours(start: str) -> list[str]:
    """The seats' colour words of a game (by the position text's header:
    game, variant and options), from its view, looked up once."""
    header = " ".join(start.split(" ", 3)[:3])
    if header not in _COLOURS:
        _COLOURS[header] = [str(p["color"]) for p in load(start).view()["players"]]
    return _COLOURS[header]


def classify(puzzle: Puzzle) -> str:
    """The theme the solution shows (see the module's docstring)."""
    position = puzzle.position_after(1)
    first = position.parse_move(puzzle.moves[1])
    if puzzle.game == "evl":
        return _evl_theme(puzzle, position, first)
    if puzzle.game == "escabel" and position.has_chain(position.colour_to_move ^ 1):
        return "break"
    last = puzzle.moves[-1]
    turns = puzzle.solver_turns
    if turns >= 2:
        return "double-threat" if _double_threat(position, first, turns) else "forcing-line"
    if puzzle.game == "loa":
        return "capture-connect" if "x" in last else "connect"
    if puzzle.game == "escabel":
        return "climb" if ">" in last else "chain"
    return "complete"


def _double_threat(position: Any, first: Any, turns: int) -> bool:
    """Whether no one finishing move answers every reply to ``first``:
    the replies that do not lose at once each leave their own set of
    winning moves, and those sets share none."""
    prover = Prover(position.to_move)
    after = position.play_unchecked(first)
    common: set[Any] | None = None
    # the game's own defences first (EL: the blocks), where the sets part soonest
    replies = list(after.search_moves())
    listed = set(replies)
    replies += [m for m in after.legal_moves() if m not in listed]
    for reply in replies:
        answered = after.play_unchecked(reply)
        if answered.outcome() is not None or answered.to_move != position.to_move:
            continue
        if common is None:
            common = set(prover.winning_moves(answered, turns - 1))
        else:  # (only what is still common, and legal here, is tried: the same set, far fewer proofs)
            legal = set(answered.legal_moves())
            common = {m for m in common if m in legal and prover.wins_with(answered, m, turns - 1)}
        if not common:
            return True
    return False


def _evl_theme(puzzle: Puzzle, position: Any, first: Any) -> str:
    if puzzle.goal == "win":
        turns = puzzle.solver_turns
        if turns >= 2:
            return "double-threat" if _double_threat(position, first, turns) else "forcing-line"
        return "last-markers"
    after = position.play_unchecked(first)
    taken = after.captured()
    opponent = 1 - position.to_move
    if any(position.marker(p) == opponent for p in taken):
        return "unstack-capture"
    return "double-surround" if len(taken) >= 2 else "surround"
