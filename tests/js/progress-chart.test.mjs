// The chart of the rating over the games (web/progress/chart.js, issue #31):
// where its line, band, dots, ticks and level lines go (the layout is pure).
import { test } from "node:test";
import assert from "node:assert/strict";
import { HEIGHT, WIDTH, chartLayout, tickStep } from "../../web/progress/chart.js";

const point = (rating, half, score, at = 0) => ({
  at,
  rating,
  low: rating - half,
  high: rating + half,
  score,
});
const pairs = text => text.split(" ").map(p => p.split(",").map(Number));

test("tick steps are round numbers giving a few ticks", () => {
  assert.equal(tickStep(1000), 250);
  assert.equal(tickStep(600), 200);
  assert.equal(tickStep(130), 50);
  assert.equal(tickStep(8, 5), 2);
  assert.equal(tickStep(0), 0.25);
});

test("the range covers every interval on round ticks; higher ratings are drawn higher", () => {
  const points = [point(1200, 300, 1), point(1350, 200, 0), point(1500, 150, 0.5)];
  const L = chartLayout(points, []);
  assert.ok(L.min <= 900 && L.max >= 1650);
  assert.equal(L.min % tickStep(1650 - 900), 0);
  assert.equal(L.yTicks[0].value, L.min);
  assert.equal(L.yTicks[L.yTicks.length - 1].value, L.max);
  assert.ok(L.y(1500) < L.y(1200), "up is higher");
  // everything inside the picture
  for (const [x, y] of [...pairs(L.line), ...pairs(L.band)]) {
    assert.ok(x >= 0 && x <= WIDTH && y >= 0 && y <= HEIGHT, `${x},${y}`);
  }
  // the line goes through each game left to right, the dots say won, lost, drawn
  const line = pairs(L.line);
  assert.equal(line.length, 3);
  assert.ok(line[0][0] < line[1][0] && line[1][0] < line[2][0]);
  assert.deepEqual(
    L.dots.map(d => d.kind),
    ["won", "lost", "drawn"],
  );
  // the band: the highs left to right, then the lows back
  const band = pairs(L.band);
  assert.equal(band.length, 6);
  assert.equal(band[0][1], L.y(1500));
  assert.equal(band[5][1], L.y(900));
});

test("one game: the point in the middle, its interval a short bar; no game: no chart", () => {
  const L = chartLayout([point(1000, 400, 0)], []);
  const [[x]] = pairs(L.line);
  assert.ok(Math.abs(x - (L.plot.left + L.plot.right) / 2) < 0.1);
  assert.equal(pairs(L.band).length, 4);
  assert.equal(chartLayout([], []), null);
});

test("the levels inside the range are drawn as lines; the game axis is numbered from 1 to the last game", () => {
  const points = Array.from({ length: 23 }, (_, i) => point(1100 + i * 10, 120, 1, i));
  const levels = [
    { id: "beginner", label: "Beginner", rating: 1000 },
    { id: "casual", label: "Casual", rating: 1200 },
    { id: "master", label: "Master", rating: 2400 },
    { id: "new", label: "New", rating: null },
  ];
  const L = chartLayout(points, levels);
  assert.deepEqual(
    L.levels.map(l => l.id),
    ["beginner", "casual"],
  );
  assert.equal(L.xTicks[0].value, 1);
  assert.equal(L.xTicks[L.xTicks.length - 1].value, 23);
  assert.ok(L.xTicks.every((t, i) => i === 0 || t.x > L.xTicks[i - 1].x));
});
