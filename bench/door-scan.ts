// The door's offline verification benchmark (issue 24): target under 20 ms a scan in the browser.
// The door app's own decision code (src/door/decide.ts: Ed25519 signature check with WebCrypto,
// the ticket's ref, the list lookup) runs in Chromium over a 5,000-ticket admission list, for
// codes of tickets on the list, bought after the download, and forged.
//
//   npx node bench/door-scan.ts            (npm run bench:door-scan)
//
// Settings (environment): BENCH_TICKETS (5000), BENCH_SCANS (600).
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { requireChromium } from '../scripts/find-chromium.ts';
import { signedCodeBody, ticketRef, toBase64Url } from '../src/core/door-codes.ts';
import type { DoorTicket } from '../src/core/schemas/door.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TICKETS = Number(process.env.BENCH_TICKETS ?? 5000);
const SCANS = Number(process.env.BENCH_SCANS ?? 600);
const TARGET_MS = 20;

// The browser bundle of the door's decision code, as the door app builds it.
const bundled = await build({
  configFile: false,
  logLevel: 'silent',
  build: { write: false, minify: true, lib: { entry: path.join(HERE, 'door-scan-entry.ts'), formats: ['iife'], name: 'DoorBench', fileName: 'door-bench' } },
});
const output = (Array.isArray(bundled) ? bundled[0] : bundled) as { output: { type: string; code?: string }[] };
const script = output.output.find((o) => o.type === 'chunk')!.code!;

const gigId = randomUUID();
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const keys = [{ id: 'k1', publicKey: toBase64Url(publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)), retiredAt: null }];
const signCode = (ticketId: string) => {
  const body = signedCodeBody('k1', ticketId, gigId);
  return `${body}.${toBase64Url(sign(null, Buffer.from(body), privateKey))}`;
};
const ids = Array.from({ length: TICKETS }, () => randomUUID().replaceAll('-', ''));
const tickets: DoorTicket[] = await Promise.all(ids.map(async (id, i) => ({ ref: await ticketRef(id), status: i % 20 === 0 ? 'refunded' : 'valid', typeName: 'General', holderLabel: `Holder ${i}`, usedAt: null, usedByDevice: null })));
// Two thirds on the list, one sixth bought after the download, one sixth forged.
const codes = Array.from({ length: SCANS }, (_, i) => {
  if (i % 6 === 4) return signCode(randomUUID().replaceAll('-', ''));
  const code = signCode(ids[(i * 7919) % TICKETS]!);
  return i % 6 === 5 ? code.slice(0, -3) + (code.endsWith('AAA') ? 'BBB' : 'AAA') : code;
});

const found = await requireChromium();
const browser = await chromium.launch({ executablePath: found.executablePath, args: found.args });
const page = await browser.newPage();
// WebCrypto needs a secure context: the page is served (by the test browser itself) over https.
await page.route('https://door-bench.test/', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>door bench</title>' }));
await page.goto('https://door-bench.test/');
await page.addScriptTag({ content: script });
const { ms, kinds } = await page.evaluate(
  async (input) => (globalThis as unknown as { DoorBench: { run: (i: typeof input) => Promise<{ ms: number[]; kinds: Record<string, number> }> } }).DoorBench.run(input),
  { gigId, keys, tickets, codes },
);
await browser.close();

const sorted = [...ms].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const result = {
  date: new Date().toISOString().slice(0, 10),
  browser: found.version,
  machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100) },
  settings: { tickets: TICKETS, scans: SCANS },
  decisions: kinds,
  msPerScan: { median: +at(0.5).toFixed(2), p95: +at(0.95).toFixed(2), max: +sorted.at(-1)!.toFixed(2) },
  targetMs: TARGET_MS,
  meetsTarget: at(0.95) < TARGET_MS,
};
console.log(`Offline verification in ${found.version}, ${TICKETS} tickets on the list, ${SCANS} scans (${JSON.stringify(kinds)}):`);
console.log(`  median ${result.msPerScan.median} ms, p95 ${result.msPerScan.p95} ms, max ${result.msPerScan.max} ms a scan (target < ${TARGET_MS} ms): ${result.meetsTarget ? 'ok' : 'MISSED'}`);
await fs.mkdir(path.join(HERE, 'results'), { recursive: true });
await fs.writeFile(path.join(HERE, 'results', 'door-scan.json'), `${JSON.stringify(result, null, 2)}\n`);
