// Tests of web/model/tree.js, the game as a tree of moves, and of line.js.
import test from "node:test";
import assert from "node:assert/strict";
import { GameTree, TreeError, MAX_DEPTH, MAX_NODES } from "../../web/model/tree.js";
import { commonPrefix, isPrefix, sameLine } from "../../web/model/line.js";
import { prng } from "./prng.mjs";

const MOVES = ["a1", "b2-c3", "c4=5", "d5", "e6xf7", "pass", "é", "g/h", ",", "x y"];

/** Every line of a tree (pre-order), via walk. */
function allLines(tree) {
  const out = [];
  tree.walk(line => {
    out.push(line);
  });
  return out;
}

/** A random tree built with add() (and comments), plus the lines it holds. */
function randomTree(rand, { nodes = 1 + rand.int(40), commentRate = 0.3 } = {}) {
  const tree = new GameTree();
  const lines = [[]];
  while (lines.length < nodes) {
    const at = rand.pick(lines);
    const { line, added } = tree.add(at, rand.pick(MOVES));
    if (added) lines.push(line);
  }
  for (const line of lines) {
    if (rand() < commentRate) tree.setComment(line, rand.pick(["", "!", "good move", 'a\nb "q"', "ünï"]));
  }
  return { tree, lines };
}

// A deliberately simple, recursive model of the same tree, to check
// GameTree against (small trees only).
class Model {
  constructor() {
    this.root = { kids: [], comment: "" };
  }
  find(line) {
    let n = this.root;
    for (const m of line) {
      const e = n.kids.find(k => k[0] === m);
      if (!e) return null;
      n = e[1];
    }
    return n;
  }
  json() {
    const nodes = [];
    const visit = (n, index) => {
      for (const [m, c] of n.kids) {
        nodes.push(c.comment ? [index, m, c.comment] : [index, m]);
        visit(c, nodes.length);
      }
    };
    visit(this.root, 0);
    return this.root.comment ? { v: 1, nodes, comment: this.root.comment } : { v: 1, nodes };
  }
}

test("a new tree holds the root only", () => {
  const t = new GameTree();
  assert.equal(t.size(), 1);
  assert.ok(t.has([]));
  assert.ok(!t.has(["a"]));
  assert.deepEqual(t.children([]), []);
  assert.deepEqual(t.mainline(), []);
  assert.ok(t.isMain([]));
  assert.equal(t.next([]), null);
  assert.deepEqual(t.variations([]), [[]]);
  assert.equal(t.comment([]), "");
  assert.deepEqual(t.toJSON(), { v: 1, nodes: [] });
});

test("add appends, returns the new line, and reuses an existing child", () => {
  const t = new GameTree();
  assert.deepEqual(t.add([], "e4"), { line: ["e4"], added: true });
  assert.deepEqual(t.add(["e4"], "e5"), { line: ["e4", "e5"], added: true });
  assert.equal(t.size(), 3);
  assert.deepEqual(t.add([], "e4"), { line: ["e4"], added: false });
  assert.deepEqual(t.add(["e4"], "e5"), { line: ["e4", "e5"], added: false });
  assert.equal(t.size(), 3);
  assert.deepEqual(t.children([]), ["e4"]);
  // a reused child keeps its subtree and its comment
  t.setComment(["e4"], "open");
  t.add([], "e4");
  assert.equal(t.comment(["e4"]), "open");
  assert.deepEqual(t.children(["e4"]), ["e5"]);
});

test("add's line is a fresh array: changing it does not change the tree", () => {
  const t = new GameTree();
  const at = [];
  const { line } = t.add(at, "a");
  assert.deepEqual(at, []);
  line.push("zzz");
  assert.ok(t.has(["a"]));
  assert.ok(!t.has(["a", "zzz"]));
});

test("add throws TreeError at an absent line or for a bad move", () => {
  const t = GameTree.fromLine(["a", "b"]);
  assert.throws(() => t.add(["x"], "c"), TreeError);
  assert.throws(() => t.add(["a", "b", "c"], "d"), TreeError);
  assert.throws(() => t.add([], ""), TreeError);
  assert.throws(() => t.add([], 5), TreeError);
  assert.throws(() => t.add([], null), TreeError);
  assert.throws(() => t.add("a", "b"), TreeError);
  assert.equal(t.size(), 3);
  assert.throws(
    () => t.add(["x"], "c"),
    e => e instanceof Error && e.name === "TreeError" && /x/.test(e.message),
  );
});

test("playing at an earlier node makes a variation and deletes nothing", () => {
  const t = GameTree.fromLine(["a", "b", "c", "d"]);
  const before = t.size();
  assert.deepEqual(t.add(["a"], "x"), { line: ["a", "x"], added: true });
  assert.equal(t.size(), before + 1);
  assert.deepEqual(t.children(["a"]), ["b", "x"]); // the old move stays main
  assert.deepEqual(t.mainline(), ["a", "b", "c", "d"]);
  assert.ok(t.has(["a", "b", "c", "d"]));
  t.add(["a", "x"], "y");
  t.add([], "z");
  assert.deepEqual(t.children([]), ["a", "z"]);
  assert.deepEqual(t.mainline(["a", "x"]), ["a", "x", "y"]);
  assert.deepEqual(t.mainline(), ["a", "b", "c", "d"]);
  // a new child is the main continuation only when it is the only child
  t.add(["a", "b", "c", "d"], "e");
  assert.deepEqual(t.mainline(), ["a", "b", "c", "d", "e"]);
});

test("fromLine holds one line", () => {
  const t = GameTree.fromLine(["a", "b", "a", "b"]);
  assert.equal(t.size(), 5);
  assert.deepEqual(t.mainline(), ["a", "b", "a", "b"]);
  assert.ok(t.isMain(["a", "b", "a", "b"]));
  assert.deepEqual(GameTree.fromLine([]).toJSON(), new GameTree().toJSON());
  assert.throws(() => GameTree.fromLine(["a", ""]), TreeError);
  assert.throws(() => GameTree.fromLine("ab"), TreeError);
  assert.throws(() => GameTree.fromLine(["a", 5]), TreeError);
  assert.equal(GameTree.fromLine(Array(MAX_DEPTH).fill("x")).size(), MAX_DEPTH + 1);
  assert.throws(() => GameTree.fromLine(Array(MAX_DEPTH + 1).fill("x")), TreeError);
});

test("has and children compare lines move by move, as strings", () => {
  const t = GameTree.fromLine(["1", "2"]);
  assert.ok(t.has(["1", "2"]));
  assert.ok(!t.has([1, 2]));
  assert.ok(!t.has(["1", "2", "3"]));
  assert.ok(!t.has(["12"]));
  assert.deepEqual(t.children(["nope"]), []);
  assert.deepEqual(t.children(["1", "2"]), []);
});

test("lines compared move by move: a shared start, the same line, a line that starts another", () => {
  assert.equal(commonPrefix(["a", "b", "c"], ["a", "b", "x"]), 2);
  assert.equal(commonPrefix([], ["a"]), 0);
  assert.ok(sameLine(["a", "b"], ["a", "b"]) && !sameLine(["a"], ["a", "b"]) && sameLine([], []));
  assert.ok(isPrefix([], ["a"]) && isPrefix(["a"], ["a"]) && isPrefix(["a"], ["a", "b"]));
  assert.ok(!isPrefix(["a", "b"], ["a"]) && !isPrefix(["b"], ["a", "b"]));
});

test("mainline follows first children from any line", () => {
  const t = GameTree.fromLine(["a", "b", "c"]);
  t.add(["a"], "x");
  t.add(["a", "x"], "y");
  t.add(["a", "x", "y"], "z");
  t.add(["a", "x"], "w");
  assert.deepEqual(t.mainline(), ["a", "b", "c"]);
  assert.deepEqual(t.mainline([]), ["a", "b", "c"]);
  assert.deepEqual(t.mainline(["a", "x"]), ["a", "x", "y", "z"]);
  assert.deepEqual(t.mainline(["a", "x", "w"]), ["a", "x", "w"]);
  assert.throws(() => t.mainline(["q"]), TreeError);
});

test("isMain: every move is its parent's first child", () => {
  const t = GameTree.fromLine(["a", "b", "c"]);
  t.add(["a"], "x");
  t.add(["a", "x"], "y");
  assert.ok(t.isMain([]));
  assert.ok(t.isMain(["a"]));
  assert.ok(t.isMain(["a", "b", "c"]));
  assert.ok(!t.isMain(["a", "x"]));
  assert.ok(!t.isMain(["a", "x", "y"])); // y is a first child, but x is not
  assert.ok(!t.isMain(["a", "b", "c", "d"])); // absent
  assert.ok(!t.isMain(["q"]));
});

test("promote of a deep variation makes its whole line main and keeps every node", () => {
  const t = GameTree.fromLine(["a", "b", "c", "d"]);
  t.add([], "a2");
  t.add(["a"], "b2");
  t.add(["a"], "b3");
  t.add(["a", "b3"], "c3");
  t.add(["a", "b3"], "c4");
  t.add(["a", "b3", "c4"], "d4");
  t.add(["a", "b3", "c4"], "d5");
  t.add(["a", "b3", "c4", "d5"], "e5");
  t.setComment(["a", "b3", "c4"], "the idea");
  const linesBefore = allLines(t)
    .map(l => l.join(" "))
    .sort();
  const size = t.size();

  const deep = ["a", "b3", "c4", "d5", "e5"];
  assert.ok(!t.isMain(deep));
  assert.equal(t.promote(deep), true);
  assert.ok(t.isMain(deep));
  assert.deepEqual(t.mainline(), deep);
  assert.equal(t.size(), size);
  assert.deepEqual(
    allLines(t)
      .map(l => l.join(" "))
      .sort(),
    linesBefore,
  );
  assert.equal(t.comment(["a", "b3", "c4"]), "the idea");
  // the former first child comes next, the rest keep their order
  assert.deepEqual(t.children(["a"]), ["b3", "b", "b2"]);
  assert.deepEqual(t.children(["a", "b3"]), ["c4", "c3"]);
  assert.deepEqual(t.children(["a", "b3", "c4"]), ["d5", "d4"]);
  assert.deepEqual(t.children([]), ["a", "a2"]);
  // the old main line is still there, as a variation
  assert.deepEqual(t.mainline(["a", "b"]), ["a", "b", "c", "d"]);

  // promoting a main line changes nothing
  const json = JSON.stringify(t.toJSON());
  assert.equal(t.promote(deep), false);
  assert.equal(t.promote(["a", "b3"]), false);
  assert.equal(t.promote([]), false);
  assert.equal(JSON.stringify(t.toJSON()), json);
  assert.throws(() => t.promote(["zz"]), TreeError);
});

test("promote of a line whose only non-first move is deep moves just that one", () => {
  const t = GameTree.fromLine(["a", "b", "c"]);
  t.add(["a", "b"], "x");
  assert.equal(t.promote(["a", "b", "x"]), true);
  assert.deepEqual(t.children(["a", "b"]), ["x", "c"]);
  assert.deepEqual(t.mainline(), ["a", "b", "x"]);
});

test("remove deletes a subtree; restore gives back exactly the same tree", () => {
  const rand = prng(7);
  for (let round = 0; round < 100; round++) {
    const { tree, lines } = randomTree(rand, { nodes: 2 + rand.int(30) });
    const json = JSON.stringify(tree.toJSON());
    const size = tree.size();
    const line = rand.pick(lines.filter(l => l.length));
    const below = allLines(tree).filter(l => commonPrefix(l, line) === line.length).length;
    const token = tree.remove(line);
    assert.ok(!tree.has(line));
    assert.equal(tree.size(), size - below);
    assert.equal(allLines(tree).length, tree.size());
    for (const l of allLines(tree)) assert.ok(commonPrefix(l, line) < line.length);
    tree.restore(token);
    assert.equal(JSON.stringify(tree.toJSON()), json);
    assert.equal(tree.size(), size);
  }
});

test("remove returns the index; restore puts the node back at it", () => {
  const t = new GameTree();
  for (const m of ["a", "b", "c"]) t.add([], m);
  t.add(["b"], "b1");
  t.setComment(["b", "b1"], "kept");
  const token = t.remove(["b"]);
  assert.deepEqual(t.children([]), ["a", "c"]);
  assert.equal(t.size(), 3);
  t.restore(token);
  assert.deepEqual(t.children([]), ["a", "b", "c"]);
  assert.equal(t.comment(["b", "b1"]), "kept");
  assert.equal(t.size(), 5);
  // removing the main move makes the next sibling main; restore undoes it
  const tok2 = t.remove(["a"]);
  assert.deepEqual(t.mainline(), ["b", "b1"]);
  t.restore(tok2);
  assert.deepEqual(t.mainline(), ["a"]);
});

test("nested removes restore in reverse order", () => {
  const t = GameTree.fromLine(["a", "b", "c"]);
  t.add(["a"], "x");
  const json = JSON.stringify(t.toJSON());
  const inner = t.remove(["a", "b", "c"]);
  const outer = t.remove(["a"]);
  assert.equal(t.size(), 1);
  t.restore(outer);
  t.restore(inner);
  assert.equal(JSON.stringify(t.toJSON()), json);
});

test("remove of the root or an absent line throws; restore refuses when it cannot", () => {
  const t = GameTree.fromLine(["a", "b"]);
  assert.throws(() => t.remove([]), TreeError);
  assert.throws(() => t.remove(["x"]), TreeError);
  assert.equal(t.size(), 3);

  // the parent is gone
  const inner = t.remove(["a", "b"]);
  const outer = t.remove(["a"]);
  assert.throws(() => t.restore(inner), TreeError);
  t.restore(outer);

  // the move was played again meanwhile
  const tok = t.remove(["a"]);
  t.add([], "a");
  assert.throws(() => t.restore(tok), TreeError);
  assert.deepEqual(t.children(["a"]), []);
  assert.equal(t.size(), 2);

  // restoring twice
  const t2 = GameTree.fromLine(["a"]);
  const tok2 = t2.remove(["a"]);
  t2.restore(tok2);
  assert.throws(() => t2.restore(tok2), TreeError);
  assert.equal(t2.size(), 2);
  assert.throws(() => t2.restore(null), TreeError);
  assert.throws(() => t2.restore({}), TreeError);
});

test("restore clamps the index when siblings were removed meanwhile", () => {
  const t = new GameTree();
  for (const m of ["a", "b", "c"]) t.add([], m);
  const tc = t.remove(["c"]);
  t.remove(["b"]);
  t.restore(tc);
  assert.deepEqual(t.children([]), ["a", "c"]);
});

test("comments", () => {
  const t = GameTree.fromLine(["a"]);
  assert.equal(t.comment(["a"]), "");
  t.setComment(["a"], "hi");
  t.setComment([], "start");
  assert.equal(t.comment(["a"]), "hi");
  assert.equal(t.comment([]), "start");
  assert.deepEqual(t.toJSON(), { v: 1, nodes: [[0, "a", "hi"]], comment: "start" });
  t.setComment(["a"], "");
  assert.deepEqual(t.toJSON(), { v: 1, nodes: [[0, "a"]], comment: "start" });
  assert.throws(() => t.setComment(["a"], 3), TreeError);
  assert.throws(() => t.setComment(["b"], "x"), TreeError);
  assert.throws(() => t.comment(["b"]), TreeError);
});

test("toJSON is compact and JSON.stringify uses it", () => {
  const t = GameTree.fromLine(["e4", "e5"]);
  t.add([], "d4");
  t.setComment(["e4"], "best");
  const expected = {
    v: 1,
    nodes: [
      [0, "e4", "best"],
      [1, "e5"],
      [0, "d4"],
    ],
  };
  assert.deepEqual(t.toJSON(), expected);
  assert.equal(JSON.stringify(t), JSON.stringify(expected));
  assert.deepEqual(GameTree.fromJSON(expected).toJSON(), expected);
  // toJSON hands out fresh data
  const j = t.toJSON();
  j.nodes.pop();
  j.nodes[0].pop();
  assert.deepEqual(t.toJSON(), expected);
});

test("fromJSON(toJSON(t)) round-trips 200 random trees exactly", () => {
  const rand = prng(12345);
  for (let i = 0; i < 200; i++) {
    const { tree, lines } = randomTree(rand, { nodes: 1 + rand.int(80) });
    const data = tree.toJSON();
    const back = GameTree.fromJSON(data);
    assert.deepEqual(back.toJSON(), data);
    assert.equal(back.size(), tree.size());
    assert.equal(back.size(), lines.length);
    const viaText = GameTree.fromJSON(JSON.parse(JSON.stringify(tree)));
    assert.deepEqual(viaText.toJSON(), data);
    assert.equal(JSON.stringify(viaText), JSON.stringify(tree));
    for (const line of lines) {
      assert.ok(back.has(line));
      assert.equal(back.comment(line), tree.comment(line));
      assert.deepEqual(back.children(line), tree.children(line));
    }
    assert.deepEqual(allLines(back), allLines(tree));
  }
});

test("random operations agree with a simple model", () => {
  const rand = prng(99);
  for (let round = 0; round < 60; round++) {
    const t = new GameTree();
    const model = new Model();
    const tokens = [];
    for (let step = 0; step < 80; step++) {
      const lines = allLines(t);
      const line = rand.pick(lines);
      const op = rand.int(10);
      if (op < 5) {
        const move = rand.pick(MOVES);
        const n = model.find(line);
        const existed = n.kids.some(k => k[0] === move);
        if (!existed) n.kids.push([move, { kids: [], comment: "" }]);
        assert.deepEqual(t.add(line, move), { line: [...line, move], added: !existed });
      } else if (op === 5) {
        let changed = false;
        for (let i = 1; i <= line.length; i++) {
          const p = model.find(line.slice(0, i - 1));
          const j = p.kids.findIndex(k => k[0] === line[i - 1]);
          if (j > 0) {
            p.kids.unshift(...p.kids.splice(j, 1));
            changed = true;
          }
        }
        assert.equal(t.promote(line), changed);
      } else if (op === 6 && line.length) {
        const p = model.find(line.slice(0, -1));
        const j = p.kids.findIndex(k => k[0] === line[line.length - 1]);
        tokens.push({ token: t.remove(line), parent: line.slice(0, -1), entry: p.kids[j], index: j });
        p.kids.splice(j, 1);
      } else if (op === 7 && tokens.length) {
        const { token, parent, entry, index } = tokens.splice(rand.int(tokens.length), 1)[0];
        const p = model.find(parent);
        if (!p || p.kids.some(k => k[0] === entry[0])) {
          assert.throws(() => t.restore(token), TreeError);
        } else {
          t.restore(token);
          p.kids.splice(Math.min(index, p.kids.length), 0, entry);
        }
      } else if (op === 8) {
        const text = rand.pick(["", "c", "note"]);
        t.setComment(line, text);
        model.find(line).comment = text;
      } else {
        assert.deepEqual(
          t.mainline(line),
          (() => {
            const out = [...line];
            for (let n = model.find(line); n.kids.length; n = n.kids[0][1]) out.push(n.kids[0][0]);
            return out;
          })(),
        );
      }
      assert.deepEqual(t.toJSON(), model.json());
      assert.equal(t.size(), allLines(t).length);
    }
  }
});

test("fromJSON accepts an explicit empty comment and normalises it away", () => {
  const t = GameTree.fromJSON({ v: 1, nodes: [[0, "a", ""]], comment: "" });
  assert.deepEqual(t.toJSON(), { v: 1, nodes: [[0, "a"]] });
});

test("fromJSON accepts nodes in any order that names parents first; toJSON writes pre-order", () => {
  // a, b (main), then a variation c after a, then d after b
  const t = GameTree.fromJSON({
    v: 1,
    nodes: [
      [0, "a"],
      [1, "b"],
      [1, "c"],
      [2, "d"],
    ],
  });
  assert.deepEqual(t.mainline(), ["a", "b", "d"]);
  assert.deepEqual(t.children(["a"]), ["b", "c"]);
  assert.deepEqual(t.toJSON(), {
    v: 1,
    nodes: [
      [0, "a"],
      [1, "b"],
      [2, "d"],
      [1, "c"],
    ],
  });
});

test("fromJSON rejects each kind of malformed input with TreeError", () => {
  const bad = {
    undefined: undefined,
    null: null,
    "a number": 3,
    "a string": '{"v":1,"tree":[[]]}',
    "an array": [1, [[]]],
    "no version": { nodes: [] },
    "version 2": { v: 2, nodes: [] },
    "version as text": { v: "1", nodes: [] },
    "no nodes": { v: 1 },
    "nodes null": { v: 1, nodes: null },
    "nodes an object": { v: 1, nodes: { 0: [0, "a"] } },
    "nodes a string": { v: 1, nodes: "a" },
    "root comment a number": { v: 1, nodes: [], comment: 5 },
    "root comment null": { v: 1, nodes: [], comment: null },
    "entry not an array": { v: 1, nodes: ["a"] },
    "entry null": { v: 1, nodes: [null] },
    "entry too short": { v: 1, nodes: [[0]] },
    "entry empty": { v: 1, nodes: [[]] },
    "entry too long": { v: 1, nodes: [[0, "a", "", 1]] },
    "comment a number": { v: 1, nodes: [[0, "a", 5]] },
    "comment null": { v: 1, nodes: [[0, "a", null]] },
    "deep comment not a string": {
      v: 1,
      nodes: [
        [0, "a"],
        [1, "b", ["x"]],
      ],
    },
    "parent a string": { v: 1, nodes: [["0", "a"]] },
    "parent fractional": {
      v: 1,
      nodes: [
        [0, "a"],
        [0.5, "b"],
      ],
    },
    "parent negative": { v: 1, nodes: [[-1, "a"]] },
    "parent itself": {
      v: 1,
      nodes: [
        [0, "a"],
        [2, "b"],
      ],
    },
    "parent later": {
      v: 1,
      nodes: [
        [2, "a"],
        [0, "b"],
      ],
    },
    "parent out of range": {
      v: 1,
      nodes: [
        [0, "a"],
        [7, "b"],
      ],
    },
    "parent NaN": { v: 1, nodes: [[NaN, "a"]] },
    "parent Infinity": { v: 1, nodes: [[Infinity, "a"]] },
    "parent null": { v: 1, nodes: [[null, "a"]] },
    "move empty": { v: 1, nodes: [[0, ""]] },
    "move a number": { v: 1, nodes: [[0, 5]] },
    "move null": { v: 1, nodes: [[0, null]] },
    "move an array": { v: 1, nodes: [[0, ["a"]]] },
    "duplicate siblings": {
      v: 1,
      nodes: [
        [0, "a"],
        [0, "b"],
        [0, "a"],
      ],
    },
    "deep duplicate siblings": {
      v: 1,
      nodes: [
        [0, "a"],
        [1, "x"],
        [1, "y"],
        [1, "x"],
      ],
    },
    "duplicate among many siblings": {
      v: 1,
      nodes: [...Array.from({ length: 20 }, (_, i) => [0, `m${i}`]), [0, "m3"]],
    },
    "late duplicate among many siblings": {
      v: 1,
      nodes: [...Array.from({ length: 20 }, (_, i) => [0, `m${i}`]), [0, "m15"]],
    },
    // biome-ignore lint/suspicious/noSparseArray: a damaged save with a hole in its list of nodes
    "sparse nodes": { v: 1, nodes: [, [0, "a"]] },
  };
  for (const [what, data] of Object.entries(bad)) {
    assert.throws(
      () => GameTree.fromJSON(data),
      e => {
        assert.ok(e instanceof TreeError, `${what}: ${e}`);
        assert.equal(e.name, "TreeError");
        assert.ok(e.message.length > 10, what);
        return true;
      },
      what,
    );
  }
});

test("fromJSON's messages say what is wrong", () => {
  const message = data => {
    try {
      GameTree.fromJSON(data);
    } catch (e) {
      return e.message;
    }
    return null;
  };
  assert.match(message({ v: 2, nodes: [] }), /version/);
  assert.match(
    message({
      v: 1,
      nodes: [
        [0, "a"],
        [1, "x"],
        [1, "x"],
      ],
    }),
    /"x".*twice.*\ba\b/,
  );
  assert.match(
    message({
      v: 1,
      nodes: [
        [0, "a"],
        [1, ""],
      ],
    }),
    /node 2.*non-empty string/,
  );
  assert.match(
    message({
      v: 1,
      nodes: [
        [0, "a"],
        [5, "b"],
      ],
    }),
    /node 2's parent/,
  );
});

test("fromJSON enforces the depth and size limits (and accepts what is at them)", () => {
  const line = depth => ({ v: 1, nodes: Array.from({ length: depth }, (_, i) => [i, `m${i % 7}`]) });
  assert.equal(GameTree.fromJSON(line(MAX_DEPTH)).size(), MAX_DEPTH + 1);
  assert.throws(() => GameTree.fromJSON(line(MAX_DEPTH + 1)), TreeError);
  // the depth counts from the root even when the deep node comes after a variation
  const branched = line(MAX_DEPTH);
  branched.nodes.push([1, "side"], [MAX_DEPTH, "deeper"]);
  assert.throws(() => GameTree.fromJSON(branched), TreeError);

  const wide = n => ({ v: 1, nodes: Array.from({ length: n }, (_, i) => [0, `m${i}`]) });
  const full = GameTree.fromJSON(wide(MAX_NODES - 1));
  assert.equal(full.size(), MAX_NODES);
  assert.throws(() => GameTree.fromJSON(wide(MAX_NODES)), TreeError);
  // add() keeps to the same limits, so what it builds can always be read back
  assert.throws(() => full.add(["m0"], "more"), TreeError);
  assert.deepEqual(full.add([], "m5"), { line: ["m5"], added: false });
  const token = full.remove(["m7"]);
  full.add(["m0"], "more");
  assert.throws(() => full.restore(token), TreeError);
  assert.equal(full.size(), MAX_NODES);
});

test("toJSON is flat: JSON.stringify never nests deeper than three levels", () => {
  const t = GameTree.fromLine(Array.from({ length: 300 }, (_, i) => `m${i}`));
  t.setComment(["m0"], "c");
  let depth = 0,
    max = 0;
  for (const ch of JSON.stringify(t)) {
    if (ch === "[" || ch === "{") max = Math.max(max, ++depth);
    else if (ch === "]" || ch === "}") depth--;
  }
  assert.equal(max, 3);
});

test("fromJSON throws only TreeError on random garbage", () => {
  const rand = prng(2024);
  const atoms = [null, undefined, 0, 1, -1, 1.5, NaN, true, false, "", "a", "b", "1", [], {}, { v: 1 }];
  function garbage(depth) {
    if (depth <= 0 || rand() < 0.3) return rand.pick(atoms);
    if (rand() < 0.15) {
      const o = {};
      for (let i = rand.int(3); i > 0; i--) o[rand.pick(["v", "nodes", "comment", "x"])] = garbage(depth - 1);
      return o;
    }
    return Array.from({ length: rand.int(4) }, () => garbage(depth - 1));
  }
  // garbage that looks almost right: mutate a valid tree's data
  function mutate(data) {
    const copy = JSON.parse(JSON.stringify(data));
    const arrays = [];
    const stack = [copy.nodes];
    while (stack.length) {
      const a = stack.pop();
      if (Array.isArray(a)) {
        arrays.push(a);
        for (const x of a) stack.push(x);
      }
    }
    const a = rand.pick(arrays);
    const i = rand.int(a.length + 1);
    const kind = rand.int(5);
    if (kind === 4 && copy.nodes.length)
      rand.pick(copy.nodes)[0] = rand.int(copy.nodes.length + 2) - 1; // any parent
    else if (kind === 0) a[i] = garbage(2);
    else if (kind === 1) a.splice(i, 1);
    else if (kind === 2) a.push(garbage(2));
    else if (a.length) a[rand.int(a.length)] = rand.pick(atoms);
    return copy;
  }
  let rejected = 0;
  for (let i = 0; i < 3000; i++) {
    const data =
      i % 2
        ? { v: rand() < 0.9 ? 1 : 2, nodes: garbage(5), ...(rand() < 0.2 ? { comment: garbage(1) } : {}) }
        : mutate(randomTree(rand, { nodes: 1 + rand.int(12) }).tree.toJSON());
    try {
      const t = GameTree.fromJSON(data);
      // what it accepts must be a tree that round-trips
      assert.deepEqual(GameTree.fromJSON(t.toJSON()).toJSON(), t.toJSON());
      assert.equal(t.size(), allLines(t).length);
    } catch (e) {
      if (!(e instanceof TreeError)) throw new Error(`fromJSON threw ${e} for ${JSON.stringify(data)}`);
      rejected++;
    }
  }
  assert.ok(rejected > 1000);
});

test("a 5000-move line round-trips without stack overflow", () => {
  const moves = Array.from({ length: MAX_DEPTH }, (_, i) => `m${i}`);
  const t = GameTree.fromLine(moves);
  assert.equal(t.size(), MAX_DEPTH + 1);
  t.setComment(moves, "the end");
  t.add(moves.slice(0, 2500), "side");
  const text = JSON.stringify(t);
  const back = GameTree.fromJSON(JSON.parse(text));
  assert.equal(JSON.stringify(back), text);
  assert.deepEqual(back.mainline(), moves);
  assert.equal(back.comment(moves), "the end");
  assert.ok(back.isMain(moves));
  assert.equal(back.promote([...moves.slice(0, 2500), "side"]), true);
  assert.deepEqual(back.mainline(), [...moves.slice(0, 2500), "side"]);
  let count = 0;
  back.walk(() => {
    count++;
  });
  assert.equal(count, MAX_DEPTH + 2);
  const token = back.remove(moves.slice(0, 1));
  assert.equal(back.size(), 1);
  back.restore(token);
  assert.equal(back.size(), MAX_DEPTH + 2);
  // a line may not grow past the limit
  assert.throws(() => t.add(moves, "more"), TreeError);
});

test("next steps along the first child", () => {
  const t = GameTree.fromLine(["a", "b"]);
  t.add([], "x");
  assert.deepEqual(t.next([]), ["a"]);
  assert.deepEqual(t.next(["a"]), ["a", "b"]);
  assert.equal(t.next(["a", "b"]), null);
  assert.equal(t.next(["x"]), null);
  assert.equal(t.next(["nope"]), null);
  t.add(["x"], "y");
  assert.deepEqual(t.next(["x"]), ["x", "y"]);
});

test("variations lists the sibling lines, in order, the line itself included", () => {
  const t = GameTree.fromLine(["a", "b"]);
  t.add(["a"], "c");
  t.add(["a"], "d");
  t.add([], "z");
  assert.deepEqual(t.variations(["a", "c"]), [
    ["a", "b"],
    ["a", "c"],
    ["a", "d"],
  ]);
  assert.deepEqual(t.variations(["a", "b"]), [
    ["a", "b"],
    ["a", "c"],
    ["a", "d"],
  ]);
  assert.deepEqual(t.variations(["a"]), [["a"], ["z"]]);
  assert.deepEqual(t.variations([]), [[]]);
  assert.deepEqual(t.variations(["q"]), []);
  t.promote(["a", "d"]);
  assert.deepEqual(t.variations(["a", "b"]), [
    ["a", "d"],
    ["a", "b"],
    ["a", "c"],
  ]);
});

test("walk is depth-first pre-order with the variation depth and sibling index", () => {
  const t = GameTree.fromLine(["a", "b", "c"]);
  t.add(["a"], "x");
  t.add(["a", "x"], "y");
  t.add(["a", "x", "y"], "y1");
  t.add(["a", "x", "y"], "y2");
  t.add([], "z");
  const seen = [];
  t.walk((line, depth, index) => {
    seen.push([line.join(" "), depth, index]);
  });
  assert.deepEqual(seen, [
    ["", 0, 0],
    ["a", 0, 0],
    ["a b", 0, 0],
    ["a b c", 0, 0],
    ["a x", 1, 1],
    ["a x y", 1, 0],
    ["a x y y1", 1, 0],
    ["a x y y2", 2, 1],
    ["z", 1, 1],
  ]);
  // returning false skips a node's children
  const short = [];
  t.walk(line => {
    short.push(line.join(" "));
    return line[0] === "a" ? false : undefined;
  });
  assert.deepEqual(short, ["", "a", "z"]);
  // the line handed out is a fresh array each time
  const kept = [];
  t.walk(line => {
    kept.push(line);
    line.push("junk");
  });
  assert.ok(!t.has(["junk"]));
  assert.equal(kept.length, 9);
});

test("size counts every node and follows add/remove/restore", () => {
  const rand = prng(5);
  for (let i = 0; i < 50; i++) {
    const { tree, lines } = randomTree(rand);
    assert.equal(tree.size(), lines.length);
    assert.equal(allLines(tree).length, lines.length);
  }
});

test("commonPrefix and sameLine", () => {
  assert.equal(commonPrefix([], []), 0);
  assert.equal(commonPrefix(["a"], []), 0);
  assert.equal(commonPrefix(["a", "b"], ["a", "b"]), 2);
  assert.equal(commonPrefix(["a", "b", "c"], ["a", "b"]), 2);
  assert.equal(commonPrefix(["a", "b", "c"], ["a", "x", "c"]), 1);
  assert.equal(commonPrefix(["1"], [1]), 0);
  assert.ok(sameLine(["a", "b"], ["a", "b"]));
  assert.ok(sameLine([], []));
  assert.ok(!sameLine(["a"], ["a", "b"]));
  assert.ok(!sameLine(["a", "b"], ["a"]));
});

test("alternativesAlong: the other moves at each position of a line, in one walk", () => {
  const t = new GameTree();
  for (const line of [["a", "b", "c"], ["a", "x"], ["a", "y", "z"], ["q"]]) {
    let at = [];
    for (const m of line) at = t.add(at, m).line;
  }
  assert.deepEqual(t.alternativesAlong(["a", "b", "c"]), [["q"], ["x", "y"], []]);
  assert.deepEqual(t.alternativesAlong(["a", "y"]), [["q"], ["b", "x"]]);
  assert.deepEqual(t.alternativesAlong([]), []);
  assert.throws(() => t.alternativesAlong(["a", "nope"]), TreeError);
});

// -- long lines (issue #32): counted work, not time ----------------------------------

const longLine = n => Array.from({ length: n }, (_, i) => `m${i}`);

test("building a 5000-move line one add at a time searches each move once and compares nothing", () => {
  const tree = new GameTree();
  let line = [];
  for (const move of longLine(5000)) line = tree.add(line, move).line;
  assert.equal(tree.size(), 5001);
  // each add finds its line at once (an array the tree handed out): no walk from the root
  assert.equal(tree.stats.searched, 0);
  assert.equal(tree.stats.compared, 0);
  assert.deepEqual(tree.mainline([]), longLine(5000));
});

test("stepping back and forth along a long line with fresh arrays compares, never searches, the known moves", () => {
  const tree = GameTree.fromLine(longLine(5000));
  const line = longLine(5000);
  assert.ok(tree.has(line));
  const first = { ...tree.stats };
  assert.equal(first.searched, 5000); // the first time, the line is searched
  for (let k = 4999; k >= 4900; k--) assert.ok(tree.has(line.slice(0, k))); // a step back: a new array
  for (let k = 4900; k <= 5000; k++) assert.ok(tree.has(line.slice(0, k)));
  assert.equal(tree.stats.searched, first.searched); // never searched again
  // a line leaving it is searched only past where it leaves
  assert.equal(tree.add(line.slice(0, 4000), "x").added, true);
  assert.equal(tree.stats.searched, first.searched);
  assert.equal(tree.has([...line.slice(0, 4000), "x"]), true);
  assert.equal(tree.stats.searched, first.searched + 1);
});

test("a line handed out and then changed is not trusted", () => {
  const tree = GameTree.fromLine(["a", "b", "c"]);
  const { line } = tree.add(["a", "b"], "z");
  line.pop();
  line.push("y");
  assert.equal(tree.has(line), false);
  const removed = tree.add(["a"], "q").line;
  tree.remove(removed);
  assert.equal(tree.has(removed), false);
});

test("alternativesAlong on every prefix of a long line walks the tree once, and answers as a fresh walk", () => {
  const rand = prng(32);
  const tree = GameTree.fromLine(longLine(3000));
  const line = longLine(3000);
  for (let i = 0; i < 50; i++) {
    const k = rand.int(3000);
    tree.add(line.slice(0, k), `v${i}`);
  }
  const slow = lineAt => {
    // the definition, walked afresh
    const out = [];
    for (let k = 0; k < lineAt.length; k++) {
      out.push(tree.children(lineAt.slice(0, k)).filter(m => m !== lineAt[k]));
    }
    return out;
  };
  const expected = slow(line);
  const before = tree.stats.searched;
  const made = [];
  for (let k = 0; k <= line.length; k++) made.push(tree.alternativesAlong(line.slice(0, k)));
  assert.ok(tree.stats.searched - before <= line.length, `${tree.stats.searched - before} searched`);
  for (let k = 0; k <= line.length; k += 97) assert.deepEqual(made[k], expected.slice(0, k));
  // an edit of the tree is seen
  tree.add(line.slice(0, 10), "w");
  assert.deepEqual(tree.alternativesAlong(line.slice(0, 11))[10], [...expected[10], "w"]);
  tree.promote([...line.slice(0, 10), "w"]);
  assert.deepEqual(tree.alternativesAlong(line.slice(0, 11)), slow(line.slice(0, 11)));
});
