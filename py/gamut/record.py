"""Game records: a start position plus the moves played from it.

A record's text is the start position's text on the first line and the moves,
in notation, separated by spaces on the following line(s)::

    loa standard double-connection=mover start
    b1-b3 a2-c4 c1xc4

Replaying a record reproduces every state of the game, its result included.
"""

from __future__ import annotations

from dataclasses import dataclass

from .core import MAX_TEXT_LENGTH, PositionError, RecordError, State, cause_of, load, replay
from .messages import Message


@dataclass(frozen=True)
class Record:
    start: State
    moves: tuple = ()  # move texts

    @classmethod
    def from_states(cls, states: list, moves: list) -> Record:
        """The record of ``states[0]`` followed by ``moves`` (move objects)."""
        return cls(states[0], tuple(s.move_text(m) for s, m in zip(states, moves)))

    def states(self) -> list:
        """Every state from the start through the last move."""
        return replay(self.start, self.moves)

    def final(self) -> State:
        return self.states()[-1]

    def to_text(self) -> str:
        return self.start.to_text() + "\n" + " ".join(self.moves)

    @classmethod
    def from_text(cls, text: str) -> Record:
        """Read a record; raises RecordError (a ValueError) when malformed,
        including when a move is illegal."""
        if not isinstance(text, str):
            raise RecordError(Message("error.record.recordText"))
        if len(text) > MAX_TEXT_LENGTH:
            raise RecordError(
                Message("error.record.recordLimit", {"max": MAX_TEXT_LENGTH, "length": len(text)})
            )
        lines = text.strip().split("\n", 1)
        try:
            start = load(lines[0])
        except PositionError as exc:
            cause = cause_of(exc)
            raise RecordError(Message("error.record.start", {"why": cause})) from None
        moves = tuple(lines[1].split()) if len(lines) > 1 else ()
        record = cls(start, moves)
        record.states()  # validates every move
        return record
