// Page-side client of the engine worker (worker.js).
//
//   import { Engine, EngineError } from "./engine.js";
//   const engine = new Engine();               // starts ./worker.js next to this file
//   engine.onloading = ({stage, fraction, message}) => {};
//   await engine.ready;                         // rejects with Error(message) on failure
//   const r = await engine.call("play", {ply: 3, move: "b1-d3"});   // throws EngineError
//   const job = engine.job("perft", {depth: 3}, (progress) => {});  // {id, promise, cancel()}
//
// Calls may be made before the engine is ready: the worker queues them.
// Errors are EngineError instances with `type` (the Python error class name,
// "RequestError", "InternalError", "CancelledError" or "EngineFailed") and
// `message`.  `engine.state` is "loading", "ready" or "failed".
// `engine.marks` is the worker's start-up timeline, [[name, epoch ms], ...]
// (e.g. "snapshot-found", "snapshot-restored", "ready"; bench/bench_site.py).

export class EngineError extends Error {
  constructor(type, message) {
    super(message);
    this.name = "EngineError";
    this.type = type;
  }
}

export class Engine {
  constructor({ workerURL } = {}) {
    this.state = "loading";
    this.onloading = null;        // ({stage, fraction, message}) => void
    this.onstatechange = null;    // (state) => void
    this.failure = null;
    this.marks = [];
    this._nextId = 1;
    this._pending = new Map();    // id -> {resolve, reject, onprogress}
    this.ready = new Promise((resolve, reject) => {
      this._resolveReady = resolve;
      this._rejectReady = reject;
    });
    this.ready.catch(() => {});   // a failure is reported through state/ready, not as unhandled
    // the worker start.js started while the page loaded, if any (only for the default worker)
    const early = workerURL ? null : globalThis.__gamutEarlyWorker;
    if (early) delete globalThis.__gamutEarlyWorker;
    const url = workerURL ?? new URL("../worker.js", import.meta.url);
    try {
      this.worker = early ? early.worker : new Worker(url, { type: "module" });
    } catch (err) {
      this.worker = null;
      this._fail(`the engine worker cannot start: ${err.message}`);
      return;
    }
    const on = {
      message: (event) => this._receive(event.data),
      error: (event) => {
        event.preventDefault?.();
        this._fail(`the engine worker failed to load${event.message ? `: ${event.message}` : ""}`);
      },
      messageerror: () => this._fail("the engine worker sent an unreadable message"),
    };
    this.worker.onmessage = on.message;
    this.worker.onerror = on.error;
    this.worker.onmessageerror = on.messageerror;
    for (const [kind, event] of early ? early.events : []) on[kind](event);  // what it said meanwhile
  }

  _setState(state) {
    this.state = state;
    try { this.onstatechange?.(state); } catch (err) { console.warn(err); }
  }

  _fail(message) {
    if (this.state === "failed") return;
    this.failure = message;
    this._setState("failed");
    this._rejectReady(new Error(message));
    for (const [id, p] of this._pending) p.reject(new EngineError("EngineFailed", message));
    this._pending.clear();
  }

  _receive(msg) {
    if (!msg || typeof msg !== "object") return;
    if (Array.isArray(msg.marks)) this.marks = msg.marks;
    switch (msg.type) {
      case "loading":
        try { this.onloading?.({ stage: msg.stage, fraction: msg.fraction, message: msg.message }); }
        catch (err) { console.warn(err); }
        return;
      case "ready":
        this._setState("ready");
        this._resolveReady();
        return;
      case "failed":
        this._fail(msg.message);
        return;
    }
    const pending = this._pending.get(msg.id);
    if (!pending) return;
    if (msg.type === "progress") {
      try { pending.onprogress?.(msg.progress); } catch (err) { console.warn(err); }
    } else if (msg.type === "result") {
      this._pending.delete(msg.id);
      pending.resolve(msg.result);
    } else if (msg.type === "error") {
      this._pending.delete(msg.id);
      const e = msg.error || {};
      pending.reject(new EngineError(e.type || "InternalError", e.message || "engine error"));
    }
  }

  _send(type, method, params, onprogress) {
    const id = this._nextId++;
    const promise = new Promise((resolve, reject) => {
      if (this.state === "failed") {
        reject(new EngineError("EngineFailed", this.failure));
        return;
      }
      this._pending.set(id, { resolve, reject, onprogress });
      try {
        this.worker.postMessage({ id, type, method, params: params ?? {} });
      } catch (err) {   // params that cannot be cloned
        this._pending.delete(id);
        reject(new EngineError("RequestError", `params cannot be sent: ${err.message}`));
      }
    });
    return { id, promise };
  }

  /** One bridge call; resolves with its result, rejects with EngineError. */
  call(method, params = {}) {
    return this._send("call", method, params).promise;
  }

  /** A time-sliced job: `onprogress` gets each slice's progress; `cancel()`
   *  stops it between two slices (its promise then rejects with type
   *  "CancelledError"). */
  job(method, params = {}, onprogress = null) {
    const { id, promise } = this._send("job", method, params, onprogress);
    return {
      id,
      promise,
      cancel: () => { if (this.worker) this.worker.postMessage({ type: "cancel", id }); },
    };
  }

  /** Stop the worker for good. */
  terminate() {
    this.worker?.terminate();
    this._fail("the engine was stopped");
  }
}
