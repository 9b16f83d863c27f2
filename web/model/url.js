// The URL fragment that holds a whole game, human-readable and versioned:
//
//   #v1/<game>/<variant>/<options>/<moves>[@<ply>][/players=<seats>][/end=<how>:<result>]
//       [/offer=<seat>][/start=<position text>]
//
//   #v1/loa/standard/double-connection=mover/b1-d3,a2-c4,c1xc4@2
//
// <options> is "name=value,name=value" ("-" for none); <moves> is the move
// texts separated by commas (empty at the start); "@<ply>" is the position
// being viewed (omitted when it is the last one); a start position other
// than the variant's own is appended as "start=" + the URL-encoded position
// text.  "/players=h,c:strong" says who plays each seat, in seat order: "h"
// a human, "c:<level>" the computer at a level (beginner, casual, strong,
// master); it is omitted when every seat is human, so older links still read.
// "/end=resignation:0-1" says how a game ended beyond its rules (a
// termination of model/ending.js, then the record's result: "1/2-1/2" keeps
// its "/"s), "/offer=1" a draw offered by that seat (issue #29): by these a
// friend far away learns of a resignation or an offer, and answers by link.
// Each "/<name>=" segment is optional; they come in this order, "/start="
// last (it runs to the end); an unknown one is refused.
// "/notes=1:g:!%3F,1:c:Quiet..." carries the line's comments, glyphs and
// drawings (model/linknotes.js; left out when they would make the link too long).
// "/clock=300+3" names the time control (seconds + increment seconds; "1d":
// days per move) and "/times=3100,2500,..." the milliseconds spent on each
// move of the line (#29); both come after "/players=" and before "/start=".
// Inside a move, characters that would break the fragment (",", "/",
// "@", "%", "#", spaces, "<", ">", ...) are %-escaped, so moves such as
// "b1xd3" or "c4=5" stay readable.
//
// This module only reads and writes the text; it knows no rules.  parse()
// throws LinkError with a message that says what is wrong; the engine checks
// the rest (unknown option values, illegal moves) when the game is loaded.

import { t } from "../i18n/i18n.js";
import { MAX_DEPTH } from "./treeform.js";

/** A live game's id as its links write it (#46: live/invite.js; a saved game's liveMark). */
export const LIVE_GAME_ID = /^[A-Za-z0-9_-]{6,22}$/;

export const VERSION = "v1";

export class LinkError extends Error {
  constructor(message) {
    super(message);
    this.name = "LinkError";
  }
}

const SAFE = /^[A-Za-z0-9\-_.~!*'()=:;+]$/; // browsers %-escape < > in fragments anyway

/** Escape one move (or option) text for the fragment. */
export function escapePart(text) {
  let out = "";
  for (const ch of String(text)) out += SAFE.test(ch) ? ch : percent(ch);
  return out;
}

function percent(ch) {
  return Array.from(
    new TextEncoder().encode(ch),
    b => `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
  ).join("");
}

/** `text` %-unescaped; LinkError naming `what` (words of the catalog: t("link.part.start")) when it is not correctly escaped. */
export function unescapePart(text, what) {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new LinkError(t("link.error.escaped", { what, text: JSON.stringify(text) }));
  }
}

/**
 * The fragment (with its leading "#") for a game.
 * game: {game, variant, options: {name: text}, moves: [text], ply, start: text|null}
 * `start` is the start position text, or null/undefined when it is the
 * variant's standard start.  `players` (optional): ["h", "c:strong", ...].
 */
export function format({
  game,
  variant,
  options,
  moves,
  ply,
  start,
  players,
  end,
  offer,
  clock,
  times,
  notes,
}) {
  const opts =
    Object.entries(options || {})
      .map(([k, v]) => `${escapePart(k).replace(/=/g, "%3D")}=${escapePart(v)}`)
      .join(",") || "-";
  const list = (moves || []).map(escapePart).join(",");
  const at = ply != null && ply !== (moves || []).length ? `@${ply}` : "";
  let text = `#${VERSION}/${escapePart(game)}/${escapePart(variant)}/${opts}/${list}${at}`;
  if (players && players.some(p => p !== "h")) text += `/players=${players.map(escapePart).join(",")}`;
  if (end) text += `/end=${escapePart(end.termination)}:${escapePart(end.result).replace(/%2F/g, "/")}`;
  if (offer != null) text += `/offer=${offer}`;
  if (clock) text += `/clock=${escapePart(clock)}`; // (clock hook, #29)
  if (clock && times && times.length)
    text += `/times=${times.map(t => Math.max(0, Math.round(t))).join(",")}`;
  if (notes) text += `/notes=${notes}`; // (linknotes.js: escaped already)
  // The start text may keep its "/"s: it is the last part and read as a whole.
  if (start) text += `/start=${escapePart(start).replace(/%2F/g, "/")}`;
  return text;
}

/**
 * Read a fragment (with or without "#").  Returns null for an empty
 * fragment, else {game, variant, options, moves, ply, start, players, end,
 * offer}; `ply` is null when the link does not name one (view the last
 * position), `players` null when it names no computer seat; `end`
 * ({termination, result}) and `offer` (a seat) are there only when given.
 * Throws LinkError when the text is not a game link.
 */
export function parse(hash) {
  let text = String(hash || "");
  if (text.startsWith("#")) text = text.slice(1);
  if (text.trim() === "") return null;
  /** @type {string | null} */
  let start = null;
  const startAt = text.indexOf("/start=");
  if (startAt >= 0) {
    start = unescapePart(text.slice(startAt + "/start=".length), t("link.part.start"));
    if (!start.trim()) throw new LinkError(t("link.error.emptyStart"));
    text = text.slice(0, startAt);
  }
  const named = readSegments(text);
  text = named.rest;
  const { players = null, end = null, offer = null, clock = null, times = null, notes = null } = named.values;
  const parts = text.split("/");
  const version = parts[0];
  if (!/^v\d+$/.test(version)) {
    throw new LinkError(
      t("link.error.notLink", { start: `"#${VERSION}/"`, found: JSON.stringify(`#${text.slice(0, 20)}`) }),
    );
  }
  if (version !== VERSION) {
    throw new LinkError(t("link.error.version", { found: version, wanted: VERSION }));
  }
  if (parts.length < 3) {
    throw new LinkError(t("link.error.noGame", { expected: "#v1/<game>/<variant>/..." }));
  }
  if (parts.length > 5) {
    throw new LinkError(t("link.error.parts", { count: parts.length, most: 5 }));
  }
  const game = unescapePart(parts[1], t("link.part.game"));
  const variant = unescapePart(parts[2], t("link.part.variant"));
  if (!/^[a-z0-9-]+$/.test(game)) throw new LinkError(t("link.error.gameId", { id: JSON.stringify(game) }));
  if (!/^[a-z0-9-]+$/.test(variant))
    throw new LinkError(t("link.error.variantId", { id: JSON.stringify(variant) }));
  const options = {};
  const optText = parts[3] ?? "-";
  if (optText !== "-" && optText !== "") {
    for (const item of optText.split(",")) {
      const eq = item.indexOf("=");
      if (eq <= 0) throw new LinkError(t("link.error.option", { option: JSON.stringify(item) }));
      const name = unescapePart(item.slice(0, eq), t("link.part.optionName"));
      if (Object.hasOwn(options, name))
        throw new LinkError(t("link.error.optionTwice", { option: JSON.stringify(name) }));
      // (defined, not assigned: "__proto__" is a name like any other, and the engine refuses unknown ones)
      Object.defineProperty(options, name, {
        value: unescapePart(item.slice(eq + 1), t("link.part.optionValue")),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  let moveText = parts[4] ?? "";
  /** @type {number | null} */
  let ply = null;
  const at = moveText.lastIndexOf("@");
  if (at >= 0) {
    const plyText = moveText.slice(at + 1);
    moveText = moveText.slice(0, at);
    if (!/^\d{1,6}$/.test(plyText)) {
      throw new LinkError(t("link.error.viewed", { text: `"@${plyText}"` }));
    }
    ply = Number(plyText);
  }
  // (no more moves than a game may hold: refused before any is read; #47: a 1.2 MB link of junk froze the page)
  let count = moveText === "" ? 0 : 1;
  for (let i = moveText.indexOf(","); i >= 0 && count <= MAX_DEPTH; i = moveText.indexOf(",", i + 1)) count++;
  if (count > MAX_DEPTH) throw new LinkError(t("link.error.tooManyMoves", { most: MAX_DEPTH }));
  const moves =
    moveText === ""
      ? []
      : moveText.split(",").map((m, i) => {
          const move = unescapePart(m, t("link.part.move", { n: i + 1 }));
          if (move.trim() === "") throw new LinkError(t("link.error.emptyMove", { n: i + 1 }));
          return move;
        });
  if (ply != null && ply > moves.length) {
    throw new LinkError(t("link.error.viewedBeyond", { ply, count: moves.length }));
  }
  if (times && times.length > moves.length) {
    throw new LinkError(t("link.error.times", { times: times.length, count: moves.length }));
  }
  // (clock and times only when given: what older links read is unchanged)
  return {
    game,
    variant,
    options,
    moves,
    ply,
    start,
    players,
    ...(notes ? { notes } : {}),
    ...(clock ? { clock } : {}),
    ...(times ? { times } : {}),
    ...(end ? { end } : {}),
    ...(offer != null ? { offer } : {}),
  };
}

// -- the optional segments -------------------------------------------------------------

/** How each optional "/<name>=<value>" segment after the moves (before
 * "/start=", which is cut off first) is read: its value's text, checked, to
 * what parse() returns.  They come in this order (format() writes them so),
 * each value running to the next segment of the table (so
 * "/end=agreement:1/2-1/2" keeps its "/"s); a name given twice or out of order is refused.
 * An unknown segment stays in the link's text, which then has too many parts. */
const SEGMENTS = {
  players: readPlayers,
  end: readEnd,
  offer: readOffer,
  clock: readClock, // (#29)
  times: readTimes, // (#29)
  notes: readNotesValue, // (#29: model/linknotes.js reads the value itself)
};
const SEGMENT_NAMES = Object.keys(SEGMENTS);
const SEGMENT_START = new RegExp(`/(${SEGMENT_NAMES.join("|")})=`, "g");

/** The segments of `text` read: {rest: the text before the first, values: {name: value}}. */
function readSegments(text) {
  const starts = [...text.matchAll(SEGMENT_START)];
  /** @type {Record<string, any>} */
  const values = {};
  starts.forEach((m, i) => {
    const name = m[1];
    if (Object.hasOwn(values, name)) throw new LinkError(t("link.error.twice", { name }));
    if (i > 0 && SEGMENT_NAMES.indexOf(name) < SEGMENT_NAMES.indexOf(starts[i - 1][1]))
      throw new LinkError(
        t("link.error.order", { later: `"/${name}="`, earlier: `"/${starts[i - 1][1]}="` }),
      );
    const end = i + 1 < starts.length ? starts[i + 1].index : text.length;
    values[name] = SEGMENTS[name](text.slice(m.index + name.length + 2, end));
  });
  if (values.times && !values.clock) throw new LinkError(t("link.error.timesNoClock"));
  return { rest: starts.length ? text.slice(0, starts[0].index) : text, values };
}

/** "/players=h,c:strong": a seat each, in seat order. */
function readPlayers(value) {
  const players = value.split(",");
  for (const p of players) {
    if (!PLAYER.test(p)) {
      throw new LinkError(t("link.error.player", { player: JSON.stringify(p), levels: LEVELS.join(", ") }));
    }
  }
  return players;
}

/** "/offer=1": the seat that offers a draw. */
function readOffer(value) {
  if (!/^\d$/.test(value)) throw new LinkError(t("link.error.offer", { value: `"${value}"` }));
  return Number(value);
}

/** "/clock=300+3" (seconds + increment seconds) or "/clock=2d" (days per move). */
function readClock(value) {
  if (!/^(\d{1,5}\+\d{1,4}|\d{1,2}d)$/.test(value) || /^0+(\+|d)/.test(value)) {
    throw new LinkError(t("link.error.clock", { value: JSON.stringify(value) }));
  }
  return value;
}

/** "/times=3100,2500": the milliseconds spent on each move of the line. */
function readTimes(value) {
  if (!/^\d{1,9}(,\d{1,9})*$/.test(value)) {
    throw new LinkError(t("link.error.timesFormat", { value: JSON.stringify(value.slice(0, 30)) }));
  }
  return value.split(",").map(Number);
}

/** "/notes=1:g:!%3F,...": checked for its shape only (linknotes.js reads it). */
function readNotesValue(value) {
  if (!/^\d{1,5}:[cgs]:[^,]*(,\d{1,5}:[cgs]:[^,]*)*$/.test(value))
    throw new LinkError(t("link.error.notes", { value: JSON.stringify(value.slice(0, 30)) }));
  return value;
}

const TERMINATION = /^(rules|resignation|agreement|time|abandoned)$/;
/** The endings a link may name ("rules", "resignation", …), read from TERMINATION. */
const ENDINGS = TERMINATION.source.slice(2, -2).split("|");
const RESULT = /^(?:[01]|1\/[234])(?:-(?:[01]|1\/[234])){1,3}$/;

/** "/end=<termination>:<result>" read: {termination, result}. */
function readEnd(value) {
  const colon = value.indexOf(":");
  const termination = unescapePart(value.slice(0, colon < 0 ? value.length : colon), t("link.part.ending"));
  const result = colon < 0 ? "" : unescapePart(value.slice(colon + 1), t("link.part.result"));
  if (!TERMINATION.test(termination)) {
    throw new LinkError(t("link.error.end", { value: `"${termination}"`, ends: ENDINGS.join(", ") }));
  }
  if (!RESULT.test(result)) throw new LinkError(t("link.error.result", { value: `"${result}"` }));
  return { termination, result };
}

/**
 * The computer's levels, weakest first: the engine's (gamut.ai.LEVELS, whose
 * order tests/test_levels.py checks against this list).  A link names a level
 * by its id, so an id never changes: beginner, casual, strong and master are
 * those of the first links; the others came with issue #31.  Each game
 * offers its own ladder of them (gamut.ai.ladder, the engine's `levels`):
 * Apprentice and Advanced only where its neighbours are far enough apart.
 */
export const LEVELS = [
  "novice",
  "beginner",
  "apprentice",
  "improver",
  "casual",
  "club",
  "advanced",
  "strong",
  "expert",
  "master",
];
const PLAYER = new RegExp(`^(h|r|c:(${LEVELS.join("|")}))$`);

/** The position text of a variant's standard start (what the engine's load() reads). */
export function standardStart(game, variant, options) {
  const opts =
    Object.entries(options || {})
      .map(([k, v]) => `${k}=${v}`)
      .join(",") || "-";
  return `${game} ${variant} ${opts} start`; // i18n: not words (the engine's position text)
}
