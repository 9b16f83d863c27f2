// Tests of web/sw.js, the service worker, run in Node against an in-memory
// Cache API, server and set of open pages: each build's files are cached
// whole or not at all, a new build waits until asked, every page gets its
// own build's files, and a build's caches go only when no page runs it.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import vm from "node:vm";

const SOURCE = readFileSync(new URL("../../web/sw.js", import.meta.url), "utf8");
const SCOPE = "https://example.org/games/gamut/";
const A = "aaaaaaaaaaaaaaaa";
const B = "bbbbbbbbbbbbbbbb";
const PYODIDE = ["pyodide/314.0.7/pyodide.mjs", "pyodide/314.0.7/pyodide.asm.wasm"];

/** The files of build `v`, as build.py lists them in sw.js. */
const filesOf = v => [
  "./",
  "index.html",
  "version.json",
  "manifest.webmanifest",
  ...PYODIDE,
  `b/${v}/app.js`,
  `b/${v}/worker.js`,
  `b/${v}/pyodide-lock.json`,
  `b/${v}/wheels/gamut-0.1.0-py3-none-any.whl`,
];

/** The files of each language but English of build `v`, as build.py lists them in sw.js. */
const languageFilesOf = v => ({
  de: [`b/${v}/games/rules.de.json`, `b/${v}/i18n/de.json`, "manifest.de.webmanifest"],
  hu: [`b/${v}/games/rules.hu.json`, `b/${v}/i18n/hu.json`, "manifest.hu.webmanifest"],
});

const strip = url => url.split("?")[0];

class FakeCache {
  constructor() {
    this.entries = new Map();
  }
  async match(request, { ignoreSearch = false } = {}) {
    const url = typeof request === "string" ? request : request.url;
    for (const [key, response] of this.entries) {
      if (key === url || (ignoreSearch && strip(key) === strip(url))) return response.clone();
    }
    return undefined;
  }
  async put(request, response) {
    const url = typeof request === "string" ? request : request.url;
    this.entries.set(url, response.clone());
  }
  async keys() {
    return [...this.entries.keys()].map(url => ({ url }));
  }
  async delete(request) {
    return this.entries.delete(typeof request === "string" ? request : request.url);
  }
}

class FakeCaches {
  constructor() {
    this.named = new Map();
  }
  async open(name) {
    if (!this.named.has(name)) this.named.set(name, new FakeCache());
    return this.named.get(name);
  }
  async keys() {
    return [...this.named.keys()];
  }
  async delete(name) {
    return this.named.delete(name);
  }
  names() {
    return [...this.named.keys()].sort();
  }
  urls(name) {
    return [...this.named.get(name).entries.keys()].map(u => u.slice(SCOPE.length)).sort();
  }
}

/** A static host: `deploy(v)` puts build `v` on it (other builds' own files go). */
class Server {
  constructor() {
    this.files = new Map();
    this.requests = [];
  }
  deploy(v) {
    for (const key of [...this.files.keys()]) if (key.startsWith("b/")) this.files.delete(key);
    for (const f of [...filesOf(v), ...Object.values(languageFilesOf(v)).flat()]) {
      const body = f === "./" || f === "index.html" ? `<script src="b/${v}/app.js">` : `${f} of ${v}`;
      this.files.set(f === "./" ? "" : f, body);
    }
  }
  fetch = async request => {
    const url = typeof request === "string" ? request : request.url;
    this.requests.push(url.slice(SCOPE.length));
    const body = this.files.get(strip(url).slice(SCOPE.length));
    return body === undefined ? new Response("not found", { status: 404 }) : new Response(body);
  };
}

/** The open pages (window clients), shared by every worker of the site. */
class Pages {
  constructor() {
    this.ids = new Set();
  }
  async matchAll() {
    return [...this.ids].map(id => ({ id }));
  }
}

/** A service worker of build `version` running sw.js on `site` ({caches, server, pages, registration}). */
function worker(version, site) {
  const listeners = {};
  const self = {
    location: { href: `${SCOPE}sw.js` },
    registration: site.registration,
    skipped: false,
    claimed: false,
    skipWaiting: async () => {
      self.skipped = true;
    },
    clients: {
      claim: async () => {
        self.claimed = true;
      },
      matchAll: () => site.pages.matchAll(),
    },
    addEventListener: (type, fn) => {
      listeners[type] = fn;
    },
    navigator: { languages: site.languages ?? ["en-US", "en"] },
  };
  const source = SOURCE.replace("__GAMUT_VERSION__", version)
    .replace(
      "/*__GAMUT_FILES__*/",
      filesOf(version)
        .map(f => JSON.stringify(f))
        .join(", "),
    )
    .replace("/*__GAMUT_LANGUAGE_FILES__*/ {}", JSON.stringify(languageFilesOf(version)));
  vm.runInNewContext(source, {
    self,
    caches: site.caches,
    fetch: site.server.fetch,
    Request,
    Response,
    URL,
    console,
  });
  /** Dispatch an event; resolves when its waitUntil/respondWith promises have. */
  const dispatch = async (type, fields = {}) => {
    const waits = [];
    let response;
    const event = {
      ...fields,
      waitUntil: p => waits.push(p),
      respondWith: p => {
        response = p;
      },
    };
    listeners[type](event);
    const answer = response === undefined ? undefined : await response;
    await Promise.all(waits);
    return answer;
  };
  return {
    self,
    version,
    install: (fields = {}) => dispatch("install", fields), // (fields: addRoutes, where a browser has it)
    activate: () => dispatch("activate"),
    fetch: (path, more = {}) =>
      dispatch("fetch", {
        request: { url: new URL(path, SCOPE).href, method: "GET", mode: "cors", ...more },
      }),
    navigate: (path, clientId) =>
      dispatch("fetch", {
        request: { url: SCOPE + path, method: "GET", mode: "navigate" },
        resultingClientId: clientId,
      }),
    message: (data, sourceId = null, ports = []) =>
      dispatch("message", { data, source: sourceId && { id: sourceId }, ports }),
  };
}

function site() {
  const s = {
    caches: new FakeCaches(),
    server: new Server(),
    pages: new Pages(),
    registration: { active: null, installing: null, waiting: null },
  };
  s.server.deploy(A);
  return s;
}

/** Build A installed and active, its page `p1` open. */
async function withA() {
  const s = site();
  const a = worker(A, s);
  s.registration.installing = a.self;
  await a.install();
  s.registration = Object.assign(s.registration, { installing: null, active: a.self });
  await a.activate();
  s.pages.ids.add("p1");
  await a.navigate("", "p1");
  return { s, a };
}

/** Build B deployed, installed and waiting. */
async function thenB(s) {
  s.server.deploy(B);
  s.server.requests = [];
  const b = worker(B, s);
  s.registration.installing = b.self;
  await b.install();
  s.registration.installing = null;
  s.registration.waiting = b.self;
  return b;
}

/** B takes over (asked to, or the last page of A closed). */
async function activate(s, b) {
  s.registration.waiting = null;
  s.registration.active = b.self;
  await b.activate();
}

async function text(response) {
  return response === undefined ? undefined : response.text();
}

test("a first install caches every file of the build and takes over at once", async () => {
  const s = site();
  const a = worker(A, s);
  await a.install();
  assert.deepEqual(s.caches.names(), [`gamut-${A}`]);
  assert.deepEqual(
    s.caches.urls(`gamut-${A}`),
    filesOf(A)
      .map(f => (f === "./" ? "" : f))
      .sort(),
  );
  assert.equal(a.self.skipped, true);
  await a.activate();
  assert.equal(a.self.claimed, true);
});

test("a new build waits, and does not download again what an older build's cache holds", async () => {
  const { s } = await withA();
  const b = await thenB(s);
  assert.equal(b.self.skipped, false, "no page is switched to the new build unasked");
  // Pyodide's files came from A's cache: only the new build's own files and the fixed names were fetched
  assert.deepEqual(s.server.requests.map(u => u.split("/")[0]).sort(), [
    "",
    "b",
    "b",
    "b",
    "b",
    "index.html",
    "manifest.webmanifest",
    "version.json",
  ]);
  assert.deepEqual(
    s.caches.urls(`gamut-${B}`),
    filesOf(B)
      .map(f => (f === "./" ? "" : f))
      .sort(),
  );
  assert.equal(
    await text(await s.caches.named.get(`gamut-${B}`).match(`${SCOPE}index.html`)),
    `<script src="b/${B}/app.js">`,
  );
  await b.message({ type: "skip-waiting" });
  assert.equal(b.self.skipped, true);
});

test("an install that gets another build's page, or misses a file, fails and leaves no cache", async () => {
  for (const spoil of ["index.html", `b/${B}/worker.js`]) {
    const { s } = await withA();
    s.server.deploy(B);
    if (spoil === "index.html") s.server.files.set("index.html", `<script src="b/${A}/app.js">`);
    else s.server.files.delete(spoil);
    const b = worker(B, s);
    s.registration.installing = b.self;
    await assert.rejects(b.install(), spoil === "index.html" ? /is not build/ : /HTTP 404/);
    assert.deepEqual(
      s.caches.names().filter(n => n !== "gamut-clients"),
      [`gamut-${A}`],
    );
  }
});

test("the worker says which build it serves", async () => {
  const s = site();
  const a = worker(A, s);
  const said = [];
  await a.message({ type: "build?" }, null, [{ postMessage: m => said.push(JSON.parse(JSON.stringify(m))) }]);
  assert.deepEqual(said, [{ type: "build", build: A }]);
});

test("every page gets its own build's files, from the cache, even after a new build took over", async () => {
  const { s, a } = await withA();
  assert.equal(await text(await a.fetch(`b/${A}/app.js`)), `b/${A}/app.js of ${A}`);
  const b = await thenB(s);
  await activate(s, b);
  s.server.requests = [];
  // the page of A still open (the host has only B's files now) and a page of B
  assert.equal(await text(await b.fetch(`b/${A}/worker.js`)), `b/${A}/worker.js of ${A}`);
  assert.equal(await text(await b.fetch(`b/${B}/worker.js`)), `b/${B}/worker.js of ${B}`);
  assert.equal(await text(await b.fetch(`${PYODIDE[0]}?x=1`)), `${PYODIDE[0]} of ${A}`);
  // a reload (a navigation) gets the new build's page
  assert.equal(await text(await b.navigate("?from=home", "p2")), `<script src="b/${B}/app.js">`);
  assert.equal(await text(await b.navigate("some/other/path", "p3")), `<script src="b/${B}/app.js">`);
  assert.deepEqual(s.server.requests, []);
  // what no cache holds comes from the network; other origins and POSTs are not touched
  assert.equal((await b.fetch("not-cached.txt")).status, 404);
  assert.equal(await b.fetch("x", { method: "POST" }), undefined);
  assert.equal(await b.fetch("../../elsewhere.js"), undefined);
  assert.equal(await b.fetch("https://cdn.example/pyodide.mjs"), undefined);
});

test("a build's caches are deleted only when no open page runs it", async () => {
  const { s } = await withA();
  await s.caches.open(`snapshot-gamut-${A}`);
  await s.caches.open("someone-else");
  s.pages.ids.add("p2");
  const a = worker(A, s); // (a restarted worker: the notes are in the cache, not in memory)
  await a.message({ type: "hello", build: A }, "p2");
  const b = await thenB(s);
  // while B waits, its cache is safe from A's tidying
  await a.message({ type: "hello", build: A }, "p2");
  assert.ok(s.caches.names().includes(`gamut-${B}`));
  await activate(s, b);
  // p1 reloads onto B: p2 still runs A
  s.pages.ids.delete("p1");
  s.pages.ids.add("p3");
  await b.navigate("", "p3");
  await b.message({ type: "hello", build: B }, "p3");
  assert.deepEqual(
    s.caches.names(),
    [`gamut-${A}`, `gamut-${B}`, "gamut-clients", `snapshot-gamut-${A}`, "someone-else"].sort(),
  );
  // p2 reloads too: A's files and its engine snapshot go, nothing else
  s.pages.ids.delete("p2");
  s.pages.ids.add("p4");
  await b.message({ type: "hello", build: B }, "p4");
  assert.deepEqual(s.caches.names(), [`gamut-${B}`, "gamut-clients", "someone-else"]);
  const notes = await (await s.caches.named.get("gamut-clients").match(SCOPE)).json();
  assert.deepEqual(notes, { p3: B, p4: B });
});

test("a new build takes over with no page open: older builds' caches go at once", async () => {
  const { s } = await withA();
  await s.caches.open("gamut-0123456789abcdef"); // an even older build's, never noted
  s.pages.ids.clear();
  const b = await thenB(s);
  await activate(s, b);
  assert.deepEqual(s.caches.names(), [`gamut-${B}`, "gamut-clients"]);
});

test("a first install caches the browser's language's files too, not the other languages'", async () => {
  const s = site();
  s.languages = ["de-AT", "de", "en"];
  const a = worker(A, s);
  await a.install();
  const cached = s.caches.urls(`gamut-${A}`);
  for (const f of languageFilesOf(A).de) assert.ok(cached.includes(f), f);
  assert.ok(!cached.some(f => f.includes(".hu.") || f.endsWith("/hu.json")), cached.join(" "));
  assert.equal(cached.length, filesOf(A).length + 3);
});

test("a page that says it shows a language gets that language's files kept", async () => {
  const { s, a } = await withA();
  const cache = `gamut-${A}`;
  assert.ok(!s.caches.urls(cache).some(f => f.includes("hu")), "an English browser caches no other language");
  await a.message({ type: "hello", build: A, lang: "xx" }, "p1"); // (no such language: nothing)
  await a.message({ type: "hello", build: B, lang: "hu" }, "p1"); // (another build's page: not these files)
  assert.ok(!s.caches.urls(cache).some(f => f.includes("hu")));
  await a.message({ type: "hello", build: A, lang: "hu" }, "p1");
  for (const f of languageFilesOf(A).hu) assert.ok(s.caches.urls(cache).includes(f), f);
  assert.ok(!s.caches.urls(cache).some(f => f.includes(".de.") || f.endsWith("/de.json")));
  // offline now: the Hungarian catalog still comes, from the cache
  s.server.files.clear();
  assert.equal(await text(await a.fetch(`b/${A}/i18n/hu.json`)), `b/${A}/i18n/hu.json of ${A}`);
});

test("a language's file the page fetches is kept for offline use; other misses are not", async () => {
  const { s, a } = await withA();
  const cache = `gamut-${A}`;
  assert.equal(await text(await a.fetch(`b/${A}/i18n/de.json`)), `b/${A}/i18n/de.json of ${A}`);
  assert.ok(s.caches.urls(cache).includes(`b/${A}/i18n/de.json`));
  s.server.files.set("other.txt", "not the build's");
  await a.fetch("other.txt");
  assert.ok(!s.caches.urls(cache).includes("other.txt"));
});

/** The cache a browser answers `url` from by `rules` (static routes: the
 * URL patterns sw.js gives, each part matched whole, `*` any text), or null
 * when the request goes to the fetch handler. */
function routedTo(rules, url) {
  const u = new URL(url);
  const whole = (pattern, value) => {
    const parts = pattern.split(/(\\.|\*)/).filter(Boolean);
    const regex = parts.map(p =>
      p === "*" ? ".*" : (p.startsWith("\\") ? p.slice(1) : p).replace(/[.^$|[\]\\?+(){}]/g, "\\$&"),
    );
    return new RegExp(`^${regex.join("")}$`).test(value);
  };
  for (const { condition, source } of rules) {
    const p = condition.urlPattern;
    if (
      whole(p.protocol, u.protocol.slice(0, -1)) &&
      whole(p.hostname, u.hostname) &&
      whole(p.port, u.port) &&
      whole(p.pathname, u.pathname) &&
      whole(p.search, u.search.slice(1))
    )
      return source.cacheName;
  }
  return null;
}

/** Install `w` in a browser with static routes; the rules it asked for. */
async function installRouted(w) {
  const asked = [];
  await w.install({ addRoutes: async rules => asked.push(...rules) });
  return asked;
}

test("the browser answers this build's code from its cache by itself (static routes), and only files the cache holds", async () => {
  const s = site();
  const a = worker(A, s);
  const rules = await installRouted(a);
  const code = f => /^(b\/[0-9a-f]+|pyodide\/[^/]+)\/.*\.(js|mjs|css|wasm|zip|whl)$/.test(f);
  const every = [...new Set([...filesOf(A), ...Object.values(languageFilesOf(A)).flat(), ...filesOf(B)])];
  const routed = every.filter(f => routedTo(rules, new URL(f, SCOPE).href));
  assert.deepEqual(
    routed.sort(),
    [...filesOf(A)].filter(f => code(f) && !f.includes(B)).sort(),
    "this build's scripts, WebAssembly and wheel; not pages, JSON, the fixed names, nor another build's files",
  );
  for (const f of routed) {
    assert.equal(routedTo(rules, new URL(f, SCOPE).href), `gamut-${A}`);
    assert.ok(s.caches.urls(`gamut-${A}`).includes(f), `${f} is routed to a cache that lacks it`);
  }
  for (const url of [SCOPE, `${SCOPE}b/${A}/app.js?x=1`, `https://other.example/games/gamut/b/${A}/app.js`])
    assert.equal(routedTo(rules, url), null, url);
  // a new build's routes name its own cache, where Pyodide's files were copied from A's
  const b = worker(B, s);
  s.server.deploy(B);
  const rulesB = await installRouted(b);
  for (const f of PYODIDE) {
    assert.equal(routedTo(rulesB, new URL(f, SCOPE).href), `gamut-${B}`);
    assert.ok(s.caches.urls(`gamut-${B}`).includes(f));
  }
  assert.equal(routedTo(rulesB, `${SCOPE}b/${A}/app.js`), null, "an older page's files: the fetch handler");
});

test("a browser that refuses the static routes still installs the build whole", async () => {
  for (const addRoutes of [
    () => {
      throw new TypeError("no such source");
    },
    async () => {
      throw new TypeError("no such source");
    },
  ]) {
    const s = site();
    const a = worker(A, s);
    await a.install({ addRoutes });
    assert.equal(s.caches.urls(`gamut-${A}`).length, filesOf(A).length);
    assert.equal(a.self.skipped, true);
  }
});
