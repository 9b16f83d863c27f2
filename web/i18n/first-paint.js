// The one classic (not module) script of the page, run before its first
// paint: when the page is about to speak another language than the
// English its markup is written in, <html data-i18n-pending> hides the
// markup's words (i18n.css) until app.js has put the catalog's in (the
// layout stays where it is; nothing jumps).  It only guesses: the stored
// choice, else the browser's first language.  The real choice, from the
// list of languages we have, is web/i18n/languages.js's; a wrong guess
// costs no more than words shown a moment later.  Should app.js never
// run, the words show anyway after a few seconds.
(() => {
  const root = document.documentElement;
  let first = "en";
  try {
    first = localStorage.getItem("gamut.lang") || navigator.languages?.[0] || navigator.language || "en";
  } catch {
    first = navigator.language || "en";
  }
  if (/^en\b/i.test(first)) return;
  root.setAttribute("data-i18n-pending", "");
  setTimeout(() => root.removeAttribute("data-i18n-pending"), 4000);
})();
