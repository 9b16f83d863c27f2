"""Escabel in three lessons: stacks and moves (placing, moving onto an
enemy stack of the same height), connections and crosscuts (taking a
crosscut's stack, the taller diagonal), winning (a chain that survives the
reply, breaking White's, the pie rule).  Positions: the rules diagrams'
(web/games/escabel/diagrams.json) and small boards built on them, 5x5
without the pie rule but for the step that teaches it."""

from __future__ import annotations

from .lesson import Goal, Lesson, Step

_HEAD = "escabel standard size=5,pie=off "
TWO = _HEAD + "5/2b2/5/2b2/1w1w1 b"
MOVE = "escabel standard size=5,pie=on 5/1ww2/2b2/3b1/5 b"  # the rules' "moving a stack"
HEIGHT = _HEAD + "5/1w(wb)(bw)1/5/5/2b2 b"
CROSSCUT = _HEAD + "4w/5/1wb2/1bw2/2b2 b"
TALLER = _HEAD + "2b2/2b2/1w(wb)2/1(wb)w2/5 b"
CHAIN = _HEAD + "1b1w1/1b1w1/1b1w1/1b1w1/5 b"
BREAK = _HEAD + "b3b/4b/wwb2/2www/b4 b"
PIE = "escabel standard size=5,pie=on 5/5/5/5/5 b"

LESSONS = (
    Lesson(
        "stacks",
        "Stacks and moves",
        (
            Step(
                "place",
                "Connect your stacks on c2 and c4 with one piece.",
                TWO,
                Goal("connect", cells=("c2", "c4")),
                well="Stacks of one colour that touch, side by side or diagonally, are connected: "
                "a piece on c3, b3 or d3 touches both.",
                miss="Place a piece on an empty point that touches both c2 and c4 (diagonals count).",
                moves=("c3", "b3", "d3"),
            ),
            Step(
                "move",
                "Move your stack on c3 onto the white stack beside it.",
                MOVE,
                Goal("capture"),
                well="Your top piece lands on the white stack, which becomes yours and one taller; "
                "a white piece is put on the point you left, so it keeps its height but is White's.",
                miss="Click c3, then a white stack beside it (left, right, up or down: not diagonally).",
                moves=("c3>c4",),
            ),
            Step(
                "height",
                "Capture a white stack with your stack on c4.",
                HEIGHT,
                Goal("capture"),
                well="A stack moves only onto an enemy stack of the same height: c4 is two tall, "
                "so it takes d4 (two tall), never b4 (one).",
                miss="Your c4 is two tall: find the white stack beside it that is two tall too.",
                moves=("c4>d4",),
            ),
        ),
    ),
    Lesson(
        "crosscuts",
        "Connections and crosscuts",
        (
            Step(
                "crosscut",
                "The crosscut cuts your b2 from c3. Connect them.",
                CROSSCUT,
                Goal("connect", cells=("b2", "c3")),
                well="In the 2x2 block b2, c2, b3, c3 both diagonals were one tall, so both were cut. "
                "Taking c2 from c1 makes it yours, two tall, beside b2 and c3 (going round through "
                "c1 and d2 joins them too).",
                miss="b2 and c3 touch only diagonally, across a crosscut of equal heights: both "
                "diagonals are cut. Take one of the white stacks in the block, or go round it.",
                moves=("c1>c2", "d2"),
            ),
            Step(
                "taller",
                "Win: join top and bottom. Your diagonal b2-c3 is taller than White's.",
                TALLER,
                Goal("chain"),
                well="Your b2 and c3 are two tall, White's b3 and c2 one: the taller diagonal of a "
                "crosscut is connected. c5-c4-c3-b2 and your new piece join top and bottom, and "
                "White cannot break it.",
                miss="Your chain runs from c5 down to b2: add the last link on the bottom edge, "
                "where White cannot take it.",
                moves=("a1", "b1"),
            ),
        ),
    ),
    Lesson(
        "winning",
        "Winning",
        (
            Step(
                "chain",
                "Join your top and bottom edges.",
                CHAIN,
                Goal("chain"),
                well="b5 to b1 is a chain of yours from top to bottom, and no white stack can take "
                "a piece of it: at the start of your next turn you win.",
                miss="Black owns the top and bottom edges: finish column b.",
                moves=("b1", "a1", "c1"),
            ),
            Step(
                "break",
                "White's chain a3-b3-c2-d2-e2 joins its edges. Break it.",
                BREAK,
                Goal("defend"),
                well="A chain completed wins only if the reply leaves it standing. A piece on b2 "
                "makes a crosscut of equal heights with b3-c2, which cuts White's diagonal; taking "
                "b3 from c3 breaks it too.",
                miss="White's chain crosses diagonally from b3 to c2: cut that link.",
                moves=("b2", "c3>b3"),
            ),
            Step(
                "swap",
                "Black took the centre. Swap sides, to have that stone for yourself.",
                PIE,
                Goal("move", moves=("swap",)),
                play=("c3",),
                well="With the pie rule, White's first turn may swap instead of moving: you now "
                "hold Black and its centre stone, and the other player moves on as White. So the "
                "first move should be neither too strong nor too weak.",
                miss="Press Swap sides (under the board) instead of placing.",
                moves=("swap",),
            ),
        ),
    ),
)
