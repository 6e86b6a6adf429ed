// The JavaScript a public route transfers before it is usable, brotli-compressed as the server
// sends it: the entry with its static imports, plus the route's lazy module with its own. Fails
// `npm test` when a route grows past its budget. Run after `vite build`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Issue 6: a public route transfers at most 90 KB of compressed JavaScript before it is usable. */
export const BUDGET_BYTES = 90 * 1024;

const ROUTES: Record<string, string | null> = {
  'home /': 'features/home/home-page.tsx',
  'region /chicago': 'features/regions/region-page.tsx',
  'band site {slug}.host': 'features/sites/subdomain-site.tsx',
  'band site /band/{name}': 'features/sites/band-site.tsx',
  'venue /venue/{name}': 'features/directories/venue-page.tsx',
  'open jam /open-jam': 'features/jam/open-jam-page.tsx',
  'gear swap /gear-swap': 'features/gear/gear-swap-page.tsx',
};

type Chunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string };

const dist = path.resolve('dist/client');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

function withStaticImports(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
}

const brotliSize = (file: string) => zlib.brotliCompressSync(fs.readFileSync(path.join(dist, file))).length;
const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let isOverBudget = false;
for (const [route, module] of Object.entries(ROUTES)) {
  const files = withStaticImports(entryKey);
  if (module) {
    const key = Object.keys(manifest).find((k) => k.endsWith(module));
    if (!key) throw new Error(`No chunk for ${module} in the build manifest.`);
    withStaticImports(key, files);
  }
  const total = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + brotliSize(f), 0);
  const verdict = total > BUDGET_BYTES ? 'OVER BUDGET' : 'ok';
  if (total > BUDGET_BYTES) isOverBudget = true;
  console.log(`${route.padEnd(26)} ${kb(total).padStart(9)} brotli  (budget ${kb(BUDGET_BYTES)})  ${verdict}`);
}
if (isOverBudget) {
  console.error('\nA public route loads more JavaScript than its budget: split what only signed-in screens or opened forms need.');
  process.exit(1);
}
