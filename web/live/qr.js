// The QR code of a live link (#46), for a friend's phone next to the player:
// the encoder is uqr (MIT, pinned in package.json, copied by the build into
// vendor/uqr.js with its licence), loaded only when a link is shown; this
// module draws its modules as one SVG path (a run of dark modules in a row
// is one rectangle), black on white with a quiet zone, whatever the theme:
// a scanner needs the contrast.

const SVG = "http://www.w3.org/2000/svg";
/** The quiet zone around the code, in modules (the standard asks for 4; phones read 2). */
export const BORDER = 2;

/** @type {Promise<any> | null} */
let encoder = null;

/** uqr's module (loaded once, on first use). */
export function loadEncoder() {
  encoder ??= import(new URL("../vendor/uqr.js", import.meta.url).href);
  return encoder;
}

/**
 * The code of `text`: {path, size, version}.  `encode`: uqr's encode().
 * `path` is SVG path data in module units covering exactly the dark modules.
 * @param {string} text
 * @param {(text: string, options: object) => {data: boolean[][], size: number, version: number}} encode
 */
export function qrCode(text, encode) {
  const { data, size, version } = encode(text, { ecc: "L", border: BORDER });
  const parts = [];
  data.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let run = 1;
      while (x + run < row.length && row[x + run]) run++;
      parts.push(`M${x} ${y}h${run}v1h-${run}z`);
      x += run - 1;
    }
  });
  return { path: parts.join(""), size, version };
}

/** Draw the code of `text` into `box` (an element; its old code replaced) once the encoder is here. */
export async function drawQr(box, text, label) {
  const { encode } = await loadEncoder();
  if (box.dataset.text === text) return;
  const { path, size, version } = qrCode(text, encode);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  const paper = document.createElementNS(SVG, "rect");
  paper.setAttribute("width", String(size));
  paper.setAttribute("height", String(size));
  paper.setAttribute("fill", "#fff");
  const ink = document.createElementNS(SVG, "path");
  ink.setAttribute("d", path);
  ink.setAttribute("fill", "#000");
  svg.append(paper, ink);
  box.replaceChildren(svg);
  box.dataset.text = text;
  box.dataset.version = String(version);
}
