"""Lines of Action games in the SGF dialect of boardspace.net: a foreign
record format, read into Gamut records (:mod:`gamut.records`).

Importing this module registers the reader with :mod:`gamut.records.foreign`,
so that :func:`gamut.records.read` recognises SGF texts (those that start
with ``(;``): Lines of Action's package imports it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...core import GAMES, GamutError, IllegalMoveError, excerpt
from ...messages import Message
from ...messages import seat as seat_said
from ...records.foreign import ForeignFormat, register_reader
from ...records.record import Record
from ...records.tree import Parsed, _join, _label, _read_all, _Stop, _Tree, _turn, result_of, start_text, why

_SGF_START = re.compile(r"\s*\(\s*;")
_SGF_RESYNC = re.compile(r"^[ \t]*\(\s*;", re.MULTILINE)  # a game's start, after an error
_SGF_MOVE = re.compile(r"\s*([a-h][1-8])\s*[-:x]?\s*([a-h][1-8])\s*[+!?#*]*\s*", re.I)
_SGF_IGNORED = {"", "done", "start", "edit"}


def is_sgf(text: str) -> bool:
    """Whether a text looks like SGF (it starts with '(;')."""
    return bool(_SGF_START.match(text))


class _SgfNode:
    __slots__ = ("props", "pos", "children")

    def __init__(self, pos: int):
        self.props: list[tuple[str, str, int]] = []  # (ident, value, position)
        self.pos = pos
        self.children: list[_SgfNode] = []


_SGF_TOKEN = re.compile(
    r"\s*(?:(?P<open>\()|(?P<close>\))|(?P<node>;)"
    r"|(?P<ident>[A-Za-z][A-Za-z0-9]*)\s*"
    r"(?P<values>(?:\[(?:[^\]\\]|\\.)*\]\s*)+))",
    re.DOTALL,
)
_SGF_CUT = re.compile(
    r"[A-Za-z]*\s*(?:\[(?:[^\]\\]|\\.)*\]\s*)*\[(?:[^\]\\]|\\.)*\Z", re.DOTALL
)  # a value that the end of the text cuts
_SGF_VALUE = re.compile(r"\[((?:[^\]\\]|\\.)*)\]", re.DOTALL)


def _sgf_trees(text: str) -> Iterator[tuple[_SgfNode | None, int, Message | None]]:
    """(root, position, error) of each game tree of an SGF text: the root of
    the first node's chain, or None with the error's position and reason."""
    pos, end = 0, len(text)
    while True:
        start = text.find("(", pos)
        if start < 0:
            return
        root = _SgfNode(start)
        stack: list[_SgfNode] = []  # the node each open '(' hangs from
        current = root
        pos = start
        error = None
        while True:
            m = _SGF_TOKEN.match(text, pos)
            if m is None:
                at = len(text) - len(text[pos:].lstrip())
                if at >= end or _SGF_CUT.match(text, at):
                    error = (at, Message("error.record.sgf.cut"))
                else:
                    error = (
                        at,
                        Message("error.record.sgf.unexpected", {"text": excerpt(text[at : at + 10])}),
                    )
                break
            pos = m.end()
            if m.group("open"):
                stack.append(current)
            elif m.group("close"):
                if not stack:
                    error = (m.start("close"), Message("error.record.sgf.closeNone"))
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
            _dismantle(root)
            yield None, *error
            found = _SGF_RESYNC.search(text, error[0] + 1)
            if not found:
                return
            pos = found.start()
        else:
            yield root, start, None


def parse_sgf(text: str) -> Parsed:
    """Lines of Action games in boardspace.net's SGF: ``Parsed(games, errors)``."""
    return _read_all(text, lambda text: map(_sgf_game, _sgf_trees(text)))


def _sgf_game(found: tuple[_SgfNode | None, int, Message | None]) -> Record:
    root = found[0]
    try:
        return _sgf_record(found)
    finally:
        if root is not None:
            _dismantle(root)


def _dismantle(root: _SgfNode) -> None:
    """Free a parsed SGF tree node by node.  Left to itself, Python frees a
    chain of nodes by freeing each node's children from inside its own
    deallocation: C recursion as deep as the tree, which exhausts Pyodide's
    small stack (a fatal error) at a few thousand nested variations."""
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        node.children = []


def _sgf_record(found: tuple[_SgfNode | None, int, Message | None]) -> Record:
    root, pos, reason = found
    if root is None:
        said = reason or Message("error.record.sgf.cut")
        raise _Stop(said, pos)
    if not root.children:
        raise _Stop(Message("error.record.sgf.noNode"), root.pos)
    info: dict[str, tuple[str, int]] = {}
    for ident, value, pos in root.children[0].props:
        info.setdefault(ident, (value.strip(), pos))
    game = info.get("GM", ("9", 0))
    if game[0].lower() not in ("9", "loa", "lines of action"):
        raise _Stop(Message("error.record.sgf.notLoa", {"game": game[0]}), game[1])
    if info.get("SZ", ("8", 0))[0] != "8":
        raise _Stop(Message("error.record.sgf.size"), info["SZ"][1])
    for ident in ("AB", "AW", "AE"):
        if ident in info:
            raise _Stop(Message("error.record.sgf.setupBy", {"ident": ident}), info[ident][1])
    setup, at = info.get("SU", ("LOA", 0))
    key = re.sub(r"[^a-z]", "", setup.lower())
    if key in ("", "loa", "standard", "linesofaction"):
        variant = "standard"
    elif key in ("scrambled", "scrambledeggs"):
        variant = "scrambled-eggs"
    else:
        raise _Stop(Message("error.record.sgf.setup", {"setup": setup}), at)
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
    return Record(
        "loa",
        variant,
        tree.root.state.options_json(),
        start_text(tree.root.state),
        players=["h", "h"],
        nodes=tree.flat(),
        comment=tree.root.comment,
        result=result,
        date=date[0] if date else None,
        name=name[0] if name else None,
        tags=tags,
    )


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
                said = Message("error.record.sgf.move", {"ident": ident, "value": value})
                raise _Stop(said, pos, (_label(turn), value.strip()))
            if colour != node.state.to_move:
                try:  # a pass the file leaves out
                    node = tree.add(node, "pass")
                    turn = _turn(node)
                except GamutError:
                    who, other = ("White", "Black") if colour == 0 else ("Black", "White")
                    raise _Stop(
                        Message("error.record.sgf.turn", {"who": seat_said(who), "other": seat_said(other)}),
                        pos,
                        (_label(turn), value.strip()),
                    ) from None
            text = "pass" if m is None else f"{m.group(1)}-{m.group(2)}"
            try:
                node = tree.add(node, text)
            except IllegalMoveError as exc:
                raise _Stop(why(exc), pos, (_label(turn), value.strip())) from None
            except GamutError as exc:
                raise _Stop(why(exc), pos) from None
        for ident, value, _pos in sgf.props:  # a node's comment is on its move
            if ident == "C" and value.strip():
                node.comment = _join(node.comment, value.strip())
        for i, child in reversed(list(enumerate(sgf.children))):
            stack.append((child, node, main and i == 0))
    return ended


#: The format, as registered.
BOARDSPACE_SGF = ForeignFormat("boardspace SGF (Lines of Action)", is_sgf, parse_sgf)
register_reader(BOARDSPACE_SGF)
