"""Lines of Action's words in English (issue #43): the messages only this game
says, by id, in ICU MessageFormat as :mod:`gamut.english`'s.  The game's
GameInfo passes them as ``english=``, and :func:`gamut.core.register` merges
them into :data:`gamut.messages.ENGLISH`, the one table the engine formats;
the page's catalogs hold them under the same keys."""

from __future__ import annotations

#: Lines of Action's words in English: id -> ICU MessageFormat message.
ENGLISH: dict[str, str] = {
    # its moves refused or explained: the notation (parse_move), the board's clicks
    "error.loa.notText": "a move must be text such as 'b1-d3'",
    "error.loa.noPass": "you may pass only when you have no legal move",
    "error.loa.unreadable": "cannot read move {text}: write it like b1-d3, b1xd3 or pass",
    "error.loa.offBoard": "cannot read move {text}: squares run from a1 to h8",
    "error.loa.click": "Click one of your pieces, then the square it should move to.",
    "error.loa.theirs": "{cell} holds a {colour, select, black {Black} other {White}} piece; {who} is to move.",
    "error.loa.empty": "{cell} is empty; pick one of {who}'s pieces.",
    "error.loa.mustPass": "{who} has no legal move and must pass.",
    "error.loa.stuck": "The piece on {cell} has no legal move.",
    "error.loa.canMove": "The piece on {cell} can move.",
    "error.loa.nowhere": "A piece must move; {from} to {to} goes nowhere.",
    "error.loa.notLine": "Pieces move along rows, columns and diagonals; {from} to {to} is none of these.",
    "error.loa.distance": (
        "The piece on {from} must move exactly {n} {n, plural, one {square} other {squares}} "
        "along that line ({n} {n, plural, one {piece} other {pieces}} on it), not {dist}."
    ),
    "error.loa.jump": "The piece on {from} cannot jump the enemy piece on {over}.",
    "error.loa.own": "The piece on {from} cannot land on your own piece on {to}.",
    "error.loa.illegal": "{from}-{to} is not a legal move.",
    # its moves and results said
    "move.loa.step": "{who} {from} to {to}",
    "move.loa.capture": "{who} {from} takes {to}",
    "move.loa.pass": "{who} passes, having no legal move",
    "move.loa.groups": "groups: {mover} {own}, {other} {theirs}",
    "move.loa.threat": (
        "threatens to connect with {moves}{more, plural, =0 {} one { and # more} other { and # more}}; "
        "groups: {mover} {own}, {other} {theirs}"
    ),
    "result.loa.repetition": "Draw by threefold repetition",
    "result.loa.bothDraw": "Draw: the move connected both sides at once",
    "result.loa.bothMover": "{winner} wins: the move connected both sides, and the mover wins",
    "result.loa.connected": "{winner} wins: all pieces connected",
    "result.loa.lone": "{winner} wins: a lone piece is connected",
    "result.loa.reducedLone": "{winner} wins: reduced to a lone piece, which is connected",
    # the view's words
    "view.loa.noMove": "No legal move: pass.",
    # the position editor (editor.py)
    "error.setup.loa.pieces": "too many pieces: {who} has {n}, and a side has at most the 12 it starts with",
    "error.setup.loa.none": "{who} has no piece: each side needs at least one",
    # its counts (the score command: score_said)
    "score.loa.side": (
        "{who}: {n, plural, one {# piece} other {# pieces}} in {groups, plural, one {# group} other {# groups}}"
    ),
    # reading boardspace's SGF records (sgf.py, through gamut.records)
    "error.record.sgf.cut": "the file ends inside this game (it is cut short)",
    "error.record.sgf.unexpected": "unexpected {text}",
    "error.record.sgf.closeNone": "this ')' opens no game",
    "error.record.sgf.noNode": "an SGF game holds at least one node ';'",
    "error.record.sgf.notLoa": "GM[{game}] is not Lines of Action (GM[9])",
    "error.record.sgf.size": "only the 8x8 board is supported",
    "error.record.sgf.setupBy": "setup by {ident}[...] is not supported (only SU)",
    "error.record.sgf.setup": "unknown setup SU[{setup}] (LOA or Scrambled-Eggs)",
    "error.record.sgf.move": "cannot read the move {ident}[{value}]",
    "error.record.sgf.turn": "it is {who}'s turn, not {other}'s",
    # reading its position texts (positions.py)
    "error.position.loa.format": "a Lines of Action position is '<board> <b|w> [history=...]'",
    "error.position.loa.rankSquares": "rank {rank} of the board ({row}) does not describe exactly 8 squares",
    "error.position.loa.pieces": "{who} must have 1 to 12 pieces, not {count}",
    "error.position.loa.history": "expected history=<moves>, not {text}",
    "error.position.loa.historyCapture": "history move {move} captures; history starts after the last capture",
    "error.position.loa.historyMisfit": "history move {move} does not fit the board",
}
