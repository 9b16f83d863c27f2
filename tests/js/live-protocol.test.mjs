// The peer's messages (web/live/protocol.js): each kind's exact shape, the
// inbox that drops and counts what is too big, not JSON, unknown, misshapen or
// too fast, and never throws.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  checkMessage,
  encodeMessage,
  Inbox,
  KINDS,
  MAX_MESSAGE,
  TokenBucket,
} from "../../web/live/protocol.js";
import { prng } from "./prng.mjs";

const GOOD = [
  { t: "hello", v: 1, game: "abcdef", seat: 0, moves: ["b1-d3", "a2-c4"], clocks: [1000, 2000], end: null },
  {
    t: "resume",
    v: 1,
    game: "abcdef",
    seat: 1,
    moves: [],
    clocks: null,
    end: { how: "resignation", winner: 0 },
  },
  { t: "move", ply: 1, move: "b1-d3", clocks: [299000, 300000] },
  { t: "move", ply: 7, move: "c4=5", clocks: null },
  { t: "resign" },
  { t: "draw", ply: 4 },
  { t: "draw-answer", ply: 4, accept: false },
  { t: "takeback", ply: 3 },
  { t: "takeback-answer", ply: 3, accept: true },
  { t: "abort" },
  { t: "rematch", game: "Zz9_-0" },
  { t: "rematch-answer", game: "Zz9_-0", accept: true },
  { t: "chat", text: "gg <b>wp</b> 🙂" },
  { t: "ping", n: 3 },
  { t: "pong", n: 3 },
  { t: "timeout", seat: 1 },
];

test("every kind has a good example, and each passes", () => {
  assert.deepEqual([...new Set(GOOD.map(m => m.t))].sort(), Object.keys(KINDS).sort());
  for (const msg of GOOD) {
    assert.equal(checkMessage(msg), null, msg.t);
    assert.deepEqual(JSON.parse(encodeMessage(msg)), msg);
  }
});

test("a wrong shape is refused", () => {
  const bad = [
    [null, "shape"],
    [[1], "shape"],
    ["move", "shape"],
    [{}, "kind"],
    [{ t: "hack" }, "kind"],
    [{ t: "toString" }, "kind"],
    [{ t: "__proto__" }, "kind"],
    [{ t: "resign", extra: 1 }, "shape"],
    [{ t: "move", ply: 1, move: "a1" }, "shape"],
    [{ t: "move", ply: 0, move: "a1", clocks: null }, "shape"],
    [{ t: "move", ply: 1.5, move: "a1", clocks: null }, "shape"],
    [{ t: "move", ply: "1", move: "a1", clocks: null }, "shape"],
    [{ t: "move", ply: 1, move: "", clocks: null }, "shape"],
    [{ t: "move", ply: 1, move: "x".repeat(65), clocks: null }, "shape"],
    [{ t: "move", ply: 1, move: "a1\n", clocks: null }, "shape"],
    [{ t: "move", ply: 1, move: "a1", clocks: [1] }, "shape"],
    [{ t: "move", ply: 1, move: "a1", clocks: [1, -1] }, "shape"],
    [{ t: "chat", text: "" }, "shape"],
    [{ t: "chat", text: "x".repeat(201) }, "shape"],
    [{ t: "chat", text: "evil \u202e txt.exe" }, "shape"],
    [{ t: "chat", text: ["hi"] }, "shape"],
    [{ t: "draw-answer", ply: 2, accept: "yes" }, "shape"],
    [{ t: "rematch", game: "a/b<c>" }, "shape"],
    [{ t: "timeout", seat: 2 }, "shape"],
    [{ ...GOOD[0], moves: "b1-d3" }, "shape"],
    [{ ...GOOD[0], moves: [1] }, "shape"],
    [{ ...GOOD[0], end: { how: "nap", winner: 0 } }, "shape"],
    [{ ...GOOD[0], end: { how: "resignation" } }, "shape"],
    [{ ...GOOD[0], v: 0 }, "shape"],
  ];
  for (const [msg, reason] of bad) assert.equal(checkMessage(msg), reason, JSON.stringify(msg));
  assert.throws(() => encodeMessage({ t: "nope" }));
});

test("the inbox drops and counts, never throws", () => {
  const inbox = new Inbox();
  assert.deepEqual(inbox.read(JSON.stringify(GOOD[2])), GOOD[2]);
  assert.equal(inbox.read(new ArrayBuffer(4)), null);
  assert.equal(inbox.read("{nope"), null);
  assert.equal(inbox.read('{"t":"resign","x":1}'), null);
  assert.equal(inbox.read('{"t":"shout"}'), null);
  assert.equal(inbox.read(" ".repeat(MAX_MESSAGE + 1)), null);
  assert.equal(
    inbox.read(JSON.stringify({ t: "ping", n: 1 }) + " ".repeat(2000)),
    null,
    "small kinds stay small",
  );
  assert.equal(inbox.read('{"t":"chat","text":"hi","__proto__":{"x":1}}'), null);
  const big = { ...GOOD[0], moves: Array(4000).fill("b1-d3") };
  assert.deepEqual(inbox.read(JSON.stringify(big)), big, "a long line in a hello");
  assert.deepEqual(inbox.rejected, { binary: 1, json: 1, shape: 2, kind: 1, size: 2 });
  assert.equal(inbox.dropped, 7);
  assert.equal(inbox.accepted, 2);
  const random = prng(3);
  for (let i = 0; i < 2000; i++) {
    const bytes = Array.from({ length: random.int(60) }, () => String.fromCharCode(random.int(128)));
    const text =
      random() < 0.5 ? bytes.join("") : `{"t":"${random.pick(Object.keys(KINDS))}"${bytes.join("")}`;
    const fresh = new Inbox();
    const msg = fresh.read(text);
    assert.ok(msg === null || checkMessage(msg) === null);
  }
});

test("a flood is cut by the token bucket, and the bucket refills with time", () => {
  let now = 0;
  const inbox = new Inbox({ now: () => now, burst: 10, rate: 5, chatBurst: 2, chatRate: 1 });
  const ping = JSON.stringify({ t: "ping", n: 1 });
  const passed = Array.from({ length: 100 }, () => inbox.read(ping)).filter(Boolean).length;
  assert.equal(passed, 10);
  assert.equal(inbox.rejected.rate, 90);
  now += 1000;
  assert.equal(Array.from({ length: 10 }, () => inbox.read(ping)).filter(Boolean).length, 5);
  now += 60_000;
  const chat = JSON.stringify({ t: "chat", text: "hi" });
  assert.equal(
    Array.from({ length: 5 }, () => inbox.read(chat)).filter(Boolean).length,
    2,
    "chat has its own bucket",
  );
  now += 1000;
  assert.ok(inbox.read(chat));
  const bucket = new TokenBucket(1, 1, () => now);
  assert.equal(bucket.take(), true);
  assert.equal(bucket.take(), false);
  now -= 5000; // (a clock that goes back gives nothing)
  assert.equal(bucket.take(), false);
});
