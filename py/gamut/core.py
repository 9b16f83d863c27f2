"""The engine protocol every game implements, and the registry of games.

Everything outside a game module (the AI, the perft tool, the position and
record codecs, the worker bridge) talks to games only through what is defined
here, in the spirit of OpenSpiel's state API:

* :class:`GameInfo` -- a game's metadata: id, name, players, variants, options.
* :class:`State` -- an immutable position.  ``to_move`` is the seat (from 0)
  whose turn it is; ``legal_moves()`` lists moves; ``play(move)`` returns a
  new state and leaves the original alone; ``outcome()`` is ``None`` while
  the game goes on.  A finished position has no legal moves.
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
knowing any rules.  Keys (all games):

``game``, ``variant``, ``options``, ``title``
    identity, as in the position text.
``players``
    list, in seat order, of ``{"name": "Black", "color": "black"}``; ``color``
    is a token the front end maps to a palette (black, white, red, blue,
    green, yellow).
``to_move``, ``ply``
    seat to move; number of moves played since the start position.
``board``
    ``{"kind": "squares" | "points" | "polygons", "width": w, "height": h,
    "cells": [...], "files": [...], "ranks": [...], "edges": [...]}``.
    Coordinates live in a ``0 0 w h`` view box, y growing downwards.  Each
    cell is ``{"id": "a1", "x": cx, "y": cy}`` plus, for ``polygons``,
    ``"points": [[x, y], ...]`` and optionally ``"shape": "pentagon"``;
    for ``squares`` a cell is the unit square centred on (x, y) and carries
    ``"shade": 0 | 1`` (checkered) or ``2`` (a plain ruled cell, like paper); for ``points`` cells are intersections of a grid.
    ``edges`` (optional) are coloured board edges:
    ``{"from": [x, y], "to": [x, y], "owner": seat}``.  ``stack_style``
    (optional) ``"rings"`` draws a stack from above: the top piece as a disc
    and each piece below as a ring in its own colour.
``pieces``
    ``[{"cell": "b1", "owner": seat, "label": "5", "stack": [seat, ...]}]``;
    ``label`` and ``stack`` (bottom to top) are optional.
``markers``
    ``[{"cell": id, "owner": seat}]``: ownership of a cell itself (optional).
``counters``
    ``[{"owner": seat, "label": "in hand", "value": 20}]`` (optional).
``last_move``
    cell ids touched by the last move, in order (empty at the start).
``highlights``
    ``[{"kind": "win" | "threat" | "capture" | ..., "cells": [...]}]``.
``annotations``
    ``[{"cell": id, "text": "5", "owner": seat, "kind": "threat"}]``.
``palette``
    ``[{"id": "n5", "label": "5"}]``: click targets beside the board.
``moves``
    every legal move as ``{"text": "b1-d3", "clicks": ["b1", "d3"]}``:
    ``clicks`` is the sequence of cell or palette ids that enters it.  A
    move with no clicks (``pass``, ``swap``) is offered as a button, with
    ``"label"``.  When one move's clicks are a prefix of another's, the
    front end asks for confirmation (or a second click on the last cell).
    Optional per move: ``"label"``, the text of its button (no clicks) or of
    its confirm button (``"Place on b3"``); ``"preview"``, what the move
    would leave, drawn while its clicks are being entered:
    ``{"cells": [ids], "pieces": [...], "markers": [...]}`` -- on the listed
    cells the view's pieces and markers are replaced by the preview's ones
    (same schema as ``pieces`` / ``markers``; a listed cell absent from them
    would be empty).  The front end shows the preview of the move the
    current clicks complete or, while they complete none, what every
    remaining candidate's preview agrees on.
``outcome``
    ``None`` or ``{"winner": seat | None, "reason": "..."}``.
``messages``
    short texts worth showing (``"Threat!"``), optional.
``turn_plies``
    plies in one player's turn (optional, default 1; EL with declared threats
    has 2: a placement, then a declaration), for grouping the move list.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, Sequence

__all__ = [
    "GamutError", "UnknownGameError", "UnknownVariantError", "OptionError",
    "PositionError", "IllegalMoveError", "RecordError",
    "Outcome", "OptionSpec", "VariantInfo", "GameInfo", "State", "PrunedMoves",
    "ForcedMoves",
    "GAMES", "register", "new", "load", "perft",
    "format_header", "parse_header",
]


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
            f"option {self.name!r} cannot be {text!r}; choose one of "
            + ", ".join(self.format(c) for c in self.choices))

    def check(self, value):
        """Accept a Python value (or its text form) and return the canonical value."""
        if isinstance(value, str):
            return self.parse(value)
        for choice in self.choices:
            if type(choice) is type(value) and choice == value:
                return choice
        raise OptionError(
            f"option {self.name!r} cannot be {value!r}; choose one of "
            + ", ".join(self.format(c) for c in self.choices))

    def to_json(self) -> dict:
        return {"name": self.name, "label": self.label, "description": self.description,
                "choices": [self.format(c) for c in self.choices],
                "default": self.format(self.default),
                "variants": list(self.variants) if self.variants is not None else None}


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
    factory: Callable | None = field(default=None, compare=False, repr=False)
    loader: Callable | None = field(default=None, compare=False, repr=False)

    @property
    def implemented(self) -> bool:
        return self.factory is not None

    @property
    def default_variant(self) -> str:
        return self.variants[0].id

    def variant(self, variant_id: str | None) -> VariantInfo:
        if variant_id is None:
            return self.variants[0]
        for v in self.variants:
            if v.id == variant_id:
                return v
        raise UnknownVariantError(
            f"{self.name} has no variant {variant_id!r}; choose one of "
            + ", ".join(v.id for v in self.variants))

    def option_specs(self, variant_id: str) -> tuple:
        return tuple(o for o in self.options if o.applies_to(variant_id))

    def resolve_options(self, variant_id: str, given: dict) -> dict:
        """Complete and check options: names may use ``_`` for ``-``."""
        specs = {o.name: o for o in self.option_specs(variant_id)}
        result = {name: spec.default for name, spec in specs.items()}
        for raw_name, value in given.items():
            name = raw_name.replace("_", "-")
            if name not in specs:
                valid = ", ".join(specs) or "none"
                raise OptionError(
                    f"{self.name} ({variant_id}) has no option {raw_name!r}; options: {valid}")
            result[name] = specs[name].check(value)
        return result

    def to_json(self) -> dict:
        return {"id": self.id, "name": self.name, "description": self.description,
                "implemented": self.implemented,
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
            f"unknown game {game!r}; choose one of " + ", ".join(GAMES)) from None


def new(game: str, variant: str | None = None, **options) -> "State":
    """The start position of ``game`` (e.g. ``new("loa", "scrambled-eggs")``)."""
    info = game_info(game)
    v = info.variant(variant)
    if not info.implemented:
        raise UnknownGameError(f"{info.name} is not implemented yet")
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
    parts = text.strip().split(None, 3)
    if len(parts) < 3:
        raise PositionError(
            "a position text starts with '<game> <variant> <options>', e.g. 'loa standard ...'")
    try:
        info = game_info(parts[0])
        variant = info.variant(parts[1]).id
    except GamutError as exc:
        raise PositionError(str(exc)) from None
    if not info.implemented:
        raise PositionError(f"{info.name} is not implemented yet")
    given = {}
    if parts[2] != "-":
        for item in parts[2].split(","):
            name, eq, value = item.partition("=")
            if not eq or not name:
                raise PositionError(f"option {item!r} is not written as name=value")
            if name in given:
                raise PositionError(f"option {name!r} is given twice")
            given[name] = value
    try:
        options = info.resolve_options(variant, given)
    except OptionError as exc:
        raise PositionError(str(exc)) from None
    missing = [o.name for o in info.option_specs(variant) if o.name not in given]
    if missing:
        raise PositionError("the position text does not give option(s) " + ", ".join(missing))
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

    def play(self, move) -> "State":
        """The position after ``move`` (which must be one of ``legal_moves()``)."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        raise NotImplementedError

    def is_over(self) -> bool:
        return self.outcome() is not None

    #: Plies in one player's turn (EL with declared threats: 2, a placement
    #: and a declaration).  Within a turn ``to_move`` stays the same.
    turn_plies: int = 1

    #: For a game with ``evaluate()``: the score at which the side to move
    #: wins about 73 % of games (a logistic fit to played games, see
    #: ``bench/calibrate_eval.py``); the page words evaluations with it.
    eval_scale: float = 100.0

    def zobrist(self) -> int:
        """A hash of the position for transposition tables (kept incrementally)."""
        return hash(self.key())

    # notation ---------------------------------------------------------------
    def move_text(self, move) -> str:
        return str(move)

    def parse_move(self, text: str):
        """The legal move written ``text``; raises IllegalMoveError saying why not."""
        raise NotImplementedError

    def play_text(self, text: str) -> "State":
        return self.play(self.parse_move(text))

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

    def __ne__(self, other):
        return not self.__eq__(other)

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
    play = state.play
    return sum(perft(play(m), depth - 1) for m in moves)


def divide(state: State, depth: int) -> list[tuple[str, int]]:
    """Perft split by first move (for debugging move generators)."""
    return [(state.move_text(m), perft(state.play(m), depth - 1)) for m in state.legal_moves()]


def replay(start: State, moves: Iterable[str]) -> list[State]:
    """Every state from ``start`` through ``moves`` (texts); raises
    :class:`RecordError` naming the first move that cannot be played."""
    states = [start]
    for i, text in enumerate(moves):
        try:
            states.append(states[-1].play(states[-1].parse_move(text)))
        except IllegalMoveError as exc:
            raise RecordError(f"move {i + 1} ({text!r}): {exc}") from None
    return states
