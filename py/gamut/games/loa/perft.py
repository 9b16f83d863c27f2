"""Lines of Action's fast perft.

The same count as ``gamut.perft`` (tests/test_loa.py checks both), on bare
bitboards: a move is two XORs and the Zobrist key one more, repetitions are
counted in a dict, and the last ply is counted, not played: a move changes
only the seven lines through its two squares, so the replies after it are
the replies before it with those seven lines' counts recomputed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import (
    CAPTURE,
    LINE_COUNTS,
    LINE_KEYS,
    LINE_OF,
    ZOBRIST,
    ZOBRIST_SIDE,
    _count_of,
    generate,
    is_connected,
)

if TYPE_CHECKING:  # (the state calls this module: LoaState.perft)
    from .state import LoaState


def _move_tables():
    bits, lines = {}, {}
    for frm in range(64):
        for to in range(64):
            df, dr = to % 8 - frm % 8, to // 8 - frm // 8
            if (df or dr) and (not df or not dr or abs(df) == abs(dr)):
                ft = frm * 64 + to
                bits[ft] = (1 << frm) | (1 << to)
                lines[ft] = tuple(sorted(set(LINE_OF[frm]) | set(LINE_OF[to])))
    return bits, lines


_FT_BITS, _FT_LINES = _move_tables()
_FT_COUNTS = {ft: tuple(LINE_COUNTS[i] for i in ls) for ft, ls in _FT_LINES.items()}
_FT_KEYS = {ft: tuple(LINE_KEYS[i] for i in ls) for ft, ls in _FT_LINES.items()}
# Zobrist change of each move (side to move included), per side.
_ZMOVE = tuple(
    {
        code: ZOBRIST_SIDE
        ^ ZOBRIST[side][code >> 6 & 63]
        ^ ZOBRIST[side][code & 63]
        ^ (ZOBRIST[side ^ 1][code & 63] if code & CAPTURE else 0)
        for code in range(2 * CAPTURE)
        if code & 4095 in _FT_BITS
    }
    for side in (0, 1)
)


def perft(state: LoaState, depth: int) -> int:
    """``gamut.perft(state, depth)`` (the number of move sequences of exactly
    ``depth`` moves), computed on bitboards."""
    if depth <= 0:
        return 1
    if state._outcome is not None:
        return 0
    seen: dict = {}
    for h in state._trail:
        seen[h] = seen.get(h, 0) + 1
    side = state._to_move
    own, other = (state.white, state.black) if side else (state.black, state.white)
    return _perft(own, other, side, state._hash, depth, seen)


def _perft(own, other, side, h, depth, seen):
    """Sequences of ``depth`` moves from a position that is not over, ``own``
    to move; ``seen`` counts the positions since the last capture."""
    moves = generate(own, other)
    if depth == 1:
        return len(moves) or 1
    seen[h] = seen.get(h, 0) + 1
    total = 0
    if not moves:  # a pass
        h2 = h ^ ZOBRIST_SIDE
        if seen.get(h2, 0) < 2:
            total = _perft(other, own, side ^ 1, h2, depth - 1, seen)
    elif depth == 2:
        total = _count_replies(own, other, side, h, moves, seen)
    else:
        zmove = _ZMOVE[side]
        for m in moves:
            mine = own ^ _FT_BITS[m & 4095]
            if m & CAPTURE:
                theirs = other ^ (1 << (m & 63))
                if is_connected(mine) or is_connected(theirs):
                    continue
                total += _perft(theirs, mine, side ^ 1, h ^ zmove[m], depth - 1, {})
            else:
                if is_connected(mine):
                    continue
                h2 = h ^ zmove[m]
                if seen.get(h2, 0) >= 2:
                    continue
                total += _perft(other, mine, side ^ 1, h2, depth - 1, seen)
    seen[h] -= 1
    return total


def _count_replies(own, other, side, h, moves, seen):
    """The number of replies summed over ``moves`` (games ended by a move
    count none; a side without a move has one, the pass)."""
    x = other | (own << 64)
    counts = list(map(_count_of, LINE_COUNTS, map(x.__and__, LINE_KEYS)))
    before = sum(counts)
    count_at = counts.__getitem__
    repeats = any(v >= 2 for v in seen.values())
    zmove = _ZMOVE[side]
    total = 0
    for m in moves:
        ft = m & 4095
        mine = own ^ _FT_BITS[ft]
        if is_connected(mine):
            continue
        if m & CAPTURE:
            theirs = other ^ (1 << (m & 63))
            if is_connected(theirs):
                continue
        else:
            theirs = other
            if repeats and seen.get(h ^ zmove[m], 0) >= 2:
                continue
        x = theirs | (mine << 64)
        n = (
            before
            - sum(map(count_at, _FT_LINES[ft]))
            + sum(map(_count_of, _FT_COUNTS[ft], map(x.__and__, _FT_KEYS[ft])))
        )
        total += n or 1
    return total
