"""The move box's answers in the player's language (issue #33).

The browser speaks American English and the player chose German: a reading
command typed in the move box (``moves``, ``last``, ``rank``, ``cell``) is
answered in German in the live log (the engine's ``enter`` answers a
message, the page formats it), and a command the box cannot answer says why
in German too.
"""

from __future__ import annotations

from pagekit import open_hash, wait_idle
from test_site_a11y import enter, link
from test_site_i18n_library import open_chosen

import gamut


def test_the_move_box_answers_in_german(new_context, site_url):
    page = open_chosen(new_context, site_url, "de")
    start = gamut.new("loa")
    open_hash(page, link(start, players=["h", "h"]))
    wait_idle(page)
    assert enter(page, "moves b1") == "3 legale Züge: b1-h1, b1-b3, b1-d3."
    assert enter(page, "last") == "Es wurde noch kein Zug gespielt."
    assert enter(page, "cell c1") == "c1: Stein von Schwarz."
    assert enter(page, "rank 1") == "Reihe 1: a1 leer; b1 bis g1 Stein von Schwarz; h1 leer."
    assert enter(page, "turn") == "Schwarz ist am Zug."
    assert enter(page, "pieces green") == "error: kein Spieler 'green'; die Spieler sind Schwarz und Weiß."
    assert enter(page, "b1-d3").startswith("Schwarz b1 nach d3")  # (a move: played, and said)
    assert enter(page, "last").startswith("Letzter Zug: Schwarz b1 nach d3")
