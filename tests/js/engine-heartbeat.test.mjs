// A killed worker (#47): the browser may stop the engine's worker with no
// word at all, and every call waiting for it would wait for ever.  While a
// request waits, the engine pings the worker (engine/heartbeat.js); five beats
// without a word from it and the engine starts a new worker, as after a fatal
// error: the calls waiting are sent again (a move played meanwhile is played),
// the jobs reject, the page is told.  A worker that answers, or works at a
// job, is left alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { EngineError } from "../../web/engine/engine.js";
import { FakeWorker, startedEngine } from "./fake-worker.mjs";

const BEAT = 3000;

function started(t, options) {
  t.mock.timers.enable({ apis: ["setInterval"] });
  return startedEngine(options);
}

const pings = worker => worker.sent.filter(m => m.type === "ping").length;

test("a worker that says nothing while a call waits is pinged, then replaced; the call is sent again", async t => {
  const { engine, restarts, first } = started(t);
  const move = engine.call("version", {});
  const search = engine.job("think", { start: "s", line: [], level: "casual" });
  for (let beat = 1; beat <= 4; beat++) {
    t.mock.timers.tick(BEAT);
    assert.equal(pings(first), beat, `beat ${beat}: pinged`);
  }
  assert.equal(FakeWorker.all.length, 1, "not gone yet");
  t.mock.timers.tick(BEAT);
  assert.equal(FakeWorker.all.length, 2, "the fifth silent beat: a new worker");
  assert.ok(first.terminated);
  assert.equal(restarts.length, 1);
  assert.match(restarts[0], /stopped answering/);
  await assert.rejects(search.promise, err => err instanceof EngineError && err.type === "EngineRestarted");
  const second = FakeWorker.all[1];
  const resent = second.sent.find(m => m.method === "version");
  assert.ok(resent, "the call is sent to the new worker");
  assert.ok(!second.sent.some(m => m.method === "think"), "the search is not (the page starts it again)");
  second.say({ type: "ready" });
  second.say({ id: resent.id, type: "result", result: { version: "1" } });
  assert.deepEqual(await move, { version: "1" });
});

test("a worker that answers the pings, or reports a job's progress, is left alone", t => {
  const { engine, restarts, first } = started(t);
  engine.call("records_parse", { text: "a long one" });
  for (let beat = 0; beat < 12; beat++) {
    t.mock.timers.tick(BEAT);
    if (beat % 2) first.say({ type: "pong" });
  }
  const job = engine.job("analyse", { start: "s", line: [] });
  for (let beat = 0; beat < 12; beat++) {
    first.say({ id: job.id, type: "progress", progress: { done: beat } });
    t.mock.timers.tick(BEAT);
  }
  assert.equal(FakeWorker.all.length, 1);
  assert.deepEqual(restarts, []);
});

test("nothing waits: no ping, no timer; a worker still loading is not hurried", t => {
  const { engine, first: loading } = started(t, { ready: false });
  engine.call("version", {}); // (queued by the worker until it is ready)
  for (let beat = 0; beat < 20; beat++) t.mock.timers.tick(BEAT);
  assert.equal(pings(loading), 0, "silence while loading counts for nothing");
  assert.equal(FakeWorker.all.length, 1);
  loading.say({ type: "ready" });
  const id = loading.sent.find(m => m.method === "version").id;
  loading.say({ id, type: "result", result: {} });
  assert.equal(engine.heartbeat.timer === undefined, false, "(until the next beat sees no request)");
  t.mock.timers.tick(BEAT);
  assert.equal(engine.heartbeat.timer, undefined, "no request waits: the heartbeat stops");
  t.mock.timers.tick(BEAT * 10);
  assert.equal(pings(loading), 0);
});

test("a worker that says nothing while it starts is started again; one that reports its stages is waited for", async t => {
  t.mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
  const { engine, restarts, first } = startedEngine({ ready: false });
  const asked = engine.call("version", {});
  // a slow start that reports its stages: waited for, however long in all
  for (let k = 0; k < 5; k++) {
    t.mock.timers.tick(40000);
    first.say({ type: "loading", stage: "runtime", fraction: 0.1 * k });
  }
  assert.equal(FakeWorker.all.length, 1);
  // then silence: 45 s and a new worker
  t.mock.timers.tick(44999);
  assert.equal(FakeWorker.all.length, 1);
  t.mock.timers.tick(1);
  assert.equal(FakeWorker.all.length, 2);
  assert.ok(first.terminated);
  assert.match(restarts[0], /did not answer while it started/);
  assert.equal(engine.state, "loading");
  const second = FakeWorker.all[1];
  assert.ok(
    second.sent.some(m => m.method === "version"),
    "the call waiting is sent to the new worker",
  );
  // ready: no more watching of the start
  second.say({ type: "ready" });
  second.answerAll();
  assert.deepEqual(await asked, { echo: "version" });
  t.mock.timers.tick(200000);
  assert.equal(FakeWorker.all.length, 2);
  assert.equal(engine.state, "ready");
});

test("a start that never answers, again and again, ends in a failure the page can say", async t => {
  t.mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
  const { engine } = startedEngine({ ready: false });
  for (let k = 0; k < 4; k++) t.mock.timers.tick(45000);
  assert.equal(engine.state, "failed");
  await assert.rejects(engine.ready, /did not answer while it started/);
});
