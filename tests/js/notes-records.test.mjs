// A game's notes in and out of records (web/library/records.js, issue #29):
// the export's Record JSON carries each move's comment and notes (the nodes'
// 4th element, the start's "notes"), and a record read back becomes a game
// whose tree has them again.  (The engine's side, text both ways, is
// tests/test_record_notes.py; the whole way through the page is
// e2e/test_site_notes.py.)
import test from "node:test";
import assert from "node:assert/strict";
import { entryOf, recordOf } from "../../web/library/records.js";
import { GameModel } from "../../web/model/game.js";

const START = "loa standard double-connection=mover start";
const META = { game: "loa", variant: "standard", options: { "double-connection": "mover" } };

function annotated() {
  const m = new GameModel({ start: START, meta: META, players: ["h", "h"] });
  for (const move of ["d1-b3", "h2-f4", "b3-e3"]) m.play(move);
  m.setNotes(["d1-b3"], { glyph: "!?" });
  m.setNotes(["d1-b3", "h2-f4"], {
    comment: "Quiet.",
    shapes: [
      ["G", "e3", "e6"],
      ["R", "c3"],
    ],
  });
  m.setNotes(["d1-b3", "h2-f4", "b3-e3"], { spent: 3100, left: 295200 });
  m.setNotes([], { comment: "From the start.", shapes: [["Y", "d4"]] });
  return m;
}

test("the export's record carries every move's notes and the start's", () => {
  const record = recordOf({ game: annotated().toJSON(), updated: Date.UTC(2026, 10, 26) });
  assert.deepEqual(JSON.parse(JSON.stringify(record.nodes)), [
    [0, "d1-b3", "", { glyph: "!?" }],
    [
      1,
      "h2-f4",
      "Quiet.",
      {
        shapes: [
          ["G", "e3", "e6"],
          ["R", "c3"],
        ],
      },
    ],
    [2, "b3-e3", "", { spent: 3100, left: 295200 }],
  ]);
  assert.equal(record.comment, "From the start.");
  assert.deepEqual(record.notes, { shapes: [["Y", "d4"]] });
});

test("notes a record does not carry are left out of it: the start's glyph, a newer page's keys", () => {
  const game = annotated().toJSON();
  game.tree.notes = { glyph: "!", shapes: [["Y", "d4"]] };
  game.tree.nodes[0] = [0, "d1-b3", "", { future: 1 }];
  game.tree.nodes[2] = [2, "b3-e3", "kept", { future: 2 }];
  const record = recordOf({ game, updated: 0 });
  assert.deepEqual(record.notes, { shapes: [["Y", "d4"]] });
  assert.deepEqual(record.nodes[0], [0, "d1-b3"]);
  assert.deepEqual(record.nodes[2], [2, "b3-e3", "kept"]);
});

test("a record read back is a game with the notes in its tree", () => {
  const record = JSON.parse(JSON.stringify(recordOf({ game: annotated().toJSON(), updated: 0 })));
  const entry = entryOf(record, []);
  const model = GameModel.fromJSON(entry.game);
  assert.deepEqual(model.tree.notes(["d1-b3"]), { glyph: "!?" });
  assert.equal(model.tree.comment(["d1-b3", "h2-f4"]), "Quiet.");
  assert.deepEqual(model.tree.notes(["d1-b3", "h2-f4"]), {
    shapes: [
      ["G", "e3", "e6"],
      ["R", "c3"],
    ],
  });
  assert.deepEqual(model.tree.notes(["d1-b3", "h2-f4", "b3-e3"]), { spent: 3100, left: 295200 });
  assert.deepEqual(model.tree.notes([]), { shapes: [["Y", "d4"]] });
  assert.equal(model.tree.comment([]), "From the start.");
});
