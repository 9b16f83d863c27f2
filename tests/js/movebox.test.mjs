// The move box's suggestions: the view's legal move texts that start with what is typed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { matching } from "../../web/panels/movebox.js";

const moves = ["b1-d3", "b1-b3", "c1xa3", "pass", "d4>d5", "c4=5"];

test("a prefix lists the moves that start with it, ignoring case and spaces", () => {
  assert.deepEqual(matching(moves, "b1"), ["b1-d3", "b1-b3"]);
  assert.deepEqual(matching(moves, "B1-D"), ["b1-d3"]);
  assert.deepEqual(matching(moves, " c1 x"), ["c1xa3"]);
  assert.deepEqual(matching(moves, "d4>"), ["d4>d5"]);
});

test("nothing typed, or nothing that fits, suggests nothing", () => {
  assert.deepEqual(matching(moves, ""), []);
  assert.deepEqual(matching(moves, "   "), []);
  assert.deepEqual(matching(moves, "z"), []);
  assert.deepEqual(matching([], "b1"), []);
});
