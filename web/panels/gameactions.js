// The game's rituals as buttons (issue #29): Resign (⚑), Offer draw (½),
// Abort (✕), always in the same place under the status line (a button that
// does not apply now is disabled, never removed: nothing jumps).  One click
// asks once, in place, as lichess does ("White resigns?  Yes  No"; on one
// screen the other side can be chosen instead); a draw offer standing is
// shown in the same row with Accept and Decline for the seat that answers.
//
// What is allowed comes from ending.js's allowed() (drawn, never decided
// here); the only state this module owns is the question being asked.
// Clicks call back: onResign(seat), onAbort(), onOffer(seat),
// onAnswer(accept, seat).

import { h } from "../app/dom.js";
import { t } from "../i18n/i18n.js";
import { defaultSeat } from "../model/ending.js";

const FLAG = "⚑";
const HALF = "½";
const CROSS = "✕";

export class GameActions {
  /** `box`: the row's element; callbacks as above. */
  constructor({ box, onResign, onAbort, onOffer, onAnswer }) {
    this.box = box;
    this.on = { onResign, onAbort, onOffer, onAnswer };
    /** The question asked: {what: "resign" | "abort" | "offer", seat} or null. */
    this.asking = null;
    this.last = null;
    this.drawn = ""; // what the row shows (it is rebuilt only when that changes: the focus stays)
  }

  /** Ask before `what` (a button's click): the row becomes the question. */
  ask(what, seat) {
    this.asking = { what, seat };
    this.draw(this.last);
  }

  cancel() {
    this.asking = null;
    this.draw(this.last);
  }

  /**
   * Draw the row.  `s`: {rules: allowed()'s answer, toMove, names: [per seat],
   * drawable: whether the rules know draws, waiting: words while the
   * computer weighs an offer (or ""), farOffer: the seat far away an offer
   * waits for (or -1)}; null hides the row's content (no game).
   */
  draw(s) {
    this.last = s;
    const key = JSON.stringify([s, this.asking]);
    if (key === this.drawn) return;
    this.drawn = key;
    const box = this.box;
    const focused = box.contains(document.activeElement);
    if (!s || s.rules.over) {
      this.asking = null;
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    box.hidden = false;
    const { rules } = s;
    const name = seat => s.names[seat] || t("player.numbered", { n: seat + 1 });
    // a question no longer possible (a move was played meanwhile) is dropped
    const a = this.asking;
    const possible = a && (a.what === "abort" ? rules.abort : rules[a.what].includes(a.seat));
    if (!possible) this.asking = null;
    box.dataset.state = this.asking ? `ask-${this.asking.what}` : rules.standing ? "offer" : "play";
    if (this.asking) {
      box.replaceChildren(...this._question(this.asking, rules, name));
      if (focused) /** @type {HTMLElement} */ (box.querySelector("#confirm-yes")).focus();
      return;
    }
    if (s.waiting) {
      box.replaceChildren(h("span", { class: "game-actions-text", role: "status" }, s.waiting));
      return;
    }
    if (rules.standing && rules.answer.length) {
      const by = rules.standing.by;
      const seat = rules.answer[0];
      box.replaceChildren(
        h("span", { class: "game-actions-text" }, t("game.offered", { by: name(by), seat: name(seat) })),
        h(
          "button",
          {
            type: "button",
            id: "draw-accept",
            class: "primary",
            onclick: () => this.on.onAnswer(true, seat),
          },
          t("game.accept"),
        ),
        h(
          "button",
          { type: "button", id: "draw-decline", onclick: () => this.on.onAnswer(false, seat) },
          t("game.decline"),
        ),
      );
      return;
    }
    const resignSeat = defaultSeat(rules.resign, s.toMove);
    const offerSeat = defaultSeat(rules.offer, s.toMove);
    const noDraw = s.drawable
      ? rules.standing
        ? t("game.offerWaits", { name: name(1 - rules.standing.by) })
        : t("game.offerAgain")
      : t("game.noDraw");
    this._put(
      focused,
      rules.standing && s.farOffer >= 0
        ? h("span", { class: "game-actions-text" }, t("game.offerSend", { name: name(s.farOffer) }))
        : null,
      h(
        "button",
        {
          type: "button",
          id: "resign",
          class: "game-action",
          disabled: !rules.resign.length,
          title: t("game.resign.title"),
          onclick: () => this.ask("resign", resignSeat),
        },
        h("span", { class: "game-action-icon", "aria-hidden": "true" }, FLAG),
        " ",
        t("game.resign"),
      ),
      rules.standing && s.farOffer >= 0
        ? null
        : h(
            "button",
            {
              type: "button",
              id: "offer-draw",
              class: "game-action",
              disabled: !rules.offer.length,
              title: rules.offer.length ? t("game.offer.title") : noDraw,
              onclick: () => this.ask("offer", offerSeat),
            },
            h("span", { class: "game-action-icon", "aria-hidden": "true" }, HALF),
            " ",
            t("game.offer"),
          ),
      h(
        "button",
        {
          type: "button",
          id: "abort",
          class: "game-action",
          disabled: !rules.abort,
          title: rules.abort ? t("game.abort.title") : t("game.abort.late"),
          onclick: () => this.ask("abort", -1),
        },
        h("span", { class: "game-action-icon", "aria-hidden": "true" }, CROSS),
        " ",
        t("game.abort"),
      ),
    );
  }

  /** The row's buttons; the focus, when it was in the row, goes back to the button it was on (by id). */
  _put(focused, ...children) {
    const id = focused && document.activeElement ? document.activeElement.id : "";
    this.box.replaceChildren(...children.filter(Boolean));
    const again = id && this.box.querySelector(`#${id}`);
    if (again) /** @type {HTMLElement} */ (again).focus();
    else if (focused)
      /** @type {HTMLElement | null} */ (this.box.querySelector("button:not(:disabled)"))?.focus();
  }

  /** The question's row: the words, Yes and No (and, on one screen, the other seat). */
  _question({ what, seat }, rules, name) {
    const words = {
      resign: t("game.ask.resign", { name: name(seat) }),
      offer: t("game.ask.offer", { name: name(seat) }),
      abort: t("game.ask.abort"),
    }[what];
    const yes = () => {
      this.asking = null;
      if (what === "resign") this.on.onResign(seat);
      else if (what === "offer") this.on.onOffer(seat);
      else this.on.onAbort();
    };
    const others = what === "abort" ? [] : rules[what].filter(s => s !== seat);
    return [
      h("span", { class: "game-actions-text", id: "game-question" }, words),
      h("button", { type: "button", id: "confirm-yes", class: "primary", onclick: yes }, t("common.yes")),
      h("button", { type: "button", id: "confirm-no", onclick: () => this.cancel() }, t("common.no")),
      ...others.map(other =>
        h(
          "button",
          {
            type: "button",
            class: "link switch-seat",
            "data-seat": other,
            onclick: () => this.ask(what, other),
          },
          t("game.instead", { name: name(other) }),
        ),
      ),
    ];
  }
}
