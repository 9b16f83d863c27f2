"""EL's start positions and its position texts read back (the board, the
last placements, the declarations, each checked against the rules)."""

from __future__ import annotations

from ...core import PositionError, excerpt
from ...grid import parse_cell
from .moves import CODE_INFO, SEAT_LETTERS, SEAT_NAMES
from .rules import RULES
from .state import ElState


def _parse_board(rules, text: str, players: int):
    size = rules.size
    rows = text.split("/")
    if len(rows) != size:
        raise PositionError(f"the board needs {size} ranks separated by '/', not {len(rows)}")
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
                raise PositionError(f"rank {rank + 1} of the board has more than {size} cells")
            if ch == ".":
                j += 1
            elif ch in letters:
                digit = row[j + 1 : j + 2]
                if not (digit.isdigit() and digit.isascii() and 1 <= int(digit) <= rules.numbers):
                    raise PositionError(
                        f"{excerpt(ch)} on rank {rank + 1} must be followed by a "
                        f"number from 1 to {rules.numbers}"
                    )
                c = rank * size + file
                board[c] = rules.codes[letters.index(ch)][int(digit)]
                occ |= 1 << c
                j += 2
            else:
                raise PositionError(
                    f"unexpected {excerpt(ch)} on rank {rank + 1}: write '.' for an "
                    f"empty cell and e.g. 'r5' for Red's 5 (seats {letters})"
                )
            file += 1
        if file != size:
            raise PositionError(f"rank {rank + 1} of the board holds {file} cells, not {size}")
    return tuple(board), occ


def _cells_field(rules, text: str, what: str) -> list:
    if text == "-":
        return []
    result = []
    for item in text.split(","):
        c = parse_cell(item, rules.size, rules.size)
        if c is None:
            raise PositionError(f"{what}: {excerpt(item, 8)} is not a cell of the board")
        if c in result:
            raise PositionError(f"{what}: {item} is given twice")
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
        raise PositionError(
            "an EL position is '<board> <seat to move> [phase=declare] "
            "[last=<cells>] [declared=<cells>;<cells>]'"
        )
    board, occ = _parse_board(rules, fields[0], players)
    names = rules.name_of
    extra: dict[str, str] = {}
    order = ["phase", "last", "declared"]
    for f in fields[2:]:
        name, eq, value = f.partition("=")
        if not eq or name not in order:
            raise PositionError(f"unexpected field {excerpt(f)} (expected phase=, last= or declared=)")
        if name in extra or any(order.index(o) > order.index(name) for o in extra):
            raise PositionError(f"field {excerpt(name)} is repeated or out of order")
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
                f"{SEAT_NAMES[p]} has {counts[p]} numbers on the board, but with "
                f"{k} numbers in all and turns in seat order it must have "
                f"{expected}"
            )
    phase = 0
    if "phase" in extra:
        if extra["phase"] != "declare" or not declare:
            raise PositionError("phase=declare is the only phase, and only with declare-threats=on")
        if k == 0:
            raise PositionError("nobody has placed a number yet, so nobody can declare")
        phase = 1
    to_move = (k - phase) % players
    if fields[1] != SEAT_LETTERS[to_move]:
        raise PositionError(
            f"the seat to move must be {SEAT_LETTERS[to_move]!r} "
            f"({SEAT_NAMES[to_move]}), not {excerpt(fields[1])}"
        )
    lasts = _cells_field(rules, extra["last"], "last") if "last" in extra else []
    want = min(k, 2 if declare else 1)
    if len(lasts) != want:
        raise PositionError(
            f"last= must give the last {want} placement(s)"
            if want
            else "an empty board has no last placement"
        )
    for i, c in enumerate(reversed(lasts)):
        seat = (k - 1 - i) % players
        if not board[c] or CODE_INFO[board[c]][0] != seat:
            raise PositionError(f"last placement {names[c]} must hold a number of {SEAT_NAMES[seat]}")
    last = lasts[-1] if lasts else None
    last2 = lasts[-2] if len(lasts) > 1 else None
    declared = (0, 0)
    if declare:
        if "declared" not in extra:
            raise PositionError("with declare-threats=on the position gives declared=<cells>;<cells>")
        parts = extra["declared"].split(";")
        if len(parts) != 2:
            raise PositionError("declared= gives Red's cells, ';', then Blue's cells")
        declared = tuple(sum(1 << c for c in _cells_field(rules, x, "declared")) for x in parts)
    elif "declared" in extra:
        raise PositionError("declared= is only used with declare-threats=on")
    state = ElState(variant, options, board, occ, phase, declared, last, last2)
    if options.get("first-two-equal") and counts[0] >= 2:
        nums = [CODE_INFO[code][1] for code in board if code and CODE_INFO[code][0] == 0]
        if len(set(nums)) == len(nums):
            raise PositionError("first two numbers equal: Red's numbers must repeat one number")
    if last is None:
        if any(declared):
            raise PositionError("nobody has placed a number yet, so nobody has declared")
        return state
    # ELs that the last placement did not complete would have ended the game earlier.
    if not declare:
        stale = rules.all_els(board, occ, 1 << last)
        if stale:
            raise PositionError(
                "the board holds an EL on "
                + " ".join(rules.mask_names(stale[0][1]))
                + " that the last placement did not complete; the game would "
                "have ended earlier"
            )
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
        raise PositionError(f"the game is over ({outcome.reason}), so nobody declares")
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
    for seat, allowed in ((mover, allowed_mover), (other, allowed_other)):
        if declared[seat] & ~allowed:
            raise PositionError(
                f"{SEAT_NAMES[seat]}'s declared cells must be cells where {SEAT_NAMES[seat]} "
                "threatened to complete an EL when declaring (and are still empty)"
                + ("; the player who just placed has not declared yet" if phase and seat == mover else "")
            )


def start(variant: str, options: dict) -> ElState:
    rules = RULES[variant]
    return ElState(variant, options, (0,) * rules.cells, 0)
