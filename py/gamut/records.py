r"""Gamut records: whole games as text, in the spirit of chess's PGN.

A record holds one game: which game it is, who played, and the tree of
moves played and analysed, with comments.  A file holds any number of
records, one after the other.  :func:`parse` reads them, :func:`format`
writes them, and :func:`read` also accepts Lines of Action games in the SGF
dialect of boardspace.net (:func:`parse_sgf`).  Every move is replayed with
the engine while reading, so a record that reads is a record that plays.

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
span lines; inside it write ``\}`` for ``}`` and ``\\`` for ``\`` (any other
backslash is itself).  Two comments in a row are joined with a space.

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

The data model
--------------
:class:`Record` is what the page stores (``web/tree.js``): the tree of
moves as the flat pre-order list ``nodes`` of ``(parent, move, comment)``
(``parent`` is 0 for the start, else the 1-based place of an earlier node;
a node's children in order, the main line first), and ``comment``, the
comment on the whole game.  :meth:`Record.to_json` gives exactly::

    {"v": 1, "nodes": [[parent, move] or [parent, move, comment], ...],
     "comment": "..." (only when not empty),
     "start": position text ("<game> <variant> <options> start" for the
              variant's standard start),
     "meta": {"game", "variant", "options": {name: value text}},
     "players": ["h", "c:strong"], "result": "1-0" | ... | "*",
     "date": text or null, "name": text or null,
     "tags": {other tags} (only when there are any)}

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

import bisect
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, NamedTuple

from .core import (GAMES, GamutError, IllegalMoveError, Outcome, RecordError, State, excerpt,
                   game_info, load, parse_header)

__all__ = ["Record", "Parsed", "RecordTextError", "RecordSyntaxError", "RecordMoveError",
           "parse", "parse_one", "parse_sgf", "read", "format", "format_json", "is_sgf",
           "move_labels", "player_words", "MAX_DEPTH", "MAX_NODES", "MAX_FILE_LENGTH"]

MAX_DEPTH = 5000            # moves in a line (as web/tree.js)
MAX_NODES = 100_000         # nodes in a game's tree, the start included (as web/tree.js)
MAX_FILE_LENGTH = 20_000_000  # characters of a file of records
LINE_WIDTH = 79

KNOWN_TAGS = ("Game", "Variant", "Options", "Start", "Players", "Date", "Name", "Result")
_KNOWN = {t.lower(): t for t in KNOWN_TAGS}


# ---------------------------------------------------------------------------
# Errors


class RecordTextError(RecordError):
    """A game of a text that cannot be read: where (``line``, ``col``, from
    1; ``game_index``, from 0) and why (``reason``)."""

    def __init__(self, reason: str, line: int, col: int, game_index: int):
        self.reason, self.line, self.col, self.game_index = reason, line, col, game_index
        super().__init__(f"line {line}, column {col}: game {game_index + 1}: {reason}")

    @property
    def game(self) -> int:
        """The game's number in its file, from 1."""
        return self.game_index + 1

    def to_json(self) -> dict:
        return {"line": self.line, "col": self.col, "game": self.game, "message": self.reason}


class RecordSyntaxError(RecordTextError):
    """The text is not a well-formed record."""


class RecordMoveError(RecordTextError):
    """A move the rules refuse (or cannot read); ``move`` is its label,
    ``"12..."`` for instance, and ``text`` the move as written."""

    def __init__(self, reason: str, line: int, col: int, game_index: int, move: str, text: str):
        self.move, self.text = move, text
        super().__init__(f"move {move} {excerpt(text, 20)}: {reason}", line, col, game_index)


class _Stop(Exception):
    """Raised inside one game's reading: the game is bad (becomes a
    RecordTextError of that game)."""

    def __init__(self, reason: str, pos: int, move: tuple[str, str] | None = None):
        super().__init__(reason)
        self.reason, self.pos, self.move = reason, pos, move


class Parsed(NamedTuple):
    """What reading a text gives: the games that read, the errors of the others."""
    games: list
    errors: list


# ---------------------------------------------------------------------------
# The tree, replayed


class _Node:
    """A node of a game's tree with the state after its move and the move's
    place in the turn order (``mover``, ``round`` from 1, ``turn_ply`` from
    0 within a turn of several moves)."""

    __slots__ = ("move", "comment", "parent", "children", "state", "mover", "round",
                 "turn_ply", "depth")

    def __init__(self, move: str, parent: "_Node | None", state: State,
                 turn: tuple[int, int, int] = (-1, 1, 0)):
        self.move, self.parent, self.state = move, parent, state
        self.comment = ""
        self.children: list[_Node] = []
        self.mover, self.round, self.turn_ply = turn
        self.depth: int = parent.depth + 1 if parent else 0


def _turn(parent: _Node) -> tuple[int, int, int]:
    """(mover, round, turn_ply) of a move played at ``parent``."""
    s = parent.state
    mover = s.to_move
    if parent.parent is None:
        return mover, 1, 0
    if mover == parent.mover and parent.turn_ply + 1 < s.turn_plies:
        return mover, parent.round, parent.turn_ply + 1
    return mover, parent.round + (mover <= parent.mover), 0


def _label(turn: tuple[int, int, int]) -> str:
    mover, rnd, ply = turn
    return f"{rnd}." if mover == 0 and ply == 0 else f"{rnd}..."


class _Tree:
    """A game's tree being built or replayed: every move checked by the engine."""

    def __init__(self, start: State):
        self.root = _Node("", None, start)
        self.size = 1

    def add(self, parent: _Node, text: str) -> _Node:
        """The child of ``parent`` by the move ``text`` (canonical spelling);
        raises IllegalMoveError, or GamutError for a repeated move or limits."""
        state = parent.state
        move = state.parse_move(text)
        name = state.move_text(move)
        for child in parent.children:
            if child.move == name:
                raise GamutError(f"{name} is already a move here (write one line per move: "
                                 "a repeated move goes into its first line)")
        if parent.depth >= MAX_DEPTH:
            raise GamutError(f"a line may hold at most {MAX_DEPTH} moves")
        if self.size >= MAX_NODES:
            raise GamutError(f"a game may hold at most {MAX_NODES - 1} moves")
        child = _Node(name, parent, state.play_unchecked(move), _turn(parent))
        parent.children.append(child)
        self.size += 1
        return child

    def flat(self) -> list[tuple[int, str, str]]:
        """The nodes in pre-order as (parent, move, comment)."""
        out: list[tuple[int, str, str]] = []
        index = {id(self.root): 0}
        stack = list(reversed(self.root.children))
        while stack:
            node = stack.pop()
            assert node.parent is not None
            out.append((index[id(node.parent)], node.move, node.comment))
            index[id(node)] = len(out)
            stack.extend(reversed(node.children))
        return out

    def main_end(self) -> _Node:
        node = self.root
        while node.children:
            node = node.children[0]
        return node


def move_labels(start: State, line: Iterable[str]) -> list[str]:
    """The move number written before each move of ``line`` played from
    ``start`` when it stands alone: ``"3."`` for the first seat's move of
    round 3 and ``"3..."`` for any other (a turn's second move keeps its
    number).  Raises RecordError (or GamutError) for a move that cannot be
    played."""
    tree = _Tree(start)
    node, labels = tree.root, []
    for i, text in enumerate(line):
        labels.append(_label(_turn(node)))
        try:
            node = tree.add(node, text)
        except GamutError as exc:
            raise RecordError(f"move {i + 1} ({excerpt(text, 20)}): {exc}") from None
    return labels


def _join(a: str, b: str) -> str:
    return f"{a} {b}" if a and b else a or b


# ---------------------------------------------------------------------------
# Results


def result_of(outcome: Outcome, players: int) -> str:
    """The result text of an outcome: ``1-0``, ``0-1``, ``1/2-1/2``, ``0-0-1``..."""
    if outcome.winner is None:
        return "-".join([f"1/{players}"] * players)
    return "-".join("1" if seat == outcome.winner else "0" for seat in range(players))


def _check_result(text: str, players: int) -> str | None:
    """Why ``text`` is not a result of a game of ``players`` seats, or None."""
    if text == "*":
        return None
    scores = text.split("-")
    draw = f"1/{players}"
    if len(scores) == players and (all(s == draw for s in scores)
                                   or sorted(scores) == ["0"] * (players - 1) + ["1"]):
        return None
    wins = ", ".join("-".join("1" if i == w else "0" for i in range(players))
                     for w in range(players))
    return (f"{excerpt(text, 20)} is not a result of a {players}-player game: write one of "
            f"{wins}, {'-'.join([draw] * players)} or *")


# ---------------------------------------------------------------------------
# The record


def start_text(state: State) -> str:
    """``"<header> start"`` for a variant's standard start, else the full text."""
    if state.info.factory(state.variant, state.options) == state:
        return f"{state.header()} start"
    return state.to_text()


@dataclass
class Record:
    """One game: see the module's docstring for the fields' meaning and
    :meth:`to_json` for the page's form.  ``options`` holds every option's
    text form; ``start`` is a position text; ``nodes`` the flat tree."""

    game: str
    variant: str
    options: dict
    start: str
    players: list = field(default_factory=list)
    nodes: list = field(default_factory=list)  # of (parent, move, comment)
    comment: str = ""
    result: str = "*"
    date: str | None = None
    name: str | None = None
    tags: dict = field(default_factory=dict)  # other tags, in order

    @classmethod
    def of(cls, start: State, nodes=(), **fields) -> "Record":
        """The record of a game from ``start`` (a state) with ``nodes``
        ((parent, move, comment) triples; moves in any spelling the engine
        reads): every move is replayed and written canonically."""
        record = cls(start.game_id, start.variant, start.options_json(), start_text(start),
                     nodes=[tuple(n) for n in nodes], **fields)
        record._settle(record.replay())
        return record

    def _settle(self, tree: _Tree) -> None:
        """Take the replayed tree's canonical moves, and the rules' result
        when the main line ends in a finished game."""
        self.nodes = tree.flat()
        outcome = tree.main_end().state.outcome()
        if outcome is not None:
            rules = result_of(outcome, tree.root.state.num_players)
            if self.result not in ("*", rules):
                raise RecordError(f"the result {self.result} is not the game's: it ended "
                                  f"{rules} ({outcome.reason})")
            self.result = rules

    def start_state(self) -> State:
        return load(self.start)

    def main_line(self) -> list[str]:
        """The moves of the main line (each node's first child)."""
        line: list[str] = []
        expected = 0
        for i, (parent, move, _comment) in enumerate(self.nodes, 1):
            if parent == expected:
                line.append(move)
                expected = i
        return line

    def replay(self) -> _Tree:
        """The tree with every move played by the engine; RecordError names
        the first node that cannot be played."""
        try:
            tree = _Tree(self.start_state())
        except GamutError as exc:
            raise RecordError(f"start position: {exc}") from None
        tree.root.comment = self.comment
        nodes = [tree.root]
        for i, (parent, move, comment) in enumerate(self.nodes, 1):
            at = nodes[parent]
            try:
                node = tree.add(at, move)
            except GamutError as exc:
                raise RecordError(f"node {i}, move {_label(_turn(at))} {excerpt(move, 20)}: "
                                  f"{exc}") from None
            node.comment = comment
            nodes.append(node)
        return tree

    def to_json(self) -> dict:
        out: dict = {"v": 1, "nodes": [[p, m, c] if c else [p, m] for p, m, c in self.nodes]}
        if self.comment:
            out["comment"] = self.comment
        out.update(start=self.start,
                   meta={"game": self.game, "variant": self.variant,
                         "options": dict(self.options)},
                   players=list(self.players), result=self.result, date=self.date,
                   name=self.name)
        if self.tags:
            out["tags"] = dict(self.tags)
        return out

    @classmethod
    def from_json(cls, data) -> "Record":
        """Read :meth:`to_json`'s form (from the page: anything may be
        wrong); every move is replayed.  Raises RecordError."""
        if not isinstance(data, dict):
            raise RecordError("a game is an object {v: 1, nodes, start, meta, ...}")
        if data.get("v") != 1:
            raise RecordError(f"the game tree is version {excerpt(data.get('v'))}, not 1")
        start = _json_text(data, "start")
        meta = data.get("meta")
        if not isinstance(meta, dict):
            raise RecordError("'meta' must be an object {game, variant, options}")
        try:
            state = load(start)
        except GamutError as exc:
            raise RecordError(f"start position: {exc}") from None
        options = meta.get("options") or {}
        own = state.options_json()  # meta may leave out the variant and options, not contradict
        if (meta.get("game") != state.game_id
                or meta.get("variant") not in ("", None, state.variant)
                or not isinstance(options, dict)
                or any(own.get(k, ...) != v for k, v in options.items())):
            raise RecordError(f"'meta' ({excerpt(meta, 60)}) does not describe the start "
                              f"position ({excerpt(state.header(), 60)})")
        raw = data.get("nodes")
        if not isinstance(raw, list):
            raise RecordError("'nodes' must be a list")
        nodes = []
        for i, entry in enumerate(raw, 1):
            if (not isinstance(entry, list) or len(entry) not in (2, 3)
                    or type(entry[0]) is not int or not 0 <= entry[0] < i
                    or not isinstance(entry[1], str) or not entry[1]
                    or (len(entry) == 3 and not isinstance(entry[2], str))):
                raise RecordError(f"node {i} is not [parent, move] or [parent, move, comment] "
                                  f"with an earlier parent: {excerpt(entry)}")
            nodes.append((entry[0], entry[1], entry[2] if len(entry) == 3 else ""))
        players = data.get("players", [])
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError("'players' must be a list of texts")
        tags = data.get("tags") or {}
        if not isinstance(tags, dict) or not all(
                isinstance(k, str) and _TAG_NAME.fullmatch(k) and k.lower() not in _KNOWN
                and isinstance(v, str) for k, v in tags.items()):
            raise RecordError("'tags' must map tag names (not Gamut's own) to texts")
        result = _json_text(data, "result", None) or "*"
        wrong = _check_result(result, state.num_players)
        if wrong:
            raise RecordError(wrong)
        record = cls(state.game_id, state.variant, state.options_json(), start_text(state),
                     players=list(players), nodes=nodes,
                     comment=_json_text(data, "comment", ""), result=result,
                     date=_json_text(data, "date", None), name=_json_text(data, "name", None),
                     tags=dict(tags))
        record._settle(record.replay())
        return record


_REQUIRED = object()


def _json_text(data: dict, key: str, default: object = _REQUIRED):
    value = data.get(key, default)
    if value is _REQUIRED:
        raise RecordError(f"missing {key!r}")
    if value is not None and not isinstance(value, str):
        raise RecordError(f"{key!r} must be a text, not {excerpt(value)}")
    return value


# ---------------------------------------------------------------------------
# Writing


def _quote(value: str) -> str:
    value = " ".join(value.splitlines()) if ("\n" in value or "\r" in value) else value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _brace(comment: str) -> str:
    return "{" + comment.replace("\\", "\\\\").replace("}", "\\}") + "}"


def player_words(players: list) -> list[str]:
    """Each seat's player as the ``Players`` tag writes it: ``human``,
    ``computer <level>``, or the word kept as read."""
    words = []
    for p in players:
        if p == "h":
            words.append("human")
        elif p.startswith("c:"):
            words.append("computer " + p[2:])
        else:
            words.append(p.replace(",", " "))
    return words


def _players_text(players: list) -> str:
    return ", ".join(player_words(players))


def _read_players(text: str) -> list:
    out = []
    for item in text.split(","):
        words = item.split()
        if not words:
            continue
        if words == ["human"]:
            out.append("h")
        elif len(words) == 2 and words[0] == "computer":
            out.append("c:" + words[1])
        else:
            out.append(" ".join(words))
    return out


def format(records: "Record | Iterable[Record]") -> str:  # noqa: A001 (paired with parse)
    """The text of one record or many (separated by a blank line); raises
    RecordError when a record's moves do not replay."""
    if isinstance(records, Record):
        records = [records]
    return "\n".join(_format_one(r) for r in records)


def format_json(games: list) -> str:
    """:func:`format` of games in :meth:`Record.to_json`'s form; a
    RecordError names the game (from 1) that cannot be written."""
    if not isinstance(games, list):
        raise RecordError("games must be a list")
    records = []
    for i, data in enumerate(games, 1):
        try:
            records.append(Record.from_json(data))
        except RecordError as exc:
            raise RecordError(f"game {i}: {exc}") from None
    return format(records)


def _format_one(record: Record) -> str:
    tree = record.replay()
    result = record.result
    outcome = tree.main_end().state.outcome()
    if result == "*" and outcome is not None:
        result = result_of(outcome, tree.root.state.num_players)
    state = tree.root.state
    specs = {o.name: o for o in state.info.options}
    opts = ",".join(f"{k}={specs[k].format(v)}" for k, v in state.options.items())
    tags = [("Game", record.game), ("Variant", record.variant), ("Options", opts or "-")]
    if not record.start.endswith(" start"):
        tags.append(("Start", record.start))
    if record.players:
        tags.append(("Players", _players_text(record.players)))
    if record.date is not None:
        tags.append(("Date", record.date))
    if record.name is not None:
        tags.append(("Name", record.name))
    tags.extend(record.tags.items())
    tags.append(("Result", result))
    lines = [f"[{name} {_quote(value)}]" for name, value in tags]
    return "\n".join(lines) + "\n\n" + _wrap(_movetext(tree, result)) + "\n"


def _movetext(tree: _Tree, result: str) -> Iterator[str]:
    """The tokens of the moves: numbered moves, comments, parentheses, the result."""
    need = True  # a number before the next move (the moves resume)
    if tree.root.comment:
        yield _brace(tree.root.comment)
    # tasks: a node to write (and whether it starts a variation), or "(" / ")"
    stack: list = [(tree.root.children[0], False)] if tree.root.children else []
    while stack:
        task = stack.pop()
        if isinstance(task, str):
            yield task
            need = True
            continue
        node, first = task
        turn = (node.mover, node.round, node.turn_ply)
        number = node.mover == 0 and node.turn_ply == 0
        yield f"{_label(turn)} {node.move}" if need or number else node.move
        need = False
        if node.comment:
            yield _brace(node.comment)
            need = True
        later: list = []
        if not first and node.parent is not None:
            for variation in node.parent.children[1:]:
                later += ["(", (variation, True), ")"]
        if node.children:
            later.append((node.children[0], False))
        stack.extend(reversed(later))
    yield result


def _wrap(tokens: Iterable[str]) -> str:
    """Tokens joined by spaces into lines of at most LINE_WIDTH characters
    where they fit ("(" and ")" hug what they enclose)."""
    out: list[str] = []
    col = 0
    for token in tokens:
        sep = "" if not out or out[-1] == "(" or token == ")" else " "
        if sep and col + 1 + len(token.split("\n", 1)[0]) > LINE_WIDTH:
            sep, col = "\n", 0
        out += [sep, token]
        col = len(token) - token.rfind("\n") - 1 if "\n" in token else col + len(sep) + len(token)
    return "".join(out)


# ---------------------------------------------------------------------------
# Reading Gamut records


_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<tag>\[[ \t]*(?P<name>[A-Za-z][A-Za-z0-9_]*)[ \t]+"(?P<value>(?:[^"\\\n]|\\[^\n])*)"[ \t]*\])
  | (?P<comment>\{(?P<text>(?:[^}\\]|\\.)*)\})
  | (?P<result>(?:\*|(?:[01]|1/[234])(?:-(?:[01]|1/[234])){1,3})(?=[\s(){}\[\]]|$))
  | (?P<number>\d+\.+)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<move>[^\s(){}\[\]]+)
""", re.VERBOSE | re.DOTALL)
_GAME_TAG = re.compile(r"\[[ \t]*game\b", re.IGNORECASE)
_RESYNC = re.compile(r"^[ \t]*\[", re.MULTILINE)
_UNESCAPE = re.compile(r"\\([\\}])")
_UNQUOTE = re.compile(r'\\([\\"])')


class _Lines:
    """Line and column (from 1) of positions in a text."""

    def __init__(self, text: str):
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def at(self, pos: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.starts, pos) - 1
        return i + 1, pos - self.starts[i] + 1


def _tokens(text: str) -> Iterator[tuple[str, int, re.Match | str]]:
    """(kind, position, match) for every token; a character that starts no
    token gives ("error", position, reason) and the scan resumes at the next
    line that starts with '['."""
    pos, end = 0, len(text)
    while pos < end:
        m = _TOKEN.match(text, pos)
        if m is None:
            c = text[pos]
            reason = {"{": "this comment is not closed with '}' (write '\\}' for a '}' "
                           "inside a comment)",
                      "[": "a tag is written [Name \"value\"] on one line",
                      "}": "this '}' closes no comment",
                      "]": "this ']' closes no tag"}.get(c, f"unexpected {c!r}")
            yield "error", pos, reason
            # a bad tag line: go on at the next line; else at the next tag line
            found = (re.compile("^", re.M) if c == "[" else _RESYNC).search(text, pos + 1)
            pos = found.start() if found else end
            continue
        if m.lastgroup != "ws":
            yield m.lastgroup or "", pos, m
        pos = m.end()


def _games(text: str) -> Iterator[list]:
    """The token lists of the games of a text: a game ends at its result (at
    the outermost level), where tags follow its moves, or at a second Game
    tag (a broken tag line counts as a tag)."""
    game: list = []
    moves = has_game = False
    depth = 0
    for token in _tokens(text):
        kind, pos = token[0], token[1]
        tag = kind == "tag" or (kind == "error" and text[pos] == "[")
        game_tag = tag and _GAME_TAG.match(text, pos) is not None
        if game and tag and (moves or (game_tag and has_game)):
            yield game
            game, moves, has_game, depth = [], False, False, 0
        game.append(token)
        moves = moves or not tag
        has_game = has_game or game_tag
        depth += (kind == "open") - (kind == "close")
        if kind == "result" and depth == 0:
            yield game
            game, moves, has_game, depth = [], False, False, 0
    if game:
        yield game


def parse(text: str) -> Parsed:
    """Every game of a text of Gamut records: ``Parsed(games, errors)``,
    the games that read (:class:`Record`) and a :class:`RecordTextError` for
    each game that did not."""
    return _read_all(text, lambda text: map(_read_game, _games(text)))


def _read_all(text: str, games: Callable[[str], Iterable[Record]]) -> Parsed:
    """Every game ``games(text)`` reads, each of its _Stop an error there."""
    if not isinstance(text, str):
        raise RecordError("records must be text")
    if len(text) > MAX_FILE_LENGTH:
        raise RecordError(f"a file of records has at most {MAX_FILE_LENGTH} characters")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = _Lines(text)
    out = Parsed([], [])
    reading = iter(games(text))
    index = 0
    while True:
        try:
            out.games.append(next(reading))
        except StopIteration:
            return out
        except _Stop as stop:
            line, col = lines.at(stop.pos)
            if stop.move:
                out.errors.append(RecordMoveError(stop.reason, line, col, index, *stop.move))
            else:
                out.errors.append(RecordSyntaxError(stop.reason, line, col, index))
        index += 1


def parse_one(text: str) -> Record:
    """The one game of ``text``; raises its first error."""
    games, errors = read(text)
    if errors:
        raise errors[0]
    if len(games) != 1:
        raise RecordError(f"the text holds {len(games)} games, not one")
    return games[0]


def _read_game(tokens: list) -> Record:
    tags: dict[str, str] = {}
    where: dict[str, int] = {}
    i = 0
    while i < len(tokens) and tokens[i][0] == "tag":
        _, pos, m = tokens[i]
        name = _KNOWN.get(m.group("name").lower(), m.group("name"))
        if name in tags:
            raise _Stop(f"the tag {name} is given twice", pos)
        tags[name] = _UNQUOTE.sub(r"\1", m.group("value"))
        where[name] = pos
        i += 1
    if i < len(tokens) and tokens[i][0] == "error":
        raise _Stop(tokens[i][2], tokens[i][1])
    first = tokens[0][1]
    tree = _Tree(_start(tags, where, first))
    record = Record(tree.root.state.game_id, tree.root.state.variant,
                    tree.root.state.options_json(), start_text(tree.root.state),
                    players=_read_players(tags.get("Players", "")), date=tags.get("Date"),
                    name=tags.get("Name"),
                    tags={k: v for k, v in tags.items() if k not in KNOWN_TAGS})
    players = tree.root.state.num_players
    result = tags.get("Result", "*")
    if _check_result(result, players):
        raise _Stop(_check_result(result, players) or "", where["Result"])
    movetext = _read_moves(tree, tokens[i:])
    if movetext is not None:
        text, pos = movetext
        if _check_result(text, players):
            raise _Stop(_check_result(text, players) or "", pos)
        if "Result" in tags and text != result:
            raise _Stop(f"the moves end with {text}, but the Result tag says {result}", pos)
        result = text
    record.comment = tree.root.comment
    record.result = result
    try:
        record._settle(tree)
    except RecordError as exc:
        raise _Stop(str(exc), movetext[1] if movetext else where.get("Result", first)) from None
    return record


def _start(tags: dict, where: dict, first: int) -> State:
    """The start position the tags describe."""
    if "Start" in tags:
        try:
            state = load(tags["Start"])
        except GamutError as exc:
            raise _Stop(f"the Start tag: {exc}", where["Start"]) from None
        for name, value in (("Game", state.game_id), ("Variant", state.variant)):
            if name in tags and tags[name] != value:
                raise _Stop(f"the {name} tag says {tags[name]!r}, but the Start position is "
                            f"{value!r}", where[name])
        if "Options" in tags:
            given = _options(tags, where, state.info, state.variant)
            if given != state.options:
                raise _Stop("the Options tag does not match the Start position's options",
                            where["Options"])
        return state
    if "Game" not in tags:
        raise _Stop("a record starts with a Game tag, e.g. [Game \"loa\"]", first)
    try:
        info = game_info(tags["Game"])
    except GamutError as exc:
        raise _Stop(str(exc), where["Game"]) from None
    try:
        variant = info.variant(tags.get("Variant")).id
    except GamutError as exc:
        raise _Stop(str(exc), where["Variant"]) from None
    return info.factory(variant, _options(tags, where, info, variant))


def _options(tags: dict, where: dict, info, variant: str) -> dict:
    text = tags.get("Options", "").strip()
    given = []
    if text not in ("", "-"):
        for item in text.split(","):
            name, eq, value = item.strip().partition("=")
            if not eq:
                raise _Stop(f"option {excerpt(item)} is not written name=value",
                            where["Options"])
            given.append((name.strip(), value.strip()))
    try:
        return info.resolve_options(variant, given)
    except GamutError as exc:
        raise _Stop(str(exc), where["Options"]) from None


def _read_moves(tree: _Tree, tokens: list) -> tuple[str, int] | None:
    """Read the movetext into ``tree``; returns the result token (text,
    position) if there is one."""
    node = tree.root          # the position the next move is played at
    last: _Node | None = None  # the last move read on this line
    pending = ""               # a comment before a variation's first move
    number: tuple[int, int] | None = None  # a move number read: (value, position)
    frames: list = []          # the lines the open variations return to
    result = None
    for kind, pos, m in tokens:
        if result is not None:
            raise _Stop("nothing may follow the result", pos)
        if kind == "error":
            raise _Stop(str(m), pos)
        if kind == "tag":
            raise _Stop("tags come before the moves", pos)
        value = m.group(0)
        if kind == "number":
            number = (int(value.rstrip(".")), pos)
        elif kind == "move":
            turn = _turn(node)
            if number is not None and number[0] != turn[1]:
                raise _Stop(f"the move number {number[0]} should be {turn[1]} here", number[1])
            number = None
            try:
                last = tree.add(node, value)
            except IllegalMoveError as exc:
                raise _Stop(str(exc), pos, (_label(turn), value)) from None
            except GamutError as exc:
                raise _Stop(str(exc), pos) from None
            node = last
            last.comment, pending = pending, ""
        elif number is not None:
            raise _Stop(f"the move number {number[0]} is not followed by a move", number[1])
        elif kind == "comment":
            text = _UNESCAPE.sub(r"\1", m.group("text"))
            if last is not None:
                last.comment = _join(last.comment, text)
            elif not frames:
                tree.root.comment = _join(tree.root.comment, text)
            else:
                pending = _join(pending, text)
        elif kind == "open":
            if last is None or last.parent is None:
                raise _Stop("a variation '(' must follow the move it replaces", pos)
            frames.append((node, last, pos))
            node, last = last.parent, None
        elif kind == "close":
            if not frames:
                raise _Stop("this ')' closes no variation", pos)
            if last is None:
                raise _Stop("a variation holds at least one move", pos)
            node, last, _ = frames.pop()
        elif kind == "result":
            if frames:
                raise _Stop("a result ends the main line, not a variation", pos)
            result = (value, pos)
    if number is not None:
        raise _Stop(f"the move number {number[0]} is not followed by a move", number[1])
    if frames:
        raise _Stop("this variation is not closed with ')'", frames[-1][2])
    return result


# ---------------------------------------------------------------------------
# Boardspace SGF (Lines of Action)


_SGF_START = re.compile(r"\s*\(\s*;")
_SGF_RESYNC = re.compile(r"^[ \t]*\(\s*;", re.MULTILINE)  # a game's start, after an error
_SGF_MOVE = re.compile(r"\s*([a-h][1-8])\s*[-:x]?\s*([a-h][1-8])\s*[+!?#*]*\s*", re.I)
_SGF_IGNORED = {"", "done", "start", "edit"}


def is_sgf(text: str) -> bool:
    """Whether a text looks like SGF (it starts with '(;')."""
    return bool(_SGF_START.match(text))


def read(text: str) -> Parsed:
    """Gamut records or boardspace SGF, told apart by their first characters."""
    return parse_sgf(text) if isinstance(text, str) and is_sgf(text) else parse(text)


class _SgfNode:
    __slots__ = ("props", "pos", "children")

    def __init__(self, pos: int):
        self.props: list[tuple[str, str, int]] = []  # (ident, value, position)
        self.pos = pos
        self.children: list[_SgfNode] = []


_SGF_TOKEN = re.compile(r"\s*(?:(?P<open>\()|(?P<close>\))|(?P<node>;)"
                        r"|(?P<ident>[A-Za-z][A-Za-z0-9]*)\s*"
                        r"(?P<values>(?:\[(?:[^\]\\]|\\.)*\]\s*)+))", re.DOTALL)
_SGF_CUT = re.compile(r"[A-Za-z]*\s*(?:\[(?:[^\]\\]|\\.)*\]\s*)*\[(?:[^\]\\]|\\.)*\Z",
                     re.DOTALL)  # a value that the end of the text cuts
_SGF_VALUE = re.compile(r"\[((?:[^\]\\]|\\.)*)\]", re.DOTALL)


def _sgf_trees(text: str) -> Iterator[tuple[_SgfNode | None, int, str]]:
    """(root, position, error) of each game tree of an SGF text: the root of
    the first node's chain, or None with the error's position and reason."""
    pos, end = 0, len(text)
    while True:
        start = text.find("(", pos)
        if start < 0:
            return
        root = _SgfNode(start)
        stack: list[_SgfNode] = []   # the node each open '(' hangs from
        current = root
        pos = start
        error = None
        while True:
            m = _SGF_TOKEN.match(text, pos)
            if m is None:
                at = len(text) - len(text[pos:].lstrip())
                if at >= end or _SGF_CUT.match(text, at):
                    error = (at, "the file ends inside this game (it is cut short)")
                else:
                    error = (at, f"unexpected {excerpt(text[at:at + 10])}")
                break
            pos = m.end()
            if m.group("open"):
                stack.append(current)
            elif m.group("close"):
                if not stack:
                    error = (m.start("close"), "this ')' opens no game")
                    break
                current = stack.pop()
                if not stack:
                    break
            elif m.group("node"):
                node = _SgfNode(m.start("node"))
                current.children.append(node)
                current = node
            else:
                # FF[3] idents may hold lower case letters: GaMe is GM
                ident = "".join(c for c in m.group("ident") if not c.islower())
                for v in _SGF_VALUE.finditer(m.group("values")):
                    value = re.sub(r"\\(.)", r"\1", v.group(1), flags=re.DOTALL)
                    current.props.append((ident, value, m.start("ident")))
        if error:
            yield None, *error
            found = _SGF_RESYNC.search(text, error[0] + 1)
            if not found:
                return
            pos = found.start()
        else:
            yield root, start, ""


def parse_sgf(text: str) -> Parsed:
    """Lines of Action games in boardspace.net's SGF: ``Parsed(games, errors)``."""
    return _read_all(text, lambda text: map(_sgf_game, _sgf_trees(text)))


def _sgf_game(found: tuple[_SgfNode | None, int, str]) -> Record:
    root, pos, reason = found
    if root is None:
        raise _Stop(reason, pos)
    if not root.children:
        raise _Stop("an SGF game holds at least one node ';'", root.pos)
    info: dict[str, tuple[str, int]] = {}
    for ident, value, pos in root.children[0].props:
        info.setdefault(ident, (value.strip(), pos))
    game = info.get("GM", ("9", 0))
    if game[0].lower() not in ("9", "loa", "lines of action"):
        raise _Stop(f"GM[{game[0]}] is not Lines of Action (GM[9])", game[1])
    if info.get("SZ", ("8", 0))[0] != "8":
        raise _Stop("only the 8x8 board is supported", info["SZ"][1])
    for ident in ("AB", "AW", "AE"):
        if ident in info:
            raise _Stop(f"setup by {ident}[...] is not supported (only SU)", info[ident][1])
    setup, at = info.get("SU", ("LOA", 0))
    key = re.sub(r"[^a-z]", "", setup.lower())
    if key in ("", "loa", "standard", "linesofaction"):
        variant = "standard"
    elif key in ("scrambled", "scrambledeggs"):
        variant = "scrambled-eggs"
    else:
        raise _Stop(f"unknown setup SU[{setup}] (LOA or Scrambled-Eggs)", at)
    tree = _Tree(GAMES["loa"].factory(variant, GAMES["loa"].resolve_options(variant, {})))
    tags: dict[str, str] = {}
    for ident, seat in (("PB", "Black"), ("PW", "White"), ("P0", "Black"), ("P1", "White")):
        if ident in info:  # boardspace writes P0[id "name"]
            tags.setdefault(seat, re.sub(r'^id\s+"(.*)"$', r"\1", info[ident][0]))
    for ident, tag in (("EV", "Event"), ("PC", "Site"), ("RO", "Round")):
        if ident in info:
            tags[tag] = info[ident][0]
    ended = _sgf_moves(tree, root.children[0])
    result = "*"
    re_text = info.get("RE", ("", 0))[0].lower()
    if re_text[:1] in ("b", "w"):
        result = "1-0" if re_text[0] == "b" else "0-1"
    elif re_text in ("0", "draw", "1/2-1/2"):
        result = "1/2-1/2"
    if ended:
        result, tags["Termination"] = ended
    outcome = tree.main_end().state.outcome()
    if outcome is not None:
        result = result_of(outcome, 2)
    date = info.get("DT")
    name = info.get("GN")
    return Record("loa", variant, tree.root.state.options_json(),
                  start_text(tree.root.state), players=["h", "h"], nodes=tree.flat(),
                  comment=tree.root.comment, result=result,
                  date=date[0] if date else None, name=name[0] if name else None, tags=tags)


def _sgf_moves(tree: _Tree, first: _SgfNode) -> tuple[str, str] | None:
    """Play the SGF nodes from ``first`` on into ``tree``; returns (result,
    termination) when the main line ends with a resignation or forfeit."""
    ended = None
    stack = [(first, tree.root, True)]
    while stack:
        sgf, node, main = stack.pop()
        for ident, value, pos in sgf.props:
            if ident not in ("B", "W"):
                continue
            colour = 0 if ident == "B" else 1
            word = value.strip().lower()
            if word in _SGF_IGNORED:
                continue
            if word in ("resign", "resigns", "forfeit", "forfeits"):
                if main:
                    who = "Black" if colour == 0 else "White"
                    how = "resigned" if word.startswith("resign") else "forfeited"
                    ended = ("0-1" if colour == 0 else "1-0", f"{who} {how}")
                continue
            turn = _turn(node)
            m = _SGF_MOVE.fullmatch(value)
            if m is None and word != "pass":
                raise _Stop(f"cannot read the move {ident}[{value}]", pos,
                            (_label(turn), value.strip()))
            if colour != node.state.to_move:
                try:  # a pass the file leaves out
                    node = tree.add(node, "pass")
                    turn = _turn(node)
                except GamutError:
                    raise _Stop(f"it is {'White' if colour == 0 else 'Black'}'s turn, not "
                                f"{'Black' if colour == 0 else 'White'}'s", pos,
                                (_label(turn), value.strip())) from None
            text = "pass" if m is None else f"{m.group(1)}-{m.group(2)}"
            try:
                node = tree.add(node, text)
            except IllegalMoveError as exc:
                raise _Stop(str(exc), pos, (_label(turn), value.strip())) from None
            except GamutError as exc:
                raise _Stop(str(exc), pos) from None
        for ident, value, pos in sgf.props:  # a node's comment is on its move
            if ident == "C" and value.strip():
                node.comment = _join(node.comment, value.strip())
        for i, child in reversed(list(enumerate(sgf.children))):
            stack.append((child, node, main and i == 0))
    return ended
