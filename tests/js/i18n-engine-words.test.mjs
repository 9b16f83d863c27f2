// The engine worker has no catalog (#33): it sends its loading stages and
// its own errors as message ids ({id, args}, the catalogs' `worker.*`), and
// engine.js says them in the page's language; the engine's own failures
// (a worker that cannot start, too many restarts) are words of the catalog
// too.  The workers here are fakes that say what the real one says.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useCatalog } from "../../web/i18n/i18n.js";
import { Engine } from "../../web/engine/engine.js";

import { catalog, english } from "./catalogs.mjs";

class FakeWorker {
  constructor() {
    FakeWorker.all.push(this);
    this.sent = [];
  }
  postMessage(msg) {
    this.sent.push(msg);
  }
  say(data) {
    this.onmessage?.({ data });
  }
  terminate() {}
}

/** An engine on a fake worker, in `code`'s language (English again after the test). */
function engineIn(t, code) {
  useCatalog(code, catalog(code), english);
  t.after(() => useCatalog("en", english));
  FakeWorker.all = [];
  globalThis.Worker = FakeWorker;
  const engine = new Engine({ workerURL: "fake-worker.js" });
  const stages = [];
  engine.onloading = ({ stage, message }) => stages.push([stage, message]);
  return { engine, worker: FakeWorker.all[0], stages };
}

test("the loading stages the worker names are said in the page's language", t => {
  const { worker, stages } = engineIn(t, "de");
  worker.say({ type: "loading", stage: "runtime", fraction: 0.05 });
  worker.say({ type: "loading", stage: "engine", fraction: 0.9 });
  worker.say({ type: "loading", stage: "ready", fraction: 1 });
  worker.say({ type: "loading", stage: "snapshot", fraction: 0.5 }); // a stage with no words: none made up
  assert.deepEqual(stages, [
    ["runtime", "Python-Laufzeitumgebung wird geladen"],
    ["engine", "Spiel-Engine wird gestartet"],
    ["ready", "Bereit"],
    ["snapshot", undefined],
  ]);
});

test("a failed start the worker says as a message is the engine's failure in words, nested reasons too", async t => {
  const { engine, worker } = engineIn(t, "fr");
  const failure = { id: "worker.wheel", args: { why: { id: "worker.http", args: { status: 404 } } } };
  worker.say({ type: "failed", message: failure.id, said: failure });
  await assert.rejects(engine.ready, err => {
    assert.equal(
      err.message,
      "le moteur de jeu (le wheel gamut) n’a pas pu être téléchargé ou installé : HTTP 404",
    );
    return true;
  });
  await assert.rejects(
    engine.call("version", {}),
    err => err.type === "EngineFailed" && /wheel gamut/.test(err.message),
  );
});

test("the worker's own errors are words; the engine's (Python's) keep their English and give `words`", async t => {
  const { engine, worker } = engineIn(t, "es");
  worker.say({ type: "ready" });
  const cancelled = engine.call("think", {});
  const illegal = engine.call("enter", {});
  const [first, second] = worker.sent.map(m => m.id);
  worker.say({
    id: first,
    type: "error",
    error: {
      type: "CancelledError",
      message: "worker.cancelled",
      said: { id: "worker.cancelled", args: {} },
    },
  });
  const said = { id: "error.evl.click", args: {} };
  worker.say({
    id: second,
    type: "error",
    error: { type: "IllegalMoveError", message: "Click a heptagon …", said },
  });
  await assert.rejects(
    cancelled,
    err => err.type === "CancelledError" && err.message === "la tarea se canceló",
  );
  await assert.rejects(illegal, err => {
    assert.equal(err.message, "Click a heptagon …");
    assert.equal(
      err.words,
      "Haz clic en un heptágono para colocar una ficha, o en una de tus pilas para desapilarla.",
    );
    return true;
  });
});

test("a worker that stops, with or without a reason, and the restarts given up are said in the language", async t => {
  const { engine, worker } = engineIn(t, "hu");
  worker.onerror({ message: "", preventDefault() {} });
  await assert.rejects(engine.ready, err => err.message === "a motor workerét nem sikerült betölteni");
  const again = engineIn(t, "hu");
  again.worker.onerror({ message: "SyntaxError", preventDefault() {} });
  await assert.rejects(
    again.engine.ready,
    err => err.message === "a motor workerét nem sikerült betölteni: SyntaxError",
  );
  const restarting = engineIn(t, "de");
  restarting.worker.say({ type: "ready" });
  for (let i = 0; i < 4; i++) {
    const fatal = { id: "worker.fatal", args: { why: `stack ${i}` } };
    FakeWorker.all.at(-1).say({ type: "fatal", id: null, message: fatal.id, said: fatal });
  }
  assert.equal(restarting.engine.state, "failed");
  assert.equal(
    restarting.engine.failure,
    "die Engine ist 4-mal in einer Minute ausgefallen (die Engine hatte einen schweren Fehler: stack 3)",
  );
});
