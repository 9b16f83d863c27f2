// A fake engine worker for the engine's tests (engine-restart, engine-heartbeat):
// it keeps what it is sent and answers when a test tells it to, so a test can
// break one, or leave it silent, while calls wait.
import { Engine } from "../../web/engine/engine.js";

export class FakeWorker {
  /** Every worker made since the last startedEngine(), oldest first. @type {FakeWorker[]} */
  static all = [];

  constructor(url) {
    this.url = url;
    this.sent = [];
    this.terminated = false;
    FakeWorker.all.push(this);
  }

  postMessage(msg) {
    this.sent.push(msg);
  }

  /** Answer every call received so far with {echo: method}. */
  answerAll() {
    for (const { id, method } of this.sent.splice(0))
      this.say({ id, type: "result", result: { echo: method } });
  }

  say(data) {
    this.onmessage?.({ data });
  }

  terminate() {
    this.terminated = true;
  }
}

/** A new Engine on a FakeWorker (`ready`: the worker says it started): {engine, restarts, first}. */
export function startedEngine({ ready = true } = {}) {
  FakeWorker.all = [];
  globalThis.Worker = FakeWorker;
  const engine = new Engine({ workerURL: "fake-worker.js" });
  const restarts = [];
  engine.onrestart = message => restarts.push(message);
  const [first] = FakeWorker.all;
  if (ready) first.say({ type: "ready" });
  return { engine, restarts, first };
}
