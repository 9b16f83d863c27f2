// The Glicko-2 rating system, as in Mark Glickman's paper "Example of the
// Glicko-2 system" (2013), which lichess uses for its puzzle ratings.  Pure:
// a rating is {rating, deviation, volatility}, a rating period is a list of
// games against opponents of known rating and deviation, and update()
// returns the rating after the period.  A puzzle is one game against the
// puzzle (its difficulty is the opponent's rating): solved is a win.
//
//   const after = update(before, [{rating: 1650, deviation: 80, score: 1}]);
//
// The paper's steps, on its scale (μ, φ around 1500 in units of 173.7178):
//   g(φ) = 1 / √(1 + 3φ²/π²)              how much an opponent's uncertainty damps
//   E    = 1 / (1 + exp(−g(φj)(μ − μj)))    the expected score against j
//   v    = 1 / Σ g(φj)² E (1 − E)           the estimated variance from the games
//   Δ    = v Σ g(φj)(sj − E)                the estimated improvement
//   σ'   from f(x) = 0 (the Illinois algorithm, step 5)
//   φ*   = √(φ² + σ'²),  φ' = 1 / √(1/φ*² + 1/v),  μ' = μ + φ'² Σ g(φj)(sj − E)

/** The scale factor between Glicko's ratings and Glicko-2's μ (400 / ln 10). */
export const SCALE = 173.7178;

/** A player who has played nothing yet (Glickman's suggested start). */
export const DEFAULT = Object.freeze({ rating: 1500, deviation: 350, volatility: 0.06 });

/** The bounds kept after every update: the deviation never grows past a
 * newcomer's nor shrinks to nothing (a player can still move), and the
 * volatility stays small (lichess caps it at 0.1 too). */
export const BOUNDS = Object.freeze({ minDeviation: 45, maxDeviation: 350, maxVolatility: 0.1 });

/** The system constant τ: how much the volatility may change in one
 * period (Glickman suggests 0.3 to 1.2; lichess uses 0.75). */
export const TAU = 0.75;

const CONVERGENCE = 0.000001; // ε of step 5

const g = phi => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu, muJ, phiJ) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/**
 * The rating after one rating period of `games` (each `{rating, deviation,
 * score}`, score 1 a win, 0.5 a draw, 0 a loss).  No games: only the
 * deviation grows (step 6 alone).  `tau` is the system constant; `bounded`
 * false leaves the result unclamped (the paper's example).
 * @param {{rating: number, deviation: number, volatility: number}} player
 * @param {{rating: number, deviation: number, score: number}[]} games
 * @param {{tau?: number, bounded?: boolean}} [options]
 * @returns {{rating: number, deviation: number, volatility: number}}
 */
export function update(player, games, { tau = TAU, bounded = true } = {}) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (!games.length) {
    const grown = Math.sqrt(phi * phi + sigma * sigma) * SCALE;
    return finish({ rating: player.rating, deviation: grown, volatility: sigma }, bounded);
  }
  // steps 3 and 4: the variance v and the improvement Δ from the games
  let inverseV = 0;
  let sum = 0;
  for (const game of games) {
    const muJ = (game.rating - 1500) / SCALE;
    const phiJ = game.deviation / SCALE;
    const e = expected(mu, muJ, phiJ);
    inverseV += g(phiJ) ** 2 * e * (1 - e);
    sum += g(phiJ) * (game.score - e);
  }
  const v = 1 / inverseV;
  const delta = v * sum;
  // step 5: the new volatility
  const newSigma = volatility(delta, phi, v, sigma, tau);
  // steps 6 to 8: the new deviation and rating
  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * sum;
  return finish({ rating: newMu * SCALE + 1500, deviation: newPhi * SCALE, volatility: newSigma }, bounded);
}

/** Step 5: σ' is e^(A/2) where A solves f(x) = 0, found by the Illinois
 * algorithm (a regula falsi that halves the stale end's value). */
function volatility(delta, phi, v, sigma, tau) {
  const a = Math.log(sigma * sigma);
  const f = x => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - d)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < 100 && Math.abs(B - A) > CONVERGENCE; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

function finish(r, bounded) {
  if (!bounded) return r;
  return {
    rating: r.rating,
    deviation: Math.min(BOUNDS.maxDeviation, Math.max(BOUNDS.minDeviation, r.deviation)),
    volatility: Math.min(BOUNDS.maxVolatility, r.volatility),
  };
}

/** A rating change as lichess writes it: "+12", "−9" (a true minus), "±0". */
export function signedChange(before, after) {
  const d = Math.round(after) - Math.round(before);
  if (d > 0) return `+${d}`;
  if (d < 0) return `\u2212${-d}`;
  return "\u00b10";
}
