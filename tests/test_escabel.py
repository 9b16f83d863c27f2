"""Escabel: rule tests on built positions, a brute-force reference
implementation (perft and random-playout cross-checks), property tests and
the view contract."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from viewtext import counters, label, names, notes

import gamut
from gamut import IllegalMoveError, PositionError, load, new, perft
from gamut.core import replay
from gamut.games.escabel.board import BLACK, WHITE
from gamut.games.escabel.state import EscabelState

FILES = "abcdefghijklm"


# ---------------------------------------------------------------------------
# A second, brute-force implementation of the rules, written from docs/RULES.md (Escabel)
# with no code in common with the engine: the board is a dict
# (file, rank) -> tuple of colours from the bottom ("B"/"W").


class Ref:
    def __init__(self, n, board, seat_to_move=0, swapped=False, ply=0, pie=True):
        self.n = n
        self.board = board
        self.seat = seat_to_move
        self.swapped = swapped
        self.ply = ply
        self.pie = pie

    @classmethod
    def start(cls, n, checkered=False, corners="B", pie=True):
        board = {}
        if checkered:
            other = "W" if corners == "B" else "B"
            for f in range(n):
                for r in range(n):
                    board[f, r] = (corners if (f + r) % 2 == 0 else other,)
        return cls(n, board, pie=pie)

    def colour(self):
        """Colour to move: seat 0 is Black unless swapped."""
        return ("B", "W")[self.seat ^ self.swapped]

    @staticmethod
    def name(p):
        return f"{FILES[p[0]]}{p[1] + 1}"

    def top(self, p):
        stack = self.board.get(p)
        return stack[-1] if stack else None

    def height(self, p):
        return len(self.board.get(p, ()))

    def crosscut(self, block):
        x, y = block
        ll, lr, ul, ur = (x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)
        tops = [self.top(p) for p in (ll, lr, ul, ur)]
        if None in tops:
            return False
        return tops[0] == tops[3] and tops[1] == tops[2] and tops[0] != tops[1]

    def connected(self, p, q):
        if self.top(p) is None or self.top(p) != self.top(q):
            return False
        if max(abs(p[0] - q[0]), abs(p[1] - q[1])) != 1:
            return False
        shared = []
        for x in (p[0] - 1, p[0]):
            for y in (p[1] - 1, p[1]):
                if not (0 <= x < self.n - 1 and 0 <= y < self.n - 1):
                    continue
                cells = {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}
                if q in cells and self.crosscut((x, y)):
                    shared.append(cells)
        if not shared:
            return True  # case (a)
        for cells in shared:
            enemy = sorted(self.height(c) for c in cells - {p, q})
            own = sorted((self.height(p), self.height(q)))
            if own[0] > enemy[0] and own[1] > enemy[0]:
                return True  # case (b)
            if own[0] == enemy[0] and own[1] > enemy[1]:
                return True  # case (c)
        return False

    def chain(self, colour):
        n = self.n
        if colour == "B":
            first = [(f, 0) for f in range(n)]
            second = {(f, n - 1) for f in range(n)}
        else:
            first = [(0, r) for r in range(n)]
            second = {(n - 1, r) for r in range(n)}
        seen = {p for p in first if self.top(p) == colour}
        todo = list(seen)
        while todo:
            p = todo.pop()
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    q = (p[0] + dx, p[1] + dy)
                    if q not in seen and self.connected(p, q):
                        seen.add(q)
                        todo.append(q)
        return bool(seen & second)

    def outcome(self):
        """(winner seat, how) or None."""
        if not hasattr(self, "_outcome"):
            self._outcome = self._judge()
        return self._outcome

    def _judge(self):
        if self.chain(self.colour()):
            return self.seat, "chain"
        if not self._moves():
            return self.seat ^ 1, "no move"
        return None

    def _moves(self):
        colour = self.colour()
        moves = []
        if self.pie and self.ply == 1 and not self.swapped:
            moves.append("swap")
        for f in range(self.n):
            for r in range(self.n):
                p = (f, r)
                if p not in self.board:
                    moves.append(self.name(p))
                elif self.top(p) == colour:
                    for q in ((f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)):
                        if self.top(q) not in (None, colour) and self.height(q) == self.height(p):
                            moves.append(f"{self.name(p)}>{self.name(q)}")
        return moves

    def moves(self):
        return [] if self.outcome() else self._moves()

    def play(self, text):
        board = dict(self.board)
        colour = self.colour()
        enemy = "W" if colour == "B" else "B"
        if text == "swap":
            return Ref(self.n, board, self.seat ^ 1, not self.swapped, self.ply + 1, self.pie)

        def cell(t):
            return FILES.index(t[0]), int(t[1:]) - 1

        if ">" in text:
            a, b = map(cell, text.split(">"))
            board[b] = board[b] + (colour,)
            board[a] = board[a][:-1] + (enemy,)
        else:
            board[cell(text)] = (colour,)
        return Ref(self.n, board, self.seat ^ 1, self.swapped, self.ply + 1, self.pie)

    def perft(self, depth):
        if depth == 0:
            return 1
        moves = self.moves()
        if depth == 1:
            return len(moves)
        return sum(self.play(m).perft(depth - 1) for m in moves)


def ref_of(state: EscabelState) -> Ref:
    """The reference position equal to ``state``, read from its view only."""
    v = state.view()
    swapped = v["players"][0]["color"] == "white"
    seat_colour = {seat: "BW"[seat ^ swapped] for seat in (0, 1)}
    board = {}
    for piece in v["pieces"]:
        f, r = FILES.index(piece["cell"][0]), int(piece["cell"][1:]) - 1
        board[f, r] = tuple(seat_colour[s] for s in piece["stack"])
    return Ref(state.options["size"], board, v["to_move"], swapped, v["ply"], state.options["pie"])


# ---------------------------------------------------------------------------
# Helpers


def pos(
    rows: str, to_move: str | None = None, variant: str = "standard", swapped=False, pie: bool = True
) -> EscabelState:
    """A position from rows written top rank first, one token per point,
    separated by spaces: '.' empty, 'b'/'w' one piece, 'wb' a stack from
    the bottom.  The piece count fixes the colour to move (every move adds
    one piece), so ``to_move`` only documents and checks it; a test that
    needs the other colour to move adds a piece somewhere harmless."""
    lines = [line.split() for line in rows.strip().splitlines()]
    n = len(lines)
    pieces = sum(len(tok) for line in lines for tok in line if tok != ".")
    played = pieces - (n * n if variant == "checkered" else 0)
    assert to_move in (None, "bw"[played % 2]), "fix the piece count of the test position"
    to_move = "bw"[played % 2]
    body = []
    for line in lines:
        assert len(line) == n, line
        out, empty = "", 0
        for tok in line:
            if tok == ".":
                empty += 1
                continue
            if empty:
                out += str(empty)
                empty = 0
            out += tok if len(tok) == 1 else f"({tok})"
        body.append(out + (str(empty) if empty else ""))
    opts = f"size={n},pie={'on' if pie else 'off'}"
    if variant == "checkered":
        opts += ",corners=black"
    text = f"escabel {variant} {opts} {'/'.join(body)} {to_move}"
    if swapped:
        text += " swapped"
    return load(text)


def legal_texts(state) -> set:
    return {str(m) for m in state.legal_moves()}


def play(state, *texts):
    for t in texts:
        state = state.play(state.parse_move(t))
    return state


# ---------------------------------------------------------------------------
# Start positions, options, notation


def test_start_positions_and_options():
    s = new("escabel")
    assert s.options == {"size": 7, "pie": True}
    assert s.to_text() == "escabel standard size=7,pie=on 7/7/7/7/7/7/7 b"
    assert len(s.legal_moves()) == 49 and s.outcome() is None and s.to_move == 0
    assert s.colour_to_move == BLACK
    s = new("escabel", "checkered", size=5, corners="white")
    assert s.to_text() == ("escabel checkered size=5,pie=on,corners=white wbwbw/bwbwb/wbwbw/bwbwb/wbwbw b")
    assert load(s.header() + " start") == s
    for bad in ({"size": 4}, {"size": 14}, {"corners": "red"}, {"pie": "maybe"}):
        with pytest.raises(gamut.OptionError):
            new("escabel", "checkered", **bad)
    with pytest.raises(gamut.OptionError):
        new("escabel", "standard", corners="black")  # only the checkered variant has it
    assert new("escabel", size=13).legal_moves()[-1].cells() == ("m13",)


def test_both_checkered_setups():
    for corners, a1 in (("black", "b"), ("white", "w")):
        other = "w" if a1 == "b" else "b"
        s = new("escabel", "checkered", size=5, corners=corners)
        v = s.view()
        tops = {p["cell"]: "bw"[p["owner"]] for p in v["pieces"]}
        assert len(tops) == 25 and all("label" not in p for p in v["pieces"])
        for corner in ("a1", "e1", "a5", "e5", "c3", "b2", "d4"):
            assert tops[corner] == a1
        for cell in ("b1", "a2", "c2", "e4", "d5"):
            assert tops[cell] == other
        # Black moves first either way; each of the 40 orthogonal adjacencies
        # gives Black exactly one move action (its stack onto the White one).
        assert s.colour_to_move == BLACK and len(s.legal_moves()) == 40
        assert not s.has_chain(BLACK) and not s.has_chain(WHITE)
    # Even sizes: the option still names the colour of a1 (f6 too; a6, f1 differ).
    s = new("escabel", "checkered", size=6, corners="white")
    tops = {p["cell"]: p["owner"] for p in s.view()["pieces"]}
    assert tops["a1"] == tops["f6"] == WHITE and tops["a6"] == tops["f1"] == BLACK
    assert new("escabel", "checkered", size=6).to_text().endswith("bwbwbw b")


def test_move_notation_and_parse_errors():
    s = play(new("escabel", size=5), "c3", "c4")
    m = s.parse_move(" C3>C4 ")
    assert str(m) == "c3>c4" and m.is_action and m.cells() == ("c3", "c4")
    assert str(s.parse_move("a1")) == "a1" and s.parse_move("a1").is_placement
    cases = {
        "": "cannot read",
        "c3>": "cannot read",
        "c3>c4>c5": "cannot read",
        "z9": "not a point",
        "f1": "not a point",
        "c3-c4": "not a point",
        "c4": "occupied",
        "c3": "occupied",
        "a1>a2": "empty",
        "c4>c3": "Black can move only Black stacks",
        "c3>c5": "not orthogonally adjacent",
        "c3>d4": "not orthogonally adjacent",
        "c3>c3": "not to itself",
        "c3>d3": "empty",
        "swap": "only on White's first turn",
    }
    for text, words in cases.items():
        with pytest.raises(IllegalMoveError, match=words):
            s.parse_move(text)
    with pytest.raises(IllegalMoveError):
        s.parse_move(None)


# ---------------------------------------------------------------------------
# Connection: the three cases and their failures


def test_orthogonal_and_plain_diagonal_links_connect_case_a():
    # A Black zig-zag of diagonal steps, no crosscut anywhere: connected (a).
    rows = """
        . . b . .
        . b . . .
        . . b . .
        . b . w .
        b . . . ."""
    s = pos(rows)
    assert s.has_chain(BLACK) and not s.has_chain(WHITE)
    assert set(s.chain_cells(BLACK)) == {"a1", "b2", "c3", "b4", "c5"}
    assert s.outcome().winner == 0  # Black to move (6 pieces): wins at once
    # White on b1 and a2 makes a1 b1 / a2 b2 a crosscut of equal heights:
    # the diagonal a1-b2 no longer connects, and a1 is Black's only foot.
    s = pos(rows.replace(". b . w .", "w b . w .").replace("b . . . .", "b w . . ."))
    assert not s.has_chain(BLACK) and s.outcome() is None
    # White on b1 only: no crosscut, so (a) still links a1-b2.
    assert pos(rows.replace("b . . . .", "b w . . .")).has_chain(BLACK)


def test_orthogonal_neighbours_always_connect():
    # Orthogonal like-coloured neighbours can never lie in one crosscut (its
    # like-coloured stacks are diagonal), so they always connect, however
    # tall the enemy stacks around them.
    s = pos("""
        . bbw b bbw .
        . . b . .
        . bbw b bbw .
        . . b . .
        . bbw b bbw .""")
    assert s.has_chain(BLACK) and not s.has_chain(WHITE)


def crosscut(b3: str, c3: str, b2: str, c2: str) -> EscabelState:
    """Black's path b1, b2 | c3, c4, c5 across the crosscut b2 c2 / b3 c3,
    whose stacks are given from the bottom (single pieces as b or w)."""
    return pos(f"""
        . . b . .
        . . b . .
        . {b3} {c3} . .
        . {b2} {c2} . .
        . b . . .""")


def test_crosscut_with_equal_heights_connects_neither_diagonal():
    # b2-c3 Black, c2-b3 White, all height 1: a crosscut in which neither
    # diagonal connects; Black's only way north from b2 goes through it.
    s = crosscut("w", "b", "b", "w")
    assert not s.has_chain(BLACK) and s.outcome() is None
    ref = ref_of(s)
    assert not ref.connected((1, 1), (2, 2)) and not ref.connected((2, 1), (1, 2))
    # Without the White piece on c2 there is no crosscut: case (a) links b2-c3.
    assert crosscut("w", "b", "b", ".").has_chain(BLACK)
    # Equal pairs of taller stacks, (1, 3) against (1, 3): still neither.
    s = crosscut("w", "wwb", "b", "wbw")
    assert not s.has_chain(BLACK)
    ref = ref_of(s)
    assert not ref.connected((1, 1), (2, 2)) and not ref.connected((2, 1), (1, 2))


def test_crosscut_case_b():
    # Black b2 (2) and c3 (2) against White c2 (1) and b3 (3): both Black
    # stacks are higher than the lower White stack, so they connect by (b),
    # although both are lower than the higher White stack.
    s = crosscut("bbw", "wb", "wb", "w")
    assert s.has_chain(BLACK)
    ref = ref_of(s)
    assert ref.connected((1, 1), (2, 2)) and not ref.connected((2, 1), (1, 2))
    # Failure of (b): Black (1, 2) against White (1, 3): the lower Black
    # stack is not higher than the lower White one, and (c) fails as well
    # (the higher Black stack is not higher than the higher White one).
    s = crosscut("bbw", "wb", "b", "w")
    assert not s.has_chain(BLACK)
    # ... and White's diagonal, (1, 3) against (1, 2), holds by (c).
    assert ref_of(s).connected((2, 1), (1, 2))


def test_crosscut_case_c():
    # Black (1, 3) against White (1, 2): the lower Black stack is as high as
    # the lower White one and the higher Black stack is higher than the
    # higher White one: connected by (c).
    s = crosscut("bw", "wwb", "b", "w")
    assert s.has_chain(BLACK)
    ref = ref_of(s)
    assert ref.connected((1, 1), (2, 2)) and not ref.connected((2, 1), (1, 2))
    # Failure of (c): the higher Black stack only equals the higher White one.
    s = crosscut("bw", "wb", "b", "w")
    assert not s.has_chain(BLACK)
    assert not ref_of(s).connected((2, 1), (1, 2))
    # Failure of (c): lower Black (1) below lower White (2): no link; White's
    # diagonal (2, 2) against (1, 2) connects by (b).
    s = crosscut("bw", "wb", "b", "bw")
    assert not s.has_chain(BLACK)
    assert ref_of(s).connected((2, 1), (1, 2))


def cells_pos(n: int, black: set, white: set) -> EscabelState:
    """A position of single pieces given as (file, rank) pairs."""
    rows = []
    for r in range(n - 1, -1, -1):
        rows.append(" ".join("b" if (f, r) in black else "w" if (f, r) in white else "." for f in range(n)))
    return pos("\n".join(rows))


def test_cut_diagonal_is_cut_in_every_direction_of_the_search():
    # A winding Black path: up the g file to g4, west to f4, then back down
    # the diagonal f4-e3 and up the d file to the top.  f3 and e4 are White,
    # so f4-e3 lies in an equal-heights crosscut and is cut: no chain.  The
    # eight symmetric copies (mirrors, and transposed with colours exchanged)
    # make the search cross the cut diagonal in each of its four directions,
    # for each colour.
    black = {(6, 0), (6, 1), (6, 2), (6, 3), (5, 3), (4, 2), (3, 2), (3, 3), (3, 4), (3, 5), (3, 6)}
    white = {(5, 2), (4, 3)}
    maps = [
        lambda f, r: (f, r),
        lambda f, r: (6 - f, r),
        lambda f, r: (f, 6 - r),
        lambda f, r: (6 - f, 6 - r),
    ]
    for fn in maps:
        path = {fn(*c) for c in black}
        cut = {fn(*c) for c in white}
        closer = fn(5, 2)
        for colour in (BLACK, WHITE):
            if colour == WHITE:  # transpose: Black's ranks become White's files
                path = {(r, f) for f, r in path}
                cut = {(r, f) for f, r in cut}
                closer = closer[::-1]

            def build(enemy, path=path, colour=colour):
                return cells_pos(7, path, enemy) if colour == BLACK else cells_pos(7, enemy, path)

            s = build(cut)
            assert not s.has_chain(colour) and not ref_of(s).chain("BW"[colour])
            # Control: without the enemy stack that closes the crosscut, the
            # diagonal connects and the chain is there.
            t = build(cut - {closer})
            assert t.has_chain(colour) and ref_of(t).chain("BW"[colour])


# Crosscut cases: stacks (from the bottom) on b2, c3 (Black's diagonal) and
# c2, b3 (White's), and whether Black's diagonal connects.  Black's path is
# b1, b2, c3, c4, c5, so the chain stands or falls with that diagonal.  Keys
# read "(b2, c3) v (c2, b3)" in heights, with the deciding case (a, b, c).
CROSSCUT_CASES = {
    "(1,1) v (1,1)": ("b", "b", "w", "w", False),
    "(1,3) v (1,3)": ("b", "wwb", "wbw", "w", False),
    "(3,1) v (3,1)": ("wwb", "b", "w", "wbw", False),
    "(2,2) v (1,3) b": ("wb", "wb", "w", "bbw", True),
    "(2,2) v (3,1) b": ("wb", "wb", "bbw", "w", True),
    "(1,2) v (1,3)": ("b", "wb", "w", "bbw", False),
    "(2,1) v (3,1)": ("wb", "b", "bbw", "w", False),
    "(1,3) v (1,2) c": ("b", "wwb", "w", "bw", True),
    "(3,1) v (2,1) c": ("wwb", "b", "bw", "w", True),
    "(1,2) v (1,2)": ("b", "wb", "w", "bw", False),
    "(1,2) v (2,2)": ("b", "wb", "bw", "bw", False),
    "(2,1) v (2,2)": ("wb", "b", "bw", "bw", False),
    "(3,3) v (2,2) b": ("wwb", "wwb", "bw", "bw", True),
}


def symmetric_images(tokens: dict, n: int):
    """The 8 images of a position under the symmetries of the square that
    keep Black's edges Black's (4 mirrors) or make them White's (the same
    with a transposition and the colours exchanged).  ``tokens`` maps
    (file, rank) to a stack token; yields (state, colour of the image of
    Black)."""
    swap = str.maketrans("bw", "wb")
    mirrors = [
        lambda f, r: (f, r),
        lambda f, r: (n - 1 - f, r),
        lambda f, r: (f, n - 1 - r),
        lambda f, r: (n - 1 - f, n - 1 - r),
    ]
    for fn in mirrors:
        for transpose in (False, True):
            image = {}
            for (f, r), tok in tokens.items():
                f2, r2 = fn(f, r)
                image[(r2, f2) if transpose else (f2, r2)] = tok.translate(swap) if transpose else tok
            rows = "\n".join(" ".join(image.get((f, r), ".") for f in range(n)) for r in range(n - 1, -1, -1))
            yield pos(rows), (WHITE if transpose else BLACK)


@pytest.mark.parametrize("case", list(CROSSCUT_CASES))
def test_crosscut_cases_in_every_orientation(case):
    b2, c3, c2, b3, connects = CROSSCUT_CASES[case]
    tokens = {(1, 0): "b", (1, 1): b2, (2, 2): c3, (2, 1): c2, (1, 2): b3, (2, 3): "b", (2, 4): "b"}
    for state, colour in symmetric_images(tokens, 5):
        assert state.has_chain(colour) == connects, (case, state.to_text())
        assert ref_of(state).chain("BW"[colour]) == connects
        assert not state.has_chain(colour ^ 1)


def test_corner_point_belongs_to_both_edges():
    # White's bottom row joins the left edge at a1 and the right edge at e1:
    # both are corners, which also belong to Black's bottom edge.
    s = pos("""
        . . . . .
        . . . . .
        . . . b .
        . . b . .
        w w w w w""")
    assert s.has_chain(WHITE) and not s.has_chain(BLACK)
    assert s.to_move == 1 and s.outcome().winner == 1
    assert "left and right" in s.outcome().reason
    # Black's left column joins bottom and top through the corners a1, a5.
    s = pos("""
        b . . . .
        b . w . .
        b . . w .
        b . . . .
        b . w . .""")
    assert s.has_chain(BLACK) and s.outcome().winner == 0
    assert s.outcome().cells == ("a1", "a2", "a3", "a4", "a5")
    # A diagonal from corner to corner serves both ways too.
    assert pos("""
        w . . . .
        . w . . .
        . . w . .
        . . . w .
        . . . . w""").has_chain(WHITE)
    # A lone stack in a corner is not a chain across the board.
    assert not pos("b . . . .\n" + ". . . . .\n" * 4).has_chain(BLACK)


# ---------------------------------------------------------------------------
# The move action


def test_move_action_height_rule_and_colour_change():
    s = pos(
        """
        . . . . .
        . . . . .
        . bw wb b .
        . . w . .
        . . . . b""",
        to_move="w",
    )
    # White stacks: b3 (Black under White, height 2) and c2 (height 1).
    # b3 (2) -> c3 (Black, 2) is legal; c2 (1) -> c3 (2) is not.
    actions = {t for t in legal_texts(s) if ">" in t}
    assert actions == {"b3>c3"}
    with pytest.raises(IllegalMoveError, match="needs equal heights"):
        s.parse_move("c2>c3")
    after = s.play(s.parse_move("b3>c3"))
    v = {p["cell"]: p for p in after.view()["pieces"]}
    # The moved White piece tops c3 (now White, height 3); b3 keeps its
    # height 2 and gets a Black piece on top: it is Black's now.
    assert v["c3"]["stack"] == [1, 0, 1] and v["c3"]["owner"] == 1 and v["c3"]["label"] == "3"
    assert v["b3"]["stack"] == [0, 0] and v["b3"]["owner"] == 0 and v["b3"]["label"] == "2"
    assert after.to_text().split()[3] == "5/5/1(bb)(wbw)b1/2w2/4b"
    assert after.view()["last_move"] == ["b3", "c3"]
    # Had White placed instead, Black's c3 (2) could climb b3 (2), but not
    # its own d3, nor White's c2 (1).
    t = s.play(s.parse_move("a1"))
    assert {x for x in legal_texts(t) if ">" in x} == {"c3>b3"}
    with pytest.raises(IllegalMoveError, match="own stacks"):
        t.parse_move("c3>d3")
    with pytest.raises(IllegalMoveError, match="needs equal heights"):
        t.parse_move("c3>c2")
    # A lone piece moves onto an enemy piece and leaves an enemy piece behind.
    u = play(new("escabel", size=5, pie=False), "c3", "c4", "c3>c4")
    cells = {p["cell"]: p["stack"] for p in u.view()["pieces"]}
    assert cells == {"c3": [1], "c4": [1, 0]}
    # White: 23 placements; its c3 (1) cannot climb c4 (2).
    assert u.colour_to_move == WHITE and len(u.legal_moves()) == 23


def test_move_completing_the_opponents_chain_loses():
    # White's row a3..e3 lacks only c3, which is Black's.  Black's move
    # action c3>c4 turns c3 White: White wins at the start of its turn.
    s = pos(
        """
        . . . . .
        . . w . b
        w w b w w
        . . . . .
        . b . b b""",
        to_move="b",
    )
    assert s.outcome() is None and "c3>c4" in legal_texts(s)
    after = s.play(s.parse_move("c3>c4"))
    out = after.outcome()
    assert out is not None and out.winner == 1 and after.to_move == 1
    assert set(out.cells) == {"a3", "b3", "c3", "d3", "e3"}
    assert after.legal_moves() == [] and after.view()["highlights"][0]["kind"] == "win"
    with pytest.raises(IllegalMoveError, match="game is over"):
        after.parse_move("a1")
    assert str(after.why_illegal(["a1"])).startswith("The game is over")


def test_chain_completed_then_broken_by_the_reply_does_not_count():
    s = pos(
        """
        . . . . .
        . . b w .
        . . b w .
        . . b w .
        . . b . b""",
        to_move="b",
    )
    # Black completes c1..c5; the chain counts only at Black's next turn.
    s = s.play(s.parse_move("c5"))
    assert s.has_chain(BLACK) and s.outcome() is None and s.to_move == 1
    v = s.view()
    assert v["highlights"] == [{"kind": "threat", "cells": ["c1", "c2", "c3", "c4", "c5"]}]
    assert "must break it" in notes(v)[0]
    # White d3 -> c3 turns c3 White and d3 Black; the crosscuts c2/d3 and
    # c4/d3 (Black 1,1 against White 1,2) cut both detours through d3.
    s = s.play(s.parse_move("d3>c3"))
    assert not s.has_chain(BLACK) and s.outcome() is None and s.to_move == 0
    assert not ref_of(s).chain("B")
    # Had White played elsewhere, Black would have won.
    t = pos(
        """
        . . b . .
        . . b w .
        . . b w .
        . . b w .
        . . b . b""",
        to_move="w",
    )
    t = t.play(t.parse_move("a5"))
    assert t.outcome().winner == 0 and t.outcome().cells == ("c1", "c2", "c3", "c4", "c5")


def test_no_move_loses_on_a_full_checkered_board():
    # White to move: every White stack has height 1, every Black neighbour
    # height 2, so White has no move and loses; Black's column is a chain.
    s = pos(
        """
        w w wb w w
        w w wb w w
        w w wb w w
        w w wb w w
        w w wb w w""",
        to_move="w",
        variant="checkered",
    )
    assert s.legal_moves() == []
    out = s.outcome()
    assert out.winner == 0 and "no move" in out.reason
    assert set(out.cells) == {"c1", "c2", "c3", "c4", "c5"}
    assert ref_of(s).outcome() == (0, "no move")
    # One White stack of height 2 beside the column gives White a move.
    s = pos(
        """
        w w wb w bw
        w w wb w w
        w w wb bw w
        w w wb w w
        w w wb w w""",
        to_move="w",
        variant="checkered",
    )
    assert s.outcome() is None and legal_texts(s) == {"d3>c3"}


def test_checkered_board_stays_full_and_piece_count_grows():
    s = new("escabel", "checkered", size=5)
    rng = random.Random(5)
    for ply in range(1, 30):
        moves = s.legal_moves()
        if not moves:
            break
        s = s.play(rng.choice(moves))
        v = s.view()
        assert len(v["pieces"]) == 25
        assert sum(len(p["stack"]) for p in v["pieces"]) == 25 + ply - s.swapped


# ---------------------------------------------------------------------------
# The pie rule and the seats


def test_pie_swap_exchanges_colours_and_keeps_the_board():
    s = new("escabel", size=5)
    assert "swap" not in legal_texts(s)
    with pytest.raises(IllegalMoveError, match="after Black's first move"):
        s.parse_move("swap")
    s = play(s, "c3")
    assert s.to_move == 1 and s.colour_to_move == WHITE and s.swap_allowed()
    assert "swap" in legal_texts(s)
    assert counters(s.view()) == [(0, "1 stack"), (1, "0 stacks")]
    assert [p["color"] for p in s.view()["players"]] == ["black", "white"]
    assert names(s.view()) == ["Player 1 (Black)", "Player 2 (White)"]
    assert any(
        "swap sides" in m and "Player 2 would then play Black and Player 1 White" in m
        for m in notes(s.view())
    )
    t = s.play(s.parse_move("swap"))
    assert t.to_move == 0 and t.colour_to_move == WHITE and t.swapped == 1 and t.ply == 2
    # the panel names who now holds which colour
    assert [p["color"] for p in t.view()["players"]] == ["white", "black"]
    assert names(t.view()) == ["Player 1 (White)", "Player 2 (Black)"]
    assert notes(t.view())[-1] == ("The players swapped sides: Player 1 now plays White, Player 2 Black.")
    assert not any("may move, or swap" in m for m in notes(t.view()))
    assert t.board_text() == s.board_text() and t.to_text().endswith(" w swapped")
    assert t.view()["pieces"] == [{"cell": "c3", "owner": 1, "stack": [1]}]
    edges = t.view()["board"]["edges"]
    assert [e["owner"] for e in edges] == [1, 1, 0, 0]  # top/bottom: Black = seat 1
    assert t.view()["last_move"] == [] and "swapped" in notes(t.view())[-1]
    assert "swap" not in legal_texts(t)
    with pytest.raises(IllegalMoveError, match="already swapped"):
        t.parse_move("swap")
    # Seat 0, now White, places a White piece; then seat 1 plays Black.
    u = play(t, "a1")
    assert {p["cell"]: p["owner"] for p in u.view()["pieces"]} == {"c3": 1, "a1": 0}
    assert u.to_move == 1 and u.colour_to_move == BLACK
    # A Black chain now wins for seat 1.
    for text in ("c1", "a2", "c2", "a3", "c4", "a4", "c5", "b5"):
        u = play(u, text)
    out = u.outcome()
    assert u.colour_to_move == BLACK and out.winner == 1 and "Player 2 (Black)" in out.reason
    assert (
        replay(new("escabel", size=5), ["c3", "swap", "a1", "c1", "a2", "c2", "a3", "c4", "a4", "c5", "b5"])[
            -1
        ]
        == u
    )


def test_pie_off_and_loaded_swap_flags():
    s = play(new("escabel", size=5, pie=False), "c3")
    assert "swap" not in legal_texts(s) and not s.swap_allowed()
    with pytest.raises(IllegalMoveError, match="pie rule is off"):
        s.parse_move("swap")
    with pytest.raises(PositionError, match="pie rule is off"):
        load("escabel standard size=5,pie=off 5/5/2b2/5/5 w swapped")
    with pytest.raises(PositionError, match="before Black's first move"):
        load("escabel standard size=5,pie=on 5/5/5/5/5 b swapped")
    t = load("escabel standard size=5,pie=on 5/5/2b2/5/5 w")
    assert t.swap_allowed() and t.ply == 1
    u = load("escabel standard size=5,pie=on 5/5/2b2/5/5 w swapped")
    assert u.to_move == 0 and u.ply == 2 and not u.swap_allowed()
    swapped = t.play(t.parse_move("swap"))
    assert u == swapped and u.zobrist() == swapped.zobrist()


# ---------------------------------------------------------------------------
# Position texts


def test_position_text_round_trip_and_errors():
    s = play(new("escabel", size=5, pie=False), "c3", "c4", "c3>c4", "b2")
    text = s.to_text()
    assert text == "escabel standard size=5,pie=off 5/2(wb)2/2w2/1w3/5 b"
    assert load(text) == s and load(text).to_text() == text and load(text).ply == 4
    assert load(text).zobrist() == s.zobrist()
    bad = {
        "5/2(wb)2/2w2/1w3 b": "needs 5 ranks",
        "5/2(wb)2/2w2/1w3/5 x": "must be 'b' or 'w'",
        "5/2(wb)2/2w2/1w3/5 w": "so it is Black's turn, not White's",
        "5/2(wb)2/2w2/1w3/5 b extra": "expected 'swapped'",
        "5/2(wb)2/2w2/1w3/5": "an Escabel position",
        "5/2(wb)2/2w2/1w3/5 b swapped x": "an Escabel position",
        "5/2(wb)2/2w2/1w3/6 b": "exactly 5 points",
        "5/2(wb)3/2w2/1w3/5 b": "exactly 5 points",
        "5/2(wb)2/2w2/1w3/bbbbbb b": "more than 5 points",
        "5/2(b)2/2w2/1w3/5 b": "is not a stack",
        "5/2(bx)2/2w2/1w3/5 b": "is not a stack",
        "5/2()2/2w2/1w3/5 b": "is not a stack",
        "5/2(wb2/2w2/1w3/5 b": "without '[)]'",
        "5/2(wb)2/2w2/1w3/05 b": "cannot be '05'",
        "5/2(wb)2/2w2/1w3/" + "9" * 5000 + " b": "cannot be '99999",
        "5/2(wb)2/2W2/1w3/5 b": "unexpected 'W'",
    }
    for body, words in bad.items():
        with pytest.raises(PositionError, match=words):
            load("escabel standard size=5,pie=off " + body)
    with pytest.raises(PositionError, match="always full"):
        load("escabel checkered size=5,pie=on,corners=black bwbwb/wbwbw/bwbwb/wbwbw/bwbw1 b")
    with pytest.raises(PositionError, match="does not give option"):
        load("escabel standard size=5 5/5/5/5/5 b")
    # Checkered texts count the moves from the full board.
    c = play(new("escabel", "checkered", size=5), "a1>b1", "swap")
    assert c.to_text().endswith(" w swapped") and load(c.to_text()) == c and c.ply == 2


def test_stacks_higher_than_play_can_build_are_refused_at_once():
    # A stack grows from h to h + 1 only beside a stack of height h, which
    # stays: no stack outgrows the number of points.  A 60,000-piece stack
    # took seconds to load and grew the hash table for good.
    import time

    from gamut.games.escabel import board as escabel

    rows = len(escabel.ZOBRIST[0])
    huge = "(" + "bw" * 30_000 + ")"
    t0 = time.perf_counter()
    with pytest.raises(PositionError, match="higher than 25"):
        load(f"escabel standard size=5,pie=off 5/5/2{huge}2/5/5 b")
    assert time.perf_counter() - t0 < 0.5 and len(escabel.ZOBRIST[0]) == rows
    with pytest.raises(PositionError, match="higher than 25"):
        load("escabel standard size=5,pie=off 5/5/2(" + "b" * 26 + ")2/5/5 b")
    tall = load("escabel standard size=5,pie=off 5/5/2(" + "b" * 25 + ")2/5/5 w")
    assert load(tall.to_text()) == tall


def test_zobrist_covers_what_the_rules_see_and_equality_the_whole_stack():
    # Two positions differing only below the tops of their stacks: the rules
    # treat them alike (same hash, for transpositions), but they are not the
    # same position (the view draws the pieces), so they are not equal.
    a = load("escabel standard size=5,pie=on 5/5/1(bw)(wb)2/5/5 b")
    b = load("escabel standard size=5,pie=on 5/5/1(ww)(bb)2/5/5 b")
    assert a.zobrist() == b.zobrist() and a != b
    assert a.legal_moves() == b.legal_moves()
    # The incremental hash agrees with one computed from scratch.
    s = play(new("escabel", size=5), "c3", "swap", "c4", "b4", "c4>c3")
    assert s.zobrist() == load(s.to_text()).zobrist()
    # The same board and colour to move, but the seats hold other colours.
    t = play(new("escabel", size=5), "c3", "c4", "b4", "c4>c3")
    assert t.board_text() == s.board_text() and t.colour_to_move == s.colour_to_move
    assert t != s and t.zobrist() != s.zobrist()


# ---------------------------------------------------------------------------
# Perft, recorded and cross-checked by the brute-force reference

PERFT = {
    ("standard", 5, "black"): (25, 625, 14480),
    ("standard", 7, "black"): (49, 2401, 113064),
    ("checkered", 5, "black"): (40, 1412, 41300),
    ("checkered", 5, "white"): (40, 1412, 41188),
}


@pytest.mark.parametrize("variant,size,corners", list(PERFT))
def test_perft_recorded_and_matches_brute_force(variant, size, corners):
    kw = {"size": size}
    if variant == "checkered":
        kw["corners"] = corners
    s = new("escabel", variant, **kw)
    expected = PERFT[variant, size, corners]
    assert tuple(perft(s, d) for d in (1, 2, 3)) == expected
    ref = Ref.start(size, variant == "checkered", "B" if corners == "black" else "W")
    assert tuple(ref.perft(d) for d in (1, 2, 3)) == expected


@pytest.mark.slow  # (2 s; depths 1-3 above are the fast loop's)
def test_perft_depth_4():
    # Standard 5x5 cross-checked here; checkered 5x5 (corners black) was
    # cross-checked once by the same brute force (20 s, too slow to repeat).
    s = new("escabel", size=5)
    assert perft(s, 4) == Ref.start(5).perft(4) == 323000
    assert perft(new("escabel", "checkered", size=5), 4) == 992052


def test_perft_without_pie():
    s = new("escabel", size=5, pie=False)
    ref = Ref.start(5, pie=False)
    assert perft(s, 3) == ref.perft(3) == 25 * 24 * 23 + 80


# ---------------------------------------------------------------------------
# Random playouts


def playout(state, rng, max_plies=400, action_bias=0.6):
    """States and move texts of a random game (biased towards move actions,
    which build tall stacks and crosscuts with interesting heights)."""
    states, texts = [state], []
    while len(texts) < max_plies:
        moves = state.legal_moves()
        if not moves:
            break
        actions = [m for m in moves if m.is_action]
        if actions and rng.random() < action_bias:
            m = rng.choice(actions)
        else:
            m = rng.choice(moves)
        texts.append(state.move_text(m))
        state = state.play(m)
        states.append(state)
    return states, texts


def start_state(variant, size, corners, pie):
    kw = {"size": size, "pie": pie}
    if variant == "checkered":
        kw["corners"] = corners
    return new("escabel", variant, **kw)


games = st.tuples(
    st.sampled_from(["standard", "checkered"]),
    st.integers(5, 9),
    st.sampled_from(["black", "white"]),
    st.booleans(),
    st.integers(0, 2**32),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_playouts_properties(game):
    variant, size, corners, pie, seed = game
    rng = random.Random(seed)
    start = start_state(variant, size, corners, pie)
    states, texts = playout(start, rng)
    for s in states:
        chains = s.has_chain(BLACK), s.has_chain(WHITE)
        assert not all(chains), "both players have a winning chain"
        assert load(s.to_text()).ply == s.ply  # (tall stacks: tests/test_protocol.py has few)
    final = states[-1]
    if final.outcome() is not None:
        out = final.outcome()
        assert out.winner in (0, 1) and out.cells  # drawless; the winning chain shown
        colour = final.colour_to_move ^ (out.winner != final.to_move)
        assert set(out.cells) == set(final.chain_cells(colour))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.tuples(
        st.sampled_from(["standard", "checkered"]),
        st.integers(5, 7),
        st.sampled_from(["black", "white"]),
        st.integers(0, 2**32),
        st.floats(0.0, 1.0),
    )
)
def test_random_playouts_agree_with_brute_force(game):
    variant, size, corners, seed, bias = game
    rng = random.Random(seed)
    start = start_state(variant, size, corners, True)
    states, texts = playout(start, rng, max_plies=150, action_bias=bias)
    ref = Ref.start(size, variant == "checkered", "B" if corners == "black" else "W")
    for s, text in zip(states, texts + [None]):
        assert ref_of(s).board == ref.board
        assert legal_texts(s) == set(ref.moves())
        out, rout = s.outcome(), ref.outcome()
        assert (out.winner if out else None) == (rout[0] if rout else None)
        assert s.has_chain(BLACK) == ref.chain("B") and s.has_chain(WHITE) == ref.chain("W")
        if rout and rout[1] == "no move":  # the seed: the opponent then has a chain
            assert ref.chain("BW"[s.colour_to_move ^ 1])
        if text is not None:
            ref = ref.play(text)


def test_games_end_and_have_one_winner():
    """Many complete random games on sizes 5-9: every one ends, with a winner."""
    rng = random.Random(2024)
    for k in range(40):
        variant = ("standard", "checkered")[k % 2]
        start = start_state(variant, 5 + k % 5, ("black", "white")[k // 2 % 2], k % 3 > 0)
        states, _ = playout(start, rng, max_plies=2000, action_bias=0.3)
        out = states[-1].outcome()
        assert out is not None and out.winner in (0, 1)


def test_why_illegal_sentences():
    s = play(new("escabel", size=5), "c3", "c4", "b4")  # White to move
    assert "empty point" in str(s.why_illegal([]))
    assert "Black stack of height 1" in str(s.why_illegal(["c3"]))
    assert "empty" in str(s.why_illegal(["c4", "c5"]))
    assert "not orthogonally adjacent" in str(s.why_illegal(["c4", "d5"]))
    assert "Black stacks" not in str(s.why_illegal(["c4", "c4"]))
    assert "not to itself" in str(s.why_illegal(["c4", "c4"]))
    assert "White can move only White stacks" in str(s.why_illegal(["b4", "c4"]))
    assert "5x5 board" in str(s.why_illegal(["f6"]))
    assert "one point" in str(s.why_illegal(["c4", "b4", "a4"]))
    assert "pick the adjacent enemy stack" in str(s.why_illegal(["c4"]))
    t = play(s, "a1")  # Black to move
    assert "pick the adjacent enemy stack" in str(t.why_illegal(["c3"]))
    u = play(t, "e5")  # White's a1 has no neighbour at all
    assert "has no orthogonally adjacent Black stack" in str(u.why_illegal(["a1"]))
    w = play(t, "c3>c4")  # c4 becomes Black (2), c3 White (1)
    assert "needs equal heights" in str(w.why_illegal(["c3", "c4"]))
    assert all(str(s.why_illegal([m["text"]])) for m in s.view()["moves"][:3])


# ---------------------------------------------------------------------------
# The view


def test_view_contract():
    rng = random.Random(11)
    for variant, size in (("standard", 5), ("checkered", 7), ("standard", 13)):
        s = start_state(variant, size, "black", True)
        states, _ = playout(s, rng, max_plies=60)
        for s in states[:3] + states[-3:]:
            v = s.view()
            assert json.loads(json.dumps(v)) == v
            assert v["game"] == "escabel" and v["board"]["kind"] == "points"
            assert v["board"]["stack_style"] == "rings"  # heights drawn as rings
            assert [p["color"] for p in v["players"]] == (
                ["white", "black"] if s.swapped else ["black", "white"]
            )
            for p, name in zip(v["players"], names(v), strict=True):
                assert name.endswith(f"({p['color'].capitalize()})")
            assert len(v["board"]["cells"]) == size * size
            assert len(v["board"]["edges"]) == 4
            for mv in v["moves"]:
                m = s.parse_move(mv["text"])
                assert s.move_text(m) == mv["text"]
                assert mv["clicks"] == list(m.cells())
                if m.is_swap:
                    assert mv["clicks"] == [] and label(mv) == "Swap sides"
            assert len(v["moves"]) == len(s.legal_moves())
            for p in v["pieces"]:
                assert p["owner"] == p["stack"][-1]
                assert ("label" in p) == (len(p["stack"]) > 1)
            if s.outcome():
                assert v["outcome"]["winner"] == s.outcome().winner
                assert v["highlights"][0] == {"kind": "win", "cells": v["outcome"]["cells"]}


@pytest.mark.parametrize("size", [5, 7, 13])
def test_move_order_keys_are_the_spelled_out_priorities(size):
    # The table-driven priorities against their definition: a move action
    # 300, the swap 0, a placement 20 per stack among its eight neighbours
    # plus its centrality.
    from gamut.games.escabel import evaluation

    rng = random.Random(size)
    for _ in range(20):
        s = new("escabel", None, size=size)
        for _ in range(rng.randrange(50)):
            if s.outcome() is not None:
                break
            s = s.play(rng.choice(s.legal_moves()))
        geo, occ = s.geo, s.black | s.white
        expected = []
        for m in s.legal_moves():
            if m.is_swap:
                expected.append(0)
            elif m.is_action:
                expected.append(300)
            else:
                c = m & 2047
                r, f = divmod(c, geo.stride)
                stacks = sum(
                    1
                    for dr in (-1, 0, 1)
                    for df in (-1, 0, 1)
                    if (dr or df)
                    and 0 <= r + dr < size
                    and 0 <= f + df < size
                    and occ >> c + dr * geo.stride + df & 1
                )
                centre = size - abs(2 * r - size + 1) // 2 - abs(2 * f - size + 1) // 2
                expected.append(20 * stacks + centre)
        assert evaluation.move_order_keys(s, s.legal_moves()) == expected
