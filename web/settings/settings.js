// The player's remembered preferences: sound, the board's orientation and
// coordinates, a colour theme per game, light/dark/system, whether the
// computer's search is shown while it thinks.  They live in
// localStorage under one key as versioned JSON ({v: 1, ...}); reading them
// never throws: a value that is missing, corrupt, of the wrong type or
// unknown falls back to its default, one field at a time (a stored
// `coordinates: "yes"` loses only the coordinates, not the theme).
//
// Settings is the one owner of this state: the menu and the header's mute
// button change it through set(), and every listener (the page's draw, the
// sound, the colour scheme) is told after each change.

import { webStorage } from "../store/local.js";

export const KEY = "gamut.preferences";
export const VERSION = 1;
export const SCHEMES = ["system", "light", "dark"];

/** The preferences of a first visit (lichess: sound on, the board as dealt). */
export const DEFAULTS = Object.freeze({
  sound: true,
  flip: false, // turn the board half a turn (on top of the automatic choice below)
  toMoveAtBottom: false, // two players on one screen: the side to move at the bottom
  coordinates: true,
  showSearch: false, // the computer's search (depth, nodes, its move as an arrow) shown while it thinks
  scheme: "system",
  themes: Object.freeze({}), // game id -> theme id (themes.js); absent: the game's default
  // live games (#46): the servers that help two pages find each other across
  // the internet, contacted only once the player agreed (liveServers)
  liveServers: false,
  stun: "stun:stun.l.google.com:19302", // i18n: not words (a server's address)
  turn: "",
  turnUser: "",
  turnPass: "",
});

const BOOLEANS = ["sound", "flip", "toMoveAtBottom", "coordinates", "showSearch", "liveServers"];
/** The text fields, each with what it must look like. */
const TEXTS = {
  stun: /^stuns?:[^\s/?#]{1,200}$/,
  turn: /^(turns?:[^\s]{1,200})?$/,
  turnUser: /^[^\s]{0,200}$/,
  turnPass: /^[^\s]{0,200}$/,
};
const NAME = /^[a-z0-9-]{1,32}$/; // a game or theme id: what a key may look like

/** Preferences from anything (parsed JSON, or not): every known field of the
 * right type is kept, every other falls back to its default.  Themes are
 * only checked for shape here; themes.js knows which exist. */
export function validate(raw) {
  const prefs = { ...DEFAULTS, themes: {} };
  if (!raw || typeof raw !== "object" || Array.isArray(raw) || raw.v !== VERSION) return prefs;
  for (const name of BOOLEANS) if (typeof raw[name] === "boolean") prefs[name] = raw[name];
  if (SCHEMES.includes(raw.scheme)) prefs.scheme = raw.scheme;
  for (const [name, shape] of Object.entries(TEXTS))
    if (typeof raw[name] === "string" && shape.test(raw[name])) prefs[name] = raw[name];
  if (raw.themes && typeof raw.themes === "object" && !Array.isArray(raw.themes)) {
    for (const [game, theme] of Object.entries(raw.themes)) {
      if (NAME.test(game) && typeof theme === "string" && NAME.test(theme)) prefs.themes[game] = theme;
    }
  }
  return prefs;
}

/** The stored preferences (defaults when there are none or they cannot be read). */
export function readSettings(storage) {
  try {
    const text = storage && storage.getItem(KEY);
    return validate(text ? JSON.parse(text) : null);
  } catch {
    return validate(null);
  }
}

/** Store `prefs`; false when the storage refuses (full, or forbidden). */
export function writeSettings(storage, prefs) {
  try {
    if (!storage) return false;
    storage.setItem(KEY, JSON.stringify({ v: VERSION, ...validate({ ...prefs, v: VERSION }) }));
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the board is drawn turned half a turn (seat 0 at the top).
 * `players`: the game's seats as the model writes them ("h" a human here,
 * "c:<level>" the computer, "r" a friend far away); `toMove`: the seat to
 * move in the position shown.  With two seats: one human here sits at the
 * bottom (against the computer or a friend far away, as on lichess); two
 * humans here see the side to move at the bottom when they asked for it.
 * The player's own flip turns whatever that gives.
 */
export function orientation(prefs, players, toMove) {
  let turned = false;
  if (players && players.length === 2) {
    const here = [0, 1].filter(s => !players[s] || players[s] === "h");
    if (here.length === 1) turned = here[0] === 1;
    else if (here.length === 2 && prefs.toMoveAtBottom) turned = toMove === 1;
  }
  return turned !== !!prefs.flip;
}

/** The preferences, remembered; listeners hear of every change. */
export class Settings {
  constructor({ storage = webStorage() } = {}) {
    this.storage = storage;
    this.prefs = readSettings(storage);
    this.listeners = [];
  }

  /** Call `listener(prefs)` after every change. */
  listen(listener) {
    this.listeners.push(listener);
  }

  /** Change some fields (invalid values are refused, keeping the old), store, tell. */
  set(patch) {
    const next = validate({ ...this.prefs, ...patch, v: VERSION });
    for (const name of Object.keys(patch)) {
      if (name !== "themes" && JSON.stringify(next[name]) !== JSON.stringify(patch[name])) {
        next[name] = this.prefs[name]; // refused: a wrong type never replaces a good value
      }
    }
    this.prefs = next;
    writeSettings(this.storage, next);
    for (const listener of this.listeners) listener(next);
  }

  /** The theme chosen for `game` (null: its default). */
  themeOf(game) {
    return this.prefs.themes[game] || null;
  }

  setTheme(game, theme) {
    this.set({ themes: { ...this.prefs.themes, [game]: theme } });
  }
}
