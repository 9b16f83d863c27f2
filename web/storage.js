// The current game in localStorage, so that it survives a closed tab.
//
// One key holds {v: 1, start, moves, ply, redo, players?}: the start position
// text, the move texts, the viewed ply, the moves taken back by undo and who
// plays each seat ("h" or "c:<level>", optional: all human when absent).  load()
// never throws: a save that cannot be read is removed and reported as
// {error: "..."} so that the page can say so and go on with a fresh game.

const KEY = "gamut.current";
const VERSION = 1;

function store() {
  try {
    return window.localStorage;  // may throw (privacy modes, sandboxed frames)
  } catch {
    return null;
  }
}

export function save(game) {
  const s = store();
  if (!s) return false;
  try {
    s.setItem(KEY, JSON.stringify({
      v: VERSION, start: game.start, moves: game.moves, ply: game.ply, redo: game.redo || [],
      ...(game.players ? { players: game.players } : {}),
    }));
    return true;
  } catch {
    return false;  // quota or disabled storage: the URL still holds the game
  }
}

export function clear() {
  const s = store();
  try { s && s.removeItem(KEY); } catch { /* nothing to do */ }
}

const isText = x => typeof x === "string";
const isTextList = x => Array.isArray(x) && x.every(isText);

/**
 * The saved game, or null when there is none, or {error} when the save is
 * corrupted (it is then discarded).
 */
export function load() {
  const s = store();
  if (!s) return null;
  let raw;
  try {
    raw = s.getItem(KEY);
  } catch {
    return null;
  }
  if (raw == null) return null;
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    clear();
    return { error: "the saved data is not valid JSON" };
  }
  const problem = !data || typeof data !== "object" ? "it is not an object"
    : data.v !== VERSION ? `it has version ${JSON.stringify(data.v)}, not ${VERSION}`
    : !isText(data.start) || !data.start.trim() ? "it has no start position"
    : !isTextList(data.moves) ? "its move list is not a list of moves"
    : !Number.isInteger(data.ply) || data.ply < 0 || data.ply > data.moves.length
      ? "its viewed move is out of range"
    : data.redo != null && !isTextList(data.redo) ? "its redo list is not a list of moves"
    : data.players != null && !isTextList(data.players) ? "its players are not a list of texts"
    : null;
  if (problem) {
    clear();
    return { error: problem };
  }
  return { start: data.start, moves: data.moves, ply: data.ply, redo: data.redo || [], players: data.players || null };
}

export const STORAGE_KEY = KEY;
