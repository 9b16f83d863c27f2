// A fatal error in the engine worker (issue #27): the engine starts a new
// worker, rejects the request that broke the old one and the running jobs
// with "EngineRestarted", sends every other waiting call again, tells the
// page (onrestart), and gives up after too many restarts in a minute.  The
// workers here are fakes that answer when told to, so a test can break one
// while calls wait.
import { test } from "node:test";
import assert from "node:assert/strict";
import { EngineError } from "../../web/engine/engine.js";
import { FakeWorker, startedEngine } from "./fake-worker.mjs";

const started = startedEngine;

test("a fatal error: a new worker, the culprit and the jobs rejected, the other calls sent again", async () => {
  const { engine, restarts } = started();
  const [first] = FakeWorker.all;
  const culprit = engine.call("records_parse", { text: "(;(;(;" });
  const waiting = engine.call("version", {});
  const job = engine.job("perft", { start: "s", depth: 3 });
  const culpritId = first.sent[0].id;
  first.say({ type: "fatal", id: culpritId, message: "the engine met a fatal error: stack" });

  assert.equal(FakeWorker.all.length, 2);
  assert.ok(first.terminated);
  assert.equal(first.onmessage, null, "the old worker is no longer listened to");
  const second = FakeWorker.all[1];
  assert.equal(second.url, "fake-worker.js");
  await assert.rejects(culprit, err => err instanceof EngineError && err.type === "EngineRestarted");
  await assert.rejects(job.promise, err => err instanceof EngineError && err.type === "EngineRestarted");
  assert.deepEqual(
    second.sent.map(m => m.method),
    ["version"],
    "only the waiting call is sent again, not the one that broke the worker",
  );
  second.say({ type: "ready" });
  second.answerAll();
  assert.deepEqual(await waiting, { echo: "version" });
  assert.deepEqual(restarts, ["the engine met a fatal error: stack"]);
  assert.equal(engine.state, "ready");
  // and the new worker answers what comes next
  const next = engine.call("games", {});
  second.answerAll();
  assert.deepEqual(await next, { echo: "games" });
});

test("an uncaught error in a running worker restarts it; before start-up it fails the engine", async () => {
  const { restarts } = started();
  FakeWorker.all[0].onerror({ message: "Uncaught Error: boom", preventDefault() {} });
  assert.equal(FakeWorker.all.length, 2);
  assert.equal(restarts.length, 1);
  assert.match(restarts[0], /boom/);

  const { engine: loading } = startedEngine({ ready: false });
  FakeWorker.all[0].onerror({ message: "SyntaxError", preventDefault() {} });
  assert.equal(loading.state, "failed");
  assert.equal(FakeWorker.all.length, 1, "a worker that never started is not started again");
  await assert.rejects(loading.ready, /failed to load: SyntaxError/);
});

test("more than three fatal errors in a minute and the engine gives up, saying why", async () => {
  const { engine, restarts } = started();
  for (let i = 0; i < 3; i++) FakeWorker.all.at(-1).say({ type: "fatal", id: null, message: `fatal ${i}` });
  assert.equal(restarts.length, 3);
  assert.equal(engine.state, "ready");
  const waiting = engine.call("version", {});
  FakeWorker.all.at(-1).say({ type: "fatal", id: null, message: "fatal 3" });
  assert.equal(engine.state, "failed");
  assert.equal(FakeWorker.all.length, 4, "no fifth worker");
  await assert.rejects(
    waiting,
    err => err.type === "EngineFailed" && /4 times in a minute/.test(err.message),
  );
  await assert.rejects(engine.call("version", {}), err => err.type === "EngineFailed");
});
