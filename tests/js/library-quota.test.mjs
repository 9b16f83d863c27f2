// Storage full (#47): when the browser aborts a save's transaction because
// its storage is full, the requests of that transaction fail first with
// "The transaction was aborted, so the request cannot be fulfilled."; the
// player is told why the transaction was aborted: the storage is full.
import { test } from "node:test";
import assert from "node:assert/strict";
import { runTransaction } from "../../web/store/db.js";

/** A database whose one transaction the test aborts with `error`. */
function fakeDB() {
  const tx = { error: null, objectStore: name => ({ name }), abort() {} };
  return { tx, transaction: () => tx };
}

const named = (name, message) => Object.assign(new Error(message), { name });

test("a save aborted for want of room says the storage is full, not that a request was aborted", async () => {
  const db = fakeDB();
  let failRequest;
  const saving = runTransaction(db, "readwrite", () => new Promise((_, reject) => (failRequest = reject)));
  // the browser aborts: the waiting request fails first, then the transaction
  failRequest(named("AbortError", "The transaction was aborted, so the request cannot be fulfilled."));
  await Promise.resolve();
  db.tx.error = named("QuotaExceededError", "Quota exceeded.");
  db.tx.onabort();
  await assert.rejects(
    saving,
    err => err.name === "StorageError" && err.message === "the browser's storage is full",
  );
});

test("another failure of the work itself is still said as it is", async () => {
  const db = fakeDB();
  const saving = runTransaction(db, "readwrite", () => Promise.reject(named("TypeError", "a bug")));
  await assert.rejects(saving, /a bug/);
});
