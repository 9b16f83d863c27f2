"""The levels' ratings in EVL (:mod:`gamut.ai.ratings` says what they
mean), written by ``bench/arena_ratings.py table --write``: do not edit."""

RATINGS: dict[str, tuple[int, int, int]] = {
    "novice": (847, 708, 986),
    "beginner": (1000, 1000, 1000),
    "apprentice": (1194, 1076, 1312),
    "improver": (1325, 1171, 1479),
    "casual": (1543, 1359, 1726),
    "club": (1778, 1534, 2021),
    "strong": (1966, 1705, 2226),
    "expert": (2110, 1820, 2401),
    "master": (2286, 1987, 2586),
}
