// The stored form of a game tree (tree.js), and what tree.js shares with it:
// its limits, its error, the words for a wrong value.  See the top of
// tree.js for the form: {v: 1, nodes: [[parent, move] or [parent, move,
// comment] or [parent, move, comment, notes], ...], comment?, notes?}, flat
// and in pre-order, read and written without recursion.

import { NO_NOTES, mergeNotes } from "./nodenotes.js";

export const VERSION = 1;
export const MAX_DEPTH = 5000; // moves in a line
export const MAX_NODES = 100000; // nodes in a tree, the root included

export class TreeError extends Error {
  constructor(message) {
    super(message);
    this.name = "TreeError";
  }
}

/** A value in words, for an error message. */
export function describe(x) {
  if (x === undefined) return "missing";
  if (x === null) return "null";
  if (Array.isArray(x)) return "an array";
  if (typeof x === "string") return JSON.stringify(x.length > 40 ? `${x.slice(0, 40)}…` : x);
  if (typeof x === "object") return "an object";
  return `${typeof x} ${String(x)}`;
}

/** A line in words. */
export const show = line => (line.length ? line.join(" ") : "the start");

/** The line from the root to `node` (O(depth): for a node, not for every step). */
export function lineOf(node) {
  const out = [];
  for (let n = node; n.parent; n = n.parent) out.push(n.move);
  return out.reverse();
}

/** The tree stored as `data`, built into `tree` (a new GameTree); throws
 * TreeError on anything malformed. */
export function readTree(data, tree) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new TreeError(
      `a stored game tree is an object {v: ${VERSION}, nodes: [...]}, not ${describe(data)}`,
    );
  }
  if (data.v !== VERSION) {
    throw new TreeError(
      `the stored game tree is version ${describe(data.v)}; this version of Gamut reads version ${VERSION}`,
    );
  }
  const { nodes: entries, comment: rootComment, notes: rootNotes } = data;
  if (!Array.isArray(entries))
    throw new TreeError(`the stored game tree's nodes are ${describe(entries)}, not an array`);
  if (entries.length + 1 > MAX_NODES)
    throw new TreeError(`the stored game tree has more than ${MAX_NODES} nodes`);
  if (rootComment !== undefined) {
    if (typeof rootComment !== "string")
      throw new TreeError(`the start's comment is ${describe(rootComment)}, not a string`);
    tree.root.comment = rootComment;
  }
  if (rootNotes !== undefined) tree.root.notes = readNotes(rootNotes, "the start");
  const nodes = [tree.root];
  const depths = [0];
  const moveSets = new Map(); // node -> Set of its children's moves, for nodes with many
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const what = `node ${i + 1}`;
    if (!Array.isArray(entry) || entry.length < 2 || entry.length > 4) {
      throw new TreeError(
        `${what} is [parent, move], [parent, move, comment] or [parent, move, comment, notes], not ${describe(entry)}${Array.isArray(entry) ? ` of length ${entry.length}` : ""}`,
      );
    }
    const [p, move, comment, notes] = entry;
    if (!Number.isInteger(p) || p < 0 || p > i) {
      throw new TreeError(
        `${what}'s parent is ${describe(p)}, not 0 (the start) or the place of an earlier node (1 to ${i})`,
      );
    }
    if (typeof move !== "string" || move === "") {
      throw new TreeError(`${what}'s move is ${describe(move)}, not a non-empty string`);
    }
    if (entry.length >= 3 && typeof comment !== "string") {
      throw new TreeError(`${what}'s comment is ${describe(comment)}, not a string`);
    }
    const parent = nodes[p];
    if (depths[p] >= MAX_DEPTH) throw new TreeError(`${what} is nested deeper than ${MAX_DEPTH} moves`);
    let set = moveSets.get(parent);
    if (!set && parent.children.length >= 8) {
      set = new Set(parent.children.map(c => c.move));
      moveSets.set(parent, set);
    }
    if (set ? set.has(move) : parent.children.some(c => c.move === move)) {
      throw new TreeError(
        `${what}: the move ${JSON.stringify(move)} is given twice at ${show(lineOf(parent))}`,
      );
    }
    if (set) set.add(move);
    const child = tree.addAt(parent, move);
    if (entry.length >= 3) child.comment = comment;
    if (entry.length === 4) child.notes = readNotes(notes, what);
    nodes.push(child);
    depths.push(depths[p] + 1);
  }
  return tree;
}

/** Stored notes read (nodenotes.js), or TreeError naming `what` they belong to. */
function readNotes(data, what) {
  return mergeNotes(NO_NOTES, data, message => new TreeError(`${what}'s notes: ${message}`), describe);
}

/** `tree` as plain JSON-able data: {v: 1, nodes, comment?, notes?}. */
export function writeTree(tree) {
  const out = [];
  const stack = [];
  const pushChildren = (node, index) => {
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], index]);
  };
  pushChildren(tree.root, 0);
  while (stack.length) {
    const [node, parent] = stack.pop();
    const noted = node.notes !== NO_NOTES;
    out.push(
      noted
        ? [parent, node.move, node.comment, node.notes]
        : node.comment
          ? [parent, node.move, node.comment]
          : [parent, node.move],
    );
    pushChildren(node, out.length);
  }
  /** @type {{v: number, nodes: any[], comment?: string, notes?: object}} */
  const data = { v: VERSION, nodes: out };
  if (tree.root.comment) data.comment = tree.root.comment;
  if (tree.root.notes !== NO_NOTES) data.notes = tree.root.notes;
  return data;
}
