// Tests of web/settings/settings.js: the remembered preferences read,
// written and validated (anything unreadable falls back to the defaults,
// field by field, never throws), and the board's orientation.
import test from "node:test";
import assert from "node:assert/strict";
import {
  DEFAULTS,
  KEY,
  VERSION,
  Settings,
  orientation,
  readSettings,
  validate,
  writeSettings,
} from "../../web/settings/settings.js";
import { darkCondition, resolveScheme } from "../../web/settings/scheme.js";

/** A localStorage stand-in (optionally one that refuses to write or read). */
function memoryStorage(initial = {}, { refuse = false, throwOnRead = false } = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: k => {
      if (throwOnRead) throw new Error("SecurityError");
      return map.has(k) ? map.get(k) : null;
    },
    setItem: (k, v) => {
      if (refuse) throw new Error("QuotaExceededError");
      map.set(k, String(v));
    },
  };
}

const defaults = () => ({ ...DEFAULTS, themes: {} });

test("nothing stored, or storage unavailable: the defaults (sound on, coordinates on, system scheme)", () => {
  assert.deepEqual(readSettings(memoryStorage()), defaults());
  assert.deepEqual(readSettings(null), defaults());
  assert.deepEqual(readSettings(memoryStorage({}, { throwOnRead: true })), defaults());
  assert.equal(DEFAULTS.sound, true);
  assert.equal(DEFAULTS.coordinates, true);
  assert.equal(DEFAULTS.scheme, "system");
});

test("corrupt JSON, a foreign value or another version: the defaults, never a throw", () => {
  for (const text of [
    "{",
    "null",
    "42",
    '"dark"',
    "[]",
    "[true]",
    '{"sound":false}',
    '{"v":2,"sound":false}',
  ]) {
    assert.deepEqual(readSettings(memoryStorage({ [KEY]: text })), defaults(), text);
  }
});

test("written, then read back the same", () => {
  const storage = memoryStorage();
  const prefs = {
    ...defaults(),
    sound: false,
    flip: true,
    toMoveAtBottom: true,
    coordinates: false,
    scheme: "dark",
    themes: { loa: "ocean", el: "mint" },
  };
  assert.ok(writeSettings(storage, prefs));
  assert.equal(JSON.parse(storage.map.get(KEY)).v, VERSION);
  assert.deepEqual(readSettings(storage), prefs);
});

test("wrong types and unknown keys: each such field falls back, the others are kept", () => {
  const got = validate({
    v: VERSION,
    sound: "no",
    flip: true,
    coordinates: 0,
    scheme: "sepia",
    toMoveAtBottom: null,
    themes: { loa: "ocean", el: 7, "bad key!": "x", evl: "<script>" },
    colour: "red",
  });
  assert.deepEqual(got, { ...defaults(), flip: true, themes: { loa: "ocean" } });
  assert.ok(!("colour" in got));
  assert.deepEqual(validate({ v: VERSION, themes: ["ocean"] }).themes, {});
});

test("a storage that refuses to write: the change still holds for this visit", () => {
  const settings = new Settings({ storage: memoryStorage({}, { refuse: true }) });
  settings.set({ sound: false });
  assert.equal(settings.prefs.sound, false);
});

test("Settings: set() stores, tells the listeners, refuses a wrong type", () => {
  const storage = memoryStorage();
  const settings = new Settings({ storage });
  const heard = [];
  settings.listen(prefs => heard.push(prefs));
  settings.set({ coordinates: false });
  settings.setTheme("loa", "green");
  settings.set({ scheme: "blue" }); // refused: keeps "system"
  settings.set({ flip: "yes" }); // refused
  assert.equal(heard.length, 4);
  assert.deepEqual(heard.at(-1), { ...defaults(), coordinates: false, themes: { loa: "green" } });
  assert.equal(settings.themeOf("loa"), "green");
  assert.equal(settings.themeOf("el"), null);
  // another visit reads them back
  assert.deepEqual(new Settings({ storage }).prefs, settings.prefs);
});

test("orientation: the human's seat at the bottom against the computer or a friend far away", () => {
  const prefs = defaults();
  assert.equal(orientation(prefs, ["h", "c:strong"], 0), false);
  assert.equal(orientation(prefs, ["c:strong", "h"], 0), true);
  assert.equal(orientation(prefs, ["c:strong", "h"], 1), true, "whoever is to move");
  assert.equal(orientation(prefs, ["r", "h"], 0), true);
  assert.equal(orientation(prefs, ["h", "r"], 1), false);
  // the player's flip turns it round
  assert.equal(orientation({ ...prefs, flip: true }, ["c:strong", "h"], 0), false);
  assert.equal(orientation({ ...prefs, flip: true }, ["h", "c:strong"], 0), true);
});

test("orientation: two players on one screen, the side to move at the bottom when asked", () => {
  const prefs = defaults();
  assert.equal(orientation(prefs, ["h", "h"], 1), false, "not asked: as dealt");
  const turning = { ...prefs, toMoveAtBottom: true };
  assert.equal(orientation(turning, ["h", "h"], 0), false);
  assert.equal(orientation(turning, ["h", "h"], 1), true);
  assert.equal(orientation({ ...turning, flip: true }, ["h", "h"], 1), false);
  // against the computer the human stays at the bottom whatever the option
  assert.equal(orientation(turning, ["c:casual", "h"], 0), true);
  // the computer against itself, or more than two seats: only the flip
  assert.equal(orientation(turning, ["c:casual", "c:strong"], 1), false);
  assert.equal(orientation(turning, ["h", "h", "h"], 1), false);
  assert.equal(orientation({ ...turning, flip: true }, ["h", "h", "h"], 1), true);
  assert.equal(orientation(prefs, [], 0), false);
});

test("the colour scheme: the choice, or the system's for 'system'; the dark palette's condition", () => {
  assert.equal(resolveScheme("system", true), "dark");
  assert.equal(resolveScheme("system", false), "light");
  assert.equal(resolveScheme("light", true), "light");
  assert.equal(resolveScheme("dark", false), "dark");
  assert.equal(darkCondition("system"), "(prefers-color-scheme: dark)");
  assert.equal(darkCondition("dark"), "all");
  assert.equal(darkCondition("light"), "not all");
});
