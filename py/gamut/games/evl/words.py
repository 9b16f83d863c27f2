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


def score_words(state: EvlState, view) -> str:
    """Markers placed, pieces in hand and stacks controlled, per side."""
    m = state.options["markers"]
    out = []
    for seat in (0, 1):
        stacks = sum(1 for code in state.board if code != EMPTY and TOP[code] == seat)
        out.append(
            f"{COLOUR_NAMES[seat]}: {state.marks[seat].bit_count()} of {m} markers "
            f"placed, {state.hands[seat]} pieces in hand, controls {stacks} "
            f"stack{'s' if stacks != 1 else ''}"
        )
    return "; ".join(out)


def why_illegal(state: EvlState, clicks) -> str:
    if state.outcome() is not None:
        return f"The game is over ({state._outcome.reason})."
    cells = []
    for click in clicks:
        if click in PENTAGON_INDEX:
            return (
                f"{click} is a pentagon: pieces go only on heptagons; pentagons are "
                "won by surrounding them with an unstack."
            )
        if click not in CELL_INDEX:
            return "Click a heptagon to place a piece, or one of your stacks to unstack it."
        cells.append(CELL_INDEX[click])
    if not cells:
        return "Click a heptagon to place a piece, or one of your stacks to unstack it."
    text = explain(state, cells)
    return text[0].upper() + text[1:]


def explain(state: EvlState, cells: list) -> str:
    """Why the move visiting ``cells`` (indices) is not legal here."""
    seat = state._to_move
    name, other = COLOUR_NAMES[seat], COLOUR_NAMES[seat ^ 1]
    board = state.board
    o = cells[0]
    oname = HEPTAGONS[o]
    code = board[o]
    height, top = HEIGHT[code], TOP[code]
    legal = state.legal_moves()
    if tuple(cells) in legal:
        return f"{'-'.join(HEPTAGONS[c] for c in cells)} is a legal move."
    can_unstack = UNSTACKABLE[seat][code] and any(m[0] == o for m in legal)
    if len(cells) == 1:
        hint = f" To unstack the stack on {oname}, go on to the heptagons of its path." if can_unstack else ""
        if not state.hands[seat]:
            return f"{name} has no pieces left in hand and must unstack." + hint
        if height and top != seat:
            return (
                f"{oname} is controlled by {other} (top piece); you may place only on an "
                "empty heptagon or on a stack you control."
            )
        if height >= MAX_HEIGHT:
            return (
                f"{oname} already holds {MAX_HEIGHT} pieces; no stack may be taller than {MAX_HEIGHT}." + hint
            )
        return f"{oname} is not a legal placement."
    if not height:
        return f"{oname} is empty: an unstack starts on a stack {name} controls."
    if top != seat:
        return (
            f"the stack on {oname} is controlled by {other} (top piece); you may unstack "
            "only a stack you control."
        )
    if height == 1:
        return (
            f"{oname} holds a single piece, which is not a stack; only stacks of 2 or more can be unstacked."
        )
    steps = len(cells) - 1
    if steps > height:
        return f"a stack of {height} moves at most {height} heptagons; this path has {steps} steps."
    for i in range(1, len(cells)):
        c, prev = cells[i], cells[i - 1]
        if c in cells[:i]:
            if c == o:
                return (
                    f"the path returns to {oname}, where it started; a path may not visit a heptagon twice."
                )
            return f"the path visits {HEPTAGONS[c]} twice; a path may not visit a heptagon twice."
        if c not in NEIGHBOURS[prev]:
            return (
                f"{HEPTAGONS[prev]} and {HEPTAGONS[c]} do not touch; each step of an "
                "unstack goes to an adjacent heptagon."
            )
    for c in cells[1:-1]:
        if HEIGHT[board[c]] >= MAX_HEIGHT:
            return (
                f"{HEPTAGONS[c]} holds {MAX_HEIGHT} pieces: dropping a piece there "
                f"would make {MAX_HEIGHT + 1}, so a stack of {MAX_HEIGHT} cannot be "
                "crossed."
            )
    last = cells[-1]
    landing = height - steps + 1
    lh = HEIGHT[board[last]]
    text = (
        f"landing {landing} piece{'s' * (landing != 1)} on {HEPTAGONS[last]} (height "
        f"{lh}) would make a stack of {lh + landing}; no stack may be taller than "
        f"{MAX_HEIGHT}."
    )
    n = len(cells)
    if any(len(m) > n and list(m[:n]) == cells for m in legal):
        text += f" The path can go on from {HEPTAGONS[last]}."
    return text
