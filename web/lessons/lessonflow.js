// The order of a game's lessons (the page, lessonpage.js, draws it): every
// step in one list, each keyed "lesson/step" (what the store keeps); where
// to start, what comes next, how much is done; and the ways to the page:
// its address (#learn/<game>) and the header menu's links.

import { t } from "../i18n/i18n.js";

/** @typedef {{id: string, task: string, start: string, player: number, goal: any}} LessonStep */
/** @typedef {{id: string, title: string, steps: LessonStep[]}} Lesson */
/** @typedef {{lesson: Lesson, step: LessonStep, key: string, index: number, lessonIndex: number, stepIndex: number}} Placed */

/** The key a step is kept under.
 * @param {{id: string}} lesson @param {{id: string}} step */
export function keyOf(lesson, step) {
  return `${lesson.id}/${step.id}`;
}

/** Every step of `lessons` in order.
 * @param {Lesson[]} lessons @returns {Placed[]} */
export function stepsOf(lessons) {
  /** @type {Placed[]} */
  const out = [];
  lessons.forEach((lesson, lessonIndex) => {
    lesson.steps.forEach((step, stepIndex) => {
      out.push({ lesson, step, key: keyOf(lesson, step), index: out.length, lessonIndex, stepIndex });
    });
  });
  return out;
}

/** Where to begin: the first step not done (all done: the first step).
 * @param {Placed[]} steps @param {Set<string>} done */
export function firstOpen(steps, done) {
  const open = steps.find(s => !done.has(s.key));
  return open ? open.index : 0;
}

/** The step after `index`: the next one not done (after the last, the
 * first one not done), else simply the next one; null when every step is
 * done and `index` is the last.
 * @param {Placed[]} steps @param {number} index @param {Set<string>} done */
export function nextStep(steps, index, done) {
  const open = [...steps.slice(index + 1), ...steps.slice(0, index)].find(s => !done.has(s.key));
  if (open) return open.index;
  return index + 1 < steps.length ? index + 1 : null;
}

/** How much is done: `{done, total}`, counting only the steps that exist
 * (a key kept from an older set of lessons does not count).
 * @param {Placed[]} steps @param {Set<string>} done */
export function progressOf(steps, done) {
  return { done: steps.filter(s => done.has(s.key)).length, total: steps.length };
}

/** The cells a step's goal names, to ring on the board (the piece to move,
 * where to take it, what to take or connect).
 * @param {{from?: string, to?: string, cells?: string[]}} goal @returns {string[]} */
export function goalCells(goal) {
  if (!goal) return [];
  return [goal.from, goal.to, ...(goal.cells || [])].filter(c => typeof c === "string" && c);
}

/** The game id of a lessons link ("#learn/loa"; "#learn": `current`, else
 * "loa"), or null.
 * @param {string} hash @param {string | null | undefined} current */
export function learnLinkGame(hash, current) {
  const m = /^#learn(?:\/([a-z0-9-]+))?\/?$/.exec(hash || "");
  if (!m) return null;
  return m[1] || current || "loa";
}

/** The menu's links: "Learn <game>" for each game of `games` (GameInfo list).
 * @param {{id: string, name: string}[]} games */
export function lessonsMenuItems(games) {
  return games.map(info => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `#learn/${info.id}`;
    link.textContent = t("lesson.learn", { game: info.name });
    item.append(link);
    return item;
  });
}
