// EVL rules page, in our own words (settled by docs/RULES.md).
export const html = `
<h3>EVL</h3>
<p>A game of stacking and unstacking on a board of 28 heptagons (seven-sided cells, <code>a1</code>
to <code>d7</code>, in four rows) with 18 pentagons (<code>ab1</code> to <code>cd6</code>) between the
rows. Pieces stand only on heptagons; the pentagons are what you fight over. Each player starts with
20 pieces in hand and 10 markers (both can be changed under <em>New game</em>). Black moves first.</p>
<div class="diagrams"><figure class="diagram" data-diagram="evl-names"></figure></div>
<h4>A turn</h4>
<ul>
<li><strong>Place</strong> one piece from your hand on an empty heptagon, or on top of a stack you
control (its top piece is yours). No stack may grow taller than 4.</li>
<li>Or <strong>unstack</strong>: take a whole stack of 2 or more that you control and move it along a
path of 1 step up to as many steps as the stack is tall, each step to a touching heptagon, never
visiting a heptagon twice (nor returning to where it started). Each heptagon it passes
through gets the <em>bottom</em> piece of the moving stack; whatever is left lands on the last
heptagon, on top of what is there. No stack may end taller than 4, so a stack of 4 can be neither
crossed nor landed on.</li>
<li>With no pieces left in hand you must unstack.</li>
</ul>
<div class="diagrams"><figure class="diagram" data-diagram="evl-place"></figure><figure class="diagram" data-diagram="evl-unstack-before"></figure><figure class="diagram" data-diagram="evl-unstack-after"></figure><figure class="diagram" data-diagram="evl-wall"></figure></div>
<h4>Pentagons</h4>
<ul>
<li>Each pentagon touches four heptagons. You <strong>surround</strong> it when you control two of
those four that do not touch each other.</li>
<li>Only an unstack captures: after it, every pentagon you surround, where at least one of the two
heptagons received a piece in this unstack, gets one of your markers. An opponent's marker there is
replaced and goes back to its owner. Placing a piece never captures.</li>
<li>Markers stay when the surround is later broken.</li>
</ul>
<div class="diagrams"><figure class="diagram" data-diagram="evl-capture"></figure><figure class="diagram" data-diagram="evl-no-capture"></figure></div>
<h4>Winning</h4>
<ul>
<li>The first player with all their markers on the board wins at once.</li>
<li>A player who can neither place nor unstack ends the game: whoever holds more pentagons wins;
equal is a draw.</li>
<li>Stacks can shuttle back and forth for ever, so the third time the same position occurs
(the same stacks and markers, the same player to move) the game also ends, counted the same
way. (The original rules are silent here; this is our ruling.)</li>
</ul>
<div class="diagrams"><figure class="diagram" data-diagram="evl-win-markers"></figure><figure class="diagram" data-diagram="evl-blocked"></figure></div>
<h4>Playing here</h4>
<p>Click an empty heptagon (or your own stack) to place. To unstack, click your stack, then each
next heptagon of the path: the marked heptagons are the possible next steps, and the board shows
what the path so far would leave (the dropped pieces, the landing stack and the markers it would
take, outlined). Click the last heptagon again, or press the button, to play it. Or drag the
stack along its path and let go on the last heptagon (go back the way you came to shorten
the path). When your stack
could take a piece as well as move, clicking it once offers the placement as a button
(<em>Place on b3</em>); clicking a marked neighbour starts the unstack instead. Numbers on the
pieces are stack heights. Placements are written <code>b3</code>, unstacks by their path
<code>b3-b4-c4</code>.</p>`;
