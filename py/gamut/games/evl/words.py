"""An EVL position in words (for :mod:`gamut.words`): moves, the player
who must unstack, the score, and why a move or a click sequence is not
legal here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...grid import iter_bits
from ...messages import Message
from ...messages import seat as seat_message
from .board import (
    CELL_INDEX,
    COLOUR_NAMES,
    EMPTY,
    HEIGHT,
    HEPTAGONS,
    MAX_HEIGHT,
    NEIGHBOURS,
    PENTAGON_INDEX,
    PENTAGONS,
    TOP,
    UNSTACKABLE,
)

if TYPE_CHECKING:
    from .state import EvlState


def move_message(state: EvlState, move, after) -> Message:
    """``Black places on b3, a stack of 2``; ``White unstacks 3 from b3:
    a Black piece left on b4, 2 land on c4, a stack of 3 topped by White;
    takes ab3 and bc4 (from Black); 7 of 10 markers placed``."""
    seat = state._to_move
    who = seat_message(COLOUR_NAMES[seat])
    if len(move) == 1:
        c = move[0]
        height = HEIGHT[after.board[c]]
        if height > 1:
            return Message("move.evl.placeStack", {"who": who, "cell": HEPTAGONS[c], "height": height})
        return Message("move.evl.place", {"who": who, "cell": HEPTAGONS[c]})
    o = move[0]
    carried = HEIGHT[state.board[o]]
    count = carried
    steps: list[Message] = []
    for c in move[1:-1]:
        colour = ("black", "white")[after.board[c] >> (HEIGHT[after.board[c]] - 1) & 1]
        steps.append(Message("move.evl.left", {"colour": colour, "cell": HEPTAGONS[c]}))
        carried -= 1
    end = move[-1]
    code = after.board[end]
    top = seat_message(COLOUR_NAMES[TOP[code]])
    if HEIGHT[code] > 1:
        landing = {"count": carried, "cell": HEPTAGONS[end], "height": HEIGHT[code], "top": top}
        steps.append(Message("move.evl.landStack", landing))
    else:
        colour = ("black", "white")[TOP[code]]
        steps.append(
            Message("move.evl.landPiece", {"count": carried, "cell": HEPTAGONS[end], "colour": colour})
        )
    path = steps[-1]
    for step in reversed(steps[:-1]):
        path = Message("move.evl.steps", {"first": step, "rest": path})
    args = {"who": who, "count": count, "cell": HEPTAGONS[o], "path": path}
    taken = after._captured
    if not taken:
        return Message("move.evl.unstack", args)
    theirs = state.marks[seat ^ 1]
    owner = seat_message(COLOUR_NAMES[seat ^ 1])
    names = [
        Message("move.evl.takenFrom", {"pentagon": PENTAGONS[p], "owner": owner})
        if theirs >> p & 1
        else PENTAGONS[p]
        for p in iter_bits(taken)
    ]
    args.update(
        taken=Message.all(names), placed=after.marks[seat].bit_count(), markers=state.options["markers"]
    )
    return Message("move.evl.unstackTakes", args)


def threat_message(state: EvlState) -> Message | None:
    """Said when the player to move now has no piece in hand (they must
    unstack)."""
    if state.outcome() is not None or state.hands[state._to_move]:
        return None
    return Message("move.evl.mustUnstack", {"who": seat_message(COLOUR_NAMES[state._to_move])})


def score_said(state: EvlState, view) -> Message:
    """Markers placed, pieces in hand and stacks controlled, per side."""
    m = state.options["markers"]
    out = []
    for s in (0, 1):
        stacks = sum(1 for code in state.board if code != EMPTY and TOP[code] == s)
        out.append(
            Message(
                "score.evl.side",
                {
                    "who": seat_message(COLOUR_NAMES[s]),
                    "markers": state.marks[s].bit_count(),
                    "of": m,
                    "hand": state.hands[s],
                    "stacks": stacks,
                },
            )
        )
    return Message.semicolons(out)


def why_illegal(state: EvlState, clicks) -> Message:
    """Why the heptagons clicked are not a move."""
    if state.outcome() is not None:
        return Message("error.overSentence", {"result": state._outcome.message})
    cells = []
    for click in clicks:
        if click in PENTAGON_INDEX:
            return Message("error.evl.pentagon", {"cell": click})
        if click not in CELL_INDEX:
            return Message("error.evl.click")
        cells.append(CELL_INDEX[click])
    if not cells:
        return Message("error.evl.click")
    return explain(state, cells)


def explain(state: EvlState, cells: list) -> Message:
    """Why the move visiting ``cells`` (indices) is not legal here."""
    seat = state._to_move
    who, other = seat_message(COLOUR_NAMES[seat]), seat_message(COLOUR_NAMES[seat ^ 1])
    board = state.board
    o = cells[0]
    oname = HEPTAGONS[o]
    code = board[o]
    height, top = HEIGHT[code], TOP[code]
    legal = state.legal_moves()
    if tuple(cells) in legal:
        return Message("error.evl.legal", {"move": "-".join(HEPTAGONS[c] for c in cells)})
    can_unstack = UNSTACKABLE[seat][code] and any(m[0] == o for m in legal)
    if len(cells) == 1:
        if not state.hands[seat]:
            if can_unstack:
                return Message("error.evl.noHandPath", {"who": who, "cell": oname})
            return Message("error.evl.noHand", {"who": who})
        if height and top != seat:
            return Message("error.evl.theirs", {"cell": oname, "other": other})
        if height >= MAX_HEIGHT:
            return Message(
                "error.evl.fullPath" if can_unstack else "error.evl.full", {"cell": oname, "max": MAX_HEIGHT}
            )
        return Message("error.evl.notPlacement", {"cell": oname})
    if not height:
        return Message("error.evl.fromEmpty", {"cell": oname, "who": who})
    if top != seat:
        return Message("error.evl.notOwn", {"cell": oname, "other": other})
    if height == 1:
        return Message("error.evl.single", {"cell": oname})
    steps = len(cells) - 1
    if steps > height:
        return Message("error.evl.tooFar", {"height": height, "steps": steps})
    for i in range(1, len(cells)):
        c, prev = cells[i], cells[i - 1]
        if c in cells[:i]:
            if c == o:
                return Message("error.evl.returns", {"cell": oname})
            return Message("error.evl.twice", {"cell": HEPTAGONS[c]})
        if c not in NEIGHBOURS[prev]:
            return Message("error.evl.apart", {"from": HEPTAGONS[prev], "to": HEPTAGONS[c]})
    for c in cells[1:-1]:
        if HEIGHT[board[c]] >= MAX_HEIGHT:
            return Message(
                "error.evl.cross", {"cell": HEPTAGONS[c], "max": MAX_HEIGHT, "over": MAX_HEIGHT + 1}
            )
    last = cells[-1]
    landing = height - steps + 1
    lh = HEIGHT[board[last]]
    n = len(cells)
    goes_on = any(len(m) > n and list(m[:n]) == cells for m in legal)
    where = {
        "count": landing,
        "cell": HEPTAGONS[last],
        "height": lh,
        "total": lh + landing,
        "max": MAX_HEIGHT,
    }
    return Message("error.evl.landingOn" if goes_on else "error.evl.landing", where)
