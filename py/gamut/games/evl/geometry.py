"""The EVL board as data: cells, contacts and polygons for drawing.

docs/RULES.md (EVL) reconstructs the board from the seed text ("four rows of
heptagons surrounding 18 pentagons"); the designer's own diagram was not
available.  Everything the engine and the front end know about the board's
shape is in this module, so an official geometry can replace it by editing
these tables alone (``tests/test_evl.py`` checks whatever is here).

Cells
    28 heptagons in 4 rows of 7, ``a1``-``a7`` (top row) to ``d1``-``d7``;
    18 pentagons in 3 bands of 6 between the rows, ``ab1``-``ab6``,
    ``bc1``-``bc6``, ``cd1``-``cd6``.  Pentagon ``xyj`` touches heptagons
    ``xj``, ``x(j+1)``, ``yj`` and ``y(j+1)``.

Contacts (which cells share an edge)
    Heptagons of a row touch their row neighbours.  Across the bands ``ab``
    and ``cd`` the heptagons of columns 1, 3, 5, 7 touch; across ``bc`` those
    of columns 2, 4, 6.  Where a column's heptagons do not touch, the two
    pentagons beside that column touch instead; ``bc1`` and ``bc6`` reach the
    board edge.  Every inner heptagon thus has 7 sides, every pentagon 5.

Geometry (how the polygons were drawn)
    Think of an endless strip pattern cut down to columns 1-7.  Each band is
    a horizontal line (y = 0, 120, 240, 360, 480: the outer two are imaginary
    bands beyond the board).  On a band, a column is either a *contact*: a
    short horizontal edge (40 long) where the heptagons above and below meet,
    or a *divider*: a short vertical edge (44 long) between two pentagons.
    Contacts and dividers alternate along a band, and bands alternate which
    columns are contacts, so each heptagon has a flat three-edge side towards
    one band and a two-edge point towards the other: 7 sides, drawn for the
    edge heptagons too (the outline follows their outer sides).  Each
    pentagon is half of a hexagon split by a divider: a point on a contact,
    two slanted edges to the heptagons of one column, the divider, and two
    edges to the heptagons of the next column.  ``bc1`` and ``bc6`` are the
    halves whose other half would lie beyond the board, so their divider is
    the board edge.

    Coordinates are integers in a ``0 0 WIDTH HEIGHT`` view box, y growing
    downwards; every polygon (and the outline) lists its corners clockwise as
    seen on screen, which is a positive shoelace area in these coordinates.
    Neighbouring cells list their shared edge with the same two points.
"""

WIDTH = 700
HEIGHT = 480

ROWS = "abcd"
BANDS = ("ab", "bc", "cd")
HEPTAGONS = tuple(f"{row}{col}" for row in ROWS for col in range(1, 8))
PENTAGONS = tuple(f"{band}{k}" for band in BANDS for k in range(1, 7))

# Pairs of heptagons that share an edge.
HEPTAGON_CONTACTS = (
    ("a1", "a2"),
    ("a2", "a3"),
    ("a3", "a4"),
    ("a4", "a5"),
    ("a5", "a6"),
    ("a6", "a7"),
    ("b1", "b2"),
    ("b2", "b3"),
    ("b3", "b4"),
    ("b4", "b5"),
    ("b5", "b6"),
    ("b6", "b7"),
    ("c1", "c2"),
    ("c2", "c3"),
    ("c3", "c4"),
    ("c4", "c5"),
    ("c5", "c6"),
    ("c6", "c7"),
    ("d1", "d2"),
    ("d2", "d3"),
    ("d3", "d4"),
    ("d4", "d5"),
    ("d5", "d6"),
    ("d6", "d7"),
    ("a1", "b1"),
    ("a3", "b3"),
    ("a5", "b5"),
    ("a7", "b7"),
    ("b2", "c2"),
    ("b4", "c4"),
    ("b6", "c6"),
    ("c1", "d1"),
    ("c3", "d3"),
    ("c5", "d5"),
    ("c7", "d7"),
)

# The four heptagons around each pentagon: (xj, x(j+1), yj, y(j+1)).
PENTAGON_HEPTAGONS = {
    "ab1": ("a1", "a2", "b1", "b2"),
    "ab2": ("a2", "a3", "b2", "b3"),
    "ab3": ("a3", "a4", "b3", "b4"),
    "ab4": ("a4", "a5", "b4", "b5"),
    "ab5": ("a5", "a6", "b5", "b6"),
    "ab6": ("a6", "a7", "b6", "b7"),
    "bc1": ("b1", "b2", "c1", "c2"),
    "bc2": ("b2", "b3", "c2", "c3"),
    "bc3": ("b3", "b4", "c3", "c4"),
    "bc4": ("b4", "b5", "c4", "c5"),
    "bc5": ("b5", "b6", "c5", "c6"),
    "bc6": ("b6", "b7", "c6", "c7"),
    "cd1": ("c1", "c2", "d1", "d2"),
    "cd2": ("c2", "c3", "d2", "d3"),
    "cd3": ("c3", "c4", "d3", "d4"),
    "cd4": ("c4", "c5", "d4", "d5"),
    "cd5": ("c5", "c6", "d5", "d6"),
    "cd6": ("c6", "c7", "d6", "d7"),
}
# Pairs of pentagons that share an edge.
PENTAGON_CONTACTS = (
    ("ab1", "ab2"),
    ("ab3", "ab4"),
    ("ab5", "ab6"),
    ("bc2", "bc3"),
    ("bc4", "bc5"),
    ("cd1", "cd2"),
    ("cd3", "cd4"),
    ("cd5", "cd6"),
)

# Corners of every cell, clockwise on screen.
POLYGONS = {
    "a1": ((0, 34), (50, 22), (100, 34), (100, 86), (70, 120), (30, 120), (0, 86)),
    "a2": ((100, 34), (130, 0), (170, 0), (200, 34), (200, 86), (150, 98), (100, 86)),
    "a3": ((200, 34), (250, 22), (300, 34), (300, 86), (270, 120), (230, 120), (200, 86)),
    "a4": ((300, 34), (330, 0), (370, 0), (400, 34), (400, 86), (350, 98), (300, 86)),
    "a5": ((400, 34), (450, 22), (500, 34), (500, 86), (470, 120), (430, 120), (400, 86)),
    "a6": ((500, 34), (530, 0), (570, 0), (600, 34), (600, 86), (550, 98), (500, 86)),
    "a7": ((600, 34), (650, 22), (700, 34), (700, 86), (670, 120), (630, 120), (600, 86)),
    "b1": ((0, 154), (30, 120), (70, 120), (100, 154), (100, 206), (50, 218), (0, 206)),
    "b2": ((100, 154), (150, 142), (200, 154), (200, 206), (170, 240), (130, 240), (100, 206)),
    "b3": ((200, 154), (230, 120), (270, 120), (300, 154), (300, 206), (250, 218), (200, 206)),
    "b4": ((300, 154), (350, 142), (400, 154), (400, 206), (370, 240), (330, 240), (300, 206)),
    "b5": ((400, 154), (430, 120), (470, 120), (500, 154), (500, 206), (450, 218), (400, 206)),
    "b6": ((500, 154), (550, 142), (600, 154), (600, 206), (570, 240), (530, 240), (500, 206)),
    "b7": ((600, 154), (630, 120), (670, 120), (700, 154), (700, 206), (650, 218), (600, 206)),
    "c1": ((0, 274), (50, 262), (100, 274), (100, 326), (70, 360), (30, 360), (0, 326)),
    "c2": ((100, 274), (130, 240), (170, 240), (200, 274), (200, 326), (150, 338), (100, 326)),
    "c3": ((200, 274), (250, 262), (300, 274), (300, 326), (270, 360), (230, 360), (200, 326)),
    "c4": ((300, 274), (330, 240), (370, 240), (400, 274), (400, 326), (350, 338), (300, 326)),
    "c5": ((400, 274), (450, 262), (500, 274), (500, 326), (470, 360), (430, 360), (400, 326)),
    "c6": ((500, 274), (530, 240), (570, 240), (600, 274), (600, 326), (550, 338), (500, 326)),
    "c7": ((600, 274), (650, 262), (700, 274), (700, 326), (670, 360), (630, 360), (600, 326)),
    "d1": ((0, 394), (30, 360), (70, 360), (100, 394), (100, 446), (50, 458), (0, 446)),
    "d2": ((100, 394), (150, 382), (200, 394), (200, 446), (170, 480), (130, 480), (100, 446)),
    "d3": ((200, 394), (230, 360), (270, 360), (300, 394), (300, 446), (250, 458), (200, 446)),
    "d4": ((300, 394), (350, 382), (400, 394), (400, 446), (370, 480), (330, 480), (300, 446)),
    "d5": ((400, 394), (430, 360), (470, 360), (500, 394), (500, 446), (450, 458), (400, 446)),
    "d6": ((500, 394), (550, 382), (600, 394), (600, 446), (570, 480), (530, 480), (500, 446)),
    "d7": ((600, 394), (630, 360), (670, 360), (700, 394), (700, 446), (650, 458), (600, 446)),
    "ab1": ((70, 120), (100, 86), (150, 98), (150, 142), (100, 154)),
    "ab2": ((150, 98), (200, 86), (230, 120), (200, 154), (150, 142)),
    "ab3": ((270, 120), (300, 86), (350, 98), (350, 142), (300, 154)),
    "ab4": ((350, 98), (400, 86), (430, 120), (400, 154), (350, 142)),
    "ab5": ((470, 120), (500, 86), (550, 98), (550, 142), (500, 154)),
    "ab6": ((550, 98), (600, 86), (630, 120), (600, 154), (550, 142)),
    "bc1": ((50, 218), (100, 206), (130, 240), (100, 274), (50, 262)),
    "bc2": ((170, 240), (200, 206), (250, 218), (250, 262), (200, 274)),
    "bc3": ((250, 218), (300, 206), (330, 240), (300, 274), (250, 262)),
    "bc4": ((370, 240), (400, 206), (450, 218), (450, 262), (400, 274)),
    "bc5": ((450, 218), (500, 206), (530, 240), (500, 274), (450, 262)),
    "bc6": ((570, 240), (600, 206), (650, 218), (650, 262), (600, 274)),
    "cd1": ((70, 360), (100, 326), (150, 338), (150, 382), (100, 394)),
    "cd2": ((150, 338), (200, 326), (230, 360), (200, 394), (150, 382)),
    "cd3": ((270, 360), (300, 326), (350, 338), (350, 382), (300, 394)),
    "cd4": ((350, 338), (400, 326), (430, 360), (400, 394), (350, 382)),
    "cd5": ((470, 360), (500, 326), (550, 338), (550, 382), (500, 394)),
    "cd6": ((550, 338), (600, 326), (630, 360), (600, 394), (550, 382)),
}

# The board's outline (the boundary of the union of the cells), clockwise.
OUTLINE = (
    (0, 34),
    (50, 22),
    (100, 34),
    (130, 0),
    (170, 0),
    (200, 34),
    (250, 22),
    (300, 34),
    (330, 0),
    (370, 0),
    (400, 34),
    (450, 22),
    (500, 34),
    (530, 0),
    (570, 0),
    (600, 34),
    (650, 22),
    (700, 34),
    (700, 86),
    (670, 120),
    (700, 154),
    (700, 206),
    (650, 218),
    (650, 262),
    (700, 274),
    (700, 326),
    (670, 360),
    (700, 394),
    (700, 446),
    (650, 458),
    (600, 446),
    (570, 480),
    (530, 480),
    (500, 446),
    (450, 458),
    (400, 446),
    (370, 480),
    (330, 480),
    (300, 446),
    (250, 458),
    (200, 446),
    (170, 480),
    (130, 480),
    (100, 446),
    (50, 458),
    (0, 446),
    (0, 394),
    (30, 360),
    (0, 326),
    (0, 274),
    (50, 262),
    (50, 218),
    (0, 206),
    (0, 154),
    (30, 120),
    (0, 86),
)
