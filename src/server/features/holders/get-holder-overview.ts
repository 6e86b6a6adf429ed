import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { HOLDER_MESSAGES_PER_GIG_PER_DAY, type GigHolderOverview } from '../../../core/schemas/holders.ts';
import type { Db } from '../../db/client.ts';
import { gigCancellations, holderMessages, refunds, tickets, user } from '../../db/schema.ts';
import type { SessionUser } from '../../http/session.ts';
import { countHolders, findManagedGig } from './gig-holders.ts';
import { closedReason } from './message-ticket-holders.ts';

const SHOWN_MESSAGES = 20;

/**
 * What the organiser's gig card and the admin's gig management show about a gig's holders: how
 * many addresses hold how many tickets, the messages sent (newest first) and how many more may go
 * today, and the cancellation with how many of its refunds the provider has still to carry out.
 */
export async function getHolderOverview(db: Db, sessionUser: SessionUser, gigId: string): Promise<GigHolderOverview> {
  const gig = await findManagedGig(db, sessionUser, gigId);
  const [holders, messages, [today], [cancellation], [refundsPending], closed] = await Promise.all([
    countHolders(db, gig.id),
    db
      .select({
        id: holderMessages.id,
        subject: holderMessages.subject,
        body: holderMessages.body,
        isFromAdmin: holderMessages.isFromAdmin,
        authorName: user.name,
        createdAt: holderMessages.createdAt,
        sentAt: holderMessages.sentAt,
        recipientCount: holderMessages.recipientCount,
      })
      .from(holderMessages)
      .leftJoin(user, eq(user.id, holderMessages.authorId))
      .where(eq(holderMessages.gigId, gig.id))
      .orderBy(desc(holderMessages.createdAt))
      .limit(SHOWN_MESSAGES),
    db
      .select({ n: count() })
      .from(holderMessages)
      .where(and(eq(holderMessages.gigId, gig.id), gt(holderMessages.createdAt, sql`now() - interval '24 hours'`))),
    db.select({ reason: gigCancellations.reason, createdAt: gigCancellations.createdAt, settledAt: gigCancellations.settledAt }).from(gigCancellations).where(eq(gigCancellations.gigId, gig.id)),
    db
      .select({ n: count() })
      .from(refunds)
      .innerJoin(tickets, eq(tickets.id, refunds.ticketId))
      .where(and(eq(tickets.gigId, gig.id), eq(refunds.status, 'pending'))),
    closedReason(db, gig),
  ]);
  return {
    ...holders,
    messagesLeftToday: Math.max(0, HOLDER_MESSAGES_PER_GIG_PER_DAY - (today?.n ?? 0)),
    messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null })),
    cancellation: cancellation
      ? { reason: cancellation.reason, createdAt: cancellation.createdAt.toISOString(), settledAt: cancellation.settledAt?.toISOString() ?? null, refundsPending: refundsPending?.n ?? 0 }
      : null,
    closedReason: closed,
  };
}
