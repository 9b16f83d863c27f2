// Service worker: makes the site work offline after one visit, and lets a
// new build in without ever mixing two builds' files in one page.
//
// build.py fills in VERSION (a hash of every file of the build) and FILES
// (every file of dist/, relative to this script).  The files of a build
// that change from build to build live in b/<VERSION>/ (index.html names
// them there), Pyodide's in pyodide/<its version>/: no two builds share a
// URL whose content differs, except the few fixed names (index.html,
// version.json, the manifest and its icons; this script keeps its URL so
// that the browser can find a new build).
//
// Each build has its own cache, "gamut-<VERSION>" (and the engine worker's
// "snapshot-gamut-<VERSION>").  Life of a new build:
//   install   its files are cached (those of the immutable folders that an
//             older cache holds are copied from it, not downloaded again);
//             the index.html fetched must be this build's, or the install
//             fails and the browser tries again later.  A first install takes
//             over at once; otherwise the new worker waits.
//   waiting   open pages go on with their own build; they see the waiting
//             worker and offer a reload (update.js).  The "skip-waiting"
//             message (the player chose to reload) or the closing of every
//             page of the old build lets the new one take over.
//   active    it answers every request of the site: the page's own build's
//             cache first, any other build's cache next (a page of an older
//             build still open keeps loading its files from its own cache,
//             even offline), the network last.
// A build's caches are deleted only when no open page runs it: pages say
// which build they run ("hello", offline.js) and every page this worker
// serves is noted as one of its build's; the notes are kept in the cache
// "gamut-clients" (a new worker reads those of the old one).

const VERSION = "__GAMUT_VERSION__";
const FILES = [
  /*__GAMUT_FILES__*/
];
// The files of each language ({code: [file, ...]}: its catalog, its rules
// pages, its manifest; English's too, whose manifest is everyone's): a first
// visit caches those of the language the page will show (the browser's
// first language of ours, else English), and a page says which language it
// shows ("hello"), whose files are then kept: a visitor downloads their own
// language, not every language (tools/build/sizes.py).
const LANGUAGE_FILES = /*__GAMUT_LANGUAGE_FILES__*/ {};
const CACHE = `gamut-${VERSION}`;
const CLIENTS = "gamut-clients"; // {client id: build} of the open pages
const SCOPE = new URL("./", self.location.href).href;
const INDEX = new URL("./index.html", SCOPE).href;
const BUILD_CACHE = /^(?:snapshot-)?gamut-([0-9a-f]{8,64})$/; // a build's cache -> its version
const IMMUTABLE = /^(?:b|pyodide)\//; // folders whose files never change under one name

self.addEventListener("install", event => {
  // (asked for while the install event runs, as the API requires; a browser
  // without static routes answers every request by the fetch handler below)
  if (typeof event.addRoutes === "function") event.waitUntil(addOwnRoutes(event));
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const others = await otherBuildCaches();
      await Promise.all(
        [...FILES, ...(LANGUAGE_FILES[firstLanguage()] || [])].map(async file => {
          const url = new URL(file, SCOPE).href;
          if (IMMUTABLE.test(file)) {
            for (const other of others) {
              const kept = await other.match(url);
              if (kept) return cache.put(url, kept);
            }
          }
          // The names that stay from build to build are checked with the server
          // ("no-cache"), so that a stale HTTP cache entry of an older build
          // never ends up in this build's cache.
          const response = await fetch(
            new Request(url, { cache: IMMUTABLE.test(file) ? "default" : "no-cache" }),
          );
          if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
          if (url === SCOPE || url === INDEX) {
            // a deploy that went on while we were fetching: this page is another build's
            const text = await response.clone().text();
            if (!text.includes(`b/${VERSION}/`)) throw new Error(`${file} is not build ${VERSION}'s`);
          }
          return cache.put(url, response);
        }),
      );
      // the first build of this site takes over at once (no page runs another)
      if (!self.registration.active) await self.skipWaiting();
    })().catch(async err => {
      await caches.delete(CACHE); // half a build is no use: all again next time
      throw err;
    }),
  );
});

self.addEventListener("activate", event => {
  event.waitUntil(
    (async () => {
      await self.clients.claim();
      await tidy();
    })(),
  );
});

self.addEventListener("message", event => {
  const msg = event.data;
  if (!msg || typeof msg !== "object") return;
  if (msg.type === "skip-waiting") {
    event.waitUntil(self.skipWaiting());
  } else if (msg.type === "build?") {
    // which build this worker serves (the page compares it with its own)
    event.ports[0]?.postMessage({ type: "build", build: VERSION });
  } else if (msg.type === "hello" && typeof msg.build === "string" && event.source) {
    // a page says which build it runs; a page that reloaded may have freed an old build
    // (and which language it shows: that language's files are kept too)
    event.waitUntil(
      Promise.all([
        note(event.source.id, msg.build).then(tidy),
        msg.build === VERSION && keepLanguage(msg.lang),
      ]),
    );
  }
});

self.addEventListener("fetch", event => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      if (request.mode === "navigate") {
        // the page is this build's: note its client (when the browser says
        // which it will be) before the page's own hello comes
        const page = (await cache.match(request, { ignoreSearch: true })) ?? (await cache.match(INDEX));
        if (page) {
          if (event.resultingClientId) event.waitUntil(note(event.resultingClientId, VERSION));
          return page;
        }
        return fetch(request);
      }
      const own = (await cache.match(request)) ?? (await cache.match(request, { ignoreSearch: true }));
      if (own) return own;
      for (const other of await otherBuildCaches()) {
        const kept = await other.match(request, { ignoreSearch: true });
        if (kept) return kept;
      }
      const response = await fetch(request);
      // a language's file the page fetched: kept for offline use like the rest
      const url = request.url.split(/[?#]/)[0];
      if (response.ok && LANGUAGE_URLS.has(url)) event.waitUntil(cache.put(url, response.clone()));
      return response;
    })(),
  );
});

/** What the browser answers from this build's cache by itself, with no fetch
 * event (the ServiceWorker static routing API, where the browser has it):
 * this build's code (b/<VERSION>/ and Pyodide's folder: scripts, style
 * sheets, WebAssembly, the standard library, the wheel).  A page's load asks
 * for some 150 of those; each woke this script, and passing them to it and
 * back cost about 8 % of a load's CPU (CONTRIBUTING.md, "How long the tests
 * take").  Every file a
 * route names is in FILES, so the install that added the route cached it
 * (or failed): a route never sends a request to the network offline.  Left to
 * the fetch handler: pages (their clients are noted), JSON (the languages'
 * files are cached when first fetched), the fixed names, other builds' files
 * (an older page still open is answered from its own build's cache), and
 * any URL with a query. */
function ownRoutes() {
  const scope = new URL(SCOPE);
  const folders = new Map(); // folder -> the extensions of its files
  for (const file of FILES) {
    const folder = file.startsWith(`b/${VERSION}/`) ? `b/${VERSION}/` : /^pyodide\/[^/]+\//.exec(file)?.[0];
    const ext = /\.(js|mjs|css|wasm|zip|whl)$/.exec(file)?.[1];
    if (!folder || !ext) continue;
    if (!folders.has(folder)) folders.set(folder, new Set());
    folders.get(folder).add(ext);
  }
  const literal = text => text.replace(/[\\:*?+(){}]/g, "\\$&"); // (URL pattern syntax)
  return [...folders].flatMap(([folder, exts]) =>
    [...exts].sort().map(ext => ({
      condition: {
        urlPattern: {
          protocol: scope.protocol.slice(0, -1),
          hostname: scope.hostname,
          port: scope.port,
          pathname: `${literal(scope.pathname + folder)}*.${ext}`,
          search: "",
        },
      },
      source: { cacheName: CACHE },
    })),
  );
}

/** Ask the browser for `ownRoutes()`; a browser that refuses them (an older
 * version of the API) answers by the fetch handler instead. */
function addOwnRoutes(event) {
  try {
    return event.addRoutes(ownRoutes()).catch(() => false);
  } catch {
    return Promise.resolve(false);
  }
}

const LANGUAGE_URLS = new Set(
  Object.values(LANGUAGE_FILES)
    .flat()
    .map(file => new URL(file, SCOPE).href),
);

/** The language a first visit's page shows, as i18n/languages.js chooses
 * it with no stored choice: the browser's first language of ours (by the
 * primary subtags of navigator.languages), else English. */
function firstLanguage() {
  const codes = (self.navigator?.languages ?? []).map(tag => String(tag).toLowerCase().split("-")[0]);
  return codes.find(code => Object.hasOwn(LANGUAGE_FILES, code)) || "en";
}

/** Cache the files of language `code` (a page shows it) not cached yet. */
async function keepLanguage(code) {
  if (typeof code !== "string" || !Object.hasOwn(LANGUAGE_FILES, code)) return;
  const cache = await caches.open(CACHE);
  await Promise.all(
    LANGUAGE_FILES[code].map(async file => {
      const url = new URL(file, SCOPE).href;
      if (await cache.match(url)) return;
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
    }),
  ).catch(() => {}); // (offline now: a later visit online fetches them)
}

/** The caches of other builds' files (newest first is not known: any order). */
async function otherBuildCaches() {
  const names = (await caches.keys()).filter(
    n => n.startsWith("gamut-") && n !== CACHE && BUILD_CACHE.test(n),
  );
  return Promise.all(names.map(n => caches.open(n)));
}

// The notes {client id: build} and the tidying are done one at a time.
let queue = Promise.resolve();
function serial(fn) {
  const run = queue.then(fn);
  queue = run.catch(() => {});
  return run;
}

async function readNotes() {
  const response = await (await caches.open(CLIENTS)).match(SCOPE);
  try {
    return response ? await response.json() : {};
  } catch {
    return {};
  }
}

async function writeNotes(notes) {
  await (await caches.open(CLIENTS)).put(
    SCOPE,
    new Response(JSON.stringify(notes), { headers: { "content-type": "application/json" } }),
  );
}

/** Note that the page `clientId` runs `build`. */
function note(clientId, build) {
  return serial(async () => {
    const notes = await readNotes();
    if (notes[clientId] === build) return;
    notes[clientId] = build;
    await writeNotes(notes);
  });
}

/** Delete the caches of every build that is neither this one nor run by an
 * open page (the notes of closed pages go too).  Only the newest worker
 * tidies: while a newer one is installing or waiting, its cache is not to be
 * touched (it tidies once it takes over). */
function tidy() {
  const newer = () => self.registration.installing || self.registration.waiting;
  return serial(async () => {
    if (newer()) return;
    const open = new Set(
      (await self.clients.matchAll({ type: "window", includeUncontrolled: true })).map(c => c.id),
    );
    const notes = await readNotes();
    const kept = {};
    for (const [id, build] of Object.entries(notes)) if (open.has(id)) kept[id] = build;
    if (Object.keys(kept).length !== Object.keys(notes).length) await writeNotes(kept);
    const used = new Set([VERSION, ...Object.values(kept)]);
    for (const name of await caches.keys()) {
      const m = BUILD_CACHE.exec(name);
      if (m && !used.has(m[1]) && !newer()) await caches.delete(name);
    }
  });
}
