// The door benchmark (issue 24, decision 51): the speed targets, on PostgreSQL, are
//   - a 5,000-ticket admission list served in under 1 s of server time and under 300 KB compressed,
//   - 1,000 queued scans synced in under 2 s (one door's offline queue; and four doors' at once).
// Every request goes through the whole server (app.fetch: device token, gig check, compression).
// The online scan (a batch of one) is timed too, with the statements it sends.
//
//   npx node bench/door.ts               (npm run bench:door)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/door.ts
//
// Settings (environment): BENCH_TICKETS (5000), BENCH_SCANS (1000), BENCH_ROUNDS (3), BENCH_ONLINE (200).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq, sql } from 'drizzle-orm';
import { doorScans, tickets } from '../src/server/db/schema.ts';
import { DOOR_DEVICE_HEADER, type DoorSyncInput, type DoorSyncResult } from '../src/core/schemas/door.ts';
import { signTicketCode } from '../src/server/features/door/door-keys.ts';
import { createTestApp, TEST_ORIGIN } from '../tests/helpers/test-app.ts';
import { createDoorGig, issueTickets, organiserDevice } from '../tests/helpers/door.ts';
import { countStatements } from '../tests/helpers/count-statements.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const int = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1`);
  return value;
};
const TICKETS = int('BENCH_TICKETS', 5000);
const SCANS = int('BENCH_SCANS', 1000);
const ROUNDS = int('BENCH_ROUNDS', 3);
const ONLINE = int('BENCH_ONLINE', 200);
const DOORS = 4;
const TARGET_LIST_MS = 1000;
const TARGET_LIST_KB = 300;
const TARGET_SYNC_MS = 2000;
const POOL_SIZE = 10; // what main.ts opens on a PostgreSQL server
if (SCANS * (ROUNDS * 2) + ONLINE > TICKETS * 2) throw new Error('Not enough tickets for the rounds: raise BENCH_TICKETS or lower BENCH_SCANS / BENCH_ROUNDS');

const loadAtStart = os.loadavg();
const t = await createTestApp({ poolSize: POOL_SIZE });
const database = t.services.database;
const engine = database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server';
const counter = countStatements(database);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

console.log(`Door benchmark on ${engine}${database.kind === 'postgres' ? ` (pool of ${POOL_SIZE})` : ''}: a gig of ${TICKETS} tickets, ${SCANS} queued scans a sync, ${ROUNDS} rounds`);

// ---------- the gig, its tickets and its doors ----------
const { gigId, venueId } = await createDoorGig(t.db, { quantity: TICKETS + 100 });
// Two gigs' worth of tickets would make the list twice as long: the scans use a second gig's.
await issueTickets(t.db, gigId, TICKETS);
const scanGig = await createDoorGig(t.db, { quantity: TICKETS * 2, venueId });
const scanIds = await issueTickets(t.db, scanGig.gigId, TICKETS * 2);
const tokens = await Promise.all(Array.from({ length: DOORS }, (_, i) => organiserDevice(t.db, venueId, `Door ${i + 1}`)));
const codes = await Promise.all(scanIds.map((id) => signTicketCode(t.services, id, scanGig.gigId)));
let nextCode = 0;
const takeCodes = (n: number) => codes.slice(nextCode, (nextCode += n));

async function request(method: 'GET' | 'POST', pathname: string, token: string, body?: unknown) {
  const headers: Record<string, string> = { [DOOR_DEVICE_HEADER]: token, origin: TEST_ORIGIN, 'accept-encoding': 'gzip' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const start = performance.now();
  const response = await t.app.fetch(new Request(`${TEST_ORIGIN}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  const bytes = new Uint8Array(await response.arrayBuffer());
  const ms = performance.now() - start;
  if (response.status !== 200) throw new Error(`${method} ${pathname} answered ${response.status}: ${new TextDecoder().decode(bytes).slice(0, 300)}`);
  return { ms, bytes, encoding: response.headers.get('content-encoding') };
}
const decodeJson = async (bytes: Uint8Array, encoding: string | null) => {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();
  const text = await new Response(encoding === 'gzip' ? stream.pipeThrough(new DecompressionStream('gzip')) : stream).text();
  return JSON.parse(text) as unknown;
};

// ---------- 1. the admission list ----------
await request('GET', `/api/door/gigs/${gigId}/list`, tokens[0]!); // warm-up (prepared plans, caches)
const listRounds: { ms: number; compressedKb: number; rawKb: number; tickets: number; statements: number }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const before = counter.count;
  const { ms, bytes, encoding } = await request('GET', `/api/door/gigs/${gigId}/list`, tokens[round % DOORS]!);
  const statements = counter.count - before;
  const list = (await decodeJson(bytes, encoding)) as { tickets: unknown[] };
  const raw = new TextEncoder().encode(JSON.stringify(list)).length;
  listRounds.push({ ms, compressedKb: bytes.length / 1024, rawKb: raw / 1024, tickets: list.tickets.length, statements });
}

// ---------- 2. queued scans synced ----------
const batchOf = (batchCodes: string[], secondsSpread = 3600): DoorSyncInput => ({
  sentAt: new Date().toISOString(),
  scans: batchCodes.map((code) => ({ id: randomUUID(), code, scannedAt: new Date(Date.now() - Math.floor(Math.random() * secondsSpread * 1000)).toISOString(), wasAdmitted: true })),
});
const oneDoor: { ms: number; admitted: number; statements: number }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const batch = batchOf(takeCodes(SCANS));
  const before = counter.count;
  const { ms, bytes, encoding } = await request('POST', `/api/door/gigs/${scanGig.gigId}/sync`, tokens[0]!, batch);
  const statements = counter.count - before;
  const answer = (await decodeJson(bytes, encoding)) as DoorSyncResult;
  oneDoor.push({ ms, admitted: answer.scans.filter((s) => s.result === 'admitted').length, statements });
}
// Four doors' queues at once, every ticket in them scanned at each door (1,000 scans in all).
const fourDoors: { ms: number; admitted: number; conflicts: number }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const shared = takeCodes(SCANS / DOORS);
  const start = performance.now();
  const answers = await Promise.all(tokens.map((token) => request('POST', `/api/door/gigs/${scanGig.gigId}/sync`, token, batchOf(shared))));
  const ms = performance.now() - start;
  const results = (await Promise.all(answers.map((a) => decodeJson(a.bytes, a.encoding)))) as DoorSyncResult[];
  const all = results.flatMap((r) => r.scans);
  fourDoors.push({ ms, admitted: all.filter((s) => s.result === 'admitted').length, conflicts: all.filter((s) => s.result === 'conflict').length });
}

// ---------- 3. online scans (a batch of one each) ----------
const onlineTimes: number[] = [];
let statementsPerOnlineScan = 0;
for (const [i, code] of takeCodes(ONLINE).entries()) {
  const before = counter.count;
  const { ms } = await request('POST', `/api/door/gigs/${scanGig.gigId}/sync`, tokens[1]!, { sentAt: new Date().toISOString(), scans: [{ id: randomUUID(), code, scannedAt: new Date().toISOString(), wasAdmitted: false }] });
  if (i === 0) statementsPerOnlineScan = counter.count - before;
  onlineTimes.push(ms);
}
const usedTickets = (await t.db.select({ n: count() }).from(tickets).where(and(eq(tickets.gigId, scanGig.gigId), eq(tickets.status, 'used'))))[0]!.n;
// First scan wins by time: a door told 'admitted' may see its scan become a conflict when another
// door's earlier scan syncs after it. What stands is in the database: one admission per ticket.
const standing = (await t.db.execute(sql`select count(*)::int as admitted, count(distinct ticket_id)::int as tickets from ${doorScans} where gig_id = ${scanGig.gigId} and result = 'admitted'`)).rows[0] as { admitted: number; tickets: number };
await t.close();

// ---------- report ----------
const expectedUsed = SCANS * ROUNDS + (SCANS / DOORS) * ROUNDS + ONLINE;
const checkOk = usedTickets === expectedUsed && standing.admitted === expectedUsed && standing.tickets === expectedUsed && oneDoor.every((r) => r.admitted === SCANS);
const list = { medianMs: median(listRounds.map((r) => r.ms)), compressedKb: median(listRounds.map((r) => r.compressedKb)), rawKb: median(listRounds.map((r) => r.rawKb)), statements: listRounds[0]!.statements, rounds: listRounds };
const sync = { oneDoorMedianMs: median(oneDoor.map((r) => r.ms)), fourDoorsMedianMs: median(fourDoors.map((r) => r.ms)), statementsPerSync: oneDoor[0]!.statements, oneDoor, fourDoors };
const sortedOnline = [...onlineTimes].sort((a, b) => a - b);
const online = { scans: ONLINE, p50Ms: percentile(sortedOnline, 50), p99Ms: percentile(sortedOnline, 99), statements: statementsPerOnlineScan };
const note = database.kind === 'pglite' ? ' (the targets are for PostgreSQL)' : '';
const meets = (ok: boolean, target: string) => (ok ? `meets the ${target} target` : `MISSES the ${target} target`);
const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(10);
console.log(`
${os.cpus().length} CPUs, load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at the start, ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at the end

1. the admission list of ${TICKETS} tickets (GET /api/door/gigs/:gigId/list, gzip)
   round  server time   compressed       raw   tickets  statements
${listRounds.map((r, i) => `   ${String(i + 1).padStart(5)}  ${ms(r.ms)}  ${r.compressedKb.toFixed(0).padStart(7)} KB  ${r.rawKb.toFixed(0).padStart(5)} KB  ${String(r.tickets).padStart(8)}  ${String(r.statements).padStart(10)}`).join('\n')}
   median ${list.medianMs.toFixed(0)} ms: ${meets(list.medianMs < TARGET_LIST_MS, '1 s')}; ${list.compressedKb.toFixed(0)} KB compressed: ${meets(list.compressedKb < TARGET_LIST_KB, '300 KB')}${note}

2. ${SCANS} queued scans synced (POST /api/door/gigs/:gigId/sync)
   one door's queue:        ${oneDoor.map((r) => `${r.ms.toFixed(0)} ms`).join(', ')} (median ${sync.oneDoorMedianMs.toFixed(0)} ms, ${sync.statementsPerSync} statements each): ${meets(sync.oneDoorMedianMs < TARGET_SYNC_MS, '2 s')}${note}
   four doors' at once (every ticket at each door): ${fourDoors.map((r) => `${r.ms.toFixed(0)} ms (answered ${r.admitted} admitted, ${r.conflicts} conflicts)`).join(', ')} (median ${sync.fourDoorsMedianMs.toFixed(0)} ms): ${meets(sync.fourDoorsMedianMs < TARGET_SYNC_MS, '2 s')}${note}

3. online scans, one at a time (a batch of one): p50 ${online.p50Ms.toFixed(1)} ms, p99 ${online.p99Ms.toFixed(1)} ms, ${online.statements} statements each (device, gig, rate limit and transaction control included)

   check: ${usedTickets} tickets used of ${expectedUsed} scanned; ${standing.admitted} admissions standing, of ${standing.tickets} tickets (one each); every one-door sync admitted all: ${checkOk ? 'OK' : 'FAILED'}`);

const result = {
  date: new Date().toISOString().slice(0, 10),
  engine,
  machine: { cpus: os.cpus().length, loadAverageAtStart: loadAtStart.map((l) => Number(l.toFixed(2))), loadAverageAtEnd: os.loadavg().map((l) => Number(l.toFixed(2))) },
  settings: { tickets: TICKETS, scans: SCANS, rounds: ROUNDS, online: ONLINE, doors: DOORS, poolSize: database.kind === 'postgres' ? POOL_SIZE : null },
  targets: { listMs: TARGET_LIST_MS, listCompressedKb: TARGET_LIST_KB, syncMs: TARGET_SYNC_MS },
  list,
  sync,
  online,
  check: { usedTickets, expectedUsed, standingAdmissions: standing.admitted, ok: checkOk },
};
const name = database.kind === 'pglite' ? 'door' : 'door-postgres';
await fs.mkdir(path.join(HERE, 'results'), { recursive: true });
await fs.writeFile(path.join(HERE, 'results', `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
if (!checkOk) process.exitCode = 1;
