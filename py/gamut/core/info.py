"""A game's metadata: its variants, its rule options (and how their values
are written in position texts), its position editor's hooks, and the
:class:`Outcome` of a finished game."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeAlias

from ..messages import Message
from ..view import said
from .errors import OptionError, UnknownVariantError, excerpt

if TYPE_CHECKING:
    from ..view import OutcomeView, Said
    from .registry import Header
    from .state import State

#: An option's value: ``bool`` (written ``on``/``off``), ``int`` or ``str``.
OptionValue: TypeAlias = bool | int | str
#: A game's options, complete and checked (:meth:`GameInfo.resolve_options`).
#: ``Any`` values: each game knows the type of each of its own options.
Options: TypeAlias = dict[str, Any]


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is a seat, or ``None`` for a draw;
    ``message`` says why (gamut.messages: the page says it in the player's
    language, ``reason`` is its English for the command line and the tests);
    ``cells`` names the cells worth outlining (the winning group), if any."""

    winner: int | None
    message: Message = field(compare=False)
    cells: tuple[str, ...] = ()

    @property
    def reason(self) -> str:
        """The message in English."""
        return str(self.message)

    def to_json(self) -> OutcomeView:
        """The view's outcome: the winner, the cells and the message (``said``)."""
        return {"winner": self.winner, "cells": list(self.cells), "said": said(self.message)}


@dataclass(frozen=True)
class OptionSpec:
    """A rule option.  ``choices`` lists every allowed value; values are
    ``bool`` (written ``on``/``off``), ``int`` or ``str``."""

    name: str
    label: str
    choices: tuple[OptionValue, ...]
    default: OptionValue
    description: str = ""
    variants: tuple[str, ...] | None = None  # variants it applies to; None = all
    # other options' values under which it means something, e.g. (("size", ("5", "7")),):
    # the New game dialog offers it only then (a position may still name it)
    when: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def __post_init__(self) -> None:
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

    def format(self, value: OptionValue) -> str:
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)

    def parse(self, text: str) -> OptionValue:
        """Read a value written by :meth:`format`; raise OptionError otherwise."""
        for choice in self.choices:
            if self.format(choice) == text:
                return choice
        raise OptionError(self._not_a_choice(text))

    def check(self, value: object) -> OptionValue:
        """Accept a Python value (or its text form) and return the canonical value."""
        if isinstance(value, str):
            return self.parse(value)
        for choice in self.choices:
            if type(choice) is type(value) and choice == value:
                return choice
        raise OptionError(self._not_a_choice(value))

    def _not_a_choice(self, value: object) -> Message:
        """The message refusing ``value``, with the choices (tokens, so
        written as they are in every language)."""
        choices = ", ".join(self.format(c) for c in self.choices)
        return Message(
            "error.option.value", {"name": repr(self.name), "value": excerpt(value), "choices": choices}
        )

    def to_json(self) -> dict[str, Any]:
        """The option in the games answer: its name, choices and where it
        applies; no English (the page says ``label`` and ``description`` by
        the catalogs' ``option.<game>.<name>`` and ``.about``, #43)."""
        return {
            "name": self.name,
            "choices": [self.format(c) for c in self.choices],
            "default": self.format(self.default),
            "variants": list(self.variants) if self.variants is not None else None,
            "when": {name: list(values) for name, values in self.when} or None,
        }


_TOKEN = re.compile(r"[a-z0-9][a-z0-9_.+-]*")


@dataclass(frozen=True)
class VariantInfo:
    id: str
    name: str
    description: str = ""
    players: int = 2

    def to_json(self) -> dict[str, Any]:
        """The variant in the games answer: its id and seats; no English (the
        page says ``name`` and ``description`` by the catalogs'
        ``variant.<game>.<id>`` and ``.about``, #43)."""
        return {"id": self.id, "players": self.players}


@dataclass(frozen=True)
class Editor:
    """How a game's positions are set up by hand (see :mod:`gamut.setup`,
    which checks the shapes and calls these):

    ``palette(variant, options)``
        ``{"items": [...], "counts": [...]}``: what can be put on a cell
        (each item: ``id``, ``said`` (its name, a message: "Black
        piece"), ``owner`` (a seat), ``kind`` ``"piece"`` or ``"marker"``,
        ``stacks`` (placed on top of a stack, else alone on its cell),
        ``cells`` (the cells it may go on, or None for all), ``text`` (a
        written label, EL's numbers)) and the numbers beside the board
        (``id``, ``owner``, ``said`` ("in hand"), ``total``: an unset count
        is ``total`` minus the owner's pieces on the board); ``side``, when
        the board decides whose turn it is (EL, Escabel), says how, as a
        message: the side given is then not used.  Every word is a message
        only (issue #43), as in a view.
    ``describe(state)``
        ``{"to_move", "cells": {cell: [item, ...] bottom to top}, "counts":
        {id: int | None}, "extra": {...}}``; ``extra`` holds what the board
        does not show (EL's last placements); it is kept only while the
        position is not edited.
    ``compose(header, setup)``
        the state a checked description names, or a :class:`SetupError`
        (or PositionError) saying what is wrong.
    """

    palette: Callable[[str, Options], dict[str, Any]]
    # describe takes the game's own state class (a subclass of State), hence Any
    describe: Callable[[Any], dict[str, Any]]
    compose: Callable[[Header, dict[str, Any]], State]


def colour_item(
    kind: str, colour: str, owner: int, stacks: bool = False, cells: list[str] | None = None
) -> dict[str, Any]:
    """A palette item (:class:`Editor`) of a game whose pieces are known by
    their colour: ``kind`` "piece" or "marker", ``colour`` "black" or
    "white" (its id: ``b``, ``w``; a marker's ``mb``, ``mw``)."""
    return {
        "id": ("m" if kind == "marker" else "") + colour[0],
        "said": said(Message(f"setup.{kind}", {"colour": colour})),
        "owner": owner,
        "kind": kind,
        "stacks": stacks,
        "cells": cells,
    }


@dataclass(frozen=True)
class GameInfo:
    """A game's metadata and the factory that builds its start position.

    ``factory(variant, options)`` receives a known variant id and a complete,
    checked options dict (only the options that apply to the variant).
    ``loader(header, body)`` builds a state from the body of a position text.
    ``package`` is the dotted name of the game's package (its
    ``__name__``): the computer player's evaluation is the module
    ``<package>.evaluation`` (see :func:`gamut.core.evaluation`).
    ``record_formats`` names modules of that package that read foreign
    record formats (Lines of Action's ``"sgf"``): :mod:`gamut.records`
    imports them on first use, and each registers its reader there.
    ``draws`` says whether the rules can end a game in a draw, and
    ``draws_unless`` the option values under which they cannot after all
    (``(("full-board", "second-wins"),)``: EL's full board is then the
    second player's win); both are data, so the page reads them from
    :meth:`to_json` as the engine does from :meth:`can_draw`.  Where the
    rules know no draw (Escabel), the page offers no draw by agreement.
    ``english`` holds the English of the game's own messages
    (``move.<id>.*``, ``result.<id>.*``, ``error.<id>.*``...: a shipped
    game's ``english.py``, the tests' toy game's few), which the shared
    table :data:`gamut.messages.ENGLISH` does not: :func:`register` adds
    them there, and the page's catalogs hold them in every language.  Its
    variants' names are messages too, ``variant.<game>.<id>`` (a view's
    title says one: :meth:`title`): ``english`` has them from ``variants``,
    written once there.
    """

    id: str
    name: str
    description: str
    variants: tuple[VariantInfo, ...]  # the first is the default
    options: tuple[OptionSpec, ...] = ()
    # factory and loader default to None only to follow the defaulted fields above: every
    # game gives both (__post_init__ refuses None), hence the two ignores.
    factory: Callable[[str, Options], State] = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    loader: Callable[[Header, str], State] = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    editor: Editor | None = field(default=None, compare=False, repr=False)
    package: str = field(default="", compare=False, repr=False)
    record_formats: tuple[str, ...] = field(default=(), compare=False, repr=False)
    draws: bool = field(default=True, compare=False)
    draws_unless: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    english: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.factory is None or self.loader is None:
            raise ValueError(f"game {self.id!r} needs a factory and a loader")
        names = {f"variant.{self.id}.{v.id}": v.name for v in self.variants}
        object.__setattr__(self, "english", {**names, **self.english})

    def title(self, variant_id: str | None = None) -> Said:
        """A view's ``title``, a message (#43): the game's name, a proper
        name said as it is (``view.title`` "Lines of Action"), or with
        ``variant_id`` the game's and the variant's (``view.titleVariant``
        "EL (Eight)", the variant's name the message ``variant.<game>.<id>``),
        where the game names its variant in the title."""
        if variant_id is None:
            return said(Message("view.title", {"game": self.name}))
        variant = Message(f"variant.{self.id}.{self.variant(variant_id).id}")
        return said(Message("view.titleVariant", {"game": self.name, "variant": variant}))

    def variant(self, variant_id: str | None) -> VariantInfo:
        if variant_id is None:
            return self.variants[0]
        for v in self.variants:
            if v.id == variant_id:
                return v
        choices = ", ".join(v.id for v in self.variants)
        raise UnknownVariantError(
            Message(
                "error.game.unknownVariant",
                {"game": self.name, "variant": excerpt(variant_id), "choices": choices},
            )
        )

    def can_draw(self, variant_id: str, options: Mapping[str, object]) -> bool:
        """Whether a game of this variant and these options (values or their
        texts) can end in a draw under its rules, so whether its players may
        agree one."""
        if not self.draws:
            return False
        specs = {o.name: o for o in self.option_specs(variant_id)}
        for name, text in self.draws_unless:
            spec = specs.get(name)
            if spec is None:
                continue
            if spec.format(spec.check(options.get(name, spec.default))) == text:
                return False
        return True

    def option_specs(self, variant_id: str) -> tuple[OptionSpec, ...]:
        return tuple(o for o in self.options if o.applies_to(variant_id))

    def resolve_options(
        self,
        variant_id: str,
        given: Mapping[str, object] | Iterable[tuple[str, object]],
        complete: bool = False,
    ) -> Options:
        """Complete and check options, given as a dict or as (name, value)
        pairs: the one place option names and values are read.  Names may
        use ``_`` for ``-`` (Python keywords); an unknown name, or one given
        twice in either spelling, raises OptionError, and so does a missing
        one when ``complete`` (a position text names every option)."""
        specs = {o.name: o for o in self.option_specs(variant_id)}
        result = {name: spec.default for name, spec in specs.items()}
        seen: set[str] = set()
        pairs = given.items() if isinstance(given, Mapping) else given
        for raw_name, value in pairs:
            name = raw_name.replace("_", "-") if isinstance(raw_name, str) else raw_name
            if name not in specs:
                where = {"game": self.name, "variant": variant_id, "name": excerpt(raw_name)}
                if not specs:
                    raise OptionError(Message("error.option.unknownNone", where))
                raise OptionError(Message("error.option.unknown", {**where, "options": ", ".join(specs)}))
            if name in seen:
                raise OptionError(Message("error.option.twice", {"name": repr(name)}))
            seen.add(name)
            result[name] = specs[name].check(value)
        missing = [name for name in specs if name not in seen]
        if complete and missing:
            raise OptionError(
                Message("error.option.missing", {"count": len(missing), "names": ", ".join(missing)})
            )
        return result

    def to_json(self) -> dict[str, Any]:
        """The game in the games answer: its id and name (a proper name,
        said as it is in every language), its variants and options; no
        English (the page says the description by the catalogs'
        ``game.<id>.about``, #43)."""
        return {
            "id": self.id,
            "name": self.name,
            "players": sorted({v.players for v in self.variants}),
            "variants": [v.to_json() for v in self.variants],
            "options": [o.to_json() for o in self.options],
            # whether the rules know a draw, and the option values that rule it out
            "draws": self.draws,
            "draws_unless": {name: text for name, text in self.draws_unless},
        }
