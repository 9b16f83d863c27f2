// The links of a live game (web/live/invite.js): the invitation, the answer
// and the resume offer, each written and read back; a broken one refused with
// an InviteError naming its message key.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  InviteError,
  formatAnswer,
  formatInvite,
  formatResume,
  guestSeat,
  liveLinkKind,
  newGameId,
  parseAnswer,
  parseInvite,
  parseResume,
} from "../../web/live/invite.js";
import { encodeSignal } from "../../web/live/signal.js";
import { CHROME_ANSWER, CHROME_OFFER } from "./fixtures/live-sdp.mjs";

const offer = await encodeSignal({ type: "offer", sdp: CHROME_OFFER });
const answer = await encodeSignal({ type: "answer", sdp: CHROME_ANSWER });
const SITE = "https://gamut.example/";

test("an invitation round-trips", () => {
  const invite = {
    game: "loa",
    variant: "scrambled eggs",
    options: { "double-connection": "mover", "a=b": "x,y/z" },
    host: 1,
    clock: "300+3",
    id: newGameId(),
    offer,
  };
  const hash = formatInvite(invite);
  assert.match(hash, /^#live\/loa\/scrambled%20eggs\/double-connection=mover,a%3Db=x%2Cy%2Fz\/1\/300\+3\//);
  assert.deepEqual(parseInvite(hash), { ...invite, guest: 0 });
  assert.deepEqual(parseInvite(SITE + hash), { ...invite, guest: 0 }, "the whole link reads too");
  const plain = formatInvite({ game: "evl", variant: "standard", host: 0, id: "abcdef", offer });
  assert.equal(plain, `#live/evl/standard/-/0/-/abcdef/${offer}`);
  assert.deepEqual(parseInvite(plain), {
    game: "evl",
    variant: "standard",
    options: {},
    host: 0,
    guest: 1,
    clock: null,
    id: "abcdef",
    offer,
  });
  assert.equal(guestSeat(0), 1);
  console.log(`invitation: ${(SITE + plain).length} characters (offer ${offer.length})`);
});

test("an answer round-trips, as a link or a pasted code", () => {
  const id = newGameId();
  assert.match(id, /^[A-Za-z0-9_-]{10}$/);
  assert.notEqual(id, newGameId());
  const hash = formatAnswer({ id, answer });
  assert.equal(hash, `#live-answer/${id}/${answer}`);
  for (const text of [hash, SITE + hash, `  ${hash.slice(1)}\n`, `${id}/${answer}`])
    assert.deepEqual(parseAnswer(text), { id, answer }, text);
  console.log(`answer: ${(SITE + hash).length} characters (code ${`${id}/${answer}`.length})`);
});

test("an answer whose id starts with a digit reads in every form", () => {
  // A link pasted without its "#" once read as a bare code when the id began
  // with 1 or 2 (one random id in 32): "live-answer/1.../2..." looked like "<id>/<answer>".
  for (const id of ["1bcdefghij", "2bcdefghij", "live-answer", "0_-9zZaA12"]) {
    const hash = formatAnswer({ id, answer });
    for (const text of [hash, SITE + hash, hash.slice(1), `  ${hash.slice(1)}\n`, `${id}/${answer}`])
      assert.deepEqual(parseAnswer(text), { id, answer }, text);
  }
});

test("a resume offer round-trips", () => {
  const hash = formatResume({ id: "gameid1", offer });
  assert.deepEqual(parseResume(SITE + hash), { id: "gameid1", offer });
});

test("the routes tell the three links apart without reading them", () => {
  assert.equal(liveLinkKind("#live/loa/x"), "invite");
  assert.equal(liveLinkKind(`${SITE}#live-answer/abc`), "answer");
  assert.equal(liveLinkKind("#live-resume/abc/1x"), "resume");
  for (const other of ["", "#", "#live", "#lively/x", "#v1/loa/standard/-/", "#puzzles/loa", null, undefined])
    assert.equal(liveLinkKind(other), null, String(other));
});

test("broken links are refused with their key", () => {
  const good = `#live/loa/standard/-/0/300+3/abcdef/${offer}`;
  const cases = {
    "#live/loa/standard/-/0/300+3/abcdef": "live.link.parts",
    [`${good}/more`]: "live.link.parts",
    [good.replace("/loa/", "/LOA/")]: "live.link.game",
    [good.replace("/standard/", "//")]: "live.link.variant",
    [good.replace("/-/", "/nothing/")]: "live.link.options",
    [good.replace("/-/", "/a=1,a=2/")]: "live.link.options",
    [good.replace("/-/", "/a=%E0%A4%A/")]: "live.link.escaped",
    [good.replace("/0/", "/2/")]: "live.link.seat",
    [good.replace("300+3", "5m")]: "live.link.clock",
    [good.replace("300+3", "0+3")]: "live.link.clock",
    [good.replace("abcdef", "ab")]: "live.link.id",
    [good.replace(offer, "3abc")]: "live.link.signal",
    [good.replace(offer, "")]: "live.link.signal",
    [good + "A".repeat(8000)]: "live.link.long",
    "#v1/loa/standard/-/": "live.link.kind",
  };
  for (const [text, key] of Object.entries(cases))
    assert.throws(
      () => parseInvite(text),
      err => err instanceof InviteError && err.key === key,
      text,
    );
  assert.throws(() => parseAnswer("#live-answer/abcdef"), { key: "live.link.parts" });
  assert.throws(() => parseAnswer(""), { key: "live.link.kind" });
  assert.throws(() => parseAnswer(`#live-answer/a/${answer}`), { key: "live.link.id" });
  assert.throws(() => parseResume(`#live-answer/abcdef/${offer}`), { key: "live.link.kind" });
  assert.throws(() => formatInvite({ game: "loa", variant: "standard", host: 3, id: "abcdef", offer }), {
    key: "live.link.seat",
  });
});
