// A picture of the position on a board (#45): the board widget's own
// drawing (BoardDrawing), drawn again off screen with the picture's options
// (coordinates or not, the player's arrows and circles or not, the page's
// colours or the default ones), its colours read back from the page's style
// sheets and written into the picture, which is then SVG text (a file that
// stands alone) and a PNG of any width.  One drawing code: nothing here
// knows how a board looks.

import { BoardDrawing } from "../board/board-draw.js";
import { drawShapes } from "../board/board-shapes.js";
import { applyTheme, themeOf } from "../settings/themes.js";

/** The widths (px) a picture is offered in. */
export const IMAGE_WIDTHS = [480, 800, 1200];

const SVG_NS = "http://www.w3.org/2000/svg";
/** Inherited style properties written into the picture where they change from the parent's. */
const INHERITED = [
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-opacity",
  "stroke-dasharray",
  "stroke-linecap",
  "stroke-linejoin",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-anchor",
  "dominant-baseline",
  "paint-order",
  "letter-spacing",
];
/** Style properties not inherited, written where they are not their initial value. */
const OWN = { opacity: "1", filter: "none" };
/** Attributes of the drawing kept in the picture: its geometry, and its classes (inert in a
 * file with no style sheet; they name its parts for whoever edits it); not its data or ARIA. */
const KEPT = new Set(
  "x y width height cx cy r rx ry points d x1 y1 x2 y2 transform viewBox dx dy class".split(" "), // i18n: not words (attributes)
);
/** The drawing's layers left out of a picture: what takes clicks, the selection, what moves. */
const LEFT_OUT = new Set(["hits", "drag", "overlay", "selection", "motion", "preview"]);

/**
 * @typedef {{coordinates?: boolean, shapes?: string[][], colours?: "page" | "default",
 *   caption?: string, view?: any}} PictureOptions
 *   coordinates: files and ranks written (default: as the board shows them);
 *   shapes: the player's arrows and circles to draw (default none); colours:
 *   the page's (its theme and light or dark, as the player sees it) or the
 *   default light ones; caption: a line of text under the board; view:
 *   another position to draw than the one the drawing shows (a GIF's frames).
 */

/**
 * The picture of what `drawing` (a board's BoardDrawing: the Board widget's,
 * or the position editor's) shows, as SVG text: `{svg, width, height}` in
 * the drawing's units (a cell is 1 across; `pngOf` and `svgOf` give it a
 * width in pixels).
 * @param {any} drawing @param {PictureOptions} options
 */
export function pictureOf(drawing, options = {}) {
  const view = options.view || drawing.view;
  if (!view) throw new Error("pictureOf: the board shows nothing yet");
  const coordinates = options.coordinates ?? drawing.coordinates;
  const host = document.createElement("div");
  host.setAttribute("aria-hidden", "true");
  for (const [k, v] of [
    ["position", "fixed"],
    ["left", "-10000px"],
    ["top", "0"],
    ["width", "600px"],
    ["height", "600px"],
    ["pointer-events", "none"],
  ])
    host.style.setProperty(k, v);
  const svg = /** @type {SVGSVGElement} */ (document.createElementNS(SVG_NS, "svg"));
  host.append(svg);
  if (options.colours === "default") {
    for (const [name, value] of lightProperties()) host.style.setProperty(name, value);
    applyTheme(svg, themeOf(view.game, null), "light");
  } else {
    const seen = drawing.svg.style;
    for (let i = 0; i < seen.length; i++) svg.style.setProperty(seen[i], seen.getPropertyValue(seen[i]));
  }
  document.body.append(host);
  try {
    const copy = new BoardDrawing(svg);
    copy.flipped = drawing.flipped;
    copy.coordinates = coordinates;
    copy.render(view);
    if (options.shapes && options.shapes.length)
      drawShapes(copy.geometry, copy.layers.shapes, options.shapes, null);
    const box = (svg.getAttribute("viewBox") || "0 0 8 8").split(/\s+/).map(Number);
    const [x, y, w] = box;
    let h = box[3];
    const page = getComputedStyle(svg);
    const parts = [];
    const back = options.colours === "default" ? "#ffffff" : pageBackground(drawing.svg);
    parts.push(
      `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${xmlText(back)}"/>`,
    );
    for (const child of svg.children) if (!leftOut(child)) parts.push(serialize(child, page));
    if (options.caption) {
      const size = w * 0.04;
      const text = getComputedStyle(document.body).color;
      parts.push(
        `<text x="${num(x + w / 2)}" y="${num(y + h + size * 1.1)}" font-size="${num(size)}" ` +
          `font-family="${xmlText(page.fontFamily || "sans-serif")}" text-anchor="middle" dominant-baseline="middle" ` +
          `fill="${xmlText(options.colours === "default" ? "#262421" : text)}">${xmlText(options.caption)}</text>`,
      );
      parts.unshift(
        `<rect x="${num(x)}" y="${num(y + h)}" width="${num(w)}" height="${num(size * 2.2)}" fill="${xmlText(back)}"/>`,
      );
      h += size * 2.2;
    }
    const root = INHERITED.map(p => `${p}:${page.getPropertyValue(p)}`).join(";");
    const text =
      `<svg xmlns="${SVG_NS}" viewBox="${[x, y, w, h].map(num).join(" ")}" ` +
      `width="${num(w * 100)}" height="${num(h * 100)}" style="${xmlText(root)}">` +
      parts.join("") +
      "</svg>";
    return { svg: text, width: w, height: h, background: back };
  } finally {
    host.remove();
  }
}

/** A PNG (a Blob) of picture `picture` (from pictureOf), `width` pixels wide. */
export async function pngOf(picture, width) {
  const canvas = await canvasOf(picture, width);
  return await new Promise((done, fail) =>
    canvas.toBlob(b => (b ? done(b) : fail(new Error("the picture could not be made"))), "image/png"),
  );
}

/** The RGBA pixels of picture `picture`, `width` pixels wide: {pixels, width, height}. */
export async function pixelsOf(picture, width) {
  const canvas = await canvasOf(picture, width);
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  return { pixels: ctx.getImageData(0, 0, canvas.width, canvas.height).data, width, height: canvas.height };
}

/** Picture `picture`'s SVG text `width` pixels wide, and its height in pixels. */
function sized(picture, width) {
  const height = Math.round((width * picture.height) / picture.width);
  return {
    svg: picture.svg.replace(/ width="[^"]*" height="[^"]*"/, ` width="${width}" height="${height}"`),
    height,
  };
}

/** Picture `picture` drawn on a canvas `width` pixels wide. */
async function canvasOf(picture, width) {
  const { svg, height } = sized(picture, width);
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const img = new Image(width, height);
    img.src = url;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = /** @type {CanvasRenderingContext2D} */ (
      canvas.getContext("2d", { willReadFrequently: true })
    );
    ctx.fillStyle = picture.background; // (opaque to the last pixel, whatever the rounding of its size)
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(img, 0, 0, width, height);
    return canvas;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The SVG text of `picture`, `width` pixels wide (as a file to keep). */
export function svgOf(picture, width) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${sized(picture, width).svg}\n`;
}

function leftOut(el) {
  const cls = el.getAttribute("class") || "";
  const layer = /(?:^| )layer-(\w+)/.exec(cls);
  return (layer && LEFT_OUT.has(layer[1])) || / hit(?: |$)|^hit(?: |$)/.test(cls);
}

/** `el` and what it holds as SVG text, its computed style written on it. */
function serialize(el, parentStyle) {
  const style = getComputedStyle(el);
  if (style.display === "none" || style.visibility === "hidden") return "";
  const tag = el.localName;
  let out = `<${tag}`;
  for (const a of el.attributes) if (KEPT.has(a.name)) out += ` ${a.name}="${xmlText(a.value)}"`;
  const said = [];
  for (const p of INHERITED) {
    const v = style.getPropertyValue(p);
    if (v !== parentStyle.getPropertyValue(p)) said.push(`${p}:${v}`);
  }
  for (const [p, initial] of Object.entries(OWN)) {
    const v = style.getPropertyValue(p);
    if (v && v !== initial) said.push(`${p}:${v}`);
  }
  if (said.length) out += ` style="${xmlText(said.join(";"))}"`;
  let inner = "";
  for (const node of el.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) inner += xmlText(node.textContent || "");
    else if (node.nodeType === Node.ELEMENT_NODE && !leftOut(node)) inner += serialize(node, style);
  }
  return inner ? `${out}>${inner}</${tag}>` : `${out}/>`;
}

/** The custom properties of the page's light colours: those its style sheets set on :root outside any @media. */
function lightProperties() {
  const found = new Map();
  for (const sheet of document.styleSheets) {
    let rules;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // (a sheet of another origin: none here)
    }
    for (const rule of rules) {
      if (!(rule instanceof CSSStyleRule) || rule.selectorText !== ":root") continue;
      for (let i = 0; i < rule.style.length; i++) {
        const name = rule.style[i];
        if (name.startsWith("--")) found.set(name, rule.style.getPropertyValue(name).trim());
      }
    }
  }
  return found;
}

/** The colour behind the board `svg` on the page. */
function pageBackground(svg) {
  for (let e = svg; e; e = e.parentElement) {
    const c = getComputedStyle(e).backgroundColor;
    if (c && c !== "transparent" && c !== "rgba(0, 0, 0, 0)") return c;
  }
  return getComputedStyle(document.body).backgroundColor || "#ffffff";
}

const num = v => String(Math.round(v * 1000) / 1000);
const xmlText = s =>
  String(s).replace(/[&<>"]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] || c);
