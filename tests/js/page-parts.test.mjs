// The page's parts: every part app/parts.js makes is declared, with what it is, in app/page.js.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const read = path => readFileSync(new URL(`../../web/${path}`, import.meta.url), "utf8");

test("every part parts.js makes is declared in page.js with a doc comment", () => {
  const made = [...read("app/parts.js").matchAll(/^\s*page\.(\w+) = /gm)].map(m => m[1]);
  const pageSource = read("app/page.js");
  const declared = new Set([...pageSource.matchAll(/^\s*this\.(\w+) = null;/gm)].map(m => m[1]));
  assert.ok(made.length >= 20, `parts made: ${made.join(", ")}`);
  const missing = made.filter(name => !declared.has(name));
  assert.deepEqual(missing, [], "made in parts.js but not declared in page.js");
});

test("app.js keeps the start and the flow only: under 200 lines and 20 imports", () => {
  const app = read("app.js");
  assert.ok(app.split("\n").length < 200, "app.js lines");
  assert.ok([...app.matchAll(/^import /gm)].length < 20, "app.js imports");
});
