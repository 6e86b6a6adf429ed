// Decision 51: an organiser invites door staff by e-mail; the link registers at most three of their
// devices, only while it is open; revoking stops every device of theirs at once. Audited.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Context } from 'hono';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { auditLog, doorDevices, doorStaff, outbox, rateLimit, user } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { DOOR_DEVICE_HEADER, DOOR_MESSAGES } from '../../../core/schemas/door.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createGig, dayIn } from '../../../../tests/helpers/factories.ts';
import { markEmailVerified, signUpAs, verifyVenue } from '../../../../tests/helpers/accounts.ts';
import { startTestSmtpServer } from '../../../../tests/helpers/smtp-server.ts';
import { createDoorDevice, requireDoorDevice } from './door-devices.ts';
import { DOOR_INVITES_PER_DAY, inviteDoorStaff } from './invite-door-staff.ts';

const ZONE = 'America/Chicago';
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;
let venue: Awaited<ReturnType<typeof signUpAs>>;
let otherVenue: Awaited<ReturnType<typeof signUpAs>>;
let band: Awaited<ReturnType<typeof signUpAs>>;
let promoter: Awaited<ReturnType<typeof signUpAs>>;
let fan: Awaited<ReturnType<typeof signUpAs>>;
let admin: Awaited<ReturnType<typeof signUpAs>>;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: smtp.env, startJobs: true });
  [venue, otherVenue, band, promoter, fan, admin] = await Promise.all([
    signUpAs(t, 'venue'),
    signUpAs(t, 'venue'),
    signUpAs(t, 'band'),
    signUpAs(t, 'promoter'),
    signUpAs(t, 'fan'),
    signUpAs(t, 'admin'),
  ]);
  // Confirmed organisers (issue 33: only they e-mail door staff links); otherVenue and fan stay unconfirmed.
  await Promise.all([verifyVenue(t, venue.id), ...[band, promoter, admin].map((who) => markEmailVerified(t, who.id))]);
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const gigAtVenue = (over: Parameters<typeof createGig>[1] extends infer O ? Partial<O> : never = {}) =>
  createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn(ZONE, 5), isTicketed: true, ticketPriceCents: 1500, ticketQuantity: 100, ...over });

/** The device a door request with this token comes from, as every door route asks. */
const deviceOf = (token: string) => requireDoorDevice(t.db, { req: { header: (name: string) => (name === DOOR_DEVICE_HEADER ? token : undefined) } } as unknown as Context);

/** Invites `email` for the gig and reads the token back from the link in the e-mail as delivered. */
async function inviteAndReadLink(client: Awaited<ReturnType<typeof signUpAs>>['client'], body: Record<string, unknown>) {
  const res = await client.post('/api/door/staff', body);
  expect(res.status, res.text).toBe(201);
  const email = (body.email as string).toLowerCase();
  await vi.waitFor(() => expect(smtp.received.some((m) => m.to.includes(email))).toBe(true), { timeout: 20_000, interval: 100 });
  const raw = smtp.received.find((m) => m.to.includes(email))!.raw.replace(/=\r?\n/g, '');
  const token = raw.match(/http:\/\/localhost:3000\/qr-scanner\/join#([A-Za-z0-9_-]{43})/)?.[1];
  expect(token).toBeTruthy();
  return { res, raw, token: token! };
}

describe('door staff invitations', () => {
  it("the gig's venue invites a door person, who gets a link for this gig only, that says they see only the door", async () => {
    const gigId = await gigAtVenue();
    const { res, raw, token } = await inviteAndReadLink(venue.client, { email: 'Door.Person@Staff.test', name: 'Dee', gigId });
    expect(res.json.message).toBe(DOOR_MESSAGES.staffInvited('door.person@staff.test'));
    expect(raw).toMatch(/asked you to work the door for/);
    expect(raw).toContain('You will see only the door');
    // The outbox keeps the message, never the link's token.
    const [stored] = await t.db.select().from(outbox).where(eq(outbox.toAddress, 'door.person@staff.test'));
    expect(stored!.kind).toBe('door_staff_invite');
    expect(`${stored!.textBody}${stored!.htmlBody}`).not.toContain(token);
    const [staff] = await t.db.select().from(doorStaff).where(eq(doorStaff.email, 'door.person@staff.test'));
    expect(staff!.tokenHash).not.toBe(token);
    expect(staff).toMatchObject({ gigId, venueId: null, name: 'Dee', devicesRegistered: 0, invitedBy: venue.id });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'door.staff_invited'), eq(auditLog.targetId, staff!.id)));
    expect(audit).toMatchObject({ actorId: venue.id, details: expect.objectContaining({ email: 'door.person@staff.test', gigId }) });

    // The door app opens the link: the device is registered and names this staff member.
    const accepted = await t.client().post('/api/door/invitations/accept', { token, label: 'Front door' });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.json).toMatchObject({ label: 'Front door', deviceId: expect.any(String), token: expect.any(String) });
    expect(await deviceOf(accepted.json.token)).toMatchObject({ id: accepted.json.deviceId, userId: null, staff: { id: staff!.id, gigId, venueId: null } });
  });

  it("only the gig's venue, promoter or band (or an admin) invites for it; anyone else is told the gig was not found", async () => {
    const gigId = await gigAtVenue({ promoterId: promoter.id });
    for (const who of [venue, band, promoter, admin]) {
      expect((await who.client.post('/api/door/staff', { email: `ok-${who.id}@staff.test`, gigId })).status).toBe(201);
    }
    expect((await otherVenue.client.post('/api/door/staff', { email: 'no@staff.test', gigId })).status).toBe(404);
    expect((await fan.client.post('/api/door/staff', { email: 'no@staff.test', gigId })).status).toBe(403);
    expect((await t.client().post('/api/door/staff', { email: 'no@staff.test', gigId })).status).toBe(401);
    expect(await t.db.select().from(doorStaff).where(eq(doorStaff.email, 'no@staff.test'))).toEqual([]);
  });

  it('a venue invites door staff for every gig at the venue; a promoter, band or admin cannot', async () => {
    const res = await venue.client.post('/api/door/staff', { email: 'team@staff.test', allVenueGigs: true });
    expect(res.status, res.text).toBe(201);
    expect(res.json.staff).toMatchObject({ scope: 'venue' });
    const [staff] = await t.db.select().from(doorStaff).where(eq(doorStaff.email, 'team@staff.test'));
    expect(staff).toMatchObject({ gigId: null, venueId: venue.id });
    const days = (staff!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    for (const who of [promoter, band, admin]) {
      const refused = await who.client.post('/api/door/staff', { email: 'team2@staff.test', allVenueGigs: true });
      expect(refused.status).toBe(403);
      expect(refused.json.error.message).toBe(DOOR_MESSAGES.venueWideOnly);
    }
    expect((await venue.client.get('/api/door/venue-staff')).json.staff.map((s: { email: string }) => s.email)).toContain('team@staff.test');
    // Choosing both, or neither, is the form's error.
    expect((await venue.client.post('/api/door/staff', { email: 'x@staff.test', allVenueGigs: true, gigId: await gigAtVenue() })).status).toBe(422);
  });

  it('a gig link expires with the show; a gig already over takes no invitations', async () => {
    const gigId = await gigAtVenue({ localDate: dayIn(ZONE, 3), startTime: '20:00', endTime: '23:00' });
    await venue.client.post('/api/door/staff', { email: 'ends@staff.test', gigId });
    const [staff] = await t.db.select().from(doorStaff).where(eq(doorStaff.email, 'ends@staff.test'));
    expect(staff!.expiresAt.toISOString()).toBe(new Date(`${dayIn(ZONE, 3)}T23:00:00${offsetOf(dayIn(ZONE, 3))}`).toISOString());
    const past = await gigAtVenue({ localDate: dayIn(ZONE, -2) });
    const refused = await venue.client.post('/api/door/staff', { email: 'late@staff.test', gigId: past });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(DOOR_MESSAGES.gigOver);
  });
});

describe('who may e-mail a door staff link (issue 33: the invitation carries the organiser\'s name and Reply-To)', () => {
  it('an unconfirmed account, a venue not yet verified, and a gig not yet booked are each told why; nothing is sent', async () => {
    const stranger = await signUpAs(t, 'venue');
    const gigId = await createGig(t.db, { venueId: stranger.id, localDate: dayIn(ZONE, 5) });
    const asked = async (body: Record<string, unknown>) => {
      const res = await stranger.client.post('/api/door/staff', { email: 'target@staff.test', ...body });
      return [res.status, res.json.error?.message];
    };
    expect(await asked({ gigId })).toEqual([403, DOOR_MESSAGES.staffInviteUnconfirmed]);
    expect(await asked({ allVenueGigs: true })).toEqual([403, DOOR_MESSAGES.staffInviteUnconfirmed]);
    await markEmailVerified(t, stranger.id);
    expect(await asked({ gigId })).toEqual([403, DOOR_MESSAGES.staffInviteVenueUnverified]);
    expect(await asked({ allVenueGigs: true })).toEqual([403, DOOR_MESSAGES.staffInviteVenueUnverified]);
    // An unconfirmed band of a booked gig, and a confirmed venue's gig still open.
    const newBand = await signUpAs(t, 'band');
    const bandRes = await newBand.client.post('/api/door/staff', { email: 'target@staff.test', gigId: await gigAtVenue({ bandId: newBand.id }) });
    expect([bandRes.status, bandRes.json.error?.message]).toEqual([403, DOOR_MESSAGES.staffInviteUnconfirmed]);
    const open = await venue.client.post('/api/door/staff', { email: 'target@staff.test', gigId: await gigAtVenue({ isApproved: false }) });
    expect([open.status, open.json.error?.message]).toEqual([409, DOOR_MESSAGES.staffInviteNotBooked]);
    expect(await t.db.select().from(outbox).where(eq(outbox.toAddress, 'target@staff.test'))).toEqual([]);
    expect(await t.db.select().from(doorStaff).where(eq(doorStaff.email, 'target@staff.test'))).toEqual([]);
  });

  it(`at most ${DOOR_INVITES_PER_DAY} invitations a day from one account`, async () => {
    const organiser = await signUpAs(t, 'venue');
    await verifyVenue(t, organiser.id);
    const [account] = await t.db.select().from(user).where(eq(user.id, organiser.id));
    const gigId = await gigAtVenue({ venueId: organiser.id });
    // The domain function as the route calls it, with the rate limits the tests' app leaves off.
    const invite = (email: string) => inviteDoorStaff({ ...t.services, isRateLimitEnabled: true }, { user: account!, impersonatedBy: null }, { email, gigId });
    // As if all but one went out today, by the same counter the server keeps.
    await t.db.insert(rateLimit).values({ id: randomUUID(), key: `marquee:door-invites-day:${organiser.id}`, count: DOOR_INVITES_PER_DAY - 1, lastRequest: Date.now() });
    await invite('last@caps.test');
    await expect(invite('over@caps.test')).rejects.toMatchObject({ code: 'RATE_LIMITED', message: DOOR_MESSAGES.tooManyInvitesToday });
    expect((await t.db.select({ email: doorStaff.email }).from(doorStaff).where(eq(doorStaff.invitedBy, organiser.id))).map((s) => s.email)).toEqual(['last@caps.test']);
  });
});

/** The zone's offset on a day, as +hh:mm (Chicago: -05:00 or -06:00). */
function offsetOf(localDate: string) {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' }).formatToParts(new Date(`${localDate}T12:00:00Z`)).find((p) => p.type === 'timeZoneName')!.value;
  return name.replace('GMT', '') || '+00:00';
}

describe('an admin acting as an organiser', () => {
  it('can neither register a door device nor invite door staff for them: both would outlive the impersonation', async () => {
    const gigId = await gigAtVenue();
    expect((await admin.client.post('/api/admin/impersonate', { userId: venue.id })).status).toBe(200);
    try {
      const device = await admin.client.post('/api/door/devices', { label: 'Left behind' });
      const invite = await admin.client.post('/api/door/staff', { email: 'left-behind@staff.test', gigId });
      expect([device.status, device.json.error?.message]).toEqual([403, "Stop impersonating first: only the account's owner can set up a door device."]);
      expect([invite.status, invite.json.error?.message]).toEqual([403, "Stop impersonating first: only the account's owner can invite door staff."]);
      // Looking is still allowed (that is what impersonation is for).
      expect((await admin.client.get(`/api/door/gigs/${gigId}/staff`)).status).toBe(200);
    } finally {
      expect((await admin.client.post('/api/admin/stop-impersonating', {})).status).toBe(200);
    }
    expect(await t.db.select().from(doorStaff).where(eq(doorStaff.email, 'left-behind@staff.test'))).toEqual([]);
    expect(await t.db.select().from(doorDevices).where(eq(doorDevices.label, 'Left behind'))).toEqual([]);
  });
});

describe('accepting a door staff link', () => {
  const invite = async (email: string) => {
    const gigId = await gigAtVenue();
    return inviteAndReadLink(venue.client, { email, gigId });
  };

  it('registers at most three devices, even when six open it at once', async () => {
    const { token } = await invite('six@staff.test');
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => t.client().post('/api/door/invitations/accept', { token, label: `Phone ${i + 1}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.json.error.message])).toEqual(Array.from({ length: 3 }, () => [409, DOOR_MESSAGES.inviteUsedUp]));
    const [staff] = await t.db.select().from(doorStaff).where(eq(doorStaff.email, 'six@staff.test'));
    expect(staff!.devicesRegistered).toBe(3);
    const overview = await venue.client.get(`/api/door/gigs/${staff!.gigId}/staff`);
    expect(overview.json.staff.find((s: { id: string }) => s.id === staff!.id).devices).toHaveLength(3);
  });

  it('control: reading the count and then adding one lets more than three of the same six in', async () => {
    await invite('naive@staff.test');
    const [staff] = await t.db.select().from(doorStaff).where(eq(doorStaff.email, 'naive@staff.test'));
    const read = async () => (await t.db.select({ n: doorStaff.devicesRegistered }).from(doorStaff).where(eq(doorStaff.id, staff!.id)))[0]!.n;
    const add = async (n: number) => {
      if (n >= 3) return false;
      // (Capped, so the table's check does not stop it: each device here believes it got in.)
      await t.db.update(doorStaff).set({ devicesRegistered: sql`least(${doorStaff.devicesRegistered} + 1, 3)` }).where(eq(doorStaff.id, staff!.id));
      return true;
    };
    // All six read before any writes: an interleaving six devices at once can have, made certain.
    const seen = await Promise.all(Array.from({ length: 6 }, read));
    expect((await Promise.all(seen.map(add))).filter(Boolean).length).toBeGreaterThan(3);
  });

  it('an expired, revoked or made-up link registers nothing', async () => {
    const expired = await invite('expired@staff.test');
    await t.db.update(doorStaff).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(doorStaff.email, 'expired@staff.test'));
    const revoked = await invite('revoked@staff.test');
    const [revokedStaff] = await t.db.select().from(doorStaff).where(eq(doorStaff.email, 'revoked@staff.test'));
    expect((await venue.client.post(`/api/door/staff/${revokedStaff!.id}/revoke`)).status).toBe(200);
    for (const token of [expired.token, revoked.token, 'A'.repeat(43)]) {
      const res = await t.client().post('/api/door/invitations/accept', { token, label: 'Phone' });
      expect(res.status).toBe(404);
      expect(res.json.error.message).toBe(DOOR_MESSAGES.inviteInvalid);
    }
  });

  it('is limited per client address', async () => {
    const limited = await createTestApp({ isRateLimitEnabled: true });
    try {
      const statuses = [];
      for (let i = 0; i < 11; i++) statuses.push((await limited.client().post('/api/door/invitations/accept', { token: 'B'.repeat(43), label: 'Phone' }, { 'x-forwarded-for': '203.0.113.9' })).status);
      expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('revoking door staff and devices', () => {
  it("revoking a door person stops all their devices at once, each told why; the organiser's other staff keep scanning", async () => {
    const gigId = await gigAtVenue();
    const dee = await inviteAndReadLink(band.client, { email: 'dee@revoke.test', gigId });
    const sam = await inviteAndReadLink(band.client, { email: 'sam@revoke.test', gigId });
    const deePhones = await Promise.all([1, 2].map((n) => t.client().post('/api/door/invitations/accept', { token: dee.token, label: `Dee ${n}` })));
    const samPhone = await t.client().post('/api/door/invitations/accept', { token: sam.token, label: 'Sam' });
    const [deeStaff] = await t.db.select().from(doorStaff).where(eq(doorStaff.email, 'dee@revoke.test'));

    // Only someone who runs the gig's door may revoke.
    expect((await otherVenue.client.post(`/api/door/staff/${deeStaff!.id}/revoke`)).status).toBe(404);
    const res = await venue.client.post(`/api/door/staff/${deeStaff!.id}/revoke`);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(DOOR_MESSAGES.staffRevoked);
    for (const phone of deePhones) {
      await expect(deviceOf(phone.json.token)).rejects.toMatchObject({ code: 'FORBIDDEN', message: DOOR_MESSAGES.revoked } satisfies Partial<AppError>);
    }
    expect((await deviceOf(samPhone.json.token)).staff?.gigId).toBe(gigId);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'door.staff_revoked'), eq(auditLog.targetId, deeStaff!.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(venue.id);
    const listed = (await band.client.get(`/api/door/gigs/${gigId}/staff`)).json.staff.find((s: { id: string }) => s.id === deeStaff!.id);
    expect(listed.revokedAt).toEqual(expect.any(String));
  });

  it("a gig's band sees the venue's door team on the gig, but only the venue revokes it", async () => {
    const gigId = await gigAtVenue();
    await venue.client.post('/api/door/staff', { email: 'season@revoke.test', allVenueGigs: true });
    const [team] = await t.db.select().from(doorStaff).where(eq(doorStaff.email, 'season@revoke.test'));
    const seenByBand = (await band.client.get(`/api/door/gigs/${gigId}/staff`)).json.staff.find((s: { id: string }) => s.id === team!.id);
    expect(seenByBand).toMatchObject({ scope: 'venue', canRevoke: false });
    expect((await band.client.post(`/api/door/staff/${team!.id}/revoke`)).status).toBe(404);
    expect((await venue.client.get(`/api/door/gigs/${gigId}/staff`)).json.staff.find((s: { id: string }) => s.id === team!.id).canRevoke).toBe(true);
    expect((await venue.client.post(`/api/door/staff/${team!.id}/revoke`)).status).toBe(200);
  });

  it("revoking one device stops only that device: a staff member's lost phone, or the organiser's own", async () => {
    const gigId = await gigAtVenue();
    const { token } = await inviteAndReadLink(venue.client, { email: 'lost@revoke.test', gigId });
    const [lost, kept] = await Promise.all(['Lost', 'Kept'].map((label) => t.client().post('/api/door/invitations/accept', { token, label })));
    expect((await fan.client.post(`/api/door/devices/${lost!.json.deviceId}/revoke`)).status).toBe(403);
    expect((await otherVenue.client.post(`/api/door/devices/${lost!.json.deviceId}/revoke`)).status).toBe(404);
    const res = await promoter.client.post(`/api/door/devices/${lost!.json.deviceId}/revoke`);
    expect(res.status).toBe(404); // the promoter has no part in this gig
    expect((await band.client.post(`/api/door/devices/${lost!.json.deviceId}/revoke`)).json.message).toBe(DOOR_MESSAGES.deviceRevoked);
    await expect(deviceOf(lost!.json.token)).rejects.toMatchObject({ message: DOOR_MESSAGES.revoked });
    expect((await deviceOf(kept!.json.token)).label).toBe('Kept');

    const own = await createDoorDevice(t.db, { userId: venue.id }, 'Box office');
    expect((await otherVenue.client.post(`/api/door/devices/${own.deviceId}/revoke`)).status).toBe(404);
    expect((await venue.client.post(`/api/door/devices/${own.deviceId}/revoke`)).status).toBe(200);
    await expect(deviceOf(own.token)).rejects.toMatchObject({ message: DOOR_MESSAGES.revoked });
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'door.device_revoked'), eq(auditLog.targetId, own.deviceId)))).toHaveLength(1);
  });
});
