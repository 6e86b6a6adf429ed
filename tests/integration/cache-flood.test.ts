// Issue 13 item 6: a flood of made-up query strings cannot grow the public cache.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '60' } });
});
afterAll(() => t.close());

it('2,000 requests with unique unknown parameters share one cache entry per page', async () => {
  const visitor = t.client();
  for (let i = 0; i < 1000; i++) expect((await visitor.get(`/api/gigs/home?utm_source=${i}`)).status).toBe(200);
  for (let i = 0; i < 1000; i++) expect((await visitor.get(`/api/gigs?region=chicagoland&junk=${i}`)).status).toBe(200);
  expect(t.services.publicCache.stats().entries).toBeLessThanOrEqual(3); // home, the filtered list, the public config
  // Parameters a route does read still make their own entries, within the byte bound.
  for (let i = 0; i < 50; i++) await visitor.get(`/api/bands?page=${i + 1}`);
  expect(t.services.publicCache.stats().entries).toBeLessThanOrEqual(53);
}, 120_000);
