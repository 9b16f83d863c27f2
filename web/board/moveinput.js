// The click matcher: turns clicks on cells and palette entries into the
// moves a view lists.  It knows no rules: only each move's `clicks`.

const sameMultiset = (a, b) => a.length === b.length && isSubMultiset(a, b);

function isSubMultiset(small, big) {
  const counts = new Map();
  for (const x of big) counts.set(x, (counts.get(x) || 0) + 1);
  for (const x of small) {
    const n = counts.get(x) || 0;
    if (!n) return false;
    counts.set(x, n - 1);
  }
  return true;
}

function minus(big, small) {
  const rest = [...big];
  for (const x of small) {
    const i = rest.indexOf(x);
    if (i >= 0) rest.splice(i, 1);
  }
  return rest;
}

/**
 * Matches clicks against the view's moves.
 *
 * Ordered (default): each move's `clicks` must be entered in order.  Any
 * order (`"click_order": "any"`): the clicks match as a set, and a palette
 * id replaces the selected palette id (EL: pick 5, then 6, then a cell).
 * A selection belongs to one position: setView() clears it.
 *
 * click(id) returns one of
 *   {type: "move", text}      a move is complete: play it
 *   {type: "changed"}         the selection changed
 *   {type: "illegal", clicks} no move starts like this: explain it
 */
export class MoveInput {
  constructor() {
    this.view = null;
    this.clicks = [];
  }

  setView(view) {
    this.view = view;
    this.clicks = [];
  }

  get anyOrder() {
    return !!this.view && this.view.click_order === "any";
  }

  get moves() {
    return ((this.view && this.view.moves) || []).filter(m => m.clicks && m.clicks.length);
  }

  isPalette(id) {
    return ((this.view && this.view.palette) || []).some(p => p.id === id);
  }

  clear() {
    this.clicks = [];
  }

  _withPrefix(prefix) {
    return this.moves.filter(
      m => m.clicks.length >= prefix.length && prefix.every((c, i) => m.clicks[i] === c),
    );
  }

  /** Do longer moves go on from these clicks (in order)? */
  continues(prefix) {
    return this._withPrefix(prefix).some(m => m.clicks.length > prefix.length);
  }

  _supersets(set) {
    return this.moves.filter(m => isSubMultiset(set, m.clicks));
  }

  /** Moves still possible after the current clicks. */
  candidates() {
    return this.anyOrder ? this._supersets(this.clicks) : this._withPrefix(this.clicks);
  }

  /** The move entered exactly by the current clicks, if any. */
  exact() {
    if (!this.clicks.length) return null;
    return (
      this.candidates().find(m =>
        this.anyOrder ? sameMultiset(m.clicks, this.clicks) : m.clicks.length === this.clicks.length,
      ) || null
    );
  }

  /** A move that is complete but also the start of longer ones: it needs confirming. */
  pending() {
    const ex = this.exact();
    return ex && this.candidates().length > 1 ? ex : null;
  }

  /** The preview to draw now: the completed move's, else what every
   * candidate's preview agrees on (cells with the same contents), else null. */
  preview() {
    if (!this.clicks.length) return null;
    const ex = this.exact();
    if (ex && ex.preview) return ex.preview;
    const cands = this.candidates();
    if (!cands.length || !cands.every(m => m.preview)) return null;
    const contents = (pv, id) =>
      JSON.stringify([
        (pv.pieces || []).filter(p => p.cell === id),
        (pv.markers || []).filter(m => m.cell === id),
      ]);
    const first = cands[0].preview;
    const cells = first.cells.filter(id =>
      cands.every(m => m.preview.cells.includes(id) && contents(m.preview, id) === contents(first, id)),
    );
    if (!cells.length) return null;
    return {
      cells,
      pieces: (first.pieces || []).filter(p => cells.includes(p.cell)),
      markers: (first.markers || []).filter(m => cells.includes(m.cell)),
    };
  }

  /** Next click ids of the candidate moves (empty while nothing is selected). */
  targets() {
    const out = new Set();
    if (!this.clicks.length) return out;
    for (const m of this.candidates()) {
      if (this.anyOrder) for (const id of minus(m.clicks, this.clicks)) out.add(id);
      else if (m.clicks.length > this.clicks.length) out.add(m.clicks[this.clicks.length]);
    }
    return out;
  }

  /** Ids that do something when clicked now. */
  actionable() {
    const out = new Set(this.targets());
    // a selected id: any of them toggles off in any order; in order, the last
    // one confirms or steps back (an earlier one only if it starts a move)
    if (this.anyOrder) for (const id of this.clicks) out.add(id);
    else if (this.clicks.length) out.add(this.clicks[this.clicks.length - 1]);
    for (const m of this.moves) {
      if (this.anyOrder) for (const id of m.clicks) out.add(id);
      else out.add(m.clicks[0]);
    }
    return out;
  }

  /** First clicks of moves: what a drag may start from. */
  starts() {
    return new Set(this.moves.map(m => m.clicks[0]));
  }

  _finish(next) {
    const before = this.clicks;
    this.clicks = next;
    const cands = this.candidates();
    if (!cands.length) {
      this.clicks = before;
      return null;
    }
    const ex = this.exact();
    if (ex && cands.length === 1) {
      this.clicks = [];
      return { type: "move", text: ex.text };
    }
    return { type: "changed" };
  }

  /** `reselect`: may a click that continues no move start a new one (a
   * click on another of your pieces selects it; a drop on it does not). */
  click(id, { reselect = true } = {}) {
    if (this.anyOrder) return this._clickAny(id);
    const last = this.clicks[this.clicks.length - 1];
    if (this.clicks.length && id === last) {
      const pend = this.pending();
      if (pend) {
        // a second click on the last cell confirms
        this.clicks = [];
        return { type: "move", text: pend.text };
      }
      this.clicks = this.clicks.slice(0, -1);
      return { type: "changed" };
    }
    const result = this._finish([...this.clicks, id]);
    if (result) return result;
    if (reselect && this.clicks.length && this._withPrefix([id]).length) {
      this.clicks = [];
      return this._finish([id]);
    }
    const tried = [...this.clicks, id];
    this.clicks = [];
    return { type: "illegal", clicks: tried };
  }

  _clickAny(id) {
    if (this.clicks.includes(id)) {
      const pend = this.pending();
      if (pend && !this.isPalette(id)) {
        this.clicks = [];
        return { type: "move", text: pend.text };
      }
      this.clicks = minus(this.clicks, [id]);
      return { type: "changed" };
    }
    const kind = this.isPalette(id);
    const attempts = [
      [...this.clicks, id],
      [...this.clicks.filter(c => this.isPalette(c) !== kind), id], // replace a click of its kind
    ];
    for (const next of attempts) {
      const result = this._finish(next);
      if (result) return result;
    }
    const tried = [...this.clicks, id];
    this.clicks = this.clicks.filter(c => this.isPalette(c));
    return { type: "illegal", clicks: tried };
  }

  /** Select a palette entry (a typed digit): never toggles it off. */
  pick(id) {
    if (this.clicks.includes(id)) return { type: "changed" };
    return this.click(id);
  }
}
