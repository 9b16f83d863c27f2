// The move box's answers in the player's language (#33, #43): the engine's
// `enter` answers a command with a message only (`answer`); enteredWords says
// it from the catalog.  `english` below is what the engine's own English
// (str() of the message) says: the English catalog says the same.
import { test } from "node:test";
import assert from "node:assert/strict";
import { enteredWords } from "../../web/engine/words.js";

import { speaking } from "./catalogs.mjs";

const seat = id => ({ id: `seat.${id}`, args: {} });
const moves = {
  english: "3 legal moves: b1-h1, b1-b3, b1-d3.",
  answer: { id: "box.moves", args: { n: 3, moves: "b1-h1, b1-b3, b1-d3" } },
};
const last = {
  english: "Last move: Black b1 to d3.",
  answer: {
    id: "box.last",
    args: {
      move: {
        id: "move.said",
        args: { move: { id: "move.loa.step", args: { who: seat("black"), from: "b1", to: "d3" } } },
      },
    },
  },
};
const rank = {
  english: "Rank 1: a1 to b1 empty; c1 Black piece.",
  answer: {
    id: "box.line",
    args: {
      line: "rank",
      name: "1",
      runs: {
        id: "box.semicolon",
        args: {
          first: { id: "box.runFrom", args: { from: "a1", to: "b1", words: { id: "box.empty", args: {} } } },
          rest: {
            id: "box.run",
            args: { cell: "c1", words: { id: "box.piece", args: { owner: seat("black") } } },
          },
        },
      },
    },
  },
};

test("in English an answer's message says the engine's English word for word", () => {
  for (const r of [moves, last, rank]) assert.equal(enteredWords(r), r.english);
});

test("in German the answers are German", () => {
  speaking("de", () => {
    assert.equal(enteredWords(moves), "3 legale Züge: b1-h1, b1-b3, b1-d3.");
    assert.equal(
      enteredWords({ ...moves, answer: { id: "box.moves", args: { n: 1, moves: "b1-d3" } } }),
      "1 legaler Zug: b1-d3.",
    );
    assert.equal(enteredWords(last), "Letzter Zug: Schwarz b1 nach d3.");
    assert.equal(enteredWords(rank), "Reihe 1: a1 bis b1 leer; c1 Stein von Schwarz.");
  });
  speaking("hu", () => assert.equal(enteredWords(moves), "3 szabályos lépés: b1-h1, b1-b3, b1-d3."));
});

test("no answer is nothing said", () => {
  assert.equal(enteredWords(undefined), "");
  assert.equal(enteredWords({ move: "b1-d3" }), "");
});
