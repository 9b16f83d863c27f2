// The lessons page (#learn/<game>, issue #31), as lichess's Learn: a board,
// a one-line task, a move judged by the engine (lesson_check): "Well done"
// with why and Next, or "Not quite" with why and Try again.  Steps done are
// ticked and kept (lessonstore.js).  Events -> the state here -> draw
// (lessonview.js).  <html data-lesson>: loading | play | check | right |
// wrong | finished | failed, for tools and tests.

import { $ } from "../app/dom.js";
import { askedOncePerGame } from "../trainer/answers.js";
import { Trainer, sentenceOf as sentence } from "../trainer/trainer.js";
import { firstOpen, goalCells, nextStep, progressOf, stepsOf } from "./lessonflow.js";
import { LessonStore } from "./lessonstore.js";
import { lessonsInLanguage, whyOf } from "./lessonwords.js";
import { t } from "../i18n/i18n.js";
import { playerWords } from "../engine/words.js";
import { buildLessonPage, drawGames, drawPanel } from "./lessonview.js";

export class LessonPage extends Trainer {
  /** @param {{engine: any, games: () => any[], store?: LessonStore, settings?: any}} how */
  constructor({ engine, games, store = new LessonStore(), settings = null }) {
    super({
      engine,
      games,
      settings,
      box: "lesson-page",
      bodyClass: "learning",
      phaseName: "lesson",
      words: { wait: "lesson.pressTryAgain", illegal: "lesson.illegal" }, // (no move box here)
    });
    this.store = store;
    // game -> promise of the engine's {lessons}
    this._list = askedOncePerGame(game => this.engine.ready.then(() => this.engine.lessons(game)));
    this.game = null;
    this.gameName = "";
    this.steps = []; // lessonflow's placed steps of the game shown
    this.index = 0;
    this.startView = null; // the view of the step's position
    this.line = []; // [] or [the move played]
    this.asked = 0; // steps opened: the answer for an earlier one is dropped
    const startLink = $("start-learn");
    if (startLink) startLink.addEventListener("click", e => this._fromStart(e));
  }

  /** The step's position (a lesson's task is one move). */
  task() {
    return { start: this.steps[this.index].step.start, line: [] };
  }

  shown() {
    return { context: this.steps[this.index], line: this.line };
  }

  refusedWords() {
    return this.phase === "wrong"
      ? t("lesson.pressTryAgain")
      : this.phase === "right"
        ? t("lesson.pressNext")
        : "";
  }

  /** The start screen's "Learn to play" link: the lessons of the game chosen there. */
  _fromStart(e) {
    const select = /** @type {HTMLSelectElement | null} */ ($("start-game"));
    if (!select || !select.value) return;
    e.preventDefault();
    location.hash = `#learn/${select.value}`;
  }

  _build() {
    if (this.els) return;
    this.els = buildLessonPage(this.box, {
      retry: () => this.retry(),
      next: () => this.next(),
      reset: () => this.reset(),
      open: index => this.openStep(index),
    });
    this._attach({ movebox: false });
  }

  // -- showing and leaving -------------------------------------------------------------
  /** Show the lessons of `game`, at the first step not done. */
  async open(game) {
    this._build();
    this._showPage();
    const info = this.games().find(g => g.id === game);
    document.title = t("lesson.pageTitle", { game: (info && info.name) || game });
    drawGames(this.els, this.games(), game);
    if (game === this.game && this.steps.length && this.phase !== "failed") {
      this._sayPhase(); // (back to the step as it was left)
      return;
    }
    this.game = game;
    this.gameName = (info && info.name) || game;
    const asked = ++this.asked;
    this.steps = [];
    this._phase("loading");
    this._say(info ? t("lesson.loading") : t("lesson.noneFor", { game }));
    if (!info) return this._phase("failed");
    try {
      const answer = await this._list(game);
      if (asked !== this.asked) return;
      this.steps = stepsOf(lessonsInLanguage(game, answer.lessons || []));
      if (!this.steps.length) {
        this._say(t("lesson.noneYet", { game: this.gameName }));
        return this._phase("failed");
      }
      await this.store.loaded;
      await this._start(firstOpen(this.steps, this.store.done(game)), asked);
    } catch (err) {
      this._failed(err, asked);
    }
  }

  _failed(err, asked) {
    if (asked !== this.asked) return;
    this._say(t("lesson.failed", { error: sentence((err && (err.words || err.message)) || err) }));
    this._phase("failed");
  }

  // -- one step ----------------------------------------------------------------------------
  /** Open the step at `index` (a click in the list of steps). */
  async openStep(index) {
    if (!this.steps[index]) return;
    const asked = ++this.asked;
    try {
      await this._start(index, asked);
    } catch (err) {
      this._failed(err, asked);
    }
  }

  async _start(index, asked) {
    this.board.setInteractive(false);
    this._phase("loading");
    this.index = index;
    const here = this.steps[index];
    const placed = await this.engine.view(here.step.start, []);
    if (asked !== this.asked) return;
    this.startView = placed.view;
    this.line = [];
    this.board.setOrientation(here.step.player === 1 && placed.view.players.length === 2);
    this._show(placed.view);
    this._shape();
    this._mark();
    this._say(this._yourMove());
    this._play();
  }

  /** "Your move, as Black." (the seat that moves in this step). */
  _yourMove() {
    const seat = this.startView && playerWords(this.startView, this.startView.to_move);
    return seat ? t("lesson.yourMoveAs", { seat }) : t("lesson.yourMove");
  }

  /** The step's position on the board, live for the player's move. */
  _play() {
    this.board.setInteractive(true);
    this._phase("play");
  }

  /** Ring the cells the task names (the piece, where to, what to take). */
  _mark() {
    const cells = goalCells(this.steps[this.index].step.goal);
    this.board.setSuggest(cells.length ? { cells: cells.slice(0, 1), kind: "lesson" } : null);
  }

  // -- the player's move -----------------------------------------------------------------------
  /** A move entered on the board (a listed move's text): the engine judges it. */
  async played(text) {
    if (this.phase !== "play") return;
    const asked = this.asked;
    const here = this.steps[this.index];
    this.board.setInteractive(false);
    this._phase("check");
    let r;
    try {
      r = await this.engine.lessonCheck(this.game, here.lesson.id, here.step.id, text);
    } catch (err) {
      if (asked !== this.asked) return;
      this._say(sentence((err && (err.words || err.message)) || err));
      return this._play(); // (the same step again)
    }
    if (asked !== this.asked) return;
    this.line = [r.move];
    this.board.setSuggest(null);
    this._show(r.view);
    if (r.ok) {
      this.store.mark(this.game, here.key).then(() => this._draw()); // (a problem saving it said)
      this._phase("right");
      this._say(t("lesson.wellDone", { why: whyOf(r) }));
      this.els.next.focus({ preventScroll: true });
    } else {
      this._phase("wrong");
      this._say(t("lesson.notQuite", { why: whyOf(r) }));
      this.els.retry.focus({ preventScroll: true });
    }
  }

  /** Take the wrong move back (animated): the same step again. */
  retry() {
    if (this.phase !== "wrong") return;
    this.line = [];
    this._show(this.startView);
    this._mark();
    this._say(t("lesson.takenBack", { yourMove: this._yourMove() }));
    this._play();
  }

  /** The next step (the next one not done), or the end of the lessons. */
  async next() {
    if (this.phase !== "right") return;
    const index = nextStep(this.steps, this.index, this.store.done(this.game));
    if (index === null) {
      this._phase("finished");
      this._say(t("lesson.allDone", { game: this.gameName }));
      return;
    }
    await this.openStep(index);
  }

  /** Forget the steps done in this game, and begin again. */
  async reset() {
    await this.store.reset(this.game);
    if (this.steps.length) await this.openStep(0);
  }

  // -- drawing -----------------------------------------------------------------------------------
  _draw() {
    if (!this.els) return;
    const done = this.game ? this.store.done(this.game) : new Set();
    const here = this.steps[this.index];
    if (here) this.box.dataset.step = here.key; // (for tools and tests: the step shown)
    drawPanel(this.els, {
      phase: this.phase,
      gameName: this.gameName,
      steps: this.steps,
      index: this.index,
      done,
      progress: progressOf(this.steps, done),
      last: !!here && nextStep(this.steps, this.index, done) === null,
    });
    const problem = this.store.tell();
    if (problem) {
      this.els.storage.hidden = false;
      this.els.storage.textContent = t("lesson.cannotSave", { problem });
    }
  }
}
