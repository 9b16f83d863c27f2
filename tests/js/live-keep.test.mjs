// A live game kept across reloads and tabs (#46): the model's liveMark saved
// and read back (anything else read as none), which live links a session waits
// for (invite.js waitsFor), and LiveKeep: the mark kept in step with the
// session, a reopened game connected again as after a drop (the host making the
// new link), not when the rules ended it, not when another tab plays it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { GameModel, readLiveMark } from "../../web/model/game.js";
import { formatAnswer, formatResume, waitsFor } from "../../web/live/invite.js";
import { encodeSignal } from "../../web/live/signal.js";
import { LiveKeep } from "../../web/live/livekeep.js";
import { CHROME_ANSWER, CHROME_OFFER } from "./fixtures/live-sdp.mjs";

const START = "loa standard double-connection=mover start";
const META = { game: "loa", variant: "standard", options: {} };
const MARK = { id: "Ab3-_x9QzK", seat: 1, host: false };

test("a game's live mark is saved and read back; none is not written", () => {
  const model = new GameModel({ start: START, meta: META, players: ["r", "h"], liveMark: MARK });
  const saved = JSON.parse(JSON.stringify(model.toJSON()));
  assert.deepEqual(saved.liveMark, MARK);
  assert.deepEqual(GameModel.fromJSON(saved).liveMark, MARK);
  const plain = new GameModel({ start: START, meta: META, players: ["h", "h"] });
  assert.equal("liveMark" in plain.toJSON(), false);
  assert.equal(GameModel.fromJSON(plain.toJSON()).liveMark, null);
});

test("a damaged live mark reads as none: the game opens as a game by link", () => {
  for (const bad of [
    "x",
    7,
    [],
    { ...MARK, id: "short" },
    { ...MARK, id: "has space in it" },
    { ...MARK, id: "x".repeat(23) },
    { ...MARK, seat: 2 },
    { ...MARK, seat: "1" },
    { ...MARK, host: "yes" },
    { id: MARK.id, seat: 0 },
  ]) {
    assert.equal(readLiveMark(bad), null, JSON.stringify(bad));
  }
  // (and a saved game with one still loads)
  const model = new GameModel({ start: START, meta: META, players: ["h", "r"] });
  assert.equal(GameModel.fromJSON({ ...model.toJSON(), liveMark: { id: 5 } }).liveMark, null);
});

const offer = await encodeSignal({ type: "offer", sdp: CHROME_OFFER });
const answer = await encodeSignal({ type: "answer", sdp: CHROME_ANSWER });
const ID = "Ab3-_x9QzK";

test("which live links a session waits for", () => {
  const answerLink = formatAnswer({ id: ID, answer });
  const resumeLink = formatResume({ id: ID, offer });
  const at = phase => ({ id: ID, phase });
  // the host waits for the answer while inviting, and after a drop
  assert.equal(waitsFor(at("inviting"), true, "answer", answerLink), true);
  assert.equal(waitsFor(at("reconnecting"), true, "answer", answerLink), true);
  assert.equal(waitsFor(at("connected"), true, "answer", answerLink), false);
  // the friend waits for the host's new offer once dropped (or before seeing the drop)
  assert.equal(waitsFor(at("reconnecting"), false, "resume", resumeLink), true);
  assert.equal(waitsFor(at("connected"), false, "resume", resumeLink), true);
  assert.equal(waitsFor(at("reconnecting"), true, "resume", resumeLink), false);
  assert.equal(waitsFor(at("answering"), false, "resume", resumeLink), false);
  // another game's link, a broken one, no session
  assert.equal(waitsFor({ id: "Other-game", phase: "inviting" }, true, "answer", answerLink), false);
  assert.equal(waitsFor(at("inviting"), true, "answer", "#live-answer/garbage"), false);
  assert.equal(waitsFor(null, true, "answer", answerLink), false);
});

/** A LivePlay's stand-in: the page's model, the engine's view of its head, what was started. */
function fakeLive({ outcome = null } = {}) {
  const model = new GameModel({
    start: START,
    meta: META,
    players: ["h", "r"],
    liveMark: { ...MARK, host: true },
  });
  model.head = ["c1xa3", "a2-c2"];
  const said = [];
  const live = {
    model: null,
    session: null,
    hosting: false,
    page: { model, positions: { view: async () => ({ outcome }) } },
    how: { setExplain: text => said.push(text) },
    started: /** @type {any[]} */ ([]),
    lostFor: /** @type {any[]} */ ([]),
    on(m) {
      return !!this.session && m === this.model;
    },
    start(m, id, seat, clock, line) {
      this.model = m;
      this.session = { id, seat, end: null, phase: "reconnecting" };
      this.hosting = false;
      this.started.push({ id, seat, clock, line });
      return this.session;
    },
    lost(session) {
      this.lostFor.push({ session, hosting: this.hosting });
    },
  };
  return { live, model, said };
}

test("a reopened live game connects again from its line, the host making the new link", async () => {
  const { live, model } = fakeLive();
  const keep = new LiveKeep(live);
  await keep.resume(model);
  assert.deepEqual(live.started, [{ id: MARK.id, seat: 1, clock: null, line: ["c1xa3", "a2-c2"] }]);
  assert.equal(live.lostFor.length, 1);
  assert.equal(live.lostFor[0].hosting, true);
  // once on, opening it again starts nothing more
  await keep.resume(model);
  assert.equal(live.started.length, 1);
});

test("a live game the rules ended, or one ended otherwise, is not resumed", async () => {
  const over = fakeLive({ outcome: { winner: 0 } });
  await new LiveKeep(over.live).resume(over.model);
  assert.equal(over.live.started.length, 0);
  assert.equal(over.model.liveMark, null);
  const resigned = fakeLive();
  resigned.model.ending = { how: "resignation" };
  await new LiveKeep(resigned.live).resume(resigned.model);
  assert.equal(resigned.live.started.length, 0);
});

test("a live game another tab plays is left to it", async () => {
  const { live, model, said } = fakeLive();
  const real = Object.getOwnPropertyDescriptor(globalThis, "navigator");
  Object.defineProperty(globalThis, "navigator", {
    configurable: true,
    value: { locks: { query: async () => ({ held: [{ name: `gamut.live.${MARK.id}` }] }) } },
  });
  try {
    await new LiveKeep(live).resume(model);
  } finally {
    if (real) Object.defineProperty(globalThis, "navigator", real);
    else delete globalThis.navigator;
  }
  assert.equal(live.started.length, 0);
  assert.equal(said.length, 1);
  assert.deepEqual(model.liveMark, { ...MARK, host: true }); // (kept: it is still live, there)
});

test("the mark follows the session: its id and seat, then none once it ended", () => {
  const { live, model } = fakeLive();
  const keep = new LiveKeep(live);
  live.model = model;
  live.hosting = true;
  live.session = { id: "Rematch-id1", seat: 0, end: null };
  keep.mark();
  assert.deepEqual(model.liveMark, { id: "Rematch-id1", seat: 0, host: true });
  live.session.end = { how: "resignation", winner: 1 };
  keep.mark();
  assert.equal(model.liveMark, null);
});
