// The messages two pages of a live game send each other (#46), and the inbox
// that reads the peer's: JSON objects whose `t` names the kind, each of an
// exact shape (KINDS).  Inbox.read() takes what the data channel delivered
// and gives back a message, or null for one dropped (too big, not JSON, an
// unknown kind, a wrong shape, too many too fast), counted by its reason.
// It never throws.

export const PROTOCOL = 1;
export const MAX_MESSAGE = 200_000; // characters of a hello/resume (a whole line of moves)
export const MAX_SMALL = 1000; // characters of any other message
export const MAX_PLIES = 5000;
export const MAX_MOVE = 64; // characters of a move's text
export const MAX_CHAT = 200; // characters of a chat line
export const ENDINGS = ["resignation", "agreement", "aborted", "timeout"];

// Control characters and the bidirectional overrides (a line that would read backwards).
export const UNSAFE = [
  [0, 0x1f],
  [0x7f, 0x9f],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];
const unsafe = v => {
  for (const ch of v) {
    const c = /** @type {number} */ (ch.codePointAt(0));
    if (UNSAFE.some(([a, b]) => c >= a && c <= b)) return true;
  }
  return false;
};
const ID = /^[A-Za-z0-9_-]{6,22}$/;

const int = (min, max) => v => Number.isInteger(v) && v >= min && v <= max;
const bool = v => typeof v === "boolean";
const text = max => v => typeof v === "string" && v.length > 0 && v.length <= max && !unsafe(v);
const id = v => typeof v === "string" && ID.test(v);
const seat = int(0, 1);
const ply = int(0, MAX_PLIES);
const move = text(MAX_MOVE);
const ms = int(0, 1e10);
const clocks = v => v === null || (Array.isArray(v) && v.length === 2 && v.every(ms));
const ending = v =>
  v === null || exact(v, { how: x => ENDINGS.includes(x), winner: x => x === null || seat(x) }) === null;
const moves = v => Array.isArray(v) && v.length <= MAX_PLIES && v.every(move);
const line = { v: int(1, 99), game: id, seat, moves, clocks, end: ending };

/** Each kind's fields (all required, no others) and their checks. */
export const KINDS = {
  hello: line,
  resume: line,
  move: { ply: int(1, MAX_PLIES), move, clocks },
  resign: {},
  draw: { ply },
  "draw-answer": { ply, accept: bool },
  takeback: { ply },
  "takeback-answer": { ply, accept: bool },
  abort: {},
  rematch: { game: id },
  "rematch-answer": { game: id, accept: bool },
  chat: { text: text(MAX_CHAT) },
  ping: { n: int(0, 2 ** 31) },
  pong: { n: int(0, 2 ** 31) },
  timeout: { seat },
};

/** The reason `value` is not an object of exactly `fields`, or null. */
function exact(value, fields, skip = "") {
  if (!value || typeof value !== "object" || Array.isArray(value)) return "shape";
  const keys = Object.keys(value).filter(k => k !== skip);
  if (keys.length !== Object.keys(fields).length) return "shape";
  for (const k of keys) if (!Object.hasOwn(fields, k) || !fields[k](value[k])) return "shape";
  return null;
}

/** Why `msg` is not a message of the protocol ("kind", "shape"), or null when it is one. */
export function checkMessage(msg) {
  if (!msg || typeof msg !== "object" || Array.isArray(msg)) return "shape";
  if (typeof msg.t !== "string" || !Object.hasOwn(KINDS, msg.t)) return "kind";
  return exact(msg, KINDS[msg.t], "t");
}

/** A token bucket: `capacity` tokens, `rate` more per second, on the clock `now` (ms). */
export class TokenBucket {
  constructor(capacity, rate, now = () => Date.now()) {
    this.capacity = capacity;
    this.rate = rate;
    this.now = now;
    this.tokens = capacity;
    this.at = now();
  }

  /** Whether one more message may pass now (and count it if so). */
  take() {
    const t = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + (Math.max(0, t - this.at) * this.rate) / 1000);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** The reader of the peer's messages. `rejected` counts the dropped ones by reason. */
export class Inbox {
  /** @param {{now?: () => number, burst?: number, rate?: number, chatBurst?: number, chatRate?: number}} [options] */
  constructor({ now = () => Date.now(), burst = 40, rate = 20, chatBurst = 5, chatRate = 0.5 } = {}) {
    this.all = new TokenBucket(burst, rate, now);
    this.chat = new TokenBucket(chatBurst, chatRate, now);
    /** @type {Record<string, number>} */
    this.rejected = {};
    this.accepted = 0;
    this.last = ""; // the last reason a message was dropped for
  }

  /** The message `data` holds, or null (counted) when it is dropped. */
  read(data) {
    try {
      const reason = this._reason(data);
      if (typeof reason === "string") {
        this.last = reason;
        this.rejected[reason] = (this.rejected[reason] || 0) + 1;
        return null;
      }
      this.accepted += 1;
      return reason;
    } catch {
      this.last = "shape";
      this.rejected.shape = (this.rejected.shape || 0) + 1;
      return null;
    }
  }

  /** How many were dropped in all. */
  get dropped() {
    return Object.values(this.rejected).reduce((a, b) => a + b, 0);
  }

  _reason(data) {
    if (!this.all.take()) return "rate";
    if (typeof data !== "string") return "binary";
    if (data.length > MAX_MESSAGE) return "size";
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return "json";
    }
    const wrong = checkMessage(msg);
    if (wrong) return wrong;
    if (msg.t !== "hello" && msg.t !== "resume" && data.length > MAX_SMALL) return "size";
    if (msg.t === "chat" && !this.chat.take()) return "rate";
    return msg;
  }
}

/** The text to send for `msg` (a message of KINDS); throws on one that is not (a bug of ours). */
export function encodeMessage(msg) {
  const wrong = checkMessage(msg);
  if (wrong) throw new Error(`live message ${JSON.stringify(msg?.t)}: ${wrong}`);
  return JSON.stringify(msg);
}
