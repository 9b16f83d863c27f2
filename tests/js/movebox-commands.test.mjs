// The move box's commands in the player's language (#41, defect 14): each
// catalog gives every command of the engine a word of its own, the help
// lists those words, a command typed with them reaches the engine in its
// English words (a player named as the page names the seat: by number), and
// the English words keep working in every language.
import test from "node:test";
import assert from "node:assert/strict";
import { COMMANDS, commandWords, englishCommand } from "../../web/panels/commands.js";
import { catalog, speaking } from "./catalogs.mjs";

const LANGS = ["en", "de", "fr", "es", "hu"];

test("every language has its own word for every command, no two alike", () => {
  for (const lang of LANGS) {
    const words = COMMANDS.map(c => catalog(lang)[`movebox.command.${c}`]);
    assert.ok(
      words.every(w => typeof w === "string" && w && !/\s/.test(w)),
      `${lang}: ${words}`,
    );
    assert.equal(new Set(words.map(w => w.toLowerCase())).size, words.length, `${lang}: ${words}`);
  }
});

test("the move box's help and the help command list the language's own words", () => {
  for (const lang of LANGS) {
    const c = catalog(lang);
    for (const command of ["turn", "last", "score", "pieces", "cell", "moves"]) {
      const word = c[`movebox.command.${command}`];
      const alone = new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, "u");
      assert.match(c["movebox.help"], alone, `${lang} movebox.help: ${word}`);
      assert.match(c["box.help"], alone, `${lang} box.help: ${word}`);
      assert.match(
        c["box.help"],
        new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, "u"),
        `${lang} box.help: ${word}`,
      );
    }
  }
});

test("a German command reaches the engine in English; the English words keep working", () => {
  speaking("de", () => {
    const words = commandWords();
    const names = ["Schwarz", "Weiß"];
    assert.equal(englishCommand("zug", words, names), "turn");
    assert.equal(englishCommand("  Letzter ", words, names), "last");
    assert.equal(englishCommand("Züge d4", words, names), "moves d4");
    assert.equal(englishCommand("zuge", words, names), "moves");
    assert.equal(englishCommand("feld b2", words, names), "cell b2");
    assert.equal(englishCommand("steine weiß", words, names), "pieces 2");
    assert.equal(englishCommand("steine schwarz", words, names), "pieces 1");
    assert.equal(englishCommand("reihe 3", words, names), "rank 3");
    assert.equal(englishCommand("hilfe", words, names), "help");
    // English still understood
    assert.equal(englishCommand("turn", words, names), "turn");
    assert.equal(englishCommand("pieces white", words, names), "pieces white");
    assert.equal(englishCommand("cell a1", words, names), "cell a1");
    // a move is no command: as typed
    assert.equal(englishCommand("b1-d3", words, names), "b1-d3");
    assert.equal(englishCommand("a1=2", words, names), "a1=2");
  });
});

test("Hungarian and French words, accents or not", () => {
  speaking("hu", () => {
    assert.equal(englishCommand("súgó"), "help");
    assert.equal(englishCommand("korongok fekete", undefined, ["Fekete", "Fehér"]), "pieces 1");
    assert.equal(englishCommand("mező c3"), "cell c3");
  });
  speaking("fr", () => {
    assert.equal(englishCommand("rangee 2"), "rank 2");
    assert.equal(englishCommand("coups"), "moves");
  });
});

test("the engine's answer to an unknown command lists the language's own command words", async () => {
  // what gamut.words sends (tests/test_words.py checks the engine's side)
  const words = COMMANDS.map(c => ({ id: `movebox.command.${c}`, args: {} }));
  let commands = words[words.length - 1];
  for (const word of words.slice(0, -1).reverse())
    commands = { id: "box.comma", args: { first: word, rest: commands } };
  const said = { id: "error.command.unknown", args: { command: "'tanz'", commands } };
  const { formatMessage } = await import("../../web/engine/words.js");
  speaking("de", () => {
    const text = formatMessage(said);
    for (const c of COMMANDS) assert.match(text, new RegExp(catalog("de")[`movebox.command.${c}`], "u"));
    assert.doesNotMatch(text, /\bturn\b|\bpieces\b|\bmoves\b/);
  });
  speaking("en", () => {
    assert.equal(formatMessage(said), `unknown command 'tanz'; commands: ${COMMANDS.join(", ")}`);
  });
});
