// The game clock (web/model/clock.js): a pure value driven by the `now`
// it is given, so these tests move time by hand.  Increments, the flag at
// exactly zero, a reload (time ran on while the page was closed), pause,
// correspondence, and the computer's time budget.
import test from "node:test";
import assert from "node:assert/strict";
import {
  Clock,
  budget,
  SAFETY_MS,
  parseControl,
  formatControl,
  formatLeft,
  formatSpent,
  describeControl,
} from "../../web/model/clock.js";

const T0 = 1_700_000_000_000; // an epoch, as Date.now() gives
const FIVE_THREE = { base: 300_000, increment: 3_000 };

/** A 5+3 clock whose first move was played at T0, seat 1 to move. */
function started(control = FIVE_THREE) {
  const c = Clock.create(control, 2);
  assert.equal(c.press(T0), null, "the first move is free");
  c.begin(1);
  return c;
}

test("the first move starts the clock; each move charges the mover and adds the increment", () => {
  const c = Clock.create(FIVE_THREE, 2);
  assert.equal(c.started, false);
  assert.equal(c.leftAt(0, T0 + 99_000), 300_000, "a clock not started does not run");
  assert.equal(c.flagged(T0 + 999_000), null);
  c.press(T0);
  c.begin(1);
  assert.equal(c.leftAt(1, T0 + 4_000), 296_000);
  assert.equal(c.leftAt(0, T0 + 4_000), 300_000, "only the running seat's clock runs");
  assert.deepEqual(c.press(T0 + 4_000), { spent: 4_000, left: 299_000 });
  c.begin(0);
  assert.deepEqual(c.press(T0 + 14_000), { spent: 10_000, left: 293_000 });
  c.begin(1);
  assert.equal(c.leftAt(1, T0 + 14_000), 299_000);
});

test("the next seat's time runs from the moment of the move, not from when it is known", () => {
  const c = started();
  c.press(T0 + 1_000);
  // the engine says who is next 300 ms later: those 300 ms are seat 0's
  c.begin(0);
  assert.equal(c.leftAt(0, T0 + 1_300), 299_700);
  c.begin(0); // (again: nothing changes)
  assert.equal(c.leftAt(0, T0 + 1_300), 299_700);
});

test("the running seat flags at exactly zero, not a millisecond before", () => {
  const c = started({ base: 60_000, increment: 0 });
  assert.equal(c.flagged(T0 + 59_999), null);
  assert.equal(c.flagged(T0 + 60_000), 1);
  assert.equal(c.flagged(T0 + 90_000), 1);
  assert.equal(c.leftAt(0, T0 + 90_000), 60_000, "the other seat's clock did not run");
  c.stop(T0 + 90_000);
  assert.equal(c.running, null);
  assert.equal(c.left[1], 0, "a stopped clock shows no time below zero");
  assert.equal(c.flagged(T0 + 99_000), null, "a stopped clock flags no one");
});

test("a reload: the stored clock runs on for the time the page was closed", () => {
  const c = started();
  c.press(T0 + 5_000);
  c.begin(0);
  const stored = JSON.parse(JSON.stringify(c.toJSON()));
  assert.deepEqual(stored, {
    control: FIVE_THREE,
    running: 0,
    since: T0 + 5_000,
    left: [300_000, 298_000],
    paused: false,
  });
  const back = Clock.fromJSON(stored);
  // reopened 30 s later
  assert.equal(back.leftAt(0, T0 + 35_000), 270_000);
  assert.equal(back.leftAt(1, T0 + 35_000), 298_000);
  // closed long enough: the seat to move has lost on time by the reload
  assert.equal(back.flagged(T0 + 305_000), 0);
});

test("a paused clock stands still, across a reload too, and runs on when resumed", () => {
  const c = started();
  c.pause(T0 + 10_000);
  assert.equal(c.leftAt(1, T0 + 10_000), 290_000);
  assert.equal(c.leftAt(1, T0 + 500_000), 290_000);
  assert.equal(c.flagged(T0 + 900_000), null);
  const back = Clock.fromJSON(JSON.parse(JSON.stringify(c.toJSON())));
  assert.equal(back.paused, true);
  assert.equal(back.leftAt(1, T0 + 800_000), 290_000);
  back.resume(T0 + 800_000);
  assert.equal(back.leftAt(1, T0 + 801_000), 289_000);
  // a move played while paused costs nothing
  back.pause(T0 + 801_000);
  assert.deepEqual(back.press(T0 + 900_000), { spent: 0, left: 292_000 });
  assert.equal(back.paused, false);
});

test("a move taken back: the time so far is charged, the other seat's clock runs from then", () => {
  const c = started();
  c.switchTo(0, T0 + 7_000);
  assert.equal(c.left[1], 293_000, "no increment for a move taken back");
  assert.equal(c.leftAt(0, T0 + 9_000), 298_000);
});

test("correspondence: each move is due within the days per move, shown as the time left to move", () => {
  const day = 86_400_000;
  const c = started({ days: 2 });
  assert.equal(c.correspondence, true);
  assert.equal(c.leftAt(1, T0 + day), day);
  assert.equal(formatLeft(c.leftAt(1, T0 + 3_600_000)), "1d 23h");
  // a move after a day and a half: the mover's clock is back to two days
  assert.deepEqual(c.press(T0 + 1.5 * day), { spent: 1.5 * day, left: 2 * day });
  c.begin(0);
  assert.equal(c.flagged(T0 + 3.5 * day - 1), null);
  assert.equal(c.flagged(T0 + 3.5 * day), 0, "the move was due within two days");
});

test("a stored clock that cannot be read is no clock", () => {
  for (const bad of [
    null,
    5,
    { control: { base: -1, increment: 0 }, left: [1, 1] },
    { control: FIVE_THREE, left: [] },
    { control: FIVE_THREE, left: ["x", 1] },
    { control: { days: 0 }, left: [1, 1] },
  ])
    assert.equal(Clock.fromJSON(bad), null, JSON.stringify(bad));
  const odd = Clock.fromJSON({ control: FIVE_THREE, left: [1, 2], running: 7, since: "x" });
  assert.equal(odd.running, null);
  assert.equal(odd.since, null);
});

test("controls read and write as the record's TimeControl tag does", () => {
  assert.deepEqual(parseControl("300+3"), FIVE_THREE);
  assert.deepEqual(parseControl("60+0"), { base: 60_000, increment: 0 });
  assert.deepEqual(parseControl("7d"), { days: 7 });
  assert.equal(parseControl("-"), null);
  assert.equal(parseControl(""), null);
  for (const bad of ["0+3", "5", "3d+2", "0d", "abc"]) assert.throws(() => parseControl(bad), /time control/);
  assert.equal(formatControl(FIVE_THREE), "300+3");
  assert.equal(formatControl({ days: 1 }), "1d");
  assert.equal(formatControl(null), "-");
  assert.equal(describeControl(FIVE_THREE), "5+3");
  assert.equal(describeControl({ base: 90_000, increment: 0 }), "1.5+0");
  assert.equal(describeControl({ days: 1 }), "1 day per move");
});

test("clock faces: minutes and seconds, tenths under ten seconds, never below zero", () => {
  assert.equal(formatLeft(300_000), "5:00");
  assert.equal(formatLeft(10_000), "0:10");
  assert.equal(formatLeft(9_999), "9.9");
  assert.equal(formatLeft(50), "0.0");
  assert.equal(formatLeft(-400), "0.0");
  assert.equal(formatLeft(3_723_000), "1:02:03");
  assert.equal(formatSpent(3_140), "3.1s");
  assert.equal(formatSpent(65_000), "1:05");
});

test("the computer's budget never reaches the time left less a margin", () => {
  for (const left of [
    -50, 0, 1, 15, 100, 500, 900, 1_000, 2_000, 5_000, 30_000, 60_000, 600_000, 7_200_000,
  ]) {
    for (const increment of [0, 2_000, 30_000]) {
      for (const ply of [0, 10, 80, 400]) {
        const { target, deadline } = budget(left, increment, ply);
        const where = `left ${left}, increment ${increment}, ply ${ply}`;
        assert.ok(deadline > 0, `a search is given some time (${where})`);
        assert.ok(target <= deadline, `the target is within the deadline (${where})`);
        if (left > 2 * SAFETY_MS) assert.ok(deadline <= left - SAFETY_MS - left / 10, where);
        else assert.ok(deadline <= Math.max(1, left / 4), `almost out: a quarter at most (${where})`);
      }
    }
  }
  // a 1+0 game's first moves: a couple of seconds, not the whole minute
  const early = budget(60_000, 0, 0);
  assert.ok(early.target >= 1_000 && early.deadline <= 6_000, JSON.stringify(early));
  // the increment is mostly spent (a 30 s increment with little left)
  assert.ok(budget(5_000, 30_000, 50).deadline <= 5_000 - SAFETY_MS - 500);
});

test("the game model: a move stops the mover's clock and notes its time; the clock is saved with the game", async () => {
  const { GameModel } = await import("../../web/model/game.js");
  const { syncClock, endOnTime } = await import("../../web/model/clock.js");
  const model = new GameModel({
    start: "loa standard - start",
    meta: { game: "loa", variant: "standard", options: {} },
    players: ["h", "h"],
    clock: Clock.create({ base: 60_000, increment: 1_000 }, 2),
  });
  const seatToMove = line => ({ to_move: line.length % 2, outcome: null });
  model.play("a1"); // (the first move starts the clock)
  syncClock(model, seatToMove(model.head), Date.now());
  assert.equal(model.clock.running, 1);
  model.clock.since -= 2_500; // seat 1 thinks for 2.5 s
  model.play("b2");
  const notes = model.tree.nodeAt(["a1", "b2"]).notes;
  assert.ok(notes.spent >= 2_500 && notes.spent < 3_500, JSON.stringify(notes));
  assert.equal(notes.left, 60_000 - notes.spent + 1_000);
  assert.equal(syncClock(model, seatToMove(model.head), Date.now()), null);
  assert.equal(model.clock.running, 0);
  // saved and read back: the same clock
  const back = GameModel.fromJSON(JSON.parse(JSON.stringify(model.toJSON())));
  assert.deepEqual(back.clock.toJSON(), model.clock.toJSON());
  // a save from before clocks has none; a broken clock is dropped, the game kept
  const old = model.toJSON();
  delete old.clock;
  assert.equal(GameModel.fromJSON(old).clock, null);
  assert.equal(GameModel.fromJSON({ ...old, clock: { control: "x" } }).clock, null);
  // seat 0's time runs out: the game ends on time, seat 1 the winner
  back.clock.since -= 60_000;
  const flagged = syncClock(back, seatToMove(back.head), Date.now());
  assert.equal(flagged, 0);
  assert.deepEqual(endOnTime(back, flagged, 2), { result: "0-1", winner: 1, termination: "time", by: 0 });
  assert.deepEqual(back.ending, { result: "0-1", winner: 1, termination: "time", by: 0 });
  assert.equal(back.clock.running, null, "the clocks stop");
  assert.equal(syncClock(back, seatToMove(back.head), Date.now()), null);
});
