// The side panel, drawn from the model, the computer controller and the
// viewed position's view: the players (with who plays each seat), the
// result, the status line, the computer's thinking box and which controls
// are enabled.  Drawing decides nothing: the only callbacks are the seat
// selects, which report a choice to the app.

import { $, h } from "../app/dom.js";
import { seatSwatch } from "../board/glyphs.js";
import { LEVELS } from "../model/url.js";

export const levelLabel = id => (id ? id[0].toUpperCase() + id.slice(1) : "");

export function seatName(view, seat) {
  return (view && view.players[seat] && view.players[seat].name) || `Player ${seat + 1}`;
}

/** A "who plays" select: Human, or the computer at a level. */
export function seatSelect(seat, value, label, onchange) {
  const select = h(
    "select",
    {
      class: "seat-kind",
      "data-seat": seat,
      "aria-label": label,
      title: label || "Human, or the computer at a level",
    },
    h("option", { value: "h", selected: value === "h" }, "Human"),
    h("option", { value: "r", selected: value === "r" }, "Far away (by link)"),
    h(
      "optgroup",
      { label: "Computer" },
      ...LEVELS.map(l => h("option", { value: `c:${l}`, selected: value === `c:${l}` }, levelLabel(l))),
    ),
  );
  if (onchange) select.addEventListener("change", () => onchange(select.value));
  return select;
}

function describeOptions(view, info) {
  const variant = info && info.variants.find(v => v.id === view.variant);
  const parts = [variant ? variant.name : view.variant];
  for (const [name, value] of Object.entries(view.options || {})) {
    const spec = info && info.options.find(o => o.name === name);
    parts.push(`${spec ? spec.label : name}: ${value}`);
  }
  return parts.join(" · ");
}

/**
 * The game panel.  `s`: {model, view, info, computer, endOutcome, onSeat}.
 * `endOutcome`: how the viewed line ends, when known (the banner shows it
 * while earlier moves are browsed).
 */
export function drawPanel({ model, view, info, computer, endOutcome, onSeat }) {
  $("title").textContent = view.title || (info && info.name) || view.game;
  $("subtitle").textContent = describeOptions(view, info);
  if (!document.body.classList.contains("reading-rules")) document.title = `${view.title || "Gamut"} · Gamut`;
  const thinking = computer.think && computer.think.purpose === "move";
  const over = view.outcome;
  // the players are drawn anew: a seat's select in use keeps the keyboard focus
  const focused = document.activeElement;
  const focusedSeat = focused && focused.matches("#players select.seat-kind") ? focused.dataset.seat : null;
  $("players").replaceChildren(
    ...view.players.map((p, seat) => {
      const counters = (view.counters || [])
        .filter(c => c.owner === seat)
        .map(c => `${c.value} ${c.label}`)
        .join(" · ");
      const turn = !over && view.to_move === seat;
      return h(
        "li",
        {
          class: `player${turn ? " to-move" : ""}${computer.isComputer(seat) ? " computer" : ""}`,
          "data-seat": seat,
          "aria-current": turn ? "true" : null,
        },
        seatSwatch(p.color),
        h("span", { class: "player-name" }, p.name),
        seatSelect(seat, model.players[seat] || "h", `${p.name}: who plays`, value => onSeat(seat, value)),
        counters ? h("span", { class: "counter" }, counters) : null,
        // (whose turn it is is written once, in the status line; the card is
        // marked, and says when the computer is thinking)
        turn && thinking && model.atHead ? h("span", { class: "turn-tag" }, "thinking") : null,
      );
    }),
  );

  if (focusedSeat != null)
    /** @type {HTMLElement | null} */ (
      document.querySelector(`#players select.seat-kind[data-seat="${focusedSeat}"]`)
    )?.focus();

  const outcome = view.outcome || endOutcome || null;
  const result = $("result");
  if (outcome) {
    result.hidden = false;
    result.dataset.winner = outcome.winner == null ? "draw" : String(outcome.winner);
    const head = outcome.winner == null ? "Draw" : `${seatName(view, outcome.winner)} wins`;
    let reason = outcome.reason || "";
    if (reason.toLowerCase().startsWith(head.toLowerCase()))
      reason = reason.slice(head.length).replace(/^[:.,;]?\s*/, "");
    result.replaceChildren(h("strong", {}, head), reason ? h("span", {}, reason) : null);
  } else {
    result.hidden = true;
    result.replaceChildren();
    delete result.dataset.winner;
  }

  const parts = [];
  if (!view.outcome && !model.ending) parts.push(`${seatName(view, view.to_move)} to move`); // (#29: not after a resignation)
  // browsing away from where the game goes on (the head)
  if (!model.atHead) parts.push(`viewing move ${model.ply} of ${model.linkLine().length}`);
  if (view.messages && view.messages.length) parts.push(view.messages.join(" "));
  $("status").textContent = parts.join(" · ");
}

const number = n => Number(n || 0).toLocaleString("en-US");

/** What a search has done so far, as DOM nodes: depth, nodes or simulations, best move. */
function searchFacts(p) {
  if (!p) return [];
  const parts = [];
  if (p.search === "mcts") parts.push(`${number(p.simulations)} simulations`);
  else if (p.search === "alphabeta") parts.push(`depth ${p.depth}`, `${number(p.nodes)} nodes`);
  const out = [];
  for (const part of parts) out.push(" · ", part);
  const best = p.move || p.best;
  if (best) out.push(" · best ", h("b", {}, best));
  return out;
}

/** A search's score and line in words: "depth 6 · Black 57 % · b1-d3 h5-g4",
 * "Black wins in 2 · ..." (`seatName(seat)`). */
export function searchLine(p, seatName) {
  const parts = [];
  if (p.search === "alphabeta") parts.push(`depth ${p.depth}`);
  else if (p.search === "mcts") parts.push(`${number(p.simulations)} simulations`);
  if (p.mate_in && p.winner != null) parts.push(`${seatName(p.winner)} wins in ${p.mate_in}`);
  else if (Array.isArray(p.chances) && p.chances.length > p.seat)
    parts.push(`${seatName(p.seat)} ${Math.round(100 * p.chances[p.seat])} % to win`);
  const line = p.pv && p.pv.length ? p.pv : p.best ? [p.best] : [];
  if (line.length) parts.push(line.join(" "));
  return parts.join(" · ");
}

/** The thinking box: the computer's search for the head, or a hint. */
export function drawThinking({ model, view, headView, computer, ready, canPlayHint }) {
  const box = $("ai");
  const t = computer.think;
  let state = "idle";
  let status = [];
  let p = null;
  if (t && view) {
    p = t.progress;
    const who = seatName(view, t.seat);
    if (t.purpose === "move") {
      state = "thinking";
      status = [`${who} (${levelLabel(t.level)}) ${t.done ? "plays" : "is thinking"}`, ...searchFacts(p)];
      if (!model.atHead) status.push(" · at the game's last position");
    } else {
      state = "hint-thinking";
      status = [`Looking for a move for ${who}`, ...searchFacts(p)];
    }
  } else if (computer.hint && view) {
    p = computer.hint.progress;
    state = "hint";
    status = [`Hint for ${seatName(view, p.seat)}: `, h("b", {}, p.move || p.best || "none")];
  } else if (computer.paused && computer.computerSeatToMove() >= 0) {
    const seat = computer.computerSeatToMove();
    state = "paused";
    status = [
      `Paused: ${seatName(headView, seat)} (computer, ${levelLabel(computer.levelOf(seat))}) is to move.`,
    ];
  } else if (!ready && model && model.atHead && headView && computer.computerSeatToMove() >= 0) {
    const seat = computer.computerSeatToMove();
    state = "starting";
    status = [
      `${seatName(headView, seat)} (computer, ${levelLabel(computer.levelOf(seat))}) moves as soon as the engine has started.`,
    ];
  }
  const ongoing = !!(ready && headView && !headView.outcome);
  const showPause =
    ongoing &&
    model.players.some(x => x && x !== "h") &&
    (state === "thinking" || state === "paused" || computer.paused);
  box.hidden = state === "idle" && !showPause;
  box.dataset.state = state;
  document.documentElement.dataset.thinking = t ? t.purpose : "";
  const best = p && (p.move || p.best);
  if (best) box.dataset.best = best;
  else delete box.dataset.best;
  const searching =
    (state === "thinking" || state === "hint-thinking" || state === "starting") && !(t && t.done);
  $("ai-spinner").hidden = !searching;
  const bar = $("ai-progress");
  const fraction = p && typeof p.fraction === "number" ? p.fraction : null;
  bar.hidden = !searching || fraction == null;
  if (fraction != null) bar.value = Math.max(0, Math.min(1, fraction));
  $("ai-status").replaceChildren(...(status.length ? status : [computer.paused ? "Paused." : ""]));
  $("ai-eval").textContent = p && (p.depth || p.simulations || p.done) ? p.evaluation || "" : "";
  // a hint tells its score and line too
  const hinting =
    (state === "hint" || state === "hint-thinking") && p && (p.depth || p.simulations || p.done);
  const line = $("ai-line");
  line.hidden = !hinting;
  line.textContent = hinting ? searchLine(p, seat => seatName(view, seat)) : "";
  const moveNow = $("move-now");
  moveNow.hidden = state !== "thinking";
  moveNow.disabled = !(t && t.purpose === "move" && best);
  $("hint-stop").hidden = state !== "hint-thinking";
  const playIt = $("hint-play");
  playIt.hidden = state !== "hint";
  playIt.disabled = !canPlayHint;
  if (state === "hint" && best) playIt.textContent = `Play ${best}`;
  const pause = $("pause");
  pause.hidden = !showPause;
  pause.textContent = computer.paused ? "Resume" : "Pause";
  pause.setAttribute("aria-pressed", computer.paused ? "true" : "false");
}

/** Which controls can act now. */
export function drawControls({ model, view, ready, computer, canUndo }) {
  const on = ready && !!model;
  const end = on ? model.linkLine().length : 0;
  $("first").disabled = !on || model.ply === 0;
  $("prev").disabled = !on || model.ply === 0;
  $("next").disabled = !on || model.ply >= end;
  $("last").disabled = !on || model.ply >= end;
  $("undo").disabled = !on || !canUndo;
  $("redo").disabled = !on || !model.redoMove();
  const hintable =
    on &&
    view &&
    !view.outcome &&
    (view.moves || []).length &&
    !(computer.think && computer.think.purpose === "move" && model.atHead);
  $("hint").disabled = !hintable;
  $("hint").setAttribute(
    "aria-pressed",
    computer.hint || (computer.think && computer.think.purpose === "hint") ? "true" : "false",
  );
  $("new-game").disabled = false; // (a game chosen before the engine is ready starts when it is)
  $("copy-link").disabled = !model;
  $("notice-fresh").disabled = false;
  const variation = on && model.viewed.length > 0 && !model.tree.isMain(model.viewed);
  $("promote").hidden = !variation;
  $("delete-move").hidden = !(on && model.viewed.length > 0);
}
