"""EVL in three lessons: placing and unstacking (a stack of your own, a
path, the wall of four), pentagons (surrounding with an unstack, placing
never captures, taking one back), winning (the last markers).  Positions:
the rules diagrams' (web/games/evl/diagrams.json) and small changes of them."""

from __future__ import annotations

from .lesson import Goal, Lesson, Step

_HEAD = "evl standard pieces=20,markers=10 "
EMPTY = _HEAD + "7/7/7/7 6/6/6 b"
PLACE = _HEAD + "7/2b1w2/3(wb)3/7 6/6/6 b"  # the rules' "placing"
UNSTACK = _HEAD + "7/1(wbb)1ww2/7/7 6/6/6 b"
WALL = _HEAD + "7/2(wbb)(wbwb)3/7/7 6/6/6 b"
CAPTURE = _HEAD + "7/4(wb)2/2b4/7 6/6/6 b"
RETAKE = _HEAD + "7/2b1w2/3(wb)3/7 6/1w4/6 b"
LAST = _HEAD + "7/4(wb)2/2b4/7 bbbbbb/6/bb4 b"

LESSONS = (
    Lesson(
        "moving",
        "Placing and unstacking",
        (
            Step(
                "place",
                "Place a piece on the heptagon b3.",
                EMPTY,
                Goal("move", moves=("b3",)),
                well="A placement puts one piece from your hand on an empty heptagon (or on your own "
                "stack). The pentagons between the rows never hold pieces.",
                miss="Click the heptagon b3: the second row from the left, third from the bottom.",
                moves=("b3",),
            ),
            Step(
                "stack",
                "Build a stack: place a piece on top of one of your own.",
                PLACE,
                Goal("move", moves=("b3", "c4")),
                well="You may place on a stack you control (its top piece is yours), up to four "
                "tall; never on White's.",
                miss="Place on b3 or c4: their top pieces are yours.",
                moves=("b3", "c4"),
                wrong=(
                    (
                        "d1",
                        "d1 is an empty heptagon: a fine placement, but no stack. Place on your "
                        "own piece on b3, or on your stack c4.",
                    ),
                ),
            ),
            Step(
                "unstack",
                "Unstack b2 along column b, to b5.",
                UNSTACK,
                Goal("reach", frm="b2", to="b5"),
                well="Your stack of three moves up to three steps: each heptagon it passes gets the "
                "stack's bottom piece (b3 a white one, b4 a black one) and the rest lands on b5.",
                miss="Click b2, then b3, b4 and b5 in turn (or drag it along), and b5 again to play.",
                moves=("b2-b3-b4-b5",),
            ),
            Step(
                "wall",
                "Take the pentagon bc3 with your stack on b3. The stack of four on b4 is a wall.",
                WALL,
                Goal("capture", frm="b3", cells=("bc3",)),
                well="A stack of four can be neither crossed nor landed on, so b3 goes round it: "
                "b2, c2, c3. Its last piece on c3 and your b4 surround bc3.",
                miss="b3 cannot go through b4 (four tall): go round it, down and across to c3.",
                moves=("b3-b2-c2-c3",),
            ),
        ),
    ),
    Lesson(
        "pentagons",
        "Pentagons",
        (
            Step(
                "capture",
                "Unstack b5 to take the pentagons bc2 and bc3.",
                CAPTURE,
                Goal("capture", cells=("bc2", "bc3")),
                well="You surround a pentagon when you control two of its four heptagons that do not "
                "touch. Your stack's last piece landed on b3, and with your c3 it surrounds bc2 "
                "and bc3: each gets a marker of yours.",
                miss="Only an unstack captures, on the heptagons it drops pieces on: go from b5 down "
                "column b.",
                moves=("b5-b4-b3",),
                wrong=(
                    ("b5-b4", "b5-b4 takes bc3 only: one step further a piece lands on b3 too, beside bc2."),
                ),
            ),
            Step(
                "placing",
                "Take bc2 and bc3 at once.",
                PLACE,
                Goal("capture", cells=("bc2", "bc3")),
                well="c4 unstacks one step to c3, and c3 with your b3 surrounds bc2 and bc3. "
                "Only an unstack captures.",
                miss="Move your stack on c4 one step, so that it controls c3.",
                moves=("c4-c3",),
                wrong=(
                    (
                        "c3",
                        "A piece placed on c3 surrounds both, but placing never captures: "
                        "only an unstack does.",
                    ),
                ),
            ),
            Step(
                "retake",
                "White's marker is on bc2. Take the pentagon back.",
                RETAKE,
                Goal("capture", cells=("bc2",)),
                well="An unstack that surrounds a pentagon White holds replaces White's marker with "
                "yours; White's goes back to White.",
                miss="Unstack c4 so that a piece of yours lands beside bc2 (on c3 or c2).",
                moves=("c4-c3", "c4-c3-c2"),
            ),
        ),
    ),
    Lesson(
        "winning",
        "Winning",
        (
            Step(
                "markers",
                "You have two markers left. Put them both on the board to win.",
                LAST,
                Goal("win"),
                well="bc2 and bc3 take your last two markers: the first player with all their "
                "markers on the board wins at once.",
                miss="You need two pentagons in one unstack: go from b5 down column b.",
                moves=("b5-b4-b3",),
                wrong=(("b5-b4", "b5-b4 takes only bc3: one marker is still in your hand."),),
            ),
        ),
    ),
)
