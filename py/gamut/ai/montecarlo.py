"""Monte-Carlo tree search for any number of players (the three- and
four-player EL variants), written against the state protocol only and
time-sliced like :class:`gamut.ai.search.AlphaBeta`: ``step(budget_ms)``
advances the work and returns a progress dict, ``choice()`` gives the move."""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ..core import State

#: A game's move: any hashable value its state gives.
Move = Any


class MonteCarlo:
    """UCT for any number of players, with random playouts, RAVE and a solver:
    a child whose game is won by the player choosing it is taken at once,
    and such proven wins propagate up the tree.

    RAVE ("rapid action value estimation", Gelly and Silver): in placement
    games a move tends to be good whenever its player makes it, so every
    node also keeps all-moves-as-first statistics -- each move its player
    made anywhere later in a simulation counts as if made now -- and blends
    them into a child's value while the child has few visits of its own
    (weight ``sqrt(rave / (3 n + rave))``).  ``rave=0`` turns it off."""

    class Node:
        __slots__ = (
            "state",
            "move",
            "parent",
            "children",
            "untried",
            "visits",
            "wins",
            "proven",
            "amaf",
            "mover",
            "seats",
        )

        def __init__(self, state: State, move: Move, parent: MonteCarlo.Node | None) -> None:
            self.state = state
            self.move = move
            self.parent = parent
            self.children: list[MonteCarlo.Node] = []
            self.untried: list[Move] | None = None
            self.visits = 0
            self.wins = 0.0  # from the point of view of the player who moved into it
            self.proven: int | None = None  # winner seat (-1: a draw) when the result is certain
            self.amaf: dict[Move, list[float]] = {}  # move -> [visits, wins], the player to move here
            self.mover = state.to_move
            self.seats: list[float] | None = None  # the root's results per seat (see chances())

    def __init__(
        self,
        state: State,
        max_iterations: int = 10**9,
        seed: int | None = None,
        exploration: float = 1.0,
        playout_limit: int = 400,
        rave: int = 300,
    ) -> None:
        self.root = self.Node(state, None, None)
        self.rng = random.Random(seed)
        self.max_iterations = max_iterations
        self.exploration = exploration
        self.playout_limit = playout_limit
        self.rave = rave
        self.iterations = 0
        self.done = state.outcome() is not None or not state.legal_moves()

    def step(self, budget_ms: float = 50.0) -> dict[str, Any]:
        deadline = time.perf_counter() + budget_ms / 1000.0
        while not self.done and time.perf_counter() < deadline:
            for _ in range(8):
                self._iterate()
                self.iterations += 1
                if self.iterations >= self.max_iterations or self.root.proven is not None:
                    self.done = True
                    break
        return self.progress()

    def run(self, time_limit: float | None = None) -> Move:
        end = None if time_limit is None else time.perf_counter() + time_limit
        while not self.done and (end is None or time.perf_counter() < end):
            self.step(50)
        return self.choice()

    @property
    def best_move(self) -> Move:
        return self.choice()

    def choice(self) -> Move:
        root = self.root
        mover = root.state.to_move
        for child in root.children:
            if child.proven == mover:
                return child.move
        if not root.children:
            moves = root.state.legal_moves()
            return moves[0] if moves else None
        return max(root.children, key=lambda c: (c.visits, c.wins)).move

    def progress(self) -> dict[str, Any]:
        best = self.choice()
        root = self.root
        value = None
        for c in root.children:
            if c.move == best and c.visits:
                value = c.wins / c.visits
        return {
            "simulations": self.iterations,
            "done": self.done,
            "best": root.state.move_text(best) if best is not None else None,
            "win_rate": value,
            "proven": root.proven,
            "chances": self.chances(),
            "pv": self.principal_variation(),
            "fraction": 1.0 if self.done else min(1.0, self.iterations / self.max_iterations),
        }

    def chances(self) -> list[float] | None:
        """Every seat's share of the results of all simulations so far (a
        draw, or a playout cut short, counts 1/n each): the seats' winning
        chances as the search plays, its visits going more and more to the
        best moves.  A proven result gives 1 to its winner.  None before
        the first simulation."""
        root = self.root
        n = root.state.num_players
        if root.proven is not None:
            return [1.0 / n] * n if root.proven == -1 else [float(s == root.proven) for s in range(n)]
        if not root.visits or root.seats is None:
            return None
        return [w / root.visits for w in root.seats]

    def principal_variation(self, limit: int = 8) -> list[str]:
        """The most visited line from the root (moves with at least two
        visits), as move texts."""
        pv: list[str] = []
        node = self.root
        best = self.choice() if node.children else None
        while node.children and len(pv) < limit:
            if node is self.root:
                child = next((c for c in node.children if c.move == best), None)
            else:
                child = max(node.children, key=lambda c: (c.visits, c.wins))
            if child is None or child.visits < 2:
                break
            pv.append(node.state.move_text(child.move))
            node = child
        return pv

    def _iterate(self) -> None:
        node = self.root
        rng = self.rng
        # selection
        while node.untried == [] and node.children and node.proven is None:
            node = self._select(node)
        # expansion
        if node.proven is None and node.state.outcome() is None:
            if node.untried is None:
                node.untried = node.state.legal_moves()
                rng.shuffle(node.untried)
            if node.untried:
                move = node.untried.pop()
                child = self.Node(node.state.play_unchecked(move), move, node)
                node.children.append(child)
                node = child
        # simulation: (player, move) of every playout move, for RAVE
        state = node.state
        outcome = state.outcome()
        if outcome is not None:
            node.proven = outcome.winner if outcome.winner is not None else -1
        played: list[tuple[int, Move]] = []
        steps = 0
        while outcome is None and steps < self.playout_limit:
            move = rng.choice(state.legal_moves())
            played.append((state.to_move, move))
            state = state.play_unchecked(move)
            outcome = state.outcome()
            steps += 1
        winner = outcome.winner if outcome is not None else None
        # backpropagation
        rave = self.rave
        root = self.root
        up: MonteCarlo.Node | None = node
        while up is not None:
            node = up
            node.visits += 1
            parent = node.parent
            if node is root:  # every seat's result, for chances()
                seats = node.seats
                if seats is None:
                    seats = node.seats = [0.0] * root.state.num_players
                if winner is None:
                    share = 1.0 / len(seats)
                    for i in range(len(seats)):
                        seats[i] += share
                else:
                    seats[winner] += 1.0
            if parent is not None:
                mover = parent.mover
                if winner == mover:
                    node.wins += 1.0
                elif winner is None:
                    node.wins += 1.0 / parent.state.num_players
                if node.proven == mover:
                    parent.proven = mover
                played.append((mover, node.move))
                if rave:
                    value = (
                        1.0 if winner == mover else 1.0 / parent.state.num_players if winner is None else 0.0
                    )
                    amaf = parent.amaf
                    seen = set()
                    for who, m in played:
                        if who == mover and m not in seen:
                            seen.add(m)
                            entry = amaf.get(m)
                            if entry is None:
                                amaf[m] = [1, value]
                            else:
                                entry[0] += 1
                                entry[1] += value
            up = parent

    def _select(self, node: MonteCarlo.Node) -> MonteCarlo.Node:
        log_n = math.log(node.visits)
        c = self.exploration
        mover = node.mover
        rave = self.rave
        amaf = node.amaf
        best: MonteCarlo.Node | None = None
        best_value = -1.0
        for child in node.children:
            if child.proven == mover:
                return child
            if child.proven is not None and child.proven != -1:
                value = -0.5  # proven win for someone else: avoid
            else:
                n = child.visits
                q = child.wins / n
                if rave:
                    entry = amaf.get(child.move)
                    if entry is not None:
                        beta = math.sqrt(rave / (3 * n + rave))
                        q = (1 - beta) * q + beta * entry[1] / entry[0]
                value = q + c * math.sqrt(log_n / n)
            if value > best_value:
                best, best_value = child, value
        assert best is not None  # (every value is above -1)
        return best
