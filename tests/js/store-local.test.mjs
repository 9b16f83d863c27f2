// The one localStorage helper (web/store/local.js): a refusal, a full disk or garbage is never an exception.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readJSON, webStorage, writeJSON } from "../../web/store/local.js";

function memory({ full = false } = {}) {
  const items = new Map();
  return {
    items,
    getItem: k => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => {
      if (full) throw new DOMException("the quota is exceeded", "QuotaExceededError");
      items.set(k, String(v));
    },
    removeItem: k => items.delete(k),
  };
}

test("JSON kept under a key is read back; nothing, garbage or a refused read is null", () => {
  const s = memory();
  assert.equal(writeJSON("k", { a: [1, 2] }, s), true);
  assert.deepEqual(readJSON("k", s), { a: [1, 2] });
  assert.equal(readJSON("none", s), null);
  s.items.set("bad", "{not json");
  assert.equal(readJSON("bad", s), null);
  const refusing = {
    getItem: () => {
      throw new DOMException("denied", "SecurityError");
    },
  };
  assert.equal(readJSON("k", /** @type {any} */ (refusing)), null);
  assert.equal(readJSON("k", null), null);
});

test("a write to a full or missing storage says false and throws nothing", () => {
  assert.equal(writeJSON("k", 1, memory({ full: true })), false);
  assert.equal(writeJSON("k", 1, null), false);
});

test("a browser that refuses storage on the mere read gives no storage, not an exception", () => {
  const had = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
  Object.defineProperty(globalThis, "localStorage", {
    configurable: true,
    get() {
      throw new DOMException("denied", "SecurityError");
    },
  });
  try {
    assert.equal(webStorage(), null);
    assert.equal(readJSON("k"), null);
    assert.equal(writeJSON("k", 1), false);
  } finally {
    if (had) Object.defineProperty(globalThis, "localStorage", had);
    else delete globalThis.localStorage;
  }
  const s = memory();
  globalThis.sessionStorage = /** @type {any} */ (s);
  try {
    assert.equal(webStorage("sessionStorage"), s);
  } finally {
    delete globalThis.sessionStorage;
  }
});
