// The spoken side of the page: a polite live region (a log) that says each
// move once, in the engine's words, whoever played it.
//
// What is said, from the model's changes (the page calls changed() after
// every one):
//   a move played at the head (a human's, the computer's, Redo, a link's new
//     moves): that move in words, with what it threatens or how it ended the
//     game ("White b1 takes d3, groups: White 2, Black 3.");
//   moves taken back (Undo) or deleted: "Taken back:" (or "Deleted:") and
//     each of them, then whose turn;
//   a game opened: its position (the last move, else whose turn);
//   browsing: the viewed position's move, briefly ("Move 5: ..."), once the
//     keys rest (holding an arrow key says only where it stops).
// Answers to the move box's reading commands go into the same log (say()).
// The search's statistics never go here: the thinking box is not live; nor
// are the status line and the result box, whose news the moves already say
// (the turn command reads the status line's notes).
// The words come from the engine (bridge method describe); this module only
// decides when to ask and keeps what is said in order.

import { isPrefix, sameLine } from "../model/line.js";
import { t } from "../i18n/i18n.js";
import { h } from "../app/dom.js";

const BROWSE_REST_MS = 400; // browsing is said when the keys rest this long
const KEPT = 4; // entries kept in the log (the last one is shown)

/** A writer into the log element `region`: each text becomes its last
 * entry (the one shown; the earlier ones stay for screen readers, hidden),
 * and <html data-said> counts them (tools and tests wait on it). */
export function logTo(region) {
  let count = 0;
  return text => {
    for (const old of region.children) old.classList.add("said-old");
    region.append(h("p", { class: "said-now" }, text));
    while (region.children.length > KEPT) region.firstElementChild.remove();
    count += 1;
    document.documentElement.dataset.said = String(count);
  };
}

/** The last sentence of a text ("Black wins: all pieces connected."). */
const lastSentence = text => {
  const parts = String(text || "")
    .trim()
    .split(/(?<=[.!?])\s+/);
  return parts[parts.length - 1];
};

/** Whether two texts end with the same sentence: a move's words that end
 * the game and "The game is over." with the same result. */
export const endsAlike = (a, b) => !!a && !!b && lastSentence(a) === lastSentence(b);

export class Announcer {
  /** `put(text)`: says a text (logTo's writer); `describe(start, line)`:
   * the engine's {move, text, turn} of a position; `delay(fn, ms)` and
   * `cancel(id)`: timers (setTimeout and clearTimeout by default). */
  constructor({ put, describe, delay = (fn, ms) => setTimeout(fn, ms), cancel = id => clearTimeout(id) }) {
    this.put = put;
    this.describe = describe;
    this.delay = delay;
    this.cancel = cancel;
    this.seen = null; // {model, head, viewed} when last changed
    this.queue = Promise.resolve();
    this.browseTimer = 0;
  }

  /** After any change of the model on screen: say what happened to the game. */
  changed(model) {
    const was = this.seen;
    this.seen = { model, head: [...model.head], viewed: [...model.viewed] };
    if (!was || was.model !== model) {
      this._browse(model, true);
      return;
    }
    if (!sameLine(was.head, model.head)) {
      this.cancel(this.browseTimer);
      const start = model.start;
      if (isPrefix(model.head, was.head)) {
        // taken back (Undo) or deleted from the tree: each move, the latest
        // first, then whose turn it is
        const key = model.tree.has(was.head) ? "said.takenBack" : "said.deleted";
        const lines = [];
        for (let n = was.head.length; n > model.head.length; n--) lines.push(was.head.slice(0, n));
        const now = [...model.head];
        this._say(async () => {
          const gone = await Promise.all(lines.map(line => this.describe(start, line)));
          const after = await this.describe(start, now);
          return t(key, { moves: gone.map(d => d.text).join(" "), turn: after.turn });
        });
      } else {
        const head = [...model.head];
        this._say(async () => (await this.describe(start, head)).text);
      }
      return;
    }
    if (!sameLine(was.viewed, model.viewed)) this._browse(model, false);
  }

  /** Say `text` (an answer of the engine) after what is being said. */
  say(text) {
    return this._say(async () => text);
  }

  /** The viewed position, briefly, once browsing rests (at once for a game opened). */
  _browse(model, opened) {
    this.cancel(this.browseTimer);
    const line = [...model.viewed];
    const start = model.start;
    const go = () => {
      const s = this.seen;
      if (!s || s.model !== model || !sameLine(s.viewed, line)) return; // moved on meanwhile
      this._say(async () => {
        const d = await this.describe(start, line);
        if (!d.move) return opened ? d.turn : t("said.start", { turn: d.turn });
        // (a move that ended the game says the result already: not twice)
        const turn = opened && !endsAlike(d.text, d.turn) ? ` ${d.turn}` : "";
        return t("said.move", { ply: line.length, move: d.text }) + turn;
      });
    };
    if (opened) go();
    else this.browseTimer = this.delay(go, BROWSE_REST_MS);
  }

  /** Queue `words` (async, giving a text): said in the order asked, never twice. */
  _say(words) {
    this.queue = this.queue
      .then(words)
      .then(text => {
        if (text) this.put(text.trim());
      })
      .catch(() => {
        /* the engine refused (a game closed meanwhile): nothing to say */
      });
    return this.queue;
  }
}
