// Where the exercises of "practise your mistakes" are kept: localStorage
// "gamut.mistakes" (one JSON list, mistakes.js's form), never in the
// library's database.
//
// Every change reads the stored list again and writes it back at once
// (one task: no other tab writes between the two), so two tabs never lose
// each other's exercises or results; the other tabs hear of it by the
// browser's "storage" event (`onChange`).  A list that cannot be read
// (garbage, another version) gives an empty list and a message, and is
// copied aside to "gamut.mistakes.damaged" before the first write over it.
// A browser that refuses storage, or a full one, keeps the list in this
// tab's memory: the change is not lost for the session, and the page says
// so (`problem`).
//
//   const store = new MistakeStore({onChange: () => redraw()});
//   store.read()                  // {list, problem}
//   store.update(list => solve(list, key))   // {list, problem}

import { emptyList, readList } from "./mistakes.js";
import { t } from "../i18n/i18n.js";
import { webStorage } from "../store/local.js";

export const KEY = "gamut.mistakes";
const ASIDE = "gamut.mistakes.damaged";

export class MistakeStore {
  /** @param {{storage?: Storage | null, onChange?: () => void}} how */
  constructor({ storage = webStorage(), onChange = () => {} } = {}) {
    this.storage = storage;
    this.memory = null; // the list, when storage failed: this tab's copy
    this.failed = null; // why the last write failed, or null
    /** @type {string | null | undefined} the stored text last read, and what it read as */
    this.lastRaw = undefined;
    /** @type {{list: any, problem: string | null} | null} */
    this.lastRead = null;
    if (typeof addEventListener === "function")
      addEventListener("storage", e => {
        if (e.key === KEY || e.key === null) onChange();
      });
  }

  /** The list as stored now: {list, problem: words or null}. */
  read() {
    if (this.memory) return { list: this.memory, problem: this.failed };
    /** @type {string | null} */
    let raw = null;
    try {
      raw = this.storage ? this.storage.getItem(KEY) : null;
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      return { list: emptyList(), problem: t("store.mistakes.refusedWhy", { why }) };
    }
    if (raw !== this.lastRaw) {
      this.lastRaw = raw; // (read again only when the stored text changed: the page reads it at each redraw)
      this.lastRead = readList(raw);
    }
    const { list, problem } = /** @type {{list: any, problem: string | null}} */ (this.lastRead);
    return { list, problem: problem || (this.storage ? null : t("store.mistakes.refused")) };
  }

  /** Change the list (`change(list)` returns the new one) and keep it: {list, problem}. */
  update(change) {
    const before = this.read();
    const list = change(before.list);
    if (!this.storage || this.memory) {
      this.memory = list;
      return { list, problem: this.failed || before.problem };
    }
    const text = JSON.stringify(list);
    if (text === this.lastRaw) return { list, problem: null }; // (nothing changed: nothing written)
    try {
      if (before.problem) this._setAside();
      this.storage.setItem(KEY, text);
      return { list, problem: null };
    } catch (err) {
      this.memory = list;
      const why = err instanceof Error ? err.name : String(err);
      this.failed = t("store.mistakes.notSaved", { why });
      return { list, problem: this.failed };
    }
  }

  /** Copy a list that cannot be read aside (once), before writing over it. */
  _setAside() {
    const storage = this.storage;
    if (!storage) return;
    try {
      const raw = storage.getItem(KEY);
      if (raw !== null && storage.getItem(ASIDE) === null) storage.setItem(ASIDE, raw);
    } catch {
      /* nothing to keep, or no room: the new list is what matters */
    }
  }
}
