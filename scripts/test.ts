// `npm test`: typecheck, unit and integration tests (Vitest), a production build, then the
// browser tests (Playwright in the system Chromium). Never skips the browser tests silently.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `\nThe browser tests need Chromium at ${chromium}, and it is not installed.\n` +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      '(or set CHROMIUM_PATH to another Chromium binary), then run `npm test` again.\n',
  );
  process.exit(1);
}

const steps: [string, string[]][] = [
  ['tsc', ['-p', '.']],
  ['vitest', ['run']],
  ['vite', ['build', '--logLevel', 'warn']],
  ['playwright', ['test']],
];
for (const [command, args] of steps) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
