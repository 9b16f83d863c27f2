"""EVL: the board table and its drawing, every rule of docs/RULES.md (EVL) on positions
built for it, property tests on random playouts, and perft cross-checked by an
independent brute-force implementation written below from the rulings alone
(it shares no code or tables with the engine)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from viewtext import counters, label, notes

import gamut
from gamut import IllegalMoveError, PositionError
from gamut.core import perft
from gamut.games.evl import board as evl_tables
from gamut.games.evl import geometry as evl_board
from gamut.games.evl import state as evl_state

HEADER = "evl standard pieces=20,markers=10"
ROWS = "abcd"


def pos(
    rows: str, bands: str = "6/6/6", side: str = "b", pieces: int = 20, markers: int = 10
) -> evl_state.EvlState:
    return gamut.load(f"evl standard pieces={pieces},markers={markers} {rows} {bands} {side}")


def texts(state) -> set:
    return {str(m) for m in state.legal_moves()}


def play(state, *moves):
    for text in moves:
        state = state.play(state.parse_move(text))
    return state


# ===========================================================================
# The brute-force reference: straight from docs/RULES.md (EVL), slow and simple.
# A state is (stacks: dict name -> tuple of seats bottom..top, markers: dict
# pentagon -> seat, to_move, hands: (b, w), markers per player).

BF_HEPTAGONS = [f"{r}{c}" for r in ROWS for c in range(1, 8)]
BF_PENTAGONS = [f"{ROWS[b]}{ROWS[b + 1]}{j}" for b in range(3) for j in range(1, 7)]


def bf_touch(x: str, y: str) -> bool:
    rx, cx, ry, cy = ROWS.index(x[0]), int(x[1]), ROWS.index(y[0]), int(y[1])
    if rx == ry:
        return abs(cx - cy) == 1
    if abs(rx - ry) == 1 and cx == cy:
        band = min(rx, ry)
        return cx in (2, 4, 6) if band == 1 else cx in (1, 3, 5, 7)
    return False


BF_NEIGHBOURS = {x: [y for y in BF_HEPTAGONS if bf_touch(x, y)] for x in BF_HEPTAGONS}


def bf_around(p: str) -> list:
    x, y, j = p[0], p[1], int(p[2])
    return [f"{x}{j}", f"{x}{j + 1}", f"{y}{j}", f"{y}{j + 1}"]


def bf_from_engine(s):
    stacks = {name: tuple(s.stack(name)) for name in BF_HEPTAGONS}
    marks = {p: s.marker(p) for p in BF_PENTAGONS if s.marker(p) is not None}
    return (stacks, marks, s.to_move, tuple(s.hands), s.options["markers"])


def bf_paths(origin, height):
    out = []

    def walk(path):
        if len(path) > 1:
            out.append(tuple(path))
        if len(path) == height + 1:
            return
        for c in BF_NEIGHBOURS[path[-1]]:
            if c not in path:
                walk(path + [c])

    walk([origin])
    return out


def bf_apply(stacks, path):
    stacks = dict(stacks)
    carried = list(stacks[path[0]])
    stacks[path[0]] = ()
    for cell in path[1:-1]:
        stacks[cell] = stacks[cell] + (carried.pop(0),)
    stacks[path[-1]] = stacks[path[-1]] + tuple(carried)
    return stacks


def bf_over(state):
    stacks, marks, to_move, hands, m = state
    return any(list(marks.values()).count(seat) >= m for seat in (0, 1))


def bf_moves(state):
    """Legal moves as tuples of cell names."""
    stacks, marks, seat, hands, m = state
    if bf_over(state):
        return []
    moves = []
    if hands[seat] > 0:
        for c in BF_HEPTAGONS:
            st_ = stacks[c]
            if not st_ or (st_[-1] == seat and len(st_) < 4):
                moves.append((c,))
    for c in BF_HEPTAGONS:
        st_ = stacks[c]
        if len(st_) >= 2 and st_[-1] == seat:
            for path in bf_paths(c, len(st_)):
                after = bf_apply(stacks, path)
                if all(len(after[x]) <= 4 for x in path):  # only the path changed
                    moves.append(path)
    return moves


def bf_play(state, move):
    stacks, marks, seat, hands, m = state
    marks = dict(marks)
    if len(move) == 1:
        stacks = dict(stacks)
        stacks[move[0]] = stacks[move[0]] + (seat,)
        hands = (hands[0] - 1, hands[1]) if seat == 0 else (hands[0], hands[1] - 1)
        return (stacks, marks, seat ^ 1, hands, m)
    stacks = bf_apply(stacks, move)
    received = set(move[1:])

    def mine(c):
        return stacks[c] and stacks[c][-1] == seat

    for p in BF_PENTAGONS:
        cells = bf_around(p)
        surrounded = any(
            mine(x) and mine(y) and (x in received or y in received)
            for i, x in enumerate(cells)
            for y in cells[i + 1 :]
            if not bf_touch(x, y)
        )
        if surrounded and marks.get(p) != seat and list(marks.values()).count(seat) < m:
            marks[p] = seat
    return (stacks, marks, seat ^ 1, hands, m)


def bf_perft(state, depth):
    if depth == 0:
        return 1
    moves = bf_moves(state)
    if depth == 1:
        return len(moves)
    return sum(bf_perft(bf_play(state, mv), depth - 1) for mv in moves)


def bf_outcome(state):
    """(winner or None) when over, else 'on'."""
    stacks, marks, seat, hands, m = state
    counts = [list(marks.values()).count(s) for s in (0, 1)]
    for s in (0, 1):
        if counts[s] >= m:
            return s
    if bf_moves(state):
        return "on"
    return None if counts[0] == counts[1] else (0 if counts[0] > counts[1] else 1)


# ===========================================================================
# The board table against docs/RULES.md (EVL)


def test_cell_names_follow_the_rulings():
    assert tuple(BF_HEPTAGONS) == evl_board.HEPTAGONS
    assert tuple(BF_PENTAGONS) == evl_board.PENTAGONS
    assert len(set(evl_board.HEPTAGONS)) == 28 and len(set(evl_board.PENTAGONS)) == 18


def test_contacts_follow_the_rulings():
    table = {frozenset(p) for p in evl_board.HEPTAGON_CONTACTS}
    assert len(table) == len(evl_board.HEPTAGON_CONTACTS)
    derived = {frozenset((x, y)) for x in BF_HEPTAGONS for y in BF_HEPTAGONS if x < y and bf_touch(x, y)}
    assert table == derived
    assert len(table) == 24 + 4 + 3 + 4
    for p in BF_PENTAGONS:
        assert list(evl_board.PENTAGON_HEPTAGONS[p]) == bf_around(p)
    # Pentagons touch where the heptagons of the column between them do not.
    derived_pp = set()
    for b in range(3):
        for j in range(1, 6):
            x, y = ROWS[b], ROWS[b + 1]
            if not bf_touch(f"{x}{j + 1}", f"{y}{j + 1}"):
                derived_pp.add(frozenset((f"{x}{y}{j}", f"{x}{y}{j + 1}")))
    assert {frozenset(p) for p in evl_board.PENTAGON_CONTACTS} == derived_pp
    assert len(derived_pp) == 8


def test_engine_tables_match_the_board_table():
    for c, name in enumerate(evl_tables.HEPTAGONS):
        assert {evl_tables.HEPTAGONS[n] for n in evl_tables.NEIGHBOURS[c]} == {
            x for x in BF_HEPTAGONS if bf_touch(name, x)
        }
    for p, name in enumerate(evl_tables.PENTAGONS):
        cells = bf_around(name)
        pairs = {frozenset((x, y)) for i, x in enumerate(cells) for y in cells[i + 1 :] if not bf_touch(x, y)}
        assert len(pairs) == 3  # every pentagon has three non-adjacent pairs
        assert {
            frozenset(evl_tables.HEPTAGONS[c] for c in pr) for pr in evl_tables.SURROUND_PAIRS[p]
        } == pairs


def test_heptagon_graph_girth_is_six():
    # The shortest cycle of touching heptagons has 6 steps, so a path of at
    # most 4 steps can revisit a heptagon only by stepping straight back.
    best = None
    for start in BF_HEPTAGONS:
        dist, parent, queue = {start: 0}, {start: None}, [start]
        for x in queue:
            for y in BF_NEIGHBOURS[x]:
                if y not in dist:
                    dist[y], parent[y] = dist[x] + 1, x
                    queue.append(y)
                elif parent[x] != y:
                    cycle = dist[x] + dist[y] + 1
                    best = cycle if best is None else min(best, cycle)
    assert best == 6


def _edges(points):
    return [(tuple(points[i]), tuple(points[(i + 1) % len(points)])) for i in range(len(points))]


def _area2(points):
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in _edges(points))


def _cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def test_polygons_have_the_right_side_counts_and_are_convex():
    polys = evl_board.POLYGONS
    assert set(polys) == set(BF_HEPTAGONS) | set(BF_PENTAGONS)
    for name, pts in polys.items():
        assert len(pts) == (7 if name in BF_HEPTAGONS else 5), name
        assert len(set(pts)) == len(pts), name
        assert _area2(pts) > 0, f"{name} is not clockwise on screen"
        n = len(pts)
        for i in range(n):  # strictly convex: every turn the same way, no straight angle
            assert _cross(pts[i - 1], pts[i], pts[(i + 1) % n]) > 0, (name, pts[i])
        for x, y in pts:
            assert 0 <= x <= evl_board.WIDTH and 0 <= y <= evl_board.HEIGHT


def _neighbours_by_rulings():
    pairs = {frozenset(p) for p in evl_board.HEPTAGON_CONTACTS}
    pairs |= {frozenset(p) for p in evl_board.PENTAGON_CONTACTS}
    for p in BF_PENTAGONS:
        pairs |= {frozenset((p, h)) for h in bf_around(p)}
    return pairs


def test_neighbours_share_an_edge_and_nothing_else_does():
    polys = evl_board.POLYGONS
    owner = {}
    for name, pts in polys.items():
        for e in _edges(pts):
            assert e not in owner, f"edge {e} listed twice in the same direction"
            owner[e] = name
    sharing = set()
    outline_edges = set()
    for (a, b), name in owner.items():
        other = owner.get((b, a))
        if other is None:
            outline_edges.add((a, b))
        else:
            sharing.add(frozenset((name, other)))
    assert sharing == _neighbours_by_rulings()
    # The unmatched edges are exactly the outline.
    assert outline_edges == set(_edges(evl_board.OUTLINE))
    # No vertex of one polygon lies on another's edge or inside it (no T-joints).
    all_points = {p for pts in polys.values() for p in pts}
    for name, pts in polys.items():
        for q in all_points - set(pts):
            inside = all(_cross(a, b, q) > 0 for a, b in _edges(pts))
            on_edge = any(
                _cross(a, b, q) == 0
                and min(a[0], b[0]) <= q[0] <= max(a[0], b[0])
                and min(a[1], b[1]) <= q[1] <= max(a[1], b[1])
                for a, b in _edges(pts)
            )
            assert not inside and not on_edge, (name, q)


def test_polygons_tile_the_outline():
    total = sum(_area2(pts) for pts in evl_board.POLYGONS.values())
    outline = evl_board.OUTLINE
    assert _area2(outline) > 0
    assert total == _area2(outline)
    # The outline is a simple polygon: no two non-consecutive edges meet.
    edges = _edges(outline)
    n = len(edges)
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            (p1, p2), (q1, q2) = edges[i], edges[j]
            d1, d2 = _cross(q1, q2, p1), _cross(q1, q2, p2)
            d3, d4 = _cross(p1, p2, q1), _cross(p1, p2, q2)
            assert not (d1 * d2 < 0 and d3 * d4 < 0), (edges[i], edges[j])
            assert p1 not in (q1, q2) and p2 not in (q1, q2)


def test_inner_heptagons_have_seven_neighbours_and_pentagons_five_sides():
    pairs = _neighbours_by_rulings()

    def degree(name):
        return sum(1 for pr in pairs if name in pr)

    for row in "bc":
        for col in range(2, 7):
            assert degree(f"{row}{col}") == 7
    outline_points = set(evl_board.OUTLINE)
    for p in BF_PENTAGONS:
        on_edge = sum(
            1 for a, b in _edges(evl_board.POLYGONS[p]) if a in outline_points and b in outline_points
        )
        assert degree(p) + on_edge == 5, p
        assert on_edge == (1 if p in ("bc1", "bc6") else 0)


def test_board_view_matches_the_table():
    view = gamut.new("evl").view()
    board = view["board"]
    assert board["kind"] == "polygons"
    assert (board["width"], board["height"]) == (evl_board.WIDTH, evl_board.HEIGHT)
    assert [c["id"] for c in board["cells"]] == BF_HEPTAGONS + BF_PENTAGONS
    for cell in board["cells"]:
        assert cell["shape"] == ("heptagon" if cell["id"] in BF_HEPTAGONS else "pentagon")
        pts = cell["points"]
        assert [tuple(p) for p in pts] == list(evl_board.POLYGONS[cell["id"]])
        # The centre lies inside the (convex) polygon.
        assert all(_cross(a, b, (cell["x"], cell["y"])) > 0 for a, b in _edges(pts))


# ===========================================================================
# Options, start, notation


def test_start_and_options():
    s = gamut.new("evl")
    assert s.to_text() == f"{HEADER} 7/7/7/7 6/6/6 b"
    assert s.hands == (20, 20) and s.to_move == 0 and s.outcome() is None
    for pieces in (16, 20, 24):
        for markers in (10, 12):
            t = gamut.new("evl", pieces=pieces, markers=markers)
            assert t.hands == (pieces, pieces)
            assert f"pieces={pieces},markers={markers}" in t.to_text()
            assert gamut.load(t.to_text()) == t
    with pytest.raises(gamut.OptionError):
        gamut.new("evl", pieces=18)
    with pytest.raises(gamut.OptionError):
        gamut.new("evl", markers=11)
    info = gamut.GAMES["evl"]
    assert [v.id for v in info.variants] == ["standard"]
    assert [o.name for o in info.options] == ["pieces", "markers"]


def test_notation_round_trip_and_moves_are_values():
    s = play(gamut.new("evl"), "b3", "b4", "b3", "a1")
    m = s.parse_move("b3-b2")
    assert str(m) == "b3-b2" and s.move_text(m) == "b3-b2"
    assert m == s.parse_move(" B3-B2 ") == s.parse_move("b3 - b2")
    assert hash(m) == hash(s.parse_move("b3-b2")) and m is s.parse_move("b3-b2")
    assert m in s.legal_moves() and not m.is_placement
    assert s.parse_move("a2").is_placement and str(s.parse_move("a2")) == "a2"
    assert repr(m) == "evl.Move('b3-b2')"


# Texts that are no move, by the words the error must hold.
UNREADABLE = {
    "cannot read": ["", "z9", "b3-", "b3--b4", "b8", "e1", "b3 b4"],
    "pentagon": ["ab1", "b3-bc3"],
}


@pytest.mark.parametrize(
    "text, words", [(text, words) for words, texts in UNREADABLE.items() for text in texts]
)
def test_unreadable_moves(text, words):
    with pytest.raises(IllegalMoveError, match=words):
        gamut.new("evl").parse_move(text)


def test_non_text_move_is_rejected():
    with pytest.raises(IllegalMoveError):
        gamut.new("evl").parse_move(3)


# ===========================================================================
# Placement


def test_placing_on_empty_and_on_own_stacks():
    s = pos("7/2b(wb)(bbb)2/7/7", side="b")
    legal = texts(s)
    assert {"b3", "b4", "b5"} <= legal  # own single, own-topped (wb), own (bbb)
    assert s.parse_move("b3").is_placement
    t = play(s, "b4")
    assert t.stack("b4") == [1, 0, 0] and t.hands == (s.hands[0] - 1, s.hands[1])
    t = play(s, "b5")
    assert t.stack("b5") == [0, 0, 0, 0]
    # Placements count: every empty heptagon (24) plus the three own stacks.
    assert sum(1 for m in s.legal_moves() if m.is_placement) == 25 + 3


def test_no_placement_on_an_enemy_stack():
    s = pos("7/2w(bw)3/7/7", side="b")
    for cell in ("b3", "b4"):
        assert cell not in texts(s)
        with pytest.raises(IllegalMoveError, match="controlled by White"):
            s.parse_move(cell)


def test_no_placement_above_four():
    s = pos("7/2(bbbb)(wwwb)3/7/7", side="b")
    for cell in ("b3", "b4"):
        assert cell not in texts(s)
        with pytest.raises(IllegalMoveError, match="4 pieces"):
            s.parse_move(cell)
    assert "Click" not in str(s.why_illegal(["b3"])) and "4" in str(s.why_illegal(["b3"]))


def test_placement_never_captures():
    # Black holds b3; placing on c4 would surround bc3 (b3, c4 do not touch).
    s = pos("7/2b4/7/6w", side="b")
    t = play(s, "c4")
    assert t.marker("bc3") is None and t.marks == (0, 0) and t.captured() == ()


# ===========================================================================
# Unstacking


def test_unstack_paths_of_every_length():
    s = pos("7/3(bbbb)3/7/6w", side="b")  # alone on b4: neighbours b3, b5, c4
    unstacks = {str(m) for m in s.legal_moves() if not m.is_placement}
    expected = {"-".join(p) for p in bf_paths("b4", 4)}
    assert unstacks == expected
    lengths = {len(m.split("-")) - 1 for m in unstacks}
    assert lengths == {1, 2, 3, 4}
    for text in ("b4-b5", "b4-b5-b6", "b4-b5-b6-b7", "b4-b5-b6-b7-a7", "b4-c4-c3-c2-b2"):
        assert text in unstacks
    # Landing heights: 4 on one heptagon; 1 + 3; 1 + 1 + 2; 1 + 1 + 1 + 1.
    assert play(s, "b4-b5").stack("b5") == [0] * 4
    t = play(s, "b4-b5-b6-b7-a7")
    assert [len(t.stack(c)) for c in ("b4", "b5", "b6", "b7", "a7")] == [0, 1, 1, 1, 1]
    with pytest.raises(IllegalMoveError, match="at most 4"):
        s.parse_move("b4-b5-b6-b7-a7-a6")


def test_a_stack_of_two_moves_one_or_two_steps():
    s = pos("7/3(wb)3/7/7", side="b")
    unstacks = {str(m) for m in s.legal_moves() if not m.is_placement}
    assert unstacks == {
        "b4-b3",
        "b4-b5",
        "b4-c4",
        "b4-b3-b2",
        "b4-b3-a3",
        "b4-b5-b6",
        "b4-b5-a5",
        "b4-c4-c3",
        "b4-c4-c5",
    }
    with pytest.raises(IllegalMoveError, match="at most 2"):
        s.parse_move("b4-b5-b6-b7")


def test_only_own_stacks_of_two_or_more_unstack():
    s = pos("7/2b(bw)(wwb)2/7/7", side="b")
    with pytest.raises(IllegalMoveError, match="single piece"):
        s.parse_move("b3-b2")
    with pytest.raises(IllegalMoveError, match="controlled by White"):
        s.parse_move("b4-b5")
    with pytest.raises(IllegalMoveError, match="empty"):
        s.parse_move("b1-b2")
    assert "b5-b6" in texts(s)


def test_drops_and_final_landing_heights():
    # (wbwb) on b2, bottom w ... top b; b5 holds a Black piece.
    s = pos("7/1(wbwb)2b2/7/7", side="b")
    t = play(s, "b2-b3-b4-b5")
    assert t.stack("b2") == []
    assert t.stack("b3") == [1]  # the bottom piece, White's
    assert t.stack("b4") == [0]  # the next, Black's
    assert t.stack("b5") == [0, 1, 0]  # (wb) landed on the Black piece
    t = play(s, "b2-b3-b4-b5-b6")
    assert [t.stack(c) for c in ("b3", "b4", "b5", "b6")] == [[1], [0], [0, 1], [0]]
    t = play(s, "b2-b3")
    assert t.stack("b3") == [1, 0, 1, 0] and t.hands == s.hands


def test_landing_may_not_exceed_four():
    s = pos("7/1(bbb)(ww)(bb)3/7/7", side="b")
    legal = texts(s)
    assert "b2-b3" not in legal  # 3 on 2 = 5
    assert "b2-b3-b4" in legal  # drop 1 on b3 (3), land 2 on b4 (4)
    assert "b2-b3-b4-b5" in legal  # b3 -> 3, b4 -> 3, land 1 on b5
    with pytest.raises(IllegalMoveError, match="would make a stack of 5"):
        s.parse_move("b2-b3")
    t = play(s, "b2-b3-b4")
    assert t.stack("b3") == [1, 1, 0] and t.stack("b4") == [0, 0, 0, 0]


def test_a_stack_of_four_blocks_paths():
    # White wall of 4 on b5 and Black's own 4 on c4: neither can be crossed or landed on.
    s = pos("7/3(bbb)(wwww)2/3(bbbb)3/7", side="b")
    legal = texts(s)
    for path in ("b4-b5", "b4-b5-b6", "b4-b5-a5", "b4-c4", "b4-c4-c3", "b4-c4-c5"):
        assert path not in legal
    with pytest.raises(IllegalMoveError, match="cannot be crossed"):
        s.parse_move("b4-b5-b6")
    with pytest.raises(IllegalMoveError, match="taller than 4"):
        s.parse_move("b4-b5")
    from_b4 = {m for m in legal if m.startswith("b4-")}
    assert from_b4 == {
        "b4-b3",
        "b4-b3-b2",
        "b4-b3-a3",
        "b4-b3-b2-b1",
        "b4-b3-b2-c2",
        "b4-b3-a3-a2",
        "b4-b3-a3-a4",
    }


def test_no_revisits_and_steps_must_touch():
    s = pos("7/3(bbbb)3/7/6w", side="b")
    with pytest.raises(IllegalMoveError, match="returns to b4"):
        s.parse_move("b4-b5-b4")
    with pytest.raises(IllegalMoveError, match="twice"):
        s.parse_move("b4-b5-b6-b5")
    with pytest.raises(IllegalMoveError, match="do not touch"):
        s.parse_move("b4-a4")  # column 4 does not touch across ab
    with pytest.raises(IllegalMoveError, match="do not touch"):
        s.parse_move("b4-b5-b7")
    assert "twice" in str(s.why_illegal(["b4", "b5", "b6", "b5"]))


def test_unstack_does_not_change_hands_and_origin_is_left_empty():
    s = pos("7/3(bwbb)3/7/7", side="b")
    for m in s.legal_moves():
        if not m.is_placement:
            t = s.play(m)
            assert t.hands == s.hands and t.stack("b4") == []
            assert sum(len(t.stack(c)) for c in BF_HEPTAGONS) == 4


def test_forced_unstacking_with_an_empty_hand():
    # Black has all 20 pieces on the board: 16 singles, a (bb) on c4 and (bb) on d1.
    s = pos("bbbbbbb/bbbbbbb/bb1(bb)3/(bb)5w", side="b")
    assert s.hands == (0, 19)
    moves = s.legal_moves()
    assert moves and all(not m.is_placement for m in moves)
    assert {str(m)[:2] for m in moves} == {"c4", "d1"}
    with pytest.raises(IllegalMoveError, match="no pieces left in hand and must unstack"):
        s.parse_move("c3")
    assert "must unstack" in " ".join(notes(s.view()))
    assert "must unstack" in str(s.why_illegal(["c3"]))


# ===========================================================================
# Captures


def captured_after(s, move):
    t = play(s, move)
    return set(t.captured()), t


def test_capture_through_the_diagonal_b3_c4():
    # bc3 = b3 b4 c3 c4; Black holds b3 and brings (bb) from c5 onto c4.
    s = pos("6w/2b4/4(bb)2/7")
    got, t = captured_after(s, "c5-c4")
    assert got == {"bc3"} and t.marker("bc3") == 0


def test_capture_through_the_diagonal_b4_c3():
    s = pos("6w/3b3/1(bb)5/7")
    got, t = captured_after(s, "c2-c3")
    assert got == {"bc3"} and t.marker("bc3") == 0


def test_capture_through_the_column_that_does_not_touch():
    # b3 and c3 do not touch (column 3 across bc): both bc2 and bc3 are surrounded.
    s = pos("6w/2b4/1(bb)5/7")
    got, t = captured_after(s, "c2-c3")
    assert got == {"bc2", "bc3"}


def test_touching_heptagons_do_not_surround():
    # b4 and c4 touch (column 4 across bc); b3 and b4 touch (same row).
    s = pos("6w/3b3/4(bb)2/7")
    got, _ = captured_after(s, "c5-c4")
    assert "bc3" not in got and "bc4" not in got
    s = pos("6w/1(bb)5/7/7")
    got, _ = captured_after(s, "b2-b3")  # b3 alone now
    assert got == set()


def test_capture_needs_a_piece_received_in_this_unstack():
    # b3 and c4 already Black (bc3 surrounded but by placement): an unstack
    # elsewhere does not capture it.
    s = pos("6w/2b4/3b(bb)2/7")
    got, _ = captured_after(s, "c5-c6")
    assert "bc3" not in got
    # The same unstack touching c4's partner: landing on b3 captures.
    s = pos("6w/1(bb)b4/3b3/7")
    got, _ = captured_after(s, "b2-b3")  # b3 becomes (bbb); c4 Black
    assert "bc3" in got


def test_capture_by_an_intermediate_drop_and_not_by_an_enemy_drop():
    # (bbb) from c6 via c5 (drops a Black piece) to c4 (lands 2): b4 Black.
    s = pos("6w/3b3/5(bbb)1/7")
    got, t = captured_after(s, "c6-c5-c4")
    # c5 received a Black piece: bc4 has b4-c5 diagonal; c4 received: bc3 via b4-c3? no.
    assert got == set(bf_captures(s, ("c6", "c5", "c4")))
    assert "bc4" in got
    # A dropped White piece does not give Black control: (wb) from b2 via b3.
    s = pos("7/1(wbb)b4/3b3/7")
    got, t = captured_after(s, "b2-b3-b4")
    assert t.stack("b3") == [0, 1]  # White piece dropped on Black's b3: White controls it
    assert got == set() == set(bf_captures(s, ("b2", "b3", "b4")))
    # The same path with a Black bottom piece surrounds bc3 through b3 and c4.
    s = pos("7/1(bbb)b4/3b3/6w")
    got, t = captured_after(s, "b2-b3-b4")
    assert t.stack("b3") == [0, 0] and got == {"bc3"}


def build(
    stacks: dict, marks: dict | None = None, side: str = "b", pieces: int = 20, markers: int = 10
) -> str:
    """A position text from ``{"b3": "bw", ...}`` (bottom to top) and
    ``{"ab1": "b", ...}``, written independently of the engine's writer."""

    def runs(items):
        out, run = "", 0
        for item in items:
            if item:
                out += (str(run) if run else "") + (item if len(item) == 1 else f"({item})")
                run = 0
            else:
                run += 1
        return out + (str(run) if run else "")

    rows = "/".join(runs(stacks.get(f"{r}{c}", "") for c in range(1, 8)) for r in ROWS)
    marks = marks or {}
    bands = "/".join(runs(marks.get(f"{b}{k}", "") for k in range(1, 7)) for b in ("ab", "bc", "cd"))
    return f"evl standard pieces={pieces},markers={markers} {rows} {bands} {side}"


def _pairs(p, touching):
    cells = bf_around(p)
    return [(x, y) for i, x in enumerate(cells) for y in cells[i + 1 :] if bf_touch(x, y) == touching]


def _landing_case(p, x, y):
    """Black holds x; a Black (bb) next to y (not x; it leaves its heptagon
    empty) unstacks onto y."""
    z = next(c for c in BF_HEPTAGONS if bf_touch(c, y) and c != x)
    w = next(c for c in BF_HEPTAGONS if c not in (x, y, z))
    s = gamut.load(build({x: "b", z: "bb", w: "w"}))
    return s, f"{z}-{y}"


@pytest.mark.parametrize("p", BF_PENTAGONS)
def test_every_non_adjacent_pair_of_every_pentagon_captures(p):
    pairs = _pairs(p, touching=False)
    assert len(pairs) == 3
    for x, y in pairs:
        for a, b in ((x, y), (y, x)):
            s, move = _landing_case(p, a, b)
            t = play(s, move)
            assert p in t.captured(), (p, a, b)
            assert t.marker(p) == 0
            assert set(t.captured()) == set(bf_captures(s, tuple(move.split("-"))))


@pytest.mark.parametrize("p", BF_PENTAGONS)
def test_no_adjacent_pair_of_any_pentagon_captures(p):
    pairs = _pairs(p, touching=True)
    assert len(pairs) == 3  # two row pairs and one column pair
    for x, y in pairs:
        s, move = _landing_case(p, x, y)
        t = play(s, move)
        assert p not in t.captured(), (p, x, y)
        assert set(t.captured()) == set(bf_captures(s, tuple(move.split("-"))))


def bf_captures(s, path):
    before = bf_from_engine(s)
    after = bf_play(before, path)
    return [p for p in BF_PENTAGONS if after[1].get(p) == s.to_move and before[1].get(p) != s.to_move]


def test_markers_stay_when_the_surround_is_broken():
    s = pos("6w/2b4/4(bb)2/7", side="b")
    s = play(s, "c5-c4")  # Black takes bc3
    assert s.marker("bc3") == 0
    s = play(s, "a1", "c4-c5")  # White places; Black moves away again
    assert s.stack("c4") == [] and s.marker("bc3") == 0
    assert s.marks == (1 << evl_tables.PENTAGON_INDEX["bc3"], 0)


def test_still_surrounding_does_not_hold_a_pentagon():
    # Black keeps b3 and c4 around its bc3, yet White surrounds bc3 too
    # (b4 and c3, the other diagonal) with an unstack and takes it.
    s = pos("7/2b1(ww)2/2wb3/7", "6/2b3/6", side="w")
    t = play(s, "b5-b4")
    assert t.marker("bc3") == 1 and t.marks[0] == 0 and t.captured() == ("bc3",)
    assert t.stack("b3") == [0] and t.stack("c4") == [0]


def test_retaking_a_marker_returns_it_to_its_owner():
    # White holds bc3 (and 9 others would be too many: 3 markers); Black surrounds it.
    s = pos("6w/2b4/4(bb)2/7", "w1w1w1/2w3/6", side="b")
    assert s.marks[1].bit_count() == 4
    t = play(s, "c5-c4")
    assert t.marker("bc3") == 0 and t.marks[1].bit_count() == 3 and t.marks[0].bit_count() == 1
    assert t.captured() == ("bc3",)
    # From 9 of 10 White drops back to 8 (2 in supply again).
    s = pos("6w/2b4/4(bb)2/7", "wwwww1/wwww2/6", side="b", markers=10)
    assert s.marks[1].bit_count() == 9
    t = play(s, "c5-c4")
    assert t.marks[1].bit_count() == 8 and t.outcome() is None
    # Black retaking its own marker changes nothing.
    s = pos("6w/2b4/4(bb)2/7", "6/2b3/6", side="b")
    t = play(s, "c5-c4")
    assert t.captured() == () and t.marks == s.marks


def test_retaking_with_white():
    s = pos("6b/2w4/4(ww)2/7", "6/2b3/6", side="w")
    t = play(s, "c5-c4")
    assert t.marker("bc3") == 1 and t.marks[0] == 0


# ===========================================================================
# The end


@pytest.mark.parametrize("markers, band", [(10, "bbbbbb/bb4/b5"), (12, "bbbbbb/bb4/bbb3")])
def test_the_win_with_all_markers_placed(markers, band):
    s = pos("6w/2b4/4(bb)2/7", band, side="b", markers=markers)
    assert s.marks[0].bit_count() == markers - 1
    t = play(s, "c5-c4")
    assert t.marker("bc3") == 0 and t.marks[0].bit_count() == markers
    out = t.outcome()
    assert out.winner == 0 and f"all {markers} markers" in out.reason
    assert "bc3" in out.cells and len(out.cells) == markers
    assert t.legal_moves() == [] and t.is_over()
    with pytest.raises(IllegalMoveError, match="game is over"):
        t.parse_move("a1")
    assert "game is over" in str(t.why_illegal(["a1"]))
    assert gamut.load(t.to_text()) == t and gamut.load(t.to_text()).outcome().winner == 0


def test_win_with_fewer_markers_left_than_pentagons_surrounded():
    # Black has 9 of 10 on the board and surrounds bc2 and bc3 at once.
    s = pos("6w/2b4/1(bb)5/7", "bbbbbb/6/bbb3", side="b")
    t = play(s, "c2-c3")
    assert t.captured() == ("bc2",)  # board order, until the supply runs out
    assert t.marks[0].bit_count() == 10 and t.outcome().winner == 0
    assert t.marker("bc3") is None


def test_nine_markers_without_a_capture_is_no_win():
    s = pos("6w/2b4/4(bb)2/7", "bbbbbb/bb4/b5", side="b")
    t = play(s, "c5-c6")
    assert t.outcome() is None and t.legal_moves()


@pytest.mark.parametrize("bands, winner", [("bbb3/6/ww4", 0), ("bb4/6/ww4", None), ("b5/6/www3", 1)])
def test_the_end_when_a_player_can_neither_place_nor_unstack(bands, winner):
    # Black has all 20 pieces on the board as singles (no stack) and must unstack.
    s = pos("bbbbbbb/bbbbbbb/bbbbbb1/w6", bands, side="b")
    assert s.hands == (0, 19)
    assert s.legal_moves() == []
    out = s.outcome()
    assert out.winner == winner and "can neither place nor unstack" in out.reason
    assert bf_outcome(bf_from_engine(s)) == winner
    with pytest.raises(IllegalMoveError, match="game is over"):
        s.parse_move("c7")


def test_stuck_by_reaching_it_in_play():
    # White places its last piece on the last empty heptagon; Black, with an
    # empty hand and only singles, is stuck.
    s = pos("bbbbbbb/bbbbbbb/bbbbbb1/6w", "b5/6/6", side="w", pieces=20)
    t = play(s, "c7")
    assert t.outcome().winner == 0 and t.legal_moves() == []


def test_white_has_no_unstack_but_can_place():
    s = pos("bbbbbbb/bbbbbbb/bbbbbb1/w6", side="w")
    assert texts(s) == {"c7", "d1", "d2", "d3", "d4", "d5", "d6", "d7"}


# ===========================================================================
# Positions


@pytest.mark.parametrize(
    "body, words",
    [
        ("", "position is"),
        ("7/7/7/7 6/6/6", "position is"),
        ("7/7/7 6/6/6 b", "4 rows"),
        ("7/7/7/6 6/6/6 b", "exactly 7"),
        ("7/7/7/8 6/6/6 b", "exactly 7"),
        ("7/7/7/43 6/6/6 b", "one digit"),
        ("7/7/7/x6 6/6/6 b", "unexpected"),
        ("7/7/7/(b)6 6/6/6 b", "without parentheses"),
        ("7/7/7/(bwbwb)6 6/6/6 b", "taller than 4"),
        ("7/7/7/(bx)6 6/6/6 b", "written like"),
        ("7/7/7/(bw6 6/6/6 b", "written like"),
        ("7/7/7/7 6/6 b", "3 bands"),
        ("7/7/7/7 6/6/(bw)5 b", "unexpected"),
        ("7/7/7/7 6/6/5 b", "exactly 6"),
        ("b6/7/7/7 6/6/6 x", "side to move"),
        ("(bbbb)(bbbb)(bbbb)(bbbb)(bbbb)(bbbb)1/7/7/7 6/6/6 w", "only 20"),
        ("b6/w6/7/7 bbbbbb/bbbbb1/6 b", "only 10"),
        ("7/7/7/7 6/6/6 w", "Black must have"),
        ("7/w6/7/7 6/6/6 b", "Black must have"),
        ("b6/7/7/7 6/6/6 b", "White must have"),
        ("7/7/7/7 b5/6/6 b", "markers are won"),
        ("(bb)6/w6/7/7 bbbbbb/bbbb2/6 b", "cannot be Black's turn"),
    ],
)
def test_bad_position_texts(body, words):
    with pytest.raises(PositionError, match=words):
        gamut.load(f"{HEADER} {body}")


def test_position_text_round_trip_and_start_keyword():
    s = gamut.load(f"{HEADER} start")
    assert s == gamut.new("evl")
    text = f"{HEADER} (bbbb)1(wb)(bww)1b1/1(bbw)w(wwww)(bb)2/b(wbw)2(bwbb)1w/(ww)1b(bb)3 b1w3/6/2ww2 b"
    s = gamut.load(text)
    assert s.to_text() == text
    assert s.stack("a1") == [0, 0, 0, 0] and s.stack("c5") == [0, 1, 0, 0]
    assert s.marker("ab1") == 0 and s.marker("ab3") == 1 and s.marker("cd3") == 1
    assert s.hands == (1, 5)
    with pytest.raises(PositionError, match="option"):
        gamut.load("evl standard pieces=20 7/7/7/7 6/6/6 b")


# ===========================================================================
# Hashing and the original state


def test_zobrist_is_incremental_and_distinguishes():
    rng = random.Random(7)
    s = gamut.new("evl")
    seen = {}
    for _ in range(80):
        if s.is_over():
            break
        s = s.play(rng.choice(s.legal_moves()))
        assert s.zobrist() == evl_tables.initial_hash(s.board, s.marks, s.to_move)
        assert s.zobrist() == gamut.load(s.to_text()).zobrist()
        seen.setdefault(s.zobrist(), s.key())
        assert seen[s.zobrist()] == s.key()


# ===========================================================================
# Perft: the engine against the brute force

START_PERFT = {1: 28, 2: 756, 3: 20412}
# Depth 4 by hand: after B1 W1, Black stacks on B1 (1 way, then White has
# 26 empty + 1 own = 27 placements) or places on one of 26 empty heptagons
# (then 25 empty + 1 own = 26): 756 * (27 + 26 * 26).
START_PERFT_4 = 756 * (27 + 26 * 26)
AFTER_B4_B3_B4_C4_PERFT_3 = 31719
MIDGAME = f"{HEADER} (bbbb)1(wb)(bww)1b1/1(bbw)w(wwww)(bb)2/b(wbw)2(bwbb)1w/(ww)1b(bb)3 b1w3/6/2ww2 b"
MIDGAME_PERFT = {1: 66, 2: 4782, 3: 273887}
RANDOM_MIDGAME = f"{HEADER} w1(bbb)bbwb/1(bw)1w3/1ww(bb)2b/(bww)b1(wwb)(www)(bb)1 wb4/1www2/w1bb2 b"
RANDOM_MIDGAME_PERFT = {1: 58, 2: 2695}


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_from_the_start(depth):
    s = gamut.new("evl")
    assert perft(s, depth) == START_PERFT[depth]
    assert bf_perft(bf_from_engine(s), depth) == START_PERFT[depth]


def test_perft_start_depth_four_and_the_first_unstacks():
    # Depth 4 still has placements only (the first unstack is Black's third
    # move, ply 5): check a few first moves in full against the brute force.
    s = gamut.new("evl")
    assert perft(s, 4) == START_PERFT_4
    for first in ("a1", "b4"):
        t = play(s, first)
        assert perft(t, 3) == bf_perft(bf_from_engine(t), 3)
    # After b4 b3 b4 c4 Black can unstack (bb) from b4.
    t = play(s, "b4", "b3", "b4", "c4")
    assert any(not m.is_placement for m in t.legal_moves())
    assert perft(t, 3) == bf_perft(bf_from_engine(t), 3) == AFTER_B4_B3_B4_C4_PERFT_3


def test_perft_midgame_positions():
    s = gamut.load(MIDGAME)
    for depth, n in MIDGAME_PERFT.items():
        assert perft(s, depth) == n
    bf = bf_from_engine(s)
    assert bf_perft(bf, 1) == MIDGAME_PERFT[1]
    assert bf_perft(bf, 2) == MIDGAME_PERFT[2]
    r = gamut.load(RANDOM_MIDGAME)
    for depth, n in RANDOM_MIDGAME_PERFT.items():
        assert perft(r, depth) == n
        assert bf_perft(bf_from_engine(r), depth) == n


# ===========================================================================
# Property tests on random playouts

OPTIONS = st.sampled_from([(20, 10), (16, 10), (24, 12), (16, 12)])


def playout(rng, pieces, markers, max_plies):
    s = gamut.new("evl", pieces=pieces, markers=markers)
    states, moves = [s], []
    while not s.is_over() and len(moves) < max_plies:
        m = rng.choice(s.legal_moves())
        moves.append(m)
        s = s.play(m)
        states.append(s)
    return states, moves


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), OPTIONS)
@pytest.mark.slow  # (--fast leaves it out: over a second of CPU; every full run has it)
def test_random_playouts_agree_with_the_brute_force(rng, opts):
    pieces, markers = opts
    s = gamut.new("evl", pieces=pieces, markers=markers)
    bf = bf_from_engine(s)
    seen = {}  # the repetition rule, modelled on whole positions
    for _ in range(150):
        key = (sorted(bf[0].items()), sorted(bf[1].items()), bf[2])
        key = repr(key)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] == 3:
            counts = [list(bf[1].values()).count(x) for x in (0, 1)]
            assert "third time" in s.outcome().reason and s.legal_moves() == []
            assert s.outcome().winner == (
                None if counts[0] == counts[1] else 0 if counts[0] > counts[1] else 1
            )
            break
        engine_moves = {tuple(m.cells) for m in s.legal_moves()}
        assert engine_moves == set(bf_moves(bf))
        if not engine_moves:
            assert s.outcome() is not None
            assert s.outcome().winner == bf_outcome(bf)
            break
        m = rng.choice(s.legal_moves())
        s = s.play(m)
        bf = bf_play(bf, m.cells)
        assert bf_from_engine(s) == bf
        result = bf_outcome(bf)
        if result != "on":
            assert s.outcome() is not None and s.outcome().winner == result
            assert s.legal_moves() == []
            break


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), OPTIONS)
def test_random_playout_properties(rng, opts):
    pieces, markers = opts
    states, moves = playout(rng, pieces, markers, 200)
    for s in states:
        assert s.zobrist() == evl_tables.initial_hash(s.board, s.marks, s.to_move)
        # Pieces are conserved, stacks never exceed 4, markers within the supply.
        for seat in (0, 1):
            on_board = sum(s.stack(c).count(seat) for c in BF_HEPTAGONS)
            assert on_board + s.hands[seat] == pieces
            assert s.hands[seat] >= 0
            assert s.marks[seat].bit_count() <= markers
        assert s.marks[0] & s.marks[1] == 0
        assert all(len(s.stack(c)) <= evl_tables.MAX_HEIGHT for c in BF_HEPTAGONS)


@pytest.mark.slow  # (1.4 s; tests/test_protocol.py checks EVL's views in the fast loop)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_view_is_json_and_its_moves_parse(rng):
    states, _ = playout(rng, 20, 10, 120)
    for s in states[::7] + [states[-1]]:
        view = s.view()
        again = json.loads(json.dumps(view))
        assert again == view
        assert {m["text"] for m in view["moves"]} == texts(s)
        for entry in view["moves"]:
            move = s.parse_move(entry["text"])
            assert entry["clicks"] == list(move.cells)
            if len(move) > 1:
                t = s.play(move)
                # the generic preview: every heptagon of the path as it would
                # be (the origin empty), and the mover's new markers
                tv = t.view()
                prev = entry["preview"]
                assert prev["cells"] == list(move.cells) + list(t.captured())
                by_cell = {p["cell"]: p for p in tv["pieces"]}
                assert prev["pieces"] == [by_cell[c] for c in move.cells if c in by_cell]
                assert prev["markers"] == [{"cell": p, "owner": s.to_move} for p in t.captured()]
                assert label(entry).startswith(f"Unstack {entry['text']}")
            else:
                assert "preview" not in entry
        pieces = {p["cell"]: p for p in view["pieces"]}
        for c in BF_HEPTAGONS:
            stack = s.stack(c)
            if stack:
                assert pieces[c]["stack"] == stack and pieces[c]["owner"] == stack[-1]
                assert pieces[c].get("label") == (str(len(stack)) if len(stack) > 1 else None)
            else:
                assert c not in pieces
        assert {(m["cell"], m["owner"]) for m in view["markers"]} == {
            (p, s.marker(p)) for p in BF_PENTAGONS if s.marker(p) is not None
        }
        said = counters(view)
        assert (0, f"{s.hands[0]} in hand") in said
        assert (1, f"{s.marks[1].bit_count()} of 10 markers") in said
        assert view["to_move"] == s.to_move
        assert (view["outcome"] is None) == (s.outcome() is None)


def test_view_of_a_capture_and_a_win():
    s = pos("6w/2b4/4(bb)2/7", "bbbbbb/bb4/b5", side="b")
    v = s.view()
    entry = next(m for m in v["moves"] if m["text"] == "c5-c4")
    assert entry["clicks"] == ["c5", "c4"] and label(entry) == "Unstack c5-c4, taking bc3"
    assert entry["preview"]["pieces"] == [{"cell": "c4", "owner": 0, "stack": [0, 0], "label": "2"}]
    t = play(s, "c5-c4")
    v = t.view()
    assert v["last_move"] == ["c5", "c4"]
    assert {"kind": "capture", "cells": ["bc3"]} in v["highlights"]
    assert any(h["kind"] == "win" and "bc3" in h["cells"] for h in v["highlights"])
    assert v["outcome"]["winner"] == 0 and v["moves"] == []
    assert any("captured bc3" in msg for msg in notes(v))
    assert gamut.new("evl").view()["last_move"] == []


def test_view_preview_and_labels_for_the_page():
    # White marker on bc3 is retaken by Black's c6-c5-c4 (c4 gets the last
    # two pieces, c5 one dropped piece, c6 left empty).
    s = pos("7/2b4/3w(bbb)w1/7", "6/2w3/6", side="b")
    v = s.view()
    moves = {m["text"]: m for m in v["moves"]}
    entry = moves["c5-c4"]
    assert label(entry) == "Unstack c5-c4, taking bc3"
    assert entry["preview"] == {
        "cells": ["c5", "c4", "bc3"],
        "pieces": [{"cell": "c4", "owner": 0, "stack": [1, 0, 0, 0], "label": "4"}],
        "markers": [{"cell": "bc3", "owner": 0}],
    }
    # A placement on c5 shares its first click with the unstacks from c5:
    # it gets a label for its confirm button and no preview.
    assert label(moves["c5"]) == "Place on c5 (stack of 4)"
    assert "preview" not in moves["c5"]
    # A placement elsewhere (an empty heptagon) needs neither.
    assert set(moves["a1"]) == {"text", "clicks"}
    # A single piece has no written height; a stack has its height.
    pieces = {p["cell"]: p for p in v["pieces"]}
    assert "label" not in pieces["b3"] and pieces["c5"]["label"] == "3"


STACKS = st.sampled_from(
    [
        "",
        "",
        "",
        "b",
        "w",
        "bb",
        "ww",
        "bw",
        "wb",
        "bbw",
        "wwb",
        "bwb",
        "wbw",
        "bbbb",
        "wwww",
        "wbbb",
        "bwww",
        "bwbw",
        "bbb",
        "www",
    ]
)


@st.composite
def random_positions(draw):
    """Loadable positions: random stacks within the piece budget, random
    markers within the supply (the side to move never has them all), either
    side to move."""
    pieces, markers = draw(OPTIONS)
    side = draw(st.sampled_from("bw"))
    used = {"b": 0, "w": 0}
    stacks = {}
    for c in BF_HEPTAGONS:
        stack = draw(STACKS)
        if all(used[x] + stack.count(x) <= pieces - 1 for x in "bw"):  # 1 spare
            stacks[c] = stack
            for x in "bw":
                used[x] += stack.count(x)
    # Both sides need a piece on the board (the first moves are placements).
    if "b" not in "".join(stacks.values()):
        stacks["a1"] = "b"  # a1 held no black piece, so none is lost
    if "w" not in "".join(stacks.values()):
        lone_black = "".join(stacks.values()).count("b") == stacks.get("d7", "").count("b")
        stacks["d7"] = ("b" if lone_black else "") + "w"
    cap = {"b": markers - (side == "b"), "w": markers - (side == "w")}
    marks = {}
    for p in BF_PENTAGONS:
        owner = draw(st.sampled_from(["", "", "b", "w"]))
        if owner and cap[owner]:
            marks[p] = owner
            cap[owner] -= 1
    return gamut.load(build(stacks, marks, side, pieces, markers))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_positions())
@pytest.mark.slow  # (--fast leaves it out: over a second of CPU; every full run has it)
def test_random_positions_agree_with_the_brute_force(s):
    assert gamut.load(s.to_text()) == s and gamut.load(s.to_text()).to_text() == s.to_text()
    bf = bf_from_engine(s)
    assert {tuple(m.cells) for m in s.legal_moves()} == set(bf_moves(bf))
    if not s.legal_moves():
        assert s.outcome() is not None and s.outcome().winner == bf_outcome(bf)
    for m in s.legal_moves():
        t = s.play(m)
        after = bf_play(bf, m.cells)
        assert bf_from_engine(t) == after
        assert t.zobrist() == evl_tables.initial_hash(t.board, t.marks, t.to_move)
        won = bf_over(after)
        assert (t.outcome() is not None and t.outcome().winner == s.to_move) == won


def test_hint_when_a_path_can_go_on():
    s = pos("7/1(bbb)(ww)(bb)3/7/7", side="b")
    with pytest.raises(IllegalMoveError, match="can go on from b3"):
        s.parse_move("b2-b3")
    s = pos("7/1(bbbb)5/7/6w", side="b")
    assert "go on to the heptagons of its path" in str(s.why_illegal(["b2"]))


# ===========================================================================
# Clicks that enter no move


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(BF_HEPTAGONS + BF_PENTAGONS + ["zz", ""]), max_size=6))
def test_why_illegal_always_explains(clicks):
    s = gamut.load(MIDGAME)
    text = str(s.why_illegal(clicks))
    assert isinstance(text, str) and text
    if clicks and all(c in BF_HEPTAGONS for c in clicks):
        legal = texts(s)
        if "-".join(clicks) not in legal:
            # The explanation agrees with parse_move's.
            with pytest.raises(IllegalMoveError) as exc:
                s.parse_move("-".join(clicks))
            assert text[1:] == str(exc.value)[1:]


# ===========================================================================
# Repetition (a decision of ours: docs/RULES.md is silent, see gamut/games/evl/__init__.py)

SHUTTLE = ["a1-a2", "d7-d6", "a2-a1", "d6-d7"]


def test_third_repetition_ends_the_game_judged_by_pentagons():
    s = pos("(bb)6/7/7/6(ww)", bands="b5/6/6")  # Black holds ab1
    states = gamut.replay(s, SHUTTLE * 2)
    assert [st.repetitions() for st in states[::4]] == [1, 2, 3]
    assert all(st.outcome() is None for st in states[:-1])
    o = states[-1].outcome()
    assert o.winner == 0 and "third time" in o.reason and states[-1].legal_moves() == []
    # equal pentagons: a draw
    even = gamut.replay(pos("(bb)6/7/7/6(ww)"), SHUTTLE * 2)[-1].outcome()
    assert even.winner is None and "third time" in even.reason


def test_placements_and_captures_reset_the_repetition_record():
    s = pos("(bb)6/7/7/6(ww)")
    s = gamut.replay(s, SHUTTLE)[-1]
    assert s.repetitions() == 2
    placed = play(s, "c3")
    assert placed.repetitions() == 1 and "history" not in placed.to_text()


def test_history_survives_the_position_text():
    s = pos("(bb)6/7/7/6(ww)")
    states = gamut.replay(s, SHUTTLE + SHUTTLE[:2])
    text = states[-1].to_text()
    assert "history=" in text
    loaded = gamut.load(text)
    assert loaded == states[-1] and loaded.to_text() == text
    # two more moves make the third occurrence, counted across the reload
    assert gamut.replay(loaded, SHUTTLE[2:])[-1].repetitions() == 3
    assert gamut.replay(loaded, SHUTTLE[2:])[-1].outcome() is not None


@pytest.mark.parametrize(
    "history",
    [
        "history=(bb)6/7/7/6(ww):6/6/6:b:a1-a2,d7-d6,a2-a1",  # leads elsewhere
        "history=(bb)6/7/7/6(ww):6/6/6:b:a1-a3",  # illegal move
        "history=(bb)6/7/7/6(ww):6/6/6:b:c3,d7-d6",  # a placement
        "history=(bb)6/7/7/6(ww):6/6/6:b",  # malformed
        "history=(bb)6/7/7/6(ww):6/6/6:b:",
    ],
)
def test_bad_history_is_a_position_error(history):
    with pytest.raises(PositionError):
        gamut.load("evl standard pieces=20,markers=10 (bb)6/7/7/6(ww) 6/6/6 b " + history)


def test_the_js_tests_copy_of_the_board_is_the_engines():
    # tests/js/board.test.mjs walks EVL's board with the arrow keys over this copy
    from pathlib import Path

    copy = json.loads((Path(__file__).parent / "js" / "fixtures" / "evl-cells.json").read_text())
    board = gamut.new("evl").view()["board"]
    assert copy["cells"] == [{"id": c["id"], "x": c["x"], "y": c["y"]} for c in board["cells"]]


def test_evaluation_terms_and_move_priorities_match_their_definitions():
    # The table-driven terms (one pass for both seats) and priorities
    # against the rules of the evaluation spelled out cell by cell.
    from gamut.games.evl import evaluation as ev
    from gamut.games.evl.board import HEIGHT, PARTNERS, SURROUND_PAIRS, TOP

    def reach_of(board, seat):
        return {
            c
            for o, code in enumerate(board)
            if TOP[code] == seat and HEIGHT[code] >= 2
            for c in range(len(board))
            if 1 <= ev.DIST[o][c] <= HEIGHT[code]
        }

    rng = random.Random(32)
    checked = 0
    while checked < 60:
        s = gamut.new("evl")
        for _ in range(rng.randrange(100)):
            if s.outcome() is not None:
                break
            s = s.play(rng.choice(s.legal_moves()))
        if s.outcome() is not None:
            continue
        board = s.board
        for seat in (0, 1):
            reach = reach_of(board, seat)
            threats = sum(
                1
                for p, pairs in enumerate(SURROUND_PAIRS)
                if not s.marks[seat] >> p & 1
                and any(
                    (TOP[board[x]] == seat and y in reach and HEIGHT[board[y]] < 4)
                    for a, b in pairs
                    for x, y in ((a, b), (b, a))
                )
            )
            control = sum(
                ev.DEGREE[c] * ev.CONTROL + ev.TALL * HEIGHT[code]
                for c, code in enumerate(board)
                if TOP[code] == seat
            )
            assert ev.both_terms(s)[seat] == (threats, control, len(reach))
        seat = s.to_move
        expected = []
        for m in s.legal_moves():
            last = m[-1]
            if len(m) == 1:
                expected.append(ev.DEGREE[last] + (3 if board[last] != 1 else 0))
            else:
                captures = [
                    p for p, q in PARTNERS[last] if TOP[board[q]] == seat and not s.marks[seat] >> p & 1
                ]
                expected.append(20 + len(m) + 40 * len(captures))
        assert ev.move_order_keys(s, s.legal_moves()) == expected
        checked += 1
