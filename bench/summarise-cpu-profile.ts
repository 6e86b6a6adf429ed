// Summarises a V8 CPU profile (`node --cpu-prof`) of a benchmark run: self time by package or
// project folder, and the heaviest functions. Only samples taken while the load ran are counted
// when --from/--to (ms since the profile started) are given.
//
//   npx node bench/summarise-cpu-profile.ts /tmp/prof/CPU.*.cpuprofile [--top 30]
import fs from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error('usage: summarise-cpu-profile.ts <file.cpuprofile> [--top N]');
const top = Number(rest[rest.indexOf('--top') + 1]) || 25;
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
  const fn = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(src|bench)\//, '$1/')}:${lineNumber + 1}`;
  selfByFunction.set(fn, (selfByFunction.get(fn) ?? 0) + dt);
});

const pct = (us: number) => `${((100 * us) / total).toFixed(1)}%`;
const rows = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
console.log(`Profile: ${(total / 1e6).toFixed(1)} s sampled\n\nSelf time by package or folder:`);
for (const [group, us] of rows(selfByGroup)) console.log(`${pct(us).padStart(6)}  ${group}`);
console.log('\nHeaviest functions (self time):');
for (const [fn, us] of rows(selfByFunction)) console.log(`${pct(us).padStart(6)}  ${fn}`);
