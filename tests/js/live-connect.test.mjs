// The connection's helpers of a live game (#46): which servers a connection
// may ask (none until the player agreed), what a broken link tells the
// player, and the hand-over of a link between tabs (web/live/servers.js,
// invite.js errorKey, handover.js), with the settings that hold the servers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { errorKey, parseAnswer, parseInvite, parseResume } from "../../web/live/invite.js";
import { iceServers, serverName } from "../../web/live/servers.js";
import { TabHandover } from "../../web/live/handover.js";
import { decodeSignal } from "../../web/live/signal.js";
import { DEFAULTS, validate, VERSION } from "../../web/settings/settings.js";

const english = JSON.parse(readFileSync(new URL("../../web/i18n/en.json", import.meta.url), "utf8"));

test("no server is asked until the player agreed", () => {
  assert.equal(DEFAULTS.liveServers, false);
  assert.deepEqual(iceServers(DEFAULTS), []);
  assert.deepEqual(
    iceServers({ ...DEFAULTS, turn: "turn:relay.example:3478" }),
    [],
    "a TURN server named, not allowed",
  );
  assert.deepEqual(iceServers(null), []);
  assert.deepEqual(iceServers({ ...DEFAULTS, liveServers: true }), [{ urls: DEFAULTS.stun }]);
  assert.deepEqual(
    iceServers({
      ...DEFAULTS,
      liveServers: true,
      turn: "turns:relay.example:443",
      turnUser: "me",
      turnPass: "pw",
    }),
    [{ urls: DEFAULTS.stun }, { urls: "turns:relay.example:443", username: "me", credential: "pw" }],
  );
  assert.equal(serverName(DEFAULTS), "stun.l.google.com:19302");
});

test("the servers' settings keep only addresses of their kind", () => {
  const read = raw => validate({ v: VERSION, ...raw });
  assert.equal(read({ stun: "stun:127.0.0.1:3478" }).stun, "stun:127.0.0.1:3478");
  assert.equal(read({ stun: "stuns:stun.example:5349" }).stun, "stuns:stun.example:5349");
  for (const bad of ["http://evil.example/", "stun:", "stun:a b", "turn:x", 7, "stun:x/y"])
    assert.equal(read({ stun: bad }).stun, DEFAULTS.stun, String(bad));
  assert.equal(
    read({ turn: "turn:relay.example:3478?transport=tcp" }).turn,
    "turn:relay.example:3478?transport=tcp",
  );
  assert.equal(read({ turn: "stun:x" }).turn, "");
  assert.equal(read({ turnUser: "a b" }).turnUser, "");
  assert.equal(read({ liveServers: "yes" }).liveServers, false);
  assert.equal(read({ liveServers: true }).liveServers, true);
});

test("a broken live link says what the player can do, in words the catalog has", async () => {
  const keyOf = text => {
    try {
      parseInvite(text);
    } catch (error) {
      return errorKey(error);
    }
    return null;
  };
  assert.equal(keyOf(`#live/loa/standard/-/0/-/abcdef/${"1".repeat(9000)}`), "live.error.long");
  assert.equal(keyOf("#live/loa/standard/-/0/-/abcdef"), "live.error.cut");
  assert.equal(keyOf("#live/loa/standard/-/2/-/abcdef/1abc"), "live.error.game");
  assert.equal(keyOf("#live/LOA!/standard/-/0/-/abcdef/1abc"), "live.error.game");
  assert.equal(keyOf("#live/loa/standard/-/0/999999+1/abcdef/1abc"), "live.error.game");
  assert.equal(keyOf("#live/loa/standard/-/0/-/ab/1abc"), "live.badLink");
  let versionKey = null;
  await decodeSignal("9abcdef").catch(error => {
    versionKey = errorKey(error);
  });
  assert.equal(versionKey, "live.error.version");
  assert.equal(errorKey(new Error("boom")), "live.badLink");
  assert.throws(
    () => parseAnswer("#live-answer/abcdef"),
    error => errorKey(error) === "live.error.cut",
  );
  assert.throws(
    () => parseResume("#live-resume/abcdef/!!"),
    error => errorKey(error) === "live.badLink",
  );
  for (const key of [
    "live.error.long",
    "live.error.cut",
    "live.error.version",
    "live.error.game",
    "live.badLink",
  ])
    assert.ok(english[key], key);
});

/** Tabs of one browser: a stub BroadcastChannel delivering to every other channel of the name. */
function tabs() {
  const open = [];
  class Channel {
    constructor(name) {
      this.name = name;
      this.onmessage = null;
      open.push(this);
    }
    postMessage(data) {
      for (const other of open)
        if (other !== this && other.name === this.name) queueMicrotask(() => other.onmessage?.({ data }));
    }
  }
  return Channel;
}

const settle = () => new Promise(resolve => setTimeout(resolve, 20));

test("a link opened in another tab is taken by the tab whose game it is, and the opener is told", async () => {
  const Channel = tabs();
  const said = { waiting: [], opener: [], stranger: [] };
  const taken = [];
  const waiting = new TabHandover({
    Channel,
    takes: (kind, text) => kind === "answer" && text.includes("game1"),
    take: (kind, text) => taken.push([kind, text]),
    say: key => said.waiting.push(key),
  });
  const stranger = new TabHandover({
    Channel,
    takes: () => false,
    take: () => assert.fail(),
    say: key => said.stranger.push(key),
  });
  const opener = new TabHandover({
    Channel,
    takes: () => false,
    take: () => assert.fail(),
    say: key => said.opener.push(key),
    wait: 200,
  });
  opener.handOver("answer", "#live-answer/game1/2xyz");
  await settle();
  assert.deepEqual(taken, [["answer", "#live-answer/game1/2xyz"]]);
  assert.deepEqual(said.opener, ["live.handing", "live.handed"]);
  await new Promise(resolve => setTimeout(resolve, 250));
  assert.deepEqual(said.opener, ["live.handing", "live.handed"], "no 'not here' once taken");
  assert.deepEqual(said.stranger, []);
  assert.ok(waiting && stranger);
});

test("a link no tab takes says the game is not open here; junk on the channel is ignored", async () => {
  const Channel = tabs();
  const said = [];
  const other = new TabHandover({ Channel, takes: () => false, take: () => assert.fail(), say: () => {} });
  const opener = new TabHandover({
    Channel,
    takes: () => false,
    take: () => assert.fail(),
    say: key => said.push(key),
    wait: 50,
  });
  opener.handOver("resume", "#live-resume/nobody/2xyz");
  for (const junk of [
    null,
    7,
    { kind: "move", text: "x" },
    { kind: "answer", text: 5 },
    { took: 3 },
    { took: "unknown" },
  ])
    other.channel.postMessage(junk);
  await new Promise(resolve => setTimeout(resolve, 120));
  assert.deepEqual(said, ["live.handing", "live.notHere"]);
});
