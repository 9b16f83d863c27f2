// The "Your games" list without the page (issue #27, the library at
// scale): the light rows, the filter and search, and the window of rows drawn.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawnIndices, isEmpty, matches, NO_FILTER, rowOf, windowOf } from "../../web/library/listmodel.js";

const NOW = Date.UTC(2026, 10, 26, 12);
const DAY = 86_400_000;

function entry(
  id,
  { game = "loa", name = "", players = ["Ann", "Bob"], result = null, end = null, daysAgo = 0 } = {},
) {
  return {
    id,
    v: 1,
    name,
    updated: NOW - daysAgo * DAY,
    game: { meta: { game }, start: "s", tree: { v: 1, nodes: [] } },
    summary: {
      game,
      title: game === "loa" ? "Lines of Action" : game.toUpperCase(),
      players: players.map(p => ({ name: p, seat: "h" })),
      moves: 3,
      result,
      end,
    },
    thumb: { board: { big: "x".repeat(1000) } },
  };
}

test("a row keeps what the list shows and searches, never the game or its drawing", () => {
  const row = rowOf(entry("a", { name: "Club final", result: "1-0" }), null);
  assert.equal(row.id, "a");
  assert.equal(row.game, "loa");
  assert.equal(row.summary.result, "1-0");
  assert.equal(row.game, "loa");
  assert.ok(!("thumb" in row) && !("entry" in row));
  for (const word of ["club final", "lines of action", "ann", "bob", "1-0", "2026-11-26"])
    assert.ok(row.words.includes(word), `${word} in ${row.words}`);
});

test("a damaged entry's row says why and searches as damaged", () => {
  const row = rowOf({ id: "d", v: 9 }, "it was saved by a newer version");
  assert.equal(row.problem, "it was saved by a newer version");
  assert.equal(row.summary, null);
  assert.ok(row.words.includes("damaged"));
  assert.equal(rowOf("not an object", "it is not a game record").id, undefined);
});

test("the filter by game, result and date, and a search of several words", () => {
  const rows = [
    rowOf(entry("won", { result: "1-0", end: { winner: 0 }, players: ["Ann", "Bob"] }), null),
    rowOf(entry("old", { game: "el", daysAgo: 400, players: ["Cy", "Dee"] }), null),
    rowOf(entry("week", { daysAgo: 3, players: ["Ann", "Eve"] }), null),
    rowOf({ id: "bad", v: 9, updated: NOW }, "it was saved by a newer version"),
  ];
  const ids = filter => rows.filter(r => matches(r, { ...NO_FILTER, ...filter }, NOW)).map(r => r.id);
  assert.deepEqual(ids({}), ["won", "old", "week", "bad"]);
  assert.deepEqual(ids({ game: "el" }), ["old", "bad"]); // (a damaged entry shows under every game)
  assert.deepEqual(ids({ result: "finished" }), ["won"]);
  assert.deepEqual(ids({ result: "playing" }), ["old", "week"]);
  assert.deepEqual(ids({ result: "damaged" }), ["bad"]);
  assert.deepEqual(ids({ date: "day" }), ["won", "bad"]);
  assert.deepEqual(ids({ date: "week" }), ["won", "week", "bad"]);
  assert.deepEqual(ids({ date: "older" }), ["old"]);
  assert.deepEqual(ids({ text: "ann" }), ["won", "week"]);
  assert.deepEqual(ids({ text: "ANN eve" }), ["week"]);
  assert.deepEqual(ids({ text: "nobody" }), []);
  assert.ok(
    isEmpty(NO_FILTER) && isEmpty({ ...NO_FILTER, text: "  " }) && !isEmpty({ ...NO_FILTER, game: "el" }),
  );
});

test("the window drawn covers the rows seen with a few more either side, and no more", () => {
  assert.deepEqual(windowOf({ count: 20000, step: 100, viewTop: 0, viewBottom: 800 }), [0, 11]);
  assert.deepEqual(windowOf({ count: 20000, step: 100, viewTop: 500000, viewBottom: 500800 }), [4997, 5011]);
  assert.deepEqual(
    windowOf({ count: 20000, step: 100, viewTop: 9e9, viewBottom: 9e9 + 800 }),
    [19999, 20000],
  );
  assert.deepEqual(windowOf({ count: 3, step: 100, viewTop: 0, viewBottom: 800 }), [0, 3]);
  assert.deepEqual(windowOf({ count: 0, step: 100, viewTop: 0, viewBottom: 800 }), [0, 0]);
  // (before a row is measured: a first screenful)
  assert.deepEqual(windowOf({ count: 20000, step: 0, viewTop: 0, viewBottom: 800 }), [0, 40]);
});

test("the focused row is drawn even when it is scrolled far away", () => {
  assert.deepEqual(drawnIndices([10, 14], null), [10, 11, 12, 13]);
  assert.deepEqual(drawnIndices([10, 14], 2), [2, 10, 11, 12, 13]);
  assert.deepEqual(drawnIndices([10, 14], 12), [10, 11, 12, 13]);
  assert.deepEqual(drawnIndices([10, 14], 500), [10, 11, 12, 13, 500]);
});
