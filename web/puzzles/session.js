// One puzzle being solved, as a pure state machine (no engine, no page):
// the controller (puzzlepage.js) tells it what happened and asks it what
// comes next; it knows the solution line and where the player is along it.
//
// A puzzle (the engine's `puzzles` method) is a start position and `moves`:
// the opponent's last move, then the solution (the player's moves and the
// opponent's replies).  Whose move each is comes from the view's side to
// move, never from its index (a turn of EL may be two moves), so the
// controller says whether the player is to move; the session only walks
// the line.
//
//   const s = new PuzzleSession(puzzle, line);   // line: the moves as the engine wrote them back
//   s.open();                    // the opponent's last move is on the board
//   s.judge(text)                // the player's move: "right" | "solved" | "wrong"
//   s.reply()                    // the opponent's next move (the controller plays it)
//   s.retry();  s.hint();  s.showSolution();
//   s.stepSolution(+1 | -1);  s.solutionAt(n);  s.solution()   // the solution viewed, a move at a time
//   s.line()                     // the moves on the board now
//   s.outcome                    // null until decided: "solved" | "failed"
//
// The outcome is decided once, at the first thing that decides it (as on
// lichess): a wrong move, a hint or the solution viewed fail the puzzle
// (it can still be finished), the last move found without any of these
// solves it.

import { t } from "../i18n/i18n.js";
import { formatMessage, isMessage } from "../engine/words.js";

export class PuzzleSession {
  /** `line`: the puzzle's moves (canonical texts; the puzzle's own by default). */
  constructor(puzzle, line = puzzle.moves) {
    this.puzzle = puzzle;
    this.moves = [...line];
    this.played = 0; // moves of the line on the board
    this.wrong = null; // a wrong move shown on the board, until retry()
    this.hints = 0; // hints given at this step: 1 the cell, 2 the move
    this.outcome = null; // "solved" | "failed", once decided
    this.finished = false; // the whole line is on the board
    this.viewed = false; // the solution was shown
  }

  /** The moves on the board: the line so far, and a wrong move shown. */
  line() {
    const line = this.moves.slice(0, this.played);
    if (this.wrong !== null) line.push(this.wrong);
    return line;
  }

  /** The move that is right now (null when the line is done). */
  expected() {
    return this.played < this.moves.length ? this.moves[this.played] : null;
  }

  /** The puzzle opened: its first move (the opponent's last) is on the board. */
  open() {
    this.played = Math.max(this.played, 1);
  }

  /** The player played `text`: "right" (the line goes on), "solved" (it was
   * the last move) or "wrong" (shown until retry()). */
  judge(text) {
    if (this.finished || this.wrong !== null) throw new Error("no move is expected now");
    if (text !== this.expected()) {
      this.wrong = text;
      this._decide("failed");
      return "wrong";
    }
    this._advance();
    if (this.finished) {
      this._decide("solved");
      return "solved";
    }
    return "right";
  }

  /** The opponent's move to play now (and it is counted as played). */
  reply() {
    const move = this.expected();
    if (move === null || this.wrong !== null) throw new Error("no reply is due");
    this._advance();
    return move;
  }

  /** Take the wrong move back: the same step again. */
  retry() {
    this.wrong = null;
  }

  /** A hint for the step: the first asks for the cell of the right move, the
   * second for the move itself; returns {step: 1 | 2, move}. */
  hint() {
    const move = this.expected();
    if (move === null) throw new Error("the puzzle is over");
    this.hints = Math.min(2, this.hints + 1);
    this._decide("failed");
    return { step: this.hints, move };
  }

  /** View the solution: the wrong move shown, if any, is taken back, the
   * puzzle is failed, and the solution's moves can be stepped through
   * (stepSolution, solutionAt) from where the player was. */
  showSolution() {
    this.wrong = null;
    this.viewed = true;
    this._decide("failed");
  }

  /** The solution as it is viewed: `moves`, every move after the
   * opponent's last one (the player's moves and the replies, as the engine
   * wrote them), and `at`, how many of them are on the board (the one shown
   * last is `moves[at - 1]`; 0: none yet, the puzzle's position). */
  solution() {
    return { moves: this.moves.slice(1), at: this.played - 1 };
  }

  /** Show `at` moves of the solution (kept within 0 and all of them);
   * returns whether the position shown changed. */
  solutionAt(at) {
    if (!this.viewed) throw new Error("the solution is not viewed");
    const played = Math.min(this.moves.length, Math.max(1, at + 1));
    if (played === this.played) return false;
    this.played = played;
    this.finished = this.finished || played >= this.moves.length;
    return true;
  }

  /** One move of the solution forward (`delta` 1) or back (-1). */
  stepSolution(delta) {
    return this.solutionAt(this.solution().at + delta);
  }

  _advance() {
    this.played += 1;
    this.hints = 0;
    this.finished = this.played >= this.moves.length;
  }

  _decide(outcome) {
    if (this.outcome === null) this.outcome = outcome;
  }
}

/** What the hint marks on the board at `view` for `move` (one of its
 * listed moves): step 1 the cell the move starts from, step 2 the whole
 * move; a move without clicks (pass, swap) is named in words.
 * @returns {{cells: string[], kind: string, text: string} | null} */
export function hintMarks(view, move, step) {
  const entry = ((view && view.moves) || []).find(m => m.text === move);
  if (!entry) return null;
  const cells = (entry.clicks || []).filter(c => (view.board.cells || []).some(b => b.id === c));
  if (!cells.length) return { cells: [], kind: "hint", text: move };
  return { cells: step >= 2 ? cells : cells.slice(0, 1), kind: "hint", text: step >= 2 ? move : "" };
}

/** The words of the task, for the panel and the live region: the puzzle's
 * goal ("Black to play and connect in 2"), its message `said` in the page's
 * language (the engine sends no English beside it, #43); a puzzle without
 * one: "Find the best move." */
export function taskWords(puzzle) {
  const said = puzzle && puzzle.said;
  return String((isMessage(said) && formatMessage(said)) || t("puzzle.findBest")).trim();
}

/** `view` without its threat marks and the notes that name them: the
 * puzzle's opening position (before the opponent's last move) is shown so,
 * since the threats it marks there are the player's own, one of which is
 * often the answer (EL: the two threats announced, the opponent blocks one).
 * Pure: `view` is not changed. */
export function withoutThreats(view) {
  const threat = x => x && x.kind === "threat";
  const names = note => /^view\.[a-z]+\.(threat|declares)$/.test((note && note.id) || "");
  return {
    ...view,
    highlights: (view.highlights || []).filter(x => !threat(x)),
    annotations: (view.annotations || []).filter(x => !threat(x)),
    messages: (view.messages || []).filter(note => !names(note)),
  };
}
