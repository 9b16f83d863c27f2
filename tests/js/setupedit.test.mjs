// Tests of web/setupedit.js: the position editor's edits of the engine's
// description of a position, and the editor's link.
import test from "node:test";
import assert from "node:assert/strict";
import {
  ERASE,
  apply,
  clear,
  editLink,
  fits,
  readEditLink,
  setCount,
  setSide,
  stackWords,
} from "../../web/editor/setupedit.js";
import { prng } from "./prng.mjs";

// palettes as the engine writes them (gamut/setup.py): EVL's and Lines of Action's
const said = (id, args = {}) => ({ id, args });
const EVL = {
  items: [
    {
      id: "b",
      said: said("setup.piece", { colour: "black" }),
      owner: 0,
      kind: "piece",
      stacks: true,
      cells: ["a1", "b3", "b4"],
    },
    {
      id: "w",
      said: said("setup.piece", { colour: "white" }),
      owner: 1,
      kind: "piece",
      stacks: true,
      cells: ["a1", "b3", "b4"],
    },
    {
      id: "mb",
      said: said("setup.marker", { colour: "black" }),
      owner: 0,
      kind: "marker",
      stacks: false,
      cells: ["ab1"],
    },
    {
      id: "mw",
      said: said("setup.marker", { colour: "white" }),
      owner: 1,
      kind: "marker",
      stacks: false,
      cells: ["ab1"],
    },
  ],
  counts: [
    { id: "hand-0", owner: 0, said: said("setup.evl.inHand"), total: 20 },
    { id: "hand-1", owner: 1, said: said("setup.evl.inHand"), total: 20 },
  ],
};
const LOA = {
  items: [
    {
      id: "b",
      said: said("setup.piece", { colour: "black" }),
      owner: 0,
      kind: "piece",
      stacks: false,
      cells: null,
    },
    {
      id: "w",
      said: said("setup.piece", { colour: "white" }),
      owner: 1,
      kind: "piece",
      stacks: false,
      cells: null,
    },
  ],
  counts: [],
};
const setup = (cells = {}, over = {}) => ({
  game: "evl",
  variant: "standard",
  options: {},
  to_move: 0,
  cells,
  counts: { "hand-0": null, "hand-1": null },
  extra: { kept: true },
  ...over,
});

test("pieces that stack go on top, in the order put down; the eraser takes the top one off", () => {
  let s = setup();
  for (const tool of ["b", "w", "b"]) s = apply(s, EVL, tool, "b3");
  assert.deepEqual(s.cells.b3, ["b", "w", "b"]);
  assert.equal(stackWords(EVL, s.cells.b3), "Black piece, White piece, Black piece");
  s = apply(s, EVL, ERASE, "b3");
  assert.deepEqual(s.cells.b3, ["b", "w"]);
  s = apply(apply(s, EVL, ERASE, "b3"), EVL, ERASE, "b3");
  assert.equal("b3" in s.cells, false, "an empty cell is left out");
  assert.equal(apply(s, EVL, ERASE, "b3"), null, "nothing to erase");
});

test("an item that stands alone replaces what is there, and a second click takes it off", () => {
  let s = setup({}, { game: "loa", counts: {} });
  s = apply(s, LOA, "b", "d4");
  assert.deepEqual(s.cells.d4, ["b"]);
  s = apply(s, LOA, "w", "d4");
  assert.deepEqual(s.cells.d4, ["w"]);
  s = apply(s, LOA, "w", "d4");
  assert.equal("d4" in s.cells, false);
});

test("an item goes only on the cells the palette gives it", () => {
  const s = setup();
  assert.equal(fits(EVL, "mb", "ab1"), true);
  assert.equal(fits(EVL, "mb", "b3"), false);
  assert.equal(fits(EVL, "b", "ab1"), false);
  assert.equal(fits(EVL, ERASE, "ab1"), true);
  assert.equal(fits(EVL, "nothing", "b3"), false);
  assert.equal(apply(s, EVL, "mb", "b3"), null);
  assert.deepEqual(apply(s, EVL, "mw", "ab1").cells.ab1, ["mw"]);
});

test("every edit drops extra and leaves the description it was given alone", () => {
  const s = setup({ b3: ["b"] });
  const frozen = JSON.stringify(s);
  for (const next of [apply(s, EVL, "w", "b3"), setSide(s, 1), setCount(s, "hand-0", "3"), clear(s)]) {
    assert.deepEqual(next.extra, {});
  }
  assert.equal(JSON.stringify(s), frozen);
  assert.equal(setSide(s, 1).to_move, 1);
  assert.equal(setCount(s, "hand-0", "3").counts["hand-0"], 3);
  assert.equal(setCount(s, "hand-0", "").counts["hand-0"], null, "empty: unset");
  assert.equal(setCount(s, "hand-0", "x").counts["hand-0"], null);
  assert.equal(setCount(s, "hand-0", "-4").counts["hand-0"], 0);
  const cleared = clear(setup({ b3: ["b"] }, { to_move: 1, counts: { "hand-0": 4, "hand-1": null } }));
  assert.deepEqual(cleared.cells, {});
  assert.deepEqual(cleared.counts, { "hand-0": null, "hand-1": null });
  assert.equal(cleared.to_move, 1, "the side to move stays");
});

test("random edits keep the description's shape: lists of known items on the cells they fit", () => {
  const rand = prng(18);
  let s = setup();
  const tools = [ERASE, ...EVL.items.map(i => i.id)];
  const cells = ["a1", "b3", "b4", "ab1"];
  for (let i = 0; i < 500; i++) {
    const next = apply(
      s,
      EVL,
      tools[Math.floor(rand() * tools.length)],
      cells[Math.floor(rand() * cells.length)],
    );
    if (next) s = next;
    for (const [cell, stack] of Object.entries(s.cells)) {
      assert.ok(stack.length > 0);
      for (const id of stack) assert.ok(fits(EVL, id, cell), `${id} on ${cell}`);
      if (stack.length > 1) assert.ok(stack.every(id => id === "b" || id === "w"));
    }
  }
});

test("the editor's link carries a position text and reads back", () => {
  const texts = [
    "evl standard pieces=20,markers=10 7/2(bbw)w3/7/7 2w3/6/6 b hands=3,18",
    "escabel checkered size=5,pie=on,corners=black b(wb)b(wb)b/(bw)bwww/(bw)b(bw)b(bw)/(wb)bwbw/wwb(wb)w b swapped",
    "el standard first-two-equal=off,full-board=draw,declare-threats=on ....../....../...b4../..r1.../....../r5..... b last=a1,d4 declared=-;-",
    "loa standard double-connection=mover start",
    "x a+b %41 #?&",
  ];
  for (const text of texts) {
    const link = editLink(text);
    assert.match(link, /^#edit\//);
    assert.ok(!/[ #?]/.test(link.slice(1)), link);
    assert.deepEqual(readEditLink(link), { start: text });
  }
  assert.equal(editLink(null), "#edit");
  assert.deepEqual(readEditLink("#edit"), { start: null });
  assert.deepEqual(readEditLink("#edit/"), { start: null });
  assert.equal(readEditLink("#editor"), null);
  assert.equal(readEditLink("#v1/loa/standard/-/"), null);
  assert.deepEqual(readEditLink("#edit/%E0%A4%A"), { start: null, broken: true });
});
