// A game as a tree of moves (the model of lichess's analysis tree).
//
// It owns the moves played from one start position and every variation
// tried, with a comment on each node; it knows no rules (a move is only its
// text) and nothing of the page.
//
// A *line* (line.js) is an array of move texts from the root (the start
// position): ["b1-d3", "a2-c4"].  Siblings always have distinct move texts,
// so a line names at most one node; the root is the line [].  Children are ordered: the first child is the main
// continuation, later ones are variations.  Each node carries a `comment`
// (a string, "" for none) and its `notes` (nodenotes.js: a glyph, shapes
// drawn on the board, clock times; a frozen object, {} for none, replaced
// whole on each change).
//
// Stored form (toJSON / fromJSON): treeform.js, flat and versioned.
// Everything here is iterative: a 5000-move line needs no deep recursion.
//
// Long lines (issue #32): finding the node a line names costs nothing per
// move of the line when the line is an array the tree handed out (add,
// next, mainline, variations: remembered in a WeakMap with the node
// it names), and one string comparison a move, no search, for any other
// array that follows the last line found (the path of nodes kept): so
// building a 5,000-move game one add at a time, or stepping along it, does
// not walk the line again at each step.  Lines are values: an array handed
// out must not be changed (a copy may).  `version` counts the edits of the
// tree's shape, `edits` keeps the last few (the move list appends what was
// added without drawing everything again); `notesVersion` and `noteEdits`
// do the same for comments and notes (the move list redraws those moves'
// annotations only: a clock writing a move's time costs one node).

import {
  MAX_COMMENT,
  MAX_DEPTH,
  MAX_NODES,
  TreeError,
  VERSION,
  describe,
  lineOf,
  readTree,
  show,
  writeTree,
} from "./treeform.js";
import { NO_NOTES, mergeNotes } from "./nodenotes.js";

export { MAX_COMMENT, MAX_DEPTH, MAX_NODES, TreeError, VERSION, lineOf };

/**
 * A node of the tree: the move that leads to it (null at the root), its
 * continuations in order (the first is the main one), its comment and notes.
 * `depth` is its line's length (0 at the root).
 * @typedef {{move: string | null, children: TreeNode[], comment: string, notes: Readonly<Record<string, any>>,
 *   parent: TreeNode | null, depth: number}} TreeNode
 */

/** The alternatives of a move played where it is the only one (shared, frozen). */
const NONE = /** @type {string[]} */ (/** @type {unknown} */ (Object.freeze([])));

/** @type {(move: string | null, parent: TreeNode | null) => TreeNode} */
const newNode = (move, parent) => ({
  move,
  children: [],
  comment: "",
  notes: NO_NOTES,
  parent,
  depth: parent ? parent.depth + 1 : 0,
});

function checkLine(line) {
  if (!Array.isArray(line)) throw TreeError.of("line", { value: describe(line) });
}

function checkMove(move) {
  if (typeof move !== "string" || move === "") {
    throw TreeError.of("moveText", { value: describe(move) });
  }
}

function subtreeSize(node) {
  let count = 0;
  const stack = [node];
  while (stack.length) {
    const n = stack.pop();
    count++;
    for (const c of n.children) stack.push(c);
  }
  return count;
}

const EDITS_KEPT = 32;

/** A change of a node's comment or notes: `version` the tree's notesVersion after it. @typedef {{version: number, node: TreeNode}} NoteEdit */

/**
 * A change of the tree's shape: `kind` "add" (`node` the new node),
 * "promote", "remove" or "restore"; `version` the tree's version after it.
 * @typedef {{version: number, kind: string, node: TreeNode}} TreeEdit
 */

export class GameTree {
  /** A tree holding the root (the start position) only. */
  constructor() {
    this.root = newNode(null, null);
    this._size = 1;
    this.version = 0; // edits of the shape so far
    /** @type {TreeEdit[]} the last edits, oldest first */
    this.edits = [];
    this.notesVersion = 0; // edits of comments and notes so far
    /** @type {NoteEdit[]} the last edits of comments and notes, oldest first */
    this.noteEdits = [];
    // node lookups (see the top of this file); `_detached` counts removes and
    // restores: a remembered line is trusted only while it is unchanged
    /** @type {WeakMap<string[], {node: TreeNode, length: number, detached: number}>} */
    this._known = new WeakMap();
    /** @type {TreeNode[]} the nodes of the last line found, from the root */
    this._path = [this.root];
    this._detached = 0;
    /** @type {{version: number, detached: number, nodes: TreeNode[], lists: string[][]} | null} */
    this._along = null; // alternativesAlong's last answer
    this.stats = { searched: 0, compared: 0 }; // children searched, path moves compared (tests count them)
  }

  _edited(kind, node) {
    this.version++;
    this.edits.push({ version: this.version, kind, node });
    if (this.edits.length > EDITS_KEPT) this.edits.shift();
    if (kind === "remove" || kind === "restore") {
      this._detached++;
      this._path = [this.root];
    }
  }

  /** Remember that the array `line` names `node` (it is handed out, never changed). */
  _remember(line, node) {
    this._known.set(line, { node, length: line.length, detached: this._detached });
    return line;
  }

  /** A tree holding one line. */
  static fromLine(moves) {
    checkLine(moves);
    if (moves.length > MAX_DEPTH) throw TreeError.of("lineTooLong", { most: MAX_DEPTH });
    const tree = new GameTree();
    let node = tree.root;
    for (const move of moves) {
      checkMove(move);
      const child = newNode(move, node);
      node.children.push(child);
      node = child;
    }
    tree._size = moves.length + 1;
    return tree;
  }

  /** Inverse of toJSON().  Throws TreeError on anything malformed; never
   * returns a half-built tree. */
  static fromJSON(data) {
    try {
      return GameTree._fromJSON(data);
    } catch (e) {
      if (e instanceof TreeError) throw e;
      throw TreeError.of("unreadable", { why: String(e && /** @type {Error} */ (e).message) });
    }
  }

  static _fromJSON(data) {
    const tree = readTree(data, new GameTree());
    tree.version = 0; // (a tree read is as new: no edits yet)
    tree.edits = [];
    tree.notesVersion = 0;
    tree.noteEdits = [];
    return tree;
  }

  /** Plain JSON-able data (see the top of this file): {v: 1, nodes, comment?}. */
  toJSON() {
    return writeTree(this);
  }

  /** The node at `line`, or null: a line handed out by the tree is known
   * at once; another is compared with the last line found, and searched
   * only past where it leaves it. */
  _find(line) {
    checkLine(line);
    const known = this._known.get(line);
    if (
      known &&
      known.length === line.length &&
      known.detached === this._detached &&
      (line.length === 0 || known.node.move === line[line.length - 1])
    ) {
      return known.node;
    }
    const path = this._path;
    const same = Math.min(line.length, path.length - 1);
    let k = 0;
    while (k < same && path[k + 1].move === line[k]) k++;
    this.stats.compared += k;
    /** @type {TreeNode | undefined} */
    let node = path[k];
    if (k === line.length) return node;
    path.length = k + 1;
    for (let i = k; i < line.length; i++) {
      const move = line[i];
      this.stats.searched++;
      node = /** @type {TreeNode} */ (node).children.find(c => c.move === move);
      if (!node) return null;
      path.push(node);
    }
    return node;
  }

  /** The node `line` names, or null (for views that draw the tree: the
   * move list); a node is read only, and valid until the tree's next edit. */
  nodeAt(line) {
    return this._find(line);
  }

  _get(line) {
    const node = this._find(line);
    if (!node) throw TreeError.of("noLine", { line: show(line) });
    return node;
  }

  has(line) {
    return this._find(line) !== null;
  }

  /** Move texts after `line`, main first; [] when the line is absent or a leaf. */
  children(line) {
    const node = this._find(line);
    return node ? node.children.map(c => c.move) : [];
  }

  /** For each position along `line` (from the start), the moves after it
   * other than the line's own next move, in order: `line.length` lists.
   * The lists along the last line asked are kept while the tree is
   * unchanged, and only those past where `line` leaves it are made: asked
   * along every prefix of a line, or a step further each time, the tree is
   * walked once (each list is shared: do not change it). */
  alternativesAlong(line) {
    const node = this._find(line);
    if (!node) throw TreeError.of("noLine", { line: show(line) });
    let kept = this._along;
    if (!kept || kept.version !== this.version || kept.detached !== this._detached) {
      kept = this._along = { version: this.version, detached: this._detached, nodes: [this.root], lists: [] };
    }
    // the nodes from where `line` leaves the kept line down to its end
    const { nodes, lists } = kept;
    const tail = [];
    let n = node;
    while (!(n.depth < nodes.length && nodes[n.depth] === n)) {
      tail.push(n);
      n = /** @type {TreeNode} */ (n.parent);
    }
    if (tail.length) {
      nodes.length = n.depth + 1;
      lists.length = n.depth;
      for (let i = tail.length - 1; i >= 0; i--) nodes.push(tail[i]);
      for (let i = n.depth; i < node.depth; i++) {
        const next = nodes[i + 1];
        const kids = nodes[i].children;
        lists.push(
          kids.length === 1 ? NONE : kids.filter(c => c !== next).map(c => /** @type {string} */ (c.move)),
        );
      }
    }
    return lists.slice(0, line.length);
  }

  /** Play `move` after `line` -> {line: [...line, move], added}.  An existing
   * child with that move is reused (added false); a new child goes last.
   * Throws TreeError if `line` is absent or the tree would exceed its limits. */
  add(line, move) {
    checkMove(move);
    const node = this._get(line);
    const next = line.concat([move]); // (the one copy: a line is a value the caller keeps)
    const there = this.childAt(node, move);
    if (there) return { line: this._remember(next, there), added: false };
    return { line: this._remember(next, this.addAt(node, move)), added: true };
  }

  // -- by node (for code walking the tree: GameModel.merge, the move list) --------

  /** The child of `node` by `move`, or null. */
  childAt(node, move) {
    return node.children.find(c => c.move === move) || null;
  }

  /** A new last child of `node` by `move` (absent from its children): the
   * node.  Throws TreeError if the tree would exceed its limits. */
  addAt(node, move) {
    checkMove(move);
    if (node.depth + 1 > MAX_DEPTH) throw TreeError.of("lineTooLong", { most: MAX_DEPTH });
    if (this._size >= MAX_NODES) throw TreeError.of("tooBig", { most: MAX_NODES });
    const child = newNode(move, node);
    node.children.push(child);
    this._size++;
    this._edited("add", child);
    return child;
  }

  setCommentAt(node, text) {
    if (typeof text !== "string") throw TreeError.of("commentText", { value: describe(text) });
    if (node.comment === text) return;
    if (text.length > MAX_COMMENT) throw TreeError.of("commentTooLong", { most: MAX_COMMENT });
    node.comment = text;
    this._noted(node);
  }

  /** Merge `patch` into `node`'s notes (nodenotes.js): a key holding null,
   * undefined, "" or [] is deleted.  TreeError on a wrong value (then
   * nothing changes).  Returns the node's new notes. */
  setNotesAt(node, patch) {
    const notes = mergeNotes(node.notes, patch, message => new TreeError(message), describe);
    if (!sameNotes(notes, node.notes)) {
      node.notes = notes;
      this._noted(node);
    }
    return notes;
  }

  /** The notes at `line` ({} for none; frozen); TreeError if absent. */
  notes(line) {
    return this._get(line).notes;
  }

  setNotes(line, patch) {
    return this.setNotesAt(this._get(line), patch);
  }

  _noted(node) {
    this.notesVersion++;
    this.noteEdits.push({ version: this.notesVersion, node });
    if (this.noteEdits.length > EDITS_KEPT) this.noteEdits.shift();
  }

  /** `line` extended along first children to the end (TreeError if absent). */
  mainline(line = []) {
    let node = this._get(line);
    const out = [...line];
    while (node.children.length) {
      node = node.children[0];
      out.push(node.move);
    }
    return this._remember(out, node);
  }

  /** Is every move of `line` the first child of its parent?  False when absent. */
  isMain(line) {
    const node = this._find(line);
    if (!node) return false;
    for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /** Make every node of `line` the first child of its parent (the line
   * becomes the main line); returns whether anything changed. */
  promote(line) {
    let node = this._get(line);
    let changed = false;
    for (; node.parent; node = node.parent) {
      const kids = node.parent.children;
      const i = kids.indexOf(node);
      if (i > 0) {
        kids.splice(i, 1);
        kids.unshift(node);
        changed = true;
      }
    }
    if (changed) this._edited("promote", this.root);
    return changed;
  }

  /** Delete the node at `line` with its subtree; returns a token for
   * restore().  TreeError for the root or an absent line. */
  remove(line) {
    checkLine(line);
    if (!line.length) throw TreeError.of("removeStart");
    const node = this._get(line);
    const kids = /** @type {TreeNode} */ (node.parent).children; // (not the root: it has a parent)
    const index = kids.indexOf(node);
    kids.splice(index, 1);
    node.parent = null;
    const count = subtreeSize(node);
    this._size -= count;
    this._edited("remove", node);
    return Object.freeze({ line: [...line], index, count, node });
  }

  /** Put a removed subtree back at its place and index (the undo of
   * remove).  TreeError if its parent line is gone, the move was played
   * again meanwhile, or the token was already restored. */
  restore(token) {
    if (!token || typeof token !== "object" || !Array.isArray(token.line) || !token.node) {
      throw new TreeError("restore() takes what remove() returned");
    }
    const { line, index, count, node } = token;
    if (node.parent) throw TreeError.of("restored", { line: show(line) });
    const parent = this._find(line.slice(0, -1));
    if (!parent) throw TreeError.of("restoreGone", { line: show(line) });
    if (parent.children.some(c => c.move === node.move)) {
      throw TreeError.of("restorePlayed", { line: show(line) });
    }
    if (this._size + count > MAX_NODES) throw TreeError.of("tooBig", { most: MAX_NODES });
    node.parent = parent;
    parent.children.splice(Math.min(index, parent.children.length), 0, node);
    this._size += count;
    this._edited("restore", node);
  }

  /** The comment at `line` ("" for none); TreeError if absent. */
  comment(line) {
    return this._get(line).comment;
  }

  setComment(line, text) {
    this.setCommentAt(this._get(line), text);
  }

  /** Node count, the root included. */
  size() {
    return this._size;
  }

  /** `line` + its first child, or null at a leaf (or when absent). */
  next(line) {
    const node = this._find(line);
    return node && node.children.length
      ? this._remember(line.concat([node.children[0].move]), node.children[0])
      : null;
  }

  /** The lines of `line`'s siblings, itself included, in order (the page's
   * up/down keys); [[]] for the root, [] when absent. */
  variations(line) {
    const node = this._find(line);
    if (!node) return [];
    if (!node.parent) return [[]];
    const before = line.slice(0, -1);
    return node.parent.children.map(c => this._remember([...before, c.move], c));
  }

  /** Visit every node depth-first, pre-order, children in order:
   * fn(line, depth, index).  `depth` is the variation nesting (how many
   * moves of the line are not their parent's first child: 0 on the main
   * line), `index` the node's place among its siblings (0 for the root).
   * `line` is a fresh array.  When fn returns false the node's children are
   * skipped. */
  walk(fn) {
    /** @type {[TreeNode, string[], number, number][]} */
    const stack = [[this.root, [], 0, 0]];
    while (stack.length) {
      const [node, line, depth, index] = /** @type {[TreeNode, string[], number, number]} */ (stack.pop());
      if (fn(line, depth, index) === false) continue;
      for (let i = node.children.length - 1; i >= 0; i--) {
        const c = node.children[i];
        stack.push([c, [...line, /** @type {string} */ (c.move)], i ? depth + 1 : depth, i]);
      }
    }
  }
}

/** Do two notes say the same (their values compared as JSON)? */
function sameNotes(a, b) {
  if (a === b) return true;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length && keys.every(k => JSON.stringify(a[k]) === JSON.stringify(b[k]))
  );
}
