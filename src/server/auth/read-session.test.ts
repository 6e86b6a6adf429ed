import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { session } from '../db/schema.ts';
import { signUpAs } from '../../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../tests/helpers/test-app.ts';
import { readSignedValue } from './read-session.ts';

/**
 * Decision 31: Marquee's routes read better-auth's session themselves. For every kind of cookie a
 * browser or an attacker can send, the reader must agree with better-auth's own getSession.
 */
describe('reading the session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const headersOf = (cookie: string) => new Headers(cookie ? { cookie } : {});
  const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  /** What the reader and better-auth each make of one cookie header. */
  async function bothRead(cookie: string) {
    const ours = await t.services.readSession(headersOf(cookie));
    const theirs = await t.services.auth.api.getSession({ headers: headersOf(cookie) });
    return {
      ours: ours && { id: ours.user.id, email: ours.user.email, role: ours.user.role, impersonatedBy: ours.impersonatedBy },
      theirs: theirs && { id: theirs.user.id, email: theirs.user.email, role: theirs.user.role, impersonatedBy: (theirs.session as { impersonatedBy?: string | null }).impersonatedBy ?? null },
    };
  }
  const tokenCookieName = async () => (await t.services.auth.$context).authCookies.sessionToken.name;

  it('finds the signed-in account, as better-auth does', async () => {
    const venue = await signUpAs(t, 'venue');
    const { ours, theirs } = await bothRead(cookieOf(venue.client));
    expect(ours).toEqual({ id: venue.id, email: venue.email, role: 'venue', impersonatedBy: null });
    expect(theirs).toEqual(ours);
    const full = await t.services.readSession(headersOf(cookieOf(venue.client)));
    expect(full?.user).toMatchObject({ name: expect.stringMatching(/^Venue /), location: 'chicagoland', createdAt: expect.any(Date) });
  });

  it('finds nobody without a cookie, with a forged or unsigned one, or one signed with another key', async () => {
    const fan = await signUpAs(t, 'fan');
    const name = await tokenCookieName();
    const signed = decodeURIComponent(fan.client.cookies.get(name)!);
    const token = signed.slice(0, signed.lastIndexOf('.'));
    const otherKey = readSignedValue(signed, 'another-secret');
    expect(otherKey).toBeNull();
    // Flip a byte of the decoded signature, not a base64 character: a character that differs only
    // in the padding bits decodes to the same signature, which lenient decoders accept.
    const signature = Buffer.from(signed.slice(signed.lastIndexOf('.') + 1), 'base64');
    signature.writeUInt8(signature.readUInt8(0) ^ 0x01, 0);
    const flipped = `${token}.${signature.toString('base64')}`;
    for (const cookie of ['', `${name}=${token}`, `${name}=${encodeURIComponent(flipped)}`, `${name}=${encodeURIComponent(`${token}x.${signed.slice(signed.lastIndexOf('.') + 1)}`)}`, `other=${encodeURIComponent(signed)}`]) {
      expect(await bothRead(cookie)).toEqual({ ours: null, theirs: null });
    }
  });

  it('finds nobody once the session has expired or been signed out', async () => {
    const band = await signUpAs(t, 'band');
    const cookie = cookieOf(band.client);
    await t.db.update(session).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(session.userId, band.id));
    expect(await bothRead(cookie)).toEqual({ ours: null, theirs: null });

    const fan = await signUpAs(t, 'fan');
    const fanCookie = cookieOf(fan.client);
    expect((await bothRead(fanCookie)).ours?.id).toBe(fan.id);
    expect((await fan.client.post('/api/auth/sign-out')).status).toBe(200);
    expect(await bothRead(fanCookie)).toEqual({ ours: null, theirs: null });
  });

  it('a cookie whose signature was checked once is remembered, never one signed wrongly, and the session is still asked every time (issue 34, item 14)', async () => {
    const venue = await signUpAs(t, 'venue');
    const name = await tokenCookieName();
    const signed = decodeURIComponent(venue.client.cookies.get(name)!);
    const token = signed.slice(0, signed.lastIndexOf('.'));
    const good = headersOf(cookieOf(venue.client));
    expect(await t.services.readSession.readToken(good)).toBe(token);
    expect(await t.services.readSession.readToken(good)).toBe(token);
    // The same token with a signature made with another key, or none: still refused after the good one was remembered.
    const otherSignature = `${token}.${Buffer.from('x'.repeat(32)).toString('base64')}`;
    for (const cookie of [`${name}=${encodeURIComponent(otherSignature)}`, `${name}=${token}`]) {
      expect(await t.services.readSession.readToken(headersOf(cookie))).toBeNull();
      expect(await bothRead(cookie)).toEqual({ ours: null, theirs: null });
    }
    expect((await t.services.readSession(good))?.user.id).toBe(venue.id);
    await t.db.update(session).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(session.userId, venue.id));
    expect(await t.services.readSession.readToken(good)).toBe(token);
    expect(await t.services.readSession(good)).toBeNull();
  });

  it('sees an admin impersonating an account as that account, impersonated by the admin', async () => {
    const admin = await signUpAs(t, 'admin');
    const promoter = await signUpAs(t, 'promoter');
    expect((await admin.client.post('/api/admin/impersonate', { userId: promoter.id })).status).toBe(200);
    const { ours, theirs } = await bothRead(cookieOf(admin.client));
    expect(ours).toEqual({ id: promoter.id, email: promoter.email, role: 'promoter', impersonatedBy: admin.id });
    expect(theirs).toEqual(ours);
  });
});
