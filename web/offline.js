// Offline support: registers the service worker (sw.js, at the site's root
// next to the page), which caches the whole site so that it loads without a
// network after one visit, and tells it which build this page runs (so that
// the build's cache is kept while the page is open).
//
//   import { registerOffline, BUILD } from "./offline.js";
//   registerOffline();                  // after the page's "load" event
//   registerOffline({ after: engine.ready.catch(() => {}) });  // or after any promise
//
// Resolves with the ServiceWorkerRegistration, or null where service workers
// are unavailable (file://, some private modes); never rejects: a page works
// without offline support, so a failure is only a console warning.
// update.js watches the registration for a new build.

/** The build this page runs (its version, written here by build.py). */
export const BUILD = "__GAMUT_VERSION__";

/** The site's root, where the page and sw.js are (this module is in the
 * build's folder; build.py writes the way up). */
export const SITE = new URL("__GAMUT_SITE__", import.meta.url).href;

const available = () => "serviceWorker" in navigator && window.isSecureContext;

export async function registerOffline({ after = null } = {}) {
  if (!available()) return null;
  try {
    // a page served by the service worker says at once which build it runs
    sayHello(navigator.serviceWorker.controller);
    navigator.serviceWorker.addEventListener("controllerchange", () =>
      sayHello(navigator.serviceWorker.controller),
    );
    addEventListener("pageshow", event => {
      // back from the back-forward cache
      if (event.persisted) sayHello(navigator.serviceWorker.controller);
    });
    if (after) await after;
    else if (document.readyState !== "complete") {
      await new Promise(resolve => window.addEventListener("load", resolve, { once: true }));
    }
    const registration = await navigator.serviceWorker.register(new URL("sw.js", SITE));
    // a page the service worker did not serve (the first visit, a forced reload)
    if (!navigator.serviceWorker.controller) sayHello(registration.active);
    return registration;
  } catch (err) {
    console.warn(`offline support unavailable: ${err.message}`);
    return null;
  }
}

function sayHello(worker) {
  // (with the page's language, whose files the service worker then keeps)
  worker?.postMessage({ type: "hello", build: BUILD, lang: document.documentElement.lang });
}

/** The build a service worker serves ("build?"), or null if it does not say
 * within `ms` milliseconds. */
export function buildOf(worker, ms = 3000) {
  if (!worker) return Promise.resolve(null);
  return new Promise(resolve => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), ms);
    channel.port1.onmessage = event => {
      clearTimeout(timer);
      resolve(typeof event.data?.build === "string" ? event.data.build : null);
    };
    worker.postMessage({ type: "build?" }, [channel.port2]);
  });
}
