// Where your progress is kept (issue #31): the page's IndexedDB database
// (store/db.js, its store "progress": one value {version, results,
// dropped}, progress.js readState; localStorage "gamut.progress" before
// version 5, moved in by db.js).  Read once at the start (`loaded`, then
// onChange); garbage starts the state afresh, the value set aside, and the
// page says so once; storage refused, full or not answering keeps the
// results in this tab's memory (said once, play goes on); two tabs lose
// nothing: each write merges the stored state (by game id) in the
// transaction that reads it, and the other tab hears of it (onKeptChange).
//
//   const store = new ProgressStore();
//   store.add(result);  store.reset("loa");  store.state.results
//   store.onChange(() => redraw());   store.tell()  // a problem to say, once

import { emptyState, mergeStates, readState, resetState } from "./progress.js";
import { t } from "../i18n/i18n.js";
import { PROGRESS, keptRecord, onKeptChange } from "../store/db.js";

const VERSION = 1;

/** A stored value (or its JSON text) as a state, or null when it is garbage. */
export function storedState(value) {
  if (value === undefined || value === null) return emptyState();
  try {
    const data = typeof value === "string" ? JSON.parse(value) : value;
    return data && typeof data === "object" && Array.isArray(data.results) ? readState(data) : null;
  } catch {
    return null;
  }
}

export class ProgressStore {
  /** @param {{kept?: any, tabs?: boolean}} [how] where it is kept (store/db.js keptRecord; tests give another) */
  constructor({
    kept = keptRecord(PROGRESS, { read: "store.progress.reading", save: "store.progress.saving" }),
    tabs = true,
  } = {}) {
    this.kept = kept;
    this.problem = ""; // what went wrong with the storage ("" while all is kept)
    this.told = false;
    this.listeners = new Set();
    this.state = emptyState();
    this.loaded = this._load();
    if (tabs) onKeptChange(PROGRESS, () => this._load());
  }

  _fail(what, err) {
    if (!this.problem)
      this.problem = t("store.problemWhy", { what, why: String((err && err.message) || err) });
  }

  /** The stored state merged into memory (garbage: set aside); never rejects. */
  async _load() {
    try {
      const value = await this.kept.read();
      const stored = storedState(value);
      if (stored) this.state = mergeStates(this.state, stored);
      else {
        this._fail(t("store.progress.damaged"), t("store.progress.notResults"));
        await this.kept.setAside(value);
      }
    } catch (err) {
      this._fail(t("store.progress.unreadable"), err);
    }
    this._changed();
  }

  /** Write the state merged with the stored one (another tab's results too); never rejects. */
  async _write(change = s => s) {
    try {
      const value = await this.kept.update(stored => ({
        version: VERSION,
        ...change(mergeStates(storedState(stored) || emptyState(), this.state)),
      }));
      this.state = readState(value);
    } catch (err) {
      this._fail(t("store.progress.notSaved"), err);
    }
    this._changed();
  }

  /** Count `result` (progress.js resultOf); false when its game was counted already. */
  add(result) {
    if (!result || this.has(result.id)) return false;
    this.state = mergeStates(this.state, { results: [result], dropped: [] });
    this.saved = this._write();
    this._changed();
    return true;
  }

  /** Whether the game `id` was counted (in this tab or, read, in another), or counted and reset. */
  has(id) {
    return this.state.results.some(r => r.id === id) || this.state.dropped.includes(id);
  }

  /** Forget the results of `game` (null: of every game). */
  reset(game = null) {
    this.state = resetState(this.state, game);
    this.saved = this._write(state => resetState(state, game));
    this._changed();
  }

  /** The state as a file's text (Export): every result and the games reset, readable again by readState. */
  exportText() {
    return JSON.stringify({ version: VERSION, exported: new Date().toISOString(), ...this.state }, null, 1);
  }

  onChange(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  _changed() {
    for (const fn of [...this.listeners]) fn(this.state);
  }

  /** The problem to say, the first time it is asked for ("" when all is kept, or already said). */
  tell() {
    if (!this.problem || this.told) return "";
    this.told = true;
    return this.problem;
  }
}
