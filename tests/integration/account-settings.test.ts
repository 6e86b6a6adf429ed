// Issue 21, item 16 (decision 40): every role changes its e-mail (verified by a link), password and
// location, and can delete its own account, keeping what must be kept.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, bandProfiles, gigApplications, gigs, heldPayments, orders, outbox, tickets, user, venueProfiles } from '../../src/server/db/schema.ts';
import { createTestApp, registrationForm, TEST_ADMIN_EMAIL, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { PASSWORD, signUpAs, type SignedInRole } from '../helpers/accounts.ts';
import { createBand, createGig, createPromoter, createVenue, dayIn } from '../helpers/factories.ts';
import { startTestSmtpServer } from '../helpers/smtp-server.ts';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: smtp.env });
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const me = async (client: TestClient) => (await client.get('/api/me')).json.me as { user: { email: string; emailVerified: boolean; location: string; locationName: string } } | null;
const signIn = (email: string, password: string) => t.client().post('/api/auth/sign-in/email', { email, password });
const mailsTo = (email: string, kind: string) => t.db.select().from(outbox).where(and(eq(outbox.toAddress, email), eq(outbox.kind, kind)));

/** A second browser signed in to the same account. */
async function secondBrowser(email: string, password = PASSWORD) {
  const client = t.client();
  expect((await client.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
  return client;
}

/** The one admin (ADMIN_EMAILS), registered by the first test that needs it. */
async function theAdmin() {
  const [existing] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, TEST_ADMIN_EMAIL));
  if (!existing) return signUpAs(t, 'admin');
  return { id: existing.id, client: await secondBrowser(TEST_ADMIN_EMAIL), email: TEST_ADMIN_EMAIL };
}

async function sellTicket(gigId: string, buyerEmail: string, buyerUserId?: string) {
  const [order] = await t.db
    .insert(orders)
    .values({ gigId, buyerEmail, buyerUserId, faceCents: 2000, feeCents: 300, totalCents: 2300, bandShareCents: 1000, organiserShareCents: 500, platformShareCents: 800, provider: 'sandbox', status: 'paid', paidAt: new Date() })
    .returning({ id: orders.id });
  const ticketId = randomBytes(18).toString('base64url');
  await t.db.insert(tickets).values({ id: ticketId, orderId: order!.id, gigId, holderEmail: buyerEmail });
  return { orderId: order!.id, ticketId };
}

describe('location (every role)', () => {
  it.each<SignedInRole>(['fan', 'musician', 'venue', 'admin'])('a %s picks another region, and the digest follows it', async (role) => {
    const { client } = await signUpAs(t, role);
    const res = await client.put('/api/me/location', { location: 'nashville' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe('Your location is now Nashville.');
    expect((await me(client))!.user).toMatchObject({ location: 'nashville', locationName: 'Nashville' });
    const unknown = await client.put('/api/me/location', { location: 'atlantis' });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error.fields.location).toBe('Please choose your location.');
  });
});

describe('password', () => {
  it('needs the current password, ends every other session, and keeps this one', async () => {
    const { client, email } = await signUpAs(t, 'musician');
    const other = await secondBrowser(email);
    const wrong = await client.post('/api/me/password', { currentPassword: 'not-my-password', newPassword: 'a-brand-new-secret-7' });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error.fields.currentPassword).toBe('That is not your current password.');
    const short = await client.post('/api/me/password', { currentPassword: PASSWORD, newPassword: 'short' });
    expect(short.json.error.fields.newPassword).toBe('Password too short');
    const common = await client.post('/api/me/password', { currentPassword: PASSWORD, newPassword: 'password123' });
    expect(common.status).toBe(422);
    expect(common.json.error.fields.newPassword).toBeDefined();

    const ok = await client.post('/api/me/password', { currentPassword: PASSWORD, newPassword: 'a-brand-new-secret-7' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.message).toBe('Password changed. You were signed out everywhere else.');
    expect((await me(client))?.user.email).toBe(email);
    expect(await me(other)).toBeNull();
    expect((await signIn(email, PASSWORD)).status).toBe(401);
    expect((await signIn(email, 'a-brand-new-secret-7')).status).toBe(200);
  });

  it("better-auth's own change-password is closed to the browser: the browser cannot keep other sessions", async () => {
    const { client } = await signUpAs(t, 'fan');
    const res = await client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'a-brand-new-secret-7', revokeOtherSessions: false });
    expect(res.status).toBe(404);
  });
});

describe('e-mail address', () => {
  it('changes only when the link mailed to the new address is followed; the old address is told', async () => {
    const { client, email } = await signUpAs(t, 'fan');
    const wrong = await client.post('/api/me/email', { newEmail: 'moved@settings.test', currentPassword: 'nope-nope-nope' });
    expect(wrong.json.error.fields.currentPassword).toBe('That is not your current password.');
    const same = await client.post('/api/me/email', { newEmail: email.toUpperCase(), currentPassword: PASSWORD });
    expect(same.json.error.fields.newEmail).toBe('That is already your e-mail address.');

    const asked = await client.post('/api/me/email', { newEmail: 'Moved@Settings.test', currentPassword: PASSWORD });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.json.message).toContain('We sent a link to moved@settings.test');
    // Nothing changes before the link is followed.
    expect((await me(client))!.user.email).toBe(email);

    // The link as the person receives it: over SMTP, in the new inbox.
    await vi.waitFor(
      async () => {
        await t.services.mailer.deliverQueued();
        expect(smtp.received.some((m) => m.to.includes('moved@settings.test'))).toBe(true);
      },
      { timeout: 20_000, interval: 250 },
    );
    const raw = smtp.received.find((m) => m.to.includes('moved@settings.test'))!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const href = /http:\/\/localhost:3000\/confirm-email-change\?token=[\w-]+/.exec(raw)?.[0];
    expect(href).toBeDefined();
    const [stored] = await mailsTo('moved@settings.test', 'email_change');
    expect(stored!.textBody).not.toContain('confirm-email-change');

    // Opened in another browser, signed out: the page's button confirms it.
    const token = new URL(href!).searchParams.get('token')!;
    const confirmed = await t.client().post('/api/email-change/confirm', { token });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json.message).toBe('Your e-mail address is now moved@settings.test. Sign in with it from now on.');
    expect((await me(client))!.user).toMatchObject({ email: 'moved@settings.test', emailVerified: true });
    expect((await signIn('moved@settings.test', PASSWORD)).status).toBe(200);
    expect((await signIn(email, PASSWORD)).status).toBe(401);
    expect(await mailsTo(email, 'email_changed')).toHaveLength(1);
    // A link works once.
    expect((await t.client().post('/api/email-change/confirm', { token })).status).toBe(404);
  });

  it('an unverified account that fixes a mistyped address is verified by the link (it reached the new inbox)', async () => {
    const { client, id } = await signUpAs(t, 'musician');
    expect((await me(client))!.user.emailVerified).toBe(false);
    await client.post('/api/me/email', { newEmail: 'fixed@settings.test', currentPassword: PASSWORD });
    const [mail] = await mailsTo('fixed@settings.test', 'email_change');
    const token = new URL(mail!.secrets!.link!).searchParams.get('token')!;
    expect((await t.client().post('/api/email-change/confirm', { token })).status).toBe(200);
    const [row] = await t.db.select().from(user).where(eq(user.id, id));
    expect(row).toMatchObject({ email: 'fixed@settings.test', emailVerified: true });
  });

  it('one link pressed 20 times at once changes the address once: one answer succeeds, one notice, one audit row', async () => {
    const { client, id, email } = await signUpAs(t, 'fan');
    await client.post('/api/me/email', { newEmail: 'burst@settings.test', currentPassword: PASSWORD });
    const [mail] = await mailsTo('burst@settings.test', 'email_change');
    const token = new URL(mail!.secrets!.link!).searchParams.get('token')!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.client().post('/api/email-change/confirm', { token })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 404)).toHaveLength(19);
    expect(await mailsTo(email, 'email_changed')).toHaveLength(1);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'account.email_changed')));
    expect(audits).toHaveLength(1);
  });

  it('an address with an account gets no mail and the answer is the same; a newer request replaces an older link', async () => {
    const owner = await signUpAs(t, 'band');
    const { client } = await signUpAs(t, 'fan');
    const taken = await client.post('/api/me/email', { newEmail: owner.email, currentPassword: PASSWORD });
    expect(taken.status).toBe(200);
    expect(taken.json.message).toContain(`We sent a link to ${owner.email}`);
    expect(await mailsTo(owner.email, 'email_change')).toHaveLength(0);

    await client.post('/api/me/email', { newEmail: 'first@settings.test', currentPassword: PASSWORD });
    await client.post('/api/me/email', { newEmail: 'second@settings.test', currentPassword: PASSWORD });
    const tokenOf = async (address: string) => new URL((await mailsTo(address, 'email_change'))[0]!.secrets!.link!).searchParams.get('token')!;
    expect((await t.client().post('/api/email-change/confirm', { token: await tokenOf('first@settings.test') })).status).toBe(404);
    expect((await t.client().post('/api/email-change/confirm', { token: await tokenOf('second@settings.test') })).status).toBe(200);
  });

  it('a link whose address was registered meanwhile, or that expired, changes nothing', async () => {
    const { client, email } = await signUpAs(t, 'fan');
    await client.post('/api/me/email', { newEmail: 'race@settings.test', currentPassword: PASSWORD });
    const token = new URL((await mailsTo('race@settings.test', 'email_change'))[0]!.secrets!.link!).searchParams.get('token')!;
    const other = await t.client().post('/api/register', registrationForm({ email: 'race@settings.test', password: PASSWORD, location: 'chicagoland', role: 'fan' }));
    expect(other.status).toBe(201);
    const late = await t.client().post('/api/email-change/confirm', { token });
    expect(late.status).toBe(409);
    expect((await me(client))!.user.email).toBe(email);

    await client.post('/api/me/email', { newEmail: 'slow@settings.test', currentPassword: PASSWORD });
    const slow = new URL((await mailsTo('slow@settings.test', 'email_change'))[0]!.secrets!.link!).searchParams.get('token')!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 60 * 60 * 1000 });
    try {
      expect((await t.client().post('/api/email-change/confirm', { token: slow })).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('deleting one’s own account', () => {
  it('a fan: the password is needed; the account goes, its tickets stay valid, its orders and an audit row stay', async () => {
    const fan = await signUpAs(t, 'fan');
    const venue = await createVenue(t.db);
    const gigId = await createGig(t.db, { venueId: venue.id, localDate: dayIn('America/Chicago', 10), isTicketed: true, ticketPriceCents: 2000, ticketQuantity: 100 });
    const { orderId, ticketId } = await sellTicket(gigId, fan.email, fan.id);

    const wrong = await fan.client.post('/api/me/delete', { currentPassword: 'not-it-at-all' });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error.fields.currentPassword).toBe('That is not your current password.');
    const other = await secondBrowser(fan.email);

    const res = await fan.client.post('/api/me/delete', { currentPassword: PASSWORD });
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toBe('Your account has been deleted.');
    expect(await me(fan.client)).toBeNull();
    expect(await me(other)).toBeNull();
    expect((await signIn(fan.email, PASSWORD)).status).toBe(401);
    expect(await t.db.select().from(user).where(eq(user.id, fan.id))).toHaveLength(0);
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket).toMatchObject({ status: 'valid', holderEmail: fan.email });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'paid', buyerUserId: null });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'account.deleted'), eq(auditLog.targetId, fan.id)));
    expect(audit!.details).toMatchObject({ role: 'fan', ordersKept: 1 });
    expect(await mailsTo(fan.email, 'account_deleted')).toHaveLength(1);
  });

  it('a band booked for an upcoming gig with tickets sold is refused; without sales the gig opens again and its organiser hears', async () => {
    const band = await signUpAs(t, 'band');
    const venue = await createVenue(t.db);
    const [venueRow] = await t.db.select({ email: user.email }).from(user).where(eq(user.id, venue.id));
    const sold = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn('America/Chicago', 5), isTicketed: true, ticketPriceCents: 2000, ticketQuantity: 100 });
    await sellTicket(sold, 'someone@settings.test');
    const refused = await band.client.post('/api/me/delete', { currentPassword: PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toContain('You have upcoming gigs with tickets sold');
    expect(await t.db.select().from(bandProfiles).where(eq(bandProfiles.userId, band.id))).toHaveLength(1);

    await t.db.update(tickets).set({ status: 'refunded' }).where(eq(tickets.gigId, sold));
    const unsold = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn('America/Chicago', 6) });
    const past = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn('America/Chicago', -30) });
    const res = await band.client.post('/api/me/delete', { currentPassword: PASSWORD });
    expect(res.status, res.text).toBe(200);
    const [reopened] = await t.db.select().from(gigs).where(eq(gigs.id, unsold));
    expect(reopened).toMatchObject({ bandId: null, isApproved: false, status: 'open' });
    const [history] = await t.db.select().from(gigs).where(eq(gigs.id, past));
    expect(history).toMatchObject({ bandId: null, isApproved: true });
    expect(await mailsTo(venueRow!.email, 'booked_act_left')).toHaveLength(2);
  });

  it('a venue: its upcoming gigs without sales go with their applications; ticket sales on record or money held refuse', async () => {
    const venue = await signUpAs(t, 'venue');
    const band = await createBand(t.db);
    const open = await createGig(t.db, { venueId: venue.id, localDate: dayIn('America/Chicago', 3), isApproved: false });
    await t.db.insert(gigApplications).values({ gigId: open, bandId: band.id });

    const other = await signUpAs(t, 'venue');
    const sales = await createGig(t.db, { venueId: other.id, localDate: dayIn('America/Chicago', -3), isTicketed: true, ticketPriceCents: 1000, ticketQuantity: 10 });
    await sellTicket(sales, 'old@settings.test');
    await t.db.update(tickets).set({ status: 'used' }).where(eq(tickets.gigId, sales));
    const refused = await other.client.post('/api/me/delete', { currentPassword: PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toContain('Your venue has ticket sales on record');

    const promoter = await signUpAs(t, 'promoter');
    await t.db.insert(heldPayments).values({ gigId: sales, payeeUserId: promoter.id, amountCents: 500, ticketCount: 1 });
    const held = await promoter.client.post('/api/me/delete', { currentPassword: PASSWORD });
    expect(held.status).toBe(409);
    expect(held.json.error.message).toContain('still held for you');

    expect((await venue.client.post('/api/me/delete', { currentPassword: PASSWORD })).status).toBe(200);
    expect(await t.db.select().from(gigs).where(eq(gigs.id, open))).toHaveLength(0);
    expect(await t.db.select().from(venueProfiles).where(eq(venueProfiles.userId, venue.id))).toHaveLength(0);
  });

  it("a promoter's past gigs pass to their venue; its upcoming unsold gigs go", async () => {
    const promoter = await createPromoter(t.db);
    await t.db.update(user).set({ email: 'promoter-delete@settings.test' }).where(eq(user.id, promoter.id));
    const venue = await createVenue(t.db);
    const past = await createGig(t.db, { venueId: venue.id, promoterId: promoter.id, localDate: dayIn('America/Chicago', -10) });
    const next = await createGig(t.db, { venueId: venue.id, promoterId: promoter.id, localDate: dayIn('America/Chicago', 10) });
    // Factory accounts have no password: give this one a sign-in through better-auth's reset-free path.
    const ctx = await t.services.auth.$context;
    await ctx.internalAdapter.linkAccount({ userId: promoter.id, providerId: 'credential', accountId: promoter.id, password: await ctx.password.hash(PASSWORD) });
    const client = await secondBrowser('promoter-delete@settings.test');
    expect((await client.post('/api/me/delete', { currentPassword: PASSWORD })).status).toBe(200);
    expect((await t.db.select().from(gigs).where(eq(gigs.id, past)))[0]).toMatchObject({ promoterId: null, venueId: venue.id });
    expect(await t.db.select().from(gigs).where(eq(gigs.id, next))).toHaveLength(0);
  });

  it('the only admin cannot delete itself', async () => {
    const admin = await theAdmin();
    const res = await admin.client.post('/api/me/delete', { currentPassword: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toContain('You are the only admin');
  });

  it('an admin impersonating someone cannot change their address or password, or delete them', async () => {
    const admin = await theAdmin();
    const fan = await signUpAs(t, 'fan');
    expect((await admin.client.post('/api/admin/impersonate', { userId: fan.id })).status).toBe(200);
    expect((await admin.client.post('/api/me/delete', { currentPassword: PASSWORD })).status).toBe(403);
    expect((await admin.client.post('/api/me/email', { newEmail: 'taken-over@settings.test', currentPassword: PASSWORD })).status).toBe(403);
    expect((await admin.client.post('/api/me/password', { currentPassword: PASSWORD, newPassword: 'a-brand-new-secret-7' })).status).toBe(403);
    expect(await t.db.select().from(user).where(eq(user.id, fan.id))).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it('limit e-mail change links, password attempts, deletion attempts and location changes per account', async () => {
    const limited = await createTestApp({ isRateLimitEnabled: true });
    try {
      const { client } = await signUpAs(limited, 'fan');
      for (let i = 0; i < 3; i++) expect((await client.post('/api/me/email', { newEmail: `n${i}@limits.test`, currentPassword: PASSWORD })).status).toBe(200);
      expect((await client.post('/api/me/email', { newEmail: 'n4@limits.test', currentPassword: PASSWORD })).status).toBe(429);
      for (let i = 0; i < 5; i++) expect((await client.post('/api/me/password', { currentPassword: 'wrong-guess-1', newPassword: 'a-brand-new-secret-7' })).status).toBe(422);
      expect((await client.post('/api/me/password', { currentPassword: PASSWORD, newPassword: 'a-brand-new-secret-7' })).status).toBe(429);
      for (let i = 0; i < 5; i++) expect((await client.post('/api/me/delete', { currentPassword: 'wrong-guess-1' })).status).toBe(422);
      expect((await client.post('/api/me/delete', { currentPassword: PASSWORD })).status).toBe(429);
      for (let i = 0; i < 20; i++) expect((await client.put('/api/me/location', { location: i % 2 ? 'chicagoland' : 'nashville' })).status).toBe(200);
      expect((await client.put('/api/me/location', { location: 'nashville' })).status).toBe(429);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
