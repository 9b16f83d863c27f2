// One live game between two pages (web/live/session.js), two sessions wired by
// a fake channel: the phases, moves checked by the engine on both sides, a
// tampered peer, a flood, moves out of order and doubled, a dropped channel
// resumed with nothing lost or doubled.
import { test } from "node:test";
import assert from "node:assert/strict";
import { pair } from "./live-pair.mjs";

test("the phases, from the invitation to a connected game", async () => {
  const { a, b, connect, kinds } = pair();
  assert.equal(a.phase, "inviting");
  b.answering();
  a.connecting();
  assert.equal(a.phase, "connecting");
  assert.equal(await a.play("e2"), false, "no move before the channel is open");
  await connect();
  assert.equal(a.phase, "connected");
  assert.equal(b.phase, "connected");
  assert.deepEqual(
    kinds("a", "phase").map(d => d.phase),
    ["connecting", "connected"],
  );
  assert.deepEqual(a.rejected, {});
  assert.deepEqual(b.rejected, {});
});

test("moves go across, checked on both sides, each side in its turn", async () => {
  const { a, b, connect, flush, kinds } = pair({ clocks: [60000, 60000] });
  await connect();
  assert.equal(await b.play("e7"), false, "not b's turn");
  assert.equal(await a.play("e2", [59000, 60000]), true);
  assert.equal(await a.play("d2"), false, "not a's turn any more");
  assert.equal(await a.play("z9"), false);
  await flush();
  assert.deepEqual(b.moves, ["e2"]);
  assert.deepEqual(b.clocks, [59000, 60000]);
  assert.equal(await b.play("e2"), false, "the engine refuses it");
  assert.equal(await b.play("e7", [59000, 58000]), true);
  await flush();
  assert.deepEqual(a.moves, ["e2", "e7"]);
  assert.deepEqual(a.clocks, [59000, 58000]);
  assert.deepEqual(
    kinds("b", "move").map(d => [d.ply, d.move, d.seat, d.local]),
    [
      [1, "e2", 0, false],
      [2, "e7", 1, true],
    ],
  );
  await a.play("d2", [58000, 58000]);
  await flush();
  await b.play("d7", [1, 57000]); // (b cannot set a's time)
  await flush();
  assert.deepEqual(a.clocks, [58000, 57000]);
});

test("a tampered peer's illegal, out-of-turn and forged moves are refused, never applied", async () => {
  const { a, b, connect, flush, kinds, wire } = pair();
  await connect();
  await a.play("e2");
  await flush();
  const forge = msg => a.receive(JSON.stringify(msg));
  await forge({ t: "move", ply: 2, move: "e2", clocks: null }); // (played already: illegal)
  await forge({ t: "move", ply: 2, move: "<img src=x onerror=alert(1)>", clocks: null });
  await forge({ t: "move", ply: 1, move: "d2", clocks: null }); // (rewrites history)
  assert.deepEqual(a.moves, ["e2"]);
  await b.play("e7");
  await flush();
  await forge({ t: "move", ply: 3, move: "d7", clocks: null }); // (a's turn)
  await forge({ t: "resign", by: 0 });
  await forge({ t: "abort" }); // (too late: both have moved)
  await forge({ t: "timeout", seat: 0 }); // (a's clock says no: the default trusts only the peer's own flag)
  assert.deepEqual(a.moves, ["e2", "e7"]);
  assert.equal(a.end, null);
  assert.deepEqual(
    kinds("a", "refused").map(d => d.reason),
    ["illegal", "illegal", "conflict", "turn"],
  );
  assert.deepEqual(a.rejected, { illegal: 2, conflict: 1, turn: 1, shape: 1, abort: 1, timeout: 1 });
  assert.equal(wire.toB.length, 0, "nothing is answered to a refusal");
  assert.equal(await a.play("d2"), true, "the game goes on");
});

test("a flood is dropped and counted; the game goes on", async () => {
  const { a, b, connect, flush, clock, kinds } = pair();
  await connect();
  for (let i = 0; i < 500; i++) await a.receive(JSON.stringify({ t: "chat", text: `spam ${i}` }));
  for (let i = 0; i < 500; i++) await a.receive(JSON.stringify({ t: "ping", n: i }));
  assert.ok(a.rejected.rate >= 900, JSON.stringify(a.rejected));
  assert.ok(kinds("a", "chat").length <= 5);
  assert.equal(kinds("a", "dropped").at(-1).reason, "rate");
  clock.now += 10_000;
  await a.play("e2");
  await flush();
  await b.play("e7");
  await flush();
  assert.deepEqual(a.moves, ["e2", "e7"]);
});

test("moves out of order wait for the gap; a doubled move is not doubled", async () => {
  const { b, connect, wire, flush } = pair();
  await connect();
  const sent = []; // (a's moves, written by hand)
  const line = ["e2", "e7", "d2", "d7", "c2"];
  for (let i = 0; i < line.length; i++)
    sent[i] = JSON.stringify({ t: "move", ply: i + 1, move: line[i], clocks: null });
  // b receives a's 1st and 3rd and 5th (b's own 2nd and 4th are played by b as they come)
  await b.receive(sent[2]);
  await b.receive(sent[4]);
  assert.deepEqual(b.moves, [], "ahead of a gap: held");
  await b.receive(sent[0]);
  assert.deepEqual(b.moves, ["e2"], "the 3rd waits for the 2nd");
  await b.play("e7");
  await b.receive(sent[0]); // (doubled)
  await b.receive(sent[2]); // (doubled, and now in its place)
  assert.deepEqual(b.moves, ["e2", "e7", "d2"]);
  await b.play("d7");
  await b.receive(sent[4]);
  assert.deepEqual(b.moves, line);
  assert.equal(b.rejected.duplicate, 1);
  wire.toA.length = 0;
  await flush();
});

test("a dropped channel: reconnecting, then a resume merges both lines, nothing lost or doubled", async () => {
  const { a, b, connect, flush, drop, wire, kinds } = pair();
  await connect();
  await a.play("e2");
  await flush();
  await b.play("e7");
  drop(); // (b's move is lost on the way)
  assert.equal(a.phase, "reconnecting");
  assert.equal(b.phase, "reconnecting");
  assert.equal(await b.play("d7"), false, "still a's turn for b");
  assert.equal(await a.play("d2"), false, "a does not know b moved: a's line waits");
  assert.deepEqual(a.moves, ["e2"]);
  a.connecting();
  assert.equal(a.phase, "reconnecting");
  await connect();
  assert.equal(a.phase, "connected");
  assert.deepEqual(a.moves, ["e2", "e7"]);
  assert.deepEqual(b.moves, ["e2", "e7"]);
  assert.deepEqual(kinds("a", "line").at(-1), { moves: ["e2", "e7"], from: 1 });
  assert.equal(wire.toA.length + wire.toB.length, 0);
  await a.play("d2");
  await flush();
  assert.deepEqual(b.moves, ["e2", "e7", "d2"]);
  // a move made while the channel is down goes with the resume
  drop();
  await b.play("d7");
  await connect();
  assert.deepEqual(a.moves, ["e2", "e7", "d2", "d7"]);
  assert.deepEqual(b.moves, a.moves);
  assert.deepEqual(kinds("b", "divergence"), []);
});

test("a divergence is reported and both sides keep the same line", async () => {
  const { a, b, connect, kinds } = pair({ moves: ["e2", "e7"] });
  a.moves.push("d2", "d7");
  b.moves.push("c2");
  await connect();
  assert.deepEqual(a.moves, ["e2", "e7", "d2", "d7"]);
  assert.deepEqual(b.moves, a.moves, "the longer line");
  assert.equal(kinds("b", "divergence")[0].kept, "theirs");
  assert.equal(kinds("a", "divergence")[0].kept, "ours");
  const even = pair({ moves: ["e2"] });
  even.a.moves.push("a7");
  even.b.moves.push("b7");
  await even.connect();
  assert.deepEqual(even.a.moves, ["e2", "b7"], "as long: the same choice on both sides");
  assert.deepEqual(even.b.moves, ["e2", "b7"]);
  const tampered = pair({ moves: ["e2"] });
  tampered.b.moves.push("e7", "e2", "d7"); // (illegal, and longer)
  await tampered.connect();
  assert.deepEqual(tampered.a.moves, ["e2"], "an illegal line is not taken, however long");
  assert.equal(tampered.a.rejected.line, 1);
});

test("a hello of another game or seat is refused", async () => {
  const { a, kinds } = pair();
  a.opened();
  const hello = { t: "hello", v: 1, game: "game01", seat: 1, moves: ["zz"], clocks: null, end: null };
  await a.receive(JSON.stringify({ ...hello, game: "other1" }));
  await a.receive(JSON.stringify({ ...hello, seat: 0 }));
  assert.deepEqual(
    kinds("a", "mismatch").map(d => d.reason),
    ["game", "seat"],
  );
  assert.deepEqual(a.moves, []);
});

test("chat lines go across as text, muted on one side only", async () => {
  const { a, b, connect, flush, kinds, clock } = pair();
  await connect();
  assert.equal(a.say("  <b>hi</b>  "), true);
  assert.equal(a.say("   "), false);
  assert.equal(a.say("x".repeat(201)), false);
  await flush();
  assert.deepEqual(kinds("b", "chat"), [{ text: "<b>hi</b>" }]);
  b.mute();
  a.say("again");
  await flush();
  assert.equal(kinds("b", "chat").length, 1);
  assert.equal(b.rejected.muted, 1);
  b.mute(false);
  b.say("back");
  a.ping();
  clock.now += 25;
  await flush();
  assert.deepEqual(kinds("a", "chat"), [{ text: "back" }]);
  assert.deepEqual(kinds("a", "pong"), [{ rtt: 25 }]);
  await a.receive(JSON.stringify({ t: "pong", n: 1 }));
  assert.equal(a.rejected.stale, 1, "a pong for no ping");
});
