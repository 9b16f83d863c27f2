// Puzzle Streak (web/puzzles/streak.js): the ladder of rising difficulty, a
// run's score, its end at the first wrong move and its one skip; its links
// (web/puzzles/links.js); the best run kept per game (puzzlestore.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { STREAK_LENGTH, StreakRun, streakLadder } from "../../web/puzzles/streak.js";
import { puzzlePageLink, streakLinkGame } from "../../web/puzzles/links.js";
import { PuzzleStore } from "../../web/puzzles/puzzlestore.js";

const puzzles = n => Array.from({ length: n }, (_, i) => ({ id: `p${i}`, rating: 600 + ((i * 37) % n) * 5 }));

test("a ladder rises from the game's easiest puzzles to its hardest, one per band, no puzzle twice", () => {
  const all = puzzles(320);
  const sorted = [...all].sort((a, b) => a.rating - b.rating);
  for (const r of [0, 0.5, 0.999]) {
    const ladder = streakLadder(all, () => r);
    assert.equal(ladder.length, STREAK_LENGTH);
    for (let i = 1; i < ladder.length; i++)
      assert.ok(ladder[i].rating >= ladder[i - 1].rating, `rises at ${i}`);
    assert.equal(new Set(ladder.map(p => p.id)).size, ladder.length);
    assert.ok(ladder[0].rating <= sorted[7].rating, "starts among the easiest");
    assert.ok(ladder.at(-1).rating >= sorted.at(-8).rating, "ends among the hardest");
  }
  let seed = 1;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const one = streakLadder(all, random)
    .map(p => p.id)
    .join();
  const two = streakLadder(all, random)
    .map(p => p.id)
    .join();
  assert.notEqual(one, two, "two runs differ");
  assert.equal(streakLadder(puzzles(7)).length, 7, "a small game: every puzzle once");
  assert.deepEqual(streakLadder([]), []);
});

test("a run counts what is solved, ends at the first failure, and skips once", () => {
  const run = new StreakRun(puzzles(5));
  assert.equal(run.current().id, "p0");
  run.solved();
  assert.equal(run.score, 1);
  assert.equal(run.current().id, "p1");
  assert.ok(run.canSkip);
  assert.equal(run.skip(), true);
  assert.equal(run.score, 1, "a skip scores nothing");
  assert.equal(run.current().id, "p2");
  assert.equal(run.skip(), false, "once per run");
  run.solved();
  run.failed();
  assert.ok(run.over && !run.complete);
  assert.equal(run.score, 2);
  assert.equal(run.current(), null);
  assert.throws(() => run.solved(), /over/);
});

test("a run that solves its whole ladder is complete; no skip past its last puzzle", () => {
  const run = new StreakRun(puzzles(2));
  run.solved();
  assert.equal(run.canSkip, false, "nothing to skip to");
  run.solved();
  assert.ok(run.over && run.complete);
  assert.equal(run.score, 2);
});

test("#streak/<game> and #puzzles/<game> are the puzzle page's two modes", () => {
  assert.equal(streakLinkGame("#streak/evl", "loa"), "evl");
  assert.equal(streakLinkGame("#streak", "el"), "el");
  assert.equal(streakLinkGame("#streak", null), "loa");
  for (const hash of ["", "#streakx", "#streak/LOA", "#streak/loa/2", "#puzzles/loa"])
    assert.equal(streakLinkGame(hash, "loa"), null, hash);
  assert.deepEqual(puzzlePageLink("#streak/el", "loa"), { game: "el", mode: "streak" });
  assert.deepEqual(puzzlePageLink("#puzzles", "evl"), { game: "evl", mode: "rated" });
  assert.equal(puzzlePageLink("#learn/loa", "loa"), null);
});

test("the best run is kept per game, never lowered, and a streak leaves the rating alone", async () => {
  const store = new PuzzleStore({ database: null });
  const before = await store.get("loa");
  let r = await store.keepStreak("loa", 4);
  assert.equal(r.streakBest, 4);
  r = await store.keepStreak("loa", 2);
  assert.equal(r.streakBest, 4, "a shorter run keeps the best");
  assert.deepEqual(r.rating, before.rating);
  assert.deepEqual(r.history, []);
  assert.equal((await store.get("evl")).streakBest, 0, "per game");
  assert.ok(store.problem, "no storage: said, and kept in memory");
});
