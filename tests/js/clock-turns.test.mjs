// A turn of several moves earns one increment (web/model/clock.js): in EL
// with declared threats a turn is a placement and then a declaration by the
// same seat.  The engine says who moves next; when the seat whose clock just
// stopped is to move again, its turn goes on and the increment of the
// placement is taken back (and its move's note says so), so a turn earns one
// increment whatever its number of moves.  A reload between the two moves
// keeps this (the clock's JSON holds it).
import test from "node:test";
import assert from "node:assert/strict";
import { GameTree } from "../../web/model/tree.js";
import { Clock, setNotes, syncClock } from "../../web/model/clock.js";

const T0 = 1_700_000_000_000;

/** The least of a game model that syncClock reads. */
function game(clock) {
  return { clock, tree: new GameTree(), head: [], players: ["h", "h"], ending: null };
}

/** `seat` plays `move` at `now`: the press, the move's note, then the engine's word of who is next. */
function play(model, move, now, next) {
  const times = model.clock.press(now);
  model.head = [...model.head, move];
  model.tree.add(model.head.slice(0, -1), move);
  const node = model.tree.nodeAt(model.head);
  if (times) setNotes(model.tree, node, times);
  syncClock(model, { to_move: next, outcome: null }, now);
  return node;
}

test("a turn of one move earns the increment; a turn of two moves earns it once", () => {
  const model = game(Clock.create({ base: 300_000, increment: 3_000 }));
  play(model, "c3=1", T0, 0); // the first move is free and starts the clock
  play(model, "declare:-", T0 + 2_000, 1); // the same seat again: one turn
  assert.equal(model.clock.left[0], 298_000 + 3_000, "one increment for the turn");
  const placed = play(model, "d4=2", T0 + 7_000, 1);
  assert.equal(model.clock.left[1], 300_000 - 5_000, "mid-turn: no increment yet");
  assert.equal(placed.notes.left, 295_000, "the placement's note says the time left without it");
  assert.equal(placed.notes.spent, 5_000);
  play(model, "declare:-", T0 + 8_000, 0);
  assert.equal(model.clock.left[1], 294_000 + 3_000, "the turn's end earns it");
  assert.equal(model.clock.running, 0);
});

test("a game of one move a turn earns the increment at every move", () => {
  const model = game(Clock.create({ base: 60_000, increment: 1_000 }));
  play(model, "b1-d3", T0, 1);
  play(model, "a2-c2", T0 + 4_000, 0);
  play(model, "d1-d3", T0 + 6_000, 1);
  assert.deepEqual(model.clock.left, [60_000 - 2_000 + 1_000, 60_000 - 4_000 + 1_000]);
});

test("the turn going on is known after a reload between its two moves", () => {
  const model = game(Clock.create({ base: 300_000, increment: 3_000 }));
  play(model, "c3=1", T0, 0);
  play(model, "declare:-", T0 + 1_000, 1);
  const times = model.clock.press(T0 + 5_000); // Red placed; the page reloads before the engine answers
  assert.deepEqual(times, { spent: 4_000, left: 299_000 });
  const again = Clock.fromJSON(JSON.parse(JSON.stringify(model.clock)));
  assert.deepEqual(again.pressed, { seat: 1, increment: 3_000 });
  model.clock = again;
  model.head = [...model.head, "d4=2"];
  model.tree.add(model.head.slice(0, -1), "d4=2");
  syncClock(model, { to_move: 1, outcome: null }, T0 + 6_000);
  assert.equal(again.left[1], 296_000, "no increment kept for the placement");
  assert.equal(Clock.fromJSON({ ...again.toJSON(), pressed: { seat: 9, increment: 1 } }).pressed, null);
});

test("correspondence: every move gives the full days back, a turn of two moves too", () => {
  const day = 86_400_000;
  const model = game(Clock.create({ days: 2 }));
  play(model, "c3=1", T0, 0);
  play(model, "declare:-", T0 + day / 2, 1);
  assert.equal(model.clock.left[0], 2 * day);
});

test("a link's clock counts turns of two moves: each turn's seat, one increment a turn", async () => {
  const { clockFromLink } = await import("../../web/model/clock.js");
  const { GameModel } = await import("../../web/model/game.js");
  const moves = ["c3=1", "declare:-", "d4=2", "declare:-", "e5=3"];
  const parsed = {
    game: "el",
    variant: "standard",
    options: { declare_threats: "on" },
    moves,
    players: ["h", "h"],
    clock: "300+3",
    times: [0, 2000, 5000, 1000, 4000],
  };
  const model = GameModel.fromLink(parsed, "el standard declare_threats=on - start");
  const clock = clockFromLink(parsed, model, T0, 2);
  // seat 0: the free first move, then 2 s and one increment; seat 1: 5 s + 1 s and one increment;
  // seat 0 again: 4 s into a turn not finished, no increment yet
  assert.deepEqual(clock.left, [300_000 - 2_000 + 3_000 - 4_000, 300_000 - 6_000 + 3_000]);
  const placed = model.tree.nodeAt(moves.slice(0, 3));
  assert.equal(placed.notes.left, 295_000, "the placement's note: no increment mid-turn");
  // one move a turn (every other game): each move its own seat's, each earns the increment
  const loa = clockFromLink(parsed, model, T0);
  assert.deepEqual(loa.left, [
    300_000 + 3_000 - 5_000 + 3_000 - 4_000,
    300_000 + 3_000 - 2_000 + 3_000 - 1_000,
  ]);
});

test("an imported record's clock gives each turn's last time left to its seat", async () => {
  const { clockOfRecord } = await import("../../web/model/clock.js");
  const moves = ["c3=1", "declare:-", "d4=2", "declare:-", "e5=3", "declare:-"];
  const tree = GameTree.fromLine(moves);
  const left = [null, 299_000, 296_000, 297_000, 290_000, 293_000];
  let node = tree.root;
  for (const ms of left) {
    node = node.children[0];
    if (ms != null) setNotes(tree, node, { left: ms });
  }
  const clock = clockOfRecord({ timecontrol: "300+3" }, tree, 2, 2);
  assert.deepEqual(clock.left, [293_000, 297_000], "Red's last turn, Blue's");
  assert.deepEqual(clockOfRecord({ timecontrol: "300+3" }, tree, 2).left, [290_000, 293_000]);
});
