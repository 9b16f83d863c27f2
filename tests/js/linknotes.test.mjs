// A game's notes in its link (issue #29, model/linknotes.js): the comments,
// glyphs and drawings of the link's line go out and come back; a link stays
// short; a game that holds notes already keeps its own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { GameTree } from "../../web/model/tree.js";
import { MAX_LENGTH, applyLinkNotes, linkNotes, readLinkNotes } from "../../web/model/linknotes.js";
import { format, parse } from "../../web/model/url.js";
import { GameModel } from "../../web/model/game.js";

const LINE = ["d1-b3", "h2-f4", "b1-d3"];

function noted() {
  const tree = GameTree.fromLine(LINE);
  tree.setCommentAt(tree.root, "Start, with a comma, a slash / and 100% ünïcode");
  tree.setNotesAt(tree.root, { shapes: [["G", "d4"]] });
  tree.setNotesAt(tree.nodeAt(["d1-b3"]), {
    glyph: "!?",
    shapes: [
      ["R", "e1", "e4"],
      ["B", "g7"],
    ],
  });
  tree.setCommentAt(tree.nodeAt(["d1-b3", "h2-f4"]), "a: b, c");
  tree.setNotesAt(tree.nodeAt(["d1-b3", "h2-f4"]), { glyph: "??" });
  return tree;
}

test("a line's notes go into a link and come back the same", () => {
  const tree = noted();
  const value = linkNotes(tree, LINE);
  assert.ok(!/[/,]/.test(value.replace(/,\d+:[cgs]:/g, "")), "no raw ',' or '/' inside a value");
  const fragment = format({ game: "loa", variant: "standard", options: {}, moves: LINE, notes: value });
  const parsed = parse(fragment);
  assert.deepEqual(parsed.moves, LINE);
  const back = GameTree.fromLine(LINE);
  applyLinkNotes(back, LINE, readLinkNotes(parsed.notes));
  for (const line of [[], ["d1-b3"], ["d1-b3", "h2-f4"], LINE]) {
    assert.deepEqual(back.nodeAt(line).notes, tree.nodeAt(line).notes, line.join(" "));
    assert.equal(back.nodeAt(line).comment, tree.nodeAt(line).comment, line.join(" "));
  }
});

test("a game model's link carries its notes, and a model opened from it has them", () => {
  const model = new GameModel({
    start: "loa standard - start",
    meta: { game: "loa", variant: "standard", options: {} },
    tree: noted(),
    head: LINE,
    viewed: LINE,
  });
  const fragment = model.fragment();
  assert.match(fragment, /\/notes=/);
  const opened = GameModel.fromLink(parse(fragment), "loa standard - start");
  assert.equal(opened.tree.nodeAt(["d1-b3"]).notes.glyph, "!?");
  assert.equal(opened.tree.root.comment, model.tree.root.comment);
});

test("without notes a link is as before; too many comments are left out, then everything", () => {
  assert.equal(linkNotes(GameTree.fromLine(LINE), LINE), null);
  const tree = noted();
  tree.setCommentAt(tree.nodeAt(LINE), "x".repeat(MAX_LENGTH));
  const value = linkNotes(tree, LINE);
  assert.ok(value.length <= MAX_LENGTH && !value.includes(":c:") && value.includes(":g:"));
  const crowded = GameTree.fromLine(LINE);
  crowded.setNotesAt(crowded.root, { shapes: Array.from({ length: 400 }, (_, i) => ["G", `a${i}`]) });
  assert.equal(linkNotes(crowded, LINE), null);
});

test("a game's own notes stay; a note the tree refuses is dropped, not the game; bad text is a LinkError", () => {
  const tree = GameTree.fromLine(LINE);
  tree.setNotesAt(tree.nodeAt(["d1-b3"]), { glyph: "!" });
  applyLinkNotes(tree, LINE, [
    { ply: 1, glyph: "??", comment: "new" },
    { ply: 0, glyph: "!" },
    { ply: 2, shapes: [["Q", "a1"]] },
  ]);
  assert.equal(tree.nodeAt(["d1-b3"]).notes.glyph, "!");
  assert.equal(tree.nodeAt(["d1-b3"]).comment, "new");
  assert.deepEqual(tree.root.notes, {});
  assert.deepEqual(tree.nodeAt(["d1-b3", "h2-f4"]).notes, {});
  assert.throws(() => readLinkNotes("1:x:y"), { name: "LinkError" });
  assert.throws(() => readLinkNotes("1:c:%E0%A4%A"), { name: "LinkError" });
  assert.throws(() => parse("#v1/loa/standard/-/d1-b3/notes=zz"), { name: "LinkError" });
});

test("a link opened into the game it belongs to brings all its notes, however long (#47)", async () => {
  const { GameModel } = await import("../../web/model/game.js");
  const { mergeLink } = await import("../../web/library/open.js");
  const start = "loa standard double-connection=mover start";
  const meta = { game: "loa", variant: "standard", options: { "double-connection": "mover" } };
  const here = new GameModel({ start, meta, players: ["h", "r"] });
  here.play("d1-b3");
  const long = `A long thought: ${"why ".repeat(500)}`.trim(); // (2,000 characters: more than a link is written with)
  const parsed = parse(
    `#v1/loa/standard/double-connection=mover/d1-b3,h2-f4/players=r,h/notes=1:c:${encodeURIComponent(long)},2:g:!`,
  );
  const linked = GameModel.fromLink(parsed, start);
  assert.equal(linked.tree.comment(["d1-b3"]), long);
  mergeLink(here, linked);
  assert.deepEqual(here.head, ["d1-b3", "h2-f4"]);
  assert.equal(here.tree.comment(["d1-b3"]), long, "not dropped for its length");
  assert.equal(here.tree.nodeAt(["d1-b3", "h2-f4"]).notes.glyph, "!");
});
