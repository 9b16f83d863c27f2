"""Every text of the main screens meets WCAG AA in both themes (issue #41, defect 9).

The page walks its own visible texts (CONTRAST below): for each element with
text of its own, the computed colour against its effective background (the
first opaque background among its ancestors, with the see-through ones
between laid over it; the element's and its ancestors' opacity applied to
the text), and lists those under 4.5:1 (3:1 for large text).  Disabled
controls are exempt (WCAG: inactive components).  Screens: the start panel
of a first visit, the settings dialog, a game against the computer with a
move's glyph and comment in the list and the notes editor open, and a
lesson.  Three ways to a theme: light, dark as the system's, and dark chosen
in the settings while the system is light (a sheet whose dark colours only
follow the system left the comments at 1.8:1 there).
"""

from __future__ import annotations

import pytest
from conftest import wait_engine_ready
from pagekit import open_hash, wait_idle
from playwright.sync_api import expect

CONTRAST = """scope => {
  const parse = value => {
    let m = value.match(/^rgba?\\(([^)]+)\\)$/);
    if (m) {
      const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    }
    m = value.match(/^color\\(srgb ([^)]+)\\)$/);
    if (m) {
      const p = m[1].split(/[ /]+/).filter(Boolean).map(Number);
      return [p[0] * 255, p[1] * 255, p[2] * 255, p.length > 3 ? p[3] : 1];
    }
    return null;
  };
  const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
  const lum = c => [0, 1, 2].map(i => c[i] / 255)
    .map(v => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const ground = el => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) layers.push(c);
      if (c && c[3] >= 1) break;
    }
    let base = [255, 255, 255, 1];
    for (const c of layers.reverse()) base = c[3] >= 1 ? c : over(c, base);
    return base;
  };
  const opacity = el => { let o = 1; for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity); return o; };
  const out = [];
  const seen = [];
  for (const el of document.querySelectorAll(scope + ", " + scope + " *")) {
    if (el.closest("svg, option, script, style, noscript")) continue;
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 2 || r.height <= 2) continue;
    if (el.closest(":disabled, [aria-disabled=true]")) continue;
    const style = getComputedStyle(el);
    const color = parse(style.color);
    if (!color) continue;
    seen.push(el);
    const bg = ground(el);
    const ink = over([color[0], color[1], color[2], color[3] * opacity(el)], bg);
    const size = parseFloat(style.fontSize);
    const need = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700) ? 3 : 4.5;
    const got = ratio(ink, bg);
    if (got < need - 0.005) out.push({
      text: el.textContent.trim().slice(0, 40),
      where: el.tagName.toLowerCase() + "#" + el.id + "." + [...el.classList].join("."),
      ratio: Math.round(got * 100) / 100, need, color: style.color,
      ground: "rgb(" + bg.slice(0, 3).map(Math.round).join(",") + ")",
    });
  }
  return { checked: seen.length, low: out };
}"""

THEMES = {
    "light": ("light", None),
    "dark-system": ("dark", None),
    "dark-chosen": ("light", "dark"),  # the system light, dark chosen in the settings
}
GAME = "#v1/loa/standard/-/b1-d3,h2-f4,c1xf4,a2-c4/players=h,c:beginner"


def check(page, scope: str, what: str, theme: str, least: int = 3) -> None:
    found = page.evaluate(CONTRAST, scope)
    assert found["checked"] >= least, f"{what}: only {found['checked']} texts seen"
    assert not found["low"], f"{what} in {theme}: text under WCAG AA: {found['low']}"


@pytest.mark.parametrize("theme", list(THEMES))
def test_every_text_meets_wcag_aa(theme, new_context, site_url):
    system, chosen = THEMES[theme]
    page = new_context(viewport={"width": 1280, "height": 800}, color_scheme=system).new_page()
    page.goto(site_url)
    wait_engine_ready(page)
    wait_idle(page)
    # the settings dialog (where the dark scheme is chosen)
    page.locator("#open-settings").click()
    if chosen:
        page.locator(f'#settings-dialog input[name="scheme"][value="{chosen}"]').check()
    expect(page.locator("html")).to_have_attribute("data-scheme", chosen or system)
    check(page, "#settings-dialog", "the settings", theme, least=10)
    page.locator("#settings-close").click()
    # a first visit: the start panel beside the board
    expect(page.locator("#start")).to_be_visible()
    check(page, "body", "the start panel", theme, least=15)
    # a game against the computer, with a glyph and a comment on its last move
    open_hash(page, GAME)
    expect(page.locator("#moves .mv")).to_have_count(4)
    page.locator("#notes-toggle").click()
    expect(page.locator("#notes")).to_be_visible()
    page.click('#notes .glyph-button[data-glyph="?!"]')
    page.fill("#notes .comment-input", "A quiet move that keeps the centre.")
    page.press("#notes .comment-input", "Enter")
    expect(page.locator("#moves .comment")).to_have_text(["A quiet move that keeps the centre."])
    page.locator("#move-input").focus()  # (its help shown)
    expect(page.locator("#move-help")).to_be_visible()
    check(page, "body", "the play screen", theme, least=30)
    # a lesson
    page.evaluate("() => { location.hash = '#learn/loa'; }")
    expect(page.locator("#lesson-page")).to_be_visible()
    page.wait_for_function("document.documentElement.dataset.lesson === 'play'")
    check(page, "#lesson-page", "a lesson", theme, least=3)
