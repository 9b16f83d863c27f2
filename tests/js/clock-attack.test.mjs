// What an attack found in the clock (#47): a move made after the flag fell
// (the page's timers held back, as in a background tab) was accepted with a
// negative time left; and the system clock moving back or forward counted as
// thinking.  The clock's time is now monotonic within a page's life
// (clockNow), and the game model refuses a move once the time has run out.
import test from "node:test";
import assert from "node:assert/strict";
import { Clock, clockNow, flagFell, syncClock } from "../../web/model/clock.js";
import { GameModel } from "../../web/model/game.js";

const LOA = "loa standard - start";

/** A Lines of Action game of two players on a 1+0 clock, White's first move played at `t0`, Black to move. */
function gameAt(t0) {
  const model = new GameModel({
    start: LOA,
    meta: { game: "loa", variant: "standard" },
    players: ["h", "h"],
    clock: Clock.create({ base: 60_000, increment: 0 }),
  });
  model.clock.press(t0); // (the first move is free: the clock starts)
  model.tree.add([], "b1-d3");
  model.head = ["b1-d3"];
  model.viewed = ["b1-d3"];
  syncClock(model, { to_move: 1, outcome: null }, t0);
  return model;
}

test("a move made after the flag fell ends the game on time and is not played", () => {
  const now = clockNow();
  const model = gameAt(now - 64_000); // Black's minute ran out 4 s ago, and no tick saw it
  assert.equal(model.play("a2-c2"), null);
  assert.equal(model.ending.termination, "time");
  assert.equal(model.ending.by, 1);
  assert.equal(model.ending.result, "1-0");
  assert.deepEqual(model.head, ["b1-d3"], "the move is not in the game");
  assert.equal(model.tree.nodeAt(["b1-d3", "a2-c2"]), null, "nor in its tree");
  assert.ok(
    model.clock.left.every(ms => ms >= 0),
    `no time left below zero: ${model.clock.left}`,
  );
  assert.equal(model.clock.running, null, "the clock stopped");
});

test("a move in time is played, the flag checked at that moment", () => {
  const now = clockNow();
  const model = gameAt(now - 30_000);
  assert.deepEqual(model.play("a2-c2"), ["b1-d3", "a2-c2"]);
  assert.equal(model.ending, null);
  assert.ok(model.clock.left[1] > 29_000 && model.clock.left[1] <= 30_000, String(model.clock.left[1]));
});

test("the computer's move after its flag fell is not played either", () => {
  const model = gameAt(clockNow() - 61_000);
  assert.equal(model.playAt(["b1-d3"], "a2-c2"), null);
  assert.equal(model.ending.termination, "time");
  assert.deepEqual(model.head, ["b1-d3"]);
});

test("flagFell: nothing happens in a game with no clock, an ended game, or a clock not run out", () => {
  const plain = new GameModel({
    start: LOA,
    meta: { game: "loa", variant: "standard" },
    players: ["h", "h"],
  });
  assert.equal(flagFell(plain), false);
  const model = gameAt(clockNow() - 10_000);
  assert.equal(flagFell(model), false);
  assert.equal(model.ending, null);
  model.end({ result: "0-1", winner: 1, termination: "resignation", by: 0 });
  model.clock.running = 1;
  model.clock.since = clockNow() - 999_000;
  assert.equal(flagFell(model), false, "an ended game keeps its ending");
  assert.equal(model.ending.termination, "resignation");
});

test("the clock's time does not follow the system clock while the page lives", () => {
  const before = clockNow();
  const realNow = Date.now;
  try {
    Date.now = () => realNow() - 3_600_000; // the system clock goes back an hour ...
    const back = clockNow();
    assert.ok(back >= before && back - before < 1_000, `${back - before} ms`);
    Date.now = () => realNow() + 120_000; // ... then forward two minutes
    const forward = clockNow();
    assert.ok(forward >= back && forward - before < 1_000, `${forward - before} ms`);
  } finally {
    Date.now = realNow;
  }
  assert.ok(Math.abs(clockNow() - Date.now()) < 5_000, "it is an epoch, near the wall clock at load");
});

test("a turn that began later than now (the clock went back between visits) runs from now", () => {
  const now = clockNow();
  const model = gameAt(now);
  model.clock.since = now + 3_600_000; // saved by a visit whose wall clock was an hour ahead
  syncClock(model, { to_move: 1, outcome: null }, now);
  assert.equal(model.clock.since, now);
  assert.equal(model.clock.leftAt(1, now + 5_000), 55_000, "Black's clock runs again");
});

test("a link whose times spend more than its clock gives is refused, saying so", async () => {
  const { parse } = await import("../../web/model/url.js");
  for (const text of [
    "#v1/loa/standard/-/b1-d3,a2-c2/clock=1+0/times=5000,5000",
    "#v1/loa/standard/-/b1-d3,a2-c2,d1-d3/clock=60+0/times=999999999,999999999",
  ]) {
    assert.throws(
      () => GameModel.fromLink(parse(text), LOA),
      err => err.type === "LinkError" && /spend more than its clock/.test(err.message),
      text,
    );
  }
  const fine = GameModel.fromLink(parse("#v1/loa/standard/-/b1-d3,a2-c2/clock=60+0/times=0,59000"), LOA);
  assert.equal(fine.clock.left[1], 1_000);
});
