"""The computer's evaluation of a position in words, as the page shows it
while the computer thinks (the bridge's ``think`` job): a heuristic score, a
proven win, a Monte-Carlo search's win rate, each as a message."""

from __future__ import annotations

from ..messages import Message

#: What the page says before a search has an evaluation.
THINKING = "thinking…"

#: Where the words change, in units of a game's ``eval_scale`` (the score at
#: which the side to move wins about 73 % of games, 1 / (1 + e^-1)): about
#: 60 %, 75 % and 90 % to win; each step's message.
WORD_STEPS = ((0.4, "engine.slightlyBetter"), (1.1, "engine.better"), (2.2, "engine.winning"))

Who = Message | str


def score_said(score: float, name: Who, other: Who | None, scale: float = 100.0) -> Message:
    """A heuristic score (for ``name``, the side to move; ``other``: the
    opponent's name, when there is one opponent) in words; ``scale`` is the
    game's ``eval_scale``, fitted to game results by
    ``bench/calibrate_eval.py``, so the same words mean the same odds in
    every game."""
    size = abs(score) / scale
    if size < WORD_STEPS[0][0]:
        return Message("engine.even")
    who = name if score > 0 else (other or Message("engine.opponent"))
    said = WORD_STEPS[0][1]
    for step, step_id in WORD_STEPS:
        if size >= step:
            said = step_id
    return Message(said, {"who": who})


def forced_win_said(winner: Who, moves: int | None = None) -> Message:
    """A proven win: ``"Black wins: a win found in 2 moves"``, or without a
    count (Monte-Carlo proves no distance) ``"... a forced win found"``."""
    if moves is None:
        return Message("engine.forcedWin", {"winner": winner})
    return Message("engine.winIn", {"winner": winner, "moves": moves})


def simulation_said(name: Who, rate: float) -> Message:
    """A Monte-Carlo search's win rate for ``name``, the side to move."""
    return Message("engine.simulations", {"who": name, "percent": round(rate * 100)})
