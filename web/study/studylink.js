// A study in one link (issue #45): a title and chapters, each a game's tree
// with its comments, glyphs, arrows and circles, a title of its own and the
// side the board is seen from.  The link's fragment is
//
//   #study/1.<data>
//
// where <data> is the study as JSON, compressed (deflate-raw, the browser's
// CompressionStream) and written in base64url ("-" and "_", no padding):
// nothing to escape in an address, a chat or a forum.  A study is checked
// for its shape here (GameModel.fromJSON reads each chapter's game); its
// moves are the engine's to check when a chapter is shown.  A link longer
// than MAX_LINK characters is not made: the study is then shared as a file
// (the records' format holds several games).  Reading never trusts the link:
// more than MAX_JSON bytes once inflated, more than MAX_CHAPTERS chapters,
// anything damaged or cut is refused with a StudyLinkError that says why in
// the page's language.
//
//   const fragment = await studyFragment(study);   // "#study/1.…" (throws StudyLinkError "tooLong")
//   const study = await readStudyFragment(location.hash);   // null: not a study's link
//   study.chapters[0].game   // a GameModel

import { t } from "../i18n/i18n.js";
import { GameModel } from "../model/game.js";
import { GameTree } from "../model/tree.js";
import { base64urlBytes, throughStream, toBase64url } from "../model/bytes.js";

export const PREFIX = "#study/";
export const VERSION = "1";
/** The longest study link made (characters): longer ones are shared as a file. */
export const MAX_LINK = 30000;
/** The most a link's study may weigh once inflated (bytes): a small link cannot unfold into a huge one. */
export const MAX_JSON = 2_000_000;
export const MAX_CHAPTERS = 64;
export const MAX_TITLE = 200;

export class StudyLinkError extends Error {
  /** `reason`: what is wrong, for code ("damaged", "tooLong", ...); the message is words. */
  constructor(reason, message) {
    super(message);
    this.name = "StudyLinkError";
    this.reason = reason;
  }

  get words() {
    return this.message;
  }
}

const refuse = (reason, args = {}) => new StudyLinkError(reason, t(`study.link.${reason}`, args));

/** A title as a study keeps it: text, at most MAX_TITLE characters. */
function title(text) {
  return String(text ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_TITLE);
}

/**
 * The study's stored form: {v, title, chapters: [{title, flip, game}]}, each
 * game only what a study shows (its start, kind and tree; not its players,
 * clock or analysis).
 * @param {{title: string, chapters: {title: string, flip?: boolean, game: GameModel}[]}} study
 */
export function studyJSON(study) {
  return {
    v: 1,
    title: title(study.title),
    chapters: study.chapters.map(c => ({
      title: title(c.title),
      flip: !!c.flip,
      game: { start: c.game.start, meta: c.game.meta, tree: c.game.tree.toJSON() },
    })),
  };
}

/** The study read from its stored form (the inverse of studyJSON); throws StudyLinkError. */
export function studyFromJSON(data) {
  if (!data || typeof data !== "object" || data.v !== 1 || !Array.isArray(data.chapters))
    throw refuse("damaged");
  if (!data.chapters.length) throw refuse("empty");
  if (data.chapters.length > MAX_CHAPTERS) throw refuse("tooMany", { most: MAX_CHAPTERS });
  const chapters = data.chapters.map((c, i) => {
    if (!c || typeof c !== "object" || !c.game || typeof c.game !== "object") throw refuse("damaged");
    let game;
    try {
      const main = GameTree.fromJSON(c.game.tree).mainline([]);
      game = GameModel.fromJSON({ ...c.game, players: [], viewed: [], head: main, tip: main });
    } catch (err) {
      throw refuse("chapter", { n: i + 1, why: /** @type {Error} */ (err).message });
    }
    return { title: title(c.title), flip: c.flip === true, game };
  });
  return { title: title(data.title), chapters };
}

// -- bytes -----------------------------------------------------------------------------

/** `bytes` through a (de)compression stream, at most `most` bytes out (model/bytes.js). */
const through = (stream, bytes, most = Infinity) =>
  throughStream(stream, bytes, most, () => refuse("tooLarge"));

export { toBase64url };

/** base64url as bytes; throws StudyLinkError "damaged" on a character base64url has not. */
export function fromBase64url(text) {
  const bytes = base64urlBytes(text);
  if (!bytes) throw refuse("damaged");
  return bytes;
}

// -- the link ---------------------------------------------------------------------------

/** The link fragment of `study` ({title, chapters: [{title, flip, game: GameModel}]});
 * throws StudyLinkError "tooLong" past MAX_LINK characters. */
export async function studyFragment(study) {
  const json = new TextEncoder().encode(JSON.stringify(studyJSON(study)));
  const packed = await through(new CompressionStream("deflate-raw"), json);
  const fragment = `${PREFIX}${VERSION}.${toBase64url(packed)}`;
  if (fragment.length > MAX_LINK) throw refuse("tooLong", { most: MAX_LINK.toLocaleString("en") });
  return fragment;
}

/** Whether `hash` is a study's link (good or bad). */
export function isStudyFragment(hash) {
  return String(hash || "").startsWith(PREFIX);
}

/** The study in the link `hash`, or null when it is not a study's link;
 * throws StudyLinkError when it is one that cannot be read. */
export async function readStudyFragment(hash) {
  if (!isStudyFragment(hash)) return null;
  const body = String(hash).slice(PREFIX.length);
  const dot = body.indexOf(".");
  if (dot < 0) throw refuse("damaged");
  if (body.slice(0, dot) !== VERSION) throw refuse("version", { version: body.slice(0, dot).slice(0, 10) });
  if (body.length > MAX_LINK * 2) throw refuse("tooLarge");
  const packed = fromBase64url(body.slice(dot + 1));
  let json;
  try {
    json = await through(new DecompressionStream("deflate-raw"), packed, MAX_JSON);
  } catch (err) {
    if (err instanceof StudyLinkError) throw err;
    throw refuse("damaged"); // (cut short, or not deflate at all)
  }
  let data;
  try {
    data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(json));
  } catch {
    throw refuse("damaged");
  }
  return studyFromJSON(data);
}
