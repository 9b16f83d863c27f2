// Where the exercises of "practise your mistakes" are kept: the page's
// IndexedDB database (store/db.js, its store "mistakes": one list,
// mistakes.js's form; localStorage "gamut.mistakes" before version 5,
// moved in by db.js).
//
// The list is read once at the start (`loaded`, then onChange) and kept in
// memory, where the page reads it at each redraw.  Every change is made at
// once in memory and then again on the stored list, in the transaction
// that reads it, so two tabs never lose each other's exercises or results;
// the other tabs hear of it (onKeptChange) and read it again.  A list that
// cannot be read (garbage, another version) gives an empty list and a
// message, and is set aside before anything is written over it.  Storage
// refused, full or not answering: the list stays in this tab's memory, the
// change is not lost for the session, and the page says so (`problem`).
//
//   const store = new MistakeStore({onChange: () => redraw()});
//   store.read()                  // {list, problem}
//   store.update(list => solve(list, key))   // {list, problem}

import { emptyList, readList } from "./mistakes.js";
import { t } from "../i18n/i18n.js";
import { MISTAKES, keptRecord, onKeptChange } from "../store/db.js";

const why = err => String((err && (err.message || err.name)) || err);

export class MistakeStore {
  /** @param {{kept?: any, onChange?: () => void, tabs?: boolean}} how `kept`: where (tests give another) */
  constructor({
    kept = keptRecord(MISTAKES, { read: "store.mistakes.reading", save: "store.mistakes.saving" }),
    onChange = () => {},
    tabs = true,
  } = {}) {
    this.kept = kept;
    this.onChange = onChange;
    this.list = emptyList();
    this.damaged = null; // what was wrong with the stored list, or null
    this.failed = null; // why storage failed, or null
    this.loaded = this._load();
    if (tabs) onKeptChange(MISTAKES, () => this._load());
  }

  /** The stored list read into memory (garbage: set aside); never rejects. */
  async _load() {
    try {
      const value = await this.kept.read();
      const { list, problem } = readList(value ?? null);
      if (problem) await this.kept.setAside(value);
      this.damaged = problem;
      this.list = list;
    } catch (err) {
      this.failed = t("store.mistakes.refusedWhy", { why: why(err) });
    }
    this.onChange();
  }

  /** The list: {list, problem: words or null}. */
  read() {
    return { list: this.list, problem: this.failed || this.damaged };
  }

  /** Change the list (`change(list)` returns the new one) and keep it: {list, problem}. */
  update(change) {
    const before = JSON.stringify(this.list);
    this.list = change(this.list);
    if (JSON.stringify(this.list) !== before) this.saved = this._save(change);
    return this.read();
  }

  /** `change` made to the stored list too; never rejects. */
  async _save(change) {
    try {
      const saved = await this.kept.update(stored => change(readList(stored ?? null).list));
      const other = JSON.stringify(saved) !== JSON.stringify(this.list); // (another tab's change in it)
      this.list = saved;
      this.damaged = null;
      if (other) this.onChange();
    } catch (err) {
      this.failed = t("store.mistakes.notSaved", { why: why(err) });
      this.onChange();
    }
  }
}
