// The computer's levels in a game, with their measured ratings: the engine's
// `levels({game})` (py/gamut/levels.py), asked once per game and engine and
// kept, so the start panel, the New game dialog and the progress page share
// one answer.  A failed call is forgotten (the next asks again).

import { has, t } from "../i18n/i18n.js";

/**
 * The engine's answer names each level by its id alone, no words (#43): the
 * page says it, `levelWords`.
 * @typedef {{id: string, rating: number | null, low: number | null, high: number | null}} LevelInfo
 * @typedef {{levels: LevelInfo[]}} LevelTable
 */

/** A level's name in the page's language (`level.<id>`; a level the catalog lacks: its id). */
export const levelWords = id => (has(`level.${id}`) ? t(`level.${id}`) : String(id));

/** @type {WeakMap<object, Map<string, Promise<LevelTable>>>} engine -> game -> answer */
const asked = new WeakMap();
/** @type {WeakMap<object, Map<string, string[]>>} engine -> game -> the ids of its ladder, once answered */
const answered = new WeakMap();

/**
 * The levels of `game` as `engine` (anything with `call(method, params)`)
 * rates them: a promise of `{levels: [{id, rating, low, high}]}`,
 * weakest first.
 * @param {{call: (method: string, params: object) => Promise<any>}} engine
 * @param {string} game
 * @returns {Promise<LevelTable>}
 */
export function levelsOf(engine, game) {
  let games = asked.get(engine);
  if (!games) {
    games = new Map();
    asked.set(engine, games);
  }
  let answer = games.get(game);
  if (!answer) {
    answer = engine.call("levels", { game });
    games.set(game, answer);
    const pending = answer;
    pending.then(
      table => {
        if (!answered.has(engine)) answered.set(engine, new Map());
        answered.get(engine)?.set(
          game,
          table.levels.map(l => l.id),
        );
      },
      () => {
        if (games.get(game) === pending) games.delete(game);
      },
    );
  }
  return answer;
}

/**
 * Give `engine` the levels the build computed (`tables`: game -> the
 * `levels` answer, inlined in the page): asked of no one, known at once,
 * so the start panel lists each game's own ladder before the engine is
 * ready, and a level picked meanwhile is never taken from under it (#41).
 * @param {object} engine
 * @param {Record<string, LevelTable>} tables
 */
export function seedLevels(engine, tables) {
  if (!asked.has(engine)) asked.set(engine, new Map());
  if (!answered.has(engine)) answered.set(engine, new Map());
  for (const [game, table] of Object.entries(tables || {})) {
    if (!table || !Array.isArray(table.levels)) continue;
    asked.get(engine)?.set(game, Promise.resolve(table));
    answered.get(engine)?.set(
      game,
      table.levels.map(l => l.id),
    );
  }
}

/**
 * The ids of the levels `game` offers (its ladder, weakest first) if
 * `engine` has already answered `levelsOf`, else null.  Asks nothing: a
 * drawing may call it.
 * @param {object} engine
 * @param {string} game
 * @returns {string[] | null}
 */
export function knownLadder(engine, game) {
  return answered.get(engine)?.get(game) ?? null;
}

/** A level's rating as the page shows it ("1382"), or "" when it was not measured. */
export function ratingText(level) {
  return level && Number.isFinite(level.rating)
    ? String(Math.round(/** @type {number} */ (level.rating)))
    : "";
}

/** The 95 % interval in words ("1146 to 1617"), or "". */
export function intervalText(level) {
  return level && Number.isFinite(level.low) && Number.isFinite(level.high)
    ? t("level.interval", {
        low: String(Math.round(/** @type {number} */ (level.low))), // (a rating is written without separators)
        high: String(Math.round(/** @type {number} */ (level.high))),
      })
    : "";
}
