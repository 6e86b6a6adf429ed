// Load benchmark of the public data endpoints on a large scene, next to a plain node:http server
// answering with the same bytes from memory. See bench/README.md.
//
//   npx node bench/public-pages.ts            (npm run bench)
//   BENCH_SECONDS=5 npx node bench/public-pages.ts
//
// Settings (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (64), BENCH_WARMUP_SECONDS (2),
// BENCH_VENUES (2000), BENCH_BANDS (10000), BENCH_GIGS (100000), BENCH_HTML (0: set 1 to also
// measure a band subdomain's server-rendered HTML page), BENCH_ONLY (comma-separated endpoint
// names), DATABASE_URL (measure on a scratch database on that PostgreSQL server instead of
// in-memory PGlite). Traffic goes to 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../src/server/app.ts';
import type { Database } from '../src/server/db/client.ts';
import { prepareDatabase } from '../src/server/db/prepare-database.ts';
import { readEnv } from '../src/server/env.ts';
import { createLogger } from '../src/server/logger.ts';
import { createServices } from '../src/server/create-services.ts';
import { serveApp } from '../src/server/http/serve-app.ts';
import { createStorage } from '../src/server/storage/create-storage.ts';
import type { LoadResult } from './load.ts';
import { benchBandSlug, benchVenueRegion, benchVenueSlug, seedLargeScene } from './seed-large-scene.ts';
import { openScratchDatabase } from '../tests/helpers/test-database.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(HERE, 'results');
const PUBLIC_URL = 'http://localhost:3000';

const int = (name: string, fallback: number, min = 1) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min} (got ${JSON.stringify(raw)})`);
  return value;
};

const settings = {
  seconds: int('BENCH_SECONDS', 10),
  connections: int('BENCH_CONNECTIONS', 64),
  warmupSeconds: int('BENCH_WARMUP_SECONDS', 2, 0),
  scene: { venues: int('BENCH_VENUES', 2000, 3), bands: int('BENCH_BANDS', 10000, 1), gigs: int('BENCH_GIGS', 100000, 1) },
  html: ['1', 'true', 'yes'].includes(process.env.BENCH_HTML ?? ''),
  only: (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  /** Accept-Encoding values to measure each endpoint with ('' sends none): none, then as browsers send it. */
  encodings: (process.env.BENCH_ENCODINGS ?? 'none;br, gzip').split(';').map((e) => (e.trim() === 'none' ? '' : e.trim())),
  /** A folder: write a CPU profile of the server during each endpoint's measured Marquee run there. */
  profileDir: process.env.BENCH_PROFILE_DIR ?? '',
};
if (settings.seconds > 120) throw new Error('BENCH_SECONDS is capped at 120 per run.');

// A partial run (some endpoints, a smaller scene) keeps its figures apart from the full ones.
const isFullRun = !settings.only.length && settings.scene.venues >= 2000 && settings.scene.bands >= 10000 && settings.scene.gigs >= 100000;
const resultsName = process.env.BENCH_RESULTS_NAME || (isFullRun ? 'public-pages' : 'public-pages-partial');

// A venue in chicagoland (so the region page and the venue share a region) and a band, both in
// the middle of the id range; any would do, every venue and band has gigs.
const venueIndex = [...Array(30).keys()].map((i) => Math.floor(settings.scene.venues / 2) + i).find((i) => benchVenueRegion(i) === 'chicagoland')!;
const bandIndex = Math.floor(settings.scene.bands / 2) + 1;

/** The date `days` from today (UTC), as /gigs takes it. */
function isoDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

type Endpoint = { name: string; path: string; host?: string; what: string };

const endpoints: Endpoint[] = [
  { name: 'home', path: '/api/gigs/home', what: 'next 25 upcoming approved gigs everywhere' },
  { name: 'region', path: '/api/regions/chicago/gigs', what: 'region + next 6 gigs in chicagoland' },
  { name: 'band', path: `/api/bands/site?name=${benchBandSlug(bandIndex)}`, what: 'slug lookup, profile, up to 50 upcoming gigs' },
  { name: 'venue', path: `/api/venues/page?name=${benchVenueSlug(venueIndex)}`, what: 'slug lookup, venue, up to 50 upcoming gigs' },
  { name: 'gigs', path: `/api/gigs?region=chicagoland&from=${isoDay(7)}&to=${isoDay(13)}&page=2`, what: '/gigs filtered by region and a week: one page of 20, and the total' },
];
if (settings.html) {
  endpoints.push({ name: 'band-html', path: '/', host: `${benchBandSlug(bandIndex)}.${new URL(PUBLIC_URL).host}`, what: 'band subdomain page: index.html with meta + JSON-LD' });
}
const selected = settings.only.length ? endpoints.filter((e) => settings.only.includes(e.name)) : endpoints;
if (selected.length === 0) throw new Error(`BENCH_ONLY matched no endpoint (have ${endpoints.map((e) => e.name).join(', ')})`);

// ---------- database ----------

/** In-memory PGlite, or a scratch database on DATABASE_URL's server, dropped again on close. */
/** Embedded PGlite, or a scratch database on DATABASE_URL with the pool size main.ts uses. */
const openBenchDatabase = () => openScratchDatabase({ prefix: 'marquee_bench', poolSize: 10 });

type CapturedQuery = { text: string; params: unknown[] };
type QueryFn = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Counts (and records) the SQL statements sent while `fn` runs, by wrapping the PGlite instance's
 * or the pg pool's `query` (what Drizzle calls) for that moment only; the load runs unwrapped.
 */
async function captureQueries(database: Database, fn: () => Promise<void>): Promise<CapturedQuery[]> {
  const target = (database.pglite ?? database.pool) as unknown as { query: (...args: unknown[]) => unknown };
  const original = target.query;
  const captured: CapturedQuery[] = [];
  target.query = function (this: unknown, ...args: unknown[]) {
    const [q, p] = args as [string | { text: string; values?: unknown[] }, unknown];
    captured.push({ text: typeof q === 'string' ? q : q.text, params: Array.isArray(p) ? p : typeof q === 'string' ? [] : (q.values ?? []) });
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    target.query = original;
  }
  return captured;
}

function rawQuery(database: Database): QueryFn {
  if (database.pglite) return (text, params) => database.pglite!.query(text, params);
  return (text, params) => database.pool!.query(text, params);
}

type PlanReport = { sql: string; params: unknown[]; plan: string; executionMs: number | null; seqScanOnGigs: boolean; concern: string | null };

/** EXPLAIN (ANALYZE, BUFFERS) of every statement an endpoint sent that reads gigs. */
async function explainQueries(query: QueryFn, captured: CapturedQuery[]): Promise<PlanReport[]> {
  const reports: PlanReport[] = [];
  for (const { text, params } of captured) {
    if (!/\bgigs\b/.test(text)) continue;
    const { rows } = await query(`explain (analyze, buffers) ${text}`, params);
    const plan = rows.map((r) => String(Object.values(r)[0])).join('\n');
    const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
    const seqScanOnGigs = /Seq Scan on gigs\b/.test(plan);
    const concerns = [seqScanOnGigs && 'sequential scan of gigs', executionMs > 20 && `execution ${executionMs} ms > 20 ms`].filter(Boolean);
    reports.push({ sql: text, params, plan, executionMs: Number.isFinite(executionMs) ? executionMs : null, seqScanOnGigs, concern: concerns.length ? concerns.join('; ') : null });
  }
  return reports;
}

// ---------- servers and load ----------

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** A plain node:http server answering every request with the given status, headers and bytes. */
async function startPlainServer(status: number, headers: Record<string, string>, body: Buffer) {
  const allHeaders = { ...headers, 'content-length': String(body.length) };
  const server = http.createServer((_req, res) => {
    res.writeHead(status, allHeaders);
    res.end(body);
  });
  const port = await listen(server);
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Fetched = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One GET over node:http (fetch would drop a Host header, which band subdomain pages need). */
function httpGet(url: string, headers: Record<string, string>): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
  });
}

/** Headers of Marquee's response the plain server repeats (all but the per-connection ones). */
function replayableHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (!skip.has(key) && value !== undefined) out[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Runs the load generator in its own process, bounded by a hard timeout. */
function runLoad(url: string, seconds: number, headers: Record<string, string>): Promise<LoadResult> {
  const script = path.join(HERE, 'load.ts');
  const args = JSON.stringify({ url, connections: settings.connections, seconds, headers });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), (seconds + 30) * 1000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()!) as LoadResult);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/**
 * Runs `fn` under V8's sampling profiler (the server runs in this process; the load generator does
 * not) and writes `<BENCH_PROFILE_DIR>/<name>.cpuprofile`, to read with summarise-cpu-profile.ts
 * or Chromium's DevTools.
 */
async function profiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await fs.mkdir(settings.profileDir, { recursive: true });
    await fs.writeFile(path.join(settings.profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}

/** Asks again with the answer's ETag: a cached public answer must say 304 with no body. */
async function checkRevalidation(url: string, headers: Record<string, string>, first: Fetched): Promise<string> {
  const etag = first.headers.etag;
  if (!etag) return 'no ETag';
  const again = await httpGet(url, { ...headers, 'if-none-match': etag });
  return again.status === 304 && again.body.length === 0 ? `ETag ${etag.startsWith('W/') ? 'weak' : 'strong'}, 304` : `ETag, but ${again.status}`;
}

const failures = (r: LoadResult) => r.errors + r.timeouts + r.non2xx;

/** Marquee's requests per second over the plain server's, to 4 significant digits. */
const ratioOf = (marquee: LoadResult, plain: LoadResult) =>
  plain.requestsPerSecond ? Number((marquee.requestsPerSecond / plain.requestsPerSecond).toPrecision(4)) : 0;

/** A ratio as a percentage with 2 significant digits: 0.00102 -> "0.10%", 0.35 -> "35%". */
const percent = (ratio: number) => `${ratio >= 0.1 ? (ratio * 100).toFixed(0) : (ratio * 100).toPrecision(2)}%`;

// ---------- main ----------

type Row = {
  endpoint: string;
  path: string;
  host?: string;
  what: string;
  /** What the load generator sent as Accept-Encoding ('' for none) and what came back. */
  acceptEncoding?: string;
  contentEncoding?: string | null;
  responseBytes: number;
  uncompressedBytes?: number;
  /** What a repeated request with the answer's ETag in If-None-Match got. */
  revalidation?: string;
  contentType: string;
  items: number | null;
  sqlQueries: number;
  marquee: LoadResult;
  plain: LoadResult;
  ratio: number;
  loadAverageBefore: number[];
};

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main() {
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg().map((n) => Math.round(n * 100) / 100);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-bench-'));
  const env = readEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_URL,
    DEMO_DATA: 'false',
    // Request logs cost time: BENCH_LOG_LEVEL=info measures them (written to the console's stderr).
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    // The server's default (5 s); BENCH_CACHE_SECONDS=0 measures every request hitting the database.
    PUBLIC_CACHE_SECONDS: process.env.BENCH_CACHE_SECONDS ?? '5',
  });
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openBenchDatabase();
  const cleanup: (() => Promise<unknown>)[] = [() => fs.rm(dataDir, { recursive: true, force: true }), () => database.close()];
  try {
    console.log(`Database: ${database.kind === 'pglite' ? 'embedded PGlite (in memory)' : 'PostgreSQL (scratch database)'}`);
    console.log(`Public data cache: ${env.PUBLIC_CACHE_SECONDS > 0 ? `${env.PUBLIC_CACHE_SECONDS} s (the default)` : 'off'}`);
    const t = performance.now();
    await prepareDatabase(database, { isDemoDataEnabled: false, storage: await createStorage(env), logger });
    console.log(`Migrated and seeded regions in ${fmt((performance.now() - t) / 1000, 1)} s`);
    const scene = await seedLargeScene(database.db, settings.scene);
    console.log(
      `Seeded ${fmt(scene.venues)} venues, ${fmt(scene.bands)} bands, ${fmt(scene.gigs)} gigs in ${fmt(scene.ms / 1000, 1)} s ` +
        `(${scene.steps.map((s) => `${s.step} ${fmt(s.ms / 1000, 1)} s`).join(', ')})`,
    );

    const services = await createServices(env, database, logger, { isRateLimitEnabled: false, startJobs: false, listenLive: false });
    cleanup.unshift(() => services.close());
    const app = createApp(services);
    const server = await new Promise<http.Server>((resolve) => {
      const s = serveApp(app, { port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    cleanup.unshift(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const marqueePort = (server.address() as AddressInfo).port;
    const query = rawQuery(database);

    console.log(
      `\nLoad: ${settings.connections} connections, ${settings.seconds} s per run after a ${settings.warmupSeconds} s warm-up, ` +
        `autocannon in a child process on the same ${os.availableParallelism()} cores as the server.\n`,
    );

    const rows: Row[] = [];
    const plans: Record<string, PlanReport[]> = {};
    for (const endpoint of selected) {
      const marqueeUrl = `http://127.0.0.1:${marqueePort}${endpoint.path}`;
      const hostHeader: Record<string, string> = endpoint.host ? { host: endpoint.host } : {};

      // One request with the SQL counted (the cache is empty for it), checked for what it lists.
      let first!: Fetched;
      const captured = await captureQueries(database, async () => {
        first = await httpGet(marqueeUrl, hostHeader);
      });
      if (first.status !== 200) throw new Error(`${endpoint.name}: ${endpoint.path} answered ${first.status}: ${first.body.toString('utf8').slice(0, 300)}`);
      const contentType = first.headers['content-type'] ?? '';
      let items: number | null = null;
      if (contentType.includes('json')) {
        const json = JSON.parse(first.body.toString('utf8')) as { gigs?: unknown[]; band?: { gigs?: unknown[] } };
        items = (json.gigs ?? json.band?.gigs)?.length ?? null;
        if (!items) throw new Error(`${endpoint.name}: the response lists no gigs; the scene is not what the benchmark expects.`);
      }
      if (endpoint.host && !first.body.toString('utf8').includes(`${endpoint.host}/`)) throw new Error(`${endpoint.name}: the page is not the band site of ${endpoint.host}.`);
      plans[endpoint.name] = await explainQueries(query, captured);
      const revalidation = await checkRevalidation(marqueeUrl, hostHeader, first);

      for (const encoding of settings.encodings) {
        const headers = encoding ? { ...hostHeader, 'accept-encoding': encoding } : hostHeader;
        // The bytes this request gets, for the plain server to answer with.
        const response = await httpGet(marqueeUrl, headers);
        const { body } = response;
        const plain = await startPlainServer(response.status, replayableHeaders(response.headers), body);
        const label = `${endpoint.name}${response.headers['content-encoding'] ? ` (${response.headers['content-encoding']})` : ''}`;
        try {
          const plainUrl = `http://127.0.0.1:${plain.port}${endpoint.path}`;
          const measure = async (url: string) => {
            if (settings.warmupSeconds > 0) await runLoad(url, settings.warmupSeconds, headers);
            const loadAverageBefore = os.loadavg();
            return { result: await runLoad(url, settings.seconds, headers), loadAverageBefore };
          };
          const m = settings.profileDir ? await profiled(label.replace(/\W+/g, '-'), () => measure(marqueeUrl)) : await measure(marqueeUrl);
          const p = await measure(plainUrl);
          const row: Row = {
            endpoint: label,
            path: endpoint.path,
            host: endpoint.host,
            what: endpoint.what,
            acceptEncoding: encoding,
            contentEncoding: response.headers['content-encoding'] ?? null,
            responseBytes: body.length,
            uncompressedBytes: first.body.length,
            contentType,
            items,
            sqlQueries: captured.length,
            revalidation,
            marquee: m.result,
            plain: p.result,
            ratio: ratioOf(m.result, p.result),
            loadAverageBefore: m.loadAverageBefore.map((n) => Math.round(n * 100) / 100),
          };
          rows.push(row);
          console.log(
            `${label.padEnd(12)} Marquee ${fmt(m.result.requestsPerSecond).padStart(7)} req/s p50 ${fmt(m.result.latencyMs.p50, 1)} ms p99 ${fmt(m.result.latencyMs.p99, 1)} ms | ` +
              `plain ${fmt(p.result.requestsPerSecond).padStart(7)} req/s p50 ${fmt(p.result.latencyMs.p50, 1)} ms p99 ${fmt(p.result.latencyMs.p99, 1)} ms | ` +
              `ratio ${percent(row.ratio)} | ${fmt(body.length)} B, ${captured.length} SQL, ${revalidation}` +
              (failures(m.result) || failures(p.result) ? ` | FAILURES Marquee ${failures(m.result)}, plain ${failures(p.result)}` : ''),
          );
        } finally {
          await plain.close();
        }
      }
    }

    const report = {
      benchmark: 'public-pages',
      resultsName,
      date: startedAt.toISOString(),
      machine: {
        cores: os.availableParallelism(),
        cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
        memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
        platform: `${os.platform()} ${os.release()}`,
        node: process.version,
        loadAverageAtStart,
      },
      database: database.kind,
      scene: { venues: scene.venues, bands: scene.bands, gigs: scene.gigs, seedSeconds: Math.round(scene.ms / 100) / 10, steps: scene.steps },
      load: {
        generator: 'autocannon (child process, same machine)',
        connections: settings.connections,
        seconds: settings.seconds,
        warmupSeconds: settings.warmupSeconds,
        pipelining: 1,
      },
      results: rows,
      plans,
      failures: rows.reduce((n, r) => n + failures(r.marquee) + failures(r.plain), 0),
    };
    const markdown = renderMarkdown(report);
    console.log(`\n${renderTable(rows)}`);
    const concerns = Object.entries(plans).flatMap(([name, list]) => list.filter((p) => p.concern).map((p) => ({ name, ...p })));
    for (const c of concerns) console.log(`\nQuery-plan concern (${c.name}): ${c.concern}\n${c.sql}\n${c.plan}`);
    if (!concerns.length) console.log('\nQuery plans: every statement reading gigs uses an index and runs under 20 ms.');

    await fs.mkdir(RESULTS_DIR, { recursive: true });
    await fs.writeFile(path.join(RESULTS_DIR, `${resultsName}.json`), `${JSON.stringify(report, null, 2)}\n`);
    await fs.writeFile(path.join(RESULTS_DIR, `${resultsName}.md`), markdown);
    console.log(`\nWrote ${path.relative(process.cwd(), path.join(RESULTS_DIR, resultsName))}.md and .json`);
    if (report.failures > 0) {
      console.error(`\n${report.failures} request(s) failed (errors, timeouts or non-2xx responses).`);
      process.exitCode = 1;
    }
  } finally {
    for (const step of cleanup) await step().catch((error: unknown) => console.error('cleanup:', error));
  }
}

function renderTable(rows: Row[]): string {
  const lines = [
    '| endpoint | Marquee req/s | p50 ms | p99 ms | plain node:http req/s | p50 ms | p99 ms | ratio (Marquee/plain req/s) | response | SQL/request |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.endpoint} | ${fmt(r.marquee.requestsPerSecond)} | ${fmt(r.marquee.latencyMs.p50, 1)} | ${fmt(r.marquee.latencyMs.p99, 1)} | ` +
        `${fmt(r.plain.requestsPerSecond)} | ${fmt(r.plain.latencyMs.p50, 1)} | ${fmt(r.plain.latencyMs.p99, 1)} | ${percent(ratioOf(r.marquee, r.plain))} | ` +
        `${fmt(r.responseBytes / 1024, 1)} KiB${r.items === null ? '' : `, ${r.items} gigs`} | ${r.sqlQueries} |`,
    );
  }
  return lines.join('\n');
}

function renderMarkdown(report: {
  resultsName: string;
  date: string;
  machine: { cores: number; cpu: string; memoryGiB: number; platform: string; node: string; loadAverageAtStart: number[] };
  database: string;
  scene: { venues: number; bands: number; gigs: number; seedSeconds: number };
  load: { connections: number; seconds: number; warmupSeconds: number };
  results: Row[];
  plans: Record<string, PlanReport[]>;
  failures: number;
}): string {
  const { machine, scene, load } = report;
  const planLines = Object.entries(report.plans).flatMap(([name, list]) =>
    list.map((p) => {
      const scans = [...new Set([...p.plan.matchAll(/(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: Backward)? (?:using (\S+) )?on (\S+)/g)].map((m) => `${m[1]}${m[2] ? ` ${m[2]}` : ''} on ${m[3]}`))];
      return `| ${name} | ${p.executionMs ?? '?'} | ${scans.join('; ')} | ${p.concern ?? 'none'} |`;
    }),
  );
  return [
    '# Public pages load benchmark',
    '',
    `- Date: ${report.date}`,
    `- Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, ${machine.platform}, Node ${machine.node}`,
    `- Database: ${report.database === 'pglite' ? 'embedded PGlite, in memory' : 'PostgreSQL server, scratch database'}`,
    `- Public data cache: ${process.env.BENCH_CACHE_SECONDS === '0' ? 'off (every request queries the database)' : '5 s (the server default)'}`,
    `- Scene: ${fmt(scene.venues)} venues, ${fmt(scene.bands)} bands, ${fmt(scene.gigs)} gigs (seeded in ${scene.seedSeconds} s)`,
    `- Load: ${load.connections} connections, ${load.seconds} s per run after a ${load.warmupSeconds} s warm-up, autocannon in a child process`,
    `- Load average (1/5/15 min) before the benchmark started: ${machine.loadAverageAtStart.join(' / ')}` +
      (machine.loadAverageAtStart[0]! >= 0.5 ? ' (other work was using the machine: figures are noisier and lower than on an idle one)' : ''),
    `- Failed requests (errors, timeouts, non-2xx): ${report.failures}`,
    '',
    'The load generator runs on the same cores as the server, so absolute figures are lower than on a',
    'dedicated machine; the ratio to the plain node:http server (same response bytes and headers, from',
    'memory, measured the same way) is the figure to compare across machines.',
    '',
    renderTable(report.results),
    '',
    '## Query plans (statements reading gigs, EXPLAIN ANALYZE on the seeded scene)',
    '',
    '| endpoint | execution ms | scans | concern |',
    '|---|---:|---|---|',
    ...planLines,
    '',
    `Full plans are in ${report.resultsName}.json (\`plans\`).`,
    '',
  ].join('\n');
}

/** `--render`: rewrites the markdown from the JSON of the last run (after a change to the format). */
async function renderOnly() {
  const file = path.join(RESULTS_DIR, `${resultsName}.json`);
  const report = JSON.parse(await fs.readFile(file, 'utf8')) as Parameters<typeof renderMarkdown>[0];
  for (const r of report.results) r.ratio = ratioOf(r.marquee, r.plain);
  await fs.writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  await fs.writeFile(path.join(RESULTS_DIR, `${resultsName}.md`), renderMarkdown(report));
  console.log(renderTable(report.results));
}

if (process.argv.includes('--render')) await renderOnly();
else await main();
