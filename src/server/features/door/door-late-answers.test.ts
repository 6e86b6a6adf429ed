// The door's edge cases a review found (issue 24, decision 51): a refusal made offline and synced
// late, an online answer that came too late, a guest pass let in twice, door staff after the show.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { doorStaff, guestListEntries, tickets, user } from '../../db/schema.ts';
import { DOOR_MESSAGES, type DoorSyncResult } from '../../../core/schemas/door.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createDoorGig, doorClient, issueTickets, organiserDevice, scanOf, staffDevice } from '../../../../tests/helpers/door.ts';
import { signUpAs } from '../../../../tests/helpers/accounts.ts';
import { signTicketCode } from './door-keys.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const now = () => new Date().toISOString();
const doorFor = async (gig: { venueId: string }, label: string) => doorClient(t.client(), await organiserDevice(t.db, gig.venueId, label));

describe('answers that come late', () => {
  it('a question sent long after its scan (the door refused it offline) is recorded, and never admits the ticket', async () => {
    const gig = await createDoorGig(t.db);
    const [ticketId] = await issueTickets(t.db, gig.gigId, 1);
    const door = await doorFor(gig, 'Front door');
    const late = await door.sync(gig.gigId, { sentAt: now(), scans: [scanOf({ code: await signTicketCode(t.services, ticketId!, gig.gigId) }, { secondsAgo: 120 })] });
    expect((late.json as DoorSyncResult).scans[0]).toMatchObject({ result: 'refused', reason: 'stale' });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticketId!));
    expect(row!.status).toBe('valid');
    // Scanned again now, at the door: admitted.
    const again = await door.sync(gig.gigId, { sentAt: now(), scans: [scanOf({ code: await signTicketCode(t.services, ticketId!, gig.gigId) })] });
    expect(again.json.scans[0]).toMatchObject({ result: 'admitted' });
  });

  it('an online answer that came too late: the server found the ticket used, the door let the person in on its own list: a conflict both doors see, two people counted in', async () => {
    const gig = await createDoorGig(t.db);
    const [ticketId] = await issueTickets(t.db, gig.gigId, 1);
    const ticketCode = await signTicketCode(t.services, ticketId!, gig.gigId);
    const front = await doorFor(gig, 'Front door');
    const side = await doorFor(gig, 'Side door');
    await front.sync(gig.gigId, { sentAt: now(), scans: [scanOf({ code: ticketCode }, { secondsAgo: 30, wasAdmitted: true })] });
    // The side door asks; the server says duplicate, but the answer arrives after the door gave up waiting.
    const question = scanOf({ code: ticketCode });
    const asked = await side.sync(gig.gigId, { sentAt: now(), scans: [question] });
    expect(asked.json.scans[0]).toMatchObject({ result: 'duplicate' });
    expect(asked.json.counts.checkedIn).toBe(1);
    // Its own list said valid, so it let the person in and sends the same scan as an admission.
    const told = await side.sync(gig.gigId, { sentAt: now(), scans: [{ ...question, wasAdmitted: true }] });
    expect(told.json.scans[0]).toMatchObject({ id: question.id, result: 'conflict' });
    expect(told.json.conflicts).toHaveLength(1);
    expect(told.json.counts.checkedIn).toBe(2);
    expect((await front.list(gig.gigId)).json.conflicts).toEqual([expect.objectContaining({ deviceLabel: 'Front door', otherDeviceLabel: 'Side door' })]);
    // Sent a third time, nothing changes.
    const replay = await side.sync(gig.gigId, { sentAt: now(), scans: [{ ...question, wasAdmitted: true }] });
    expect(replay.json.counts.checkedIn).toBe(2);
    expect(replay.json.conflicts).toHaveLength(1);
  });

  it('a one-person guest pass let in by two doors while offline: one admission, one conflict, both people counted in', async () => {
    const gig = await createDoorGig(t.db);
    const [guest] = await t.db.insert(guestListEntries).values({ gigId: gig.gigId, name: 'Robin Banks', plusCount: 0, code: randomUUID().replaceAll('-', '') }).returning();
    const front = await doorFor(gig, 'Front door');
    const side = await doorFor(gig, 'Side door');
    const pass = await signTicketCode(t.services, guest!.code, gig.gigId);
    const a = await front.sync(gig.gigId, { sentAt: now(), scans: [scanOf({ code: pass }, { secondsAgo: 300, wasAdmitted: true })] });
    expect(a.json.scans[0]).toMatchObject({ result: 'admitted' });
    const b = await side.sync(gig.gigId, { sentAt: now(), scans: [scanOf({ code: pass }, { secondsAgo: 200, wasAdmitted: true })] });
    expect(b.json.scans[0]).toMatchObject({ result: 'conflict' });
    expect(b.json.counts.checkedIn).toBe(2);
    expect(b.json.conflicts).toEqual([expect.objectContaining({ holderLabel: 'Robin Banks', deviceLabel: 'Front door', otherDeviceLabel: 'Side door' })]);
    const [entry] = await t.db.select().from(guestListEntries).where(eq(guestListEntries.id, guest!.id));
    expect(entry!.admittedCount).toBe(1);
  });
});

describe('door access that ends', () => {
  it('door staff keep their phone a day after the show to sync, then are told their access ended', async () => {
    const venue = await signUpAs(t, 'venue');
    const gig = await createDoorGig(t.db, { venueId: venue.id });
    const staff = await staffDevice(t.db, venue.id, { gigId: gig.gigId });
    const door = doorClient(t.client(), staff.token);
    await t.db.update(doorStaff).set({ expiresAt: new Date(Date.now() - 3_600_000) }).where(eq(doorStaff.id, staff.staffId));
    expect((await door.list(gig.gigId)).status).toBe(200);
    await t.db.update(doorStaff).set({ expiresAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(doorStaff.id, staff.staffId));
    const ended = await door.list(gig.gigId);
    expect(ended.status).toBe(403);
    expect(ended.json.error.message).toBe(DOOR_MESSAGES.accessEnded);
  });

  it("a banned organiser's door phone stops", async () => {
    const venue = await signUpAs(t, 'venue');
    const gig = await createDoorGig(t.db, { venueId: venue.id });
    const door = await doorFor(gig, 'Front door');
    expect((await door.gigs()).status).toBe(200);
    await t.db.update(user).set({ banned: true }).where(eq(user.id, gig.venueId));
    const refused = await door.gigs();
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe(DOOR_MESSAGES.revoked);
  });
});
