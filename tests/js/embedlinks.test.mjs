import { test } from "node:test";
import assert from "node:assert/strict";
import { embedScheme, embedSnippet, embedURL, openHref, pageURL } from "../../web/embed/embedlinks.js";

test("the frame's scheme is the host's choice of light or dark, else the visitor's", () => {
  assert.equal(embedScheme("?theme=dark"), "dark");
  assert.equal(embedScheme("?x=1&theme=light"), "light");
  assert.equal(embedScheme("?theme=DARK"), "system");
  assert.equal(embedScheme("?theme=<script>"), "system");
  assert.equal(embedScheme(""), "system");
  assert.equal(embedScheme(undefined), "system");
});

test("Open in Gamut goes to the main page beside embed.html, with the same link", () => {
  assert.equal(openHref("#v1/loa/standard/-/b1-b3"), "./#v1/loa/standard/-/b1-b3");
  assert.equal(openHref(""), "./");
  assert.equal(openHref("#"), "./");
});

test("the embed address sits beside the main page, on any sub-path", () => {
  assert.equal(
    embedURL("https://example.org/a/b/", "#v1/el/standard/-/c3"),
    "https://example.org/a/b/embed.html#v1/el/standard/-/c3",
  );
  assert.equal(
    embedURL("https://example.org/a/b/index.html?x=1#old", "#v1/loa/standard/-/"),
    "https://example.org/a/b/embed.html#v1/loa/standard/-/",
  );
});

test("the snippet is one iframe whose attributes a title or address cannot break", () => {
  const html = embedSnippet('https://x.org/embed.html#v1/loa/a"b', {
    title: 'Lines of Action: "my" game <3',
  });
  assert.match(
    html,
    /^<iframe src="[^"]*" title="[^"]*" width="640" height="400" style="max-width: 100%; border: 0" loading="lazy"><\/iframe>$/,
  );
  assert.ok(html.includes("a&quot;b"));
  assert.ok(html.includes("&quot;my&quot; game &lt;3"));
  assert.match(embedSnippet("u", { title: "t", width: 320, height: 560 }), /width="320" height="560"/);
});

test("a page's address with another fragment: its own dropped, any sub-path kept", () => {
  assert.equal(
    pageURL("https://x.org/a/b/#v1/loa/standard/-/b1-b3", "#study/1.abc_-"),
    "https://x.org/a/b/#study/1.abc_-",
  );
  assert.equal(
    pageURL("https://x.org/a/index.html?q=1", "study/1.x"),
    "https://x.org/a/index.html?q=1#study/1.x",
  );
});
