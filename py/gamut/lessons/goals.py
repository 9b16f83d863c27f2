"""The goals of a lesson's steps and the judging of a move against one (the
kinds: :mod:`gamut.lessons`; the steps and the checker: :mod:`.lesson`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import State
from ..messages import Message

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
        """The goal as the page gets it: the page rings the first cell named,
        so a reach to any of several cells (one of them the answer) names none."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.cells and not (self.kind == "reach" and not self.frm):
            out["cells"] = list(self.cells)
        if self.frm:
            out["from"] = self.frm
        if self.to:
            out["to"] = self.to
        return out


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
    "notThere": "{move} ends on {cell}, not on one of the cells the task asks for.",
    "leavesEdge": "After {move}, {reply} brings {from} off the edge.",
    "gone": "After {move} there is no enemy piece left on {from}.",
    "takenBack": "After {move}, the reply {reply} takes it back.",
    "noThreat": "After {move} you threaten nowhere.",
    "oneThreat": "After {move} you threaten only on {cell}, and one block stops that.",
    "replyForks": "After {move}, {reply} threatens on {cells}, more than you can block.",
    "outcome": "{reason}.",
}


def reason(name: str, **args: Any) -> dict[str, Any]:
    """One of :data:`WHY` as a message: ``{"id", "args"}`` (an argument is a
    text or a message's JSON, such as the rules' reason a game ended)."""
    return {"id": f"lesson.why.{name}", "args": args}


def english(message: dict[str, Any]) -> str:
    """A :func:`reason` message in English."""
    text = WHY[message["id"].rpartition(".")[2]]
    for key, value in message["args"].items():
        said = str(Message.from_json(value)) if isinstance(value, dict) else value
        text = text.replace("{" + key + "}", said)
    return text


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


def judge(goal: Goal, before: State, name: str, after: State) -> tuple[bool, dict[str, Any] | None]:
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
            return False, reason("outcome", reason=outcome.message.to_json())
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
            return False, reason("outcome", reason=outcome.message.to_json())
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
        return False, reason("outcome", reason=outcome.message.to_json())
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
        return (
            (True, None)
            if outcome.winner == seat
            else (False, reason("outcome", reason=outcome.message.to_json()))
        )
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
        return False, reason("outcome", reason=outcome.message.to_json())
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
