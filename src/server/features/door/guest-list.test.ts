// Decision 51: the organiser's guest list. Each entry takes its party's seats (1 + N) against the
// capacity, in one conditional update; removing or shrinking gives them back, never below those
// already in; a guest with an address is e-mailed a ticket whose QR code is the entry's signed code.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import jsQRModule from 'jsqr';
import { auditLog, gigs, guestListEntries, outbox } from '../../db/schema.ts';
import { parseSignedCode } from '../../../core/door-codes.ts';
import { DOOR_MESSAGES } from '../../../core/schemas/door.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createGig, dayIn } from '../../../../tests/helpers/factories.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
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
