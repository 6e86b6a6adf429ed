// Every profile-editor route, and exactly the roles it lets in; everyone else is refused
// (a visitor with 401, a signed-in account of another role with 403).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/core/roles.ts';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { imageForm, makeImage, signUpAs } from '../helpers/sign-up.ts';

type Caller = Role | 'visitor';
const CALLERS: Caller[] = ['visitor', 'fan', 'musician', 'band', 'venue', 'promoter', 'artist_manager', 'rehearsal_space', 'admin'];
const PROFILE_ROLES: Caller[] = ['band', 'venue', 'promoter', 'artist_manager', 'rehearsal_space'];

type Route = { method: 'GET' | 'POST' | 'PUT'; path: string; allowed: Caller[]; body?: () => Promise<unknown> };

const ROUTES: Route[] = [
  { method: 'GET', path: '/api/profile', allowed: PROFILE_ROLES },
  { method: 'POST', path: '/api/profile/images?kind=photo', allowed: PROFILE_ROLES, body: async () => imageForm(await makeImage(320, 180)) },
  { method: 'POST', path: '/api/profile/images?kind=logo', allowed: ['band', 'artist_manager'], body: async () => imageForm(await makeImage(200, 100, 'png'), 'logo.png', 'image/png') },
  { method: 'POST', path: '/api/profile/images?kind=manager-profile', allowed: ['artist_manager'], body: async () => imageForm(await makeImage(1280, 800)) },
  { method: 'PUT', path: '/api/profile/band', allowed: ['band'], body: async () => ({ description: 'Loud.' }) },
  { method: 'PUT', path: '/api/profile/venue', allowed: ['venue'], body: async () => ({ name: 'A Venue', address: '3 Main St' }) },
  { method: 'PUT', path: '/api/profile/promoter', allowed: ['promoter'], body: async () => ({ description: 'Shows.' }) },
  { method: 'PUT', path: '/api/profile/manager', allowed: ['artist_manager'], body: async () => ({ name: 'A Manager' }) },
  { method: 'PUT', path: '/api/profile/rehearsal-space', allowed: ['rehearsal_space'], body: async () => ({ name: 'Rooms', address: '4 Main St' }) },
  { method: 'POST', path: '/api/profile/artists', allowed: ['artist_manager'], body: async () => ({ name: 'An Artist' }) },
  { method: 'GET', path: '/api/profile/artists/0', allowed: ['artist_manager'] },
  { method: 'PUT', path: '/api/profile/artists/0', allowed: ['artist_manager'], body: async () => ({ name: 'Renamed Artist' }) },
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

describe('who may use each profile-editor route', () => {
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
