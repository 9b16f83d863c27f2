// The ends of a live game (web/live/session.js): resignation, draw offers,
// takebacks, abort, time, and the rematch with colours swapped.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pair } from "./live-pair.mjs";

const played = async ({ a, b, flush }, line) => {
  for (let i = 0; i < line.length; i++) {
    assert.equal(await (i % 2 ? b : a).play(line[i]), true, line[i]);
    await flush();
  }
};

test("a resignation ends the game on both sides", async () => {
  const game = pair();
  await game.connect();
  await played(game, ["e2", "e7"]);
  assert.equal(game.b.resign(), true);
  assert.equal(game.b.resign(), false);
  await game.flush();
  assert.deepEqual(game.a.end, { how: "resignation", winner: 0 });
  assert.deepEqual(game.b.end, { how: "resignation", winner: 0 });
  assert.equal(game.a.phase, "ended");
  assert.equal(await game.a.play("d2"), false);
  game.drop();
  assert.equal(game.a.phase, "ended", "an ended game stays ended");
});

test("a resignation made while the channel was down arrives with the resume", async () => {
  const game = pair();
  await game.connect();
  game.drop();
  game.a.resign();
  await game.connect();
  assert.deepEqual(game.b.end, { how: "resignation", winner: 1 });
  const forged = pair();
  forged.a.opened();
  const hello = { t: "hello", v: 1, game: "game01", seat: 1, moves: [], clocks: null };
  await forged.a.receive(JSON.stringify({ ...hello, end: { how: "resignation", winner: 1 } }));
  await forged.a.receive(JSON.stringify({ ...hello, end: { how: "agreement", winner: null } }));
  assert.equal(forged.a.end, null, "a peer cannot say that a resigned, nor agreed");
});

test("a draw offer accepted, one declined, one lapsed by a move, two crossing", async () => {
  const game = pair();
  const { a, b, flush, kinds } = game;
  await game.connect();
  await played(game, ["e2"]);
  assert.equal(a.offerDraw(), true);
  await flush();
  assert.deepEqual(kinds("b", "draw-offer"), [{ ply: 1 }]);
  assert.equal(b.answerDraw(false), true);
  await flush();
  assert.equal(kinds("a", "draw-declined").length, 1);
  a.offerDraw();
  await flush();
  await played({ a: b, b: a, flush }, ["e7"]); // (b moves instead of answering)
  assert.equal(b.answerDraw(true), false, "the offer lapsed");
  assert.equal(b.drawOffer, null);
  await played(game, ["d2"]);
  a.offerDraw();
  b.offerDraw();
  await flush();
  assert.deepEqual(a.end, { how: "agreement", winner: null });
  assert.deepEqual(b.end, { how: "agreement", winner: null });
  const accepted = pair();
  await accepted.connect();
  accepted.b.offerDraw();
  await accepted.flush();
  accepted.a.answerDraw(true);
  await accepted.flush();
  assert.deepEqual(accepted.b.end, { how: "agreement", winner: null });
});

test("a takeback asked and accepted on both sides; one declined", async () => {
  const game = pair();
  const { a, b, flush, kinds } = game;
  await game.connect();
  await played(game, ["e2", "e7", "d2"]);
  assert.equal(a.askTakeback(), true);
  await flush();
  assert.deepEqual(kinds("b", "takeback-ask"), [{ ply: 2 }]);
  b.answerTakeback(true);
  await flush();
  assert.deepEqual(a.moves, ["e2", "e7"]);
  assert.deepEqual(b.moves, ["e2", "e7"]);
  assert.deepEqual(kinds("a", "line").at(-1), { moves: ["e2", "e7"], from: 2 });
  assert.equal(await a.play("c2"), true);
  await flush();
  assert.deepEqual(b.moves, ["e2", "e7", "c2"]);
  b.askTakeback();
  await flush();
  a.answerTakeback(false);
  await flush();
  assert.equal(kinds("b", "takeback-declined").length, 1);
  assert.equal(b.moves.length, 3);
  assert.equal(b.askTakeback(9), false);
});

test("takebacks crossing a move, or each other: both sides always keep the same line", async () => {
  // a asks while b's move is on its way; b sees the ask after its move and accepts
  const game = pair();
  const { a, b, flush, wire } = game;
  await game.connect();
  await played(game, ["e2", "e7", "d2"]);
  a.askTakeback(); // (to 2 moves)
  await b.play("d7"); // (b has not seen it)
  await flush();
  assert.deepEqual(a.moves, ["e2", "e7", "d2", "d7"]);
  b.answerTakeback(true);
  await flush();
  assert.deepEqual(a.moves, ["e2", "e7"]);
  assert.deepEqual(b.moves, a.moves);
  // b moves instead of answering: a declines for it
  await a.play("d2");
  await flush();
  a.askTakeback();
  await flush();
  assert.equal(b.takebackAsked, 2);
  assert.equal(await b.play("d7"), true);
  await flush();
  assert.deepEqual(game.kinds("a", "takeback-declined"), [{}]);
  assert.equal(a.takebackAsking, null);
  assert.equal(b.takebackAsked, null);
  assert.deepEqual(a.moves, ["e2", "e7", "d2", "d7"]);
  assert.deepEqual(b.moves, a.moves);
  // both ask at once, each answers the other's
  const both = pair();
  await both.connect();
  await played(both, ["e2", "e7", "d2", "d7"]);
  both.a.askTakeback(2);
  both.b.askTakeback(3);
  await both.flush();
  both.a.answerTakeback(true);
  both.b.answerTakeback(true);
  await both.flush();
  assert.deepEqual(both.a.moves, both.b.moves);
  assert.deepEqual(both.a.moves, ["e2", "e7"]);
  assert.equal(wire.toA.length + wire.toB.length, 0);
});

test("a game resumed from the library, ended, stays ended", () => {
  const { a } = pair({ a: { end: { how: "resignation", winner: 1 } } });
  assert.equal(a.phase, "ended");
  assert.equal(a.resign(), false);
});

test("abort before both have moved, not after", async () => {
  const game = pair();
  await game.connect();
  await played(game, ["e2"]);
  assert.equal(game.b.abort(), true);
  await game.flush();
  assert.deepEqual(game.a.end, { how: "aborted", winner: null });
  const late = pair();
  await late.connect();
  await played(late, ["e2", "e7"]);
  assert.equal(late.a.abort(), false);
});

test("a loss on time: claimed by the page's clock, checked by the other's", async () => {
  const game = pair({ a: { timeUp: () => false } });
  await game.connect();
  game.b.claimTimeout(0);
  await game.flush();
  assert.equal(game.a.end, null, "a's clock disagrees");
  assert.deepEqual(game.b.end, { how: "timeout", winner: 1 });
  const again = pair({ a: { timeUp: () => true } });
  await again.connect();
  again.b.claimTimeout(0);
  await again.flush();
  assert.deepEqual(again.a.end, { how: "timeout", winner: 1 });
});

test("a rematch swaps the colours; two asks crossing make one rematch", async () => {
  const game = pair();
  const { a, b, flush, kinds } = game;
  await game.connect();
  assert.equal(a.askRematch(), false, "not before the end");
  await played(game, ["e2"]);
  a.resign();
  await flush();
  b.askRematch();
  await flush();
  assert.deepEqual(kinds("a", "rematch-ask"), [{ game: "b-id-1" }]);
  a.answerRematch(true);
  await flush();
  for (const s of [a, b]) {
    assert.equal(s.id, "b-id-1");
    assert.deepEqual(s.moves, []);
    assert.equal(s.end, null);
    assert.equal(s.phase, "connected");
  }
  assert.equal(a.seat, 1);
  assert.equal(b.seat, 0);
  assert.equal(await a.play("e2"), false, "b plays first now");
  assert.equal(await b.play("e2"), true);
  await flush();
  assert.deepEqual(a.moves, ["e2"]);
  b.resign();
  await flush();
  a.askRematch();
  b.askRematch();
  await flush();
  assert.equal(a.id, b.id);
  assert.equal(a.seat, 0);
  assert.equal(b.seat, 1);
  assert.equal(kinds("a", "rematch").length, 2);
  a.resign();
  await flush();
  b.askRematch();
  await flush();
  a.answerRematch(false);
  await flush();
  assert.equal(kinds("b", "rematch-declined").length, 1);
  assert.equal(b.phase, "ended");
});

test("a rematch is not accepted while the channel is down (the peer would not know of it)", async () => {
  const game = pair();
  await game.connect();
  game.a.resign();
  await game.flush();
  game.b.askRematch();
  await game.flush();
  game.drop();
  assert.equal(game.a.answerRematch(true), false);
  assert.equal(game.a.answerRematch(false), true, "declining needs no channel");
});

test("the rules' end is seen on each side, sends nothing, and opens the rematch", async () => {
  const game = pair();
  await game.connect();
  await played(game, ["e2", "e7", "d2"]);
  assert.equal(game.a.over(["e2", "e7"], 0), false, "a line taken back since ends nothing");
  assert.equal(game.a.over(["e2", "e7", "d2"], 0), true);
  assert.equal(game.a.over(["e2", "e7", "d2"], 0), false, "once");
  assert.deepEqual(game.a.end, { how: "rules", winner: 0 });
  assert.equal(game.a.phase, "ended");
  await game.flush();
  assert.equal(game.b.end, null, "nothing was sent: the friend's own engine says it");
  assert.equal(game.b.over(["e2", "e7", "d2"], 0), true);
  assert.equal(await game.b.play("d7"), false, "no move after the end");
  assert.equal(game.a.askRematch(), true);
  await game.flush();
  assert.equal(game.b.answerRematch(true), true);
  await game.flush();
  assert.equal(game.a.phase, "connected");
  assert.equal(game.a.seat, 1, "colours swapped");
});
