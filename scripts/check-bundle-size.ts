// The JavaScript a public route transfers before it is usable, from the build alone (no browser, so
// it runs in a second and names the chunks): the scripts index.html loads, plus the route's screen
// chunks and their static imports, each counted as the server sends it (its .br file, or the file
// itself when too small to compress) plus HEADER_BYTES_PER_FILE for its response headers. The
// browser test tests/e2e/page-weight.spec.ts measures the same pages in Chromium and checks that no
// script's headers exceed that allowance, so this figure is the browser's or a little above it
// (decision 43). Fails `npm test` when a route grows past its budget, or the gig widget's scripts
// past 15 KB compressed (decision 55). Run after `vite build`.
import fs from 'node:fs';
import path from 'node:path';
import { EMBED_SCRIPTS } from './embed-build-plugin.ts';
import { CHUNK_MAP_FILE, type ChunkMap } from './public-chunks-plugin.ts';
import { BUDGET_BYTES, HEADER_BYTES_PER_FILE, PUBLIC_ROUTES } from './public-routes.ts';

const dist = path.resolve('dist/client');
const chunks = JSON.parse(fs.readFileSync(path.join(dist, CHUNK_MAP_FILE), 'utf8')) as ChunkMap;
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initialScripts = [...html.matchAll(/<script type="module"[^>]* src="\/([^"]+)"|<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)].map((m) => (m[1] ?? m[2])!);

function withStaticImports(file: string, into: Set<string>): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  for (const imported of chunks[file]?.imports ?? []) withStaticImports(imported, into);
  return into;
}

function servedBytes(file: string): number {
  const compressed = path.join(dist, `${file}.br`);
  return fs.statSync(fs.existsSync(compressed) ? compressed : path.join(dist, file)).size;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let isOverBudget = false;
for (const route of PUBLIC_ROUTES) {
  const files = new Set<string>();
  for (const script of initialScripts) withStaticImports(script, files);
  for (const module of route.modules) {
    const chunk = Object.keys(chunks).find((file) => chunks[file]!.modules.includes(module));
    if (!chunk) throw new Error(`No chunk holds ${module}: check PUBLIC_ROUTES in scripts/public-routes.ts.`);
    withStaticImports(chunk, files);
  }
  const bodies = [...files].reduce((sum, file) => sum + servedBytes(file), 0);
  const total = bodies + files.size * HEADER_BYTES_PER_FILE;
  if (total > BUDGET_BYTES) isOverBudget = true;
  const names = [...files].map((file) => path.basename(file).replace(/-[\w-]{8}\.js$/, '')).join(' ');
  console.log(`${route.name.padEnd(28)} ${kb(total).padStart(8)} in ${files.size} files (budget ${kb(BUDGET_BYTES)})  ${total > BUDGET_BYTES ? 'OVER BUDGET' : 'ok'}  ${names}`);
}
if (isOverBudget) {
  console.error('\nA public route loads more JavaScript than its budget: split what only signed-in screens or opened forms need.');
  process.exit(1);
}

// The gig widget's scripts (issue 26), which other people's sites load: each at most 15 KB as sent,
// weighed by its gzip copy (browsers without brotli get that one, and it is the larger).
const EMBED_BUDGET_BYTES = 15 * 1024;
let isEmbedOverBudget = false;
for (const { fileName } of EMBED_SCRIPTS) {
  const gzipped = path.join(dist, `${fileName}.gz`);
  const bytes = fs.statSync(fs.existsSync(gzipped) ? gzipped : path.join(dist, fileName)).size;
  if (bytes > EMBED_BUDGET_BYTES) isEmbedOverBudget = true;
  console.log(`/${fileName.padEnd(27)} ${kb(bytes).padStart(8)} gzipped (budget ${kb(EMBED_BUDGET_BYTES)})  ${bytes > EMBED_BUDGET_BYTES ? 'OVER BUDGET' : 'ok'}`);
}
if (isEmbedOverBudget) {
  console.error('\nAn embed script is over 15 KB compressed: it loads on other sites, keep it small (decision 55).');
  process.exit(1);
}
