// Positions the build describes, so that a game opens and its first move is
// played before the engine has started (a first visit takes seconds).
//
// The page inlines each game's default start (its text and view); build.py
// writes first-moves/<game>.json beside this module: that start and the view
// after each of its legal moves, each written as what it changes of the
// start's view (build.py view_delta).  These views are the engine's own,
// computed by the build from the same wheel the worker loads; once the engine
// is ready every one of them that was used is asked again (viewcache.js
// confirmSeeds), so nothing rests on them for longer than the start.
// No browser API here but fetch (tests/js/early.test.mjs runs it in Node).

/** A view written by build.py ``view_delta`` against `parent`, read back. */
export function expand(parent, delta) {
  const view = { ...parent };
  for (const key of delta.$gone || []) delete view[key];
  const refs = new Set(delta.$refs || []);
  for (const [key, value] of Object.entries(delta)) {
    if (key.startsWith("$")) continue;
    if (!refs.has(key)) {
      view[key] = value;
      continue;
    }
    const from = parent[key] || [];
    view[key] = value.map(item => {
      if (typeof item !== "number") return item;
      if (!Number.isInteger(item) || item < 0 || item >= from.length)
        throw new RangeError(`${key}: no item ${item} in the start's view`);
      return from[item];
    });
  }
  return view;
}

/** The start text and view of a fresh game the build describes: the game's
 * default start, when `settings` ({variant, options}) ask for no other; else null. */
export function builtStart(initial, gameId, settings = {}) {
  const start = initial && initial.starts && initial.starts[gameId];
  const view = initial && initial.views && initial.views[gameId];
  if (!start || !view) return null;
  if (settings.variant && settings.variant !== view.variant) return null;
  const given = settings.options && typeof settings.options === "object" ? settings.options : {};
  const own = view.options || {};
  for (const [name, value] of Object.entries(given)) {
    if (!(name in own) || String(own[name]) !== String(value)) return null;
  }
  return { start, view: { ...view, ply: 0 } };
}

/** Read a game's first-moves file (`url`) into `positions` (seeded views of
 * the start and of every position one move later).  Resolves to the number
 * of views seeded; a missing or unreadable file seeds nothing (the engine
 * answers instead, a moment later). */
export async function seedFirstMoves(positions, initial, gameId, url, fetcher = globalThis.fetch) {
  const built = builtStart(initial, gameId);
  if (!built || positions.seededFor(built.start)) return 0;
  let data;
  try {
    const response = await fetcher(url);
    if (!response.ok) return 0;
    data = await response.json();
  } catch {
    return 0;
  }
  if (!data || data.start !== built.start || !data.views || typeof data.views !== "object") return 0;
  const views = [];
  try {
    for (const [move, delta] of Object.entries(data.views)) {
      views.push([move, { ...expand(built.view, delta), ply: 1 }]);
    }
  } catch {
    return 0; // a damaged file: nothing from it is used
  }
  positions.seed(built.start, built.view, views);
  return views.length;
}
