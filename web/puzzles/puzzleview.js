// The puzzle page's markup and drawing (the controller is puzzlepage.js):
// the board beside a panel with the task, what happened, the buttons of
// the step (Retry, Hint, View solution, with the line that says a hint or
// the solution fails the puzzle; then Analyse and Next), the solution
// viewed (its moves listed, the one shown marked, Previous and Next move), the move
// box, the player's rating for the game with its streak, and the last
// puzzles tried; in Puzzle Streak (streak.js), the run's score and best
// instead, Skip for Hint, and no Retry.  Built once; drawn from the controller's state, never
// starting anything itself (its buttons call the controller).

import { h } from "../app/dom.js";
import { trainerBoard, trainerMoveBox, trainerPanel } from "../trainer/trainerview.js";
import { t, tParts } from "../i18n/i18n.js";
import { signedChange } from "./glicko2.js";
import { taskWords } from "./session.js";

/** The page's elements, built into `box` (the #puzzle-page section) once.
 * `on` holds the controller's handlers: retry, hint, solution, analyse, next,
 * skip, history(id), and solutionAt(n) (show n moves of the solution viewed). */
export function buildPuzzlePage(box, on) {
  const board = trainerBoard("puzzle", t("puzzle.board"), t("board.palette"));
  const els = {
    ...board,
    games: h("span", { class: "puzzle-games" }),
    modes: h("span", { class: "puzzle-modes" }),
    title: h("h1", { id: "puzzle-title" }, t("page.puzzles")),
    subtitle: h("p", { id: "puzzle-subtitle", class: "subtitle" }),
    goal: h("p", { id: "puzzle-goal", class: "puzzle-goal" }),
    status: h("p", { id: "puzzle-status", class: "puzzle-status", role: "status", "aria-live": "polite" }),
    retry: h(
      "button",
      { type: "button", id: "puzzle-retry", onclick: on.retry, hidden: true },
      t("puzzle.retry"),
    ),
    hint: h(
      "button",
      {
        type: "button",
        id: "puzzle-hint",
        class: "quiet",
        onclick: on.hint,
        "aria-describedby": "puzzle-help-note",
      },
      t("controls.hint"),
    ),
    solution: h(
      "button",
      {
        type: "button",
        id: "puzzle-solution",
        class: "quiet",
        onclick: on.solution,
        "aria-describedby": "puzzle-help-note",
      },
      t("puzzle.solution"),
    ),
    helpNote: h("p", { id: "puzzle-help-note", class: "puzzle-help-note" }, t("puzzle.helpFails")),
    solutionBox: h("section", {
      id: "puzzle-solution-box",
      class: "puzzle-solution",
      "aria-labelledby": "puzzle-solution-title",
      hidden: true,
    }),
    solutionMoves: h("ol", { id: "puzzle-solution-moves", class: "puzzle-solution-moves" }),
    previous: h(
      "button",
      { type: "button", id: "puzzle-solution-previous", onclick: () => on.solutionAt(-1, true) },
      t("puzzle.solutionPrevious"),
    ),
    forward: h(
      "button",
      { type: "button", id: "puzzle-solution-next", onclick: () => on.solutionAt(1, true) },
      t("puzzle.solutionNext"),
    ),
    analyse: h(
      "button",
      { type: "button", id: "puzzle-analyse", onclick: on.analyse, hidden: true },
      t("analysis.analyse"),
    ),
    next: h("button", { type: "button", id: "puzzle-next", onclick: on.next }, t("puzzle.next")),
    skip: h(
      "button",
      { type: "button", id: "puzzle-skip", class: "quiet", onclick: on.skip, title: t("streak.skip.title") },
      t("streak.skip"),
    ),
    streakIntro: h("p", { id: "puzzle-streak-intro", class: "puzzle-help-note" }, t("streak.intro")),
    share: h(
      "button",
      {
        type: "button",
        id: "puzzle-share",
        class: "quiet",
        onclick: on.share,
        title: t("controls.share.title"),
      },
      t("controls.share"),
    ),
    ...trainerMoveBox("puzzle"),
    rating: h("p", { id: "puzzle-rating", class: "puzzle-rating" }),
    history: h("ol", { id: "puzzle-history", class: "puzzle-history", "aria-label": t("puzzle.history") }),
    storage: h("p", { id: "puzzle-storage", class: "puzzle-storage", hidden: true }),
  };
  els.solutionBox.append(
    h("h2", { id: "puzzle-solution-title" }, t("puzzle.solutionMoves")),
    els.solutionMoves,
    h("div", { class: "puzzle-solution-steps" }, els.previous, els.forward),
  );
  els.solutionMoves.addEventListener("click", e => {
    const item = /** @type {HTMLElement} */ (e.target).closest("button[data-at]");
    if (item instanceof HTMLElement) on.solutionAt(Number(item.dataset.at), false);
  });
  els.history.addEventListener("click", e => {
    const item = /** @type {HTMLElement} */ (e.target).closest("button[data-puzzle]");
    if (item instanceof HTMLElement && item.dataset.puzzle) on.history(item.dataset.puzzle);
  });
  box.replaceChildren(
    board.area,
    trainerPanel(
      "puzzle",
      {
        classes: "puzzle-panel",
        navClass: "puzzle-nav",
        navLabel: t("puzzle.nav"),
        back: t("rules.back"),
        nav: [els.games, els.modes],
        title: els.title,
        subtitle: els.subtitle,
      },
      els.goal,
      els.status,
      els.actions,
      h(
        "div",
        { class: "puzzle-buttons" },
        els.retry,
        els.hint,
        els.skip,
        els.solution,
        els.analyse,
        els.next,
        els.share,
      ),
      els.helpNote,
      els.streakIntro,
      els.solutionBox,
      els.form,
      els.storage,
      h(
        "section",
        { class: "puzzle-record", "aria-labelledby": "puzzle-record-title" },
        h("h2", { id: "puzzle-record-title" }, t("puzzle.yours")),
        els.rating,
        els.history,
      ),
    ),
  );
  return els;
}

/** The links to the other games' puzzles (in the same `mode`), the game
 * shown marked, and to the game's rated puzzles and Puzzle Streak. */
export function drawGames(els, games, current, mode = "rated") {
  const base = mode === "streak" ? "#streak/" : "#puzzles/";
  els.games.replaceChildren(
    `${t("puzzle.others")} `,
    ...games.flatMap((g, i) => [
      i ? " · " : "",
      g.id === current
        ? h("strong", { "aria-current": "page" }, g.name)
        : h("a", { href: `${base}${g.id}` }, g.name),
    ]),
  );
  const link = (which, href, words) =>
    which === mode
      ? h("strong", { "aria-current": "page", "data-mode": which }, words)
      : h("a", { href, "data-mode": which }, words);
  els.modes.replaceChildren(
    link("rated", `#puzzles/${current}`, t("streak.mode.rated")),
    " · ",
    link("streak", `#streak/${current}`, t("streak.mode.streak")),
  );
}

/** What the panel shows for `state`: {phase, puzzle, session, record, change, gameName,
 * shareable (the board shows the puzzle: Share has a picture to make)}. */
export function drawPanel(els, state) {
  const { phase, puzzle, session, record, run } = state;
  els.share.disabled = !state.shareable;
  const done = phase === "done";
  const ended = !!run && run.over; // (a streak's run is over: View solution, New streak)
  const over = done || phase === "solution" || (ended && phase === "wrong"); // (the result is in: Analyse and Next)
  els.title.textContent = t(run ? "streak.title" : "puzzle.title", { game: state.gameName });
  els.subtitle.textContent = puzzle
    ? done
      ? t("puzzle.subtitle.done", {
          id: puzzle.id,
          theme: themeName(puzzle.theme),
          rating: String(puzzle.rating),
        })
      : t("puzzle.subtitle", { id: puzzle.id })
    : "";
  els.goal.textContent = puzzle ? taskWords(puzzle) : "";
  els.retry.hidden = phase !== "wrong" || !!run;
  els.hint.hidden = over || !!run;
  els.skip.hidden = !run || ended;
  els.skip.disabled = !run || !run.canSkip || phase !== "play";
  els.solution.hidden = run ? !(ended && phase === "wrong") : over;
  els.hint.disabled = !(phase === "play" || phase === "wrong");
  els.solution.disabled = !(phase === "play" || phase === "wrong");
  // said before a hint is asked for: it fails the puzzle (docs/puzzles.md)
  els.helpNote.hidden = !!run || over || !session || session.outcome !== null;
  els.streakIntro.hidden = !run || ended;
  els.analyse.hidden = !over;
  els.next.classList.toggle("quiet", !over);
  els.next.hidden = !!run && !ended;
  els.next.textContent = t(run ? "streak.new" : "puzzle.next");
  drawSolution(els, session && session.viewed ? session.solution() : null);
  els.input.disabled = phase !== "play";
  if (done && session) {
    const solved = session.outcome === "solved";
    els.goal.textContent = solved
      ? t("puzzle.solved")
      : session.viewed
        ? t("puzzle.solutionShown")
        : t("puzzle.solvedWithHelp");
    els.goal.dataset.kind = solved ? "good" : "bad";
  } else delete els.goal.dataset.kind;
  if (run) drawRun(els, run, record);
  else drawRecord(els, record, state.change, puzzle, state.known);
}

/** The run of Puzzle Streak: its score and the game's best run (the
 * rated puzzles' history is not shown: a streak is unrated). */
export function drawRun(els, run, record) {
  const best = Math.max((record && record.streakBest) || 0, run.score);
  els.rating.replaceChildren(
    h("strong", { id: "puzzle-streak-score" }, t("streak.score", { score: String(run.score) })),
    " · ",
    h("span", { id: "puzzle-streak-best" }, t("streak.best", { best: String(best) })),
  );
  els.history.replaceChildren();
}

/** The solution viewed (`solution`: the session's {moves, at}, or null):
 * its moves as the engine wrote them, the one on the board last marked,
 * and the steps back and forward (none past either end). */
export function drawSolution(els, solution) {
  els.solutionBox.hidden = !solution;
  if (!solution) return els.solutionMoves.replaceChildren();
  const { moves, at } = solution;
  els.solutionMoves.replaceChildren(
    ...moves.map((move, i) =>
      h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: `puzzle-solution-move${i < at ? " played" : ""}`,
            "data-at": String(i + 1),
            "aria-current": i + 1 === at ? "step" : null,
          },
          move,
        ),
      ),
    ),
  );
  els.previous.disabled = at <= 0;
  els.forward.disabled = at >= moves.length;
}

/** The rating with its deviation, the change of the last result, the streak
 * and the history; an entry whose id is not among `known` (the game's puzzle
 * ids, once loaded) names a puzzle of an older set: kept, shown, not opened. */
export function drawRecord(els, record, change, puzzle, known = null) {
  if (!record) {
    els.rating.textContent = "";
    els.history.replaceChildren();
    return;
  }
  const r = record.rating;
  const rating = h("strong", { id: "puzzle-rating-value" }, String(Math.round(r.rating)));
  const parts = [...tParts("puzzle.rating", { rating }), ` \u00b1${Math.round(r.deviation)}`];
  if (change !== null && change !== undefined) {
    parts.push(
      " ",
      h(
        "span",
        { id: "puzzle-change", class: `puzzle-change ${change >= 0 ? "up" : "down"}` },
        signedChange(0, change),
      ),
    );
  }
  parts.push(` · ${t("puzzle.streak", { streak: String(record.streak) })}`);
  if (record.best) parts.push(` ${t("puzzle.best", { best: String(record.best) })}`);
  els.rating.replaceChildren(...parts);
  els.history.replaceChildren(
    ...record.history.slice(0, 12).map(entry => {
      const gone = !!known && !known.has(entry.id);
      return h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: `puzzle-tried ${entry.solved ? "solved" : "failed"}${gone ? " gone" : ""}`,
            "data-puzzle": entry.id,
            "aria-current": puzzle && puzzle.id === entry.id ? "true" : null,
            disabled: gone,
            title: t(
              gone ? "puzzle.tried.gone" : entry.solved ? "puzzle.tried.solved" : "puzzle.tried.failed",
            ),
          },
          h("span", { class: "mark", "aria-hidden": "true" }, entry.solved ? "\u2713" : "\u2717"),
          h(
            "span",
            { class: "visually-hidden" },
            `${t(entry.solved ? "puzzle.solvedMark" : "puzzle.failedMark")} `,
          ),
          `${entry.id} `,
          h("span", { class: "puzzle-change" }, signedChange(0, entry.change)),
        ),
      );
    }),
  );
}

/** A theme's name in the page's language: the catalog's theme.puzzle.<id>
 * (the engine sends its themes' ids, no English names: #43), else its id. */
export function themeName(id) {
  const key = `theme.puzzle.${id}`;
  const own = t(key);
  if (own !== key) return own;
  return String(id || "").replace(/-/g, " ");
}
