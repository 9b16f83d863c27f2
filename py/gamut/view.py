"""The view: what ``state.view()`` returns and the page draws, written as
typed structures, and :func:`check_view`, which refuses any view with an
unknown, missing or mistyped key.

The structures below are the whole contract between a game and the page
(``web/``): the page reads every key written here and nothing else, and the
page knows geometry, not rules.  Coordinates live in a ``0 0 width height``
view box, y growing downwards.  ``NotRequired`` keys may be left out.  The
bridge adds ``ply`` (moves played since the start of the line) to every view
it sends.  Games' views are checked by ``tests/test_protocol.py`` on every
position of random games of every variant.

No ``from __future__ import annotations`` here: the TypedDicts are read at
run time (Python 3.11 cannot tell ``NotRequired`` keys from postponed
annotations).
"""

import types
import typing
from collections.abc import Iterable
from typing import Any, Literal, NotRequired, TypedDict, Union

from .messages import Message, seat

__all__ = [
    "View",
    "Board",
    "Cell",
    "Edge",
    "Player",
    "Piece",
    "Marker",
    "Counter",
    "Highlight",
    "Annotation",
    "PaletteItem",
    "Preview",
    "MoveEntry",
    "Select",
    "OutcomeView",
    "Said",
    "ViewError",
    "check_view",
    "said",
    "seats_said",
    "seat_names",
    "OLD_ENGLISH",
    "COLORS",
]

#: The colour tokens a player may have (the page maps each to its palette).
COLORS = ("black", "white", "red", "blue", "green", "yellow")


class Said(TypedDict):
    """A message of the engine (``gamut.messages.Message.to_json()``): every
    readable text of a view is one, for the page to say in the player's
    language (docs/i18n.md, "The view's words"); a view has no English text
    beside it.  Its English is ``str(Message.from_json(said))``."""

    id: str
    args: dict[str, Any]


class Player(TypedDict):
    color: Literal["black", "white", "red", "blue", "green", "yellow"]
    said: Said  # the seat's name: ``seat.black``, ``seat.playerColour``


class Cell(TypedDict):
    """A click target on the board.  ``squares``: the unit square centred on
    (x, y), ``shade`` 0/1 checkered or 2 a plain ruled cell; ``points``: a
    grid intersection; ``polygons``: ``points`` is its outline."""

    id: str
    x: float
    y: float
    shade: NotRequired[Literal[0, 1, 2]]
    points: NotRequired[list[list[float]]]
    shape: NotRequired[str]


# "from" is a keyword: the functional form.
Edge = TypedDict("Edge", {"from": list[float], "to": list[float], "owner": int})
Edge.__doc__ = "A board edge drawn in a player's colour (``owner``: a seat)."


class Board(TypedDict):
    kind: Literal["squares", "points", "polygons"]
    width: float
    height: float
    cells: list[Cell]
    files: list[str]
    ranks: list[str]
    edges: NotRequired[list[Edge]]
    #: "rings": a stack drawn from above, the top piece as a disc and each
    #: piece below as a ring in its own colour.
    stack_style: NotRequired[Literal["rings"]]


class Piece(TypedDict):
    cell: str
    owner: int
    label: NotRequired[str]
    stack: NotRequired[list[int]]  # seats, bottom to top


class Marker(TypedDict):
    """Ownership of a cell itself (EVL's pentagons)."""

    cell: str
    owner: int


class Counter(TypedDict):
    """A count beside a seat's name: ``said``, the whole counter, its value
    and noun (``view.count.pieces`` "12 pieces": a language puts the number
    where it goes and makes the noun agree)."""

    owner: int
    value: int
    said: Said


class Highlight(TypedDict):
    kind: Literal["win", "threat", "capture"]
    cells: list[str]


class Annotation(TypedDict):
    cell: str
    text: str
    owner: int
    kind: Literal["threat"]


class PaletteItem(TypedDict):
    """A click target beside the board (EL's numbers)."""

    id: str
    label: str


class Preview(TypedDict):
    """What a move would leave, drawn while its clicks are entered: on
    ``cells`` the view's pieces and markers give way to these (a listed cell
    absent from them is drawn empty).  The page shows the preview of the
    move the current clicks complete or, while they complete none, what
    every remaining candidate's preview agrees on."""

    cells: list[str]
    pieces: list[Piece]
    markers: list[Marker]


class MoveEntry(TypedDict):
    """A legal move: ``clicks`` (cell or palette ids) enter it; a move with
    none (``pass``, ``swap``) is a button.  When one move's clicks are a
    prefix of another's, the page asks for confirmation (or a second click
    on the last cell).  ``said``: the words of its button or of its confirm
    button ("Place on b3"); without them the button shows ``text``, the
    move's notation."""

    text: str
    clicks: list[str]
    said: NotRequired[Said]
    preview: NotRequired[Preview]


class Select(TypedDict):
    """A step in which the player marks any set of ``cells`` and confirms;
    the move played is ``"<move> <cell>,<cell>"`` (``"<move> -"`` for none);
    ``said``: what to mark ("Mark the cells ..., then confirm")."""

    cells: list[str]
    move: str
    said: Said


class OutcomeView(TypedDict):
    """How the game ended: the winner (None: a draw), the cells to outline
    and why, as a message (the page says it in the player's language)."""

    winner: int | None
    cells: list[str]
    said: Said


class View(TypedDict):
    game: str
    variant: str
    options: dict[str, str]  # option texts, as in the position text
    #: the game's name, and its variant's where the game names it, as a
    #: message (``GameInfo.title``: "EL (Eight)"; English before #43)
    title: Said
    players: list[Player]  # in seat order
    to_move: int
    ply: NotRequired[int]
    board: Board
    pieces: list[Piece]
    markers: NotRequired[list[Marker]]
    counters: list[Counter]
    last_move: list[str]  # cell ids touched by the last move, in order
    highlights: list[Highlight]
    annotations: NotRequired[list[Annotation]]
    palette: NotRequired[list[PaletteItem]]
    #: "any": a move's clicks may come in any order (EL: a cell and a number).
    click_order: NotRequired[Literal["any"]]
    #: plies in one player's turn (default 1), for grouping the move list.
    turn_plies: NotRequired[int]
    moves: list[MoveEntry]
    select: NotRequired[Select]
    outcome: OutcomeView | None
    #: the notes under the board (threats, a swap offered, a number that
    #: must be repeated), each a message
    messages: list[Said]


#: The English texts views carried beside their messages before issue #43,
#: by the structure that had them: ``check_view`` refuses each by name (a
#: view says messages only; the English is ``str(Message.from_json(said))``).
OLD_ENGLISH: dict[Any, frozenset[str]] = {
    Player: frozenset({"name"}),
    Counter: frozenset({"label"}),
    MoveEntry: frozenset({"label"}),
    Select: frozenset({"prompt"}),
    OutcomeView: frozenset({"reason"}),
    View: frozenset({"said_players", "said_counters", "said_messages"}),
}


class ViewError(ValueError):
    """A view breaks the contract (an engine bug, never the user's input)."""


class _EnglishError(ViewError):
    """A view has one of the English texts of :data:`OLD_ENGLISH`, or an
    English text where a message goes (a title, a note)."""


_HINTS: dict[Any, tuple[dict[str, Any], frozenset[str]]] = {}


def _fields(tp: Any) -> tuple[dict[str, Any], frozenset[str]]:
    got = _HINTS.get(tp)
    if got is None:
        got = _HINTS[tp] = (typing.get_type_hints(tp), tp.__required_keys__)
    return got


def _check(value: Any, tp: Any, path: str) -> None:
    origin = typing.get_origin(tp)
    if origin is Literal:
        if not any(type(value) is type(a) and value == a for a in typing.get_args(tp)):
            raise ViewError(f"{path}: {value!r} is not one of {typing.get_args(tp)}")
    elif origin in (Union, types.UnionType):
        for option in typing.get_args(tp):
            try:
                return _check(value, option, path)
            except _EnglishError:
                raise
            except ViewError:
                pass
        raise ViewError(f"{path}: {value!r} is not a {tp}")
    elif origin is list:
        if type(value) is not list:
            raise ViewError(f"{path}: {type(value).__name__}, not a list")
        (item,) = typing.get_args(tp)
        for i, x in enumerate(value):
            _check(x, item, f"{path}[{i}]")
    elif origin is dict:
        if type(value) is not dict:
            raise ViewError(f"{path}: {type(value).__name__}, not a dict")
        k, v = typing.get_args(tp)
        for key, x in value.items():
            _check(key, k, f"{path} key")
            _check(x, v, f"{path}[{key!r}]")
    elif typing.is_typeddict(tp):
        if tp is Said and type(value) is str:  # (a title, a note: English where a message goes)
            raise _EnglishError(
                f"{path}: {value!r} is English, not a message: a view says its words as messages only (issue #43)"
            )
        if type(value) is not dict:
            raise ViewError(f"{path}: {type(value).__name__}, not a {tp.__name__}")
        hints, required = _fields(tp)
        unknown = sorted(set(value) - set(hints), key=str)
        old = [key for key in unknown if key in OLD_ENGLISH.get(tp, ())]
        if old:
            raise _EnglishError(
                f"{path}: {old[0]!r} is English beside the message: a {tp.__name__} says its words "
                "as messages only (issue #43)"
            )
        if unknown:
            raise ViewError(f"{path}: unknown key {unknown[0]!r} in a {tp.__name__}")
        missing = sorted(required - set(value))
        if missing:
            raise ViewError(f"{path}: missing key {missing[0]!r} in a {tp.__name__}")
        for key, x in value.items():
            _check(x, hints[key], f"{path}.{key}")
    elif tp is type(None) or tp is None:
        if value is not None:
            raise ViewError(f"{path}: {value!r} is not null")
    elif tp is float:
        if type(value) not in (int, float):
            raise ViewError(f"{path}: {value!r} is not a number")
    elif tp is Any:
        pass  # (a message's arguments: numbers, texts, messages, lists of them)
    elif tp in (int, str, bool):
        if type(value) is not tp:
            raise ViewError(f"{path}: {value!r} is not a {tp.__name__}")
    else:  # pragma: no cover  (a type this checker does not know)
        raise TypeError(f"{path}: cannot check {tp!r}")


def check_view(view: Any) -> View:
    """``view`` itself when it follows :class:`View` (every key known, every
    required key present, every value of its type) and its ids fit together
    (pieces, markers, highlights, annotations, last move and clicks name the
    board's cells or the palette; owners are seats); else ViewError."""
    _check(view, View, "view")
    seats = range(len(view["players"]))
    cells = {c["id"] for c in view["board"]["cells"]}
    if len(cells) != len(view["board"]["cells"]):
        raise ViewError("view.board.cells: an id is used twice")
    palette = {p["id"] for p in view.get("palette", [])}
    if view["to_move"] not in seats:
        raise ViewError(f"view.to_move: {view['to_move']} is not a seat")

    def ids(where: str, names: Iterable[str], allowed: set[str] = cells) -> None:
        for name in names:
            if name not in allowed:
                raise ViewError(f"{where}: {name!r} is not a cell of the board")

    def owners(where: str, items: Iterable[dict[str, Any]]) -> None:
        for item in items:
            if item["owner"] not in seats or any(s not in seats for s in item.get("stack", ())):
                raise ViewError(f"{where}: {item!r} names a seat that does not play")

    for key in ("pieces", "markers", "annotations"):
        ids(f"view.{key}", (x["cell"] for x in view.get(key, [])))
        owners(f"view.{key}", view.get(key, []))
    owners("view.counters", view["counters"])
    owners("view.board.edges", view["board"].get("edges", []))
    ids("view.last_move", view["last_move"])
    for h in view["highlights"]:
        ids("view.highlights", h["cells"])
    for m in view["moves"]:
        ids(f"move {m['text']!r}", m["clicks"], cells | palette)
        preview = m.get("preview")
        if preview is not None:
            ids(f"move {m['text']!r} preview", preview["cells"])
            owners(f"move {m['text']!r} preview", preview["pieces"] + preview["markers"])
    if "select" in view:
        ids("view.select", view["select"]["cells"])
    outcome = view["outcome"]
    if outcome is not None:
        if outcome["winner"] is not None and outcome["winner"] not in seats:
            raise ViewError(f"view.outcome: {outcome['winner']} is not a seat")
        ids("view.outcome", outcome["cells"])
    checked: View = view
    return checked


def said(message: Message) -> Said:
    """``message`` as the view sends it (its JSON)."""
    return typing.cast(Said, message.to_json())


def black_and_white() -> list[Player]:
    """The ``players`` of a game of two fixed seats, Black then White (Lines
    of Action, EVL)."""
    return [{"color": "black", "said": said(seat("Black"))}, {"color": "white", "said": said(seat("White"))}]


def seats_said(view: Any) -> list[Message]:
    """The seats' names in ``view``, as messages (``seat.black``)."""
    return [Message.from_json(p["said"]) for p in view["players"]]


def seat_names(view: Any) -> list[str]:
    """The seats' names in ``view`` in English ("Black", "Player 1 (White)"),
    for the command line, the reports and the move box's command words."""
    return [str(m) for m in seats_said(view)]
