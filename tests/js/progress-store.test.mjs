// Where your progress is kept (web/progress/progressstore.js, issue #31,
// in IndexedDB since #43: given a stand-in of its store): garbage read, a
// full disk, storage refused, two tabs, reset.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ProgressStore, storedState } from "../../web/progress/progressstore.js";
import { FakeKept } from "./fake-db.mjs";

const KEY = "progress";
let n = 0;
const result = (game = "loa", level = "casual", score = 1) => ({
  id: `game-${++n}`,
  game,
  variant: "standard",
  level,
  score,
  termination: "rules",
  at: 1000 + n,
});
/** A store on `db`'s value, read. */
async function storeOn(db) {
  const store = new ProgressStore({ kept: db.kept(KEY), tabs: false });
  await store.loaded;
  return store;
}

test("a result is kept, read back by a new store, and counted once by its game's id", async () => {
  const db = new FakeKept();
  const store = await storeOn(db);
  const r = result();
  assert.equal(store.add(r), true);
  assert.equal(store.add(r), false);
  await store.saved;
  const again = await storeOn(db);
  assert.deepEqual(again.state.results, [r]);
  assert.equal(again.has(r.id), true);
  assert.equal(again.tell(), "");
});

test("garbage stored: the progress starts afresh, the value set aside, the problem said once", async () => {
  for (const junk of ["{this is not json", [1, 2], { version: 1, results: 5 }]) {
    const db = new FakeKept({ [KEY]: junk });
    const store = await storeOn(db);
    assert.deepEqual(store.state.results, []);
    assert.match(store.tell(), /could not be read/);
    assert.equal(store.tell(), "", "said once");
    assert.deepEqual(db.values.get(`${KEY}.damaged`), junk);
    store.add(result());
    await store.saved;
    assert.equal(db.values.get(KEY).results.length, 1);
  }
  assert.equal(storedState(undefined)?.results.length, 0);
});

test("a full disk: the result is kept in memory, the problem said, play goes on", async () => {
  const db = new FakeKept();
  const store = await storeOn(db);
  db.fault = "full";
  const r = result();
  assert.equal(store.add(r), true);
  await store.saved;
  assert.deepEqual(store.state.results, [r]);
  assert.match(store.tell(), /could not be saved/);
  assert.equal(db.values.get(KEY), undefined);
});

test("storage refused (private mode, or none answering): kept in memory", async () => {
  const db = new FakeKept();
  db.fault = "refused";
  const store = await storeOn(db);
  assert.match(store.problem, /could not be read/);
  const r = result();
  store.add(r);
  await store.saved;
  assert.deepEqual(store.state.results, [r]);
});

test("two tabs: neither loses the other's results; a change read again brings them in; a reset holds", async () => {
  const db = new FakeKept();
  const one = await storeOn(db);
  const two = await storeOn(db);
  const a = result("loa");
  const b = result("evl");
  one.add(a);
  two.add(b); // (two read nothing at its start: it merges what one wrote)
  await Promise.all([one.saved, two.saved]);
  assert.deepEqual(
    db.values.get(KEY).results.map(r => r.id),
    [a.id, b.id],
  );
  assert.equal(two.add(a), false, "a game the other tab counted is not counted again");
  let heard = 0;
  one.onChange(() => heard++);
  await one._load(); // (what the other tab's message does)
  assert.equal(heard, 1);
  assert.deepEqual(
    one.state.results.map(r => r.id),
    [a.id, b.id],
  );
  // a reset of Lines of Action in one tab: the other, which remembers a, cannot bring it back
  one.reset("loa");
  await one.saved;
  two.add(result("el"));
  await two.saved;
  assert.deepEqual(
    db.values.get(KEY).results.map(r => r.game),
    ["evl", "el"],
  );
  assert.equal(two.add(a), false, "the reset game opened again is not counted again");
  two.reset(null);
  await two.saved;
  assert.deepEqual(db.values.get(KEY).results, []);
});

test("export: a JSON file's text that reads back as the same results", async () => {
  const store = await storeOn(new FakeKept());
  const r = result();
  store.add(r);
  const data = JSON.parse(store.exportText());
  assert.equal(data.version, 1);
  assert.deepEqual(data.results, [r]);
});
