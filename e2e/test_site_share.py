"""The Share dialog's picture of a position (#45): from the play page (and
its analysis), the puzzles and the position editor, the position on the
board as PNG and SVG at a chosen width, with or without coordinates, arrows
and a caption, in the page's colours or the default ones; and an animated
GIF of a line.  Each picture is checked as an image: the PNG's size and
pixels and the GIF's frames (both decoded here), the SVG's pieces, last
move and winning cells against the page's board."""

from __future__ import annotations

import re
import struct
import xml.etree.ElementTree as ET
import zlib

from conftest import wait_engine_ready
from pagekit import noted, open_hash, open_site, wait_idle
from playwright.sync_api import expect
from test_site_result import finished

SVG = "{http://www.w3.org/2000/svg}"


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """A PNG's width, height and rows of RGBA pixels (8-bit RGBA, as a canvas writes it)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat, head = 8, b"", None
    while at < len(data):
        (size,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + size]
        at += 12 + size
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    assert head is not None
    width, height, depth, colour = head[:4]
    assert (depth, colour) == (8, 6), head
    raw = zlib.decompress(idat)
    stride, rows, prev = width * 4, [], bytearray(width * 4)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 4] if i >= 4 else 0
            b = prev[i]
            c = prev[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows


def gif_frames(data: bytes) -> tuple[int, int, list[tuple[int, list[int]]]]:
    """A GIF's width, height and frames: (delay in hundredths of a second, its pixels' palette indices)."""
    assert data[:6] == b"GIF89a", data[:6]
    width, height, flags = struct.unpack("<HHB", data[6:11])
    at = 13 + (3 * (2 << (flags & 7)) if flags & 0x80 else 0)
    frames, delay = [], 0
    while data[at] != 0x3B:
        kind, at = data[at], at + 1
        if kind == 0x21:
            label, at = data[at], at + 1
            blocks = []
            while data[at]:
                blocks.append(data[at + 1 : at + 1 + data[at]])
                at += 1 + data[at]
            at += 1
            if label == 0xF9:
                delay = blocks[0][1] | (blocks[0][2] << 8)
        elif kind == 0x2C:
            local = data[at + 8]
            at += 9 + (3 * (2 << (local & 7)) if local & 0x80 else 0)
            size, at = data[at], at + 1
            packed = b""
            while data[at]:
                packed += data[at + 1 : at + 1 + data[at]]
                at += 1 + data[at]
            at += 1
            frames.append((delay, unlzw(packed, size)))
        else:
            raise AssertionError(f"a block of kind {kind:#x} at {at}")
    return width, height, frames


def unlzw(data: bytes, min_size: int) -> list[int]:
    """GIF's LZW decoded (the specification's decoder, least significant bit first)."""
    clear, end = 1 << min_size, (1 << min_size) + 1
    padded = data + b"\0\0\0"  # (a code of up to 12 bits read from three bytes at any bit)
    at, out, prev = 0, [], None
    table: list[list[int] | None] = []
    size = min_size + 1

    def reset():
        nonlocal table, size
        table = [[i] for i in range(clear)] + [None, None]
        size = min_size + 1

    reset()
    while True:
        code = (int.from_bytes(padded[at >> 3 : (at >> 3) + 3], "little") >> (at & 7)) & ((1 << size) - 1)
        at += size
        if code == clear:
            reset()
            prev = None
            continue
        if code == end:
            return out
        if code < len(table) and table[code] is not None:
            entry = table[code]
        elif code == len(table) and prev is not None:
            entry = prev + prev[:1]
        else:
            raise AssertionError(f"a bad code {code}")
        out += entry
        if prev is not None:
            if len(table) < 4096:
                table.append(prev + entry[:1])
            if len(table) == 1 << size and size < 12:
                size += 1
        prev = entry


def shared(page, button: str, open_button: str = "#share") -> bytes:
    """The file the Share dialog's ``button`` downloads (the dialog opened by ``open_button``)."""
    if not page.locator("#share-dialog[open]").count():
        page.click(open_button)
    expect(page.locator("#share-dialog")).to_be_visible()
    expect(page.locator("#share-preview")).to_have_js_property("complete", True)
    with page.expect_download() as download:
        page.click(button)
    expect(page.locator("#share-dialog")).not_to_have_attribute("data-busy", "yes")
    return download.value.path().read_bytes()


GAMES = ("loa", "el", "escabel", "evl")


def share_finished(page, site_url: str, game: str, width: str = "480") -> tuple[list[str], tuple[str, ...]]:
    """A finished game of ``game`` opened by link, and its Share dialog open at
    ``width``: the game's moves and the cells its outcome names.  The site is
    loaded into ``page`` unless it shows it already (its dialog is closed)."""
    fragment, moves, cells = finished(game)
    if page.evaluate("document.documentElement.dataset.engine") == "ready":
        if page.locator("#share-dialog[open]").count():
            page.click("#share-close")
            expect(page.locator("#share-dialog")).to_be_hidden()
    else:
        page.goto(site_url)
        wait_engine_ready(page)
    open_hash(page, fragment)
    expect(page.locator("#moves .mv")).to_have_count(len(moves))
    page.click("#share")
    page.select_option("#share-width", width)
    return moves, cells


def classes(svg: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in svg.iter() if name in (e.get("class") or "").split()]


def test_a_finished_game_gives_its_position_as_png_and_svg(page, site_url):
    for game in GAMES:  # (each game in turn, on one page)
        with noted(game):
            position_as_png_and_svg(page, site_url, game)


def position_as_png_and_svg(page, site_url, game):
    moves, cells = share_finished(page, site_url, game)
    expect(page.locator("#result-badge")).to_be_visible()

    svg = ET.fromstring(shared(page, "#share-svg"))
    assert svg.tag == f"{SVG}svg"
    x, y, w, h = map(float, svg.get("viewBox").split())
    assert svg.get("width") == "480" and int(svg.get("height")) == round(480 * h / w)
    # what the page's board shows: its pieces, the last move and the winning cells
    on_page = page.evaluate(
        """() => ({pieces: document.querySelectorAll('#board .layer-pieces > *').length,
                   last: document.querySelectorAll('#board .hl-last').length,
                   win: document.querySelectorAll('#board .hl-win').length})"""
    )
    assert on_page["pieces"] > 0 and on_page["win"] == len(cells)
    layer = classes(svg, "layer-pieces")
    assert len(layer) == 1 and len(list(layer[0])) == on_page["pieces"]
    assert len(classes(svg, "hl-last")) == on_page["last"] > 0
    assert len(classes(svg, "hl-win")) == on_page["win"]
    assert not classes(svg, "hit"), "the click targets are left out"
    # its colours are written in it (it stands alone, with no style sheet)
    assert all((e.get("style") or "").count("fill") for e in classes(svg, "hl-win"))
    caption = [t for t in svg.iter(f"{SVG}text") if t.text and f"after move {len(moves)}" in t.text]
    assert caption, "the caption says the move"

    width, height, rows = png_pixels(shared(page, "#share-png"))
    assert (width, height) == (480, round(480 * h / w))
    colours = {rows[y][x * 4 : x * 4 + 4] for y in range(0, height, 7) for x in range(0, width, 7)}
    assert len(colours) >= 4, "the board's cells and pieces are drawn"
    assert all(p[3] == 255 for p in colours), "an opaque picture"


def test_options_change_the_picture_and_the_dialog_keeps_them(page, site_url):
    fragment, _moves, _cells = finished("loa")
    page.goto(site_url)
    wait_engine_ready(page)
    open_hash(page, fragment)
    page.click("#share")
    page.select_option("#share-width", "800")
    with_coords = ET.fromstring(shared(page, "#share-svg"))
    page.uncheck("#share-coordinates")
    page.uncheck("#share-caption")
    without = ET.fromstring(shared(page, "#share-svg"))
    assert classes(with_coords, "coord") and not classes(without, "coord")
    assert not [t for t in without.iter(f"{SVG}text") if t.text and "after move" in t.text]
    # without coordinates (nor caption) the board fills more of the picture
    assert float(without.get("viewBox").split()[2]) < float(with_coords.get("viewBox").split()[2])
    assert without.get("width") == "800"
    page.click("#share-close")
    expect(page.locator("#share-dialog")).to_be_hidden()
    page.click("#share")
    expect(page.locator("#share-coordinates")).not_to_be_checked()
    expect(page.locator("#share-width")).to_have_value("800")


def brightness(pixel: bytes) -> int:
    return sum(pixel[:3]) // 3


def test_in_dark_the_picture_has_the_page_colours_or_the_default_light_ones(new_context, site_url):
    page = open_site(new_context(color_scheme="dark"), site_url, finished("loa")[0])
    wait_idle(page)
    page.click("#share")
    page.select_option("#share-width", "480")
    _w, _h, seen = png_pixels(shared(page, "#share-png"))
    page.select_option("#share-colours", "default")
    _w, _h, light = png_pixels(shared(page, "#share-png"))
    # the corner is the picture's background: the page's dark one, or white
    assert brightness(seen[1][4:8]) < 100, seen[1][4:8]
    assert brightness(light[1][4:8]) > 230, light[1][4:8]


def test_the_players_arrows_are_in_the_picture_or_left_out(page, site_url):
    page.goto(site_url + "#v1/loa/standard/-/")
    wait_engine_ready(page)
    wait_idle(page)
    # an arrow drawn with the right button, d1 to d4 (as a player draws it)
    start = page.locator('#board .hit[data-cell="d1"]').bounding_box()
    end = page.locator('#board .hit[data-cell="d4"]').bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down(button="right")
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=4)
    page.mouse.up(button="right")
    expect(page.locator("#board .layer-shapes .shape")).to_have_count(1)
    page.click("#share")
    drawn = ET.fromstring(shared(page, "#share-svg"))
    assert len(classes(drawn, "shape")) == 1
    page.uncheck("#share-shapes")
    assert not classes(ET.fromstring(shared(page, "#share-svg")), "shape")


def test_the_puzzle_and_the_editor_share_their_board(page, site_url):
    page.goto(site_url + "#puzzles/loa")
    wait_engine_ready(page)
    expect(page.locator("#puzzle-share")).to_be_visible(timeout=30_000)
    expect(page.locator("#puzzle-page .layer-pieces > *").first).to_be_attached()
    on_page = page.locator("#puzzle-page .layer-pieces > *").count()
    svg = ET.fromstring(shared(page, "#share-svg", "#puzzle-share"))
    assert len(list(classes(svg, "layer-pieces")[0])) == on_page > 0
    assert [t for t in svg.iter(f"{SVG}text") if t.text and "Puzzle" in t.text]
    page.click("#share-close")

    page.goto(site_url + "#v1/loa/standard/-/")
    wait_idle(page)
    page.click("#set-up")
    expect(page.locator("#editor-share")).to_be_visible()
    width, _h, _rows = png_pixels(shared(page, "#share-png", "#editor-share"))
    assert width == 800  # (the dialog's first width)


def test_a_finished_game_gives_an_animated_gif_a_frame_a_move(page, site_url):
    for game in GAMES:  # (each game in turn, on one page)
        with noted(game):
            animated_gif(page, site_url, game)


def animated_gif(page, site_url, game):
    moves, _cells = share_finished(page, site_url, game)
    # the whole game at first (the last move is viewed), half a second a move
    expect(page.locator("#share-gif-from")).to_have_value("1")
    expect(page.locator("#share-gif-to")).to_have_value(str(len(moves)))
    page.select_option("#share-gif-delay", "500")
    with page.expect_download(timeout=120_000) as download:
        page.click("#share-gif")
    assert download.value.suggested_filename.endswith(".gif")
    width, height, frames = gif_frames(download.value.path().read_bytes())
    assert width == 480 and height > 300
    assert len(frames) == len(moves), "a frame a move"
    assert {delay for delay, _ in frames} == {50}
    assert all(len(pixels) == width * height for _, pixels in frames)
    assert frames[0][1] != frames[-1][1], "the last position is not the first"
    assert len({bytes(pixels[::97]) for _, pixels in frames}) > len(frames) // 2, (
        "the moves change the frames"
    )
    expect(page.locator("#share-status")).to_have_text("The picture is in your downloads.")


def test_a_gif_of_part_of_the_line_and_its_cancel(page, site_url):
    moves, _cells = share_finished(page, site_url, "loa")
    page.fill("#share-gif-from", "3")
    page.fill("#share-gif-to", "7")
    with page.expect_download(timeout=60_000) as download:
        page.click("#share-gif")
    assert len(gif_frames(download.value.path().read_bytes())[2]) == 5
    # a GIF of the whole game, cancelled while it is drawn: said, and the dialog usable again
    page.fill("#share-gif-from", "1")
    page.fill("#share-gif-to", str(len(moves)))
    page.click("#share-gif")
    expect(page.locator("#share-gif-cancel")).to_be_visible()
    page.click("#share-gif-cancel")
    expect(page.locator("#share-status")).to_have_text("The GIF was cancelled.")
    expect(page.locator("#share-gif")).to_be_enabled()
    expect(page.locator("#share-gif-progress")).to_be_hidden()


def test_the_picture_is_copied_to_the_clipboard_as_png(new_context, site_url):
    context = new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = open_site(context, site_url, finished("escabel")[0])
    wait_idle(page)
    page.click("#share")
    expect(page.locator("#share-preview")).to_have_js_property("complete", True)
    # (no share sheet in this browser: its button is not offered)
    expect(page.locator("#share-send")).to_have_count(0)
    page.click("#share-copy")
    expect(page.locator("#share-status")).to_have_text("Picture copied to the clipboard.")
    kinds = page.evaluate(
        """async () => { const items = await navigator.clipboard.read();
            const png = await items[0].getType('image/png');
            const head = new Uint8Array(await png.slice(0, 8).arrayBuffer());
            return {types: items[0].types, head: [...head]}; }"""
    )
    assert "image/png" in kinds["types"]
    assert bytes(kinds["head"]) == b"\x89PNG\r\n\x1a\n"


def test_the_code_for_another_page_shows_the_same_game(new_context, site_url):
    """Share gives the <iframe> code of embed.html at the game's link (#45): copied, and opened, it
    shows the game at the move the page shows."""
    context = new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    fragment, moves, _cells = finished("loa")
    page = open_site(context, site_url, fragment)
    wait_idle(page)
    page.click("#prev")
    expect(page.locator("html")).to_have_attribute("data-ply", str(len(moves) - 1))
    page.click("#share")
    code = page.locator("#share-embed-code").input_value()
    src = re.fullmatch(
        r'<iframe src="([^"]+)" title="Lines of Action · Gamut" width="640" height="400"'
        r' style="max-width: 100%; border: 0" loading="lazy"></iframe>',
        code,
    )
    assert src, code
    url = src[1].replace("&amp;", "&")
    assert url.startswith(site_url + "embed.html#v1/loa/")
    page.click("#share-embed-copy")
    expect(page.locator("#share-status")).to_have_text("The code is copied: paste it into your page.")
    assert page.evaluate("() => navigator.clipboard.readText()") == code
    frame = context.new_page()
    frame.goto(url)
    expect(frame.locator("html")).to_have_attribute("data-embed", "shown", timeout=90_000)
    expect(frame.locator("html")).to_have_attribute("data-ply", str(len(moves) - 1))
    expect(frame.locator("#moves .mv")).to_have_count(len(moves))
    frame.close()


def test_the_game_with_its_variations_as_a_study_link(new_context, site_url):
    """A game's link holds its main line; Share's study link (#45) holds the variations too."""
    from pagekit import cell
    from test_site_notes import LOA, play_line, show_move

    context = new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = open_site(context, site_url, LOA)
    play_line(page)
    show_move(page, 0)
    cell(page, "h2").click()  # (a variation at move 2)
    cell(page, "f2").click()
    wait_idle(page)
    expect(page.locator("#moves .variation .mv")).to_have_text(["h2-f2"])
    page.click("#share")
    page.click("#share-study")
    expect(page.locator("#share-status")).to_have_text("The study's link is copied.")
    link = page.locator("#share-study-link").input_value()
    assert (
        link.startswith(site_url + "#study/1.")
        and page.evaluate("() => navigator.clipboard.readText()") == link
    )
    reader = new_context().new_page()
    reader.goto(link)
    expect(reader.locator("html")).to_have_attribute("data-embed", "shown", timeout=90_000)
    expect(reader.locator("#moves .row .mv")).to_have_text(["d1-b3", "h2-f4", "b3-e3"])
    expect(reader.locator("#moves .variation .mv")).to_have_text(["h2-f2"])


def test_a_study_link_shows_the_game_from_the_side_the_player_sees(new_context, site_url):
    """The player played the second side against the computer (the board turned: #28); the study
    link's chapter is seen from that side too (#45: a chapter's orientation)."""
    fragment, moves, _cells = finished("loa")
    plain = fragment.replace("/players=h,c:beginner", "")
    context = new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    reader = context.new_page()
    reader.goto(f"{site_url}embed.html{plain}")
    expect(reader.locator("html")).to_have_attribute("data-embed", "shown", timeout=90_000)
    dealt = reader.locator('#board [data-cell="a1"]').first.bounding_box()
    page = open_site(context, site_url, plain + "/players=c:beginner,h")
    wait_idle(page)
    turned = page.locator('#board [data-cell="a1"]').first.bounding_box()
    assert abs(turned["y"] - dealt["y"]) > 50, (dealt, turned)  # (the page turns it: the player is Black)
    page.click("#share")
    page.click("#share-study")
    expect(page.locator("#share-status")).to_have_text("The study's link is copied.")
    link = page.locator("#share-study-link").input_value()
    reader.goto(link)
    expect(reader.locator("html")).to_have_attribute("data-chapter", "0", timeout=90_000)
    expect(reader.locator("html")).to_have_attribute("data-embed", "shown")
    expect(reader.locator("#moves .mv")).to_have_count(len(moves))
    seen = reader.locator('#board [data-cell="a1"]').first.bounding_box()
    assert abs(seen["y"] - dealt["y"]) > 50, (dealt, seen)
