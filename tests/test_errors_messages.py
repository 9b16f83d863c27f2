"""Every game's reasons for an illegal move are messages (gamut.messages,
issue #33): random positions of every variant, with illegal inputs typed
(an occupied cell, a wrong number, a stack too tall, a path that does not
touch, a malformed text, a move after the end) and clicked; every error
carries a message whose id is in ENGLISH and in every page catalog, with
exactly the arguments its words use, and whose English is the error's text."""

from __future__ import annotations

import functools
import random

import pytest
from test_messages import CATALOGS, VARIANTS, placeholders, walk

from gamut import core
from gamut.core import IllegalMoveError
from gamut.games import SHIPPED_GAMES
from gamut.messages import ENGLISH, LISTS, Message

#: Texts no game reads as a move, and the shapes of each game's notation.
MALFORMED = [
    "",
    "zz",
    "z9",
    "?",
    "a1>",
    "-",
    "a1--b2",
    "declare:",
    "declare:zz",
    "c4=",
    "c4=0",
    "c4=99",
    "q1=2",
]


def cells_of(state) -> list[str]:
    """The names a game's view gives its cells (and EVL's pentagons)."""
    return sorted({c["id"] for c in state.view()["board"]["cells"]})


def typed(state, cells: list[str], rng: random.Random) -> list[str]:
    """Illegal or unlikely move texts of every shape for ``state``'s game."""
    a, b, c = (rng.choice(cells) for _ in range(3))
    game = state.game_id
    if game == "el":
        return [f"{a}={rng.randint(1, 9)}", f"declare:{a},{b}", "declare:-", f"{a}=1"]
    if game == "escabel":
        return [a, f"{a}>{b}", f"{a}>{a}", "swap", f"{a}>{b}>{c}"]
    if game == "evl":
        return [a, f"{a}-{b}", f"{a}-{b}-{c}", f"{a}-{b}-{c}-{a}-{b}", f"{a}-{a}"]
    return [f"{a}-{b}", "pass"]


def clicked(state, cells: list[str], rng: random.Random) -> list[list[str]]:
    a, b, c = (rng.choice(cells) for _ in range(3))
    lists = [[], [a], [a, b], [a, b, c], ["zz"]]
    if state.game_id == "el":
        lists += [[a, f"n{rng.randint(1, 9)}"], [f"n{rng.randint(1, 9)}"], [a, b, "n1"]]
    return lists


def check(said, seen: list[str]) -> None:
    """A known message in English and every catalog, with its placeholders."""
    walk(said, seen)
    ids: list[str] = []
    walk(said, ids)
    for key in ids:
        if key in LISTS:
            continue
        for lang, catalog in CATALOGS.items():
            assert key in catalog, (lang, key)
            assert placeholders(catalog[key]) == placeholders(ENGLISH[key]), (lang, key)


#: Every variant, and the options whose rules have reasons of their own.
GAMES = [(g, v, {}) for g, v in VARIANTS] + [
    ("el", "standard", {"declare_threats": "on", "first_two_equal": "on"}),
    ("escabel", "standard", {"pie": "off"}),
    ("evl", "standard", {"pieces": 16}),
]


@functools.cache
def reasons_said(game: str, variant: str, options: tuple) -> frozenset[str]:
    """Walk random positions of one game, trying illegal inputs typed,
    clicked and played in each; check every reason and return their ids."""
    rng = random.Random(f"errors/{game}/{variant}/{options}")
    seen: list[str] = []
    state = core.new(game, variant, **dict(options))
    cells = cells_of(state)
    for _ in range(60):
        for text in [*MALFORMED, *typed(state, cells, rng), 42]:
            try:
                state.parse_move(text)
            except IllegalMoveError as error:
                assert isinstance(error.said, Message), (game, text, str(error))
                check(error.said, seen)
                assert str(error) == str(error.said)
        for clicks in clicked(state, cells, rng):
            why = state.why_illegal(clicks)
            assert isinstance(why, Message), (game, clicks, why)
            check(why, seen)
            assert str(why).endswith((".", "!", "?")), str(why)  # (its English: a sentence)
        for move in ("c4=5", -1, 10**30):  # the play of a text, or of a number no move has
            with pytest.raises(IllegalMoveError) as wrong:
                state.play(move)
            assert isinstance(wrong.value.said, Message), (game, move, str(wrong.value))
            check(wrong.value.said, seen)
        if state.outcome() is not None:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return frozenset(seen)


@pytest.mark.slow
@pytest.mark.parametrize("game,variant,options", GAMES)
def test_every_illegal_input_of_random_positions_is_a_known_message(game, variant, options):
    seen = reasons_said(game, variant, tuple(options.items()))
    assert len(seen) >= 5, seen


@pytest.mark.slow  # (6 s; the random walks above are the fast loop's)
def test_the_walks_meet_the_reasons_a_random_walk_cannot_miss():
    """A change that stops one of these being said is caught here (the
    walks are cached: run with the test above, they cost nothing more)."""
    seen = set().union(*(reasons_said(g, v, tuple(o.items())) for g, v, o in GAMES))
    expected = {
        "error.el.occupied", "error.el.unreadable", "error.el.numbers", "error.el.click",
        "error.el.placeFirst", "error.el.mustDeclare", "error.el.declareOccupied", "error.el.markThreats",
        "error.escabel.occupied", "error.escabel.notAdjacent", "error.escabel.heights", "error.escabel.noPie",
        "error.evl.pentagon", "error.evl.apart", "error.evl.tooFar", "error.evl.theirs", "error.evl.click",
    }  # fmt: skip
    assert expected <= seen, sorted(expected - seen)


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_a_move_after_the_end_says_the_game_is_over_with_its_result(game):
    rng = random.Random(f"over/{game}")
    state = core.new(game)
    while state.outcome() is None:
        state = state.play(rng.choice(state.legal_moves()))
    start = core.new(game)
    for text in [start.move_text(m) for m in start.legal_moves()[:5]]:  # moves readable at the start
        with pytest.raises(IllegalMoveError) as over:
            state.parse_move(text)
        assert over.value.said is not None and over.value.said.id == "error.over"
        assert over.value.said.args["result"] == state.outcome().message
    why = state.why_illegal([cells_of(state)[0]])
    assert isinstance(why, Message) and why.id == "error.overSentence"


def test_the_games_name_their_reasons_by_their_own_ids():
    """A few positions whose reason is known: each game's own message, and
    its English word for word as the tests and the page read it."""
    el = core.new("el").play_text("a1=1")
    with pytest.raises(IllegalMoveError) as taken:
        el.parse_move("a1=2")
    assert taken.value.said == Message(
        "error.el.occupied", {"cell": "a1", "who": Message("seat.red"), "number": 1}
    )
    assert str(el.why_illegal(["a1", "n2"])) == "a1 already holds Red's 1; write on an empty cell."
    escabel = core.new("escabel")
    assert escabel.why_illegal(["zz"]).id == "error.escabel.clickBoard"
    with pytest.raises(IllegalMoveError) as swap:
        escabel.parse_move("swap")
    assert swap.value.said is not None and swap.value.said.id.startswith("error.escabel.")
    evl = core.new("evl")
    assert evl.why_illegal(["bc3"]) == Message("error.evl.pentagon", {"cell": "bc3"})
    assert str(evl.why_illegal(["bc3"])).startswith("bc3 is a pentagon")
