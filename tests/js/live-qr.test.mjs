// The QR code of a live link (web/live/qr.js) drawn from the vendored
// encoder (uqr, pinned in package.json): its path covers exactly the dark
// modules, and a real invitation's link fits a small code.
import { test } from "node:test";
import assert from "node:assert/strict";
import { encode } from "uqr";
import { BORDER, qrCode } from "../../web/live/qr.js";

/** The dark modules a path of "M x y h n v1 h-n z" rectangles covers. */
function covered(path) {
  const dark = new Set();
  for (const [, x, y, n] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g))
    for (let k = 0; k < Number(n); k++) dark.add(`${Number(x) + k},${y}`);
  return dark;
}

test("the path covers exactly the code's dark modules", () => {
  for (const text of ["x", "https://gamut.example/#live-answer/abcdefghij/2" + "Ab9_-".repeat(27)]) {
    const { path, size, version } = qrCode(text, encode);
    const { data } = encode(text, { ecc: "L", border: BORDER });
    const want = new Set();
    for (const [y, row] of data.entries()) for (const [x, on] of row.entries()) if (on) want.add(`${x},${y}`);
    assert.deepEqual(covered(path), want);
    assert.equal(size, 17 + 4 * version + 2 * BORDER);
    assert.equal(path.replace(/M\d+ \d+h\d+v1h-\d+z/g, ""), "", "nothing but rectangles");
  }
});

test("an invitation's link (about 225 characters) is a version 9 or smaller code", () => {
  const link = `https://friend.example/games/#live/loa/standard/-/0/-/AbCdEfGhIj/2${"x".repeat(150)}`;
  const { version } = qrCode(link, encode);
  assert.ok(version <= 9, `version ${version}`);
});
