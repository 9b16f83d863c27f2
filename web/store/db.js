// The page's one IndexedDB database, "gamut": the connection, its versions,
// transactions and time limits, for every store that keeps data there (the
// library, library/library.js; the puzzles, puzzles/puzzlestore.js).  Its
// stores: "games" (the library's entries, key "id"); from version 2 "lines"
// (each game's line summary, summaries.js, key "id"); from version 3 the
// entries' index "updated" (the list reads the newest first: its first rows
// show before the rest of a large library is read); from version 4
// "puzzles" (the player's puzzle record of each game, key "game"); from
// version 5 "lessons", "progress" and "mistakes" (the lessons' steps done,
// lessons/lessonstore.js; the progress page's results,
// progress/progressstore.js; the mistakes trainer's exercises,
// mistakes/mistakestore.js), each one value under the key KEPT, changed
// in one transaction that reads it first (keptRecord): a second tab's
// change comes wholly before or after, never lost.  Every wait has a time
// limit (STORAGE_WAIT_MS): storage that never answers rejects with
// StorageError.
//
// The one migration path: a new version adds its stores in
// onupgradeneeded, and a database of earlier versions whose records now
// live here (MOVED: the puzzles' own "gamut-puzzles" of versions before 4)
// is copied in once and deleted, and so is a localStorage key whose value
// now lives here (MOVED_LOCAL: the three stores above, before version 5),
// a record already here never overwritten.  Other tabs hear of a change
// by a BroadcastChannel (onKeptChange).

import { nextTask } from "../library/slices.js";
import { t } from "../i18n/i18n.js";
import { webStorage } from "./local.js";

const DB = "gamut";
/** The database's version: 2 added the store of line summaries, 3 the
 * entries' index by time, 4 the puzzles' store, 5 the stores of lessons,
 * progress and mistakes (moved in from localStorage). */
const DB_VERSION = 5;
export const STORE = "games";
export const LINES = "lines";
export const PUZZLES = "puzzles";
export const LESSONS = "lessons";
export const PROGRESS = "progress";
export const MISTAKES = "mistakes";
/** The key of the one value kept in LESSONS, PROGRESS and MISTAKES; ASIDE: a
 * damaged one set aside (once) before it is written over. */
export const KEPT = "kept";
export const ASIDE = "damaged";

/** The databases of earlier versions whose records now live in a store of
 * this one: `database`'s store `store` moves into `into`. */
export const MOVED = Object.freeze([{ database: "gamut-puzzles", store: "games", into: PUZZLES }]);
/** The localStorage keys of earlier versions whose values now live here:
 * `key`'s value moves into the store `into` under the key `as`. */
export const MOVED_LOCAL = Object.freeze([
  { key: "gamut.lessons", into: LESSONS, as: KEPT },
  { key: "gamut.progress", into: PROGRESS, as: KEPT },
  { key: "gamut.progress.damaged", into: PROGRESS, as: ASIDE },
  { key: "gamut.mistakes", into: MISTAKES, as: KEPT },
  { key: "gamut.mistakes.damaged", into: MISTAKES, as: ASIDE },
]);
/** The index of store STORE by an entry's last change (entries without a number there are not in it). */
export const BY_TIME = "updated";

export class StorageError extends Error {
  constructor(message) {
    super(message);
    this.name = "StorageError";
    this.timedOut = false; // (storage that did not answer in time, not one that refused)
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
 * settled after `ms`; `what` says what was being done: the library's "open",
 * "read" or "save", or a catalog key of its own ("puzzle.store.reading"). */
export function inTime(promise, what, ms = STORAGE_WAIT_MS) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const err = new StorageError(
        t("library.error.noAnswer", { seconds: ms / 1000, doing: t(DOING[what] || what) }),
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

/** @type {Promise<IDBDatabase> | null} */
let opening = null;

/** The page's database, open (one connection for the page, asked once).
 * @returns {Promise<IDBDatabase>} */
export function openDB() {
  if (opening) return opening;
  const asked = new Promise((resolve, reject) => {
    let req;
    try {
      req = indexedDB.open(DB, DB_VERSION);
    } catch (err) {
      reject(new StorageError(t("library.error.noStorage", { why: /** @type {Error} */ (err).message })));
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
      if (!db.objectStoreNames.contains(PUZZLES)) db.createObjectStore(PUZZLES, { keyPath: "game" });
      for (const name of [LESSONS, PROGRESS, MISTAKES])
        if (!db.objectStoreNames.contains(name)) db.createObjectStore(name);
    };
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => {
        db.close(); // (a newer page upgrades the library: this one lets it, and opens it again when next asked)
        opening = null;
      };
      // (a database of earlier versions moved in before anything reads: nothing kept there is lost)
      moveEarlierDatabases(indexedDB, db)
        .then(() => moveLocalStores(db, webStorage()))
        .then(() => resolve(db));
    };
    req.onerror = () =>
      reject(
        new StorageError(t("library.error.cannotOpen", { why: (req.error && req.error.message) || "" })),
      );
    req.onblocked = () => reject(new StorageError(t("library.error.blocked")));
  });
  const opened = /** @type {Promise<IDBDatabase>} */ (inTime(asked, "open"));
  opening = opened;
  opened.catch(err => {
    // A refusal may pass (asked again next time); storage that does not answer
    // at all stays given up on, so each later wait fails at once, not after
    // another STORAGE_WAIT_MS.
    if (!err.timedOut) opening = null;
  });
  return opened;
}

/**
 * Copy the records of the earlier databases (MOVED) that `factory` still
 * has into `db`, then delete them.  A record whose key is already in `db`
 * stays as it is; a database that cannot be read stays for the next start
 * (nothing is deleted unless it was copied).  Never rejects.
 * @param {IDBFactory} factory @param {IDBDatabase} db
 */
export async function moveEarlierDatabases(factory, db) {
  /** @type {(string | undefined)[] | null} */
  let names = null; // (databases() is missing in older browsers: then each is tried)
  try {
    if (typeof factory.databases === "function") names = (await factory.databases()).map(d => d.name);
  } catch {
    names = null;
  }
  for (const moved of MOVED) {
    if (names && !names.includes(moved.database)) continue;
    try {
      await inTime(moveDatabase(factory, db, moved), "open");
    } catch {
      /* kept where it is: tried again at the next start */
    }
  }
}

/**
 * Copy the values of MOVED_LOCAL that `storage` still has into `db`, each
 * key removed once its value is written (a value already in `db` stays,
 * the key goes).  Text that is not JSON moves as text: its store reads it
 * as damaged and sets it aside.  Never rejects.
 * @param {IDBDatabase} db @param {Storage | null} storage
 */
export async function moveLocalStores(db, storage) {
  for (const { key, into, as } of MOVED_LOCAL) {
    try {
      const text = storage && storage.getItem(key);
      if (text == null) continue;
      let value = text;
      try {
        value = JSON.parse(text);
      } catch {
        /* moved as text */
      }
      const put = async store => {
        if (!(await request(store.count(as)))) store.put(value, as);
      };
      await inTime(runTransaction(db, "readwrite", put, [into]), "open");
      /** @type {Storage} */ (storage).removeItem(key);
    } catch {
      /* kept where it is: tried again at the next start */
    }
  }
}

/** One database of MOVED copied into `db`'s store and deleted. */
async function moveDatabase(factory, db, { database, store, into }) {
  const old = await new Promise((resolve, reject) => {
    const req = factory.open(database);
    req.onupgradeneeded = event => {
      if (event.oldVersion === 0) /** @type {IDBTransaction} */ (req.transaction).abort(); // (none: not made)
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => (req.error && req.error.name === "AbortError" ? resolve(null) : reject(req.error));
  });
  if (!old) return;
  try {
    if (old.objectStoreNames.contains(store)) {
      const records = await runTransaction(old, "readonly", s => request(s.getAll()), [store]);
      await runTransaction(
        db,
        "readwrite",
        async target => {
          const keys = new Set(await request(target.getAllKeys()));
          for (const record of records) if (!keys.has(record[target.keyPath])) target.put(record);
        },
        [into],
      );
    }
  } finally {
    old.close();
  }
  factory.deleteDatabase(database); // (done once the last page of an earlier version lets go of it)
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
      reject(new StorageError(/** @type {Error} */ (err).message));
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

/** @type {BroadcastChannel | null} */
let channel = null;
/** @type {Map<string, Set<() => void>>} */
const heard = new Map();

function tabs() {
  if (!channel && typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel("gamut-store");
    /** @type {any} */ (channel).unref?.(); // (Node's tests end though it is open)
    channel.onmessage = e => {
      for (const fn of heard.get(e.data) || []) fn();
    };
  }
  return channel;
}

/** Call `fn` when another tab changed the store `name` (of keptRecord). */
export function onKeptChange(name, fn) {
  tabs();
  if (!heard.has(name)) heard.set(name, new Set());
  /** @type {Set<() => void>} */ (heard.get(name)).add(fn);
}

/**
 * The one value of the store `name` (LESSONS, PROGRESS, MISTAKES), read and
 * changed each in a transaction of its own; `doing`: the catalog's words
 * for reading and saving it (in the message when storage does not answer).
 * `update(change)` writes `change(stored)` in the transaction that read
 * `stored` (undefined: none) and resolves with it; `setAside(value)` keeps a
 * damaged value under ASIDE unless one is there.  Both reject with StorageError.
 * @param {string} name @param {{read: string, save: string}} doing
 */
export function keptRecord(name, doing) {
  const change = async (key, fn, what) => {
    const db = await openDB();
    const put = async store => {
      const value = fn(await request(store.get(key)));
      store.put(value, key);
      return value;
    };
    return inTime(runTransaction(db, "readwrite", put, [name]), what);
  };
  return {
    read: async () => {
      const db = await openDB();
      return inTime(
        runTransaction(db, "readonly", s => request(s.get(KEPT)), [name]),
        doing.read,
      );
    },
    update: async fn => {
      const value = await change(KEPT, fn, doing.save);
      tabs()?.postMessage(name);
      return value;
    },
    setAside: value => change(ASIDE, old => (old === undefined ? value : old), doing.save),
  };
}
