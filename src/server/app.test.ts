import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the server', () => {
  it('answers /healthz once the database is ready', async () => {
    const res = await t.client().get('/healthz');
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('ok');
  });
  it('lists the regions with their zones, Chicagoland first and default (D6)', async () => {
    const { regions } = (await t.client().get('/api/config')).json;
    expect(regions[0]).toMatchObject({ slug: 'chicagoland', name: 'Chicagoland', path: '/chicago', timeZone: 'America/Chicago', isDefault: true });
    expect(regions.find((r: { slug: string }) => r.slug === 'cleveland').timeZone).toBe('America/New_York');
    expect(regions.filter((r: { path: string | null }) => r.path).map((r: { name: string }) => r.name)).toEqual(['Chicagoland', 'Cleveland', 'Cortland, NY']);
  });
  it('answers unknown API paths with a JSON 404, and never serves files outside storage', async () => {
    const res = await t.client().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('NOT_FOUND');
    expect((await t.client().get('/files/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await t.client().get('/files/../../etc/passwd')).text).not.toContain('root:');
  });
  it('rate-limits sign-in attempts (D4)', async () => {
    const limited = await createTestApp({ isRateLimitEnabled: true });
    try {
      const client = limited.client();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push((await client.post('/api/auth/sign-in/email', { email: `x${i}@y.test`, password: 'wrong-password' })).status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});
