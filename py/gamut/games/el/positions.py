"""EL's start positions and its position texts read back (the board, the
last placements, the declarations, each checked against the rules)."""

from __future__ import annotations

from ...core import PositionError, excerpt
from ...grid import parse_cell
from ...messages import Message, seat
from .moves import CODE_INFO, SEAT_LETTERS, SEAT_NAMES
from .rules import RULES
from .state import ElState


def _parse_board(rules, text: str, players: int):
    size = rules.size
    rows = text.split("/")
    if len(rows) != size:
        raise PositionError(Message("error.position.ranks", {"n": size, "count": len(rows)}))
    board = [0] * rules.cells
    occ = 0
    letters = SEAT_LETTERS[:players]
    for i, row in enumerate(rows):
        rank = size - 1 - i
        file = 0
        j = 0
        while j < len(row):
            ch = row[j]
            if file >= size:
                raise PositionError(Message("error.position.el.rankLong", {"rank": rank + 1, "n": size}))
            if ch == ".":
                j += 1
            elif ch in letters:
                digit = row[j + 1 : j + 2]
                if not (digit.isdigit() and digit.isascii() and 1 <= int(digit) <= rules.numbers):
                    raise PositionError(
                        Message(
                            "error.position.el.number",
                            {"char": excerpt(ch), "rank": rank + 1, "numbers": rules.numbers},
                        )
                    )
                c = rank * size + file
                board[c] = rules.codes[letters.index(ch)][int(digit)]
                occ |= 1 << c
                j += 2
            else:
                raise PositionError(
                    Message(
                        "error.position.el.unexpected",
                        {"char": excerpt(ch), "rank": rank + 1, "seats": letters},
                    )
                )
            file += 1
        if file != size:
            raise PositionError(
                Message("error.position.el.rankCells", {"rank": rank + 1, "count": file, "n": size})
            )
    return tuple(board), occ


def _cells_field(rules, text: str, what: str) -> list:
    if text == "-":
        return []
    result = []
    for item in text.split(","):
        c = parse_cell(item, rules.size, rules.size)
        if c is None:
            raise PositionError(
                Message("error.position.el.notCell", {"field": what, "item": excerpt(item, 8)})
            )
        if c in result:
            raise PositionError(Message("error.position.el.twice", {"field": what, "cell": item}))
        result.append(c)
    return result


def _threat_cell_mask(rules, board, occ, seat, remove=()) -> int:
    board = list(board)
    for c in remove:
        board[c] = 0
        occ &= ~(1 << c)
    mask = 0
    for c, _ in rules.threat_pairs(tuple(board), occ)[seat]:
        mask |= 1 << c
    return mask


def load_body(header, body: str) -> ElState:
    variant, options = header.variant, header.options
    rules = RULES[variant]
    players = rules.players
    declare = bool(options.get("declare-threats", False))
    fields = body.split()
    if len(fields) < 2:
        raise PositionError(Message("error.position.el.format"))
    board, occ = _parse_board(rules, fields[0], players)
    names = rules.name_of
    extra: dict[str, str] = {}
    order = ["phase", "last", "declared"]
    for f in fields[2:]:
        name, eq, value = f.partition("=")
        if not eq or name not in order:
            raise PositionError(Message("error.position.el.field", {"field": excerpt(f)}))
        if name in extra or any(order.index(o) > order.index(name) for o in extra):
            raise PositionError(Message("error.position.el.fieldOrder", {"field": excerpt(name)}))
        extra[name] = value
    k = occ.bit_count()
    counts = [0] * players
    for code in board:
        if code:
            counts[CODE_INFO[code][0]] += 1
    for p in range(players):
        expected = k // players + (1 if p < k % players else 0)
        if counts[p] != expected:
            raise PositionError(
                Message(
                    "error.position.el.counts",
                    {"who": seat(SEAT_NAMES[p]), "count": counts[p], "total": k, "expected": expected},
                )
            )
    phase = 0
    if "phase" in extra:
        if extra["phase"] != "declare" or not declare:
            raise PositionError(Message("error.position.el.phase"))
        if k == 0:
            raise PositionError(Message("error.position.el.phaseEmpty"))
        phase = 1
    to_move = (k - phase) % players
    if fields[1] != SEAT_LETTERS[to_move]:
        raise PositionError(
            Message(
                "error.position.el.seatToMove",
                {
                    "letter": repr(SEAT_LETTERS[to_move]),
                    "who": seat(SEAT_NAMES[to_move]),
                    "text": excerpt(fields[1]),
                },
            )
        )
    lasts = _cells_field(rules, extra["last"], "last") if "last" in extra else []
    want = min(k, 2 if declare else 1)
    if len(lasts) != want:
        said = (
            Message("error.position.el.last", {"want": want})
            if want
            else Message("error.position.el.lastEmpty")
        )
        raise PositionError(said)
    for i, c in enumerate(reversed(lasts)):
        owner = (k - 1 - i) % players
        if not board[c] or CODE_INFO[board[c]][0] != owner:
            raise PositionError(
                Message("error.position.el.lastSeat", {"cell": names[c], "who": seat(SEAT_NAMES[owner])})
            )
    last = lasts[-1] if lasts else None
    last2 = lasts[-2] if len(lasts) > 1 else None
    declared = (0, 0)
    if declare:
        if "declared" not in extra:
            raise PositionError(Message("error.position.el.declaredMissing"))
        parts = extra["declared"].split(";")
        if len(parts) != 2:
            raise PositionError(Message("error.position.el.declaredForm"))
        declared = tuple(sum(1 << c for c in _cells_field(rules, x, "declared")) for x in parts)
    elif "declared" in extra:
        raise PositionError(Message("error.position.el.declaredOff"))
    state = ElState(variant, options, board, occ, phase, declared, last, last2)
    if options.get("first-two-equal") and counts[0] >= 2:
        nums = [CODE_INFO[code][1] for code in board if code and CODE_INFO[code][0] == 0]
        if len(set(nums)) == len(nums):
            raise PositionError(Message("error.position.el.firstTwoEqual"))
    if last is None:
        if any(declared):
            raise PositionError(Message("error.position.el.declaredEmpty"))
        return state
    # ELs that the last placement did not complete would have ended the game earlier.
    if not declare:
        stale = rules.all_els(board, occ, 1 << last)
        if stale:
            cells = " ".join(rules.mask_names(stale[0][1]))
            raise PositionError(Message("error.position.el.stale", {"cells": cells}))
    mover = CODE_INFO[board[last]][0]
    found = rules.completions(board, occ, last, mover if rules.any_shape else None)
    outcome = None
    if found:
        outcome = state._decide(
            found, mover, last, CODE_INFO[board[last]][1], declared[mover] if declare else 0, last=last2
        )
    if outcome is None and occ == rules.full:
        outcome = state._full_board_outcome()
    if outcome is not None and phase:
        result = outcome.message
        raise PositionError(Message("error.position.el.overDeclare", {"result": result}))
    if declare:
        _check_declarations(rules, board, occ, phase, declared, last, last2, mover, outcome is not None)
    state._outcome = outcome
    return state


def _check_declarations(rules, board, occ, phase, declared, last, last2, mover, over):
    other = mover ^ 1
    prev = [c for c in (last2,) if c is not None]
    if over:
        # declarations as they stood before the last placement
        allowed_mover = _threat_cell_mask(rules, board, occ, mover, [last] + prev)
        allowed_mover &= ~(1 << last2) if last2 is not None else -1
        allowed_other = _threat_cell_mask(rules, board, occ, other, [last])
    else:
        if phase:
            allowed_mover = 0
        else:
            allowed_mover = _threat_cell_mask(rules, board, occ, mover)
        allowed_other = _threat_cell_mask(rules, board, occ, other, [last]) & ~(1 << last)
    for side, allowed in ((mover, allowed_mover), (other, allowed_other)):
        if declared[side] & ~allowed:
            key = (
                "error.position.el.declaredPlaced"
                if phase and side == mover
                else "error.position.el.declared"
            )
            raise PositionError(Message(key, {"who": seat(SEAT_NAMES[side])}))


def start(variant: str, options: dict) -> ElState:
    rules = RULES[variant]
    return ElState(variant, options, (0,) * rules.cells, 0)
