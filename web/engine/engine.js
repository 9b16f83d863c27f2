// Page-side client of the engine: one named method per bridge method the
// page uses, so that the wire's method names and parameters are written here
// once.  The worker itself (its start, restarts, heartbeat, the requests in
// flight) is transport.js's; this file is what the page asks of it.
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
// "RequestError", "InternalError", "CancelledError", "EngineRestarted" or
// "EngineFailed"), `message` and `words` (#33: the page's language; the
// worker's own errors and the engine's failures are words already).
// `engine.state` is "loading", "ready" or "failed"; `engine.marks` the
// worker's start-up timeline, [[name, epoch ms], ...] (bench/bench_site.py).
// `call(method, params)` and `job(method, params, onprogress)` stay for tools
// and tests.
//
// Long lines (issue #32): a request never sends a game's whole line again.
// The engine keeps, per start, the last line the worker answered with the ids
// of its positions (HeldLines), and names a position by the id of its longest
// held prefix (`at`) plus the moves after it.  An id the worker no longer
// holds is answered "UnknownPositionError": the engine forgets that line and
// asks again with the whole line, so callers never see it.

import { describedWords, explained } from "./words.js";
import { HeldLines } from "./held-lines.js";
import { EngineError, EngineTransport } from "./transport.js";

export { EngineError };

/** Bridge calls that read the position `{start, line}` (gamut.methods.placed). */
const PLACED = new Set(["view", "play", "enter", "mark", "explain", "describe", "read", "setup_describe"]);

/** @typedef {import("./transport.js").EngineJob} EngineJob */
/** @typedef {import("./transport.js").OnProgress} OnProgress */
/** @typedef {import("./transport.js").Placed} Placed */

export class Engine extends EngineTransport {
  /** @param {{workerURL?: string | URL}} [options]  another worker than ./worker.js (tests, tools) */
  constructor(options = {}) {
    super(options);
    this.held = new HeldLines(); // the positions the worker holds (named by id in requests)
  }

  _workerReplaced() {
    this.held = new HeldLines(); // (the new worker holds no position)
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
      cancel: () => this._cancel(id),
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

  /** The puzzles of a game (#30): `{puzzles: [puzzle], themes: [id]}` (no words: a puzzle's goal is its message `said`).
   * @param {string} game @returns {Promise<{puzzles: any[], themes: string[]}>} */
  puzzles(game) {
    return this.call("puzzles", { game });
  }

  /** The lessons of a game (#31): `{lessons: [{id, steps: [{id, start, player, goal}]}]}` (no words: lessonwords.js says them by their ids).
   * @param {string} game @returns {Promise<{lessons: any[]}>} */
  lessons(game) {
    return this.call("lessons", { game });
  }

  /** A move judged against a lesson's step (#31): `{ok, why_messages, move, line, view}` (the why: messages only).
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
}
