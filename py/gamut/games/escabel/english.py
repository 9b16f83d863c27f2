"""Escabel's words in English (issue #43): the messages only this game
says, by id, in ICU MessageFormat as :mod:`gamut.english`'s.  The game's
GameInfo passes them as ``english=``, and :func:`gamut.core.register` merges
them into :data:`gamut.messages.ENGLISH`, the one table the engine formats;
the page's catalogs hold them under the same keys."""

from __future__ import annotations

#: Escabel's words in English: id -> ICU MessageFormat message.
ENGLISH: dict[str, str] = {
    # its moves refused or explained: the notation (parse_move), the board's clicks
    "error.escabel.notText": "a move must be text such as 'd4', 'd4>d5' or 'swap'",
    "error.escabel.unreadable": "cannot read move {text}: write a placement like d4, a move action like d4>d5, or swap",
    "error.escabel.offBoard": "cannot read move {text}: {point} is not a point of the {n}x{n} board (a1 to {last})",
    "error.escabel.click": (
        "Click an empty point to place a piece, or one of your stacks and then "
        "an adjacent enemy stack of the same height."
    ),
    "error.escabel.clickBoard": (
        "Click points of the {n}x{n} board: an empty point, or one of "
        "your stacks and then an adjacent enemy stack of the same height."
    ),
    "error.escabel.twoPoints": "A move is one point (a placement) or two points (a move action).",
    "error.escabel.noPie": "Swap is not allowed: the pie rule is off in this game.",
    "error.escabel.swapped": "The players have already swapped sides.",
    "error.escabel.swapAfterFirst": "Swap is allowed only on White's first turn, after Black's first move.",
    "error.escabel.swapFirstTurn": "Swap is allowed only on White's first turn.",
    "error.escabel.empty": "{cell} is empty: a legal placement.",
    "error.escabel.occupied": (
        "{cell} is occupied by {stack}: place only on an empty point, or move one of {who}'s stacks onto it."
    ),
    "error.escabel.pickTarget": "{cell} is occupied: now pick the adjacent enemy stack of height {height} to move onto.",
    "error.escabel.stuck": (
        "{cell} is occupied, and its stack (height {height}) has no orthogonally adjacent "
        "{colour, select, black {Black} other {White}} stack of the same height to move onto."
    ),
    "error.escabel.fromEmpty": "{cell} is empty: a move action starts from one of {who}'s stacks.",
    "error.escabel.notOwn": (
        "{cell} holds {stack}; {who} can move only {colour, select, black {Black} other {White}} stacks."
    ),
    "error.escabel.itself": "A move action goes from {cell} to an adjacent point, not to itself.",
    "error.escabel.notAdjacent": (
        "{to} is not orthogonally adjacent to {from}: a move action goes one step left, right, up or down."
    ),
    "error.escabel.ontoEmpty": (
        "{to} is empty: a move action goes onto an enemy stack (to place a piece there, just pick {to})."
    ),
    "error.escabel.ontoOwn": "{to} holds one of {who}'s own stacks; move onto an enemy stack.",
    "error.escabel.heights": (
        "The stack on {from} has height {height} and the one on {to} height {toHeight}: "
        "a move action needs equal heights."
    ),
    # its moves and results said
    "move.escabel.place": "{who} places on {cell}",
    "move.escabel.move": "{who} moves {from} onto {to}: {to} is now {toStack}, {from} {fromStack}",
    "move.escabel.stack": "a {colour, select, black {Black} other {White}} stack of height {height}",
    "move.escabel.swap": "{who} swaps sides and now plays {colour}",
    "move.escabel.maySwap": "{who} may now swap sides (pie rule) instead of moving",
    "move.escabel.chain": "joining {colour}'s edges: {other} must break the chain now",
    "result.escabel.chain": (
        "{winner} wins: a chain joins the {edges, select, topBottom {top and bottom} other {left and right}} edges"
    ),
    "result.escabel.noMove": "{winner} wins: {loser} has no move",
    # the view's words
    "view.escabel.chain": "{colour}'s chain joins its edges: {other} must break it now.",
    "view.escabel.maySwap": "{who} may move, or swap sides (pie rule): {who} would then play Black and {other} White.",
    "view.escabel.swapped": "The players swapped sides: {first} now plays {colour}, {second} {otherColour}.",
    # the position editor (editor.py)
    "error.setup.escabel.tall": (
        "the stack on {cell} has {n} pieces; on a board of {points} points no stack grows higher than {points}"
    ),
    "error.setup.escabel.full": "the checkered board is always full, but {cell} is empty",
    "setup.escabel.side": "It follows from the pieces: every move adds one, and Black moves first.",
    # reading its position texts (positions.py)
    "error.position.escabel.run": "rank {rank}: a run of empty points cannot be {run}",
    "error.position.escabel.unclosed": "rank {rank}: '(' without ')'",
    "error.position.escabel.notStack": (
        "rank {rank}: {stack} is not a stack; write two or more pieces b/w from the bottom, "
        "e.g. (wb), and a single piece as b or w"
    ),
    "error.position.escabel.tooHigh": (
        "rank {rank}: a stack of {count} pieces; no stack on a board of {points} points "
        "can grow higher than {max}"
    ),
    "error.position.escabel.rankLong": "rank {rank} of the board holds more than {n} points",
    "error.position.escabel.rankPoints": "rank {rank} of the board does not hold exactly {n} points",
    "error.position.escabel.format": (
        "an Escabel position is '<board> <b|w> [swapped]' "
        "(the colour to move, then 'swapped' if Player 1 holds White)"
    ),
    "error.position.escabel.colourToMove": "the colour to move must be 'b' or 'w', not {text}",
    "error.position.escabel.swappedField": "expected 'swapped' or nothing after the colour to move, not {text}",
    "error.position.escabel.checkeredEmpty": "a checkered board is always full, but {cell} is empty",
    "error.position.escabel.fewer": "the board holds fewer pieces than the start position",
    "error.position.escabel.turn": (
        "{played, plural, one {# move has} other {# moves have}} added pieces to the board, "
        "so it is {turn}'s turn, not {given}'s"
    ),
    "error.position.escabel.swappedNoPie": "'swapped' is impossible: the pie rule is off",
    "error.position.escabel.swappedEarly": "'swapped' is impossible before Black's first move",
}
