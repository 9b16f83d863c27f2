// Tests of a node's notes in the game tree (issue #29): glyphs, shapes and
// clock times set, merged, deleted, validated, stored and read back.
import test from "node:test";
import assert from "node:assert/strict";
import { GameTree, TreeError, MAX_DEPTH } from "../../web/model/tree.js";
import { GLYPHS } from "../../web/model/nodenotes.js";
import { prng } from "./prng.mjs";

const line = (...moves) => moves;

function twoMoves() {
  const t = new GameTree();
  t.add([], "e4");
  t.add(["e4"], "e5");
  return t;
}

test("a node's notes are empty until set, then merged key by key", () => {
  const t = twoMoves();
  const node = t.nodeAt(line("e4"));
  assert.deepEqual(node.notes, {});
  t.setNotesAt(node, { glyph: "!?" });
  t.setNotesAt(node, {
    shapes: [
      ["G", "d4"],
      ["R", "a1", "h8"],
    ],
  });
  t.setNotesAt(node, { spent: 3100, left: 295200 });
  assert.deepEqual(t.notes(["e4"]), {
    glyph: "!?",
    shapes: [
      ["G", "d4"],
      ["R", "a1", "h8"],
    ],
    spent: 3100,
    left: 295200,
  });
  assert.deepEqual(t.notes(["e4", "e5"]), {}, "another node's notes are untouched");
});

test("a key holding null, undefined, '' or [] is deleted; nothing left is {}", () => {
  const t = twoMoves();
  const node = t.nodeAt(["e4"]);
  t.setNotesAt(node, { glyph: "?", shapes: [["B", "c3"]], spent: 5, left: 7 });
  t.setNotesAt(node, { glyph: null });
  assert.equal("glyph" in node.notes, false);
  t.setNotesAt(node, { shapes: [] });
  t.setNotesAt(node, { spent: undefined, left: "" });
  assert.deepEqual(node.notes, {});
  assert.deepEqual(
    t.toJSON(),
    {
      v: 1,
      nodes: [
        [0, "e4"],
        [1, "e5"],
      ],
    },
    "no empty notes written",
  );
});

test("notes are frozen and replaced, so a view keeping the old object sees a change", () => {
  const t = twoMoves();
  const node = t.nodeAt(["e4"]);
  const before = node.notes;
  t.setNotesAt(node, { glyph: "!" });
  assert.notEqual(node.notes, before);
  assert.ok(Object.isFrozen(node.notes));
  assert.throws(() => {
    node.notes.glyph = "?";
  }, TypeError);
});

test("wrong glyphs, shapes and times are refused with TreeError, nothing changed", () => {
  const t = twoMoves();
  const node = t.nodeAt(["e4"]);
  t.setNotesAt(node, { glyph: "!" });
  const wrong = [
    { glyph: "!!!" },
    { glyph: 1 },
    { shapes: "G d4" },
    { shapes: [["G"]] },
    { shapes: [["X", "d4"]] },
    { shapes: [["G", "d4", "d4"]] },
    { shapes: [["G", "d 4"]] },
    { shapes: [["G", "d4,e5"]] },
    { shapes: [["G", 4]] },
    { shapes: [["G", "a1", "b2", "c3"]] },
    { shapes: Array.from({ length: 1001 }, (_, i) => ["G", `c${i}`]) },
    { spent: -1 },
    { spent: 1.5 },
    { left: "300" },
    { glyph: "?", spent: -5 }, // (one wrong value refuses the whole patch)
  ];
  for (const patch of wrong) {
    assert.throws(() => t.setNotesAt(node, patch), TreeError, JSON.stringify(patch));
    assert.deepEqual(node.notes, { glyph: "!" }, JSON.stringify(patch));
  }
  assert.throws(() => t.setNotesAt(node, null), TreeError);
  assert.throws(() => t.setNotesAt(node, ["glyph", "!"]), TreeError);
  for (const glyph of GLYPHS) t.setNotesAt(node, { glyph });
});

test("a change bumps notesVersion and lists the node; the same notes again do not", () => {
  const t = twoMoves();
  const node = t.nodeAt(["e4", "e5"]);
  const version = t.version;
  t.setNotesAt(node, { glyph: "??" });
  assert.equal(t.notesVersion, 1);
  assert.deepEqual(t.noteEdits.at(-1), { version: 1, node });
  t.setNotesAt(node, { glyph: "??" });
  t.setNotesAt(node, { shapes: null });
  assert.equal(t.notesVersion, 1, "nothing changed");
  t.setCommentAt(node, "a blunder");
  assert.equal(t.notesVersion, 2, "a comment is watched the same way");
  assert.equal(t.version, version, "the tree's shape did not change");
});

test("notes round-trip through the stored form, root and nodes, comment '' when only notes", () => {
  const t = twoMoves();
  t.add([], "d4");
  t.setNotes([], { shapes: [["Y", "e4"]] });
  t.setNotes(["e4"], { glyph: "!", left: 1000 });
  t.setComment(["e4", "e5"], "solid");
  t.setNotes(["e4", "e5"], { shapes: [["G", "e7", "e5"]] });
  t.setNotes(["d4"], { spent: 0 });
  const data = t.toJSON();
  assert.deepEqual(JSON.parse(JSON.stringify(data)), {
    v: 1,
    nodes: [
      [0, "e4", "", { glyph: "!", left: 1000 }],
      [1, "e5", "solid", { shapes: [["G", "e7", "e5"]] }],
      [0, "d4", "", { spent: 0 }],
    ],
    notes: { shapes: [["Y", "e4"]] },
  });
  const back = GameTree.fromJSON(JSON.parse(JSON.stringify(data)));
  assert.deepEqual(back.toJSON(), JSON.parse(JSON.stringify(data)));
  assert.deepEqual(back.notes(["d4"]), { spent: 0 });
  assert.equal(back.comment(["e4", "e5"]), "solid");
});

test("random trees with random notes round-trip", () => {
  const rand = prng(29);
  const values = {
    glyph: () => rand.pick(GLYPHS),
    shapes: () => [[rand.pick(["G", "R", "B", "Y"]), rand.pick(["a1", "b2", "h8"])]],
    spent: () => rand.int(100000),
    left: () => rand.int(100000),
  };
  for (let round = 0; round < 50; round++) {
    const t = new GameTree();
    const lines = [[]];
    for (let i = 0; i < 20; i++) {
      const { line: l, added } = t.add(rand.pick(lines), rand.pick(["a", "b", "c"]));
      if (added) lines.push(l);
    }
    for (const l of lines) {
      if (rand() < 0.5) {
        const key = rand.pick(Object.keys(values));
        t.setNotes(l, { [key]: values[key]() });
      }
      if (rand() < 0.3) t.setComment(l, rand.pick(["", "x", "a b"]));
    }
    const text = JSON.stringify(t.toJSON());
    assert.equal(JSON.stringify(GameTree.fromJSON(JSON.parse(text)).toJSON()), text);
  }
});

test("trees stored before notes existed read as they are", () => {
  const old = {
    v: 1,
    nodes: [
      [0, "e4"],
      [1, "e5", "good"],
      [0, "d4"],
    ],
    comment: "start",
  };
  const t = GameTree.fromJSON(old);
  assert.deepEqual(t.toJSON(), old);
  assert.deepEqual(t.notes(["e4", "e5"]), {});
});

test("stored notes are validated like set ones; unknown keys are kept", () => {
  const bad = [
    { v: 1, nodes: [[0, "e4", "", { glyph: "!!!" }]] },
    { v: 1, nodes: [[0, "e4", "", "glyph"]] },
    { v: 1, nodes: [[0, "e4", null, { glyph: "!" }]] },
    { v: 1, nodes: [[0, "e4", "", {}, 5]] },
    { v: 1, nodes: [], notes: { shapes: [["G", "a1", "a1"]] } },
    { v: 1, nodes: [], notes: [] },
  ];
  for (const data of bad) assert.throws(() => GameTree.fromJSON(data), TreeError, JSON.stringify(data));
  const t = GameTree.fromJSON({ v: 1, nodes: [[0, "e4", "", { glyph: "", future: 1 }]] });
  assert.deepEqual(t.notes(["e4"]), { future: 1 }, "an empty value read as none, a newer key kept");
  const empty = GameTree.fromJSON({ v: 1, nodes: [[0, "e4", "", {}]], notes: {} });
  assert.deepEqual(empty.toJSON(), { v: 1, nodes: [[0, "e4"]] });
});

test("a 5,000-move line with notes on every move stores and reads without deep recursion", () => {
  const moves = Array.from({ length: MAX_DEPTH }, (_, i) => `m${i}`);
  const t = GameTree.fromLine(moves);
  let node = t.root;
  for (let i = 0; node.children.length; i++) {
    node = node.children[0];
    t.setNotesAt(node, { spent: i, glyph: GLYPHS[i % GLYPHS.length] });
  }
  const text = JSON.stringify(t.toJSON());
  const back = GameTree.fromJSON(JSON.parse(text));
  assert.equal(back.size(), MAX_DEPTH + 1);
  assert.deepEqual(back.notes(moves), {
    spent: MAX_DEPTH - 1,
    glyph: GLYPHS[(MAX_DEPTH - 1) % GLYPHS.length],
  });
  assert.equal(t.noteEdits.length, 32, "only the last edits are kept");
});

test("a comment holds at most MAX_COMMENT characters; one stored longer before is kept as it is", async () => {
  const { GameTree, MAX_COMMENT, TreeError } = await import("../../web/model/tree.js");
  const tree = GameTree.fromLine(["a", "b"]);
  const node = tree.nodeAt(["a"]);
  tree.setCommentAt(node, "x".repeat(MAX_COMMENT));
  assert.equal(node.comment.length, 5000);
  assert.throws(() => tree.setCommentAt(node, "x".repeat(MAX_COMMENT + 1)), TreeError);
  assert.throws(() => tree.setCommentAt(node, "y".repeat(MAX_COMMENT + 1)), /at most 5,000 characters/);
  // (a tree read from storage may hold a longer one: it reads, and stays)
  const old = GameTree.fromJSON({ v: 1, nodes: [[0, "a", "z".repeat(20_000)]] });
  assert.equal(old.nodeAt(["a"]).comment.length, 20_000);
});
