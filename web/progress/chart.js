// The chart of a rating over the games played (issue #31), drawn in SVG
// without a library: the estimate after each game as a line, its 95 %
// interval as a band, each game a dot (filled: won, half: drawn, hollow:
// lost), the computer's levels as faint lines named at the right, the
// axes labelled (rating up the side, games along the bottom, the first
// and last dates under them).  The layout is pure (chartLayout, tested in
// Node); ratingChart builds the element from it.  The SVG has a viewBox
// and scales to its box: readable at 360 px as at 1280.

import { language, t } from "../i18n/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
export const WIDTH = 340;
export const HEIGHT = 180;
const PAD = { left: 38, right: 58, top: 10, bottom: 34 };

/** A step for about `count` ticks over `span` points: 50, 100, 200, 250, 500 ... */
export function tickStep(span, count = 4) {
  const raw = Math.max(span, 1) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

const round = x => Math.round(x * 10) / 10;

/**
 * Where everything goes: `points` [{at, rating, low, high, score}] (the
 * history, oldest first), `levels` [{id, label, rating}] (the measured
 * ones are drawn as reference lines).  Returns {x(i), y(r), yTicks,
 * xTicks, line, band, dots, levels, min, max, width, height, plot}; null
 * without points.
 */
export function chartLayout(points, levels = []) {
  if (!points.length) return null;
  const rated = levels.filter(l => typeof l.rating === "number" && Number.isFinite(l.rating));
  // the band and the line set the range; a level is drawn only when it lies inside it (or near)
  let min = Math.min(...points.map(p => p.low));
  let max = Math.max(...points.map(p => p.high));
  const step = tickStep(max - min);
  min = Math.floor(min / step) * step;
  max = Math.ceil(max / step) * step;
  if (max - min < step) max = min + step;
  const plot = { left: PAD.left, right: WIDTH - PAD.right, top: PAD.top, bottom: HEIGHT - PAD.bottom };
  const n = points.length;
  const x = i =>
    round(n === 1 ? (plot.left + plot.right) / 2 : plot.left + ((plot.right - plot.left) * i) / (n - 1));
  const y = r => round(plot.bottom - ((plot.bottom - plot.top) * (r - min)) / (max - min));
  const yTicks = [];
  for (let r = min; r <= max + 1e-9; r += step) yTicks.push({ value: r, y: y(r) });
  const xStep = Math.max(1, Math.ceil(tickStep(n, 5)));
  const xTicks = [{ value: 1, x: x(0) }];
  for (let g = xStep; g <= n; g += xStep) if (g > 1) xTicks.push({ value: g, x: x(g - 1) });
  if (n > 1 && xTicks[xTicks.length - 1].value !== n && n - xTicks[xTicks.length - 1].value >= xStep / 2)
    xTicks.push({ value: n, x: x(n - 1) });
  const line = points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" ");
  // (one game: the band is a short bar across its point, so its interval shows)
  const across = n === 1 ? [-6, 6] : [0];
  const band = [
    ...points.flatMap((p, i) => across.map(dx => `${round(x(i) + dx)},${y(p.high)}`)),
    ...points.flatMap((p, i) => across.map(dx => `${round(x(i) + dx)},${y(p.low)}`)).reverse(),
  ].join(" ");
  const dots = points.map((p, i) => ({
    x: x(i),
    y: y(p.rating),
    kind: p.score === 1 ? "won" : p.score === 0 ? "lost" : "drawn",
  }));
  const shown = rated.filter(l => l.rating >= min && l.rating <= max).map(l => ({ ...l, y: y(l.rating) }));
  return {
    x,
    y,
    yTicks,
    xTicks,
    line,
    band,
    dots,
    levels: shown,
    min,
    max,
    width: WIDTH,
    height: HEIGHT,
    plot,
  };
}

function el(name, attrs = {}, text = "") {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text) node.textContent = text;
  return node;
}

const dateText = at => new Date(at).toLocaleDateString(language(), { day: "numeric", month: "short" });

/** The chart as an <svg> (role img, its summary in `label`), or null without points. */
export function ratingChart(points, levels, label) {
  const L = chartLayout(points, levels);
  if (!L) return null;
  const { plot } = L;
  const svg = el("svg", {
    class: "progress-chart",
    viewBox: `0 0 ${L.width} ${L.height}`,
    role: "img",
    "aria-label": label,
  });
  const grid = el("g", { class: "chart-grid" });
  for (const t of L.yTicks) {
    grid.append(el("line", { x1: plot.left, x2: plot.right, y1: t.y, y2: t.y }));
    grid.append(el("text", { x: plot.left - 4, y: t.y + 3, class: "chart-y" }, String(t.value)));
  }
  for (const t of L.xTicks)
    grid.append(el("text", { x: t.x, y: plot.bottom + 12, class: "chart-x" }, String(t.value)));
  const levelLines = el("g", { class: "chart-levels" });
  for (const l of L.levels) {
    levelLines.append(el("line", { x1: plot.left, x2: plot.right, y1: l.y, y2: l.y }));
    levelLines.append(el("text", { x: plot.right + 3, y: l.y + 3 }, l.label));
  }
  const axes = el("g", { class: "chart-axes" });
  axes.append(el("line", { x1: plot.left, x2: plot.left, y1: plot.top, y2: plot.bottom }));
  axes.append(el("line", { x1: plot.left, x2: plot.right, y1: plot.bottom, y2: plot.bottom }));
  const first = points[0].at;
  const last = points[points.length - 1].at;
  const when =
    first === last || dateText(first) === dateText(last)
      ? dateText(last)
      : `${dateText(first)} – ${dateText(last)}`;
  axes.append(
    el(
      "text",
      { x: (plot.left + plot.right) / 2, y: L.height - 4, class: "chart-caption" },
      t("progress.chart.axis", { when }),
    ),
  );
  const dots = el("g", { class: "chart-dots" });
  points.forEach((p, i) => {
    const d = L.dots[i];
    const dot = el("circle", { cx: d.x, cy: d.y, r: 2.6, class: d.kind });
    const words = { n: i + 1, date: dateText(p.at), result: d.kind, rating: String(Math.round(p.rating)) };
    dot.append(el("title", {}, t("progress.chart.dot", words)));
    dots.append(dot);
  });
  svg.append(
    grid,
    levelLines,
    el("polygon", { class: "chart-band", points: L.band }),
    el("polyline", { class: "chart-line", points: L.line }),
    axes,
    dots,
  );
  return svg;
}
