// Opening games: from a link, from the saved game, fresh, or another game's
// tab; and keeping the open game in storage and in the URL.  Every path
// ends in a checked GameModel (its line replayed by the engine) or in a
// typed error with a message; nothing here replaces the game on screen:
// the app does that with what these functions return.

import { GameModel } from "./game.js";
import * as link from "./url.js";
import * as storage from "./storage.js";

const SETTINGS_KEY = "gamut.settings";   // game id -> {variant, options, players}
const GAME_KEY = id => `gamut.game.${id}`;  // each game's last game (for its tab)

function store() {
  try { return window.localStorage; } catch { return null; }
}

function readJSON(key) {
  try {
    const raw = store()?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function writeJSON(key, value) {
  try { store()?.setItem(key, JSON.stringify(value)); return true; } catch { return false; }
}

/** A game's last settings ({variant, options, players}) or null. */
export function settingsOf(gameId) {
  const all = readJSON(SETTINGS_KEY);
  const s = all && typeof all === "object" ? all[gameId] : null;
  return s && typeof s === "object" ? s : null;
}

/** Keep the model: as the current game, as its game's last game, its
 * settings, and in the URL.  Returns false when storage refused. */
export function persist(model) {
  const all = readJSON(SETTINGS_KEY) || {};
  all[model.meta.game] = { variant: model.meta.variant, options: model.meta.options, players: model.players };
  writeJSON(SETTINGS_KEY, all);
  const saved = storage.save(model) && writeJSON(GAME_KEY(model.meta.game), { v: 2, game: model.toJSON() });
  try {
    const fragment = model.fragment();
    if (location.hash !== fragment) history.replaceState(history.state, "", fragment);
  } catch { /* some sandboxes refuse: the game is still in storage */ }
  return saved;
}

/** Check a model's start and its lines with the engine; the canonical model. */
async function checked(model, positions) {
  const head = await positions.view(model.start, model.head);  // RecordError names a bad move
  const view = await positions.view(model.start, model.viewed);
  model.meta = { game: view.game, variant: view.variant, options: view.options || {} };
  model.players = Array.from({ length: view.players.length }, (_, i) => normSeat(model.players[i]));
  return { model, view, head };
}

export function normSeat(value) {
  return typeof value === "string" && /^c:[a-z]+$/.test(value) && link.LEVELS.includes(value.slice(2)) ? value : "h";
}

/** A fresh game; `settings`: {variant, options, players}. */
export async function fresh(engine, positions, gameId, settings = {}) {
  const r = await engine.call("new", { game: gameId, variant: settings.variant, options: settings.options || {} });
  positions.put(r.start, [], r.view);
  const model = new GameModel({ start: r.start, meta: r.view, players: settings.players || [] });
  return (await checked(model, positions)).model;
}

/** A link's game.  `games`: GameInfo list (for the options' defaults). */
export async function fromLink(positions, parsed, games) {
  let start = parsed.start;
  if (!start) {
    const info = games.find(g => g.id === parsed.game);
    const options = {};
    for (const spec of (info && info.options) || []) {
      if (!spec.variants || spec.variants.includes(parsed.variant)) options[spec.name] = spec.default;
    }
    Object.assign(options, parsed.options);
    start = link.standardStart(parsed.game, parsed.variant, options);
  }
  const line = (await positions.engine.call("view", { start, line: parsed.moves })).line;
  const model = GameModel.fromLink({ ...parsed, moves: line }, start);
  const { view } = await checked(model, positions);
  if (parsed.start && (view.game !== parsed.game || view.variant !== parsed.variant)) {
    const err = new Error(`its start position is a ${view.game} ${view.variant} position, but it names ${parsed.game} ${parsed.variant}`);
    err.type = "LinkError";
    throw err;
  }
  return model;
}

/** The saved current game: a model, null, or {error}. */
export async function saved(positions) {
  const got = storage.load();
  if (!got || got.error) return got;
  try {
    return (await checked(got, positions)).model;
  } catch (err) {
    if (err && err.type) storage.setAside();  // the engine refused it: kept aside, reported
    throw err;
  }
}

/** Which game the saved current game is (to draw its board before the engine is ready). */
export function savedGameId() {
  const data = readJSON(storage.STORAGE_KEY);
  return (data && (data.game?.meta?.game || (typeof data.start === "string" && data.start.split(" ")[0]))) || null;
}

/** The last game of `gameId` kept for its tab, or null. */
export async function lastOf(positions, gameId) {
  const data = readJSON(GAME_KEY(gameId));
  if (!data || data.v !== 2) return null;
  try {
    const model = GameModel.fromJSON(data.game);
    if (model.meta.game !== gameId) return null;
    return (await checked(model, positions)).model;
  } catch {
    return null;
  }
}

/** Add a link's line to `model` when it is the same game: the same start,
 * and a line that ends where a line of its tree ends or goes on from there
 * (a reload, a link of a browsed position, a friend's reply).  The link then shows a
 * line of the game on screen, and the game goes on from its end.  Returns
 * whether it did (else the link is another game). */
export function mergeLink(model, other) {
  if (other.start !== model.start) return false;
  const line = other.head;
  let k = 0;
  while (k < line.length && model.tree.has(line.slice(0, k + 1))) k += 1;
  // the link must reach the end of a line of the tree: a link of the start
  // or of a line that turns off elsewhere is another game
  if (model.tree.children(line.slice(0, k)).length) return false;
  let at = [];
  for (const move of line) at = model.tree.add(at, move).line;
  model.head = [...other.head];
  model.tip = [...other.head];
  model.players = [...other.players];
  model.viewed = [...other.viewed];
  return true;
}
