// Summarises a V8 CPU profile (`node --cpu-prof`) of a benchmark run: self time by package or
// project folder, and the heaviest functions. Only samples taken while the load ran are counted
// when --from/--to (ms since the profile started) are given.
//
//   npx node bench/summarise-cpu-profile.ts <file.cpuprofile> [--top 30] [--requests N]
//
// With --requests (how many requests the profiled run served), costs are also given in
// microseconds of CPU per request, by kind of work (the table in bench/README.md).
import fs from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error('usage: summarise-cpu-profile.ts <file.cpuprofile> [--top N]');
const option = (name: string) => (rest.includes(name) ? Number(rest[rest.indexOf(name) + 1]) : NaN);
const top = option('--top') || 25;
const requests = option('--requests');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** The package (node_modules/<name>), the project folder (src/server/http), node's own, or V8's. */
function groupOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return url;
  const project = /\/(src|bench|tests)\/(.*)\/[^/]+$/.exec(url);
  if (project) return `${project[1]}/${project[2]}`;
  return url;
}

/** The kind of work a package or folder does, for the per-request table. */
function kindOf(group: string, functionName: string): string {
  if (group === '(idle)') return 'idle (waiting for the network or the load generator)';
  if (group === '(garbage collector)') return 'garbage collection';
  if (/^wasm:|@electric-sql\/pglite|^pg$|pg-protocol|pg-pool/.test(group)) return 'database (PGlite or the pg driver)';
  if (group === 'drizzle-orm') return 'SQL building and row mapping (drizzle)';
  if (/undici|@hono\/node-server|webstreams/.test(group)) return 'Request, Headers and Response objects (undici, @hono/node-server)';
  if (group === 'hono') return 'routing and middleware (hono)';
  if (group === 'prom-client') return 'metrics (prom-client)';
  if (group === 'pino' || group === 'sonic-boom') return 'request logging (pino)';
  if (group === 'lru-cache' || group === 'src/server/http') return 'Marquee http/ (guards, cache, fast path)';
  if (group.startsWith('src/')) return 'Marquee features';
  if (/^node:(_http|net|internal\/stream|internal\/streams|stream)/.test(group) || functionName === 'writev' || functionName === 'writeUtf8String' || functionName === 'writeBuffer') return 'HTTP parsing and socket writes (node:http)';
  if (functionName === 'JSON.stringify' || functionName === 'stringify' || functionName === 'parse') return 'JSON';
  if (/zlib|brotli/i.test(group + functionName)) return 'compression';
  if (group === 'node:inspector') return 'the profiler itself';
  return 'other (Node internals, timers, promises)';
}

const selfByKind = new Map<string, number>();
const selfByGroup = new Map<string, number>();
const selfByFunction = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const node = byId.get(id)!;
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  const { url, functionName, lineNumber } = node.callFrame;
  const group = groupOf(url, functionName);
  selfByGroup.set(group, (selfByGroup.get(group) ?? 0) + dt);
  const kind = kindOf(group, functionName);
  selfByKind.set(kind, (selfByKind.get(kind) ?? 0) + dt);
  const fn = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(src|bench)\//, '$1/')}:${lineNumber + 1}`;
  selfByFunction.set(fn, (selfByFunction.get(fn) ?? 0) + dt);
});

const pct = (us: number) => `${((100 * us) / total).toFixed(1)}%`;
const rows = (map: Map<string, number>, limit = top) => [...map].sort((a, b) => b[1] - a[1]).slice(0, limit);
console.log(`Profile: ${(total / 1e6).toFixed(1)} s sampled\n\nSelf time by package or folder:`);
for (const [group, us] of rows(selfByGroup)) console.log(`${pct(us).padStart(6)}  ${group}`);
console.log('\nHeaviest functions (self time):');
for (const [fn, us] of rows(selfByFunction)) console.log(`${pct(us).padStart(6)}  ${fn}`);
if (Number.isFinite(requests) && requests > 0) {
  console.log(`\nCPU per request (${requests} requests; µs, idle excluded from the total):`);
  let busy = 0;
  for (const [kind, us] of rows(selfByKind, Infinity)) {
    if (kind.startsWith('idle')) continue;
    busy += us;
    console.log(`${(us / requests).toFixed(1).padStart(8)}  ${kind}`);
  }
  console.log(`${(busy / requests).toFixed(1).padStart(8)}  total`);
}
