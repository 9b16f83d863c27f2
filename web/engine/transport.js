// The engine's worker, as the page talks to it: start it (or take the one
// start.js began while the page loaded), follow its start (stages, marks,
// the snapshot kept), send it requests and jobs and route its answers, and
// keep it alive.  The named methods of the engine (engine.js) are built on
// `_send`; nothing here knows a bridge method.
//
// A fatal error (issue #27): when Pyodide breaks (the worker reports {type:
// "fatal"}, or an uncaught error reaches it after start-up), a new worker
// starts at once and `onrestart(message)` says so.  The request that broke it
// and the running jobs reject with type "EngineRestarted"; every other call
// waiting is sent again to the new worker, so a caller never waits for ever
// and the page loses nothing.  More than MAX_RESTARTS in a minute: failed.
// A worker that was killed says nothing at all (#47): its silence while a
// request waits (heartbeat.js) counts as a fatal error that no request caused;
// so does a start that says nothing for START_SILENCE_MS (no stage, no answer).

import { t } from "../i18n/i18n.js";
import { formatMessage } from "./words.js";
import { Heartbeat } from "./heartbeat.js";

const MAX_RESTARTS = 3; // new workers in a minute after fatal errors, before giving up
const HEARTBEAT_MS = 3000; // while a request waits, how often the worker is asked whether it lives
const SILENT_BEATS = 5; // beats with no word from the worker while a request waits: it is gone
// A worker starting that says nothing this long (no stage reached, no answer) is started again:
// a start whose fetch or cache read never answers (#47) would leave the page loading for ever
const START_SILENCE_MS = 45000;
const STAGES = { runtime: "worker.runtime", engine: "worker.engine", ready: "worker.ready" }; // (words of stages)
/** The words of what the worker sent: its message (`said`: the worker has no catalog), else its text. */
const spoken = (msg, fallback) => (msg?.said ? formatMessage(msg.said) : msg?.message || fallback);

export class EngineError extends Error {
  /** `said`: the error as the engine's message ({id, args}), if it gave one. */
  constructor(type, message, said = null) {
    super(message);
    this.name = "EngineError";
    this.type = type;
    this.said = said;
  }

  /** The error in the page's language (the engine's English when it gave no message). */
  get words() {
    return this.said ? formatMessage(this.said) : this.message;
  }
}

/**
 * A time-sliced engine job: its id, its promise (its result, or an
 * EngineError) and `cancel()`.
 * @typedef {{id: number, promise: Promise<any>, cancel: () => void}} EngineJob
 */
/** @typedef {(progress: any) => void} OnProgress  a job's progress report (its shape is the method's) */
/** @typedef {{line: string[], view: any}} Placed  a position reached: its line (canonical) and its view */

export class EngineTransport {
  /** @param {{workerURL?: string | URL}} [options]  another worker than ./worker.js (tests, tools) */
  constructor({ workerURL } = {}) {
    this.state = "loading";
    this.onloading = null; // ({stage, fraction, message}) => void
    this.onstatechange = null; // (state) => void
    this.onsnapshot = null; // () => void: this visit's snapshot is kept (the next starts from it)
    this.failure = null;
    /** @type {any} */
    this._startTimer = undefined; // (the watch on the worker's start: _watchStart)
    this.marks = [];
    this._nextId = 1;
    this._pending = new Map(); // id -> {resolve, reject, onprogress}
    this.heartbeat = new Heartbeat({
      every: HEARTBEAT_MS,
      beats: SILENT_BEATS,
      waiting: () => this._pending.size > 0 && this.state !== "failed",
      live: () => this.state === "ready",
      ping: () => this.worker?.postMessage({ type: "ping" }),
      // (no culprit: every call waiting is sent again, a move played then among them)
      silent: () => this._restart(t("engine.silent"), null),
    });
    /** @type {(value?: any) => void} */
    this._resolveReady = () => {};
    /** @type {(reason: Error) => void} */
    this._rejectReady = () => {};
    /** Resolves when the engine is ready; rejects with Error(message) when it failed to start. */
    this.ready = new Promise((resolve, reject) => {
      this._resolveReady = resolve;
      this._rejectReady = reject;
    });
    this.ready.catch(() => {}); // a failure is reported through state/ready, not as unhandled
    // the worker start.js started while the page loaded, if any (only for the default worker)
    const early = workerURL ? null : globalThis.__gamutEarlyWorker;
    if (early) delete globalThis.__gamutEarlyWorker;
    this.onrestart = null; // (message) => void: a fatal error; a new worker took over
    /** @type {number[]} */
    this._restarts = []; // when each restart happened (epoch ms)
    this.url = workerURL ?? new URL("../worker.js", import.meta.url); // (the worker stays beside app.js: build.py fills its paths)
    try {
      this.worker = early ? early.worker : new Worker(this.url, { type: "module" });
    } catch (err) {
      this.worker = null;
      this._fail(t("engine.cannotStart", { why: /** @type {Error} */ (err).message }));
      return;
    }
    this._listen(this.worker, early ? early.events : []);
    this._watchStart();
  }

  /** While the worker starts, wait START_SILENCE_MS for its next word (each word waits anew). */
  _watchStart() {
    clearTimeout(this._startTimer);
    if (this.state !== "loading" || typeof setTimeout !== "function") return;
    this._startTimer = setTimeout(() => this._restart(t("engine.silentStart"), null), START_SILENCE_MS);
    this._startTimer?.unref?.(); // (Node: a watch keeps no test alive)
  }

  /** Take `worker`'s messages (and `events`, what it said before we listened). */
  _listen(worker, events = []) {
    const on = {
      message: event => this._receive(event.data),
      error: event => {
        event.preventDefault?.();
        const why = { given: event.message ? "yes" : "no", why: event.message || "" }; // (a reason, if any)
        if (this.state === "ready") this._restart(t("engine.workerStopped", why), null);
        else this._fail(t("engine.workerFailed", why));
      },
      messageerror: () => this._fail(t("engine.unreadable")),
    };
    worker.onmessage = on.message;
    worker.onerror = on.error;
    worker.onmessageerror = on.messageerror;
    for (const [kind, event] of events) on[kind](event);
  }

  /** A fatal error in the worker (request `culprit`, if one caused it): a new
   * worker, the calls waiting sent to it again (see the top of this file). */
  _restart(message, culprit) {
    if (this.state === "failed") return;
    const now = Date.now();
    this._restarts = this._restarts.filter(t => now - t < 60000);
    const old = this.worker;
    if (old) {
      old.onmessage = old.onerror = old.onmessageerror = null;
      old.terminate();
    }
    if (this._restarts.length >= MAX_RESTARTS) {
      this._fail(t("engine.failedTimes", { times: MAX_RESTARTS + 1, why: message }));
      return;
    }
    this._restarts.push(now);
    this._workerReplaced(); // (the new worker holds nothing of the old one's)
    try {
      this.worker = new Worker(this.url, { type: "module" });
    } catch (err) {
      this.worker = null;
      this._fail(t("engine.cannotRestart", { why: /** @type {Error} */ (err).message }));
      return;
    }
    this._listen(this.worker);
    this._watchStart();
    const lost = t("engine.restartedBecause", { why: message });
    for (const [id, p] of [...this._pending]) {
      if (id === culprit || p.type === "job") {
        this._pending.delete(id);
        p.reject(new EngineError("EngineRestarted", lost));
      } else {
        this.worker.postMessage({ id, type: p.type, method: p.method, params: p.params });
      }
    }
    try {
      this.onrestart?.(message);
    } catch (err) {
      console.warn(err);
    }
  }

  _setState(state) {
    this.state = state;
    if (state !== "loading") clearTimeout(this._startTimer);
    try {
      this.onstatechange?.(state);
    } catch (err) {
      console.warn(err);
    }
  }

  /** How this worker started: "snapshot" (a return visit: the heap of an
   * earlier one) or "cold" (from the wheel); null before it is ready. */
  get startedFrom() {
    if (this.state !== "ready") return null;
    return this.marks.some(([name]) => name === "snapshot-restored") ? "snapshot" : "cold";
  }

  _fail(message) {
    if (this.state === "failed") return;
    this.failure = message;
    this._setState("failed");
    this._rejectReady(new Error(message));
    for (const p of this._pending.values()) p.reject(new EngineError("EngineFailed", message));
    this._pending.clear();
  }

  _receive(msg) {
    this.heartbeat.heard();
    if (this.state === "loading") this._watchStart();
    if (!msg || typeof msg !== "object") return;
    if (Array.isArray(msg.marks)) this.marks = msg.marks;
    switch (msg.type) {
      case "loading":
        try {
          const message = msg.message ?? (STAGES[msg.stage] ? t(STAGES[msg.stage]) : undefined);
          this.onloading?.({ stage: msg.stage, fraction: msg.fraction, message });
        } catch (err) {
          console.warn(err);
        }
        return;
      case "snapshot": // (the first visit's snapshot is kept: the next visit starts from it)
        this.onsnapshot?.();
        return;
      case "ready":
        this._setState("ready");
        this._resolveReady();
        return;
      case "failed":
        this._fail(spoken(msg, t("engine.failed")));
        return;
      case "fatal":
        this._restart(spoken(msg, t("engine.fatal")), msg.id ?? null);
        return;
      case "pong": // (the heartbeat's answer)
        return;
    }
    const pending = this._pending.get(msg.id);
    if (!pending) return;
    if (msg.type === "progress") {
      try {
        pending.onprogress?.(msg.progress);
      } catch (err) {
        console.warn(err);
      }
    } else if (msg.type === "result") {
      this._pending.delete(msg.id);
      pending.resolve(msg.result);
    } else if (msg.type === "error") {
      this._pending.delete(msg.id);
      const e = msg.error || {};
      // the worker's own errors are said in words; the engine's keep their English (`words` says them)
      const message = e.said?.id?.startsWith("worker.") ? spoken(e) : e.message || t("engine.error");
      pending.reject(new EngineError(e.type || "InternalError", message, e.said || null));
    }
  }

  _send(type, method, params, onprogress) {
    const id = this._nextId++;
    const promise = new Promise((resolve, reject) => {
      if (this.state === "failed") {
        reject(new EngineError("EngineFailed", this.failure));
        return;
      }
      this._pending.set(id, { resolve, reject, onprogress, type, method, params: params ?? {} });
      this.heartbeat.watch();
      try {
        this.worker.postMessage({ id, type, method, params: params ?? {} });
      } catch (err) {
        // params that cannot be cloned
        this._pending.delete(id);
        reject(
          new EngineError("RequestError", t("worker.params", { why: /** @type {Error} */ (err).message })),
        );
      }
    });
    return { id, promise };
  }

  /** The worker was replaced by a new one (after a fatal error): what the old one held is gone. */
  _workerReplaced() {}

  /** Ask the worker to stop job `id` between two of its slices. */
  _cancel(id) {
    if (this.worker) this.worker.postMessage({ type: "cancel", id });
  }

  /** Stop the worker for good. */
  terminate() {
    this.worker?.terminate();
    this._fail(t("engine.stopped"));
  }
}
