// What the embedded board (embed.html, issue #45) reads from its address and
// what the Share dialog writes for a host page: plain functions, no page.
//
//   embedScheme("?theme=dark")                 -> "dark"   ("light", "dark", else "system")
//   openHref("#v1/loa/standard/-/b1-b3")       -> "./#v1/loa/standard/-/b1-b3"   (the main page, beside embed.html)
//   embedURL("https://x.org/gamut/", "#v1/…")  -> "https://x.org/gamut/embed.html#v1/…"
//   pageURL("https://x.org/gamut/#v1/a", "#study/1.…")  -> "https://x.org/gamut/#study/1.…"
//   embedSnippet(url, {title, width, height})  -> '<iframe src="…" …></iframe>'

/** The colour scheme a host asked for with `?theme=light|dark` in the frame's
 * address (`search`, as location.search); "system" (the host's, that is the
 * visitor's, preference) for anything else. */
export function embedScheme(search) {
  let asked = null;
  try {
    asked = new URLSearchParams(String(search || "")).get("theme");
  } catch {
    /* an address that cannot be read asks for nothing */
  }
  return asked === "light" || asked === "dark" ? asked : "system";
}

/** The main page's address for the same link (`hash`, with its "#"):
 * embed.html and index.html lie side by side, wherever the site is served. */
export function openHref(hash) {
  const fragment = String(hash || "").replace(/^#/, "");
  return fragment ? `./#${fragment}` : "./";
}

/** The embed page's address for the game link `hash`, on the site whose
 * pages lie at `siteURL` (the main page's address, any sub-path). */
export function embedURL(siteURL, hash) {
  const url = new URL("embed.html", siteURL);
  url.hash = String(hash || "").replace(/^#/, "");
  return url.href;
}

/** The address of the page at `pageHref` with the fragment `hash` instead of its own. */
export function pageURL(pageHref, hash) {
  const url = new URL(pageHref);
  url.hash = String(hash || "").replace(/^#/, "");
  return url.href;
}

/** An attribute's value written safely between double quotes. */
function attribute(text) {
  return String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** The `<iframe>` a host page pastes to show the board at `url`: `title`
 * (what a screen reader says of the frame), its size in CSS pixels (it
 * shrinks to the host's column: max-width 100%). */
export function embedSnippet(url, { title, width = 640, height = 400 }) {
  return (
    `<iframe src="${attribute(url)}" title="${attribute(title)}" width="${width}" height="${height}"` +
    ` style="max-width: 100%; border: 0" loading="lazy"></iframe>` // i18n: not words (HTML)
  );
}
