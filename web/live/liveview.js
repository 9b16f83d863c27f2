// The live game's box in the game's side panel (#46): the connection's phase,
// the link to send (the invitation or the answer) with a Copy button, the
// field where the host pastes the answer, and whose move it is; then the
// asks (a takeback, a rematch: asked, or to answer) and what the friend
// answered; then the chat (livetalk.js).  Each part drawn anew only when
// what it shows changed (a field being typed in stays).

import { h } from "../app/dom.js";
import { language, t } from "../i18n/i18n.js";
import { drawTalk } from "./livetalk.js";
import { drawQr } from "./qr.js";
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
let asked = "";

/** The box's three parts (made once): the connection and the turn, the asks, the chat. */
function sections(box) {
  if (!box.querySelector("#live-main"))
    box.replaceChildren(
      h("div", { id: "live-main" }),
      h("div", { id: "live-asks", class: "live-asks" }),
      h("div", { id: "live-talk", class: "live-talk" }),
    );
  return ["#live-main", "#live-asks", "#live-talk"].map(
    id => /** @type {HTMLElement} */ (box.querySelector(id)),
  );
}

/** Draw the box of `live` (liveplay.js) for the game on screen. */
export function drawLive(live) {
  const box = document.getElementById("live-game");
  if (!box) return;
  const on = live.on();
  box.hidden = !on;
  if (!on) {
    shown = asked = "";
    return;
  }
  const [main, asks, talk] = sections(box);
  drawAsks(asks, live);
  drawTalk(talk, live);
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
    language(),
  ].join("\n");
  box.dataset.phase = session.phase;
  box.dataset.refused = String(live.refused);
  box.dataset.failed = live.failed;
  box.dataset.plies = String(session.moves.length);
  box.dataset.game = session.id;
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
      qrBox(live.link),
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
  main.replaceChildren(...parts);
}

/** What `session` lets this side ask now, and what it was asked: {takeback, rematch} (booleans). */
export function askable(session) {
  const connected = session.phase === "connected";
  return {
    takeback:
      connected && !session.end && session.takebackAsking === null && session._before(session.seat) >= 0,
    rematch: !!session.end && session.linked && !session.rematchAsk,
  };
}

/** The asks' part: a takeback or a rematch asked (waiting) or to answer, the buttons to ask, what was said. */
function drawAsks(box, live) {
  const session = live.session;
  const can = askable(session);
  const name = live.page.seatName(session.peer);
  const rematch = session.rematchAsk ? (session.rematchAsk.by === session.seat ? "asking" : "asked") : "";
  const takeback = session.takebackAsked !== null ? "asked" : session.takebackAsking !== null ? "asking" : "";
  box.dataset.takeback = takeback;
  box.dataset.rematch = rematch;
  const key = [
    session.id,
    can.takeback,
    can.rematch,
    takeback,
    rematch,
    name,
    live.asks.said,
    language(),
  ].join("\n");
  if (key === asked) return;
  asked = key;
  const answer = (id, yes) =>
    h(
      "div",
      { class: "send-actions" },
      h(
        "button",
        { type: "button", id: `${id}-accept`, class: "primary", onclick: () => yes(true) },
        t("live.accept"),
      ),
      h("button", { type: "button", id: `${id}-decline`, onclick: () => yes(false) }, t("live.decline")),
    );
  const parts = [];
  if (live.asks.said) parts.push(h("p", { id: "live-said" }, live.asks.said));
  if (takeback === "asked")
    parts.push(
      h("p", { id: "live-takeback-asked" }, t("live.takebackAsked", { name })),
      answer("live-takeback", yes => live.asks.answerTakeback(yes)),
    );
  else if (takeback === "asking")
    parts.push(h("p", { id: "live-takeback-asking" }, t("live.takebackAsking", { name })));
  if (rematch === "asked")
    parts.push(
      h("p", { id: "live-rematch-asked" }, t("live.rematchAsked", { name })),
      answer("live-rematch", yes => live.asks.answerRematch(yes)),
    );
  else if (rematch === "asking")
    parts.push(h("p", { id: "live-rematch-asking" }, t("live.rematchAsking", { name })));
  const buttons = [];
  if (can.takeback && takeback !== "asked")
    buttons.push(
      h(
        "button",
        { type: "button", id: "live-takeback", onclick: () => live.asks.askTakeback() },
        t("live.takeback"),
      ),
    );
  if (can.rematch)
    buttons.push(
      h(
        "button",
        { type: "button", id: "live-rematch", class: "primary", onclick: () => live.asks.askRematch() },
        t("live.rematch"),
      ),
    );
  if (buttons.length) parts.push(h("div", { class: "send-actions" }, ...buttons));
  box.hidden = !parts.length;
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

/** The link as a QR code, for a phone beside the player: drawn when opened (the encoder loads then). */
function qrBox(link) {
  const code = h("div", { class: "live-qr-code", id: "live-qr-code" });
  const box = h("details", { class: "live-qr", id: "live-qr" }, h("summary", {}, t("live.qr")), code);
  box.addEventListener("toggle", () => {
    if (/** @type {HTMLDetailsElement} */ (box).open) drawQr(code, link, t("live.qrLabel"));
  });
  return box;
}
