// The EL rules page, in our own words, following docs/RULES.md.

export const html = `
<h3>EL</h3>
<p>A pencil-and-paper game by Larry Levy for two players (and, in variants, three or four).
Each player writes numbers in their own colour on a square grid; the first to make an
<em>EL</em> that is mostly theirs wins. Red moves first, then Blue (then Green and Yellow).</p>
<h4>A turn</h4>
<ul>
<li>Write one number from 1 to 6 in your colour on any empty cell. Any cell will do, touching
other numbers or not, and any number may be used as often as you like.</li>
<li>Numbers are never moved or erased.</li>
</ul>
<h4>The EL</h4>
<ul>
<li>Six cells side by side that form a straight line, or a path with <strong>exactly one</strong>
right-angle turn (an L; each arm at least two cells long, counting the corner cell).</li>
<li>They hold the numbers 1 to 6, each exactly once, in any order.</li>
<li>At least four of the six numbers are in one player's colour: the EL is that player's.
Three and three is no EL for anyone, and the game goes on.</li>
</ul>
<div class="diagrams"><figure class="diagram" data-diagram="el-line"></figure><figure class="diagram" data-diagram="el-l"></figure><figure class="diagram" data-diagram="el-missing"></figure><figure class="diagram" data-diagram="el-two-turns"></figure><figure class="diagram" data-diagram="el-three-three"></figure></div>
<h4>Winning</h4>
<ul>
<li>If your number completes an EL of yours, you win, even if it completes one of your
opponent's at the same time.</li>
<li>If it completes only your opponent's EL, your opponent wins.</li>
<li>If the board fills up with no EL, the game is drawn.</li>
</ul>
<h4>Threat!</h4>
<p>In the original paper game you must call &ldquo;Threat&rdquo; after your turn and show every
way you could complete an EL next turn; a completion you did not announce does not count.
Here the page announces your threats for you after every move, so every completion wins. The
threatening cells are outlined in orange with the winning number pencilled in faintly, and
the status line lists them (for example <code>Threat! Red can complete an EL with f1=6</code>).</p>
<div class="diagrams"><figure class="diagram" data-diagram="el-threat"></figure></div>
<h4>Options</h4>
<ul>
<li><strong>Declare threats yourself</strong>: after writing, mark the cells where you think you
threaten (click them, then <em>Confirm</em>; confirm with none marked if you see no threat). A
completion on a cell you did not declare does not win and the game goes on, unless your
opponent's last move is what made it possible. Declared cells stay marked on the board.</li>
<li><strong>First two numbers equal</strong>: Red's first two numbers must be the same, which
softens the first player's advantage.</li>
<li><strong>Full board</strong>: <em>second-wins</em> gives a full board with no EL to Blue
instead of a draw.</li>
</ul>
<h4>Variants</h4>
<ul>
<li><strong>Eight</strong>: 8&times;8 board, numbers 1-8, an EL of eight cells with at least
five of them yours.</li>
<li><strong>Consecutive</strong>: 7&times;7 board, numbers 1-8, an EL of six cells holding six
consecutive numbers (1-6, 2-7 or 3-8).</li>
<li><strong>Three players</strong>: 8&times;8 board, numbers 1-6; an EL is yours when you hold
more of its numbers than each other player. No threat rule.</li>
<li><strong>Four players</strong>: 8&times;8 board, numbers 1-8; an EL is any eight connected
cells (any shape) holding 1-8, with more of them yours than each other player's. No threat
rule.</li>
<li>With three or four players, a number that completes ELs for several players wins for the
mover if one is theirs, otherwise for the first of them in turn order after the mover.</li>
</ul>
<div class="diagrams"><figure class="diagram" data-diagram="el-eight"></figure><figure class="diagram" data-diagram="el-consecutive"></figure><figure class="diagram" data-diagram="el-three-player"></figure><figure class="diagram" data-diagram="el-four-player"></figure></div>
<h4>Notation</h4>
<div class="diagrams"><figure class="diagram" data-diagram="el-names"></figure></div>
<h4>Playing here</h4>
<p>Click a cell, then a number in the row under the board (or type the digit). Or pick a number
first and then click cells: the number stays picked for your next turn. Each player's numbers
are drawn in their colour with a small mark beside them: a triangle for Red, a square for Blue,
a diamond for Green, a cross for Yellow. Moves are written <code>c4=5</code>; a declaration is
written <code>declare:f1,e2</code>.</p>`;
