// The board's arrow keys (web/board/board.js neighbour): from every cell, Up, Down,
// Left and Right lead to a cell that way, and every cell can be reached from
// every other; on EVL's polygon board too, where the pentagons sit between
// the heptagons' rows.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { neighbour } from "../../web/board/board.js";

const ARROWS = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

function geometryOf(cells) {
  return { kind: "polygons", cells: new Map(cells.map(c => [c.id, c])) };
}

/** {cell: {arrow: cell or null}} */
function arrowGraph(geometry) {
  const graph = {};
  for (const id of geometry.cells.keys()) {
    graph[id] = {};
    for (const [name, [dx, dy]] of Object.entries(ARROWS)) graph[id][name] = neighbour(geometry, id, dx, dy);
  }
  return graph;
}

function reachable(graph, from) {
  const seen = new Set([from]);
  const todo = [from];
  while (todo.length) {
    for (const next of Object.values(graph[todo.pop()])) {
      if (next && !seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
    }
  }
  return seen;
}

test("on a square board the arrows step to the next square, and stop at the edge", () => {
  const cells = [];
  for (let f = 0; f < 8; f++)
    for (let r = 0; r < 8; r++) {
      cells.push({ id: "abcdefgh"[f] + (r + 1), x: f + 0.5, y: 7.5 - r });
    }
  const g = arrowGraph(geometryOf(cells));
  assert.deepEqual(g.d4, { up: "d5", down: "d3", left: "c4", right: "e4" });
  assert.deepEqual(g.a1, { up: "a2", down: null, left: null, right: "b1" });
  assert.deepEqual(g.h8, { up: null, down: "h7", left: "g8", right: null });
});

test("every cell of EVL's board is reached by the arrows from every other", () => {
  const { cells } = JSON.parse(readFileSync(new URL("fixtures/evl-cells.json", import.meta.url)));
  assert.equal(cells.length, 46);
  const g = arrowGraph(geometryOf(cells));
  for (const c of cells) assert.equal(reachable(g, c.id).size, 46, `from ${c.id}`);
  // each pentagon is some cell's neighbour that way, and leads on
  for (const c of cells.filter(c => c.id.length === 3)) {
    assert.ok(
      Object.values(g).some(out => Object.values(out).includes(c.id)),
      c.id,
    );
  }
  // a row of heptagons is walked left and right in order
  for (const row of "abcd") {
    for (let i = 1; i < 7; i++) {
      assert.equal(g[row + i].right, row + (i + 1));
      assert.equal(g[row + (i + 1)].left, row + i);
    }
  }
  // the pentagons' rows too
  for (const row of ["ab", "bc", "cd"]) {
    for (let i = 1; i < 6; i++) assert.equal(g[row + i].right, row + (i + 1));
  }
  // every step goes the way of its arrow
  const at = new Map(cells.map(c => [c.id, c]));
  for (const [id, out] of Object.entries(g)) {
    for (const [name, next] of Object.entries(out)) {
      if (!next) continue;
      const [dx, dy] = ARROWS[name];
      assert.ok(
        (at.get(next).x - at.get(id).x) * dx + (at.get(next).y - at.get(id).y) * dy > 0,
        `${id} ${name}`,
      );
    }
  }
});
