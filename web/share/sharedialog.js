// The Share dialog (#45): the position on a screen's board as a picture,
// PNG or SVG, at a chosen width; with or without coordinates, the player's
// arrows and circles and a caption; in the page's colours or the default
// ones.  Downloaded, copied to the clipboard, or given to the device's share
// sheet where the browser has one.  Any screen with a board opens it with
// what it shows (openShare); the dialog keeps the player's choices for the
// next time.  The picture is the board's own drawing (boardimage.js).

import { h, saveFile } from "../app/dom.js";
import { t } from "../i18n/i18n.js";
import { IMAGE_WIDTHS, pictureOf, pngOf, svgOf } from "./boardimage.js";

/**
 * @typedef {{drawing: any, shapes?: string[][], caption?: string, name: string}} ShareSource
 *   drawing: the board's BoardDrawing; shapes: its arrows and circles;
 *   caption: the line offered under the picture; name: the files' name, without extension
 */

/** The player's choices, kept while the page lives. */
const choice = { width: 800, coordinates: true, shapes: true, caption: true, colours: "page" };
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
  const buttons = [...dialog.querySelectorAll(".share-actions button:not(#share-close)")];
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
