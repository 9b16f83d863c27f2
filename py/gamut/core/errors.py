"""The engine's errors: every bad input raises one of these, all
``ValueError`` subclasses, with a message that never echoes a huge input
whole (:func:`excerpt`)."""

from __future__ import annotations

from ..messages import Message

#: The longest position text :func:`load` reads (a game's longest legal
#: position text is far shorter, history included; longer input is refused
#: before any work).
MAX_TEXT_LENGTH = 100_000


def excerpt(value: object, limit: int = 40) -> str:
    """``value`` quoted for an error message, cut to about ``limit``
    characters: errors never echo a huge input whole."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) > limit:
        return repr(text[:limit]) + f"... ({len(text)} characters)"
    return repr(text) if isinstance(value, str) else text


class GamutError(ValueError):
    """Base class of every error the engine raises on bad input.  Raised
    with a :class:`gamut.messages.Message` instead of a text, it keeps it as
    ``said`` (the bridge sends it beside the English text, for the page to
    say in the player's language); ``str(error)`` is the English either way."""

    said: Message | None = None

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], Message):
            self.said = args[0]
            args = (str(args[0]),)
        super().__init__(*args)


def cause_of(exc: BaseException) -> Message | str:
    """The cause an error wraps, as a message argument: its message, or its
    English text when it has none (an error of a toy game, of Python)."""
    said = getattr(exc, "said", None)
    return said if isinstance(said, Message) else str(exc)


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
