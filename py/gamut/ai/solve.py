"""Exact full-width proofs of short forced wins, for tests and tools.

``forced_wins(state, n)`` lists the moves with which the side to move wins
within ``n`` of its own moves whatever the opponent replies.  It is plain
AND-OR search over ``legal_moves`` (no evaluation, no pruning beyond
short-circuits), so it is exact and slow: fine for ``n`` <= 2 on tactical
positions, not for play.  A game whose win is judged at the start of the
winner's turn (Escabel) is handled the same way: the opponent's reply that
leaves the chain standing ends in a won position.
"""

from __future__ import annotations


def forced_wins(state, n: int) -> list:
    mover = state.to_move
    return [m for m in state.legal_moves() if _wins_after(state.play(m), n - 1, mover)]


def _wins_after(s, n, mover) -> bool:
    """``mover`` has just moved into ``s`` and has ``n`` more moves."""
    o = s.outcome()
    if o is not None:
        return o.winner == mover
    if s.to_move == mover:  # (a pass or a two-move turn)
        return n > 0 and any(_wins_after(s.play(m), n - 1, mover) for m in s.legal_moves())
    for r in s.legal_moves():
        t = s.play(r)
        o = t.outcome()
        if o is not None:
            if o.winner != mover:
                return False
            continue
        if n == 0 or not any(_wins_after(t.play(m), n - 1, mover) for m in t.legal_moves()):
            return False
    return True


def saving_moves(state) -> list:
    """The moves after which the opponent has no win in one (and that do not
    lose at once): the only defences against a threat."""
    me = state.to_move
    safe = []
    for m in state.legal_moves():
        after = state.play(m)
        o = after.outcome()
        if o is not None:
            if o.winner == me:
                safe.append(m)
            continue
        if not forced_wins(after, 1):
            safe.append(m)
    return safe


def wins_with(state, move, n: int) -> bool:
    """Whether ``move`` wins within ``n`` moves of the side to move (``move``
    included) against every defence."""
    return _wins_after(state.play(move), n - 1, state.to_move)
