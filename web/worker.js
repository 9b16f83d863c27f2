// The engine worker: a module Web Worker running Pyodide and the gamut wheel.
//
// Started by engine.js (`new Worker(url, {type: "module"})`; Pyodide 314
// refuses classic workers).  Everything is fetched relative to this file, so
// the site works from any sub-path and never asks a CDN for anything:
//   ./pyodide/pyodide.mjs ...   Pyodide's core files
//   ./pyodide-lock.json         our lock file (micropip and gamut, real sha256)
//   ./wheels/*.whl              the wheels it lists
//
// Messages, page -> worker:
//   {id, type: "call", method, params}   one bridge call
//   {id, type: "job", method, params}    a time-sliced job (method = job kind)
//   {type: "cancel", id}                 stop a job between two slices
// worker -> page:
//   {type: "loading", stage, fraction, message}, {type: "ready"}, {type: "failed", message}
//   {id, type: "result", result}, {id, type: "error", error: {type, message}}
//   {id, type: "progress", progress}
//
// Every call goes through gamut.bridge.handle(method, paramsJSON), which
// never raises: Python errors come back as typed errors.

import { loadPyodide } from "./pyodide/pyodide.mjs";

const SLICE_MS = 40;           // one job_step; the page gets a message between slices
const here = (path) => new URL(path, import.meta.url).href;

let handle = null;             // gamut.bridge.handle once loaded
let failure = null;            // message, once loading failed
const queue = [];              // messages that arrived before ready
const cancelled = new Set();   // job ids the page asked to stop
const running = new Set();     // job ids being sliced

function post(msg) { self.postMessage(msg); }

function loading(stage, fraction, message) {
  post({ type: "loading", stage, fraction, message });
}

async function start() {
  loading("runtime", 0.05, "Loading the Python runtime");
  const pyodide = await loadPyodide({
    indexURL: here("./pyodide/"),
    lockFileURL: here("./pyodide-lock.json"),
    packageBaseUrl: here("./wheels/"),   // also stops any CDN fallback
    packages: ["gamut"],                 // fetched while the runtime boots
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });
  loading("engine", 0.9, "Starting the game engine");
  // loadPackage failures only warn: make sure the engine really is there.
  if (pyodide.loadedPackages && !("gamut" in pyodide.loadedPackages)) {
    throw new Error("the game engine (the gamut wheel) could not be downloaded or installed");
  }
  let bridge;
  try {
    bridge = pyodide.pyimport("gamut.bridge");
  } catch (err) {
    throw new Error(`the game engine (gamut wheel) did not load: ${String(err.message || err).split("\n").slice(-2).join(" ")}`);
  }
  handle = bridge.handle;
  const version = JSON.parse(handle("version", "{}"));
  if (!version.ok) throw new Error(`the game engine does not answer: ${version.error?.message}`);
  loading("ready", 1, "Ready");
}

function answer(id, responseText) {
  let response;
  try {
    response = JSON.parse(responseText);
  } catch (err) {
    post({ id, type: "error", error: { type: "InternalError", message: "unreadable engine answer" } });
    return null;
  }
  if (response.ok) return response;
  post({ id, type: "error", error: response.error });
  return null;
}

function callBridge(method, params) {
  let text;
  try {
    text = JSON.stringify(params ?? {});
  } catch (err) {
    return JSON.stringify({ ok: false, error: { type: "RequestError", message: `params cannot be sent: ${err.message}` } });
  }
  try {
    return handle(method, text);
  } catch (err) {   // the bridge never raises; a crash of the runtime itself lands here
    return JSON.stringify({ ok: false, error: { type: "InternalError", message: String(err.message || err) } });
  }
}

// Return to the event loop so that queued messages (a cancel) are handled.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
function yieldToEventLoop() {
  return new Promise((resolve) => { waiting.push(resolve); channel.port2.postMessage(null); });
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
        post({ id, type: "error", error: { type: "CancelledError", message: "the job was cancelled" } });
        return;
      }
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
      post({ id, type: "error", error: { type: "RequestError", message: `unknown message type ${JSON.stringify(type)}` } });
    } else {
      console.warn("engine worker: ignored a message with no id");
    }
    return;
  }
  if (failure !== null) {
    post({ id, type: "error", error: { type: "EngineFailed", message: failure } });
    return;
  }
  if (typeof msg.method !== "string") {
    post({ id, type: "error", error: { type: "RequestError", message: "method must be a string" } });
    return;
  }
  if (type === "job") {
    runJob(id, msg.method, msg.params);
    return;
  }
  const response = answer(id, callBridge(msg.method, msg.params));
  if (response) post({ id, type: "result", result: response.result });
}

self.onmessage = (event) => {
  if (handle === null && failure === null) queue.push(event.data);
  else dispatch(event.data);
};

start().then(
  () => {
    post({ type: "ready" });
    while (queue.length) dispatch(queue.shift());
  },
  (err) => {
    failure = String((err && err.message) || err);
    post({ type: "failed", message: failure });
    while (queue.length) dispatch(queue.shift());
  },
);
