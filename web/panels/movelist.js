// The move list: the game tree drawn as lichess's analysis board draws it.
// The main line in numbered rows (a column per seat; a turn of several
// moves, such as EL's placement and declaration, in one cell), each fork's
// variations in an indented block under the row of the move they replace,
// written inline with their own sub-variations in parentheses.  Every move
// is a button that shows its position.  It draws from the model and calls
// back; it changes nothing itself.
//
// It draws only what changed (issue #32: a 5,000-move game steps and grows
// at the cost of a short one): each list remembers what it shows (the
// tree's version, the main line's nodes, a button for each node), so that
// another viewed move only moves the highlight, and moves added at the end
// of the main line (the game going on) are appended; anything else (a
// variation, a deletion, a promotion, the analysis's marks) draws the list
// again.  Buttons are keyed by the tree's nodes (tree.nodeAt), never by
// lines: a click computes its line then.  A large tree (#47: a record of
// 46,000 moves held the page for a second) is drawn a part at a time: the
// part holding the viewed move at once, the others in later frames, nearest
// first.  Each part is a box of its own in the list (li.part), standing at
// about its height until it is drawn (the list's data-drawn says "part",
// then "all"); a part out of view is not styled, laid out or painted
// (content-visibility), so that drawing one part, or moving the highlight,
// costs the same at any length (a list of 5,000 moves in one box restyled,
// laid out and painted again all its rows at each part drawn: 70-80 ms).
//
// A move's notes (issue #29, movenotes.js) are drawn with it: its glyph (!, ?, !!, ??, !?,
// ?!) after the move in the button, its comment under the row of the main
// line (the start position's above the first row) or inline in a variation.
// A comment is a button: a click shows its move and opens the comment editor
// (notes.js).  A change of notes only (tree.notesVersion; a clock writing a
// move's time) redraws the glyphs and comments of the moves changed, in
// place: the move buttons stay (a click on a move that saves the comment
// being typed, as its box loses the focus, still lands on that move).

import { t } from "../i18n/i18n.js";
import { h } from "../app/dom.js";
import { comment, updateNotes } from "./movenotes.js";
import { button, number } from "./moveitems.js";
import { variations } from "./movevariations.js";
import { SLICE_MS } from "../library/slices.js";

/** What each list shows, to update it in place. @type {WeakMap<Element, Shown>} */
const shown = new WeakMap();
/** A tree of more moves than this is drawn a part at a time (#47: a 46,000-move
 * record held the page for a second, drawing and laying out every move at once). */
export const AT_ONCE = 2000;
export { MAX_NESTING } from "./movevariations.js";
/** A part: whole rows with their comments and variations, about this many moves. */
const PART_MOVES = 150;
/** The height of a row not drawn yet, about (style.css .moves .row), and of a move in a variation. */
const ROW_PX = 28;
const VARIATION_MOVE_PX = 4;

/**
 * @typedef {import("../model/tree.js").TreeNode} TreeNode
 * @typedef {{tree: any, version: number, notesVersion: number, seats: number, per: number, round: number,
 *   marks: Record<string, string>, onSelect: (line: string[]) => void, onComment: (line: string[]) => void,
 *   main: TreeNode[], buttons: Map<TreeNode, HTMLElement>, said: Map<TreeNode, HTMLElement>, row: HTMLElement | null, turn: HTMLElement | null,
 *   empty: HTMLElement | null, current: HTMLElement | null, viewed: TreeNode | null, parts: Part[],
 *   unfinished: Generator<number, number, void>[], fullBlock: HTMLElement | null}} Shown
 * @typedef {{from: number, to: number, box: HTMLElement, rows: HTMLElement, drawn: boolean}} Part
 *   rows [from, to) of the main line, drawn into `rows` (an <ol>) in `box` (the list's item)
 */

/**
 * Draw `model`'s tree into `list` (an <ol>).  `seats` and `per` (moves in a
 * turn) come from the view; `onSelect(line)` shows a position; `marks` are
 * the analysis's marks of main-line moves by ply (?!, ? or ??);
 * `onComment(line)` (a comment clicked) edits the comment at `line`.
 */
export function drawMoveList(
  list,
  model,
  { seats = 2, per = 1, onSelect, onComment = () => {}, marks = {} },
) {
  const tree = model.tree;
  const viewed = tree.nodeAt(model.viewed);
  let s = shown.get(list);
  const same = s && s.tree === tree && s.seats === seats && s.per === per && sameMarks(s.marks, marks);
  if (
    !s ||
    !same ||
    (s.version !== tree.version && !appendMoves(s, list)) ||
    (s.notesVersion !== tree.notesVersion &&
      !updateNotes(s, s.parts.length ? s.parts[0].rows : list, node => drawnLater(s, node)))
  ) {
    if (!s) keepCurrentInView(list);
    s = drawAll(list, tree, seats, per, marks, viewed);
    shown.set(list, s);
  }
  s.onSelect = onSelect;
  s.onComment = onComment;
  s.viewed = viewed;
  setCurrent(s, viewed);
  list.dataset.nodes = String(tree.size() - 1);
  scrollToCurrent(list, s.current, model.viewed.length === 0);
}

function sameMarks(a, b) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every(k => a[k] === b[k]);
}

/** The whole list, drawn again: at once, or, for a large tree, the part
 * that holds `focus` (the viewed move) now and the others in later tasks,
 * nearest first, each standing in the list as an empty box of about its
 * height until then. @returns {Shown} */
function drawAll(list, tree, seats, per, marks, focus) {
  const round = Math.max(1, seats) * Math.max(1, per);
  const main = [];
  for (let n = tree.root; n.children.length; ) {
    n = n.children[0];
    main.push(n);
  }
  /** @type {Shown} */
  const s = {
    tree,
    version: tree.version,
    notesVersion: tree.notesVersion,
    seats,
    per,
    round,
    marks,
    onSelect: () => {},
    onComment: () => {},
    main,
    buttons: new Map(),
    said: new Map(),
    row: null,
    turn: null,
    empty: null,
    current: null,
    viewed: null,
    parts: [],
    unfinished: [],
    fullBlock: null,
  };
  const rows = Math.ceil(main.length / round);
  if (tree.size() - 1 <= AT_ONCE) {
    const items = drawRows(s, 0, rows);
    if (!main.length) {
      s.empty = h("li", { class: "empty" }, t("moves.none"));
      items.push(s.empty);
    }
    list.replaceChildren(...items);
    list.dataset.drawn = "all";
    if (s.unfinished.length) drawLater(list, s, 0);
    return s;
  }
  // parts of whole rows (a row's variations are never split), about PART_MOVES moves each
  let from = 0;
  let moves = 0;
  let varied = 0;
  for (let r = 0; r < rows; r++) {
    for (let j = r * round; j < Math.min(main.length, (r + 1) * round); j++) {
      const siblings = main[j].parent.children;
      moves += 1;
      for (let i = 1; i < siblings.length; i++) {
        const n = countMoves(siblings[i]);
        moves += n;
        varied += n;
      }
    }
    if (moves >= PART_MOVES || r === rows - 1) {
      // (a box of the list's presentation only: its rows are the list's items to a screen reader)
      const box = h("li", { class: "part pending", role: "none" });
      const height = (r + 1 - from) * ROW_PX + varied * VARIATION_MOVE_PX;
      box.style.setProperty("contain-intrinsic-size", `auto ${height}px`); // (its height until drawn and seen)
      const rowList = h("ol", { class: "part-rows", role: "none" });
      box.append(rowList);
      s.parts.push({ from, to: r + 1, box, rows: rowList, drawn: false });
      from = r + 1;
      moves = 0;
      varied = 0;
    }
  }
  list.replaceChildren(...s.parts.map(p => p.box));
  list.dataset.drawn = "part";
  const first = partOf(s, focus) || s.parts[s.parts.length - 1];
  drawPart(s, first);
  drawLater(list, s, s.parts.indexOf(first));
  return s;
}

/** The moves of the subtree at `node` (without recursion). */
function countMoves(node) {
  let n = 0;
  const todo = [node];
  while (todo.length) {
    const m = /** @type {any} */ (todo.pop());
    n++;
    for (const c of m.children) todo.push(c);
  }
  return n;
}

/** Whether `node` is drawn later: in a part not drawn yet, or in a block of
 * a long variation still to write. */
function drawnLater(s, node) {
  return partOf(s, node)?.drawn === false || (s.unfinished.length > 0 && !s.buttons.has(node));
}

/** The part of the list that holds `node` (null when the list is drawn at once, or for the start). */
function partOf(s, node) {
  if (!s.parts.length || !node) return null;
  if (!node.parent) return s.parts[0]; // (the start's comment is above the first row)
  // the main-line move it branches from: the last ancestor that is not a first child
  let off = null;
  for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) off = n;
  const j = (off || node).depth - 1;
  const row = Math.floor(j / s.round);
  return s.parts.find(p => p.from <= row && row < p.to) || null;
}

/** Draw part `part` into its box (once). */
function drawPart(s, part) {
  if (part.drawn) return;
  part.rows.replaceChildren(...drawRows(s, part.from, part.to));
  part.box.classList.remove("pending");
  part.drawn = true;
}

/** Draw what is not drawn yet, a few pieces at a frame (each frame lays out
 * what was added), until all is or the list is drawn again: the blocks of
 * long variations still to write, in the order of the list, then the parts
 * not drawn yet, nearest to part `at` first.  The viewed move, once drawn,
 * is shown as the current one. */
function drawLater(list, s, at) {
  const order = s.parts.map((_, i) => i).sort((a, b) => Math.abs(a - at) - Math.abs(b - at) || a - b);
  let k = 0;
  list.dataset.drawn = "part";
  const step = () => {
    if (shown.get(list) !== s) return; // (drawn again meanwhile)
    if (s.fullBlock) {
      // a long variation's later blocks stand in at the height of its first, laid out in the
      // frame before (not at 60 px: a viewed move in its last block, scrolled to, brought
      // twenty blocks of 1,200 px into view at once, one frame of 150 ms of CPU; #47)
      const px = s.fullBlock.offsetHeight;
      if (px > 0) list.style.setProperty("--variation-block-px", `${px}px`);
      s.fullBlock = null;
    }
    const started = performance.now();
    while (performance.now() - started < SLICE_MS) {
      if (s.unfinished.length) {
        if (s.unfinished[0].next().done) s.unfinished.shift();
      } else if (k < order.length) drawPart(s, s.parts[order[k++]]);
      else break;
    }
    if (s.viewed && !s.current && s.buttons.has(s.viewed)) {
      setCurrent(s, s.viewed);
      scrollToCurrent(list, s.current, false);
    }
    if (s.unfinished.length || k < order.length) frameLater(step);
    else list.dataset.drawn = "all";
  };
  frameLater(step);
}

/** `fn` after the next frame (a task of its own: what it adds is laid out in the frame after). */
function frameLater(fn) {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

/** The list's items of rows [from, to): each row of the main line, then
 * its moves' comments, then its variations. */
function drawRows(s, from, to) {
  const { main, round } = s;
  const items = [];
  if (from === 0 && s.tree.root.comment) items.push(comment(s, s.tree.root, "li"));
  const at = { row: null, turn: null };
  const end = Math.min(main.length, to * round);
  for (let j = from * round; j < end; ) {
    const forks = []; // the row's variations
    const said = []; // the row's moves that have a comment
    const rowEnd = Math.min(end, j + round);
    for (; j < rowEnd; j++) {
      const n = main[j];
      const row = addToMain(s, n, j, at);
      if (row) items.push(row);
      if (n.comment) said.push(n);
      const siblings = n.parent.children;
      for (let i = 1; i < siblings.length; i++) forks.push(siblings[i]);
    }
    items.push(...said.map(m => comment(s, m, "li")));
    if (forks.length) items.push(variations(s, forks));
  }
  if (end === main.length) {
    s.row = at.row; // (the list's last row: moves played next go into it)
    s.turn = at.turn;
  }
  return items;
}

/** Put the main line's `j`th move (from 0) `node` into the rows, `at` the
 * row being drawn: a new row (returned, for the caller to place) at a row's
 * first move, else into that row. */
function addToMain(s, node, j, at) {
  const b = button(s, node, "", s.marks[j + 1]);
  let row = null;
  if (j % s.round === 0) {
    // (striped by the row's number: the list's items also hold comments and variations)
    row = at.row = h(
      "li",
      { class: Math.floor(j / s.round) % 2 ? "row" : "row stripe" },
      number(s.round, j, false),
    );
    row.style.setProperty("--seats", String(s.seats)); // (through the CSSOM: the CSP allows no style attributes)
    at.turn = null;
  }
  const into = /** @type {HTMLElement} */ (at.row);
  if (s.per === 1) into.append(b);
  else {
    if (j % s.per === 0) {
      at.turn = h("span", { class: "turn" });
      into.append(at.turn);
    }
    /** @type {HTMLElement} */ (at.turn).append(b);
  }
  return row;
}

/** The moves added since the list was drawn, appended, when every edit
 * since is a move after the main line's last; false when the list must be
 * drawn again. */
function appendMoves(s, list) {
  const edits = s.tree.edits.filter(e => e.version > s.version);
  if (!edits.length || edits[0].version !== s.version + 1) return false; // (older than the edits kept)
  let tail = s.main.length ? s.main[s.main.length - 1] : s.tree.root;
  for (const e of edits) {
    if (e.kind !== "add" || e.node.parent !== tail || tail.children[0] !== e.node || e.node.comment)
      return false;
    tail = e.node;
  }
  if (tail.children.length) return false;
  if (s.empty) {
    s.empty.remove();
    s.empty = null;
  }
  if (s.parts.length) drawPart(s, s.parts[s.parts.length - 1]); // (the last row is there to go on)
  const at = { row: s.row, turn: s.turn };
  const into = s.parts.length ? s.parts[s.parts.length - 1].rows : list;
  for (const e of edits) {
    s.main.push(e.node);
    const row = addToMain(s, e.node, s.main.length - 1, at);
    if (row) into.append(row);
  }
  s.row = at.row;
  s.turn = at.turn;
  s.version = s.tree.version;
  return true;
}

/** The viewed move's button is the current one. */
function setCurrent(s, node) {
  const part = partOf(s, node);
  if (part) drawPart(s, part);
  const b = (node && s.buttons.get(node)) || null;
  if (b === s.current) return;
  if (s.current) {
    s.current.classList.remove("current");
    s.current.removeAttribute("aria-current");
  }
  if (b) {
    b.classList.add("current");
    b.setAttribute("aria-current", "step");
  }
  s.current = b;
}

/** Scroll the list's box (never the page) to show the current move whole,
 * centred when it was out of view; back to the top at the start. */
function scrollToCurrent(list, current, atStart) {
  const box = list.parentElement;
  if (current) {
    // measured on screen, not by offsetTop (whose reference box differs between layouts)
    const r = current.getBoundingClientRect();
    const top = box.getBoundingClientRect().top + box.clientTop; // the box's inside
    if (r.top < top || r.bottom > top + box.clientHeight) {
      box.scrollTop = Math.max(0, box.scrollTop + (r.top - top) - (box.clientHeight - r.height) / 2);
    }
  } else if (atStart) {
    box.scrollTop = 0;
  }
}

/** The list's box keeps its current move in view when its size changes
 * after the list was drawn (#28: a link opened fresh drew the list, then
 * the panel settled around it, leaving the current move half hidden at the
 * bottom; a window made smaller did the same). */
function keepCurrentInView(list) {
  const box = list.parentElement;
  if (!box || typeof ResizeObserver === "undefined") return;
  const observer = new ResizeObserver(() => {
    const s = shown.get(list);
    if (s && s.current && s.current.isConnected) scrollToCurrent(list, s.current, false);
  });
  observer.observe(box);
  observer.observe(list);
}

/** Whether the viewed move is in a variation (it can be promoted). */
export function inVariation(model) {
  return model.viewed.length > 0 && !model.tree.isMain(model.viewed);
}
