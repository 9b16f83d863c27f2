// The GIF encoder (web/share/gif.js, #45): its LZW read back by a decoder
// written here from the GIF89a specification, for random and long inputs
// (past the 4,096 codes where the table starts again); a GIF's blocks, its
// frames, delays and palette.

import { test } from "node:test";
import assert from "node:assert/strict";
import { encodeGif, lzw } from "../../web/share/gif.js";

/** GIF's LZW decoded (codes of `minSize` bits at least, least significant bit first). */
function unlzw(bytes, minSize) {
  const clear = 1 << minSize;
  const end = clear + 1;
  let size = minSize + 1;
  let table = [];
  const reset = () => {
    table = [];
    for (let i = 0; i < clear; i++) table.push([i]);
    table.push(null, null);
    size = minSize + 1;
  };
  reset();
  const out = [];
  let bit = 0;
  let prev = null;
  const read = () => {
    let code = 0;
    for (let i = 0; i < size; i++, bit++) code |= ((bytes[bit >> 3] >> (bit & 7)) & 1) << i;
    return code;
  };
  for (;;) {
    const code = read();
    if (code === clear) {
      reset();
      prev = null;
      continue;
    }
    if (code === end) break;
    let entry;
    if (code < table.length && table[code]) entry = table[code];
    else if (code === table.length && prev) entry = [...prev, prev[0]];
    else throw new Error(`bad code ${code} at ${table.length}`);
    out.push(...entry);
    if (prev) {
      if (table.length < 4096) table.push([...prev, entry[0]]);
      if (table.length === 1 << size && size < 12) size += 1;
    }
    prev = entry;
  }
  return out;
}

function random(seed) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x80000000;
  };
}

test("LZW reads back: empty, one code, random, runs, and past 4,096 codes", () => {
  const rnd = random(7);
  const inputs = [
    [],
    [5],
    Array.from({ length: 3000 }, () => Math.floor(rnd() * 256)),
    Array.from({ length: 50_000 }, (_, i) => Math.floor(i / 700) % 4),
    Array.from({ length: 40_000 }, () => Math.floor(rnd() * 12)),
  ];
  for (const codes of inputs) assert.deepEqual(unlzw(lzw(Uint8Array.from(codes), 8), 8), codes);
});

/** A GIF's frames: [{delay, pixels: palette indices}], read from its blocks; and its palette. */
function readGif(bytes) {
  assert.equal(String.fromCharCode(...bytes.subarray(0, 6)), "GIF89a");
  const width = bytes[6] | (bytes[7] << 8);
  const height = bytes[8] | (bytes[9] << 8);
  assert.equal(bytes[10] & 0x80, 0x80, "a global colour table");
  const colours = 2 << (bytes[10] & 7);
  const palette = bytes.subarray(13, 13 + colours * 3);
  let at = 13 + colours * 3;
  const frames = [];
  let delay = 0;
  let loops = false;
  for (;;) {
    const kind = bytes[at++];
    if (kind === 0x3b) break;
    if (kind === 0x21) {
      const label = bytes[at++];
      const blocks = [];
      for (let n = bytes[at++]; n; n = bytes[at++]) {
        blocks.push(bytes.subarray(at, at + n));
        at += n;
      }
      if (label === 0xf9) delay = blocks[0][1] | (blocks[0][2] << 8);
      if (label === 0xff && String.fromCharCode(...blocks[0]) === "NETSCAPE2.0") loops = true;
    } else if (kind === 0x2c) {
      at += 9;
      const minSize = bytes[at++];
      const data = [];
      for (let n = bytes[at++]; n; n = bytes[at++]) {
        data.push(...bytes.subarray(at, at + n));
        at += n;
      }
      frames.push({ delay, pixels: unlzw(Uint8Array.from(data), minSize) });
    } else throw new Error(`unknown block ${kind} at ${at}`);
  }
  return { width, height, palette, frames, loops };
}

test("a GIF of three frames: its size, delays, loop, and each pixel's colour near its own", () => {
  const width = 40;
  const height = 30;
  const colours = [
    [240, 217, 181],
    [181, 136, 99],
    [35, 35, 35],
    [250, 250, 250],
  ];
  const frames = [0, 1, 2].map(k => {
    const pixels = new Uint8Array(width * height * 4);
    for (let p = 0; p < width * height; p++) {
      const c = colours[(Math.floor(p / 7) + k) % colours.length];
      pixels.set([...c, 255], p * 4);
    }
    return { pixels, delay: 50 + k * 10 };
  });
  const seen = [];
  const gif = readGif(
    encodeGif({ width, height, frames, onProgress: (done, total) => seen.push([done, total]) }),
  );
  assert.deepEqual(seen, [
    [1, 3],
    [2, 3],
    [3, 3],
  ]);
  assert.equal(gif.width, width);
  assert.equal(gif.height, height);
  assert.ok(gif.loops);
  assert.deepEqual(
    gif.frames.map(f => f.delay),
    [50, 60, 70],
  );
  gif.frames.forEach((f, k) => {
    assert.equal(f.pixels.length, width * height);
    for (let p = 0; p < width * height; p += 13) {
      const want = frames[k].pixels.subarray(p * 4, p * 4 + 3);
      const got = gif.palette.subarray(f.pixels[p] * 3, f.pixels[p] * 3 + 3);
      for (let i = 0; i < 3; i++) assert.ok(Math.abs(want[i] - got[i]) <= 4, `frame ${k} pixel ${p}`);
    }
  });
  assert.notDeepEqual(gif.frames[0].pixels, gif.frames[2].pixels);
});

test("a frame of the wrong size, or none, is refused", () => {
  assert.throws(() => encodeGif({ width: 2, height: 2, frames: [] }));
  assert.throws(() => encodeGif({ width: 2, height: 2, frames: [{ pixels: new Uint8Array(12), delay: 1 }] }));
});
