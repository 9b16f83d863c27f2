// A new build of the site, deployed while the page is open: the page says
// "A new version is ready" and reloads onto it when the player asks, never
// on its own (a game in play goes on undisturbed; nothing is lost on the
// reload either: the game was saved as it was played, `beforeReload` saves
// what is left).
//
//   import { watchUpdates } from "./update.js";
//   watchUpdates(registration, { beforeReload: () => keeper.flush() });
//
// `registration` is registerOffline()'s (offline.js; null: nothing to watch).
// A new build shows up as a service worker that has installed the new
// build's files and waits (sw.js), or, once another tab let it take over, as
// this page's controller serving a build other than the page's own.  The
// page asks for a new build when it has been open an hour and when it is
// shown again after ten minutes hidden (the browser itself asks on every
// navigation).  On "Reload" the waiting worker is told to take over, and the
// page reloads once it has: every file of the new page comes from the new
// build.
//
// <html> says where things stand: data-build (this page's build),
// data-update ("ready": the offer is on screen; "reloading").

import { BUILD, buildOf } from "../offline.js";
import { t } from "../i18n/i18n.js";
import { h } from "./dom.js";

const CHECK_EVERY_MS = 60 * 60 * 1000;
const CHECK_HIDDEN_MS = 10 * 60 * 1000;
const TAKE_OVER_MS = 10000; // reload anyway if the new worker has not taken over by then

export function watchUpdates(
  registration,
  { beforeReload = async () => {}, root = document.documentElement } = {},
) {
  root.dataset.build = BUILD;
  if (!registration || !("serviceWorker" in navigator)) return null;
  const sw = navigator.serviceWorker;
  let box = null;
  let dismissed = false;
  let reloading = false;
  let checked = Date.now();

  const ask = () => {
    checked = Date.now();
    registration.update().catch(() => {}); // offline, or the server is away: next time
  };

  /** Is a build other than this page's ready?  Then say so. */
  async function check() {
    if (reloading) return;
    const waiting = registration.waiting;
    let other = false;
    if (waiting) other = (await buildOf(waiting)) !== BUILD; // (no answer: a new one, surely)
    if (!other && sw.controller) {
      const build = await buildOf(sw.controller);
      other = build !== null && build !== BUILD;
    }
    if (other && !dismissed && !reloading) offer();
  }

  function offer() {
    if (!box) {
      box = h(
        "div",
        { id: "update", class: "update", role: "status" },
        h("p", { class: "update-text" }, h("strong", {}, t("update.ready")), " ", t("update.reload")),
        h(
          "div",
          { class: "update-actions" },
          h(
            "button",
            { type: "button", id: "update-reload", class: "primary", onclick: reload },
            t("common.reload"),
          ),
          h(
            "button",
            { type: "button", id: "update-later", class: "quiet", onclick: later },
            t("update.later"),
          ),
        ),
      );
      document.body.append(box);
    }
    box.hidden = false;
    root.dataset.update = "ready";
  }

  function later() {
    dismissed = true;
    box.hidden = true;
    delete root.dataset.update;
  }

  async function reload() {
    if (reloading) return;
    reloading = true;
    root.dataset.update = "reloading";
    for (const button of box.querySelectorAll("button")) button.disabled = true;
    try {
      await beforeReload();
    } catch (err) {
      console.warn(`saving before the reload: ${err.message || err}`);
    }
    const waiting = registration.waiting;
    if (!waiting) {
      location.reload(); // the new build already serves this site
      return;
    }
    // reloaded by "controllerchange" below, once the new worker serves the site
    setTimeout(() => location.reload(), TAKE_OVER_MS);
    waiting.postMessage({ type: "skip-waiting" });
  }

  sw.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
    else check();
  });
  const follow = worker =>
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") {
        dismissed = false; // (a newer build than the one put off)
        check();
      }
    });
  registration.addEventListener("updatefound", () => follow(registration.installing));
  follow(registration.installing); // (one may be installing already)
  setInterval(ask, CHECK_EVERY_MS);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && Date.now() - checked > CHECK_HIDDEN_MS) ask();
  });
  addEventListener("online", ask);
  // back from the browser's back-forward cache: the site may have moved on meanwhile
  addEventListener("pageshow", event => {
    if (event.persisted) check();
  });
  check();
  return { check, ask };
}
