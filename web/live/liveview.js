// The live game's box in the game's side panel (#46): the connection's phase,
// the link to send (the invitation or the answer) with a Copy button, the
// field where the host pastes the answer, and whose move it is.  Drawn anew
// only when what it shows changed (a field being typed in stays).

import { h } from "../app/dom.js";
import { t } from "../i18n/i18n.js";
import { serverName } from "./servers.js";

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
  const prefs = page.settings?.settings.prefs;
  const servers = !!prefs?.liveServers;
  const key = [
    session.id,
    session.phase,
    live.link,
    waiting,
    live.refused,
    live.failed,
    live.hosting,
    servers,
  ].join("\n");
  box.dataset.phase = session.phase;
  box.dataset.refused = String(live.refused);
  box.dataset.failed = live.failed;
  if (key === shown) return;
  shown = key;
  const parts = [
    h(
      "p",
      { id: "live-phase", class: "live-phase" },
      live.failed ? t("live.phase.failed") : phaseWords(session.phase),
    ),
  ];
  if (waiting) parts.push(h("p", { id: "live-turn" }, t("live.waiting", { name: waiting })));
  const lost = session.phase === "reconnecting";
  if (lost) parts.push(h("p", { class: "live-lost" }, t(live.hosting ? "live.lostHost" : "live.lostGuest")));
  if (live.failed) parts.push(h("p", { id: "live-failed", role: "alert" }, t("live.failed")));
  const linking = session.phase === "inviting" || session.phase === "answering" || lost;
  if (linking && live.link) {
    const answering = !live.hosting;
    parts.push(
      h(
        "label",
        { for: "live-link", class: "live-label" },
        answering ? t("live.sendAnswer") : lost ? t("live.sendResume") : t("live.sendInvite"),
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
  const pasting = (live.hosting && live.link) || (lost && !live.hosting && !live.link);
  if ((session.phase === "inviting" || lost) && pasting) {
    const field = h("input", { id: "live-answer", type: "text", autocomplete: "off" });
    parts.push(
      h(
        "label",
        { for: "live-answer", class: "live-label" },
        t(live.hosting ? "live.paste" : "live.pasteResume"),
      ),
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
            onclick: () => live.paste(/** @type {HTMLInputElement} */ (field).value),
          },
          t("live.connect"),
        ),
      ),
    );
  }
  if ((linking || live.failed) && !servers) parts.push(serversAsk(live, prefs));
  if (linking || live.failed)
    parts.push(
      h(
        "p",
        { class: "live-bylink" },
        h(
          "button",
          { type: "button", id: "live-bylink", class: "quiet", onclick: () => live.byLink() },
          t("live.byLink"),
        ),
      ),
    );
  box.replaceChildren(...parts);
}

/** The servers not allowed yet: where they help, what they see, and the player's yes. */
function serversAsk(live, prefs) {
  return h(
    "details",
    { class: "live-servers", id: "live-servers" },
    h("summary", {}, t("live.servers.summary")),
    h("p", {}, t("live.servers.ask", { server: serverName(prefs) })),
    h(
      "button",
      { type: "button", id: "live-allow", onclick: () => live.allowServers() },
      t("live.servers.allow"),
    ),
  );
}
