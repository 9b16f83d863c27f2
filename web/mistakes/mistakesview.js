// The page of "practise your mistakes" (#mistakes, #mistakes/<game>): its
// markup, built once, and its drawing from the controller's state
// (mistakespage.js).  The board beside a panel: where the exercise comes
// from, the task ("You played X here. Find a better move."), what the
// engine said, the buttons of the step (Show me, Skip; then Next), the
// move box, and how many exercises are left in each game.  Drawing never
// starts anything: the buttons call the controller.  The look is the
// puzzle page's (puzzles.css), and mistakes.css for what is its own.

import { h } from "../app/dom.js";
import { trainerBoard, trainerMoveBox, trainerPanel } from "../trainer/trainerview.js";
import { t } from "../i18n/i18n.js";
import { sentenceOf } from "../trainer/trainer.js";

/** The page's elements, built into `box` (the #mistakes-page section).
 * `on`: the controller's handlers: show, skip, next, open(key). */
export function buildMistakesPage(box, on) {
  const board = trainerBoard("mistakes", t("mistakes.board"), t("board.palette"));
  const button = (id, text, onclick, quiet = false) =>
    h("button", { type: "button", id, class: quiet ? "quiet" : null, onclick }, text);
  const els = {
    ...board,
    games: h("span", { class: "puzzle-games" }),
    title: h("h1", { id: "mistakes-title" }, t("page.mistakes")),
    subtitle: h("p", { id: "mistakes-subtitle", class: "subtitle" }),
    goal: h("p", { id: "mistakes-goal", class: "puzzle-goal" }),
    status: h("p", { id: "mistakes-status", class: "puzzle-status", role: "status", "aria-live": "polite" }),
    thinking: h("progress", { id: "mistakes-thinking", class: "mistakes-thinking", max: "1", value: "0" }),
    show: button("mistakes-show", t("mistakes.show"), on.show, true),
    skip: button("mistakes-skip", t("mistakes.skip"), on.skip, true),
    next: button("mistakes-next", t("mistakes.next"), on.next),
    ...trainerMoveBox("mistakes"),
    count: h("p", { id: "mistakes-count", class: "puzzle-rating" }),
    storage: h("p", { id: "mistakes-storage", class: "puzzle-storage", hidden: true }),
  };
  box.replaceChildren(
    board.area,
    trainerPanel(
      "mistakes",
      {
        classes: "puzzle-panel mistakes-panel",
        navClass: "puzzle-nav",
        navLabel: t("mistakes.nav"),
        back: t("rules.back"),
        nav: [els.games],
        title: els.title,
        subtitle: els.subtitle,
      },
      els.goal,
      els.status,
      els.thinking,
      els.actions,
      h("div", { class: "puzzle-buttons" }, els.show, els.skip, els.next),
      els.form,
      els.storage,
      h(
        "section",
        { class: "puzzle-record", "aria-labelledby": "mistakes-record-title" },
        h("h2", { id: "mistakes-record-title" }, t("mistakes.toPractise")),
        els.count,
      ),
    ),
  );
  return els;
}

/** The links to every game's exercises with their counts (`counts`: {game id: n}), the one shown marked. */
export function drawGames(els, games, current, counts) {
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  const link = (id, name, n) =>
    id === current
      ? h("strong", { "aria-current": "page" }, `${name} (${n})`)
      : h("a", { href: id ? `#mistakes/${id}` : "#mistakes" }, `${name} (${n})`);
  els.games.replaceChildren(
    link(null, t("mistakes.all"), all),
    ...games.flatMap(g => [" · ", link(g.id, g.name, counts[g.id] || 0)]),
  );
}

/** What the panel shows for `state`: {phase, exercise, left, gameName, fraction, problem}. */
export function drawPanel(els, state) {
  const { phase, exercise, left } = state;
  const playing = phase === "play" || phase === "wrong";
  els.title.textContent = state.gameName ? t("mistakes.title", { game: state.gameName }) : t("page.mistakes");
  els.subtitle.textContent = exercise
    ? t("mistakes.subtitle", {
        mark: exercise.mark === "blunder" ? "blunder" : "mistake",
        ply: exercise.ply + 1,
      })
    : "";
  els.show.hidden = phase === "solved" || phase === "shown" || phase === "empty";
  els.skip.hidden = phase === "empty" || phase === "solved" || phase === "shown" || left <= 1;
  els.show.disabled = !playing;
  els.skip.disabled = phase === "check";
  els.next.hidden = !(phase === "solved" || phase === "shown");
  els.input.disabled = phase !== "play";
  els.form.hidden = phase === "empty"; // (no exercise: nothing to type a move for)
  els.thinking.hidden = phase !== "check";
  els.thinking.value = state.fraction || 0;
  if (phase === "solved") els.goal.dataset.kind = "good";
  else delete els.goal.dataset.kind;
  els.count.textContent =
    left === 0
      ? t("mistakes.nothingLeft")
      : state.gameName
        ? t("mistakes.leftIn", { count: left, game: state.gameName })
        : t("mistakes.left", { count: left });
  els.storage.hidden = !state.problem;
  els.storage.textContent = state.problem ? sentenceOf(state.problem) : "";
}
