"""A puzzle, and its form as a Gamut record (:mod:`gamut.records`).

A puzzle file is a file of Gamut records, one record per puzzle::

    [Game "loa"]
    [Variant "standard"]
    [Options "double-connection=mover"]
    [Start "loa standard double-connection=mover 2b2b2/..."]
    [PuzzleId "loa-kq3fz"]
    [Theme "capture-connect"]
    [Rating "950"]
    [Player "1"]
    [Result "*"]

    17... h5-e5 18. c3xe5 *

``PuzzleId`` is the game's id and five letters and digits drawn from the
puzzle's position (:func:`puzzle_id`): a puzzle keeps its id when a set is
made again, and an id never names another puzzle, so a player's history
stays true (ids were once numbers, given again with each new set).

``Start`` is the position *before* the opponent's last move; the main line
is that move, then the solution: the solver's move, the opponent's reply,
..., ending with the solver's last move.  ``Player`` is the solver's seat
(from 0), ``Theme`` a theme id of :mod:`.themes`, ``Rating`` the starting
difficulty (an int, Glicko-2 scale).  EVL's gain puzzles add ``[Goal
"gain 2"]``: the solution is the one move that raises the solver's lead in
pentagons by at least that much after the opponent's best reply, where every
other move gains less.  The records reader replays every move, so a file
that reads holds legal lines; :mod:`.check` proves the rest.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass, field
from typing import Any

from ..core import RecordError, load
from ..messages import Message
from ..records import Record, format, parse

__all__ = ["Puzzle", "puzzle_id", "read", "write"]


def puzzle_id(game: str, start: str, last_move: str) -> str:
    """The id of the puzzle of ``game`` whose position is ``start`` after
    ``last_move`` (the opponent's last move): ``<game>-`` and five
    characters of base32 of its SHA-256, e.g. ``loa-kq3fz`` (never four
    digits, the old ids' form).  Five characters give 33 million ids a
    game; the checker refuses a file where two puzzles share one."""
    digest = hashlib.sha256(f"{start}\n{last_move}".encode()).digest()
    return f"{game}-{base64.b32encode(digest).decode().lower()[:5]}"


@dataclass
class Puzzle:
    """One puzzle: see the module's docstring.  ``moves`` are the engine's
    move texts: the opponent's last move, then the solution line."""

    id: str
    game: str
    variant: str
    options: dict[str, str]
    start: str
    moves: list[str]
    player: int
    theme: str
    rating: int
    goal: str = "win"  # "win", or "gain N" (EVL: a decisive gain of N pentagons)
    extra: dict[str, str] = field(default_factory=dict)

    def content_id(self) -> str:
        """The id this puzzle's position gives it (:func:`puzzle_id`)."""
        return puzzle_id(self.game, self.start, self.moves[0])

    @property
    def solver_turns(self) -> int:
        """How many turns of the solver the solution takes (a turn: all the
        consecutive moves of one seat)."""
        if self.game != "el" or "declare-threats=on" not in self.start.split(" ", 3)[2]:
            return len(self.moves) // 2  # one move a turn: the opponent's, then 1 + 2 per more turn
        state = load(self.start).play_text(self.moves[0])
        turns = 0
        last = None
        for text in self.moves[1:]:
            if state.to_move == self.player and last != self.player:
                turns += 1
            last = state.to_move
            state = state.play_text(text)
        return turns

    def gain(self) -> int:
        """The pentagons a gain puzzle asks for (0 for a win puzzle)."""
        return int(self.goal.split()[1]) if self.goal.startswith("gain ") else 0

    def position_after(self, n: int = 1) -> Any:
        """The state after the first ``n`` moves of the line (1: the
        puzzle's position, the solver to move)."""
        state = load(self.start)
        for text in self.moves[:n]:
            state = state.play_text(text)
        return state

    def to_record(self) -> Record:
        tags = {
            "PuzzleId": self.id,
            "Theme": self.theme,
            "Rating": str(self.rating),
            "Player": str(self.player),
        }
        if self.goal != "win":
            tags["Goal"] = self.goal
        tags.update(self.extra)
        nodes = [(i, move, "") for i, move in enumerate(self.moves)]
        return Record.of(load(self.start), nodes, tags=tags)

    @classmethod
    def from_record(cls, record: Record) -> Puzzle:
        tags = dict(record.tags)
        try:
            puzzle = cls(
                id=tags.pop("PuzzleId"),
                game=record.game,
                variant=record.variant,
                options=dict(record.options),
                start=record.start,
                moves=record.main_line(),
                player=int(tags.pop("Player")),
                theme=tags.pop("Theme"),
                rating=int(tags.pop("Rating")),
                goal=tags.pop("Goal", "win"),
                extra=tags,
            )
        except KeyError as exc:
            raise RecordError(Message("error.puzzle.tag", {"tag": str(exc.args[0])})) from None
        except ValueError as exc:
            # (the cause is Python's own words: English)
            raise RecordError(Message("error.puzzle.integers", {"cause": str(exc)})) from None
        if len(puzzle.moves) < 2:
            raise RecordError(Message("error.puzzle.short", {"id": puzzle.id}))
        return puzzle


def read(text: str) -> list[Puzzle]:
    """The puzzles of a file's text; RecordError on the first bad one."""
    parsed = parse(text)
    if parsed.errors:
        raise parsed.errors[0]
    return [Puzzle.from_record(record) for record in parsed.games]


def write(puzzles: list[Puzzle]) -> str:
    """The puzzles as a file of Gamut records."""
    return format([p.to_record() for p in puzzles])
