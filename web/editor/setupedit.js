// The edits of the position editor, on the engine's description of a
// position (gamut/setup.py): {game, variant, options, to_move, cells:
// {cell: [item ids, bottom to top]}, counts: {id: number | null}, extra}.
// Browser-free and rule-free: what an item is (a piece that stacks or
// stands alone, a marker, the cells it may go on) comes from the engine's
// palette, and whether the result is a position the rules allow is the
// engine's to say (setup_check).  Every edit returns a new description and
// drops `extra` (what the position's history decided and the board does
// not show: the engine fills in its defaults for an edited position).
// An item's words are its message (`said`: the engine gives no English
// beside it, #43), said in the page's language.

import { formatMessage, isMessage } from "../engine/words.js";

/** The tool that removes the top item of a cell. */
export const ERASE = "erase";

/** The palette's item `id`, or null. */
export function itemOf(palette, id) {
  return (palette && palette.items.find(i => i.id === id)) || null;
}

/** Whether `tool` can be used on `cell` (an item only on the cells it may go on). */
export function fits(palette, tool, cell) {
  if (tool === ERASE) return true;
  const item = itemOf(palette, tool);
  return !!item && (item.cells == null || item.cells.includes(cell));
}

function edited(setup, changes) {
  const next = { ...setup, cells: { ...setup.cells }, counts: { ...(setup.counts || {}) }, ...changes };
  next.extra = {};
  return next;
}

/**
 * `tool` used on `cell`: the eraser takes the top item off; a piece that
 * stacks goes on top (of pieces that stack; anything else there gives way);
 * an item that stands alone replaces what is there, or, when the cell holds
 * just that item, takes it off (a second click undoes the first).  Returns
 * the new description, or null when the tool does not fit the cell (or
 * there is nothing to erase).
 */
export function apply(setup, palette, tool, cell) {
  if (!fits(palette, tool, cell)) return null;
  const stack = setup.cells[cell] || [];
  let next;
  if (tool === ERASE) {
    if (!stack.length) return null;
    next = stack.slice(0, -1);
  } else {
    const item = itemOf(palette, tool);
    const stacks = id => !!(itemOf(palette, id) || {}).stacks;
    if (item.stacks) next = stack.every(stacks) ? [...stack, tool] : [tool];
    else next = stack.length === 1 && stack[0] === tool ? [] : [tool];
  }
  const out = edited(setup, {});
  if (next.length) out.cells[cell] = next;
  else delete out.cells[cell];
  return out;
}

/** The side to move set to seat `seat`. */
export function setSide(setup, seat) {
  return edited(setup, { to_move: seat });
}

/** A count set (null: unset, the engine works it out). */
export function setCount(setup, id, value) {
  const out = edited(setup, {});
  out.counts[id] = value == null || value === "" ? null : Math.max(0, Math.floor(Number(value)));
  if (Number.isNaN(out.counts[id])) out.counts[id] = null;
  return out;
}

/** An empty board (the side to move stays; counts unset). */
export function clear(setup) {
  const counts = Object.fromEntries(Object.keys(setup.counts || {}).map(k => [k, null]));
  return edited(setup, { cells: {}, counts });
}

/** A palette item (or count) in words, in the page's language: "Black piece", "Schwarzer Stein"
 * (an item without a message, which no engine of #43 gives: its id). */
export const itemWords = item => (isMessage(item.said) ? formatMessage(item.said) : String(item.id));

/** The description's items from the bottom, in words: "Black piece, White piece". */
export function stackWords(palette, stack) {
  return (stack || []).map(id => itemWords(itemOf(palette, id) || { id })).join(", ");
}

/** The link that opens the editor at a position text ("#edit" alone: the game's viewed position). */
export function editLink(start) {
  return start ? `#edit/${encodeURIComponent(start).replace(/%2F/g, "/").replace(/%20/g, "+")}` : "#edit";
}

/** Read an editor link: null when `hash` is not one, else {start} (null: the game on screen). */
export function readEditLink(hash) {
  const text = String(hash || "");
  if (text === "#edit") return { start: null };
  if (!text.startsWith("#edit/")) return null;
  try {
    const start = decodeURIComponent(text.slice("#edit/".length).replace(/\+/g, "%20"));
    return { start: start.trim() ? start : null };
  } catch {
    return { start: null, broken: true };
  }
}
