"""The levels' ratings in Escabel (:mod:`gamut.ai.ratings` says what they
mean), written by ``bench/arena_ratings.py table --write``: do not edit."""

RATINGS: dict[str, tuple[int, int, int]] = {
    "novice": (847, 708, 986),
    "beginner": (1000, 1000, 1000),
    "improver": (1220, 1125, 1314),
    "casual": (1408, 1293, 1523),
    "club": (1632, 1435, 1829),
    "strong": (1857, 1633, 2081),
    "expert": (1972, 1706, 2238),
    "master": (2120, 1835, 2406),
}
