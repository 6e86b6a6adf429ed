// `npm run lighthouse`: Lighthouse's mobile preset against the production server with the demo
// scene, for the home, region and band-site pages and the public ticket screens (issue 34): /tickets
// for a gig on sale, a paid order's /success and its ticket's page. Prints performance, LCP, CLS and TBT
// (LIGHTHOUSE_RUNS=3: each page's median run, for a busy machine).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { requireChromium } from './find-chromium.ts';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3299);
const base = `http://localhost:${PORT}`;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const PAGES: Record<string, string> = { home: `${base}/`, 'region /chicago': `${base}/chicago`, 'band site': `http://thevelvetstatic.localhost:${PORT}/` };

/** A demo gig on sale: /tickets sells it. */
async function gigOnSale(): Promise<string> {
  const { gigs } = (await (await fetch(`${base}/api/gigs`)).json()) as { gigs: { id: string; ticketPriceCents: number | null; isSoldOut: boolean }[] };
  const gig = gigs.find((g) => g.ticketPriceCents !== null && !g.isSoldOut);
  if (!gig) throw new Error('The demo scene has no gig on sale.');
  return gig.id;
}

/** A fan's paid order of a demo gig, bought over the API and paid on the sandbox checkout: /success shows it, and links its ticket's page. */
async function paidOrder(gigId: string): Promise<{ sessionId: string; ticketPagePath: string }> {
  const checkout = await fetch(`${base}/api/tickets/checkout`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ gigId, email: `lighthouse-${Date.now()}@example.com`, quantity: 1 }) });
  const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop()!;
  await fetch(`${base}/sandbox/checkout/${sessionId}`, { method: 'POST', body: new URLSearchParams({ action: 'pay', card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }), redirect: 'manual' });
  for (let i = 0; i < 40; i++) {
    const { ticket } = (await (await fetch(`${base}/api/tickets/checkout/${sessionId}`)).json()) as { ticket: { pagePath: string } | null };
    if (ticket) return { sessionId, ticketPagePath: ticket.pagePath };
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The paid order was not issued.');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-lighthouse-'));
const server = spawn(process.execPath, ['src/server/main.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, PUBLIC_URL: base, DEMO_DATA: 'true', LOG_LEVEL: 'warn', TZ: 'UTC' },
});
const stop = () => {
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
};

try {
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) break;
    if (i > 120) throw new Error('The server did not start.');
    await new Promise((r) => setTimeout(r, 500));
  }
  const gigId = await gigOnSale();
  const order = await paidOrder(gigId);
  PAGES['tickets /tickets'] = `${base}/tickets?gigId=${gigId}`;
  PAGES['paid /success'] = `${base}/success?session_id=${order.sessionId}`;
  PAGES['ticket page'] = `${base}${order.ticketPagePath}`;
  const chromium = await requireChromium();
  const chrome = await chromeLauncher.launch({ chromePath: chromium.executablePath, chromeFlags: ['--headless=new', ...chromium.args] });
  try {
    console.log(`Lighthouse ${'mobile'} preset, ${chromium.version}\n`);
    console.log('page'.padEnd(18), 'perf', '  LCP    ', ' CLS  ', ' TBT');
    for (const [name, url] of Object.entries(PAGES)) {
      await fetch(url).catch(() => undefined); // warm the public cache, as a visitor after the first would find it (Node cannot resolve *.localhost)
      // On a busy machine one run's blocking time varies: LIGHTHOUSE_RUNS=3 prints each page's median run by score.
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) runs.push((await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' }))!.lhr);
      const score = (lhr: Result) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const lhr = runs.sort((a, b) => score(a) - score(b))[Math.floor(runs.length / 2)]!;
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      console.log(
        name.padEnd(18),
        String(score(lhr)).padStart(4),
        `${(audit('largest-contentful-paint') / 1000).toFixed(1)} s`.padStart(8),
        audit('cumulative-layout-shift').toFixed(3).padStart(6),
        `${Math.round(audit('total-blocking-time'))} ms`.padStart(7),
        RUNS > 1 ? `  (median of ${runs.map(score).join(', ')})` : '',
      );
    }
  } finally {
    chrome.kill();
  }
} finally {
  stop();
}
