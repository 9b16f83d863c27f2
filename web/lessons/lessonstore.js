// The steps done, per game, in localStorage "gamut.lessons".  Garbage reads
// as nothing done (said once by tell()); a refused write keeps the progress
// in memory (said too); every write reads the stored value again and adds
// to it, so a second tab's steps are never lost.

import { t } from "../i18n/i18n.js";
import { webStorage } from "../store/local.js";

export const KEY = "gamut.lessons";
const VERSION = 1;

/** The steps done per game in a stored text: `{game: [key]}`, and whether
 * the text was garbage.  Keys that are not strings are dropped.
 * @param {string | null} text @returns {{done: Record<string, string[]>, garbage: boolean}} */
export function parseStored(text) {
  if (text === null || text === undefined || text === "") return { done: {}, garbage: false };
  let data;
  try {
    data = JSON.parse(text);
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

export class LessonStore {
  /** @param {Storage | null} [storage] */
  constructor(storage = webStorage()) {
    this.storage = storage;
    /** @type {Record<string, string[]>} what this page knows (stored or not) */
    this.memory = {};
    this.problem = "";
    this._read();
  }

  /** The stored value merged into memory (a step done here stays done). */
  _read() {
    let text = null;
    try {
      text = this.storage ? this.storage.getItem(KEY) : null;
    } catch (err) {
      this.problem = this.problem || t("store.lessons.refused", { why: String((err && err.name) || err) });
    }
    const { done, garbage } = parseStored(text);
    if (garbage) this.problem = this.problem || t("store.lessons.damaged");
    for (const [game, keys] of Object.entries(done)) {
      this.memory[game] = [...new Set([...(this.memory[game] || []), ...keys])];
    }
    return done;
  }

  _write(done) {
    if (!this.storage) {
      this.problem = this.problem || t("store.lessons.noStorage");
      return;
    }
    try {
      this.storage.setItem(KEY, JSON.stringify({ v: VERSION, done }));
    } catch (err) {
      this.problem = t("store.lessons.notSaved", { why: String((err && err.name) || err) });
    }
  }

  /** The steps done in `game` ("lesson/step" keys).
   * @param {string} game @returns {Set<string>} */
  done(game) {
    this._read();
    return new Set(this.memory[game] || []);
  }

  /** Mark a step done, adding to whatever another tab stored meanwhile.
   * @param {string} game @param {string} key */
  mark(game, key) {
    const stored = this._read();
    const keys = new Set(this.memory[game] || []);
    keys.add(key);
    this.memory[game] = [...keys];
    this._write({ ...stored, ...this.memory });
  }

  /** Nothing done in `game` (the other games keep theirs).
   * @param {string} game */
  reset(game) {
    const stored = this._read();
    delete stored[game];
    this.memory = { ...this.memory, ...stored };
    delete this.memory[game];
    this._write(this.memory);
  }

  /** What went wrong with the storage, once ("" when nothing did). */
  tell() {
    const problem = this.problem;
    this.problem = "";
    return problem;
  }
}
