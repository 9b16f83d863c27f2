"""The engine's words in English: the one table of them (issue #33).

Each entry is a message id and its English in ICU MessageFormat, the
subset the page's formatter reads (web/i18n/format.js).  The page's
``web/i18n/en.json`` holds the same messages under the same keys, and
``tests/test_messages.py`` fails when the two differ by a character; the
other catalogs translate them.  :mod:`gamut.messages` formats them
(``str(message)``) for the command line, the records and the tests.
"""

from __future__ import annotations

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
    # whose turn (gamut.words.turn_words)
    "engine.over": "The game is over. {result}.",
    "engine.toMove": "{who} to move.",
    "engine.noMove": "{who} to move, with no legal move.",
    "engine.toSelect": "{who} to move: {prompt}.",
    "engine.notes": "{turn} {notes}",
    "engine.prompt": "{turn} {prompt}.",
    # the computer's evaluation (gamut.words.score_words and friends)
    "engine.thinking": "thinking…",
    "engine.even": "About even",
    "engine.opponent": "The opponent",
    "engine.slightlyBetter": "{who} stands slightly better",
    "engine.better": "{who} stands better",
    "engine.winning": "{who} is clearly winning",
    "engine.forcedWin": "{winner} wins: a forced win found",
    "engine.winIn": "{winner} wins: a win found in {moves} {moves, plural, one {move} other {moves}}",
    "engine.simulations": "{who} wins {percent} % of the simulated games",
    # a move said (gamut.words.say_move)
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
    "view.count.markers": "{n} markers placed (of {of})",
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
    "view.goal.gain": "{who} to play and gain {n} {n, plural, one {pentagon} other {pentagons}}",
    # reading records (gamut.records, gamut.record, Lines of Action's SGF)
    "error.record.at": "{where}: {why}",
    "error.record.text": "line {line}, column {col}: game {game}: {why}",
    "error.record.move": "move {move} {text}: {why}",
    "error.record.moveN": "move {n} ({text}): {why}",
    "error.record.repeated": "{move} is already a move here (write one line per move: a repeated move goes into its first line)",
    "error.record.lineLimit": "a line may hold at most {max} moves",
    "error.record.nodeLimit": "a game may hold at most {max} moves",
    "error.record.result": "{text} is not a result of a {players}-player game: write one of {results}",
    "error.record.termination": "the termination {text} is not one of {words}",
    "error.record.timeControl": "the time control {text} is not seconds+increment (300+3), days per move (1d) or -",
    "error.record.endedByRules": "the game ended by its rules ({reason}), not by {termination, select, resignation {resignation} agreement {agreement} time {time} other {abandoned}}",
    "error.record.notOver": "the rules did not end the game: its last position is not over",
    "error.record.agreement": "a draw agreed is a drawn result, not {result}",
    "error.record.resignation": "a resignation gives the game to a player, not {result}",
    "error.record.timeResult": "a game lost on time has a result",
    "error.record.notText": "records must be text",
    "error.record.fileLimit": "a file of records has at most {max} characters",
    "error.record.commentOpen": "this comment is not closed with {brace} (write {escape} for a {brace} inside a comment)",
    "error.record.tagLine": 'a tag is written [Name "value"] on one line',
    "error.record.commentClose": "this {brace} closes no comment",
    "error.record.tagClose": "this ']' closes no tag",
    "error.record.unexpected": "unexpected {char}",
    "error.record.tagTwice": "the tag {tag} is given twice",
    "error.record.resultDiffers": "the moves end with {moves}, but the Result tag says {tag}",
    "error.record.startTag": "the Start tag: {why}",
    "error.record.tagDiffers": "the {tag} tag says {value}, but the Start position is {start}",
    "error.record.optionsDiffer": "the Options tag does not match the Start position's options",
    "error.record.noGame": 'a record starts with a Game tag, e.g. [Game "loa"]',
    "error.record.optionForm": "option {item} is not written name=value",
    "error.record.afterResult": "nothing may follow the result",
    "error.record.tagAfterMoves": "tags come before the moves",
    "error.record.moveNumber": "the move number {number} should be {expected} here",
    "error.record.numberAlone": "the move number {number} is not followed by a move",
    "error.record.glyphFirst": "a glyph follows the move it is about",
    "error.record.variationFirst": "a variation '(' must follow the move it replaces",
    "error.record.closeNone": "this ')' closes no variation",
    "error.record.variationEmpty": "a variation holds at least one move",
    "error.record.resultInVariation": "a result ends the main line, not a variation",
    "error.record.variationOpen": "this variation is not closed with ')'",
    "error.record.notesObject": "notes are an object {shape}, not {value}",
    "error.record.notesKey": "notes hold glyph, shapes, spent and left, not {key}",
    "error.record.onlyShapes": "only shapes, not {key}",
    "error.record.glyph": "the glyph {glyph} is not one of {glyphs}",
    "error.record.time": "{key} is a whole number of milliseconds from 0 to {max}, not {value}",
    "error.record.shapes": "shapes are a list of at most {max} shapes, not {value}",
    "error.record.shape": "a shape is [colour, cell] or [colour, cell, cell], not {shape}",
    "error.record.colour": "the colour {colour} is not one of {colours}",
    "error.record.cellName": "{cell} is not a cell's name",
    "error.record.noCell": "the board has no cell {cell}",
    "error.record.arrowItself": "an arrow goes from a cell to another, not from {cell} to itself",
    "error.record.twoNotes": "the move has two {key, select, glyph {glyphs} spent {times spent} other {times left}}",
    "error.record.commandOpen": "the command {command} is not closed with ']'",
    "error.record.inCommand": "{why} ({command})",
    "error.record.lichessShapes": "{command} is not written as {example}",
    "error.record.drawHint": "{why} (write [%draw G d4, R d4 f6])",
    "error.record.commandTime": "{command}: a time is written H:MM:SS or H:MM:SS.s",
    "error.record.resultNotRules": "the result {result} is not the game's: it ended {rules} ({reason})",
    "error.record.start": "start position: {why}",
    "error.record.startNotes": "the start position's notes",
    "error.record.node": "node {n}, move {label} {move}",
    "error.record.notesNode": "notes for a node the tree does not have: {nodes}",
    "error.record.gameObject": "a game is an object {shape}",
    "error.record.version": "the game tree is version {version}, not 1",
    "error.record.metaObject": "'meta' must be an object {shape}",
    "error.record.metaDiffers": "'meta' ({meta}) does not describe the start position ({header})",
    "error.record.nodesList": "'nodes' must be a list",
    "error.record.nodeForm": "node {n} is not [parent, move], [parent, move, comment] or [parent, move, comment, notes] with an earlier parent: {entry}",
    "error.record.terminationKey": "'termination' must be one of {words}, not {value}",
    "error.record.players": "'players' must be a list of texts",
    "error.record.tags": "'tags' must map tag names (not Gamut's own) to texts",
    "error.record.missing": "missing {key}",
    "error.record.keyText": "{key} must be a text, not {value}",
    "error.record.gamesList": "games must be a list",
    "error.record.game": "game {n}: {why}",
    "error.record.notOne": "the text holds {count} {count, plural, one {game} other {games}}, not one",
    "error.record.recordText": "a record must be text",
    "error.record.recordLimit": "a record has at most {max} characters, not {length}",
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
    # (end of reading records)
    #
    # reading position texts (the games' positions.py and state.py, EL's notation, gamut.core)
    # the position text and its header (gamut.core.registry, gamut.positions)
    "error.position.notText": "a position text must be a string",
    "error.position.tooLong": "a position text has at most {max} characters, not {length}",
    "error.position.header": "a position text starts with '<game> <variant> <options>', e.g. 'loa standard ...'",
    "error.position.cause": "{cause}",
    "error.position.notHeld": "position {id} is not held: send its whole line",
    "error.position.lineMove": "move {ply} ({move}): {cause}",
    # games, variants and options (gamut.core.info, gamut.core.registry)
    "error.game.unknown": "unknown game {game}; choose one of {choices}",
    "error.game.unknownVariant": "{game} has no variant {variant}; choose one of {choices}",
    "error.option.value": "option {name} cannot be {value}; choose one of {choices}",
    "error.option.unknown": "{game} ({variant}) has no option {name}; options: {options}",
    "error.option.unknownNone": "{game} ({variant}) has no option {name}; options: none",
    "error.option.twice": "option {name} is given twice",
    "error.option.missing": "the position text does not give {count, plural, one {option} other {options}} {names}",
    "error.option.notNameValue": "option {item} is not written as name=value",
    # what the games' position texts share
    "error.position.boardRanks": "the board {board} needs {n} ranks separated by '/'",
    "error.position.ranks": "the board needs {n} ranks separated by '/', not {count}",
    "error.position.unexpected": "unexpected {char} in rank {rank} of the board",
    "error.position.sideToMove": "the side to move must be 'b' or 'w', not {text}",
    "error.position.historyUnreadable": "cannot read history move {move}",
    "error.position.historyIllegal": "history move {move} is illegal: {cause}",
    # Lines of Action
    "error.position.loa.format": "a Lines of Action position is '<board> <b|w> [history=...]'",
    "error.position.loa.rankSquares": "rank {rank} of the board ({row}) does not describe exactly 8 squares",
    "error.position.loa.pieces": "{who} must have 1 to 12 pieces, not {count}",
    "error.position.loa.history": "expected history=<moves>, not {text}",
    "error.position.loa.historyCapture": "history move {move} captures; history starts after the last capture",
    "error.position.loa.historyMisfit": "history move {move} does not fit the board",
    # Escabel
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
    # EVL
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
    # EL
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
    # (end of reading position texts)
    #
    # the editor (setup.py, the games' editor.py) and the view's title
    # (end of the editor)
    #
    # the bridge's requests, the views and the move box (bridge.py, methods.py, jobs.py,
    # view.py, words.py, analysis, puzzles, lessons)
    # the move box's answers (gamut.words.read_said)
    "box.help": "Type a move in the game's notation, or a command: turn, last, score, pieces and a player (pieces {first}), rank or row and its name (rank 1, row a), file or column, cell and its name (cell {cell}), moves (the legal moves; moves {cell}: those that start there).",
    "box.comma": "{first}, {rest}",
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
    # the move box's commands that cannot be answered (gamut.words.CommandError)
    "error.command.notText": "a command is a text",
    "error.command.empty": "type a move or a command (help lists the commands)",
    "error.command.unknown": "unknown command {command}; commands: {commands}",
    "error.command.nothingAfter": "{command} takes nothing after it",
    "error.command.sayWhich": "say which: {example}",
    "error.command.noCell": "the board has no cell {cell}",
    "error.command.noLine": "the board has no {line, select, rank {rank} row {row} file {file} other {column}} {name}; its cells run from {first} to {last}",
    "error.command.noPlayer": "no player {name}; the players are {players}",
    # the bridge's requests (bridge, methods, jobs, the lessons' and levels' methods)
    "error.request.jsonType": "{type, select, null {null} boolean {a boolean} number {a number} string {a string} list {a list} object {an object} other {{type}}}",
    "error.request.kind": "{kind, select, string {a string} integer {an integer} object {an object} list {a list} boolean {true or false} number {a number} other {{kind}}}",
    "error.request.unknownMethod": "unknown method {method}; methods: {methods}",
    "error.request.paramsType": "params must be a JSON object, not {type}",
    "error.request.tooDeep": "params nest more than {depth} levels deep",
    "error.request.notJson": "params are not valid JSON: {cause}",
    "error.request.notText": "params must be sent as a JSON text",
    "error.request.missing": "missing parameter {name}",
    "error.request.paramType": "parameter {name} must be {kinds}, not {type}",
    "error.request.notString": "{name}[{i}] must be a string, not {type}",
    "error.request.startTooLong": "the start position text is too long",
    "error.request.entryTooLong": "an entry has at most 1000 characters",
    "error.request.commandTooLong": "a command has at most 1000 characters",
    "error.request.moveTooLong": "a move has at most 1000 characters",
    "error.request.noMarking": "this position has no cells to mark",
    "error.request.notMarkable": "{cell} cannot be marked here",
    "error.request.unknownJob": "unknown job kind {kind}; kinds: {kinds}",
    "error.request.noJob": "no job {job} (finished, cancelled or never started)",
    "error.request.budget": "budget_ms must be 0 to 60000",
    "error.request.perftDepth": "perft depth must be 0 to {max}, not {depth}",
    "error.request.maxMs": "max_ms must be above 0 and at most 600000",
    "error.request.over": "the game is over: there is no move to think about",
    "error.request.bestChance": "best_chance must be from 0 to 1, not {value}",
    "error.request.unknownGame": "unknown game {game}",
    "error.request.unknownLevel": "unknown level {level}; choose one of {levels}",
    "error.lesson.noLesson": "{game} has no lesson {lesson}",
    "error.lesson.noStep": "the lesson {lesson} has no step {step}",
    # the analysis and the computer's levels (gamut.analysis, gamut.ai)
    "error.analysis.depth": "the depth must be a whole number from 1 to {max}, not {depth}",
    "error.analysis.monteCarlo": "{game} ({variant}) is searched by Monte-Carlo, which has no depth: choose a level",
    "error.analysis.depthMonteCarlo": "a depth applies to alpha-beta searches; {game} ({variant}) is searched by Monte-Carlo: choose a level",
    "error.analysis.notText": "move {n} is not a text: {text}",
    "error.analysis.badMove": "move {n} ({text}): {cause}",
    "error.analysis.badTry": "the {which, select, best {best} played {played} other {move}} {text}: {cause}",
    # the puzzles' files (gamut.puzzles.puzzle)
    "error.puzzle.tag": "a puzzle needs the tag {tag}",
    "error.puzzle.integers": "a puzzle's Player and Rating are integers: {cause}",
    "error.puzzle.short": "puzzle {id}: the line needs the opponent's move and a solution",
    # (end of requests and the move box)
}
