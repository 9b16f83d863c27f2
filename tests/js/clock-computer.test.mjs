// The computer on the clock (web/engine/computer.js with web/model/clock.js):
// each search is capped at its budget of the seat's time left (the worker's
// max_ms), and at that deadline the best move found so far is played even if
// the worker has not answered.  A fake engine and views; Node's mock timers.
import test from "node:test";
import assert from "node:assert/strict";
import { Computer } from "../../web/engine/computer.js";
import { GameModel } from "../../web/model/game.js";
import { Clock, SAFETY_MS, budget, clockNow } from "../../web/model/clock.js";

const START = "loa standard - start";
const META = { game: "loa", variant: "standard", options: {} };

/** Views where seat `ply % 2` is to move, with one legal move "m<ply>". */
function fakePositions() {
  const view = line => ({ to_move: line.length % 2, moves: [{ text: `m${line.length}` }], outcome: null });
  return {
    key: (start, line) => `${start}|${line.join(",")}`,
    get: (_start, line) => view(line),
    view: (_start, line) => Promise.resolve(view(line)),
  };
}

/** An engine whose searches report a best move and never finish by themselves. */
function fakeEngine() {
  const jobs = [];
  return {
    jobs,
    think(params, onProgress) {
      const job = { params, cancelled: false, onProgress };
      job.promise = new Promise(() => {});
      job.cancel = () => {
        job.cancelled = true;
      };
      jobs.push(job);
      return job;
    },
  };
}

function setUp(clock, engine = fakeEngine()) {
  const moves = [];
  const computer = new Computer({
    engine,
    positions: fakePositions(),
    onMove: (line, move) => moves.push([line, move]),
    onChange: () => {},
    onError: message => assert.fail(message),
  });
  // the human (seat 0) has played: the computer (seat 1) is to move
  const model = new GameModel({ start: START, meta: META, players: ["h", "c:master"] });
  model.play("a1");
  model.clock = clock;
  computer.attach(model);
  computer.enable();
  return { engine, moves, computer, model };
}

test("the computer's search is capped at its budget of the time it has left", t => {
  t.mock.timers.enable({ apis: ["setTimeout"] }); // (the clock's time is clockNow(), monotonic: not mocked)
  const clock = new Clock({
    control: { base: 60_000, increment: 0 },
    left: [60_000, 5_000],
    since: clockNow(),
  });
  const { engine } = setUp(clock);
  assert.equal(engine.jobs.length, 1);
  const cap = engine.jobs[0].params.max_ms;
  const expected = budget(5_000, 0, 1).deadline; // (less the few ms the set-up took)
  assert.ok(cap <= expected && cap >= expected - 50, `${cap} ms, ${expected} ms expected`);
  assert.ok(cap <= 5_000 - SAFETY_MS - 500, `capped at ${cap} ms with 5 s left`);
});

test("at the deadline the best move so far is played, though the worker has not answered", t => {
  t.mock.timers.enable({ apis: ["setTimeout"] }); // (the clock's time is clockNow(), monotonic: not mocked)
  const clock = new Clock({
    control: { base: 60_000, increment: 0 },
    left: [60_000, 3_000],
    since: clockNow(),
  });
  const { engine, moves, computer } = setUp(clock);
  const job = engine.jobs[0];
  job.onProgress({ best: "m1", depth: 3 });
  const cap = job.params.max_ms;
  t.mock.timers.tick(cap - 1);
  assert.deepEqual(moves, [], "not before its deadline");
  t.mock.timers.tick(1);
  assert.deepEqual(moves, [[["a1"], "m1"]], "its best move, at the deadline");
  assert.equal(job.cancelled, true, "the search is stopped");
  assert.equal(computer.think, null);
  // and the clock did not run out meanwhile
  assert.ok(clock.leftFor(1, clockNow()) > SAFETY_MS);
});

test("without a clock the level keeps its own time; a paused clock or an ended game stops the computer", t => {
  t.mock.timers.enable({ apis: ["setTimeout"] }); // (the clock's time is clockNow(), monotonic: not mocked)
  const free = setUp(null);
  assert.equal(free.engine.jobs[0].params.max_ms, undefined);

  const clock = new Clock({
    control: { base: 60_000, increment: 0 },
    left: [60_000, 60_000],
    since: clockNow(),
  });
  clock.begin(1);
  clock.pause(clockNow());
  const paused = setUp(clock);
  assert.equal(paused.engine.jobs.length, 0, "no search while the clock is paused");
  clock.resume(clockNow());
  paused.computer.sync();
  assert.equal(paused.engine.jobs.length, 1, "resumed: it thinks");
  paused.model.ending = { result: "1-0", winner: 0, termination: "time", by: 1 };
  paused.computer.sync();
  assert.equal(paused.engine.jobs[0].cancelled, true, "the game ended: the search is dropped");
  assert.equal(paused.computer.computerSeatToMove(), -1);
});

test("in a hidden tab the computer's move is played as soon as it is found, waiting for no timer (#47)", async t => {
  t.mock.timers.enable({ apis: ["setTimeout"] }); // (a hidden tab's timers wait a second or more: none runs here)
  const resolvers = [];
  const engine = fakeEngine();
  const think = engine.think.bind(engine);
  engine.think = (params, onProgress) => {
    const job = think(params, onProgress);
    job.promise = new Promise(resolve => resolvers.push(resolve));
    return job;
  };
  globalThis.document = { hidden: true };
  try {
    const clock = new Clock({
      control: { base: 300_000, increment: 0 },
      left: [300_000, 300_000],
      since: clockNow(),
    });
    clock.begin(1);
    const { moves } = setUp(clock, engine);
    resolvers[0]({ move: "m1", depth: 4 });
    await new Promise(resolve => setImmediate(resolve));
    assert.deepEqual(moves, [[["a1"], "m1"]], "played without a timer's tick");
  } finally {
    delete globalThis.document;
  }
});
