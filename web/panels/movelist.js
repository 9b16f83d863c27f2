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
// lines: a click computes its line then.
//
// A move's notes (issue #29) are drawn with it: its glyph (!, ?, !!, ??, !?,
// ?!) after the move in the button, its comment under the row of the main
// line (the start position's above the first row) or inline in a variation.
// A comment is a button: a click shows its move and opens the comment editor
// (notes.js).  A change of notes only (tree.notesVersion; a clock writing a
// move's time) redraws the glyphs and comments of the moves changed, in
// place: the move buttons stay (a click on a move that saves the comment
// being typed, as its box loses the focus, still lands on that move).

import { MAX_COMMENT, lineOf } from "../model/tree.js";
import { t } from "../i18n/i18n.js";
import { h } from "../app/dom.js";
import { MARK_GLYPH } from "../model/analysis.js";
import { formatSpent } from "../model/clock.js"; // (clock hook, #29)
import { GLYPH_WORDS } from "../model/nodenotes.js";

/** What each list shows, to update it in place. @type {WeakMap<Element, Shown>} */
const shown = new WeakMap();
/** A comment is shown folded past this many characters (#47). */
const FOLD_AT = 280;
/** The comments a player unfolded (showComment). @type {WeakSet<object>} */
const unfolded = new WeakSet();
/** Variations nested in the page at most this deep; deeper ones are written in line (#47). */
export const MAX_NESTING = 8;

/**
 * @typedef {import("../model/tree.js").TreeNode} TreeNode
 * @typedef {{tree: any, version: number, notesVersion: number, seats: number, per: number, round: number,
 *   marks: Record<string, string>, onSelect: (line: string[]) => void, onComment: (line: string[]) => void,
 *   main: TreeNode[], buttons: Map<TreeNode, HTMLElement>, said: Map<TreeNode, HTMLElement>, row: HTMLElement | null, turn: HTMLElement | null,
 *   empty: HTMLElement | null, current: HTMLElement | null}} Shown
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
  let s = shown.get(list);
  const same = s && s.tree === tree && s.seats === seats && s.per === per && sameMarks(s.marks, marks);
  if (
    !s ||
    !same ||
    (s.version !== tree.version && !appendMoves(s, list)) ||
    (s.notesVersion !== tree.notesVersion && !updateNotes(s, list))
  ) {
    if (!s) keepCurrentInView(list);
    s = drawAll(list, tree, seats, per, marks);
    shown.set(list, s);
  }
  s.onSelect = onSelect;
  s.onComment = onComment;
  setCurrent(s, tree.nodeAt(model.viewed));
  list.dataset.nodes = String(tree.size() - 1);
  scrollToCurrent(list, s.current, model.viewed.length === 0);
}

function sameMarks(a, b) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every(k => a[k] === b[k]);
}

/** The whole list, drawn again. @returns {Shown} */
function drawAll(list, tree, seats, per, marks) {
  const round = Math.max(1, seats) * Math.max(1, per);
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
    main: [],
    buttons: new Map(),
    said: new Map(),
    row: null,
    turn: null,
    empty: null,
    current: null,
  };
  // a variation written inline from `node` on, sub-variations in parentheses:
  // without recursion, and nested in the page at most MAX_NESTING deep (#47:
  // a record nesting 2,400 variations deep crashed the tab); deeper ones are
  // written in their parentheses where they are, one after the other
  const inline = (start, outer) => {
    /** @type {{node?: any, box: HTMLElement, level: number, resumed?: boolean, closer?: any, close?: boolean}[]} */
    const todo = [{ node: start, box: outer, level: 0, resumed: true }];
    while (todo.length) {
      const item = /** @type {any} */ (todo.pop());
      if (item.close) {
        item.box.append(")");
        continue;
      }
      let { node, box, level, resumed } = item;
      if (item.closer) {
        if (level <= MAX_NESTING) {
          const sub = h("span", { class: "sub" });
          box.append(sub);
          box = sub;
        }
        box.append("(");
        item.closer.box = box; // (its ")" goes where its "(" went)
      }
      for (;;) {
        const k = node.depth - 1;
        if (k % round === 0 || resumed) box.append(number(round, k, true));
        box.append(button(s, node, " var"));
        resumed = false;
        if (node.comment) {
          box.append(comment(s, node, "span"));
          resumed = true;
        }
        const kids = node.children;
        if (!kids.length) break;
        if (kids.length === 1) {
          node = kids[0];
          continue;
        }
        // its alternatives first, each in parentheses, then on along the first
        todo.push({ node: kids[0], box, level, resumed: true });
        for (const alt of kids.slice(1).reverse()) {
          const closer = { box, level: level + 1, close: true };
          todo.push(closer, { node: alt, box, level: level + 1, closer, resumed: true });
        }
        break;
      }
    }
  };
  const rows = [];
  if (tree.root.comment) rows.push(comment(s, tree.root, "li"));
  let forks = []; // the variations of the row being drawn
  let said = []; // the row's moves that have a comment
  for (let n = tree.root; n.children.length; ) {
    const parent = n;
    n = n.children[0];
    const row = addToMain(s, n);
    if (row) rows.push(row);
    if (n.comment) said.push(n);
    for (let i = 1; i < parent.children.length; i++) forks.push(parent.children[i]);
    const rowEnds = n.depth % round === 0 || !n.children.length;
    // a row's comments, then its variations, go under it once its last move is in
    if (said.length && rowEnds) {
      rows.push(...said.map(m => comment(s, m, "li")));
      said = [];
    }
    if (forks.length && rowEnds) {
      rows.push(
        h(
          "li",
          { class: "variations" },
          ...forks.map(alt => {
            const box = h("div", { class: "variation" });
            inline(alt, box);
            return box;
          }),
        ),
      );
      forks = [];
    }
  }
  if (rows.length === (tree.root.comment ? 1 : 0)) {
    s.empty = h("li", { class: "empty" }, t("moves.none"));
    rows.push(s.empty);
  }
  list.replaceChildren(...rows);
  return s;
}

/** Put the main line's next move `node` into the rows: a new row (returned,
 * for the caller to place) at a row's first move, else into the last row. */
function addToMain(s, node) {
  const j = s.main.length; // its place in the main line, from 0
  s.main.push(node);
  const b = button(s, node, "", s.marks[j + 1]);
  let row = null;
  if (j % s.round === 0) {
    row = s.row = h("li", { class: "row" }, number(s.round, j, false));
    row.style.setProperty("--seats", String(s.seats)); // (through the CSSOM: the CSP allows no style attributes)
    s.turn = null;
  }
  const into = /** @type {HTMLElement} */ (s.row);
  if (s.per === 1) into.append(b);
  else {
    if (j % s.per === 0) {
      s.turn = h("span", { class: "turn" });
      into.append(s.turn);
    }
    /** @type {HTMLElement} */ (s.turn).append(b);
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
  for (const e of edits) {
    const row = addToMain(s, e.node);
    if (row) list.append(row);
  }
  s.version = s.tree.version;
  return true;
}

const number = (round, k, resumed) => {
  const turn = Math.floor(k / round) + 1;
  return h(
    "span",
    { class: "num", "aria-hidden": "true" },
    k % round === 0 ? `${turn}.` : resumed ? `${turn}…` : null,
  );
};

/** A move's button (`mark`: the analysis's mark of a main-line move). */
function button(s, node, cls, mark = null) {
  const b = h(
    "button",
    {
      type: "button",
      class: `mv${cls}${mark ? ` marked mark-${mark}` : ""}`,
      "data-ply": node.depth,
      "data-mark": mark,
      onclick: () => s.onSelect(lineOf(node)),
    },
    node.move,
    mark ? h("span", { class: "glyph", "aria-hidden": "true" }, MARK_GLYPH[mark]) : null,
    // (clock hook, #29: the time spent on the move, shown when the list has class show-times)
    node.notes && node.notes.spent != null
      ? h("span", { class: "mv-time" }, formatSpent(node.notes.spent))
      : null,
  );
  showGlyph(b, node);
  s.buttons.set(node, b);
  return b;
}

/** The player's glyph of `node` on its button `b`, right after the move
 * (before the analysis's mark), and in its label. */
function showGlyph(b, node) {
  const glyph = node.notes.glyph || "";
  let nag = b.querySelector(".nag");
  if (glyph && !nag) {
    nag = h("span", { class: "nag", "aria-hidden": "true" });
    b.insertBefore(nag, /** @type {ChildNode} */ (b.firstChild).nextSibling);
  }
  if (nag && glyph) nag.textContent = glyph;
  else if (nag) nag.remove();
  if (glyph) b.dataset.glyph = glyph;
  else delete b.dataset.glyph;
  const said = [glyph && GLYPH_WORDS[glyph], b.dataset.mark].filter(Boolean).join(", ");
  const variation = b.classList.contains("var") ? "yes" : "no";
  const label = t("moves.move", { ply: node.depth, variation, move: node.move });
  b.setAttribute("aria-label", said ? `${label} (${said})` : label);
}

/** The comment of `node` (the root's: the start's), as a `tag` ("li" under a
 * row, "span" in a variation) holding a button that edits it. */
function comment(s, node, tag) {
  const edit = () => {
    const line = lineOf(node);
    s.onSelect(line);
    s.onComment(line);
  };
  const box = h(
    tag,
    { class: `comment-row${node.depth ? "" : " start-comment"}`, "data-ply": node.depth },
    h("button", { type: "button", class: "comment", title: t("moves.editComment"), onclick: edit }),
  );
  s.said.set(node, box);
  showComment(box, node);
  return box;
}

/** `node`'s comment text into its comment's element `box`: folded past
 * FOLD_AT characters, with a button that unfolds it (#47: a comment of
 * 50,000 characters with no space froze the page for seconds at every move
 * shown; unfolded, it shows at most MAX_COMMENT characters). */
function showComment(box, node) {
  const b = /** @type {HTMLElement} */ (box.firstChild);
  const long = node.comment.length > FOLD_AT;
  const open = long && unfolded.has(node);
  const most = open ? MAX_COMMENT : FOLD_AT;
  const text = node.comment.length > most ? `${node.comment.slice(0, most)}…` : node.comment;
  b.textContent = text;
  b.setAttribute(
    "aria-label",
    node.depth
      ? t("moves.commentOn", { ply: node.depth, move: node.move, comment: text })
      : t("moves.commentOnStart", { comment: text }),
  );
  let more = /** @type {HTMLElement | null} */ (b.nextElementSibling);
  if (!long) {
    more?.remove();
    return;
  }
  if (!more) {
    more = h("button", {
      type: "button",
      class: "comment-more quiet",
      onclick: () => {
        if (unfolded.has(node)) unfolded.delete(node);
        else unfolded.add(node);
        showComment(box, node);
      },
    });
    b.after(more);
  }
  more.textContent = t(open ? "moves.commentLess" : "moves.commentMore");
  more.setAttribute("aria-expanded", String(open));
}

/** The notes changed since the list was drawn, shown in place: glyphs and
 * comments changed, a comment added or taken off, the move buttons kept (a
 * comment saved as its box is left for a move of the list: that move's
 * click must land on the button it was pressed on).  False when the list
 * must be drawn again. */
function updateNotes(s, list) {
  const edits = s.tree.noteEdits.filter(e => e.version > s.notesVersion);
  if (!edits.length || edits[0].version !== s.notesVersion + 1) return false; // (older than the edits kept)
  const drawn = new Set();
  for (const { node } of edits) {
    if (drawn.has(node)) continue;
    drawn.add(node);
    const b = s.buttons.get(node);
    if (b) showGlyph(b, node);
    if (!placeComment(s, list, node, b)) return false;
  }
  s.notesVersion = s.tree.notesVersion;
  return true;
}

/** `node`'s comment shown as it is now (its move's button `b`); false when
 * it cannot be placed without drawing the list again. */
function placeComment(s, list, node, b) {
  const box = s.said.get(node);
  if (box && node.comment) showComment(box, node);
  else if (box) {
    box.remove();
    s.said.delete(node);
  } else if (!node.comment) return true;
  else if (node === s.tree.root) list.prepend(comment(s, node, "li"));
  else if (!b)
    return false; // (a node not in the list)
  else if (b.classList.contains("var")) b.after(comment(s, node, "span"));
  else {
    // under the move's row, after the comments of its earlier moves
    let at = /** @type {Element} */ (b.closest("li"));
    for (
      let next = at.nextElementSibling;
      next &&
      next.classList.contains("comment-row") &&
      Number(/** @type {HTMLElement} */ (next).dataset.ply) < node.depth;
      next = at.nextElementSibling
    )
      at = next;
    at.after(comment(s, node, "li"));
  }
  return true;
}

/** The viewed move's button is the current one. */
function setCurrent(s, node) {
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
