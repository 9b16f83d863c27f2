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
import { t } from "../i18n/i18n.js";
import { GameTree } from "../model/tree.js";
import { webStorage } from "../store/local.js";

const KEY = "gamut.current";
const VERSION = 2;

export function clear() {
  const s = webStorage();
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
      ? t("library.problem.noStart")
      : !isTextList(data.moves)
        ? t("library.problem.badMoves")
        : !Number.isInteger(data.ply) || data.ply < 0 || data.ply > data.moves.length
          ? t("library.problem.badViewed")
          : data.redo != null && !isTextList(data.redo)
            ? t("library.problem.badRedo")
            : data.players != null && !isTextList(data.players)
              ? t("library.problem.badPlayers")
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
  const s = webStorage();
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
    if (!data || typeof data !== "object") throw new Error(t("library.problem.notObject"));
    if (data.v === 1) return fromV1(data);
    if (data.v !== VERSION)
      throw new Error(
        t("library.problem.version", { found: JSON.stringify(data.v), wanted: String(VERSION) }),
      );
    return GameModel.fromJSON(data.game);
  } catch (err) {
    moveAside(s, raw);
    return { error: err instanceof SyntaxError ? t("library.problem.notJSON") : err.message };
  }
}

export const STORAGE_KEY = KEY;
