"""The games Gamut ships, one package each (``gamut.games.<id>``): its rules
and state, its evaluation and move ordering for the computer player
(``evaluation.py``, imported on first use), its position editor's hooks and
whatever else only that game uses.

A game plugs in through one function, :func:`gamut.core.register` of its
:class:`~gamut.core.GameInfo`, which its package calls when imported.  The
list below is the one place the shipped games are named: importing
:mod:`gamut` imports them in this order, and the page's menus follow it.
Adding a game is adding its package and its line here.
"""

from __future__ import annotations

import importlib

#: The shipped games' packages, in the order of the page's menus.
GAME_PACKAGES = ("loa", "el", "escabel", "evl")

for _package in GAME_PACKAGES:
    importlib.import_module(f"{__name__}.{_package}")
