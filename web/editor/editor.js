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
// dropped, so the board always shows the last edit.
//
//   const editor = new Editor({engine, games: () => [GameInfo], onPlay(start), onAnalyse(start) | null,
//                              onClose(), settingsOf(game)});
//   editor.open({start, line} | {setup});   editor.hide();   editor.isOpen

import { BoardDrawing } from "../board/board-draw.js";
import { neighbour } from "../board/board.js";
import { el } from "../board/glyphs.js";
import { $, h } from "../app/dom.js";
import { format } from "../model/url.js";
import * as edit from "./setupedit.js";

const root = document.documentElement;
// The position being edited, with the editor link it was edited from: a
// reload (the link holds the last valid position) gives back an edit that
// was not valid yet.  Dropped when the editor is left.
const DRAFT = "gamut.editor-draft";
const draft = {
  read() {
    try { return JSON.parse(sessionStorage.getItem(DRAFT) || "null"); } catch { return null; }
  },
  write(value) {
    try {
      if (value) sessionStorage.setItem(DRAFT, JSON.stringify(value));
      else sessionStorage.removeItem(DRAFT);
    } catch { /* not kept: the link still holds the last valid position */ }
  },
};
const capital = text => String(text || "").replace(/^./, c => c.toUpperCase()).replace(/[.\s]*$/, ".");

export class Editor {
  constructor({ engine, games, onPlay, onAnalyse = null, onClose, settingsOf = () => null }) {
    this.engine = engine;
    this.games = games;
    this.onPlay = onPlay;
    this.onAnalyse = onAnalyse;
    this.onClose = onClose;
    this.settingsOf = settingsOf;
    this.box = $("editor");
    this.setup = null;     // the description being edited
    this.palette = null;   // what can be put on the board (for setup's game, variant, options)
    this.answer = null;    // the engine's last answer: {setup, counts, view, start, problem}
    this.tool = null;      // a palette item id, or edit.ERASE
    this.asked = 0;        // edits sent; an answer to an older one is dropped
    this.built = false;
  }

  get isOpen() {
    return !this.box.hidden;
  }

  /** Show the editor at a position: {start, line} (a game's position) or {setup} (a description). */
  async open(what) {
    this._build();
    this.box.hidden = false;
    document.body.classList.add("editing");
    document.title = "Set up a position · Gamut";
    root.dataset.editor = "loading";
    try {
      const kept = draft.read();
      const setup = what.setup || (!what.line && kept && kept.link === location.hash && kept.setup)
        || (await this.engine.setupDescribe({ start: what.start, line: what.line || [] })).setup;
      await this._load(setup);
      this.box.querySelector(".tool.chosen")?.focus({ preventScroll: true });
    } catch (err) {
      if (!err || !err.type) throw err;
      root.dataset.editor = "failed";
      this._status(`This position cannot be edited: ${capital(err.message)}`, "illegal");
      throw err;
    }
  }

  hide() {
    if (this.box.hidden) return;
    draft.write(null);
    this.box.hidden = true;
    document.body.classList.remove("editing");
    document.title = "Gamut";
    delete root.dataset.editor;
  }

  // -- the engine ---------------------------------------------------------------
  async _load(setup) {
    root.dataset.editor = "checking";  // (from the first engine call on: the palette comes first)
    const key = JSON.stringify([setup.game, setup.variant, setup.options]);
    if (key !== this.paletteKey) {
      this.palette = await this.engine.setupPalette(setup.game, setup.variant, setup.options);
      this.paletteKey = key;
      if (!this.palette.items.some(i => i.id === this.tool)) this.tool = this.palette.items[0].id;
      this._drawSettings(setup);
    }
    await this._check(setup);
    this._drawTools();
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
    this._status(capital(err.message), "illegal");
  }

  /** Another game or variant: its start; another option: the same pieces if the board takes them, else the start. */
  async _settings(game, variant, options) {
    const same = game === this.setup.game && variant === this.setup.variant;
    this.paletteKey = null;
    if (same) {
      try {
        await this._load({ ...this.setup, options, extra: {} });
        return;
      } catch (err) {  // (the pieces do not fit the new board: it starts afresh)
        if (!err || !err.type || err.type === "InternalError") throw err;
      }
    }
    await this._load((await this.engine.setupDescribe({ game, variant, options })).setup);
    if (same) this._status("The pieces did not fit the new board: it shows the start position.", "info");
  }

  // -- drawing --------------------------------------------------------------------
  _build() {
    if (this.built) return;
    this.built = true;
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("id", "editor-board");
    svg.setAttribute("class", "board");
    this.drawing = new BoardDrawing(svg);
    this.drawing.interactive = true;
    svg.addEventListener("click", e => {
      const hit = e.target.closest && e.target.closest(".hit[data-cell]");
      if (hit) this._use(hit.getAttribute("data-cell"), this.tool);
    });
    svg.addEventListener("contextmenu", e => {  // a right click takes the top item off
      const hit = e.target.closest && e.target.closest(".hit[data-cell]");
      if (!hit) return;
      e.preventDefault();
      this._use(hit.getAttribute("data-cell"), edit.ERASE);
    });
    svg.addEventListener("keydown", e => this._key(e));
    svg.addEventListener("focusin", e => {
      const hit = e.target.closest && e.target.closest(".hit[data-cell]");
      if (hit) this.drawing.focusCell = hit.getAttribute("data-cell");
    });
    this.box.replaceChildren(
      h("div", { class: "board-area" }, h("div", { class: "board-wrap" }, svg)),
      h("aside", { class: "panel editor-panel", "aria-labelledby": "editor-title" },
        h("div", { class: "game-head" },
          h("h1", { id: "editor-title" }, "Set up a position"),
          h("p", { class: "subtitle" }, "Choose what to put down, then click the board (a right click takes a piece off).")),
        h("div", { id: "editor-settings", class: "editor-settings" }),
        h("div", { id: "editor-tools", class: "editor-tools", role: "radiogroup", "aria-label": "Put on the board" }),
        h("p", { id: "editor-cell", class: "about editor-cell", "aria-live": "polite" }),
        h("fieldset", { id: "editor-side", class: "editor-side" }),
        h("div", { id: "editor-counts", class: "editor-counts" }),
        h("p", { id: "editor-status", class: "explain editor-status", role: "status", "aria-live": "polite" }),
        h("div", { class: "editor-actions" },
          h("button", { type: "button", id: "editor-play", class: "primary", onclick: () => this._play() }, "Play from here"),
          h("button", {
            type: "button", id: "editor-analyse", hidden: !this.onAnalyse, onclick: () => this._analyse(),
            title: "Open this position with the engine's live analysis: its best line and score",
          }, "Analyse"),
          h("button", { type: "button", id: "editor-copy", onclick: () => this._copy() }, "Copy link")),
        h("div", { class: "editor-actions" },
          h("button", { type: "button", id: "editor-clear", onclick: () => this._edit(edit.clear(this.setup)) }, "Clear"),
          h("button", { type: "button", id: "editor-reset", title: "The start position of this game", onclick: () => this._reset() }, "Reset"),
          h("button", { type: "button", id: "editor-close", class: "quiet", onclick: () => this.onClose() }, "Back to the game")),
        h("div", { id: "editor-copied", class: "copy-fallback", hidden: true },
          h("label", { for: "editor-link" }, "The link of this position:"),
          h("input", { id: "editor-link", type: "text", readonly: true }))));
  }

  /** The game, variant and options (the board and what goes on it follow them). */
  _drawSettings(setup) {
    const info = this.games().find(g => g.id === setup.game);
    const box = $("editor-settings");
    if (!info) {
      box.replaceChildren();
      return;
    }
    const game = h("select", { id: "editor-game", "aria-label": "Game" },
      ...this.games().map(g => h("option", { value: g.id, selected: g.id === setup.game }, g.name)));
    game.addEventListener("change", () => {
      const s = this.settingsOf(game.value) || {};
      this._settings(game.value, s.variant || null, s.options || {}).catch(err => this._failed(err));
    });
    const variant = h("select", { id: "editor-variant", "aria-label": "Variant" },
      ...info.variants.map(v => h("option", { value: v.id, selected: v.id === setup.variant }, v.name)));
    variant.addEventListener("change", () => this._settings(setup.game, variant.value, {}).catch(err => this._failed(err)));
    const options = info.options.filter(o => !o.variants || o.variants.includes(setup.variant)).map(o => {
      const select = h("select", { "data-option": o.name },
        ...o.choices.map(c => h("option", { value: c, selected: c === setup.options[o.name] }, c)));
      select.addEventListener("change", () => {
        this._settings(setup.game, setup.variant, { ...this.setup.options, [o.name]: select.value }).catch(err => this._failed(err));
      });
      return h("label", { class: "editor-option", title: o.description }, o.label, select);
    });
    box.replaceChildren(h("div", { class: "editor-game" }, game, variant), ...options);
  }

  _drawTools() {
    const view = this.answer && this.answer.view;
    const color = seat => (view && view.players[seat] && view.players[seat].color) || ["black", "white", "red", "blue"][seat];
    const bySeat = new Map();
    for (const item of this.palette.items) {
      if (!bySeat.has(item.owner)) bySeat.set(item.owner, []);
      bySeat.get(item.owner).push(item);
    }
    const button = (id, label, icon) => h("button", {
      type: "button", role: "radio", class: `tool${id === this.tool ? " chosen" : ""}`, "data-tool": id,
      "aria-checked": id === this.tool ? "true" : "false", "aria-label": label, title: label,
      tabindex: id === this.tool ? "0" : "-1",
      onclick: () => this._choose(id),
    }, icon);
    const rows = [...bySeat.entries()].map(([seat, items]) => h("div", { class: "tool-row" },
      ...items.map(item => button(item.id, item.label, icon(item, color(seat))))));
    rows.push(h("div", { class: "tool-row" }, button(edit.ERASE, "Take off the top piece", eraserIcon())));
    const box = $("editor-tools");
    box.replaceChildren(...rows);
    box.onkeydown = e => {  // arrow keys move along the tools (one radio group)
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
      if (!step) return;
      e.preventDefault();
      const all = [...box.querySelectorAll(".tool")];
      const i = all.findIndex(b => b.dataset.tool === this.tool);
      this._choose(all[(i + step + all.length) % all.length].dataset.tool);
      box.querySelector(`.tool[data-tool="${CSS.escape(this.tool)}"]`)?.focus();
    };
  }

  _choose(tool) {
    this.tool = tool;
    this._drawTools();
    this._overlay();
    const item = edit.itemOf(this.palette, tool);
    $("editor-cell").textContent = item ? `Putting down: ${item.label}.` : "Taking off the top piece of the cells clicked.";
  }

  _draw() {
    const { view, problem, start, counts } = this.answer;
    const setup = this.setup;
    // (no last move: a position set up by hand has none to show)
    this.drawing.render({ ...view, last_move: [] });
    this._overlay();
    // the side to move
    const sides = this.palette.sides || view.players.map(p => p.name);
    // (where the board decides it, the engine says how, and the choice is its)
    const rule = this.palette.side;
    const side = $("editor-side");
    side.replaceChildren(h("legend", {}, "Side to move"), ...sides.map((name, seat) => h("label", { class: "side-choice" },
      h("input", {
        type: "radio", name: "editor-side", value: String(seat), checked: seat === setup.to_move, disabled: !!rule,
        onchange: () => this._edit(edit.setSide(this.setup, seat)),
      }), ` ${name}`)), ...(rule ? [h("p", { class: "about side-rule" }, rule)] : []));
    // the numbers beside the board
    $("editor-counts").replaceChildren(...this.palette.counts.map(spec => {
      const given = setup.counts[spec.id];
      const input = h("input", {
        type: "number", min: "0", max: String(spec.total), step: "1", id: `editor-count-${spec.id}`,
        value: given == null ? "" : String(given), placeholder: `all (${counts[spec.id]})`,
        title: "Empty: every piece of this player that is not on the board",
      });
      input.addEventListener("change", () => this._edit(edit.setCount(this.setup, spec.id, input.value)));
      return h("label", { class: "editor-count", for: input.id }, `${sides[spec.owner] || ""} ${spec.label}`.trim(), input);
    }));
    // what is wrong, or that it can be played
    if (problem) {
      this._status(capital(problem.message), "illegal");
      root.dataset.editor = "invalid";
    } else {
      const words = view.messages && view.messages.length ? ` ${view.messages.join(" ")}` : "";
      this._status(`Ready: ${sides[setup.to_move]} to move.${words}`, "ok");
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
    for (const c of this.answer.view.board.cells) if (edit.fits(this.palette, this.tool, c.id)) actionable.add(c.id);
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
      $("editor-cell").textContent = item ? `${item.label.replace(/^./, c => c.toUpperCase())}s do not go on ${cell}.` : `${cell} is empty.`;
      return;
    }
    const stack = next.cells[cell];
    $("editor-cell").textContent = !stack ? `${cell}: empty.`
      : `${cell}: ${edit.stackWords(this.palette, stack)}${stack.length > 1 ? ` (a stack of ${stack.length}, from the bottom)` : ""}.`;
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
    for (const other of this.drawing.svg.querySelectorAll('.hit[tabindex="0"]')) other.setAttribute("tabindex", "-1");
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
  async _copy() {
    const a = this.answer;
    if (!a || !a.start) return;
    const v = a.view;
    const url = location.href.split("#")[0] + format({ game: v.game, variant: v.variant, options: v.options, moves: [], start: a.start });
    $("editor-link").value = url;
    try {
      await navigator.clipboard.writeText(url);
      this._status("The link of this position was copied: it opens the position as a new game.", "ok");
    } catch {
      $("editor-copied").hidden = false;
      $("editor-link").select();
    }
  }
}

/** A palette item drawn small on a patch of board: a disc, a written number or a marker tile, in its owner's colour. */
function icon(item, color) {
  const svg = el("svg", { viewBox: "-0.5 -0.5 1 1", class: "board tool-icon", "aria-hidden": "true" });
  el("rect", { x: -0.5, y: -0.5, width: 1, height: 1, rx: 0.14, class: "tool-ground" }, svg);
  if (item.kind === "marker") {
    const corners = [0, 1, 2, 3, 4].map(i => {
      const a = -Math.PI / 2 + i * 2 * Math.PI / 5;
      return `${(0.34 * Math.cos(a)).toFixed(3)},${(0.34 * Math.sin(a) + 0.03).toFixed(3)}`;
    });
    el("polygon", { points: corners.join(" "), class: `marker c-${color}` }, svg);
  } else if (item.text != null) {
    el("text", { x: 0, y: 0.04, class: `label written-label c-${color}`, "font-size": 0.7 }, svg).textContent = item.text;
  } else {
    el("circle", { cx: 0, cy: 0, r: 0.38, class: `disc c-${color}` }, svg);
  }
  return svg;
}

function eraserIcon() {
  const svg = el("svg", { viewBox: "-0.5 -0.5 1 1", class: "board tool-icon", "aria-hidden": "true" });
  el("rect", { x: -0.5, y: -0.5, width: 1, height: 1, rx: 0.14, class: "tool-ground" }, svg);
  el("path", { d: "M-0.3 -0.3 L0.3 0.3 M0.3 -0.3 L-0.3 0.3", class: "eraser" }, svg);
  return svg;
}
