// The player's puzzles, per game: the rating (Glicko-2, glicko2.js), the
// streak of puzzles solved in a row, and the history of the puzzles tried.
// Kept in the page's IndexedDB database (store/db.js), its store "puzzles",
// one record per game (before version 4 of that database, in a database of
// its own, "gamut-puzzles": moved in by db.js).  Every wait on the
// database has a timeout; storage refused, broken or full: the puzzles go
// on in memory, and `problem` says so (the page says it once).
//
// The rules are pure and exported for the tests: record() applies a
// result, choose() picks the next puzzle.
//
//   const store = new PuzzleStore();
//   const mine = await store.get("loa");              // never throws
//   const {after, change} = await store.record("loa", puzzle, true);

import { DEFAULT, update } from "./glicko2.js";
import { PUZZLES, inTime, openDB, request, runTransaction } from "../store/db.js";

const WAIT_MS = 4000; // the longest wait on the database before going on in memory
export const HISTORY = 60; // the puzzles remembered per game (most recent first)

/** How sure a puzzle's rating is: the puzzles' difficulties are estimates
 * of the generator, so they count as an opponent of this deviation. */
export const PUZZLE_DEVIATION = 90;

/** The most one puzzle moves the rating: a newcomer (deviation 350) who
 * fails a puzzle rated far below would otherwise lose some 500 points at
 * once (Glicko-2 is right that little is known, but the page should not
 * swing that far on one puzzle).  The deviation and volatility are
 * Glicko-2's own. */
export const MAX_CHANGE = 200;

/** The puzzles a newcomer is given first come from the game's easiest third
 * (by rating): this many of them, whatever the first results. */
export const NEWCOMER_PUZZLES = 3;

/** A game's record before any puzzle: `streak` and `best` count rated
 * puzzles solved in a row, `streakBest` is the best run of Puzzle Streak
 * (streak.js).
 * @param {string} game */
export function emptyRecord(game) {
  return { game, rating: { ...DEFAULT }, streak: 0, best: 0, streakBest: 0, history: [] };
}

/** The game's easiest third of `puzzles`, by rating (at least one puzzle). */
export function easiestThird(puzzles) {
  const sorted = [...puzzles].sort((a, b) => a.rating - b.rating);
  return sorted.slice(0, Math.max(1, Math.ceil(sorted.length / 3)));
}

/**
 * Where a newcomer's rating starts in a game: the median of its easiest
 * third of puzzles, so the first puzzles are easy ones and the rating
 * climbs from there (the puzzles' ratings are on the computer levels'
 * scale: docs/puzzles.md).  A record with a history is returned as it is.
 */
export function placed(record, puzzles) {
  if (record.history.length || !puzzles.length) return record;
  const third = easiestThird(puzzles);
  const start = third[Math.floor((third.length - 1) / 2)].rating;
  return { ...record, rating: { ...record.rating, rating: start } };
}

/**
 * The record after `puzzle` was solved (`solved` true) or failed: its
 * rating updated as one game against the puzzle, the streak, the history
 * (most recent first, a puzzle tried again moves to the top).  Pure.
 * @returns {{record: object, change: number}} change: the rating's rounded change
 */
export function applyResult(record, puzzle, solved, at = Date.now()) {
  const before = record.rating;
  const rated = update(before, [
    { rating: puzzle.rating, deviation: PUZZLE_DEVIATION, score: solved ? 1 : 0 },
  ]);
  const step = Math.max(-MAX_CHANGE, Math.min(MAX_CHANGE, rated.rating - before.rating));
  const after = { ...rated, rating: before.rating + step };
  const change = Math.round(after.rating) - Math.round(before.rating);
  const streak = solved ? record.streak + 1 : 0;
  const entry = { id: puzzle.id, solved, change, rating: puzzle.rating, theme: puzzle.theme, at };
  const history = [entry, ...record.history.filter(h => h.id !== puzzle.id)].slice(0, HISTORY);
  return {
    record: { ...record, rating: after, streak, best: Math.max(record.best || 0, streak), history },
    change,
  };
}

/**
 * The next puzzle for a player of `record`: one not seen lately (not in
 * the history, or the longest ago when every puzzle was seen), among those
 * nearest the player's rating; `random` (0 ≤ x < 1) picks among the few
 * nearest so the same rating does not always give the same puzzle.
 * `not`: a puzzle id to avoid (the one just played).  Pure.
 */
export function choose(puzzles, record, random = Math.random(), not = null) {
  if (!puzzles.length) return null;
  if (record.history.length < NEWCOMER_PUZZLES) puzzles = easiestThird(puzzles); // (a newcomer's first few)
  const seenAt = new Map(record.history.map((h, i) => [h.id, i])); // 0: the most recent
  const fresh = puzzles.filter(p => !seenAt.has(p.id) && p.id !== not);
  let pool = fresh;
  if (!pool.length) {
    // every puzzle was seen: the half seen longest ago
    const old = puzzles
      .filter(p => p.id !== not)
      .sort((a, b) => (seenAt.get(b.id) ?? HISTORY) - (seenAt.get(a.id) ?? HISTORY));
    pool = old.slice(0, Math.max(1, Math.ceil(old.length / 2)));
    if (!pool.length) pool = puzzles;
  }
  const target = record.rating.rating;
  const nearest = [...pool].sort((a, b) => Math.abs(a.rating - target) - Math.abs(b.rating - target));
  const few = nearest.slice(0, Math.min(5, nearest.length));
  return few[Math.min(few.length - 1, Math.floor(random * few.length))];
}

export class PuzzleStore {
  /** `database`: how the page's database is opened (store/db.js), or null
   * where there is none; `waitMs`: the longest wait (tests give others).
   * @param {{database?: (() => Promise<IDBDatabase>) | null, waitMs?: number}} [options] */
  constructor({ database = openDB, waitMs = WAIT_MS } = {}) {
    this.database = database;
    this.waitMs = waitMs;
    this.db = null; // a promise of the open database
    this.memory = new Map(); // game -> record: what is kept when the database is not
    this.problem = ""; // why the puzzles are kept in memory only ("" while they are saved)
    this.told = false; // the page said the problem (it is said once)
  }

  _open() {
    if (!this.db) {
      if (!this.database) return Promise.reject(new Error("this browser keeps no data for the page"));
      this.db = inTime(this.database(), "puzzle.store.opening", this.waitMs);
      this.db.catch(() => {}); // (reported where it is used)
    }
    return this.db;
  }

  _fail(err) {
    if (!this.problem) this.problem = (err && err.message) || String(err);
  }

  /** The record of `game` (a new one when there is none, its rating
   * `placed` among `puzzles` when given); never throws. */
  async get(game, puzzles = []) {
    if (this.memory.has(game)) {
      this.memory.set(game, placed(this.memory.get(game), puzzles));
      return this.memory.get(game);
    }
    /** @type {any} */
    let record = null;
    if (!this.problem) {
      try {
        const db = await this._open();
        record = await inTime(
          runTransaction(db, "readonly", store => request(store.get(game)), [PUZZLES]),
          "puzzle.store.reading",
          this.waitMs,
        );
      } catch (err) {
        this._fail(err);
      }
    }
    record = placed(valid(record, game) ? record : emptyRecord(game), puzzles);
    this.memory.set(game, record);
    return record;
  }

  /** Apply a puzzle's result to `game`'s record and save it: `{record, change}`; never throws. */
  async record(game, puzzle, solved) {
    const result = applyResult(await this.get(game), puzzle, solved);
    await this._save(result.record);
    return result;
  }

  /** Keep `score`, a run of Puzzle Streak in `game`, as the game's best when
   * it is (`streakBest`); the record after; never throws. */
  async keepStreak(game, score) {
    const record = await this.get(game);
    if (score <= (record.streakBest || 0)) return record;
    const after = { ...record, streakBest: score };
    await this._save(after);
    return after;
  }

  /** Put `record` in memory and save it (a problem is kept in `problem`). */
  async _save(record) {
    this.memory.set(record.game, record);
    if (!this.problem) {
      try {
        const db = await this._open();
        await inTime(
          runTransaction(db, "readwrite", store => store.put(record), [PUZZLES]),
          "puzzle.store.saving",
          this.waitMs,
        );
      } catch (err) {
        this._fail(err);
      }
    }
  }

  /** The problem to say, the first time it is asked for ("" when saved, or already said). */
  tell() {
    if (!this.problem || this.told) return "";
    this.told = true;
    return this.problem;
  }
}

/** A stored record that can be used as is (else a new one replaces it). */
export function valid(record, game) {
  const r = record && record.rating;
  return (
    !!record &&
    record.game === game &&
    !!r &&
    [r.rating, r.deviation, r.volatility].every(Number.isFinite) &&
    Number.isInteger(record.streak) &&
    Array.isArray(record.history)
  );
}
