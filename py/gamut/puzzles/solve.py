"""Exact proofs of short forced wins, and of EVL's decisive gains: what the
puzzle checker (:mod:`.check`) and the generator (``tools/puzzles``) stand on.

``wins_within(state, move, n)`` says whether ``move`` wins within ``n`` turns
of the side to move (``move``'s turn included) against every defence; it is
plain AND-OR search over *every* legal move (no evaluation, no pruning), so a
"yes" and a "no" are both proofs.  It is fast enough for ``n`` <= 3 on
tactical positions because of two things that change no answer:

* move ordering by killers: at each depth the move that last decided a
  sibling (the solver's win, the defender's refutation) is tried first, so
  a failing branch usually fails on the first reply tried;
* a memo of proved positions (by zobrist key, side to move and turns left)
  for the duration of one :class:`Prover`;
* a game's own exact list of its wins in one (``State.wins_in_one()``,
  EL's announced threats): where the mover has one turn left, that list
  answers without playing every move, so refuting a move ("the solver has
  no win in one after this reply") costs one call instead of a ply; and
  the defender's replies are tried in the game's own order after the
  killer (``search_moves()``, EL's blocks first; only in a game that lists
  its wins in one: in Lines of Action that order cost more than it
  saved), so the reply that refutes is found early.  Neither changes an answer: the list is the
  rules' (tests compare it with trying every move), the order only the
  order.

A turn is all the consecutive moves of one seat (EL with declared threats: a
placement, then a declaration).  A game whose win is judged at the start of
the winner's turn (Escabel) needs no special case: the reply that leaves the
chain standing leads to a won position.

EVL's gain puzzles are proved by :func:`gain_after`: the change in the
mover's pentagon lead after its move and the opponent's best reply (a
full-width search of both plies).
"""

from __future__ import annotations

from typing import Any

from ..core import State

__all__ = ["Prover", "OverBudget", "winning_moves", "wins_within", "lead", "gain_after", "gains"]


class OverBudget(Exception):
    """A :class:`Prover` given a ``limit`` of nodes went past it: no answer
    (the generator skips such a position; the checker sets no limit)."""


class Prover:
    """Proves forced wins for ``mover``; keeps a memo across its calls (one
    per position examined: the memo's keys are only unique within a game)."""

    def __init__(self, mover: int, limit: int | None = None) -> None:
        self.mover = mover
        self.limit = limit  # nodes at most, then OverBudget (None: no limit)
        self.memo: dict[tuple[int, int, int, int], bool] = {}
        self.killers: dict[tuple[int, int], Any] = {}  # (turns left, kind) -> the last deciding move
        self.nodes = 0

    def wins_after(self, s: State, n: int) -> bool:
        """``mover`` has just moved into ``s`` and may begin ``n`` more turns."""
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OverBudget
        o = s.outcome()
        if o is not None:
            return o.winner == self.mover
        key = (s.zobrist(), s.to_move, n, 0)
        known = self.memo.get(key)
        if known is not None:
            return known
        if s.to_move == self.mover:  # the second move of the same turn
            result = self._any(s, n, 2, lambda t: self.wins_after(t, n))
        else:
            result = not self._any(s, n, 3, lambda t: not self.turn_of(t, n))
        self.memo[key] = result
        return result

    def turn_of(self, s: State, n: int) -> bool:
        """The defender has just moved into ``s``: its turn goes on, or
        ``mover``'s next turn begins (which needs ``n`` > 0)."""
        self.nodes += 1
        o = s.outcome()
        if o is not None:
            return o.winner == self.mover
        if s.to_move != self.mover:
            key = (s.zobrist(), s.to_move, n, 1)
            known = self.memo.get(key)
            if known is None:
                known = not self._any(s, n, 4, lambda t: not self.turn_of(t, n))
                self.memo[key] = known
            return known
        if n <= 0:
            return False
        if n == 1:
            wins = self.wins_in_one(s)
            if wins is not None:
                return bool(wins)
        return self._any(s, n, 5, lambda t: self.wins_after(t, n - 1))

    def wins_in_one(self, s: State) -> list[Any] | None:
        """The game's own list of the mover's wins in one turn, or None."""
        if s.turn_plies != 1:
            return None
        return s.wins_in_one()

    def _any(self, s: State, n: int, kind: int, test: Any) -> bool:
        """Whether some legal move of ``s`` leads to a position passing
        ``test``; the killer of (``n``, ``kind``) is tried first."""
        moves = s.legal_moves()
        killer = self.killers.get((n, kind))
        if killer is not None and killer in moves and test(s.play_unchecked(killer)):
            return True
        if kind in (3, 4) and _tactical(s):  # the defender: the game's own defences first (blocks)
            first = [m for m in s.search_moves() if m != killer]
            tried = set(first)
            moves = first + [m for m in moves if m not in tried]
        for m in moves:
            if m != killer and test(s.play_unchecked(m)):
                self.killers[(n, kind)] = m
                return True
        return False

    def wins_with(self, s: State, move: Any, n: int) -> bool:
        """Whether ``move`` (of ``mover``, to move in ``s``) wins within ``n`` turns."""
        return self.wins_after(s.play_unchecked(move), n - 1)

    def winning_moves(self, s: State, n: int) -> list[Any]:
        """Every move of ``s`` that wins within ``n`` turns, in legal-move order."""
        if n == 1:
            wins = self.wins_in_one(s)
            if wins is not None:
                listed = set(wins)
                return [m for m in s.legal_moves() if m in listed]
        return [m for m in s.legal_moves() if self.wins_with(s, m, n)]

    def has_win(self, s: State, n: int) -> bool:
        """Whether the side to move of ``s`` (``mover``) wins within ``n`` turns."""
        if n == 1:
            wins = self.wins_in_one(s)
            if wins is not None:
                return bool(wins)
        return n > 0 and self._any(s, n, 6, lambda t: self.wins_after(t, n - 1))


def _tactical(s: State) -> bool:
    """Whether the game lists its wins in one (overrides ``wins_in_one``):
    its ``search_moves()`` order, blocks first, is then worth its cost at
    the defender's nodes (in Lines of Action it costs more than it saves)."""
    return type(s).wins_in_one is not State.wins_in_one


def winning_moves(state: State, n: int) -> list[Any]:
    """The moves with which the side to move wins within ``n`` turns."""
    return Prover(state.to_move).winning_moves(state, n)


def wins_within(state: State, move: Any, n: int) -> bool:
    """Whether ``move`` wins within ``n`` turns of the side to move."""
    return Prover(state.to_move).wins_with(state, move, n)


# ---------------------------------------------------------------------------
# EVL's gains of pentagons


def lead(state: Any, seat: int) -> int:
    """``seat``'s markers on the board minus the opponent's (EVL)."""
    return bin(state.marks[seat]).count("1") - bin(state.marks[1 - seat]).count("1")


def gain_after(state: Any, move: Any) -> int:
    """How much ``move`` raises its mover's pentagon lead once the opponent
    has made the reply that lowers it most (a won game counts 100)."""
    seat = state.to_move
    before = lead(state, seat)
    after = state.play_unchecked(move)
    o = after.outcome()
    if o is not None:
        return 100 if o.winner == seat else -100 if o.winner is not None else 0
    worst = None
    for reply in after.legal_moves():
        answered = after.play_unchecked(reply)
        o = answered.outcome()
        if o is not None:
            value = 100 if o.winner == seat else -100 if o.winner is not None else 0
        else:
            value = lead(answered, seat) - before
        if worst is None or value < worst:
            worst = value
    return before * 0 if worst is None else worst


def gains(state: Any) -> list[tuple[int, Any]]:
    """Every legal move with its :func:`gain_after`, the largest first."""
    scored = [(gain_after(state, m), m) for m in state.legal_moves()]
    scored.sort(key=lambda pair: -pair[0])
    return scored
