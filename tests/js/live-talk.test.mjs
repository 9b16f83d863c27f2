// The live game's chat (web/live/livetalk.js): lines cleaned as the protocol
// takes them, kept newest last up to a limit, the friend's not kept while
// muted; and what the live box lets a side ask (web/live/liveview.js), with
// a takeback and a rematch across two sessions (tests/js/live-pair.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { LiveTalk, MAX_LINES, cleanLine } from "../../web/live/livetalk.js";
import { askable } from "../../web/live/liveview.js";
import { MAX_CHAT, checkMessage } from "../../web/live/protocol.js";
import { pair } from "./live-pair.mjs";

test("a line is cleaned as the protocol takes it: no control or bidi character, trimmed, at most MAX_CHAT", () => {
  assert.equal(cleanLine("  hello\tthere\n"), "hello there");
  assert.equal(cleanLine("a\u202eb\u0000c"), "a b c");
  assert.equal(cleanLine(null), "");
  assert.equal(cleanLine("   "), "");
  const long = cleanLine("x".repeat(MAX_CHAT + 50));
  assert.equal(long.length, MAX_CHAT);
  for (const text of ["<b>x</b>", long, cleanLine("\u2066é\u{1F600}".repeat(120))])
    assert.equal(checkMessage({ t: "chat", text }), null, text);
});

test("the chat keeps lines newest last, up to MAX_LINES, and the friend's not while muted", () => {
  const talk = new LiveTalk();
  assert.equal(talk.add("hi", true), true);
  assert.equal(talk.add("  ", false), false);
  assert.equal(talk.add("<b>x</b>", false), true);
  assert.deepEqual(talk.lines, [
    { mine: true, text: "hi" },
    { mine: false, text: "<b>x</b>" },
  ]);
  const before = talk.count;
  talk.mute(true);
  assert.ok(talk.count > before, "the view redraws: the mute note");
  assert.equal(talk.add("not shown", false), false);
  assert.equal(talk.add("mine still", true), true);
  talk.mute(false);
  assert.equal(talk.add("shown again", false), true);
  for (let i = 0; i < MAX_LINES + 10; i++) talk.add(`line ${i}`, i % 2 === 0);
  assert.equal(talk.lines.length, MAX_LINES);
  assert.equal(talk.lines.at(-1)?.text, `line ${MAX_LINES + 9}`);
});

test("a takeback may be asked once this side has moved, not twice, not after the end; a rematch only after it", async () => {
  const { a, b, connect, flush } = pair();
  await connect();
  assert.deepEqual(askable(a), { takeback: false, rematch: false });
  await a.play("e2");
  await flush();
  assert.equal(askable(a).takeback, true);
  assert.equal(askable(b).takeback, false, "b has not moved");
  await b.play("e7");
  await flush();
  assert.equal(a.askTakeback(), true);
  assert.equal(askable(a).takeback, false, "asked: waiting for the answer");
  await flush();
  assert.equal(b.takebackAsked, 0, "back to before a's last move: both moves");
  assert.equal(b.answerTakeback(true), true);
  await flush();
  assert.deepEqual(a.moves, []);
  assert.deepEqual(b.moves, []);
  assert.deepEqual(askable(a), { takeback: false, rematch: false });
  await a.play("d2");
  await flush();
  a.resign();
  await flush();
  assert.deepEqual(askable(a), { takeback: false, rematch: true });
  assert.deepEqual(askable(b), { takeback: false, rematch: true });
  assert.equal(a.askRematch(), true);
  assert.equal(askable(a).rematch, false, "asked: waiting for the answer");
  await flush();
  assert.equal(b.answerRematch(true), true);
  await flush();
  assert.equal(a.seat, 1);
  assert.equal(b.seat, 0);
  assert.equal(a.id, b.id);
  assert.deepEqual(askable(b), { takeback: false, rematch: false });
});

test("a long line is cut at a whole character", () => {
  const line = cleanLine("\u{1F600}".repeat(MAX_CHAT));
  assert.equal(line.length, MAX_CHAT);
  assert.equal(
    Array.from(line).every(c => c === "\u{1F600}"),
    true,
  );
});
