"""The rules pages' diagrams (web/games/<game>/diagrams.json) still show
what their captions say: every position loads through the engine, every
move it plays is legal, every view it draws passes check_view, every marked
cell is a cell of the board, and every claim holds.

A claim is checked in the position shown (after the diagram's ``play``), or
in the position before it with ``"at": "start"``:

* ``{"targets_of": c}``: the legal moves of the piece on ``c`` go exactly to
  the diagram's marked ``targets`` (the move's second click).
* ``{"legal": m}`` / ``{"illegal": m}``: move text ``m`` is (not) legal.
* ``{"captures": m}``: playing ``m`` takes pieces off the board (Lines of
  Action) or puts markers on pentagons (EVL, with ``"pentagons": [...]``:
  exactly these).
* ``{"winner": seat | null}``, ``{"over": bool}``, ``{"to_move": seat}``.
* ``{"count": {seat: n}}``: pieces (stacks: tops) each seat has on the board.
* ``{"stacks": {cell: "bwb"}}``: the stacks on those cells, bottom to top, by
  seat ("b" the first player, "w" the second; Escabel swaps colours, not seats)
  ("" for an empty cell).
* ``{"markers": {pentagon: seat | null}}``.
* ``{"threats": ["f1=6", ...]}``: the threats the view announces (EL).
* ``{"connected": [a, b], "value": bool}``: Escabel's connection of two
  like-coloured stacks (crosscut rules included).
* ``{"after": [moves], ...}``: the other keys are checked after these moves.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import build  # (tests/conftest.py puts the repository root on the path)
import gamut
from gamut.games import SHIPPED_GAMES
from gamut.games.escabel import connection as escabel
from gamut.view import check_view

ROOT = Path(__file__).resolve().parents[1]
GAMES_DIR = ROOT / "web" / "games"  # web/games/<game>/: its rules page and diagrams
GAMES = SHIPPED_GAMES
# What issue 17 asks of each game, at least.
MINIMUM = {"loa": 9, "el": 9, "escabel": 10, "evl": 8}


def _load(game: str) -> dict:
    return json.loads((GAMES_DIR / game / "diagrams.json").read_text())


ALL = [
    (game, d)
    for game in GAMES
    if (GAMES_DIR / game / "diagrams.json").exists()
    for d in _load(game)["diagrams"]
]


def _shown(d):
    start = gamut.load(d["position"])
    state = start
    for text in d.get("play", []):
        state = state.play_text(text)
    return start, state


def _is_legal(state, text: str) -> bool:
    try:
        move = state.parse_move(text)
    except gamut.GamutError:
        return False
    return move in state.legal_moves()


def _stacks(state) -> dict:
    out = {}
    for p in state.view()["pieces"]:
        seats = p.get("stack") or [p["owner"]]
        out[p["cell"]] = "".join("bw"[s] for s in seats)
    return out


def _markers(state) -> dict:
    return {m["cell"]: m["owner"] for m in state.view().get("markers", [])}


def _escabel_connected(state, a: str, b: str) -> bool:
    geo = state.geo
    ia, ib = geo.index[a], geo.index[b]
    colour = 1 if (state.white >> ia) & 1 else 0
    assert ((state.white if colour else state.black) >> ib) & 1, f"{a} and {b} differ in colour"
    own = state.white if colour else state.black
    ne_black, ne_white = escabel.crosscuts(geo, state.black, state.white)
    cut_ne, cut_nw = escabel.cut_diagonals(geo, state.codes, state.levels, ne_black, ne_white, colour)
    group = escabel.grow(geo, 1 << ia, own, cut_ne, cut_nw)
    return bool(group >> ib & 1)


def check_claim(d, start, state, claim) -> None:
    claim = dict(claim)
    if claim.pop("at", None) == "start":
        state = start
    for text in claim.pop("after", []):
        state = state.play_text(text)
    view = state.view()
    if "targets_of" in claim:
        cell = claim.pop("targets_of")
        got = sorted(
            {m["clicks"][1] for m in view["moves"] if len(m["clicks"]) > 1 and m["clicks"][0] == cell}
        )
        assert got == sorted(d["marks"]["targets"]), f"targets of {cell}"
        assert cell in d["marks"].get("selected", []), f"{cell} is not marked as selected"
    if "legal" in claim:
        text = claim.pop("legal")
        assert _is_legal(state, text), f"{text} is not legal"
    if "illegal" in claim:
        text = claim.pop("illegal")
        assert not _is_legal(state, text), f"{text} is legal"
    if "captures" in claim:
        text = claim.pop("captures")
        after = state.play_text(text)
        if "pentagons" in claim:
            want = sorted(claim.pop("pentagons"))
            seat = state.to_move
            before, now = _markers(state), _markers(after)
            got = sorted(c for c, s in now.items() if s == seat and before.get(c) != seat)
            assert got == want, f"{text} captures {got}"
        else:
            assert len(after.view()["pieces"]) < len(view["pieces"]), f"{text} captures nothing"
    if "winner" in claim:
        want = claim.pop("winner")
        outcome = state.outcome()
        assert outcome is not None, "the game is not over"
        assert outcome.winner == want, f"{outcome.reason}"
        if want is not None:
            assert view["outcome"]["winner"] == want
    if "over" in claim:
        assert state.is_over() == claim.pop("over")
    if "to_move" in claim:
        assert state.to_move == claim.pop("to_move")
    if "count" in claim:
        want = {int(k): v for k, v in claim.pop("count").items()}
        got = {seat: sum(1 for p in view["pieces"] if p["owner"] == seat) for seat in want}
        assert got == want
    if "stacks" in claim:
        got = _stacks(state)
        for cell, want in claim.pop("stacks").items():
            assert got.get(cell, "") == want, f"the stack on {cell} is {got.get(cell, '')!r}"
    if "markers" in claim:
        got = _markers(state)
        for cell, want in claim.pop("markers").items():
            assert got.get(cell) == want, f"the marker on {cell}: {got.get(cell)}"
    if "threats" in claim:
        got = sorted(
            f"{a['cell']}={n}"
            for a in view.get("annotations", [])
            if a["kind"] == "threat"
            for n in a["text"].split("/")
        )
        assert got == sorted(claim.pop("threats"))
    if "connected" in claim:
        a, b = claim.pop("connected")
        assert _escabel_connected(state, a, b) == claim.pop("value"), f"{a}-{b}"
    assert not claim, f"unknown claim keys {sorted(claim)}"


@pytest.mark.parametrize("game,d", ALL, ids=[d["id"] for _, d in ALL])
def test_diagram_shows_what_its_caption_says(game, d):
    start, state = _shown(d)
    assert start.info.id == game
    assert d["caption"].strip() and d.get("alt", "").strip() and d["claims"], (
        "a diagram needs a caption, a text alternative and at least one claim"
    )
    view = check_view(state.view())
    cells = {c["id"] for c in view["board"]["cells"]}
    marks = d.get("marks", {})
    for key in ("selected", "targets", "cells"):
        for cell in marks.get(key, []):
            assert cell in cells, f"marks.{key}: {cell} is not a cell"
    if "arrow" in marks:
        assert _is_legal(state, marks["arrow"]), f"the arrow {marks['arrow']} is not legal"
    for claim in d["claims"]:
        check_claim(d, start, state, claim)


def test_every_game_has_its_diagrams_with_unique_ids():
    ids = [d["id"] for _, d in ALL]
    assert len(ids) == len(set(ids))
    for game in GAMES:
        diagrams = _load(game)["diagrams"]
        assert _load(game)["game"] == game
        assert len(diagrams) >= MINIMUM[game], game
        assert any(d.get("marks", {}).get("names") for d in diagrams), (
            f"{game}: no diagram explains the board's names"
        )


def test_the_build_computes_every_view():
    data = build.rules_diagrams()
    assert sorted(data) == sorted(GAMES)
    for game in GAMES:
        source = _load(game)["diagrams"]
        assert [d["id"] for d in data[game]] == [d["id"] for d in source]
        for d in data[game]:
            check_view(d["view"])
            assert d["view"]["game"] == game
            assert d["alt"].endswith(".") and len(d["alt"]) > 20
            arrow = d["marks"].get("arrow")
            if arrow:
                assert arrow["cells"], d["id"]


def test_the_rules_texts_place_every_diagram():
    for game in GAMES:
        text = (GAMES_DIR / game / "rules.en.html").read_text()
        for d in _load(game)["diagrams"]:
            assert f'data-diagram="{d["id"]}"' in text, f"{game}/rules.en.html does not place {d['id']}"


def test_the_toy_games_diagrams_hold_as_a_shipped_games_do():
    """The tests' tic-tac-toe keeps its page's folder beside its rules
    (``tests/toygame/web/``, copied in as ``web/games/tictactoe/`` by the
    test site's build, tools/build/toysite.py): its diagrams are checked as
    every game's are, and its rules text places each."""
    import toygame

    from gamut import core
    from tools.build.toysite import TOY_WEB

    source = json.loads((TOY_WEB / "diagrams.json").read_text())
    assert source["game"] == toygame.INFO.id
    text = (TOY_WEB / "rules.en.html").read_text()
    core.register(toygame.INFO)
    try:
        for d in source["diagrams"]:
            assert f'data-diagram="{d["id"]}"' in text, d["id"]
            start, state = _shown(d)
            check_view(state.view())
            for claim in d["claims"]:
                check_claim(d, start, state, claim)
    finally:
        core.unregister(toygame.INFO.id)
