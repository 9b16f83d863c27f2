"""EL's fast finder of short wins, for the generator only (the checker
proves every puzzle it keeps with the engine's own rules, exactly).

In two-player EL with the threats announced (declare-threats off, the
default), every placement that completes an EL of the mover wins (EL-3,
EL-4), so the engine's threat pairs (``_threat_pairs()``: every cell and
number with which a seat completes an EL of its own) are exactly a side's
wins in one.  From there:

* a placement ``m`` of the solver wins in 2 turns iff it does not end the
  game, the opponent then has no win in one, and no single reply leaves the
  solver without a win in one: when the solver's threats after ``m`` lie on
  two or more cells no one placement blocks them (a **double threat**); on
  one cell, every number the opponent can write there must still leave
  a threat (or complete the solver's EL);
* a win in 3 turns is a placement making threats on one cell only (a
  **forcing** move: every reply elsewhere loses at once) after which every
  block leaves the solver a win in 2.

A new threat of the solver can only come from a shape that had two empty
cells, one of them the placement's, so a win in 2 is looked for only on
those cells (and, when the opponent threatens on one cell, only there).
Uniqueness among every legal move is checked by the same tests; the
checker proves it again (a quiet first move that wins in 3 is the
checker's to find).
"""

from __future__ import annotations

from typing import Any

from gamut.games.el.moves import NUM_MASK, NUMBER_OF_CODE, OWN_SHIFT


def wins_now(state: Any) -> list[Any]:
    """The placements that win at once for the side to move."""
    table = state.rules.placements
    return sorted(table[c][n - 1] for c, n in state._threat_pairs()[state.to_move])


def _cells(pairs: Any) -> set[int]:
    return {c for c, _ in pairs}


def _two_empty(state: Any) -> dict[int, list[tuple[int, int]]]:
    """{cell: [(the other empty cell, the sum of the shape's codes)]} for
    every shape with exactly two empty cells."""
    rules = state.rules
    occ, board = state.occ, state.board
    two: dict[int, list[tuple[int, int]]] = {}
    for mask, getter, _ in rules.shapes:
        e = mask & ~occ
        rest = e & (e - 1)
        if e and rest and not rest & (rest - 1):
            a, b = (e ^ rest).bit_length() - 1, rest.bit_length() - 1
            s = sum(getter(board))
            two.setdefault(a, []).append((b, s))
            two.setdefault(b, []).append((a, s))
    return two


def _makes_threat(rules: Any, shapes: list[tuple[int, int]], code: int, seat: int) -> set[int]:
    """The cells where writing ``code`` makes ``seat`` threaten, through the
    two-empty ``shapes`` of the written cell."""
    out = set()
    own = 1 << (4 * seat)
    for e, s in shapes:
        t = s + code
        num, owners = t & NUM_MASK, t >> OWN_SHIFT
        if rules.plurality.get(owners + own) != seat:
            continue
        for target in rules.targets:
            x = NUMBER_OF_CODE.get(target - num)
            if x is not None and x <= rules.numbers:
                out.add(e)
                break
    return out


def _candidates(state: Any) -> list[Any]:
    """The placements that may win in 2: they make a threat (through a shape
    that had two empty cells); when the opponent threatens, only on its one
    threat cell."""
    rules = state.rules
    seat = state.to_move
    theirs = _cells(state._threat_pairs()[1 - seat])
    if len(theirs) >= 2:
        return []
    two = _two_empty(state)
    out = []
    codes = rules.codes[seat]
    for c in sorted(two):
        if theirs and c not in theirs:
            continue
        shapes = two[c]
        for n in range(1, rules.numbers + 1):
            if _makes_threat(rules, shapes, codes[n], seat):
                out.append(rules.placements[c][n - 1])
    return out


def after_wins(after: Any, solver: int) -> bool:
    """The solver has just moved into ``after``: does it win on its next
    turn whatever the reply?"""
    o = after.outcome()
    if o is not None:
        return o.winner == solver
    if after._threat_pairs()[1 - solver]:
        return False  # the opponent wins at once
    mine = _cells(after._threat_pairs()[solver])
    if len(mine) >= 2:
        return True
    if not mine:
        return False
    (c,) = mine
    for reply in after.rules.placements[c]:
        answered = after.play_unchecked(reply)
        o = answered.outcome()
        if o is not None:
            if o.winner != solver:
                return False
            continue
        if not answered._threat_pairs()[solver]:
            return False
    return True


def wins_in_2(state: Any) -> list[Any]:
    """The placements with which the side to move wins in 2 turns (state
    without a win in one)."""
    solver = state.to_move
    return [m for m in _candidates(state) if after_wins(state.play_unchecked(m), solver)]


def _replies(after: Any, solver: int) -> list[Any]:
    """The opponent's placements on the solver's threat cells (the blocks)."""
    table = after.rules.placements
    out = []
    for c in sorted(_cells(after._threat_pairs()[solver])):
        out.extend(table[c])
    return out


def line_2(state: Any, move: Any) -> list[Any] | None:
    """The win in 2 of ``move``: a block that does not lose at once and
    leaves the solver exactly one win, then that win; None if none does."""
    solver = state.to_move
    after = state.play_unchecked(move)
    for reply in _replies(after, solver):
        answered = after.play_unchecked(reply)
        if answered.outcome() is not None:
            continue
        last = wins_now(answered)
        if len(last) == 1:
            return [move, reply, last[0]]
    return None


def forcing(state: Any) -> list[Any]:
    """The solver's placements after which the opponent has no win in one
    and the solver threatens on exactly one cell."""
    solver = state.to_move
    out = []
    for m in _candidates(state):
        after = state.play_unchecked(m)
        if after.outcome() is not None or after._threat_pairs()[1 - solver]:
            continue
        if len(_cells(after._threat_pairs()[solver])) == 1:
            out.append(m)
    return out


def wins_in_3(state: Any, first: Any) -> bool:
    """Whether the forcing ``first`` wins in 3 turns: every block that does
    not lose at once leaves the solver a win in 2."""
    solver = state.to_move
    after = state.play_unchecked(first)
    for reply in _replies(after, solver):
        answered = after.play_unchecked(reply)
        o = answered.outcome()
        if o is not None:
            if o.winner != solver:
                return False
            continue
        if wins_now(answered):
            continue
        if not wins_in_2(answered):
            return False
    return True


def solve(state: Any, max_turns: int = 3, min_turns: int = 1) -> tuple[int, list[Any]] | None:
    """``(turns, line)`` of the solver's unique shortest win within
    ``max_turns`` from ``state`` (unique at each of its steps, by the tests
    above), or None."""
    now = wins_now(state)
    if now:
        return (1, now) if len(now) == 1 and min_turns <= 1 else None
    if max_turns < 2:
        return None
    two = wins_in_2(state)
    if two:
        if len(two) != 1:
            return None
        line = line_2(state, two[0])
        return (2, line) if line is not None else None
    if max_turns < 3:
        return None
    threes = [m for m in forcing(state) if wins_in_3(state, m)]
    if len(threes) != 1:
        return None
    first = threes[0]
    solver = state.to_move
    after = state.play_unchecked(first)
    for reply in _replies(after, solver):
        answered = after.play_unchecked(reply)
        if answered.outcome() is not None or wins_now(answered):
            continue
        two = wins_in_2(answered)
        if len(two) == 1:
            rest = line_2(answered, two[0])
            if rest is not None:
                return (3, [first, reply] + rest)
    return None
