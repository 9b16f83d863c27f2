// An animated GIF of a line of a game (#45): one frame for each move from
// a chosen one to another, the position after it as the board draws it
// (the move's cells marked, captures too), the caption saying the move and,
// on the last frame, what the page says of the game's end.  The page draws
// each frame (boardimage.js), a frame in a task of its own, and the worker
// (gifworker.js) encodes them as they come: the page stays responsive, says
// how far it is, and a cancel ends it at once.

import { pictureOf, pixelsOf } from "./boardimage.js";

/**
 * @typedef {{drawing: any, viewAt: (ply: number) => Promise<any>, captionAt: (ply: number) => string,
 *   from: number, to: number, width: number, delay: number, picture: import("./boardimage.js").PictureOptions,
 *   onProgress: (done: number, total: number) => void, signal: AbortSignal}} GifJob
 *   viewAt(ply): the engine's view after move `ply` of the line; from, to: the first and last
 *   move shown (1-based, inclusive); delay: a frame's time in ms
 */

/** The GIF (a Blob) of `job`; rejects with an AbortError when its signal aborts. */
export async function makeGif(job) {
  const { from, to, width, signal } = job;
  const total = to - from + 1;
  const worker = new Worker(new URL("./gifworker.js", import.meta.url), { type: "module" });
  const stop = () => worker.terminate();
  signal.addEventListener("abort", stop);
  try {
    const done = new Promise((resolve, reject) => {
      worker.onmessage = e =>
        e.data.type === "done" ? resolve(e.data.gif) : reject(new Error("the GIF failed"));
      worker.onerror = () => reject(new Error("the GIF failed"));
      signal.addEventListener("abort", () => reject(new DOMException("cancelled", "AbortError")));
    });
    done.catch(() => {}); // (a cancel while frames are drawn: their own AbortError says it)
    const frame = async ply => {
      signal.throwIfAborted();
      const view = await job.viewAt(ply);
      signal.throwIfAborted();
      return pixelsOf(pictureOf(job.drawing, { ...job.picture, view, caption: job.captionAt(ply) }), width);
    };
    // the palette from the first and the last frames (the board's colours, the end's marks)
    const first = await frame(from);
    const last = from === to ? first : await frame(to);
    worker.postMessage({ type: "start", width, height: first.height, samples: [first.pixels, last.pixels] });
    const delay = job.delay / 10;
    for (let ply = from; ply <= to; ply++) {
      const shot = ply === from ? first : ply === to ? last : await frame(ply);
      worker.postMessage({ type: "frame", pixels: shot.pixels, delay }, [shot.pixels.buffer]);
      job.onProgress(ply - from + 1, total);
      await nextTask(); // (a frame a task: the page answers between them)
    }
    worker.postMessage({ type: "finish" });
    return new Blob([await done], { type: "image/gif" });
  } finally {
    signal.removeEventListener("abort", stop);
    worker.terminate();
  }
}

const nextTask = () => new Promise(resolve => setTimeout(resolve, 0));
