// Starts the engine worker at once, while the page's own modules are still
// loading (the first thing index.html runs; it imports nothing).  engine.js
// adopts the worker, with the messages and errors it sent meanwhile, in order.
//
// It also watches that the page's own modules run (#47): under load, a
// request for one of them was seen to get lost on its way through the service
// worker, and the page stayed "loading" for ever.  The page's script says it
// runs (<html data-boot>, app.js and embed/embed.js); if it has not after
// BOOT_WAIT_MS (longer on a first visit, when the files come from the
// network), the page is loaded again, once in a tab's life (sessionStorage
// remembers it until a page of the tab starts).  Nothing the player made can be lost:
// nothing of the page ran.  A page reloaded that does not start either
// says so (data-boot="stalled") and stays.  `globalThis.__gamutBootWaitMs`, set before the
// page loads, changes the wait (the e2e tests).

// A study's link (#study/…, #45) is read in the study viewer, embed.html at
// the full window: the main page hands it over before it starts anything.
const toViewer = location.hash.startsWith("#study/") && !("embed" in document.documentElement.dataset);
if (toViewer) location.replace(new URL(`embed.html${location.hash}`, location.href));

if (!toViewer) {
  try {
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    const early = { worker, events: [] };
    worker.onmessage = event => early.events.push(["message", event]);
    worker.onmessageerror = event => early.events.push(["messageerror", event]);
    worker.onerror = event => {
      event.preventDefault?.();
      early.events.push(["error", event]);
    };
    globalThis.__gamutEarlyWorker = early;
  } catch {
    // no early start: engine.js starts the worker itself and reports any failure
  }
}

const RELOADED = "gamut.boot-reloaded"; // (sessionStorage: this tab reloaded a page that did not start)
const BOOT_WAIT_MS = navigator.serviceWorker?.controller ? 15000 : 60000;

/** The page did not start in time: loaded again, unless this tab did that already. */
function stalled() {
  try {
    if (sessionStorage.getItem(RELOADED)) {
      document.documentElement.dataset.boot = "stalled"; // (once: a page that does no better the second time stays)
      return;
    }
    sessionStorage.setItem(RELOADED, String(Date.now()));
  } catch {
    return; // (no storage to remember it by: no reload, never a loop)
  }
  location.reload();
}

const watch = setTimeout(stalled, globalThis.__gamutBootWaitMs ?? BOOT_WAIT_MS);
// the page's script runs: the watch ends, and this tab may reload a page that stalls later
const started = new MutationObserver(() => {
  if (!document.documentElement.dataset.boot || document.documentElement.dataset.boot === "stalled") return;
  clearTimeout(watch);
  started.disconnect();
  try {
    sessionStorage.removeItem(RELOADED);
  } catch {
    /* nothing to forget */
  }
});
started.observe(document.documentElement, { attributes: true, attributeFilter: ["data-boot"] });
