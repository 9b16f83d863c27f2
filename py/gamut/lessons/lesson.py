"""A lesson's step, its goal and the checker that judges a move against it
(the kinds of goals: :mod:`gamut.lessons`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .. import resources
from ..core import GAMES, IllegalMoveError, OptionError, State, excerpt, load
from ..messages import Message

__all__ = [
    "GOAL_KINDS",
    "Goal",
    "Step",
    "Lesson",
    "Verdict",
    "WHY",
    "check",
    "position_of",
    "taken",
    "read_lessons",
    "lessons_of",
    "answer_lessons",
    "answer_check",
]

#: The lessons of every game, beside this module (read through :mod:`gamut.resources`).
LESSONS_FILE = "lessons.json"
resources.declare("gamut.lessons", LESSONS_FILE)

GOAL_KINDS = (
    "move",
    "reach",
    "capture",
    "win",
    "chain",
    "connect",
    "declare",
    "defend",
    "confine",
    "fork",
    "prevent",
    "take",
)


@dataclass(frozen=True)
class Goal:
    """What a step asks of the move (see the module's list of kinds)."""

    kind: str
    # capture: what must be taken; connect: the two stacks; reach without frm: where any piece may end
    cells: tuple[str, ...] = ()
    frm: str = ""  # reach, capture: the piece that moves; confine: the enemy piece kept on the edge
    to: str = ""  # reach: where it must end
    moves: tuple[str, ...] = ()  # move: the accepted moves

    def __post_init__(self) -> None:
        if self.kind not in GOAL_KINDS:
            raise ValueError(f"unknown goal kind {self.kind!r}")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.cells:
            out["cells"] = list(self.cells)
        if self.frm:
            out["from"] = self.frm
        if self.to:
            out["to"] = self.to
        return out


@dataclass(frozen=True)
class Step:
    """One board, one task, one move; ``teach`` is the one sentence of
    what the step teaches, shown before its task (issue #41)."""

    id: str
    teach: str
    task: str
    start: str
    goal: Goal
    well: str
    miss: str
    moves: tuple[str, ...]
    play: tuple[str, ...] = ()
    wrong: tuple[tuple[str, str], ...] = ()  # (a plausible wrong move, why it is wrong)


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    steps: tuple[Step, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Verdict:
    ok: bool
    why: str  # in English (the tests and the command line read it)
    move: str  # the move as the engine writes it
    after: State
    # the why as messages for the page to put in the player's language
    # (docs/i18n.md): a step's own words by field ("well", "miss",
    # "wrong.<n>"), or one of WHY's, ``{"id": "lesson.why.<name>", "args"}``
    parts: tuple[str | dict[str, Any], ...] = ()


#: The checker's own reasons (a goal not met), as message ids of the page's
#: catalogs (``lesson.why.<name>``) with their English, which ``why`` says.
WHY = {
    "notFrom": "{move} does not start from {from}.",
    "takesNothing": "{move} takes nothing.",
    "goesOn": "After {move} the game goes on.",
    "notConnected": "After {move}, {a} and {b} are still not connected.",
    "replyWins": "After {move}, {reply} still wins for your opponent.",
    "noChain": "After {move} your stacks do not yet join your two edges.",
    "replyBreaks": "After {move}, the reply {reply} breaks your chain.",
    "threatLeftOut": "You threaten on {cells} too, and a threat left out does not count.",
    "notThere": "{move} ends on {cell}, outside the marked cells.",
    "leavesEdge": "After {move}, {reply} brings {from} off the edge.",
    "gone": "After {move} there is no enemy piece left on {from}.",
    "takenBack": "After {move}, the reply {reply} takes it back.",
    "noThreat": "After {move} you threaten nowhere.",
    "oneThreat": "After {move} you threaten only on {cell}, and one block stops that.",
    "replyForks": "After {move}, {reply} threatens on {cells}, more than you can block.",
    "outcome": "{reason}.",
}


def reason(name: str, **args: str) -> dict[str, Any]:
    """One of :data:`WHY` as a message: ``{"id", "args"}``."""
    return {"id": f"lesson.why.{name}", "args": args}


def english(message: dict[str, Any]) -> str:
    """A :func:`reason` message in English."""
    text = WHY[message["id"].rpartition(".")[2]]
    for key, value in message["args"].items():
        text = text.replace("{" + key + "}", value)
    return text


def position_of(step: Step) -> State:
    """The position a step shows: its start with its ``play`` moves."""
    state = load(step.start)
    for text in step.play:
        state = state.play_text(text)
    return state


def check(step: Step, text: str) -> Verdict:
    """Play ``text`` in the step's position and say whether it meets the
    goal, and why (``IllegalMoveError`` for a move that cannot be played)."""
    before = position_of(step)
    move = before.parse_move(text)
    if move not in before.legal_moves():
        raise IllegalMoveError(Message("error.notLegalHere", {"text": before.move_text(move)}))
    name = before.move_text(move)
    after = before.play(move)
    met, why_not = _judge(step.goal, before, name, after)
    if met:
        return Verdict(True, step.well, name, after, ("well",))
    own = [i for i, (move, _) in enumerate(step.wrong) if move == name]
    if own:
        return Verdict(False, step.wrong[own[0]][1], name, after, (f"wrong.{own[0]}",))
    parts: tuple[str | dict[str, Any], ...] = (*([why_not] if why_not else []), "miss")
    why = " ".join(part for part in (english(why_not) if why_not else "", step.miss) if part)
    return Verdict(False, why, name, after, parts)


_STEP_KEYS = {"id", "teach", "task", "start", "play", "goal", "moves", "well", "miss", "wrong"}
_GOAL_KEYS = {"kind", "cells", "from", "to", "moves"}


def read_lessons(data: list[Any]) -> tuple[Lesson, ...]:
    """A game's lessons from their JSON form (in ``lessons.json``, the
    game's ``lessons``): ``[{id, title, steps: [{id, teach, task, start, play?,
    goal: {kind, cells?, from?, to?, moves?}, moves, well, miss, wrong?:
    [[move, why]]}]}]``.  A key it does not know is an error (a typo must
    not drop a goal)."""
    lessons = []
    for lesson in data:
        steps = []
        for s in lesson["steps"]:
            goal = s["goal"]
            unknown = (set(s) - _STEP_KEYS) | (set(goal) - _GOAL_KEYS)
            if unknown:
                raise ValueError(f"lesson step {s.get('id')!r}: unknown keys {sorted(unknown)}")
            steps.append(
                Step(
                    id=s["id"],
                    teach=s["teach"],
                    task=s["task"],
                    start=s["start"],
                    goal=Goal(
                        goal["kind"],
                        cells=tuple(goal.get("cells", ())),
                        frm=goal.get("from", ""),
                        to=goal.get("to", ""),
                        moves=tuple(goal.get("moves", ())),
                    ),
                    well=s["well"],
                    miss=s["miss"],
                    moves=tuple(s["moves"]),
                    play=tuple(s.get("play", ())),
                    wrong=tuple((move, why) for move, why in s.get("wrong", ())),
                )
            )
        lessons.append(Lesson(lesson["id"], lesson["title"], tuple(steps)))
    return tuple(lessons)


_LOADED: dict[str, tuple[Lesson, ...]] = {}


def lessons_of(game: str) -> tuple[Lesson, ...]:
    """The lessons of ``game`` (none for a game without lessons), read on
    first use from ``lessons.json`` through the package's loader (in the
    page the package is a zip, where no file exists) and kept."""
    if not _LOADED:
        raw = resources.data(__package__ or "gamut.lessons", LESSONS_FILE)
        for gid, data in json.loads(raw.decode("utf-8")).items():
            _LOADED[gid] = read_lessons(data["lessons"])
    return _LOADED.get(game, ())


def _game(params: dict[str, Any]) -> str:
    from ..methods import param

    game = param(params, "game", str)
    if game not in GAMES:
        raise OptionError(Message("error.request.unknownGame", {"game": excerpt(game)}))
    return game


def answer_lessons(params: dict[str, Any]) -> dict[str, Any]:
    """The bridge's ``lessons`` (:mod:`gamut.methods.lessons`): each step's position as a
    text, the seat that moves, what it teaches, the task and the goal (not its moves)."""
    lessons = []
    for lesson in lessons_of(_game(params)):
        steps = []
        for step in lesson.steps:
            state = position_of(step)
            goal = step.goal.to_json()
            steps.append(
                {
                    "id": step.id,
                    "teach": step.teach,
                    "task": step.task,
                    "start": state.to_text(),
                    "player": state.to_move,
                    "goal": goal,
                }
            )
        lessons.append({"id": lesson.id, "title": lesson.title, "steps": steps})
    return {"lessons": lessons}


def answer_check(params: dict[str, Any]) -> dict[str, Any]:
    """The bridge's ``lesson_check`` (:mod:`gamut.methods.lessons`): the verdict on the
    move, the move as the engine writes it, and the view after it."""
    from ..methods import RequestError, param
    from ..positions import view_of

    game = _game(params)
    lesson_id = param(params, "lesson", str)
    step_id = param(params, "step", str)
    text = param(params, "move", str)
    if len(text) > 1000:
        raise RequestError(Message("error.request.moveTooLong"))
    lesson = next((x for x in lessons_of(game) if x.id == lesson_id), None)
    if lesson is None:
        raise RequestError(Message("error.lesson.noLesson", {"game": game, "lesson": excerpt(lesson_id)}))
    step = next((s for s in lesson.steps if s.id == step_id), None)
    if step is None:
        raise RequestError(Message("error.lesson.noStep", {"lesson": lesson_id, "step": excerpt(step_id)}))
    verdict = check(step, text)
    line = [verdict.move]
    key = f"lesson.{game}.{lesson.id}.{step.id}."
    return {
        "ok": verdict.ok,
        "why": verdict.why,
        "why_messages": [{"id": key + p, "args": {}} if isinstance(p, str) else p for p in verdict.parts],
        "move": verdict.move,
        "line": line,
        "view": view_of(verdict.after, 1),
    }


# ---------------------------------------------------------------------------
# The goals


def _clicks(state: State, name: str) -> list[str]:
    for m in state.view()["moves"]:
        if m["text"] == name:
            return list(m["clicks"])
    return []


def taken(before: State, after: State) -> set[str]:
    """What the move between two positions took for the player who moved:
    cells whose enemy piece or stack is gone or now the mover's, and
    pentagons whose marker is now the mover's."""
    seat = before.to_move
    was = {p["cell"]: p["owner"] for p in before.view()["pieces"]}
    now = {p["cell"]: p["owner"] for p in after.view()["pieces"]}
    cells = {c for c, owner in was.items() if owner != seat and now.get(c, seat) == seat}
    marks_was = {m["cell"]: m["owner"] for m in before.view().get("markers", [])}
    for m in after.view().get("markers", []):
        if m["owner"] == seat and marks_was.get(m["cell"]) != seat:
            cells.add(m["cell"])
    return cells


def _wins(state: State, seat: int) -> bool:
    outcome = state.outcome()
    return outcome is not None and outcome.winner == seat


def _judge(goal: Goal, before: State, name: str, after: State) -> tuple[bool, dict[str, Any] | None]:
    """(met, why not as a :func:`reason`: None when the step says it best)."""
    seat = before.to_move
    kind = goal.kind
    if kind == "move":
        return name in goal.moves, None
    if kind == "reach":
        clicks = _clicks(before, name)
        if not goal.frm:  # any piece, onto one of the cells
            end = clicks[-1] if clicks else ""
            return end in goal.cells, reason("notThere", move=name, cell=end)
        if not clicks or clicks[0] != goal.frm:
            return False, reason("notFrom", move=name, **{"from": goal.frm})
        return clicks[-1] == goal.to, None
    if kind == "capture":
        if goal.frm and _clicks(before, name)[:1] != [goal.frm]:
            return False, reason("notFrom", move=name, **{"from": goal.frm})
        got = taken(before, after)
        if not got:
            return False, reason("takesNothing", move=name)
        return set(goal.cells) <= got, None
    if kind == "win":
        if _wins(after, seat):
            return True, None
        outcome = after.outcome()
        if outcome is not None:
            return False, reason("outcome", reason=outcome.reason)
        return False, reason("goesOn", move=name)
    if kind == "chain":
        return _chain(before, name, after)
    if kind == "connect":
        a, b = goal.cells
        return _connected(after, a, b), reason("notConnected", move=name, a=a, b=b)
    if kind == "declare":
        return _declared_right(before, name)
    if kind == "defend":
        outcome = after.outcome()
        if outcome is not None and outcome.winner is not None and outcome.winner != seat:
            return False, reason("outcome", reason=outcome.reason)
        for reply in after.legal_moves():
            if _wins(after.play(reply), after.to_move):
                return False, reason("replyWins", move=name, reply=after.move_text(reply))
        return True, None
    if kind == "confine":
        return _confined(goal.frm, before, name, after)
    if kind == "take":
        return _take(goal, before, name, after)
    if kind in ("fork", "prevent"):
        return _forks(kind, before, name, after)
    raise ValueError(f"unknown goal kind {kind!r}")  # (Goal checks its kind: never reached, a bug)


def _edge(state: State, cell: str) -> bool:
    """Is ``cell`` on the edge of a square board (first or last file or rank)?"""
    board = state.view()["board"]
    files, ranks = board["files"], board["ranks"]
    return cell[:1] in (files[0], files[-1]) or cell[1:] in (ranks[0], ranks[-1])


def _confined(frm: str, before: State, name: str, after: State) -> tuple[bool, dict[str, Any] | None]:
    """Lines of Action: the enemy piece on ``frm`` is still there after the
    move, the game goes on, and no reply of that piece leaves the edge."""
    outcome = after.outcome()
    if outcome is not None:
        return False, reason("outcome", reason=outcome.reason)
    view = after.view()
    owner = {p["cell"]: p["owner"] for p in view["pieces"]}
    if owner.get(frm) != after.to_move:
        return False, reason("gone", move=name, **{"from": frm})
    for reply in view["moves"]:
        clicks = reply["clicks"]
        if clicks[:1] == [frm] and not _edge(after, clicks[-1]):
            return False, reason("leavesEdge", move=name, reply=reply["text"], **{"from": frm})
    return True, None


def _take(goal: Goal, before: State, name: str, after: State) -> tuple[bool, dict[str, Any] | None]:
    """A capture that keeps what it took: the move takes (the goal's
    ``cells``, if named), does not lose, and no reply wins or takes it back."""
    seat = before.to_move
    got = taken(before, after)
    if not got:
        return False, reason("takesNothing", move=name)
    if not set(goal.cells) <= got:
        return False, None
    outcome = after.outcome()
    if outcome is not None:
        return (True, None) if outcome.winner == seat else (False, reason("outcome", reason=outcome.reason))
    for reply in after.legal_moves():
        then = after.play(reply)
        if _wins(then, after.to_move):
            return False, reason("replyWins", move=name, reply=after.move_text(reply))
        if taken(after, then) & got:
            return False, reason("takenBack", move=name, reply=after.move_text(reply))
    return True, None


def _threat_cells(state: State, seat: int) -> list[str]:
    """EL: the cells where ``seat`` completes an EL of its own with one number."""
    return sorted({cell for cell, _ in state.threats()[seat]})  # type: ignore[attr-defined]


def _forks(kind: str, before: State, name: str, after: State) -> tuple[bool, dict[str, Any] | None]:
    """EL.  ``fork``: after the move the mover threatens on two cells or more
    (the opponent can block only one); ``prevent``: no reply of the opponent
    wins or threatens on two cells or more.  In both, the move must not lose,
    and no reply may win for the opponent."""
    seat = before.to_move
    outcome = after.outcome()
    if outcome is not None:
        if outcome.winner == seat and kind == "prevent":
            return True, None
        return False, reason("outcome", reason=outcome.reason)
    if kind == "fork":
        cells = _threat_cells(after, seat)
        if not cells:
            return False, reason("noThreat", move=name)
        if len(cells) == 1:
            return False, reason("oneThreat", move=name, cell=cells[0])
    for reply in after.legal_moves():
        then = after.play(reply)
        if _wins(then, after.to_move):
            return False, reason("replyWins", move=name, reply=after.move_text(reply))
        if kind == "prevent" and not then.is_over():
            cells = _threat_cells(then, after.to_move)
            if len(cells) >= 2:
                return False, reason(
                    "replyForks", move=name, reply=after.move_text(reply), cells=", ".join(cells)
                )
    return True, None


def _chain(before: State, name: str, after: State) -> tuple[bool, dict[str, Any] | None]:
    """Escabel: a chain joins the mover's edges after the move, and every
    reply leaves it standing (the game decides at the start of a turn)."""
    seat = before.to_move
    if _wins(after, seat):
        return True, None
    if after.is_over() or not after.has_chain(seat ^ after.swapped):  # type: ignore[attr-defined]
        return False, reason("noChain", move=name)
    for reply in after.legal_moves():
        if not _wins(after.play(reply), seat):
            return False, reason("replyBreaks", move=name, reply=after.move_text(reply))
    return True, None


def _connected(state: State, a: str, b: str) -> bool:
    """Escabel: are the like-coloured stacks on ``a`` and ``b`` connected
    (side by side or diagonally, crosscuts counted)?"""
    from ..games.escabel import connection

    geo = state.geo  # type: ignore[attr-defined]
    black, white = state.black, state.white  # type: ignore[attr-defined]
    ia, ib = geo.index[a], geo.index[b]
    colour = 1 if (white >> ia) & 1 else 0
    own = white if colour else black
    if not (own >> ia) & 1 or not (own >> ib) & 1:
        return False
    ne_black, ne_white = connection.crosscuts(geo, black, white)
    cut_ne, cut_nw = connection.cut_diagonals(geo, state.codes, state.levels, ne_black, ne_white, colour)  # type: ignore[attr-defined]
    return bool(connection.grow(geo, 1 << ia, own, cut_ne, cut_nw) >> ib & 1)


def _declared_right(before: State, name: str) -> tuple[bool, dict[str, Any] | None]:
    """EL's declaration: every cell where the mover threatens (the engine
    lets only those be marked, so what can be wrong is a cell left out)."""
    threats = {cell for cell, _ in before.threats()[before.to_move]}  # type: ignore[attr-defined]
    marked = set() if name.endswith(":-") else set(name.partition(":")[2].split(","))
    left = sorted(threats - marked)
    if not left:
        return True, None
    return False, reason("threatLeftOut", cells=", ".join(left))
