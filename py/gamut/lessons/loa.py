"""Lines of Action in three lessons: how pieces move (the count of the
line, jumping your own), capturing, winning (a group, a double connection,
stopping a threat).  Positions: the rules diagrams' (web/games/loa/
diagrams.json) and positions reached by play."""

from __future__ import annotations

from .lesson import Goal, Lesson, Step

_HEAD = "loa standard double-connection=mover "
COUNT = _HEAD + "8/1w3b2/5w2/2w5/b2b1w2/8/1b2w3/3b4 b"  # the rules' "count the line"
NAMES = _HEAD + "8/3w4/1bw1wb2/8/1w2w2w/2bb4/6b1/8 b"
WIN = _HEAD + "5b2/1w6/2w3w1/3bb3/3bb3/1w4w1/5w2/8 b"
DOUBLE = _HEAD + "8/2ww4/2w5/5b2/4bb2/4w3/8/6b1 b"
CAPTURE_WIN = _HEAD + "5b1w/5www/4b2w/3bbb1b/2b2b2/1w2b3/8/5w2 b"
THREAT = _HEAD + "2w5/1w6/1w6/b7/3bw3/7b/8/1b6 b"

LESSONS = (
    Lesson(
        "moving",
        "How pieces move",
        (
            Step(
                "column",
                "Move the piece on d4 up its column.",
                COUNT,
                Goal("reach", frm="d4", to="d6"),
                well="Column d holds two pieces, d1 and d4. A piece moves exactly as many squares "
                "as there are pieces on its line, so d4 goes two: to d6.",
                miss="Go up column d from d4.",
                moves=("d4-d6",),
                wrong=(
                    (
                        "d4-d2",
                        "That goes down. Up column d it goes the same two squares: one for "
                        "each piece on the column (d1 and d4).",
                    ),
                ),
            ),
            Step(
                "diagonal",
                "Move the piece on d4 down and to the right, along its diagonal.",
                COUNT,
                Goal("reach", frm="d4", to="f2"),
                well="The diagonal a7-g1 holds two pieces, c5 and d4, of both colours: "
                "so d4 moves two squares, to f2. Rows, columns and diagonals all count the same way.",
                miss="Go down and to the right from d4. Count every piece on that whole diagonal, "
                "both colours, to know how far.",
                moves=("d4-f2",),
                wrong=(
                    (
                        "d4-a1",
                        "That is the other diagonal (a1-h8). Down and to the right from d4 lies e3, f2, g1.",
                    ),
                ),
            ),
            Step(
                "jump",
                "Bring the piece on d4 to the corner a1.",
                COUNT,
                Goal("reach", frm="d4", to="a1"),
                well="The long diagonal a1-h8 holds three pieces (b2, d4, f6), so d4 moves three, "
                "jumping your own piece on b2. You may jump your own pieces, never an enemy's.",
                miss="a1 lies on d4's long diagonal: count the pieces on it (b2, d4 and f6).",
                moves=("d4-a1",),
            ),
        ),
    ),
    Lesson(
        "capturing",
        "Capturing",
        (
            Step(
                "capture",
                "Capture the white piece on b4.",
                NAMES,
                Goal("capture", cells=("b4",)),
                well="Column b holds two pieces (b6 and b4), so b6 moves two and lands on b4. "
                "Landing on an enemy piece captures it.",
                miss="Which of your pieces can land exactly on b4? Count the pieces on each of its lines.",
                moves=("b6xb4",),
                wrong=(("f6xh4", "f6xh4 captures, but the piece on h4. b4 is on column b, under your b6."),),
            ),
            Step(
                "capture-diagonal",
                "Capture the white piece on h4.",
                NAMES,
                Goal("capture", cells=("h4",)),
                well="The diagonal d8-h4 holds two pieces (f6 and h4): f6 moves two and takes h4.",
                miss="h4 is on the diagonal down and to the right of f6: count its pieces.",
                moves=("f6xh4",),
                wrong=(("b6xb4", "b6xb4 takes b4. The piece to take is on h4, down the diagonal from f6."),),
            ),
        ),
    ),
    Lesson(
        "winning",
        "Winning",
        (
            Step(
                "connect",
                "Join all your pieces into one group.",
                WIN,
                Goal("win"),
                well="Column f holds two pieces (your f8 and White's f2), so f8 moves two, to f6, "
                "beside e5: all five black pieces now touch, and one group wins.",
                miss="Four of your pieces are together in the middle: bring the fifth, f8, next to them.",
                moves=("f8-f6",),
            ),
            Step(
                "double",
                "Capture on e3 and see who wins.",
                DOUBLE,
                Goal("win"),
                well="Taking e3 joins your pieces, and White's too: both groups are whole at once. "
                "Then the player who moved wins: you.",
                miss="Your g1 can capture on e3: that joins all your pieces.",
                moves=("g1xe3",),
            ),
            Step(
                "capture-win",
                "Win with a capture.",
                CAPTURE_WIN,
                Goal("win"),
                well="h5 takes f7 along its diagonal and lands touching your group on e6: every "
                "black piece is now in one group.",
                miss="Look for the piece that is apart from the others, and a capture that brings it home.",
                moves=("h5xf7",),
            ),
            Step(
                "defend",
                "White threatens to join all its pieces. Stop it.",
                THREAT,
                Goal("defend"),
                well="White's threat was e4-c6 along the diagonal. A black piece on d5 is in the way "
                "(enemy pieces are never jumped), and a piece put on g2 makes the line longer, so "
                "e4 would travel three, not two.",
                miss="White wins with e4-c6: block that diagonal, or change how many pieces are on it.",
                moves=("d4-d5", "h3-g2"),
            ),
        ),
    ),
)
