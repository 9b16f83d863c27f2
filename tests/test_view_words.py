"""The view's words (issue #33, docs/i18n.md "The view's words"): every
readable text of a view (a player's name, a counter, a move's button, the
select step's prompt, the result's reason, the notes) has its message beside
it, the message's id is one of the engine's (so every catalog has it, with
its placeholders: tests/test_messages.py), and the message's English is the
text beside it, word for word.  Checked on every position of random games of
every game, variant and option value, played to their end."""

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


def said_english(said, text: str, where: str, seen: list[str]) -> None:
    """``said`` is a known message (every id and argument) whose English is ``text``."""
    assert said is not None, f"{where}: {text!r} has no message"
    message = Message.from_json(said)
    walk(message, seen)
    assert str(message) == text, where


def check_words(view, seen: list[str]) -> None:
    """Every readable text of ``view`` has its message, and says it."""
    check_view(view)
    for p, said in zip(view["players"], view["said_players"], strict=True):
        said_english(said, p["name"], f"player {p}", seen)
    for c, said in zip(view["counters"], view["said_counters"], strict=True):
        said_english(said, f"{c['value']} {c['label']}", f"counter {c}", seen)
    for m in view["moves"]:
        if "label" in m:
            said_english(m.get("said"), m["label"], f"move {m['text']}", seen)
    if "select" in view:
        said_english(view["select"].get("said"), view["select"]["prompt"], "select", seen)
    if view["outcome"] is not None:  # (a message only: the view has no English beside it)
        outcome = Message.from_json(view["outcome"]["said"])
        said_english(view["outcome"]["said"], str(outcome), "outcome", seen)
    said = view.get("said_messages")
    assert said is not None or not view["messages"], view["messages"]
    for text, message in zip(view["messages"], said or [], strict=True):
        said_english(message, text, "note", seen)
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
    "loa": {"seat.black", "view.count.pieces", "result.loa.connected"},
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


def test_a_view_without_messages_for_its_notes_is_still_a_view_and_mismatched_ones_are_not():
    """``said_messages`` is optional (an old saved view has none); when given, one per note."""
    from gamut.view import ViewError

    view = gamut.new("loa").view()
    view["messages"] = ["No legal move: pass."]
    view.pop("said_messages")
    check_view(view)
    view["said_messages"] = []
    with pytest.raises(ViewError):
        check_view(view)
    view["said_messages"] = [{"id": "view.loa.noMove", "args": {}}]
    view["said_players"] = view["said_players"][:1]
    with pytest.raises(ViewError):
        check_view(view)


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


def test_every_puzzles_goal_is_a_message_whose_english_is_the_goal():
    """The puzzles' answer gives each goal's message (``said``, by puzzle id)
    beside its English ``goal``."""
    from gamut import bridge

    for game in GAMES:
        result = json.loads(bridge.handle("puzzles", json.dumps({"game": game})))["result"]
        assert set(result["said"]) == {p["id"] for p in result["puzzles"]}
        seen: list[str] = []
        for p in result["puzzles"]:
            said_english(result["said"][p["id"]], p["goal"], p["id"], seen)
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
