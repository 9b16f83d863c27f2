"""What the build computes ahead for the page, with the engine from py/: the
initial views (inlined in index.html), the rules pages' diagrams, the view
after every first move (the page plays a first move from these before the
engine is ready, web/engine/early.js), the list of games' names (the web app
manifest's description), and the app's icons.

The engine's answers are computed by :func:`engine_data` in one child process
of this CPython that imports gamut from py/, so that a stale installed gamut
can never leak in; the functions it calls (:func:`rules_diagrams`,
:func:`first_moves`) expect gamut importable from py/ already.
"""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import zlib
from pathlib import Path

from tools.build.layout import PY, ROOT, RULES_DIAGRAMS, RULES_DIAGRAMS_PATTERN

# ---------------------------------------------------------------------------
# In the child process: gamut imported from py/


def rules_diagrams(games: list[str] | None = None) -> dict:
    """The rules pages' diagrams (the files of :data:`~tools.build.layout.RULES_DIAGRAMS`
    that ``RULES_DIAGRAMS_PATTERN`` matches), each with the view of its position computed by the
    engine in this process: ``{game: [diagram + {view, alt, arrow}]}``.  A
    diagram shows ``position`` after its moves ``play`` (if any); ``marks``
    say what is drawn on it (``selected``, ``targets``, ``cells``: cell ids;
    ``arrow``: a move of the position shown, resolved here to its cells;
    ``names``: write every cell's name).  The claims are checked by
    tests/test_diagrams.py, not here."""
    import gamut  # from py/ (see engine_data)

    out = {}
    for path in sorted(RULES_DIAGRAMS.glob(RULES_DIAGRAMS_PATTERN)):
        data = json.loads(path.read_text())
        if games and data["game"] not in games:
            continue
        items = []
        for d in data["diagrams"]:
            state = gamut.load(d["position"])
            for text in d.get("play", []):
                state = state.play_text(text)
            view = dict(state.view())
            marks = dict(d.get("marks", {}))
            if "arrow" in marks:
                entry = next((m for m in view["moves"] if m["text"] == marks["arrow"]), None)
                if entry is None:
                    raise ValueError(
                        f"{path.name}: {d['id']}: the arrow {marks['arrow']!r} "
                        "is not a legal move of the position shown"
                    )
                cells = {c["id"] for c in view["board"]["cells"]}
                marks["arrow"] = {
                    "text": entry["text"],
                    "cells": [c for c in entry["clicks"] if c in cells],
                }
            view["moves"] = []  # (a diagram is not played on; keeps the file small)
            items.append(
                {
                    "id": d["id"],
                    "title": d.get("title", ""),
                    "caption": d["caption"],
                    "alt": describe_diagram(d, view),
                    "position": d["position"],
                    "play": d.get("play", []),
                    "marks": marks,
                    "view": view,
                }
            )
        out[data["game"]] = items
    return out


def describe_diagram(d: dict, view: dict) -> str:
    """A diagram's text alternative: its ``alt`` sentence, then every
    player's pieces by cell (with numbers or stacks), the markers, and what
    is marked."""
    from gamut.view import seat_names  # from py/ (see engine_data)
    from gamut.words import piece_cells_said

    parts = [d.get("alt", "").strip() or d.get("title", "")]
    names = seat_names(view)
    for seat, name in enumerate(names):
        cells = [str(cell) for cell in piece_cells_said(view, seat)]
        if cells:
            parts.append(f"{name}: {', '.join(cells)}")
    marks = view.get("markers", [])
    for seat, name in enumerate(names):
        own = [m["cell"] for m in marks if m["owner"] == seat]
        if own:
            parts.append(f"{name}'s markers: {', '.join(own)}")
    if not view["pieces"]:
        parts.append("the board is empty")
    return ". ".join(p for p in parts if p) + "."


def view_delta(parent: dict, view: dict) -> dict:
    """``view`` written as what it changes of ``parent`` (web/engine/early.js
    ``expand`` reads it back): only the keys whose values differ, and a list
    of objects whose items the parent's same list has is written with the
    index of the parent's item in their place (its key listed under
    ``"$refs"``); keys the view lacks are listed under ``"$gone"``."""
    delta: dict = {}
    refs: list[str] = []
    for key, value in view.items():
        before = parent.get(key)
        if before == value:
            continue
        if (
            isinstance(value, list)
            and isinstance(before, list)
            and value
            and all(isinstance(x, dict) for x in value)
        ):
            index = {json.dumps(x, sort_keys=True): i for i, x in enumerate(before)}
            written = [index.get(json.dumps(x, sort_keys=True), x) for x in value]
            if any(isinstance(x, int) for x in written):
                delta[key], refs = written, [*refs, key]
                continue
        delta[key] = value
    gone = [key for key in parent if key not in view]
    if refs:
        delta["$refs"] = refs
    if gone:
        delta["$gone"] = gone
    return delta


def first_moves(games: list[str] | None = None, initial: dict | None = None) -> dict:
    """Each game's default start and the view after every legal first move,
    as :func:`view_delta` from the start's view: the page plays a first move
    from these before the engine is ready (web/engine/early.js).  ``initial``:
    ``bridge.initial()`` if already computed."""
    from gamut import bridge  # from py/ (see engine_data)
    from gamut.methods.moves import m_play

    initial = initial if initial is not None else bridge.initial()
    out = {}
    for gid, start in initial["starts"].items():
        if games is not None and gid not in games:
            continue
        view = initial["views"][gid]
        after = {}
        for move in view["moves"]:
            played = m_play({"start": start, "line": [], "move": move["text"]})
            if played["line"] != [move["text"]]:
                raise SystemExit(f"{gid}: the start view lists {move['text']!r}, played as {played['line']}")
            after[move["text"]] = view_delta(view, played["view"])
        out[gid] = {"start": start, "views": after}
    return out


def game_names() -> list[str]:
    """The games' names, in the engine's registry order (``gamut.core.GAMES``)."""
    import gamut  # from py/ (see engine_data)

    return [info.name for info in gamut.core.GAMES.values()]


def game_ids() -> list[str]:
    """The games' ids, in the engine's registry order (``gamut.core.GAMES``)."""
    import gamut  # from py/ (see engine_data)

    return list(gamut.core.GAMES)


def _child_main() -> None:
    """Print everything :func:`engine_data` needs, as one JSON object."""
    from gamut import bridge

    initial = bridge.initial()
    # each game's computer levels with their ratings (the bridge's `levels`):
    # the start panel lists the game's own ladder before the engine is ready,
    # so it never changes under a level picked meanwhile (#41)
    from gamut.methods.levels import m_levels

    initial["levels"] = {gid: m_levels({"game": gid}) for gid in initial["starts"]}
    json.dump(
        {
            "initial": initial,
            "rules_diagrams": rules_diagrams(),
            "first_moves": first_moves(initial=initial),
            "games": game_names(),
            "ids": game_ids(),
        },
        sys.stdout,
        separators=(",", ":"),
    )


# ---------------------------------------------------------------------------
# In the build: the child's answers as the site's files


def compact(data: object) -> str:
    return json.dumps(data, separators=(",", ":"))


def engine_data() -> dict:
    """The engine's answers computed by this CPython from py/ in a child
    process: ``initial`` (the text inlined in index.html, safe inside
    ``<script>``), ``rules_diagrams`` (the text of ``rules-diagrams.json``),
    ``first_moves`` (game id -> the text of ``first-moves/<game>.json``),
    ``games`` (the games' names in registry order) and ``ids`` (their ids)."""
    code = (
        "import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; "
        "from tools.build.data import _child_main; _child_main()"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(PY), str(ROOT)], check=True, capture_output=True, text=True
    ).stdout
    data = json.loads(out)
    # Safe inside <script>: no "</script>" or "<!--" can end it early.
    initial = compact(data["initial"]).replace("<", "\\u003c").replace(">", "\\u003e")
    return {
        "initial": initial,
        "rules_diagrams": compact(data["rules_diagrams"]),
        "first_moves": {gid: compact(entry) for gid, entry in data["first_moves"].items()},
        "games": data["games"],
        "ids": data["ids"],
    }


# ---------------------------------------------------------------------------
# The app's icons


def icon_png(size: int, maskable: bool = False) -> bytes:
    """The app icon as a PNG (no imaging library): a board-brown square, rounded
    unless maskable (a maskable icon fills its square; the launcher crops it,
    so its picture keeps to the central safe zone), with a black and a white
    disc.  Deterministic: the same bytes every build."""
    brown, black, white = (0xB5, 0x88, 0x63), (0x23, 0x23, 0x23), (0xF7, 0xF5, 0xF0)
    scale = 0.62 if maskable else 0.86  # the picture's share of the square
    radius = 0 if maskable else size * 0.18
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            px, py = x + 0.5, y + 0.5
            dx = max(radius - px, 0, px - (size - radius))
            dy = max(radius - py, 0, py - (size - radius))
            if radius and dx * dx + dy * dy > radius * radius:
                row += b"\0\0\0\0"  # outside the rounded corners
                continue
            # -0.5..0.5 inside the picture
            u, v = (px / size - 0.5) / scale, (py / size - 0.5) / scale
            colour = brown
            for cx, cy, c in ((-0.17, -0.1, black), (0.17, 0.12, white)):
                if (u - cx) ** 2 + (v - cy) ** 2 < 0.2**2:
                    colour = c
            row += bytes(colour) + b"\xff"
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + data))
        return struct.pack(">I", len(data)) + kind + data + crc

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def write_icons(folder: Path) -> None:
    """The web app manifest's icons (192 and 512 px, and a maskable one)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("maskable-512.png", 512, True),
    ):
        (folder / name).write_bytes(icon_png(size, maskable))
