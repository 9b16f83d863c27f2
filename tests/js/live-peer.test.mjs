// The WebRTC wrapper (web/live/peer.js) on a stub RTCPeerConnection: what it
// asks of the browser and what it hands on.  The real thing is e2e's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { gathered, LivePeer } from "../../web/live/peer.js";
import { readSdp, SignalError } from "../../web/live/signal.js";
import { CHROME_ANSWER, CHROME_OFFER } from "./fixtures/live-sdp.mjs";

class StubChannel {
  constructor(label, options) {
    Object.assign(this, { label, options, readyState: "connecting", sent: [] });
  }
  send(text) {
    this.sent.push(text);
  }
}

class StubRTC extends EventTarget {
  static made = [];
  constructor(config) {
    super();
    Object.assign(this, { config, connectionState: "new", iceGatheringState: "new", closed: false });
    this.localDescription = null;
    this.remoteDescription = null;
    StubRTC.made.push(this);
  }
  createDataChannel(label, options) {
    this.channel = new StubChannel(label, options);
    return this.channel;
  }
  async createOffer() {
    return { type: "offer", sdp: CHROME_OFFER };
  }
  async createAnswer() {
    return { type: "answer", sdp: CHROME_ANSWER };
  }
  async setLocalDescription(d) {
    this.localDescription = d;
    this.iceGatheringState = "gathering";
    if (StubRTC.gatherMs !== null)
      setTimeout(() => {
        this.iceGatheringState = "complete";
        this.dispatchEvent(new Event("icegatheringstatechange"));
      }, StubRTC.gatherMs);
  }
  async setRemoteDescription(d) {
    this.remoteDescription = d;
  }
  close() {
    this.closed = true;
    this.connectionState = "closed";
  }
  static gatherMs = 5;
}

test("offer, answer and accept carry the descriptions as short texts; no ICE server by default", async () => {
  const events = [];
  const host = new LivePeer({ RTC: /** @type {any} */ (StubRTC), onstate: s => events.push(s) });
  const guest = new LivePeer({
    RTC: /** @type {any} */ (StubRTC),
    iceServers: [{ urls: "stun:stun.example.org" }],
    onopen: () => events.push("open"),
    onmessage: data => events.push(data),
  });
  assert.equal(host.state, "closed");
  const offer = await host.offer();
  assert.match(offer, /^1[A-Za-z0-9_-]+$/);
  const hostPc = /** @type {any} */ (host.pc);
  assert.deepEqual(hostPc.config, { iceServers: [] });
  assert.deepEqual([hostPc.channel.label, hostPc.channel.options], ["gamut", { ordered: true }]);
  const answer = await guest.answer(offer);
  const guestPc = /** @type {any} */ (guest.pc);
  assert.deepEqual(guestPc.config.iceServers, [{ urls: "stun:stun.example.org" }]);
  assert.deepEqual(readSdp(guestPc.remoteDescription.sdp), readSdp(CHROME_OFFER));
  await host.accept(answer);
  assert.deepEqual(readSdp(hostPc.remoteDescription.sdp), readSdp(CHROME_ANSWER));
  await assert.rejects(guest.answer(answer), SignalError, "an answer is no offer");
  await assert.rejects(host.accept(offer), SignalError, "an offer is no answer");
  // the guest's channel arrives by ondatachannel
  const channel = new StubChannel("gamut", {});
  /** @type {any} */ (guest.pc).ondatachannel({ channel });
  assert.equal(guest.send("x"), false, "not open yet");
  channel.readyState = "open";
  channel.onopen();
  channel.onmessage({ data: '{"t":"ping","n":1}' });
  assert.equal(guest.send("y"), true);
  assert.deepEqual(channel.sent, ["y"]);
  hostPc.connectionState = "connected";
  hostPc.onconnectionstatechange();
  assert.deepEqual(events, ["open", '{"t":"ping","n":1}', "connected"]);
});

test("restart closes the old connection and makes a new offer; gathering has a timeout", async () => {
  const host = new LivePeer({ RTC: /** @type {any} */ (StubRTC) });
  await host.offer();
  const old = /** @type {any} */ (host.pc);
  const offer = await host.restart();
  assert.ok(old.closed);
  assert.notEqual(host.pc, old);
  assert.equal(offer[0], "1");
  host.close();
  assert.equal(host.pc, null);
  StubRTC.gatherMs = null; // (gathering never completes)
  const slow = new LivePeer({ RTC: /** @type {any} */ (StubRTC), gatherTimeout: 20 });
  const started = Date.now();
  assert.equal((await slow.offer())[0], "1", "what was gathered is sent");
  assert.ok(Date.now() - started >= 15);
  StubRTC.gatherMs = 5;
  assert.equal(await gathered(/** @type {any} */ ({ iceGatheringState: "complete" }), 10), true);
});
