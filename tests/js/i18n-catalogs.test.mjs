// The catalogs (web/i18n/<lang>.json) and the choice of language
// (web/i18n/languages.js): every language listed has a catalog with exactly
// English's keys, every message parses, uses English's placeholders and
// gives every plural category its language has; the page's language is the
// stored choice, else the browser's first one we have, else English.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { parse, pluralRulesOf, usage } from "../../web/i18n/format.js";
import { LANGUAGES, SOURCE, chooseLanguage, supported } from "../../web/i18n/languages.js";
import { t, tParts, useCatalog } from "../../web/i18n/i18n.js";

const DIR = new URL("../../web/i18n/", import.meta.url);
const catalog = code => JSON.parse(readFileSync(new URL(`${code}.json`, DIR), "utf8"));
const english = catalog(SOURCE);

test("every catalog file is a language of the list, and every language has its file", () => {
  const files = readdirSync(DIR)
    .filter(f => f.endsWith(".json"))
    .map(f => f.slice(0, -5))
    .sort();
  assert.deepEqual(files, LANGUAGES.map(l => l.code).sort());
  assert.ok(LANGUAGES.length >= 5);
  for (const { code, name } of LANGUAGES) {
    assert.equal(supported(code), code);
    assert.ok(name && name.length > 1, code);
  }
});

for (const { code } of LANGUAGES) {
  test(`${code}: exactly English's keys, every message parses and says something`, () => {
    const messages = catalog(code);
    const missing = Object.keys(english).filter(k => !(k in messages));
    const stray = Object.keys(messages).filter(k => !(k in english));
    assert.deepEqual(missing, [], `${code} lacks these`);
    assert.deepEqual(stray, [], `${code} has keys English has not`);
    for (const [key, text] of Object.entries(messages)) {
      assert.equal(typeof text, "string", key);
      assert.ok(text.trim(), `${code} ${key} is empty`);
      assert.doesNotThrow(() => parse(text), `${code} ${key}`);
    }
  });

  test(`${code}: the placeholders of English, and every plural category of ${code}`, () => {
    const categories = pluralRulesOf(code).resolvedOptions().pluralCategories;
    for (const [key, text] of Object.entries(catalog(code))) {
      const used = usage(parse(text));
      const source = usage(parse(english[key]));
      assert.deepEqual([...used.args].sort(), [...source.args].sort(), `${code} ${key}: placeholders`);
      assert.equal(used.plurals.length, source.plurals.length, `${code} ${key}: plurals`);
      for (const plural of used.plurals)
        for (const category of categories)
          assert.ok(plural.keys.includes(category), `${code} ${key}: ${plural.arg} lacks "${category}"`);
    }
  });
}

test("the choice: a stored language of ours wins, a damaged one is ignored", () => {
  assert.equal(chooseLanguage("hu", ["de-DE"]), "hu");
  assert.equal(chooseLanguage("xx", ["de-DE"]), "de");
  assert.equal(chooseLanguage('{"v":1}', ["fr"]), "fr");
  assert.equal(chooseLanguage(null, ["fr-CA"]), "fr");
  assert.equal(chooseLanguage(42, undefined), "en");
});

test("the choice: the browser's first language we have, by its primary subtag", () => {
  assert.equal(chooseLanguage(null, ["ja-JP", "es-MX", "de"]), "es");
  assert.equal(chooseLanguage(null, ["HU-hu"]), "hu");
  assert.equal(chooseLanguage(null, ["en-GB", "de"]), "en");
  assert.equal(chooseLanguage(null, ["pt-BR", "it"]), "en", "none we have: English");
  assert.equal(chooseLanguage(null, []), "en");
});

test("t: the language's message, English for a key it lacks, the key when English lacks it too", () => {
  useCatalog(
    "de",
    { "a.b": "{n, plural, one {# Zug} other {# Züge}}" },
    { "a.b": "x", "c.d": "Hello {who}" },
  );
  assert.equal(t("a.b", { n: 2 }), "2 Züge");
  assert.equal(t("c.d", { who: "Ann" }), "Hello Ann");
  assert.equal(t("no.such"), "no.such");
  assert.deepEqual(tParts("a.b"), ["a.b"], "a missing argument shows the key, and throws nothing");
  useCatalog(SOURCE, english);
});

test("every board theme has its name in the catalogs (the settings show theme.<id>)", async () => {
  await import("./game-themes.mjs"); // (each game's own themes file, loaded)
  const { THEMES } = await import("../../web/settings/themes.js");
  for (const list of Object.values(THEMES))
    for (const theme of list) assert.ok(`theme.${theme.id}` in english, theme.id);
});
