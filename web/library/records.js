// Records in and out of the page: export games as a Gamut record file
// (download, and the text to copy), import records (a file picked or dropped
// on the page, or pasted text) into the library.  The engine reads and
// writes every record (records_parse / records_format): the page only
// carries texts and trees.  An import says what was imported, and what was
// not and why (with the line and column the engine names).

import { $, h, saveFile } from "../app/dom.js";
import * as library from "./library.js";
import { GameModel } from "../model/game.js";
import { GameTree } from "../model/tree.js";
import { summaryOf, thumbOf } from "./keep.js";
import { clockOfRecord, recordTimeControl } from "../model/clock.js"; // (clock hook, #29)
import { linkEnding } from "../model/ending.js";
import { Cancelled, checkCancel } from "./slices.js";
import { language, t } from "../i18n/i18n.js";
import { saidOr } from "../engine/words.js";

const MAX_TEXT = 5_000_000; // characters read from one import

/** The notes the records carry (issue #29): a move's glyph, shapes and
 * times; the start's shapes only (the engine's records.notes); keys a newer
 * page may have added are left out of the record. */
const RECORD_KEYS = ["glyph", "shapes", "spent", "left"];
function recordNotes(notes, root) {
  const out = {};
  for (const key of root ? ["shapes"] : RECORD_KEYS) if (notes && notes[key] != null) out[key] = notes[key];
  return Object.keys(out).length ? out : null;
}

/** The stored tree ({v, nodes, comment?, notes?}) with its notes as a record carries them. */
function recordTree(tree) {
  const nodes = tree.nodes.map(entry => {
    if (entry.length < 4) return entry;
    const notes = recordNotes(entry[3], false);
    return notes ? [entry[0], entry[1], entry[2], notes] : entry[2] ? entry.slice(0, 3) : entry.slice(0, 2);
  });
  const { notes: rootNotes, ...rest } = tree;
  const start = recordNotes(rootNotes, true);
  return start ? { ...rest, nodes, notes: start } : { ...rest, nodes };
}

/** An entry's other tags (from the record it was imported from), when they are strings. */
function tagsOf(entry) {
  const tags = entry.tags;
  if (!tags || typeof tags !== "object") return null;
  const good = Object.entries(tags).filter(([k, v]) => typeof k === "string" && typeof v === "string");
  return good.length ? Object.fromEntries(good) : null;
}

/** The engine's record (records.Record.to_json()) of a library entry, with
 * each move's comment and notes (the JSON nodes' 4th element). */
export function recordOf(entry) {
  const g = entry.game;
  return {
    ...recordTree(g.tree),
    start: g.start,
    meta: g.meta,
    players: g.players,
    // (the engine writes the rules' result of a finished main line; a game
    // ended otherwise carries its result and Termination: resignation, ...)
    result: g.ending ? g.ending.result : "*",
    ...(g.ending ? { termination: g.ending.termination } : {}),
    date: new Date(entry.updated || Date.now()).toISOString().slice(0, 10),
    name: entry.name || null,
    ...(tagsOf(entry) ? { tags: tagsOf(entry) } : {}),
    // (clock hook, #29: the TimeControl tag; each move's [%clk]/[%emt] come from its notes)
    ...(recordTimeControl(g) ? { timecontrol: recordTimeControl(g) } : {}),
  };
}

/** A library entry of a record the engine read (`turnPlies`: the moves of
 * one turn, the view's `turn_plies`, for the clock's seats). */
export function entryOf(record, games, turnPlies = 1) {
  const tree = GameTree.fromJSON({
    v: record.v,
    nodes: record.nodes,
    ...(record.comment ? { comment: record.comment } : {}),
    ...(record.notes ? { notes: record.notes } : {}),
  });
  const main = tree.mainline([]);
  const model = new GameModel({
    start: record.start,
    meta: record.meta,
    players: record.players || [],
    tree,
    viewed: main,
    head: main,
    clock: clockOfRecord(record, tree, (record.players || []).length || 2, turnPlies), // (clock hook, #29)
    // (a game that ended beyond its rules: resigned, agreed, on time)
    ending: record.termination && record.termination !== "rules" ? linkEnding(record) : null,
  });
  model.id = library.newId();
  const now = Date.now();
  const summary = summaryOf(model, null, games);
  if (record.result && record.result !== "*") summary.result = record.result;
  return {
    id: model.id,
    v: library.VERSION,
    game: model.toJSON(),
    name: record.name || "",
    created: now,
    updated: now,
    summary,
    thumb: null,
    // (the record's other tags, as read: Event, Black, White...: searched in the list, written back on export)
    ...(record.tags && Object.keys(record.tags).length ? { tags: record.tags } : {}),
  };
}

function download(name, text) {
  saveFile(name, new Blob([text], { type: "text/plain;charset=utf-8" }));
}

function showText(text) {
  $("records-out").hidden = false;
  $("export-text").value = text;
}

/**
 * The records of `entries` written by the engine: {text, written, bad}, bad
 * being [{entry, why}] (#47: one game the engine refused made a whole export
 * fail; now the good games are written and the bad ones named).  One call for
 * them all; when it is refused, each game is tried alone to find which.
 */
export async function formatRecords(engine, entries) {
  try {
    return { ...(await engine.recordsFormat(entries.map(recordOf))), written: entries, bad: [] };
  } catch (err) {
    if (!err || !err.type || err.type === "InternalError" || entries.length < 2) throw err;
  }
  const written = [];
  const bad = [];
  for (const entry of entries) {
    try {
      await engine.recordsFormat([recordOf(entry)]);
      written.push(entry);
    } catch (/** @type {any} */ err) {
      if (!err || !err.type) throw err;
      bad.push({ entry, why: err.words || err.message });
    }
  }
  const text = written.length ? (await engine.recordsFormat(written.map(recordOf))).text : "";
  return { text, written, bad };
}

/** Export entries: a file to download and the text shown to copy; the games
 * that could not be written are named in the summary. */
export async function exportEntries(engine, entries) {
  const { text, written, bad } = await formatRecords(engine, entries);
  const name =
    entries.length === 1
      ? `${(entries[0].summary && entries[0].summary.game) || "game"}-${entries[0].id}.gamut.txt`
      : `gamut-${entries.length}-games.gamut.txt`;
  if (written.length) download(name, text);
  showText(text);
  const notWritten = bad.map(({ entry, why }) =>
    t("library.notExported", { name: entry.name || entry.summary?.title || entry.id, why }),
  );
  $("import-summary").textContent = [t("library.exported", { count: written.length }), ...notWritten].join(
    "\n",
  );
  return text;
}

/** A damaged entry as it is stored (JSON), to keep or to send for a look. */
export function exportRaw(entry) {
  const text = JSON.stringify(entry, null, 1);
  download(`damaged-game-${String(entry && entry.id).replace(/[^\w-]/g, "_")}.json`, text);
  showText(text);
}

/** Games read by the engine in one call during an import: a slice small
 * enough to show progress and to stop between (a few hundred ms of engine time). */
export const GAMES_A_SLICE = 100;

const GAME_LINE = /^[ \t]*\[[ \t]*game\b/i;

/** A records text cut into pieces of about `most` games, each {text, line}
 * (`line`: how many lines of the whole text come before it), so that a
 * large import goes to the engine a slice at a time.  A cut is made only
 * where a game surely starts: before a run of tag lines that holds a Game
 * tag and follows moves, outside any comment (a text that has none, an SGF
 * file for one, stays whole).  The engine still reads every piece. */
export function splitRecords(text, most = GAMES_A_SLICE) {
  return [...recordPieces(text, most)];
}

/** The pieces of splitRecords, each found when it is asked for: an import
 * reads the text a piece at a time, each in the task that sends it to the
 * engine (cutting a 5 MB text at once would hold the page for a long task). */
export function* recordPieces(text, most = GAMES_A_SLICE) {
  let from = 0; // the piece's first line
  let fromAt = 0; // (and where it starts in the text)
  let games = 1; // (the games of the piece; its first one starts it)
  let inComment = false;
  let moves = false; // a line of moves since the last tag line
  let block = -1; // the first line of the run of tag lines that follows moves
  let blockAt = 0;
  let at = 0; // where the next line starts
  for (let i = 0; at <= text.length; i++) {
    const lineAt = at;
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    const line = text.slice(at, end);
    at = end + 1;
    if (!inComment && /^[ \t]*\[/.test(line)) {
      // a tag line (a tag's value may hold braces: no comment starts here)
      if (moves) {
        block = i;
        blockAt = lineAt;
      }
      moves = false;
      if (block > from && GAME_LINE.test(line)) {
        games += 1;
        if (games > most) {
          yield { text: text.slice(fromAt, blockAt - 1), line: from }; // (the lines before the block, without its newline)
          from = block;
          fromAt = blockAt;
          games = 1;
        }
        block = -1;
      }
      continue;
    }
    if (line.trim()) moves = true;
    for (let c = 0; c < line.length; c++) {
      const ch = line[c];
      if (inComment) {
        if (ch === "\\") c += 1;
        else if (ch === "}") inComment = false;
      } else if (ch === "{") inComment = true;
    }
  }
  yield { text: text.slice(fromAt), line: from };
}

/** Import record texts ({name, text}); each good game becomes a library
 * entry.  The texts go to the engine GAMES_A_SLICE games at a time, and
 * each slice's games are stored in one transaction; `onProgress({games,
 * done, total})` after each (`done`/`total`: characters read of all the
 * texts), `onStored(entries)` with each slice's entries once stored; `signal` (an AbortSignal) stops it between slices, keeping the
 * games imported so far.  Resolves with {imported, failed, lines,
 * cancelled} and shows the summary. */
export async function importTexts(
  engine,
  texts,
  games,
  { signal = null, onProgress = null, onStored = null } = {},
) {
  let imported = 0;
  let failed = 0;
  let cancelled = false;
  const lines = [];
  const total = texts.reduce((n, t) => n + ((t.text && t.text.length) || 0), 0);
  let done = 0;
  let stamp = 0;
  try {
    for (const { name, text, size, latin1 } of texts) {
      if (latin1) lines.push(t("library.import.latin1", { file: name }));
      const problem = tooLarge(name, text, size);
      if (problem) {
        failed += 1;
        lines.push(problem);
        continue;
      }
      let before = 0; // games (read or not) of the earlier pieces of this text
      for (const piece of recordPieces(text)) {
        checkCancel(signal);
        let answer;
        try {
          answer = await engine.recordsParse(piece.text);
        } catch (err) {
          failed += 1;
          lines.push(`${name}: ${err.words || err.message}`);
          done += piece.text.length + 1;
          continue;
        }
        const entries = [];
        for (const record of answer.games) {
          try {
            const entry = await entryWithView(engine, record, games);
            // (each a later time than the one before: the list, newest first, shows the file's last game first)
            stamp = Math.max(Date.now(), stamp + 1);
            entry.created = entry.updated = stamp;
            entries.push(entry);
          } catch (err) {
            failed += 1;
            lines.push(t("library.import.unreadable", { file: name, why: err.words || err.message }));
          }
        }
        try {
          await library.putMany(entries);
          imported += entries.length;
          if (onStored && entries.length) onStored(entries);
        } catch (err) {
          failed += entries.length;
          lines.push(t("library.import.unstored", { file: name, count: entries.length, why: err.message }));
        }
        for (const e of answer.errors) {
          failed += 1;
          lines.push(
            t("library.import.error", {
              file: name,
              line: String(e.line + piece.line),
              col: String(e.col),
              game: String(e.game + before),
              message: saidOr(e.said, e.message),
            }),
          );
        }
        before += answer.games.length + answer.errors.length;
        done += piece.text.length + 1;
        if (onProgress) onProgress({ games: imported, done: Math.min(done, total), total });
      }
    }
  } catch (err) {
    if (!(err instanceof Cancelled)) throw err;
    cancelled = true;
  }
  const head = cancelled
    ? t("library.import.cancelled", { count: imported })
    : failed
      ? t("library.import.doneFailed", { count: imported, failed })
      : t("library.import.done", { count: imported });
  $("import-summary").textContent = [head, ...lines].join("\n");
  return { imported, failed, lines, cancelled };
}

/** The progress of an import, shown above its summary (the records
 * section opened): a bar, what is done, and a Cancel button that calls
 * `onCancel`.  Returns {update(progress), done()}. */
export function importProgress(onCancel) {
  const summary = $("import-summary");
  const details = summary.closest("details");
  if (details) details.open = true;
  const bar = h("progress", {
    id: "import-bar",
    max: "1",
    value: "0",
    "aria-label": t("library.import.progress"),
  });
  const said = h("span", { "aria-hidden": "true" }, t("library.import.running")); // (the summary below is the one read out)
  const box = h(
    "div",
    { id: "import-running", class: "records-actions" },
    bar,
    said,
    h("button", { type: "button", id: "import-cancel", onclick: onCancel }, t("library.import.cancel")),
  );
  $("import-running")?.remove();
  // (at the top of Your games, where it is seen at once; the summary stays with the records)
  $("games-undo").before(box);
  summary.textContent = t("library.import.running");
  return {
    update({ games, done, total }) {
      bar.value = total ? done / total : 0;
      summary.textContent = total
        ? t("library.import.runningPercent", { count: games, percent: Math.floor((100 * done) / total) })
        : t("library.import.runningCount", { count: games });
      said.textContent = summary.textContent;
    },
    done() {
      box.remove();
    },
  };
}

/** The library entry of a record the engine read, with the drawing of its
 * last position and its result (the engine's view), for the list. */
async function entryWithView(engine, record, games) {
  let entry = entryOf(record, games);
  try {
    const { view } = await engine.view(entry.game.start, entry.game.head);
    // (a game of turns of several moves: its clock's seats counted turn by turn)
    if ((view.turn_plies || 1) > 1 && entry.game.clock) entry = entryOf(record, games, view.turn_plies);
    const model = GameModel.fromJSON(entry.game);
    entry.summary = summaryOf(model, view, games);
    entry.thumb = thumbOf(view);
  } catch {
    /* listed without a drawing */
  }
  return entry;
}

/** Why a text cannot be imported for its size, or null.  `text` is null for
 * a file too large to be read at all (more than four bytes a character
 * allowed): then its `size` in bytes is what the message states. */
export function tooLarge(name, text, size) {
  if (text == null) {
    const megabytes = new Intl.NumberFormat(language(), {
      style: "unit",
      unit: "megabyte",
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    return t("library.import.tooLargeFile", {
      file: name,
      size: megabytes.format(size / 1e6),
      most: MAX_TEXT,
    });
  }
  if (text.length > MAX_TEXT)
    return t("library.import.tooLarge", { file: name, count: text.length, most: MAX_TEXT });
  return null;
}

/** Files (a picker's or a drop's) as {name, text, size, latin1}; a file too
 * large to hold `MAX_TEXT` characters is not read (its text is null). */
export async function readFiles(files) {
  return Promise.all(
    [...files].map(async f => ({
      name: f.name,
      size: f.size,
      ...(f.size > MAX_TEXT * 4 ? { text: null, latin1: false } : decodeText(await f.arrayBuffer())),
    })),
  );
}

/** A file's bytes as text: UTF-8 (a byte order mark dropped), else, when
 * they are not UTF-8, Latin-1 as Windows writes it (#47: "Café" saved so
 * came in as "Caf\ufffd" and nothing said so): {text, latin1}. */
export function decodeText(bytes) {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), latin1: false };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), latin1: true };
  }
}
