// The profile image kinds narrow who may upload beyond the route itself (which is in the one
// role-by-route table, permissions.test.ts): logos for bands and managers, the 1280x800 profile
// image for managers. Each with a real image, so the roles let in really succeed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/core/roles.ts';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signUpAs } from '../helpers/accounts.ts';
import { imageForm, makeImage } from '../helpers/images.ts';

type Caller = Role | 'visitor';
const CALLERS: Caller[] = ['visitor', 'fan', 'musician', 'band', 'venue', 'promoter', 'artist_manager', 'rehearsal_space', 'admin'];

type Route = { method: 'GET' | 'POST' | 'PUT'; path: string; allowed: Caller[]; body?: () => Promise<unknown> };

const ROUTES: Route[] = [
  { method: 'POST', path: '/api/profile/images?kind=logo', allowed: ['band', 'artist_manager'], body: async () => imageForm(await makeImage(200, 100, 'png'), 'logo.png', 'image/png') },
  { method: 'POST', path: '/api/profile/images?kind=manager-profile', allowed: ['artist_manager'], body: async () => imageForm(await makeImage(1280, 800)) },
];

let t: TestApp;
const clients = new Map<Caller, TestClient>();
beforeAll(async () => {
  t = await createTestApp();
  clients.set('visitor', t.client());
  for (const role of CALLERS) if (role !== 'visitor') clients.set(role, (await signUpAs(t, role)).client);
});
afterAll(() => t.close());

async function call(client: TestClient, route: Route) {
  const body = route.body ? await route.body() : undefined;
  if (route.method === 'GET') return client.get(route.path);
  if (route.method === 'PUT') return client.put(route.path, body);
  return client.post(route.path, body);
}

describe('who may upload each kind of profile image', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path}: only ${route.allowed.join(', ')}`, async () => {
      const outcome: Record<string, number> = {};
      for (const caller of CALLERS) outcome[caller] = (await call(clients.get(caller)!, route)).status;
      const expected = Object.fromEntries(CALLERS.map((caller) => [caller, caller === 'visitor' ? 401 : 403]));
      for (const caller of route.allowed) {
        expect(outcome[caller], `${caller} is let in`).toBeLessThan(300);
        expected[caller] = outcome[caller]!;
      }
      expect(outcome).toEqual(expected);
    });
  }
});
