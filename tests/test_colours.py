"""The page's colours, light and dark, checked for contrast (WCAG 2.2).

Every colour of web/style.css, web/board/board.css, web/rules/rules.css and web/panels/notes.css is a custom property (set
in web/theme.css, and notes.css's own in notes.css): a
light set in ``:root`` and a dark set in ``@media (prefers-color-scheme:
dark) { :root { ... } }``.  This test reads the real rules of both files:
for a pair such as "the text of a primary button on its background" it looks
up the declarations of those selectors, resolves their ``var()`` in each
theme, lays translucent colours over what is under them, and computes the
WCAG contrast ratio.  Text needs 4.5:1 (3:1 for large text: the written
numbers of EL, the palette), pieces, markers and the move input's targets
3:1 against every cell they are drawn on (a piece counts its fill or its
edge: a white disc on a light square is seen by its dark edge).  A change
of a colour that breaks a pair fails here, in the theme it breaks.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
THEMES = ("light", "dark")


# -- reading the style sheets ------------------------------------------------------


def _blocks(text: str) -> list[tuple[str, object]]:
    """CSS as a list of (prelude, body): body is the declaration text of a
    rule, or the list of blocks inside an at-rule such as @media."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    out: list[tuple[str, object]] = []
    i = 0
    while True:
        start = text.find("{", i)
        if start < 0:
            return out
        prelude = text[i:start].strip()
        depth, j = 1, start + 1
        while depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        inner = text[start + 1 : j - 1]
        if prelude.startswith("@media") or prelude.startswith("@supports"):
            out.append((prelude, _blocks(inner)))
        else:
            out.append((prelude, inner))
        i = j


def _declarations(body: str) -> dict[str, str]:
    decls = {}
    for part in body.split(";"):
        if ":" in part:
            name, value = part.split(":", 1)
            decls[name.strip()] = value.strip()
    return decls


class Sheet:
    """Both style sheets: the custom properties of each theme and each
    selector's declarations (outside @media: colours are never set there,
    only in the dark theme's :root)."""

    def __init__(self, *paths: Path):
        self.tokens: dict[str, dict[str, str]] = {"light": {}, "dark": {}}
        self.rules: dict[str, dict[str, str]] = {}
        self.text = ""
        for path in paths:
            text = path.read_text(encoding="utf-8")
            self.text += text
            for prelude, body in _blocks(text):
                if isinstance(body, list):
                    dark = "prefers-color-scheme: dark" in prelude
                    for inner_prelude, inner in body:
                        if dark and inner_prelude == ":root":
                            self.tokens["dark"].update(_custom(inner))
                    continue
                decls = _declarations(body)
                if prelude == ":root":
                    self.tokens["light"].update(_custom(body))
                for selector in prelude.split(","):
                    self.rules.setdefault(" ".join(selector.split()), {}).update(decls)

    def value(self, selector: str, prop: str, theme: str) -> str:
        decls = self.rules.get(selector)
        assert decls is not None, f"no rule for {selector!r}"
        value = decls.get(prop)
        if value is None and prop == "background":
            value = decls.get("background-color")
        assert value is not None, f"{selector!r} sets no {prop}"
        return self.resolve(value, theme)

    def resolve(self, value: str, theme: str) -> str:
        tokens = {**self.tokens["light"], **(self.tokens["dark"] if theme == "dark" else {})}
        for _ in range(10):
            m = re.search(r"var\((--[\w-]+)\)", value)
            if not m:
                return value
            assert m.group(1) in tokens, f"{m.group(1)} is not defined"
            value = value[: m.start()] + tokens[m.group(1)] + value[m.end() :]
        raise AssertionError(f"var() loop in {value}")


def _custom(body: str) -> dict[str, str]:
    return {k: v for k, v in _declarations(body).items() if k.startswith("--")}


SHEET = Sheet(
    WEB / "theme.css",
    WEB / "style.css",
    WEB / "board" / "board.css",
    WEB / "panels" / "end.css",
    WEB / "panels" / "analysis.css",
    WEB / "rules" / "rules.css",
    WEB / "panels" / "notes.css",
)


# -- colour arithmetic (WCAG 2.2 relative luminance) ---------------------------------


def rgba(text: str) -> tuple[float, float, float, float]:
    text = text.strip()
    m = re.fullmatch(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})", text)
    if m:
        h = m.group(1)
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), 1.0)
    m = re.fullmatch(r"rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)", text)
    assert m, f"not a colour: {text!r}"
    return (
        float(m.group(1)),
        float(m.group(2)),
        float(m.group(3)),
        float(m.group(4)) if m.group(4) is not None else 1.0,
    )


def over(*layers: str) -> tuple[float, float, float]:
    """The colour seen where ``layers`` (bottom first, the first opaque) are laid over each other."""
    r, g, b, a = rgba(layers[0])
    assert a == 1.0, f"the bottom layer must be opaque: {layers[0]}"
    for layer in layers[1:]:
        lr, lg, lb, la = rgba(layer)
        r, g, b = (lr * la + r * (1 - la), lg * la + g * (1 - la), lb * la + b * (1 - la))
    return (r, g, b)


def luminance(rgb) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_contrast_arithmetic():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast(over("#ffffff"), over("#767676")) == pytest.approx(4.54, abs=0.01)  # the AA grey
    assert over("#ffffff", "rgba(0, 0, 0, .5)") == (127.5, 127.5, 127.5)


# -- what is drawn on what -----------------------------------------------------------
# A surface is a list of (selector, property) layers, bottom first.

PAGE = [(":root", "background")]
CARD = [(".panel", "background")]
HEADER = [(".top", "background")]
DIALOG = [("dialog", "background")]
LIST = [(".moves-box", "background")]

SQ_LIGHT = [(".board .sq.shade-0", "fill")]
SQ_DARK = [(".board .sq.shade-1", "fill")]
PAPER = [(".board .sq.shade-2", "fill")]  # EL
WOOD = [(".board .frame.wood", "fill")]  # Escabel
HEPTAGON = [(".board .poly", "fill")]  # EVL's cells for pieces
PENTAGON = [(".board .poly.shape-pentagon", "fill")]  # EVL's cells for markers


def with_(surface, *layers):
    return surface + list(layers)


LAST = (".board .hl-last", "fill")
LAST_POINTS = (".board.kind-points .hl-last", "fill")

# the cells each game puts pieces on, plain and as its last move's
PIECE_CELLS = {
    "Lines of Action, light square": SQ_LIGHT,
    "Lines of Action, dark square": SQ_DARK,
    "Lines of Action, last move on a light square": with_(SQ_LIGHT, LAST),
    "Lines of Action, last move on a dark square": with_(SQ_DARK, LAST),
    "Escabel, the wood": WOOD,
    "Escabel, last move": with_(WOOD, LAST_POINTS),
    "EVL, heptagon": HEPTAGON,
    "EVL, last move": with_(HEPTAGON, LAST),
}
# the cells the move input marks (targets) in every game
TARGET_CELLS = {
    **{k: v for k, v in PIECE_CELLS.items() if "last" not in k},
    "EL, paper": PAPER,
    "EL, last move": with_(PAPER, LAST),
}

TEXT: list[tuple[str, tuple[str, str], list, float]] = [
    # (what, the text's (selector, property), the surface under it, the ratio it needs)
    ("page text", (":root", "color"), PAGE, 4.5),
    ("panel text", (":root", "color"), CARD, 4.5),
    ("muted text on the panel", (".subtitle", "color"), CARD, 4.5),
    ("muted text on the page", (".subtitle", "color"), PAGE, 4.5),
    ("status line", (".status", "color"), CARD, 4.5),
    ("header link", (".brand", "color"), HEADER, 4.5),
    ("game tab", (".pick", "color"), HEADER, 4.5),
    ("game tab, hovered", (".pick", "color"), [(".pick:hover", "background")], 4.5),
    ("current game tab", ('.pick[aria-current="true"]', "color"), HEADER, 4.5),
    ("links", ("a", "color"), PAGE, 4.5),
    ("links in a dialog", ("a", "color"), DIALOG, 4.5),
    ("turn tag", (".turn-tag", "color"), [(".player.to-move", "background")], 4.5),
    ("player to move", (":root", "color"), [(".player.to-move", "background")], 4.5),
    ("counters", (".counter", "color"), CARD, 4.5),
    ("counters of the player to move", (".counter", "color"), [(".player.to-move", "background")], 4.5),
    ("an illegal move explained", ('.explain[data-kind="illegal"]', "color"), CARD, 4.5),
    ("information", ('.explain[data-kind="info"]', "color"), CARD, 4.5),
    ("a button's text", (":root", "color"), [("button", "background")], 4.5),
    ("a primary button's text", ("button.primary", "color"), [("button.primary", "background")], 4.5),
    (
        "a primary button's text, hovered",
        ("button.primary", "color"),
        [("button.primary:hover:not(:disabled)", "background")],
        4.5,
    ),
    ("a move button", (".actions .move-button", "color"), [(".actions .move-button", "background")], 4.5),
    ("a select", (".seat-kind", "color"), [(".seat-kind", "background")], 4.5),
    ("the current move", (".moves .mv.current", "color"), [(".moves .mv.current", "background")], 4.5),
    ("moves", (":root", "color"), LIST, 4.5),
    ("moves, striped rows", (":root", "color"), [(".moves .row.stripe", "background")], 4.5),
    ("move numbers", (".moves .num", "color"), [(".moves .row.stripe", "background")], 4.5),
    (
        "a turn's second move",
        (".moves .turn .mv + .mv", "color"),
        [(".moves .row.stripe", "background")],
        4.5,
    ),
    ("a hovered move", (":root", "color"), [(".moves .mv:hover", "background")], 4.5),
    # a move's notes (panels/notes.css, #41: a comment was 1.8:1 in the dark)
    ("a move's comment", (".moves .comment", "color"), LIST, 4.5),
    (
        "a move's comment, striped rows",
        (".moves .comment", "color"),
        [(".moves .row.stripe", "background")],
        4.5,
    ),
    ("a hovered comment", (".moves .comment", "color"), [(".moves .comment:hover", "background")], 4.5),
    *[
        (f"the glyph {g}", (f'.moves .mv[data-glyph="{g}"] .nag', "color"), LIST, 4.5)
        for g in ("!", "?", "??", "!!", "!?", "?!")
    ],
    ("the result", (":root", "color"), [(".result-row", "background")], 4.5),
    ("the result's reason", (".result span", "color"), [(".result-row", "background")], 4.5),
    ("a notice", (":root", "color"), [(".notice", "background")], 4.5),
    ("an error notice", (":root", "color"), [('.notice[data-kind="error"]', "background")], 4.5),
    ("the engine failed", (".loading.failed", "color"), [(".loading.failed", "background")], 4.5),
    ("loading", (".loading-text", "color"), [(".loading", "background")], 4.5),
    ("the computer thinking", (":root", "color"), [(".ai", "background")], 4.5),
    ("its evaluation", (".ai-eval", "color"), [(".ai", "background")], 4.5),
    ("a hint", (":root", "color"), [('.ai[data-state="hint"]', "background")], 4.5),
    ("sending the link", (":root", "color"), [(".send", "background")], 4.5),
    ("dialog text", ("dialog", "color"), DIALOG, 4.5),
    ("dialog notes", (".about", "color"), DIALOG, 4.5),
    ("dialog selects", (":root", "color"), [(".field select", "background")], 4.5),
    ("a saved game", (".game-meta", "color"), [(".game-row", "background")], 4.5),
    ("a damaged saved game", (":root", "color"), [(".game-row.damaged", "background")], 4.5),
    ("the header's menus", ("a", "color"), [(".header-menu ul", "background")], 4.5),
    # the board's own text
    ("files and ranks beside the board", (".board .coord", "fill"), PAGE, 4.5),
    ("EVL's cell names", (".board .coord.cell-name", "fill"), HEPTAGON, 4.5),
    ("EVL's cell names on pentagons", (".board .coord.cell-name", "fill"), PENTAGON, 4.5),
    ("cell names in the rules' diagrams", (".board .cell-name-mark", "fill"), PENTAGON, 4.5),
    (
        "cell names on squares in the rules' diagrams",
        (".board.kind-squares .cell-name-mark", "fill"),
        SQ_DARK,
        4.5,
    ),
]
# a stack's height written on a disc, and the cue glyph of a coloured disc
for colour, on in [
    ("black", "black"),
    ("white", "white"),
    ("red", "red"),
    ("blue", "blue"),
    ("green", "green"),
    ("yellow", "yellow"),
]:
    TEXT.append(
        (
            f"a height on a {colour} disc",
            (f".board .label.on-{on}", "fill"),
            [(f".board .disc.c-{colour}", "fill")],
            4.5,
        )
    )
# EL: numbers written in the seat's colour on the paper, large and bold; notes small
for colour in ("red", "blue", "green", "yellow"):
    for where, surface in (("paper", PAPER), ("last move", with_(PAPER, LAST))):
        TEXT.append(
            (
                f"EL: a {colour} number on the {where}",
                (f".board .written-label.c-{colour}", "fill"),
                surface,
                3.0,
            )
        )
        TEXT.append(
            (f"EL: a {colour} note on the {where}", (f".board .annotation.c-{colour}", "fill"), surface, 4.5)
        )
    TEXT.append((f"EL: the {colour} palette", (f".pal.c-{colour}", "color"), [(".pal", "background")], 3.0))
    TEXT.append(
        (
            f"EL: the {colour} palette, chosen",
            (f".pal.c-{colour}", "color"),
            [('.pal[aria-pressed="true"]', "background")],
            3.0,
        )
    )
TEXT.append(("EL: a note of nobody's", (".board .annotation.c-none", "fill"), PAPER, 4.5))
TEXT.append(
    (
        "the engine's line numbered on the board",
        (".board .suggest-step text", "fill"),
        [(".board .suggest-step circle", "fill")],
        4.5,
    )
)


def _surface(layers, theme):
    return over(*(SHEET.value(sel, prop, theme) for sel, prop in layers))


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("what, text, surface, need", TEXT, ids=[t[0] for t in TEXT])
def test_text_contrast(theme, what, text, surface, need):
    fg = SHEET.value(*text, theme)
    under = _surface(surface, theme)
    ratio = contrast(over(_css_hex(under), fg), under)
    assert ratio >= need, f"{theme}: {what}: {fg} on {_css_hex(under)} is {ratio:.2f}:1 (needs {need}:1)"


def _css_hex(rgb) -> str:
    return "#" + "".join(f"{round(c):02x}" for c in rgb)


def _seen(part: str, surface) -> float:
    return contrast(over(_css_hex(surface), part), surface)


PIECES = ["black", "white"]  # the colours of the discs of Lines of Action, Escabel and EVL


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("cell", list(PIECE_CELLS))
@pytest.mark.parametrize("colour", PIECES)
def test_pieces_against_cells(theme, cell, colour):
    under = _surface(PIECE_CELLS[cell], theme)
    fill = SHEET.value(f".board .disc.c-{colour}", "fill", theme)
    edge = SHEET.value(f".board .disc.c-{colour}", "stroke", theme)
    best = max(_seen(fill, under), _seen(edge, under))
    assert best >= 3, (
        f"{theme}: a {colour} piece on {cell}: fill {fill}, edge {edge} on {_css_hex(under)}: {best:.2f}:1"
    )


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("colour", PIECES)
def test_escabel_sides_against_the_wood(theme, colour):
    # each side's line (drawn inside the wood's frame) lies on a dark casing:
    # the line stands out from the wood, or the casing does and the line from it
    line = SHEET.value(f".board .edge.c-{colour}", "stroke", theme)
    casing = SHEET.value(".board .edge-casing", "stroke", theme)
    for name, surface in (("wood", WOOD),):
        under = _surface(surface, theme)
        seen = _seen(line, under) >= 3 or (_seen(casing, under) >= 3 and _seen(line, over(casing)) >= 3)
        assert seen, f"{theme}: the {colour} side on the {name}: {line} on {casing} on {_css_hex(under)}"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("colour", PIECES)
def test_evl_markers_against_pentagons(theme, colour):
    # on the pentagon, plain and tinted by the highlight of the move that
    # captured it (drawn under the markers: the tile keeps its colour)
    fill = SHEET.value(f".board .marker.c-{colour}", "fill", theme)
    edge = SHEET.value(f".board .marker.c-{colour}", "stroke", theme)
    for name, cell in (
        ("pentagon", PENTAGON),
        ("captured pentagon", with_(PENTAGON, (".board .hl-capture", "fill"))),
    ):
        under = _surface(cell, theme)
        best = max(_seen(fill, under), _seen(edge, under))
        assert best >= 3, f"{theme}: a {colour} marker on a {name}: {best:.2f}:1"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("cell", list(TARGET_CELLS))
def test_targets_against_cells(theme, cell):
    under = _surface(TARGET_CELLS[cell], theme)
    dot = SHEET.value(".board .target", "fill", theme)
    ring = SHEET.value(".board .target.capture", "stroke", theme)
    assert _seen(dot, under) >= 3, f"{theme}: a target on {cell}: {_seen(dot, under):.2f}:1"
    assert _seen(ring, under) >= 3, f"{theme}: a capture ring on {cell}: {_seen(ring, under):.2f}:1"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("colour", ["red", "blue", "green", "yellow"])
def test_cues_on_coloured_discs(theme, colour):
    # the colour-blind cue (a glyph) on a disc of that colour
    cue_class = f".cue-on-{colour}"
    cue = SHEET.resolve(SHEET.rules[_selector_with(cue_class)]["--cue"], theme)
    disc = SHEET.value(f".board .disc.c-{colour}", "fill", theme)
    assert contrast(over(cue), over(disc)) >= 3, f"{theme}: the cue on a {colour} disc"


def _selector_with(cls: str) -> str:
    return next(s for s in SHEET.rules if s == cls)


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("colour", PIECES)
@pytest.mark.parametrize("where", [".panel", ".player.to-move"])
def test_seat_swatches(theme, colour, where):
    under = _surface([(where, "background"), (".swatch", "background")], theme)  # (its tile, if any)
    fill = SHEET.value(f".swatch .disc.c-{colour}", "fill", theme)
    edge = SHEET.value(f".swatch .disc.c-{colour}", "stroke", theme)
    assert max(_seen(fill, under), _seen(edge, under)) >= 3, f"{theme}: the {colour} swatch on {where}"


def test_every_colour_is_a_custom_property():
    """Colours are written only in the two themes' :root blocks: a rule that
    wrote one directly would not follow the dark theme (and escape this test)."""
    literal = re.compile(r"#[0-9a-fA-F]{3,8}\b|rgba?\(|\b(white|black)\b")
    for path in sorted(WEB.rglob("*.css")):  # (every style sheet of the page, a new one too)
        for prelude, body in _blocks(path.read_text(encoding="utf-8")):
            inner = body if isinstance(body, list) else [(prelude, body)]
            for sel, decls in inner:
                if sel == ":root" or isinstance(decls, list):
                    continue
                for prop, value in _declarations(decls).items():
                    if prop.startswith("--") and "var(" in value:
                        continue
                    assert not literal.search(re.sub(r"var\([^)]*\)", "", value)), (
                        f"{path.name}: {sel} {{ {prop}: {value} }}: use a custom property"
                    )


def test_the_dark_theme_sets_what_the_light_one_does():
    light, dark = SHEET.tokens["light"], SHEET.tokens["dark"]
    colours = {k for k, v in light.items() if re.match(r"#|rgba?\(", v)}
    assert set(dark) <= set(light), f"dark-only properties: {set(dark) - set(light)}"
    # the page's surfaces and text change; the boards may keep their colours
    for name in (
        "--bg",
        "--card",
        "--text",
        "--muted",
        "--border",
        "--header-bg",
        "--field-bg",
        "--button-bg",
        "--accent",
        "--accent-soft",
        "--list-bg",
        "--row-alt",
    ):
        assert name in colours and dark.get(name) not in (None, light[name]), name
