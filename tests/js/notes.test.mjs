// A move's notes through the game model (issue #29): model.setNotes changes
// the tree, tells the page (which saves the game), and the notes are kept
// in the saved game and through a merge with another copy.
import test from "node:test";
import assert from "node:assert/strict";
import { GameModel } from "../../web/model/game.js";
import { TreeError } from "../../web/model/tree.js";

const START = "loa standard double-connection=mover start";
const META = { game: "loa", variant: "standard", options: { "double-connection": "mover" } };

function played(moves) {
  const m = new GameModel({ start: START, meta: META });
  for (const move of moves) m.play(move);
  return m;
}

test("setNotes changes the move's notes and comment and tells the listeners 'notes'", () => {
  const m = played(["a", "b"]);
  const heard = [];
  m.subscribe(what => heard.push(what));
  m.setNotes(["a"], { glyph: "!?", comment: "the idea" });
  assert.deepEqual(m.tree.notes(["a"]), { glyph: "!?" });
  assert.equal(m.tree.comment(["a"]), "the idea");
  assert.deepEqual(heard, ["notes"]);
  m.setNotes([], { comment: "a quiet opening", shapes: [["G", "d4"]] });
  assert.equal(m.tree.comment([]), "a quiet opening");
  assert.deepEqual(heard, ["notes", "notes"]);
  m.setNotes(["a"], { glyph: "!?" });
  m.setNotes(["a"], { comment: "the idea" });
  assert.deepEqual(heard, ["notes", "notes"], "nothing changed: nobody is told (no save)");
  assert.deepEqual(m.viewed, ["a", "b"], "the viewed move is not moved");
});

test("a wrong note changes nothing, the comment with it neither", () => {
  const m = played(["a"]);
  assert.throws(() => m.setNotes(["a"], { glyph: "!!!", comment: "x" }), TreeError);
  assert.equal(m.tree.comment(["a"]), "");
  assert.deepEqual(m.tree.notes(["a"]), {});
});

test("notes are saved with the game and read back", () => {
  const m = played(["a", "b"]);
  m.setNotes(["a", "b"], { glyph: "??", shapes: [["R", "c3", "c5"]], comment: "" });
  m.setNotes([], { shapes: [["B", "e1"]] });
  const back = GameModel.fromJSON(JSON.parse(JSON.stringify(m.toJSON())));
  assert.deepEqual(back.tree.notes(["a", "b"]), { glyph: "??", shapes: [["R", "c3", "c5"]] });
  assert.deepEqual(back.tree.notes([]), { shapes: [["B", "e1"]] });
});

test("a merge with another copy brings its notes where this copy has none, keeps this copy's", () => {
  const here = played(["a", "b"]);
  const there = GameModel.fromJSON(JSON.parse(JSON.stringify(here.toJSON())));
  there.setNotes(["a"], { glyph: "!", shapes: [["G", "a1"]] });
  there.setNotes(["a", "b"], { glyph: "?" });
  here.setNotes(["a", "b"], { glyph: "!!" });
  here.merge(JSON.parse(JSON.stringify(there.toJSON())));
  assert.deepEqual(here.tree.notes(["a"]), { glyph: "!", shapes: [["G", "a1"]] });
  assert.deepEqual(here.tree.notes(["a", "b"]), { glyph: "!!" }, "this copy's own glyph stays");
});
