// The board widget, in the shape of chessground: it is given the engine's
// view of a position and emits finished moves.  It owns everything about
// entering a move: the selection (MoveInput, the click matcher), drag and
// multi-step paths, the cells marked in a select step, the number palette
// and the buttons of moves that have no clicks (pass, swap) or that wait for
// a confirming click.  Nothing outside it touches its selection, and it
// knows no rules: every move it emits is a text the view listed.
//
//   const board = new Board({svg, palette, actions}, {
//     onMove(text),        // a listed move was entered: play it
//     onMark(cells),       // a select step was confirmed with these cells
//     onIllegal(clicks),   // clicks that enter no move: ask the engine why
//     onRefused(id),       // a click while input is off (the page says why)
//     onShapes(shapes),    // the player drew or took off an arrow or circle
//   });
//   board.show(view);                 // a position (a new view clears the selection)
//   board.setInteractive(on);
//   board.setSuggest({cells, kind, text} | null);   // the computer's idea
//   board.cancel();                   // Escape
//   board.pickLabel("5");             // a typed palette label
//   board.setOrientation(flipped);    // true: turned half round, seat 2 at the bottom
//   board.setCoordinates(shown);      // false: no files, ranks or cell names (the board grows)
//   board.setShapes(shapes);          // the arrows and circles drawn on this position
//
// Shapes (board-shapes.js, issue #29): right-drag an arrow, right-click a
// circle, or keys on a focused cell; the board emits the new list and draws
// what setShapes gives it.
//
// Motion: when show() is given the position one move on from the one drawn
// (or one move back, browsing), the move is animated (motion.js plans it
// from the two views, board-motion.js plays it, ~200 ms, none under
// prefers-reduced-motion).  The new position is drawn at once underneath:
// clicks work on it during the motion, and the next show() ends a motion
// still running (its pieces jump to their places).  A move entered by
// dragging is not animated (the piece is already there).
//
// Flip and coordinates are options of the drawing, kept by the page (its
// settings): flipped, the whole board turns half round (polygon boards
// too), the files and ranks stay under and left of it, written upright and
// in the screen's order, and the arrow keys follow the screen (Up goes up).
// Both redraw the position at once and keep the selection.

import { BoardDrawing } from "./board-draw.js";
import { t } from "../i18n/i18n.js";
import { selectWords } from "../engine/words.js";
import { MoveInput } from "./moveinput.js";
import { fmt } from "./glyphs.js";
import { drawActions, drawPalette } from "./board-buttons.js";
import { BoardMotion } from "./board-motion.js";
import { planMotion } from "./motion.js";
import { BoardShapes } from "./board-shapes.js";

/** The cell nearest to `id` in direction (dx, dy) (screen axes) on a
 * drawn board, or null: on polygon boards, the neighbour most nearly that way. */
export function neighbour(geometry, id, dx, dy) {
  const from = geometry && geometry.cells.get(id);
  if (!from) return null;
  let best = null;
  let bestScore = Infinity;
  for (const c of geometry.cells.values()) {
    const vx = c.x - from.x,
      vy = c.y - from.y;
    const along = vx * dx + vy * dy;
    if (along <= 1e-6) continue;
    const across = Math.abs(vx * dy - vy * dx);
    if (across > along * 1.5) continue; // more sideways than that way
    // (sideways distance weighs 1.5 times the forward distance: at 2, EVL's
    // pentagons, set between the heptagons, were no arrow's nearest cell and
    // could not be reached from the keyboard at all)
    const score = along + across * 1.5;
    if (score < bestScore) {
      bestScore = score;
      best = c.id;
    }
  }
  return best;
}

export class Board {
  constructor({ svg, palette, actions }, handlers) {
    this.svg = svg;
    this.paletteBox = palette;
    this.actionsBox = actions;
    this.handlers = handlers;
    this.drawing = new BoardDrawing(svg);
    this.motion = new BoardMotion(this.drawing);
    this.dropped = false; // the next position is a move dropped by a drag: not animated
    this.input = new MoveInput();
    this.view = null;
    this.interactive = false;
    this.picked = new Set(); // cells marked in a select step
    this.suggest = null;
    this.drag = null; // a pointer held on a cell
    this.path = null; // the cells a drag has drawn (an EVL unstack path)
    this.shapes = new BoardShapes(this); // the arrows and circles (board-shapes.js)
    svg.setAttribute("aria-disabled", "true");
    svg.addEventListener("pointerdown", e => this._pointerDown(e));
    svg.addEventListener("pointermove", e => this._pointerMove(e));
    svg.addEventListener("pointerup", e => this._pointerUp(e));
    svg.addEventListener("pointercancel", () => this._cancelDrag());
    svg.addEventListener("keydown", e => this._keyDown(e));
    // The board is one tab stop, its roving cell (board-draw.js): the svg
    // itself is left out of the tab order (Chrome makes an svg with focus
    // listeners a stop of its own), and focused (the skip link, focus())
    // it hands the focus to that cell (#41).
    svg.setAttribute("tabindex", "-1");
    svg.addEventListener("focusin", e => {
      // (a cell focused by Tab or a click becomes the tab stop)
      const hit = e.target.closest && e.target.closest(".hit[data-cell]");
      if (hit) this.drawing.focusCell = hit.getAttribute("data-cell");
      else if (e.target === svg) this.focus();
    });
  }

  // -- what the page tells it ---------------------------------------------------
  show(view) {
    if (view === this.view) return;
    this._cancelDrag();
    this.motion.finish();
    const shown = this.view;
    const shape = this.drawing.geometryKey;
    this.view = view;
    this.input.setView(view); // a selection belongs to one position
    this.picked = new Set();
    this.drawing.render(view);
    this._draw();
    const sameShape = shape === this.drawing.geometryKey;
    if (!this.dropped && sameShape) this.motion.play(planMotion(shown, view));
    this.dropped = false;
  }

  /** Turn the board half round (`flipped`) or back; the position and the selection stay. */
  setOrientation(flipped) {
    this._redrawWith("flipped", !!flipped);
  }

  /** Write the files and ranks (or cell names) or not (`shown`); the position and the selection stay. */
  setCoordinates(shown) {
    this._redrawWith("coordinates", !!shown);
  }

  _redrawWith(option, value) {
    if (this.drawing[option] === value) return;
    this._cancelDrag();
    this.motion.finish();
    this.drawing[option] = value;
    if (!this.view) return;
    this.drawing.render(this.view); // (a new geometry: the option is part of its key)
    this._draw();
  }

  setInteractive(on) {
    on = !!on;
    if (on === this.interactive) return;
    this.interactive = on;
    if (!on) this._cancelDrag();
    this.drawing.interactive = on;
    this.svg.classList.toggle("interactive", on);
    this.svg.setAttribute("aria-disabled", on ? "false" : "true");
    if (this.view) this._draw();
  }

  setSuggest(suggest) {
    const same = JSON.stringify(suggest || null) === JSON.stringify(this.suggest || null);
    this.suggest = suggest || null;
    if (!same && this.view) this._draw();
  }

  /** The arrows and circles to show: [colour, cell] or [colour, from, to] (the viewed move's notes). */
  setShapes(shapes) {
    this.shapes.set(shapes);
  }

  cancel() {
    this.shapes.cancel();
    this.input.clicks = [];
    this.picked = new Set();
    this.path = null;
    if (this.view) this._draw();
  }

  /** A typed key that is a palette label (EL's numbers): pick it. */
  pickLabel(key) {
    const entry =
      this.view &&
      this.interactive &&
      !this.view.select &&
      (this.view.palette || []).find(p => p.label === key);
    if (!entry) return false;
    this._result(this.input.pick(entry.id));
    return true;
  }

  /** The clicks entered so far (for tests and tools; never to be changed from outside). */
  get selection() {
    return [...this.input.clicks];
  }

  // -- clicks -------------------------------------------------------------------
  _click(id) {
    if (!this.interactive) {
      this.handlers.onRefused?.(id);
      return;
    }
    const view = this.view;
    if (view.select) {
      if (!view.select.cells.includes(id)) {
        this.handlers.onIllegal?.(
          [id],
          `${t("board.cannotMark", { cell: id })} ${selectWords(view) || ""}`.trim(),
        );
        return;
      }
      if (this.picked.has(id)) this.picked.delete(id);
      else this.picked.add(id);
      this._draw();
      return;
    }
    this._result(this.input.click(id));
  }

  _result(result) {
    this._draw();
    if (result.type === "move") this.handlers.onMove(result.text);
    else if (result.type === "illegal") this.handlers.onIllegal?.(result.clicks);
    else this.handlers.onChange?.();
  }

  _play(text) {
    this.input.clicks = [];
    this._draw();
    this.handlers.onMove(text);
  }

  // -- drawing ------------------------------------------------------------------
  _draw() {
    const view = this.view;
    const on = this.interactive;
    const input = this.input;
    if (view.select) {
      this.drawing.overlay({
        selected: [],
        targets: new Set(),
        picked: this.picked,
        actionable: new Set(view.select.cells),
        pending: null,
      });
    } else {
      this.drawing.overlay({
        selected: [...input.clicks],
        targets: on ? input.targets() : new Set(),
        actionable: on ? input.actionable() : new Set(),
        pending: input.pending(),
        picked: new Set(),
        preview: on ? input.preview() : null, // what the move being entered would leave
        soft: input.anyOrder, // e.g. every empty cell takes the chosen number: keep the dots quiet
        suggest: this.suggest, // the computer's best move so far, or the hint
      });
    }
    drawPalette(this, view, on);
    drawActions(this, view, on);
    this.shapes.draw();
  }

  // -- pointer and keys ---------------------------------------------------------
  _cellAt(clientX, clientY) {
    const node = document.elementFromPoint(clientX, clientY);
    const hit = node && node.closest && node.closest(".hit[data-cell]");
    return hit && this.svg.contains(hit) ? hit.getAttribute("data-cell") : null;
  }

  _svgPoint(e) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    return new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
  }

  _canDrag(id) {
    return this.interactive && !this.view.select && !this.input.anyOrder && this.input.continues([id]);
  }

  _pointerDown(e) {
    if (this.shapes.pointerDown(e)) return; // (a right button draws)
    if (e.button > 0) return;
    const hit = e.target.closest && e.target.closest(".hit[data-cell]");
    if (!hit || !this.view) return;
    e.preventDefault();
    const id = hit.getAttribute("data-cell");
    if (!this.interactive) {
      this.handlers.onRefused?.(id);
      return;
    }
    /** @type {{id: string, x: number, y: number, pointer: number, moving: boolean, node: Element | null, [more: string]: any}} */
    const drag = { id, x: e.clientX, y: e.clientY, pointer: e.pointerId, moving: false, node: null };
    this.drag = drag;
    try {
      this.svg.setPointerCapture(e.pointerId);
    } catch {
      /* synthetic events */
    }
  }

  _pointerMove(e) {
    if (this.shapes.pointerMove(e)) return;
    const d = this.drag;
    if (!d || e.pointerId !== d.pointer) return;
    const layers = this.drawing.layers;
    if (!d.moving) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
      if (!this._canDrag(d.id) || !layers) return;
      const piece = layers.pieces.querySelector(`.piece[data-cell="${CSS.escape(d.id)}"]`);
      if (!piece) return;
      d.moving = true;
      this.motion.finish(); // the piece taken in hand is where the position has it
      this.input.clicks = [];
      this._result(this.input.click(d.id));
      this.path = [d.id];
      d.node = piece;
      const c = this.drawing.geometry.cells.get(d.id);
      d.origin = { x: c.x, y: c.y };
      layers.drag.appendChild(piece);
      piece.classList.add("dragging");
    }
    const p = this._svgPoint(e);
    if (p && d.node)
      d.node.setAttribute("transform", `translate(${fmt(p.x - d.origin.x)} ${fmt(p.y - d.origin.y)})`);
    const over = this._cellAt(e.clientX, e.clientY);
    if (over !== d.over) {
      d.over = over;
      if (over) this._dragOver(over);
    }
  }

  // A drag may draw a path (an EVL unstack): each cell it enters that longer
  // moves go on from becomes a click at once (the board shows the path and
  // its preview as it grows); going back to the cell before undoes the last
  // step.  The drop ends the move.
  _dragOver(id) {
    const path = this.path;
    if (!path) return;
    const n = path.length;
    if (n >= 2 && id === path[n - 2]) {
      // back the way it came
      path.pop();
      this.input.clicks = [...path];
      this._draw();
      return;
    }
    if (path.includes(id)) return;
    const next = [...path, id];
    if (this.input.continues(next)) {
      // (a last step is taken at the drop)
      this.path = next;
      this.input.clicks = [...next];
      this._draw();
    }
  }

  _pointerUp(e) {
    if (this.shapes.pointerUp(e)) return;
    const d = this.drag;
    if (!d || e.pointerId !== d.pointer) return;
    this.drag = null;
    try {
      this.svg.releasePointerCapture(e.pointerId);
    } catch {
      /* already released */
    }
    if (!d.moving) {
      this._click(d.id);
      return;
    }
    const target = this._cellAt(e.clientX, e.clientY);
    this._restorePiece(d);
    this._drop(target);
  }

  _drop(to) {
    const path = this.path || [];
    this.path = null;
    if (!this.interactive) return;
    if (to == null) {
      this.cancel();
      return;
    }
    if (to === path[path.length - 1]) {
      if (path.length === 1) {
        // dropped where it started: keep it selected
        this._draw();
        return;
      }
      // dropped on the path's last cell: the move ends there (if it may)
      const ex = this.input.exact();
      if (ex) {
        this.dropped = true;
        this._play(ex.text);
      } else this._draw();
      return;
    }
    const result = this.input.click(to, { reselect: false });
    this.dropped = !!result && result.type === "move";
    this._result(result);
  }

  _restorePiece(d) {
    const layers = this.drawing.layers;
    if (d.node) {
      d.node.removeAttribute("transform");
      d.node.classList.remove("dragging");
      if (layers && d.node.parentNode === layers.drag) layers.pieces.appendChild(d.node);
    }
  }

  _cancelDrag() {
    if (this.drag) {
      this._restorePiece(this.drag);
      this.drag = null;
    }
    this.path = null;
  }

  _keyDown(e) {
    const step = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
    if (step) {
      // focus over the board by geometry (history browsing keeps its keys off the board)
      const from = e.target.closest && e.target.closest(".hit[data-cell]");
      if (!from) return;
      e.preventDefault();
      e.stopPropagation();
      const to = neighbour(this.drawing.geometry, from.getAttribute("data-cell"), ...step);
      if (to) this._focusCell(to);
      if (to) this.shapes.focused(to); // (an arrow drawn from the keys follows)
      return;
    }
    if (this.shapes.key(e)) return;
    if (e.key !== "Enter" && e.key !== " ") return;
    const hit = e.target.closest && e.target.closest(".hit[data-cell]");
    if (!hit) return;
    e.preventDefault();
    e.stopPropagation();
    const id = hit.getAttribute("data-cell");
    this._click(id);
    // keep keyboard focus on the same cell after the redraw
    queueMicrotask(() => this._focusCell(id));
  }

  /** Put the keyboard focus on the board: its tab stop (the cell last focused, else one that can be played). */
  focus() {
    const stop = /** @type {SVGElement | null} */ (this.svg.querySelector('.hit[tabindex="0"]'));
    if (stop) stop.focus({ preventScroll: true });
  }

  _focusCell(id) {
    const hit = this.svg.querySelector(`.hit[data-cell="${CSS.escape(id)}"]`);
    if (!hit) return;
    for (const other of this.svg.querySelectorAll('.hit[tabindex="0"]')) other.setAttribute("tabindex", "-1");
    hit.setAttribute("tabindex", "0");
    this.drawing.focusCell = id;
    hit.focus();
  }
}
