// The Escabel rules page, in our own words, following docs/RULES.md.

export const html = `
<h3>Escabel</h3>
<p>A connection game of stacks and crosscuts for two players, played on the points of a square
grid (7&times;7 by default, any size from 5&times;5 to 13&times;13). Black owns the top and
bottom edges, White the left and right edges; a corner point belongs to both. Black moves
first. Nobody can ever draw.</p>
<h4>Stacks</h4>
<ul>
<li>A <em>stack</em> is one or more pieces on a point. Its colour is the colour of its top piece;
its height is the number of pieces in it.</li>
<li>Here a stack is drawn from above: its top piece is a disc, each piece beneath it a ring around
that disc, in the piece's own colour, and a stack of two or more carries its height as a number.
A taller stack is therefore a larger one.</li>
</ul>
<div class="diagrams"><figure class="diagram" data-diagram="esc-stacks"></figure></div>
<h4>A turn</h4>
<p>Do one of these:</p>
<ul>
<li><strong>Place</strong> a piece of your colour on an empty point.</li>
<li><strong>Move</strong> the top piece of one of your stacks onto an enemy stack
<strong>of the same height</strong> next to it (left, right, up or down; not diagonally). That
stack becomes yours and one piece taller. Then a piece of your opponent's colour is put on the
stack you moved from, so it keeps its height but now belongs to your opponent.</li>
<li><strong>Swap sides</strong> (the pie rule, on by default): on White's first turn only, White may
swap instead of moving. The board stays as it is, the players exchange colours, and the player
who now holds White moves next. The panel shows who plays which colour.</li>
</ul>
<div class="diagrams"><figure class="diagram" data-diagram="esc-move-before"></figure><figure class="diagram" data-diagram="esc-move-after"></figure><figure class="diagram" data-diagram="esc-pie"></figure></div>
<h4>Connections and crosscuts</h4>
<ul>
<li>Two stacks of one colour that are next to each other, straight or diagonally, are connected.</li>
<li>The exception is a <em>crosscut</em>: a 2&times;2 block of points holding two diagonal Black
stacks and two diagonal White stacks. The two diagonals cannot both be connected. Compare each
diagonal's two heights, lower one first: a diagonal is connected when both its stacks are
higher than the lower enemy stack, or when its lower stack is as high as the lower enemy stack
and its higher stack is higher than the higher enemy stack. Otherwise it is cut. If both
diagonals have the same heights, both are cut.</li>
</ul>
<div class="diagrams"><figure class="diagram" data-diagram="esc-adjacent"></figure><figure class="diagram" data-diagram="esc-case-b"></figure><figure class="diagram" data-diagram="esc-case-c"></figure><figure class="diagram" data-diagram="esc-cut"></figure></div>
<h4>Winning</h4>
<ul>
<li>At the start of your turn, if a chain of your connected stacks joins your two edges, you win.</li>
<li>A chain you complete counts only if your opponent's reply does not break it; and a move that
completes your opponent's chain makes them win at the start of their turn.</li>
<li>If you have no legal move at the start of your turn (a full board with no move to make), you
lose.</li>
</ul>
<div class="diagrams"><figure class="diagram" data-diagram="esc-win"></figure></div>
<h4>Checkered</h4>
<p>The board starts full of single pieces in a checkered pattern; the New game dialog lets you
choose the colour of point a1 (on odd sizes, of all four corners). With every point taken,
the game is all moves.</p>
<div class="diagrams"><figure class="diagram" data-diagram="esc-checkered"></figure></div>
<h4>Notation</h4>
<div class="diagrams"><figure class="diagram" data-diagram="esc-names"></figure></div>
<h4>Playing here</h4>
<p>Click an empty point to place a piece. To move, click one of your stacks: the enemy stacks it
can move onto are circled; click one (or drag the stack onto it). When swapping is allowed, a
<em>Swap sides</em> button appears in the panel. Moves are written <code>d4</code> (place),
<code>d4&gt;d5</code> (move from d4 onto d5) and <code>swap</code>. A chain that joins its edges
is outlined: dashed while it still has to survive the reply, solid when it has won.</p>`;
