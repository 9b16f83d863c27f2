// Page-side client of the engine worker (worker.js): one named method per
// bridge method the page uses, so that the wire's method names and
// parameters are written here once.
//
//   import { Engine, EngineError } from "../engine/engine.js";  // (in a module of web/app/, say)
//   const engine = new Engine();               // starts worker.js, beside app.js
//   engine.onloading = ({stage, fraction, message}) => {};
//   await engine.ready;                         // rejects with Error(message) on failure
//   const r = await engine.play(start, line, "b1-d3");   // throws EngineError
//   const job = engine.think({start, line, level: "casual", seed: 0}, (progress) => {});
//   // job: {id, promise, cancel()}
//
// Calls may be made before the engine is ready: the worker queues them.
// Errors are EngineError instances with `type` (the Python error class name,
// "RequestError", "InternalError", "CancelledError" or "EngineFailed"),
// `message` and `words` (#33: the page's language; the worker's own errors and
// the engine's failures are words already).  `engine.state` is "loading",
// "ready" or "failed"; `engine.marks` the worker's start-up timeline, [[name,
// epoch ms], ...] (bench/bench_site.py).  `call(method, params)` and
// `job(method, params, onprogress)` stay for tools and tests.
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
//
// Long lines (issue #32): a request never sends a game's whole line again.
// The engine keeps, per start, the last line the worker answered with the ids
// of its positions (HeldLines), and names a position by the id of its longest
// held prefix (`at`) plus the moves after it.  An id the worker no longer
// holds is answered "UnknownPositionError": the engine forgets that line and
// asks again with the whole line, so callers never see it.

import { t } from "../i18n/i18n.js";
import { describedWords, explained, formatMessage } from "./words.js";
import { HeldLines } from "./held-lines.js";
import { Heartbeat } from "./heartbeat.js";

/** Bridge calls that read the position `{start, line}` (gamut.methods.placed). */
const PLACED = new Set(["view", "play", "enter", "mark", "explain", "describe", "read", "setup_describe"]);
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

export class Engine {
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
    this.held = new HeldLines(); // the positions the worker holds (named by id in requests)
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
    this.held = new HeldLines(); // the new worker holds no position
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

  /** One bridge call; resolves with its result, rejects with EngineError.
   * A position `{start, line}` is sent as a held position and what is new. */
  call(method, params = {}) {
    const p = /** @type {any} */ (params);
    if (PLACED.has(method) && p && typeof p.start === "string" && Array.isArray(p.line) && !("at" in p)) {
      return this._placed(method, p);
    }
    return this._send("call", method, params).promise;
  }

  /** A call at `params.start` + `params.line`, named from the longest held
   * prefix; on "UnknownPositionError" (the worker lost it) asked again with
   * the whole line. */
  async _placed(method, params) {
    const named = this.held.name(params.start, params.line);
    if (named.at === null) return this._placedAt(method, params, named);
    try {
      return await this._placedAt(method, params, named);
    } catch (err) {
      if (!(err instanceof EngineError) || err.type !== "UnknownPositionError") throw err;
      this.held.forget(params.start);
      return this._placedAt(method, params, { at: null, k: 0 });
    }
  }

  async _placedAt(method, params, { at, k }) {
    const { start, line } = params;
    const result = await this._send("call", method, { ...params, at, line: k ? line.slice(k) : line })
      .promise;
    if (!result || !Array.isArray(result.ids)) return result;
    this.held.learn(start, k, result.line, result.ids);
    const { ids, ...answer } = result;
    return { ...answer, line: k ? line.slice(0, k).concat(answer.line) : answer.line };
  }

  /** A time-sliced job: `onprogress` gets each slice's progress; `cancel()`
   *  stops it between two slices (its promise then rejects with type
   *  "CancelledError").  A search (`think`) names its position as calls do.
   * @param {string} method @param {object} [params] @param {OnProgress | null} [onprogress] @returns {EngineJob} */
  job(method, params = {}, onprogress = null) {
    const p = /** @type {any} */ (params);
    if (method === "think" && p && typeof p.start === "string" && Array.isArray(p.line) && !("at" in p)) {
      const { at, k } = this.held.name(p.start, p.line);
      if (at !== null) return this._thinkAt(p, at, k, onprogress);
    }
    return this._job(method, params, onprogress);
  }

  /** A search named from a held position; asked again with the whole line
   * when the worker no longer holds it (the job's promise and cancel()
   * follow the job that runs). @returns {EngineJob} */
  _thinkAt(params, at, k, onprogress) {
    let running = this._job("think", { ...params, at, line: params.line.slice(k) }, onprogress);
    let cancelled = false;
    const promise = running.promise.catch(err => {
      if (cancelled || !(err instanceof EngineError) || err.type !== "UnknownPositionError") throw err;
      this.held.forget(params.start);
      running = this._job("think", params, onprogress);
      return running.promise;
    });
    return {
      id: running.id,
      promise,
      cancel: () => {
        cancelled = true;
        running.cancel();
      },
    };
  }

  /** @param {string} method @param {object} params @param {OnProgress | null} onprogress @returns {EngineJob} */
  _job(method, params, onprogress) {
    const { id, promise } = this._send("job", method, params, onprogress);
    return {
      id,
      promise,
      cancel: () => {
        if (this.worker) this.worker.postMessage({ type: "cancel", id });
      },
    };
  }

  // -- the bridge's methods, by name ------------------------------------------------
  // `start` is a position's text, `line` the moves played from it (move texts).

  /** The games, their start views and starts: `{games, views, starts}`. */
  initial() {
    return this.call("initial", {});
  }

  /** A new game: `{start, view}`.  `options` is sent only when given.
   * @param {string} game @param {string | null} [variant] @param {Record<string, string>} [options] @returns {Promise<{start: string, view: any}>} */
  newGame(game, variant, options) {
    return this.call("new", options === undefined ? { game, variant } : { game, variant, options });
  }

  /** The position after `line`: `{line, view}`.
   * @param {string} start @param {string[]} line @returns {Promise<Placed>} */
  view(start, line) {
    return this.call("view", { start, line });
  }

  /** Play `move` (a move's text) after `line`: `{line, view}`.
   * @param {string} start @param {string[]} line @param {string} move @returns {Promise<Placed & {move: string}>} */
  play(start, line, move) {
    return this.call("play", { start, line, move });
  }

  /** The move typed as `text` after `line` (the move box): the engine's reading of it.
   * @param {string} start @param {string[]} line @param {string} text @returns {Promise<any>} */
  enter(start, line, text) {
    return this.call("enter", { start, line, text });
  }

  /** The move that the clicked `cells` make after `line`: `{move}`.
   * @param {string} start @param {string[]} line @param {string[]} cells @returns {Promise<{move: string | null}>} */
  mark(start, line, cells) {
    return this.call("mark", { start, line, cells });
  }

  /** Why the `clicks` after `line` are not a move: `{message}`, in the
   * page's language where the engine says it as a message.
   * @param {string} start @param {string[]} line @param {string[]} clicks @returns {Promise<{message: string}>} */
  explain(start, line, clicks) {
    return this.call("explain", { start, line, clicks }).then(explained);
  }

  /** What the move that led to `line` did, in words (the live log), in the
   * page's language (words.js formats the engine's message).
   * @param {string} start @param {string[]} line @returns {Promise<any>} */
  describe(start, line) {
    return this.call("describe", { start, line }).then(describedWords);
  }

  /** The editor's description of a position: `from` is `{start, line}` (a
   * game's position) or `{game, variant, options}` (a game's start). */
  setupDescribe(from) {
    return this.call("setup_describe", from);
  }

  /** The pieces the editor offers for a game: its palette. */
  setupPalette(game, variant, options) {
    return this.call("setup_palette", { game, variant, options });
  }

  /** Whether the edited position `setup` can be played, and its start if so.
   * @param {object} setup @returns {Promise<any>} */
  setupCheck(setup) {
    return this.call("setup_check", { setup });
  }

  /** The records (a text file: PGN-like or SGF) of `games`: `{text}`.
   * @param {object[]} games @returns {Promise<{text: string}>} */
  recordsFormat(games) {
    return this.call("records_format", { games });
  }

  /** The games read from a records file's `text`.
   * @param {string} text @returns {Promise<any>} */
  recordsParse(text) {
    return this.call("records_parse", { text });
  }

  /** The puzzles of a game (#30): `{puzzles: [puzzle], themes: {id: name}}`.
   * @param {string} game @returns {Promise<{puzzles: any[], themes: Record<string, string>}>} */
  puzzles(game) {
    return this.call("puzzles", { game });
  }

  /** The lessons of a game (#31): `{lessons: [{id, title, steps: [{id, task, start, player, goal}]}]}`.
   * @param {string} game @returns {Promise<{lessons: any[]}>} */
  lessons(game) {
    return this.call("lessons", { game });
  }

  /** A move judged against a lesson's step (#31): `{ok, why, move, line, view}`.
   * @param {string} game @param {string} lesson @param {string} step @param {string} move @returns {Promise<any>} */
  lessonCheck(game, lesson, step, move) {
    return this.call("lesson_check", { game, lesson, step, move });
  }

  /** A search for a move, as a job: `params` is `{start, line, level, seed, max_ms?}`.
   * @param {{start: string, line: string[], level: string, seed: number, max_ms?: number}} params @param {OnProgress | null} [onprogress] @returns {EngineJob} */
  think(params, onprogress = null) {
    return this.job("think", params, onprogress);
  }

  /** The analysis of a main line, as a job: `params` is `{start, line, level}` or `{start, line, depth}`.
   * @param {{start: string, line: string[], level?: string, depth?: number}} params @param {OnProgress | null} [onprogress] @returns {EngineJob} */
  analyse(params, onprogress = null) {
    return this.job("analyse", params, onprogress);
  }

  /** Stop the worker for good. */
  terminate() {
    this.worker?.terminate();
    this._fail(t("engine.stopped"));
  }
}
