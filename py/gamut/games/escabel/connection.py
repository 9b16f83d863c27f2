"""Escabel's connection: crosscuts, the diagonals a stack cuts, and the
chains that join a colour's two edges (the winning condition)."""

from __future__ import annotations

from .board import BLACK, Geometry


def crosscuts(geo: Geometry, black: int, white: int) -> tuple[int, int]:
    """The crosscuts, as bitboards of the lower-left point ``p`` of each
    2x2 block: ``(ne_black, ne_white)``, by the colour of the diagonal
    p -- p+stride+1 (the other diagonal p+1 -- p+stride has the other colour)."""
    s = geo.stride
    d = s + 1
    return (
        black & (black >> d) & (white >> 1) & (white >> s),
        white & (white >> d) & (black >> 1) & (black >> s),
    )


def cut_diagonals(
    geo: Geometry, codes: tuple, levels: tuple, ne_black: int, ne_white: int, colour: int
) -> tuple[int, int]:
    """The crosscut diagonals of ``colour`` that are *not* connected.

    Returns ``(ne, nw)``: bitboards indexed like :func:`crosscuts`; a bit in
    ``ne`` cuts the diagonal p -- p+stride+1, a bit in ``nw`` the diagonal
    p+1 -- p+stride."""
    s = geo.stride
    d = s + 1
    crosscuts = ne_black | ne_white
    if not crosscuts:
        return 0, 0
    # Crosscuts of four equal heights (the whole checkered start, say) cut
    # both diagonals: find them a height at a time, without a loop per block.
    level_cuts = 0
    for level in levels:
        if level:
            level_cuts |= level & (level >> d) & (level >> 1) & (level >> s)
    level_cuts &= crosscuts
    if colour == BLACK:
        cut_ne, cut_nw = level_cuts & ne_black, level_cuts & ne_white
    else:
        cut_ne, cut_nw = level_cuts & ne_white, level_cuts & ne_black
    crosscuts ^= level_cuts
    while crosscuts:
        low = crosscuts & -crosscuts
        crosscuts ^= low
        p = low.bit_length() - 1
        a, b = codes[p].bit_length(), codes[p + d].bit_length()  # heights + 1
        ne = (a, b) if a <= b else (b, a)
        a, b = codes[p + 1].bit_length(), codes[p + s].bit_length()
        nw = (a, b) if a <= b else (b, a)
        if (low & ne_black) if colour == BLACK else (low & ne_white):
            if not ne > nw:  # our diagonal is the NE one
                cut_ne |= low
        elif not nw > ne:
            cut_nw |= low
    return cut_ne, cut_nw


def step(f: int, s: int, free_ne: int, free_nw_from_lr: int, free_nw_from_ul: int) -> int:
    """The points one step from the points of ``f`` on a board of row stride
    ``s``, the king's eight directions, less the diagonals a mask shuts.

    A point ``p`` is kept in ``free_ne`` when its NE diagonal ``p -- p+s+1``
    is open, both ways; in ``free_nw_from_lr`` when the NW diagonal that
    leaves it, ``p -- p+s-1``, is open (the mask is the blocked lower-left
    points shifted by 1), and in ``free_nw_from_ul`` when the one that
    enters it from above, ``p -- p-s+1``, is (shifted by ``s``).  Used where
    some diagonal is shut; with none, three shifts make the 3x3 block."""
    d = s + 1
    a = s - 1
    return (
        (f << 1)
        | (f >> 1)
        | (f << s)
        | (f >> s)
        | ((f & free_ne) << d)
        | ((f >> d) & free_ne)
        | ((f & free_nw_from_lr) << a)
        | ((f & free_nw_from_ul) >> a)
    )


def grow(geo: Geometry, group: int, own: int, cut_ne: int, cut_nw: int, stop: int = 0) -> int:
    """The stacks of ``own`` connected to ``group`` (a subset of ``own``).

    Stops early (returning a partial group) as soon as the group meets
    ``stop``, when ``stop`` is not 0."""
    s = geo.stride
    d = s + 1
    a = s - 1
    frontier = group
    if cut_ne or cut_nw:
        free_ne = ~cut_ne
        free_nw_from_lr = ~(cut_nw << 1)
        free_nw_from_ul = ~(cut_nw << s)
        while frontier:
            new = step(frontier, s, free_ne, free_nw_from_lr, free_nw_from_ul) & own & ~group
            group |= new
            if group & stop:
                return group
            frontier = new
    else:
        while frontier:
            f = frontier
            new = (
                ((f << 1) | (f >> 1) | (f << s) | (f >> s) | (f << d) | (f >> d) | (f << a) | (f >> a))
                & own
                & ~group
            )
            group |= new
            if group & stop:
                return group
            frontier = new
    return group


def winning_chain(
    geo: Geometry, black: int, white: int, codes: tuple, levels: tuple, colour: int, exact: bool = False
) -> int:
    """A bitboard of ``colour``'s stacks connected to both of its edges, or 0.

    Without ``exact`` any nonzero value may be returned when there is such
    a chain (the search stops as soon as it meets the second edge); with
    ``exact`` the result is every stack on a chain joining the two edges."""
    if colour == BLACK:
        own, lines, first, second = black, geo.ranks, geo.bottom, geo.top
    else:
        own, lines, first, second = white, geo.files, geo.left, geo.right
    for line in lines:  # a chain meets every rank (resp. file) on its way
        if not own & line:
            return 0
    # (Bounding first with a fill that opens, then one that cuts, every
    # crosscut diagonal was measured: it costs more than it saves.)
    ne_black, ne_white = crosscuts(geo, black, white)
    cut_ne, cut_nw = cut_diagonals(geo, codes, levels, ne_black, ne_white, colour)
    if not exact:
        group = grow(geo, own & first, own, cut_ne, cut_nw, second)
        return group if group & second else 0
    group = grow(geo, own & first, own, cut_ne, cut_nw)
    if not group & second:
        return 0
    return grow(geo, group & second, group, cut_ne, cut_nw)
