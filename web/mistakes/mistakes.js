// Practise your mistakes (issue #31), the pure model: which moves of the
// player's analysed games become exercises, and the list of exercises
// (solved or not) as it is kept (mistakestore.js keeps it, mistakespage.js
// shows it).  No page, no storage, no engine here.
//
// An exercise is the position before a move of an analysed game that the
// analysis marked a mistake or a blunder, played by a seat of the player:
// "h" (a human on this screen; every seat of a game without players), the
// player's own seat of a game by link ("h" too: the far player is "r").
// The player is to find a move that loses less than the game's mistake
// threshold against the engine's best move (the engine's `attempt` job
// judges it, at the analysis's level).
//
// Its key is the library game's id, the ply and a hash of the line up to
// and including the move played: a re-analysis of the same line finds the
// same keys (no exercise twice; a solved one stays solved), and a game
// whose main line changed before that move gives other keys, so its
// unsolved exercises of the old line are dropped.
//
//   const fresh = exercisesOf(game, analysis, Date.now());
//   list = collect(list, gameId, fresh);        // add new, keep solved, drop stale
//   pending(list, "loa");  solve(list, key);  forgetGame(list, gameId);

import { t } from "../i18n/i18n.js";

export const VERSION = 1;
/** The marks that make an exercise (the analysis's MARKS from "mistake" on). */
export const PRACTISED = ["mistake", "blunder"];
/** At most this many exercises are kept (the oldest unsolved go first, then the oldest solved). */
export const MAX_EXERCISES = 600;

/** A short hash of a line of moves (FNV-1a, 32 bits, hex): part of an exercise's key. */
export function lineHash(moves) {
  let h = 0x811c9dc5;
  const text = moves.join(" ");
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** The key of the exercise at `ply` of `line` (the game's main line) in library game `gameId`. */
export function exerciseKey(gameId, ply, line) {
  return `${gameId}/${ply}/${lineHash(line.slice(0, ply + 1))}`;
}

/** The seats of `players` that are the player's ("h"); a game without
 * players (older records) counts every seat of `seats` as the player's. */
export function playerSeats(players, seats) {
  const all = Array.from({ length: seats }, (_, i) => i);
  if (!Array.isArray(players) || !players.length) return all;
  return all.filter(seat => players[seat] === "h");
}

/** The exercises of one analysed game: `game` {id, start, meta: {game,
 * variant, options}, players}, `analysis` the engine's result for its main
 * line (model/analysis.js), `now` the time they are found. */
export function exercisesOf(game, analysis, now = 0) {
  if (!game || !game.id || !analysis || !Array.isArray(analysis.moves)) return [];
  const seats = (analysis.summary || []).length || 2;
  const mine = new Set(playerSeats(game.players, seats));
  const line = analysis.line;
  return analysis.moves
    .filter(m => PRACTISED.includes(m.mark) && mine.has(m.seat) && m.best && m.best !== m.move)
    .map(m => ({
      key: exerciseKey(game.id, m.ply, line),
      gameId: game.id,
      game: game.meta.game,
      variant: game.meta.variant,
      options: game.meta.options || {},
      start: game.start,
      line: line.slice(0, m.ply),
      ply: m.ply,
      seat: m.seat,
      played: m.move,
      mark: m.mark,
      loss: m.loss,
      best: m.best,
      pv: [...(m.pv || [])],
      bestChance: typeof m.best_after === "number" ? m.best_after : null,
      level: analysis.level || null,
      depth: analysis.depth || null,
      added: now,
      solved: false,
    }));
}

/** An empty list. */
export function emptyList() {
  return { v: VERSION, exercises: [] };
}

/** `list` with the exercises `fresh` of library game `gameId` (all of its
 * analysis's): new ones added; the ones already there kept as they are
 * (solved stays solved); its unsolved ones that are not in `fresh` (the
 * main line changed) dropped. */
export function collect(list, gameId, fresh) {
  const keys = new Set(fresh.map(e => e.key));
  const have = new Set(list.exercises.map(e => e.key));
  const kept = list.exercises.filter(e => e.gameId !== gameId || e.solved || keys.has(e.key));
  const added = fresh.filter(e => !have.has(e.key));
  return { v: VERSION, exercises: trim([...kept, ...added]) };
}

/** `list` without the unsolved exercises of library game `gameId` that are
 * not on its main line `mainLine` any more (a game opened whose line
 * changed since its analysis, which it no longer has). */
export function dropStale(list, gameId, mainLine) {
  const stale = e =>
    e.gameId === gameId &&
    !e.solved &&
    (e.ply >= mainLine.length || e.key !== exerciseKey(gameId, e.ply, mainLine));
  return list.exercises.some(stale) ? { v: VERSION, exercises: list.exercises.filter(e => !stale(e)) } : list;
}

/** Keep at most MAX_EXERCISES: the oldest solved go first, then the oldest unsolved. */
function trim(exercises) {
  if (exercises.length <= MAX_EXERCISES) return exercises;
  const order = [...exercises].sort((a, b) => Number(b.solved) - Number(a.solved) || a.added - b.added);
  const drop = new Set(order.slice(0, exercises.length - MAX_EXERCISES).map(e => e.key));
  return exercises.filter(e => !drop.has(e.key));
}

/** `list` with exercise `key` solved (it leaves the list of exercises to do; kept, so it never comes back). */
export function solve(list, key, now = 0) {
  return {
    v: VERSION,
    exercises: list.exercises.map(e => (e.key === key ? { ...e, solved: true, solvedAt: now } : e)),
  };
}

/** `list` without the exercises of library game `gameId` (the game was deleted). */
export function forgetGame(list, gameId) {
  return { v: VERSION, exercises: list.exercises.filter(e => e.gameId !== gameId) };
}

/** The exercises still to do, of game kind `game` (e.g. "loa") or of every
 * game (null): the newest games' first, each game's in the order played. */
export function pending(list, game = null) {
  return list.exercises
    .filter(e => !e.solved && (!game || e.game === game))
    .sort(
      (a, b) => b.added - a.added || (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : a.ply - b.ply),
    );
}

/** How many exercises are still to do: of one library game (`gameId`), or in all. */
export function countPending(list, gameId = null) {
  return list.exercises.filter(e => !e.solved && (!gameId || e.gameId === gameId)).length;
}

const isText = x => typeof x === "string" && x.length > 0;
const isLine = x => Array.isArray(x) && x.every(m => typeof m === "string");

/** Whether `e` is a well-formed exercise. */
function isExercise(e) {
  return (
    !!e &&
    typeof e === "object" &&
    [e.key, e.gameId, e.game, e.variant, e.start, e.played, e.best].every(isText) &&
    isLine(e.line) &&
    isLine(e.pv) &&
    Number.isInteger(e.ply) &&
    Number.isInteger(e.seat) &&
    PRACTISED.includes(e.mark) &&
    typeof e.solved === "boolean" &&
    typeof e.added === "number" &&
    (e.bestChance === null || typeof e.bestChance === "number") &&
    !!e.options &&
    typeof e.options === "object"
  );
}

/** The list kept in storage, read back: `{list, problem}`; anything else
 * than a list of this version gives an empty list and the problem in words
 * (one damaged exercise is dropped, the rest kept). */
export function readList(raw) {
  if (raw === null || raw === undefined) return { list: emptyList(), problem: null };
  let data;
  try {
    data = typeof raw === "string" ? JSON.parse(raw) : raw;
  } catch {
    return {
      list: emptyList(),
      problem: t("store.mistakes.damaged"),
    };
  }
  if (!data || typeof data !== "object" || !Array.isArray(data.exercises))
    return {
      list: emptyList(),
      problem: t("store.mistakes.damaged"),
    };
  if (data.v !== VERSION)
    return {
      list: emptyList(),
      problem: t("store.mistakes.version", { version: JSON.stringify(data.v) }),
    };
  const good = data.exercises.filter(isExercise);
  const problem =
    good.length < data.exercises.length
      ? t("store.mistakes.dropped", { count: data.exercises.length - good.length })
      : null;
  return { list: { v: VERSION, exercises: good }, problem };
}

/** The words of the task: "You played X here. Find a better move." */
export function taskText(exercise) {
  return t("model.mistakes.task", { move: exercise.played });
}

/** The words of a judged try (the `attempt` job's result) that is not good. */
export function notThisText(result) {
  if (result.reason === "played") return t("model.mistakes.played", { move: result.move });
  const loss = Math.max(1, Math.round(100 * (result.loss || 0)));
  return t("model.mistakes.notThis", { move: result.move, loss });
}
