// Finds a Chromium for the browser tests and Lighthouse, so that a fresh machine needs nothing
// but `npm install`: CHROMIUM_PATH if set, else the system Chromium, else the Chromium that ships
// inside the @sparticuz/chromium npm package (unpacked into the temp folder on first use).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export type ChromiumSource = 'CHROMIUM_PATH' | 'system' | 'npm package @sparticuz/chromium';
export type FoundChromium = { executablePath: string; source: ChromiumSource; version: string; args: string[] };

/** The flags every launch here needs: no sandbox as root, no GPU, and no calls to the outside world. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The binary's version line, or null when it cannot run on this machine. */
function versionOf(executablePath: string): string | null {
  if (!existsSync(executablePath)) return null;
  const result = spawnSync(executablePath, ['--version', ...CHROMIUM_ARGS], { encoding: 'utf8', timeout: 30_000 });
  const line = result.stdout?.split('\n').find((l) => /chrom/i.test(l));
  return result.status === 0 && line ? line.trim() : null;
}

async function bundledChromium(): Promise<string | null> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  try {
    const { default: chromium } = await import('@sparticuz/chromium');
    return await chromium.executablePath();
  } catch {
    return null;
  }
}

type Candidate = [ChromiumSource, () => Promise<string | null> | string | null];

export async function findChromium(): Promise<FoundChromium | null> {
  const { CHROMIUM_PATH, CHROMIUM_SOURCE } = process.env;
  const system = SYSTEM_PATHS.map((p): Candidate => ['system', () => p]);
  const bundled: Candidate = ['npm package @sparticuz/chromium', bundledChromium];
  // CHROMIUM_SOURCE=system or =npm picks one of the two on a machine that has both.
  const candidates: Candidate[] = CHROMIUM_PATH
    ? [['CHROMIUM_PATH', () => CHROMIUM_PATH]]
    : CHROMIUM_SOURCE === 'npm'
      ? [bundled]
      : CHROMIUM_SOURCE === 'system'
        ? system
        : // The npm package's build is a headless shell: far lighter than the full browser's headless
          // mode on two shared cores (a booking story: 39 s against a 60 s timeout), so it goes first.
          [bundled, ...system];
  for (const [source, locate] of candidates) {
    const executablePath = await locate();
    const version = executablePath && versionOf(executablePath);
    if (executablePath && version) return { executablePath, source, version, args: CHROMIUM_ARGS };
  }
  return null;
}

export const CHROMIUM_MISSING_MESSAGE =
  '\nThe browser tests need Chromium, and none could be run here: CHROMIUM_PATH is not set, there is no\n' +
  'system Chromium, and the one in the @sparticuz/chromium npm package did not start (it needs Linux x64).\n' +
  'Install one with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
  '(or set CHROMIUM_PATH to another Chromium binary), then run `npm test` again.\n';

/** The Chromium to use, or the install instructions and exit 1 (browser tests are never skipped). */
export async function requireChromium(): Promise<FoundChromium> {
  const found = await findChromium();
  if (found) return found;
  console.error(CHROMIUM_MISSING_MESSAGE);
  process.exit(1);
}
