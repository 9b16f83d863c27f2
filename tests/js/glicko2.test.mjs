// Glicko-2 (web/puzzles/glicko2.js): Glickman's worked example, and the
// direction and bounds of a puzzle's rating change.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BOUNDS, DEFAULT, signedChange, update } from "../../web/puzzles/glicko2.js";

const near = (actual, wanted, within, what) =>
  assert.ok(Math.abs(actual - wanted) <= within, `${what}: ${actual}, wanted ${wanted} ± ${within}`);

test("Glickman's example: 1500/200/0.06 against three opponents gives 1464.06/151.52/0.05999", () => {
  const after = update(
    { rating: 1500, deviation: 200, volatility: 0.06 },
    [
      { rating: 1400, deviation: 30, score: 1 },
      { rating: 1550, deviation: 100, score: 0 },
      { rating: 1700, deviation: 300, score: 0 },
    ],
    { tau: 0.5, bounded: false },
  );
  near(after.rating, 1464.06, 0.01, "rating");
  near(after.deviation, 151.52, 0.01, "deviation");
  near(after.volatility, 0.05999, 0.00001, "volatility"); // (the paper writes 0.05999 for 0.059996)
  assert.ok(after.volatility < 0.06, "a result as expected lowers the volatility a little");
});

test("a period without games only widens the deviation", () => {
  const after = update({ rating: 1500, deviation: 200, volatility: 0.06 }, [], { bounded: false });
  assert.equal(after.rating, 1500);
  near(after.deviation, Math.sqrt((200 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 1e-9, "deviation");
});

test("a solved puzzle raises the rating, a failed one lowers it, and more so against an easy one", () => {
  const me = { rating: 1600, deviation: 80, volatility: 0.06 };
  const win = update(me, [{ rating: 1600, deviation: 80, score: 1 }]);
  const loss = update(me, [{ rating: 1600, deviation: 80, score: 0 }]);
  const lossToEasy = update(me, [{ rating: 1200, deviation: 80, score: 0 }]);
  assert.ok(win.rating > me.rating);
  assert.ok(loss.rating < me.rating);
  assert.ok(lossToEasy.rating < loss.rating, "failing an easy puzzle costs more");
  assert.ok(win.deviation < me.deviation, "a result makes the rating surer");
});

test("a newcomer moves much, a settled player little", () => {
  const puzzle = { rating: 1500, deviation: 80, score: 1 };
  const fresh = update(DEFAULT, [puzzle]);
  const settled = update({ rating: 1500, deviation: 50, volatility: 0.06 }, [puzzle]);
  assert.ok(fresh.rating - 1500 > 3 * (settled.rating - 1500));
});

test("the deviation and the volatility stay within their bounds over a long streak", () => {
  let r = { ...DEFAULT };
  for (let i = 0; i < 300; i++) {
    r = update(r, [{ rating: r.rating + (i % 2 ? 400 : -400), deviation: 60, score: i % 2 }]);
    assert.ok(
      r.deviation >= BOUNDS.minDeviation && r.deviation <= BOUNDS.maxDeviation,
      `deviation ${r.deviation}`,
    );
    assert.ok(r.volatility > 0 && r.volatility <= BOUNDS.maxVolatility, `volatility ${r.volatility}`);
    assert.ok(Number.isFinite(r.rating));
  }
});

test("a change is written as lichess does: +12, a true minus, ±0", () => {
  assert.equal(signedChange(1500, 1512.3), "+12");
  assert.equal(signedChange(1500, 1491.2), "\u22129");
  assert.equal(signedChange(1500.2, 1499.9), "\u00b10");
});
