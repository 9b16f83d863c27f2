// Positions the build describes (web/engine/early.js) and their place in the views
// cache (web/model/viewcache.js): a game opens and takes its first move before the
// engine is ready, and every seeded view the page used is asked of the
// engine once it is.
import test from "node:test";
import assert from "node:assert/strict";
import { builtStart, expand, seedFirstMoves } from "../../web/engine/early.js";
import { Positions, sameJSON } from "../../web/model/viewcache.js";

const START = "toy standard size=3 start";
const startView = {
  game: "toy",
  variant: "standard",
  options: { size: "3" },
  to_move: 0,
  ply: 0,
  pieces: [
    { cell: "a1", owner: 0 },
    { cell: "c3", owner: 1 },
  ],
  moves: [
    { text: "a1-a2", clicks: ["a1", "a2"] },
    { text: "a1-b1", clicks: ["a1", "b1"] },
  ],
  outcome: null,
  messages: [],
};
const INITIAL = { starts: { toy: START }, views: { toy: startView } };
// what build.py view_delta writes for the position after each move
const after = {
  "a1-a2": {
    to_move: 1,
    ply: 1,
    pieces: [{ cell: "a2", owner: 0 }, 1],
    moves: [{ text: "c3-c2", clicks: ["c3", "c2"] }],
    last_move: ["a1", "a2"],
  },
  "a1-b1": {
    to_move: 1,
    ply: 1,
    pieces: [{ cell: "b1", owner: 0 }, 1],
    moves: [{ text: "c3-c2", clicks: ["c3", "c2"] }],
    $refs: ["pieces"],
    $gone: ["messages"],
  },
};
after["a1-a2"].$refs = ["pieces"];
const viewAfter = move => ({ ...expand(startView, after[move]), ply: 1 });

/** An engine that is not ready until ready() is called; it answers views from `views`. */
function fakeEngine(views = {}) {
  const engine = {
    state: "loading",
    calls: [],
    ready() {
      engine.state = "ready";
    },
    async call(method, params) {
      engine.calls.push([method, params]);
      if (engine.state !== "ready") throw new Error("the engine is not ready: the page asked it anyway");
      const key = params.line.join(" ");
      if (!(key in views)) {
        const e = new Error(`no position ${key}`);
        e.type = "RecordError";
        throw e;
      }
      return { line: params.line, view: views[key] };
    },
    // (named as Engine's methods; the wire's method and params are recorded)
    view(start, line) {
      return engine.call("view", { start, line });
    },
    play(start, line, move) {
      return engine.call("play", { start, line, move });
    },
  };
  return engine;
}

const fetchOf = data => async () => ({ ok: true, json: async () => JSON.parse(JSON.stringify(data)) });

test("expand reads view_delta back: changed keys, items of the parent's lists by index, gone keys", () => {
  const v = expand(startView, after["a1-b1"]);
  assert.deepEqual(v.pieces, [
    { cell: "b1", owner: 0 },
    { cell: "c3", owner: 1 },
  ]);
  assert.equal(v.pieces[1], startView.pieces[1]);
  assert.equal(v.to_move, 1);
  assert.ok(!("messages" in v));
  assert.deepEqual(v.options, startView.options);
  assert.deepEqual(startView.pieces.length, 2, "the parent is not changed");
  assert.throws(() => expand(startView, { pieces: [5], $refs: ["pieces"] }), RangeError);
  assert.throws(() => expand(startView, { pieces: [0.5], $refs: ["pieces"] }), RangeError);
});

test("builtStart: only the default start, whatever settings ask for no other", () => {
  assert.equal(builtStart(INITIAL, "toy").start, START);
  assert.equal(builtStart(INITIAL, "toy", { variant: "standard", options: { size: "3" } }).start, START);
  assert.equal(builtStart(INITIAL, "toy", { options: { size: 3 } }).start, START);
  assert.equal(builtStart(INITIAL, "toy", { variant: "other" }), null);
  assert.equal(builtStart(INITIAL, "toy", { options: { size: "5" } }), null);
  assert.equal(builtStart(INITIAL, "toy", { options: { colour: "red" } }), null);
  assert.equal(builtStart(INITIAL, "other"), null);
  assert.equal(builtStart(null, "toy"), null);
});

test("a first move is played from the seeds without the engine; the second waits for it", async () => {
  const engine = fakeEngine();
  const positions = new Positions(engine, INITIAL);
  assert.equal(
    await seedFirstMoves(positions, INITIAL, "toy", "x.json", fetchOf({ start: START, views: after })),
    2,
  );
  assert.ok(positions.playableEarly(START, []));
  const r = await positions.play(START, [], "a1-b1");
  assert.deepEqual(r.line, ["a1-b1"]);
  assert.deepEqual(r.view.pieces[0], { cell: "b1", owner: 0 });
  assert.equal(engine.calls.length, 0);
  assert.ok(!positions.playableEarly(START, ["a1-b1"]), "nothing is seeded two moves on");
  // a move the start does not list goes to the engine (which refuses while loading)
  await assert.rejects(positions.play(START, [], "a1-c1"));
  assert.equal(engine.calls.length, 1);
});

test("seeds from a missing, damaged or foreign file are not used", async () => {
  for (const fetcher of [
    async () => ({ ok: false }),
    async () => {
      throw new TypeError("offline");
    },
    fetchOf({ start: "toy standard size=5 start", views: after }),
    fetchOf({ start: START, views: { "a1-a2": { pieces: [9], $refs: ["pieces"] } } }),
  ]) {
    const positions = new Positions(fakeEngine(), INITIAL);
    assert.equal(await seedFirstMoves(positions, INITIAL, "toy", "x.json", fetcher), 0);
    assert.ok(!positions.playableEarly(START, []));
    assert.equal(positions.get(START, []), undefined);
  }
});

test("once the engine is ready, the seeded views read are asked again and the rest dropped", async () => {
  const views = {
    "": startView,
    "a1-a2": viewAfter("a1-a2"),
    "a1-b1": { ...viewAfter("a1-b1"), to_move: 0 },
  };
  const engine = fakeEngine(views);
  const positions = new Positions(engine, INITIAL);
  await seedFirstMoves(positions, INITIAL, "toy", "x.json", fetchOf({ start: START, views: after }));
  positions.get(START, []);
  await positions.play(START, [], "a1-b1");
  positions.get(START, ["a1-b1"]);
  engine.ready();
  const errors = [];
  const real = console.error;
  console.error = (...a) => errors.push(a.join(" "));
  try {
    await positions.confirmSeeds();
  } finally {
    console.error = real;
  }
  // the start and a1-b1 were read: asked again; a1-a2 was not: dropped
  assert.deepEqual(engine.calls.map(([, p]) => p.line.join(" ")).sort(), ["", "a1-b1"]);
  assert.equal(positions.get(START, ["a1-a2"]), undefined);
  assert.equal(positions.get(START, ["a1-b1"]).to_move, 0, "the engine's view replaces the seed");
  assert.equal(errors.length, 1, "a seed that differs from the engine's view is reported");
  assert.match(errors[0], /a1-b1 differs/);
  assert.ok(!positions.playableEarly(START, []));
  // after: every move goes to the engine
  const asked = engine.calls.length;
  await positions.play(START, [], "a1-b1");
  assert.deepEqual(
    engine.calls.slice(asked).map(([method]) => method),
    ["play"],
  );
});

test("sameJSON ignores the order of keys, not values", () => {
  assert.ok(sameJSON({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 }));
  assert.ok(!sameJSON({ a: 1 }, { a: 1, b: undefined }));
  assert.ok(!sameJSON([1, 2], [2, 1]));
  assert.ok(!sameJSON({ a: null }, { a: 0 }));
});
