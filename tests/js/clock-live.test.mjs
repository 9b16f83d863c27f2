// The clocks of a live game (#46; web/live/liveclock.js, model/clock.js):
// the friend's seat is far away ("r"), but in a live game its clock runs on
// this page too; each move carries each seat's time and the friend's page
// takes the mover's own; a flag is claimed (the friend's a grace later) and
// believed by the other page's own clock.  Two pages simulated: two game
// models and two sessions on a fake wire, each page's time its own.
import test from "node:test";
import assert from "node:assert/strict";
import { GameTree } from "../../web/model/tree.js";
import { Clock, flagFell, setNotes, syncClock } from "../../web/model/clock.js";
import {
  adoptTimes,
  flagNow,
  GRACE_MS,
  LiveClock,
  TOLERANCE_MS,
  timesAt,
  timeUpAt,
} from "../../web/live/liveclock.js";
import { pair } from "./live-pair.mjs";

const T0 = 1_700_000_000_000;
const CONTROL = { base: 60_000, increment: 2_000 };

/** The least of a game model that the clock reads: `seat` is "h" here, the other "r". */
function page(seat, live = true) {
  const players = [0, 1].map(s => (s === seat ? "h" : "r"));
  return { clock: Clock.create(CONTROL), tree: new GameTree(), head: [], players, ending: null, live };
}

/** A move on `model` at `now` (the press, its note, then who is next: alternate). */
function move(model, text, now) {
  const times = model.clock.press(now);
  model.tree.add(model.head, text);
  model.head = [...model.head, text];
  if (times) setNotes(model.tree, model.tree.nodeAt(model.head), times);
  syncClock(model, { to_move: model.head.length % 2, outcome: null }, now);
}

test("a live friend's clock runs here; a friend by link's does not", () => {
  const live = page(0);
  const byLink = page(0, false);
  for (const model of [live, byLink]) {
    move(model, "a1", T0); // (the first move is free)
  }
  assert.equal(live.clock.running, 1, "the live friend's clock runs");
  assert.equal(live.clock.leftAt(1, T0 + 5_000), 55_000);
  assert.equal(byLink.clock.running, null, "by link: their time is theirs");
  assert.equal(byLink.clock.leftAt(1, T0 + 5_000), 60_000);
});

test("both pages agree after each move: each takes the mover's own time from its move", async () => {
  const { a, b, connect, flush, kinds } = pair({ clocks: [60_000, 60_000] });
  await connect();
  const pages = [page(0), page(1)];
  const sessions = [a, b];
  const delay = 300; // each message a network's delay late
  let now = T0;
  const line = ["a1", "b2", "c3", "d4", "e5"];
  const thinks = [1_000, 4_000, 2_500, 7_000, 3_000];
  for (const [ply, text] of line.entries()) {
    const mover = ply % 2;
    const friend = 1 - mover;
    now += thinks[ply];
    move(pages[mover], text, now);
    await sessions[mover].play(text, timesAt(pages[mover].clock, now));
    await flush();
    now += delay;
    const [sent] = kinds(friend ? "b" : "a", "move").slice(-1);
    assert.equal(sent.move, text);
    move(pages[friend], text, now);
    assert.ok(adoptTimes(pages[friend], pages[friend].head, mover, sent.clocks), "the mover's time taken");
    // the mover's time, as both pages have it, is the mover's own
    assert.equal(pages[friend].clock.left[mover], pages[mover].clock.left[mover]);
    assert.equal(
      pages[friend].tree.nodeAt(pages[friend].head).notes?.left ?? null,
      ply ? pages[mover].clock.left[mover] : null,
    );
  }
  // seat 0 spent 1 (free) + 2.5 + 3 s, two increments counted; seat 1 4 + 7 s, two increments
  assert.equal(pages[0].clock.left[0], 60_000 - 5_500 + 4_000);
  assert.equal(pages[1].clock.left[1], 60_000 - 11_000 + 4_000);
  // seat 1 to move: its clock runs on both pages, the friend's started a network's delay earlier
  for (const p of pages) assert.equal(p.clock.running, 1);
  const gap = pages[1].clock.leftAt(1, now) - pages[0].clock.leftAt(1, now);
  assert.equal(gap, delay);
});

test("a friend's time not taken mid-turn, on another line, after the end, or unreadable", () => {
  const here = page(0);
  move(here, "a1", T0);
  assert.equal(adoptTimes(here, ["a1"], 1, [50_000, 40_000]), false, "the friend is to move: mid-turn");
  move(here, "b2", T0 + 1_000);
  assert.equal(adoptTimes(here, ["a1", "zz"], 1, [50_000, 40_000]), false, "not the head");
  assert.equal(adoptTimes(here, ["a1", "b2"], 1, [50_000, -1]), false, "below zero");
  assert.equal(adoptTimes(here, ["a1", "b2"], 1, null), false, "no clocks");
  assert.equal(adoptTimes(here, ["a1", "b2"], 1, [50_000, 40_000]), true);
  assert.equal(here.clock.left[1], 40_000);
  assert.equal(here.clock.left[0], 60_000, "this page's own time is its own");
  here.ending = { termination: "resignation" };
  assert.equal(adoptTimes(here, ["a1", "b2"], 1, [50_000, 30_000]), false, "after the end");
});

test("the friend's flag waits a grace; one's own ends at once", () => {
  const here = page(0);
  move(here, "a1", T0);
  const out = T0 + 60_000;
  assert.equal(here.clock.flagged(out), 1);
  assert.equal(flagNow(here.clock, 1, 1, out), false, "the friend's page usually says it first");
  assert.equal(flagNow(here.clock, 1, 1, out + GRACE_MS), true);
  assert.equal(flagNow(here.clock, 1, 0, out), true, "one's own: at once");
  // the model's own guard does not end a live game on the friend's time (the page claims it)
  assert.equal(flagFell(here, out + 5_000), false);
  assert.equal(here.ending, null);
});

test("a claim is believed by this page's own clock, with a tolerance", () => {
  const here = page(1);
  move(here, "a1", T0);
  assert.equal(here.clock.running, 1);
  assert.equal(timeUpAt(here.clock, 1, T0 + 30_000), false);
  assert.equal(timeUpAt(here.clock, 1, T0 + 60_000 - TOLERANCE_MS), true, "a network's delay behind");
  assert.equal(timeUpAt(here.clock, 0, T0 + 60_000), false, "not running: its time is what it was");
  assert.equal(timeUpAt(null, 0, T0), false, "no clock: no claim");
});

test("a flag claimed ends both sessions on time; a claim this page's clock denies is refused", async () => {
  const pages = [page(0), page(1)];
  let now = T0;
  const game = pair({
    clocks: [60_000, 60_000],
    a: { timeUp: s => timeUpAt(pages[0].clock, s, now) },
    b: { timeUp: s => timeUpAt(pages[1].clock, s, now) },
  });
  await game.connect();
  move(pages[0], "a1", now);
  await game.a.play("a1", timesAt(pages[0].clock, now));
  await game.flush();
  move(pages[1], "a1", now + 200);
  // too early: b's own clock says it has time
  now += 20_000;
  game.a.claimTimeout(1);
  await game.flush();
  assert.equal(game.b.end, null, "refused by b's clock");
  assert.equal(game.b.rejected.timeout, 1);
  // b's own time runs out: b's page ends it and tells a, whose clock agrees
  const b2 = pair({
    clocks: [60_000, 60_000],
    a: { timeUp: s => timeUpAt(pages[0].clock, s, now) },
    b: { timeUp: s => timeUpAt(pages[1].clock, s, now) },
  });
  await b2.connect();
  now = T0 + 200 + 60_000;
  assert.equal(flagNow(pages[1].clock, 1, 0, now), true);
  b2.b.claimTimeout(1);
  await b2.flush();
  assert.deepEqual(b2.a.end, { how: "timeout", winner: 0 });
  assert.deepEqual(b2.b.end, { how: "timeout", winner: 0 });
});

test("a takeback gives no time back: the time spent stays spent, the seat to move runs from then", () => {
  const here = page(0);
  move(here, "a1", T0); // (free)
  move(here, "b2", T0 + 4_000); // the friend: 4 s, +2
  move(here, "c3", T0 + 10_000); // this side: 6 s, +2
  assert.deepEqual(here.clock.left, [56_000, 58_000]);
  // the friend thinks 3 s and asks to take back their move: the line goes back to ["a1"]
  const at = T0 + 13_000;
  here.head = ["a1"];
  syncClock(here, { to_move: 1, outcome: null }, at);
  assert.equal(here.clock.running, 1, "the friend is to move again, on the clock");
  assert.deepEqual([here.clock.leftAt(0, at), here.clock.leftAt(1, at)], [56_000, 55_000], "no time back");
  assert.equal(here.clock.leftAt(1, at + 5_000), 50_000, "their clock runs on from the takeback");
  assert.equal(here.clock.leftAt(0, at + 5_000), 56_000, "this side's stands");
});

test("the page takes the friend's time from their move and from a resumed line, not from a takeback's", async () => {
  const here = page(0);
  here._changed = () => {};
  const live = { applying: null };
  const clock = new LiveClock(live);
  const session = { peer: 1, moves: ["a1", "b2"], clocks: [60_000, 41_000] };
  move(here, "a1", T0);
  move(here, "b2", T0 + 1_000);
  clock.event(session, here, "move", { ply: 2, move: "b2", local: false, clocks: [59_000, 42_000] });
  await Promise.resolve(live.applying);
  await new Promise(resolve => setImmediate(resolve));
  assert.equal(here.clock.left[1], 42_000, "as their move says");
  // a takeback's line says no time: the time spent stays spent
  clock.event(session, here, "takeback", { ply: 2 });
  clock.event(session, here, "line", { moves: ["a1", "b2"], from: 2 });
  await new Promise(resolve => setImmediate(resolve));
  assert.equal(here.clock.left[1], 42_000);
  // a line after a resume: the friend's time as their side had it
  clock.event(session, here, "line", { moves: ["a1", "b2"], from: 1 });
  await new Promise(resolve => setImmediate(resolve));
  assert.equal(here.clock.left[1], 41_000);
  // this side's own moves say nothing to it
  clock.event(session, here, "move", { ply: 2, move: "b2", local: true, clocks: [1, 1] });
  await new Promise(resolve => setImmediate(resolve));
  assert.deepEqual(here.clock.left, [60_000, 41_000]);
});
