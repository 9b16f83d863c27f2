// A board on any page (issue #45): embed.html, put in a host page's
// <iframe>, shows the game of the Gamut link in its fragment (the part after
// "#", as the main page reads it: a game, a line, a position) with nothing of
// the app around it (or a study's, #study/…: its chapters to choose from,
// study/studylink.js): the board with the moves' arrows and circles, the move
// list with the comments, the viewed move's comment, first / previous / next
// / last (buttons, and the arrow keys, Home and End anywhere in the frame),
// and "Open in Gamut" (the main page, in a new tab, at the same link).
// Read-only: a move cannot be played here, nothing is stored and the
// player's library is never read.  Light or dark: `?theme=light|dark` in
// the frame's address, else the visitor's preference.  A link that cannot
// be shown says why, in the visitor's language.
//
// <html data-embed> says where it stands, for tools and tests: loading |
// shown | failed; data-ply the ply of the position shown; data-engine and
// data-engine-start (cold | snapshot) the engine's state, as the main page's;
// data-chapter the study's chapter shown (from 0).

import { t, wordsReady } from "../i18n/i18n.js";
import { Engine } from "../engine/engine.js";
import { Board } from "../board/board.js";
import { sayBoardAspect } from "../board/pageboard.js";
import { Positions } from "../model/viewcache.js";
import { fromLink } from "../library/open.js";
import * as link from "../model/url.js";
import { drawMoveList } from "../panels/movelist.js";
import { ColourScheme } from "../settings/scheme.js";
import { applyTheme, themeOf } from "../settings/themes.js";
import { $, h, saveFile } from "../app/dom.js";
import { embedScheme, openHref } from "./embedlinks.js";
import { isStudyFragment, readStudyFragment } from "../study/studylink.js";

const root = document.documentElement;
/** The games' list ({id, name, options, ...}), from the engine once it is ready. @type {any[]} */
let games = [];
const state = {
  /** @type {any} */ engine: null,
  /** @type {any} */ positions: null,
  /** @type {any} */ board: null,
  /** @type {any} */ model: null,
  /** @type {Promise<void> | null} */ gamesKnown: null,
  /** @type {any} */ study: null, // (a study's link: its title and chapters, studylink.js)
  scheme: new ColourScheme({ onChange: () => draw() }),
  themeKey: "",
  opened: 0, // links opened: an older one's late answer is dropped
};

/** Say `text` in the status line (an error: the frame is "failed"). */
function say(text, failed = false) {
  const status = $("embed-status");
  status.textContent = text;
  status.hidden = !text;
  status.classList.toggle("failed", failed);
  if (failed) root.dataset.embed = "failed";
}

/** The words of an error from reading or checking a link. */
function why(err) {
  return err?.words || err?.message || String(err);
}

/** Open the link in the frame's fragment. */
async function open() {
  const opened = ++state.opened;
  root.dataset.embed = "loading";
  $("embed-open").setAttribute("href", openHref(location.hash));
  state.model = null;
  state.study = null;
  $("embed-chapter").hidden = $("embed-download").hidden = true;
  if (isStudyFragment(location.hash)) return openStudy(opened);
  let parsed;
  try {
    parsed = link.parse(location.hash);
  } catch (err) {
    return show(opened, null, t("embed.cannot", { why: why(err) }));
  }
  if (!parsed) return show(opened, null, t("embed.noGame"));
  say(t("loading.loading"));
  try {
    await state.gamesKnown;
  } catch {
    return; // (the engine failed: said once, by boot)
  }
  if (opened !== state.opened) return;
  if (!games.some(g => g.id === parsed.game)) {
    return show(opened, null, t("embed.cannot", { why: t("embed.unknownGame", { game: parsed.game }) }));
  }
  try {
    const model = await fromLink(state.positions, parsed, games);
    show(opened, model, "");
  } catch (err) {
    show(opened, null, t("embed.cannot", { why: why(err) }));
  }
}

/** A study's link: its chapters to choose from, the first shown. */
async function openStudy(opened) {
  say(t("loading.loading"));
  let study;
  try {
    study = await readStudyFragment(location.hash);
    await state.gamesKnown;
  } catch (err) {
    return show(opened, null, t("embed.cannot", { why: why(err) }));
  }
  if (opened !== state.opened) return;
  state.study = study;
  const chapters = $("embed-chapter");
  chapters.replaceChildren(
    ...study.chapters.map((c, i) =>
      h("option", { value: String(i) }, c.title || t("embed.chapter", { n: i + 1 })),
    ),
  );
  chapters.value = "0";
  chapters.hidden = false;
  $("embed-download").hidden = false;
  return openChapter(opened, 0);
}

/** The study open as one records file (its chapters, each a game, named by its title),
 * which "Your games" imports; a chapter the engine cannot write is named. */
async function downloadStudy() {
  const study = state.study;
  if (!study) return;
  const { formatRecords } = await import("../library/records.js"); // (only when asked)
  const entries = study.chapters.map((c, i) => ({
    id: `chapter-${i + 1}`,
    name: c.title || t("embed.chapter", { n: i + 1 }),
    game: c.game.toJSON(),
  }));
  try {
    const { text, bad } = await formatRecords(state.engine, entries);
    if (text) saveFile(`${fileName(study.title)}.gamut.txt`, new Blob([text], { type: "text/plain" }));
    const notWritten = bad.map(({ entry, why }) => t("library.notExported", { name: entry.name, why }));
    if (notWritten.length) say(notWritten.join("\n"), true);
  } catch (err) {
    say(t("embed.cannot", { why: why(err) }), true);
  }
}

/** A file name from a title: letters, digits and hyphens. */
const fileName = title =>
  String(title || "")
    .normalize("NFKD")
    .replace(/[^\w-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "gamut-study"; // i18n: not words (a file's name)

/** Chapter `index` of the study open: its main line checked by the engine, then shown. */
async function openChapter(opened, index) {
  root.dataset.embed = "loading";
  const chapter = state.study.chapters[index];
  const game = chapter.game;
  const problem = why =>
    show(opened, null, t("embed.cannot", { why: t("study.link.chapter", { n: index + 1, why }) }));
  if (!games.some(g => g.id === game.meta.game))
    return problem(t("embed.unknownGame", { game: game.meta.game }));
  try {
    await state.positions.view(game.start, game.head); // (a move the rules refuse is named)
  } catch (err) {
    return problem(why(err));
  }
  if (opened !== state.opened) return;
  game.goTo([]);
  root.dataset.chapter = String(index);
  show(opened, game, "", chapter.flip);
}

/** The game of the link opened `opened`-th (or the words of why there is none). */
function show(opened, model, problem, flip = false) {
  if (opened !== state.opened) return;
  state.model = model;
  state.board.setOrientation(flip);
  $("embed-board-box").hidden = !model;
  for (const id of ["first", "prev", "next", "last"]) $(id).disabled = !model;
  if (!model) {
    $("moves").replaceChildren();
    $("embed-title").textContent = "";
    $("embed-comment").hidden = true;
    say(problem, true);
    return;
  }
  say("");
  const info = games.find(g => g.id === model.meta.game);
  $("embed-title").textContent = state.study?.title || (info ? info.name : model.meta.game);
  document.title = `${$("embed-title").textContent} · Gamut`;
  // (a study's chapter opens on the main page as a game of its own)
  if (state.study) $("embed-open").setAttribute("href", openHref(model.fragment()));
  draw();
}

/** Draw the viewed position: the board, the list, the comment, the buttons. */
function draw() {
  const m = state.model;
  if (!m) return;
  const opened = state.opened;
  const view = state.positions.get(m.start, m.viewed);
  if (!view) {
    const line = m.viewed;
    state.positions.view(m.start, line).then(
      () => opened === state.opened && state.model === m && draw(),
      err => opened === state.opened && show(opened, null, t("embed.cannot", { why: why(err) })),
    );
    return;
  }
  const theme = themeOf(view.game, null);
  const key = `${view.game}/${theme ? theme.id : ""}/${state.scheme.scheme}`;
  if (key !== state.themeKey) {
    state.themeKey = key;
    applyTheme($("board"), theme, state.scheme.scheme);
  }
  state.board.show(view);
  sayBoardAspect($("board"));
  const node = m.tree.nodeAt(m.viewed);
  state.board.setShapes(node?.notes.shapes);
  drawMoveList($("moves"), m, {
    seats: view.players.length,
    per: view.turn_plies || 1,
    onSelect: line => step(() => m.goTo(line)),
  });
  const comment = $("embed-comment");
  comment.textContent = node?.comment || "";
  comment.hidden = !comment.textContent;
  const atStart = m.viewed.length === 0;
  const next = m.tree.next(m.viewed);
  $("first").disabled = $("prev").disabled = atStart;
  $("next").disabled = $("last").disabled = !next;
  root.dataset.ply = String(m.ply);
  root.dataset.embed = "shown";
  if (next) state.positions.view(m.start, next).catch(() => {}); // (the next position ready before it is asked)
}

/** A step through the game (`move()` changes the viewed position). */
function step(move) {
  if (state.model && move()) draw();
}

const STEPS = {
  first: () => state.model.first(),
  prev: () => state.model.back(),
  next: () => state.model.forward(),
  last: () => state.model.last(),
};
const KEYS = { Home: "first", ArrowLeft: "prev", ArrowRight: "next", End: "last" };

function boot() {
  state.scheme.apply(embedScheme(location.search));
  state.engine = new Engine();
  state.positions = new Positions(state.engine);
  state.gamesKnown = state.engine.initial().then(r => {
    games = r.games;
  });
  state.gamesKnown.catch(() => {}); // (a failure is said once, below)
  state.board = new Board(
    { svg: $("board"), palette: $("palette"), actions: $("actions") },
    { onMove: () => {}, onMark: () => {}, onIllegal: () => {}, onRefused: () => {}, onChange: () => {} },
  );
  state.engine.onsnapshot = () => root.setAttribute("data-snapshot", "kept"); // (the next visit starts from it)
  state.engine.ready.then(
    () => {
      root.dataset.engine = "ready";
      root.dataset.engineStart = state.engine.startedFrom ?? ""; // (cold or snapshot: tests read it)
    },
    err => {
      root.dataset.engine = "failed";
      show(++state.opened, null, t("embed.cannot", { why: why(err) }));
    },
  );
  $("embed-download").addEventListener("click", () => downloadStudy());
  $("embed-chapter").addEventListener("change", e => {
    if (state.study) openChapter(++state.opened, Number(/** @type {HTMLSelectElement} */ (e.target).value));
  });
  for (const [id, move] of Object.entries(STEPS)) $(id).addEventListener("click", () => step(move));
  document.addEventListener("keydown", e => {
    const name = KEYS[e.key];
    if (!name || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    step(STEPS[name]);
  });
  addEventListener("hashchange", () => open());
  open();
}

root.dataset.boot = "words"; // (the page's modules run: start.js's watch ends)
wordsReady.then(boot);
