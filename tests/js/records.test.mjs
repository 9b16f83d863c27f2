import { test } from "node:test";
import assert from "node:assert/strict";
import { readFiles, tooLarge } from "../../web/library/records.js";

test("a 20 MB file is refused with its real size, not a made-up count of characters", async () => {
  const big = {
    name: "big.gamut",
    size: 20_500_000,
    text: () => assert.fail("a file that large is not read"),
    arrayBuffer: () => assert.fail("a file that large is not read"),
  };
  const [read] = await readFiles([big]);
  assert.equal(read.text, null);
  assert.equal(
    tooLarge(read.name, read.text, read.size),
    "big.gamut: too large to import (20.5 MB; at most 5,000,000 characters).",
  );
});

test("a text over the limit states its length; one under it passes", () => {
  assert.equal(
    tooLarge("t", "x".repeat(5_000_001), 5_000_001),
    "t: too large to import (5,000,001 characters; at most 5,000,000 characters).",
  );
  assert.equal(tooLarge("t", '[Game "loa"] *', 15), null);
});

test("a file's bytes: UTF-8 read as it is, a byte order mark dropped, Latin-1 recognised and said (#47)", async () => {
  const { decodeText } = await import("../../web/library/records.js");
  const utf8 = new TextEncoder().encode('[Name "Café"]');
  assert.deepEqual(decodeText(utf8), { text: '[Name "Café"]', latin1: false });
  assert.deepEqual(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8])), {
    text: '[Name "Café"]',
    latin1: false,
  });
  const latin1 = Uint8Array.from('[Name "Café ½"]', c => c.charCodeAt(0));
  assert.deepEqual(decodeText(latin1), { text: '[Name "Café ½"]', latin1: true });
  const [read] = await readFiles([
    { name: "old.txt", size: latin1.length, arrayBuffer: async () => latin1.buffer },
  ]);
  assert.deepEqual(read, { name: "old.txt", size: latin1.length, text: '[Name "Café ½"]', latin1: true });
});
