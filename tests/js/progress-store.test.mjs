// Where your progress is kept (web/progress/progressstore.js, issue #31):
// garbage read, a full disk, storage refused, two tabs, reset.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DAMAGED_KEY, KEY, ProgressStore } from "../../web/progress/progressstore.js";

/** A Storage in memory; `full` refuses every write as a full disk does. */
class MemoryStorage {
  constructor(items = {}) {
    this.items = new Map(Object.entries(items));
    this.full = false;
  }
  getItem(k) {
    return this.items.has(k) ? this.items.get(k) : null;
  }
  setItem(k, v) {
    if (this.full)
      throw Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });
    this.items.set(k, String(v));
  }
  removeItem(k) {
    this.items.delete(k);
  }
}

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
const noEvents = null;

test("a result is kept, read back by a new store, and counted once by its game's id", () => {
  const storage = new MemoryStorage();
  const store = new ProgressStore({ storage, events: noEvents });
  const r = result();
  assert.equal(store.add(r), true);
  assert.equal(store.add({ ...r, score: 0, at: r.at + 5 }), false, "the same game seen again (a reload)");
  const again = new ProgressStore({ storage, events: noEvents });
  assert.deepEqual(again.state.results, [r]);
  assert.equal(again.add(r), false);
  assert.equal(store.tell(), "");
});

test("garbage stored: the progress starts afresh, the text kept aside, the problem said once", () => {
  const storage = new MemoryStorage({ [KEY]: "{not json" });
  const store = new ProgressStore({ storage, events: noEvents });
  assert.deepEqual(store.state.results, []);
  assert.match(store.tell(), /could not be read/);
  assert.equal(store.tell(), "", "said once");
  assert.equal(storage.getItem(DAMAGED_KEY), "{not json");
  assert.equal(store.add(result()), true);
  assert.equal(JSON.parse(storage.getItem(KEY)).results.length, 1);
  // a well-formed JSON of another shape is garbage too
  const other = new ProgressStore({ storage: new MemoryStorage({ [KEY]: "[1,2]" }), events: noEvents });
  assert.deepEqual(other.state.results, []);
  assert.match(other.tell(), /could not be read/);
});

test("a full disk: the result is kept in memory, the problem said, play goes on", () => {
  const storage = new MemoryStorage();
  storage.full = true;
  const store = new ProgressStore({ storage, events: noEvents });
  const r = result();
  assert.equal(store.add(r), true);
  assert.deepEqual(store.state.results, [r]);
  assert.match(store.tell(), /could not be saved/);
  // room again: the next write saves both
  storage.full = false;
  store.add(result());
  assert.equal(JSON.parse(storage.getItem(KEY)).results.length, 2);
});

test("storage refused (reading throws, or none at all): kept in memory", () => {
  const refusing = {
    getItem() {
      throw new Error("SecurityError");
    },
    setItem() {
      throw new Error("SecurityError");
    },
  };
  for (const storage of [refusing, null]) {
    const store = new ProgressStore({ storage: /** @type {any} */ (storage), events: noEvents });
    assert.equal(store.add(result()), true);
    assert.equal(store.state.results.length, 1);
    assert.notEqual(store.tell(), "");
  }
});

test("two tabs: neither loses the other's results; the storage event brings them in; a reset holds", () => {
  const storage = new MemoryStorage();
  const events = new EventTarget();
  const one = new ProgressStore({ storage, events });
  const two = new ProgressStore({ storage, events: noEvents });
  const a = result("loa");
  const b = result("evl");
  one.add(a);
  two.add(b); // (two read nothing at its start: it merges what one wrote)
  assert.deepEqual(
    JSON.parse(storage.getItem(KEY)).results.map(r => r.id),
    [a.id, b.id],
  );
  assert.equal(two.add(a), false, "a game the other tab counted is not counted again");
  let heard = 0;
  one.onChange(() => heard++);
  events.dispatchEvent(Object.assign(new Event("storage"), { key: KEY }));
  assert.equal(heard, 1);
  assert.deepEqual(
    one.state.results.map(r => r.id),
    [a.id, b.id],
  );
  // a reset of Lines of Action in one tab: the other, which remembers a, cannot bring it back
  one.reset("loa");
  two.add(result("el"));
  const stored = JSON.parse(storage.getItem(KEY)).results.map(r => r.game);
  assert.deepEqual(stored, ["evl", "el"]);
  assert.equal(two.add(a), false, "the reset game opened again is not counted again");
  two.reset(null);
  assert.deepEqual(JSON.parse(storage.getItem(KEY)).results, []);
});

test("export: a JSON file's text that reads back as the same results", () => {
  const store = new ProgressStore({ storage: new MemoryStorage(), events: noEvents });
  const r = result();
  store.add(r);
  const data = JSON.parse(store.exportText());
  assert.equal(data.version, 1);
  assert.deepEqual(data.results, [r]);
});
