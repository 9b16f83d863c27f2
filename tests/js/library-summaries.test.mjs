// The library's line summaries (issue #27: opening a link reads these, not
// every full entry): what a summary keeps of a stored game, and that the
// relation it answers for a link's line is the one the game's tree answers
// (open.relation), for every line of a tree with variations and lines off it.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  headOf,
  isSummary,
  keyLine,
  lineKey,
  MOST_END_MOVES,
  summaryOf,
  summaryRelation,
} from "../../web/library/summaries.js";
import { relation } from "../../web/library/open.js";
import { GameModel } from "../../web/model/game.js";
import { GameTree } from "../../web/model/tree.js";

const START = "loa standard - start";
const META = { game: "loa", variant: "standard", options: {} };

/** A stored entry whose tree holds `lines` (the first is the main line), the player at `head`. */
function entryOf(lines, head = lines[0] || [], id = "g1") {
  const tree = new GameTree();
  for (const line of lines) {
    let at = [];
    for (const move of line) at = tree.add(at, move).line;
  }
  const model = new GameModel({ start: START, meta: META, players: [], tree, viewed: head, head, tip: head });
  return { id, v: 1, updated: 1000, name: "", game: model.toJSON() };
}

const MAIN = ["d1-b3", "h5-g4", "b1-d3", "a2-c4"];
const VARIATION = ["d1-b3", "h5-g4", "c1-c3"];
const DEEP = ["d1-b3", "a2-b2", "b3-b5"];

test("a summary keeps the start, the game, the main line, the player's line and the variations' ends", () => {
  const s = summaryOf(entryOf([MAIN, VARIATION, DEEP], VARIATION));
  assert.equal(s.id, "g1");
  assert.equal(s.updated, 1000);
  assert.equal(s.start, START);
  assert.equal(s.game, "loa");
  assert.deepEqual(keyLine(s.main), MAIN);
  assert.deepEqual(headOf(s), VARIATION);
  assert.deepEqual(s.ends.map(keyLine).sort(), [DEEP, VARIATION].sort());
  assert.ok(isSummary(s));
  assert.ok(!("tree" in s) && !("thumb" in s), "nothing of the tree's notes, nor the drawing");
  const plain = summaryOf(entryOf([MAIN]));
  assert.equal(plain.head, undefined, "the head is kept only when it is not the main line's end");
  assert.equal(plain.ends, undefined);
  assert.deepEqual(headOf(plain), MAIN);
});

test("a line's key keeps moves that hold spaces apart (EL's declare d4)", () => {
  const line = ["a1=3", "declare d4", "b2=1"];
  assert.deepEqual(keyLine(lineKey(line)), line);
  assert.deepEqual(keyLine(lineKey([])), []);
  const s = summaryOf(entryOf([line]));
  assert.equal(summaryRelation(s, ["a1=3", "declare d4"]), "older");
  assert.equal(summaryRelation(s, ["a1=3", "declare"]), null, "a move is never matched by its beginning");
});

test("for every line of a tree and lines off it, the summary answers as the tree does", () => {
  const lines = [MAIN, VARIATION, DEEP, ["b1-d3"]];
  for (const head of [MAIN, VARIATION, []]) {
    const entry = entryOf(lines, head);
    const s = summaryOf(entry);
    const tree = GameModel.fromJSON(entry.game).tree;
    const asked = [[], ["e1-e3"], ["d1-b3", "h5-g3"], [...MAIN, "c1-c4"], [...MAIN, "c1-c4", "x"], ["d1-b"]];
    for (const line of lines) for (let n = 0; n <= line.length; n++) asked.push(line.slice(0, n));
    for (const line of asked) {
      assert.equal(summaryRelation(s, line), relation(tree, line), `${line.join(" ")} with head ${head}`);
    }
  }
});

test("a game with no moves is extended by any line of its start", () => {
  const s = summaryOf(entryOf([]));
  assert.equal(s.main, "");
  assert.equal(summaryRelation(s, ["d1-b3"]), "extends");
  assert.equal(summaryRelation(s, []), null, "the bare start is no game's line");
});

test("a tree whose variations hold too many moves is summarised wide: only the game read whole can say older", () => {
  const long = Array.from({ length: 200 }, (_, i) => `m${i}`);
  const lines = [long];
  for (let i = 0; lines.length * 200 <= MOST_END_MOVES + 400; i++)
    lines.push([...long.slice(0, 199), `v${i}`]);
  const s = summaryOf(entryOf(lines));
  assert.equal(s.wide, true);
  assert.equal(s.ends, undefined);
  assert.equal(summaryRelation(s, long), "same");
  assert.equal(summaryRelation(s, [...long.slice(0, 199), "v3"]), "unsure");
  assert.equal(summaryRelation(s, ["x"]), "unsure");
  assert.ok(isSummary(s));
});

test("an entry that cannot be opened is summarised as damaged, never thrown on", () => {
  for (const bad of [null, 42, "text", { id: "b" }, { id: "c", v: 1, game: { start: "" } }]) {
    const s = summaryOf(/** @type {any} */ (bad));
    assert.equal(s.damaged, true, JSON.stringify(bad));
    assert.equal(
      summaryRelation(s, ["d1-b3"]),
      "extends",
      "(its main line is empty: callers skip damaged ones)",
    );
  }
  const s = summaryOf(entryOf([MAIN]), "it was saved by a newer version of Gamut (format 2)");
  assert.equal(s.damaged, true);
  assert.equal(s.id, "g1");
});

test("a store's record that is not a summary is known as such (the summaries are then made again)", () => {
  const good = summaryOf(entryOf([MAIN]));
  assert.ok(isSummary(good));
  for (const bad of [
    null,
    "x",
    { ...good, main: 3 },
    { ...good, updated: "soon" },
    { ...good, ends: ["a", 2] },
    { ...good, head: [] },
    { ...good, id: undefined },
  ])
    assert.ok(!isSummary(bad), JSON.stringify(bad));
});
