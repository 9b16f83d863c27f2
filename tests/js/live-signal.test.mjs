// A session description as a short text and back (web/live/signal.js): the
// compact form keeps what a data channel needs, anything else travels deflated,
// and broken texts are refused with a SignalError that names its message key.
import { test } from "node:test";
import assert from "node:assert/strict";
import { decodeSignal, encodeSignal, readSdp, SignalError } from "../../web/live/signal.js";
import { prng } from "./prng.mjs";
import {
  AUDIO_OFFER,
  CHROME_ANSWER,
  CHROME_OFFER,
  CHROME_RAW_HOSTS,
  FIREFOX_OFFER,
} from "./fixtures/live-sdp.mjs";

const SAMPLES = { CHROME_OFFER, CHROME_ANSWER, CHROME_RAW_HOSTS, FIREFOX_OFFER };
const typeOf = name => (name.endsWith("ANSWER") ? "answer" : "offer");

test("a one-data-channel description round-trips in the compact form", async () => {
  for (const [name, sdp] of Object.entries(SAMPLES)) {
    const type = typeOf(name);
    const text = await encodeSignal({ type, sdp });
    assert.equal(text[0], "1", name);
    assert.match(text, /^[A-Za-z0-9_-]+$/, name);
    const back = await decodeSignal(text);
    assert.equal(back.type, type);
    assert.deepEqual(readSdp(back.sdp), readSdp(sdp), name);
    assert.equal(await encodeSignal(back), text, `${name}: the rebuilt SDP encodes the same`);
  }
});

test("the rebuilt SDP is a minimal data-channel session", async () => {
  const { sdp } = await decodeSignal(await encodeSignal({ type: "offer", sdp: CHROME_OFFER }));
  const lines = sdp.split("\r\n");
  assert.equal(lines[0], "v=0");
  assert.ok(sdp.endsWith("\r\n"));
  for (const line of [
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "a=group:BUNDLE 0",
    "a=mid:0",
    "a=setup:actpass",
    "a=ice-ufrag:vW3p",
    "a=ice-pwd:Rk3nQ0Wc9yJ2x8cTfL1bHs7e",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
    "a=end-of-candidates",
  ])
    assert.ok(lines.includes(line), line);
  const candidates = lines.filter(l => l.startsWith("a=candidate:"));
  assert.equal(candidates.length, 4);
  assert.match(
    candidates[0],
    /^a=candidate:1 1 udp \d+ 4b7c53f5-1f4a-4d77-9ff0-3b0c6f3a1e2d\.local 54873 typ host$/,
  );
  assert.match(candidates[2], / 203\.0\.113\.47 54873 typ srflx raddr 0\.0\.0\.0 rport 0$/);
  assert.match(candidates[3], / 2001:db8:85a3::8a2e:370:7334 61207 typ srflx raddr :: rport 0$/);
  const priorities = candidates.map(l => Number(l.split(" ")[3]));
  assert.ok(priorities.every(p => Number.isInteger(p) && p > 0 && p < 2 ** 31));
  assert.ok(priorities[1] > priorities[2], "host before srflx");
  const raw = await decodeSignal(await encodeSignal({ type: "offer", sdp: CHROME_RAW_HOSTS }));
  assert.match(raw.sdp, / 192\.168\.1\.23 9 typ host tcptype active\r\n/);
  assert.match(raw.sdp, / fe80::1c2b:3dff:fe4e:5f60 58114 typ host\r\n/);
});

test("any other description travels whole, deflated", async () => {
  const text = await encodeSignal({ type: "offer", sdp: AUDIO_OFFER });
  assert.equal(text[0], "2");
  assert.deepEqual(await decodeSignal(text), { type: "offer", sdp: AUDIO_OFFER });
  const odd = CHROME_OFFER.replace("a=mid:0", "a=mid:data");
  const back = await decodeSignal(await encodeSignal({ type: "offer", sdp: odd }));
  assert.equal(back.sdp, odd);
  const twice = FIREFOX_OFFER.replace("a=mid:0", `a=mid:0\r\n${FIREFOX_OFFER.match(/a=fingerprint:.*/)[0]}`);
  assert.equal((await encodeSignal({ type: "offer", sdp: twice }))[0], "1", "the same fingerprint twice");
  const two = twice.replace(/(a=fingerprint:sha-256 )7B(.*)\r\na=setup/, "$1AA$2\r\na=setup");
  assert.equal((await encodeSignal({ type: "offer", sdp: two }))[0], "2", "two fingerprints");
  const weird = CHROME_ANSWER.replace(/\S+\.local/, "host.example");
  assert.equal((await encodeSignal({ type: "answer", sdp: weird }))[0], "2");
});

test("sizes, in characters", async () => {
  const sizes = {};
  for (const [name, sdp] of Object.entries({ ...SAMPLES, AUDIO_OFFER })) {
    const type = typeOf(name);
    const compact = await encodeSignal({ type, sdp });
    const whole = await encodeSignal({ type, sdp: sdp.replace("a=mid:0", "a=mid:x") }); // (forced fallback)
    sizes[name] = {
      sdp: sdp.length,
      compact: compact[0] === "1" ? compact.length : "-",
      deflated: whole.length,
    };
  }
  console.log(JSON.stringify(sizes));
  assert.ok(Number(sizes.CHROME_ANSWER.compact) < 120);
  assert.ok(Number(sizes.CHROME_OFFER.compact) < 200);
});

test("garbage is refused with a SignalError naming its key", async () => {
  const good = await encodeSignal({ type: "offer", sdp: CHROME_OFFER });
  const cases = {
    "": "live.signal.empty",
    "   ": "live.signal.empty",
    "9abc": "live.signal.version",
    "1ab$c": "live.signal.chars",
    "1a": "live.signal.chars",
    [good.slice(0, 40)]: "live.signal.truncated",
    [`${good}AAAA`]: "live.signal.corrupt",
    "2AAAA": "live.signal.corrupt",
    [`1${"A".repeat(7000)}`]: "live.signal.long",
  };
  for (const [text, key] of Object.entries(cases)) {
    await assert.rejects(decodeSignal(text), err => err instanceof SignalError && err.key === key, text);
  }
  // random bytes never throw anything else
  const rand = prng(7);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  for (let i = 0; i < 300; i++) {
    const body = Array.from({ length: Math.floor(rand() * 200) }, () => alphabet[Math.floor(rand() * 64)]);
    const text = (rand() < 0.5 ? "1" : "2") + body.join("");
    try {
      const back = await decodeSignal(text);
      assert.ok(back.type === "offer" || back.type === "answer");
    } catch (err) {
      assert.ok(err instanceof SignalError, `${text}: ${err}`);
    }
  }
  await assert.rejects(encodeSignal({ type: "pranswer", sdp: CHROME_OFFER }), SignalError);
  await assert.rejects(encodeSignal(/** @type {any} */ (null)), SignalError);
});

test("a deflate bomb is cut short", async () => {
  const data = new TextEncoder().encode(`offer\nv=0\r\n${"a".repeat(2_000_000)}`);
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  const encoded = `2${btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
  assert.ok(encoded.length < 6000, `${encoded.length}`);
  await assert.rejects(
    decodeSignal(encoded),
    err => err instanceof SignalError && err.key === "live.signal.long",
  );
});
