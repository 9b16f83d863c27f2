"""Game-independent searches, written against the state protocol only; here
alpha-beta and the scores it gives.

Both searches are *time-sliced*: ``search.step(budget_ms)`` advances the work
for at most about ``budget_ms`` milliseconds and returns a progress dict; the
search keeps its state between slices, so a worker can report progress and
stop it at any slice boundary.  A search is deterministic for a given seed
and node budget (time limits only ever cut a search short).

* :class:`AlphaBeta` -- iterative-deepening negamax with principal variation
  search, a transposition table keyed on ``state.zobrist()``, TT-move,
  killer and history move ordering, late move reductions, and one ply more
  where the game says the reply is forced (``core.ForcedMoves``).  Needs
  ``state.evaluate()`` (a score for the side to move) and two players; the
  game's hooks are those of ``core.SearchHooks``.
* :class:`~gamut.ai.montecarlo.MonteCarlo` (in its own module) -- UCT with
  random playouts, RAVE and a solver for proven wins; works for any number
  of players.

The recursion is written as generators so that a slice can end in the middle
of a deep search without losing anything: every few hundred nodes the search
yields to its driver, which checks the clock.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator
from itertools import repeat
from operator import add
from typing import Any

from ..core import ForcedMoves, Outcome, PrunedMoves, State

#: A game's move: any hashable value its state gives (the search never looks inside).
Move = Any
#: A transposition table entry: (depth, EXACT | LOWER | UPPER, score, best move).
TTEntry = tuple[int, int, int, Move]
#: The search as a generator: it yields to its driver, and returns a score.
Searching = Generator[None, None, int]

WIN = 1_000_000
EXACT, LOWER, UPPER = 0, 1, 2
CHECK_EVERY = 128  # nodes between clock checks
LMR_AFTER = 4  # moves searched at full depth before late move reductions apply
MAX_EXTENSIONS = 4  # forced-reply extensions on one path


def terminal_score(outcome: Outcome, to_move: int, ply: int) -> int:
    """Score of a finished game for the side to move (quicker wins score higher)."""
    if outcome.winner is None:
        return 0
    return WIN - ply if outcome.winner == to_move else -WIN + ply


# A loss found among forward-pruned moves (``core.PrunedMoves``) is scored
# this low: worse than any evaluation, better than a proven loss, and never
# reported as a forced result.
UNPROVEN_LOSS = -(WIN // 2)


class OutOfNodes(Exception):
    """Raised inside the tree when the node budget is spent; the iteration
    under way is abandoned (its finished root moves still count)."""


def is_mate_score(score: float) -> bool:
    return abs(score) > WIN - 1000


def forced_result(score: int, mover: int, turn_plies: int = 1) -> tuple[int, int]:
    """``(winner, moves)`` for a mate score of a two-player search (see
    :func:`is_mate_score`) found for ``mover``, the side to move: the winner's
    seat and how many of the winner's turns remain to the end, this turn
    included when the winner is to move (``turn_plies``: plies in a turn)."""
    plies = WIN - abs(score)  # to the end of the game
    tp = turn_plies
    if score > 0:
        return mover, max(1, (plies + 2 * tp - 1) // (2 * tp))
    return 1 - mover, max(1, (plies + tp) // (2 * tp))


class AlphaBeta:
    """Iterative deepening PVS.  ``max_nodes`` and ``max_depth`` bound the
    work deterministically; ``noise`` > 0 makes it choose among near-best
    root moves the way a weaker player would (softmax over scores)."""

    def __init__(
        self,
        state: State,
        max_depth: int = 64,
        max_nodes: int = 10**9,
        seed: int | None = None,
        noise: float = 0.0,
        tt: dict[int, TTEntry] | None = None,
        score_single_move: bool = False,
    ) -> None:
        self.root = state
        # a position with one move is not searched for play; an analysis
        # wants its score all the same
        self.score_single_move = score_single_move
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.rng = random.Random(seed)
        self.noise = noise
        self.tt: dict[int, TTEntry] = {} if tt is None else tt
        self.killers: dict[int, tuple[Move, ...]] = {}
        self.history: dict[Move, int] = {}
        self.nodes = 0
        self.extensions = 0  # forced-reply extensions on the current path
        self._next_yield = CHECK_EVERY
        self.depth_done = 0
        self.best_move: Move = None
        self.best_score = 0
        self.pv: list[str | None] = []
        self.root_scores: dict[Move, int] = {}
        self._root_pruned = False
        self.done = False
        self._gen = self._iterate()

    # -- driver -------------------------------------------------------------
    def step(self, budget_ms: float = 50.0) -> dict[str, Any]:
        """Run for about ``budget_ms`` ms (or to the end) and report progress."""
        deadline = time.perf_counter() + budget_ms / 1000.0
        if not self.done:
            try:
                while time.perf_counter() < deadline:
                    next(self._gen)
            except StopIteration:
                self.done = True
        return self.progress()

    def run(self, time_limit: float | None = None) -> Move:
        """Search to the end (or for ``time_limit`` seconds); return the move."""
        end = None if time_limit is None else time.perf_counter() + time_limit
        while not self.done and (end is None or time.perf_counter() < end):
            self.step(50)
        return self.choice()

    def progress(self) -> dict[str, Any]:
        """Depth completed, nodes, the best move so far and its score, the
        principal variation, and the share of the node budget spent
        (``fraction``; a search can also end sooner).  Mid-iteration the
        best move may be newer than the last completed iteration's line:
        the line shown then is the move alone; and a loss among
        forward-pruned root moves is shown as unproven, as the completed
        iteration will score it."""
        best = self.root.move_text(self.best_move) if self.best_move is not None else None
        pv = list(self.pv)
        if pv and pv[0] != best:
            pv = [best]
        score = self.best_score
        if self._root_pruned and score < -WIN + 1000:
            score = UNPROVEN_LOSS
        return {
            "depth": self.depth_done,
            "nodes": self.nodes,
            "score": score,
            "best": best,
            "pv": pv,
            "done": self.done,
            "fraction": 1.0 if self.done else min(1.0, self.nodes / self.max_nodes),
        }

    def choice(self) -> Move:
        """The move to play: the best, or with noise a softmax pick among the
        root moves scored by the last completed iteration."""
        if self.best_move is None:
            moves = self.root.legal_moves()
            return moves[0] if moves else None
        if self.noise <= 0 or len(self.root_scores) < 2 or is_mate_score(self.best_score):
            return self.best_move
        items = sorted(self.root_scores.items(), key=lambda kv: -kv[1])
        top = items[0][1]
        weights = [math.exp(max(-50.0, (s - top) / self.noise)) for _, s in items]
        return self.rng.choices([m for m, _ in items], weights)[0]

    # -- search -------------------------------------------------------------
    def _iterate(self) -> Generator[None, None, None]:
        root = self.root
        moves = root.search_moves()
        if not moves:
            return
        pruned = self._root_pruned = isinstance(moves, PrunedMoves)
        moves = list(moves)
        self.best_move = moves[0]
        if len(moves) == 1 and self.noise <= 0 and not self.score_single_move:
            self.depth_done = 1
            return
        # Shuffle once with the seed so equal scores break ties by seed.
        self.rng.shuffle(moves)
        for depth in range(1, self.max_depth + 1):
            scores: dict[Move, int] = {}
            alpha, beta = -WIN - 1, WIN + 1
            ordered = moves if depth > 1 else self._order(root, moves, self.killers.get(0, ()), None)
            best, best_score = None, -WIN - 1
            try:
                for i, m in enumerate(ordered):
                    child = root.play_unchecked(m)
                    if i == 0:
                        score = yield from self._child(root, child, depth - 1, alpha, beta, 1)
                    else:
                        score = yield from self._child(root, child, depth - 1, alpha, alpha + 1, 1)
                        if alpha < score < beta:
                            score = yield from self._child(root, child, depth - 1, score, beta, 1)
                    scores[m] = score
                    if score > best_score:
                        best, best_score = m, score
                        if score > alpha:
                            alpha = score
                        if depth > 1:  # a better move found mid-iteration is usable
                            self.best_move, self.best_score = best, best_score
                    if self.nodes >= self.max_nodes:
                        break
            except OutOfNodes:
                self.extensions = 0
            if len(scores) < len(ordered):
                break  # an unfinished iteration does not replace the root scores
            if pruned and best_score < -WIN + 1000:
                best_score = UNPROVEN_LOSS
            self.best_move, self.best_score = best, best_score
            self.root_scores = scores
            self.depth_done = depth
            self.tt[root.zobrist()] = (depth, EXACT, best_score, best)
            self.pv = self._principal_variation(depth)
            moves = sorted(ordered, key=lambda m: -scores.get(m, -WIN - 1))
            if is_mate_score(best_score) or self.nodes >= self.max_nodes:
                break

    def _principal_variation(self, depth: int) -> list[str | None]:
        pv: list[str | None] = []
        state, seen = self.root, set()
        for _ in range(depth):
            entry = self.tt.get(state.zobrist())
            if entry is None or entry[3] is None or state.zobrist() in seen:
                break
            seen.add(state.zobrist())
            move = entry[3]
            if move not in state.legal_moves():
                break
            pv.append(state.move_text(move))
            state = state.play_unchecked(move)
        return pv

    def _order(
        self, state: State, moves: list[Move], killers: tuple[Move, ...], entry: TTEntry | None
    ) -> list[Move]:
        # a move's priority: its history score plus the game's key, highest
        # first (computed by map: no Python call per move)
        n = len(moves)
        priorities = list(map(add, map(self.history.get, moves, repeat(0, n)), state.move_order_keys(moves)))
        # (a stable sort, reverse=True too: moves of equal priority keep their given order)
        ordered = list(map(moves.__getitem__, sorted(range(n), key=priorities.__getitem__, reverse=True)))
        # the TT move first, then the killers (when legal here)
        front = [m for m in killers if m in moves] if killers else []
        tt_move = entry[3] if entry is not None else None
        if tt_move is not None and tt_move in moves:
            if tt_move in front:
                front.remove(tt_move)
            front.insert(0, tt_move)
        if front:
            ordered = front + [m for m in ordered if m not in front]
        return ordered

    def _cutoff(self, move: Move, ply: int, depth: int) -> None:
        k = self.killers.get(ply, ())
        if move not in k:
            self.killers[ply] = (move,) + k[:1]
        self.history[move] = self.history.get(move, 0) + depth * depth

    def _child(self, state: State, child: State, depth: int, alpha: int, beta: int, ply: int) -> Searching:
        """The value of ``child`` for the player to move in ``state``, within
        the window (alpha, beta) of that player.  Negamax flips the sign and
        the window when the turn passes; a game whose turn has two moves (EL
        with declared threats: a placement, then a declaration) keeps them."""
        if child.to_move == state.to_move:
            return (yield from self._negamax(child, depth, alpha, beta, ply))
        return -(yield from self._negamax(child, depth, -beta, -alpha, ply))

    def _negamax(self, state: State, depth: int, alpha: int, beta: int, ply: int) -> Searching:
        # (the hot loop of every game: what it reads often is bound to locals,
        # the children's window flip of ``_child`` is written inline, and a
        # node whose children are leaves scores them in a loop of its own)
        self.nodes += 1
        if self.nodes >= self._next_yield:  # (leaf loops add several nodes at once)
            if self.nodes >= self.max_nodes:
                raise OutOfNodes
            self._next_yield = self.nodes + CHECK_EVERY
            yield
        outcome = state.outcome()
        if outcome is not None:
            return terminal_score(outcome, state.to_move, ply)
        if depth <= 0:
            return state.evaluate()
        key = state.zobrist()
        entry = self.tt.get(key)
        alpha0 = alpha
        if entry is not None and entry[0] >= depth:
            _, flag, score, _ = entry
            if flag == EXACT:
                return score
            if flag == LOWER and score >= beta:
                return score
            if flag == UPPER and score <= alpha:
                return score
        moves = state.search_moves()
        pruned = isinstance(moves, PrunedMoves)
        extended = type(moves) is ForcedMoves and self.extensions < MAX_EXTENSIONS
        if extended:
            # a forced reply: one ply deeper for free (bounded per path)
            depth += 1
            self.extensions += 1
        killers = self.killers.get(ply, ())
        moves = self._order(state, moves, killers, entry)
        best, best_move = -WIN - 1, None
        me = state.to_move
        play = state.play_unchecked
        if depth == 1:
            # Children are leaves: score them directly, no recursion needed
            # (counted here, added to the nodes once: nothing reads them meanwhile).
            leaves = 0
            for m in moves:
                child = play(m)
                leaves += 1
                o = child.outcome()
                if o is not None:
                    to_move = child.to_move
                    score = terminal_score(o, to_move, ply + 1)
                    if to_move != me:
                        score = -score
                elif child.to_move != me:
                    score = -child.evaluate()
                else:
                    score = child.evaluate()
                if score > best:
                    best, best_move = score, m
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            self._cutoff(m, ply, depth)
                            break
            self.nodes += leaves
        else:
            negamax = self._negamax
            history = self.history
            tt_move = entry[3] if entry is not None else None
            below = ply + 1
            for i, m in enumerate(moves):
                child = play(m)
                same = child.to_move == me  # (EL's declarations keep the turn: no flip)
                if i == 0:
                    if same:
                        score = yield from negamax(child, depth - 1, alpha, beta, below)
                    else:
                        score = -(yield from negamax(child, depth - 1, -beta, -alpha, below))
                else:
                    # Late move reduction: quiet late moves are searched one ply
                    # shallower first, and again at full depth if they look good.
                    if (
                        depth >= 3
                        and i >= LMR_AFTER
                        and m != tt_move
                        and m not in killers
                        and not history.get(m)
                    ):
                        if same:
                            score = yield from negamax(child, depth - 2, alpha, alpha + 1, below)
                        else:
                            score = -(yield from negamax(child, depth - 2, -alpha - 1, -alpha, below))
                        if score <= alpha:
                            if score > best:
                                best, best_move = score, m
                            continue
                    if same:
                        score = yield from negamax(child, depth - 1, alpha, alpha + 1, below)
                    else:
                        score = -(yield from negamax(child, depth - 1, -alpha - 1, -alpha, below))
                    if alpha < score < beta:
                        if same:
                            score = yield from negamax(child, depth - 1, score, beta, below)
                        else:
                            score = -(yield from negamax(child, depth - 1, -beta, -score, below))
                if score > best:
                    best, best_move = score, m
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            self._cutoff(m, ply, depth)
                            break
        if extended:
            self.extensions -= 1
        if pruned and best < -WIN + 1000:
            best = UNPROVEN_LOSS  # a refutation may be among the moves left out
        flag = EXACT if alpha0 < best < beta else (LOWER if best >= beta else UPPER)
        self.tt[key] = (depth, flag, best, best_move)
        return best
