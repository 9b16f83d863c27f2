"""The puzzle generator (not shipped): see ``tools/puzzles/generate.py``
and docs/puzzles.md."""
