// The lines the engine worker holds (issue #32): engine.js names a position
// by the id of its longest held prefix plus the moves after it, so that a
// request never sends a game's whole line again.

const HELD_STARTS = 8; // starts whose line is held at once (the games open in the page)

/**
 * The lines the worker holds, per start: the canonical moves of the last
 * line answered with ids, and the id of each position along it (`ids[k]`
 * after `k` moves: one more id than moves).
 */
export class HeldLines {
  constructor() {
    /** @type {Map<string, {line: string[], ids: string[]}>} */
    this.lines = new Map();
  }

  /** How to name `start` + `line`: the id of its longest held prefix (`at`,
   * null when nothing of it is held) and that prefix's length `k`.
   * @param {string} start @param {string[]} line @returns {{at: string | null, k: number}} */
  name(start, line) {
    const held = this.lines.get(start);
    if (!held) return { at: null, k: 0 };
    const n = Math.min(line.length, held.line.length);
    let k = 0;
    while (k < n && line[k] === held.line[k]) k++;
    return { at: held.ids[k], k };
  }

  /** The worker answered a request named from the held prefix of length
   * `k` (or from the start, `k` 0) with `moves` (canonical) and `ids`, the
   * ids of its positions (`moves.length + 1`: the first is the prefix's).
   * The held line becomes the prefix + `moves`, unless `moves` is empty
   * (a step back keeps the longer line) or the held line changed meanwhile
   * (its position `k` is no longer the answer's first). */
  learn(start, k, moves, ids) {
    const held = this.lines.get(start);
    this.lines.delete(start); // (the most recently used last)
    if (held && (moves.length === 0 || held.ids[k] !== ids[0])) {
      this.lines.set(start, held);
      return;
    }
    const line = held ? held.line : [];
    const along = held ? held.ids : [];
    line.length = k; // (own arrays: cut and appended in place, the prefix is not copied)
    along.length = k;
    for (const move of moves) line.push(move);
    for (const id of ids) along.push(id);
    this.lines.set(start, { line, ids: along });
    while (this.lines.size > HELD_STARTS)
      this.lines.delete(/** @type {string} */ (this.lines.keys().next().value));
  }

  /** The worker no longer holds `start`'s positions. */
  forget(start) {
    this.lines.delete(start);
  }
}
