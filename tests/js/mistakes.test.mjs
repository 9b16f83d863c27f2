// Practise your mistakes (issue #31): which moves become exercises, their
// keys across re-analyses and changed lines, solving, deleting a game, the
// list read back from garbage (web/mistakes/mistakes.js), and the store
// shared by two tabs, full or refused (web/mistakes/mistakestore.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  MAX_EXERCISES,
  collect,
  countPending,
  emptyList,
  exerciseKey,
  exercisesOf,
  forgetGame,
  notThisText,
  pending,
  playerSeats,
  readList,
  solve,
  taskText,
} from "../../web/mistakes/mistakes.js";
import { MistakeStore } from "../../web/mistakes/mistakestore.js";
import { FakeKept } from "./fake-db.mjs";

const judged = (ply, seat, mark, move = `m${ply}`) => ({
  ply,
  move,
  seat,
  before: 0.6,
  after: 0.2,
  loss: mark ? 0.4 : 0,
  best: mark ? `b${ply}` : move,
  pv: mark ? [`b${ply}`, `r${ply}`] : [move],
  mark,
  reason: mark ? "chances" : null,
  best_after: mark ? 0.61 : null,
});

/** An analysis of six moves: seat 0 blunders at ply 2, seat 1 errs at 3, seat 0 is inaccurate at 4. */
function analysisOf(line = ["m0", "m1", "m2", "m3", "m4", "m5"]) {
  const marks = [null, null, "blunder", "mistake", "inaccuracy", null];
  return {
    v: 1,
    level: "casual",
    depth: null,
    line,
    moves: line.map((move, ply) => judged(ply, ply % 2, marks[ply], move)),
    summary: [{ seat: 0 }, { seat: 1 }],
  };
}
const game = (id, players) => ({
  id,
  start: "loa standard start",
  meta: { game: "loa", variant: "standard", options: {} },
  players,
});

test("the player's mistakes and blunders become exercises; inaccuracies and the others' moves do not", () => {
  const vsComputer = exercisesOf(game("g1", ["h", "c:strong"]), analysisOf(), 5);
  assert.deepEqual(
    vsComputer.map(e => [e.ply, e.seat, e.mark, e.played, e.best]),
    [[2, 0, "blunder", "m2", "b2"]],
  );
  const e = vsComputer[0];
  assert.deepEqual(e.line, ["m0", "m1"], "the position before the mistake");
  assert.equal(e.game, "loa");
  assert.equal(e.level, "casual");
  assert.equal(e.bestChance, 0.61);
  assert.equal(e.solved, false);
  // a game by link: the player is the "h" seat, the far player's mistakes are theirs
  assert.deepEqual(
    exercisesOf(game("g2", ["r", "h"]), analysisOf()).map(x => x.ply),
    [3],
  );
  // two players on one screen, or an old game without players: every seat
  assert.deepEqual(
    exercisesOf(game("g3", ["h", "h"]), analysisOf()).map(x => x.ply),
    [2, 3],
  );
  assert.deepEqual(
    exercisesOf(game("g4", []), analysisOf()).map(x => x.ply),
    [2, 3],
  );
  assert.deepEqual(exercisesOf(game("g5", ["c:master", "c:beginner"]), analysisOf()), []);
  assert.deepEqual(playerSeats(["c:strong", "h", "h"], 3), [1, 2]);
  assert.deepEqual(
    exercisesOf({ ...game("g6", ["h", "h"]), id: null }, analysisOf()),
    [],
    "no library id, no exercise",
  );
});

test("a re-analysis adds nothing twice, keeps solved ones solved; a changed line drops the unsolved of the old", () => {
  const g = game("g1", ["h", "h"]);
  let list = collect(emptyList(), "g1", exercisesOf(g, analysisOf(), 1));
  assert.equal(countPending(list), 2);
  const [first, second] = pending(list);
  list = solve(list, first.key, 9);
  assert.equal(countPending(list), 1);
  assert.deepEqual(
    pending(list).map(e => e.key),
    [second.key],
    "the solved one leaves the list",
  );
  // the same line analysed again (another level): the same keys
  list = collect(list, "g1", exercisesOf(g, { ...analysisOf(), level: "master" }, 2));
  assert.equal(list.exercises.length, 2);
  assert.equal(countPending(list), 1, "the solved exercise does not come back");
  // the main line changed at ply 3: ply 2's key stays, ply 3's is another line's
  const changed = analysisOf(["m0", "m1", "m2", "x3", "m4", "m5"]);
  assert.equal(exerciseKey("g1", 2, changed.line), first.key);
  assert.notEqual(exerciseKey("g1", 3, changed.line), second.key);
  list = collect(list, "g1", exercisesOf(g, changed, 3));
  assert.deepEqual(
    list.exercises.map(e => [e.ply, e.played, e.solved]),
    [
      [2, "m2", true],
      [3, "x3", false],
    ],
  );
  // another game's exercises are untouched by this one's
  list = collect(list, "g2", exercisesOf(game("g2", ["h", "c:casual"]), analysisOf(), 4));
  list = collect(list, "g1", []);
  assert.deepEqual(
    pending(list).map(e => e.gameId),
    ["g2"],
  );
});

test("a deleted game takes its exercises with it; the list is the newest game's first, by game kind", () => {
  let list = collect(emptyList(), "old", exercisesOf(game("old", ["h", "h"]), analysisOf(), 1));
  const evl = { ...game("new", ["h", "h"]), meta: { game: "evl", variant: "standard", options: {} } };
  list = collect(list, "new", exercisesOf(evl, analysisOf(), 2));
  assert.deepEqual(
    pending(list).map(e => [e.gameId, e.ply]),
    [
      ["new", 2],
      ["new", 3],
      ["old", 2],
      ["old", 3],
    ],
  );
  assert.deepEqual(
    pending(list, "loa").map(e => e.gameId),
    ["old", "old"],
  );
  assert.equal(countPending(list, "new"), 2);
  list = forgetGame(list, "new");
  assert.equal(countPending(list), 2);
  assert.equal(countPending(list, "new"), 0);
});

test("at most MAX_EXERCISES are kept, the oldest solved going first", () => {
  let list = emptyList();
  const many = Array.from({ length: MAX_EXERCISES / 2 + 1 }, (_, i) => game(`g${i}`, ["h", "h"]));
  many.forEach((g, i) => {
    list = collect(list, g.id, exercisesOf(g, analysisOf(), i));
  });
  assert.equal(list.exercises.length, MAX_EXERCISES);
  assert.ok(!list.exercises.some(e => e.gameId === "g0" && e.ply === 2), "the oldest went");
  list = solve(list, list.exercises[list.exercises.length - 1].key);
  list = collect(list, "late", exercisesOf(game("late", ["h", "h"]), analysisOf(), 9999));
  assert.equal(list.exercises.length, MAX_EXERCISES);
  assert.equal(list.exercises.filter(e => e.solved).length, 0, "the solved one went before any to do");
});

test("garbage in storage reads as an empty list with a clear message; one damaged exercise is dropped", () => {
  assert.deepEqual(readList(null), { list: emptyList(), problem: null });
  for (const raw of ["{not json", "42", '{"v":1}', '{"v":1,"exercises":{}}', "null"]) {
    const r = readList(raw);
    assert.deepEqual(r.list, emptyList(), raw);
    if (raw !== "null") assert.match(r.problem, /damaged/, raw);
  }
  assert.match(readList('{"v":7,"exercises":[]}').problem, /another version/);
  const good = exercisesOf(game("g1", ["h", "h"]), analysisOf(), 1);
  const r = readList(JSON.stringify({ v: 1, exercises: [...good, { ...good[0], line: "m0 m1" }, 3] }));
  assert.equal(r.list.exercises.length, 2);
  assert.match(r.problem, /2 damaged/);
});

test("the words: the task, and a try that is not good enough", () => {
  const [e] = exercisesOf(game("g1", ["h", "c:casual"]), analysisOf());
  assert.equal(taskText(e), "You played m2 here. Find a better move.");
  assert.equal(
    notThisText({ move: "a1-a3", reason: "chances", loss: 0.234 }),
    "Not this either: a1-a3 loses 23 % of your winning chances. Try again, or Show me.",
  );
  assert.match(notThisText({ move: "m2", reason: "played", loss: null }), /the move you played/);
});

/** A store on `db`'s value ("mistakes"), read. */
async function storeOn(db) {
  const store = new MistakeStore({ kept: db.kept("mistakes"), tabs: false });
  await store.loaded;
  return store;
}

test("two tabs: each change is made on the list as stored now, so no result is lost", async () => {
  const db = new FakeKept();
  const one = await storeOn(db);
  const two = await storeOn(db);
  let heard = 0;
  two.onChange = () => heard++;
  one.update(list => collect(list, "g1", exercisesOf(game("g1", ["h", "h"]), analysisOf(), 1)));
  two.update(list => collect(list, "g2", exercisesOf(game("g2", ["h", "h"]), analysisOf(), 2)));
  await Promise.all([one.saved, two.saved]);
  assert.equal(heard, 1, "tab two's list, read back, has tab one's exercises: it is drawn again");
  const [a] = pending(one.read().list, null).filter(e => e.gameId === "g1");
  one.update(list => solve(list, a.key));
  await one.saved;
  await two._load(); // (what tab one's message does)
  assert.equal(countPending(two.read().list), 3, "tab two sees tab one's exercises and its result");
  assert.equal(countPending(one.read().list), 3);
});

test("garbage is set aside before it is written over; a full or refused storage keeps the list in memory", async () => {
  const db = new FakeKept({ mistakes: "{garbage" });
  const store = await storeOn(db);
  assert.match(store.read().problem, /damaged/);
  assert.equal(countPending(store.read().list), 0);
  assert.equal(db.values.get("mistakes.damaged"), "{garbage");
  store.update(list => collect(list, "g1", exercisesOf(game("g1", ["h", "h"]), analysisOf(), 1)));
  await store.saved;
  assert.equal(store.read().problem, null);
  assert.equal(countPending(store.read().list), 2);
  db.fault = "full";
  let heard = 0;
  store.onChange = () => heard++;
  store.update(list => solve(list, list.exercises[0].key));
  await store.saved;
  assert.equal(heard, 1, "the page is drawn again to say it");
  assert.match(store.read().problem, /could not be saved/);
  assert.equal(countPending(store.read().list), 1, "the result is kept in this tab");
  const none = new FakeKept();
  none.fault = "refused";
  const refused = await storeOn(none);
  assert.match(refused.read().problem, /refuses/);
  refused.update(list => collect(list, "g1", exercisesOf(game("g1", ["h", "h"]), analysisOf(), 1)));
  await refused.saved;
  assert.equal(countPending(refused.read().list), 2);
});

test("the page's address: #mistakes for every game, #mistakes/<game> for one, anything else not", async () => {
  const { mistakesLinkGame, countText } = await import("../../web/mistakes/links.js");
  assert.equal(mistakesLinkGame("#mistakes"), "");
  assert.equal(mistakesLinkGame("#mistakes/"), "");
  assert.equal(mistakesLinkGame("#mistakes/evl"), "evl");
  for (const other of ["", "#", "#puzzles/loa", "#mistakesx", "#mistakes/LOA", "#v1/loa/standard/-/"])
    assert.equal(mistakesLinkGame(other), null, other);
  assert.equal(countText(0), "No mistakes to practise");
  assert.equal(countText(1), "1 mistake to practise");
  assert.equal(countText(3), "3 mistakes to practise");
});

test("a game opened whose main line changed since its analysis loses the unsolved exercises of the old line", async () => {
  const { dropStale } = await import("../../web/mistakes/mistakes.js");
  const g = game("g1", ["h", "h"]);
  let list = collect(emptyList(), "g1", exercisesOf(g, analysisOf(), 1));
  list = collect(list, "g2", exercisesOf(game("g2", ["h", "h"]), analysisOf(), 1));
  const same = dropStale(list, "g1", ["m0", "m1", "m2", "m3", "m4", "m5"]);
  assert.equal(same, list, "the same line: nothing changes");
  assert.equal(dropStale(list, "g1", ["m0", "m1", "m2", "m3", "m4", "m5", "m6"]), list, "a longer line too");
  const [first] = pending(list).filter(e => e.gameId === "g1");
  list = solve(list, first.key);
  const changed = dropStale(list, "g1", ["m0", "m1", "m2", "x3"]);
  assert.deepEqual(
    changed.exercises.map(e => [e.gameId, e.ply, e.solved]),
    [
      ["g1", 2, true],
      ["g2", 2, false],
      ["g2", 3, false],
    ],
  );
  assert.equal(countPending(dropStale(list, "g1", ["m0"]), "g1"), 0, "a line cut short");
});
