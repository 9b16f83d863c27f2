"""A record of one game (:class:`Record`): the page's form of it, and its
players as the ``Players`` tag writes them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from ..core import GamutError, RecordError, State, excerpt, load
from .tree import _KNOWN, _TAG_NAME, _check_result, _label, _Tree, _turn, result_of, start_text


@dataclass
class Record:
    """One game: see the module's docstring for the fields' meaning and
    :meth:`to_json` for the page's form.  ``options`` holds every option's
    text form; ``start`` is a position text; ``nodes`` the flat tree."""

    game: str
    variant: str
    options: dict[str, Any]
    start: str
    players: list[str] = field(default_factory=list)
    nodes: list[tuple[int, str, str]] = field(default_factory=list)  # (parent, move, comment)
    comment: str = ""
    result: str = "*"
    date: str | None = None
    name: str | None = None
    tags: dict[str, str] = field(default_factory=dict)  # other tags, in order

    @classmethod
    def of(cls, start: State, nodes: Iterable[Sequence[Any]] = (), **fields: Any) -> Record:
        """The record of a game from ``start`` (a state) with ``nodes``
        ((parent, move, comment) triples; moves in any spelling the engine
        reads): every move is replayed and written canonically."""
        record = cls(
            start.game_id,
            start.variant,
            start.options_json(),
            start_text(start),
            nodes=[cast(tuple[int, str, str], tuple(n)) for n in nodes],
            **fields,
        )
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
                raise RecordError(
                    f"the result {self.result} is not the game's: it ended {rules} ({outcome.reason})"
                )
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
                raise RecordError(f"node {i}, move {_label(_turn(at))} {excerpt(move, 20)}: {exc}") from None
            node.comment = comment
            nodes.append(node)
        return tree

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"v": 1, "nodes": [[p, m, c] if c else [p, m] for p, m, c in self.nodes]}
        if self.comment:
            out["comment"] = self.comment
        out.update(
            start=self.start,
            meta={"game": self.game, "variant": self.variant, "options": dict(self.options)},
            players=list(self.players),
            result=self.result,
            date=self.date,
            name=self.name,
        )
        if self.tags:
            out["tags"] = dict(self.tags)
        return out

    @classmethod
    def from_json(cls, data: object) -> Record:
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
        if (
            meta.get("game") != state.game_id
            or meta.get("variant") not in ("", None, state.variant)
            or not isinstance(options, dict)
            or any(own.get(k, ...) != v for k, v in options.items())
        ):
            raise RecordError(
                f"'meta' ({excerpt(meta, 60)}) does not describe the start "
                f"position ({excerpt(state.header(), 60)})"
            )
        raw = data.get("nodes")
        if not isinstance(raw, list):
            raise RecordError("'nodes' must be a list")
        nodes = []
        for i, entry in enumerate(raw, 1):
            if (
                not isinstance(entry, list)
                or len(entry) not in (2, 3)
                or type(entry[0]) is not int
                or not 0 <= entry[0] < i
                or not isinstance(entry[1], str)
                or not entry[1]
                or (len(entry) == 3 and not isinstance(entry[2], str))
            ):
                raise RecordError(
                    f"node {i} is not [parent, move] or [parent, move, comment] "
                    f"with an earlier parent: {excerpt(entry)}"
                )
            nodes.append((entry[0], entry[1], entry[2] if len(entry) == 3 else ""))
        players = data.get("players", [])
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError("'players' must be a list of texts")
        tags = data.get("tags") or {}
        if not isinstance(tags, dict) or not all(
            isinstance(k, str) and _TAG_NAME.fullmatch(k) and k.lower() not in _KNOWN and isinstance(v, str)
            for k, v in tags.items()
        ):
            raise RecordError("'tags' must map tag names (not Gamut's own) to texts")
        result = _json_text(data, "result", None) or "*"
        wrong = _check_result(result, state.num_players)
        if wrong:
            raise RecordError(wrong)
        record = cls(
            state.game_id,
            state.variant,
            state.options_json(),
            start_text(state),
            players=list(players),
            nodes=nodes,
            comment=_json_text(data, "comment", ""),
            result=result,
            date=_json_text(data, "date", None),
            name=_json_text(data, "name", None),
            tags=dict(tags),
        )
        record._settle(record.replay())
        return record


_REQUIRED = object()


def _json_text(data: dict[str, Any], key: str, default: object = _REQUIRED) -> Any:
    value = data.get(key, default)
    if value is _REQUIRED:
        raise RecordError(f"missing {key!r}")
    if value is not None and not isinstance(value, str):
        raise RecordError(f"{key!r} must be a text, not {excerpt(value)}")
    return value


def player_words(players: list[str]) -> list[str]:
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


def _players_text(players: list[str]) -> str:
    return ", ".join(player_words(players))


def _read_players(text: str) -> list[str]:
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
