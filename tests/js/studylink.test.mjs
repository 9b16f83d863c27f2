// A study in one link (#45): the round trip keeps every chapter's tree, its
// comments, glyphs and drawings, titles and sides; a link past its limit is
// not made; a damaged, cut, oversized or later-version link is refused with
// words, never half read.
import { test } from "node:test";
import assert from "node:assert/strict";
import { GameModel } from "../../web/model/game.js";
import {
  MAX_CHAPTERS,
  MAX_LINK,
  PREFIX,
  StudyLinkError,
  fromBase64url,
  readStudyFragment,
  studyFragment,
  toBase64url,
} from "../../web/study/studylink.js";
import { prng as rng } from "./prng.mjs";
import "./catalogs.mjs";

const START = "loa standard - start";

/** A game whose tree has `moves` main-line moves, a variation, comments, a glyph and drawings. */
function game(moves, seed = 1) {
  const random = rng(seed);
  const m = new GameModel({ start: START, meta: { game: "loa", variant: "standard", options: {} } });
  let at = [];
  for (let i = 0; i < moves; i++) at = m.tree.add(at, `m${i}-${Math.floor(random() * 1000)}`).line;
  m.tree.add([m.tree.mainline([])[0]], "side-line");
  m.tree.setComment([m.tree.mainline([])[0]], "A comment with «unicode» and, commas/slashes");
  const first = m.tree.mainline([]).slice(0, 2);
  m.setNotes(first, {
    comment: "Second move: the centre",
    glyph: "!?",
    shapes: [
      ["G", "d4", "f6"],
      ["R", "a1"],
    ],
  });
  return m;
}

const shape = study =>
  JSON.stringify(
    study.chapters.map(c => ({
      title: c.title,
      flip: c.flip,
      start: c.game.start,
      meta: c.game.meta,
      tree: c.game.tree.toJSON(),
    })),
  );

test("base64url round trips any bytes and refuses what it is not", () => {
  const random = rng(7);
  for (let n = 0; n < 300; n += 7) {
    const bytes = new Uint8Array(n).map(() => Math.floor(random() * 256));
    const text = toBase64url(bytes);
    assert.match(text, /^[A-Za-z0-9_-]*$/);
    assert.deepEqual(fromBase64url(text), bytes);
  }
  assert.throws(() => fromBase64url("ab+c"), StudyLinkError);
  assert.throws(() => fromBase64url("abcde"), StudyLinkError); // (a length base64 never has)
});

test("a study of several chapters comes back as it went, trees, notes, titles and sides", async () => {
  for (let seed = 1; seed <= 12; seed++) {
    const study = {
      title: `Study ${seed}: openings`,
      chapters: Array.from({ length: 1 + (seed % 4) }, (_, i) => ({
        title: `Chapter ${i + 1}`,
        flip: i % 2 === 1,
        game: game(3 + seed * 5 + i, seed * 10 + i),
      })),
    };
    const fragment = await studyFragment(study);
    assert.ok(fragment.startsWith(`${PREFIX}1.`));
    assert.match(fragment.slice(PREFIX.length + 2), /^[A-Za-z0-9_-]+$/, "nothing to escape in an address");
    const back = await readStudyFragment(fragment);
    assert.equal(back.title, study.title);
    assert.equal(shape(back), shape(study));
    const node = back.chapters[0].game.tree.nodeAt(back.chapters[0].game.tree.mainline([]).slice(0, 2));
    assert.equal(node.comment, "Second move: the centre");
    assert.equal(node.notes.glyph, "!?");
    assert.deepEqual(node.notes.shapes, [
      ["G", "d4", "f6"],
      ["R", "a1"],
    ]);
    assert.deepEqual(
      back.chapters[0].game.head,
      back.chapters[0].game.tree.mainline([]),
      "opened on its main line",
    );
  }
});

test("a study too large for a link is not made, and says so", async () => {
  const random = rng(3);
  const big = new GameModel({ start: START, meta: { game: "loa", variant: "standard", options: {} } });
  let at = [];
  for (let i = 0; i < 4000; i++) at = big.tree.add(at, `x${Math.floor(random() * 1e9).toString(36)}`).line;
  await assert.rejects(
    studyFragment({ title: "Big", chapters: [{ title: "c", game: big }] }),
    err =>
      err instanceof StudyLinkError && err.reason === "tooLong" && /share it as a file/.test(err.message),
  );
  assert.ok(MAX_LINK >= 8000);
});

test("other links are not studies; damaged, cut, oversized or later ones are refused with words", async () => {
  assert.equal(await readStudyFragment("#v1/loa/standard/-/"), null);
  assert.equal(await readStudyFragment(""), null);
  const good = await studyFragment({ title: "T", chapters: [{ title: "c", game: game(20) }] });
  const refused = async (hash, reason) =>
    assert.rejects(
      readStudyFragment(hash),
      err => err instanceof StudyLinkError && err.reason === reason && err.message.length > 10,
    );
  await refused(good.slice(0, Math.floor(good.length * 0.6)), "damaged"); // (cut short)
  await refused(`${good.slice(0, -6)}%%%%%%`, "damaged");
  await refused(`${PREFIX}1.${toBase64url(new TextEncoder().encode("not deflate at all"))}`, "damaged");
  await refused(`${PREFIX}2.${good.slice(PREFIX.length + 2)}`, "version");
  await refused(`${PREFIX}nodot`, "damaged");
  // a small link that inflates into a huge study: refused without reading it all
  const zeros = new Uint8Array(5_000_000).fill(32);
  const stream = new Blob([zeros]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bomb = new Uint8Array(await new Response(stream).arrayBuffer());
  await refused(`${PREFIX}1.${toBase64url(bomb)}`, "tooLarge");
  // well-formed JSON of the wrong shape, and a chapter whose tree is not one
  const packed = async data => {
    const s = new Blob([JSON.stringify(data)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    return `${PREFIX}1.${toBase64url(new Uint8Array(await new Response(s).arrayBuffer()))}`;
  };
  await refused(await packed({ v: 1, chapters: [] }), "empty");
  await refused(await packed({ v: 1, chapters: Array(MAX_CHAPTERS + 1).fill({}) }), "tooMany");
  await refused(await packed([1, 2]), "damaged");
  await refused(
    await packed({
      v: 1,
      chapters: [
        {
          title: "x",
          game: {
            start: START,
            meta: { game: "loa", variant: "standard" },
            tree: { v: 1, nodes: [[5, "a"]] },
          },
        },
      ],
    }),
    "chapter",
  );
});
