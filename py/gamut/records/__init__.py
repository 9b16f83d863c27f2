r"""Gamut records: whole games as text, in the spirit of chess's PGN.

A record holds one game: which game it is, who played, how it ended, and
the tree of moves played and analysed, with comments, glyphs, drawings on
the board and the time each move took.  A file holds any number of
records, one after the other.  :func:`parse` reads them, :func:`format`
writes them, and :func:`read` also accepts the foreign formats games register
(:mod:`gamut.records.foreign`: Lines of Action's boardspace.net SGF, in
:mod:`gamut.games.loa.sgf`).  Every move is replayed with the engine while
reading, so a record that reads is a record that plays.

The package's modules: :mod:`~gamut.records.tree` (limits, errors, the tree
of a game replayed, results and endings), :mod:`~gamut.records.notes` (a
move's notes and their commands in comments), :mod:`~gamut.records.record`
(:class:`Record`),
:mod:`~gamut.records.reader` (:func:`parse`), :mod:`~gamut.records.writer`
(:func:`format`), :mod:`~gamut.records.foreign` (the registry of foreign
formats).

A record, by example
--------------------
::

    [Game "loa"]
    [Variant "standard"]
    [Options "double-connection=mover"]
    [Players "human, computer strong"]
    [Date "2025-03-14"]
    [Result "1-0"]

    {The shortest game of Winands' thesis.} 1. d1-b3 h5-g4 2. b1-b4 (2. g1xg4
    {takes at once} 2... a3-c5) 2... g4xg1 3. b4-e7 a3xc1 4. b3-e6 h3xf1 5. e1-e5
    {All of Black's pieces are connected.} 1-0

*Tag lines* come first, one ``[Name "value"]`` each (inside the quotes, write
``\"`` for ``"`` and ``\\`` for ``\``; a value is one line).  The tags Gamut
knows:

``Game``     the game's id: ``loa``, ``el``, ``escabel`` or ``evl`` (required,
             unless ``Start`` says it).
``Variant``  the variant's id; the game's first variant when left out.
``Options``  ``name=value`` pairs separated by commas, the same as in a
             position text (``-`` or nothing: none); an option left out
             has its default.  :func:`format` writes every option.
``Start``    the start position's text (:meth:`State.to_text`), only for a
             game that does not begin at its variant's standard start.
``Players``  who plays each seat, in seat order, separated by commas:
             ``human`` or ``computer <level>`` (``beginner``, ``casual``,
             ``strong``, ``master``); Gamut's own short forms ``h`` and
             ``c:<level>`` read too, and any other word is kept as it is.
``Date``     when the game was played (any text; Gamut writes ``YYYY-MM-DD``).
``Name``     the game's name in the library.
``TimeControl`` the clocks: ``300+3`` (seconds for each player, plus
             seconds added after each of their moves), ``1d`` (days per
             move, for a game by correspondence) or ``-`` (none); ``300``
             reads as ``300+0``.
``Termination`` how the game ended (below).
``Result``   as at the end of the moves (below).

Any other tag (``Event``, ``Site``, ``Black``, ...) is kept and written back.

*The moves* follow, in each game's own notation: exactly the texts the
engine writes (``state.move_text``) and reads (``state.parse_move``):
``b1-d3`` and ``c8xc5`` (Lines of Action), ``c4=5`` and ``declare:e2,c4``
(EL), ``j10``, ``a6>a7`` and ``swap`` (Escabel), ``d7`` and ``b6-c6-c7``
(EVL), ``pass`` where a game has one.  Move texts hold no spaces, so
spaces and line breaks only separate.  Upper case reads (``B1-D3``) and is
written back in the engine's spelling.

*Move numbers* count rounds: in round ``N`` every seat plays once, in seat
order, so ``N.`` stands before the first seat's move of a round and ``N...``
where the moves resume at another seat (after a comment, at the start of a
variation, after one).  A turn of more than one move (EL with
``declare-threats=on``: a placement, then a declaration) keeps its number
for both moves::

    1. c3=5 declare:- b6=5 declare:- 2. a1=3 declare:- f3=4 declare:- *

and in EL for three or four players a round has three or four turns:
``1. a1=1 a3=2 a5=3 2. a7=4 b1=5``.  The numbers are optional when reading, but
a number that is written must be right (it catches a move left out).

*Comments* are written in braces, ``{like this}``, after the move they are
about; one before the first move is about the whole game.  A comment may
span lines; inside it write ``\}`` for ``}``, ``\\`` for ``\`` and ``\[%``
for a ``[%`` that starts no command (below; any other backslash is itself).
Two comments in a row are joined with a space.

*A move's notes*, as lichess writes them in PGN.  Its *glyph* is the token
right after the move: ``!`` (good), ``?`` (a mistake), ``!!``, ``??``,
``!?`` (interesting), ``?!`` (dubious); PGN's ``$1`` to ``$6`` read as these
six, and its other ``$n`` (about the position, not the move) are read and
left out.  Three *commands* inside the move's comment say the rest::

    12. d1-b3 !? {Sharp. [%clk 0:04:55.2] [%emt 0:00:03.1] [%draw G d4, R d4 f6]}

``[%clk T]`` is the time left on the mover's clock after the move (its
increment added), ``[%emt T]`` the time the move took, and ``[%draw ...]``
the shapes drawn on the board after it, separated by commas: a colour (``G``
green, ``R`` red, ``B`` blue, ``Y`` yellow) and one cell (a circle) or two (an
arrow from the first to the second), named as the game's board names them.
A time is ``H:MM:SS`` with as many decimals as it needs (``0:04:55``,
``0:04:55.2``, ``0:00:01.25``); ``M:SS`` reads too.  Reading takes the
commands out of the comment's text, with the spaces around them (so a comment
made only of commands leaves no text, and a comment that has commands keeps
no spaces at its ends); writing puts them after the text, in that order.  A
``[%clk``, ``[%emt`` or ``[%draw`` that is malformed (``[%clk soon]``, an
unknown colour, a cell the board does not have, a second ``[%clk`` on one
move) is an error, not text: write ``\[%`` for text that would read as one.
lichess's own circles and arrows, ``[%csl Gd4,Rf6]`` and ``[%cal Gd4f6]``,
read as shapes too (and are written as ``[%draw ...]``); other programs'
commands (lichess's ``[%eval 0.3]``) stay in the text.  The
comment before the first move may draw on the start position
(``[%draw ...]``), nothing more.

*Variations* are written in parentheses right after the move they replace,
and may nest: ``2. b1-b4 (2. g1-e3 g4xg1 (2... h3-f3)) 2... g4xg1``.  Each
variation goes on from the position before the move it replaces; the first
line is the main line.

*The result* ends the record: ``1-0`` (the first seat won), ``0-1``,
``1/2-1/2`` (a draw), and for three and four players one score per seat
(``0-1-0``, ``1/3-1/3-1/3``, ``0-0-0-1``); ``*`` when the game goes on or
the result is unknown.  When the main line ends in a finished game, the
result must be the one the rules give (a ``*`` there is read as that
result); a game that is not over may carry a result (a resignation).

The ``Termination`` tag says how the game ended: ``rules`` (its rules ended
it: the main line ends in a finished game; the tag may then be left out),
``resignation`` (the result names a winner), ``agreement`` (a drawn result),
``time`` (a flag fell: a win, or a draw where the other side could not have
won) or ``abandoned`` (any result, ``*`` too); all but ``rules`` need a main
line the rules have not ended.  lichess's ``Time forfeit`` reads as ``time``,
its ``Normal`` and ``Unterminated`` as no termination, boardspace's ``White
resigned`` as ``resignation`` and ``Black forfeited`` as ``abandoned``; any
other word is an error.

The data model
--------------
:class:`Record` is what the page stores (``web/model/tree.js``): the tree of
moves as the flat pre-order list ``nodes`` of ``(parent, move, comment)``
(``parent`` is 0 for the start, else the 1-based place of an earlier node;
a node's children in order, the main line first), ``comment``, the
comment on the whole game, and ``notes``, each node's notes by its place (0:
the start): a dict of any of ``glyph``, ``shapes`` (``["G", "d4"]`` a
circle, ``["R", "d4", "f6"]`` an arrow), ``spent`` and ``left`` (whole
milliseconds), never an empty value.  :meth:`Record.to_json` gives exactly::

    {"v": 1, "nodes": [[parent, move] or [parent, move, comment]
                       or [parent, move, comment, notes], ...],
     "comment": "..." (only when not empty),
     "notes": the start's notes, {"shapes": [...]} (only when any),
     "start": position text ("<game> <variant> <options> start" for the
              variant's standard start),
     "meta": {"game", "variant", "options": {name: value text}},
     "players": ["h", "c:strong"], "result": "1-0" | ... | "*",
     "date": text or null, "name": text or null,
     "tags": {other tags} (only when there are any),
     "termination": "resignation" ..., "timecontrol": "300+3" ... (only when given)}

Errors
------
Reading never stops at a bad game: :func:`parse` returns the games that
read and one :class:`RecordTextError` for each game that did not, with its
``line``, ``col`` (both from 1) and ``game_index`` (from 0; the message
says "game 2").  A malformed text is a :class:`RecordSyntaxError`; a move
the rules refuse is a :class:`RecordMoveError`, whose message names the
move by its number and text.
"""

from __future__ import annotations

import importlib

from ..core import GAMES, RecordError
from ..messages import Message
from .foreign import ForeignFormat, format_of, register_reader
from .notes import COLOURS, GLYPHS
from .reader import parse
from .record import Record, player_words
from .tree import (
    MAX_COMMENT,
    MAX_DEPTH,
    MAX_FILE_LENGTH,
    MAX_NODES,
    TERMINATIONS,
    Parsed,
    RecordMoveError,
    RecordSyntaxError,
    RecordTextError,
    move_labels,
    result_of,
    start_text,
)
from .writer import format, format_json

__all__ = [
    "Record",
    "Parsed",
    "RecordTextError",
    "RecordSyntaxError",
    "RecordMoveError",
    "parse",
    "parse_one",
    "read",
    "format",
    "format_json",
    "move_labels",
    "player_words",
    "register_reader",
    "ForeignFormat",
    "result_of",
    "start_text",
    "MAX_COMMENT",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_FILE_LENGTH",
    "GLYPHS",
    "COLOURS",
    "TERMINATIONS",
]


def read(text: str) -> Parsed:
    """Gamut records, or a foreign format a game registered
    (:mod:`gamut.records.foreign`), told apart by their first characters.
    A byte-order mark before the text (a file saved by some editors as
    "UTF-8 with BOM") is not part of it: the page's file reader drops it too."""
    _register_game_formats()
    if isinstance(text, str) and text.startswith("\ufeff"):
        text = text[1:]
    fmt = format_of(text) if isinstance(text, str) else None
    return fmt.parse(text) if fmt else parse(text)


def parse_one(text: str) -> Record:
    """The one game of ``text``; raises its first error."""
    games, errors = read(text)
    if errors:
        first = errors[0]
        raise first
    if len(games) != 1:
        raise RecordError(Message("error.record.notOne", {"count": len(games)}))
    return games[0]


def _register_game_formats() -> None:
    """Import the foreign record readers the games name (their
    ``GameInfo.record_formats``), once: each registers itself with
    :mod:`gamut.records.foreign`.  Imported on first use, so that a page
    that never reads a record never loads them."""
    for info in list(GAMES.values()):
        for name in info.record_formats:
            importlib.import_module(f"{info.package}.{name}")
