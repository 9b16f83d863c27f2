// The computer players: which seats the computer plays (read from the game
// model), the "think" job for the game's head, the Hint job for the viewed
// position, Pause, Move now and cancel; and the live analysis (a search of
// the viewed position, whichever it is, while the toggle is on).
//
// It reacts to the model, never to drawing: sync() runs after every model
// change and whenever a view arrives, and starts, keeps or stops the search
// so that it matches the game.  The search is for the head (where the game
// goes on): browsing other positions never disturbs it.  A finished search
// hands its move to onMove(line, move); the app plays it if the head is
// still that line.  Pause belongs to one game: attach() of another game
// clears it.
//
// With a clock (model.clock), the computer plays within its time: each
// search gets clock.js's budget() of what its seat has left, passed to the
// worker as the search's cap (max_ms) and kept here as a deadline at which
// the best move found so far is played (the worker's answer may be late).
// A game ended (model.ending) or a paused clock is not thought about.

import { sameLine } from "../model/line.js";
import { budget, clockNow } from "../model/clock.js";
import { t as translate } from "../i18n/i18n.js";

const HINT_LEVEL = "strong";
const LIVE_LEVEL = "master"; // live analysis: the deepest level, shown as it deepens
const LIVE_MS = 120000;
const HINT_MS = 2500; // a hint's search-time cap
const MIN_MOVE_MS = 300; // a computer reply is shown no sooner (the human sees the moves one by one)
const WATCH_MOVE_MS = 700; // the same when only computers play: a game one can follow

export const LEVEL_OF = value =>
  typeof value === "string" && value.startsWith("c:") ? value.slice(2) : null;

/**
 * A search for a move (`purpose` "move", for the computer's seat) or a hint:
 * its position (`line`, `key`), its last progress, whether it is done, its
 * engine job and the timer that plays the move when time is up.
 * @typedef {{purpose: string, seat: number, level: string, line: string[], key: string, progress: any,
 *   started: number, done: boolean, timer: any, deadline: any, budget: number | null,
 *   job: import("./engine.js").EngineJob}} Search
 */
/** @typedef {{key: string, job: import("./engine.js").EngineJob, progress: any, done: boolean}} LiveSearch */

export class Computer {
  /** `positions`: the views cache; `onMove(line, move)`; `onChange()`: redraw;
   * `onError(message)`: a search failed. */
  constructor({ engine, positions, onMove, onChange, onError }) {
    this.engine = engine;
    this.positions = positions;
    this.onMove = onMove;
    this.onChange = onChange;
    this.onError = onError;
    this.model = null;
    /** The search running for a move or a hint, or null.
     * @type {Search | null} */
    this.think = null;
    this.hint = null; // {key, progress}: a finished hint, shown while its position is viewed
    this.paused = false;
    this.enabled = false; // the engine is ready
    this.liveOn = false; // the live analysis toggle
    /** The live search of the viewed position, or null.
     * @type {LiveSearch | null} */
    this.live = null;
  }

  attach(model) {
    this._cancel();
    this._cancelLive();
    this.hint = null;
    this.paused = false;
    this.model = model;
    this.sync();
  }

  enable() {
    this.enabled = true;
    this.sync();
  }

  isComputer(seat) {
    return !!LEVEL_OF(this.model && this.model.players[seat]);
  }

  levelOf(seat) {
    return LEVEL_OF(this.model && this.model.players[seat]);
  }

  _key(line) {
    return this.positions.key(this.model.start, line);
  }

  /** The view of the head, if the cache has it (sync() fetches it). */
  headView() {
    const m = this.model;
    return (m && this.positions.get(m.start, m.head)) || null;
  }

  /** Whose seat is to move at the head, when the computer plays it; else -1. */
  computerSeatToMove() {
    const v = this.headView();
    if (!v || v.outcome || this.model.ending || !((v.moves || []).length || v.select)) return -1; // (#29: ended)
    return this.isComputer(v.to_move) ? v.to_move : -1;
  }

  /** Start, keep or stop searching to match the game. */
  sync() {
    const m = this.model;
    if (!m || !this.enabled) return;
    if (!this.headView()) {
      // who is to move there?  ask, then decide
      const key = this._key(m.head);
      this.positions.view(m.start, m.head).then(
        () => {
          if (this.model === m && this._key(m.head) === key) this.sync();
        },
        () => {},
      );
    }
    const t = this.think;
    const seat = this.computerSeatToMove();
    if (t && t.purpose === "move") {
      const stale =
        t.key !== this._key(m.head) ||
        seat !== t.seat ||
        this.paused ||
        this.levelOf(seat) !== t.level ||
        this._clockHalted();
      if (stale) this._cancel();
    } else if (t && t.purpose === "hint" && t.key !== this._key(m.viewed)) {
      this._cancel();
    }
    if (this.hint && this.hint.key !== this._key(m.viewed)) this.hint = null;
    if (!this.think && !this.paused && !this._clockHalted() && seat >= 0)
      this._start("move", m.head, seat, this.levelOf(seat));
    this._syncLive();
    this.onChange();
  }

  /** Live analysis on or off. */
  setLive(on) {
    this.liveOn = !!on;
    this.sync();
  }

  /** The live search follows the viewed position (a new one for each position). */
  _syncLive() {
    const m = this.model;
    const key = this.liveOn ? this._key(m.viewed) : null;
    if (this.live && this.live.key !== key) this._cancelLive();
    if (!key || this.live) return;
    const view = this.positions.get(m.start, m.viewed);
    if (!view) {
      this.positions.view(m.start, m.viewed).then(
        () => {
          if (this.model === m && this._key(m.viewed) === key) this.sync();
        },
        () => {},
      );
      return;
    }
    if (view.outcome || !((view.moves || []).length || view.select)) return;
    /** @type {LiveSearch} */
    const live = { key, job: /** @type {any} */ (null), progress: null, done: false };
    const params = { start: m.start, line: m.viewed, level: LIVE_LEVEL, seed: 0, max_ms: LIVE_MS };
    this._search(live, params, () => this.live === live);
    this.live = live;
    live.job.promise.then(
      result => {
        if (this.live !== live) return;
        live.done = true;
        live.progress = result;
        this.onChange();
      },
      () => {
        if (this.live === live) live.done = true;
      },
    );
  }

  /** Start the engine's search `params` as `search`'s job: its progress
   * is kept in `search.progress`, and the page redrawn, while it is
   * `current()` and not done. */
  _search(search, params, current) {
    search.job = this.engine.think(params, progress => {
      if (!current() || search.done) return;
      search.progress = progress;
      this.onChange();
    });
  }

  _cancelLive() {
    const live = this.live;
    this.live = null;
    if (live && !live.done) live.job.cancel();
  }

  /** A paused clock: the game waits, the computer too. */
  _clockHalted() {
    const clock = this.model && this.model.clock;
    return !!(clock && clock.paused);
  }

  /** The hard deadline (ms) of a search for `seat` at `line` under the
   * game's clock, or null (no clock, or days per move). */
  _timeBudget(seat, line) {
    const clock = this.model.clock;
    if (!clock || clock.correspondence) return null;
    return budget(clock.leftFor(seat, clockNow()), clock.control.increment, line.length).deadline;
  }

  _start(purpose, line, seat, level) {
    const m = this.model;
    /** @type {Search} */
    const t = {
      purpose,
      seat,
      level,
      line: [...line],
      key: this._key(line),
      progress: null,
      started: performance.now(),
      done: false,
      timer: undefined,
      deadline: undefined,
      budget: purpose === "move" ? this._timeBudget(seat, line) : null,
      job: /** @type {any} */ (null),
    };
    const params = { start: m.start, line, level, seed: line.length };
    if (purpose === "hint") params.max_ms = HINT_MS;
    if (t.budget != null) {
      // within its time: the worker stops there, and the best move so far is played then at the latest
      params.max_ms = Math.min(600000, Math.max(1, t.budget));
      t.deadline = setTimeout(() => this.moveNow(), t.budget);
    }
    // <html data-searches> counts the searches started (a test can see one was not restarted)
    const root = globalThis.document && document.documentElement;
    if (root) root.dataset.searches = String(Number(root.dataset.searches || 0) + 1);
    // (and <html data-search-budget> the last move search's cap on the clock, ms; a test reads it)
    if (root && t.budget != null) root.dataset.searchBudget = String(Math.round(t.budget));
    this._search(t, params, () => this.think === t);
    this.think = t;
    t.job.promise.then(
      result => {
        if (this.think !== t) return;
        t.done = true;
        t.progress = result;
        if (purpose === "hint") {
          this.think = null;
          this.hint = { key: t.key, progress: result };
        } else {
          let pace = m.players.some(p => !LEVEL_OF(p)) ? MIN_MOVE_MS : WATCH_MOVE_MS;
          if (t.budget != null) pace = Math.min(pace, t.budget / 4); // (on the clock: a short pause only)
          const wait = Math.max(0, pace - (performance.now() - t.started));
          // (at once when there is nothing to wait for, or no one sees the page: a hidden
          // tab's timers wait a second or more, which cost it its games on the clock; #47)
          if (wait === 0 || globalThis.document?.hidden) this._commit(t, result.move);
          else t.timer = setTimeout(() => this._commit(t, result.move), wait);
        }
        this.onChange();
      },
      err => {
        if (err && err.type === "CancelledError") return;
        if (this.think !== t) return;
        this.think = null;
        if (err && err.type === "EngineRestarted") {
          this.sync(); // a new worker took over (the page says so): think again there
          return;
        }
        if (purpose === "move") this.paused = true; // do not start it again and again
        const why = (err && (err.words || err.message)) || String(err);
        this.onError(
          translate(purpose === "move" ? "computer.failed.move" : "computer.failed.hint", { why }),
        );
        this.onChange();
      },
    );
  }

  _commit(t, move) {
    if (this.think !== t) return;
    clearTimeout(t.timer);
    clearTimeout(t.deadline);
    this.think = null;
    if (move && sameLine(this.model.head, t.line)) this.onMove(t.line, move);
    this.onChange();
  }

  _cancel() {
    const t = this.think;
    if (!t) return;
    this.think = null;
    clearTimeout(t.timer);
    clearTimeout(t.deadline);
    if (!t.done) t.job.cancel();
  }

  /** Drop the search in progress (Undo while the computer thinks). */
  cancel() {
    this._cancel();
    this.onChange();
  }

  moveNow() {
    const t = this.think;
    if (!t || t.purpose !== "move") return;
    const move = t.progress && (t.progress.move || t.progress.best);
    if (!move) return;
    if (!t.done) {
      t.done = true;
      t.job.cancel();
    }
    this._commit(t, move);
  }

  setPaused(paused) {
    this.paused = paused;
    this.sync();
  }

  /** Hint: search the viewed position for its side to move (again: stop). */
  toggleHint(view) {
    const m = this.model;
    if (this.think && this.think.purpose === "hint") {
      this.stopHint();
      return;
    }
    if (this.hint) {
      this.hint = null;
      this.onChange();
      return;
    }
    if (this.think || !view || view.outcome) return;
    this._start("hint", m.viewed, view.to_move, HINT_LEVEL);
    this.onChange();
  }

  /** Stop looking for a hint; the best move found so far becomes the hint. */
  stopHint() {
    const t = this.think;
    if (!t || t.purpose !== "hint") return;
    this._cancel();
    if (t.progress && t.progress.best) this.hint = { key: t.key, progress: t.progress };
    this.onChange();
  }

  /** What the board should ring: the search's best move so far for the
   * viewed position, or the hint there.  The computer's own search for its
   * move is its secret (a player sees that it thinks, not what): shown only
   * with `showSearch` (the setting "Show the computer's search"). */
  suggestion(view, showSearch = false) {
    const m = this.model;
    if (!m || !view) return null;
    const viewedKey = this._key(m.viewed);
    const src =
      this.think && this.think.key === viewedKey && (showSearch || this.think.purpose !== "move")
        ? this.think
        : this.hint && this.hint.key === viewedKey
          ? { purpose: "hint", progress: this.hint.progress }
          : this.live && this.live.key === viewedKey
            ? { purpose: "live", progress: this.live.progress }
            : null;
    const p = src && src.progress;
    const text = p && (p.move || p.best);
    if (!text) return null;
    const mv = (view.moves || []).find(x => x.text === text);
    if (!mv || !mv.clicks || !mv.clicks.length) return null;
    return { cells: mv.clicks, kind: src.purpose === "hint" ? "hint" : "think", text };
  }
}
