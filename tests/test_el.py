"""EL: rules on positions built for them, threats, declare-threats, codecs,
view, perft, and property tests against an independent brute-force model."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from viewtext import counters, notes

import gamut
from gamut import grid, records
from gamut.core import replay
from gamut.games.el import moves as el_moves
from gamut.games.el import rules as el_rules

# ---------------------------------------------------------------------------
# An independent, deliberately simple model of the rules (docs/RULES.md, EL).
# Cells are (file, rank) pairs; a board is a dict cell -> (seat, number).

VARIANTS = {  # size, numbers, EL size, any shape, consecutive, players
    "standard": (6, 6, 6, False, False, 2),
    "eight": (8, 8, 8, False, False, 2),
    "consecutive": (7, 8, 6, False, True, 2),
    "three-player": (8, 6, 6, False, False, 3),
    "four-player": (8, 8, 8, True, False, 4),
}
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
FILES = "abcdefgh"


def name(cell):
    return f"{FILES[cell[0]]}{cell[1] + 1}"


def bf_paths(size, k):
    """Every straight or one-turn path of k cells, found by walking from every
    cell: go ``a`` cells one way, then turn once (or never) for the rest."""
    shapes = set()
    for x, y in product(range(size), repeat=2):
        for d1 in STEPS:
            for a in range(2, k + 1):
                turns = [None] if a == k else [d for d in STEPS if d[0] * d1[0] + d[1] * d1[1] == 0]
                for d2 in turns:
                    path = [(x + d1[0] * i, y + d1[1] * i) for i in range(a)]
                    cx, cy = path[-1]
                    if d2:
                        path += [(cx + d2[0] * j, cy + d2[1] * j) for j in range(1, k - a + 1)]
                    if all(0 <= px < size and 0 <= py < size for px, py in path):
                        assert len(set(path)) == k
                        shapes.add(frozenset(path))
    return shapes


_PATHS = {}


def paths(variant):
    size, _, k, any_shape, _, _ = VARIANTS[variant]
    if (size, k) not in _PATHS:
        _PATHS[size, k] = bf_paths(size, k)
    return _PATHS[size, k]


def good_numbers(variant, nums):
    _, numbers, k, _, consecutive, _ = VARIANTS[variant]
    s = sorted(nums)
    if consecutive:
        return s == list(range(s[0], s[0] + k))
    return s == list(range(1, k + 1))


def owner_of(variant, seats):
    """The seat holding strictly more of the numbers than each other, or None."""
    players = VARIANTS[variant][5]
    counts = Counter(seats)
    best = max(counts.get(p, 0) for p in range(players))
    leaders = [p for p in range(players) if counts.get(p, 0) == best]
    return leaders[0] if len(leaders) == 1 else None


def connected_sets_through(board, cell, k):
    """All connected k-sets of filled cells containing ``cell``, numbers
    distinct, grown level by level (deduplicated as frozensets)."""
    level = {frozenset([cell])}
    for _ in range(k - 1):
        nxt = set()
        for s in level:
            used = {board[c][1] for c in s}
            for x, y in s:
                for dx, dy in STEPS:
                    c = (x + dx, y + dy)
                    if c in board and c not in s and board[c][1] not in used:
                        nxt.add(s | {c})
        level = nxt
    return level


_THROUGH = {}


def paths_through(variant, cell):
    key = (variant, cell)
    if key not in _THROUGH:
        _THROUGH[key] = [s for s in paths(variant) if cell in s]
    return _THROUGH[key]


def bf_els(variant, board, through=None):
    """ELs [(owner, frozenset)] on the board (those containing ``through``
    when given; for four-player ``through`` is required)."""
    _, _, k, any_shape, _, _ = VARIANTS[variant]
    if any_shape:
        candidates = connected_sets_through(board, through, k)
    elif through is None:
        candidates = paths(variant)
    else:
        candidates = paths_through(variant, through)
    found = []
    for s in candidates:
        if all(c in board for c in s) and good_numbers(variant, [board[c][1] for c in s]):
            w = owner_of(variant, [board[c][0] for c in s])
            if w is not None:
                found.append((w, s))
    return found


def bf_all_els(variant, board):
    """Every EL of the board: all lines and L's, or (four-player) the union of
    the connected sets grown from every filled cell."""
    if VARIANTS[variant][3]:
        found = set()
        for cell in board:
            found |= set(bf_els(variant, board, cell))
        return sorted(found, key=lambda e: (e[0], sorted(e[1])))
    return bf_els(variant, board)


def bf_threats(variant, board):
    size, numbers, _, _, _, players = VARIANTS[variant]
    result = [set() for _ in range(players)]
    for cell in product(range(size), repeat=2):
        if cell in board:
            continue
        if not VARIANTS[variant][3] and not any(
            all(x in board for x in s if x != cell) for s in paths_through(variant, cell)
        ):
            continue  # every shape through the cell has another empty cell
        for n in range(1, numbers + 1):
            for p in range(players):
                b = dict(board)
                b[cell] = (p, n)
                if any(w == p for w, _ in bf_els(variant, b, cell)):
                    result[p].add((name(cell), n))
    return [frozenset(r) for r in result]


class Model:
    """The rules from scratch: every placement re-examines every shape."""

    def __init__(self, variant, declare=False, full="draw", first_equal=False):
        self.variant = variant
        self.size, self.numbers, self.k, _, _, self.players = VARIANTS[variant]
        self.declare, self.full, self.first_equal = declare, full, first_equal
        self.board = {}
        self.order = []
        self.turn = 0
        self.phase = "place"
        self.declared = [set() for _ in range(self.players)]
        self.snapshot = [set() for _ in range(self.players)]  # threats right after own turn
        self.winner = self.over = None

    def legal(self):
        if self.over:
            return []
        if self.phase == "declare":
            cells = sorted({c for c, _ in bf_threats(self.variant, self.board)[self.turn]})
            subsets = []
            for bits in range(1 << len(cells)):
                chosen = [c for i, c in enumerate(cells) if bits >> i & 1]
                subsets.append("declare:" + (",".join(chosen) if chosen else "-"))
            return subsets
        nums = range(1, self.numbers + 1)
        if self.first_equal and self.turn == 0 and len(self.order) == 2:
            nums = [self.board[self.order[0]][1]]
        return [
            f"{name(c)}={n}" for c in product(range(self.size), repeat=2) if c not in self.board for n in nums
        ]

    def play(self, text):
        if text.startswith("declare"):
            body = text[len("declare:") :]
            self.declared[self.turn] = set() if body == "-" else set(body.split(","))
            self.phase = "place"
            self.turn = (self.turn + 1) % self.players
            return
        cell_text, n = text.split("=")
        cell = (FILES.index(cell_text[0]), int(cell_text[1:]) - 1)
        mover, n = self.turn, int(n)
        self.board[cell] = (mover, n)
        self.order.append(cell)
        # every EL of the whole board; the new ones are those through the cell
        els = [e for e in bf_all_els(self.variant, self.board) if cell in e[1]]
        owners = {w for w, _ in els}
        mover_ok = mover in owners
        if mover_ok and self.declare:
            mover_ok = cell_text in self.declared[mover] or (cell_text, n) not in self.snapshot[mover]
        winner = None
        if mover_ok:
            winner = mover
        else:
            for i in range(1, self.players):
                if (mover + i) % self.players in owners:
                    winner = (mover + i) % self.players
                    break
        if winner is not None:
            self.over, self.winner = True, winner
        elif len(self.board) == self.size**2:
            self.over = True
            self.winner = 1 if self.full == "second-wins" else None
        if self.declare:
            self.snapshot[mover] = set(bf_threats(self.variant, self.board)[mover])
            if not self.over:
                self.phase = "declare"
                return
        self.turn = (self.turn + 1) % self.players


def canon(move):
    """A move text with declared cells in a fixed order."""
    text = str(move)
    if text.startswith("declare:"):
        return "declare:" + ",".join(sorted(text[len("declare:") :].split(",")))
    return text


def bf_perft(model, depth):
    moves = model.legal()
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        child = copy.deepcopy(model)
        child.play(m)
        total += bf_perft(child, depth - 1)
    return total


# ---------------------------------------------------------------------------
# Helpers to build positions


def header(variant="standard", declare=False, full="draw", first_equal=False):
    if variant in ("three-player", "four-player"):
        return f"el {variant} -"
    return (
        f"el {variant} first-two-equal={'on' if first_equal else 'off'},"
        f"full-board={full},declare-threats={'on' if declare else 'off'}"
    )


def position(
    variant,
    stones,
    last,
    *,
    declare=False,
    full="draw",
    first_equal=False,
    declared=None,
    phase=False,
    prev=None,
):
    """Load a position from ``stones`` ({"c4": "r5"}); ``last`` is the last
    placement (``prev`` the one before, for declare-threats)."""
    size, _, _, _, _, players = VARIANTS[variant]
    grid = [["."] * size for _ in range(size)]
    for cell, stone in stones.items():
        grid[int(cell[1:]) - 1][FILES.index(cell[0])] = stone
    rows = "/".join("".join(grid[r]) for r in range(size - 1, -1, -1))
    k = len(stones)
    seat = (k - (1 if phase else 0)) % players
    text = f"{header(variant, declare, full, first_equal)} {rows} {'rbgy'[seat]}"
    if phase:
        text += " phase=declare"
    if last:
        text += " last=" + (f"{prev}," if prev else "") + last
    if declare:
        d = declared or ["-", "-"]
        text += " declared=" + ";".join(d)
    return gamut.load(text)


def play(state, *texts):
    for t in texts:
        state = state.play(state.parse_move(t))
    return state


FILLER = {
    6: ["f6", "e6", "d6", "f5", "e5", "d5"],
    8: ["h8", "g8", "f8", "e8", "h7", "g7", "f7", "e7", "h6", "g6", "f6", "e6"],
}


def build(variant, stones, to_move, **kw):
    """Load ``stones`` plus harmless 1s in the top-right corner so that the
    seat ``to_move`` is to place; the last placement is a stone of the seat
    before it."""
    size, _, _, _, _, players = VARIANTS[variant]
    stones = dict(stones)
    counts = Counter("rbgy".index(v[0]) for v in stones.values())
    n = 0
    while any(counts[p] > n + (p < to_move) for p in range(players)):
        n += 1
    prev = (to_move - 1) % players
    if counts[prev] == n + (prev < to_move):
        n += 1  # leave room for a filler of the previous seat to be the last placement
    free = iter(c for c in FILLER[size] if c not in stones)
    last = None
    for p in range(players):
        for _ in range(n + (p < to_move) - counts[p]):
            cell = next(free)
            stones[cell] = "rbgy"[p] + "1"
            if p == prev:
                last = cell
    s = position(variant, stones, last, **kw)
    assert s.to_move == to_move
    return s


def row(start_file, rank, stones):
    """{"a1": "r1", "b1": "r2", ...} along a rank."""
    return {f"{FILES[start_file + i]}{rank}": s for i, s in enumerate(stones)}


def col(file, start_rank, stones):
    return {f"{file}{start_rank + i}": s for i, s in enumerate(stones)}


# ---------------------------------------------------------------------------
# Metadata and the start


def test_metadata_and_start():
    info = gamut.GAMES["el"]
    assert [v.id for v in info.variants] == [
        "standard",
        "eight",
        "consecutive",
        "three-player",
        "four-player",
    ]
    assert [o.name for o in info.options] == ["first-two-equal", "full-board", "declare-threats"]
    s = gamut.new("el")
    assert s.to_move == 0 and s.ply == 0 and s.outcome() is None
    assert s.to_text() == (
        "el standard first-two-equal=off,full-board=draw,declare-threats=off "
        "....../....../....../....../....../...... r"
    )
    assert gamut.load(header() + " start") == s
    assert str(s.legal_moves()[0]) == "a1=1" and str(s.legal_moves()[-1]) == "f6=6"
    assert gamut.new("el", "four-player").num_players == 4


def test_shape_tables_match_walked_paths():
    for variant in ("standard", "eight", "consecutive", "three-player"):
        rules = el_rules.RULES[variant]
        size = rules.size
        engine = {frozenset((c % size, c // size) for c in cells) for _, _, cells in rules.shapes}
        assert engine == paths(variant), variant
    assert len(el_rules.RULES["standard"].shapes) == 188  # 12 lines + 4 * 44 L's


# ---------------------------------------------------------------------------
# Winning in the two-player game

FAR = {"f6": "b6", "e6": "b6", "d6": "b6", "f5": "r6", "e5": "r6", "d5": "r6"}  # never an EL


def test_line_win():
    stones = {**row(0, 1, ["r1", "r2", "r3", "b4", "b5"]), "f6": "b1"}
    s = position("standard", stones, "f6")
    assert s.to_move == 0 and s.outcome() is None
    after = play(s, "f1=6")
    out = after.outcome()
    assert out.winner == 0 and set(out.cells) == {"a1", "b1", "c1", "d1", "e1", "f1"}
    assert after.legal_moves() == [] and after.is_over()
    v = after.view()
    assert {"kind": "win", "cells": list(out.cells)} in v["highlights"]
    assert v["moves"] == [] and v["outcome"]["winner"] == 0


def test_l_win_any_order_of_numbers():
    # corner a1, arm up to a4, arm right to c1: 4 + 3 - 1 = 6 cells
    stones = {"a1": "r5", "a2": "b1", "a3": "r3", "a4": "r6", "b1": "b2", "f6": "b1"}
    s = position("standard", stones, "f6")
    after = play(s, "c1=4")
    assert after.outcome().winner == 0
    assert set(after.outcome().cells) == {"a1", "a2", "a3", "a4", "b1", "c1"}


def test_two_turn_shape_does_not_count():
    # a1 b1 b2 c2 d2 e2 turns twice: numbers 1-6, Red holds five, yet no EL
    stones = {"a1": "r1", "b1": "r2", "b2": "r3", "c2": "r4", "d2": "b5", "f6": "b1", "f5": "b1", "e6": "b1"}
    s = position("standard", stones, "f6")
    after = play(s, "e2=6")
    assert after.outcome() is None and len(after.legal_moves()) == 27 * 6


def test_missing_number_is_no_el():
    stones = {**row(0, 1, ["r1", "r2", "r3", "b4", "b5"]), "f6": "b1"}
    s = position("standard", stones, "f6")
    assert play(s, "f1=5").outcome() is None  # 1 2 3 4 5 5


def test_three_three_split_never_counts():
    stones = {**row(0, 1, ["r1", "r2", "b3", "b4", "b5"]), "f6": "r1"}
    s = position("standard", stones, "e1")
    after = play(s, "f1=6")  # Red's 1 2 6 against Blue's 3 4 5
    assert after.outcome() is None
    # Red has nothing left there; Blue threatens by turning an L off the 3-3 line
    assert after.threats()[0] == frozenset()
    assert after.threats()[1] == {("a2", 6), ("b2", 1), ("e2", 6), ("f2", 1)}


def test_opponent_only_completion_wins_for_the_opponent():
    stones = {**row(0, 1, ["b1", "b2", "b3", "b4", "r5"]), "f6": "r1", "e6": "r1", "d6": "r1"}
    s = position("standard", stones, "d1")
    out = play(s, "f1=6").outcome()
    assert out.winner == 1 and "completed an EL for Blue" in out.reason
    assert set(out.cells) == {"a1", "b1", "c1", "d1", "e1", "f1"}


def test_double_completion_wins_for_the_mover():
    # f1 completes rank 1 for Red and file f (f2-f6 mostly Blue) for Blue
    stones = {**row(0, 1, ["r1", "r2", "r3", "b4", "r5"]), **col("f", 2, ["b1", "b2", "b3", "b4", "r5"])}
    s = position("standard", stones, "f5")
    assert s.to_move == 0
    out = play(s, "f1=6").outcome()
    assert out.winner == 0 and "Blue too" in out.reason
    assert "f1" in out.cells and len(out.cells) == 6
    # the cells are one of Red's ELs
    board = model_board(play(s, "f1=6"))
    assert (0, frozenset((FILES.index(c[0]), int(c[1]) - 1) for c in out.cells)) in bf_els("standard", board)


def nearly_full(last_empty="f6"):
    """A 6x6 board of 1s (no EL possible) with one empty cell; Blue to move."""
    stones = {}
    seat = 0
    for rank in range(1, 7):
        for f in "abcdef":
            cell = f"{f}{rank}"
            if cell != last_empty:
                stones[cell] = "rb"[seat] + "1"
                seat ^= 1
    return stones


@pytest.mark.parametrize("full, winner, words", [("draw", None, "Draw"), ("second-wins", 1, "second player")])
def test_full_board(full, winner, words):
    stones = nearly_full()
    s = position("standard", stones, "e6", full=full)
    assert s.to_move == 1 and len(s.legal_moves()) == 6
    out = play(s, "f6=2").outcome()
    assert out.winner == winner and words in out.reason
    assert gamut.load(play(s, "f6=2").to_text()).outcome() == out


def test_full_board_in_multiplayer_is_a_draw():
    stones = {}
    i = 0
    for rank in range(1, 9):
        for f in FILES:
            if f"{f}{rank}" != "h8":
                stones[f"{f}{rank}"] = "rbgy"[i % 4] + "1"
                i += 1
    s = position("four-player", stones, "g8")
    assert s.to_move == 3
    out = play(s, "h8=5").outcome()
    assert out.winner is None and "full" in out.reason


def test_first_two_equal():
    s = gamut.new("el", first_two_equal=True)
    s = play(s, "c3=4", "d4=2")
    assert {m.number for m in s.legal_moves()} == {4} and len(s.legal_moves()) == 34
    with pytest.raises(gamut.IllegalMoveError, match=r"first two numbers equal.*4"):
        s.parse_move("e5=5")
    with pytest.raises(gamut.IllegalMoveError, match="first two"):
        s.play(el_rules.RULES["standard"].placements[20][4])
    assert "same as the first" in str(s.why_illegal(["e5", "n5"]))
    s = play(s, "e5=4")
    assert len(s.legal_moves()) == 33 * 6  # only Red's second number is bound
    # without the option any number is fine
    assert len(play(gamut.new("el"), "c3=4", "d4=2").legal_moves()) == 34 * 6
    # a loaded position must respect it
    with pytest.raises(gamut.PositionError, match="first two"):
        position("standard", {"a1": "r1", "b1": "b1", "c1": "r2"}, "c1", first_equal=True)


# ---------------------------------------------------------------------------
# Threats


def test_threat_sets_on_built_position():
    # rank 1: Red 1 2 3, Blue 4 5, f1 empty -> Red threatens f1=6 (Blue would make 3-3)
    # file a: a1 Red 1, a2..a5 Blue 2-5, a6 empty -> Blue threatens a6=6
    stones = {
        **row(0, 1, ["r1", "r2", "r3", "b4", "b5"]),
        **col("a", 2, ["b2", "b3", "b4", "b5"]),
        "c4": "r6",
        "d4": "r6",
        "e4": "r6",
    }
    s = position("standard", stones, "a5")
    red, blue = s.threats()
    assert red == {("f1", 6), ("e2", 6)}  # the line, and the L turning up at e1
    # file a: a1 Red 1, a2..a5 Blue 2-5: a6=6 (the line), b5=6 (L a1-a5 + b5) and
    # b4=5 (L a1-a4 + b4 c4, with Red's 6 on c4); Red writing them would make Blue's EL
    assert blue == {("a6", 6), ("b5", 6), ("b4", 5)}
    assert [set(t) for t in s.threats()] == [set(t) for t in bf_threats("standard", model_board(s))]


def test_threats_with_several_numbers_in_consecutive():
    # 2 3 4 5 6 in Red on rank 1 of the 7x7 board, g1 empty: 1 or 7 completes
    stones = {**row(1, 1, ["r2", "r3", "r4", "r5", "r6"]), **row(0, 7, ["b8", "b8", "b8", "b8", "b8"])}
    s = position("consecutive", stones, "e7")
    # the line a1-f1 or b1-g1, or an L turning up at b1 or f1: 1 (1-6) or 7 (2-7)
    assert s.threats()[0] == {(c, n) for c in ("a1", "g1", "b2", "f2") for n in (1, 7)}
    assert s.threats()[1] == frozenset()
    assert [set(t) for t in s.threats()] == [set(t) for t in bf_threats("consecutive", model_board(s))]
    s2 = play(s, "g1=7")
    assert s2.outcome().winner == 0


def model_board(state):
    board = {}
    size = state.rules.size
    for c, code in enumerate(state.board):
        if code:
            board[(c % size, c // size)] = el_moves.CODE_INFO[code]
    return board


def test_view_announces_the_movers_threats():
    stones = {**row(0, 1, ["r1", "r2", "r3", "b4"]), "f6": "b1", "e6": "b6"}
    s = position("standard", stones, "e6")
    s = play(s, "e1=5")  # Red now threatens f1=6, and a2=6 / e2=6 (L's)
    v = s.view()
    assert sorted((a["cell"], a["text"], a["owner"], a["kind"]) for a in v["annotations"]) == [
        ("a2", "6", 0, "threat"),
        ("e2", "6", 0, "threat"),
        ("f1", "6", 0, "threat"),
    ]
    assert {"kind": "threat", "cells": ["f1", "a2", "e2"]} in v["highlights"]
    assert any(m.startswith("Threat!") and "f1=6" in m for m in notes(v))
    s = play(s, "a6=1")  # Blue's move: Blue has no threat, nothing announced
    assert s.view()["annotations"] == [] and not any("Threat" in m for m in notes(s.view()))


def test_four_player_threats_on_a_built_position():
    # a snake through rank 1 and rank 2 with seven numbers; Red leads
    stones = {"a1": "r1", "b1": "r2", "c1": "r3", "d1": "b4", "d2": "g5", "c2": "y6", "b2": "b7"}
    s = build("four-player", stones, 0)
    red, blue, green, yellow = s.threats()
    # the eighth cell must hold 8 and touch the snake: a2, e1, e2, c3, d3, b3
    assert red == {(c, 8) for c in ("a2", "e1", "e2", "b3", "c3", "d3")}
    assert blue == green == yellow == frozenset()
    after = play(s, "e2=8")
    assert after.outcome().winner == 0 and len(after.outcome().cells) == 8


# ---------------------------------------------------------------------------
# Declare threats


def declare_start(stones, last, prev):
    return position("standard", stones, last, declare=True, prev=prev)


def test_declared_completion_wins():
    stones = {**row(0, 1, ["r1", "r2", "r3", "b4"]), "f6": "b1", "e6": "b6"}
    s = declare_start(stones, "e6", "c1")
    s = play(s, "e1=5")
    assert s.phase == 1 and s.to_move == 0 and s.ply == 13
    assert [str(m) for m in s.legal_moves()] == [
        "declare:f1,a2,e2",
        "declare:a2,e2",
        "declare:f1,e2",
        "declare:e2",
        "declare:f1,a2",
        "declare:a2",
        "declare:f1",
        "declare:-",
    ]
    v = s.view()
    assert v["select"]["move"] == "declare" and "f1" in v["select"]["cells"]
    assert len(v["select"]["cells"]) == 36 - 7 and "e1" not in v["select"]["cells"]
    assert json.loads(json.dumps(v)) == v
    # the palette stays (the page disables it during the select step), no moves listed
    assert len(v["palette"]) == 6 and v["moves"] == [] and v["annotations"] == []
    # any empty cells may be written; only true threat cells are kept
    assert str(s.parse_move("declare a6,f1,b6")) == "declare:f1"
    assert s.parse_move("declare:a6, f1") == s.parse_move("declare f1")
    assert str(s.parse_move("declare a6")) == "declare:-"
    assert s.parse_move("declare:-") == s.parse_move("declare -")
    s = play(s, "declare f1")
    assert s.phase == 0 and s.to_move == 1
    assert s.view()["annotations"] == [{"cell": "f1", "text": "6", "owner": 0, "kind": "threat"}]
    s = play(s, "a6=1", "declare -", "f1=6")
    assert s.outcome().winner == 0 and "declared" in s.outcome().reason
    assert gamut.load(s.to_text()) == s and gamut.load(s.to_text()).outcome() == s.outcome()


def test_standing_declarations_stay_on_the_board():
    """The view keeps every standing declaration marked (both players', in
    their colours) while the game goes on; "Threat!" is said once, right after
    the declaration; a player's own true threats never show while they declare."""
    stones = {**row(0, 1, ["r1", "r2", "r3", "b4"]), "f6": "b1", "e6": "b6"}
    s = declare_start(stones, "e6", "c1")
    s = play(s, "e1=5")
    assert s.view()["annotations"] == [] and s.view()["highlights"] == []
    red_f1 = {"cell": "f1", "text": "6", "owner": 0, "kind": "threat"}
    s = play(s, "declare f1")
    assert any(m == "Threat! Red declares f1." for m in notes(s.view()))
    s = play(s, "a6=1")  # Blue places and must declare: Red's f1 still stands
    v = s.view()
    assert v["annotations"] == [red_f1]
    assert v["highlights"] == [{"kind": "threat", "cells": ["f1"]}]
    assert not any("Threat!" in m for m in notes(v))
    s = play(s, "declare -")
    assert s.view()["annotations"] == [red_f1]
    assert not any("Threat!" in m for m in notes(s.view()))
    # Red writes elsewhere: their old declaration is void until they declare again
    s = play(s, "b3=1")
    assert s.view()["annotations"] == []
    s = play(s, "declare f1,a2")
    assert [(a["cell"], a["owner"]) for a in s.view()["annotations"]] == [("f1", 0), ("a2", 0)]
    assert "Threat! Red declares f1, a2." in notes(s.view())
    # Blue fills a declared cell: it is no longer marked
    s = play(s, "a2=3")
    assert [a["cell"] for a in s.view()["annotations"]] == ["f1"]


def test_view_draws_a_plain_ruled_grid():
    for variant, size in (("standard", 6), ("eight", 8), ("consecutive", 7), ("four-player", 8)):
        board = gamut.new("el", variant).view()["board"]
        assert board["kind"] == "squares" and board["width"] == board["height"] == size
        assert len(board["cells"]) == size * size
        assert {c["shade"] for c in board["cells"]} == {2}


def test_view_turn_plies():
    assert gamut.new("el").view()["turn_plies"] == 1
    assert gamut.new("el", "three-player").view()["turn_plies"] == 1
    s = gamut.new("el", **{"declare-threats": True})
    assert s.view()["turn_plies"] == 2
    assert play(s, "c3=1").view()["turn_plies"] == 2


def test_view_counters_count_numbers_in_good_english():
    s = play(gamut.new("el", "three-player"), "a1=1", "b1=2")
    assert counters(s.view()) == [(0, "1 number"), (1, "1 number"), (2, "0 numbers")]
    s = play(s, "c1=3", "a2=4")
    said = {"id": "view.count.numbers", "args": {"n": 2}}
    assert s.view()["counters"][0] == {"owner": 0, "value": 2, "said": said}


def test_view_of_a_finished_game():
    stones = {**row(0, 1, ["r1", "r2", "r3", "b4", "b5"]), "f6": "b1"}
    s = play(position("standard", stones, "f6"), "f1=6")
    v = s.view()
    assert v["outcome"]["winner"] == 0 and v["moves"] == []
    assert v["highlights"] == [{"kind": "win", "cells": ["a1", "b1", "c1", "d1", "e1", "f1"]}]
    assert v["annotations"] == [] and v["messages"] == []  # the reason is in the outcome


def test_why_illegal_keeps_cell_names_lowercase():
    s = play(gamut.new("el"), "a1=1")
    assert str(s.why_illegal(["a1", "n2"])) == "a1 already holds Red's 1; write on an empty cell."


def test_undeclared_completion_does_not_win_and_the_game_goes_on():
    stones = {**row(0, 1, ["r1", "r2", "r3", "b4"]), "f6": "b1", "e6": "b6"}
    s = declare_start(stones, "e6", "c1")
    s = play(s, "e1=5", "declare -", "a6=1", "declare -", "f1=6")
    assert s.outcome() is None and s.phase == 1 and s.to_move == 0
    assert s.board[0 * 6 + 5]  # the 6 stays on f1
    assert any("without having declared" in m for m in notes(s.view()))
    assert gamut.load(s.to_text()) == s
    s = play(s, "declare -")
    assert s.to_move == 1 and not s.is_over()
    # the dead EL on rank 1 stays; later placements elsewhere do not revive it
    s = play(s, "b6=2", "declare -", "c6=3", "declare -")
    assert not s.is_over() and len(s.rules.all_els(s.board, s.occ)) >= 1
    assert gamut.load(s.to_text()) == s


def test_opponent_created_completion_wins_undeclared():
    # rank 1: Red 1 2 3 _ 5 _ : Blue's d1=4 creates Red's f1=6 completion
    stones = {**row(0, 1, ["r1", "r2", "r3"]), "e1": "r5", "f6": "b1", "e6": "b6", "d6": "b2"}
    s = declare_start(stones, "e1", "d6")
    assert s.to_move == 1
    s = play(s, "d1=4", "declare -")
    assert s.threats()[0] == {("f1", 6), ("a2", 6), ("e2", 6)}
    s = play(s, "f1=6")
    assert s.outcome().winner == 0 and "created" in s.outcome().reason
    assert gamut.load(s.to_text()).outcome() == s.outcome()


def test_pair_already_threatened_is_not_created_by_a_second_shape():
    # f1=6 already completed rank 1 for Red; Blue's f6 adds file f too.  The pair
    # (f1, 6) was a threat after Red's turn, so undeclared it does not win.
    stones = {
        **row(0, 1, ["r1", "r2", "r3", "b4", "r5"]),
        **col("f", 2, ["r1", "r2", "r3", "r4"]),
        "a6": "b1",
        "b6": "b1",
        "c6": "b1",
        "a5": "b1",
        "b5": "b2",
        "c5": "b3",
    }
    s = declare_start(stones, "e1", "b5")
    assert s.to_move == 1
    s = play(s, "f6=5", "declare -")
    assert ("f1", 6) in s.threats()[0]
    s2 = play(s, "f1=6")
    assert s2.outcome() is None and s2.phase == 1


def test_undeclared_own_plus_opponent_el_gives_the_opponent_the_win():
    # Red's f1=6 completes rank 1 for Red (undeclared, not created) and file f for Blue
    stones = {
        **row(0, 1, ["r1", "r2", "r3", "b4", "r5"]),
        **col("f", 2, ["b1", "b2", "b3", "b4"]),
        "a6": "r1",
        "b6": "r1",
        "a5": "r2",
        "c6": "b6",
    }
    s = declare_start(stones, "a5", "f5")
    assert s.to_move == 1
    s = play(s, "f6=5", "declare f1")
    s = play(s, "f1=6")
    assert s.outcome().winner == 1 and "not declared" in s.outcome().reason


def test_declaration_errors():
    s = play(gamut.new("el", declare_threats=True), "c3=4")
    for text, words in [
        ("d4=5", "declare threats"),
        ("declare z9", "not a cell"),
        ("declare c3", "not empty"),
        ("declare", "declare:c4,d5"),
        ("declare a1,,b2", "declare:c4,d5"),
    ]:
        with pytest.raises(gamut.IllegalMoveError, match=words):
            s.parse_move(text)
    s = play(s, "declare -")
    with pytest.raises(gamut.IllegalMoveError, match="place a number first"):
        s.parse_move("declare -")
    with pytest.raises(gamut.IllegalMoveError, match="automatically"):
        gamut.new("el").parse_move("declare -")


def test_declare_perft_and_ply():
    s = gamut.new("el", declare_threats=True)
    assert [gamut.perft(s, d) for d in (1, 2, 3)] == [216, 216, 45360]
    s = play(s, "a1=1")
    assert s.ply == 1 and s.to_move == 0
    s = play(s, "declare -")
    assert s.ply == 2 and s.to_move == 1


# ---------------------------------------------------------------------------
# Three and four players


def test_three_player_plurality_and_ties():
    # Green completes rank 1 with f1=6: Red 3, Green 2, Blue 1 -> Red's EL
    s = build("three-player", row(0, 1, ["r1", "r2", "r3", "b4", "g5"]), 2)
    out = play(s, "f1=6").outcome()
    assert out.winner == 0 and "for Red" in out.reason
    assert set(out.cells) == {"a1", "b1", "c1", "d1", "e1", "f1"}
    # 2-2-2 is no EL
    s = build("three-player", row(0, 1, ["r1", "r2", "b3", "b4", "g5"]), 2)
    assert play(s, "f1=6").outcome() is None
    # 3-3-0 is no EL
    s = build("three-player", row(0, 1, ["r1", "r2", "r3", "g4", "g5"]), 2)
    assert play(s, "f1=6").outcome() is None
    # 4-1-1 made by the mover
    s = build("three-player", row(0, 1, ["g1", "g2", "g3", "b4", "r5"]), 2)
    assert play(s, "f1=6").outcome().winner == 2


def test_multiplayer_completion_for_several_goes_to_the_first_after_the_mover():
    # f1=6 completes rank 1 (mostly Blue) and file f (mostly Red)
    stones = {**row(0, 1, ["b1", "b2", "b3", "r4", "g5"]), **col("f", 2, ["r1", "r2", "r3", "b4", "g5"])}
    # Green writes it: after Green (seat 2) comes Red (seat 0), then Blue
    out = play(build("three-player", stones, 2), "f1=6").outcome()
    assert out.winner == 0 and "Green's f1=6 completed an EL for Red" in out.reason
    assert "f1" in out.cells and len(out.cells) == 6
    # Red writes it: Red is among them and wins
    assert play(build("three-player", stones, 0), "f1=6").outcome().winner == 0
    # Blue writes it: Blue is among them and wins
    assert play(build("three-player", stones, 1), "f1=6").outcome().winner == 1
    # Four players: Yellow completes ELs for Blue and Green -> Blue comes first
    stones = {
        **row(0, 1, ["b1", "b2", "b3", "r4", "g5", "y6", "b7"]),
        **col("h", 2, ["g1", "g2", "g3", "r4", "b5", "y6", "g7"]),
    }
    out = play(build("four-player", stones, 3), "h1=8").outcome()
    assert out.winner == 1
    # ... and Red completing them for Blue and Green: Blue again (seat 1 after 0)
    out = play(build("four-player", stones, 0), "h1=8").outcome()
    assert out.winner == 1
    # Green completing both: Green is among them
    assert play(build("four-player", stones, 2), "h1=8").outcome().winner == 2


def test_four_player_plurality_and_ties():
    # a U of three turns: a1 b1 c1 c2 c3 b3 a3, closed by a4 = 8
    shape = ["a1", "b1", "c1", "c2", "c3", "b3", "a3"]

    def stones(owners):
        return {cell: f"{o}{i + 1}" for i, (cell, o) in enumerate(zip(shape, owners))}

    s = build("four-player", stones("rrbbggy"), 0)  # Red 3, Blue 2, Green 2, Yellow 1
    out = play(s, "a4=8").outcome()
    assert out.winner == 0 and set(out.cells) == set(shape) | {"a4"}
    s = build("four-player", stones("rbbggyy"), 0)  # 2-2-2-2
    assert play(s, "a4=8").outcome() is None
    s = build("four-player", stones("rrbbbgy"), 0)  # 3-3-1-1
    assert play(s, "a4=8").outcome() is None
    s = build("four-player", stones("rrbbbgy"), 1)  # Blue 4 of 8
    assert play(s, "a4=8").outcome().winner == 1
    # a repeated number spoils any set containing both copies
    s = build("four-player", {**stones("rrrbbgy"), "a2": "r2"}, 0)
    after = play(s, "a4=8")
    assert after.outcome().winner == 0  # a1 b1 c1 c2 c3 b3 a3 a4 still holds 1-8


# ---------------------------------------------------------------------------
# Codecs and errors


def test_text_round_trip_and_rejections():
    s = play(gamut.new("el", "eight"), "c3=4", "h8=8", "a1=1")
    text = s.to_text()
    assert text.endswith(" b last=a1")
    assert gamut.load(text) == s and gamut.load(text).to_text() == text
    h = header()
    bad = [
        f"{h} ....../....../....../....../...... r",  # 5 ranks
        f"{h} ....../....../....../....../....../.....x r",  # bad char
        f"{h} ....../....../....../....../....../r7..... b last=a1",  # number 7
        f"{h} ....../....../....../....../....../r1r1.... b last=b1",  # counts
        f"{h} ....../....../....../....../....../r1..... r last=a1",  # wrong seat letter
        f"{h} ....../....../....../....../....../r1b1.... r last=a1",  # last is Red's
        f"{h} ....../....../....../....../....../r1..... b",  # last missing
        f"{h} ....../....../....../....../....../...... r last=a1",  # empty board
        f"{h} ....../....../....../....../....../r1..... b phase=declare last=a1",
        f"{h} ....../....../....../....../....../r1..... b last=a1 declared=-;-",
        f"{h} ....../....../....../....../....../g1..... b last=a1",  # no Green here
        # an EL not through the last placement: the game would have ended
        f"{h} ....../....../....../b1b1b1b1b1b1/....../r1r2r3r4b5r6 r last=a3",
        f"{h} ......./....../....../....../....../...... r",  # 7 cells
    ]
    for text in bad:
        with pytest.raises(gamut.PositionError):
            gamut.load(text)
    dh = header(declare=True)
    for text in [
        f"{dh} ....../....../....../....../....../r1..... b last=a1",  # declared missing
        f"{dh} ....../....../....../....../....../r1..... r phase=declare last=a1 declared=a2;-",
        f"{dh} ....../....../....../....../....../r1b1.... r last=a1,b1 declared=c3;-",
    ]:
        with pytest.raises(gamut.PositionError):
            gamut.load(text)


def test_move_errors_say_why():
    s = play(gamut.new("el"), "c3=4")
    for text, words in [
        ("c3=5", "already holds Red's 4"),
        ("g1=1", "a1 to f6"),
        ("c4=7", "1 to 6"),
        ("c4", "like c4=5"),
        ("=5", "like c4=5"),
        ("c4=0", "1 to 6"),
        ("c4=x", "1 to 6"),
    ]:
        with pytest.raises(gamut.IllegalMoveError, match=words):
            s.parse_move(text)
    with pytest.raises(gamut.IllegalMoveError):
        s.parse_move(None)
    assert s.parse_move(" C4 = 5 ") == s.parse_move("c4=5")
    assert "already holds" in str(s.why_illegal(["c3", "n5"]))
    assert "number" in str(s.why_illegal(["c4"]))
    assert "cell" in str(s.why_illegal(["n5"]))
    assert "Click" in str(s.why_illegal(["zz"]))
    over = play(position("standard", {**row(0, 1, ["r1", "r2", "r3", "b4", "b5"]), "f6": "b1"}, "f6"), "f1=6")
    with pytest.raises(gamut.IllegalMoveError, match="over"):
        over.parse_move("a2=1")
    assert "over" in str(over.why_illegal(["a2", "n1"]))
    with pytest.raises(gamut.IllegalMoveError):
        over.play(el_rules.RULES["standard"].placements[7][0])
    with pytest.raises(gamut.IllegalMoveError):
        s.play(el_rules.RULES["standard"].placements[14][0])  # c3 is taken
    for junk in (
        "c4=5",
        None,
        3.5,
        el_rules.RULES["eight"].placements[3][0],
        -1,
        el_moves.declaration(6, 1 << 20),
    ):
        with pytest.raises(gamut.IllegalMoveError):
            s.play(junk)


def test_view_is_json_and_moves_parse_back():
    for variant in VARIANTS:
        s = gamut.new("el", variant)
        s = play(s, *(str(m) for m in s.legal_moves()[::97][:3]))
        v = json.loads(json.dumps(s.view()))
        assert v["click_order"] == "any" and len(v["players"]) == VARIANTS[variant][5]
        assert [p["color"] for p in v["players"]] == ["red", "blue", "green", "yellow"][: len(v["players"])]
        assert len(v["palette"]) == VARIANTS[variant][1]
        assert v["board"]["width"] == VARIANTS[variant][0]
        assert all("label" in p and "owner" in p for p in v["pieces"]) and len(v["pieces"]) == 3
        assert len(v["moves"]) == len(s.legal_moves())
        for mv in v["moves"]:
            assert s.parse_move(mv["text"]) in s.legal_moves()
            cell, num = mv["clicks"]
            assert mv["text"] == f"{cell}={num[1:]}"
        assert v["last_move"] and v["ply"] == 3


# ---------------------------------------------------------------------------
# Perft

START_PERFT = {
    ("standard", ()): [216, 45_360],
    ("eight", ()): [512, 258_048],
    ("consecutive", ()): [392, 150_528],
    ("three-player", ()): [384, 145_152],
    ("four-player", ()): [512, 258_048],
    ("standard", ("first_two_equal",)): [216, 45_360, 1_542_240],
}


@pytest.mark.parametrize("variant, opts", list(START_PERFT))
def test_perft_from_the_start(variant, opts):
    s = gamut.new("el", variant, **{o: True for o in opts})
    size, numbers = VARIANTS[variant][:2]
    cells = size * size
    counts = [gamut.perft(s, d) for d in range(1, len(START_PERFT[variant, opts]) + 1)]
    assert counts == START_PERFT[variant, opts]
    # closed form: no game can end this early
    assert counts[:2] == [cells * numbers, cells * numbers * (cells - 1) * numbers]
    if opts:
        assert counts[2] == cells * numbers * (cells - 1) * numbers * (cells - 2)


def model_for(state):
    o = state.options
    return Model(
        state.variant,
        declare=o.get("declare-threats", False),
        full=o.get("full-board", "draw"),
        first_equal=o.get("first-two-equal", False),
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    "variant, seed, empties, depth, opts, expected",
    [
        ("standard", 3, 5, 3, {}, 10_296),  # 30 * 24 * 18 = 12,960 without wins
        ("standard", 8, 4, 3, {"full_board": "second-wins"}, 4_440),
        ("consecutive", 5, 7, 2, {}, 2_496),
        ("eight", 2, 6, 2, {}, 1_840),
        ("three-player", 4, 6, 2, {}, 990),
        ("four-player", 6, 6, 2, {}, 1_080),
        ("standard", 11, 5, 3, {"declare_threats": True}, 2_424),
    ],
)
def test_perft_midgame_matches_brute_force(variant, seed, empties, depth, opts, expected):
    """Positions near the end of random games, where many branches end in a
    win: the engine's perft equals the brute-force model's and the recorded
    count."""
    rng = random.Random(seed)
    while True:
        s = gamut.new("el", variant, **opts)
        texts = []
        while (len(s.rules.name_of) - s.occ.bit_count() > empties or s.phase) and not s.is_over():
            m = rng.choice(s.legal_moves())
            texts.append(str(m))
            s = s.play(m)
        if not s.is_over() and not s.phase:
            break
    model = model_for(s)
    for t in texts:
        model.play(t)
    fast = gamut.perft(s, depth)
    assert fast == bf_perft(model, depth)
    print(variant, opts, s.to_text(), fast)
    assert expected is None or fast == expected


# ---------------------------------------------------------------------------
# Property tests on random playouts

CONFIGS = [
    ("standard", {}),
    ("eight", {}),
    ("consecutive", {}),
    ("three-player", {}),
    ("four-player", {}),
    ("standard", {"declare_threats": True}),
    ("consecutive", {"declare_threats": True, "full_board": "second-wins"}),
    ("standard", {"first_two_equal": True}),
]


def biased_choice(rng, state):
    """A random legal move, biased towards completing ELs so that games end
    in wins of every kind instead of running to a full board."""
    moves = state.legal_moves()
    if state.phase or rng.random() < 0.3:
        return rng.choice(moves)
    pairs = state._threat_pairs()
    wanted = [(c, n) for seat in pairs for c, n in seat]
    if wanted and rng.random() < 0.5:
        c, n = rng.choice(wanted)
        for m in moves:
            if m.cell == c and m.number == n:
                return m
    # else prefer cells next to filled ones, to build shapes
    near = [m for m in moves if state.rules.nbr[m.cell] & state.occ]
    return rng.choice(near or moves)


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_random_playouts_agree_with_brute_force(config, seed):
    variant, opts = config
    rng = random.Random(seed)
    s = gamut.new("el", variant, **opts)
    model = model_for(s)
    states, texts = [s], []
    check_threats = variant != "four-player"
    while not s.is_over():
        legal = s.legal_moves()
        assert legal and sorted(map(canon, legal)) == sorted(map(canon, model.legal()))
        for m in legal:
            assert s.parse_move(s.move_text(m)) == m
        if check_threats and not s.phase and rng.random() < 0.25:
            assert [set(t) for t in s.threats()] == [set(t) for t in bf_threats(variant, model.board)]
        m = biased_choice(rng, s)
        before = (s.to_text(), s.key(), s.zobrist())
        nxt = s.play(m)
        assert (s.to_text(), s.key(), s.zobrist()) == before  # original unchanged
        texts.append(s.move_text(m))
        model.play(texts[-1])
        s = nxt
        states.append(s)
        assert s.is_over() == bool(model.over)
        if s.is_over():
            assert s.outcome().winner == model.winner
            assert s.legal_moves() == []
            if s.outcome().cells:  # the outlined cells are an EL of the winner
                cells = frozenset((FILES.index(c[0]), int(c[1:]) - 1) for c in s.outcome().cells)
                assert (s.outcome().winner, cells) in bf_all_els(variant, model.board)
        assert s.to_move == model.turn or s.is_over()


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(["standard", "consecutive"]))
def test_declare_mode_playouts_with_random_declarations(seed, variant):
    """Random under- and over-declaring: the engine agrees with the model,
    including the created-by-the-opponent exception."""
    rng = random.Random(seed)
    s = gamut.new("el", variant, declare_threats=True)
    model = model_for(s)
    while not s.is_over():
        if s.phase:
            empties = [n for c, n in enumerate(s.rules.name_of) if not s.occ >> c & 1]
            chosen = rng.sample(empties, min(len(empties), rng.randrange(4)))
            threat = sorted({s.rules.name_of[c] for c, _ in s._threat_pairs()[s.to_move]})
            if threat and rng.random() < 0.5:
                chosen += threat[: rng.randrange(len(threat) + 1)]
            text = "declare " + (",".join(chosen) or "-")
            m = s.parse_move(text)
            assert m in s.legal_moves()
            kept = set(str(m)[len("declare:") :].split(",")) - {"-"}
            assert kept == set(chosen) & set(threat)
            model.play(str(m))
        else:
            m = biased_choice(rng, s)
            model.play(str(m))
        s = s.play(m)
        assert s.is_over() == bool(model.over)
        back = gamut.load(s.to_text())
        assert back == s and back.zobrist() == s.zobrist() and back.outcome() == s.outcome()
    assert s.outcome().winner == model.winner


def test_zobrist_is_incremental_and_covers_phase_and_declarations():
    s = gamut.new("el", declare_threats=True)
    seen = {s.zobrist()}
    stones = {**row(0, 1, ["r1", "r2", "r3", "b4"]), "f6": "b1", "e6": "b6"}
    s = declare_start(stones, "e6", "c1")
    s1 = play(s, "e1=5")
    a, b = play(s1, "declare f1"), play(s1, "declare -")
    assert len({s.zobrist(), s1.zobrist(), a.zobrist(), b.zobrist()} | seen) == 5
    for state in (s1, a, b):
        fresh = gamut.load(state.to_text())
        assert fresh.zobrist() == state.zobrist() and fresh.key() == state.key()
    # transpositions meet in the default game
    t = gamut.new("el")
    x = play(t, "a1=1", "b2=2", "c3=3", "d4=4")
    y = play(t, "c3=3", "d4=4", "a1=1", "b2=2")
    assert x == y and x.zobrist() == y.zobrist() and hash(x) == hash(y)


def test_four_player_whole_board_enumeration_matches_brute_force():
    """``all_els`` (used to validate loaded positions) against the union of
    the brute-force connected sets grown from every filled cell."""
    rng = random.Random(44)
    rules = el_rules.RULES["four-player"]
    checked = 0
    while checked < 3:
        s = gamut.new("el", "four-player")
        stop = rng.randrange(30, 50)
        while not s.is_over() and s.occ.bit_count() < stop:
            s = s.play(rng.choice(s.legal_moves()))
        board = model_board(s)
        expected = set()
        for cell in board:
            expected |= {(w, cells) for w, cells in bf_els("four-player", board, cell)}
        got = {
            (w, frozenset((c % 8, c // 8) for c in grid.iter_bits(m)))
            for w, m in rules.all_els(s.board, s.occ)
        }
        assert got == expected
        checked += bool(expected)


def test_record_of_a_declare_game_replays_to_the_same_result():
    stones = {**row(0, 1, ["r1", "r2", "r3", "b4"]), "f6": "b1", "e6": "b6"}
    start = declare_start(stones, "e6", "c1")
    moves = ["e1=5", "declare f1,e2", "a6=1", "declare -", "e2=6"]
    states = replay(start, moves)
    record = records.Record.of(start, [(i, move, "") for i, move in enumerate(moves)])
    again = records.parse_one(records.format(record))
    final = replay(again.start_state(), again.main_line())[-1]
    assert final == states[-1] and final.outcome().winner == 0 and again.result == "1-0"
    with pytest.raises(gamut.RecordError, match="move 2"):
        replay(start, ["e1=5", "f1=6"])


# -- the computer's shape analysis, kept incrementally ------------------------------


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["standard", "eight", "consecutive"]), st.booleans(), st.integers(0, 2**32))
def test_incremental_analysis_equals_a_fresh_one(variant, declare, seed):
    # Every position of a random game, analysed by updating its parent's
    # analysis (what the search does), against the same position loaded
    # from its text and analysed from scratch.
    from gamut.games.el import evaluation as el_eval

    rng = random.Random(seed)
    s = gamut.new("el", variant, **{"declare-threats": declare})
    el_eval.analysis(s)
    while s.outcome() is None:
        s = s.play(rng.choice(s.legal_moves()))
        fresh = gamut.load(s.to_text())
        assert fresh._analysis is None and fresh._analysis_base is None
        a, b = el_eval.analysis(s), el_eval.Analysis.full(fresh)
        assert (a.s0, a.s1, a.par, a.threat_shapes, a.records) == (
            b.s0,
            b.s1,
            b.par,
            b.threat_shapes,
            b.records,
        )
        assert el_eval.evaluate(s) == el_eval.evaluate(fresh)
        if not s.phase:
            assert a.lanes(s.to_move, s.rules.cells) == b.lanes(s.to_move, s.rules.cells)
        # the threats it finds are the rules' own
        found = a.threats()
        for seat in (0, 1):
            assert {(s.rules.name_of[c], n) for c, ns in found[seat].items() for n in ns} == set(
                s.threats()[seat]
            )


@pytest.mark.parametrize("variant", ["standard", "consecutive"])
def test_fork_counts_and_lanes_match_their_definitions(variant):
    # The search's shortcuts (both seats' forks in one pass, the lanes kept
    # from the parent's, the records found by key) against the plain
    # definitions, on every position of random games.
    from gamut.games.el import evaluation as el_eval

    rng = random.Random(32)
    for _ in range(6):
        s = gamut.new("el", variant)
        el_eval.analysis(s).lanes(0, s.rules.cells)
        while s.outcome() is None:
            s = s.play(rng.choice(s.legal_moves()))
            a = el_eval.analysis(s)
            for seat in (0, 1):
                made: dict = {}
                for found in a.potential_shapes.values():
                    for p, c, n, t in found:
                        if p == seat and not s.board[t]:
                            made.setdefault((c, n), set()).add(t)
                assert a.fork_counts(s.board)[seat] == len([ts for ts in made.values() if len(ts) >= 2])
                lanes = [0] * s.rules.cells
                for rec in a.records:
                    if rec is not None:
                        for c in rec[4]:
                            lanes[c] += (2 * rec[seat] + rec[1 - seat]) * rec[3]
                assert a.lanes(seat, s.rules.cells) == lanes
