// The computer's answer to a draw offer (issue #29): it accepts only when
// its own evaluation says the position is level.  The engine's search
// (the "think" job the computer plays with) reckons every seat's winning
// chances (py/gamut/jobs.py, calibrated by gamut.analysis); the offer is
// accepted when the computer's chance lies within LEVEL_BAND, and declined
// when it stands better (it plays on to win) or worse (a forced result,
// or a clear edge either way, is not level).  A short search at a fixed
// level answers in about a second, whatever level the computer plays at.

/** The computer's winning chances, inclusive, within which it accepts a draw. */
export const LEVEL_BAND = [0.45, 0.55];
/** The search that judges an offer: the level and its cap in milliseconds. */
export const OFFER_SEARCH = { level: "strong", max_ms: 1000 };

/**
 * Whether the computer at `seat` accepts a draw, from a search's result
 * (`{chances: [per seat] | null, winner, mate_in}`): {accept, chance}
 * (`chance`: its winning chance, or null when the search gave none).
 */
export function judgeOffer(result, seat) {
  const chances = result && Array.isArray(result.chances) ? result.chances : null;
  const chance = chances && typeof chances[seat] === "number" ? chances[seat] : null;
  if (chance == null || result.winner != null) return { accept: false, chance }; // (a forced result is not level)
  return { accept: chance >= LEVEL_BAND[0] && chance <= LEVEL_BAND[1], chance };
}

/**
 * Ask the engine: does the computer at `seat` accept a draw in the position
 * `start` + `line`?  Returns {cancel, promise}; the promise resolves with
 * judgeOffer's answer (a position the engine cannot search: declined).
 * @param {{think: (params: any) => {promise: Promise<any>, cancel: () => void}}} engine
 */
export function answerOffer(engine, { start, line, seat }) {
  const job = engine.think({ start, line, seed: line.length, ...OFFER_SEARCH });
  const promise = job.promise.then(
    result => judgeOffer(result, seat),
    err => {
      if (err && err.type === "CancelledError") throw err;
      return { accept: false, chance: null };
    },
  );
  return { cancel: () => job.cancel(), promise };
}
