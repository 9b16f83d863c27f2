// Shapes drawn on the board (issue #29), as on lichess: arrows from a cell
// to a cell and circles on a cell, in four colours.  The board widget owns
// the drawing input (a right-drag draws an arrow, a right-click a circle,
// and the keys below) and emits the new list of shapes; it is given the
// shapes to show (the viewed move's notes) and draws them above the pieces.
// The same shape again takes it off; the same cells in another colour
// recolour it.
//
// A shape is [colour, cell] (a circle) or [colour, from, to] (an arrow);
// colour G green, R red, B blue, Y yellow, chosen by the modifier keys held
// (none: green, Shift: red, Alt: blue, Shift+Alt: yellow).
//
// Keys, on a focused cell of the board: C draws a circle on it; A starts
// an arrow there, the arrow keys move its head, A again ends it (on its own
// cell: a circle); Escape drops an arrow being drawn; X takes off every
// shape of the position.  The same modifiers choose the colour.

import { el, fmt } from "./glyphs.js";

/** The colours' names (for the shapes' labels). */
export const SHAPE_COLOURS = Object.freeze({ G: "green", R: "red", B: "blue", Y: "yellow" });

/** The colour the modifier keys held choose. */
export function colourOf({ shiftKey = false, altKey = false } = {}) {
  if (shiftKey && altKey) return "Y";
  if (shiftKey) return "R";
  if (altKey) return "B";
  return "G";
}

/** A shape from `from` to `to` in `colour`: a circle when they are the same cell. */
export const shapeOf = (colour, from, to) => (to === from ? [colour, from] : [colour, from, to]);

/**
 * `shapes` with `shape` toggled: the same shape again removes it; the same
 * cells in another colour are recoloured; else it is added at the end.
 */
export function toggleShape(shapes, shape) {
  const list = shapes || [];
  const cells = s => s.slice(1).join(" ");
  const at = list.findIndex(s => cells(s) === cells(shape));
  if (at < 0) return [...list, shape];
  if (list[at][0] === shape[0]) return list.filter((_, i) => i !== at);
  return list.map((s, i) => (i === at ? shape : s));
}

/**
 * The board's shapes: those shown (set by the page) and the one being drawn
 * (`pending`: where it starts, its colour, the cell its head is over, and
 * whether the pointer or the keys draw it).  `board` is the Board widget:
 * its svg, drawing (geometry and layers), handlers (onShapes) and _cellAt.
 */
export class BoardShapes {
  constructor(board) {
    this.board = board;
    /** @type {string[][]} */
    this.shown = [];
    /** @type {{from: string, to: string | null, colour: string, by: "pointer" | "keys", pointer?: number} | null} */
    this.pending = null;
    board.svg.addEventListener("contextmenu", e => e.preventDefault()); // (a right-click draws a circle)
  }

  set(shapes) {
    const list = (shapes || []).map(s => [...s]);
    if (JSON.stringify(list) === JSON.stringify(this.shown)) return;
    this.shown = list;
    this.draw();
  }

  draw() {
    const { geometry, layers } = this.board.drawing;
    if (layers && layers.shapes) drawShapes(geometry, layers.shapes, this.shown, this.pending);
  }

  cancel() {
    if (!this.pending) return false;
    this.pending = null;
    this.draw();
    return true;
  }

  /** A shape finished: the shapes with it toggled are emitted (the page
   * stores them and gives them back through set). */
  _finish(to) {
    const p = this.pending;
    this.pending = null;
    this.draw();
    if (p && to != null)
      this.board.handlers.onShapes?.(toggleShape(this.shown, shapeOf(p.colour, p.from, to)));
  }

  _cellOf(e) {
    const hit = e.target && e.target.closest && e.target.closest(".hit[data-cell]");
    return hit && this.board.view ? hit.getAttribute("data-cell") : null;
  }

  // -- the pointer: a right-drag draws an arrow, a right-click a circle --------------
  pointerDown(e) {
    if (e.button !== 2) return false;
    const from = this._cellOf(e);
    if (!from || e.pointerType === "touch") return true;
    e.preventDefault();
    this.pending = { from, to: from, colour: colourOf(e), by: "pointer", pointer: e.pointerId };
    try {
      this.board.svg.setPointerCapture(e.pointerId);
    } catch {
      /* synthetic events */
    }
    this.draw();
    return true;
  }

  _mine(e) {
    const p = this.pending;
    return !!p && p.by === "pointer" && e.pointerId === p.pointer;
  }

  pointerMove(e) {
    if (!this._mine(e)) return false;
    const over = this.board._cellAt(e.clientX, e.clientY);
    if (/** @type {any} */ (this.pending).to !== over) {
      /** @type {any} */ (this.pending).to = over;
      this.draw();
    }
    return true;
  }

  pointerUp(e) {
    if (!this._mine(e)) return false;
    try {
      this.board.svg.releasePointerCapture(e.pointerId);
    } catch {
      /* already released */
    }
    this._finish(this.board._cellAt(e.clientX, e.clientY));
    return true;
  }

  // -- the keys, on a focused cell (see the top of this file) ------------------------
  /** The focus moved to `cell` (the arrow keys): an arrow drawn from the keys follows it. */
  focused(cell) {
    if (this.pending && this.pending.by === "keys" && this.pending.to !== cell) {
      this.pending.to = cell;
      this.draw();
    }
  }

  /** A drawing key; whether `e` was one (then it is used up). */
  key(e) {
    const what = { KeyA: "arrow", KeyC: "circle", KeyX: "clear" }[e.code];
    const dropping = e.key === "Escape" && !!this.pending;
    const cell = this._cellOf(e);
    if ((!what && !dropping) || !cell || e.ctrlKey || e.metaKey) return false;
    e.preventDefault();
    e.stopPropagation();
    if (dropping) this.cancel();
    else if (what === "clear") {
      this.cancel();
      if (this.shown.length) this.board.handlers.onShapes?.([]);
    } else if (what === "arrow" && this.pending) this._finish(cell);
    else {
      this.pending = { from: cell, to: cell, colour: colourOf(e), by: "keys" };
      if (what === "circle") this._finish(cell);
      else this.draw();
    }
    return true;
  }
}

/** Draw `shapes` (and the `pending` one being drawn, fainter) into `layer`
 * over the board `geometry`; shapes naming cells this board lacks are left out. */
export function drawShapes(geometry, layer, shapes, pending) {
  while (layer.firstChild) layer.removeChild(layer.firstChild);
  if (!geometry) return;
  const all = (shapes || []).map(s => ({ shape: s, cls: "" }));
  if (pending && pending.to != null) {
    all.push({ shape: shapeOf(pending.colour, pending.from, pending.to), cls: " shape-pending" });
  }
  // circles first, arrows over them (an arrow ending on a circled cell stays whole)
  all.sort((a, b) => a.shape.length - b.shape.length);
  for (const { shape, cls } of all) {
    const [colour, ...ids] = shape;
    const cells = ids.map(id => geometry.cells.get(id));
    if (cells.some(c => !c)) continue;
    const attrs = {
      class: `shape shape-${colour}${cls}`,
      "data-shape": shape.join(" "),
    };
    if (cells.length === 1) {
      const c = cells[0];
      el("circle", { ...attrs, cx: fmt(c.x), cy: fmt(c.y), r: fmt(c.inradius * 0.88) }, layer);
    } else {
      el("polygon", { ...attrs, points: arrowPoints(cells[0], cells[1]) }, layer);
    }
  }
}

/** An arrow's outline from the centre of cell `a` to near the centre of `b`. */
function arrowPoints(a, b) {
  const dx = b.x - a.x,
    dy = b.y - a.y,
    len = Math.hypot(dx, dy) || 1;
  const ux = dx / len,
    uy = dy / len;
  const w = 0.15, // the shaft's width, in cells
    head = 0.42, // the head's length
    spread = 0.19; // half the head's width
  const ex = b.x - ux * 0.12,
    ey = b.y - uy * 0.12; // the tip, a little short of the centre
  const bx = ex - ux * head,
    by = ey - uy * head; // where the head starts
  const side = (x, y, d) => [x - uy * d, y + ux * d];
  const pts = [
    side(a.x, a.y, w / 2),
    side(bx, by, w / 2),
    side(bx, by, spread),
    [ex, ey],
    side(bx, by, -spread),
    side(bx, by, -w / 2),
    side(a.x, a.y, -w / 2),
  ];
  return pts.map(p => p.map(fmt).join(",")).join(" ");
}
