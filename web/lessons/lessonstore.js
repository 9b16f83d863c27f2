// The steps done, per game, in the page's IndexedDB database (store/db.js,
// its store "lessons": one value {v, done}; localStorage "gamut.lessons"
// before version 5, moved in by db.js).  Read once (`loaded`); garbage
// reads as nothing done (set aside, said once by tell()); storage refused,
// full or not answering keeps the steps in memory for the session (said
// too); every write merges in the stored value in the transaction that
// reads it, so a second tab's steps are never lost.

import { t } from "../i18n/i18n.js";
import { LESSONS, keptRecord, onKeptChange } from "../store/db.js";

const VERSION = 1;

/** The steps done per game in a stored value (or its JSON text): `{game:
 * [key]}`, and whether it was garbage.  Keys that are not strings are dropped.
 * @param {unknown} value @returns {{done: Record<string, string[]>, garbage: boolean}} */
export function parseStored(value) {
  if (value === null || value === undefined || value === "") return { done: {}, garbage: false };
  let data = value;
  try {
    if (typeof value === "string") data = JSON.parse(value);
  } catch {
    return { done: {}, garbage: true };
  }
  if (!data || typeof data !== "object" || data.v !== VERSION || !data.done || typeof data.done !== "object")
    return { done: {}, garbage: true };
  /** @type {Record<string, string[]>} */
  const done = {};
  for (const [game, keys] of Object.entries(data.done)) {
    if (!Array.isArray(keys)) continue;
    done[game] = [...new Set(keys.filter(k => typeof k === "string" && k.length <= 100))];
  }
  return { done, garbage: false };
}

/** `a` and `b`'s steps done, each game's united (b's games only in b stay). */
export function mergeDone(a, b) {
  const out = { ...a };
  for (const [game, keys] of Object.entries(b)) out[game] = [...new Set([...(out[game] || []), ...keys])];
  return out;
}

export class LessonStore {
  /** @param {{kept?: any, tabs?: boolean}} [how] where the value is kept (store/db.js keptRecord; tests give another) */
  constructor({
    kept = keptRecord(LESSONS, { read: "store.lessons.reading", save: "store.lessons.saving" }),
    tabs = true,
  } = {}) {
    this.kept = kept;
    /** @type {Record<string, string[]>} what this page knows (stored or not) */
    this.memory = {};
    this.problem = "";
    /** The stored steps merged into memory (never rejects). */
    this.loaded = this._load();
    if (tabs) onKeptChange(LESSONS, () => this._load()); // (another tab's steps, at this one's next draw)
  }

  async _load() {
    try {
      const stored = await this.kept.read();
      const { done, garbage } = parseStored(stored);
      if (garbage) {
        this.problem = this.problem || t("store.lessons.damaged");
        await this.kept.setAside(stored);
      }
      this.memory = mergeDone(done, this.memory);
    } catch (err) {
      this.problem = this.problem || t("store.lessons.refused", { why: String((err && err.message) || err) });
    }
  }

  /** Write `change(stored steps)` (the value read in the same transaction); never rejects. */
  async _write(change) {
    try {
      const value = await this.kept.update(stored => ({
        v: VERSION,
        done: change(parseStored(stored).done),
      }));
      this.memory = mergeDone(value.done, this.memory);
    } catch (err) {
      this.problem = t("store.lessons.notSaved", { why: String((err && err.message) || err) });
    }
  }

  /** The steps done in `game` ("lesson/step" keys).
   * @param {string} game @returns {Set<string>} */
  done(game) {
    return new Set(this.memory[game] || []);
  }

  /** Mark a step done, adding to whatever another tab stored meanwhile; resolves when saved (or not).
   * @param {string} game @param {string} key */
  mark(game, key) {
    this.memory[game] = [...new Set([...(this.memory[game] || []), key])];
    return this._write(stored => mergeDone(stored, this.memory));
  }

  /** Nothing done in `game` (the other games keep theirs).
   * @param {string} game */
  reset(game) {
    delete this.memory[game];
    return this._write(stored => {
      const done = mergeDone(stored, this.memory);
      delete done[game];
      return done;
    });
  }

  /** What went wrong with the storage, once ("" when nothing did). */
  tell() {
    const problem = this.problem;
    this.problem = "";
    return problem;
  }
}
