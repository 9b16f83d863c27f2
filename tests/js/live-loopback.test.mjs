// Two real WebRTC peers on this machine's own addresses, their offer and
// answer passed as signal.js texts (the compact form, rebuilt as a minimal
// SDP), a message sent across the data channel.  It needs werift (a WebRTC
// stack in JavaScript), which the project does not install: run
// `npm install --no-save werift@0.25.2` first; without it the test is skipped.
// (Browsers' acceptance of the rebuilt SDP is e2e's to show.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { decodeSignal, encodeSignal } from "../../web/live/signal.js";

const werift = await import("werift").catch(() => null);

const gathered = pc =>
  new Promise(resolve => {
    if (pc.iceGatheringState === "complete") return resolve(true);
    pc.iceGatheringStateChange.subscribe(state => state === "complete" && resolve(true));
  });
const within = (promise, ms) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), ms))]);

test("an offer and an answer as compact texts connect two WebRTC peers", { skip: !werift }, async () => {
  const { RTCPeerConnection } = /** @type {any} */ (werift);
  const a = new RTCPeerConnection({ iceServers: [] });
  const b = new RTCPeerConnection({ iceServers: [] });
  try {
    const channel = a.createDataChannel("gamut", { ordered: true });
    await a.setLocalDescription(await a.createOffer());
    await within(gathered(a), 10000);
    const offer = await encodeSignal({ type: "offer", sdp: a.localDescription.sdp });
    assert.equal(offer[0], "1");
    const received = new Promise(resolve =>
      b.onDataChannel.subscribe(c => c.onMessage.subscribe(m => resolve(m.toString()))),
    );
    await b.setRemoteDescription(await decodeSignal(offer));
    await b.setLocalDescription(await b.createAnswer());
    await within(gathered(b), 10000);
    const answer = await encodeSignal({ type: "answer", sdp: b.localDescription.sdp });
    assert.equal(answer[0], "1");
    await a.setRemoteDescription(await decodeSignal(answer));
    await within(
      new Promise(resolve => channel.stateChanged.subscribe(s => s === "open" && resolve(true))),
      15000,
    );
    channel.send('{"t":"ping","n":1}');
    assert.equal(await within(received, 10000), '{"t":"ping","n":1}');
    console.log(`offer ${offer.length} characters, answer ${answer.length}`);
  } finally {
    await a.close();
    await b.close();
  }
});
