// Starts the engine worker at once, while the page's own modules are still
// loading (the first thing index.html runs; it imports nothing).  engine.js
// adopts the worker, with the messages and errors it sent meanwhile, in order.

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
