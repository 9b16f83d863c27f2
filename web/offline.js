// Offline support: registers the service worker (sw.js, next to this file and
// the page), which caches the whole site so that it loads without a network
// after one visit.
//
//   import { registerOffline } from "./offline.js";
//   registerOffline();                  // after the page's "load" event
//   registerOffline({ after: engine.ready.catch(() => {}) });  // or after any promise
//
// Resolves with the ServiceWorkerRegistration, or null where service workers
// are unavailable (file://, some private modes); never rejects: a page works
// without offline support, so a failure is only a console warning.

export async function registerOffline({ after = null } = {}) {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return null;
  try {
    if (after) await after;
    else if (document.readyState !== "complete") {
      await new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
    }
    return await navigator.serviceWorker.register(new URL("./sw.js", import.meta.url));
  } catch (err) {
    console.warn(`offline support unavailable: ${err.message}`);
    return null;
  }
}
