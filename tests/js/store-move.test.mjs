// The one migration path's localStorage part (web/store/db.js
// moveLocalStores): the lessons', progress' and mistakes' values of
// earlier versions move into the database once, a value already there is
// never overwritten, and a key is removed only once its value was written.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ASIDE, KEPT, LESSONS, MISTAKES, PROGRESS, moveLocalStores } from "../../web/store/db.js";
import { FakeStorage, fakeIDB } from "./fake-db.mjs";

const LESSONS_TEXT = '{"v":1,"done":{"loa":["moving/column"]}}';
const PROGRESS_TEXT = '{"version":1,"results":[],"dropped":["g1"]}';
const MISTAKES_TEXT = '{"v":1,"exercises":[]}';

test("each old key's value moves in, parsed, and the key goes", async () => {
  const db = fakeIDB({ [LESSONS]: {}, [PROGRESS]: {}, [MISTAKES]: {} });
  const storage = new FakeStorage({
    "gamut.lessons": LESSONS_TEXT,
    "gamut.progress": PROGRESS_TEXT,
    "gamut.progress.damaged": "{this is not json",
    "gamut.mistakes": MISTAKES_TEXT,
    "gamut.theme": "dark",
  });
  await moveLocalStores(/** @type {any} */ (db), /** @type {any} */ (storage));
  assert.deepEqual(db.data.get(LESSONS).get(KEPT), JSON.parse(LESSONS_TEXT));
  assert.deepEqual(db.data.get(PROGRESS).get(KEPT), JSON.parse(PROGRESS_TEXT));
  assert.equal(db.data.get(PROGRESS).get(ASIDE), "{this is not json", "text that is not JSON moves as text");
  assert.deepEqual(db.data.get(MISTAKES).get(KEPT), JSON.parse(MISTAKES_TEXT));
  assert.deepEqual(storage.items, { "gamut.theme": "dark" }, "the small settings stay");
});

test("a value already in the database is never overwritten (a second start, another tab)", async () => {
  const mine = { v: 1, done: { el: ["writing/write"] } };
  const db = fakeIDB({ [LESSONS]: { [KEPT]: mine }, [PROGRESS]: {}, [MISTAKES]: {} });
  const storage = new FakeStorage({ "gamut.lessons": LESSONS_TEXT });
  await moveLocalStores(/** @type {any} */ (db), /** @type {any} */ (storage));
  assert.deepEqual(db.data.get(LESSONS).get(KEPT), mine);
  assert.equal(storage.getItem("gamut.lessons"), null);
});

test("a write that fails keeps the old key for the next start; no storage at all is no error", async () => {
  const db = fakeIDB({ [LESSONS]: {}, [PROGRESS]: {}, [MISTAKES]: {} });
  db.full = true;
  const storage = new FakeStorage({ "gamut.mistakes": MISTAKES_TEXT });
  await moveLocalStores(/** @type {any} */ (db), /** @type {any} */ (storage));
  assert.equal(storage.getItem("gamut.mistakes"), MISTAKES_TEXT);
  assert.equal(db.data.get(MISTAKES).size, 0);
  db.full = false;
  await moveLocalStores(/** @type {any} */ (db), /** @type {any} */ (storage));
  assert.deepEqual(db.data.get(MISTAKES).get(KEPT), JSON.parse(MISTAKES_TEXT));
  assert.equal(storage.getItem("gamut.mistakes"), null);
  await moveLocalStores(/** @type {any} */ (db), null);
});
