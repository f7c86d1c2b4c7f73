#!/usr/bin/env node
// The fan app's JavaScript for the first page, gzipped, from a build (default: dist/).
//
// "First page" is what index.html makes the browser fetch before the app can paint: the entry
// script and every chunk it imports statically (Vite lists them as modulepreload links; the
// chunks' own static imports are followed too, so nothing is missed if a link is dropped).
// Dynamic imports (lazy pages, menus, dialogs, the English texts) are not counted: they load on
// demand; but the home page's own chunk and its imports are added, since `/` cannot paint its
// content without them: the budget applies to that total (the stricter reading of issue 15).
//
// Fails (exit 1) over the budget: 200 KB gzipped (issue 15), 1 KB = 1000 bytes as Vite prints.
//
// Usage: node scripts/bundle-size.mjs [distDir]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200_000;

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

/** Paths (relative to dist) that index.html loads as scripts or modulepreloads. */
function htmlScripts(text) {
  const found = [];
  for (const match of text.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)) found.push(match[1]);
  for (const match of text.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) found.push(match[1]);
  return found.map((url) => url.replace(/^\//, ''));
}

/** Static imports of a built chunk: `import ... from "./x.js"` and `import "./x.js"`, not `import("./x.js")`. */
function staticImports(file, code) {
  const found = [];
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) {
    found.push(path.posix.join(path.posix.dirname(file), match[1]));
  }
  return found;
}

/** The chunks reachable from `roots` through static imports, with their sizes. */
function closure(roots) {
  const seen = new Map();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = path.posix.normalize(queue.shift());
    if (seen.has(file)) continue;
    const code = readFileSync(path.join(dist, file));
    seen.set(file, { raw: code.length, gzip: gzipSync(code).length });
    queue.push(...staticImports(file, code.toString('utf8')));
  }
  return seen;
}

function total(chunks) {
  let raw = 0;
  let gzip = 0;
  for (const size of chunks.values()) {
    raw += size.raw;
    gzip += size.gzip;
  }
  return { raw, gzip };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

const initial = closure(htmlScripts(html));
for (const [file, size] of [...initial.entries()].sort((a, b) => b[1].gzip - a[1].gzip)) {
  console.log(`  ${file.padEnd(48)} ${kb(size.raw).padStart(11)} │ gzip: ${kb(size.gzip).padStart(10)}`);
}
const sum = total(initial);
console.log(`entry and its preloads: ${initial.size} files, ${kb(sum.raw)}, gzip ${kb(sum.gzip)}`);

// The home page's lazy chunk, which `/` loads right after the entry, and what it adds.
const assets = readdirSync(path.join(dist, 'assets'));
const home = assets.find((name) => /^HomePage-.*\.js$/.test(name));
if (home === undefined) {
  console.error('no HomePage-*.js chunk in the build: cannot measure the home page');
  process.exit(1);
}
const withHome = closure([...initial.keys(), `assets/${home}`]);
const homeSum = total(withHome);
console.log(
  `home page JavaScript (entry, preloads, home chunk): ${withHome.size} files, ${kb(homeSum.raw)}, gzip ${kb(homeSum.gzip)} (budget ${kb(BUDGET_BYTES)})`,
);

if (homeSum.gzip > BUDGET_BYTES) {
  console.error(`over budget by ${kb(homeSum.gzip - BUDGET_BYTES)}: load more lazily (menus, dialogs, notices)`);
  process.exit(1);
}
