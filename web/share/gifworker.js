// The GIF's encoder in a worker of its own (#45): the page draws each frame
// and sends its pixels; the palette's choice, the nearest colour of every
// pixel and the LZW run here, off the page's thread.
//   {type: "start", width, height, samples: [pixels...]}   the palette from these frames
//   {type: "frame", pixels, delay}                         a frame (hundredths of a second)
//   {type: "finish"}                                       -> {type: "done", gif: Uint8Array}
// Any failure answers {type: "failed"}.  The page ends a GIF it no longer
// wants by ending the worker.

import { GifWriter } from "./gif.js";

/** @type {GifWriter | null} */
let writer = null;

self.onmessage = event => {
  const msg = event.data;
  try {
    if (msg.type === "start") writer = new GifWriter(msg.width, msg.height, msg.samples);
    else if (msg.type === "frame") writer?.add(msg.pixels, msg.delay);
    else if (msg.type === "finish" && writer) {
      const gif = writer.finish();
      writer = null;
      self.postMessage({ type: "done", gif }, [gif.buffer]);
    }
  } catch {
    writer = null;
    self.postMessage({ type: "failed" });
  }
};
