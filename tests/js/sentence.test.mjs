import { test } from "node:test";
import assert from "node:assert/strict";
import { clause, sentence } from "../../web/panels/sentence.js";

test("a message becomes one sentence, whatever stop it brought", () => {
  assert.equal(sentence("the quota has been exceeded"), "the quota has been exceeded.");
  assert.equal(sentence("The quota has been exceeded. "), "The quota has been exceeded.");
  assert.equal(sentence("so it goes..."), "so it goes.");
  assert.equal(sentence(null), ".");
});

test("a browser's message inside a sentence keeps one full stop (no doubled stop)", () => {
  const err = new Error("The quota has been exceeded.");
  assert.equal(
    `Games cannot be saved here: ${clause(err.message)}. You can go on`,
    "Games cannot be saved here: The quota has been exceeded. You can go on",
  );
  assert.equal(clause("no stop"), "no stop");
});
