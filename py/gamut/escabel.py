"""Escabel: a drawless connection game of stacks and crosscuts.

Not implemented yet: only the metadata is registered, so the game picker can
list it as coming.
"""

from . import core

INFO = core.register(core.GameInfo(
    id="escabel",
    name="Escabel",
    description="Place and climb stacks on the points of a grid; connect your two "
                "edges with a chain that survives the crosscuts.",
    variants=(
        core.VariantInfo("standard", "Standard", "An empty board."),
        core.VariantInfo("checkered", "Checkered",
                         "The board starts full, in a checkered pattern."),
    ),
    options=(
        core.OptionSpec("size", "Board size", tuple(range(5, 14)), 7,
                        "Points on each side of the board."),
        core.OptionSpec("pie", "Pie rule", (True, False), True,
                        "On White's first turn, White may swap sides instead of moving."),
        core.OptionSpec("corners", "Corner colour", ("black", "white"), "black",
                        "Colour of the corner stacks of the checkered setup.",
                        variants=("checkered",)),
    ),
))
