// Practise your mistakes (issue #31): the page (#mistakes: every game's
// exercises; #mistakes/<game>: one game's), shown over the game, which
// stays as it is.  As lichess's "learn from your mistakes": the position
// before the mistake, the player to move and at the bottom, the move they
// played drawn as a red arrow, "You played X here. Find a better move.".
// A try is played on the board and judged by the engine's `attempt` job
// (gamut/analysis/attempt.py) at the analysis's level, in the worker in
// slices with a "thinking" bar; within the game's mistake threshold of
// the best move it is solved (the exercise leaves the list, kept as
// solved); else "Not this either: it loses N %", the try taken back, and
// again, or Show me: the best move and its line on the board.  Then Next.
//
// Exercises are collected (collect(model)) when an analysis finishes and
// when a game with a stored analysis is opened; the store (mistakestore.js)
// keeps them.  An exercise whose game was deleted from the library says
// so and goes.  <html data-mistakes> says where the page is: loading | play
// | check (a try being judged) | wrong | solved | shown | empty, for tools
// and tests.
//
//   const mistakes = new MistakesPage({engine, games: () => page.games});
//   mistakes.collect(model);  mistakes.open("loa");  mistakes.open(null);  mistakes.hide();

import { $ } from "../app/dom.js";
import { t } from "../i18n/i18n.js";
import { playerWords } from "../engine/words.js";
import { Trainer, sentenceOf as sentence } from "../trainer/trainer.js";
import { analysisFor } from "../model/analysis.js";
import * as library from "../library/library.js";
import { hasUnsavedCopy } from "../library/keep.js";
import {
  collect,
  countPending,
  dropStale,
  exercisesOf,
  forgetGame,
  notThisText,
  pending,
  solve,
  taskText,
} from "./mistakes.js";
import { MistakeStore } from "./mistakestore.js";
import { buildMistakesPage, drawGames, drawPanel } from "./mistakesview.js";
import { countText } from "./links.js";

const TAKE_BACK_MS = 900; // a try that is not good stays on the board this long

const wait = ms => new Promise(resolve => setTimeout(resolve, ms));

export class MistakesPage extends Trainer {
  /** @param {{engine: any, games: () => any[], settings?: any, store?: MistakeStore, onCount?: () => void}} how
   * `onCount()`: the number of exercises to do changed (here or in another tab): redraw what shows it. */
  constructor({ engine, games, settings = null, store = null, onCount = () => {} }) {
    super({
      engine,
      games,
      settings,
      box: "mistakes-page",
      bodyClass: "mistaking", // (mistakes.css: the game's layout hidden under the page)
      phaseName: "mistakes",
      words: { wait: "mistakes.wait", illegal: "move.illegal" },
    });
    this.onCount = onCount;
    this.store = store || new MistakeStore({ onChange: () => this._otherTab() });
    this.game = null; // the game kind shown ("loa"), or null: every game's
    this.exercise = null;
    this.fraction = 0;
    this.job = null; // the engine's attempt job running
    this.asked = 0; // exercises opened: the work for an earlier one stops
  }

  /** The exercise's position: before the mistake. */
  task() {
    return { start: this.exercise.start, line: this.exercise.line };
  }

  shown() {
    return { context: this.exercise, line: this.exercise ? this.exercise.line : [] };
  }

  refusedWords() {
    return this.phase === "check" ? t("mistakes.thinking") : t("mistakes.pressNext");
  }

  /** The exercises to do: of library game `gameId`, or in all. */
  count(gameId = null) {
    return countPending(this.store.read().list, gameId);
  }

  /** Take the exercises from `model`'s analysis of its main line (none: its
   * exercises no longer on its main line go). */
  collect(model) {
    if (!model || !model.id) return;
    const mainLine = model.tree.mainline([]);
    const analysis = analysisFor(model.analysis, mainLine);
    if (!analysis) {
      const before = this.store.read().list;
      if (dropStale(before, model.id, mainLine) !== before) {
        this.store.update(list => dropStale(list, model.id, mainLine));
        this.onCount();
      }
      return;
    }
    const game = { id: model.id, start: model.start, meta: model.meta, players: model.players };
    const fresh = exercisesOf(game, analysis, Date.now());
    this.store.update(list => collect(list, model.id, fresh));
    this.onCount();
  }

  /** The counts shown outside the page: the library's header ("Practise
   * your mistakes (N)") and, after an analysis of `model`'s main line
   * (`result`), the analysis box ("3 mistakes to practise", to this game
   * kind's exercises).  Called at each redraw of the game (cheap: the
   * store reads the list again only when it changed). */
  drawLinks(model, result) {
    const { list } = this.store.read();
    const library = $("games-mistakes");
    if (library) {
      library.hidden = false;
      library.textContent = t("mistakes.practiseCount", { count: countPending(list) });
      if (!library.dataset.wired) {
        library.dataset.wired = "yes"; // (the library's dialog gives way to the page)
        library.addEventListener("click", () => /** @type {any} */ (library.closest("dialog"))?.close());
      }
    }
    const after = $("analysis-mistakes");
    if (!after) return;
    after.hidden = !result || !model || !model.id;
    if (after.hidden) return;
    const link = /** @type {HTMLAnchorElement} */ (after.querySelector("a"));
    const n = countPending(list, model.id);
    link.textContent = n ? t("mistakes.fromThisGame", { count: countText(n) }) : t("mistakes.noneInGame");
    link.href = `#mistakes/${model.meta.game}`;
  }

  /** Drop the exercises whose game is no longer in the library (one look-up a game). */
  async _prune() {
    const ids = new Set(pending(this.store.read().list).map(e => e.gameId));
    const gone = [];
    for (const id of ids) {
      try {
        // (a game whose last change is not written yet is on its way there: kept)
        if (!(await library.get(id)) && !hasUnsavedCopy(id)) gone.push(id);
      } catch {
        return; // (a library that cannot be read: nothing is dropped)
      }
    }
    if (!gone.length) return;
    this.store.update(list => gone.reduce(forgetGame, list));
    this.onCount();
  }

  /** A game deleted from the library: its exercises go. */
  forgetGame(gameId) {
    this.store.update(list => forgetGame(list, gameId));
    this.onCount();
  }

  _build() {
    if (this.els) return;
    this.els = buildMistakesPage(this.box, {
      show: () => this.show(),
      skip: () => this.skip(),
      next: () => this.next(),
    });
    this._attach();
  }

  // -- showing and leaving -----------------------------------------------------------
  /** Show the exercises of game kind `game` ("loa"), or of every game (null). */
  async open(game) {
    game = game || null; // ("": every game)
    this._build();
    if (this._showPage()) scrollTo(0, 0); // (the board's top in view, on a phone too)
    const info = game ? this.games().find(g => g.id === game) : null;
    if (!info) game = null; // (a link naming no game, "#mistakes/constructor" say: every game's; #47)
    this.gameName = info ? info.name : "";
    document.title = `${this.gameName ? `${this.gameName}: ` : ""}your mistakes · Gamut`;
    if (game === this.game && this.exercise && this.phase !== "empty") {
      this._sayPhase();
      return this._draw();
    }
    this.game = game;
    const asked = ++this.asked;
    this._phase("loading");
    await this.store.loaded; // (the list read from storage first)
    await this._prune();
    if (asked === this.asked) await this._next(null);
  }

  /** Leave the page (the game under it is as it was); a try being judged stops. */
  hide() {
    if (!this.isOpen) return;
    this.asked += 1;
    this._cancel();
    this._hidePage();
  }

  _cancel() {
    if (this.job) this.job.cancel();
    this.job = null;
  }

  /** The next exercise to do, after `after` (a key: skipped), else the first. */
  async _next(after) {
    const asked = ++this.asked;
    this._cancel();
    const todo = pending(this.store.read().list, this.game);
    const at = after ? todo.findIndex(e => e.key === after) : -1;
    const exercise = todo.length ? todo[(at + 1) % todo.length] : null;
    if (!exercise) {
      this.exercise = null;
      this._say(
        this.count() && this.game ? t("mistakes.noneLeftIn", { game: this.gameName }) : t("mistakes.none"),
      );
      return this._phase("empty");
    }
    try {
      await this._start(exercise, asked);
    } catch (err) {
      if (asked !== this.asked) return;
      this._say(t("mistakes.failed", { reason: sentence((err && (err.words || err.message)) || err) }));
      this._phase("empty");
    }
  }

  async _start(exercise, asked) {
    this._phase("loading");
    if (!(await this._gameKept(exercise))) {
      if (asked !== this.asked) return;
      this.store.update(list => forgetGame(list, exercise.gameId));
      this.onCount();
      await this._next(null);
      this._say(t("mistakes.gameDeleted", { next: this.said }));
      return;
    }
    const placed = await this.engine.view(exercise.start, exercise.line);
    if (asked !== this.asked) return;
    this.exercise = { ...exercise, line: placed.line }; // (the moves as the engine writes them)
    this.view = placed.view;
    this.board.setOrientation(exercise.seat === 1 && placed.view.players.length === 2);
    this.board.setInteractive(false);
    this._show(placed.view);
    this._shape();
    this._showPlayed();
    const side = playerWords(placed.view, exercise.seat) || t("player.numbered", { n: exercise.seat + 1 });
    const judge = exercise.depth
      ? t("search.depth", { depth: exercise.depth })
      : t("analysis.level.named", { level: exercise.level || "strong" });
    this._say(t("mistakes.task", { name: side, judge }));
    this._turn();
  }

  /** Whether the exercise's game is still in the library (a library that cannot be read: yes). */
  async _gameKept(exercise) {
    try {
      return !!(await library.get(exercise.gameId)) || hasUnsavedCopy(exercise.gameId);
    } catch {
      return true;
    }
  }

  /** The player's turn: the board live. */
  _turn() {
    this._show(this.view);
    this._showPlayed();
    this.movebox.show(this.view);
    this.board.setInteractive(true);
    this._phase("play");
  }

  /** The move played in the game, as a red arrow (the board's suggestion "played"). */
  _showPlayed() {
    const e = this.exercise;
    const move = e && (this.view.moves || []).find(m => m.text === e.played);
    this.board.setSuggest(
      move && move.clicks && move.clicks.length
        ? { cells: move.clicks, kind: "played", text: e.played }
        : null,
    );
  }

  // -- the player's tries ----------------------------------------------------------------
  /** A move tried on the board or in the move box: played there, then judged by the engine. */
  async played(text) {
    if (this.phase !== "play") return;
    const e = this.exercise;
    const asked = this.asked;
    this.board.setInteractive(false);
    this.board.setSuggest(null);
    this.fraction = 0;
    this._phase("check");
    let result;
    try {
      const r = await this.engine.play(e.start, e.line, text);
      if (asked !== this.asked) return;
      this._show(r.view, r.line);
      this._say(`${r.move}: thinking…`);
      const params = { start: e.start, line: e.line, move: r.move, best: e.best, played: e.played };
      const how = e.depth ? { depth: e.depth } : { level: e.level || "strong" };
      const bestChance = e.bestChance === null ? {} : { best_chance: e.bestChance };
      this.job = this.engine.job("attempt", { ...params, ...how, ...bestChance }, p => {
        if (asked !== this.asked) return;
        this.fraction = (p && p.fraction) || 0;
        this._draw();
      });
      result = await this.job.promise;
    } catch (err) {
      if (asked !== this.asked || (err && err.type === "CancelledError")) return;
      this._say(sentence((err && (err.words || err.message)) || err));
      return this._turn();
    } finally {
      if (asked === this.asked) this.job = null;
    }
    if (asked !== this.asked) return;
    if (result.good) return this._solved(result);
    this._say(notThisText(result));
    this._phase("wrong");
    await wait(TAKE_BACK_MS);
    if (asked !== this.asked || this.phase !== "wrong") return;
    this._turn();
  }

  _solved(result) {
    const e = this.exercise;
    const { problem } = this.store.update(list => solve(list, e.key, Date.now()));
    this.problem = problem;
    this.onCount();
    const best =
      result.reason === "best"
        ? t("mistakes.engineToo")
        : result.loss
          ? t("mistakes.engineWasLoss", { move: e.best, percent: Math.round(100 * result.loss) })
          : t("mistakes.engineWas", { move: e.best });
    this._say(t("mistakes.solved", { move: result.move, best }));
    this._phase("solved");
    this.els.next.focus({ preventScroll: true });
  }

  /** The best move and its line on the board (the exercise stays to do). */
  async show() {
    if (this.phase !== "play" && this.phase !== "wrong") return;
    const e = this.exercise;
    this.asked += 1;
    this._cancel();
    this.board.setInteractive(false);
    this._show(this.view);
    const move = (this.view.moves || []).find(m => m.text === e.best);
    this.board.setSuggest(
      move && move.clicks ? { cells: move.clicks, kind: "analysis", text: e.best } : null,
    );
    const line = e.pv.length > 1 ? ` ${t("analysis.engineLine", { line: e.pv.join(" ") })}` : "";
    this._say(t("mistakes.best", { move: e.best, line }));
    this._phase("shown");
    this.els.next.focus({ preventScroll: true });
  }

  /** The next exercise, this one left for later. */
  skip() {
    if (this.phase === "empty") return;
    return this._next(this.exercise && this.exercise.key);
  }

  /** The next exercise (after a solved one or one shown). */
  next() {
    return this._next(this.exercise && !this.exercise.solved ? this.exercise.key : null);
  }

  /** Another tab changed the list: the counts again (the exercise shown stays). */
  _otherTab() {
    this.onCount();
    if (this.isOpen) this._draw();
  }

  // -- drawing -----------------------------------------------------------------------------
  _draw() {
    if (!this.els) return;
    const { list, problem } = this.store.read();
    const counts = {};
    for (const e of pending(list)) counts[e.game] = (counts[e.game] || 0) + 1;
    drawGames(this.els, this.games(), this.game, counts);
    if (this.exercise) this.box.dataset.exercise = this.exercise.key;
    else delete this.box.dataset.exercise;
    this.box.classList.toggle("mistakes-none", this.phase === "empty"); // (the board left blank)
    drawPanel(this.els, {
      phase: this.phase,
      exercise: this.exercise,
      left: this.game ? counts[this.game] || 0 : pending(list).length,
      gameName: this.gameName,
      fraction: this.fraction,
      problem: this.problem || problem,
    });
    this.els.goal.textContent =
      this.phase === "solved"
        ? t("puzzle.solved")
        : this.exercise && this.phase !== "empty"
          ? taskText(this.exercise)
          : "";
  }
}
