// Where your progress is kept (issue #31): localStorage "gamut.progress",
// a JSON {version, results, dropped} (progress.js readState).  Its own key,
// never the library's database.  Every read survives garbage (the state
// starts afresh, the unreadable text is kept aside under
// "gamut.progress.damaged", and the page says so once); every write
// survives a full disk or a storage refused (the results stay in this
// tab's memory, the page says so once, play goes on); two tabs lose
// nothing: each write first reads what is stored and merges it (by game
// id), and the other tab hears of it by the storage event.
//
//   const store = new ProgressStore();
//   store.add(result);  store.reset("loa");  store.state.results
//   store.onChange(() => redraw());   store.tell()  // a problem to say, once

import { emptyState, mergeStates, readState, resetState } from "./progress.js";
import { t } from "../i18n/i18n.js";
import { webStorage } from "../store/local.js";

export const KEY = "gamut.progress";
export const DAMAGED_KEY = "gamut.progress.damaged";
const VERSION = 1;

export class ProgressStore {
  /** @param {{storage?: Storage | null, events?: EventTarget | null}} [how] another storage (tests) */
  constructor({ storage = webStorage(), events = globalThis.window || null } = {}) {
    this.storage = storage;
    this.problem = ""; // what went wrong with the storage ("" while all is kept)
    this.told = false;
    this.listeners = new Set();
    this.state = emptyState();
    this.state = this._read();
    events?.addEventListener?.("storage", (/** @type {any} */ e) => {
      if (e.key !== KEY && e.key !== null) return; // (null: the storage was cleared)
      this.state = mergeStates(this.state, this._read());
      this._changed();
    });
  }

  _fail(what, err) {
    if (!this.problem)
      this.problem = t("store.problemWhy", { what, why: String((err && err.message) || err) });
  }

  /** The state stored now (garbage: an empty state, the text kept aside). */
  _read() {
    if (!this.storage) {
      this._fail(t("store.progress.memoryOnly"), t("store.progress.noData"));
      return emptyState();
    }
    let text = null;
    try {
      text = this.storage.getItem(KEY);
    } catch (err) {
      this._fail(t("store.progress.unreadable"), err);
      return emptyState();
    }
    if (text == null) return emptyState();
    try {
      const data = JSON.parse(text);
      if (!data || typeof data !== "object" || !Array.isArray(data.results))
        throw new Error(t("store.progress.notResults"));
      return readState(data);
    } catch (err) {
      this._fail(t("store.progress.damaged"), err);
      try {
        if (this.storage.getItem(DAMAGED_KEY) == null) this.storage.setItem(DAMAGED_KEY, text);
      } catch {
        /* no room for the copy: the text stays where it is until the next write */
      }
      return emptyState();
    }
  }

  /** Merge what is stored and write the whole state back; false when it could not be written. */
  _write() {
    this.state = mergeStates(this.state, this._read()); // (another tab's results too)
    if (!this.storage) return false;
    try {
      this.storage.setItem(KEY, JSON.stringify({ version: VERSION, ...this.state }));
      return true;
    } catch (err) {
      this._fail(t("store.progress.notSaved"), err);
      return false;
    }
  }

  /** Count `result` (progress.js resultOf); false when its game was counted already. */
  add(result) {
    if (!result || this.has(result.id)) return false;
    this.state = mergeStates(this.state, { results: [result], dropped: [] });
    this._write();
    this._changed();
    return true;
  }

  /** Whether the game `id` was counted (in this tab or, stored, in another), or counted and reset. */
  has(id) {
    const known = () => this.state.results.some(r => r.id === id) || this.state.dropped.includes(id);
    if (known()) return true;
    this.state = mergeStates(this.state, this._read());
    return known();
  }

  /** Forget the results of `game` (null: of every game). */
  reset(game = null) {
    this.state = resetState(mergeStates(this.state, this._read()), game); // (another tab's results too)
    this._write();
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
