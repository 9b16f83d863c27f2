// Game analysis on the page: the results (what the engine's "analyse" job
// returns, kept with the game in the library) and the controller that runs
// the job.
//
// An analysis belongs to one main line: `analysisFor(data, line)` gives it
// only while the game's main line is the line analysed, so a game whose
// main line changed shows none (and GameModel.toJSON no longer stores it).
// The engine judged every move (gamut/analysis/); the page only reads:
//   {v: 1, level, depth, line: [moves],
//    positions: [{to_move, chances: [per seat], best, pv, score, winner, moves, over, depth, work}],
//    moves: [{ply, move, seat, before, after, loss, best, pv, mark, reason, best_after}],
//    summary: [{seat, moves, marks: {inaccuracy, mistake, blunder}, average_loss}]}
//
// The Analyser runs the job for the model's main line, like the computer
// controller runs searches: start(level or "depth:N") and cancel() are actions; sync() runs
// after every model change and drops a job whose line is no longer the main
// line.  Drawing reads it and never starts or stops anything.

import { sameLine } from "./line.js";
import { t } from "../i18n/i18n.js";

export const MARKS = ["inaccuracy", "mistake", "blunder"];
export const MARK_GLYPH = { inaccuracy: "?!", mistake: "?", blunder: "??" };
/** A mark's name in the page's language (getters: read when drawn, once the catalog is loaded). */
export const MARK_NAME = {
  get inaccuracy() {
    return t("model.mark.inaccuracy");
  },
  get mistake() {
    return t("model.mark.mistake");
  },
  get blunder() {
    return t("model.mark.blunder");
  },
};
/** Why a move was marked, as the catalog's key. */
const REASON_KEY = { "missed-win": "model.reason.missedWin", "forced-loss": "model.reason.forcedLoss" };
export const ANALYSE_LEVELS = ["beginner", "casual", "strong", "master"];

const isText = x => typeof x === "string";
const isNum = x => typeof x === "number" && Number.isFinite(x);
const isChances = x => Array.isArray(x) && x.length >= 2 && x.every(c => isNum(c) && c >= 0 && c <= 1);

/** `data` if it is a well-formed analysis (version 1), else null: what the
 * library gives back may be anything (an older page, a damaged entry). */
export function readAnalysis(data) {
  if (!data || typeof data !== "object" || data.v !== 1) return null;
  const { line, positions, moves, summary } = data;
  if (!Array.isArray(line) || !line.every(isText)) return null;
  if (!Array.isArray(positions) || positions.length !== line.length + 1) return null;
  if (
    !positions.every(p => p && typeof p === "object" && isChances(p.chances) && Number.isInteger(p.to_move))
  )
    return null;
  if (!Array.isArray(moves) || moves.length !== line.length) return null;
  const good = (m, i) =>
    m &&
    m.ply === i &&
    m.move === line[i] &&
    Number.isInteger(m.seat) &&
    isNum(m.loss) &&
    (m.mark === null || MARKS.includes(m.mark)) &&
    Array.isArray(m.pv) &&
    m.pv.every(isText) &&
    (m.best === null || isText(m.best));
  if (!moves.every(good)) return null;
  if (
    !Array.isArray(summary) ||
    !summary.every(
      s =>
        s &&
        Number.isInteger(s.seat) &&
        isNum(s.average_loss) &&
        s.marks &&
        MARKS.every(k => Number.isInteger(s.marks[k])),
    )
  )
    return null;
  return data;
}

/** The analysis of `mainLine`, or null (none, or one of another line). */
export function analysisFor(data, mainLine) {
  return data && sameLine(data.line, mainLine) ? data : null;
}

/** Where the viewed line meets the analysed one: `ply` of the viewed
 * position when it is on the analysed line, else -1. */
export function plyOnLine(analysis, viewed) {
  if (!analysis || viewed.length > analysis.line.length) return -1;
  return viewed.every((m, i) => m === analysis.line[i]) ? viewed.length : -1;
}

/** The marked move to tell about at the viewed position: the move into it,
 * or else the move played from it (where the engine's move can be shown
 * on the board), when marked.  {judgement, before: true when the viewed
 * position is the one the move was played in} or null. */
export function markedAt(analysis, viewed) {
  const ply = plyOnLine(analysis, viewed);
  if (ply < 0) return null;
  const into = ply > 0 ? analysis.moves[ply - 1] : null;
  if (into && into.mark) return { judgement: into, before: false };
  const from = analysis.moves[ply];
  if (from && from.mark) return { judgement: from, before: true };
  return null;
}

/** {ply: mark} of the analysed line's marked moves (ply of the position after the move). */
export function marksByPly(analysis) {
  const out = {};
  for (const m of (analysis && analysis.moves) || []) if (m.mark) out[m.ply + 1] = m.mark;
  return out;
}

/** A seat's prospects in one evaluated position, in a few words. */
export function chanceText(position, seat) {
  if (!position) return "";
  if (position.over)
    return t("model.chance.over", {
      result: position.winner == null ? "drawn" : position.winner === seat ? "won" : "lost",
    });
  if (position.winner != null) {
    const wins = position.winner === seat ? "wins" : "loses";
    return position.moves
      ? t("model.chance.winsIn", { wins, count: position.moves })
      : t("model.chance.wins", { wins });
  }
  return percent(position.chances[seat]);
}

const percent = x => t("model.percent", { value: Math.round(100 * x) });

/** A sentence about a marked move: what it was, and what it cost. */
export function judgementText(j, seatName) {
  return t(REASON_KEY[j.reason] ? "model.judgementWhy" : "model.judgement", {
    mark: MARK_NAME[j.mark] || j.mark,
    reason: REASON_KEY[j.reason] ? t(REASON_KEY[j.reason]) : "",
    move: j.move,
    seat: seatName(j.seat),
    before: percent(j.best_after ?? j.before),
    after: percent(j.after),
  });
}

export class Analyser {
  /** `engine`: the worker's client; `onChange()`: redraw; `onDone(model, result)`: keep the result with the game;
   * `onError(message)`. */
  constructor({ engine, onChange, onDone, onError }) {
    this.engine = engine;
    this.onChange = onChange;
    this.onDone = onDone;
    this.onError = onError;
    this.model = null;
    /** The analysis running, or null: its line, its setting, the engine job, its last
     * progress and the evaluations finished so far.
     * @type {{line: string[], setting: string, job: any, progress: any, evaluations: any[]} | null} */
    this.running = null;
  }

  attach(model) {
    this._stop();
    this.model = model;
  }

  /** The main line of the game, which an analysis is about. */
  mainLine() {
    return this.model ? this.model.tree.mainline([]) : [];
  }

  /** The finished analysis of the main line, or null. */
  result() {
    return this.model ? analysisFor(this.model.analysis, this.mainLine()) : null;
  }

  /** Drop a job whose line is no longer the main line. */
  sync() {
    const r = this.running;
    if (r && (!this.model || !sameLine(r.line, this.mainLine()))) {
      this._stop();
      this.onChange();
    }
  }

  /** Analyse the main line at `setting`: a level ("strong"), or "depth:<plies>"
   * (again: a new analysis replaces the old when done). */
  start(setting) {
    const m = this.model;
    if (!m) return;
    this._stop();
    const line = this.mainLine();
    const depth = /^depth:(\d+)$/.exec(setting || "");
    const how = depth ? { depth: Number(depth[1]) } : { level: setting };
    /** @type {{line: string[], setting: string, job: any, progress: any, evaluations: any[]}} */
    const r = { line, setting, progress: null, job: null, evaluations: [] };
    r.job = this.engine.analyse({ start: m.start, line, ...how }, progress => {
      if (this.running !== r) return;
      r.progress = progress;
      // each progress brings the evaluations finished since the last, from
      // `first` (issue #32: never every finished position again)
      const fresh = (progress && progress.evaluations) || [];
      const first = progress && Number.isInteger(progress.first) ? progress.first : r.evaluations.length;
      r.evaluations.length = Math.min(first, r.evaluations.length);
      for (const e of fresh) r.evaluations.push(e);
      this.onChange();
    });
    this.running = r;
    r.job.promise.then(
      result => {
        if (this.running !== r) return;
        this.running = null;
        if (this.model === m && sameLine(line, this.mainLine())) this.onDone(m, result);
        this.onChange();
      },
      err => {
        if (this.running !== r) return;
        this.running = null;
        if (!(err && err.type === "CancelledError"))
          this.onError(t("analysis.stopped", { why: (err && (err.words || err.message)) || String(err) }));
        this.onChange();
      },
    );
    this.onChange();
  }

  cancel() {
    this._stop();
    this.onChange();
  }

  _stop() {
    const r = this.running;
    this.running = null;
    if (r) r.job.cancel();
  }

  /** What the graph shows: the finished analysis's positions, or the ones done so far. */
  positions() {
    const done = this.result();
    if (done) return done.positions;
    return this.running ? this.running.evaluations : [];
  }

  /** The share of the running analysis done (0 to 1), or null when none runs. */
  fraction() {
    if (!this.running) return null;
    const p = this.running.progress;
    return p && isNum(p.fraction) ? Math.max(0, Math.min(1, p.fraction)) : 0;
  }
}

/** Moves of the engine's line numbered on the board (its first is the arrow). */
export const LINE_ON_BOARD = 4;

/** The positions whose views say where the engine's line goes on from its
 * first move (the lines from `viewed` after 1, 2, ... of its moves), while
 * `viewed` is a position a marked move was played in; else []. */
export function engineLinePositions(analysis, viewed) {
  const marked = markedAt(analysis, viewed);
  if (!marked || !marked.before) return [];
  const pv = marked.judgement.pv || [];
  const out = [];
  for (let k = 1; k < Math.min(pv.length, LINE_ON_BOARD); k++) out.push([...viewed, ...pv.slice(0, k)]);
  return out;
}

/** The engine's better move drawn on the board (an arrow) while the viewed
 * position is the one a marked move was played in, with the moves of its
 * line after it numbered (2, 3, ...) where `viewOf(line)` has the view of
 * the position each is played in: a board suggestion {cells, kind:
 * "analysis", text, line: [{n, cells}]}, or null. */
/** @param {(line: string[]) => any} [viewOf] */
export function engineMoveOnBoard(analysis, viewed, view, viewOf = () => null) {
  const marked = markedAt(analysis, viewed);
  if (!marked || !marked.before || !view) return null;
  const text = marked.judgement.best;
  const move = (view.moves || []).find(m => m.text === text);
  if (!move || !move.clicks || !move.clicks.length) return null;
  const pv = marked.judgement.pv || [];
  /** @type {{n: number, cells: string[]}[]} */
  const line = [];
  engineLinePositions(analysis, viewed).forEach((at, i) => {
    const v = viewOf(at);
    const next = v && (v.moves || []).find(m => m.text === pv[i + 1]);
    if (next && next.clicks && next.clicks.length) line.push({ n: i + 2, cells: next.clicks });
  });
  return { cells: move.clicks, kind: "analysis", text, ...(line.length ? { line } : {}) };
}
