// The cutting of a large records text into slices for the engine (issue
// #27: a 20,000-game import goes to the engine a slice at a time): a cut
// never falls inside a game, and the pieces put together are the text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { splitRecords } from "../../web/library/records.js";

const game = (i, moves = "1. d1-b3 h5-g4") =>
  `[Game "loa"]\n[Name "Game ${i}"]\n[Result "*"]\n\n${moves} *\n`;
const many = (n, moves) => Array.from({ length: n }, (_, i) => game(i, moves)).join("\n");

test("a text of 250 games is cut into slices of 100, each starting with a game", () => {
  const text = many(250);
  const pieces = splitRecords(text, 100);
  assert.deepEqual(
    pieces.map(p => (p.text.match(/^\[Game /gm) || []).length),
    [100, 100, 50],
  );
  for (const p of pieces) assert.match(p.text, /^\[Game "loa"\]\n\[Name "Game \d+"\]/);
  assert.equal(pieces.map(p => p.text).join("\n"), text);
});

test("each piece says how many lines come before it (errors name the whole text's lines)", () => {
  const text = many(7);
  const lines = text.split("\n");
  for (const p of splitRecords(text, 2)) {
    assert.equal(lines[p.line], p.text.split("\n")[0]);
    assert.equal(p.text, lines.slice(p.line, p.line + p.text.split("\n").length).join("\n"));
  }
});

test("no cut inside a comment, even before a line that looks like a Game tag", () => {
  const tricky = '1. d1-b3 {a comment\n[Game "loa"]\nstill the comment \\} on} h5-g4';
  const text = [game(0), game(1, tricky), game(2), game(3)].join("\n");
  const pieces = splitRecords(text, 1);
  assert.equal(pieces.length, 4);
  assert.ok(pieces[1].text.includes("still the comment"), pieces[1].text);
  assert.ok(pieces[1].text.includes("h5-g4 *"), pieces[1].text);
});

test("no cut between the tags of one game, nor before its first tag line", () => {
  const withEvent = '[Event "club"]\n[Game "loa"]\n[Result "*"]\n\n1. d1-b3 *\n';
  const text = [withEvent, withEvent, withEvent].join("\n");
  const pieces = splitRecords(text, 1);
  // (the cut is before the run of tags that holds the Game tag: the Event tag goes with its game)
  assert.equal(pieces.length, 3);
  for (const p of pieces) assert.equal(p.text.trim(), withEvent.trim());
  assert.equal(pieces.map(p => p.text).join("\n"), text);
  assert.equal(splitRecords('[Game "loa"]\n\n1. d1-b3 *', 1).length, 1);
});

test("a brace inside a tag's value opens no comment", () => {
  const odd = '[Game "loa"]\n[Name "a { b"]\n\n1. d1-b3 *\n';
  const text = [odd, game(1), game(2)].join("\n");
  assert.equal(splitRecords(text, 1).length, 3);
});

test("an SGF file and a text without Game tags stay whole", () => {
  const sgf = "(;GM[Lines of Action]PB[a]PW[b];B[d1b3];W[h5g4])";
  assert.deepEqual(splitRecords(sgf, 1), [{ text: sgf, line: 0 }]);
  assert.deepEqual(splitRecords("", 1), [{ text: "", line: 0 }]);
});
