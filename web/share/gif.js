// An animated GIF encoder (#45), browser-free (node --test runs it): frames
// of RGBA pixels in, the bytes of a GIF89a out, looping.  One palette for
// every frame, of the 256 colours the frames use most (each channel read to
// 5 bits first), each pixel given the nearest of them; the pixels then
// compressed by GIF's LZW.  A board has few colours: its cells, pieces and
// marks, and the shades of their edges.  Small on purpose: no dithering, no
// frame differencing.

/** The most colours a GIF's palette holds. */
const MOST = 256;

/**
 * A GIF written a frame at a time (a long game's frames are never all held):
 * its palette made from `samples` (frames that show its colours: the first
 * and the last), each frame added with its delay (hundredths of a second).
 */
export class GifWriter {
  /** @param {number} width @param {number} height @param {(Uint8Array | Uint8ClampedArray)[]} samples */
  constructor(width, height, samples) {
    this.width = width;
    this.height = height;
    this.palette = paletteOf(samples);
    this.out = new Bytes();
    const out = this.out;
    out.text("GIF89a");
    out.u16(width);
    out.u16(height);
    out.byte(0xf7); // a global colour table of 256 entries, 8 bits a channel
    out.byte(0); // background: the first colour
    out.byte(0);
    for (let i = 0; i < MOST; i++) {
      const c = this.palette.colours[i] ?? 0;
      out.byte((c >> 16) & 255);
      out.byte((c >> 8) & 255);
      out.byte(c & 255);
    }
    // looping for ever (the NETSCAPE2.0 extension)
    out.bytes([0x21, 0xff, 0x0b]);
    out.text("NETSCAPE2.0");
    out.bytes([0x03, 0x01, 0x00, 0x00, 0x00]);
    this.frames = 0;
  }

  /** Add a frame: RGBA `pixels` of width x height, shown `delay` hundredths of a second. */
  add(pixels, delay) {
    if (pixels.length !== this.width * this.height * 4)
      throw new Error("a frame's pixels are not width x height");
    const out = this.out;
    out.bytes([0x21, 0xf9, 0x04, 0x00]); // its delay, nothing transparent
    out.u16(Math.max(0, Math.round(delay)));
    out.bytes([0x00, 0x00]);
    out.byte(0x2c); // the image: the whole screen, no local colour table
    out.u16(0);
    out.u16(0);
    out.u16(this.width);
    out.u16(this.height);
    out.byte(0);
    out.byte(8); // LZW's minimum code size
    const data = lzw(indices(pixels, this.palette), 8);
    for (let at = 0; at < data.length; at += 255) {
      const n = Math.min(255, data.length - at);
      out.byte(n);
      out.bytes(data.subarray(at, at + n));
    }
    out.byte(0);
    this.frames += 1;
  }

  /** The GIF's bytes (at least one frame added). */
  finish() {
    if (!this.frames) throw new Error("a GIF needs a frame");
    this.out.byte(0x3b);
    return this.out.result();
  }
}

/**
 * The GIF of `frames` ({pixels: RGBA bytes of width x height, delay: hundredths of a second}),
 * its palette made from all of them.  `onProgress(done, total)` is told after each frame.
 * @param {{width: number, height: number, frames: {pixels: Uint8Array | Uint8ClampedArray, delay: number}[],
 *   onProgress?: (done: number, total: number) => void}} options
 * @returns {Uint8Array}
 */
export function encodeGif({ width, height, frames, onProgress = () => {} }) {
  if (!frames.length) throw new Error("a GIF needs a frame");
  const writer = new GifWriter(
    width,
    height,
    frames.map(f => f.pixels),
  );
  frames.forEach((frame, k) => {
    writer.add(frame.pixels, frame.delay);
    onProgress(k + 1, frames.length);
  });
  return writer.finish();
}

/** The colour of the pixel at byte `i` of `pixels`, read to 5 bits a channel (15 bits: r, g, b). */
const colourKey = (pixels, i) =>
  ((pixels[i] >> 3) << 10) | ((pixels[i + 1] >> 3) << 5) | (pixels[i + 2] >> 3);

/** The 256 colours the frames `samples` (RGBA pixels) use most (read to 5 bits a channel),
 * and a cache of each colour's nearest. */
function paletteOf(samples) {
  const counts = new Map();
  for (const pixels of samples) {
    for (let i = 0; i < pixels.length; i += 4) {
      const key = colourKey(pixels, i);
      counts.set(key, (counts.get(key) || 0) + 1);
    }
  }
  const common = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, MOST);
  const colours = common.map(([key]) => {
    const r = (key >> 10) & 31;
    const g = (key >> 5) & 31;
    const b = key & 31;
    // (the middle of the 5-bit cell: 8 levels to a step)
    return (((r << 3) | 4) << 16) | (((g << 3) | 4) << 8) | ((b << 3) | 4);
  });
  return { colours, nearest: new Map() };
}

/** Each pixel's colour in the palette (the nearest, by squared distance). */
function indices(pixels, palette) {
  const out = new Uint8Array(pixels.length / 4);
  const { colours, nearest } = palette;
  for (let i = 0, p = 0; i < pixels.length; i += 4, p++) {
    const key = colourKey(pixels, i);
    let index = nearest.get(key);
    if (index === undefined) {
      const r = pixels[i];
      const g = pixels[i + 1];
      const b = pixels[i + 2];
      let best = Infinity;
      index = 0;
      for (let c = 0; c < colours.length; c++) {
        const dr = ((colours[c] >> 16) & 255) - r;
        const dg = ((colours[c] >> 8) & 255) - g;
        const db = (colours[c] & 255) - b;
        const d = dr * dr + dg * dg + db * db;
        if (d < best) {
          best = d;
          index = c;
        }
      }
      nearest.set(key, index);
    }
    out[p] = index;
  }
  return out;
}

/** GIF's LZW of `codes` (each below 2^`minSize`), packed least significant bit first. */
export function lzw(codes, minSize) {
  const clear = 1 << minSize;
  const end = clear + 1;
  const out = new Bytes();
  let size = minSize + 1;
  let next = end + 1;
  let bits = 0;
  let held = 0;
  const put = code => {
    held |= code << bits;
    bits += size;
    while (bits >= 8) {
      out.byte(held & 255);
      held >>>= 8;
      bits -= 8;
    }
  };
  /** The table: a string (its code) and a symbol -> the longer string's code, keyed prefix * 256 + symbol. */
  let table = new Map();
  put(clear);
  if (!codes.length) {
    put(end);
    if (bits) out.byte(held & 255);
    return out.result();
  }
  let prefix = codes[0];
  for (let i = 1; i < codes.length; i++) {
    const k = codes[i];
    const key = prefix * 256 + k;
    const found = table.get(key);
    if (found !== undefined) {
      prefix = found;
      continue;
    }
    put(prefix);
    if (next < 4096) {
      table.set(key, next);
      if (next === 1 << size && size < 12) size += 1;
      next += 1;
    } else {
      // (the table is full: start again)
      put(clear);
      table = new Map();
      size = minSize + 1;
      next = end + 1;
    }
    prefix = k;
  }
  put(prefix);
  put(end);
  if (bits) out.byte(held & 255);
  return out.result();
}

/** A growing array of bytes. */
class Bytes {
  constructor() {
    this.buf = new Uint8Array(1 << 16);
    this.length = 0;
  }
  room(n) {
    if (this.length + n <= this.buf.length) return;
    const bigger = new Uint8Array(Math.max(this.buf.length * 2, this.length + n));
    bigger.set(this.buf.subarray(0, this.length));
    this.buf = bigger;
  }
  byte(b) {
    this.room(1);
    this.buf[this.length++] = b;
  }
  bytes(list) {
    this.room(list.length);
    this.buf.set(list, this.length);
    this.length += list.length;
  }
  u16(n) {
    this.byte(n & 255);
    this.byte((n >> 8) & 255);
  }
  text(s) {
    for (let i = 0; i < s.length; i++) this.byte(s.charCodeAt(i));
  }
  result() {
    return this.buf.slice(0, this.length);
  }
}
