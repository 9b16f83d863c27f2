"""The levels' ratings in Lines of Action (:mod:`gamut.ai.ratings` says what they
mean), written by ``bench/arena_ratings.py table --write``: do not edit."""

RATINGS: dict[str, tuple[int, int, int]] = {
    "novice": (875, 740, 1010),
    "beginner": (1000, 1000, 1000),
    "improver": (1226, 1097, 1356),
    "casual": (1396, 1240, 1551),
    "club": (1564, 1361, 1766),
    "advanced": (1714, 1496, 1932),
    "strong": (1924, 1692, 2156),
    "expert": (2090, 1822, 2358),
    "master": (2217, 1949, 2484),
}
