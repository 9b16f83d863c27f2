"""The engine protocol every game implements, and the registry of games.

Everything outside a game module (the AI, the perft tool, the position and
record codecs, the worker bridge) talks to games only through what is defined
here, in the spirit of OpenSpiel's state API:

* :class:`GameInfo` -- a game's metadata: id, name, players, variants, options.
* :class:`State` -- an immutable position.  ``to_move`` is the seat (from 0)
  whose turn it is; ``legal_moves()`` lists moves; ``play(move)`` returns a
  new state and leaves the original alone, and raises IllegalMoveError for
  any move not in ``legal_moves()`` (``play_unchecked(move)`` skips that
  check: the searches' path); ``outcome()`` is ``None`` while the game goes
  on.  A finished position has no legal moves.
* Moves are small immutable, hashable values defined by each game.  ``str(move)``
  is its notation, and ``state.parse_move(text)`` reads it back.
* ``state.to_text()`` / :func:`load` round-trip a position, including the
  game, variant, options and whatever history the rules need.

Position texts share one header::

    <game> <variant> <option>=<value>,<option>=<value> <game-specific body>

(``-`` stands for "no options").  Every option is written out, defaults
included, because a rule option is part of the game's identity.

The view
--------
``state.view()`` returns a JSON-ready dict that the front end draws without
knowing any rules.  Its schema is written once, as typed structures in
:mod:`gamut.view` (the board's cells, pieces, markers, counters, highlights,
annotations, a palette of extra click targets, every legal move with the
clicks that enter it, the outcome, messages), whose ``check_view(view)``
refuses any unknown, missing or mistyped key; ``tests/test_protocol.py``
runs it on every view of random games of every game and variant.

The computer player
-------------------
What a game offers the searches of :mod:`gamut.ai` is declared once, in
:class:`SearchHooks`; :class:`State` gives every hook a default, and the
searches call them directly.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, ClassVar, Iterable, Mapping, Protocol, Self, Sequence

__all__ = [
    "GamutError", "UnknownGameError", "UnknownVariantError", "OptionError",
    "PositionError", "SetupError", "IllegalMoveError", "RecordError",
    "Outcome", "Editor", "OptionSpec", "VariantInfo", "GameInfo", "State", "PrunedMoves",
    "ForcedMoves",
    "SearchHooks", "GAMES", "register", "new", "load", "perft",
    "format_header", "parse_header", "excerpt", "MAX_TEXT_LENGTH",
]

#: The longest position text :func:`load` reads (a game's longest legal
#: position text is far shorter, history included; longer input is refused
#: before any work).
MAX_TEXT_LENGTH = 100_000


def excerpt(value, limit: int = 40) -> str:
    """``value`` quoted for an error message, cut to about ``limit``
    characters: errors never echo a huge input whole."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) > limit:
        return repr(text[:limit]) + f"... ({len(text)} characters)"
    return repr(text) if isinstance(value, str) else text


# ---------------------------------------------------------------------------
# Errors: every bad input raises one of these, all ``ValueError`` subclasses.

class GamutError(ValueError):
    """Base class of every error the engine raises on bad input."""


class UnknownGameError(GamutError):
    """The game id is not one of :data:`GAMES`."""


class UnknownVariantError(GamutError):
    """The variant is not one the game offers."""


class OptionError(GamutError):
    """An option name or value is not one the game offers."""


class PositionError(GamutError):
    """A position text is malformed or describes an impossible position."""


class SetupError(PositionError):
    """A position set up by hand (:mod:`gamut.setup`) that the rules do not
    allow: too many pieces, a stack too tall, the wrong side to move, a
    game already over.  The message says what is wrong in the editor's
    terms (cells and pieces, not position text)."""


class IllegalMoveError(GamutError):
    """A move is unreadable, or readable but not legal in this position."""


class RecordError(GamutError):
    """A game record is malformed or one of its moves is illegal."""


# ---------------------------------------------------------------------------
# Metadata

@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is a seat, or ``None`` for a draw."""

    winner: int | None
    reason: str
    cells: tuple = ()  # cells worth outlining (the winning group), if any

    def to_json(self) -> dict:
        return {"winner": self.winner, "reason": self.reason, "cells": list(self.cells)}


@dataclass(frozen=True)
class OptionSpec:
    """A rule option.  ``choices`` lists every allowed value; values are
    ``bool`` (written ``on``/``off``), ``int`` or ``str``."""

    name: str
    label: str
    choices: tuple
    default: Any
    description: str = ""
    variants: tuple | None = None  # variants it applies to; None = all
    # other options' values under which it means something, e.g. (("size", ("5", "7")),):
    # the New game dialog offers it only then (a position may still name it)
    when: tuple = ()

    def __post_init__(self):
        # Names and values go into position texts unescaped: none may hold
        # a separator (space, ',' or '='), so none needs escaping.
        if not _TOKEN.fullmatch(self.name) or "_" in self.name:
            raise ValueError(f"option name {self.name!r} is not a lowercase token")
        texts = [self.format(c) for c in self.choices]
        if not all(_TOKEN.fullmatch(t) for t in texts) or len(set(texts)) != len(texts):
            raise ValueError(f"option {self.name!r}: choices must be distinct tokens")
        if self.default not in self.choices:
            raise ValueError(f"option {self.name!r}: the default is not a choice")

    def applies_to(self, variant: str) -> bool:
        return self.variants is None or variant in self.variants

    def format(self, value) -> str:
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)

    def parse(self, text: str):
        """Read a value written by :meth:`format`; raise OptionError otherwise."""
        for choice in self.choices:
            if self.format(choice) == text:
                return choice
        raise OptionError(
            f"option {self.name!r} cannot be {excerpt(text)}; choose one of "
            + ", ".join(self.format(c) for c in self.choices))

    def check(self, value):
        """Accept a Python value (or its text form) and return the canonical value."""
        if isinstance(value, str):
            return self.parse(value)
        for choice in self.choices:
            if type(choice) is type(value) and choice == value:
                return choice
        raise OptionError(
            f"option {self.name!r} cannot be {excerpt(value)}; choose one of "
            + ", ".join(self.format(c) for c in self.choices))

    def to_json(self) -> dict:
        return {"name": self.name, "label": self.label, "description": self.description,
                "choices": [self.format(c) for c in self.choices],
                "default": self.format(self.default),
                "variants": list(self.variants) if self.variants is not None else None,
                "when": {name: list(values) for name, values in self.when} or None}


_TOKEN = re.compile(r"[a-z0-9][a-z0-9_.+-]*")


@dataclass(frozen=True)
class VariantInfo:
    id: str
    name: str
    description: str = ""
    players: int = 2

    def to_json(self) -> dict:
        return {"id": self.id, "name": self.name, "description": self.description,
                "players": self.players}


@dataclass(frozen=True)
class Editor:
    """How a game's positions are set up by hand (see :mod:`gamut.setup`,
    which checks the shapes and calls these):

    ``palette(variant, options)``
        ``{"items": [...], "counts": [...]}``: what can be put on a cell
        (each item: ``id``, ``label``, ``owner`` (a seat), ``kind``
        ``"piece"`` or ``"marker"``, ``stacks`` (placed on top of a stack,
        else alone on its cell), ``cells`` (the cells it may go on, or
        None for all), ``text`` (a written label, EL's numbers)) and the
        numbers beside the board (``id``, ``owner``, ``label``,
        ``total``: an unset count is ``total`` minus the owner's pieces on
        the board); ``side``, when the board decides whose turn it is (EL,
        Escabel), says how: the side given is then not used.
    ``describe(state)``
        ``{"to_move", "cells": {cell: [item, ...] bottom to top}, "counts":
        {id: int | None}, "extra": {...}}``; ``extra`` holds what the board
        does not show (EL's last placements); it is kept only while the
        position is not edited.
    ``compose(header, setup)``
        the state a checked description names, or a :class:`SetupError`
        (or PositionError) saying what is wrong.
    """

    palette: Callable
    describe: Callable
    compose: Callable


@dataclass(frozen=True)
class GameInfo:
    """A game's metadata and the factory that builds its start position.

    ``factory(variant, options)`` receives a known variant id and a complete,
    checked options dict (only the options that apply to the variant).
    ``loader(header, body)`` builds a state from the body of a position text.
    """

    id: str
    name: str
    description: str
    variants: tuple  # of VariantInfo; the first is the default
    options: tuple = ()  # of OptionSpec
    factory: Callable = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    loader: Callable = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    editor: Editor | None = field(default=None, compare=False, repr=False)

    def __post_init__(self):
        if self.factory is None or self.loader is None:
            raise ValueError(f"game {self.id!r} needs a factory and a loader")

    def variant(self, variant_id: str | None) -> VariantInfo:
        if variant_id is None:
            return self.variants[0]
        for v in self.variants:
            if v.id == variant_id:
                return v
        raise UnknownVariantError(
            f"{self.name} has no variant {excerpt(variant_id)}; choose one of "
            + ", ".join(v.id for v in self.variants))

    def option_specs(self, variant_id: str) -> tuple:
        return tuple(o for o in self.options if o.applies_to(variant_id))

    def resolve_options(self, variant_id: str, given: Mapping | Iterable[tuple],
                        complete: bool = False) -> dict:
        """Complete and check options, given as a dict or as (name, value)
        pairs: the one place option names and values are read.  Names may
        use ``_`` for ``-`` (Python keywords); an unknown name, or one given
        twice in either spelling, raises OptionError, and so does a missing
        one when ``complete`` (a position text names every option)."""
        specs = {o.name: o for o in self.option_specs(variant_id)}
        result = {name: spec.default for name, spec in specs.items()}
        seen: set = set()
        pairs = given.items() if isinstance(given, Mapping) else given
        for raw_name, value in pairs:
            name = raw_name.replace("_", "-") if isinstance(raw_name, str) else raw_name
            if name not in specs:
                valid = ", ".join(specs) or "none"
                raise OptionError(f"{self.name} ({variant_id}) has no option "
                                  f"{excerpt(raw_name)}; options: {valid}")
            if name in seen:
                raise OptionError(f"option {name!r} is given twice")
            seen.add(name)
            result[name] = specs[name].check(value)
        missing = [name for name in specs if name not in seen]
        if complete and missing:
            raise OptionError("the position text does not give option(s) " + ", ".join(missing))
        return result

    def to_json(self) -> dict:
        return {"id": self.id, "name": self.name, "description": self.description,
                "players": sorted({v.players for v in self.variants}),
                "variants": [v.to_json() for v in self.variants],
                "options": [o.to_json() for o in self.options]}


# ---------------------------------------------------------------------------
# The registry

GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    GAMES[info.id] = info
    return info


def game_info(game: str) -> GameInfo:
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        raise UnknownGameError(
            f"unknown game {excerpt(game)}; choose one of " + ", ".join(GAMES)) from None


def new(game: str, variant: str | None = None, /, **options) -> "State":
    """The start position of ``game`` (e.g. ``new("loa", "scrambled-eggs")``);
    ``game`` and ``variant`` are positional, so every keyword is an option."""
    info = game_info(game)
    v = info.variant(variant)
    return info.factory(v.id, info.resolve_options(v.id, options))


def format_header(game: str, variant: str, options: dict) -> str:
    info = GAMES[game]
    specs = {o.name: o for o in info.options}
    opts = ",".join(f"{k}={specs[k].format(v)}" for k, v in options.items())
    return f"{game} {variant} {opts or '-'}"


@dataclass(frozen=True)
class Header:
    info: GameInfo
    variant: str
    options: dict


def parse_header(text: str) -> tuple[Header, str]:
    """Split a position text into its header and the game-specific body."""
    if not isinstance(text, str):
        raise PositionError("a position text must be a string")
    if len(text) > MAX_TEXT_LENGTH:
        raise PositionError(f"a position text has at most {MAX_TEXT_LENGTH} characters, "
                            f"not {len(text)}")
    parts = text.strip().split(None, 3)
    if len(parts) < 3:
        raise PositionError(
            "a position text starts with '<game> <variant> <options>', e.g. 'loa standard ...'")
    given = []
    if parts[2] != "-":
        for item in parts[2].split(","):
            name, eq, value = item.partition("=")
            if not eq or not name:
                raise PositionError(f"option {excerpt(item)} is not written as name=value")
            given.append((name, value))
    try:
        info = game_info(parts[0])
        variant = info.variant(parts[1]).id
        options = info.resolve_options(variant, given, complete=True)
    except GamutError as exc:
        raise PositionError(str(exc)) from None
    return Header(info, variant, options), (parts[3] if len(parts) > 3 else "")


def load(text: str) -> "State":
    """Read a position written by :meth:`State.to_text`.

    The body ``start`` stands for the variant's start position.
    Raises :class:`PositionError` for anything malformed or impossible."""
    header, body = parse_header(text)
    try:
        if body.strip() == "start":
            return header.info.factory(header.variant, header.options)
        return header.info.loader(header, body)
    except PositionError:
        raise
    except GamutError as exc:
        raise PositionError(str(exc)) from None


# ---------------------------------------------------------------------------
# The state protocol

_NO_LEVEL_SECONDS: Mapping[str, float] = MappingProxyType({})
#: ``level_seconds`` of a game whose Master thinks twice its usual 3 s (two-
#: player EL, Lines of Action: see their ``level_seconds`` and bench/ARENA.md).
MASTER_TWICE: Mapping[str, float] = MappingProxyType({"master": 6.0})

class SearchHooks(Protocol):
    """What a game offers the computer player (:mod:`gamut.ai`), one shape
    each; :class:`State` implements every one with a default, and each game
    overrides what it needs (each a few lines delegating to the game's
    evaluation module: ``loa_eval``, ``el_eval``, ``escabel_eval``,
    ``evl_eval``)."""

    @property
    def search_kind(self) -> str:
        """``"alphabeta"`` (needs ``evaluate`` and two players) or ``"mcts"``."""
        ...

    @property
    def search_speed(self) -> int:
        """Nominal CPython nodes (alpha-beta) or simulations (Monte-Carlo) per second."""
        ...

    @property
    def level_seconds(self) -> Mapping[str, float]:
        """{level name: seconds}: a level's thinking time in this game where it
        differs from the level's own (two-player EL's Master)."""
        ...

    @property
    def to_move(self) -> int: ...

    def evaluate(self) -> int:
        """A score for the side to move, well below ``search.WIN``."""
        ...

    def move_order_keys(self, moves: list) -> list:
        """The priorities of ``moves`` (higher first), for move ordering."""
        ...

    def search_moves(self) -> list:
        """The subset of the legal moves worth searching (it must hold every
        forced move): a plain list, a ``ForcedMoves`` (every move left out
        loses at once: the search looks one ply deeper) or a ``PrunedMoves``
        (kept by judgement: a loss found among them is unproven)."""
        ...

    def legal_moves(self) -> list: ...

    def play_unchecked(self, move) -> "State": ...

    def outcome(self) -> "Outcome | None": ...

    def zobrist(self) -> int: ...

    def move_text(self, move) -> str: ...

class State:
    """An immutable game position.  Subclasses implement the methods that
    raise ``NotImplementedError`` and set ``game_id``.

    Equality and hashing go through :meth:`key`, which must cover everything
    the rules depend on (board, side to move, options, repetition history).
    """

    __slots__ = ()
    game_id: ClassVar[str] = ""

    # identity -------------------------------------------------------------
    variant: str
    options: dict

    @property
    def info(self) -> GameInfo:
        return GAMES[self.game_id]

    @property
    def num_players(self) -> int:
        return self.info.variant(self.variant).players

    # the rules --------------------------------------------------------------
    @property
    def to_move(self) -> int:
        raise NotImplementedError

    def legal_moves(self) -> list:
        """Every legal move; empty exactly when the game is over."""
        raise NotImplementedError

    def play(self, move) -> Self:
        """The position after ``move``, one of ``legal_moves()``; anything
        else (a move of another position, a made-up value) raises
        IllegalMoveError and builds nothing."""
        legal = self.legal_moves()
        try:
            canonical = legal[legal.index(move)]
        except ValueError:
            canonical = None
        if canonical is None or type(canonical) is not type(move):
            outcome = self.outcome()
            if outcome is not None:
                raise IllegalMoveError(f"the game is over ({outcome.reason})")
            if isinstance(move, (int, tuple)) and not isinstance(move, bool):
                # the game says why, as for the move's text typed in
                self.parse_move(str(move)[:MAX_TEXT_LENGTH])
            raise IllegalMoveError(f"{excerpt(move)} is not a legal move here")
        return self.play_unchecked(canonical)

    def play_unchecked(self, move) -> Self:
        """The position after ``move``, which must come from this position's
        ``legal_moves()`` (or ``parse_move``): nothing is checked, so this
        is the searches' fast path; anything else may build a corrupt
        position.  Untrusted moves go through :meth:`play`."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        raise NotImplementedError

    def is_over(self) -> bool:
        return self.outcome() is not None

    @property
    def turn_plies(self) -> int:
        """Plies in one player's turn (EL with declared threats: 2, a
        placement and a declaration).  Within a turn ``to_move`` stays the
        same."""
        return 1

    # the computer player's hooks (see SearchHooks) -------------------------
    @property
    def search_kind(self) -> str:
        """``"alphabeta"`` (two players and an ``evaluate``) or ``"mcts"``."""
        return "mcts"

    @property
    def search_speed(self) -> int:
        """Nominal CPython speed: nodes (alpha-beta) or simulations
        (Monte-Carlo) per second; ``gamut.ai.Level`` turns thinking time into
        a budget."""
        return 1_000

    @property
    def level_seconds(self) -> Mapping[str, float]:
        """{level name: seconds} where a level should think longer or
        shorter in this game than the level's own time."""
        return _NO_LEVEL_SECONDS
    #: For a game with ``evaluate()``: the score at which the side to move
    #: wins about 73 % of games (a logistic fit to played games, see
    #: ``bench/calibrate_eval.py``); the page words evaluations with it.
    eval_scale: float = 100.0
    #: The least loss of winning chances (0 to 1) that marks a move as an
    #: inaccuracy, a mistake and a blunder in an analysis (:mod:`gamut.analysis`).
    #: Chances come through the game's calibration (``eval_scale``), so the
    #: same thresholds mean the same odds in every game; a game whose
    #: evaluation is noisier may ask for more (``bench/calibrate_marks.py``).
    mark_thresholds: tuple = (0.10, 0.20, 0.30)

    def evaluate(self) -> int:
        """A heuristic score for the side to move (alpha-beta games only)."""
        raise NotImplementedError

    def move_order_keys(self, moves: list) -> list:
        """Move-ordering priorities of ``moves`` (higher first)."""
        return [0] * len(moves)

    def search_moves(self) -> list:
        """The moves worth searching: every legal move unless the game prunes."""
        return self.legal_moves()

    def zobrist(self) -> int:
        """A hash of the position for transposition tables (kept incrementally)."""
        return hash(self.key())

    # notation ---------------------------------------------------------------
    def move_text(self, move) -> str:
        return str(move)

    def parse_move(self, text: str):
        """The legal move written ``text``; raises IllegalMoveError saying why not."""
        raise NotImplementedError

    def play_text(self, text: str) -> Self:
        return self.play_unchecked(self.parse_move(text))

    # words (for screen readers: gamut.words builds on these) -----------------
    def move_words(self, move, after: "State") -> str:
        """``move`` (legal here; ``after`` is the position it leads to) in
        words, without a full stop: who plays what, from where to where,
        what it takes or writes ("White b1 takes d3").  What the move ends
        or threatens is added by :func:`gamut.words.say_move`."""
        return f"{self.view()['players'][self.to_move]['name']} plays {self.move_text(move)}"

    def threat_words(self) -> str:
        """In a position just reached by a move: what the player who moved
        now threatens, as a clause said after the move ("threatens c5 with
        3"), or "" when nothing worth saying."""
        return ""

    def score_words(self, view: dict) -> str:
        """The game's counts in words (``view`` is this position's view):
        by default its counters, player by player."""
        names = [p["name"] for p in view["players"]]
        by_seat: dict[int, list[str]] = {}
        for c in view["counters"]:
            by_seat.setdefault(c["owner"], []).append(f"{c['value']} {c['label']}")
        return "; ".join(f"{names[s]}: {', '.join(parts)}" for s, parts in by_seat.items())

    def why_illegal(self, clicks: Sequence[str]) -> str:
        """A sentence explaining why a click sequence enters no legal move."""
        if self.outcome() is not None:
            return "The game is over."
        return "That is not a legal move here."

    # codecs -----------------------------------------------------------------
    def options_json(self) -> dict:
        """Options as their text forms (``{"pie": "on"}``)."""
        specs = {o.name: o for o in self.info.options}
        return {k: specs[k].format(v) for k, v in self.options.items()}

    def header(self) -> str:
        return format_header(self.game_id, self.variant, self.options)

    def to_text(self) -> str:
        raise NotImplementedError

    def view(self) -> dict:
        raise NotImplementedError

    # value semantics --------------------------------------------------------
    def key(self) -> tuple:
        raise NotImplementedError

    def __eq__(self, other):
        return type(other) is type(self) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return f"<{type(self).__name__} {self.to_text()!r}>"


_companions: dict = {}


def companion(name: str):
    """The module ``gamut.<name>`` (a game's evaluation for the computer
    player), imported on first use: the page starts without it, and a
    game's search hooks call through here instead of running an import
    statement on every call (that costs about as much as a small
    evaluation)."""
    module = _companions.get(name)
    if module is None:
        module = _companions[name] = importlib.import_module(f"{__package__}.{name}")
    return module


class ForcedMoves(list):
    """What ``State.search_moves()`` returns when every move left out loses
    at once (EL: only the blocks of the opponent's threat are listed).  The
    search then looks one ply deeper here for free: forcing sequences are
    followed to their end instead of stopping at the horizon."""

    __slots__ = ()


class PrunedMoves(list):
    """What ``State.search_moves()`` returns when it keeps only the moves it
    judges best (forward pruning by judgement, not by rule).  The search
    then treats a loss found among these moves as unproven: a refutation may
    hide among the moves left out.  Return a plain list when the subset is
    exact (every move left out loses at once, or a winning move is kept)."""

    __slots__ = ()


# ---------------------------------------------------------------------------
# Perft

def perft(state: State, depth: int) -> int:
    """Number of move sequences of exactly ``depth`` moves from ``state``.

    A finished position has no moves, so it ends its branch and adds nothing
    (except at depth 0, where every position counts once)."""
    if depth <= 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    play = state.play_unchecked
    return sum(perft(play(m), depth - 1) for m in moves)


def divide(state: State, depth: int) -> list[tuple[str, int]]:
    """Perft split by first move (for debugging move generators)."""
    return [(state.move_text(m), perft(state.play_unchecked(m), depth - 1))
            for m in state.legal_moves()]


def replay(start: State, moves: Iterable[str]) -> list[State]:
    """Every state from ``start`` through ``moves`` (texts); raises
    :class:`RecordError` naming the first move that cannot be played."""
    states = [start]
    for i, text in enumerate(moves):
        try:
            states.append(states[-1].play_text(text))
        except IllegalMoveError as exc:
            raise RecordError(f"move {i + 1} ({excerpt(text)}): {exc}") from None
    return states
