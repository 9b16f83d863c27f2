"""EL in three lessons: writing numbers and the two shapes of an EL, which
ELs count (four of six; blocking, and not finishing your opponent's), and
threats (declaring them, winning on a declared cell).  Positions: the rules
diagrams' (web/games/el/diagrams.json) and small changes of them."""

from __future__ import annotations

from .lesson import Goal, Lesson, Step

_HEAD = "el standard first-two-equal=off,full-board=draw,declare-threats=off "
_DECLARE = "el standard first-two-equal=off,full-board=draw,declare-threats=on "
EMPTY = _HEAD + "....../....../....../....../....../...... r"
LINE = _HEAD + "....../....../..b2.../....../....../r1r2b3r4b5. r last=c4"
ELL = _HEAD + "....r1r3/.b1..../.b2..../.r3..../.b4r5.../...... b last=f6"
TWO_ROWS = _HEAD + "....../....../b1r2b3r4b5./....../....../r1r2b3r4b5. r last=e4"
THREAT = _HEAD + "r1b2r3b4r5./b1...b5./....../....../....../r6....r6 b last=e6"
TRAP = _HEAD + ".....r2/....../....../....../r1...r5./b1b2r3b4b5. r last=e1"
DECLARE = _DECLARE + "....../....../....../....../r1r2.b5b6./...... r last=b2,e2 declared=-;-"

LESSONS = (
    Lesson(
        "writing",
        "Writing numbers",
        (
            Step(
                "write",
                "Write a 5 on the cell c4.",
                EMPTY,
                Goal("move", moves=("c4=5",)),
                well="A turn is one number from 1 to 6, in your colour, on any empty cell. "
                "Numbers never move and are never erased.",
                miss="Click c4, then 5 in the row under the board (or type 5).",
                moves=("c4=5",),
            ),
            Step(
                "line",
                "Win: the bottom row is one number short.",
                LINE,
                Goal("win"),
                well="Six cells in a row hold 1, 2, 3, 4, 5 and 6, each once, and four of them are "
                "Red's: an EL for Red, who wins.",
                miss="The row a1-f1 needs each number from 1 to 6 exactly once: which one is missing?",
                moves=("f1=6",),
            ),
            Step(
                "ell",
                "Win with an L: six cells in a row with one turn.",
                ELL,
                Goal("win"),
                well="Six cells with one right-angle turn, the numbers 1 to 6, and four of them "
                "Blue's: an L counts as well as a line.",
                miss="Follow column b down from b5 and turn right at b2: which cell and number finish it?",
                moves=("d2=6",),
            ),
        ),
    ),
    Lesson(
        "counting",
        "Which ELs count",
        (
            Step(
                "four",
                "Win: one of the two rows gives you four of the six numbers.",
                TWO_ROWS,
                Goal("win"),
                well="Row 1 holds your 1, 2 and 4: with your 6 that makes four of six, an EL of yours.",
                miss="Count your numbers in each row: an EL needs at least four of its six in your colour.",
                moves=("f1=6",),
                wrong=(
                    (
                        "f4=6",
                        "f4=6 finishes 1 to 6 on row 4, but three numbers are Red's and three Blue's: "
                        "three and three is no EL for anyone.",
                    ),
                ),
            ),
            Step(
                "block",
                "Red threatens to finish the top row. Stop it.",
                THREAT,
                Goal("defend"),
                well="A number of yours on f6 fills the cell Red needed: the top row can never hold "
                "Red's 6 now.",
                miss="Red's 1, 3 and 5 with a 6 on f6 would be four of six: take that cell first.",
                moves=("f6=1", "f6=6"),
            ),
            Step(
                "trap",
                "Blue needs a 6 on f1. Fill f1 without handing Blue the game.",
                TRAP,
                Goal("defend"),
                well="Your number on f1 ends Blue's row. A 6 would have finished it for Blue (four of "
                "the six Blue's): a number that completes only your opponent's EL makes them win.",
                miss="Write on f1, and think about which number finishes the row.",
                moves=("f1=4", "f1=5"),
                wrong=(
                    (
                        "f1=6",
                        "f1=6 completes the row with Blue's 1, 2, 4 and 5: four of six are Blue's, "
                        "so your own number makes Blue win.",
                    ),
                ),
            ),
        ),
    ),
    Lesson(
        "threats",
        "Declaring threats",
        (
            Step(
                "declare",
                "You wrote 3 on c2. Now declare every cell where you threaten to win.",
                DECLARE,
                Goal("declare"),
                play=("c2=3",),
                well="With 1, 2 and 3 on a2-c2, a 4 finishes an EL on a1, a3, e1, e3 or f2. With "
                "declared threats on, a win counts only on a cell you declared.",
                miss="A threat is a cell where one number of yours would finish an EL next turn.",
                moves=("declare:a1,e1,f2,a3,e3",),
                wrong=(
                    (
                        "declare:-",
                        "You threaten on a1, a3, e1, e3 and f2: a 4 on any of them finishes an EL, "
                        "and a threat left out does not count.",
                    ),
                ),
            ),
            Step(
                "declared-win",
                "You declared a1 last turn. Win now.",
                DECLARE,
                Goal("win"),
                play=("c2=3", "declare:a1", "b4=1", "declare:-"),
                well="a1=4 finishes a1-a2-b2-c2-d2-e2 on the cell you declared: it counts.",
                miss="Win where you declared: a1.",
                moves=("a1=4",),
                wrong=(
                    (
                        "e1=4",
                        "e1=4 would finish an EL, but you did not declare e1 last turn, so it "
                        "does not count and the game goes on.",
                    ),
                ),
            ),
        ),
    ),
)
