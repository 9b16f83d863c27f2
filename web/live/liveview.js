// The live game's box in the game's side panel (#46): the connection's phase,
// the link to send (the invitation or the answer) with a Copy button, the
// field where the host pastes the answer, and whose move it is.  Drawn anew
// only when what it shows changed (a field being typed in stays).

import { h } from "../app/dom.js";
import { t } from "../i18n/i18n.js";

/** The phase's words. */
function phaseWords(phase) {
  switch (phase) {
    case "inviting":
      return t("live.phase.inviting");
    case "answering":
      return t("live.phase.answering");
    case "connecting":
      return t("live.phase.connecting");
    case "connected":
      return t("live.phase.connected");
    case "reconnecting":
      return t("live.phase.reconnecting");
    default:
      return t("live.phase.ended");
  }
}

let shown = "";

/** Draw the box of `live` (liveplay.js) for the game on screen. */
export function drawLive(live) {
  const box = document.getElementById("live-game");
  if (!box) return;
  const on = live.on();
  box.hidden = !on;
  if (!on) {
    shown = "";
    return;
  }
  const page = live.page;
  const session = live.session;
  const far = page.farSeat();
  const waiting = session.phase === "connected" && far >= 0 ? page.seatName(far) : "";
  const key = [session.id, session.phase, live.link, waiting, live.refused].join("\n");
  box.dataset.phase = session.phase;
  box.dataset.refused = String(live.refused);
  if (key === shown) return;
  shown = key;
  const parts = [h("p", { id: "live-phase", class: "live-phase" }, phaseWords(session.phase))];
  if (waiting) parts.push(h("p", { id: "live-turn" }, t("live.waiting", { name: waiting })));
  const linking = session.phase === "inviting" || session.phase === "answering";
  if (linking && live.link) {
    parts.push(
      h(
        "label",
        { for: "live-link", class: "live-label" },
        session.phase === "inviting" ? t("live.sendInvite") : t("live.sendAnswer"),
      ),
      h(
        "div",
        { class: "send-actions" },
        h("input", { id: "live-link", type: "text", readonly: true, value: live.link }),
        h(
          "button",
          { type: "button", id: "live-copy", onclick: () => live.how.copyLink(live.link) },
          t("live.copy"),
        ),
      ),
    );
  }
  if (session.phase === "inviting" && live.link) {
    const field = h("input", { id: "live-answer", type: "text", autocomplete: "off" });
    parts.push(
      h("label", { for: "live-answer", class: "live-label" }, t("live.paste")),
      h(
        "div",
        { class: "send-actions" },
        field,
        h(
          "button",
          {
            type: "button",
            id: "live-connect",
            class: "primary",
            onclick: () => live.accept(/** @type {HTMLInputElement} */ (field).value),
          },
          t("live.connect"),
        ),
      ),
    );
  }
  box.replaceChildren(...parts);
}
