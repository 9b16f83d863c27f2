// Puzzle Streak (#streak/<game>), as lichess has it: a run of puzzles of
// rising difficulty, unrated, that ends at the first wrong move (or a hint:
// there is none, and the solution is only shown once the run is over).  One
// skip per run passes a puzzle without ending it.  The best run is kept per
// game (puzzlestore.js, `streakBest`).
//
// Pure, for the page (puzzlepage.js) and the tests:
//
//   const run = new StreakRun(streakLadder(puzzles));
//   run.current()          // the puzzle to solve now (null once the run is over)
//   run.solved()           // it was solved: the score goes up, the next one comes
//   run.failed()           // a wrong move: the run is over
//   run.skip()             // once per run: the next puzzle, the score unchanged

/** The most puzzles in one run (a run that solves them all is complete). */
export const STREAK_LENGTH = 50;

/**
 * The puzzles of one run, easiest first: the game's puzzles sorted by
 * rating, cut into `length` bands of (nearly) equal size, one puzzle of
 * each band picked by `random` (0 ≤ x < 1), so every run rises from the
 * game's easiest puzzles to its hardest, and two runs differ.
 * @template {{id: string, rating: number}} P
 * @param {P[]} puzzles
 * @param {() => number} [random]
 * @returns {P[]}
 */
export function streakLadder(puzzles, random = Math.random, length = STREAK_LENGTH) {
  const sorted = [...puzzles].sort((a, b) => a.rating - b.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const n = Math.min(length, sorted.length);
  const ladder = [];
  for (let i = 0; i < n; i++) {
    const lo = Math.floor((i * sorted.length) / n);
    const hi = Math.floor(((i + 1) * sorted.length) / n);
    ladder.push(sorted[lo + Math.min(hi - lo - 1, Math.floor(random() * (hi - lo)))]);
  }
  return ladder;
}

/** One run of Puzzle Streak over a ladder (streakLadder). */
export class StreakRun {
  /** @param {{id: string, rating: number}[]} ladder */
  constructor(ladder) {
    this.ladder = ladder;
    this.at = 0; // the puzzle of the ladder shown now
    this.score = 0; // puzzles solved in this run
    this.skipped = false; // the run's one skip is used
    this.over = false; // a wrong move ended it, or every puzzle was solved
  }

  /** The puzzle to solve now, or null when the run is over. */
  current() {
    return this.over ? null : (this.ladder[this.at] ?? null);
  }

  /** Whether the run ended with every puzzle of its ladder solved. */
  get complete() {
    return this.over && this.at >= this.ladder.length;
  }

  /** Whether the run's skip can still be used. */
  get canSkip() {
    return !this.over && !this.skipped && this.at + 1 < this.ladder.length;
  }

  /** The puzzle shown was solved: the score goes up, the next puzzle comes. */
  solved() {
    if (this.over) throw new Error("the run is over");
    this.score += 1;
    this.at += 1;
    if (this.at >= this.ladder.length) this.over = true;
  }

  /** A wrong move: the run is over (its score stands). */
  failed() {
    this.over = true;
  }

  /** Pass the puzzle shown (once per run); returns whether it was passed. */
  skip() {
    if (!this.canSkip) return false;
    this.skipped = true;
    this.at += 1;
    return true;
  }
}
