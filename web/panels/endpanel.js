// The end of a game (issue #29): in the place of the game's buttons
// (gameactions.js) once it is over, Rematch, Analyse this game and New game
// (and, when a friend plays far away, the link that tells them); and the
// result's badge: the score ("1–0") and, after a game against the
// computer, the player's rating.  The badge sits in the panel beside the
// result's words (#result, panels.js), off the board: laid over the board
// it hid the winning pieces (issue #41), which the board marks itself.
// Drawn from what the app gives; clicks call back.

import { h } from "../app/dom.js";
import { t } from "../i18n/i18n.js";

/** Whether an ending's sentence already says its head ("Red wins: f1=6 completed an EL"). */
const saysHead = words => words.sentence.toLowerCase().includes(words.head.toLowerCase());

/** A result as the badge writes it: "1–0", "0–1", "½–½" (three or four seats: each score). */
export function badgeText(result) {
  return result.replace(/1\/2/g, "½").replace(/1\/3/g, "⅓").replace(/1\/4/g, "¼").replace(/-/g, "–");
}

export class EndPanel {
  /** `box`: the panel's element (beside the game's buttons); `badge`: the score's, beside #result. */
  constructor({ box, badge, onRematch, onAnalyse, onNew, onSend }) {
    this.box = box;
    this.badge = badge;
    this.on = { onRematch, onAnalyse, onNew, onSend };
    this.drawn = "";
  }

  /**
   * `s`: null (the game goes on), else {ending, words: {head, detail,
   * sentence}, far: the name of a friend far away to tell (or ""), rematch:
   * whether a rematch can be played (two seats), rating: the player's new
   * rating {text, short} or null}.
   */
  draw(s) {
    const key = JSON.stringify(s);
    if (key === this.drawn) return;
    this.drawn = key;
    this._badge(s);
    const box = this.box;
    box.hidden = !s;
    if (!s) {
      box.replaceChildren();
      return;
    }
    const focused = box.contains(document.activeElement) ? document.activeElement.id : "";
    box.dataset.termination = s.ending.termination;
    const buttons = [
      h(
        "button",
        {
          type: "button",
          id: "rematch",
          class: "primary",
          hidden: !s.rematch,
          title: t("end.rematch.title"),
          onclick: () => this.on.onRematch(),
        },
        t("end.rematch"),
      ),
      h(
        "button",
        {
          type: "button",
          id: "analyse-game",
          title: t("end.analyse.title"),
          onclick: () => this.on.onAnalyse(),
        },
        t("end.analyse"),
        h("span", { class: "long-words" }, " ", t("end.analyse.more")),
      ),
      h(
        "button",
        { type: "button", id: "end-new-game", onclick: () => this.on.onNew() },
        t("controls.newGame"),
      ),
      s.far
        ? h(
            "button",
            { type: "button", id: "end-send", class: "quiet", onclick: () => this.on.onSend() },
            t("end.send", { name: s.far }),
          )
        : null,
    ];
    box.replaceChildren(...buttons.filter(b => b !== null));
    if (focused) /** @type {HTMLElement | null} */ (box.querySelector(`#${focused}`))?.focus();
  }

  _badge(s) {
    const badge = this.badge;
    badge.hidden = !s;
    if (!s) {
      badge.replaceChildren();
      return;
    }
    badge.dataset.winner = s.ending.winner == null ? "draw" : String(s.ending.winner);
    badge.setAttribute(
      "aria-label",
      // (the sentence names the result itself, except some rules' own words: the head is not said twice)
      `${saysHead(s.words) ? "" : `${s.words.head}: `}${s.words.sentence}${s.rating ? `. ${s.rating.text}` : ""}`,
    );
    // (the words are #result's, beside it: only the score is written here)
    badge.replaceChildren(
      h("b", { class: "result-score", "aria-hidden": "true" }, badgeText(s.ending.result)),
    );
    // (progress hook, #31: the player's rating after a game against the computer, progress/progresspage.js;
    // appended only when there is one: the DOM writes a null child as the text "null")
    if (s.rating)
      badge.append(
        h(
          "span",
          { class: "result-rating", "aria-hidden": "true" },
          t("end.rating", { rating: s.rating.short }),
        ),
      );
  }
}
