// The engine worker: a module Web Worker running Pyodide and the gamut wheel.
//
// Started by engine.js (`new Worker(url, {type: "module"})`; Pyodide 314
// refuses classic workers).  Everything is fetched relative to this file (in
// the build's folder, b/<version>/), so the site works from any sub-path and
// never asks a CDN for anything, and a worker never loads another build's files:
//   PYODIDE/pyodide.mjs ...     Pyodide's core files, shared by the builds that pin
//                               its version (build.py writes the way there below)
//   ./pyodide-lock.json         our lock file (gamut, its real sha256)
//   ./wheels/gamut-*.whl        our engine, checked against the lock file's sha256 and
//                               imported from where it lies (a zip on sys.path)
// and, from the second visit on, a memory snapshot from the Cache API (below).
//
// Messages, page -> worker:
//   {id, type: "call", method, params}   one bridge call
//   {id, type: "job", method, params}    a time-sliced job (method = job kind)
//   {type: "cancel", id}                 stop a job between two slices
//   {type: "ping"}                       answered {type: "pong"} (engine.js's heartbeat)
// worker -> page:
//   {type: "loading", stage, fraction, message, marks}, {type: "ready", marks},
//   {type: "snapshot", marks}   (this visit's snapshot is kept: the next visit starts from it)
//   {type: "failed", message}   (marks: the start-up timeline, see mark())
//   {id, type: "result", result}, {id, type: "error", error: {type, message}}
//   {id, type: "progress", progress}
//   {type: "fatal", id, message}   Pyodide broke answering request `id`: the page
//                                  starts a new worker (engine.js); this one refuses the rest
//
// Every call goes through gamut.bridge.handle(method, paramsJSON), which
// never raises: Python errors come back as typed errors.

const SLICE_MS = 40; // one job_step; the page gets a message between slices
const here = path => new URL(path, import.meta.url).href;
const PYODIDE = "__GAMUT_PYODIDE__"; // Pyodide's folder, relative to this file (build.py)
const pyodideModule = import(here(`${PYODIDE}pyodide.mjs`));
pyodideModule.catch(() => {}); // awaited in start()

let handle = null; // gamut.bridge.handle once loaded
let failure = null; // what went wrong (a message, see said()), once loading failed
const queue = []; // messages that arrived before ready
const cancelled = new Set(); // job ids the page asked to stop
const running = new Set(); // job ids being sliced

function post(msg) {
  self.postMessage(msg);
}

// The worker has no catalog: what it says to a player (a loading stage, why
// the engine could not start) it says as a message of the page's catalogs,
// `{id, args}` (the ids `worker.*`), which the page puts in its language
// (engine.js, with web/engine/words.js).  An error's `message` is then the
// id, for the console; the page reads `said`.
const said = (id, args = {}) => ({ id, args });

/** An error of the worker's start, said as a message of the catalogs. */
class WorkerFailure extends Error {
  constructor(message) {
    super(message.id);
    this.said = message;
  }
}

/** Why `err` happened, as a message's argument: its message, else its text. */
const why = err => err?.said ?? String(err?.message || err).split("\n")[0];

// Start-up marks, each [name, epoch ms] (performance.timeOrigin + now(), so
// the page can put them on its own clock); sent with every "loading" message
// and with "ready" (bench/bench_site.py reads them).
const marks = [];
function mark(name) {
  marks.push([name, performance.timeOrigin + performance.now()]);
}
mark("worker-start");

// Time the WebAssembly compile + instantiate inside loadPyodide (only timed).
const nativeInstantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async function (...args) {
  mark("wasm-start");
  try {
    return await nativeInstantiateStreaming.apply(this, args);
  } finally {
    mark("wasm-done");
  }
};

/** A stage of the start ("runtime", "engine", "ready"; the page words it as `worker.<stage>`). */
function loading(stage, fraction) {
  mark(`stage-${stage}`);
  post({ type: "loading", stage, fraction, marks: marks.slice() });
}

// Memory snapshots (issue 21).  A start from scratch spends seconds booting
// CPython and importing gamut; a start from a snapshot (Pyodide's
// `_loadSnapshot`: the WebAssembly heap saved just after every gamut module
// was imported) skips both.  The first visit starts from scratch, is ready
// once gamut.bridge is imported, and when it is next idle (no job running,
// no message for SNAPSHOT_IDLE_MS) imports all of gamut, saves the heap and
// keeps it in the Cache API (issue #32: not before ready, which it delayed
// by 0.3-1 s); later visits start from it.  A snapshot belongs to one build:
// it is kept in the cache "snapshot-gamut-<BUILD>" (BUILD is the build's
// version, written here by build.py; sw.js deletes another build's caches
// once no page uses it) under a key that also holds the hash of the lock
// file this worker loads (the wheel's sha256), and Pyodide itself refuses a
// heap from another runtime build.  Anything wrong with a snapshot (missing, another key,
// refused) means a start from scratch, never a failure.
const BUILD = "__GAMUT_VERSION__";
const SNAPSHOTS = BUILD.startsWith("__") ? null : `snapshot-gamut-${BUILD}`;
const SNAPSHOT_URL = here("./engine-snapshot.bin"); // a cache key only, never fetched
const SNAPSHOT_IDLE_MS = 300;
// Where the wheel is written in Pyodide's file system: a zip on sys.path, its
// modules imported in place (zipimport; the build byte-compiled those that
// gamut.bridge imports, tools/build/wheel_compile.py).  No unpacking.
const WHEEL_PATH = "/lib/gamut.whl";
let runtime = null; // the Pyodide instance
let snapshotDue = null; // {key}: this visit saves the snapshot when idle
let idleTimer = null;

// Every module of gamut imported and every data file it reads at run time
// (the puzzles, the lessons) kept in memory before the heap is saved: a start
// from a snapshot has no wheel in its file system to read from (nor time to
// import), only the heap (gamut.resources says how).
const PREPARE_SNAPSHOT = "import gamut.resources; gamut.resources.prepare_snapshot()"; // i18n: not words (Python)

async function sha256(data) {
  // a string or bytes -> hex
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), b => b.toString(16).padStart(2, "0")).join("");
}

async function findSnapshot(key) {
  if (!SNAPSHOTS || !self.caches) return null;
  try {
    const cache = await caches.open(SNAPSHOTS);
    const response = await cache.match(SNAPSHOT_URL);
    if (!response) return null;
    if (response.headers.get("x-gamut-snapshot") !== key) {
      await cache.delete(SNAPSHOT_URL);
      return null;
    }
    return new Uint8Array(await response.arrayBuffer());
  } catch (err) {
    console.warn(`engine worker: no start from a snapshot (${err.message || err})`);
    return null;
  }
}

async function keepSnapshot(key, bytes) {
  try {
    // other builds' snapshots that the service worker does not look after (no
    // cache of that build's files): a page of it may still be open otherwise
    const names = await caches.keys();
    for (const name of names) {
      if (name.startsWith("snapshot-gamut-") && name !== SNAPSHOTS && !names.includes(name.slice(9))) {
        await caches.delete(name);
      }
    }
    const cache = await caches.open(SNAPSHOTS);
    await cache.put(
      SNAPSHOT_URL,
      new Response(bytes, {
        headers: { "content-type": "application/octet-stream", "x-gamut-snapshot": key },
      }),
    );
    mark("snapshot-kept");
    post({ type: "snapshot", marks: marks.slice() });
  } catch (err) {
    console.warn(`engine worker: the snapshot was not kept (${err.message || err})`);
  }
}

async function forgetSnapshot() {
  try {
    await (await caches.open(SNAPSHOTS)).delete(SNAPSHOT_URL);
  } catch {
    /* nothing kept */
  }
}

// The first visit's snapshot, once the worker is idle: every gamut module
// imported (the ones gamut.bridge did not), the heap saved, kept in the
// background.  The heap then also holds what the page asked so far (the
// bridge's caches); nothing of it names this page (random is seeded anew on
// every start from a snapshot).
function snapshotWhenIdle() {
  if (!snapshotDue) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(saveSnapshot, SNAPSHOT_IDLE_MS);
}

function saveSnapshot() {
  if (running.size) {
    snapshotWhenIdle(); // (a job is being sliced: later)
    return;
  }
  const { key } = snapshotDue;
  snapshotDue = null;
  self.removeEventListener("message", snapshotWhenIdle);
  let bytes = null;
  try {
    runtime.runPython(PREPARE_SNAPSHOT);
    mark("imported-all");
    bytes = runtime.makeMemorySnapshot();
    mark("snapshot-made");
  } catch (err) {
    console.warn(`engine worker: no snapshot (${err.message || err})`);
  }
  if (bytes) keepSnapshot(key, bytes);
}

// Pyodide 314 sizes a snapshot's heap with INITIAL_MEMORY, which its
// WebAssembly module (exporting its own memory) ignores: the heap saved after
// our imports is larger than a new one, and the copy fails ("offset is out of
// bounds").  So the module is created through this wrapper, which grows the
// memory to the snapshot's size before Pyodide copies the heap in.
async function growingModule() {
  const { default: create } = await import(here(`${PYODIDE}pyodide.asm.mjs`));
  return settings => {
    const size = settings.INITIAL_MEMORY;
    settings.preRun = [
      ...(settings.preRun ?? []),
      module => {
        module.growMemory(size);
      },
    ];
    return create(settings);
  };
}

function options(lockText, more) {
  return {
    indexURL: here(PYODIDE),
    lockFileContents: lockText,
    packageBaseUrl: here("./wheels/"), // also stops any CDN fallback
    fsInit: async () => {
      mark("fs-init");
    },
    stdout: line => console.log(line),
    stderr: line => console.warn(line),
    ...more,
  };
}

async function start() {
  loading("runtime", 0.05);
  const { loadPyodide } = await pyodideModule;
  const lockResponse = await fetch(here("./pyodide-lock.json"));
  if (!lockResponse.ok) throw new WorkerFailure(said("worker.lockFile", { status: lockResponse.status }));
  const lockText = await lockResponse.text();
  const key = SNAPSHOTS ? `${BUILD} ${await sha256(lockText)}` : null;
  const snapshot = key ? await findSnapshot(key) : null;
  mark(snapshot ? "snapshot-found" : "no-snapshot");
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await loadPyodide(
        options(lockText, {
          _loadSnapshot: snapshot,
          createPyodideModule: await growingModule(),
        }),
      );
      // the heap holds the random state of the visit that saved it
      pyodide.runPython("import random; random.seed()"); // i18n: not words (Python)
      mark("snapshot-restored");
    } catch (err) {
      console.warn(`engine worker: the snapshot was refused, starting from scratch (${err.message || err})`);
      pyodide = null;
      await forgetSnapshot();
    }
  }
  const making = !pyodide && key !== null && !!self.caches;
  if (!pyodide) {
    // Our wheel, fetched while the runtime boots and checked against the lock
    // file's sha256, then put on sys.path.  (Not loadPyodide's `packages`: a
    // heap with a package loaded that way cannot be saved.)
    const entry = JSON.parse(lockText).packages?.gamut;
    const wheel = (async () => {
      const response = await fetch(new URL(entry.file_name, here("./wheels/")));
      if (!response.ok) throw new WorkerFailure(said("worker.http", { status: response.status }));
      const bytes = await response.arrayBuffer();
      if ((await sha256(bytes)) !== entry.sha256) throw new WorkerFailure(said("worker.wheelHash"));
      return bytes;
    })();
    wheel.catch(() => {}); // awaited below
    pyodide = await loadPyodide(options(lockText, { _makeSnapshot: making }));
    mark("runtime-up");
    try {
      pyodide.FS.writeFile(WHEEL_PATH, new Uint8Array(await wheel));
      pyodide.runPython(`import sys; sys.path.insert(0, "${WHEEL_PATH}")`); // i18n: not words (Python)
    } catch (err) {
      throw new WorkerFailure(said("worker.wheel", { why: why(err) }));
    }
    mark("wheel-loaded");
  }
  loading("engine", 0.9);
  let bridge;
  try {
    bridge = pyodide.pyimport("gamut.bridge");
  } catch (err) {
    const lines = String(err.message || err).split("\n");
    throw new WorkerFailure(said("worker.import", { why: lines.slice(-2).join(" ") }));
  }
  if (making) {
    runtime = pyodide;
    snapshotDue = { key };
    mark("snapshot-due");
    self.addEventListener("message", snapshotWhenIdle); // (each message puts it off)
    snapshotWhenIdle();
  }
  mark("imported");
  handle = bridge.handle;
  const version = JSON.parse(handle("version", "{}"));
  if (!version.ok) throw new WorkerFailure(said("worker.noAnswer", { why: String(version.error?.message) }));
  loading("ready", 1);
}

function answer(id, responseText) {
  let response;
  try {
    response = JSON.parse(responseText);
  } catch {
    const unreadable = said("worker.unreadable");
    post({ id, type: "error", error: { type: "InternalError", message: unreadable.id, said: unreadable } });
    return null;
  }
  if (response.ok) return response;
  post({ id, type: "error", error: response.error });
  return null;
}

let current = null; // the id of the request being answered (named in a fatal error)

function callBridge(method, params) {
  let text;
  try {
    text = JSON.stringify(params ?? {});
  } catch (err) {
    const unsent = said("worker.params", { why: why(err) });
    return JSON.stringify({ ok: false, error: { type: "RequestError", message: unsent.id, said: unsent } });
  }
  try {
    return handle(method, text);
  } catch (err) {
    // the bridge never raises; a crash of the runtime itself lands here
    if (err && (err.pyodide_fatal_error || /fatal error/i.test(String(err.message)))) {
      // Pyodide cannot go on: refuse what follows, and ask the page for a new worker
      failure = said("worker.fatal", { why: why(err) });
      post({ type: "fatal", id: current, message: failure.id, said: failure });
    }
    return JSON.stringify({
      ok: false,
      error: { type: "InternalError", message: String(err.message || err) },
    });
  }
}

// Return to the event loop so that queued messages (a cancel) are handled.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
function yieldToEventLoop() {
  return new Promise(resolve => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

async function runJob(id, kind, params) {
  const started = answer(id, callBridge("job_start", { ...(params ?? {}), kind }));
  if (!started) return;
  const job = started.result;
  running.add(id);
  try {
    for (;;) {
      if (cancelled.has(id)) {
        callBridge("job_cancel", { job });
        const stopped = said("worker.cancelled");
        post({ id, type: "error", error: { type: "CancelledError", message: stopped.id, said: stopped } });
        return;
      }
      current = id;
      const step = answer(id, callBridge("job_step", { job, budget_ms: SLICE_MS }));
      if (!step) return;
      if (step.result.done) {
        post({ id, type: "result", result: step.result.result });
        return;
      }
      post({ id, type: "progress", progress: step.result.progress });
      await yieldToEventLoop();
    }
  } finally {
    running.delete(id);
    cancelled.delete(id);
  }
}

function dispatch(msg) {
  if (msg === null || typeof msg !== "object") {
    console.warn("engine worker: ignored a message that is not an object");
    return;
  }
  const { id, type } = msg;
  if (type === "cancel") {
    if (running.has(id)) cancelled.add(id);
    return;
  }
  if (type !== "call" && type !== "job") {
    if (id !== undefined) {
      const unknown = said("worker.unknownType", { type: JSON.stringify(type) });
      post({ id, type: "error", error: { type: "RequestError", message: unknown.id, said: unknown } });
    } else {
      console.warn("engine worker: ignored a message with no id");
    }
    return;
  }
  if (failure !== null) {
    post({ id, type: "error", error: { type: "EngineFailed", message: failure.id, said: failure } });
    return;
  }
  if (typeof msg.method !== "string") {
    const noMethod = said("worker.noMethod");
    post({ id, type: "error", error: { type: "RequestError", message: noMethod.id, said: noMethod } });
    return;
  }
  current = id;
  if (type === "job") {
    runJob(id, msg.method, msg.params);
    return;
  }
  const response = answer(id, callBridge(msg.method, msg.params));
  if (response) post({ id, type: "result", result: response.result });
}

self.onmessage = event => {
  if (event.data?.type === "ping") {
    post({ type: "pong" }); // (the page's heartbeat: this worker lives; engine.js)
    return;
  }
  if (handle === null && failure === null) queue.push(event.data);
  else dispatch(event.data);
};

start().then(
  () => {
    mark("ready");
    post({ type: "ready", marks });
    while (queue.length) dispatch(queue.shift());
  },
  err => {
    failure = err?.said ?? said("worker.failed", { why: why(err) });
    post({ type: "failed", message: failure.id, said: failure });
    while (queue.length) dispatch(queue.shift());
  },
);
