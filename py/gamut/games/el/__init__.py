"""EL (Larry Levy), as settled by docs/RULES.md (EL).

The rules in brief
------------------
Players take turns writing one number in their own colour on any empty cell
(seat 0 Red moves first, then Blue, Green, Yellow).  An *EL* is a set of
cells that

1. has the variant's shape: a straight line or a path with exactly one
   right-angle turn (both arms at least 2 cells long, counting the corner),
   or, in ``four-player``, any orthogonally connected set;
2. holds the required numbers once each: 1..k, or in ``consecutive`` any
   six consecutive numbers (1-6, 2-7 or 3-8);
3. is mostly one player's: that player holds strictly more of its numbers
   than each other player (with two players: more than half; 3-3 is no EL).

A placement that *completes* an EL (every EL through the new cell is one it
completes) wins for the mover when one of them is the mover's; otherwise it
wins for the first player in turn order after the mover who got one (with
two players: the opponent).  A full board with no EL is a draw (option
``full-board=second-wins``: the second player wins).

Threats.  After every move the engine announces the mover's threats (every
cell and number that would complete an EL for them next turn), so in the
default game every completing placement wins.  With ``declare-threats=on``
a turn is two moves: the placement, then a declaration ``declare:c4,d5``
(or ``declare:-``; ``declare c4,d5`` is read too) naming the cells where the player thinks they threaten.
A completing placement then wins only if its cell was declared, or if the
opponent's last move created it: the (cell, number) pair was *not* a
completing placement for the player right after their own previous turn,
which is the same as saying every EL it completes for them uses the cell the
opponent just filled.  Otherwise the number stays and the game goes on.  An
undeclared completion of the mover's EL that also completes the opponent's
EL wins for the opponent (the mover's EL simply does not count).
Only declared cells that really are threat cells can ever matter, so a
declaration is normalised to that intersection: ``parse_move`` accepts any
list of empty cells, and ``legal_moves`` lists the declarations of every
subset of the true threat cells.

Variants are presets of one parametrised rule set (:class:`Rules`): board
size, numbers, EL size, shape rule, number rule, players, threat rule.

Points the rulings leave open, as decided here:

* ``three-player`` and ``four-player`` waive the threat rule: every
  completion counts and nothing is announced (``threats()`` still answers).
  A full board there is a draw.
* With ``declare-threats`` the declaration move always follows a placement
  that does not end the game, even when the player has no threat (skipping
  it would tell them so).  The view then offers a ``select`` of every empty
  cell and lists no moves (listing them would reveal the true threats).
* "Created by the opponent's last move" is judged per (cell, number) pair:
  a pair that already completed an EL for the player after their own turn
  is not created, even if the opponent's move adds a second EL through it.
* ``first-two-equal``: on Red's second placement only Red's first number is
  legal.  Threat sets ignore this (no threat exists that early).

Position text body: ``<ranks> <seat> [phase=declare] [last=<cells>]
[declared=<cells>;<cells>]``, e.g. ``....../..r3.../... b last=c5``: ranks
from the top, ``.`` empty, ``r5`` Red's 5 (``b``, ``g``, ``y`` for Blue, Green,
Yellow); ``seat`` the letter of the seat to move; ``last`` the last placement
(with declare-threats the last two, oldest first: they decide whether a
completion was created by the opponent); ``declared`` Red's and Blue's
declared cells (``-`` for none).  Loading rejects boards whose counts do not
fit the turn order, ELs the last placement did not complete (the game would
have ended; not checked with declare-threats, where an undeclared EL can
stay), and declarations of cells that were no threat.

Representation (built for search): the board is a flat tuple of ints, one per
cell, 0 when empty, else ``1 << 4n | 1 << (40 + 4 owner)``.  Summing the
codes of an EL's cells counts, in 4-bit digits, how often each number and
each owner occur: the low part must equal one of a few target values (each
required number once) and the high part looks up the owner with a strict
plurality in a small table.  Every line and L shape is precomputed per cell
with an ``itemgetter``, so the win check after a placement is an AND per
shape through the new cell and one ``sum`` per full shape.  In
``four-player`` the check searches the connected 8-cell sets through the new
cell among filled cells with distinct numbers (include/exclude enumeration of
the frontier, each set visited once).

The modules
-----------
:mod:`.moves` (placements, declarations, cell codes), :mod:`.rules` (the
parametrised rule set, one per variant), :mod:`.state` (the position,
:class:`~.state.ElState`), :mod:`.words` and :mod:`.display` (the position
in words and as the page's view), :mod:`.positions` (start positions,
position texts read back), :mod:`.editor` (setting a position up by hand),
:mod:`.english` (its words in English) and :mod:`.evaluation` (the
computer player's, imported on first use).
"""

from __future__ import annotations

from ... import core
from .editor import setup_compose, setup_describe, setup_palette
from .english import ENGLISH
from .positions import load_body, start

INFO = core.register(
    core.GameInfo(
        id="el",
        name="EL",
        description="Write numbers in your colour; complete a line or L holding every "
        "number, mostly yours, to win.",
        variants=(
            core.VariantInfo(
                "standard",
                "Standard",
                "6x6 board, numbers 1-6; an EL is a line or L of six cells holding "
                "1-6, at least four of them yours.",
            ),
            core.VariantInfo(
                "eight", "Eight", "8x8 board, numbers 1-8; an EL of eight cells, at least five yours."
            ),
            core.VariantInfo(
                "consecutive",
                "Consecutive",
                "7x7 board, numbers 1-8; an EL of six cells holding six consecutive "
                "numbers (1-6, 2-7 or 3-8).",
            ),
            core.VariantInfo(
                "three-player",
                "Three players",
                "8x8 board, numbers 1-6, three players; the EL's owner must hold more "
                "of its numbers than each other player.",
                players=3,
            ),
            core.VariantInfo(
                "four-player",
                "Four players",
                "8x8 board, numbers 1-8, four players; an EL is any connected shape of "
                "eight cells holding 1-8.",
                players=4,
            ),
        ),
        options=(
            core.OptionSpec(
                "first-two-equal",
                "First two numbers equal",
                (False, True),
                False,
                "The first player's first two numbers must be the same.",
                variants=("standard", "eight", "consecutive"),
            ),
            core.OptionSpec(
                "full-board",
                "Full board",
                ("draw", "second-wins"),
                "draw",
                "A full board with no EL is a draw, or a win for the second player.",
                variants=("standard", "eight", "consecutive"),
            ),
            core.OptionSpec(
                "declare-threats",
                "Declare threats yourself",
                (False, True),
                False,
                "After placing, each player marks the cells where they threaten to "
                "complete an EL; a completion on an undeclared cell does not win "
                "unless the opponent's last move created it.",
                variants=("standard", "eight", "consecutive"),
            ),
        ),
        factory=start,
        loader=load_body,
        editor=core.Editor(setup_palette, setup_describe, setup_compose),
        package=__name__,
        english=ENGLISH,  # (its own words, merged into gamut.messages.ENGLISH)
        # EL-5, EL-8: a full board is a draw, unless the option makes it the second player's win
        draws=True,
        draws_unless=(("full-board", "second-wins"),),
    )
)
