"""The engine's errors in English (issue #33): what it says when a record,
a position text, a set-up position, a command of the move box or a request
cannot be used.  Part of :data:`gamut.english.ENGLISH`, the one table of
the engine's words, kept apart only for its length; the same rules hold
(ICU MessageFormat, the page's ``en.json`` holds them word for word)."""

from __future__ import annotations

#: The engine's errors in English: id -> ICU MessageFormat message.
ERRORS: dict[str, str] = {
    # reading records (gamut.records, Lines of Action's SGF)
    "error.record.at": "{where}: {why}",
    "error.record.text": "line {line}, column {col}: game {game}: {why}",
    "error.record.move": "move {move} {text}: {why}",
    "error.record.moveN": "move {n} ({text}): {why}",
    "error.record.repeated": "{move} is already a move here (write one line per move: a repeated move goes into its first line)",
    "error.record.lineLimit": "a line may hold at most {max} moves",
    "error.record.commentLimit": "a comment holds at most {max} characters",
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
    # the position text and its header (gamut.core.registry, gamut.position_cache)
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
    # a bug of the engine or of its build, said to the player (gamut.bridge, gamut.resources)
    "error.internal": "The engine met a problem it did not expect. Reload the page to try again: your games are kept.",
    "error.internal.data": "The engine could not read its file {file}. Reload the page to try again: your games are kept.",
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
}
