// The page's small stores in localStorage (and this tab's in sessionStorage),
// one way for every module that keeps one: the storage itself, or null
// where the browser refuses it (privacy modes and sandboxed frames throw on
// the mere read), and JSON read and written so that a refusal, a full disk
// or garbage is never an exception: a read gives null, a write false.
// Each store keeps its own key, version and what it does with garbage
// (settings, the clocks, the open game's copy); the player's records live
// in IndexedDB (store/db.js: the lessons, progress and mistakes kept here
// before its version 5 are moved there).

/** The browser's `kind` storage ("localStorage" or "sessionStorage"), or null where the page may not use it.
 * @param {"localStorage" | "sessionStorage"} [kind] @returns {Storage | null} */
export function webStorage(kind = "localStorage") {
  try {
    return globalThis[kind] || null;
  } catch {
    return null;
  }
}

/** The value kept as JSON under `key`, or null (nothing there, unreadable, or storage refused). */
export function readJSON(key, storage = webStorage()) {
  try {
    const raw = storage?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

/** Keep `value` as JSON under `key`; whether it was kept (storage refused or full: false). */
export function writeJSON(key, value, storage = webStorage()) {
  try {
    if (!storage) return false;
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}
