import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venueDirectory } from '../../src/server/db/schema.ts';
import { signUpAs } from '../helpers/accounts.ts';
import { dayIn } from '../helpers/factories.ts';
import { imageForm, makeImage } from '../helpers/images.ts';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';

/**
 * Issue 20, finding 9: three writes had no limit. The probe's requests: 32 profile photo uploads
 * (all accepted), 30 empty jam-sheet rows by one fan, and outreach checkouts in a row.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ isRateLimitEnabled: true });
});
afterAll(() => t.close());

const statusesOf = async (n: number, request: () => Promise<{ status: number }>) => {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await request()).status);
  return statuses;
};
const expectLimitedAfter = (statuses: number[], allowed: number, okStatus: number) =>
  expect(statuses).toEqual([...Array<number>(allowed).fill(okStatus), ...Array<number>(statuses.length - allowed).fill(429)]);

describe('write limits (issue 20)', () => {
  it('profile images stop at 30 an hour per account, as gear images do', async () => {
    const band = await signUpAs(t, 'band');
    const photo = await makeImage(320, 200);
    const statuses = await statusesOf(32, () => band.client.post('/api/profile/images?kind=photo', imageForm(photo)));
    expectLimitedAfter(statuses, 30, 201);
    const refused = await band.client.post('/api/profile/images?kind=photo', imageForm(photo));
    expect(refused.json.error.message).toBe('Too many images in a short time. Please try again in an hour.');
  });

  it('a fan adds at most 20 jam-sheet rows an hour', async () => {
    const venue = await signUpAs(t, 'venue');
    const fan: { client: TestClient } = await signUpAs(t, 'fan');
    const session = await venue.client.post('/api/jam/manage/sessions', { localDate: dayIn('America/Chicago', 3), timeStart: '19:00', timeEnd: '23:00', location: 'The Back Room', houseBand: ['The House Band'] });
    expect(session.status).toBe(201);
    const statuses = await statusesOf(30, () => fan.client.post(`/api/jam/sessions/${session.json.id as string}/songs`, {}));
    expectLimitedAfter(statuses, 20, 201);
  });

  it('a band starts at most 10 outreach checkouts an hour', async () => {
    const band = await signUpAs(t, 'band');
    await t.db.insert(venueDirectory).values(Array.from({ length: 3 }, (_, i) => ({ name: `Limit Venue ${i}`, regionSlug: 'milwaukee', email: `limit${i}@venues.test` })));
    const statuses = await statusesOf(12, () => band.client.post('/api/outreach/checkout', { packageId: 'basic', regionSlug: 'milwaukee' }));
    expectLimitedAfter(statuses, 10, 201);
  });
});
