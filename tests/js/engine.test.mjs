// The engine client's request protocol (issue #32): a position is sent as
// the id of a position the worker holds plus the moves after it, and a miss
// (the worker restarted, its cache emptied) falls back to the whole line
// with the same answers.  The worker here is a fake speaking the bridge's
// protocol (gamut.positions) over a toy game: any move is legal, its
// canonical text is the lower case, and a view says where it is.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Engine } from "../../web/engine/engine.js";
import { HeldLines } from "../../web/engine/held-lines.js";

const viewOf = line => ({ ply: line.length, last: line.at(-1) ?? null, digest: line.join(" ") });

/** A worker answering `view` and `play` as the bridge does, logging each request. */
class FakeWorker {
  constructor() {
    this.requests = [];
    this.restart();
    FakeWorker.last = this;
  }

  /** A new worker: new ids, nothing held. */
  restart() {
    this.session = FakeWorker.sessions = (FakeWorker.sessions || 0) + 1;
    this.count = 0;
    this.byId = new Map(); // id -> line
    this.idOf = new Map(); // line's key -> its id (one id a position, as the bridge's cache)
  }

  _id(line) {
    const key = line.join(" ");
    if (!this.idOf.has(key)) {
      const id = `${this.session}.${++this.count}`;
      this.byId.set(id, line);
      this.idOf.set(key, id);
    }
    return this.idOf.get(key);
  }

  postMessage({ id, method, params }) {
    this.requests.push({ method, params: structuredClone(params) });
    queueMicrotask(() => this.onmessage({ data: this._answer(id, method, params) }));
  }

  _answer(id, method, params) {
    const incremental = "at" in params;
    if (method === "think") {
      // a search: it answers the position it searched (as a line)
      const base = incremental && params.at !== null ? this.byId.get(params.at) : [];
      if (!base) return { id, type: "error", error: { type: "UnknownPositionError", message: "not held" } };
      return { id, type: "result", result: { searched: [...base, ...params.line] } };
    }
    let base = [];
    if (incremental && params.at !== null) {
      base = this.byId.get(params.at);
      if (!base) return { id, type: "error", error: { type: "UnknownPositionError", message: "not held" } };
    }
    const moves = params.line.map(m => m.toLowerCase());
    if (method === "play") moves.push(params.move.toLowerCase());
    const along = [base];
    for (const m of moves) along.push([...along.at(-1), m]);
    const here = along.at(-1);
    const result = { line: incremental ? moves : here, view: viewOf(here) };
    if (method === "play") result.move = moves.at(-1);
    if (incremental) result.ids = along.map(l => this._id(l));
    return { id, type: "result", result };
  }

  terminate() {}
}

function engineWithFake() {
  globalThis.Worker = FakeWorker;
  const engine = new Engine({ workerURL: "fake.js" });
  return { engine, worker: FakeWorker.last };
}

const LINE = Array.from({ length: 300 }, (_, i) => `M${i}`);
const canonical = line => line.map(m => m.toLowerCase());

test("stepping along a long line sends the new move only, and each answer is the whole line's", async () => {
  const { engine, worker } = engineWithFake();
  const at = ply => canonical(LINE.slice(0, ply));
  for (let ply = 0; ply <= LINE.length; ply++) {
    const r = await engine.view("s", at(ply));
    assert.deepEqual(r, { line: at(ply), view: viewOf(at(ply)) });
  }
  for (let ply = LINE.length; ply >= 0; ply--) {
    assert.deepEqual((await engine.view("s", at(ply))).view, viewOf(at(ply)));
  }
  const sent = worker.requests.map(r => r.params.line.length);
  assert.equal(sent.length, 2 * (LINE.length + 1));
  assert.ok(
    sent.every(n => n <= 1),
    "no request sends more than the one new move",
  );
  assert.ok(worker.requests.slice(1).every(r => typeof r.params.at === "string"));
});

test("a worker restarted (every id unknown) is asked again with the whole line: the same answers", async () => {
  const { engine, worker } = engineWithFake();
  const line = canonical(LINE.slice(0, 120));
  await engine.view("s", line);
  worker.restart();
  const r = await engine.view("s", [...line, "m120"]);
  assert.deepEqual(r, { line: [...line, "m120"], view: viewOf([...line, "m120"]) });
  const [refused, again] = worker.requests.slice(-2);
  assert.deepEqual(refused.params.line, ["m120"]);
  assert.equal(again.params.at, null);
  assert.equal(again.params.line.length, 121);
  // and the next step is incremental again, with the new worker's ids
  worker.requests.length = 0;
  const played = await engine.play("s", [...line, "m120"], "M121");
  assert.deepEqual(played, {
    move: "m121",
    line: [...line, "m120", "m121"],
    view: viewOf([...line, "m120", "m121"]),
  });
  assert.deepEqual(worker.requests[0].params.line, []);
  assert.ok(worker.requests[0].params.at.startsWith(`${worker.session}.`));
});

test("moves spelled otherwise than the engine writes them are sent again, and named canonically after", async () => {
  const { engine, worker } = engineWithFake();
  const r = await engine.view("s", ["A", "B"]);
  assert.deepEqual(r.line, ["a", "b"]);
  await engine.view("s", ["a", "b", "C"]);
  assert.deepEqual(worker.requests.at(-1).params.line, ["C"]);
});

test("a variation's request is named from where it leaves the held line", async () => {
  const { engine, worker } = engineWithFake();
  await engine.view("s", ["a", "b", "c", "d"]);
  const r = await engine.view("s", ["a", "b", "x"]);
  assert.deepEqual(r, { line: ["a", "b", "x"], view: viewOf(["a", "b", "x"]) });
  assert.deepEqual(worker.requests.at(-1).params.line, ["x"]);
  // another start is held apart
  await engine.view("t", ["a"]);
  assert.equal(worker.requests.at(-1).params.at, null);
});

test("HeldLines keeps the longer line on a step back and ignores an answer to a line changed meanwhile", () => {
  const held = new HeldLines();
  held.learn("s", 0, ["a", "b", "c"], ["0", "1", "2", "3"]);
  held.learn("s", 1, [], ["1"]); // a step back
  assert.deepEqual(held.name("s", ["a", "b", "c"]), { at: "3", k: 3 });
  held.learn("s", 2, ["y"], ["other", "9"]); // answered from a position no longer at 2
  assert.deepEqual(held.name("s", ["a", "b", "c"]), { at: "3", k: 3 });
  held.learn("s", 1, ["x"], ["1", "4"]);
  assert.deepEqual(held.lines.get("s"), { line: ["a", "x"], ids: ["0", "1", "4"] });
  assert.deepEqual(held.name("s", ["q"]), { at: "0", k: 0 });
});

test("a search at a long line is sent from a held position, and again whole after a restart", async () => {
  const { engine, worker } = engineWithFake();
  const line = canonical(LINE.slice(0, 200));
  await engine.view("s", line);
  const found = await engine.think({ start: "s", line, level: "casual", seed: 1 }).promise;
  assert.deepEqual(found, { searched: line });
  assert.deepEqual(worker.requests.at(-1).params.line, []);
  worker.restart();
  const again = await engine.think({ start: "s", line, level: "casual", seed: 1 }).promise;
  assert.deepEqual(again, { searched: line });
  assert.equal(worker.requests.at(-1).params.line.length, 200);
});
