// The library: every game, saved as it is played, as its own entry in
// IndexedDB (database "gamut", store "games", key "id").
//
// An entry: {id, v: 1, game: GameModel.toJSON(), name, created, updated,
// summary: {game, variant, title, players: [{said, seat}] (seats.js: each
// seat's message, never its words; earlier versions' {name, seat} are read
// through oldseats.js), moves, result, end: how it
// ended, {winner, termination, by} (model/ending.js), or null}, thumb: the final
// position's board, pieces and markers (for the list's small drawing),
// tags?: an imported record's other tags ({Event, Black, White, ...})}.
//
// Nothing is lost between tabs: a save merges the stored tree into the one
// being saved (GameModel.merge: the union of both, so a move played in
// another tab stays, less the lines the player deleted in either, which the
// game keeps as time-stamped records so that a deletion sticks) in
// the same transaction, and every change is announced on a
// BroadcastChannel so that other tabs refresh their list and their copy of
// the game.  An entry that cannot be read (not JSON-like, an unknown game,
// a newer version) is listed as damaged with the reason; it can be exported
// raw or deleted, and never stops the page.  When IndexedDB is refused
// (some private windows) or full, save() rejects with StorageError and the
// page plays on unsaved.  Beside the entries, store "lines" keeps each
// game's line summary (summaries.js), written in the same transaction as its
// entry, so that opening a link reads summaries and one entry, not every
// game; they are made again from the entries whenever they are missing
// (a library from before them: database version 1) or out of step (their
// count differs, one cannot be read).  Every wait on IndexedDB has a time limit
// (STORAGE_WAIT_MS): a browser whose storage never answers (a stuck
// upgrade, a broken profile) rejects with StorageError too, so the page
// plays on without the library and says so, instead of waiting for ever.

import { GameModel } from "../model/game.js";
import { t } from "../i18n/i18n.js";
import { byNewest, rowOf } from "./listmodel.js";
import { checkCancel, inSlices, nextTask, SLICE_MS } from "./slices.js";
import { byNewestSummary, isSummary, summaryOf } from "./summaries.js";
import {
  BY_TIME,
  inTime,
  LINES,
  openDB,
  readAll,
  readKeys,
  request,
  runTransaction,
  STORAGE_WAIT_MS,
  StorageError,
  STORE,
  transaction,
  UnmergeableError,
} from "../store/db.js";

export { STORAGE_WAIT_MS, StorageError, UnmergeableError };

export const VERSION = 1;

export function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return Array.from(bytes, b => b.toString(16).padStart(2, "0")).join("");
}

/** @type {BroadcastChannel | null | undefined} */
let channel; // opened on first use (a module that only reads records opens none)

function libraryChannel() {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("gamut-library") : null;
  }
  return channel;
}

/** Call `fn({type, id})` when another tab changes the library. */
export function onChange(fn) {
  libraryChannel()?.addEventListener("message", e => fn(e.data || {}));
}

function announce(type, id) {
  try {
    libraryChannel()?.postMessage({ type, id });
  } catch {
    /* a closed channel */
  }
}

/** Save `model` (with its `id`, `name`, `created`) and what the list shows.
 * Moves stored by another tab are merged into the model first (returns how many). */
export async function save(model, { summary, thumb, keepThumb = false }) {
  const now = Date.now();
  let merged = 0;
  await transaction("readwrite", async (store, lines) => {
    const old = await request(store.get(model.id));
    if (old) {
      // nothing is written over a stored copy that cannot be merged
      if (!old.game || typeof old.game !== "object" || typeof old.v !== "number")
        throw new UnmergeableError(t("library.error.storedDamaged"));
      if (old.v !== VERSION)
        throw new UnmergeableError(t("library.error.storedOtherVersion", { format: String(old.v) }));
      if (old.game.start !== model.start) throw new UnmergeableError(t("library.error.storedOtherStart"));
      merged = model.merge(old.game);
      if (merged < 0) throw new UnmergeableError(t("library.error.storedDamaged"));
    }
    const entry = {
      id: model.id,
      v: VERSION,
      game: model.toJSON(),
      name: model.name || (old && old.name) || "",
      created: model.created || (old && old.created) || now,
      updated: now,
      summary: keepThumb && old && old.summary ? { ...old.summary, moves: summary.moves } : summary,
      thumb: keepThumb && old ? old.thumb : thumb,
      ...(old && old.tags ? { tags: old.tags } : {}), // (an imported record's other tags stay)
    };
    await Promise.all([request(store.put(entry)), request(lines.put(linesOf(entry)))]);
  });
  announce("saved", model.id);
  return merged;
}

/** Entries read in one short transaction: a page of a large library. */
const PAGE = 100;
/** The list's first page: a screen of rows, read before anything else. */
const FIRST_PAGE = 30;

/** Call `fn(entry)` for every stored entry, in key order, a page of PAGE at a
 * time (each page its own transaction and task, `fn` run in slices): a
 * library of 20,000 games is read without stopping the page. */
export async function eachEntry(fn, { signal = null } = {}) {
  const db = await openDB();
  let after = null;
  for (;;) {
    const range = after === null ? null : IDBKeyRange.lowerBound(after, true);
    const [keys, entries] = await inTime(
      runTransaction(db, "readonly", store =>
        Promise.all([request(store.getAllKeys(range, PAGE)), request(store.getAll(range, PAGE))]),
      ),
      "read",
      4 * STORAGE_WAIT_MS,
    );
    checkCancel(signal);
    await inSlices(entries, fn, { signal });
    if (entries.length < PAGE) return;
    after = keys[keys.length - 1];
    await nextTask();
  }
}

/** Every entry as a light row for the list (listmodel.rowOf, with `bytes`:
 * the size of its stored form, about), newest first.  Read newest first
 * through the index by time, a page at a time, `onRows(rows, total)` called
 * with the rows read so far after each page (the first page is a screen's
 * worth: a library of 20,000 games shows its first rows at once); the
 * entries the index lacks (damaged: no time) come last.  Resolves with
 * every row. */
export async function rows(knownGames, { signal = null, onRows = null } = {}) {
  const db = await openDB();
  const [byTime, all] = await inTime(
    runTransaction(db, "readonly", store =>
      Promise.all([request(store.index(BY_TIME).getAllKeys()), request(store.getAllKeys())]),
    ),
    "read",
    4 * STORAGE_WAIT_MS,
  );
  checkCancel(signal);
  const indexed = new Set(byTime);
  const ids = byTime.reverse().concat(all.filter(id => !indexed.has(id)));
  const out = [];
  for (let i = 0, size = FIRST_PAGE; i < ids.length; i += size, size = PAGE) {
    const page = ids.slice(i, i + size);
    const entries = await inTime(
      runTransaction(db, "readonly", store => Promise.all(page.map(id => request(store.get(id))))),
      "read",
      4 * STORAGE_WAIT_MS,
    );
    checkCancel(signal);
    await inSlices(
      entries.filter(entry => entry !== undefined), // (deleted meanwhile)
      entry => {
        const row = rowOf(entry, problemOf(entry, knownGames));
        row.bytes = sizeOf(entry);
        out.push(row);
      },
      { signal },
    );
    if (onRows) onRows(out, ids.length);
    await nextTask();
  }
  out.sort(byNewest); // (stable: the index's order where times are equal)
  return out;
}

/** About how many bytes an entry takes (its JSON's length; the browser's
 * own form is of that order). */
function sizeOf(entry) {
  try {
    return JSON.stringify(entry).length;
  } catch {
    return 0;
  }
}

/** The stored thumbnails of `ids`: Map id -> thumb (or null), in one transaction. */
export async function thumbs(ids) {
  const found = await transaction("readonly", store =>
    Promise.all(ids.map(id => request(store.get(id)).then(entry => [id, (entry && entry.thumb) || null]))),
  );
  return new Map(found);
}

/** The longest a batch of puts runs (each put copies its entry, and a
 * summary is made for it): under SLICE_MS, as the import's other work
 * (drawing the list, the engine's answers) shares the page's time with it. */
const PUTS_MS = SLICE_MS / 2;

/** Store many entries (an import's slice) in one transaction: all or none.
 * The puts are made a few at a time, each batch in the success event of the
 * one before (its own task: copying a hundred games at once would hold the
 * page; the transaction stays open while a request is pending). */
export async function putMany(entries) {
  if (!entries.length) return;
  await transaction(
    "readwrite",
    (store, lines) =>
      new Promise((resolve, reject) => {
        let next = 0;
        const batch = () => {
          const started = performance.now();
          let last;
          do {
            const entry = entries[next++];
            lines.put(linesOf(entry));
            last = store.put(entry);
          } while (next < entries.length && performance.now() - started < PUTS_MS);
          last.onsuccess = next < entries.length ? batch : () => resolve(undefined);
          last.onerror = () => reject(last.error);
        };
        batch();
      }),
  );
  announce("saved", null);
}

/** Delete the entries of `ids` (not the game on screen: the caller leaves
 * it out), PAGE to a transaction; `onProgress(done)` after each.  Resolves
 * with how many were deleted (all of them, unless cancelled). */
export async function removeMany(ids, { signal = null, onProgress = null } = {}) {
  let done = 0;
  try {
    for (let i = 0; i < ids.length; i += PAGE) {
      checkCancel(signal);
      const page = ids.slice(i, i + PAGE);
      await transaction("readwrite", async (store, lines) => {
        await Promise.all(page.flatMap(id => [request(store.delete(id)), request(lines.delete(id))]));
      });
      done += page.length;
      if (onProgress) onProgress(done);
      await nextTask();
    }
  } finally {
    if (done) announce("deleted", null);
  }
  return done;
}

/** An entry's line summary (summaries.js); one that cannot be opened is marked damaged. */
function linesOf(entry) {
  const sound = !!entry && typeof entry === "object" && entry.v === VERSION && !entry.damaged;
  return summaryOf(entry, sound ? null : "damaged");
}

/** Every game's line summary (summaries.js), newest first: what finding a
 * link's game reads.  Made again from the entries first when they are out
 * of step with them (none yet, a count that differs, one unreadable). */
export async function summaries() {
  for (let made = false; ; made = true) {
    const db = await openDB();
    const [entries, summed] = await inTime(
      runTransaction(db, "readonly", (s, l) => Promise.all([request(s.count()), request(l.count())]), [
        STORE,
        LINES,
      ]),
      "read",
    );
    const all = entries === summed || made ? await readAll(LINES) : [];
    if (made || (entries === summed && all.every(isSummary)))
      return all.filter(isSummary).sort(byNewestSummary);
    await remakeSummaries();
  }
}

/** Make every summary again from the entries (read a page at a time), and
 * drop those of entries gone.  A summary written meanwhile by a save (as
 * new as its entry) is kept. */
async function remakeSummaries() {
  const made = [];
  await eachEntry(entry => made.push(linesOf(entry)));
  for (let i = 0; i < made.length; i += PAGE) {
    const page = made.slice(i, i + PAGE);
    await transaction("readwrite", (_store, lines) =>
      Promise.all(
        page.map(async s => {
          const kept = await request(lines.get(s.id));
          if (!isSummary(kept) || kept.updated < s.updated) await request(lines.put(s));
        }),
      ),
    );
    await nextTask();
  }
  const ids = new Set(made.map(s => s.id));
  const keys = await readKeys(LINES);
  const gone = keys.filter(id => !ids.has(id));
  if (gone.length)
    await transaction("readwrite", (_store, lines) => Promise.all(gone.map(id => request(lines.delete(id)))));
}

/** The browser's storage for this site: {usage, quota} in bytes, or null when it does not say. */
export async function storageUse() {
  try {
    if (!navigator.storage || !navigator.storage.estimate) return null;
    const { usage, quota } = await navigator.storage.estimate();
    return typeof usage === "number" ? { usage, quota: quota || 0 } : null;
  } catch {
    return null;
  }
}

export async function get(id) {
  return transaction("readonly", store => request(store.get(id)));
}

/** Why an entry cannot be opened, or null. */
export function problemOf(entry, knownGames) {
  if (!entry || typeof entry !== "object") return t("library.problem.notRecord");
  if (typeof entry.damaged === "string" && entry.damaged) return entry.damaged;
  if (typeof entry.v !== "number") return t("library.problem.noVersion");
  if (entry.v > VERSION) return t("library.problem.newer", { format: String(entry.v) });
  if (entry.v !== VERSION) return t("library.problem.unknownFormat", { format: String(entry.v) });
  const game = entry.game && entry.game.meta && entry.game.meta.game;
  if (knownGames && !knownGames.includes(game))
    return t("library.problem.unknownGame", { game: JSON.stringify(game) });
  try {
    GameModel.fromJSON(entry.game);
  } catch (err) {
    return err.message;
  }
  return null;
}

/** The models read from an entry that holds all Your games show of it (its
 * summary and its thumbnail, not marked damaged): shown unchanged, they need
 * no write (keep.js openedAsStored).  An entry recovered from a copy, or
 * saved before its board's view was known, is written again when opened. */
const readWhole = new WeakSet();

/** Whether `model` was read (modelOf) from an entry that lacks nothing. */
export function isReadWhole(model) {
  return readWhole.has(model);
}

/** The model of an entry (throws when it is damaged). */
export function modelOf(entry) {
  const model = GameModel.fromJSON(entry.game);
  model.id = entry.id;
  model.name = entry.name || "";
  model.created = entry.created;
  if (entry.summary && entry.thumb && !entry.damaged) readWhole.add(model);
  return model;
}

/** Mark an entry as one that cannot be opened (`why`: the engine refused its
 * moves), so the list shows it as damaged; a save of the same game clears it. */
export async function markDamaged(id, why) {
  await transaction("readwrite", async (store, lines) => {
    const entry = await request(store.get(id));
    if (!entry) return;
    const marked = { ...entry, damaged: String(why) };
    await Promise.all([request(store.put(marked)), request(lines.put(linesOf(marked)))]);
  });
  announce("saved", id);
}

export async function remove(id) {
  const entry = await get(id);
  await transaction("readwrite", (store, lines) =>
    Promise.all([request(store.delete(id)), request(lines.delete(id))]),
  );
  announce("deleted", id);
  return entry;
}

/** Put an entry back as it was (the undo of remove, an import). */
export async function put(entry) {
  await transaction("readwrite", (store, lines) =>
    Promise.all([request(store.put(entry)), request(lines.put(linesOf(entry)))]),
  );
  announce("saved", entry.id);
}

export async function rename(id, name) {
  await transaction("readwrite", async store => {
    const entry = await request(store.get(id));
    if (!entry) return;
    entry.name = name;
    await request(store.put(entry));
  });
  announce("saved", id);
}

export async function duplicate(id) {
  const entry = await get(id);
  if (!entry) return null;
  const copy = {
    ...entry,
    id: newId(),
    name: `${entry.name || (entry.summary && entry.summary.title) || "Game"} (copy)`,
    created: Date.now(),
    updated: Date.now(),
  };
  await put(copy);
  return copy;
}
