"""The view's words (issues #33 and #43, docs/i18n.md "The view's words"):
every readable text of a view (a player's name, a counter, a move's button,
the select step's prompt, the result's reason, the notes) is a message and
only a message (no English text beside it: ``check_view`` refuses the fields
that carried one), the message's id is one of the engine's (so every catalog
has it, with its placeholders: tests/test_messages.py), and its English says
something.  Checked on every position of random games of every game, variant
and option value, played to their end."""

from __future__ import annotations

import json
import random

import pytest
from test_messages import walk
from test_protocol import CONFIGS

import gamut
from gamut.messages import Message
from gamut.view import check_view

GAMES = sorted({game for game, _, _ in CONFIGS})


def said_english(said, where: str, seen: list[str]) -> str:
    """``said`` is a known message (every id and argument); its English, said."""
    assert said is not None, f"{where}: no message"
    message = Message.from_json(said)
    walk(message, seen)
    text = str(message)
    assert text.strip() and "{" not in text, (where, text)
    return text


#: The English texts views carried beside their messages before #43, where they were.
OLD_ENGLISH = ("name", "label", "prompt", "reason", "said_players", "said_counters", "said_messages")


def english_keys(value, path: str = "view") -> list[str]:
    """Where ``value`` (a view) has a key of :data:`OLD_ENGLISH` or a text
    in its notes: every such place, for the test to fail on (a piece's, a
    preview's piece's and a palette item's ``label`` are a number written on
    the board, not words)."""
    found = []
    if isinstance(value, dict):
        for key, x in value.items():
            if key in OLD_ENGLISH and not (key == "label" and path.endswith(("pieces", "palette"))):
                found.append(f"{path}.{key}")
            if key != "said":
                found += english_keys(x, f"{path}.{key}")
    elif isinstance(value, list):
        for i, x in enumerate(value):
            found += english_keys(x, f"{path}[{i}]" if not path.endswith(("pieces", "palette")) else path)
    if path == "view" and any(isinstance(m, str) for m in value.get("messages", [])):
        found.append("view.messages: a text")
    if path == "view" and isinstance(value.get("title"), str):
        found.append("view.title: a text")
    return found


def check_words(view, seen: list[str]) -> None:
    """Every readable text of ``view`` is a message, and only a message."""
    check_view(view)
    assert english_keys(view) == [], english_keys(view)
    said_english(view["title"], "title", seen)
    names = [said_english(p["said"], f"player {p}", seen) for p in view["players"]]
    assert len(set(names)) == len(names), names
    for c in view["counters"]:
        assert str(c["value"]) in said_english(c["said"], f"counter {c}", seen), c
    for m in view["moves"]:
        if "said" in m:
            said_english(m["said"], f"move {m['text']}", seen)
    if "select" in view:
        said_english(view["select"]["said"], "select", seen)
    if view["outcome"] is not None:
        said_english(view["outcome"]["said"], "outcome", seen)
    for note in view["messages"]:
        said_english(note, "note", seen)
    json.dumps(view)  # (still plain JSON)


def play_to_the_end(game: str, variant: str, options: dict, seed: int, seen: list[str]) -> None:
    rng = random.Random(f"view words/{game}/{variant}/{options}/{seed}")
    state = gamut.new(game, variant, **options)
    for _ in range(400):
        check_words(state.view(), seen)
        legal = state.legal_moves()
        if not legal:
            return
        state = state.play(rng.choice(legal))
    check_words(state.view(), seen)


#: Words each game's random games must reach (so the test sees each kind of text)
REACHED = {
    "el": {
        "seat.red",
        "view.count.numbers",
        "view.el.threat",
        "view.el.declarePrompt",
        "result.el.completed",
        "view.titleVariant",
    },
    "escabel": {
        "seat.playerColour",
        "view.count.stacks",
        "view.swap",
        "view.escabel.maySwap",
        "view.escabel.swapped",
    },
    "evl": {
        "view.count.inHand",
        "view.count.markers",
        "view.evl.captured",
        "view.placeOnStack",
        "view.sentence",
    },
    "loa": {"seat.black", "view.count.pieces", "result.loa.connected", "view.title"},
}


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_readable_text_of_a_view_has_its_message_and_says_it(game):
    seen: list[str] = []
    for g, variant, options in CONFIGS:
        if g == game:
            for seed in range(2):
                play_to_the_end(g, variant, options, seed, seen)
    assert REACHED.get(game, set()) <= set(seen), REACHED[game] - set(seen)


def test_the_english_fields_views_had_before_43_are_refused_each_by_name():
    """A view says its words as messages only: ``check_view`` refuses each
    English text that stood beside a message (a player's ``name``, a
    counter's ``label``, a move's ``label``, the select step's ``prompt``,
    the outcome's ``reason``, the parallel ``said_*`` lists, a note as a
    text), and this test's own search finds each one too."""
    from gamut.view import ViewError

    evl = gamut.new("evl").view()
    check_view(evl)
    assert english_keys(evl) == []
    said = {"id": "view.loa.noMove", "args": {}}
    el = gamut.new("el", "standard", **{"declare-threats": "on"}).play_text("a1=1")
    declare = el.view()
    assert "select" in declare
    unstack = next(
        s.view() for s in _states("evl") if any("said" in m and m["clicks"] for m in s.view()["moves"])
    )
    bad = {
        "name": dict(evl, players=[dict(p, name="Black") for p in evl["players"]]),
        "label": dict(evl, counters=[dict(c, label="in hand") for c in evl["counters"]]),
        "said_players": dict(evl, said_players=[p["said"] for p in evl["players"]]),
        "said_counters": dict(evl, said_counters=[c["said"] for c in evl["counters"]]),
        "said_messages": dict(evl, said_messages=[]),
        "reason": dict(evl, outcome={"winner": 0, "cells": [], "said": said, "reason": "x"}),
        "prompt": dict(declare, select=dict(declare["select"], prompt="Mark the cells")),
        "move label": dict(unstack, moves=[dict(m, label="Unstack") for m in unstack["moves"]]),
    }
    for what, view in bad.items():
        key = what.split()[-1]
        with pytest.raises(ViewError, match=f"'{key}' is English beside the message"):
            check_view(view)
        assert english_keys(view), what
    for view in (dict(evl, messages=["No legal move: pass."]), dict(evl, players=[{"color": "black"}] * 2)):
        with pytest.raises(ViewError):
            check_view(view)
    assert english_keys(dict(evl, messages=["No legal move: pass."]))
    # a title in English (views had "EL (Eight)" before #43, the page parsing the variant out of it)
    for title in ("EVL", "EL (Eight)"):
        with pytest.raises(ViewError, match=r"view\.title: .* is English, not a message"):
            check_view(dict(evl, title=title))
        assert english_keys(dict(evl, title=title)) == ["view.title: a text"]


def _states(game: str):
    """The positions of a random game of ``game``."""
    rng = random.Random(f"states/{game}")
    state = gamut.new(game)
    for _ in range(200):
        yield state
        legal = state.legal_moves()
        if not legal:
            return
        state = state.play(rng.choice(legal))


def test_every_variant_and_option_is_named_in_the_catalogs_as_the_engine_names_it():
    """The panel's subtitle and the New game dialog name a variant and an
    option from the catalog (``variant.<game>.<id>``, ``option.<game>.<name>``,
    a value that is a word ``option.value.<value>``); English's is the engine's own name."""
    from test_messages import CATALOGS

    english = CATALOGS["en"]
    for game, info in gamut.GAMES.items():
        # (and each one's line of description, which the New game dialog shows)
        assert english[f"game.{game}.about"] == info.description
        for variant in info.variants:
            assert english[f"variant.{game}.{variant.id}"] == variant.name
            assert english[f"variant.{game}.{variant.id}.about"] == variant.description
        for spec in info.options:
            assert english[f"option.{game}.{spec.name}"] == spec.label
            assert english[f"option.{game}.{spec.name}.about"] == spec.description
            for choice in spec.choices:
                value = spec.format(choice)
                assert value.isdigit() or f"option.value.{value}" in english, (game, spec.name, value)
    for lang, catalog in CATALOGS.items():
        assert {k for k in catalog if k.startswith(("variant.", "option.", "game."))} == {
            k for k in english if k.startswith(("variant.", "option.", "game."))
        }, lang


def test_every_puzzles_goal_is_a_message_and_only_a_message():
    """The puzzles' answer gives each goal as the puzzle's message (``said``,
    in place), whose English is the engine's goal words; no English ``goal``
    beside it, nor a map of messages beside the puzzles (#43)."""
    from gamut import bridge
    from gamut.puzzles.library import load_game
    from gamut.puzzles.themes import goal_words

    for game in GAMES:
        result = json.loads(bridge.handle("puzzles", json.dumps({"game": game})))["result"]
        assert "said" not in result
        words = {p.id: goal_words(p) for p in load_game(game)}
        seen: list[str] = []
        for p in result["puzzles"]:
            assert "goal" not in p, p["id"]
            assert said_english(p["said"], p["id"], seen) == words[p["id"]]
        assert {"view.goal", "view.goal.gain"} & set(seen), game


def test_the_toy_games_catalog_entries_are_what_a_registered_games_must_be():
    """The tests' tic-tac-toe brings its catalog entries (``tests/toygame/i18n.json``,
    added to the test site's catalogs by tools/build/toysite.py): the keys the
    test above asks of every registered game, in every language, English's
    the engine's own words; and the names of its board themes
    (``tests/toygame/web/themes.json``) the shipped catalogs lack."""
    import toygame
    from test_messages import CATALOGS

    from tools.build.layout import THEMES_FILE
    from tools.build.toysite import TOY_CATALOG, TOY_WEB

    info = toygame.INFO
    entries = json.loads(TOY_CATALOG.read_text())
    english = {f"game.{info.id}.about": info.description}
    for variant in info.variants:
        english[f"variant.{info.id}.{variant.id}"] = variant.name
        english[f"variant.{info.id}.{variant.id}.about"] = variant.description
    assert not info.options  # (an option would need its own keys: option.<game>.<name>[.about])
    english.update(info.english)  # (its own messages: GameInfo.english, the result's reasons)
    for theme in json.loads((TOY_WEB / THEMES_FILE).read_text())["themes"]:
        if f"theme.{theme['id']}" not in CATALOGS["en"]:
            english[f"theme.{theme['id']}"] = theme["name"]
    assert any(key.startswith("theme.") for key in english)  # (a theme of its own, named)
    assert entries["en"] == english
    assert sorted(entries) == sorted(CATALOGS)
    for lang, catalog in entries.items():
        assert set(catalog) == set(english) and all(v.strip() for v in catalog.values()), lang
        assert not set(catalog) & set(CATALOGS[lang]), lang  # (the shipped catalogs know nothing of it)
