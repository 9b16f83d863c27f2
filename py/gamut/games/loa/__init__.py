"""Lines of Action (Claude Soucie), as settled by docs/RULES.md (Lines of Action).

Board 8x8; seat 0 is Black (moves first), seat 1 White.  A piece moves in a
straight line (8 directions) exactly as many squares as there are pieces of
both colours on that whole line; it may jump its own pieces but not enemy
pieces, may not land on its own piece, and captures an enemy piece it lands
on.  A player whose pieces form one 8-connected group wins (a lone piece is
connected); a move connecting both sides wins for the mover (option
``double-connection=draw`` makes it a draw).  A player with no legal move
passes.  The third occurrence of a position with the same player to move is
a draw.

The modules: :mod:`.board` (bitboards, move generation, Zobrist keys),
:mod:`.state` (the position, :class:`~.state.LoaState`), :mod:`.positions`
(start positions, position texts read back), :mod:`.perft` (a fast
perft), :mod:`.editor` (setting a position up by hand), :mod:`.sgf` (records from
boardspace, read by :mod:`gamut.records`), :mod:`.english` (its words in
English) and
:mod:`.evaluation` (the computer player's, imported on first use).
"""

from __future__ import annotations

from ... import core
from .editor import setup_compose, setup_describe, setup_palette
from .english import ENGLISH
from .positions import load_body, start

INFO = core.register(
    core.GameInfo(
        id="loa",
        name="Lines of Action",
        description="Move a piece exactly as far as there are pieces on its line; "
        "join all your pieces into one group to win.",
        variants=(
            core.VariantInfo(
                "standard", "Standard", "Black on the top and bottom rows, White on the side columns."
            ),
            core.VariantInfo(
                "scrambled-eggs", "Scrambled Eggs", "Soucie's setup: the colours alternate around the edge."
            ),
        ),
        options=(
            core.OptionSpec(
                "double-connection",
                "Move connecting both sides",
                ("mover", "draw"),
                "mover",
                "Who wins when one move connects both sides: the mover, "
                "or nobody (a draw, as in Computer Olympiad rules).",
            ),
        ),
        factory=start,
        loader=load_body,
        editor=core.Editor(setup_palette, setup_describe, setup_compose),
        package=__name__,
        english=ENGLISH,  # (its own words, merged into gamut.messages.ENGLISH)
        draws=True,  # LOA-6: a third repetition is a draw (and LOA-3 with double-connection=draw)
        record_formats=("sgf",),
    )
)
