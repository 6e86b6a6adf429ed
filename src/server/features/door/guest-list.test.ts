// Decision 51: the organiser's guest list. Each entry takes its party's seats (1 + N) against the
// capacity, in one conditional update; removing or shrinking gives them back, never below those
// already in; a guest with an address is e-mailed a ticket whose QR code is the entry's signed code.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import jsQRModule from 'jsqr';
import { randomUUID } from 'node:crypto';
import { auditLog, gigs, guestListEntries, outbox, rateLimit, user } from '../../db/schema.ts';
import { parseSignedCode } from '../../../core/door-codes.ts';
import { DOOR_MESSAGES } from '../../../core/schemas/door.ts';
import { addGuestEntry, GUEST_PASSES_PER_ACCOUNT_PER_DAY, GUEST_PASSES_PER_GIG_PER_DAY, updateGuestEntry } from './guest-list-entries.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createGig, dayIn } from '../../../../tests/helpers/factories.ts';
import { markEmailVerified, signUpAs, verifyVenue } from '../../../../tests/helpers/accounts.ts';
import { startTestSmtpServer } from '../../../../tests/helpers/smtp-server.ts';

type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR: Decode = (jsQRModule as unknown as { default?: Decode }).default ?? (jsQRModule as unknown as Decode);

const ZONE = 'America/Chicago';
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let t: TestApp;
let venue: Awaited<ReturnType<typeof signUpAs>>;
let otherVenue: Awaited<ReturnType<typeof signUpAs>>;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: smtp.env, startJobs: true });
  [venue, otherVenue] = await Promise.all([signUpAs(t, 'venue'), signUpAs(t, 'venue')]);
  await verifyVenue(t, venue.id);
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A gig of `capacity` seats, `sold` of them sold online and `held` in open checkouts. */
const gigWith = (capacity: number | null, sold = 0, held = 0) =>
  createGig(t.db, { venueId: venue.id, localDate: dayIn(ZONE, 6), isTicketed: capacity !== null, ticketPriceCents: capacity === null ? null : 1500, ticketQuantity: capacity, ticketsSold: sold, ticketsHeld: held });
const doorSeats = async (gigId: string) => (await t.db.select({ n: gigs.doorSeats }).from(gigs).where(eq(gigs.id, gigId)))[0]!.n;
const guests = (gigId: string) => `/api/door/gigs/${gigId}/guests`;

describe('the guest list and capacity', () => {
  it('a name +2 takes three seats; the entry that would pass the capacity is refused, and nothing is taken', async () => {
    const gigId = await gigWith(10, 5, 1);
    const added = await venue.client.post(guests(gigId), { name: 'Maya Chen', plusCount: 2, note: 'Band family' });
    expect(added.status, added.text).toBe(201);
    expect(added.json).toMatchObject({ name: 'Maya Chen', plusCount: 2, admittedCount: 0, email: null, note: 'Band family' });
    expect(await doorSeats(gigId)).toBe(3);
    // 5 sold + 1 held + 3 at the door: one seat left, so +1 (two seats) does not fit.
    const refused = await venue.client.post(guests(gigId), { name: 'Too many', plusCount: 1 });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(DOOR_MESSAGES.full);
    expect(await doorSeats(gigId)).toBe(3);
    expect((await venue.client.post(guests(gigId), { name: 'Just one' })).status).toBe(201);
    const list = (await venue.client.get(guests(gigId))).json;
    expect(list).toMatchObject({ seatsTaken: 10, capacity: 10, seatsLeft: 0 });
    expect(list.entries.map((e: { name: string }) => e.name)).toEqual(['Just one', 'Maya Chen']);
  });

  it('with no capacity set, the list has no limit', async () => {
    const gigId = await gigWith(null);
    expect((await venue.client.post(guests(gigId), { name: 'Crew', plusCount: 20 })).status).toBe(201);
    expect((await venue.client.get(guests(gigId))).json).toMatchObject({ capacity: null, seatsLeft: null, seatsTaken: 21 });
  });

  it('ten entries sent at once for seven seats: exactly the three that fit are added', async () => {
    const gigId = await gigWith(7);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => venue.client.post(guests(gigId), { name: `Guest ${i}`, plusCount: 1 })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect(await doorSeats(gigId)).toBe(6);
    expect(await t.db.select().from(guestListEntries).where(eq(guestListEntries.gigId, gigId))).toHaveLength(3);
  });

  it('control: reading the seats left and then taking them lets the same ten through past the capacity', async () => {
    const gigId = await gigWith(7);
    const read = async () => (await t.db.select({ left: sql<number>`${gigs.ticketQuantity} - ${gigs.ticketsSold} - ${gigs.ticketsHeld} - ${gigs.doorSeats}` }).from(gigs).where(eq(gigs.id, gigId)))[0]!.left;
    const take = async (left: number) => {
      if (left < 2) return false;
      await t.db.update(gigs).set({ doorSeats: sql`${gigs.doorSeats} + 2` }).where(eq(gigs.id, gigId));
      return true;
    };
    // All ten read before any takes: an interleaving ten organisers at once can have, made certain.
    const seen = await Promise.all(Array.from({ length: 10 }, read));
    expect((await Promise.all(seen.map(take))).filter(Boolean).length).toBeGreaterThan(3);
  });

  it('removing an entry or lowering its +N gives the seats back, never below those already in', async () => {
    const gigId = await gigWith(10);
    const a = (await venue.client.post(guests(gigId), { name: 'Ana', plusCount: 3 })).json;
    const b = (await venue.client.post(guests(gigId), { name: 'Ben', plusCount: 4 })).json;
    expect(await doorSeats(gigId)).toBe(9);
    // Ben's party grows by one, then by two more: the second does not fit.
    expect((await venue.client.patch(`${guests(gigId)}/${b.id}`, { name: 'Ben', plusCount: 5 })).status).toBe(200);
    const tooBig = await venue.client.patch(`${guests(gigId)}/${b.id}`, { name: 'Ben', plusCount: 7 });
    expect([tooBig.status, tooBig.json.error.message]).toEqual([409, DOOR_MESSAGES.full]);
    expect(await doorSeats(gigId)).toBe(10);

    // Two of Ana's party are in (the door's check-ins): she cannot go below two, nor be removed.
    await t.db.update(guestListEntries).set({ admittedCount: 2 }).where(eq(guestListEntries.id, a.id));
    const below = await venue.client.patch(`${guests(gigId)}/${a.id}`, { name: 'Ana', plusCount: 0 });
    expect([below.status, below.json.error.message]).toEqual([422, DOOR_MESSAGES.guestBelowAdmitted(2)]);
    const removeAdmitted = await venue.client.delete(`${guests(gigId)}/${a.id}`);
    expect([removeAdmitted.status, removeAdmitted.json.error.message]).toEqual([409, DOOR_MESSAGES.guestAdmitted]);
    expect((await venue.client.patch(`${guests(gigId)}/${a.id}`, { name: 'Ana', plusCount: 1, note: 'Two came' })).json).toMatchObject({ plusCount: 1, admittedCount: 2, note: 'Two came' });
    expect(await doorSeats(gigId)).toBe(8);

    expect((await venue.client.delete(`${guests(gigId)}/${b.id}`)).status).toBe(200);
    expect(await doorSeats(gigId)).toBe(2);
    expect((await venue.client.delete(`${guests(gigId)}/${b.id}`)).status).toBe(404);
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, b.id));
    expect(actions.map((r) => r.action).sort()).toEqual(['door.guest_added', 'door.guest_changed', 'door.guest_removed']);
  });

  it("only the gig's door organisers see or change its list", async () => {
    const gigId = await gigWith(10);
    const entry = (await venue.client.post(guests(gigId), { name: 'Private' })).json;
    expect((await otherVenue.client.get(guests(gigId))).status).toBe(404);
    expect((await otherVenue.client.post(guests(gigId), { name: 'Sneaky' })).status).toBe(404);
    expect((await otherVenue.client.patch(`${guests(gigId)}/${entry.id}`, { name: 'Sneaky' })).status).toBe(404);
    expect((await otherVenue.client.delete(`${guests(gigId)}/${entry.id}`)).status).toBe(404);
    // An entry of another gig is not found under this one.
    const mine = await gigWith(10);
    expect((await venue.client.delete(`${guests(mine)}/${entry.id}`)).status).toBe(404);
    expect(await doorSeats(gigId)).toBe(1);
  });

  it('a guest with an address gets a ticket whose QR code is the signed code of their entry; the outbox never holds it', async () => {
    const gigId = await gigWith(50);
    const added = await venue.client.post(guests(gigId), { name: 'Rosa', plusCount: 1, email: 'Rosa@Guests.test' });
    expect(added.json.email).toBe('rosa@guests.test');
    const [entry] = await t.db.select().from(guestListEntries).where(eq(guestListEntries.id, added.json.id));
    expect(entry!.code).toMatch(/^[A-Za-z0-9_-]{22}$/);

    await vi.waitFor(() => expect(smtp.received.some((m) => m.to.includes('rosa@guests.test'))).toBe(true), { timeout: 20_000, interval: 100 });
    const raw = smtp.received.find((m) => m.to.includes('rosa@guests.test'))!.raw;
    expect(raw.replace(/=\r?\n/g, '')).toContain('It admits your party of 2');
    const png = raw.split(/\r?\n--[^\r\n]+\r?\n/).find((p) => /Content-ID: <ticket-qr@marquee>/i.test(p))!;
    const body = Buffer.from(png.split(/\r?\n\r?\n/).slice(1).join('').replace(/\r?\n--[^\r\n]*--\s*$/, '').replace(/\s+/g, ''), 'base64');
    const { data, info } = await sharp(body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const scanned = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
    expect(parseSignedCode(scanned!)).toMatchObject({ ticketId: entry!.code, gigId });

    const [stored] = await t.db.select().from(outbox).where(and(eq(outbox.toAddress, 'rosa@guests.test'), eq(outbox.kind, 'guest_ticket')));
    expect(`${stored!.textBody}${stored!.htmlBody}${JSON.stringify(stored!.attachments)}`).not.toContain(entry!.code);
  });
});

/** The guest-list passes e-mailed to an address (the outbox holds every e-mail Marquee writes). */
const passesTo = async (address: string) => (await t.db.select().from(outbox).where(and(eq(outbox.toAddress, address), eq(outbox.kind, 'guest_ticket')))).length;

describe('who may e-mail a guest-list pass (issue 33: a pass is a Marquee e-mail carrying the organiser\'s words and Reply-To)', () => {
  it('an account with an unconfirmed address, on an open gig, is told why no pass goes out; the same guest without an address is added', async () => {
    const stranger = await signUpAs(t, 'venue');
    const gigId = await createGig(t.db, { venueId: stranger.id, localDate: dayIn(ZONE, 6), isApproved: false });
    const refused = await stranger.client.post(guests(gigId), { name: 'Victim', email: 'victim@guests.test', note: 'Click here' });
    expect([refused.status, refused.json.error?.message, refused.json.error?.fields]).toEqual([403, DOOR_MESSAGES.guestPassUnconfirmed, { email: DOOR_MESSAGES.guestPassUnconfirmed }]);
    expect((await stranger.client.post(guests(gigId), { name: 'A friend', plusCount: 1 })).status).toBe(201);
    // Its address confirmed, the gig still open: still no pass, and it says so.
    await markEmailVerified(t, stranger.id);
    const open = await stranger.client.post(guests(gigId), { name: 'Victim', email: 'victim@guests.test' });
    expect([open.status, open.json.error?.message]).toEqual([403, DOOR_MESSAGES.guestPassVenueUnverified]);
    await verifyVenue(t, stranger.id);
    const notBooked = await stranger.client.post(guests(gigId), { name: 'Victim', email: 'victim@guests.test' });
    expect([notBooked.status, notBooked.json.error?.message]).toEqual([409, DOOR_MESSAGES.guestPassNotBooked]);
    expect(await passesTo('victim@guests.test')).toBe(0);
    expect(await t.db.select().from(guestListEntries).where(eq(guestListEntries.gigId, gigId))).toHaveLength(1);
  });

  it("a booked gig's promoter and band e-mail passes once their own address is confirmed; a venue needs to be verified; a gig that is over sends none", async () => {
    const [promoter, band, venueNotChecked] = await Promise.all([signUpAs(t, 'promoter'), signUpAs(t, 'band'), signUpAs(t, 'venue')]);
    await Promise.all([markEmailVerified(t, promoter.id), markEmailVerified(t, venueNotChecked.id)]);
    const gigId = await createGig(t.db, { venueId: venueNotChecked.id, promoterId: promoter.id, bandId: band.id, localDate: dayIn(ZONE, 6) });
    expect((await promoter.client.post(guests(gigId), { name: 'Press', email: 'press@guests.test' })).status).toBe(201);
    const fromBand = await band.client.post(guests(gigId), { name: 'Cousin', email: 'cousin@guests.test' });
    expect([fromBand.status, fromBand.json.error?.message]).toEqual([403, DOOR_MESSAGES.guestPassUnconfirmed]);
    await markEmailVerified(t, band.id);
    expect((await band.client.post(guests(gigId), { name: 'Cousin', email: 'cousin@guests.test' })).status).toBe(201);
    const fromVenue = await venueNotChecked.client.post(guests(gigId), { name: 'Regular', email: 'regular@guests.test' });
    expect([fromVenue.status, fromVenue.json.error?.message]).toEqual([403, DOOR_MESSAGES.guestPassVenueUnverified]);
    expect([await passesTo('press@guests.test'), await passesTo('cousin@guests.test'), await passesTo('regular@guests.test')]).toEqual([1, 1, 0]);

    const past = await createGig(t.db, { venueId: venue.id, localDate: dayIn(ZONE, -2) });
    const late = await venue.client.post(guests(past), { name: 'Too late', email: 'late@guests.test' });
    expect([late.status, late.json.error?.message]).toEqual([409, DOOR_MESSAGES.guestPassGigOver]);
  });

  it('editing an entry sends its pass again only when the address changes', async () => {
    const gigId = await gigWith(50);
    const entry = (await venue.client.post(guests(gigId), { name: 'Sam', email: 'sam@guests.test' })).json;
    for (const plusCount of [1, 2, 3]) {
      expect((await venue.client.patch(`${guests(gigId)}/${entry.id}`, { name: 'Sam', plusCount, email: 'Sam@Guests.test', note: `Edit ${plusCount}` })).status).toBe(200);
    }
    expect(await passesTo('sam@guests.test')).toBe(1);
    expect((await venue.client.patch(`${guests(gigId)}/${entry.id}`, { name: 'Sam', plusCount: 3, email: 'sam.new@guests.test' })).status).toBe(200);
    expect(await passesTo('sam.new@guests.test')).toBe(1);
    // An organiser who may not e-mail passes can still correct the entry, but not send it to a new address.
    const band = await signUpAs(t, 'band');
    const bandGig = await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn(ZONE, 6) });
    const own = (await venue.client.post(guests(bandGig), { name: 'Kim', email: 'kim@guests.test' })).json;
    expect((await band.client.patch(`${guests(bandGig)}/${own.id}`, { name: 'Kim Lee', email: 'kim@guests.test' })).status).toBe(200);
    const moved = await band.client.patch(`${guests(bandGig)}/${own.id}`, { name: 'Kim Lee', email: 'someone.else@guests.test' });
    expect([moved.status, moved.json.error?.message]).toEqual([403, DOOR_MESSAGES.guestPassUnconfirmed]);
    expect([await passesTo('kim@guests.test'), await passesTo('someone.else@guests.test')]).toEqual([1, 0]);
  });

  it(`at most ${GUEST_PASSES_PER_GIG_PER_DAY} passes a day for one gig and ${GUEST_PASSES_PER_ACCOUNT_PER_DAY} a day from one account; a new address counts; guests without one are still added`, async () => {
    const organiser = await signUpAs(t, 'venue');
    await verifyVenue(t, organiser.id);
    const [account] = await t.db.select().from(user).where(eq(user.id, organiser.id));
    // The domain functions as the routes call them, with the rate limits the tests' app leaves off.
    const limited = { ...t.services, isRateLimitEnabled: true };
    const add = (gigId: string, input: Record<string, unknown>) => addGuestEntry(limited, account!, gigId, input);
    const at = (days: number) => createGig(t.db, { venueId: organiser.id, localDate: dayIn(ZONE, days) });
    const [busy, quiet] = await Promise.all([at(6), at(7)]);
    /** As if `n` passes went out today, by the same counters the server keeps. */
    const sentToday = (key: string, n: number) => t.db.insert(rateLimit).values({ id: randomUUID(), key: `marquee:${key}`, count: n, lastRequest: Date.now() });
    await sentToday(`guest-passes:gig:${busy}`, GUEST_PASSES_PER_GIG_PER_DAY - 1);
    const last = await add(busy, { name: 'Last', email: 'last@caps.test' });
    await expect(add(busy, { name: 'Over', email: 'over@caps.test' })).rejects.toMatchObject({ code: 'RATE_LIMITED', message: DOOR_MESSAGES.tooManyGuestPassesForGig });
    await expect(updateGuestEntry(limited, account!, busy, last.id, { name: 'Last', email: 'last.new@caps.test' })).rejects.toMatchObject({ code: 'RATE_LIMITED', message: DOOR_MESSAGES.tooManyGuestPassesForGig });
    expect(await add(busy, { name: 'No address' })).toMatchObject({ email: null });
    // Another gig of the same account: its own cap, until the account's is reached.
    await add(quiet, { name: 'Fine', email: 'fine@caps.test' });
    await t.db.update(rateLimit).set({ count: GUEST_PASSES_PER_ACCOUNT_PER_DAY }).where(eq(rateLimit.key, `marquee:guest-passes:${organiser.id}`));
    await expect(add(quiet, { name: 'More', email: 'more@caps.test' })).rejects.toMatchObject({ code: 'RATE_LIMITED', message: DOOR_MESSAGES.tooManyGuestPasses });
    expect(await Promise.all(['last', 'over', 'last.new', 'fine', 'more'].map((name) => passesTo(`${name}@caps.test`)))).toEqual([1, 0, 0, 1, 0]);
  });
});
