// A WebRTC session description (offer or answer) as a short URL-safe text and
// back (#46).  The compact form ("1" + base64url) keeps only what a
// one-data-channel session needs: ICE ufrag and password, the DTLS sha-256
// fingerprint, the setup role, SCTP port, max message size and each
// candidate's address, port, type and protocol; decoding writes a minimal SDP
// that browsers accept.  Any other SDP travels whole, deflate-raw compressed
// ("2" + base64url).  Bad input throws SignalError (its `key`: a message key).

import { base64urlBytes, throughStream, toBase64url } from "../model/bytes.js";

export class SignalError extends Error {
  /** @param {string} key  the message key (live.signal.*) */
  constructor(key) {
    super(key);
    this.name = "SignalError";
    this.key = key;
  }
}

export const MAX_SIGNAL = 6000; // characters of an encoded description
const MAX_SDP = 20000; // characters of a decompressed one
const ROLES = ["actpass", "active", "passive"];
const TYPES = ["host", "srflx", "prflx", "relay"];
const TCP_TYPES = ["", "active", "passive", "so"];
const PREFERENCE = [126, 100, 110, 0]; // (RFC 8445 type preferences, by TYPES)
const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;

// -- base64url -----------------------------------------------------------------------

export { toBase64url };

/** base64url as bytes (model/bytes.js); SignalError on what is not base64url.
 * @param {string} text @returns {Uint8Array} */
export function fromBase64url(text) {
  const bytes = base64urlBytes(text);
  if (!bytes) throw new SignalError("live.signal.chars");
  return bytes;
}

// -- reading an SDP ------------------------------------------------------------------

/** The compact fields of `sdp`, or null when it is not a plain one-data-channel session. */
export function readSdp(sdp) {
  const lines = String(sdp).split(/\r?\n/).filter(Boolean);
  const media = lines.filter(l => l.startsWith("m="));
  if (media.length !== 1 || !/^m=application \d+ UDP\/DTLS\/SCTP webrtc-datachannel$/.test(media[0]))
    return null;
  const attr = name => {
    const found = new Set(
      lines.filter(l => l.startsWith(`a=${name}:`)).map(l => l.slice(name.length + 3).trim()),
    );
    return found.size === 1 ? [...found][0] : null; // (once, or the same at session and media level)
  };
  const ufrag = attr("ice-ufrag");
  const pwd = attr("ice-pwd");
  const fp = /^sha-256 ((?:[0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2})$/.exec(attr("fingerprint") || "");
  const role = ROLES.indexOf(attr("setup") || "");
  const sctp = Number(attr("sctp-port"));
  const size = attr("max-message-size");
  const ice = /^[A-Za-z0-9+/]{1,64}$/;
  if (!ufrag || !pwd || !ice.test(ufrag) || !ice.test(pwd) || !fp || role < 0) return null;
  if (attr("mid") !== "0" || !Number.isInteger(sctp) || sctp < 1 || sctp > 65535) return null;
  if (size !== null && !/^\d{1,10}$/.test(size)) return null;
  const candidates = [];
  for (const line of lines.filter(l => l.startsWith("a=candidate:"))) {
    const c = readCandidate(line.slice(12));
    if (!c) return null;
    candidates.push(c);
  }
  if (candidates.length > 32) return null;
  return {
    ufrag,
    pwd,
    fingerprint: Uint8Array.from(fp[1].split(":"), h => parseInt(h, 16)),
    role,
    sctp,
    size: size === null ? 0 : Number(size),
    candidates,
  };
}

/** One candidate (after "a=candidate:"): {address, port, type, tcp, tcpType} or null. */
function readCandidate(text) {
  const f = text.trim().split(/\s+/);
  if (f.length < 8 || f[1] !== "1" || f[6] !== "typ") return null;
  const protocol = f[2].toLowerCase();
  const type = TYPES.indexOf(f[7]);
  const port = Number(f[5]);
  if ((protocol !== "udp" && protocol !== "tcp") || type < 0) return null;
  if (!/^\d{1,5}$/.test(f[5]) || port > 65535 || !addressBytes(f[4])) return null;
  const at = f.indexOf("tcptype");
  const tcpType = protocol === "tcp" && at > 0 ? TCP_TYPES.indexOf(f[at + 1]) : 0;
  if (tcpType < 0) return null;
  return { address: f[4], port, type, tcp: protocol === "tcp", tcpType };
}

/** An address as bytes: [kind, ...] (0: IPv4, 1: IPv6, 2: mDNS name), or null. */
function addressBytes(address) {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) {
    const parts = v4.slice(1).map(Number);
    return parts.every(n => n < 256) ? [0, ...parts] : null;
  }
  const name = UUID.exec(address);
  if (name) return [2, ...hexBytes(name.slice(1).join(""))];
  const v6 = ipv6Bytes(address);
  return v6 ? [1, ...v6] : null;
}

const hexBytes = hex =>
  Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));

/** @returns {number[] | null} */
function ipv6Bytes(address) {
  if (!/^[0-9a-fA-F:]{2,39}$/.test(address)) return null;
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = halves.map(h => (h ? h.split(":") : []));
  const missing = 8 - groups.flat().length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = halves.length === 1 ? groups[0] : [...groups[0], ...Array(missing).fill("0"), ...groups[1]];
  if (!all.every(g => /^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  return all.flatMap(g => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}

function ipv6Text(bytes) {
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  // the longest run of two or more zero groups as "::"
  let best = [-1, 0];
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && groups[j] === "0") j++;
    if (j - i > best[1] && j - i > 1) best = [i, j - i];
  }
  if (best[0] < 0) return groups.join(":");
  return `${groups.slice(0, best[0]).join(":")}::${groups.slice(best[0] + best[1]).join(":")}`;
}

// -- packing ---------------------------------------------------------------------------

const TYPE_BITS = { offer: 0, answer: 1 };

/** The compact bytes of `{type, sdp}`, or null when the SDP does not fit the compact shape. */
export function pack({ type, sdp }) {
  const s = readSdp(sdp);
  if (!s || !(type in TYPE_BITS)) return null;
  const out = [TYPE_BITS[type] | (s.role << 1)];
  const word = text => {
    out.push(text.length);
    let bits = 0;
    let n = 0;
    for (const ch of text) {
      bits = (bits << 6) | ICE_CHARS.indexOf(ch);
      n += 6;
      while (n >= 8) {
        n -= 8;
        out.push((bits >> n) & 255);
      }
    }
    if (n) out.push((bits << (8 - n)) & 255);
  };
  word(s.ufrag);
  word(s.pwd);
  out.push(...s.fingerprint);
  varint(out, s.sctp);
  varint(out, s.size);
  out.push(s.candidates.length);
  for (const c of s.candidates) {
    const address = /** @type {number[]} */ (addressBytes(c.address));
    out.push(address[0] | (c.type << 2) | (Number(c.tcp) << 4) | (c.tcpType << 5));
    out.push(...address.slice(1), c.port >> 8, c.port & 255);
  }
  return Uint8Array.from(out);
}

function varint(out, n) {
  while (n >= 128) {
    out.push((n % 128) | 128);
    n = Math.floor(n / 128);
  }
  out.push(n);
}

/** The `{type, sdp}` that compact `bytes` describe; SignalError when they are not such bytes. */
export function unpack(bytes) {
  let at = 0;
  const byte = () => {
    if (at >= bytes.length) throw new SignalError("live.signal.truncated");
    return bytes[at++];
  };
  const take = n => Array.from({ length: n }, byte);
  const word = () => {
    const length = byte();
    if (length < 1 || length > 64) throw new SignalError("live.signal.corrupt");
    const data = take(Math.ceil((length * 6) / 8));
    let text = "";
    for (let i = 0; i < length; i++) {
      const bit = i * 6;
      const pair = (data[bit >> 3] << 8) | (data[(bit >> 3) + 1] || 0);
      text += ICE_CHARS[(pair >> (10 - (bit & 7))) & 63];
    }
    return text;
  };
  const number = () => {
    let n = 0;
    for (let scale = 1; ; scale *= 128) {
      const b = byte();
      n += (b & 127) * scale;
      if (b < 128) return n;
      if (scale > 2 ** 28) throw new SignalError("live.signal.corrupt");
    }
  };
  const head = byte();
  const role = ROLES[(head >> 1) & 3];
  if (!role || head > 7) throw new SignalError("live.signal.corrupt");
  const type = head & 1 ? "answer" : "offer";
  const ufrag = word();
  const pwd = word();
  const fingerprint = take(32)
    .map(b => b.toString(16).toUpperCase().padStart(2, "0"))
    .join(":");
  const sctp = number();
  const size = number();
  const count = byte();
  if (count > 32 || sctp < 1 || sctp > 65535) throw new SignalError("live.signal.corrupt");
  const candidates = [];
  for (let i = 0; i < count; i++) {
    const flags = byte();
    const kind = flags & 3;
    const typeIndex = (flags >> 2) & 3;
    const tcp = (flags >> 4) & 1;
    if (kind === 3 || flags >> 7 || (!tcp && flags >> 5)) throw new SignalError("live.signal.corrupt");
    const raw = take([4, 16, 16][kind]);
    const address =
      kind === 0
        ? raw.join(".")
        : kind === 1
          ? ipv6Text(raw)
          : raw
              .map(b => b.toString(16).padStart(2, "0"))
              .join("")
              .replace(/^(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-")
              .concat(".local");
    const port = (byte() << 8) | byte();
    const priority = PREFERENCE[typeIndex] * 2 ** 24 + (65535 - i) * 256 + 255;
    let line = `a=candidate:${i + 1} 1 ${tcp ? "tcp" : "udp"} ${priority} ${address} ${port} typ ${TYPES[typeIndex]}`; // i18n: not words (SDP)
    if (typeIndex) line += ` raddr ${kind === 1 ? "::" : "0.0.0.0"} rport 0`; // i18n: not words (SDP)
    if (tcp && flags >> 5) line += ` tcptype ${TCP_TYPES[flags >> 5]}`;
    candidates.push(line);
  }
  if (at !== bytes.length) throw new SignalError("live.signal.corrupt");
  const sdp = [
    "v=0",
    `o=- ${parseInt(fingerprint.slice(0, 11).replace(/:/g, ""), 16)} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS", // i18n: not words (SDP)
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...candidates,
    "a=end-of-candidates",
    `a=ice-ufrag:${ufrag}`,
    `a=ice-pwd:${pwd}`,
    "a=ice-options:trickle",
    `a=fingerprint:sha-256 ${fingerprint}`,
    `a=setup:${role}`,
    "a=mid:0",
    `a=sctp-port:${sctp}`,
    ...(size ? [`a=max-message-size:${size}`] : []),
    "",
  ].join("\r\n");
  return { type, sdp };
}

// -- the text --------------------------------------------------------------------------

/** The text of a description `{type, sdp}`: compact when it can be, else the SDP deflated.
 * @param {{type: string, sdp: string}} description @returns {Promise<string>} */
export async function encodeSignal(description) {
  const { type, sdp } = description || {};
  if (!(type in TYPE_BITS) || typeof sdp !== "string" || sdp.length > MAX_SDP)
    throw new SignalError("live.signal.description");
  const compact = pack({ type, sdp });
  if (compact) return `1${toBase64url(compact)}`;
  const data = new TextEncoder().encode(`${type}\n${sdp}`);
  return `2${toBase64url(await through(new CompressionStream("deflate-raw"), data, Infinity))}`;
}

/** The description `{type, sdp}` of a text of encodeSignal; SignalError when it is none.
 * @param {string} text @returns {Promise<{type: "offer" | "answer", sdp: string}>} */
export async function decodeSignal(text) {
  const value = String(text ?? "").trim();
  if (!value) throw new SignalError("live.signal.empty");
  if (value.length > MAX_SIGNAL) throw new SignalError("live.signal.long");
  const bytes = fromBase64url(value.slice(1));
  if (value[0] === "1") return /** @type {any} */ (unpack(bytes));
  if (value[0] !== "2") throw new SignalError("live.signal.version");
  let plain;
  try {
    plain = await through(new DecompressionStream("deflate-raw"), bytes, MAX_SDP * 3);
  } catch (err) {
    throw err instanceof SignalError ? err : new SignalError("live.signal.corrupt");
  }
  const whole = new TextDecoder().decode(plain);
  const m = /^(offer|answer)\n(v=0\r?\n[\s\S]*)$/.exec(whole);
  if (!m || m[2].length > MAX_SDP) throw new SignalError("live.signal.corrupt");
  return { type: /** @type {"offer" | "answer"} */ (m[1]), sdp: m[2] };
}

/** `bytes` through a (de)compression stream, stopping past `limit` bytes out (a deflate bomb; model/bytes.js). */
const through = (stream, bytes, limit) =>
  throughStream(stream, bytes, limit, () => new SignalError("live.signal.long"));
