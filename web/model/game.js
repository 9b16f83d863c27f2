// The game model: the one source of truth for the game on the page.
//
// It owns the start position (a position text the engine reads), the game's
// id, variant and options, who plays each seat, the tree of moves
// (tree.js), and three lines in that tree:
//   viewed  the position on the board (browsing moves only this);
//   head    where the game goes on: the last move played, by anyone (the
//           computer thinks here, whatever is being viewed);
//   tip     the furthest line played through the head (what Redo replays
//           after an Undo).
// A line is an array of move texts from the start.  The model knows no
// rules: which moves are legal, and who is to move, the engine says.
// Every change calls the listeners with what changed ("position", "tree",
// "players", "game", "analysis", "notes"): the page redraws from the model, and the
// computer controller decides from it whether to think.  The model also
// keeps the engine's analysis of its main line (analysis.js), saved with it
// while the main line is the line analysed.
// A game may end beyond its rules (ending.js: resigned, a draw agreed, lost
// on time): `ending` holds how, and `offer` a draw offer.  Once it ended the
// game is over and the board becomes analysis, as on lichess: the head stays
// at the game's end (no takeback, the computer plays no more), and a move
// played goes into a variation; none extends the main line.

import { t } from "../i18n/i18n.js";
import { GameTree, TreeError } from "./tree.js";
import { isPrefix, sameLine } from "./line.js";
import { analysisFor, readAnalysis } from "./analysis.js";
import * as link from "./url.js";
import { Clock, clockFromLink, clockLink, clockMove, flagFell } from "./clock.js"; // (clock hook, #29)
import { applyLinkNotes, linkNotes, readLinkNotes } from "./linknotes.js";
import { linkEnding, readEnding, readOffer } from "./ending.js";
import { MAX_DELETED, mergeCopy, validRecord } from "./gamemerge.js";

export class GameModel {
  /** `start`: position text; `meta`: {game, variant, options}; `players`: ["h" | "c:<level>"];
   * `ending`, `offer`: how the game ended and a draw offer (ending.js), or null;
   * `liveMark`: the live game it is (readLiveMark), or null.
   * @param {{start: string, meta: any, players?: string[], tree?: GameTree, viewed?: string[],
   *   head?: string[] | null, tip?: string[] | null, analysis?: any, deleted?: any[],
   *   ending?: any, offer?: any, clock?: any, liveMark?: any}} init */
  constructor({
    start,
    meta,
    players = [],
    tree = new GameTree(),
    viewed = [],
    head = null,
    tip = null,
    analysis = null,
    deleted = [],
    clock = null,
    ending = null,
    offer = null,
    liveMark = null,
  }) {
    this.start = start;
    this.meta = { game: meta.game, variant: meta.variant, options: { ...(meta.options || {}) } };
    this.players = [...players];
    this.tree = tree;
    this.viewed = [...viewed];
    this.head = head ? [...head] : [...viewed];
    this.tip = tip ? [...tip] : [...this.head];
    this.analysis = analysis; // the engine's analysis of a main line (analysis.js), or null
    // the player's deletions, as records [line, at, live] (oldest first): a
    // merge with a stored copy or another tab's keeps each line's latest
    // record, so a deleted line is not brought back by a copy made before,
    // and a line played again after its deletion is not deleted again
    this.deleted = deleted.map(([l, at, live]) => [[...l], at, live]);
    this.clock = clock; // (clock hook, #29) the game's Clock (model/clock.js), or null: no time control
    this.live = false; // (#46) played live: the far seat's clock runs here too (set by live/, never saved)
    this.liveMark = readLiveMark(liveMark); // (#46) the live game it is, saved: reopened, it connects again
    this.ending = readEnding(ending); // how the game ended beyond its rules (ending.js), or null
    this.offer = readOffer(offer); // a draw offer (ending.js), or null
    this.listeners = new Set();
    this.rev = 0; // counts the changes (views redraw only what changed)
  }

  subscribe(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  _changed(what) {
    this.rev += 1;
    for (const fn of [...this.listeners]) fn(what, this);
  }

  /** The viewed position's ply (its line's length). */
  get ply() {
    return this.viewed.length;
  }

  get atHead() {
    return sameLine(this.viewed, this.head);
  }

  // -- playing ------------------------------------------------------------------
  /** A move played at the viewed position (by a human): it goes into the
   * tree (beside any continuation there, never replacing it), and the game
   * goes on from it.  Its line, or null: the time ran out before it (#47). */
  play(move) {
    if (this.ending && this.extendsMain(this.viewed)) throw new TreeError(t("record.game.over"));
    if (flagFell(this)) return null; // (the game ended on time before this move: #47)
    const { line } = this.tree.add(this.viewed, move);
    this._undelete(line);
    this.viewed = line;
    if (!this.ending) this._setHead(line); // (an ended game's head stays at its end)
    clockMove(this, line); // (clock hook, #29: the mover's clock stops; the move's time noted)
    this._changed("tree");
    return line;
  }

  /** Whether a move at `line` would go on the main line (at its end). */
  extendsMain(line) {
    return this.tree.isMain(line) && this.tree.children(line).length === 0;
  }

  /** The game ends (an ending of ending.js): the draw offer goes with it. */
  end(ending) {
    this.ending = readEnding(ending);
    this.offer = null;
    this._changed("game");
  }

  /** A draw offer made, declined (ending.js), or withdrawn (null). */
  setOffer(offer) {
    this.offer = readOffer(offer);
    this._changed("game");
  }

  /** A move played at `at` (the computer's, for the head it thought about).
   * The viewed position follows only if it was the head. */
  playAt(at, move) {
    if (this.ending || flagFell(this)) return null; // (a computer's move found after the game ended)
    const { line } = this.tree.add(at, move);
    this._undelete(line);
    if (sameLine(this.viewed, at)) this.viewed = line;
    this._setHead(line);
    clockMove(this, line); // (clock hook, #29)
    this._changed("tree");
    return line;
  }

  /** `line` is in the tree again (played again, or the delete undone): no
   * deletion covers it any more. */
  _undelete(line) {
    const now = Date.now();
    for (const r of this.deleted)
      if (r[2] && isPrefix(r[0], line)) {
        r[1] = now;
        r[2] = false;
      }
  }

  /** Whether `line` is deleted: the latest record of the lines before,
   * at or after it is a deletion of it or of a line before it (a line
   * played again later at or after it brings it back: it was played too). */
  isDeleted(line) {
    /** @type {any[] | null} */
    let latest = null;
    for (const r of this.deleted) {
      if ((isPrefix(r[0], line) || isPrefix(line, r[0])) && (!latest || r[1] >= latest[1])) latest = r;
    }
    return !!latest && latest[2] && isPrefix(latest[0], line);
  }

  _setHead(line) {
    if (this.offer && !sameLine(this.offer.at, line)) this.offer = null; // (a move withdraws a draw offer)
    this.head = [...line];
    if (!isPrefix(line, this.tip)) this.tip = [...line];
  }

  // -- browsing -----------------------------------------------------------------
  goTo(line) {
    if (!this.tree.has(line) || sameLine(line, this.viewed)) return false;
    this.viewed = [...line];
    this._changed("position");
    return true;
  }

  back() {
    return this.goTo(this.viewed.slice(0, -1));
  }

  /** Forward along the line being followed: the tip's, else the main continuation. */
  forward() {
    const next = this._onward(this.viewed);
    return next ? this.goTo(next) : false;
  }

  first() {
    return this.goTo([]);
  }

  /** The end of the viewed line (along the tip where it goes through, else the main continuations). */
  last() {
    return this.goTo(this._end(this.viewed));
  }

  /** Into the next (dir 1) or previous (dir -1) variation at the viewed
   * position's fork: down from a move with variations enters the first one. */
  variation(dir) {
    const line = this.viewed;
    if (dir > 0 && this.tree.children(line).length > 1) {
      // a fork after this position: step into its first variation
      return this.goTo([...line, this.tree.children(line)[1]]);
    }
    if (!line.length) return false;
    const sibs = this.tree.variations(line);
    const i = sibs.findIndex(s => sameLine(s, line));
    const j = i + dir;
    return j >= 0 && j < sibs.length ? this.goTo(sibs[j]) : false;
  }

  /** Where following `line` on ends: along the tip where it goes through,
   * then the main continuations (_onward to the end, in one walk). */
  _end(line) {
    return this.tree.mainline(isPrefix(line, this.tip) ? this.tip : line);
  }

  _onward(line) {
    if (isPrefix(line, this.tip) && this.tip.length > line.length) return this.tip.slice(0, line.length + 1);
    return this.tree.next(line);
  }

  // -- undo and redo (moves stay in the tree) ------------------------------------
  /** The game goes back to `line` (a position on the head's line): the head
   * and the board move there; the moves taken back stay in the tree. */
  takeBack(line) {
    if (this.ending || !isPrefix(line, this.head) || sameLine(line, this.head)) return false;
    this.head = [...line];
    this.viewed = [...line];
    this._changed("position");
    return true;
  }

  /** The move Redo would play at the head, or null. */
  redoMove() {
    const next = this._onward(this.head);
    return next ? next[next.length - 1] : null;
  }

  redo() {
    const next = this._onward(this.head);
    if (!next || this.ending) return false;
    this.head = next;
    this.viewed = [...next];
    this._changed("position");
    return true;
  }

  // -- editing the tree -----------------------------------------------------------
  promote(line) {
    const changed = this.tree.promote(line);
    if (changed) this._changed("tree");
    return changed;
  }

  /** Delete the move at `line` and all after it; returns what restore() takes. */
  remove(line) {
    if (!line.length || !this.tree.has(line)) return null;
    const saved = this._cut(line);
    this.deleted = [...this.deleted.filter(([d]) => !isPrefix(line, d)), [[...line], Date.now(), true]].slice(
      -MAX_DELETED,
    );
    this._changed("tree");
    return saved;
  }

  /** Take `line` and all after it out of the tree (the lines shown move off it). */
  _cut(line) {
    const saved = { token: this.tree.remove(line), viewed: this.viewed, head: this.head, tip: this.tip };
    const parent = line.slice(0, -1);
    const cut = l => (isPrefix(line, l) ? [...parent] : l);
    this.viewed = cut(this.viewed);
    this.head = cut(this.head);
    this.tip = cut(this.tip);
    if (!isPrefix(this.head, this.tip)) this.tip = [...this.head];
    return saved;
  }

  restore(saved) {
    this.tree.restore(saved.token);
    this._undelete(saved.token.line);
    this.viewed = saved.viewed;
    this.head = saved.head;
    this.tip = saved.tip;
    this._changed("tree");
  }

  /** A line of moves (the engine's) added after `at` as a variation, or
   * along what is there; the board shows its first move.  The head stays. */
  addLine(at, moves) {
    let line = [...at];
    for (const move of moves) line = this.tree.add(line, move).line;
    this.viewed = at.concat(moves.slice(0, 1));
    this._changed("tree");
    return line;
  }

  /** The engine's analysis of the main line (kept while the main line is that line). */
  setAnalysis(analysis) {
    this.analysis = analysis;
    this._changed("analysis");
  }

  /** A move's comment and notes (#29; tree.js setNotesAt: a key holding null deletes it), saved with the game. */
  setNotes(line, { comment, ...patch }) {
    const before = this.tree.notesVersion;
    if (Object.keys(patch).length) this.tree.setNotes(line, patch);
    if (comment !== undefined) this.tree.setComment(line, comment);
    if (this.tree.notesVersion !== before) this._changed("notes");
  }

  setPlayers(players) {
    this.players = [...players];
    this._changed("players");
  }

  // -- links and saves ----------------------------------------------------------------
  /** The line a link to the viewed position holds: to it, and on along the line being followed. */
  linkLine() {
    return this._end(this.viewed);
  }

  fragment() {
    const moves = this.linkLine();
    return link.format({
      ...this.meta,
      moves,
      ply: this.ply,
      start: isStandardStart(this.start) ? null : this.start,
      players: this.players,
      ...clockLink(this, moves), // (clock hook, #29: /clock= and /times=)
      end: this.ending && { termination: this.ending.termination, result: this.ending.result },
      offer: this.offer && !this.offer.declined && sameLine(this.offer.at, moves) ? this.offer.by : null,
      notes: linkNotes(this.tree, moves), // (#29: the line's comments, glyphs and drawings)
    });
  }

  /** A model of a link's game: its line is the tree, the link's move is viewed. */
  static fromLink(parsed, start) {
    const ply = parsed.ply == null ? parsed.moves.length : parsed.ply;
    const model = new GameModel({
      start,
      meta: parsed,
      players: parsed.players || [],
      tree: GameTree.fromLine(parsed.moves),
      viewed: parsed.moves.slice(0, ply),
      head: parsed.moves,
      ending: linkEnding(parsed.end),
      offer: parsed.offer == null ? null : { by: parsed.offer, at: parsed.moves },
    });
    model.clock = clockFromLink(parsed, model); // (clock hook, #29)
    if (parsed.notes) applyLinkNotes(model.tree, parsed.moves, readLinkNotes(parsed.notes));
    return model;
  }

  /** A link's (or a stored copy's) ending and draw offer taken in: an
   * ending is never undone; an offer stands only at this game's head.
   * Returns whether anything changed. */
  adoptEnd(other) {
    const ending = readEnding(other.ending);
    const offer = readOffer(other.offer);
    let changed = false;
    if (ending && !this.ending) {
      this.ending = ending;
      this.offer = null;
      changed = true;
    }
    // (an offer this game already answered, or its own, stays as it is)
    if (!this.ending && offer && !this.offer && sameLine(offer.at, this.head)) {
      this.offer = offer;
      changed = true;
    }
    return changed;
  }

  /** Merge a stored copy of this game (`stored`: toJSON(), from another
   * tab or an earlier save) into this one: the union of both trees, less
   * the lines deleted in either (a deletion made in another tab is made here
   * too; a line deleted here is not brought back).  Returns how many
   * changes it made to the tree, or -1 for a copy whose tree cannot be read
   * (nothing merged: the caller must not write over it). */
  merge(stored) {
    return mergeCopy(this, stored);
  }

  toJSON() {
    return {
      start: this.start,
      meta: this.meta,
      players: this.players,
      tree: this.tree.toJSON(),
      viewed: this.viewed,
      head: this.head,
      tip: this.tip,
      // (an analysis of another main line is dropped)
      ...(analysisFor(this.analysis, this.tree.mainline([])) ? { analysis: this.analysis } : {}),
      ...(this.deleted.length ? { deleted: this.deleted } : {}),
      ...(this.clock ? { clock: this.clock.toJSON() } : {}), // (clock hook, #29)
      ...(this.ending ? { ending: this.ending } : {}),
      ...(this.offer ? { offer: this.offer } : {}),
      ...(this.liveMark ? { liveMark: this.liveMark } : {}),
    };
  }

  /** The inverse of toJSON(); throws TreeError (or TypeError) on anything malformed. */
  static fromJSON(data) {
    const text = x => typeof x === "string";
    const line = x => Array.isArray(x) && x.every(text);
    if (!data || typeof data !== "object") throw new TreeError(t("record.game.notObject"));
    if (!text(data.start) || !data.start.trim()) throw new TreeError(t("record.game.noStart"));
    const meta = data.meta;
    if (!meta || !text(meta.game) || !text(meta.variant) || typeof (meta.options || {}) !== "object") {
      throw new TreeError(t("record.game.noMeta"));
    }
    for (const [k, v] of Object.entries(meta.options || {})) {
      if (!text(v)) throw new TreeError(t("record.game.option", { option: k }));
    }
    if (!line(data.players || [])) throw new TreeError(t("record.game.players"));
    const tree = GameTree.fromJSON(data.tree);
    const deleted = data.deleted ?? [];
    if (!Array.isArray(deleted) || !deleted.every(validRecord)) {
      throw new TreeError(t("record.game.deletions"));
    }
    for (const name of ["viewed", "head", "tip"]) {
      if (!line(data[name]) || !tree.has(data[name]))
        throw new TreeError(t("record.game.line", { line: name }));
    }
    // an analysis that cannot be read is dropped: the game itself loads
    return new GameModel({
      ...data,
      tree,
      analysis: readAnalysis(data.analysis),
      deleted: deleted.slice(-MAX_DELETED),
      clock: Clock.fromJSON(data.clock), // (clock hook, #29: a clock that cannot be read is dropped)
    });
  }
}

/** A live game's mark (#46) as read from a saved game: {id, seat, host} (the live
 * session's id, this page's seat, whether this page made the invitation: it makes
 * the new link after a drop), or null (none, or not one: the game opens by link). */
export function readLiveMark(x) {
  if (!x || typeof x !== "object") return null;
  const { id, seat, host } = x;
  const valid = typeof id === "string" && link.LIVE_GAME_ID.test(id);
  return valid && (seat === 0 || seat === 1) && typeof host === "boolean" ? { id, seat, host } : null;
}

export function isStandardStart(start) {
  return start.trim().split(/\s+/).slice(3).join(" ") === "start";
}
