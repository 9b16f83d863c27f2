// The analysis results on the page (web/model/analysis.js) and their place in the
// game model (web/model/game.js): kept with the game while its main line is the
// line analysed, dropped otherwise; old saves without one still load.
import test from "node:test";
import assert from "node:assert/strict";
import { GameModel } from "../../web/model/game.js";
import {
  Analyser,
  analysisFor,
  chanceText,
  engineLinePositions,
  engineMoveOnBoard,
  markedAt,
  marksByPly,
  plyOnLine,
  readAnalysis,
} from "../../web/model/analysis.js";

const START = "loa standard double-connection=mover start";
const META = { game: "loa", variant: "standard", options: { "double-connection": "mover" } };

const position = (toMove, p0, extra = {}) => ({
  to_move: toMove,
  chances: [p0, 1 - p0],
  best: "x",
  pv: ["x"],
  score: 0,
  winner: null,
  moves: null,
  over: false,
  depth: 3,
  work: 100,
  ...extra,
});
const judgement = (ply, move, seat, mark = null, extra = {}) => ({
  ply,
  move,
  seat,
  before: 0.5,
  after: 0.5,
  loss: 0,
  best: "b1-d3",
  pv: ["b1-d3", "h2-f4"],
  mark,
  reason: mark ? "chances" : null,
  best_after: null,
  ...extra,
});

/** An analysis of ["a", "b", "c"] whose second move is a blunder. */
function sample() {
  return {
    v: 1,
    level: "strong",
    depth: null,
    line: ["a", "b", "c"],
    positions: [position(0, 0.5), position(1, 0.55), position(0, 0.9), position(1, 0.92)],
    moves: [judgement(0, "a", 0), judgement(1, "b", 1, "blunder", { loss: 0.35 }), judgement(2, "c", 0)],
    summary: [
      { seat: 0, moves: 2, marks: { inaccuracy: 0, mistake: 0, blunder: 0 }, average_loss: 0 },
      { seat: 1, moves: 1, marks: { inaccuracy: 0, mistake: 0, blunder: 1 }, average_loss: 0.35 },
    ],
  };
}

function model(moves) {
  const m = new GameModel({ start: START, meta: META });
  for (const move of moves) m.play(move);
  return m;
}

test("a well-formed analysis reads; anything else is dropped, never thrown", () => {
  assert.deepEqual(readAnalysis(sample()), sample());
  const broken = [
    null,
    3,
    "x",
    {},
    { ...sample(), v: 2 },
    { ...sample(), line: ["a", 3, "c"] },
    { ...sample(), positions: sample().positions.slice(1) },
    { ...sample(), positions: [position(0, 2), ...sample().positions.slice(1)] },
    { ...sample(), moves: sample().moves.slice(1) },
    { ...sample(), moves: [judgement(0, "z", 0), ...sample().moves.slice(1)] },
    { ...sample(), moves: [judgement(0, "a", 0, "howler"), ...sample().moves.slice(1)] },
    { ...sample(), summary: [{ seat: 0 }] },
  ];
  for (const data of broken) assert.equal(readAnalysis(data), null, JSON.stringify(data).slice(0, 80));
});

test("an analysis belongs to its main line", () => {
  const a = sample();
  assert.equal(analysisFor(a, ["a", "b", "c"]), a);
  assert.equal(analysisFor(a, ["a", "b"]), null);
  assert.equal(analysisFor(a, ["a", "b", "c", "d"]), null);
  assert.equal(analysisFor(null, []), null);
  assert.equal(plyOnLine(a, ["a", "b"]), 2);
  assert.equal(plyOnLine(a, ["a", "x"]), -1);
  assert.equal(plyOnLine(a, ["a", "b", "c", "d"]), -1);
});

test("the marked move is told about before and after it; marks by ply", () => {
  const a = sample();
  assert.deepEqual(marksByPly(a), { 2: "blunder" });
  assert.equal(markedAt(a, ["a", "b"]).judgement.move, "b");
  assert.equal(markedAt(a, ["a", "b"]).before, false);
  assert.equal(markedAt(a, ["a"]).before, true); // the position it was played in
  assert.equal(markedAt(a, []), null);
  assert.equal(markedAt(a, ["a", "b", "c"]), null);
  assert.equal(markedAt(a, ["a", "z"]), null);
});

test("the engine's move is drawn where the marked move was played, from the view's clicks", () => {
  const a = sample();
  const view = {
    moves: [
      { text: "b1-d3", clicks: ["b1", "d3"] },
      { text: "h2-f4", clicks: ["h2", "f4"] },
    ],
  };
  assert.deepEqual(engineMoveOnBoard(a, ["a"], view), {
    cells: ["b1", "d3"],
    kind: "analysis",
    text: "b1-d3",
  });
  assert.equal(engineMoveOnBoard(a, ["a", "b"], view), null); // after the move: told, not drawn
  assert.equal(engineMoveOnBoard(a, ["a"], { moves: [] }), null);
});

test("the engine's line after its move is numbered where each move ends, once the views are there", () => {
  const a = sample(); // the marked move b at ["a"]: the engine's line b1-d3 h2-f4
  assert.deepEqual(engineLinePositions(a, ["a"]), [["a", "b1-d3"]]);
  assert.deepEqual(engineLinePositions(a, ["a", "b"]), []);
  assert.deepEqual(engineLinePositions(a, []), []);
  const view = { moves: [{ text: "b1-d3", clicks: ["b1", "d3"] }] };
  const after = {
    moves: [
      { text: "h2-f4", clicks: ["h2", "f4"] },
      { text: "a2-c2", clicks: ["a2", "c2"] },
    ],
  };
  const viewOf = line => (line.join(" ") === "a b1-d3" ? after : null);
  assert.deepEqual(engineMoveOnBoard(a, ["a"], view, viewOf), {
    cells: ["b1", "d3"],
    kind: "analysis",
    text: "b1-d3",
    line: [{ n: 2, cells: ["h2", "f4"] }],
  });
  // not yet fetched: the move alone
  assert.deepEqual(
    engineMoveOnBoard(a, ["a"], view, () => null),
    { cells: ["b1", "d3"], kind: "analysis", text: "b1-d3" },
  );
  // at most LINE_ON_BOARD moves are asked for
  const long = sample();
  long.moves[1].pv = ["b1-d3", "h2-f4", "c1-c3", "a2-c2", "e1-e3", "h7-f7"];
  assert.equal(engineLinePositions(long, ["a"]).length, 3);
});

test("a seat's prospects in words", () => {
  assert.equal(chanceText(position(0, 0.574), 0), "57 %");
  assert.equal(chanceText(position(0, 0.574), 1), "43 %");
  assert.equal(chanceText(position(0, 1, { winner: 0, moves: 2 }), 1), "loses in 2");
  assert.equal(chanceText(position(0, 1, { winner: 0, moves: 0, over: true }), 0), "won");
  assert.equal(chanceText(position(0, 0.5, { over: true }), 1), "drawn");
});

test("the game keeps its analysis while the main line is the line analysed", () => {
  const m = model(["a", "b", "c"]);
  let changes = 0;
  m.subscribe(what => {
    if (what === "analysis") changes += 1;
  });
  m.setAnalysis(sample());
  assert.equal(changes, 1);
  const saved = JSON.parse(JSON.stringify(m.toJSON()));
  assert.deepEqual(saved.analysis, sample());
  assert.deepEqual(GameModel.fromJSON(saved).analysis, sample());
  // a variation leaves the main line, and the analysis, alone
  m.back();
  m.play("z");
  assert.deepEqual(m.toJSON().analysis, sample());
  // a move at the end of the main line: the analysis is no longer the game's
  m.goTo(["a", "b", "c"]);
  m.play("d");
  assert.equal(m.toJSON().analysis, undefined);
});

test("an old save without an analysis, or with a damaged one, still loads", () => {
  const m = model(["a", "b", "c"]);
  const old = m.toJSON();
  assert.equal(old.analysis, undefined);
  assert.equal(GameModel.fromJSON(old).analysis, null);
  const damaged = GameModel.fromJSON({ ...old, analysis: { v: 1, line: "a b c" } });
  assert.equal(damaged.analysis, null);
  assert.deepEqual(damaged.tree.mainline(), ["a", "b", "c"]);
});

test("addLine puts the engine's line beside the move and shows its first move; the head stays", () => {
  const m = model(["a", "b", "c"]);
  m.addLine(["a"], ["x", "y"]);
  assert.deepEqual(m.tree.mainline(), ["a", "b", "c"]);
  assert.deepEqual(m.tree.children(["a"]), ["b", "x"]);
  assert.deepEqual(m.tree.children(["a", "x"]), ["y"]);
  assert.deepEqual(m.viewed, ["a", "x"]);
  assert.deepEqual(m.head, ["a", "b", "c"]);
});

/** A fake engine whose jobs the test finishes or fails by hand. */
function fakeEngine() {
  const jobs = [];
  return {
    jobs,
    job(method, params, onprogress) {
      let resolve, reject;
      const promise = new Promise((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
      const job = { method, params, onprogress, resolve, reject, cancelled: false, promise };
      job.cancel = () => {
        job.cancelled = true;
        reject(Object.assign(new Error("cancelled"), { type: "CancelledError" }));
      };
      jobs.push(job);
      return job;
    },
    analyse(params, onprogress) {
      return this.job("analyse", params, onprogress);
    }, // (as Engine.analyse)
  };
}

test("the analyser runs one job for the main line, keeps its result, drops a stale one", async () => {
  const engine = fakeEngine();
  const done = [];
  const analyser = new Analyser({
    engine,
    onChange: () => {},
    onDone: (m, r) => {
      m.setAnalysis(r);
      done.push(r);
    },
    onError: () => {},
  });
  const m = model(["a", "b", "c"]);
  analyser.attach(m);
  analyser.start("casual");
  assert.equal(engine.jobs.length, 1);
  assert.deepEqual(engine.jobs[0].params, { start: START, line: ["a", "b", "c"], level: "casual" });
  engine.jobs[0].onprogress({ fraction: 0.5, evaluations: [position(0, 0.5)] });
  assert.equal(analyser.fraction(), 0.5);
  assert.equal(analyser.positions().length, 1);
  // browsing and variations do not stop it
  m.back();
  m.play("z");
  analyser.sync();
  assert.equal(engine.jobs[0].cancelled, false);
  engine.jobs[0].resolve(sample());
  await engine.jobs[0].promise;
  await Promise.resolve();
  assert.equal(done.length, 1);
  assert.equal(analyser.result(), m.analysis);
  assert.equal(analyser.running, null);
  // a fixed depth instead of a level
  analyser.start("depth:4");
  assert.deepEqual(engine.jobs[1].params, { start: START, line: ["a", "b", "c"], depth: 4 });
  analyser.cancel();
  assert.equal(engine.jobs[1].cancelled, true);
  assert.equal(analyser.result(), m.analysis); // a cancelled job leaves the finished analysis
  // a new move on the main line: a job under way for the old line is cancelled
  analyser.start("strong");
  m.goTo(["a", "b", "c"]);
  m.play("d");
  analyser.sync();
  assert.equal(engine.jobs[2].cancelled, true);
  assert.equal(analyser.running, null);
  assert.equal(analyser.result(), null); // and the old result is not this line's
});

test("the running analysis gathers the evaluations each progress brings (only the new ones, from `first`)", () => {
  const engine = fakeEngine();
  const analyser = new Analyser({ engine, onChange: () => {}, onDone: () => {}, onError: () => {} });
  analyser.attach(model(["a", "b", "c"]));
  analyser.start("casual");
  const job = engine.jobs[0];
  job.onprogress({ fraction: 0.2, first: 0, evaluations: [position(0, 0.5)] });
  job.onprogress({ fraction: 0.3, first: 1, evaluations: [] });
  job.onprogress({ fraction: 0.6, first: 1, evaluations: [position(1, 0.4), position(2, 0.6)] });
  assert.deepEqual(analyser.positions(), [position(0, 0.5), position(1, 0.4), position(2, 0.6)]);
  // a progress sent again from an earlier place replaces what follows it
  job.onprogress({ fraction: 0.6, first: 2, evaluations: [position(2, 0.7)] });
  assert.deepEqual(analyser.positions(), [position(0, 0.5), position(1, 0.4), position(2, 0.7)]);
});
