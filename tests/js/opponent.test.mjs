// The choice of opponent is another way of writing the seats
// (web/panels/opponent.js): written by seatsFor, read back by choiceOf.
import test from "node:test";
import assert from "node:assert/strict";
import { choiceOf, seatsFor } from "../../web/panels/opponent.js";

test("the computer plays every seat but yours, at the level chosen", () => {
  assert.deepEqual(seatsFor({ mode: "computer", level: "strong", you: 1 }, 2), ["c:strong", "h"]);
  assert.deepEqual(seatsFor({ mode: "computer", level: "beginner", you: 0 }, 3), [
    "h",
    "c:beginner",
    "c:beginner",
  ]);
});

test("two players: every seat a human here; by link: the others far away", () => {
  assert.deepEqual(seatsFor({ mode: "two", level: "casual", you: 1 }, 2), ["h", "h"]);
  assert.deepEqual(seatsFor({ mode: "link", level: "casual", you: 0 }, 2), ["h", "r"]);
});

test("seats read back as the choice that writes them", () => {
  for (const choice of [
    { mode: "computer", level: "master", you: 1 },
    { mode: "computer", level: "casual", you: 0 },
    { mode: "link", level: null, you: 1 },
  ]) {
    assert.deepEqual(choiceOf(seatsFor(choice, 2)), choice);
  }
  assert.equal(choiceOf(["h", "h", "h"]).mode, "two");
});

test("a mix the choice cannot write is no choice", () => {
  assert.equal(choiceOf(["c:casual", "c:strong"]), null); // no human
  assert.equal(choiceOf(["h", "c:casual", "c:strong"]), null); // two levels
  assert.equal(choiceOf(["h", "r", "c:casual"]), null); // far away and the computer
});
