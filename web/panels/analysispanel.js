// The analysis box of the panel and the graph under the board, drawn from
// the analyser (analysis.js), the computer's live search and the viewed
// position: the Analyse and Cancel buttons with the progress, the graph,
// the marked move at the viewed position with the engine's move and line,
// each player's summary, and the live line.  Drawing decides nothing: the
// buttons' actions are wired in wire.js; the graph calls `onJump(ply)`.

import { $, h } from "../app/dom.js";
import { t, tParts } from "../i18n/i18n.js";
import { MARKS, chanceText, judgementText, marksByPly, markedAt, plyOnLine } from "../model/analysis.js";
import { drawEvalGraph } from "./evalgraph.js";
import { searchLine } from "./panels.js";

/** `s`: {analyser, computer, model, view, ready, seatName(seat), onJump(line)}. */
export function drawAnalysis({ analyser, computer, model, view, ready, seatName }, onJump) {
  const root = document.documentElement;
  const result = analyser.result();
  const running = analyser.running;
  const main = analyser.mainLine();
  root.dataset.analysis = running ? "running" : result ? "done" : "";

  const analyse = $("analyse");
  analyse.disabled = !ready || !main.length || !!running;
  analyse.textContent = t(result ? "analysis.again" : "analysis.analyse");
  $("analyse-cancel").hidden = !running;
  const bar = $("analyse-progress");
  const fraction = analyser.fraction();
  bar.hidden = fraction == null;
  if (fraction != null) bar.value = fraction;

  // the graph: the finished analysis, or the positions done so far
  const line = result ? result.line : running ? running.line : null;
  const graph = $("eval-graph");
  const positions = analyser.positions();
  const showGraph = !!line && (positions.length > 0 || !!running);
  graph.toggleAttribute("hidden", !showGraph); // (an <svg> has no `hidden` property)
  if (showGraph) {
    const ply = plyOnLine({ line }, model.viewed);
    drawEvalGraph(graph, {
      positions,
      plies: line.length,
      colors: view.players.map(p => p.color),
      marks: marksByPly(result),
      viewedPly: ply,
      onJump: k => onJump(line.slice(0, k)),
      label: t(result ? "analysis.graph.done" : "analysis.graph.running", { count: line.length }),
    });
  }

  // the marked move at the viewed position
  const marked = markedAt(result, model.viewed);
  const box = $("analysis-move");
  box.hidden = !marked;
  if (marked) {
    const j = marked.judgement;
    box.className = `analysis-move mark-${j.mark}`;
    box.dataset.mark = j.mark;
    box.dataset.ply = String(j.ply + 1);
    $("analysis-move-text").textContent = judgementText(j, seatName);
    const engine = j.pv.length ? j.pv : j.best ? [j.best] : [];
    $("analysis-move-line").replaceChildren(
      ...tParts("analysis.engineMove", { move: h("b", {}, j.best || t("ai.none")) }),
      engine.length > 1 ? ` ${t("analysis.engineLine", { line: engine.join(" ") })}` : "",
      marked.before ? ` ${t("analysis.shown")}` : "",
    );
    $("analysis-add").disabled = !ready || !engine.length;
  }

  // each player's summary
  const table = $("analysis-summary");
  table.hidden = !result;
  if (result) {
    $("analysis-summary-body").replaceChildren(
      ...result.summary.map(s =>
        h(
          "tr",
          { "data-seat": s.seat },
          h("th", { scope: "row" }, seatName(s.seat)),
          ...MARKS.map(k => h("td", { "data-mark": k }, String(s.marks[k]))),
          h("td", {}, `${(100 * s.average_loss).toFixed(1)} %`),
        ),
      ),
    );
    const end = result.positions[result.positions.length - 1];
    table.querySelector("caption").textContent = t("analysis.summary.full", {
      level: levelText(result),
      chances: view.players.map((_, seat) => `${seatName(seat)} ${chanceText(end, seat)}`).join(", "),
    });
  }

  // the live line
  const live = $("live");
  live.setAttribute("aria-pressed", computer.liveOn ? "true" : "false");
  live.disabled = !ready;
  const liveBox = $("live-line");
  const p = computer.live && computer.live.progress;
  liveBox.hidden = !computer.liveOn;
  liveBox.textContent = !computer.liveOn
    ? ""
    : view.outcome
      ? t("analysis.live.over")
      : t("analysis.live.line", { line: p ? searchLine(p, seatName) : t("analysis.live.thinking") });
}

function levelText(result) {
  return result.depth
    ? t("search.depth", { depth: result.depth })
    : t("analysis.level.named", { level: result.level });
}
