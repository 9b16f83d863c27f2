// The rules page of a game, at its own link (#rules/<game>): the rules
// text with its diagrams, readable and printable on its own.  Each diagram
// is a position the build computed with the engine (rules-diagrams.json in
// the build's folder, from web/games/<game>/diagrams.json), drawn by the
// board's own drawing, with a caption and a "Try it" link that opens the
// position as a new game.  The other games' links come from the engine's
// list of games.

import { $ } from "../app/dom.js";
import { t } from "../i18n/i18n.js";
import { playerWords } from "../engine/words.js";
import { BoardDrawing } from "../board/board-draw.js";
import { diagramWords, FALLBACK, rulesHtml } from "./rules.js";
import { format } from "../model/url.js";

const SVG = "http://www.w3.org/2000/svg";

let diagrams = null; // a promise of {game: [diagram]}, fetched once

function loadDiagrams() {
  if (!diagrams) {
    diagrams = fetch(new URL("../rules-diagrams.json", import.meta.url)).then(r => {
      if (!r.ok) throw new Error(`rules-diagrams.json: ${r.status}`);
      return r.json();
    });
    diagrams.catch(() => {
      diagrams = null;
    }); // (tried again next time)
  }
  return diagrams;
}

let showing = 0; // counts the rules pages asked for: a late answer for an earlier one is dropped

/** Text made safe to put into markup (the catalog's words go into innerHTML here). */
const escaped = text => text.replace(/[&<>"]/g, c => `&#${c.charCodeAt(0)};`);

/** Show the rules page of `gameId` (`info`: its GameInfo; `games`: every
 * game's, for the links to the others) in place of the game (the game stays
 * as it is).  Resolves once the page is on screen (its diagrams may still
 * be loading: data-diagrams). */
export async function showRulesPage(gameId, info, games) {
  const asked = ++showing;
  const text = await rulesHtml(gameId, { diagrams: true });
  if (asked !== showing) return;
  const page = $("rules-page");
  const dialog = document.getElementById("rules-dialog");
  if (dialog && dialog.open) dialog.close(); // opened from the Rules dialog's link
  for (const menu of document.querySelectorAll(".rules-menu[open]")) menu.open = false;
  const others = games
    .map(g =>
      g.id === gameId
        ? `<strong aria-current="page">${g.name}</strong>`
        : `<a href="#rules/${g.id}">${g.name}</a>`,
    )
    .join(" · ");
  page.innerHTML = `<nav class="rules-nav" aria-label="${escaped(t("rules.nav"))}">
<a href="#" id="rules-back">${escaped(t("rules.back"))}</a>
<a href="#learn/${gameId}" id="rules-learn">${escaped(t("rules.learn"))}</a>
<span class="rules-others">${escaped(t("rules.others"))} ${others}</span>
<button type="button" class="quiet" id="rules-print">${escaped(t("rules.print"))}</button></nav>
${text}`;
  const title = page.querySelector("h3");
  if (title) title.id = "rules-page-title";
  $("rules-print").addEventListener("click", () => window.print());
  page.hidden = false;
  page.dataset.game = gameId;
  markPicked(gameId);
  document.body.classList.add("reading-rules");
  document.title = t("rules.pageTitle", { game: (info && info.name) || gameId });
  window.scrollTo(0, 0);
  const figures = [...page.querySelectorAll("figure[data-diagram]")];
  page.dataset.diagrams = "loading";
  Promise.all([loadDiagrams(), diagramWords(gameId)])
    .then(async ([data, words]) => {
      // (a diagram the language has no words for: English's stand in)
      const list = data[gameId] || [];
      const whole = list.every(d => words?.diagrams?.[d.id]);
      return [list, words, whole ? null : await diagramWords(gameId, FALLBACK)];
    })
    .then(
      ([list, words, fallback]) => {
        if (page.hidden || page.dataset.game !== gameId) return;
        const byId = new Map(
          list.map(d => [d.id, inLanguage(d, words?.diagrams?.[d.id] ? words : fallback)]),
        );
        for (const fig of figures) {
          const d = byId.get(fig.dataset.diagram);
          if (d) drawFigure(fig, d);
          else fig.remove();
        }
        page.dataset.diagrams = "ready";
      },
      () => {
        for (const fig of figures) {
          fig.textContent = t("rules.noDiagrams");
        }
        page.dataset.diagrams = "failed";
      },
    );
}

/** Back to the game (from a link to it, Back or a diagram's "Try it"): the
 * game is shown from the top, not where the rules page was scrolled to. */
export function hideRulesPage() {
  showing += 1;
  const page = $("rules-page");
  const wasShown = !page.hidden;
  page.hidden = true;
  document.body.classList.remove("reading-rules");
  if (wasShown) window.scrollTo(0, 0);
}

/** Mark game `gameId`'s tab in the game picker as the one shown (the rules
 * page's game while it is read, else the game's). */
export function markPicked(gameId) {
  for (const pick of document.querySelectorAll("#game-picker .pick")) {
    if (pick instanceof HTMLElement && pick.dataset.game === gameId)
      pick.setAttribute("aria-current", "true");
    else pick.removeAttribute("aria-current");
  }
}

/** The game id of a rules link ("#rules/loa"), or null. */
export function rulesLinkGame(hash) {
  const m = /^#rules\/([a-z0-9-]+)$/.exec(hash || "");
  return m ? m[1] : null;
}

/** The link that opens a diagram's position as a new game: its position
 * is the start; a diagram that shows the result of moves (`play`) opens
 * before them, with the moves there to step through or to play again. */
export function tryLink(d) {
  const v = d.view;
  return format({
    game: v.game,
    variant: v.variant,
    options: v.options,
    moves: d.play,
    ply: d.play.length ? 0 : null,
    start: d.position,
  });
}

/** Diagram `d` of the build (a position and its view, no words) with
 * `words`' title, caption and text alternative (rules.js diagramWords).  The text alternative is the translated sentence, then each player's
 * pieces and markers by cell, read from the diagram's view, as the build
 * writes English's (tools/build/data.py describe_diagram); each player is
 * named by the view's message for the seat (`seat.black`), in the page's
 * language. */
export function inLanguage(d, words) {
  const own = words && words.diagrams && words.diagrams[d.id];
  if (!own) return { ...d, title: d.title || "", caption: d.caption || "", alt: d.alt || d.id };
  const view = d.view;
  const names = view.players.map(
    (_, seat) => playerWords(view, seat) || t("player.numbered", { n: seat + 1 }),
  );
  const parts = [own.alt || own.title];
  names.forEach((player, seat) => {
    const cells = view.pieces.filter(p => p.owner === seat).map(p => pieceText(p, names));
    if (cells.length) parts.push(t("diagram.pieces", { player, cells: cells.join(", ") }));
  });
  names.forEach((player, seat) => {
    const cells = (view.markers || []).filter(m => m.owner === seat).map(m => m.cell);
    if (cells.length) parts.push(t("diagram.markers", { player, cells: cells.join(", ") }));
  });
  if (!view.pieces.length) parts.push(t("diagram.empty"));
  const alt = `${parts.filter(Boolean).join(". ")}.`;
  return { ...d, title: own.title, caption: own.caption, alt };
}

/** One piece of a diagram's text alternative: its cell, with its written
 * number or, for a stack, the players from the bottom up. */
function pieceText(piece, names) {
  const stack = piece.stack || [];
  if (stack.length > 1)
    return t("diagram.stack", {
      cell: piece.cell,
      count: stack.length,
      players: stack.map(s => names[s]).join(", "),
    });
  return "label" in piece ? `${piece.cell} ${piece.label}` : piece.cell;
}

function drawFigure(fig, d) {
  const svg = document.createElementNS(SVG, "svg");
  const drawing = new BoardDrawing(svg);
  drawing.render(d.view);
  const marks = d.marks || {};
  drawing.overlay({
    selected: marks.selected || [],
    targets: new Set(marks.targets || []),
    actionable: new Set(),
    pending: null,
    picked: new Set(marks.cells || []),
    suggest: marks.arrow ? { cells: marks.arrow.cells, kind: "rules", text: marks.arrow.text } : null,
  });
  if (marks.names && d.view.board.kind !== "polygons") writeNames(svg, drawing);
  svg.classList.add("diagram-board");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", d.alt);
  svg.removeAttribute("aria-disabled");
  fig.id = `diagram-${d.id}`;
  fig.replaceChildren(svg);
  const caption = document.createElement("figcaption");
  caption.innerHTML = `<strong>${d.title}.</strong> ${d.caption} `;
  const link = document.createElement("a");
  link.className = "try-it";
  link.href = tryLink(d);
  link.textContent = t("rules.tryIt");
  link.title = t(d.play.length ? "rules.tryIt.before" : "rules.tryIt.title");
  caption.append(link);
  fig.append(caption);
}

/** Every cell's name written small in its corner (the notation diagrams;
 * polygon boards name their cells already). */
function writeNames(svg, drawing) {
  const g = document.createElementNS(SVG, "g");
  g.setAttribute("class", "layer cell-names");
  for (const c of drawing.geometry.cells.values()) {
    const t = document.createElementNS(SVG, "text");
    const points = drawing.geometry.kind === "points";
    t.setAttribute("x", (c.x + (points ? 0.17 : -0.44)).toFixed(3));
    t.setAttribute("y", (c.y + (points ? 0.3 : -0.3)).toFixed(3));
    t.setAttribute("class", "cell-name-mark");
    t.textContent = c.id;
    g.append(t);
  }
  svg.append(g);
}
