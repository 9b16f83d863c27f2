// The board's motion plan (web/board/motion.js): for every game's kinds of
// move, played and browsed back, the plan starts from the drawing shown and
// ends on the next one, and moves what the game moves (a Lines of Action
// piece slides and its capture fades, an EL number is written in, an Escabel
// piece goes onto a stack, an EVL unstack drops one piece per cell).  The
// views are the engine's, one move apart (fixtures/motion_views.py writes them).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { durationOf, planMotion, sample } from "../../web/board/motion.js";

const CASES = JSON.parse(readFileSync(new URL("fixtures/motion-views.json", import.meta.url)));
const byName = name => CASES.find(c => c.name === name);

/** Where each cell is drawn, and the cell drawn at a point. */
function placer(view) {
  const at = new Map(view.board.cells.map(c => [c.id, [c.x, c.y]]));
  const place = id => at.get(id);
  const cellAt = (x, y) => {
    for (const [id, [cx, cy]] of at) if (Math.hypot(cx - x, cy - y) < 1e-6) return id;
    return `between`;
  };
  return { place, cellAt };
}

/** A piece as drawn: a stack's height is written on it whether the view says so or not. */
const looks = p => {
  const implied = p.stack && p.stack.length > 1 ? String(p.stack.length) : null;
  return JSON.stringify([p.owner, p.label ?? implied, p.stack || null]);
};

/** What the board shows at moment t of the plan from `shown` to `next`:
 * sorted "cell:looks" of every piece seen (the real pieces of `next`, as
 * their tracks move them, and the ghosts), with markers as "cell:marker owner". */
function seen(plan, next, t) {
  const { place, cellAt } = placer(next);
  const out = [];
  const tracked = new Set();
  for (const tr of plan.tracks) {
    const piece = tr.real
      ? (tr.layer === "pieces" ? next.pieces : next.markers).find(p => p.cell === tr.cell)
      : tr.piece;
    assert.ok(piece, `a track draws something: ${JSON.stringify(tr)}`);
    if (tr.real) tracked.add(`${tr.layer}:${tr.cell}`);
    const s = sample(tr.frames, t, place, piece.cell);
    if (s.opacity < 0.5) continue;
    const what = tr.layer === "pieces" ? looks(piece) : `marker ${piece.owner}`;
    out.push(`${cellAt(s.x, s.y)}:${what}`);
  }
  for (const p of next.pieces) if (!tracked.has(`pieces:${p.cell}`)) out.push(`${p.cell}:${looks(p)}`);
  for (const m of next.markers || [])
    if (!tracked.has(`markers:${m.cell}`)) out.push(`${m.cell}:marker ${m.owner}`);
  return out.sort();
}

const drawing = view =>
  [
    ...view.pieces.map(p => `${p.cell}:${looks(p)}`),
    ...(view.markers || []).map(m => `${m.cell}:marker ${m.owner}`),
  ].sort();

for (const c of CASES) {
  test(`${c.name} (${c.move}): the motion starts on the board shown and ends on the next`, () => {
    const plan = planMotion(c.shown, c.next);
    assert.ok(plan, "a move one ply on is animated");
    assert.deepEqual(seen(plan, c.next, 0), drawing(c.shown));
    assert.deepEqual(seen(plan, c.next, 1), drawing(c.next));
    assert.ok(plan.duration >= 150 && plan.duration <= 300, `${plan.duration} ms`);
    for (const tr of plan.tracks) {
      assert.equal(tr.frames[0].t, 0);
      assert.equal(tr.frames[tr.frames.length - 1].t, 1);
      for (let i = 1; i < tr.frames.length; i++)
        assert.ok(tr.frames[i].t >= tr.frames[i - 1].t, "frames in order");
    }
  });
  test(`${c.name} (${c.move}) browsed back: the reverse motion returns the pieces`, () => {
    const plan = planMotion(c.next, c.shown);
    assert.ok(plan, "a move one ply back is animated");
    assert.deepEqual(seen(plan, c.shown, 0), drawing(c.next));
    assert.deepEqual(seen(plan, c.shown, 1), drawing(c.shown));
  });
}

test("a Lines of Action piece slides: half way, it is between its two squares", () => {
  const { shown, next } = byName("loa slide");
  const plan = planMotion(shown, next);
  const [from, to] = next.last_move;
  const slide = plan.tracks.find(tr => tr.real && tr.cell === to);
  assert.ok(slide, "the piece drawn on the square it reached moves");
  const { place } = placer(next);
  const mid = sample(slide.frames, 0.5, place, to);
  const [fx, fy] = place(from);
  const [tx, ty] = place(to);
  assert.deepEqual([mid.x, mid.y], [(fx + tx) / 2, (fy + ty) / 2]);
  assert.equal(mid.opacity, 1);
  // and no ghost: nothing else moves
  assert.equal(plan.tracks.length, 1);
  assert.equal(plan.duration, 200);
});

test("browsing back, the Lines of Action piece slides back to where it came from", () => {
  const { shown, next } = byName("loa slide");
  const plan = planMotion(next, shown);
  const [from, to] = next.last_move;
  const slide = plan.tracks.find(tr => tr.real && tr.cell === from);
  const { place } = placer(shown);
  const start = sample(slide.frames, 0, place, from);
  assert.deepEqual([start.x, start.y], place(to));
  const mid = sample(slide.frames, 0.5, place, from);
  assert.deepEqual(
    [mid.x, mid.y],
    [(place(from)[0] + place(to)[0]) / 2, (place(from)[1] + place(to)[1]) / 2],
  );
  const end = sample(slide.frames, 1, place, from);
  assert.deepEqual([end.x, end.y], place(from));
});

test("a capture fades while the capturing piece arrives, and comes back when browsed back", () => {
  const { shown, next } = byName("loa capture");
  const to = next.last_move[1];
  const victim = shown.pieces.find(p => p.cell === to);
  const plan = planMotion(shown, next);
  const ghost = plan.tracks.find(tr => !tr.real && tr.piece === victim);
  assert.ok(ghost, "the captured piece is drawn for the motion");
  const { place } = placer(next);
  const half = sample(ghost.frames, 0.5, place, to).opacity;
  assert.ok(half > 0 && half < 1, `fading: ${half}`);
  // browsed back: the captured piece is written in again where it stood
  const back = planMotion(next, shown);
  const returns = back.tracks.find(tr => tr.real && tr.cell === to);
  const again = sample(returns.frames, 0.5, place, to);
  assert.ok(again.opacity > 0 && again.opacity < 1 && again.scale < 1, JSON.stringify(again));
});

test("an EL number is written in: it grows and fades in on its cell", () => {
  const { shown, next } = byName("el number");
  const plan = planMotion(shown, next);
  const cell = next.last_move[0];
  assert.deepEqual(
    plan.tracks.map(tr => [tr.real, tr.cell]),
    [[true, cell]],
  );
  const { place } = placer(next);
  const mid = sample(plan.tracks[0].frames, 0.5, place, cell);
  assert.ok(mid.scale > 0.6 && mid.scale < 1 && mid.opacity > 0 && mid.opacity < 1);
  assert.deepEqual([mid.x, mid.y], place(cell));
});

test("an Escabel piece moves onto the stack, and the new piece appears on the cell it left", () => {
  const { shown, next } = byName("escabel move onto a stack");
  const [from, to] = next.last_move;
  const plan = planMotion(shown, next);
  const { place } = placer(next);
  const mover = shown.pieces.find(p => p.cell === from);
  const traveller = plan.tracks.find(tr => !tr.real && tr.piece.cell === from);
  assert.deepEqual(traveller.piece.stack, mover.stack);
  const mid = sample(traveller.frames, 0.5, place, from);
  assert.equal(mid.opacity, 1);
  assert.deepEqual(
    [mid.x, mid.y],
    [(place(from)[0] + place(to)[0]) / 2, (place(from)[1] + place(to)[1]) / 2],
  );
  // the stack it lands on stays until it arrives; the new stack is drawn then
  const under = plan.tracks.find(tr => !tr.real && tr.piece.cell === to);
  assert.equal(sample(under.frames, 0.9, place, to).opacity, 1);
  const landed = plan.tracks.find(tr => tr.real && tr.cell === to);
  assert.equal(sample(landed.frames, 0.9, place, to).opacity, 0);
  assert.equal(sample(landed.frames, 1, place, to).opacity, 1);
  // the new piece on the cell left: written in after the mover has gone
  const fresh = plan.tracks.find(tr => tr.real && tr.cell === from);
  assert.equal(sample(fresh.frames, 0.2, place, from).opacity, 0);
  assert.ok(sample(fresh.frames, 0.8, place, from).opacity > 0);
});

test("an EVL unstack travels its path, dropping one piece per cell in order", () => {
  const { shown, next } = byName("evl unstack along a path");
  const path = next.last_move;
  const k = path.length - 1;
  const plan = planMotion(shown, next);
  assert.ok(plan.duration > durationOf(1) && plan.duration <= 300, `${plan.duration}`);
  const { place } = placer(next);
  // each cell's new stack shows from the moment the traveller reaches it
  for (let i = 1; i <= k; i++) {
    const shownAt = plan.tracks.find(tr => tr.real && tr.cell === path[i]);
    assert.equal(sample(shownAt.frames, (i - 0.5) / k, place, path[i]).opacity, 0, `${path[i]} not yet`);
    assert.equal(sample(shownAt.frames, i / k, place, path[i]).opacity, 1, `${path[i]} reached`);
  }
  // the traveller carries one piece fewer after every cell
  const heights = [];
  for (let i = 0; i < k; i++) {
    const t = (i + 0.5) / k;
    const moving = plan.tracks.filter(
      tr =>
        !tr.real &&
        sample(tr.frames, t, place, tr.piece.cell).opacity === 1 &&
        !path.slice(i + 1).includes(tr.piece.cell) &&
        tr.piece.cell === path[i],
    );
    assert.equal(moving.length, 1, `one traveller on step ${i + 1}`);
    heights.push(moving[0].piece.stack.length);
  }
  const start = shown.pieces.find(p => p.cell === path[0]).stack.length;
  assert.deepEqual(
    heights,
    heights.map((_, i) => start - i),
  );
});

test("an EVL capture's markers fade in with the move", () => {
  const { shown, next } = byName("evl unstack with a capture");
  const plan = planMotion(shown, next);
  const won = next.markers.filter(m => !shown.markers.some(o => o.cell === m.cell));
  assert.ok(won.length > 0);
  for (const m of won)
    assert.ok(plan.tracks.some(tr => tr.layer === "markers" && tr.real && tr.cell === m.cell));
});

test("no motion between views that are not one move apart", () => {
  const { shown, next } = byName("loa slide");
  assert.equal(planMotion(null, next), null, "the first view drawn");
  assert.equal(planMotion(shown, shown), null);
  assert.equal(planMotion(shown, { ...next, ply: shown.ply + 2 }), null, "a jump through the moves");
  assert.equal(planMotion(shown, { ...next, ply: undefined }), null, "a view without ply (an editor's)");
  const el = byName("el number");
  assert.equal(planMotion(shown, { ...el.next, ply: shown.ply + 1 }), null, "another game");
  // the same ply count but a position that is no move away (a variation's): drawn at once
  const scrambled = { ...next, pieces: next.pieces.map((p, i) => ({ ...p, owner: i % 2 })) };
  assert.equal(planMotion(shown, scrambled), null);
});
