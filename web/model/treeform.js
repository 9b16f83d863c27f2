// The stored form of a game tree (tree.js), and what tree.js shares with it:
// its limits, its error, the words for a wrong value.
//
// Stored form (toJSON / fromJSON), compact, versioned and flat (no nesting,
// so JSON.stringify/parse never recurse deeply, whatever the tree's depth):
//   {v: 1, nodes: [[parent, move] or [parent, move, comment] or
//                  [parent, move, comment, notes], ...], comment?, notes?}
// `nodes` lists every node but the root in pre-order (a node's children in
// their order, main first); `parent` is 0 for the root, else the 1-based
// place in `nodes` of an earlier entry.  A comment is given only when it is
// not "", notes only when not empty (then the comment may be ""); `comment`
// and `notes` at the top level are the root's.  For example
//   {v: 1, nodes: [[0, "e4"], [1, "e5", "good", {glyph: "!"}], [0, "d4"]]}
// is 1. e4 e5! ("good") with 1. d4 as a variation.  (Trees stored before
// notes existed read as they are: the 4th element is optional.)

import { NO_NOTES, mergeNotes } from "./nodenotes.js";
import { t } from "../i18n/i18n.js";

export const VERSION = 1;
export const MAX_DEPTH = 5000; // moves in a line
export const MAX_NODES = 100000; // nodes in a tree, the root included
export const MAX_COMMENT = 5000; // characters a player may write in one comment (as the engine's records; #47)

export class TreeError extends Error {
  constructor(message) {
    super(message);
    this.name = "TreeError";
    this.type = "TreeError"; // (typed, as the engine's errors: the page says it as a refusal, not as a bug; #47)
  }

  /** The error whose message is the catalog's model.tree.<key> (a stored tree or a line a player may meet). */
  static of(key, args = {}) {
    return new TreeError(t(`model.tree.${key}`, args));
  }
}

/** A value in words, for an error message. */
export function describe(x) {
  if (x === undefined) return t("model.value.missing");
  if (x === null) return "null";
  if (Array.isArray(x)) return t("model.value.array");
  if (typeof x === "string") return JSON.stringify(x.length > 40 ? `${x.slice(0, 40)}…` : x);
  if (typeof x === "object") return t("model.value.object");
  return t("model.value.other", { type: typeof x, value: String(x) });
}

/** A line in words. */
export const show = line => (line.length ? line.join(" ") : t("model.tree.theStart"));

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
    throw TreeError.of("notObject", { form: `{v: ${VERSION}, nodes: [...]}`, value: describe(data) });
  }
  if (data.v !== VERSION) {
    throw TreeError.of("version", { found: describe(data.v), wanted: VERSION });
  }
  const { nodes: entries, comment: rootComment, notes: rootNotes } = data;
  if (!Array.isArray(entries)) throw TreeError.of("nodesNotList", { value: describe(entries) });
  if (entries.length + 1 > MAX_NODES) throw TreeError.of("tooManyNodes", { most: MAX_NODES });
  if (rootComment !== undefined) {
    if (typeof rootComment !== "string") throw TreeError.of("startComment", { value: describe(rootComment) });
    tree.root.comment = rootComment;
  }
  if (rootNotes !== undefined) tree.root.notes = readNotes(rootNotes, () => t("model.tree.theStart"));
  const nodes = [tree.root];
  const depths = [0];
  const moveSets = new Map(); // node -> Set of its children's moves, for nodes with many
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const what = () => t("model.tree.node", { n: i + 1 }); // (words only for an error: 46,000 nodes read in 50 ms, not 90)
    if (!Array.isArray(entry) || entry.length < 2 || entry.length > 4) {
      const value = Array.isArray(entry)
        ? t("model.tree.ofLength", { count: entry.length })
        : describe(entry);
      throw TreeError.of("entry", { what: what(), value });
    }
    const [p, move, comment, notes] = entry;
    if (!Number.isInteger(p) || p < 0 || p > i) {
      throw TreeError.of("parent", { what: what(), value: describe(p), last: i });
    }
    if (typeof move !== "string" || move === "") {
      throw TreeError.of("move", { what: what(), value: describe(move) });
    }
    if (entry.length >= 3 && typeof comment !== "string") {
      throw TreeError.of("comment", { what: what(), value: describe(comment) });
    }
    const parent = nodes[p];
    if (depths[p] >= MAX_DEPTH) throw TreeError.of("tooDeep", { what: what(), most: MAX_DEPTH });
    let set = moveSets.get(parent);
    if (!set && parent.children.length >= 8) {
      set = new Set(parent.children.map(c => c.move));
      moveSets.set(parent, set);
    }
    if (set ? set.has(move) : parent.children.some(c => c.move === move)) {
      throw TreeError.of("twice", { what: what(), move: JSON.stringify(move), line: show(lineOf(parent)) });
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

/** Stored notes read (nodenotes.js), or TreeError naming `what()` they belong to. */
function readNotes(data, what) {
  return mergeNotes(NO_NOTES, data, message => TreeError.of("notes", { what: what(), message }), describe);
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
