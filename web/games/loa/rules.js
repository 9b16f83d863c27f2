// The Lines of Action rules page, in our own words, following docs/RULES.md.

export const html = `
<h3>Lines of Action</h3>
<p>A connection game by Claude Soucie, played on an 8&times;8 board. Each player starts with
twelve pieces: Black on the top and bottom rows, White on the left and right columns
(the <em>Scrambled Eggs</em> variant mixes the colours around the edge instead).
Black moves first.</p>
<div class="diagrams"><figure class="diagram" data-diagram="loa-setup"></figure><figure class="diagram" data-diagram="loa-scrambled"></figure></div>
<h4>Moving</h4>
<ul>
<li>Move one of your pieces in a straight line: along its row, its column or a diagonal.</li>
<li>It travels <strong>exactly as many squares as there are pieces on that whole line</strong>,
counting both colours and the moving piece itself.</li>
<li>It may jump over your own pieces but never over an enemy piece.</li>
<li>It may not land on your own piece. Landing on an enemy piece captures it.</li>
<li>If you have no legal move at all, you pass.</li>
</ul>
<div class="diagrams"><figure class="diagram" data-diagram="loa-count"></figure><figure class="diagram" data-diagram="loa-jump"></figure><figure class="diagram" data-diagram="loa-blocked"></figure><figure class="diagram" data-diagram="loa-capture"></figure></div>
<h4>Winning</h4>
<ul>
<li>You win when all your pieces form a single group, each touching the next along a side or
a corner. A single remaining piece counts as a group.</li>
<li>If one move joins both players' groups at once, the player who moved wins. The rule
option <em>double connection: draw</em> makes that a draw instead.</li>
<li>If the same position occurs for the third time with the same player to move, the game is
a draw.</li>
</ul>
<div class="diagrams"><figure class="diagram" data-diagram="loa-win"></figure><figure class="diagram" data-diagram="loa-double"></figure><figure class="diagram" data-diagram="loa-double-draw"></figure></div>
<h4>Notation</h4>
<div class="diagrams"><figure class="diagram" data-diagram="loa-names"></figure></div>
<h4>Playing here</h4>
<p>Click a piece, then one of the marked squares (or drag the piece there). Captures are
written <code>b1xd3</code>, other moves <code>b1-d3</code>.</p>`;
