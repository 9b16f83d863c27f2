// Every node test of the page's logic in one process: build.py test's "js"
// check.  Each file's tests run as `node --test` runs them, without a process
// of its own (84 files: 50 CPU s with a Node process each, 12 s in one; the
// tests share no state they do not put back).  One file still runs alone:
// `node --test tests/js/<name>.test.mjs`.
import { readdirSync } from "node:fs";

const here = new URL(".", import.meta.url);
for (const name of readdirSync(here)
  .filter(n => n.endsWith(".test.mjs"))
  .sort()) {
  await import(new URL(name, here).href);
}
