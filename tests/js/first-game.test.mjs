// The game a page names when nothing else does (issue #43): no page default
// names a game; the first of the engine's list (its registry's order), as
// the build inlined it or the engine answered, is the one (web/app/page.js).
import test from "node:test";
import assert from "node:assert/strict";
import { Page, firstGameOf } from "../../web/app/page.js";

const games = [
  { id: "tictactoe", name: "Tic-tac-toe" },
  { id: "loa", name: "Lines of Action" },
];
const made = list => new Page({ games: list, changed() {}, schedule() {}, buildPicker() {} });

test("firstGameOf(): the first game of the list, or none while the list is not known", () => {
  assert.equal(firstGameOf(games), "tictactoe");
  assert.equal(firstGameOf([]), "");
  assert.equal(firstGameOf(undefined), "");
});

test("a page plans the registry's first game, and names it once the engine's list comes", () => {
  const page = made(games);
  assert.equal(page.planned, "tictactoe");
  assert.equal(page.firstGame(), "tictactoe");
  const early = made([]); // (no list inlined: the engine's, once ready)
  assert.equal(early.planned, "");
  early.games = [{ id: "el", name: "EL" }, ...games];
  assert.equal(early.firstGame(), "el");
  assert.equal(early.planned || early.firstGame(), "el");
});

test("no page default names a game", async () => {
  const { readFileSync } = await import("node:fs");
  for (const file of ["app.js", "app/page.js", "app/wire.js", "app/open-actions.js"]) {
    const text = readFileSync(new URL(`../../web/${file}`, import.meta.url), "utf8");
    assert.ok(!/["'](?:loa|el|escabel|evl)["']/.test(text), `web/${file} names a game`);
  }
});
