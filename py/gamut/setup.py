"""Setting up a position by hand: the engine's side of the page's editor.

The page never writes a position text.  It edits a *description* of a
position, a JSON object the engine wrote, and asks the engine to check it::

    {"game": "evl", "variant": "standard", "options": {"pieces": "20", ...},
     "to_move": 0,                                # a seat
     "cells": {"b3": ["b", "w"], "ab1": ["mw"]},  # items on each cell, bottom to top
     "counts": {"hand-0": null, "hand-1": 5},     # numbers beside the board; null: unset
     "extra": {}}                                 # what the board does not show

Each game says what can be put on a cell (its *palette*: pieces that stack
or stand alone, markers, EL's numbers in every colour, and numbers beside
the board such as EVL's pieces in hand) and turns a description into a
position, or into a :class:`~gamut.core.SetupError` whose message says
what is wrong in the editor's terms (too many pieces, a stack too tall, the
wrong side to move).  The hooks live in each game's module
(:class:`gamut.core.Editor`); this module checks the shapes, which the
games can then trust, and the one rule every game shares:

* **Where the board decides whose turn it is** (EL: the numbers written,
  one a turn in seat order; Escabel: every move adds one piece), the palette
  says so in ``side`` and the side given is not used; elsewhere (Lines of
  Action, EVL) the side to move is the editor's choice.
* **A finished game is refused.**  A position whose game is already over
  (a Lines of Action side connected, an EL on the board, an Escabel chain of
  the side to move or no move left, all of an EVL player's markers placed)
  has nothing to play or analyse, so the editor says why it is over instead
  of opening a game that cannot be played.

Every word the editor shows is a message (issues #33, #43), and only a
message, as in a view: a palette item's and a count's ``said``, the
``side`` sentence (each ``Message.to_json()``), a :class:`SetupError`'s
``said`` (``check`` sends it as the problem's ``said``, beside the error's
English ``message`` as every engine error has it), so the page says them in
the player's language.

``extra`` carries what a position's history decided that its board does
not show (EL's last placements, which mark the last move and, with
declared threats, decide which completions count, and its declarations).
A description the engine wrote keeps it, so describing a position and
composing it again gives the same position; the page drops it at the
first edit, and the game then fills in its defaults.

:func:`check` answers every description, valid or not, with a view to draw:
the position's own view when it is valid, else a *sketch* (the pieces as
described, on the variant's board, with no moves), so the page can show
whatever is being edited.
"""

from __future__ import annotations

from .core import GamutError, Header, OptionError, PositionError, SetupError, State, excerpt, game_info, load
from .messages import Message
from .position_cache import start_text_of, view_of
from .view import said

__all__ = ["palette", "describe", "compose", "check", "sketch", "start_setup", "MAX_ITEMS"]

#: Items on one cell at most (a shape check; each game's own limit is lower).
MAX_ITEMS = 200


def _editor(info):
    if info.editor is None:  # pragma: no cover  (every registered game has one)
        raise SetupError(Message("error.setup.noEditor", {"game": info.name}))
    return info.editor


def _resolve(game, variant, options):
    """(info, variant id, options dict) from a game id, variant id or None,
    and options given as texts (every error a GamutError)."""
    info = game_info(game)
    vid = info.variant(variant).id
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise SetupError(Message("error.setup.options"))
    return info, vid, info.resolve_options(vid, options)


def palette(game: str, variant: str | None = None, options: dict | None = None) -> dict:
    """What can be put on the board of ``game`` (see :class:`gamut.core.Editor`)."""
    info, vid, opts = _resolve(game, variant, options)
    return _editor(info).palette(vid, opts)


def describe(state: State) -> dict:
    """The editable description of ``state`` (history that needs no
    description, such as repetitions, is left out)."""
    own = _editor(state.info).describe(state)
    return {
        "game": state.game_id,
        "variant": state.variant,
        "options": state.options_json(),
        "to_move": own["to_move"],
        "cells": own["cells"],
        "counts": own.get("counts", {}),
        "extra": own.get("extra", {}),
    }


def start_setup(game: str, variant: str | None = None, options: dict | None = None) -> dict:
    """The description of a variant's start position (the editor's Reset)."""
    info, vid, opts = _resolve(game, variant, options)
    return describe(info.factory(vid, opts))


class _Checked:
    """A description whose shape is checked: the game's info, variant,
    options, palette and the fields, normalised."""

    __slots__ = ("info", "variant", "options", "palette", "setup", "board")

    def __init__(self, setup):
        if not isinstance(setup, dict):
            raise SetupError(Message("error.setup.notObject"))
        info, vid, opts = _resolve(setup.get("game"), setup.get("variant"), setup.get("options"))
        self.info, self.variant, self.options = info, vid, opts
        pal = _editor(info).palette(vid, opts)
        self.palette = pal
        base = info.factory(vid, opts).view()
        self.board = base
        seats = len(base["players"])
        to_move = setup.get("to_move", 0)
        if type(to_move) is not int or not 0 <= to_move < seats:
            raise SetupError(Message("error.setup.side", {"last": seats - 1, "value": excerpt(to_move)}))
        cells_in = setup.get("cells", {})
        if not isinstance(cells_in, dict):
            raise SetupError(Message("error.setup.cells"))
        items = {item["id"]: item for item in pal["items"]}
        order = [c["id"] for c in base["board"]["cells"]]
        known = set(order)
        cells = {}
        for cell, stack in cells_in.items():
            if cell not in known:
                raise SetupError(Message("error.setup.notCell", {"cell": excerpt(cell)}))
            if not isinstance(stack, list) or len(stack) > MAX_ITEMS:
                raise SetupError(Message("error.setup.stack", {"cell": cell, "max": MAX_ITEMS}))
            for item_id in stack:
                item = items.get(item_id) if isinstance(item_id, str) else None
                if item is None:
                    raise SetupError(
                        Message("error.setup.unknownItem", {"item": excerpt(item_id), "cell": cell})
                    )
                if item["cells"] is not None and cell not in item["cells"]:
                    raise SetupError(Message("error.setup.notOn", {"item": _words(item), "cell": cell}))
            if len(stack) > 1 and not all(items[i]["stacks"] for i in stack):
                raise SetupError(Message("error.setup.share", {"cell": cell, "n": len(stack)}))
            if stack:
                cells[cell] = list(stack)
        counts_in = setup.get("counts", {})
        if not isinstance(counts_in, dict):
            raise SetupError(Message("error.setup.counts"))
        counts = {}
        for spec in pal["counts"]:
            value = counts_in.get(spec["id"])
            if value is not None and (type(value) is not int or not 0 <= value <= 10_000):
                raise SetupError(
                    Message("error.setup.count", {"count": _words(spec), "value": excerpt(value)})
                )
            counts[spec["id"]] = value
        unknown = set(counts_in) - set(counts)
        if unknown:
            raise SetupError(Message("error.setup.unknownCount", {"name": excerpt(sorted(unknown)[0])}))
        extra = setup.get("extra", {})
        if not isinstance(extra, dict):
            raise SetupError(Message("error.setup.extra"))
        self.setup = {
            "game": info.id,
            "variant": vid,
            "options": {o.name: o.format(opts[o.name]) for o in info.option_specs(vid)},
            "to_move": to_move,
            "cells": {c: cells[c] for c in order if c in cells},
            "counts": counts,
            "extra": extra,
        }

    def header(self) -> Header:
        return Header(self.info, self.variant, self.options)

    def pieces_of(self, seat: int) -> int:
        items = {item["id"]: item for item in self.palette["items"]}
        return sum(
            1
            for stack in self.setup["cells"].values()
            for i in stack
            if items[i]["kind"] == "piece" and items[i]["owner"] == seat
        )

    def counts(self) -> dict:
        """Every count's value, an unset one worked out from its total."""
        out = {}
        for spec in self.palette["counts"]:
            value = self.setup["counts"][spec["id"]]
            out[spec["id"]] = spec["total"] - self.pieces_of(spec["owner"]) if value is None else value
        return out


def compose(setup: dict) -> State:
    """The position a description names; a :class:`SetupError` (or another
    PositionError) says what is wrong, a finished game included."""
    return _compose(_Checked(setup))


def _compose(checked: _Checked) -> State:
    try:
        state = _editor(checked.info).compose(checked.header(), checked.setup)
    except SetupError:
        raise
    except OptionError as exc:  # pragma: no cover  (options are resolved above)
        cause = _cause(exc)
        raise SetupError(cause) from None
    except GamutError as exc:
        cause = _cause(exc)
        raise SetupError(cause) from None
    # The text the engine writes must read back as the same position: the
    # loader's own checks are the last word.
    try:
        again = load(state.to_text())
    except PositionError as exc:
        cause = _cause(exc)
        raise SetupError(cause) from None
    if again != state:  # pragma: no cover  (a game's compose and codec disagree)
        raise SetupError(Message("error.setup.inexact"))
    outcome = state.outcome()
    if outcome is not None:
        result = outcome.message
        raise SetupError(Message("error.setup.over", {"result": result}))
    return state


def _cause(exc: GamutError) -> Message:
    """What a wrapped error says, as a message: its own where it has one,
    else its English text in a message of no words of its own."""
    if exc.said is not None:
        return exc.said
    return Message("error.setup.cause", {"reason": str(exc)})


def _words(entry: dict) -> Message:
    """A palette item's or count's name (its ``said``) as a message."""
    return Message.from_json(entry["said"])


def sketch(setup: dict) -> dict:
    """A view of a description as it stands, valid or not: its pieces and
    markers on the variant's board, its side to move, no moves."""
    return _sketch(_Checked(setup))


def _sketch(checked: _Checked) -> dict:
    items = {item["id"]: item for item in checked.palette["items"]}
    view = dict(checked.board)
    pieces, markers = [], []
    for cell, stack in checked.setup["cells"].items():
        kinds = [items[i] for i in stack]
        if kinds[0]["kind"] == "marker":
            markers.append({"cell": cell, "owner": kinds[0]["owner"]})
            continue
        if kinds[0]["stacks"]:
            owners = [k["owner"] for k in kinds]
            piece = {"cell": cell, "owner": owners[-1], "stack": owners}
            if len(owners) > 1:
                piece["label"] = str(len(owners))
        else:
            piece = {"cell": cell, "owner": kinds[0]["owner"]}
            if "text" in kinds[0]:
                piece["label"] = kinds[0]["text"]
        pieces.append(piece)
    seats = len(view["players"])
    counters = []
    for s in range(seats):
        n = checked.pieces_of(s)
        counters.append({"owner": s, "value": n, "said": said(Message("view.count.pieces", {"n": n}))})
    values = checked.counts()
    for spec in checked.palette["counts"]:
        value = values[spec["id"]]
        counter = Message("setup.counter", {"n": value, "label": _words(spec)})
        counters.append({"owner": spec["owner"], "value": value, "said": said(counter)})
    view.update(
        pieces=pieces,
        counters=counters,
        to_move=checked.setup["to_move"],
        last_move=[],
        highlights=[],
        moves=[],
        outcome=None,
        messages=[],
        ply=0,
    )
    if "markers" in view or markers:
        view["markers"] = markers
    if "annotations" in view:
        view["annotations"] = []
    view.pop("select", None)
    return view


def check(setup: dict) -> dict:
    """Everything the editor shows of a description: ``setup`` (normalised),
    ``counts`` (every count's value), ``view`` (the position's own view when
    it is valid, else a sketch), ``start`` (its start text when valid, else
    None) and ``problem`` (None, or ``{type, message, said}`` saying what is
    wrong: ``said`` is the message, for the page to say in the player's
    language).
    A description whose shape is wrong raises SetupError."""
    checked = _Checked(setup)
    try:
        state = _compose(checked)
    except SetupError as exc:
        return {
            "setup": checked.setup,
            "counts": checked.counts(),
            "view": _sketch(checked),
            "start": None,
            "problem": _problem(exc),
        }
    # (where the board decides whose turn it is, the side is the one it decides)
    return {
        "setup": dict(checked.setup, to_move=describe(state)["to_move"]),
        "counts": checked.counts(),
        "view": view_of(state, 0),
        "start": start_text_of(state),
        "problem": None,
    }


def _problem(exc: SetupError) -> dict:
    """What is wrong with a description: the error's type, its English and its message."""
    problem: dict = {"type": type(exc).__name__, "message": str(exc)}
    if exc.said is not None:
        problem["said"] = exc.said.to_json()
    return problem
