"""Escabel's connection distance, written a layer at a time with the king's
step where no diagonal is blocked for speed (issue #32), gives the numbers of
its definition: a 0-1 breadth-first search point by point (own stacks cost 0,
empty points 1, enemy stacks are walls, a diagonal is closed when the rules'
crosscut logic closes it), on positions of random games of every board size
and both setups (the searches stay identical only if these do;
bench/search_fingerprint.py checks the searches themselves)."""

from __future__ import annotations

import random
from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from gamut import new
from gamut.games.escabel import evaluation
from gamut.games.escabel.connection import crosscuts, cut_diagonals


def distance_point_by_point(state, colour: int) -> tuple[int, int]:
    """``(distance, points of the second edge at it)`` of ``colour``, or
    ``(INF, 0)``, by a 0-1 BFS over the points, one step at a time."""
    geo = state.geo
    n, s = geo.n, geo.stride
    own, enemy = (state.black, state.white) if colour == 0 else (state.white, state.black)
    ne_b, ne_w = crosscuts(geo, state.black, state.white)
    cut_ne, cut_nw = cut_diagonals(geo, state.codes, state.levels, ne_b, ne_w, colour)

    def stack(bb: int, p: int) -> bool:
        return bool(bb >> p & 1)

    def diagonal_open(low: int, ne: bool) -> bool:
        """The diagonal of the 2x2 block whose lower-left point is ``low``:
        NE is low -- low+s+1, NW is low+1 -- low+s."""
        ends, across = (
            ((low, low + s + 1), (low + 1, low + s)) if ne else ((low + 1, low + s), (low, low + s + 1))
        )
        if stack((cut_ne if ne else cut_nw), low):
            return False
        linked = all(stack(own, p) for p in ends)
        return linked or not all(stack(enemy, p) for p in across)

    def steps(p: int):
        r, f = divmod(p, s)
        for dr in (-1, 0, 1):
            for df in (-1, 0, 1):
                if (dr or df) and 0 <= r + dr < n and 0 <= f + df < n:
                    q = p + dr * s + df
                    if dr and df:
                        low = min(p, q) if dr == df else min(p, q) - 1
                        if not diagonal_open(low, ne=dr == df):
                            continue
                    yield q

    def cost(p: int) -> int:
        return 0 if stack(own, p) else 1

    points = [r * s + f for r in range(n) for f in range(n)]
    first = [p for p in points if (p // s if colour == 0 else p % s) == 0]
    second = {p for p in points if (p // s if colour == 0 else p % s) == n - 1}
    best = {p: cost(p) for p in first if not stack(enemy, p)}
    queue = deque(sorted(best, key=best.get))
    while queue:
        p = queue.popleft()
        for q in steps(p):
            if stack(enemy, q):
                continue
            dq = best[p] + cost(q)
            if dq < best.get(q, evaluation.INF):
                best[q] = dq
                if cost(q) == 0:
                    queue.appendleft(q)
                else:
                    queue.append(q)
    ends = [best[p] for p in second if p in best]
    if not ends:
        return evaluation.INF, 0
    return min(ends), ends.count(min(ends))


def random_position(seed: int, size: int, checkered: bool, plies: int):
    rng = random.Random(seed)
    state = new("escabel", "checkered" if checkered else "standard", size=size)
    for _ in range(plies):
        if state.outcome() is not None:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 2**32),
    st.integers(5, 13),
    st.booleans(),
    st.integers(0, 60),
)
def test_the_layered_distance_is_the_point_by_point_one(seed, size, checkered, plies):
    state = random_position(seed, size, checkered, plies)
    assert evaluation.distances(state) == (
        distance_point_by_point(state, 0),
        distance_point_by_point(state, 1),
    )


def test_positions_with_blocked_and_cut_diagonals_are_among_those_checked():
    """The random games reach what the king's step must not take: diagonals
    closed by two enemy stacks across and by the rules' crosscuts."""
    blocked = cut = 0
    for seed in range(40):
        state = random_position(seed, 7, seed % 2 == 1, 40)
        geo = state.geo
        ne_b, ne_w = crosscuts(geo, state.black, state.white)
        for colour in (0, 1):
            cut += any(cut_diagonals(geo, state.codes, state.levels, ne_b, ne_w, colour))
        blocked += bool(ne_b | ne_w)
        assert evaluation.distances(state) == (
            distance_point_by_point(state, 0),
            distance_point_by_point(state, 1),
        )
    assert blocked and cut
