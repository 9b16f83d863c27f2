// The puzzle page's address (web/puzzles/links.js): #puzzles/<game>, and
// #puzzles alone for the game on screen; nothing else is taken for it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { puzzlesLinkGame } from "../../web/puzzles/links.js";

test("#puzzles/<game> names the game; #puzzles alone the game on screen", () => {
  assert.equal(puzzlesLinkGame("#puzzles/evl", "loa"), "evl");
  assert.equal(puzzlesLinkGame("#puzzles/escabel/", "loa"), "escabel");
  assert.equal(puzzlesLinkGame("#puzzles", "el"), "el");
  assert.equal(puzzlesLinkGame("#puzzles/", "el"), "el");
  assert.equal(puzzlesLinkGame("#puzzles", null), "loa", "before any game: the first");
});

test("other addresses are not the puzzle page's", () => {
  for (const hash of [
    "",
    "#",
    "#rules/loa",
    "#v1/loa/standard/-/",
    "#edit",
    "#puzzlesx",
    "#puzzles/LOA",
    "#puzzles/loa/1",
  ])
    assert.equal(puzzlesLinkGame(hash, "loa"), null, hash);
  assert.equal(puzzlesLinkGame(undefined, "loa"), null);
});
