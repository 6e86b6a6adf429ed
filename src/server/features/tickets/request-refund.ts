import { refundRequestSchema } from '../../../core/schemas/ticket-page.ts';
import {
  REFUND_REQUEST_ALREADY_OPEN,
  REFUND_REQUEST_LIMITED,
  REFUND_REQUEST_NOT_VALID_TICKET,
  REFUND_REQUESTS_PER_ADDRESS_PER_DAY,
  REFUND_REQUESTS_PER_TICKET_PER_DAY,
} from '../../../core/ticket-page.ts';
import { eq, sql } from 'drizzle-orm';
import { gigs, orders, refundRequests, regions, tickets, waitlistReturns } from '../../db/schema.ts';
import { CANT_GO_REASONS } from '../../../core/cant-go.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { ticketFromToken } from './get-ticket-page.ts';
import { findShowOfGig } from '../../db/show-of-gig.ts';
import { refundRequestPath, refundRequestReceivedEmail } from '../../mail/emails/refund-request-received.ts';
import { refundPreview } from './refund-preview.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * 'Ask for a refund' on the ticket page (decision 46): the holder gives a reason, and the gig's
 * organiser answers on their dashboard. Only a ticket that still admits can be asked about, and a
 * ticket has at most one open request (a partial unique index, so two at once make one). After a
 * decline the holder may ask again, a few times a day. The gig's organiser is e-mailed the request
 * with a link to it (issue 34). As the 'Can't go?' panel says, a ticket offered to the waitlist
 * is kept first, and after the show nothing is asked for.
 */
export async function requestRefund(services: Pick<Services, 'db' | 'ticketLinkKey' | 'isRateLimitEnabled' | 'mailer' | 'env'>, token: string, rawInput: unknown, { ipAddress }: { ipAddress: string | null }) {
  const show = await ticketFromToken(services, token);
  const { reason } = parseInput(refundRequestSchema, rawInput);
  if (show.status !== 'valid') throw new AppError('CONFLICT', REFUND_REQUEST_NOT_VALID_TICKET);
  if (ipAddress) await limitHits(services, `refund-request-ip:${ipAddress}`, { windowMs: DAY_MS, max: REFUND_REQUESTS_PER_ADDRESS_PER_DAY, message: REFUND_REQUEST_LIMITED });
  await limitHits(services, `refund-request:${show.ticketId}`, { windowMs: DAY_MS, max: REFUND_REQUESTS_PER_TICKET_PER_DAY, message: REFUND_REQUEST_LIMITED });
  return services.db.transaction(async (tx) => {
    // The ticket's row is locked and read again (issue 33): a transfer at this moment either lands
    // first (the request is refused) or waits and then sees this request (the transfer is refused),
    // so no request is left open on a ticket that moved on.
    const [ticket] = await tx
      .select({
        status: tickets.status,
        gigId: tickets.gigId,
        holderEmail: tickets.holderEmail,
        faceCents: tickets.faceCents,
        feeCents: tickets.feeCents,
        transferredFromId: tickets.transferredFromId,
        buyerEmail: orders.buyerEmail,
        isPast: sql<boolean>`${gigs.localDate} < (now() at time zone ${regions.timeZone})::date`,
        isListedForWaitlist: sql<boolean>`exists (select 1 from ${waitlistReturns} where ${waitlistReturns.ticketId} = ${tickets.id} and ${waitlistReturns.status} = 'listed')`,
      })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .innerJoin(gigs, eq(gigs.id, tickets.gigId))
      .innerJoin(regions, eq(regions.slug, gigs.regionSlug))
      .where(eq(tickets.id, show.ticketId))
      .for('update', { of: tickets });
    if (ticket?.status !== 'valid') throw new AppError('CONFLICT', REFUND_REQUEST_NOT_VALID_TICKET);
    // What the 'Can't go?' panel says (issue 34, item 4): not after the show, and not while the ticket is offered to the waitlist
    // (someone there may be paying for it now; returnTicket takes the same row lock, so the two never both happen).
    if (ticket.isPast) throw new AppError('CONFLICT', CANT_GO_REASONS.past);
    if (ticket.isListedForWaitlist) throw new AppError('CONFLICT', CANT_GO_REASONS.returnListed);
    const [request] = await tx.insert(refundRequests).values({ ticketId: show.ticketId, reason }).onConflictDoNothing().returning({ id: refundRequests.id, status: refundRequests.status, createdAt: refundRequests.createdAt });
    if (!request) throw new AppError('CONFLICT', REFUND_REQUEST_ALREADY_OPEN);
    // Issue 34: the organiser hears at once, with a link to the request and what approving would give back to whom.
    const gig = (await findShowOfGig(tx, ticket.gigId))!;
    const mail = await refundRequestReceivedEmail({
      showName: gig.showName,
      venueName: gig.venueName,
      when: gig.when,
      holderEmail: ticket.holderEmail,
      reason,
      refundText: refundPreview(ticket).text,
      requestUrl: `${services.env.PUBLIC_URL}${refundRequestPath(request.id)}`,
    });
    await services.mailer.send({ to: gig.organiserEmail, kind: 'refund_request_received', ...mail }, tx);
    return { refundRequest: { status: request.status, createdAt: request.createdAt } };
  });
}
