// Opening games: from a link, from the library, fresh, or another game's
// tab.  Every path ends in a checked GameModel (its lines replayed by the
// engine) or in a typed error with a message; nothing here replaces the
// game on screen: the app does that with what these functions return.

import { GameModel } from "../model/game.js";
import { clockFromLink, clockNow } from "../model/clock.js";
import { t } from "../i18n/i18n.js";
import { commonPrefix } from "../model/line.js";
import { nextTask, SLICE_MS } from "./slices.js";
import * as library from "./library.js";
import { headOf, summaryRelation } from "./summaries.js";
import * as storage from "./storage.js";
import { setCurrentId } from "./keep.js";
import * as link from "../model/url.js";
import { linkEndingProblem } from "../model/ending.js";
import { applyLinkNotes, lineNotes } from "../model/linknotes.js";
import { builtStart } from "../engine/early.js";

/** Check a model's start and its lines with the engine; the canonical model. */
async function checked(model, positions) {
  await positions.view(model.start, model.head); // RecordError names a bad move
  const view = await positions.view(model.start, model.viewed);
  model.meta = { game: view.game, variant: view.variant, options: view.options || {} };
  model.players = Array.from({ length: view.players.length }, (_, i) => normSeat(model.players[i]));
  return model;
}

export function normSeat(value) {
  if (value === "r") return "r";
  return typeof value === "string" && /^c:[a-z]+$/.test(value) && link.LEVELS.includes(value.slice(2))
    ? value
    : "h";
}

/** A fresh game; `settings`: {variant, options, players}.  A game's default
 * start is the build's (positions.initial): it opens before the engine is ready. */
export async function fresh(engine, positions, gameId, settings = {}) {
  const built = builtStart(positions.initial, gameId, settings);
  const r =
    built && positions.get(built.start, [])
      ? built
      : await engine.newGame(gameId, settings.variant, settings.options || {});
  if (r !== built) positions.put(r.start, [], r.view);
  return checked(new GameModel({ start: r.start, meta: r.view, players: settings.players || [] }), positions);
}

/** A new game from a position text (the editor's "Play from here"). */
export async function fromStart(positions, start, players = []) {
  const view = await positions.view(start, []);
  return checked(new GameModel({ start, meta: view, players }), positions);
}

/** An error of a link (shown as the link's problem, app/open-actions.js). */
function linkError(message) {
  return Object.assign(new Error(message), { type: "LinkError" });
}

/** The engine's view of the game's head, known once checked(). */
const headView = (positions, model) => positions.get(model.start, model.head);

/** A link's game.  `games`: GameInfo list (for the options' defaults).  A
 * link sent by a friend names their seat "h" and ours "r" (far away): read
 * here, the seats turn round. */
export async function fromLink(positions, parsed, games) {
  let start = parsed.start;
  if (!start) {
    const info = games.find(g => g.id === parsed.game);
    const defaults = {};
    for (const spec of (info && info.options) || []) {
      if (!spec.variants || spec.variants.includes(parsed.variant)) defaults[spec.name] = spec.default;
    }
    // (spread defines the link's options, as url.js does: Object.assign would
    // set "__proto__" instead of keeping it, and the engine could not refuse it)
    const options = { ...defaults, ...parsed.options };
    start = link.standardStart(parsed.game, parsed.variant, options);
  }
  // (a position the build describes is known by its canonical line already)
  const line = positions.get(start, parsed.moves)
    ? parsed.moves
    : (await positions.engine.view(start, parsed.moves)).line;
  const players = (parsed.players || []).some(p => p === "r")
    ? parsed.players.map(p => (p === "r" ? "h" : p === "h" ? "r" : p))
    : parsed.players;
  const model = await checked(GameModel.fromLink({ ...parsed, moves: line, players }, start), positions);
  // (a game of turns of several moves: its link's clock is counted again, turn by turn)
  const turnPlies = headView(positions, model)?.turn_plies || 1;
  if (model.clock && turnPlies > 1)
    model.clock = clockFromLink({ ...parsed, moves: line, players }, model, clockNow(), turnPlies);
  const seats = model.players.length;
  if (parsed.players && parsed.players.length !== seats) {
    throw linkError(t("link.error.seats", { players: parsed.players.length, count: seats }));
  }
  // (its ending checked against the game: refused, nothing stored, when it cannot be; #47)
  const endProblem = parsed.end && linkEndingProblem(parsed.end, seats, headView(positions, model)?.outcome);
  if (endProblem) throw linkError(t(endProblem.key, endProblem.args));
  if (parsed.start && (model.meta.game !== parsed.game || model.meta.variant !== parsed.variant)) {
    throw linkError(
      t("link.error.otherStart", {
        start: `${model.meta.game} ${model.meta.variant}`,
        named: `${parsed.game} ${parsed.variant}`,
      }),
    );
  }
  return model;
}

/** How a link's line relates to a stored game: "same" (it is the game's
 * main line: a reload, the last link sent), "extends" (it goes on from the
 * main line's end: a friend's reply), "older" (it stops inside the tree: an
 * older link, a position of a variation), or null (it turns off from the
 * tree, or it is the bare start). */
export function relation(tree, line) {
  if (!line.length) return null;
  const main = tree.mainline([]);
  if (main.length <= line.length && main.every((m, i) => m === line[i]))
    return main.length === line.length ? "same" : "extends";
  return tree.has(line) ? "older" : null;
}

/** Put a link's game into `model` (the same game, "same" or "extends"):
 * its line is added, and the game goes on from its end. */
export function mergeLink(model, other) {
  let at = [];
  for (const move of other.head) at = model.tree.add(at, move).line;
  // (#29: the link's notes go in where the game has none; all of them, the link having held them: #47)
  applyLinkNotes(model.tree, other.head, lineNotes(other.tree, other.head));
  model.head = [...other.head];
  model.tip = [...other.head];
  model.players = [...other.players];
  model.viewed = [...other.viewed];
}

/** The library entry a link belongs to (newest first): same start, and its
 * line ends where one of the entry's ends or goes on from there.  Else
 * {older: true} when a stored game holds the line further on, or `near`:
 * the moves the link shares with a stored game it turns off from.  Only the
 * games' line summaries are read (library.summaries), and then the one
 * entry they point to, read whole and checked (a summary out of step with
 * its entry is passed over). */
export async function entryForLink(linked, games, current = null) {
  const known = games.map(g => g.id);
  const summaries = await library.summaries();
  let near = 0;
  let older = false;
  let started = performance.now();
  for (const s of summaries) {
    if (s.damaged || s.start !== linked.start || !known.includes(s.game)) continue;
    if (performance.now() - started > SLICE_MS) {
      await nextTask(); // (a library of thousands of games is searched without holding the page)
      started = performance.now();
    }
    // (the game on screen is newer than its stored copy: it was asked first)
    if (current && s.id === current.id) {
      const how = relation(current.tree, linked.head);
      if (how === "older") older = true;
      else if (!near && !how) near = commonPrefix(current.head, linked.head);
      continue;
    }
    let how = summaryRelation(s, linked.head);
    if (how === "same" || how === "extends" || how === "unsure") {
      const entry = await library.get(s.id);
      if (!entry || library.problemOf(entry, known)) continue;
      const model = library.modelOf(entry);
      how = relation(model.tree, linked.head);
      if (how === "same" || how === "extends") return { model, how };
    }
    if (how === "older") older = true;
    else if (!near && !how) near = commonPrefix(headOf(s), linked.head);
  }
  return { model: null, how: null, near, older };
}

/** A library entry's game, checked by the engine. */
export async function fromLibrary(positions, entry) {
  return checked(library.modelOf(entry), positions);
}

/** The game of `gameId` in the library that opens, or null: entry `shown`
 * (the one of that game shown last) if it is one, else the newest (the
 * summaries say which: only the entries tried are read whole). */
export async function lastOf(positions, gameId, games, shown = null) {
  const known = games.map(g => g.id);
  const ids = (await library.summaries()).filter(s => !s.damaged && s.game === gameId).map(s => s.id);
  if (ids.includes(shown)) ids.unshift(shown); // (tried first; again in its place if it fails)
  for (const id of ids) {
    try {
      const entry = await library.get(id);
      if (entry && !library.problemOf(entry, known)) return await fromLibrary(positions, entry);
    } catch {
      /* a game the engine refuses: try the next */
    }
  }
  return null;
}

/** Move the one game kept in local storage by earlier versions into the
 * library (once).  Returns its entry id, or null; {error} when it was damaged. */
export async function migrateLocalSave() {
  const got = storage.load();
  if (!got) return null;
  if (got.error) return got;
  got.id = library.newId();
  got.created = Date.now();
  await library.put({
    id: got.id,
    v: library.VERSION,
    game: got.toJSON(),
    name: "",
    created: got.created,
    updated: got.created,
    summary: {
      game: got.meta.game,
      variant: got.meta.variant,
      title: got.meta.game,
      players: [],
      moves: got.head.length,
      result: null,
    },
    thumb: null,
  });
  storage.clear();
  setCurrentId(got.id); // it was the game open: it opens now
  return got.id;
}
