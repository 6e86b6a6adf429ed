// Builds the door app (issue 24) for `npm start`, unless dist/door was built from the same sources:
// its build (the service worker's precache included) is the slower of the two, and a restart on
// an unchanged checkout need not wait for it. `npm run build` and the tests always build it.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const INPUTS = ['src/door', 'src/core', 'src/client/theme.css', 'vite.door.config.ts', 'scripts/precompress-plugin.ts', 'package-lock.json'];
const STAMP = path.join('dist', 'door', '.sources-sha256');

function filesUnder(entry: string): string[] {
  if (!fs.existsSync(entry)) return [];
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs.readdirSync(entry).sort().flatMap((name) => filesUnder(path.join(entry, name)));
}

const hash = createHash('sha256');
for (const file of INPUTS.flatMap(filesUnder)) hash.update(file).update('\0').update(fs.readFileSync(file));
const digest = hash.digest('hex');

if (fs.existsSync(path.join('dist', 'door', 'index.html')) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === digest) {
  console.log('Door app: up to date (dist/door).');
} else {
  execFileSync(process.execPath, [path.join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '-c', 'vite.door.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  fs.writeFileSync(STAMP, digest);
}
