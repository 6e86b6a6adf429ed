import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, gigs, guestListEntries } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { isUuid } from '../../../core/ids.ts';
import { DOOR_MESSAGES, guestEntrySchema, type GuestEntry, type GuestList } from '../../../core/schemas/door.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { guestTicketEmail } from '../../mail/emails/door-emails.ts';
import { TICKET_QR_CONTENT_ID, ticketSecretKey } from '../../mail/emails/ticket.ts';
import { showEndsAt } from '../calendar/build-calendar-feed.ts';
import { publishChange } from '../live/live-events.ts';
import { signTicketCode } from './door-keys.ts';
import { assertConfirmedOrganiser, findDoorGig, type OrganiserDoorGig } from './find-door-gig.ts';

type Deps = Pick<Services, 'db' | 'mailer' | 'env' | 'isRateLimitEnabled' | 'doorKeySecret'>;

const TEN_MINUTES_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const GUEST_CHANGES_PER_10_MINUTES = 120;
const NOT_FOUND = 'That guest-list entry was not found.';
/** Issue 33: e-mailed passes (a new entry with an address, or an entry's new address) in any day, per gig and per account. */
export const GUEST_PASSES_PER_GIG_PER_DAY = 100;
export const GUEST_PASSES_PER_ACCOUNT_PER_DAY = 200;

const toEntry = (row: typeof guestListEntries.$inferSelect): GuestEntry => ({
  id: row.id,
  name: row.name,
  plusCount: row.plusCount,
  email: row.email,
  note: row.note,
  admittedCount: row.admittedCount,
  createdAt: row.createdAt.toISOString(),
});

/** A gig's guest list, and its seats: every seat taken (online, held by checkouts, at the door) against its capacity. */
export async function listGuestEntries(db: DbOrTx, user: SessionUser, gigId: string): Promise<GuestList> {
  const gig = await findDoorGig(db, user, gigId);
  const [entries, [seats]] = await Promise.all([
    db.select().from(guestListEntries).where(eq(guestListEntries.gigId, gig.id)).orderBy(asc(sql`lower(${guestListEntries.name})`), asc(guestListEntries.createdAt)),
    db.select({ taken: sql<number>`(${gigs.ticketsSold} + ${gigs.ticketsHeld} + ${gigs.doorSeats})::int` }).from(gigs).where(eq(gigs.id, gig.id)),
  ]);
  const capacity = gig.ticketQuantity;
  return { entries: entries.map(toEntry), seatsTaken: seats!.taken, capacity, seatsLeft: capacity === null ? null : Math.max(0, capacity - seats!.taken) };
}

/**
 * Takes `seats` more door seats of a gig in one conditional update: refused (the show is full)
 * when online sales, open checkouts and the door would pass the capacity. No capacity: no limit.
 * A negative `seats` gives seats back.
 */
async function takeDoorSeats(tx: DbOrTx, gigId: string, seats: number) {
  const fits = seats <= 0 ? undefined : or(isNull(gigs.ticketQuantity), lte(sql`${gigs.ticketsSold} + ${gigs.ticketsHeld} + ${gigs.doorSeats} + ${seats}`, gigs.ticketQuantity));
  const taken = await tx
    .update(gigs)
    .set({ doorSeats: sql`${gigs.doorSeats} + ${seats}` })
    .where(and(eq(gigs.id, gigId), fits))
    .returning({ id: gigs.id });
  if (taken.length === 0) throw new AppError('CONFLICT', DOOR_MESSAGES.full);
}

function assertOpen(gig: OrganiserDoorGig) {
  if (gig.cancelledAt) throw new AppError('CONFLICT', 'This gig was cancelled.');
}

/**
 * Decision 51: the organiser puts a name (+N) on the guest list. The party's 1 + N seats are taken
 * at once, against the capacity; the entry's code is unguessable, like a ticket's. With an e-mail
 * address the guest is sent a ticket whose QR code is the code signed for the door (drawn at
 * delivery, never in the outbox), if this organiser may e-mail passes (assertMayEmailGuestPass);
 * if not, the entry is refused with why, so nothing goes unsent in silence. Audited.
 */
export async function addGuestEntry(services: Deps, user: SessionUser, gigId: string, rawInput: unknown): Promise<GuestEntry> {
  const { db } = services;
  const input = parseInput(guestEntrySchema, rawInput);
  const gig = await findDoorGig(db, user, gigId);
  assertOpen(gig);
  await limitGuestChanges(services, user);
  if (input.email) await assertMayEmailGuestPass(services, user, gig);
  const code = randomBytes(16).toString('base64url');
  // Signed before the transaction: signing may read the keys, and PGlite has one connection.
  const mail = input.email ? await guestMail(services, user, gig, code, input.name, 1 + input.plusCount) : null;
  return db.transaction(async (tx) => {
    await takeDoorSeats(tx, gig.id, 1 + input.plusCount);
    await publishChange(tx, 'door', gig.id);
    const [row] = await tx
      .insert(guestListEntries)
      .values({ gigId: gig.id, name: input.name, plusCount: input.plusCount, email: input.email || null, note: input.note, code, createdBy: user.id })
      .returning();
    await tx.insert(auditLog).values({ actorId: user.id, action: 'door.guest_added', targetId: row!.id, details: { gigId: gig.id, name: input.name, plusCount: input.plusCount, email: input.email || null } });
    if (mail) await services.mailer.send({ to: input.email!, ...mail }, tx);
    return toEntry(row!);
  });
}

/**
 * Changes an entry (the whole entry, as the form sends it). A larger party takes the extra seats
 * against the capacity; a smaller one gives them back, but never below those already in. Only a
 * new address gets the guest's ticket (and counts as an e-mailed pass); other changes send nothing.
 */
export async function updateGuestEntry(services: Deps, user: SessionUser, gigId: string, entryId: string, rawInput: unknown): Promise<GuestEntry> {
  const { db } = services;
  const input = parseInput(guestEntrySchema, rawInput);
  const gig = await findDoorGig(db, user, gigId);
  assertOpen(gig);
  const before = await findEntry(db, gig.id, entryId);
  await limitGuestChanges(services, user);
  const email = input.email || null;
  const isNewAddress = email !== null && email !== before.email;
  if (isNewAddress) await assertMayEmailGuestPass(services, user, gig);
  const mail = isNewAddress ? await guestMail(services, user, gig, before.code, input.name, 1 + input.plusCount) : null;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(guestListEntries).where(eq(guestListEntries.id, before.id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (input.plusCount + 1 < current.admittedCount) throw new AppError('VALIDATION', DOOR_MESSAGES.guestBelowAdmitted(current.admittedCount), { plusCount: DOOR_MESSAGES.guestBelowAdmitted(current.admittedCount) });
    const delta = input.plusCount - current.plusCount;
    if (delta !== 0) await takeDoorSeats(tx, gig.id, delta);
    await publishChange(tx, 'door', gig.id);
    const [row] = await tx
      .update(guestListEntries)
      .set({ name: input.name, plusCount: input.plusCount, email, note: input.note, updatedAt: new Date() })
      .where(eq(guestListEntries.id, current.id))
      .returning();
    await tx.insert(auditLog).values({
      actorId: user.id,
      action: 'door.guest_changed',
      targetId: current.id,
      details: { gigId: gig.id, name: input.name, plusCount: input.plusCount, wasPlusCount: current.plusCount, email },
    });
    if (mail) await services.mailer.send({ to: email!, ...mail }, tx);
    return toEntry(row!);
  });
}

/**
 * Takes an entry off the list and gives its seats back. An entry some of whose party are already
 * in stays (its check-ins are the door's record): lower its +N instead.
 */
export async function removeGuestEntry(services: Deps, user: SessionUser, gigId: string, entryId: string): Promise<{ ok: true }> {
  const { db } = services;
  const gig = await findDoorGig(db, user, gigId);
  const before = await findEntry(db, gig.id, entryId);
  await limitGuestChanges(services, user);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(guestListEntries).where(eq(guestListEntries.id, before.id)).for('update');
    if (!current) return; // removed already: the seats went back then
    if (current.admittedCount > 0) throw new AppError('CONFLICT', DOOR_MESSAGES.guestAdmitted);
    await tx.delete(guestListEntries).where(eq(guestListEntries.id, current.id));
    await takeDoorSeats(tx, gig.id, -(1 + current.plusCount));
    await publishChange(tx, 'door', gig.id);
    await tx.insert(auditLog).values({ actorId: user.id, action: 'door.guest_removed', targetId: current.id, details: { gigId: gig.id, name: current.name, plusCount: current.plusCount } });
  });
  return { ok: true };
}

async function findEntry(db: DbOrTx, gigId: string, entryId: string) {
  if (!isUuid(entryId)) throw new AppError('NOT_FOUND', NOT_FOUND);
  const [entry] = await db.select().from(guestListEntries).where(and(eq(guestListEntries.id, entryId), eq(guestListEntries.gigId, gigId)));
  if (!entry) throw new AppError('NOT_FOUND', NOT_FOUND);
  return entry;
}

/**
 * Issue 33: a pass is a Marquee e-mail with the organiser's name and Reply-To, to any address, so
 * it is sent only by a confirmed organiser (assertConfirmedOrganiser), for a booked gig still to
 * come, and at most GUEST_PASSES_PER_GIG_PER_DAY for one gig and GUEST_PASSES_PER_ACCOUNT_PER_DAY
 * from one account in a day.
 */
async function assertMayEmailGuestPass(services: Deps, user: SessionUser, gig: OrganiserDoorGig) {
  const refusals = { unconfirmed: DOOR_MESSAGES.guestPassUnconfirmed, venueUnverified: DOOR_MESSAGES.guestPassVenueUnverified };
  assertConfirmedOrganiser(user, gig.venueVerifiedAt !== null, refusals, 'email');
  if (!gig.isApproved) throw new AppError('CONFLICT', DOOR_MESSAGES.guestPassNotBooked, { email: DOOR_MESSAGES.guestPassNotBooked });
  if (showEndsAt(gig) <= new Date()) throw new AppError('CONFLICT', DOOR_MESSAGES.guestPassGigOver, { email: DOOR_MESSAGES.guestPassGigOver });
  await limitHits(services, `guest-passes:gig:${gig.id}`, { windowMs: DAY_MS, max: GUEST_PASSES_PER_GIG_PER_DAY, message: DOOR_MESSAGES.tooManyGuestPassesForGig });
  await limitHits(services, `guest-passes:${user.id}`, { windowMs: DAY_MS, max: GUEST_PASSES_PER_ACCOUNT_PER_DAY, message: DOOR_MESSAGES.tooManyGuestPasses });
}

const limitGuestChanges = (services: Deps, user: SessionUser) =>
  limitHits(services, `guest-list:${user.id}`, { windowMs: TEN_MINUTES_MS, max: GUEST_CHANGES_PER_10_MINUTES, message: DOOR_MESSAGES.tooManyGuestChanges });

/** The guest's ticket e-mail: its signed code is a secret, and its QR code is drawn from it at delivery. */
async function guestMail(services: Deps, user: SessionUser, gig: OrganiserDoorGig, code: string, guestName: string, partySize: number) {
  const signed = await signTicketCode(services, code, gig.id);
  const when = `${formatLocalDate(gig.localDate)}, ${formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)}`;
  const email = await guestTicketEmail({ guestName, partySize, showName: gig.title, venueName: gig.venueName, when, organiserName: user.role === 'admin' ? gig.venueName : user.name.trim() || gig.venueName });
  return {
    kind: 'guest_ticket',
    ...email,
    replyTo: user.role === 'admin' ? undefined : user.email,
    secrets: { [ticketSecretKey(1)]: signed },
    attachments: [{ filename: 'guest-list-qr.png', contentType: 'image/png', contentId: TICKET_QR_CONTENT_ID, qrOfSecret: ticketSecretKey(1) }],
  };
}
