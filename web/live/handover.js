// Links of a live game handed between the tabs of one browser (#46).  The
// friend's answer (or, after a drop, the host's new offer) arrives as a link:
// opened, it loads in a new tab, while the live game waits in another.  The
// new tab hands the link over a BroadcastChannel; the tab whose game it is
// takes it and says so; when no tab answers within `wait` ms, the player is
// told the game is not open here.

const CHANNEL = "gamut-live"; // i18n: not words (a channel's name)

/** A short random nonce naming one hand-over. */
const nonce = () => Math.random().toString(36).slice(2, 12);

export class TabHandover {
  /**
   * @param {object} how
   * @param {(kind: string, text: string) => boolean} how.takes  whether this tab's game waits for the link
   * @param {(kind: string, text: string) => void} how.take  take it
   * @param {(key: string) => void} how.say  tell the player (a message key)
   * @param {number} [how.wait]
   * @param {typeof BroadcastChannel} [how.Channel]  (tests: a stub)
   */
  constructor(how) {
    this.how = how;
    this.wait = how.wait ?? 1500;
    /** Links handed, waiting for a tab to take them: nonce -> timer. */
    this.waiting = new Map();
    const Channel = how.Channel || globalThis.BroadcastChannel;
    /** @type {BroadcastChannel | null} */
    this.channel = typeof Channel === "function" ? new Channel(CHANNEL) : null;
    if (this.channel) this.channel.onmessage = event => this._message(event.data);
  }

  /** Hand the link `text` of `kind` ("answer", "resume") to the other tabs. */
  handOver(kind, text) {
    const id = nonce();
    this.channel?.postMessage({ kind, text, nonce: id });
    this.how.say("live.handing");
    this.waiting.set(
      id,
      setTimeout(() => {
        this.waiting.delete(id);
        this.how.say("live.notHere");
      }, this.wait),
    );
  }

  /** What another tab sent: a link to take, or its word that it took this tab's. */
  _message(data) {
    if (!data || typeof data !== "object") return;
    if (typeof data.took === "string") {
      if (!this.waiting.has(data.took)) return;
      clearTimeout(this.waiting.get(data.took));
      this.waiting.delete(data.took);
      this.how.say("live.handed");
      return;
    }
    const { kind, text } = data;
    if ((kind !== "answer" && kind !== "resume") || typeof text !== "string" || !this.how.takes(kind, text))
      return;
    if (typeof data.nonce === "string") this.channel?.postMessage({ took: data.nonce });
    this.how.take(kind, text);
  }
}
