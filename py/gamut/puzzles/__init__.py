"""Puzzles: positions where the side to move has exactly one way to win.

A puzzle is a Gamut record (:mod:`.puzzle`: the format, its tags, reading
and writing); each game's puzzles ship in the wheel as one record file in
the game's own package, ``gamut/games/<game>/puzzles.txt``
(:mod:`.library` finds it from the game's registration), made by the
generator in the repository (``tools/puzzles/generate.py``, see
docs/puzzles.md) and proved by the checker (:mod:`.check`, ``python -m
gamut puzzles check FILE``) on exact searches (:mod:`.solve`).  :mod:`.themes` names what each solution does and
says the goal in words; :mod:`gamut.methods.puzzles` serves the puzzles
to the page (the bridge method ``puzzles``).

Nothing is imported with this package (the worker's start-up loads none of
its modules): :mod:`.library` reads the shipped files on the first
request.
"""
