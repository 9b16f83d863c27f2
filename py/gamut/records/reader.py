"""Reading Gamut records: :func:`parse`, the text described in
:mod:`gamut.records`, game by game (a bad game is an error, the others still
read)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..core import GameInfo, GamutError, IllegalMoveError, RecordError, State, excerpt, game_info, load
from ..messages import Message
from .notes import Notes, check_notes, glyph_of_nag, merge, read_comment
from .record import Record, _read_players
from .tree import (
    _KNOWN,
    KNOWN_TAGS,
    Parsed,
    _check_result,
    _join,
    _label,
    _Node,
    _read_all,
    _Stop,
    _Tree,
    _turn,
    comment_too_long,
    read_termination,
    read_time_control,
    start_text,
    why,
)

_TOKEN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<tag>\[[ \t]*(?P<name>[A-Za-z][A-Za-z0-9_]*)[ \t]+"(?P<value>(?:[^"\\\n]++|\\[^\n])*+)"[ \t]*\])
  | (?P<comment>\{(?P<text>(?:[^}\\]++|\\.)*+)\})
  | (?P<result>(?:\*|(?:[01]|1/[234])(?:-(?:[01]|1/[234])){1,3})(?=[\s(){}\[\]]|$))
  | (?P<number>\d+\.+)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<glyph>[!?]{1,2}|\$\d{1,3})
  | (?P<move>[^\s(){}\[\]!?]+)
""",
    re.VERBOSE | re.DOTALL,
)
_GAME_TAG = re.compile(r"\[[ \t]*game\b", re.IGNORECASE)
_RESYNC = re.compile(r"^[ \t]*\[", re.MULTILINE)
_UNQUOTE = re.compile(r'\\([\\"])')


#: A token: its kind, its position in the text, and its match (or an error's reason).
Token = tuple[str, int, Any]


def _tokens(text: str) -> Iterator[Token]:
    """(kind, position, match) for every token; a character that starts no
    token gives ("error", position, reason) and the scan resumes at the next
    line that starts with '['."""
    pos, end = 0, len(text)
    while pos < end:
        m = _TOKEN.match(text, pos)
        if m is None:
            c = text[pos]
            reason = {
                "{": Message("error.record.commentOpen", {"brace": "'}'", "escape": "'\\}'"}),
                "[": Message("error.record.tagLine"),
                "}": Message("error.record.commentClose", {"brace": "'}'"}),
                "]": Message("error.record.tagClose"),
            }.get(c, Message("error.record.unexpected", {"char": repr(c)}))
            yield "error", pos, reason
            # a bad tag line: go on at the next line; else at the next tag line
            found = (re.compile("^", re.M) if c == "[" else _RESYNC).search(text, pos + 1)
            pos = found.start() if found else end
            continue
        if m.lastgroup != "ws":
            yield m.lastgroup or "", pos, m
        pos = m.end()


def _games(text: str) -> Iterator[list[Token]]:
    """The token lists of the games of a text: a game ends at its result (at
    the outermost level), where tags follow its moves, or at a second Game
    tag (a broken tag line counts as a tag)."""
    game: list[Token] = []
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


def _read_game(tokens: list[Token]) -> Record:
    tags: dict[str, str] = {}
    where: dict[str, int] = {}
    i = 0
    while i < len(tokens) and tokens[i][0] == "tag":
        _, pos, m = tokens[i]
        name = _KNOWN.get(m.group("name").lower(), m.group("name"))
        if name in tags:
            raise _Stop(Message("error.record.tagTwice", {"tag": name}), pos)
        tags[name] = _UNQUOTE.sub(r"\1", m.group("value"))
        where[name] = pos
        i += 1
    if i < len(tokens) and tokens[i][0] == "error":
        _, pos, reason = tokens[i]
        raise _Stop(reason, pos)
    first = tokens[0][1]
    tree = _Tree(_start(tags, where, first))
    record = Record(
        tree.root.state.game_id,
        tree.root.state.variant,
        tree.root.state.options_json(),
        start_text(tree.root.state),
        players=_read_players(tags.get("Players", "")),
        date=tags.get("Date"),
        name=tags.get("Name"),
        tags={k: v for k, v in tags.items() if k not in KNOWN_TAGS},
    )
    for name, read in (("Termination", read_termination), ("TimeControl", read_time_control)):
        if name in tags:
            try:
                setattr(record, name.lower(), read(tags[name]))
            except RecordError as exc:
                raise _Stop(why(exc), where[name]) from None
    players = tree.root.state.num_players
    result = tags.get("Result", "*")
    wrong = _check_result(result, players)
    if wrong:
        raise _Stop(wrong, where["Result"])
    movetext = _read_moves(tree, tokens[i:])
    if movetext is not None:
        text, pos = movetext
        wrong = _check_result(text, players)
        if wrong:
            raise _Stop(wrong, pos)
        if "Result" in tags and text != result:
            raise _Stop(Message("error.record.resultDiffers", {"moves": text, "tag": result}), pos)
        result = text
    record.comment = tree.root.comment
    record.result = result
    try:
        record._settle(tree)
    except RecordError as exc:
        at = where.get("Termination") if record.termination else None
        raise _Stop(why(exc), at or (movetext[1] if movetext else where.get("Result", first))) from None
    return record


def _start(tags: dict[str, str], where: dict[str, int], first: int) -> State:
    """The start position the tags describe."""
    if "Start" in tags:
        try:
            state = load(tags["Start"])
        except GamutError as exc:
            raise _Stop(Message("error.record.startTag", {"why": why(exc)}), where["Start"]) from None
        for name, value in (("Game", state.game_id), ("Variant", state.variant)):
            if name in tags and tags[name] != value:
                said = {"tag": name, "value": repr(tags[name]), "start": repr(value)}
                raise _Stop(Message("error.record.tagDiffers", said), where[name])
        if "Options" in tags:
            given = _options(tags, where, state.info, state.variant)
            if given != state.options:
                raise _Stop(Message("error.record.optionsDiffer"), where["Options"])
        return state
    if "Game" not in tags:
        raise _Stop(Message("error.record.noGame"), first)
    try:
        info = game_info(tags["Game"])
    except GamutError as exc:
        raise _Stop(why(exc), where["Game"]) from None
    try:
        variant = info.variant(tags.get("Variant")).id
    except GamutError as exc:
        raise _Stop(why(exc), where["Variant"]) from None
    standard: State = info.factory(variant, _options(tags, where, info, variant))
    return standard


def _options(tags: dict[str, str], where: dict[str, int], info: GameInfo, variant: str) -> dict[str, Any]:
    text = tags.get("Options", "").strip()
    given = []
    if text not in ("", "-"):
        for item in text.split(","):
            name, eq, value = item.strip().partition("=")
            if not eq:
                raise _Stop(Message("error.record.optionForm", {"item": excerpt(item)}), where["Options"])
            given.append((name.strip(), value.strip()))
    try:
        options: dict[str, Any] = info.resolve_options(variant, given)
        return options
    except GamutError as exc:
        raise _Stop(why(exc), where["Options"]) from None


def _short(comment: str, pos: int) -> str:
    """``comment`` if it is within MAX_COMMENT characters, else the record stops there (#47)."""
    too_long = comment_too_long(comment)
    if too_long:
        raise _Stop(too_long, pos)
    return comment


def _read_moves(tree: _Tree, tokens: list[Token]) -> tuple[str, int] | None:
    """Read the movetext into ``tree``; returns the result token (text,
    position) if there is one."""
    node = tree.root  # the position the next move is played at
    last: _Node | None = None  # the last move read on this line
    pending, pending_notes = "", Notes()  # a comment before a variation's first move
    cells: set[str] = set()

    def board() -> set[str]:  # the cells' names, looked up once if shapes need them
        if not cells:
            cells.update(c["id"] for c in tree.root.state.view()["board"]["cells"])
        return cells

    def note(into: _Node | None, more: Notes, pos: int) -> Notes:
        """``more`` added to the notes of ``into`` (None: the pending ones)."""
        target = pending_notes if into is None else into.notes
        wrong = merge(target, more)
        if wrong:
            raise _Stop(wrong, pos)
        try:
            return check_notes(target, None, board, root=into is tree.root)
        except RecordError as exc:
            raise _Stop(why(exc), pos) from None

    number: tuple[int, int] | None = None  # a move number read: (value, position)
    frames: list[tuple[_Node, _Node | None, int]] = []  # the lines the open variations return to
    result = None
    for kind, pos, m in tokens:
        if result is not None:
            raise _Stop(Message("error.record.afterResult"), pos)
        if kind == "error":
            raise _Stop(m, pos)
        if kind == "tag":
            raise _Stop(Message("error.record.tagAfterMoves"), pos)
        value = m.group(0)
        if kind == "number":
            number = (int(value.rstrip(".")), pos)
        elif kind == "move":
            turn = _turn(node)
            if number is not None and number[0] != turn[1]:
                raise _Stop(
                    Message("error.record.moveNumber", {"number": number[0], "expected": turn[1]}), number[1]
                )
            number = None
            try:
                last = tree.add(node, value)
            except IllegalMoveError as exc:
                raise _Stop(why(exc), pos, (_label(turn), value)) from None
            except GamutError as exc:
                raise _Stop(why(exc), pos) from None
            node = last
            last.comment, pending = pending, ""
            last.notes, pending_notes = pending_notes, {}
        elif number is not None:
            raise _Stop(Message("error.record.numberAlone", {"number": number[0]}), number[1])
        elif kind == "comment":
            try:
                text, notes = read_comment(m.group("text"))
            except RecordError as exc:
                raise _Stop(why(exc), pos) from None
            if last is not None:
                last.comment = _short(_join(last.comment, text), pos)
                last.notes = note(last, notes, pos)
            elif not frames:
                tree.root.comment = _short(_join(tree.root.comment, text), pos)
                tree.root.notes = note(tree.root, notes, pos)
            else:
                pending = _short(_join(pending, text), pos)
                pending_notes = note(None, notes, pos)
        elif kind == "glyph":
            glyph = glyph_of_nag(value) if value.startswith("$") else value
            if last is None:
                raise _Stop(Message("error.record.glyphFirst"), pos)
            if glyph is not None:
                last.notes = note(last, {"glyph": glyph}, pos)
        elif kind == "open":
            if last is None or last.parent is None:
                raise _Stop(Message("error.record.variationFirst"), pos)
            frames.append((node, last, pos))
            node, last = last.parent, None
        elif kind == "close":
            if not frames:
                raise _Stop(Message("error.record.closeNone"), pos)
            if last is None:
                raise _Stop(Message("error.record.variationEmpty"), pos)
            node, last, _ = frames.pop()
        elif kind == "result":
            if frames:
                raise _Stop(Message("error.record.resultInVariation"), pos)
            result = (value, pos)
    if number is not None:
        raise _Stop(Message("error.record.numberAlone", {"number": number[0]}), number[1])
    if frames:
        raise _Stop(Message("error.record.variationOpen"), frames[-1][2])
    return result
