// The board's geometry, built once per board shape: every cell's place in
// units of one cell (polygon boards scaled so a typical cell is one unit
// across), the <svg>'s viewBox, its layers, the cells' shapes and shading,
// the files' and ranks' names, and one hit area per cell for the input.
// Part of the drawing (board-draw.js), which calls it when a view's board
// differs from the last one's.

import { el, fmt } from "./glyphs.js";

/** The radius of the circle inside a polygon cell (its nearest side's distance from its centre). */
function polygonInradius(cell) {
  const pts = cell.points;
  let best = Infinity;
  for (let i = 0; i < pts.length; i++) {
    const [x1, y1] = pts[i];
    const [x2, y2] = pts[(i + 1) % pts.length];
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const d = Math.abs((x2 - x1) * (y1 - cell.y) - (x1 - cell.x) * (y2 - y1)) / len;
    best = Math.min(best, d);
  }
  return best;
}

/**
 * Every cell's place on the screen, in units of one cell (no DOM): {cells
 * (id -> cell with x, y, points, inradius), W, H, k (the scale from the
 * view's units), place([x, y]) -> [x, y] (a point of the view's board to the
 * screen)}.  `flipped`: turned half round, the far side at the bottom (the
 * same rotation for every kind of board, so polygons stay polygons).
 */
export function placeCells(board, flipped = false) {
  // Work in units of one cell: squares and points already are; polygon
  // boards are scaled so that a typical cell is one unit across, so that
  // strokes, pieces and labels have the same weight on every board.
  let k = 1;
  if (board.kind === "polygons") {
    const sizes = board.cells
      .filter(c => c.points)
      .map(c => 2 * polygonInradius(c))
      .sort((a, b) => a - b);
    const typical = sizes[Math.floor(sizes.length / 2)];
    if (typical > 0) k = 1 / typical;
  }
  const W = board.width * k;
  const H = board.height * k;
  const place = ([x, y]) => (flipped ? [W - x * k, H - y * k] : [x * k, y * k]);
  const cells = new Map();
  for (const cell of board.cells) {
    const [x, y] = place([cell.x, cell.y]);
    const g = { ...cell, x, y };
    if (cell.points) g.points = cell.points.map(place);
    g.inradius = board.kind === "polygons" && g.points ? polygonInradius(g) : 0.5;
    cells.set(cell.id, g);
  }
  return { cells, W, H, k, place };
}

/** Whether the board has files and ranks written along its edges (polygon boards name their cells). */
export const hasFiles = board => !!(board.files && board.files.length && board.kind !== "polygons");

/** The <svg>'s viewBox [x, y, width, height]: the board, and room for the
 * files and ranks when `coordinates` are shown (without them the board fills it). */
export function viewBoxOf(board, W, H, coordinates = true) {
  const margin = coordinates && hasFiles(board) ? 0.42 : 0.12;
  return [-margin, -0.12, W + margin + 0.12, H + 0.12 + margin];
}

/** Where each file's and rank's name is written: [{text, x, y}], files under
 * the board and ranks on its left, whichever way it is turned (readable, in
 * the screen's order). */
export function coordinateLabels(board, W, H, flipped = false) {
  const out = [];
  if (!hasFiles(board)) return out;
  board.files.forEach((f, i) => {
    out.push({ text: f, x: flipped ? W - i - 0.5 : i + 0.5, y: H + 0.3 });
  });
  (board.ranks || []).forEach((r, j) => {
    out.push({ text: r, x: -0.21, y: (flipped ? j + 0.5 : H - j - 0.5) + 0.05 });
  });
  return out;
}

/** Build the drawing's geometry and its <svg> skeleton for `board`, turned
 * as `drawing.flipped` says, coordinates as `drawing.coordinates` says. */
export function buildGeometry(drawing, board) {
  const svg = drawing.svg;
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  const flipped = !!drawing.flipped;
  const coordinates = drawing.coordinates !== false;
  const { cells, W, H, k, place } = placeCells(board, flipped);
  drawing.geometry = { kind: board.kind, cells, scale: k, flipped };
  svg.setAttribute("viewBox", viewBoxOf(board, W, H, coordinates).map(fmt).join(" "));
  svg.setAttribute("class", `board kind-${board.kind}${drawing.interactive ? " interactive" : ""}`);

  const layer = name => el("g", { class: `layer layer-${name}` }, svg);
  const base = layer("base");
  if (board.kind === "squares") {
    el("rect", { x: 0, y: 0, width: W, height: H, class: "frame" }, base);
    for (const c of cells.values()) {
      el(
        "rect",
        {
          x: fmt(c.x - 0.5),
          y: fmt(c.y - 0.5),
          width: 1,
          height: 1,
          class: `sq shade-${c.shade ?? 0}`,
          "data-cell": c.id,
        },
        base,
      );
    }
  } else if (board.kind === "points") {
    el("rect", { x: 0, y: 0, width: W, height: H, class: "frame wood" }, base);
    const xs = [...new Set([...cells.values()].map(c => c.x))].sort((a, b) => a - b);
    const ys = [...new Set([...cells.values()].map(c => c.y))].sort((a, b) => a - b);
    for (const x of xs) {
      el("line", { x1: x, y1: ys[0], x2: x, y2: ys[ys.length - 1], class: "grid" }, base);
    }
    for (const y of ys) {
      el("line", { x1: xs[0], y1: y, x2: xs[xs.length - 1], y2: y, class: "grid" }, base);
    }
  } else {
    for (const c of cells.values()) {
      if (!c.points) continue;
      el(
        "polygon",
        {
          points: c.points.map(p => p.map(fmt).join(",")).join(" "),
          class: `poly shape-${c.shape || "cell"}`,
          "data-cell": c.id,
        },
        base,
      );
    }
  }
  for (const edge of board.edges || []) {
    const color = drawing._seatColor(edge.owner);
    const [x1, y1] = place(edge.from);
    const [x2, y2] = place(edge.to);
    const ends = { x1: fmt(x1), y1: fmt(y1), x2: fmt(x2), y2: fmt(y2) };
    // under each side's line a dark casing: a white side stays visible on a light frame
    el("line", { ...ends, class: "edge-casing" }, base);
    el("line", { ...ends, class: `edge c-${color}`, "data-owner": edge.owner }, base);
  }
  // coordinates (none when they are hidden: the board takes their room)
  const coords = layer("coords");
  if (coordinates && hasFiles(board)) {
    for (const label of coordinateLabels(board, W, H, flipped)) {
      el("text", { x: fmt(label.x), y: fmt(label.y), class: "coord" }, coords).textContent = label.text;
    }
  } else if (coordinates && board.kind === "polygons") {
    for (const c of cells.values()) {
      el(
        "text",
        {
          x: fmt(c.x),
          y: fmt(c.y + c.inradius * 0.62),
          class: "coord cell-name",
          "data-cell": c.id,
          "font-size": fmt(Math.min(0.17, c.inradius * 0.36)),
        },
        coords,
      ).textContent = c.id;
    }
  }
  drawing.layers = {
    // highlights under the markers: a marker just captured keeps its colour in a tinted rim
    highlights: layer("highlights"),
    markers: layer("markers"),
    selection: layer("selection"),
    pieces: layer("pieces"),
    // what moves for a moment only (board-motion.js): pieces leaving, taken or dropped
    motion: layer("motion"),
    preview: layer("preview"),
    annotations: layer("annotations"),
    overlay: layer("overlay"),
    // arrows and circles drawn by the player (board-shapes.js), over everything but the hit areas
    shapes: layer("shapes"),
    hits: layer("hits"),
    drag: layer("drag"),
  };
  // hit shapes: one per cell, transparent, on top; they carry the labels
  for (const c of cells.values()) {
    const attrs = { class: "hit", "data-cell": c.id };
    let hit;
    if (board.kind === "squares") {
      hit = el(
        "rect",
        { ...attrs, x: fmt(c.x - 0.5), y: fmt(c.y - 0.5), width: 1, height: 1 },
        drawing.layers.hits,
      );
    } else if (board.kind === "points") {
      hit = el("circle", { ...attrs, cx: c.x, cy: c.y, r: 0.5 }, drawing.layers.hits);
    } else if (c.points) {
      hit = el(
        "polygon",
        { ...attrs, points: c.points.map(p => p.map(fmt).join(",")).join(" ") },
        drawing.layers.hits,
      );
    } else {
      hit = el("circle", { ...attrs, cx: fmt(c.x), cy: fmt(c.y), r: 0.5 }, drawing.layers.hits);
    }
    c.hit = hit;
  }
}
