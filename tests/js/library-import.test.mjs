// An import's text is cut into pieces as it goes (issue #27: no main-thread
// task over 100 ms during an import): recordPieces gives the pieces of
// splitRecords one at a time, each found only when it is asked for.
import { test } from "node:test";
import assert from "node:assert/strict";
import { recordPieces, splitRecords } from "../../web/library/records.js";

function games(n, comment = "") {
  const out = [];
  for (let i = 0; i < n; i++) out.push(`[Game "loa"]\n[Name "G${i}"]\n\n1. d1-b3 ${comment}h5-g4 *\n`);
  return out.join("\n");
}

test("the pieces, one at a time, are splitRecords' pieces", () => {
  const texts = [
    games(250),
    games(30, '{ a comment\n[Game "not a game"]\n} '),
    `${games(5)}\n{unclosed\n${games(5)}`,
    "",
    "no records at all",
  ];
  for (const text of texts)
    for (const most of [1, 7, 100]) assert.deepEqual([...recordPieces(text, most)], splitRecords(text, most));
  const pieces = splitRecords(games(250), 100);
  assert.equal(pieces.length, 3);
  assert.equal(pieces.map(p => p.text).join("\n"), games(250), "nothing lost or doubled between pieces");
});

test("the first piece is found without reading the rest of the text", () => {
  const text = games(100_000);
  let read = 0;
  // a text whose lines are counted as they are sliced out of it
  const counting = new Proxy(Object(text), {
    get(_target, key) {
      if (key === "slice")
        return (a, b) => {
          read++;
          return text.slice(a, b);
        };
      const value = text[/** @type {any} */ (key)];
      return typeof value === "function" ? value.bind(text) : value;
    },
  });
  const pieces = recordPieces(/** @type {any} */ (counting), 100);
  const first = pieces.next().value;
  assert.equal(first.line, 0);
  assert.ok(first.text.startsWith('[Game "loa"]'));
  assert.ok(read < 1_000, `${read} slices read for the first piece of ${100_000} games`);
});
