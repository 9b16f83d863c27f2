// Service worker: makes the site work offline after one visit.
//
// build.py fills in VERSION (a hash of every file it serves) and FILES (every
// file of dist/, relative to this script), so each build gets its own cache
// and an old one is deleted when the new one takes over.  Requests for our
// own files are answered from the cache first (the files of one build belong
// together: page, worker, Pyodide, wheels and lock file with their hashes);
// anything else (other origins) is left alone, never intercepted.

const VERSION = "__GAMUT_VERSION__";
const FILES = [/*__GAMUT_FILES__*/];
const CACHE = `gamut-${VERSION}`;
const SNAPSHOTS = `snapshot-gamut-${VERSION}`;
const SCOPE = new URL("./", self.location.href).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidate with the server, so a stale HTTP cache entry
    // from an older build never ends up in this build's cache.
    await cache.addAll(FILES.map((f) => new Request(new URL(f, SCOPE), { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // Other builds' files, and their engine snapshots (worker.js keeps the
    // snapshot of this build in SNAPSHOTS): never used with this build.
    for (const key of await caches.keys()) {
      if ((key.startsWith("gamut-") && key !== CACHE)
          || (key.startsWith("snapshot-gamut-") && key !== SNAPSHOTS)) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    let cached = await cache.match(request, { ignoreSearch: true });
    if (!cached && request.mode === "navigate") {
      cached = await cache.match(new URL("./index.html", SCOPE).href);
    }
    if (cached) return cached;
    return fetch(request);
  })());
});
