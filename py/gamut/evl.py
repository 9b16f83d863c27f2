"""EVL: stacking and unstacking on a board of heptagons and pentagons.

Not implemented yet: only the metadata is registered, so the game picker can
list it as coming.
"""

from . import core

INFO = core.register(core.GameInfo(
    id="evl",
    name="EVL",
    description="Stack and unstack on heptagons to surround pentagons; the first "
                "to place all markers wins.",
    variants=(
        core.VariantInfo("standard", "Standard", "28 heptagons around 18 pentagons."),
    ),
    options=(
        core.OptionSpec("pieces", "Pieces per player", (16, 20, 24), 20,
                        "Pieces each player starts with in hand."),
        core.OptionSpec("markers", "Markers to win", (10, 12), 10,
                        "Pentagon markers each player has; placing all of them wins."),
    ),
))
