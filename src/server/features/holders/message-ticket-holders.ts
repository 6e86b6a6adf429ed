import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  HOLDER_MESSAGE_LIMIT_MESSAGE,
  HOLDER_MESSAGES_PER_GIG_PER_DAY,
  holderMessageSchema,
  NO_HOLDERS_MESSAGE,
} from '../../../core/schemas/holders.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, holderDeliveries, holderMessages, regions, tickets } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { QUEUES, stopIfStopping } from '../../jobs/job-queue.ts';
import type { Services } from '../../services.ts';
import { claimDelivery, countHolders, findGigShow, findManagedGig, holderAddress, isHeld, notYetMailed } from './gig-holders.ts';
import { holderMessageEmail } from '../../mail/emails/holder-emails.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Past the per-gig cap, an account's own limit on the route (a few gigs' worth an hour). */
const MESSAGE_REQUESTS_PER_HOUR = 10;
const BATCH = 200;

/** Why a gig's holders can no longer be written to or the gig cancelled, or null. */
export async function closedReason(db: DbOrTx, gig: { id: string; cancelledAt: Date | null; localDate: string; regionSlug: string }): Promise<string | null> {
  if (gig.cancelledAt) return 'This gig was cancelled: its ticket holders have been told.';
  const [region] = await db.select({ today: sql<string>`(now() at time zone ${regions.timeZone})::date::text` }).from(regions).where(eq(regions.slug, gig.regionSlug));
  if (region && gig.localDate < region.today) return 'This gig has already happened.';
  return null;
}

const sentMessage = (holderCount: number) => `Your message is on its way to ${holderCount} ticket holder${holderCount === 1 ? '' : 's'}.`;

/**
 * 'Message ticket holders' (decision 49): the gig's organiser or an admin writes to every address
 * holding a valid or used ticket. The message is recorded (the log organisers and admins read, and
 * the audit log) and the job writes one e-mail per address. A gig's holders get at most
 * HOLDER_MESSAGES_PER_GIG_PER_DAY messages in any 24 hours, counted from the log under a lock on
 * the gig, so two authors at once cannot pass the cap. The form's request id is the message's key:
 * a double click or a retry records it once, and is not counted again.
 */
export async function messageTicketHolders(services: Pick<Services, 'db' | 'jobs' | 'isRateLimitEnabled'>, sessionUser: SessionUser, gigId: string, rawInput: unknown) {
  const { db, jobs } = services;
  const input = parseInput(holderMessageSchema, rawInput);
  const gig = await findManagedGig(db, sessionUser, gigId);
  const [earlier] = await db.select().from(holderMessages).where(eq(holderMessages.id, input.requestId));
  if (earlier) {
    if (earlier.gigId !== gig.id || earlier.authorId !== sessionUser.id) throw new AppError('CONFLICT', 'Please try again.');
    return { message: sentMessage((await countHolders(db, gig.id)).holderCount) };
  }
  const closed = await closedReason(db, gig);
  if (closed) throw new AppError('CONFLICT', closed);
  const { holderCount, ticketCount } = await countHolders(db, gig.id);
  if (holderCount === 0) throw new AppError('VALIDATION', NO_HOLDERS_MESSAGE);
  await limitHits(services, `holder-messages:${sessionUser.id}`, {
    windowMs: HOUR_MS,
    max: MESSAGE_REQUESTS_PER_HOUR,
    message: 'Too many messages in a short time. Please try again in an hour.',
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`holder-messages:${gig.id}`}, 0))`);
    const [today] = await tx
      .select({ n: count() })
      .from(holderMessages)
      .where(and(eq(holderMessages.gigId, gig.id), gt(holderMessages.createdAt, sql`now() - interval '24 hours'`)));
    if ((today?.n ?? 0) >= HOLDER_MESSAGES_PER_GIG_PER_DAY) throw new AppError('RATE_LIMITED', HOLDER_MESSAGE_LIMIT_MESSAGE);
    const isFromAdmin = sessionUser.role === 'admin';
    await tx.insert(holderMessages).values({ id: input.requestId, gigId: gig.id, authorId: sessionUser.id, isFromAdmin, subject: input.subject, body: input.message });
    await tx.insert(auditLog).values({
      actorId: sessionUser.id,
      action: 'gig.holders_messaged',
      targetId: gig.id,
      details: { messageId: input.requestId, subject: input.subject, holderCount, ticketCount, isFromAdmin },
    });
  });
  // The record is the truth; this only wakes the sender sooner (its sweep runs every minute).
  await jobs?.send(QUEUES.sendHolderMessages).catch(() => undefined);
  return { message: sentMessage(holderCount) };
}

type Deps = Pick<Services, 'db' | 'mailer' | 'env'> & Partial<Pick<Services, 'stopping'>>;

/**
 * Writes every recorded message's e-mails: one per holder address, each queued in the transaction
 * that records its delivery (holder_deliveries), 200 to a transaction, so two workers at once, a
 * retry or a restart mid-way never send an address the same message twice. A message is marked
 * sent, with how many addresses it reached, once no address is left. Returns the e-mails written.
 */
export async function sendHolderMessages({ db, mailer, env, stopping }: Deps): Promise<number> {
  let written = 0;
  for (;;) {
    const [message] = await db.select().from(holderMessages).where(isNull(holderMessages.sentAt)).orderBy(asc(holderMessages.createdAt)).limit(1);
    if (!message) return written;
    const show = await findGigShow(db, message.gigId);
    const from = message.isFromAdmin ? 'Marquee' : show.organiserName;
    const replyTo = message.isFromAdmin ? env.SUPPORT_EMAIL : show.organiserEmail;
    for (;;) {
      stopIfStopping(stopping); // stopping: the rest is left for the next run
      const batch = await db.transaction(async (tx) => {
        const holders = await tx
          .select({ email: holderAddress, ticketCount: sql<number>`count(*)::int` })
          .from(tickets)
          .where(and(eq(tickets.gigId, message.gigId), isHeld, notYetMailed(tx, 'message', message.id)))
          .groupBy(holderAddress)
          .orderBy(holderAddress)
          .limit(BATCH);
        for (const holder of holders) {
          if (!(await claimDelivery(tx, 'message', message.id, holder.email))) continue; // another worker has it
          const mail = await holderMessageEmail({ show, subject: message.subject, message: message.body, from, ticketCount: holder.ticketCount });
          await mailer.send({ to: holder.email, kind: 'holder_message', replyTo, ...mail }, tx);
          written++;
        }
        return holders.length;
      });
      if (batch < BATCH) break;
    }
    await db
      .update(holderMessages)
      .set({
        sentAt: sql`now()`,
        recipientCount: sql`(select count(*)::int from ${holderDeliveries} where ${holderDeliveries.kind} = 'message' and ${holderDeliveries.ref} = ${message.id})`,
      })
      .where(and(eq(holderMessages.id, message.id), isNull(holderMessages.sentAt)));
  }
}
