// The game model (web/model/game.js) and its save (web/library/storage.js): a game is a
// tree that never loses a move.
import test from "node:test";
import assert from "node:assert/strict";
import { GameModel, isStandardStart } from "../../web/model/game.js";
import { GameTree, TreeError } from "../../web/model/tree.js";
import * as link from "../../web/model/url.js";

const START = "loa standard double-connection=mover start";
const META = { game: "loa", variant: "standard", options: { "double-connection": "mover" } };
const fresh = (players = []) => new GameModel({ start: START, meta: META, players });

function played(moves) {
  const m = fresh();
  for (const move of moves) m.play(move);
  return m;
}

test("moves played in turn make the main line; the head and the view follow", () => {
  const m = played(["a", "b", "c", "d"]);
  assert.deepEqual(m.tree.mainline(), ["a", "b", "c", "d"]);
  assert.deepEqual(m.viewed, ["a", "b", "c", "d"]);
  assert.deepEqual(m.head, m.viewed);
  assert.equal(m.ply, 4);
});

test("a move played at an earlier position adds a variation and deletes nothing", () => {
  const m = played(["a", "b", "c", "d"]);
  m.back();
  m.back();
  m.play("x");
  assert.deepEqual(m.tree.children(["a", "b"]), ["c", "x"]);
  assert.deepEqual(m.tree.mainline(), ["a", "b", "c", "d"]);
  assert.deepEqual(m.viewed, ["a", "b", "x"]);
  assert.deepEqual(m.head, ["a", "b", "x"]);
  // both continuations can be shown
  assert.ok(m.goTo(["a", "b", "c", "d"]));
  assert.ok(m.goTo(["a", "b", "x"]));
  assert.equal(m.goTo(["a", "zz"]), false); // not in the tree: nothing changes
  assert.deepEqual(m.viewed, ["a", "b", "x"]);
});

test("playing the move already there reuses it", () => {
  const m = played(["a", "b"]);
  m.first();
  m.play("a");
  assert.equal(m.tree.size(), 3);
  assert.deepEqual(m.viewed, ["a"]);
});

test("the computer's move goes to the head; the view follows only if it was there", () => {
  const m = played(["a", "b"]);
  m.playAt(["a", "b"], "c");
  assert.deepEqual(m.viewed, ["a", "b", "c"]);
  m.goTo(["a"]); // browsing while the computer thinks
  m.playAt(["a", "b", "c"], "d");
  assert.deepEqual(m.viewed, ["a"]);
  assert.deepEqual(m.head, ["a", "b", "c", "d"]);
});

test("navigation: back, forward, first, last, and the arrow keys' variations", () => {
  const m = played(["a", "b", "c"]);
  m.back();
  m.back();
  m.play("y"); // a b | y   beside   a b c
  m.first();
  assert.deepEqual(m.viewed, []);
  m.forward();
  assert.deepEqual(m.viewed, ["a"]); // along the line being followed
  m.last();
  assert.deepEqual(m.viewed, ["a", "y"]);
  m.goTo(["a"]);
  assert.ok(m.variation(1)); // down at a fork: into its first variation
  assert.deepEqual(m.viewed, ["a", "y"]);
  assert.ok(m.variation(-1)); // up: the line before it
  assert.deepEqual(m.viewed, ["a", "b"]);
  assert.equal(m.variation(-1), false);
  assert.equal(fresh().variation(1), false);
});

test("undo and redo move the head; the moves taken back stay in the tree", () => {
  const m = played(["a", "b", "c", "d"]);
  assert.ok(m.takeBack(["a", "b"])); // against the computer: the pair
  assert.deepEqual(m.head, ["a", "b"]);
  assert.deepEqual(m.viewed, ["a", "b"]);
  assert.deepEqual(m.tree.mainline(), ["a", "b", "c", "d"]);
  assert.equal(m.redoMove(), "c");
  m.redo();
  assert.deepEqual(m.head, ["a", "b", "c"]);
  m.redo();
  assert.deepEqual(m.head, ["a", "b", "c", "d"]);
  assert.equal(m.redoMove(), null);
  assert.equal(m.takeBack(["x"]), false); // not on the head's line
});

test("redo follows the line that was undone, not the main line", () => {
  const m = played(["a", "b", "c"]);
  m.back();
  m.play("v");
  m.play("w"); // a b c  and  a b v w
  m.takeBack(["a", "b"]);
  assert.equal(m.redoMove(), "v");
  m.redo();
  m.redo();
  assert.deepEqual(m.head, ["a", "b", "v", "w"]);
});

test("promotion makes a variation the main line and keeps every move", () => {
  const m = played(["a", "b", "c"]);
  m.goTo(["a"]);
  m.play("x");
  m.play("y");
  const before = m.tree.size();
  assert.ok(m.promote(["a", "x", "y"]));
  assert.deepEqual(m.tree.mainline(), ["a", "x", "y"]);
  assert.deepEqual(m.tree.children(["a"]), ["x", "b"]);
  assert.equal(m.tree.size(), before);
  assert.equal(m.promote(["a", "x"]), false); // already main
});

test("deletion removes a move and its followers, moves the lines off it, and can be undone", () => {
  const m = played(["a", "b", "c"]);
  m.goTo(["a"]);
  m.play("x");
  m.play("y");
  m.goTo(["a", "x"]);
  const json = JSON.stringify(m.toJSON());
  const saved = m.remove(["a", "x"]);
  assert.ok(saved);
  assert.equal(m.tree.has(["a", "x"]), false);
  assert.deepEqual(m.viewed, ["a"]);
  assert.deepEqual(m.head, ["a"]);
  m.restore(saved);
  const { deleted, ...back } = m.toJSON();
  assert.equal(JSON.stringify(back), json);
  assert.deepEqual(
    deleted.map(([line, , live]) => [line, live]),
    [[["a", "x"], false]],
    "the undo is remembered",
  );
  assert.equal(m.remove([]), null); // the start cannot be deleted
});

test("listeners hear every change, and only changes", () => {
  const m = played(["a", "b"]);
  const heard = [];
  m.subscribe(what => heard.push(what));
  m.back();
  m.goTo(["a"]); // already there: no event
  m.play("z");
  m.setPlayers(["h", "c:strong"]);
  assert.deepEqual(heard, ["position", "tree", "players"]);
});

test("the link holds the line to the viewed position and reopens it", () => {
  const m = played(["b1-d3", "a2-c4", "c1xc4"]);
  m.goTo(["b1-d3"]);
  m.play("h2-f4");
  m.play("c1-c3");
  m.goTo(["b1-d3", "h2-f4"]);
  const fragment = m.fragment();
  assert.equal(fragment, "#v1/loa/standard/double-connection=mover/b1-d3,h2-f4,c1-c3@2");
  const parsed = link.parse(fragment);
  const again = GameModel.fromLink(parsed, START);
  assert.deepEqual(again.viewed, ["b1-d3", "h2-f4"]);
  assert.deepEqual(again.head, ["b1-d3", "h2-f4", "c1-c3"]);
  assert.equal(again.fragment(), fragment);
  // players and a non-standard start travel too
  const odd = new GameModel({
    start: "loa standard double-connection=mover 8/8 b",
    meta: META,
    players: ["h", "c:master"],
  });
  const p = link.parse(odd.fragment());
  assert.equal(p.start, "loa standard double-connection=mover 8/8 b");
  assert.deepEqual(p.players, ["h", "c:master"]);
  assert.ok(isStandardStart(START) && !isStandardStart(odd.start));
});

test("a saved tree restores exactly, variations, lines and players included", () => {
  const m = played(["a", "b", "c"]);
  m.goTo(["a"]);
  m.play("x");
  m.tree.setComment(["a", "x"], "worth a look");
  m.setPlayers(["h", "c:casual"]);
  m.goTo(["a", "b"]);
  const data = JSON.parse(JSON.stringify(m.toJSON()));
  const back = GameModel.fromJSON(data);
  assert.deepEqual(back.toJSON(), m.toJSON());
  assert.equal(back.tree.comment(["a", "x"]), "worth a look");
  for (const bad of [
    null,
    3,
    {},
    { ...data, start: "" },
    { ...data, viewed: ["nope"] },
    { ...data, tree: { v: 9 } },
    { ...data, meta: { game: 1 } },
    { ...data, players: [3] },
  ]) {
    assert.throws(
      () => GameModel.fromJSON(bad),
      err => err.name === "TreeError",
    );
  }
});

test("storage: the old local save, and a version 1 save read as a tree without losing its undone moves", async () => {
  const items = new Map();
  globalThis.localStorage = /** @type {any} */ ({
    getItem: k => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
    removeItem: k => items.delete(k),
  });
  const storage = await import("../../web/library/storage.js");
  const m = played(["a", "b"]);
  m.back();
  m.play("q");
  items.set(storage.STORAGE_KEY, JSON.stringify({ v: 2, game: m.toJSON() }));
  assert.deepEqual(storage.load().toJSON(), m.toJSON());
  // version 1: moves, viewed ply, and the redo list (last undone first)
  items.set(
    storage.STORAGE_KEY,
    JSON.stringify({
      v: 1,
      start: START,
      moves: ["a", "b"],
      ply: 1,
      redo: ["d", "c"],
      players: ["h", "c:strong"],
    }),
  );
  const old = storage.load();
  assert.deepEqual(old.tree.mainline(), ["a", "b", "c", "d"]);
  assert.deepEqual(old.head, ["a", "b"]);
  assert.deepEqual(old.viewed, ["a"]);
  assert.equal(old.redoMove(), "c");
  assert.deepEqual(old.meta, META);
  // damaged saves: reported, kept aside, never thrown
  for (const raw of [
    "{nope",
    "[1]",
    JSON.stringify({ v: 7 }),
    JSON.stringify({ v: 2, game: { start: START } }),
  ]) {
    items.set(storage.STORAGE_KEY, raw);
    const got = storage.load();
    assert.ok(got && typeof got.error === "string" && got.error, raw);
    assert.equal(items.get(`${storage.STORAGE_KEY}.damaged`), raw);
    assert.equal(items.has(storage.STORAGE_KEY), false);
  }
  // a storage that refuses everything: no save, no exception
  globalThis.window = {
    get localStorage() {
      throw new Error("SecurityError");
    },
  };
  assert.equal(storage.load(), null);
  delete globalThis.window;
});

test("random play and browsing never lose a move", () => {
  let seed = 7;
  const rand = n => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let round = 0; round < 50; round++) {
    const m = fresh();
    const all = new Set();
    for (let step = 0; step < 60; step++) {
      const r = rand(6);
      if (r < 3) {
        m.play(`m${rand(4)}`);
        all.add(m.viewed.join(" "));
      } else if (r === 3) m.back();
      else if (r === 4) m.variation(rand(2) ? 1 : -1);
      else m.takeBack(m.head.slice(0, rand(m.head.length + 1)));
    }
    for (const line of all) assert.ok(m.tree.has(line.split(" ")), line);
    const back = GameModel.fromJSON(JSON.parse(JSON.stringify(m.toJSON())));
    for (const line of all) assert.ok(back.tree.has(line.split(" ")), line);
  }
});

test("GameTree lines from a link keep the link's order", () => {
  const t = GameTree.fromLine(["a", "b"]);
  assert.deepEqual(t.mainline(), ["a", "b"]);
});

const copy = m => JSON.parse(JSON.stringify(m.toJSON()));
const lines = m => m.deleted.map(([line, , live]) => [line, live]);

test("a deleted line stays deleted through a merge with an older stored copy, and is saved as deleted", () => {
  const m = played(["a", "b", "c"]);
  m.goTo(["a"]);
  m.play("x"); // a variation a-x
  m.play("y");
  const stored = copy(m); // saved before the deletion
  m.remove(["a", "x"]);
  assert.deepEqual(lines(m), [[["a", "x"], true]]);
  assert.equal(m.merge(stored), 0, "the stored copy brings nothing back");
  assert.ok(!m.tree.has(["a", "x"]) && !m.tree.has(["a", "x", "y"]));
  // what is saved says so, and reads back
  const again = GameModel.fromJSON(copy(m));
  assert.deepEqual(lines(again), [[["a", "x"], true]]);
  assert.equal(again.merge(stored), 0);
  assert.ok(!again.tree.has(["a", "x"]));
});

test("a deletion made in another tab is made here; moves of either tab elsewhere are kept", () => {
  const here = played(["a", "b"]);
  here.goTo(["a"]);
  here.play("x");
  const there = GameModel.fromJSON(copy(here));
  there.remove(["a", "x"]);
  there.goTo(["a", "b"]);
  there.play("c"); // a move of the other tab
  here.goTo(["a"]);
  here.play("z"); // and one of this tab
  assert.equal(here.merge(copy(there)), 2); // a-x removed, a-b-c added
  assert.ok(!here.tree.has(["a", "x"]));
  assert.ok(here.tree.has(["a", "b", "c"]) && here.tree.has(["a", "z"]));
  assert.deepEqual(lines(here), [[["a", "x"], true]]);
  // and the other tab, merging this one's copy, keeps the deletion
  assert.equal(there.merge(copy(here)), 1); // a-z added
  assert.ok(!there.tree.has(["a", "x"]) && there.tree.has(["a", "z"]));
});

test("a line played again after its deletion is not deleted again by a copy that still says it was", async () => {
  const m = played(["a", "b"]);
  m.goTo(["a"]);
  m.play("x");
  m.remove(["a", "x"]);
  const other = GameModel.fromJSON(copy(m)); // another tab: a-x deleted
  await new Promise(r => setTimeout(r, 3)); // (records are ordered by time)
  m.goTo(["a"]);
  m.play("x"); // played again here
  m.play("y");
  assert.ok(!m.isDeleted(["a", "x", "y"]));
  assert.equal(m.merge(copy(other)), 0);
  assert.ok(m.tree.has(["a", "x", "y"]));
  assert.equal(other.merge(copy(m)), 2, "the other tab takes a-x and a-x-y in");
  assert.ok(other.tree.has(["a", "x", "y"]));
});

test("undoing a deletion ends it; a deletion of a line before a later move is later undone by that move", () => {
  const m = played(["a", "b"]);
  const saved = m.remove(["a", "b"]);
  assert.ok(m.isDeleted(["a", "b", "c"]));
  m.restore(saved);
  assert.ok(!m.isDeleted(["a", "b"]));
  assert.deepEqual(lines(m), [[["a", "b"], false]]);
  // a deletion in another copy older than a move played here under it
  const m2 = GameModel.fromJSON({
    ...copy(m),
    deleted: [
      [["a"], 1, true],
      [["a", "b"], 2, false],
    ],
  });
  assert.ok(!m2.isDeleted(["a"]) && !m2.isDeleted(["a", "b"]), "the later move brought its line back");
  const m3 = GameModel.fromJSON({
    ...copy(m),
    deleted: [
      [["a", "b"], 1, false],
      [["a"], 2, true],
    ],
  });
  assert.ok(m3.isDeleted(["a"]) && m3.isDeleted(["a", "b"]));
});

test("a stored copy with malformed deletions is refused when read, ignored when merged", () => {
  const m = played(["a"]);
  const data = copy(m);
  assert.throws(() => GameModel.fromJSON({ ...data, deleted: [[[], 1, true]] }), TreeError);
  assert.throws(() => GameModel.fromJSON({ ...data, deleted: [["a"]] }), TreeError);
  assert.throws(() => GameModel.fromJSON({ ...data, deleted: "a" }), TreeError);
  assert.equal(m.merge({ ...data, deleted: [[[1], 1, true], "b", [["a"], "x", true]] }), 0);
  assert.ok(m.tree.has(["a"]));
  assert.equal(
    m.merge({ tree: "nonsense" }),
    -1,
    "a copy that cannot be read: -1, so nothing is written over it",
  );
});
