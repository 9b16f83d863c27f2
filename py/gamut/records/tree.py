"""The pieces every reader and writer of records shares: limits, errors, the
tree of a game replayed by the engine (each node knowing its move number),
results, and the reading of a whole file game by game.

Package-private: the names with an underscore are for :mod:`gamut.records`'
modules and the foreign-format readers the games register
(:mod:`gamut.records.foreign`).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core import GamutError, Outcome, RecordError, State, cause_of, excerpt
from ..messages import Message

if TYPE_CHECKING:
    from .record import Record

MAX_DEPTH = 5000  # moves in a line (as web/model/tree.js)
MAX_NODES = 100_000  # nodes in a game's tree, the start included (as web/model/tree.js)
MAX_FILE_LENGTH = 20_000_000  # characters of a file of records
MAX_COMMENT = 5000  # characters in one comment (as web/model/tree.js): a page shows it whole


def comment_too_long(comment: str) -> Message | None:
    """Why ``comment`` cannot be a record's comment (past MAX_COMMENT characters), or None."""
    return Message("error.record.commentLimit", {"max": MAX_COMMENT}) if len(comment) > MAX_COMMENT else None


KNOWN_TAGS = (
    "Game",
    "Variant",
    "Options",
    "Start",
    "Players",
    "Date",
    "Name",
    "TimeControl",
    "Termination",
    "Result",
)
_KNOWN = {t.lower(): t for t in KNOWN_TAGS}
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


# ---------------------------------------------------------------------------
# Errors


why = cause_of  # (the cause an error wraps, as a message argument: gamut.core.errors)


class RecordTextError(RecordError):
    """A game of a text that cannot be read: where (``line``, ``col``, from
    1; ``game_index``, from 0) and why (``reason``, its English text, and
    ``reason_said``, the same as a message)."""

    def __init__(self, reason: Message | str, line: int, col: int, game_index: int):
        self.reason, self.line, self.col, self.game_index = str(reason), line, col, game_index
        self.reason_said = reason if isinstance(reason, Message) else None
        super().__init__(
            Message("error.record.text", {"line": line, "col": col, "game": game_index + 1, "why": reason})
        )

    @property
    def game(self) -> int:
        """The game's number in its file, from 1."""
        return self.game_index + 1

    def to_json(self) -> dict[str, Any]:
        """Where and why; ``said``, the reason as a message, where there is one."""
        out: dict[str, Any] = {"line": self.line, "col": self.col, "game": self.game, "message": self.reason}
        if self.reason_said is not None:
            out["said"] = self.reason_said.to_json()
        return out


class RecordSyntaxError(RecordTextError):
    """The text is not a well-formed record."""


class RecordMoveError(RecordTextError):
    """A move the rules refuse (or cannot read); ``move`` is its label,
    ``"12..."`` for instance, and ``text`` the move as written."""

    def __init__(self, reason: Message | str, line: int, col: int, game_index: int, move: str, text: str):
        self.move, self.text = move, text
        said = Message("error.record.move", {"move": move, "text": excerpt(text, 20), "why": reason})
        super().__init__(said, line, col, game_index)


class _Stop(Exception):
    """Raised inside one game's reading: the game is bad (becomes a
    RecordTextError of that game)."""

    def __init__(self, reason: Message | str, pos: int, move: tuple[str, str] | None = None):
        super().__init__(str(reason))
        self.reason, self.pos, self.move = reason, pos, move


class Parsed(NamedTuple):
    """What reading a text gives: the games that read, the errors of the others."""

    games: list[Record]
    errors: list[RecordTextError]


# ---------------------------------------------------------------------------
# The tree, replayed


class _Node:
    """A node of a game's tree with the state after its move and the move's
    place in the turn order (``mover``, ``round`` from 1, ``turn_ply`` from
    0 within a turn of several moves)."""

    __slots__ = (
        "move",
        "comment",
        "notes",
        "parent",
        "children",
        "state",
        "mover",
        "round",
        "turn_ply",
        "depth",
    )

    def __init__(
        self, move: str, parent: _Node | None, state: State, turn: tuple[int, int, int] = (-1, 1, 0)
    ):
        self.move, self.parent, self.state = move, parent, state
        self.comment = ""
        self.notes: dict[str, Any] = {}  # see gamut.records.notes
        self.children: list[_Node] = []
        self.mover, self.round, self.turn_ply = turn
        self.depth: int = parent.depth + 1 if parent else 0


def _turn(parent: _Node) -> tuple[int, int, int]:
    """(mover, round, turn_ply) of a move played at ``parent``."""
    s = parent.state
    mover = s.to_move
    if parent.parent is None:
        return mover, 1, 0
    if mover == parent.mover and parent.turn_ply + 1 < s.turn_plies:
        return mover, parent.round, parent.turn_ply + 1
    return mover, parent.round + (mover <= parent.mover), 0


def _label(turn: tuple[int, int, int]) -> str:
    mover, rnd, ply = turn
    return f"{rnd}." if mover == 0 and ply == 0 else f"{rnd}..."


class _Tree:
    """A game's tree being built or replayed: every move checked by the engine."""

    def __init__(self, start: State):
        self.root = _Node("", None, start)
        self.size = 1

    def add(self, parent: _Node, text: str) -> _Node:
        """The child of ``parent`` by the move ``text`` (canonical spelling);
        raises IllegalMoveError, or RecordError for a repeated move or limits."""
        state = parent.state
        move = state.parse_move(text)
        name = state.move_text(move)
        for child in parent.children:
            if child.move == name:
                raise RecordError(Message("error.record.repeated", {"move": name}))
        if parent.depth >= MAX_DEPTH:
            raise RecordError(Message("error.record.lineLimit", {"max": MAX_DEPTH}))
        if self.size >= MAX_NODES:
            raise RecordError(Message("error.record.nodeLimit", {"max": MAX_NODES - 1}))
        child = _Node(name, parent, state.play_unchecked(move), _turn(parent))
        parent.children.append(child)
        self.size += 1
        return child

    def flat(self) -> list[tuple[int, str, str]]:
        """The nodes in pre-order as (parent, move, comment)."""
        return [(parent, node.move, node.comment) for parent, node in self.preorder()]

    def notes(self) -> dict[int, dict[str, Any]]:
        """The notes by node: 0 the start, else the node's place (from 1) in
        :meth:`flat`; nodes without notes left out."""
        notes = {0: self.root.notes} if self.root.notes else {}
        notes.update((i, node.notes) for i, (_, node) in enumerate(self.preorder(), 1) if node.notes)
        return notes

    def preorder(self) -> list[tuple[int, _Node]]:
        """(parent's place, node) of every node but the start, in pre-order."""
        out: list[tuple[int, _Node]] = []
        index = {id(self.root): 0}
        stack = list(reversed(self.root.children))
        while stack:
            node = stack.pop()
            assert node.parent is not None
            out.append((index[id(node.parent)], node))
            index[id(node)] = len(out)
            stack.extend(reversed(node.children))
        return out

    def main_end(self) -> _Node:
        node = self.root
        while node.children:
            node = node.children[0]
        return node


def move_labels(start: State, line: Iterable[str]) -> list[str]:
    """The move number written before each move of ``line`` played from
    ``start`` when it stands alone: ``"3."`` for the first seat's move of
    round 3 and ``"3..."`` for any other (a turn's second move keeps its
    number).  Raises RecordError (or GamutError) for a move that cannot be
    played."""
    tree = _Tree(start)
    node, labels = tree.root, []
    for i, text in enumerate(line):
        labels.append(_label(_turn(node)))
        try:
            node = tree.add(node, text)
        except GamutError as exc:
            raise RecordError(
                Message("error.record.moveN", {"n": i + 1, "text": excerpt(text, 20), "why": why(exc)})
            ) from None
    return labels


def _join(a: str, b: str) -> str:
    return f"{a} {b}" if a and b else a or b


# ---------------------------------------------------------------------------
# Results


def result_of(outcome: Outcome, players: int) -> str:
    """The result text of an outcome: ``1-0``, ``0-1``, ``1/2-1/2``, ``0-0-1``..."""
    if outcome.winner is None:
        return "-".join([f"1/{players}"] * players)
    return "-".join("1" if seat == outcome.winner else "0" for seat in range(players))


def _check_result(text: str, players: int) -> Message | None:
    """Why ``text`` is not a result of a game of ``players`` seats, or None."""
    if text == "*":
        return None
    scores = text.split("-")
    draw = f"1/{players}"
    if len(scores) == players and (
        all(s == draw for s in scores) or sorted(scores) == ["0"] * (players - 1) + ["1"]
    ):
        return None
    wins = ["-".join("1" if i == w else "0" for i in range(players)) for w in range(players)]
    results = Message.any([*wins, "-".join([draw] * players), "*"])
    return Message("error.record.result", {"text": excerpt(text, 20), "players": players, "results": results})


#: How a game ended (the Termination tag): by its rules, a resignation, a
#: draw agreed, a flag fallen, or left unfinished.
TERMINATIONS = ("rules", "resignation", "agreement", "time", "abandoned")
# other programs' words (PGN's and lichess's, boardspace's), read as Gamut's;
# lichess's "Normal" is any end but time (the rules, a resignation, a draw
# agreed): it says nothing Gamut keeps
_TERMINATION_WORDS = {"normal": None, "unterminated": None, "time forfeit": "time", "forfeit": "abandoned"}
_TIME_CONTROL = re.compile(r"(\d{1,7})(\+\d{1,7})?|[1-9]\d{0,3}d|-")


def read_termination(text: str) -> str | None:
    """Gamut's word for a Termination tag's text: one of :data:`TERMINATIONS`
    (any case), or lichess's ``Time forfeit`` (None for its ``Normal`` and
    ``Unterminated``), or boardspace's ``White resigned`` and ``Black
    forfeited``; RecordError for anything else."""
    word = " ".join(text.lower().split())
    if word in TERMINATIONS:
        return word
    if word in _TERMINATION_WORDS:
        return _TERMINATION_WORDS[word]
    last = word.rsplit(" ", 1)[-1]
    if last in ("resigned", "resigns"):
        return "resignation"
    if last in ("forfeited", "forfeits"):
        return "abandoned"
    said = _bad_termination(text)
    raise RecordError(said)


def _bad_termination(text: str) -> Message:
    return Message("error.record.termination", {"text": excerpt(text, 30), "words": ", ".join(TERMINATIONS)})


def read_time_control(text: str) -> str:
    """A TimeControl tag's text checked: ``300+3`` (seconds per player, plus
    seconds per move), ``1d`` (days per move) or ``-`` (none); ``300`` reads
    as ``300+0``.  RecordError for anything else."""
    text = text.strip()
    m = _TIME_CONTROL.fullmatch(text)
    if m is None:
        raise RecordError(Message("error.record.timeControl", {"text": excerpt(text, 30)}))
    return text + "+0" if m.group(1) and not m.group(2) else text


def _check_ending(result: str, termination: str | None, outcome: Outcome | None) -> Message | None:
    """Why ``result`` and ``termination`` cannot end a main line whose last
    position has ``outcome``, or None."""
    if termination is None:
        return None
    if termination not in TERMINATIONS:
        return _bad_termination(termination)
    if outcome is not None and termination != "rules":
        reason = outcome.message
        return Message("error.record.endedByRules", {"reason": reason, "termination": termination})
    if outcome is None and termination == "rules":
        return Message("error.record.notOver")
    draw = result != "*" and len(set(result.split("-"))) == 1
    if termination == "agreement" and not draw:
        return Message("error.record.agreement", {"result": result})
    if termination == "resignation" and (result == "*" or draw):
        return Message("error.record.resignation", {"result": result})
    if termination == "time" and result == "*":
        return Message("error.record.timeResult")
    return None


def start_text(state: State) -> str:
    """``"<header> start"`` for a variant's standard start, else the full text."""
    if state.info.factory(state.variant, state.options) == state:
        return f"{state.header()} start"
    return state.to_text()


# ---------------------------------------------------------------------------
# Reading a file game by game


class _Lines:
    """Line and column (from 1) of positions in a text."""

    def __init__(self, text: str):
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def at(self, pos: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.starts, pos) - 1
        return i + 1, pos - self.starts[i] + 1


def _read_all(text: str, games: Callable[[str], Iterable[Record]]) -> Parsed:
    """Every game ``games(text)`` reads, each of its _Stop an error there."""
    if not isinstance(text, str):
        raise RecordError(Message("error.record.notText"))
    if len(text) > MAX_FILE_LENGTH:
        raise RecordError(Message("error.record.fileLimit", {"max": MAX_FILE_LENGTH}))
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = _Lines(text)
    out = Parsed([], [])
    reading = iter(games(text))
    index = 0
    while True:
        try:
            out.games.append(next(reading))
        except StopIteration:
            return out
        except _Stop as stop:
            line, col = lines.at(stop.pos)
            if stop.move:
                out.errors.append(RecordMoveError(stop.reason, line, col, index, *stop.move))
            else:
                out.errors.append(RecordSyntaxError(stop.reason, line, col, index))
        index += 1
