"""Evaluation and move ordering of Escabel for the computer player.

The evaluation is the *connection distance* of each colour: the least number
of pieces it must still place to join its two edges, by a 0-1 breadth-first
search over the points of the board done with bitboards (one layer per
unit of distance): the colour's own stacks cost 0, empty points cost 1,
enemy stacks are walls.  Links follow the rules' crosscut logic:

* two own stacks on a crosscut diagonal are linked only when the rules
  connect them (:func:`gamut.games.escabel.connection.cut_diagonals`);
* a diagonal step that involves an empty point is blocked when the other
  two points of the 2x2 block are both enemy stacks (filling the point
  would make a crosscut that a new piece of height 1 cannot win).

The score for the side to move is the difference of the distances (the
opponent's minus its own), plus a small term for the number of points at
the least distance (more ways to connect), minus a tempo for the opponent.
A colour whose chain is complete (distance 0) while it is not to move wins
unless the mover can break the chain: scored as nearly lost.

Imported on first use, through ``core.evaluation``; its shape:
``core.EvaluationProtocol``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import ACTION, LOW, SWAP_CODE
from .connection import crosscuts, cut_diagonals, step

if TYPE_CHECKING:
    from ...core import EvaluationProtocol
    from .state import EscabelState

UNIT = 100
INF = 99


def _distance(geo, own, enemy, codes, levels, colour, ne_b, ne_w):
    """Connection distance of ``colour`` (own/enemy bitboards), or INF, and
    the number of points of the second edge at that distance.

    A 0-1 breadth-first search a layer at a time: a layer is the empty
    points next to the previous layer plus the own stacks linked to them.
    Only the previous layer is expanded (the points next to earlier layers
    are in it or reached already).  Where the points being expanded touch
    no blocked diagonal a step is the king's, a 3x3 block by three shifts
    and four ORs written out here (issue #32); elsewhere it is
    :func:`~gamut.games.escabel.connection.step`."""
    s = geo.stride
    d = s + 1
    if colour == 0:
        first, second = geo.bottom, geo.top
    else:
        first, second = geo.left, geo.right
    # blocked diagonals, indexed by the lower-left point p of the 2x2 block
    cut_ne, cut_nw = cut_diagonals(geo, codes, levels, ne_b, ne_w, colour)
    # p -- p+d blocked when p+1 and p+s are enemy (unless own-own linked)
    block_ne = ((enemy >> 1) & (enemy >> s) & ~(own & (own >> d))) | cut_ne
    # p+1 -- p+s blocked when p and p+d are enemy
    block_nw = (enemy & (enemy >> d) & ~((own >> 1) & (own >> s))) | cut_nw
    # the points at an end of a blocked diagonal: elsewhere a step is the king's
    ends = block_ne | (block_ne << d) | (block_nw << 1) | (block_nw << s)
    free_ne = ~block_ne
    free_nw_lr = ~(block_nw << 1)
    free_nw_ul = ~(block_nw << s)
    unreached = geo.board & ~(own | enemy)  # the empty points not reached yet
    layer = own & first
    rest = own ^ layer  # the own stacks not reached yet
    dist = 0
    while True:
        # the own stacks linked to the layer join it
        f = layer
        while f:
            if f & ends:
                f = step(f, s, free_ne, free_nw_lr, free_nw_ul) & rest
            else:
                f |= (f << 1) | (f >> 1)
                f = (f | (f << s) | (f >> s)) & rest
            rest ^= f
            layer |= f
        if layer & second:
            return dist, (layer & second).bit_count()
        # the next layer: the empty points next to this one (and the first edge's)
        dist += 1
        f = layer
        if f & ends:
            f = step(f, s, free_ne, free_nw_lr, free_nw_ul)
        else:
            f |= (f << 1) | (f >> 1)
            f |= (f << s) | (f >> s)
        layer = (f | first) & unreached
        if not layer:
            return INF, 0
        unreached ^= layer
        first = 0


def distances(state):
    geo = state.geo
    black, white = state.black, state.white
    ne_b, ne_w = crosscuts(geo, black, white)
    db = _distance(geo, black, white, state.codes, state.levels, 0, ne_b, ne_w)
    dw = _distance(geo, white, black, state.codes, state.levels, 1, ne_b, ne_w)
    return db, dw


def evaluate(state) -> int:
    (db, nb), (dw, nw) = distances(state)
    colour = state.to_move ^ state.swapped
    (dm, nm), (do, no) = ((db, nb), (dw, nw)) if colour == 0 else ((dw, nw), (db, nb))
    if do == 0:
        return -50 * UNIT  # the opponent's chain stands: break it or lose
    if dm == INF and do == INF:
        return 0
    dm = min(dm, 2 * state.geo.n)
    do = min(do, 2 * state.geo.n)
    return UNIT * (do - dm) + 4 * (min(nm, 6) - min(no, 6)) + UNIT // 3


def move_order_key(state, move) -> int:
    """Move actions (they change the colour of two stacks) first, then
    placements next to stacks, the more central the better."""
    near, base = _order_tables(state.geo)
    c = int(move) & LOW
    return 20 * (near[c] & (state.black | state.white)).bit_count() + base[c]


_ORDER_TABLES: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _order_tables(geo) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per move code (the move's low bits): the points around a placement
    (the eight neighbours, as a bitboard) and the rest of its priority (a
    placement's centrality; 300 for a move action, 0 for the swap), so that
    a priority is one lookup, an AND and a bit count (issue #32)."""
    tables = _ORDER_TABLES.get(geo.n)
    if tables is None:
        s, n = geo.stride, geo.n
        near = [0] * (LOW + 1)
        base = [300] * (LOW + 1)
        base[SWAP_CODE] = 0
        for c in range(ACTION):
            bit = 1 << c
            near[c] = (
                (bit << 1)
                | (bit >> 1)
                | (bit << s)
                | (bit >> s)
                | (bit << (s + 1))
                | (bit >> (s + 1))
                | (bit << (s - 1))
                | (bit >> (s - 1))
            )
            r, f = divmod(c, s)
            base[c] = n - abs(2 * r - n + 1) // 2 - abs(2 * f - n + 1) // 2
        tables = _ORDER_TABLES[geo.n] = (tuple(near), tuple(base))
    return tables


def move_order_keys(state: EscabelState, moves: list) -> list:
    """The priorities of ``moves`` (:func:`move_order_key` of each)."""
    near, base = _order_tables(state.geo)
    occ = state.black | state.white
    return [20 * (near[c] & occ).bit_count() + base[c] for c in [m & LOW for m in moves]]


def search_moves(state: EscabelState) -> list:
    """Every legal move: Escabel's search prunes nothing."""
    return state.legal_moves()


if TYPE_CHECKING:
    from . import evaluation as _this

    _conforms: EvaluationProtocol[EscabelState] = _this
