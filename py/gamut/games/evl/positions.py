"""EVL's start position and its position texts read back (a history, when
given, replayed to check it)."""

from __future__ import annotations

from ...core import IllegalMoveError, PositionError, excerpt
from . import geometry
from .board import BLACK, COLOUR_NAMES, COUNT, EMPTY, MAX_HEIGHT, NUM_CELLS, WHITE, stack_code
from .state import EvlState


def _parse_runs(text: str, size: int, what: str, stacks: bool) -> list:
    """Split a row/band written by :func:`_run_length` into ``size`` items
    ("" for empty); stacks in parentheses are allowed when ``stacks``."""
    items = []
    i, n = 0, len(text)
    prev_digit = False
    while i < n:
        ch = text[i]
        if ch in "123456789":
            if prev_digit:
                raise PositionError(f"{what}: write a run of empty cells as one digit")
            items.extend([""] * int(ch))
            prev_digit = True
            i += 1
            continue
        prev_digit = False
        if ch in "bw":
            items.append(ch)
            i += 1
        elif ch == "(" and stacks:
            end = text.find(")", i)
            inner = text[i + 1 : end] if end > 0 else ""
            if end < 0 or not inner or any(x not in "bw" for x in inner):
                raise PositionError(f"{what}: a stack is written like (bww), bottom to top")
            if len(inner) < 2:
                raise PositionError(f"{what}: write a single piece without parentheses")
            if len(inner) > MAX_HEIGHT:
                raise PositionError(
                    f"{what}: the stack {excerpt('(' + inner + ')')} is taller than {MAX_HEIGHT}"
                )
            items.append(inner)
            i = end + 1
        else:
            raise PositionError(f"{what}: unexpected {excerpt(ch)}")
        if len(items) > size:
            break
    if len(items) != size:
        raise PositionError(f"{what} must describe exactly {size} cells, not {len(items)}")
    return items


def load_body(header, body: str) -> EvlState:
    fields = body.split()
    history = None
    if len(fields) >= 4 and fields[-1].startswith("history="):
        history = fields.pop()[len("history=") :]
    hands = None
    if len(fields) == 4 and fields[3].startswith("hands="):
        hands = _parse_hands(fields.pop()[len("hands=") :])
    if len(fields) != 3:
        raise PositionError(
            "an EVL position is '<heptagon rows a/b/c/d> <pentagon bands "
            "ab/bc/cd> <b|w> [hands=<black>,<white>] [history=...]'"
        )
    if history is not None:
        return _load_with_history(header, fields, hands, history)
    return _load_plain(header, fields, hands)


def _parse_hands(text: str) -> tuple:
    parts = text.split(",")
    if len(parts) != 2 or not all(p.isdigit() and p.isascii() and len(p) <= 3 for p in parts):
        raise PositionError(
            f"hands= gives Black's and White's pieces in hand, e.g. hands=3,5, not {excerpt(text)}"
        )
    return int(parts[0]), int(parts[1])


def _load_plain(header, fields: list, hands: tuple | None) -> EvlState:
    rows = fields[0].split("/")
    if len(rows) != 4:
        raise PositionError("the heptagons need 4 rows (a/b/c/d) separated by '/'")
    cells: list[int] = []
    for r, row in enumerate(rows):
        for item in _parse_runs(row, 7, f"row {'abcd'[r]}", True):
            cells.append(stack_code(["bw".index(ch) for ch in item]))
    bands = fields[1].split("/")
    if len(bands) != 3:
        raise PositionError("the pentagons need 3 bands (ab/bc/cd) separated by '/'")
    marks = [0, 0]
    for b, band in enumerate(bands):
        for k, item in enumerate(_parse_runs(band, 6, f"band {geometry.BANDS[b]}", False)):
            if item:
                marks["bw".index(item)] |= 1 << (b * 6 + k)
    if fields[2] not in ("b", "w"):
        raise PositionError(f"the side to move must be 'b' or 'w', not {excerpt(fields[2])}")
    to_move = "bw".index(fields[2])
    board = tuple(cells)
    total, m = header.options["pieces"], header.options["markers"]
    counts = [sum(COUNT[s][c] for c in board) for s in (0, 1)]
    for seat in (0, 1):
        name = COLOUR_NAMES[seat]
        if counts[seat] > total:
            raise PositionError(f"{name} has {counts[seat]} pieces on the board but only {total} in all")
        if marks[seat].bit_count() > m:
            raise PositionError(f"{name} has {marks[seat].bit_count()} markers on the board but only {m}")
    # Black's first move and White's first move are placements.
    if counts[0] == 0 and (counts[1] or to_move == WHITE):
        raise PositionError(
            "Black moves first and starts with a placement, so Black must have a piece on the board"
        )
    if counts[1] == 0 and counts[0] and to_move == BLACK:
        raise PositionError(
            "White's first move is a placement, so with Black to move White must have a piece on the board"
        )
    if (marks[0] or marks[1]) and counts[0] + counts[1] < 2:
        raise PositionError("markers are won by unstacking, which needs a stack on the board")
    for seat in (0, 1):
        if marks[seat].bit_count() == m and to_move == seat:
            raise PositionError(
                f"{COLOUR_NAMES[seat]} has all {m} markers on the board, so the "
                f"game ended on {COLOUR_NAMES[seat]}'s move and it cannot be "
                f"{COLOUR_NAMES[seat]}'s turn"
            )
    full = (total - counts[0], total - counts[1])
    if hands is not None:
        for seat in (0, 1):
            if hands[seat] > full[seat]:
                raise PositionError(
                    f"{COLOUR_NAMES[seat]} has {counts[seat]} pieces on the board and "
                    f"{hands[seat]} in hand: {counts[seat] + hands[seat]}, more than the {total} "
                    "each player has"
                )
        if hands == full:
            raise PositionError(
                "hands= is written only when a hand holds fewer than the rest of its player's pieces"
            )
    return EvlState(header.variant, header.options, board, (marks[0], marks[1]), to_move, hands or full)


def _load_with_history(header, fields, hands, history: str) -> EvlState:
    """A position with its run of reversible moves: replay them from where
    the run began (checking each; unstacks leave the hands as they are) and
    make sure they lead to this position."""
    parts = history.split(":")
    if len(parts) != 4 or not parts[3]:
        raise PositionError("history is '<rows>:<bands>:<b|w>:<path>,<path>,...'")
    state = _load_plain(header, parts[:3], hands)
    for text in parts[3].split(","):
        try:
            move = state.parse_move(text)
        except IllegalMoveError as exc:
            raise PositionError(f"history move {excerpt(text)} is illegal: {exc}") from None
        if move.is_placement:
            raise PositionError(
                f"history move {excerpt(text)} is a placement; the history holds "
                "only the unstacks since the last placement"
            )
        state = state.play_unchecked(move)
    current = _load_plain(header, fields, hands)
    if (state.board, state.marks, state._to_move) != (current.board, current.marks, current._to_move):
        raise PositionError("the history does not lead to this position")
    return state


def start(variant: str, options: dict) -> EvlState:
    return EvlState(variant, options, (EMPTY,) * NUM_CELLS, (0, 0), BLACK)
