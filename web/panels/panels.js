// The side panel, drawn from the model, the computer controller and the
// viewed position's view: the players (with who plays each seat), the
// result, the status line, the computer's thinking box and which controls
// are enabled.  Drawing decides nothing: the only callbacks are the seat
// selects, which report a choice to the app.

import { $, h } from "../app/dom.js";
import { seatSwatch } from "../board/glyphs.js";
import { viewTitle } from "../board/title.js";
import { LEVELS } from "../model/url.js";
import { t, tParts } from "../i18n/i18n.js";
import {
  counterWords,
  formatMessage,
  noteWords,
  optionValueWords,
  optionWords,
  playerWords,
  saidOr,
  variantWords,
} from "../engine/words.js";

/** A computer level's name in the page's language (the catalog's level.<id>). */
export const levelLabel = id => (id ? t(`level.${id}`) : "");

export function seatName(view, seat) {
  return playerWords(view, seat) || t("player.numbered", { n: seat + 1 });
}

/** A "who plays" select: Human, or the computer at a level: one of
 * `ladder`'s (the game's own levels, when known; else every level), and the
 * seat's own level even where the game does not offer it (a link may name it). */
export function seatSelect(seat, value, label, onchange, ladder = null) {
  const levels = ladder ? LEVELS.filter(l => ladder.includes(l) || value === `c:${l}`) : LEVELS;
  const select = h(
    "select",
    {
      class: "seat-kind",
      "data-seat": seat,
      "aria-label": label,
      title: label || t("seat.title"),
    },
    h("option", { value: "h", selected: value === "h" }, t("seat.human")),
    h("option", { value: "r", selected: value === "r" }, t("seat.far")),
    h(
      "optgroup",
      { label: t("seat.computer") },
      ...levels.map(l => h("option", { value: `c:${l}`, selected: value === `c:${l}` }, levelLabel(l))),
    ),
  );
  if (onchange) select.addEventListener("change", () => onchange(select.value));
  return select;
}

function describeOptions(view) {
  const parts = [variantWords(view.game, view.variant)];
  for (const [name, value] of Object.entries(view.options || {})) {
    parts.push(
      t("option.named", {
        name: optionWords(view.game, name),
        value: optionValueWords(value),
      }),
    );
  }
  return parts.join(" · "); // i18n: not words (a separator)
}

/** The result's detail: the engine's reason in the page's language (its
 * message; `text`, the page's own words, for an ending beyond the rules),
 * without the result it may begin with: under "Schwarz gewinnt", "Schwarz
 * gewinnt: alle Steine sind verbunden" says "alle Steine sind verbunden". */
function reasonWords(view, outcome) {
  let reason = saidOr(outcome.said, outcome.text || "");
  // (the engine's reason may begin with the result: not said twice)
  const name = outcome.winner == null ? null : seatName(view, outcome.winner);
  const head = outcome.winner == null ? t("result.draw") : t("result.wins", { name });
  if (reason.toLowerCase().startsWith(head.toLowerCase())) {
    reason = reason.slice(head.length).replace(/^\s*[:.,;]?\s*/, "");
  }
  return reason;
}

/**
 * The game panel.  `s`: {model, view, info, computer, endOutcome, onSeat, ladder, liveSeat}
 * (`ladder`: the ids of the levels the game offers, when known; `liveSeat`:
 * this page's seat in a live game, whose seats cannot change, or -1).
 * `endOutcome`: how the viewed line ends, when known (the banner shows it
 * while earlier moves are browsed).
 */
export function drawPanel({ model, view, info, computer, endOutcome, onSeat, ladder = null, liveSeat = -1 }) {
  const title = viewTitle(view);
  $("title").textContent = title || (info && info.name) || view.game;
  $("subtitle").textContent = describeOptions(view);
  if (!document.body.classList.contains("reading-rules")) document.title = `${title || "Gamut"} · Gamut`; // i18n: not words (the site's name)
  const thinking = computer.think && computer.think.purpose === "move";
  const over = view.outcome;
  // the players are drawn anew: a seat's select in use keeps the keyboard focus
  const focused = document.activeElement;
  const focusedSeat = focused && focused.matches("#players select.seat-kind") ? focused.dataset.seat : null;
  $("players").replaceChildren(
    ...view.players.map((p, seat) => {
      const counters = counterWords(view, seat).join(" · "); // i18n: not words (a separator)
      const turn = !over && view.to_move === seat;
      return h(
        "li",
        {
          class: `player${turn ? " to-move" : ""}${computer.isComputer(seat) ? " computer" : ""}`,
          "data-seat": seat,
          "aria-current": turn ? "true" : null,
        },
        seatSwatch(p.color),
        h("span", { class: "player-name", title: seatName(view, seat) }, seatName(view, seat)),
        liveSeat >= 0
          ? // (#46: a live game's seats are fixed: this page's player and the friend)
            h("span", { class: "seat-live" }, t(seat === liveSeat ? "seat.liveYou" : "seat.liveFriend"))
          : seatSelect(
              seat,
              model.players[seat] || "h",
              t("seat.whoPlays", { name: seatName(view, seat) }),
              value => onSeat(seat, value),
              ladder,
            ),
        // (cut with an ellipsis where the card is narrow: whole in its title)
        counters ? h("span", { class: "counter", title: counters }, counters) : null,
        // (whose turn it is is written once, in the status line; the card is
        // marked, and says when the computer is thinking: a computer's card
        // always holds the words, hidden while it waits, so that the card
        // keeps its height when they come and go, #41)
        computer.isComputer(seat)
          ? h(
              "span",
              { class: "turn-tag", "data-on": turn && thinking && model.atHead ? "yes" : "no" },
              t("panel.thinking"),
            )
          : null,
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
    const name = seatName(view, outcome.winner);
    const head = outcome.winner == null ? t("result.draw") : t("result.wins", { name });
    const reason = reasonWords(view, outcome);
    result.replaceChildren(h("strong", {}, head), reason ? h("span", {}, reason) : null);
  } else {
    result.hidden = true;
    result.replaceChildren();
    delete result.dataset.winner;
  }

  const parts = [];
  if (!view.outcome && !model.ending) parts.push(t("status.toMove", { name: seatName(view, view.to_move) })); // (#29: not after a resignation)
  // browsing away from where the game goes on (the head)
  if (!model.atHead) parts.push(t("status.viewing", { ply: model.ply, count: model.linkLine().length }));
  const notes = noteWords(view);
  if (notes.length) parts.push(notes.join(" "));
  $("status").textContent = parts.join(" · ");
  $("status").title = parts.join(" · "); // (#41: whole, where two lines cut it)
}

/** What a search has done so far, as DOM nodes: depth, nodes or simulations, best move. */
function searchFacts(p) {
  if (!p) return [];
  const parts = [];
  if (p.search === "mcts") parts.push(t("search.simulations", { count: Number(p.simulations || 0) }));
  else if (p.search === "alphabeta")
    parts.push(t("search.depth", { depth: p.depth }), t("search.nodes", { count: Number(p.nodes || 0) }));
  const out = [];
  for (const part of parts) out.push(" · ", part);
  const best = p.move || p.best;
  if (best) out.push(" · ", ...tParts("search.best", { move: h("b", {}, best) }));
  return out;
}

/** A search's score and line in words: "depth 6 · Black 57 % · b1-d3 h5-g4",
 * "Black wins in 2 · ..." (`seatName(seat)`). */
export function searchLine(p, seatName) {
  const parts = [];
  if (p.search === "alphabeta") parts.push(t("search.depth", { depth: p.depth }));
  else if (p.search === "mcts") parts.push(t("search.simulations", { count: Number(p.simulations || 0) }));
  if (p.mate_in && p.winner != null)
    parts.push(t("search.winsIn", { name: seatName(p.winner), count: p.mate_in }));
  else if (Array.isArray(p.chances) && p.chances.length > p.seat)
    parts.push(t("search.chance", { name: seatName(p.seat), percent: Math.round(100 * p.chances[p.seat]) }));
  const line = p.pv && p.pv.length ? p.pv : p.best ? [p.best] : [];
  if (line.length) parts.push(line.join(" "));
  return parts.join(" · ");
}

/** The thinking box: the computer's search for the head, or a hint.  While
 * the computer thinks for its move it says so, and tells its search (depth,
 * nodes, best move, score) only with `search` (the setting showSearch): against the
 * computer a player sees that it thinks, not what. */
export function drawThinking({ model, view, headView, computer, ready, canPlayHint, search = false }) {
  const box = $("ai");
  const think = computer.think;
  let state = "idle";
  let status = [];
  let p = null;
  if (think && view) {
    p = think.progress;
    const who = { name: seatName(view, think.seat), level: levelLabel(think.level) };
    if (think.purpose === "move") {
      state = "thinking";
      status = [t(think.done ? "ai.plays" : "ai.isThinking", who), ...(search ? searchFacts(p) : [])];
      if (!model.atHead) status.push(" · ", t("ai.atLast"));
    } else {
      state = "hint-thinking";
      status = [t("ai.looking", who), ...searchFacts(p)];
    }
  } else if (computer.hint && view) {
    p = computer.hint.progress;
    state = "hint";
    status = tParts("ai.hintFor", {
      name: seatName(view, p.seat),
      move: h("b", {}, p.move || p.best || t("ai.none")),
    });
  } else if (computer.paused && computer.computerSeatToMove() >= 0) {
    const seat = computer.computerSeatToMove();
    state = "paused";
    status = [
      t("ai.pausedToMove", { name: seatName(headView, seat), level: levelLabel(computer.levelOf(seat)) }),
    ];
  } else if (!ready && model && model.atHead && headView && computer.computerSeatToMove() >= 0) {
    const seat = computer.computerSeatToMove();
    state = "starting";
    status = [
      t("ai.movesWhenReady", { name: seatName(headView, seat), level: levelLabel(computer.levelOf(seat)) }),
    ];
  }
  const ongoing = !!(ready && headView && !headView.outcome);
  const showPause =
    ongoing &&
    model.players.some(x => x && x !== "h") &&
    (state === "thinking" || state === "paused" || computer.paused);
  box.hidden = state === "idle" && !showPause;
  box.dataset.state = state;
  document.documentElement.dataset.thinking = think ? think.purpose : "";
  const best = p && (p.move || p.best);
  if (best) box.dataset.best = best;
  else delete box.dataset.best;
  const searching =
    (state === "thinking" || state === "hint-thinking" || state === "starting") && !(think && think.done);
  $("ai-spinner").hidden = !searching;
  const bar = $("ai-progress");
  const fraction = p && typeof p.fraction === "number" ? p.fraction : null;
  bar.hidden = !searching || fraction == null;
  if (fraction != null) bar.value = Math.max(0, Math.min(1, fraction));
  $("ai-status").replaceChildren(...(status.length ? status : [computer.paused ? t("ai.paused") : ""]));
  const secret = state === "thinking" && !search; // (the computer's own search, not shown)
  $("ai-eval").textContent =
    p && !secret && (p.depth || p.simulations || p.done) ? formatMessage(p.evaluation) : "";
  // a hint tells its score and line too
  const hinting =
    (state === "hint" || state === "hint-thinking") && p && (p.depth || p.simulations || p.done);
  const line = $("ai-line");
  line.hidden = !hinting;
  line.textContent = hinting ? searchLine(p, seat => seatName(view, seat)) : "";
  const moveNow = $("move-now");
  moveNow.hidden = state !== "thinking";
  moveNow.disabled = !(think && think.purpose === "move" && best);
  $("hint-stop").hidden = state !== "hint-thinking";
  const playIt = $("hint-play");
  playIt.hidden = state !== "hint";
  playIt.disabled = !canPlayHint;
  if (state === "hint" && best) playIt.textContent = t("ai.playMove", { move: best });
  const pause = $("pause");
  pause.hidden = !showPause;
  pause.textContent = t(computer.paused ? "ai.resume" : "ai.pause");
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
  $("share").disabled = !model;
  $("notice-fresh").disabled = false;
  const variation = on && model.viewed.length > 0 && !model.tree.isMain(model.viewed);
  $("promote").hidden = !variation;
  $("delete-move").hidden = !(on && model.viewed.length > 0);
}
