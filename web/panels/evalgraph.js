// The evaluation graph under the board: every seat's winning chances along
// the analysed main line, as stacked bands in the seats' colours (the
// chances of all seats add up to 1, so the border between two players'
// bands is where the game stands), the marked moves as dots, and the viewed
// position as a line.  A click jumps to the nearest position.  It draws
// what the analysis says and calls back; it changes nothing itself.

import { el, fmt } from "../board/glyphs.js";
import { t } from "../i18n/i18n.js";
import { MARK_NAME } from "../model/analysis.js";

const W = 600; // the drawing's width in user units (the graph stretches to its box)
const H = 100;

/**
 * Draw into `svg`.  `positions`: the evaluations so far (analysis.js), one
 * per ply from the start; `plies`: the line's length (the graph's width
 * covers every position, analysed or not); `colors`: each seat's colour
 * token; `marks`: {ply: mark}; `viewedPly`: the viewed position's ply, or
 * -1 when it is off the line; `onJump(ply)`.
 */
export function drawEvalGraph(svg, { positions, plies, colors, marks = {}, viewedPly = -1, onJump, label }) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.dataset.positions = String(positions.length);
  const x = ply => (plies > 0 ? (ply / plies) * W : 0);
  const seats = colors.length;
  el("rect", { x: 0, y: 0, width: W, height: H, class: "graph-bg" }, svg);
  if (positions.length) {
    // seat s's band: between the sums of the chances of the seats before it and with it, from the bottom
    let below = positions.map(() => 0);
    for (let s = 0; s < seats; s++) {
      const above = positions.map((p, i) => below[i] + (p.chances[s] || 0));
      const top = above.map((v, i) => [x(i), H * (1 - v)]);
      const bottom = below.map((v, i) => [x(i), H * (1 - v)]).reverse();
      if (positions.length === 1) {
        // one position: a sliver, so that it shows
        top.push([x(0) + 2, top[0][1]]);
        bottom.unshift([x(0) + 2, bottom[0][1]]);
      }
      el(
        "polygon",
        {
          points: top
            .concat(bottom)
            .map(p => p.map(fmt).join(","))
            .join(" "),
          class: `band band-${colors[s] || `seat${s}`}`,
          "data-seat": s,
        },
        svg,
      );
      below = above;
    }
  }
  el(
    "line",
    { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "graph-mid", "vector-effect": "non-scaling-stroke" },
    svg,
  );
  if (viewedPly >= 0 && viewedPly <= plies) {
    el(
      "line",
      {
        x1: fmt(x(viewedPly)),
        y1: 0,
        x2: fmt(x(viewedPly)),
        y2: H,
        class: "graph-now",
        "vector-effect": "non-scaling-stroke",
        "data-ply": viewedPly,
      },
      svg,
    );
  }
  for (const [plyText, mark] of Object.entries(marks)) {
    const ply = Number(plyText);
    const p = positions[ply];
    if (!p) continue;
    // on the border of the first seat's band, where the swing shows
    const y = H * (1 - p.chances[0]);
    const dot = el(
      "ellipse",
      {
        cx: fmt(x(ply)),
        cy: fmt(Math.max(4, Math.min(H - 4, y))),
        rx: 5,
        ry: 5,
        class: `graph-mark mark-${mark}`,
        "data-ply": ply,
        "data-mark": mark,
      },
      svg,
    );
    el("title", {}, dot).textContent = t("analysis.markAt", { mark: MARK_NAME[mark] || mark, ply });
  }
  svg.setAttribute("aria-label", label || t("analysis.graph"));
  svg.onclick = event => {
    if (!plies || !onJump) return;
    const box = svg.getBoundingClientRect();
    if (!box.width) return;
    const ply = Math.round(((event.clientX - box.left) / box.width) * plies);
    onJump(Math.max(0, Math.min(plies, ply)));
  };
}
