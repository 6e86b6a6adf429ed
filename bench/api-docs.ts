// Issue 35: how soon the API reference page (/api/v1/docs) shows something useful, in Chromium
// against the production server (no demo scene: the page needs none). Each run is a new browser
// context, so nothing is cached. Prints, per network profile, the median and worst of:
//   first text   - first contentful paint: the page's own getting-started block (key, first call)
//   reference    - the reference's first operation ('Upcoming gigs') drawn by its script
//   bytes        - what the page and its files took over the wire
// The target is first text under 2 s on a laptop.
//
//   npx node bench/api-docs.ts                 (npm run bench:api-docs)
//   BENCH_RUNS=9 npx node bench/api-docs.ts
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { requireChromium } from '../scripts/find-chromium.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3298);
const base = `http://localhost:${PORT}`;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
/** Loopback, and a laptop on ordinary home broadband (20 Mbit/s down, 5 up, 30 ms round trips). */
const PROFILES = [
  { name: 'loopback', conditions: null },
  { name: 'broadband 20 Mbit/s, 30 ms', conditions: { offline: false, latency: 30, downloadThroughput: (20e6 / 8) | 0, uploadThroughput: (5e6 / 8) | 0 } },
] as const;

type Run = { firstText: number; reference: number; bytes: number };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-docs-'));
const server = spawn(process.execPath, ['src/server/main.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, PUBLIC_URL: base, DEMO_DATA: 'false', LOG_LEVEL: 'warn', TZ: 'UTC' },
});
const stop = () => {
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`;

try {
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) break;
    if (i > 240) throw new Error('The server did not start.');
    await new Promise((r) => setTimeout(r, 500));
  }
  const found = await requireChromium();
  const browser = await chromium.launch({ executablePath: found.executablePath, args: found.args });
  console.log(`API reference page, ${RUNS} cold loads per profile, ${found.source} Chromium ${found.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`);
  try {
    for (const profile of PROFILES) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
        const page = await context.newPage();
        if (profile.conditions) {
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', profile.conditions);
        }
        await page.goto(`${base}/api/v1/docs`, { waitUntil: 'commit' });
        await page.getByRole('heading', { name: 'Marquee public API: getting started' }).waitFor();
        await page.getByText('Upcoming gigs').first().waitFor({ timeout: 60_000 });
        const reference = await page.evaluate(() => performance.now());
        const figures = await page.evaluate(() => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[];
          return { firstText: paint?.startTime ?? Number.NaN, bytes: entries.reduce((sum, e) => sum + e.transferSize, 0) };
        });
        runs.push({ ...figures, reference });
        await context.close();
      }
      const of = (key: keyof Run) => runs.map((r) => r[key]);
      console.log(
        `${profile.name.padEnd(28)} first text ${ms(median(of('firstText')))} (worst ${ms(Math.max(...of('firstText')))})` +
          ` · reference ${ms(median(of('reference')))} (worst ${ms(Math.max(...of('reference')))})` +
          ` · ${(median(of('bytes')) / 1024).toFixed(0)} KB over the wire`,
      );
    }
  } finally {
    await browser.close();
  }
} finally {
  stop();
}
