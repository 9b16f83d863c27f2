// The computer's own search is its secret (#41, defect 7): while it thinks
// for its move, the board draws no arrow of the move it has in mind unless
// the player asked for it (the setting "Show the computer's search", off by
// default, remembered); a hint and the live analysis show theirs always.
import test from "node:test";
import assert from "node:assert/strict";
import { Computer } from "../../web/engine/computer.js";
import { GameModel } from "../../web/model/game.js";
import { DEFAULTS, Settings, readSettings } from "../../web/settings/settings.js";

const START = "loa standard - start";
const META = { game: "loa", variant: "standard", options: {} };

/** Views where seat `ply % 2` is to move, with one legal move "m<ply>" of two clicks. */
function fakePositions() {
  const view = line => ({
    to_move: line.length % 2,
    moves: [{ text: `m${line.length}`, clicks: ["a1", "b2"] }],
    outcome: null,
  });
  return {
    key: (start, line) => `${start}|${line.join(",")}`,
    get: (_start, line) => view(line),
    view: (_start, line) => Promise.resolve(view(line)),
  };
}

/** An engine whose searches report through onProgress and never finish by themselves. */
function fakeEngine() {
  const jobs = [];
  return {
    jobs,
    think(params, onProgress) {
      const job = { params, onProgress, promise: new Promise(() => {}), cancel: () => {} };
      jobs.push(job);
      return job;
    },
  };
}

function thinking() {
  const engine = fakeEngine();
  const positions = fakePositions();
  const computer = new Computer({
    engine,
    positions,
    onMove: () => {},
    onChange: () => {},
    onError: message => assert.fail(message),
  });
  const model = new GameModel({ start: START, meta: META, players: ["h", "c:beginner"] });
  model.play("m0");
  computer.attach(model);
  computer.enable();
  assert.equal(engine.jobs.length, 1, "the computer thinks");
  engine.jobs[0].onProgress({ search: "alphabeta", depth: 1, nodes: 34, best: "m1" });
  return { computer, view: positions.get(START, model.viewed), engine };
}

test("while the computer thinks for its move, the board shows no arrow of it by default", () => {
  const { computer, view } = thinking();
  assert.equal(computer.suggestion(view), null);
  assert.equal(computer.suggestion(view, false), null);
});

test("with the setting on, its best move so far is drawn", () => {
  const { computer, view } = thinking();
  assert.deepEqual(computer.suggestion(view, true), { cells: ["a1", "b2"], kind: "think", text: "m1" });
});

test("a hint is shown whatever the setting (analysis is for showing)", () => {
  const engine = fakeEngine();
  const positions = fakePositions();
  const computer = new Computer({
    engine,
    positions,
    onMove: () => {},
    onChange: () => {},
    onError: () => {},
  });
  const model = new GameModel({ start: START, meta: META, players: ["h", "h"] });
  computer.attach(model);
  computer.enable();
  const view = positions.get(START, model.viewed);
  computer.toggleHint(view);
  engine.jobs[0].onProgress({ search: "alphabeta", depth: 3, nodes: 900, best: "m0" });
  assert.deepEqual(computer.suggestion(view), { cells: ["a1", "b2"], kind: "hint", text: "m0" });
});

test("the setting is off on a first visit, and remembered like the others", () => {
  assert.equal(DEFAULTS.showSearch, false);
  const map = new Map();
  const storage = { getItem: k => map.get(k) ?? null, setItem: (k, v) => map.set(k, String(v)) };
  assert.equal(new Settings({ storage }).prefs.showSearch, false);
  new Settings({ storage }).set({ showSearch: true });
  assert.equal(readSettings(storage).showSearch, true);
  assert.equal(new Settings({ storage }).prefs.showSearch, true);
});
