// The live game's chat (#46): the lines both players typed (kept for the page,
// newest last, at most MAX_LINES), the player's own mute, and the chat's part
// of the live box: the log, the field and Send, the Mute toggle.  A line is
// always shown as text (never as markup): h() appends it as a text node.

import { h } from "../app/dom.js";
import { language, t } from "../i18n/i18n.js";
import { MAX_CHAT, UNSAFE } from "./protocol.js";

export const MAX_LINES = 100;

/** `ch` (one character), or a space for one the protocol refuses in a line (protocol.js UNSAFE). */
const safe = ch => {
  const c = /** @type {number} */ (ch.codePointAt(0));
  return UNSAFE.some(([a, b]) => c >= a && c <= b) ? " " : ch;
};

/** The line `text` as it may be sent: its unsafe characters turned to spaces, trimmed, at most MAX_CHAT long. */
export function cleanLine(text) {
  const chars = Array.from(
    Array.from(String(text ?? ""), safe)
      .join("")
      .trim(),
  );
  let line = chars.slice(0, MAX_CHAT).join("");
  while (line.length > MAX_CHAT) line = Array.from(line).slice(0, -1).join(""); // (whole characters)
  return line.trim();
}

/** The chat's lines and mute. */
export class LiveTalk {
  constructor() {
    /** @type {{mine: boolean, text: string}[]} */
    this.lines = [];
    this.muted = false;
    /** Lines added since the start (the view redraws when it changes). */
    this.count = 0;
  }

  /** A line: this player's (`mine`) or the friend's; false when there is nothing to keep. */
  add(text, mine) {
    const line = cleanLine(text);
    if (!line || (!mine && this.muted)) return false;
    this.lines.push({ mine: !!mine, text: line });
    if (this.lines.length > MAX_LINES) this.lines.splice(0, this.lines.length - MAX_LINES);
    this.count += 1;
    return true;
  }

  mute(on) {
    this.muted = !!on;
    this.count += 1;
  }
}

/** The chat's part of the live box, in `box`: made once (the field typed in stays, and its focus),
 * its log and mute note drawn anew when `talk` changed. */
export function drawTalk(box, live) {
  const talk = /** @type {LiveTalk} */ (live.asks.talk);
  const linked = !!live.session?.linked;
  const name = live.page.seatName(live.session.peer);
  box.hidden = !linked && !talk.lines.length;
  if (box.dataset.lang !== language()) {
    box.dataset.lang = language();
    box.dataset.key = "";
    box.replaceChildren(...talkParts(live));
  }
  const row = /** @type {HTMLElement} */ (box.querySelector(".live-say"));
  row.hidden = !linked;
  const key = [talk.count, name].join("\n");
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.dataset.lines = String(talk.lines.length);
  const log = /** @type {HTMLElement} */ (box.querySelector("#live-chat"));
  log.replaceChildren(
    ...talk.lines.map(line =>
      h(
        "p",
        { class: line.mine ? "live-line mine" : "live-line" },
        t("live.line", { name: line.mine ? t("live.you") : name, text: line.text }),
      ),
    ),
  );
  log.scrollTop = log.scrollHeight;
  const note = /** @type {HTMLElement} */ (box.querySelector("#live-muted"));
  note.hidden = !talk.muted;
  note.textContent = talk.muted ? t("live.muted", { name }) : "";
  const mute = /** @type {HTMLElement} */ (box.querySelector("#live-mute"));
  mute.setAttribute("aria-pressed", String(talk.muted));
}

/** The chat's elements: the log, the mute note, and the row to type in. */
function talkParts(live) {
  const field = /** @type {HTMLInputElement} */ (
    h("input", { id: "live-say", type: "text", autocomplete: "off", maxlength: MAX_CHAT })
  );
  const send = () => {
    if (live.asks.say(field.value)) field.value = "";
  };
  field.addEventListener("keydown", e => {
    if (e.key === "Enter") send();
  });
  return [
    h("div", { id: "live-chat", class: "live-chat", role: "log", "aria-label": t("live.chat") }),
    h("p", { id: "live-muted", class: "live-muted", hidden: true }),
    h(
      "div",
      { class: "live-say" },
      h("label", { for: "live-say", class: "live-label" }, t("live.say")),
      h(
        "div",
        { class: "send-actions" },
        field,
        h("button", { type: "button", id: "live-send", onclick: send }, t("live.send")),
        h(
          "button",
          {
            type: "button",
            id: "live-mute",
            class: "quiet",
            "aria-pressed": "false",
            onclick: () => live.asks.mute(!live.asks.talk.muted),
          },
          t("live.mute"),
        ),
      ),
    ),
  ];
}
