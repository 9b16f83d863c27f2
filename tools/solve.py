"""Exact full-width proofs of short forced wins, for tests and tools (not
shipped: the computer player never needs a proof).

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
    return [m for m in state.legal_moves() if _wins_after(state.play_unchecked(m), n - 1, mover)]


def _wins_after(s, n, mover) -> bool:
    """``mover`` has just moved into ``s`` and may begin ``n`` more turns.
    Consecutive moves of one player are one turn (EL with declared threats:
    a placement, then a declaration)."""
    o = s.outcome()
    if o is not None:
        return o.winner == mover
    if s.to_move == mover:  # the second move of the same turn
        return any(_wins_after(s.play_unchecked(m), n, mover) for m in s.legal_moves())
    return all(_turn_of(s.play_unchecked(r), n, mover) for r in s.legal_moves())


def _turn_of(s, n, mover) -> bool:
    """The opponent has just moved into ``s``: it is their turn still, or
    ``mover``'s next turn (which needs ``n`` > 0)."""
    o = s.outcome()
    if o is not None:
        return o.winner == mover
    if s.to_move != mover:
        return all(_turn_of(s.play_unchecked(r), n, mover) for r in s.legal_moves())
    return n > 0 and any(_wins_after(s.play_unchecked(m), n - 1, mover) for m in s.legal_moves())


def saving_moves(state) -> list:
    """The moves after which the opponent has no win in one (and that do not
    lose at once): the only defences against a threat (for one-move turns)."""
    me = state.to_move
    safe = []
    for m in state.legal_moves():
        after = state.play_unchecked(m)
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
    return _wins_after(state.play_unchecked(move), n - 1, state.to_move)
