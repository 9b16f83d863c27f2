// The board's drawing: an SVG drawn from a view (see the schema in
// py/gamut/view.py).  It knows geometry (squares, points of a grid,
// polygons), pieces (discs, stacks, written labels), markers, highlights
// and annotations, never a game's rules.  Owned by the Board widget
// (board.js), which feeds it views and input state.  Its geometry is built
// in board-geometry.js, its pieces drawn in board-pieces.js.

import { COLOR_NAMES, el, fmt } from "./glyphs.js";
import { t } from "../i18n/i18n.js";
import { playerWords } from "../engine/words.js";
import { buildGeometry } from "./board-geometry.js";
import { viewTitle } from "./title.js";
import { drawPiece } from "./board-pieces.js";

/**
 * The drawing of a board in an <svg>: given a view, it draws; given an
 * overlay state, it marks selection, targets, preview and suggestion.  It
 * takes no input itself (board.js's Board does).
 */
export class BoardDrawing {
  constructor(svg) {
    this.svg = svg;
    this.view = null;
    this.geometry = null;
    this.overlayState = {
      selected: [],
      targets: new Set(),
      actionable: new Set(),
      pending: null,
      picked: new Set(),
    };
    this.interactive = false;
    this.flipped = false; // turned half round (board-geometry.js placeCells)
    this.coordinates = true; // files and ranks, or cell names, written
    this.focusCell = null; // the board's tab stop (board.js moves it with the arrow keys)
    /** The geometry's key: the board's shape it was built for (see render). @type {string | null} */
    this.geometryKey = null;
    /** The <svg>'s layers by name (board-geometry.js builds them with the geometry; null before).
     * @type {Record<string, SVGGElement>} */
    this.layers = /** @type {any} */ (null);
    /** The pieces drawn, by cell. @type {Map<string, any>} */
    this.pieceAt = new Map();
    /** The cells with a marker drawn. @type {Set<string>} */
    this.markerAt = new Set();
    /** Cell -> drawn radius, where it differs from _pieceRadius. @type {Map<string, number>} */
    this.pieceSize = new Map();
    svg.setAttribute("role", "group");
  }

  setInteractive(on) {
    this.interactive = on;
    this.svg.classList.toggle("interactive", on);
    this.svg.setAttribute("aria-disabled", on ? "false" : "true");
    if (this.view) this.overlay(this.overlayState);
  }

  // -- drawing ---------------------------------------------------------------
  render(view) {
    this.view = view;
    const board = view.board;
    // everything the geometry is built from, shading included (an 8x8 EL is
    // plain, an 8x8 Lines of Action checkered)
    const key = JSON.stringify([
      this.flipped,
      this.coordinates,
      board.kind,
      board.width,
      board.height,
      board.edges || [],
      board.files || [],
      board.ranks || [],
      board.cells.map(c => [c.id, c.x, c.y, c.shade ?? 0, c.shape || ""]),
    ]);
    if (this.geometryKey !== key) {
      this.geometryKey = key;
      buildGeometry(this, board);
    }
    this.svg.setAttribute("aria-label", t("board.named", { title: viewTitle(view) }));
    this._drawMarkers(view);
    this._drawHighlights(view);
    this._drawPieces(view);
    this._drawAnnotations(view);
    this.overlay(this.overlayState);
  }

  _seatColor(seat) {
    const players = (this.view && this.view.players) || [];
    return (
      (players[seat] && COLOR_NAMES[players[seat].color]) ||
      ["black", "white", "red", "blue"][seat] ||
      "black"
    );
  }

  _cellShape(c, cls, parent, shrink = 0) {
    const kind = this.geometry.kind;
    if (kind === "squares") {
      return el(
        "rect",
        {
          x: fmt(c.x - 0.5 + shrink),
          y: fmt(c.y - 0.5 + shrink),
          width: fmt(1 - 2 * shrink),
          height: fmt(1 - 2 * shrink),
          class: cls,
          "data-cell": c.id,
        },
        parent,
      );
    }
    if (kind === "points" || !c.points) {
      return el(
        "circle",
        { cx: fmt(c.x), cy: fmt(c.y), r: fmt(0.46 - shrink), class: cls, "data-cell": c.id },
        parent,
      );
    }
    return el(
      "polygon",
      {
        points: c.points.map(p => p.map(fmt).join(",")).join(" "),
        class: cls,
        "data-cell": c.id,
      },
      parent,
    );
  }

  /** A marker: a tile of its owner's colour inside the cell (the cell's
   * shape shrunk towards its centre), large enough to see at a glance. */
  _markerTile(c, cls, layer, owner) {
    const tile = c.points
      ? el(
          "polygon",
          {
            points: c.points
              .map(([x, y]) => [c.x + (x - c.x) * 0.74, c.y + (y - c.y) * 0.74].map(fmt).join(","))
              .join(" "),
            class: cls,
            "data-cell": c.id,
          },
          layer,
        )
      : this._cellShape(c, cls, layer, 0.14);
    tile.setAttribute("data-owner", owner);
    return tile;
  }

  /** Hide the cell names under pieces and markers (`covers`: the cell ids). */
  _coverNames(covers) {
    for (const t of this.svg.querySelectorAll(".layer-coords .cell-name")) {
      t.classList.toggle("covered", covers(t.getAttribute("data-cell")));
    }
  }

  _clear(layer) {
    while (layer.firstChild) layer.removeChild(layer.firstChild);
  }

  _drawMarkers(view) {
    const layer = this.layers.markers;
    this._clear(layer);
    for (const m of view.markers || []) {
      const c = this.geometry.cells.get(m.cell);
      if (!c) continue;
      this._markerTile(c, `marker c-${this._seatColor(m.owner)}`, layer, m.owner);
    }
  }

  _drawHighlights(view) {
    const layer = this.layers.highlights;
    this._clear(layer);
    const last = view.last_move || [];
    for (const id of last) {
      const c = this.geometry.cells.get(id);
      if (c) this._cellShape(c, "hl hl-last", layer);
    }
    for (const h of view.highlights || []) {
      const kind = /^[a-z-]+$/.test(h.kind || "") ? h.kind : "other";
      for (const id of h.cells || []) {
        const c = this.geometry.cells.get(id);
        if (c) this._cellShape(c, `hl hl-${kind}`, layer, kind === "last" ? 0 : 0.04);
      }
    }
  }

  _pieceRadius(c) {
    return this.geometry.kind === "polygons" ? c.inradius * 0.72 : 0.4;
  }

  _drawPieces(view) {
    const layer = this.layers.pieces;
    this._clear(layer);
    this.pieceAt = new Map();
    this.pieceSize = new Map(); // cell -> drawn radius, where it differs from _pieceRadius
    for (const p of view.pieces || []) {
      if (drawPiece(this, p, layer, "piece")) this.pieceAt.set(p.cell, p);
    }
    // a cell's name is hidden under its piece or marker
    this.markerAt = new Set((view.markers || []).map(m => m.cell));
    this._coverNames(id => this.pieceAt.has(id) || this.markerAt.has(id));
  }

  /** Draw a move's preview (see core.py: "preview"): its pieces and markers
   * on its cells, the board's own ones there faded out. */
  _drawPreview(preview) {
    const layer = this.layers.preview;
    this._clear(layer);
    const cells = new Set((preview && preview.cells) || []);
    for (const node of this.svg.querySelectorAll(".layer-pieces .piece, .layer-markers [data-cell]")) {
      node.classList.toggle("previewed", cells.has(node.getAttribute("data-cell")));
    }
    const onBoard = id =>
      !!((this.pieceAt && this.pieceAt.has(id)) || (this.markerAt && this.markerAt.has(id)));
    this._coverNames(id =>
      cells.has(id)
        ? [...(preview.pieces || []), ...(preview.markers || [])].some(p => p.cell === id)
        : onBoard(id),
    );
    if (!preview) return;
    for (const id of cells) {
      const c = this.geometry.cells.get(id);
      if (c) this._cellShape(c, "preview-cell", layer);
    }
    for (const m of preview.markers || []) {
      const c = this.geometry.cells.get(m.cell);
      if (!c) continue;
      this._markerTile(c, `marker preview-marker c-${this._seatColor(m.owner)}`, layer, m.owner);
    }
    for (const p of preview.pieces || []) drawPiece(this, p, layer, "piece-preview");
  }

  _drawAnnotations(view) {
    const layer = this.layers.annotations;
    this._clear(layer);
    const perCell = new Map();
    for (const a of view.annotations || []) {
      const c = this.geometry.cells.get(a.cell);
      if (!c) continue;
      const n = perCell.get(a.cell) || 0;
      perCell.set(a.cell, n + 1);
      const size = c.inradius * 0.42;
      const color = a.owner != null ? this._seatColor(a.owner) : "none";
      const kind = /^[a-z-]+$/.test(a.kind || "") ? a.kind : "note";
      const alone = (view.annotations || []).filter(o => o.cell === a.cell).length === 1;
      if (alone && !(this.pieceAt && this.pieceAt.has(a.cell))) {
        // the only note on an empty cell: pencilled in large and faint in the middle
        const big = c.inradius * Math.min(0.95, 2.2 / Math.max(1, String(a.text).length + 1));
        el(
          "text",
          {
            x: fmt(c.x),
            y: fmt(c.y),
            class: `annotation ann-${kind} ghost c-${color}`,
            "font-size": fmt(big),
            "data-cell": a.cell,
          },
          layer,
        ).textContent = a.text;
        continue;
      }
      el(
        "text",
        {
          x: fmt(c.x - c.inradius * 0.78 + n * size * 0.75),
          y: fmt(c.y - c.inradius * 0.5),
          class: `annotation ann-${kind} c-${color}`,
          "font-size": fmt(size),
          "data-cell": a.cell,
        },
        layer,
      ).textContent = a.text;
    }
  }

  /**
   * Draw the input state: `selected` ids, `targets` (Set of next click
   * ids), `actionable` (ids that do something when clicked), `pending`
   * (a move waiting for confirmation), `picked` (multi-select cells).
   */
  overlay(state) {
    this.overlayState = state;
    if (!this.view) return;
    const layer = this.layers.overlay;
    this._clear(layer);
    const under = this.layers.selection; // drawn under the pieces
    this._clear(under);
    const cells = this.geometry.cells;
    for (const id of state.selected) {
      const c = cells.get(id);
      if (c) this._cellShape(c, "sel", under);
    }
    for (const id of state.picked || []) {
      const c = cells.get(id);
      if (c) this._cellShape(c, "picked", under, 0.06);
    }
    this._drawPreview(state.preview || null);
    this._drawSuggest(state.suggest || null, layer);
    const soft = state.soft ? " soft" : "";
    for (const id of state.targets) {
      const c = cells.get(id);
      if (!c) continue;
      const occupied = this.pieceAt && this.pieceAt.has(id);
      if (occupied) {
        const size = this.pieceSize && this.pieceSize.get(id);
        const rt = size ? size + 0.06 : this._pieceRadius(c) * 1.12;
        el(
          "circle",
          { cx: fmt(c.x), cy: fmt(c.y), r: fmt(rt), class: "target capture", "data-cell": id },
          layer,
        );
      } else {
        el(
          "circle",
          {
            cx: fmt(c.x),
            cy: fmt(c.y),
            r: fmt(this._pieceRadius(c) * (soft ? 0.22 : 0.38)),
            class: `target${soft}`,
            "data-cell": id,
          },
          layer,
        );
      }
    }
    // hit shapes: labels (each starts with the cell's name) and keyboard reachability
    const nameOf = seat => playerWords(this.view, seat) || t("player.numbered", { n: seat + 1 });
    const markerAt = new Map((this.view.markers || []).map(m => [m.cell, m]));
    for (const c of cells.values()) {
      const p = this.pieceAt && this.pieceAt.get(c.id);
      const parts = [];
      if (c.shape && c.shape !== "cell") parts.push(t(`view.shape.${c.shape}`));
      if (p) {
        const owner = nameOf(p.owner);
        if (p.stack && p.stack.length > 1)
          parts.push(
            t("board.stack", { count: p.stack.length, owner, list: p.stack.map(nameOf).join(", ") }),
          );
        else if (p.label != null) parts.push(`${owner} ${p.label}`);
        else parts.push(t("board.piece", { owner }));
      }
      const marker = markerAt.get(c.id);
      if (marker) parts.push(t("board.marker", { name: nameOf(marker.owner) }));
      if (!p) parts.push(t("board.empty"));
      if (state.selected.includes(c.id)) parts.push(t("board.selected"));
      if (state.targets.has(c.id)) parts.push(t("board.target"));
      if ((state.picked || new Set()).has(c.id)) parts.push(t("board.marked"));
      c.hit.setAttribute("aria-label", `${c.id}: ${parts.join(", ")}`);
      const active = this.interactive && state.actionable.has(c.id);
      c.hit.classList.toggle("actionable", active);
      // every cell is in the accessibility tree (a button when a click on it does
      // something now, else an image with its name) and reachable by the arrow
      // keys (one roving tab stop: board.js moves it)
      c.hit.setAttribute("role", active ? "button" : "img");
      c.hit.setAttribute("tabindex", "-1");
    }
    const stop =
      cells.get(this.focusCell) ||
      [...cells.values()].find(c => this.interactive && state.actionable.has(c.id)) ||
      cells.values().next().value;
    if (stop) stop.hit.setAttribute("tabindex", "0");
  }

  /** A suggested move (the computer's best so far, a hint): `{cells, kind}`,
   * the move's click ids; its board cells are ringed and, when it goes from
   * one cell to another, an arrow joins the first to the last. */
  _drawSuggest(suggest, layer) {
    if (!suggest) return;
    const cells = (suggest.cells || []).map(id => this.geometry.cells.get(id)).filter(Boolean);
    if (!cells.length) return;
    const kind = /^[a-z-]+$/.test(suggest.kind || "") ? suggest.kind : "hint";
    const g = el("g", { class: `suggest suggest-${kind}`, "data-move": suggest.text || null }, layer);
    for (const c of cells) {
      el(
        "circle",
        {
          cx: fmt(c.x),
          cy: fmt(c.y),
          r: fmt(this._pieceRadius(c) * 1.08),
          class: "suggest-ring",
          "data-cell": c.id,
        },
        g,
      );
    }
    // the line after the move: each move's number at the cell where it ends
    for (const step of suggest.line || []) {
      const ends = (step.cells || []).map(id => this.geometry.cells.get(id)).filter(Boolean);
      const c = ends[ends.length - 1];
      if (!c || !Number.isInteger(step.n)) continue;
      const r = this._pieceRadius(c);
      const x = c.x + r * 0.72,
        y = c.y - r * 0.72;
      const s = el("g", { class: "suggest-step", "data-cell": c.id, "data-n": String(step.n) }, g);
      el("circle", { cx: fmt(x), cy: fmt(y), r: fmt(r * 0.42) }, s);
      el("text", { x: fmt(x), y: fmt(y), "font-size": fmt(r * 0.6) }, s).textContent = String(step.n);
    }
    const a = cells[0],
      b = cells[cells.length - 1];
    const dx = b.x - a.x,
      dy = b.y - a.y,
      len = Math.hypot(dx, dy);
    if (len < 1e-6) return;
    const ux = dx / len,
      uy = dy / len,
      w = 0.11,
      head = 0.34;
    const sx = a.x + ux * 0.2,
      sy = a.y + uy * 0.2; // start just off the piece's centre
    const ex = b.x,
      ey = b.y;
    const bx = ex - ux * head,
      by = ey - uy * head;
    const pts = [
      [sx - (uy * w) / 2, sy + (ux * w) / 2],
      [bx - (uy * w) / 2, by + (ux * w) / 2],
      [bx - uy * w * 1.6, by + ux * w * 1.6],
      [ex, ey],
      [bx + uy * w * 1.6, by - ux * w * 1.6],
      [bx + (uy * w) / 2, by - (ux * w) / 2],
      [sx + (uy * w) / 2, sy - (ux * w) / 2],
    ];
    el("polygon", { points: pts.map(p => p.map(fmt).join(",")).join(" "), class: "suggest-arrow" }, g);
  }
}
