import { test } from "node:test";
import assert from "node:assert/strict";
import { BYTE_LIMIT, Positions } from "../../web/model/viewcache.js";

const view = n => ({ game: "loa", moves: [], n });

test("the views cache is bounded in bytes: 959 starts of 100 kB stay under its limit", () => {
  const positions = new Positions(null);
  // (each start a length of its own: V8 hashes a text over 16 kB by its
  // length alone, so 959 of one length would make every lookup a scan)
  const startOf = i => `loa standard - ${String(i).padStart(100_000 + i, "x")}`;
  for (let i = 0; i < 959; i++) {
    const start = startOf(i);
    positions.put(start, [], view(i));
    assert.ok(
      positions.bytes <= BYTE_LIMIT || positions.views.size === 1,
      `${positions.bytes} bytes after ${i}`,
    );
  }
  assert.ok(positions.views.size < 959 && positions.views.size > 10);
  // the newest are kept, the oldest went first
  assert.deepEqual(positions.get(startOf(958), []), view(958));
  assert.equal(positions.get(startOf(0), []), undefined);
});

test("the byte count follows puts, replacements and evictions exactly", () => {
  const positions = new Positions(null);
  positions.put("s", ["a"], view(1));
  positions.put("s", ["a"], view(22)); // replaced, not counted twice
  positions.put("s", ["b"], view(3));
  const expected = [...positions.views].reduce(
    (sum, [key, v]) => sum + 2 * (key.length + JSON.stringify(v).length),
    0,
  );
  assert.equal(positions.bytes, expected);
  assert.equal(positions.views.size, 2);
});

test("a view larger than the whole limit is still kept (the one on screen)", () => {
  const positions = new Positions(null);
  positions.put("s", [], view(0));
  const huge = "y".repeat(BYTE_LIMIT / 2 + 10);
  positions.put(huge, [], view(1));
  assert.deepEqual(positions.get(huge, []), view(1));
  assert.equal(positions.views.size, 1);
});
