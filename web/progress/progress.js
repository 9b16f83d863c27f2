// Your progress against the computer (issue #31), the pure model: the
// results of finished games, counted per game and level, the player's
// rating estimate from them, the level suggested next and the estimate's
// history for the chart.  No storage, no page: plain data in, plain data
// out (progressstore.js keeps the results, progresspage.js draws them).
//
// A result is one finished game against the computer on this screen:
//   {id, game, variant, level, score, termination, at}
//   id           the game's id in the library (a game counts once);
//   level        the computer's level id ("casual"), as the engine names it;
//   score        the human's score: 1 won, 0.5 drawn, 0 lost;
//   termination  how it ended (ending.js: rules, resignation, agreement, time);
//   at           when it ended (ms since 1970).
// Levels are the engine's `levels` answer for a game, each named in the
// page's language (progresspage.js: levelWords): [{id, label, rating,
// low, high}] weakest first; a null rating is a level not measured in that
// game (its games are counted, not rated).
//
// The estimate (as on lichess, decided here where the issue is silent): the
// Elo logistic model, a level `d` points above the player scoring
// 1 / (1 + 10^(d / 400)), each level's own uncertainty damping its pull as
// Glicko's g() does; a normal prior centred on the weakest measured level
// (sd PRIOR_SD, so one win is not infinity); the estimate is the
// posterior's mode (Newton's method: the log-posterior is concave) and its
// 95 % interval ±1.96 / √(curvature).  Every result of the game counts
// alike, however old (the computer's levels do not change).
//
// The level suggested next: the weakest measured level rated at or above
// the estimate (one the player scores 50 % or less against, the nearest such),
// the strongest when none is; with no rated game yet, the weakest level; and
// after a clear win streak (the last STREAK rated results all wins) at least
// the level just above the strongest one beaten in it.

export const PRIOR_SD = 350;
export const STREAK = 3;
const Z95 = 1.96;
const Q = Math.LN10 / 400; // d/dr of the logistic's exponent, per Elo point
const SCORES = [0, 0.5, 1];

const finite = x => typeof x === "number" && Number.isFinite(x);
/** A time a Date can hold (epoch ms; #47: `at: 1e300` was shown as "Invalid Date"). */
const isTime = x => finite(x) && !Number.isNaN(new Date(x).getTime());

/** The levels of `levels` with a rating, weakest first (by rating). */
export function measured(levels) {
  return (Array.isArray(levels) ? levels : [])
    .filter(l => l && typeof l.id === "string" && finite(l.rating))
    .sort((a, b) => a.rating - b.rating);
}

/** A level's rating uncertainty as a standard deviation (from its 95 % interval). */
const spreadOf = level =>
  finite(level.low) && finite(level.high) && level.high > level.low
    ? (level.high - level.low) / (2 * Z95)
    : 0;

/** Glicko's damping of an opponent of uncertainty `sd` (Elo points). */
const damping = sd => 1 / Math.sqrt(1 + (3 * (Q * sd) ** 2) / (Math.PI * Math.PI));

/** The expected score of a player rated `r` against `rating`, damped by `g`. */
export const expectedScore = (r, rating, g = 1) => 1 / (1 + 10 ** ((-g * (r - rating)) / 400));

/**
 * The rating estimate from `results` (of one game) against `levels`:
 * {rating, low, high, rated} (rated: the results that count: those against
 * a measured level), or null when no level is measured.  With no rated
 * result it is the prior: the weakest level's rating, ±1.96 PRIOR_SD.
 */
export function estimate(results, levels, { priorSd = PRIOR_SD } = {}) {
  const ladder = measured(levels);
  if (!ladder.length) return null;
  const tallies = new Map(ladder.map(l => [l.id, { games: 0, score: 0 }]));
  for (const r of results) count(tallies, r);
  return fromTallies(tallies, ladder, priorSd);
}

/** Add `result` to the games and score against its level (one not measured: left out). */
function count(tallies, result) {
  const t = tallies.get(result.level);
  if (!t) return;
  t.games += 1;
  t.score += result.score;
}

/** The posterior's mode and interval from the games and score against each
 * level (the likelihood needs no more: the work is per level, not per game). */
function fromTallies(tallies, ladder, priorSd) {
  const centre = ladder[0].rating;
  const precision = 1 / (priorSd * priorSd);
  const against = ladder
    .map(l => ({ rating: l.rating, g: damping(spreadOf(l)), ...tallies.get(l.id) }))
    .filter(t => t.games > 0);
  let r = centre;
  let curvature = precision;
  for (let step = 0; step < 50; step++) {
    let slope = -(r - centre) * precision;
    curvature = precision;
    for (const t of against) {
      const e = expectedScore(r, t.rating, t.g);
      slope += Q * t.g * (t.score - t.games * e);
      curvature += (Q * t.g) ** 2 * t.games * e * (1 - e);
    }
    const move = Math.max(-400, Math.min(400, slope / curvature));
    r += move;
    if (Math.abs(move) < 0.01) break;
  }
  const half = Z95 / Math.sqrt(curvature);
  const rated = against.reduce((n, t) => n + t.games, 0);
  return { rating: r, low: r - half, high: r + half, rated };
}

/** The level suggested next (see the head of this file): a level of
 * `levels`, or null when none is measured. */
export function suggest(results, levels, est = estimate(results, levels)) {
  const ladder = measured(levels);
  if (!ladder.length || !est) return null;
  const ratedResults = results.filter(r => ladder.some(l => l.id === r.level));
  if (!ratedResults.length) return ladder[0];
  let choice = ladder.find(l => l.rating >= est.rating) || ladder[ladder.length - 1];
  const last = ratedResults.slice(-STREAK);
  if (last.length === STREAK && last.every(r => r.score === 1)) {
    const place = Math.max(...last.map(r => ladder.findIndex(l => l.id === r.level)));
    const above = ladder[Math.min(place + 1, ladder.length - 1)];
    if (above.rating > choice.rating) choice = above;
  }
  return choice;
}

/** The estimate after each result, in order: [{at, rating, low, high, score, level}]
 * (the chart's points); empty when no level is measured. */
export function history(results, levels, { priorSd = PRIOR_SD } = {}) {
  const ladder = measured(levels);
  if (!ladder.length) return [];
  const tallies = new Map(ladder.map(l => [l.id, { games: 0, score: 0 }]));
  return results.map(r => {
    count(tallies, r);
    const est = fromTallies(tallies, ladder, priorSd);
    return { at: r.at, rating: est.rating, low: est.low, high: est.high, score: r.score, level: r.level };
  });
}

/** Games won, drawn and lost per level: [{id, label, rating, won, drawn, lost}],
 * the engine's levels first (weakest first, all of them), then any level of
 * a result the engine no longer names. */
export function tally(results, levels) {
  const rows = new Map();
  for (const l of Array.isArray(levels) ? levels : [])
    rows.set(l.id, { id: l.id, label: l.label || l.id, rating: finite(l.rating) ? l.rating : null });
  for (const r of results) {
    if (!rows.has(r.level)) rows.set(r.level, { id: r.level, label: r.level, rating: null });
  }
  const counted = [...rows.values()].map(row => ({ ...row, won: 0, drawn: 0, lost: 0 }));
  const at = new Map(counted.map(row => [row.id, row]));
  for (const r of results) {
    const row = at.get(r.level);
    if (r.score === 1) row.won += 1;
    else if (r.score === 0) row.lost += 1;
    else row.drawn += 1;
  }
  return counted;
}

/** Everything a game's card shows: {results, estimate, change (the last
 * result's effect on the estimate, or null), suggested, tally, history
 * (empty unless `withHistory`)}.  `results`: every result kept (of any game). */
export function summary(results, game, levels, { withHistory = true } = {}) {
  const mine = results.filter(r => r.game === game).sort((a, b) => a.at - b.at);
  const est = estimate(mine, levels);
  const before = mine.length ? estimate(mine.slice(0, -1), levels) : null;
  return {
    results: mine,
    estimate: est,
    change: est && before && est.rated > before.rated ? est.rating - before.rating : null,
    suggested: suggest(mine, levels, est),
    tally: tally(mine, levels),
    history: withHistory ? history(mine, levels) : [],
  };
}

// -- a finished game as a result -------------------------------------------------------

const LEVEL_SEAT = /^c:([a-z][a-z0-9-]*)$/;

/**
 * The result of a finished game, or null when it does not count: `game`
 * {id, meta: {game, variant}, players, mainLength}, `ending` ending.js's
 * {winner, termination}.  It counts when it is a game of two seats, one
 * played on this screen ("h" or empty) and one by the computer
 * ("c:<level>"), with at least two moves (fewer: it could have been
 * aborted, as on lichess), and ended otherwise than by abandonment.
 */
export function resultOf(game, ending, at = Date.now()) {
  if (!game || !ending || !game.id || !game.meta) return null;
  const players = game.players || [];
  if (players.length !== 2 || !(game.mainLength >= 2)) return null;
  const human = players.findIndex(p => !p || p === "h");
  const computer = players.findIndex(p => LEVEL_SEAT.test(p || ""));
  if (human < 0 || computer < 0 || human === computer) return null;
  if (ending.termination === "abandoned") return null;
  const score = ending.winner == null ? 0.5 : ending.winner === human ? 1 : 0;
  return {
    id: String(game.id),
    game: game.meta.game,
    variant: game.meta.variant || "",
    level: LEVEL_SEAT.exec(players[computer])[1],
    score,
    termination: ending.termination || "rules",
    at,
  };
}

/** `data` as a result when it is a well-formed one, else null. */
export function readResult(data) {
  if (!data || typeof data !== "object") return null;
  const { id, game, variant, level, score, termination, at } = data;
  const text = x => typeof x === "string" && x.length > 0 && x.length <= 100;
  if (!text(id) || !text(game) || !text(level) || !SCORES.includes(score) || !isTime(at)) return null;
  return {
    id,
    game,
    variant: typeof variant === "string" ? variant : "",
    level,
    score,
    termination: typeof termination === "string" ? termination : "rules",
    at,
  };
}

// -- the kept state: results and the games reset ----------------------------------------

/** An empty state: no result, nothing reset. */
export const emptyState = () => ({ results: [], dropped: [] });

/**
 * `data` (anything read from storage) as a state {results, dropped}: a
 * malformed result is dropped, the rest kept.  `dropped`: the ids of the
 * games a reset forgot (so that neither a second tab nor the game opened
 * again brings them back).
 */
export function readState(data) {
  if (!data || typeof data !== "object") return emptyState();
  const dropped = Array.isArray(data.dropped) ? data.dropped.filter(id => typeof id === "string") : [];
  const results = Array.isArray(data.results) ? data.results.map(readResult).filter(Boolean) : [];
  return mergeStates(emptyState(), { results, dropped });
}

/** Two states as one (two tabs, the stored and the remembered): every
 * result of either, once per game id (the earlier-ended copy), minus the
 * games either reset.  Sorted by the time they ended. */
export function mergeStates(a, b) {
  const dropped = new Set([...a.dropped, ...b.dropped]);
  const byId = new Map();
  for (const r of [...a.results, ...b.results]) {
    if (dropped.has(r.id)) continue;
    const had = byId.get(r.id);
    if (!had || r.at < had.at) byId.set(r.id, r);
  }
  const results = [...byId.values()].sort((x, y) => x.at - y.at);
  return { results, dropped: [...dropped] };
}

/** `state` with the results of `game` (null: of every game) forgotten. */
export function resetState(state, game) {
  const gone = state.results.filter(r => game == null || r.game === game).map(r => r.id);
  return mergeStates(state, { results: [], dropped: gone });
}

/** The New game choice of "Play it": `level` against the player in `game`,
 * with the variant, options and side of the player's last game there
 * against the computer (`last`: keep.js settingsOf), else the first
 * variant and the first seat. */
export function playChoice(game, level, last) {
  const players = last && Array.isArray(last.players) ? last.players : [];
  const human = players.length === 2 ? players.findIndex(p => !p || p === "h") : -1;
  const computer = human >= 0 && LEVEL_SEAT.test(players[1 - human] || "");
  const seats = computer && human === 1 ? [`c:${level}`, "h"] : ["h", `c:${level}`];
  return computer
    ? { game, variant: last.variant, options: last.options || {}, players: seats }
    : { game, players: seats };
}
