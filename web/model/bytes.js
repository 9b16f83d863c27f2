// Bytes carried in a link: base64url and a (de)compression stream with a cap
// on what comes out (a deflate bomb is refused, not inflated).  One piece for
// the links that pack data: a study (study/studylink.js) and a live game's
// connection (live/signal.js); each says a failure in its own words.

/** Bytes as base64url (no padding). @param {Uint8Array} bytes */
export function toBase64url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** base64url as bytes, or null when `text` is not base64url (a character
 * it has not, or a length it never has). @param {string} text */
export function base64urlBytes(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const raw = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(raw, c => c.charCodeAt(0));
}

/** `bytes` through a CompressionStream or DecompressionStream (`stream`);
 * past `most` bytes out it stops and throws `tooLarge()`.
 * @param {CompressionStream | DecompressionStream} stream @param {any} bytes  (a Uint8Array)
 * @param {number} most @param {() => Error} tooLarge @returns {Promise<Uint8Array>} */
export async function throughStream(stream, bytes, most, tooLarge) {
  const writer = stream.writable.getWriter();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > most) {
      reader.cancel().catch(() => {});
      throw tooLarge();
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
