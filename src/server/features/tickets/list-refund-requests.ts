import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { showName } from '../../db/gig-show.ts';
import { bandProfiles, gigs, managedArtists, orders, refundRequests, tickets, venueProfiles } from '../../db/schema.ts';
import type { SessionUser } from '../../http/session.ts';
import { AppError } from '../../http/app-error.ts';
import { refundPreview } from './refund-preview.ts';

const LIST_LIMIT = 100;

/** D10: whoever organises a gig (its promoter, else its venue) answers refund requests for it; admins answer any. */
export const organisedBy = (user: SessionUser) => (user.role === 'admin' ? undefined : eq(sql`coalesce(${gigs.promoterId}, ${gigs.venueId})`, user.id));

/**
 * The open refund requests an organiser (or an admin) is to answer (decision 46), oldest first:
 * who asks, why, for which show, and what a refund gives back to whom (issue 34).
 */
export async function listRefundRequests(db: Db, user: SessionUser) {
  if (!['venue', 'promoter', 'admin'].includes(user.role)) throw new AppError('FORBIDDEN', 'Only organisers answer refund requests.');
  const requests = await db
    .select({
      id: refundRequests.id,
      reason: refundRequests.reason,
      createdAt: refundRequests.createdAt,
      holderEmail: tickets.holderEmail,
      ticketStatus: tickets.status,
      faceCents: tickets.faceCents,
      feeCents: tickets.feeCents,
      transferredFromId: tickets.transferredFromId,
      buyerEmail: orders.buyerEmail,
      gigId: gigs.id,
      localDate: gigs.localDate,
      startTime: gigs.startTime,
      venueName: venueProfiles.name,
      bandName: showName,
    })
    .from(refundRequests)
    .innerJoin(tickets, eq(tickets.id, refundRequests.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(gigs, eq(gigs.id, tickets.gigId))
    .innerJoin(venueProfiles, eq(venueProfiles.userId, gigs.venueId))
    .leftJoin(bandProfiles, eq(bandProfiles.userId, gigs.bandId))
    .leftJoin(managedArtists, eq(managedArtists.id, gigs.managedArtistId))
    .where(and(eq(refundRequests.status, 'open'), organisedBy(user)))
    .orderBy(asc(refundRequests.createdAt))
    .limit(LIST_LIMIT);
  // Issue 34: what approving gives back and to whom, from the same function the approval's e-mail uses.
  return {
    requests: requests.map(({ faceCents, feeCents, transferredFromId, buyerEmail, ...request }) => {
      const refund = refundPreview({ faceCents, feeCents, transferredFromId, holderEmail: request.holderEmail, buyerEmail });
      return { ...request, amountCents: refund.amountCents, refund };
    }),
  };
}
