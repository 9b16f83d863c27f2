// The links of a live game (#46), in the site's hash-route style:
//
//   #live/<game>/<variant>/<options>/<host seat>/<clock>/<id>/<offer>   the invitation
//   #live-answer/<id>/<answer>                                          the answer sent back
//   #live-resume/<id>/<offer>                                           a new offer after a drop
//
// <options> as in a game's link ("name=value,..." or "-"), <host seat> the
// inviter's seat (0 or 1: the friend plays the other), <clock> "300+3"
// (seconds + increment) or "-", <id> the game's id, <offer>/<answer> a text of
// signal.js.  The answer's code to paste is the link itself or "<id>/<answer>".
// Broken links throw InviteError (its `key`: a message key).

import { LIVE_GAME_ID, escapePart } from "../model/url.js";
import { MAX_SIGNAL } from "./signal.js";

export class InviteError extends Error {
  /** @param {string} key  the message key (live.link.*) */
  constructor(key) {
    super(key);
    this.name = "InviteError";
    this.key = key;
  }
}

const MAX_LINK = 8000;
const NAME = /^[a-z0-9-]{1,32}$/;
const ID = LIVE_GAME_ID;
const SIGNAL = /^[12][A-Za-z0-9_-]+$/;
const CLOCK = /^([1-9]\d{0,4})\+(\d{1,4})$/;

/** A new game id: 10 random base64url characters (60 bits). */
export function newGameId() {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(
    bytes,
    b => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[b & 63],
  ).join("");
}

/** The seat of the friend invited by a host playing `host`. */
export const guestSeat = host => 1 - host;

/** Which live link `text` is ("invite", "answer", "resume"), or null: no reading, so cheap for the routes. */
export function liveLinkKind(text) {
  const hash = fragment(text);
  const m = /^#live(-answer|-resume)?\//.exec(hash);
  if (!m) return null;
  return m[1] === "-answer" ? "answer" : m[1] === "-resume" ? "resume" : "invite";
}

/** The "#..." part of a link, a hash or a pasted text. */
function fragment(text) {
  const value = String(text ?? "").trim();
  const at = value.indexOf("#");
  return at >= 0 ? value.slice(at) : `#${value}`;
}

/** The parts of a live link of `kind` after "#<prefix>/", checked for length and count. */
function parts(text, prefix, count) {
  const hash = fragment(text);
  if (hash.length > MAX_LINK) throw new InviteError("live.link.long");
  if (!hash.startsWith(`#${prefix}/`)) throw new InviteError("live.link.kind");
  const list = hash.slice(prefix.length + 2).split("/");
  if (list.length !== count) throw new InviteError("live.link.parts");
  return list;
}

function checked(value, pattern, key) {
  if (!pattern.test(value)) throw new InviteError(key);
  return value;
}

function signalOf(value) {
  if (value.length > MAX_SIGNAL) throw new InviteError("live.link.long");
  return checked(value, SIGNAL, "live.link.signal");
}

/** @param {{game: string, variant: string, options?: Record<string, string>, host: number, clock?: string | null, id: string, offer: string}} invite */
export function formatInvite({ game, variant, options, host, clock, id, offer }) {
  const opts =
    Object.entries(options || {})
      .map(([k, v]) => `${escapePart(k).replace(/=/g, "%3D")}=${escapePart(v)}`)
      .join(",") || "-";
  const text = `#live/${game}/${escapePart(variant)}/${opts}/${host}/${clock || "-"}/${id}/${offer}`;
  parseInvite(text); // (what cannot be read back is not written)
  return text;
}

/** The invitation `text` names: {game, variant, options, host, guest, clock, id, offer}. */
export function parseInvite(text) {
  const [game, variant, opts, host, clock, id, offer] = parts(text, "live", 7);
  checked(game, NAME, "live.link.game");
  if (!variant) throw new InviteError("live.link.variant");
  /** @type {Record<string, string>} */
  const options = {};
  if (opts !== "-")
    for (const pair of opts.split(",")) {
      const m = /^([^=]+)=(.*)$/.exec(pair);
      if (!m) throw new InviteError("live.link.options");
      const name = unescaped(m[1]);
      if (name in options) throw new InviteError("live.link.options");
      options[name] = unescaped(m[2]);
    }
  if (host !== "0" && host !== "1") throw new InviteError("live.link.seat");
  if (clock !== "-") checked(clock, CLOCK, "live.link.clock");
  return {
    game,
    variant: unescaped(variant),
    options,
    host: Number(host),
    guest: guestSeat(Number(host)),
    clock: clock === "-" ? null : clock,
    id: checked(id, ID, "live.link.id"),
    offer: signalOf(offer),
  };
}

function unescaped(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new InviteError("live.link.escaped");
  }
}

/** @param {{id: string, answer: string}} answer */
export function formatAnswer({ id, answer }) {
  const text = `#live-answer/${id}/${answer}`;
  parseAnswer(text);
  return text;
}

/** The answer a link or a pasted code (its "<id>/<answer>" alone too) names: {id, answer}. */
export function parseAnswer(text) {
  const value = String(text ?? "").trim();
  const [id, answer] = parts(
    /^[A-Za-z0-9_-]+\/[12][A-Za-z0-9_-]*$/.test(value) ? `#live-answer/${value}` : value,
    "live-answer",
    2,
  );
  return { id: checked(id, ID, "live.link.id"), answer: signalOf(answer) };
}

/** @param {{id: string, offer: string}} resume */
export function formatResume({ id, offer }) {
  const text = `#live-resume/${id}/${offer}`;
  parseResume(text);
  return text;
}

/** The new offer of a dropped game that a link names: {id, offer}. */
export function parseResume(text) {
  const [id, offer] = parts(text, "live-resume", 2);
  return { id: checked(id, ID, "live.link.id"), offer: signalOf(offer) };
}

/** What the player reads for a live link that cannot be read (an InviteError's or
 * SignalError's key), grouped by what they can do about it. */
export function errorKey(error) {
  const key = error && typeof error.key === "string" ? error.key : "";
  if (key === "live.link.long" || key === "live.signal.long") return "live.error.long";
  if (["live.link.parts", "live.signal.truncated", "live.signal.empty", "live.signal.chars"].includes(key))
    return "live.error.cut";
  if (key === "live.signal.version") return "live.error.version";
  if (/^live\.link\.(game|variant|options|seat|clock)$/.test(key)) return "live.error.game";
  return "live.badLink";
}

/** Whether the link `text` of `kind` ("answer", "resume") is for the live game
 * `session` (its id) and the game waits for it: an answer while inviting (or the
 * host's, after a drop), a new offer on the friend's side once the connection
 * dropped (or before this page saw it drop).
 * @param {{id: string, phase: string} | null} session  @param {boolean} hosting */
export function waitsFor(session, hosting, kind, text) {
  if (!session) return false;
  let id = "";
  try {
    id = (kind === "answer" ? parseAnswer(text) : parseResume(text)).id;
  } catch {
    return false;
  }
  if (id !== session.id) return false;
  return kind === "answer"
    ? session.phase === "inviting" || (hosting && session.phase === "reconnecting")
    : !hosting && (session.phase === "reconnecting" || session.phase === "connected");
}
