// The pages over the game: one table from a link to the page that shows it (web/app/routes.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { closeOthers, overPages, routeOf } from "../../web/app/routes.js";

const GAMES = ["loa", "el", "escabel", "evl"];

function fakePage() {
  const calls = [];
  const part = name => ({
    open: arg => calls.push(["open", name, arg]),
    hide: () => calls.push(["hide", name]),
  });
  return {
    calls,
    games: GAMES.map(id => ({ id, name: id })),
    info: id => (GAMES.includes(id) ? { id, name: id } : null),
    model: null,
    buildPicker: current => calls.push(["picker", current]),
    puzzles: part("puzzles"),
    lessons: part("lessons"),
    progress: part("progress"),
    mistakes: part("mistakes"),
    editor: part("editor"),
  };
}

const actions = calls => ({ openEditor: editing => calls.push(["open", "editor", editing]) });

test("each page's links name it, with its argument, and no other page's", () => {
  const page = fakePage();
  const routes = overPages(page, actions(page.calls));
  const cases = [
    ["#rules/escabel", "rules", "escabel"],
    ["#puzzles", "puzzles", { game: "el", mode: "rated" }], // (the game on screen)
    ["#puzzles/evl", "puzzles", { game: "evl", mode: "rated" }],
    ["#streak", "puzzles", { game: "el", mode: "streak" }],
    ["#streak/loa", "puzzles", { game: "loa", mode: "streak" }],
    ["#learn", "lessons", "el"],
    ["#learn/loa", "lessons", "loa"],
    ["#progress", "progress", true],
    ["#mistakes", "mistakes", ""], // (every game's exercises)
    ["#mistakes/escabel", "mistakes", "escabel"],
    ["#edit", "editor", { start: null }],
    ["#edit/some%20position", "editor", { start: "some position" }],
  ];
  for (const [hash, name, arg] of cases) {
    const found = routeOf(routes, hash, "el");
    assert.equal(found?.route.name, name, hash);
    assert.deepEqual(found.arg, arg, hash);
    const claiming = routes.filter(r => r.match(hash, "el") !== null && r.match(hash, "el") !== undefined);
    assert.deepEqual(
      claiming.map(r => r.name),
      [name],
      `${hash}: one page only`,
    );
  }
});

test("a game's link, a study's, an empty address and an unknown game's rules name no page over the game", () => {
  const routes = overPages(fakePage(), {});
  for (const hash of ["", "#", "#loa/1.abc", "#study/1.xyz", "#rules/chess", "#puzzlesx", "#progress/2"]) {
    assert.equal(routeOf(routes, hash, "loa"), null, hash);
  }
});

test("a page opened closes every other; the rules page gives the game's tab back when it closes", () => {
  // (the rules page is an element of the page: here a hidden one)
  const rulesPage = { hidden: true, dataset: {} };
  globalThis.document = /** @type {any} */ ({
    getElementById: id => (id === "rules-page" ? rulesPage : null),
    body: { classList: { remove() {}, contains: () => false } },
  });
  const page = fakePage();
  page.model = { meta: { game: "evl" } };
  const routes = overPages(page, actions(page.calls));
  const found = routeOf(routes, "#puzzles/loa", "evl");
  closeOthers(routes, found);
  found.route.open(found.arg);
  assert.deepEqual(page.calls, [
    ["picker", "evl"],
    ["hide", "lessons"],
    ["hide", "progress"],
    ["hide", "mistakes"],
    ["hide", "editor"],
    ["open", "puzzles", "loa"],
  ]);
  page.calls.length = 0;
  closeOthers(routes, null); // (a game's link: every page over the game closes)
  assert.deepEqual(
    page.calls.map(c => c[1]),
    ["evl", "puzzles", "lessons", "progress", "mistakes", "editor"],
  );
});

test("only the editor and a live link wait for the game under it at a start (they start from a game on screen)", () => {
  const routes = overPages(fakePage(), {});
  assert.deepEqual(
    routes.filter(r => r.afterGame).map(r => r.name),
    ["editor", "live"],
  );
});

test("the three live links are the live row's (#46), and a game's link is not", () => {
  const routes = overPages(fakePage(), {});
  for (const hash of [
    "#live/loa/standard/-/0/-/abcdefgh12/1xyz",
    "#live-answer/abcdefgh12/1xyz",
    "#live-resume/abcdefgh12/1xyz",
  ])
    assert.equal(routeOf(routes, hash, "loa")?.route.name, "live", hash);
  assert.equal(routeOf(routes, "#v1/loa/standard", "loa"), null);
});
