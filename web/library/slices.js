// Long work in short slices, so that the page never stops answering: a
// loop over many items (reading a large library, drawing its list,
// importing records) runs for at most SLICE_MS, then lets the browser
// draw and handle input before it goes on.  A slice boundary is also where
// a cancel (an AbortSignal) is noticed.

/** The longest a slice runs before it yields (the page's budget is 100 ms a task). */
export const SLICE_MS = 20;

/** Work stopped by its AbortSignal. */
export class Cancelled extends Error {
  constructor() {
    super("cancelled"); // i18n: not words (never shown: a cancel is not a fault)
    this.name = "Cancelled"; // i18n: not words (an error's name)
  }
}

/** @type {MessageChannel | null | undefined} */
let channel; // made on first use
const waiting = [];

/** A promise that resolves in a later task (a message: unlike setTimeout, it
 * is not slowed to 4 ms after a few in a row). */
export function nextTask() {
  if (channel === undefined) {
    channel = typeof MessageChannel === "function" ? new MessageChannel() : null;
    if (channel) {
      channel.port1.onmessage = () => waiting.shift()?.();
      /** @type {any} */ (channel.port1).unref?.(); // (under Node: keeps no test alive)
    }
  }
  if (!channel) return new Promise(resolve => setTimeout(resolve, 0));
  const port = channel.port2;
  return new Promise(resolve => {
    waiting.push(resolve);
    port.postMessage(0);
  });
}

/** Throws Cancelled when `signal` has been aborted. */
export function checkCancel(signal) {
  if (signal && signal.aborted) throw new Cancelled();
}

/** Call `fn(item, index)` for every item, yielding to the browser every `budget` ms. */
export async function inSlices(items, fn, { budget = SLICE_MS, signal = null } = {}) {
  let started = performance.now();
  for (let i = 0; i < items.length; i++) {
    if (performance.now() - started > budget) {
      await nextTask();
      checkCancel(signal);
      started = performance.now();
    }
    fn(items[i], i);
  }
}
