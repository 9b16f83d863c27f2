// The lessons' words in the page's language (#33, docs/i18n.md "The
// lessons"): the engine's lessons come without words (#43: no English), and
// the catalogs hold every text under an id made of the game's, the lesson's and
// the step's ids (lesson.<game>.<lesson>.title, lesson.<game>.<lesson>.<step>.teach
// and .task);
// the engine's verdict on a move says its why as message ids with arguments
// (lesson_check's why_messages, with no English beside them: #43), formatted here.

import { t } from "../i18n/i18n.js";
import { formatMessage, isMessage } from "../engine/words.js";

/** The catalog's id of a lesson's text: its title (no step) or a step's field. */
export const lessonKey = (game, lessonId, stepId, field) =>
  stepId ? `lesson.${game}.${lessonId}.${stepId}.${field}` : `lesson.${game}.${lessonId}.title`;

/** The engine's lessons of `game` with their titles, and their steps' teaching
 * sentences and tasks, in the page's language (from the catalog alone: an
 * English text the engine sent before #43 is not read). */
export function lessonsInLanguage(game, lessons) {
  return lessons.map(lesson => ({
    ...lesson,
    title: t(lessonKey(game, lesson.id)),
    steps: lesson.steps.map(step => ({
      ...step,
      teach: t(lessonKey(game, lesson.id, step.id, "teach")),
      task: t(lessonKey(game, lesson.id, step.id, "task")),
    })),
  }));
}

/** The why of a verdict (lesson_check's answer) in the page's language: its
 * messages said one after the other, an argument that is a message (the
 * rules' result, lesson.why.outcome) said too; the engine sends no English
 * beside them (#43): a verdict without them says nothing. */
export function whyOf(verdict) {
  const parts = verdict && verdict.why_messages;
  if (!Array.isArray(parts)) return "";
  return parts
    .filter(isMessage)
    .map(m => formatMessage(m))
    .join(" ");
}
