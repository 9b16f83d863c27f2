// The Share dialog (#45): the position on a screen's board as a picture,
// PNG or SVG, at a chosen width; with or without coordinates, the player's
// arrows and circles and a caption; in the page's colours or the default
// ones.  Downloaded, copied to the clipboard, or given to the device's share
// sheet where the browser has one.  Any screen with a board opens it with
// what it shows (openShare); the dialog keeps the player's choices for the
// next time.  The picture is the board's own drawing (boardimage.js).

import { copyField, h, saveFile } from "../app/dom.js";
import { t } from "../i18n/i18n.js";
import { IMAGE_WIDTHS, pictureOf, pngOf, svgOf } from "./boardimage.js";
import { makeGif } from "./gifmaker.js";
import { embedSnippet, embedURL, pageURL } from "../embed/embedlinks.js";
import { studyFragment } from "../study/studylink.js";

/**
 * @typedef {{drawing: any, shapes?: string[][], caption?: string, name: string, gif?: GifSource,
 *   embed?: {fragment: string, title: string}, study?: any}} ShareSource
 *   drawing: the board's BoardDrawing; shapes: its arrows and circles;
 *   caption: the line offered under the picture; name: the files' name, without extension;
 *   gif: the line a GIF can show (the play page's); embed: the game's link and its
 *   title, for the code that puts the board on another page (embed.html); study: the game
 *   as a study of one chapter ({title, chapters}: study/studylink.js), its variations kept
 * @typedef {{moves: number, viewed: number, viewAt: (ply: number) => Promise<any>,
 *   captionAt: (ply: number) => string}} GifSource
 *   moves: the line's length; viewed: the move viewed (the GIF's end at first)
 */

/** A GIF's widest frame (px): its frames are kept as pixels while they are encoded. */
const GIF_MOST_WIDTH = 800;
/** The time each move is shown, ms (the first the GIF's at first). */
const GIF_DELAYS = [1000, 500, 2000];

/** The player's choices, kept while the page lives. */
const choice = { width: 800, coordinates: true, shapes: true, caption: true, colours: "page", delay: 1000 };
/** The GIF being made (its Cancel aborts it). @type {AbortController | null} */
let making = null;
/** The dialog, made once. @type {HTMLDialogElement | null} */
let dialog = null;
/** What the dialog shows now. @type {ShareSource | null} */
let source = null;
let previewUrl = "";

/** Open the Share dialog on `src`'s board. */
export function openShare(src) {
  source = src;
  const d = make();
  // (its words made again at each opening: the page's language may have changed)
  d.replaceChildren(...content(src));
  drawPreview();
  if (!d.open) d.showModal();
}

function make() {
  if (!dialog) {
    dialog = /** @type {HTMLDialogElement} */ (
      h("dialog", { id: "share-dialog", class: "share", "aria-labelledby": "share-title" })
    );
    dialog.addEventListener("close", () => {
      making?.abort();
      if (previewUrl) URL.revokeObjectURL(previewUrl);
      previewUrl = "";
      source = null;
    });
    document.body.append(dialog);
  }
  return dialog;
}

/** The picture of the source, as the choices say. */
function picture() {
  const src = /** @type {ShareSource} */ (source);
  return pictureOf(src.drawing, {
    coordinates: choice.coordinates,
    shapes: choice.shapes ? src.shapes || [] : [],
    colours: /** @type {"page" | "default"} */ (choice.colours),
    caption: choice.caption ? src.caption || "" : "",
  });
}

function content(src) {
  const check = (id, key, label) =>
    h(
      "label",
      { class: "share-check" },
      h("input", {
        type: "checkbox",
        id,
        checked: choice[key],
        onchange: e => {
          choice[key] = e.target.checked;
          drawPreview();
        },
      }),
      ` ${label}`,
    );
  const width = h(
    "select",
    {
      id: "share-width",
      onchange: e => {
        choice.width = Number(e.target.value);
      },
    },
    ...IMAGE_WIDTHS.map(w => h("option", { value: String(w), selected: w === choice.width }, `${w} px`)), // i18n: not words (a width)
  );
  const colours = h(
    "select",
    {
      id: "share-colours",
      onchange: e => {
        choice.colours = e.target.value;
        drawPreview();
      },
    },
    h("option", { value: "page", selected: choice.colours === "page" }, t("share.colours.page")),
    h("option", { value: "default", selected: choice.colours === "default" }, t("share.colours.default")),
  );
  const canShare = !!(navigator.canShare && navigator.share);
  return [
    h("h2", { id: "share-title" }, t("share.title")),
    h(
      "div",
      { class: "share-body" },
      h("img", { id: "share-preview", class: "share-preview", alt: t("share.preview") }),
      h(
        "div",
        { class: "share-options" },
        h("label", { class: "share-field" }, t("share.width"), " ", width),
        h("label", { class: "share-field" }, t("share.colours"), " ", colours),
        check("share-coordinates", "coordinates", t("share.coordinates")),
        check("share-shapes", "shapes", t("share.shapes")),
        src.caption ? check("share-caption", "caption", t("share.caption")) : null,
      ),
    ),
    src.gif ? gifPart(src.gif) : null,
    src.embed ? embedPart(src.embed) : null,
    src.study ? studyPart(src.study) : null,
    h("p", { id: "share-status", class: "share-status", role: "status" }),
    h(
      "div",
      { class: "dialog-actions share-actions" },
      h(
        "button",
        { type: "button", id: "share-png", class: "primary", onclick: () => run(savePng) },
        t("share.png"),
      ),
      h("button", { type: "button", id: "share-svg", onclick: () => run(saveSvg) }, t("share.svg")),
      h("button", { type: "button", id: "share-copy", onclick: () => run(copyPng) }, t("share.copy")),
      canShare
        ? h("button", { type: "button", id: "share-send", onclick: () => run(sendPng) }, t("share.send"))
        : null,
      h("button", { type: "button", id: "share-close", onclick: () => dialog?.close() }, t("common.close")),
    ),
  ];
}

/** The preview: the picture as SVG, in the dialog. */
function drawPreview() {
  if (!dialog || !source) return;
  const img = /** @type {HTMLImageElement} */ (dialog.querySelector("#share-preview"));
  say("");
  try {
    const text = svgOf(picture(), 480);
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
    img.src = previewUrl;
  } catch {
    say(t("share.failed"));
  }
}

function say(text) {
  const status = dialog && dialog.querySelector("#share-status");
  if (status) status.textContent = text;
}

/** Run `action`, the dialog's buttons off meanwhile; a failure said in the dialog. */
async function run(action) {
  if (!dialog || !source) return;
  const buttons = [...dialog.querySelectorAll(".share-actions button:not(#share-close), #share-gif")];
  for (const b of buttons) b.setAttribute("disabled", "");
  dialog.dataset.busy = "yes";
  try {
    await action(/** @type {ShareSource} */ (source));
  } catch (e) {
    // (a refusal of the clipboard or the share sheet is the browser's, not an error of the page)
    if (!(e && e.name === "AbortError")) say(t("share.failed"));
  } finally {
    for (const b of buttons) b.removeAttribute("disabled");
    delete dialog.dataset.busy;
  }
}

async function savePng(src) {
  saveFile(`${src.name}.png`, await pngOf(picture(), choice.width));
  say(t("share.saved"));
}

async function saveSvg(src) {
  saveFile(`${src.name}.svg`, new Blob([svgOf(picture(), choice.width)], { type: "image/svg+xml" }));
  say(t("share.saved"));
}

async function copyPng() {
  if (!navigator.clipboard || typeof ClipboardItem === "undefined") {
    say(t("share.copyRefused"));
    return;
  }
  const png = pngOf(picture(), choice.width);
  try {
    await navigator.clipboard.write([new ClipboardItem({ "image/png": png })]);
    say(t("share.copied"));
  } catch {
    say(t("share.copyRefused"));
  }
}

async function sendPng(src) {
  const file = new File([await pngOf(picture(), choice.width)], `${src.name}.png`, { type: "image/png" });
  if (!navigator.canShare({ files: [file] })) {
    say(t("share.sendRefused"));
    return;
  }
  await navigator.share({ files: [file], title: src.caption || src.name });
}

/** A part of the dialog that gives a text to copy: `field` (an input or a
 * textarea) and its button, which `fill()` (returning false: it cannot be
 * had, said already) may fill first; the copy said by `copied`. */
function copyPart({ legend, about, field, button, fill = async () => true }) {
  const copy = async () => {
    if (!(await fill())) return;
    field.hidden = false;
    say((await copyField(field)) ? button.copied : t("share.embed.copyRefused")); // (refused: selected, Ctrl+C copies it)
  };
  return h(
    "fieldset",
    { class: "share-embed" },
    h("legend", {}, legend),
    h("p", { class: "share-embed-about" }, about),
    field,
    h("button", { type: "button", id: button.id, onclick: copy }, button.label),
  );
}

/** The code that shows the game on another page: an <iframe> of embed.html
 * at the game's link, to copy. */
function embedPart({ fragment, title }) {
  const code = embedSnippet(embedURL(location.href, fragment), { title });
  return copyPart({
    legend: t("share.embed"),
    about: t("share.embed.about"),
    field: h(
      "textarea",
      { id: "share-embed-code", class: "share-embed-code", readonly: true, rows: "3" },
      code,
    ),
    button: { id: "share-embed-copy", label: t("share.embed.copy"), copied: t("share.embed.copied") },
  });
}

/** The game as a study's link: its whole tree (the variations a game's link leaves out). */
function studyPart(study) {
  const field = h("input", {
    id: "share-study-link",
    class: "share-embed-code",
    readonly: true,
    hidden: true,
  });
  const fill = async () => {
    try {
      field.value = pageURL(location.href, await studyFragment(study));
      return true;
    } catch (err) {
      say(/** @type {any} */ (err).words || t("share.failed"));
      return false;
    }
  };
  return copyPart({
    legend: t("share.study"),
    about: t("share.study.about"),
    field,
    fill,
    button: { id: "share-study", label: t("share.study.make"), copied: t("study.copied") },
  });
}

/** The GIF's part of the dialog: the moves it shows, each move's time, its button, progress and Cancel. */
function gifPart(gif) {
  const number = (id, value) =>
    h("input", {
      id,
      type: "number",
      min: "1",
      max: String(gif.moves),
      value: String(value),
      inputmode: "numeric",
    });
  const from = number("share-gif-from", 1);
  const to = number("share-gif-to", Math.max(1, gif.viewed || gif.moves));
  const delay = h(
    "select",
    {
      id: "share-gif-delay",
      onchange: e => {
        choice.delay = Number(e.target.value);
      },
    },
    ...GIF_DELAYS.map(ms =>
      h("option", { value: String(ms), selected: ms === choice.delay }, t(`share.gif.delay.${ms}`)),
    ),
  );
  const bar = h("progress", { id: "share-gif-progress", max: "1", value: "0", hidden: true });
  const cancel = h(
    "button",
    { type: "button", id: "share-gif-cancel", class: "quiet", hidden: true, onclick: () => making?.abort() },
    t("common.cancel"),
  );
  const make = h(
    "button",
    {
      type: "button",
      id: "share-gif",
      onclick: () =>
        run(async src => {
          const first = Math.min(Math.max(1, Math.round(Number(from.value)) || 1), gif.moves);
          const last = Math.min(Math.max(first, Math.round(Number(to.value)) || gif.moves), gif.moves);
          from.value = String(first);
          to.value = String(last);
          making = new AbortController();
          bar.hidden = false;
          cancel.hidden = false;
          bar.value = 0;
          try {
            const blob = await makeGif({
              drawing: src.drawing,
              viewAt: gif.viewAt,
              captionAt: ply => (choice.caption ? gif.captionAt(ply) : ""),
              from: first,
              to: last,
              width: Math.min(choice.width, GIF_MOST_WIDTH),
              delay: choice.delay,
              picture: { coordinates: choice.coordinates, colours: /** @type {any} */ (choice.colours) },
              signal: making.signal,
              onProgress: (done, total) => {
                bar.value = done / total;
                say(t("share.gif.progress", { done, total }));
              },
            });
            saveFile(`${src.name}.gif`, blob);
            say(t("share.saved"));
          } catch (e) {
            if (e && e.name === "AbortError") say(t("share.gif.cancelled"));
            else throw e;
          } finally {
            making = null;
            bar.hidden = true;
            cancel.hidden = true;
          }
        }),
    },
    t("share.gif.make"),
  );
  return h(
    "fieldset",
    { class: "share-gif" },
    h("legend", {}, t("share.gif.title")),
    h(
      "div",
      { class: "share-gif-fields" },
      h("label", { class: "share-field" }, t("share.gif.from"), " ", from),
      h("label", { class: "share-field" }, t("share.gif.to"), " ", to),
      h("label", { class: "share-field" }, t("share.gif.delay"), " ", delay),
    ),
    h("div", { class: "share-gif-run" }, make, bar, cancel),
  );
}
