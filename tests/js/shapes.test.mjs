// The arrows and circles drawn on the board (web/board/board-shapes.js, issue
// #29): the colour the modifier keys choose, a shape toggled into a list, and
// the drawing input (right-drag, right-click, the keys) emitting new lists.
// The board is faked: no DOM is needed for the input (drawing is skipped
// while the board has no layers).
import test from "node:test";
import assert from "node:assert/strict";
import { BoardShapes, colourOf, shapeOf, toggleShape } from "../../web/board/board-shapes.js";

test("the modifier keys choose the colour as on lichess", () => {
  assert.equal(colourOf({}), "G");
  assert.equal(colourOf({ shiftKey: true }), "R");
  assert.equal(colourOf({ altKey: true }), "B");
  assert.equal(colourOf({ shiftKey: true, altKey: true }), "Y");
});

test("a shape from a cell to itself is a circle", () => {
  assert.deepEqual(shapeOf("G", "d4", "d4"), ["G", "d4"]);
  assert.deepEqual(shapeOf("R", "a1", "h8"), ["R", "a1", "h8"]);
});

test("toggleShape: the same shape removes it, another colour recolours, else added", () => {
  let shapes = toggleShape([], ["G", "d4"]);
  shapes = toggleShape(shapes, ["G", "a1", "b2"]);
  assert.deepEqual(shapes, [
    ["G", "d4"],
    ["G", "a1", "b2"],
  ]);
  shapes = toggleShape(shapes, ["R", "d4"]);
  assert.deepEqual(shapes, [
    ["R", "d4"],
    ["G", "a1", "b2"],
  ]);
  shapes = toggleShape(shapes, ["G", "b2", "a1"]);
  assert.equal(shapes.length, 3, "an arrow the other way is another arrow");
  shapes = toggleShape(shapes, ["G", "a1", "b2"]);
  assert.deepEqual(shapes, [
    ["R", "d4"],
    ["G", "b2", "a1"],
  ]);
  shapes = toggleShape(shapes, ["R", "d4"]);
  assert.deepEqual(shapes, [["G", "b2", "a1"]]);
  assert.deepEqual(toggleShape(undefined, ["Y", "c3"]), [["Y", "c3"]]);
});

/** A board with cells under a fake pointer; `emitted` collects onShapes. */
function fakeBoard() {
  const emitted = [];
  const listeners = {};
  const board = {
    view: {},
    svg: {
      addEventListener: (type, fn) => {
        listeners[type] = fn;
      },
      setPointerCapture() {},
      releasePointerCapture() {},
    },
    drawing: { geometry: null, layers: null },
    handlers: { onShapes: shapes => emitted.push(shapes) },
    under: null, // the cell under the pointer
    _cellAt() {
      return this.under;
    },
  };
  const shapes = new BoardShapes(board);
  return { board, shapes, emitted, listeners };
}

const onCell = cell => ({ closest: () => ({ getAttribute: () => cell }) });
const pointer = (type, cell, more = {}) => ({
  type,
  button: 2,
  pointerId: 7,
  pointerType: "mouse",
  target: onCell(cell),
  clientX: 0,
  clientY: 0,
  preventDefault() {},
  ...more,
});
const key = (code, cell, more = {}) => ({
  code,
  key: code === "Escape" ? "Escape" : code.slice(3).toLowerCase(),
  target: onCell(cell),
  preventDefault() {},
  stopPropagation() {},
  ...more,
});

test("a right-drag from a cell to another emits the shapes with that arrow", () => {
  const { board, shapes, emitted } = fakeBoard();
  shapes.set([["G", "d4"]]);
  assert.equal(shapes.pointerDown(pointer("pointerdown", "a1", { shiftKey: true })), true);
  board.under = "b2";
  assert.equal(shapes.pointerMove(pointer("pointermove", "b2")), true);
  assert.deepEqual(shapes.pending.to, "b2", "the arrow being drawn follows the pointer");
  board.under = "c3";
  shapes.pointerMove(pointer("pointermove", "c3"));
  assert.equal(shapes.pointerUp(pointer("pointerup", "c3")), true);
  assert.deepEqual(emitted, [
    [
      ["G", "d4"],
      ["R", "a1", "c3"],
    ],
  ]);
  assert.equal(shapes.pending, null);
});

test("a right-click is a circle; the same again takes it off; off the board nothing", () => {
  const { board, shapes, emitted } = fakeBoard();
  board.under = "e5";
  shapes.pointerDown(pointer("pointerdown", "e5"));
  shapes.pointerUp(pointer("pointerup", "e5"));
  assert.deepEqual(emitted.at(-1), [["G", "e5"]]);
  shapes.set(emitted.at(-1));
  shapes.pointerDown(pointer("pointerdown", "e5"));
  shapes.pointerUp(pointer("pointerup", "e5"));
  assert.deepEqual(emitted.at(-1), []);
  shapes.pointerDown(pointer("pointerdown", "e5"));
  board.under = null;
  shapes.pointerUp(pointer("pointerup", null));
  assert.equal(emitted.length, 2, "a drag ending off the board draws nothing");
});

test("the left button and touch are not for drawing", () => {
  const { shapes } = fakeBoard();
  assert.equal(shapes.pointerDown(pointer("pointerdown", "a1", { button: 0 })), false);
  assert.equal(shapes.pointerDown(pointer("pointerdown", "a1", { pointerType: "touch" })), true);
  assert.equal(shapes.pending, null);
  assert.equal(
    shapes.pointerMove(pointer("pointermove", "a1")),
    false,
    "nothing being drawn: the board's own drag",
  );
});

test("the board's context menu is not opened", () => {
  const { listeners } = fakeBoard();
  let prevented = false;
  listeners.contextmenu({ preventDefault: () => (prevented = true) });
  assert.ok(prevented);
});

test("keys: C a circle, A … A an arrow following the focus, Escape drops it, X takes all off", () => {
  const { shapes, emitted } = fakeBoard();
  assert.equal(shapes.key(key("KeyC", "d4", { altKey: true })), true);
  assert.deepEqual(emitted.at(-1), [["B", "d4"]]);
  shapes.set(emitted.at(-1));
  shapes.key(key("KeyA", "a1"));
  shapes.focused("a2");
  shapes.focused("a3");
  assert.equal(shapes.pending.to, "a3");
  shapes.key(key("KeyA", "a3"));
  assert.deepEqual(emitted.at(-1), [
    ["B", "d4"],
    ["G", "a1", "a3"],
  ]);
  shapes.set(emitted.at(-1));
  shapes.key(key("KeyA", "h8", { shiftKey: true, altKey: true }));
  assert.equal(shapes.key(key("Escape", "h8")), true);
  assert.equal(shapes.pending, null);
  assert.equal(emitted.length, 2, "an arrow dropped emits nothing");
  shapes.key(key("KeyX", "c1"));
  assert.deepEqual(emitted.at(-1), []);
  assert.equal(shapes.key(key("KeyB", "c1")), false, "another key is the board's");
  assert.equal(shapes.key(key("Escape", "c1")), false, "Escape with nothing being drawn is the page's");
  assert.equal(shapes.key(key("KeyC", "c1", { ctrlKey: true })), false, "Ctrl+C copies");
});
