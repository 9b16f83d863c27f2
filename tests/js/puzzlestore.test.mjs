// The puzzle rating, streak and history (web/puzzles/puzzlestore.js): the
// rules (pure), and the store going on in memory when storage is refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  HISTORY,
  MAX_CHANGE,
  PuzzleStore,
  applyResult,
  choose,
  emptyRecord,
  valid,
} from "../../web/puzzles/puzzlestore.js";

const puzzle = (id, rating) => ({ id, rating, theme: "connect" });

test("solving raises the rating and the streak; failing lowers the rating and ends the streak", () => {
  let r = emptyRecord("loa");
  const one = applyResult(r, puzzle("a", 1500), true, 1);
  assert.ok(one.change > 0);
  assert.equal(one.record.streak, 1);
  r = applyResult(one.record, puzzle("b", 1500), true, 2).record;
  assert.equal(r.streak, 2);
  const lost = applyResult(r, puzzle("c", 1500), false, 3);
  assert.ok(lost.change < 0);
  assert.equal(lost.record.streak, 0);
  assert.equal(lost.record.best, 2, "the best streak stays");
  assert.deepEqual(
    lost.record.history.map(h => [h.id, h.solved]),
    [
      ["c", false],
      ["b", true],
      ["a", true],
    ],
  );
  assert.equal(lost.record.history[0].change, lost.change);
  assert.equal(r.history.length, 2, "the record given is not changed");
});

test("one puzzle moves a newcomer's rating at most MAX_CHANGE, either way", () => {
  const fresh = emptyRecord("evl");
  const lost = applyResult(fresh, puzzle("easy", 900), false);
  assert.equal(lost.change, -MAX_CHANGE);
  assert.ok(lost.record.rating.deviation < fresh.rating.deviation, "still surer than before");
  const won = applyResult(fresh, puzzle("hard", 2400), true);
  assert.equal(won.change, MAX_CHANGE);
  const settled = { ...fresh, rating: { rating: 1500, deviation: 60, volatility: 0.06 } };
  const small = applyResult(settled, puzzle("even", 1500), true);
  assert.ok(small.change > 0 && small.change < 20, `a settled player moves little: ${small.change}`);
});

test("a puzzle tried again moves to the top of the history, which is kept short", () => {
  let r = emptyRecord("loa");
  for (let i = 0; i < HISTORY + 10; i++) r = applyResult(r, puzzle(`p${i}`, 1500), true, i).record;
  assert.equal(r.history.length, HISTORY);
  r = applyResult(r, puzzle("p65", 1500), false, 99).record;
  assert.equal(r.history[0].id, "p65");
  assert.equal(r.history.filter(h => h.id === "p65").length, 1);
});

test("the next puzzle is one not seen, near the player's rating", () => {
  const puzzles = [1000, 1200, 1480, 1520, 1550, 1600, 1700, 2100, 2400].map((x, i) => puzzle(`p${i}`, x));
  // (a player past a newcomer's first puzzles: see the newcomer's test below)
  const r = { ...emptyRecord("loa"), history: ["x", "y", "z"].map(id => ({ id })) }; // 1500
  for (const x of [0, 0.5, 0.99]) {
    const p = choose(puzzles, r, x);
    assert.ok(Math.abs(p.rating - 1500) <= 200, `${p.rating} is near 1500`);
  }
  const seen = { ...r, history: [{ id: "p2" }, { id: "p3" }, ...r.history] };
  for (const x of [0, 0.3, 0.6, 0.99]) {
    const p = choose(puzzles, seen, x);
    assert.ok(!["p2", "p3"].includes(p.id), "not one just seen");
  }
  const strong = { ...r, rating: { ...r.rating, rating: 2300 } };
  assert.ok(choose(puzzles, strong, 0).rating >= 2100);
});

test("every puzzle seen: one seen long ago, never the one just played", () => {
  const puzzles = ["a", "b", "c", "d"].map(id => puzzle(id, 1500));
  const r = { ...emptyRecord("loa"), history: ["d", "c", "b", "a"].map(id => ({ id })) };
  for (const x of [0, 0.5, 0.99]) assert.ok(["a", "b"].includes(choose(puzzles, r, x, "d").id));
  assert.equal(choose([puzzle("a", 1500)], r, 0.5, "a").id, "a", "a single puzzle is played again");
  assert.equal(choose([], r), null);
});

test("storage refused: the puzzles go on in memory, and the problem is said once", async () => {
  const store = new PuzzleStore({ database: null });
  const r = await store.get("loa");
  assert.deepEqual(r, emptyRecord("loa"));
  const { record, change } = await store.record("loa", puzzle("a", 1500), true);
  assert.ok(change > 0);
  assert.deepEqual(await store.get("loa"), record, "kept in memory");
  const said = store.tell();
  assert.match(said, /keeps no data/);
  assert.equal(store.tell(), "", "said once");
});

test("a database that never answers: the store gives up waiting and goes on in memory", async () => {
  const silent = () => new Promise(() => {}); // (it never opens nor fails)
  const store = new PuzzleStore({ database: silent, waitMs: 10 });
  const r = await store.get("evl");
  assert.equal(r.game, "evl");
  // (said in the page's words, as the library says it: it was English only)
  assert.equal(
    store.tell(),
    "the browser's storage did not answer in 0.01 seconds when opening the puzzle storage",
  );
  const { record } = await store.record("evl", puzzle("a", 1500), false);
  assert.equal(record.streak, 0);
});

test("a damaged stored record is replaced by a new one", () => {
  assert.ok(valid(emptyRecord("loa"), "loa"));
  assert.ok(!valid(emptyRecord("loa"), "el"));
  assert.ok(!valid({ game: "loa", rating: { rating: "x" }, streak: 0, history: [] }, "loa"));
  assert.ok(!valid(null, "loa"));
});

test("a newcomer starts in the game's easiest third and is given three puzzles from it", async () => {
  const { NEWCOMER_PUZZLES, easiestThird, placed } = await import("../../web/puzzles/puzzlestore.js");
  const all = Array.from({ length: 300 }, (_, i) => puzzle(`q${i}`, 500 + ((i * 71) % 300) * 4));
  const third = new Set(easiestThird(all).map(p => p.id));
  assert.equal(third.size, 100);
  const top = Math.max(...easiestThird(all).map(p => p.rating));
  let record = placed(emptyRecord("loa"), all);
  assert.ok(record.rating.rating <= top, `starts in the easiest third: ${record.rating.rating}`);
  for (let i = 0; i < NEWCOMER_PUZZLES; i++) {
    const next = choose(all, record, 0.99);
    assert.ok(third.has(next.id), `puzzle ${i + 1} is among the easiest third`);
    record = applyResult(record, next, true, i).record; // (solved: the rating climbs meanwhile)
  }
  assert.equal(placed(record, all), record, "a record with a history keeps its rating");
  const store = new PuzzleStore({ database: null });
  assert.equal((await store.get("el", all)).rating.rating, placed(emptyRecord("el"), all).rating.rating);
});
