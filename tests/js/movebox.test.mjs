// The move box's suggestions: the view's legal move texts that start with what is typed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { MoveBox, matching } from "../../web/panels/movebox.js";

const moves = ["b1-d3", "b1-b3", "c1xa3", "pass", "d4>d5", "c4=5"];

test("a prefix lists the moves that start with it, ignoring case and spaces", () => {
  assert.deepEqual(matching(moves, "b1"), ["b1-d3", "b1-b3"]);
  assert.deepEqual(matching(moves, "B1-D"), ["b1-d3"]);
  assert.deepEqual(matching(moves, " c1 x"), ["c1xa3"]);
  assert.deepEqual(matching(moves, "d4>"), ["d4>d5"]);
});

test("nothing typed, or nothing that fits, suggests nothing", () => {
  assert.deepEqual(matching(moves, ""), []);
  assert.deepEqual(matching(moves, "   "), []);
  assert.deepEqual(matching(moves, "z"), []);
  assert.deepEqual(matching([], "b1"), []);
});

// (a stand-in for the box's elements: what MoveBox reads and writes)
const element = () => ({
  value: "",
  hidden: false,
  textContent: "",
  attrs: {},
  addEventListener() {},
  setAttribute(k, v) {
    this.attrs[k] = v;
  },
  removeAttribute(k) {
    delete this.attrs[k];
  },
  replaceChildren() {},
});

test("an empty Enter does nothing, and leaves no error standing (#41)", async () => {
  const entered = [];
  const box = new MoveBox({
    form: element(),
    input: element(),
    options: element(),
    message: element(),
    onEnter: text => {
      entered.push(text);
      return Promise.resolve({ error: "no such move" });
    },
  });
  box.input.value = "zz";
  await box.submit();
  assert.equal(box.message.textContent, "no such move"); // (a wrong entry is explained)
  box.input.value = "   ";
  await box.submit();
  assert.deepEqual(entered, ["zz"]);
  assert.equal(box.message.textContent, "");
  assert.equal(box.input.attrs["aria-invalid"], undefined);
});
