// The clock in records (web/library/records.js with web/model/clock.js,
// #29): a game's time control goes out as the record's TimeControl (the
// engine writes each move's [%clk]/[%emt] from its notes), and an imported
// record with a TimeControl opens with its clock, each seat's time as the
// main line's last [%clk] for it says, paused until the player resumes it.
import test from "node:test";
import assert from "node:assert/strict";
import { recordOf } from "../../web/library/records.js";
import { GameModel } from "../../web/model/game.js";
import { GameTree } from "../../web/model/tree.js";
import { Clock, clockOfRecord, recordTimeControl, setNotes, syncClock } from "../../web/model/clock.js";

const START = "loa standard - start";
const META = { game: "loa", variant: "standard", options: {} };

test("a game with a clock exports its TimeControl; one without, none", () => {
  const model = new GameModel({
    start: START,
    meta: META,
    players: ["h", "h"],
    clock: Clock.create({ base: 300_000, increment: 3_000 }),
  });
  model.play("b1-b3");
  const entry = { id: "x", game: model.toJSON(), updated: 0, name: "" };
  assert.equal(recordOf(entry).timecontrol, "300+3");
  const days = new GameModel({ start: START, meta: META, clock: Clock.create({ days: 3 }) });
  assert.equal(recordOf({ id: "y", game: days.toJSON() }).timecontrol, "3d");
  const none = new GameModel({ start: START, meta: META });
  assert.equal("timecontrol" in recordOf({ id: "z", game: none.toJSON() }), false);
  assert.equal(recordTimeControl({ clock: { control: "bad" } }), null);
});

test("an imported record's clock: its control, each seat's last time left, paused", () => {
  const tree = GameTree.fromLine(["b1-b3", "a2-c2", "d1-d3", "h2-f2"]);
  const left = [null, 295_000, 281_500, 270_000];
  let node = tree.root;
  for (const ms of left) {
    node = node.children[0];
    if (ms != null) setNotes(tree, node, { left: ms, spent: 1_000 });
  }
  const clock = clockOfRecord({ timecontrol: "300+3" }, tree, 2);
  assert.deepEqual(clock.control, { base: 300_000, increment: 3_000 });
  assert.deepEqual(clock.left, [281_500, 270_000]);
  assert.equal(clock.paused, true);
  // opened and shown: the seat to move's clock is the one to resume, and it waits
  const model = new GameModel({
    start: START,
    meta: META,
    tree,
    viewed: tree.mainline([]),
    head: tree.mainline([]),
    clock,
  });
  const t = Date.now();
  syncClock(model, { to_move: 0, outcome: null }, t);
  assert.equal(clock.running, 0);
  assert.equal(clock.leftAt(0, t + 60_000), 281_500, "paused: it waits");
  clock.resume(t + 60_000);
  assert.equal(clock.leftAt(0, t + 61_000), 280_500);
  // no TimeControl, "-", or one that cannot be read: no clock
  for (const timecontrol of [undefined, null, "-", "5 minutes"])
    assert.equal(clockOfRecord({ timecontrol }, tree), null);
  assert.equal(clockOfRecord({ timecontrol: "1d" }, tree).left[0], 86_400_000);
});
