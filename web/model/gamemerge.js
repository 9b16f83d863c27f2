// Two copies of one game made one (game.js's GameModel.merge): another
// tab's save, or an earlier one, merged into the game on screen as the
// union of both trees, less the lines deleted in either.  A deletion is
// remembered as a record `[line, at, live]`, so that a line deleted in one
// copy is not brought back by the other.

import { GameTree } from "./tree.js";

export const MAX_DELETED = 200; // deletions remembered per game

/** A deletion record: `[line, at, live]` (`at`: Date.now() of the last
 * change; `live` false once the line was played again or the delete undone). */
export const validRecord = r =>
  Array.isArray(r) &&
  r.length === 3 &&
  Array.isArray(r[0]) &&
  r[0].length > 0 &&
  r[0].every(m => typeof m === "string") &&
  Number.isFinite(r[1]) &&
  typeof r[2] === "boolean";
const lineKey = line => line.join("\n");

/** Merge `stored` (a GameModel's toJSON(), from another tab or an earlier
 * save) into `model`: see GameModel.merge.  Returns how many changes it made
 * to the tree, or -1 for a copy whose tree cannot be read. */
export function mergeCopy(model, stored) {
  let tree;
  try {
    tree = GameTree.fromJSON(stored.tree);
  } catch {
    return -1;
  }
  // each line's latest record, of either copy
  const records = new Map(model.deleted.map(r => [lineKey(r[0]), r]));
  for (const r of Array.isArray(stored.deleted) ? stored.deleted.filter(validRecord) : []) {
    const mine = records.get(lineKey(r[0]));
    if (!mine || r[1] > mine[1]) records.set(lineKey(r[0]), [[...r[0]], r[1], r[2]]);
  }
  model.deleted = [...records.values()].sort((a, b) => a[1] - b[1]).slice(-MAX_DELETED);
  let changes = model.adoptEnd(stored) ? 1 : 0; // (another tab resigned, or offered a draw)
  for (const [line, , live] of model.deleted) {
    // deletions made in the other copy
    if (live && model.tree.has(line) && model.isDeleted(line)) {
      model._cut(line);
      changes += 1;
    }
  }
  // both trees walked together, node by node (a long line costs what it
  // holds, not its length squared); `path` is the line of the node visited
  const deletions = model.deleted.length > 0;
  const path = [];
  const copy = (theirs, ours) => {
    if (theirs.comment && !ours.comment) model.tree.setCommentAt(ours, theirs.comment);
    const missing = Object.keys(theirs.notes || {}).filter(k => !(k in ours.notes)); // (#29: notes as comments)
    if (missing.length)
      model.tree.setNotesAt(ours, Object.fromEntries(missing.map(k => [k, theirs.notes[k]])));
  };
  copy(tree.root, model.tree.root);
  /** @type {[any, any][]} [their node, our node of its parent] */
  const stack = tree.root.children.map(c => [c, model.tree.root]).reverse();
  while (stack.length) {
    const [theirs, parent] = /** @type {[any, any]} */ (stack.pop());
    path.length = theirs.depth - 1;
    path.push(theirs.move);
    if (deletions && model.isDeleted(path)) continue; // (nor anything after it)
    let ours = model.tree.childAt(parent, theirs.move);
    if (!ours) {
      ours = model.tree.addAt(parent, theirs.move);
      changes += 1;
    }
    copy(theirs, ours);
    for (let i = theirs.children.length - 1; i >= 0; i--) stack.push([theirs.children[i], ours]);
  }
  return changes;
}
