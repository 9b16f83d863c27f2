// The one game that earlier versions kept in localStorage, read once to be
// moved into the library (library.js keeps every game now).
//
// The key holds {v: 2, game} (a game model's toJSON()) or, from the first
// versions, {v: 1, start, moves, ply, redo, players}: one line and the moves
// taken back by Undo, read as a tree holding the moves and the taken-back
// moves after them, so nothing it held is lost.  load() never throws: a save
// that cannot be read is reported as {error} and kept aside under
// KEY + ".damaged".

import { GameModel } from "../model/game.js";
import { GameTree } from "../model/tree.js";

const KEY = "gamut.current";
const VERSION = 2;

function store() {
  try {
    return window.localStorage; // may throw (privacy modes, sandboxed frames)
  } catch {
    return null;
  }
}

export function clear() {
  const s = store();
  try {
    s && s.removeItem(KEY);
  } catch {
    /* nothing to do */
  }
}

function moveAside(s, raw) {
  try {
    s.setItem(`${KEY}.damaged`, raw);
    s.removeItem(KEY);
  } catch {
    /* full: the damaged save stays where it is */
  }
}

const isText = x => typeof x === "string";
const isTextList = x => Array.isArray(x) && x.every(isText);

function fromV1(data) {
  const problem =
    !isText(data.start) || !data.start.trim()
      ? "it has no start position"
      : !isTextList(data.moves)
        ? "its move list is not a list of moves"
        : !Number.isInteger(data.ply) || data.ply < 0 || data.ply > data.moves.length
          ? "its viewed move is out of range"
          : data.redo != null && !isTextList(data.redo)
            ? "its redo list is not a list of moves"
            : data.players != null && !isTextList(data.players)
              ? "its players are not a list of texts"
              : null;
  if (problem) throw new Error(problem);
  const [game, variant, opts] = data.start.trim().split(/\s+/);
  const options = {};
  for (const item of opts && opts !== "-" ? opts.split(",") : []) {
    const [k, ...v] = item.split("=");
    options[k] = v.join("=");
  }
  const tip = [...data.moves, ...[...(data.redo || [])].reverse()];
  return new GameModel({
    start: data.start,
    meta: { game, variant: variant || "", options },
    players: data.players || [],
    tree: GameTree.fromLine(tip),
    viewed: data.moves.slice(0, data.ply),
    head: data.moves,
    tip,
  });
}

/** The saved game as a GameModel, or null when there is none, or {error}. */
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
  try {
    const data = JSON.parse(raw);
    if (!data || typeof data !== "object") throw new Error("it is not an object");
    if (data.v === 1) return fromV1(data);
    if (data.v !== VERSION) throw new Error(`it has version ${JSON.stringify(data.v)}, not ${VERSION}`);
    return GameModel.fromJSON(data.game);
  } catch (err) {
    moveAside(s, raw);
    return { error: err instanceof SyntaxError ? "the saved data is not valid JSON" : err.message };
  }
}

export const STORAGE_KEY = KEY;
