// What the player's actions do to the games: open one (new, switched to,
// from a link, from the library, from the position editor), export and
// import records, send a game by link.  Part of the page's actions
// (actions.js spreads these in and calls initOpening first): each checks
// with the engine where needed, then puts a model on screen.  Nothing here
// draws.

import * as open from "../library/open.js";
import * as keep from "../library/keep.js";
import * as library from "../library/library.js";
import * as link from "../model/url.js";
import * as records from "../library/records.js";
import { nextTask } from "../library/slices.js";
import { clause, copyLink, explainNewGame, hideNotice, setExplain, showNotice } from "../panels/dialogs.js";
import { rulesLinkGame } from "../rules/rulespage.js";
import { editLink } from "../editor/setupedit.js";
import { Clock } from "../model/clock.js"; // (clock hook, #29)
import { closeOthers, overPages, routeOf } from "./routes.js";
import { language, t } from "../i18n/i18n.js";

let page = null; // the Page (app/page.js)
let actions = null; // every action (actions.js), for those that lead to another
/** @type {import("./routes.js").Route[]} */
let routes = []; // the pages over the game (routes.js)
/** @type {AbortController | null} */
let importing = null; // the import running (its Cancel aborts it)
let openings = 0; // openFromURL calls begun: a link opened while another is still opening wins

/** The game opened at a start is on screen once the page has drawn it (a frame later): its opening is done. */
function openingDoneWhenDrawn() {
  const done = () => keep.markOpening(null);
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(done, 0));
  else done();
}

const linkProblem = msg => t("open.linkProblem", { why: clause(msg) });
const saveProblem = msg => t("open.saveProblem", { why: clause(msg) });

/** Give these actions the page and the whole set of actions (called by actions.init). */
export function initOpening(thePage, allActions) {
  page = thePage;
  actions = allActions;
  routes = overPages(page, actions);
}

export const openingActions = {
  // -- games ------------------------------------------------------------------------
  /** The New game dialog (it can be filled in while the engine loads). */
  newDialog(gameId) {
    page.dialog.open(gameId || (page.model ? page.model.meta.game : page.planned || page.firstGame()));
  },

  /** The start panel's Start: the game now, or as soon as the engine is ready. */
  startChosen(choice) {
    return actions.startNew(choice);
  },

  /** The start panel closed: the game on the board is played by two on this screen. */
  closeStart() {
    page.welcome = false;
    page.queuedStart = null;
    page.startPanel.setHidden(true); // (at once: what was under it can take the focus)
    if (page.model) page.model._changed("players");
  },

  /** A new game as chosen (before the engine is ready: kept, and started once it is). */
  startNew(choice) {
    if (!choice.game) return;
    if (!page.ready) {
      page.queuedStart = choice;
      if (!page.welcome) setExplain(t("open.startsWhenReady"), "info"); // (else the start panel says it)
      if (page.model) page.model._changed("players"); // (the start panel says it waits)
      return;
    }
    page.queuedStart = null;
    page.welcome = false;
    return page.busy(async () => {
      const model = await open.fresh(page.engine, page.positions, choice.game, choice);
      if (choice.clock) model.clock = Clock.create(choice.clock, model.players.length); // (clock hook, #29)
      hideNotice();
      setExplain("");
      actions.replace(model);
      if (choice.live) page.live.host(model, Math.max(0, model.players.indexOf("h"))); // (#46: the invitation)
      queueMicrotask(() => page.toBoard()); // (once drawn: the start panel gone, the board in its place)
    });
  },

  /** What the player chose while the engine loaded, once it is ready: a new
   * game (the start panel's Start), else a game's tab. */
  chosenWhileLoading() {
    const [start, game] = [page.queuedStart, page.queuedSwitch];
    page.queuedSwitch = null;
    if (start) return actions.startNew(start);
    if (game) return actions.switchGame(game);
  },

  /** A game's tab: that game as it was left (its last game), else a fresh one with its last settings. */
  switchGame(gameId) {
    if (!page.ready) {
      if (page.welcome && page.info(gameId)) {
        // a first visit: the start panel shows the game chosen at once (its
        // Start plays it), and the game opens once the engine is ready (#41)
        page.queuedSwitch = gameId;
        page.buildPicker(gameId);
        if (page.model) page.model._changed("players"); // (the start panel follows)
        return;
      }
      setExplain(t("open.loadingSwitch"), "info");
      return;
    }
    page.queuedSwitch = null;
    if (page.model && page.model.meta.game === gameId) return;
    return page.busy(async () => {
      let model = page.keeper.unsavedOf(gameId); // (a new game left before its first move)
      try {
        model =
          model ||
          page.keeper.openedAsStored(
            await open.lastOf(page.positions, gameId, page.games, keep.lastShownOf(gameId)),
          );
      } catch {
        /* no library: a fresh game */
      }
      // a game never played (no game of it, no settings) opens with the start
      // panel, that game chosen, as a first visit does (#41), not as two players
      const settings = keep.settingsOf(gameId);
      const welcome = page.welcome || (!model && !settings);
      model = model || (await open.fresh(page.engine, page.positions, gameId, settings || {}));
      hideNotice();
      setExplain("");
      actions.replace(model, { welcome }); // (the start panel follows the game chosen)
    });
  },

  /** Put `model` on screen in place of the game shown (`welcome`: the start
   * panel stays, for a game a first visit switched to). */
  replace(model, { welcome = false } = {}) {
    page.welcome = welcome;
    if (page.live?.model && page.live.model !== model) page.live.close(); // (#46: the live game left)
    explainNewGame(); // (#41: "Link copied" was about the game before)
    const editing = page.editor.isOpen;
    page.editor.hide();
    page.show(model);
    if (model.liveMark) page.live?.keep.resume(model); // (#46: a live game reopened connects again)
    page.buildPicker(model.meta.game);
    if (editing) location.hash = model.fragment(); // (the editor's address gives way to the game's)
  },

  /** Open what the URL names: a link (into the game on screen or the library
   * entry it belongs to, else as a new game), else (at boot) the game this
   * tab or the last tab had open, else a fresh game.  A broken link changes
   * nothing and says why. */
  async openFromURL({ boot }) {
    const m = page.model;
    const mine = ++openings;
    // (an opening that a later one overtook shows nothing: the last link asked for is shown)
    const overtaken = () => !boot && mine !== openings;
    const asked = rulesLinkGame(location.hash);
    if (asked && !page.info(asked)) {
      showNotice(
        t("open.noRulesPage", {
          name: asked,
          games: new Intl.ListFormat(language(), { type: "unit" }).format(page.games.map(g => g.name)),
        }),
        { kind: "error" },
      );
      history.replaceState(history.state, "", location.pathname + location.search); // (the game's own link comes back below)
    }
    // a page over the game (rules, puzzles, lessons, progress, mistakes, the
    // editor: routes.js) leaves the game under it as it is; at a start, the
    // game opens under it (the editor's opens first: it starts from there)
    const over = routeOf(routes, location.hash, m ? m.meta.game : page.planned);
    closeOthers(routes, over);
    if (over && !(boot && over.route.afterGame)) {
      const opening = over.route.open(over.arg);
      if (!boot) return opening;
    }
    if (!boot && m && location.hash === m.fragment()) return;
    if (!boot && (!location.hash || location.hash === "#")) {
      if (m) page.keeper.changed(m); // the fragment was cleared: write the game back
      return;
    }
    await page.busy(async () => {
      // at boot: the game this tab (or the last tab) had open, checked only
      // when it is shown or a link goes into it (a game the build describes
      // opens before the engine is ready; another waits for the engine)
      const { entry: stored, unreadable } = boot
        ? await actions.lastStored()
        : { entry: null, unreadable: null };
      const unchecked = boot ? stored && library.modelOf(stored) : m;
      const check = async () => (boot ? stored && (await actions.openStored(stored)) : m);
      let target = null;
      if (!over && !(boot && unchecked && location.hash === unchecked.fragment())) {
        const linked = await actions.readLink({ boot });
        // (a reload: the link is this tab's own stored game, whatever happened to it since)
        const own = boot && !!stored && stored.id === keep.tabCurrentId();
        if (linked)
          target = await actions.placeLink(
            linked,
            unchecked && unchecked.start === linked.start ? await check() : null,
            { own },
          );
        // (a reload while the library cannot be read: the link is this tab's own game, not a copy; #47)
        if (target === linked && unreadable && unreadable === keep.tabCurrentId()) linked.id = unreadable;
        // (the game shown, saved and drawn in a task of its own: with reading and placing a
        // 5,000-move link, one task of 100-125 ms of CPU; #47)
        if (target) await nextTask();
      }
      target = target || (await check());
      // nothing to go on with: a fresh game, with the start panel beside it
      const welcome = boot && !target;
      target =
        target ||
        (await open.fresh(
          page.engine,
          page.positions,
          page.planned || page.firstGame(),
          keep.settingsOf(page.planned || page.firstGame()) || {},
        ));
      if (overtaken()) return;
      if (target === m) {
        page.opened(); // (a link opened into the game on screen counts as opening it)
        m._changed("tree"); // (a broken link: the URL shows the game on screen again)
        return;
      }
      if (boot && stored && target.id === stored.id) keep.markOpening(stored.id);
      actions.replace(target, { welcome });
      if (boot) openingDoneWhenDrawn();
    });
    if (boot && over && over.route.afterGame) {
      // (over the game it came back to, once the engine can answer)
      await page.engine.ready;
      await over.route.open(over.arg);
    }
  },

  // -- the position editor (editor.js) ----------------------------------------------------
  /** Set up a position, starting from the one on the board. */
  editPosition() {
    if (!page.ready) {
      setExplain(t("open.loadingEditor"), "info");
      return;
    }
    location.hash = editLink(null);
  },

  /** Open the editor at an editor link's position (or the viewed one); a link
   * that cannot be read goes back to the game and says why. */
  async openEditor(editing) {
    const m = page.model;
    const what = editing.start ? { start: editing.start } : m ? { start: m.start, line: m.viewed } : null;
    try {
      if (editing.broken || !what)
        throw Object.assign(new Error("it is not a position link"), { type: "LinkError" });
      await page.editor.open(what);
    } catch (err) {
      if (!err || !err.type) throw err;
      showNotice(linkProblem(err.words || err.message), { kind: "error" });
      actions.closeEditor();
    }
  },

  closeEditor() {
    page.editor.hide();
    if (page.model) location.hash = page.model.fragment();
  },

  /** A new game from the editor's position: to play (with this game's last
   * players), or to analyse (every seat human, the engine's live analysis on:
   * its best line and score for the position on the board). */
  playFrom(start, { analyse = false } = {}) {
    return page.busy(async () => {
      const view = await page.positions.view(start, []);
      const last = keep.settingsOf(view.game);
      const players = analyse
        ? view.players.map(() => "h")
        : last && Array.isArray(last.players) && last.players.length === view.players.length
          ? last.players
          : [];
      const model = await open.fromStart(page.positions, start, players);
      hideNotice();
      setExplain("");
      actions.replace(model);
      if (analyse) page.computer.setLive(true);
    });
  },

  /** {entry, unreadable}: the library entry of the game this tab (or the last tab) had open,
   * or null (a damaged one is said), and its id if the library could not be read; the local
   * save of earlier versions is moved into the library first. */
  async lastStored() {
    try {
      const migrated = await open.migrateLocalSave();
      if (migrated && migrated.error) showNotice(saveProblem(migrated.error), { kind: "error", fresh: true });
    } catch {
      /* no library here: the old save stays where it is */
    }
    try {
      const said = await keep.recoverUnsaved(page.games);
      if (said.length) showNotice(said.join(" "), { kind: "error", fresh: true });
    } catch {
      /* no library: the copies stay for the next start */
    }
    const id = keep.currentId();
    if (id && keep.openingNotDone() === id) {
      keep.markOpening(null); // (its opening at the last start never finished: offered, not opened; #47)
      showNotice(t("open.lastNotOpened"), { kind: "error", fresh: true });
      return { entry: null, unreadable: null };
    }
    let entry = null;
    let unreadable = null;
    try {
      entry = id && (await library.get(id));
    } catch {
      unreadable = id; // (the library cannot be read: this tab's link is this game; #47)
    }
    entry = (id && keep.unsavedEntry(id, entry)) || entry; // (its copy not yet written: its last state; #47)
    if (!entry) return { entry: null, unreadable };
    const problem = library.problemOf(
      entry,
      page.games.map(g => g.id),
    );
    if (problem) {
      showNotice(t("open.lastDamaged", { why: clause(problem) }), { kind: "error", fresh: true });
      return { entry: null, unreadable };
    }
    return { entry, unreadable };
  },

  /** A stored game checked by the engine, or null (why is said). */
  async openStored(entry) {
    try {
      return page.keeper.openedAsStored(await open.fromLibrary(page.positions, entry));
    } catch (err) {
      if (!err || !err.type) throw err;
      showNotice(saveProblem(err.message), { kind: "error", fresh: true });
      return null;
    }
  },

  /** The URL's link as a checked model, or null (a problem is shown). */
  async readLink({ boot }) {
    try {
      const parsed = link.parse(location.hash);
      if (!parsed) return null;
      if (!page.info(parsed.game)) {
        throw new link.LinkError(
          `unknown game "${parsed.game}"; choose one of ${page.games.map(g => g.id).join(", ")}`,
        );
      }
      const model = await open.fromLink(page.positions, parsed, page.games);
      if (!boot) hideNotice(); // (at boot, a notice about the last game stays)
      return model;
    } catch (err) {
      if (!err || !(err.type || err.name === "LinkError")) throw err;
      showNotice(linkProblem(err.words || err.message), { kind: "error", fresh: true });
      // the refused link leaves the address now (the game shown writes its own there), and
      // what opens instead does in a task of its own: dropping a 1.2 MB address costs the
      // browser 35-40 ms, and the three in one task made one long task (#47)
      history.replaceState(history.state, "", location.pathname + location.search);
      await nextTask();
      return null;
    }
  },

  /** Where a link's game goes: into the game on screen or the library entry
   * it belongs to (a reload, an older link, a friend's reply), else it is a
   * new game.  Returns the model to show. */
  async placeLink(linked, current, { own = false } = {}) {
    const how = current && current.start === linked.start && open.relation(current.tree, linked.head);
    if (how === "same" || (how === "extends" && !current.ending)) {
      // (#29: a game that ended goes no further: a link past its end is a game of its own)
      const news = how === "extends";
      open.mergeLink(current, linked);
      current.adoptEnd(linked); // (#29: a friend's resignation, draw offer or acceptance)
      if (news) setExplain(t("open.linkAddedHere"), "info", { fades: true }); // (a report: it goes, the list under it shows again)
      return current;
    }
    if (own && how === "older") {
      // this tab's game went on in another tab before the reload: open into it,
      // never a copy (that would split the game in two)
      const main = current.tree.mainline([]);
      if (main.length > current.head.length && open.relation(current.tree, current.head) !== null) {
        current.head = main; // (the stored head may be this tab's own, saved as it closed)
        current.tip = main;
      }
      current.viewed = [...current.head];
      setExplain(t("open.otherTab"), "info");
      return current;
    }
    let found = null;
    try {
      found = await open.entryForLink(linked, page.games, current);
    } catch {
      /* no library: the link is a game of its own */
    }
    if (found && found.model && !(found.how === "extends" && found.model.ending)) {
      open.mergeLink(found.model, linked);
      found.model.adoptEnd(linked); // (#29)
      if (found.how === "extends") setExplain(t("open.linkAdded"), "info", { fades: true });
      return found.model;
    }
    if (found && found.older) {
      setExplain(t("open.linkOlder"), "info");
    } else if (found && found.near) {
      setExplain(t("open.linkDiffers", { move: found.near + 1 }), "info");
    }
    return linked;
  },

  // -- the library and records ------------------------------------------------------------
  /** Open a library entry (from the games list). */
  openEntry(entry) {
    if (page.model && page.model.id === entry.id) return;
    return page.busy(async () => {
      let model;
      try {
        model = page.keeper.openedAsStored(await open.fromLibrary(page.positions, entry));
      } catch (err) {
        if (!err || !err.type || err.type === "InternalError") throw err;
        // (moves the engine refuses: the list could not know before opening it)
        showNotice(t("open.gameDamaged", { why: clause(err.message) }), { kind: "error" });
        try {
          await library.markDamaged(entry.id, err.message);
          await page.gamesList.refresh();
        } catch {
          /* no library now: said when it is next opened */
        }
        return;
      }
      hideNotice();
      setExplain("");
      actions.replace(model);
    });
  },

  /** The game on screen as a library entry (as saved). */
  async currentEntry() {
    await page.keeper.flush();
    return library.get(page.model.id);
  },

  exportCurrent() {
    return page.busy(async () => {
      const entry = await actions.currentEntry();
      if (entry) await records.exportEntries(page.engine, [entry]);
    });
  },

  exportEntries(entries) {
    return page.busy(() => records.exportEntries(page.engine, entries));
  },

  /** Import record texts into the library: in slices, with its progress
   * and a Cancel button shown in Your games (opened for it); one import at a time. */
  async importTexts(texts) {
    if (importing) {
      setExplain(t("open.importRunning"), "info");
      return undefined;
    }
    const stop = new AbortController();
    importing = stop;
    if (!page.gamesList.dialog.open) page.gamesList.open();
    const progress = records.importProgress(() => stop.abort());
    try {
      return await page.busy(async () => {
        const result = await records.importTexts(page.engine, texts, page.games, {
          signal: stop.signal,
          onProgress: p => progress.update(p),
          onStored: entries => page.gamesList.add(entries), // (listed as they come)
        });
        progress.done();
        if (!page.gamesList.dialog.open) await page.gamesList.open();
        else page.gamesList.imported();
        return result;
      });
    } finally {
      progress.done();
      importing = null;
    }
  },

  // -- play by link --------------------------------------------------------------------------
  /** Send the game to the friend who plays far away: copy the link, or the system's share sheet. */
  async send(share) {
    const href = location.href;
    if (share && navigator.share) {
      try {
        await navigator.share({ title: document.title, text: t("open.shareText"), url: href });
        return;
      } catch {
        /* cancelled or refused: copy instead */
      }
    }
    await copyLink(href);
  },
};
