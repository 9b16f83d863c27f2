// Tests of web/moveinput.js: the click matcher, on small synthetic views.
import test from "node:test";
import assert from "node:assert/strict";
import { MoveInput } from "../../web/board/moveinput.js";
import { prng } from "./prng.mjs";

const pv = (cells, pieces = [], markers = []) => ({ cells, pieces, markers });

// An ordered game (LOA-like), with a multi-step path where a move is a
// prefix of longer ones (d1-d2 / d1-d2-d3 / d1-d2-d4), and a move with no
// clicks (it is a button, not the matcher's).
const ORDERED = {
  moves: [
    { text: "b1-d3", clicks: ["b1", "d3"], preview: pv(["b1", "d3"], [{ cell: "d3", color: "black" }]) },
    { text: "b1-b3", clicks: ["b1", "b3"], preview: pv(["b1", "b3"], [{ cell: "b3", color: "black" }]) },
    { text: "c1-c3", clicks: ["c1", "c3"] },
    { text: "c1xe3", clicks: ["c1", "e3"] },
    { text: "d1-d2", clicks: ["d1", "d2"], preview: pv(["d1", "d2"], [{ cell: "d2", color: "black" }]) },
    {
      text: "d1-d2-d3",
      clicks: ["d1", "d2", "d3"],
      preview: pv(["d1", "d2", "d3"], [{ cell: "d3", color: "black" }]),
    },
    {
      text: "d1-d2-d4",
      clicks: ["d1", "d2", "d4"],
      preview: pv(["d1", "d2", "d4"], [{ cell: "d4", color: "black" }]),
    },
    { text: "pass", clicks: [] },
  ],
  palette: [],
};

// An any-order game (EL-like): a cell and a number from the palette.
const palette = [1, 2, 3, 4, 5, 6].map(n => ({ id: `n${n}`, label: String(n) }));
const ANY = {
  click_order: "any",
  palette,
  moves: [
    { text: "c4=5", clicks: ["c4", "n5"] },
    { text: "c4=6", clicks: ["c4", "n6"] },
    { text: "d5=5", clicks: ["d5", "n5"] },
    { text: "e6=1", clicks: ["e6", "n1"] },
  ],
};

const input = view => {
  const mi = new MoveInput();
  mi.setView(view);
  return mi;
};
const sorted = set => [...set].sort();
const clicksOf = (mi, ids) => ids.map(id => mi.click(id));

test("ordered: a two-click move", () => {
  const mi = input(ORDERED);
  assert.deepEqual(mi.click("b1"), { type: "changed" });
  assert.deepEqual(mi.clicks, ["b1"]);
  assert.deepEqual(sorted(mi.targets()), ["b3", "d3"]);
  assert.equal(mi.exact(), null);
  assert.equal(mi.pending(), null);
  assert.deepEqual(mi.click("d3"), { type: "move", text: "b1-d3" });
  assert.deepEqual(mi.clicks, []);
  assert.deepEqual(sorted(mi.targets()), []);
});

test("ordered: the order matters", () => {
  const mi = input(ORDERED);
  assert.deepEqual(mi.click("d3"), { type: "illegal", clicks: ["d3"] });
  assert.deepEqual(mi.clicks, []);
});

test("ordered: a click that continues nothing is illegal and clears the selection", () => {
  const mi = input(ORDERED);
  mi.click("b1");
  assert.deepEqual(mi.click("h8"), { type: "illegal", clicks: ["b1", "h8"] });
  assert.deepEqual(mi.clicks, []);
  assert.deepEqual(mi.click("h8"), { type: "illegal", clicks: ["h8"] });
  // the other piece's target is not ours
  mi.click("b1");
  assert.deepEqual(mi.click("c3"), { type: "illegal", clicks: ["b1", "c3"] });
});

test("ordered: clicking another piece reselects (unless reselect is off)", () => {
  const mi = input(ORDERED);
  mi.click("b1");
  assert.deepEqual(mi.click("c1"), { type: "changed" });
  assert.deepEqual(mi.clicks, ["c1"]);
  assert.deepEqual(sorted(mi.targets()), ["c3", "e3"]);
  assert.deepEqual(mi.click("e3"), { type: "move", text: "c1xe3" });

  mi.click("b1");
  assert.deepEqual(mi.click("c1", { reselect: false }), { type: "illegal", clicks: ["b1", "c1"] });
  assert.deepEqual(mi.clicks, []);
});

test("ordered: clicking the selected piece again deselects it", () => {
  const mi = input(ORDERED);
  mi.click("b1");
  assert.deepEqual(mi.click("b1"), { type: "changed" });
  assert.deepEqual(mi.clicks, []);
});

test("ordered: a move that is the start of longer ones waits for confirmation", () => {
  const mi = input(ORDERED);
  assert.deepEqual(clicksOf(mi, ["d1", "d2"]), [{ type: "changed" }, { type: "changed" }]);
  assert.equal(mi.pending().text, "d1-d2");
  assert.equal(mi.exact().text, "d1-d2");
  assert.deepEqual(sorted(mi.targets()), ["d3", "d4"]);
  assert.ok(mi.continues(mi.clicks));
  // a second click on the last cell confirms it
  assert.deepEqual(mi.click("d2"), { type: "move", text: "d1-d2" });
  assert.deepEqual(mi.clicks, []);
  assert.equal(mi.pending(), null);

  // or the path goes on
  clicksOf(mi, ["d1", "d2"]);
  assert.deepEqual(mi.click("d4"), { type: "move", text: "d1-d2-d4" });

  // a click that continues nothing still clears it
  clicksOf(mi, ["d1", "d2"]);
  assert.deepEqual(mi.click("h8"), { type: "illegal", clicks: ["d1", "d2", "h8"] });
  assert.deepEqual(mi.clicks, []);
});

test("ordered: back to the first cell of a path reselects it", () => {
  const mi = input(ORDERED);
  clicksOf(mi, ["d1", "d2"]);
  assert.deepEqual(mi.click("d1"), { type: "changed" });
  assert.deepEqual(mi.clicks, ["d1"]);
});

test("ordered: continues()", () => {
  const mi = input(ORDERED);
  assert.ok(mi.continues([]));
  assert.ok(mi.continues(["b1"]));
  assert.ok(mi.continues(["d1", "d2"]));
  assert.ok(!mi.continues(["b1", "d3"]));
  assert.ok(!mi.continues(["d1", "d2", "d3"]));
  assert.ok(!mi.continues(["h8"]));
  assert.ok(!mi.continues(["d2"]));
});

test("starts() and actionable() with nothing selected", () => {
  const mi = input(ORDERED);
  assert.deepEqual(sorted(mi.starts()), ["b1", "c1", "d1"]);
  assert.deepEqual(sorted(mi.actionable()), ["b1", "c1", "d1"]);
  assert.deepEqual(sorted(mi.targets()), []);
  mi.click("b1");
  assert.deepEqual(sorted(mi.actionable()), ["b1", "b3", "c1", "d1", "d3"]);
  const any = input(ANY);
  assert.deepEqual(sorted(any.actionable()), ["c4", "d5", "e6", "n1", "n5", "n6"]);
  assert.deepEqual(sorted(any.starts()), ["c4", "d5", "e6"]);
});

test("moves with no clicks are not the matcher's", () => {
  const mi = input(ORDERED);
  assert.ok(!mi.moves.some(m => m.text === "pass"));
  assert.ok(!mi.actionable().has(undefined));
  const onlyPass = input({ moves: [{ text: "pass", clicks: [] }, { text: "swap" }] });
  assert.deepEqual(onlyPass.moves, []);
  assert.deepEqual(onlyPass.click("a1"), { type: "illegal", clicks: ["a1"] });
});

test("preview: the completed move's, else what every candidate agrees on", () => {
  const mi = input(ORDERED);
  assert.equal(mi.preview(), null);
  mi.click("b1");
  // b1-d3 and b1-b3 agree only on b1 (which holds nothing in either preview)
  assert.deepEqual(mi.preview(), { cells: ["b1"], pieces: [], markers: [] });
  mi.click("b1");
  mi.click("c1");
  assert.equal(mi.preview(), null); // c1's moves have no preview
  mi.clear();
  clicksOf(mi, ["d1", "d2"]);
  assert.deepEqual(mi.preview(), ORDERED.moves[4].preview); // the pending move's own
  mi.clear();
  mi.click("d1");
  // the three d1 paths agree on d1 only: d2 holds a piece in d1-d2's preview, not in the others'
  assert.deepEqual(mi.preview(), { cells: ["d1"], pieces: [], markers: [] });
});

test("setView clears the selection: a pick never carries over to another position", () => {
  const mi = input(ORDERED);
  mi.click("b1");
  mi.setView(ORDERED);
  assert.deepEqual(mi.clicks, []);
  assert.deepEqual(sorted(mi.targets()), []);
  assert.deepEqual(mi.click("d3"), { type: "illegal", clicks: ["d3"] });

  const any = input(ANY);
  assert.deepEqual(any.pick("n5"), { type: "changed" });
  assert.deepEqual(any.clicks, ["n5"]);
  any.setView(ANY);
  assert.deepEqual(any.clicks, []);
  // without the carried pick, c4 is only a selection
  assert.deepEqual(any.click("c4"), { type: "changed" });
  assert.deepEqual(sorted(any.targets()), ["n5", "n6"]);
});

test("any order: cell then number, or number then cell", () => {
  const mi = input(ANY);
  assert.ok(mi.anyOrder);
  assert.deepEqual(mi.click("c4"), { type: "changed" });
  assert.deepEqual(sorted(mi.targets()), ["n5", "n6"]);
  assert.deepEqual(mi.click("n5"), { type: "move", text: "c4=5" });
  assert.deepEqual(mi.clicks, []);

  assert.deepEqual(mi.click("n5"), { type: "changed" });
  assert.deepEqual(sorted(mi.targets()), ["c4", "d5"]);
  assert.deepEqual(mi.click("c4"), { type: "move", text: "c4=5" });
  assert.deepEqual(mi.click("n6"), { type: "changed" });
  assert.deepEqual(mi.click("c4"), { type: "move", text: "c4=6" });
});

test("any order: a palette id replaces the selected palette id", () => {
  const mi = input(ANY);
  mi.click("n5");
  assert.deepEqual(mi.click("n6"), { type: "changed" });
  assert.deepEqual(mi.clicks, ["n6"]);
  assert.deepEqual(sorted(mi.targets()), ["c4"]);
  assert.deepEqual(mi.click("n1"), { type: "changed" });
  assert.deepEqual(mi.clicks, ["n1"]);
  assert.deepEqual(mi.click("e6"), { type: "move", text: "e6=1" });

  // with a cell selected too: the number changes, the cell stays
  mi.click("c4");
  mi.click("n6");
  assert.deepEqual(mi.clicks, []); // c4=6 was played
  mi.click("c4");
  assert.deepEqual(mi.clicks, ["c4"]);
  assert.deepEqual(mi.click("n1"), { type: "illegal", clicks: ["c4", "n1"] }); // no c4=1
  assert.deepEqual(mi.clicks, []);
});

test("any order: another cell replaces the selected cell, keeping the number", () => {
  const mi = input(ANY);
  mi.click("c4");
  assert.deepEqual(mi.click("d5"), { type: "changed" });
  assert.deepEqual(mi.clicks, ["d5"]);
  assert.deepEqual(mi.click("n5"), { type: "move", text: "d5=5" });

  mi.click("n6");
  // d5 has no 6: illegal, but the picked number stays
  assert.deepEqual(mi.click("d5"), { type: "illegal", clicks: ["n6", "d5"] });
  assert.deepEqual(mi.clicks, ["n6"]);
  assert.deepEqual(mi.click("c4"), { type: "move", text: "c4=6" });
});

test("any order: clicking a selected id deselects it; pick() never does", () => {
  const mi = input(ANY);
  mi.click("c4");
  assert.deepEqual(mi.click("c4"), { type: "changed" });
  assert.deepEqual(mi.clicks, []);
  mi.click("n5");
  assert.deepEqual(mi.click("n5"), { type: "changed" });
  assert.deepEqual(mi.clicks, []);
  assert.deepEqual(mi.pick("n5"), { type: "changed" });
  assert.deepEqual(mi.pick("n5"), { type: "changed" });
  assert.deepEqual(mi.clicks, ["n5"]);
  assert.deepEqual(mi.pick("n6"), { type: "changed" });
  assert.deepEqual(mi.clicks, ["n6"]);
});

test("any order: a move that is a subset of a longer one waits for confirmation", () => {
  const view = {
    click_order: "any",
    palette: [{ id: "n1", label: "1" }],
    moves: [
      { text: "declare:c4", clicks: ["c4"] },
      { text: "declare:c4,d5", clicks: ["c4", "d5"] },
      { text: "declare:d5,c4,n1", clicks: ["d5", "c4", "n1"] },
    ],
  };
  const mi = input(view);
  assert.deepEqual(mi.click("c4"), { type: "changed" });
  assert.equal(mi.pending().text, "declare:c4");
  assert.deepEqual(mi.click("c4"), { type: "move", text: "declare:c4" });
  // both orders
  assert.deepEqual(clicksOf(mi, ["d5", "c4"]), [{ type: "changed" }, { type: "changed" }]);
  assert.equal(mi.pending().text, "declare:c4,d5");
  assert.deepEqual(mi.click("d5"), { type: "move", text: "declare:c4,d5" });
  assert.deepEqual(clicksOf(mi, ["c4", "d5"]).at(-1), { type: "changed" });
  assert.deepEqual(mi.click("c4"), { type: "move", text: "declare:c4,d5" });
  assert.deepEqual(clicksOf(mi, ["n1", "c4", "d5"]).at(-1), { type: "move", text: "declare:d5,c4,n1" });
  // a selected palette id never confirms: it deselects
  clicksOf(mi, ["c4", "d5"]);
  assert.deepEqual(mi.click("n1"), { type: "move", text: "declare:d5,c4,n1" });
});

// ---- properties on random views ---------------------------------------------

const CELLS = ["a", "b", "c", "d", "e", "f"];
const PALETTE = ["n1", "n2", "n3"];

function randomOrderedView(rand) {
  const seen = new Set();
  const moves = [];
  for (let i = 0, n = 1 + rand.int(10); i < n; i++) {
    const clicks = [rand.pick(CELLS)];
    for (let k = rand.int(4); k > 0; k--) {
      let c;
      do c = rand.pick(CELLS);
      while (c === clicks[clicks.length - 1]); // no cell twice in a row
      clicks.push(c);
    }
    const key = clicks.join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    moves.push({ text: `m${i}:${key}`, clicks });
  }
  return { moves, palette: [] };
}

function randomAnyView(rand) {
  const seen = new Set();
  const moves = [];
  for (let i = 0, n = 1 + rand.int(10); i < n; i++) {
    // distinct cells, at most one palette id (as in EL)
    const cells = [...new Set(Array.from({ length: 1 + rand.int(2) }, () => rand.pick(CELLS)))];
    const clicks = rand() < 0.7 ? [...cells, rand.pick(PALETTE)] : cells;
    const key = [...clicks].sort().join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    moves.push({ text: `m${i}:${key}`, clicks });
  }
  return { moves, palette: PALETTE.map(id => ({ id, label: id })), click_order: "any" };
}

const sameMultiset = (a, b) =>
  a.length === b.length && [...a].sort().join("\u0000") === [...b].sort().join("\u0000");

/** A copy of `mi` in the same state, to try a click on. */
function fork(mi) {
  const copy = new MoveInput();
  copy.setView(mi.view);
  copy.clicks = [...mi.clicks];
  return copy;
}

function checkState(mi, what) {
  const universe = [...CELLS, ...PALETTE, "zz"];
  const targets = mi.targets();
  const actionable = mi.actionable();
  for (const t of targets) assert.ok(actionable.has(t), `${what}: target ${t} is actionable`);
  if (!mi.anyOrder && mi.clicks.length) {
    assert.equal(mi.continues(mi.clicks), targets.size > 0, `${what}: continues() agrees with targets()`);
  }
  const pend = mi.pending();
  if (pend) {
    assert.equal(mi.exact(), pend, what);
    assert.ok(mi.candidates().length > 1, what);
  }
  const ex = mi.exact();
  if (ex)
    assert.ok(mi.anyOrder ? sameMultiset(ex.clicks, mi.clicks) : ex.clicks.join() === mi.clicks.join(), what);
  for (const id of universe) {
    const before = [...mi.clicks];
    const r = fork(mi).click(id);
    if (!actionable.has(id))
      assert.equal(r.type, "illegal", `${what}: ${id} is not actionable, so clicking it is illegal`);
    if (targets.has(id)) assert.notEqual(r.type, "illegal", `${what}: target ${id} is not illegal`);
    if (r.type === "move") {
      const m = mi.moves.find(x => x.text === r.text);
      assert.ok(m, `${what}: ${r.text} is a move of the view`);
      const entered = [...before, id];
      const ok = mi.anyOrder
        ? sameMultiset(m.clicks, entered) ||
          sameMultiset(m.clicks, before) ||
          sameMultiset(m.clicks, [...before.filter(c => PALETTE.includes(c) !== PALETTE.includes(id)), id])
        : m.clicks.join() === entered.join() ||
          (m === pend && id === before.at(-1)) ||
          m.clicks.join() === id;
      assert.ok(ok, `${what}: clicks ${entered} entered ${r.text} (${m.clicks})`);
    }
    if (r.type === "illegal") assert.deepEqual(r.clicks, [...before, id], what);
  }
}

test("random ordered views: the queries agree with what clicks do", () => {
  const rand = prng(11);
  for (let round = 0; round < 300; round++) {
    const view = randomOrderedView(rand);
    const mi = input(view);
    for (let step = 0; step < 25; step++) {
      checkState(
        mi,
        `round ${round} step ${step} clicks [${mi.clicks}] moves ${JSON.stringify(view.moves.map(m => m.clicks))}`,
      );
      mi.click(rand.pick([...CELLS, "zz"]), { reselect: rand() < 0.8 });
    }
  }
});

test("random any-order views: the queries agree with what clicks do", () => {
  const rand = prng(12);
  for (let round = 0; round < 300; round++) {
    const view = randomAnyView(rand);
    const mi = input(view);
    for (let step = 0; step < 25; step++) {
      checkState(
        mi,
        `round ${round} step ${step} clicks [${mi.clicks}] moves ${JSON.stringify(view.moves.map(m => m.clicks))}`,
      );
      const id = rand.pick([...CELLS, ...PALETTE, "zz"]);
      if (rand() < 0.2) mi.pick(id);
      else mi.click(id);
    }
  }
});

/** Enter a move from an empty selection: its clicks (in the given order),
 * then a confirming click on the last one if it is pending. */
function enter(mi, clicks) {
  let r;
  for (const c of clicks) r = mi.click(c);
  if (r.type === "changed" && mi.pending()) r = mi.click(clicks[clicks.length - 1]);
  return r;
}

test("random ordered views: every move can be entered by its clicks", () => {
  const rand = prng(21);
  for (let round = 0; round < 500; round++) {
    const view = randomOrderedView(rand);
    for (const m of view.moves) {
      const mi = input(view);
      assert.deepEqual(
        enter(mi, m.clicks),
        { type: "move", text: m.text },
        JSON.stringify(view.moves.map(x => x.clicks)),
      );
      assert.deepEqual(mi.clicks, []);
    }
  }
});

test("random any-order views: every move can be entered by its clicks, in any order", () => {
  const rand = prng(22);
  for (let round = 0; round < 500; round++) {
    const view = randomAnyView(rand);
    for (const m of view.moves) {
      // the given order, reversed, and a palette id first
      const orders = [
        m.clicks,
        [...m.clicks].reverse(),
        [...m.clicks.filter(c => PALETTE.includes(c)), ...m.clicks.filter(c => !PALETTE.includes(c))],
      ];
      for (const order of orders) {
        const mi = input(view);
        // a palette id never confirms, so confirm on a cell: end on one
        const clicks =
          PALETTE.includes(order.at(-1)) && order.length > 1 ? [...order.slice(1), order[0]] : order;
        const r = enter(mi, clicks);
        assert.deepEqual(
          r,
          { type: "move", text: m.text },
          `${clicks} in ${JSON.stringify(view.moves.map(x => x.clicks))}`,
        );
      }
    }
  }
});

test("actionable() holds only ids that do something", () => {
  const mi = input({
    moves: [
      { text: "x", clicks: ["a", "b", "c"] },
      { text: "y", clicks: ["a", "b", "c", "d"] },
    ],
    palette: [],
  });
  clicksOf(mi, ["a", "b", "c"]);
  assert.ok(!mi.actionable().has("b")); // a middle click of the path does nothing
  assert.ok(mi.actionable().has("c")); // the last one confirms
  assert.ok(mi.actionable().has("a")); // a start of a move reselects
  for (const id of mi.actionable()) {
    const trial = input({
      moves: [
        { text: "x", clicks: ["a", "b", "c"] },
        { text: "y", clicks: ["a", "b", "c", "d"] },
      ],
      palette: [],
    });
    clicksOf(trial, ["a", "b", "c"]);
    assert.notEqual(trial.click(id).type, "illegal", id);
  }
});
