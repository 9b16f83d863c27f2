"""EVL's words in English (issue #43): the messages only this game
says, by id, in ICU MessageFormat as :mod:`gamut.english`'s.  The game's
GameInfo passes them as ``english=``, and :func:`gamut.core.register` merges
them into :data:`gamut.messages.ENGLISH`, the one table the engine formats;
the page's catalogs hold them under the same keys."""

from __future__ import annotations

#: EVL's words in English: id -> ICU MessageFormat message.
ENGLISH: dict[str, str] = {
    # its moves refused or explained: the notation (parse_move), the board's clicks
    "error.evl.notText": "a move must be text such as 'b3' or 'b3-b4-c4'",
    "error.evl.pentagonText": (
        "{cell} is a pentagon: pieces go only on heptagons (a1 to d7); pentagons are won by surrounding them"
    ),
    "error.evl.unreadable": (
        "cannot read move {text}: write a placement as a heptagon (b3) or an unstack as its path "
        "(b3-b4-c4); heptagons run from a1 to d7"
    ),
    "error.evl.pentagon": (
        "{cell} is a pentagon: pieces go only on heptagons; pentagons are won by surrounding them with an unstack."
    ),
    "error.evl.click": "Click a heptagon to place a piece, or one of your stacks to unstack it.",
    "error.evl.legal": "{move} is a legal move.",
    "error.evl.noHand": "{who} has no pieces left in hand and must unstack.",
    "error.evl.noHandPath": (
        "{who} has no pieces left in hand and must unstack. "
        "To unstack the stack on {cell}, go on to the heptagons of its path."
    ),
    "error.evl.theirs": (
        "{cell} is controlled by {other} (top piece); you may place only on an empty heptagon "
        "or on a stack you control."
    ),
    "error.evl.full": "{cell} already holds {max} pieces; no stack may be taller than {max}.",
    "error.evl.fullPath": (
        "{cell} already holds {max} pieces; no stack may be taller than {max}. "
        "To unstack the stack on {cell}, go on to the heptagons of its path."
    ),
    "error.evl.notPlacement": "{cell} is not a legal placement.",
    "error.evl.fromEmpty": "{cell} is empty: an unstack starts on a stack {who} controls.",
    "error.evl.notOwn": (
        "The stack on {cell} is controlled by {other} (top piece); you may unstack only a stack you control."
    ),
    "error.evl.single": (
        "{cell} holds a single piece, which is not a stack; only stacks of 2 or more can be unstacked."
    ),
    "error.evl.tooFar": (
        "A stack of {height} moves at most {height} {height, plural, one {heptagon} other {heptagons}}; "
        "this path has {steps} {steps, plural, one {step} other {steps}}."
    ),
    "error.evl.returns": "The path returns to {cell}, where it started; a path may not visit a heptagon twice.",
    "error.evl.twice": "The path visits {cell} twice; a path may not visit a heptagon twice.",
    "error.evl.apart": (
        "{from} and {to} do not touch; each step of an unstack goes to an adjacent heptagon."
    ),
    "error.evl.cross": (
        "{cell} holds {max} pieces: dropping a piece there would make {over}, "
        "so a stack of {max} cannot be crossed."
    ),
    "error.evl.landing": (
        "Landing {count} {count, plural, one {piece} other {pieces}} on {cell} (height {height}) would make "
        "a stack of {total}; no stack may be taller than {max}."
    ),
    "error.evl.landingOn": (
        "Landing {count} {count, plural, one {piece} other {pieces}} on {cell} (height {height}) would make "
        "a stack of {total}; no stack may be taller than {max}. The path can go on from {cell}."
    ),
    # its moves and results said
    "move.evl.place": "{who} places on {cell}",
    "move.evl.placeStack": "{who} places on {cell}, a stack of {height}",
    "move.evl.unstack": "{who} unstacks {count} from {cell}: {path}",
    "move.evl.unstackTakes": (
        "{who} unstacks {count} from {cell}: {path}; takes {taken}; {placed} of {markers} markers placed"
    ),
    "move.evl.left": "a {colour, select, black {Black} other {White}} piece left on {cell}",
    "move.evl.landStack": "{count} {count, plural, one {lands} other {land}} on {cell}, a stack of {height} topped by {top}",
    "move.evl.landPiece": (
        "{count} {count, plural, one {lands} other {land}} on {cell}, "
        "a {colour, select, black {Black} other {White}} piece"
    ),
    "move.evl.steps": "{first}, {rest}",
    "move.evl.takenFrom": "{pentagon} (from {owner})",
    "move.evl.mustUnstack": "{who} has no pieces in hand and must unstack",
    "result.evl.markers": "{winner} wins: all {markers} markers are on the board",
    "result.evl.repetitionWin": (
        "{winner} wins: the same position occurred a third time; "
        "Black {black} {black, plural, one {pentagon} other {pentagons}}, White {white}"
    ),
    "result.evl.repetitionDraw": (
        "Draw: the same position occurred a third time; "
        "Black {black} {black, plural, one {pentagon} other {pentagons}}, White {white}"
    ),
    "result.evl.stuckWin": (
        "{winner} wins: {stuck} can neither place nor unstack; "
        "Black {black} {black, plural, one {pentagon} other {pentagons}}, White {white}"
    ),
    "result.evl.stuckDraw": (
        "Draw: {stuck} can neither place nor unstack; "
        "Black {black} {black, plural, one {pentagon} other {pentagons}}, White {white}"
    ),
    # the view's words
    "view.evl.captured": "{who} captured {taken}.",
    "view.evl.mustUnstack": "{who} has no pieces in hand and must unstack.",
    # the position editor (editor.py)
    "error.setup.evl.tall": "the stack on {cell} has {n} pieces; no stack may be taller than {max}",
    "error.setup.evl.pieces": (
        "too many pieces: {who} has {n} on the board, but a player has {total} pieces in all"
    ),
    "error.setup.evl.hand": (
        "too many pieces: {who} has {n} on the board and {hand} in hand, {sum} in all, "
        "but a player has {total}"
    ),
    "error.setup.evl.markers": "too many markers: {who} has {n} on the board, but a player has {total}",
    "setup.evl.inHand": "in hand",
    # its counts (the score command: score_said)
    "score.evl.side": (
        "{who}: {markers} of {of} markers placed, {hand, plural, one {# piece} other {# pieces}} in hand, "
        "controls {stacks, plural, one {# stack} other {# stacks}}"
    ),
    # reading its position texts (positions.py)
    "error.position.evl.row": "row {row}",
    "error.position.evl.band": "band {band}",
    "error.position.evl.runDigits": "{what}: write a run of empty cells as one digit",
    "error.position.evl.stackForm": "{what}: a stack is written like (bww), bottom to top",
    "error.position.evl.single": "{what}: write a single piece without parentheses",
    "error.position.evl.tall": "{what}: the stack {stack} is taller than {max}",
    "error.position.evl.unexpected": "{what}: unexpected {char}",
    "error.position.evl.cells": "{what} must describe exactly {size} cells, not {count}",
    "error.position.evl.format": (
        "an EVL position is '<heptagon rows a/b/c/d> <pentagon bands ab/bc/cd> <b|w> "
        "[hands=<black>,<white>] [history=...]'"
    ),
    "error.position.evl.hands": "hands= gives Black's and White's pieces in hand, e.g. hands=3,5, not {text}",
    "error.position.evl.rows": "the heptagons need 4 rows (a/b/c/d) separated by '/'",
    "error.position.evl.bands": "the pentagons need 3 bands (ab/bc/cd) separated by '/'",
    "error.position.evl.pieces": "{who} has {count} pieces on the board but only {total} in all",
    "error.position.evl.markers": "{who} has {count} markers on the board but only {max}",
    "error.position.evl.blackFirst": (
        "Black moves first and starts with a placement, so Black must have a piece on the board"
    ),
    "error.position.evl.whiteFirst": (
        "White's first move is a placement, so with Black to move White must have a piece on the board"
    ),
    "error.position.evl.markersWon": "markers are won by unstacking, which needs a stack on the board",
    "error.position.evl.ended": (
        "{who} has all {markers} markers on the board, so the game ended on {who}'s move "
        "and it cannot be {who}'s turn"
    ),
    "error.position.evl.handTooMany": (
        "{who} has {board, plural, one {# piece} other {# pieces}} on the board and {hand} in hand: "
        "{sum}, more than the {total} each player has"
    ),
    "error.position.evl.handsFull": (
        "hands= is written only when a hand holds fewer than the rest of its player's pieces"
    ),
    "error.position.evl.historyForm": "history is '<rows>:<bands>:<b|w>:<path>,<path>,...'",
    "error.position.evl.historyPlacement": (
        "history move {move} is a placement; the history holds only the unstacks since the last placement"
    ),
    "error.position.evl.historyLeads": "the history does not lead to this position",
}
