// What the live log says, and when (web/panels/announce.js): every move once,
// whoever played it; moves taken back or deleted; browsing where it rests.
import test from "node:test";
import assert from "node:assert/strict";
import { Announcer, endsAlike } from "../../web/panels/announce.js";
import { GameModel } from "../../web/model/game.js";

const START = "loa standard double-connection=mover start";
const META = { game: "loa", variant: "standard", options: { "double-connection": "mover" } };

/** An announcer on a model, with a fake engine and a hand-driven timer. */
function rig(moves = []) {
  const model = new GameModel({ start: START, meta: META });
  for (const move of moves) model.play(move);
  const said = [];
  const timers = new Map();
  let next = 1;
  const asked = [];
  const a = new Announcer({
    put: text => said.push(text),
    describe: async (_start, line) => {
      asked.push(line.join(" "));
      const move = line.length ? line[line.length - 1] : null;
      return { move, text: move ? `${move} in words.` : "", turn: `Side ${line.length % 2} to move.` };
    },
    delay: fn => {
      timers.set(next, fn);
      return next++;
    },
    cancel: id => timers.delete(id),
  });
  model.subscribe(() => a.changed(model));
  const rest = () => {
    const fns = [...timers.values()];
    timers.clear();
    for (const fn of fns) fn();
  };
  return { model, a, said, rest, asked, timers };
}

test("a game opened says its position at once", async () => {
  const r = rig();
  r.a.changed(r.model);
  await r.a.queue;
  assert.deepEqual(r.said, ["Side 0 to move."]);
  const s = rig(["a", "b"]);
  s.a.changed(s.model);
  await s.a.queue;
  assert.deepEqual(s.said, ["Move 2: b in words. Side 0 to move."]);
});

test("every move played is said once, the human's and the computer's alike", async () => {
  const r = rig();
  r.a.changed(r.model);
  r.model.play("a");
  r.model.playAt(["a"], "b"); // the computer's reply
  await r.a.queue;
  assert.deepEqual(r.said.slice(1), ["a in words.", "b in words."]);
});

test("a move played while browsing earlier (a variation) is said, not the browsing", async () => {
  const r = rig(["a", "b"]);
  r.a.changed(r.model);
  r.model.back();
  r.model.play("c"); // beside b
  r.rest();
  await r.a.queue;
  assert.deepEqual(r.said.slice(1), ["c in words."]);
});

test("Undo says each move taken back, the latest first, then whose turn", async () => {
  const r = rig(["a", "b", "c"]);
  r.a.changed(r.model);
  r.model.takeBack(["a"]);
  await r.a.queue;
  assert.deepEqual(r.said.slice(1), ["Taken back: c in words. b in words. Side 1 to move."]);
  r.model.redo();
  await r.a.queue;
  assert.equal(r.said.at(-1), "b in words.");
});

test("moves deleted from the tree are said as deleted", async () => {
  const r = rig(["a", "b"]);
  r.a.changed(r.model);
  r.model.remove(["a", "b"]);
  await r.a.queue;
  assert.deepEqual(r.said.slice(1), ["Deleted: b in words. Side 1 to move."]);
});

test("browsing is said once the keys rest, only where it stops", async () => {
  const r = rig(["a", "b", "c"]);
  r.a.changed(r.model);
  await r.a.queue;
  r.model.back();
  r.model.back();
  r.model.back();
  assert.equal(r.timers.size, 1); // the earlier steps' timers were cancelled
  r.rest();
  await r.a.queue;
  assert.deepEqual(r.said.slice(1), ["Start position. Side 0 to move."]);
  r.model.forward();
  r.rest();
  await r.a.queue;
  assert.equal(r.said.at(-1), "Move 1: a in words.");
});

test("answers to commands are said in order after the moves being said", async () => {
  const r = rig();
  r.a.changed(r.model);
  r.model.play("a");
  r.a.say("An answer.");
  await r.a.queue;
  assert.deepEqual(r.said.slice(1), ["a in words.", "An answer."]);
});

test("nothing is said when the engine refuses", async () => {
  const r = rig();
  r.a.describe = async () => {
    throw new Error("no");
  };
  r.a.changed(r.model);
  r.model.play("a");
  await r.a.queue;
  r.a.say("Still here.");
  await r.a.queue;
  assert.deepEqual(r.said, ["Still here."]);
});

test("a finished game opened says its result once (the winning move's words say it)", async () => {
  const model = new GameModel({ start: START, meta: META });
  model.play("a");
  const said = [];
  const a = new Announcer({
    put: text => said.push(text),
    describe: async () => ({
      move: "a",
      text: "Black a. Black wins: all pieces connected.",
      turn: "The game is over. Black wins: all pieces connected.",
    }),
  });
  a.changed(model);
  await a.queue;
  assert.deepEqual(said, ["Move 1: Black a. Black wins: all pieces connected."]);
});

test("endsAlike compares the last sentences", () => {
  assert.equal(endsAlike("X moves. Black wins.", "The game is over. Black wins."), true);
  assert.equal(endsAlike("X moves.", "White to move."), false);
  assert.equal(endsAlike("", "White to move."), false);
});
