// The library's IndexedDB: the connection, transactions and time limits
// (library.js keeps the games in it).  Database "gamut": store "games" (the
// entries, key "id"), from version 2 store "lines" (each game's line
// summary, summaries.js, key "id"), and from version 3 the entries' index
// "updated" (the list reads the newest first: its first rows show before
// the rest of a large library is read).  Every wait has a time limit
// (STORAGE_WAIT_MS): storage that never answers rejects with StorageError.

import { nextTask } from "./slices.js";
import { t } from "../i18n/i18n.js";

const DB = "gamut";
/** The database's version: 2 added the store of line summaries, 3 the entries' index by time. */
const DB_VERSION = 3;
export const STORE = "games";
export const LINES = "lines";
/** The index of store STORE by an entry's last change (entries without a number there are not in it). */
export const BY_TIME = "updated";

export class StorageError extends Error {
  constructor(message) {
    super(message);
    this.name = "StorageError";
  }
}

/** How long opening IndexedDB may take before the page plays on without it;
 * a transaction (reading every game of a large library) may take four times that. */
export const STORAGE_WAIT_MS = 4000;

/** What the library was doing when storage did not answer: the catalog's words for each. */
const DOING = {
  open: "library.doing.open",
  read: "library.doing.read",
  save: "library.doing.save",
};

/** `promise`, or a StorageError (its `timedOut` true) when it has not
 * settled after `ms`; `what` says what was being done ("open", "read", "save"). */
export function inTime(promise, what, ms = STORAGE_WAIT_MS) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const err = new StorageError(
        t("library.error.noAnswer", { seconds: ms / 1000, doing: t(DOING[what]) }),
      );
      err.timedOut = true;
      reject(err);
    }, ms);
    promise.then(
      value => {
        clearTimeout(timer);
        resolve(value);
      },
      err => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/** A save that would overwrite a stored entry it cannot be combined with. */
export class UnmergeableError extends StorageError {
  constructor(message) {
    super(message);
    this.name = "UnmergeableError";
  }
}

let opening = null;

export function openDB() {
  if (opening) return opening;
  const asked = new Promise((resolve, reject) => {
    let req;
    try {
      req = indexedDB.open(DB, DB_VERSION);
    } catch (err) {
      reject(new StorageError(t("library.error.noStorage", { why: err.message })));
      return;
    }
    req.onupgradeneeded = () => {
      // (the entries stay as they are; the summaries are made when first needed)
      const db = req.result;
      const games = db.objectStoreNames.contains(STORE)
        ? /** @type {IDBTransaction} */ (req.transaction).objectStore(STORE)
        : db.createObjectStore(STORE, { keyPath: "id" });
      if (!games.indexNames.contains(BY_TIME)) games.createIndex(BY_TIME, "updated");
      if (!db.objectStoreNames.contains(LINES)) db.createObjectStore(LINES, { keyPath: "id" });
    };
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => {
        db.close(); // (a newer page upgrades the library: this one lets it, and opens it again when next asked)
        opening = null;
      };
      resolve(db);
    };
    req.onerror = () =>
      reject(
        new StorageError(t("library.error.cannotOpen", { why: (req.error && req.error.message) || "" })),
      );
    req.onblocked = () => reject(new StorageError(t("library.error.blocked")));
  });
  opening = inTime(asked, "open");
  opening.catch(err => {
    // A refusal may pass (asked again next time); storage that does not answer
    // at all stays given up on, so each later wait fails at once, not after
    // another STORAGE_WAIT_MS.
    if (!err.timedOut) opening = null;
  });
  return opening;
}

/** Run `fn(store, lines)` in a transaction (`lines`: the store of the
 * summaries, in a readwrite one); resolves with fn's result when it commits. */
export async function transaction(mode, fn) {
  const db = await openDB();
  const what = mode === "readonly" ? "read" : "save";
  return inTime(runTransaction(db, mode, fn), what, 4 * STORAGE_WAIT_MS);
}

/** `fn(...stores)` in a transaction on the stores `names` (by default,
 * the entries, and in a readwrite one the summaries too). */
export function runTransaction(db, mode, fn, names = mode === "readwrite" ? [STORE, LINES] : [STORE]) {
  return new Promise((resolve, reject) => {
    let result;
    let tx;
    try {
      tx = db.transaction(names, mode);
    } catch (err) {
      reject(new StorageError(err.message));
      return;
    }
    tx.oncomplete = () => resolve(result);
    const fail = () => {
      const e = tx.error;
      reject(
        new StorageError(
          e && e.name === "QuotaExceededError"
            ? t("library.error.full")
            : t("library.error.notSaved", { why: (e && e.message) || "" }),
        ),
      );
    };
    tx.onerror = fail;
    tx.onabort = fail;
    Promise.resolve(fn(...names.map(name => tx.objectStore(name)))).then(
      r => {
        result = r;
      },
      err => {
        // (a request of a transaction the browser aborted, storage full say: the
        // transaction's own error says why, in fail(); #47 showed the request's
        // "The transaction was aborted..." instead)
        if (err && err.name === "AbortError") return;
        try {
          tx.abort();
        } catch {
          /* already done */
        }
        reject(err);
      },
    );
  });
}

export const request = req =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

/** Every record of the store `name`, a page of 1,000 to a transaction and a task. */
export async function readAll(name) {
  const db = await openDB();
  const out = [];
  let after = null;
  for (;;) {
    const range = after === null ? null : IDBKeyRange.lowerBound(after, true);
    const [keys, values] = await inTime(
      runTransaction(
        db,
        "readonly",
        store => Promise.all([request(store.getAllKeys(range, 1000)), request(store.getAll(range, 1000))]),
        [name],
      ),
      "read",
      4 * STORAGE_WAIT_MS,
    );
    out.push(...values);
    if (values.length < 1000) return out;
    after = keys[keys.length - 1];
    await nextTask();
  }
}

/** Every key of the store `name`. */
export async function readKeys(name) {
  const db = await openDB();
  return inTime(
    runTransaction(db, "readonly", store => request(store.getAllKeys()), [name]),
    "read",
    4 * STORAGE_WAIT_MS,
  );
}
