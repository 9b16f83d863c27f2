"""The levels' ratings in EL (:mod:`gamut.ai.ratings` says what they
mean), written by ``bench/arena_ratings.py table --write``: do not edit."""

RATINGS: dict[str, tuple[int, int, int]] = {
    "novice": (784, 633, 936),
    "beginner": (1000, 1000, 1000),
    "improver": (1119, 1011, 1228),
    "casual": (1225, 1119, 1332),
    "club": (1394, 1255, 1533),
    "strong": (1524, 1366, 1681),
    "expert": (1644, 1421, 1867),
    "master": (1814, 1599, 2028),
}
