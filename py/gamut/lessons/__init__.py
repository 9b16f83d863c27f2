"""Lessons: each game taught in a few short lessons of one-move steps (#31),
12 to 16 a game, at least half of them a decision among plausible moves (#44).

A lesson is a list of :class:`Step`; a step is a position, a one-line task,
a :class:`Goal` the engine checks, the words said when the goal is met
(``well``: why the move works) and when it is not (``miss``, or a why of
its own for a plausible wrong move in ``wrong``), and the intended moves
(``moves``: every one meets the goal; the tests play them).

A step's position is a position text (``start``) and the moves played
from it (``play``), so a lesson is built from the engine's own positions:
the same texts the rules diagrams use, moved on by legal moves.

The player's move is judged by :func:`check`: it plays the move (an illegal
one is an ``IllegalMoveError`` saying why, as everywhere) and asks the goal.
Goal kinds, each read from the position before and after the move:

* ``move``: one of ``moves`` exactly (a first step's "write 5 on c4").
* ``reach``: the piece on ``frm`` ends on ``to`` (the move's first and last
  clicks); without ``frm``, any piece that ends on one of ``cells`` (a
  corner, the middle of the board).
* ``capture``: the move takes what ``cells`` names: enemy pieces (Lines of
  Action), enemy stacks turned to the mover's (Escabel), pentagons that get
  the mover's marker (EVL); without ``cells``, anything; with ``frm``,
  by the piece on that cell.
* ``win``: the mover wins at once.
* ``chain``: Escabel's win: the move joins the mover's two edges with a
  chain that no reply of the opponent breaks.
* ``connect``: Escabel's stacks ``cells[0]`` and ``cells[1]`` are connected
  after the move (crosscuts counted).
* ``declare``: EL's declaration names exactly the cells where the mover
  threatens to complete an EL.
* ``defend``: the move does not lose, and no reply of the opponent wins.
* ``fork``: EL: the move leaves the mover threatening on two cells or more
  (the opponent blocks only one), and no reply wins for the opponent.
* ``prevent``: EL: no reply of the opponent wins or threatens on two cells
  or more.
* ``take``: the move takes something (``cells``, if named), does not lose,
  and no reply wins or takes it back.
* ``confine``: Lines of Action: the enemy piece on ``frm`` is still on the
  board, the game goes on, and no reply of that piece leaves the edge.

The steps and the checker are in :mod:`.lesson`, the goals and their
judging in :mod:`.goals`; each game's
lessons are data, in its own package, ``gamut/games/<game>/lessons.json``
(found from the game's registration and read through the package's loader,
as the puzzles are: in the page the package is a zip):

* Lines of Action: how pieces move (the count of the line, jumping your
  own), capturing (and a capture that hands your opponent the win), playing
  well (centralising, keeping an enemy piece on the edge), winning (a group,
  a capture that joins, stopping a threat, a move connecting both sides);
* EL: writing numbers and the two shapes of an EL, which ELs count (four of
  six, blocking, not finishing your opponent's), threats (reading the marks,
  blocking with a number that splits the line, making a double threat,
  winning before blocking), declaring threats (an option, last);
* Escabel: stacks and moves (the same height, a take that cannot be taken
  back, the point you leave handed to White), connections and crosscuts (the
  third case), winning (a chain that survives the reply, breaking White's,
  no move loses, the pie rule);
* EVL: placing and unstacking (a path, the wall of four, stack height as
  range, unstacking with an empty hand), pentagons (surrounding with an
  unstack, placing never captures, taking one back), winning (the last
  markers, stopping the opponent's last marker, the end by blockade).

Positions come from the rules diagrams (``web/games/<game>/diagrams.json``),
small changes of them, and positions reached by play;
:mod:`gamut.methods.lessons` holds the bridge methods ``lessons`` and
``lesson_check`` (this package's modules are imported when first asked
for: the worker's start-up loads none of them).
"""
