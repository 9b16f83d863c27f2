// A row's variations in the move list (movelist.js), written inline as
// lichess writes them: a block per variation, sub-variations in
// parentheses, nested in the page at most MAX_NESTING deep and written in
// blocks of BLOCK_MOVES moves (#47), the first with its row, each other in a
// task of its own (the list's drawLater goes on with s.unfinished).

import { h } from "../app/dom.js";
import { comment } from "./movenotes.js";
import { button, number } from "./moveitems.js";

/** Variations nested in the page at most this deep; deeper ones are written in line (#47). */
export const MAX_NESTING = 8;
/** A variation is written in blocks of this many moves, the first with its
 * row, each other in a task of its own (#47: one variation of 4,000 moves,
 * written and laid out at once, held the page for 120-250 ms). */
export const BLOCK_MOVES = 150;

/** A row's variations `forks`, a block each, as the list's item under the
 * row: their first BLOCK_MOVES moves now, the rest later (s.unfinished). */
export function variations(s, forks) {
  const item = h("li", { class: "variations" });
  let budget = BLOCK_MOVES;
  for (const alt of forks) {
    const block = h("div", { class: "variation" });
    item.append(block);
    const writing = inline(s, alt, block);
    if (budget <= 0) s.unfinished.push(writing);
    else {
      const first = writing.next();
      budget -= /** @type {number} */ (first.value ?? BLOCK_MOVES);
      if (!first.done) s.unfinished.push(writing);
    }
  }
  return item;
}

/** A variation written inline from `start` on into `outer`, sub-variations
 * in parentheses: without recursion, and nested in the page at most
 * MAX_NESTING deep (#47: a record nesting 2,400 variations deep crashed the
 * tab); deeper ones are written in their parentheses where they are, one
 * after the other.  A generator: it pauses after each BLOCK_MOVES moves,
 * and goes on in a new block after the last (class "continued"), in copies
 * of the sub-variations open at the pause.  Returns (as its last value)
 * the moves of its last block. */
function* inline(s, start, outer) {
  const round = s.round;
  /** The copy, in the block being written, of a sub-variation of an earlier block. */
  const moved = new Map();
  const here = box => {
    while (moved.has(box)) box = moved.get(box);
    return box;
  };
  let block = outer;
  let moves = 0;
  /** @type {{node?: any, box: HTMLElement, level: number, resumed?: boolean, closer?: any, close?: boolean}[]} */
  const todo = [{ node: start, box: outer, level: 0, resumed: true }];
  while (todo.length) {
    const item = /** @type {any} */ (todo.pop());
    if (item.close) {
      here(item.box).append(")");
      continue;
    }
    let { node, level, resumed } = item;
    let box = here(item.box);
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
      if (moves === BLOCK_MOVES) {
        if (!s.fullBlock && block === outer) s.fullBlock = block; // (its height, measured: movelist.js)
        yield moves;
        const next = h("div", { class: "variation continued" });
        block.after(next);
        let into = next;
        const open = [];
        for (let b = box; b !== block; b = /** @type {HTMLElement} */ (b.parentElement)) open.unshift(b);
        for (const b of open) {
          const copy = h("span", { class: b.className });
          into.append(copy);
          moved.set(b, copy);
          into = copy;
        }
        moved.set(block, next); // (what goes on at the variation's own level goes on in the new block)
        box = into;
        block = next;
        moves = 0;
        resumed = true;
      }
      const k = node.depth - 1;
      if (k % round === 0 || resumed) box.append(number(round, k, true));
      box.append(button(s, node, " var"));
      moves += 1;
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
  return moves;
}
