// A position with a task, shown on a page of its own over the game: the
// part that the puzzles (puzzles/puzzlepage.js), the lessons
// (lessons/lessonpage.js) and the mistakes trainer (mistakes/mistakespage.js)
// share.  It owns the page's board and move box, its phase (said on <html>
// for tools and tests), its live line of words, and how a click, a marked
// cell or a typed line becomes a move to judge: each page keeps only its own
// flow (which position, what a move does, what comes next) and its store.
//
// A page extends Trainer and gives:
//   task()          the position a move is asked at: {start, line}
//   shown()         what the board shows: {context, line}
//   played(text)    a move played there (the page judges it)
//   refusedWords()  what to say when a move is tried while none is asked
//                   (a phase that waits for a button), or ""
// and calls _attach() once its panel is built, _showPage()/_hidePage() from
// open()/hide(), _phase(name) as its flow moves, _show(view, line) to draw.

import { $ } from "../app/dom.js";
import { t } from "../i18n/i18n.js";
import { enteredWords } from "../engine/words.js";
import { pageBoard, showInLook } from "../board/pageboard.js";
import { MoveBox } from "../panels/movebox.js";

const root = document.documentElement;

/** A message as a sentence: a capital first, one full stop last ("" stays ""). */
export function sentenceOf(text) {
  const s = String(text || "").trim();
  return s ? s[0].toUpperCase() + s.slice(1).replace(/[.\s]*$/, ".") : "";
}

export class Trainer {
  /**
   * @param {object} how
   * @param {any} how.engine  the engine client (engine/engine.js)
   * @param {() => any[]} how.games  the engine's games (GameInfo)
   * @param {any} [how.settings]  the page's settings (settings/page-settings.js: theme, coordinates, sound), or null
   * @param {string} how.box  the id of the page's element
   * @param {string} how.bodyClass  the class <body> has while the page is shown (its layout)
   * @param {string} how.phaseName  the page's phase on <html>: data-<phaseName>
   * @param {{wait: string, illegal: string}} how.words  the keys of "wait for your turn" and "not a legal move"
   */
  constructor({ engine, games, settings = null, box, bodyClass, phaseName, words }) {
    this.engine = engine;
    this.games = games;
    this.look = settings;
    this.themeKey = ""; // (showInLook: the board theme applied)
    this.box = $(box);
    this.bodyClass = bodyClass;
    this.phaseName = phaseName;
    this.words = words;
    this.els = null; // the page's panel, built on the first open
    this.board = null;
    this.movebox = null;
    this.phase = "loading";
    this.said = ""; // the last words said in the page's live line
  }

  get isOpen() {
    return !!this.box && !this.box.hidden;
  }

  // -- what a page gives ---------------------------------------------------------------
  /** The position a move is asked at. @returns {{start: string, line: string[]}} */
  task() {
    throw new Error("a Trainer page gives task()");
  }

  /** A move played at the task's position. @param {string} _text */
  async played(_text) {
    throw new Error("a Trainer page gives played()");
  }

  /** What the board shows: `line` from the task's start, in `context` (the
   * task's own object: the sound compares both with what was shown before).
   * @returns {{context: any, line: string[]}} */
  shown() {
    return { context: this, line: this.task().line };
  }

  /** What a move tried while none is asked says ("" for nothing). */
  refusedWords() {
    return "";
  }

  // -- the board and the move box ----------------------------------------------------------
  /** The board in the page's panel (`this.els`: svg, palette, actions), and
   * the move box when the panel has one (form, input, options, message). */
  _attach({ movebox = true } = {}) {
    this.board = pageBoard(this.box, this.els, {
      onMove: text => this.played(text),
      onMark: cells => this._marked(cells),
      onIllegal: (clicks, message) => this._illegal(clicks, message),
      onRefused: () => this._refused(),
    });
    if (movebox)
      this.movebox = new MoveBox({
        form: this.els.form,
        input: this.els.input,
        options: this.els.options,
        message: this.els.message,
        onEnter: text => this._entered(text),
      });
  }

  /** Cells marked on the board (EL's numbers, a cell's own move): the engine's move there, played. */
  _marked(cells) {
    if (this.phase !== "play") return;
    const { start, line } = this.task();
    this.engine.mark(start, line, cells).then(
      r => r.move && this.played(r.move),
      err => this._say(sentenceOf(err.words || err.message)),
    );
  }

  /** A line typed in the move box: a reading command is answered, a move played. */
  async _entered(text) {
    if (this.phase !== "play") return { error: t(this.words.wait) };
    const { start, line } = this.task();
    let r;
    try {
      r = await this.engine.enter(start, line, text);
    } catch (err) {
      if (err && err.type && err.type !== "InternalError")
        return { error: sentenceOf(err.words || err.message) };
      throw err;
    }
    if (r.answer) this._say(enteredWords(r));
    else if (r.move) await this.played(r.move);
    return r;
  }

  /** Clicks that make no move: why, in the engine's words (or the board's own `message`). */
  async _illegal(clicks, message) {
    if (message) return this._say(message);
    const { start, line } = this.task();
    const r = await this.engine.explain(start, line, clicks);
    this._say(sentenceOf((r && r.message) || t(this.words.illegal)));
  }

  _refused() {
    const words = this.refusedWords();
    if (words) this._say(words);
  }

  // -- showing the page ------------------------------------------------------------------
  /** Show the page over the game; whether it was hidden before. */
  _showPage() {
    for (const menu of document.querySelectorAll(".puzzles-menu[open]")) menu.removeAttribute("open");
    const opening = this.box.hidden;
    this.box.hidden = false;
    document.body.classList.add(this.bodyClass);
    return opening;
  }

  /** Leave the page (the game under it is as it was). */
  hide() {
    this._hidePage();
  }

  /** Leave the page (the game under it is as it was); false when it was hidden already. */
  _hidePage() {
    if (!this.box || this.box.hidden) return false;
    this.box.hidden = true;
    document.body.classList.remove(this.bodyClass);
    document.body.classList.toggle("has-palette", !$("palette").hidden); // (the game's board's palette again)
    document.title = "Gamut"; // i18n: not words (the site's name)
    delete root.dataset[this.phaseName];
    return true;
  }

  /** The page's flow moves to `phase` (said on <html>), then it is drawn. */
  _phase(phase) {
    this.phase = phase;
    root.dataset[this.phaseName] = phase;
    this._draw();
  }

  /** Say the phase again on <html> (back to a task as it was left). */
  _sayPhase() {
    root.dataset[this.phaseName] = this.phase;
  }

  /** Draw the page's panel (each page its own). */
  _draw() {}

  /** Show `view` (the position after `line`, by default the one shown())
   * on the board in the page's look: the game's board theme, the
   * coordinates, the sound of the move. */
  _show(view, line) {
    const shown = this.shown();
    showInLook(this, view, shown.context, line ?? shown.line);
  }

  /** The board's proportions for the layout (style.css's --board-aspect, here for this board). */
  _shape() {
    const box = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (this.els.svg)).viewBox.baseVal;
    const aspect = box && box.width > 0 && box.height > 0 ? (box.width / box.height).toFixed(3) : "1";
    /** @type {HTMLElement} */ (this.els.svg.parentElement).style.setProperty("--board-aspect", aspect);
  }

  /** Say `text` in the panel's live line. */
  _say(text) {
    this.said = text;
    if (this.els) this.els.status.textContent = text;
  }
}
