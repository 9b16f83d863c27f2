// The lessons page's pure parts (web/lessons/): the order of the steps
// (lessonflow.js), the address #learn/<game>, and the progress kept in
// IndexedDB (lessonstore.js, given a stand-in of its store): garbage read as nothing done and said, a
// full disk said with the progress kept in memory, a second tab's steps
// never lost, Reset for one game only.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  firstOpen,
  goalCells,
  keyOf,
  learnLinkGame,
  nextStep,
  progressOf,
  stepsOf,
} from "../../web/lessons/lessonflow.js";
import { LessonStore, parseStored } from "../../web/lessons/lessonstore.js";
import { FakeKept } from "./fake-db.mjs";
import { lessonsInLanguage } from "../../web/lessons/lessonwords.js";
import { english, speaking } from "./catalogs.mjs";

const step = id => ({ id, task: `Do ${id}.`, start: "x", player: 0, goal: { kind: "win" } });
const LESSONS = [
  { id: "moving", title: "How pieces move", steps: [step("a"), step("b"), step("c")] },
  { id: "winning", title: "Winning", steps: [step("a"), step("d")] },
];

test("every step in order, keyed lesson/step (a step id may repeat across lessons)", () => {
  const steps = stepsOf(LESSONS);
  assert.deepEqual(
    steps.map(s => s.key),
    ["moving/a", "moving/b", "moving/c", "winning/a", "winning/d"],
  );
  assert.deepEqual(
    steps.map(s => [s.index, s.lessonIndex, s.stepIndex]),
    [
      [0, 0, 0],
      [1, 0, 1],
      [2, 0, 2],
      [3, 1, 0],
      [4, 1, 1],
    ],
  );
  assert.equal(keyOf(LESSONS[1], LESSONS[1].steps[0]), "winning/a");
});

test("the page begins at the first step not done, and Next goes to the next not done", () => {
  const steps = stepsOf(LESSONS);
  assert.equal(firstOpen(steps, new Set()), 0);
  assert.equal(firstOpen(steps, new Set(["moving/a", "moving/b"])), 2);
  assert.equal(firstOpen(steps, new Set(steps.map(s => s.key))), 0, "all done: from the start again");
  const done = new Set(["moving/c", "winning/a"]);
  assert.equal(nextStep(steps, 1, done), 4, "c and winning/a are done: d");
  assert.equal(nextStep(steps, 1, new Set(steps.map(s => s.key))), 2, "all done: simply the next");
  assert.equal(nextStep(steps, 4, done), 0, "after the last: the first step not done");
  assert.equal(
    nextStep(steps, 4, new Set(steps.map(s => s.key))),
    null,
    "all done, at the end: nothing next",
  );
});

test("progress counts only the steps that exist", () => {
  const steps = stepsOf(LESSONS);
  assert.deepEqual(progressOf(steps, new Set(["moving/a", "old/gone", "winning/d"])), { done: 2, total: 5 });
});

test("the cells a goal names, to ring on the board", () => {
  assert.deepEqual(goalCells({ kind: "reach", from: "d4", to: "d6" }), ["d4", "d6"]);
  assert.deepEqual(goalCells({ kind: "capture", cells: ["bc2", "bc3"] }), ["bc2", "bc3"]);
  assert.deepEqual(goalCells({ kind: "win" }), []);
  assert.deepEqual(goalCells(null), []);
});

test("#learn/<game> names the game; #learn alone the game on screen; nothing else is it", () => {
  assert.equal(learnLinkGame("#learn/evl", "loa"), "evl");
  assert.equal(learnLinkGame("#learn/el/", "loa"), "el");
  assert.equal(learnLinkGame("#learn", "escabel"), "escabel");
  assert.equal(learnLinkGame("#learn", null), "loa");
  for (const hash of ["", "#", "#learning", "#learn/LOA", "#learn/loa/2", "#puzzles/loa", "#rules/loa"])
    assert.equal(learnLinkGame(hash, "loa"), null, hash);
});

const KEY = "lessons"; // (the store's name: FakeKept keeps its value under it)

test("steps done are kept, per game, and read back by a new page", async () => {
  const db = new FakeKept();
  const store = new LessonStore({ kept: db.kept(KEY) });
  await store.loaded;
  assert.deepEqual([...store.done("loa")], []);
  await store.mark("loa", "moving/a");
  await store.mark("loa", "moving/a");
  await store.mark("el", "writing/write");
  const again = new LessonStore({ kept: db.kept(KEY) });
  await again.loaded;
  assert.deepEqual([...again.done("loa")], ["moving/a"]);
  assert.deepEqual([...again.done("el")], ["writing/write"]);
  assert.equal(again.tell(), "");
});

test("garbage stored reads as nothing done, is said once, set aside, and replaced by the next write", async () => {
  for (const junk of ["{not json", [1, 2], { v: 9, done: {} }, { v: 1, done: 5 }, "null"]) {
    const db = new FakeKept({ [KEY]: junk });
    const store = new LessonStore({ kept: db.kept(KEY) });
    await store.loaded;
    assert.deepEqual([...store.done("loa")], [], String(junk));
    assert.match(store.tell(), /unreadable/, String(junk));
    assert.equal(store.tell(), "", "said once");
    assert.deepEqual(db.values.get(`${KEY}.damaged`), junk);
    await store.mark("loa", "moving/a");
    assert.deepEqual(db.values.get(KEY), { v: 1, done: { loa: ["moving/a"] } });
  }
  // keys that are not strings are dropped, the rest kept
  const { done, garbage } = parseStored({ v: 1, done: { loa: ["moving/a", 3, null], el: "x" } });
  assert.equal(garbage, false);
  assert.deepEqual(done, { loa: ["moving/a"] });
});

test("a full disk: the step stays done on this page, and the problem is said", async () => {
  const db = new FakeKept();
  const store = new LessonStore({ kept: db.kept(KEY) });
  await store.loaded;
  db.fault = "full";
  await store.mark("loa", "moving/a");
  assert.match(store.tell(), /could not be saved \(the browser's storage is full\)/);
  assert.deepEqual([...store.done("loa")], ["moving/a"]);
  db.fault = null;
  await store.mark("loa", "moving/b");
  assert.deepEqual(db.values.get(KEY).done.loa, ["moving/a", "moving/b"], "written once it can be");
});

test("storage refused (private mode, or none answering): the lessons go on in memory", async () => {
  const db = new FakeKept({ [KEY]: { v: 1, done: { evl: ["moving/x"] } } });
  db.fault = "refused";
  const store = new LessonStore({ kept: db.kept(KEY) });
  await store.loaded;
  await store.mark("evl", "moving/place");
  assert.deepEqual([...store.done("evl")], ["moving/place"]);
  assert.match(store.tell(), /storage refused/);
});

test("two tabs: a step done in each is kept, neither write loses the other's", async () => {
  const db = new FakeKept();
  const one = new LessonStore({ kept: db.kept(KEY) });
  const two = new LessonStore({ kept: db.kept(KEY) });
  await Promise.all([one.loaded, two.loaded]);
  await Promise.all([
    one.mark("loa", "moving/a"),
    two.mark("loa", "moving/b"),
    two.mark("el", "writing/write"),
  ]);
  await one.mark("loa", "moving/c");
  const stored = db.values.get(KEY).done;
  assert.deepEqual(new Set(stored.loa), new Set(["moving/a", "moving/b", "moving/c"]));
  assert.deepEqual(stored.el, ["writing/write"]);
  assert.deepEqual(
    new Set(one.done("loa")),
    new Set(["moving/a", "moving/b", "moving/c"]),
    "read back in memory",
  );
});

test("Reset forgets one game's steps, in storage too, and keeps the others'", async () => {
  const db = new FakeKept();
  const store = new LessonStore({ kept: db.kept(KEY) });
  await store.mark("loa", "moving/a");
  await store.mark("el", "writing/write");
  await store.reset("loa");
  assert.deepEqual([...store.done("loa")], []);
  const again = new LessonStore({ kept: db.kept(KEY) });
  await again.loaded;
  assert.deepEqual([...again.done("loa")], []);
  assert.deepEqual([...again.done("el")], ["writing/write"]);
});

test("every step of every game's lessons has its teaching sentence, in the page's language (#41)", () => {
  const steps = Object.keys(english).filter(k => /^lesson\.[a-z]+\.[a-z]+\.[a-z-]+\.task$/.test(k));
  assert.ok(steps.length >= 30);
  for (const key of steps) {
    const [, game, lesson, step] = key.split(".");
    const engine = [{ id: lesson, steps: [{ id: step }] }]; // (the engine's answer: ids, no words, #43)
    const en = lessonsInLanguage(game, engine)[0].steps[0];
    assert.equal(en.teach, english[`lesson.${game}.${lesson}.${step}.teach`], key);
    assert.notEqual(en.teach, en.task);
    const de = speaking("de", () => lessonsInLanguage(game, engine)[0].steps[0]);
    assert.ok(de.teach && !de.teach.startsWith("lesson.") && de.teach !== en.teach, `${key}: German`);
  }
});
