// The message formatter of the catalogs (web/i18n/format.js): ICU
// MessageFormat's placeholders, plurals (by each language's rules), select,
// nesting, numbers in the language's way and ICU's apostrophe quoting.
import test from "node:test";
import assert from "node:assert/strict";
import { MessageError, format, formatParts, parse, usage } from "../../web/i18n/format.js";

const MOVES = "{count, plural, =0 {no moves} one {# move} other {# moves}}";

test("placeholders are put in by name; text without any is itself", () => {
  assert.equal(format("en", "Hello"), "Hello");
  assert.equal(format("en", "{who} beat {other}", { who: "Ann", other: "Bob" }), "Ann beat Bob");
  assert.equal(format("en", "{a}{a}", { a: "x" }), "xx");
});

test("a plural chooses an exact value first, then the language's category", () => {
  assert.equal(format("en", MOVES, { count: 0 }), "no moves");
  assert.equal(format("en", MOVES, { count: 1 }), "1 move");
  assert.equal(format("en", MOVES, { count: 2 }), "2 moves");
});

test("French: 0 and 1 are one, a million is many", () => {
  const msg = "{n, plural, one {# coup} many {# de coups} other {# coups}}";
  assert.equal(format("fr", msg, { n: 0 }), "0 coup");
  assert.equal(format("fr", msg, { n: 1 }), "1 coup");
  assert.equal(format("fr", msg, { n: 2 }), "2 coups");
  assert.equal(format("fr", msg, { n: 1000000 }), "1\u202f000\u202f000 de coups");
});

test("Hungarian: one and other (a noun after a number stays singular in the message)", () => {
  const msg = "{n, plural, one {# lépés maradt} other {# lépés maradt még}}";
  assert.equal(format("hu", msg, { n: 1 }), "1 lépés maradt");
  assert.equal(format("hu", msg, { n: 5 }), "5 lépés maradt még");
});

test("numbers are written in the language's way, in # and in plain placeholders", () => {
  assert.equal(format("de", "{n} Partien", { n: 12345 }), "12.345 Partien");
  assert.equal(format("en", "{n, number}", { n: 1234.5 }), "1,234.5");
  assert.equal(format("de", "{n, plural, one {# Zug} other {# Züge}}", { n: 1500 }), "1.500 Züge");
  assert.equal(format("en", "{n}", { n: "12" }), "12", "a string stays as it is");
});

test("select picks the branch named by the value, else other; branches nest", () => {
  const msg =
    "{side, select, black {Black {n, plural, one {has # piece} other {has # pieces}}} other {{side} is out}}";
  assert.equal(format("en", msg, { side: "black", n: 1 }), "Black has 1 piece");
  assert.equal(format("en", msg, { side: "black", n: 3 }), "Black has 3 pieces");
  assert.equal(format("en", msg, { side: "red", n: 3 }), "red is out");
});

test("# is the nearest plural's number; outside a plural it is a plain #", () => {
  assert.equal(format("en", "#1 {n, plural, other {# left}}", { n: 4 }), "#1 4 left");
});

test("apostrophes quote as ICU says", () => {
  assert.equal(format("en", "the engine's line"), "the engine's line");
  assert.equal(format("en", "it''s"), "it's");
  assert.equal(format("en", "'{literal}' {x}", { x: "y" }), "{literal} y");
  assert.equal(format("en", "{n, plural, other {'#' is #}}", { n: 3 }), "# is 3");
  assert.equal(format("fr", "l’ordinateur"), "l’ordinateur");
});

test("elements given as arguments come back as parts, between the strings", () => {
  const link = { tag: "a" };
  assert.deepEqual(formatParts("en", parse("New? {learn}, or not."), { learn: link }), [
    "New? ",
    link,
    ", or not.",
  ]);
});

test("malformed messages are refused, saying where", () => {
  for (const bad of [
    "{",
    "a } b",
    "{n, plural, one {x}}", // no other
    "{n, choice, other {x}}", // a type we do not know
    "{n, select, =1 {x} other {y}}",
    "{n, plural, one {x} one {y} other {z}}",
    "{n plural}",
  ])
    assert.throws(() => parse(bad), MessageError, bad);
});

test("a missing argument is an error, not the word undefined", () => {
  assert.throws(() => format("en", "{who} wins"), MessageError);
});

test("usage lists the arguments and the plural keys", () => {
  const used = usage(parse(`{who} made ${MOVES}`));
  assert.deepEqual([...used.args].sort(), ["count", "who"]);
  assert.deepEqual(used.plurals, [{ arg: "count", keys: ["=0", "one", "other"] }]);
});
