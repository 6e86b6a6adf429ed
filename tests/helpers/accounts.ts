import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { user, venueProfiles } from '../../src/server/db/schema.ts';
import { registrationForm, TEST_ADMIN_EMAIL, type TestApp, type TestClient } from './test-app.ts';

export const SIGNED_IN_ROLES = ['fan', 'musician', 'band', 'venue', 'promoter', 'artist_manager', 'rehearsal_space', 'admin'] as const;
export type SignedInRole = (typeof SIGNED_IN_ROLES)[number];
export const PASSWORD = 'correct-horse-9';

const PROFILE: Record<Exclude<SignedInRole, 'admin'>, Record<string, unknown>> = {
  fan: {},
  musician: {},
  band: { name: 'Band' },
  venue: { name: 'Venue', address: '1 Main St, Chicago' },
  promoter: { name: 'Promoter' },
  artist_manager: { name: 'Manager' },
  rehearsal_space: { name: 'Space', address: '2 Side St, Chicago' },
};

/**
 * Registers an account through the real endpoint and returns its signed-in client. Names get a
 * random suffix, so bands and promoters never clash on their site names.
 */
export async function signUpAs(t: Pick<TestApp, 'client' | 'db'>, role: SignedInRole, over: Record<string, unknown> = {}): Promise<{ client: TestClient; id: string; email: string }> {
  const client = t.client();
  const suffix = randomUUID().slice(0, 8);
  const email = role === 'admin' ? TEST_ADMIN_EMAIL : `${role}-${suffix}@accounts.test`;
  const profile = role === 'admin' ? {} : Object.fromEntries(Object.entries(PROFILE[role]).map(([k, v]) => [k, k === 'name' ? `${String(v)} ${suffix}` : v]));
  const res = await client.post(
    '/api/register',
    registrationForm({ email, password: PASSWORD, location: 'chicagoland', role: role === 'admin' ? 'fan' : role, ...profile, ...over }),
  );
  if (res.status !== 201) throw new Error(`Could not register a ${role}: ${res.text}`);
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { client, id: row!.id, email };
}

/**
 * Marks an account's e-mail address verified, as following the link in its verification e-mail
 * does (the link itself is tested in the accounts suite). Use it where a test needs a verified account.
 */
export async function markEmailVerified(t: Pick<TestApp, 'db'>, id: string): Promise<void> {
  await t.db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
}

/**
 * Makes a venue verified (decision 33): its e-mail verified and approved by an admin, as the
 * admin's queue does (the queue itself is tested in the venue identity suite). Only then does it
 * sell tickets and book a band directly.
 */
export async function verifyVenue(t: Pick<TestApp, 'db'>, id: string): Promise<void> {
  await markEmailVerified(t, id);
  await t.db.update(venueProfiles).set({ verifiedAt: new Date(), verificationDeclinedAt: null, verificationDeclineReason: null }).where(eq(venueProfiles.userId, id));
}
