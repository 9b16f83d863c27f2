// The position editor, at its own link (#edit/<position text>; "#edit"
// alone opens the position on screen): place and remove pieces, stacks,
// numbers and markers, choose the side to move and the numbers beside the
// board (EVL's pieces in hand), clear or reset; then play from the
// position, analyse it (a new game with the engine's live analysis on), or
// copy its link.
//
// It edits the engine's description of a position (setupedit.js) and knows
// no rules: the engine says what can be put where (setup_palette), checks
// every edit (setup_check: the position's view, its start text, or what is
// wrong) and writes every position text.  The board is drawn by the board's
// own drawing (board-draw.js) from the engine's answer; a click on a cell
// uses the chosen tool there.  Answers that arrive after a newer edit are
// dropped, so the board always shows the last edit.  Its controls are
// built in editor-controls.js.
//
//   const editor = new Editor({engine, games: () => [GameInfo], onPlay(start), onAnalyse(start) | null,
//                              onClose(), settingsOf(game)});
//   editor.open({start, line} | {setup});   editor.hide();   editor.isOpen

import { neighbour } from "../board/board.js";
import { t } from "../i18n/i18n.js";
import { formatMessage, noteWords, playerWords, saidOr } from "../engine/words.js";
import { $, h } from "../app/dom.js";
import { format } from "../model/url.js";
import * as edit from "./setupedit.js";
import { openShare } from "../share/sharedialog.js";
import { viewTitle } from "../board/title.js";
import { buildEditor, drawSettings, drawTools } from "./editor-controls.js";

const root = document.documentElement;
// The position being edited, with the editor link it was edited from: a
// reload (the link holds the last valid position) gives back an edit that
// was not valid yet.  Dropped when the editor is left.
const DRAFT = "gamut.editor-draft";
const draft = {
  read() {
    try {
      return JSON.parse(sessionStorage.getItem(DRAFT) || "null");
    } catch {
      return null;
    }
  },
  write(value) {
    try {
      if (value) sessionStorage.setItem(DRAFT, JSON.stringify(value));
      else sessionStorage.removeItem(DRAFT);
    } catch {
      /* not kept: the link still holds the last valid position */
    }
  },
};
const capital = text =>
  String(text || "")
    .replace(/^./, c => c.toUpperCase())
    .replace(/[.\s]*$/, ".");

export class Editor {
  constructor({ engine, games, onPlay, onAnalyse = null, onClose, settingsOf = () => null }) {
    this.engine = engine;
    this.games = games;
    this.onPlay = onPlay;
    this.onAnalyse = onAnalyse;
    this.onClose = onClose;
    this.settingsOf = settingsOf;
    this.box = $("editor");
    this.setup = null; // the description being edited
    this.palette = null; // what can be put on the board (for setup's game, variant, options)
    this.answer = null; // the engine's last answer: {setup, counts, view, start, problem}
    this.tool = null; // a palette item id, or edit.ERASE
    this.asked = 0; // edits sent; an answer to an older one is dropped
    this.built = false;
  }

  get isOpen() {
    return !this.box.hidden;
  }

  /** Show the editor at a position: {start, line} (a game's position) or {setup} (a description). */
  async open(what) {
    buildEditor(this);
    this.box.hidden = false;
    document.body.classList.add("editing");
    document.title = `${t("page.editor")} · Gamut`; // i18n: not words (the site's name)
    root.dataset.editor = "loading";
    $("editor-share").disabled = true; // (until the engine's first answer is drawn: nothing to share before)
    try {
      const kept = draft.read();
      const setup =
        what.setup ||
        (!what.line && kept && kept.link === location.hash && kept.setup) ||
        (await this.engine.setupDescribe({ start: what.start, line: what.line || [] })).setup;
      await this._load(setup);
      this.box.querySelector(".tool.chosen")?.focus({ preventScroll: true });
    } catch (err) {
      if (!err || !err.type) throw err;
      root.dataset.editor = "failed";
      this._status(t("editor.cannotEdit", { reason: capital(err.words || err.message) }), "illegal");
      throw err;
    }
  }

  hide() {
    if (this.box.hidden) return;
    draft.write(null);
    this.box.hidden = true;
    document.body.classList.remove("editing");
    document.title = "Gamut"; // i18n: not words (the site's name)
    delete root.dataset.editor;
  }

  // -- the engine ---------------------------------------------------------------
  async _load(setup) {
    root.dataset.editor = "checking"; // (from the first engine call on: the palette comes first)
    const key = JSON.stringify([setup.game, setup.variant, setup.options]);
    if (key !== this.paletteKey) {
      this.palette = await this.engine.setupPalette(setup.game, setup.variant, setup.options);
      this.paletteKey = key;
      if (!this.palette.items.some(i => i.id === this.tool)) this.tool = this.palette.items[0].id;
      drawSettings(this, setup);
    }
    await this._check(setup);
    drawTools(this);
    if (!$("editor-cell").textContent) this._choose(this.tool);
  }

  /** Send a description to the engine; draw its answer unless a newer edit went out meanwhile. */
  async _check(setup) {
    this.setup = setup;
    const n = ++this.asked;
    root.dataset.editor = "checking";
    const answer = await this.engine.setupCheck(setup);
    if (n !== this.asked) return;
    this.answer = answer;
    this.setup = answer.setup;
    this._draw();
  }

  _edit(next) {
    if (!next) return;
    this._check(next).catch(err => this._failed(err));
  }

  _failed(err) {
    if (!err || !err.type) throw err;
    root.dataset.editor = "invalid";
    this._status(capital(err.words || err.message), "illegal");
  }

  /** Another game or variant: its start; another option: the same pieces if the board takes them, else the start. */
  async _settings(game, variant, options) {
    const same = game === this.setup.game && variant === this.setup.variant;
    this.paletteKey = null;
    if (same) {
      try {
        await this._load({ ...this.setup, options, extra: {} });
        return;
      } catch (err) {
        // (the pieces do not fit the new board: it starts afresh)
        if (!err || !err.type || err.type === "InternalError") throw err;
      }
    }
    await this._load((await this.engine.setupDescribe({ game, variant, options })).setup);
    if (same) this._status(t("editor.didNotFit"), "info");
  }

  // -- drawing --------------------------------------------------------------------

  _choose(tool) {
    this.tool = tool;
    drawTools(this);
    this._overlay();
    const item = edit.itemOf(this.palette, tool);
    $("editor-cell").textContent = item
      ? t("editor.puttingDown", { item: edit.itemWords(item) })
      : t("editor.takingOff");
  }

  _draw() {
    const { view, problem, start, counts } = this.answer;
    const setup = this.setup;
    // (no last move: a position set up by hand has none to show)
    this.drawing.render({ ...view, last_move: [] });
    this._overlay();
    $("editor-share").disabled = false;
    // the side to move (the seats' names, in the page's language)
    const sides = this.palette.sides
      ? this.palette.sides.map(formatMessage)
      : view.players.map((_, seat) => playerWords(view, seat));
    // (where the board decides it, the engine says how, and the choice is its)
    const rule = this.palette.side && formatMessage(this.palette.side);
    const side = $("editor-side");
    side.replaceChildren(
      h("legend", {}, t("editor.sideToMove")),
      ...sides.map((name, seat) =>
        h(
          "label",
          { class: "side-choice" },
          h("input", {
            type: "radio",
            name: "editor-side",
            value: String(seat),
            checked: seat === setup.to_move,
            disabled: !!rule,
            onchange: () => this._edit(edit.setSide(this.setup, seat)),
          }),
          ` ${name}`,
        ),
      ),
      ...(rule ? [h("p", { class: "about side-rule" }, rule)] : []),
    );
    // the numbers beside the board
    $("editor-counts").replaceChildren(
      ...this.palette.counts.map(spec => {
        const given = setup.counts[spec.id];
        const input = h("input", {
          type: "number",
          min: "0",
          max: String(spec.total),
          step: "1",
          id: `editor-count-${spec.id}`,
          value: given == null ? "" : String(given),
          placeholder: t("editor.all", { count: String(counts[spec.id]) }),
          title: t("editor.all.title"),
        });
        input.addEventListener("change", () => this._edit(edit.setCount(this.setup, spec.id, input.value)));
        return h(
          "label",
          { class: "editor-count", for: input.id },
          t("editor.countLabel", { side: sides[spec.owner] || "", label: edit.itemWords(spec) }).trim(),
          input,
        );
      }),
    );
    // what is wrong, or that it can be played
    if (problem) {
      this._status(capital(saidOr(problem.said, problem.message)), "illegal");
      root.dataset.editor = "invalid";
    } else {
      const words = view.messages && view.messages.length ? ` ${noteWords(view).join(" ")}` : "";
      this._status(t("editor.ready", { name: sides[setup.to_move] }) + words, "ok");
      root.dataset.editor = "valid";
    }
    for (const id of ["editor-play", "editor-analyse", "editor-copy"]) $(id).disabled = !start;
    $("editor-copied").hidden = true;
    if (start) {
      const hash = edit.editLink(start);
      if (location.hash !== hash) history.replaceState(history.state, "", hash);
    }
    draft.write(start ? null : { link: location.hash, setup });
  }

  _overlay() {
    if (!this.answer) return;
    const actionable = new Set();
    for (const c of this.answer.view.board.cells)
      if (edit.fits(this.palette, this.tool, c.id)) actionable.add(c.id);
    this.drawing.overlay({ selected: [], targets: new Set(), actionable, pending: null, picked: new Set() });
  }

  _status(text, kind) {
    const box = $("editor-status");
    box.textContent = text;
    box.dataset.kind = kind;
  }

  // -- input -----------------------------------------------------------------------
  _use(cell, tool) {
    if (!this.setup) return;
    const next = edit.apply(this.setup, this.palette, tool, cell);
    if (!next) {
      const item = edit.itemOf(this.palette, tool);
      $("editor-cell").textContent = item
        ? t("editor.notOn", { item: edit.itemWords(item).replace(/^./, c => c.toUpperCase()), cell })
        : t("editor.emptyCell", { cell });
      return;
    }
    const stack = next.cells[cell];
    const items = stack && edit.stackWords(this.palette, stack);
    $("editor-cell").textContent = !stack
      ? t("editor.cellEmptied", { cell })
      : stack.length > 1
        ? t("editor.cellStack", { cell, items, n: stack.length })
        : t("editor.cellHolds", { cell, items });
    this._edit(next);
  }

  _key(e) {
    const hit = e.target.closest && e.target.closest(".hit[data-cell]");
    if (!hit) return;
    const step = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
    const id = hit.getAttribute("data-cell");
    if (step) {
      e.preventDefault();
      const to = neighbour(this.drawing.geometry, id, ...step);
      if (to) this._focus(to);
      return;
    }
    if (e.key === "Enter" || e.key === " " || e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      this._use(id, e.key === "Delete" || e.key === "Backspace" ? edit.ERASE : this.tool);
      queueMicrotask(() => this._focus(id));
    }
  }

  _focus(id) {
    const hit = this.drawing.svg.querySelector(`.hit[data-cell="${CSS.escape(id)}"]`);
    if (!hit) return;
    for (const other of this.drawing.svg.querySelectorAll('.hit[tabindex="0"]'))
      other.setAttribute("tabindex", "-1");
    hit.setAttribute("tabindex", "0");
    this.drawing.focusCell = id;
    hit.focus();
  }

  async _reset() {
    const { game, variant, options } = this.setup;
    try {
      await this._load((await this.engine.setupDescribe({ game, variant, options })).setup);
    } catch (err) {
      this._failed(err);
    }
  }

  _play() {
    if (this.answer && this.answer.start) this.onPlay(this.answer.start);
  }

  _analyse() {
    if (this.answer && this.answer.start && this.onAnalyse) this.onAnalyse(this.answer.start);
  }

  /** Copy the link that opens this position as a game (shown to copy by hand when the clipboard refuses). */
  /** The Share dialog on the position set up (#45). */
  _share() {
    const v = this.answer && this.answer.view;
    if (!v || !this.drawing.view) return;
    openShare({ drawing: this.drawing, shapes: [], caption: viewTitle(v), name: `gamut-position-${v.game}` });
  }

  async _copy() {
    const a = this.answer;
    if (!a || !a.start) return;
    const v = a.view;
    const url =
      location.href.split("#")[0] +
      format({ game: v.game, variant: v.variant, options: v.options, moves: [], start: a.start });
    $("editor-link").value = url;
    try {
      await navigator.clipboard.writeText(url);
      this._status(t("editor.copied"), "ok");
    } catch {
      $("editor-copied").hidden = false;
      $("editor-link").select();
    }
  }
}
