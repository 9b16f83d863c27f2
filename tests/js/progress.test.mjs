// Your progress (web/progress/progress.js, issue #31): the rating estimate
// from known results, the level suggested next, the counts per level, a
// finished game as a result, and the kept state (garbage, two tabs, reset).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  PRIOR_SD,
  STREAK,
  emptyState,
  estimate,
  expectedScore,
  history,
  mergeStates,
  playChoice,
  readState,
  resetState,
  resultOf,
  suggest,
  summary,
  tally,
} from "../../web/progress/progress.js";

/** A level known exactly (no interval: no damping). */
const exact = (id, rating) => ({
  id,
  label: id[0].toUpperCase() + id.slice(1),
  rating,
  low: rating,
  high: rating,
});
const LADDER = [exact("beginner", 1000), exact("casual", 1200), exact("strong", 1400), exact("master", 1600)];
let clock = 0;
const result = (level, score, game = "loa") => ({
  id: `g${++clock}`,
  game,
  variant: "standard",
  level,
  score,
  termination: "rules",
  at: clock * 1000,
});
const FLAT = { priorSd: 1e9 }; // (a prior too broad to matter: the estimate is the likelihood's maximum)

test("with a flat prior the estimate is the Elo maximum likelihood: 3 of 4 against 1400 is 1400 + 400·log10(3)", () => {
  const results = [result("strong", 1), result("strong", 1), result("strong", 1), result("strong", 0)];
  const est = estimate(results, LADDER, FLAT);
  assert.ok(Math.abs(est.rating - (1400 + 400 * Math.log10(3))) < 0.5, `${est.rating}`);
  // the 95 % interval from the curvature: Fisher information n·q²·E(1−E), E = 3/4
  const q = Math.LN10 / 400;
  const half = 1.96 / Math.sqrt(4 * q * q * 0.75 * 0.25);
  assert.ok(Math.abs(est.high - est.rating - half) < 0.5, `${est.high - est.rating} vs ${half}`);
  assert.ok(Math.abs(est.rating - est.low - half) < 0.5);
  assert.equal(est.rated, 4);
});

test("an even score against two levels puts the estimate halfway between them", () => {
  const results = [result("casual", 1), result("strong", 0), result("casual", 0.5), result("strong", 0.5)];
  const est = estimate(results, LADDER, FLAT);
  assert.ok(Math.abs(est.rating - 1300) < 0.5, `${est.rating}`);
});

test("no game yet: the prior, centred on the weakest level, ±1.96 prior deviations", () => {
  const est = estimate([], LADDER);
  assert.equal(est.rating, 1000);
  assert.ok(Math.abs(est.high - 1000 - 1.96 * PRIOR_SD) < 1e-6);
  assert.equal(est.rated, 0);
});

test("one win is not infinity, and each further win raises the estimate by less, the interval narrowing", () => {
  let results = [];
  let last = estimate(results, LADDER);
  let lastGain = Infinity;
  for (let i = 0; i < 6; i++) {
    results = [...results, result("casual", 1)];
    const est = estimate(results, LADDER);
    assert.ok(Number.isFinite(est.rating) && est.rating < 3000, `${est.rating}`);
    assert.ok(est.rating > last.rating, "a win raises the estimate");
    assert.ok(est.rating - last.rating < lastGain, "by less each time");
    assert.ok(est.high - est.low < last.high - last.low, "the interval narrows");
    lastGain = est.rating - last.rating;
    last = est;
  }
});

test("a loss lowers the estimate; a draw against a level rated at the estimate leaves it there", () => {
  const lost = estimate([result("beginner", 0)], LADDER);
  assert.ok(lost.rating < 1000);
  const drawn = estimate([result("beginner", 0.5)], LADDER);
  assert.ok(Math.abs(drawn.rating - 1000) < 0.01);
});

test("a level measured loosely pulls less than one measured exactly; an unmeasured level is not rated", () => {
  const loose = [
    exact("beginner", 1000),
    { id: "casual", label: "Casual", rating: 1200, low: 900, high: 1500 },
  ];
  const sure = estimate([result("casual", 1)], LADDER);
  const unsure = estimate([result("casual", 1)], loose);
  assert.ok(unsure.rating < sure.rating && unsure.rating > 1000);
  const unmeasured = [
    exact("beginner", 1000),
    { id: "casual", label: "Casual", rating: null, low: null, high: null },
  ];
  const est = estimate([result("casual", 1)], unmeasured);
  assert.equal(est.rated, 0);
  assert.equal(est.rating, 1000);
  assert.equal(
    estimate([result("casual", 1)], [{ id: "casual", rating: null }]),
    null,
    "no measured level: no estimate",
  );
});

test("the expected score is Elo's: 400 points up scores 10 to 1", () => {
  assert.ok(Math.abs(expectedScore(1400, 1000) - 10 / 11) < 1e-12);
  assert.equal(expectedScore(1000, 1000), 0.5);
});

test("suggested: the weakest level at first, then the weakest rated at or above the estimate", () => {
  assert.equal(suggest([], LADDER).id, "beginner");
  assert.equal(suggest([result("beginner", 0)], LADDER).id, "beginner");
  const won = [result("beginner", 1)];
  const est = estimate(won, LADDER);
  assert.ok(est.rating > 1000 && est.rating <= 1200, `${est.rating}`);
  assert.equal(suggest(won, LADDER).id, "casual");
  // far above every level: the strongest
  const many = Array.from({ length: 12 }, () => result("master", 1));
  assert.equal(suggest(many, LADDER).id, "master");
  // the levels in any order, an unmeasured one skipped
  const shuffled = [LADDER[2], { id: "new", label: "New", rating: null }, LADDER[0], LADDER[3], LADDER[1]];
  assert.equal(suggest(won, shuffled).id, "casual");
});

test("after a clear win streak: at least the level above the strongest one beaten", () => {
  // old losses hold the estimate under Casual (and over Beginner) ...
  const losses = Array.from({ length: 3 }, () => result("casual", 0));
  const streak = Array.from({ length: STREAK }, () => result("casual", 1));
  const est = estimate([...losses, ...streak], LADDER);
  assert.ok(est.rating > 1000 && est.rating <= 1200, `the estimate ${est.rating} stays under Casual`);
  for (const shorter of [
    [...losses, ...streak.slice(1)],
    [...losses, ...streak, result("casual", 0)],
  ]) {
    const e = estimate(shorter, LADDER).rating;
    assert.ok(e > 1000 && e <= 1200, `${e}`);
  }
  // ... but three wins in a row against Casual suggest Strong
  assert.equal(suggest([...losses, ...streak], LADDER).id, "strong");
  // one short of the streak: the rule by the estimate
  assert.equal(suggest([...losses, ...streak.slice(1)], LADDER).id, "casual");
  // a loss after the streak ends it
  assert.equal(suggest([...losses, ...streak, result("casual", 0)], LADDER).id, "casual");
});

test("the counts per level: every level of the engine, won, drawn, lost; a level no longer named kept", () => {
  const rows = tally(
    [result("casual", 1), result("casual", 0.5), result("casual", 0), result("casual", 1), result("gone", 0)],
    LADDER,
  );
  assert.deepEqual(
    rows.map(r => [r.id, r.won, r.drawn, r.lost]),
    [
      ["beginner", 0, 0, 0],
      ["casual", 2, 1, 1],
      ["strong", 0, 0, 0],
      ["master", 0, 0, 0],
      ["gone", 0, 0, 1],
    ],
  );
  assert.equal(rows[1].label, "Casual");
});

test("history: the estimate after each result, the last one the estimate; the summary of one game", () => {
  const results = [
    result("beginner", 1),
    result("casual", 0),
    result("casual", 1),
    result("beginner", 1, "evl"),
  ];
  const points = history(results.slice(0, 3), LADDER);
  assert.equal(points.length, 3);
  assert.deepEqual(
    points.map(p => p.at),
    results.slice(0, 3).map(r => r.at),
  );
  assert.ok(points[1].rating < points[0].rating, "the loss lowered it");
  points.forEach((p, i) => {
    const est = estimate(results.slice(0, i + 1), LADDER);
    assert.ok(Math.abs(p.rating - est.rating) < 1e-9 && Math.abs(p.high - est.high) < 1e-9, `point ${i}`);
  });
  // the estimate is of the results, not of their order
  const shuffled = [results[2], results[0], results[1]];
  assert.ok(Math.abs(estimate(shuffled, LADDER).rating - points[2].rating) < 1e-9);
  const s = summary(results, "loa", LADDER);
  assert.equal(s.results.length, 3, "only this game's");
  assert.ok(Math.abs(s.estimate.rating - points[2].rating) < 1e-9);
  assert.ok(Math.abs(s.change - (points[2].rating - points[1].rating)) < 1e-9);
  assert.equal(summary([], "loa", LADDER).change, null);
  const brief = summary(results, "loa", LADDER, { withHistory: false });
  assert.deepEqual(brief.history, []);
  assert.equal(brief.estimate.rating, s.estimate.rating);
  assert.equal(brief.change, s.change);
});

const model = (players, mainLength = 10, id = "abc") => ({
  id,
  meta: { game: "loa", variant: "standard" },
  players,
  mainLength,
});

test("a finished game against the computer is a result from the human's side; others are not", () => {
  const win = resultOf(model(["h", "c:casual"]), { winner: 0, termination: "rules" }, 5);
  assert.deepEqual(win, {
    id: "abc",
    game: "loa",
    variant: "standard",
    level: "casual",
    score: 1,
    termination: "rules",
    at: 5,
  });
  assert.equal(resultOf(model(["c:strong", "h"]), { winner: 0, termination: "resignation" }).score, 0);
  assert.equal(resultOf(model(["c:strong", "h"]), { winner: null, termination: "agreement" }).score, 0.5);
  assert.equal(resultOf(model(["c:strong", "h"]), { winner: 1, termination: "time" }).level, "strong");
  assert.equal(resultOf(model(["h", "h"]), { winner: 0, termination: "rules" }), null, "two humans");
  assert.equal(resultOf(model(["h", "r"]), { winner: 0, termination: "rules" }), null, "a friend far away");
  assert.equal(resultOf(model(["c:casual", "c:master"]), { winner: 0, termination: "rules" }), null);
  assert.equal(resultOf(model(["h", "c:casual", "c:casual"]), { winner: 0, termination: "rules" }), null);
  assert.equal(
    resultOf(model(["h", "c:casual"], 1), { winner: 1, termination: "resignation" }),
    null,
    "too short",
  );
  assert.equal(resultOf(model(["h", "c:casual"]), null), null, "not over");
  assert.equal(
    resultOf({ ...model(["h", "c:casual"]), id: null }, { winner: 0, termination: "rules" }),
    null,
  );
});

test("the kept state: garbage read as empty, a bad result dropped, the rest kept", () => {
  for (const junk of [null, 3, "x", [], { results: "no" }]) assert.deepEqual(readState(junk), emptyState());
  const good = result("casual", 1);
  const state = readState({
    results: [
      good,
      { ...good, id: "bad", score: 2 },
      { id: 5 },
      null,
      { ...good, id: "nan", at: "soon" },
      { ...good, id: "far", at: 1e300 }, // (no Date holds it: it would show as "Invalid Date", #47)
    ],
    dropped: ["x", 7],
  });
  assert.deepEqual(state.results, [good]);
  assert.deepEqual(state.dropped, ["x"]);
});

test("two tabs merge: every result once by game id; a game reset in one is not brought back by the other", () => {
  const a = result("casual", 1);
  const b = result("strong", 0);
  const c = result("casual", 0.5, "evl");
  const one = { results: [a, b], dropped: [] };
  const two = { results: [b, c], dropped: [] };
  const merged = mergeStates(one, two);
  assert.deepEqual(
    merged.results.map(r => r.id),
    [a.id, b.id, c.id],
  );
  const reset = resetState(merged, "loa");
  assert.deepEqual(
    reset.results.map(r => r.id),
    [c.id],
  );
  // the other tab still remembers a and b: merging does not bring them back
  assert.deepEqual(
    mergeStates(two, reset).results.map(r => r.id),
    [c.id],
  );
  assert.deepEqual(mergeStates(one, resetState(merged, null)).results, []);
});

test("Play it: the suggested level, on the side and variant of the last game against the computer", () => {
  assert.deepEqual(playChoice("loa", "strong", null), { game: "loa", players: ["h", "c:strong"] });
  assert.deepEqual(
    playChoice("loa", "strong", { variant: "scrambled", options: { a: "b" }, players: ["c:casual", "h"] }),
    {
      game: "loa",
      variant: "scrambled",
      options: { a: "b" },
      players: ["c:strong", "h"],
    },
  );
  // the last game was not against the computer (or had three seats): the first variant, the first seat
  for (const players of [
    ["h", "h"],
    ["h", "c:casual", "c:casual"],
    ["r", "h"],
  ])
    assert.deepEqual(playChoice("el", "beginner", { variant: "three", players }), {
      game: "el",
      players: ["h", "c:beginner"],
    });
});
