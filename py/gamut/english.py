"""The engine's words in English: the one table of them (issue #33).

Each entry is a message id and its English in ICU MessageFormat, the
subset the page's formatter reads (web/i18n/format.js).  The page's
``web/i18n/en.json`` holds the same messages under the same keys, and
``tests/test_messages.py`` fails when the two differ by a character; the
other catalogs translate them.  :mod:`gamut.messages` formats them
(``str(message)``) for the command line, the records and the tests.
"""

from __future__ import annotations

from .english_errors import ERRORS

#: The engine's words in English: id -> ICU MessageFormat message.
ENGLISH: dict[str, str] = {
    # seats
    "seat.black": "Black",
    "seat.white": "White",
    "seat.red": "Red",
    "seat.blue": "Blue",
    "seat.green": "Green",
    "seat.yellow": "Yellow",
    "seat.player": "Player {n}",
    "seat.playerColour": "{player} ({colour})",
    # whose turn (gamut.words.turn_said)
    "engine.over": "The game is over. {result}.",
    "engine.toMove": "{who} to move.",
    "engine.noMove": "{who} to move, with no legal move.",
    "engine.toSelect": "{who} to move: {prompt}.",
    "engine.notes": "{turn} {notes}",
    "engine.prompt": "{turn} {prompt}.",
    # the computer's evaluation (gamut.words.score_said and friends)
    "engine.thinking": "thinking…",
    "engine.even": "About even",
    "engine.opponent": "The opponent",
    "engine.slightlyBetter": "{who} stands slightly better",
    "engine.better": "{who} stands better",
    "engine.winning": "{who} is clearly winning",
    "engine.forcedWin": "{winner} wins: a forced win found",
    "engine.winIn": "{winner} wins: a win found in {moves} {moves, plural, one {move} other {moves}}",
    "engine.simulations": "{who} wins {percent} % of the simulated games",
    # a move said (gamut.words.said_move)
    "move.said": "{move}.",
    "move.saidThreat": "{move}, {threat}.",
    "move.saidEnd": "{move}. {result}.",
    "move.plays": "{who} plays {move}",
    # errors (gamut.core.IllegalMoveError and the like)
    "error.over": "the game is over ({result})",
    "error.overSentence": "The game is over ({result}).",
    # Lines of Action
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
    # errors (core/errors.py, records)
    "error.notMove": "{text} is not a move; use parse_move for move texts",
    "error.notLegalHere": "{text} is not a legal move here",
    "error.illegal": "That is not a legal move here.",
    "error.overPlain": "The game is over.",
    # EL
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
    # Escabel
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
    # EVL
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
    # EL
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
    # Escabel
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
    # EVL
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
    # the view's words (view.py)
    "view.count.pieces": "{n, plural, one {# piece} other {# pieces}}",
    "view.count.numbers": "{n, plural, one {# number} other {# numbers}}",
    "view.count.stacks": "{n, plural, one {# stack} other {# stacks}}",
    "view.count.inHand": "{n} in hand",
    "view.count.markers": "{n} of {of} markers",
    "view.pass": "Pass (no legal move)",
    "view.swap": "Swap sides",
    "view.unstack": "Unstack {move}",
    "view.unstackTaking": "Unstack {move}, taking {taken}",
    "view.placeOnStack": "Place on {move} (stack of {height})",
    "view.sentence": "{text}.",
    "view.loa.noMove": "No legal move: pass.",
    "view.el.declarePrompt": "Mark the cells where you threaten to complete an EL, then confirm",
    "view.el.declareNow": "Now declare your threats.",
    "view.el.mustRepeat": "{who} must write {number} again (first two numbers equal).",
    "view.el.undeclared": "{who} completed an EL with {cell} without having declared it: no win, the game goes on.",
    "view.el.declares": "Threat! {who} declares {cells}.",
    "view.el.threat": "Threat! {who} can complete an EL with {ways}.",
    "view.escabel.chain": "{colour}'s chain joins its edges: {other} must break it now.",
    "view.escabel.maySwap": "{who} may move, or swap sides (pie rule): {who} would then play Black and {other} White.",
    "view.escabel.swapped": "The players swapped sides: {first} now plays {colour}, {second} {otherColour}.",
    "view.evl.captured": "{who} captured {taken}.",
    "view.evl.mustUnstack": "{who} has no pieces in hand and must unstack.",
    "view.goal": (
        "{who} to play and {task, select, connect {connect} complete {complete an EL} "
        "chain {make an unbreakable chain} other {win}}{turns, plural, one {} other { in #}}"
    ),
    "view.goal.gain": "{who} to play and raise the lead by {n} {n, plural, one {marker} other {markers}}",
    #
    # the editor (setup.py, the games' editor.py) and the view's title
    "error.setup.noEditor": "{game} positions cannot be set up by hand",
    "error.setup.options": "the options must be an object of name: value",
    "error.setup.notObject": "a position to set up is an object",
    "error.setup.side": "the side to move must be a seat from 0 to {last}, not {value}",
    "error.setup.cells": "cells must be an object of cell: [items]",
    "error.setup.notCell": "{cell} is not a cell of this board",
    "error.setup.stack": "{cell} must hold a list of at most {max} items",
    "error.setup.unknownItem": "{item} on {cell} is not something that can be put on this board",
    "error.setup.notOn": "a {item} cannot go on {cell}",
    "error.setup.share": "{cell} holds {n} items, but only pieces that stack can share a cell",
    "error.setup.counts": "counts must be an object of name: number or null",
    "error.setup.count": "{count} must be a whole number from 0, not {value}",
    "error.setup.unknownCount": "{name} is not a number of this game",
    "error.setup.extra": "extra must be an object",
    "error.setup.cause": "{reason}",
    "error.setup.inexact": "this position cannot be written down exactly",
    "error.setup.over": "the game would already be over ({result}): set up a position that can still be played",
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
    "error.setup.escabel.tall": (
        "the stack on {cell} has {n} pieces; on a board of {points} points no stack grows higher than {points}"
    ),
    "error.setup.escabel.full": "the checkered board is always full, but {cell} is empty",
    "error.setup.evl.tall": "the stack on {cell} has {n} pieces; no stack may be taller than {max}",
    "error.setup.evl.pieces": (
        "too many pieces: {who} has {n} on the board, but a player has {total} pieces in all"
    ),
    "error.setup.evl.hand": (
        "too many pieces: {who} has {n} on the board and {hand} in hand, {sum} in all, "
        "but a player has {total}"
    ),
    "error.setup.evl.markers": "too many markers: {who} has {n} on the board, but a player has {total}",
    "error.setup.loa.pieces": "too many pieces: {who} has {n}, and a side has at most the 12 it starts with",
    "error.setup.loa.none": "{who} has no piece: each side needs at least one",
    "setup.piece": "{colour, select, black {Black piece} other {White piece}}",
    "setup.marker": "{colour, select, black {Black marker} other {White marker}}",
    "setup.counter": "{n} {label}",
    "setup.el.number": "{who} {number}",
    "setup.el.seatCount": "{who} {n}",
    "setup.el.side": "It follows from the numbers: {first} writes first, then each seat in turn, one number a turn.",
    "setup.escabel.side": "It follows from the pieces: every move adds one, and Black moves first.",
    "setup.evl.inHand": "in hand",
    # (end of the editor)
    #
    # the bridge's requests, the views and the move box (bridge.py, methods/, jobs.py,
    # view.py, words.py, analysis, puzzles, lessons)
    # the move box's answers (gamut.words.read_said)
    "box.help": "Type a move in the game's notation, or a command: turn, last, score, pieces and a player (pieces {first}), rank or row and its name (rank 1, row a), file or column, cell and its name (cell {cell}), moves (the legal moves; moves {cell}: those that start there).",
    "box.comma": "{first}, {rest}",
    # the move box's command words (each language has its own; English's are the engine's)
    "movebox.command.turn": "turn",
    "movebox.command.last": "last",
    "movebox.command.score": "score",
    "movebox.command.pieces": "pieces",
    "movebox.command.rank": "rank",
    "movebox.command.row": "row",
    "movebox.command.file": "file",
    "movebox.command.column": "column",
    "movebox.command.cell": "cell",
    "movebox.command.moves": "moves",
    "movebox.command.help": "help",
    "box.semicolon": "{first}; {rest}",
    "box.shape": "{shape, select, pentagon {pentagon} heptagon {heptagon} other {{shape}}}",
    "box.stack": "stack of {n}, top {owner} (from the bottom: {stack})",
    "box.label": "{owner} {label}",
    "box.piece": "{owner} piece",
    "box.marker": "{owner}'s marker",
    "box.empty": "empty",
    "box.cell": "{cell}: {words}.",
    "box.run": "{cell} {words}",
    "box.runFrom": "{from} to {to} {words}",
    "box.line": "{line, select, rank {Rank} row {Row} file {File} other {Column}} {name}: {runs}.",
    "box.pieceStack": "{cell} (stack of {n}: {stack} from the bottom)",
    "box.pieces": "{who}: {count}, on {cells}",
    "box.noPieces": "{who}: no {what, select, stacks {stacks} numbers {numbers} other {pieces}} on the board",
    "box.markers": "{text}; markers on {cells}",
    "box.score": "{who}: {counts}",
    "box.noMoveFrom": "No legal move starts on {cell}.",
    "box.noMove": "No legal move.",
    "box.notListed": "No moves are listed here. {prompt}.",
    "box.moves": "{n, plural, one {# legal move} other {# legal moves}}: {moves}.",
    "box.noLast": "No move has been played yet.",
    "box.last": "Last move: {move}",
    # the game's counts (the score command: State.score_said)
    "score.loa.side": (
        "{who}: {n, plural, one {# piece} other {# pieces}} in {groups, plural, one {# group} other {# groups}}"
    ),
    "score.el.numbers": "{who} {n, plural, one {# number} other {# numbers}}",
    "score.el.empty": "{n, plural, one {# empty cell} other {# empty cells}}",
    "score.el.threatens": "{who} threatens {cells}",
    "score.evl.side": (
        "{who}: {markers} of {of} markers placed, {hand, plural, one {# piece} other {# pieces}} in hand, "
        "controls {stacks, plural, one {# stack} other {# stacks}}"
    ),
    # (end of requests and the move box)
    # the errors of records, position texts, the editor, commands and requests (gamut.english_errors)
    **ERRORS,
}
