import { and, count, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { GIG_CANCELLED_REFUSAL } from '../../../core/schemas/holders.ts';
import { joinWaitlistSchema, WAITLIST_MESSAGES, type WaitlistEntryView } from '../../../core/schemas/waitlist.ts';
import type { DbOrTx } from '../../db/client.ts';
import { waitlistEntries } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import { parseInput } from '../../http/validate.ts';
import { waitlistConfirmationEmail } from '../../mail/emails/waitlist-confirmation.ts';
import type { Services } from '../../services.ts';
import { getTicketOffer } from '../discovery/get-ticket-offer.ts';
import { declineOpenOffer } from './waitlist-offers.ts';
import { describeWhen, findWaitlistShow, hashSecret, newSecret } from './waitlist-show.ts';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** Joins one client address may ask for in an hour, whatever the gig. */
export const JOINS_PER_ADDRESS_PER_HOUR = 10;
/** Unconfirmed waitlist e-mails one inbox may have from the last day: nobody can make Marquee flood an inbox. */
const PENDING_CONFIRMATIONS_PER_EMAIL = 3;

type JoinServices = Pick<Services, 'db' | 'mailer' | 'env' | 'isRateLimitEnabled'>;

/**
 * Joins a sold-out gig's waitlist (decision 50), with double opt-in: the entry is recorded and a
 * confirmation e-mail goes out; it is offered anything only once its link is opened. Refused,
 * changing nothing: a gig whose tickets are on sale, an address already on the list (confirmed, or
 * asked in the last day), and an inbox with several confirmations pending. Someone who left (or
 * bought) joins again at the end of the line. The entry is unique per gig and address, so two
 * joins at once record one.
 */
export async function joinWaitlist(services: JoinServices, rawInput: unknown, requestIp: string | null, now = new Date()): Promise<{ message: string }> {
  const { gigId, email } = parseInput(joinWaitlistSchema, rawInput);
  const { db, mailer, env } = services;
  if (requestIp) await limitHits(services, `waitlist-join:${requestIp}`, { windowMs: HOUR_MS, max: JOINS_PER_ADDRESS_PER_HOUR, message: WAITLIST_MESSAGES.tooManyRequests });
  const answer = await getTicketOffer(db, gigId);
  if ('cancelled' in answer) throw new AppError('CONFLICT', GIG_CANCELLED_REFUSAL);
  const offer = answer.tickets;
  const isSoldOut = offer.hasWaitlist || offer.left === 0 || (offer.types.length > 0 && offer.types.every((type) => type.status === 'sold_out'));
  if (!isSoldOut) throw new AppError('CONFLICT', WAITLIST_MESSAGES.stillOnSale);
  const show = (await findWaitlistShow(db, gigId))!;

  return db.transaction(async (tx) => {
    const sameEntry = and(eq(waitlistEntries.gigId, gigId), eq(sql`lower(${waitlistEntries.email})`, email));
    const [existing] = await tx.select().from(waitlistEntries).where(sameEntry);
    if (existing && (existing.status === 'waiting' || existing.status === 'offered')) {
      if (existing.confirmedAt) throw new AppError('CONFLICT', WAITLIST_MESSAGES.alreadyWaiting);
      if (existing.confirmationSentAt > new Date(now.getTime() - DAY_MS)) throw new AppError('CONFLICT', WAITLIST_MESSAGES.alreadyAsked);
    }
    const [pending] = await tx
      .select({ n: count() })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.email, email), isNull(waitlistEntries.confirmedAt), eq(waitlistEntries.status, 'waiting'), gt(waitlistEntries.confirmationSentAt, new Date(now.getTime() - DAY_MS))));
    if ((pending?.n ?? 0) >= PENDING_CONFIRMATIONS_PER_EMAIL) throw new AppError('RATE_LIMITED', WAITLIST_MESSAGES.tooManyForAddress);

    const token = newSecret();
    const fresh = { status: 'waiting' as const, joinedAt: now, confirmedAt: null, tokenHash: hashSecret(token), confirmationSentAt: now, requestIp };
    // Each write is conditional on what was read, so of two joins at once one records and the other is told.
    const [entry] = existing
      ? await tx
          .update(waitlistEntries)
          .set(fresh)
          .where(
            and(
              eq(waitlistEntries.id, existing.id),
              or(inArray(waitlistEntries.status, ['left', 'bought']), and(isNull(waitlistEntries.confirmedAt), lte(waitlistEntries.confirmationSentAt, new Date(now.getTime() - DAY_MS)))),
            ),
          )
          .returning({ id: waitlistEntries.id })
      : await tx.insert(waitlistEntries).values({ gigId, email, ...fresh }).onConflictDoNothing().returning({ id: waitlistEntries.id });
    if (!entry) throw new AppError('CONFLICT', WAITLIST_MESSAGES.alreadyAsked);
    const link = (page: string) => `${env.PUBLIC_URL}/waitlist/${page}?token=${encodeURIComponent(token)}`;
    await mailer.send(
      {
        to: email,
        kind: 'waitlist_confirmation',
        ...(await waitlistConfirmationEmail({ showName: show.showName, venueName: show.venueName, when: describeWhen(show), offerHours: env.WAITLIST_OFFER_HOURS })),
        secrets: { link: link('confirm'), leave: link('leave') },
      },
      tx,
    );
    return { message: WAITLIST_MESSAGES.checkInbox };
  });
}

type Entry = typeof waitlistEntries.$inferSelect;

/** An entry as its pages show it, with its place in line while it waits. */
async function viewEntry(db: DbOrTx, entry: Entry): Promise<WaitlistEntryView> {
  const show = (await findWaitlistShow(db, entry.gigId))!;
  let position: number | null = null;
  if (entry.status === 'waiting' && entry.confirmedAt) {
    const [ahead] = await db
      .select({ n: count() })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.gigId, entry.gigId),
          eq(waitlistEntries.status, 'waiting'),
          isNotNull(waitlistEntries.confirmedAt),
          sql`(${waitlistEntries.joinedAt}, ${waitlistEntries.id}) < (${entry.joinedAt}, ${entry.id})`,
        ),
      );
    position = (ahead?.n ?? 0) + 1;
  }
  return { showName: show.showName, venueName: show.venueName, localDate: show.localDate, status: entry.status, position };
}

/** The confirmation e-mail's link: the entry takes its place in line (idempotent). */
export async function confirmWaitlistEntry(db: DbOrTx, token: string, now = new Date()): Promise<WaitlistEntryView> {
  const tokenHash = hashSecret(token);
  const [confirmed] = await db
    .update(waitlistEntries)
    .set({ confirmedAt: now })
    .where(and(eq(waitlistEntries.tokenHash, tokenHash), isNull(waitlistEntries.confirmedAt), eq(waitlistEntries.status, 'waiting')))
    .returning();
  const entry = confirmed ?? (await db.select().from(waitlistEntries).where(eq(waitlistEntries.tokenHash, tokenHash)))[0];
  if (!entry) throw new AppError('NOT_FOUND', WAITLIST_MESSAGES.invalidLink);
  if (entry.status === 'left') throw new AppError('CONFLICT', WAITLIST_MESSAGES.leftAlready);
  return viewEntry(db, entry);
}

/**
 * 'Leave the waitlist' (the confirmation e-mail's other link): the entry leaves the line, and an
 * offer it holds is passed on. Idempotent.
 */
export async function leaveWaitlist(db: DbOrTx, token: string, now = new Date()): Promise<WaitlistEntryView> {
  return db.transaction(async (tx) => {
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.tokenHash, hashSecret(token))).for('update');
    if (!entry) throw new AppError('NOT_FOUND', WAITLIST_MESSAGES.invalidLink);
    if (entry.status === 'offered') await declineOpenOffer(tx, entry.id, now);
    if (entry.status === 'waiting' || entry.status === 'offered') {
      await tx.update(waitlistEntries).set({ status: 'left' }).where(eq(waitlistEntries.id, entry.id));
      return viewEntry(tx, { ...entry, status: 'left' });
    }
    return viewEntry(tx, entry);
  });
}
