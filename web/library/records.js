// Records in and out of the page: export games as a Gamut record file
// (download, and the text to copy), import records (a file picked or dropped
// on the page, or pasted text) into the library.  The engine reads and
// writes every record (records_parse / records_format): the page only
// carries texts and trees.  An import says what was imported, and what was
// not and why (with the line and column the engine names).

import { $ } from "../app/dom.js";
import * as library from "./library.js";
import { GameModel } from "../model/game.js";
import { GameTree } from "../model/tree.js";
import { summaryOf, thumbOf } from "./keep.js";
import { clockOfRecord, recordTimeControl } from "../model/clock.js"; // (clock hook, #29)
import { linkEnding } from "../model/ending.js";

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
    // (clock hook, #29: the TimeControl tag; each move's [%clk]/[%emt] come from its notes)
    ...(recordTimeControl(g) ? { timecontrol: recordTimeControl(g) } : {}),
  };
}

/** A library entry of a record the engine read. */
export function entryOf(record, games) {
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
    clock: clockOfRecord(record, tree, (record.players || []).length || 2), // (clock hook, #29)
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
  };
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function showText(text) {
  $("records-out").hidden = false;
  $("export-text").value = text;
}

/** Export entries: a file to download and the text shown to copy. */
export async function exportEntries(engine, entries) {
  const { text } = await engine.recordsFormat(entries.map(recordOf));
  const name =
    entries.length === 1
      ? `${(entries[0].summary && entries[0].summary.game) || "game"}-${entries[0].id}.gamut.txt`
      : `gamut-${entries.length}-games.gamut.txt`;
  download(name, text);
  showText(text);
  $("import-summary").textContent = `Exported ${entries.length} game${entries.length === 1 ? "" : "s"}.`;
  return text;
}

/** A damaged entry as it is stored (JSON), to keep or to send for a look. */
export function exportRaw(entry) {
  const text = JSON.stringify(entry, null, 1);
  download(`damaged-game-${String(entry && entry.id).replace(/[^\w-]/g, "_")}.json`, text);
  showText(text);
}

/** Import record texts ({name, text}); each good game becomes a library
 * entry.  Resolves with {imported, failed, lines} and shows the summary. */
export async function importTexts(engine, texts, games) {
  let imported = 0;
  let failed = 0;
  const lines = [];
  for (const { name, text, size } of texts) {
    const problem = tooLarge(name, text, size);
    if (problem) {
      failed += 1;
      lines.push(problem);
      continue;
    }
    let answer;
    try {
      answer = await engine.recordsParse(text);
    } catch (err) {
      failed += 1;
      lines.push(`${name}: ${err.message}`);
      continue;
    }
    for (const record of answer.games) {
      try {
        const entry = entryOf(record, games);
        try {
          // the drawing of its last position, and its result, for the list
          const { view } = await engine.view(entry.game.start, entry.game.head);
          const model = GameModel.fromJSON(entry.game);
          entry.summary = summaryOf(model, view, games);
          entry.thumb = thumbOf(view);
        } catch {
          /* listed without a drawing */
        }
        await library.put(entry);
        imported += 1;
      } catch (err) {
        failed += 1;
        lines.push(`${name}: a game could not be stored (${err.message}).`);
      }
    }
    for (const e of answer.errors) {
      failed += 1;
      lines.push(`${name}:${e.line}:${e.col}: game ${e.game}: ${e.message}`);
    }
  }
  const head = `Imported ${imported} game${imported === 1 ? "" : "s"}${failed ? `; ${failed} could not be imported:` : "."}`;
  $("import-summary").textContent = [head, ...lines].join("\n");
  return { imported, failed, lines };
}

/** Why a text cannot be imported for its size, or null.  `text` is null for
 * a file too large to be read at all (more than four bytes a character
 * allowed): then its `size` in bytes is what the message states. */
export function tooLarge(name, text, size) {
  const most = `at most ${MAX_TEXT.toLocaleString("en-US")} characters`;
  if (text == null) return `${name}: too large to import (${(size / 1e6).toFixed(1)} MB; ${most}).`;
  if (text.length > MAX_TEXT) {
    return `${name}: too large to import (${text.length.toLocaleString("en-US")} characters; ${most}).`;
  }
  return null;
}

/** Files (a picker's or a drop's) as {name, text, size}; a file too large
 * to hold `MAX_TEXT` characters is not read (its text is null). */
export async function readFiles(files) {
  return Promise.all(
    [...files].map(async f => ({
      name: f.name,
      size: f.size,
      text: f.size > MAX_TEXT * 4 ? null : await f.text(),
    })),
  );
}
