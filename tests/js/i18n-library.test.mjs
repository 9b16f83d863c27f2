// The library's, the links' and the model's words in the player's language
// (#33): the modules take their words from the catalog in force when they
// speak (not at import), and write numbers and dates with Intl in that
// language, not the browser's.  Each test puts a language in force and
// gives English back after it.
import test from "node:test";
import assert from "node:assert/strict";
import { describeControl } from "../../web/model/clock.js";
import { chanceText, judgementText, MARK_NAME } from "../../web/model/analysis.js";
import { GLYPH_WORDS } from "../../web/model/nodenotes.js";
import { LinkError, parse } from "../../web/model/url.js";
import { rowOf, RESULTS } from "../../web/library/listmodel.js";
import { megabytes } from "../../web/library/gamesbar.js";
import { tooLarge } from "../../web/library/records.js";
import { readList } from "../../web/mistakes/mistakes.js";

import { speaking } from "./catalogs.mjs";

test("a clock's control in words, with the language's decimal comma and plural", () => {
  speaking("de", () => {
    assert.equal(describeControl({ base: 90_000, increment: 0 }), "1,5+0");
    assert.equal(describeControl({ days: 2 }), "2 Tage pro Zug");
    assert.equal(describeControl({ days: 1 }), "1 Tag pro Zug");
    assert.equal(describeControl(null), "Ohne Uhr");
  });
  assert.equal(describeControl({ base: 90_000, increment: 0 }), "1.5+0", "English again after");
});

test("a broken link's fault is said in the language, and is still a LinkError", () => {
  speaking("hu", () => {
    assert.throws(
      () => parse("#v1/loa/standard/-/b1-d3@7"),
      e => e instanceof LinkError && /csak 1 lépés van/.test(e.message),
    );
  });
  speaking("fr", () => {
    assert.throws(() => parse("#v9/loa/standard/-/b1-d3"), /ce lien est au format v9/);
  });
});

test("the analysis's words: marks (read when drawn), prospects and the judgement of a move", () => {
  speaking("es", () => {
    assert.equal(MARK_NAME.blunder, "Error grave");
    assert.equal(GLYPH_WORDS["?!"], "jugada dudosa");
    const position = { to_move: 0, chances: [0.574, 0.426], winner: 0, moves: 3, over: false };
    assert.equal(chanceText(position, 0), "gana en 3");
    assert.equal(chanceText({ ...position, winner: null }, 1), "43 %");
    const j = { mark: "mistake", reason: "missed-win", move: "b1-d3", seat: 0, before: 0.8, after: 0.3 };
    assert.equal(
      judgementText(j, () => "Negro"),
      "Error (se perdió una victoria forzada): b1-d3 de Negro, probabilidad de ganar 80 % → 30 %.",
    );
  });
  assert.equal(MARK_NAME.blunder, "Blunder");
});

test("the list's filters, its search words and sizes follow the language", () => {
  speaking("de", () => {
    // (the filters hold catalog keys: the bar shows t(key))
    for (const [, key] of RESULTS) assert.ok(key.startsWith("library.result."), key);
    // a game in progress is found by the word the row shows
    assert.match(rowOf({ id: "a", updated: 1, summary: { title: "LOA" } }, null).words, /laufend/);
    assert.equal(megabytes(2_500_000), "2,5 MB");
    assert.equal(
      tooLarge("big.gamut", null, 20_480_000),
      "big.gamut: zu groß zum Importieren (20,5 MB; höchstens 5.000.000 Zeichen).",
    );
  });
});

test("a stored list that cannot be read is said in the language", () => {
  speaking("fr", () => {
    assert.match(readList("{broken").problem, /liste enregistrée de vos erreurs était endommagée/);
    const two = readList(JSON.stringify({ v: 1, exercises: [1, 2] }));
    assert.match(two.problem, /^2 exercices endommagés/);
  });
});
