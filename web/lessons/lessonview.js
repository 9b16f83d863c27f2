// The lessons page's markup and drawing (the controller is lessonpage.js):
// the board beside a panel with what the step teaches (one sentence, read
// before the task, issue #41) and the step's task, what the move did ("Well
// done" or "Not quite", with why), Try again / Next, and the game's lessons
// with a tick for every step done, the progress and Reset.  Built once;
// drawn from the controller's state, never starting anything itself.

import { h } from "../app/dom.js";
import { trainerBoard, trainerPanel } from "../trainer/trainerview.js";
import { t } from "../i18n/i18n.js";

/** The page's elements, built into `box` (the #lesson-page section) once.
 * `on`: the controller's handlers: retry, next, reset, open(index). */
export function buildLessonPage(box, on) {
  const board = trainerBoard("lesson", t("lesson.board"), t("lesson.numbers"));
  const els = {
    ...board,
    games: h("span", { class: "lesson-games" }),
    title: h("h1", { id: "lesson-title" }, t("lesson.lessons")),
    subtitle: h("p", { id: "lesson-subtitle", class: "subtitle" }),
    teach: h("p", { id: "lesson-teach", class: "lesson-teach" }),
    task: h("p", { id: "lesson-task", class: "lesson-task" }),
    status: h("p", { id: "lesson-status", class: "lesson-status", role: "status", "aria-live": "polite" }),
    retry: h(
      "button",
      { type: "button", id: "lesson-retry", onclick: on.retry, hidden: true },
      t("lesson.tryAgain"),
    ),
    next: h(
      "button",
      { type: "button", id: "lesson-next", onclick: on.next, hidden: true },
      t("lesson.next"),
    ),
    list: h("div", { id: "lesson-list", class: "lesson-list" }),
    progress: h("p", { id: "lesson-progress", class: "lesson-progress" }),
    reset: h(
      "button",
      {
        type: "button",
        id: "lesson-reset",
        class: "quiet",
        onclick: on.reset,
        title: t("lesson.resetTitle"),
      },
      t("lesson.reset"),
    ),
    storage: h("p", { id: "lesson-storage", class: "lesson-storage", hidden: true }),
  };
  els.list.addEventListener("click", e => {
    const item = /** @type {HTMLElement} */ (e.target).closest("button[data-index]");
    if (item instanceof HTMLElement) on.open(Number(item.dataset.index));
  });
  box.replaceChildren(
    board.area,
    trainerPanel(
      "lesson",
      {
        classes: "lesson-panel",
        navClass: "lesson-nav",
        navLabel: t("lesson.nav"),
        back: t("lesson.back"),
        nav: [els.games],
        title: els.title,
        subtitle: els.subtitle,
      },
      els.teach,
      els.task,
      els.status,
      els.actions,
      h("div", { class: "lesson-buttons" }, els.retry, els.next),
      h(
        "section",
        { class: "lesson-record", "aria-labelledby": "lesson-record-title" },
        h("h2", { id: "lesson-record-title" }, t("lesson.steps")),
        els.list,
        h("div", { class: "lesson-progress-row" }, els.progress, els.reset),
        els.storage,
      ),
    ),
  );
  return els;
}

/** The links to the other games' lessons, the game shown marked. */
export function drawGames(els, games, current) {
  els.games.replaceChildren(
    t("lesson.learnOthers"),
    ...games.flatMap((g, i) => [
      i ? " · " : "",
      g.id === current
        ? h("strong", { "aria-current": "page" }, g.name)
        : h("a", { href: `#learn/${g.id}` }, g.name),
    ]),
  );
}

/** The panel for `state`: {phase, gameName, steps, index, done, progress, why}. */
export function drawPanel(els, state) {
  const { phase, steps, index, done } = state;
  const here = steps[index];
  els.title.textContent = t("lesson.learn", { game: state.gameName });
  els.subtitle.textContent = here
    ? t("lesson.subtitle", {
        lesson: here.lesson.title,
        n: here.stepIndex + 1,
        total: here.lesson.steps.length,
      })
    : "";
  els.teach.textContent = here ? here.step.teach : "";
  els.task.textContent = here ? here.step.task : "";
  els.retry.hidden = phase !== "wrong";
  els.next.hidden = phase !== "right";
  els.next.textContent = t(state.last ? "lesson.done" : "lesson.next");
  if (phase === "right") els.task.dataset.kind = "good";
  else delete els.task.dataset.kind;
  const byLesson = [];
  for (const s of steps) {
    if (s.stepIndex === 0) byLesson.push({ lesson: s.lesson, items: [] });
    byLesson[byLesson.length - 1].items.push(s);
  }
  els.list.replaceChildren(
    ...byLesson.map(({ lesson, items }) =>
      h(
        "div",
        { class: "lesson-group" },
        h("h3", {}, lesson.title),
        h(
          "ol",
          { "aria-label": lesson.title },
          ...items.map(s =>
            h(
              "li",
              {},
              h(
                "button",
                {
                  type: "button",
                  class: `lesson-step ${done.has(s.key) ? "done" : ""}`,
                  "data-index": String(s.index),
                  "data-key": s.key,
                  "aria-current": s.index === index ? "step" : null,
                  title: s.step.task,
                },
                h(
                  "span",
                  { class: "mark", "aria-hidden": "true" },
                  done.has(s.key) ? "\u2713" : String(s.stepIndex + 1),
                ),
                h(
                  "span",
                  { class: "visually-hidden" },
                  t("lesson.stepItem", {
                    done: done.has(s.key) ? "yes" : "no",
                    n: s.stepIndex + 1,
                    task: s.step.task,
                  }),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
  els.progress.textContent = t("lesson.progress", { done: state.progress.done, total: state.progress.total });
}
