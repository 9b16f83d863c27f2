"""EL (Larry Levy): write numbers in your colour to complete an EL.

Not implemented yet: only the metadata is registered, so the game picker can
list it as coming.
"""

from . import core

INFO = core.register(core.GameInfo(
    id="el",
    name="EL",
    description="Write numbers in your colour; complete a line or L holding every "
                "number, mostly yours, to win.",
    variants=(
        core.VariantInfo("standard", "Standard", "6x6 board, numbers 1-6, an EL of six cells."),
        core.VariantInfo("eight", "Eight", "8x8 board, numbers 1-8, an EL of eight cells."),
        core.VariantInfo("consecutive", "Consecutive",
                         "7x7 board, numbers 1-8, an EL of six consecutive numbers."),
        core.VariantInfo("three-player", "Three players",
                         "8x8 board, numbers 1-6, three players.", players=3),
        core.VariantInfo("four-player", "Four players",
                         "8x8 board, numbers 1-8, any connected shape of eight cells.",
                         players=4),
    ),
    options=(
        core.OptionSpec("first-two-equal", "First two numbers equal", (False, True), False,
                        "The first player's first two numbers must be the same.",
                        variants=("standard", "eight", "consecutive")),
        core.OptionSpec("full-board", "Full board", ("draw", "second-wins"), "draw",
                        "A full board with no EL is a draw, or a win for the second player.",
                        variants=("standard", "eight", "consecutive")),
        core.OptionSpec("declare-threats", "Declare threats yourself", (False, True), False,
                        "Players mark their own threats; an undeclared completion does not win.",
                        variants=("standard", "eight", "consecutive")),
    ),
))
