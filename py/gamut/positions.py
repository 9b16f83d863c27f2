"""Naming positions for the page: a start text and a line of moves.

The page owns every game (its tree of moves) and names a position by
``start`` (a position text: ``"<header> start"`` for a variant's standard
start, else the full text) and ``line`` (the move texts played from it).
:class:`Positions` only *caches* the states computed, in a trie keyed by start
and moves, so that viewing or playing anywhere in a game the page is browsing
costs one move, not a replay.  :func:`start_text_of` and :func:`view_of` give
the page a state's name and its drawing.

Used by the bridge and the position editor (:mod:`gamut.setup`); it imports
only the core.
"""

from __future__ import annotations

from typing import Any

from .core import IllegalMoveError, RecordError, State, excerpt, load

__all__ = ["Positions", "start_text_of", "view_of"]


class _Entry:
    """One cached position: its state, the canonical text of the move that
    reached it, and the positions one move on (keyed by every spelling asked)."""

    __slots__ = ("state", "move", "next")

    def __init__(self, state: State, move: str = "") -> None:
        self.state = state
        self.move = move
        self.next: dict[str, _Entry] = {}


class Positions:
    """A cache of states keyed by the line that reached them: a trie per start
    text, each edge a move text.  It never decides anything: the page names
    every position, and a position not cached is computed from its longest
    cached prefix.  Past :attr:`limit` entries the whole cache is dropped (it
    refills as asked)."""

    limit = 50_000

    def __init__(self) -> None:
        self.roots: dict[str, _Entry] = {}
        self.count = 0

    def walk(self, start: str, line: list[str]) -> tuple[list[str], State]:
        """The canonical texts of ``line`` and the state it reaches; a
        RecordError names the first move that cannot be played."""
        if self.count > self.limit:
            self.roots.clear()
            self.count = 0
        entry = self.roots.get(start)
        if entry is None:
            entry = self.roots[start] = _Entry(load(start))  # PositionError when malformed
            self.count += 1
        canonical = []
        for i, text in enumerate(line):
            nxt = entry.next.get(text)
            if nxt is None:
                state = entry.state
                try:
                    move = state.parse_move(text)
                    name = state.move_text(move)
                    nxt = entry.next.get(name)
                    if nxt is None:
                        nxt = entry.next[name] = _Entry(state.play(move), name)
                        self.count += 1
                except IllegalMoveError as exc:
                    raise RecordError(f"move {i + 1} ({excerpt(text)}): {exc}") from None
                entry.next[text] = nxt
            canonical.append(nxt.move)
            entry = nxt
        return canonical, entry.state


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
