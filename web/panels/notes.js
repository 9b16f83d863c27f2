// The notes editor under the move list (issue #29): the viewed move's glyph
// (six toggle buttons: !, ?, !!, ??, !?, ?!) and its comment (a text box:
// Enter or leaving the box saves, Shift+Enter starts a new line, Escape puts
// back what was there).  At the start position it edits the start's comment
// (a start has no move to judge: the glyphs are off).  It draws from the
// model and calls back `onSave(line, patch)`; it changes nothing itself.
// It is shown on demand (its toggle button beside the browsing buttons, or a
// comment clicked in the list): kept open, it takes room from the list.
//
// A comment being typed belongs to the move it was started on: the viewed
// move may change meanwhile (the computer moves, a click on the list), and
// what is typed is saved to the move it was written for, never another.

import { h } from "../app/dom.js";
import { t } from "../i18n/i18n.js";
import { GLYPHS, GLYPH_WORDS } from "../model/nodenotes.js";
import { MAX_COMMENT } from "../model/tree.js";

export class NotesEditor {
  /** `box`: an empty element to fill; `toggle`: the button that shows and
   * hides it; `onSave(line, {comment} | {glyph})`. */
  constructor(box, { toggle, onSave }) {
    this.box = box;
    this.toggle = toggle;
    this.onSave = onSave;
    toggle.addEventListener("click", () => this.setOpen(box.hidden));
    /** @type {string[]} the line shown (the viewed move) */
    this.line = [];
    /** @type {{line: string[], model: any} | null} the move whose comment is being typed, in its game */
    this.editing = null;
    this.saved = ""; // the comment as it was when typing started
    this.glyphs = GLYPHS.map(glyph =>
      h(
        "button",
        {
          type: "button",
          class: "glyph-button",
          "data-glyph": glyph,
          title: t("notes.glyph.title", { words: GLYPH_WORDS[glyph], glyph }),
          "aria-label": GLYPH_WORDS[glyph],
          "aria-pressed": "false",
          onclick: () => this.toggleGlyph(glyph),
        },
        glyph,
      ),
    );
    this.glyph = "";
    /** @type {any} the model last shown */
    this.model = null;
    this.input = h("textarea", {
      class: "comment-input",
      rows: "1",
      placeholder: t("notes.placeholder"),
      "aria-label": t("notes.onStart"),
      maxlength: String(MAX_COMMENT), // (the stated limit, #47)
      title: t("notes.limit", { most: MAX_COMMENT }),
      spellcheck: "true",
    });
    this.input.addEventListener("focus", () => this.begin());
    this.input.addEventListener("blur", () => this.commit());
    this.input.addEventListener("keydown", e => this.key(e));
    box.replaceChildren(
      h("div", { class: "glyph-buttons", role: "group", "aria-label": t("notes.judge") }, ...this.glyphs),
      this.input,
    );
  }

  /** Show the notes of `model`'s viewed move (a comment being typed stays). */
  show(model, line = model.viewed) {
    this.model = model;
    const node = model.tree.nodeAt(line);
    if (!node) return;
    this.line = line;
    this.glyph = node.notes.glyph || "";
    const atStart = line.length === 0;
    for (const b of this.glyphs) {
      b.setAttribute("aria-pressed", String(b.dataset.glyph === this.glyph));
      b.disabled = atStart;
    }
    if (this.editing) return;
    this.input.value = node.comment;
    this.input.setAttribute(
      "aria-label",
      atStart ? t("notes.onStart") : t("notes.onMove", { ply: line.length, move: node.move }),
    );
  }

  /** The viewed move's glyph set to `glyph`, or taken off when it is that
   * already (the model's viewed move: the one a click just chose, even
   * before the page is drawn again). */
  toggleGlyph(glyph) {
    const model = this.model;
    const node = model && model.tree.nodeAt(model.viewed);
    if (!node || !model.viewed.length) return;
    this.onSave(model.viewed, { glyph: node.notes.glyph === glyph ? null : glyph });
  }

  /** Show the editor (`open`) or hide it. */
  setOpen(open) {
    this.box.hidden = !open;
    this.toggle.setAttribute("aria-expanded", String(open));
    this.toggle.classList.toggle("pressed", open);
  }

  /** Put the cursor in the comment box for the move at `line` (a comment
   * clicked in the list: the move is being shown, the page not yet drawn). */
  focus(line = this.line) {
    this.setOpen(true);
    if (this.model && !this.editing) this.show(this.model, line);
    this.input.focus();
    this.input.setSelectionRange(this.input.value.length, this.input.value.length);
  }

  begin() {
    if (this.editing) return;
    this.editing = { line: this.line, model: this.model }; // (the move whose comment the box shows)
    this.saved = this.input.value;
  }

  /** Save what was typed to the move it was typed for (unless that move is
   * gone meanwhile: deleted, or another game put on screen). */
  commit() {
    const editing = this.editing;
    this.editing = null;
    if (!editing) return;
    const { line, model } = editing;
    const text = this.input.value.trim();
    if (text !== this.saved.trim() && model && model === this.model && model.tree.has(line))
      this.onSave(line, { comment: text });
    if (this.model) this.show(this.model); // (the viewed move's comment: it may be another's by now)
  }

  key(e) {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      this.input.blur(); // (saves)
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      this.input.value = this.saved;
      this.input.blur();
    }
  }
}
