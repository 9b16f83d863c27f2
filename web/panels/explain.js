// The explain line under the board's panel (#explain): why a click did
// nothing, or what an action just did.  A message that only reports an
// action done ("Link copied to the clipboard.", "Game aborted") fades: it
// goes by itself after a few seconds, and at once when another game comes
// on screen, since it was about the game before (issue #41: "Link copied"
// stayed, and came back over a later game).  Any other message stays until
// the next one replaces it.  Owns the line's text and its timer; the page
// calls say() and newGame().

/** How long a fading message stays, in ms; the last FADE_OUT_MS of them it fades out (style.css). */
export const FADE_MS = 4000;
export const FADE_OUT_MS = 500;

const browserTimers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: id => clearTimeout(id),
};

export class ExplainLine {
  /** `box`: the line's element (its textContent and dataset are written);
   * `timers`: {set(fn, ms), clear(id)} (the tests give their own). */
  constructor(box, timers = browserTimers) {
    this.box = box;
    this.timers = timers;
    this.timer = null;
    this.fading = false;
  }

  /** Show `text` ("" clears the line); `kind`: "illegal" or "info";
   * `fades`: the message goes after FADE_MS, and with the game. */
  say(text, kind = "illegal", { fades = false } = {}) {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    this.box.textContent = text;
    this.box.dataset.kind = text ? kind : "none";
    delete this.box.dataset.fading;
    this.fading = fades && !!text;
    if (!this.fading) return;
    // (its last FADE_OUT_MS: marked, for the style sheet to fade it out; then gone)
    this.timer = this.timers.set(() => {
      this.box.dataset.fading = "";
      this.timer = this.timers.set(() => {
        this.timer = null;
        this.say("");
      }, FADE_OUT_MS);
    }, FADE_MS - FADE_OUT_MS);
  }

  /** Another game is on screen: a fading message (about the game before) goes now. */
  newGame() {
    if (this.fading) this.say("");
  }
}
