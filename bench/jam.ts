// Open-jam benchmark (issue 10): the sheet under load.
//   - 200 signed-in users each claiming a different slot on one session, all at once:
//     claims per second and the latency of each (p50 / p99);
//   - the same 200 users claiming one empty slot at once: exactly one wins;
//   - how long a change takes to reach 100 open live streams (/api/live).
//
//   npx node bench/jam.ts            (npm run bench:jam)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/jam.ts
//
// Settings (environment): BENCH_USERS (200), BENCH_STREAMS (100).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JAM_SLOTS } from '../src/core/jam.ts';
import { createTestApp } from '../tests/helpers/test-app.ts';
import { signUpAs } from '../tests/helpers/accounts.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const int = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1`);
  return value;
};
const USERS = int('BENCH_USERS', 200);
const STREAMS = int('BENCH_STREAMS', 100);

const t = await createTestApp();
const engine = t.services.database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server';
console.log(`Open-jam benchmark on ${engine}: ${USERS} signed-in users, ${STREAMS} live streams`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// ---------- a session, its songs, and the users ----------
const venue = await signUpAs(t, 'venue');
const localDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const created = await venue.client.post('/api/jam/manage/sessions', { localDate, timeStart: '19:00', timeEnd: '23:00', location: 'Bench Hall', houseBand: ['Bench Band'] });
const sessionId = (created.json as { id: string }).id;
const songCount = Math.ceil(USERS / JAM_SLOTS.length);
const songIds: string[] = [];
for (let i = 0; i < songCount + 1; i++) {
  const { songId } = (await venue.client.post(`/api/jam/sessions/${sessionId}/songs`, {})).json as { songId: string };
  await venue.client.put(`/api/jam/songs/${songId}/song`, { value: `Bench Song ${i}`, expected: '' });
  songIds.push(songId);
}
const signUpStart = performance.now();
const users: Awaited<ReturnType<typeof signUpAs>>[] = [];
for (let i = 0; i < USERS; i += 10) users.push(...(await Promise.all(Array.from({ length: Math.min(10, USERS - i) }, () => signUpAs(t, 'musician')))));
console.log(`signed up ${USERS} users in ${((performance.now() - signUpStart) / 1000).toFixed(1)} s`);

// ---------- USERS claims of different slots, at once ----------
async function timed<T>(run: () => Promise<T>) {
  const start = performance.now();
  const result = await run();
  return { result, ms: performance.now() - start };
}
const claimStart = performance.now();
const claims = await Promise.all(
  users.map((user, i) => timed(() => user.client.put(`/api/jam/songs/${songIds[Math.floor(i / JAM_SLOTS.length)]!}/${JAM_SLOTS[i % JAM_SLOTS.length]!}`, { value: `Player ${i}`, expected: '' }))),
);
const claimWallMs = performance.now() - claimStart;
const failed = claims.filter((c) => c.result.status !== 200);
if (failed.length) throw new Error(`${failed.length} claims failed: ${failed[0]!.result.text}`);
const claimTimes = claims.map((c) => c.ms).sort((a, b) => a - b);
const distinct = { claims: USERS, wallMs: claimWallMs, perSecond: USERS / (claimWallMs / 1000), p50Ms: percentile(claimTimes, 50), p99Ms: percentile(claimTimes, 99) };

// ---------- USERS claims of one empty slot, at once ----------
const contested = songIds[songCount]!;
const oneSlotStart = performance.now();
const oneSlot = await Promise.all(users.map((user, i) => user.client.put(`/api/jam/songs/${contested}/drums`, { value: `Drummer ${i}`, expected: '' })));
const oneSlotMs = performance.now() - oneSlotStart;
const winners = oneSlot.filter((r) => r.status === 200).length;
const told = oneSlot.filter((r) => r.status === 409).length;
if (winners !== 1 || told !== USERS - 1) throw new Error(`one slot: ${winners} winners, ${told} told it changed`);
const contestedResult = { claims: USERS, winners, toldItChanged: told, wallMs: oneSlotMs };

// ---------- a change reaching STREAMS open live streams ----------
const decoder = new TextDecoder();
const streams = await Promise.all(
  Array.from({ length: STREAMS }, async () => {
    const response = await t.app.fetch(new Request('http://localhost:3000/api/live'));
    const reader = response.body!.getReader();
    let buffer = '';
    while (!buffer.includes('event: ready')) buffer += decoder.decode((await reader.read()).value, { stream: true });
    return reader;
  }),
);
const changeStart = performance.now();
const arrivals = streams.map(async (reader) => {
  let buffer = '';
  while (!buffer.includes('event: jam')) buffer += decoder.decode((await reader.read()).value, { stream: true });
  const ms = performance.now() - changeStart;
  await reader.cancel();
  return ms;
});
const write = await users[0]!.client.put(`/api/jam/songs/${songIds[0]!}/${JAM_SLOTS[0]}`, { value: 'Player 0 (changed)', expected: 'Player 0' });
if (write.status !== 200) throw new Error(`the change answered ${write.status}: ${write.text}`);
const arrivalTimes = (await Promise.all(arrivals)).sort((a, b) => a - b);
const live = { streams: STREAMS, p50Ms: percentile(arrivalTimes, 50), p99Ms: percentile(arrivalTimes, 99), lastMs: arrivalTimes.at(-1)! };

await t.close();

console.log(`
${USERS} users claiming ${USERS} different slots on one session, all at once
  ${distinct.wallMs.toFixed(0)} ms in all, ${distinct.perSecond.toFixed(0)} claims/s, latency p50 ${distinct.p50Ms.toFixed(0)} ms, p99 ${distinct.p99Ms.toFixed(0)} ms
${USERS} users claiming one empty slot at once
  ${contestedResult.winners} got it, ${contestedResult.toldItChanged} were told it changed, ${contestedResult.wallMs.toFixed(0)} ms in all
one change reaching ${STREAMS} open live streams (from the write's start)
  p50 ${live.p50Ms.toFixed(0)} ms, p99 ${live.p99Ms.toFixed(0)} ms, last ${live.lastMs.toFixed(0)} ms`);

const result = { date: new Date().toISOString().slice(0, 10), engine, users: USERS, distinct, contested: contestedResult, live };
await fs.mkdir(path.join(HERE, 'results'), { recursive: true });
await fs.writeFile(path.join(HERE, 'results', `${t.services.database.kind === 'pglite' ? 'jam' : 'jam-postgres'}.json`), `${JSON.stringify(result, null, 2)}\n`);
