// A study made from "Your games" (#45): the selected games, each a chapter
// with its whole tree (its variations, comments, glyphs and drawings), as
// one link, shown under the records' buttons to copy.  A study too large for
// a link says so: its games are then shared as a records file ("Export
// selected"), which holds several games too.  Its title can be changed (the
// link is made again); the code of an <iframe> showing it (embed.html) is
// given beside it.

import { $, copyField } from "../app/dom.js";
import { t } from "../i18n/i18n.js";
import { studyFragment } from "./studylink.js";
import { embedSnippet, embedURL, pageURL } from "../embed/embedlinks.js";

/** Say `text` where the records' actions report. */
function say(text) {
  $("import-summary").textContent = text;
}

/** The study shown (its title follows the title field). @type {any} */
let shown = null;

/** Make `study`'s link and show it ready to copy, with the code that puts it
 * on another page; or say why it cannot be one. */
export async function showStudyLink(study) {
  shown = study;
  const title = /** @type {HTMLInputElement} */ ($("study-title"));
  if (!title.dataset.wired) {
    title.dataset.wired = "yes";
    title.addEventListener("change", () => {
      if (shown) showStudyLink({ ...shown, title: title.value });
    });
  }
  title.value = study.title;
  const out = $("study-out");
  const input = /** @type {HTMLInputElement} */ ($("study-link"));
  let fragment;
  try {
    fragment = await studyFragment(study);
  } catch (err) {
    out.hidden = true;
    say(/** @type {any} */ (err).words || String(err));
    return;
  }
  input.value = pageURL(location.href, fragment);
  /** @type {HTMLTextAreaElement} */ ($("study-embed")).value = embedSnippet(
    embedURL(location.href, fragment),
    {
      title: `${study.title} · Gamut`,
    },
  ); // i18n: not words (a name)
  out.hidden = false;
  input.select();
  say(t("study.made", { count: study.chapters.length, length: input.value.length.toLocaleString() }));
}

/** Copy the link shown. */
export async function copyStudyLink() {
  const copied = await copyField(/** @type {HTMLInputElement} */ ($("study-link")));
  say(copied ? t("study.copied") : t("share.embed.copyRefused")); // (refused: selected, Ctrl+C copies it)
}
