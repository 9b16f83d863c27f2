"""The registry of games, and the position texts that name them.

A game registers its :class:`~gamut.core.info.GameInfo` once, through
:func:`register` (the shipped games: see :mod:`gamut.games`); everything
else finds a game by its id here.  Position texts share one header::

    <game> <variant> <option>=<value>,<option>=<value> <game-specific body>
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..messages import ENGLISH, Message
from .errors import MAX_TEXT_LENGTH, GamutError, PositionError, UnknownGameError, excerpt
from .info import GameInfo, Options

if TYPE_CHECKING:
    from .hooks import EvaluationProtocol
    from .state import State

GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Add a game to :data:`GAMES` (the one way a game plugs in: a game's
    package calls it once, on import, with its GameInfo); returns ``info``."""
    if info.id in GAMES and GAMES[info.id] is not info:
        raise ValueError(f"a game {info.id!r} is already registered")
    # (its own messages' English, GameInfo.english: ids no other game and not
    # the shared table has, or unregister() would take another's words away)
    again = GAMES.get(info.id) is info
    taken = sorted(key for key in info.english if key in ENGLISH and not again)
    if taken:
        raise ValueError(f"game {info.id!r}: messages {', '.join(taken)} are already in the table")
    ENGLISH.update(info.english)
    GAMES[info.id] = info
    return info


def unregister(game: str) -> None:
    """Remove a game registered by :func:`register` (a game added for a
    while, as the tests' toy game is), with its loaded evaluation module."""
    info = GAMES.pop(game, None)
    _evaluations.pop(game, None)
    for key in info.english if info is not None else ():
        ENGLISH.pop(key, None)


def game_info(game: str) -> GameInfo:
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        said = Message("error.game.unknown", {"game": excerpt(game), "choices": ", ".join(GAMES)})
        raise UnknownGameError(said) from None


def new(game: str, variant: str | None = None, /, **options: object) -> State:
    """The start position of ``game`` (e.g. ``new("loa", "scrambled-eggs")``);
    ``game`` and ``variant`` are positional, so every keyword is an option."""
    info = game_info(game)
    v = info.variant(variant)
    return info.factory(v.id, info.resolve_options(v.id, options))


def format_header(game: str, variant: str, options: Options) -> str:
    info = GAMES[game]
    specs = {o.name: o for o in info.options}
    opts = ",".join(f"{k}={specs[k].format(v)}" for k, v in options.items())
    return f"{game} {variant} {opts or '-'}"


@dataclass(frozen=True)
class Header:
    info: GameInfo
    variant: str
    options: Options


def parse_header(text: str) -> tuple[Header, str]:
    """Split a position text into its header and the game-specific body."""
    if not isinstance(text, str):
        raise PositionError(Message("error.position.notText"))
    if len(text) > MAX_TEXT_LENGTH:
        raise PositionError(Message("error.position.tooLong", {"max": MAX_TEXT_LENGTH, "length": len(text)}))
    parts = text.strip().split(None, 3)
    if len(parts) < 3:
        raise PositionError(Message("error.position.header"))
    given: list[tuple[str, str]] = []
    if parts[2] != "-":
        for item in parts[2].split(","):
            name, eq, value = item.partition("=")
            if not eq or not name:
                raise PositionError(Message("error.option.notNameValue", {"item": excerpt(item)}))
            given.append((name, value))
    try:
        info = game_info(parts[0])
        variant = info.variant(parts[1]).id
        options = info.resolve_options(variant, given, complete=True)
    except GamutError as exc:
        said = _said(exc)
        raise PositionError(said) from None
    return Header(info, variant, options), (parts[3] if len(parts) > 3 else "")


def load(text: str) -> State:
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
        said = _said(exc)
        raise PositionError(said) from None


def _said(exc: GamutError) -> Message:
    """The message of ``exc``, said again by the PositionError that wraps
    it; an error raised with English text only (a game's own loader may
    still raise one) keeps that text, in English in every language."""
    if exc.said is not None:
        return exc.said
    return Message("error.position.cause", {"cause": str(exc)})


_evaluations: dict[str, EvaluationProtocol[Any]] = {}


def evaluation(game: str) -> EvaluationProtocol[Any]:
    """The evaluation module of ``game`` (``<its package>.evaluation``,
    the package named by its GameInfo), imported on first use: the page
    starts without it, and a game's search hooks call through here instead
    of running an import statement on every call (that costs about as much
    as a small evaluation)."""
    module = _evaluations.get(game)
    if module is None:
        info = game_info(game)
        if not info.package:
            raise ValueError(f"game {game!r} names no package, so it has no evaluation module")
        loaded = importlib.import_module(f"{info.package}.evaluation")
        module = cast("EvaluationProtocol[Any]", loaded)
        _evaluations[game] = module
    return module
