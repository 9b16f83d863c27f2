// The move box: a move typed in the game's notation (b1-d3, c4=5, d4>d5,
// b3-b4-c4, swap, pass), or a command that reads the position (turn, last,
// score, pieces white, rank 3, cell d4, help).  Keyboard only, labelled, a
// combobox in the ARIA pattern: while typing, the legal moves of the viewed
// position that start with the text are listed (the texts the engine's view
// lists; nothing is written here); Down and Up pick one, Enter plays it (or
// the text as typed), Escape closes the list.  The engine decides what the
// text is (bridge method enter): a command's answer is said in the live
// log, a move is played as a click on the board would be, and a wrong entry
// is explained under the box with the engine's reason.

import { h } from "../app/dom.js";
import { t } from "../i18n/i18n.js";

const SHOWN = 8; // suggestions listed at most

/** The move texts of `moves` (the view's) that start with `typed`, ignoring case and spaces. */
export function matching(moves, typed) {
  const key = String(typed || "")
    .toLowerCase()
    .replace(/\s+/g, "");
  if (!key) return [];
  return moves.filter(text => text.toLowerCase().replace(/\s+/g, "").startsWith(key));
}

export class MoveBox {
  /** `onEnter(text)` resolves to {said} | {move} | {error: sentence} (a move is played by it). */
  constructor({ form, input, options, message, onEnter }) {
    this.form = form;
    this.input = input;
    this.options = options;
    this.message = message;
    this.onEnter = onEnter;
    this.moves = []; // the viewed position's legal move texts
    this.shown = []; // the suggestions listed
    this.active = -1; // the suggestion picked with Down/Up
    form.addEventListener("submit", e => {
      e.preventDefault();
      this.submit();
    });
    input.addEventListener("input", () => {
      this.tell("");
      this.suggest();
    });
    input.addEventListener("keydown", e => this.key(e));
    input.addEventListener("blur", () => this.close());
  }

  /** The viewed position's view: its legal moves are the suggestions. */
  show(view) {
    const moves = view ? (view.moves || []).map(m => m.text) : [];
    if (moves.length === this.moves.length && moves.every((t, i) => t === this.moves[i])) return;
    this.moves = moves;
    if (document.activeElement === this.input) this.suggest();
  }

  suggest() {
    const found = matching(this.moves, this.input.value);
    const exact = found.length === 1 && found[0].toLowerCase() === this.input.value.trim().toLowerCase();
    this.shown = exact ? [] : found.slice(0, SHOWN);
    this.active = -1;
    const more = found.length - this.shown.length;
    this.options.replaceChildren(
      ...this.shown.map((text, i) =>
        h(
          "li",
          {
            id: `move-option-${i}`,
            role: "option",
            "aria-selected": "false",
            class: "move-option",
            // (mousedown: picked before the input's blur closes the list)
            onmousedown: e => {
              e.preventDefault();
              this.input.value = text;
              this.submit();
            },
          },
          text,
        ),
      ),
    );
    if (more > 0 && this.shown.length) {
      this.options.append(
        h("li", { role: "presentation", class: "move-more" }, t("movebox.more", { count: more })),
      );
    }
    const open = this.shown.length > 0;
    this.options.hidden = !open;
    this.input.setAttribute("aria-expanded", open ? "true" : "false");
    this.input.removeAttribute("aria-activedescendant");
  }

  close() {
    this.shown = [];
    this.active = -1;
    this.options.hidden = true;
    this.options.replaceChildren();
    this.input.setAttribute("aria-expanded", "false");
    this.input.removeAttribute("aria-activedescendant");
  }

  key(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!this.shown.length) this.suggest();
      if (!this.shown.length) return;
      const n = this.shown.length;
      this.active = e.key === "ArrowDown" ? (this.active + 1) % n : (this.active - 1 + n) % n;
      this.pick(this.active);
      e.preventDefault();
    } else if (e.key === "Escape") {
      if (this.shown.length) this.close();
      else this.input.value = "";
      e.preventDefault();
      e.stopPropagation();
    }
  }

  pick(i) {
    [...this.options.querySelectorAll("[role=option]")].forEach((li, j) => {
      li.setAttribute("aria-selected", j === i ? "true" : "false");
      li.classList.toggle("active", j === i);
    });
    this.input.setAttribute("aria-activedescendant", `move-option-${i}`);
  }

  async submit() {
    const text = (this.active >= 0 ? this.shown[this.active] : this.input.value).trim();
    this.close();
    if (!text) {
      this.tell(""); // (an empty Enter does nothing: no error is left standing, #41)
      return;
    }
    const r = await this.onEnter(text);
    if (!r) return;
    if (r.error) {
      this.tell(r.error);
      return;
    }
    this.tell("");
    this.input.value = "";
  }

  /** A wrong entry's reason under the box (or nothing). */
  tell(text) {
    this.message.textContent = text;
    if (text) this.input.setAttribute("aria-invalid", "true");
    else this.input.removeAttribute("aria-invalid");
  }
}
