"""Naming positions for the page: a start text and a line of moves, or a
position the worker already holds and the moves after it.

The page owns every game (its tree of moves) and names a position by
``start`` (a position text: ``"<header> start"`` for a variant's standard
start, else the full text) and ``line`` (the move texts played from it).
:class:`Positions` only *caches* the states computed, in a trie keyed by start
and moves, so that viewing or playing anywhere in a game the page is browsing
costs one move, not a replay.

Every cached position has an id (``"<session>.<n>"``, never reused: the
session is drawn at the first position cached, so a worker restarted, even
from a memory snapshot, never answers another worker's ids).  A request may
name its position as ``at`` (an id the bridge answered earlier) plus the
moves after it: a step through a 5,000-ply game then sends and walks one
move, not 5,000.  An id the cache no longer holds (the worker restarted, the
cache was emptied) is an :class:`UnknownPositionError`: the page names the
position by its whole line instead.

:func:`start_text_of` and :func:`view_of` give the page a state's name and
its drawing.  Used by the bridge and the position editor (:mod:`gamut.setup`);
it imports only the core (and the messages its errors say).
"""

from __future__ import annotations

import itertools
import os
from typing import Any

from .core import GamutError, IllegalMoveError, RecordError, State, cause_of, excerpt, load
from .messages import Message

__all__ = ["Positions", "Placed", "UnknownPositionError", "start_text_of", "view_of"]


class UnknownPositionError(GamutError):
    """A request names a position by an id the worker does not hold (it was
    restarted, or its cache emptied): name it by its whole line."""


class Placed:
    """One cached position: its state, the canonical text of the move that
    reached it, the position before, its ply (moves from the start), its id,
    and the positions one move on (keyed by every spelling asked)."""

    __slots__ = ("state", "move", "parent", "ply", "id", "start", "next")

    def __init__(
        self, state: State, start: str, ident: str, parent: Placed | None = None, move: str = ""
    ) -> None:
        self.state = state
        self.start = start
        self.id = ident
        self.parent = parent
        self.move = move
        self.ply: int = parent.ply + 1 if parent is not None else 0
        self.next: dict[str, Placed] = {}

    def line(self) -> list[str]:
        """The canonical moves from the start to here (walks back: O(ply))."""
        out = []
        at: Placed | None = self
        while at is not None and at.parent is not None:
            out.append(at.move)
            at = at.parent
        return out[::-1]


class Positions:
    """A cache of states keyed by the line that reached them: a trie per start
    text, each edge a move text, each position also reachable by its id.  It
    never decides anything: the page names every position, and a position
    not cached is computed from its longest cached prefix.  Past
    :attr:`limit` entries the whole cache is dropped (it refills as asked;
    the ids it answered are then unknown)."""

    limit = 50_000

    def __init__(self) -> None:
        self.roots: dict[str, Placed] = {}
        self.by_id: dict[str, Placed] = {}
        self.count = 0
        self.session = ""  # drawn at the first position cached (not at import: see the module)
        self._numbers = itertools.count(1)

    def _new(self, state: State, start: str, parent: Placed | None = None, move: str = "") -> Placed:
        if not self.session:
            self.session = os.urandom(6).hex()
        entry = Placed(state, start, f"{self.session}.{next(self._numbers)}", parent, move)
        self.by_id[entry.id] = entry
        self.count += 1
        return entry

    def clear(self) -> None:
        """Forget every position (their ids become unknown)."""
        self.roots.clear()
        self.by_id.clear()
        self.count = 0

    def find(self, start: str, line: list[str], at: str | None = None) -> tuple[list[str], list[Placed]]:
        """The canonical texts of ``line`` and the positions along it: the
        position it starts from (``at``, an id, else the start) then one per
        move.  A RecordError names the first move that cannot be played
        (counted from the start when ``at`` is given); an
        UnknownPositionError says that ``at`` is not held."""
        if self.count > self.limit:
            self.clear()
        if at is not None:
            base = self.by_id.get(at)
            if base is None or base.start != start:
                raise UnknownPositionError(Message("error.position.notHeld", {"id": excerpt(at)}))
        else:
            base = self.roots.get(start)
            if base is None:
                base = self.roots[start] = self._new(load(start), start)  # PositionError when malformed
        canonical, entries = [], [base]
        entry = base
        for text in line:
            entry = self.step(entry, text)
            canonical.append(entry.move)
            entries.append(entry)
        return canonical, entries

    def step(self, entry: Placed, text: str) -> Placed:
        """The position one move (``text``, any spelling) after ``entry``."""
        nxt = entry.next.get(text)
        if nxt is None:
            state = entry.state
            try:
                move = state.parse_move(text)
                name = state.move_text(move)
                nxt = entry.next.get(name)
                if nxt is None:
                    nxt = entry.next[name] = self._new(state.play(move), entry.start, entry, name)
            except IllegalMoveError as exc:
                where = {"ply": entry.ply + 1, "move": excerpt(text), "cause": cause_of(exc)}
                raise RecordError(Message("error.position.lineMove", where)) from None
            entry.next[text] = nxt
        return nxt

    def walk(self, start: str, line: list[str]) -> tuple[list[str], State]:
        """The canonical texts of ``line`` and the state it reaches; a
        RecordError names the first move that cannot be played."""
        canonical, entries = self.find(start, line)
        return canonical, entries[-1].state


def start_text_of(state: State) -> str:
    """``"<header> start"`` for a variant's standard start, else the full text."""
    standard = state.info.factory(state.variant, state.options)
    if standard == state:
        return f"{state.header()} start"
    return state.to_text()


def view_of(state: State, ply: int) -> dict[str, Any]:
    """``state``'s view for the page, with ``ply``: the moves played from the start."""
    view = dict(state.view())
    view["ply"] = ply
    return view
