"""The computer levels' ratings in each game, as the arena measured them.

A rating is an Elo number on a scale fixed per game by an anchor
(:data:`ANCHOR`); two levels ``d`` points apart score about
``1 / (1 + 10 ** (-d / 400))`` against each other.  ``low`` and ``high``
bound the 95 % interval.  The table is rebuilt by the arena (see
``bench/ARENA.md``); the page names each level with its rating and
estimates a player's rating from results against these levels.

The bridge method ``levels`` (registered in :data:`gamut.methods.METHODS`
when :mod:`gamut.bridge` imports :mod:`gamut.ai.method`) answers it.
"""

from __future__ import annotations

#: What the numbers are anchored on.
ANCHOR = "Beginner is fixed at 1000 in every game; the others are measured against it"

#: game id -> level name -> (rating, low, high): the 95 % interval is [low, high].
#: Provisional: from the adjacent-pair results of bench/ARENA.md (2026-11-22).
RATINGS: dict[str, dict[str, tuple[int, int, int]]] = {
    "loa": {
        "beginner": (1000, 1000, 1000),
        "casual": (1382, 1146, 1617),
        "strong": (1800, 1500, 2100),
        "master": (2088, 1800, 2400),
    },
    "escabel": {
        "beginner": (1000, 1000, 1000),
        "casual": (1382, 1146, 1617),
        "strong": (1800, 1500, 2100),
        "master": (2052, 1800, 2300),
    },
    "evl": {
        "beginner": (1000, 1000, 1000),
        "casual": (1512, 1204, 1819),
        "strong": (1894, 1600, 2200),
        "master": (2232, 1900, 2550),
    },
    "el": {
        "beginner": (1000, 1000, 1000),
        "casual": (1269, 1131, 1407),
        "strong": (1588, 1400, 1780),
        "master": (1889, 1650, 2120),
    },
}
