// The board widget's options (web/board/board.js setOrientation and
// setCoordinates, web/board/board-geometry.js): flipped, every cell is
// drawn turned half round (polygon boards too), the arrow keys follow the
// screen, the files and ranks stay upright under and left of the board in
// the screen's order; without coordinates no label is drawn and the board
// fills the room they took.  Both redraw at once and keep the selection.
// The widget is driven in Node over a small stand-in for the DOM (below).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { coordinateLabels, placeCells, viewBoxOf } from "../../web/board/board-geometry.js";
import { neighbour } from "../../web/board/board.js";

const VIEWS = JSON.parse(readFileSync(new URL("fixtures/board-views.json", import.meta.url)));

// -- a small stand-in for the DOM: elements, classes, attributes and the
// selectors the board uses (compound selectors joined by spaces, and lists) --

function matchesCompound(node, part) {
  const m = part.match(/^([a-z]*)((?:\.[\w-]+)*)((?:\[[^\]]+\])*)$/i);
  if (!m) throw new Error(`selector not understood: ${part}`);
  const [, tag, classes, attrs] = m;
  if (tag && node.tagName !== tag) return false;
  for (const c of classes.split(".").filter(Boolean)) if (!node.classList.contains(c)) return false;
  for (const [, name, value] of attrs.matchAll(/\[([\w-]+)(?:="([^"]*)")?\]/g)) {
    const v = node.getAttribute(name);
    if (v == null || (value !== undefined && v !== value)) return false;
  }
  return true;
}

function matches(node, selector) {
  return selector.split(",").some(one => {
    const parts = one.trim().split(/\s+/);
    if (!matchesCompound(node, parts[parts.length - 1])) return false;
    let i = parts.length - 2;
    for (let up = node.parentNode; up && i >= 0; up = up.parentNode) {
      if (up.getAttribute && matchesCompound(up, parts[i])) i--;
    }
    return i < 0;
  });
}

class FakeNode {
  constructor(tagName) {
    this.tagName = tagName;
    this.attrs = new Map();
    this.children = [];
    this.parentNode = null;
    this.text = "";
    this.listeners = {};
    this.dataset = {};
    const self = this;
    this.classList = {
      contains: c => (self.getAttribute("class") || "").split(/\s+/).includes(c),
      add: c => self.classList.toggle(c, true),
      remove: c => self.classList.toggle(c, false),
      toggle(c, on) {
        const set = new Set((self.getAttribute("class") || "").split(/\s+/).filter(Boolean));
        const want = on === undefined ? !set.has(c) : !!on;
        if (want) set.add(c);
        else set.delete(c);
        self.setAttribute("class", [...set].join(" "));
        return want;
      },
    };
  }
  setAttribute(k, v) {
    this.attrs.set(k, String(v));
  }
  getAttribute(k) {
    return this.attrs.has(k) ? this.attrs.get(k) : null;
  }
  removeAttribute(k) {
    this.attrs.delete(k);
  }
  set className(v) {
    this.setAttribute("class", v);
  }
  get firstChild() {
    return this.children[0] || null;
  }
  appendChild(child) {
    if (child.parentNode) child.parentNode.removeChild(child);
    child.parentNode = this;
    this.children.push(child);
    return child;
  }
  append(...items) {
    for (const c of items)
      this.appendChild(typeof c === "string" ? Object.assign(new FakeNode("#text"), { text: c }) : c);
  }
  removeChild(child) {
    this.children = this.children.filter(c => c !== child);
    child.parentNode = null;
    return child;
  }
  replaceChildren(...items) {
    for (const c of [...this.children]) this.removeChild(c);
    this.append(...items);
  }
  set textContent(v) {
    this.children = [];
    this.text = String(v);
  }
  get textContent() {
    return this.text + this.children.map(c => c.textContent).join("");
  }
  addEventListener(type, f) {
    if (!this.listeners[type]) this.listeners[type] = [];
    this.listeners[type].push(f);
  }
  /** Call the listeners of `type` with a stand-in event aimed at `target`. */
  fire(type, target, more = {}) {
    const event = { target, preventDefault() {}, stopPropagation() {}, ...more };
    for (const f of this.listeners[type] || []) f(event);
  }
  *descendants() {
    for (const c of this.children) {
      yield c;
      yield* c.descendants();
    }
  }
  querySelectorAll(selector) {
    return [...this.descendants()].filter(n => n.tagName !== "#text" && matches(n, selector));
  }
  querySelector(selector) {
    return this.querySelectorAll(selector)[0] || null;
  }
  closest(selector) {
    for (let n = this; n && n.getAttribute; n = n.parentNode) if (matches(n, selector)) return n;
    return null;
  }
  contains(node) {
    for (let n = node; n; n = n.parentNode) if (n === this) return true;
    return false;
  }
  focus() {}
}

globalThis.document = {
  createElementNS: (_ns, name) => new FakeNode(name),
  createElement: name => new FakeNode(name),
  body: new FakeNode("body"),
};
globalThis.matchMedia = () => ({ matches: false });
globalThis.CSS = { escape: s => s };
globalThis.queueMicrotask ||= f => Promise.resolve().then(f);

const { Board } = await import("../../web/board/board.js");

function newBoard() {
  const svg = new FakeNode("svg");
  const board = new Board(
    { svg, palette: new FakeNode("div"), actions: new FakeNode("div") },
    { onMove() {}, onMark() {} },
  );
  return { board, svg };
}

/** Where the board draws each piece: cell -> [x, y] of its disc. */
function discs(svg) {
  const out = {};
  for (const g of svg.querySelectorAll(".layer-pieces .piece")) {
    const c = g.querySelector("circle");
    out[g.getAttribute("data-cell")] = [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))];
  }
  return out;
}

const ARROWS = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

// -- geometry, without a DOM ------------------------------------------------------------

test("flipped, every square is turned half round: a1 at the top right, h8 at the bottom left", () => {
  const board = VIEWS.loa.board;
  const plain = placeCells(board).cells;
  const { cells, W, H } = placeCells(board, true);
  for (const [id, c] of cells) {
    assert.deepEqual([c.x, c.y], [W - plain.get(id).x, H - plain.get(id).y], id);
  }
  assert.deepEqual([cells.get("a1").x, cells.get("a1").y], [7.5, 0.5]);
  assert.deepEqual([cells.get("h8").x, cells.get("h8").y], [0.5, 7.5]);
});

test("flipped, a polygon board turns too: every corner of every cell", () => {
  const board = VIEWS.evl.board;
  const plain = placeCells(board);
  const flipped = placeCells(board, true);
  for (const [id, c] of flipped.cells) {
    const p = plain.cells.get(id);
    assert.ok(Math.abs(c.x - (plain.W - p.x)) < 1e-9 && Math.abs(c.y - (plain.H - p.y)) < 1e-9, id);
    c.points.forEach(([x, y], i) => {
      assert.ok(Math.abs(x - (plain.W - p.points[i][0])) < 1e-9, `${id} corner ${i}`);
      assert.ok(Math.abs(y - (plain.H - p.points[i][1])) < 1e-9, `${id} corner ${i}`);
    });
    assert.ok(Math.abs(c.inradius - p.inradius) < 1e-9, "the same size");
  }
  // (the same turn for any point of the board: its sides' coloured edges too)
  assert.deepEqual(flipped.place([0, 0]), [plain.W, plain.H]);
  assert.deepEqual(flipped.place([board.width, 0]), [0, plain.H]);
});

test("flipped, the arrow keys follow the screen: Up goes to the square drawn above", () => {
  const geometry = { kind: "squares", cells: placeCells(VIEWS.loa.board, true).cells };
  const step = (id, arrow) => neighbour(geometry, id, ...ARROWS[arrow]);
  assert.deepEqual(
    Object.keys(ARROWS).map(a => step("d4", a)),
    ["d3", "d5", "e4", "c4"],
  );
  assert.equal(step("a1", "up"), null, "a1 is on the top edge");
  assert.equal(step("a1", "right"), null, "and on the right one");
  // EVL flipped: still every cell reached from every other
  const evl = { kind: "polygons", cells: placeCells(VIEWS.evl.board, true).cells };
  const seen = new Set(["a1"]);
  const todo = ["a1"];
  while (todo.length) {
    const id = todo.pop();
    for (const [dx, dy] of Object.values(ARROWS)) {
      const next = neighbour(evl, id, dx, dy);
      if (next && !seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
    }
  }
  assert.equal(seen.size, VIEWS.evl.board.cells.length);
});

test("flipped, the files and ranks stay under and left of the board, in the screen's order", () => {
  const board = VIEWS.loa.board;
  const { W, H } = placeCells(board, true);
  const labels = coordinateLabels(board, W, H, true);
  const files = labels.filter(l => /[a-h]/.test(l.text));
  const ranks = labels.filter(l => /\d/.test(l.text));
  assert.ok(
    files.every(l => l.y > H),
    "under the board",
  );
  assert.ok(
    ranks.every(l => l.x < 0),
    "left of it",
  );
  assert.deepEqual(
    files
      .sort((a, b) => a.x - b.x)
      .map(l => l.text)
      .join(""),
    "hgfedcba",
  );
  assert.deepEqual(
    ranks
      .sort((a, b) => a.y - b.y)
      .map(l => l.text)
      .join(""),
    "12345678",
  );
  // each label sits on its square's column or row
  const cells = placeCells(board, true).cells;
  assert.equal(files.find(l => l.text === "a").x, cells.get("a1").x);
  assert.ok(Math.abs(ranks.find(l => l.text === "1").y - cells.get("a1").y) < 0.1);
});

test("without coordinates, the view box holds the board alone: it is drawn larger", () => {
  const board = VIEWS.loa.board;
  const { W, H } = placeCells(board);
  const [, , w1, h1] = viewBoxOf(board, W, H, true);
  const [x0, y0, w0, h0] = viewBoxOf(board, W, H, false);
  assert.ok(w0 < w1 && h0 < h1);
  assert.ok(x0 < 0 && y0 < 0 && x0 + w0 > W && y0 + h0 > H, "the whole board inside");
  // (the board's share of the box: 8 / 8.24 without, 8 / 8.54 with)
  assert.ok(W / w0 > 0.97 && W / w1 < 0.94);
});

// -- the widget ---------------------------------------------------------------------------

test("setOrientation redraws the position turned half round, keeping the selection", () => {
  const { board, svg } = newBoard();
  board.show(VIEWS.loa);
  board.setInteractive(true);
  board._click("b1");
  assert.deepEqual(board.selection, ["b1"]);
  const before = discs(svg);
  board.setOrientation(true);
  const after = discs(svg);
  assert.deepEqual(Object.keys(after).sort(), Object.keys(before).sort());
  for (const id of Object.keys(before))
    assert.deepEqual(after[id], [8 - before[id][0], 8 - before[id][1]], id);
  assert.deepEqual(board.selection, ["b1"], "the selection stays");
  const sel = svg.querySelector('.layer-selection .sel[data-cell="b1"]');
  assert.ok(sel, "and is drawn");
  assert.deepEqual([Number(sel.getAttribute("x")), Number(sel.getAttribute("y"))], [6, 0]);
  assert.ok(svg.querySelectorAll(".layer-overlay .target").length > 0, "with its targets");
  // a position shown afterwards is drawn flipped too; turned back, as at first
  board.show({ ...VIEWS.loa, ply: 0, pieces: VIEWS.loa.pieces.slice(1) });
  board.setOrientation(false);
  const back = discs(svg);
  for (const id of Object.keys(back)) assert.deepEqual(back[id], before[id], id);
});

test("setCoordinates(false) draws no file, rank or cell name, and gives the board their room", () => {
  for (const game of ["loa", "evl"]) {
    const { board, svg } = newBoard();
    board.show(VIEWS[game]);
    const labels = () => svg.querySelectorAll(".layer-coords text").length;
    assert.ok(labels() > 0, `${game}: labels at first`);
    const box = () => svg.getAttribute("viewBox").split(" ").map(Number);
    const [, , w1] = box();
    board.setCoordinates(false);
    assert.equal(labels(), 0, `${game}: no labels`);
    if (game === "loa") assert.ok(box()[2] < w1, "the box shrinks to the board");
    board.setCoordinates(true);
    assert.ok(labels() > 0, `${game}: labels again`);
  }
});

test("on the flipped board, the arrow keys move the focus the way the screen shows", () => {
  const { board, svg } = newBoard();
  board.show(VIEWS.loa);
  board.setOrientation(true);
  const press = (from, key) => {
    svg.fire("keydown", svg.querySelector(`.hit[data-cell="${from}"]`), { key });
    return board.drawing.focusCell;
  };
  assert.equal(press("d4", "ArrowUp"), "d3");
  assert.equal(press("d4", "ArrowDown"), "d5");
  assert.equal(press("d4", "ArrowLeft"), "e4");
  assert.equal(press("d4", "ArrowRight"), "c4");
  board.setOrientation(false);
  assert.equal(press("d4", "ArrowUp"), "d5");
});

test("the options redraw without a motion, and a position shown is drawn at once", () => {
  const { board, svg } = newBoard();
  board.show(VIEWS.loa);
  board.setOrientation(true);
  assert.equal(svg.dataset.animating, "no");
  assert.equal(svg.querySelector(".layer-motion").children.length, 0);
});
