// The explain line (web/panels/explain.js, issue #41): a report of an action
// done ("Link copied") fades after a few seconds and goes with the game;
// any other message stays until replaced.  Timers are the test's own.
import { test } from "node:test";
import assert from "node:assert/strict";

import { ExplainLine, FADE_MS, FADE_OUT_MS } from "../../web/panels/explain.js";

/** Fake timers: `run(ms)` moves time on, firing what falls due, in order. */
function clock() {
  let now = 0;
  let next = 1;
  const due = new Map();
  return {
    set: (fn, ms) => {
      due.set(next, { at: now + ms, fn });
      return next++;
    },
    clear: id => due.delete(id),
    run(ms) {
      const end = now + ms;
      for (;;) {
        const [id, first] = [...due].sort((a, b) => a[1].at - b[1].at)[0] || [];
        if (id === undefined || first.at > end) break;
        due.delete(id);
        now = first.at;
        first.fn();
      }
      now = end;
    },
    get pending() {
      return due.size;
    },
  };
}

const line = () => {
  const box = { textContent: "", dataset: {} };
  const timers = clock();
  return { box, timers, explain: new ExplainLine(box, timers) };
};

test("a fading message goes by itself after a few seconds, its last moment fading out", () => {
  const { box, timers, explain } = line();
  explain.say("Link copied to the clipboard.", "info", { fades: true });
  assert.equal(box.textContent, "Link copied to the clipboard.");
  assert.equal(box.dataset.kind, "info");
  assert.ok(FADE_MS >= 2000 && FADE_MS <= 8000, "a few seconds");
  timers.run(FADE_MS - FADE_OUT_MS - 1);
  assert.equal(box.textContent, "Link copied to the clipboard.");
  assert.equal(box.dataset.fading, undefined);
  timers.run(1);
  assert.equal(box.dataset.fading, ""); // (the style sheet fades it out)
  timers.run(FADE_OUT_MS);
  assert.equal(box.textContent, "");
  assert.equal(box.dataset.kind, "none");
  assert.equal(box.dataset.fading, undefined);
  assert.equal(timers.pending, 0);
  timers.run(60_000); // (16 s later and more: still gone)
  assert.equal(box.textContent, "");
});

test("another game on screen takes a fading message away at once; a lasting one stays", () => {
  const { box, timers, explain } = line();
  explain.say("Link copied to the clipboard.", "info", { fades: true });
  explain.newGame();
  assert.equal(box.textContent, "");
  assert.equal(timers.pending, 0); // (nothing left to bring it back)
  explain.say("The game is over.", "info");
  explain.newGame();
  assert.equal(box.textContent, "The game is over.");
  timers.run(FADE_MS * 4);
  assert.equal(box.textContent, "The game is over.");
});

test("a message said later is not cut short by the timer of a fading one before it", () => {
  const { box, timers, explain } = line();
  explain.say("Link copied to the clipboard.", "info", { fades: true });
  timers.run(FADE_MS - 100); // (fading out already)
  explain.say("e4 is empty.");
  assert.equal(box.dataset.fading, undefined); // (shown whole, not faded)
  timers.run(FADE_MS * 2);
  assert.equal(box.textContent, "e4 is empty.");
  assert.equal(box.dataset.kind, "illegal");
  // a second copy starts its few seconds again
  explain.say("Link copied to the clipboard.", "info", { fades: true });
  timers.run(FADE_MS - 1000);
  explain.say("Link copied to the clipboard.", "info", { fades: true });
  timers.run(FADE_MS - FADE_OUT_MS - 1);
  assert.equal(box.textContent, "Link copied to the clipboard.");
  assert.equal(box.dataset.fading, undefined);
  timers.run(FADE_OUT_MS + 1);
  assert.equal(box.textContent, "");
});
