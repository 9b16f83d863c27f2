"""Whether a game's rules can end in a draw (issue #29): the page offers a
draw by agreement only there.  Each game's answer follows docs/RULES.md."""

from __future__ import annotations

import json

import pytest

import gamut


@pytest.mark.parametrize(
    ("game", "variant", "options", "draws"),
    [
        ("loa", "standard", {}, True),  # LOA-6: a third repetition is a draw
        ("loa", "scrambled-eggs", {"double-connection": "draw"}, True),
        ("el", "standard", {}, True),  # EL-5: a full board is a draw
        ("el", "eight", {"full-board": "second-wins"}, False),  # ... or the second player's win
        ("el", "consecutive", {"full_board": "second-wins"}, False),
        ("el", "three-player", {}, True),  # EL-8
        ("escabel", "standard", {}, False),  # ESC-5: there are no draws
        ("escabel", "checkered", {"size": 9}, False),
        ("evl", "standard", {"markers": 12}, True),  # EVL-6: equal pentagons is a draw
    ],
)
def test_can_draw_follows_the_rulings(game, variant, options, draws):
    info = gamut.GAMES[game]
    assert info.can_draw(variant, info.resolve_options(variant, options)) is draws


def test_the_option_value_may_be_given_as_its_text_or_its_value():
    el = gamut.GAMES["el"]
    assert el.can_draw("standard", {"full-board": "second-wins"}) is False
    assert el.can_draw("standard", {"full-board": "draw"}) is True
    assert el.can_draw("standard", {}) is True  # the default: a draw


def test_the_page_reads_the_same_answer_from_the_games_json():
    """The page decides from ``to_json()``'s ``draws`` and ``draws_unless``
    (web/model/ending.js canDraw): the same rule as ``can_draw``."""
    for info in gamut.GAMES.values():
        data = json.loads(json.dumps(info.to_json()))
        assert isinstance(data["draws"], bool)
        for variant in info.variants:
            for spec in info.option_specs(variant.id):
                for choice in spec.choices:
                    options = {spec.name: spec.format(choice)}
                    page = data["draws"] and not any(
                        options.get(name) == text for name, text in data["draws_unless"].items()
                    )
                    assert page == info.can_draw(variant.id, options), (info.id, variant.id, options)
    assert json.loads(json.dumps(gamut.GAMES["el"].to_json()))["draws_unless"] == {
        "full-board": "second-wins"
    }
    assert gamut.GAMES["escabel"].to_json()["draws"] is False
