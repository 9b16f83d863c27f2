// The clock in a game link (web/model/url.js "/clock=" and "/times=",
// web/model/clock.js clockLink/clockFromLink, #29): written after the
// players and before the start, read back with each move's time, checked;
// older links read as before.  And the clock with a seat far away: no clock
// runs here while the friend is to move.
import test from "node:test";
import assert from "node:assert/strict";
import { format, parse, LinkError } from "../../web/model/url.js";
import { GameModel } from "../../web/model/game.js";
import { Clock, syncClock } from "../../web/model/clock.js";

const BASE = { game: "loa", variant: "standard", options: {} };
const START = "loa standard - start";

test("a link carries the time control and the time spent on each move", () => {
  const text = format({
    ...BASE,
    moves: ["b1-b3", "a2-c2", "c1-c3"],
    players: ["h", "r"],
    clock: "300+3",
    times: [0, 2500, 4100],
  });
  assert.equal(text, "#v1/loa/standard/-/b1-b3,a2-c2,c1-c3/players=h,r/clock=300+3/times=0,2500,4100");
  const back = parse(text);
  assert.equal(back.clock, "300+3");
  assert.deepEqual(back.times, [0, 2500, 4100]);
  assert.deepEqual(back.players, ["h", "r"]);
  assert.deepEqual(back.moves, ["b1-b3", "a2-c2", "c1-c3"]);
  // with a start position after them, days per move, no times yet
  const days = parse(
    `${format({ ...BASE, moves: ["b1-b3"], clock: "2d" })}/start=${encodeURIComponent(START)}`,
  );
  assert.equal(days.clock, "2d");
  assert.equal(days.start, START);
  assert.equal(days.times, undefined);
  // an older link: no clock keys at all
  assert.deepEqual(Object.keys(parse("#v1/loa/standard/-/b1-b3")).sort(), [
    "game",
    "moves",
    "options",
    "players",
    "ply",
    "start",
    "variant",
  ]);
});

test("a link's clock that cannot be read is refused with a reason", () => {
  for (const [bad, why] of [
    ["#v1/loa/standard/-/b1-b3/clock=0+1", /is not "<seconds>/],
    ["#v1/loa/standard/-/b1-b3/clock=5min", /is not "<seconds>/],
    ["#v1/loa/standard/-/b1-b3/clock=60+0/times=1,x", /milliseconds/],
    ["#v1/loa/standard/-/b1-b3/times=1", /no clock/],
    ["#v1/loa/standard/-/b1-b3/clock=60+0/times=1,2", /2 move times for 1 moves/],
    ["#v1/loa/standard/-/b1-b3/clock=60+0/clock=60+0", /twice/],
  ])
    assert.throws(
      () => parse(bad),
      e => e instanceof LinkError && why.test(e.message),
      bad,
    );
});

test("a game's link writes its clock and times; opened, the clock shows the time each side spent", () => {
  const model = new GameModel({
    start: START,
    meta: BASE,
    players: ["h", "r"],
    clock: Clock.create({ base: 300_000, increment: 3_000 }, 2),
  });
  const seat = line => ({ to_move: line.length % 2, outcome: null });
  model.play("b1-b3");
  syncClock(model, seat(model.head), Date.now());
  assert.equal(model.clock.running, null, "the friend far away is to move: no clock runs here");
  // the friend's move arrives (by their link, here played into the tree)
  model.playAt(model.head, "a2-c2");
  syncClock(model, seat(model.head), Date.now());
  assert.equal(model.clock.running, 0, "ours runs from when their move is seen");
  model.clock.since -= 12_000;
  model.play("c1-c3");
  assert.match(model.fragment(), /\/players=h,r\/clock=300\+3\/times=0,0,1\d{4}$/);
  // the friend opens a link with the times: each seat's time from them
  const parsed = parse("#v1/loa/standard/-/b1-b3,a2-c2,c1-c3/players=r,h/clock=300+3/times=0,20000,12000");
  const opened = GameModel.fromLink(parsed, START);
  assert.deepEqual(opened.clock.left, [300_000 - 12_000 + 3_000, 300_000 - 20_000 + 3_000]);
  assert.deepEqual(opened.tree.nodeAt(["b1-b3", "a2-c2"]).notes, { spent: 20_000, left: 283_000 });
  assert.equal(opened.clock.started, true);
  const now = Date.now();
  syncClock(opened, seat(opened.head), now);
  assert.equal(opened.clock.running, 1);
  // (its turn runs from when the link was opened)
  assert.equal(opened.clock.leftAt(1, opened.clock.since + 1_000), 282_000);
  // a link without a clock opens a game without one
  assert.equal(GameModel.fromLink(parse("#v1/loa/standard/-/b1-b3"), START).clock, null);
});
