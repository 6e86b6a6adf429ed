// `npm test`: lint (ESLint, cached, as `npm run lint`), typecheck, unit and integration tests (Vitest), a
// production build with its public JavaScript budget, then the browser tests (Playwright in Chromium).
// Never skips the browser tests silently.
import { spawnSync } from 'node:child_process';
import { requireChromium } from './find-chromium.ts';

// Found first, so that a machine with no usable Chromium hears so at once, not after the build.
const chromium = await requireChromium();
const browserNote = `Browser tests: ${chromium.version} (${chromium.source}: ${chromium.executablePath})`;
console.log(browserNote);

const steps: [string, string[]][] = [
  ['eslint', ['--cache', '--cache-location', 'node_modules/.cache/eslint/', '.']],
  ['tsc', ['-p', '.']],
  ['vitest', ['run']],
  ['vite', ['build', '--logLevel', 'warn']],
  // The door app (issue 24), built apart so the public pages' budget above is the main client's alone.
  ['vite', ['build', '-c', 'vite.door.config.ts', '--logLevel', 'warn']],
  ['node', ['scripts/check-bundle-size.ts']],
  ['playwright', ['test']],
];
// Each step's time, printed when it ends and together at the end (issue 36).
const times: string[] = [];
for (const [command, args] of steps) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium.executablePath },
  });
  times.push(`${command} ${args[0] ?? ''}: ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`[test] ${times.at(-1)}`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
console.log(`\n${browserNote}\n[test] ${times.join(' · ')}`);
