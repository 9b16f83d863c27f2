// Tests of web/sound/sound.js: which sound a new position makes (soundFor,
// for each game's kinds of move), and that the Sound object plays only after
// the first gesture, only when enabled, once per position shown.
import test from "node:test";
import assert from "node:assert/strict";
import { soundFor, Sound, NOTES, KINDS } from "../../web/sound/sound.js";

const model = { id: "m" };
/** A view as the engine writes one (py/gamut/view.py), with only what soundFor reads. */
const view = (game, over = {}) => ({
  game,
  to_move: 0,
  pieces: [],
  highlights: [],
  annotations: [],
  outcome: null,
  ...over,
});
const at = (line, v, m = model) => ({ model: m, line, view: v });

// Lines of Action: a piece moves, or jumps onto an enemy piece and takes it
const loaBefore = view("loa", {
  to_move: 0,
  pieces: [
    { cell: "c1", owner: 0 },
    { cell: "f4", owner: 1 },
    { cell: "h3", owner: 1 },
  ],
});
const loaMoved = view("loa", {
  to_move: 1,
  pieces: [
    { cell: "c3", owner: 0 },
    { cell: "f4", owner: 1 },
    { cell: "h3", owner: 1 },
  ],
});
const loaTook = view("loa", {
  to_move: 1,
  pieces: [
    { cell: "f4", owner: 0 },
    { cell: "h3", owner: 1 },
  ],
});

test("Lines of Action: a move ticks, a capture knocks, a win ends", () => {
  assert.equal(soundFor(at(["b1-d3"], loaBefore), at(["b1-d3", "c1-c3"], loaMoved)), "move");
  assert.equal(soundFor(at(["b1-d3"], loaBefore), at(["b1-d3", "c1xf4"], loaTook)), "capture");
  const won = view("loa", {
    ...loaTook,
    outcome: { winner: 0, cells: ["f4"], said: { id: "result.draw", args: {} } },
  });
  assert.equal(
    soundFor(at(["b1-d3"], loaBefore), at(["b1-d3", "c1xf4"], won)),
    "end",
    "the end outranks the capture",
  );
});

test("EL: a number written ticks, an announced threat chimes, a full board ends", () => {
  const before = view("el", { to_move: 0, pieces: [{ cell: "a1", owner: 1, label: "3" }] });
  const placed = view("el", {
    to_move: 1,
    pieces: [...before.pieces, { cell: "b2", owner: 0, label: "1" }],
  });
  assert.equal(soundFor(at(["a1=3"], before), at(["a1=3", "b2=1"], placed)), "move");
  const threat = view("el", {
    ...placed,
    highlights: [{ kind: "threat", cells: ["c3"] }],
    annotations: [{ cell: "c3", text: "2", owner: 0, kind: "threat" }],
  });
  assert.equal(soundFor(at(["a1=3"], before), at(["a1=3", "b2=1"], threat)), "threat");
  // a threat that stands from before is not announced again
  const still = view("el", {
    ...threat,
    to_move: 0,
    pieces: [...threat.pieces, { cell: "f6", owner: 1, label: "5" }],
  });
  assert.equal(soundFor(at(["a1=3", "b2=1"], threat), at(["a1=3", "b2=1", "f6=5"], still)), "move");
  // the annotations alone (declare-threats: the declared cells) are a threat too
  const declared = view("el", {
    ...placed,
    annotations: [{ cell: "d4", text: "4", owner: 0, kind: "threat" }],
  });
  assert.equal(soundFor(at(["a1=3"], placed), at(["a1=3", "declare d4"], declared)), "threat");
  const drawn = view("el", {
    ...placed,
    outcome: { winner: null, cells: [], said: { id: "result.el.fullDraw", args: {} } },
  });
  assert.equal(soundFor(at(["a1=3"], before), at(["a1=3", "b2=1"], drawn)), "end");
});

test("Escabel: a stack placed ticks, a chain across the board chimes", () => {
  const before = view("escabel", { to_move: 1, pieces: [{ cell: "c3", owner: 0, stack: [0] }] });
  const placed = view("escabel", {
    to_move: 0,
    pieces: [
      { cell: "c3", owner: 1, stack: [0, 1] },
      { cell: "d4", owner: 1, stack: [1] },
    ],
  });
  // covering a piece is not taking it: the stack still holds it
  assert.equal(soundFor(at(["c3"], before), at(["c3", "c3-d4"], placed)), "move");
  const chain = view("escabel", { ...placed, highlights: [{ kind: "threat", cells: ["c3", "d4"] }] });
  assert.equal(soundFor(at(["c3"], before), at(["c3", "c3-d4"], chain)), "threat");
});

test("EVL: an unstack that takes pentagons knocks (the capture highlight, or fewer enemy pieces)", () => {
  const before = view("evl", {
    to_move: 0,
    pieces: [
      { cell: "p1", owner: 0, stack: [0, 0, 0] },
      { cell: "p4", owner: 1, stack: [1, 1] },
    ],
  });
  const unstacked = view("evl", {
    to_move: 1,
    pieces: [
      { cell: "p2", owner: 0, stack: [0] },
      { cell: "p3", owner: 0, stack: [0] },
      { cell: "p4", owner: 0, stack: [1, 1, 0] },
    ],
  });
  assert.equal(
    soundFor(at([], before), at(["p1>p4"], unstacked)),
    "move",
    "the enemy stack is covered, not taken",
  );
  const took = view("evl", { ...unstacked, highlights: [{ kind: "capture", cells: ["p5"] }] });
  assert.equal(soundFor(at([], before), at(["p1>p4"], took)), "capture");
  const fewer = view("evl", {
    ...unstacked,
    pieces: unstacked.pieces.map(p => (p.cell === "p4" ? { ...p, stack: [1, 0] } : p)),
  });
  assert.equal(soundFor(at([], before), at(["p1>p4"], fewer)), "capture");
});

test("no sound when a game opens, a jump skips moves, a move is taken back or another line is shown", () => {
  const next = at(["b1-d3", "c1-c3"], loaMoved);
  assert.equal(soundFor(null, next), null, "the first position shown");
  assert.equal(soundFor(at(["b1-d3"], loaBefore, { id: "other" }), next), null, "another game");
  assert.equal(soundFor(at([], loaBefore), next), null, "two moves at once");
  assert.equal(soundFor(next, at(["b1-d3"], loaBefore)), null, "a move taken back");
  assert.equal(soundFor(at(["a2-c4"], loaBefore), next), null, "a sibling line, not one move further");
  assert.equal(
    soundFor(at(["b1-d3"], loaBefore), at(["b1-d3", "c1-c3"], view("el"))),
    null,
    "another game's view",
  );
  const ended = view("loa", {
    ...loaMoved,
    outcome: { winner: 0, cells: [], said: { id: "result.draw", args: {} } },
  });
  const after = view("loa", { ...ended });
  assert.equal(soundFor(at(["x"], ended), at(["x", "y"], after)), "move", "the end sounds once");
});

/** A fake Web Audio: counts the oscillators started. */
function fakeAudio() {
  const log = { created: 0, started: [], resumed: 0 };
  class FakeContext {
    constructor() {
      log.created += 1;
      this.state = "running";
      this.currentTime = 0;
      this.destination = {};
    }
    resume() {
      log.resumed += 1;
      return Promise.resolve();
    }
    createOscillator() {
      const osc = {
        frequency: { value: 0 },
        connect: node => node,
        start: t => log.started.push(`${osc.frequency.value}@${t}`),
        stop() {},
      };
      return osc;
    }
    createGain() {
      const ramp = () => {};
      return {
        gain: { setValueAtTime: ramp, exponentialRampToValueAtTime: ramp },
        connect: node => node,
      };
    }
  }
  return { log, FakeContext };
}

function fakeTarget() {
  const handlers = {};
  return {
    handlers,
    addEventListener: (type, fn) => {
      handlers[type] = fn;
    },
  };
}

test("Sound: silent before the first gesture, then plays each new position's sound once", t => {
  const { log, FakeContext } = fakeAudio();
  globalThis.AudioContext = FakeContext;
  t.after(() => delete globalThis.AudioContext);
  let on = true;
  const root = { dataset: {} };
  const target = fakeTarget();
  const idle = [];
  const sound = new Sound({ enabled: () => on, root, target, later: fn => idle.push(fn) });
  sound.shown(model, ["b1-d3"], loaBefore);
  sound.shown(model, ["b1-d3", "c1-c3"], loaMoved);
  assert.equal(log.created, 0, "no AudioContext before a gesture");
  assert.equal(root.dataset.sounds, undefined);
  target.handlers.pointerdown();
  assert.equal(log.created, 0, "not made inside the gesture's handler (it is slow: it would hold the click)");
  assert.equal(idle.length, 1, "it is asked for, for when the page is idle");
  idle.shift()();
  assert.equal(log.created, 1);
  sound.shown(model, ["b1-d3"], loaBefore); // back: nothing
  sound.shown(model, ["b1-d3", "c1xf4"], loaTook);
  assert.equal(root.dataset.sounds, "1");
  assert.equal(root.dataset.soundLast, "capture");
  assert.equal(log.started.length, NOTES.capture.length);
  sound.shown(model, ["b1-d3", "c1xf4"], loaTook); // drawn again: not played again
  assert.equal(root.dataset.sounds, "1");
  on = false; // muted
  sound.shown(model, ["b1-d3", "c1xf4", "h3-h5"], view("loa", { to_move: 0, pieces: loaTook.pieces }));
  assert.equal(root.dataset.sounds, "1");
  assert.equal(log.started.length, NOTES.capture.length);
  target.handlers.keydown();
  assert.equal(log.created, 1, "one context for the page");
});

test("every kind has notes, each short and soft", () => {
  for (const kind of KINDS) {
    assert.ok(NOTES[kind].length >= 1, kind);
    for (const [start, frequency, length, , loudness] of NOTES[kind]) {
      assert.ok(start >= 0 && start + length <= 1, `${kind} lasts under a second`);
      assert.ok(frequency > 100 && frequency < 2000 && loudness > 0 && loudness <= 0.4, kind);
    }
  }
});

test("Sound: the first gesture's context is made in a later task, or at once when a sound comes first", t => {
  const { log, FakeContext } = fakeAudio();
  globalThis.AudioContext = FakeContext;
  t.after(() => delete globalThis.AudioContext);
  const root = { dataset: {} };
  const target = fakeTarget();
  const idle = [];
  const sound = new Sound({ enabled: () => true, root, target, later: fn => idle.push(fn) });
  target.handlers.pointerdown();
  target.handlers.keydown();
  assert.equal(idle.length, 1, "asked for once");
  assert.equal(log.created, 0);
  // the player's move sounds before the idle task came: the context is made for it, and the sound plays
  sound.shown(model, ["b1-d3"], loaBefore);
  sound.shown(model, ["b1-d3", "c1-c3"], loaMoved);
  assert.equal(log.created, 1);
  assert.equal(root.dataset.soundLast, "move");
  assert.equal(log.started.length, NOTES.move.length);
  idle.shift()(); // (the idle task, late: nothing more is made)
  assert.equal(log.created, 1, "one context for the page");
});

test("Sound: muted at the first gesture, no context is made until a sound is due with sound on", t => {
  const { log, FakeContext } = fakeAudio();
  globalThis.AudioContext = FakeContext;
  t.after(() => delete globalThis.AudioContext);
  let on = false;
  const target = fakeTarget();
  const idle = [];
  const sound = new Sound({ enabled: () => on, root: { dataset: {} }, target, later: fn => idle.push(fn) });
  target.handlers.pointerdown();
  for (const fn of idle.splice(0)) fn();
  sound.play("move");
  assert.equal(log.created, 0, "nothing made while muted");
  on = true; // (the sound toggle's click: a gesture, then the setting)
  target.handlers.pointerdown();
  for (const fn of idle.splice(0)) fn();
  assert.equal(log.created, 1);
});

test("Sound: a context the browser suspended is resumed by the next gesture, and no sound before any gesture", t => {
  const { log, FakeContext } = fakeAudio();
  globalThis.AudioContext = FakeContext;
  t.after(() => delete globalThis.AudioContext);
  const root = { dataset: {} };
  const target = fakeTarget();
  const sound = new Sound({ enabled: () => true, root, target, later: fn => fn() });
  sound.play("move");
  assert.equal(log.created, 0, "no gesture yet: silent, and no context");
  assert.equal(root.dataset.sounds, undefined);
  target.handlers.keydown();
  assert.equal(log.created, 1);
  sound.context.state = "suspended";
  target.handlers.pointerdown();
  assert.equal(log.resumed, 1);
});

test("Sound: without Web Audio, gestures and sounds do nothing and throw nothing", () => {
  const target = fakeTarget();
  const root = { dataset: {} };
  const sound = new Sound({ enabled: () => true, root, target, later: fn => fn() });
  target.handlers.pointerdown();
  sound.play("capture");
  target.handlers.keydown();
  assert.equal(sound.context, null);
  assert.equal(root.dataset.sounds, undefined);
});
