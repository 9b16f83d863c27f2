// The page's start and its one direction of flow:
//   events (clicks, keys, worker answers) -> actions (app/actions.js) -> the
//   game model (model/game.js) changes -> changed() here: the computer
//   (engine/computer.js) decides whether to think, the analysis follows, the
//   views needed are fetched (model/viewcache.js), and the page is drawn from
//   the model (app/draw.js).  Drawing never starts or cancels work.
// The parts are made in app/parts.js and declared in app/page.js; the pages
// over the game are routed by app/routes.js; the controls are wired in
// app/wire.js.
// <html> exposes the page's state to tools and tests: data-engine
// (loading|ready|failed), data-busy (an engine call of the page is
// running), data-revision (counts the games opened), data-boot (where the
// start stands: words | engine | seeds | opening | done).

import { t, wordsReady } from "./i18n/i18n.js"; // (first, so the catalog is fetched early)
import "./i18n/manifest-link.js"; // (the manifest in the page's language)
import { engineLinePositions } from "./model/analysis.js";
import { showNotice } from "./panels/dialogs.js";
import { actions } from "./app/actions.js";
import * as keep from "./library/keep.js";
import * as link from "./model/url.js";
import { registerOffline } from "./offline.js";
import { watchUpdates } from "./app/update.js";
import { wire } from "./app/wire.js";
import { seedFirstMoves } from "./engine/early.js";
import { $, h } from "./app/dom.js";
import { Page } from "./app/page.js";
import { makeParts } from "./app/parts.js";
import { draw, drawBoardShape } from "./app/draw.js";
import { buildPicker } from "./app/menus.js";
import { levelsOf } from "./engine/levels.js";

const root = document.documentElement;
const initial = (() => {
  try {
    return JSON.parse($("initial").textContent);
  } catch {
    return { games: [], views: {}, starts: {} };
  }
})();

const page = new Page({
  games: initial.games || [],
  changed: () => changed(),
  schedule: () => schedule(),
  buildPicker: current => buildPicker(page, current),
});

// -- after every change of the model: save, fetch what is needed, draw -------------
function changed() {
  const m = page.model;
  if (!m) return;
  page.clocks.sync(); // (the clock follows the game; a flag ends it)
  page.keeper.changed(m);
  page.computer.sync();
  page.announcer.changed(m);
  page.analyser.sync();
  // (and where the engine's line at a marked move goes: it is numbered on the board)
  const need = [m.viewed, m.head, ...engineLinePositions(page.analyser.result(), m.viewed)];
  for (const line of need) {
    if (!page.positions.get(m.start, line)) {
      page.busy(() => page.positions.view(m.start, line).then(() => schedule()));
    }
  }
  schedule();
}

let scheduled = false;
function schedule() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    draw(page);
  });
}

// -- boot ---------------------------------------------------------------------------
function boot() {
  root.dataset.busy = "no";
  actions.init(page);
  makeParts(page, initial, schedule);
  // the board at once, from the start views the build inlined
  const planned = plannedGame();
  page.startPanel.prepare(planned);
  const placeholder = initial.views && planned && initial.views[planned];
  if (placeholder) {
    page.settings.draw(page.board, null, placeholder);
    page.board.show({ ...placeholder, ply: 0 });
    drawBoardShape();
    root.dataset.board = "drawn";
  }
  page.buildPicker(planned);
  wire(page, actions);
  startEngine(planned);
}

function plannedGame() {
  try {
    const parsed = link.parse(location.hash);
    if (parsed && page.info(parsed.game)) return parsed.game;
  } catch {
    /* explained when the engine is ready */
  }
  const id = keep.lastGameKind();
  return page.info(id) ? id : page.firstGame();
}

/** Open the game at once (a game the build describes opens and takes its
 * first move before the engine is ready; any other opens when the engine
 * answers), and start the engine. */
function startEngine(planned) {
  root.dataset.engine = "loading";
  const engine = page.engine;
  page.planned = planned;
  const seeded = seedFirstMoves(
    page.positions,
    initial,
    planned,
    new URL(`./first-moves/${planned}.json`, import.meta.url),
  );
  const gamesKnown = page.games.length
    ? seeded
    : engine.ready.then(async () => {
        page.games = (await engine.initial()).games;
      });
  const opened = gamesKnown.then(() => actions.openFromURL({ boot: true }));
  engine.onsnapshot = () => root.setAttribute("data-snapshot", "kept"); // (the next visit starts from it)
  engine.onrestart = () => showNotice(t("engine.restarted"), { kind: "error" });
  engine.onloading = ({ stage, fraction, message }) => {
    $("loading-message").textContent = message || stage || t("loading.loading");
    const bar = $("loading-bar");
    if (typeof fraction === "number" && Number.isFinite(fraction))
      bar.value = Math.max(0, Math.min(1, fraction));
    else bar.removeAttribute("value");
  };
  registerOffline({ after: engine.ready.catch(() => {}) }).then(registration =>
    watchUpdates(registration, { beforeReload: () => page.keeper.flush() }),
  );
  const slow = setTimeout(() => {
    if (!page.ready) $("loading-message").textContent = t("loading.slow");
  }, 60000);
  root.dataset.boot = "engine"; // (where the start stands, for tools and tests: engine | seeds | opening | done)
  engine.ready
    .then(async () => {
      clearTimeout(slow);
      root.dataset.boot = "seeds";
      await page.positions.confirmSeeds();
      root.dataset.boot = "opening";
      await opened;
      root.dataset.boot = "done";
      page.ready = true;
      page.computer.enable();
      actions.chosenWhileLoading(); // (a new game or a game's tab chosen while the engine loaded)
      $("loading").hidden = true;
      root.dataset.engine = "ready";
      root.dataset.engineStart = engine.startedFrom ?? ""; // (tests and benches read the start path)
      schedule();
      // each game's own levels, for the players' menus (#31), drawn once known
      for (const g of page.games) levelsOf(page.engine, g.id).then(schedule, () => {});
    })
    .catch(err => {
      clearTimeout(slow);
      engineFailed(err);
    });
}

function engineFailed(err) {
  page.ready = false;
  root.dataset.engine = "failed";
  const box = $("loading");
  box.hidden = false;
  box.classList.add("failed");
  box.setAttribute("role", "alert");
  box.replaceChildren(
    h("p", { class: "failed-title" }, t("engine.failed")),
    h("p", { id: "failed-message" }, (err && err.message) || String(err)),
    h("p", {}, t("engine.failed.more")),
    h("button", { type: "button", onclick: () => location.reload() }, t("common.reload")),
  );
  draw(page);
}

root.dataset.boot = "words"; // (the page's modules run: start.js's watch ends)
// (i18n hook, #33: the words of the player's language before the first one is drawn; a study's link: start.js hands it to its viewer)
if (!location.hash.startsWith("#study/")) wordsReady.then(boot);
