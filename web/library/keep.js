// Keeping the open game: in the URL (at once), in its game's last settings,
// and in the library (library.js), saved shortly after every change and at
// once when the page is hidden.  Another tab's moves in the same game are
// merged in, never overwritten.  Storage that is refused or full is
// reported once; play goes on unsaved.

import * as library from "./library.js";
import { GameModel, isStandardStart } from "../model/game.js";
import { clause } from "../panels/sentence.js";
import { t } from "../i18n/i18n.js";
import { gameTitle, viewTitle } from "../board/title.js";
import { endWords, endingOfOutcome } from "../model/ending.js";
import { readJSON, webStorage, writeJSON } from "../store/local.js";
import { seatName, summarySeats } from "./seats.js";

const SETTINGS_KEY = "gamut.settings"; // game id -> {variant, options, players}
const CURRENT_KEY = "gamut.current-id"; // the library entry last open
const OPENING_KEY = "gamut.opening"; // the entry a start was opening, until it is on screen (#47)
const SHOWN_KEY = "gamut.last-shown"; // game id -> the library entry of that game shown last
const DELAY_MS = 150;
const UNSAVED = "gamut.unsaved."; // + entry id: the last state not yet known written

/** Put into the library the games whose last changes may not have been
 * written (the page closed first): merged, never replacing what is stored.
 * A copy that cannot be merged with its stored entry (another start, a newer
 * version, a damaged entry) becomes an entry of its own; a copy that cannot
 * be read is kept as a damaged entry (listed, exportable).  Returns what the
 * page should say, one sentence a copy kept apart (none when all merged). */
export async function recoverUnsaved(games) {
  const s = webStorage();
  if (!s) return [];
  const said = [];
  const keys = [];
  for (let i = 0; i < s.length; i++) if (s.key(i)?.startsWith(UNSAVED)) keys.push(s.key(i));
  for (const key of keys) {
    const copy = readJSON(key);
    let model = null;
    try {
      model = GameModel.fromJSON(copy && copy.game);
    } catch (err) {
      try {
        await library.put(damagedEntry(copy, s.getItem(key)));
        said.push(t("store.copyUnreadable", { why: clause(err.message) }));
      } catch {
        continue; // no library now: the copy stays for the next start
      }
    }
    if (model) {
      model.id = key.slice(UNSAVED.length);
      model.name = (copy && copy.name) || "";
      model.created = copy && copy.created;
      const summary = summaryOf(model, null, games);
      try {
        await library.save(model, { summary, thumb: null, keepThumb: true });
      } catch (err) {
        if (!(err instanceof library.UnmergeableError)) continue; // (kept for the next start)
        const oldId = model.id;
        model.id = library.newId();
        try {
          await library.save(model, { summary, thumb: null, keepThumb: true });
        } catch {
          continue;
        }
        if (currentId() === oldId) setCurrentId(model.id); // (the game the page had open opens)
        said.push(t("store.copyKeptApart", { why: clause(err.message) }));
      }
    }
    try {
      s.removeItem(key);
    } catch {
      /* nothing to do */
    }
  }
  return said;
}

/** A library entry holding an unreadable copy as it was (listed as damaged). */
function damagedEntry(copy, raw) {
  const now = Date.now();
  return {
    id: library.newId(),
    v: library.VERSION,
    game: copy && typeof copy === "object" && copy.game !== undefined ? copy.game : { raw },
    name: "",
    created: now,
    updated: now,
    summary: null,
    thumb: null,
  };
}

/** Game `id`'s copy waiting to be written to the library, as a library
 * entry (over `stored`, the entry as stored, if it could be read), or null:
 * it is the game's last state, newer than what is stored (#47: a reload
 * while storage failed opened the stored state, or a copy of the game). */
export function unsavedEntry(id, stored = null) {
  const copy = readJSON(UNSAVED + id);
  if (!copy || typeof copy !== "object" || !copy.game) return null;
  return {
    ...(stored && typeof stored === "object" ? stored : { summary: null, thumb: null }),
    id,
    v: library.VERSION,
    game: copy.game,
    name: copy.name || (stored && stored.name) || "",
    created: copy.created ?? stored?.created,
    updated: copy.at,
  };
}

/** Whether game `id` has a copy waiting to be written to the library (its
 * last change, kept in localStorage at once): a game on its way there. */
export function hasUnsavedCopy(id) {
  try {
    return !!webStorage()?.getItem(UNSAVED + id);
  } catch {
    return false;
  }
}

/** The kind of game ("loa") last opened in any tab, or null: the board to draw first at the next start. */
export function lastGameKind() {
  const id = readJSON("gamut.last-game");
  return typeof id === "string" ? id : null;
}

/** The library entry of `gameId`'s kind shown last (in any tab), or null:
 * the game its tab opens again.  (Your games are sorted by their last
 * change, and a game opened only to be looked at is not written: the newest
 * is not always the one the player left.) */
export function lastShownOf(gameId) {
  const all = readJSON(SHOWN_KEY);
  const id = all && typeof all === "object" ? all[gameId] : null;
  return typeof id === "string" ? id : null;
}

/** A game's last settings ({variant, options, players}) or null. */
export function settingsOf(gameId) {
  const all = readJSON(SETTINGS_KEY);
  const s = all && typeof all === "object" ? all[gameId] : null;
  return s && typeof s === "object" ? s : null;
}

/** The library entry this tab had open before a reload, or null (a new tab). */
export function tabCurrentId() {
  try {
    return webStorage("sessionStorage")?.getItem(CURRENT_KEY) || null;
  } catch {
    return null;
  }
}

/** The library entry this tab had open (a reload), else the last one open anywhere. */
export function currentId() {
  try {
    return webStorage("sessionStorage")?.getItem(CURRENT_KEY) || webStorage()?.getItem(CURRENT_KEY) || null;
  } catch {
    return null;
  }
}

/**
 * The entry a start is opening (`id`), or its opening done (null): a start
 * that finds an entry marked (its opening never finished: it may have
 * stopped the tab) does not open it again by itself (#47: a game that
 * crashed the tab on opening did so in every new tab after).
 */
export function markOpening(id) {
  try {
    if (id) webStorage()?.setItem(OPENING_KEY, id);
    else webStorage()?.removeItem(OPENING_KEY);
  } catch {
    /* not kept: the guard is lost, nothing else */
  }
}

/** The entry whose opening at a start never finished, or null. */
export function openingNotDone() {
  try {
    return webStorage()?.getItem(OPENING_KEY) || null;
  } catch {
    return null;
  }
}

export function setCurrentId(id) {
  for (const kind of ["sessionStorage", "localStorage"]) {
    try {
      webStorage(kind)?.setItem(CURRENT_KEY, id);
    } catch {
      /* not kept: fine */
    }
  }
}

/** What the library's list shows of a game, from the model and the view of its head. */
export function summaryOf(model, headView, games) {
  const info = games.find(g => g.id === model.meta.game);
  const variant = info && info.variants.find(v => v.id === model.meta.variant);
  const outcome = headView && headView.outcome;
  // (each seat by its message, said in the page's language when shown: seats.js)
  const players = summarySeats(headView, model.players);
  const names = players.map(seatName);
  // how it ended (ending.js): beyond its rules, else by them
  const ending = model.ending || endingOfOutcome(outcome, names.length);
  return {
    game: model.meta.game,
    variant: model.meta.variant,
    // (in the language of the page that saved it: a stored title stays as stored)
    title: !info
      ? model.meta.game
      : variant && variant.id !== info.variants[0].id
        ? gameTitle(model.meta.game, info.name, variant.id)
        : info.name,
    players,
    moves: model.head.length,
    result: ending ? endWords(ending, names).head : null,
    end: ending ? { winner: ending.winner, termination: ending.termination, by: ending.by } : null,
  };
}

export function thumbOf(view) {
  if (!view) return null;
  return {
    board: view.board,
    pieces: view.pieces || [],
    markers: view.markers || [],
    players: view.players, // (each {color, said}: a thumbnail stored before #43 is read by oldseats.js)
    title: viewTitle(view),
  };
}

export class Keeper {
  /** `positions`: the views cache; `games`: GameInfo list; `onProblem(message)`: storage refused (said once);
   * `onMerged(model)`: moves from another tab were added to the model. */
  constructor({ positions, games, onProblem, onMerged }) {
    this.positions = positions;
    this.games = games;
    this.onProblem = onProblem;
    this.onMerged = onMerged;
    this.model = null;
    this.timer = null;
    this.saving = Promise.resolve();
    this.writing = 0; // saves in flight
    this.warned = false;
    /** The new games not saved yet (see _notWorthKeeping). */
    this.unkept = new WeakSet();
    /** Game id -> its new game last shown and left unsaved (a tab reopens it: unsavedOf). */
    this.shelved = new Map();
    /** The games aborted (discard): never saved again. */
    this.discarded = new WeakSet();
    /** Game -> its saved form (toJSON, as text) when opened from its library
     * entry: until it differs, there is nothing of it to write (see openedAsStored). */
    this.asStored = new WeakMap();
    // (a page closed or hidden writes what waits, and only that: a game shown
    // unchanged is not written back over another tab's deletion of it)
    addEventListener("pagehide", () => this.settled());
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) this.settled();
    });
    library.onChange(msg => this._other(msg));
  }

  /** The model changed (or another was opened): the URL now, the library soon. */
  changed(model) {
    if (this.discarded.has(model)) return;
    if (this.model && this.model !== model && this.timer) this.flush(); // the game left keeps its last moves
    const left = this.model;
    if (left && left !== model && left.meta.game !== model.meta.game && this.unkept.has(left))
      this.shelved.set(left.meta.game, left); // (another game's tab: this one waits, unsaved, for its own)
    if (this.shelved.get(model.meta.game) !== model) this.shelved.delete(model.meta.game);
    this.model = model;
    if (!model.id) {
      model.id = library.newId();
      model.created = Date.now();
      this.unkept.add(model);
    }
    setCurrentId(model.id);
    writeJSON("gamut.last-game", model.meta.game); // (the board to draw first on the next visit)
    const shown = readJSON(SHOWN_KEY);
    if (!shown || typeof shown !== "object" || shown[model.meta.game] !== model.id)
      writeJSON(SHOWN_KEY, {
        ...(shown && typeof shown === "object" ? shown : {}),
        [model.meta.game]: model.id,
      });
    const all = readJSON(SETTINGS_KEY) || {};
    all[model.meta.game] = {
      variant: model.meta.variant,
      options: model.meta.options,
      players: model.players,
    };
    writeJSON(SETTINGS_KEY, all);
    try {
      const fragment = model.fragment();
      const shown = location.hash; // (read once: it may be a link of a megabyte)
      // (a rules page and the editor keep their own address; the game's comes back with them)
      if (
        shown !== fragment &&
        !/^#(rules\/|edit\b|puzzles\b|streak\b|mistakes\b|learn\b|progress\b)/.test(shown)
      )
        history.replaceState(history.state, "", fragment);
    } catch {
      /* some sandboxes refuse: the game is still in the library */
    }
    if (this._notWorthKeeping(model)) return;
    if (this.asStored.has(model)) {
      // (compared whole: a link placed into the game opened changes it in place)
      if (this.asStored.get(model) === JSON.stringify(model.toJSON()) && !hasUnsavedCopy(model.id)) {
        this._say(); // (opened, not changed: the library holds it as it is)
        return;
      }
      this.asStored.delete(model);
    }
    // a copy in localStorage at once (IndexedDB writes may not finish when the page is
    // closed or reloaded): read back into the library by recoverUnsaved() at the next start
    this.pending = Date.now();
    writeJSON(UNSAVED + model.id, {
      at: this.pending,
      game: model.toJSON(),
      name: model.name || "",
      created: model.created,
    });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), DELAY_MS);
    this._say();
  }

  /** `model` was just read from its library entry: shown unchanged, it is
   * not written back.  A game only looked at stays where it is in Your games
   * (sorted by their last change), a deletion of it in another tab stands,
   * and a long game's opening is not followed by a write of all its moves
   * (for 5,000 moves, a task of 40 ms of CPU or more).  Its first change,
   * however made (a move, a link placed into it), writes it; so does a copy
   * of it waiting in localStorage (newer than the library), and an entry
   * that lacks its summary or thumbnail (library.isReadWhole).  Returns
   * `model` (null passes through). */
  openedAsStored(model) {
    if (model && library.isReadWhole(model)) this.asStored.set(model, JSON.stringify(model.toJSON()));
    return model;
  }

  /** `<html data-saved>`: "no" while a change waits to be written or is
   * being written, "yes" once every change is in the library (what the
   * browser tests wait on instead of a time). */
  _say() {
    document.documentElement.dataset.saved = this.timer || this.writing ? "no" : "yes";
  }

  /** Forget `model` for good (an aborted game leaves no trace): it is not
   * saved again, its copy waiting to be written goes, and its library entry
   * is deleted.  Resolves when done (a library that cannot be written to
   * had nothing of it). */
  async discard(model) {
    if (this.model === model) {
      clearTimeout(this.timer);
      this.timer = null;
      this.model = null;
      this._say();
    }
    this.unkept.delete(model);
    this.shelved.delete(model.meta.game);
    this.discarded.add(model);
    try {
      webStorage()?.removeItem(UNSAVED + model.id);
    } catch {
      /* nothing kept there */
    }
    await this.saving.catch(() => {});
    try {
      if (model.id && (await library.get(model.id))) await library.remove(model.id);
    } catch {
      /* no library: nothing was saved */
    }
  }

  /** The new game of `gameId` last shown and left with no move (so never
   * saved), or null: going back to that game's tab reopens it as it was. */
  unsavedOf(gameId) {
    const model = this.shelved.get(gameId);
    return model && this.unkept.has(model) ? model : null;
  }

  /** A new game at the standard start with no move yet is not saved (nor
   * listed in "Your games") until its first move: it holds nothing of the
   * player's, and its settings are kept apart.  A position set up by hand is
   * kept at once; a game once saved is always saved again. */
  _notWorthKeeping(model) {
    if (!this.unkept.has(model)) return false;
    const root = model.tree.root; // (a comment or a drawing on the start is the player's too)
    const noted = root.comment || (root.notes && Object.keys(root.notes).length);
    if (model.tree.size() > 1 || noted || !isStandardStart(model.start)) {
      this.unkept.delete(model);
      return false;
    }
    return true;
  }

  /** Resolves once every change made so far is written: one still waiting
   * for its moment is written now (Your games, opened, lists the game just played). */
  settled() {
    return this.timer ? this.flush() : this.saving;
  }

  /** Save now (resolves when written, or at once when there is nothing to write). */
  flush() {
    clearTimeout(this.timer);
    this.timer = null;
    const model = this.model;
    if (!model || this._notWorthKeeping(model)) {
      this._say();
      return this.saving;
    }
    const head = this.positions.get(model.start, model.head);
    const summary = summaryOf(model, head, this.games);
    const thumb = thumbOf(head);
    const at = this.pending;
    this.writing += 1;
    this._say();
    this.saving = this.saving
      .then(() => library.save(model, { summary, thumb }))
      .then(
        merged => {
          const copy = readJSON(UNSAVED + model.id);
          if (copy && copy.at === at) webStorage()?.removeItem(UNSAVED + model.id); // (nothing newer since)
          if (merged) this.onMerged(model);
        },
        err => {
          if (err instanceof library.UnmergeableError) return this._keepApart(model, err.message);
          if (!this.warned) {
            this.warned = true;
            this.onProblem(t("store.cannotSave", { why: clause(err.message) }));
          }
        },
      )
      .finally(() => {
        this.writing -= 1;
        this._say();
      });
    return this.saving;
  }

  /** The stored entry of `model`'s id cannot be combined with it (`why`): the
   * game on screen becomes a new entry, the stored one stays as it is. */
  _keepApart(model, why) {
    const oldId = model.id;
    const copy = readJSON(UNSAVED + oldId);
    model.id = library.newId();
    try {
      webStorage()?.removeItem(UNSAVED + oldId);
      if (copy) writeJSON(UNSAVED + model.id, copy);
    } catch {
      /* the copy stays under the old id: recovered apart at the next start */
    }
    setCurrentId(model.id);
    this.onProblem(t("store.keptApart", { why: clause(why) }));
    this.pending = Date.now();
    // (after the save that failed: flush() waits for it; a timer of the keeper's own, so
    // that <html data-saved> stays "no" until the new entry is written)
    this.timer = setTimeout(() => this.flush(), 0);
  }

  /** Another tab saved a game: if it is the one open here, take its moves in. */
  async _other(msg) {
    const model = this.model;
    if (!model || msg.id !== model.id || msg.type !== "saved") return;
    try {
      const entry = await library.get(model.id);
      if (entry && entry.game && entry.game.start === model.start && model.merge(entry.game) > 0) {
        this.onMerged(model);
      }
    } catch {
      /* the library is unreadable: this tab's copy stays */
    }
  }
}
