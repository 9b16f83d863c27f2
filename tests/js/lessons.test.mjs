// The lessons page's pure parts (web/lessons/): the order of the steps
// (lessonflow.js), the address #learn/<game>, and the progress kept in
// localStorage (lessonstore.js): garbage read as nothing done and said, a
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
import { KEY, LessonStore, parseStored } from "../../web/lessons/lessonstore.js";
import { lessonsInLanguage } from "../../web/lessons/lessonwords.js";
import { english, speaking } from "./catalogs.mjs";

const step = id => ({ id, task: `Do ${id}.`, start: "x", player: 0, goal: { kind: "win" } });
const LESSONS = [
  { id: "moving", title: "How pieces move", steps: [step("a"), step("b"), step("c")] },
  { id: "winning", title: "Winning", steps: [step("a"), step("d")] },
];

/** A localStorage stand-in; `full` makes every write throw as a full disk does. */
class FakeStorage {
  constructor(items = {}) {
    this.items = { ...items };
    this.full = false;
  }
  getItem(k) {
    return k in this.items ? this.items[k] : null;
  }
  setItem(k, v) {
    if (this.full) {
      const err = new Error("quota");
      err.name = "QuotaExceededError";
      throw err;
    }
    this.items[k] = String(v);
  }
}

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

test("steps done are kept, per game, and read back by a new page", () => {
  const storage = new FakeStorage();
  const store = new LessonStore(storage);
  assert.deepEqual([...store.done("loa")], []);
  store.mark("loa", "moving/a");
  store.mark("loa", "moving/a");
  store.mark("el", "writing/write");
  const again = new LessonStore(storage);
  assert.deepEqual([...again.done("loa")], ["moving/a"]);
  assert.deepEqual([...again.done("el")], ["writing/write"]);
  assert.equal(again.tell(), "");
});

test("garbage in storage reads as nothing done, is said once, and is replaced by the next write", () => {
  for (const junk of ["{not json", "[1,2]", '{"v":9,"done":{}}', '{"v":1,"done":5}', "null"]) {
    const storage = new FakeStorage({ [KEY]: junk });
    const store = new LessonStore(storage);
    assert.deepEqual([...store.done("loa")], [], junk);
    assert.match(store.tell(), /unreadable/, junk);
    assert.equal(store.tell(), "", "said once");
    store.mark("loa", "moving/a");
    assert.deepEqual(JSON.parse(storage.items[KEY]), { v: 1, done: { loa: ["moving/a"] } });
  }
  // keys that are not strings are dropped, the rest kept
  const { done, garbage } = parseStored('{"v":1,"done":{"loa":["moving/a",3,null],"el":"x"}}');
  assert.equal(garbage, false);
  assert.deepEqual(done, { loa: ["moving/a"] });
});

test("a full disk: the step stays done on this page, and the problem is said", () => {
  const storage = new FakeStorage();
  const store = new LessonStore(storage);
  storage.full = true;
  store.mark("loa", "moving/a");
  assert.match(store.tell(), /could not be saved \(QuotaExceededError\)/);
  assert.deepEqual([...store.done("loa")], ["moving/a"]);
  storage.full = false;
  store.mark("loa", "moving/b");
  assert.deepEqual(
    JSON.parse(storage.items[KEY]).done.loa,
    ["moving/a", "moving/b"],
    "written once it can be",
  );
});

test("no storage at all (a browser that refuses it): the lessons go on in memory", () => {
  const refusing = {
    getItem() {
      throw new Error("SecurityError");
    },
    setItem() {
      throw new Error("SecurityError");
    },
  };
  const store = new LessonStore(refusing);
  store.mark("evl", "moving/place");
  assert.deepEqual([...store.done("evl")], ["moving/place"]);
  assert.notEqual(store.tell(), "");
  const none = new LessonStore(null);
  none.mark("evl", "moving/place");
  assert.deepEqual([...none.done("evl")], ["moving/place"]);
});

test("two tabs: a step done in each is kept, neither write loses the other's", () => {
  const storage = new FakeStorage();
  const one = new LessonStore(storage);
  const two = new LessonStore(storage);
  one.mark("loa", "moving/a");
  two.mark("loa", "moving/b");
  two.mark("el", "writing/write");
  one.mark("loa", "moving/c");
  const stored = JSON.parse(storage.items[KEY]).done;
  assert.deepEqual(new Set(stored.loa), new Set(["moving/a", "moving/b", "moving/c"]));
  assert.deepEqual(stored.el, ["writing/write"]);
});

test("Reset forgets one game's steps, in storage too, and keeps the others'", () => {
  const storage = new FakeStorage();
  const store = new LessonStore(storage);
  store.mark("loa", "moving/a");
  store.mark("el", "writing/write");
  store.reset("loa");
  assert.deepEqual([...store.done("loa")], []);
  const again = new LessonStore(storage);
  assert.deepEqual([...again.done("loa")], []);
  assert.deepEqual([...again.done("el")], ["writing/write"]);
});

test("every step of every game's lessons has its teaching sentence, in the page's language (#41)", () => {
  const steps = Object.keys(english).filter(k => /^lesson\.[a-z]+\.[a-z]+\.[a-z-]+\.task$/.test(k));
  assert.ok(steps.length >= 30);
  for (const key of steps) {
    const [, game, lesson, step] = key.split(".");
    const engine = [{ id: lesson, title: "T", steps: [{ id: step, teach: "(English)", task: "(English)" }] }];
    const en = lessonsInLanguage(game, engine)[0].steps[0];
    assert.equal(en.teach, english[`lesson.${game}.${lesson}.${step}.teach`], key);
    assert.notEqual(en.teach, en.task);
    const de = speaking("de", () => lessonsInLanguage(game, engine)[0].steps[0]);
    assert.ok(de.teach && !de.teach.startsWith("lesson.") && de.teach !== en.teach, `${key}: German`);
  }
});
