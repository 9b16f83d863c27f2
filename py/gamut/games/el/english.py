"""EL's words in English (issue #43): the messages only this game
says, by id, in ICU MessageFormat as :mod:`gamut.english`'s.  The game's
GameInfo passes them as ``english=``, and :func:`gamut.core.register` merges
them into :data:`gamut.messages.ENGLISH`, the one table the engine formats;
the page's catalogs hold them under the same keys."""

from __future__ import annotations

#: EL's words in English: id -> ICU MessageFormat message.
ENGLISH: dict[str, str] = {
    # its moves refused or explained: the notation (parse_move), the board's clicks
    "error.el.notText": "a move must be text such as 'c4=5'",
    "error.el.declareAfter": "a declaration comes right after your own placement",
    "error.el.autoThreats": "threats are announced automatically in this game; there is nothing to declare",
    "error.el.placeFirst": "{who} must place a number first; a declaration comes right after your own placement",
    "error.el.declareUnreadable": "cannot read {text}: write 'declare:c4,d5' (or 'declare c4,d5') or 'declare:-'",
    "error.el.declareCell": "cannot read {text}: {item} is not a cell (cells run from a1 to {last})",
    "error.el.declareOccupied": "{cell} is not empty; only empty cells can be declared as threats",
    "error.el.mustDeclare": (
        "{who} must first declare threats: write 'declare:c4,d5' with the cells where you "
        "threaten to complete an EL, or 'declare:-'"
    ),
    "error.el.unreadable": "cannot read move {text}: write the cell and the number, like c4=5",
    "error.el.offBoard": "cannot read move {text}: cells run from a1 to {last}",
    "error.el.numbers": "cannot read move {text}: numbers run from 1 to {numbers}",
    "error.el.occupied": "{cell} already holds {who}'s {number}; write on an empty cell.",
    "error.el.forced": "first two numbers equal: Red's second number must be the same as the first ({number})",
    "error.el.forcedSentence": "First two numbers equal: Red's second number must be the same as the first ({number}).",
    "error.el.markThreats": "Mark the cells where you threaten to complete an EL, then confirm (or confirm with none marked).",
    "error.el.click": "Click an empty cell and a number from 1 to {numbers}.",
    "error.el.oneNumber": "A move writes one number on one empty cell.",
    "error.el.pickCell": "Now click the empty cell to write it on.",
    "error.el.pickNumber": "Now pick a number from 1 to {numbers}.",
    # its moves and results said
    "move.el.write": "{who} writes {number} on {cell}",
    "move.el.declareNone": "{who} declares no threat",
    "move.el.declare": "{who} declares threats on {threats}",
    "move.el.threatCell": "{cell} with {numbers}",
    "move.el.threatens": "threatens {threats}",
    "move.el.undeclared": "completing an EL without having declared it: no win, the game goes on",
    "move.el.nowDeclares": "{who} now declares threats",
    "move.el.mustRepeat": "{who} must write {number} again",
    "move.el.clauses": "{first}; {rest}",
    "result.el.completed": "{winner} wins: {cell}={number} completed an EL",
    "result.el.declared": "{winner} wins: {cell}={number} completed an EL on a declared threat cell",
    "result.el.created": "{winner} wins: {cell}={number} completed an EL that {other}'s last move created",
    "result.el.forOther": "{winner} wins: {mover}'s {cell}={number} completed an EL for {winner}",
    "result.el.alsoFor": "{result} (it completed an EL for {others} too; the mover wins)",
    "result.el.undeclared": "{result} (the EL it completed for {mover} was not declared)",
    "result.el.fullSecond": "{winner} wins: the board is full with no EL (second player wins)",
    "result.el.fullDraw": "Draw: the board is full with no EL",
    # the view's words
    "view.el.declarePrompt": "Mark the cells where you threaten to complete an EL, then confirm",
    "view.el.declareNow": "Now declare your threats.",
    "view.el.mustRepeat": "{who} must write {number} again (first two numbers equal).",
    "view.el.undeclared": "{who} completed an EL with {cell} without having declared it: no win, the game goes on.",
    "view.el.declares": "Threat! {who} declares {cells}.",
    "view.el.threat": "Threat! {who} can complete an EL with {ways}.",
    # the position editor (editor.py)
    "error.setup.el.turns": (
        "the numbers do not fit turns in seat order ({first} first, one number a turn): "
        "with {k} on the board they are {expected}, not {counts}"
    ),
    "error.setup.el.over": (
        "the game would already be over: {who} has an EL on {cells}; set up a position that can still be played"
    ),
    "error.setup.el.lasts": "extra 'last' names {n} cells; a position has at most {max}",
    "error.setup.el.declared": "extra 'declared' must be a list of two lists of cells (one a seat)",
    "error.setup.el.cellNames": (
        "{what, select, last {the last placements (extra 'last')} "
        "other {a seat's declared threats (extra 'declared')}} must be a list of cell names, not {value}"
    ),
    "setup.el.number": "{who} {number}",
    "setup.el.seatCount": "{who} {n}",
    "setup.el.side": "It follows from the numbers: {first} writes first, then each seat in turn, one number a turn.",
    # its counts (the score command: score_said)
    "score.el.numbers": "{who} {n, plural, one {# number} other {# numbers}}",
    "score.el.empty": "{n, plural, one {# empty cell} other {# empty cells}}",
    "score.el.threatens": "{who} threatens {cells}",
    # reading its position texts (positions.py)
    "error.position.el.rankLong": "rank {rank} of the board has more than {n} cells",
    "error.position.el.number": "{char} on rank {rank} must be followed by a number from 1 to {numbers}",
    "error.position.el.unexpected": (
        "unexpected {char} on rank {rank}: write '.' for an empty cell and e.g. 'r5' for Red's 5 (seats {seats})"
    ),
    "error.position.el.rankCells": "rank {rank} of the board holds {count, plural, one {# cell} other {# cells}}, not {n}",
    "error.position.el.notCell": "{field}: {item} is not a cell of the board",
    "error.position.el.twice": "{field}: {cell} is given twice",
    "error.position.el.format": (
        "an EL position is '<board> <seat to move> [phase=declare] [last=<cells>] [declared=<cells>;<cells>]'"
    ),
    "error.position.el.field": "unexpected field {field} (expected phase=, last= or declared=)",
    "error.position.el.fieldOrder": "field {field} is repeated or out of order",
    "error.position.el.counts": (
        "{who} has {count, plural, one {# number} other {# numbers}} on the board, but with "
        "{total, plural, one {# number} other {# numbers}} in all and turns in seat order "
        "it must have {expected}"
    ),
    "error.position.el.phase": "phase=declare is the only phase, and only with declare-threats=on",
    "error.position.el.phaseEmpty": "nobody has placed a number yet, so nobody can declare",
    "error.position.el.seatToMove": "the seat to move must be {letter} ({who}), not {text}",
    "error.position.el.last": "last= must give the last {want, plural, one {# placement} other {# placements}}",
    "error.position.el.lastEmpty": "an empty board has no last placement",
    "error.position.el.lastSeat": "last placement {cell} must hold a number of {who}",
    "error.position.el.declaredMissing": "with declare-threats=on the position gives declared=<cells>;<cells>",
    "error.position.el.declaredForm": "declared= gives Red's cells, ';', then Blue's cells",
    "error.position.el.declaredOff": "declared= is only used with declare-threats=on",
    "error.position.el.firstTwoEqual": "first two numbers equal: Red's numbers must repeat one number",
    "error.position.el.declaredEmpty": "nobody has placed a number yet, so nobody has declared",
    "error.position.el.stale": (
        "the board holds an EL on {cells} that the last placement did not complete; "
        "the game would have ended earlier"
    ),
    "error.position.el.overDeclare": "the game is over ({result}), so nobody declares",
    "error.position.el.declared": (
        "{who}'s declared cells must be cells where {who} threatened to complete an EL when declaring "
        "(and are still empty)"
    ),
    "error.position.el.declaredPlaced": (
        "{who}'s declared cells must be cells where {who} threatened to complete an EL when declaring "
        "(and are still empty); the player who just placed has not declared yet"
    ),
}
